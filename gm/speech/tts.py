"""Speakers: gm's voice through a sound device, the console, or a WAV file of everything said.

A speaker is a voice (what makes the audio: Piper by default, or pyttsx3 for the system's
espeak-ng) and an output (a sound device or a WAV file). Everything gm plays, lines, beeps
and the demo's players, goes through the one output in order, so nothing overlaps or clicks,
and is resampled once, with soxr (the libsoxr binding: fast, well kept, band-limited), from
the rate it was made at to the output's. A line is played a sentence at a time while the next
sentence is being made, and the lines said lately are remembered (`Remembered`), so "Time!",
a letter or a number starts at once.

pyttsx3 2.99's espeak driver returns from runAndWait before a long line has been synthesised
(its loop ends after 10 ms while espeak-ng works in its own thread; nateshmbhat/pyttsx3#149,
#259), and its setProperty reaches espeak-ng late when lines follow quickly. So each line is
saved with save_to_file, we wait for the driver's own "finished-utterance" event, and rate and
volume ride in the text as espeak-ng embedded commands. Playing the saved audio through
sounddevice also lets the user pick the output device, which pyttsx3's `aplay` call cannot.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import queue
import re
import sys
import tempfile
import threading
import time
import wave
from collections import OrderedDict, deque
from pathlib import Path
from typing import Any, Callable, Iterator, Protocol, Sequence, TextIO

import numpy as np

from gm.content import Pronunciation
from gm.speech.audio import read_wav
from gm.speech.base import RATE, Sound, Speaker, SpeechError, pieces

ENGINES = ("piper", "pyttsx3")
PYTTSX3_INSTALL = "'.venv/bin/pip install pyttsx3' (gm's [pyttsx3] extra)"
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


def no_speaker(device: str | int | None = None) -> str:
    """Why gm cannot speak: no speaker at all, or none by the name or number asked for."""
    if device is None:
        return NO_SPEAKER
    return (
        f"The output device {device!r} was not found; see 'gm devices' for the speakers there "
        "are, or use --console to print what gm says."
    )


def check_output(device: str | int | None = None) -> None:
    """Raise the one-sentence SpeechError when there is no output device to speak through."""
    try:
        import sounddevice  # only here: importing it needs PortAudio
    except OSError:
        raise SpeechError(no_speaker(device)) from None
    try:
        info = (
            sounddevice.query_devices(device, kind="output")
            if device is None
            else sounddevice.query_devices(device)
        )
    except Exception:  # ValueError: no such device; PortAudioError: no output device at all
        raise SpeechError(no_speaker(device)) from None
    if int(info.get("max_output_channels", 0)) < 1:
        raise SpeechError(
            NO_SPEAKER
            if device is None
            else (
                f"The device {device!r} cannot play sound; see 'gm devices' for the speakers "
                "there are, or use --console to print what gm says."
            )
        )


class Voice(Protocol):
    """What turns text into audio: PiperSynth, Synthesizer (pyttsx3) or Remembered around one."""

    name: str

    def sentences(self, text: str) -> Iterator[Sound]:
        """The line as audio, a sentence (or the whole line) at a time, as soon as each is made."""

    def close(self) -> None: ...


class Output(Protocol):
    """Where a speaker's audio goes, in order: a sound device or a WAV file."""

    rate: int

    def put(self, sound: Sound) -> None:
        """Queue the sound after what is queued already; returns at once for a device."""

    def drain(self) -> None:
        """Wait until everything queued has been heard (or written)."""

    def close(self) -> None: ...


def _start_engine() -> Any:
    """pyttsx3's engine (one per driver, shared in the process), or the one clear sentence."""
    try:
        import pyttsx3
    except ImportError:
        raise SpeechError(
            f"pyttsx3 is not installed; install it with {PYTTSX3_INSTALL}, or leave out "
            "--voice-engine for gm's own Piper voice."
        ) from None
    try:
        return pyttsx3.init()
    except Exception as error:  # ImportError, OSError for a missing libespeak-ng, RuntimeError
        raise SpeechError(
            f"The text-to-speech engine could not start ({error}); install espeak-ng "
            "('apt-get install espeak-ng') or use --console to print what gm says."
        ) from None


