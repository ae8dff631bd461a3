"""Speakers: pyttsx3 through a sound device, the console, or a WAV file of everything said.

pyttsx3 2.99's espeak driver returns from runAndWait before a long line has been synthesised
(its loop ends after 10 ms while espeak-ng works in its own thread; nateshmbhat/pyttsx3#149,
#259), and its setProperty reaches espeak-ng late when lines follow quickly. So each line is
saved with save_to_file, we wait for the driver's own "finished-utterance" event, and rate and
volume ride in the text as espeak-ng embedded commands. Playing the saved audio through
sounddevice also lets the user pick the output device, which pyttsx3's `aplay` call cannot.
"""
from __future__ import annotations

import contextlib
import io
import re
import sys
import tempfile
import threading
import wave
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from gm.speech.audio import read_wav
from gm.speech.base import RATE, SpeechError, Speaker

NO_SPEAKER = (
    "No speaker was found; plug one in, choose one with --output-device (see 'gm devices'), "
    "or use --console to print what gm says."
)
WORDS_PER_SECOND = 2.7  # a typical speaking pace, for speakers that cannot measure
TONE_LEVEL = 0.4  # of full scale: clearly audible, never clipped
FADE_SECONDS = 0.005  # ramps at both ends of a tone, so it does not click
DEFAULT_RATE = 200  # words a minute: pyttsx3's own default
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")  # ctrl-A would start an espeak-ng command


