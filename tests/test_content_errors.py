"""Each mistake in a content file is one sentence naming the file, the line and the problem."""

from __future__ import annotations

import pytest

from gm.content import ContentError, Lines, load, spoken_list


def content(tmp_path, text: str, name: str = "deck"):
    (tmp_path / "en").mkdir(exist_ok=True)
    path = tmp_path / "en" / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return load(name, root=tmp_path), path


def message(call) -> str:
    with pytest.raises(ContentError) as error:
        call()
    return str(error.value)


def test_a_table_that_is_missing_or_not_a_table(tmp_path):
    source, path = content(tmp_path, "[other]\nx = 1\n")
    assert message(lambda: source.table("lines")) == f"{path}: a table [lines] is needed."
    source, path = content(
        tmp_path, "\nlines = 3\n"
    )  # a blank first line: the line count starts at 1
    assert message(lambda: source.table("lines")) == f"{path}, line 2: a table [lines] is needed."
    assert (
        str(source.fail("game.lines", "broken")) == f"{path}, line 2: broken."
    )  # the last part of a dotted key


def test_a_list_of_strings(tmp_path):
    source, path = content(tmp_path, 'words = ["a", " "]\none = ["a"]\nnot_list = "a"\n')
    assert (
        message(lambda: source.strings("words"))
        == f"{path}, line 1: 'words' must be a list of non-empty strings."
    )
    assert (
        message(lambda: source.strings("not_list"))
        == f"{path}, line 3: 'not_list' must be a list of non-empty strings."
    )
    assert source.strings("one", minimum=1) == ("a",)
    assert (
        message(lambda: source.strings("one", minimum=2))
        == f"{path}, line 2: 'one' needs at least 2 entries, it has 1."
    )


def test_an_array_of_tables(tmp_path):
    text = '\n[[cards]]\nname = "a"\n\n[[cards]]\nname = 3\n'
    source, path = content(tmp_path, text)
    assert message(lambda: source.records("cards", {"name": str})) == (
        f"{path}, line 5: entry 2 of [[cards]] needs 'name' (str)."
    )
    assert message(lambda: source.records("cards", {"name": str}, minimum=3)) == (
        f"{path}, line 2: at least 3 [[cards]] entries are needed, found 2."
    )
    source, path = content(tmp_path, '[[cards]]\nname = "a"\n')
    assert source.records("cards", {"name": str}, minimum=1) == (
        (1, {"name": "a"}),
    )  # with its line
    source, path = content(tmp_path, "cards = 3\n")
    assert message(lambda: source.records("cards", {"name": str})) == (
        f"{path}, line 1: at least 1 [[cards]] entries are needed, found 0."
    )
    source, path = content(tmp_path, "cards = [1]\n")
    assert (
        message(lambda: source.records("cards", {"name": str}))
        == f"{path}, line ?: entry 1 of [[cards]] needs 'name' (str)."
    )


def test_an_entry_with_a_key_gm_does_not_read_is_named_not_ignored(tmp_path):
    text = '[[cards]]\nname = "a"\nhints = []\n\n[[cards]]\nname = "b"\nstars = 2\n'
    source, path = content(tmp_path, text)
    assert message(lambda: source.records("cards", {"name": str, "hints": list})) == (
        f"{path}, line 5: entry 2 of [[cards]] needs 'hints' (list)."
    )  # a missing key is named before one too many
    assert message(lambda: source.records("cards", {"name": str})) == (
        f"{path}, line 1: entry 1 of [[cards]] has 'hints', which gm does not read (only 'name'). "
        f"{path}, line 5: entry 2 of [[cards]] has 'stars', which gm does not read (only 'name')."
    )


def test_lines_that_are_not_text_or_have_a_bad_placeholder(tmp_path):
    source, path = content(tmp_path, "[lines]\nhello = 3\n")
    assert (
        message(lambda: Lines(source))
        == f"{path}, line 2: line 'hello' must be a string or a list of strings."
    )
    source, path = content(tmp_path, '[lines]\nhello = "Hi {"\n')
    assert message(lambda: Lines(source)).startswith(
        f"{path}, line 2: line 'hello' has a bad placeholder ("
    )


def test_a_line_given_as_a_list_is_said_in_its_first_form(tmp_path):
    source, _ = content(tmp_path, '[lines]\nhello = ["Hi {name}.", "Hello {name}."]\n')
    lines = Lines(source)
    assert lines("hello", name="Ann") == "Hi Ann."
    assert lines.many("hello") == ("Hi {name}.", "Hello {name}.")


def test_a_missing_or_unreadable_file(tmp_path):
    path = tmp_path / "en" / "deck.toml"
    assert message(lambda: load("deck", root=tmp_path)) == f"{path}: the content file is missing."
    path.parent.mkdir()
    path.write_bytes(b"x = '\xff'\n")
    assert (
        message(lambda: load("deck", root=tmp_path))
        == f"{path}: not UTF-8 text (invalid start byte at byte 5)."
    )
    path.write_bytes("\ufeffx = 'é'\n".encode())  # a byte order mark, as some editors save
    assert load("deck", root=tmp_path).data == {"x": "é"}


