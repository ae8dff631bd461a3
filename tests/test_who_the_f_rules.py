"""Every rule of Who the F*ck? driven through step()/apply(), no audio."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from itertools import combinations
from random import Random

import pytest

from gm import content
from gm.content import ContentError
from gm.games import who_the_f
from gm.games.who_the_f import Phase, State, final_result_choices, result_choices
from gm.steps import Answer, AnswerKind, Ask, End, Outcome, RulesError

GAME = who_the_f.load()


# ----------------------------------------------------------------- helpers


def ask_of(state: State) -> Ask:
    step = GAME.step(state)
    assert isinstance(step, Ask), step
    return step


def say(state: State, value, rng: Random | None = None) -> Outcome:
    """Answer the current Ask with the choice whose value is `value`, as if heard."""
    ask = ask_of(state)
    matching = [c for c in ask.choices if c.value == value]
    assert matching, f"{value!r} is not a choice of {ask.id}"
    return GAME.apply(
        state, ask, Answer(AnswerKind.CHOICE, value, matching[0].phrases[0]), rng or Random(1)
    )


def timeout(state: State) -> Outcome:
    ask = ask_of(state)
    assert ask.timeout is not None
    return GAME.apply(state, ask, Answer(AnswerKind.TIMEOUT), Random(1))


def start(players: int = 5, difficulty: str = "regular", seed: int = 0, **options) -> State:
    """A game past set-up and layout, waiting for the first vote."""
    state = GAME.new({"players": players, "difficulty": difficulty, **options}, Random(seed))
    assert state.phase is Phase.LAYOUT
    state = say(state, "ready").state
    assert state.phase is Phase.VOTE
    return state


def result(state: State, value) -> Outcome:
    """Reveal, then tell the result; then "next question" when gm waits for it."""
    state = say(state, "reveal").state
    assert state.phase in (Phase.RESULT, Phase.FINAL_RESULT)
    outcome = say(state, value)
    if outcome.state.phase is Phase.NEXT:
        return replace(outcome, state=say(outcome.state, "next").state)
    return outcome


def elect_six(state: State) -> State:
    place = 0
    while state.phase is Phase.VOTE:
        place = place % 6 + 1
        state = result(state, {"count": majority(state.players), "place": place}).state
    assert state.phase is Phase.FINAL_SETUP and state.elected == 6
    state = say(state, "ready").state
    assert state.phase is Phase.FINAL_VOTE
    return state


def majority(players: int) -> int:
    return players // 2 + 1


def text(outcome: Outcome) -> str:
    return " ".join(outcome.say)


# ------------------------------------------------------------------ set-up

TABLE = {3: (3, 2, 1), 4: (4, 3, 2), 5: (4, 3, 2), 6: (5, 4, 3), 7: (5, 4, 3), 8: (6, 5, 4)}


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("column,difficulty", list(enumerate(("easy", "regular", "expert"))))
def test_starting_tokens_follow_the_rulebook_table(players, column, difficulty):
    state = start(players, difficulty)
    assert state.tokens == TABLE[players][column]
    assert GAME.public(state)["tokens"] == TABLE[players][column]


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 9},
        {"players": "many"},
        {"players": True},
        {"difficulty": "insane"},
        {"reveal_after": 0},
        {"reveal_after": "soon"},
    ],
)
def test_invalid_options_raise_one_sentence(options):
    with pytest.raises(RulesError) as error:
        GAME.new(options, Random(0))
    message = str(error.value)
    assert message.endswith(".") and "\n" not in message


def test_nine_players_message():
    with pytest.raises(RulesError, match="3 to 8 players, not 9"):
        GAME.new({"players": 9}, Random(0))


def test_setup_by_voice_asks_players_then_difficulty_then_layout():
    state = GAME.new({}, Random(0))
    assert ask_of(state).id == "who_the_f.players"
    refused = say(state, 9)
    assert not refused.accepted and refused.state == state and "not nine" in text(refused)
    state = say(state, 5).state
    assert ask_of(state).id == "who_the_f.difficulty"
    outcome = say(state, "expert")
    assert outcome.decision == "expert mode"
    state = outcome.state
    assert state.phase is Phase.LAYOUT and state.tokens == 2
    layout = " ".join(ask_of(state).say)
    assert "two rows of three" in layout
    assert "under each place token" in layout
    assert "six vote tokens" in layout
    assert "two connection tokens" in layout
    assert "ready" in layout


def test_setup_asks_only_what_is_missing():
    state = GAME.new({"players": 4}, Random(0))
    assert ask_of(state).id == "who_the_f.difficulty"
    state = GAME.new({"difficulty": "easy"}, Random(0))
    assert ask_of(state).id == "who_the_f.players"
    state = say(state, 8).state
    assert state.phase is Phase.LAYOUT and state.tokens == 6


def test_one_token_layout_is_singular():
    state = GAME.new({"players": 3, "difficulty": "expert"}, Random(0))
    assert "Take one connection token" in " ".join(ask_of(state).say)


# ------------------------------------------------------------------ voting


def test_vote_ask_reads_the_question_and_waits_for_reveal():
    state = start()
    ask = ask_of(state)
    assert ask.id == "who_the_f.vote"
    assert GAME.questions[state.current] in ask.say[0]
    assert "reveal" in ask.say[-1]
    assert ask.timeout is None and not ask.countdown
    values = [c.value for c in ask.choices]
    assert "reveal" in values and "hint" in values  # and every result, told before "reveal"
    assert "someone gave a hint" in [p for c in ask.choices for p in c.phrases]
    assert GAME.step(state) == ask  # "repeat" says the same again


def test_reveal_after_times_out_into_the_result():
    state = start(reveal_after=45)
    ask = ask_of(state)
    assert ask.timeout == 45 and ask.countdown
    assert "You have {seconds}," in ask.time_line  # the engine says it with the time left
    assert timeout(state).state.phase is Phase.RESULT


@pytest.mark.parametrize("players,needed", [(3, 2), (4, 3), (5, 3), (6, 4), (7, 4), (8, 5)])
def test_absolute_majority_elects(players, needed):
    for count in range(1, players):
        state = start(players)
        outcome = result(state, {"count": count, "place": 2})
        if count >= needed:
            assert outcome.state.elected == 1 and outcome.state.tokens == state.tokens
            assert "Move Zigoto two up" in text(outcome)
            assert "draw a new Zigoto for place two" in text(outcome)
        else:
            assert outcome.state.elected == 0 and outcome.state.tokens == state.tokens - 1
            assert "not an absolute majority" in text(outcome)
            assert ("One vote out of" if count == 1 else "votes out of") in text(
                outcome
            )  # never "one votes"


def test_elected_announces_tokens_left_and_next_question():
    state = start(5, "regular")
    outcome = result(state, {"count": 4, "place": 2})
    assert outcome.decision == "four votes for number two, elected"
    assert outcome.say[0] == "Four votes out of five for number two: elected!"
    assert "three connection tokens left" in text(outcome).lower()
    assert outcome.state.phase is Phase.VOTE
    assert outcome.state.current != state.current
    assert outcome.state.used == 1


@pytest.mark.parametrize("value", [{"unanimous": True, "place": 5}, {"count": 5, "place": 5}])
def test_unanimous_adds_a_token(value):
    state = start(5, "regular")
    outcome = result(state, value)
    assert outcome.state.tokens == state.tokens + 1
    assert outcome.state.elected == 1
    assert "Unanimous for number five" in text(outcome)


def test_unanimous_token_stock_never_exceeds_eight():
    state = replace(start(8, "easy"), tokens=8)
    outcome = result(state, {"unanimous": True, "place": 1})
    assert outcome.state.tokens == 8 and outcome.state.elected == 1
    assert "already full" in text(outcome)


def test_count_above_players_is_refused_and_asked_again():
    state = say(start(4), "reveal").state
    outcome = say(state, {"count": 5, "place": 3})
    assert not outcome.accepted and outcome.state is state
    assert "With four players there cannot be five votes" in text(outcome)


@pytest.mark.parametrize("value", [{"count": 2, "place": 7}, {"unanimous": True, "place": 7}])
def test_a_place_not_on_the_table_is_refused_saying_there_are_six(value):
    """The rules' answer to a place off the table, given as the meaning reads "two votes for
    number seven" ({'count': 2, 'place': 7}, not one of the ask's phrases)."""

    def read(state: State, value) -> Outcome:
        return GAME.apply(state, ask_of(state), Answer(AnswerKind.CHOICE, value, ""), Random(1))

    state = say(start(5), "reveal").state
    outcome = read(state, value)
    assert not outcome.accepted and outcome.state is state
    assert text(outcome) == (
        "There is no number seven: the places go from one to six. Please say the result again."
    )
    final = say(elect_six(start(5)), "reveal").state  # and in the final round
    for said in ({"unanimous": True, "place": 7}, {"empty": [2, 7]}):
        outcome = read(final, said)
        assert not outcome.accepted and text(outcome).startswith("There is no number seven:")


