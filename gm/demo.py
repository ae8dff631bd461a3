"""`gm demo GAME`: a simulated table plays a whole game through the real recogniser.

The players' lines are data (prompts/<language>/demos.toml): each is spoken by its own
espeak-ng voice into one WAV, which the engine hears exactly as it would hear a microphone.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gm.content import ContentError
from gm.content import load as load_content
from gm.speech.synth import Silence, Utterance, write

# Distinct espeak-ng voices for seats 1 to 8, so the table sounds like several people.
VOICES = ("en-us", "en-gb", "en-us+f3", "en-gb-scotland", "en-us+m3", "en-029", "en-us+f4", "en-gb-x-rp")
SPEEDS = (160, 150, 165, 145, 155, 160, 150, 170)


@dataclass(frozen=True)
class Script:
    game: str
    options: dict
    seed: int
    parts: tuple[Utterance | Silence, ...]
    text_lines: tuple[str, ...]  # the same script as --text input


def load_script(game_id: str, language: str = "en", name: str | None = None) -> Script:
    """The demo (or a named variant, e.g. 'lost') of a game from demos.toml."""
    content = load_content("demos", language)
    key = f"{game_id}.{name}" if name else game_id
    table: Any = content.data
    for part in key.split("."):
        table = table.get(part) if isinstance(table, dict) else None
    if not isinstance(table, dict):
        raise content.fail(game_id, f"there is no demo '{key}'")
    options = table.get("options", {})
    seed = table.get("seed", 7)
    lines = table.get("lines")
    if not isinstance(options, dict) or not isinstance(seed, int) or not isinstance(lines, list):
        raise content.fail(game_id, f"demo '{key}' needs options (a table), seed (a number) and lines (a list)")
    parts: list[Utterance | Silence] = []
    text: list[str] = []
    for line in lines:
        if not isinstance(line, str) or not line.strip():
            raise content.fail(game_id, f"demo '{key}' has an empty or non-text line")
        parsed = parse_line(line)
        if parsed is None:
            raise content.fail(game_id, f"demo '{key}' line {line!r} must be 'N: words' or '[silence S]'")
        parts.append(parsed)
        text.append(f"[silence {parsed.seconds}]" if isinstance(parsed, Silence) else parsed.text)
    return Script(game_id, options, seed, tuple(parts), tuple(text))


def parse_line(line: str) -> Utterance | Silence | None:
    """'3: four votes for number two' (seat 3 speaks) or '[silence 26]'."""
    line = line.strip()
    if line.startswith("[silence") and line.endswith("]"):
        try:
            return Silence(float(line[len("[silence"):-1]))
        except ValueError:
            return None
    seat, sep, words = line.partition(":")
    if not sep or not seat.strip().isdigit() or not words.strip():
        return None
    index = (int(seat) - 1) % len(VOICES)
    return Utterance(words.strip(), VOICES[index], SPEEDS[index])


def render(script: Script, path: Path, gap: float = 0.8) -> Path:
    """The whole table as one WAV: each utterance followed by a short pause."""
    parts: list = []
    for part in script.parts:
        parts.append(part)
        if isinstance(part, Utterance):
            parts.append(Silence(gap))
    return write(path, parts, lead=0.6)


def run(args: argparse.Namespace) -> int:
    from gm.cli import run_game
    from gm.games import find
    from gm.state import Record
    from gm.speech.audio import input_devices

    entry = find(args.game)
    script = load_script(entry.id)
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
