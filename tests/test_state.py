"""Saves survive damage: the previous good save is kept, and a broken one is one sentence."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gm import state
from gm.state import Record, SaveError, Saves, SaveStore, SaveUnreadable


def record(n: int) -> Record:
    return Record(
        "toy",
        {"players": 3},
        5,
        [{"step": "toy.pick", "answer": {"kind": "choice", "value": i}} for i in range(n)],
    )


def test_the_last_two_saves_are_kept(tmp_path):
    store = SaveStore(tmp_path)
    store.write(record(1))
    store.write(record(2))
    assert len(json.loads(store.previous.read_text())["answers"]) == 1
    assert store.load() == (record(2), None)


@pytest.mark.parametrize("links", [True, False], ids=["hard-link", "no-hard-links"])
def test_current_json_is_never_missing_while_a_save_is_written(tmp_path, monkeypatch, links):
    """A reader (or a kill) at any moment of a save finds current.json, old or new."""
    if not links:  # a file system without hard links (FAT on a USB stick): previous.json is copied
        monkeypatch.setattr(os, "link", lambda *_: (_ for _ in ()).throw(OSError("no links")))
    store = SaveStore(tmp_path)
    store.write(record(1))
    seen = []
    real_replace = os.replace

    def replace(source, target):
        seen.append(store.current.exists())
        real_replace(source, target)
        seen.append(store.current.exists())

    monkeypatch.setattr(os, "replace", replace)
    for n in (2, 3):
        store.write(record(n))
    assert seen and all(seen)
    assert store.load() == (record(3), None)
    assert len(json.loads(store.previous.read_text())["answers"]) == 2
    store.current.write_text("{")  # damaged in place: the previous save is a separate file
    assert store.load()[0] == record(2)


@pytest.mark.parametrize(
    "damage",
    [
        lambda p: p.write_text(p.read_text()[:40]),  # truncated by a power cut
        lambda p: p.write_bytes(b"\0\xff" * 20),  # garbage
        lambda p: p.write_text(
            json.dumps({**json.loads(p.read_text()), "format": 0})
        ),  # an older gm
        lambda p: p.write_text('{"format": 1, "game": "toy"}'),
    ],
)
def test_a_damaged_save_falls_back_to_the_previous_one(tmp_path, damage):
    store = SaveStore(tmp_path)
    store.write(record(1))
    store.write(record(2))
    damage(store.current)
    loaded, warning = store.load()
    assert loaded == record(1)
    assert warning.startswith("The last save was damaged")
    store.write(record(2))  # the damaged save is not rotated over the good one
    assert store.load() == (record(2), None)
    assert json.loads(store.previous.read_text())["answers"] == record(1).answers


def test_both_saves_damaged_is_one_sentence(tmp_path):
    store = SaveStore(tmp_path)
    store.write(record(1))
    store.write(record(2))
    store.current.write_text("{")
    store.previous.write_text("[]")
    with pytest.raises(SaveError, match="damaged and cannot be resumed"):
        store.load()


def test_no_save(tmp_path):
    with pytest.raises(SaveError, match="no saved game"):
        SaveStore(tmp_path / "none").load()


def test_an_unwritable_save_folder_is_one_sentence(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(SaveError, match="cannot be saved"):
        SaveStore(blocker / "sub").write(record(1))


@pytest.mark.parametrize(
    "answers",
    [
        None,  # null
        "three",  # wrong type
        [{"step": "toy.pick", "answer": {"kind": "telepathy", "value": 1}}],  # unknown kind
        [{"step": "toy.pick", "answer": None}],
        [{"step": 7, "answer": {"kind": "choice", "value": 1}}],
    ],
    ids=["null", "wrong-type", "unknown-kind", "null-answer", "step-not-text"],
)
def test_a_damaged_answer_list_falls_back_to_the_previous_save(tmp_path, answers):
    store = SaveStore(tmp_path)
    store.write(record(1))
    store.write(record(2))
    store.current.write_text(json.dumps({**record(2).to_json(), "answers": answers}))
    loaded, warning = store.load()
    assert loaded == record(1) and "damaged" in warning


def test_a_deeply_nested_save_falls_back_to_the_previous_one(tmp_path):
    store = SaveStore(tmp_path)
    store.write(record(1))
    store.write(record(2))
    store.current.write_text('{"format": 1, "answers": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert store.load()[0] == record(1)


def test_a_save_the_rules_cannot_replay_falls_back_to_the_previous_one(tmp_path):
    store = SaveStore(tmp_path)
    store.write(record(1))
    store.write(record(2))

    def replay(saved: Record) -> None:
        if len(saved.answers) == 2:
            raise TypeError("'NoneType' object is not subscriptable")  # what the rules met in it

    loaded, warning = store.load(check=replay)
    assert loaded == record(1) and "not subscriptable" in warning


def test_a_save_not_readable_for_permission_is_not_damaged_and_not_replaced(tmp_path, monkeypatch):
    store = SaveStore(tmp_path)
    store.write(record(1))
    store.write(record(2))
    real_read = state.read_regular

    def no_permission(path, *args, **kwargs):
        if Path(path) == store.current:  # chmod 000 does not stop root, who runs the tests here
            raise PermissionError(13, "Permission denied", str(path))
        return real_read(path, *args, **kwargs)

    monkeypatch.setattr(state, "read_regular", no_permission)
    with pytest.raises(SaveUnreadable, match="cannot be read.*permission.*not damaged"):
        store.load()
    monkeypatch.undo()
    assert store.load()[0] == record(2)  # untouched: the older save was never written over it


def test_each_game_title_keeps_its_own_saves(tmp_path):
    saves = Saves(tmp_path)
    saves.store("who_the_f").write(Record("who_the_f", {}, 1, []))
    saves.store("funocracy").write(Record("funocracy", {}, 2, []))
    assert set(saves.titles()) == {"who_the_f", "funocracy"}
    assert saves.store("who_the_f").load()[0].game == "who_the_f"


def test_a_second_lock_on_the_state_directory_is_refused(tmp_path):
    saves = Saves(tmp_path)
    saves.check()
    first = saves.lock()
    with pytest.raises(SaveError, match="Another gm"):
        Saves(tmp_path).lock()
    first.close()
    Saves(tmp_path).lock().close()  # free again once the first gm has gone


def test_temporary_files_of_killed_saves_are_cleaned_and_the_old_layout_moved(tmp_path):
    saves = Saves(tmp_path)
    SaveStore(tmp_path).write(Record("funocracy", {}, 2, []))  # a save of the single-save layout
    (tmp_path / ".save-abc123").write_text("{half")
    saves.store("who_the_f").write(Record("who_the_f", {}, 1, []))
    (tmp_path / "who_the_f" / ".save-x1").write_text("{")
    (tmp_path / "who_the_f" / ".previous-4242").write_text("{")
    saves.tidy()
    assert not list(tmp_path.rglob(".save-*")) and not list(tmp_path.rglob(".previous-*"))
    assert not (tmp_path / "current.json").exists()
    assert saves.store("funocracy").load()[0].seed == 2


def test_the_state_directory_is_checked_before_a_game(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(SaveError, match="cannot be saved"):
        Saves(blocker / "state").check()
    with pytest.raises(SaveError, match="--state-dir"):
        Saves("")


def test_a_save_the_rules_cannot_replay_is_set_aside_not_kept_as_the_backup(tmp_path):
    """A save of the right shape that the rules refuse (a hand edit) is passed over for the one
    before it, and the first save of the resumed game renames it damaged-1.json: the good save
    stays the backup, and the edited file is never written over."""
    store = Saves(tmp_path).store("toy")
    store.write(record(1))
    store.write(record(2))
    edited = store.current.read_bytes().replace(b'"value": 1', b'"value": 99')
    store.current.write_bytes(edited)
    good = store.previous.read_bytes()

    def check(loaded: Record) -> None:
        if any(a["answer"]["value"] == 99 for a in loaded.answers):
            raise ValueError("the rules refuse the answer 99")

    resumed, warning = store.load(check)
    assert resumed == record(1) and "the rules refuse the answer 99" in warning
    store.write(record(2))
    assert (store.directory / "damaged-1.json").read_bytes() == edited
    assert store.previous.read_bytes() == good
    assert store.load(check)[0] == record(2)


def test_a_damaged_save_is_set_aside_under_the_first_free_number_never_over_another(tmp_path):
    """damaged-1.json and damaged-3.json are already there (earlier hand edits, one since
    removed): a damaged current.json becomes damaged-2.json, and the others stay as they were."""
    store = Saves(tmp_path).store("toy")
    store.write(record(1))
    store.write(record(2))
    for number in (1, 3):
        (store.directory / f"damaged-{number}.json").write_bytes(f"edit {number}".encode())
    store.current.write_bytes(b"{ not json")
    store.load()
    store.write(record(2))
    assert (store.directory / "damaged-2.json").read_bytes() == b"{ not json"
    for number in (1, 3):
        assert (
            store.directory / f"damaged-{number}.json"
        ).read_bytes() == f"edit {number}".encode()
