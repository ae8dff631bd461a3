"""Who the F*ck?'s simulated table: the players `gm demo` and the tests hear, one reply an ask.

The rules (rules.py) never read this: a simulated player chooses what a real one might say,
and the rules must understand it as they would a person. A table plays to win (the demo) or
to lose (the tests of a lost game).
"""

from __future__ import annotations

import random
from pathlib import Path

from gm.content import ContentFile, Lines
from gm.games.common import phrase_numbers
from gm.games.who_the_f.phrases import PLACES
from gm.games.who_the_f.rules import MIN_PLAYERS, WhoTheF
from gm.games.who_the_f.rules import load as load_rules
from gm.games.who_the_f.state import Difficulty, Phase, State, majority
from gm.steps import Answer, AnswerKind, Ask, Line, said
from gm.vocab import number_word

TABLES = ("win", "lose")  # how the simulated table plays


class SimulatedWhoTheF(WhoTheF):
    """Who the F*ck?'s rules with a table of simulated players who answer every ask
    (`demo_line`), playing to win or to lose."""

    def __init__(self, questions: tuple[str, ...], lines: Lines, table: str = "win") -> None:
        if table not in TABLES:
            raise ValueError(f"the simulated table plays to {' or '.join(TABLES)}, not {table!r}")
        super().__init__(questions, lines)
        self.table = table  # how demo_line plays

    def playing_to(self, table: str) -> SimulatedWhoTheF:
        """The same rules with a simulated table that plays to "win" or to "lose"."""
        return SimulatedWhoTheF(self.questions, self.lines.source, table)

    # ------------------------------------------------------- the simulated table

    def demo_line(self, state: State, ask: Ask, rng: random.Random) -> Line:
        """A plausible reply of a simulated table (for `gm demo` and the end-to-end tests).

        Playing to win (the default), it shows each kind of result: majorities, a unanimous
        vote, a lost round (never the last token, so the demo reaches the final round), one hint
        on the third question, a final round that sends some Zigotos home before a unanimous
        vote. Playing to lose (`playing_to("lose")`), four players on expert lose every token.
        """
        if (
            state.phase is Phase.NEXT
        ):  # before any draw, so the rest of a planned game stays as it was
            return said(ask, "next", "next question", 1)
        seat = rng.randint(1, state.players or 1)
        phase = state.phase
        losing = self.table == "lose"
        if phase is Phase.PLAYERS:
            players = 4 if losing else rng.choice((4, 5, 6))
            return said(ask, players, f"{number_word(players)} players", 1)
        if phase is Phase.DIFFICULTY:
            if losing:
                return said(ask, Difficulty.EXPERT.value, "expert", 1)
            return said(ask, Difficulty.REGULAR.value, "regular", 1)
        if phase in (Phase.LAYOUT, Phase.FINAL_SETUP):
            return said(ask, "ready", "we are ready", seat)
        if state.asking == "skip":
            return said(ask, True, "yes", seat)
        if phase in (Phase.VOTE, Phase.FINAL_VOTE):
            if state.used == 2 and phase is Phase.VOTE:
                return said(ask, "hint", "someone gave a hint", seat)
            if ask.timeout is not None and rng.random() < 0.5:
                return Line(Answer(AnswerKind.TIMEOUT), "", seat, silence=ask.timeout + 1.5)
            return said(ask, "reveal", "reveal", seat)
        if phase is Phase.RESULT:
            if losing:
                return self._demo_losing_result(state, ask, rng, seat)
            return self._demo_result(state, ask, rng, seat)
        return self._demo_final(state, ask, rng, seat)

    def _demo_losing_result(self, state: State, ask: Ask, rng: random.Random, seat: int) -> Line:
        """A table that starts well and falls apart: an election, a unanimous count, (a hint
        while voting the third question), a vote short of a majority, one more election, then no
        majority until the last token is gone."""
        players = state.players or MIN_PLAYERS
        place = rng.choice(PLACES)
        spoken = number_word(place)
        if state.used in (0, 1, 4):
            count = players if state.used == 1 else rng.randint(majority(players), players - 1)
            return said(
                ask,
                {"count": count, "place": place},
                f"{number_word(count)} votes for number {spoken}",
                seat,
            )
        if state.used == 3 and majority(players) > 2:
            return said(ask, {"count": 2, "place": place}, f"two votes for number {spoken}", seat)
        return said(ask, {"none": True}, "no majority", seat)

    def _demo_result(self, state: State, ask: Ask, rng: random.Random, seat: int) -> Line:
        players = state.players or MIN_PLAYERS
        place = rng.choice(PLACES)
        spoken = number_word(place)
        roll = rng.random()
        if roll < 0.2 and (state.tokens or 0) > 1:
            return said(ask, {"none": True}, "no majority", seat)
        if roll < 0.35:
            return said(ask, {"unanimous": True, "place": place}, f"unanimous for {spoken}", seat)
        count = rng.randint(majority(players), players - 1)
        votes = "vote" if count == 1 else "votes"
        return said(
            ask,
            {"count": count, "place": place},
            f"{number_word(count)} {votes} for number {spoken}",
            seat,
        )

    def _demo_final(self, state: State, ask: Ask, rng: random.Random, seat: int) -> Line:
        players = state.players or MIN_PLAYERS
        places = state.places
        if len(places) <= 3 or (state.tokens or 0) <= 1:
            place = rng.choice(places)
            return said(
                ask,
                {"unanimous": True, "place": place},
                f"unanimous for {number_word(place)}",
                seat,
            )
        most = min(2, len(places) - 2)
        least = max(1, len(places) - players)
        empty = tuple(sorted(rng.sample(places, rng.randint(least, max(least, most)))))
        phrase = f"no votes for {phrase_numbers(empty)}"
        return said(ask, {"empty": list(empty)}, phrase, seat)


def load(
    language: str = "en",
    root: Path | None = None,
    source: ContentFile | None = None,
    own: bool = False,
) -> SimulatedWhoTheF:
    """The game as `gm.games.load` gives it: the rules (rules.load), playable by a simulated
    table that plays to win."""
    rules = load_rules(language, root, source, own)
    return SimulatedWhoTheF(rules.questions, rules.lines.source)
