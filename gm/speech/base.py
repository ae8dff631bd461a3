"""The three ports of the speech edge: where audio comes from, what hears it, what speaks.

Nothing outside gm/speech/ imports an engine; the dialogue engine sees only these types.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from typing import Iterable, Protocol, Sequence, Union

import numpy as np

RATE = 16000  # Hertz: every source yields 16 kHz mono signed 16-bit little-endian audio


class SpeechError(RuntimeError):
    """A device, model or file problem a person can fix; the message is one clear sentence."""


class DeviceLost(SpeechError):
    """The microphone stopped delivering sound in the middle of a game."""


@dataclass(frozen=True)
class AudioChunk:
    """A run of 16 kHz mono int16 samples and where it starts on the source's clock."""

    audio: bytes  # little-endian int16 samples
    start: float  # seconds since the source opened

    @property
    def samples(self) -> int:
        return len(self.audio) // 2

    @property
    def seconds(self) -> float:
        return self.samples / RATE

    @property
    def end(self) -> float:
        return self.start + self.seconds


class AudioSource(Protocol):
    """Microphone or WAV file; nothing downstream can tell them apart."""

    def read(self) -> AudioChunk | None:
        """The next chunk, blocking until it is there; None when a file has ended."""

    def flush(self) -> None:
        """Drop what was captured and not read yet (the game master's own voice)."""

    @property
    def now(self) -> float:
        """Seconds on the source clock: samples delivered so far (wall time for a device)."""

    def close(self) -> None: ...


def chatter_seconds(phrase: str) -> float:
    """Longer than this, an utterance is not someone saying `phrase` but talk the grammar forced
    onto it (a slow speaker takes about 0.5 s a word; the endpointer adds some margin)."""
    return 1.5 + 0.5 * len(phrase.split())


@dataclass(frozen=True)
class Vocabulary:
    """What the recogniser should listen for during one ask."""

    phrases: tuple[str, ...] = ()  # closed phrases; anything else should come back empty
    free: bool = False  # open speech allowed (phrases and hints are favoured)
    hints: tuple[str, ...] = ()  # words to favour in open speech
    endpoint: float = 0.7  # seconds of trailing silence that end an utterance
    # Those of `phrases` that are commands: said at any moment and mostly not confirmed, so the
    # recogniser may check one heard in a long utterance against open transcription.
    commands: tuple[str, ...] = ()
    # A phrase may be followed by more words, as a reply to "Is that right?" is ("no, it was a
    # kitten"): a recogniser that transcribes prose hands back what was said when it is not one
    # of the phrases (and hears it to its end: see `longest`); a grammar hears the phrases as
    # ever, and longer speech as chatter.
    followed: bool = False
    # Open speech whose answer is one word, said alone (Ask.one_word): a word with nothing around
    # it is what a transcribing recogniser mishears most ("yak" written "yeah"), so it may give
    # the word context of its own (Whisper's lead-in, gm.speech.asr.whisper).
    one_word: bool = False
    # Open speech that may be several hints in one breath (Ask.several): a grammar listens for a
    # list of them, joined by "and" or a pause, not one hint alone.
    several: bool = False

    @property
    def longest(self) -> float | None:
        """Seconds of speech beyond which an utterance is none of the phrases, only chatter: a
        grammar's recogniser may stop decoding it. None for open speech, which has no such bound;
        a recogniser that transcribes prose ignores it when the phrases may be `followed`."""
        if self.free or not self.phrases:
            return None
        return max(chatter_seconds(phrase) for phrase in self.phrases)


@dataclass(frozen=True)
class Alternative:
    text: str  # lower case words, "" for the garbage / unknown path
    confidence: float  # 0..1, comparable within one engine only


@dataclass(frozen=True)
class SpeechStarted:
    at: float  # source seconds


@dataclass(frozen=True)
class Partial:
    text: str
    at: float


@dataclass(frozen=True)
class Final:
    """One finished utterance. No alternatives (or only empty ones) means nothing in vocabulary."""

    alternatives: tuple[Alternative, ...]
    start: float  # source seconds: where the endpointer found speech begin and end
    end: float
    # Seconds the first alternative's words took, where the recogniser could tell them from the
    # noise around them (the endpointer counts steady noise as speech); None: not known.
    said: float | None = None
    # True when the recogniser placed the first alternative's words and they did not stand out
    # from the sound around them: it came out of talk or noise as loud as itself (a grammar
    # recogniser drops a doubted choice so heard: segment.grammar_final).
    buried: bool = False
    # dB the loud tenth of those words stood over the loud tenth of the rest of the utterance
    # (segment.word_timing); None: not known (no words placed, or nothing around them).
    stands: float | None = None
    # True when the recogniser heard the first alternative only on a second, looser look (a slow
    # answer the garbage loop had won): it is confirmed first, whatever its confidence.
    doubted: bool = False
    # True when the room was not quiet as the utterance ended (talk, music or noise around it): an
    # undo or a skip heard then is confirmed first (gm.dialog.intents.CONFIRMED_COMMANDS).
    noisy: bool = False

    @property
    def seconds(self) -> float:
        """How long the utterance took: the words' own time where known, else the endpointer's."""
        return self.said if self.said is not None else self.end - self.start

    @property
    def text(self) -> str:
        return self.alternatives[0].text if self.alternatives else ""


