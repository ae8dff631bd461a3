"""The dialogue engine with fake ports (typed input, a recording speaker) and a virtual clock."""

from __future__ import annotations

import io
import json
import shutil
from dataclasses import dataclass, replace

import pytest
from toygame import ToyGame

from gm import vocab
from gm.dialog.engine import Engine, EngineConfig, Result, rebuild
from gm.dialog.hearing import AudioHearing, TextHearing
from gm.dialog.transcript import Transcript
from gm.speech.audio import WavSource, write_wav
from gm.speech.base import Alternative, Final, SpeechStarted
from gm.state import Record, SaveStore
from gm.steps import Answer, AnswerKind, Ask, End, Outcome


def play(
    script: str,
    speaker,
    common,
    game=None,
    record=None,
    store=None,
    config=EngineConfig(),
    hearing=TextHearing,
):
    lines, commands = common
    game = game or ToyGame()
    record = record or Record(game.id, {}, seed=1)
    transcript = Transcript()
    engine = Engine(
        game,
        hearing(io.StringIO(script)),
        speaker,
        lines,
        commands,
        transcript,
        record,
        store,
        config,
    )
    return engine.run(), transcript, engine


def decisions(transcript):
    return [
        e["decision"]
        for e in transcript.of_type("decision")
        if e.get("accepted") and e.get("step") != "confirm"
    ]


def test_a_whole_game_from_typed_answers(speaker, common):
    result, transcript, engine = play("three\ntwo\nfive\none\n", speaker, common)
    assert result is Result.OVER
    assert decisions(transcript) == [
        "3 players",
        "player 1 took 2",
        "player 2 took 5",
        "player 3 took 1",
    ]
    over = transcript.of_type("game_over")[0]
    assert over["winners"] == [2] and over["state"]["scores"] == [2, 5, 1]
    assert all({"t", "type"} <= set(e) for e in transcript.events)
    times = [e["t"] for e in transcript.events]
    assert times == sorted(times)


def test_numbers_as_digits_and_sound_alikes(speaker, common):
    _, transcript, _ = play("3\nto\nfor\none\nfive\n", speaker, common)
    assert decisions(transcript)[:2] == ["3 players", "player 1 took 2"]
    assert "Four is not allowed. Pick another." in speaker.lines  # "for" read as four, refused


def test_refused_answer_is_not_recorded_and_asked_again(speaker, common):
    _, transcript, engine = play("two\nfour\nthree\n", speaker, common)
    assert decisions(transcript) == ["2 players", "player 1 took 3"]
    refused = [e for e in transcript.of_type("decision") if e.get("accepted") is False]
    assert refused and refused[0]["decision"] == "four refused"


def test_undo_reverts_the_last_decision_and_says_what(speaker, common):
    _, transcript, engine = play(
        "two\nfive\nundo\none\nthree\nundo\nundo\nundo\nundo\n", speaker, common
    )
    assert "Undone: player 1 took 5." in speaker.lines
    assert "Undone: player 2 took 3." in speaker.lines
    assert "There's nothing to undo yet." in speaker.lines
    assert engine.record.answers == []
    assert engine.state.players is None


def test_repeat_help_score_and_skip(speaker, common):
    _, transcript, engine = play("two\nrepeat\nhelp\nscore\nskip\n", speaker, common)
    assert speaker.lines.count("Round 1. Player 1, pick a number from one to five.") == 2
    assert any(l.startswith("You can say a number from one to five.") for l in speaker.lines)
    assert "Scores: 0, 0." in speaker.lines
    assert "Skipped." in speaker.lines and engine.state.round == 2


def test_skip_where_nothing_can_be_skipped(speaker, common):
    """Said with what can be said instead, where the ask says it."""
    play("next question\n", speaker, common)
    assert any(
        line.startswith("There's nothing to skip right now. You can say ") for line in speaker.lines
    ), speaker.lines


def test_no_match_says_sorry_and_what_is_expected(speaker, common):
    _, transcript, engine = play("two\nbanana bread\n", speaker, common)
    assert "Sorry, I didn't catch that. You can say a number from one to five." in speaker.lines
    assert len(engine.record.answers) == 1


def test_silence_gets_two_clearer_reprompts_then_quiet(speaker, common):
    result, transcript, engine = play("two\n[silence 120]\nthree\n", speaker, common)
    reprompts = [l for l in speaker.lines if "still listening" in l or "Take your time" in l]
    assert len(reprompts) == 2
    assert result is Result.INPUT_ENDED
    assert decisions(transcript) == ["2 players", "player 1 took 3"]  # silence never ended the game


