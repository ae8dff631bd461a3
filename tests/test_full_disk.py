"""A full disk, for real: the state directory on a small tmpfs. A game whose save does not fit
does not start; a game whose disk fills up says so at each failed save, takes no decision it
could lose, asks again, and goes on when space returns.

Mounting needs root (or CAP_SYS_ADMIN); elsewhere these tests are skipped, and the engine's
behaviour at the port is tested in tests/test_engine.py.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FUNO = ["play", "funocracy", "--players", "3", "--mode", "normal", "--seed", "5", "--text"]


@pytest.fixture
def small_disk(tmp_path):
    """mount(kilobytes): a fresh tmpfs of that size, unmounted after the test."""
    mounted: list[Path] = []

    def mount(kilobytes: int) -> Path:
        point = tmp_path / f"disk{len(mounted)}"
        point.mkdir()
        result = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={kilobytes}k", "tmpfs", str(point)],
            capture_output=True,
        )
        if result.returncode != 0:
            pytest.skip("a small tmpfs cannot be mounted here (root is needed)")
        mounted.append(point)
        return point

    yield mount
    for point in mounted:
        subprocess.run(["umount", "-l", str(point)], check=False)


def fill(disk: Path) -> Path:
    """A file that takes every free byte of the disk."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as out:
        try:
            while out.write(b"\0" * 4096):
                pass
        except OSError:  # ENOSPC: the disk is full
            pass
    return filler


def gm(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gm", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=120,
    )


def test_a_game_whose_save_does_not_fit_does_not_start(small_disk, tmp_path):
    disk = small_disk(64)  # room for a few KB, not for a 20 KB save twice over and a margin
    result = gm(*FUNO, "--state-dir", str(disk / "state"), stdin=b"table\n")
    err = result.stderr.decode()
    assert result.returncode == 2 and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1 and "No space left" in err
    assert result.stdout == b""  # not a word of the game
    assert not list((disk / "state").rglob("*.json"))


def test_the_check_measures_the_games_own_deck(small_disk, tmp_path):
    """gm's deck fits on the disk; a table's deck of 300 KB does not: the check serialises the
    save the game will write, rather than trying a fixed few KB."""
    disk = small_disk(512)
    questions = [f"Who is most likely to answer question number {n} first?" for n in range(5000)]
    deck = tmp_path / "big.toml"
    deck.write_text(f"questions = {json.dumps(questions)}\n", encoding="utf-8")
    who = ["play", "who-the-f", "--players", "5", "--difficulty", "regular", "--seed", "7"]
    state = str(disk / "state")
    big = gm(*who, "--text", "--deck", str(deck), "--state-dir", state, stdin=b"[silence 30]\n")
    assert big.returncode == 2 and b"No space left" in big.stderr, big.stderr
    own = gm(*who, "--text", "--state-dir", state, stdin=b"[silence 30]\n")
    assert own.returncode == 0, own.stderr


class Table:
    """A gm process typed to through a pipe, its console lines read as they come."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gm", *args],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.said: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for raw in self.process.stdout:
            self.lines.put(raw.decode("utf-8", "replace").rstrip("\n"))

    def type(self, line: str) -> None:
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def wait_for(self, text: str, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                continue
            self.said.append(line)
            if text in line:
                return
        raise AssertionError(f"gm never said {text!r}; it said {self.said[-5:]}")

    def finish(self) -> tuple[int, str]:
        self.process.stdin.close()
        self.process.wait(timeout=120)
        return self.process.returncode, self.process.stderr.read().decode()


def test_a_game_that_loses_its_disk_says_so_each_time_and_waits_for_space(small_disk):
    disk = small_disk(1024)
    current = disk / "state" / "funocracy" / "current.json"
    table = Table(*FUNO, "--state-dir", str(disk / "state"))
    try:
        table.wait_for("Player one starts")
        table.type("table")  # an answer for T
        table.wait_for("Say meh to challenge it")
        saved = len(json.loads(current.read_text())["answers"])
        filler = fill(disk)
        for _ in range(2):
            table.type("[silence 5]")  # no challenge in its 4 s: the answer stands, unsaved
            table.wait_for("I can't save the game")
            table.wait_for("Say meh to challenge it")  # asked again
            assert len(json.loads(current.read_text())["answers"]) == saved  # nothing lost
        filler.unlink()  # space returns
        table.type("[silence 5]")
        table.wait_for("The game is saved again")
    finally:
        status, err = table.finish()
    assert status == 0, err
    assert sum("I can't save the game" in line for line in table.said) == 2
    answers = json.loads(current.read_text())["answers"]
    assert len(answers) == saved + 1  # the decision taken once it could be kept, and only once


def test_a_wav_written_onto_a_full_disk_is_one_sentence(small_disk, tmp_path):
    """--speak-to on a disk with no room left (what /dev/full once stood in for)."""
    disk = small_disk(64)
    fill(disk)
    result = gm(
        *FUNO,
        "--speak-to",
        str(disk / "gm.wav"),
        "--state-dir",
        str(tmp_path / "state"),
        stdin=b"table\n",
    )
    err = result.stderr.decode()
    assert result.returncode == 2 and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1 and "No space left" in err, err
