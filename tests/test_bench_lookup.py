"""scripts/bench_lookup.py: a model alone on a corpus's clips, its transcript looked up."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

from gm.speech.audio import write_wav
from gm.speech.synth import silence, synthesize

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "bench_lookup.py"


def corpus(folder: Path, clips: list[tuple[str, str, int]]) -> Path:
    """A corpus of espeak-ng clips: (set, phrase, rate) each, written as make_corpus writes one."""
    rows = []
    (folder / "clips").mkdir(parents=True)
    for index, (name, phrase, rate) in enumerate(clips):
        audio = silence(0.3) + synthesize(phrase, "en-us", 150) + silence(0.3)
        path = f"clips/{index}.wav"
        write_wav(folder / path, audio, rate)  # a rate not 16 kHz: its header says so
        rows.append(
            {"path": path, "snr": None, "noise": None, "set": name, "expected": phrase}
            | {"source": "espeak", "seconds": len(audio) / 32000}
        )
    (folder / "manifest.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return folder


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300
    )


def test_tiny_en_alone_is_counted_by_condition(tmp_path):
    made = corpus(
        tmp_path,
        [("commands", "next question", 16000), ("commands", "what's the score", 16000)]
        + [("numbers", "seven", 16000)],  # another set: left out
    )
    done = run(str(made), "--sets", "commands", "--models", "tiny")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "| model alone | clean | median s a clip |"
    cells = lines[2].split(" | ")
    assert cells[0] == "| tiny" and cells[1] in ("1 of 2", "2 of 2")  # Whisper hears these


def test_what_it_cannot_measure_is_one_sentence_and_status_2(tmp_path):
    done = run(str(tmp_path), "--models", "tiny")
    assert done.returncode == 2 and "has no manifest.jsonl" in done.stderr
    made = corpus(tmp_path / "low", [("commands", "undo", 8000)])
    done = run(str(made), "--models", "tiny")
    assert done.returncode == 2
    assert done.stderr.strip().endswith("bench_lookup: clips/0.wav is not 16 kHz.")
    assert "Traceback" not in done.stderr
    if importlib.util.find_spec("moonshine_cpp") is None:
        done = run(str(made), "--models", "moonshine")
        assert done.returncode == 2 and "pip install moonshine-cpp" in done.stderr
