"""A game is a folder whose rules know nothing of the speech engines or of their simulated table.

Every module under gm/games except a game's table.py is rules (or what the rules share): it may
not import gm.speech, nor name a recogniser or a voice engine, and a game's rules never import
its simulated table (table.py), which is for `gm demo` and the tests.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parent.parent / "gm" / "games"
ENGINES = re.compile(r"sphinx|whisper|vosk|espeak|piper", re.IGNORECASE)
RULES = sorted(p for p in GAMES.rglob("*.py") if p.name != "table.py")
PACKAGES = sorted(p.parent for p in GAMES.glob("*/__init__.py"))


def imported(source: str, package: str) -> set[str]:
    """Every module a source imports, relative imports resolved against `package`."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def speech_leaks(source: str, package: str) -> list[str]:
    """What in a rules module speaks of the speech engines: imports of gm.speech, engine names."""
    leaks = [m for m in imported(source, package) if m == "gm.speech" or m.startswith("gm.speech.")]
    return leaks + sorted({m.group(0).lower() for m in ENGINES.finditer(source)})


def table_imports(source: str, package: str) -> list[str]:
    table = f"{package}.table"
    return [m for m in imported(source, package) if m == table or m.startswith(f"{table}.")]


def package_of(path: Path) -> str:
    parts = path.relative_to(GAMES.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1])


def test_every_game_is_a_folder_with_rules_and_a_table():
    assert {p.name for p in PACKAGES} == {"funocracy", "who_the_f", "what_the_fake"}
    for package in PACKAGES:
        assert (package / "rules.py").is_file() and (package / "table.py").is_file(), package


@pytest.mark.parametrize("path", RULES, ids=lambda p: str(p.relative_to(GAMES)))
def test_rules_say_nothing_of_the_speech_engines(path):
    assert speech_leaks(path.read_text(encoding="utf-8"), package_of(path)) == []


@pytest.mark.parametrize(
    "path",
    [p for p in RULES if p.parent in PACKAGES and p.name != "__init__.py"],
    ids=lambda p: str(p.relative_to(GAMES)),
)
def test_rules_never_import_their_simulated_table(path):
    assert table_imports(path.read_text(encoding="utf-8"), package_of(path)) == []


def test_the_checks_catch_what_they_look_for():
    """Each check finds a leak written any of the ways Python allows."""
    package = "gm.games.funocracy"
    assert speech_leaks("from gm.speech.asr import recognize\n", package)
    assert speech_leaks("import gm.speech.synth as synth\n", package)
    assert speech_leaks("# what PocketSphinx hears best\n", package) == ["sphinx"]
    assert speech_leaks('VOICE = "Piper"\n', package) == ["piper"]
    assert speech_leaks("from gm.steps import Ask\n", package) == []
    assert table_imports("from gm.games.funocracy.table import LETTER_REPLIES\n", package)
    assert table_imports("from gm.games.funocracy import table\n", package)
    assert table_imports("from .table import SKIP_PHRASES\n", package)
    assert table_imports("from . import table\n", package)
    assert table_imports("import gm.games.funocracy.table\n", package)
    assert not table_imports("from gm.games.who_the_f.table import TABLES\n", package)
    assert not table_imports("from gm.games.funocracy.words import spoken_words\n", package)
