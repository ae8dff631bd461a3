"""Undo gives back exactly the game before, for every kind of decision of every game.

An undo rebuilds the game from the seed and the answers kept (`rebuild`, as the engine's undo
and `gm resume` do). Here random games of each title go through the rules, and at the first
decision of each kind (the ask, how it was answered, and the shape of the answer: "three for
two" and "unanimous for two" are two kinds) the game rebuilt without it must equal the game
before it, random state included. Each game's asks are listed by hand, so a kind of decision
no random game reached fails rather than passes unseen. Through `gm play --text`, an undo after
a "next question" (a transition, no decision) takes back the result before it.
"""

from __future__ import annotations

import json
from random import Random

import pytest
import test_funocracy_rules as funocracy_rules
import test_what_the_fake_rules as what_the_fake_rules
import test_who_the_f_rules as who_the_f_rules
from transcripts import events_of, gm

from gm.dialog.engine import rebuild
from gm.state import Record
from gm.steps import Answer, End

# Every ask of each game that decides something, written from the rules' asks.
ASKS = {
    "who_the_f": {
        "who_the_f.players",
        "who_the_f.difficulty",
        "who_the_f.layout",
        "who_the_f.vote",
        "who_the_f.result",
        "who_the_f.next",
        "who_the_f.final_setup",
        "who_the_f.final_vote",
        "who_the_f.final_result",
    },
    "funocracy": {
        "funocracy.players",
        "funocracy.mode",
        "funocracy.answer",
        "funocracy.letter",
        "funocracy.challenge",
        "funocracy.vote",
        "funocracy.agree",
    },
    "what_the_fake": {
        "what_the_fake.players",
        "what_the_fake.mode",
        "what_the_fake.theme",
        "what_the_fake.drawing",
        "what_the_fake.forgers",
        "what_the_fake.names",
        "what_the_fake.check_names",
        "what_the_fake.groups",
        "what_the_fake.points",
    },
}
RULES = {
    "who_the_f": who_the_f_rules,
    "funocracy": funocracy_rules,
    "what_the_fake": what_the_fake_rules,
}
OPTIONS = {
    "who_the_f": [{}, {"players": 3, "difficulty": "easy"}, {"players": 8, "difficulty": "easy"}],
    "funocracy": [{}, {"players": 2, "mode": "alternative"}, {"players": 5, "mode": "normal"}],
    "what_the_fake": [
        {},
        {"players": 4, "mode": "hidden"},
        {"players": 7, "mode": "open", "scoring": "quick"},
        {"players": 8, "mode": "hidden", "scoring": "quick"},
    ],
}
GAMES_EACH = 12


def kind(step_id: str, answer: Answer) -> tuple:
    """What sort of decision an answer makes: its ask, its kind, and its value's shape."""
    value = answer.value
    if isinstance(value, dict):
        shape: object = tuple(sorted(value))
    elif isinstance(value, str):
        shape = value.split()[0] if value else ""
    else:
        shape = type(value).__name__
    return (step_id, answer.kind.value, shape)


def play_checking_undo(name: str, options: dict, seed: int, seen: set) -> None:
    rules = RULES[name]
    game = rules.GAME
    record = Record(game.id, options, seed)
    state, rng = rebuild(game, record)
    pick = Random(seed + 1)
    for _ in range(4000):
        step = game.step(state)
        if isinstance(step, End):
            return
        answer = rules.random_answer(state, step, pick)
        before, rng_before = state, rng.getstate()
        outcome = game.apply(state, step, answer, rng)
        if not outcome.accepted:
            rng.setstate(rng_before)
            continue
        state = outcome.state
        saved = Answer.from_json(json.loads(json.dumps(answer.to_json())))
        record.answers.append({"step": step.id, "answer": saved.to_json()})
        sort = kind(step.id, answer)
        if sort not in seen:
            seen.add(sort)
            kept = Record(game.id, options, seed, answers=record.answers[:-1])
            rebuilt, rebuilt_rng = rebuild(game, kept)
            assert rebuilt == before, sort
            assert rebuilt_rng.getstate() == rng_before, sort
    raise AssertionError(f"the {name} game did not end")


@pytest.mark.parametrize("name", sorted(ASKS))
def test_an_undo_of_every_kind_of_decision_gives_back_the_game_before(name):
    seen: set = set()
    for options in OPTIONS[name]:
        for seed in range(GAMES_EACH):
            play_checking_undo(name, dict(options), seed, seen)
    assert {sort[0] for sort in seen} == ASKS[name]


def test_an_undo_after_next_question_takes_back_the_result(tmp_path):
    """ "Next question" moves no card: an undo after it goes back to before the result (the
    engine passes over the transition), and the result said again stands."""
    lines = "ready\nthree for two\nnext question\nundo\n"
    transcript = tmp_path / "t.jsonl"
    result = gm(
        "play",
        "who-the-f",
        "--text",
        "--players",
        "4",
        "--difficulty",
        "regular",
        "--transcript",
        str(transcript),
        "--state-dir",
        str(tmp_path / "state"),
        stdin=lines + "quit\nyes\n",
    )
    assert result.returncode == 0, result.stderr
    events = events_of(transcript)
    states = [e["state"] for e in events if e["type"] == "state"]
    voting = next(s for s in states if s["phase"] == "vote")
    assert states[-1] == voting  # the question before its result, the same question
    undone = [e["step"] for e in events if e.get("kind") == "undo"]
    assert undone == ["who_the_f.next", "who_the_f.vote"]
