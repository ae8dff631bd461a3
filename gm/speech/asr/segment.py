"""Voice activity endpointing shared by both recognisers.

Audio is cut into fixed 30 ms frames counted from the source clock, so where an utterance
starts and ends, and which samples a decoder sees, never depend on how the audio was chunked.
Only speech (with a short margin) reaches a decoder: silence costs almost nothing. In a noisy
room a frame must stand over the noise floor to count as speech; a steady noise (a fan, rain)
is taken out by WebRTC's noise suppression first, for the gate and for the decoder.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from typing import Union

import numpy as np
from pocketsphinx import Vad

from gm.speech.base import RATE, AsrEvent, AudioChunk, Final

FRAME_SAMPLES = 480  # 30 ms at 16 kHz, a frame size the WebRTC VAD accepts
FRAME_BYTES = FRAME_SAMPLES * 2
FRAME_SECONDS = FRAME_SAMPLES / RATE


@dataclass(frozen=True)
class Began:
    at: float  # source seconds of the first speech frame


@dataclass(frozen=True)
class Audio:
    data: bytes  # whole frames for the decoder, comfort noise added


@dataclass(frozen=True)
class Ended:
    start: float  # source seconds of the first speech frame
    end: float  # source seconds where the last speech frame ends
    overlong: bool = False  # longer than the limit: its audio stopped there, nothing to decode
    noisy: bool = False  # the room was not quiet (Segmenter.quiet) as the utterance ended


SegmentEvent = Union[Began, Audio, Ended]


class Suppressor:
    """WebRTC's noise suppression (the webrtc-noise-gain package) on 30 ms frames, ten
    milliseconds at a time; while it runs it learns the noise, whether or not its output is used."""

    def __init__(self, level: int) -> None:
        from webrtc_noise_gain import AudioProcessor  # no wheel for Windows: see suppressor()

        self._processor = AudioProcessor(0, level)  # no automatic gain

    def __call__(self, frame: bytes) -> bytes:
        step = FRAME_BYTES // 3
        return b"".join(
            self._processor.Process10ms(frame[at : at + step]).audio
            for at in range(0, FRAME_BYTES, step)
        )


def suppressor(level: int) -> Suppressor | None:
    """A Suppressor, or None where its package is not installed (gm then hears steady noise
    as it did without one)."""
    try:
        return Suppressor(level)
    except ImportError:
        return None


class _Floor:
    """A noise floor: the quietest 90 ms (three frames averaged) of the last `frames` frames."""

    def __init__(self, frames: int) -> None:
        self._energies: deque[float] = deque(maxlen=3)
        self._levels: deque[float] = deque(maxlen=frames)
        self.db = 0.0  # the floor after the last frame heard

    def above(self, samples: np.ndarray, margin: float) -> bool:
        """Hear one frame; whether it stands `margin` dB over the floor (itself included)."""
        level = _level(samples)
        self._energies.append(level)
        self._levels.append(sum(self._energies) / len(self._energies))
        self.db = min(self._levels)
        return level >= self.db + margin

    @property
    def full(self) -> bool:
        return len(self._levels) == self._levels.maxlen

    def spread(self) -> float:
        """dB from the quietest of the frames to the quarter above it (asked of a full floor:
        the Segmenter asks once its suppressed floor, which fills no sooner, is full)."""
        levels = sorted(self._levels)
        return levels[len(levels) // 4] - levels[0]

    def clear(self) -> None:
        self._levels.clear()


def _comfort_noise(seed: int = 7) -> np.ndarray:
    """Two seconds of faint fixed white noise (about -60 dBFS).

    Digital silence (exact zeros, as in synthesised WAVs) wrecks cepstral mean normalisation;
    a real microphone never delivers it, so the decoder gets a noise floor like one.
    """
    rng = np.random.default_rng(seed)
    return np.round(rng.normal(0.0, 30.0, 2 * RATE)).astype(np.int32)


@dataclass(frozen=True)
class SegmenterSettings:
    endpoint: float = 0.7  # seconds of trailing non-speech that end an utterance
    start_window: int = 8  # frames looked at to decide that speech began
    start_frames: int = 5  # of which this many must be speech (0.15 s)
    preroll: int = 10  # frames before the first speech frame given to the decoder
    tail: int = 10  # frames of a pause given to the decoder before holding the rest back
    max_frames: int = 400  # 12 s: a longer utterance is cut (chatter must not hold the decoder)
    vad_mode: int = Vad.LOOSE
    # The VAD calls background talk, music and fan noise speech, so in a noisy room an
    # utterance never ended. A voice that speaks to gm is louder than the room: once the noise
    # floor (the quietest 90 ms in the last `floor_frames`) is above `floor_quiet_db`, a frame
    # counts as speech only `floor_margin_db` above it. None: the VAD alone decides.
    floor_margin_db: float | None = 12.0
    floor_quiet_db: float = 38.0  # dB of int16 RMS (about -52 dBFS): quieter rooms need no gate
    floor_frames: int = 67  # 2 s
    # A steady noise (a fan, rain, a hum) stands as loud as a voice 10 dB over it, so the gate
    # above cuts the voice too. Where the room is not quiet and its quieter frames lie within
    # `steady_spread_db` of each other (the quarter of `floor_frames` above the quietest; babble
    # and music spread wider), WebRTC's noise suppression takes the noise out: the gate also
    # lets through a frame `suppressed_margin_db` above the suppressed floor, and the decoder
    # gets the suppressed audio. None: never.
    steady_spread_db: float | None = 2.5
    suppression_level: int = 2  # WebRTC's noise suppression level, 1 (mild) to 4
    suppressed_margin_db: float = 8.0  # over the suppressed floor (6: the same; 12 cuts weak words)


# A decoded phrase whose words stand this far above the rest of its utterance (the loud 10% of
# frames compared) was said over the room's noise: the rest is noise the endpointer took for
# speech, and the phrase took only as long as its words. Talk around a phrase is about as loud.
PHRASE_MARGIN_DB = 12.0
_GUARD_FRAMES = 3  # frames either side of the words left out of "the rest": their edges


def _level(frame: np.ndarray) -> float:
    """dB of int16 RMS of one frame, as _levels gives it (its sum of squares is exact in float64,
    whatever the order of the sum), for the endpointer's every frame at less cost."""
    samples = frame.astype(np.float64)
    return float(np.log10(np.array([samples.dot(samples) / FRAME_SAMPLES + 1.0]))[0] * 10.0)


