"""scripts/words.py: each game's measure runs on one short simulated game and prints its table."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
sys.path.insert(0, str(SCRIPTS))

import words  # noqa: E402


def row(out: str, label: str) -> list[str]:
    """The cells after `label` in the Markdown row that starts with it."""
    for line in out.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if cells[0] == label:
            return cells[1:]
    raise AssertionError(f"no row {label!r} in:\n{out}")


def test_funocracy_counts_words_per_letter_won(capsys):
    assert words.main(["funocracy", "--seeds", "2", "--players", "3", "--mode", "normal"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("| Funocracy, 3 players, normal mode (1 game) |")
    total, letters, per_letter = row(out, "all: gm words per letter won")
    assert row(out, "seed 2") == [total, letters, per_letter]
    assert int(total) > 500 and int(letters) > 10  # a whole game, not its set-up alone
    assert 10 < float(per_letter) < 100
    assert abs(float(per_letter) - int(total) / int(letters)) < 0.05


def test_what_the_fake_counts_seconds_per_scoring_round(capsys):
    assert words.main(["what-the-fake", "--players", "3", "--games", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    rounds = re.search(r"\((\d+) rounds? of 1 game\)", out.splitlines()[0])
    assert rounds and int(rounds.group(1)) >= 2
    count, most = re.fullmatch(
        r"(\d+) \((\d+)\)", row(out, "gm words per scoring round, median (max)")[0]
    ).groups()
    per_word = float(row(out, "Piper seconds per word (measured on a round's lines)")[0])
    seconds, longest = re.fullmatch(
        r"(\d+) \((\d+)\)", row(out, "seconds of gm speech per scoring round, median (max)")[0]
    ).groups()
    assert 20 < int(count) <= int(most) < 1000
    assert 0.2 < per_word < 0.8  # Piper at its own pace: about 150 words a minute
    assert (
        abs(int(seconds) - int(count) * per_word) <= 1
        and abs(int(longest) - int(most) * per_word) <= 1
    )
    table, table_most = re.fullmatch(
        r"(\d+) \((\d+)\)", row(out, "the table's words per scoring round, median (max)")[0]
    ).groups()
    together, together_most = re.fullmatch(
        r"(\d+) \((\d+)\)",
        row(out, "seconds of gm speech and the table's words at the same pace, median (max)")[0],
    ).groups()
    assert 0 < int(table) <= int(table_most)  # the table names its drawings, its groups
    assert int(seconds) < int(together) <= int(longest) + int(table_most) * per_word + 1


def test_who_the_f_and_unknown_games_are_refused_in_one_sentence(capsys):
    assert words.main(["who-the-f"]) == 2
    assert (
        capsys.readouterr().err.strip()
        == "words.py measures Funocracy and What the Fake?! only; Who the F*ck? has no word count."
    )
    assert words.main(["funocracy", "--players", "30"]) == 2
    assert capsys.readouterr().err.strip() == "Funocracy is for 2 to 8 players, not 30."


def test_what_the_fake_measures_the_rounds_of_demo_transcripts(tmp_path, capsys):
    """A round of a `gm demo` transcript lasts its span on the demo's clock plus gm's words at
    Piper's rate: here 20 s between "Stop drawing!" and the next round, and two lines of gm's
    (one of them a check)."""
    game = words.load(words.find("what_the_fake"))
    events = [
        {"t": 0.0, "type": "say", "text": game.lines("stop_drawing")},
        {"t": 1.0, "type": "say", "text": "Player one, name your three drawings."},
        {"t": 5.0, "type": "heard", "text": "a cat, a dog and a kite"},
        {"t": 5.0, "type": "say", "text": "I heard cat, dog and kite. Is that right?"},
        {"t": 20.0, "type": "say", "text": game.lines("round_start", round="two", rounds="four")},
    ]
    transcript = tmp_path / "demo.jsonl"
    transcript.write_text("\n".join(json.dumps(e) for e in events) + "\n")
    assert words.main(["what-the-fake", "--transcript", str(transcript)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("| What the Fake demo rounds (1 round of 1 transcript) |")
    assert row(out, "the table and the pauses on the demo's clock, seconds, median (max)") == [
        "20 (20)"
    ]
    spoken = int(row(out, "gm's speech at Piper's rate, seconds, median (max)")[0].split()[0])
    assert 3 <= spoken <= 8  # 15 words at Piper's pace
    total = int(row(out, "a scoring round in all, seconds, median (max)")[0].split()[0])
    assert abs(total - 20 - spoken) <= 1
    assert row(out, 'checks ("Is that right?") per round, median (max)') == ["1 (1)"]
    for text in ("not json\n", "[1, 2]\n", '{"t": 1}\n'):
        broken = tmp_path / "broken.jsonl"
        broken.write_text(text)
        assert words.main(["what-the-fake", "--transcript", str(broken)]) == 2
        assert "is no gm transcript" in capsys.readouterr().err
