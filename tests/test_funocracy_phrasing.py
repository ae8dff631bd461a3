"""Funocracy's asks as a table says its answers: each form typed through the dialogue engine.

Every test sets a known table (letters B, M and T face up, the theme Fruits, three players),
types one or a few lines, and checks what gm decided and said.
"""

from __future__ import annotations

import io
from dataclasses import replace
from random import Random

import pytest

from gm.dialog.engine import Engine
from gm.dialog.hearing import TextHearing
from gm.dialog.transcript import Transcript
from gm.games import funocracy
from gm.games.funocracy import Mode, Pending, Phase
from gm.state import Record
from gm.steps import Answer, AnswerKind

GAME = funocracy.load()
FRUITS = next(i for i, t in enumerate(GAME.themes) if t.name == "Fruits")
OPTIONS = {"players": 3, "mode": "normal"}


def a_check(line: str) -> bool:
    """gm asking about what it heard: an answer read back, or a command it took a sentence for."""
    return line.endswith("Is that right?") or line.startswith("Did you mean ")


def table(phase: Phase = Phase.ANSWER, players: int = 3, **changes):
    """Player one's turn on Fruits with B, M and T face up, past the round's start."""
    state = GAME.new({**OPTIONS, "players": players}, Random(1))
    known = dict(
        face_up=("B", "M", "T"),
        theme=FRUITS,
        fresh_round=False,
        told=True,
        phase=phase,
        answers_heard=5,
    )
    state = replace(state, **{**known, **changes})
    return state


def play(state, typed: str, speaker, common):
    """The engine from `state` on the typed lines; it stops when they run out."""
    lines, commands = common
    transcript = Transcript()
    engine = Engine(
        GAME,
        TextHearing(io.StringIO(typed)),
        speaker,
        lines,
        commands,
        transcript,
        Record(GAME.id, dict(OPTIONS), seed=1),
    )
    engine.state = state
    engine.run(resumed=True)
    return engine, transcript


def decided(transcript) -> list[str]:
    return [
        e["decision"]
        for e in transcript.of_type("decision")
        if e.get("accepted") and e.get("step") != "confirm"
    ]


# ----- set-up -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "five",
        "5",
        "five players",
        "we are five",
        "we're five",
        "five of us",
        "there are five of us",
        "Five people.",
    ],
)
def test_every_way_of_saying_how_many_play(said, speaker, common):
    lines, commands = common
    transcript = Transcript()
    engine = Engine(
        GAME,
        TextHearing(io.StringIO(f"{said}\n")),
        speaker,
        lines,
        commands,
        transcript,
        Record(GAME.id, {"mode": "normal"}, seed=1),
    )
    engine.run()
    assert engine.state.players == 5


@pytest.mark.parametrize(
    "said,mode",
    [
        ("normal", Mode.NORMAL),
        ("the normal one", Mode.NORMAL),
        ("normal mode", Mode.NORMAL),
        ("alternative", Mode.ALTERNATIVE),
        ("every letter", Mode.ALTERNATIVE),
        ("the alternative one", Mode.ALTERNATIVE),
    ],
)
def test_every_way_of_choosing_the_mode(said, mode, speaker, common):
    lines, commands = common
    engine = Engine(
        GAME,
        TextHearing(io.StringIO(f"{said}\n")),
        speaker,
        lines,
        commands,
        Transcript(),
        Record(GAME.id, {"players": 3}, seed=1),
    )
    engine.run()
    assert engine.state.mode is mode


# ----- the answer ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "banana",
        "um banana",
        "Um, banana.",
        "uh, a banana",
        "well banana",
        "so banana",
        "like the banana",
        "I'd say banana",
        "er... banana",
        "hmm, banana",
        "a banana",
        "eh banana",
        "oh yeah so banana",
        "an... a banana",
        "an, uh, a banana",
    ],
)
def test_filler_words_are_not_the_answer(said, speaker, common):
    engine, transcript = play(table(), f"{said}\n", speaker, common)
    assert engine.state.phase is Phase.CHALLENGE
    assert engine.state.pending == Pending(1, "B", "banana")
    assert "Banana: B, one star." in speaker.lines


@pytest.mark.parametrize("said", ["pass", "I pass", "no idea", "give up", "I give up"])
def test_every_way_of_passing(said, speaker, common):
    engine, transcript = play(table(), f"{said}\n", speaker, common)
    assert decided(transcript) == ["player one passed"] and engine.state.active == 2


