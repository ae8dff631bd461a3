"""The recognisers behind the Recognizer port, and the one place that picks between them.

Vosk is preferred when a model is installed; PocketSphinx, whose English model ships inside
its wheel, is what runs with no download at all.
"""
from __future__ import annotations

from pathlib import Path

from gm.speech.base import RATE, AsrEvent, AudioChunk, Recognizer, SpeechError

DEFAULT_MODELS_DIR = Path(__file__).resolve().parents[3] / "models"  # the repository's models/
NO_VOSK_MODEL = "No Vosk model is installed; run 'gm models download en-us-small' or use --asr sphinx."


def recognize(recognizer: Recognizer, audio: bytes, chunk_seconds: float = 0.1, start: float = 0.0,
              flush: bool = True) -> list[AsrEvent]:
    """Every event of a recogniser fed `audio` (16 kHz mono int16) in fixed chunks stamped on
    the sample clock from `start`, then flushed (unless told not to: the input goes on, so
    only what the endpointer ended comes out)."""
    step = max(2, int(RATE * chunk_seconds) * 2)
    events: list[AsrEvent] = []
    for offset in range(0, len(audio), step):
        events += recognizer.feed(AudioChunk(audio[offset : offset + step], start + offset / 2 / RATE))
    if flush:
        events += recognizer.flush()
    return events


def is_vosk_model(path: Path) -> bool:
    """A Vosk model folder holds am/ or conf/model.conf."""
    return path.is_dir() and ((path / "am").is_dir() or (path / "conf" / "model.conf").is_file())


def find_vosk_model(models_dir: Path | None = None) -> Path | None:
    """The installed Vosk model to use: an English one if there is one, else the first by name."""
    folder = Path(models_dir) if models_dir is not None else DEFAULT_MODELS_DIR
    if not folder.is_dir():
        return None
    models = sorted(p for p in folder.iterdir() if is_vosk_model(p))
    english = [p for p in models if "-en" in p.name.lower() or p.name.lower().startswith("en")]
    return (english or models or [None])[0]


def _vosk_path(model: str | Path, models_dir: Path | None) -> Path:
    path = Path(model).expanduser()
    if not path.exists() and not path.is_absolute() and len(path.parts) == 1:
        candidate = (Path(models_dir) if models_dir is not None else DEFAULT_MODELS_DIR) / path
        if candidate.exists():
            return candidate
    if not path.exists():
        raise SpeechError(f"The Vosk model {model} was not found; give a model folder or a name in models/.")
    return path


def open_recognizer(kind: str | None, model: str | Path | None = None,
                    models_dir: Path | None = None) -> Recognizer:
    """'vosk', 'sphinx', or None for Vosk when a model is installed (or given) and PocketSphinx otherwise."""
    choice = (kind or "").strip().lower() or None
    if choice not in (None, "vosk", "sphinx", "pocketsphinx"):
        raise SpeechError(f"Unknown recogniser {kind!r}; use 'vosk' or 'sphinx'.")
    if choice in ("sphinx", "pocketsphinx"):
        from gm.speech.asr.sphinx import SphinxRecognizer

        if model is not None:
            return SphinxRecognizer(hmm=Path(model).expanduser())
        return SphinxRecognizer()
    path = _vosk_path(model, models_dir) if model is not None else find_vosk_model(models_dir)
    if path is None:
        if choice == "vosk":
            raise SpeechError(NO_VOSK_MODEL)
        from gm.speech.asr.sphinx import SphinxRecognizer

        return SphinxRecognizer()
    from gm.speech.asr.vosk import VoskRecognizer

    return VoskRecognizer(path)


def describe(recognizer: Recognizer) -> str:
    """One line saying which recogniser and model run, for gm to print or speak."""
    description = getattr(recognizer, "description", None)
    if description:
        return str(description)
    return {"vosk": "Vosk", "sphinx": "PocketSphinx"}.get(getattr(recognizer, "name", ""), "an unknown recogniser")


__all__ = ["open_recognizer", "describe", "find_vosk_model", "is_vosk_model", "NO_VOSK_MODEL"]