def tone_samples(frequency: float, seconds: float, level: float = TONE_LEVEL) -> bytes:
    """A sine beep as 16 kHz mono int16 bytes, with short fades against clicks."""
    count = max(0, int(round(seconds * RATE)))
    t = np.arange(count) / RATE
    wave_ = np.sin(2 * np.pi * frequency * t) * level * 32767
    fade = min(int(FADE_SECONDS * RATE), count // 2)
    if fade:
        ramp = np.linspace(0.0, 1.0, fade)
        wave_[:fade] *= ramp
        wave_[count - fade :] *= ramp[::-1]
    return np.round(wave_).astype("<i2").tobytes()


def estimate_seconds(text: str) -> float:
    """How long a person would take to say `text`; for speakers that do not produce audio."""
    return len(text.split()) / WORDS_PER_SECOND


def check_output(device: str | int | None = None) -> None:
    """Raise the one-sentence SpeechError when there is no output device to speak through."""
    try:
        import sounddevice  # only here: importing it needs PortAudio
    except OSError:
        raise SpeechError(NO_SPEAKER) from None
    try:
        info = sounddevice.query_devices(device, kind="output") if device is None else sounddevice.query_devices(device)
    except ValueError:  # a name or number that matches no device
        raise SpeechError(
            f"The output device {device!r} was not found; see 'gm devices' for the speakers there are, "
            "or use --console to print what gm says."
        ) from None
    except Exception:  # PortAudioError: no default output device at all
        raise SpeechError(NO_SPEAKER) from None
    if int(info.get("max_output_channels", 0)) < 1:
        raise SpeechError(NO_SPEAKER if device is None else (
            f"The device {device!r} cannot play sound; see 'gm devices' for the speakers there are, "
            "or use --console to print what gm says."
        ))


def play(audio: bytes, device: str | int | None) -> None:
    """Play 16 kHz int16 audio on a device, blocking until it has been heard."""
    import sounddevice

    if not audio:
        return
    try:
        sounddevice.play(np.frombuffer(audio, dtype="<i2"), samplerate=RATE, device=device, blocking=True)
    except Exception:
        raise SpeechError(NO_SPEAKER) from None


def _start_engine() -> Any:
    """pyttsx3's engine (one per driver, shared in the process), or the one clear sentence."""
    try:
        import pyttsx3

        return pyttsx3.init()
    except Exception as error:  # ImportError, OSError for a missing libespeak-ng, RuntimeError
        raise SpeechError(
            f"The text-to-speech engine could not start ({error}); install espeak-ng "
            "('apt-get install espeak-ng') or use --console to print what gm says."
        ) from None


def _drives_espeak(engine: Any) -> bool:
    """True for pyttsx3's espeak driver (Linux), which reads espeak-ng's embedded commands."""
    driver = getattr(getattr(engine, "proxy", None), "_driver", None)
    return type(driver).__module__.endswith(".espeak") if driver is not None else sys.platform.startswith("linux")


def _voice_id(engine: Any, voice: str) -> str:
    """The engine's id for a voice given by id, short id, name or language; pyttsx3 ignores bad ones silently."""
    wanted = voice.strip().lower()
    for candidate in engine.getProperty("voices"):
        names = {str(candidate.id).lower(), str(candidate.id).lower().rsplit("/", 1)[-1], str(candidate.name).lower()}
        names.update(str(language).lower() for language in (candidate.languages or []))
        if wanted in names:
            return candidate.id
    raise SpeechError(f"The voice {voice!r} is not installed; 'espeak-ng --voices' lists the voices there are (try en-us).")


class Synthesizer:
    """Text to 16 kHz audio with pyttsx3's save_to_file, waiting for the line to be really done."""

    def __init__(self, voice: str | None = None, rate: int | None = None, volume: float | None = None) -> None:
        if volume is not None and not 0.0 <= volume <= 1.0:
            raise SpeechError(f"The volume must be between 0 and 1, not {volume}.")
        if rate is not None and not 20 <= rate <= 1000:
            raise SpeechError(f"The speaking rate must be between 20 and 1000 words a minute, not {rate}.")
        self._engine = _start_engine()
        self._espeak = _drives_espeak(self._engine)
        # The engine is shared by every speaker in the process: each line brings all its settings.
        self._voice = _voice_id(self._engine, voice) if voice else self._engine.getProperty("voice")
        self._rate, self._volume = rate, volume
        self._done = threading.Event()
        self._completed = False
        self._token = self._engine.connect("finished-utterance", self._finished)
        self._folder = tempfile.TemporaryDirectory(prefix="gm-tts-")
        self._file = Path(self._folder.name) / "line.wav"

    def _finished(self, completed: bool = True, **_: object) -> None:
        self._completed = completed
        self._done.set()

    def _prepared(self, text: str) -> str:
        """The text with its settings: espeak-ng applies setProperty's rate and volume late or never
        when lines follow each other quickly, so they travel inside the text as embedded commands."""
        text = _CONTROL.sub(" ", text)
        if self._voice:
            self._engine.setProperty("voice", self._voice)
        if self._espeak:
            rate = self._rate or DEFAULT_RATE
            volume = 1.0 if self._volume is None else self._volume
            return f"\x01{rate}S\x01{round(volume * 100)}A{text}"
        for name, value in (("rate", self._rate), ("volume", self._volume)):
            if value is not None:
                self._engine.setProperty(name, value)
        return text

    def _attempt(self, text: str) -> bool:
        self._file.unlink(missing_ok=True)
        self._done.clear()
        with contextlib.redirect_stdout(io.StringIO()):  # the driver prints "Audio saved to ..."
            try:
                self._engine.save_to_file(self._prepared(text), str(self._file))
                self._engine.runAndWait()
            except Exception as error:
                raise SpeechError(f"The text-to-speech engine failed to say {text[:40]!r} ({error}).") from None
            finished = self._done.wait(timeout=5.0 + 0.05 * len(text))
        return finished and self._completed and self._file.exists()

    def audio(self, text: str) -> bytes:
        """The line spoken, as 16 kHz mono int16 bytes (empty for nothing to say)."""
        if not text.strip():
            return b""
        if not (self._attempt(text) or self._attempt(text)):  # a second try covers a line cancelled in a race
            raise SpeechError(f"The text-to-speech engine did not finish saying {text[:40]!r}; try --console instead.")
        return read_wav(self._file)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._engine.disconnect(self._token)
        self._folder.cleanup()


class Pyttsx3Speaker:
    """The game master's voice on a real speaker."""

    def __init__(self, voice: str | None = None, rate: int | None = None, volume: float | None = None,
                 output_device: str | int | None = None) -> None:
        check_output(output_device)
        self._device = output_device
        self._synth = Synthesizer(voice, rate, volume)

    def say(self, text: str) -> float:
        audio = self._synth.audio(text)
        play(audio, self._device)
        return len(audio) / 2 / RATE

    def tone(self, frequency: float, seconds: float) -> float:
        play(tone_samples(frequency, seconds), self._device)
        return seconds

    def play(self, audio: bytes) -> float:
        play(audio, self._device)
        return len(audio) / 2 / RATE

    def close(self) -> None:
        self._synth.close()


class ConsoleSpeaker:
    """Prints what gm says, for a machine without a speaker or a player who reads."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream

    def _print(self, line: str) -> None:
        stream = self._stream if self._stream is not None else sys.stdout
        print(line, file=stream, flush=True)

    def say(self, text: str) -> float:
        self._print(f"gm: {text}")
        return estimate_seconds(text)

    def tone(self, frequency: float, seconds: float) -> float:
        self._print("[beep]")
        return seconds

    def play(self, audio: bytes) -> float:
        return len(audio) / 2 / RATE  # whoever plays a voice prints its words

    def close(self) -> None:
        pass


class WavSpeaker:
    """Everything gm says, beeps and plays, in one 16 kHz WAV that is valid after every line."""

    def __init__(self, path: str | Path, voice: str | None = None, rate: int | None = None,
                 volume: float | None = None, gap: float = 0.0) -> None:
        self.path = Path(path)
        self._gap = b"\0\0" * int(round(max(0.0, gap) * RATE))
        self._samples = 0
        self._synth = Synthesizer(voice, rate, volume)
        try:
            self._out = open(self.path, "wb")  # opened here so a bad path fails before wave gets involved
        except OSError as error:
            self._synth.close()
            raise SpeechError(f"Cannot write the WAV file {self.path} ({error.strerror or error}).") from None
        self._wav: wave.Wave_write | None = wave.open(self._out, "wb")
        self._wav.setnchannels(1)
        self._wav.setsampwidth(2)
        self._wav.setframerate(RATE)

    @property
    def seconds(self) -> float:
        """Length of the file so far."""
        return self._samples / RATE

    def _append(self, audio: bytes) -> None:
        if self._wav is None:
            raise SpeechError(f"The WAV file {self.path} is already closed.")
        self._wav.writeframes(audio + self._gap)  # wave patches the header, so the file is always playable
        self._samples += (len(audio) + len(self._gap)) // 2

    def say(self, text: str) -> float:
        audio = self._synth.audio(text)
        self._append(audio)
        return len(audio) / 2 / RATE

    def tone(self, frequency: float, seconds: float) -> float:
        return self.play(tone_samples(frequency, seconds))

    def play(self, audio: bytes) -> float:
        self._append(audio)
        return len(audio) / 2 / RATE

    def close(self) -> None:
        if self._wav is not None:
            self._wav.close()
            self._out.close()
            self._wav = None
            self._synth.close()

    def __enter__(self) -> WavSpeaker:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class TeeSpeaker:
    """Says every line through several speakers, e.g. the room and a transcript WAV.

    The first speaker is the one the players hear, so its duration is the one returned.
    """

    def __init__(self, primary: Speaker, *others: Speaker) -> None:
        self.speakers = (primary, *others)

    def say(self, text: str) -> float:
        return [speaker.say(text) for speaker in self.speakers][0]

    def tone(self, frequency: float, seconds: float) -> float:
        return [speaker.tone(frequency, seconds) for speaker in self.speakers][0]

    def play(self, audio: bytes) -> float:
        return [speaker.play(audio) for speaker in self.speakers][0]

    def close(self) -> None:
        for speaker in self.speakers:
            speaker.close()


def open_speaker(kind: str, *, voice: str | None = None, rate: int | None = None, volume: float | None = None,
                 output_device: str | int | None = None, path: str | Path | None = None,
                 stream: TextIO | None = None) -> Speaker:
    """The speaker a command line asked for: "voice", "console" or "wav" (which needs `path`)."""
    if kind == "voice":
        return Pyttsx3Speaker(voice, rate, volume, output_device)
    if kind == "console":
        return ConsoleSpeaker(stream)
    if kind == "wav":
        if path is None:
            raise SpeechError("Writing speech to a WAV file needs the file's path.")
        return WavSpeaker(path, voice, rate, volume)
    raise SpeechError(f"Unknown speaker {kind!r}; choose voice, console or wav.")