@pytest.mark.parametrize("count", [3, 4, 6])
def test_unanimous_that_contradicts_the_count_is_refused_and_asked_again(count):
    state = say(start(5), "reveal").state
    outcome = say(state, {"unanimous": True, "count": count, "place": 2})
    assert not outcome.accepted and outcome.state is state
    said = {3: "three", 4: "four", 6: "six"}[count]
    assert (
        text(outcome) == f"Unanimous means all five players voted for it, not {said}."
        " Please say the result again."
    )


def test_unanimous_with_the_right_count_is_unanimous():
    state = start(5)
    outcome = result(state, {"unanimous": True, "count": 5, "place": 2})
    assert (
        outcome.state.tokens == state.tokens + 1 and outcome.decision == "unanimous for number two"
    )


def test_no_majority_removes_a_token_and_zero_loses_at_once():
    state = start(3, "regular")  # two tokens
    outcome = result(state, {"none": True})
    assert outcome.state.tokens == 1 and outcome.state.phase is Phase.VOTE
    assert outcome.decision == "no majority, one token lost"
    outcome = result(outcome.state, {"none": True})
    assert outcome.state.tokens == 0 and outcome.state.phase is Phase.LOST
    end = GAME.step(outcome.state)
    assert isinstance(end, End) and end.winners == ()
    assert "lose" in " ".join(end.say)


