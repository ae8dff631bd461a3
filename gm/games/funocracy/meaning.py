"""What a Funocracy table means in its own words: a challenge ("that's a stretch", "no way")
or letting a word stand ("fair enough"), a vote's result ("two good one meh", "it passes"),
which letter a word was for ("the K one", "kilo"), and giving up ("no idea").

The word a player answers is read by words.spoken_words (the lead-ins in front of it dropped);
these meanings read everything around it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from gm.meaning import (
    NOTHING,
    answer,
    any_of,
    letter_in,
    strip_lead,
    texts,
    words,
    yes_or_no,
)
from gm.steps import JSON, Reading

CHALLENGE = (
    "meh",
    "mehh",
    "challenge",
    "objection",
    "object",
    "stretch",
    "no way",
    "come on",
    "really",
    "seriously",
    "nope",
    "nah",
    "boo",
    "booo",
    "rubbish",
    "nonsense",
    "does not count",
    "not count",
    "does not fit",
    "not a real",
    "not really a",
    "is not a",
    "that is not",
    "i do not think so",
    "i doubt",
    "doubt it",
    "not buying",
    "do not buy",
    "weak",
    "lame",
    "cheating",
    "cheat",
    "invalid",
    "disagree",
    "vote on it",
    "let us vote",
    "i want a vote",
    "we vote",
    "hold on",
    "wait a second",
    "hang on",
    "not having",
    "no chance",
    "are you kidding",
    "what",
    "dodgy",
    "sketchy",
    "questionable",
    "not sure about",
    "iffy",
)
STAND = (
    "let it stand",
    "it stands",
    "stands",
    "fair enough",
    "fair",
    "fine",
    "that is fine",
    "okay",
    "ok",
    "alright",
    "sure",
    "good",
    "good one",
    "nice",
    "nice one",
    "great",
    "works",
    "that works",
    "counts",
    "it counts",
    "that counts",
    "accepted",
    "accept",
    "allow it",
    "allowed",
    "valid",
    "legit",
    "no challenge",
    "no objection",
    "next",
    "next player",
    "move on",
    "keep going",
    "go on",
    "carry on",
    "yes",
    "yeah",
    "yep",
    "of course",
    "totally",
    "we will allow it",
    "i will allow it",
    "give it",
    "give it to",
    "no problem",
    "happy with",
    "all good",
    "agreed",
    "i agree",
)
WRONG_LETTER = (
    "wrong letter",
    "other letter",
    "not that letter",
    "different letter",
    "meant the",
    "meant for",
    "it is for the",
    "it was for the",
    "for the other",
    "not for",
    "should be for",
    "should be the",
    "wrong one",
)
GIVE_UP = (
    "pass",
    "i pass",
    "give up",
    "i give up",
    "no idea",
    "no clue",
    "not a clue",
    "i have got nothing",
    "i got nothing",
    "got nothing",
    "nothing",
    "i am out",
    "i am blank",
    "blank",
    "my mind is blank",
    "mind went blank",
    "i do not know",
    "do not know",
    "dunno",
    "i can not think",
    "can not think of",
    "no answer",
    "i surrender",
    "too hard",
)


@dataclass(frozen=True)
class ChallengeMeaning:
    """The table's word in the challenge window: a challenge, the word stands, wrong letter."""

    lines: Callable[..., str]

    def read(self, text: str, held: JSON = None) -> Reading:
        said = strip_lead(texts(words(text)), ())
        if not said:
            return NOTHING
        short = len(said) <= 6
        if any_of(said, WRONG_LETTER):
            return answer("wrong_letter", self.lines("heard_wrong_letter"), short)
        negated_stand = any_of(said, ("not fine", "not good", "not okay", "not valid", "no good"))
        challenged = any_of(said, CHALLENGE) and not any_of(
            said, ("no challenge", "no objection", "not a stretch", "not really a stretch")
        )
        stands = any_of(said, STAND) and not negated_stand
        if negated_stand or (challenged and not stands):
            return answer("challenge", self.lines("heard_challenge"), short)
        if stands and not challenged:
            return answer("stand", self.lines("heard_stand"), short)
        return NOTHING


GOOD = ("good", "goods", "yes", "yeses", "for", "valid", "thumbs up", "accept", "in favour")
MEH = ("meh", "mehs", "mehhs", "bad", "no", "nos", "against", "invalid", "thumbs down", "reject")


