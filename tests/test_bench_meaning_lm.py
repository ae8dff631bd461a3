"""scripts/bench_meaning_lm.py's own pieces: the prompt's examples are no corpus sentence, the
grammar lets the model say every value the dev labels name (and the kinds around them), the
model's reply is read back as a corpus value, the fallback acts as gm would, and a missing model
is refused in one sentence. The model itself is not run here (llama-cpp-python is not one of
gm's packages); BENCHMARKS.md gives the command that runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import bench_meaning_lm as lm  # noqa: E402
from benchlib import meaning_lm  # noqa: E402
from benchlib.meaning import GAMES, Outcome, corpus_path, entries  # noqa: E402


def _dev():
    for game_id in GAMES:
        yield from entries(corpus_path(game_id, "dev"))


def test_no_example_in_the_prompt_is_a_dev_sentence():
    assert meaning_lm.examples_in({text for _, text, _, _ in _dev()}) == []
    assert meaning_lm.examples_in({"Four of us picked number SIX!"}) == [
        "four of us picked number six"
    ]


RENAMED = {"what_the_fake.reveal": "what_the_fake.forgers"}  # the corpus's name, the game's
# Asks whose every value is written out whole in the grammar, as the label writes it.
WHOLE = ("what_the_fake.groups", "what_the_fake.forgers", "who_the_f.final_result")


def test_the_grammar_lets_the_model_say_every_value_a_dev_label_names():
    seen = 0
    for context, _, means, also in _dev():
        ask = RENAMED.get(context["ask"], context["ask"])
        grammar = meaning_lm.grammar(ask, context)
        for value in (means, *also):
            if ask not in WHOLE or not isinstance(value, (dict, str)):
                continue
            if value in ("talk", "ask") or str(value).startswith(("command:", "{'unanimous'")):
                continue  # the kinds every ask takes, commands (below) and a place by its rule
            text = json.dumps(value) if isinstance(value, dict) else f'"{value}"'
            assert meaning_lm.lit(text) in grammar, (ask, value)
            seen += 1
    assert seen > 200
    assert meaning_lm.lit('"command:undo"') in meaning_lm.grammar("funocracy.vote", {"voters": 3})


def test_the_grammar_holds_only_what_the_context_allows():
    forgers = meaning_lm.grammar("what_the_fake.forgers", {"players": 5, "forgers": 2})
    assert forgers.count('\\"seats\\"') == 10 and "[1, 6]" not in forgers  # 5 seats, 2 each
    final = meaning_lm.grammar("who_the_f.final_result", {"places": [2, 4, 5]})
    assert '{\\"empty\\": [2, 4]}' in final and "[2, 4, 5]" not in final  # one place has a vote
    kinds = meaning_lm.grammar_kind("funocracy.challenge", {})
    assert kinds.startswith('root ::= "{\\"kind\\": \\"talk\\"}"') and "value ::=" in kinds


@pytest.mark.parametrize(
    "raw, value",
    [
        ('{"kind": "talk"}', "talk"),
        ('{"kind": "partial"}', "ask"),
        ('{"kind": "command", "command": "pause"}', "command:pause"),
        ('{"kind": "answer", "value": {"count": 3, "place": 2}}', {"count": 3, "place": 2}),
        ('{"kind": "answer", "value": {"names": [" kite ", ""]}}', {"names": ["kite"]}),
        ('{"kind": "ans', None),  # cut off: no reading
    ],
)
def test_the_models_reply_is_read_as_a_corpus_value(raw, value):
    assert meaning_lm.parse_kind("what_the_fake.names", raw) == value


def test_the_fallback_checks_the_models_reading_only_where_the_rules_had_none():
    reading = {"count": 3, "place": 2}
    assert lm.fallback(Outcome("nothing"), reading, False) == Outcome("check", reading)
    assert lm.fallback(Outcome("nothing"), "talk", False) == Outcome("nothing")
    assert lm.fallback(Outcome("ask"), reading, False) == Outcome("ask")
    assert lm.fallback(Outcome("ask"), reading, True) == Outcome("check", reading)
    assert lm.fallback(Outcome("ask"), "ask", True) == Outcome("ask")
    decided = Outcome("decide", {"count": 4, "place": 1})
    assert lm.fallback(decided, reading, True) is decided
    assert lm.fallback(Outcome("refuse"), "command:pause", False) == Outcome(
        "check", "command:pause"
    )
    assert lm.fallback(Outcome("nothing"), None, True) == Outcome("nothing")  # no reading


def _run(*args: str) -> subprocess.CompletedProcess:
    script = str(ROOT / "scripts" / "bench_meaning_lm.py")
    return subprocess.run([sys.executable, script, *args], capture_output=True, text=True)


def test_a_persons_mistakes_are_one_sentence_and_status_2(tmp_path):
    model = tmp_path / "model.gguf"
    model.write_bytes(b"not a model")
    for args in (
        ["--model", str(tmp_path)],  # a folder, no model file
        ["--model", str(model), "--out", str(tmp_path / "nowhere" / "runs.jsonl")],
        ["--model", str(model)],  # llama-cpp-python is not one of gm's packages
    ):
        done = _run(*args)
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and not done.stdout, args
    done = _run("--model", str(model), "--every", "0")
    assert done.returncode == 2 and "whole number of 1 or more" in done.stderr


def test_readings_kept_from_another_model_or_a_cut_off_line_are_not_taken(tmp_path):
    out = tmp_path / "runs.jsonl"
    args = type("Args", (), {"model": "/m/a.gguf", "shape": "kind", "format": "chatml"})()
    args.out = str(out)
    same = {**lm.run_of(args), "game": "funocracy", "i": 3, "value": "talk"}
    other = {**same, "model": "b.gguf", "i": 4}
    out.write_text(json.dumps(same) + "\n" + json.dumps(other) + "\n" + '{"game": "fun')
    assert list(lm.kept(args)) == [("funocracy", 3)]