@pytest.mark.parametrize(
    "said", ["meh", "challenge", "I challenge", "no challenge", "next player", "next", "it stands"]
)
def test_words_for_a_closed_challenge_window_are_not_the_next_answer(said, speaker, common):
    engine, transcript = play(table(), f"{said}\n", speaker, common)
    assert (
        engine.state.phase is Phase.ANSWER
        and engine.state.active == 1
        and engine.state.pending is None
    )
    assert decided(transcript) == []
    # the game's first turn: no letter was won, so "too late, the letter is won" would be false
    assert "Too late to challenge: the letter is won." not in speaker.lines


@pytest.mark.parametrize("said", ["skip", "skip this one", "next question", "skip that"])
def test_a_skip_is_taken_at_once_and_next_alone_is_no_skip(said, speaker, common):
    engine, transcript = play(table(), f"{said}\n", speaker, common)
    assert "That theme is skipped: Fruits. To object, say take that back." in speaker.lines
    assert engine.state.theme != FRUITS and engine.state.active == 1


def test_an_objection_to_a_skip_brings_the_theme_back(speaker, common):
    lines, commands = common
    start = GAME.new(OPTIONS, Random(1))
    engine = Engine(
        GAME,
        TextHearing(io.StringIO("skip\nundo\n")),
        speaker,
        lines,
        commands,
        Transcript(),
        Record(GAME.id, dict(OPTIONS), seed=1),
    )
    engine.run()
    assert f"Undone: skipped the theme {GAME.themes[start.theme].name}." in speaker.lines
    assert (
        engine.state.theme == start.theme
        and engine.state.active == 1
        and engine.record.answers == []
    )


# ----- which letter? ----------------------------------------------------------------------------


def test_a_word_fitting_no_letter_is_named_with_its_real_first_letter(speaker, common):
    engine, _ = play(table(), "zebra\n", speaker, common)
    assert engine.state.phase is Phase.LETTER
    assert (
        "Zebra starts with Z as in zulu, which is not face up. Say your word again, or the letter"
        " it starts with, or no answer."
    ) in speaker.lines


@pytest.mark.parametrize("said", ["banana", "um, a banana", "mango", "I... I said mango"])
def test_which_letter_takes_a_new_word(said, speaker, common):
    engine, _ = play(table(), f"zebra\n{said}\n", speaker, common)
    assert engine.state.phase is Phase.CHALLENGE and engine.state.pending.word in (
        "banana",
        "mango",
    )


def test_which_letter_does_not_take_words_that_fit_no_letter(speaker, common):
    engine, transcript = play(table(), "zebra\nand you\n", speaker, common)
    assert engine.state.phase is Phase.LETTER and engine.state.heard == "zebra"
    assert decided(transcript) == ["heard zebra, which fits no letter"]


@pytest.mark.parametrize("said", ["z", "zed", "zulu", "z as in zulu", "letter z"])
def test_which_letter_takes_the_real_first_letter_and_goes_back_to_the_turn(said, speaker, common):
    engine, _ = play(table(), f"zebra\n{said}\n", speaker, common)
    assert (
        engine.state.phase is Phase.ANSWER
        and engine.state.pending is None
        and engine.state.active == 1
    )
    assert "Z as in zulu is not face up." in speaker.lines


@pytest.mark.parametrize("said", ["no answer", "nothing", "never mind", "cancel"])
def test_which_letter_can_be_left(said, speaker, common):
    engine, _ = play(table(), f"zebra\n{said}\n", speaker, common)
    assert engine.state.phase is Phase.ANSWER and engine.state.active == 1
    assert "No answer yet. Player one, the clock is still running." in speaker.lines


@pytest.mark.parametrize(
    "said", ["did he mean the B one", "ha, Dave's call sign was bravo in the army"]
)
def test_which_letter_leaves_a_question_or_a_story_naming_a_letter_alone(said, speaker, common):
    engine, transcript = play(table(), f"zebra\n{said}\n", speaker, common)
    assert engine.state.phase is Phase.LETTER and engine.state.heard == "zebra"
    assert decided(transcript) == ["heard zebra, which fits no letter"]
    assert not any(map(a_check, speaker.lines))


