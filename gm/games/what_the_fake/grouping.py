"""The groups of the same drawing (full scoring): gm reads the groups, the table corrects them
by number or by name, and "count the points" scores the round.

A part of WhatTheFake (rules.py), which holds the lines, the cards and the round's course.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations

from gm import content
from gm.games.common import spoken_numbers
from gm.games.what_the_fake.deck import PHRASE
from gm.games.what_the_fake.groups import (
    Entry,
    Group,
    find,
    free_number,
    mark,
    merge_groups,
    split_group,
    take_out,
)
from gm.games.what_the_fake.meaning import GroupsMeaning
from gm.games.what_the_fake.names import (
    as_said,
    contradicts,
    normalise_name,
)
from gm.games.what_the_fake.scoring import (
    scores,
)
from gm.games.what_the_fake.state import State
from gm.steps import Answer, Ask, Choice, Outcome
from gm.vocab import number_word


class Grouping:
    """The groups phase of WhatTheFake: its ask, how a group is read, and the corrections."""

    def _ask_groups(self, state: State) -> Ask:
        if state.changing:
            say: tuple[str, ...] = (self.lines("which_change"),)
        elif state.corrections:
            say = (self.lines("groups_again"),)
        elif state.round == 1:  # the ways to correct, with this exhibition's own numbers
            say = (self.lines("groups_prompt", changes=self._example_changes(state.groups)),)
        else:
            say = (self.lines("groups_prompt_short"),)
        again = (
            (self.lines("groups_intro"),) + self._list_groups(state.groups) + say
        )  # "repeat", a resume
        return Ask(
            "what_the_fake.groups",
            say,
            self._group_choices(state.groups, asked_more=bool(state.corrections or state.changing)),
            meaning=GroupsMeaning(
                self.lines, state.groups, asked_more=bool(state.corrections or state.changing)
            ),
            reprompts=self.lines.many("groups_reprompts"),
            expected=self.lines("groups_expected"),
            endpoint=0.5,
            again=again,
        )

    def _example_changes(self, groups: tuple[Group, ...]) -> str:
        """Two changes the table could make to these groups, as examples: two groups that are
        the same, and a player taken out of a shared group (or a group voted invalid)."""
        examples = []
        if len(groups) >= 2:
            first, second = groups[0].number, groups[-1].number
            examples.append(
                self.lines("example_merge", first=number_word(first), second=number_word(second))
            )
        shared = next((g for g in groups if len(g.seats) > 1), None)
        if shared is not None:
            examples.append(
                self.lines(
                    "example_out",
                    seat=number_word(shared.seats[-1]),
                    number=number_word(shared.number),
                )
            )
        elif groups:
            examples.append(self.lines("example_invalid", number=number_word(groups[0].number)))
        return ", or ".join(examples)

    def _group_choices(
        self, groups: tuple[Group, ...], asked_more: bool = False
    ) -> tuple[Choice, ...]:
        """Count the points, list, or a correction by group number or by drawing name.

        "Yes" and "no" answer the question gm asked: after "Is that right?" a yes counts the
        points and a no asks which change; after "Anything else?" it is the other way round.
        "Valid group N" and "invalid group N" are both always listened for, so that neither is
        ever taken as a near match of the other (apply also checks the words heard)."""
        yes, no = ("yes", "yeah", "yep", "that's right"), ("no", "nope", "not quite")
        done = (
            "count the points",
            "correct",
            "the groups are right",
            "all good",
            "looks good",
            "no changes",
            "nothing else",
            "no more changes",
            "that's all",
        )
        # the words of the question itself: "Right, or a change?" "right" / "a change"
        right, change = (
            ((), ()) if asked_more else (("right", "it's right"), ("a change", "change"))
        )
        choices = [
            Choice("correct", done + (no if asked_more else yes) + right),
            Choice(
                "more", (yes if asked_more else no) + ("one more change", "another change") + change
            ),
            Choice(
                "list", ("list the groups", "read the groups", "read them again", "all the groups")
            ),
        ]
        numbers = [g.number for g in groups]
        for a, b in combinations(numbers, 2):
            sa, sb = number_word(a), number_word(b)
            choices.append(
                Choice(
                    f"merge {a} {b}",
                    (
                        f"groups {sa} and {sb} are the same",
                        f"groups {sb} and {sa} are the same",  # heard best
                        f"group {sa} same as group {sb}",
                        f"group {sb} same as group {sa}",
                        f"merge {sa} and {sb}",
                        f"merge {sb} and {sa}",
                    ),
                )
            )
        for g in groups:
            n = number_word(g.number)
            if len(g.entries) > 1:
                choices.append(Choice(f"split {g.number}", (f"split group {n}", f"split {n}")))
            if len(g.seats) > 1:
                for seat in g.seats:
                    s = number_word(seat)
                    choices.append(
                        Choice(
                            f"out {seat} {g.number}",
                            (
                                f"take player {s} out of group {n}",
                                f"player {s} out of group {n}",
                                f"player {s} is different in group {n}",
                            ),
                        )
                    )
                    if seat not in g.invalid:
                        choices.append(
                            Choice(
                                f"void {seat} {g.number}",
                                (
                                    f"player {s} invalid in group {n}",
                                    f"invalid for player {s} in group {n}",
                                ),
                            )
                        )
            choices.append(
                Choice(
                    f"invalid {g.number}",
                    (f"invalid group {n}", f"group {n} is invalid", f"group {n} is not valid"),
                )
            )
            choices.append(
                Choice(
                    f"valid {g.number}",
                    (f"valid group {n}", f"group {n} is valid", f"group {n} counts"),
                )
            )
        combined: dict[str, list[str]] = {}
        for choice in choices + self._name_choices(
            groups
        ):  # a merge said by number or by name is one choice
            combined.setdefault(choice.value, []).extend(choice.phrases)
        return tuple(
            Choice(value, tuple(dict.fromkeys(phrases))) for value, phrases in combined.items()
        )

    def _name_choices(self, groups: tuple[Group, ...]) -> list[Choice]:
        """Corrections by drawing name: "kitty is the same as cat" merges their groups, "kitty is
        not cat" takes the kittens out of the group they share with the cats."""
        where: dict[str, int] = {}
        ordered = sorted(groups, key=lambda g: g.number)
        said = _said_names(tuple(e for group in ordered for e in group.entries))
        for group in ordered:
            for entry in group.entries:
                name = normalise_name(entry.name)
                if PHRASE.fullmatch(name):
                    where.setdefault(name, group.number)
        merges: dict[str, list[str]] = {}
        aparts: list[Choice] = []
        for a, b in combinations(sorted(where), 2):
            if where[a] != where[b]:
                low, high = sorted((where[a], where[b]))
                x, y = said[a], said[b]
                merges.setdefault(f"merge {low} {high}", []).extend(
                    (
                        f"{x} is the same as {y}",
                        f"{y} is the same as {x}",
                        f"{x} and {y} are the same",
                        f"{y} and {x} are the same",
                    )
                )
        for group in groups:
            names = sorted({normalise_name(e.name) for e in group.entries} & set(where))
            for a in names:
                others = [b for b in names if b != a]
                for b in others:
                    x, y = said[a], said[b]
                    if where[a] == where[b] == group.number:  # "kitty is the same as cat": so it is
                        aparts.append(
                            Choice(
                                f"together {group.number} {a}|{b}",
                                (f"{x} is the same as {y}", f"{x} and {y} are the same"),
                            )
                        )
                    aparts.append(
                        Choice(
                            f"apart {group.number} {a}|{b}",
                            (
                                f"{x} is not {y}",
                                f"{x} is different from {y}",
                                f"{x} and {y} are different",
                                # beside the "already one drawing" phrases they would be heard as
                                f"{x} is not the same as {y}",
                                f"{x} isn't the same as {y}",
                                f"{x} and {y} are not the same",
                                f"{x} and {y} aren't the same",
                            ),
                        )
                    )
        return [
            Choice(value, tuple(dict.fromkeys(phrases))) for value, phrases in merges.items()
        ] + aparts

    # ------------------------------------------------------------ the group announcement

    def _group_lines(self, group: Group, ask: bool = False) -> tuple[str, ...]:
        n = number_word(group.number)
        if len(group.seats) > 1:
            line = self.lines(
                "group_shared",
                number=n,
                drawing=self._drawings(group),
                seats=spoken_numbers(group.seats),
            )
        else:
            line = self.lines(
                "group_one_seat",
                number=n,
                drawing=self._drawings(group),
                seat=number_word(group.seats[0]),
            )
        # "shoes" beside "shoe" is one drawing however the game groups them (the line alone)
        mixed = len(_said_names(group.entries, exact=True)) > 1
        return (
            (line,)
            + ((self.lines("same_question"),) if mixed and ask else ())
            + self._invalid_lines(group)
        )

    def _drawings(self, group: Group) -> str:
        """Every different drawing a group holds ("cat or kitty"), so the table can hear a wrong
        one."""
        return content.spoken_list(list(_said_names(group.entries, exact=True).values()), "or")

    def _invalid_lines(self, group: Group) -> tuple[str, ...]:
        n = number_word(group.number)
        if group.void:
            return (self.lines("invalid_note", number=n),)
        if group.invalid:
            return (self.lines("void_note", number=n, seats=spoken_numbers(sorted(group.invalid))),)
        return ()

    def _list_groups(self, groups: tuple[Group, ...]) -> tuple[str, ...]:
        if not groups:
            return (self.lines("no_groups"),)
        lines: list[str] = []
        alone = []
        for group in sorted(groups, key=lambda g: g.number):
            if len(group.seats) > 1:
                lines.extend(self._group_lines(group, ask=True))
            else:
                alone.append(group)
        by_seat: dict[int, list[Group]] = {}
        for group in alone:  # a short list per player, not one long sentence
            by_seat.setdefault(group.seats[0], []).append(group)
        for seat in sorted(by_seat):
            items = [
                self.lines("single_item", number=number_word(g.number), drawing=self._drawings(g))
                for g in by_seat[seat]
            ]
            lines.append(self.lines("singles", seat=number_word(seat), items="; ".join(items)))
        lines.extend(line for g in alone for line in self._invalid_lines(g))
        return tuple(lines)

    def _apply_groups(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        if str(answer.value).startswith("apart "):
            return self._apply_apart(state, str(answer.value))
        if str(answer.value).startswith("together "):  # nothing to change: said so
            _, number, names = str(answer.value).split(" ", 2)
            group = find(state.groups, int(number))
            said = _said_names(group.entries)
            a, b = names.split("|")
            line = self._line(
                "already_together",
                drawing=said.get(a, a),
                other=said.get(b, b),
                number=number_word(int(number)),
            )
            return Outcome(state, (line,), accepted=False)
        verb, *args = str(answer.value).split()
        numbers = [int(a) for a in args]
        groups = state.groups
        if verb == "more":  # a decision of its own: undo takes back this answer alone
            return Outcome(replace(state, changing=True), (), self.lines("decision_change"))
        if verb in ("valid", "invalid", "void") and contradicts(verb, answer.heard):
            # a near match between opposite commands ("valid" heard in "in valid group two"): ask
            return Outcome(
                state,
                (self.lines("valid_or_invalid", number=number_word(numbers[-1])),),
                accepted=False,
            )
        if verb == "correct":
            roles = dict(enumerate(state.roles, 1))
            points = scores(groups, roles)
            state, say = self._finish_round(
                state, [points[s] for s in range(1, state.players + 1)], rng
            )
            return Outcome(state, say, self.lines("decision_correct"))
        if verb == "list":
            return Outcome(state, self._list_groups(groups), accepted=False)
        wanted = numbers if verb == "merge" else numbers[-1:]
        missing = [n for n in wanted if n not in {g.number for g in groups}]
        if missing:
            return Outcome(
                state,
                (self.lines("no_such_group", number=number_word(missing[0])),),
                accepted=False,
            )
        if verb in ("out", "void", "split") and not self._can_change(groups, verb, numbers):
            return Outcome(
                state,
                (self.lines("cannot_change", number=number_word(numbers[-1])),),
                accepted=False,
            )
        if verb == "merge":
            a, b = numbers
            groups = merge_groups(groups, a, b)
            say = self._group_lines(find(groups, min(a, b)))
            decision = self.lines(
                "decision_merge", first=number_word(min(a, b)), second=number_word(max(a, b))
            )
        elif verb == "split":
            (n,) = numbers
            before = {g.number for g in groups} - {n}
            groups = split_group(groups, n)
            say = tuple(
                line for g in groups if g.number not in before for line in self._group_lines(g)
            )
            decision = self.lines("decision_split", number=number_word(n))
        elif verb == "out":
            seat, n = numbers
            before = {g.number for g in groups}
            groups = take_out(groups, seat, n)
            say = tuple(
                line
                for g in groups
                if g.number == n or g.number not in before
                for line in self._group_lines(g)
            )
            decision = self.lines("decision_out", seat=number_word(seat), number=number_word(n))
        elif verb == "invalid":
            (n,) = numbers
            group = find(groups, n)
            if group.void:
                return Outcome(
                    state,
                    (
                        self.lines(
                            "already_invalid", number=number_word(n), drawing=self._drawings(group)
                        ),
                    ),
                    accepted=False,
                )
            groups = mark(groups, n, frozenset(group.seats))
            say = (
                self.lines("group_invalid", number=number_word(n), drawing=self._drawings(group)),
            )
            decision = self.lines("decision_invalid", number=number_word(n))
        elif verb == "void":
            seat, n = numbers
            group = find(groups, n)
            groups = mark(groups, n, group.invalid | {seat})
            name = next(e.name for e in group.entries if e.seat == seat)
            say = (
                self.lines(
                    "seat_invalid", drawing=name, seat=number_word(seat), number=number_word(n)
                ),
            )
            decision = self.lines("decision_void", seat=number_word(seat), number=number_word(n))
        elif verb == "valid":
            (n,) = numbers
            group = find(groups, n)
            if not group.invalid:
                return Outcome(
                    state,
                    (
                        self.lines(
                            "already_valid", number=number_word(n), drawing=self._drawings(group)
                        ),
                    ),
                    accepted=False,
                )
            groups = mark(groups, n, frozenset())
            say = (self.lines("group_valid", number=number_word(n), drawing=self._drawings(group)),)
            decision = self.lines("decision_valid", number=number_word(n))
        else:
            raise ValueError(f"unknown group correction {answer.value!r}")
        return Outcome(
            replace(state, groups=groups, corrections=state.corrections + 1, changing=False),
            say,
            decision,
        )

    @staticmethod
    def _can_change(groups: tuple[Group, ...], verb: str, numbers: list[int]) -> bool:
        """Whether a split, or a player taken out or voided, fits the group: the correction
        said in the table's words may name a player who is not in it, or who is alone."""
        group = find(groups, numbers[-1])
        if verb == "split":
            return len(group.entries) > 1
        seat = numbers[0]
        return seat in group.seats and (verb == "void" or len(group.seats) > 1)

    def _apply_apart(self, state: State, value: str) -> Outcome:
        """ "Kitty is not cat": the drawings named kitty leave the group for one of their own."""
        _, number, names = value.split(" ", 2)
        name, other = names.split("|")
        n = int(number)
        group = next((g for g in state.groups if g.number == n), None)
        if group is None or name not in {normalise_name(e.name) for e in group.entries}:
            return Outcome(
                state, (self.lines("no_such_group", number=number_word(n)),), accepted=False
            )
        mine = tuple(e for e in group.entries if normalise_name(e.name) == name)
        rest = tuple(e for e in group.entries if normalise_name(e.name) != name)
        seats = {e.seat for e in mine}
        kept = Group(n, rest, group.invalid - (seats - {e.seat for e in rest}))
        moved = Group(free_number(state.groups), mine, group.invalid & seats)
        groups = tuple(
            sorted(
                [kept if g.number == n else g for g in state.groups] + [moved],
                key=lambda g: g.number,
            )
        )
        say = self._group_lines(kept) + self._group_lines(moved)
        said = _said_names(group.entries)
        decision = self.lines(
            "decision_apart",
            drawing=said[name],
            other=said.get(other, other),
            number=number_word(n),
        )
        return Outcome(
            replace(state, groups=groups, corrections=state.corrections + 1, changing=False),
            say,
            decision,
        )


def _said_names(entries: tuple[Entry, ...], exact: bool = False) -> dict[str, str]:
    """Each different drawing of a group, by its normal form, as the table first said it.
    `exact`, for what is only said ("shoes or shoe" is shoes): the form that knows more plurals;
    the corrections' values, which saves hold, keep the form they were saved in."""
    said: dict[str, str] = {}
    for entry in entries:
        said.setdefault(normalise_name(entry.name, exact), as_said(entry.name))
    return said
