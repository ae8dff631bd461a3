"""What the dialogue engine promises beyond the happy path, each checked by behaviour: the
transcript's events field by field (the --transcript file is read by people and tools), the
answer saved as heard, the thresholds of interpret on both sides, the grace of an answer begun
before a deadline, the pause, the yes-or-no question and the greetings.

Fakes only for the engine's ports (typed input, a recording speaker), as in test_engine.py.
"""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from toygame import ToyGame

from gm import vocab
from gm.dialog.engine import Engine, EngineConfig, Result, interpret, rebuild
from gm.dialog.hearing import TextHearing
from gm.dialog.intents import Matcher
from gm.dialog.transcript import Transcript
from gm.speech.base import Alternative, Final, SpeechStarted, chatter_seconds
from gm.state import Record, SaveError
from gm.steps import AnswerKind, Ask, End, Outcome


def engine_for(
    script, speaker, common, game=None, hearing=None, record=None, config=EngineConfig()
) -> tuple[Engine, Transcript]:
    lines, commands = common
    game = game or ToyGame()
    transcript = Transcript()
    engine = Engine(
        game,
        hearing or TextHearing(io.StringIO(script)),
        speaker,
        lines,
        commands,
        transcript,
        record or Record(game.id, {}, seed=1),
        config=config,
    )
    return engine, transcript


def run(script, speaker, common, **kwargs) -> tuple[Engine, Transcript, Result]:
    engine, transcript = engine_for(script, speaker, common, **kwargs)
    return engine, transcript, engine.run()


class Exact(TextHearing):
    """Typed input heard with a recogniser's detail: two readings, odd confidences and times."""

    def poll(self):
        return [
            Final(
                (Alternative(e.text, 0.98765), Alternative("banana", 0.01234)),
                e.start + 0.00012,
                e.end + 0.00034,
                said=0.61234,
                stands=7.5,
            )
            if isinstance(e, Final)
            else e
            for e in super().poll()
        ]


def test_the_transcript_tells_each_event_in_full(speaker, common):
    engine, transcript, _ = run(
        "", speaker, common, hearing=Exact(io.StringIO("two\nfour\nfive\nundo\n"))
    )
    heard = transcript.of_type("heard")[0]
    tail = EngineConfig().tail  # the answer began when gm's echo had been dropped
    assert {k: v for k, v in heard.items() if k != "t"} == {
        "type": "heard",
        "text": "two",
        "start": round(tail + 0.00012, 3),
        "end": round(tail + 1.00034, 3),
        "said": 0.612,
        "stands": 7.5,
        "intent": "two",
        "score": 100.0,
        "alternatives": [
            {"text": "two", "confidence": 0.988},
            {"text": "banana", "confidence": 0.012},
        ],
    }
    listen = transcript.of_type("listen")[0]
    assert {k: v for k, v in listen.items() if k != "t"} == {
        "type": "listen",
        "step": "toy.players",
        "expected": "a number from two to four",
        "phrases": len(Matcher(vocab.numbers(2, 4), engine._asked_commands).phrases),
        "free": False,
        "deadline": None,
    }
    decisions = [{k: v for k, v in e.items() if k != "t"} for e in transcript.of_type("decision")]
    assert decisions == [
        {
            "type": "decision",
            "step": "toy.players",
            "answer": {"kind": "choice", "value": 2, "heard": "two"},
            "accepted": True,
            "decision": "2 players",
        },
        {
            "type": "decision",
            "step": "toy.pick",
            "answer": {"kind": "choice", "value": 4, "heard": "four"},
            "accepted": False,
            "decision": "four refused",
        },
        {
            "type": "decision",
            "step": "toy.pick",
            "answer": {"kind": "choice", "value": 5, "heard": "five"},
            "accepted": True,
            "decision": "player 1 took 5",
        },
        {"type": "decision", "step": "toy.pick", "kind": "undo", "decision": "player 1 took 5"},
    ]
    states = [{k: v for k, v in e.items() if k != "t"} for e in transcript.of_type("state")]
    assert states[-1] == {
        "type": "state",
        "game": "toy",
        "state": {"round": 1, "players": 2, "scores": [0, 0]},
    }
    assert len(states) == 4  # at the start, after each accepted answer and after the undo
    assert engine.record.answers == [
        {
            "step": "toy.players",
            "answer": {"kind": "choice", "value": 2, "heard": "two"},
            "decision": "2 players",
        }
    ]


