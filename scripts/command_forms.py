#!/usr/bin/env python3
"""Which way of saying each command PocketSphinx hears best, said alone.

    command_forms.py [--speeds 130,160,190] [--voices en-us,en-gb,...]

Each phrase of each command a question listens for is said alone by each voice at each speed
(espeak-ng), to a fresh recogniser listening as a question does: the commands beside some of the
games' phrases. A phrase is heard when the engine's reading (`interpret`) takes it as its own
command, wrong when it takes it as something else. Prints one Markdown row per command, for
BENCHMARKS.md; the spoken help names the form heard best (prompts/en/common.toml)."""

from __future__ import annotations

import argparse
import sys

import benchlib.common  # noqa: F401 - this checkout first on sys.path, before gm

from gm.cli import common_lines
from gm.demo import ESPEAK_VOICES as VOICES
from gm.dialog.engine import EngineConfig, interpret, listening_commands
from gm.dialog.intents import Matcher
from gm.speech.asr import recognize
from gm.speech.asr.sphinx import SphinxRecognizer
from gm.speech.base import Final, SpeechError, Vocabulary
from gm.speech.synth import silence, synthesize

# Some of the games' phrases, so that a command competes with answers as it does in play.
ANSWERS = (
    "four votes for number two",
    "unanimous for five",
    "no majority",
    "what the fake",
    "yes",
    "no",
    "b as in bravo",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--speeds", default="130,160,190", help="espeak-ng words a minute, comma-separated"
    )
    parser.add_argument(
        "--voices", default=",".join(VOICES), help="espeak-ng voices, comma-separated"
    )
    args = parser.parse_args(argv)
    try:
        speeds = [int(s) for s in args.speeds.split(",") if s.strip()]
    except ValueError:
        raise SystemExit(
            f"command_forms: --speeds wants numbers, like 130,160,190, not {args.speeds!r}."
        )
    voices = [v.strip() for v in args.voices.split(",") if v.strip()]
    _, commands = common_lines()
    asked = listening_commands(commands)
    matcher = Matcher((), asked)
    vocabulary = Vocabulary(phrases=ANSWERS + matcher.phrases, commands=matcher.command_phrases)
    tries = len(voices) * len(speeds)
    print(f"| command | phrases, heard of {tries} (wrongly taken as something else) |\n|---|---|")
    for command, phrases in asked.items():
        cells = []
        for phrase in phrases:
            heard = wrong = 0
            for voice in voices:
                for speed in speeds:
                    recognizer = SphinxRecognizer()
                    recognizer.set_vocabulary(vocabulary)
                    try:
                        audio = silence(1.0) + synthesize(phrase, voice, speed) + silence(1.2)
                    except SpeechError as error:
                        raise SystemExit(f"command_forms: {error}")
                    finals = [e for e in recognize(recognizer, audio, 0.1) if isinstance(e, Final)]
                    readings = [
                        interpret(f, matcher, False, EngineConfig.doubtful).match for f in finals
                    ]
                    match = next(
                        (m for m in readings if m is not None), None
                    )  # the engine's own reading
                    if match is not None and match.command is command:
                        heard += 1
                    elif match is not None:
                        wrong += 1
            cells.append(f'"{phrase}" {heard}' + (f" ({wrong})" if wrong else ""))
        print(f"| {command.value} | {', '.join(cells)} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