@pytest.mark.parametrize("while_", ["vote", "result"])
def test_a_hint_discards_the_question_without_token_change(while_):
    state = start()
    if while_ == "result":  # after the reveal the votes stand: a hint is refused
        state = say(state, "reveal").state
        outcome = say(state, {"hint": True})
        assert not outcome.accepted and outcome.state == state
        return
    else:
        outcome = say(state, "hint")
    new = outcome.state
    assert new.phase is Phase.VOTE and new.tokens == state.tokens and new.elected == 0
    assert new.current != state.current and state.current in new.discards
    assert GAME.questions[new.current] in ask_of(new).say[0]


def test_question_deck_reshuffles_discards_when_it_runs_out():
    state = start(seed=3)
    seen = [state.current]
    for _ in range(len(GAME.questions) * 2 + 5):
        state = say(state, "hint").state
        seen.append(state.current)
    total = len(GAME.questions)
    assert sorted(seen[:total]) == list(range(total))  # the whole deck before any repeat
    assert sorted(seen[total : 2 * total]) == list(range(total))
    assert seen[:total] != seen[total : 2 * total]  # reshuffled, not replayed in order
    assert all(a != b for a, b in zip(seen, seen[1:]))  # never the same question twice in a row


def test_a_reshuffle_puts_the_question_just_asked_at_the_bottom():
    """A small deck: the rng's draws are a plain shuffle's (a save replays as played), and the
    question just asked, come out on top, goes to the bottom."""
    from gm.games.common import last_played_last

    assert last_played_last([4, 1, 2], 4) == (1, 2, 4)
    assert last_played_last([1, 4, 2], 4) == (1, 4, 2)
    assert last_played_last([4], 4) == (4,)


