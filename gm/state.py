"""Saved games: the seed, the options, the deck and every decided answer, written atomically.

A game is restored by replaying its answers through the pure rules, so the save holds only
what was decided, never engine internals. Each game title has its own folder in the state
directory (so a new game of one title never replaces an unfinished game of another), holding
current.json and previous.json, the good save before it. One gm at a time uses a state
directory: a lock file says which.
"""

from __future__ import annotations

import errno
import fcntl
import json
import math
import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable

import platformdirs

from gm.files import NotAFile, read_regular
from gm.steps import AnswerKind

# The save format this gm writes; it reads every one from 1 on. 2: a game's options may hold
# the rules it is played by (gm.games.new_options: What the Fake's "names"), which a gm of
# format 1 would ignore, replaying the game by other rules, so it refuses them as a newer gm's.
# A new value of such an option is a new format.
FORMAT = 2
CURRENT = "current.json"
PREVIOUS = "previous.json"
LOCK = "gm.lock"
DAMAGED = "damaged-{}.json"  # a save passed over as damaged, kept for a person to look at
TEMPORARY = (".save-", ".previous-", ".check-")  # what a save leaves behind when killed mid-write
# far above any game; a bigger "save" (/dev/zero, a video) is not one
MAX_SAVE_BYTES = 64 * 1024 * 1024
MAX_T = 1e9  # seconds of input clock (31 years): a larger `t` was not written by gm
SPARE = 64 * 1024  # bytes kept free beyond the save itself: the game grows as it is played
_KINDS = {kind.value for kind in AnswerKind}


class SaveError(RuntimeError):
    """A save cannot be read or written; the message is one clear sentence."""


class SaveDenied(SaveError):
    """A save refused by the system (permissions, a read-only disk), not for want of space."""


class SaveUnreadable(SaveError):
    """A save exists but may not be read (permissions, or a newer gm wrote it): not damaged, and
    never replaced by an older one."""


class SaveTooNew(SaveUnreadable):
    """A save written by a newer gm, in a format this one does not know."""


def default_state_dir() -> Path:
    """$GM_STATE_DIR, else the platform's state folder: $XDG_STATE_HOME/gm or ~/.local/state/gm
    on Linux (platformdirs)."""
    override = os.environ.get("GM_STATE_DIR")
    if override is not None:
        if not override.strip():
            raise SaveError(
                "GM_STATE_DIR is set but empty; give it a folder name, or unset it to save "
                "games in the usual place."
            )
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
        and all(isinstance(entry.get(key, ""), str) for key in ("decision", "put_back"))
        and isinstance(entry.get("transition", False), bool)
    )


def _number(value: Any) -> bool:
    """An int or a float, not a bool (JSON's true is no number)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _option_ok(value: Any) -> bool:
    return isinstance(value, str) or (_number(value) and abs(value) < 1e15)


def too_new(data: Any) -> int | None:
    """The format of a save written by a newer gm, None for any other."""
    version = data.get("format") if isinstance(data, dict) else None
    return version if _number(version) and int(version) == version and version > FORMAT else None


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

    def payload(self) -> bytes:
        """The save's bytes as written; text that cannot be encoded (a lone surrogate) is
        replaced, so it never stops a save."""
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1).encode("utf-8", "replace")

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
        """A record from a save's JSON, every field checked: ValueError names the first bad one."""
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        version = data.get("format")
        if version not in range(1, FORMAT + 1) or isinstance(version, bool):
            raise ValueError(f"format {version!r}, this gm reads formats 1 to {FORMAT}")
        missing = [key for key in ("game", "options", "seed", "answers") if key not in data]
        if missing:
            raise ValueError(f"the field '{missing[0]}' is missing")
        game, options, seed, answers = (data[k] for k in ("game", "options", "seed", "answers"))
        t, finished = data.get("t", 0.0), data.get("finished", False)
        deck, deck_file, source = data.get("deck"), data.get("deck_file"), data.get("source")
        problems = [
            (not isinstance(game, str) or not game, "game"),
            (
                not isinstance(options, dict)
                or not all(isinstance(k, str) and _option_ok(v) for k, v in options.items()),
                "options",
            ),
            (not isinstance(seed, int) or isinstance(seed, bool), "seed"),
            (
                not isinstance(answers, list)
                or not all(_answer_ok(a) for a in answers)
                or not _finite(answers),
                "answers",
            ),
            (not _number(t) or not 0 <= t <= MAX_T, "t"),  # NaN is not in any range
            (not isinstance(finished, bool), "finished"),
            (not isinstance(deck, (dict, type(None))) or not _finite(deck), "deck"),
            (not isinstance(deck_file, (str, type(None))), "deck_file"),
            (not isinstance(source, (str, type(None))), "source"),
        ]
        bad = next((name for wrong, name in problems if wrong), None)
        if bad is not None:
            raise ValueError(f"the field '{bad}' is damaged")
        return cls(game, dict(options), seed, answers, float(t), finished, source, deck, deck_file)


