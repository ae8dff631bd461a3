#!/usr/bin/env python3
"""What gm understands of sentences written the way a table talks (tests/meaning), typed.

    bench_meaning.py [--part dev|held|both] [--game GAME] [--misses] [--corpus DIR]
                     [--voice piper+0.9,piper+1.12 --pace 150,190 [--limit N]]
                     [--whisper-model DIR] [--fixed-delivery]

Each sentence goes through the engine's reading of an utterance (the ask's phrases, then its
meaning) and, for open answers, the game's own rules, at the ask and in the context the corpus
names. Right: the meaning acted on at once, or after a check that reads it right ("I heard ...
Is that right?"), or a partial answer asked about, or talk left alone. Wrong: another meaning
decided without a check. Prints one Markdown row per game and part, for BENCHMARKS.md.

With --voice, each sentence is said by Piper (each voice at each pace; "piper+F" moves its
pitch by F) and heard by Whisper listening as the engine has it listen at that ask, instead of
typed; --whisper-model hears them with another Whisper (models/whisper-base, as `gm models
install whisper-base` writes it) instead of the embedded tiny.en.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import benchlib.common  # noqa: F401 - this checkout first on sys.path, before gm
from benchlib.meaning import GAMES, ROOT, corpus_path, measure


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("dev", "held", "both"), default="dev")
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--misses", action="store_true", help="list every sentence not right")
    parser.add_argument(
        "--by-ask",
        action="store_true",
        help="also count each ask and kind of label (answer, partial, talk, command) apart",
    )
    parser.add_argument("--corpus", type=Path, default=ROOT / "tests" / "meaning")
    parser.add_argument("--voice", help="Piper voices, comma-separated (piper, piper+0.9...)")
    parser.add_argument("--pace", default="160", help="words a minute, comma-separated")
    parser.add_argument("--limit", type=int, default=0, help="at most this many sentences")
    parser.add_argument(
        "--fixed-delivery",
        action="store_true",
        help="with --voice: Piper says each sentence the same way every run (its noise at 0), "
        "to compare two versions of gm on the same audio",
    )
    parser.add_argument(
        "--whisper-model",
        help="with --voice: a CTranslate2 Whisper folder (default: the embedded tiny.en)",
    )
    parser.add_argument(
        "--phrases-only",
        action="store_true",
        help="the asks' phrase lists alone, without their meaning or commands in other words",
    )
    args = parser.parse_args()
    parts = ("dev", "held") if args.part == "both" else (args.part,)
    games = (args.game,) if args.game else GAMES
    paths = [corpus_path(g, p, args.corpus) for g in games for p in parts]
    missing = [path for path in paths if not path.is_file()]
    if missing:  # --corpus names a folder holding dev/GAME.toml and held/GAME.toml
        print(f"bench_meaning: there is no corpus file {missing[0]}.", file=sys.stderr)
        return 2
    ears: list[tuple[str, object]] = [("typed", None)]
    if args.voice:
        from benchlib.meaning import whisper_ear
        from benchlib.measure import whisper_problem

        from gm.speech.asr.whisper import WhisperRecognizer

        problem = whisper_problem(args.whisper_model, ["whisper"])
        if problem:
            print(f"bench_meaning: {problem}", file=sys.stderr)
            return 2
        recognizer = WhisperRecognizer(args.whisper_model)
        try:
            paces = [int(p) for p in args.pace.split(",")]
        except ValueError:
            raise SystemExit(f"bench_meaning: --pace wants numbers, not {args.pace!r}.") from None
        ears = [
            (
                f"{voice} {pace} wpm",
                whisper_ear(voice, pace, recognizer, 0.0 if args.fixed_delivery else 1.0),
            )
            for voice in args.voice.split(",")
            for pace in paces
        ]
    print(
        "| game | part | heard | sentences | right | of them read back first | wrong decisions"
        " | missed |"
    )
    print("|---|---|---|---|---|---|---|---|")
    tallies: dict[tuple[str, str, str], dict] = {}  # (game, part, ear): counts by ask and kind
    for game_id in games:
        for part in parts:
            for name, ear in ears:
                result = measure(game_id, part, args.corpus, ear, args.limit, args.phrases_only)
                tallies[game_id, part, name] = result["by"]
                c = result["counts"]
                total = sum(c.values())
                wrong = str(c["wrong"])
                if result["same_letter"]:
                    wrong += f" ({result['same_letter']} another word for the letter meant)"
                print(
                    f"| {game_id} | {part} | {name} | {total} |"
                    f" {c['right']} ({100 * c['right'] / total:.0f}%) | {result['read_back']} |"
                    f" {wrong} |"
                    f" {c['missed']} |",
                    flush=True,
                )
            if args.misses and part == "dev":
                for verdict, text, means, got in result["misses"]:
                    print(
                        f"    {verdict:6} {text!r}: wanted {means!r}, got {got.act} {got.value!r}"
                    )
    if args.by_ask:
        print_by_ask(tallies, parts, [name for name, _ in ears])
    return 0


def print_by_ask(tallies: dict, parts: tuple[str, ...], ears: list[str]) -> None:
    """One row per ask and kind of label: right of all (wrong decisions) in each part. Counts
    only: no sentence of the held part is shown."""
    columns = [(part, ear) for part in parts for ear in ears]
    names = [f"{part}, {ear}" if len(ears) > 1 else part for part, ear in columns]
    print()
    print("| ask | label | " + " | ".join(names) + " |")
    print("|---|---|" + "---|" * len(columns))
    games = sorted({game for game, _, _ in tallies})
    for game in games:
        rows = sorted({key for (g, _, _), by in tallies.items() if g == game for key in by})
        for ask, kind in rows:
            cells = []
            for part, ear in columns:
                c = tallies.get((game, part, ear), {}).get((ask, kind))
                cells.append(
                    f"{c['right']} of {sum(c.values())} ({c['wrong']})" if c is not None else ""
                )
            print(f"| {ask} | {kind} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    raise SystemExit(main())
