"""Funocracy: say a word for the theme that starts with a face-up letter; the table judges it.

rules.py holds the rules (the set-up, the rounds, the turns and the letters won); state.py
what gm knows, judging.py the challenge, the vote and the table's agreement, scores.py the
stars and the winner, words.py how an answer is heard, deck.py the letters, themes and lines.
table.py holds the simulated players of `gm demo` and the tests. `load` gives the rules
with their simulated table, as `gm.games.load` does.
"""

from __future__ import annotations

from gm.games.funocracy.deck import Theme
from gm.games.funocracy.rules import Funocracy
from gm.games.funocracy.scores import winners
from gm.games.funocracy.state import Mode, Pending, Phase, State
from gm.games.funocracy.table import SimulatedFunocracy, load
from gm.games.funocracy.words import first_fitting, sounds_with, spoken_words, vote_choices

__all__ = [
    "Funocracy",
    "Mode",
    "Pending",
    "Phase",
    "SimulatedFunocracy",
    "State",
    "Theme",
    "first_fitting",
    "load",
    "sounds_with",
    "spoken_words",
    "vote_choices",
    "winners",
]
