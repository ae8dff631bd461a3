"""Audio sources: a WAV file of any rate and channel count, or a microphone.

Both yield the same 16 kHz mono int16 chunks, stamped on the sample clock, so a whole game
can be played from a file as fast as the CPU allows (the idea of wyoming's wav_to_chunks).
"""
from __future__ import annotations

import queue
import wave
from pathlib import Path

import numpy as np

from gm.speech.base import RATE, AudioChunk, DeviceLost, SpeechError

CHUNK_SECONDS = 0.1


def resample(samples: np.ndarray, rate_in: int, rate_out: int = RATE) -> np.ndarray:
    """Linear interpolation, after a moving-average low-pass when shrinking; float in, float out."""
    if rate_in == rate_out or samples.size == 0:
        return samples
    if rate_in > rate_out:
        width = int(round(rate_in / rate_out))
        if width > 1:
            kernel = np.ones(width) / width
            samples = np.convolve(samples, kernel, mode="same")
    count = int(round(samples.size * rate_out / rate_in))
    positions = np.arange(count) * (rate_in / rate_out)
    return np.interp(positions, np.arange(samples.size), samples)


def to_pcm16(samples: np.ndarray) -> bytes:
    return np.clip(np.round(samples), -32768, 32767).astype("<i2").tobytes()


def read_wav(path: str | Path) -> bytes:
    """The whole file as 16 kHz mono int16 bytes; one clear error for anything else."""
    path = Path(path)
    try:
        with wave.open(str(path), "rb") as wav:
            channels, width, rate = wav.getnchannels(), wav.getsampwidth(), wav.getframerate()
            raw = wav.readframes(wav.getnframes())
    except FileNotFoundError:
        raise SpeechError(f"The WAV file {path} does not exist.") from None
    except IsADirectoryError:
        raise SpeechError(f"{path} is a folder, not a WAV file.") from None
    except (wave.Error, EOFError, OSError) as error:
        raise SpeechError(f"{path} is not a readable WAV file ({error}).") from None
    if width == 1:
        data = (np.frombuffer(raw, dtype=np.uint8).astype(np.float64) - 128) * 256
    elif width == 2:
        data = np.frombuffer(raw, dtype="<i2").astype(np.float64)
    elif width == 3:
        bytes3 = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 3)
        as32 = (bytes3[:, 0].astype(np.int32) | (bytes3[:, 1].astype(np.int32) << 8)
                | (bytes3[:, 2].astype(np.int32) << 16))
        data = (np.where(as32 >= 1 << 23, as32 - (1 << 24), as32) / 256).astype(np.float64)
    elif width == 4:
        data = np.frombuffer(raw, dtype="<i4").astype(np.float64) / 65536
    else:
        raise SpeechError(f"{path} uses {width}-byte samples, which gm cannot read.")
    if channels > 1:
        data = data[: data.size - data.size % channels].reshape(-1, channels).mean(axis=1)
    return to_pcm16(resample(data, rate))


def write_wav(path: str | Path, audio: bytes, rate: int = RATE) -> None:
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(audio)


