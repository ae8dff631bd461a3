"""`gm demo GAME`: a simulated table plays a whole game through the real recogniser.

Each game's rules know how to play themselves (`demo_line`); the replies are spoken by one
espeak-ng voice per seat into a WAV, which the engine hears exactly as it hears a microphone.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from gm.speech.synth import Silence, Utterance, write
from gm.steps import Answer, AnswerKind, End, Game, Line
import random

# Distinct espeak-ng voices for seats 1 to 8, so the table sounds like several people.
VOICES = ("en-us", "en-gb", "en-us+f3", "en-gb-scotland", "en-us+m3", "en-029", "en-us+f4", "en-gb-x-rp")
SPEEDS = (160, 150, 165, 145, 155, 160, 150, 170)
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
                index = (line.seat - 1) % len(VOICES)
                out += [Utterance(line.text, VOICES[index], SPEEDS[index]), Silence(gap)]
            else:
                out.append(Silence(line.silence))
        return out

    def text(self) -> str:
        """The same replies as --text input."""
        return "".join(f"{line.text}\n" if line.text else f"[silence {line.silence}]\n" for line in self.lines)


def plan(game: Game, options: dict, seed: int, max_lines: int = 5000) -> Script:
    """Play the pure rules with the game's own simulated players and keep every reply.

    The rng handed to the rules is the one the engine will hand them (same seed, same calls),
    so the game heard from the WAV unfolds as planned when every reply is understood.
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
        lines.append(line)
        if step.confirm and line.answer.kind is AnswerKind.CHOICE:
            lines.append(Line(Answer(AnswerKind.CHOICE, True, "yes please"), "yes please", line.seat))
        outcome = game.apply(state, step, line.answer, rng)
        if outcome.accepted:
            state = outcome.state
    raise RuntimeError(f"the simulated {game.id} game did not end within {max_lines} replies")


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
    script = plan(game, dict(DEMO_OPTIONS.get(entry.id, {})), args.seed)
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
