"""scripts/bench_meaning.py on a corpus of its own: a folder of sentences scored, and a folder
without the file asked for refused in one sentence."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "scripts" / "bench_meaning.py"


def bench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(BENCH), *args], capture_output=True, text=True, timeout=120
    )


def scored(folder: Path, game: str, toml: str) -> str:
    """The bench's output for a dev corpus of one game written into `folder`."""
    (folder / "dev").mkdir()
    (folder / "dev" / f"{game}.toml").write_text(toml)
    result = bench("--corpus", str(folder), "--part", "dev", "--game", game)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_a_corpus_folder_of_its_own_is_scored(tmp_path):
    out = scored(
        tmp_path,
        "who_the_f",
        '[[set]]\nask = "who_the_f.result"\nplayers = 5\n\n'
        '[[set.say]]\ntext = "three of us went for number two"\n'
        "means = { count = 3, place = 2 }\n\n"
        '[[set.say]]\ntext = "did anyone bring crisps"\nmeans = "talk"\n\n'
        # right only after gm reads it back, as the long first one is: a word passed over
        '[[set.say]]\ntext = "four on two, Priya abstained"\n'
        "means = { count = 4, place = 2 }\n",
    )
    assert "| who_the_f | dev | typed | 3 | 3 (100%) | 2 | 0 | 0 |" in out, out  # both read back


def test_another_word_decided_for_the_letter_meant_is_counted_apart(tmp_path):
    out = scored(
        tmp_path,
        "funocracy",
        '[[set]]\nask = "funocracy.answer"\ntheme = "Garden"\nface_up = ["G", "T"]\n\n'
        '[[set.say]]\ntext = "gnome, the garden kind"\n'
        'means = { word = "gnome", letter = "G" }\n\n'
        # a word as an ear mishears it: another word for T, and another letter
        '[[set.say]]\ntext = "tomato"\nmeans = { word = "trowel", letter = "T" }\n\n'
        '[[set.say]]\ntext = "garden fork"\nmeans = { word = "trowel", letter = "T" }\n',
    )
    row = (
        "| funocracy | dev | typed | 3 | 1 (33%) | 0 | 2 (1 another word for the letter meant)"
        " | 0 |"
    )
    assert row in out, out


def test_a_folder_without_the_corpus_file_is_one_sentence(tmp_path):
    result = bench("--corpus", str(tmp_path), "--part", "held", "--game", "funocracy")
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"bench_meaning: there is no corpus file {tmp_path / 'held' / 'funocracy.toml'}."
    )


def test_a_folder_that_is_no_whisper_model_is_one_sentence(tmp_path):
    (tmp_path / "dev").mkdir()
    (tmp_path / "dev" / "who_the_f.toml").write_text(
        '[[set]]\nask = "who_the_f.result"\nplayers = 5\n\n'
        '[[set.say]]\ntext = "did anyone bring crisps"\nmeans = "talk"\n'
    )
    not_a_model = tmp_path / "empty"
    not_a_model.mkdir()
    result = bench(
        "--corpus", str(tmp_path), "--part", "dev", "--game", "who_the_f",
        "--voice", "piper", "--whisper-model", str(not_a_model),
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.strip().startswith(f"bench_meaning: {not_a_model} is not a Whisper model")
    assert "Traceback" not in result.stderr


def test_talk_or_a_question_listed_in_also_is_as_right_as_the_meaning_labelled():
    sys.path.insert(0, str(ROOT / "scripts"))
    from benchlib.meaning import Outcome, judge

    # "one of them's wrong" at a check: a no, or "Which one did I get wrong?" (also = ["ask"])
    assert judge(Outcome("ask"), False, ["ask"]) == "right"
    assert judge(Outcome("ask"), False, []) == "missed"
    assert judge(Outcome("decide", True), False, ["ask"]) == "wrong"
    assert judge(Outcome("nothing"), False, ["talk"]) == "right"
    assert judge(Outcome("nothing"), False, ["ask"]) == "missed"
    assert judge(Outcome("check", False), False, ["ask"]) == "right"
    assert judge(Outcome("decide"), "talk", []) == "wrong"
    assert judge(Outcome("check", 1), "ask", []) == "missed"


def test_the_names_read_back_written_as_they_were_are_a_yes(tmp_path):
    # "yes. and Ellie, you owe me a beer": the rules read the yes; the names gm read back are
    # written, which is what a yes does, and a correction that says them all again is one too
    out = scored(
        tmp_path,
        "what_the_fake",
        '[[set]]\nask = "what_the_fake.check_names"\npending = ["wizard hat", "broom"]\n\n'
        '[[set.say]]\ntext = "yes. and Ellie, you owe me a beer"\nmeans = true\n\n'
        '[[set.say]]\ntext = "yes"\nmeans = { names = ["wizard hat", "broom"] }\n\n'
        '[[set.say]]\ntext = "yes"\nmeans = { names = ["wizard hat", "mop"] }\n',
    )
    assert "| what_the_fake | dev | typed | 3 | 2 (67%) |" in out, out


def test_a_hold_is_right_for_talk_and_a_pause_and_missed_for_anything_else(tmp_path):
    """ "hang on, Jules hasn't flipped" at the result: gm waits quietly (engine.holds_on),
    what talk gets and what a pause does where no clock runs; a partial answer wanted is
    missed, never wrong."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from benchlib.meaning import Outcome, judge

    assert judge(Outcome("hold"), "talk", []) == "right"
    assert judge(Outcome("hold"), "command:pause", []) == "right"
    assert judge(Outcome("hold"), "ask", []) == "missed"
    assert judge(Outcome("hold"), {"count": 3, "place": 2}, []) == "missed"
    # through the bench: the last partly answered, so asked, not held
    out = scored(
        tmp_path,
        "who_the_f",
        '[[set]]\nask = "who_the_f.result"\nplayers = 5\n\n'
        '[[set.say]]\ntext = "hang on, Jules still hasn\'t flipped"\nmeans = "talk"\n\n'
        '[[set.say]]\ntext = "give me a sec"\nmeans = "command:pause"\n\n'
        '[[set.say]]\ntext = "hang on, bathroom break"\nmeans = "command:pause"\n\n'
        '[[set.say]]\ntext = "three for... hang on, let me count"\nmeans = "ask"\n',
    )
    assert "| who_the_f | dev | typed | 4 | 4 (100%) | 0 | 0 | 0 |" in out, out
