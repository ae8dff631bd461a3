"""What the three games share: the seats around the table and how they are said."""

from __future__ import annotations

from typing import Iterable

from gm.content import spoken_list
from gm.vocab import number_word


def next_seat(seat: int, players: int) -> int:
    """The seat on the left of `seat` (after the last seat comes the first)."""
    return seat % players + 1


def spoken_numbers(values: Iterable[int], conjunction: str = "and") -> str:
    """(1, 2, 5) -> 'one, two and five': seats or places as gm says them."""
    return spoken_list([number_word(v) for v in values], conjunction)


def phrase_numbers(values: Iterable[int]) -> str:
    """(1, 2, 5) -> 'one two and five': an answer's phrase has no punctuation."""
    return spoken_numbers(values).replace(",", "")