def _drives_espeak(engine: Any) -> bool:
    """True for pyttsx3's espeak driver (Linux), which reads espeak-ng's embedded commands."""
    driver = getattr(getattr(engine, "proxy", None), "_driver", None)
    return (
        type(driver).__module__.endswith(".espeak")
        if driver is not None
        else sys.platform.startswith("linux")
    )


def _voice_id(engine: Any, voice: str) -> str:
    """The engine's id for a voice given by id, short id, name or language; pyttsx3 ignores bad ones
    silently."""
    wanted = voice.strip().lower()
    for candidate in engine.getProperty("voices"):
        names = {
            str(candidate.id).lower(),
            str(candidate.id).lower().rsplit("/", 1)[-1],
            str(candidate.name).lower(),
        }
        names.update(str(language).lower() for language in (candidate.languages or []))
        if wanted in names:
            return candidate.id
    from gm.speech import voices

    if voices.looks_like(voice):
        raise SpeechError(
            f"{voice!r} is a Piper voice, and the system voices (pyttsx3) do not include it; "
            "leave out --voice-engine pyttsx3 to speak with it ('gm voices' lists both kinds)."
        )
    raise SpeechError(
        f"There is no voice {voice!r}: 'gm voices' lists the Piper and the system voices gm can "
        "speak with (en-us is a system voice)."
    )


def _has_pyttsx3() -> bool:
    """Whether pyttsx3 can be imported, found without importing it."""
    return importlib.util.find_spec("pyttsx3") is not None


def system_voices_missing() -> str:
    """Why there are no system voices: pyttsx3 missing, or the engine it drives (espeak-ng)."""
    if not _has_pyttsx3():
        return f"pyttsx3 is not installed: {PYTTSX3_INSTALL}"
    return "install espeak-ng: 'apt-get install espeak-ng'"


def system_voices() -> list[str]:
    """The short ids of pyttsx3's voices (espeak-ng's on Linux); empty when it cannot start."""
    try:
        engine = _start_engine()
    except SpeechError:
        return []
    return sorted({str(voice.id).rsplit("/", 1)[-1] for voice in engine.getProperty("voices")})


class Synthesizer:
    """Text to audio with pyttsx3's save_to_file, waiting for the line to be really done."""

    def __init__(
        self, voice: str | None = None, rate: int | None = None, volume: float | None = None
    ) -> None:
        self.name = voice or "system"
        if volume is not None and not 0.0 <= volume <= 1.0:
            raise SpeechError(f"The volume must be between 0 and 1, not {volume}.")
        if rate is not None and not 20 <= rate <= 1000:
            raise SpeechError(
                f"The speaking rate must be between 20 and 1000 words a minute, not {rate}."
            )
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
        when lines follow each other quickly, so they travel inside the text as embedded commands.
        """
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
                raise SpeechError(
                    f"The text-to-speech engine failed to say {text[:40]!r} ({error})."
                ) from None
            finished = self._done.wait(timeout=5.0 + 0.05 * len(text))
        return finished and self._completed and self._file.exists()

    def sentences(self, text: str) -> Iterator[Sound]:
        """The whole line at espeak-ng's own rate (nothing for nothing to say)."""
        if not text.strip():
            return
        if not (
            self._attempt(text) or self._attempt(text)
        ):  # a second try covers a line cancelled in a race
            raise SpeechError(
                f"The text-to-speech engine did not finish saying {text[:40]!r}; try --console "
                "instead."
            )
        sound = None
        with contextlib.suppress(wave.Error, EOFError), wave.open(str(self._file), "rb") as wav:
            if (wav.getnchannels(), wav.getsampwidth()) == (1, 2):
                sound = Sound(wav.readframes(wav.getnframes()), wav.getframerate())
        yield (
            sound if sound is not None else Sound(read_wav(self._file), RATE)
        )  # read_wav converts any other format

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._engine.disconnect(self._token)
        self._folder.cleanup()