def test_quit_asks_to_confirm(speaker, common):
    result, _, _ = play("two\nquit\nno\nquit\nyes\n", speaker, common)
    assert "Okay, we keep playing." in speaker.lines
    assert result is Result.QUIT


@dataclass(frozen=True)
class TimedState:
    answered: tuple[str, ...] = ()
    turns: int = 0


class TimedGame:
    """Answer before the countdown ends, twice."""

    id = "timed"
    title = "Timed"

    def new(self, options, rng):
        return TimedState()

    def step(self, state):
        if state.turns == 2:
            return End(("Done.",))
        return Ask(
            "timed.answer",
            ("Go!",),
            vocab.yes_no(),
            timeout=25,
            countdown=True,
            expected="yes or no",
        )

    def apply(self, state, ask, answer, rng):
        label = "timeout" if answer.kind is AnswerKind.TIMEOUT else str(answer.value)
        return Outcome(
            replace(state, answered=state.answered + (label,), turns=state.turns + 1), (), label
        )

    def public(self, state):
        return {"answered": list(state.answered)}

    def score(self, state):
        return ("No score.",)


def test_countdown_warns_beeps_and_times_out(speaker, common):
    _, transcript, engine = play("[silence 30]\nyes\n", speaker, common, game=TimedGame())
    assert engine.state.answered == ("timeout", "True")
    assert "Ten seconds." in speaker.lines and "Time!" in speaker.lines
    assert len(speaker.tones) == 5
    listen = transcript.of_type("listen")[0]
    timeout_at = [e for e in transcript.of_type("say") if e["text"] == "Time!"][0]["t"]
    assert (
        abs(timeout_at - listen["deadline"]) <= 0.1
    )  # the clock of the input keeps the 25 seconds


def test_pause_stops_the_countdown(speaker, common):
    _, transcript, engine = play(
        "[silence 5]\npause\n[silence 60]\nresume\n[silence 12]\nno\n",
        speaker,
        common,
        game=TimedGame(),
    )
    assert engine.state.answered[0] == "False"  # 5 + 12 seconds of play: still inside 25
    assert "Paused. Say resume when you want to carry on." in speaker.lines


class TurnGame(TimedGame):
    """Each turn's asks share one deadline, and gm says the time it gives."""

    def step(self, state):
        if state.turns == 2:
            return End(("Done.",))
        return Ask(
            "timed.answer",
            ("Go!",),
            vocab.yes_no(),
            timeout=25,
            countdown=True,
            expected="yes or no",
            deadline=f"turn.{state.turns}",
            time_line="You have {seconds}.",
        )


class RefusingTurnGame(TurnGame):
    """A turn whose ask says it is new, says so again on a repeat, and refuses "no"."""

    def step(self, state):
        ask = super().step(state)
        if isinstance(ask, End):
            return ask
        return replace(ask, say=("A new turn!",), again=("Still your turn.",))

    def apply(self, state, ask, answer, rng):
        if answer.kind is AnswerKind.CHOICE and answer.value is False:
            return Outcome(state, ("Not no.",), accepted=False)
        return super().apply(state, ask, answer, rng)


def test_a_refused_answer_inside_a_turn_goes_on_with_the_turn(speaker, common):
    _, _, engine = play("no\nyes\n", speaker, common, game=RefusingTurnGame())
    refused = speaker.lines.index("Not no.")
    assert speaker.lines[refused + 1] == "Still your turn."  # not "A new turn!" again
    assert engine.state.answered == ("True",)


def test_a_refused_answer_elsewhere_hears_the_ask_again_as_it_was(speaker, common):
    _, _, engine = play("two\nfour\nthree\n", speaker, common)
    refused = speaker.lines.index("Four is not allowed. Pick another.")
    assert speaker.lines[refused + 1] == speaker.lines[refused - 1]  # the ask's own line
    assert speaker.lines[refused + 1].startswith("Round 1. Player 1, pick")


def test_an_undone_time_out_gets_its_full_time_again(speaker, common):
    _, transcript, engine = play(
        "[silence 30]\nundo\n[silence 20]\nyes\nno\n", speaker, common, game=TurnGame()
    )
    assert engine.state.answered == ("True", "False")  # the turn's old deadline did not come back
    assert (
        speaker.lines.count("You have twenty five seconds.") == 4
    )  # turn 1, turn 2, turn 1 again, turn 2
    assert speaker.lines.count("Time!") == 1