@pytest.mark.parametrize(
    "said,phase",
    [
        ("B as in bravo", Phase.AGREE),
        ("the B one", Phase.AGREE),
        ("mango", Phase.CHALLENGE),
        ("oh, a banana", Phase.CHALLENGE),
        # a story longer than any reply: talk, whatever word or letter name it starts with
        ("bravo was my call sign when I played paintball", Phase.LETTER),
        ("my nan called me tango because I never sat still as a kid", Phase.LETTER),
        ("banana would have been way better but he panicked and said zebra", Phase.LETTER),
        ("mike says it's a fruit but honestly I have never eaten one", Phase.LETTER),
    ],
)
def test_which_letter_takes_a_short_reply_and_leaves_a_long_one_alone(said, phase, speaker, common):
    engine, transcript = play(table(), f"zebra\n{said}\n", speaker, common)
    assert engine.state.phase is phase
    assert not any(map(a_check, speaker.lines))
    if phase is Phase.LETTER:  # no word, no letter, and no "that is no answer" either
        assert decided(transcript) == ["heard zebra, which fits no letter"]
        assert engine.state.heard == "zebra" and engine.state.pending is None
        assert not any(line.startswith("I can't take that here.") for line in speaker.lines)


def test_a_letter_named_in_a_longer_reply_is_said_back_first(speaker, common):
    engine, _ = play(table(), "zebra\nput it down for the B please\n", speaker, common)
    assert speaker.lines[-1] == "I heard the letter B. Is that right?"
    assert engine.state.phase is Phase.LETTER


@pytest.mark.parametrize(
    "said,letter",
    [
        ("bravo was my call sign", "B"),
        ("mike had one", "M"),
        ("tango was the word", "T"),
        ("my brother's name is mike", "M"),
        ("bravo is what my dad calls me", "B"),
        ("B I think", "B"),
    ],
)
def test_a_letter_named_in_a_short_story_is_said_back_not_taken(said, letter, speaker, common):
    engine, transcript = play(table(), f"zebra\n{said}\nno\n", speaker, common)
    assert f"I heard the letter {letter}. Is that right?" in speaker.lines
    # the table says no: still at which letter, nothing scored and nothing asked to agree
    assert engine.state.phase is Phase.LETTER and engine.state.heard == "zebra"
    assert decided(transcript) == ["heard zebra, which fits no letter"]


@pytest.mark.parametrize("said", ["end for mike", "and for mike", "in for mike"])
def test_a_letter_spelled_with_a_word_misheard_before_it_is_the_letter(said, speaker, common):
    # "M for mike" as Whisper writes it: the word before "for" is no word said again ("end" would
    # be E), the spelling's letter is meant; said back first where the word before it is a word
    _, transcript = play(table(), f"zebra\n{said}\nyes\n", speaker, common)
    assert decided(transcript)[:2] == ["heard zebra, which fits no letter", "the letter is M"]
    checked = "I heard the letter M. Is that right?" in speaker.lines
    assert checked == (said == "end for mike")


@pytest.mark.parametrize(
    "said",
    [
        "it was for B",
        "I meant the B one",
        "that was B",
        "B for banana",
        "it's for the B",
        "B please",
    ],
)
def test_a_letter_reply_in_its_own_frame_is_taken_at_once(said, speaker, common):
    engine, _ = play(table(), f"zebra\n{said}\n", speaker, common)
    assert engine.state.phase is Phase.AGREE and engine.state.agree == "B"
    assert not any(map(a_check, speaker.lines))


def test_which_letter_has_a_time_limit(speaker, common):
    engine, transcript = play(table(), "zebra\n[silence 16]\n", speaker, common)
    assert ("funocracy.letter", "no answer yet") in [
        (e["step"], e["decision"]) for e in transcript.of_type("decision")
    ]


@pytest.mark.parametrize("said", ["b", "bee", "bravo", "b as in bravo", "letter b"])
def test_a_word_is_scored_for_another_letter_only_when_the_table_agrees(said, speaker, common):
    engine, _ = play(table(), f"zebra\n{said}\n", speaker, common)
    assert engine.state.phase is Phase.AGREE
    assert (
        "Score zebra for B as in bravo, though it starts with Z as in zulu? Everyone agree?"
        in speaker.lines
    )
    refused, _ = play(engine.state, "no\n", speaker, common)
    assert refused.state.phase is Phase.ANSWER and refused.state.pending is None
    silent, _ = play(
        engine.state, "[silence 12]\n", speaker, common
    )  # silence is no agreement here
    assert silent.state.phase is Phase.ANSWER and silent.state.pending is None
    agreed, _ = play(engine.state, "yeah\n", speaker, common)
    assert agreed.state.pending == Pending(1, "B", "zebra")


