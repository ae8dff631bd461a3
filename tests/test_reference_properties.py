"""Random games through gm's rules and through the reference models of tests/reference_rules.py,
side by side: after every decision both must agree on what was accepted and on the tokens,
elections, letters, stars, turns and winners (hypothesis draws the options, the seed and the
table's choices).
"""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference_rules import Funocracy, WhoTheF, forgers_open, round_points, rounds_open
from test_what_the_fake_whole_oracles import deck as expo_deck

from gm.content import read as read_content
from gm.games import find, funocracy, load, who_the_f
from gm.steps import Answer, AnswerKind, End

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
MAX_STEPS = 3000

# ------------------------------------------------------------------ Who the F*ck?

WHO = who_the_f.load()


def who_choice(ask, pick: Random, players: int):
    """A choice of the ask, unanimous or a majority more often than chance would say it, so
    that games reach the final round."""
    choices = list(ask.choices)
    if pick.random() < 0.5:
        good = [
            c
            for c in choices
            if isinstance(c.value, dict)
            and (c.value.get("unanimous") or 2 * c.value.get("count", 0) > players)
        ]
        choices = good or choices
    return pick.choice(choices)


def who_reference(ref: WhoTheF, ask_id: str, value) -> bool | None:
    """What the reference makes of an answer: accepted or not; None when it changes nothing."""
    final = ask_id in ("who_the_f.final_vote", "who_the_f.final_result")
    if not isinstance(value, dict):
        return None  # ready, next, reveal, a hint while voting
    if "answer" in value:  # "Is it unanimous?" yes / no
        return None
    if value.get("hint"):
        return False  # after the reveal the votes stand
    if final:
        if value.get("unanimous"):
            return ref.final_result(unanimous_for=value["place"])
        return ref.final_result(empty=value["empty"])
    if "tie" in value:
        return ref.result(None, tie=value["tie"])
    if value.get("none"):
        return ref.result(None)
    if "count" in value:
        return ref.result(value["count"], unanimous=bool(value.get("unanimous")))
    return ref.result(ref.players)  # "unanimous for three"


@SETTINGS
@given(
    players=st.integers(3, 8),
    difficulty=st.sampled_from(["easy", "regular", "expert"]),
    seed=st.integers(0, 2**32 - 1),
    picks=st.integers(0, 2**32 - 1),
)
def test_who_the_f_agrees_with_the_reference(players, difficulty, seed, picks):
    rng, pick = Random(seed), Random(picks)
    state = WHO.new({"players": players, "difficulty": difficulty}, rng)
    ref = WhoTheF(players, difficulty)
    for _ in range(MAX_STEPS):
        step = WHO.step(state)
        if isinstance(step, End):
            assert ref.outcome == state.phase.value
            assert list(step.winners) == (
                list(range(1, players + 1)) if ref.outcome == "won" else []
            )
            return
        choice = who_choice(step, pick, players)
        answer = Answer(AnswerKind.CHOICE, choice.value, choice.phrases[0])
        outcome = WHO.apply(state, step, answer, rng)
        expected = who_reference(ref, step.id, choice.value)
        assert outcome.accepted == (expected is not False), (step.id, choice.value)
        if outcome.accepted:
            state = outcome.state
        assert (state.tokens, state.elected) == (ref.tokens, ref.elected), (step.id, choice.value)
        if ref.final:
            assert list(state.places) == ref.places
        assert (state.phase.value in ("won", "lost")) == (ref.outcome is not None)
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------ Funocracy

FUNO = funocracy.load()


def word(letter: str) -> str:
    return letter.lower() + "ingo"


def check_funocracy(state, ref: Funocracy) -> None:
    assert state.round == ref.round
    assert [list(s) for s in state.scores] == ref.scores
    assert list(state.face_up) == ref.face
    assert state.active == ref.active
    assert state.themes_without_answer == ref.without_answer


