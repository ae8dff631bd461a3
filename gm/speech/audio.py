"""Audio sources: a WAV file of any rate and channel count, or a microphone.

Both yield the same 16 kHz mono int16 chunks, stamped on the sample clock, so a whole game
can be played from a file as fast as the CPU allows (the idea of wyoming's wav_to_chunks).
Files are read with soundfile and resampled with soxr, both streamed (see WavSource).
"""

from __future__ import annotations

import queue
import stat
import wave
from pathlib import Path

import numpy as np

from gm.speech.base import RATE, AudioChunk, DeviceLost, SpeechError

CHUNK_SECONDS = 0.1


def resample(samples: np.ndarray, rate_in: int, rate_out: int = RATE) -> np.ndarray:
    """`samples` at `rate_out`, through soxr's high quality (band-limited) filter; float in,
    float out."""
    if rate_in == rate_out or samples.size == 0:
        return samples
    import soxr

    return soxr.resample(samples, rate_in, rate_out, quality="HQ")


def to_pcm16(samples: np.ndarray) -> bytes:
    return np.clip(np.round(samples), -32768, 32767).astype("<i2").tobytes()


MIN_RATE, MAX_RATE = 4000, 768000  # the rates recordings use; a header outside them is damaged


def open_wav(path: Path):  # noqa: ANN201 - a soundfile.SoundFile
    """Open an audio file with soundfile (libsndfile): any WAV, including WAVE_FORMAT_EXTENSIBLE
    (what sox and ffmpeg write for 24/32-bit and multichannel) and 32-bit float. Only a regular
    file is opened, so a FIFO or /dev/zero is one sentence instead of a hang."""
    import soundfile

    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise SpeechError(f"The WAV file {path} does not exist.") from None
    except OSError as error:
        raise SpeechError(
            f"{path} is not a readable WAV file ({error.strerror or error})."
        ) from None
    if stat.S_ISDIR(mode):
        raise SpeechError(f"{path} is a folder, not a WAV file.")
    if not stat.S_ISREG(mode):
        raise SpeechError(f"{path} is not a regular file (a pipe or a device); gm plays WAV files.")
    try:
        audio = soundfile.SoundFile(str(path))
    except (
        RuntimeError,
        OSError,
        ValueError,
        TypeError,
    ) as error:  # soundfile.LibsndfileError is a RuntimeError
        reason = str(error).split(": ", 1)[-1].strip() or "unknown format"
        raise SpeechError(f"{path} is not a readable WAV file ({reason}).") from None
    if not MIN_RATE <= audio.samplerate <= MAX_RATE or audio.channels < 1:
        rate, channels = audio.samplerate, audio.channels
        audio.close()
        raise SpeechError(
            f"{path} is not a readable WAV file (its header says {rate} Hz and {channels} "
            f"channels; recordings use {MIN_RATE} to {MAX_RATE} Hz)."
        )
    return audio


def read_wav(path: str | Path) -> bytes:
    """A whole (short) file as 16 kHz mono int16 bytes; one clear error for anything else."""
    source = WavSource(path)
    try:
        return b"".join(chunk.audio for chunk in iter(source.read, None))
    finally:
        source.close()


def write_wav(path: str | Path, audio: bytes, rate: int = RATE) -> None:
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(audio)


