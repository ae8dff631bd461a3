from __future__ import annotations

import functools
import signal
import warnings

import pytest

from gm.cli import common_lines


class RecordingSpeaker:
    """A fake Speaker port: remembers lines and tones instead of sounding them."""

    def __init__(self, for_the_ear: bool = True) -> None:
        self.for_the_ear = for_the_ear
        self.lines: list[str] = []
        self.tones: list[float] = []
        self.played: list[bytes] = []

    def say(self, text: str) -> float:
        """Every line gm says is written for the ear: numbers as words, never digits."""
        assert not (self.for_the_ear and any(c.isdigit() for c in text)), (
            f"a line with digits: {text!r}"
        )
        self.lines.append(text)
        return 0.0

    def tone(self, frequency: float, seconds: float) -> float:
        self.tones.append(frequency)
        return seconds

    def play(self, audio: bytes) -> float:
        self.played.append(audio)
        return len(audio) / 32000

    def close(self) -> None:
        pass


@pytest.fixture
def speaker(request) -> RecordingSpeaker:
    """The games' lines must have no digits; the toy game's (tests/toygame.py) are the tests' own
    shorthand."""
    return RecordingSpeaker(for_the_ear=not hasattr(request.module, "ToyGame"))


@functools.cache
def _common():
    return common_lines()


@pytest.fixture(scope="module")
def common():
    """The lines and command phrases every game shares, read once per test process."""
    return _common()


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    """No test reads or writes the real user's saves or settings."""
    monkeypatch.setenv("GM_STATE_DIR", str(tmp_path / "state"))
    config = tmp_path.parent / f"{tmp_path.name}.config.toml"  # beside tmp_path, which tests list
    config.touch()  # an empty settings file: GM_CONFIG naming none is a mistake
    monkeypatch.setenv("GM_CONFIG", str(config))


def _terminal_ctrl_c() -> str | None:
    """Ctrl+C made as a terminal gives it; what it was instead, if it was not."""
    handler = signal.getsignal(signal.SIGINT)
    blocked = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, [])
    if handler is signal.default_int_handler and not blocked:
        return None
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
    signal.signal(signal.SIGINT, signal.default_int_handler)
    return "blocked" if blocked else repr(handler)


@pytest.fixture(autouse=True)
def _ctrl_c_as_a_terminal_gives_it(request):
    """Every test runs with Ctrl+C as a terminal gives it: Python's handler, SIGINT not blocked.
    A test run started in the background by a shell (`./scripts/test &`) begins with SIGINT
    ignored, and so do the gm processes its tests start (an ignored signal is inherited): the
    Ctrl+C tests then fail for a reason of their own. Set before each test, checked after it;
    a change is named as a warning."""
    if (found := _terminal_ctrl_c()) is not None:
        warnings.warn(f"{request.node.nodeid} began with Ctrl+C {found}; set", stacklevel=1)
    yield
    if (found := _terminal_ctrl_c()) is not None:
        warnings.warn(f"{request.node.nodeid} left Ctrl+C {found}; set again", stacklevel=1)


def pytest_addoption(parser):
    parser.addoption(
        "--part",
        choices=("all", "realtime", "rest"),
        default="all",
        help="only the real-time tests (marked realtime), or all but them (scripts/run_tests.py)",
    )


def pytest_collection_modifyitems(config, items):
    # The slowest tests first: run last, one of them holds a worker for a minute while the others
    # have nothing left to take (pytest-xdist's workers share what is still to run)
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
    part = config.getoption("--part")
    if part == "all":
        return
    keep = [
        item
        for item in items
        if (item.get_closest_marker("realtime") is not None) == (part == "realtime")
    ]
    dropped = [item for item in items if item not in keep]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep
