"""Shared by the end-to-end tests: run `gm` in a subprocess and read its transcript."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def gm(
    *args: str, stdin: str = "", env: dict | None = None, timeout: float = 900
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gm", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=timeout,
    )


def events_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()]


def effective_decisions(events: list[dict]) -> list[tuple[str, str]]:
    """The accepted decisions that stand at the end: an undo takes back the last one."""
    out: list[tuple[str, str]] = []
    for e in events:
        if e["type"] != "decision" or e.get("step") == "confirm":
            continue
        if e.get("kind") == "undo":
            out.pop()
        elif e.get("accepted"):
            out.append((e["step"], e["decision"]))
    return out


def said(events: list[dict]) -> list[str]:
    return [e["text"] for e in events if e["type"] == "say"]


def as_a_terminal_starts_it() -> None:
    """A subprocess's `preexec_fn`: Ctrl+C as a shell leaves it to a program it starts (SIGINT
    not blocked, its default action, so Python installs its handler), whatever the test worker's
    own process had: a blocked or ignored signal is inherited."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
    signal.signal(signal.SIGINT, signal.SIG_DFL)
