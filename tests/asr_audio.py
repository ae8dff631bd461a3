"""Scenes for the recogniser contract tests: espeak-ng speech laid out on a known timeline.

Each utterance's place in the audio is known, so a Final can be matched to what was said by
time rather than by order, and a test can tell a miss from a split or an extra utterance.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass

from gm.speech.asr import recognize
from gm.speech.base import RATE, AsrEvent, Final, Recognizer
from gm.speech.synth import silence, synthesize


def sox_sound(*effect: str) -> bytes:
    """A sound made by sox's synth (`effect`: "synth", "0.5", "pluck", "A3"...), 16 kHz mono
    int16: a click, a pluck, a beep, noise that is no word (also scripts/bench_words.py)."""
    command = ["sox", "-n", "-r", str(RATE), "-b", "16", "-c", "1", "-t", "raw", "-", *effect]
    return subprocess.run(command, capture_output=True, check=True).stdout


@dataclass(frozen=True)
class Spoken:
    text: str
    start: float  # seconds where the synthesised audio (espeak's own margins included) begins
    end: float


@dataclass(frozen=True)
class Scene:
    audio: bytes  # 16 kHz mono int16
    spoken: tuple[Spoken, ...]

    @property
    def seconds(self) -> float:
        return len(self.audio) / 2 / RATE


def scene(
    texts: list[str] | tuple[str, ...],
    voice: str = "en-us",
    lead: float = 1.0,
    gap: float = 1.2,
    speed: int = 160,
    pitch: int = 50,
    noise: float = 1.0,
) -> Scene:
    """The texts one after another, `gap` seconds of silence between them. `noise` is Piper's
    (synthesize's): 0 says each text the same way every time."""
    parts = [silence(lead)]
    spoken = []
    at = lead
    for text in texts:
        audio = synthesize(text, voice, speed, pitch, noise=noise)
        seconds = len(audio) / 2 / RATE
        spoken.append(Spoken(text, at, at + seconds))
        parts += [audio, silence(gap)]
        at += seconds + gap
    return Scene(b"".join(parts), tuple(spoken))


def run(
    recognizer: Recognizer,
    audio: bytes,
    chunk_seconds: float = 0.1,
    start: float = 0.0,
    flush: bool = True,
) -> list[AsrEvent]:
    """Feed the audio in fixed chunks stamped on the sample clock, then flush (unless told not to:
    the input goes on, so only what the endpointer ended comes out)."""
    return recognize(recognizer, audio, chunk_seconds, start, flush)


def finals(events: list[AsrEvent]) -> list[Final]:
    return [e for e in events if isinstance(e, Final)]


def heard(scene_: Scene, events: list[AsrEvent]) -> dict[str, list[str]]:
    """For each spoken text, the texts of the Finals that overlap it in time."""
    out: dict[str, list[str]] = {s.text: [] for s in scene_.spoken}
    for final in finals(events):
        for s in scene_.spoken:
            if final.start < s.end and final.end > s.start:
                out[s.text].append(final.text)
    return out
