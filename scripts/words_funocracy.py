#!/usr/bin/env python3
"""How many words gm says per letter won in Funocracy, over whole simulated games.

    words.py [--seeds 1-8] [--players 4] [--mode normal|alternative|any] [--show]

Each seed plans a whole game with the game's own simulated table (gm.demo.plan, the table of
`gm demo` and of the end-to-end tests) and plays it through the real dialogue engine from
typed input, as `gm play funocracy --text` does. Every line gm says (every `say` event of the
transcript, set-up, commands and the end included) is counted in words; a letter is won when
a challenge window closes on a standing answer or a vote keeps it, less any undone. The figure
is total words over total letters won, over all the seeds.
"""
from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gm.cli import common_lines  # noqa: E402
from gm.demo import plan  # noqa: E402
from gm.dialog.engine import Engine  # noqa: E402
from gm.dialog.hearing import TextHearing  # noqa: E402
from gm.dialog.transcript import Transcript  # noqa: E402
from gm.games import funocracy  # noqa: E402
from gm.state import Record  # noqa: E402


class Silent:
    """A speaker that says nothing: only the transcript's `say` events are counted."""

    def say(self, text: str) -> float:
        return 0.0

    def tone(self, frequency: float, seconds: float) -> float:
        return seconds

    def play(self, audio: bytes) -> float:
        return 0.0

    def close(self) -> None:
        pass


def letters_won(events: list[dict], game: funocracy.Funocracy) -> int:
    """Decisions that won a letter, as they stand at the end (an undo takes back the last)."""
    winning = {game.lines("stands_decision")} | {game.lines("vote_decision", result=r) for r in ("good", "tie")}
    stack: list[bool] = []
    for event in events:
        if event["type"] != "decision" or event.get("step") == "confirm":
            continue
        if event.get("kind") == "undo":
            if stack:
                stack.pop()
        elif event.get("accepted"):
            stack.append(event["step"] in ("funocracy.challenge", "funocracy.vote") and event["decision"] in winning)
    return sum(stack)


def measure(seed: int, options: dict) -> tuple[int, int, list[str]]:
    """(words gm said, letters won, the lines) for one simulated game."""
    game = funocracy.load()
    script = plan(game, options, seed)
    lines, commands = common_lines()
    transcript = Transcript()
    engine = Engine(game, TextHearing(io.StringIO(script.text())), Silent(), lines, commands, transcript,
                    Record(game.id, options, seed=seed))
    engine.run()
    said = [e["text"] for e in transcript.events if e["type"] == "say"]
    return sum(len(text.split()) for text in said), letters_won(list(transcript.events), game), said


def seeds_of(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-8", help="a seed or a range, e.g. 1-8")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--mode", default="normal", choices=("normal", "alternative", "any"))
    parser.add_argument("--show", action="store_true", help="print every line gm said")
    args = parser.parse_args(argv)
    options: dict = {"players": args.players}
    if args.mode != "any":
        options["mode"] = args.mode
    total_words = total_letters = 0
    for seed in seeds_of(args.seeds):
        words, letters, said = measure(seed, options)
        total_words += words
        total_letters += letters
        print(f"seed {seed}: {words} words, {letters} letters won, {words / max(letters, 1):.1f} words a letter")
        if args.show:
            print("\n".join(f"    {line}" for line in said))
    print(f"all: {total_words} words, {total_letters} letters won, "
          f"{total_words / max(total_letters, 1):.1f} gm words per letter won")
    return 0


if __name__ == "__main__":
    sys.exit(main())
