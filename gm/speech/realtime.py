"""Real time for recordings and simulated tables: the harness every timed rule is tested through.

A WAV file (or the demo's simulated table) normally feeds the engine as fast as the CPU
allows, on a sample clock that stands still while gm speaks. `Paced` hands out the same
chunks no sooner than a microphone would, by the wall clock, and keeps what was "captured"
while gm spoke for the half-duplex drop, exactly as a live microphone does. `Timed` makes a
speaker take the time its line takes to say (a console or a WAV file return at once; a sound
device already blocks, and is left as it is). `speed` above 1 runs the whole table faster,
the input and gm's voice alike, for tests of long timed rules; 1 is the real table.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from gm.speech.base import Around, AudioChunk, AudioSource, Speaker


@dataclass
class WallClock:
    """Game seconds from a wall clock started at `origin`, optionally sped up.

    The clock functions are injected, so a test can drive it without sleeping."""

    origin: float = 0.0  # game seconds at the moment the clock started
    speed: float = 1.0  # game seconds per wall second
    monotonic: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    _started: float = field(init=False)

    def __post_init__(self) -> None:
        if not self.speed > 0:
            raise ValueError("the speed of a wall clock must be positive")
        self._started = self.monotonic()

    def now(self) -> float:
        return self.origin + (self.monotonic() - self._started) * self.speed

    def wait_until(self, moment: float) -> None:
        """Block until the game clock reaches `moment` (at once if it has)."""
        while True:
            ahead = (moment - self.now()) / self.speed
            if ahead <= 0:
                return
            self.sleep(ahead)

    def wall(self, seconds: float) -> float:
        """Wall seconds that `seconds` of game time take."""
        return seconds / self.speed


class Paced:
    """An audio source delivered by the wall clock, as a microphone delivers it.

    `now` is the end of what was read (the sample clock, as for every source); `live` is the
    moment on the same clock, ahead of `now` while gm speaks and nobody reads. `flush` drops
    what was captured up to `live`: the half-duplex drop of a real microphone.
    """

    def __init__(
        self, source: AudioSource, clock: WallClock | None = None, speed: float = 1.0
    ) -> None:
        self.source = source
        self.clock = clock if clock is not None else WallClock(origin=source.now, speed=speed)

    @property
    def now(self) -> float:
        return self.source.now

    @property
    def live(self) -> float:
        return max(self.source.now, self.clock.now())

    def read(self) -> AudioChunk | None:
        chunk = self.source.read()
        if chunk is not None:
            self.clock.wait_until(chunk.end)  # a microphone has it only once it has been said
        return chunk

    def flush(self) -> None:
        live = self.clock.now()
        while self.source.now < live:
            if self.source.read() is None:
                return
        self.source.flush()

    def close(self) -> None:
        self.source.close()

    def __getattr__(self, name: str) -> object:  # the wrapped source's own extras (path, duration)
        return getattr(self.source, name)


class Timed(Around):
    """A speaker whose lines and tones take as long as they sound, on the game clock."""

    def __init__(self, speaker: Speaker, clock: WallClock) -> None:
        self.speaker = speaker
        self.clock = clock

    def _lasting(self, speak: Callable[[], float]) -> float:
        began = self.clock.monotonic()
        seconds = speak()
        left = self.clock.wall(seconds) - (self.clock.monotonic() - began)
        if left > 0:
            self.clock.sleep(left)
        return seconds

    def say(self, text: str) -> float:
        return self._lasting(lambda: self.speaker.say(text))

    def tone(self, frequency: float, seconds: float) -> float:
        return self._lasting(lambda: self.speaker.tone(frequency, seconds))
