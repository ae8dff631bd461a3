"""Audio files as people bring them: any WAV flavour is read, resampled in blocks, in flat
memory."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest
import soundfile

from gm.speech.audio import WavSource, read_wav
from gm.speech.base import RATE


def tone(seconds: float, rate: int, channels: int) -> np.ndarray:
    t = np.arange(int(seconds * rate)) / rate
    wave = (0.5 * np.sin(2 * np.pi * 440 * t)).astype(np.float32)
    return np.repeat(wave[:, None], channels, axis=1)


@pytest.mark.parametrize(
    "rate,channels,subtype,form",
    [
        (48000, 2, "FLOAT", "WAV"),  # 32-bit float
        (
            44100,
            2,
            "PCM_24",
            "WAVEX",
        ),  # WAVE_FORMAT_EXTENSIBLE, what sox and ffmpeg write for 24 bits
        (96000, 6, "PCM_32", "WAVEX"),  # multichannel, 32-bit
        (8000, 1, "PCM_U8", "WAV"),
    ],
)
def test_any_wav_flavour_is_read_as_16_khz_mono(tmp_path, rate, channels, subtype, form):
    path = tmp_path / "in.wav"
    soundfile.write(path, tone(2.0, rate, channels), rate, subtype=subtype, format=form)
    samples = np.frombuffer(read_wav(path), dtype="<i2").astype(np.float64) / 32768
    assert abs(len(samples) - 2 * RATE) <= 2
    middle = samples[RATE // 2 : -RATE // 2]
    assert np.sqrt(np.mean(middle**2)) == pytest.approx(
        0.5 / np.sqrt(2), rel=0.02
    )  # the tone, not noise
    spectrum = np.abs(np.fft.rfft(middle))
    assert np.argmax(spectrum) * RATE / len(middle) == pytest.approx(440, abs=2)


def test_16_khz_mono_16_bit_passes_through_bit_for_bit(tmp_path):
    audio = (np.random.default_rng(1).normal(0, 3000, RATE)).astype("<i2")
    soundfile.write(tmp_path / "in.wav", audio, RATE, subtype="PCM_16")
    assert read_wav(tmp_path / "in.wav") == audio.tobytes()


def test_a_long_resampled_file_streams_in_flat_memory(tmp_path):
    """Two minutes of 48 kHz stereo (a whole conversion held 92 MB of float64 before); streamed,
    the arrays alive at any moment stay under a megabyte."""
    path = tmp_path / "long.wav"
    with soundfile.SoundFile(path, "w", 48000, 2, "PCM_16") as out:
        for _ in range(120):
            out.write(tone(1.0, 48000, 2))
    source = WavSource(path)
    tracemalloc.start()
    try:
        count = sum(chunk.samples for chunk in iter(source.read, None))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        source.close()
    assert abs(count - 120 * RATE) <= 2
    assert peak < 1_000_000


def test_resuming_part_way_into_a_resampled_file(tmp_path):
    path = tmp_path / "in.wav"
    soundfile.write(path, tone(3.0, 44100, 2), 44100, subtype="PCM_16")
    source = WavSource(path, start=1.0)
    assert source.now == pytest.approx(1.0, abs=1e-3) and source.duration == pytest.approx(3.0)
    rest = sum(chunk.samples for chunk in iter(source.read, None))
    assert abs(rest - 2 * RATE) <= 2


def test_the_voices_made_here_are_resampled_without_aliasing():
    """gm.speech.audio.resample (the demos' and tests' voices, espeak-ng's and Piper's 22,050 Hz):
    a 10 kHz tone, above 16 kHz audio's 8 kHz, is filtered out, not folded back in as a 6 kHz
    one; a 1 kHz tone keeps its level and length."""
    from gm.speech.audio import resample

    t = np.arange(22050) / 22050
    high = resample(10000 * np.sin(2 * np.pi * 10000 * t), 22050)
    low = resample(10000 * np.sin(2 * np.pi * 1000 * t), 22050)
    assert high.size == low.size == RATE
    rms = lambda x: float(np.sqrt(np.mean(x[1000:-1000] ** 2)))  # noqa: E731
    assert rms(high) < 0.01 * rms(low)
    assert rms(low) == pytest.approx(10000 / np.sqrt(2), rel=0.01)
