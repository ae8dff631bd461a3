"""Does the suite catch a bug a developer really writes? Each planted bug (tests/planted/NN.patch,
one small change in one file, what it breaks in tests/planted/README.md) is applied alone to a
copy of the committed code, and the tests are run against it in three stages, each stopping at
the first failure: the quick tests of the files that name the changed module, then every quick
test, then the slow ones. A bug is caught when a test fails with it, fails again when run alone
with it, and passes alone without it (so a test that fails now and then is never credited; it is
left out and the stage run again).

    .venv/bin/python scripts/bench_planted.py                 # every bug (an hour or more)
    .venv/bin/python scripts/bench_planted.py 03 17           # some of them
    .venv/bin/python scripts/bench_planted.py --no-slow       # stop before the slow tests

The copies are git worktrees of HEAD under the system's temporary folder: uncommitted changes
are not in them. gm is imported from the copy (PYTHONPATH), with this checkout's .venv.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv" / "bin" / "python"
BUGS = ROOT / "tests" / "planted"
FAILED = re.compile(r"^(?:FAILED|ERROR) (tests/.+?)(?: - .*)?$", re.M)


def worktree(where: Path) -> Path:
    subprocess.run(
        ["git", "worktree", "add", "--detach", "-q", str(where), "HEAD"], cwd=ROOT, check=True
    )
    return where


def drop(where: Path) -> None:
    subprocess.run(["git", "worktree", "remove", "--force", str(where)], cwd=ROOT, check=False)


# The bench's own test, that every planted bug applies to the code, fails wherever one is
# planted: it tests the patches, not gm, and would catch every bug.
OWN_TEST = "tests/test_bench_planted.py"


def pytest(tree: Path, *args: str) -> tuple[int, str]:
    """pytest in `tree`, with gm imported from it (the bench's own test left out)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [str(PYTHON), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rfE"]
        + [f"--ignore={OWN_TEST}", *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    return done.returncode, done.stdout + done.stderr


def changed_module(patch: str) -> str:
    """The patched file's path, from its diff header."""
    found = re.search(r"^\+\+\+ b/(\S+)", patch, re.M)
    if not found:
        raise SystemExit("a planted bug is not a git diff")
    return found.group(1)


def near_tests(tree: Path, source: str) -> list[str]:
    """The test files that name the changed module: by its import path, or by its file's stem
    where the stem is not a common word."""
    dotted = source.removesuffix(".py").replace("/", ".")
    stem = Path(source).stem
    names = [dotted, dotted.rsplit(".", 1)[0] + " import " + stem]
    if stem not in {"rules", "meaning", "deck", "__init__", "base"}:
        names.append(stem)
    return sorted(
        str(path.relative_to(tree))
        for path in (tree / "tests").glob("test_*.py")
        if path.name != Path(OWN_TEST).name
        and any(name in path.read_text(encoding="utf-8") for name in names)
    )


def first_failures(output: str) -> list[str]:
    return list(dict.fromkeys(FAILED.findall(output)))


def confirmed(bugged: Path, clean: Path, tests: list[str]) -> str | None:
    """The first failing test that fails again alone with the bug and passes alone without it."""
    for test in tests[:3]:
        if pytest(bugged, "-n", "0", test)[0] != 0 and pytest(clean, "-n", "0", test)[0] == 0:
            return test
    return None


def plant(number: str, clean: Path, slow: bool) -> dict:
    patch = (BUGS / f"{number}.patch").read_text(encoding="utf-8")
    source = changed_module(patch)
    started = time.monotonic()

    def result(caught: str | None, test: str | None) -> dict:
        seconds = round(time.monotonic() - started)
        return {"bug": number, "file": source, "caught": caught, "test": test, "seconds": seconds}

    with tempfile.TemporaryDirectory(prefix="gm-planted-") as temp:
        bugged = worktree(Path(temp) / "tree")
        try:
            applied = subprocess.run(
                ["git", "apply", "-"], input=patch, text=True, cwd=bugged, capture_output=True
            )
            if applied.returncode != 0:
                return result(None, "the patch no longer applies")
            near = near_tests(bugged, source)
            stages = [("near", ["-n", "0", "-x", "-m", "not slow", *near])] if near else []
            stages.append(("quick", ["-n", "2", "-x", "-m", "not slow"]))
            if slow:
                stages.append(("slow", ["-n", "2", "-x", "-m", "slow"]))
            for stage, args in stages:
                passed_alone: list[str] = []  # failed in the stage, not alone: flaky, left out
                for _ in range(3):
                    deselected = [f"--deselect={test}" for test in passed_alone]
                    code, output = pytest(bugged, *args, *deselected)
                    failures = first_failures(output)
                    if code == 5 or code == 0:
                        break  # no test selected, or every one passed
                    if not failures:  # nothing named to confirm: not counted as caught
                        return result(
                            None, f"pytest stopped with status {code} in the {stage} stage"
                        )
                    test = confirmed(bugged, clean, failures)
                    if test:
                        return result(stage, test)
                    passed_alone += failures[:3]
            return result(None, None)
        finally:
            drop(bugged)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bugs", nargs="*", help="numbers of tests/planted/NN.patch (all if none)")
    parser.add_argument("--no-slow", action="store_true", help="do not run the slow tests")
    parser.add_argument("--out", type=Path, help="also write the results here, as JSON lines")
    args = parser.parse_args(argv)
    numbers = args.bugs or sorted(p.stem for p in BUGS.glob("*.patch"))
    missing = [n for n in numbers if not (BUGS / f"{n}.patch").exists()]
    if missing:
        parser.error(f"no planted bug numbered {', '.join(missing)} in {BUGS}")
    results = []
    with tempfile.TemporaryDirectory(prefix="gm-clean-") as temp:
        clean = worktree(Path(temp) / "tree")
        try:
            for number in numbers:
                result = plant(number, clean, slow=not args.no_slow)
                results.append(result)
                print(json.dumps(result), flush=True)
                if args.out:
                    with args.out.open("a", encoding="utf-8") as out:
                        out.write(json.dumps(result) + "\n")
        finally:
            drop(clean)
    caught = sum(1 for r in results if r["caught"])
    print(f"\ncaught {caught} of {len(results)} planted bugs")
    for r in results:
        if not r["caught"]:
            print(f"  not caught: {r['bug']} ({r['file']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