def test_same_seed_same_game():
    def run(seed: int) -> list:
        state = start(seed=seed)
        states = [state]
        for _ in range(5):
            state = say(state, "hint").state
            states.append(state)
        return states

    assert run(7) == run(7)
    assert run(7) != run(8)


# ------------------------------------------------------------- final round


def test_six_elections_start_the_final_round():
    state = start(5)
    for place in range(1, 6):
        state = result(state, {"count": 3, "place": place}).state
        assert state.phase is Phase.VOTE
    outcome = result(state, {"count": 3, "place": 6})
    assert outcome.state.phase is Phase.FINAL_SETUP and outcome.state.elected == 6
    setup = " ".join(ask_of(outcome.state).say)
    assert "back in the box" in setup and "one to six" in setup
    state = say(outcome.state, "ready").state
    ask = ask_of(state)
    assert ask.id == "who_the_f.final_vote" and "unanimous" in " ".join(ask.say)
    assert GAME.public(state)["places"] == [1, 2, 3, 4, 5, 6]


def test_final_unanimous_wins_for_every_seat():
    state = elect_six(start(6))
    outcome = result(state, {"unanimous": True, "place": 3})
    end = GAME.step(outcome.state)
    assert isinstance(end, End)
    assert end.winners == (1, 2, 3, 4, 5, 6)
    assert "Zigoto number three is your Zuper-Zigoto" in " ".join(end.say)
    assert "win" in " ".join(end.say)


def test_final_places_without_votes_leave_others_keep_numbers():
    state = elect_six(start(6, "easy"))
    tokens = state.tokens
    outcome = result(state, {"empty": [2, 5]})
    new = outcome.state
    assert new.places == (1, 3, 4, 6) and new.tokens == tokens - 1
    assert new.phase is Phase.FINAL_VOTE
    assert "Zigotos two and five got no vote" in text(outcome)
    assert "one, three, four and six" in text(outcome)
    assert outcome.decision == "no votes for two and five"
    assert GAME.public(new)["places"] == [1, 3, 4, 6]
    # a gone place cannot be named again
    refused = result(new, {"empty": [2]})
    assert not refused.accepted and "already left" in text(refused)
    refused = result(new, {"unanimous": True, "place": 5})
    assert not refused.accepted and "already left" in text(refused)
    # the result ask offers only pairs of places still in
    phrases = [p for c in ask_of(say(new, "reveal").state).choices for p in c.phrases]
    assert "no votes for one and six" in phrases and "no votes for two and five" not in phrases


def test_final_only_some_got_votes_means_the_others_are_empty():
    state = elect_six(start(3, "easy"))
    state = say(state, "reveal").state
    choice = next(c for c in ask_of(state).choices if "only two and five got votes" in c.phrases)
    assert choice.value == {"empty": [1, 3, 4, 6]}
    assert say(state, choice.value).state.places == (2, 5)


def test_final_every_place_voted_removes_none_but_costs_a_token():
    state = elect_six(start(8, "easy"))
    outcome = result(state, {"empty": []})
    assert outcome.state.places == state.places and outcome.state.tokens == state.tokens - 1
    assert "none of them leaves" in text(outcome)


def test_final_more_voted_places_than_players_is_refused():
    state = elect_six(start(3, "easy"))
    for empty in ([], [1], [1, 2]):
        refused = result(state, {"empty": empty})
        assert not refused.accepted and "at most three places" in text(refused)
    assert result(state, {"empty": [1, 2, 3]}).state.places == (4, 5, 6)


def test_final_removing_every_place_is_refused_and_all_but_one_is_unanimous():
    state = elect_six(start(6, "easy"))
    state = result(state, {"empty": [1, 2, 3]}).state
    state = result(state, {"empty": [4]}).state
    assert state.places == (5, 6)
    refused = result(state, {"empty": [5, 6]})
    assert not refused.accepted and refused.state.places == (5, 6)
    outcome = result(state, {"empty": [5]})
    assert outcome.state.phase is Phase.WON and outcome.state.zuper == 6


