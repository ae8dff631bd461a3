"""scripts/bench_planted.py's own pieces, and the planted bugs kept current: each must still
apply to today's code, or it measures nothing (write it again for the code as it is)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import bench_planted  # noqa: E402

PATCHES = sorted((ROOT / "tests" / "planted").glob("*.patch"))


@pytest.mark.parametrize("patch", PATCHES, ids=[p.stem for p in PATCHES])
def test_every_planted_bug_applies_to_todays_code(patch):
    checked = subprocess.run(
        ["git", "apply", "--check", str(patch)], cwd=ROOT, capture_output=True, text=True
    )
    assert checked.returncode == 0, f"{patch.name} no longer applies: {checked.stderr}"
    assert bench_planted.changed_module(patch.read_text(encoding="utf-8")).startswith("gm/")


def test_there_are_thirty_two_and_each_is_described():
    readme = (ROOT / "tests" / "planted" / "README.md").read_text(encoding="utf-8")
    assert len(PATCHES) == 32
    for patch in PATCHES:
        assert f"| {patch.stem} | `" in readme


def test_the_failures_pytest_names_are_read_whole():
    output = (
        "FAILED tests/test_a.py::test_b[after a won letter] - AssertionError: x - y\n"
        "ERROR tests/test_c.py\n"
        "FAILED tests/test_d.py::test_e\n"
        "FAILED tests/test_d.py::test_e\n"
    )
    assert bench_planted.first_failures(output) == [
        "tests/test_a.py::test_b[after a won letter]",
        "tests/test_c.py",
        "tests/test_d.py::test_e",
    ]


def test_the_near_tests_name_the_changed_module():
    near = bench_planted.near_tests(ROOT, "gm/speech/asr/segment.py")
    assert "tests/test_endpointer_boundaries.py" in near and "tests/test_segment.py" in near
    assert "tests/test_config.py" not in near


def test_the_benchs_own_test_of_the_patches_never_counts_as_a_catch(tmp_path):
    """It fails wherever a bug is planted (the patch is then already in): it is left out of the
    near tests and of every stage."""
    assert "tests/test_bench_planted.py" not in bench_planted.near_tests(ROOT, "gm/cli.py")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_bench_planted.py").write_text(
        "def test_fails():\n    assert False\n", encoding="utf-8"
    )
    code, output = bench_planted.pytest(tmp_path, "tests")
    assert code == 5, output  # no tests ran
