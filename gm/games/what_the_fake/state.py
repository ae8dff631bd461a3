"""What the game master of What the Fake?! knows at any moment (the drawings and role cards
stay on the table)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from gm.games.what_the_fake.groups import Group
from gm.games.what_the_fake.scoring import Mode, Role


class Phase(str, enum.Enum):
    PLAYERS = "players"
    MODE = "mode"
    THEME = "theme"
    DRAWING = "drawing"
    REVEAL = "reveal"
    NAMING = "naming"
    GROUPS = "groups"
    POINTS = "points"
    OVER = "over"


class Scoring(str, enum.Enum):
    FULL = "full"
    QUICK = "quick"


@dataclass(frozen=True)
class State:
    """Everything the game master knows; drawings and role cards stay on the table."""

    phase: Phase
    players: int | None
    mode: Mode | None
    scoring: Scoring
    time_limit: float | None
    pile: tuple[int, ...]  # EXPO card indices, next on top
    discards: tuple[int, ...]
    card: int | None = None  # the EXPO card of this round
    round: int = 0
    skips: int = 0  # themes skipped this round
    started: bool = False  # an answer was decided in this drawing phase
    shouts: int = 0
    roles: tuple[Role, ...] | None = None  # by seat - 1; None while hidden roles are secret
    named: tuple[int, ...] = ()  # Forgers named so far in the hidden-roles reveal
    drawings: tuple[tuple[str, ...], ...] = ()  # names per seat, in seat order, this round
    naming: tuple[str, ...] = ()  # names the player now naming has said so far
    heard: tuple[str, ...] = ()  # the names of the last utterance, said back
    pending: tuple[str, ...] = ()  # names heard with unknown words, waiting for a yes or no
    ending: bool = False  # the pending names ended the list ("a bicycle, that's all")
    groups: tuple[Group, ...] = ()
    corrections: int = 0  # group corrections decided this round
    changing: bool = False  # the table said it has a change to make: gm asks which
    points: tuple[int, ...] = ()  # quick scoring: points said so far this round, by seat
    totals: tuple[int, ...] = ()
    history: tuple[tuple[int, ...], ...] = ()  # points of each finished round, by seat
    # drawings grouped by the names' exact singular ("shoes" is shoe): a save's "names" option 2,
    # which games are begun with since (NEW_OPTIONS); older saves replay as they were played
    exact_names: bool = False
