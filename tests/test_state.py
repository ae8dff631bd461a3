"""Saves survive damage: the previous good save is kept, and a broken one is one sentence."""
from __future__ import annotations

import json
import os

import pytest

from gm.state import Record, SaveError, SaveStore


def record(n: int) -> Record:
    return Record("toy", {"players": 3}, 5, [{"step": "toy.pick", "answer": {"kind": "choice", "value": i}}
                                             for i in range(n)])


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


@pytest.mark.parametrize("damage", [
    lambda p: p.write_text(p.read_text()[:40]),  # truncated by a power cut
    lambda p: p.write_bytes(b"\0\xff" * 20),  # garbage
    lambda p: p.write_text(json.dumps({**json.loads(p.read_text()), "format": 0})),  # an older gm
    lambda p: p.write_text('{"format": 1, "game": "toy"}'),
])
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
