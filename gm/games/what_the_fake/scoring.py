"""Who forges in which round, and what each drawing scores."""

from __future__ import annotations

import enum
import math
from typing import Iterable, Mapping, Sequence

from gm.games.what_the_fake.groups import Group


class Mode(str, enum.Enum):
    OPEN = "open"
    HIDDEN = "hidden"


class Role(str, enum.Enum):
    ARTIST = "artist"
    FORGER = "forger"


def forger_count(players: int) -> int:
    """One Forger card with 3 to 6 players, two with 7 or 8."""
    return 1 if players <= 6 else 2


def round_count(players: int, mode: Mode) -> int:
    """Open roles: until everyone has forged once; hidden roles: one round per player."""
    return players if mode is Mode.HIDDEN else math.ceil(players / forger_count(players))


def open_forgers(players: int, round_: int) -> tuple[int, ...]:
    """Seats forging in round `round_` (1-based) of an open game; two start half the table apart."""
    first = (round_ - 1) % players + 1
    if forger_count(players) == 1:
        return (first,)
    second = (first - 1 + players // 2) % players + 1
    return tuple(sorted((first, second)))


def roles_with(players: int, forgers: Iterable[int]) -> tuple[Role, ...]:
    chosen = set(forgers)
    return tuple(Role.FORGER if seat in chosen else Role.ARTIST for seat in range(1, players + 1))


def scores(groups: Sequence[Group], roles: Mapping[int, Role]) -> dict[int, int]:
    """Each seat's points for one round of full scoring.

    Artist: 1 per valid drawing no other player made. Forger: 1 per valid drawing at least one
    Artist made too. Invalid drawings score 0 and count as not made.
    """
    points = {seat: 0 for seat in roles}
    for group in groups:
        valid = {seat for seat in group.seats if seat not in group.invalid}
        for seat in valid:
            others = valid - {seat}
            if roles[seat] is Role.ARTIST:
                points[seat] += not others
            else:
                points[seat] += any(roles[other] is Role.ARTIST for other in others)
    return points


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals, 1) if total == best)
