"""The event stream: one JSON object a line, each with `t` (game-clock seconds) and `type`.

The same stream feeds --transcript files, the console, tests and any future scoreboard.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any, Callable, TextIO

# "service": a Wyoming service lost or back (gm.speech.wyoming.Announcing)
EVENT_TYPES = (
    "say",
    "heard",
    "listen",
    "decision",
    "state",
    "game_over",
    "save_failed",
    "service",
)


class Transcript:
    def __init__(self, keep: int | None = None) -> None:
        # `keep` bounds the events held in memory (the sinks still get every one): a game that
        # waits through hours of chatter must not grow. None keeps them all, for tests.
        self.events: deque[dict] = deque(maxlen=keep)
        self._sinks: list[Callable[[dict], None]] = []

    def add_sink(self, sink: Callable[[dict], None]) -> None:
        self._sinks.append(sink)

    def to_stream(self, stream: TextIO) -> None:
        """Write every event as a JSON line, flushed at once so a crash loses nothing said."""

        def write(event: dict) -> None:
            stream.write(json.dumps(event, ensure_ascii=False) + "\n")
            stream.flush()

        self.add_sink(write)

    def emit(self, type_: str, t: float, **fields: Any) -> dict:
        if type_ not in EVENT_TYPES:
            raise ValueError(f"unknown event type {type_}")
        event = {"t": round(t, 3), "type": type_, **fields}
        self.events.append(event)
        for sink in self._sinks:
            sink(event)
        return event

    def of_type(self, type_: str) -> list[dict]:
        return [e for e in self.events if e["type"] == type_]
