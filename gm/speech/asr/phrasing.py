"""From an open-vocabulary transcript to the phrases an ask listens for.

A grammar recogniser names one of the ask's phrases; Whisper writes prose ("Undo.", "3 votes
for number 2", "What's the score?", "and do"). This module turns the prose into a phrase the way
a grammar would have heard it, so nothing after the recogniser can tell which engine heard:

- the transcript is normalised (lower case, no punctuation, numerals as words);
- Whisper's own loop (a short window makes it say "four, four, four") is cut to one pass;
- its known hallucinations on silence and noise ("thank you", "you", "beep beep") are refused
  unless the ask listens for them;
- a transcript with many more words than any phrase is talk, not an answer; but a phrase
  written word for word inside it may be someone speaking to gm over the table (`inside`), which
  the adapter then checks by where its words lie and how loud they are;
- what is left is matched to the phrases by spelling (rapidfuzz) and by sound (a Metaphone key
  per word, from jellyfish), numbers always exactly: "and do" is "undo", "for" is "four" where
  a number is asked for, and "pass" stays "pass" where the ask lists it beside "pause".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import jellyfish
from rapidfuzz import fuzz

from gm.vocab import FILLERS, NUMBER_HOMOPHONES, NUMBER_WORDS

CUTOFF = 80.0  # a phrase must score this much (0..100) to be what was said
SOUND_WEIGHT = (
    0.95  # a match by sound alone counts for this much of a match by spelling ("end you": undo)
)
SOUND_FLOOR = (
    50.0  # and only when the spelling is at least this close ("may" is not "meh" by ear alone)
)
EXTRA_WORDS = 2  # a transcript longer than the longest phrase by more than this is talk
INSIDE_CUTOFF = 90.0  # a phrase found inside talk must be this close to words written there

_ONES = NUMBER_WORDS[:20]
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_CONTRACTIONS = {
    "what's": "what is",
    "that's": "that is",
    "it's": "it is",
    "let's": "let us",
    "i'm": "i am",
    "we're": "we are",
    "there's": "there is",
    "who's": "who is",
    "don't": "do not",
    "didn't": "did not",
    "isn't": "is not",
    "can't": "cannot",
}

# What Whisper writes for silence, breath, clicks and noise it cannot read (its issue tracker,
# and SPEECH-FACTS.md): refused unless the ask lists them.
HALLUCINATIONS = frozenset(
    {
        "you",
        "thank you",
        "thanks",
        "thank you very much",
        "thank you so much",
        "thanks for watching",
        "thank you for watching",
        "thanks for listening",
        "bye",
        "bye bye",
        "goodbye",
        "beep",
        "beeping",
        "oh",
        "uh",
        "um",
        "hmm",
        "mm",
        "the end",
        "subscribe",
        "please subscribe",
        "music",
        "applause",
        "silence",
        "so",
        "okay",
        "i",
        "a",
        "the",
        "and",
        "huh",
    }
)


def spell_number(n: int) -> str:
    """0..999 in words, as people say them ("24" -> "twenty four")."""
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10 - 2] + ("" if n % 10 == 0 else " " + _ONES[n % 10])
    rest = n % 100
    return _ONES[n // 100] + " hundred" + ("" if rest == 0 else " " + spell_number(rest))


def _numeral(match: re.Match[str]) -> str:
    """A numeral written out, its "'s" kept on it ("player 2's drawing": "player two's")."""
    digits, owner = match.group(1), match.group(2) or ""
    value = int(digits)
    spelled = spell_number(value) if value < 1000 else " ".join(_ONES[int(d)] for d in digits)
    return f" {spelled}{owner} "


def normalise(text: str) -> str:
    """Lower-case words, no punctuation, numerals written out ("3 votes" -> "three votes")."""
    text = text.lower().replace("&", " and ").replace("-", " ").replace("\u2019", "'")
    text = re.sub(r"(\d+)('s\b)?", _numeral, text)
    text = re.sub(r"[^a-z' ]+", " ", text)
    words = [w.strip("'") for w in text.split()]
    return " ".join(w for w in words if w)


def expanded(text: str) -> str:
    """The same words with contractions written out ("what's the score" -> "what is the score")."""
    return " ".join(_CONTRACTIONS.get(w, w) for w in text.split())


def _repeats(words: Sequence[str], start: int, period: int) -> bool:
    """Whether `words` from `start` on say the same `period` words again and again (at least
    twice), the last time perhaps cut off in the middle of a word. `passes` asks only for
    periods that fit twice in what is left."""
    tail = words[start:]
    last = len(tail) - 1
    return all(tail[i] == tail[i - period] for i in range(period, last)) and tail[
        last - period
    ].startswith(tail[last])


def _doubled(words: Sequence[str]) -> bool:
    """A first word said twice and then other words ("no no it was three", "sorry sorry I
    pointed"): how people talk, where a decoder's loop says its word a third time or goes round
    to the end ("four four four", "nope nope n")."""
    return len(words) > 2 and words[0] == words[1] and not words[0].startswith(words[2])


def started_over(words: Sequence[str]) -> int | None:
    """Where the words start over from their first ("four four four", "i'm done i'm done i'm
    done i", "skip this one skip th"): the length of the first pass, None if they never do. A
    person's word said twice and then others is no loop ("no no it was three")."""
    for period in range(1, len(words)):
        again = words[period : 2 * period]
        if period == 1 and _doubled(words):
            continue  # "yeah yeah next", "no no it was three": a person's word said twice
        if again == words[:period] or (
            # the second pass cut short in or after its second word ("skip this one skip th",
            # "next question next quest"): one word again is no loop ("two and two")
            1 < len(again) <= period
            and words[: len(again) - 1] == again[:-1]
            and words[len(again) - 1].startswith(again[-1])
        ):
            return period
    return None


def passes(words: Sequence[str]) -> list[list[str]]:
    """What a decoder given a short window may have meant when it said its phrase again and
    again: it loops, not always the same way at first ("four four four", "b b b t b", "let's get
    this one skip this one skip this one"). Where the words start over, the first pass is what
    was said; where only the end goes round, either what came before the loop ("next question
    end end end": the padding after the phrase looped) or the pass it settled on, whose start is
    not known: each way round of it (the ask's phrases tell which, the words before first on a
    tie). No loop: the words as they are."""
    words = list(words)
    period = started_over(words)
    if period is not None:
        return [words[:period]]
    for start in range(1, len(words) // 2):
        for period in range(1, (len(words) - start) // 2 + 1):
            if _repeats(words, start, period):
                unit = words[start : start + period]
                return [words[:start]] + [unit[k:] + unit[:k] for k in range(period)]
    return [words]


_LIST_ENDS = frozenset("a an the and i".split())


def _stem(word: str) -> str:
    """A word without a plural's "s", for telling a name written again ("fruit", "fruits")."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def list_forms(hints: Sequence[str]) -> frozenset[tuple[str, ...]]:
    """The hints as `first_round` looks for them: normalised words without a plural's "s"."""
    return frozenset(tuple(_stem(w) for w in normalise(h).split()) for h in hints) - {()}


def first_round(words: Sequence[str], forms: frozenset[tuple[str, ...]]) -> list[str]:
    """A list of names (Vocabulary.several) as far as it goes before a name comes again: after
    the audio ends the decoder may go round the list once more ("a zebra, a bee and a tiger, a
    bee, a tiger"), or start it all over again, and no player names a drawing twice in one
    breath (the rules would count it once). Cut where the words start over, or before the first
    hint (`forms`: list_forms of the hints) written again (or its plural: the second time round
    may differ), a one-word name only where a new name would begin (after "a", "and"...), without
    the "a" or "and" left hanging."""
    words = list(words)
    period = started_over(words)
    if period is not None:  # the whole list said again ("i'm done, i'm done, i'm done, i")
        words = words[:period]
    stems = [_stem(w) for w in words]
    for at in range(1, len(words)):
        for form in forms:
            n = len(form)
            if tuple(stems[at : at + n]) != form:
                continue
            if n == 1 and words[at - 1] not in _LIST_ENDS:
                continue  # a name inside another ("a pencil, like a sharpened pencil"), no round
            if any(tuple(stems[k : k + n]) == form for k in range(at - n + 1)):
                kept = words[:at]
                while kept and kept[-1] in _LIST_ENDS:
                    kept.pop()
                return kept
    return words


# Whisper writes a list's "and" as "end" ("golf club, end the golf ball", "an earth end, er,
# mars", "a pen, end, a thorn"): "end" where the next name begins (before an article, before a
# filler after a comma, or alone between commas), not inside a name ("a dead end, a cat").
_END_AS_AND = re.compile(r"\bend(?= (?:a|an|the)\b|, (?:er|um|uh)\b)|(?<=, )end(?=, )")


def list_joints(text: str) -> str:
    """A list of names (Vocabulary.several) with Whisper's "end" for "and" written "and"."""
    return _END_AS_AND.sub("and", text)


WORD_CUTOFF = 50.0  # a word written this close to one of a phrase's is that word misspelt
SOUND_CUTOFF = 60.0  # or one whose Metaphone key is this close: that word misheard


def _accounted(word: str, phrase_words: Sequence[str], phrase: str) -> bool:
    """Whether a phrase has `word` in it: the word itself or one spelt or sounding near it
    ("mass" for "meh"), a number's sound-alike ("for" four), or a piece of one of its words
    ("every" "one": everyone)."""
    number = NUMBER_HOMOPHONES.get(word)
    key = sound_key(word)
    return (
        (number is not None and NUMBER_WORDS[number] in phrase_words)
        or any(fuzz.ratio(word, p) >= WORD_CUTOFF for p in phrase_words)
        or (
            len(key) >= 2
            and any(fuzz.ratio(key, sound_key(p)) >= SOUND_CUTOFF for p in phrase_words)
        )
        or (len(word) >= 3 and word in phrase)
    )


# The words of what a table says before an answer and means nothing by ("um", "it was", "i
# think"): a phrase read without them leaves nothing out.
_FILLER_WORDS = frozenset(word for filler in FILLERS for word in filler.split())


def leaves_out(text: str, phrase: str) -> bool:
    """Whether reading `text` (normalised) as `phrase` leaves some of its words out: "so
    everyone but joe voted for four" matches "everyone voted for four" closely, and means
    something else. Words misspelt, run together or split apart are in the phrase still, and
    so are the fillers said around an answer ("um, it was for votes for two")."""
    normal = normalise(phrase)
    readings = {normal, expanded(normal)}
    phrase_words = [w for r in readings for w in r.split()]
    joined = " ".join(readings)
    return any(
        not _accounted(word, phrase_words, joined)
        for word in dict.fromkeys(text.split() + expanded(text).split())
        if word not in _CONTRACTIONS and word not in _FILLER_WORDS
    )


HINT_SPELLING = 85.0  # a word no dictionary holds, this close to one of the ask's hints, is it


@lru_cache(maxsize=1)
def known_words() -> frozenset[str]:
    """The 20,000 English words of gm's word list (data/en-us-words.dict, NOTICE)."""
    path = Path(__file__).parent / "data" / "en-us-words.dict"
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(line.split(" ", 1)[0].split("(")[0] for line in lines if line)


def spelled_as_hint(text: str, hints: Sequence[str]) -> str | None:
    """The hint a transcript misspells: a transcript with a word no dictionary holds, spelt
    within HINT_SPELLING of exactly one of the ask's hints that begins with the same letter
    ("yokohamat" or "yokoham" for the theme's Yokohama). None for a transcript of known words
    ("sing" may be what was said for "sink"), or none or two hints that close."""
    form = normalise(text)
    if not form or all(word in known_words() for word in form.split()):
        return None
    close = {
        hint
        for hint in hints
        if (written := normalise(hint))
        and written[0] == form[0]
        and fuzz.ratio(form, written) >= HINT_SPELLING
    }
    return close.pop() if len(close) == 1 else None


def is_hallucination(text: str, phrases: Sequence[str] = ()) -> bool:
    """Whisper's habits on silence and noise, unless the ask listens for exactly that."""
    return text in HALLUCINATIONS and text not in phrases


_NUMBER_VALUES = {w: i for i, w in enumerate(NUMBER_WORDS)}


def _numbers(words: Sequence[str], homophones: bool) -> list[int]:
    values = []
    for word in words:
        if word in _NUMBER_VALUES:
            values.append(_NUMBER_VALUES[word])
        elif homophones and word in NUMBER_HOMOPHONES:
            values.append(NUMBER_HOMOPHONES[word])
    return values


@lru_cache(maxsize=4096)
def sound_key(text: str) -> str:
    """A Metaphone key of each word, joined: "and do" and "undo" both give "ANT". A word that
    starts with a vowel keeps one mark for it, whichever vowel it is."""
    key = jellyfish.metaphone(text.replace(" ", "").replace("'", ""))
    return ("A" + key[1:]) if key[:1] in "AEIOU" and key else key


@dataclass(frozen=True)
class Heard:
    phrase: str  # as the ask wrote it
    score: float  # 0..100


@dataclass(frozen=True)
class Inside:
    """A phrase written inside a longer transcript: words[first:last] of it."""

    phrase: str
    score: float
    first: int
    last: int


class PhraseIndex:
    """The phrases of one ask, ready to be matched to transcripts."""

    def __init__(self, phrases: Sequence[str]) -> None:
        self.phrases = tuple(dict.fromkeys(p for p in phrases if normalise(p)))
        self._normal = [normalise(p) for p in self.phrases]
        self.numeric = any(_numbers(n.split(), False) for n in self._normal)
        self._numbers = [_numbers(n.split(), self.numeric) for n in self._normal]
        self._keys = [sound_key(n) for n in self._normal]
        self.longest = max((len(n.split()) for n in self._normal), default=0)

    def beginning_with(self, word: str) -> list[str]:
        """The phrases whose first word (normalised) is `word`."""
        return [p for p, n in zip(self.phrases, self._normal) if n.split()[:1] == [word]]

    def is_talk(self, text: str) -> bool:
        """Many more words than any phrase: people talking, not answering."""
        return len(text.split()) > self.longest + EXTRA_WORDS

    def inside(self, words: Sequence[str], among: Sequence[str] | None = None) -> Inside | None:
        """The phrase (of `among`, or of all) written most nearly word for word somewhere in
        `words` (a normalised transcript), at least INSIDE_CUTOFF; the longest such phrase on a
        tie ("repeat that" over "repeat"), the first place it stands. Spelling only: by sound,
        talk is full of near-commands ("and do" is undo alone, not inside "and do you know")."""
        best: Inside | None = None
        for phrase, normal, wanted in zip(self.phrases, self._normal, self._numbers):
            if among is not None and phrase not in among:
                continue
            size = len(normal.split())
            for first in range(len(words) - size + 1):
                piece = words[first : first + size]
                if _numbers(piece, self.numeric) != wanted:
                    continue
                reading = " ".join(piece)
                points = max(fuzz.ratio(reading, normal), fuzz.ratio(expanded(reading), normal))
                if points < INSIDE_CUTOFF:
                    continue
                if best is None or (points, size) > (best.score, best.last - best.first):
                    best = Inside(phrase, round(points, 1), first, first + size)
        return best

    def match(self, text: str, limit: int = 3) -> list[Heard]:
        """The phrases `text` (normalised) may be, best first, each at least CUTOFF."""
        if not text:
            return []
        readings = dict.fromkeys((text, expanded(text)))
        found: dict[str, float] = {}
        for reading in readings:
            words = reading.split()
            numbers = _numbers(words, self.numeric)
            key = sound_key(reading)
            for phrase, normal, wanted, phrase_key in zip(
                self.phrases, self._normal, self._numbers, self._keys
            ):
                if (
                    numbers != wanted
                ):  # numbers are whole slots: three votes for two is not for five
                    continue
                points = fuzz.ratio(reading, normal)
                if points < CUTOFF and points >= SOUND_FLOOR and len(phrase_key) >= 2:
                    points = max(points, SOUND_WEIGHT * fuzz.ratio(key, phrase_key))
                if points >= CUTOFF:  # the better of the two readings
                    found[phrase] = max(found.get(phrase, points), points)
        best = sorted(found.items(), key=lambda item: -item[1])[:limit]
        return [Heard(phrase, round(points, 1)) for phrase, points in best]