def _finite(data: Any) -> bool:
    """Every number in a JSON value is finite (JSON's NaN and Infinity extensions are no numbers
    a save holds); walked without recursion, however deep the value."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            return False
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return True


def _read_json(path: Path) -> Any:
    """A save file's JSON; PermissionError for a save gm may not read, SaveTooNew for one a newer
    gm wrote, ValueError for damage."""
    try:
        data = read_regular(path, MAX_SAVE_BYTES)
    except NotAFile as error:
        raise ValueError(str(error)) from None
    if len(data) > MAX_SAVE_BYTES:
        raise ValueError("far too large for a save")
    try:
        parsed = json.loads(data.decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deeply") from None
    version = too_new(parsed)
    if version is not None:
        raise SaveTooNew(
            f"The save {path} was written by a newer gm (save format {version}; this gm reads "
            f"formats 1 to {FORMAT}); update gm to resume it, it is kept as it is."
        )
    return parsed


class SaveStore:
    """One game title's current.json, and previous.json holding the save before it."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = Path(directory) if directory else default_state_dir()
        self._vetted = False  # the saves found in place were looked at before the first write
        self._passed_over: set[Path] = set()  # saves `load` found damaged (the rules' check too)

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
            payload = record.payload()
            if not self._vetted:
                self._set_damaged_aside()
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
            denied = error.errno in (errno.EACCES, errno.EPERM, errno.EROFS)
            raise (SaveDenied if denied else SaveError)(
                f"The game cannot be saved in {self.directory} ({error.strerror or error})."
            ) from None

    def _set_damaged_aside(self) -> None:
        """Before the first save over them: a damaged current.json or previous.json (a hand edit,
        a power cut) is renamed damaged-N.json, never written over; a newer gm's save stops the
        save (SaveTooNew)."""
        self._refuse_newer()
        for path in (self.current, self.previous):
            if os.path.lexists(path) and (path in self._passed_over or self._damaged(path)):
                os.rename(path, self._damaged_name())
        self._vetted = True

    def _damaged_name(self) -> Path:
        """The first damaged-N.json not yet taken: where a damaged save is set aside."""
        number = 1
        while os.path.lexists(self.directory / DAMAGED.format(number)):
            number += 1
        return self.directory / DAMAGED.format(number)

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

    def _refuse_newer(self) -> None:
        """SaveTooNew when a newer gm wrote current.json or previous.json: neither is ever
        written over, nor resumed in a way that would write over the other."""
        for path in (self.current, self.previous):
            try:
                _read_json(path)
            except (OSError, ValueError):
                pass

    @staticmethod
    def _damaged(path: Path) -> bool:
        """A save that can be read but is no save (a permission problem is not damage)."""
        try:
            Record.from_json(_read_json(path))
            return False
        except OSError:
            return False
        except (ValueError, KeyError, TypeError):
            return True

    @staticmethod
    def _readable(path: Path) -> bool:
        """A save this gm reads; SaveTooNew (never written over) for a newer gm's."""
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
        self._refuse_newer()
        self._vetted, self._passed_over = False, set()  # looked at again before the next write
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
                self._passed_over.add(path)
                continue
            if check is not None:
                try:
                    check(record)
                except SaveUnreadable:
                    raise
                except Exception as error:  # noqa: BLE001 - any failure to replay a save is damage
                    problems.append(f"{path.name}: {error}")
                    self._passed_over.add(path)
                    continue
            return record, (
                f"The last save was damaged ({problems[0]}); the one before it is used, and the "
                f"damaged one is kept beside it as {self._damaged_name().name}."
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
        if self.directory.exists() and not self.directory.is_dir():
            raise SaveError(
                f"{self.directory} is a file, not a folder; games are saved in a folder."
            )
        self._stores: dict[str, SaveStore] = {}

    def store(self, game: str) -> SaveStore:
        """The game's SaveStore, the same one each time: what its load found damaged is set
        aside by its first write."""
        if game not in self._stores:
            self._stores[game] = SaveStore(self.directory / game)
        return self._stores[game]

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

    def check(self, *records: Record) -> None:
        """Before a game starts: the directory exists and room for the largest of these games'
        saves, twice over (the new save is written beside the old), and a margin for the game
        to grow, can be written and synced in it."""
        size = max((len(record.payload()) for record in records), default=0) * 2 + SPARE
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            handle, probe = tempfile.mkstemp(prefix=".check-", dir=self.directory)
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(b"\0" * size)
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
        gm on the same saves would write over the first one's game. Taken before anything else is
        written there, so that a second gm started at the same moment is told just that."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
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
        except (OSError, ValueError, KeyError, TypeError, SaveError):
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