def test_a_yes_or_no_question_in_the_transcript_and_repeated(speaker, common):
    _, transcript, result = run(
        "two\nquit\nrepeat\nno\nquit\n[silence 20]\nquit\nyes\n", speaker, common
    )
    question = "Do you really want to stop the game? Say yes or no."
    assert speaker.lines.count(question) == 4  # asked, repeated on "repeat", asked twice more
    confirms = [
        {k: v for k, v in e.items() if k != "t"}
        for e in transcript.of_type("decision")
        if e["step"] == "confirm"
    ]
    assert confirms == [
        {
            "type": "decision",
            "step": "confirm",
            "answer": False,
            "accepted": True,
            "decision": question,
        },
        {
            "type": "decision",
            "step": "confirm",
            "answer": None,
            "accepted": False,
            "decision": question,
        },
        {
            "type": "decision",
            "step": "confirm",
            "answer": True,
            "accepted": True,
            "decision": question,
        },
    ]
    listens = [e for e in transcript.of_type("listen") if e["step"] == "confirm"]
    assert listens and all(e["expected"] == "yes or no" and e["deadline"] is None for e in listens)
    assert result is Result.QUIT


def test_greetings_name_the_game(speaker, common):
    run("", speaker, common)
    assert (
        speaker.lines[0]
        == "Welcome to Toy. I'm your game master. Say help at any time to hear what you can say."
    )
    engine, _ = engine_for("", speaker, common, record=Record("toy", {}, 1))
    engine.run(resumed=True, greeting=("Hello again.",))
    assert speaker.lines[-3:-1] == [
        "Welcome back to Toy. We carry on where we stopped.",
        "Hello again.",
    ]


def test_a_game_resumed_after_its_end_says_it_had_ended_not_that_it_carries_on(speaker, common):
    """Stopped between the end's announcement and its save as finished (a crash, the power), a
    game is resumed at its end: gm says so, then how it finished, and listens for a last undo."""
    ended, _, result = run("two\none\ntwo\nthree\n", speaker, common)
    assert result is Result.OVER
    speaker.lines.clear()
    record = Record("toy", {}, 1, list(ended.record.answers))  # not marked finished
    engine, _ = engine_for("", speaker, common, record=record)
    engine.run(resumed=True)
    assert (
        speaker.lines[0] == "Welcome back to Toy. The game had ended when gm stopped; here is how."
    )
    assert "carry on" not in " ".join(speaker.lines)


def test_undo_of_an_answer_saved_without_its_decision(speaker, common):
    """Saves from before decisions were kept name no decision: the undo says "the last answer"."""
    record = Record(
        "toy", {}, 1, [{"step": "toy.players", "answer": {"kind": "choice", "value": 2}}]
    )
    _, transcript, _ = run("undo\n", speaker, common, record=record)
    assert "Undone: the last answer." in speaker.lines
    assert [e["decision"] for e in transcript.of_type("decision")] == [""]


def test_rebuild_names_the_decision_that_does_not_fit_and_deals_with_the_seed():
    from random import Random

    from gm.games import who_the_f

    record = Record(
        "toy",
        {},
        1,
        [
            {"step": "toy.players", "answer": {"kind": "choice", "value": 2}},
            {"step": "toy.players", "answer": {"kind": "choice", "value": 2}},
        ],
    )
    with pytest.raises(SaveError, match="at decision 2\\.$"):
        rebuild(ToyGame(), record)
    game = who_the_f.load()  # shuffles its question deck in new()
    options = {"players": 4, "difficulty": "easy"}
    state, rng = rebuild(game, Record(game.id, options, 42))
    fresh = Random(42)
    assert (
        state == game.new(options, fresh)
        and rng.getstate() == fresh.getstate() != Random(42).getstate()
    )