def test_after_a_pause_gm_says_the_time_really_left(speaker, common):
    _, transcript, engine = play(
        "[silence 9]\npause\n[silence 60]\nresume\n[silence 12]\nyes\nno\n",
        speaker,
        common,
        game=TurnGame(),
    )
    assert engine.state.answered == ("True", "False")
    said = [l for l in speaker.lines if l.startswith("You have")]
    # 25 s less the 9 s of silence, the 0.3 s echo tail and the 1.7 s "pause" took to say and end,
    # plus the second given back after gm's lines (EngineConfig.understood)
    assert said[:2] == ["You have twenty five seconds.", "You have fifteen seconds."]


class VocabularyLog(TextHearing):
    """Typed input that keeps every vocabulary the engine listens with."""

    def __init__(self, lines):
        super().__init__(lines)
        self.vocabularies = []

    def listen_for(self, vocabulary):
        self.vocabularies.append(vocabulary)
        super().listen_for(vocabulary)


def test_what_is_not_heard_while_paused_is_told_the_game_is_paused(speaker, common):
    # the first time, what can be said; after it, that the game is paused (not a bare "Sorry,
    # say it again." for every shout a table makes, not knowing why it is not taken)
    play("pause\nfive\nresume\npause\nfive\nfive\nresume\nfive\n", speaker, common)
    paused = "Paused. Say resume when you want to carry on."
    assert "Sorry, I didn't catch that. You can say resume, repeat, what's the score, or quit." in (
        speaker.lines
    )
    assert "Sorry, say it again." not in speaker.lines
    assert speaker.lines.count(paused) == 4  # two pauses, and the two fives in the second


def test_resume_is_listened_for_only_while_paused(speaker, common):
    from gm.dialog.intents import Command

    lines, commands = common
    hearing = VocabularyLog(io.StringIO("two\ngo on\npause\ngo on\nfive\n"))
    game, transcript = ToyGame(), Transcript()
    engine = Engine(
        game, hearing, speaker, lines, commands, transcript, Record(game.id, {}, seed=1)
    )
    engine.run()
    resume = set(commands[Command.RESUME])
    paused = [v for v in hearing.vocabularies if resume & set(v.phrases)]
    assert [set(v.phrases) for v in paused] == [
        set().union(*(commands[c] for c in (Command.RESUME, Command.QUIT, Command.HELP)))
        | set(commands[Command.REPEAT])
        | set(commands[Command.SCORE])
    ]
    asking = [v for v in hearing.vocabularies if v not in paused]
    assert asking and all(set(commands[Command.PAUSE]) <= set(v.phrases) for v in asking)
    # "go on" during a question is no command (it was a silent no-op, and took the place of "one");
    # while paused it resumes, and the game goes on
    assert "Paused. Say resume when you want to carry on." in speaker.lines
    assert decisions(transcript) == ["2 players", "player 1 took 5"]


def test_what_people_say_to_each_other_is_no_command(speaker, common):
    # "hold on", "what was that", "cancel that" are said across the table far more often than to
    # gm, and were the commands most often taken wrongly from talk (BENCHMARKS.md): not commands
    _, commands = common
    talk = (
        "hold on",
        "wait a minute",
        "what was that",
        "what can i say",
        "cancel that",
        "undo that",
    )
    assert not {p for phrases in commands.values() for p in phrases} & set(talk)
    _, transcript, _ = play("two\n" + "\n".join(talk) + "\nfive\n", speaker, common)
    assert not [s for s in speaker.lines if s.startswith(("Paused", "Undone"))]
    assert decisions(transcript) == ["2 players", "player 1 took 5"]


class ConfirmingToy(ToyGame):
    def step(self, state):
        step = super().step(state)
        return (
            replace(step, confirm=True) if isinstance(step, Ask) and step.id == "toy.pick" else step
        )


def test_confirmation_of_a_costly_answer(speaker, common):
    _, transcript, engine = play(
        "two\nthree\nno\nfive\nyes\n", speaker, common, game=ConfirmingToy()
    )
    assert "I heard three. Is that right?" in speaker.lines
    assert "Okay, please say it again." in speaker.lines
    assert decisions(transcript) == ["2 players", "player 1 took 5"]


