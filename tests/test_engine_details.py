"""The dialogue engine's smaller promises, each checked by what the table hears or what the
transcript says: the start of a game, the lines made ahead, a check's replies and commands, the
pause, the clock's short windows and its time line, taps, undo over a step on, and the readings
interpret and meant give.

Fakes only for the engine's ports (typed input, a recording speaker, taps, a fake audio source and
recogniser), as in test_engine.py; the meanings are the games' own.
"""

from __future__ import annotations

import io
from dataclasses import replace
from random import Random

import pytest
from test_checks import ConfirmingToy, FreeConfirmingToy
from test_engine import Doubtful, Passing, StoppedSpeaker, TimedGame, decisions, play
from toygame import ToyGame

from gm import vocab
from gm.dialog.engine import (
    Engine,
    EngineConfig,
    Heard,
    Result,
    hearing_for,
    interpret,
    listening_commands,
    meant,
    pooled_confidence,
)
from gm.dialog.hearing import AudioHearing, TextHearing
from gm.dialog.intents import SURE_SCORE, Command, Match, Matcher
from gm.dialog.transcript import Transcript
from gm.games import funocracy, what_the_fake, who_the_f
from gm.games.funocracy.meaning import AnswerMeaning
from gm.games.who_the_f.meaning import ResultMeaning
from gm.speech.base import Alternative, AudioChunk, Final, SpeechStarted
from gm.state import Record
from gm.steps import Ask, Choice, End, Kind, Outcome, Reading

WHO = who_the_f.load()


def engine_with(game, script, speaker, common, **kwargs) -> tuple[Engine, Transcript]:
    lines, commands = common
    transcript = Transcript()
    engine = Engine(
        game,
        kwargs.pop("hearing", None) or TextHearing(io.StringIO(script)),
        speaker,
        lines,
        commands,
        transcript,
        kwargs.pop("record", None) or Record(game.id, {}, seed=1),
        **kwargs,
    )
    return engine, transcript


def without_time(event: dict) -> dict:
    return {k: v for k, v in event.items() if k != "t"}


class OneAsk:
    """A game of one ask (`ask`'s fields), yes or no; its state is what the ask got."""

    id = "one"
    title = "One"

    def __init__(self, **ask) -> None:
        self.ask = ask

    def new(self, options, rng):
        return ()

    def step(self, state):
        if state:
            return End(("Done.",))
        fields = {"choices": vocab.yes_no(), "expected": "yes or no", **self.ask}
        return Ask("one.ask", ("Go!",), **fields)

    def apply(self, state, ask, answer, rng):
        label = "timeout" if answer.kind.value == "timeout" else "answered"
        return Outcome((label,), (), label)

    def public(self, state):
        return {}

    def score(self, state):
        return ()


class VoteResult:
    """One ask, a vote's result told in the table's words, read by Who the F's meaning."""

    id = "result"
    title = "Result"

    def new(self, options, rng):
        return ()

    def step(self, state):
        if state:
            return End(("Done.",))
        return Ask(
            "result.told",
            ("How did the vote go?",),
            expected="the result",
            meaning=ResultMeaning(WHO.lines, 5),
        )

    def apply(self, state, ask, answer, rng):
        return Outcome((answer.value,), (), "{count} votes for {place}".format(**answer.value))

    def public(self, state):
        return {}

    def score(self, state):
        return ()


# -- the start of a game ------------------------------------------------------------------------


def test_a_new_game_says_how_seats_go_unless_the_game_names_its_seats_itself(speaker, common):
    lines, _ = common
    play("", speaker, common)
    assert speaker.lines[:3] == [
        "Welcome to Toy. I'm your game master. Say help at any time to hear what you can say.",
        lines("seats"),  # the toy game has no names_seats of its own
        "How many players?",
    ]

    class OwnSeats(ToyGame):
        names_seats = False

    speaker.lines.clear()
    play("", speaker, common, game=OwnSeats())
    assert lines("seats") not in speaker.lines