def test_final_last_token_lost_loses_the_game():
    state = elect_six(start(3, "expert"))  # one token
    assert state.tokens == 1
    outcome = result(state, {"empty": [1, 2, 3]})
    assert outcome.state.phase is Phase.LOST and outcome.state.tokens == 0
    end = GAME.step(outcome.state)
    assert isinstance(end, End) and end.winners == ()
    assert "mystery" in " ".join(end.say)


def test_final_hint_reads_the_next_question():
    state = elect_six(start())
    outcome = say(state, "hint")
    assert outcome.state.phase is Phase.FINAL_VOTE and outcome.state.tokens == state.tokens
    assert outcome.state.current != state.current


# ---------------------------------------------------------------- choices


def test_result_choices_phrasing_and_values():
    ask = ask_of(say(start(), "reveal").state)
    assert ask.id == "who_the_f.result" and not ask.confirm and ask.expected
    by_phrase = {p: c.value for c in ask.choices for p in c.phrases}
    assert by_phrase["four votes for number two"] == {"count": 4, "place": 2}
    assert by_phrase["four votes for two"] == {"count": 4, "place": 2}
    assert by_phrase["one vote for number two"] == {"count": 1, "place": 2}
    assert by_phrase["eight votes for six"] == {"count": 8, "place": 6}
    assert by_phrase["unanimous for five"] == {"unanimous": True, "place": 5}
    assert by_phrase["everyone for five"] == {"unanimous": True, "place": 5}
    assert by_phrase["unanimous with four votes for number two"] == {
        "unanimous": True,
        "count": 4,
        "place": 2,
    }
    assert by_phrase["no majority"] == {"none": True}
    assert by_phrase["hint"] == {"hint": True}
    assert by_phrase["someone gave a hint"] == {"hint": True}


def test_final_result_choices_phrasing_and_size():
    ask = ask_of(say(elect_six(start()), "reveal").state)
    assert ask.id == "who_the_f.final_result" and not ask.confirm
    by_phrase = {p: c.value for c in ask.choices for p in c.phrases}
    assert by_phrase["unanimous for three"] == {"unanimous": True, "place": 3}
    assert by_phrase["no votes for two and five"] == {"empty": [2, 5]}
    assert by_phrase["no votes for two"] == {"empty": [2]}
    assert by_phrase["no votes for one two and five"] == {"empty": [1, 2, 5]}
    assert by_phrase["every place got a vote"] == {"empty": []}
    for size in range(2, 7):
        for places in combinations(range(1, 7), size):
            assert sum(len(c.phrases) for c in final_result_choices(places)) < 500


PHRASE = re.compile(r"^[a-z]+( [a-z]+)*$")


def check_choices(ask: Ask) -> None:
    phrases = [p for c in ask.choices for p in c.phrases]
    assert phrases or ask.free, ask.id
    assert all(PHRASE.match(p) for p in phrases), [p for p in phrases if not PHRASE.match(p)]
    assert len(phrases) == len(set(phrases)), ask.id
    values = [json.dumps(c.value, sort_keys=True) for c in ask.choices]
    assert len(values) == len(set(values)), ask.id
    assert ask.say and all(ask.say) and len(ask.reprompts) == 2
    assert ask.expected and ask.expected == ask.expected.lower()


def test_every_ask_has_clean_unique_phrases():
    for places in [p for size in range(2, 7) for p in combinations(range(1, 7), size)]:
        check_choices(
            replace(
                ask_of(say(elect_six(start()), "reveal").state),
                choices=final_result_choices(places),
            )
        )
    check_choices(ask_of(GAME.new({}, Random(0))))
    check_choices(ask_of(GAME.new({"players": 4}, Random(0))))
    check_choices(ask_of(GAME.new({"players": 4, "difficulty": "easy"}, Random(0))))
    check_choices(ask_of(start()))
    check_choices(ask_of(say(start(), "reveal").state))
    assert len(result_choices()) == 6 * 8 + 6 + 6 * 7 + 2 + 4  # and four ties, "two and two"