def test_saved_after_every_decision_and_resumed_exactly(speaker, common, tmp_path):
    store = SaveStore(tmp_path / "saves")
    result, _, first = play("two\ndouble\nthree\n", speaker, common, store=store)
    assert result is Result.INPUT_ENDED
    record, warning = store.load()
    assert warning is None and len(record.answers) == 3 and not record.finished
    _, transcript, second = play("one\n", speaker, common, record=record, store=store)
    assert second.state.rolled[:2] == first.state.rolled  # the seeded dice replay identically
    assert transcript.of_type("game_over")
    assert store.load()[0].finished


def test_rebuild_refuses_a_save_that_does_not_fit(common):
    record = Record("toy", {}, 1, [{"step": "toy.pick", "answer": {"kind": "choice", "value": 2}}])
    with pytest.raises(Exception, match="does not fit"):
        rebuild(ToyGame(), record)


def test_transcript_file_is_written_line_by_line(speaker, common, tmp_path):
    path = tmp_path / "t.jsonl"
    lines, commands = common
    transcript = Transcript()
    with open(path, "w") as stream:
        transcript.to_stream(stream)
        Engine(
            ToyGame(),
            TextHearing(io.StringIO("two\n")),
            speaker,
            lines,
            commands,
            transcript,
            Record("toy", {}, 1),
        ).run()
        written = [json.loads(l) for l in path.read_text().splitlines()]
    assert [e["type"] for e in written] == [e["type"] for e in transcript.events]
    assert {e["type"] for e in written} >= {"say", "heard", "listen", "decision", "state"}


class ChunkLog:
    """A fake Recognizer port that remembers which audio it was fed."""

    name = "log"

    def __init__(self):
        self.fed: list[float] = []

    def set_vocabulary(self, vocabulary):
        pass

    def feed(self, chunk):
        self.fed.append(chunk.start)
        return []

    def flush(self):
        return []

    def reset(self):
        pass


def test_half_duplex_drops_the_tail_after_speaking(tmp_path):
    path = tmp_path / "silence.wav"
    write_wav(path, b"\0\0" * 16000 * 3)
    recognizer = ChunkLog()
    hearing = AudioHearing(WavSource(path), recognizer)
    hearing.poll()
    hearing.drop(0.5)  # gm just spoke
    hearing.poll()
    assert recognizer.fed[0] == 0.0
    assert recognizer.fed[1] >= 0.6  # nothing between 0.1 and 0.6 s was ever recognised


def test_an_answer_said_to_the_very_end_of_a_recording_is_heard(tmp_path):
    """A WAV that stops while the player is still speaking (no silence after the word): what
    the recogniser holds is flushed when the input ends, before the end is told."""
    from gm.dialog.hearing import EndOfInput
    from gm.speech.asr.sphinx import SphinxRecognizer
    from gm.speech.base import Vocabulary
    from gm.speech.synth import silence, synthesize

    path = tmp_path / "cut.wav"
    write_wav(path, silence(0.5) + synthesize("three", "en-us", 160))
    recognizer = SphinxRecognizer()
    recognizer.set_vocabulary(Vocabulary(("one", "two", "three")))
    hearing = AudioHearing(WavSource(path), recognizer)
    heard = []
    with pytest.raises(EndOfInput):
        while True:
            heard += [e.text for e in hearing.poll() if isinstance(e, Final)]
    assert heard == ["three"]


class FlakyMicrophone:
    """A fake AudioSource port: silence, then the device vanishes for a while, then returns."""

    def __init__(self, lost_at: float, tries: int):
        self.now = 0.0
        self.lost_at = lost_at
        self.tries_left = tries
        self.lost = False

    def read(self):
        from gm.speech.base import AudioChunk, DeviceLost

        if self.now >= 60:
            return None
        if not self.lost and self.lost_at is not None and self.now >= self.lost_at:
            self.lost, self.lost_at = True, None
        if self.lost:
            raise DeviceLost("gone")
        chunk = AudioChunk(b"\0\0" * 1600, self.now)
        self.now += 0.1
        return chunk

    def reopen(self):
        self.tries_left -= 1
        if self.tries_left > 0:
            return False
        self.lost = False
        return True

    def flush(self):
        pass

    def close(self):
        pass


class Transcriber(ChunkLog):
    """A fake Recognizer port that hears "two" once the game has run for a while."""

    def feed(self, chunk):
        super().feed(chunk)
        if abs(chunk.start - 30.0) < 0.05:
            return [SpeechStarted(30.0), Final((Alternative("two", 0.9),), 30.0, 30.5)]
        return []


