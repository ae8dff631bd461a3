"""Never lose a game: one save per game title, resume by name, the question before a new game
over an unfinished one, typed bytes that are not UTF-8, a finished game's result said again, and
decks (gm's own or a table's) that cannot change a resumed game. Real gm processes, typed input."""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from transcripts import as_a_terminal_starts_it

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
    assert gm(*WHO, stdin="ready\n").returncode == 0
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
    fresh = gm(*FUNO, stdin="a new game\n[silence 30]\n")
    assert "Welcome to Funocracy" in fresh.stdout
    assert len(saved("funocracy")["answers"]) == 1  # the new game, once it has a decision
    quiet = gm(*FUNO, stdin="")  # nobody answered: the unfinished game is kept as it was
    assert "kept" in quiet.stderr and quiet.returncode == 0


def test_the_unfinished_games_question_says_which_players_a_resumed_game_keeps():
    gm(*FUNO, stdin="[silence 30]\n")
    players = saved("funocracy")["options"]["players"]
    other = 6 if players != 6 else 5
    asked = gm(*FUNO, "--players", str(other), stdin="resume it\n[silence 30]\n")
    words = {5: "five", 6: "six", 4: "four", 3: "three", 7: "seven", 8: "eight"}
    said = f"It has {words[players]} players; the new game would have {words[other]}."
    assert said in asked.stdout
    assert saved("funocracy")["options"]["players"] == players  # resumed: its own players
    same = gm(*FUNO, stdin="resume it\n[silence 30]\n")
    assert "the new game would have" not in same.stdout


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
    fresh = gm(*WHO, stdin="")  # playing it again starts a new game, asking nothing
    assert "unfinished" not in fresh.stdout and "Welcome to Who the F" in fresh.stdout


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


def folder_of(game: str) -> Path:
    return Path(os.environ["GM_STATE_DIR"]) / game


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.suffix == ".json"}


def one_sentence(result: subprocess.CompletedProcess, *words: str) -> str:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word.lower() in lines[0].lower(), lines[0]
    return lines[0]


def rewrite(path: Path, **fields: object) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(fields)
    path.write_text(json.dumps(data), encoding="utf-8")  # NaN and Infinity as JSON's extensions


def test_a_save_from_a_newer_gm_is_refused_and_never_written_over():
    assert gm(*FUNO, stdin="[silence 30]\n[silence 30]\n").returncode == 0
    folder = folder_of("funocracy")
    rewrite(folder / "current.json", format=3)
    before = files(folder)
    assert set(before) == {"current.json", "previous.json"}
    for args in (("resume", "--text"), ("resume", "funocracy", "--text"), FUNO):
        one_sentence(gm(*args, stdin="three\n"), "newer gm", "format 3", "current.json")
        assert files(folder) == before  # neither the newer save nor its backup was written over
    assert "newer gm" in gm("games").stdout


def test_a_newer_backup_is_never_written_over_either():
    assert gm(*FUNO, stdin="[silence 30]\n[silence 30]\n").returncode == 0
    folder = folder_of("funocracy")
    rewrite(folder / "previous.json", format=4)
    before = files(folder)
    one_sentence(gm("resume", "--text", stdin="three\n"), "newer gm", "format 4", "previous.json")
    assert files(folder) == before


@pytest.fixture(scope="module")
def saved_from_a_wav(tmp_path_factory) -> tuple[Path, Path]:
    """A Funocracy game saved after a turn's silence from a WAV file (the turn timed out: a
    decision): one save, current.json, whose `t` and `source` say where in the file to resume."""
    import numpy as np

    from gm.speech.audio import write_wav

    folder = tmp_path_factory.mktemp("wav-game")
    table = folder / "table.wav"
    write_wav(table, np.zeros(16000 * 28, dtype="<i2").tobytes())
    state = folder / "state"
    result = gm(
        *FUNO[:-1], "--wav", str(table), "--asr", "sphinx", env={"GM_STATE_DIR": str(state)}
    )
    assert result.returncode == 0, result.stderr
    assert json.loads((state / "funocracy" / "current.json").read_text())["source"] == str(table)
    (state / "funocracy" / "previous.json").unlink()  # the same decision, saved again at the end
    return state, table


@pytest.mark.parametrize(
    "field,value",
    [
        ("t", float("nan")),
        ("t", float("inf")),
        ("t", 1e308),
        ("t", -1.0),
        ("t", "12"),
        ("finished", "false"),
        ("finished", 0),
        ("seed", True),
        ("seed", 1.5),
        ("game", 3),
        ("options", {"players": float("nan")}),
        ("options", {"players": [3]}),
        ("answers", [{"step": "funocracy.players", "answer": {"kind": "number"}, "transition": 1}]),
        ("source", 5),
        ("deck", ["themes"]),
        ("deck_file", False),
    ],
    ids=lambda v: repr(v)[:30],
)
def test_a_save_with_a_bad_field_is_refused_in_one_sentence_and_kept(
    saved_from_a_wav, tmp_path, monkeypatch, field, value
):
    state = tmp_path / "state"
    shutil.copytree(saved_from_a_wav[0], state)
    monkeypatch.setenv("GM_STATE_DIR", str(state))
    rewrite(state / "funocracy" / "current.json", **{field: value})
    before = files(state / "funocracy")
    result = gm("resume", "--wav", str(saved_from_a_wav[1]), "--asr", "sphinx")
    one_sentence(result, "damaged and cannot be resumed", f"'{field}'")
    assert files(state / "funocracy") == before


