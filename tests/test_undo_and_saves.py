"""Undo and saves proven where they count: an undo leaves the game, its dice and its save exactly
as if the undone answer had never been given, at once; a reader never finds the save missing.

The toy game's "double" rolls a die with the game's random state, so a random state left as it
was played shows up as a different roll after the undo, and a resume as a different game.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from toygame import ToyGame

from gm.dialog.engine import Engine
from gm.dialog.hearing import TextHearing
from gm.dialog.transcript import Transcript
from gm.state import Record, SaveError, SaveStore


class Killed(BaseException):
    """The process dies here: nothing in gm catches it, nothing more is saved (a kill -9)."""


def typed(script: str):
    """Typed lines for TextHearing; "[kill]" kills the game at that point."""
    for line in script.splitlines(keepends=True):
        if line.strip() == "[kill]":
            raise Killed
        yield line


def play(script: str, speaker, common, store: SaveStore, record: Record | None = None) -> Engine:
    lines, commands = common
    game = ToyGame()
    engine = Engine(
        game,
        TextHearing(typed(script)),
        speaker,
        lines,
        commands,
        Transcript(),
        record or Record(game.id, {}, seed=3),
        store,
    )
    try:
        engine.run(resumed=record is not None)
    except Killed:
        pass
    return engine


def on_disk(store: SaveStore) -> dict:
    """The save as written, but the input clock (the undo came later than the last decision)."""
    data = json.loads(store.current.read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if k != "t"}


def test_after_an_undo_state_dice_and_save_are_those_of_a_game_without_the_answer(
    speaker, common, tmp_path
):
    """Guards against an undo that leaves the random state as it was played, and an undo that is
    saved only at the next decision: both give a game, a roll or a file the table never chose."""
    undone = SaveStore(tmp_path / "undone")
    engine = play("two\ndouble\ndouble\nundo\n[kill]\n", speaker, common, undone)
    never = SaveStore(tmp_path / "never")
    reference = play("two\ndouble\n[kill]\n", speaker, common, never)
    assert len(engine.record.answers) == 2 and engine.state.rolled == reference.state.rolled
    assert engine.state == reference.state
    assert engine.rng.getstate() == reference.rng.getstate()
    assert on_disk(undone) == on_disk(never)  # saved at once: a kill right after the undo keeps it

    # Both go on with the same answer: the same die is rolled, so the game is the same game.
    rolled_after_undo = play(
        "two\ndouble\ndouble\nundo\ndouble\n[kill]\n",
        speaker,
        common,
        SaveStore(tmp_path / "again"),
    ).state.rolled
    rolled_without = play(
        "two\ndouble\ndouble\n[kill]\n", speaker, common, SaveStore(tmp_path / "plain")
    ).state.rolled
    assert rolled_after_undo == rolled_without
    assert len(rolled_without) == 2


def test_a_kill_right_after_an_undo_resumes_without_the_undone_answer(speaker, common, tmp_path):
    """Guards against an undo that is not saved until the next decision: the crash brings the
    undone answer back on resume."""
    store = SaveStore(tmp_path / "saves")
    play("two\nfive\ndouble\nundo\n[kill]\n", speaker, common, store)
    record, warning = store.load()
    assert warning is None
    assert [a["decision"] for a in record.answers] == ["2 players", "player 1 took 5"]
    resumed = play("double\none\n", speaker, common, store, record)
    reference = play("two\nfive\ndouble\none\n", speaker, common, SaveStore(tmp_path / "reference"))
    assert resumed.state == reference.state and resumed.state.round == 4
    assert resumed.rng.getstate() == reference.rng.getstate()
    assert store.load()[0].finished


def test_undo_back_to_the_start_leaves_a_save_of_no_answers(speaker, common, tmp_path):
    store = SaveStore(tmp_path / "saves")
    engine = play("two\ndouble\nundo\nundo\n[kill]\n", speaker, common, store)
    assert engine.record.answers == [] and engine.state.players is None
    assert store.load()[0].answers == []
    assert (
        engine.rng.getstate()
        == play("[kill]\n", speaker, common, SaveStore(tmp_path / "new")).rng.getstate()
    )


READER = textwrap.dedent("""
    import json, os, sys
    folder = sys.argv[1]
    current, stop = os.path.join(folder, "current.json"), os.path.join(folder, "stop")
    looks = missing = damaged = 0
    while not os.path.exists(stop):
        looks += 1
        try:
            with open(current, encoding="utf-8") as f:
                data = json.load(f)
            if not isinstance(data.get("answers"), list):
                damaged += 1
        except FileNotFoundError:
            missing += 1
        except ValueError:
            damaged += 1
    print(json.dumps({"looks": looks, "missing": missing, "damaged": damaged}))
