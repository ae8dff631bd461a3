"""Each threshold of the rulebooks, tested on both sides of it, through the pure rules.

Who the F*ck?: the absolute majority for every number of players, unanimity, the stock's cap of
8; Funocracy: three themes in a row without an answer, a tie only with an even number of voters,
the 25 seconds of a turn and the 4 of the challenge window; What the Fake?!: one Forger up to 6
players, two from 7; and every deck: a field of blanks is no card. The expected values are the
rulebooks' (who-the-f.txt, funocracy.txt, what-the-fake.txt, CLARIFICATIONS.md).
"""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest
from transcripts import gm

from gm.games import funocracy, what_the_fake, who_the_f
from gm.steps import Answer, AnswerKind, Ask

WHO = who_the_f.load()
FUNO = funocracy.load()
FAKE = what_the_fake.load()


def answer(game, state, value, rng=None):
    """Answer the current ask with the choice worth `value`."""
    ask = game.step(state)
    assert isinstance(ask, Ask)
    choice = next(c for c in ask.choices if c.value == value)
    return game.apply(
        state, ask, Answer(AnswerKind.CHOICE, value, choice.phrases[0]), rng or Random(1)
    )


# ------------------------------------------------------------------ Who the F*ck?

# Absolute majority, from CLARIFICATIONS.md: strictly more than half of the players.
MAJORITY = {3: 2, 4: 3, 5: 3, 6: 4, 7: 4, 8: 5}


def voting(players: int, tokens: int | None = None):
    state = WHO.new({"players": players, "difficulty": "easy"}, Random(1))
    state = answer(WHO, state, "ready").state
    return state if tokens is None else replace(state, tokens=tokens)


@pytest.mark.parametrize("players", sorted(MAJORITY))
def test_the_majority_elects_and_one_vote_less_loses_a_token(players):
    state = voting(players)
    enough = answer(WHO, state, {"count": MAJORITY[players], "place": 2}).state
    assert (enough.elected, enough.tokens) == (1, state.tokens)
    short = answer(WHO, state, {"count": MAJORITY[players] - 1, "place": 2}).state
    assert (short.elected, short.tokens) == (0, state.tokens - 1)


@pytest.mark.parametrize("players", sorted(MAJORITY))
def test_every_vote_is_unanimous_and_one_less_is_not(players):
    state = voting(players, tokens=3)
    assert answer(WHO, state, {"count": players, "place": 4}).state.tokens == 4
    if MAJORITY[players] <= players - 1:
        assert answer(WHO, state, {"count": players - 1, "place": 4}).state.tokens == 3
    too_many = {"count": players + 1, "place": 4}
    if any(c.value == too_many for c in WHO.step(state).choices):  # (nine is never offered)
        assert not answer(WHO, state, too_many).accepted


@pytest.mark.parametrize("tokens, after", [(7, 8), (8, 8)])
def test_a_unanimous_vote_adds_a_token_up_to_eight(tokens, after):
    state = voting(5, tokens=tokens)
    assert answer(WHO, state, {"count": 5, "place": 1}).state.tokens == after


@pytest.mark.parametrize("tokens, lost", [(2, False), (1, True)])
def test_the_last_token_lost_ends_the_game(tokens, lost):
    state = answer(WHO, voting(4, tokens=tokens), {"none": True}).state
    assert (state.tokens, state.phase.value == "lost") == (tokens - 1, lost)


@pytest.mark.parametrize("players, tie, fits", [(4, 2, True), (5, 2, True), (5, 3, False)])
def test_a_tie_is_refused_only_when_the_players_cannot_make_it(players, tie, fits):
    value = {"tie": tie}
    ask = WHO.step(voting(players))
    if not any(c.value == value for c in ask.choices):
        assert not fits  # not even offered
        return
    assert answer(WHO, voting(players), value).accepted is fits


# ------------------------------------------------------------------ Funocracy


def funo(players: int = 3):
    return FUNO.new({"players": players, "mode": "normal"}, Random(4))


@pytest.mark.parametrize("before, rotated", [(1, False), (2, True)])
def test_the_third_theme_in_a_row_without_an_answer_discards_the_leftmost_letter(before, rotated):
    state = replace(funo(), themes_without_answer=before, theme_answered=False)
    ask = FUNO.step(state)
    after = FUNO.apply(state, ask, Answer(AnswerKind.TIMEOUT), Random(1)).state
    assert (after.face_up[:2] == state.face_up[1:]) is rotated
    assert after.themes_without_answer == (0 if rotated else before + 1)