def _levels(samples: np.ndarray) -> np.ndarray:
    """dB of int16 RMS of each whole frame."""
    count = samples.size // FRAME_SAMPLES
    frames = samples[: count * FRAME_SAMPLES].astype(np.float64).reshape(count, FRAME_SAMPLES)
    return 10.0 * np.log10(np.mean(frames * frames, axis=1) + 1.0)


def _placement(audio: bytes, words: tuple[float, float]) -> tuple[bool, float | None]:
    """Whether the decoder's `words` (seconds from the start of `audio`) cover a frame, and how
    many dB their loud tenth stands over the loud tenth of the rest of the utterance (None: there
    is no rest, the words fill it)."""
    levels = _levels(np.frombuffer(audio, dtype="<i2"))
    first, last = (int(round(t * RATE / FRAME_SAMPLES)) for t in words)
    inside = levels[first:last]
    rest = np.concatenate([levels[: max(0, first - _GUARD_FRAMES)], levels[last + _GUARD_FRAMES :]])
    if inside.size == 0:
        return False, None
    return True, (float(np.percentile(inside, 90) - np.percentile(rest, 90)) if rest.size else None)


def word_timing(audio: bytes, words: tuple[float, float] | None) -> dict:
    """Final's `said`, `buried` and `stands` for a phrase the decoder put at `words` in `audio`
    (every sample the decoder got for the utterance; `words` in seconds from its start, None: no
    phrase placed).

    `said`: how long the phrase took to say, when that can be told from the noise. When its words
    stand PHRASE_MARGIN_DB above the rest, the phrase took as long as its words: under steady noise
    the VAD calls the noise speech too, and "three" in 2 s of it is still someone saying "three",
    not talk. None otherwise: the endpointer's span is all there is. `buried`: placed, but not
    standing out so from the sound around it. `stands`: the dB its words stood over the rest (None:
    not known)."""
    if words is None:
        return {"said": None, "buried": False, "stands": None}
    covered, stands = _placement(audio, words)
    said = (
        words[1] - words[0] if covered and (stands is None or stands >= PHRASE_MARGIN_DB) else None
    )
    return {
        "said": said,
        "buried": said is None,
        "stands": None if stands is None else round(stands, 1),
    }


