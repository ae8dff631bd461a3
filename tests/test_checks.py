"""The engine's "I heard X. Is that right?" as a table answers it: each form of yes, no, a
correction in one breath and a command, typed through the dialogue engine (the toy game)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from toygame import ToyGame

from gm.dialog.engine import Engine, Result
from gm.dialog.hearing import TextHearing
from gm.dialog.transcript import Transcript
from gm.state import Record
from gm.steps import Ask, Choice
from gm.vocab import reply


class ConfirmingToy(ToyGame):
    """The toy game whose pick is confirmed every time, and which can also be a free answer."""

    def step(self, state):
        step = super().step(state)
        return (
            replace(step, confirm=True) if isinstance(step, Ask) and step.id == "toy.pick" else step
        )


def play(script: str, speaker, common, game=None):
    lines, commands = common
    transcript = Transcript()
    engine = Engine(
        game or ConfirmingToy(),
        TextHearing(io.StringIO(script)),
        speaker,
        lines,
        commands,
        transcript,
        Record("toy", {}, seed=1),
    )
    return engine.run(), transcript, engine


def decisions(transcript) -> list[str]:
    return [
        e["decision"]
        for e in transcript.of_type("decision")
        if e.get("accepted") and e.get("step") != "confirm"
    ]


@pytest.mark.parametrize(
    "yes",
    [
        "yes",
        "yeah",
        "yep",
        "yup",
        "sure",
        "that's right",
        "correct",
        "exactly",
        "yes please",
        "that's it",
        "Yeah, that's right.",
        "absolutely",
        "three",
    ],
)
def test_every_form_of_yes_confirms(yes, speaker, common):
    _, transcript, _ = play(f"two\nthree\n{yes}\n", speaker, common)
    assert decisions(transcript) == ["2 players", "player 1 took 3"]


@pytest.mark.parametrize(
    "no",
    ["no", "nope", "nah", "not quite", "not really", "that's wrong", "wrong", "no way", "Nope."],
)
def test_every_form_of_no_asks_again(no, speaker, common):
    _, transcript, _ = play(f"two\nthree\n{no}\nfive\nyes\n", speaker, common)
    assert "Okay, please say it again." in speaker.lines
    assert decisions(transcript) == ["2 players", "player 1 took 5"]


@pytest.mark.parametrize(
    "correction",
    [
        "no, five",
        "no five",
        "no, it was five",
        "no, I said five",
        "not quite, it's five",
        "nope, five",
        "five",
        "No, it should be five.",
    ],
)
def test_a_correction_in_one_breath_is_taken(correction, speaker, common):
    _, transcript, _ = play(f"two\nthree\n{correction}\n", speaker, common)
    assert decisions(transcript) == ["2 players", "player 1 took 5"]
    assert "Okay, please say it again." not in speaker.lines


class FreeConfirmingToy(ConfirmingToy):
    """A free answer beside a "double" choice, as Funocracy's word beside "pass"."""

    def step(self, state):
        step = super().step(state)
        if isinstance(step, Ask) and step.id == "toy.pick":
            return replace(step, free=True, choices=step.choices + (Choice("pass", ("pass",)),))
        return step

    def apply(self, state, ask, answer, rng):
        if answer.kind.value == "free":
            return super().apply(
                state,
                ask,
                replace(answer, kind=type(answer.kind)("choice"), value=len(answer.heard)),
                rng,
            )
        return super().apply(state, ask, answer, rng)


def test_in_open_speech_the_words_after_the_no_are_the_answer(speaker, common):
    # "pass", confirmed, corrected: "no, it was a kitten" is the free answer "a kitten"
    _, transcript, engine = play(
        "two\npass\nno, it was a kitten\n", speaker, common, game=FreeConfirmingToy()
    )
    assert "I heard pass. Is that right?" in speaker.lines
    assert decisions(transcript) == ["2 players", f"player 1 took {len('a kitten')}"]


@pytest.mark.parametrize(
    "command,said,asked",
    [
        ("repeat", "I heard three. Is that right?", 2),
        (
            "help",
            "Say yes if I heard it right, or no. You can also say no and the right answer in one "
            "go.",
            1,
        ),
        ("what's the score", "Scores: 0, 0.", 2),
    ],
)
def test_a_command_at_a_check_works_and_comes_back_to_the_question(
    command, said, asked, speaker, common
):
    _, transcript, _ = play(f"two\nthree\n{command}\nyes\n", speaker, common)
    assert said in speaker.lines
    assert speaker.lines.count("I heard three. Is that right?") == asked
    assert decisions(transcript) == ["2 players", "player 1 took 3"]


def test_pause_at_a_check_pauses_then_asks_again(speaker, common):
    _, transcript, _ = play("two\nthree\npause\n[silence 30]\nresume\nyes\n", speaker, common)
    assert "Paused. Say resume when you want to carry on." in speaker.lines
    assert speaker.lines[speaker.lines.index("Resuming.") + 1] == "I heard three. Is that right?"
    assert decisions(transcript) == ["2 players", "player 1 took 3"]


