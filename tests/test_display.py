"""The table display without a browser: what the page is sent, and taps entering the engine.

The server runs for real on 127.0.0.1 (plain HTTP), the games are typed games played by
`gm play --display` in a subprocess (tests/displayed.py).
"""

from __future__ import annotations

import http.client
import json
import queue
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from displayed import ROOT, Played

from gm.demo import plan
from gm.dialog.engine import EngineConfig
from gm.display import DisplayError
from gm.display.board import Board
from gm.display.server import Display, lan_address
from gm.display.typed import waiting_lines
from gm.games import what_the_fake
from gm.speech.base import SpeechError
from gm.state import Saves

LISTEN = {
    "t": 10.0,
    "type": "listen",
    "step": "funocracy.answer",
    "expected": "a word",
    "phrases": 12,
    "free": True,
    "deadline": 35.0,
    "offers": [
        {"phrase": "pass", "value": "pass"},
        {"phrase": "undo", "value": None, "command": "undo"},
        {"phrase": "quit", "value": None, "command": "quit"},
    ],
}
HEARD = {
    "t": 12.0,
    "type": "heard",
    "text": "kettle",
    "start": 11.0,
    "end": 11.6,
    "alternatives": [{"text": "kettle", "confidence": 0.9}, {"text": "ketal", "confidence": 0.1}],
    "intent": None,
    "score": None,
}


def test_the_page_is_told_what_the_table_may_know_and_no_more():
    board = Board()
    assert board.add({"t": 0.0, "type": "save_failed", "error": "disk full"}) is None
    heard = board.add(HEARD)
    assert heard == {"type": "heard", "text": "kettle", "intent": None}
    listen = board.add(LISTEN)
    assert listen["left"] == 25.0 and listen["listen"] == 1
    # quit asks a question of its own: said, never tapped
    assert [o["phrase"] for o in listen["offers"]] == ["pass", "undo"]


def test_a_page_that_connects_late_sees_the_time_left_as_it_is_now():
    now = [100.0]
    board = Board(clock=lambda: now[0])
    board.add(LISTEN)
    now[0] += 7.5
    (listen,) = [m for m in board.snapshot() if m["type"] == "listen"]
    assert listen["left"] == pytest.approx(17.5)


def test_a_tap_answers_only_the_listen_now_open_with_what_it_listens_for():
    board = Board()
    board.add(LISTEN)
    assert board.accepts(1, "pass") and board.accepts(1, "kettle")  # free: a typed word too
    assert not board.accepts(1, "x" * 65)
    board.add({**LISTEN, "free": False})
    assert not board.accepts(1, "pass") and board.accepts(2, "pass")
    assert not board.accepts(2, "kettle") and not board.accepts(2, "quit")


def _stream(port: int, count: int) -> list[dict]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", "/events")
    response = connection.getresponse()
    assert response.getheader("Content-Type") == "text/event-stream"
    messages = []
    while len(messages) < count:
        line = response.fp.readline().decode()
        if line.startswith("data: "):
            messages.append(json.loads(line[6:]))
    connection.close()
    return messages


def test_the_stream_sends_the_board_at_once_then_each_event_as_it_comes():
    display = Display("127.0.0.1", 0)
    port = display.start()
    try:
        display.event({"t": 0.0, "type": "state", "game": "funocracy", "state": {"round": 1}})
        display.event(LISTEN)
        display.take()  # nothing tapped
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", "/")
        page = connection.getresponse().read().decode()
        assert "/display.js" in page and "http" not in page.replace("http-equiv", "")  # no CDN
        first = _stream(port, 2)
        assert [m["type"] for m in first] == ["state", "listen"]
        assert first[0]["state"] == {"round": 1}
    finally:
        display.close()


