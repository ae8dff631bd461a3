"""Phrase sets every game builds its choices from: numbers, yes / no, letters.

Kept apart from the engine so that the pure rules can build their `Choice`s without
importing any of the dialogue machinery.
"""
from __future__ import annotations

from gm.steps import Choice

NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty"
).split()

# Sound-alikes a recogniser writes for a number when a number is what is expected.
NUMBER_HOMOPHONES = {"for": 4, "fore": 4, "to": 2, "too": 2, "won": 1, "ate": 8, "free": 3, "tree": 3, "oh": 0, "nil": 0}

ORDINALS = (
    "zeroth first second third fourth fifth sixth seventh eighth ninth tenth".split()
)

NATO = {
    "a": "alfa", "b": "bravo", "c": "charlie", "d": "delta", "e": "echo", "f": "foxtrot",
    "g": "golf", "h": "hotel", "i": "india", "j": "juliett", "k": "kilo", "l": "lima",
    "m": "mike", "n": "november", "o": "oscar", "p": "papa", "q": "quebec", "r": "romeo",
    "s": "sierra", "t": "tango", "u": "uniform", "v": "victor", "w": "whiskey", "x": "x-ray",
    "y": "yankee", "z": "zulu",
}

# How a letter's name is written by a recogniser ("bee", "see").
LETTER_NAMES = {
    "a": ("a", "ay"), "b": ("b", "bee"), "c": ("c", "see", "sea"), "d": ("d", "dee"),
    "e": ("e",), "f": ("f", "ef"), "g": ("g", "gee"), "h": ("h", "aitch"), "i": ("i", "eye"),
    "j": ("j", "jay"), "k": ("k", "kay"), "l": ("l", "el"), "m": ("m", "em"), "n": ("n", "en"),
    "o": ("o", "oh"), "p": ("p", "pee"), "q": ("q", "queue", "cue"), "r": ("r", "are"),
    "s": ("s", "ess"), "t": ("t", "tee", "tea"), "u": ("u", "you"), "v": ("v", "vee"),
    "w": ("w", "double you"), "x": ("x", "ex"), "y": ("y", "why"), "z": ("z", "zed", "zee"),
}

YES = ("yes", "yeah", "yep", "sure", "right", "correct", "that's right", "exactly", "yes please", "okay", "yes that's right", "yes correct")
NO = ("no", "nope", "nah", "wrong", "no that's wrong", "negative", "no not that")


def number_word(n: int) -> str:
    """1 -> 'one', 24 -> 'twenty four'; beyond twenty-nine, the digits."""
    if 0 <= n < len(NUMBER_WORDS):
        return NUMBER_WORDS[n]
    if 21 <= n <= 29:
        return f"twenty {NUMBER_WORDS[n - 20]}"
    return str(n)


def spoken_number(n: int) -> str:
    """A number as words, beyond twenty too ('twenty three', 'forty five'): for what gm says, and
    for grammar phrases, which have no digits."""
    if n <= 20:
        return number_word(n)
    tens = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
    word = tens[n // 10 - 2] if n < 100 else str(n)
    return word if n % 10 == 0 else f"{word} {number_word(n % 10)}"


def numbers(low: int, high: int, templates: tuple[str, ...] = ("{n}",)) -> tuple[Choice, ...]:
    """One choice per number, phrased through each template ('number {n}', 'seat {n}')."""
    return tuple(
        Choice(n, tuple(t.format(n=number_word(n)) for t in templates)) for n in range(low, high + 1)
    )


def yes_no() -> tuple[Choice, ...]:
    return (Choice(True, YES), Choice(False, NO))


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


def spoken_letter(letter: str) -> str:
    """'B' -> 'B as in bravo'."""
    nato = NATO.get(letter.lower())
    return f"{letter.upper()} as in {nato}" if nato else letter.upper()
