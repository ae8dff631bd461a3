"""A game saved in a folder of the person's own (--state-dir): every message that says how to carry
it on names that folder, and a demo never writes over a game in it that is not finished."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def gm(*args: str, typed: str = "", home: Path) -> subprocess.CompletedProcess:
    """gm in a subprocess, its usual save folder kept apart (so only --state-dir finds a game)."""
    return subprocess.run(
        [sys.executable, "-m", "gm", *args],
        input=typed,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={
            **{k: v for k, v in os.environ.items() if k != "GM_STATE_DIR"},
            "XDG_STATE_HOME": str(home),
        },
        timeout=300,
    )


def test_quitting_and_the_input_ending_name_the_folder_the_game_is_saved_in(tmp_path):
    folder, home = tmp_path / "saves", tmp_path / "home"
    quit_ = gm(
        "play", "funocracy", "--text", "--state-dir", str(folder),
        typed="four players\nnormal\nquit\nyes\n", home=home,
    )  # fmt: skip
    assert quit_.returncode == 0, quit_.stderr
    command = f"gm resume funocracy --state-dir {folder}"
    assert f"Run {command} to carry on later." in quit_.stdout
    ended = gm("resume", "funocracy", "--text", "--state-dir", str(folder), home=home)
    assert ended.returncode == 0 and "no saved game" not in ended.stderr, ended.stderr
    assert f"'{command}' carries on from here." in ended.stderr
    # without a folder of one's own, the usual words
    plain = gm("play", "funocracy", "--text", typed="four players\nnormal\nquit\nyes\n", home=home)
    assert "Run gm resume to carry on later." in plain.stdout
    assert "'gm resume' carries on" in gm("resume", "funocracy", "--text", home=home).stderr


def test_a_demo_never_writes_over_an_unfinished_game_in_its_folder(tmp_path):
    folder, home = tmp_path / "saves", tmp_path / "home"
    started = gm(
        "play", "who-the-f", "--text", "--state-dir", str(folder),
        typed="five players\nregular\nready\n", home=home,
    )  # fmt: skip
    assert started.returncode == 0, started.stderr
    saved = {p: p.read_bytes() for p in folder.rglob("*.json")}
    assert saved
    demo = gm("demo", "who-the-f", "--console", "--state-dir", str(folder), home=home)
    assert demo.returncode == 2 and "Traceback" not in demo.stderr, demo.stderr
    assert demo.stderr.strip().count("\n") == 0
    assert "holds an unfinished game of who-the-f" in demo.stderr
    assert {p: p.read_bytes() for p in folder.rglob("*.json")} == saved


def test_resuming_a_game_that_was_not_saved_names_the_one_that_was(tmp_path):
    folder, home = tmp_path / "saves", tmp_path / "home"
    gm(
        "play", "who-the-f", "--text", "--state-dir", str(folder),
        typed="five players\nregular\nready\n", home=home,
    )  # fmt: skip
    other = gm("resume", "funocracy", "--text", "--state-dir", str(folder), home=home)
    assert other.returncode == 2 and "Traceback" not in other.stderr, other.stderr
    assert other.stderr.strip() == (
        f"gm: There is no saved game of funocracy, only of who-the-f: "
        f"'gm resume who-the-f --state-dir {folder}' opens the latest."
    )
