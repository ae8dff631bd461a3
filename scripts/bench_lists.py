#!/usr/bin/env python3
"""How well gm hears a player's drawings named in one breath, beside one at a time.

    bench_lists.py [--asr whisper|sphinx] [--voices piper|espeak] [--cards 12] [--seats 4]

What the Fake asks each player for their three drawings. Three of an EXPO card's typical
drawings (the first cards of the deck, three of each chosen with a fixed seed) are said by each
of the first seats' voices of the simulated table (Piper's or espeak-ng's, as `gm demo` and the
slow tests give them), heard at the names ask as the engine listens there
(gm.dialog.engine.hearing_for) and read as the engine reads them (benchlib.meaning.outcome):

- in one breath, "a cactus, a sombrero and a llama": right when the three names are written
  down, or checked ("I heard ... Is that right?") as said;
- one at a time, "i drew a cactus", then the next: right when all three are.

A wrong list is one written down as other names without a check. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import random
import sys

from benchlib.common import table  # before gm: this checkout first on sys.path
from benchlib.meaning import ask_for, heard, judge, outcome

from gm.cli import common_lines
from gm.content import spoken_list
from gm.demo import ESPEAK_SEATS, PIPER_SEATS, voice_of
from gm.games.what_the_fake.names import DRAWINGS, with_article

SEATS = {"piper": PIPER_SEATS, "espeak": ESPEAK_SEATS}


def recogniser(name: str):
    if name == "sphinx":
        from gm.speech.asr.sphinx import SphinxRecognizer

        return SphinxRecognizer()
    from gm.speech.asr.whisper import WhisperRecognizer

    return WhisperRecognizer(None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--asr", choices=("whisper", "sphinx"), default="whisper")
    parser.add_argument("--voices", choices=tuple(SEATS), default="piper")
    parser.add_argument("--cards", type=int, default=12)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--show", action="store_true", help="print each list not heard right")
    args = parser.parse_args()
    if args.cards < 1 or args.seats < 1:
        print("--cards and --seats must be at least 1.", file=sys.stderr)
        return 2
    from gm.games import find, load

    game = load(find("what_the_fake"))
    rng = random.Random(args.seed)
    cards = [c for c in game.cards if len(c.hints) >= DRAWINGS][: args.cards]
    lists = [rng.sample(list(card.hints), DRAWINGS) + [card] for card in cards]
    recognizer = recogniser(args.asr)
    _, commands = common_lines()
    counts = {"one breath": [0, 0, 0], "one at a time": [0, 0, 0]}  # right, wrong, missed
    verdicts = ("right", "wrong", "missed")
    for *drawn, card in lists:
        context = {"ask": "what_the_fake.names", "hints": list(card.hints)}
        for seat in range(1, args.seats + 1):
            voice = voice_of(seat, SEATS[args.voices])
            g, state, ask = ask_for(context["ask"], dict(context, seat=seat))
            said = spoken_list([with_article(d) for d in drawn])  # "a cat, a dog and a kite"
            final = heard(recognizer, ask, commands, said, voice.voice, voice.speed)
            got = outcome(g, state, ask, final, commands)
            verdict = judge(got, {"names": drawn}, [])
            counts["one breath"][verdicts.index(verdict)] += 1
            if args.show and verdict != "right":
                print(f"{verdict}: seat {seat} said {said!r}, heard {final.text!r}: {got}")
            alone = []
            for k, name in enumerate(drawn):
                g, state, ask = ask_for(context["ask"], dict(context, seat=seat, room=DRAWINGS - k))
                text = f"i drew {with_article(name)}"
                final = heard(recognizer, ask, commands, text, voice.voice, voice.speed)
                got = outcome(g, state, ask, final, commands)
                alone.append(judge(got, {"names": [name]}, []))
                if args.show and alone[-1] != "right":
                    print(f"{alone[-1]}: seat {seat} said {text!r}, heard {final.text!r}: {got}")
            whole = (
                "right" if set(alone) == {"right"} else "wrong" if "wrong" in alone else "missed"
            )
            counts["one at a time"][verdicts.index(whole)] += 1
    total = len(lists) * args.seats
    title = f"{args.asr}, {args.voices} voices ({args.seats} seats, {len(lists)} cards)"
    rows = [(title, "lists right", "wrong", "missed")]
    for way, (right, wrong, missed) in counts.items():
        rows.append(
            (way, f"{right} of {total} ({100 * right / total:.0f}%)", str(wrong), str(missed))
        )
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
