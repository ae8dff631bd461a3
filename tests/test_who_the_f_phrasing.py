"""How a table says things to Who the F*ck?: each form typed through the real dialogue engine.

A phrasing corpus per ask (the vote, the result, the pause after it, the skip, the final
result and "Is it unanimous?"): every form goes in as a typed line, the engine's matcher maps
it to the ask's phrases and the rules decide; the test reads the decisions and what gm said.
"""

from __future__ import annotations

import io

import pytest

from gm.dialog.engine import Engine, Result
from gm.dialog.hearing import TextHearing
from gm.dialog.transcript import Transcript
from gm.games import who_the_f
from gm.games.who_the_f.meaning import FinalMeaning, NextMeaning, ResultMeaning, VoteMeaning
from gm.state import Record
from gm.steps import Kind

GAME = who_the_f.load()
FIVE = {"players": 5, "difficulty": "regular"}  # three connection tokens, a majority is three


def play(
    common,
    speaker,
    lines: list[str],
    options: dict = FIVE,
    record: Record | None = None,
    resumed: bool = False,
):
    """Run the game on typed lines until they run out; the engine, its transcript and speaker."""
    texts, commands = common
    transcript = Transcript()
    record = record or Record(GAME.id, dict(options), seed=3)
    engine = Engine(
        GAME,
        TextHearing(io.StringIO("\n".join(lines) + "\n")),
        speaker,
        texts,
        commands,
        transcript,
        record,
    )
    result = engine.run(resumed=resumed)
    return engine, transcript, result


def decisions(transcript: Transcript) -> list[str]:
    out: list[str] = []
    for e in transcript.of_type("decision"):
        if e.get("step") == "confirm":
            continue
        if e.get("kind") == "undo":
            out.append("undo: " + e["decision"])
        elif e.get("accepted"):
            out.append(e["decision"])
    return out


def said(transcript: Transcript) -> list[str]:
    """What gm said, without the closing "The input ended" of a typed game."""
    lines = [e["text"] for e in transcript.of_type("say")]
    return lines[:-1] if lines and lines[-1].startswith("The input ended") else lines


ELECTED_TWO = "three votes for number two, elected"
NO_MAJORITY = "no majority, one token lost"
RESULTS = [
    ("three for two", ELECTED_TWO),
    ("three votes for two", ELECTED_TWO),
    ("Three votes for number two.", ELECTED_TWO),
    ("two got three", ELECTED_TWO),
    ("two got three votes", ELECTED_TWO),
    ("number two got three votes", ELECTED_TWO),
    ("four for six", "four votes for number six, elected"),
    ("two and two", NO_MAJORITY),
    ("it's a tie", NO_MAJORITY),
    ("It's a tie.", NO_MAJORITY),
    ("a tie", NO_MAJORITY),
    ("nobody", NO_MAJORITY),
    ("no majority", NO_MAJORITY),
    ("two for two", NO_MAJORITY),  # two of five is no majority
    ("unanimous for five", "unanimous for number five"),
    ("all five for one", "unanimous for number one"),
    ("everyone voted four", "unanimous for number four"),
    ("everyone voted for four", "unanimous for number four"),
]


@pytest.mark.parametrize("form,decision", RESULTS)
def test_a_result_in_any_common_form_after_reveal(common, speaker, form, decision):
    _, transcript, _ = play(common, speaker, ["ready", "reveal", form])
    assert decisions(transcript) == ["table set", "votes revealed", decision]


@pytest.mark.parametrize("form,decision", RESULTS)
def test_a_result_told_before_reveal_is_taken_as_meant(common, speaker, form, decision):
    _, transcript, _ = play(common, speaker, ["ready", form])
    assert decisions(transcript) == ["table set", decision]
    assert not any("Sorry" in line for line in said(transcript))


@pytest.mark.parametrize(
    "form,refusal",
    [
        ("all four for one", "Unanimous means all five players voted for it, not four."),
        ("three and three", "That count makes no sense."),  # three and three is six votes of five
        ("six for two", "With five players there cannot be six votes."),
    ],
)
def test_an_impossible_result_is_refused_and_asked_again(common, speaker, form, refusal):
    _, transcript, _ = play(common, speaker, ["ready", "reveal", form, "three for two"])
    assert decisions(transcript) == ["table set", "votes revealed", ELECTED_TWO]
    assert any(line.startswith(refusal) for line in said(transcript))


