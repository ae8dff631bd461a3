"""`gm demo GAME`: a simulated table plays a whole game through the real recogniser.

Each game's rules know how to play themselves (`demo_line`); the replies are spoken by one
espeak-ng voice per seat into a WAV, which the engine hears exactly as it hears a microphone.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import dataclass, replace
from typing import Mapping, Sequence
from pathlib import Path

from gm.dialog.engine import EngineConfig, interpret
from gm.dialog.intents import Command, Matcher
from gm.speech.base import RATE, AudioChunk, Final, Recognizer, Vocabulary
from gm.speech.synth import Silence, Utterance, silence, synthesize, write
from gm.steps import Answer, AnswerKind, Ask, End, Game, Line
import random

# Distinct espeak-ng voices for seats 1 to 8, so the table sounds like several people.
VOICES = ("en-us", "en-gb", "en-us+f3", "en-gb-scotland", "en-us+m3", "en-029", "en-us+f4", "en-gb-x-rp")
SPEEDS = (160, 150, 165, 145, 155, 160, 150, 170)
LEAD = 0.4  # seconds of silence before a rehearsed reply
AUDITION_TRIES = 8  # replies a simulated player may try before keeping one the recogniser mishears


def voice_of(seat: int) -> Utterance:
    """The espeak-ng voice and speed of a seat, with no text yet."""
    index = (seat - 1) % len(VOICES)
    return Utterance("", VOICES[index], SPEEDS[index])
DEMO_OPTIONS = {
    "funocracy": {"players": 4, "mode": "normal"},
    "who_the_f": {"players": 5, "difficulty": "regular"},
    "what_the_fake": {"players": 4, "mode": "open", "scoring": "full"},
}


@dataclass(frozen=True)
class Script:
    """A whole simulated game: the options, the seed, and every reply in order."""

    game: str
    options: dict
    seed: int
    lines: tuple[Line, ...]

    def parts(self, gap: float = 1.4) -> list[Utterance | Silence]:
        """The table as audio: each reply in its seat's voice, then a short pause."""
        out: list[Utterance | Silence] = []
        for line in self.lines:
            if line.text:
                out += [replace(voice_of(line.seat), text=line.text), Silence(gap)]
            else:
                out.append(Silence(line.silence))
        return out

    def text(self) -> str:
        """The same replies as --text input."""
        return "".join(f"{line.text}\n" if line.text else f"[silence {line.silence}]\n" for line in self.lines)


def _decided(game: Game, state: object, ask: Ask, answer: Answer, rng: random.Random) -> tuple[bool, str]:
    """What the rules would decide for this answer, leaving `rng` as it was."""
    outcome = game.apply(state, ask, answer, _copy(rng))
    return outcome.accepted, outcome.decision


def _copy(rng: random.Random) -> random.Random:
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def plan(game: Game, options: dict, seed: int, max_lines: int = 5000,
         audition: Audition | None = None) -> Script:
    """Play the pure rules with the game's own simulated players and keep every reply.

    The rng handed to the rules is the one the engine will hand them (same seed, same calls),
    so the game heard from the WAV unfolds as planned when every reply is understood. A
    recorded table cannot notice that gm misheard it and correct it, so with an `audition`
    each player tries its replies on the recogniser first and says one that is heard as meant
    (another word for the theme, another way of saying "pass"), within AUDITION_TRIES.
    """
    rng = random.Random(seed)
    players = random.Random(seed + 1)
    state = game.new(options, rng)
    lines: list[Line] = []
    while len(lines) < max_lines:
        step = game.step(state)
        if isinstance(step, End):
            return Script(game.id, options, seed, tuple(lines))
        line = game.demo_line(state, step, players)  # type: ignore[attr-defined]
        for attempt in range(AUDITION_TRIES if audition else 0):
            if not line.text or line.answer.kind not in (AnswerKind.CHOICE, AnswerKind.FREE):
                break
            heard = audition(step, line)
            if heard is not None and _decided(game, state, step, heard, rng) == _decided(game, state, step, line.answer, rng):
                break
            if attempt == AUDITION_TRIES - 1:
                line = audition.fallback(step, line)
                break
            line = game.demo_line(state, step, players)  # type: ignore[attr-defined]
        lines.append(line)
        if step.confirm and line.answer.kind is AnswerKind.CHOICE:
            lines.append(Line(Answer(AnswerKind.CHOICE, True, "yes please"), "yes please", line.seat))
        outcome = game.apply(state, step, line.answer, rng)
        if outcome.accepted:
            state = outcome.state
    raise RuntimeError(f"the simulated {game.id} game did not end within {max_lines} replies")