def test_a_game_resumed_at_a_timed_ask_says_the_clock_starts_again_in_full(speaker, common):
    lines, _ = common
    engine, _ = engine_with(TimedGame(), "", speaker, common)
    engine.run(resumed=True)
    assert speaker.lines == [
        "Welcome back to Timed. We carry on where we stopped.",
        lines("full_time"),
        "Go!",
    ]
    speaker.lines.clear()
    engine, _ = engine_with(ToyGame(), "", speaker, common)  # its first ask has no time limit
    engine.run(resumed=True)
    assert speaker.lines == [
        "Welcome back to Toy. We carry on where we stopped.",
        "How many players?",
    ]


class Preparing(Passing):
    """A fake Speaker port that can make lines ahead (the port's optional `prepare`)."""

    def __init__(self, inner) -> None:
        super().__init__(inner)
        self.prepared: list[tuple[str, ...]] = []

    def prepare(self, texts: tuple[str, ...]) -> None:
        self.prepared.append(texts)


def test_the_lines_said_again_and_again_are_made_before_the_game_and_the_next_line_meanwhile(
    speaker, common
):
    """Before the welcome: gm's and the game's short lines, and the game's "Player N," for each of
    eight seats; while the first line of several plays, the rest."""
    preparing = Preparing(speaker)
    game = funocracy.load()
    engine, _ = engine_with(game, "", preparing, common, record=Record(game.id, {"players": 4}, 1))
    engine.run(greeting=("Hello again.",))
    ahead, *meanwhile = preparing.prepared
    assert {"Time!", "Ten seconds."} <= set(ahead)  # gm's own
    seats = [text for text in ahead if text.startswith("Player ") and text.endswith(",")]
    assert seats == [f"Player {vocab.number_word(seat)}," for seat in range(1, 9)]  # the game's
    assert meanwhile == [("Hello again.",)]  # said after the welcome; single lines need nothing


class Voiced(TextHearing):
    """Typed input whose clock runs on while gm speaks, as a live microphone's does."""

    def spoke(self, seconds: float) -> None:
        self._now += seconds


class SpeakingTakesTime(Passing):
    """A fake Speaker port whose every line takes 1.5 s of the input's clock."""

    def __init__(self, inner, hearing: Voiced) -> None:
        super().__init__(inner)
        self.hearing = hearing

    def say(self, text: str) -> float:
        self.hearing.spoke(1.5)
        return self.inner.say(text)


def test_a_say_event_ends_where_its_line_ended_on_the_game_clock(speaker, common):
    hearing = Voiced(io.StringIO("two\n"))
    engine, transcript = engine_with(
        ToyGame(), "", SpeakingTakesTime(speaker, hearing), common, hearing=hearing
    )
    engine.run()
    *said, ended = transcript.of_type("say")  # the last tells the input ended, unspoken
    assert len(said) == 5  # welcome, seats, the question, "2 players.", the next question
    assert [e["end"] for e in said] == [round(e["t"] + 1.5, 3) for e in said]
    assert ended["text"] == "The input ended before the game did." and "end" not in ended


def test_a_word_said_over_gm_stops_it_where_the_table_has_no_repeat_command(speaker, common):
    lines, commands = common
    without = {c: p for c, p in commands.items() if c is not Command.REPEAT}
    _, transcript, _ = play(
        "three\n", StoppedSpeaker(speaker, {"Welcome": "stop"}), (lines, without)
    )
    said = transcript.of_type("say")
    assert said[0]["stopped_by"] == "stop" and said[1]["text"] == "3 players."


# -- the pause --------------------------------------------------------------------------------


def test_a_pause_phrase_of_several_words_said_while_paused_keeps_the_game_paused(speaker, common):
    """ "pause please" sounds like "unpause please" (the table's resume): said while paused, it is
    the pause said again, not a resume."""
    lines, commands = common
    own = {**commands, Command.PAUSE: ("pause please",), Command.RESUME: ("unpause please",)}
    _, transcript, _ = play("two\npause please\npause please\n", speaker, (lines, own))
    assert "Resuming." not in speaker.lines
    assert [e["step"] for e in transcript.of_type("listen")][-2:] == ["paused", "paused"]
    speaker.lines.clear()
    _, transcript, _ = play(
        "two\npause please\npause please\nunpause please\nfive\n", speaker, (lines, own)
    )
    assert speaker.lines.count("Resuming.") == 1
    assert decisions(transcript) == ["2 players", "player 1 took 5"]