@pytest.mark.parametrize(
    "text,mistake",
    [
        ('questions = [\n  "Who is a?"\n', "unclosed array, at the end of the file"),
        ("a = \n", "invalid value, at line 1, column 5"),
    ],
)
def test_a_file_that_is_no_toml_says_what_and_where_in_one_sentence(tmp_path, text, mistake):
    path = tmp_path / "en" / "deck.toml"
    path.parent.mkdir()
    path.write_text(text)
    assert message(lambda: load("deck", root=tmp_path)) == f"{path}: not valid TOML ({mistake})."


def test_spoken_lists():
    assert spoken_list([]) == ""
    assert spoken_list(["a"]) == "a"
    assert spoken_list(["a", "b"]) == "a and b"
    assert spoken_list(["a", "b", "c"], "or") == "a, b or c"


def test_a_mistake_in_gms_own_lines_names_its_file_and_line_when_a_deck_is_dealt(tmp_path):
    """A game dealt from a deck (a table's own, or the one a save recorded) still blames gm's own
    prompt file, with its line, for a mistake in gm's lines; the deck's tables stay the deck's."""
    import re
    from pathlib import Path

    from gm.content import PROMPTS, ContentFile, dealt, deck_of

    text = (PROMPTS / "en" / "funocracy.toml").read_text(encoding="utf-8")
    name = "ask_players"  # a line of Funocracy's [lines]
    assert f"\n{name} = " in text[text.index("[lines]") :]
    broken = re.sub(rf"^{name} = .*$", f'{name} = "a {{broken placeholder"', text, flags=re.M)
    base, path = content(tmp_path, broken, "funocracy")
    line = broken[: broken.index(f"{name} = ")].count("\n") + 1
    saved = ContentFile(Path("the deck saved with the funocracy game"), deck_of(base), "")
    for deck in (saved, content(tmp_path, 'themes = ["x"]\n', "mydeck")[0]):
        assert message(lambda: Lines(dealt(base, deck))).startswith(f"{path}, line {line}: ")
        assert message(lambda: Lines(dealt(base, deck), "nothing")).startswith(f"{path}")
    own, own_path = content(tmp_path, '\nthemes = "not a list"\n', "mydeck")
    assert message(lambda: dealt(base, own).strings("themes")).startswith(f"{own_path}, line 2: ")


@pytest.mark.parametrize("table", ['[pronounce]\n"F*ck" = " "\n', "pronounce = 3\n"])
def test_a_pronunciation_table_must_map_written_words_to_spoken_ones(tmp_path, monkeypatch, table):
    import gm.content
    from gm.content import Pronunciation

    _, path = content(tmp_path, table, name="common")
    monkeypatch.setattr(gm.content, "PROMPTS", tmp_path)
    assert message(Pronunciation.load) == (
        f"{path}, line 1: [pronounce] must map written words to spoken ones."
    )


def test_without_a_pronunciation_table_every_word_is_said_as_written(tmp_path, monkeypatch):
    import gm.content
    from gm.content import Pronunciation

    content(tmp_path, '[lines]\nhello = "Hello."\n', name="common")
    monkeypatch.setattr(gm.content, "PROMPTS", tmp_path)
    assert Pronunciation.load()("Who the F*ck?") == "Who the F*ck?"


def test_a_pronunciation_is_found_as_a_whole_word_in_any_case_the_longest_first():
    from gm.content import Pronunciation

    spoken = Pronunciation({"Zigoto": "Zee", "Zuper-Zigoto": "Zooper Zee", "F*ck": "F"})
    assert spoken("the zuper-zigoto and the ZIGOTO") == "the Zooper Zee and the Zee"
    assert spoken("Zigotos, F*cking") == "Zigotos, F*cking"  # inside longer words: as written
    assert spoken("Who the F*ck?") == "Who the F?"
    assert Pronunciation({})("F*ck") == "F*ck"


def test_a_counted_line_fills_its_other_fields_and_names_an_unknown_one(tmp_path):
    from gm.content import Lines

    source, path = content(
        tmp_path, '[lines]\nleft = ["one {thing} left", "{count} {thing}s left"]\n', "common"
    )
    lines = Lines(source)
    assert lines.counted("left", 3, thing="token") == "three tokens left"
    assert message(lambda: lines.counted("left", 1)) == (
        f"{path}, line 2: line 'left' uses an unknown field 'thing'."
    )


