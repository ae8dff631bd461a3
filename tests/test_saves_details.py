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

from gm.state import Record, SaveError, Saves, SaveStore, when


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
