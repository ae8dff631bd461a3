"""A whole recorded game of Who the F*ck? through `gm play --asr tcp://... --voice tcp://...`,
real wyoming-faster-whisper and wyoming-piper each killed and started again while it plays: the
decisions, the end, the save and the lines that say a service was lost and is back."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from test_who_the_f_e2e import WON, check_game, check_oracle, planned
from transcripts import ROOT, effective_decisions
from wyoming_servers import running

from gm.demo import PIPER_SEATS, render
from gm.state import Saves

# The words of the game, as the service's own prompt (docs/wyoming.md)
PROMPT = (
    "Five players, regular, we are ready, reveal, no majority, next question, yes please, "
    "unanimous for six, four votes for number three, no votes for two and five, someone gave a "
    "hint, undo, repeat, what's the score."
)


def decisions(path) -> int:
    if not path.exists():
        return 0
    events = [json.loads(line) for line in path.read_text().splitlines() if line.endswith("}")]
    return sum(1 for e in events if e["type"] == "decision")


@pytest.mark.slow
def test_a_whole_game_through_the_services_each_killed_and_back(tmp_path):
    script = planned(WON)
    wav = render(script, tmp_path / "who_the_f.wav", PIPER_SEATS)
    transcript = tmp_path / "t.jsonl"
    with running(tmp_path, PROMPT) as servers:
        game = subprocess.Popen(
            [
                *(sys.executable, "-m", "gm", "play", "who-the-f", "--wav", str(wav)),
                *("--asr", servers["asr"].uri, "--voice", servers["voice"].uri),
                *("--console", "--speak-to", str(tmp_path / "gm.wav")),
                *("--seed", str(WON.seed), "--transcript", str(transcript)),
                *("--state-dir", str(tmp_path / "state")),
            ],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        # at these decisions, in order: the speech service killed, the voice killed, each back
        steps = [
            (3, servers["asr"].kill),
            (5, servers["voice"].kill),
            (8, servers["asr"].start),
            (10, servers["voice"].start),
        ]
        while game.poll() is None:
            if steps and decisions(transcript) >= steps[0][0]:
                steps.pop(0)[1]()
            time.sleep(0.05)
        assert game.returncode == 0, game.stderr.read()
        assert not steps, "the game ended before every server was killed and started again"
    events = [json.loads(line) for line in transcript.read_text().splitlines()]
    check_game(events, script)  # every decision the rules give, none twice, the same end
    check_oracle(events, WON.plays_to)
    changes = [(e["service"], e["up"]) for e in events if e["type"] == "service"]
    assert sorted(changes) == [("asr", False), ("asr", True), ("voice", False), ("voice", True)]
    said = [e["text"] for e in events if e["type"] == "service"]
    assert "I can't reach the speech service any more" in said[changes.index(("asr", False))]
    record, _ = Saves(tmp_path / "state").store("who_the_f").load()
    assert record.finished  # the save holds every decision that stands, each once
    assert [(a["step"], a["decision"]) for a in record.answers] == effective_decisions(events)
