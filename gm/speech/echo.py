"""Barge-in: the few words that must win over gm's own voice, heard through an echo canceller.

A microphone hears the speaker. Half duplex drops everything captured while gm speaks; with an
echo canceller, what gm is playing is subtracted from what the microphone hears, and a
recogniser listening only for "stop", "wait", "pause" and "repeat" runs on what is left.

The canceller is speexdsp's acoustic echo canceller with its preprocessor, through the `pyaec`
wheel (ctypes over a prebuilt library: nothing to compile on a Raspberry Pi or a laptop). Of the
registry packages tried, `aec-audio-processing` (WebRTC's) and `speexdsp` ship only as sources
that need a compiler and the speexdsp headers; pyaec installs as a wheel and removes ~35 dB of
a delayed, reverberant echo once adapted (BENCHMARKS.md, "Live table"). Adapting takes the first
seconds of gm's speech, so one canceller serves a whole game.

What the canceller leaves of gm's voice is now and then heard as a word (PocketSphinx's
"pause" in 0.15 s of it, 0.7 to 1.8 times a minute of gm's Piper voice). gm knows what it plays,
so a word heard while its voice sounds is taken only when one of two looks finds it: it stands
30 dB over what the canceller usually leaves of gm's voice (that residue heard as a word stood at
most 27 dB over it, the words said over gm's voice 24 dB or more), or it stands 10 dB over it and
Whisper (tiny.en, gm's own ear, without a prompt that would lead it to the words) writes it in the
canceller's output around it (that residue came out as "but here", "the problem is", "I'm
ready"). Each look alone lost a few words the other found. On a busy machine PocketSphinx hears
more such words, mostly no louder than gm's voice around them; Whisper is not asked of those, as
now and then it wrote one that read as the word (docs/live-table.md, "Barge-in").

BargeInSpeaker plays gm's lines a block at a time beside the microphone; gm uses it where a
canceller is installed, the input is live (a microphone, or a recording with --realtime) and its
voice is played as audio, unless --no-barge-in (or the setting) turns it off. Elsewhere gm stays
half duplex, and `gm devices` says which.
"""

from __future__ import annotations

import queue
import threading
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable, Iterator, Sequence

import numpy as np

from gm.speech.base import (
    RATE,
    Around,
    AudioChunk,
    AudioSource,
    DeviceLost,
    Final,
    Recognizer,
    Speaker,
    Vocabulary,
)
from gm.speech.tts import Output, Sound

FRAME = 160  # samples the canceller takes at a time: 10 ms
FILTER = 4096  # samples of echo tail it models: 256 ms of room
BARGE_IN_WORDS = ("stop", "wait", "pause", "repeat")
PLAYING_DB = 40.0  # dB of int16 RMS (about -50 dBFS): a 10 ms frame in which gm's voice sounds
RESIDUE_FRAMES = 300  # the last 3 s of gm's voice the canceller's usual residue is taken over
STANDS_DB = 30.0  # dB a word must stand over that residue (see the module's docstring)
CHECKED_DB = 10.0  # dB a word must stand over it for Whisper's check to be asked at all
ECHO_TAIL = 0.15  # seconds before a word whose played sound still echoes in the room
HISTORY = 4.0  # seconds of the canceller's output kept for judging a word


def echo_canceller_name() -> str | None:
    """The echo canceller gm would use, or None when none is installed (gm stays half duplex)."""
    try:
        import pyaec  # noqa: F401 - only whether it loads
    except Exception:  # ImportError, or OSError from its shared library
        return None
    return "pyaec (speexdsp's echo canceller)"


def frame_levels(audio: bytes) -> np.ndarray:
    """dB of int16 RMS of each whole 10 ms frame."""
    samples = np.frombuffer(audio, dtype="<i2").astype(np.float64)
    count = samples.size // FRAME
    frames = samples[: count * FRAME].reshape(count, FRAME)
    return 10.0 * np.log10(np.mean(frames * frames, axis=1) + 1.0)