def test_three_for_two_and_two_got_three_never_swap(common, speaker):
    _, transcript, _ = play(common, speaker, ["ready", "reveal", "two got three"])
    assert decisions(transcript)[-1] == "three votes for number two, elected"
    _, transcript, _ = play(common, speaker, ["ready", "reveal", "three got four"])
    assert decisions(transcript)[-1] == "four votes for number three, elected"


def test_after_a_result_gm_waits_for_next_question_and_repeat_says_the_moves_made(common, speaker):
    _, transcript, _ = play(
        common, speaker, ["ready", "reveal", "three for two", "repeat", "next question"]
    )
    lines = said(transcript)
    told = lines.index("Three votes out of five for number two: elected!")
    wait = lines.index("Say next question when you're ready.", told)
    moves = "Move Zigoto two up, above the place tokens, and draw a new Zigoto for place two."
    assert moves in lines[told:wait]
    assert not any(
        line.startswith("Question two.") for line in lines[:wait]
    )  # the pause comes first
    # "repeat" tells the moves as made, never to be made twice, then waits again
    again = lines.index("Zigoto two has moved up, and a new Zigoto is under place two.", wait)
    assert lines.count(moves) == 1
    assert lines[again + 3] == "Say next question when you're ready."
    assert any(line.startswith("Question two.") for line in lines[again:])
    assert decisions(transcript)[-1] == "next question"


@pytest.mark.parametrize("form", ["next question", "next", "ready", "go on", "let's go", "skip"])
def test_the_pause_ends_with_the_ways_a_table_says_next(common, speaker, form):
    _, transcript, _ = play(common, speaker, ["ready", "reveal", "three for two", form])
    assert decisions(transcript)[-1] == "next question"
    assert said(transcript)[-2].startswith("Question two.")


def test_undo_while_the_next_question_is_read_takes_back_the_result_and_says_how(common, speaker):
    engine, transcript, _ = play(
        common, speaker, ["ready", "reveal", "unanimous for two", "next question", "undo"]
    )
    lines = said(transcript)
    undone = lines.index("Undone: unanimous for number two.")
    assert lines[undone + 1] == (
        "Put Zigoto two back under place two, and the new Zigoto back on the pile. "
        "Put the connection token you gained back in the box."
    )
    assert engine.state.phase is who_the_f.Phase.RESULT and engine.state.tokens == 3
    # the ask comes back as on a repeat: the question the result is for, then the ask
    assert lines[undone + 2 : undone + 4] == [
        "Question one. Who would hide snacks in every room of the house?",
        "What is the result?",
    ]


def test_undo_of_a_lost_round_brings_a_token_back(common, speaker):
    _, transcript, _ = play(common, speaker, ["ready", "reveal", "nobody", "undo"])
    lines = said(transcript)
    assert (
        lines[lines.index("Undone: no majority, one token lost.") + 1]
        == "Take one connection token back from the box."
    )


def test_voting_is_explained_in_full_for_the_first_question_only(common, speaker):
    _, transcript, _ = play(common, speaker, ["ready", "three for two", "next question"])
    lines = said(transcript)
    first = next(i for i, l in enumerate(lines) if l.startswith("Question one."))
    second = next(i for i, l in enumerate(lines) if l.startswith("Question two."))
    assert lines[first + 1].startswith("Vote secretly: put the token")
    assert lines[second + 1] == "Vote, then say reveal."


@pytest.mark.parametrize("form", ["skip", "next question", "skip this one"])
def test_skip_while_a_question_is_up_gives_a_new_one_if_the_table_agrees(common, speaker, form):
    engine, transcript, _ = play(common, speaker, ["ready", form, "yes"])
    assert decisions(transcript) == ["table set", "asked to skip the question", "question skipped"]
    assert engine.state.tokens == 3 and engine.state.used == 1
    lines = said(transcript)
    assert "Skip this question for a new one? Say yes if the table agrees." in lines
    assert lines[-2].startswith("Question two.")
    assert "There's nothing to skip right now." not in lines


@pytest.mark.parametrize("again", ["next question", "skip"])
def test_skip_said_again_at_skip_this_question_is_the_tables_yes(common, speaker, again):
    engine, transcript, _ = play(common, speaker, ["ready", "skip", again])
    assert decisions(transcript) == ["table set", "asked to skip the question", "question skipped"]
    assert engine.state.used == 1 and said(transcript)[-2].startswith("Question two.")
    assert not any("nothing to skip" in line for line in said(transcript))


def test_skip_refused_by_the_table_keeps_the_question(common, speaker):
    engine, transcript, _ = play(common, speaker, ["ready", "skip", "no"])
    assert decisions(transcript)[-1] == "question kept"
    assert engine.state.used == 0 and said(transcript)[-2].startswith("Question one.")