class Remembered:
    """A voice that keeps what it made and makes lines ahead, so that gm speaks without waiting.

    A line is made in pieces (gm.speech.base.pieces: a short first clause such as "Player three,"
    apart from the rest), and the pieces made lately are kept, newest last, up to a budget of
    bytes (an LRU): "Time!", "Ten seconds." or "Player three," cost nothing the next time.
    `prepare` hands lines to one background thread that makes them while others play; a line
    asked for now always goes before lines asked for ahead (the voice makes one piece at a time,
    it is not re-entrant), and a piece being made ahead when it is asked for is waited for, not
    made twice. One Remembered serves every speaker of a game (the room and the --speak-to
    WAV), so a line is made once however many outputs hear it.
    """

    def __init__(
        self, voice: Voice, budget: int = 16 << 20, spoken: Callable[[str], str] = str
    ) -> None:
        """`spoken`: a line as the voice should read it (gm.content.Pronunciation)."""
        self.name = voice.name
        self.voice = voice
        self._spoken = spoken
        self._budget = budget  # bytes of audio kept: 16 MB is six minutes of 22 kHz speech
        self._kept: OrderedDict[str, tuple[Sound, ...]] = OrderedDict()
        self._size = 0
        # Guards everything below; the background thread waits on it for work and for its turn.
        self._turn = threading.Condition()
        self._making = False  # the voice is making a piece
        self._speaking = 0  # lines being said now: lines ahead wait until they are made
        self._ahead: deque[str] = deque()  # pieces to make ahead, the most wanted first
        self._worker: threading.Thread | None = None
        self._closed = False

    def sentences(self, text: str) -> Iterator[Sound]:
        with self._turn:
            self._speaking += 1
        try:
            for piece in pieces(self._spoken(text)):
                yield from self._piece(piece)
        finally:
            with self._turn:
                self._speaking -= 1
                self._turn.notify_all()

    def _piece(self, piece: str) -> Iterator[Sound]:
        with self._turn:
            self._turn.wait_for(lambda: piece in self._kept or not self._making)
            kept = self._kept.get(piece)
            if kept is not None:
                self._kept.move_to_end(piece)
            else:
                self._making = True
        if kept is not None:
            yield from kept
            return
        made: list[Sound] = []
        complete = False
        try:
            for sound in self.voice.sentences(piece):
                made.append(sound)
                yield sound
            complete = True
        finally:
            self._made(piece, made if complete else None)

    def _made(self, piece: str, sounds: list[Sound] | None) -> None:
        """The voice is free again; keep the piece it made unless it is too long to say twice."""
        with self._turn:
            self._making = False
            size = sum(len(sound.audio) for sound in sounds or ())
            if sounds is not None and size <= self._budget // 4 and piece not in self._kept:
                self._kept[piece] = tuple(sounds)
                self._size += size
                while self._size > self._budget:
                    _, dropped = self._kept.popitem(last=False)
                    self._size -= sum(len(sound.audio) for sound in dropped)
            self._turn.notify_all()

    def known(self, text: str) -> bool:
        """True when every piece of the line is kept: saying it makes nothing."""
        with self._turn:
            return all(piece in self._kept for piece in pieces(self._spoken(text)))

    def prepare(self, texts: Sequence[str]) -> None:
        """Make these lines in the background, in this order and before lines asked for ahead
        earlier (the latest wish is the nearest line), unless kept already; returns at once."""
        texts = (texts,) if isinstance(texts, str) else texts
        with self._turn:
            if self._closed:
                return
            wanted = [p for t in texts for p in pieces(self._spoken(t)) if p not in self._kept]
            for piece in reversed(wanted):
                with contextlib.suppress(ValueError):
                    self._ahead.remove(piece)
                self._ahead.appendleft(piece)
            if wanted and self._worker is None:
                self._worker = threading.Thread(
                    target=self._work, name="gm-voice-ahead", daemon=True
                )
                self._worker.start()
            self._turn.notify_all()

    def _work(self) -> None:
        while True:
            with self._turn:
                self._turn.wait_for(
                    lambda: (
                        self._closed or (self._ahead and not self._making and not self._speaking)
                    )
                )
                if self._closed:
                    return
                piece = self._ahead.popleft()
                if piece in self._kept:
                    continue
                self._making = True
            sounds = None
            try:
                sounds = list(self.voice.sentences(piece))
            except SpeechError:
                pass  # said later, the line fails again where the game can report it
            finally:
                self._made(piece, sounds)

    def wait(self) -> None:
        """Until every line asked for ahead has been made."""
        with self._turn:
            self._turn.wait_for(lambda: self._closed or not (self._ahead or self._making))

    def close(self) -> None:
        with self._turn:
            self._closed = True
            self._turn.notify_all()
        if self._worker is not None:
            self._worker.join()
        self.voice.close()