def test_microphone_lost_pauses_says_so_and_carries_on(speaker, common, tmp_path):
    lines, commands = common
    store = SaveStore(tmp_path)
    source = FlakyMicrophone(lost_at=3.0, tries=3)
    engine = Engine(
        ToyGame(),
        AudioHearing(source, Transcriber()),
        speaker,
        lines,
        commands,
        Transcript(),
        Record("toy", {}, 1),
        store,
    )
    result = engine.run()
    assert result is Result.INPUT_ENDED
    assert any("can't hear the microphone" in l for l in speaker.lines)
    assert "The microphone is back." in speaker.lines
    assert source.tries_left == 0
    assert engine.record.answers and engine.record.answers[0]["decision"] == "2 players"
    assert store.load()[0].answers == engine.record.answers


class Doubtful(TextHearing):
    """Typed input whose recogniser is unsure of every word."""

    def poll(self):
        return [
            Final(tuple(Alternative(a.text, 0.3) for a in e.alternatives), e.start, e.end)
            if isinstance(e, Final)
            else e
            for e in super().poll()
        ]


def play_doubtful(script: str, speaker, common) -> Transcript:
    """The toy game on typed `script`, every word heard with a confidence of 0.3."""
    lines, commands = common
    transcript = Transcript()
    Engine(
        ToyGame(),
        Doubtful(io.StringIO(script)),
        speaker,
        lines,
        commands,
        transcript,
        Record("toy", {}, 1),
    ).run()
    return transcript


def test_a_doubtful_recognition_is_confirmed_first(speaker, common):
    transcript = play_doubtful("two\nno\nthree\nyes\n", speaker, common)
    assert "I heard two. Is that right?" in speaker.lines
    assert "Okay, please say it again." in speaker.lines
    assert decisions(transcript) == ["3 players"]


def test_a_question_nobody_answers_is_dropped_and_the_table_told_in_one_line(speaker, common):
    # gm asked about something it heard in talk: the table talks on, so after one reprompt and as
    # long again of quiet gm stops asking, says in one short line that it took nothing (a player
    # who meant it knows to say it again), and listens for the answer again.
    transcript = play_doubtful("two\n[silence 18]\nthree\nyes\n", speaker, common)
    asked = speaker.lines.index("I heard two. Is that right?")
    assert speaker.lines[asked + 1 : asked + 3] == [
        "I'm still listening. You can say yes or no.",
        "I didn't take that.",
    ]
    assert [l for l in speaker.lines if "yes or no" in l] == [
        "I'm still listening. You can say yes or no."
    ]
    assert "Okay, please say it again." not in speaker.lines
    unanswered = [
        e for e in transcript.events if e["type"] == "decision" and e.get("step") == "confirm"
    ]
    assert unanswered[0]["answer"] is None and not unanswered[0]["accepted"]
    assert decisions(transcript) == ["3 players"]


class NoisyTable(TextHearing):
    """Typed input heard in a room that is not quiet (Final.noisy)."""

    def poll(self):
        return [replace(e, noisy=True) if isinstance(e, Final) else e for e in super().poll()]


def test_in_a_noisy_room_an_undo_is_confirmed_first_and_answers_and_repeat_are_not(speaker, common):
    # On the corpus every undo heard in noise was talk or noise taken for it, and it takes back an
    # answer: so in a room that is not quiet gm asks first. Answers and "repeat" are carried out.
    lines, commands = common
    transcript = Transcript()
    script = "two\nfive\nundo\nno\nrepeat\nundo\nyes\none\nthree\n"
    Engine(
        ToyGame(),
        NoisyTable(io.StringIO(script)),
        speaker,
        lines,
        commands,
        transcript,
        Record("toy", {}, 1),
    ).run()
    assert speaker.lines.count("Did you mean undo?") == 2
    assert not any(
        line.startswith(("I heard two", "I heard five", "I heard repeat")) for line in speaker.lines
    )
    cancelled = speaker.lines.index(
        "Okay, carrying on."
    )  # the "no": nothing undone; then the "repeat"
    assert speaker.lines[cancelled + 1] == "Round 2. Player 2, pick a number from one to five."
    assert decisions(transcript) == [
        "2 players",
        "player 1 took 5",
        "player 1 took 1",
        "player 2 took 3",
    ]
    undos = [e for e in transcript.of_type("decision") if e.get("kind") == "undo"]
    assert [e["decision"] for e in undos] == ["player 1 took 5"]


