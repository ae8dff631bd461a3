"""Typed lines for a game shown on the display: the game goes on while nobody types.

Standard input is read in a thread; while no line comes, a '[silence N]' line is given about
every WAIT seconds, N the seconds of the wall clock since the last line given, so that the typed
game's clock keeps pace with the room's (the page's countdown and gm's agree) and the engine
polls its taps while the keyboard is quiet.
"""

from __future__ import annotations

import queue
import threading
import time
from typing import Iterable, Iterator

WAIT = 0.05  # seconds between silences: how late, at most, a typed game sees its deadline pass

_END = object()


def waiting_lines(lines: Iterable[str], tick: float = WAIT) -> Iterator[str]:
    """`lines`, and while none is typed, the silence since the last one, every `tick` seconds."""
    typed: queue.SimpleQueue = queue.SimpleQueue()

    def read() -> None:
        try:
            for line in lines:
                typed.put(line)
        except Exception as error:  # the reader's error is the game's: raised where it is read
            typed.put(error)
        typed.put(_END)

    threading.Thread(target=read, daemon=True).start()
    given = time.monotonic()
    while True:
        try:
            line = typed.get(timeout=tick)
        except queue.Empty:
            now = time.monotonic()
            yield f"[silence {now - given:.3f}]"
            given = now
            continue
        given = time.monotonic()
        if line is _END:
            return
        if isinstance(line, Exception):
            raise line
        yield line
