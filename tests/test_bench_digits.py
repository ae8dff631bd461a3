"""scripts/bench_digits.py and make_corpus.py --digits: numbers said by people, drawn from a
folder named as the Free Spoken Digit Dataset names its files, and counted per condition."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import bench_digits  # noqa: E402
import make_corpus  # noqa: E402

from gm.speech.audio import write_wav  # noqa: E402


def test_each_digit_wanted_is_drawn_per_speaker_at_16_khz(tmp_path):
    for digit in (0, 3, 7):
        for speaker in ("ann", "bob"):
            for index in range(4):
                # 0.1 s at 8 kHz, as the dataset records
                write_wav(tmp_path / f"{digit}_{speaker}_{index}.wav", bytes(1600), rate=8000)
    (tmp_path / "notes.wav").write_bytes(b"")  # not a recording of the dataset: left alone
    chosen = make_corpus.digit_recordings(tmp_path, 2, {"three", "seven"}, random.Random(1))
    assert sorted({(name.split("_")[1], word) for name, word, _ in chosen}) == [
        ("ann", "seven"),
        ("ann", "three"),
        ("bob", "seven"),
        ("bob", "three"),
    ]
    assert len(chosen) == 8 and all(len(audio) == 3200 for _, _, audio in chosen)  # 16 kHz
    assert chosen == make_corpus.digit_recordings(tmp_path, 2, {"three", "seven"}, random.Random(1))


def test_a_folder_without_the_datasets_recordings_is_refused(tmp_path):
    with pytest.raises(SystemExit, match="no recording named like"):
        make_corpus.digit_recordings(tmp_path, 2, {"three"}, random.Random(1))


def test_people_numbers_are_counted_by_condition():
    clips = [
        {"set": "numbers", "source": "human", "snr": None, "right": True, "wrong": False},
        {"set": "numbers", "source": "human", "snr": None, "right": False, "wrong": True},
        {"set": "numbers", "source": "human", "snr": 10, "right": False, "wrong": False},
        {"set": "numbers", "source": "espeak", "snr": None, "right": True, "wrong": False},
        {"set": "commands", "source": "human", "snr": None, "expected": None, "decisions": []},
    ]
    counts = bench_digits.tally(clips)
    assert counts["clean"] == {"right": 1, "wrong": 1}
    assert counts["10 dB"] == {"nothing": 1}
    assert "1 of 2 (50%)" in bench_digits.report({"gm": counts})
