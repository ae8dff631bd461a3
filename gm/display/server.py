"""The display's web server: aiohttp on an event loop of its own, in a daemon thread.

aiohttp: asyncio, server-sent events by plain streaming, pure-Python wheels wherever gm runs
(a Raspberry Pi too), and nothing else to install. The engine stays synchronous: it hands each
event to `Display.event` (a transcript sink) and reads taps with `Display.take` (Engine's Taps).
"""

from __future__ import annotations

import asyncio
import errno
import json
import queue
import socket
import threading
from importlib import resources

from aiohttp import web

from gm.display import DEFAULT_PORT, DisplayError
from gm.display.board import Board

KEEPALIVE = 15.0  # seconds between comments on a quiet stream, so a dead page is noticed
BACKLOG = 256  # messages a slow page may fall behind before it is dropped (it reconnects)
ASSETS = {
    "/": ("index.html", "text/html"),
    "/display.css": ("display.css", "text/css"),
    "/display.js": ("display.js", "text/javascript"),
}


def lan_address() -> str:
    """This machine's address on the local network: the one a route out would leave from (a
    UDP socket's connect sends nothing); the loopback address on a machine with no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class Display:
    """Serve the page and its event stream on `host`:`port` (0: any free port)."""

    def __init__(self, host: str = "0.0.0.0", port: int = DEFAULT_PORT) -> None:
        self.host = host
        self.port = port
        self.board = Board()
        self._taps: queue.SimpleQueue[tuple[int, str]] = queue.SimpleQueue()
        self._pages: set[asyncio.Queue] = set()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._runner: web.AppRunner | None = None

    # -- the engine's side ---------------------------------------------------------------

    def start(self) -> int:
        """Bind and serve; the port served. A port in use is one sentence (DisplayError)."""
        self._thread.start()
        try:
            self.port = asyncio.run_coroutine_threadsafe(self._serve(), self._loop).result(30)
        except OSError as error:
            self._stop_loop()
            if error.errno == errno.EADDRINUSE:
                raise DisplayError(
                    f"Port {self.port} is in use by another program; choose another with "
                    "--display PORT."
                ) from None
            raise DisplayError(
                f"The table display cannot be served on port {self.port} ({error.strerror})."
            ) from None
        return self.port

    def event(self, event: dict) -> None:
        """A transcript sink: the page's message for the event goes to every open page."""
        message = self.board.add(event)
        if message is not None and self._runner is not None:
            self._loop.call_soon_threadsafe(self._send, message)

    def take(self) -> str | None:
        """The engine's Taps: a phrase tapped for the listen now open (older taps are dropped)."""
        while True:
            try:
                listen, phrase = self._taps.get_nowait()
            except queue.Empty:
                return None
            if listen == self.board.listens:
                return phrase

    def close(self) -> None:
        if self._runner is not None:
            self._loop.call_soon_threadsafe(self._end_streams)
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
            self._runner = None
        self._stop_loop()

    def _stop_loop(self) -> None:
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
        if not self._thread.is_alive():
            self._loop.close()

    # -- the server's side ---------------------------------------------------------------

    async def _serve(self) -> int:
        app = web.Application()
        for path in ASSETS:
            app.router.add_get(path, self._asset)
        app.router.add_get("/events", self._events)
        app.router.add_get("/board", self._board)
        app.router.add_post("/tap", self._tap)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except OSError:
            await runner.cleanup()
            raise
        self._runner = runner
        return runner.addresses[0][1]

    async def _asset(self, request: web.Request) -> web.Response:
        name, kind = ASSETS[request.path]
        text = resources.files("gm.display").joinpath("static", name).read_text("utf-8")
        return web.Response(text=text, content_type=kind, headers={"Cache-Control": "no-cache"})

    async def _events(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: the board as it is, then every message as it comes."""
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}
        )
        await response.prepare(request)
        page: asyncio.Queue = asyncio.Queue(BACKLOG)
        self._pages.add(page)
        try:
            await response.write(b"retry: 1000\n\n")
            for message in self.board.snapshot():
                await response.write(_sse(message))
            while True:
                try:
                    message = await asyncio.wait_for(page.get(), KEEPALIVE)
                except asyncio.TimeoutError:
                    await response.write(b": still here\n\n")
                    continue
                if message is None:
                    break  # gm stops, or the page fell behind: it reconnects to a fresh board
                await response.write(_sse(message))
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            self._pages.discard(page)
        return response

    async def _board(self, request: web.Request) -> web.Response:
        """The board as it is, at once: what a page is sent first (for scripts and tests)."""
        return web.json_response(self.board.snapshot())

    def _end_streams(self) -> None:
        """gm stops: every stream ends, and its page reconnects to the next gm."""
        for page in self._pages:
            if not page.full():
                page.put_nowait(None)

    def _send(self, message: dict) -> None:
        for page in list(self._pages):
            try:
                page.put_nowait(message)
            except asyncio.QueueFull:
                self._pages.discard(page)
                page.get_nowait()
                page.put_nowait(None)

    async def _tap(self, request: web.Request) -> web.Response:
        if request.content_type != "application/json":
            # A page of another site cannot send JSON here without the browser asking first,
            # which gm never allows: only gm's own page taps.
            return web.json_response({"error": "a tap is JSON"}, status=415)
        try:
            tap = await request.json()
            listen, phrase = int(tap["listen"]), str(tap["phrase"]).strip()
        except (ValueError, KeyError, TypeError):
            return web.json_response({"error": "a tap is {listen, phrase}"}, status=400)
        if not self.board.accepts(listen, phrase):
            return web.json_response({"error": "that ask is over"}, status=409)
        self._taps.put((listen, phrase))
        return web.json_response({"ok": True}, status=202)


def _sse(message: dict) -> bytes:
    return f"data: {json.dumps(message, ensure_ascii=False)}\n\n".encode()


def address(port: int) -> str:
    """The page's address for the phones at the table."""
    return f"http://{lan_address()}:{port}/"


def qr_code(url: str) -> str:
    """The address as a QR code drawn in the terminal (segno, pure Python)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out, compact=True)
    return out.getvalue()
