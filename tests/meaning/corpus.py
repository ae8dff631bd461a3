"""Read one corpus file of what a table says, checking every entry against the schema.

Independent of gm: the corpus judges the meaning parser, so it must not lean on it. Errors
name the file, the set and the sentence by position, never by text (held files stay unread).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

GAMES = ("who_the_f", "funocracy", "what_the_fake")
COMMANDS = ("repeat", "help", "score", "pause", "resume", "undo", "skip", "quit")
SEATS = range(1, 9)
PLACES = range(1, 7)

Entry = tuple[dict[str, Any], str, Any]


class CorpusError(ValueError):
    """A corpus entry that breaks the schema."""


def _int_in(lo: int, hi: int) -> Callable[[Any], bool]:
    return lambda v: type(v) is int and lo <= v <= hi


def _letters(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(_letter(x) for x in v) and _distinct(v)


def _letter(v: Any) -> bool:
    return isinstance(v, str) and len(v) == 1 and "A" <= v <= "Z"


def _words(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) and x.strip() == x and x for x in v)


def _distinct(v: list) -> bool:
    return len(set(v)) == len(v)


def _sorted_ints(v: Any, allowed: range | list[int]) -> bool:
    return (
        isinstance(v, list)
        and all(type(x) is int and x in allowed for x in v)
        and v == sorted(set(v))
    )


def _groups(v: Any) -> bool:
    if not isinstance(v, list) or not v:
        return False
    for i, g in enumerate(v, 1):
        if not isinstance(g, dict) or set(g) != {"number", "name", "seats"}:
            return False
        if g["number"] != i or not isinstance(g["name"], str) or not g["name"]:
            return False
        if not _sorted_ints(g["seats"], SEATS) or not g["seats"]:
            return False
    return True


# Context keys each ask needs, with a check of each value.
CONTEXT: dict[str, dict[str, Callable[[Any], bool]]] = {
    "who_the_f.result": {"players": _int_in(3, 8)},
    "who_the_f.final_result": {
        "places": lambda v: _sorted_ints(v, PLACES) and len(v) >= 2,
        "asking": lambda v: isinstance(v, str),
    },
    "who_the_f.vote": {"players": _int_in(3, 8)},
    "who_the_f.next": {},
    "funocracy.answer": {"theme": lambda v: isinstance(v, str) and bool(v), "face_up": _letters},
    "funocracy.challenge": {},
    "funocracy.vote": {"voters": _int_in(1, 7)},
    "funocracy.letter": {"face_up": _letters, "word": lambda v: isinstance(v, str) and bool(v)},
    "funocracy.agree": {},
    "what_the_fake.names": {
        "seat": _int_in(1, 8),
        "room": _int_in(1, 3),
        "hints": lambda v: _words(v) and bool(v),
    },
    "what_the_fake.check_names": {"pending": lambda v: _words(v) and bool(v)},
    "what_the_fake.groups": {"groups": _groups, "players": _int_in(3, 8)},
    "what_the_fake.reveal": {"players": _int_in(3, 8), "forgers": _int_in(1, 2)},
}


def _result(v: Any, ctx: dict[str, Any]) -> bool:
    """The result forms of Who the F*ck?: a count for a place, unanimous, none, tie, hint."""
    if not isinstance(v, dict):
        return False
    keys = set(v)
    if keys == {"count", "place"}:
        return _int_in(0, 99)(v["count"]) and v["place"] in PLACES
    if keys == {"unanimous", "place"}:
        return v["unanimous"] is True and v["place"] in PLACES
    if keys in ({"none"}, {"hint"}):
        return v[keys.pop()] is True
    if keys == {"tie"}:
        return _int_in(1, 8)(v["tie"])
    return False


def _final(v: Any, ctx: dict[str, Any]) -> bool:
    if not isinstance(v, dict):
        return False
    places = ctx["places"]
    if set(v) == {"unanimous", "place"}:
        return v["unanimous"] is True and v["place"] in places
    if set(v) == {"empty"}:
        return _sorted_ints(v["empty"], places) and len(v["empty"]) < len(places)
    if set(v) == {"answer"}:
        return isinstance(v["answer"], bool)
    return False


def _word(v: Any, ctx: dict[str, Any]) -> bool:
    """A Funocracy word for a letter: the word starts with the letter it is scored for."""
    return (
        isinstance(v, dict)
        and set(v) == {"word", "letter"}
        and isinstance(v["word"], str)
        and v["word"] == v["word"].strip().lower()
        and bool(v["word"])
        and _letter(v["letter"])
        and v["word"][0].upper() == v["letter"]
    )


def _answer_word(v: Any, ctx: dict[str, Any]) -> bool:
    return _word(v, ctx) and v["letter"] in ctx["face_up"]


def _names(v: Any, ctx: dict[str, Any]) -> bool:
    return isinstance(v, dict) and set(v) == {"names"} and _words(v["names"]) and bool(v["names"])


def _group_edit(v: Any, ctx: dict[str, Any]) -> bool:
    """merge A B, split N, out S N, invalid N, valid N, void S N: real groups and seats."""
    if not isinstance(v, str):
        return False
    verb, *args = v.split(" ")
    if not all(a.isdigit() and a == str(int(a)) for a in args):
        return False
    numbers = [int(a) for a in args]
    groups = {g["number"]: g["seats"] for g in ctx["groups"]}
    if verb == "merge" and len(numbers) == 2:
        a, b = numbers
        return a < b and a in groups and b in groups
    if verb in ("split", "invalid", "valid") and len(numbers) == 1:
        return numbers[0] in groups and (verb != "split" or len(groups[numbers[0]]) > 1)
    if verb in ("out", "void") and len(numbers) == 2:
        seat, number = numbers
        return number in groups and seat in groups[number]
    return False


def _seats(v: Any, ctx: dict[str, Any]) -> bool:
    return (
        isinstance(v, dict)
        and set(v) == {"seats"}
        and _sorted_ints(v["seats"], range(1, ctx["players"] + 1))
        and len(v["seats"]) == ctx["forgers"]
    )


def _one_of(*words: Any) -> Callable[[Any, dict[str, Any]], bool]:
    return lambda v, ctx: any(type(v) is type(w) and v == w for w in words)


def _letter_value(v: Any, ctx: dict[str, Any]) -> bool:
    return _letter(v)


# The answer forms each ask accepts, beside "talk", "ask" and "command:NAME" (open everywhere).
VALUES: dict[str, tuple[Callable[[Any, dict[str, Any]], bool], ...]] = {
    "who_the_f.result": (_result,),
    "who_the_f.final_result": (_final,),
    "who_the_f.vote": (_one_of("reveal", "hint"), _result),
    "who_the_f.next": (_one_of("next"),),
    "funocracy.answer": (_one_of("pass"), _answer_word),
    "funocracy.challenge": (_one_of("challenge", "stand", "wrong_letter"),),
    "funocracy.vote": (_one_of("good", "meh", "tie"),),
    "funocracy.letter": (_one_of("none"), _letter_value, _word),
    "funocracy.agree": (_one_of(True, False),),
    "what_the_fake.names": (_one_of("nothing"), _names),
    "what_the_fake.check_names": (_one_of(True, False, "nothing"), _names),
    "what_the_fake.groups": (_one_of("correct", "more", "list"), _group_edit),
    "what_the_fake.reveal": (_seats,),
}


def kind(means: Any) -> str:
    """The label kind of a meaning: answer, ask, talk or command."""
    if means in ("talk", "ask"):
        return means
    if isinstance(means, str) and means.startswith("command:"):
        return "command"
    return "answer"


def valid(ask: str, ctx: dict[str, Any], means: Any) -> bool:
    """Whether a meaning is one the ask can receive in this context."""
    if isinstance(means, str) and means in ("talk", "ask"):
        return True
    if isinstance(means, str) and means.startswith("command:"):
        return means.removeprefix("command:") in COMMANDS
    return any(check(means, ctx) for check in VALUES[ask])


def load(path: Path) -> list[Entry]:
    """Every sentence of one file as (context, text, means), after checking all of them.

    The context holds the set's keys and its "ask"; "also", when the sentence has one, lists
    the other meanings that would be equally right.
    """
    where = path.name
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise CorpusError(f"{where}: not TOML: {err}") from None
    if set(data) != {"set"} or not isinstance(data["set"], list):
        raise CorpusError(f"{where}: the file holds only [[set]] blocks")
    out: list[Entry] = []
    for i, block in enumerate(data["set"], 1):
        here = f"{where}, set {i}"
        ask = block.get("ask")
        if ask not in CONTEXT:
            raise CorpusError(f"{here}: unknown ask {ask!r}")
        ctx = {k: v for k, v in block.items() if k not in ("ask", "say")}
        if set(ctx) != set(CONTEXT[ask]):
            raise CorpusError(f"{here}: {ask} needs context {sorted(CONTEXT[ask])}")
        for key, check in CONTEXT[ask].items():
            if not check(ctx[key]):
                raise CorpusError(f"{here}: a bad value for {key}")
        if ask == "what_the_fake.reveal" and ctx["forgers"] != (1 if ctx["players"] <= 6 else 2):
            # the rulebook's: one Forger with 3 to 6 players, two with 7 or 8
            raise CorpusError(f"{here}: {ctx['players']} players have not {ctx['forgers']} Forgers")
        says = block.get("say")
        if not isinstance(says, list) or not says:
            raise CorpusError(f"{here}: no [[set.say]] sentences")
        for j, say in enumerate(says, 1):
            there = f"{here}, sentence {j}"
            if not set(say) <= {"text", "means", "also"} or not {"text", "means"} <= set(say):
                raise CorpusError(f"{there}: a sentence has text, means and optionally also")
            text = say["text"]
            if not isinstance(text, str) or not text.strip() or text != text.strip():
                raise CorpusError(f"{there}: the text is empty or padded")
            also = say.get("also", [])
            if not isinstance(also, list) or not also and "also" in say:
                raise CorpusError(f"{there}: also is a list of other meanings")
            for value in [say["means"], *also]:
                if not valid(ask, ctx, value):
                    raise CorpusError(f"{there}: {value!r} is not a meaning {ask} can receive")
            context = {"ask": ask, **ctx, **({"also": also} if also else {})}
            out.append((context, text, say["means"]))
    return out