class AgainToy(ToyGame):
    def step(self, state):
        step = super().step(state)
        if isinstance(step, Ask) and step.id == "toy.pick":
            return replace(step, again=("Still your pick, player one.",))
        return step


def test_after_a_pause_the_ask_is_said_as_on_a_repeat(speaker, common):
    play("two\npause\nresume\nfive\n", speaker, common, game=AgainToy())
    resumed = speaker.lines.index("Resuming.")
    assert speaker.lines[resumed + 1] == "Still your pick, player one."


def test_while_paused_an_answer_is_not_read_by_the_asks_meaning_and_gets_a_sorry(speaker, common):
    _, transcript, _ = play(
        "pause\nthree for two\nresume\nthree for two\n", speaker, common, game=VoteResult()
    )
    paused = speaker.lines.index("Paused. Say resume when you want to carry on.")
    assert speaker.lines[paused + 1] == (
        "Sorry, I didn't catch that. You can say resume, repeat, what's the score, or quit."
    )
    assert decisions(transcript) == ["3 votes for 2"]  # once resumed, the meaning reads it


# -- a hold: "hang on" where no clock runs ------------------------------------------------------

PAUSED = "Paused. Say resume when you want to carry on."
REPROMPTS = ("I'm still listening.", "Take your time.")


@pytest.mark.parametrize(
    "hold",
    [
        "hang on, Jules still hasn't flipped",
        "so number one got... hold on, let me count",
        "one sec",  # no "one" of a result: "How many votes, for which number?" was asked
    ],
)
def test_hang_on_where_no_clock_runs_waits_quietly_and_still_hears_the_answer(
    hold, speaker, common
):
    """A table counting its votes says "hang on": gm says nothing, asks nothing again through
    two minutes of quiet, and takes the result said next (paused, it was refused as said
    while paused until someone said resume)."""
    _, transcript, _ = play(
        f"{hold}\n[silence 120]\nthree for two\n", speaker, common, game=VoteResult()
    )
    assert PAUSED not in speaker.lines
    assert speaker.lines[speaker.lines.index("How did the vote go?") + 1 :] == ["Done."]
    assert not [line for line in speaker.lines if line.startswith(REPROMPTS)]
    assert not [line for line in speaker.lines if line.startswith("Sorry")]
    assert decisions(transcript) == ["3 votes for 2"]
    assert [e["step"] for e in transcript.of_type("listen")] == ["result.told"] * 2 + ["game.end"]


def test_while_held_what_gm_cannot_place_gets_no_sorry_and_after_it_does(speaker, common):
    """Held, the table's own words are not for gm: no "Sorry, I didn't catch that"; once an
    answer is asked about again (a partial one), gm's "sorry" is back."""
    play("hang on\nblorp\nthree for two\n", speaker, common, game=VoteResult())
    assert not [line for line in speaker.lines if line.startswith("Sorry")]
    speaker.lines.clear()
    play("blorp\nthree for two\n", speaker, common, game=VoteResult())
    assert [line for line in speaker.lines if line.startswith("Sorry")]
    speaker.lines.clear()
    play("hang on\nthree votes\nblorp\nfor two\n", speaker, common, game=VoteResult())
    assert [line for line in speaker.lines if line.startswith("Sorry")]


def test_silence_without_a_hold_still_gets_its_reprompts(speaker, common):
    """The same two minutes of quiet with no "hang on" before them: both reprompts (the
    test above fails for the hold, not for quiet)."""
    play("[silence 120]\nthree for two\n", speaker, common, game=VoteResult())
    assert len([line for line in speaker.lines if line.startswith(REPROMPTS)]) == 2


def test_were_back_after_a_hold_says_the_ask_again(speaker, common):
    _, transcript, _ = play(
        "one sec\nok we're back\nthree for two\n", speaker, common, game=VoteResult()
    )
    asked = speaker.lines.index("How did the vote go?")
    assert speaker.lines[asked:] == ["How did the vote go?"] * 2 + ["Done."]
    assert PAUSED not in speaker.lines
    assert decisions(transcript) == ["3 votes for 2"]


