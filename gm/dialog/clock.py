"""The players' time at a timed ask: it runs only while gm listens.

gm's own words inside a turn (help, repeat, "which letter?", "sorry", a check) never come out of
the players' time. When gm begins to speak the clock stops; when gm has finished and listens
again it runs on with the time that was left, plus `grace` (the time it takes to take in what gm
said). A short window (Funocracy's 4-second challenge window, "which letter?") is not thinking
time but a chance to speak after a line: any line gm says inside it opens it again in full.
The countdown's warning and tones belong to the clock, so a turn stopped and resumed in its last
seconds still hears exactly five tones.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

TOLL_EARLY = 0.001  # seconds: how far before a whole second left its tone may sound


@dataclass
class Clock:
    limit: float  # seconds the ask gives
    grace: float  # seconds added when it runs on after gm spoke
    window: bool = False  # a gm line said inside it gives back the whole limit
    left: float = field(init=False)  # seconds left while it is stopped
    deadline: float | None = None  # game-clock moment it runs out, while it runs
    warned: bool = False  # "ten seconds" was said
    toned: set[int] = field(default_factory=set)  # the last seconds whose tone was played

    def __post_init__(self) -> None:
        self.left = self.limit

    def start(self, at: float) -> float:
        """Run from `at` (when gm finished speaking), if stopped; the deadline."""
        if self.deadline is None:
            self.deadline = at + self.left
        return self.deadline

    def stop(self, at: float) -> None:
        """gm begins to speak at `at`: keep what was left, for `start` to give back."""
        if self.deadline is None:
            return
        left = self.deadline - at
        self.left = self.limit if self.window else min(self.limit, max(0.0, left) + self.grace)
        self.deadline = None

    def toll(self, left: float, last: int) -> bool:
        """With `left` seconds left, is a tone due? One for each of the `last` seconds, once: a
        turn stopped and resumed inside them hears none of them again. The tone for second n is
        due from n seconds left (or a millisecond before, TOLL_EARLY); any moment
        short of the end is the first second, never a second 0 (a live turn tolled a sixth tone
        at 0.0003 s left)."""
        if not 0 < left <= last:
            return False
        second = max(1, math.ceil(left - TOLL_EARLY))
        if second in self.toned:
            return False
        self.toned.add(second)
        return True

    def moved(self, seconds: float) -> None:
        """The input was away `seconds` (a lost microphone): the deadline moves with it."""
        if self.deadline is not None:
            self.deadline += seconds