@dataclass(frozen=True)
class VoteMeaning:
    """The result of the vote on a challenged word: good, meh or a tie, said as counts or
    majorities ("two good one meh", "mostly meh", "it passes", "split down the middle")."""

    lines: Callable[..., str]
    voters: int

    def read(self, text: str, held: JSON = None) -> Reading:
        sentence = words(text)
        said = strip_lead(texts(sentence))
        if not said:
            return NOTHING
        short = len(said) <= 8
        good = meh = None
        for i, word in enumerate(sentence):
            after = sentence[i + 1].text if i + 1 < len(sentence) else ""
            if word.number is None:
                continue
            if after in GOOD or after in ("good", "yes"):
                good = word.number
            elif after in MEH:
                meh = word.number
        if good is not None or meh is not None:
            if good is None:
                good = self.voters - meh if meh <= self.voters else 0
            if meh is None:
                meh = self.voters - good if good <= self.voters else 0
            value = "good" if good > meh else "meh" if meh > good else "tie"
            return answer(value, self.lines(f"heard_vote_{value}"), short)
        if any_of(said, ("tie", "tied", "a draw", "split", "even", "half and half", "fifty fifty")):
            return answer("tie", self.lines("heard_vote_tie"), short)
        mehs = any_of(
            said,
            (
                "meh",
                "mehs",
                "rejected",
                "reject",
                "fails",
                "failed",
                "does not count",
                "not valid",
                "invalid",
                "thrown out",
                "no good",
                "out",
                "thumbs down",
                "denied",
                "against",
            ),
        )
        goods = any_of(
            said,
            (
                "good",
                "passes",
                "passed",
                "it counts",
                "counts",
                "valid",
                "accepted",
                "stands",
                "in",
                "thumbs up",
                "allowed",
                "keep it",
                "approved",
            ),
        ) and not any_of(said, ("no good", "not good", "not valid", "not allowed"))
        if mehs and not goods:
            return answer("meh", self.lines("heard_vote_meh"), short)
        if goods and not mehs:
            return answer("good", self.lines("heard_vote_good"), short)
        return NOTHING


NONE = (
    "no answer",
    "never mind",
    "nevermind",
    "forget it",
    "cancel",
    "nothing",
    "none",
    "no letter",
    "scrap that",
    "skip it",
    "it does not matter",
    "does not matter",
    "leave it",
    "no word",
)


@dataclass(frozen=True)
class LetterMeaning:
    """Which letter a word was for: its name in any form, or no answer after all. A word said
    again is the ask's open speech, read by the game."""

    lines: Callable[..., str]
    letters: tuple[str, ...]  # every letter that can be named (face up first)

    def read(self, text: str, held: JSON = None) -> Reading:
        said = strip_lead(texts(words(text)))
        if not said:
            return NOTHING
        if any_of(said, NONE):
            return answer("none", self.lines("heard_no_letter"), len(said) <= 4)
        if len(said) > 8:
            return NOTHING
        letter = letter_in(texts(words(text)), self.letters)
        if letter is None:
            return NOTHING
        return answer(letter, self.lines("heard_letter", letter=letter), len(said) <= 5)


@dataclass(frozen=True)
class AgreeMeaning:
    """Yes or no from the table to a word scored for a letter it does not start with."""

    lines: Callable[..., str]

    def read(self, text: str, held: JSON = None) -> Reading:
        said = strip_lead(texts(words(text)), ())
        verdict = yes_or_no(said)
        if verdict is None:
            if any_of(said, ("fine", "go ahead", "allow it", "let it", "we agree", "agreed")):
                verdict = True
            elif any_of(said, ("disagree", "not fair", "does not count", "no way")):
                verdict = False
        if verdict is None:
            return NOTHING
        return answer(verdict, self.lines("heard_yes" if verdict else "heard_no"), len(said) <= 6)


@dataclass(frozen=True)
class GiveUpMeaning:
    """A player giving up the turn in their own words ("no idea", "I've got nothing")."""

    lines: Callable[..., str]

    def read(self, text: str, held: JSON = None) -> Reading:
        said = strip_lead(texts(words(text)))
        if said and len(said) <= 7 and any_of(said, GIVE_UP):
            return answer("pass", self.lines("heard_pass"), len(said) <= 4)
        return NOTHING
