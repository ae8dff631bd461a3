"""scripts/bench_demo.py reads a demo's printout: the replies said and written as said, the
table's undos, and the demo's own closing figure."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import bench_demo  # noqa: E402

PRINTOUT = """\
gm: Player one, new theme: Animals with four legs.
  [    1.1s] seat 1 says: zebra
  [    2.2s] gm heard: seeper
  [    2.2s] decided: heard seeper, which fits no letter
gm: Seeper starts with S, which is not face up.
  [    3.3s] seat 1 says: zebra
  [    4.4s] gm heard: Zebra.
  [    4.4s] decided: player one said zebra for Z
  [    9.0s] seat 2 says: n for november
  [   10.6s] gm heard: and for november
  [   10.6s] decided: the letter is N
  [   12.0s] seat 3 says: take that back
  [   13.0s] gm heard: take that back
  [   13.5s] seat 3 says: Undo.
  [   14.0s] seat 3 says: pass
gm: The game is over.
"""
CLOSING = (
    "gm demo: gm took 3 of the table's 4 answers as meant the first time they were said (75%).\n"
)


def test_the_printout_is_read_reply_by_reply():
    # zebra (seeper), zebra, n for november (and for november), take that back, undo and pass
    # (no transcript after either): six replies, two written as said (the second zebra and
    # take that back), two undos.
    assert bench_demo.read_printout(PRINTOUT, CLOSING) == (4, 3, 6, 2, 2)


def test_a_demo_that_did_not_close_has_no_answers_counted():
    assert bench_demo.read_printout("", "gm: Stopped.\n") == (0, 0, 0, 0, 0)


def test_a_game_with_no_demo_is_refused(capsys):
    with pytest.raises(SystemExit) as stop:
        bench_demo.main(["chess"])
    assert stop.value.code == 2
    assert "no demo named chess" in capsys.readouterr().err


def test_a_demo_still_running_at_its_timeout_is_stopped_and_not_ended():
    run = bench_demo.run("who-the-f", 7, live=False, timeout=0.5)
    assert not run.ended and run.seconds < 5 and run.answers == 0