def test_undo_at_a_check_drops_the_answer_and_undoes_the_last_decision(speaker, common):
    _, transcript, engine = play("two\nthree\nundo\n", speaker, common)
    assert "Undone: 2 players." in speaker.lines
    assert engine.record.answers == [] and engine.state.players is None


def test_quit_at_a_check_asks_and_stops(speaker, common):
    result, transcript, _ = play("two\nthree\nquit\nyeah\n", speaker, common)
    assert result is Result.QUIT and decisions(transcript) == ["2 players"]


def test_talk_at_a_check_is_no_answer(speaker, common):
    _, transcript, _ = play(
        "two\nthree\nwell I was thinking of pizza tonight\nyes\n", speaker, common
    )
    assert decisions(transcript) == ["2 players", "player 1 took 3"]


@pytest.mark.parametrize(
    "text,verdict,rest",
    [
        ("no, it was a kitten", False, "a kitten"),
        ("yeah", True, ""),
        ("three for two", None, "three for two"),
        ("not quite, I said five", False, "five"),
        ("that's right", True, ""),
        ("no answer", False, "answer"),
        ("yeah no, two votes", False, "two votes"),  # a yes taken back at once is a no
        ("yes, no wait, two votes", False, "two votes"),
        ("yes, it was four", True, "four"),
    ],
)
def test_reply_reads_the_verdict_and_the_correction(text, verdict, rest):
    assert reply(text) == (verdict, rest)


# ----- the end of a game --------------------------------------------------------------------------


def test_the_last_decision_can_be_undone_after_the_winner_is_announced(speaker, common):
    result, transcript, engine = play(
        "two\nthree\nyes\nfive\nyes\none\nyes\nundo\ntwo\nyes\n", speaker, common
    )
    assert "Game over. Scores: [4, 5]." in speaker.lines  # announced, then undone
    assert "Undone: player 1 took 1." in speaker.lines
    assert speaker.lines[-1] == "Game over. Scores: [5, 5]."
    assert result is Result.OVER and len(transcript.of_type("game_over")) == 1
    assert transcript.of_type("game_over")[0]["state"]["scores"] == [5, 5]


class Crash(Exception):
    pass


class CrashingSpeaker:
    """Dies the first time it is to say `line`, as a power cut would."""

    def __init__(self, inner, line: str) -> None:
        self.inner, self.line, self.crashed = inner, line, False

    def say(self, text: str) -> float:
        if text == self.line and not self.crashed:
            self.crashed = True
            raise Crash
        return self.inner.say(text)

    def tone(self, frequency: float, seconds: float) -> float:
        return seconds


def test_a_crash_before_the_winner_is_announced_announces_it_on_resume(speaker, common, tmp_path):
    from gm.state import SaveStore

    lines, commands = common
    store = SaveStore(tmp_path / "saves")
    record = Record("toy", {}, seed=1)
    crashing = CrashingSpeaker(speaker, "Game over. Scores: [4, 5].")
    engine = Engine(
        ToyGame(),
        TextHearing(io.StringIO("two\nthree\nfive\none\n")),
        crashing,
        lines,
        commands,
        Transcript(),
        record,
        store,
    )
    with pytest.raises(Crash):
        engine.run()
    saved, _ = store.load()
    assert (
        len(saved.answers) == 4 and not saved.finished
    )  # the last decision is saved, the end not yet
    transcript = Transcript()
    again = Engine(
        ToyGame(), TextHearing(io.StringIO("")), speaker, lines, commands, transcript, saved, store
    )
    assert again.run(resumed=True) is Result.OVER
    assert speaker.lines[-1] == "Game over. Scores: [4, 5]."
    assert transcript.of_type("game_over") and store.load()[0].finished


class TokenToy(ToyGame):
    """The toy game whose picks move a token, put back on undo."""

    def apply(self, state, ask, answer, rng):
        outcome = super().apply(state, ask, answer, rng)
        return (
            replace(outcome, put_back="Put one token back on the pile.")
            if ask.id == "toy.pick"
            else outcome
        )


def test_an_undo_says_what_to_put_back(speaker, common, tmp_path):
    from gm.state import SaveStore

    store = SaveStore(tmp_path / "saves")
    lines, commands = common
    engine = Engine(
        TokenToy(),
        TextHearing(io.StringIO("two\nthree\n")),
        speaker,
        lines,
        commands,
        Transcript(),
        Record("toy", {}, seed=1),
        store,
    )
    engine.run()
    resumed = Engine(
        TokenToy(),
        TextHearing(io.StringIO("undo\nundo\n")),
        speaker,
        lines,
        commands,
        Transcript(),
        store.load()[0],
        store,
    )
    resumed.run(resumed=True)  # the saved game remembers what to put back
    undone = speaker.lines.index("Undone: player 1 took 3.")
    assert speaker.lines[undone + 1] == "Put one token back on the pile."
    assert "Undone: 2 players." in speaker.lines
