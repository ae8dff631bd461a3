"""Opening the files a person names (saves, settings, decks, the transcript) without ever waiting.

A FIFO, a device or a folder where a file is expected would hang gm on open (a FIFO waits for
its writer) or fill its memory (/dev/zero): each is opened with O_NONBLOCK, looked at with
fstat, and refused in one sentence unless it is a regular file.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import tomllib


class NotAFile(ValueError):
    """The path is a folder, a FIFO or a device; the message says which, in a few words."""


def _kind(mode: int) -> str | None:
    """What a non-regular file is, for a person; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "not a regular file (a pipe)"
    return "not a regular file (a device or a socket)"


def _open(path: str | Path, flags: int) -> int:
    """os.open, with a folder or a FIFO no one reads from (ENXIO) as NotAFile."""
    try:
        return os.open(path, flags, 0o644)
    except IsADirectoryError:
        raise NotAFile("a folder, not a file") from None
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise NotAFile("not a regular file (a pipe or a device)") from None
        raise


def _checked(fd: int) -> int:
    """`fd` if it is a regular file, made blocking again; else closed, and NotAFile."""
    kind = _kind(os.fstat(fd).st_mode)
    if kind is not None:
        os.close(fd)
        raise NotAFile(kind)
    os.set_blocking(fd, True)
    return fd


def read_regular(path: str | Path, limit: int) -> bytes:
    """At most `limit` + 1 bytes of a regular file (one more than allowed shows it is too large).
    OSError passes through (missing, permission, a symlink loop); NotAFile for anything else."""
    fd = _checked(_open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC))
    with os.fdopen(fd, "rb") as handle:
        return handle.read(limit + 1)


def open_regular_for_writing(path: str | Path, append: bool):  # noqa: ANN201 - a text stream
    """A regular file opened for text output (created if missing, emptied unless `append`);
    nothing is emptied before it is known to be a regular file."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC | (os.O_APPEND if append else 0)
    fd = _checked(_open(path, flags))
    if not append:
        os.ftruncate(fd, 0)
    return os.fdopen(fd, "w", encoding="utf-8")


def refuse_special(path: str | Path) -> None:
    """NotAFile when `path` names something there already that is not a regular file: an output
    another module opens by name (a WAV) is looked at first, as opening a FIFO to write waits
    for a reader."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # missing (it will be created) or unreadable: opening it says why
    kind = _kind(mode)
    if kind is not None:
        raise NotAFile(kind)


def expanded(path: str | Path) -> Path:
    """`path` with a leading "~" or "~user" written out, as the shell would; as written where
    there is no such user ("~office.toml" is a file's name), never an error."""
    try:
        return Path(path).expanduser()
    except RuntimeError:  # "Could not determine home directory": no user of that name
        return Path(path)


def toml_mistake(error: tomllib.TOMLDecodeError) -> str:
    """tomllib's account of a mistake as a clause: "unclosed array, at the end of the file",
    "expected '=' after a key in a key/value pair, at line 3, column 5"."""
    text = str(error)
    if text.endswith(")") and " (at " in text:
        text, where = text[:-1].rsplit(" (at ", 1)
        text += ", at " + ("the end of the file" if where == "end of document" else where)
    return clause(text)


def clause(text: object) -> str:
    """A message put after a colon in another: its first letter small."""
    text = str(text)
    return text[:1].lower() + text[1:]
