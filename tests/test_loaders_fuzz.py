"""The loaders of saves, settings and decks fed random bytes, truncations and edited fields:
never a traceback (only the one-sentence errors gm reports), never a hang, never a file changed.

The seeds are real files: a save written by a real game, gm's settings example with every key
set, and a deck of the README's shape.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm import cli, config
from gm.state import SaveError, Saves, SaveStore

ROOT = Path(__file__).resolve().parent.parent
RUNS = settings(
    max_examples=120,
    deadline=None,  # a hang is caught by the alarm below; a slow example (a busy machine) is not
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
SETTINGS = """[voice]
engine = "pyttsx3"
name = "en-us"
rate = 180
volume = 0.8

[audio]
input_device = "USB"
output_device = 0
barge_in = false

[recognizer]
engine = "sphinx"
model = "whisper-base.en"

[decks]
who-the-f = "office.toml"
"""
DECK = """# three questions of our own
questions = [
  "Who would survive longest on a desert island?",
  "Who is most likely to become famous?",
  "Who tells the best stories?",
]
"""


class Hung(BaseException):
    """A loader that did not return in time; no `except Exception` in gm can swallow it."""


@contextmanager
def no_hang(seconds: int = 20):
    def interrupt(*_: object) -> None:
        raise Hung(f"a loader took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def real_save(tmp_path_factory) -> bytes:
    """current.json of a Funocracy game with a decision, written by gm itself."""
    state = tmp_path_factory.mktemp("seed") / "state"
    result = subprocess.run(
        [sys.executable, "-m", "gm", "play", "funocracy", "--players", "3", "--mode", "normal"]
        + ["--seed", "5", "--text"],
        input=b"table\n[silence 5]\n",
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "GM_STATE_DIR": str(state)},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    data = (state / "funocracy" / "current.json").read_bytes()
    assert len(json.loads(data)["answers"]) >= 1
    return data


def paths(value: object, prefix: tuple = ()) -> list[tuple]:
    """Every key path in a JSON value (lists by index), the value itself first."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:5]):
            found += paths(item, (*prefix, index))
    return found


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)


@st.composite
def damaged(draw, seed: bytes, edit_json: bool):
    """Random bytes, a truncation, a slice replaced, or (for a save) one field edited."""
    kinds = ["bytes", "truncated", "spliced"] + (["field"] * 3 if edit_json else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "bytes":
        return draw(st.binary(max_size=300))
    if kind == "truncated":
        return seed[: draw(st.integers(0, len(seed)))]
    if kind == "spliced":
        start = draw(st.integers(0, len(seed)))
        end = draw(st.integers(start, min(len(seed), start + 40)))
        return seed[:start] + draw(st.binary(max_size=20)) + seed[end:]
    data = json.loads(seed)
    path = draw(st.sampled_from(paths(data)[1:]))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    if draw(st.booleans()) and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = draw(JSON)
    return json.dumps(data).encode()  # NaN and Infinity as JSON's extensions write them


@given(data=st.data())
@RUNS
def test_the_save_loader(real_save, tmp_path_factory, data):
    state = tmp_path_factory.mktemp("state")
    folder = state / "funocracy"
    folder.mkdir()
    (folder / "current.json").write_bytes(data.draw(damaged(real_save, edit_json=True)))
    if data.draw(st.booleans()):
        (folder / "previous.json").write_bytes(data.draw(damaged(real_save, edit_json=True)))
    before = snapshot(state)
    with no_hang():
        try:
            record, warning = cli.load_saved(SaveStore(folder))
            cli.game_for(record)  # the game a resumed save would play
        except SaveError as error:
            assert str(error).endswith(".") and "\n" not in str(error)
        titles = Saves(state).titles()
    assert titles == ["funocracy"]
    assert snapshot(state) == before


@given(data=st.data())
@RUNS
def test_the_settings_loader(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("settings")
    path = folder / "config.toml"
    path.write_bytes(data.draw(damaged(SETTINGS.encode(), edit_json=False)))
    before = snapshot(folder)
    with no_hang():
        try:
            config.load(path)
        except config.ConfigError as error:
            assert "\n" not in str(error).strip() or "TOML" in str(error)
    assert snapshot(folder) == before


@given(data=st.data())
@RUNS
def test_the_deck_loader(tmp_path_factory, capsys, data):
    folder = tmp_path_factory.mktemp("deck")
    path = folder / "deck.toml"
    path.write_bytes(data.draw(damaged(DECK.encode(), edit_json=False)))
    before = snapshot(folder)
    with no_hang():
        status = cli.main(["decks", "check", str(path)])
    err = capsys.readouterr().err
    assert status in (0, 2) and "Traceback" not in err
    assert status == 0 or err.startswith("gm: ")
    assert snapshot(folder) == before
