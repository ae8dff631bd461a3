"""The final round's result: "unanimous for three", "no votes for one and five", or the answers
to gm's "Is it unanimous?"; the Zigotos with no vote go home, a unanimous vote wins the game.

A part of WhoTheF (rules.py), which holds the questions, the tokens and the rounds.
"""

from __future__ import annotations

import random
from dataclasses import replace

from gm.games.common import spoken_numbers
from gm.games.who_the_f.phrases import (
    PLACES,
)
from gm.games.who_the_f.state import Phase, State, draw_question
from gm.steps import Answer, AnswerKind, Outcome
from gm.vocab import number_word


class FinalRound:
    """The final result of WhoTheF and the win it may bring."""

    def _apply_final_result(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        L = self.lines
        value = answer.value if answer.kind is AnswerKind.CHOICE else None
        if not isinstance(value, dict):
            return self._refuse(state)
        if value.get("hint"):
            return self._refuse(state, L("hint_too_late"))
        if "answer" in value:  # "Is it unanimous?" "Yes." / "No."
            asking = "which" if value["answer"] else "empties"
            decision = L("decision_final_yes" if value["answer"] else "decision_final_no")
            # a decision of its own: undo takes back this answer, not the reveal before it
            return Outcome(replace(state, asking=asking), decision=decision)
        still = spoken_numbers(state.places)
        players = state.players or 0
        if value.get("unanimous"):
            place = value.get("place")
            if place not in state.places:
                if place not in PLACES:
                    return self._no_such_place(state, place)
                return self._refuse(state, L("place_gone", place=number_word(place), places=still))
            return self._win(state, place, (L("final_unanimous", place=number_word(place)),))
        empty = value.get("empty")
        if not isinstance(empty, list) or not all(isinstance(p, int) for p in empty):
            return self._refuse(state)
        empty_set = set(empty)
        if empty_set - set(PLACES):
            return self._no_such_place(state, max(empty_set))
        gone = sorted(empty_set - set(state.places))
        if gone:
            return self._refuse(state, L("place_gone", place=number_word(gone[0]), places=still))
        remaining = tuple(p for p in state.places if p not in empty_set)
        if not remaining:
            return self._refuse(state, L("all_empty", places=still))
        if len(remaining) == 1:
            place = remaining[0]
            return self._win(
                state, place, (L("final_implied_unanimous", place=number_word(place)),)
            )
        if len(remaining) > players:
            return self._refuse(
                state, L("too_many_places", players=number_word(players), places=still)
            )
        tokens = (state.tokens or 0) - 1
        leaving = tuple(sorted(empty_set))
        if not leaving:
            say: tuple[str, ...] = (L("final_all_voted"),)
            decision = L("decision_final_all_voted")
        else:
            if len(leaving) == 1:
                say = (L("final_leave_one", place=number_word(leaving[0])),)
            else:
                say = (L("final_leave", places=spoken_numbers(leaving)),)
            decision = L("decision_final_empty", places=spoken_numbers(leaving))
        new = replace(draw_question(state, rng), tokens=max(tokens, 0), places=remaining, asking="")
        say += (L("lose_token"),)
        undo = (
            L("undo_final_leave_one", place=number_word(leaving[0]))
            if len(leaving) == 1
            else L("undo_final_leave", places=spoken_numbers(leaving))
            if leaving
            else L("undo_token")
        )
        if tokens <= 0:
            return Outcome(
                replace(new, phase=Phase.LOST), say=say, decision=decision, put_back=undo
            )
        if leaving:
            say += (L("final_center", places=spoken_numbers(remaining)),)
        say += (self._tokens_left(tokens),)
        return Outcome(
            replace(new, phase=Phase.NEXT, announced=self._again(say, lose_token="")),
            say=say,
            decision=decision,
            put_back=undo,
        )

    def _win(self, state: State, place: int, say: tuple[str, ...]) -> Outcome:
        new = replace(state, phase=Phase.WON, zuper=place, used=state.used + 1, asking="")
        return Outcome(
            new, say=say, decision=self.lines("decision_final_unanimous", place=number_word(place))
        )
