"""The vocabulary shared by the pure game rules and the dialogue engine.

A game never touches a microphone or a clock: it returns a `Step` (what to say and what to
listen for) and turns an `Answer` into an `Outcome`. The engine does everything else.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from typing import Any, Mapping, Protocol, Union

JSON = Union[None, bool, int, float, str, list, dict]


@dataclass(frozen=True)
class Choice:
    """One closed answer: the value the game receives and the phrases that mean it."""

    value: JSON
    phrases: tuple[str, ...]


class Kind(str, enum.Enum):
    ANSWER = "answer"  # a complete answer: Reading.value
    PARTIAL = "partial"  # part of one: Reading.question asks for the rest
    NOTHING = "nothing"  # no answer to this ask: talk, or another ask's answer
    WORDS = "words"  # an open answer: Reading.value holds its own words, without the talk around
    TALK = "talk"  # said to the table, not to gm (an open ask would otherwise take it as words)


@dataclass(frozen=True)
class Reading:
    """What one sentence means to one ask."""

    kind: Kind = Kind.NOTHING
    value: JSON = None  # ANSWER: the value the game receives, as a Choice's would be
    said: str = ""  # ANSWER: how gm says it back ("three votes for number two")
    sure: bool = False  # ANSWER: taken at once; else "I heard ... Is that right?" first
    question: str = ""  # PARTIAL: the one short question naming what was understood
    held: JSON = None  # PARTIAL: what was understood, read again with the next sentence


class Meaning(Protocol):
    """The meaning one ask wants. `held` is what a partial reading of the sentence before
    understood (Reading.held), so "number two" completes "three votes"."""

    def read(self, text: str, held: JSON = None) -> Reading: ...


@dataclass(frozen=True)
class Ask:
    """Say some lines, then listen for one of `choices` (or free speech).

    An answer said before its cue (a vote's result before "reveal", "what the fake" before
    "start drawing") is a game's rule, not the engine's: the ask lists it among its choices and
    the game's `apply` takes it as meant, as only the game knows what the cue would have done
    (the drawing's clock starts with one player done; "Is it unanimous?" is not answered early).
    """

    id: str  # names the step in the transcript and the save, e.g. "funocracy.answer"
    say: tuple[str, ...]  # spoken before listening, and again on "repeat"
    choices: tuple[Choice, ...] = ()
    free: bool = False  # also accept open speech: Answer.kind FREE, value = alternatives
    hints: tuple[str, ...] = ()  # words free speech should favour (a theme's answers)
    timeout: float | None = None  # seconds until Answer(TIMEOUT); None waits, reprompting
    countdown: bool = False  # "ten seconds" spoken, tones in the last five, "time!"
    deadline: str | None = None  # asks sharing this key share one timeout started by the first
    # The line that states the time limit, with "{seconds}" where the seconds go: the engine says
    # it after `say` with the time really left (all of it at first, less after a pause or repeat).
    time_line: str = ""
    reprompts: tuple[str, ...] | None = (
        None  # no-input prompts, each clearer; None: the engine's, (): none
    )
    expected: str = ""  # what can be said now, for "help" and after a miss
    skippable: bool = False  # "skip" gives Answer(SKIP) instead of "nothing to skip"
    confirm: bool = False  # confirm every closed answer before deciding ("three, right?")
    endpoint: float = 0.7  # seconds of silence that end an utterance
    # Said instead of `say` on "repeat", after a pause and when a saved game resumes here: what the
    # table needs to hear again (the question being voted on), when `say` alone would not tell it.
    again: tuple[str, ...] = ()
    # Said after a refused answer in place of the ask's own lines (`again` at a deadline ask,
    # `say` elsewhere); () says nothing more: a drawing under way needs no "Draw!" again after
    # "To end everyone's drawing, say stop drawing." None: the ask's own lines.
    after_refusal: tuple[str, ...] | None = None
    # What the ask's answers mean (gm.meaning): read from any sentence the phrases do not match,
    # asking once when only part of it was said. None: the phrases alone.
    meaning: Meaning | None = None
    # Open speech whose answer is one word (a Funocracy word): a recogniser may listen for one
    # word in particular (Vocabulary.one_word).
    one_word: bool = False
    # Open speech that may name several of the hints in one breath ("a fork, a cup and a pan":
    # What the Fake's drawings): a grammar recogniser listens for a list of them
    # (Vocabulary.several).
    several: bool = False
    # Asks about the last answer, which gm doubts: reads it back ("I heard ... Is that right?",
    # a no drops it) or asks for it again ("Takini starts with T, which is not face up. Say your
    # word again"). A player who was misheard answers here rather than with "take that back"
    # (gm.demo's table).
    checks: bool = False


@dataclass(frozen=True)
class End:
    """The game is over; `say` announces the result."""

    say: tuple[str, ...]
    winners: tuple[int, ...] = ()  # seats, empty for a lost cooperative game


Step = Union[Ask, End]


class AnswerKind(str, enum.Enum):
    CHOICE = "choice"  # value is the matched Choice.value
    FREE = "free"  # value is the list of alternative texts, best first
    TIMEOUT = "timeout"  # the ask's timeout ran out
    SKIP = "skip"  # a player said "skip" on a skippable ask


@dataclass(frozen=True)
class Answer:
    kind: AnswerKind
    value: JSON = None
    heard: str = ""  # the text the decision was taken on

    def to_json(self) -> dict:
        return {"kind": self.kind.value, "value": self.value, "heard": self.heard}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Answer":
        return cls(AnswerKind(data["kind"]), data.get("value"), data.get("heard", ""))


@dataclass(frozen=True)
class Outcome:
    """What an answer did. A rejected outcome leaves the state as it was and is not saved."""

    state: Any
    say: tuple[str, ...] = ()
    decision: str = ""  # one short sentence, spoken back by "undo" ("four votes for number two")
    accepted: bool = True
    # What the table puts back with its hands when this decision is undone, said after "Undone:"
    # ("Bring Zigotos two and five back from the box, and one token.").
    put_back: str = ""
    # A step on, not a decision ("next question" after a result): undo passes over it to the
    # decision before, so that "undo" while the next question is read takes back the result.
    transition: bool = False


class Game(Protocol):
    """A game's rules: pure, deterministic given the rng passed in."""

    id: str  # "funocracy"
    title: str  # "Funocracy", spoken

    def new(self, options: Mapping[str, Any], rng: random.Random) -> Any: ...

    def step(self, state: Any) -> Step: ...

    def apply(self, state: Any, ask: Ask, answer: Answer, rng: random.Random) -> Outcome: ...

    def public(self, state: Any) -> dict: ...

    def score(self, state: Any) -> tuple[str, ...]: ...


class RulesError(ValueError):
    """An option a person gave breaks the rules (nine players); its message is one sentence."""


@dataclass(frozen=True)
class Line:
    """One simulated player's reply in a demo or a test: what is said and what it means.

    `text` empty means the table stays silent for `silence` seconds (a timeout, a challenge
    window left to close). `seat` picks the voice.
    """

    answer: Answer
    text: str = ""
    seat: int = 1
    silence: float = 0.0


class Simulated(Protocol):
    """A game that can play itself: a plausible reply to any of its asks."""

    def demo_line(self, state: Any, ask: Ask, rng: random.Random) -> Line: ...


def said(ask: Ask, value: JSON, phrase: str, seat: int) -> Line:
    """The Line that says `phrase`, which must be one of the phrases of the choice worth `value`."""
    choice = next(c for c in ask.choices if c.value == value)
    if phrase not in choice.phrases:
        raise ValueError(f"{phrase!r} is not a phrase of {value!r} in {ask.id}")
    return Line(Answer(AnswerKind.CHOICE, value, phrase), phrase, seat)