def test_a_quit_nobody_confirms_goes_on_with_the_game(speaker, common):
    result, transcript, engine = play("two\nquit\n[silence 18]\nthree\n", speaker, common)
    assert "Okay, we keep playing." in speaker.lines
    assert decisions(transcript) == ["2 players", "player 1 took 3"]


class OffTheVoice(TextHearing):
    """Typed input whose words the recogniser placed beside the loudest sound (Final.stands 1 dB):
    music or talk it forced a phrase onto."""

    def poll(self):
        return [
            replace(e, stands=1.0) if isinstance(e, Final) and e.text != "three" else e
            for e in super().poll()
        ]


class OffTheVoiceInNoise(NoisyTable, OffTheVoice):
    """OffTheVoice, heard in a room that is not quiet."""


def test_noise_taken_for_a_phrase_is_ignored_without_a_word(speaker, common):
    # A drum beat heard as "undo", talk heard as "repeat", in a room that is not quiet: nobody spoke
    # to gm, so no "sorry" either.
    _, transcript, _ = play("undo\nrepeat\nthree\n", speaker, common, hearing=OffTheVoiceInNoise)
    assert decisions(transcript) == ["3 players"]
    assert not any("didn't catch" in line or line.startswith("I heard") for line in speaker.lines)
    assert [e["stands"] for e in transcript.of_type("heard")] == [1.0, 1.0, None]


def test_a_phrase_beside_the_voice_in_a_quiet_room_gets_one_sorry_a_question(speaker, common):
    # In a quiet room someone said something else ("challenge" heard as "repeat" on its quiet
    # start):
    # nothing is carried out, and gm says once that it did not catch it, as for sound it could not
    # place.
    lines, commands = common
    transcript = Transcript()
    Engine(
        ToyGame(),
        OffTheVoice(
            io.StringIO("undo\n[silence 30]\nrepeat\nthree\nrepeat\n[silence 3]\nundo\nthree\n")
        ),
        speaker,
        lines,
        commands,
        transcript,
        Record("toy", {}, 1),
    ).run()
    assert decisions(transcript) == ["3 players", "player 1 took 3"]
    assert not any(line.startswith("I heard") for line in speaker.lines)
    sorry = [e["t"] for e in transcript.of_type("say") if "didn't catch" in e["text"]]
    assert (
        len(sorry) == 2
        and sorry[0] < [e["t"] for e in transcript.of_type("decision")][0] < sorry[1]
    )


class Mumbling(TextHearing):
    """Typed input where "mumble" is a second of sound the recogniser could not place."""

    def poll(self):
        return [
            Final((), e.start, e.end) if isinstance(e, Final) and e.text == "mumble" else e
            for e in super().poll()
        ]


def test_one_sorry_a_question_for_sound_gm_could_not_place(speaker, common):
    # While the table talks among itself every scrap of talk is such a mumble: one "sorry" a
    # question, then gm waits quietly; the next question may have its own.
    lines, commands = common
    transcript = Transcript()
    script = (
        "mumble\n[silence 30]\nmumble\n[silence 30]\nmumble\nthree\n"
        "mumble\n[silence 30]\nmumble\ntwo\n"
    )
    Engine(
        ToyGame(),
        Mumbling(io.StringIO(script)),
        speaker,
        lines,
        commands,
        transcript,
        Record("toy", {}, 1),
    ).run()
    assert decisions(transcript) == ["3 players", "player 1 took 2"]
    sorry = [e["t"] for e in transcript.of_type("say") if "didn't catch" in e["text"]]
    assert len(sorry) == 2 and sorry[1] > [e["t"] for e in transcript.of_type("decision")][0]


def test_in_a_countdown_sorry_is_brief_and_costs_the_turn_no_time(speaker, common):
    # A long "Sorry, I didn't catch that. You can say ..." inside a 25-second turn is a line the
    # player talks over: in a countdown gm says only "Sorry, say it again.", and the clock stops
    # while it does. Outside one the long line says what can be said.
    script = "[silence 3]\nmumble\n[silence 20]\nyes\n[silence 30]\n"
    _, transcript, _ = play(script, speaker, common, game=TimedGame(), hearing=Mumbling)
    sorry = [e for e in transcript.of_type("say") if e["text"].startswith("Sorry")]
    assert [e["text"] for e in sorry] == ["Sorry, say it again."]
    answered = [e for e in transcript.of_type("decision")]
    assert [e["decision"] for e in answered] == ["True", "timeout"]  # 23 s of play: in time
    first, again = transcript.of_type("listen")[:2]
    assert again["deadline"] - sorry[0]["end"] == pytest.approx(
        first["deadline"] - sorry[0]["t"] + EngineConfig().understood, abs=0.01
    )


