"""What the saves keep and how the state folder is prepared, in the details a mutation showed
untested: the deck a game was dealt from survives a save and a load, a folder several levels
deep is made, the old single-save layout of a game with an underscore in its id is moved into
its folder, no save means no date, and the errors a person can meet say what to do; the layout
of a save on disk, what a save or a check killed half way leaves for `tidy`, the room the check
asks for, and which saves are set aside as damaged and which one becomes the backup.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from gm import state
from gm.state import Record, SaveError, Saves, SaveStore, SaveUnreadable, too_new, when


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
    assert str(error.value) == (
        f"Games cannot be saved in {blocked / 'saves'} (Not a directory); free some space, fix "
        "its permissions or choose another folder with --state-dir."
    )


def test_a_second_gm_on_the_same_saves_is_told_to_wait(tmp_path):
    saves = Saves(tmp_path)
    held = saves.lock()
    try:
        with pytest.raises(SaveError) as error:
            Saves(tmp_path).lock()
        assert str(error.value) == (
            f"Another gm is already playing with the saves in {tmp_path}; "
            "let it finish or stop it first."
        )
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
    with pytest.raises(SaveError, match=r"^--state-dir needs a folder name\.$"):
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
        ({"format": 3}, 3),
        ({"format": 7.0}, 7.0),
        ({"format": 2}, None),  # this gm's
        ({"format": 1}, None),  # an older gm's, read too
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


def game(n: int) -> Record:
    """A game of Funocracy after `n` decided answers."""
    vote = {"step": "funocracy.vote", "answer": {"kind": "choice", "value": "yes"}}
    return Record("funocracy", {"players": 3}, 7, [vote] * n)


DAMAGED_WARNING = (
    "The last save was damaged (current.json: {}); the one before it is used, and the damaged "
    "one is kept beside it as damaged-1.json."
)


def test_a_save_is_json_one_value_a_line_with_accents_kept(tmp_path):
    """The file a person opens to look at a save (or a damaged one set aside): UTF-8 JSON, one
    value a line, indented by one space, the fields in a fixed order, letters as they are."""
    store = SaveStore(tmp_path)
    answer = {"step": "funocracy.vote", "answer": {"kind": "choice", "value": "Zoë"}}
    store.write(Record("funocracy", {"players": 3}, 7, [answer], t=12.5, deck={"themes": ["Café"]}))
    assert store.current.read_text(encoding="utf-8") == (
        "{\n"
        ' "format": 2,\n'
        ' "game": "funocracy",\n'
        ' "options": {\n'
        '  "players": 3\n'
        " },\n"
        ' "seed": 7,\n'
        ' "answers": [\n'
        "  {\n"
        '   "step": "funocracy.vote",\n'
        '   "answer": {\n'
        '    "kind": "choice",\n'
        '    "value": "Zoë"\n'
        "   }\n"
        "  }\n"
        " ],\n"
        ' "t": 12.5,\n'
        ' "finished": false,\n'
        ' "source": null,\n'
        ' "deck_file": null,\n'
        ' "deck": {\n'
        '  "themes": [\n'
        '   "Café"\n'
        "  ]\n"
        " }\n"
        "}"
    )


def test_a_wav_file_whose_name_is_not_utf8_does_not_stop_the_save(tmp_path):
    """Python reads such a name with a lone surrogate (b"caf\\xe9" as "caf\\udce9"), which UTF-8
    cannot encode: the letter is saved as "?" and the game is saved all the same."""
    store = SaveStore(tmp_path)
    store.write(Record("funocracy", {}, 7, source=os.fsdecode(b"/music/caf\xe9.wav")))
    assert json.loads(store.current.read_bytes().decode("utf-8"))["source"] == "/music/caf?.wav"
    assert store.load()[0].source == "/music/caf?.wav"


def test_an_empty_gm_state_dir_says_what_to_do(monkeypatch):
    monkeypatch.setenv("GM_STATE_DIR", "  ")
    with pytest.raises(SaveError) as error:
        Saves()
    assert str(error.value) == (
        "GM_STATE_DIR is set but empty; give it a folder name, or unset it to save games in the "
        "usual place."
    )


def test_a_save_of_exactly_the_largest_size_is_read_and_one_byte_more_is_damaged(
    tmp_path, monkeypatch
):
    """The limit is 64 MiB; a lower one keeps the test's files small. Padding after the JSON
    makes the save exactly that size, or one byte over."""
    monkeypatch.setattr(state, "MAX_SAVE_BYTES", 1000)
    store = SaveStore(tmp_path)
    store.write(game(1))
    store.write(game(2))
    text = store.current.read_bytes()
    store.current.write_bytes(text + b" " * (1000 - len(text)))
    assert store.load() == (game(2), None)
    store.current.write_bytes(text + b" " * (1001 - len(text)))
    assert store.load() == (game(1), DAMAGED_WARNING.format("far too large for a save"))


def test_a_save_nested_too_deeply_is_named_so(tmp_path):
    store = SaveStore(tmp_path)
    store.write(game(1))
    store.write(game(2))
    store.current.write_text('{"format": 1, "answers": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert store.load() == (game(1), DAMAGED_WARNING.format("nested too deeply"))


def deny_reading(monkeypatch, path: Path) -> None:
    """`path` cannot be read, as after a chmod 000 (which does not stop root, who runs the tests
    here); it can still be renamed or replaced, as its folder allows."""
    real_read = state.read_regular

    def read(name, *args, **kwargs):
        if Path(name) == path:
            raise PermissionError(13, "Permission denied", str(name))
        return real_read(name, *args, **kwargs)

    monkeypatch.setattr(state, "read_regular", read)


def test_a_save_gm_may_not_read_says_how_to_resume_it(tmp_path, monkeypatch):
    store = SaveStore(tmp_path)
    store.write(game(1))
    store.write(game(2))
    deny_reading(monkeypatch, store.current)
    with pytest.raises(SaveUnreadable) as error:
        store.load()
    assert str(error.value) == (
        f"The save {store.current} cannot be read (permission denied); give gm permission to "
        "read it, it is not damaged."
    )


def test_a_backup_gm_may_not_read_is_not_set_aside_as_damaged(tmp_path, monkeypatch):
    """A permission problem is no damage: the next save makes the last one the backup, as ever,
    and no damaged-N.json appears."""
    SaveStore(tmp_path).write(game(1))
    SaveStore(tmp_path).write(game(2))
    store = SaveStore(tmp_path)  # gm started again
    deny_reading(monkeypatch, store.previous)
    assert store.load() == (game(2), None)
    store.write(game(3))
    monkeypatch.undo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current.json", "previous.json"]
    assert Record.from_json(json.loads(store.previous.read_text())) == game(2)


def test_a_damaged_save_is_set_aside_by_a_new_game_that_never_loaded_it(tmp_path):
    """A game started afresh writes its first save over the title's folder without resuming:
    a damaged current.json found there is still renamed, never written over."""
    folder = tmp_path / "funocracy"
    folder.mkdir()
    (folder / "current.json").write_bytes(b'{"format": 1, "game": ')
    store = Saves(tmp_path).store("funocracy")
    store.write(game(0))
    assert (folder / "damaged-1.json").read_bytes() == b'{"format": 1, "game": '
    assert store.load() == (game(0), None)
    assert not store.previous.exists()


def test_a_save_damaged_during_a_game_never_becomes_the_backup(tmp_path):
    """current.json spoilt between two saves (a hand edit, a bad disk): the next save replaces
    it, and previous.json stays the last sound save."""
    store = SaveStore(tmp_path)
    store.write(game(1))
    store.write(game(2))
    backup = store.previous.read_bytes()
    store.current.write_bytes(b"{ spoilt")
    store.write(game(3))
    assert store.previous.read_bytes() == backup
    assert store.load() == (game(3), None)


def test_after_resuming_past_a_damaged_save_each_save_keeps_the_one_before_it(tmp_path):
    """Only the damaged save is set aside, once: the saves of the resumed game rotate as usual
    and none of them is taken for the damaged one."""
    store = SaveStore(tmp_path)
    store.write(game(1))
    store.write(game(2))
    store.current.write_bytes(b"{ spoilt")
    assert store.load()[0] == game(1)
    store.write(game(2))
    store.write(game(3))
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "current.json",
        "damaged-1.json",
        "previous.json",
    ]
    assert (tmp_path / "damaged-1.json").read_bytes() == b"{ spoilt"
    assert Record.from_json(json.loads(store.previous.read_text())) == game(2)
    assert store.load() == (game(3), None)


@contextmanager
def file_size_limit(size: int):
    """No file this process writes may grow past `size` bytes (RLIMIT_FSIZE): a full disk, made
    exact. A write past it fails with EFBIG ("File too large"), SIGXFSZ being ignored."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, handler)


