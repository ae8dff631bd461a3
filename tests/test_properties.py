"""Hundreds of random games of each game through the rules, with undo, as the engine does it.

One driver for every game: random answers (each game's rules tests know what a table may
say), and now and then an undo. `Engine._undo` and `gm resume` rebuild the game from the seed
and the answers kept; here the first undo of each game and its end are rebuilt that way and
must equal the game as it was played (random state included). After every step the game's
invariants hold: token bounds, every card in exactly one place, scores equal to what was won.
"""

from __future__ import annotations

import json
from random import Random

import pytest
import test_funocracy_rules as funocracy_rules
import test_what_the_fake_rules as what_the_fake_rules
import test_who_the_f_rules as who_the_f_rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.dialog.engine import rebuild
from gm.state import Record
from gm.steps import Answer, End

GAMES = {
    "funocracy": (
        funocracy_rules,
        st.fixed_dictionaries(
            {
                "players": st.one_of(st.none(), st.integers(2, 8)),
                "mode": st.sampled_from([None, "normal", "alternative"]),
            }
        ),
    ),
    "who_the_f": (
        who_the_f_rules,
        st.fixed_dictionaries(
            {
                "players": st.one_of(st.none(), st.integers(3, 8)),
                "difficulty": st.sampled_from([None, "easy", "regular", "expert"]),
                "reveal_after": st.one_of(st.none(), st.integers(5, 90)),
            }
        ),
    ),
    "what_the_fake": (
        what_the_fake_rules,
        st.fixed_dictionaries(
            {
                "players": st.one_of(st.none(), st.integers(3, 8)),
                "mode": st.sampled_from([None, "open", "hidden"]),
                "scoring": st.sampled_from(["full", "quick"]),
                "time_limit": st.sampled_from([None, 45]),
            }
        ),
    ),
}
UNDO = 0.05  # chance of an undo after an accepted answer
MAX_UNDOS = 25  # so every game still ends
MAX_STEPS = 6000


def play_with_undo(rules, options: dict, seed: int, picks: int) -> None:
    game = rules.GAME
    options = {k: v for k, v in options.items() if v is not None}
    record = Record(game.id, options, seed)
    state, rng = rebuild(game, record)
    pick = Random(picks)
    history: list[tuple[object, tuple]] = []  # (state, rng state) before each kept answer
    undos = 0
    for _ in range(MAX_STEPS):
        step = game.step(state)
        if isinstance(step, End):
            rebuilt, rebuilt_rng = rebuild(game, record)  # undo and resume replay the kept answers
            assert rebuilt == state and rebuilt_rng.getstate() == rng.getstate()
            rules.check_end(state, step)
            assert step.say and all(line[:1].isupper() for line in step.say)
            return
        answer = rules.random_answer(state, step, pick)
        before, rng_before = state, rng.getstate()
        outcome = game.apply(state, step, answer, rng)
        if not outcome.accepted:
            assert outcome.state == state and outcome.say
            rng.setstate(rng_before)  # as the engine does for a refused answer
            continue
        assert outcome.decision
        state = outcome.state
        rules.check_invariants(state)
        saved = Answer.from_json(json.loads(json.dumps(answer.to_json())))  # as it is saved on disk
        record.answers.append(
            {"step": step.id, "answer": saved.to_json(), "decision": outcome.decision}
        )
        history.append((before, rng_before))
        if undos < MAX_UNDOS and pick.random() < UNDO:
            undos += 1
            record.answers.pop()
            state, rng_state = history.pop()
            rng = Random()
            rng.setstate(rng_state)
            if undos == 1:  # replaying from the seed is slow; the end checks the whole record again
                rebuilt, rebuilt_rng = rebuild(game, record)
                assert rebuilt == state and rebuilt_rng.getstate() == rng_state
    raise AssertionError(f"the {game.id} game did not end within {MAX_STEPS} steps")


def random_games(name: str, examples: int) -> None:
    rules, options = GAMES[name]

    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(options=options, seed=st.integers(0, 2**32 - 1), picks=st.integers(0, 2**32 - 1))
    def games(options, seed, picks):
        play_with_undo(rules, options, seed, picks)

    games()


# Games played of each: about as many answers for each game (a random Funocracy game takes
# three times What the Fake's answers and five times Who the F's), some 100,000 apiece.
GAMES_PLAYED = {"funocracy": 200, "what_the_fake": 660, "who_the_f": 1000}


@pytest.mark.slow  # about a minute for the three games on this 2-core machine
@pytest.mark.parametrize("name", sorted(GAMES))
def test_hundreds_of_random_games_with_undo(name):
    random_games(name, GAMES_PLAYED[name])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_few_random_games_with_undo(name):
    """The same checks on a few games, quick enough for every mutant of scripts/mutate (a rule
    that refuses an answer but changes the state, or decides without saying what, fails here)."""
    random_games(name, 8)