def test_a_busy_port_is_one_sentence(tmp_path):
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(DisplayError, match=f"Port {port} is in use"):
            Display("0.0.0.0", port).start()
        result = subprocess.run(
            [sys.executable, "-m", "gm", "play", "funocracy", "--text", "--console"]
            + ["--display", str(port), "--state-dir", str(tmp_path)],
            input="",
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
    assert result.returncode == 2
    assert result.stderr == (
        f"gm: Port {port} is in use by another program; choose another with --display PORT.\n"
    )


def test_a_tap_enters_the_engine_as_a_heard_answer_and_is_saved(tmp_path):
    played = Played(tmp_path, "funocracy", "--seed", "3")
    try:
        stale = played.listening("funocracy.players")["listen"]
        assert played.tap("three") == 202
        (players,) = played.decided("funocracy.players")
        assert played.tap("two", stale) == 409  # that ask is over
        form = urllib.request.Request(played.url + "tap", b'{"listen": 1}', method="POST")
        with pytest.raises(urllib.error.HTTPError, match="415"):  # a form of another site
            urllib.request.urlopen(form, timeout=5)
        played.listening("funocracy.mode")
        played.type("normal")  # a word typed (said) and a tap, side by side
        played.decided("funocracy.mode")
        played.listening("funocracy.answer")
        assert played.tap("undo") == 202
        played.listening("funocracy.mode")
    finally:
        assert played.close() == 0
    assert "█" in played.stderr()  # the address's QR code, printed
    said = [e["text"] for e in played.events() if e["type"] == "say"]
    assert f"The game is shown on this network at {lan_address()}, port {played.port}." in said
    heard = [e for e in played.events() if e["type"] == "heard"]
    assert [(e["text"], e.get("via")) for e in heard] == [
        ("three", "tap"),
        ("normal", None),
        ("undo", "tap"),
    ]
    assert players["answer"]["value"] == 3
    offered = {
        e["step"]: {o.get("command") for o in e["offers"]}
        for e in played.events()
        if e["type"] == "listen"
    }
    # a skip button only where the ask can be skipped (a theme, not the number of players)
    assert "skip" not in offered["funocracy.players"] and "skip" in offered["funocracy.answer"]
    record, _ = Saves(tmp_path / "state").store("funocracy").load()
    assert [a["step"] for a in record.answers] == ["funocracy.players"]  # the mode undone


def test_hidden_roles_never_reach_the_page_before_the_table_names_the_forgers(tmp_path):
    options = {"players": 3, "mode": "hidden", "scoring": "full"}
    script = plan(what_the_fake.load(), options, 2937)
    assert any(line.text.startswith("it was player") for line in script.lines)  # a reveal
    played = Played(
        tmp_path, "what-the-fake", "--players", "3", "--mode", "hidden", "--seed", "2937"
    )
    played.type(script.text())
    assert played.close() == 0
    board = Board()
    messages = [m for e in played.events() if (m := board.add(e)) is not None]
    reveal = next(
        i
        for i, m in enumerate(messages)
        if m["type"] == "state" and m["state"]["roles"] is not None
    )
    before = json.dumps(messages[:reveal]).lower()
    assert '"forger"' not in before and '"roles": {' not in before
    assert "forger" in json.dumps(messages[reveal]["state"]["roles"])
    assert any(m["type"] == "listen" and m["offers"] for m in messages)


def test_typed_lines_on_the_display_keep_the_wall_clocks_pace_while_nobody_types():
    typed: queue.SimpleQueue = queue.SimpleQueue()

    def keyboard():
        while (line := typed.get()) is not None:
            if isinstance(line, Exception):
                raise line
            yield line

    lines = waiting_lines(keyboard(), tick=0.05)
    began = time.monotonic()
    quiet = [float(next(lines).split()[1].rstrip("]")) for _ in range(6)]
    assert sum(quiet) == pytest.approx(time.monotonic() - began, abs=0.02)
    assert all(0.04 <= q <= 0.2 for q in quiet)
    typed.put("normal")
    assert next(line for line in lines if not line.startswith("[silence")) == "normal"
    typed.put(SpeechError("Standard input cannot be read."))
    with pytest.raises(SpeechError):
        next(line for line in lines if not line.startswith("[silence"))


def test_a_sorry_inside_a_turn_sends_the_deadline_it_moved_to(speaker, common):
    """The page counts down from the last listen's deadline: after gm's "sorry" inside a timed
    ask a listen gives the later deadline at which gm really times out."""
    from test_turn_deadline import run

    script = "[silence 5]\nbanana bread\n[silence 40]\n"
    _, transcript = run(script, speaker, common, EngineConfig())
    first, again = [e for e in transcript.of_type("listen") if e["step"] == "turns.ask1"][:2]
    sorry = next(e for e in transcript.of_type("say") if e["text"].startswith("Sorry"))
    assert first["t"] < sorry["t"] < again["t"] and again["deadline"] > first["deadline"]
    timed_out = next(
        e for e in transcript.of_type("decision") if e["decision"] == "ask 1 timed out"
    )
    assert timed_out["t"] == pytest.approx(again["deadline"], abs=0.15)


def test_resume_it_or_a_new_one_is_answered_by_a_tap(tmp_path):
    played = Played(tmp_path, "funocracy", "--seed", "3")
    played.listening("funocracy.players")
    played.tap("three")
    played.decided("funocracy.players")
    assert played.close() == 0
    again = Played(tmp_path, "funocracy", "--seed", "4")
    try:
        offers = again.listening("gm.unfinished")["offers"]
        assert [o["phrase"] for o in offers][:2] == ["resume it", "a new one"]
        assert again.tap("resume it") == 202
        again.listening("funocracy.mode")  # the saved game, its players decided
    finally:
        assert again.close() == 0
