"""The user's settings file (TOML): voice, devices, recogniser and model; options override it."""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

import platformdirs

from gm.files import NotAFile, expanded, read_regular, toml_mistake

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

EXAMPLE = """# gm settings; every key is optional and command-line options win.
[voice]
# engine = "piper"    # or "pyttsx3" for the system voice (espeak-ng); default: Piper
# name = "en_US-joe-medium"  # a Piper voice, or a system voice such as "en-us"; see 'gm voices'
# rate = 200          # words per minute (Piper: 100 to 400, its length scale)
# uri = "tcp://192.168.1.20:10200"  # a Wyoming text-to-speech service (wyoming-piper)
# volume = 1.0        # 0.0 to 1.0

[audio]
# input_device = "USB"   # name or index, see 'gm devices'
# output_device = 0
# barge_in = false       # gm stops when "stop", "wait", "pause" or "repeat" is said over its voice

[recognizer]
# engine = "whisper"     # the default; or "vosk", or "sphinx" (the light one)
# model = "whisper-base"   # a folder, or a name in models/ (gm models install whisper-base)
# uri = "tcp://192.168.1.20:10300"  # a Wyoming speech-to-text service (wyoming-faster-whisper)

[decks]                  # a table's own deck for a game ('gm play' uses it unless --deck)
# who-the-f = "~/decks/office-questions.toml"
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
    decks: tuple[tuple[str, str], ...] = ()  # (game id, deck file) from [decks]
    # Words said over gm's voice stop it where an echo canceller is installed (gm.speech.echo);
    # None: on. False: gm stays half duplex.
    barge_in: bool | None = None

    def deck(self, game: str) -> str | None:
        """The deck file [decks] names for a game id, if any."""
        return next((path for name, path in self.decks if name == game), None)

    voice_engine: str | None = None  # "piper" or "pyttsx3"; None: Piper when installed
    # Wyoming services (tcp://HOST:PORT) that hear and speak for gm; gm's own ear and voice
    # take over while they are down (gm.speech.wyoming)
    asr_uri: str | None = None
    voice_uri: str | None = None

    def override(self, **options: Any) -> "Config":
        """Options given on the command line (not None) replace the file's values."""
        known = {f.name for f in fields(self)}
        return replace(self, **{k: v for k, v in options.items() if k in known and v is not None})


def default_path() -> Path:
    """$GM_CONFIG, else config.toml in the platform's settings folder: $XDG_CONFIG_HOME/gm or
    ~/.config/gm on Linux (platformdirs)."""
    if os.environ.get("GM_CONFIG"):
        return Path(os.environ["GM_CONFIG"])
    return platformdirs.user_config_path("gm") / "config.toml"


_SCHEMA = {
    ("voice", "name"): ("voice", str),
    ("voice", "engine"): ("voice_engine", str),
    ("voice", "rate"): ("rate", int),
    ("voice", "volume"): ("volume", (int, float)),
    ("audio", "input_device"): ("input_device", (str, int)),
    ("audio", "output_device"): ("output_device", (str, int)),
    ("audio", "barge_in"): ("barge_in", bool),
    ("recognizer", "engine"): ("asr", str),
    ("recognizer", "model"): ("model", str),
    ("recognizer", "uri"): ("asr_uri", str),
    ("voice", "uri"): ("voice_uri", str),
}


MAX_BYTES = 1024 * 1024  # a settings file is a few lines; /dev/zero is not one


def load(path: Path | None = None) -> Config:
    if path is None and os.environ.get("GM_CONFIG") and not os.path.lexists(default_path()):
        raise ConfigError(
            f"GM_CONFIG names the settings file {default_path()}, which does not exist."
        )
    path = path or default_path()
    if not os.path.lexists(path):
        return Config()
    if not path.exists() and path.is_symlink():
        raise ConfigError(
            f"The settings file {path} is a link to {os.readlink(path)}, which leads to no file; "
            "fix or remove the link."
        )
    try:
        raw = read_regular(path, MAX_BYTES)
        if len(raw) > MAX_BYTES:
            raise ConfigError(
                f"The settings file {path} is larger than 1 MB; it cannot be a settings file."
            )
        data = tomllib.loads(raw.decode("utf-8"))
    except NotAFile as error:
        raise ConfigError(f"The settings file {path} is {error}.") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"The settings file {path} cannot be read ({error}).") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(
            f"The settings file {path} is not valid TOML ({toml_mistake(error)})."
        ) from None
    except RecursionError:
        raise ConfigError(
            f"The settings file {path} is nested too deeply to be a settings file."
        ) from None
    values: dict[str, Any] = {}
    for section, table in data.items():
        if not isinstance(table, dict):
            raise ConfigError(f"The settings file {path} has '{section}' outside a [section].")
        if section == "decks":
            values["decks"] = _decks(path, table)
            continue
        for key, value in table.items():
            target = _SCHEMA.get((section, key))
            if target is None:
                raise ConfigError(
                    f"The settings file {path} has an unknown setting '{section}.{key}'."
                )
            name, kind = target
            if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
                raise ConfigError(f"The setting '{section}.{key}' in {path} has the wrong type.")
            values[name] = value
    if values.get("asr") not in (None, "whisper", "vosk", "sphinx"):
        raise ConfigError(
            f'The setting \'recognizer.engine\' in {path} must be "whisper", "vosk" or "sphinx".'
        )
    if values.get("voice_engine") not in (None, "piper", "pyttsx3"):
        raise ConfigError(f'The setting \'voice.engine\' in {path} must be "piper" or "pyttsx3".')
    if values.get("volume") is not None and not 0 <= values["volume"] <= 1:
        raise ConfigError(
            f"The setting 'voice.volume' in {path} must be between 0 and 1, not {values['volume']}."
        )
    for key, name in (("recognizer.uri", "asr_uri"), ("voice.uri", "voice_uri")):
        if values.get(name) is not None and not values[name].startswith("tcp://"):
            raise ConfigError(
                f"The setting '{key}' in {path} must be a Wyoming service's address, "
                'such as "tcp://192.168.1.20:10300".'
            )
    return Config(**values)


def _decks(path: Path, table: dict) -> tuple[tuple[str, str], ...]:
    """[decks]: a game name (forgiving, as on the command line) and a deck file, relative to the
    settings file's folder."""
    from gm.games import UnknownGame, find

    decks = []
    for name, file in table.items():
        try:
            game = find(name).id
        except UnknownGame as error:
            raise ConfigError(f"The setting 'decks.{name}' in {path}: {error}") from None
        if not isinstance(file, str) or not file.strip():
            raise ConfigError(
                f"The setting 'decks.{name}' in {path} must be the path of a deck file."
            )
        decks.append((game, str(path.parent / expanded(file))))
    return tuple(decks)
