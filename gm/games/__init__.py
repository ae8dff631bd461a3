"""The games gm knows, found by a forgiving name ("funo", "who the f", "what-the-fake")."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from rapidfuzz import fuzz

from gm.content import ContentError, ContentFile, dealt, deck_of
from gm.content import load as load_content
from gm.steps import Game


@dataclass(frozen=True)
class Entry:
    id: str
    module: str
    title: str
    aliases: tuple[str, ...]


GAMES = (
    Entry(
        "who_the_f",
        "gm.games.who_the_f",
        "Who the F*ck?",
        ("who the f", "who the fuck", "who-the-f", "zigoto", "who"),
    ),
    Entry("funocracy", "gm.games.funocracy", "Funocracy", ("funocracy", "funo", "letters")),
    Entry(
        "what_the_fake",
        "gm.games.what_the_fake",
        "What the Fake?!",
        ("what the fake", "what-the-fake", "fake", "forger", "what"),
    ),
)


class UnknownGame(ValueError):
    pass


def find(name: str) -> Entry:
    """The game whose id, title or alias is `name`, or close to it with a typo ("funocrasy").

    Close means rapidfuzz's plain ratio of at least FIND_CUTOFF against a whole name, clearly
    ahead of every other game's names: "who-the-fake" is as close to two games and is refused,
    as are scraps such as "the" or "w" that a partial match would have taken for a game.
    """
    key = " ".join(name.lower().replace("_", " ").replace("-", " ").split())
    names: dict[str, Entry] = {}
    for entry in GAMES:
        for alias in (entry.id.replace("_", " "), entry.title.lower(), *entry.aliases):
            names[alias.replace("-", " ")] = entry
    if key in names:
        return names[key]
    scored = sorted(((fuzz.ratio(key, alias), alias) for alias in names), reverse=True)
    best, alias = scored[0] if scored else (0.0, "")
    rival = max((score for score, other in scored if names[other] is not names[alias]), default=0.0)
    if len(key) < 3 or best < FIND_CUTOFF or best - rival < FIND_MARGIN:
        known = ", ".join(e.id.replace("_", "-") for e in GAMES)
        raise UnknownGame(f"There is no game called '{name}'; gm knows {known}.")
    return names[alias]


FIND_CUTOFF = 80
FIND_MARGIN = 5


def new_options(entry: Entry) -> dict:
    """The options every new game of `entry` records beside the table's (its module's
    NEW_OPTIONS), so that a save replays by the rules it was played with: a change to how the
    rules decide is one of them, and a save without it is played as before."""
    return dict(getattr(importlib.import_module(entry.module), "NEW_OPTIONS", {}))


def load(
    entry: Entry, language: str = "en", deck: ContentFile | None = None, own: bool = False
) -> Game:
    """The game with gm's deck, or with the tables of `deck` in its place: a table's own deck
    (`own`: smaller decks are allowed) or the deck a saved game was dealt from."""
    module = importlib.import_module(entry.module)
    if deck is None:
        return module.load(language)
    return module.load(language, source=dealt(load_content(entry.id, language), deck), own=own)


def deck_game(deck: ContentFile, language: str = "en") -> Entry:
    """The game a deck file is for, from its tables ("questions", "themes", "expo"...)."""
    tables = set(deck_of(deck))
    if "lines" in deck.data:
        raise deck.fail(
            "lines", "a deck holds cards; the spoken lines are gm's own and cannot be replaced"
        )
    if not tables:
        raise ContentError(f"{deck.path}: the deck is empty; see 'Your own decks' in the README.")
    kinds = {entry: set(deck_of(load_content(entry.id, language))) for entry in GAMES}
    fitting = [entry for entry, known in kinds.items() if tables <= known]
    if len(fitting) != 1:
        known = "; ".join(
            f"{e.id.replace('_', '-')}: {', '.join(sorted(k))}" for e, k in kinds.items()
        )
        stray = sorted(tables - set().union(*kinds.values()))
        if stray:
            raise deck.fail(stray[0], f"'{stray[0]}' is not a table of any game's deck ({known})")
        # every table is some game's, but not one game's: "questions" beside "themes"
        owners = ", ".join(
            f"'{table}' is {next(e for e, k in kinds.items() if table in k).id.replace('_', '-')}'s"
            for table in sorted(tables)
        )
        raise ContentError(f"{deck.path}: a deck is for one game, and here {owners} ({known}).")
    return fitting[0]
