"""Never lose a game: one save per game title, resume by name, the question before a new game
over an unfinished one, typed bytes that are not UTF-8, a finished game's result said again, and
decks (gm's own or a table's) that cannot change a resumed game. Real gm processes, typed input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from gm.demo import DEMO_OPTIONS, plan
from gm.games import find, load
from gm.state import Saves

ROOT = Path(__file__).resolve().parent.parent
FUNO = ["play", "funocracy", "--players", "3", "--mode", "normal", "--seed", "5", "--text"]
WHO = ["play", "who-the-f", "--players", "5", "--difficulty", "regular", "--seed", "7", "--text"]
DECK = """# three questions of our own
questions = [
  "Who would survive longest on a desert island?",
  "Who is most likely to become famous?",
  "Who tells the best stories?",
]
"""


def gm(
    *args: str, stdin: bytes | str = b"", env: dict | None = None
) -> subprocess.CompletedProcess:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    result = subprocess.run(
        [sys.executable, "-m", "gm", *args],
        input=data,
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=120,
    )
    return subprocess.CompletedProcess(
        result.args,
        result.returncode,
        result.stdout.decode("utf-8", "replace"),
        result.stderr.decode("utf-8", "replace"),
    )


def saved(game: str) -> dict:
    return json.loads(
        (Path(os.environ["GM_STATE_DIR"]) / game / "current.json").read_text(encoding="utf-8")
    )


def test_a_new_game_of_another_title_keeps_the_unfinished_one():
    assert gm(*WHO, stdin="[silence 30]\n").returncode == 0
    who = saved("who_the_f")
    assert gm(*FUNO, stdin="[silence 30]\n").returncode == 0
    assert saved("who_the_f") == who  # untouched by the new game of Funocracy
    listed = gm("games").stdout.splitlines()
    assert [line.split()[0] for line in listed] == [
        "funocracy",
        "who-the-f",
    ]  # the last saved first
    assert all("decision" in line for line in listed)
    named = gm("resume", "who", "--text")
    assert "Welcome back to Who the F" in named.stdout
    last = gm("resume", "--text")  # no game named: the last one saved, Who the F just now
    assert "Welcome back to Who the F" in last.stdout


def test_play_over_an_unfinished_game_asks_resume_it_or_a_new_one():
    gm(*FUNO, stdin="[silence 30]\n")
    assert len(saved("funocracy")["answers"]) == 1
    resumed = gm(*FUNO, stdin="resume it\n[silence 30]\n")
    assert "There is an unfinished game of Funocracy" in resumed.stdout
    assert "Welcome back to Funocracy" in resumed.stdout
    assert len(saved("funocracy")["answers"]) == 2  # carried on: one more decision
    fresh = gm(*FUNO, stdin="a new game\n")
    assert "Welcome to Funocracy" in fresh.stdout
    assert saved("funocracy")["answers"] == []
    quiet = gm(*FUNO, stdin="")  # nobody answered: the unfinished game is kept as it was
    assert "kept" in quiet.stderr and quiet.returncode == 0


def test_invalid_utf8_in_typed_input_is_replaced_and_saved():
    result = gm(*FUNO, stdin=b"\xff\xfe\nsea\xffweed\n")
    assert result.returncode == 0 and "Traceback" not in result.stderr
    heard = [a["answer"]["heard"] for a in saved("funocracy")["answers"]]
    assert (
        heard and "\ufffd" in heard[0]
    )  # the decision was taken and stored, the bad byte replaced


def test_a_finished_games_result_is_announced_again_on_resume(tmp_path):
    script = plan(load(find("who-the-f")), dict(DEMO_OPTIONS["who_the_f"]), 7)
    typed = "".join(
        f"{line.text}\n" if line.text else f"[silence {line.silence}]\n" for line in script.lines
    )
    first = gm(*WHO, stdin=typed)
    assert saved("who_the_f")["finished"]
    ending = first.stdout.strip().splitlines()[-1]
    again = gm("resume", "--text")  # as after a crash between the final save and the announcement
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip().splitlines()[-1] == ending
    assert "who-the-f" not in gm("games").stdout  # a finished game is not an unfinished one


def test_an_edited_deck_cannot_change_a_resumed_game(tmp_path):
    deck = tmp_path / "ours.toml"
    deck.write_text(DECK)
    first = gm(*WHO, "--deck", str(deck), stdin="ready\n")
    asked = [q for q in DECK.split('"')[1::2] if q in first.stdout]
    assert len(asked) == 1, first.stdout  # one of our questions is the first one
    record = saved("who_the_f")
    assert record["deck_file"] == str(deck.resolve()) and len(record["deck"]["questions"]) == 3
    deck.write_text(
        DECK.replace(asked[0], "Who changed the deck?")
    )  # edited between the two sittings
    again = gm("resume", "--text")
    assert asked[0] in again.stdout and "changed the deck" not in again.stdout


def test_gms_own_deck_is_recorded_too():
    gm(*FUNO, stdin="[silence 30]\n")
    assert (
        len(saved("funocracy")["deck"]["themes"]) >= 60
        and "lines" not in saved("funocracy")["deck"]
    )


def test_a_deck_in_the_settings_and_gm_decks_check(tmp_path):
    (tmp_path / "ours.toml").write_text(DECK)
    config = tmp_path / "config.toml"
    config.write_text('[decks]\nwho-the-f = "ours.toml"\n')
    played = gm(*WHO, stdin="ready\n", env={"GM_CONFIG": str(config)})
    assert any(q in played.stdout for q in DECK.split('"')[1::2])
    checked = gm("decks", "check", str(tmp_path / "ours.toml"))
    assert (
        checked.returncode == 0
        and "Who the F" in checked.stdout
        and "3 questions" in checked.stdout
    )
    (tmp_path / "bad.toml").write_text(
        DECK.replace("Who tells the best stories?", "Tell us a story").replace(
            "Who is most likely to become famous?", "Who is famous"
        )
    )
    bad = gm("decks", "check", str(tmp_path / "bad.toml"))  # every mistake, each with its line
    assert bad.returncode == 2 and len(bad.stderr.splitlines()) == 1
    assert "bad.toml, line 4: question 2 ('Who is famous')" in bad.stderr
    assert "bad.toml, line 5: question 3 ('Tell us a story')" in bad.stderr
    themes = tmp_path / "themes.toml"
    themes.write_text(
        "".join(
            f'[[themes]]\nname = "Theme {n}"\nanswers = {answers}\n'
            for n, answers in enumerate(
                [
                    '["a", "b", "c", "d", "e"]',
                    '["a", "b"]',
                    '["a", "b", "c", "d", "e"]',
                    '["A B", "c", "d", "e", "f"]',
                ],
                1,
            )
        )
    )
    checked = gm("decks", "check", str(themes))
    assert "entry 2 of [[themes]]" in checked.stderr and "entry 4 of [[themes]]" in checked.stderr
    assert "themes.toml, line 4" in checked.stderr and "themes.toml, line 10" in checked.stderr
    short = tmp_path / "short.toml"
    short.write_text('questions = ["Who is here?"]\n')
    assert "at least 3" in gm("decks", "check", str(short)).stderr


def test_the_state_directory_is_checked_before_anything_is_said(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = gm(*FUNO, "--state-dir", str(blocker / "state"), stdin="three\n")
    assert result.returncode == 2 and "cannot be saved" in result.stderr
    assert result.stdout == ""  # not a word of the game before it can be saved


def test_temporary_save_files_are_cleaned_at_the_next_start():
    gm(*FUNO, stdin="[silence 30]\n")
    folder = Path(os.environ["GM_STATE_DIR"]) / "funocracy"
    (folder / ".save-k1ll3d").write_text('{"half')
    gm("resume", "--text")
    assert not list(folder.glob(".save-*"))
    assert Saves(os.environ["GM_STATE_DIR"]).titles() == ["funocracy"]


def test_resume_appends_to_the_transcript(tmp_path):
    transcript = tmp_path / "t.jsonl"
    gm(*FUNO, "--transcript", str(transcript), stdin="[silence 30]\n")
    first = transcript.read_text().splitlines()
    gm("resume", "--text", "--transcript", str(transcript), stdin="[silence 30]\n")
    both = transcript.read_text().splitlines()
    assert both[: len(first)] == first and len(both) > len(first)