@pytest.mark.parametrize(
    "said,agreed",
    [
        ("go ahead, score it", True),
        ("yeah fine by us, go ahead", True),
        ("zebra doesn't count for B", False),
    ],
)
def test_the_table_agrees_or_refuses_in_its_own_words(said, agreed, speaker, common):
    asked = table(Phase.AGREE, heard="zebra", agree="B")
    engine, _ = play(asked, f"{said}\n", speaker, common)
    assert not any(map(a_check, speaker.lines))
    if agreed:
        assert engine.state.pending == Pending(1, "B", "zebra")
    else:
        assert engine.state.phase is Phase.ANSWER and engine.state.pending is None


def test_a_silent_first_letter_needs_no_agreement(speaker, common):
    engine, _ = play(table(face_up=("N", "M", "T")), "knife\nn for november\n", speaker, common)
    assert engine.state.pending == Pending(1, "N", "knife")


# ----- the challenge window and the vote ----------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "meh",
        "mehh",
        "challenge",
        "I challenge",
        "we challenge",
        "objection",
        "nah, that's not good",
        "it's not allowed",
        "not legit, sorry",
        "hmm, that's not fair",
    ],
)
def test_a_challenge_is_taken_without_a_question(said, speaker, common):
    engine, _ = play(table(), f"banana\n{said}\n", speaker, common)
    assert engine.state.phase is Phase.VOTE
    assert not any(map(a_check, speaker.lines))


@pytest.mark.parametrize(
    "said",
    [
        "no challenge",
        "it stands",
        "fine",
        "that's fine",
        "next player",
        "next",
        "no objection from me",
        "no no, it's fine",
        # a lone no in front answers something else: the word still stands
        "no, that's fine",
        "nah no, that works",
    ],
)
def test_the_window_closes_at_once(said, speaker, common):
    engine, _ = play(table(), f"banana\n{said}\n", speaker, common)
    assert engine.state.won[0] == ("B",) and "Player one wins B." in speaker.lines


@pytest.mark.parametrize(
    "said", ["of course not", "definitely not", "totally not", "absolutely not", "yeah, no"]
)
def test_a_bare_no_however_strong_is_no_go_ahead_and_is_asked_about(said, speaker, common):
    # like a lone "no", it answers some question, not the word: neither stand nor challenge
    engine, transcript = play(table(), f"banana\n{said}\n", speaker, common)
    assert engine.state.phase is Phase.CHALLENGE and engine.state.won[0] == ()
    assert decided(transcript) == ["player one said banana for B"]
    assert speaker.lines[-1].startswith("Sorry, I didn't catch that. You can say meh")


@pytest.mark.parametrize(
    "said,phase",
    [
        ("of course not, that's nonsense", Phase.VOTE),
        ("sure, why not", Phase.ANSWER),
        # the lone no at the end takes back only the clause right before it
        ("hmm, that's a stretch. Fine... no.", Phase.VOTE),
    ],
)
def test_a_bare_no_leaves_the_rest_of_the_sentence_its_say(said, phase, speaker, common):
    engine, _ = play(table(), f"banana\n{said}\n", speaker, common)
    assert engine.state.phase is phase
    assert not any(map(a_check, speaker.lines))


def test_the_table_can_say_the_word_was_meant_for_another_letter(speaker, common):
    engine, transcript = play(table(), "banana\nthat was meant for the M\n", speaker, common)
    assert engine.state.phase is Phase.LETTER
    assert decided(transcript) == ["player one said banana for B", "wrong letter"]
    assert not any(map(a_check, speaker.lines))


def test_the_first_answers_say_how_to_challenge(speaker, common):
    play(table(answers_heard=0), "banana\n", speaker, common)
    assert speaker.lines[-2:] == ["Banana: B, one star.", "Say meh to challenge it."]
    speaker.lines.clear()
    play(table(answers_heard=funocracy.judging.HINTED_ANSWERS), "banana\n", speaker, common)
    assert "Say meh to challenge it." not in speaker.lines


