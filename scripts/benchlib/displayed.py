"""A typed game played by `gm play --display` in a subprocess, and what its page is sent: the
display's tests and its measure (scripts/bench_display.py) drive gm with these."""

from __future__ import annotations

import http.client
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class Played:
    """`gm play GAME --text --console --display 0 ...`: lines typed on its standard input, taps
    posted to its page, its transcript and its page's board read back."""

    def __init__(self, tmp_path: Path, *args: str, command: str = "play", port: int = 0) -> None:
        self.transcript = tmp_path / "transcript.jsonl"
        self._out = open(tmp_path / "stdout.txt", "w")
        self._err_path = tmp_path / "stderr.txt"
        self._err = open(self._err_path, "w")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gm",
                command,
                *args,
                "--text",
                "--console",
                "--display",
                str(port),
            ]
            + ["--state-dir", str(tmp_path / "state"), "--transcript", str(self.transcript)],
            stdin=subprocess.PIPE,
            stdout=self._out,
            stderr=self._err,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        self.port = int(self._wait(lambda: _port(self._err_path.read_text())))
        self.url = f"http://127.0.0.1:{self.port}/"

    def type(self, *lines: str) -> None:
        for line in lines:
            self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def board(self) -> dict[str, dict]:
        """The page's first messages, by type."""
        with urllib.request.urlopen(self.url + "board", timeout=5) as response:
            return {m["type"]: m for m in json.load(response)}

    def listening(self, step: str) -> dict:
        """The listen message of `step`, once gm listens for it."""
        return self._wait(lambda: _if(self.board().get("listen"), lambda m: m["step"] == step))

    def tap(self, phrase: str, listen: int | None = None) -> int:
        """Post a tap for the listen now open (or the one named); the HTTP status."""
        number = listen if listen is not None else self.board()["listen"]["listen"]
        body = json.dumps({"listen": number, "phrase": phrase}).encode()
        request = urllib.request.Request(
            self.url + "tap", body, {"Content-Type": "application/json"}, method="POST"
        )
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    def events(self) -> list[dict]:
        text = self.transcript.read_text(encoding="utf-8") if self.transcript.exists() else ""
        return [json.loads(line) for line in text.splitlines() if line.endswith("}")]

    def decided(self, step: str, count: int = 1) -> list[dict]:
        """The accepted decisions of `step`, once there are `count` of them."""

        def found() -> list[dict] | None:
            taken = [
                e
                for e in self.events()
                if e["type"] == "decision" and e.get("step") == step and e.get("accepted")
            ]
            return taken if len(taken) >= count else None

        return self._wait(found)

    def close(self) -> int:
        if self.process.stdin and not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            code = self.process.wait(30)
        finally:
            if self.process.poll() is None:
                self.process.kill()
            self._out.close()
            self._err.close()
        return code

    def rss_kb(self) -> int:
        """gm's resident memory now, in kB (Linux)."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(r"VmRSS:\s+(\d+)", status).group(1))

    def stderr(self) -> str:
        return self._err_path.read_text()

    def _wait(self, found, timeout: float = 30.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            value = found()
            if value:
                return value
            if self.process.poll() is not None:
                raise AssertionError(f"gm stopped: {self.stderr()}")
            time.sleep(0.05)
        raise AssertionError(f"waited {timeout} s in vain; gm said: {self.stderr()}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _port(text: str) -> str | None:
    match = re.search(r"table display is at http://[^:]+:(\d+)/", text)
    return match.group(1) if match else None


def _if(value, test):
    return value if value is not None and test(value) else None


class Page:
    """What one page receives: the event stream read in a thread, each message with the
    monotonic time it arrived."""

    def __init__(self, port: int) -> None:
        self.messages: list[tuple[float, dict]] = []
        self._connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self._connection.request("GET", "/events")
        self._response = self._connection.getresponse()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            for raw in self._response:
                line = raw.decode()
                if line.startswith("data: "):
                    self.messages.append((time.monotonic(), json.loads(line[6:])))
        except (OSError, ValueError, AttributeError):
            pass  # gm stopped, or the page was closed (http.client's stream is then gone)

    def next(self, test, after: int, timeout: float = 60.0) -> tuple[int, float, dict]:
        """The first message from index `after` on for which `test` holds: (index, time, it)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for index in range(after, len(self.messages)):
                at, message = self.messages[index]
                if test(message):
                    return index, at, message
            time.sleep(0.002)
        raise AssertionError("the page never received the message waited for")

    def close(self) -> None:
        self._connection.close()


CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"  # Debian's packages


def chromium():
    """Headless Chromium driven by Selenium (Debian's chromium and chromium-driver)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
