#!/usr/bin/env python3
"""Does a newcomer's first demo end, and how well does gm hear its simulated table?

    bench_demo.py [GAME ...] [--runs 3] [--seed 7] [--live]

Each run is `gm demo GAME --console` as `./scripts/play GAME` runs it on a machine without a
microphone (Piper's voices, the default ear), a process of its own. For each run it reports
whether the game ended, the wall time and peak resident memory of the process, the table's
answers gm took as meant the first time (the demo's own closing figure, docs/live-table.md),
every reply the table said that the next transcript wrote as said (stricter: "n for november"
written "and for november" is still the letter N), and how often the table said an undo ("take
that back", "undo"). Piper's delivery differs each run, so runs of one seed differ; the medians
are the figures. The goal: every demo ends in under 6 minutes, >= 97% of the table heard as
meant; a demo still running after --timeout seconds (600) is stopped and counted as not ended.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from benchlib.common import ROOT, fmt, machine, median, table  # before gm: this checkout first

GAMES = ("who-the-f", "funocracy", "what-the-fake")
SAYS = re.compile(r"^\s*\[\s*[\d.]+s\] seat \d+ says: (.*)$")
HEARD = re.compile(r"^\s*\[\s*[\d.]+s\] gm heard: (.*)$")
AS_MEANT = re.compile(r"gm took (\d+) of the table's (\d+) answers as meant")
TIMEOUT = 600.0  # seconds: a demo still running then loops, and is stopped as not ended


@dataclass
class Run:
    game: str
    ended: bool
    seconds: float
    peak_mb: float
    answers: int
    as_meant: int
    replies: int
    written: int
    undos: int


def words(text: str) -> str:
    """A reply or transcript as compared: lower case, letters, digits and apostrophes."""
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))


@functools.cache
def undo_phrases() -> frozenset[str]:
    """Every way gm takes an undo said alone ("take that back", "undo", ...)."""
    from gm.cli import common_lines
    from gm.dialog.intents import Command

    return frozenset(words(p) for p in common_lines()[1][Command.UNDO])


def read_printout(out: str, err: str) -> tuple[int, int, int, int, int]:
    """From a demo's printout: its answers and those taken as meant (its closing line), the
    replies said, those whose next transcript was written as said, and the table's undos."""
    undo = undo_phrases()
    replies = written = undos = 0
    said: str | None = None
    for line in out.splitlines():
        if match := SAYS.match(line):
            replies += 1
            said = words(match.group(1))
            undos += said in undo
        elif (match := HEARD.match(line)) and said is not None:
            written += words(match.group(1)) == said
            said = None
    closing = AS_MEANT.search(err)
    answers, as_meant = (int(closing.group(2)), int(closing.group(1))) if closing else (0, 0)
    return answers, as_meant, replies, written, undos


def run(game: str, seed: int, live: bool, timeout: float = TIMEOUT) -> Run:
    """One demo, this checkout's gm in a process of its own, timed; its peak memory from the
    kernel (wait4). One still running after `timeout` seconds is stopped: it did not end."""
    command = [sys.executable, "-m", "gm", "demo", game, "--console", "--seed", str(seed)]
    command += ["--live"] * live
    with tempfile.TemporaryDirectory(prefix="bench-demo-") as folder:
        out, err = Path(folder) / "out", Path(folder) / "err"
        start = time.monotonic()
        with out.open("w") as stdout, err.open("w") as stderr:
            process = subprocess.Popen(command, stdout=stdout, stderr=stderr, cwd=ROOT)
            timer = threading.Timer(timeout, process.kill)
            timer.start()
            _, status, usage = os.wait4(process.pid, 0)
            timer.cancel()
        seconds = time.monotonic() - start
        printout, closing = out.read_text(), err.read_text()
    # A table that gives up ends gm's input: the demo stops unfinished, with status 0.
    ended = os.waitstatus_to_exitcode(status) == 0 and "The input ended" not in closing
    return Run(game, ended, seconds, usage.ru_maxrss / 1024, *read_printout(printout, closing))


def report(runs: list[Run]) -> str:
    rows = [
        [
            "game",
            "runs",
            "ended",
            "wall time, s",
            "peak MB",
            "answers taken as meant",
            "replies written as said",
            "undos said",
        ]
    ]
    for game in dict.fromkeys(r.game for r in runs):
        mine = [r for r in runs if r.game == game]
        rows.append(
            [
                game,
                str(len(mine)),
                f"{sum(r.ended for r in mine)} of {len(mine)}",
                f"{fmt(median(r.seconds for r in mine))} ("
                + ", ".join(fmt(r.seconds) for r in mine)
                + ")",
                fmt(median(r.peak_mb for r in mine)),
                _shares([(r.as_meant, r.answers) for r in mine]),
                _shares([(r.written, r.replies) for r in mine]),
                ", ".join(str(r.undos) for r in mine),
            ]
        )
    return table(rows)


def _shares(pairs: list[tuple[int, int]]) -> str:
    """The median share and each run's: '88% (88, 86, 91; of 146 to 160)'."""
    shares = [100 * part / whole if whole else float("nan") for part, whole in pairs]
    wholes = [whole for _, whole in pairs]
    return (
        f"{fmt(median(shares))}% ("
        + ", ".join(fmt(s) for s in shares)
        + f"; of {min(wholes)} to {max(wholes)})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"default: {' '.join(GAMES)}")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7, help="the demo's seed (its default: 7)")
    parser.add_argument("--live", action="store_true", help="in real time (an hour a Funocracy)")
    parser.add_argument(
        "--timeout", type=float, default=TIMEOUT, help="seconds before a demo counts as looping"
    )
    args = parser.parse_args(argv)
    args.games = args.games or list(GAMES)
    if unknown := [g for g in args.games if g not in GAMES]:
        parser.error(f"no demo named {unknown[0]}; the demos: {', '.join(GAMES)}")
    print(machine(), file=sys.stderr)
    runs = [
        run(game, args.seed, args.live, args.timeout)
        for game in args.games
        for _ in range(args.runs)
    ]
    print(report(runs))
    print(machine("at the end"), file=sys.stderr)
    return 0 if all(r.ended for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
