"""The command line's checks of what a person typed, in-process and on both sides of each limit:
seconds above zero, players within each game's range, an output that would overwrite an input,
a game or deck that is not there. Each ends in one sentence and exit status 2 (main), never a
traceback; tests/test_cli.py checks the same through a subprocess.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

import pytest

from gm.cli import UsageError, _seconds, main, refuse_overwriting

ROOT = Path(__file__).resolve().parent.parent

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
        assert "input ended before this game's first decision, so it was not saved." in err
        assert not (state / "funocracy").exists() and not (state / "who_the_f").exists()


def test_a_new_game_with_no_decision_never_replaces_the_unfinished_one(
    capsys, tmp_path, monkeypatch
):
    """ "A new game" at "resume it or start a new one?", then the input ends or the table quits:
    the unfinished game stays current and previous both, and gm says it was kept."""
    import io
    import sys

    def play(typed: str) -> tuple[str, str]:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(typed.encode())))
        args = ["play", "funocracy", "--text", "--players", "3", "--state-dir", str(tmp_path)]
        assert main(args) == 0
        said = capsys.readouterr()
        return said.out, said.err

    play("normal\n")  # one decision: the mode
    saves = tmp_path / "funocracy"
    kept = {p.name: p.read_bytes() for p in saves.iterdir()}
    _, err = play("a new game\n")
    assert (
        "before this game's first decision, so it was not saved; the unfinished game is kept"
        in (err)
    )
    out, _ = play("a new game\nquit\nyes\n")
    assert "Nothing was decided yet, so this game is not saved. Goodbye!" in out
    assert {p.name: p.read_bytes() for p in saves.iterdir()} == kept
    out, _ = play("quit\nyes\n")  # quit at the question itself: said, not a silent exit
    assert out.splitlines()[-1] == (
        f"gm: The game is saved. Run gm resume funocracy --state-dir {tmp_path} to carry on "
        "later. Goodbye!"
    )
    assert {p.name: p.read_bytes() for p in saves.iterdir()} == kept
    out, err = play("resume it\n")
    assert "Welcome back to Funocracy" in out and "saved up to its last decision" in err


def test_an_unknown_game_and_a_missing_deck_are_one_sentence(capsys, tmp_path):
    assert main(["play", "chess", "--text"]) == 2
    assert "chess" in one_sentence(capsys)
    assert main(["decks", "check", str(tmp_path / "none.toml")]) == 2
    assert "none.toml" in one_sentence(capsys)


def test_a_question_said_three_times_is_named_at_each_copys_line(capsys, tmp_path):
    deck = tmp_path / "mine.toml"
    deck.write_text(
        'questions = [\n"Who sings?",\n"Who dances?",\n"Who sings?",\n"who sings?",\n]\n'
    )
    assert main(["decks", "check", str(deck)]) == 2
    assert capsys.readouterr().err == (
        f"gm: {deck}, line 4: question 3 ('Who sings?') is question 1 again. "
        f"{deck}, line 5: question 4 ('who sings?') is question 1 again.\n"
    )


@pytest.mark.parametrize("command", ["play", "demo"])
def test_a_deck_played_is_checked_as_decks_check_checks_it_lines_and_keys(
    capsys, tmp_path, command
):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[[themes]]\nname = "Fruit"\nanswers = ["apple","banana","cherry","date","fig"]\n'
        'colour = "red"\n'
        '[[themes]]\nname = "Veg"\nanswers = ["carrot","pea","leek","kale","yam"]\n'
        '[[themes]]\nname = "Tools"\nanswers = ["saw","drill","hammer","ice cream","file"]\n'
    )
    assert main(["decks", "check", str(bad)]) == 2
    checked = one_sentence(capsys)
    extra = [] if command == "demo" else ["--text", "--players", "3"]
    state = ["--state-dir", str(tmp_path / "state")]
    assert main([command, "funocracy", "--deck", str(bad), *extra, *state]) == 2
    played = one_sentence(capsys)
    assert played == checked and "line ?" not in played
    assert "line 1:" in played and "'colour'" in played and "line 8:" in played


def test_seconds_options_go_through_the_check(capsys):
    assert main(["play", "who-the-f", "--text", "--reveal-after", "0"]) == 2
    assert "above zero" in one_sentence(capsys)
    assert math.isfinite(_seconds("0.5"))


def test_an_output_naming_an_input_says_to_choose_another_file(tmp_path):
    read = tmp_path / "deck.toml"
    read.write_text("")
    with pytest.raises(UsageError) as error:
        refuse_overwriting([read], [("--transcript", str(read))])
    assert str(error.value).endswith("writing to it would destroy it, so choose another file.")


def test_a_sound_file_is_written_over_only_where_a_wav_was(tmp_path, capsys):
    """A deck named as --speak-to (or gm say's --wav): refused and untouched, as --transcript
    refuses what is no transcript; a WAV of gm's is written over."""
    deck = tmp_path / "mine.toml"
    deck.write_text((ROOT / "examples" / "funocracy.toml").read_text())
    before = deck.read_bytes()
    play = ["play", "funocracy", "--text", "--players", "3", "--mode", "normal"]
    assert main([*play, "--state-dir", str(tmp_path / "state"), "--speak-to", str(deck)]) == 2
    assert "holds something that is not a WAV file" in one_sentence(capsys)
    assert main(["say", "hello", "--wav", str(deck)]) == 2
    assert "holds something that is not a WAV file" in one_sentence(capsys)
    assert deck.read_bytes() == before
    wav = tmp_path / "hello.wav"
    for _ in range(2):
        assert main(["say", "hello", "--wav", str(wav)]) == 0
        assert wav.read_bytes()[:4] == b"RIFF"


def test_a_transcript_is_written_over_only_where_a_transcript_was(tmp_path, capsys, monkeypatch):
    """A deck not passed as --deck, or notes, named as --transcript: refused and untouched; a
    transcript of gm's, or an empty file, is written over."""
    import io
    import sys

    deck = tmp_path / "mine.toml"
    deck.write_text((ROOT / "examples" / "funocracy.toml").read_text())
    before = deck.read_bytes()
    args = ["play", "funocracy", "--text", "--players", "3", "--mode", "normal"]
    state = ["--state-dir", str(tmp_path / "state")]
    assert main([*args, *state, "--transcript", str(deck)]) == 2
    assert "holds something that is not a gm transcript" in one_sentence(capsys)
    assert deck.read_bytes() == before
    notes = tmp_path / "notes.txt"
    notes.write_text("\n\nmy notes\n")  # a blank first line is no empty file
    assert main([*args, *state, "--transcript", str(notes)]) == 2
    assert "holds something that is not a gm transcript" in one_sentence(capsys)
    assert notes.read_text() == "\n\nmy notes\n"
    transcript, empty = tmp_path / "t.jsonl", tmp_path / "empty.jsonl"
    empty.write_text("")
    for path, where in ((transcript, "one"), (transcript, "two"), (empty, "three")):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"pass\n")))
        folder = ["--state-dir", str(tmp_path / where)]
        assert main([*args, *folder, "--transcript", str(path)]) == 0, capsys.readouterr().err
        assert path.read_text().startswith('{"t": 0.0, "type": "say"')