def chosen_engine(engine: str | None, name: str | None, folder: str | Path | None = None) -> str:
    """The engine gm's voice speaks with: `engine` if given, else Piper when the voice `name` (or
    Piper's default) is installed, else pyttsx3 (the system's espeak-ng)."""
    from gm.speech import voices

    if engine is not None:
        return engine
    piper_voice = voices.looks_like(name) if name else voices.DEFAULT in voices.installed(folder)
    return "piper" if piper_voice and voices.piper_available() else "pyttsx3"


def open_voice(
    engine: str | None = None,
    name: str | None = None,
    rate: int | None = None,
    volume: float | None = None,
    folder: str | Path | None = None,
    service=None,  # noqa: ANN001 - a gm.speech.wyoming.Service
) -> Remembered:
    """gm's voice as the settings ask: `engine` if given, else Piper when the voice is installed
    (it comes with gm), else pyttsx3 (the system's espeak-ng). `folder` holds downloaded voices.
    With a Wyoming `service`, the service speaks and that voice takes over while it is down."""
    from gm.speech import voices

    if engine is not None and engine not in ENGINES:
        raise SpeechError(f"Unknown voice engine {engine!r}; choose {' or '.join(ENGINES)}.")
    if engine is None:
        engine = chosen_engine(None, name, folder)
        if engine == "pyttsx3" and name and not _has_pyttsx3():
            raise SpeechError(
                f"{name!r} is none of gm's Piper voices ('gm voices' lists them), and a system "
                f"voice needs pyttsx3: {PYTTSX3_INSTALL}."
            )
    if engine == "piper":
        from gm.speech.piper import PiperSynth

        # Piper brings every sentence to full scale, and resampling to the output's rate then
        # overshoots it: at 16 kHz 10 of 12 lines clipped. gm's voice stays a decibel below.
        voice: Voice = PiperSynth(voices.find(name, folder), rate, volume, headroom=1.0)
    else:
        voice = Synthesizer(name, rate, volume)
    if service is not None:
        from gm.speech.wyoming import WyomingVoice

        voice = WyomingVoice(service, voice)
    return Remembered(voice, spoken=Pronunciation.load())


class DeviceOutput:
    """One stream to a sound device, at the device's own rate, fed by a thread from a queue, so
    the next sentence is made while this one plays and beeps never overlap the voice."""

    def __init__(self, device: str | int | None = None) -> None:
        check_output(device)
        import sounddevice

        try:
            info = (
                sounddevice.query_devices(device, kind="output")
                if device is None
                else sounddevice.query_devices(device)
            )
            self.rate = int(info["default_samplerate"])
            self._stream = sounddevice.RawOutputStream(
                samplerate=self.rate, channels=1, dtype="int16", device=device
            )
            self._stream.start()
        except Exception:
            raise SpeechError(no_speaker(device)) from None
        self._queue: queue.Queue[bytes | None] = queue.Queue()
        self._failed = False
        self._thread = threading.Thread(target=self._play, daemon=True)
        self._thread.start()

    def _play(self) -> None:
        while (audio := self._queue.get()) is not None:
            try:
                if not self._failed:
                    self._stream.write(audio)
            except Exception:
                self._failed = True  # reported by drain, on the game's thread
            finally:
                self._queue.task_done()
        self._queue.task_done()

    def put(self, sound: Sound) -> None:
        self._queue.put(sound.at(self.rate))

    def drain(self) -> None:
        self._queue.join()
        time.sleep(self._stream.latency)  # what the device has buffered is still to be heard
        if self._failed:
            raise SpeechError(NO_SPEAKER)

    def close(self) -> None:
        """At once: what is still queued or buffered (a line cut short by Ctrl+C) is dropped; a
        line that ended was drained already."""
        with contextlib.suppress(queue.Empty):
            while True:
                self._queue.get_nowait()
                self._queue.task_done()
        with contextlib.suppress(Exception):
            self._stream.abort()  # ends a write under way in the playing thread
        self._queue.put(None)
        self._thread.join(timeout=1.0)
        if not self._thread.is_alive():  # a write still stuck in the device keeps its stream
            with contextlib.suppress(Exception):
                self._stream.close()


