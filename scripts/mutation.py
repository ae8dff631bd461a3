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

Without --keep the run starts from a fresh copy: mutmut does not notice a change of the test
selection in pyproject.toml, and a run stopped half way can leave a broken copy behind.

mutmut was chosen over cosmic-ray: it needs no database or worker set-up, runs only the tests
that cover each mutated function, and reads its settings from pyproject.toml.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
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
    args = parser.parse_args(argv)
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
    for module in chosen:
        if args.again:
            left = ROOT / "mutants" / f"left-{module}.txt"
            names = left.read_text(encoding="utf-8").split() if left.exists() else []
            if names:
                mutmut("run", *children, *names)
        elif args.sample:
            mutmut("run", *children, *(f"{p}*__mutmut_*[{args.sample}]" for p in prefixes(module)))
        else:
            mutmut("run", *children, *(p + "*" for p in prefixes(module)))
        line, left = score(module)
        lines.append(line)
        (ROOT / "mutants" / f"left-{module}.txt").write_text(
            "".join(f"{n}\n" for n in left), encoding="utf-8"
        )
    print(
        "\nMutation score (mutants left: mutants/left-MODULE.txt; see one with 'mutmut show NAME'):"
    )
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
