#!/usr/bin/env python3
"""Commands in steady noise, said by espeak-ng's voices or by gm's Piper voice, over several runs.

    bench_steady.py [--asr whisper,sphinx] [--command-voice espeak,piper] [--noise babble]
                    [--snr 20,10] [--runs 3] [--mode gm] [--enhance NAME] [--out FILE]

The steady test of scripts/bench.py alone (benchlib.measure.steady_noise: 8 commands, 3 voices,
2 speeds, each said after 3 s of the noise, and 36 s of the noise alone), with the commands said
by espeak-ng's voices (the bench's) or by Piper's (STEADY_PIPER, each saying varied a little),
into the same noise. Whether gm misses a command in babble because of the babble or because of
the voice saying it is told apart this way: only the voice of the command changes.

The runs are interleaved (run 1 of every recogniser and voice, then run 2...), so a shared
machine's load falls on each alike; the table shows each run and the median. Everything measured
is saved as JSON (--out).
"""

from __future__ import annotations

import argparse
import datetime
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Sequence

from benchlib.common import fmt, load, machine, median, table
from benchlib.measure import (
    COMMAND_VOICES,
    STEADY_NOISES,
    model_name,
    steady_noise,
    whisper_problem,
)
from benchlib.report import title

ASRS = ("whisper", "sphinx")
SPOKEN_BY = {"espeak": "espeak-ng (en-us, en-gb, en-us+f3)", "piper": "Piper joe (3 pitches)"}


def parser() -> argparse.ArgumentParser:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--asr", default="whisper", help="comma-separated: whisper, sphinx")
    options.add_argument(
        "--command-voice",
        default="espeak,piper",
        help="comma-separated: espeak (the bench's voices), piper (gm's voice, varied)",
    )
    options.add_argument(
        "--noise", default="babble", help="comma-separated: babble, music, pink noise"
    )
    options.add_argument("--snr", default="20,10", help="comma-separated levels in dB")
    options.add_argument("--runs", type=int, default=3)
    options.add_argument(
        "--mode",
        choices=("gm", "free", "baseline", "model"),
        default="gm",
        help="gm's pipeline; free: Whisper's closed asks by the transcript, not forced choice; "
        "model: Whisper alone, each clip transcribed whole with the phrases as its prompt and the "
        "phrase found in it by rapidfuzz's partial ratio (no endpointer, forced choice or talk "
        "rule)",
    )
    options.add_argument(
        "--cut",
        action="store_true",
        help="the endpointer bypassed: each command decoded over exactly the audio a decoder "
        "gets of it in a quiet room, the noise in it (what the endpointer loses, by difference)",
    )
    options.add_argument(
        "--enhance",
        metavar="NAME",
        help="a speech suppressor in front of the ear (benchlib.enhance: deepfilternet, "
        "deepfilternet:DB, rnnoise; its wheel installed by hand)",
    )
    options.add_argument("--out", metavar="FILE", help="save every run's figures, JSON")
    options.add_argument(
        "--whisper-model",
        metavar="PATH",
        help="a CTranslate2 Whisper folder (e.g. from `gm models download whisper-base.en`) "
        "instead of the embedded tiny.en",
    )
    return options


def listed(value: str, known: Sequence[str], what: str) -> list[str]:
    """A comma-separated option as a list, every item one of `known`; ValueError with the
    sentence to say otherwise."""
    items = [item.strip() for item in value.split(",") if item.strip()]
    for item in items:
        if item not in known:
            raise ValueError(f"bench_steady: unknown {what} {item!r}; use {', '.join(known)}.")
    if not items:
        raise ValueError(f"bench_steady: no {what} given; use {', '.join(known)}.")
    return items


def report(measured: dict) -> str:
    """The Markdown table of a measurement: per recogniser, voice and condition, the commands
    right in each run and their median, the wrong decisions and those in the noise alone."""
    rows = [
        [
            "recogniser",
            "commands said by",
            "noise",
            "right, each run",
            "right, median",
            "wrong (median)",
            f"decisions in {measured['alone_seconds']:.0f} s of the noise alone (median)",
        ]
    ]
    for asr, voices in measured["results"].items():
        for voice, runs in voices.items():
            for cond in runs[0]:
                cells = [run[cond] for run in runs]
                right = median(c["right"] for c in cells)
                n = cells[0]["n"]
                rows.append(
                    [
                        title(measured, asr),
                        SPOKEN_BY[voice],
                        cond,
                        " / ".join(str(c["right"]) for c in cells),
                        f"{fmt(right)} of {n} ({fmt(100.0 * right / n, 1)}%)",
                        fmt(median(c["wrong"] for c in cells)),
                        "not heard"
                        if "cut" in measured["mode"] or measured["mode"] == "model"
                        else fmt(median(c["alone"] for c in cells)),
                    ]
                )
    return (
        f"Produced by `{measured['command']}` on {measured['started']}, {measured['runs']} "
        f"run(s), {measured['seconds'] / 60:.1f} min, mode {measured['mode']}.\n"
        f"Machine: {measured['machine']}, {fmt(measured['load_end'], 1)} at the end.\n\n"
        + table(rows)
    )


