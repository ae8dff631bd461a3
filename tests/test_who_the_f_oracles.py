"""Who the F*ck? as the table hears it: what is said, what is refused, what the simulated table
plays.

Written from the rulebook (who-the-f.txt) and CLARIFICATIONS.md to close the gaps mutation
testing found (docs/mutation.md): a refusal that loses the game, a sentence that drops the
number it should say, a final round that cannot reshuffle the question pile. The expected
sentences are read from the content (prompts/en/who_the_f.toml) with the fields the rules say
they must carry, so a rephrased line does not break them; pure rules, no audio.
"""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from gm.content import load as load_content
from gm.games import who_the_f
from gm.games.who_the_f import Phase, State
from gm.steps import Answer, AnswerKind, Ask, End, Outcome

GAME = who_the_f.load()
L = GAME.lines


def ask_of(state: State) -> Ask:
    step = GAME.step(state)
    assert isinstance(step, Ask), step
    return step


def say(state: State, value, rng: Random | None = None) -> Outcome:
    """Answer the current ask with its choice worth `value`, as if heard."""
    ask = ask_of(state)
    choice = next(c for c in ask.choices if c.value == value)
    return GAME.apply(
        state, ask, Answer(AnswerKind.CHOICE, value, choice.phrases[0]), rng or Random(1)
    )


def start(players: int = 5, difficulty: str = "regular") -> State:
    state = GAME.new({"players": players, "difficulty": difficulty}, Random(0))
    return say(state, "ready").state


def result(state: State, value, rng: Random | None = None) -> Outcome:
    """Reveal, tell the result, then "next question" when gm waits for it."""
    outcome = say(say(state, "reveal").state, value, rng)
    if outcome.accepted and outcome.state.phase is Phase.NEXT:
        return replace(outcome, state=say(outcome.state, "next", rng).state)
    return outcome


