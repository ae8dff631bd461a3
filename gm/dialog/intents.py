"""From what the recogniser heard to what the game expects, with rapidfuzz and a cutoff.

Both the heard text and the expected phrases are normalised the same way (digits to words,
number sound-alikes to numbers when numbers are expected), then scored; below the cutoff
nothing matches, so talk that was not meant for gm does nothing.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from gm.steps import JSON, Choice
from gm.vocab import NUMBER_HOMOPHONES, NUMBER_WORDS

MATCH_CUTOFF = 80.0  # below this score nothing matches
SURE_SCORE = 92.0  # at or above this (and confident enough) no confirmation is needed
RANK_PENALTY = 3.0  # an alternative further down the n-best list must be clearly better


class Command(str, enum.Enum):
    REPEAT = "repeat"
    HELP = "help"
    SCORE = "score"
    PAUSE = "pause"
    RESUME = "resume"
    UNDO = "undo"
    SKIP = "skip"
    QUIT = "quit"


@dataclass(frozen=True)
class Match:
    """The best reading of one utterance: a choice's value or a command."""

    value: JSON
    phrase: str  # the expected phrase it matched
    heard: str  # the alternative it matched from
    score: float  # 0..100, rapidfuzz on normalised text
    command: Command | None = None

    @property
    def sure(self) -> bool:
        return self.score >= SURE_SCORE


_NUMBER_CANON = {word: str(i) for i, word in enumerate(NUMBER_WORDS)}
_WORDS = re.compile(r"[a-z0-9']+")


def normalise(text: str, numbers: bool = False) -> str:
    """Lower case words; digits and number words become digits; with `numbers`, sound-alikes too."""
    out = []
    for word in _WORDS.findall(text.lower().replace("-", " ")):
        if word in _NUMBER_CANON:
            word = _NUMBER_CANON[word]
        elif numbers and word in NUMBER_HOMOPHONES:
            word = str(NUMBER_HOMOPHONES[word])
        if out and out[-1] == "20" and word.isdigit() and 1 <= int(word) <= 9:
            out[-1] = str(20 + int(word))  # "twenty one" is one number
            continue
        out.append(word)
    return " ".join(out)


def _mentions_number(phrases: Iterable[str]) -> bool:
    return any(word in _NUMBER_CANON for phrase in phrases for word in phrase.split())


def _numbers(text: str) -> list[tuple[int, bool]]:
    """Each number in `text`, and whether it is only a sound-alike ("for", "to")."""
    found: list[tuple[int, bool]] = []
    for word in _WORDS.findall(text.lower().replace("-", " ")):
        if word.isdigit():
            value, alike = int(word), False
        elif word in _NUMBER_CANON:
            value, alike = int(_NUMBER_CANON[word]), False
        elif word in NUMBER_HOMOPHONES:
            value, alike = NUMBER_HOMOPHONES[word], True
        else:
            continue
        if found and found[-1] == (20, False) and not alike and 1 <= value <= 9:
            found[-1] = (20 + value, False)  # "twenty one"
        else:
            found.append((value, alike))
    return found


def numbers_agree(heard: str, phrase: str) -> bool:
    """The phrase's numbers, in order, are the heard ones; a sound-alike may be a plain word.

    "four votes for number two" agrees with "for votes for number to", never with "three votes
    for number": a number is a whole slot, not one character of similarity.
    """
    wanted = [n for n, alike in _numbers(phrase) if not alike]
    heard_numbers = _numbers(heard)

    def walk(i: int, j: int) -> bool:
        if j == len(wanted):
            return all(alike for _, alike in heard_numbers[i:])
        if i == len(heard_numbers):
            return False
        value, alike = heard_numbers[i]
        if value == wanted[j] and walk(i + 1, j + 1):
            return True
        return alike and walk(i + 1, j)

    return walk(0, 0)


def score(heard: str, phrase: str) -> float:
    """Character similarity, capped by word-level distance so one word can't stand for three."""
    if heard == phrase:
        return 100.0
    ratio = fuzz.ratio(heard, phrase)
    words_h, words_p = heard.split(), phrase.split()
    distance = Levenshtein.distance(words_h, words_p)
    if distance >= max(len(words_p), 1):
        ratio = min(ratio, MATCH_CUTOFF - 1)  # not one word of it was right
    return ratio


class Matcher:
    """Matches n-best alternatives against choices and the commands that work everywhere."""

    def __init__(self, choices: Sequence[Choice], commands: Mapping[Command, Sequence[str]],
                 cutoff: float = MATCH_CUTOFF) -> None:
        self.cutoff = cutoff
        all_phrases = [p for c in choices for p in c.phrases]
        self.numeric = _mentions_number(all_phrases)
        self._entries: list[tuple[str, str, JSON, Command | None]] = []
        for choice in choices:
            for phrase in choice.phrases:
                self._entries.append((normalise(phrase, self.numeric), phrase, choice.value, None))
        taken = {entry[0] for entry in self._entries}
        for command, phrases in commands.items():
            for phrase in phrases:
                key = normalise(phrase, self.numeric)
                if key not in taken:  # a game's own choice wins over a command of the same words
                    self._entries.append((key, phrase, None, command))

    @property
    def phrases(self) -> tuple[str, ...]:
        """Everything a recogniser should listen for, as written."""
        return tuple(dict.fromkeys(entry[1] for entry in self._entries))

    def match(self, alternatives: Sequence[str]) -> Match | None:
        best: Match | None = None
        for rank, text in enumerate(alternatives):
            heard = normalise(text, self.numeric)
            if not heard:
                continue
            for key, phrase, value, command in self._entries:
                if self.numeric and not numbers_agree(text, phrase):
                    continue
                points = score(heard, key) - rank * RANK_PENALTY
                if points >= self.cutoff and (best is None or points > best.score):
                    best = Match(value, phrase, text, points, command)
        return best


def parse_number(text: str, low: int = 0, high: int = 20) -> int | None:
    """The first number in `text` within [low, high], as a digit, word or sound-alike."""
    for word in normalise(text, numbers=True).split():
        if word.isdigit() and low <= int(word) <= high:
            return int(word)
    return None
