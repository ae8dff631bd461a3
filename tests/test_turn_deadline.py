"""The shared turn deadline, by time, through the engine with typed input and `[silence N]`.

A turn is several asks sharing one 25-second deadline (Ask.deadline: Funocracy's word, then
"which letter?", then back to the word). An answer begun at 24 s is in time at every ask of the
turn; silence until 25.1 s is a time-out at every ask, and it comes at 25 s, not 25 s after
that ask began. The scripts are worked out from the typed-input clock (an utterance takes
1 s and its endpoint; gm's speech drops the engine's tail), and each test first checks that
the answer really began where it meant to, so a change of those timings fails loudly here
rather than moving the boundary.

gm's lines inside a turn stop its clock, which runs on with one second more
(`EngineConfig.understood`, gm.dialog.clock); typed lines take no time on the typed clock, so
these tests of the shared deadline run with no second given back, and the last tests here show
the second given back.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace

import pytest

from gm import vocab
from gm.dialog.clock import Clock
from gm.dialog.engine import Engine, EngineConfig
from gm.dialog.hearing import TextHearing
from gm.dialog.transcript import Transcript
from gm.state import Record
from gm.steps import AnswerKind, Ask, End, Outcome

TURN = 25.0
ASKS = 3  # asks in a turn
ENDPOINT = 0.5  # seconds of silence that end an answer (Ask.endpoint)
UTTERANCE = 1.0  # seconds a typed word takes (TextHearing)
QUICK = 2.0  # seconds of silence before an answer given early


@dataclass(frozen=True)
class TurnState:
    log: tuple[str, ...] = ()  # "ask N in time" / "ask N timed out", oldest first
    turn: int = 0
    ask: int = 1


class TurnGame:
    """Two turns of three asks each, every ask of a turn under the turn's one deadline."""

    id = "turns"
    title = "Turns"

    def new(self, options, rng):
        return TurnState()

    def step(self, state):
        if state.turn == 2:
            return End(("Done.",))
        return Ask(
            f"turns.ask{state.ask}",
            (f"Ask {vocab.number_word(state.ask)}.",),
            vocab.numbers(1, 3),
            timeout=TURN,
            deadline=f"turn {state.turn}",
            expected="one, two or three",
            endpoint=ENDPOINT,
        )

    def apply(self, state, ask, answer, rng):
        timed_out = answer.kind is AnswerKind.TIMEOUT
        label = f"ask {state.ask} {'timed out' if timed_out else 'in time'}"
        if timed_out or state.ask == ASKS:
            return Outcome(TurnState(state.log + (label,), state.turn + 1, 1), (), label)
        return Outcome(replace(state, log=state.log + (label,), ask=state.ask + 1), (), label)

    def public(self, state):
        return {"log": list(state.log)}

    def score(self, state):
        return ("No score.",)


SHARED = EngineConfig(understood=0.0)  # the shared deadline alone, no second given back


def run(script: str, speaker, common, config: EngineConfig = SHARED) -> tuple[Engine, Transcript]:
    lines, commands = common
    game, transcript = TurnGame(), Transcript()
    engine = Engine(
        game,
        TextHearing(io.StringIO(script)),
        speaker,
        lines,
        commands,
        transcript,
        Record(game.id, {}, seed=1),
        config=config,
    )
    engine.run()
    return engine, transcript


def early_answers(count: int) -> tuple[list[str], float]:
    """`count` asks answered early, and the turn's clock when the next ask listens."""
    tail = EngineConfig().tail
    clock = tail  # gm asked, then drops its tail
    script = []
    for _ in range(count):
        script += [f"[silence {QUICK}]", "two"]
        clock += QUICK + UTTERANCE + ENDPOINT + tail
    return script, clock


def turn_began(transcript: Transcript) -> float:
    return next(e["t"] for e in transcript.of_type("say") if e["text"] == "Ask one.")


