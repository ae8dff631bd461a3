"""Saved games: the seed, the options, the deck and every decided answer, written atomically.

A game is restored by replaying its answers through the pure rules, so the save holds only
what was decided, never engine internals. Each game title has its own folder in the state
directory (so a new game of one title never replaces an unfinished game of another), holding
current.json and previous.json, the good save before it. One gm at a time uses a state
directory: a lock file says which.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import stat
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable

import platformdirs

from gm.steps import AnswerKind

FORMAT = 1
CURRENT = "current.json"
PREVIOUS = "previous.json"
LOCK = "gm.lock"
TEMPORARY = (".save-", ".previous-", ".check-")  # what a save leaves behind when killed mid-write
MAX_SAVE_BYTES = (
    64 * 1024 * 1024
)  # far above any game; a bigger "save" (/dev/zero, a video) is not one
_KINDS = {kind.value for kind in AnswerKind}


class SaveError(RuntimeError):
    """A save cannot be read or written; the message is one clear sentence."""


class SaveUnreadable(SaveError):
    """A save exists but may not be read (permissions): not damaged, and never replaced by an older
    one."""


def default_state_dir() -> Path:
    """$GM_STATE_DIR, else the platform's state folder: $XDG_STATE_HOME/gm or ~/.local/state/gm
    on Linux (platformdirs)."""
    override = os.environ.get("GM_STATE_DIR")
    if override:
        return Path(override)
    return platformdirs.user_state_path("gm")


def _answer_ok(entry: Any) -> bool:
    if not isinstance(entry, dict) or not isinstance(entry.get("step"), str):
        return False
    answer = entry.get("answer")
    return (
        isinstance(answer, dict)
        and answer.get("kind") in _KINDS
        and isinstance(answer.get("heard", ""), str)
    )


@dataclass
class Record:
    """Everything needed to rebuild a game: replaying `answers` from `seed` gives its state.

    `deck` holds the cards the game was dealt from (every table of the content file but its
    lines), so that a deck edited or upgraded afterwards cannot change a resumed game;
    `deck_file` names a table's own deck (--deck), None for gm's own.
    """

    game: str
    options: dict
    seed: int
    answers: list[dict] = field(default_factory=list)  # {"step": ask id, "answer": Answer json}
    t: float = 0.0  # input clock at the last decision (the WAV position to resume from)
    finished: bool = False
    source: str | None = None  # the WAV file played from, if any
    deck: dict | None = None
    deck_file: str | None = None

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "answers": self.answers,
            "t": self.t,
            "finished": self.finished,
            "source": self.source,
            "deck_file": self.deck_file,
            "deck": self.deck,
        }

    @classmethod
    def from_json(cls, data: Any) -> "Record":
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        if data.get("format") != FORMAT:
            raise ValueError(f"format {data.get('format')!r}, this gm reads format {FORMAT}")
        answers = data["answers"]
        if not isinstance(answers, list) or not all(_answer_ok(a) for a in answers):
            raise ValueError("the answers are damaged")
        deck, deck_file, source = data.get("deck"), data.get("deck_file"), data.get("source")
        if not isinstance(deck, (dict, type(None))) or not all(
            isinstance(v, (str, type(None))) for v in (deck_file, source)
        ):
            raise ValueError("the deck or the source is damaged")
        if not isinstance(data["options"], dict) or isinstance(data["seed"], bool):
            raise ValueError("the options or the seed are damaged")
        return cls(
            str(data["game"]),
            dict(data["options"]),
            int(data["seed"]),
            answers,
            float(data.get("t", 0.0)),
            bool(data.get("finished", False)),
            source,
            deck,
            deck_file,
        )


def _read_json(path: Path) -> Any:
    """A save file's JSON; PermissionError for a save gm may not read, ValueError for damage."""
    with open(path, "rb") as handle:  # PermissionError passes through: not readable is not damaged
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise ValueError("not a regular file")
        data = handle.read(MAX_SAVE_BYTES + 1)
    if len(data) > MAX_SAVE_BYTES:
        raise ValueError("far too large for a save")
    try:
        return json.loads(data.decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deeply") from None


class SaveStore:
    """One game title's current.json, and previous.json holding the save before it."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = Path(directory) if directory else default_state_dir()

    @property
    def current(self) -> Path:
        return self.directory / CURRENT

    @property
    def previous(self) -> Path:
        return self.directory / PREVIOUS

    def exists(self) -> bool:
        return self.current.exists() or self.previous.exists()

    def write(self, record: Record) -> None:
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            # "replace": text that cannot be encoded (a lone surrogate) never stops a save
            payload = json.dumps(record.to_json(), ensure_ascii=False, indent=1).encode(
                "utf-8", "replace"
            )
            handle, tmp = tempfile.mkstemp(prefix=".save-", dir=self.directory)
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(payload)
                    out.flush()
                    os.fsync(out.fileno())
                if self.current.exists() and self._readable(self.current):
                    self._keep_previous()
                os.replace(
                    tmp, self.current
                )  # atomic: current.json is never missing, only old or new
            finally:
                if os.path.exists(tmp):
                    os.unlink(tmp)  # a failed save (disk full) leaves no half-written file behind
            self._sync_dir()
        except OSError as error:
            raise SaveError(
                f"The game cannot be saved in {self.directory} ({error.strerror or error})."
            ) from None

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
            Record.from_json(_read_json(path))
            return True
        except (OSError, ValueError, KeyError, TypeError):
            return False

    def load(self, check: Callable[[Record], object] | None = None) -> tuple[Record, str | None]:
        """The newest readable save, and a sentence when the newest one had to be passed over.

        `check` rebuilds the game from a record: a save the rules cannot replay (a damaged answer
        of the right shape) is damaged too, and the previous one is used. A save gm may not read
        stops the load (SaveUnreadable): resuming the older one would write over it.
        """
        problems = []
        for path in (self.current, self.previous):
            if not path.exists():
                continue
            try:
                record = Record.from_json(_read_json(path))
            except PermissionError:
                raise SaveUnreadable(
                    f"The save {path} cannot be read (permission denied); "
                    "give gm permission to read it, it is not damaged."
                ) from None
            except (OSError, ValueError, KeyError, TypeError) as error:
                problems.append(f"{path.name}: {error}")
                continue
            if check is not None:
                try:
                    check(record)
                except SaveUnreadable:
                    raise
                except Exception as error:  # noqa: BLE001 - any failure to replay a save is damage
                    problems.append(f"{path.name}: {error}")
                    continue
            return record, (
                f"The last save was damaged ({problems[0]}); the one before it is used."
                if problems
                else None
            )
        if problems:
            raise SaveError(
                f"The saved game in {self.directory} is damaged and cannot be resumed "
                f"({'; '.join(problems)})."
            )
        raise SaveError("There is no saved game to resume; start one with 'gm play GAME'.")

    def saved_at(self) -> float:
        """When the newest save was written (seconds since the epoch), 0 when there is none."""
        times = [p.stat().st_mtime for p in (self.current, self.previous) if p.exists()]
        return max(times, default=0.0)


class Saves:
    """The state directory: one SaveStore per game title, a lock, and the checks before a game."""

    def __init__(self, directory: Path | str | None = None) -> None:
        if directory is not None and not str(directory).strip():
            raise SaveError("--state-dir needs a folder name.")
        self.directory = Path(directory) if directory else default_state_dir()

    def store(self, game: str) -> SaveStore:
        return SaveStore(self.directory / game)

    def titles(self) -> list[str]:
        """The game titles with a save, the most recently saved first."""
        try:
            folders = [
                p for p in self.directory.iterdir() if p.is_dir() and not p.name.startswith(".")
            ]
        except OSError:
            return []
        stores = [(SaveStore(p).saved_at(), p.name) for p in folders if SaveStore(p).exists()]
        return [name for _, name in sorted(stores, reverse=True)]

    def check(self) -> None:
        """Before a game starts: the directory exists and a small file can be written and synced in
        it."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            handle, probe = tempfile.mkstemp(prefix=".check-", dir=self.directory)
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(b"{}" * 2048)
                    out.flush()
                    os.fsync(out.fileno())
            finally:
                os.unlink(probe)
        except OSError as error:
            raise SaveError(
                f"Games cannot be saved in {self.directory} ({error.strerror or error}); "
                "free some space, fix its permissions or choose another folder with --state-dir."
            ) from None

    def lock(self) -> IO[bytes]:
        """Hold the state directory for this process (until the returned file is closed): a second
        gm on the same saves would write over the first one's game."""
        try:
            handle = open(self.directory / LOCK, "ab")
        except OSError as error:
            raise SaveError(
                f"Games cannot be saved in {self.directory} ({error.strerror or error})."
            ) from None
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise SaveError(
                f"Another gm is already playing with the saves in {self.directory}; "
                "let it finish or stop it first."
            ) from None
        return handle

    def tidy(self) -> None:
        """Under the lock: remove the temporary files of saves a kill interrupted, and move a save
        of the single-save layout (current.json at the top) into its game's folder."""
        for folder in (self.directory, *[p for p in self._folders()]):
            for path in folder.glob(".*"):
                if path.name.startswith(TEMPORARY) and path.is_file():
                    path.unlink(missing_ok=True)
        old = SaveStore(self.directory)
        if not old.current.exists():
            return
        try:
            game = str(_read_json(old.current)["game"])
        except (OSError, ValueError, KeyError, TypeError):
            return  # left where it is, for a person to look at
        if not game.replace("_", "").isalnum():
            return
        target = self.store(game)
        if target.exists():
            return
        target.directory.mkdir(parents=True, exist_ok=True)
        for name in (PREVIOUS, CURRENT):
            if (self.directory / name).exists():
                os.replace(self.directory / name, target.directory / name)

    def _folders(self) -> list[Path]:
        try:
            return [p for p in self.directory.iterdir() if p.is_dir()]
        except OSError:
            return []


def when(seconds: float) -> str:
    """A save's date as `gm games` and the voice say it: 'Wed 2 Dec 13:40'."""
    moment = time.localtime(seconds)
    return time.strftime(f"%a {moment.tm_mday} %b %H:%M", moment)