@pytest.mark.parametrize(
    "pause", ["pause", "hang on, bathroom break", "hang on, my phone is ringing"]
)
def test_a_pause_with_a_reason_to_leave_still_pauses(pause, speaker, common):
    """A pause proper, or "hang on" with a reason to leave the table: paused until resume."""
    _, transcript, _ = play(
        f"{pause}\nthree for two\nresume\nthree for two\n", speaker, common, game=VoteResult()
    )
    assert PAUSED in speaker.lines
    assert decisions(transcript) == ["3 votes for 2"]
    assert "paused" in [e["step"] for e in transcript.of_type("listen")]


def test_hang_on_where_a_clock_runs_pauses_it(speaker, common):
    """Where the table's time runs, "hang on" stops the clock: a pause, as before."""
    engine, transcript = engine_with(
        OneAsk(timeout=20),
        "[silence 5]\nhang on\n[silence 60]\nresume\n[silence 12]\nno\n",
        speaker,
        common,
    )
    engine.run()
    assert PAUSED in speaker.lines
    assert "paused" in [e["step"] for e in transcript.of_type("listen")]
    assert engine.state == ("answered",)  # 5 s before the pause and 12 after it: inside 20


# -- the clock --------------------------------------------------------------------------------


def test_a_short_window_opens_again_in_full_when_gm_speaks_inside_it(speaker, common):
    """A 4 s ask (no turn, no time line): "help" 3 s in gives back all 4 s after gm's line, so a
    "yes" begun 2.3 s after it counts (with only the second left and the second given back it
    would have run out)."""
    engine, _ = engine_with(
        OneAsk(timeout=4), "[silence 1]\nhelp\n[silence 2]\nyes\n", speaker, common
    )
    engine.run()
    assert engine.state == ("answered",)
    engine, _ = engine_with(
        OneAsk(timeout=4), "[silence 1]\nhelp\n[silence 4.5]\nyes\n", speaker, common
    )
    engine.run()
    assert engine.state == ("timeout",)  # the window's 4 s, and no more


def test_the_time_line_says_one_second_when_less_than_two_are_left(speaker, common):
    """The 25 s run from the end of gm's line: 0.3 s of its echo dropped, 22.8 s of quiet and
    "repeat" (1.7 s to say and end) leave 0.2 s, and the second given back after gm's line
    (EngineConfig.understood) makes 1.2 s, said as one second."""
    game = OneAsk(timeout=25, time_line="You have {seconds}.")
    engine, _ = engine_with(game, "[silence 22.8]\nrepeat\n", speaker, common)
    engine.run()
    assert [line for line in speaker.lines if line.startswith("You have")] == [
        "You have twenty five seconds.",
        "You have one second.",
    ]


class Quiet:
    """A fake AudioSource port: a minute of silence."""

    def __init__(self) -> None:
        self.now = 0.0

    def read(self):
        if self.now >= 60:
            return None
        chunk = AudioChunk(b"\0\0" * 1600, self.now)
        self.now += 0.1
        return chunk

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass


class YesBegunAt:
    """A fake Recognizer port: a "yes" begun at `at` and ended a second later, which it forgets,
    as a recogniser does, when it is reset or given a vocabulary before the word has ended."""

    name = "fake"

    def __init__(self, at: float) -> None:
        self.at, self.begun = at, False

    def set_vocabulary(self, vocabulary) -> None:
        self.begun = False

    def reset(self) -> None:
        self.begun = False

    def feed(self, chunk):
        if abs(chunk.start - self.at) < 0.05:
            self.begun = True
            return [SpeechStarted(self.at)]
        if self.begun and chunk.start >= self.at + 1.0 - 1e-6:
            self.begun = False
            return [Final((Alternative("yes", 1.0),), self.at, self.at + 1.0)]
        return []

    def flush(self):
        return []