@SETTINGS
@given(
    players=st.integers(2, 8),
    mode=st.sampled_from(["normal", "alternative"]),
    seed=st.integers(0, 2**32 - 1),
    picks=st.integers(0, 2**32 - 1),
)
def test_funocracy_agrees_with_the_reference(players, mode, seed, picks):
    rng, pick = Random(seed), Random(picks)
    state = FUNO.new({"players": players, "mode": mode}, rng)
    ref = Funocracy(players, dict(FUNO.stars), alternative=mode == "alternative")
    ref.deal(state.face_up, state.pile)
    dealt, skipped_turn = 1, None
    for _ in range(MAX_STEPS):
        step = FUNO.step(state)
        if isinstance(step, End):
            assert ref.over and list(step.winners) == ref.winners()
            return
        assert step.id == "funocracy.answer", step.id
        roll = pick.random()
        if roll < 0.1 and skipped_turn != state.turn:  # a skip, once a turn
            skipped_turn = state.turn
            state = FUNO.apply(state, step, Answer(AnswerKind.SKIP), rng).state
            ref.skip()
        elif roll < 0.3:
            kind = (AnswerKind.TIMEOUT, None) if roll < 0.2 else (AnswerKind.CHOICE, "pass")
            state = FUNO.apply(state, step, Answer(kind[0], kind[1]), rng).state
            ref.theme_lost()
        else:
            letter = pick.choice(ref.face)
            heard = FUNO.apply(state, step, Answer(AnswerKind.FREE, [word(letter)]), rng)
            assert heard.accepted and FUNO.step(heard.state).id == "funocracy.challenge"
            state = judged(heard.state, pick, rng, ref, letter)
        if ref.round != dealt and not ref.over:  # a new round: its letters as gm dealt them
            assert state.round == ref.round
            ref.deal(state.face_up, state.pile)
            dealt = ref.round
        if not ref.over:
            check_funocracy(state, ref)
    raise AssertionError("the game did not end")


def judged(state, pick: Random, rng: Random, ref: Funocracy, letter: str):
    """The challenge window closes, or a vote follows "meh": good, meh or a tie."""
    window = FUNO.step(state)
    roll = pick.random()
    if roll < 0.6:  # the window closes: silence, or "no challenge"
        ref.valid(letter)
        closed = Answer(AnswerKind.TIMEOUT) if roll < 0.3 else Answer(AnswerKind.CHOICE, "stand")
        return FUNO.apply(state, window, closed, rng).state
    state = FUNO.apply(state, window, Answer(AnswerKind.CHOICE, "challenge"), rng).state
    vote = FUNO.step(state)
    result = pick.choice(["good", "meh", "tie"])
    outcome = FUNO.apply(state, vote, Answer(AnswerKind.CHOICE, result), rng)
    voters = ref.players - 1
    if result == "tie" and voters % 2:  # an odd number of voters cannot tie
        assert not outcome.accepted
        result = "good"
        outcome = FUNO.apply(state, vote, Answer(AnswerKind.CHOICE, result), rng)
    assert outcome.accepted
    if result == "meh":
        ref.theme_lost()
    else:
        ref.valid(letter)
    return outcome.state


@pytest.mark.parametrize("players", [2, 3])
def test_the_reference_itself_ends_a_round_on_an_empty_pile(players):
    """The model's own round end, so that agreement is not agreement on nothing."""
    ref = Funocracy(players, {"A": 1, "B": 2, "C": 3, "D": 1})
    ref.deal(["A", "B", "C"], ["D"])
    ref.valid("A")
    ref.valid("B")
    assert ref.round == 2 and ref.scores[0][0] == 1
    assert ref.active == (2 % players) + 1  # left of seat 2, who ended round one


# ------------------------------------------------------------------ What the Fake?!

POOL = ["cat", "dog", "hat", "sun", "moon", "tree", "boat", "kite"]  # hints of the test's deck


@pytest.fixture(scope="module")
def fake(tmp_path_factory):
    path = tmp_path_factory.mktemp("deck") / "expo.toml"
    path.write_text(expo_deck(), encoding="utf-8")
    return load(find("what-the-fake"), deck=read_content(path), own=True)


def choose(step, value):
    return Answer(AnswerKind.CHOICE, value)


