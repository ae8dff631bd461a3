"""What the game master of Funocracy knows at any moment: the letters, the themes, the turn,
the scores (the table holds nothing but its words)."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Phase(str, enum.Enum):
    PLAYERS = "players"  # set-up: how many players?
    MODE = "mode"  # set-up: normal or alternative?
    ANSWER = "answer"  # the active player has 25 seconds for a word
    LETTER = "letter"  # the word was heard but no letter fitted: which letter?
    CHALLENGE = "challenge"  # the short window in which the table may say "meh"
    VOTE = "vote"  # the other players voted; what was the result?
    AGREE = (
        "agree"  # does the whole table agree to score a word for a letter it does not start with?
    )
    OVER = "over"


class Mode(str, enum.Enum):
    NORMAL = "normal"
    ALTERNATIVE = "alternative"


@dataclass(frozen=True)
class Pending:
    """An answer heard but not yet won: the letter is won when the challenge window closes."""

    seat: int
    letter: str
    word: str


@dataclass(frozen=True)
class State:
    phase: Phase
    players: int | None
    mode: Mode | None
    round: int = 0  # 1..3 once dealt
    active: int = 1  # seat whose turn it is
    face_up: tuple[str, ...] = ()  # left to right
    pile: tuple[str, ...] = ()  # letters to draw, top first
    discarded: tuple[str, ...] = ()  # this round: unseen discards and rotated letters
    won: tuple[tuple[str, ...], ...] = ()  # this round, per seat (index seat - 1)
    scores: tuple[tuple[int, ...], ...] = ()  # per seat, stars per round
    theme: int | None = None  # index into the game's themes
    set_aside: tuple[int, ...] = ()  # this round's themes still to reveal
    theme_pile: tuple[int, ...] = ()
    theme_discard: tuple[int, ...] = ()
    theme_answered: bool = False  # a valid answer was given on the current theme
    themes_without_answer: int = 0
    turn: int = 0  # counts turns; names the shared deadline of one turn's asks
    pending: Pending | None = None
    heard: str = ""  # the text that fitted no letter, for the "which letter?" ask
    fresh_round: bool = False  # the round was just dealt: announce it
    fresh_theme: bool = False  # the theme was just revealed
    challenges: int = 0  # answers challenged so far this game
    told: bool = False  # the face-up letters were said since they last changed
    answers_heard: int = 0  # answers heard so far this game (the first ones say how to challenge)
    agree: str = ""  # in AGREE: the letter the heard word is to be scored for
    skipped: bool = False  # the active player skipped a theme this turn (once a turn)
    back: bool = False  # the turn goes on after "which letter?": its ask says so, not the theme
