"""The example decks in examples/: one per game, each accepted by `gm decks check` and named in
the README."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gm.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.toml"))


def test_there_is_an_example_deck_for_every_game():
    assert {path.stem for path in EXAMPLES} == {e.id.replace("_", "-") for e in GAMES}


def decks_check(path: str) -> str:
    """What `gm decks check PATH` prints, run from the repository; it must accept the deck."""
    result = subprocess.run(
        [sys.executable, "-m", "gm", "decks", "check", path],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_an_example_deck_passes_gm_decks_check(path):
    game = path.stem
    said = decks_check(f"examples/{path.name}")
    assert f"'gm play {game} --deck examples/{path.name}'" in said
    # what the deck holds, in a reader's words: "4 EXPO cards", not the file's key "4 expo"
    assert any(f" {kind})" in said for kind in ("questions", "themes", "EXPO cards"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_the_readme_names_each_example(path):
    assert f"(examples/{path.name})" in (ROOT / "README.md").read_text()


def test_the_command_gm_suggests_for_a_deck_in_a_folder_with_a_space_can_be_copied(tmp_path):
    deck = tmp_path / "my decks" / "funocracy.toml"
    deck.parent.mkdir()
    deck.write_bytes((ROOT / "examples" / "funocracy.toml").read_bytes())
    assert f"'gm play funocracy --deck \"{deck}\"'" in decks_check(str(deck))
