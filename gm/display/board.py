"""What the page may see of the game, and which taps it may send.

The board follows the transcript's events (it is one of its sinks) and keeps the latest of each
kind, so that a page that connects late, or again after sleep, shows the game at once. Only what
the table may know reaches it: the games' public state, what gm said, heard and decided; never
the recogniser's inner workings nor anything the rules keep hidden (What the Fake's hidden roles
are not in gm's state until the table names the Forgers).
"""

from __future__ import annotations

import threading
import time
from typing import Callable

from gm.games import GAMES

# The events the page is sent, each with the fields it may show.
SHOWN = {
    "state": ("game", "state"),
    "listen": ("step", "expected", "free"),
    "heard": ("text", "intent", "via"),
    "decision": ("step", "decision", "accepted", "kind"),
    "say": ("text",),
    "game_over": ("winners", "state"),
}
# The commands a page offers as buttons: the ones that move a game on or hold it; quit is said.
TAPPED_COMMANDS = ("undo", "pause", "resume", "repeat", "skip")
MAX_FREE = 64  # characters of a typed answer to an open ask (a word, a drawing's name)
TITLES = {entry.id: entry.title for entry in GAMES}


class Board:
    """The page's view of the game, shared by the engine's thread and the server's."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._latest: dict[str, dict] = {}
        self._left_at: float | None = None  # when the current listen's `left` was measured
        self.listens = 0  # the number of the listen now open: a tap names the one it answers
        self._phrases: frozenset[str] = frozenset()
        self._free = False

    def add(self, event: dict) -> dict | None:
        """The page's message for one transcript event, None when the page is not told of it."""
        fields = SHOWN.get(event["type"])
        if fields is None:
            return None
        message = {"type": event["type"], **{k: event[k] for k in fields if k in event}}
        with self._lock:
            if event["type"] == "listen":
                self.listens += 1
                offers = [o for o in event.get("offers", ()) if _tappable(o)]
                self._phrases = frozenset(o["phrase"] for o in offers)
                self._free = bool(event.get("free"))
                deadline = event.get("deadline")
                message |= {
                    "listen": self.listens,
                    "offers": offers,
                    # seconds to the players' deadline; the page counts down from it locally
                    "left": None if deadline is None else round(deadline - event["t"], 3),
                }
                self._left_at = self._clock()
            if event["type"] == "state":
                message["title"] = TITLES.get(event["game"], event["game"])
                self._latest.pop("game_over", None)  # an undone end: the game is on again
            self._latest[event["type"]] = message
        return message

    def snapshot(self) -> list[dict]:
        """The latest message of each kind, a listen's time left as it is now."""
        with self._lock:
            messages = [dict(m) for m in self._latest.values()]
            elapsed = self._clock() - self._left_at if self._left_at is not None else 0.0
        for message in messages:
            if message["type"] == "listen" and message["left"] is not None:
                message["left"] = round(message["left"] - elapsed, 3)
        return messages

    def accepts(self, listen: int, phrase: str) -> bool:
        """Whether a tap answers the listen now open with something it listens for."""
        with self._lock:
            if listen != self.listens or not phrase:
                return False
            return phrase in self._phrases or (self._free and len(phrase) <= MAX_FREE)


def _tappable(offer: dict) -> bool:
    command = offer.get("command")
    return command is None or command in TAPPED_COMMANDS
