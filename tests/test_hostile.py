"""Hostile and clumsy input, as a person gives it: every case ends in exit status 2, one sentence
on stderr, no traceback, and the saved game exactly as it was.

Each case builds its situation in a fresh folder beside a copy of a saved, unfinished Funocracy
game, runs gm as a process, and checks the result; the list is the issue's hostile-input list.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path
from typing import Callable, NamedTuple

import numpy as np
import pytest

from gm.speech.audio import write_wav
from gm.state import Saves

ROOT = Path(__file__).resolve().parent.parent
PLAY = ["play", "funocracy", "--players", "3", "--mode", "normal", "--seed", "5"]


class Situation(NamedTuple):
    argv: list[str]
    stdin: bytes | Path | None = b""  # a file is opened as standard input; None closes it
    env: dict[str, str] = {}
    stdout_closed: bool = False


class Case(NamedTuple):
    id: str
    make: Callable[[Path], Situation]
    words: tuple[str, ...]


def wav(folder: Path, name: str = "table.wav") -> Path:
    path = folder / name
    write_wav(path, np.zeros(16000, dtype="<i2").tobytes())
    return path


def wav_with_rate(folder: Path, rate: int) -> Path:
    raw = bytearray(wav(folder).read_bytes())
    raw[24:28] = struct.pack("<I", rate)  # the fmt chunk's sample rate
    path = folder / f"rate-{rate}.wav"
    path.write_bytes(bytes(raw))
    return path


def fifo(folder: Path) -> Path:
    path = folder / "pipe.wav"
    os.mkfifo(path)
    return path


def link(folder: Path, target: Path, name: str) -> Path:
    path = folder / name
    path.symlink_to(target)
    return path


def loop(folder: Path) -> Path:
    """A symbolic link that leads, through another, back to itself."""
    link(folder, folder / "loop-b.wav", "loop-a.wav")
    return link(folder, folder / "loop-a.wav", "loop-b.wav")


def huge_line(folder: Path) -> Path:
    path = folder / "line.txt"
    with open(path, "wb") as out:
        out.write(b"a" * (100 * 1024 * 1024) + b"\n")  # 100 MB in one line
    return path


def nested_toml(folder: Path) -> Path:
    path = folder / "nested.toml"
    path.write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n")
    return path


def deck(folder: Path, text: str) -> Path:
    path = folder / "deck.toml"
    path.write_text(text)
    return path


def held_lock(folder: Path) -> Situation:
    state = Path(os.environ["GM_STATE_DIR"])
    lock = Saves(state).lock()  # this test process is the other gm
    held_lock.handles.append(lock)  # type: ignore[attr-defined]
    return Situation([*PLAY, "--text"], b"three\n")


held_lock.handles = []  # type: ignore[attr-defined]


CASES = [
    # output paths that are input paths
    Case(
        "speak-to-is-the-wav",
        lambda d: Situation([*PLAY, "--wav", str(wav(d)), "--speak-to", str(d / "table.wav")]),
        ("--speak-to", "destroy"),
    ),
    Case(
        "speak-to-links-to-the-wav",
        lambda d: Situation(
            [*PLAY, "--wav", str(wav(d)), "--speak-to", str(link(d, d / "table.wav", "out.wav"))]
        ),
        ("destroy",),
    ),
    Case(
        "transcript-is-the-wav",
        lambda d: Situation([*PLAY, "--wav", str(wav(d)), "--transcript", str(d / "table.wav")]),
        ("--transcript", "destroy"),
    ),
    Case(
        "transcript-is-the-save",
        lambda d: Situation(
            [
                *PLAY,
                "--text",
                "--transcript",
                str(Path(os.environ["GM_STATE_DIR"]) / "funocracy" / "current.json"),
            ],
            b"",
        ),
        ("destroy",),
    ),
    # standard input
    Case(
        "stdin-is-dev-zero",
        lambda d: Situation([*PLAY, "--text"], Path("/dev/zero")),
        ("longer than",),
    ),
    Case("a-100-MB-line", lambda d: Situation([*PLAY, "--text"], huge_line(d)), ("longer than",)),
    Case(
        "stdin-closed", lambda d: Situation([*PLAY, "--text"], None), ("standard input is closed",)
    ),
    Case(
        "silence-1e9",
        lambda d: Situation([*PLAY, "--text"], b"[silence 1e9]\n"),
        ("[silence 1e9]", "directive"),
    ),
    Case(
        "silence-negative",
        lambda d: Situation([*PLAY, "--text"], b"[silence -5]\n"),
        ("[silence -5]", "directive"),
    ),
    Case(
        "silence-abc",
        lambda d: Situation([*PLAY, "--text"], b"[silence abc]\n"),
        ("[silence abc]", "directive"),
    ),
    # WAV files
    Case(
        "wav-rate-0",
        lambda d: Situation([*PLAY, "--wav", str(wav_with_rate(d, 0))]),
        ("not a readable WAV",),
    ),
    Case(
        "wav-rate-4e9",
        lambda d: Situation([*PLAY, "--wav", str(wav_with_rate(d, 4_000_000_000))]),
        ("not a readable WAV",),
    ),
    Case(
        "wav-rate-1-Hz", lambda d: Situation([*PLAY, "--wav", str(wav_with_rate(d, 1))]), ("1 Hz",)
    ),
    Case(
        "wav-is-a-fifo",
        lambda d: Situation([*PLAY, "--wav", str(fifo(d))]),
        ("not a regular file",),
    ),
    Case(
        "wav-is-dev-zero",
        lambda d: Situation([*PLAY, "--wav", "/dev/zero"]),
        ("not a regular file",),
    ),
    Case(
        "listen-to-a-fifo",
        lambda d: Situation(["listen", "--wav", str(fifo(d))]),
        ("not a regular file",),
    ),
    # settings
    Case(
        "config-is-dev-zero",
        lambda d: Situation([*PLAY, "--text"], b"", {"GM_CONFIG": "/dev/zero"}),
        ("not a regular file",),
    ),
    Case(
        "config-is-a-fifo",
        lambda d: Situation([*PLAY, "--text"], b"", {"GM_CONFIG": str(fifo(d))}),
        ("settings file", "not a regular file"),
    ),
    Case(
        "config-is-a-broken-link",
        lambda d: Situation(
            [*PLAY, "--text"], b"", {"GM_CONFIG": str(link(d, d / "gone.toml", "config.toml"))}
        ),
        ("settings file", "leads to no file"),
    ),
    Case(
        "gm-state-dir-empty",
        lambda d: Situation([*PLAY, "--text"], b"three\n", {"GM_STATE_DIR": ""}),
        ("GM_STATE_DIR", "empty"),
    ),
    Case(
        "config-missing",
        lambda d: Situation([*PLAY, "--text"], b"", {"GM_CONFIG": str(d / "none.toml")}),
        ("GM_CONFIG", "does not exist"),
    ),
    Case(
        "config-nested-deeply",
        lambda d: Situation([*PLAY, "--text"], b"", {"GM_CONFIG": str(nested_toml(d))}),
        ("nested too deeply",),
    ),
    Case(
        "empty-state-dir",
        lambda d: Situation([*PLAY, "--text", "--state-dir", ""]),
        ("--state-dir",),
    ),
    Case(
        "state-dir-under-a-file",
        lambda d: Situation(
            [*PLAY, "--text", "--state-dir", str(deck(d, "x") / "state")], b"three\n"
        ),
        ("cannot be saved",),
    ),
    Case("a-second-gm", held_lock, ("another gm",)),
    # outputs that cannot be written
    Case(
        "transcript-in-a-missing-folder",
        lambda d: Situation([*PLAY, "--text", "--transcript", str(d / "no" / "t.jsonl")]),
        ("--transcript", "no such file"),
    ),
    Case(
        "transcript-is-a-folder",
        lambda d: Situation([*PLAY, "--text", "--transcript", str(d)]),
        ("--transcript", "a folder"),
    ),
    Case(
        "transcript-is-read-only",
        lambda d: Situation([*PLAY, "--text", "--transcript", "/proc/version"], b"three\n"),
        ("--transcript",),
    ),
    Case(
        "transcript-to-dev-full",
        lambda d: Situation([*PLAY, "--text", "--transcript", "/dev/full"], b"three\n"),
        ("--transcript", "not a regular file"),
    ),
    Case(
        "transcript-is-a-fifo",
        lambda d: Situation([*PLAY, "--text", "--transcript", str(fifo(d))], b"three\n"),
        ("--transcript", "not a regular file"),
    ),
    Case(
        "transcript-with-a-wav-that-is-a-link-loop",
        lambda d: Situation(
            [*PLAY, "--wav", str(loop(d)), "--transcript", str(d / "t.jsonl")], b"three\n"
        ),
        ("symbolic links",),
    ),
    Case(
        "speak-to-dev-full",
        lambda d: Situation([*PLAY, "--text", "--speak-to", "/dev/full"], b"three\n"),
        ("--speak-to", "not a regular file"),
    ),
    Case(
        "speak-to-a-fifo",
        lambda d: Situation([*PLAY, "--text", "--speak-to", str(fifo(d))], b"three\n"),
        ("--speak-to", "not a regular file"),
    ),
    Case(
        "say-into-a-fifo",
        lambda d: Situation(["say", "hello", "--wav", str(fifo(d))]),
        ("--wav", "not a regular file"),
    ),
    Case(
        "stdout-a-closed-pipe",
        lambda d: Situation(["models", "list", "--dir", str(d)], stdout_closed=True),
        ("output was closed",),
    ),
    # options
    Case(
        "reveal-after-nan",
        lambda d: Situation(["play", "who", "--text", "--reveal-after", "nan"]),
        ("nan",),
    ),
    Case(
        "reveal-after-inf",
        lambda d: Situation(["play", "who", "--text", "--reveal-after", "inf"]),
        ("inf",),
    ),
    Case(
        "url-not-a-url",
        lambda d: Situation(
            ["models", "download", "en-us-small", "--dir", str(d), "--url", "notaurl"]
        ),
        ("http",),
    ),
    # game names
    *[
        Case(
            f"game-named-{name}",
            lambda d, name=name: Situation(["play", name, "--text"]),
            ("no game called", "funocracy"),
        )
        for name in ("the", "w", "f", "who-the-fake")
    ],
    # decks
    Case(
        "deck-is-dev-zero",
        lambda d: Situation([*PLAY, "--text", "--deck", "/dev/zero"]),
        ("not a regular file",),
    ),
    Case(
        "deck-is-a-fifo",
        lambda d: Situation([*PLAY, "--text", "--deck", str(fifo(d))]),
        ("not a regular file",),
    ),
    Case(
        "decks-check-a-fifo",
        lambda d: Situation(["decks", "check", str(fifo(d))]),
        ("not a regular file",),
    ),
    Case(
        "deck-is-a-folder",
        lambda d: Situation(["decks", "check", str(d)]),
        ("a folder",),
    ),
    Case(
        "deck-for-another-game",
        lambda d: Situation(
            [
                *PLAY,
                "--text",
                "--deck",
                str(deck(d, 'questions = ["Who is late?", "Who is early?", "Who is here?"]\n')),
            ]
        ),
        ("for Who the F",),
    ),
    Case(
        "deck-nested-deeply",
        lambda d: Situation(["decks", "check", str(nested_toml(d))]),
        ("nested too deeply",),
    ),
    Case(
        "resume-a-game-never-played",
        lambda d: Situation(["resume", "what-the-fake", "--text"]),
        ("no saved game",),
    ),
]


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory) -> Path:
    """A state directory holding an unfinished Funocracy game with one decision (and the save
    before it)."""
    state = tmp_path_factory.mktemp("saved") / "state"
    result = subprocess.run(
        [sys.executable, "-m", "gm", *PLAY, "--text"],
        input=b"[silence 30]\n[silence 30]\n",
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "GM_STATE_DIR": str(state)},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return state


def snapshot(state: Path) -> dict[str, bytes]:
    return {str(p.relative_to(state)): p.read_bytes() for p in sorted(state.rglob("*.json"))}


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_hostile_input_is_one_sentence_and_keeps_the_save(case, saved_game, tmp_path, monkeypatch):
    state = tmp_path / "state"
    shutil.copytree(saved_game, state)
    before = snapshot(state)
    assert len(before) == 2
    folder = tmp_path / "case"
    folder.mkdir()
    monkeypatch.setenv("GM_STATE_DIR", str(state))
    situation = case.make(folder)
    env = {**os.environ, **situation.env}
    stdout = subprocess.DEVNULL
    read_end = None
    if situation.stdout_closed:
        read_end, stdout = os.pipe()
        os.close(read_end)
    stdin = open(situation.stdin, "rb") if isinstance(situation.stdin, Path) else subprocess.PIPE
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "gm", *situation.argv],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL if situation.stdin is None else stdin,
            stdout=stdout,
            stderr=subprocess.PIPE,
            preexec_fn=(lambda: os.close(0)) if situation.stdin is None else None,
        )
        _, err = process.communicate(
            situation.stdin if isinstance(situation.stdin, bytes) else None, timeout=120
        )
    finally:
        if isinstance(situation.stdin, Path):
            stdin.close()
        if situation.stdout_closed:
            os.close(stdout)
        for handle in held_lock.handles:  # type: ignore[attr-defined]
            handle.close()
        held_lock.handles.clear()  # type: ignore[attr-defined]
    stderr = err.decode("utf-8", "replace")
    assert process.returncode == 2, stderr
    assert "Traceback" not in stderr
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    for word in case.words:
        assert word.lower() in lines[0].lower(), lines[0]
    assert snapshot(state) == before  # the saved game is untouched


def test_a_damaged_whisper_model_is_refused_before_gm_says_a_word(tmp_path):
    """The model loads in the background while the voice does; gm waits for it before its
    welcome, so a model CTranslate2 cannot load is one sentence at the start."""
    from gm.speech.asr.whisper import embedded_model

    model = tmp_path / "damaged-model"
    model.mkdir()
    for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
        shutil.copy(embedded_model() / name, model / name)
    (model / "model.bin").write_bytes(np.random.default_rng(1).bytes(1_000_000))
    transcript = tmp_path / "t.jsonl"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "gm",
            *PLAY,
            "--wav",
            str(wav(tmp_path)),
            "--model",
            str(model),
            "--transcript",
            str(transcript),
            "--state-dir",
            str(tmp_path / "state"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "could not load the model" in result.stderr
    assert '"say"' not in transcript.read_text()  # not a word said
