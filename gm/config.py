"""The user's settings file (TOML): voice, devices, recogniser and model; options override it."""
from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

EXAMPLE = """# gm settings; every key is optional and command-line options win.
[voice]
# engine = "piper"    # or "pyttsx3" for the system voice (espeak-ng); default: Piper
# name = "en_US-joe-medium"  # a Piper voice, or a system voice such as "en-us"; see 'gm voices'
# rate = 200          # words per minute (Piper: 100 to 400, its length scale)
# volume = 1.0        # 0.0 to 1.0

[audio]
# input_device = "USB"   # name or index, see 'gm devices'
# output_device = 0

[recognizer]
# engine = "vosk"        # or "sphinx"
# model = "/path/to/vosk-model-small-en-us-0.15"
"""


class ConfigError(ValueError):
    pass


@dataclass(frozen=True)
class Config:
    voice: str | None = None
    rate: int | None = None
    volume: float | None = None
    input_device: str | int | None = None
    output_device: str | int | None = None
    asr: str | None = None
    model: str | None = None
    voice_engine: str | None = None  # "piper" or "pyttsx3"; None: Piper when installed

    def override(self, **options: Any) -> "Config":
        """Options given on the command line (not None) replace the file's values."""
        known = {f.name for f in fields(self)}
        return replace(self, **{k: v for k, v in options.items() if k in known and v is not None})


def default_path() -> Path:
    if os.environ.get("GM_CONFIG"):
        return Path(os.environ["GM_CONFIG"])
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "gm" / "config.toml"


_SCHEMA = {
    ("voice", "name"): ("voice", str), ("voice", "engine"): ("voice_engine", str), ("voice", "rate"): ("rate", int), ("voice", "volume"): ("volume", (int, float)),
    ("audio", "input_device"): ("input_device", (str, int)), ("audio", "output_device"): ("output_device", (str, int)),
    ("recognizer", "engine"): ("asr", str), ("recognizer", "model"): ("model", str),
}


def load(path: Path | None = None) -> Config:
    path = path or default_path()
    if not path.exists():
        return Config()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"The settings file {path} cannot be read ({error}).") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"The settings file {path} is not valid TOML ({error}).") from None
    values: dict[str, Any] = {}
    for section, table in data.items():
        if not isinstance(table, dict):
            raise ConfigError(f"The settings file {path} has '{section}' outside a [section].")
        for key, value in table.items():
            target = _SCHEMA.get((section, key))
            if target is None:
                raise ConfigError(f"The settings file {path} has an unknown setting '{section}.{key}'.")
            name, kind = target
            if not isinstance(value, kind) or isinstance(value, bool):
                raise ConfigError(f"The setting '{section}.{key}' in {path} has the wrong type.")
            values[name] = value
    if values.get("asr") not in (None, "vosk", "sphinx"):
        raise ConfigError(f"The setting 'recognizer.engine' in {path} must be \"vosk\" or \"sphinx\".")
    if values.get("voice_engine") not in (None, "piper", "pyttsx3"):
        raise ConfigError(f"The setting 'voice.engine' in {path} must be \"piper\" or \"pyttsx3\".")
    return Config(**values)
