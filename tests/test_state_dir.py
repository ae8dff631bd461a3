"""A game saved in a folder of the person's own (--state-dir): every message that says how to carry
it on names that folder, and a demo never writes over a game in it that is not finished."""

from __future__ import annotations

from transcripts import gm

# The usual save folder is the test's own (GM_STATE_DIR, tests/conftest.py): only --state-dir
# finds a game saved with it.
FOUR = "four players\nnormal\nquit\nyes\n"
STARTED = "five players\nregular\nready\n"


def play(game: str, folder, typed: str):
    done = gm("play", game, "--text", "--state-dir", str(folder), stdin=typed)
    assert done.returncode == 0, done.stderr
    return done


def test_quitting_and_the_input_ending_name_the_folder_the_game_is_saved_in(tmp_path):
    folder = tmp_path / "saves"
    quit_ = play("funocracy", folder, FOUR)
    command = f"gm resume funocracy --state-dir {folder}"
    assert f"Run {command} to carry on later." in quit_.stdout
    ended = gm("resume", "funocracy", "--text", "--state-dir", str(folder))
    assert ended.returncode == 0 and "no saved game" not in ended.stderr, ended.stderr
    assert f"the game is saved up to its last decision, and '{command}' carries on." in ended.stderr
    # without a folder of one's own, the usual words
    plain = gm("play", "funocracy", "--text", stdin=FOUR)
    assert "Run gm resume to carry on later." in plain.stdout
    assert "'gm resume funocracy' carries on" in gm("resume", "funocracy", "--text").stderr


def test_a_demo_never_writes_over_an_unfinished_game_in_its_folder(tmp_path):
    folder = tmp_path / "saves"
    play("who-the-f", folder, STARTED)
    saved = {p: p.read_bytes() for p in folder.rglob("*.json")}
    assert saved
    demo = gm("demo", "who-the-f", "--console", "--state-dir", str(folder))
    assert demo.returncode == 2 and "Traceback" not in demo.stderr, demo.stderr
    assert demo.stderr.strip().count("\n") == 0
    assert "holds an unfinished game of who-the-f" in demo.stderr
    assert {p: p.read_bytes() for p in folder.rglob("*.json")} == saved


def test_resuming_a_game_that_was_not_saved_names_the_one_that_was(tmp_path):
    folder = tmp_path / "saves"
    play("who-the-f", folder, STARTED)
    other = gm("resume", "funocracy", "--text", "--state-dir", str(folder))
    assert other.returncode == 2 and "Traceback" not in other.stderr, other.stderr
    assert other.stderr.strip() == (
        f"gm: There is no saved game of funocracy, only of who-the-f: "
        f"'gm resume who-the-f --state-dir {folder}' opens the latest."
    )


def test_resuming_from_a_folder_that_is_not_there_leaves_none_behind(tmp_path):
    missing = tmp_path / "nowhere"
    result = gm("resume", "who-the-f", "--text", "--state-dir", str(missing))
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr.strip() == (
        f"gm: There is no saved game to resume in {missing}; start one with "
        f"'gm play GAME --state-dir {missing}'."
    )
    assert not missing.exists()


def test_resuming_a_game_from_an_empty_folder_names_the_folder_quoted_as_a_shell_reads_it(
    tmp_path,
):
    """The command gm suggests works when copied: the folder is named, and quoted where it holds
    a space ("my saves" was two words to the shell), and left as it is named."""
    folder = tmp_path / "my GAME saves"
    folder.mkdir()
    result = gm("resume", "who-the-f", "--text", "--state-dir", str(folder))
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr.strip() == (
        f"gm: There is no saved game of who-the-f to resume; start one with "
        f"'gm play who-the-f --state-dir \"{folder}\"'."
    )
    quit_ = play("funocracy", folder, FOUR)
    assert f'Run gm resume funocracy --state-dir "{folder}" to carry on later.' in quit_.stdout
