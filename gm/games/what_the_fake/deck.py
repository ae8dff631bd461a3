"""What the Fake?!'s deck and lines: the EXPO cards, the words a table uses for one drawing
([same]), and what gm says.

prompts/<language>/what_the_fake.toml holds them; a table's own deck replaces the cards (a few
are enough) and a saved game brings back the deck it was dealt from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from gm import content
from gm.content import ContentFile, Lines
from gm.games.what_the_fake.groups import synonyms

MIN_CARDS = 45
MIN_HINTS = 6
PHRASE = re.compile(r"[a-z]+( [a-z]+)*")

REQUIRED_LINES = (
    "ask_players",
    "players_expected",
    "players_reprompts",
    "players_out_of_range",
    "players_not_number",
    "decision_players",
    "ask_mode",
    "mode_expected",
    "mode_reprompts",
    "bad_mode",
    "bad_scoring",
    "bad_time_limit",
    "decision_mode",
    "mode_open",
    "mode_hidden",
    "intro",
    "round_start",
    "one_forger",
    "two_forgers",
    "pass_roles",
    "deal_one",
    "deal_two",
    "theme",
    "new_theme",
    "theme_prompt",
    "theme_expected",
    "theme_reprompts",
    "decision_skip",
    "decision_go",
    "draw",
    "draw_time",
    "done",
    "stop_drawing",
    "stop_how",
    "drawing_expected",
    "decision_shout",
    "decision_count",
    "decision_stop",
    "decision_timeout",
    "ask_forger",
    "ask_forgers",
    "ask_other_forger",
    "forger_expected",
    "forgers_expected",
    "forger_reprompts",
    "already_named",
    "no_such_seat",
    "revealed_one",
    "revealed_two",
    "decision_forger",
    "decision_the_forger",
    "decision_forgers",
    "ask_names",
    "ask_next_name",
    "names_again",
    "names_expected",
    "names_reprompts",
    "next_name_reprompts",
    "names_none",
    "names_too_many",
    "names_unclear",
    "decision_names",
    "decision_no_names",
    "decision_no_more",
    "check_names",
    "check_names_reprompts",
    "check_names_expected",
    "names_dropped",
    "decision_heard_names",
    "decision_not_names",
    "groups_intro",
    "no_groups",
    "group_shared",
    "group_one_seat",
    "singles",
    "single_item",
    "invalid_note",
    "void_note",
    "groups_prompt",
    "example_merge",
    "example_out",
    "example_invalid",
    "groups_again",
    "groups_expected",
    "groups_reprompts",
    "no_such_group",
    "group_invalid",
    "seat_invalid",
    "group_valid",
    "decision_merge",
    "decision_split",
    "decision_out",
    "decision_invalid",
    "decision_void",
    "decision_valid",
    "decision_correct",
    "ask_points",
    "artist",
    "forger",
    "points_expected",
    "points_reprompts",
    "decision_points",
    "round_points",
    "ask_names_short",
    "ask_names_next",
    "groups_prompt_short",
    "no_points",
    "points_for_one",
    "points_for_many",
    "which_change",
    "valid_or_invalid",
    "already_invalid",
    "already_valid",
    "already_together",
    "decision_apart",
    "same_question",
    "check_first",
    "decision_go_shout",
    "decision_change",
    "leader",
    "leaders",
    "all_level",
    "game_over",
    "winner",
    "winners",
    "point",
    "points",
    "score_not_started",
    "score_round",
    "score_line",
)


@dataclass(frozen=True)
class Card:
    """One EXPO card: where the exhibition is, its theme, and drawings tables often make."""

    city: str
    theme: str
    hints: tuple[str, ...]


@dataclass(frozen=True)
class Deck:
    """What a game of What the Fake?! is played with: the cards, the lines, the [same] lists."""

    cards: tuple[Card, ...]
    lines: Lines
    same: dict[str, str]
    whole: tuple[str, ...] = ()  # names with "and" that are one drawing ("fish and chips")


def read(
    language: str = "en", root: Any = None, source: ContentFile | None = None, own: bool = False
) -> Deck:
    """Read and check prompts/<language>/what_the_fake.toml; `source` is gm's content with a
    table's own deck (`own`: a few cards are enough) or a saved game's in it."""
    source = source or content.load("what_the_fake", language, root)
    return Deck(
        _cards(source, content.OWN_DECK_MINIMUM if own else MIN_CARDS),
        _lines(source),
        _same(source),
        _whole(source),
    )


def _whole(source: ContentFile) -> tuple[str, ...]:
    """The optional `whole` list: names with "and" that English uses for one thing."""
    value = source.data.get("whole", [])
    if not isinstance(value, list) or not all(
        isinstance(n, str) and PHRASE.fullmatch(n) for n in value
    ):
        raise source.fail("whole", "'whole' must be a list of lower-case names")
    return tuple(value)


def _same(source: ContentFile) -> dict[str, str]:
    """The optional `same` lists: words a table uses for one drawing (["cat", "kitty"])."""
    value = source.data.get("same", [])
    if not isinstance(value, list) or not all(
        isinstance(names, list)
        and len(names) > 1
        and all(isinstance(n, str) and PHRASE.fullmatch(n) for n in names)
        for names in value
    ):
        raise source.fail("same", "'same' must be a list of lists of two or more lower-case names")
    return synonyms(value)


def _lines(source: ContentFile) -> Lines:
    lines = Lines(source)
    missing = [name for name in REQUIRED_LINES if name not in set(lines.names())]
    if missing:
        raise source.fail("lines", f"the line '{missing[0]}' is missing from [lines]")
    return lines


def _cards(source: ContentFile, minimum: int) -> tuple[Card, ...]:
    problems = content.Problems()
    records = source.records(
        "expo", {"city": str, "theme": str, "hints": list}, minimum=minimum, problems=problems
    )
    cards: list[Card] = []
    seen: set[tuple[str, str]] = set()
    for index, record in records:
        hints = record["hints"]
        key = (record["city"].strip().lower(), record["theme"].strip().lower())
        if not all(isinstance(h, str) and PHRASE.fullmatch(h.strip()) for h in hints):
            problems.add(
                source.entry_fail("expo", index, "has a hint that is not lower-case words")
            )
        elif len(hints) < MIN_HINTS:
            problems.add(
                source.entry_fail(
                    "expo", index, f"needs at least {MIN_HINTS} hints, it has {len(hints)}"
                )
            )
        elif key in seen:
            problems.add(
                source.entry_fail("expo", index, f"repeats {record['city']}, {record['theme']}")
            )
        else:
            cards.append(
                Card(
                    record["city"].strip(), record["theme"].strip(), tuple(h.strip() for h in hints)
                )
            )
        seen.add(key)
    problems.check()
    return tuple(cards)
