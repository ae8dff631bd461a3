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