@pytest.mark.parametrize("at", range(1, ASKS + 1), ids=lambda k: f"ask{k}")
def test_an_answer_begun_at_24_seconds_is_in_time_at_every_ask(speaker, common, at):
    """Guards against a turn deadline that restarts on every ask of the turn (and one that ends
    before 25 s): the answer at 24 s counts, and the asks after it have no time left."""
    script, clock = early_answers(at - 1)
    script += [f"[silence {24.0 - clock:.3f}]", "three", "[silence 30]"]
    engine, transcript = run("\n".join(script) + "\n", speaker, common)
    begun = [e["start"] for e in transcript.of_type("heard")][-1] - turn_began(transcript)
    assert begun == pytest.approx(24.0, abs=0.05)
    first_turn = engine.state.log[: at + (at < ASKS)]
    assert first_turn == tuple(f"ask {k} in time" for k in range(1, at + 1)) + (
        (f"ask {at + 1} timed out",) if at < ASKS else ()
    )
    if (
        at < ASKS
    ):  # the next ask of the turn finds the 25 s gone: it times out as it starts listening
        timed_out = next(
            e for e in transcript.of_type("decision") if e["decision"] == f"ask {at + 1} timed out"
        )
        assert timed_out["t"] - turn_began(transcript) <= 26.0


@pytest.mark.parametrize("at", range(1, ASKS + 1), ids=lambda k: f"ask{k}")
def test_silence_to_25_1_seconds_is_a_time_out_at_every_ask(speaker, common, at):
    """Guards against a turn deadline that restarts on every ask of the turn ("Time!" came at
    49 s, not 25 s): the ask that is listening when 25 s have gone since the turn began times
    out, then, and the answer after the silence belongs to the next turn."""
    script, clock = early_answers(at - 1)
    script += [f"[silence {25.1 - clock:.3f}]", "three"]
    engine, transcript = run("\n".join(script) + "\n", speaker, common)
    assert engine.state.log[:at] == tuple(f"ask {k} in time" for k in range(1, at)) + (
        f"ask {at} timed out",
    )
    timed_out = next(
        e for e in transcript.of_type("decision") if e["decision"] == f"ask {at} timed out"
    )
    assert 25.0 - 0.05 <= timed_out["t"] - turn_began(transcript) <= 25.1
    assert engine.state.log[at:] == (
        "ask 1 in time",
    )  # "three" after the silence: the next turn's first ask


def test_the_next_turn_has_its_own_25_seconds(speaker, common):
    """The deadline is shared by the asks of one turn only: the next turn starts a new one."""
    script, clock = early_answers(ASKS)
    script += ["[silence 24]", "one", "two", "three"]
    engine, _ = run("\n".join(script) + "\n", speaker, common)
    assert engine.state.log == tuple(f"ask {k} in time" for k in range(1, ASKS + 1)) * 2


def test_a_pause_moves_the_deadline_of_the_whole_turn(speaker, common):
    """Paused at the first ask for a minute: the later asks of the turn keep the moved deadline
    (and do not lose it): silence at the second ask times out 25 s of play after the turn began."""
    script = ["[silence 2]", "pause", "[silence 60]", "resume", "two", "[silence 40]"]
    engine, transcript = run("\n".join(script) + "\n", speaker, common)
    assert engine.state.log[:2] == ("ask 1 in time", "ask 2 timed out")
    listens = [e for e in transcript.of_type("listen") if e["step"] == "turns.ask2"]
    timed_out = next(
        e for e in transcript.of_type("decision") if e["decision"] == "ask 2 timed out"
    )
    paused = next(e for e in transcript.of_type("say") if e["text"].startswith("Paused"))["t"]
    resumed = next(e for e in transcript.of_type("say") if e["text"] == "Resuming.")["t"]
    assert listens and timed_out["t"] - turn_began(transcript) - (
        resumed - paused
    ) == pytest.approx(25.0, abs=1.5)


