"""gm's voice: a Piper neural voice (piper-tts, ONNX on the CPU).

Piper is what Home Assistant speaks with; read by it, the game's lines come back from a Whisper
listener with under 2% of their words wrong, against 35% read by espeak-ng (BENCHMARKS.md, "Voice").
piper-tts's own PiperVoice.load gives onnxruntime every core; gm builds onnxruntime's runner itself
with one thread, so the recogniser keeps a core while the next line is being made in the background.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Iterator

from gm.speech.base import Sound, SpeechError
from gm.speech.models import sha256
from gm.speech.voices import pinned

# words a minute that length scale 1 stands for: pyttsx3's default pace, so [voice] rate means the
# same in both
PACE = 200
SLOWEST, FASTEST = 100, 400  # words a minute: length scale 2 to 0.5, beyond which Piper garbles


# Piper makes a sentence in one run, whose memory grows with its length (a 300-word sentence
# without a full stop took 1.4 GB, 3,000 words more than the machine had): longer ones are said
# in pieces of at most this many words, cut at a comma where there is one.
MAX_WORDS = 40


def bounded(text: str) -> Iterator[str]:
    """`text` in pieces Piper makes in bounded memory: its sentences, and a sentence of more
    than MAX_WORDS words cut after its commas, else every MAX_WORDS words."""
    for sentence in re.split(r"(?<=[.!?])\s+", text.strip()):
        words = sentence.split()
        if len(words) <= MAX_WORDS:
            if words:
                yield sentence
            continue
        piece: list[str] = []
        for word in words:
            piece.append(word)
            if len(piece) >= MAX_WORDS or (word.endswith(",") and len(piece) >= MAX_WORDS // 4):
                yield " ".join(piece)
                piece = []
        if piece:
            yield " ".join(piece)


def check_rate(rate: int | None) -> None:
    """A Piper voice's pace, words a minute, or SpeechError in one sentence."""
    if rate is not None and not SLOWEST <= rate <= FASTEST:
        raise SpeechError(
            f"The speaking rate of a Piper voice must be between {SLOWEST} and {FASTEST} words a "
            f"minute, not {rate}."
        )


# One thread: on two loaded cores shared with the recogniser, two threads made the game's lines no
# faster by the clock and cost more CPU time (real-time factor 0.250 / 0.277 by the clock, 0.081 /
# 0.088 by CPU time, BENCHMARKS.md "Voice"); the other core stays the recogniser's.
THREADS = 1
SYSTEM_VOICE = "use the system voice with --voice-engine pyttsx3"


class _GivingBack:
    """onnxruntime's runner, made to return a sentence's working memory once it is made.

    A Piper voice's decoder needs more working memory the longer the sentence it makes, and
    onnxruntime's CPU arena keeps the most it ever needed: with it the voice held 197 MB after
    the game's short lines and 280 MB after a 30-word sentence. Shrinking the arena after each
    run (onnxruntime's "memory.enable_memory_arena_shrinkage") and asking glibc to hand the
    freed pages back (malloc_trim) keeps 118 MB between lines, for no higher peak and about a
    tenth more CPU time (BENCHMARKS.md, "Voice"). piper-tts calls only `run`.
    """

    def __init__(self, runner) -> None:  # onnxruntime's model runner
        import ctypes

        import onnxruntime

        self._runner = runner
        self._options = onnxruntime.RunOptions()
        self._options.add_run_config_entry("memory.enable_memory_arena_shrinkage", "cpu:0")
        try:
            self._trim = ctypes.CDLL(None).malloc_trim  # glibc's; other C libraries have none
        except (AttributeError, OSError):
            self._trim = None

    # the arguments and result of the wrapped runner's run
    def run(self, output_names, feeds, run_options=None):
        try:
            return self._runner.run(output_names, feeds, run_options or self._options)
        finally:
            if self._trim is not None:
                self._trim(0)


