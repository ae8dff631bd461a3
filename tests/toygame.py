"""A small game that lives only in the tests: pick numbers, lose a point on "four"."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Mapping

from gm import vocab
from gm.steps import Answer, AnswerKind, Ask, Choice, End, Outcome, RulesError


@dataclass(frozen=True)
class ToyState:
    players: int | None
    round: int = 1
    scores: tuple[int, ...] = ()
    rolled: tuple[int, ...] = ()


class ToyGame:
    id = "toy"
    title = "Toy"
    rounds = 3

    def new(self, options: Mapping[str, Any], rng: random.Random) -> ToyState:
        players = options.get("players")
        if players is not None and not 2 <= players <= 4:
            raise RulesError(f"Toy is for 2 to 4 players, not {players}.")
        return ToyState(players, scores=(0,) * (players or 0))

    def step(self, state: ToyState):
        if state.players is None:
            return Ask(
                "toy.players",
                ("How many players?",),
                vocab.numbers(2, 4),
                expected="a number from two to four",
                endpoint=0.5,
            )
        if state.round > self.rounds:
            best = max(state.scores)
            return End(
                (f"Game over. Scores: {list(state.scores)}.",),
                tuple(i + 1 for i, s in enumerate(state.scores) if s == best),
            )
        seat = (state.round - 1) % state.players + 1
        return Ask(
            "toy.pick",
            (f"Round {state.round}. Player {seat}, pick a number from one to five.",),
            vocab.numbers(1, 5) + (Choice("double", ("double",)),),
            skippable=True,
            expected="a number from one to five",
            confirm=False,
        )

    def apply(self, state: ToyState, ask: Ask, answer: Answer, rng: random.Random) -> Outcome:
        if ask.id == "toy.players":
            return Outcome(
                ToyState(answer.value, scores=(0,) * answer.value),
                (f"{answer.value} players.",),
                f"{answer.value} players",
            )
        seat = (state.round - 1) % state.players + 1
        if answer.kind is AnswerKind.SKIP:
            return Outcome(
                replace(state, round=state.round + 1), ("Skipped.",), f"round {state.round} skipped"
            )
        if answer.kind is AnswerKind.CHOICE and answer.value == 4:
            return Outcome(
                state, ("Four is not allowed. Pick another.",), "four refused", accepted=False
            )
        value = rng.randint(1, 6) if answer.value == "double" else answer.value
        scores = list(state.scores)
        scores[seat - 1] += value
        return Outcome(
            replace(
                state, round=state.round + 1, scores=tuple(scores), rolled=state.rolled + (value,)
            ),
            (f"Player {seat} scores {value}.",),
            f"player {seat} took {value}",
        )

    def public(self, state: ToyState) -> dict:
        return {"round": state.round, "players": state.players, "scores": list(state.scores)}

    def score(self, state: ToyState) -> tuple[str, ...]:
        return (f"Scores: {', '.join(str(s) for s in state.scores)}.",)