# -- free speech and the readings of one utterance ------------------------------------------


class Readings(TextHearing):
    """Typed "a|b|c": one utterance the recogniser read three ways, best first."""

    def poll(self):
        return [
            Final(tuple(Alternative(t, 0.9) for t in e.text.split("|")), e.start, e.end)
            if isinstance(e, Final)
            else e
            for e in super().poll()
        ]


class FreeToy(ToyGame):
    def step(self, state):
        step = super().step(state)
        return replace(step, free=True) if isinstance(step, Ask) and step.id == "toy.pick" else step

    def apply(self, state, ask, answer, rng):
        if answer.kind is AnswerKind.FREE:
            return Outcome(replace(state, round=state.round + 1), (), f"said {answer.value}")
        return super().apply(state, ask, answer, rng)


def test_open_speech_keeps_every_reading_but_the_choices(speaker, common):
    engine, _, _ = run(
        "",
        speaker,
        common,
        game=FreeToy(),
        hearing=Readings(io.StringIO("two\nstairs|fence|three|gate\n")),
    )
    assert engine.record.answers[-1]["answer"] == {
        "kind": "free",
        "value": ["stairs", "fence", "gate"],
        "heard": "stairs",
    }


def test_in_a_closed_question_a_lower_reading_can_be_the_answer(speaker, common):
    engine, _, _ = run("", speaker, common, hearing=Readings(io.StringIO("banana bread|two\n")))
    assert engine.record.answers[0]["answer"]["value"] == 2


# -- interpret's thresholds, on both sides ---------------------------------------------------


@pytest.fixture
def matcher(common):
    return Matcher(vocab.numbers(1, 8, ("{n}", "number {n}")), common[1])


def test_a_phrase_said_as_long_as_chatter_is_still_a_phrase_and_longer_is_noise(matcher):
    limit = chatter_seconds("repeat")
    at = interpret(Final((Alternative("repeat", 1.0),), 0.0, limit), matcher, False, 0.5)
    over = interpret(Final((Alternative("repeat", 1.0),), 0.0, limit + 0.05), matcher, False, 0.5)
    assert at.match is not None and over.match is None and over.noise


def test_a_choice_at_the_doubt_threshold_is_sure_and_under_it_is_confirmed(matcher):
    at = interpret(Final((Alternative("three", 0.5),), 5.0, 6.0), matcher, False, 0.5).match
    under = interpret(Final((Alternative("three", 0.49),), 5.0, 6.0), matcher, False, 0.5).match
    assert at.sure and not under.sure and under.value == 3


def test_readings_that_mean_the_same_pool_their_confidence(matcher):
    """ "three" 0.3 beside "number three" 0.3 is one answer heard with 0.6: sure; either alone is
    doubted, and a reading of another answer adds nothing."""
    pooled = interpret(
        Final((Alternative("three", 0.3), Alternative("number three", 0.3)), 5.0, 6.0),
        matcher,
        False,
        0.5,
    )
    assert pooled.match.value == 3 and pooled.match.sure
    alone = interpret(
        Final((Alternative("three", 0.3), Alternative("five", 0.3)), 5.0, 6.0), matcher, False, 0.5
    )
    assert alone.match.value == 3 and not alone.match.sure


def test_in_open_speech_only_a_sure_best_reading_is_a_command(matcher):
    sure = interpret(Final((Alternative("repeat", 1.0),), 5.0, 6.0), matcher, True, 0.5)
    assert sure.match is not None and sure.match.command is not None
    words = interpret(
        Final((Alternative("repeat it", 1.0), Alternative("repeat", 0.9)), 5.0, 6.0),
        matcher,
        True,
        0.5,
    )
    assert words.match is None and words.free == ("repeat it",)


# -- the grace of an answer begun before the deadline ----------------------------------------


