"""Wyoming services (Home Assistant's voice protocol): gm's ear or voice on another machine.

A service is reached at tcp://HOST:PORT with the `wyoming` library's events, over a plain socket
opened afresh for every request: an utterance or a line that timed out is dropped with its
connection, so a late answer to it can never be read as the answer to the next one.

A service that does not answer is `Service.down`: gm hears or speaks with its own engine at once,
and a thread asks the service to describe itself, waiting longer each time (BACKOFF), until it
answers; then gm goes back to it. Every change is told once to `Service.changed`, which
`Announcing` turns into one line in gm's own voice.
"""

from __future__ import annotations

import socket
import threading
import time
from contextlib import suppress
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence
from urllib.parse import urlparse

from wyoming.audio import AudioChunk as WireChunk
from wyoming.audio import AudioStart, AudioStop
from wyoming.event import Event, Eventable, read_event, write_event
from wyoming.info import Describe, Info
from wyoming.tts import Synthesize

from gm.speech.base import Around, Sound, Speaker, SpeechError

CONNECT_SECONDS = 2.0  # a service on the local network answers a connection at once
# Seconds a service may take over one utterance or one line, from the last audio sent to the
# transcript (or from the text sent to the last audio). wyoming-faster-whisper runs Whisper's
# whole 30 s window for every utterance: about 1 s for tiny.en on a quiet 2-core machine, several
# under load (BENCHMARKS.md, "Wyoming"); a service slower than this is taken as lost.
TIMEOUT = 8.0
SHOWN = 12  # models or voices listed by name for each program of a service
BACKOFF = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)  # seconds between looks at a service that is down


class ServiceError(SpeechError):
    """A Wyoming service refused, dropped or did not answer a request in time."""


def address(uri: str) -> tuple[str, int]:
    """HOST and PORT of a tcp://HOST:PORT address, or the one sentence saying what is wrong."""
    parsed = urlparse(uri.strip())
    try:
        port = parsed.port
    except ValueError:
        port = None
    if parsed.scheme != "tcp" or not parsed.hostname or port is None:
        raise SpeechError(
            f"{uri!r} is not the address of a Wyoming service; write it as tcp://HOST:PORT "
            "(e.g. tcp://192.168.1.20:10300)."
        )
    return parsed.hostname, port


def is_uri(value: str | None) -> bool:
    return bool(value) and "://" in str(value)


class Connection:
    """One request's connection: events written and read with the wyoming library, each read
    bounded by what is left of the request's time."""

    def __init__(self, uri: str, timeout: float = TIMEOUT) -> None:
        self.uri = uri
        self._deadline = time.monotonic() + timeout
        try:
            self._socket = socket.create_connection(address(uri), timeout=CONNECT_SECONDS)
        except OSError as error:
            raise ServiceError(
                f"The service at {uri} does not answer ({_reason(error)})."
            ) from None
        self._file = self._socket.makefile("rwb")

    def send(self, *events: Eventable) -> None:
        try:
            for event in events:
                write_event(event.event(), self._file)
        except OSError as error:
            raise ServiceError(f"The service at {self.uri} hung up ({_reason(error)}).") from None

    def restart_clock(self, timeout: float = TIMEOUT) -> None:
        """The request's time starts now (the audio has been sent: the service may begin)."""
        self._deadline = time.monotonic() + timeout

    def receive(self) -> Event:
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise ServiceError(f"The service at {self.uri} took too long to answer.")
        try:
            self._socket.settimeout(left)
            event = read_event(self._file)
        except socket.timeout:
            raise ServiceError(f"The service at {self.uri} took too long to answer.") from None
        except OSError as error:
            raise ServiceError(f"The service at {self.uri} hung up ({_reason(error)}).") from None
        if event is None:
            raise ServiceError(f"The service at {self.uri} hung up before it answered.")
        return event

    def close(self) -> None:
        with suppress(OSError):
            self._file.close()
        with suppress(OSError):
            self._socket.close()

    def __enter__(self) -> Connection:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _reason(error: OSError) -> str:
    return (error.strerror or str(error) or type(error).__name__).lower()


def describe(uri: str, timeout: float = CONNECT_SECONDS) -> Info:
    """What the service says about itself (Wyoming's Describe, answered by Info)."""
    with Connection(uri, timeout) as connection:
        connection.send(Describe())
        while True:
            event = connection.receive()
            if Info.is_type(event.type):
                return Info.from_event(event)


def summary(info: Info) -> list[str]:
    """Info as lines a person reads: each program with its models or voices and their languages."""
    lines = []
    for kind, programs, items in (
        ("speech to text", info.asr, "models"),
        ("text to speech", info.tts, "voices"),
    ):
        for program in programs:
            version = f" {program.version}" if program.version else ""
            lines.append(f"{kind}: {program.name}{version}")
            listed = getattr(program, items)
            for item in listed[:SHOWN]:
                languages = ", ".join(item.languages[:SHOWN]) or "no language named"
                if len(item.languages) > SHOWN:
                    languages += f" and {len(item.languages) - SHOWN} more"
                state = "" if item.installed else " (not installed)"
                lines.append(f"  {item.name}{state}: {languages}")
            if len(listed) > SHOWN:
                lines.append(f"  and {len(listed) - SHOWN} more")
    return lines or ["neither speech to text nor text to speech"]


