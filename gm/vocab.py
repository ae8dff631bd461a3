"""Phrase sets every game builds its choices from: numbers, yes / no, letters.

Kept apart from the engine so that the pure rules can build their `Choice`s without
importing any of the dialogue machinery.
"""

from __future__ import annotations

import re
from typing import Sequence

from gm.steps import Choice

# A voice hesitating: "um", "er", "hmm". Between two items of a list they do not end it
# ("one, uh, three and four").
HESITATIONS = (
    "um",
    "umm",
    "ummm",
    "uh",
    "uhh",
    "uhhh",
    "er",
    "err",
    "erm",
    "errm",
    "ehm",
    "eh",
    "ehh",
    "uhm",
    "ah",
    "oh",
    "hmm",
    "hm",
    "hmmm",
    "hum",  # Whisper's spelling of a "hmm" before a word ("hum, horse racing")
    "ugh",
    "ahh",
    "mm",
    "mmm",
    "mhm",
)
# The sounds and small words anyone says before an answer, in every game ("um", "well", "so").
SOUNDS = HESITATIONS + (
    "well",
    "so",
    "like",
    "okay",
    "ok",
)
# What a player says while still thinking of an answer: neither an answer nor, in a countdown, a
# pause, for the time is the player's own ("hang on", "one sec"; gm.meaning.thinking_aloud). With
# a reason after it ("hang on, the dog's barking") it pauses there too.
THINKING_ALOUD = (
    "hang on",
    "hold on",
    "one sec",
    "one second",
    "just a sec",
    "just a second",
    "give me a sec",
    "give us a sec",
    "give me a second",
    "give me a minute",
    "give us a minute",
    "wait a sec",
    "wait a second",
    "wait a moment",
    "let me think",
)
# Said before an answer and meaning nothing by themselves: "um", "I think", "so basically".
FILLERS = SOUNDS + (
    "alright",
    "all right",
    "right",
    "basically",
    "actually",
    "honestly",
    "literally",
    "i think",
    "i guess",
    "i reckon",
    "i suppose",
    "i would say",
    "i will say",
    "i say",
    "let us say",
    "how about",
    "what about",
    "maybe",
    "probably",
    "hey",
    "gm",
    "game master",
    "listen",
    "so yeah",
    "anyway",
    "then",
    "and",
    "please",
    "it is",
    "it was",
    "that is",
    "we had",
    "we have",
    "we got",
    "so it is",
    "so it was",
    "looks like",
    "seems like",
    "i count",
    "i counted",
    "i see",
    "we see",
    "result is",
    "the result is",
)


NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty"
).split()

# Sound-alikes a recogniser writes for a number when a number is what is expected.
NUMBER_HOMOPHONES = {
    "for": 4,
    "fore": 4,
    "to": 2,
    "too": 2,
    "won": 1,
    "ate": 8,
    "free": 3,
    "tree": 3,
    "oh": 0,
    "nil": 0,
}

ORDINALS = "zeroth first second third fourth fifth sixth seventh eighth ninth tenth".split()

NATO = {
    "a": "alfa",
    "b": "bravo",
    "c": "charlie",
    "d": "delta",
    "e": "echo",
    "f": "foxtrot",
    "g": "golf",
    "h": "hotel",
    "i": "india",
    "j": "juliett",
    "k": "kilo",
    "l": "lima",
    "m": "mike",
    "n": "november",
    "o": "oscar",
    "p": "papa",
    "q": "quebec",
    "r": "romeo",
    "s": "sierra",
    "t": "tango",
    "u": "uniform",
    "v": "victor",
    "w": "whiskey",
    "x": "x-ray",
    "y": "yankee",
    "z": "zulu",
}

# How a letter's name is written by a recogniser ("bee", "see").
LETTER_NAMES = {
    "a": ("a", "ay"),
    "b": ("b", "bee"),
    "c": ("c", "see", "sea"),
    "d": ("d", "dee"),
    "e": ("e",),
    "f": ("f", "ef"),
    "g": ("g", "gee"),
    "h": ("h", "aitch"),
    "i": ("i", "eye"),
    "j": ("j", "jay"),
    "k": ("k", "kay"),
    "l": ("l", "el"),
    "m": ("m", "em"),
    "n": ("n", "en"),
    "o": ("o", "oh"),
    "p": ("p", "pee"),
    "q": ("q", "queue", "cue"),
    "r": ("r", "are"),
    "s": ("s", "ess"),
    "t": ("t", "tee", "tea"),
    "u": ("u", "you"),
    "v": ("v", "vee"),
    "w": ("w", "double you"),
    "x": ("x", "ex"),
    "y": ("y", "why"),
    "z": ("z", "zed", "zee"),
}

