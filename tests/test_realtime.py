"""Every timed rule in real time: a table at a paced microphone, gm's Piper voice taking as
long as it sounds, the real PocketSphinx hearing the players (tests/live.py).

One Funocracy turn runs its full 25 seconds at real speed; the others run the same harness
faster (`speed`: the input and gm's voice alike), which the rules allow since only the clock
changes. Times are read on the game clock of the engine's own transcript.
"""

from __future__ import annotations

import re

import pytest
from live import Cue, play_live, record_after

from gm.dialog.engine import EngineConfig
from gm.games import find, load
from gm.speech.asr import open_recognizer
from gm.steps import Answer, AnswerKind

pytestmark = pytest.mark.realtime  # on the wall clock: scripts/run_tests.py runs these apart

FUNOCRACY = {"players": 3, "mode": "normal"}
TIMEOUT = Answer(AnswerKind.TIMEOUT)
TOLERANCE = 0.2  # seconds: what the issue allows a 25-second turn
UNDERSTOOD = EngineConfig().understood  # given back after gm's lines inside a timed ask


@pytest.fixture(scope="module")
def sphinx():
    return open_recognizer("sphinx")  # passed explicitly: these tests hear real audio


@pytest.fixture(scope="module")
def funocracy():
    return load(find("funocracy"))


def decided(step: str):
    return lambda event: event["type"] == "decision" and event.get("step") == step


@pytest.mark.slow
def test_a_funocracy_turn_has_25_seconds_after_the_prompt_ends(funocracy, sphinx, common, tmp_path):
    record = record_after(funocracy, FUNOCRACY, 1, [TIMEOUT])  # resumed at player two's turn
    run = play_live(funocracy, record, [], decided("funocracy.answer"), sphinx, common, tmp_path)
    assert run.says(
        "The clock starts again with the full time."
    )  # a resume says it gives full time
    listen = run.listens("funocracy.answer")[0]
    asked = run.said_before(listen)
    assert (
        asked["text"].startswith("Letters:") and asked["end"] > asked["t"] + 2
    )  # gm's voice took its time
    ended = asked["end"]
    assert listen["deadline"] == pytest.approx(ended + 25, abs=0.01)
    assert run.says("Ten seconds.")[0]["t"] - ended == pytest.approx(15, abs=TOLERANCE)
    assert [round(t - ended, 1) for t in run.tones] == pytest.approx(
        [20, 21, 22, 23, 24], abs=TOLERANCE
    )
    assert run.says("Time!")[0]["t"] - ended == pytest.approx(25, abs=TOLERANCE)
    assert run.decisions("funocracy.answer")[0]["answer"]["kind"] == "timeout"


def test_the_challenge_window_is_open_4_seconds_after_the_heard_line(
    funocracy, sphinx, common, tmp_path
):
    lavender = Answer(AnswerKind.FREE, ["lavender"], "lavender")
    record = record_after(
        funocracy, FUNOCRACY, 1, [lavender]
    )  # resumed in the window after "Heard lavender"
    run = play_live(
        funocracy, record, [], decided("funocracy.challenge"), sphinx, common, tmp_path, speed=2
    )
    listen = run.listens("funocracy.challenge")[0]
    opening = run.said_before(listen)  # the heard line, or the how-to-challenge line said after it
    heard = [
        e for e in run.transcript.of_type("say") if e["text"].lower().startswith("lavender: l")
    ]
    assert heard and heard[0]["t"] <= opening["t"]
    closed = run.decisions("funocracy.challenge")[0]
    assert closed["answer"]["kind"] == "timeout"
    assert closed["t"] - opening["end"] == pytest.approx(4, abs=TOLERANCE)


def test_a_meh_2_seconds_into_the_window_opens_the_vote(funocracy, sphinx, common, tmp_path):
    lavender = Answer(AnswerKind.FREE, ["lavender"], "lavender")
    record = record_after(funocracy, FUNOCRACY, 1, [lavender])
    cues = [Cue("funocracy.challenge", 2.0, "meh", voice="en-gb"), Cue("confirm", 0.8, "yes")]
    run = play_live(
        funocracy,
        record,
        cues,
        lambda e: e["type"] == "listen" and e["step"] == "funocracy.vote",
        sphinx,
        common,
        tmp_path,
        speed=2,
    )
    challenge = run.decisions("funocracy.challenge")[0]
    assert challenge["accepted"] and challenge["answer"]["value"] == "challenge"
    assert run.listens("funocracy.vote")  # the vote is open