class SlowAnswer(TextHearing):
    """Typed input where "slow N" is an answer ("yes") begun now that ends N seconds later,
    heard as it goes: SpeechStarted first, the Final only when it ends."""

    def __init__(self, stream):
        super().__init__(stream)
        self._ends: float | None = None

    def poll(self):
        if self._ends is not None:
            self._now = min(self._now + 0.1, self._ends)
            if self._now >= self._ends - 1e-9:
                start, self._ends = self._started, None
                return [
                    Final((Alternative("yes", 1.0),), start, self._now, said=0.5)
                ]  # "yes", then noise
            return []
        events = super().poll()
        for event in events:
            if isinstance(event, Final) and event.text.startswith("slow "):
                self._started = event.start
                self._now = event.start
                self._ends = event.start + float(event.text.split()[1])
                return [SpeechStarted(event.start)]
        return events


class OneTimedAsk:
    id = "timed"
    title = "Timed"

    def new(self, options, rng):
        return ()

    def step(self, state):
        if state:
            return End(("Done.",))
        return Ask("timed.answer", ("Go!",), vocab.yes_no(), timeout=25, expected="yes or no")

    def apply(self, state, ask, answer, rng):
        label = "timeout" if answer.kind is AnswerKind.TIMEOUT else "answered"
        return Outcome((label,), (), label)

    def public(self, state):
        return {}

    def score(self, state):
        return ()


@pytest.mark.parametrize("lasting,outcome", [(2.4, "answered"), (2.7, "timeout")])
def test_an_answer_begun_before_the_deadline_may_end_up_to_grace_after_it(
    speaker, common, lasting, outcome
):
    """Begun at 24 s, an answer ending at 26.4 s (1.4 s past 25) counts; one still going 1.6 s
    past the deadline does not (EngineConfig.grace 1.5 s)."""
    tail = EngineConfig().tail
    engine, _, _ = run(
        "",
        speaker,
        common,
        game=OneTimedAsk(),
        hearing=SlowAnswer(io.StringIO(f"[silence {24 - tail:.3f}]\nslow {lasting}\n")),
    )
    assert engine.state == (outcome,)


# -- the pause --------------------------------------------------------------------------------


def test_while_paused_help_says_so_again_quit_asks_and_other_talk_waits(speaker, common):
    paused, question = (
        "Paused. Say resume when you want to carry on.",
        "Do you really want to stop the game? Say yes or no.",
    )
    run("two\npause\nbanana bread\nhelp\nresume\n", speaker, common)
    assert speaker.lines.count(paused) == 2 and question not in speaker.lines
    speaker.lines.clear()
    _, transcript, result = run(
        "two\npause\nquit\nno\nresume\nfive\npause\nquit\nyes\n", speaker, common
    )
    assert speaker.lines.count(paused) == 2 and speaker.lines.count(question) == 2
    assert result is Result.QUIT
    listens = [e for e in transcript.of_type("listen") if e["step"] == "paused"]
    assert listens and all(
        e["expected"] == "resume, repeat, what's the score, or quit" and e["deadline"] is None
        for e in listens
    )


def test_while_paused_repeat_score_and_undo_work_as_at_any_moment(speaker, common):
    """The README's commands of any moment work while paused: repeat says the question again
    (and that gm is still paused), the score is said. Undo is not heard: talk while paused
    takes nothing back."""
    paused = "Paused. Say resume when you want to carry on."
    run("two\npause\nrepeat\nwhat's the score\nresume\n", speaker, common)
    ask = "Round 1. Player 1, pick a number from one to five."
    at = speaker.lines.index(paused)
    assert speaker.lines[at - 1 :] == [ask, paused, ask, paused, "Scores: 0, 0.", "Resuming.", ask]
    speaker.lines.clear()
    _, transcript, _ = run("two\npause\ntake that back\nresume\n", speaker, common)
    assert not [e for e in transcript.of_type("decision") if e.get("kind") == "undo"]
    assert "Resuming." in speaker.lines


def test_a_pause_stops_the_clock_for_as_long_as_it_lasted_and_no_longer(speaker, common):
    from test_engine import TimedGame

    # 5 s, a pause, then 21 s more: 26 s of play, over the 25; the pause itself does not count
    engine, _, _ = run(
        "[silence 5]\npause\n[silence 60]\nresume\n[silence 21]\nno\nno\n",
        speaker,
        common,
        game=TimedGame(),
    )
    assert engine.state.answered[0] == "timeout"