VOTES_OF_TWO = [
    ("good", "good"),
    ("it's good", "good"),
    ("all good", "good"),
    ("majority good", "good"),
    ("two good zero meh", "good"),
    ("two good", "good"),
    ("meh", "meh"),
    ("majority meh", "meh"),
    ("it's meh", "meh"),
    ("two meh", "meh"),
    ("zero good two meh", "meh"),
    ("tie", "tie"),
    ("it's a tie", "tie"),
    ("one good one meh", "tie"),
    ("one meh one good", "tie"),
    ("half and half", "tie"),
    ("it's good, mostly", "good"),
    ("thumbs up from everyone", "good"),
    ("that counts", "good"),
    ("the table rejected it", "meh"),
    ("it's not valid", "meh"),
    ("thumbs down all round", "meh"),
    ("denied, not allowed", "meh"),
    ("it's a draw", "tie"),
    ("we're dead even", "tie"),
    ("one for, one against", "tie"),
    ("it's allowed", "good"),
    ("it's not allowed", "meh"),
    ("nope, not good", "meh"),
    ("we say it's not approved", "meh"),
    ("two in favour", "good"),
    ("it passes", "good"),
    ("it does not pass", "meh"),
    ("it didn't pass", "meh"),
    ("nah, it won't pass", "meh"),
    ("not okay", "meh"),
    ("that's not okay", "meh"),
    ("not accepted", "meh"),
    ("we didn't accept it", "meh"),
    ("it can't stand", "meh"),
]


@pytest.mark.parametrize("said,result", VOTES_OF_TWO)
def test_every_way_of_telling_the_vote(said, result, speaker, common):
    state = table(Phase.VOTE, pending=Pending(1, "B", "banana"), challenges=1)
    engine, transcript = play(state, f"{said}\n", speaker, common)
    assert decided(transcript) == [f"the vote said {result}"]
    assert not any(map(a_check, speaker.lines))


@pytest.mark.parametrize(
    "said",
    [
        "no mehs",
        "not rejected",
        "nobody said meh",
        "no body said meh",
        "not a single meh",
        "it didn't fail",
    ],
)
def test_a_meh_denied_is_good_said_back_first(said, speaker, common):
    state = table(Phase.VOTE, pending=Pending(1, "B", "banana"), challenges=1)
    engine, transcript = play(state, f"{said}\n", speaker, common)
    assert decided(transcript) == [] and engine.state.phase is Phase.VOTE
    assert speaker.lines[-1] == "I heard good wins. Is that right?"
    engine, transcript = play(state, f"{said}\nyes\n", speaker, common)
    assert decided(transcript) == ["the vote said good"]


@pytest.mark.parametrize(
    "said,result",
    [
        ("three good one meh", "good"),
        ("three meh", "meh"),
        ("two good two meh", "tie"),
        ("mostly good, one meh", "good"),
        ("two against two", "tie"),
    ],
)
def test_a_count_of_four_voters(said, result, speaker, common):
    state = table(Phase.VOTE, players=5, pending=Pending(1, "B", "banana"), challenges=1)
    engine, transcript = play(state, f"{said}\n", speaker, common)
    assert decided(transcript) == [f"the vote said {result}"]


@pytest.mark.parametrize(
    "said,result",
    [
        ("two thumbs up, one thumbs down", "good"),
        ("one thumbs up, two thumbs down", "meh"),
        ("two in favour, one against", "good"),
        ("one in favor, two against", "meh"),
        ("all three in favour", "good"),
        ("three thumbs down", "meh"),
        ("one thumbs down", None),  # the two others are not known to be good
        ("one in favour", None),
    ],
)
def test_a_count_of_three_voters_said_in_several_words(said, result, speaker, common):
    state = table(Phase.VOTE, players=4, pending=Pending(1, "B", "banana"), challenges=1)
    engine, transcript = play(state, f"{said}\n", speaker, common)
    if result is None:
        assert decided(transcript) == [] and engine.state.phase is Phase.VOTE
        assert "How many said good, and how many meh?" in speaker.lines
    else:
        assert decided(transcript) == [f"the vote said {result}"]
        assert not any(map(a_check, speaker.lines))


@pytest.mark.parametrize("said", ["my vote is meh", "I vote we keep it", "did anyone vote meh"])
def test_one_players_vote_or_a_question_is_not_the_result(said, speaker, common):
    state = table(Phase.VOTE, pending=Pending(1, "B", "banana"), challenges=1)
    engine, transcript = play(state, f"{said}\n", speaker, common)
    assert decided(transcript) == [] and engine.state.phase is Phase.VOTE


# ----- what gm says -------------------------------------------------------------------------------


def test_what_is_the_score_reads_no_row_of_zeros(speaker, common):
    play(table(), "what's the score\n", speaker, common)
    assert "Nobody has a star yet." in speaker.lines
    assert not any(line.startswith("Player two: zero") for line in speaker.lines)


