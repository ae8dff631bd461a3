"""Every line gm says is a whole sentence: each template of prompts/en, filled with sample
slots, starts with a capital, ends with a full stop, a question or an exclamation mark, and has
a verb, unless it is a headline a table hears whole ("Ten seconds.", "Letters: B, M and T.").

Lines that are parts of other lines (what an ask expects, a decision, a list item) are named
by FRAGMENT and checked where they are used.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
import tomllib

PROMPTS = Path(__file__).resolve().parent.parent / "prompts" / "en"
FRAGMENT = re.compile(
    r"^decision_|^heard_|^example_|_decision$|_expected$|_items?$|^stars?$|^points?$"
    r"|^score_players?$|^mode_"
    r"|^(unfinished_progress|star_group|artist|forger|no_points|points_for_one|points_for_many"
    r"|seconds)$"
)
VERBS = set(
    """is are was were be been am can can't 'm 's 're 've 'll say says said tell starts start
    win wins won have has had do does did go goes keep keeps vote votes count counts carry
    carries pass passes stay stays hear heard listen listening take takes put puts reveal draw
    drawing drew give gives gave lose loses lost end ends stop stopped continue agree score
    scored name names named play plays see shall will would could should let get gets got need
    needs make makes made want think know discard discarded share lay move shuffle bring place
    add added went moved favours elected finished catch lead leads""".split()
)
# Headlines a table hears whole: a label and its value, a count, an interjection, a question
# that offers its answers. Each is a line of its own at a moment that makes its meaning plain.
HEADLINES = {
    "common": {"resumed", "undone", "command_cancelled", "ten_seconds", "time_up"},
    "funocracy": {
        "ask_players",
        "round_start",
        "round_scores",
        "new_theme",
        "same_theme",
        "letters",
        "answer_reprompts",
        "heard",
        "new_letter",
        "score_line",
        "score_line_round",
    },
    "who_the_f": {
        "ask_difficulty",
        "question",
        "skip_reprompts",
        "tie",
        "tokens_left_one",
        "tokens_left",
        "elected_progress",
        "ask_final_which",
        "final_unanimous",
        "score_elected",
        "score_places",
    },
    "what_the_fake": {
        "round_start",
        "new_theme",
        "done",
        "ask_names_short",
        "ask_next_name",
        "ask_names_next",
        "names_none",
        "check_first",
        "names_dropped",  # "Sorry.", after a no to "I heard ... Is that right?", then "Player two?"
        "group_shared",
        "group_one_seat",
        "singles",
        "points_reprompts",
        "round_points",
        "groups_prompt_short",
        "score_round",
        "score_line",
    },
}
# Sample slots as the rules fill them: names capitalised, numbers in words.
SAMPLES = {
    "theme": "Fruits",
    "title": "Funocracy",
    "word": "Kiwi",
    "city": "Paris",
    "text": "Who would survive longest on a desert island?",
    "letters": "B as in bravo, M and T",
    "letter": "B as in bravo",
    "first": "K",
    "expected": "yes or no",
}


def rendered() -> list[tuple[str, str, str]]:
    """(file, name, line) for every sentence template, filled with sample slots."""
    found = []
    for path in sorted(PROMPTS.glob("*.toml")):
        lines = tomllib.loads(path.read_text())["lines"]
        for name, value in lines.items():
            if FRAGMENT.search(name):
                continue
            for template in value if isinstance(value, list) else [value]:
                fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
                leading = template.startswith("{")  # the rules capitalise what starts a line
                sample = {f: SAMPLES.get(f, "Two" if leading else "two") for f in fields}
                found.append((path.stem, name, template.format(**sample)))
    return found


LINES = rendered()


def test_the_templates_are_found():
    assert ("funocracy", "refused") in {(f, n) for f, n, _ in LINES}
    assert len(LINES) > 200


@pytest.mark.parametrize("file,name,line", LINES)
def test_every_line_is_a_whole_sentence(file, name, line):
    assert line[:1].isupper(), f"{file}.{name} starts with no capital: {line!r}"
    assert line.rstrip()[-1:] in ".?!", f"{file}.{name} ends with no punctuation: {line!r}"
    if name in HEADLINES.get(file, ()):
        return
    words = set(re.findall(r"[a-z']+", line.lower()))
    words |= {w[w.index("'") :] for w in words if "'" in w}  # "there's" has "'s"
    assert words & VERBS, f"{file}.{name} has no verb: {line!r}"


def test_every_headline_is_still_a_line():
    names = {(f, n) for f, n, _ in LINES}
    assert {(f, n) for f, ns in HEADLINES.items() for n in ns} <= names