@pytest.mark.parametrize("players, tie", [(3, True), (4, False), (5, True), (8, False)])
def test_a_tie_needs_an_even_number_of_voters(players, tie):
    state = funo(players)
    word = state.face_up[0].lower() + "ingo"
    heard = FUNO.apply(state, FUNO.step(state), Answer(AnswerKind.FREE, [word]), Random(1))
    challenged = answer(FUNO, heard.state, "challenge").state
    outcome = answer(FUNO, challenged, "tie")
    assert outcome.accepted is tie
    if tie:  # the tie favours the player
        assert sum(outcome.state.scores[0]) == FUNO.stars[state.face_up[0]]


def test_a_turn_has_25_seconds_and_the_challenge_window_4():
    state = funo()
    ask = FUNO.step(state)
    assert ask.timeout == 25.0 and ask.deadline  # one deadline for the whole turn
    heard = FUNO.apply(state, ask, Answer(AnswerKind.FREE, ["bingo"]), Random(1)).state
    window = FUNO.step(heard)
    if window.id == "funocracy.challenge":
        assert window.timeout == 4.0


# ------------------------------------------------------------------ What the Fake?!


@pytest.mark.parametrize("players, forgers, rounds", [(3, 1, 3), (6, 1, 6), (7, 2, 4), (8, 2, 4)])
def test_one_forger_up_to_six_players_two_from_seven(players, forgers, rounds):
    state = FAKE.new({"players": players, "mode": "open"}, Random(1))
    public = FAKE.public(state)
    assert sum(1 for role in public["roles"].values() if role == "forger") == forgers
    assert public["rounds"] == rounds


# ------------------------------------------------------------------ decks

SIX_HINTS = '["cat", "dog", "hat", "sun", "moon", "tree"]'
GOOD = {
    "who-the-f": 'questions = ["Who would win?", "Who would lose?", "{blank}"]\n',
    "funocracy": "".join(
        f'[[themes]]\nname = "{name}"\nanswers = ["apple", "bread", "cake", "date", "egg"]\n'
        for name in ("Food", "Snacks", "{blank}")
    ),
    "what-the-fake": "".join(
        f'[[expo]]\ncity = "{city}"\ntheme = "things"\nhints = {SIX_HINTS}\n'
        for city in ("Oslo", "Lima", "{blank}")
    ),
}


@pytest.mark.parametrize("game", sorted(GOOD))
@pytest.mark.parametrize("blank, ok", [(None, True), ("   ", False), ("", False)])
def test_a_deck_field_of_blanks_is_no_card(game, blank, ok, tmp_path):
    """The same deck with one field filled (None: a card as it should be) or made of blanks."""
    path = tmp_path / "deck.toml"
    filled = "Who would sing?" if game == "who-the-f" else "Rome"
    path.write_text(GOOD[game].replace("{blank}", filled if blank is None else blank), "utf-8")
    result = gm("decks", "check", str(path))
    assert result.returncode == (0 if ok else 2), result.stdout + result.stderr
    if not ok:
        assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("silence, in_time", [(3.65, True), (3.75, False)])
def test_a_meh_begun_just_inside_the_4_second_window_challenges_and_just_after_does_not(
    silence, in_time, tmp_path
):
    """Typed through the engine: the window opens when gm has said the heard word and its letter;
    a "meh" begun 3.95 s after that challenges, one begun at 4.05 s is too late."""
    from transcripts import events_of

    transcript = tmp_path / "t.jsonl"
    typed = f"banana\n[silence {silence}]\nmeh\nquit\nyes\n"
    flags = ("--players", "3", "--mode", "alternative", "--seed", "1")
    result = gm(
        "play",
        "funocracy",
        "--text",
        *flags,
        "--transcript",
        str(transcript),
        "--state-dir",
        str(tmp_path / "s"),
        stdin=typed,
    )
    assert result.returncode == 0, result.stderr
    events = events_of(transcript)
    heard = [e for e in events if e["type"] == "heard"]
    word, meh = heard[0], heard[1]
    opened = max(e["end"] for e in events if e["type"] == "say" and e["t"] <= word["t"] + 0.01)
    assert (meh["start"] - opened < 4.0) is in_time
    votes = [e for e in events if e["type"] == "listen" and e["step"] == "funocracy.vote"]
    assert bool(votes) is in_time
