"""Who the F*ck?: the cooperative voting game, with the program holding the question deck.

rules.py holds the rules (the set-up, the questions, the votes and elections); state.py what
gm knows, final.py the final round's result, phrases.py the results as a table says them,
deck.py the questions and lines. table.py holds the simulated players of `gm demo` and the
tests. `load` gives the rules with their simulated table, as `gm.games.load` does.
"""

from __future__ import annotations

from gm.content import ContentError
from gm.games.who_the_f.phrases import final_result_choices, result_choices
from gm.games.who_the_f.rules import WhoTheF
from gm.games.who_the_f.state import Difficulty, Phase, State
from gm.games.who_the_f.table import TABLES, SimulatedWhoTheF, load

__all__ = [
    "TABLES",
    "ContentError",
    "Difficulty",
    "Phase",
    "SimulatedWhoTheF",
    "State",
    "WhoTheF",
    "final_result_choices",
    "load",
    "result_choices",
]
