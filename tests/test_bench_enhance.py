"""scripts/benchlib/enhance.py: a speech suppressor in front of the ear, for bench_steady."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
sys.path.insert(0, str(SCRIPTS))

from benchlib import enhance  # noqa: E402

from gm.speech.synth import synthesize  # noqa: E402


def test_the_frames_go_to_48_khz_and_back_whole_and_in_time():
    said = synthesize("next question", "en-us", 150)
    seen: list[int] = []

    def copy(frame: np.ndarray, out: np.ndarray) -> None:
        seen.append(len(frame))
        out[:] = frame

    back = enhance._frames(said, 480, copy)
    assert len(back) == len(said) and set(seen) == {480}
    assert len(seen) * 480 >= len(said) // 2 * 3  # every 16 kHz sample, at 48 kHz
    a, b = (np.frombuffer(x, np.int16).astype(float) for x in (said, back))
    assert np.sqrt(np.mean((a - b) ** 2)) < 0.02 * np.sqrt(np.mean(a**2))  # soxr, no shift


def test_a_suppressor_it_does_not_know_is_refused():
    for name in ("bogus", "deepfilternet:loud", "rnnoise:6"):
        with pytest.raises(ValueError, match="no suppressor"):
            enhance.enhancer(name)


def test_a_missing_wheel_is_one_sentence_and_status_2(monkeypatch):
    monkeypatch.setattr(enhance.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(enhance.Missing, match="pyrnnoise"):
        enhance.enhancer("rnnoise")
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "bench_steady.py"), "--enhance", "bogus", "--runs", "1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == (
        "bench_steady: no suppressor 'bogus'; use deepfilternet, deepfilternet:DB, rnnoise."
    )
