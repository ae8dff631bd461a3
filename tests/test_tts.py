"""Speakers with the real system voice: pyttsx3 writing WAV through espeak-ng, and the no-speaker
path.

Piper, gm's default voice, has its own tests in test_piper.py."""

from __future__ import annotations

import io
import time
import wave
from pathlib import Path

import numpy as np
import pytest

from gm.speech.audio import read_wav
from gm.speech.base import RATE, Sound, SpeechError
from gm.speech.tts import (
    NO_SPEAKER,
    ConsoleSpeaker,
    Synthesizer,
    TeeSpeaker,
    WavOutput,
    WavSpeaker,
    check_output,
    device_speaker,
    open_speaker,
    open_voice,
    tone_samples,
)

SENTENCE = "The quick brown fox jumps over the lazy dog."
LONG = (
    "Welcome to Who the F. Each round, one of you reads a question and everybody else points at "
    "the "
    "player who fits it best. Say the number of the player you choose when I ask, and say help at "
    "any "
    "time to hear the rules again."
)


def samples(audio: bytes) -> np.ndarray:
    return np.frombuffer(audio, dtype="<i2").astype(np.float64)


def rms(audio: bytes) -> float:
    return float(np.sqrt(np.mean(samples(audio) ** 2))) if audio else 0.0