# ------------------------------------------------------ public and score


def test_public_snapshot():
    state = start(5, "regular")
    public = GAME.public(state)
    assert set(public) == {
        "phase",
        "tokens",
        "elected",
        "places",
        "questions_used",
        "players",
        "difficulty",
        "question",
    }
    assert public == {
        "phase": "vote",
        "tokens": 3,
        "elected": 0,
        "places": [1, 2, 3, 4, 5, 6],
        "questions_used": 0,
        "players": 5,
        "difficulty": "regular",
        "question": GAME.questions[state.current],
    }
    json.dumps(public)
    state = result(state, {"count": 3, "place": 1}).state
    assert GAME.public(state)["elected"] == 1 and GAME.public(state)["questions_used"] == 1
    setup = GAME.public(GAME.new({}, Random(0)))
    assert setup["tokens"] is None and setup["question"] is None and setup["phase"] == "players"


def test_score_lines():
    assert GAME.score(GAME.new({}, Random(0))) == ("The table is still being set up.",)
    state = start(5, "regular")
    state = result(state, {"count": 3, "place": 1}).state
    assert GAME.score(state) == (
        "You have three connection tokens left.",
        "Zigotos elected: one of six.",
    )
    state = elect_six(state)
    state = result(state, {"empty": [2, 5]}).state
    lines = GAME.score(state)
    assert lines[0] == "You have two connection tokens left."
    assert lines[-1] == "Places still in the final round: one, three, four and six."


# ---------------------------------------------------------------- content


def test_question_deck_is_large_and_well_formed():
    assert len(GAME.questions) >= 80
    assert all(q.startswith("Who would ") and q.endswith("?") for q in GAME.questions)
    assert len({q.lower() for q in GAME.questions}) == len(GAME.questions)


def copy_content(tmp_path, edit) -> None:
    source = content.PROMPTS / "en" / "who_the_f.toml"
    (tmp_path / "en").mkdir()
    target = tmp_path / "en" / "who_the_f.toml"
    shutil.copy(source, target)
    target.write_text(edit(target.read_text(encoding="utf-8")), encoding="utf-8")


def test_broken_toml_names_file_and_line(tmp_path):
    copy_content(tmp_path, lambda t: t.replace('ask_players = "', "ask_players = ", 1))
    with pytest.raises(ContentError, match=r"who_the_f\.toml.*line \d+"):
        content.load("who_the_f", root=tmp_path)
    with pytest.raises(ContentError, match=r"who_the_f\.toml.*line \d+"):
        who_the_f.load(root=tmp_path)


def test_short_deck_and_bad_question_and_missing_line_name_file_and_line(tmp_path):
    copy_content(tmp_path, lambda t: re.sub(r'^    "Who would (?!win|name).*\n', "", t, flags=re.M))
    with pytest.raises(ContentError, match=r"who_the_f\.toml, line 5: .*at least 80"):
        who_the_f.load(root=tmp_path)
    shutil.rmtree(tmp_path / "en")
    copy_content(tmp_path, lambda t: t.replace("Who would win a staring", "Would win a staring"))
    with pytest.raises(ContentError, match=r"who_the_f\.toml, line 7: question 2"):
        who_the_f.load(root=tmp_path)
    shutil.rmtree(tmp_path / "en")
    copy_content(tmp_path, lambda t: re.sub(r"^revealed = .*\n", "", t, flags=re.M))
    with pytest.raises(
        ContentError, match=r"who_the_f\.toml, line \d+: the line 'revealed' is missing"
    ):
        who_the_f.load(root=tmp_path)


# ---------------------------------------------------------------- property


def check_end(state: State, end: End) -> None:
    """Won (every seat wins) or lost (nobody does)."""
    assert state.phase in (Phase.WON, Phase.LOST)
    assert end.winners == (tuple(range(1, state.players + 1)) if state.phase is Phase.WON else ())