SHORTEST_PHRASE = (
    0.16  # seconds: espeak-ng's twelve English voices say "b" in 0.21 s at 300 words a minute
)
# A choice a grammar recogniser gives less confidence than this is one the engine confirms first
# (gm.dialog.engine.EngineConfig.doubtful).
DOUBTED = 0.5


def least_seconds(phrase: str) -> float:
    """Shorter than this, an utterance is not someone saying `phrase` but a scrap of sound a
    grammar stretched it over ("repeat that" from 0.18 s of babble): 0.03 s a letter, at most two
    thirds of what espeak-ng takes at 260 words a minute (docs/recognition.md),
    and never under SHORTEST_PHRASE. The endpointer's shortest utterance, 0.15 s (five frames of
    speech), is a click, a clap or a drum beat: music's drums were heard as "undo" in it
    (docs/recognition.md)."""
    return max(0.03 * sum(c.isalpha() for c in phrase), SHORTEST_PHRASE)


def grammar_final(final: Final, phrases: frozenset[str], commands: frozenset[str]) -> Final:
    """What a grammar recogniser (PocketSphinx, Vosk) hands on of `final`: nothing (no
    alternatives), as when its garbage loop wins, where its first alternative is one of its
    `phrases` made of sound nobody said to gm. A grammar always finds its best phrase, so

    - a phrase heard in less time than anyone says it (least_seconds) is a scrap of noise the
      grammar stretched it over;
    - a choice (not one of `commands`) it doubts (confidence under DOUBTED, or heard only on a
      second look: Final.doubted) whose words stood no louder than the sound around them
      (Final.buried) came out of talk or noise as loud as a voice.

    With PocketSphinx, switching the first off took one decision more in 12.4 min of off-script
    talk and one more wrong command in steady babble at 20 dB and at 10 dB; the second, one more
    wrong number on the corpus's clean clips. With Whisper, neither changed a decision, so the
    engine no longer applies them (BENCHMARKS.md, "Shared rules with and without")."""
    if not final.alternatives or final.alternatives[0].text not in phrases:
        return final  # nothing heard, or the word model's open transcription
    first = final.alternatives[0]
    scrap = final.end - final.start < least_seconds(first.text)
    doubted = first.confidence < DOUBTED or final.doubted
    if scrap or (final.buried and doubted and first.text not in commands):
        return replace(final, alternatives=())
    return final


_CORE_PAD_FRAMES = 10  # frames kept either side of the loud core, as the preroll
_CORE_SHORTER = 0.5  # seconds the core must save to be worth decoding again


def loud_core(audio: bytes) -> bytes | None:
    """The stretch of an utterance's audio from its first to its last frame within
    PHRASE_MARGIN_DB of its loud 10%, with a margin either side; None when that is not
    _CORE_SHORTER shorter than the whole.

    When noise starts with a voice (a tap, music, a second conversation further off), the noise
    floor has not learnt it yet and the utterance runs on through seconds of it, which the
    garbage loop explains better than the phrase. The voice for gm is the loudest thing in it.
    """
    levels = _levels(np.frombuffer(audio, dtype="<i2"))
    if levels.size == 0:
        return None
    loud = np.nonzero(levels >= np.percentile(levels, 90) - PHRASE_MARGIN_DB)[0]
    first = max(0, int(loud[0]) - _CORE_PAD_FRAMES)
    last = min(levels.size, int(loud[-1]) + 1 + _CORE_PAD_FRAMES)
    if (levels.size - (last - first)) * FRAME_SECONDS < _CORE_SHORTER:
        return None
    return audio[first * FRAME_BYTES : last * FRAME_BYTES]