def peak_frequency(audio: bytes) -> float:
    spectrum = np.abs(np.fft.rfft(samples(audio)))
    return float(np.fft.rfftfreq(len(audio) // 2, 1 / RATE)[int(np.argmax(spectrum))])


@pytest.fixture(scope="module")
def system():
    """pyttsx3's voice with its own settings, shared by the tests that are about it."""
    voice = Synthesizer()
    yield voice
    voice.close()


def has_output_device() -> bool:
    try:
        check_output()
        return True
    except SpeechError:
        return False


def test_wav_speaker_writes_real_speech_and_tones(tmp_path: Path, system) -> None:
    path = tmp_path / "gm.wav"
    with WavSpeaker(path, system) as speaker:
        spoken = speaker.say(SENTENCE)
        beeped = speaker.tone(880, 0.25)
    audio = read_wav(path)
    assert 1.5 < spoken < 6.0  # nine words at pyttsx3's 200 words a minute
    assert beeped == pytest.approx(0.25)
    assert len(audio) / 2 / RATE == pytest.approx(spoken + beeped, abs=1e-3)
    speech, tone = audio[: int(spoken * RATE) * 2], audio[-int(0.25 * RATE) * 2 :]
    assert rms(speech) > 500
    assert peak_frequency(tone) == pytest.approx(880, abs=5)


def test_long_lines_are_whole_and_a_game_of_lines_is_fast(tmp_path: Path, system) -> None:
    """pyttsx3 2.99 returns before a long line is synthesised; the speaker must wait for it."""
    started = time.monotonic()
    with WavSpeaker(tmp_path / "game.wav", system) as speaker:
        long_seconds = speaker.say(LONG)
        short = [speaker.say(f"Player {n}, it is your turn.") for n in range(30)]
    assert long_seconds > 8.0  # 45 words
    assert all(1.0 < s < 4.0 for s in short)
    assert time.monotonic() - started < 10.0


def test_the_wav_is_playable_before_it_is_closed(tmp_path: Path, system) -> None:
    speaker = WavSpeaker(tmp_path / "live.wav", system)
    try:
        seconds = speaker.say("Round one.")
        assert len(read_wav(tmp_path / "live.wav")) / 2 / RATE == pytest.approx(seconds, abs=1e-3)
        assert speaker.seconds == pytest.approx(seconds, abs=1e-3)
    finally:
        speaker.close()
    speaker.close()  # twice is harmless


def test_nothing_to_say_adds_nothing(tmp_path: Path, system) -> None:
    with WavSpeaker(tmp_path / "empty.wav", system) as speaker:
        assert speaker.say("   ") == 0.0
    assert read_wav(tmp_path / "empty.wav") == b""


def test_settings_hold_line_after_line_and_do_not_leak(tmp_path: Path) -> None:
    """The speakers share pyttsx3's one engine, whose setProperty lags when lines come quickly."""
    slow_voice, fast_voice = (
        Synthesizer("en-us", 120, 0.3),
        Synthesizer("en-us", 300),
    )  # not remembered: made anew
    with (
        WavSpeaker(tmp_path / "slow.wav", slow_voice) as slow,
        WavSpeaker(tmp_path / "fast.wav", fast_voice) as fast,
    ):
        lengths = [(slow.say(SENTENCE), fast.say(SENTENCE)) for _ in range(4)]
    slow_voice.close()
    fast_voice.close()
    assert all(s > 2.0 * f for s, f in lengths)
    assert max(f for _, f in lengths) - min(f for _, f in lengths) < 0.1
    assert rms(read_wav(tmp_path / "slow.wav")) < 0.6 * rms(read_wav(tmp_path / "fast.wav"))


def test_an_unknown_voice_is_one_clear_sentence() -> None:
    with pytest.raises(SpeechError, match="There is no voice 'no-such-voice': 'gm voices' lists"):
        open_voice("pyttsx3", "no-such-voice")
    # a Piper voice asked of the system voices is no "not installed": it is, as a Piper voice
    with pytest.raises(SpeechError, match="'en_US-joe-medium' is a Piper voice, and the system"):
        open_voice("pyttsx3", "en_US-joe-medium")
    with pytest.raises(SpeechError, match="between 20 and 1000 words a minute, not 0"):
        open_voice("pyttsx3", rate=0)
    with pytest.raises(
        SpeechError, match="Unknown voice engine 'festival'; choose piper or pyttsx3"
    ):
        open_voice("festival")


def test_an_unwritable_wav_path_is_one_clear_sentence(tmp_path: Path, system) -> None:
    with pytest.raises(SpeechError, match="Cannot write"):
        WavSpeaker(tmp_path / "missing" / "x.wav", system)


def test_console_speaker_prints_lines_and_beeps() -> None:
    out = io.StringIO()
    speaker = ConsoleSpeaker(out)
    assert speaker.say("Player three, your turn.") == pytest.approx(4 / 2.7)
    assert speaker.tone(880, 0.2) == 0.2
    assert out.getvalue() == "gm: Player three, your turn.\n[beep]\n"


def test_tee_speaks_through_every_speaker(tmp_path: Path, system) -> None:
    out = io.StringIO()
    tee = TeeSpeaker(ConsoleSpeaker(out), WavSpeaker(tmp_path / "t.wav", system))
    assert tee.say("Who is the funniest?") == pytest.approx(4 / 2.7)  # the first speaker's answer
    assert tee.tone(660, 0.1) == 0.1
    player = tone_samples(440, 0.5)  # another voice, played as it is (the demo's players)
    assert tee.play(player) == pytest.approx(0.5)
    tee.close()
    assert out.getvalue() == "gm: Who is the funniest?\n[beep]\n"  # the console prints no audio
    audio = read_wav(tmp_path / "t.wav")
    assert audio.endswith(tone_samples(660, 0.1) + player)
    assert len(audio) / 2 / RATE > 1.1 and rms(audio[: -int(0.6 * RATE) * 2]) > 500


@pytest.mark.skipif(has_output_device(), reason="this machine has a speaker")
def test_no_speaker_is_one_clear_sentence() -> None:
    with pytest.raises(SpeechError) as checked:
        check_output()
    with pytest.raises(SpeechError) as opened:
        device_speaker()
    assert str(checked.value) == str(opened.value) == NO_SPEAKER
    assert "--console" in NO_SPEAKER and NO_SPEAKER.count(".") == 1


def test_a_missing_named_device_is_one_clear_sentence() -> None:
    with pytest.raises(SpeechError, match="no-such-speaker-xyz.*--console"):
        check_output("no-such-speaker-xyz")
    # a number no machine has: that device named, not "choose one with
    # --output-device", which was just given
    with pytest.raises(SpeechError, match="^The output device 999 was not found; see 'gm devices'"):
        check_output(999)


def test_open_speaker(tmp_path: Path, system) -> None:
    assert isinstance(open_speaker("console"), ConsoleSpeaker)
    speaker = open_speaker("wav", path=tmp_path / "o.wav", voice=system)
    assert isinstance(speaker, WavSpeaker)
    speaker.close()
    with pytest.raises(SpeechError, match="path"):
        open_speaker("wav")
    with pytest.raises(SpeechError, match="voice, console or wav"):
        open_speaker("telepathy")


def test_tone_samples() -> None:
    audio = tone_samples(440, 0.5)
    assert len(audio) == RATE  # half a second of 2-byte samples
    assert peak_frequency(audio) == pytest.approx(440, abs=3)
    assert 0.3 * 32767 < np.abs(samples(audio)).max() < 32767
    assert abs(samples(audio)[0]) < 100  # faded in: no click


def test_a_wav_with_headroom_turns_down_only_what_would_peak_above_it(tmp_path: Path) -> None:
    """gm say --wav: a file that would peak at full scale is brought to a decibel below it by
    one gain, its sentences kept at their levels beside each other; a quieter file (Piper's voice
    at the volume a person set) is written as it is."""
    t = np.arange(2205) / 22050
    loud = (np.sin(2 * np.pi * 440 * t) * 32767).astype("<i2").tobytes()
    quiet = (np.sin(2 * np.pi * 440 * t) * 8000).astype("<i2").tobytes()
    path = tmp_path / "line.wav"
    output = WavOutput(path, rate=None, headroom=1.0)
    output.put(Sound(loud, 22050))
    output.put(Sound(quiet, 22050))
    output.close()
    audio = _samples(path)
    first, second = np.abs(audio[:2205]).max(), np.abs(audio[2205:]).max()
    assert 20 * np.log10(first / 32768) == pytest.approx(-1.0, abs=0.01)
    assert second / first == pytest.approx(8000 / 32767, abs=1e-3)  # one gain for both
    calm = tmp_path / "calm.wav"
    output = WavOutput(calm, rate=None, headroom=1.0)
    output.put(Sound(quiet, 22050))
    output.close()
    assert np.abs(_samples(calm)).max() == np.abs(np.frombuffer(quiet, "<i2").astype(int)).max()


def _samples(path: Path) -> np.ndarray:
    """A WAV's samples at its own rate, as written."""
    with wave.open(str(path)) as wav:
        return np.frombuffer(wav.readframes(wav.getnframes()), "<i2").astype(int)