def test_a_hint_after_the_reveal_is_refused_the_result_stands(common, speaker):
    engine, transcript, _ = play(common, speaker, ["ready", "reveal", "someone gave a hint"])
    assert decisions(transcript) == ["table set", "votes revealed"]
    assert any("a hint only spoils a secret vote" in line for line in said(transcript))
    assert engine.state.phase is who_the_f.Phase.RESULT


def test_a_hint_while_voting_discards_the_question(common, speaker):
    engine, transcript, _ = play(common, speaker, ["ready", "someone gave a hint"])
    assert decisions(transcript)[-1] == "a hint was given, next question"
    assert engine.state.used == 1 and engine.state.tokens == 3


def test_repeat_after_the_reveal_repeats_the_question(common, speaker):
    _, transcript, _ = play(common, speaker, ["ready", "reveal", "repeat"])
    lines = said(transcript)
    question = next(l for l in lines if l.startswith("Question one."))
    assert lines[-2:] == [question, "What is the result?"]


def test_pause_and_resume_after_the_reveal_repeat_the_question(common, speaker):
    _, transcript, _ = play(common, speaker, ["ready", "reveal", "pause", "resume"])
    lines = said(transcript)
    question = next(l for l in lines if l.startswith("Question one."))
    assert lines[-3:] == ["Resuming.", question, "What is the result?"]


def test_a_resumed_game_repeats_the_question_being_voted_on(common, speaker):
    engine, _, result = play(common, speaker, ["ready", "reveal"])
    assert result is Result.INPUT_ENDED
    _, transcript, _ = play(common, speaker, [], record=engine.record, resumed=True)
    lines = said(transcript)
    assert lines[0].startswith("Welcome back")
    assert lines[1].startswith("Question one.") and lines[2] == "What is the result?"


def test_a_game_resumed_at_skip_this_question_says_which_question(common, speaker):
    engine, _, _ = play(common, speaker, ["ready", "skip"])
    _, transcript, _ = play(common, speaker, [], record=engine.record, resumed=True)
    lines = said(transcript)
    assert lines[1].startswith("Question one. Who would")
    assert lines[2] == "Skip this question for a new one? Say yes if the table agrees."


def elections(places=(1, 2, 3, 4, 5, 6)) -> list[str]:
    """Six elections in a row, each told before reveal, then the final round set."""
    lines = ["ready"]
    for place in places:
        lines += [f"three for {place}", "next question"]
    return lines[:-1] + ["ready"]


def test_the_sixth_election_says_which_zigoto_moves_up_and_five_go_back(common, speaker):
    _, transcript, _ = play(common, speaker, elections())
    lines = said(transcript)
    sixth = lines.index("Three votes out of five for number six: elected!")
    assert lines[sixth + 1] == "Move Zigoto six up with the others, and leave place six empty."
    assert "Put the five Zigotos still under the place tokens back in the box." in lines[sixth:]
    assert decisions(transcript)[-1] == "final round set"


@pytest.mark.parametrize(
    "form,left",
    [
        ("no votes for one, two, three and four", [5, 6]),
        ("No votes for one, two, three, and four.", [5, 6]),
        ("no votes for one two three four", [5, 6]),
        ("no votes for two and five", [1, 3, 4, 6]),
        ("no votes for one, two, three, four and six", None),  # all but five: everyone voted five
        ("only five and six got votes", [5, 6]),
    ],
)
def test_the_final_round_hears_any_number_of_places(common, speaker, form, left):
    engine, transcript, _ = play(common, speaker, elections() + ["reveal", form])
    if left is None:
        assert engine.state.phase is who_the_f.Phase.WON and engine.state.zuper == 5
    else:
        assert list(engine.state.places) == left and engine.state.phase is who_the_f.Phase.NEXT


def test_is_it_unanimous_takes_yes_then_the_number(common, speaker):
    engine, transcript, _ = play(common, speaker, elections() + ["reveal", "yes", "three"])
    assert "Unanimous for which number?" in said(transcript)
    assert engine.state.phase is who_the_f.Phase.WON and engine.state.zuper == 3


def test_is_it_unanimous_takes_yes_with_the_number(common, speaker):
    engine, _, _ = play(common, speaker, elections() + ["reveal", "yes, for four"])
    assert engine.state.phase is who_the_f.Phase.WON and engine.state.zuper == 4


def test_is_it_unanimous_takes_no_then_the_places(common, speaker):
    engine, transcript, _ = play(
        common, speaker, elections() + ["reveal", "no", "no votes for two and five"]
    )
    assert "Which places got no vote?" in said(transcript)
    assert list(engine.state.places) == [1, 3, 4, 6]
    lines = said(transcript)
    assert lines[-1] == "Say next question when you're ready."