def test_an_entry_is_named_at_its_own_line_from_the_very_first_and_a_blank_one_at_its_key(tmp_path):
    source, path = content(tmp_path, '"Who?" = 1\n# the questions\nquestions = ["Who?", ""]\n')
    assert str(source.fail_near('"Who?"', "questions", "twice")) == f"{path}, line 1: twice."
    assert str(source.fail_near("", "questions", "empty")) == f"{path}, line 3: empty."


def test_a_pronunciation_that_starts_another_gives_way_to_the_longer():
    from gm.content import Pronunciation

    # "zu" sorts after "Zu-per" (lower case after upper), so only length puts the longer first
    assert Pronunciation({"zu": "x", "Zu-per": "y"})("Zu-per and zu") == "y and x"


def test_a_file_of_four_megabytes_is_read_and_a_byte_more_is_refused(tmp_path):
    from gm.content import read

    path = tmp_path / "deck.toml"
    body = '[lines]\nhello = "Hello."\n'
    path.write_text(body + "#" * (4 * 1024 * 1024 - len(body) - 1) + "\n", encoding="utf-8")
    assert read(path).data == {"lines": {"hello": "Hello."}}
    with path.open("a", encoding="utf-8") as more:
        more.write("#")
    assert message(lambda: read(path)) == (
        f"{path}: larger than 4 MB, too large for a deck or content file."
    )


def test_a_folder_named_as_a_deck_is_one_sentence_naming_it(tmp_path):
    from gm.content import read

    assert message(lambda: read(tmp_path)) == f"{tmp_path}: a folder, not a file."


def test_a_deck_is_for_the_one_game_whose_tables_hold_all_of_its_own(tmp_path):
    from gm.games import deck_game

    questions, _ = content(tmp_path, '[[questions]]\ntext = "Who would sing in the rain?"\n')
    assert deck_game(questions).id == "who_the_f"  # the very tables of the game's own deck
    themes, _ = content(tmp_path, '[[themes]]\nname = "Fruit"\nanswers = ["kiwi"]\n', "themes")
    assert deck_game(themes).id == "funocracy"  # some of them


def test_a_deck_that_is_empty_holds_lines_or_a_stray_table_is_one_sentence(tmp_path):
    from gm.games import deck_game

    empty, path = content(tmp_path, "# nothing yet\n", "empty")
    assert message(lambda: deck_game(empty)) == (
        f"{path}: the deck is empty; see 'Your own decks' in the README."
    )
    lines, path = content(tmp_path, '[[themes]]\nname = "Fruit"\n\n[lines]\nwelcome = "Hi"\n')
    assert message(lambda: deck_game(lines)) == (
        f"{path}, line 4: a deck holds cards; the spoken lines are gm's own and cannot be replaced."
    )
    stray, path = content(tmp_path, '[[themes]]\nname = "Fruit"\n\n[[riddles]]\nq = "?"\n', "odd")
    assert message(lambda: deck_game(stray)) == (
        f"{path}, line 4: 'riddles' is not a table of any game's deck (who-the-f: questions; "
        "funocracy: letters, themes; what-the-fake: expo, same, whole)."
    )
    # every table some game's, but two games': said as it is, not "not a table of any game's"
    mixed, path = content(tmp_path, 'questions = ["Who?"]\n\n[[themes]]\nname = "Fruit"\n', "mix")
    assert message(lambda: deck_game(mixed)) == (
        f"{path}: a deck is for one game, and here 'questions' is who-the-f's, 'themes' is "
        "funocracy's (who-the-f: questions; funocracy: letters, themes; what-the-fake: expo, same, "
        "whole)."
    )


def test_a_game_is_found_by_a_close_typo_and_never_by_two_letters():
    from gm.games import UnknownGame, find

    assert find("funocrasy").id == "funocracy" and find("who the fak").id == "who_the_f"
    assert find("Who-The-F").id == "who_the_f"
    # each game's first word names it, as "who" and "fun" do
    assert [find(n).id for n in ("who", "fun", "what")] == [
        "who_the_f",
        "funocracy",
        "what_the_fake",
    ]
    with pytest.raises(UnknownGame):
        find("wo")  # as close to "who" as a typo may be, but two letters name no game


def test_a_saved_games_deck_with_a_key_gm_does_not_read_still_resumes():
    """A game saved by an older gm, from a deck whose cards had a key it took without a word,
    is read as it was saved; only a deck file a person hands gm is held to the keys."""
    from gm.cli import game_for
    from gm.state import Record

    themes = [
        {"name": name, "answers": answers, "notes": "ours"}
        for name, answers in (
            ("Fruit", ["apple", "banana", "cherry", "kiwi", "mango"]),
            ("Tools", ["hammer", "saw", "drill", "wrench", "pliers"]),
            ("Birds", ["robin", "owl", "crow", "finch", "wren"]),
        )
    ]
    record = Record("funocracy", {"players": 2}, 7, deck={"themes": themes}, deck_file="/d.toml")
    game = game_for(record)
    assert [t.name for t in game.themes] == ["Fruit", "Tools", "Birds"]