@pytest.mark.slow
def test_a_10_second_pause_leaves_the_turn_its_25_seconds(funocracy, sphinx, common, tmp_path):
    record = record_after(funocracy, FUNOCRACY, 1, [TIMEOUT])
    cues = [Cue("funocracy.answer", 5.0, "pause"), Cue("paused", 10.0, "resume")]
    run = play_live(
        funocracy, record, cues, decided("funocracy.answer"), sphinx, common, tmp_path, speed=2
    )
    first, again = run.listens("funocracy.answer")[:2]
    paused_at = run.heard("command:pause")[0]["t"]
    resumed_end = run.said_before(again)["end"]
    time_up = run.says("Time!")[0]["t"]
    assert resumed_end - paused_at > 10  # the table really paused
    stopped = run.gm_began(run.heard("command:pause")[0])  # gm began "Paused."
    played = (stopped - run.said_before(first)["end"]) + (time_up - resumed_end)
    assert played == pytest.approx(25 + UNDERSTOOD, abs=2 * TOLERANCE)
    left = first["deadline"] - stopped
    assert again["deadline"] == pytest.approx(resumed_end + left + UNDERSTOOD, abs=TOLERANCE)


@pytest.mark.slow
def test_an_undone_time_out_gives_the_turn_its_full_25_seconds(funocracy, sphinx, common, tmp_path):
    record = record_after(funocracy, FUNOCRACY, 1, [])  # player one's turn times out in this run
    cues = [Cue("funocracy.answer", 1.0, "undo", nth=2), Cue("funocracy.answer", 3.0, "pass")]
    run = play_live(
        funocracy,
        record,
        cues,
        lambda e: e.get("decision") == "player one passed",
        sphinx,
        common,
        tmp_path,
        speed=2.5,
        limit=150,
    )  # the undo says the round's opening again
    undone = [e for e in run.decisions() if e.get("kind") == "undo"]
    assert [e["decision"] for e in undone] == ["player one ran out of time"]
    first, _, restored = run.listens("funocracy.answer")[:3]
    assert restored["deadline"] == pytest.approx(run.said_before(restored)["end"] + 25, abs=0.01)
    assert restored["deadline"] > first["deadline"] + 25  # not the turn's old deadline
    assert len(run.says("Time!")) == 1  # the first time-out only: no stale deadline after the undo
    assert run.decisions("funocracy.answer")[-1]["decision"] == "player one passed"


def seconds_said(text: str) -> int:
    words = {
        "one": 1,
        "two": 2,
        "three": 3,
        "four": 4,
        "five": 5,
        "six": 6,
        "seven": 7,
        "eight": 8,
        "nine": 9,
        "ten": 10,
        "eleven": 11,
        "twelve": 12,
        "thirteen": 13,
        "fourteen": 14,
        "fifteen": 15,
        "sixteen": 16,
        "seventeen": 17,
        "eighteen": 18,
        "nineteen": 19,
        "twenty": 20,
        "thirty": 30,
        "forty": 40,
        "fifty": 50,
        "sixty": 60,
    }
    number = re.search(r"You have ([a-z ]+?) seconds", text).group(1)
    return sum(words[w] for w in number.split())


def nth_listen(step: str, n: int):
    """Done at the n-th listen for `step`."""
    seen = []

    def done(event: dict) -> bool:
        if event["type"] == "listen" and event["step"] == step:
            seen.append(event)
        return len(seen) >= n

    return done


def time_lines(run) -> list[dict]:
    return [
        e
        for e in run.transcript.of_type("say")
        if re.search(r"You have [a-z ]+ seconds", e["text"])
    ]