def test_in_a_countdown_help_says_what_the_turn_takes_and_how_to_stop_the_clock(speaker, common):
    # The whole game's commands (repeat, the score, take that back, pause, quit) after what the
    # turn takes made a 17-second line inside a 25-second turn; in a countdown help is the turn's
    # own answers and how to stop the clock, and the clock stops while gm says it.
    script = "[silence 3]\nhelp\n[silence 20]\nyes\n[silence 30]\n"
    _, transcript, _ = play(script, speaker, common, game=TimedGame())
    helped = [e for e in transcript.of_type("say") if e["text"].startswith("You can say")]
    assert [e["text"] for e in helped] == ["You can say yes or no. Pause stops the clock."]
    assert [e["decision"] for e in transcript.of_type("decision")] == ["True", "timeout"]


class NoisyRoom(TextHearing):
    """Typed input heard as if the endpointer ran on through 4 s of noise after each utterance;
    `said`: how long the recogniser says the words took (None: it could not tell)."""

    def __init__(self, stream, said):
        super().__init__(stream)
        self.said = said

    def poll(self):
        return [
            Final(e.alternatives, e.start, e.start + 4.0, self.said) if isinstance(e, Final) else e
            for e in super().poll()
        ]


@pytest.mark.parametrize("said,decided", [(0.4, ["2 players"]), (None, [])])
def test_an_answer_is_as_long_as_its_words_where_the_recogniser_knows(
    speaker, common, said, decided
):
    lines, commands = common
    transcript = Transcript()
    Engine(
        ToyGame(),
        NoisyRoom(io.StringIO("two\n"), said),
        speaker,
        lines,
        commands,
        transcript,
        Record("toy", {}, 1),
    ).run()
    assert decisions(transcript) == decided  # four seconds of "two" is chatter, 0.4 s is not
    heard = transcript.of_type("heard")[0]
    assert heard["said"] == said and heard["end"] - heard["start"] == pytest.approx(4.0)


