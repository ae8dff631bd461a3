"""The table display: the game at a glance on any phone of the local network, and taps.

One more view of the transcript's events (gm.display.board keeps what the page may see) served
by a small web server in a thread of its own (gm.display.server); a tap is one more source of
answers for the engine (gm.dialog.engine.Taps). Importing this package loads no web server.
"""

DEFAULT_PORT = 8038


class DisplayError(Exception):
    """The display cannot be served (a busy port); its message is one sentence."""