class WavOutput:
    """Everything played, end to end in one WAV file that is valid after every line: at 16 kHz
    (a game's --speak-to, heard beside the players), or at `rate` None the rate of the first
    sound (the voice's own, for gm say --wav). With `headroom`, the closed file peaks no closer
    than that many decibels to full scale (a file that would is turned down by one gain; the
    voice's own volume is kept below it), so that a player's resampling or effects do not clip
    it."""

    def __init__(self, path: str | Path, rate: int | None = RATE, headroom: float = 0.0) -> None:
        self.path = Path(path)
        self.samples = 0
        self.rate = rate
        self._ceiling = np.floor(32767 * 10 ** (-headroom / 20)) if headroom else None
        try:
            self._out = open(
                self.path, "wb"
            )  # opened here so a bad path fails before wave gets involved
        except OSError as error:
            raise SpeechError(
                f"Cannot write the WAV file {self.path} ({error.strerror or error})."
            ) from None
        self._wav: wave.Wave_write | None = wave.open(self._out, "wb")
        self._wav.setnchannels(1)
        self._wav.setsampwidth(2)
        if rate is not None:
            self._wav.setframerate(rate)

    def put(self, sound: Sound) -> None:
        if self._wav is None:
            raise SpeechError(f"The WAV file {self.path} is already closed.")
        if self.rate is None:
            self.rate = sound.rate
            self._wav.setframerate(sound.rate)
        audio = sound.at(self.rate)
        self._wav.writeframes(audio)  # wave patches the header, so the file is always playable
        self.samples += len(audio) // 2

    def drain(self) -> None:
        pass

    def close(self) -> None:
        if self._wav is not None:
            if self.rate is None:  # nothing was said: an empty file at gm's rate
                self.rate = RATE
                self._wav.setframerate(RATE)
            self._wav.close()
            self._out.close()
            self._wav = None
            if self._ceiling is not None:
                self._within_ceiling()

    def _within_ceiling(self) -> None:
        """The whole file turned down by one gain, where it peaks above the ceiling: every
        sentence keeps its level beside the others."""
        with wave.open(str(self.path), "rb") as wav:
            params = wav.getparams()
            samples = np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2")
        peak = int(np.abs(samples.astype(np.int32)).max()) if samples.size else 0
        if peak <= (self._ceiling or 0):
            return
        scaled = np.round(samples * (self._ceiling / peak)).astype("<i2")
        with wave.open(str(self.path), "wb") as wav:
            wav.setparams(params)
            wav.writeframes(scaled.tobytes())