class Guessing(TextHearing):
    """Typed input whose recogniser adds a command as a lower guess to every utterance."""

    def poll(self):
        return [
            Final(e.alternatives + (Alternative("exit", 0.1),), e.start, e.end)
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
            answer = Answer(AnswerKind.CHOICE, len(answer.value[0].split()), answer.heard)
        return super().apply(state, ask, answer, rng)


def test_in_open_speech_a_lower_guess_is_never_a_command(speaker, common):
    lines, commands = common
    transcript = Transcript()
    engine = Engine(
        FreeToy(),
        Guessing(io.StringIO("two\nstairs\n")),
        speaker,
        lines,
        commands,
        transcript,
        Record("toy", {}, 1),
    )
    assert engine.run() is Result.INPUT_ENDED
    assert "Do you really want to stop the game? Say yes or no." not in speaker.lines
    assert decisions(transcript) == ["2 players", "player 1 took 1"]


def test_a_save_the_system_refuses_is_told_as_permissions_not_a_full_disk(
    speaker, common, tmp_path, monkeypatch
):
    """The real store, whose atomic rename the system refuses (EPERM, as with 'chattr +i' on the
    folder: root passes chmod, so the refusal is made where the store calls the system)."""
    import os

    store = SaveStore(tmp_path / "saves")
    real = os.replace
    refused = {"on": False}

    def replace_file(src, dst):
        if refused["on"]:
            raise PermissionError(1, "Operation not permitted")
        return real(src, dst)

    monkeypatch.setattr(os, "replace", replace_file)

    def typed():
        yield "two\n"  # saved
        refused["on"] = True
        yield "three\n"  # refused: asked again
        refused["on"] = False
        yield "three\n"
        yield "one\n"
        yield "five\n"

    lines, _ = common
    play("", speaker, common, store=store, hearing=lambda _: TextHearing(typed()))
    assert speaker.lines.count(lines("save_denied")) == 1
    assert lines("save_failed") not in speaker.lines
    assert "writable" in lines("save_denied")


def test_a_decision_that_cannot_be_saved_is_not_taken_and_said_each_time(speaker, common, tmp_path):
    folder = tmp_path / "saves"
    store = SaveStore(folder)

    def typed():
        yield "two\n"  # saved
        shutil.rmtree(folder)
        folder.write_text("the disk is gone")  # from here on the save folder cannot be made
        yield "three\n"  # not taken: asked again
        yield "three\n"  # not taken either
        folder.unlink()  # the disk is back
        yield "three\n"
        yield "one\n"
        yield "five\n"

    lines, commands = common
    transcript = Transcript()
    engine = Engine(
        ToyGame(),
        TextHearing(typed()),
        speaker,
        lines,
        commands,
        transcript,
        Record("toy", {}, 1),
        store,
    )
    assert engine.run() is Result.OVER
    assert speaker.lines.count(lines("save_failed")) == 2  # each failed save, said
    assert speaker.lines.count(lines("save_works")) == 1
    assert len(transcript.of_type("save_failed")) == 2
    taken = [e["decision"] for e in transcript.of_type("decision") if e.get("accepted")]
    assert len(taken) == 4  # the two refused saves took no decision
    saved = store.load()[0]
    assert [a["decision"] for a in saved.answers] == taken and saved.finished


class Passing:
    """A fake Speaker port that passes every line, tone and sound to `inner` (the recording
    speaker); the fakes below each add one of the port's optional parts to it."""

    def __init__(self, inner) -> None:
        self.inner = inner

    def say(self, text: str) -> float:
        return self.inner.say(text)

    def tone(self, frequency: float, seconds: float) -> float:
        return self.inner.tone(frequency, seconds)

    def play(self, audio: bytes) -> float:
        return self.inner.play(audio)

    def close(self) -> None:
        pass


class StoppedSpeaker(Passing):
    """A fake speaker that hears the table while it speaks (the port's optional `stopped_by`):
    the line that starts with a key of `words` is stopped by that word, once."""

    def __init__(self, inner, words: dict[str, str]) -> None:
        super().__init__(inner)
        self.words = dict(words)
        self._stopped: str | None = None

    def say(self, text: str) -> float:
        self._stopped = next((w for k, w in self.words.items() if text.startswith(k)), None)
        self.words = {k: w for k, w in self.words.items() if not text.startswith(k)}
        return self.inner.say(text)

    def stopped_by(self) -> str | None:
        return self._stopped


def test_a_word_said_over_gms_voice_stops_its_lines_and_gm_listens(speaker, common):
    """ "stop" (or "wait"): gm stops talking, says nothing more until it has listened (the seats,
    the question), and listens; the word itself is no command."""
    stopping = StoppedSpeaker(speaker, {"Welcome": "stop"})
    _, transcript, _ = play("three\n", stopping, common)
    said = transcript.of_type("say")
    assert said[0]["text"].startswith("Welcome") and said[0]["stopped_by"] == "stop"
    assert said[1]["text"] == "3 players."  # what was heard, once gm had listened
    assert transcript.of_type("listen")[0]["t"] < said[1]["t"]
    assert not [e for e in transcript.of_type("heard") if e.get("barge_in")]
    assert decisions(transcript)[0] == "3 players"


def test_repeat_said_over_gms_voice_says_the_line_again(speaker, common):
    stopping = StoppedSpeaker(speaker, {"How many": "repeat"})
    play("three\n", stopping, common)
    assert speaker.lines.count("How many players?") == 2
    assert "How many players?" in speaker.lines[-3:]  # again right away, not after the next ask


def test_pause_said_over_gms_voice_pauses_the_game(speaker, common):
    stopping = StoppedSpeaker(speaker, {"How many": "pause"})
    _, transcript, _ = play("resume\nthree\n", stopping, common)
    heard = [e for e in transcript.of_type("heard") if e.get("barge_in")]
    assert [e["intent"] for e in heard] == ["command:pause"]
    assert [e["step"] for e in transcript.of_type("listen")][:2] == ["toy.players", "paused"]
    assert decisions(transcript)[0] == "3 players"


def test_a_tap_may_send_each_answer_and_command_and_a_skip_only_where_the_ask_can_be_skipped():
    from gm.dialog.engine import _offers
    from gm.dialog.intents import Command, Matcher
    from gm.steps import Choice

    matcher = Matcher(
        (Choice(2, ("two", "number two")),), {Command.SKIP: ("skip",), Command.UNDO: ("undo",)}
    )
    two = {"phrase": "two", "value": 2}
    undo = {"phrase": "undo", "value": None, "command": "undo"}
    assert _offers(matcher, True) == [
        two,
        {"phrase": "skip", "value": None, "command": "skip"},
        undo,
    ]
    assert _offers(matcher, False) == [two, undo]
