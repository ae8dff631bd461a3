"""How Funocracy hears an answer: the word said for the theme, and the letter it is for.

A player says a word, often with something in front of it ("um, the banana"); the first
alternative whose first real word starts with a face-up letter is the answer. A word whose
first letter is silent ("knife") sounds like another letter's (N). The result of a vote is said
in many ways ("majority meh", "two good one meh").
"""

from __future__ import annotations

import re

from gm.games.common import ARTICLES
from gm.steps import Choice
from gm.vocab import SOUNDS, number_word

# Words people say before their answer: "um, banana" is banana. Only in front of another word.
FILLERS = SOUNDS + (
    "maybe",
    "i say",
    "i'd say",
    "let's say",
    "how about",
    "my word is",
    "i think",
    "is it",
    "it's",
    "it is",
    "i'll go with",
    "i will go with",
    "i'm going with",
    "going with",
    "i'll go for",
    "i'll say",
    "i will say",
    "my answer is",
    "the answer is",
    "i've got",
    "i got",
    "i have",
    "oh i know",
    "i know",
    "ooh",
    "oooh",
    "wait",
    "let me think",
    "what about",
    "yes",
    "yeah",
    "got it",
    "easy",
    "obviously",
)
# Said after the answer: "kiwi, final answer", "kiwi I guess". Only behind another word.
TAILS = (
    "final answer",
    "please",
    "i guess",
    "i think",
    "maybe",
    "right",
    "yeah",
    "obviously",
    "of course",
    "thanks",
)
# Said just after the challenge window closed: meant for the window, never the next player's word.
# A turn given up: at the turn, and at "which letter?" after its word.
PASSES = ("pass", "i pass", "give up", "i give up", "no idea")
LATE_PHRASES = (
    "meh",
    "mehh",
    "challenge",
    "i challenge",
    "no challenge",
    "next player",
    "next",
    "it stands",
)
LATE_CHALLENGES = ("meh", "mehh", "challenge", "i challenge")
# Spellings whose first letter is silent: "knife" sounds like an N word.
SILENT_FIRST = {"kn": "N", "gn": "N", "wr": "R", "ph": "F"}


_LEAD_INS = tuple(sorted((tuple(f.split()) for f in FILLERS + ARTICLES), key=len, reverse=True))
_TAILS = tuple(sorted((tuple(t.split()) for t in TAILS), key=len, reverse=True))


def spoken_words(text: str) -> list[str]:
    """The words of an answer without the filler words and article in front of it ("um, the
    banana" -> ["banana"], "is it kiwi?" -> ["kiwi"]) and the words said after it ("kiwi, final
    answer"); a filler said alone stays a word."""
    words = re.findall(r"[a-z']+", str(text).lower().replace("\u2019", "'"))
    stripped = True
    while stripped:
        stripped = False
        for lead in _LEAD_INS:
            if len(words) > len(lead) and tuple(words[: len(lead)]) == lead:
                words, stripped = words[len(lead) :], True
                break
        for tail in _TAILS:
            if len(words) > len(tail) and tuple(words[-len(tail) :]) == tail:
                words, stripped = words[: -len(tail)], True
                break
    return words


def sounds_with(word: str, letter: str) -> bool:
    """Whether `word` starts with `letter` as it is written or as it is said ("knife": N)."""
    return bool(word) and (word[0].upper() == letter or SILENT_FIRST.get(word[:2]) == letter)


def first_fitting(
    alternatives: list[str] | tuple[str, ...], face_up: tuple[str, ...]
) -> tuple[str, str] | None:
    """(word text, letter) for the first alternative whose first real word starts with a
    face-up letter."""
    for text in alternatives:
        words = spoken_words(text)
        if words and words[0][0].upper() in face_up:
            return " ".join(words), words[0][0].upper()
    return None


def vote_choices(voters: int) -> tuple[Choice, ...]:
    """The result of a vote as a table says it: "good", "meh wins", "it's a tie", or the count
    ("two good one meh", "all good"); a count's value is its majority."""
    good = [
        "good",
        "majority good",
        "good wins",
        "mostly good",
        "it's good",
        "all good",
        "everyone said good",
        "accepted",
        "valid",
        "it stands",
    ]
    meh = [
        "meh",
        "mehh",
        "majority meh",
        "meh wins",
        "mostly meh",
        "it's meh",
        "all meh",
        "everyone said meh",
        "rejected",
        "invalid",
    ]
    # A verdict for good said negated is meh ("not accepted", "it's not good"), a phrase of its
    # own: the phrases never hear it as the verdict it denies.
    meh += [f"not {p}" for p in good if " " not in p]
    meh += [p.replace("it's ", "it's not ", 1) for p in good if p.startswith("it's ")]
    tie = ["tie", "a tie", "tied", "draw", "it's a tie", "half and half", "split"]
    for yes in range(voters + 1):
        no = voters - yes
        forms = [
            f"{number_word(yes)} good {number_word(no)} meh",
            f"{number_word(no)} meh {number_word(yes)} good",
        ]
        (good if yes > no else meh if no > yes else tie).extend(forms)
        if yes > no:  # the majority alone: "two good"
            good.append(f"{number_word(yes)} good")
            meh.append(f"{number_word(yes)} meh")
    return (Choice("good", tuple(good)), Choice("meh", tuple(meh)), Choice("tie", tuple(tie)))