@pytest.mark.parametrize("through,outcome", [(True, "answered"), (False, "timeout")])
def test_a_word_begun_before_ten_seconds_is_heard_over_the_warning(
    speaker, common, through, outcome
):
    """A 25 s countdown warns at 15 s; a "yes" begun at 14.5 s ends over "Ten seconds.". Heard
    over the warning (EngineConfig.hear_over_warning) the recogniser keeps it; otherwise gm's line
    is dropped as any other and the word with it."""
    engine, _ = engine_with(
        OneAsk(timeout=25, countdown=True),
        "",
        speaker,
        common,
        hearing=AudioHearing(Quiet(), YesBegunAt(14.5)),
        config=EngineConfig(hear_over_warning=through),
    )
    engine.run()
    assert "Ten seconds." in speaker.lines
    assert engine.state == (outcome,)


# -- the check: "I heard X. Is that right?" -----------------------------------------------------


def test_each_reply_to_a_check_is_in_the_transcript_with_the_question_it_answered(speaker, common):
    script = "two\nthree\nno\nfive\nyes\none\nno, two\nthree\n[silence 18]\n"
    _, transcript, _ = play(script, speaker, common, game=ConfirmingToy())
    checks = [without_time(e) for e in transcript.of_type("decision") if e["step"] == "confirm"]
    assert checks == [
        {
            "type": "decision",
            "step": "confirm",
            "answer": verdict,
            "accepted": accepted,
            "decision": f"I heard {heard}. Is that right?",
        }
        for verdict, accepted, heard in (
            (False, True, "three"),
            (True, True, "five"),
            ("correction", True, "one"),
            (None, False, "three"),  # nobody answered
        )
    ]
    assert decisions(transcript) == ["2 players", "player 1 took 5", "player 2 took 2"]


def test_a_correction_heard_unsure_is_checked_in_turn(speaker, common):
    """ "dubble" is "double" heard loosely: the correction is asked about before it is taken."""
    _, transcript, engine = play(
        "two\nthree\nno, dubble\nyes\n", speaker, common, game=ConfirmingToy()
    )
    asked = speaker.lines.index("I heard three. Is that right?")
    assert speaker.lines[asked + 1] == "I heard double. Is that right?"
    assert decisions(transcript) == ["2 players", f"player 1 took {engine.state.rolled[0]}"]


def test_quit_at_a_check_asks_and_when_refused_comes_back_to_the_question(speaker, common):
    lines, _ = common
    _, transcript, _ = play("two\nthree\nquit\nno\nyes\n", speaker, common, game=ConfirmingToy())
    asked = speaker.lines.index("I heard three. Is that right?")
    assert speaker.lines[asked : asked + 4] == [
        "I heard three. Is that right?",
        lines("quit_confirm"),
        lines("quit_cancelled"),
        "I heard three. Is that right?",
    ]
    assert decisions(transcript) == ["2 players", "player 1 took 3"]


def test_a_repeat_in_the_tables_words_at_a_check_says_the_check_again(speaker, common):
    """ "what was the question again?" is a repeat at a check too; "scratch that" there is talk
    (undo and pause are heard at a check only as their phrases)."""
    _, transcript, _ = play(
        "two\nthree\nwhat was the question again?\nscratch that\nyes\n",
        speaker,
        common,
        game=ConfirmingToy(),
    )
    asked = speaker.lines.index("I heard three. Is that right?")
    assert speaker.lines[asked : asked + 3] == ["I heard three. Is that right?"] * 2 + [
        "Player 1 scores 3."
    ]
    assert decisions(transcript) == ["2 players", "player 1 took 3"]


def test_a_reply_to_a_check_that_begins_with_no_is_a_correction_not_a_command(speaker, common):
    """ "no, help" at "I heard pass. Is that right?": the answer was "help" (a word), not a
    request for gm's help."""
    _, transcript, _ = play("two\npass\nno, help\n", speaker, common, game=FreeConfirmingToy())
    checks = [e for e in transcript.of_type("decision") if e["step"] == "confirm"]
    assert checks[0]["decision"] == "I heard pass. Is that right?"
    assert checks[0]["answer"] == "correction"