# Yes and no as a table says them, the phrases a grammar listens for. Each phrase more makes a
# grammar recogniser miss a yes in noise more often (two more were enough for PocketSphinx to
# lose "sure" said as a fan starts: tests/test_segment.py), so the rarer forms are read only from
# a transcript, by `reply`. A check's reply may go on after its yes or no ("no, it was a kitten").
YES = (
    "yes",
    "yeah",
    "yep",
    "sure",
    "right",
    "correct",
    "that's right",
    "exactly",
    "yes please",
    "okay",
    "yes that's right",
    "yes correct",
)
NO = ("no", "nope", "nah", "wrong", "no that's wrong", "negative", "no not that", "not quite")
MORE_YES = (
    "yup",
    "that's correct",
    "that's it",
    "absolutely",
    "of course",
    "agreed",
    "we agree",
    "all agreed",
)
MORE_NO = (
    "not really",
    "that's wrong",
    "that's not right",
    "incorrect",
    "no way",
    "we don't agree",
    "not agreed",
)
# What people put between their "no" and the right answer: "no, it was a kitten", "no, I said five".
CORRECTION_LEAD_INS = (
    "it was",
    "it's",
    "it is",
    "i said",
    "we said",
    "i meant",
    "that was",
    "it should be",
    "should be",
    "make that",
    "actually",
    "rather",
    "i think",
)


TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def number_word(n: int) -> str:
    """1 -> 'one', 24 -> 'twenty four', 130 -> 'one hundred thirty': every number gm says is
    words, so a voice reads "30 stars" as it reads "twenty four stars", and grammar phrases have
    no digits. Beyond 999 (no game counts so high), the digits."""
    if 0 <= n < len(NUMBER_WORDS):
        return NUMBER_WORDS[n]
    if 20 <= n < 100:
        return TENS[n // 10 - 2] + (f" {NUMBER_WORDS[n % 10]}" if n % 10 else "")
    if 100 <= n < 1000:
        return f"{NUMBER_WORDS[n // 100]} hundred" + (f" {number_word(n % 100)}" if n % 100 else "")
    return str(n)


# How a table says how many it is: "five", "five players", "we are five" ("we're five": the
# matcher writes contractions out), "five of us".
PLAYER_COUNT = (
    "{n}",
    "{n} players",
    "we are {n}",
    "{n} of us",
    "there are {n} of us",
    "{n} people",
)


def numbers(low: int, high: int, templates: tuple[str, ...] = ("{n}",)) -> tuple[Choice, ...]:
    """One choice per number, phrased through each template ('number {n}', 'seat {n}')."""
    return tuple(
        Choice(n, tuple(t.format(n=number_word(n)) for t in templates))
        for n in range(low, high + 1)
    )


def yes_no() -> tuple[Choice, ...]:
    return (Choice(True, YES), Choice(False, NO))


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("\u2019", "'"))


_VERDICTS = sorted(
    [(tuple(_words(p)), True) for p in YES + MORE_YES]
    + [(tuple(_words(p)), False) for p in NO + MORE_NO],
    key=lambda item: -len(item[0]),
)
_LEAD_INS = sorted((tuple(_words(p)) for p in CORRECTION_LEAD_INS), key=len, reverse=True)


def reply(text: str) -> tuple[bool | None, str]:
    """A reply to "Is that right?" read as people say it: its yes or no first (the longest form
    that starts it), then whatever follows, without the words that lead into a correction.
    "no, it was a kitten" -> (False, "a kitten"); "yeah" -> (True, ""); "three for two" ->
    (None, "three for two")."""
    words = _words(text)
    verdict: bool | None = None
    for form, meaning in _VERDICTS:
        if tuple(words[: len(form)]) == form:
            verdict, words = meaning, words[len(form) :]
            break
    if verdict:  # "yeah no, two votes", "yes, no wait, two": a yes taken back by a no
        rest = words[1:] if words[:1] == ["wait"] else words
        for form, meaning in _VERDICTS:
            if not meaning and tuple(rest[: len(form)]) == form:
                verdict, words = False, rest[len(form) :]
                words = words[1:] if words[:1] == ["wait"] else words
                break
    return verdict, " ".join(strip_lead(words, _LEAD_INS))


def strip_lead(said: list[str], leads: Sequence[tuple[str, ...]]) -> list[str]:
    """`said` without the lead-in words in front of it (`leads` longest first), as long as
    something is left."""
    stripped = True
    while stripped and said:
        stripped = False
        for lead in leads:
            if len(said) > len(lead) and tuple(said[: len(lead)]) == lead:
                said, stripped = said[len(lead) :], True
                break
    return said


def letter_phrases(letter: str) -> tuple[str, ...]:
    """'b' -> ('b', 'bee', 'bravo', 'b as in bravo', 'letter b')."""
    letter = letter.lower()
    names = LETTER_NAMES.get(letter, (letter,))
    nato = NATO.get(letter)
    phrases = list(names) + [f"letter {letter}"]
    if nato:
        phrases += [nato, f"{letter} as in {nato}", f"{letter} for {nato}"]
    return tuple(phrases)


def letters(face_up: str | list[str] | tuple[str, ...]) -> tuple[Choice, ...]:
    return tuple(Choice(l.upper(), letter_phrases(l)) for l in face_up)


# Letters that sound like others across a table (the E-set, a/j/k, m/n, f/s/x): these get their
# NATO word when gm says them; h, i, l, o, q, r, u, w and y are clear alone.
CONFUSABLE = frozenset("bcdegptvzajkmnfsx")


def spoken_letter(letter: str) -> str:
    """'B' -> 'B as in bravo', 'W' -> 'W': the NATO word only where it helps the ear."""
    nato = NATO.get(letter.lower())
    return (
        f"{letter.upper()} as in {nato}"
        if nato and letter.lower() in CONFUSABLE
        else letter.upper()
    )