class PiperSynth:
    """Text to audio at the voice's own rate (22,050 Hz for a medium voice), a sentence a time."""

    def __init__(
        self,
        onnx: str | Path,
        rate: int | None = None,
        volume: float | None = None,
        threads: int = THREADS,
        give_back: bool = True,
        headroom: float = 0.0,
    ) -> None:
        """`threads` and `give_back` (the working memory returned after each sentence) are there
        to be measured (scripts/bench_voice.py); gm uses the defaults. `headroom`: decibels below
        full scale, where Piper brings every sentence."""
        if volume is not None and not 0.0 <= volume <= 1.0:
            raise SpeechError(f"The volume must be between 0 and 1, not {volume}.")
        check_rate(rate)
        self.path = Path(onnx)
        self.name = self.path.name.removesuffix(".onnx")
        expected = pinned(self.path)
        if expected is not None and sha256(self.path) != expected:
            raise SpeechError(
                f"The Piper voice file {self.path} is damaged (its SHA-256 is not the published "
                "one); "
                f"download it again with 'gm voices download {self.name}', or {SYSTEM_VOICE}."
            )
        try:
            import onnxruntime
            from piper import PiperVoice, SynthesisConfig
            from piper.config import PiperConfig
        except ImportError:
            raise SpeechError(
                f"Piper is not installed ('pip install piper-tts'); {SYSTEM_VOICE}."
            ) from None
        try:
            config = PiperConfig.from_dict(
                json.loads(self.path.with_name(self.path.name + ".json").read_text("utf-8"))
            )
            options = onnxruntime.SessionOptions()
            options.intra_op_num_threads, options.inter_op_num_threads = threads, 1
            # Idle threads sleep instead of spinning: between lines the recogniser needs the cores.
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            runner = onnxruntime.InferenceSession(
                str(self.path), sess_options=options, providers=["CPUExecutionProvider"]
            )
        except (
            Exception
        ):  # OSError, a bad JSON or a missing key, onnxruntime's Fail / InvalidProtobuf
            raise SpeechError(
                f"The Piper voice {self.path} cannot be read (the file is damaged or not a voice); "
                f"download it again, or {SYSTEM_VOICE}."
            ) from None
        self._voice = PiperVoice(
            _GivingBack(runner) if give_back else runner,
            config,  # PiperVoice(runner, config)
        )
        self.rate = config.sample_rate
        self._config = SynthesisConfig(
            length_scale=None if rate is None else config.length_scale * PACE / rate,
            volume=(1.0 if volume is None else volume) * 10 ** (-headroom / 20),
        )
        for _ in self._voice.synthesize("Ready.", self._config):
            pass  # onnxruntime's first run is several times slower: not on the game's first line

    def sentences(self, text: str, length: float = 1.0, noise: float = 1.0) -> Iterator[Sound]:
        """Each sentence as soon as it is made, so the first plays while the next is synthesised.
        (The speaker makes a short first clause on its own: gm.speech.base.pieces.)

        `length` and `noise` multiply, for this text alone, the length scale (1.25: a quarter
        slower) and the voice's two noise scales (how much its delivery varies from one saying to
        the next): the test speech of gm.speech.synth varies a single-speaker voice with them;
        gm's own lines use neither."""
        if not text.strip():
            return
        config = self._config
        if length != 1.0 or noise != 1.0:
            own = self._voice.config
            config = dataclasses.replace(
                config,
                length_scale=(config.length_scale or own.length_scale) * length,
                noise_scale=own.noise_scale * noise,
                noise_w_scale=own.noise_w_scale * noise,
            )
        try:
            for piece in bounded(text):
                for chunk in self._voice.synthesize(piece, config):
                    yield Sound(chunk.audio_int16_bytes, chunk.sample_rate)
        except Exception as error:  # onnxruntime failing on a line: the voice is unusable
            raise SpeechError(
                f"The Piper voice failed to say {text[:40]!r} ({error}); {SYSTEM_VOICE}."
            ) from None

    def close(self) -> None:
        pass
