from __future__ import annotations


import pytest

from gm.cli import common_lines


class RecordingSpeaker:
    """A fake Speaker port: remembers lines and tones instead of sounding them."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.tones: list[float] = []
        self.played: list[bytes] = []

    def say(self, text: str) -> float:
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
def speaker() -> RecordingSpeaker:
    return RecordingSpeaker()


@pytest.fixture(scope="session")
def common():
    return common_lines()


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    """No test reads or writes the real user's saves or settings."""
    monkeypatch.setenv("GM_STATE_DIR", str(tmp_path / "state"))
    config = tmp_path.parent / f"{tmp_path.name}.config.toml"  # beside tmp_path, which tests list
    config.touch()  # an empty settings file: GM_CONFIG naming none is a mistake
    monkeypatch.setenv("GM_CONFIG", str(config))


