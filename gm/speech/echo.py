"""Barge-in: the few words that must win over gm's own voice, heard through an echo canceller.

A microphone hears the speaker. Half duplex drops everything captured while gm speaks; with an
echo canceller, what gm is playing is subtracted from what the microphone hears, and a
recogniser listening only for "stop", "wait", "pause" and "repeat" runs on what is left.

The canceller is speexdsp's acoustic echo canceller with its preprocessor, through the `pyaec`
wheel (ctypes over a prebuilt library: nothing to compile on a Raspberry Pi or a laptop). Of the
registry packages tried, `aec-audio-processing` (WebRTC's) and `speexdsp` ship only as sources
that need a compiler and the speexdsp headers; pyaec installs as a wheel and removes ~35 dB of
a delayed, reverberant echo once adapted (BENCHMARKS.md, "Live table"). Adapting takes the first
seconds of gm's speech, during which a word can be heard in gm's own voice, so one canceller
serves a whole game. Without it, gm stays half duplex; with it too, for now: wired into the
dialogue, it still heard words in gm's voice alone (BENCHMARKS.md, "Live table").
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from gm.speech.base import RATE, AudioChunk, Final, Recognizer, Vocabulary

FRAME = 160  # samples the canceller takes at a time: 10 ms
FILTER = 4096  # samples of echo tail it models: 256 ms of room
BARGE_IN_WORDS = ("stop", "wait", "pause", "repeat")


def echo_canceller_name() -> str | None:
    """The echo canceller gm would use, or None when none is installed (gm stays half duplex)."""
    try:
        import pyaec  # noqa: F401 - only whether it loads
    except Exception:  # ImportError, or OSError from its shared library
        return None
    return "pyaec (speexdsp's echo canceller)"


class EchoCanceller:
    """Subtracts what gm played from what the microphone heard, 10 ms at a time."""

    def __init__(self, filter_length: int = FILTER) -> None:
        from pyaec import Aec

        self._aec = Aec(FRAME, filter_length, RATE, True)
        self._mic = np.zeros(0, dtype=np.int16)
        self._played = np.zeros(0, dtype=np.int16)

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
        self._mic, self._played = self._mic[whole:], self._played[whole:]
        return np.asarray(out, dtype="<i2").tobytes()


class BargeIn:
    """Listens through the echo canceller, while gm speaks, for the words that stop it."""

    def __init__(
        self,
        recognizer: Recognizer,
        phrases: Sequence[str] = BARGE_IN_WORDS,
        canceller: EchoCanceller | None = None,
    ) -> None:
        self.recognizer = recognizer
        self.canceller = canceller if canceller is not None else EchoCanceller()
        self.phrases = tuple(phrases)
        self.recognizer.reset()
        self.recognizer.set_vocabulary(
            Vocabulary(self.phrases, endpoint=0.4, commands=self.phrases)
        )

    def hear(self, chunk: AudioChunk, played: bytes) -> str | None:
        """The barge-in word heard by the end of this chunk of microphone audio, or None."""
        clean = self.canceller.cancel(chunk.audio, played)
        for event in self.recognizer.feed(AudioChunk(clean, chunk.start)):
            if isinstance(event, Final) and event.text in self.phrases:
                return event.text
        return None

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
