"""What the saves keep and how the state folder is prepared, in the details a mutation showed
untested: the deck a game was dealt from survives a save and a load, a folder several levels
deep is made, the old single-save layout of a game with an underscore in its id is moved into
its folder, no save means no date, and the errors a person can meet say what to do.
"""

from __future__ import annotations

import json
import os
import time

import pytest

from gm.state import Record, SaveError, Saves, SaveStore, too_new, when


def test_the_deck_and_its_file_survive_a_save_and_a_load():
    record = Record("funocracy", {"players": 2}, 7, deck={"letters": [1]}, deck_file="/d.toml")
    again = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert (again.deck, again.deck_file) == ({"letters": [1]}, "/d.toml")


@pytest.mark.parametrize(
    "field, value", [("deck", ["not", "a", "table"]), ("deck_file", 3), ("source", 4)]
)
def test_a_damaged_deck_or_source_is_refused(field, value):
    data = Record("funocracy", {}, 7).to_json()
    data[field] = value
    with pytest.raises(ValueError, match=f"the field '{field}' is damaged"):
        Record.from_json(data)


def test_a_state_folder_several_levels_deep_is_made(tmp_path):
    deep = tmp_path / "a" / "b" / "c"
    Saves(deep).check()
    assert deep.is_dir() and not list(deep.iterdir())  # the probe file is gone


def test_a_state_folder_that_cannot_be_written_says_what_to_do(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("x")
    with pytest.raises(SaveError) as error:
        Saves(blocked / "saves").check()
    assert "free some space, fix its permissions or choose another folder" in str(error.value)
    assert "Not a directory" in str(error.value)


def test_a_second_gm_on_the_same_saves_is_told_to_wait(tmp_path):
    saves = Saves(tmp_path)
    held = saves.lock()
    try:
        with pytest.raises(SaveError, match="let it finish or stop it first"):
            Saves(tmp_path).lock()
    finally:
        held.close()


def test_an_old_single_save_of_a_game_with_an_underscore_moves_into_its_folder(tmp_path):
    record = Record("who_the_f", {}, 3)
    (tmp_path / "current.json").write_text(json.dumps(record.to_json()))
    Saves(tmp_path).tidy()
    assert (tmp_path / "who_the_f" / "current.json").exists()
    assert not (tmp_path / "current.json").exists()


def test_no_save_has_no_date(tmp_path):
    assert SaveStore(tmp_path / "none").saved_at() == 0.0


def test_a_save_date_reads_as_the_voice_says_it():
    moment = time.mktime((2026, 12, 2, 13, 40, 0, 0, 0, -1))
    assert when(moment) == "Wed 2 Dec 13:40"


def test_a_state_dir_of_blanks_is_refused():
    with pytest.raises(SaveError, match="--state-dir needs a folder name"):
        Saves("  ")
    assert Saves(None).directory.name  # the default folder


def test_titles_are_the_most_recently_saved_first(tmp_path):
    """By the time of each save, not by name; a hidden folder is no game's, even with a save."""
    for name, age in (("who_the_f", 100), ("funocracy", 10), (".hidden", 1)):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "current.json").write_text("{}")
        past = time.time() - age
        os.utime(folder / "current.json", (past, past))
    assert Saves(tmp_path).titles() == ["funocracy", "who_the_f"]


ANSWER = {"step": "who_the_f.result", "answer": {"kind": "choice", "value": 2}}


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"game": ""}, "game"),
        ({"game": 3}, "game"),
        ({"options": []}, "options"),
        ({"options": {"players": [4]}}, "options"),
        ({"options": {"players": 1e16}}, "options"),
        ({"seed": "7"}, "seed"),
        ({"seed": True}, "seed"),
        ({"options": {"players": None}}, "options"),
        ({"options": {"limit": 1e15}}, "options"),
        ({"answers": {}}, "answers"),
        ({"answers": [{**ANSWER, "decision": 3}]}, "answers"),
        ({"answers": [{**ANSWER, "put_back": ["a"]}]}, "answers"),
        ({"answers": [{"step": 3}]}, "answers"),
        ({"answers": [{**ANSWER, "answer": {"kind": "choice", "value": float("nan")}}]}, "answers"),
        ({"t": -0.5}, "t"),
        ({"t": 1e9 + 1}, "t"),
        ({"t": float("nan")}, "t"),
        ({"t": True}, "t"),
        ({"finished": 1}, "finished"),
        ({"deck": {"letters": [float("inf")]}}, "deck"),
    ],
)
def test_a_damaged_field_is_named(changes, field):
    data = {**Record("who-the-f", {"players": 4}, 7, [ANSWER]).to_json(), **changes}
    with pytest.raises(ValueError, match=f"^the field '{field}' is damaged$"):
        Record.from_json(data)


@pytest.mark.parametrize("t", [0.0, 1e9])
def test_the_clock_of_a_save_may_be_anywhere_from_zero_to_a_billion_seconds(t):
    data = {**Record("who-the-f", {"players": 4}, 7, [ANSWER]).to_json(), "t": t}
    assert Record.from_json(data).t == t


@pytest.mark.parametrize("missing", ["game", "options", "seed", "answers"])
def test_a_missing_field_is_named(missing):
    data = Record("who-the-f", {"players": 4}, 7).to_json()
    del data[missing]
    with pytest.raises(ValueError, match=f"^the field '{missing}' is missing$"):
        Record.from_json(data)


def test_the_first_missing_field_is_the_one_named():
    data = Record("who-the-f", {"players": 4}, 7).to_json()
    del data["seed"], data["answers"]
    with pytest.raises(ValueError, match="^the field 'seed' is missing$"):
        Record.from_json(data)


@pytest.mark.parametrize(
    "data, newer",
    [
        ({"format": 2}, 2),
        ({"format": 7.0}, 7.0),
        ({"format": 1}, None),  # this gm's
        ({"format": 2.5}, None),  # no format gm writes
        ({"format": "2"}, None),
        ({"format": True}, None),
        ({}, None),
        ([2], None),
    ],
)
def test_a_save_is_a_newer_gms_only_when_its_format_is_a_whole_number_above_this_ones(data, newer):
    assert too_new(data) == newer


def test_an_option_under_a_million_billion_is_kept():
    data = {**Record("who-the-f", {}, 7).to_json(), "options": {"limit": 999999999999999.0}}
    assert Record.from_json(data).options == {"limit": 999999999999999.0}
