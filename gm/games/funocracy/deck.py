"""Funocracy's deck and lines: the letters with their stars, the themes, and what gm says.

prompts/<language>/funocracy.toml holds them; a table's own deck replaces the themes (a few
are enough) and a saved game brings back the deck it was dealt from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gm.content import OWN_DECK_MINIMUM, ContentFile, Lines, Problems
from gm.content import load as load_content

HIDDEN_DISCARDS = 3  # letters discarded unseen at each round's start
FACE_UP = 3  # letters face up in normal mode

REQUIRED_LINES = (
    "ask_players",
    "players_reprompts",
    "players_expected",
    "players_decision",
    "ask_mode",
    "mode_reprompts",
    "mode_expected",
    "mode_decision",
    "mode_normal",
    "mode_alternative",
    "game_intro",
    "round_start",
    "first_turn",
    "first_turn_next",
    "round_over",
    "last_letter",
    "pile_empty",
    "round_scores",
    "score_item",
    "score_items",
    "new_theme",
    "same_theme",
    "turn_again",
    "refused",
    "letters",
    "letter_item",
    "star_group",
    "letters_left",
    "letters_expected",
    "answer_reprompts",
    "answer_expected",
    "stars",
    "heard",
    "challenge_hint",
    "answer_decision",
    "which_letter",
    "which_letter_again",
    "unfitting_decision",
    "letter_reprompts",
    "letter_expected",
    "letter_decision",
    "not_face_up",
    "no_answer",
    "no_answer_decision",
    "too_late",
    "agree_letter",
    "agree_letter_decision",
    "skipped",
    "agree_expected",
    "agree_refused",
    "agree_refused_decision",
    "challenge_expected",
    "stands_decision",
    "vote",
    "vote_again",
    "vote_reprompts",
    "vote_expected",
    "vote_good",
    "vote_tie",
    "vote_meh",
    "vote_decision",
    "no_tie",
    "no_tie_one",
    "challenge_decision",
    "wrong_letter_decision",
    "wins_letter",
    "new_letter",
    "time_decision",
    "passed",
    "pass_decision",
    "skip_decision",
    "skip_once",
    "three_themes",
    "score_line",
    "score_line_round",
    "score_player",
    "score_players",
    "no_stars_yet",
    "no_scores",
    "game_over",
    "winner",
    "shared",
    "tie_break",
)


@dataclass(frozen=True)
class Theme:
    name: str
    answers: tuple[str, ...]  # typical answers: the answer ask's hints


@dataclass(frozen=True)
class Deck:
    """What a game of Funocracy is played with: each letter's stars, the themes, the lines."""

    stars: dict[str, int]
    themes: tuple[Theme, ...]
    lines: Lines


def read(language: str = "en", source: ContentFile | None = None, own: bool = False) -> Deck:
    """Read and check prompts/<language>/funocracy.toml: letters, themes and lines; `source` is
    gm's content with a table's own deck (`own`: a few themes are enough) or a saved game's in
    it."""
    source = source or load_content("funocracy", language)
    problems = Problems()
    stars: dict[str, int] = {}
    for i, record in source.records(
        "letters",
        {"letter": str, "stars": int},
        minimum=HIDDEN_DISCARDS + FACE_UP + 1,
        problems=problems,
    ):
        letter = record["letter"].strip().upper()
        if not re.fullmatch(r"[A-Z]", letter) or letter == "X":
            problems.add(
                source.entry_fail(
                    "letters",
                    i,
                    f"has '{record['letter']}', not one letter A to Z (X has no clean spoken name)",
                )
            )
        elif letter in stars:
            problems.add(source.entry_fail("letters", i, f"repeats the letter {letter}"))
        elif isinstance(record["stars"], bool) or not 1 <= record["stars"] <= 3:
            problems.add(
                source.entry_fail(
                    "letters", i, f"gives {letter} {record['stars']} stars, not 1 to 3"
                )
            )
        else:
            stars[letter] = record["stars"]
    themes: list[Theme] = []
    names: set[str] = set()
    for i, record in source.records(
        "themes",
        {"name": str, "answers": list},
        minimum=OWN_DECK_MINIMUM if own else 60,
        problems=problems,
    ):
        name = record["name"].strip()
        answers = record["answers"]
        if name.lower() in names:
            problems.add(source.entry_fail("themes", i, f"repeats the theme '{name}'"))
        elif len(answers) < 5 or not all(
            isinstance(a, str) and re.fullmatch(r"[a-z]+", a) for a in answers
        ):
            problems.add(
                source.entry_fail("themes", i, "needs at least 5 answers, each one lower-case word")
            )
        else:
            themes.append(Theme(name, tuple(answers)))
        names.add(name.lower())
    problems.check()
    lines = Lines(source)
    for name in REQUIRED_LINES:
        lines.many(name)  # raises, naming the file, when a line is missing
    return Deck(stars, tuple(themes), lines)
