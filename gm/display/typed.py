"""Typed lines for a game shown on the display: the game goes on while nobody types.

Standard input is read in a thread; while no line comes, a '[silence TICK]' line is given every
TICK seconds of the wall clock, so that the typed game's clock moves with the room's (its
countdown runs on the page) and the engine polls its taps while the keyboard is quiet.
"""

from __future__ import annotations

import queue
import threading
from typing import Iterable, Iterator

from gm.dialog.hearing import TICK

_END = object()


def waiting_lines(lines: Iterable[str], tick: float = TICK) -> Iterator[str]:
    """`lines`, with a silence of `tick` seconds in their place while none is typed."""
    typed: queue.SimpleQueue = queue.SimpleQueue()

    def read() -> None:
        try:
            for line in lines:
                typed.put(line)
        except Exception as error:  # the reader's error is the game's: raised where it is read
            typed.put(error)
        typed.put(_END)

    threading.Thread(target=read, daemon=True).start()
    while True:
        try:
            line = typed.get(timeout=tick)
        except queue.Empty:
            yield f"[silence {tick}]"
            continue
        if line is _END:
            return
        if isinstance(line, Exception):
            raise line
        yield line