@pytest.mark.parametrize(
    "typed",
    [
        ["no", "two and five"],  # the places alone answer "Which places got no vote?"
        ["no", "number two and number five"],
        ["no, two and five"],  # "If not, which places got no vote?" answered in one breath
        ["not unanimous, two and five"],
    ],
)
def test_is_it_unanimous_takes_no_then_the_places_alone(common, speaker, typed):
    engine, transcript, _ = play(common, speaker, elections() + ["reveal", *typed, "yes"])
    assert list(engine.state.places) == [1, 3, 4, 6]


@pytest.mark.parametrize(
    "players, difficulty, ready, checked",
    [
        ("we're five", "regular please", "ok we're ready", False),
        ("five of us", "let's do regular", "yep, we're all set", False),
        ("there are five of us", "I think regular", "let's go", True),  # a hedge: read back
    ],
)
def test_the_set_up_asks_take_a_choice_said_with_words_around_it(
    common, speaker, players, difficulty, ready, checked
):
    typed = [players, difficulty, *(["yes"] if checked else []), ready]
    engine, transcript, _ = play(common, speaker, typed, options={})
    assert engine.state.players == 5 and engine.state.difficulty == "regular"
    assert engine.state.phase is not who_the_f.Phase.LAYOUT
    assert ("I heard regular. Is that right?" in said(transcript)) is checked


@pytest.mark.parametrize("typed", ["not two and five", "two places"])
def test_places_denied_or_counted_are_no_empty_places(common, speaker, typed):
    engine, _, _ = play(common, speaker, elections() + ["reveal", "no", typed])
    assert list(engine.state.places) == [1, 2, 3, 4, 5, 6]


def test_undo_in_the_final_round_brings_the_zigotos_back_from_the_box(common, speaker):
    _, transcript, _ = play(
        common, speaker, elections() + ["reveal", "no votes for two and five", "undo"]
    )
    lines = said(transcript)
    undone = lines.index("Undone: no votes for two and five.")
    assert lines[undone + 1] == (
        "Bring Zigotos two and five back from the box with their place tokens, "
        "and one connection token."
    )


@pytest.mark.parametrize("answer,undone", [("yes", "unanimous"), ("no", "not unanimous")])
def test_undo_after_is_it_unanimous_takes_back_that_answer_only(common, speaker, answer, undone):
    engine, transcript, _ = play(common, speaker, elections() + ["reveal", answer, "undo"])
    assert decisions(transcript)[-1] == f"undo: {undone}"
    assert engine.state.phase is who_the_f.Phase.FINAL_RESULT and engine.state.asking == ""
    assert said(transcript)[-1] == "Is it unanimous? If not, which places got no vote?"


def test_a_resumed_pause_after_a_lost_round_tells_the_token_as_gone(common, speaker):
    engine, first, _ = play(common, speaker, ["ready", "reveal", "nobody"])
    assert said(first).count("Put one connection token back in the box.") == 1
    _, transcript, _ = play(common, speaker, ["repeat"], record=engine.record, resumed=True)
    lines = said(transcript)
    assert "Put one connection token back in the box." not in lines
    gone = "One connection token went back to the box."
    assert lines.count(gone) == 2  # on resuming, and on "repeat"
    assert lines[lines.index(gone) + 1] == "Two connection tokens left."


def test_a_resumed_pause_after_a_unanimous_vote_tells_the_bonus_as_added(common, speaker):
    engine, _, _ = play(common, speaker, ["ready", "reveal", "unanimous for two"])
    _, transcript, _ = play(common, speaker, [], record=engine.record, resumed=True)
    lines = said(transcript)
    assert "Perfect connection: add a connection token to your stock." not in lines
    assert "The perfect connection added a connection token to your stock." in lines
    assert "Zigoto two has moved up, and a new Zigoto is under place two." in lines


def test_one_second_left_is_said_in_the_singular(common, speaker):
    timed = {**FIVE, "reveal_after": 1}
    _, transcript, _ = play(common, speaker, ["ready"], options=timed)
    assert any(
        line.endswith("You have one second, or say reveal when everyone has voted.")
        for line in said(transcript)
    )


def test_nothing_to_undo_does_not_read_the_layout_again(common, speaker):
    _, transcript, _ = play(common, speaker, ["undo"])
    lines = said(transcript)
    assert lines[-1] == "There's nothing to undo yet."
    assert lines.count(GAME.lines("layout_places")) == 1


