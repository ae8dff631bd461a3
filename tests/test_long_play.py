"""Thirty minutes of silence, and six of off-script chatter, in the middle of a game.

Both from a WAV file on the sample clock, through PocketSphinx: the game keeps waiting, takes
no decision while the table is away or chatting, carries on as planned afterwards, and the
process's memory does not grow with the minutes of audio.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from random import Random

import pytest

from gm.demo import DEMO_OPTIONS, Script, plan
from gm.demo import ESPEAK_VOICES as VOICES
from gm.games import find, load
from gm.speech.audio import write_wav
from gm.speech.synth import assemble, silence, synthesize
from gm.steps import AnswerKind, End

ROOT = Path(__file__).resolve().parent.parent
# Minutes away. Six of chatter are some 85 utterances through the recogniser, at a fifth of the
# suite's time thirty took: a leak of 0.3 MB an utterance (8 MB between the first and last
# thirds, some 28 utterances apart) fails; ten minutes would catch one of 0.17 MB.
MINUTES = {"silence": 30, "chatter": 6}
OPTIONS = dict(DEMO_OPTIONS["who_the_f"])
# A planned game PocketSphinx hears every line of with one reading. With seed 7, "unanimous for
# two" in an espeak-ng voice was a close call ("two" 0.89 against "three" in the plain game, 0.62
# after the silence: the noise suppressor and the comfort noise are in another state), and on
# another machine's CPU it tipped to "three": the test is about the stretch, not that word.
SEED = 3
# Off-script talk of a table that has forgotten the game for a while (original lines).
CHATTER = (
    "did anybody see where I put my keys, I had them a minute ago",
    "the kettle is on if anyone wants a cup of tea",
    "my brother is moving to the coast next month and he still has not packed",
    "that film last night was far too long, I fell asleep halfway through",
    "we should do this every friday, it is much better than watching television",
    "can you believe the price of bread these days",
    "hang on, my phone is ringing, it is probably my mum",
    "I am not sure the cat likes the new sofa at all",
    "who is driving home tonight, because I have had two glasses already",
    "the garden is a mess after all that wind on tuesday",
)


def chatter(seconds: float) -> bytes:
    """Several voices talking one after another with short pauses, looped to `seconds`."""
    rng = Random(5)
    parts = []
    for k, line in enumerate(CHATTER):
        parts += [
            synthesize(line, VOICES[k % len(VOICES)], 150 + 5 * (k % 4)),
            silence(rng.uniform(0.3, 1.2)),
        ]
    loop = b"".join(parts)
    repeats = int(seconds * 32000 // len(loop)) + 1
    return (loop * repeats)[: int(seconds * 16000) * 2]


def waiting_point(script: Script) -> int:
    """Index of the reply to the first ask after the set-up that has no timeout (a vote)."""
    game = load(find(script.game))
    rng = Random(script.seed)
    state = game.new(script.options, rng)
    index = 0
    while True:
        step = game.step(state)
        assert not isinstance(step, End), "no ask without a timeout in the planned game"
        line = script.lines[index]
        if index >= 3 and step.timeout is None and line.answer.kind is AnswerKind.CHOICE:
            return index
        index += (
            2 if step.confirm and line.answer.kind is AnswerKind.CHOICE else 1
        )  # plan() adds a "yes"
        outcome = game.apply(state, step, line.answer, rng)
        if outcome.accepted:
            state = outcome.state


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def last_event_t(transcript: Path) -> float:
    try:
        with open(transcript, "rb") as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(0, f.tell() - 4096))
            lines = [l for l in f.read().splitlines() if l.strip()]
    except OSError:
        return 0.0
    for line in reversed(lines):  # the last line may be half written
        try:
            return float(json.loads(line)["t"])
        except (ValueError, KeyError):
            continue
    return 0.0


def play(wav: Path, tmp: Path, name: str) -> tuple[list[dict], list[tuple[float, float, float]]]:
    """Play the WAV; (events, samples of (wall seconds, game seconds, RSS MB)) while it runs."""
    transcript = tmp / f"{name}.jsonl"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gm",
            "play",
            "who-the-f",
            "--wav",
            str(wav),
            "--asr",
            "sphinx",
            "--seed",
            str(SEED),
            "--transcript",
            str(transcript),
            *[f"--{k}={v}" for k, v in OPTIONS.items()],
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "GM_STATE_DIR": str(tmp / name)},
    )
    samples = []
    began = time.monotonic()
    while process.poll() is None:
        rss = rss_mb(process.pid)
        if rss is not None:
            samples.append((time.monotonic() - began, last_event_t(transcript), rss))
        time.sleep(0.1)
    assert process.returncode == 0, process.stderr.read().decode()
    return [json.loads(l) for l in transcript.read_text().splitlines()], samples


def decisions(events: list[dict]) -> list[tuple[str, str]]:
    return [
        (e["step"], e["decision"])
        for e in events
        if e["type"] == "decision" and e.get("accepted") and e.get("step") != "confirm"
    ]


@pytest.fixture(scope="module")
def game() -> tuple[Script, int]:
    script = plan(load(find("who-the-f")), OPTIONS, SEED)
    return script, waiting_point(script)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["silence", "chatter"])
def test_a_long_time_away_in_the_middle_of_a_game(game, kind, tmp_path):
    script, at = game
    parts = Script(script.game, script.options, script.seed, script.lines).parts()
    # Each reply is an utterance and a gap: the stretch goes in before reply `at`.
    split = 2 * sum(1 for l in script.lines[:at] if l.text) + sum(
        1 for l in script.lines[:at] if not l.text
    )
    away = MINUTES[kind] * 60.0
    stretch = (silence(away) if kind == "silence" else chatter(away)) + silence(
        1.5
    )  # the table falls quiet
    wav = tmp_path / f"{kind}.wav"
    before = assemble(parts[:split], lead=0.6)
    write_wav(wav, before + stretch + assemble(parts[split:], lead=0.0))
    start, end = len(before) / 32000, (len(before) + len(stretch)) / 32000

    reference = tmp_path / "plain.wav"
    write_wav(reference, assemble(parts, lead=0.6))
    planned, plain_samples = play(reference, tmp_path, "plain")
    events, samples = play(wav, tmp_path, kind)

    assert decisions(events) == decisions(planned)  # the same game, nothing decided by the chatter
    over = [e for e in events if e["type"] == "game_over"]
    assert len(over) == 1
    during = [e for e in events if start + 1 <= e["t"] <= end and e["type"] == "decision"]
    assert during == []
    said = [
        e for e in events if start + 30 <= e["t"] < end and e["type"] == "say"
    ]  # not the table's return
    assert len(said) <= 3, said  # a reprompt or two, a "sorry" at most, then quiet

    # Memory: compare the first and last thirds of the stretch (by game time, as it was heard).
    inside = [(t, rss) for _, t, rss in samples if start <= t <= end]
    assert len(inside) > 10 or kind == "silence"
    if len(inside) > 10:
        third = (end - start) / 3
        early = (
            max(rss for t, rss in inside if t <= start + third)
            if any(t <= start + third for t, _ in inside)
            else None
        )
        late = (
            max(rss for t, rss in inside if t >= end - third)
            if any(t >= end - third for t, _ in inside)
            else None
        )
        if early is not None and late is not None:
            assert late - early < 8.0, (
                f"memory grew from {early:.0f} MB to {late:.0f} MB while {kind} played"
            )
    peak = max(rss for _, _, rss in samples)
    plain_peak = max(rss for _, _, rss in plain_samples)
    assert peak - plain_peak < 25.0, (
        f"{peak:.0f} MB against {plain_peak:.0f} MB for the same game without {kind}"
    )
