"""What the Fake?!: the drawing game of Artists and Forgers, with the program holding the EXPO
deck.

rules.py holds the rules (the set-up, the rounds, the drawing and the reveal), state.py what gm
knows, naming.py and grouping.py the naming and the grouping of the drawings, names.py how a
name is heard, groups.py the groups of the same drawing, scoring.py the roles and points,
deck.py the cards and lines. table.py holds the simulated players of `gm demo` and the tests.
`load` gives the rules with their simulated table, as `gm.games.load` does.
"""

from __future__ import annotations

from gm.games.what_the_fake.deck import Card
from gm.games.what_the_fake.groups import Entry, Group, group_drawings
from gm.games.what_the_fake.names import (
    normalise_name,
    pick_names,
    singular,
    split_names,
    spoken_forms,
    with_article,
)
from gm.games.what_the_fake.rules import WhatTheFake
from gm.games.what_the_fake.scoring import (
    Mode,
    Role,
    forger_count,
    open_forgers,
    round_count,
    scores,
    winners,
)
from gm.games.what_the_fake.state import Phase, Scoring, State
from gm.games.what_the_fake.table import SimulatedWhatTheFake, load

# Options every new game records, so that a save replays by the rules it was played with:
# drawings grouped by their names' exact singular ("shoes" is shoe; State.exact_names).
NEW_OPTIONS = {"names": 2}

__all__ = [
    "Card",
    "Entry",
    "Group",
    "Mode",
    "Phase",
    "Role",
    "Scoring",
    "SimulatedWhatTheFake",
    "State",
    "WhatTheFake",
    "forger_count",
    "group_drawings",
    "load",
    "normalise_name",
    "open_forgers",
    "pick_names",
    "round_count",
    "scores",
    "singular",
    "split_names",
    "spoken_forms",
    "winners",
    "with_article",
]