def test_a_cooperative_game_names_no_seats(common, speaker):
    _, transcript, _ = play(common, speaker, [])
    assert not any("Seats go clockwise" in line for line in said(transcript))


# -- the meaning parser, sentence by sentence -------------------------------------------------
# What each sentence means to the ask that hears it, read by the game's own meaning parser: an
# answer with whether it is taken at once or read back first, a question asked with what it
# holds, or nothing at all.

L = GAME.lines
SIX = (1, 2, 3, 4, 5, 6)
AT_ONCE, READ_BACK = True, False


def meant(reading) -> tuple | str:
    if reading.kind is Kind.ANSWER:
        return reading.value, reading.sure
    if reading.kind is Kind.PARTIAL:
        return reading.question, reading.held
    return reading.kind.name.lower()


@pytest.mark.parametrize(
    "form,value,sure",
    [
        ("four out of five for two, one for three", {"count": 4, "place": 2}, READ_BACK),
        ("number one on four votes", {"count": 4, "place": 1}, AT_ONCE),
        ("the two guy got three votes", {"count": 3, "place": 2}, AT_ONCE),
        ("two got three", {"count": 3, "place": 2}, AT_ONCE),
        ("five, three votes", {"count": 3, "place": 5}, READ_BACK),  # five: by elimination
        ("two for two", {"count": 2, "place": 2}, AT_ONCE),
        ("number three got three", {"count": 3, "place": 3}, AT_ONCE),
        ("zigoto three got three votes", {"count": 3, "place": 3}, AT_ONCE),
        ("four got four votes", {"count": 4, "place": 4}, AT_ONCE),  # a place, then its count
        ("four had four", {"count": 4, "place": 4}, AT_ONCE),  # not a tie of four and four
        ("four voted for one, out of five", {"count": 4, "place": 1}, AT_ONCE),
        (
            "unanimous, five votes for number two",
            {"unanimous": True, "place": 2, "count": 5},
            AT_ONCE,
        ),
        ("unanimous, five", {"unanimous": True, "place": 5}, READ_BACK),
        ("one vote each", {"tie": 1}, AT_ONCE),
        ("two votes and two votes", {"tie": 2}, READ_BACK),
        ("two of them got two votes a piece", {"tie": 2}, READ_BACK),
        ("two votes versus two votes, it's a tie", {"tie": 2}, READ_BACK),
        ("two for one and two for three", {"tie": 2}, READ_BACK),
        ("one vote and one vote", {"tie": 1}, READ_BACK),
        ("two votes versus two votes, so we tied", {"tie": 2}, READ_BACK),
        ("three votes to three", {"count": 3, "place": 3}, AT_ONCE),  # "to" three: no tie
        ("four got three votes, the rest got nothing", {"count": 3, "place": 4}, AT_ONCE),
        ("everyone went for two, so two got it", {"unanimous": True, "place": 2}, AT_ONCE),
        ("zero, nobody got a majority", {"none": True}, AT_ONCE),
        ("Sam peeked", {"hint": True}, AT_ONCE),
    ],
)
def test_a_result_is_read_from_the_words_around_its_numbers(form, value, sure):
    assert meant(ResultMeaning(L, players=5).read(form)) == (value, sure)


@pytest.mark.parametrize(
    "form,question,held",
    [
        ("two got the most", "Number two: with how many votes?", {"place": 2}),
        (
            "I'm pretty sure number five won that round",
            "Number five: with how many votes?",
            {"place": 5},
        ),
        ("number four got a lot of votes", "Number four: with how many votes?", {"place": 4}),
        ("number three", "Number three: with how many votes?", {"place": 3}),
        ("we all voted the same", "It was unanimous: for which number?", {"unanimous": True}),
        # "the same one" is no number one
        (
            "everybody chose the same one",
            "It was unanimous: for which number?",
            {"unanimous": True},
        ),
        ("only one vote", "For which number was the one vote?", {"count": 1}),
        (
            "most of us went for number four this time",
            "Number four: with how many votes?",
            {"place": 4},
        ),
        (
            "the others had a vote each, but four won",
            "Number four: with how many votes?",
            {"place": 4},
        ),
        ("it was unanimously decided", "It was unanimous: for which number?", {"unanimous": True}),
        ("a bunch of us agreed", "How many votes, for which number?", {}),
        ("five", "How many votes, for which number?", {}),
        ("someone won", "How many votes, for which number?", {}),
    ],
)
def test_half_a_result_is_asked_about_naming_what_was_heard(form, question, held):
    assert meant(ResultMeaning(L, players=5).read(form)) == (question, held)


