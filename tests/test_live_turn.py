"""gm's words inside a Funocracy turn never cost the player time, in real time (tests/live.py).

When gm answers a word said in a turn (help, "which letter?", a refused skip, "too late") the
turn's clock stops where gm began and runs on, once gm has finished, with the time that was left
plus `EngineConfig.understood`; the challenge window opens again in full; the countdown keeps its
five tones. Read on the game clock of the engine's own transcript, the table paced as a live
microphone, gm speaking with its Piper voice, the players heard by PocketSphinx.
"""

from __future__ import annotations

import pytest
from live import Cue, play_live, record_after

from gm.dialog.engine import EngineConfig
from gm.games import find, load
from gm.speech.asr import open_recognizer
from gm.steps import Answer, AnswerKind

pytestmark = pytest.mark.realtime  # on the wall clock: scripts/run_tests.py runs these apart

FUNOCRACY = {"players": 3, "mode": "normal"}
TIMEOUT = Answer(AnswerKind.TIMEOUT)
LAVENDER = Answer(AnswerKind.FREE, ["lavender"], "lavender")
TOLERANCE = 0.3  # seconds: what the issue allows
UNDERSTOOD = EngineConfig().understood
TOO_LATE = "Too late to challenge: the letter is won."


@pytest.fixture(scope="module")
def sphinx():
    return open_recognizer("sphinx")


@pytest.fixture(scope="module")
def funocracy():
    return load(find("funocracy"))


def timed_out(event: dict) -> bool:
    return event["type"] == "decision" and "ran out of time" in str(event.get("decision"))


def play(funocracy, answers, cues, sphinx, common, folder, done=timed_out, speed=2.0):
    record = record_after(funocracy, FUNOCRACY, 1, answers)
    return play_live(funocracy, record, cues, done, sphinx, common, folder, speed=speed)


def assert_given_back(run, before: dict, after: dict, stopped: dict) -> None:
    """The listen `after` runs on from the end of gm's line with the time `before` had left when
    gm began to answer `stopped` (a word heard), plus the understood second; "Time!" comes then."""
    left = before["deadline"] - run.gm_began(stopped)
    given = after["deadline"] - run.said_before(after)["end"]
    assert given == pytest.approx(left + UNDERSTOOD, abs=TOLERANCE), (left, given)
    assert run.says("Time!")[0]["t"] == pytest.approx(after["deadline"], abs=TOLERANCE)


@pytest.mark.slow
def test_help_in_a_turn_gives_back_the_time_that_was_left(funocracy, sphinx, common, tmp_path):
    run = play(
        funocracy, [TIMEOUT], [Cue("funocracy.answer", 5.0, "help")], sphinx, common, tmp_path
    )
    first, again = run.listens("funocracy.answer")[:2]
    assert run.said_before(again)["text"].startswith("You can say")  # the help line
    assert_given_back(run, first, again, run.heard("command:help")[0])


@pytest.mark.slow
def test_which_letter_then_no_answer_gives_back_the_time_that_was_left(
    funocracy, sphinx, common, tmp_path
):
    cues = [Cue("funocracy.answer", 4.0, "helmet"), Cue("funocracy.letter", 1.0, "no answer")]
    run = play(funocracy, [TIMEOUT], cues, sphinx, common, tmp_path)
    unfitting = run.decisions("funocracy.answer")[0]
    assert unfitting["decision"] == "heard helmet, which fits no letter"
    assert run.decisions("funocracy.letter")[0]["decision"] == "no answer yet"
    first, again = run.listens("funocracy.answer")[:2]
    assert_given_back(run, first, again, unfitting)


@pytest.mark.slow
def test_a_second_skip_is_refused_and_the_turn_runs_on(funocracy, sphinx, common, tmp_path):
    cues = [
        Cue("funocracy.answer", 2.0, "skip this one"),
        Cue("funocracy.answer", 3.0, "skip this one"),
    ]
    run = play(funocracy, [TIMEOUT], cues, sphinx, common, tmp_path)
    skipped, refused = run.decisions("funocracy.answer")[:2]
    assert skipped["accepted"] and skipped["decision"].startswith("skipped the theme")
    assert not refused["accepted"] and refused["answer"]["kind"] == "skip"
    assert len(run.says("You get one skip a turn.")) == 1
    first, fresh, again = run.listens("funocracy.answer")[:3]
    assert fresh["deadline"] == pytest.approx(run.said_before(fresh)["end"] + 25, abs=0.01)
    assert_given_back(run, fresh, again, refused)  # no fresh 25 s: the turn's clock