def test_a_timed_ask_has_no_reprompts_and_an_untimed_one_says_its_own(speaker, common):
    from test_engine import TimedGame

    run("[silence 20]\nyes\nyes\n", speaker, common, game=TimedGame())
    assert not [
        line for line in speaker.lines if "still listening" in line or "Take your time" in line
    ]

    class Own(ToyGame):
        def step(self, state):
            step = super().step(state)
            return (
                replace(step, reprompts=("Player, your number?",), expected="")
                if isinstance(step, Ask)
                else step
            )

    speaker.lines.clear()
    run("[silence 20]\n", speaker, common, game=Own())
    assert "Player, your number?" in speaker.lines
    assert not [line for line in speaker.lines if "still listening" in line]

    class Unsaid(ToyGame):
        def step(self, state):
            step = super().step(state)
            return replace(step, expected="") if isinstance(step, Ask) else step

    speaker.lines.clear()
    run("[silence 9]\nbanana bread\nhelp\n", speaker, common, game=Unsaid())
    assert "I'm still listening. You can say help." in speaker.lines
    assert "Sorry, I didn't catch that. You can say help." in speaker.lines
    assert (
        "At any time you can say repeat, what's the score, take that back, pause the game, skip, "
        "or quit." in speaker.lines
    )


def test_what_can_be_said_is_listed_once_an_ask_then_a_sorry_is_brief(speaker, common):
    """A long "You can say ..." said again at every miss eats the table's time: at an ask whose
    answers were listed once (a "sorry" or "help"), a later miss gets "Sorry, say it again."."""
    run("banana bread\nbanana cake\n", speaker, common)
    sorries = [line for line in speaker.lines if line.startswith("Sorry")]
    assert len(sorries) == 2 and sorries[0].startswith("Sorry, I didn't catch that. You can say")
    assert sorries[1] == "Sorry, say it again."
    speaker.lines.clear()
    run("help\nbanana bread\n", speaker, common)
    assert [line for line in speaker.lines if line.startswith("Sorry")] == ["Sorry, say it again."]


def test_long_talk_gm_cannot_place_gets_no_sorry(speaker, common):
    class Talk(TextHearing):
        def poll(self):
            return [
                Final((), e.start, e.start + 2.6)
                if isinstance(e, Final) and e.text == "talk"
                else e
                for e in super().poll()
            ]

    _, transcript, _ = run("", speaker, common, hearing=Talk(io.StringIO("talk\ntwo\nundo\n")))
    assert not [line for line in speaker.lines if "didn't catch" in line]
    assert [(e["text"], e["intent"]) for e in transcript.of_type("heard")] == [
        ("", None),
        ("two", "two"),
        ("undo", "command:undo"),
    ]


# -- the clock while the microphone is gone, the countdown's words and tones ------------------


class GoneForAWhile:
    """A fake AudioSource port: silence; at `lost_at` the device goes, and each try to reopen it
    takes 4 s, the third succeeding (12 s without a microphone)."""

    def __init__(self, lost_at: float):
        self.now, self.lost_at, self.tries = 0.0, lost_at, 0

    def read(self):
        from gm.speech.base import AudioChunk, DeviceLost

        if self.now >= 60:
            return None
        if self.lost_at is not None and self.now >= self.lost_at:
            raise DeviceLost("gone")
        chunk = AudioChunk(b"\0\0" * 1600, self.now)
        self.now += 0.1
        return chunk

    def reopen(self):
        self.now += 4.0
        self.tries += 1
        if self.tries == 3:
            self.lost_at = None
        return self.lost_at is None

    def flush(self):
        pass

    def close(self):
        pass


class HearsYesAt:
    """A fake Recognizer port that hears "yes" said at `at` seconds of the source."""

    name = "fake"

    def __init__(self, at: float):
        self.at = at

    def set_vocabulary(self, vocabulary):
        pass

    def feed(self, chunk):
        if abs(chunk.start - self.at) < 0.05:
            return [
                SpeechStarted(self.at),
                Final((Alternative("yes", 1.0),), self.at, self.at + 0.5),
            ]
        return []

    def flush(self):
        return []

    def reset(self):
        pass


