"""Ctrl+C during a game: gm stops within a second and says truly what it saved."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from transcripts import as_a_terminal_starts_it

ROOT = Path(__file__).resolve().parent.parent


class Running:
    """gm in a subprocess, its printed lines read as they come, Ctrl+C sent as a terminal does."""

    def __init__(self, *args: str, state: Path, scratch: Path | None = None) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gm", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={**os.environ, "GM_STATE_DIR": str(state), "TMPDIR": str(scratch or state)},
            preexec_fn=as_a_terminal_starts_it,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line)

    def wait_for(self, needle: str, timeout: float = 120.0) -> None:
        seen = []
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=end - time.monotonic())
            except queue.Empty:
                break
            seen.append(line)
            if needle in line:
                return
        self.process.kill()
        raise AssertionError(f"{needle!r} never printed: {''.join(seen)[-2000:]}")

    def type(self, line: str) -> None:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def interrupt(self) -> tuple[float, str]:
        """Ctrl+C: the seconds gm took to exit, and what it said on stderr."""
        began = time.monotonic()
        self.process.send_signal(signal.SIGINT)
        try:
            _, stderr = self.process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise
        assert self.process.returncode == 130, stderr
        assert "Traceback" not in stderr, stderr
        return time.monotonic() - began, stderr.strip().splitlines()[-1]


def resume(state: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gm", "resume", "funocracy", "--text"],
        input="",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "GM_STATE_DIR": str(state)},
        timeout=120,
    )


def test_ctrl_c_after_a_decision_says_the_game_is_saved_and_resume_carries_on(tmp_path):
    gm = Running("play", "funocracy", "--players", "3", "--text", state=tmp_path)
    gm.wait_for("Normal or alternative?")
    gm.type("normal")
    gm.wait_for("Letters:")
    seconds, said = gm.interrupt()
    assert seconds < 1.0
    assert said == (
        "gm: Stopped; the game is saved up to its last decision, and 'gm resume funocracy' "
        "carries on."
    )
    resumed = resume(tmp_path)
    assert "Welcome back to Funocracy" in resumed.stdout, resumed.stderr
    assert "Letters:" in resumed.stdout


def test_ctrl_c_before_the_first_decision_says_nothing_was_saved(tmp_path):
    gm = Running("play", "funocracy", "--players", "3", "--text", state=tmp_path)
    gm.wait_for("Normal or alternative?")
    seconds, said = gm.interrupt()
    assert seconds < 1.0
    assert said == "gm: Stopped before this game's first decision, so it was not saved."
    assert "no saved game" in resume(tmp_path).stderr


def test_ctrl_c_while_asking_about_an_unfinished_game_keeps_it(tmp_path):
    first = Running("play", "funocracy", "--players", "3", "--text", state=tmp_path)
    first.wait_for("Normal or alternative?")
    first.type("normal")
    first.wait_for("Letters:")
    first.interrupt()
    second = Running("play", "funocracy", "--players", "4", "--text", state=tmp_path)
    second.wait_for("Shall I resume it or start a new one?")
    seconds, said = second.interrupt()
    assert seconds < 1.0
    assert said == (
        "gm: Stopped before this game's first decision, so it was not saved; the unfinished "
        "game is kept, and 'gm resume funocracy' carries it on."
    )
    assert "Welcome back to Funocracy" in resume(tmp_path).stdout


@pytest.mark.slow
def test_ctrl_c_in_the_demo_exits_at_once_and_leaves_no_save(tmp_path):
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    demo = Running("demo", "funocracy", "--console", state=tmp_path / "state", scratch=scratch)
    demo.wait_for("gm heard:", timeout=300)
    seconds, said = demo.interrupt()
    assert seconds < 1.0
    assert said == "gm: Stopped; a demo is never saved."
    assert not (tmp_path / "state").exists()
    assert not list(scratch.glob("gm-*"))