def test_no_command_shows_the_help_which_is_no_mistake(capsys):
    assert main([]) == 0
    assert "usage" in capsys.readouterr().out.lower()


def test_an_option_a_command_does_not_take_points_to_that_commands_help(capsys):
    """`gm --help` does not list play's options: the sentence names `gm play --help`."""
    assert main(["play", "funo", "--bogus"]) == 2
    assert capsys.readouterr().err == (
        "gm: Unrecognized arguments: --bogus; see 'gm play --help'.\n"
    )
    assert main(["--bogus"]) == 2
    assert capsys.readouterr().err == "gm: Unrecognized arguments: --bogus; see 'gm --help'.\n"


@pytest.mark.parametrize("stdin", ["none", "no buffer", "closed"])
def test_text_input_from_a_closed_or_missing_standard_input_is_one_sentence(
    stdin, capsys, monkeypatch, tmp_path
):
    import io
    import sys

    if stdin == "none":
        value = None
    elif stdin == "no buffer":
        value = io.StringIO("ready\n")
    else:
        value = io.TextIOWrapper(io.BytesIO(b"ready\n"))
        value.buffer.close()
    monkeypatch.setattr(sys, "stdin", value)
    assert (
        main(["play", "who-the-f", "--text", "--players", "4", "--state-dir", str(tmp_path)]) == 2
    )
    assert one_sentence(capsys) == (
        "gm: Standard input is closed; --text reads what the players say from it, a line each."
    )


def test_a_full_disk_under_the_output_is_one_sentence(capsys, monkeypatch):
    """`gm games > /dev/full`: the system's reason, no file name to give."""
    import sys

    full = open("/dev/full", "w", buffering=1)
    monkeypatch.setattr(sys, "stdout", full)
    try:
        assert main(["games"]) == 2
    finally:
        full.close = lambda: None  # its buffer cannot be flushed anywhere; leave it
    assert capsys.readouterr().err.strip() == (
        "gm: A file could not be read or written (No space left on device)."
    )


