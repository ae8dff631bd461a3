"""A small game from a WAV of synthesised speech and silences, through the real PocketSphinx."""

from __future__ import annotations

import pytest
from toygame import ToyGame

from gm.dialog.engine import Engine, Result
from gm.dialog.hearing import AudioHearing
from gm.dialog.transcript import Transcript
from gm.speech.asr import open_recognizer
from gm.speech.audio import WavSource
from gm.speech.synth import Silence, Utterance, write
from gm.state import Record, SaveStore

# The toy game's recording decides these, an undo among them (written by hand)
DECIDED = [
    (None, "3 players"),
    (None, "player 1 took 2"),
    ("undo", "player 1 took 2"),
    (None, "player 1 took 5"),
    (None, "player 2 took 1"),
    (None, "player 3 took 3"),
]


@pytest.fixture(scope="module")
def sphinx():
    return open_recognizer("sphinx")


def play_wav(path, speaker, common, recognizer, store=None):
    lines, commands = common
    transcript = Transcript()
    engine = Engine(
        ToyGame(),
        AudioHearing(WavSource(path), recognizer),
        speaker,
        lines,
        commands,
        transcript,
        Record("toy", {}, seed=3),
        store,
    )
    return engine.run(), transcript, engine


def test_a_small_game_from_a_wav_file(tmp_path, speaker, common, sphinx):
    wav = write(
        tmp_path / "toy.wav",
        [
            Utterance("three"),
            Silence(1.5),
            Silence(10.0),  # nobody answers player one: a reprompt
            Utterance("two", "en-gb"),
            Silence(1.5),
            Utterance("undo"),
            Silence(1.5),
            # Sayings PocketSphinx hears at once whatever resamples the voice: en-gb-x-rp's "five"
            # at 150 to 170 words a minute (en-gb's it heard as "pardon", a repeat, at 150, and at
            # 160 too since soxr does); "one" at 170 (slower it doubts it in three voices, and gm
            # asks first, which a WAV cannot answer).
            Utterance("five", "en-gb-x-rp"),
            Silence(1.5),
            Utterance("one", "en-us+f3", 170),
            Silence(1.5),
            Utterance("three", "en-gb-scotland", 140),
            Silence(1.5),
        ],
    )
    result, transcript, engine = play_wav(wav, speaker, common, sphinx, SaveStore(tmp_path / "s"))
    decided = [
        (e.get("kind"), e["decision"])
        for e in transcript.of_type("decision")
        if e.get("step") != "confirm"
    ]
    assert decided == DECIDED
    assert any("still listening" in l for l in speaker.lines)  # the reprompt
    assert "Undone: player 1 took 2." in speaker.lines
    assert result is Result.OVER
    over = transcript.of_type("game_over")[0]
    assert over["state"]["scores"] == [5, 1, 3] and over["winners"] == [1]
    heard = transcript.of_type("heard")
    assert heard[0]["start"] == pytest.approx(0.5, abs=0.3)  # times are on the WAV's clock


def test_off_script_talk_decides_nothing(tmp_path, speaker, common, sphinx):
    wav = write(
        tmp_path / "chatter.wav",
        [
            Utterance("three"),
            Silence(1.5),
            Utterance("the weather was lovely so we walked along the harbour after lunch"),
            Silence(1.5),
            Utterance("did anyone see where i put my glasses", "en-gb"),
            Silence(1.5),
        ],
    )
    result, transcript, engine = play_wav(wav, speaker, common, sphinx)
    assert [e["decision"] for e in transcript.of_type("decision")] == ["3 players"]
    assert result is Result.INPUT_ENDED
