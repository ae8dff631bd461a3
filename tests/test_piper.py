"""gm's default voice, the real Piper en_US-joe-medium, speaking to WAV files and devices'
stand-ins.

The voice is loaded once for the module (a third of a second, 60 MB); each test says little.
"""

from __future__ import annotations

import shutil
import wave
from pathlib import Path

import numpy as np
import pytest
from test_cli import assert_one_sentence, gm

from gm.speech import voices
from gm.speech.audio import read_wav
from gm.speech.base import RATE, SpeechError
from gm.speech.piper import PiperSynth
from gm.speech.tts import Remembered, Sound, VoiceSpeaker, WavSpeaker, open_voice

LINE = "Player three, it is your turn. Read the question aloud."


def rms(audio: bytes) -> float:
    samples = np.frombuffer(audio, dtype="<i2").astype(np.float64)
    return float(np.sqrt(np.mean(samples**2))) if samples.size else 0.0


@pytest.fixture(scope="module")
def joe() -> Remembered:
    voice = open_voice()
    yield voice
    voice.close()


def test_piper_is_gm_s_voice_unless_the_settings_say_otherwise(joe: Remembered) -> None:
    assert joe.name == voices.DEFAULT and isinstance(joe.voice, PiperSynth)
    system = open_voice("pyttsx3")
    assert system.name == "system"
    system.close()


def test_gms_voice_is_never_clipped_at_the_output_rate(tmp_path: Path, joe: Remembered) -> None:
    """Piper brings each sentence to full scale; resampled to 16 kHz it overshot and clipped
    (10 lines of 12) until gm's voice was set a decibel below."""
    for k, line in enumerate(
        ("Player two, your theme is Fruit.", "Three votes for number four.", "Round two.")
    ):
        path = tmp_path / f"{k}.wav"
        with WavSpeaker(path, joe) as speaker:
            speaker.say(line)
        peak = np.abs(np.frombuffer(read_wav(path), "<i2").astype(int)).max()
        assert 16000 < peak < 32767, (line, peak)


