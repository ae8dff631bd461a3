"""Real Wyoming servers for the tests: wyoming-faster-whisper serving gm's own tiny.en and
wyoming-piper serving gm's own voice, on free ports of 127.0.0.1, killed and started at will."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from gm.speech import voices
from gm.speech.asr.whisper import embedded_model
from gm.speech.wyoming import ServiceError, describe


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A Wyoming server in a subprocess, started and killed at will on one port. `prompt`: the
    speech service's own --initial-prompt (it ignores the phrases gm sends: docs/wyoming.md)."""

    def __init__(self, kind: str, tmp: Path, prompt: str = "") -> None:
        self.kind, self.tmp, self.prompt = kind, tmp, prompt
        self.uri = f"tcp://127.0.0.1:{free_port()}"
        self.process: subprocess.Popen | None = None

    def command(self) -> list[str]:
        if self.kind == "asr":
            return [
                *("-m", "wyoming_faster_whisper", "--model", str(embedded_model())),
                *("--data-dir", str(self.tmp), "--local-files-only", "--language", "en"),
                *("--compute-type", "int8", "--beam-size", "1", "--cpu-threads", "2"),
                *(("--initial-prompt", self.prompt) if self.prompt else ()),
            ]
        voice = voices.installed(None)[voices.DEFAULT]
        return [
            *("-m", "wyoming_piper", "--voice", voices.DEFAULT),
            *("--data-dir", str(voice.parent), "--local-files-only"),
        ]

    def start(self) -> None:
        with open(self.tmp / f"{self.kind}.log", "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, *self.command(), "--uri", self.uri], stdout=log, stderr=log
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                describe(self.uri)
                return
            except ServiceError:
                time.sleep(0.2)
        raise RuntimeError(f"the {self.kind} server did not start")

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


@contextmanager
def running(
    tmp: Path, prompt: str = "", kinds: tuple[str, ...] = ("asr", "voice")
) -> Iterator[dict[str, Server]]:
    """The servers of `kinds` (both by default) started, killed at the end whatever happened."""
    started = {kind: Server(kind, tmp, prompt if kind == "asr" else "") for kind in kinds}
    try:
        for server in started.values():
            server.start()
        yield started
    finally:
        for server in started.values():
            server.kill()