def test_a_lone_count_of_one_is_held_until_its_place_is_said():
    reading = ResultMeaning(L, players=5).read("one vote")
    assert reading.kind is Kind.PARTIAL and reading.held == {"count": 1}


@pytest.mark.parametrize(
    "form,held,value",
    [
        ("all of us", {"place": 5}, {"unanimous": True, "place": 5}),
        ("three", {"place": 2}, {"count": 3, "place": 2}),
    ],
)
def test_the_answer_to_half_a_result_completes_it_at_once(form, held, value):
    assert meant(ResultMeaning(L, players=5).read(form, held)) == (value, AT_ONCE)


@pytest.mark.parametrize(
    "form",
    [
        "two got zero votes",  # a place without a vote elects no one
        "number two should have won that",
        "give me five more seconds",
        "everyone voted for number two or number three",  # unanimous for two places is no result
    ],
)
def test_a_place_talked_about_is_no_result(form):
    assert meant(ResultMeaning(L, players=5).read(form)) == "nothing"


@pytest.mark.parametrize(
    "form,value,sure",
    [
        ("five and six got votes, the rest had nothing", {"empty": [1, 2, 3, 4]}, AT_ONCE),
        ("two got nothing this round, the rest got votes", {"empty": [2]}, AT_ONCE),
        (
            "four got votes, rest got nothing, I checked all the others",
            {"empty": [1, 2, 3, 5, 6]},
            READ_BACK,
        ),
        ("one and four got nothing, three got votes", {"empty": [1, 4]}, AT_ONCE),
        # the list nearest the "nothing", wherever it is said
        ("five got a vote, one and six got nothing", {"empty": [1, 6]}, AT_ONCE),
        ("number four got some votes, three and five got zero", {"empty": [3, 5]}, READ_BACK),
        ("nothing for one and four, but three got votes", {"empty": [1, 4]}, AT_ONCE),
        ("two had votes, none for number six", {"empty": [6]}, AT_ONCE),
        ("others got zero, three and five got votes", {"empty": [1, 2, 4, 6]}, AT_ONCE),
        ("every place has a vote", {"empty": []}, AT_ONCE),
        ("we all went for number one", {"unanimous": True, "place": 1}, AT_ONCE),
        ("everyone went for two, so two got it", {"unanimous": True, "place": 2}, AT_ONCE),
        ("no, the votes went all over", {"answer": False}, READ_BACK),
        # "the rest" where it starts: the rest got votes, not nothing
        ("one got nothing, the rest had votes", {"empty": [1]}, AT_ONCE),
        ("one and six got votes, rest got nothing", {"empty": [2, 3, 4, 5]}, AT_ONCE),
        ("three had votes, others got zero", {"empty": [1, 2, 4, 5, 6]}, AT_ONCE),
        # after a "but", the places named after it
        ("two got votes but five and six got nothing", {"empty": [5, 6]}, AT_ONCE),
        ("they all got a vote except three", {"empty": [3]}, READ_BACK),
        ("the votes went to two and five", {"empty": [1, 3, 4, 6]}, AT_ONCE),
        ("they all got votes but four", {"empty": [4]}, READ_BACK),
        ("everyone went for four, all seven of us", {"unanimous": True, "place": 4}, AT_ONCE),
        ("it was unanimous", {"answer": True}, AT_ONCE),
        ("yes, not a mess for once", {"answer": True}, AT_ONCE),
        ("no, it's a mess", {"answer": False}, READ_BACK),
        ("yeah, what a mess", {"answer": False}, READ_BACK),  # a yes that says it was split
        ("yep, all over the place again", {"answer": False}, READ_BACK),
        ("Sam peeked", {"hint": True}, AT_ONCE),
    ],
)
def test_a_final_result_says_which_places_got_no_vote_or_that_it_was_unanimous(form, value, sure):
    assert meant(FinalMeaning(L, SIX).read(form)) == (value, sure)


def test_still_split_with_two_places_left_means_both_got_a_vote():
    reading = FinalMeaning(L, (3, 5)).read("still split between the two")
    assert meant(reading) == ({"empty": []}, AT_ONCE)
    assert reading.said == "every place got a vote"


@pytest.mark.parametrize(
    "form,question,held",
    [
        ("no, a few got skipped", "Which places got no vote?", {}),
        ("some of them got nothing", "Which places got no vote?", {}),
        ("no, some were skipped", "Which places got no vote?", {}),
    ],
)
def test_a_final_result_naming_no_place_asks_which(form, question, held):
    assert meant(FinalMeaning(L, SIX).read(form)) == (question, held)


