"""The command line as a person meets it: real processes, real files, one sentence per mistake."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def gm(*args: str, stdin: str = "", env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gm", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


def assert_one_sentence(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = [l for l in result.stderr.splitlines() if l.strip()]
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word.lower() in lines[0].lower(), lines[0]


def test_version():
    result = gm("--version")
    assert result.returncode == 0 and result.stdout.startswith("gm ")


def test_unknown_game():
    assert_one_sentence(gm("play", "chess", "--text"), "no game called 'chess'", "funocracy")


@pytest.mark.parametrize(
    "args,said",
    [
        (["check"], "gm: 'check' is not a gm command; choose play, resume, listen, say, games"),
        (
            ["decks", "my.toml"],
            "gm: 'my.toml' is not something gm decks does; say 'gm decks check my.toml'",
        ),
        (["play", "funocracy", "--seed", "abc"], "gm: --seed wants a whole number, like 4, not"),
        (["play"], "gm: Name the game after gm play: 'gm play GAME'; see 'gm play --help'."),
        (
            ["play", "who-the-f", "--reveal-after", "x"],
            "gm: 'x' is not a number of seconds (for --",
        ),
    ],
)
def test_a_mistake_on_the_command_line_is_said_in_words_not_argparses(capsys, args, said):
    """ "Argument command: invalid choice: 'check' (choose from 'play', ...)" was argparse's."""
    from gm.cli import main

    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith(said) and "rgument" not in err and err.count("\n") == 1, err


def test_bad_option():
    assert_one_sentence(
        gm("play", "funocracy", "--players", "nine"),
        "--players wants a whole number, like 4, not 'nine'",
    )
    assert_one_sentence(gm("play", "funocracy", "--wav", "a.wav", "--text"), "not allowed")
    assert_one_sentence(gm("listen", "--expect", "colours"), "--expect")


@pytest.mark.parametrize("game,players", [("funocracy", "9"), ("funocracy", "1")])
def test_player_count_outside_the_rules(game, players):
    assert_one_sentence(gm("play", game, "--players", players, "--text"), players)


def test_missing_and_malformed_wav(tmp_path):
    assert_one_sentence(gm("listen", "--wav", str(tmp_path / "nope.wav")), "does not exist")
    bad = tmp_path / "bad.wav"
    bad.write_text("this is not audio")
    assert_one_sentence(gm("listen", "--wav", str(bad)), "not a readable WAV")
    assert_one_sentence(
        gm("play", "funocracy", "--players", "3", "--wav", str(bad)), "not a readable WAV"
    )


def test_no_microphone_says_what_to_do_instead():
    done = gm("listen", "--expect", "numbers")
    assert_one_sentence(done, "microphone", "--wav")
    assert "device -1" not in done.stderr  # PortAudio's words for "none": said as none found


def test_no_speaker_says_what_to_do_instead():
    assert_one_sentence(gm("say", "hello table"), "speaker", "--console")


def test_resume_without_a_save(tmp_path):
    assert_one_sentence(
        gm("resume", "--text", env={"GM_STATE_DIR": str(tmp_path)}), "no saved game"
    )


