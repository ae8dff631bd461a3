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


def test_a_missing_model_is_one_sentence_and_status_2(tmp_path):
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "bench_meaning_lm.py"), "--model", str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and not done.stdout
