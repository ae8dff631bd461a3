"""What a player of What the Fake?! means when naming drawings: "I've got a ship in a bottle,
fish and chips and a cat" is three drawings, each name whole; "my first one is a cat" is a cat;
"that's it" is the end of the list.

A name is everything said for it: "and", "in a", "with" stay inside it unless the sentence
clearly lists several (commas, "then", an article after the "and": "a bow and an arrow", or a
name the theme is known for on each side). When it is unclear, one short question: "One
drawing, salt and pepper, or two?"
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from gm import content
from gm.games.what_the_fake.names import (
    ARTICLES,
    DRAWINGS,
    hint_forms,
    normalise_name,
    split_names,
)
from gm.meaning import (
    NOTHING,
    answer,
    any_of,
    leads,
    partial,
    plain,
    strip_lead,
    tokens,
    yes_or_no,
)
from gm.steps import JSON, Reading

# What players say before their drawings, never part of a name.
LEAD_INS = (
    "um",
    "uh",
    "er",
    "erm",
    "so",
    "okay",
    "ok",
    "okay so",
    "right",
    "well",
    "alright",
    "i think",
    "i guess",
    "i have got",
    "i have",
    "i got",
    "i did",
    "i drew",
    "i made",
    "i went with",
    "i went for",
    "i sketched",
    "i tried",
    "i tried to draw",
    "i attempted",
    "mine are",
    "mine were",
    "mine is",
    "my drawings are",
    "my drawings were",
    "my three are",
    "my first one is",
    "my first one was",
    "my first is",
    "my first was",
    "my first",
    "my second one is",
    "my second is",
    "my last one is",
    "my last is",
    "the first one is",
    "the first is",
    "first one is",
    "first",
    "firstly",
    "first of all",
    "there is",
    "there was",
    "we have",
    "it is",
    "it was",
    "this is",
    "that is",
    "number one",
    "one is",
    "let me see",
    "let us see",
    "oh",
    "hmm",
    "yeah",
    "yes",
    "and",
    "then",
    "also",
)
_LEADS = leads(LEAD_INS)
DONE = (
    "that is it",
    "that is all",
    "that is everything",
    "i am done",
    "done",
    "nothing else",
    "no more",
    "nothing more",
    "that is my lot",
    "all done",
    "finished",
    "i am finished",
    "that is the lot",
    "nothing",
    "i drew nothing",
    "none",
    "no drawings",
    "i have nothing",
    "i got nothing",
    "i did not draw anything",
    "i did not finish",
    "blank",
    "zero",
)
_NOT_NAMES = frozenset("yes yeah yep no nope nah okay ok um uh hmm right sure".split())
# A list's seams: said between names, never inside one.
HARD = ("then", "and then", "next", "also", "plus", "after that", "and also", "and lastly")
_SEAM = re.compile(r"\s*(?:,|;|\.|\bthen\b|\bnext\b|\balso\b|\bplus\b|\bafter that\b)\s*")
_TAIL = ("i think", "i guess", "maybe", "probably", "sort of", "kind of", "or something")


def _clean(text: str) -> list[str]:
    """The words with the lead-in and tail words dropped ("um I've got a cat I think")."""
    said = strip_lead(tokens(text), _LEADS)
    changed = True
    while changed and said:
        changed = False
        for tail in _TAIL:
            t = tail.split()
            if len(said) > len(t) and said[-len(t) :] == t:
                said, changed = said[: -len(t)], True
    return said


def _name(words: list[str]) -> str:
    """A name as written down: its words without a leading article or lead-in."""
    words = strip_lead(words, _LEADS)
    while len(words) > 1 and words[0] in ARTICLES:
        words = words[1:]
    return " ".join(words)


@dataclass(frozen=True)
class NamesMeaning:
    """The names of one player's drawings (what_the_fake.names), at most `room` of them."""

    lines: Callable[..., str]
    hints: tuple[str, ...]
    room: int = DRAWINGS

    def _answer(self, names: list[str]) -> Reading:
        names = [n for n in names if n]
        return answer(
            {"names": names}, content.spoken_list(names), all(n for n in names) and len(names) > 0
        )

    def read(self, text: str, held: JSON = None) -> Reading:
        if isinstance(held, dict) and "one" in held:
            said = tokens(text)
            one = any_of(said, ("one", "one drawing", "just one", "a single", "together", "same"))
            two = any_of(said, ("two", "two drawings", "separate", "both", "apart"))
            if one != two:
                return self._answer(held["one"] if one else held["two"])
        said = _clean(text)
        if not said:
            return NOTHING
        if any_of(tokens(text), DONE) and len(said) <= 6:
            return answer("nothing", self.lines("heard_no_more"), True)
        forms = hint_forms(self.hints)
        pieces = [p for p in _SEAM.split(plain(text)) if not any_of(tokens(p), DONE)]
        pieces = [p for p in (_clean(p) for p in pieces) if p]
        names: list = []
        if not pieces or all(w in _NOT_NAMES for p in pieces for w in p):
            return NOTHING  # "yes", "okay": no drawing
        for index, words in enumerate(pieces):
            if len(pieces) > 1 and index < len(pieces) - 1 and words[-1:] != ["and"]:
                names.extend(self._ands(words, forms, listing=False, paused=True))
            else:
                names.extend(self._ands(words, forms, listing=len(pieces) > 1))
        if len(names) == 1 and isinstance(names[0], list) and len(names[0]) >= 3 and self.room > 1:
            split = split_names(" ".join(names[0]), self.hints, self.room)
            if 1 < len(split) <= self.room and "and" not in names[0]:
                return self._answer(list(split))
        unclear = [n for n in names if isinstance(n, tuple)]
        if unclear:
            whole = [(" ".join(n[0]) if isinstance(n, tuple) else _name(n)) for n in names]
            apart: list[str] = []
            for n in names:
                apart.extend([_name(n[1]), _name(n[2])] if isinstance(n, tuple) else [_name(n)])
            if len(apart) > self.room:
                return self._answer(whole)
            asked = unclear[0]
            question = self.lines(
                "ask_one_or_two",
                name=" ".join(asked[0]),
                first=_name(asked[1]),
                second=_name(asked[2]),
            )
            return partial(question, {"one": whole, "two": apart})
        return self._answer([_name(n) for n in names])

    def _ands(self, words: list[str], forms: dict, listing: bool, paused: bool = False) -> list:
        """One piece between seams: its name, or the names an "and" joins. An "and" before an
        article, or the last "and" of a list with commas, separates; one inside a known name
        does not; between two known names it separates; in a stretch said before a comma
        (`paused`) it joins ("bow and arrow, a cat"); otherwise it is unclear (a tuple of the
        whole and its two halves)."""
        if "and" not in words or normalise_name(" ".join(words)) in forms:
            return [words]
        at = len(words) - 1 - words[::-1].index("and")
        left, right = words[:at], words[at + 1 :]
        if not left or not right:
            return [[w for w in words if w != "and"]]
        if right[0] in ARTICLES or listing:
            return self._ands(left, forms, False) + [right]
        if self.room == 1 or paused:
            return [words]
        known_left = normalise_name(" ".join(left)) in forms
        known_right = normalise_name(" ".join(right)) in forms
        if known_left and known_right:
            return self._ands(left, forms, False) + [right]
        if len(left) > 3 or len(right) > 3:
            return [words]
        return [(words, left, right)]


REFUSE = ("not at all", "not quite", "wrong", "not that", "not it", "that is wrong", "try again")
CONFIRM = ("that is it", "that is right", "correct", "exactly", "spot on", "you got it", "right")


@dataclass(frozen=True)
class CheckMeaning:
    """Yes or no to "I heard flying pig. Is that right?" said with confirming words around it
    ("yes that's it", "nope, not at all"); anything more is the game's to read."""

    lines: Callable[..., str]

    def read(self, text: str, held: JSON = None) -> Reading:
        said = tokens(text)
        verdict = yes_or_no(said)
        if verdict is None:
            return NOTHING
        rest = [w for w in said[1:] if w not in ("yes", "yeah", "yep", "no", "nope", "nah")]
        if not rest or any_of(rest, CONFIRM if verdict else REFUSE) and len(rest) <= 4:
            return answer(verdict, self.lines("heard_yes" if verdict else "heard_no"), True)
        return NOTHING