def random_answer(state: State, step: Ask, pick: Random) -> Answer:
    """Any choice of the ask, or silence where it has a timeout."""
    if step.timeout is not None and pick.random() < 1 / 7:
        return Answer(AnswerKind.TIMEOUT)
    choice = pick.choice(step.choices)
    return Answer(AnswerKind.CHOICE, choice.value, choice.phrases[0])


def check_invariants(state: State) -> None:
    """Tokens within the stock, places and elections in bounds, every question in one place."""
    json.dumps(GAME.public(state))
    assert all(GAME.score(state))
    if state.tokens is not None:
        assert 0 <= state.tokens <= 8
        assert (state.tokens == 0) == (state.phase is Phase.LOST)
    assert 0 <= state.elected <= 6
    assert (state.phase in (Phase.FINAL_SETUP, Phase.FINAL_VOTE, Phase.FINAL_RESULT)) <= (
        state.elected == 6
    )
    assert 2 <= len(state.places) <= 6 and set(state.places) <= {1, 2, 3, 4, 5, 6}
    assert list(state.places) == sorted(state.places)
    deck = sorted(state.pile + state.discards + (state.current,))
    assert deck == list(range(len(GAME.questions)))


# ---------------------------------------------------------- simulated table


@pytest.mark.parametrize(
    "seed,options",
    [
        (1, {}),
        (2, {"players": 5, "difficulty": "regular"}),
        (3, {"players": 3, "difficulty": "expert", "reveal_after": 30}),
        (4, {"players": 8, "difficulty": "easy"}),
    ],
)
def test_simulated_table_says_only_what_can_be_heard_and_wins(seed, options):
    from gm.demo import plan

    rng, table = Random(seed), Random(seed + 1)
    state = GAME.new(options, rng)
    texts, ids = [], set()
    while not isinstance(step := GAME.step(state), End):
        line = GAME.demo_line(state, step, table)
        assert 1 <= line.seat <= (state.players or 1)
        if line.answer.kind is AnswerKind.TIMEOUT:
            assert step.timeout is not None and line.silence > step.timeout and not line.text
        else:
            choice = next(c for c in step.choices if c.value == line.answer.value)
            assert line.text in choice.phrases
        outcome = GAME.apply(state, step, line.answer, rng)
        assert outcome.accepted, (step.id, line.text, outcome.say)
        texts.append(line.text)
        ids.add(step.id)
        state = outcome.state
    assert state.phase is Phase.WON
    assert {"who_the_f.result", "who_the_f.final_result"} <= ids
    assert "someone gave a hint" in texts
    script = plan(GAME, options, seed)
    assert [l.text for l in script.lines if l.text != "yes please"] == texts


@pytest.mark.parametrize(
    "seed,options",
    [
        (1, {}),
        (3, {"players": 4, "difficulty": "expert", "reveal_after": 20}),
        (5, {"players": 3, "difficulty": "easy"}),
        (6, {"players": 8, "difficulty": "easy"}),
    ],
)
def test_a_table_playing_to_lose_loses_every_token(seed, options):
    from gm.demo import plan

    losing = GAME.playing_to("lose")
    assert losing.table == "lose" and GAME.table == "win" and losing.questions is GAME.questions
    script = plan(losing, options, seed)
    rng = Random(seed)
    state = GAME.new(options, rng)  # the rules are the same: only the simulated table differs
    texts = []
    for line in script.lines:
        if line.text == "yes please":
            continue
        step = GAME.step(state)
        outcome = GAME.apply(state, step, line.answer, rng)
        assert outcome.accepted, (step.id, line.text, outcome.say)
        texts.append(line.text)
        state = outcome.state
    assert state.phase is Phase.LOST and state.tokens == 0 and 0 < state.elected < 6
    assert isinstance(GAME.step(state), End) and GAME.step(state).winners == ()
    assert "someone gave a hint" in texts and "no majority" in texts
    if not options:
        assert texts[:2] == ["four players", "expert"]


def test_the_simulated_table_plays_to_win_or_lose_only():
    with pytest.raises(ValueError):
        GAME.playing_to("draw")