class WavSource:
    """An audio file read in fixed chunks of 16 kHz mono int16; `now` is the sample clock.

    The file is streamed: a block is read, mixed to mono and passed through soxr's streaming
    resampler (a well-kept, high-quality library resampler with bounded state), so two hours of
    48 kHz stereo cost no more memory than a minute. A 16 kHz mono 16-bit file is passed through
    bit for bit.
    """

    def __init__(
        self, path: str | Path, chunk_seconds: float = CHUNK_SECONDS, start: float = 0.0
    ) -> None:
        import soxr

        self.path = Path(path)
        self._audio = open_wav(self.path)
        rate, channels = self._audio.samplerate, self._audio.channels
        self._exact = rate == RATE and channels == 1 and self._audio.subtype == "PCM_16"
        self._resampler = (
            None if rate == RATE else soxr.ResampleStream(rate, RATE, 1, dtype="float32")
        )
        self._frames_per_chunk = max(1, int(RATE * chunk_seconds))
        self._block = max(1, int(rate * chunk_seconds))
        self._input_frames = max(0, self._audio.frames)
        first = min(self._input_frames, int(start * rate))
        try:
            if first:
                self._audio.seek(first)
        except (RuntimeError, OSError, ValueError) as error:
            raise SpeechError(f"{self.path} cannot be read from {start:.1f} s ({error}).") from None
        self._frame = int(round(first * RATE / rate))
        self._pending = np.zeros(0, dtype=np.int16 if self._exact else np.float32)
        self._ended = first >= self._input_frames

    @property
    def duration(self) -> float:
        return self._input_frames / self._audio.samplerate

    @property
    def now(self) -> float:
        return self._frame / RATE

    def _fill(self) -> None:
        """Read and convert blocks until a chunk is ready or the file has ended."""
        while self._pending.size < self._frames_per_chunk and not self._ended:
            try:
                if self._exact:
                    block = self._audio.read(self._block, dtype="int16")
                else:
                    block = self._audio.read(self._block, dtype="float32", always_2d=True).mean(
                        axis=1, dtype=np.float32
                    )
            except (RuntimeError, OSError, ValueError) as error:
                raise SpeechError(f"{self.path} could not be read to the end ({error}).") from None
            self._ended = block.shape[0] < self._block
            if self._resampler is not None:
                block = self._resampler.resample_chunk(block, last=self._ended)
            self._pending = np.concatenate((self._pending, block)) if self._pending.size else block

    def read(self) -> AudioChunk | None:
        self._fill()
        if self._pending.size == 0:
            return None
        take, self._pending = (
            self._pending[: self._frames_per_chunk],
            self._pending[self._frames_per_chunk :],
        )
        data = (
            take.astype("<i2").tobytes()
            if self._exact
            else to_pcm16(take.astype(np.float64) * 32768.0)
        )
        chunk = AudioChunk(data, self.now)
        self._frame += take.size
        return chunk

    def flush(self) -> None:
        """A file holds nothing captured while gm spoke: nothing to drop."""

    def close(self) -> None:
        self._audio.close()


class MicrophoneSource:
    """A sounddevice input stream at 16 kHz mono int16; chunks queue up in a callback."""

    def __init__(
        self, device: str | int | None = None, chunk_seconds: float = CHUNK_SECONDS
    ) -> None:
        self._device = device
        self._chunk = chunk_seconds
        self._queue: queue.Queue[bytes] = queue.Queue()
        self._samples = 0
        self._stream = self._open()

    def _open(self):  # noqa: ANN202 - a sounddevice stream
        try:
            import sounddevice  # only here: importing it needs PortAudio
        except OSError as error:
            raise SpeechError(
                f"PortAudio is missing ({error}); install it with 'apt-get install libportaudio2'."
            ) from None

        # sounddevice's callback signature
        def callback(indata, frames, time_info, status) -> None:
            self._queue.put(bytes(indata))

        try:
            stream = sounddevice.RawInputStream(
                samplerate=RATE,
                channels=1,
                dtype="int16",
                device=self._device,
                blocksize=int(RATE * self._chunk),
                callback=callback,
            )
            stream.start()
        except Exception as error:  # PortAudioError, ValueError for an unknown device name
            # PortAudio's own words name the device it found by default as -1: none at all
            what = f"could be opened ({error})" if self._device is not None else "was found"
            raise SpeechError(
                f"No microphone {what}; plug one in, pick another with "
                "--input-device (see 'gm devices'), or play from a file with --wav or by typing "
                "with --text."
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

        return [
            dict(
                index=i,
                **{
                    k: d[k]
                    for k in (
                        "name",
                        "max_input_channels",
                        "max_output_channels",
                        "default_samplerate",
                    )
                },
            )
            for i, d in enumerate(sounddevice.query_devices())
        ]
    except Exception:
        return []


def has_microphone() -> bool:
    return any(d["max_input_channels"] > 0 for d in input_devices())


if __name__ == "__main__":  # used by scripts/play: exit 0 when a microphone is present
    raise SystemExit(0 if has_microphone() else 1)