def test_a_save_that_does_not_fit_says_so_and_leaves_the_last_save_alone(tmp_path):
    store = SaveStore(tmp_path)
    store.write(game(1))
    before = store.current.read_bytes()
    with file_size_limit(len(game(2).payload()) - 1):
        with pytest.raises(SaveError) as error:
            store.write(game(2))
    assert str(error.value) == f"The game cannot be saved in {tmp_path} (File too large)."
    assert [p.name for p in tmp_path.iterdir()] == ["current.json"]  # no half-written file
    assert store.current.read_bytes() == before


@pytest.mark.parametrize("games", [(), (game(1), game(40), game(3))])
def test_the_check_needs_room_for_twice_the_largest_save_and_64_kib_no_more(tmp_path, games):
    needed = 2 * max((len(g.payload()) for g in games), default=0) + 64 * 1024
    with file_size_limit(needed):
        Saves(tmp_path).check(*games)
    with file_size_limit(needed - 1):
        with pytest.raises(SaveError) as error:
            Saves(tmp_path).check(*games)
    assert str(error.value) == (
        f"Games cannot be saved in {tmp_path} (File too large); free some space, fix its "
        "permissions or choose another folder with --state-dir."
    )
    assert not list(tmp_path.iterdir())  # the probe is removed either way


