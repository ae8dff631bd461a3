"""Whole games of Who the F*ck? through real wyoming-faster-whisper and wyoming-piper: a recorded
game in Piper's voices heard by the speech service, decided as its own oracle says; and the demo's
simulated table, gm's voice made by the voice service, each server killed and started again while
it plays. Checked: the game ends, every decision that stands is saved once, the save rebuilds the
end, and the lines that say a service was lost and is back are said once each.

The killed servers are played against the demo's table, not a recording: gm's line saying a
service was lost comes when the server dies, which a recording cannot know, and a recorded reply
gm spoke over would be lost for good; the demo's players say again what gm talked over."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from test_who_the_f_e2e import WON, check_game, check_oracle, planned
from transcripts import ROOT, effective_decisions
from wyoming_servers import running

from gm.cli import game_for
from gm.demo import PIPER_SEATS, render
from gm.dialog.engine import rebuild
from gm.games import find
from gm.state import Saves, SaveStore

# The words of the game, as the service's own prompt (docs/wyoming.md)
PROMPT = (
    "Five players, regular, we are ready, reveal, no majority, next question, yes please, "
    "unanimous for six, four votes for number three, no votes for two and five, someone gave a "
    "hint, undo, repeat, what's the score."
)


def events_of(path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.endswith("}")]


@pytest.mark.slow
def test_a_whole_recorded_game_through_the_services(tmp_path):
    script = planned(WON)
    wav = render(
        script, tmp_path / "who_the_f.wav", PIPER_SEATS, noise=0.0
    )  # the same audio each run
    transcript = tmp_path / "t.jsonl"
    # the speech service alone: the voice service speaks every line in the game below
    with running(tmp_path, PROMPT, kinds=("asr",)) as servers:
        game = subprocess.run(
            [
                *(sys.executable, "-m", "gm", "play", "who-the-f", "--wav", str(wav)),
                *("--asr", servers["asr"].uri, "--console"),
                *("--seed", str(WON.seed), "--transcript", str(transcript)),
                *("--state-dir", str(tmp_path / "state")),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
        )
    assert game.returncode == 0, game.stderr
    events = events_of(transcript)
    check_game(events, script)  # every decision the rules give, none twice, the same end
    check_oracle(events, WON.plays_to)
    record, _ = Saves(tmp_path / "state").store("who_the_f").load()
    assert record.finished
    assert [(a["step"], a["decision"]) for a in record.answers] == effective_decisions(events)


@pytest.mark.slow
def test_a_whole_game_through_the_services_each_killed_and_back(tmp_path):
    transcript, state_dir = tmp_path / "t.jsonl", tmp_path / "state"
    with running(tmp_path, PROMPT) as servers:
        game = subprocess.Popen(
            [
                *(sys.executable, "-m", "gm", "demo", "who-the-f", "--console"),
                *("--speak-to", str(tmp_path / "gm.wav")),  # gm's voice made by the service
                *("--asr", servers["asr"].uri, "--voice", servers["voice"].uri),
                *("--transcript", str(transcript), "--state-dir", str(state_dir)),
            ],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        # after these decisions, in order: the speech service killed, the voice killed, each back
        steps = [
            (3, servers["asr"].kill),
            (5, servers["voice"].kill),
            (8, servers["asr"].start),
            (10, servers["voice"].start),
        ]
        while game.poll() is None:
            decided = sum(1 for e in events_of(transcript) if e["type"] == "decision")
            if steps and decided >= steps[0][0]:
                steps.pop(0)[1]()
            time.sleep(0.05)
        assert game.returncode == 0, game.stderr.read()
        assert not steps, "the game ended before every server was killed and started again"
    events = events_of(transcript)
    over = [e for e in events if e["type"] == "game_over"]
    assert len(over) == 1
    changes = [(e["service"], e["up"]) for e in events if e["type"] == "service"]
    for service in ("asr", "voice"):
        # lost, then back, told once each (a service too slow on a busy machine is lost too,
        # and back at its next answer: the same pair again)
        ups = [up for name, up in changes if name == service]
        assert ups and ups == [False, True] * (len(ups) // 2), (service, changes)
    said = [e["text"] for e in events if e["type"] == "service"]
    assert "I can't reach the speech service any more" in said[changes.index(("asr", False))]
    record, warning = SaveStore(state_dir / find("who_the_f").id).load()
    assert not warning and record.finished
    # the save holds every decision that stands, each once, and rebuilds the game's end
    assert [(a["step"], a["decision"]) for a in record.answers] == effective_decisions(events)
    game_rules = game_for(record)
    state, _ = rebuild(game_rules, record)
    assert game_rules.public(state) == over[0]["state"]