@dataclass(frozen=True)
class Change:
    """A service lost or back: `kind` is "asr" or "voice", `up` whether it answers now."""

    kind: str
    uri: str
    up: bool


class Service:
    """Whether a service answers, and the thread that waits for it to come back when it does
    not. `changed` hears every change once, from the thread that saw it."""

    def __init__(
        self,
        kind: str,
        uri: str,
        changed: Callable[[Change], None] | None = None,
        backoff: Sequence[float] = BACKOFF,
    ) -> None:
        address(uri)  # a malformed address is the person's mistake, said at once
        self.kind, self.uri = kind, uri
        self.changed = changed
        self._backoff = tuple(backoff)
        self._lock = threading.Lock()
        self._up = True
        self._closed = threading.Event()
        self._watcher: threading.Thread | None = None

    @property
    def up(self) -> bool:
        with self._lock:
            return self._up

    def check(self) -> bool:
        """Ask the service once (at start): True when it answers, else it is down from now on,
        quietly (the caller says so in its own words), and watched until it is back."""
        try:
            describe(self.uri)
        except ServiceError:
            self._set(False, tell=False)
            return False
        return True

    def lost(self) -> None:
        """A request failed: gm uses its own engine until the service answers again."""
        self._set(False)

    def _set(self, up: bool, tell: bool = True) -> None:
        with self._lock:
            if self._up == up:
                return
            self._up = up
            if not up and (self._watcher is None or not self._watcher.is_alive()):
                self._watcher = threading.Thread(
                    target=self._watch, name=f"gm-wyoming-{self.kind}", daemon=True
                )
                self._watcher.start()
        if tell and self.changed is not None:
            self.changed(Change(self.kind, self.uri, up))

    def _watch(self) -> None:
        attempt = 0
        while not self._closed.wait(self._backoff[min(attempt, len(self._backoff) - 1)]):
            try:
                describe(self.uri)
            except ServiceError:
                attempt += 1
                continue
            self._set(True)
            return

    def close(self) -> None:
        self._closed.set()


class WyomingVoice:
    """gm's lines made by a Wyoming text-to-speech service (wyoming-piper), with gm's own voice
    taking over, line by line, while the service is down. Put in a `tts.Remembered` like any
    voice, so lines are made ahead as with Piper."""

    def __init__(self, service: Service, local, voice: str | None = None) -> None:  # noqa: ANN001
        """`local`: gm's own voice (a tts.Voice), used while the service is down."""
        self.service = service
        self.local = local
        self._voice = voice
        self.name = f"Wyoming ({service.uri})"

    def sentences(self, text: str) -> Iterator[Sound]:
        """The whole piece from the service, or, if it fails before the piece is complete, the
        piece from gm's own voice: a line is never half one voice and half the other."""
        if self.service.up and text.strip():
            try:
                sound = self.synthesize(text)
            except ServiceError:
                self.service.lost()
            else:
                yield sound
                return
        yield from self.local.sentences(text)

    def synthesize(self, text: str) -> Sound:
        from wyoming.tts import SynthesizeVoice

        voice = SynthesizeVoice(name=self._voice) if self._voice else None
        audio: list[bytes] = []
        rate = None
        with Connection(self.service.uri) as connection:
            connection.send(Synthesize(text=text, voice=voice))
            while True:
                event = connection.receive()
                if AudioStart.is_type(event.type):
                    start = AudioStart.from_event(event)
                    _check_format(self.service.uri, start.width, start.channels)
                    rate = start.rate
                elif WireChunk.is_type(event.type):
                    chunk = WireChunk.from_event(event)
                    _check_format(self.service.uri, chunk.width, chunk.channels)
                    rate = chunk.rate
                    audio.append(chunk.audio)
                elif AudioStop.is_type(event.type):
                    break
        if rate is None:
            raise ServiceError(f"The service at {self.service.uri} sent no audio.")
        return Sound(b"".join(audio), rate)

    def close(self) -> None:
        self.service.close()
        self.local.close()


def _check_format(uri: str, width: int, channels: int) -> None:
    if (width, channels) != (2, 1):
        raise ServiceError(
            f"The service at {uri} speaks {channels}-channel audio of {8 * width}-bit samples; "
            "gm plays 16-bit mono."
        )


class Announcing(Around):
    """gm's speaker, which first says, in gm's own voice, that a service was lost or is back:
    once for each change, before the next line gm says (a change seen in a thread, while gm
    listens, waits for that line). Each is also an event on the transcript."""

    def __init__(
        self, speaker: Speaker, line: Callable[[Change], str], event: Callable[[Change, str], None]
    ) -> None:
        """`line`: what gm says of a change; `event`: writes it to the transcript."""
        self.speaker = speaker
        self._line, self._event = line, event
        self._lock = threading.Lock()
        self._pending: list[Change] = []

    def changed(self, change: Change) -> None:
        with self._lock:
            self._pending.append(change)

    def say(self, text: str) -> float:
        with self._lock:
            pending, self._pending = self._pending, []
        seconds = 0.0
        for change in pending:
            line = self._line(change)
            self._event(change, line)
            seconds += self.speaker.say(line)
        return seconds + self.speaker.say(text)
