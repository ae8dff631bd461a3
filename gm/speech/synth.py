"""Speech made by espeak-ng or Piper: the simulated players of the demos and the audio of the tests.

A list of utterances and silences becomes one 16 kHz WAV, the way a table would sound. A voice
named "piper" or "piper+P" is the Piper voice installed with gm (en_US-joe-medium), its pitch
raised or lowered by the factor P so that several seats do not sound alike; every other name
is an espeak-ng voice.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import wave
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from gm.speech.audio import RATE, resample, to_pcm16, write_wav
from gm.speech.base import SpeechError


def _espeak() -> str:
    path = shutil.which("espeak-ng")
    if not path:
        raise SpeechError(
            "espeak-ng is not installed; install it with 'apt-get install espeak-ng'."
        )
    return path


@lru_cache(maxsize=1)
def _piper_voice():  # noqa: ANN202 - gm.speech.piper.PiperSynth, imported only here
    """gm's Piper voice at its own pace, loaded once: every seat's pitch and pace is made from it
    sentence by sentence (PiperSynth.sentences' `length`), not by a voice loaded for each."""
    from gm.speech.piper import PiperSynth
    from gm.speech.voices import embedded

    return PiperSynth(embedded())


def _piper(text: str, voice: str, speed: int, noise: float = 1.0) -> bytes:
    """gm's own Piper voice saying `text` at `speed` words a minute (160 is its own pace here),
    its pitch moved by the factor after "piper+": the audio is read as if recorded that much
    faster, and said that much slower to keep its pace. `noise` multiplies the voice's noise
    scales (how much its delivery varies)."""
    from gm.speech.piper import FASTEST, PACE, SLOWEST

    factor = float(voice.partition("+")[2] or 1.0)
    # PiperSynth's PACE words a minute at length 1, kept within the paces Piper says clearly
    length = max(PACE / FASTEST, min(PACE / SLOWEST, 160 * factor / speed))
    sounds = list(_piper_voice().sentences(text, length=length, noise=noise))
    samples = np.frombuffer(b"".join(s.audio for s in sounds), dtype="<i2").astype(np.float64)
    return to_pcm16(resample(samples, int(round(sounds[0].rate * factor)))) if sounds else b""


def synthesize(
    text: str,
    voice: str = "en-us",
    speed: float = 160,
    pitch: int = 50,
    gap: int = 0,
    noise: float = 1.0,
) -> bytes:
    """espeak-ng's (or Piper's) voice saying `text`, as 16 kHz mono int16 bytes. `pitch` and
    `gap` are espeak-ng's (0 to 99, and ms between words); `noise` is Piper's, a factor on how
    much its delivery varies (its noise scales; each saying differs a little even at 1)."""
    if voice == "piper" or voice.startswith("piper+"):
        return _piper(text, voice, speed, noise)
    result = subprocess.run(
        [
            _espeak(),
            "-v",
            voice,
            "-s",
            str(round(speed)),
            "-p",
            str(pitch),
            "-g",
            str(gap),
            "--stdout",
            text,
        ],
        capture_output=True,
        check=False,
    )
    if result.returncode != 0 or not result.stdout:
        raise SpeechError(
            f"espeak-ng could not say {text!r}: {result.stderr.decode(errors='replace').strip()}"
        )
    with wave.open(io.BytesIO(result.stdout)) as wav:
        rate = wav.getframerate()
        raw = wav.readframes(wav.getnframes())
    # espeak-ng's --stdout header may claim a length of 0; the frames read are still right.
    samples = np.frombuffer(raw, dtype="<i2").astype(np.float64)
    return to_pcm16(resample(samples, rate))


def silence(seconds: float) -> bytes:
    return b"\0\0" * int(round(seconds * RATE))


@dataclass(frozen=True)
class Utterance:
    text: str
    voice: str = "en-us"
    speed: int = 160
    pitch: int = 50
    noise: float = 1.0  # Piper's (synthesize's): 0 says it the same way every time


@dataclass(frozen=True)
class Silence:
    seconds: float


def assemble(parts: list[Utterance | Silence | str | float | bytes], lead: float = 0.5) -> bytes:
    """Utterances (or plain strings), silences (or plain numbers of seconds) and ready audio
    (16 kHz mono int16 bytes) end to end."""
    cache: dict[Utterance, bytes] = {}
    out = [silence(lead)]
    for part in parts:
        if isinstance(part, (int, float)):
            part = Silence(float(part))
        if isinstance(part, str):
            part = Utterance(part)
        if isinstance(part, bytes):
            out.append(part)
        elif isinstance(part, Silence):
            out.append(silence(part.seconds))
        else:
            if part not in cache:
                cache[part] = synthesize(
                    part.text, part.voice, part.speed, part.pitch, noise=part.noise
                )
            out.append(cache[part])
    return b"".join(out)


def voiced_power(samples: np.ndarray) -> float:
    """The mean power of speech where it sounds: samples over a hundredth of its loudest, so the
    silences around and between words do not count (how mix() and at_level() weigh a voice)."""
    loudest = np.abs(samples).max() if samples.size else 0.0
    voiced = samples[np.abs(samples) > 0.01 * loudest] if loudest > 0 else samples
    return float(np.mean(voiced**2)) if voiced.size else 0.0


def at_level(speech: bytes, like: bytes) -> bytes:
    """`speech` made as loud as `like` where each sounds (voiced_power): two voices compared at
    one level, so that only how they speak differs, not how loud they are."""
    s = np.frombuffer(speech, dtype="<i2").astype(np.float64)
    power = voiced_power(s)
    target = voiced_power(np.frombuffer(like, dtype="<i2").astype(np.float64))
    return to_pcm16(s * np.sqrt(target / power)) if power > 0 else speech


def mix(speech: bytes, noise: bytes, snr_db: float) -> bytes:
    """`noise` (looped) under `speech` at the given signal-to-noise ratio."""
    s = np.frombuffer(speech, dtype="<i2").astype(np.float64)
    n = np.frombuffer(noise, dtype="<i2").astype(np.float64)
    if n.size == 0 or s.size == 0:
        return speech
    n = np.resize(n, s.size)
    power_s = voiced_power(s)
    power_n = np.mean(n**2) or 1.0
    gain = np.sqrt(power_s / (power_n * 10 ** (snr_db / 10)))
    return to_pcm16(s + gain * n)


# What a microphone near the speaker hears of what it plays, as (seconds late, gain): the direct
# sound, and a few weaker reflections as in a furnished room.
ROOM = ((0.03, 0.5), (0.08, 0.15), (0.14, 0.07))


def room_echo(played: bytes, taps: tuple[tuple[float, float], ...] = ROOM) -> bytes:
    """What a microphone near the speaker hears of what it plays (ROOM's taps)."""
    p = np.frombuffer(played, dtype="<i2").astype(np.float64)
    out = np.zeros(p.size + int(RATE * max(t for t, _ in taps)) + 1)
    for seconds, g in taps:
        start = int(round(seconds * RATE))
        out[start : start + p.size] += g * p
    return to_pcm16(out[: p.size])


def overlay(base: bytes, other: bytes, at: float, gain: float = 1.0) -> bytes:
    """`other` added into `base` from `at` seconds on (cut at the end of `base`)."""
    b = np.frombuffer(base, dtype="<i2").astype(np.float64).copy()
    o = np.frombuffer(other, dtype="<i2").astype(np.float64) * gain
    start = int(round(at * RATE))
    end = min(b.size, start + o.size)
    if end > start:
        b[start:end] += o[: end - start]
    return to_pcm16(b)


def write(path: str | Path, parts: list, lead: float = 0.5) -> Path:
    path = Path(path)
    write_wav(path, assemble(parts, lead))
    return path