class WavSource:
    """A WAV file read in fixed chunks; `now` is the sample clock.

    A 16 kHz mono 16-bit file (what gm and espeak-ng write) is streamed from disk, so an hour
    of audio costs no more memory than a minute; any other format is converted whole first.
    """

    def __init__(self, path: str | Path, chunk_seconds: float = CHUNK_SECONDS, start: float = 0.0) -> None:
        self.path = Path(path)
        self._frames_per_chunk = max(1, int(RATE * chunk_seconds))
        self._wav: wave.Wave_read | None = None
        self._audio = b""
        try:
            wav = wave.open(str(self.path), "rb")
        except (wave.Error, EOFError, OSError):
            wav = None  # read_wav below gives the one clear error
        if wav is not None and (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, RATE):
            self._wav, self._total = wav, wav.getnframes()
        else:
            if wav is not None:
                wav.close()
            self._audio = read_wav(self.path)
            self._total = len(self._audio) // 2
        self._frame = min(self._total, int(start * RATE))
        if self._wav is not None:
            self._wav.setpos(self._frame)

    @property
    def duration(self) -> float:
        return self._total / RATE

    @property
    def now(self) -> float:
        return self._frame / RATE

    def read(self) -> AudioChunk | None:
        if self._frame >= self._total:
            return None
        count = min(self._frames_per_chunk, self._total - self._frame)
        if self._wav is not None:
            data = self._wav.readframes(count)
            count = len(data) // 2
            if count == 0:
                self._total = self._frame  # the header promised more than the file holds
                return None
        else:
            data = self._audio[self._frame * 2 : (self._frame + count) * 2]
        chunk = AudioChunk(data, self.now)
        self._frame += count
        return chunk

    def flush(self) -> None:
        """A file holds nothing captured while gm spoke: nothing to drop."""

    def close(self) -> None:
        if self._wav is not None:
            self._wav.close()
            self._wav = None


class MicrophoneSource:
    """A sounddevice input stream at 16 kHz mono int16; chunks queue up in a callback."""

    def __init__(self, device: str | int | None = None, chunk_seconds: float = CHUNK_SECONDS) -> None:
        self._device = device
        self._chunk = chunk_seconds
        self._queue: queue.Queue[bytes] = queue.Queue()
        self._samples = 0
        self._stream = self._open()

    def _open(self):  # noqa: ANN202 - a sounddevice stream
        try:
            import sounddevice  # only here: importing it needs PortAudio
        except OSError as error:
            raise SpeechError(f"PortAudio is missing ({error}); install it with 'apt-get install libportaudio2'.") from None

        def callback(indata, frames, time_info, status) -> None:  # noqa: ANN001 - sounddevice's signature
            self._queue.put(bytes(indata))

        try:
            stream = sounddevice.RawInputStream(
                samplerate=RATE, channels=1, dtype="int16", device=self._device,
                blocksize=int(RATE * self._chunk), callback=callback,
            )
            stream.start()
        except Exception as error:  # PortAudioError, ValueError for an unknown device name
            raise SpeechError(
                f"No microphone could be opened ({error}); plug one in, pick another with "
                "--input-device (see 'gm devices'), or play from a file with --wav or by typing with --text."
            ) from None
        return stream

    @property
    def now(self) -> float:
        return self._samples / RATE

    @property
    def live(self) -> float:
        """This moment on the sample clock: what was read plus what waits in the queue (while gm
        speaks, nobody reads), to within one block."""
        return (self._samples + self._queue.qsize() * int(RATE * self._chunk)) / RATE

    def read(self) -> AudioChunk | None:
        try:
            audio = self._queue.get(timeout=2.0)
        except queue.Empty:
            raise DeviceLost("The microphone stopped delivering sound.") from None
        chunk = AudioChunk(audio, self.now)
        self._samples += chunk.samples
        return chunk

    def reopen(self) -> bool:
        """Try once to open the microphone again (after a second's wait); True when it is back."""
        import time

        self.close()
        time.sleep(1.0)
        try:
            self._stream = self._open()
        except SpeechError:
            return False
        return True

    def flush(self) -> None:
        while True:
            try:
                audio = self._queue.get_nowait()
            except queue.Empty:
                return
            self._samples += len(audio) // 2

    def close(self) -> None:
        try:
            self._stream.stop()
            self._stream.close()
        except Exception:
            pass


def input_devices() -> list[dict]:
    """Every device that can record, as sounddevice describes it; empty without PortAudio."""
    try:
        import sounddevice
        return [dict(index=i, **{k: d[k] for k in ("name", "max_input_channels", "max_output_channels", "default_samplerate")})
                for i, d in enumerate(sounddevice.query_devices())]
    except Exception:
        return []


def has_microphone() -> bool:
    return any(d["max_input_channels"] > 0 for d in input_devices())


if __name__ == "__main__":  # used by scripts/play: exit 0 when a microphone is present
    raise SystemExit(0 if has_microphone() else 1)