def test_a_closed_output_pipe_is_one_sentence(capsys, monkeypatch):
    """`gm games | head -0`: the pipe's reader is gone before gm writes."""
    import io
    import os
    import sys

    read, write = os.pipe()
    os.close(read)
    out = io.TextIOWrapper(os.fdopen(write, "wb"), line_buffering=True)
    monkeypatch.setattr(sys, "stdout", out)
    try:
        assert main(["games"]) == 2
    finally:
        out.close = lambda: None  # its descriptor now points at /dev/null; pytest closes nothing
    assert capsys.readouterr().err.strip() == (
        "gm: The output was closed before gm finished writing it."
    )


def test_an_interrupted_game_says_it_is_saved(capsys, monkeypatch, tmp_path):
    """Ctrl-C while gm waits for the table: exit 130, and the truth about the save (nothing
    was decided yet, so nothing was saved)."""
    import io
    import os
    import signal
    import sys
    import threading

    read, write = os.pipe()  # typed input that never comes
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(os.fdopen(read, "rb")))
    # Ctrl+C as in a terminal, whatever the test worker's process had (tests/conftest.py)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
    signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        code = main(["play", "who-the-f", "--text", "--players", "4", "--state-dir", str(tmp_path)])
    finally:
        timer.cancel()
        os.close(write)
    assert code == 130
    assert (
        capsys.readouterr()
        .err.strip()
        .endswith("gm: Stopped before this game's first decision, so it was not saved.")
    )


def test_a_terminated_game_says_it_is_saved_and_leaves_with_143(tmp_path):
    """SIGTERM (a service manager, `kill`) stops gm as Ctrl+C does: the save said in one
    sentence. It printed nothing and left the table not knowing."""
    import os
    import signal
    import subprocess
    import sys
    import time

    command = [sys.executable, "-m", "gm", "play", "who-the-f", "--text", "--players", "5"]
    command += ["--difficulty", "regular", "--state-dir", str(tmp_path)]
    game = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        game.stdin.write("ready\n")  # a decision: the game is saved
        game.stdin.flush()
        began = time.monotonic()
        while time.monotonic() - began < 60 and not list(tmp_path.rglob("current.json")):
            time.sleep(0.2)
        time.sleep(0.5)
        os.kill(game.pid, signal.SIGTERM)
        out, err = game.communicate(timeout=30)
    finally:
        game.kill()
    assert game.returncode == 143, err
    assert err.strip().startswith("gm: Stopped; the game is saved up to its last decision"), err


class _Failing:
    """An output whose every write fails as `error` says: a terminal's Ctrl+C or a device's
    failure arriving while gm writes."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def write(self, text: str) -> int:
        raise self.error

    def flush(self) -> None:
        pass


def test_ctrl_c_outside_a_game_is_one_sentence_and_status_130(capsys, monkeypatch):
    import sys

    monkeypatch.setattr(sys, "stdout", _Failing(KeyboardInterrupt()))
    assert main(["games"]) == 130
    assert capsys.readouterr().err == "gm: Stopped.\n"


def test_a_failing_device_is_named_in_its_one_sentence(capsys, monkeypatch):
    import errno
    import sys

    error = OSError(errno.EIO, "Input/output error", "/dev/ttyS9")
    monkeypatch.setattr(sys, "stdout", _Failing(error))
    assert main(["games"]) == 2
    assert capsys.readouterr().err == (
        "gm: A file /dev/ttyS9 could not be read or written (Input/output error).\n"
    )


@pytest.mark.parametrize("debug,level", [(True, "DEBUG"), (False, "WARNING")])
def test_debug_logs_everything_and_otherwise_only_warnings_each_line_named(
    debug, level, capsys, monkeypatch
):
    import logging

    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])  # as in a fresh gm process, where nothing logs yet
    monkeypatch.setattr(root, "level", root.level)  # restored after the test
    assert main(["--debug", "games"] if debug else ["games"]) == 0
    assert logging.getLevelName(root.level) == level
    (handler,) = root.handlers
    record = logging.LogRecord("gm.speech", logging.WARNING, __file__, 1, "no microphone", (), None)
    assert handler.format(record) == "gm: gm.speech: no microphone"


def test_messages_name_the_folder_and_command_that_were_given(tmp_path, capsys):
    """A file where a folder is expected is called a file; a suggestion carries --state-dir on;
    a bad option points at its own command's help."""
    afile = tmp_path / "notes.toml"
    afile.write_text("x = 1\n")
    for args in (["games"], ["resume", "--text"], ["play", "funocracy", "--text"]):
        assert main([*args, "--state-dir", str(afile)]) == 2
        assert one_sentence(capsys).startswith(f"gm: {afile} is a file, not a folder;")
    for models in (["models"], ["models", "install", "whisper-base"]):
        assert main([*models, "--dir", str(afile)]) == 2
        assert (
            one_sentence(capsys) == f"gm: {afile} is a file, not a folder of models; name a folder."
        )
    # a download checks the folder before it goes anywhere: no network here either
    assert main(["models", "download", "whisper-base.en", "--dir", str(afile)]) == 2
    assert one_sentence(capsys) == f"gm: {afile} is a file, not a folder of models; name a folder."
    empty = tmp_path / "saves"
    empty.mkdir()
    assert main(["games", "--state-dir", str(empty)]) == 0
    said = capsys.readouterr().out
    assert f"start one with 'gm play GAME --state-dir {empty}'" in said
    assert main(["play", "who-the-f", "--players", "abc"]) == 2
    assert one_sentence(capsys).endswith("see 'gm play --help'.")
    assert afile.read_text() == "x = 1\n"


