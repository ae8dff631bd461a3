"""Every content file in prompts/ loads and passes its game's checks; mistakes name file and
line."""

from __future__ import annotations

import pytest

from gm.cli import common_lines
from gm.content import PROMPTS, ContentError, Lines, load
from gm.games import GAMES
from gm.games import load as load_game


def test_every_prompt_file_belongs_to_something_that_checks_it():
    names = {path.stem for path in (PROMPTS / "en").glob("*.toml")}
    assert names == {"common"} | {entry.id for entry in GAMES}


@pytest.mark.parametrize("entry", GAMES, ids=[e.id for e in GAMES])
def test_every_game_loads_its_content(entry):
    game = load_game(entry)
    assert game.id == entry.id


def test_common_lines_and_commands_load():
    lines, commands = common_lines()
    for name in lines.names():
        assert lines.many(name)
    assert all(phrases for phrases in commands.values())


def test_what_gm_teaches_aloud_is_what_it_listens_for():
    # the spoken help names one form of each command, the one heard best; a form that is not one
    # of the command's phrases would teach the table to say something gm ignores
    import re

    lines, commands = common_lines()
    phrases = {p for ps in commands.values() for p in ps}
    for name in ("help", "help_no_expected"):
        taught = re.search(r"you can (?:also )?say (.+)\.$", lines.many(name)[0]).group(1)
        forms = [f.strip() for f in re.split(r",|\bor\b", taught) if f.strip()]
        assert len(forms) >= 5 and all(f in phrases for f in forms), (name, forms)


def test_a_broken_file_names_the_file_and_the_line(tmp_path):
    (tmp_path / "en").mkdir()
    broken = tmp_path / "en" / "common.toml"
    broken.write_text('[lines]\nwelcome = "Hello"\n\nrepeat = "unclosed\n')
    with pytest.raises(ContentError, match=r"common\.toml.*line 4"):
        load("common", root=tmp_path)


def test_a_missing_line_is_named(tmp_path):
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "common.toml").write_text('[lines]\n\nwelcome = "Hi {title}"\n')
    lines = Lines(load("common", root=tmp_path))
    with pytest.raises(ContentError, match="'goodbye' is missing"):
        lines("goodbye")
    with pytest.raises(ContentError, match=r"line 3.*unknown field"):
        lines("welcome", name="x")


def test_a_counted_line_says_one_and_many_in_words():
    lines, _ = common_lines()
    assert lines.counted("unfinished_progress", 0) == "no decision yet"
    assert lines.counted("unfinished_progress", 1) == "one decision made"
    assert lines.counted("unfinished_progress", 24) == "twenty four decisions made"
    from gm.games import funocracy

    stars = funocracy.load().lines
    assert [stars.counted("stars", n) for n in (0, 1, 3)] == [
        "zero stars",
        "one star",
        "three stars",
    ]