class EchoCanceller:
    """Subtracts what gm played from what the microphone heard, 10 ms at a time, and keeps how
    much of gm's voice it leaves (`residue`), which a word must stand over."""

    def __init__(self, filter_length: int = FILTER, preprocess: bool = True) -> None:
        """`preprocess`: speexdsp's preprocessor after the canceller (noise and residual echo
        suppressed), which hearing the barge-in words needs (scripts/bench_live.py --said-over
        measures both for words said over gm's voice)."""
        from pyaec import Aec

        self._aec = Aec(FRAME, filter_length, RATE, preprocess)
        self._mic = np.zeros(0, dtype=np.int16)
        self._played = np.zeros(0, dtype=np.int16)
        self._residue: deque[float] = deque(maxlen=RESIDUE_FRAMES)

    def cancel(self, mic: bytes, played: bytes) -> bytes:
        """The microphone's audio with the echo of `played` (aligned with it) taken out; a partial
        frame waits for the next call."""
        self._mic = np.concatenate([self._mic, np.frombuffer(mic, dtype="<i2")])
        ref = np.frombuffer(played, dtype="<i2")
        if ref.size < len(mic) // 2:
            ref = np.concatenate([ref, np.zeros(len(mic) // 2 - ref.size, dtype=np.int16)])
        self._played = np.concatenate([self._played, ref[: len(mic) // 2]])
        whole = self._mic.size - self._mic.size % FRAME
        out = []
        for i in range(0, whole, FRAME):
            out.extend(
                self._aec.cancel_echo(
                    self._mic[i : i + FRAME].tolist(), self._played[i : i + FRAME].tolist()
                )
            )
        clean = np.asarray(out, dtype="<i2").tobytes()
        played_db = frame_levels(self._played[:whole].tobytes())
        ratio = frame_levels(clean) - played_db
        self._residue.extend(ratio[played_db >= PLAYING_DB].tolist())
        self._mic, self._played = self._mic[whole:], self._played[whole:]
        return clean

    @property
    def residue(self) -> float | None:
        """dB the canceller's output usually stands against what gm played, over the last seconds
        gm's voice sounded; None before it has heard a second of it."""
        if len(self._residue) < RESIDUE_FRAMES // 3:
            return None
        return float(np.median(self._residue))


class BargeIn:
    """Listens through the echo canceller, while gm speaks, for the words that stop it.

    PocketSphinx hears the words; what the canceller leaves of gm's voice is now and then heard
    as one. gm takes a word said while its voice sounded (one said where gm played nothing has
    nothing to be mistaken for) when either of two looks finds it: it stands `stands_db` over the
    canceller's residue of gm's voice (`stands`), or `check` (WhisperCheck), given the
    canceller's output around the word and the word, says it is that word. With `background`,
    the check runs in a thread while gm's voice plays on, and its verdict comes with a later
    chunk (or `settle`). scripts/bench_live.py measures each look alone and both."""

    def __init__(
        self,
        recognizer: Recognizer,
        phrases: Sequence[str] = BARGE_IN_WORDS,
        canceller: EchoCanceller | None = None,
        stands_db: float | None = None,
        check: Callable[[bytes, str], bool] | None = None,
        background: bool = False,
        checked_db: float = CHECKED_DB,
    ) -> None:
        self.recognizer = recognizer
        self.canceller = canceller if canceller is not None else EchoCanceller()
        self.phrases = tuple(phrases)
        self.stands_db = stands_db
        self.check = check
        self.checked_db = checked_db
        self.refused: list[tuple[float, str, float | None]] = []  # (second, word, dB it stood)
        self.taken: list[tuple[float, str, float | None]] = []
        self._clean: deque[tuple[float, bytes, bytes]] = deque()  # (start, output, played)
        self._pool = ThreadPoolExecutor(1, "barge-in-check") if background and check else None
        self._pending: deque[tuple[Final, float | None, Future[bool]]] = deque()
        self.recognizer.reset()
        self.recognizer.set_vocabulary(
            Vocabulary(self.phrases, endpoint=0.4, commands=self.phrases)
        )

    def reset(self) -> None:
        """A new stretch of audio (the next line): forget the utterance and audio in progress;
        the canceller keeps what it learnt of the room."""
        self.recognizer.reset()
        self._clean.clear()

    def hear(self, chunk: AudioChunk, played: bytes) -> str | None:
        """The barge-in word heard by the end of this chunk of microphone audio, or None."""
        clean = self.canceller.cancel(chunk.audio, played)
        self._keep(chunk.start, clean, played)
        for event in self.recognizer.feed(AudioChunk(clean, chunk.start)):
            if isinstance(event, Final) and event.text in self.phrases:
                if self.judge(event):
                    return event.text
        return self._checked(wait=False)

    def settle(self) -> str | None:
        """The word a check still running finds, once it has (at the end of a line)."""
        return self._checked(wait=True)

    def _checked(self, wait: bool) -> str | None:
        word = None
        while self._pending and (wait or self._pending[0][2].done()):
            final, stood, verdict = self._pending.popleft()
            taken = verdict.result()
            (self.taken if taken else self.refused).append((final.end, final.text, stood))
            word = word or (final.text if taken else None)
        return word

    def _keep(self, start: float, clean: bytes, played: bytes) -> None:
        played = played[: len(clean)].ljust(len(clean), b"\0")
        self._clean.append((start, clean, played))
        while self._clean and self._clean[0][0] < start - HISTORY:
            self._clean.popleft()

    def _span(self, start: float, end: float) -> tuple[bytes, bytes]:
        """The canceller's output and what gm played from `start` to `end` (source seconds)."""
        if not self._clean:
            return b"", b""
        first = self._clean[0][0]
        clean = b"".join(c for _, c, _ in self._clean)
        played = b"".join(p for _, _, p in self._clean)
        lo, hi = (max(0, int(round((t - first) * RATE))) * 2 for t in (start, end))
        return clean[lo:hi], played[lo:hi]

    def stands(self, final: Final) -> float | None:
        """dB the word in `final` stands over what the canceller leaves of gm's voice: its loud
        tenth in the canceller's output against the loud tenth of what gm played over it (and
        just before, still echoing), less the same ratio's median over the last seconds gm's voice
        sounded. None when gm played nothing under it (nothing to mistake it for)."""
        word, _ = self._span(final.start, final.end)
        _, echo = self._span(final.start - ECHO_TAIL, final.end)
        word_db, echo_db = frame_levels(word), frame_levels(echo)
        if word_db.size == 0 or echo_db.size == 0 or echo_db.max() < PLAYING_DB:
            return None
        residue = self.canceller.residue
        ratio = float(np.percentile(word_db, 90) - np.percentile(echo_db, 90))
        return ratio - (0.0 if residue is None else residue)  # not adapted yet: no credit

    def judge(self, final: Final) -> bool:
        """Whether a word heard is taken now (False also while its check runs in the thread): a
        word said where gm played nothing, one standing `stands_db` over the canceller's residue
        of gm's voice, or one standing `checked_db` over it that `check` confirms; with neither
        rule, every word."""
        stood = self.stands(final)
        if stood is None or (self.stands_db is not None and stood >= self.stands_db):
            taken = True
        elif self.check is not None and stood >= self.checked_db:
            clean, _ = self._span(final.start - 0.3, final.end + 0.3)
            if self._pool is not None:
                self._pending.append(
                    (final, stood, self._pool.submit(self.check, clean, final.text))
                )
                return False
            taken = self.check(clean, final.text)
        else:
            taken = self.stands_db is None and self.check is None
        (self.taken if taken else self.refused).append((final.end, final.text, stood))
        return taken

    def hear_all(self, mic: bytes, played: bytes, block: int = 1600) -> list[tuple[float, str]]:
        """Every barge-in word heard in `mic` (16 kHz int16) while `played` sounded, with the
        second it was heard at, fed `block` samples at a time as a microphone delivers them."""
        found = []
        for i in range(0, len(mic) // 2, block):
            word = self.hear(
                AudioChunk(mic[i * 2 : (i + block) * 2], i / RATE), played[i * 2 : (i + block) * 2]
            )
            if word:
                found.append((i / RATE, word))
        return found


class WhisperCheck:
    """A second look at a barge-in word: Whisper (tiny.en, without a prompt that would lead it to
    the words) transcribes the canceller's output around it, and the word must be in the
    transcript, or be what gm's phrase matching makes of it ("Cause..." is "pause"). What gm's
    voice leaves came out as "but here", "the problem is", "I'm ready"."""

    def __init__(self, sharing: Recognizer | None = None) -> None:
        """`sharing`: the game's recogniser, whose model is used when it is Whisper."""
        from gm.speech.asr.whisper import WhisperRecognizer, WhisperSettings

        self.whisper = WhisperRecognizer(
            settings=WhisperSettings(prompt=False),
            sharing=sharing if isinstance(sharing, WhisperRecognizer) else None,
        )
        # The words as the vocabulary (not a prompt: settings.prompt is off) bound what Whisper
        # may write to a few tokens: on a word it mishears it loops ("Force Force Force ...").
        self.whisper.set_vocabulary(Vocabulary(BARGE_IN_WORDS))
        self.transcripts: list[str] = []

    def __call__(self, audio: bytes, word: str) -> bool:
        from gm.speech.asr.phrasing import normalise

        heard = self.whisper.transcribe(audio)
        self.transcripts.append(heard.text)
        found = self.whisper.alternatives(heard)  # matched by sound and spelling, as gm's ear does
        return word in normalise(heard.text).split() or (bool(found) and found[0].text == word)


BLOCK = 1600  # samples of gm's voice played at a time: 0.1 s, a microphone's block


def made_ahead(sounds: Iterator[Sound]) -> Iterator[Sound]:
    """The voice's sentences, the next one made in a thread while this one plays (as a sound
    device's queue lets VoiceSpeaker do): played a block at a time, a line would otherwise pause
    between its sentences for as long as the next takes to make."""
    made: queue.Queue[tuple[Sound | None, BaseException | None]] = queue.Queue()

    def make() -> None:
        try:
            for sound in sounds:
                made.put((sound, None))
            made.put((None, None))
        except BaseException as error:  # raised where the line is played
            made.put((None, error))

    threading.Thread(target=make, name="voice-ahead", daemon=True).start()
    while True:
        sound, error = made.get()
        if error is not None:
            raise error
        if sound is None:
            return
        yield sound


def can_barge_in(speaker: Speaker) -> bool:
    """Whether `speaker` plays gm's voice as audio (a sound device or a WAV file, alone or beside
    the console): what barge-in needs to hear gm's voice beside the microphone's audio."""
    from gm.speech.tts import TeeSpeaker, VoiceSpeaker

    parts = speaker.speakers if isinstance(speaker, TeeSpeaker) else (speaker,)
    return any(isinstance(part, VoiceSpeaker) for part in parts)


class BargeInSpeaker(Around):
    """gm's voice played a block at a time while the microphone is heard through the echo
    canceller beside what was played: a barge-in word stops the line.

    The speaker port's optional `stopped_by` tells the engine which word stopped the line just
    said. The microphone's audio read here is what half duplex would drop: what it holds from
    before the line is dropped; what it catches while the line's first sound is made is heard
    beside silence, so that each block played is heard beside the block it sounded in. `speaker` is
    gm's own (a VoiceSpeaker, or a TeeSpeaker holding one, see can_barge_in): its voice makes the
    line, its outputs play it, a console beside it prints it; `room` is one more output, the
    simulated room of the tests, where the microphone hears what is played."""

    def __init__(
        self, speaker: Speaker, source: AudioSource, barge: BargeIn, room: Output | None = None
    ) -> None:
        from gm.speech.tts import TeeSpeaker, VoiceSpeaker

        parts = speaker.speakers if isinstance(speaker, TeeSpeaker) else (speaker,)
        voiced = [part for part in parts if isinstance(part, VoiceSpeaker)]
        if not voiced:
            raise ValueError("barge-in needs a speaker that plays gm's voice (see can_barge_in)")
        self.speaker = speaker
        self.voice = voiced[0].voice
        self.outputs = tuple(part.output for part in voiced) + ((room,) if room else ())
        self.others = tuple(part for part in parts if not isinstance(part, VoiceSpeaker))
        self.source = source
        self.barge = barge
        self._stopped: str | None = None

    def say(self, text: str) -> float:
        self._stopped = None
        for other in self.others:
            other.say(text)
        self.source.flush()
        self.barge.reset()
        pending = bytearray()  # played, not yet heard beside the microphone's audio
        seconds = 0.0
        listening = True
        for sound in made_ahead(self.voice.sentences(text)):
            audio = sound.at(RATE)
            for at in range(0, len(audio), BLOCK * 2):
                block = audio[at : at + BLOCK * 2]
                if not seconds:  # heard while the line was made, before it sounded
                    listening = self._catch_up()
                for output in self.outputs:
                    output.put(Sound(block, RATE))
                seconds += len(block) / 2 / RATE
                pending += block
                while listening and len(pending) >= BLOCK * 2:
                    listening = self._hear(pending)
                if self._stopped:
                    self.barge.settle()  # no check left running into the next line
                    return self._drained(seconds)
        while listening and pending:
            listening = self._hear(pending)
        if not self._stopped:  # a word said as the line ended still counts
            self._stopped = self.barge.settle()
        return self._drained(seconds)

    def _catch_up(self) -> bool:
        """Hear what the microphone caught while the line's first sound was made, beside the
        silence gm played meanwhile, so that the line's blocks line up with the microphone's."""
        live = getattr(self.source, "live", None)  # a live source: what it holds, not yet read
        silence = bytearray()
        while live is not None and self.source.now + BLOCK / RATE <= self.source.live:
            silence[:] = bytes(BLOCK * 2)
            if not self._hear(silence):
                return False
        return True

    def _hear(self, pending: bytearray) -> bool:
        """Hear the microphone's next block beside what was played in it; False once a word
        stopped the line or the input has ended (the line is then played to its end, unheard)."""
        try:
            chunk = self.source.read()
        except DeviceLost:  # the engine finds it so when it next listens
            chunk = None
        if chunk is None:
            return False
        played = bytes(pending[: len(chunk.audio)])
        del pending[: len(chunk.audio)]
        self._stopped = self.barge.hear(chunk, played)
        return not self._stopped

    def _drained(self, seconds: float) -> float:
        for output in self.outputs:
            output.drain()
        return seconds

    def stopped_by(self) -> str | None:
        """The barge-in word that stopped the line just said, or None."""
        return self._stopped
