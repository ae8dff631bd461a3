"""The test suite in two parts at once, as ./scripts/test runs it.

The real-time tests (marked `realtime`: a Funocracy turn's 25 seconds, barge-in on a live line)
spend most of their time waiting on the wall clock, a small share of a core. Run among the
others they hold a worker idle for minutes; run alone after them they add those minutes to the
run. So they run two at a time, in a pytest of their own, beside the others, which run on every
core at a lower priority (`nice` 5) so that a real-time test still has a core when it needs one.
One at a time they took 8 min 15 s of the wall clock, nearly as long as the others (8 min 51
s on both cores beside them): a few seconds more of the others and the run would wait on
them. Two at a time they take 4 min 24 s, and the others, on the same share of the cores,
are the whole run's length.

The OpenMP threads of Whisper's engine (CTranslate2) wait for work by spinning, by default for a
while after each piece of it; with two parts on two cores, each with Whisper's two threads, the
spinning took the cores from the work: two demos side by side took 55 to 62 s and 102 to 117 s
of CPU, and 23 to 24 s and 36 to 37 s with the threads told to sleep instead
(OMP_WAIT_POLICY=PASSIVE, which both parts and every gm they start inherit, unless already set).

    scripts/run_tests.py [pytest options]      both parts; the real-time part's report follows
    scripts/run_tests.py -n 0 [...]            one pytest, one process, as asked (no split)

Exit status: pytest's, the worse of the two parts (a part that selected no test counts as
passed when the other ran some).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

NO_TESTS = 5  # pytest's exit status when nothing was selected


def command(*options: str) -> list[str]:
    return [sys.executable, "-m", "pytest", *options]


def combined(codes: list[int]) -> int:
    """One exit status for both parts: the first failure, else 0 (5 only if neither ran a test)."""
    failed = [code for code in codes if code not in (0, NO_TESTS)]
    if failed:
        return failed[0]
    return NO_TESTS if all(code == NO_TESTS for code in codes) else 0


def main(args: list[str]) -> int:
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # see above
    if any(a == "-n" or a.startswith(("-n=", "--numprocesses")) for a in args):
        return subprocess.call(command("--durations=25", *args))
    with tempfile.TemporaryFile("w+", encoding="utf-8") as log:
        realtime = subprocess.Popen(
            command("-n", "2", "--part", "realtime", "--durations=10", *args),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            rest = subprocess.call(
                command("-n", "auto", "--dist", "worksteal", "--part", "rest", "--durations=25")
                + args,
                preexec_fn=lambda: os.nice(5),
            )
        finally:
            code = realtime.wait()
        log.seek(0)
        print("\nThe real-time tests, run two at a time beside the others:", flush=True)
        sys.stdout.write(log.read())
    return combined([rest, code])


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:  # Ctrl+C reached both pytests too; each has said where it stopped
        sys.exit(130)
