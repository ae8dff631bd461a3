"""A Whisper model written with int8 weights (gm.speech.quantize): the real tiny.en model,
quantized by CTranslate2's own rule, loads and hears as the float16 file it came from; a file
that is no Whisper model is refused in one sentence."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gm.speech.asr.whisper import WhisperRecognizer, embedded_model
from gm.speech.base import Vocabulary
from gm.speech.quantize import DTYPES, ModelFileError, _read, to_int8
from gm.speech.synth import synthesize


@pytest.fixture(scope="module")
def int8_tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = embedded_model()
    assert source is not None
    folder = tmp_path_factory.mktemp("tiny-int8")
    for path in source.iterdir():
        if path.name != "model.bin":
            shutil.copy(path, folder / path.name)
    to_int8(source / "model.bin", folder / "model.bin")
    return folder


def test_the_weights_are_int8_with_a_scale_each_and_the_rest_is_as_it_was(int8_tiny: Path):
    source = embedded_model()
    *_, before, aliases_before = _read(source / "model.bin")
    *_, after, aliases_after = _read(int8_tiny / "model.bin")
    kinds = {name: DTYPES[dtype] for name, _, dtype, _ in after}
    assert kinds["decoder/embeddings/weight"] == "int8"
    assert kinds["decoder/embeddings/weight_scale"] == "float32"
    assert kinds["encoder/layer_0/self_attention/linear_0/weight"] == "int8"
    assert kinds["encoder/layer_0/self_attention/layer_norm/gamma"] == "float16"  # not a weight
    assert kinds["encoder/conv1/weight"] == "float16"  # as CTranslate2 keeps it at the load
    unchanged = {name: raw for name, _, dtype, raw in before if DTYPES[dtype] != "float16"}
    assert all(
        raw == next(r for n, _, _, r in after if n == name) for name, raw in unchanged.items()
    )
    assert aliases_after == aliases_before
    assert (int8_tiny / "model.bin").stat().st_size < 0.6 * (source / "model.bin").stat().st_size


def test_the_int8_file_hears_as_the_float16_one(int8_tiny: Path):
    """Both loaded as int8 (gm's compute type): the weights quantized once here, or by
    CTranslate2 at every load; the same transcripts and the same scores."""
    original, quantized = WhisperRecognizer(), WhisperRecognizer(int8_tiny)
    for recognizer in (original, quantized):
        recognizer.set_vocabulary(Vocabulary(free=True))
    for said in ("four votes for number two", "what the fake", "is it a kiwi or a mango"):
        audio = synthesize(said, "en-us")
        first, second = original.transcribe(audio), quantized.transcribe(audio)
        assert first.text == second.text
        assert second.logprob == pytest.approx(first.logprob, abs=1e-4)


def test_a_file_that_is_no_whisper_model_is_refused_in_one_sentence(tmp_path: Path):
    (tmp_path / "model.bin").write_bytes(b"\x06\x00\x00\x00" + b"not a model" * 10)
    with pytest.raises(ModelFileError, match=r"is not a .*CTranslate2"):
        to_int8(tmp_path / "model.bin", tmp_path / "out.bin")
    source = embedded_model()
    assert source is not None
    cut = tmp_path / "cut.bin"
    cut.write_bytes((source / "model.bin").read_bytes()[:1_000_000])
    with pytest.raises(ModelFileError):
        to_int8(cut, tmp_path / "out.bin")
