"""scripts/bootstrap.sh, which ./scripts/play and ./scripts/test share: one stamp, so the one after
the other installs nothing, and pip's output shown only when the install fails.

The scripts run for real in a copy of the checkout; the .venv's python is a stand-in that logs
what pip was asked and prints a warning box as setuptools does (a real install takes minutes and
the network).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIP = """#!/bin/sh
echo "$@" >> "$(dirname "$0")/../pip.log"
echo "********************************************************" >&2
echo "        !! setuptools: a warning box !!" >&2
exit "${FAIL:-0}"
"""


def checkout(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "bootstrap.sh", tmp_path / "scripts")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'gm'\n")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(PIP)
    python.chmod(0o755)
    return tmp_path


def bootstrap(root: Path, extras: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", "-c", f"source scripts/bootstrap.sh {extras}"],
        cwd=root,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHON": sys.executable, **env},
        timeout=60,
    )


def installs(root: Path) -> list[str]:
    log = root / ".venv" / "pip.log"
    lines = log.read_text().splitlines() if log.exists() else []
    return [line for line in lines if " -e " in line]


def test_play_after_test_installs_nothing_and_shows_no_warning_box(tmp_path):
    root = checkout(tmp_path)
    first = bootstrap(root, "test")
    assert first.returncode == 0, first.stderr
    assert installs(root) == ["-m pip install -q -e .[test]"]
    assert "warning box" not in first.stderr and "*****" not in first.stderr
    second = bootstrap(root, "none")  # ./scripts/play after ./scripts/test
    assert second.returncode == 0 and second.stderr == "", second.stderr
    assert len(installs(root)) == 1


def test_test_after_play_installs_the_test_extras_and_a_newer_pyproject_installs_again(tmp_path):
    root = checkout(tmp_path)
    assert bootstrap(root, "none").returncode == 0
    assert bootstrap(root, "test").returncode == 0
    assert installs(root) == ["-m pip install -q -e .", "-m pip install -q -e .[test]"]
    later = time.time() + 5
    os.utime(root / "pyproject.toml", (later, later))
    assert bootstrap(root, "none").returncode == 0
    assert installs(root)[-1] == "-m pip install -q -e .[test]"  # the extras stay installed


def test_a_failed_install_shows_what_pip_said(tmp_path):
    root = checkout(tmp_path)
    failed = bootstrap(root, "none", FAIL="1")
    assert failed.returncode == 1
    assert "warning box" in failed.stderr and "Installing gm failed" in failed.stderr
    assert not (root / ".venv" / ".gm-installed").exists()


def test_play_without_a_microphone_plays_the_demo_without_the_games_own_options(tmp_path):
    """./scripts/play GAME OPTIONS with no microphone: the demo, which deals its own table, without
    --players and the like (it refused them), saying which it left out; --text or --wav need no
    microphone and play the game itself. (gm and the microphone check are stand-ins.)"""
    root = checkout(tmp_path)
    shutil.copy(ROOT / "scripts" / "play", root / "scripts")
    python = root / ".venv" / "bin" / "python"
    python.write_text(
        '#!/bin/sh\nif [ "$2" = gm.speech.audio ]; then exit "${MIC:-1}"; fi\n'
        # the game's name is checked by gm's own code
        f'if [ "$2" = gm.games ]; then cd {ROOT} && exec "$PYTHON" "$@"; fi\n'
        # and so are the options the demo leaves out (gm.cli.check_play)
        f'if [ "$1" = -c ]; then cd {ROOT} && exec "$PYTHON" "$@"; fi\n' + PIP.split("\n", 1)[1]
    )
    gm = root / ".venv" / "bin" / "gm"
    gm.write_text('#!/bin/sh\necho "gm $*" >> "$(dirname "$0")/../gm.log"\n')
    gm.chmod(0o755)

    def run(*args: str, **env: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["bash", "scripts/play", *args],
            cwd=root,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHON": sys.executable, **env},
            timeout=60,
        )

    def play(*args: str, **env: str) -> tuple[str, str]:
        done = run(*args, **env)
        assert done.returncode == 0, done.stderr
        return (root / ".venv" / "gm.log").read_text().splitlines()[-1], done.stderr

    ran, said = play("funocracy", "--players", "4", "--mode=normal", "--seed", "3")
    assert ran == "gm demo funocracy --players 4 --seed 3"  # the demo's table takes a size
    assert "leaves out --mode=normal;" in said
    assert "./scripts/play funocracy --text --mode=normal" in said
    ran, said = play("who-the-f", "--seed", "2")
    assert ran == "gm demo who-the-f --seed 2" and "leaves out" not in said
    assert play("funocracy", "--players", "4", "--text")[0] == (
        "gm play funocracy --players 4 --text"
    )
    assert play("funocracy", "--players", "4", MIC="0")[0] == "gm play funocracy --players 4"
    assert play("funocrasy")[0] == "gm demo funocracy"  # the name as gm reads it
    helped = run("--help")  # the script's own usage, which names gm play's
    assert helped.returncode == 0 and helped.stdout.startswith("usage: ./scripts/play GAME")
    assert ".venv/bin/gm play --help" in helped.stdout
    # options the demo leaves out are checked before they are suggested with --text
    wrong = run("who-the-f", "--mode", "open")
    assert wrong.returncode == 2 and "No microphone" not in wrong.stderr
    assert wrong.stderr == (
        "gm: --mode is an option of funocracy and what-the-fake, not of who-the-f; "
        "see 'gm play --help'.\n"
    )
    unknown = run("nosuch")  # refused before a demo of it is announced
    assert unknown.returncode == 2
    assert unknown.stderr == (
        "gm: There is no game called 'nosuch'; gm knows who-the-f, funocracy, what-the-fake.\n"
    )
