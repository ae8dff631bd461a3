"""Mutation testing of the rules, the dialogue engine, the saves, the content loader, and the
decisions of the recogniser, barge-in and the command line.

mutmut (configured in pyproject.toml, [tool.mutmut]) plants one small bug at a time in a copy
of gm under mutants/ and runs the fast unit tests that reach the changed function; a mutant no
test notices is a gap (or an equivalent change, listed in docs/mutation.md). This runs mutmut
module by module and prints the score of each: killed / mutants checked.

    scripts/mutate                      every module, every mutant
    scripts/mutate state engine         some modules (names below)
    scripts/mutate intents phrasing barge_in cli    the decisions outside the rules
    scripts/mutate --sample 7 games     only the mutants whose number ends in 7 (about a tenth)
    scripts/mutate --again engine       check again the mutants the last run left (new tests)
    scripts/mutate --children 4         mutants checked in parallel (default: one per core)
    scripts/mutate --keep engine        keep mutants/ of the last run (only changed code redone)
    scripts/mutate --thresholds endpointer barge_in phrasing   the named thresholds, moved
    scripts/mutate --recheck endpointer     what the last run left, judged by today's tests
    scripts/mutate --recheck --only .meaning. who_the_f    the same, for a game's parser only
    scripts/mutate --sample 7 --only .meaning. games        a tenth of the games' parsers

mutmut changes code inside functions only. A threshold is a number named at a module's top or
as a settings field (`STANDS_DB = 30.0`, `endpoint: float = 0.7`): --thresholds moves each of
an area's named numbers a little down and a little up (a whole number by one, any other by a
tenth of itself), one at a time, in a copy of the checkout, and runs the area's fast tests
(AREA_TESTS) against it; a move no test notices is a threshold without a test on that side.

Without --keep the run starts from a fresh copy: mutmut does not notice a change of the test
selection in pyproject.toml, and a run stopped half way can leave a broken copy behind.

mutmut was chosen over cosmic-ray: it needs no database or worker set-up, runs only the tests
that cover each mutated function, and reads its settings from pyproject.toml.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# name -> (source file, or a game's folder; the prefix, or prefixes, of its mutants' names). In
# echo.py only barge-in's decision is an area (the canceller and the speaker around it are
# measured by the slow real-time tests); in cli.py only the checks of what a person typed.
MODULES: dict[str, tuple[str, str | tuple[str, ...]]] = {
    "state": ("gm/state.py", "gm.state."),
    "content": ("gm/content.py", "gm.content."),
    "engine": ("gm/dialog/engine.py", "gm.dialog.engine."),
    "games": ("gm/games/__init__.py", "gm.games.x"),
    "common": ("gm/games/common.py", "gm.games.common."),
    "who_the_f": ("gm/games/who_the_f", "gm.games.who_the_f."),
    "funocracy": ("gm/games/funocracy", "gm.games.funocracy."),
    "what_the_fake": ("gm/games/what_the_fake", "gm.games.what_the_fake."),
    "intents": ("gm/dialog/intents.py", "gm.dialog.intents."),
    "phrasing": ("gm/speech/asr/phrasing.py", "gm.speech.asr.phrasing."),
    "endpointer": ("gm/speech/asr/segment.py", "gm.speech.asr.segment."),
    "barge_in": ("gm/speech/echo.py", ("gm.speech.echo.xǁBargeInǁjudge__",)),
    "cli": (
        "gm/cli.py",
        (
            "gm.cli.x__seconds__",
            "gm.cli.x__same_file__",
            "gm.cli.x_refuse_overwriting__",
            "gm.cli.x_text_input__",
            "gm.cli.x_main__",
        ),
    ),
}


# The fast tests of the areas outside the rules: what judges a threshold moved (--thresholds) or
# a mutant mutmut left, checked again against today's tests (--recheck).
AREA_TESTS: dict[str, tuple[str, ...]] = {
    "engine": (
        "tests/test_engine.py",
        "tests/test_engine_contract.py",
        "tests/test_engine_details.py",
        "tests/test_turn_deadline.py",
        "tests/test_meaning.py",
        "tests/test_checks.py",
        "tests/test_e2e_toy.py",
        "tests/test_undo_every_decision.py",
    ),
    "content": ("tests/test_content.py", "tests/test_decks.py", "tests/test_content_errors.py"),
    # the saves: their unit tests, and the whole command line's (a gm process per test, which
    # mutmut, judging in its own copy, cannot credit)
    "state": (
        "tests/test_state.py",
        "tests/test_saves_details.py",
        "tests/test_undo_and_saves.py",
        "tests/test_saves.py",
    ),
    "endpointer": (
        "tests/test_endpointer_boundaries.py",
        "tests/test_segment.py",
        "tests/test_engine_contract.py",
    ),
    "barge_in": ("tests/test_decision_boundaries.py",),
    "intents": ("tests/test_intents.py", "tests/test_decision_boundaries.py"),
    "cli": ("tests/test_cli_checks.py",),
    # each game: its meaning parser's and rules' own tests (test_properties, a minute a game, is
    # left to mutmut's own runs)
    **{
        game: (
            f"tests/test_{game}_phrasing.py",
            f"tests/test_{game}_rules.py",
            f"tests/test_{game}_oracles.py",
            "tests/test_meaning.py",
            "tests/test_rule_boundaries.py",
        )
        for game in ("who_the_f", "funocracy", "what_the_fake")
    },
    "games": ("tests/test_content_errors.py", "tests/test_games_layout.py"),
    "phrasing": (
        "tests/test_phrasing.py",
        "tests/test_decision_boundaries.py",
        "tests/test_asr_whisper.py::test_transcripts_are_normalised_as_the_game_spells_its_phrases",
        "tests/test_asr_whisper.py::test_a_phrase_is_found_inside_talk_word_for_word_only",
        "tests/test_asr_whisper.py::test_a_transcript_is_matched_by_sound_and_spelling_numbers_exactly",
        "tests/test_asr_whisper.py::test_hallucinations_are_refused_unless_the_ask_listens_for_them",
    ),
}
# Named numbers that are sizes of the machinery, not thresholds of a decision (a frame, the
# canceller's filter, the audio a microphone block holds): moving them changes no rule.
NOT_THRESHOLDS = {"FRAME_SAMPLES", "FRAME", "FILTER", "BLOCK", "suppression_level"}


def named_numbers(source: str) -> list[tuple[str, int, int, int, float]]:
    """(name, line, first column, last column, value) of each number named at the top of the
    module or as a field of a class there."""
    tree = ast.parse(source)
    bodies = [tree.body] + [node.body for node in tree.body if isinstance(node, ast.ClassDef)]
    found = []
    for body in bodies:
        for node in body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value = node.targets[0], node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                target, value = node.target, node.value
            else:
                continue
            if (
                isinstance(target, ast.Name)
                and isinstance(value, ast.Constant)
                and type(value.value) in (int, float)
                and target.id not in NOT_THRESHOLDS
            ):
                found.append(
                    (target.id, value.lineno, value.col_offset, value.end_col_offset, value.value)
                )
    return found


def moved(value: float) -> list[str]:
    if isinstance(value, int):
        return [str(value - 1), str(value + 1)]
    return [repr(round(value * 0.9, 6)), repr(round(value * 1.1, 6))]


@contextmanager
def checkout_copy():
    """A copy of this checkout's code, tests and content (uncommitted changes too) to plant
    changes in, gm imported from it."""
    with tempfile.TemporaryDirectory(prefix="gm-mutation-") as temp:
        copy = Path(temp) / "gm-copy"
        for part in ("gm", "tests", "prompts", "pyproject.toml"):
            if (ROOT / part).is_dir():
                shutil.copytree(
                    ROOT / part, copy / part, ignore=shutil.ignore_patterns("__pycache__")
                )
            else:
                shutil.copy2(ROOT / part, copy / part)
        yield copy


RECHECK_TIMEOUT = 300  # seconds: far longer than an area's fast tests take; a hang is a kill


def fails(copy: Path, tests: tuple[str, ...]) -> bool:
    """Whether the fast tests fail (stopping at the first) in the copy as it now is; tests that
    hang fail (as mutmut counts a timeout)."""
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-x", "-n", "0", "-p", "no:randomly"]
            + ["-p", "no:cacheprovider", "-m", "not slow", *tests],
            cwd=copy,
            env={**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"},
            capture_output=True,
            timeout=RECHECK_TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        return True
    return done.returncode != 0


def thresholds(module: str) -> tuple[str, list[str]]:
    """Each named number of `module` moved down and up in turn, in a copy, against its tests."""
    path = MODULES[module][0]
    original = (ROOT / path).read_text(encoding="utf-8")
    left: list[str] = []
    checked = 0
    with checkout_copy() as copy:
        lines = original.splitlines(keepends=True)
        for name, line, first, last, value in named_numbers(original):
            for new in moved(value):
                text = lines[line - 1]
                changed = lines[: line - 1] + [text[:first] + new + text[last:]] + lines[line:]
                (copy / path).write_text("".join(changed), encoding="utf-8")
                killed = fails(copy, AREA_TESTS[module])
                checked += 1
                if not killed:
                    left.append(f"{name} = {new} (was {value!r})")
                print(f"{module}: {name} {value!r} -> {new}: {'killed' if killed else 'SURVIVED'}")
    killed = checked - len(left)
    share = f"{100 * killed / checked:.1f}%" if checked else "-"
    return f"{module + ' (moved)':14} {killed:5} of {checked:5} killed  {share:>6}", left


def applied_to(source: str, shown: str) -> str | None:
    """`source` with the change `mutmut show` printed (a diff of one function, its line numbers
    counted from the function's start) made in it; None when its lines are not found once.
    Lines are found by their words, not their indentation: mutmut shows a method dedented out
    of its class, but its docstring's lines as they were; a new line takes the indentation of
    the line it replaces, moved as much as the diff moves it."""
    hunk = shown.split("\n@@", 1)[1].split("\n", 1)[1] if "\n@@" in shown else ""
    lines = [line for line in hunk.splitlines() if line[:1] in (" ", "-", "+")]
    old = [line[1:].strip() for line in lines if line[:1] in (" ", "-")]
    code = source.splitlines(keepends=True)
    places = [
        at
        for at in range(len(code) - len(old) + 1)
        if [line.strip() for line in code[at : at + len(old)]] == old
    ]
    if not old or len(places) != 1:
        return None

    def indent(line: str) -> int:
        return len(line) - len(line.lstrip(" "))

    at, made, shift = places[0], [], 0
    for line in lines:
        if line[:1] in (" ", "-"):
            shift = indent(code[at]) - indent(line[1:])
            if line[:1] == " ":
                made.append(code[at])
            at += 1
        else:
            made.append(" " * (indent(line[1:]) + shift) + line[1:].strip() + "\n")
    return "".join(code[: places[0]] + made + code[at:])


def source_of(name: str) -> str:
    """The file a mutant's name points into: gm.games.who_the_f.meaning.x__after__mutmut_7 is in
    gm/games/who_the_f/meaning.py, gm.games.x_find__mutmut_37 in gm/games/__init__.py."""
    parts = name.split(".")
    module = next(i for i, part in enumerate(parts) if part.startswith(("x_", "xǁ")))
    path = "/".join(parts[:module])
    return f"{path}/__init__.py" if (ROOT / path).is_dir() else f"{path}.py"


def recheck(module: str, only: str = "") -> tuple[str, list[str]]:
    """The mutants mutmut left of `module` (mutants/left-MODULE.txt), each applied as `mutmut
    show` prints it to a copy of today's code and judged by the area's fast tests (AREA_TESTS):
    mutmut runs only the tests that reached a function when it gathered its statistics, so the
    tests written since are not among them. With `only`, just the names holding it are judged
    (the others stay left as they were)."""
    every = left_file(module).read_text(encoding="utf-8").split()
    names = [name for name in every if only in name]
    left: list[str] = [name for name in every if only not in name]
    with checkout_copy() as copy:
        for name in names:
            path = source_of(name)
            original = (copy / path).read_bytes()
            shown = subprocess.run(
                [sys.executable, "-m", "mutmut", "show", name],
                cwd=ROOT,
                capture_output=True,
                text=True,
            ).stdout
            changed = applied_to(original.decode("utf-8"), shown)
            if changed is None:
                print(f"{name}: does not apply to today's code, left as it was")
                killed = False
            else:
                (copy / path).write_text(changed, encoding="utf-8")
                killed = fails(copy, AREA_TESTS[module])
            if not killed:
                left.append(name)
            print(f"{name}: {'killed' if killed else 'SURVIVED'}", flush=True)
            (copy / path).write_bytes(original)
    checked = len(names)
    killed = len(every) - len(left)
    line = f"{module + ' (again)':14} {killed:5} of {checked:5} left killed now"
    return line, left


def left_file(module: str) -> Path:
    """Where a run leaves the names of the mutants of `module` no test killed."""
    return ROOT / "mutants" / f"left-{module}.txt"


def write_left(module: str, left: list[str]) -> None:
    left_file(module).write_text("".join(f"{n}\n" for n in left), encoding="utf-8")


def prefixes(module: str) -> tuple[str, ...]:
    prefix = MODULES[module][1]
    return (prefix,) if isinstance(prefix, str) else prefix


KILLED = {1, 3, 37}  # a test failed, the tests crashed on the mutant, or the type check caught it
NOT_RUN = {None, 34, 2}  # not checked (outside a sample), skipped, interrupted


def mutmut(*args: str) -> None:
    if subprocess.run([sys.executable, "-m", "mutmut", *args], cwd=ROOT).returncode != 0:
        raise SystemExit(
            "mutmut stopped (its output is above); the unit tests must pass before mutation "
            "testing."
        )


def results(module: str) -> dict[str, int | None]:
    """The exit code of each mutant of `module`, from mutmut's .meta file of each source file (a
    game is a folder of them)."""
    source = ROOT / "mutants" / MODULES[module][0]
    metas = sorted(source.rglob("*.py.meta")) if source.is_dir() else [Path(f"{source}.meta")]
    codes: dict[str, int | None] = {}
    for meta in metas:
        codes.update(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return {name: code for name, code in codes.items() if name.startswith(prefixes(module))}


def score(module: str) -> tuple[str, list[str]]:
    codes = results(module)
    checked = {name: code for name, code in codes.items() if code not in NOT_RUN}
    killed = sum(1 for code in checked.values() if code in KILLED)
    left = sorted(name for name, code in checked.items() if code not in KILLED)
    kinds = Counter(
        "no tests"
        if checked[name] in (5, 33)
        else "timeout"
        if checked[name] in (24, 36, -24, 152, 255)
        else "survived"
        for name in left
    )
    share = f"{100 * killed / len(checked):.1f}%" if checked else "-"
    detail = ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items()))
    return (
        f"{module:14} {killed:5} of {len(checked):5} killed  {share:>6}  ({detail or 'none left'})",
        left,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "modules",
        nargs="*",
        help=f"any of {', '.join(MODULES)}, or 'games' for everything under gm/games",
    )
    parser.add_argument(
        "--sample",
        metavar="DIGITS",
        help="check only the mutants whose number ends in one of DIGITS (one digit: about a tenth)",
    )
    parser.add_argument(
        "--again",
        action="store_true",
        help="check again only the mutants the last run left (mutants/left-MODULE.txt); "
        "implies --keep",
    )
    parser.add_argument(
        "--children", type=int, default=os.cpu_count() or 1, help="mutants checked in parallel"
    )
    parser.add_argument(
        "--keep", action="store_true", help="keep the mutants and results of the last run"
    )
    parser.add_argument(
        "--thresholds",
        action="store_true",
        help=f"move the named thresholds instead ({', '.join(AREA_TESTS)})",
    )
    parser.add_argument(
        "--recheck",
        action="store_true",
        help="judge the mutants the last run left again with today's tests, in a copy "
        f"({', '.join(AREA_TESTS)})",
    )
    parser.add_argument(
        "--only",
        metavar="TEXT",
        default="",
        help="only the mutants whose name holds TEXT (such as .meaning.: a game's parser)",
    )
    args = parser.parse_args(argv)
    if args.recheck or args.thresholds:
        if not args.modules or any(m not in AREA_TESTS for m in args.modules):
            option = "--recheck" if args.recheck else "--thresholds"
            parser.error(f"{option} takes some of: {', '.join(AREA_TESTS)}")
    if args.recheck:
        lines = []
        for module in args.modules:
            line, left = recheck(module, args.only)
            lines.append(line)
            write_left(module, left)
        print("\n".join(lines))
        return 0
    if args.thresholds:
        results = [thresholds(module) for module in args.modules]
        print("\nThresholds moved (a survivor has no test on that side):")
        for line, left in results:
            print(line)
            print("".join(f"    left: {entry}\n" for entry in left), end="")
        return 0
    chosen: list[str] = []
    for name in args.modules or list(MODULES):
        group = [
            m
            for m in MODULES
            if m == name or (name == "games" and MODULES[m][0].startswith("gm/games/"))
        ]
        if not group:
            parser.error(f"there is no module '{name}'; the modules are {', '.join(MODULES)}")
        chosen += [m for m in group if m not in chosen]
    children = ["--max-children", str(args.children)]
    if args.sample and not args.sample.isdigit():
        parser.error("--sample takes digits, such as 7 or 37")
    if not (args.keep or args.again):
        shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    lines = []
    # one mutmut run for every module chosen: each run first runs the tests unmutated (and,
    # after a change of the test selection, gathers its statistics again), minutes on this machine
    names: list[str] = []
    for module in chosen:
        only = f"*{args.only.strip('.')}*" if args.only else "*"
        if args.again:
            left = left_file(module)
            found = left.read_text(encoding="utf-8").split() if left.exists() else []
            names += [name for name in found if args.only in name]
        elif args.sample:
            names += [f"{p}{only}__mutmut_*[{args.sample}]" for p in prefixes(module)]
        else:
            names += [f"{p}{only}" for p in prefixes(module)]
    if names:
        mutmut("run", *children, *names)
    for module in chosen:
        line, left = score(module)
        lines.append(line)
        write_left(module, left)
    print(
        "\nMutation score (mutants left: mutants/left-MODULE.txt; see one with 'mutmut show NAME'):"
    )
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
