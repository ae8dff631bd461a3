"""The command line's checks of what a person typed, in-process and on both sides of each limit:
seconds above zero, players within each game's range, an output that would overwrite an input,
a game or deck that is not there. Each ends in one sentence and exit status 2 (main), never a
traceback; tests/test_cli.py checks the same through a subprocess.
"""

from __future__ import annotations

import argparse
import math

import pytest

from gm.cli import UsageError, _seconds, main, refuse_overwriting

# Each game's players, from the rulebooks: Who the F*ck? 3-8, Funocracy 2-8, What the Fake?! 3-8.
PLAYERS = {"who-the-f": (3, 8), "funocracy": (2, 8), "what-the-fake": (3, 8)}


@pytest.mark.parametrize("typed", ["0.001", "1", "25", "1e3"])
def test_seconds_above_zero_are_taken(typed):
    assert _seconds(typed) == float(typed)


@pytest.mark.parametrize("typed", ["0", "-0.001", "-3", "nan", "inf", "-inf", "ten", ""])
def test_seconds_not_above_zero_or_not_a_number_are_refused(typed):
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        _seconds(typed)
    assert f"'{typed}'" in str(refused.value)


def test_an_output_naming_an_input_is_refused(tmp_path):
    read = tmp_path / "game.wav"
    read.write_bytes(b"")
    link = tmp_path / "link.wav"
    link.symlink_to(read)
    for same in (read, link, tmp_path / "." / "game.wav"):
        with pytest.raises(UsageError, match="is a file gm reads"):
            refuse_overwriting([read], [("--speak-to", str(same))])
    refuse_overwriting([read], [("--speak-to", str(tmp_path / "other.wav"))])  # another file
    refuse_overwriting([None, read], [("--speak-to", None)])  # no output at all


def test_two_outputs_naming_one_file_are_refused(tmp_path):
    out = str(tmp_path / "out.wav")
    with pytest.raises(UsageError, match="name the same file"):
        refuse_overwriting([], [("--speak-to", out), ("--transcript", out)])
    refuse_overwriting([], [("--speak-to", out), ("--transcript", str(tmp_path / "t.jsonl"))])


def one_sentence(capsys) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("gm: ") and "Traceback" not in err and len(err.splitlines()) == 1, err
    return err


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_players_outside_the_games_range_are_refused_in_one_sentence(game, capsys, tmp_path):
    low, high = PLAYERS[game]
    for players in (low - 1, high + 1):
        code = main(
            ["play", game, "--text", "--players", str(players), "--state-dir", str(tmp_path)]
        )
        assert code == 2
        assert str(players) in one_sentence(capsys)


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_players_at_the_games_limits_are_taken(game, capsys, tmp_path, monkeypatch):
    """At each limit the game starts (and stops at once: the typed input is empty)."""
    import io
    import sys

    for players in PLAYERS[game]:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))
        state = tmp_path / f"{game}-{players}"
        code = main(["play", game, "--text", "--players", str(players), "--state-dir", str(state)])
        err = capsys.readouterr().err
        assert code == 0, err
        assert "input ended before the game did" in err


def test_an_unknown_game_and_a_missing_deck_are_one_sentence(capsys, tmp_path):
    assert main(["play", "chess", "--text"]) == 2
    assert "chess" in one_sentence(capsys)
    assert main(["decks", "check", str(tmp_path / "none.toml")]) == 2
    assert "none.toml" in one_sentence(capsys)


def test_seconds_options_go_through_the_check(capsys):
    assert main(["play", "who-the-f", "--text", "--reveal-after", "0"]) == 2
    assert "above zero" in one_sentence(capsys)
    assert math.isfinite(_seconds("0.5"))
