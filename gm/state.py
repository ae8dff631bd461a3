"""Saved games: the seed, the options and every decided answer, written atomically.

A game is restored by replaying its answers through the pure rules, so the save holds only
what was decided, never engine internals. The previous good save is kept beside the new one.
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMAT = 1
CURRENT = "current.json"
PREVIOUS = "previous.json"


class SaveError(RuntimeError):
    """A save cannot be read or written; the message is one clear sentence."""


def default_state_dir() -> Path:
    override = os.environ.get("GM_STATE_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "gm"


@dataclass
class Record:
    """Everything needed to rebuild a game: replaying `answers` from `seed` gives its state."""

    game: str
    options: dict
    seed: int
    answers: list[dict] = field(default_factory=list)  # {"step": ask id, "answer": Answer json}
    t: float = 0.0  # input clock at the last decision (the WAV position to resume from)
    finished: bool = False
    source: str | None = None  # the WAV file played from, if any

    def to_json(self) -> dict:
        return {"format": FORMAT, "game": self.game, "options": self.options, "seed": self.seed,
                "answers": self.answers, "t": self.t, "finished": self.finished, "source": self.source}

    @classmethod
    def from_json(cls, data: Any) -> "Record":
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        if data.get("format") != FORMAT:
            raise ValueError(f"format {data.get('format')!r}, this gm reads format {FORMAT}")
        answers = data["answers"]
        if not isinstance(answers, list) or not all(isinstance(a, dict) and "step" in a and "answer" in a for a in answers):
            raise ValueError("the answers are damaged")
        return cls(str(data["game"]), dict(data["options"]), int(data["seed"]), answers,
                   float(data.get("t", 0.0)), bool(data.get("finished", False)), data.get("source"))


class SaveStore:
    """current.json, and previous.json holding the save before it."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = Path(directory) if directory else default_state_dir()

    @property
    def current(self) -> Path:
        return self.directory / CURRENT

    @property
    def previous(self) -> Path:
        return self.directory / PREVIOUS

    def write(self, record: Record) -> None:
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            payload = json.dumps(record.to_json(), ensure_ascii=False, indent=1).encode()
            handle, tmp = tempfile.mkstemp(prefix=".save-", dir=self.directory)
            with os.fdopen(handle, "wb") as out:
                out.write(payload)
                out.flush()
                os.fsync(out.fileno())
            if self.current.exists() and self._readable(self.current):
                self._keep_previous()
            os.replace(tmp, self.current)  # atomic: current.json is never missing, only old or new
            self._sync_dir()
        except OSError as error:
            raise SaveError(f"The game cannot be saved in {self.directory} ({error.strerror or error}).") from None

    def _keep_previous(self) -> None:
        """previous.json becomes a copy of current.json, which stays in place (a hard link where
        the file system has them); a reader never finds current.json gone."""
        staging = self.directory / f".previous-{os.getpid()}"
        staging.unlink(missing_ok=True)
        try:
            os.link(self.current, staging)
        except OSError:
            shutil.copyfile(self.current, staging)
        os.replace(staging, self.previous)

    def _sync_dir(self) -> None:
        try:
            fd = os.open(self.directory, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    @staticmethod
    def _readable(path: Path) -> bool:
        try:
            Record.from_json(json.loads(path.read_text(encoding="utf-8")))
            return True
        except (OSError, ValueError, KeyError, TypeError):
            return False

    def load(self) -> tuple[Record, str | None]:
        """The newest readable save, and a sentence when the newest one had to be passed over."""
        problems = []
        for path in (self.current, self.previous):
            if not path.exists():
                continue
            try:
                return Record.from_json(json.loads(path.read_text(encoding="utf-8"))), (
                    f"The last save was damaged ({problems[0]}); the one before it is used."
                    if problems else None)
            except (OSError, ValueError, KeyError, TypeError) as error:
                problems.append(f"{path.name}: {error}")
        if problems:
            raise SaveError(f"The saved game in {self.directory} is damaged and cannot be resumed ({'; '.join(problems)}).")
        raise SaveError("There is no saved game to resume; start one with 'gm play GAME'.")
