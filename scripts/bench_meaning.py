#!/usr/bin/env python3
"""What gm understands of sentences written the way a table talks (tests/meaning), typed.

    bench_meaning.py [--part dev|held|both] [--game GAME] [--misses] [--corpus DIR]

Each sentence goes through the engine's reading of an utterance (the ask's phrases, then its
meaning) and, for open answers, the game's own rules, at the ask and in the context the corpus
names. Right: the meaning acted on at once, or after a check that reads it right ("I heard ...
Is that right?"), or a partial answer asked about, or talk left alone. Wrong: another meaning
decided without a check. Prints one Markdown row per game and part, for BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import benchlib.common  # noqa: F401 - this checkout first on sys.path, before gm
from benchlib.meaning import GAMES, ROOT, measure


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("dev", "held", "both"), default="dev")
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--misses", action="store_true", help="list every sentence not right")
    parser.add_argument("--corpus", type=Path, default=ROOT / "tests" / "meaning")
    args = parser.parse_args()
    parts = ("dev", "held") if args.part == "both" else (args.part,)
    print("| game | part | sentences | right | wrong decisions | missed |")
    print("|---|---|---|---|---|---|")
    for game_id in (args.game,) if args.game else GAMES:
        for part in parts:
            result = measure(game_id, part, args.corpus)
            c = result["counts"]
            total = sum(c.values())
            print(
                f"| {game_id} | {part} | {total} | {c['right']} ({100 * c['right'] / total:.0f}%)"
                f" | {c['wrong']} | {c['missed']} |"
            )
            if args.misses and part == "dev":
                for verdict, text, means, got in result["misses"]:
                    print(
                        f"    {verdict:6} {text!r}: wanted {means!r}, got {got.act} {got.value!r}"
                    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