class Segmenter:
    """Turns chunks into Began / Audio / Ended events on a fixed frame grid."""

    def __init__(self, settings: SegmenterSettings | None = None) -> None:
        self.settings = settings or SegmenterSettings()
        self._limit: float | None = None
        self._noise = _comfort_noise()
        # The room's noise outlives an utterance: reset() keeps what the floor and the
        # suppressor have learnt. The suppressor runs only while the room is not quiet.
        self._floor = _Floor(self.settings.floor_frames)
        self._suppress = (
            suppressor(self.settings.suppression_level)
            if self.settings.steady_spread_db is not None
            else None
        )
        self._suppressed_floor = _Floor(self.settings.floor_frames)
        self.steady = False  # the noise is steady: the gate and the decoder use suppressed audio
        self.reset()

    @property
    def quiet(self) -> bool:
        """The room is quiet: its noise floor lies under `floor_quiet_db`."""
        return self._floor.db < self.settings.floor_quiet_db

    def reset(self) -> None:
        """Forget everything: partial frame, history, utterance in progress, the VAD's own state."""
        self._vad = Vad(self.settings.vad_mode, RATE, FRAME_SECONDS)
        for index in range(10):  # a fresh VAD calls its first frames speech: let it settle on noise
            self._vad.is_speech(self._noisy(bytes(FRAME_BYTES), index))
        self._origin: float | None = None  # source seconds of frame 0
        self._pending = b""
        self._index = 0  # frames seen since origin
        self._history: deque[tuple[bytes, bool]] = deque(
            maxlen=self.settings.preroll + self.settings.start_window
        )
        self._in_speech = False
        self._recent: deque[bool] = deque(maxlen=3)
        self._start_index = 0
        self._last_speech = 0  # index of the last speech frame of the utterance
        self._trailing = 0
        self._held: list[bytes] = []
        self._length = 0
        self._overlong = False

    def set_endpoint(self, seconds: float) -> None:
        self.settings = replace(self.settings, endpoint=seconds)

    def set_limit(self, seconds: float | None) -> None:
        """Speech longer than `seconds` cannot be anything listened for (Vocabulary.longest):
        from there on its audio is held back, so no decoder spends time on it, and its Ended
        says `overlong`. The utterance still ends where it ends. None: no limit."""
        self._limit = seconds

    @property
    def now(self) -> float:
        """Source seconds at the end of the last whole frame."""
        return self.time_of(self._index)

    def time_of(self, index: int) -> float:
        return (self._origin or 0.0) + index * FRAME_SECONDS

    def push(self, chunk: AudioChunk) -> list[SegmentEvent]:
        events: list[SegmentEvent] = []
        expected = (
            None
            if self._origin is None
            else self.time_of(self._index) + len(self._pending) / 2 / RATE
        )
        if expected is None or abs(chunk.start - expected) > 1.0 / RATE:
            # A gap or a jump on the source clock (audio dropped while gm spoke): start a new grid.
            events += self._close()
            self._origin, self._pending, self._index = chunk.start, b"", 0
            self._history.clear()
        data = self._pending + chunk.audio
        whole = len(data) - len(data) % FRAME_BYTES
        for offset in range(0, whole, FRAME_BYTES):
            events += self._frame(data[offset : offset + FRAME_BYTES])
        self._pending = data[whole:]
        return events

    def finish(self) -> list[SegmentEvent]:
        """End of input: the utterance in progress (if any) ends at its last speech frame."""
        events = self._close()
        self._pending = b""
        return events

    def _close(self) -> list[SegmentEvent]:
        if not self._in_speech:
            return []
        return self._end()

    def cut(
        self,
        audio: bytes,
        start: float = 0.0,
        noisy: bool = False,
        speech: tuple[float, float] | None = None,
    ) -> list[SegmentEvent]:
        """The events this endpointer would give for `audio` (source seconds from `start`) cut
        perfectly into one utterance, in a room that is `noisy` or quiet: all of it to the decoder,
        its comfort noise added; Began and Ended at `speech` (seconds into `audio`: where the speech
        lies, its preroll and tail around it), else at its ends (the recognisers' `hear`). Nothing
        of the segmenter's state changes."""
        frames = [
            audio[at : at + FRAME_BYTES]
            for at in range(0, len(audio) - FRAME_BYTES + 1, FRAME_BYTES)
        ]
        data = b"".join(self._noisy(frame, index) for index, frame in enumerate(frames))
        first, last = speech if speech is not None else (0.0, len(frames) * FRAME_SECONDS)
        return [Began(start + first), Audio(data), Ended(start + first, start + last, noisy=noisy)]

    def _noisy(self, frame: bytes, index: int) -> bytes:
        return self._noisy_samples(frame, index).astype("<i2").tobytes()

    def _noisy_samples(self, frame: bytes, index: int) -> np.ndarray:
        samples = np.frombuffer(frame, dtype="<i2").astype(np.int32)
        offset = (index * FRAME_SAMPLES) % (self._noise.size - FRAME_SAMPLES)
        return np.clip(samples + self._noise[offset : offset + FRAME_SAMPLES], -32768, 32767)

    def _frame(self, frame: bytes) -> list[SegmentEvent]:
        index = self._index
        self._index += 1
        samples = self._noisy_samples(frame, index)
        noisy = samples.astype("<i2").tobytes()
        speech = bool(self._vad.is_speech(noisy))  # on exact zeros the VAD can stick in 'speech'
        if self.settings.floor_margin_db is not None:
            loud = self._floor.above(samples, self.settings.floor_margin_db)
            quiet = self.quiet
            if self._suppress is not None and quiet and not self.steady:
                self._suppressed_floor.clear()  # a quiet room: nothing to take out
            elif self._suppress is not None:
                suppressed = self._noisy_samples(self._suppress(frame), index)
                over = self._suppressed_floor.above(suppressed, self.settings.suppressed_margin_db)
                if not self._in_speech:  # an utterance keeps the audio it began with
                    # (once the suppressor has heard the room for as long as the floor looks back)
                    self.steady = (
                        not quiet
                        and self._suppressed_floor.full
                        and self._floor.spread() < self.settings.steady_spread_db
                    )
                if self.steady:
                    noisy, loud = suppressed.astype("<i2").tobytes(), loud or over
            speech = speech and (quiet or loud)
        if not self._in_speech:
            self._history.append((noisy, speech))
            window = list(self._history)[-self.settings.start_window :]
            if sum(flag for _, flag in window) < self.settings.start_frames:
                return []
            first = (
                len(self._history)
                - len(window)
                + next(i for i, (_, flag) in enumerate(window) if flag)
            )
            begin = max(0, first - self.settings.preroll)
            frames = list(self._history)[begin:]
            self._in_speech = True
            self._start_index = index - (len(self._history) - 1 - first)
            self._last_speech = index
            self._trailing = 0
            self._held = []
            self._length = len(frames)
            self._overlong = False
            self._recent.clear()
            self._recent.extend([True] * 3)
            self._history.clear()
            return [Began(self.time_of(self._start_index)), Audio(b"".join(f for f, _ in frames))]
        self._recent.append(speech)
        self._length += 1
        events: list[SegmentEvent] = []
        if sum(self._recent) >= 2:
            if self._held:
                events.append(Audio(b"".join(self._held)))
                self._held = []
            events.append(Audio(noisy))
            if speech:
                self._last_speech = index
            self._trailing = 0
        else:
            self._trailing += 1
            if self._trailing <= self.settings.tail:
                events.append(Audio(noisy))
            else:
                self._held.append(noisy)
        if self._limit is not None and not self._overlong:
            self._overlong = (
                self._last_speech + 1 - self._start_index
            ) * FRAME_SECONDS > self._limit
        if self._overlong:
            events = [e for e in events if not isinstance(e, Audio)]
        silence_frames = index - self._last_speech
        if (
            silence_frames * FRAME_SECONDS >= self.settings.endpoint
            or self._length >= self.settings.max_frames
        ):
            events += self._end()
        return events

    def _end(self) -> list[SegmentEvent]:
        self._in_speech = False
        self._held = []
        self._history.clear()
        return [
            Ended(
                self.time_of(self._start_index),
                self.time_of(self._last_speech + 1),
                self._overlong,
                not self.quiet,
            )
        ]


class Endpointed:
    """What the recognisers share that listen through a Segmenter: they feed it, and their
    `_handle` turns its events (Began, Audio, Ended) into recogniser events."""

    _segmenter: Segmenter

    def _handle(self, events: list[SegmentEvent]) -> list[AsrEvent]:
        raise NotImplementedError

    def reset(self) -> None:
        raise NotImplementedError

    def feed(self, chunk: AudioChunk) -> list[AsrEvent]:
        return self._handle(self._segmenter.push(chunk))

    def flush(self) -> list[AsrEvent]:
        return self._handle(self._segmenter.finish())

    def hear(
        self,
        audio: bytes,
        start: float = 0.0,
        noisy: bool = False,
        speech: tuple[float, float] | None = None,
    ) -> Final:
        """What the recogniser makes of `audio` cut perfectly (Segmenter.cut), the endpointer
        bypassed: scripts/bench.py measures with it how much of what is lost the endpointer loses.
        """
        self.reset()
        return next(
            e
            for e in self._handle(self._segmenter.cut(audio, start, noisy, speech))
            if isinstance(e, Final)
        )