def test_a_pause_at_a_check_of_a_timed_ask_comes_back_to_the_question_alone(speaker, common):
    game = OneAsk(timeout=25, time_line="You have {seconds}.", confirm=True)
    engine, _ = engine_with(game, "yes\npause\nresume\nyes\n", speaker, common)
    engine.run()
    resumed = speaker.lines.index("Resuming.")
    assert speaker.lines[resumed + 1 :] == ["I heard yes. Is that right?", "Done."]
    assert speaker.lines.count("You have twenty five seconds.") == 1  # said with the ask only
    assert engine.state == ("answered",)


def test_undo_at_the_first_check_says_there_is_nothing_to_undo_and_asks_again(speaker, common):
    lines, commands = common
    engine, transcript = engine_with(
        ToyGame(), "", speaker, common, hearing=Doubtful(io.StringIO("two\nundo\nthree\nyes\n"))
    )
    engine.run()
    asked = speaker.lines.index("I heard two. Is that right?")
    assert speaker.lines[asked + 1 : asked + 3] == [lines("nothing_to_undo"), "How many players?"]
    assert decisions(transcript) == ["3 players"]


def test_an_undo_in_the_tables_words_is_checked_naming_the_command(speaker, common):
    play("two\nfive\nscratch that\nyes\n", speaker, common)
    asked = speaker.lines.index("Did you mean undo?")
    assert speaker.lines[asked + 1] == "Undone: player 1 took 5."


def test_a_yes_or_no_question_hears_a_repeat_in_the_tables_words_and_no_other_talk(speaker, common):
    """ "what was the question again" is a repeat at "Do you really want to stop?" as at any ask;
    other talk there is no reply, and gm says what it can hear."""
    lines, _ = common
    result, _, _ = play("two\nquit\nwhat was the question again\nlet's see\nyes\n", speaker, common)
    asked = speaker.lines.index(lines("quit_confirm"))
    assert speaker.lines[asked + 1 :] == [
        lines("quit_confirm"),
        "Sorry, I didn't catch that. You can say yes or no.",
        lines("goodbye_unsaved"),  # nothing decided: nothing saved, and said so
    ]
    assert result is Result.QUIT


def test_in_open_speech_a_bare_no_to_a_check_is_no_empty_answer(speaker, common):
    """ "not really" is a no with nothing after it: the answer is asked again, not taken as
    empty words."""
    _, transcript, _ = play("two\npass\nnot really\n", speaker, common, game=FreeConfirmingToy())
    assert speaker.lines[-1] == "Okay, please say it again."
    assert decisions(transcript) == ["2 players"]


def test_a_correction_only_the_asks_meaning_reads_is_taken(speaker, common):
    _, transcript, engine = play(
        "three for two I think\nno, it was three for five\n", speaker, common, game=VoteResult()
    )
    assert "I heard three votes for number two. Is that right?" in speaker.lines
    assert "Okay, please say it again." not in speaker.lines
    assert engine.state == ({"count": 3, "place": 5},)


def test_a_quit_nobody_answers_is_reprompted_once_with_yes_or_no(speaker, common):
    play("two\nquit\n[silence 18]\nthree\n", speaker, common)
    assert [line for line in speaker.lines if "still listening" in line] == [
        "I'm still listening. You can say yes or no."
    ]


# -- taps, the end and undo -------------------------------------------------------------------


class Tapped:
    """A fake Taps port: the phrases a hand taps, one each time the engine looks."""

    def __init__(self, *phrases: str) -> None:
        self.phrases = list(phrases)

    def take(self) -> str | None:
        return self.phrases.pop(0) if self.phrases else None


