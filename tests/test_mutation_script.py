"""scripts/mutation.py's own pieces: which numbers --thresholds moves, and how far."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import mutation  # noqa: E402

SOURCE = """
STANDS_DB = 30.0  # a threshold
FRAME = 160  # a size of the machinery: never moved
NAME = "text"
ON = True


class Settings:
    endpoint: float = 0.7
    frames: int = 5
    margin: float | None = None

    def method(self):
        inside = 3  # inside a function: mutmut's, not these
        return inside
"""


def test_the_numbers_named_at_the_top_and_as_settings_fields_are_the_thresholds():
    found = [(name, value) for name, _, _, _, value in mutation.named_numbers(SOURCE)]
    assert found == [("STANDS_DB", 30.0), ("endpoint", 0.7), ("frames", 5)]
    name, line, first, last, _ = mutation.named_numbers(SOURCE)[0]
    assert SOURCE.splitlines()[line - 1][first:last] == "30.0"


def test_a_whole_number_moves_by_one_and_any_other_by_a_tenth():
    assert mutation.moved(400) == ["399", "401"]
    assert mutation.moved(0.7) == ["0.63", "0.77"]
    assert mutation.moved(30.0) == ["27.0", "33.0"]


def test_every_area_judged_outside_the_rules_has_tests_that_exist():
    root = Path(__file__).resolve().parent.parent
    for area, tests in mutation.AREA_TESTS.items():
        assert area in mutation.MODULES
        for test in tests:
            assert (root / test.split("::")[0]).exists(), test


SHOWN = """# gm.x.x_f__mutmut_1: survived
--- gm/x.py
+++ gm/x.py
@@ -2,3 +2,3 @@
     \"\"\"Doc.\"\"\"
     a = 1
-    return a + 2
+    return a - 2
"""


def test_a_mutant_as_mutmut_shows_it_is_made_where_its_lines_are():
    source = 'X = 1\n\n\ndef f():\n    """Doc."""\n    a = 1\n    return a + 2\n\n\nY = 2\n'
    assert mutation.applied_to(source, SHOWN) == source.replace("a + 2", "a - 2")
    assert mutation.applied_to(source.replace("a = 1", "a = 3"), SHOWN) is None  # code moved on
    assert mutation.applied_to(source + source, SHOWN) is None  # not one place


def test_a_method_whose_docstring_mutmut_shows_as_it_was_indented_is_made_in_its_class():
    shown = SHOWN.replace('    """Doc."""', '        Doc."""')
    source = (
        'class C:\n    def f(self):\n        """One.\n        Doc."""\n'
        "        a = 1\n        return a + 2\n"
    )
    assert mutation.applied_to(source, shown) == source.replace("a + 2", "a - 2")


def test_a_method_shown_dedented_is_made_in_its_class():
    source = 'class C:\n    def f(self):\n        """Doc."""\n        a = 1\n        return a + 2\n'
    assert mutation.applied_to(source, SHOWN) == source.replace("a + 2", "a - 2")


def test_a_mutant_name_leads_to_the_file_it_changes():
    assert mutation.source_of("gm.state.x_tidy__mutmut_3") == "gm/state.py"
    assert mutation.source_of("gm.games.x_find__mutmut_37") == "gm/games/__init__.py"
    assert (
        mutation.source_of("gm.games.who_the_f.meaning.x__after__mutmut_7")
        == "gm/games/who_the_f/meaning.py"
    )
    assert (
        mutation.source_of("gm.games.who_the_f.final.xǁFinalRoundǁ_apply_final_result__mutmut_9")
        == "gm/games/who_the_f/final.py"
    )


def test_a_recheck_of_some_names_leaves_the_others_as_they_were(tmp_path, monkeypatch):
    """--only judges the names holding its text; the rest stay in the left file untouched."""
    left = tmp_path / "left-who_the_f.txt"
    left.write_text("gm.games.who_the_f.rules.x_a__mutmut_1\n", encoding="utf-8")
    monkeypatch.setattr(mutation, "left_file", lambda module: left)
    line, still = mutation.recheck("who_the_f", only=".meaning.")
    assert still == ["gm.games.who_the_f.rules.x_a__mutmut_1"]
    assert line.split() == ["who_the_f", "(again)", "0", "of", "0", "left", "killed", "now"]