def marks(groups: list[dict], value: str, invalid: set[tuple[int, str]]) -> None:
    """What "invalid 3", "valid 3" and "void 2 3" (player two invalid in group three) mark."""
    verb, *numbers = value.split()
    group = next(g for g in groups if g["number"] == int(numbers[-1]))
    pairs = {(seat, group["name"]) for seat in group["players"]}
    if verb == "invalid":
        invalid |= pairs
    elif verb == "valid":
        invalid -= pairs
    else:
        invalid.add((int(numbers[0]), group["name"]))


def play_fake(game, players: int, mode: str, seed: int, picks: int) -> None:
    rng, pick = Random(seed), Random(picks)
    state = game.new({"players": players, "mode": mode, "scoring": "full"}, rng)
    rounds = rounds_open(players) if mode == "open" else players
    totals = dict.fromkeys(range(1, players + 1), 0)
    drawings: dict[int, list[str]] = {}
    forgers: set[int] = set()
    invalid: set[tuple[int, str]] = set()
    for _ in range(MAX_STEPS):
        step = game.step(state)
        public = game.public(state)
        if isinstance(step, End):
            assert public["rounds"] == rounds
            best = max(totals.values())
            assert list(step.winners) == [s for s, t in totals.items() if t == best]
            return
        if step.id == "what_the_fake.theme":
            assert public["rounds"] == rounds
            drawings, invalid = {}, set()
            if mode == "open":
                forgers = forgers_open(players, state.round)
                assert {int(s) for s, r in public["roles"].items() if r == "forger"} == forgers
            answer = choose(step, "go")
        elif step.id == "what_the_fake.drawing":
            answer = choose(step, "shout")
        elif step.id == "what_the_fake.forgers":
            forgers = {pick.randint(1, players)}
            answer = choose(step, next(iter(forgers)))
        elif step.id == "what_the_fake.names":
            seat = len(drawings) + 1
            drawings[seat] = [pick.choice(POOL) for _ in range(3)]
            answer = Answer(AnswerKind.FREE, [", ".join(drawings[seat])])
        elif step.id == "what_the_fake.groups":
            groups = public["groups"]
            made = {}
            for seat, names in drawings.items():
                for name in names:
                    made.setdefault(name, set()).add(seat)
            assert {g["name"]: set(g["players"]) for g in groups} == made
            changes = [c.value for c in step.choices if changes_marks(groups, str(c.value))]
            if changes and pick.random() < 0.4:
                value = pick.choice(changes)
                marks(groups, value, invalid)
                answer = choose(step, value)
            else:
                answer = choose(step, "correct")
                for seat, points in round_points(drawings, forgers, invalid).items():
                    totals[seat] += points
        else:
            raise AssertionError(step.id)
        outcome = game.apply(state, step, answer, rng)
        assert outcome.accepted, (step.id, answer, outcome.say)
        state = outcome.state
        if step.id == "what_the_fake.groups" and answer.value == "correct":
            assert {int(s): t for s, t in game.public(state)["scores"].items()} == totals
    raise AssertionError("the game did not end")


def changes_marks(groups: list[dict], value: str) -> bool:
    """A mark that changes something: gm refuses one that marks what is marked already."""
    verb, *numbers = value.split()
    if verb not in ("invalid", "valid", "void"):
        return False
    group = next((g for g in groups if g["number"] == int(numbers[-1])), None)
    if group is None:
        return False
    if verb == "valid":
        return bool(group["invalid"])
    if verb == "invalid":
        return set(group["invalid"]) != set(group["players"])
    return int(numbers[0]) in group["players"] and int(numbers[0]) not in group["invalid"]


@SETTINGS
@given(
    players=st.integers(3, 8),
    seed=st.integers(0, 2**32 - 1),
    picks=st.integers(0, 2**32 - 1),
)
def test_what_the_fake_open_roles_agree_with_the_reference(fake, players, seed, picks):
    play_fake(fake, players, "open", seed, picks)


@SETTINGS
@given(
    players=st.integers(3, 6),
    seed=st.integers(0, 2**32 - 1),
    picks=st.integers(0, 2**32 - 1),
)
def test_what_the_fake_hidden_roles_agree_with_the_reference(fake, players, seed, picks):
    play_fake(fake, players, "hidden", seed, picks)