@pytest.mark.parametrize("form", ["we all voted the same", "everybody chose the same one"])
def test_a_final_result_told_before_any_question_asks_the_unanimous_number(form):
    reading = FinalMeaning(L, SIX, answers=False).read(form)
    assert meant(reading) == ("Unanimous for which number?", {"unanimous": True})


@pytest.mark.parametrize("form", ["yeah, split on two", "yeah, it's split three ways"])
def test_a_yes_that_says_the_vote_was_split_is_never_unanimous(form):
    assert meant(FinalMeaning(L, SIX).read(form)) == "nothing"


def test_the_number_after_unanimous_for_which_completes_it():
    reading = FinalMeaning(L, SIX).read("number four", {"unanimous": True})
    assert meant(reading) == ({"unanimous": True, "place": 4}, AT_ONCE)


def test_talk_in_the_final_round_decides_nothing():
    assert meant(FinalMeaning(L, SIX).read("that was a fun round")) == "nothing"


@pytest.mark.parametrize(
    "form",
    [
        "we voted for four out of five",  # the "out" of "out of five" is no "got nothing"
        "four out of five of us went for two",
        "out of five only four voted for three",
        "just one vote",  # "just" a count, not "only one got votes"
        "just the one vote on six",
        "only a single vote for two",
        "only two votes, on number three",
        "everyone but Jo voted for four",  # everyone but one is not unanimous
        "all of us except Greg went with two",
        "four out of the five went for two",
        "only two of us went for three",
        "just two of you went for five",
        "just the single vote for four",
    ],
)
def test_a_final_count_short_of_everyone_asks_which_places_got_no_vote(form):
    assert meant(FinalMeaning(L, SIX).read(form)) == ("Which places got no vote?", {})


@pytest.mark.parametrize(
    "form,value,sure",
    [
        ("two got votes, everyone else got nothing", {"empty": [1, 3, 4, 5, 6]}, AT_ONCE),
        ("five got a vote, everybody else had zero", {"empty": [1, 2, 3, 4, 6]}, AT_ONCE),
        ("one and three got votes, everyone else nothing", {"empty": [2, 4, 5, 6]}, AT_ONCE),
        ("only four got votes, nobody else did", {"empty": [1, 2, 3, 5, 6]}, AT_ONCE),
        ("four got votes, no others did", {"empty": [1, 2, 3, 5, 6]}, AT_ONCE),
        # "nobody else" after a "got nothing": the places named are the empty ones
        ("one and four got nothing, nobody else did", {"empty": [1, 4]}, AT_ONCE),
        ("two and three got votes, none of the others did", {"empty": [1, 4, 5, 6]}, READ_BACK),
        ("I went four and everyone else did too", {"unanimous": True, "place": 4}, AT_ONCE),
        ("three is out", {"empty": [3]}, AT_ONCE),
    ],
)
def test_everyone_else_with_what_they_got_names_the_other_places(form, value, sure):
    assert meant(FinalMeaning(L, SIX).read(form)) == (value, sure)


@pytest.mark.parametrize(
    "form,value",
    [
        # every vote on the one place that got any: unanimous, but inferred, so read back
        ("two got votes, everyone else got nothing", {"unanimous": True, "place": 2}),
        ("five got a vote, everybody else had zero", {"unanimous": True, "place": 5}),
        ("three got votes, the rest got nothing", {"unanimous": True, "place": 3}),
    ],
)
def test_a_result_with_one_place_voted_and_the_rest_empty_is_read_back_as_unanimous(form, value):
    assert meant(ResultMeaning(L, players=5).read(form)) == (value, READ_BACK)


@pytest.mark.parametrize(
    "form",
    [
        # which places got votes, but not how many: no count of players left out
        "everyone got something except five",
        "every place got something except two",
        "everybody got at least one vote except six",
        "every place got at least one vote except number five",
        "one and three got votes, everyone else nothing",
    ],
)
def test_a_result_telling_only_which_places_got_votes_asks_for_the_result(form):
    reading = ResultMeaning(L, players=5).read(form)
    assert meant(reading) == ("How many votes, for which number?", {})


def test_everyone_else_doing_the_same_is_still_unanimous_in_a_result():
    reading = ResultMeaning(L, players=5).read("I went four and everyone else did too")
    assert meant(reading) == ({"unanimous": True, "place": 4}, AT_ONCE)