def test_reprompts_wait_eight_seconds_of_quiet(common):
    from conftest import RecordingSpeaker
    from toygame import ToyGame

    speaker = RecordingSpeaker(
        for_the_ear=False
    )  # the toy game's lines are the tests' shorthand, digits and all
    lines, commands = common
    for quiet, reprompted in ((7.0, False), (9.0, True)):
        speaker.lines.clear()
        Engine(
            ToyGame(),
            TextHearing(io.StringIO(f"two\n[silence {quiet}]\nthree\n")),
            speaker,
            lines,
            commands,
            Transcript(),
            Record("toy", {}, 1),
        ).run()
        assert any("still listening" in line for line in speaker.lines) is reprompted


def test_talk_gm_did_not_understand_does_not_hold_the_deadline(speaker, common):
    """Talk that was no answer ended long before the deadline: the time-out comes at 25 s, not
    a grace later as for an answer still being said."""
    engine, transcript = run("[silence 5]\nbanana bread\n[silence 40]\n", speaker, common)
    timed_out = next(
        e for e in transcript.of_type("decision") if e["decision"] == "ask 1 timed out"
    )
    assert timed_out["t"] - turn_began(transcript) == pytest.approx(25.0, abs=0.15)


def test_each_line_gm_says_inside_the_turn_gives_back_the_understood_second(speaker, common):
    """Two early answers: each stops the turn's clock when heard, and the next ask of the turn runs
    on with the time that was left plus `understood`; so silence at the third ask times out two
    seconds later than with no second given back."""
    script, _ = early_answers(2)
    script.append("[silence 40]")
    timed_out = {}
    for config in (SHARED, EngineConfig()):
        engine, transcript = run("\n".join(script) + "\n", speaker, common, config)
        assert engine.state.log[:3] == ("ask 1 in time", "ask 2 in time", "ask 3 timed out")
        timed_out[config.understood] = next(
            e["t"] for e in transcript.of_type("decision") if e["decision"] == "ask 3 timed out"
        ) - turn_began(transcript)
    assert timed_out[0.0] == pytest.approx(25.0, abs=0.15)
    assert timed_out[1.0] - timed_out[0.0] == pytest.approx(2 * 1.0, abs=0.15)


def test_a_sorry_inside_the_turn_gives_back_the_understood_second(speaker, common):
    """Talk gm did not understand gets a "sorry" (a line inside the turn): one second back."""
    engine, transcript = run(
        "[silence 5]\nbanana bread\n[silence 40]\n", speaker, common, EngineConfig()
    )
    assert any(e["text"].startswith("Sorry") for e in transcript.of_type("say"))
    timed_out = next(
        e for e in transcript.of_type("decision") if e["decision"] == "ask 1 timed out"
    )
    assert timed_out["t"] - turn_began(transcript) == pytest.approx(26.0, abs=0.15)


def test_the_countdown_tolls_each_of_its_last_five_seconds_once():
    """A tone for each of the last five seconds, the second `left` falls in (rounded up), once:
    a turn stopped and given back time inside them hears none again, and a moment a hair short
    of the end is the first second, not a sixth (a live run tolled at 0.0003 s left)."""
    clock = Clock(25.0, 1.0)
    tolled = [left for left in (5.2, 5.0, 4.99, 4.0, 3.94) if clock.toll(left, 5)]
    assert tolled == [5.0, 4.0]  # the fifth second, then the fourth
    assert clock.toned == {5, 4}
    # "repeat" with 3.2 s left: the clock runs on with 4.2 s; the fourth second has had its tone
    given_back = [4.2, 3.0003, 2.0003, 1.0003, 0.0003, 0.0]  # as the live run polled
    assert [left for left in given_back if clock.toll(left, 5)] == [3.0003, 2.0003, 1.0003]
    assert clock.toned == {1, 2, 3, 4, 5}
