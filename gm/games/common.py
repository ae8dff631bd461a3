"""What the three games share: the seats around the table and how they are said, and the
small words that come before an answer."""

from __future__ import annotations

from typing import Any, Iterable

from gm.content import spoken_list
from gm.steps import RulesError
from gm.vocab import number_word

ARTICLES = ("a", "an", "the")
# Sounds people make while they think ("um, a cactus"): never a word of an answer.
HESITATIONS = ("um", "uh", "er", "erm", "ok", "okay")
NOT_A_COUNT = "The number of players must be a whole number, not {value}."


def next_seat(seat: int, players: int) -> int:
    """The seat on the left of `seat` (after the last seat comes the first)."""
    return seat % players + 1


def spoken_numbers(values: Iterable[int], conjunction: str = "and") -> str:
    """(1, 2, 5) -> 'one, two and five': seats or places as gm says them."""
    return spoken_list([number_word(v) for v in values], conjunction)


def phrase_numbers(values: Iterable[int]) -> str:
    """(1, 2, 5) -> 'one two and five': an answer's phrase has no punctuation."""
    return spoken_numbers(values).replace(",", "")


def player_count(
    value: Any, low: int, high: int, out_of_range: str, not_a_count: str = NOT_A_COUNT
) -> int | None:
    """The number of players a game was started with ("players": 4 or "4"), or None when it was
    not given (gm asks). A RulesError says what is wrong: `not_a_count` (with {value}, the
    value's repr) for anything but a whole number, `out_of_range` (with {players}) for a number
    the game is not for."""
    if value is None:
        return None
    if isinstance(value, str) and value.strip().isdecimal():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(not_a_count.format(value=repr(value)))
    if not low <= value <= high:
        raise RulesError(out_of_range.format(players=value))
    return value


def last_played_last(shuffled: list, played: object) -> tuple:
    """A reshuffled pile with the card just played moved from its top to its bottom: the same
    draws of the rng as a plain shuffle, so a save replays as it was played, and no card twice
    in a row. Who the F's questions and Funocracy's themes."""
    if len(shuffled) > 1 and shuffled[0] == played:
        shuffled = shuffled[1:] + shuffled[:1]
    return tuple(shuffled)
