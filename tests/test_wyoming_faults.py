"""A Wyoming speech service that is slow, hangs up or comes back, played by a small server made
with the wyoming library's own AsyncServer: what it answers late is never taken for an answer."""

from __future__ import annotations

import asyncio
import socket
import threading
import time

import pytest
from wyoming.asr import Transcript
from wyoming.audio import AudioStop
from wyoming.event import Event
from wyoming.info import Describe, Info
from wyoming.server import AsyncEventHandler, AsyncServer

from gm import vocab
from gm.speech.asr import recognize
from gm.speech.asr.wyoming import WyomingRecognizer
from gm.speech.base import Final, Vocabulary
from gm.speech.synth import silence, synthesize
from gm.speech.wyoming import Service


class Scripted:
    """A server that answers each utterance as told: (seconds it waits, transcript or None to
    hang up), in turn; and describes itself at once."""

    def __init__(self, replies: list[tuple[float, str | None]]) -> None:
        self.replies = list(replies)
        self.asked = 0
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.uri = f"tcp://127.0.0.1:{s.getsockname()[1]}"
        self._loop = asyncio.new_event_loop()
        server = AsyncServer.from_uri(self.uri)
        self._loop.run_until_complete(server.start(self._handler))
        threading.Thread(target=self._loop.run_forever, daemon=True).start()

    def _handler(self, reader, writer):
        scripted = self

        class Handler(AsyncEventHandler):
            async def handle_event(self, event: Event) -> bool:
                if Describe.is_type(event.type):
                    await self.write_event(Info().event())
                elif AudioStop.is_type(event.type):
                    wait, text = scripted.replies.pop(0)
                    scripted.asked += 1
                    await asyncio.sleep(wait)
                    if text is not None:
                        await self.write_event(Transcript(text=text).event())
                    return False
                return True

        return Handler(reader, writer)

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)


def said(word: str) -> bytes:
    """Piper at its mean delivery: espeak-ng's bare "four" is a borderline clip for tiny.en (no
    speech 0.62 on one CPU, heard on another), and the ear is not what these tests are about."""
    return silence(0.3) + synthesize(word, "piper", 160, 50, noise=0) + silence(1.0)


def heard(recognizer, word: str) -> list[str]:
    return [e.text for e in recognize(recognizer, said(word)) if isinstance(e, Final)]


@pytest.fixture
def numbers():
    return Vocabulary(phrases=tuple(p for c in vocab.numbers(1, 5) for p in c.phrases))


def listening(replies, vocabulary, backoff: float, timeout: float):
    """A scripted server, the service watching it (its changes kept) and gm's recogniser on it."""
    server = Scripted(replies)
    changes: list = []
    service = Service("asr", server.uri, changed=changes.append, backoff=(backoff,))
    recognizer = WyomingRecognizer(service, timeout=timeout)
    recognizer.wait_until_loaded()
    recognizer.set_vocabulary(vocabulary)
    return server, service, recognizer, changes


def test_a_late_transcript_is_never_applied_and_the_service_is_used_again(numbers):
    server, service, recognizer, changes = listening(
        [(1.5, "five"), (0.0, "two"), (0.0, "three")], numbers, backoff=0.1, timeout=0.5
    )
    try:
        assert heard(recognizer, "three") == ["three"]  # gm's own Whisper, after 0.5 s
        assert changes[0].up is False
        deadline = time.monotonic() + 5
        while not service.up and time.monotonic() < deadline:
            time.sleep(0.02)
        assert [c.up for c in changes] == [False, True]
        time.sleep(1.5)  # the late "five" has been sent to a connection gm closed
        assert heard(recognizer, "two") == ["two"]  # the service's, not the late "five"
        assert heard(recognizer, "three") == ["three"]
        assert server.asked == 3
    finally:
        service.close()
        server.close()


def test_a_service_that_hangs_up_loses_no_answer(numbers):
    server, service, recognizer, changes = listening(
        [(0.0, None)], numbers, backoff=30.0, timeout=2.0
    )
    try:
        assert heard(recognizer, "four") == ["four"]  # heard by gm itself
        assert heard(recognizer, "two") == ["two"]  # still itself: the service is not asked
        assert server.asked == 1 and [c.up for c in changes] == [False]
    finally:
        service.close()
        server.close()
