#!/usr/bin/env python3
"""Numbers said alone by real people: how many gm hears, beside the model alone.

    bench_digits.py DIR [--per 3] [--seed 6] [--modes gm,free,baseline] [--corpus FOLDER]

DIR is the `recordings` folder of the Free Spoken Digit Dataset
(github.com/Jakobovski/free-spoken-digit-dataset: six speakers, each digit fifty times, 8 kHz
WAV). `--per` recordings of each of the digits one to nine by each speaker are drawn (`--seed`),
and made into a corpus by `make_corpus.py --digits` (clean, and under babble or pink noise at 20,
10 and 5 dB). Each configuration hears every clip at the ask for a number of players (the bench's
"numbers" set, one to twelve) in a process of its own (`bench.py --worker`): `gm` is gm's
pipeline as it plays (closed asks by forced choice), `free` the same with the transcript alone
deciding, `baseline` the model as faster-whisper runs it (no prompt, the transcript looked up
as it is). Counted per condition: right, wrong (a decision for another number), and nothing
decided. Prints a Markdown table. The recordings are 8 kHz, so the sound above 4 kHz that a
microphone hears ("s" of six and seven) is missing: a harder test than a table's microphone.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import make_corpus
from benchlib.common import machine, table  # before gm: this checkout first on sys.path
from benchlib.measure import run_worker

MODES = ("gm", "free", "baseline")
CONDITIONS = ("clean", "20 dB", "10 dB", "5 dB")


def level(clip: dict) -> str:
    """A clip's noise level, babble and pink noise together (benchlib.common.condition tells
    them apart; here there are too few clips a level for that)."""
    return "clean" if clip.get("snr") is None else f"{clip['snr']} dB"


def tally(clips: list[dict]) -> dict[str, Counter]:
    """Right, wrong and nothing of the people's numbers, by condition (off-script clips and the
    corpus's other sets left out)."""
    counts: dict[str, Counter] = {c: Counter() for c in CONDITIONS}
    for clip in clips:
        if clip.get("set") != "numbers" or clip.get("source") != "human" or "right" not in clip:
            continue
        outcome = "right" if clip["right"] else ("wrong" if clip["wrong"] else "nothing")
        counts[level(clip)][outcome] += 1
    return counts


def report(results: dict[str, dict[str, Counter]]) -> str:
    rows = [["heard by", *CONDITIONS, "wrong decisions (clean, 20, 10, 5 dB)"]]
    for mode, counts in results.items():
        cells = []
        for name in CONDITIONS:
            count = counts[name]
            said = sum(count.values())
            cells.append(
                f"{count['right']} of {said} ({100 * count['right'] / said:.0f}%)" if said else "–"
            )
        wrong = [str(counts[name]["wrong"]) for name in CONDITIONS]
        rows.append([mode, *cells, ", ".join(wrong)])
    return table(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("recordings", type=Path, help="the dataset's recordings folder")
    parser.add_argument("--per", type=int, default=3, help="recordings of a digit a speaker")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument(
        "--corpus",
        type=Path,
        help="keep the corpus here, and what each configuration heard, clip by clip, as "
        "heard-MODE.json (default: a temporary folder)",
    )
    parser.add_argument("--whisper-model", help="a CTranslate2 Whisper folder (default: tiny.en)")
    args = parser.parse_args(argv)
    modes = args.modes.split(",")
    if any(m not in MODES for m in modes):
        parser.error(f"--modes: {', '.join(MODES)}")
    if not args.recordings.is_dir():
        parser.error(f"{args.recordings} is no folder")
    print(machine(), file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="bench-digits-") as scratch:
        corpus = args.corpus or Path(scratch) / "corpus"
        make_corpus.main(
            [
                *("--out", str(corpus), "--quick", "--limit", "0", "--seed", str(args.seed)),
                *("--digits", str(args.recordings), "--digits-per", str(args.per)),
            ]
        )
        options = SimpleNamespace(
            corpus=str(corpus),
            limit=None,
            vosk_model=None,
            whisper_model=args.whisper_model,
            sphinx_setting=[],
        )
        results = {
            mode: tally(
                run_worker("whisper", mode, options, corpus / f"heard-{mode}.json")["clips"]
            )
            for mode in modes
        }
    print(report(results))
    print(machine("at the end"), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
