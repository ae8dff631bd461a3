"""The games gm knows, found by a forgiving name ("funo", "who the f", "what-the-fake")."""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from gm.steps import Game


@dataclass(frozen=True)
class Entry:
    id: str
    module: str
    title: str
    aliases: tuple[str, ...]


GAMES = (
    Entry("who_the_f", "gm.games.who_the_f", "Who the F*ck?", ("who the f", "who the fuck", "who-the-f", "zigoto", "who")),
    Entry("funocracy", "gm.games.funocracy", "Funocracy", ("funocracy", "funo", "letters")),
    Entry("what_the_fake", "gm.games.what_the_fake", "What the Fake?!", ("what the fake", "what-the-fake", "fake", "forger")),
)


class UnknownGame(ValueError):
    pass


def find(name: str) -> Entry:
    """The game whose id, title or alias is closest to `name`; one sentence when none is close."""
    key = name.lower().replace("_", " ").replace("-", " ").strip()
    names = {}
    for entry in GAMES:
        for alias in (entry.id.replace("_", " "), entry.title.lower(), *entry.aliases):
            names[alias.replace("-", " ")] = entry
    best = process.extractOne(key, list(names), scorer=fuzz.WRatio, score_cutoff=75)
    if not best:
        known = ", ".join(e.id.replace("_", "-") for e in GAMES)
        raise UnknownGame(f"There is no game called '{name}'; gm knows {known}.")
    return names[best[0]]


def load(entry: Entry, language: str = "en") -> Game:
    return importlib.import_module(entry.module).load(language)