def test_a_tapped_answer_is_heard_as_said_and_each_listen_offers_what_may_be_tapped(
    speaker, common
):
    engine, transcript = engine_with(ToyGame(), "", speaker, common, taps=Tapped("Three"))
    engine.run()
    assert decisions(transcript) == ["3 players"]
    heard = transcript.of_type("heard")[0]
    assert (heard["text"], heard["intent"], heard["via"]) == ("three", "three", "tap")
    commands = [
        {"phrase": phrase, "value": None, "command": command}
        for phrase, command in (
            ("repeat", "repeat"),
            ("help", "help"),
            ("score", "score"),
            ("pause", "pause"),
            ("take that back", "undo"),
            ("quit", "quit"),
        )
    ]
    first, second = (e["offers"] for e in transcript.of_type("listen"))
    numbers = [{"phrase": p, "value": v} for p, v in (("two", 2), ("three", 3), ("four", 4))]
    assert first == numbers + commands  # no skip: the number of players cannot be skipped
    assert {"phrase": "skip", "value": None, "command": "skip"} in second


def test_after_the_end_gm_listens_for_an_undo_at_the_game_end_step(speaker, common):
    lines, _ = common
    _, transcript, _ = play("two\none\ntwo\nthree\n", speaker, common)
    last = transcript.of_type("listen")[-1]
    assert (last["step"], last["expected"]) == ("game.end", lines("end_expected"))


class Steps:
    """Pick a number, then "next" (a step on, not a decision: Outcome.transition), twice."""

    id = "steps"
    title = "Steps"

    def new(self, options, rng):
        return ()

    def step(self, state):
        if len(state) == 4:
            return End(("Done.",))
        if len(state) % 2:
            return Ask("steps.next", ("Say next.",), (Choice("next", ("next",)),))
        return Ask("steps.pick", ("Pick a number.",), vocab.numbers(1, 5))

    def apply(self, state, ask, answer, rng):
        if ask.id == "steps.next":
            return Outcome(state + ("next",), (), "next pick", transition=True)
        return Outcome(state + (answer.value,), (), f"took {answer.value}")

    def public(self, state):
        return {"steps": list(state)}

    def score(self, state):
        return ()


def test_an_undo_passes_over_a_step_on_and_names_each_it_takes_back(speaker, common):
    _, transcript, engine = play("three\nnext\nundo\n", speaker, common, game=Steps())
    undone = [(e["step"], e["decision"]) for e in transcript.of_type("decision") if "kind" in e]
    assert undone == [("steps.next", "next pick"), ("steps.pick", "took 3")]
    assert "Undone: took 3." in speaker.lines and engine.state == ()


def test_an_undo_over_a_step_on_saved_without_decisions_names_none(speaker, common):
    """Saves from before decisions were kept name none: each undo event has an empty one."""
    record = Record(
        "steps",
        {},
        1,
        [
            {"step": "steps.pick", "answer": {"kind": "choice", "value": 3}},
            {
                "step": "steps.next",
                "answer": {"kind": "choice", "value": "next"},
                "transition": True,
            },
        ],
    )
    _, transcript, _ = play("undo\n", speaker, common, game=Steps(), record=record)
    assert [e["decision"] for e in transcript.of_type("decision")] == ["", ""]
    assert "Undone: the last answer." in speaker.lines


def test_a_loose_match_is_in_the_transcript_with_its_score_to_a_tenth(speaker, common):
    _, transcript, _ = play("two\ndoubles\n", speaker, common)
    heard = transcript.of_type("heard")[1]
    assert (heard["intent"], heard["score"]) == ("double", 92.3)  # "doubles" is "double" at 92.31


# -- what the engine reads from one utterance -----------------------------------------------


def test_an_ask_with_a_meaning_listens_for_whole_sentences(common):
    commands = listening_commands(common[1])
    meaning = ResultMeaning(WHO.lines, 5)
    with_meaning = Ask("result", ("Go!",), meaning=meaning)
    assert hearing_for(with_meaning, commands)[1].followed is True
    assert hearing_for(replace(with_meaning, free=True), commands)[1].followed is False
    assert hearing_for(replace(with_meaning, meaning=None), commands)[1].followed is False


@pytest.mark.parametrize("flag", ["one_word", "several"])
def test_a_one_word_or_several_ask_tells_the_recogniser_only_in_open_speech(common, flag):
    commands = listening_commands(common[1])
    turn = Ask("turn", ("Go!",), free=True, **{flag: True})
    assert getattr(hearing_for(turn, commands)[1], flag) is True
    assert getattr(hearing_for(replace(turn, free=False), commands)[1], flag) is False
    assert getattr(hearing_for(replace(turn, **{flag: False}), commands)[1], flag) is False


