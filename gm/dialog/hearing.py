"""What the engine listens through: audio plus a recogniser, or typed lines.

Either way the engine receives recogniser events and a clock that moves with the input: the
sample clock of a WAV file or a microphone, or a virtual clock for typed lines.
"""

from __future__ import annotations

import re
from typing import BinaryIO, Iterator, Protocol, TextIO

from gm.speech.base import (
    Alternative,
    AsrEvent,
    AudioSource,
    Final,
    Recognizer,
    SpeechError,
    SpeechStarted,
    Vocabulary,
)

TICK = 0.1  # seconds a typed [silence N] advances per step, so timers fire on time
MAX_LINE = 64 * 1024  # bytes of one typed utterance; nobody says more in one breath
MAX_SILENCE = (
    3600.0  # seconds one [silence N] may last: an hour of quiet, not 1e9 (ten billion polls)
)


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
        return getattr(
            self.source, "live", self.source.now
        )  # only a live source runs ahead of its reads

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
_DIRECTIVE = re.compile(r"^\s*\[\s*silence\b", re.I)


def typed_lines(stream: BinaryIO, limit: int = MAX_LINE) -> Iterator[str]:
    """Lines of standard input, decoded as UTF-8 with a stand-in for any invalid byte (so a stray
    byte neither ends the game nor reaches a save), each read with a bounded buffer: a line
    longer than `limit` bytes (a runaway paste, /dev/zero) is one sentence, not all the memory."""
    while True:
        try:
            raw = stream.readline(limit + 2)  # room for the line's own "\r\n"
        except (OSError, ValueError) as error:  # a closed or unreadable standard input
            raise SpeechError(f"Standard input cannot be read ({error}).") from None
        if not raw:
            return
        if len(raw.removesuffix(b"\n").removesuffix(b"\r")) > limit:  # the line, not its end
            raise SpeechError(
                f"Standard input holds a line longer than {limit} bytes; "
                "--text reads one short line per utterance."
            )
        yield raw.decode("utf-8", "replace")


def silence_of(line: str) -> float | None:
    """The seconds of a '[silence N]' line, None for any other line; a malformed directive
    ('[silence -5]', '[silence abc]', '[silence 1e9]') is one sentence."""
    if not _DIRECTIVE.match(line):
        return None
    match = _SILENCE.match(line)
    seconds = float(match.group(1)) if match else -1.0
    if not 0 <= seconds <= MAX_SILENCE:
        shown = line.strip() if len(line.strip()) <= 40 else line.strip()[:40] + "..."
        raise SpeechError(
            f"The typed line '{shown}' is not a valid directive; write [silence N] "
            f"with N seconds from 0 to {MAX_SILENCE:.0f}."
        )
    return seconds


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
            silence = silence_of(line)
            if silence is not None:
                self._silence_left = silence
                return self.poll()
            start = self._now
            self._now += self._utterance + self._endpoint
            return [
                SpeechStarted(start),
                Final((Alternative(line.lower(), 1.0),), start, start + self._utterance),
            ]
        raise EndOfInput

    def drop(self, tail: float) -> None:
        self._now += tail

    def recover(self) -> bool:
        return True