def test_a_damaged_save_passed_over_is_kept_beside_the_one_resumed():
    assert gm(*FUNO, stdin="[silence 30]\n[silence 30]\n").returncode == 0
    folder = folder_of("funocracy")
    rewrite(folder / "current.json", finished="false")  # a hand edit: a string, not a boolean
    damaged = (folder / "current.json").read_bytes()
    result = gm("resume", "--text", stdin="[silence 30]\n")
    assert result.returncode == 0, result.stderr
    assert "the field 'finished' is damaged" in result.stderr
    assert "the one before it is used" in result.stderr
    assert (folder / "damaged-1.json").read_bytes() == damaged  # renamed aside, never written over
    assert saved("funocracy")["finished"] is False  # the game goes on from the previous save


def test_a_fifo_as_the_save_is_one_sentence_not_a_hang():
    folder = folder_of("funocracy")
    folder.mkdir(parents=True)
    os.mkfifo(folder / "current.json")
    one_sentence(gm("resume", "--text", stdin="three\n"), "current.json", "not a regular file")
    assert stat.S_ISFIFO(os.stat(folder / "current.json").st_mode)


def test_a_typed_line_of_exactly_64_kib_is_taken_and_one_byte_more_is_not():
    assert gm(*FUNO, stdin=b"a" * 65_536 + b"\n[silence 30]\n").returncode == 0
    assert gm(*FUNO, stdin=b"a" * 65_536 + b"\r\n[silence 30]\n").returncode == 0
    one_sentence(gm(*FUNO, stdin=b"a" * 65_537 + b"\n"), "longer than 65536 bytes")


def test_ctrl_c_while_gm_is_loading_is_one_sentence():
    """Ctrl+C arrives while gm imports its modules (made certain here by an import that is
    interrupted): one sentence and status 130, no traceback."""
    code = (
        "import sys\n"
        "class Interrupt:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'gm.dialog.engine':\n"
        "            raise KeyboardInterrupt\n"
        "sys.meta_path.insert(0, Interrupt())\n"
        "import runpy\n"
        "sys.argv = ['gm', 'play', 'funocracy', '--text']\n"
        "runpy.run_module('gm', run_name='__main__')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert result.returncode == 130 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr.strip() == "gm: Stopped before it started; nothing was changed."


def test_ctrl_c_a_third_of_a_second_after_the_start_is_one_sentence():
    process = subprocess.Popen(
        [sys.executable, "-m", "gm", *FUNO],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=as_a_terminal_starts_it,
    )
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130 and b"Traceback" not in err, err
    assert len(err.decode().strip().splitlines()) == 1


def test_ten_simultaneous_starts_are_told_another_gm_is_playing():
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "gm", *FUNO],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for _ in range(10)
    ]
    refused = []
    deadline = time.monotonic() + 110
    while len(refused) < 9 and time.monotonic() < deadline:
        for process in processes:
            if process not in refused and process.poll() is not None:
                refused.append(process)
        time.sleep(0.05)
    playing = [p for p in processes if p not in refused]
    for process in playing:
        process.stdin.close()  # the one that holds the saves: its input ends, the game is kept
        process.wait(timeout=120)
    assert len(refused) == 9 and playing[0].returncode == 0
    for process in refused:
        err = process.stderr.read().decode()
        assert process.returncode == 2 and err.count("\n") == 1, err
        assert "Another gm is already playing" in err, err
    for process in processes:
        process.stderr.close()


def test_a_save_the_rules_refuse_is_kept_aside_and_the_good_one_stays_the_backup():
    assert gm(*FUNO, stdin="table\n[silence 5]\n").returncode == 0
    folder = folder_of("funocracy")
    data = saved("funocracy")
    assert data["answers"]
    data["answers"][0]["step"] = "funocracy.nothing_like_it"  # the right shape, the wrong step
    (folder / "current.json").write_text(json.dumps(data), encoding="utf-8")
    edited, good = (folder / "current.json").read_bytes(), (folder / "previous.json").read_bytes()
    result = gm("resume", "--text")  # the input ends at once: one save, as it stops
    assert result.returncode == 0 and "does not fit the rules" in result.stderr, result.stderr
    assert (folder / "damaged-1.json").read_bytes() == edited
    assert (folder / "previous.json").read_bytes() == good  # the sound save is still the backup
    assert len(saved("funocracy")["answers"]) == len(json.loads(good)["answers"])


def test_a_transcript_naming_the_tables_own_deck_is_refused_and_the_deck_kept(tmp_path):
    deck = tmp_path / "ours.toml"
    deck.write_text(DECK)
    refused = gm(*WHO, "--deck", str(deck), "--transcript", str(deck), stdin="ready\n")
    assert refused.returncode == 2 and "would destroy it" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    assert deck.read_text() == DECK


def test_a_resumed_save_with_no_decision_is_said_to_be_saved_when_the_table_quits():
    """A save with no decision yet (older gm wrote them) is on disk: quitting it says so."""
    assert gm(*FUNO, stdin="[silence 30]\n").returncode == 0
    folder = folder_of("funocracy")
    rewrite(folder / "current.json", answers=[])
    (folder / "previous.json").unlink(missing_ok=True)
    quit_ = gm("resume", "funocracy", "--text", stdin="quit\nyes\n")
    assert "The game is saved. Run gm resume to carry on later. Goodbye!" in quit_.stdout
    assert gm("games").stdout.startswith("funocracy")
