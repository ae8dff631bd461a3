"""What the engine listens through: audio plus a recogniser, or typed lines.

Either way the engine receives recogniser events and a clock that moves with the input: the
sample clock of a WAV file or a microphone, or a virtual clock for typed lines.
"""
from __future__ import annotations

from typing import Iterator, Protocol, TextIO
import re

from gm.speech.base import (Alternative, AsrEvent, AudioSource, Final, Recognizer,
                            SpeechStarted, Vocabulary, least_seconds)

TICK = 0.1  # seconds a typed [silence N] advances per step, so timers fire on time


class EndOfInput(Exception):
    """The WAV file or standard input has ended."""


class Hearing(Protocol):
    name: str

    @property
    def now(self) -> float: ...

    @property
    def live(self) -> float:
        """The game clock at this moment: `now` plus what a live input captured and was not
        read yet (while gm speaks); the same as `now` for a file or typed lines."""

    def listen_for(self, vocabulary: Vocabulary) -> None: ...

    def poll(self) -> list[AsrEvent]:
        """Advance the input a little; raise EndOfInput when there is no more."""

    def drop(self, tail: float) -> None:
        """Half duplex: forget what was captured while gm spoke, and `tail` seconds more."""

    def recover(self) -> bool:
        """After DeviceLost: try once to get the input back; True when it is."""


class AudioHearing:
    """A source and a recogniser: the only path real audio takes."""

    def __init__(self, source: AudioSource, recognizer: Recognizer) -> None:
        self.source = source
        self.recognizer = recognizer
        self.name = recognizer.name
        self._ended = False

    @property
    def now(self) -> float:
        return self.source.now

    @property
    def live(self) -> float:
        return getattr(self.source, "live", self.source.now)  # only a live source runs ahead of its reads

    def listen_for(self, vocabulary: Vocabulary) -> None:
        self.recognizer.set_vocabulary(vocabulary)

    def poll(self) -> list[AsrEvent]:
        if self._ended:
            raise EndOfInput
        chunk = self.source.read()
        if chunk is None:
            self._ended = True
            events = self.recognizer.flush()
            if events:
                return events
            raise EndOfInput
        return self.recognizer.feed(chunk)

    def recover(self) -> bool:
        reopen = getattr(self.source, "reopen", None)
        if reopen is None or not reopen():
            return False
        self.recognizer.reset()
        return True

    def drop(self, tail: float) -> None:
        self.source.flush()
        self.recognizer.reset()
        until = self.source.now + tail
        while self.source.now < until:
            if self.source.read() is None:
                break
        self.recognizer.reset()


_SILENCE = re.compile(r"^\s*\[\s*silence\s+([0-9]*\.?[0-9]+)\s*\]\s*$", re.I)


class TextHearing:
    """One typed line is one utterance; '[silence N]' is N seconds of nothing (virtual clock)."""

    name = "text"

    def __init__(self, lines: TextIO | Iterator[str], utterance_seconds: float = 1.0) -> None:
        self._lines = iter(lines)
        self._now = 0.0
        self._silence_left = 0.0
        self._utterance = utterance_seconds
        self._endpoint = 0.7

    @property
    def now(self) -> float:
        return self._now

    @property
    def live(self) -> float:
        return self._now

    def listen_for(self, vocabulary: Vocabulary) -> None:
        self._endpoint = vocabulary.endpoint

    def poll(self) -> list[AsrEvent]:
        if self._silence_left > 1e-9:
            step = min(TICK, self._silence_left)
            self._silence_left -= step
            self._now += step
            return []
        for line in self._lines:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            silence = _SILENCE.match(line)
            if silence:
                self._silence_left = float(silence.group(1))
                return self.poll()
            start = self._now
            seconds = max(self._utterance, 2 * least_seconds(line))  # a long line takes longer to say
            self._now += seconds + self._endpoint
            return [SpeechStarted(start), Final((Alternative(line.lower(), 1.0),), start, start + seconds)]
        raise EndOfInput

    def drop(self, tail: float) -> None:
        self._now += tail

    def recover(self) -> bool:
        return True
