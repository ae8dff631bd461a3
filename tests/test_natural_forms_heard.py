"""The natural answer forms of Who the F*ck? and What the Fake?!, said by Piper and heard by
Whisper tiny.en (gm's default voice and ear) with the ask's own vocabulary, then read by the
engine's matcher: what is heard must mean what was said.

Piper says each text at its mean delivery (noise 0), the same audio on every run: with its usual
variation Whisper now and then wrote a long list ("no votes for one, two, three and four") in a
way that meant nothing, and a test of the wording must not pass or fail by chance.

The typed corpora (test_who_the_f_phrasing.py, test_what_the_fake_phrasing.py) test the
wording; this tests that the recogniser, prompted with the ask's phrases, writes them so.
"""

from __future__ import annotations

from random import Random

import pytest
from asr_audio import heard, run, scene

from gm.dialog.engine import hearing_for, holds_on, interpret, listening_commands
from gm.dialog.intents import Command, Matcher
from gm.games import what_the_fake, who_the_f
from gm.speech.asr.whisper import WhisperRecognizer
from gm.speech.base import Alternative, Final
from gm.steps import Answer, AnswerKind, Ask

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def recognizer() -> WhisperRecognizer:
    return WhisperRecognizer()


def meanings(
    recognizer: WhisperRecognizer, ask: Ask, commands, said: tuple[str, ...]
) -> dict[str, list]:
    """What each text, said by Piper in one scene, is taken to mean at `ask`."""
    matcher = Matcher(ask.choices, listening_commands(commands))
    recognizer.set_vocabulary(matcher.vocabulary(ask.free, ask.hints, ask.endpoint))
    spoken = scene(said, "piper", noise=0.0)
    out = {}
    for text, got in heard(spoken, run(recognizer, spoken.audio)).items():
        matches = [matcher.match([g]) for g in got]
        out[text] = [
            None if m is None else (m.command.value if m.command else m.value) for m in matches
        ]
    return out


def who_vote_ask() -> tuple[who_the_f.WhoTheF, object]:
    game = who_the_f.load()
    state = game.new({"players": 5, "difficulty": "regular"}, Random(1))
    step = game.step(state)
    state = game.apply(state, step, Answer(AnswerKind.CHOICE, "ready"), Random(1)).state
    return game, state


def test_vote_results_in_a_table_s_words_before_the_reveal(recognizer, common):
    game, state = who_vote_ask()
    got = meanings(
        recognizer,
        game.step(state),
        common[1],
        ("three for two", "two got three", "it's a tie", "everyone voted four"),
    )
    assert got == {
        "three for two": [{"count": 3, "place": 2}],
        "two got three": [{"count": 3, "place": 2}],
        "it's a tie": [{"none": True}],
        "everyone voted four": [{"unanimous": True, "place": 4}],
    }


def test_what_the_fake_valid_and_invalid_are_never_swapped(recognizer, common):
    game = what_the_fake.load()
    import test_what_the_fake_rules as rules

    state = rules.choose(rules.round_to_groups(), "invalid 2").state
    got = meanings(
        recognizer, game.step(state), common[1], ("valid group two", "invalid group three")
    )
    assert got == {"valid group two": ["valid 2"], "invalid group three": ["invalid 3"]}


def test_the_final_round_in_a_table_s_words(recognizer, common):
    import test_who_the_f_rules as rules

    state = rules.say(rules.elect_six(rules.start(5)), "reveal").state
    got = meanings(
        recognizer,
        rules.GAME.step(state),
        common[1],
        ("no votes for one, two, three and four", "yes, for three"),
    )
    assert got == {
        "no votes for one, two, three and four": [{"empty": [1, 2, 3, 4]}],
        "yes, for three": [{"unanimous": True, "place": 3}],
    }


def test_a_moment_asked_for_is_heard_as_a_hold_and_a_pause_as_a_pause(recognizer, common):
    """Said at the vote, where no clock runs: "hang on, let me count" and "one second" are heard
    as a hold (gm waits and still hears the result: engine.holds_on), "pause the game" and
    "hang on, bathroom break" as a pause."""
    game, state = who_vote_ask()
    ask = game.step(state)
    assert ask.timeout is None and ask.meaning is not None
    matcher, vocabulary = hearing_for(ask, listening_commands(common[1]))
    recognizer.set_vocabulary(vocabulary)
    # (tiny.en writes "one sec" "one set"; "hang on" said alone it wrote "undo" before the
    # phrase was given to it as a pause's)
    said = (
        "hang on",
        "hang on, let me count",
        "one second",
        "pause the game",
        "hang on, bathroom break",
    )
    spoken = scene(said, "piper", noise=0.0)
    got = {}
    for text, written in heard(spoken, run(recognizer, spoken.audio)).items():
        final = Final((Alternative(written[0], 1.0),), 0.0, 1.0)
        match = interpret(final, matcher, ask.free, 0.5, ask.meaning).match
        got[text] = None if match is None else ("hold" if holds_on(ask, match) else match.command)
    assert got == {
        "hang on": "hold",
        "hang on, let me count": "hold",
        "one second": "hold",
        "pause the game": Command.PAUSE,
        "hang on, bathroom break": Command.PAUSE,
    }
