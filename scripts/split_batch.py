#!/usr/bin/env python3
"""Add a batch of labelled sentences to the meaning corpus (tests/meaning), a third to held/.

    split_batch.py BATCH_DIR --seed N [--corpus tests/meaning] [--note TEXT]

BATCH_DIR holds dev/GAME.toml files in the corpus's format, written fresh and scored whole by
`bench_meaning.py --corpus BATCH_DIR --part dev` before any rule was written for them. Each
game's sentences are split at random with the seed, stratified by ask and by label kind
(answer, ask, talk, command): in each stratum a third, shuffled, goes to held/, the rest to
dev/, appended with their sets' contexts after a comment that says so. A sentence whose text
the game's corpus already holds (case and punctuation aside) is left out.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "meaning"))
import corpus  # noqa: E402  (the corpus's own loader and schema)


def _value(value: object) -> str:
    """A TOML value as the corpus writes it: strings, numbers, booleans, lists, inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {value!r}")


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9 ]", "", text.lower()).strip()


def _sets(sets: list[tuple[dict, list[dict]]], note: str) -> str:
    out = [f"\n# {line}" if i == 0 else f"# {line}" for i, line in enumerate(note.splitlines())]
    for context, says in sets:
        if not says:
            continue
        out.append("\n[[set]]")
        out.extend(f"{k} = {_value(v)}" for k, v in context.items())
        for say in says:
            out.append("\n[[set.say]]")
            out.extend(f"{k} = {_value(v)}" for k, v in say.items())
    return "\n".join(out) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("batch", type=Path)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--corpus", type=Path, default=ROOT / "tests" / "meaning")
    parser.add_argument(
        "--note",
        default="A batch written from the rulebooks alone by another hand, scored whole before "
        "any rule\nwas written for it, then split at random (seed {seed}): a third to held/.",
    )
    args = parser.parse_args()
    note = args.note.format(seed=args.seed)
    for path in sorted((args.batch / "dev").glob("*.toml")):
        corpus.load(path)  # the schema, or the error naming the entry
        game = path.stem
        known = {
            _key(text)
            for part in ("dev", "held")
            for _, text, _ in corpus.load(args.corpus / part / f"{game}.toml")
        }
        sets = tomllib.loads(path.read_text(encoding="utf-8"))["set"]
        strata: dict[tuple[str, str], list[tuple[int, int]]] = {}
        for s, entry in enumerate(sets):
            for k, say in enumerate(entry["say"]):
                if _key(say["text"]) in known:
                    continue
                known.add(_key(say["text"]))
                strata.setdefault((entry["ask"], corpus.kind(say["means"])), []).append((s, k))
        rng = random.Random(args.seed)
        held: set[tuple[int, int]] = set()
        for stratum in sorted(strata):
            members = strata[stratum]
            rng.shuffle(members)
            held.update(members[: round(len(members) / 3)])
        kept = {member for members in strata.values() for member in members}
        for part, chosen in (("dev", kept - held), ("held", held)):
            parts = [
                (
                    {k: v for k, v in entry.items() if k != "say"},
                    [say for k, say in enumerate(entry["say"]) if (s, k) in chosen],
                )
                for s, entry in enumerate(sets)
            ]
            target = args.corpus / part / f"{game}.toml"
            with target.open("a", encoding="utf-8") as out:
                out.write(_sets(parts, note))
            corpus.load(target)
        print(f"{game}: {len(kept) - len(held)} to dev, {len(held)} to held")
    return 0


if __name__ == "__main__":
    sys.exit(main())