def measure(
    asrs: Sequence[str],
    voices: Sequence[str],
    noises: Sequence[str],
    snrs: Sequence[int],
    runs: int,
    mode: str = "gm",
    first: int = 1,
    **small,
) -> dict[str, dict[str, list[dict]]]:
    """steady_noise's figures for each recogniser and command voice (COMMAND_VOICES), each run in
    turn: {asr: {voice: [run 1's figures, ...]}}; `first`: the number of the first run, as the
    progress on stderr names it. `small`: steady_noise's commands, speeds,
    alone_seconds, for a quicker look (the tests), `cut` (the endpointer bypassed) and
    `enhance` (a suppressor in front of the ear)."""
    began = time.perf_counter()
    results: dict[str, dict[str, list[dict]]] = {a: {v: [] for v in voices} for a in asrs}
    for run in range(runs):
        for asr in asrs:
            for voice in voices:
                results[asr][voice].append(
                    steady_noise(
                        mode,
                        voices=COMMAND_VOICES[voice],
                        snrs=snrs,
                        asr=asr,
                        noises=noises,
                        **small,
                    )
                )
                print(
                    f"bench_steady: run {first + run}, {asr}, {voice} done "
                    f"({time.perf_counter() - began:.0f} s, load {load():.1f})",
                    file=sys.stderr,
                )
    return results


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        asrs = listed(args.asr, ASRS, "recogniser")
        voices = listed(args.command_voice, tuple(COMMAND_VOICES), "command voice")
        noises = listed(args.noise, STEADY_NOISES, "noise")
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    try:
        snrs = [int(level) for level in args.snr.split(",") if level.strip()]
    except ValueError:
        snrs = []
    if not snrs or args.runs < 1:
        print(
            f"bench_steady: --snr wants whole numbers of dB (not {args.snr!r}), --runs at least 1.",
            file=sys.stderr,
        )
        return 2
    if args.mode == "model" and (asrs != ["whisper"] or args.cut):
        print(
            "bench_steady: --mode model measures Whisper alone on the whole clip; use --asr "
            "whisper, without --cut.",
            file=sys.stderr,
        )
        return 2
    enhance = None
    if args.enhance:
        from benchlib.enhance import Missing, enhancer

        try:
            enhance = enhancer(args.enhance)
        except (ValueError, Missing) as error:
            print(f"bench_steady: {error}.", file=sys.stderr)
            return 2
    problem = whisper_problem(args.whisper_model, asrs)
    if problem:
        print(f"bench_steady: {problem}", file=sys.stderr)
        return 2
    command = "scripts/bench_steady.py " + " ".join(
        shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:])
    )
    started, where, began = datetime.datetime.now(), machine(), time.perf_counter()
    results: dict[str, dict[str, list[dict]]] = {a: {v: [] for v in voices} for a in asrs}
    for run in range(args.runs):
        # one run at a time, saved as it comes: on a loaded machine a run can take many minutes
        by_asr = measure(
            asrs,
            voices,
            noises,
            snrs,
            1,
            args.mode,
            run + 1,
            whisper_path=args.whisper_model,
            cut=args.cut,
            enhance=enhance,
        )
        for asr, by_voice in by_asr.items():
            for voice, figures in by_voice.items():
                results[asr][voice] += figures
        cells = results[asrs[0]][voices[0]][0]
        measured = {
            "command": command.strip(),
            "started": f"{started:%Y-%m-%d %H:%M}",
            "whisper_name": model_name("whisper", whisper_path=args.whisper_model),
            "machine": where,
            "load_end": load(),
            "runs": run + 1,
            "mode": args.mode
            + (", cut at the voice" if args.cut else "")
            + (f", through {args.enhance}" if args.enhance else ""),
            "seconds": time.perf_counter() - began,
            "alone_seconds": next(iter(cells.values()))["alone_seconds"],
            "results": results,
        }
        if args.out:
            Path(args.out).write_text(json.dumps(measured, ensure_ascii=False), encoding="utf-8")
    print(report(measured))
    return 0


if __name__ == "__main__":
    sys.exit(main())
