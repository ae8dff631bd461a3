"""scripts/run_tests.py: the suite's two parts, and one exit status for both."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import run_tests  # noqa: E402


def test_the_worse_part_decides_and_a_part_with_nothing_selected_is_no_failure():
    assert run_tests.combined([0, 0]) == 0
    assert (
        run_tests.combined([0, 5]) == 0
    )  # `./scripts/test tests/test_state.py`: no real-time test
    assert run_tests.combined([5, 0]) == 0
    assert run_tests.combined([5, 5]) == 5
    assert run_tests.combined([1, 0]) == 1
    assert run_tests.combined([0, 1]) == 1
    assert run_tests.combined([5, 2]) == 2  # interrupted
    assert run_tests.combined([2, 1]) == 2


def test_each_part_selects_its_own_tests_and_asking_for_one_process_runs_one_pytest(
    monkeypatch, capsys
):
    runs = []

    class Started:
        def __init__(self, argv, **_):
            runs.append(argv)

        def wait(self):
            return 0

    monkeypatch.setattr(run_tests.subprocess, "Popen", Started)
    monkeypatch.setattr(run_tests.subprocess, "call", lambda argv, **_: runs.append(argv) or 0)
    assert run_tests.main(["-q"]) == 0
    realtime, rest = runs
    assert realtime[realtime.index("--part") + 1] == "realtime" and "-n" in realtime
    assert realtime[realtime.index("-n") + 1] == "2" and realtime[-1] == "-q"
    assert rest[rest.index("--part") + 1] == "rest" and rest[rest.index("-n") + 1] == "auto"
    assert "real-time tests" in capsys.readouterr().out
    runs.clear()
    assert run_tests.main(["-n", "0", "tests/test_state.py"]) == 0
    assert (
        len(runs) == 1
        and "--part" not in runs[0]
        and runs[0][-3:]
        == [
            "-n",
            "0",
            "tests/test_state.py",
        ]
    )
