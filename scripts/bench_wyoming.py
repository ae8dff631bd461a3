"""gm's own ear and voice against Wyoming services: end of speech to decision, decision to sound.

    PYTHONPATH=. .venv/bin/python scripts/bench_wyoming.py --asr tcp://127.0.0.1:10300 \\
        --voice tcp://127.0.0.1:10200 [--runs 5]

Start the two services first (docs/wyoming.md). End of speech to decision: the wall time from
feeding the audio that lets the endpointer end an utterance to the recogniser's Final (the
endpointer's own wait for silence, the same for both, comes on top). Decision to first sound:
from asking a voice for a line it has not made to its first audio. Each figure is the median over
the runs of the median over the utterances or lines; "slowest" is the longest single one, what
gm.speech.wyoming.TIMEOUT must stay above.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from gm import vocab
from gm.speech.asr import recognize
from gm.speech.asr.whisper import WhisperRecognizer
from gm.speech.asr.wyoming import WyomingRecognizer
from gm.speech.base import RATE, AudioChunk, Final, Vocabulary
from gm.speech.piper import PiperSynth
from gm.speech.synth import silence, synthesize
from gm.speech.voices import find
from gm.speech.wyoming import Service, WyomingVoice

WORDS = ("three", "five", "undo", "repeat", "next question", "reveal", "two", "one")
LINES = (
    "Round two. Player three, pick a number from one to five.",
    "Five players. Who gave the hint?",
    "Time!",
    "Player four scores three.",
    "Sorry, I didn't catch that. You can say a number from one to five.",
)


def decision_seconds(recognizer, vocabulary: Vocabulary, word: str) -> float:
    """Seconds from feeding the chunk that ended `word`'s utterance to its Final."""
    recognizer.set_vocabulary(vocabulary)
    audio = silence(0.3) + synthesize(word, "en-us", 160, 50) + silence(1.5)
    step = RATE // 10 * 2
    for offset in range(0, len(audio), step):
        began = time.perf_counter()
        events = recognizer.feed(AudioChunk(audio[offset : offset + step], offset / 2 / RATE))
        if any(isinstance(e, Final) for e in events):
            return time.perf_counter() - began
    raise RuntimeError(f"{word!r} was never ended")


def first_sound_seconds(voice, line: str) -> float:
    began = time.perf_counter()
    next(iter(voice.sentences(line)))
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--asr", required=True, metavar="tcp://HOST:PORT")
    parser.add_argument("--voice", required=True, metavar="tcp://HOST:PORT")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    phrases = tuple(p for c in vocab.numbers(1, 5) for p in c.phrases)
    vocabulary = Vocabulary(
        phrases=phrases + ("undo", "repeat", "next question", "reveal"),
        commands=("undo", "repeat"),
    )
    local = WhisperRecognizer()
    service = Service("asr", args.asr)
    remote = WyomingRecognizer(service)
    for recognizer in (local, remote):
        recognizer.wait_until_loaded()
        recognize(recognizer, silence(0.3) + synthesize("one", "en-us") + silence(1.0))  # warm
    piper = PiperSynth(find(None, None))
    speaking = Service("voice", args.voice)
    wyoming = WyomingVoice(speaking, piper)
    first_sound_seconds(piper, "Warm up.")
    wyoming.synthesize("Warm up.")
    runs: dict[str, list[float]] = {}
    slowest: dict[str, float] = {}
    for _ in range(args.runs):
        for name, recognizer in (("ear: gm's Whisper", local), ("ear: Wyoming", remote)):
            times = [decision_seconds(recognizer, vocabulary, word) for word in WORDS]
            runs.setdefault(name, []).append(statistics.median(times))
            slowest[name] = max(slowest.get(name, 0.0), *times)
        for name, voice in (("voice: gm's Piper", piper), ("voice: Wyoming", wyoming)):
            times = [first_sound_seconds(voice, line) for line in LINES]
            runs.setdefault(name, []).append(statistics.median(times))
            slowest[name] = max(slowest.get(name, 0.0), *times)
        if not (service.up and speaking.up):
            raise SystemExit("A service was lost during the run; nothing measured.")
    print(
        f"{args.runs} runs; load average {load:.1f} at the start, "
        f"{os.getloadavg()[0]:.1f} at the end"
    )
    for name, values in runs.items():
        print(
            f"{name:20} median {statistics.median(values):.3f} s "
            f"(runs: {', '.join(f'{v:.3f}' for v in values)}); slowest {slowest[name]:.3f} s"
        )


if __name__ == "__main__":
    main()
