"""Kill -9 in the middle of a game played from a WAV file; `gm resume` loses and repeats nothing."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gm.demo import DEMO_OPTIONS, plan, render
from gm.games import find, load
from gm.state import SaveStore

ROOT = Path(__file__).resolve().parent.parent
KILLS = 20


def start(args: list[str], state: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "gm", *args],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "GM_STATE_DIR": str(state)},
    )


def answers(state: Path) -> tuple[list[tuple[str, object]], bool]:
    """The saved answers and whether the game is over, read as `gm resume` reads them."""
    record, _ = SaveStore(state / "who_the_f").load()
    return [(a["step"], a["answer"]["value"]) for a in record.answers], record.finished


@pytest.mark.slow
def test_kill_nine_at_twenty_random_moments(tmp_path):
    game = load(find("who-the-f"))
    script = plan(game, dict(DEMO_OPTIONS["who_the_f"]), 7)
    wav = render(script, tmp_path / "game.wav", noise=0.0)  # the same audio each run
    play = [
        "play",
        "who-the-f",
        "--wav",
        str(wav),
        "--asr",
        "sphinx",
        "--seed",
        "7",
        *[f"--{k}={v}" for k, v in DEMO_OPTIONS["who_the_f"].items()],
    ]

    reference = tmp_path / "reference"
    assert start(play, reference).wait(timeout=600) == 0
    expected, finished = answers(reference)
    assert finished and len(expected) > 20

    # Kill at twenty moments spread over the game: each once the save holds a chosen number of
    # decisions, plus a random instant, so the moments do not depend on how fast the machine is.
    state = tmp_path / "killed"
    rng = random.Random(11)
    targets = sorted(rng.sample(range(1, len(expected) - 4), KILLS))
    process = start(play, state)
    seen: list[int] = []
    for target in targets:
        # past targets the game already ran through: kill after a decision the last life had not
        # made
        if seen:
            target = max(target, seen[-1] + 1)
        if target > len(expected) - 2:
            break
        deadline = time.monotonic() + 300
        while process.poll() is None and time.monotonic() < deadline:
            if (state / "who_the_f" / "current.json").exists() and len(answers(state)[0]) >= target:
                break
            time.sleep(0.02)
        assert process.poll() is None, "the game ended before every kill fell"
        time.sleep(rng.uniform(0.0, 0.15))  # a random instant within the next decision or two
        process.send_signal(signal.SIGKILL)
        if process.wait() == 0:
            break  # the WAV ran faster than the random instant: the game finished before the kill
        so_far, _ = answers(state)
        assert so_far == expected[: len(so_far)]  # nothing lost, nothing taken twice
        seen.append(len(so_far))
        process = start(["resume", "--wav", str(wav), "--asr", "sphinx"], state)
    assert process.wait(timeout=600) == 0, process.stderr.read().decode()
    final, finished = answers(state)
    assert finished and final == expected
    assert len(set(seen)) > 10  # the kills fell at many different moments of the game