def test_the_real_voice_speaks_to_a_wav(tmp_path: Path, joe: Remembered) -> None:
    path = tmp_path / "gm.wav"
    with WavSpeaker(path, joe) as speaker:
        spoken = speaker.say(LINE)
        speaker.tone(880, 0.2)
    with wave.open(str(path)) as wav:
        assert (wav.getframerate(), wav.getnchannels(), wav.getsampwidth()) == (RATE, 1, 2)
    audio = read_wav(path)
    assert 2.0 < spoken < 6.0  # ten words
    assert len(audio) / 2 / RATE == pytest.approx(spoken + 0.2, abs=2e-3)
    speech = audio[: int(spoken * RATE) * 2]
    assert (
        1500 < rms(speech) and np.abs(np.frombuffer(speech, "<i2")).max() < 32767
    )  # loud, not clipped
    quiet = np.flatnonzero(np.abs(np.frombuffer(speech, "<i2")) > 300)
    assert (
        quiet[0] / RATE < 0.4 and (len(speech) // 2 - quiet[-1]) / RATE < 0.6
    )  # speech fills the line


def test_a_line_is_made_a_sentence_at_a_time_and_played_as_it_comes(joe: Remembered) -> None:
    """The first sentence reaches the output before the second is made, so it plays meanwhile."""
    made: list[int] = []

    class Counting:
        name = "counting"

        def sentences(self, text):
            for sound in joe.voice.sentences(text):
                made.append(len(sound.audio))
                yield sound

        def close(self) -> None:
            pass

    class Output:
        rate = 48000  # a device's usual rate: the 22,050 Hz voice is resampled once to it
        heard: list[tuple[int, int]] = []

        def put(self, sound: Sound) -> None:
            self.heard.append((len(made), len(sound.at(self.rate))))

        def drain(self) -> None:
            pass

        def close(self) -> None:
            pass

    output = Output()
    seconds = VoiceSpeaker(Counting(), output).say(LINE)
    counts = [count for count, _ in output.heard]
    assert len(counts) >= 2 and counts == list(
        range(1, len(counts) + 1)
    )  # each put as soon as it was made
    assert sum(size for _, size in output.heard) / 2 / 48000 == pytest.approx(seconds, abs=1e-3)


def test_lines_said_often_are_remembered(joe: Remembered) -> None:
    first = b"".join(s.audio for s in joe.sentences("Time!"))
    assert joe.known("Time!")
    again = b"".join(s.audio for s in joe.sentences("Time!"))
    assert again == first  # Piper's noise would make a new one differ: this is the kept line
    joe.prepare(["Letter B, for bravo."])
    joe.wait()
    assert joe.known("Letter B, for bravo.")


def test_rate_and_volume_are_honoured() -> None:
    slow, fast = open_voice("piper", rate=130, volume=0.3), open_voice("piper", rate=300)
    try:
        slow_audio = b"".join(s.audio for s in slow.sentences("Who is the funniest person here?"))
        fast_audio = b"".join(s.audio for s in fast.sentences("Who is the funniest person here?"))
    finally:
        slow.close()
        fast.close()
    assert len(slow_audio) > 1.5 * len(
        fast_audio
    )  # 2.3 times as long on paper; Piper varies its timing
    assert rms(slow_audio) < 0.5 * rms(fast_audio)


@pytest.mark.parametrize(
    "settings,words",
    [
        ({"rate": 50}, "between 100 and 400 words a minute, not 50"),
        ({"volume": 1.5}, "between 0 and 1, not 1.5"),
        (
            {"name": "en_US-nobody-medium"},
            "'en_US-nobody-medium' is not installed; 'gm voices' lists",
        ),
    ],
)
def test_bad_voice_settings_are_one_sentence(settings: dict, words: str) -> None:
    with pytest.raises(SpeechError, match=words) as error:
        open_voice("piper", **settings)
    assert "\n" not in str(error.value)


def test_a_damaged_voice_is_one_sentence_with_the_system_voice_as_the_way_out(
    tmp_path: Path,
) -> None:
    own = voices.embedded()
    truncated = (
        tmp_path / own.name
    )  # gm's own voice, cut short: its pinned digest no longer matches
    truncated.write_bytes(own.read_bytes()[: 1 << 20])
    shutil.copy(own.with_name(own.name + ".json"), tmp_path)
    with pytest.raises(SpeechError, match="is damaged.*--voice-engine pyttsx3"):
        open_voice(folder=tmp_path)
    garbage = (
        tmp_path / "en_US-garbage-medium.onnx"
    )  # a voice gm has no digest of: onnxruntime refuses it
    garbage.write_bytes(b"not a network" * 100)
    shutil.copy(own.with_name(own.name + ".json"), tmp_path / "en_US-garbage-medium.onnx.json")
    with pytest.raises(SpeechError, match="cannot be read.*--voice-engine pyttsx3") as error:
        open_voice(name="en_US-garbage-medium", folder=tmp_path)
    assert "\n" not in str(error.value)


def test_the_command_line_honours_the_voice_settings(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[voice]\nrate = 130\nvolume = 0.4\n")
    slow = tmp_path / "slow.wav"
    assert (
        gm(
            "say", "Who is the funniest?", "--wav", str(slow), env={"GM_CONFIG": str(config)}
        ).returncode
        == 0
    )
    plain = tmp_path / "plain.wav"
    (tmp_path / "none.toml").write_text("")
    assert (
        gm(
            "say",
            "Who is the funniest?",
            "--wav",
            str(plain),
            env={"GM_CONFIG": str(tmp_path / "none.toml")},
        ).returncode
        == 0
    )
    assert len(read_wav(slow)) > 1.2 * len(read_wav(plain)) and rms(read_wav(slow)) < 0.6 * rms(
        read_wav(plain)
    )
    config.write_text("[voice]\nrate = 0\n")
    assert_one_sentence(
        gm("say", "hi", "--wav", str(plain), env={"GM_CONFIG": str(config)}), "rate", "not 0"
    )
    assert_one_sentence(
        gm("say", "hi", "--wav", str(plain), "--voice-name", "en_US-nobody-medium"), "not installed"
    )
    assert_one_sentence(
        gm("say", "hi", "--voice-engine", "festival"),
        "'festival' is not a value of --voice-engine; choose piper or pyttsx3",
    )
    listed = gm("voices")
    assert listed.returncode == 0 and voices.DEFAULT in listed.stdout and "en-us" in listed.stdout
    assert_one_sentence(
        gm(
            "voices",
            "download",
            "en_GB-alan-medium",
            "--dir",
            str(tmp_path),
            "--hub",
            "http://127.0.0.1:9",
        ),
        "cannot reach 127.0.0.1 to download the voice",
    )


def test_a_sentence_can_be_said_slower_or_without_variation(joe: Remembered) -> None:
    """PiperSynth.sentences' length and noise factors, with which test speech varies this
    one-speaker voice: twice the length scale is much longer; without noise the voice says a
    sentence the same way each time, with its own it never does."""

    def say(**factors: float) -> bytes:
        return b"".join(s.audio for s in joe.voice.sentences("Take that back.", **factors))

    plain = say()
    assert len(say(length=2.0)) > 1.5 * len(plain)
    assert say(noise=0.0) == say(noise=0.0) != plain
    assert say() != plain


def test_a_long_text_is_made_in_pieces_of_bounded_length_cut_at_commas_first():
    from gm.speech.piper import MAX_WORDS, bounded

    long = " ".join(["word"] * (3 * MAX_WORDS + 5))  # no full stop: one sentence to Piper
    pieces = list(bounded(long))
    assert [len(p.split()) for p in pieces] == [MAX_WORDS] * 3 + [5]
    assert " ".join(pieces) == long
    commas = ", ".join(" ".join(["word"] * 15) for _ in range(4))  # 60 words in four clauses
    assert [len(p.split()) for p in bounded(commas)] == [15, 15, 15, 15]
    assert list(bounded("Hello table. How are you?")) == ["Hello table.", "How are you?"]


def test_a_text_of_many_words_without_a_full_stop_is_said_whole(joe: Remembered) -> None:
    said = list(joe.voice.sentences(" ".join(["table"] * 150)))
    seconds = sum(s.seconds for s in said)
    assert len(said) >= 4 and seconds > 20  # every word, in pieces Piper makes in bounded memory
