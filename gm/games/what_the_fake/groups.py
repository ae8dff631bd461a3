"""The drawings of a round in groups: the same drawing across players shares a group, which
the table corrects by number ("group one same as group three", "split group two")."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Mapping, Sequence

from gm.games.what_the_fake.names import normalise_name


@dataclass(frozen=True)
class Entry:
    """One named drawing: whose it is and the name as heard (articles stripped)."""

    seat: int
    name: str


@dataclass(frozen=True)
class Group:
    """Drawings the table counts as the same; `invalid` holds seats whose drawing was voted out."""

    number: int
    entries: tuple[Entry, ...]
    invalid: frozenset[int] = frozenset()

    @property
    def name(self) -> str:
        return self.entries[0].name

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(sorted({e.seat for e in self.entries}))

    @property
    def void(self) -> bool:
        return set(self.seats) <= self.invalid


def drawing_key(name: str, same: Mapping[str, str] = {}, exact: bool = False) -> str:
    """What two names of one drawing share: the normal form without spaces ("sea horse" is
    "seahorse"), through the deck's words for the same thing ("kitty" is "cat"); `exact`, the
    normal form that knows more plurals ("shoes" is shoe) where the deck's words do not name
    the drawing."""
    key = normalise_name(name)
    if exact and key not in same:
        key = normalise_name(name, exact=True)
    return same.get(key, key).replace(" ", "")


def synonyms(sets: Iterable[Iterable[str]]) -> dict[str, str]:
    """The deck's [same] lists as a map from each normal form to its list's first."""
    out: dict[str, str] = {}
    for names in sets:
        forms = [normalise_name(n) for n in names]
        for form in forms:
            out[form] = forms[0]
    return out


def group_drawings(
    drawings: Sequence[Sequence[str]], same: Mapping[str, str] = {}, exact: bool = False
) -> tuple[Group, ...]:
    """Put every named drawing with the earlier ones of the same name (drawing_key).

    Names are words a recogniser wrote, not typed text with typos: two names that differ by
    a letter are different drawings ("plane" and "planet", "car" and "cart", "cow" and
    "crow"), so spelling is not compared; only the deck's lists of words for one thing
    ("kitty", "cat") join different names, and such a group is read with each name and a
    question. Groups several players drew are numbered first, in order of first appearance.
    `exact`: the plurals names.OE_WORDS and names.IRREGULAR know are one drawing ("shoes" and
    "shoe").
    """
    clusters: dict[str, list[Entry]] = {}
    for seat, names in enumerate(drawings, 1):
        for name in names:
            clusters.setdefault(drawing_key(name, same, exact), []).append(Entry(seat, name))
    shared = [c for c in clusters.values() if len({e.seat for e in c}) > 1]
    alone = [c for c in clusters.values() if len({e.seat for e in c}) == 1]
    return tuple(Group(number, tuple(c)) for number, c in enumerate(shared + alone, 1))


def free_number(groups: Iterable[Group], taken: Iterable[int] = ()) -> int:
    used = {g.number for g in groups} | set(taken)
    number = 1
    while number in used:
        number += 1
    return number


def merge_groups(groups: tuple[Group, ...], first: int, second: int) -> tuple[Group, ...]:
    """The lower number absorbs the other group, keeping every invalid vote."""
    low, high = sorted((first, second))
    a, b = find(groups, low), find(groups, high)
    merged = Group(low, a.entries + b.entries, a.invalid | b.invalid)
    return tuple(merged if g.number == low else g for g in groups if g.number != high)


def split_group(groups: tuple[Group, ...], number: int) -> tuple[Group, ...]:
    """One group per drawing; the first keeps the number, the others take the smallest free ones."""
    group = find(groups, number)
    result = [g for g in groups if g.number != number]
    taken: list[int] = []
    for index, entry in enumerate(group.entries):
        new_number = number if index == 0 else free_number(result, taken + [number])
        taken.append(new_number)
        result.append(Group(new_number, (entry,), group.invalid & {entry.seat}))
    return tuple(sorted(result, key=lambda g: g.number))


def take_out(groups: tuple[Group, ...], seat: int, number: int) -> tuple[Group, ...]:
    """Move `seat`'s drawings of group `number` into a group of their own."""
    group = find(groups, number)
    mine = tuple(e for e in group.entries if e.seat == seat)
    rest = tuple(e for e in group.entries if e.seat != seat)
    kept = Group(number, rest, group.invalid - {seat})
    moved = Group(free_number(groups), mine, group.invalid & {seat})
    others = [kept if g.number == number else g for g in groups]
    return tuple(sorted(others + [moved], key=lambda g: g.number))


def mark(groups: tuple[Group, ...], number: int, invalid: frozenset[int]) -> tuple[Group, ...]:
    return tuple(replace(g, invalid=invalid) if g.number == number else g for g in groups)


def find(groups: Iterable[Group], number: int) -> Group:
    for group in groups:
        if group.number == number:
            return group
    raise KeyError(number)