def test_malformed_settings_file(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("[voice]\nrate = 'fast'\n")
    assert_one_sentence(
        gm("play", "funocracy", "--text", env={"GM_CONFIG": str(config)}), "rate", "wrong type"
    )


def test_play_and_resume_from_typed_input(tmp_path):
    env = {"GM_STATE_DIR": str(tmp_path / "state")}
    transcript = tmp_path / "t.jsonl"
    first = gm(
        "play",
        "funo",
        "--players",
        "3",
        "--mode",
        "normal",
        "--seed",
        "5",
        "--text",
        "--transcript",
        str(transcript),
        stdin="[silence 30]\n",
        env=env,
    )
    assert first.returncode == 0, first.stderr
    events = [json.loads(l) for l in transcript.read_text().splitlines()]
    assert events[0]["type"] == "say" and any(e["type"] == "decision" for e in events)
    saved = json.loads((tmp_path / "state" / "funocracy" / "current.json").read_text())
    assert saved["game"] == "funocracy" and len(saved["answers"]) == 1
    second = gm("resume", "--text", stdin="undo\n", env=env)
    assert second.returncode == 0, second.stderr
    assert "Welcome back to Funocracy" in second.stdout
    assert "Undone: " in second.stdout
    assert (
        json.loads((tmp_path / "state" / "funocracy" / "current.json").read_text())["answers"] == []
    )


def test_corrupted_save_falls_back_to_the_previous_one(tmp_path):
    env = {"GM_STATE_DIR": str(tmp_path)}
    gm(
        "play",
        "funocracy",
        "--players",
        "2",
        "--mode",
        "normal",
        "--seed",
        "5",
        "--text",
        stdin="[silence 30]\n[silence 30]\n",
        env=env,
    )
    (tmp_path / "funocracy" / "current.json").write_text('{"format": 1, "game": "funo')
    result = gm("resume", "--text", stdin="", env=env)
    assert result.returncode == 0
    assert "damaged" in result.stderr and "Traceback" not in result.stderr


def test_listen_prints_one_json_line_per_utterance(tmp_path):
    from gm.speech.synth import Silence, Utterance, write

    wav = write(
        tmp_path / "numbers.wav",
        [
            Silence(1.0),
            Utterance("three"),
            Silence(1.5),
            Utterance("we should order pizza tonight", "en-gb"),
            Silence(1.5),
            Utterance("seven", "en-us+f3"),
            Silence(1.5),
        ],
    )
    result = gm("listen", "--wav", str(wav), "--expect", "numbers", "--asr", "sphinx")
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert {"file", "text", "intent", "confidence", "start", "end"} <= set(rows[0])
    assert [r["intent"] for r in rows if r["intent"] is not None] == [3, 7]
    assert rows[0]["file"] == str(wav) and rows[0]["start"] < rows[-1]["start"]


@pytest.mark.parametrize("expect", ["commands", "free"])
def test_listen_prints_what_it_heard_when_it_is_no_command(tmp_path, expect):
    from gm.speech.synth import Silence, Utterance, write

    wav = write(
        tmp_path / "talk.wav",
        [Silence(0.5), Utterance("hello table"), Silence(1.5), Utterance("undo"), Silence(1.5)],
    )
    result = gm("listen", "--wav", str(wav), "--expect", expect)
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert "table" in rows[0]["text"] and rows[0]["intent"] is None, rows
    if expect == "commands":
        assert rows[1]["intent"] == "command:undo", rows


def test_listen_reads_typed_lines():
    typed = "hello table\n# a comment\nwhat's the score\n"
    result = gm("listen", "--text", stdin=typed)
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows == [
        {"file": "typed", "text": "hello table", "intent": None},
        {"file": "typed", "text": "what's the score", "intent": "command:score"},
    ]


def test_listen_help_names_the_commands_it_hears_and_each_is_heard():
    shown = " ".join(gm("listen", "--help").stdout.split())
    named = shown.split("commands (the default: ", 1)[1].split(")", 1)[0].split(", ")
    assert {"repeat", "help", "take that back", "quit"} <= set(named), named
    result = gm("listen", "--text", stdin="\n".join(named) + "\n")
    intents = [json.loads(line)["intent"] for line in result.stdout.splitlines()]
    assert len(intents) == len(named) and all(i.startswith("command:") for i in intents), intents


def test_listen_reads_typed_lines_as_an_ask_would_in_the_tables_own_words():
    result = gm("listen", "--text", stdin="scratch that\nwhat was the question again?\n")
    assert [json.loads(line)["intent"] for line in result.stdout.splitlines()] == [
        "command:undo",
        "command:repeat",
    ]
    result = gm("listen", "--text", "--expect", "yesno", stdin="yeah sure\nnah, not really\n")
    assert [json.loads(line)["intent"] for line in result.stdout.splitlines()] == [True, False]


def test_say_prints_with_console():
    result = gm("say", "Hello", "table", "--console")
    assert result.returncode == 0 and result.stdout == "gm: Hello table\n", result.stderr


def test_another_games_option_is_refused_not_dropped(tmp_path):
    for game, option, words in (
        ("funocracy", ["--difficulty", "easy"], "--difficulty is an option of who-the-f, not of"),
        ("who-the-f", ["--mode", "open"], "--mode is an option of funocracy and what-the-fake"),
        ("who-the-f", ["--scoring", "quick"], "--scoring is an option of what-the-fake"),
    ):
        result = gm("play", game, *option, "--text", "--state-dir", str(tmp_path))
        assert result.returncode == 2 and words in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
    assert not list(tmp_path.iterdir())  # refused before anything was saved


def test_say_with_nothing_to_say_writes_nothing(tmp_path):
    result = gm("say", " ", "--wav", str(tmp_path / "said.wav"))
    assert result.returncode == 2 and "needs something to say" in result.stderr
    assert not (tmp_path / "said.wav").exists()


def test_play_help_gives_the_player_ranges():
    result = gm("play", "--help")
    assert "who-the-f 3 to 8, funocracy 2 to 8, what-the-fake 3 to 8" in " ".join(
        result.stdout.split()
    )


def test_decks_without_an_action_names_it():
    for args in (("decks",), ("decks", "check")):
        assert_one_sentence(gm(*args), "'gm decks check FILE'")


def test_listen_hears_the_commands_an_ask_hears():
    from gm.cli import expectation
    from gm.dialog.intents import Command

    choices, commands, free = expectation("commands")
    assert choices == () and not free
    assert Command.REPEAT in commands and Command.SKIP in commands and Command.PAUSE in commands
    assert Command.RESUME not in commands  # heard only while a game is paused


def test_say_writes_a_wav(tmp_path):
    out = tmp_path / "hello.wav"
    result = gm("say", "Hello table, shall we play?", "--wav", str(out))
    assert result.returncode == 0, result.stderr
    assert out.stat().st_size > 16000  # half a second of speech at the least


def test_models_list_and_offline_download(tmp_path):
    listed = gm("models", "--dir", str(tmp_path))
    assert listed.returncode == 0 and "en-us-small" in listed.stdout
    offline = gm(
        "models",
        "download",
        "en-us-small",
        "--dir",
        str(tmp_path),
        "--url",
        "http://127.0.0.1:9/m.zip",
    )
    assert_one_sentence(offline, "cannot reach")


def test_models_listed_from_a_folder_that_is_not_there_is_one_sentence(tmp_path):
    missing = tmp_path / "modles"
    result = gm("models", "--dir", str(missing))
    assert_one_sentence(result, f"There is no folder {missing} to list")
    assert not missing.exists()


def test_realtime_needs_a_wav():
    assert_one_sentence(gm("play", "who-the-f", "--text", "--realtime"), "--realtime", "--wav")


@pytest.mark.realtime
@pytest.mark.slow
def test_a_wav_in_real_time_is_heard_only_after_gm_has_spoken(tmp_path):
    # The file says "five" 19.5 s in: after gm's opening lines (welcome, the ear, the players
    # question: about 15.5 s at a speaking pace) and before the reminder 8 s later, so only a clock
    # that runs while gm speaks, as a microphone's does, hears it as the answer.
    from gm.speech.synth import Silence, Utterance, write

    wav = write(tmp_path / "table.wav", [Silence(19.5), Utterance("five"), Silence(1.5)], lead=0)
    transcript = tmp_path / "t.jsonl"
    result = gm(
        "play",
        "who-the-f",
        "--wav",
        str(wav),
        "--realtime",
        "--console",
        "--asr",
        "sphinx",
        "--transcript",
        str(transcript),
        "--state-dir",
        str(tmp_path / "state"),
    )
    assert result.returncode == 0, result.stderr
    events = [json.loads(line) for line in transcript.read_text().splitlines()]
    says = [e for e in events if e["type"] == "say" and "end" in e]
    assert all(e["end"] > e["t"] for e in says)  # gm's voice takes time on the game clock
    assert all(b["t"] == pytest.approx(a["end"], abs=0.05) for a, b in zip(says, says[1:3]))
    listen = next(e for e in events if e["type"] == "listen")
    assert listen["t"] >= says[2]["end"]  # listening starts when the question has been said
    decided = [e["decision"] for e in events if e["type"] == "decision" and e.get("accepted")]
    assert decided[:1] == ["five players"]
    # The same file at the speed of the CPU: gm's lines take no time and "five" comes late.
    fast = gm(
        "play",
        "who-the-f",
        "--wav",
        str(wav),
        "--console",
        "--asr",
        "sphinx",
        "--transcript",
        str(transcript),
        "--state-dir",
        str(tmp_path / "fast"),
    )
    assert fast.returncode == 0, fast.stderr
    first = next(
        e for e in map(json.loads, transcript.read_text().splitlines()) if e["type"] == "say"
    )
    assert first["end"] == first["t"]


def test_demo_players_outside_the_rules_is_one_sentence(tmp_path):
    result = gm("demo", "what-the-fake", "--players", "9", "--console")
    assert_one_sentence(result, "What the Fake is for three to eight players, not 9.")
    assert "what-the-fake 4" in gm("demo", "--help").stdout  # each game's demo table said


def test_demo_deck_for_another_game_is_one_sentence(tmp_path):
    deck = tmp_path / "questions.toml"
    deck.write_text('questions = ["Who sings best?", "Who cooks best?", "Who runs fastest?"]\n')
    result = gm(
        "demo",
        "funocracy",
        "--deck",
        str(deck),
        "--console",
        "--state-dir",
        str(tmp_path / "state"),
    )
    assert_one_sentence(result, "a deck for Who the F", "not for Funocracy")


def test_a_finished_game_can_be_undone_when_resumed(tmp_path):
    env = {"GM_STATE_DIR": str(tmp_path)}
    rounds = ["start drawing", "two done", "two", "one", "zero"] * 3  # three rounds, quick scoring
    options = ["--players", "3", "--mode", "open", "--scoring", "quick", "--text"]
    played = gm("play", "what-the-fake", *options, stdin="\n".join(rounds) + "\n", env=env)
    assert played.returncode == 0 and "Player one wins" in played.stdout, played.stderr
    assert "No unfinished games" in gm("games", env=env).stdout
    resumed = gm("resume", "what-the-fake", "--text", stdin="undo\n", env=env)
    assert resumed.returncode == 0, resumed.stderr
    assert "Player one wins" in resumed.stdout  # the result said again, then taken back
    assert "gm: Undone: player three scored zero." in resumed.stdout
    assert "what-the-fake" in gm("games", env=env).stdout


def test_a_new_game_records_the_rules_it_is_played_by(tmp_path):
    env = {"GM_STATE_DIR": str(tmp_path)}
    options = ["--players", "3", "--mode", "open", "--scoring", "quick", "--text"]
    played = gm("play", "what-the-fake", *options, stdin="start drawing\n", env=env)
    assert played.returncode == 0, played.stderr
    (save,) = tmp_path.glob("**/current.json")
    data = json.loads(save.read_text())
    assert data["options"] == {"names": 2, "players": 3, "mode": "open", "scoring": "quick"}
    assert data["format"] == 2  # a gm of format 1 would ignore "names": it refuses the save
    # an older gm's save (format 1, no "names") is resumed, by the rules it was played with
    del data["options"]["names"]
    save.write_text(json.dumps({**data, "format": 1}))
    resumed = gm("resume", "what-the-fake", "--text", stdin="", env=env)
    assert resumed.returncode == 0 and "Welcome back" in resumed.stdout, resumed.stderr
    assert "damaged" not in resumed.stderr


def test_debug_logs_what_gm_does_on_standard_error(tmp_path):
    args = ("play", "funocracy", "--players", "3", "--text", "--state-dir", str(tmp_path))
    logged = gm("--debug", *args, stdin="")
    assert f"gm: gm.cli: saves in {tmp_path}" in logged.stderr.splitlines()
    assert "gm.cli" not in gm(*args, stdin="").stderr


@pytest.mark.realtime
def test_typed_at_a_terminal_a_countdown_runs_out_while_nobody_types(tmp_path):
    """At a terminal "You have three seconds, or say reveal" ran out only when a line was typed:
    the typed clock moved a line at a time. Typed by a person, it is the wall clock."""
    import pty
    import select
    import time

    main, sub = pty.openpty()
    game = subprocess.Popen(
        [sys.executable, "-m", "gm", "play", "who-the-f", "--text", "--reveal-after", "3"]
        + ["--seed", "3", "--state-dir", str(tmp_path)],
        stdin=sub,
        stdout=sub,
        stderr=sub,
        cwd=ROOT,
    )
    os.close(sub)
    out = b""

    def read_until(text: bytes, seconds: float) -> bool:
        nonlocal out
        end = time.monotonic() + seconds
        while text not in out and time.monotonic() < end:
            if select.select([main], [], [], 0.1)[0]:
                out += os.read(main, 4096)
        return text in out

    try:
        for line, prompt in (
            ("five", b"How many"),
            ("regular", b"difficulty"),
            ("ready", b"ready"),
        ):
            assert read_until(prompt, 60), out.decode(errors="replace")
            os.write(main, line.encode() + b"\n")
        assert read_until(b"You have three seconds", 30), out.decode(errors="replace")
        told = len(out)
        assert read_until(b"What is the result?", 15), out.decode(errors="replace")
        assert b"Time!" in out[told:]  # nobody typed: the three seconds ran out by themselves
    finally:
        game.kill()
        game.wait()
        os.close(main)