def test_a_shortened_option_is_no_option_not_another_one(capsys):
    """'--mode' is play's option, not the demo's, and no shortening of '--model'."""
    assert main(["demo", "funo", "--mode", "alternative"]) == 2
    assert capsys.readouterr().err == (
        "gm: Unrecognized arguments: --mode alternative; see 'gm demo --help'.\n"
    )
    assert main(["listen", "--text", "--mode", "open"]) == 2
    assert "Unrecognized arguments: --mode open" in capsys.readouterr().err


def test_a_rate_out_of_range_is_refused_even_where_gm_only_prints(capsys, tmp_path):
    assert main(["play", "who", "--text", "--rate", "50", "--state-dir", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        "gm: The speaking rate of a Piper voice must be between 100 and 400 words a minute, "
        "not 50.\n"
    )
    # a system voice's pace is its own: Piper's range is not asked of it
    assert main(["say", "hi", "--console", "--voice-name", "en-us", "--rate", "90"]) == 0


def test_the_demos_commentary_calls_a_check_a_check_not_a_decision(capsys):
    from gm.cli import echo_event

    question = "I heard new theme. Is that right?"
    for answer, reply in (
        (False, "no"),
        (True, "yes"),
        (None, "no reply"),
        ("correction", "corrected"),
    ):
        event = {"type": "decision", "t": 3.0, "step": "confirm", "answer": answer}
        echo_event(event | {"decision": question, "accepted": answer is not None})
        assert capsys.readouterr().out == f"  [    3.0s] checked: {question} {reply}\n"
    echo_event({"type": "decision", "t": 4.0, "step": "funocracy.answer", "accepted": True,
                "decision": "player one said zebra for Z"})  # fmt: skip
    assert capsys.readouterr().out == "  [    4.0s] decided: player one said zebra for Z\n"


def test_decks_check_without_a_file_asks_for_the_file(capsys):
    assert main(["decks", "check"]) == 2
    assert capsys.readouterr().err.startswith("gm: Name the deck to check: 'gm decks check FILE'")
    assert main(["decks"]) == 2
    assert "Say what to do with a deck" in capsys.readouterr().err


def test_a_file_named_with_a_tilde_and_no_such_user_is_a_file_not_a_traceback(capsys, tmp_path):
    """ "~office.toml" names no home folder (there is no user "office"): Path.expanduser raised
    "Could not determine home directory" out of the settings loader and `gm decks check`."""
    from gm import config
    from gm.files import expanded

    assert str(expanded("~nobody-of-that-name.toml")) == "~nobody-of-that-name.toml"
    settings = tmp_path / "settings.toml"
    settings.write_text('[decks]\nwho-the-f = "~office.toml"\n')
    assert config.load(settings).deck("who_the_f").endswith("~office.toml")
    assert main(["decks", "check", "~nobody-of-that-name.toml"]) == 2
    assert "nobody-of-that-name.toml" in one_sentence(capsys)


def test_every_decision_taken_back_then_the_input_ends_says_the_save_is_at_the_start(
    capsys, tmp_path, monkeypatch
):
    import io
    import sys

    typed = "four\nundo\n"  # the players, taken back: a save with no decision
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(typed.encode())))
    assert main(["play", "funocracy", "--text", "--state-dir", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert "the game is saved at its start, with no decision, and 'gm resume funocracy" in err
    assert "up to its last decision" not in err