class Audition:
    """Would the engine hear this reply, said in its seat's voice, as the player meant it?

    It listens the way the engine does for that ask (its choices, the commands, the hints)
    with the real recogniser, which keeps learning the voices as it would in the game.
    """

    def __init__(self, recognizer: Recognizer, commands: Mapping[Command, Sequence[str]],
                 doubtful: float = EngineConfig.doubtful) -> None:
        self.recognizer = recognizer
        self.commands = commands
        self.doubtful = doubtful

    def __call__(self, ask: Ask, line: Line) -> Answer | None:
        """The answer the engine would take from this line, None if it would take none.

        None too when it would hear a command or ask for a confirmation the table did not plan.
        """
        matcher = Matcher(ask.choices, self.commands)
        voice = voice_of(line.seat)
        speech = synthesize(line.text, voice.voice, voice.speed)
        self.recognizer.reset()
        self.recognizer.set_vocabulary(Vocabulary(matcher.phrases, ask.free, ask.hints, ask.endpoint))
        audio = silence(LEAD) + speech + silence(1.2)
        step = RATE // 5 * 2
        events = []
        for offset in range(0, len(audio), step):
            events += self.recognizer.feed(AudioChunk(audio[offset:offset + step], offset / 2 / RATE))
        events += self.recognizer.flush()
        finals = [e for e in events if isinstance(e, Final)]
        return self._answer(ask, matcher, finals[0]) if len(finals) == 1 else None

    def _answer(self, ask: Ask, matcher: Matcher, final: Final) -> Answer | None:
        """The engine's reading of one utterance, less the dialogue around it."""
        heard = interpret(final, matcher, ask.free, self.doubtful)
        if heard.free:
            return Answer(AnswerKind.FREE, list(heard.free), heard.free[0])
        match = heard.match
        if match is None or match.command is not None:
            return None
        if not ask.confirm and not match.sure:
            return None  # the engine would ask "is that right?", which the table has not planned
        return Answer(AnswerKind.CHOICE, match.value, match.heard)

    def fallback(self, ask: Ask, line: Line) -> Line:
        """What a player says when nothing it tried was heard: skip, where the ask allows it."""
        if not ask.skippable or Command.SKIP not in self.commands:
            return line
        return Line(Answer(AnswerKind.SKIP), max(self.commands[Command.SKIP], key=len), line.seat)


def render(script: Script, path: Path) -> Path:
    return write(path, script.parts(), lead=0.6)


def run(args: argparse.Namespace) -> int:
    from gm.cli import run_game
    from gm.games import find
    from gm.state import Record
    from gm.speech.audio import input_devices

    from gm.games import load as load_game
    entry = find(args.game)
    game = load_game(entry)
    from gm.cli import _config, common_lines, open_recognizer
    print(f"gm demo: the simulated table rehearses its replies on the recogniser first "
          f"(a minute or so), so that a mishearing does not put it out of step.", file=sys.stderr)
    audition = Audition(open_recognizer(args, _config(args)), common_lines()[1])
    script = plan(game, dict(DEMO_OPTIONS.get(entry.id, {})), args.seed, audition=audition)
    workdir = Path(tempfile.mkdtemp(prefix="gm-demo-"))
    wav = render(script, workdir / f"{entry.id}.wav")
    has_output = any(d["max_output_channels"] > 0 for d in input_devices())
    args.wav, args.text = str(wav), False
    args.speak = has_output and not args.console
    args.echo = True
    if not args.state_dir:
        args.state_dir = str(workdir / "state")  # a demo never replaces the table's saved game
    print(f"gm demo: {entry.title}, a simulated table of {script.options.get('players', '?')} players "
          f"speaking through espeak-ng voices into the real recogniser.", file=sys.stderr)
    return run_game(args, Record(entry.id, dict(script.options), script.seed), resumed=False)