@pytest.mark.parametrize(
    "meaning,form,said",
    [
        (ResultMeaning(L, players=5), "one for four", "one vote for number four"),
        (FinalMeaning(L, SIX), "every place got a vote", "every place got a vote"),
        (FinalMeaning(L, SIX), "Sam peeked", "someone gave a hint"),
        (VoteMeaning(L, ResultMeaning(L, players=5)), "Sam peeked", "someone gave a hint"),
    ],
)
def test_what_was_understood_is_said_back_in_words(meaning, form, said):
    assert meaning.read(form).said == said


@pytest.mark.parametrize(
    "form,value",
    [
        ("ha, I never saw that coming, alright, next.", ("next", READ_BACK)),
        ("go first if you like", "nothing"),
        ("that was close, better luck next time", "nothing"),
    ],
)
def test_next_closing_talk_is_read_back_and_next_in_talk_is_not_next(form, value):
    assert meant(NextMeaning(L).read(form)) == value


@pytest.mark.parametrize(
    "form,value",
    [
        # a vote each is spread, never unanimous, whatever place the sentence goes on to name
        ("everyone had a vote each, then four won", {"none": True}),
        ("we got a vote apiece and then five won it", {"none": True}),
        ("everybody had one each, then three won", {"none": True}),
        # "only two had votes": two is the place, as in "two got votes, the rest got nothing"
        ("rest got nothing, only two had votes", {"unanimous": True, "place": 2}),
        ("only five had votes and the others got nothing", {"unanimous": True, "place": 5}),
        # "two to two" is an even score (or two votes to number two: read back)
        ("it was two to two", {"tie": 2}),
        ("one to one", {"tie": 1}),
    ],
)
def test_spread_votes_only_n_had_votes_and_even_scores_are_read_back(form, value):
    assert meant(ResultMeaning(L, players=5).read(form)) == (value, READ_BACK)


def test_a_vote_each_in_the_final_is_not_read_as_unanimous():
    assert meant(FinalMeaning(L, SIX).read("everyone had a vote each, then four won")) == "nothing"


@pytest.mark.parametrize("correction", ["for number three", "no, for number three"])
def test_a_part_said_at_a_check_keeps_the_rest_of_what_was_checked(common, speaker, correction):
    # "for" is no four here: the count checked stays, the place changes, and it is read back
    _, transcript, _ = play(
        common, speaker, ["ready", "reveal", "three of us went for number two", correction, "yes"]
    )
    lines = said(transcript)
    assert "I heard three votes for number two. Is that right?" in lines
    assert "I heard three votes for number three. Is that right?" in lines
    assert decisions(transcript)[-1] == "three votes for number three, elected"


@pytest.mark.parametrize(
    "reply", ["no, two", "no, it was two", "yeah no, two votes", "yes, no wait, two votes"]
)
def test_a_no_at_a_check_is_never_taken_for_a_yes(common, speaker, reply):
    # "no, two" completed to what was checked ("three votes for number two") was taken as the
    # same answer again, a yes; "yeah no" and "yes, no wait" were a yes
    _, transcript, _ = play(
        common, speaker, ["ready", "reveal", "three of us went for number two", reply]
    )
    assert decisions(transcript) == ["table set", "votes revealed"]
    assert said(transcript)[-1] in (
        "Okay, please say it again.",
        "I heard two votes for number two. Is that right?",
    ), said(transcript)[-2:]


def test_a_correction_of_a_word_or_two_at_a_check_is_read_back_not_decided(common, speaker):
    """At the final round, "no, only two" to "I heard no votes for two and five" was read alone,
    as only two having votes, and won the game as unanimous for two."""
    typed = ["ready"]
    for place in ("one", "two", "three", "four", "five"):
        typed += ["reveal", f"unanimous for {place}", "next question"]
    typed += ["reveal", "unanimous for six", "ready", "reveal"]
    typed += ["I think two and five didn't get any votes, right guys", "no, only two"]
    _, transcript, _ = play(common, speaker, typed)
    lines = said(transcript)
    assert lines[-2] == "I heard no votes for two and five. Is that right?"
    assert lines[-1].startswith("I heard ") and lines[-1].endswith("Is that right?")
    assert decisions(transcript)[-1] == "votes revealed"  # nothing decided after it


@pytest.mark.parametrize("correction", ["no, four votes actually", "sorry, four votes"])
def test_a_part_asked_about_can_itself_be_corrected(common, speaker, correction):
    # "three votes", asked "For which number?", then "no, four votes actually": the count
    # corrected (it was decided as three votes for number four)
    _, transcript, _ = play(
        common, speaker, ["ready", "reveal", "three votes", correction, "number two"]
    )
    assert "For which number were the four votes?" in said(transcript)
    assert decisions(transcript)[-1] == "four votes for number two, elected"
