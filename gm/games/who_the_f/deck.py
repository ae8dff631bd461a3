"""Who the F*ck?'s deck and lines: the questions (each "Who ...?") and what gm says.

prompts/<language>/who_the_f.toml holds them; a table's own deck replaces the questions (a few
are enough) and a saved game brings back the deck it was dealt from.
"""

from __future__ import annotations

from pathlib import Path

from gm import content
from gm.content import ContentFile, Lines

MIN_QUESTIONS = 80

REQUIRED_LINES = (
    "ask_players",
    "players_expected",
    "players_reprompts",
    "players_out_of_range",
    "ask_difficulty",
    "difficulty_expected",
    "difficulty_reprompts",
    "layout_places",
    "layout_zigotos",
    "layout_votes",
    "layout_tokens_one",
    "layout_tokens",
    "layout_questions",
    "layout_ready",
    "ready_expected",
    "ready_reprompts",
    "question",
    "vote_instructions",
    "vote_instructions_timed",
    "vote_expected",
    "vote_reprompts",
    "revealed",
    "ask_result",
    "result_expected",
    "result_reprompts",
    "hint_discarded",
    "too_many_votes",
    "bad_count",
    "elected",
    "unanimous",
    "bonus_token",
    "bonus_token_done",
    "bonus_full",
    "move_cards",
    "move_cards_done",
    "not_majority",
    "not_majority_one",
    "no_majority",
    "lose_token",
    "lose_token_done",
    "tokens_left_one",
    "tokens_left",
    "elected_progress",
    "final_start",
    "final_box",
    "final_place",
    "final_ready",
    "final_question",
    "final_instructions",
    "ask_final_result",
    "final_result_expected",
    "final_result_reprompts",
    "final_unanimous",
    "final_implied_unanimous",
    "final_leave_one",
    "final_leave",
    "final_center",
    "final_all_voted",
    "place_gone",
    "no_such_place",
    "all_empty",
    "too_many_places",
    "won_title",
    "won_celebrate",
    "lost",
    "lost_final",
    "lost_try_again",
    "score_setup",
    "score_tokens_one",
    "score_tokens",
    "score_elected",
    "score_places",
    "decision_players",
    "decision_difficulty",
    "decision_ready",
    "decision_revealed",
    "decision_hint",
    "decision_elected",
    "decision_unanimous",
    "decision_no_majority",
    "decision_final_ready",
    "decision_final_unanimous",
    "decision_final_empty",
    "decision_final_all_voted",
    "not_understood",
    "unanimous_contradicts",
    "vote_short",
    "vote_short_timed",
    "final_short",
    "hint_too_late",
    "tie",
    "next_prompt",
    "next_reprompts",
    "next_expected",
    "decision_next",
    "move_up_last",
    "ask_skip",
    "skip_expected",
    "skip_reprompts",
    "skipped",
    "skip_refused",
    "decision_skip",
    "decision_kept",
    "decision_skip_asked",
    "ask_final_which",
    "ask_final_empties",
    "decision_final_yes",
    "decision_final_no",
    "undo_elected",
    "undo_elected_last",
    "undo_bonus",
    "undo_token",
    "undo_final_leave",
    "undo_final_setup",
    "undo_final_leave_one",
)


def read(
    language: str = "en",
    root: Path | None = None,
    source: ContentFile | None = None,
    own: bool = False,
) -> tuple[tuple[str, ...], Lines]:
    """Read and check the question deck and the spoken lines; `source` is gm's content with a
    table's own deck (`own`: a few questions are enough) or a saved game's in it."""
    source = source or content.load("who_the_f", language, root)
    questions = source.strings(
        "questions", minimum=content.OWN_DECK_MINIMUM if own else MIN_QUESTIONS
    )
    problems = content.Problems()
    _check_questions(source, questions, problems)
    problems.check()
    lines = Lines(source)
    table = source.table("lines")
    for name in REQUIRED_LINES:
        if name not in table:
            raise source.fail("lines", f"the line '{name}' is missing from [lines]")
    return questions, lines


def _check_questions(
    source: ContentFile, questions: tuple[str, ...], problems: content.Problems
) -> None:
    seen: dict[str, int] = {}  # each question's first number, in lower case
    copies: dict[str, int] = {}  # how often each text has come so far: its copy's line
    for index, text in enumerate(questions, 1):
        nth = copies.get(text, 0)
        copies[text] = nth + 1
        if not text.lower().startswith("who ") or not text.endswith("?"):
            problems.add(
                source.fail_near(
                    text,
                    "questions",
                    f"question {index} ({text!r}) must start with 'Who', have words after it "
                    "and end with '?'",
                    nth,
                )
            )
        first = seen.setdefault(text.lower(), index)
        if first != index:  # each copy named at its own line, with the question it repeats
            problems.add(
                source.fail_near(
                    text, "questions", f"question {index} ({text!r}) is question {first} again", nth
                )
            )