@pytest.mark.slow
@pytest.mark.parametrize("won", [True, False], ids=["after a won letter", "after a time out"])
def test_a_stray_meh_costs_the_next_turn_no_time(funocracy, sphinx, common, tmp_path, won):
    """ "Too late to challenge: the letter is won." only after a won letter; either way the turn
    runs on with the time it had when the meh was heard."""
    answers = [LAVENDER, TIMEOUT] if won else [TIMEOUT]
    cues = [Cue("funocracy.answer", 2.0, "meh", voice="en-gb")]
    run = play(funocracy, answers, cues, sphinx, common, tmp_path)
    late = run.decisions("funocracy.answer")[0]
    assert not late["accepted"] and late["answer"]["value"] == "late"
    assert len(run.says(TOO_LATE)) == (1 if won else 0)
    first, again = run.listens("funocracy.answer")[:2]
    assert_given_back(run, first, again, late)


def test_help_in_the_challenge_window_opens_it_again_in_full(funocracy, sphinx, common, tmp_path):
    cues = [Cue("funocracy.challenge", 1.0, "help")]
    closed = lambda e: e["type"] == "decision" and e.get("step") == "funocracy.challenge"  # noqa: E731
    run = play(funocracy, [LAVENDER], cues, sphinx, common, tmp_path, done=closed)
    assert run.heard("command:help")
    again = run.listens("funocracy.challenge")[1]
    helped = run.said_before(again)
    assert helped["text"].startswith("You can say")
    assert again["deadline"] == pytest.approx(helped["end"] + 4, abs=0.01)
    window = run.decisions("funocracy.challenge")[0]
    assert window["answer"]["kind"] == "timeout"
    assert window["t"] - helped["end"] == pytest.approx(4, abs=TOLERANCE)


@pytest.mark.slow
def test_a_repeat_in_the_last_seconds_keeps_exactly_five_tones(funocracy, sphinx, common, tmp_path):
    """ "repeat" heard after the tones for five and four: the prompt is said again, and the
    countdown goes on from where it was, one tone for each of the last five seconds."""
    run = play(
        funocracy, [TIMEOUT], [Cue("funocracy.answer", 20.0, "repeat")], sphinx, common, tmp_path
    )
    first, again = run.listens("funocracy.answer")[:2]
    repeat = run.heard("command:repeat")[0]
    heard = repeat["t"]
    assert 2.5 < first["deadline"] - heard < 4.5  # two tones were played before it
    assert len(run.says("Ten seconds.")) == 1
    assert len(run.tones) == 5, (run.tones, run.story())
    before = [t for t in run.tones if t < heard]
    after = [t for t in run.tones if t > run.said_before(again)["end"]]
    assert len(before) + len(after) == 5 and len(before) >= 2
    for tone in after:  # each tone in its own second of what was left
        assert 0 < again["deadline"] - tone <= 5 - len(before) + TOLERANCE
    assert_given_back(run, first, again, repeat)


@pytest.mark.slow
@pytest.mark.parametrize("offset", [-0.4, 0.2], ids=["over it", "right after it"])
def test_a_word_begun_over_or_right_after_ten_seconds_is_heard(
    funocracy, sphinx, common, tmp_path, offset
):
    """gm hears what the microphone caught while it said "Ten seconds." (it knows when it plays
    it): a word begun 0.4 s before the warning ends, or 0.2 s after, is the answer."""
    cues = [Cue("say:Ten seconds.", offset, "scarf")]
    said = lambda e: e["type"] == "decision" and e.get("step") == "funocracy.answer"  # noqa: E731
    run = play(funocracy, [TIMEOUT], cues, sphinx, common, tmp_path, done=said)
    warning = run.says("Ten seconds.")[0]
    assert run.table.spoken[0][0] == pytest.approx(warning["end"] + offset, abs=0.01)
    assert run.decisions("funocracy.answer")[0]["decision"] == "player two said scarf for S"
