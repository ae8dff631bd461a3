"""Shared by the whole-game oracles: one scripted game typed into `gm play --text`, and its end.

The expected ends are written by hand in each test file from the rulebooks; this module only
plays the script and reads what gm announced, never gm's rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from transcripts import events_of, gm, said


@dataclass(frozen=True)
class Played:
    """What a scripted game left: the last public state, the end (if any) and every line said."""

    state: dict
    over: dict | None
    said: list[str]
    refused: int  # decisions the rules refused (a count above the players, a place gone...)
    returncode: int
    stderr: str


def play(game: str, seed: int, flags: tuple[str, ...], lines: str, tmp: Path) -> Played:
    """Type `lines` (one reply a line, blank lines and indentation ignored) into gm."""
    typed = "".join(f"{line.strip()}\n" for line in lines.splitlines() if line.strip())
    transcript = tmp / "t.jsonl"
    result = gm(
        "play",
        game,
        "--text",
        "--seed",
        str(seed),
        *flags,
        "--transcript",
        str(transcript),
        "--state-dir",
        str(tmp / "state"),
        stdin=typed,
    )
    events = events_of(transcript)
    states = [e["state"] for e in events if e["type"] == "state"]
    overs = [e for e in events if e["type"] == "game_over"]
    refused = [
        e
        for e in events
        if e["type"] == "decision" and e.get("accepted") is False and e.get("step") != "confirm"
    ]
    return Played(
        state=states[-1] if states else {},
        over=overs[-1] if overs else None,
        said=said(events),
        refused=len(refused),
        returncode=result.returncode,
        stderr=result.stderr,
    )
