"""The corpora of what a table says (tests/meaning/): well formed, split fairly, big enough.

These tests read held/ only to check its shape; they name sentences by position, never by text.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from meaning.corpus import CONTEXT, GAMES, CorpusError, load

ROOT = Path(__file__).parent / "meaning"
PARTS = {"dev": 220, "held": 110}  # the fewest sentences each part holds per game


def _same(text: str) -> str:
    """A text as said: case, punctuation and spacing aside."""
    return " ".join(re.sub(r"[^\w' ]", " ", text.lower()).split())


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("game", GAMES)
def test_a_file_follows_the_schema_and_holds_enough(game: str, part: str) -> None:
    entries = load(ROOT / part / f"{game}.toml")
    assert len(entries) >= PARTS[part]
    assert {ctx["ask"].split(".")[0] for ctx, _, _ in entries} == {game}


@pytest.mark.parametrize("game", GAMES)
def test_no_text_is_said_twice_within_a_game(game: str) -> None:
    said = Counter(
        _same(text) for part in PARTS for _, text, _ in load(ROOT / part / f"{game}.toml")
    )
    twice = sum(1 for n in said.values() if n > 1)
    assert twice == 0, f"{twice} texts of {game} appear more than once"


@pytest.mark.parametrize("game", GAMES)
def test_every_ask_of_a_game_is_in_dev_and_in_held(game: str) -> None:
    asks = {ask for ask in CONTEXT if ask.startswith(game + ".")}
    for part in PARTS:
        assert {ctx["ask"] for ctx, _, _ in load(ROOT / part / f"{game}.toml")} == asks, part


GOOD = """
[[set]]
ask = "what_the_fake.groups"
players = 4
groups = [ { number = 1, name = "cat", seats = [1, 3] }, { number = 2, name = "dog", seats = [2] } ]

[[set.say]]
text = "the dog is really a cat"
means = "merge 1 2"
also = ["more"]
"""


def test_the_loader_gives_context_text_and_meaning(tmp_path: Path) -> None:
    path = tmp_path / "one.toml"
    path.write_text(GOOD)
    [(ctx, text, means)] = load(path)
    assert ctx["ask"] == "what_the_fake.groups" and ctx["players"] == 4
    assert ctx["also"] == ["more"]
    assert (text, means) == ("the dog is really a cat", "merge 1 2")


@pytest.mark.parametrize(
    "old, new",
    [
        ('means = "merge 1 2"', 'means = "merge 2 1"'),  # A < B
        ('means = "merge 1 2"', 'means = "out 2 1"'),  # seat 2 is not in group 1
        ('means = "merge 1 2"', 'means = "split 2"'),  # one drawing cannot be split
        ('means = "merge 1 2"', 'means = "command:dance"'),
        ('means = "merge 1 2"', "means = true"),
        ("players = 4", "players = 9"),
        ("players = 4", "players = 4\nseat = 1"),
        ('ask = "what_the_fake.groups"', 'ask = "what_the_fake.grops"'),
        ('text = "the dog is really a cat"', 'text = " the dog"'),
        ('also = ["more"]', 'also = ["less"]'),
        ("seats = [1, 3]", "seats = [3, 1]"),
        ("[[set.say]]", "[[set.said]]"),
    ],
)
def test_the_loader_refuses_an_entry_that_breaks_the_schema(
    tmp_path: Path, old: str, new: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(GOOD.replace(old, new, 1))
    with pytest.raises(CorpusError):
        load(path)


@pytest.mark.parametrize(
    "ask, context, means",
    [
        ("who_the_f.result", "players = 5", "{ count = 3 }"),
        ("who_the_f.final_result", 'places = [2, 4, 5]\nasking = ""', "{ empty = [1] }"),
        ("who_the_f.final_result", 'places = [2, 4]\nasking = ""', "{ empty = [2, 4] }"),
        ("who_the_f.next", "", '"reveal"'),
        (
            "funocracy.answer",
            'theme = "Fruit"\nface_up = ["K"]',
            '{ word = "banana", letter = "K" }',
        ),
        ("funocracy.answer", 'theme = "Fruit"\nface_up = ["K"]', '{ word = "Kiwi", letter = "K" }'),
        ("funocracy.letter", 'face_up = ["K"]\nword = "kiwi"', '"kay"'),
        ("funocracy.vote", "voters = 3", '"bad"'),
        ("what_the_fake.names", 'seat = 1\nroom = 3\nhints = ["cat"]', "{ names = [] }"),
        ("what_the_fake.reveal", "players = 7\nforgers = 2", "{ seats = [5, 2] }"),
        ("what_the_fake.reveal", "players = 7\nforgers = 2", "{ seats = [2, 8] }"),
        # the meaning is one the ask can receive, but six players have one Forger, not two
        ("what_the_fake.reveal", "players = 6\nforgers = 2", "{ seats = [2, 5] }"),
    ],
)
def test_the_loader_refuses_a_meaning_its_ask_cannot_receive(
    tmp_path: Path, ask: str, context: str, means: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        f'[[set]]\nask = "{ask}"\n{context}\n\n[[set.say]]\ntext = "x"\nmeans = {means}\n'
    )
    with pytest.raises(CorpusError):
        load(path)