def test_alternative_mode_never_says_letters_left_twice_in_a_row(speaker, common):
    letters = tuple("BCDFGHKLMNPRST")
    state = replace(table(), mode=Mode.ALTERNATIVE, face_up=letters, told=False, fresh_theme=True)
    engine, _ = play(
        state,
        "banana\n[silence 5]\ncherry\n[silence 5]\n[silence 30]\n[silence 30]\n",
        speaker,
        common,
    )
    counts = [line for line in speaker.lines if "letters left" in line]
    # said on a new theme when the letters changed: not after each letter won on the same theme,
    # and not on the next new theme when nothing changed
    assert counts == [
        "Fourteen letters left; say help to hear them.",
        "Twelve letters left; say help to hear them.",
    ]
    assert "Player two, new theme: Things you can fill." in speaker.lines
    assert "Player one wins B." in speaker.lines and "Player two wins C." in speaker.lines


def test_that_was_the_last_letter_only_when_it_was(speaker, common):
    last = replace(table(), mode=Mode.ALTERNATIVE, face_up=("B",), pile=())
    play(last, "banana\n[silence 5]\n", speaker, common)
    assert "That was the last letter." in speaker.lines
    speaker.lines.clear()
    normal = replace(table(), pile=())
    play(normal, "banana\n[silence 5]\n", speaker, common)
    assert (
        "That was the last letter." not in speaker.lines
        and "No letter is left to draw." in speaker.lines
    )


def test_the_vote_is_explained_in_full_once_a_game(speaker, common):
    first = table(Phase.CHALLENGE, pending=Pending(1, "B", "banana"))
    engine, _ = play(first, "meh\n", speaker, common)
    assert speaker.lines[-1].startswith(
        "Challenge! Everyone but player one votes good or meh, all at once."
    )
    later = table(Phase.CHALLENGE, pending=Pending(1, "B", "banana"), challenges=1)
    play(later, "meh\n", speaker, common)
    assert speaker.lines[-1] == "Challenge! Everyone but player one votes. The result?"


# ----- a turn said again ----------------------------------------------------------------------


def test_a_turn_back_from_which_letter_keeps_its_theme_and_is_no_new_one(speaker, common):
    state = table(fresh_theme=True, told=False)
    engine, _ = play(state, "kiwi\nno answer\n", speaker, common)
    assert engine.state.theme == state.theme and engine.state.phase is Phase.ANSWER
    back = speaker.lines.index("No answer yet. Player one, the clock is still running.")
    # said once, and not followed by "Player one, same theme.", which names the player again
    assert not any("theme" in line for line in speaker.lines[back:])
    assert speaker.lines.count(speaker.lines[back]) == 1


@pytest.mark.parametrize("fresh", [True, False])
def test_repeat_and_resume_say_the_theme_and_the_letters(speaker, common, fresh):
    play(table(fresh_theme=fresh), "repeat\n", speaker, common)
    again = ["Player one, your theme is Fruits.", "Letters: B, M and T."]
    assert speaker.lines[2:4] == again  # resumed: after "Welcome back" and the full time
    assert speaker.lines[4:6] == again  # repeat


@pytest.mark.parametrize(
    "state, last",
    [
        (table(Phase.LETTER, heard="kiwi"), "Kiwi starts with K as in kilo"),
        (table(Phase.CHALLENGE, pending=Pending(1, "B", "banana")), "Banana: B,"),
        (table(Phase.VOTE, pending=Pending(1, "B", "banana"), challenges=1), "Challenge!"),
        (table(Phase.AGREE, heard="zebra", agree="B"), "Score zebra for B"),
    ],
)
def test_an_ask_about_a_word_said_again_says_whose_turn_and_the_theme_first(
    speaker, common, state, last
):
    """Resumed (or on a repeat) at "which letter?", the challenge window, the vote or "Everyone
    agree?", gm said only the ask's own line: nobody knew whose word or which theme it was."""
    play(state, "", speaker, common)
    whose = speaker.lines.index("Player one, your theme is Fruits.")
    assert whose <= 2, speaker.lines  # after "Welcome back" (and the clock's line, if any)
    assert any(line.startswith(last) for line in speaker.lines[whose + 1 :]), speaker.lines


def test_a_refused_answer_is_a_whole_sentence():
    """A reply at "which letter?" with no word in it (the rules' own refusal)."""
    state = table(phase=Phase.LETTER, heard="kiwi")
    out = GAME.apply(state, GAME.step(state), Answer(AnswerKind.FREE, [], ""), Random(0))
    assert not out.accepted and out.say == (
        "I can't take that here. You can say your word again, or the letter it starts with: "
        "B as in bravo, M as in mike or T as in tango; or no answer.",
    )