def six_elected(state: State) -> State:
    """Six majorities in a row: the table is told to set up the final round."""
    for place in range(1, 7):
        state = result(state, {"count": state.players // 2 + 1, "place": place}).state
    assert state.phase is Phase.FINAL_SETUP
    return state


def elect_six(state: State) -> State:
    return say(six_elected(state), "ready").state


def text(outcome: Outcome) -> str:
    return " ".join(outcome.say)


# ------------------------------------------------------------ refusals keep the game


def refused_situations() -> list[tuple[str, State, Answer]]:
    """Answers the rules must refuse, each in the state it is given in."""
    setup = GAME.new({}, Random(0))
    voting = start(5)
    result_ask = say(voting, "reveal").state
    final = say(elect_six(start(3, "easy")), "reveal").state
    gone = say(result(elect_six(start(6, "easy")), {"empty": [2, 5]}).state, "reveal").state
    return [
        ("players: a free answer", setup, Answer(AnswerKind.FREE, ["five"], "five")),
        ("players: one player", setup, Answer(AnswerKind.CHOICE, 1, "one player")),
        (
            "difficulty: a free answer",
            GAME.new({"players": 4}, Random(0)),
            Answer(AnswerKind.FREE, ["easy"], "easy"),
        ),
        ("vote: a free answer", voting, Answer(AnswerKind.FREE, ["four"], "four")),
        ("result: a free answer", result_ask, Answer(AnswerKind.FREE, ["four"], "four")),
        ("result: no place", result_ask, Answer(AnswerKind.CHOICE, {"count": 3}, "three votes")),
        (
            "result: six votes of five",
            result_ask,
            Answer(AnswerKind.CHOICE, {"count": 6, "place": 1}, "six"),
        ),
        (
            "result: zero votes",
            result_ask,
            Answer(AnswerKind.CHOICE, {"count": 0, "place": 2}, "x"),
        ),
        (
            "result: unanimous with a count not a number",
            result_ask,
            Answer(AnswerKind.CHOICE, {"unanimous": True, "count": "four", "place": 2}, "x"),
        ),
        ("final: a free answer", final, Answer(AnswerKind.FREE, ["two"], "two")),
        (
            "final: four places voted by three",
            final,
            Answer(AnswerKind.CHOICE, {"empty": [1, 2]}, "no votes"),
        ),
        (
            "final: a place already gone",
            gone,
            Answer(AnswerKind.CHOICE, {"empty": [2]}, "no votes for two"),
        ),
        (
            "final: unanimous for a gone place",
            gone,
            Answer(AnswerKind.CHOICE, {"unanimous": True, "place": 5}, "x"),
        ),
        ("final: every place empty", gone, Answer(AnswerKind.CHOICE, {"empty": [1, 3, 4, 6]}, "x")),
    ]


@pytest.mark.parametrize(
    "name,state,answer", refused_situations(), ids=[s[0] for s in refused_situations()]
)
def test_a_refused_answer_leaves_the_game_exactly_as_it_was(name, state, answer):
    outcome = GAME.apply(state, ask_of(state), answer, Random(1))
    assert outcome.accepted is False
    assert outcome.state == state  # nothing is lost: the same tokens, places, question and phase
    assert outcome.say and all(outcome.say)  # and the table hears why


@pytest.mark.parametrize(
    "value",
    [
        {"count": 0, "place": 2},
        {"count": "two", "place": 2},
        {"unanimous": True, "count": "four", "place": 2},
    ],
)
def test_a_count_that_makes_no_sense_is_refused_and_asked_again(value):
    state = say(start(5), "reveal").state
    outcome = GAME.apply(state, ask_of(state), Answer(AnswerKind.CHOICE, value, "x"), Random(1))
    assert outcome.accepted is False and outcome.say == (L("bad_count"),)


def test_each_set_up_answer_is_said_back_as_decided():
    assert say(GAME.new({}, Random(0)), 5).decision == L("decision_players", players="five")
    state = say(result(elect_six(start(3, "easy")), {"empty": [1, 2, 3]}).state, "reveal").state
    outcome = say(state, {"empty": []})  # three places, three players: each got a vote
    assert outcome.decision == L("decision_final_all_voted") and outcome.say[0] == L(
        "final_all_voted"
    )


def test_one_player_is_heard_and_refused_with_the_range():
    """Three to eight players: "one" must be understood so that it can be refused, not ignored."""
    ask = ask_of(GAME.new({}, Random(0)))
    assert [c.value for c in ask.choices if "one" in c.phrases] == [1]
    outcome = say(GAME.new({}, Random(0)), 1)
    assert not outcome.accepted and outcome.say == (L("players_out_of_range", players="one"),)
    assert say(GAME.new({}, Random(0)), 3).state.phase is Phase.DIFFICULTY


def test_a_place_already_gone_is_refused_naming_the_places_still_in():
    state = result(elect_six(start(6, "easy")), {"empty": [2, 5]}).state
    refused = result(state, {"empty": [2]})
    assert refused.say == (L("place_gone", place="two", places="one, three, four and six"),)


def test_too_many_voted_places_are_refused_naming_the_players_and_places():
    refused = result(elect_six(start(3, "easy")), {"empty": [1, 2]})
    assert refused.say == (
        L("too_many_places", players="three", places="one, two, three, four, five and six"),
    )


# --------------------------------------------------------------- what is said


@pytest.mark.parametrize(
    "count,line",
    [
        (1, L("not_majority_one", players="five")),
        (2, L("not_majority", count="two", players="five")),
    ],
)
def test_a_count_short_of_a_majority_says_the_count_and_costs_a_token(count, line):
    state = start(5)  # three tokens
    outcome = result(state, {"count": count, "place": 4})
    assert outcome.say[:2] == (line, L("no_majority"))
    assert outcome.state.tokens == 2 and outcome.state.elected == 0
    assert outcome.decision == L("decision_no_majority")


def test_three_votes_of_five_is_the_smallest_majority_and_is_not_unanimous():
    outcome = result(start(5), {"count": 3, "place": 4})
    assert outcome.say[0] == L("elected", count="three", players="five", place="four")
    assert outcome.state.elected == 1 and outcome.state.tokens == 3  # no bonus token
    assert outcome.decision == L("decision_elected", count="three", place="four")


@pytest.mark.parametrize("how", ["reveal", "timeout"])
def test_the_reveal_tells_the_table_to_turn_its_votes(how):
    state = GAME.new({"players": 4, "difficulty": "easy", "reveal_after": 20}, Random(0))
    state = say(state, "ready").state
    if how == "reveal":
        outcome = say(state, "reveal")
    else:
        outcome = GAME.apply(state, ask_of(state), Answer(AnswerKind.TIMEOUT), Random(1))
    assert outcome.say == (L("revealed"),) and outcome.state.phase is Phase.RESULT
    assert outcome.decision == L("decision_revealed")


@pytest.mark.parametrize(
    "value,said",
    [
        ({"unanimous": True, "place": 3}, "final_unanimous"),
        ({"empty": [1, 2, 4, 5, 6]}, "final_implied_unanimous"),
    ],
)
def test_the_zuper_zigoto_is_named_in_what_is_said_and_in_the_decision(value, said):
    state = say(elect_six(start(6, "easy")), "reveal").state
    outcome = GAME.apply(state, ask_of(state), Answer(AnswerKind.CHOICE, value, "x"), Random(1))
    assert outcome.state.phase is Phase.WON and outcome.state.zuper == 3
    assert outcome.say == (L(said, place="three"),)
    assert outcome.decision == L("decision_final_unanimous", place="three")  # what "undo" says back


def test_score_says_one_token_in_the_singular_and_more_in_the_plural():
    state = start(3, "expert")  # one token
    assert GAME.score(state) == (L("score_tokens_one"), L("score_elected", elected="zero"))
    state = start(3, "easy")
    assert GAME.score(state)[0] == L("score_tokens", tokens="three")
    assert GAME.score(GAME.new({}, Random(0))) == (L("score_setup"),)


def test_a_game_lost_before_the_final_says_how_many_zigotos_were_elected():
    state = result(start(3, "regular"), {"count": 2, "place": 1}).state  # two tokens, one elected
    state = result(state, {"count": 2, "place": 2}).state
    state = result(state, {"none": True}).state
    outcome = result(state, {"none": True})
    assert outcome.state.phase is Phase.LOST and outcome.state.elected == 2
    end = GAME.step(outcome.state)
    assert isinstance(end, End) and end.winners == ()
    assert end.say == (L("lost", elected="two"), L("lost_try_again"))


def test_a_game_lost_in_the_final_round_leaves_the_zuper_zigoto_a_mystery():
    outcome = result(elect_six(start(3, "expert")), {"empty": [1, 2, 3]})
    end = GAME.step(outcome.state)
    assert isinstance(end, End) and end.say == (L("lost_final", elected="six"), L("lost_try_again"))


def test_every_ask_is_named_after_its_phase_and_says_what_can_be_said():
    """The transcript and the save name each step "who_the_f.<phase>"; "help" says `expected`."""
    states = [
        GAME.new({}, Random(0)),
        GAME.new({"players": 4}, Random(0)),
        GAME.new({"players": 4, "difficulty": "easy"}, Random(0)),
        start(),
    ]
    states.append(say(states[-1], "reveal").state)
    final_setup = six_elected(start())
    states += [final_setup, elect_six(start())]
    states.append(say(states[-1], "reveal").state)
    assert {s.phase for s in states} == {
        Phase.PLAYERS,
        Phase.DIFFICULTY,
        Phase.LAYOUT,
        Phase.VOTE,
        Phase.RESULT,
        Phase.FINAL_SETUP,
        Phase.FINAL_VOTE,
        Phase.FINAL_RESULT,
    }
    for state in states:
        ask = ask_of(state)
        assert ask.id == f"who_the_f.{state.phase.value}"
        assert ask.expected and ask.reprompts
    assert "ready" in ask_of(final_setup).expected


# --------------------------------------------------------- the question pile


def exhausted(state: State) -> State:
    """The same game with every unread question in the discards: the next draw must reshuffle."""
    return replace(state, pile=(), discards=state.discards + state.pile)


def assert_reshuffled(before: State, after: State) -> None:
    """The finished question joined the discards, all of them became the new pile, one was drawn
    (never the finished one: it goes to the bottom if it comes out on top)."""
    assert sorted(after.pile + after.discards + (after.current,)) == list(
        range(len(GAME.questions))
    )
    assert (
        after.discards == () and after.current != before.current and after.used == before.used + 1
    )


def next_question(state: State) -> State:
    """The pause after a result ends on "next question": the question drawn at the result is
    read, no second one is drawn and no token moves."""
    assert state.phase is Phase.NEXT
    new = say(state, "next").state
    assert (new.pile, new.discards, new.current, new.used, new.tokens, new.places) == (
        state.pile,
        state.discards,
        state.current,
        state.used,
        state.tokens,
        state.places,
    )
    return new


@pytest.mark.parametrize(
    "value", [{"none": True}, {"count": 1, "place": 2}, {"count": 3, "place": 2}]
)
def test_a_round_reshuffles_the_discards_when_the_pile_runs_out(value):
    state = exhausted(say(start(5), "reveal").state)
    outcome = GAME.apply(state, ask_of(state), Answer(AnswerKind.CHOICE, value, "x"), Random(5))
    assert outcome.accepted and outcome.state.phase is Phase.NEXT  # the table justifies its votes
    assert_reshuffled(state, outcome.state)
    assert next_question(outcome.state).phase is Phase.VOTE


@pytest.mark.parametrize("final", [False, True], ids=["round", "final round"])
def test_a_hint_during_the_secret_vote_reshuffles_the_discards_when_the_pile_runs_out(final):
    state = exhausted(elect_six(start(6, "easy")) if final else start(5))
    outcome = say(state, "hint", Random(5))
    assert outcome.accepted and outcome.say == (L("hint_discarded"),)
    assert (
        outcome.state.phase is state.phase and outcome.state.tokens == state.tokens
    )  # the vote starts over
    assert outcome.state.places == state.places
    assert_reshuffled(state, outcome.state)


@pytest.mark.parametrize("final", [False, True], ids=["round", "final round"])
def test_a_hint_after_the_reveal_is_refused_and_the_votes_stand(final):
    """CLARIFICATIONS.md: a hint can only happen during the secret vote; after the reveal the
    result stands."""
    state = exhausted(say(elect_six(start(6, "easy")) if final else start(5), "reveal").state)
    outcome = GAME.apply(
        state,
        ask_of(state),
        Answer(AnswerKind.CHOICE, {"hint": True}, "someone gave a hint"),
        Random(5),
    )
    assert (
        outcome.accepted is False
        and outcome.state == state
        and outcome.say == (L("hint_too_late"),)
    )


@pytest.mark.parametrize("value", [{"empty": [1]}, {"empty": []}])
def test_the_final_round_reshuffles_the_discards_when_the_pile_runs_out(value):
    state = exhausted(say(elect_six(start(6, "easy")), "reveal").state)
    outcome = GAME.apply(state, ask_of(state), Answer(AnswerKind.CHOICE, value, "x"), Random(5))
    assert outcome.accepted and outcome.state.phase is Phase.NEXT
    assert_reshuffled(state, outcome.state)
    assert next_question(outcome.state).phase is Phase.FINAL_VOTE


# ------------------------------------------------------- the simulated table


def simulated(game, options: dict, seed: int) -> list[tuple[State, Ask, object]]:
    """(state, ask, line) for every reply of the simulated table in a whole game."""
    rng, table = Random(seed), Random(seed + 1)
    state, played = game.new(options, rng), []
    while not isinstance(step := game.step(state), End):
        line = game.demo_line(state, step, table)
        played.append((state, step, line))
        outcome = game.apply(state, step, line.answer, rng)
        assert outcome.accepted, (step.id, line.text)
        state = outcome.state
    return played


@pytest.mark.parametrize("table", ["win", "lose"])
def test_the_simulated_table_is_heard_as_it_speaks_from_a_real_seat(table):
    game = GAME.playing_to(table)
    for seed, options in (
        (1, {}),
        (2, {}),
        (3, {"players": 6, "difficulty": "easy", "reveal_after": 20}),
    ):
        for state, ask, line in simulated(game, options, seed):
            assert isinstance(line.seat, int) and 1 <= line.seat <= (state.players or 1), (
                ask.id,
                line.seat,
            )
            if line.answer.kind is AnswerKind.TIMEOUT:
                assert line.text == "" and line.silence > ask.timeout
            if line.answer.kind is AnswerKind.CHOICE:
                assert (
                    line.answer.heard == line.text and line.text
                )  # the decision is taken on what was said


def test_the_winning_table_varies_its_size_and_sends_zigotos_home_before_the_zuper_zigoto():
    sizes, sent_home = set(), 0
    for seed in range(1, 7):
        played = simulated(GAME, {}, seed)
        sizes.add(played[0][2].answer.value)
        finals = [
            line.answer.value for state, ask, line in played if state.phase is Phase.FINAL_RESULT
        ]
        assert finals[-1].get("unanimous")
        assert all(len(v["empty"]) <= 2 for v in finals[:-1])  # at most two Zigotos go home a vote
        [hinted] = [state for state, ask, line in played if line.answer.value == "hint"]
        assert hinted.used == 2 and hinted.phase is Phase.VOTE  # one hint, on the third question
        sent_home += any(v.get("empty") for v in finals[:-1])
    assert sizes == {4, 5, 6}  # four to six players, as the demo promises
    assert sent_home >= 3


def test_the_simulated_table_plays_only_to_win_or_to_lose():
    with pytest.raises(ValueError, match="plays to win or lose, not 'draw'"):
        GAME.playing_to("draw")


def test_a_question_the_file_cannot_show_is_named_at_the_questions_line(tmp_path):
    """A bad or repeated question is named at its own line (a repeat at its copy's, with the
    question it repeats); one written with escapes, which the file does not hold as read, at the
    line where the questions start."""
    text = load_content("who_the_f").text
    start_line = text[: text.index("questions = [")].count("\n") + 1
    first = "Who would name a houseplant and introduce it at parties?"
    copied = '"Who would win a staring contest against a cat?"'
    copy_line = text[: text.index(copied)].count("\n") + 1
    (tmp_path / "en").mkdir()
    for edited, problem in (
        (
            text.replace(f'"{first}"', '"Who likes \\"cheese\\""', 1),
            rf"line {start_line}: question \d+ \(.*must start with 'Who', have words after it and "
            r"end with '\?'",
        ),
        (
            text.replace(copied, f'"{first}"', 1),
            rf"line {copy_line}: question \d+ \(.*\) is question \d+ again",
        ),
    ):
        (tmp_path / "en" / "who_the_f.toml").write_text(edited, encoding="utf-8")
        with pytest.raises(who_the_f.ContentError, match=rf"who_the_f\.toml, {problem}"):
            who_the_f.load(root=tmp_path)


def test_the_losing_table_falls_apart_in_the_order_it_promises():
    """An election, a unanimous count, a hint while voting the third question, a vote short of
    a majority, one more election, then no majority until the last token is gone (four players,
    expert)."""
    played = simulated(GAME.playing_to("lose"), {}, 1)
    assert [line.text for _, _, line in played[:2]] == ["four players", "expert"]
    kinds = []
    for state, ask, line in played:
        if state.phase is Phase.VOTE and line.answer.value == "hint":
            kinds.append("hint")
        if state.phase is Phase.RESULT:
            value = line.answer.value
            kinds.append(
                "none"
                if value.get("none")
                else "unanimous"
                if value["count"] == 4
                else "short"
                if value["count"] < 3
                else "elected"
            )
    assert kinds == [
        "elected",
        "unanimous",
        "hint",
        "short",
        "elected",
        "none",
        "none",
    ]  # 2 + 1 - 1 - 2 tokens
    [hinted] = [state for state, ask, line in played if line.answer.value == "hint"]
    assert hinted.used == 2  # the third question, while it is voted on
    assert played[-1][0].tokens == 1
