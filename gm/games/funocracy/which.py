"""The reply to Funocracy's "Which one do you mean: A, or B?": one of the two by its place, or
neither.

Apart from gm.games.funocracy.meaning, whose every written word its asks count as known
(gm.meaning.knows): "second" or "last" said at a challenge is no word those asks look for.
"""

from __future__ import annotations

from gm.steps import Kind, Reading


def one_of(said: list[str], either: list[str]) -> Reading | None:
    """The reply to "Which one do you mean: A, or B?" when it answers by place ("the second
    one": B) or names neither (no word: the player goes on thinking); None when it is a word
    of its own, read as any answer."""
    reply = " ".join(w for w in said if w not in ("um", "uh", "er", "oh", "well", "ah", "hmm"))
    if reply in ("neither", "none") or reply.startswith(("neither ", "none of ")):
        return Reading(Kind.TALK)
    places = {"first": 0, "former": 0, "second": 1, "latter": 1, "last": 1}
    place = reply.removeprefix("the ").removesuffix(" one")
    return Reading(Kind.WORDS, either[places[place]]) if place in places else None
