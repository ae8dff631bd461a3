"""scripts/bench_meaning_neighbours.py's own pieces: the safetensors reader, the vote of the
nearest sentences, and a missing model refused in one sentence."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import bench_meaning_neighbours as nb  # noqa: E402


def test_a_safetensors_file_is_read_as_written(tmp_path):
    first = np.arange(6, dtype="<f4").reshape(2, 3)
    second = np.array([7, 8], dtype="<i8")
    body = first.tobytes() + second.tobytes()
    header = {
        "bert.a": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 24]},
        "b": {"dtype": "I64", "shape": [2], "data_offsets": [24, 40]},
        "__metadata__": {"format": "pt"},
    }
    text = json.dumps(header).encode()
    path = tmp_path / "model.safetensors"
    path.write_bytes(struct.pack("<Q", len(text)) + text + body)
    read = nb.tensors(path)
    assert set(read) == {"a", "b"}  # "bert." dropped, the metadata skipped
    assert np.array_equal(read["a"], first) and list(read["b"]) == [7.0, 8.0]


def test_the_nearest_sentences_of_the_same_ask_vote_by_similarity():
    def item(ask, kind, *e):
        v = np.array(e, dtype=float)
        return {"ask": ask, "kind": kind, "e": v / np.linalg.norm(v)}

    pool = [item("x", "talk", 1, 0)] * 3 + [item("x", "partial", 0, 1)] * 2
    pool += [item("y", "answer", 1, 0.1)] * 5  # another ask's: not asked while x has five
    label, share = nb.nearest(item("x", "?", 1, 0.2), pool)
    assert label == "talk" and 0.5 < share < 1.0


def test_a_missing_model_is_one_sentence_and_status_2(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "bench_meaning_neighbours.py"),
            "--model",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and done.stdout.count("\n") == 1 and not done.stderr