AsrEvent = Union[SpeechStarted, Partial, Final]


class Recognizer(Protocol):
    name: str  # "vosk" or "sphinx"

    def set_vocabulary(self, vocabulary: Vocabulary) -> None:
        """Takes effect from the next utterance; an utterance in progress is dropped."""

    def feed(self, chunk: AudioChunk) -> list[AsrEvent]:
        """Events in order; results must not depend on how the audio is chunked."""

    def flush(self) -> list[AsrEvent]:
        """End of input: finish any utterance in progress."""

    def reset(self) -> None:
        """Forget any audio and utterance in progress."""


class Speaker(Protocol):
    """What speaks. Besides these methods a speaker may have `prepare(texts)`: make those lines
    ahead, in the background, so that saying them later starts at once (returns at once). The
    engine calls it where a speaker has it; one that has not just makes each line when said.
    A speaker that hears the table while it speaks (barge-in, gm.speech.echo) has `stopped_by()`:
    the word said over its voice that stopped the line just said, or None."""

    def say(self, text: str) -> float:
        """Speak (blocking) and return how long it took in seconds of audio."""

    def tone(self, frequency: float, seconds: float) -> float:
        """A short beep, for the last seconds of a countdown."""

    def play(self, audio: bytes) -> float:
        """Other voices as they are (16 kHz int16): the demo's simulated players."""

    def close(self) -> None: ...


# A line's first clause, when it is short and the line goes on: "Player three, | new theme: ...".
_FIRST_CLAUSE = re.compile(r"^([^.?!]{1,40}?[,;:])\s+(\S.*)$", re.S)
SHORT_LINE = (
    4  # words: a line this short with no fields ("Time!", "Ten seconds.") is said again and again
)


def pieces(text: str) -> tuple[str, ...]:
    """A line as the pieces a voice makes and keeps one by one: a short first clause on its own,
    then the rest. "Player three," starts to sound after the time it takes to make, not the whole
    first sentence's, and, said at every turn, it is kept once made (BENCHMARKS.md, "Voice")."""
    text = text.strip()
    if not text:
        return ()
    first = _FIRST_CLAUSE.match(text)
    return (first.group(1), first.group(2)) if first else (text,)


def frequent(templates: Iterable[str], seats: Sequence[str]) -> tuple[str, ...]:
    """The pieces of a game's lines that are said again and again, to be made before play starts:
    short whole sentences without fields ("Time!", "Turn lost."), and the first clauses whose
    only field is the seat, for every seat ("Player three,"). Only sentences count: a template
    in lower case is a phrase said inside another line ("player {seat} passed")."""
    found: dict[str, None] = {}
    for template in templates:
        text = template.strip()
        if not text[:1].isupper():
            continue
        fields = {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
        if not fields and len(text.split()) <= SHORT_LINE and text.endswith((".", "!", "?")):
            found[text] = None
        parts = pieces(text)
        if len(parts) == 2 and {
            name for _, name, _, _ in string.Formatter().parse(parts[0]) if name
        } == {"seat"}:
            found.update((parts[0].format(seat=seat), None) for seat in seats)
    return tuple(found)


@dataclass(frozen=True)
class Sound:
    """Mono int16 audio and the rate it was made at; resampled only where it is played."""

    audio: bytes
    rate: int

    @property
    def seconds(self) -> float:
        return len(self.audio) / 2 / self.rate

    def at(self, rate: int) -> bytes:
        """The audio at `rate`, resampled once with soxr's high quality (band-limited) filter."""
        if rate == self.rate or not self.audio:
            return self.audio
        import soxr

        samples = np.frombuffer(self.audio, dtype="<i2")
        return soxr.resample(samples, self.rate, rate, quality="HQ").astype("<i2").tobytes()


class Around:
    """A speaker around another: what it does not change (sounds of other voices, lines made
    ahead where the wrapped speaker can, closing) goes to the wrapped one. The real-time clock
    (gm.speech.realtime.Timed) and barge-in (gm.speech.echo.BargeInSpeaker) are two such."""

    speaker: Speaker

    def tone(self, frequency: float, seconds: float) -> float:
        return self.speaker.tone(frequency, seconds)

    def play(self, audio: bytes) -> float:
        """Other voices (the demo's players) sound as the wrapped speaker plays them."""
        return self.speaker.play(audio)

    def prepare(self, texts: Sequence[str]) -> None:
        """Lines made ahead by the wrapped speaker, where it can (the port's optional `prepare`)."""
        prepare = getattr(self.speaker, "prepare", None)
        if prepare is not None:
            prepare(texts)

    def stopped_by(self) -> str | None:
        """The word that stopped the line just said, where the wrapped speaker hears one (the
        port's optional `stopped_by`: gm.speech.echo.BargeInSpeaker)."""
        stopped_by = getattr(self.speaker, "stopped_by", None)
        return stopped_by() if stopped_by is not None else None

    def close(self) -> None:
        self.speaker.close()
