"""What the game master of Who the F*ck? knows at any moment (the cards and tokens stay on the
table), and the rulebook's set-up table."""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, replace

from gm.games.common import last_played_last

MAX_TOKENS = 8


class Phase(str, enum.Enum):
    PLAYERS = "players"
    DIFFICULTY = "difficulty"
    LAYOUT = "layout"
    VOTE = "vote"
    RESULT = "result"
    NEXT = "next"  # a result was told: the table talks it over until "next question"
    FINAL_SETUP = "final_setup"
    FINAL_VOTE = "final_vote"
    FINAL_RESULT = "final_result"
    WON = "won"
    LOST = "lost"


class Difficulty(str, enum.Enum):
    EASY = "easy"
    REGULAR = "regular"
    EXPERT = "expert"


DIFFICULTY_ALIASES = {
    "easy": Difficulty.EASY,
    "regular": Difficulty.REGULAR,
    "normal": Difficulty.REGULAR,
    "expert": Difficulty.EXPERT,
    "hard": Difficulty.EXPERT,
}

# The rulebook's set-up table: players -> starting tokens for easy, regular, expert.
STARTING_TOKENS = {
    3: (3, 2, 1),
    4: (4, 3, 2),
    5: (4, 3, 2),
    6: (5, 4, 3),
    7: (5, 4, 3),
    8: (6, 5, 4),
}


@dataclass(frozen=True)
class State:
    """Everything the game master knows; the cards themselves stay on the table."""

    phase: Phase
    players: int | None
    difficulty: Difficulty | None
    tokens: int | None  # None until set-up is complete
    elected: int
    places: tuple[int, ...]  # places still in use (all six until the final round removes some)
    pile: tuple[int, ...]  # question indices, next on top (index 0)
    discards: tuple[int, ...]
    current: int  # the question index being voted on
    used: int  # questions finished (solved, lost or spoiled)
    reveal_after: float | None
    zuper: int | None = None  # the place elected unanimously in the final round
    announced: tuple[str, ...] = ()  # what the last result said (cards to move), for "repeat"
    final_from: int | None = None  # `used` when the final round began: its first question explains
    asking: str = (
        ""  # a question of gm's own first: "skip" (agreed?), "which" (unanimous for which?),
    )
    # "empties" (which places got no vote?)


def starting_tokens(players: int, difficulty: Difficulty) -> int:
    """The rulebook's table, capped by the stock of 8."""
    column = list(Difficulty).index(difficulty)
    return min(MAX_TOKENS, STARTING_TOKENS[players][column])


def majority(players: int) -> int:
    """The smallest absolute majority: strictly more than half."""
    return players // 2 + 1


def draw_question(state: State, rng: random.Random) -> State:
    """Discard the current question and put the next one up, reshuffling if the pile is empty;
    the question just asked, drawn first, goes to the bottom: never asked twice in a row."""
    discards = state.discards + (state.current,)
    pile = state.pile
    if not pile:
        refill = list(discards)
        rng.shuffle(refill)
        pile, discards = last_played_last(refill, state.current), ()
    return replace(state, pile=pile[1:], discards=discards, current=pile[0], used=state.used + 1)
