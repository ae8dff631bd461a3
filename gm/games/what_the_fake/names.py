"""How What the Fake?! hears the names of the drawings: "a cactus, a sombrero and then a llama".

A player names one to three drawings in an utterance. The names are split on commas, "and",
"then" and articles, with the theme's typical drawings (the card's hints) kept whole ("salt
and pepper"); every name is compared in a normal form (no article, singular words). A "yes"
or "no" to a check may bring more in one breath, and "valid"/"invalid" are checked against
the words heard so that one is never taken for the other.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import combinations
from typing import Iterable, Mapping, Sequence

from gm.games.common import ARTICLES as COMMON_ARTICLES
from gm.games.common import HESITATIONS

DRAWINGS = 3  # drawings per player per round


ARTICLES = frozenset(COMMON_ARTICLES + ("some", "my"))  # "my cat" is the drawing "cat"
DONE_PHRASES = ("that's all", "that is all", "no more", "nothing else")
YES_WORDS = frozenset("yes yeah yep yup right correct".split())
NO_WORDS = frozenset("no nope nah".split())
SAID_AGAIN = (
    60.0  # rapidfuzz ratio from which a name said during a check is the doubtful one said again
)
HARD = frozenset("then next also plus finally lastly first second third last".split())
SOFT = frozenset(("and",))
# Words around the names that are never part of one: "I drew a cactus", "it was a cat".
FILLERS = frozenset(HESITATIONS) | frozenset(
    "i i've ive drew drawn did made yes yeah yep is was drawing drawings number it's its it".split()
)
_STRENGTH = {"article": 0, "soft": 1, "hard": 2}


# Plurals the simple rule below gets wrong, known to the grouping of games begun since (a
# save's "names" option, 2): a word's own "-oe" ("shoes" is shoe, not "sho") and the irregular
# plurals a table draws.
OE_WORDS = frozenset(
    "shoe horseshoe snowshoe toe tiptoe mistletoe canoe oboe hoe floe sloe doe foe aloe".split()
)
IRREGULAR = {
    "mice": "mouse",
    "geese": "goose",
    "teeth": "tooth",
    "feet": "foot",
    "men": "man",
    "women": "woman",
    "children": "child",
    "people": "person",
    "knives": "knife",
    "leaves": "leaf",
    "wolves": "wolf",
    "shelves": "shelf",
    "loaves": "loaf",
    "halves": "half",
    "scarves": "scarf",
    "calves": "calf",
    "thieves": "thief",
    "elves": "elf",
    "hooves": "hoof",
    "snowmen": "snowman",
    "firemen": "fireman",
    "policemen": "policeman",
    "postmen": "postman",
    "cavemen": "caveman",
    "spacemen": "spaceman",
    "fishermen": "fisherman",
}


def singular(word: str, exact: bool = False) -> str:
    """A simple English singular: enough to match "cactuses" with "cactus", "boxes" with "box".
    `exact` also knows OE_WORDS and IRREGULAR ("shoes" and "shoe", "mice" and "mouse")."""
    if exact and word in IRREGULAR:
        return IRREGULAR[word]
    if exact and word.endswith("oes") and word[:-1] in OE_WORDS:
        return word[:-1]  # "shoes", "horseshoes", "canoes"; "potatoes" is potato
    if len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes", "uses", "oes")):
        return word[:-2]
    if word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("s"):
        return word[:-1]
    return word


def words_of(text: str) -> list[str]:
    """Lower-case words; an apostrophe only inside one ("don't"), not a plural's possessive
    ("penguins' feet" is "penguins feet", as a transcript writes it)."""
    words = (w.strip("'") for w in re.findall(r"[a-z']+", text.lower().replace("-", " ")))
    return [w for w in words if w]


@lru_cache(maxsize=8192)
def normalise_name(name: str, exact: bool = False) -> str:
    """Lower case, no leading article, every word singular: the form names are compared in
    (`exact`: singular's, for the grouping of games begun since it knew more plurals)."""
    return " ".join(singular(w, exact) for w in as_said(name).split())


def as_said(name: str) -> str:
    """A drawing's name as the table said it, without its article: what gm says back ("shoes",
    never the normal form "sho")."""
    words = words_of(name)
    while words and words[0] in ARTICLES:
        words = words[1:]
    return " ".join(words)


def hint_forms(hints: Iterable[str]) -> dict[str, str]:
    return {normalise_name(h): h for h in hints if normalise_name(h)}


def segment_names(words: list[str], forms: Mapping[str, str], unknown: int = 1) -> list[str] | None:
    """Split a run of words into two or more known drawings (hints), allowing `unknown` unknown
    single words, the fewest pieces first.

    'cactus sombrero camel' -> cactus, sombrero, camel; 'big red bus' stays whole (two unknowns).
    """
    # best[i]: (unknown words, pieces, the pieces) covering words[i:]
    best: list[tuple[int, int, list[str]] | None] = [None] * (len(words) + 1)
    best[len(words)] = (0, 0, [])
    for start in range(len(words) - 1, -1, -1):
        for end in range(start + 1, len(words) + 1):
            piece = " ".join(words[start:end])
            rest = best[end]
            known = normalise_name(piece) in forms
            if rest is None or not (known or end == start + 1):
                continue
            candidate = (rest[0] + (not known), rest[1] + 1, [piece] + rest[2])
            if best[start] is None or candidate[:2] < best[start][:2]:
                best[start] = candidate
    found = best[0]
    if found is None or found[0] > unknown or found[1] - found[0] < 2:
        return None
    return found[2]


def split_names(text: str, hints: Iterable[str] = (), room: int = DRAWINGS) -> tuple[str, ...]:
    """'a cactus, a sombrero and then a llama' -> ('cactus', 'sombrero', 'llama').

    Splits on commas, "and", "then" and articles; keeps a hint with such a word inside whole;
    joins pieces back at "and" or an article when that is what makes three.
    """
    hints = tuple(hints)
    forms = hint_forms(hints)
    text = _join_paused(text.lower())
    lowered = " " + re.sub(r"[,;.!?]", " , ", text) + " "
    special = ARTICLES | HARD | SOFT | FILLERS
    for hint in sorted(hints, key=len, reverse=True):
        if special & set(hint.split()):
            lowered = re.sub(rf"(?<=\s){re.escape(hint)}(?=\s)", hint.replace(" ", "_"), lowered)
    pieces: list[list[str]] = []
    bounds: list[str] = []
    current: list[str] = []
    pending: str | None = None
    for word in re.findall(r"[a-z_']+|,", lowered.replace("-", " ")):
        kind = (
            "hard"
            if word == "," or word in HARD
            else "soft"
            if word in SOFT
            else "article"
            if word in ARTICLES
            else "filler"
            if word in FILLERS
            else None
        )
        if kind == "filler":
            continue
        if kind is None:
            if not current and pieces:
                bounds.append(pending or "article")
                pending = None
            current.append(word)
            continue
        if current:
            pieces.append(current)
            current = []
        if pieces and (pending is None or _STRENGTH[kind] > _STRENGTH[pending]):
            pending = kind
    if current:
        pieces.append(current)
    if len(pieces) > room:
        pieces = _join_back(pieces, bounds, forms, room)
    elif len(pieces) < room:
        pieces = _split_by_hints(pieces, forms, room)
    return tuple(" ".join(piece).replace("_", " ") for piece in pieces)


_AND_WORD = re.compile(r"(?<=[a-z'])\s+and\s+(?!(?:%s)\b)(?=[a-z])" % "|".join(sorted(ARTICLES)))


def _join_paused(text: str) -> str:
    """'bow and arrow, a cat' -> 'bow_and_arrow, a cat': where the recogniser marked pauses
    (commas), an "and" inside a stretch said without one, before the last, joins a name; the
    last stretch's "and" is a list's ("a cactus, a sombrero and a llama"). An "and" before an
    article always separates ("a bow and an arrow")."""
    parts = re.split(r"([,;.!?])", text)
    stretches = [i for i in range(0, len(parts), 2) if parts[i].strip()]
    for index in stretches[:-1]:
        parts[index] = _AND_WORD.sub("_and_", parts[index])
    return "".join(parts)


def _join_back(
    pieces: list[list[str]], bounds: list[str], forms: Mapping[str, str], room: int = DRAWINGS
) -> list[list[str]]:
    """Too many pieces: undo soft splits so that `room` remain, when that is clearly meant."""
    needed = len(pieces) - room
    weak = [i for i, kind in enumerate(bounds) if kind != "hard"]
    best: tuple[int, list[list[str]]] | None = None
    for joined in combinations(weak, needed):
        result: list[list[str]] = [list(pieces[0])]
        merged_at: list[int] = []
        for index, piece in enumerate(pieces[1:]):
            if index in joined:
                glue = ["and"] if bounds[index] == "soft" else []
                result[-1] = result[-1] + glue + list(piece)
                merged_at.append(len(result) - 1)
            else:
                result.append(list(piece))
        merged = set(merged_at)
        known = sum(normalise_name(" ".join(result[i]).replace("_", " ")) in forms for i in merged)
        all_soft = all(bounds[i] == "soft" for i in joined)
        if known == len(merged) or all_soft:
            rank = known * 2 + all_soft
            if best is None or rank > best[0]:
                best = (rank, result)
    return best[1] if best else pieces


def _split_by_hints(
    pieces: list[list[str]], forms: Mapping[str, str], room: int = DRAWINGS
) -> list[list[str]]:
    """Too few pieces: a run like 'cactus sombrero llama' may be several known drawings."""
    result: list[list[str]] = []
    for index, piece in enumerate(pieces):
        left = room - len(result) - (len(pieces) - index - 1)
        parts = None
        if len(piece) > 1 and normalise_name(" ".join(piece)) not in forms:
            parts = segment_names(piece, forms)
        if parts and 1 < len(parts) <= left:
            result.extend(part.split() for part in parts)
        else:
            result.append(piece)
    return result


def pick_names(
    alternatives: Sequence[str], hints: Iterable[str] = (), room: int = DRAWINGS
) -> tuple[tuple[str, ...], bool]:
    """The names in the recogniser's alternatives, one to `room` of them.

    A reading made only of known drawings (hints, names already said) beats one with unknown
    words: a drawing the table is known to make is surer than a guess. Then a reading that
    gives exactly `room` names, then the better ranked. The flag is False when nothing fits (all
    empty, or more than `room`; the names are then the first reading with too many).
    """
    hints = tuple(hints)
    forms = hint_forms(hints)
    parsed = [split_names(text, hints) for text in alternatives if isinstance(text, str)]
    if not any(
        0 < len(names) <= room for names in parsed
    ):  # "fish and chips" as the last drawing: one
        parsed += [
            split_names(_AND_WORD.sub("_and_", text.lower()), hints)
            for text in alternatives
            if isinstance(text, str)
        ]
    fitting = [(rank, names) for rank, names in enumerate(parsed) if 0 < len(names) <= room]
    if fitting:

        def preference(item: tuple[int, tuple[str, ...]]) -> tuple[bool, bool, int]:
            rank, names = item
            return not all(normalise_name(n) in forms for n in names), len(names) != room, rank

        return min(fitting, key=preference)[1], True
    too_many = next((names for names in parsed if len(names) > room), ())
    return too_many, False


# Drawings of gm's deck that English says without "a" ("I drew bacon", "rain"): what a table
# says, and so the form the names ask's hints put first (`spoken_forms`).
UNCOUNTED = frozenset(
    "bacon bread broccoli butter cereal champagne cheese confetti corn fog garbage glue hail honey"
    " jam lava lightning money popcorn rain slime snow soap soup syrup thunder toast wind".split()
    + ["chewing gum", "orange juice", "salt and pepper"]
)


def with_article(name: str) -> str:
    """'cactus' -> 'a cactus', 'owl' -> 'an owl'; what looks plural ('mittens') or is said
    without one ('bacon', UNCOUNTED) stays as it is."""
    if singular(name) != name or name in UNCOUNTED:
        return name
    return ("an " if name[0] in "aeiou" else "a ") + name


def spoken_forms(names: Iterable[str]) -> tuple[str, ...]:
    """How a drawing is said: 'a cactus', 'cactus', 'i drew a cactus': every form a player
    uses, for the names ask's hints. The article's form first: a recogniser primed with the
    first hints then hears them as a list said in one breath ("a cactus, a sombrero, a
    llama"); led by "i drew", one wrote a list's "a" as "i" (docs/recognition.md, "A list of
    drawings")."""
    forms: list[str] = []
    for name in names:
        forms += [with_article(name), name, f"i drew {with_article(name)}"]
    return tuple(dict.fromkeys(forms))


def contradicts(verb: str, heard: str) -> bool:
    """Whether the words heard say the opposite of `verb`: "valid" taken from "in valid group
    two" or "group two is not valid"; "invalid" or "player four invalid" without the word."""
    words = words_of(heard)
    if not any("valid" in word for word in words):  # no word to check it by (a value, not speech)
        return False
    text = " ".join(words)
    negative = "invalid" in words or "in valid" in text or "not" in words or "isn't" in words
    return not negative if verb in ("invalid", "void") else negative