class VoiceSpeaker:
    """A voice on an output: the Speaker port for a sound device and for a WAV file.

    Closing it closes the output, and the voice only when the speaker opened it itself.
    """

    def __init__(self, voice: Voice, output: Output, owns_voice: bool = False) -> None:
        self.voice = voice
        self.output = output
        self._owns_voice = owns_voice

    def say(self, text: str) -> float:
        seconds = 0.0
        for sound in self.voice.sentences(text):
            self.output.put(sound)  # plays while the next sentence is made
            seconds += sound.seconds
        self.output.drain()
        return seconds

    def prepare(self, texts: Sequence[str]) -> None:
        """Lines about to be said are made in the background while this one plays."""
        if isinstance(self.voice, Remembered):
            self.voice.prepare(texts)

    def tone(self, frequency: float, seconds: float) -> float:
        self.output.put(Sound(tone_samples(frequency, seconds), RATE))
        self.output.drain()
        return seconds

    def play(self, audio: bytes) -> float:
        self.output.put(Sound(audio, RATE))
        self.output.drain()
        return len(audio) / 2 / RATE

    def close(self) -> None:
        self.output.close()
        if self._owns_voice:
            self.voice.close()


def device_speaker(
    voice: Voice | None = None, output_device: str | int | None = None
) -> VoiceSpeaker:
    """gm's voice on a sound device; without a voice, the settings' default voice."""
    output = DeviceOutput(
        output_device
    )  # first: no speaker is the likelier problem, and the cheaper to find
    if voice is not None:
        return VoiceSpeaker(voice, output)
    try:
        return VoiceSpeaker(open_voice(), output, owns_voice=True)
    except BaseException:
        output.close()
        raise


class WavSpeaker(VoiceSpeaker):
    """Everything gm says, beeps and plays, in one WAV that is valid after every line (16 kHz
    unless `rate` says otherwise).

    Without a voice, it speaks with gm's default voice (Piper, when installed)."""

    def __init__(
        self,
        path: str | Path,
        voice: Voice | None = None,
        rate: int | None = RATE,
        headroom: float = 0.0,
    ) -> None:
        """`rate` and `headroom`: see WavOutput."""
        owns = voice is None
        voice = open_voice() if voice is None else voice
        try:
            output = WavOutput(path, rate, headroom)
        except SpeechError:
            if owns:
                voice.close()
            raise
        super().__init__(voice, output, owns_voice=owns)
        self.path = output.path

    @property
    def seconds(self) -> float:
        """Length of the file so far."""
        return self.output.samples / (self.output.rate or RATE)

    def __enter__(self) -> WavSpeaker:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


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

    def prepare(self, texts: Sequence[str]) -> None:
        pass  # printing a line takes no time to prepare

    def tone(self, frequency: float, seconds: float) -> float:
        self._print("[beep]")
        return seconds

    def play(self, audio: bytes) -> float:
        return len(audio) / 2 / RATE  # whoever plays a voice prints its words

    def close(self) -> None:
        pass


class TeeSpeaker:
    """Says every line through several speakers, e.g. the room and a transcript WAV.

    The first speaker is the one the players hear, so its duration is the one returned.
    """

    def __init__(self, primary: Speaker, *others: Speaker) -> None:
        self.speakers = (primary, *others)

    def say(self, text: str) -> float:
        return [speaker.say(text) for speaker in self.speakers][0]

    def prepare(self, texts: Sequence[str]) -> None:
        for speaker in self.speakers:
            prepare = getattr(speaker, "prepare", None)  # optional in the Speaker port
            if prepare is not None:
                prepare(texts)

    def tone(self, frequency: float, seconds: float) -> float:
        return [speaker.tone(frequency, seconds) for speaker in self.speakers][0]

    def play(self, audio: bytes) -> float:
        return [speaker.play(audio) for speaker in self.speakers][0]

    def close(self) -> None:
        for speaker in self.speakers:
            speaker.close()


def open_speaker(
    kind: str,
    *,
    voice: Voice | None = None,
    output_device: str | int | None = None,
    path: str | Path | None = None,
    stream: TextIO | None = None,
) -> Speaker:
    """The speaker a command line asked for: "voice", "console" or "wav" (which needs `path`)."""
    if kind == "voice":
        return device_speaker(voice, output_device)
    if kind == "console":
        return ConsoleSpeaker(stream)
    if kind == "wav":
        if path is None:
            raise SpeechError("Writing speech to a WAV file needs the file's path.")
        return WavSpeaker(path, voice)
    raise SpeechError(f"Unknown speaker {kind!r}; choose voice, console or wav.")