""")


def test_a_reader_never_finds_the_save_missing_or_half_written(tmp_path):
    """Guards against a save that removes current.json before renaming the new one in (a reader
    polling the folder found no save 83,202 times in 1.27 million looks). A separate process
    reads current.json as fast as it can while the game saves six hundred times."""
    store = SaveStore(tmp_path)
    record = Record("toy", {"players": 3}, 5)
    store.write(record)
    reader = subprocess.Popen(
        [sys.executable, "-c", READER, str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    try:
        for n in range(600):
            record.answers.append(
                {"step": "toy.pick", "answer": {"kind": "choice", "value": n % 5 + 1}}
            )
            store.write(record)
    finally:
        (tmp_path / "stop").touch()
        out, _ = reader.communicate(timeout=60)
    seen = json.loads(out)
    assert seen["looks"] > 600  # it really read while the saves were written
    assert seen["missing"] == 0 and seen["damaged"] == 0, seen
    assert len(store.load()[0].answers) == 600


def test_a_save_keeps_everything_a_resume_needs(tmp_path):
    """The input clock, the WAV played from and whether the game is over come back as written,
    and a save from before these were kept reads as a game at the start of its input."""
    store = SaveStore(tmp_path / "new" / "folder")  # folders are made as needed
    record = Record(
        "funocracy",
        {"players": 3, "name": "Zoë"},
        9,
        [{"step": "a", "answer": {"kind": "choice", "value": 1}}],
        t=12.5,
        finished=True,
        source="game.wav",
    )
    store.write(record)
    assert store.load() == (record, None)
    assert "Zoë" in store.current.read_text(encoding="utf-8")  # a person can read the save
    data = json.loads(store.current.read_text(encoding="utf-8"))
    for key in ("t", "finished", "source"):
        del data[key]
    store.current.write_text(json.dumps(data), encoding="utf-8")
    older = store.load()[0]
    assert (older.t, older.finished, older.source) == (0.0, False, None)
    assert older.answers == record.answers


@pytest.mark.parametrize(
    "damage,reason",
    [
        ([], "not a JSON object"),
        ({"format": 0}, "format 0, this gm reads formats 1 to 2"),
        ({"answers": {}}, "the field 'answers' is damaged"),
        ({"answers": ["step answer"]}, "the field 'answers' is damaged"),
        ({"answers": [{"step": "a"}]}, "the field 'answers' is damaged"),
        ({"answers": [{"answer": {}}]}, "the field 'answers' is damaged"),
    ],
)
def test_the_sentence_for_a_damaged_save_says_what_is_wrong(tmp_path, damage, reason):
    store = SaveStore(tmp_path)
    good = Record("toy", {}, 1, [{"step": "a", "answer": {"kind": "choice", "value": 1}}])
    store.write(good)
    store.write(good)
    data = json.loads(store.current.read_text()) if isinstance(damage, dict) else damage
    if isinstance(damage, dict):
        data.update(damage)
    store.current.write_text(json.dumps(data))
    loaded, warning = store.load()
    assert loaded == good
    assert warning == (
        f"The last save was damaged (current.json: {reason}); the one before it is used, and the "
        "damaged one is kept beside it as damaged-1.json."
    )
    store.write(good)  # the name the sentence gave is the name it is kept under
    assert (tmp_path / "damaged-1.json").exists()


def test_a_missing_current_save_falls_back_to_the_previous_one(tmp_path):
    store = SaveStore(tmp_path)
    store.write(Record("toy", {}, 1))
    store.write(Record("toy", {}, 2))
    store.current.unlink()
    assert store.load() == (Record("toy", {}, 1), None)


def test_the_new_save_is_written_beside_the_old_one(tmp_path, monkeypatch):
    """current.json is replaced by a rename within its folder (atomic), never from elsewhere, even
    where the temporary folder is on another file system."""
    import os
    import tempfile

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(elsewhere))
    store = SaveStore(tmp_path / "saves")
    renamed = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (renamed.append((a, b)), real_replace(a, b))[1])
    store.write(Record("toy", {}, 1))
    store.write(Record("toy", {}, 2))
    assert renamed and all(os.path.dirname(a) == str(store.directory) for a, _ in renamed)
    assert [os.path.basename(b) for _, b in renamed] == [
        "current.json",
        "previous.json",
        "current.json",
    ]


def test_an_unwritable_save_folder_names_the_reason(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(SaveError) as error:
        SaveStore(blocker / "sub").write(Record("toy", {}, 1))
    assert str(error.value) == f"The game cannot be saved in {blocker / 'sub'} (Not a directory)."


def test_where_games_are_saved(tmp_path, monkeypatch):
    """$GM_STATE_DIR, else $XDG_STATE_HOME/gm, else ~/.local/state/gm (README)."""
    from gm.state import default_state_dir

    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("GM_STATE_DIR", raising=False)
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    assert default_state_dir() == tmp_path / "home" / ".local" / "state" / "gm"
    monkeypatch.setenv("XDG_STATE_HOME", "")
    assert default_state_dir() == tmp_path / "home" / ".local" / "state" / "gm"
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    assert default_state_dir() == tmp_path / "xdg" / "gm"
    monkeypatch.setenv("GM_STATE_DIR", str(tmp_path / "mine"))
    assert default_state_dir() == tmp_path / "mine"
    assert SaveStore().directory == tmp_path / "mine"
    monkeypatch.setenv("GM_STATE_DIR", "")  # set, but to nothing: a mistake, not the default
    with pytest.raises(SaveError, match="GM_STATE_DIR is set but empty"):
        SaveStore()


def test_the_sentences_when_no_save_can_be_resumed(tmp_path):
    with pytest.raises(SaveError) as error:
        SaveStore(tmp_path).load()
    assert str(error.value) == "There is no saved game to resume; start one with 'gm play GAME'."
    store = SaveStore(tmp_path)
    store.write(Record("toy", {}, 1))
    store.write(Record("toy", {}, 2))
    store.current.write_text("[]")
    store.previous.write_text('{"format": 0}')
    with pytest.raises(SaveError) as error:
        store.load()
    assert str(error.value) == (
        f"The saved game in {tmp_path} is damaged and cannot be resumed (current.json: not a "
        "JSON object; previous.json: format 0, this gm reads formats 1 to 2)."
    )