@pytest.mark.slow
def test_who_the_f_reveal_after_says_the_time_really_left(sphinx, common, tmp_path):
    game = load(find("who_the_f"))
    options = {"players": 5, "difficulty": "regular", "reveal_after": 20}
    record = record_after(
        game, options, 1, [Answer(AnswerKind.CHOICE, "ready")]
    )  # resumed at the first vote
    cues = [
        Cue("who_the_f.vote", 6.0, "pause"),
        Cue("paused", 2.0, "resume"),
        Cue("who_the_f.result", 1.0, "undo"),
    ]
    run = play_live(
        game, record, cues, nth_listen("who_the_f.vote", 3), sphinx, common, tmp_path, speed=3
    )
    assert run.says("The clock starts again with the full time.")
    resumed, after_pause, after_undo = time_lines(run)[:3]
    assert seconds_said(resumed["text"]) == 20  # after a resume: the full time, and said so
    votes = run.listens("who_the_f.vote")
    left = votes[0]["deadline"] - run.gm_began(run.heard("command:pause")[0])
    given = votes[1]["deadline"] - after_pause["end"]  # the time left when gm began, and a second
    assert seconds_said(after_pause["text"]) == round(given) and 11 <= round(left) <= 14
    assert given == pytest.approx(left + UNDERSTOOD, abs=TOLERANCE)
    assert run.decisions("who_the_f.vote")[0]["answer"]["kind"] == "timeout"
    assert [e["decision"] for e in run.decisions() if e.get("kind") == "undo"] == ["votes revealed"]
    assert seconds_said(after_undo["text"]) == 20  # the undone vote has its full time again
    assert votes[2]["deadline"] == pytest.approx(after_undo["end"] + 20, abs=0.01)


@pytest.mark.slow
def test_what_the_fake_time_limit_says_the_time_really_left(sphinx, common, tmp_path):
    game = load(find("what_the_fake"))
    options = {"players": 4, "mode": "open", "scoring": "full", "time_limit": 60}
    record = record_after(
        game, options, 1, [Answer(AnswerKind.CHOICE, "go")]
    )  # resumed while drawing
    cues = [
        Cue("what_the_fake.drawing", 10.0, "pause"),
        Cue("paused", 2.0, "resume"),
        Cue("what_the_fake.drawing", 1.0, "undo"),
        Cue("what_the_fake.theme", 1.0, "go"),
    ]
    run = play_live(
        game,
        record,
        cues,
        nth_listen("what_the_fake.drawing", 3),
        sphinx,
        common,
        tmp_path,
        speed=3,
    )
    assert run.says("The clock starts again with the full time.")
    first, after_pause, after_undo = time_lines(run)[:3]
    assert seconds_said(first["text"]) == 60  # after a resume: the full time, and said so
    drawing = run.listens("what_the_fake.drawing")
    left = drawing[0]["deadline"] - run.gm_began(run.heard("command:pause")[0])
    given = drawing[1]["deadline"] - after_pause["end"]
    assert seconds_said(after_pause["text"]) == round(given) and 46 <= round(left) <= 50
    assert given == pytest.approx(left + UNDERSTOOD, abs=TOLERANCE)
    assert [e["decision"] for e in run.decisions() if e.get("kind") == "undo"] == [
        run.decisions("what_the_fake.theme")[0]["decision"]
    ]
    assert seconds_said(after_undo["text"]) == 60
    assert drawing[2]["deadline"] == pytest.approx(after_undo["end"] + 60, abs=0.01)


def test_the_timed_speaker_lets_its_voice_make_lines_ahead():
    """Real time must not cost gm its lines made ahead: Timed passes `prepare` on to the speaker
    it wraps, and a speaker without it is left alone."""
    from gm.speech.realtime import Timed, WallClock

    class Ahead:
        def __init__(self) -> None:
            self.asked: list[tuple[str, ...]] = []

        def prepare(self, texts):
            self.asked.append(tuple(texts))

    inner = Ahead()
    Timed(inner, WallClock()).prepare(("Time!", "Ten seconds."))
    assert inner.asked == [("Time!", "Ten seconds.")]
    Timed(object(), WallClock()).prepare(("Time!",))  # nothing to pass it to: no error