def test_the_games_asks_that_take_one_word_or_several():
    game = funocracy.load()
    turn = game.step(game.new({"players": 3, "mode": "normal"}, Random(1)))
    assert turn.id == "funocracy.answer" and turn.one_word and turn.free
    game = what_the_fake.load()
    state = game.new({"players": 3, "mode": "open", "scoring": "full"}, Random(1))
    state = replace(state, phase=what_the_fake.Phase.NAMING)
    step = game.step(state)
    assert step.id == "what_the_fake.names" and step.several and step.free
    assert not game.step(replace(state, pending=("kite",))).several  # a check: yes or no


def test_part_of_an_answer_heard_beside_the_voice_is_noise_in_noise_and_unplaced_in_quiet(common):
    matcher = Matcher((), listening_commands(common[1]))
    meaning = ResultMeaning(WHO.lines, 5)

    def heard(stands: float, noisy: bool) -> Heard:
        final = Final((Alternative("three people", 1.0),), 0.0, 1.0, stands=stands, noisy=noisy)
        return interpret(final, matcher, False, 0.5, meaning)

    assert heard(1.0, noisy=True) == Heard(noise=True)
    assert heard(1.0, noisy=False) == Heard(unplaced=True)
    assert heard(8.0, noisy=True).partial == meaning.read("three people")


def test_talk_names_no_command_where_commands_are_not_read_from_the_tables_words(common):
    """ "hang on, the phone's ringing" is talk to Funocracy's word ask: read as a pause where the
    table's own words are read (cued), and as nothing (not as open words) where they are not."""
    matcher = Matcher((), listening_commands(common[1]))
    meaning = AnswerMeaning(funocracy.load().lines)
    final = Final((Alternative("hang on, the phone's ringing", 1.0),), 0.0, 1.0)
    cued = interpret(final, matcher, True, 0.5, meaning, cued=True)
    assert cued.match is not None and cued.match.command is Command.PAUSE
    assert interpret(final, matcher, True, 0.5, meaning, cued=False) == Heard()


def test_thinking_aloud_pauses_except_in_a_countdown(common):
    """ "give me a sec" asks for a pause at any ask but a countdown, where it is a player thinking
    on their own time: said to nobody (Heard.noise, no "sorry")."""
    matcher = Matcher((), listening_commands(common[1]))
    meaning = AnswerMeaning(funocracy.load().lines)
    final = Final((Alternative("give me a sec", 1.0),), 0.0, 1.0)
    heard = interpret(final, matcher, True, 0.5, meaning, cued=True)
    assert heard.match is not None and heard.match.command is Command.PAUSE
    assert interpret(final, matcher, True, 0.5, meaning, countdown=True) == Heard(noise=True)


def test_a_meaning_that_agrees_with_a_loose_phrase_keeps_the_phrase_sure_only_if_itself_sure():
    loose = Match(3, "three", "tree", 85.0)
    sure = Reading(Kind.ANSWER, 3, "three votes", sure=True)
    assert meant(sure, loose, "tree") == replace(loose, score=SURE_SCORE)
    assert meant(replace(sure, sure=False), loose, "tree") == loose
    # a phrase that heard another answer: the meaning's, to be checked first
    other = Match(5, "five", "tree", 85.0)
    assert meant(sure, other, "tree") == Match(3, "three votes", "tree", SURE_SCORE - 1)


def test_a_match_none_of_the_readings_gave_is_taken_as_certain(common):
    """A match's confidence is its reading's, or the readings' that mean the same, pooled; one that
    none of the readings gave (a caller's own) the recogniser did not doubt: certain, no more."""
    matcher = Matcher(vocab.numbers(1, 8), common[1])
    final = Final((Alternative("five", 0.3),), 0.0, 1.0)
    assert pooled_confidence(final, matcher, Match(3, "three votes", "three votes", 95.0)) == 1.0
    assert pooled_confidence(final, matcher, Match(5, "five", "five", 100.0)) == 0.3