def killed_at_first_sync(action) -> None:
    """Runs `action` in a child process that is killed (SIGKILL, as a power cut or kill -9 stops
    gm) when it first syncs a file: the file has been written, nothing after runs."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)
            action()
        finally:
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL


def test_the_half_written_file_of_a_killed_save_is_tidied_at_the_next_start(tmp_path):
    saves = Saves(tmp_path)
    store = saves.store("funocracy")
    store.write(game(1))
    killed_at_first_sync(lambda: store.write(game(2)))
    left = [p for p in store.directory.iterdir() if p.name != "current.json"]
    assert len(left) == 1 and left[0].read_bytes() == game(2).payload()  # the new save's file
    saves.tidy()
    assert [p.name for p in store.directory.iterdir()] == ["current.json"]
    assert store.load() == (game(1), None)


def test_the_probe_of_a_check_killed_half_way_is_tidied_at_the_next_start(tmp_path):
    saves = Saves(tmp_path)
    killed_at_first_sync(lambda: saves.check(game(1)))
    probes = list(tmp_path.iterdir())
    assert len(probes) == 1 and probes[0].stat().st_size == 2 * len(game(1).payload()) + 65536
    saves.tidy()
    assert not list(tmp_path.iterdir())


def test_tidy_keeps_the_hidden_files_no_save_left_behind(tmp_path):
    """A file manager's .directory or a person's notes: only what a killed save leaves goes."""
    saves = Saves(tmp_path)
    saves.store("funocracy").write(game(1))
    for folder in (tmp_path, tmp_path / "funocracy"):
        (folder / ".directory").write_text("[Desktop Entry]\n")
    saves.tidy()
    assert (tmp_path / ".directory").exists() and (tmp_path / "funocracy" / ".directory").exists()


@pytest.mark.parametrize("name", ["_", "__", "../up", "who the f"])
def test_an_old_single_save_naming_no_game_id_stays_where_it_is(tmp_path, name):
    """A game id has letters or digits and nothing but underscores beside them; any other name
    is no folder to move a save into: the save is left for a person to look at."""
    (tmp_path / "current.json").write_text(json.dumps(Record(name, {}, 3).to_json()))
    Saves(tmp_path).tidy()
    assert [p.name for p in tmp_path.iterdir()] == ["current.json"]


def test_an_old_single_save_moves_into_its_games_folder_when_the_folder_is_there(tmp_path):
    """The folder holds no save, only a damaged one set aside: the old save moves in beside it."""
    (tmp_path / "funocracy").mkdir()
    (tmp_path / "funocracy" / "damaged-1.json").write_text("{")
    (tmp_path / "current.json").write_text(json.dumps(game(2).to_json()))
    saves = Saves(tmp_path)
    saves.tidy()
    assert not (tmp_path / "current.json").exists()
    assert saves.store("funocracy").load() == (game(2), None)


def test_the_lock_makes_a_state_folder_several_levels_deep(tmp_path):
    """The lock is taken before anything else is written, so it makes the folder."""
    deep = tmp_path / "a" / "b" / "c"
    with Saves(deep).lock():
        assert (deep / "gm.lock").is_file()


def test_a_state_folder_the_lock_cannot_make_says_why(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("x")
    with pytest.raises(SaveError) as error:
        Saves(blocked / "saves").lock()
    assert str(error.value) == f"Games cannot be saved in {blocked / 'saves'} (Not a directory)."
