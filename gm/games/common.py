"""What the three games share: the seats around the table and how they are said."""

from __future__ import annotations


def next_seat(seat: int, players: int) -> int:
    """The seat on the left of `seat` (after the last seat comes the first)."""
    return seat % players + 1
