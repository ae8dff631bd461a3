"""scripts/bench_voice.py reads the game's own lines: they still fill in as the games say them."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import bench_voice  # noqa: E402


def test_the_lines_read_aloud_are_the_game_s_lines_filled_in():
    said = bench_voice.lines_to_read(2, 3, 2)
    assert len(said) == 2 + 3 + 2
    assert all(line and "{" not in line and "}" not in line for line in said)
    assert all(line.startswith("Player ") and "this round" in line for line in said[-2:])