@pytest.mark.parametrize("answer_at,outcome", [(35.0, "answered"), (38.0, "timeout")])
def test_time_without_a_microphone_does_not_count_against_the_deadline(
    speaker, common, answer_at, outcome
):
    """Lost at 5 s for 12 s: the 25 s run out at 37 s of the clock, not at 25 (nor later)."""
    from gm.dialog.hearing import AudioHearing

    engine, transcript = engine_for(
        "",
        speaker,
        common,
        game=OneTimedAsk(),
        hearing=AudioHearing(GoneForAWhile(lost_at=5.0), HearsYesAt(answer_at)),
    )
    engine.run()
    assert engine.state == (outcome,)
    if outcome == "timeout":
        decided = next(e for e in transcript.of_type("decision") if e["decision"] == "timeout")
        assert 37.0 - 0.05 <= decided["t"] <= 37.0 + EngineConfig().tail + 0.15


class ClockedSpeaker:
    """A fake Speaker port that notes when each tone sounded, by the engine's clock."""

    def __init__(self):
        self.lines, self.tones, self.clock = [], [], None

    def say(self, text):
        self.lines.append(text)
        return 0.0

    def tone(self, frequency, seconds):
        self.tones.append((round(self.clock(), 1), frequency, seconds))
        return seconds

    def play(self, audio):
        return 0.0

    def close(self):
        pass


def test_the_countdown_sounds_one_tone_a_second_for_the_last_five(common):
    from test_engine import TimedGame

    lines, commands = common
    speaker = ClockedSpeaker()
    hearing = TextHearing(io.StringIO("[silence 30]\n"))
    speaker.clock = lambda: hearing.now
    engine = Engine(
        TimedGame(),
        hearing,
        speaker,
        lines,
        commands,
        Transcript(),
        Record("timed", {}, 1),
        config=EngineConfig(tone_hz=440.0, tone_seconds=0.2),
    )
    engine.run()
    assert [t for t, _, _ in speaker.tones[:5]] == [20.0, 21.0, 22.0, 23.0, 24.0]
    assert {(hz, seconds) for _, hz, seconds in speaker.tones} == {(440.0, 0.2)}


class CountdownTurns:
    """One turn of two asks under one 25 s deadline, with the spoken countdown."""

    id = "turns"
    title = "Turns"

    def new(self, options, rng):
        return ()

    def step(self, state):
        if len(state) == 2 or "timeout" in state:
            return End(("Done.",))
        return Ask(
            f"turn.ask{len(state) + 1}",
            (f"Ask {len(state) + 1}.",),
            vocab.numbers(1, 3),
            timeout=25,
            countdown=True,
            deadline="turn",
            expected="one, two or three",
            endpoint=0.5,
        )

    def apply(self, state, ask, answer, rng):
        label = "timeout" if answer.kind is AnswerKind.TIMEOUT else "answered"
        return Outcome(state + (label,), (), label)

    def public(self, state):
        return {}

    def score(self, state):
        return ()


@pytest.mark.parametrize("left,warned", [(9.5, True), (8.5, False)])
def test_ten_seconds_is_said_only_while_about_ten_seconds_are_left(speaker, common, left, warned):
    """An ask of the turn that starts listening with 9.5 s left says "Ten seconds."; one with
    8.5 s left does not (it would be wrong by more than a second)."""
    tail = EngineConfig().tail
    # the first answer ends (1 s and its 0.5 s endpoint), the second ask is said, its tail dropped,
    # and the first tick of silence gives the countdown its first look (no second given back after
    # gm's line: EngineConfig.understood)
    answer_at = 25 - left - 1.5 - tail - 0.1
    engine, _, _ = run(
        f"[silence {answer_at - tail:.3f}]\none\n[silence 12]\n",
        speaker,
        common,
        game=CountdownTurns(),
        config=EngineConfig(understood=0.0),
    )
    assert engine.state == ("answered", "timeout")
    assert speaker.lines.count("Ten seconds.") == (
        1 if warned else 0
    )  # once, however long the last ten last
