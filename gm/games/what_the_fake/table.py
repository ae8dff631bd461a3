"""What the Fake?!'s simulated table: the players `gm demo` and the tests hear, one reply an ask.

The rules (rules.py) never read this: a simulated player chooses what a real one might say,
and the rules must understand it as they would a person.
"""

from __future__ import annotations

import random
from typing import Any

from gm import content
from gm.content import ContentFile
from gm.games.what_the_fake.names import DRAWINGS, with_article
from gm.games.what_the_fake.rules import WhatTheFake
from gm.games.what_the_fake.rules import load as load_rules
from gm.games.what_the_fake.scoring import Mode, Role, forger_count
from gm.games.what_the_fake.state import Phase, State
from gm.steps import Answer, AnswerKind, Ask, Line, said
from gm.vocab import number_word


class SimulatedWhatTheFake(WhatTheFake):
    """What the Fake?!'s rules with a table of simulated players who answer every ask
    (`demo_line`)."""

    # Each player names their drawings in one breath. Off, one an utterance ("i drew a cactus"),
    # as the slow end-to-end tests play them to PocketSphinx in espeak-ng voices: it hears a list
    # far worse than a name said alone (docs/recognition.md, "A list of drawings").
    one_breath = True

    # ------------------------------------------------------------ the simulated table

    def demo_line(self, state: State, ask: Ask, rng: random.Random) -> Line:
        """A plausible reply of a simulated table (for `gm demo` and the end-to-end tests).

        It shows what the issue asks for: counts that correct two shouts heard as one,
        Forgers copying the typical drawings, and groups the table corrects before scoring.
        """
        return {
            Phase.PLAYERS: self._demo_players,
            Phase.MODE: self._demo_mode,
            Phase.THEME: self._demo_theme,
            Phase.DRAWING: self._demo_drawing,
            Phase.REVEAL: self._demo_reveal,
            Phase.NAMING: self._demo_names,
            Phase.GROUPS: self._demo_groups,
            Phase.POINTS: self._demo_points,
        }[state.phase](state, ask, rng)

    def _demo_players(self, state: State, ask: Ask, rng: random.Random) -> Line:
        players = rng.choice((3, 3, 4, 5))
        return said(ask, players, f"{number_word(players)} players", 1)

    def _demo_mode(self, state: State, ask: Ask, rng: random.Random) -> Line:
        mode = rng.choice((Mode.OPEN, Mode.HIDDEN))
        return said(ask, mode.value, f"{mode.value} roles", 1)

    def _demo_theme(self, state: State, ask: Ask, rng: random.Random) -> Line:
        seat = rng.randint(1, state.players)
        if not state.skips and rng.random() < 0.25:
            return said(ask, "another", "new theme", seat)
        return said(ask, "go", "start drawing", seat)

    def _demo_drawing(self, state: State, ask: Ask, rng: random.Random) -> Line:
        enough = state.players - 1
        seat = rng.randint(1, state.players)
        if ask.timeout is not None and rng.random() < 0.3:
            return Line(Answer(AnswerKind.TIMEOUT), "", seat, silence=ask.timeout + 1.5)
        roll = rng.random()
        if state.shouts == 0 or roll < 0.5:
            return said(ask, "shout", "what the fake", seat)
        if roll < 0.85:  # two shouted at once and gm heard one: the table gives the count
            count = min(enough, state.shouts + 2)
            return said(ask, count, f"{number_word(count)} players done", seat)
        return said(ask, "stop", "stop drawing", seat)

    def _demo_reveal(self, state: State, ask: Ask, rng: random.Random) -> Line:
        free = [s for s in range(1, state.players + 1) if s not in state.named]
        if forger_count(state.players) == 2 and not state.named and rng.random() < 0.5:
            a, b = sorted(rng.sample(free, 2))
            return said(ask, f"{a} {b}", f"it was players {number_word(a)} and {number_word(b)}", a)
        seat = rng.choice(free)
        return said(ask, seat, f"it was player {number_word(seat)}", seat)

    def _demo_names(self, state: State, ask: Ask, rng: random.Random) -> Line:
        """A player's drawings in one breath ("a pine cone, a log and a mushroom"), the way gm
        asks for them, or one at a time with `one_breath` off; Forgers favour the typical
        drawings and what was said, Artists less so. One in ten stops after two drawings and
        says "that's all" when gm asks for more. Both ways draw the same names from `rng`, in
        the same order, so a seed plays the same drawings either way."""
        seat = len(state.drawings) + 1
        if state.pending:
            return said(ask, True, "yes", seat)
        if state.naming and self.one_breath:  # stopped after two: gm said them back, asks more
            return said(ask, "nothing", "that's all", seat)
        if not state.naming and rng.random() < 0.05:
            return said(ask, "nothing", "no drawings", seat)
        named = {name for names in state.drawings for name in names}
        forger = state.roles is not None and state.roles[seat - 1] is Role.FORGER
        drawn: list[str] = []
        while len(state.naming) + len(drawn) < DRAWINGS:
            if len(state.naming) + len(drawn) == DRAWINGS - 1 and rng.random() < 0.1:
                break  # stopped mid-drawing
            hints = [
                h for h in self.cards[state.card].hints if h not in state.naming + tuple(drawn)
            ]
            weights = [
                (3.0 if forger and hint in named else 1.0) / (1 + i * (0.8 if forger else 0.25))
                for i, hint in enumerate(hints)
            ]
            drawn.append(rng.choices(hints, weights)[0])
            if not self.one_breath:
                break
        if not drawn:
            return said(ask, "nothing", "that's all", seat)
        articled = [with_article(d) for d in drawn]
        said_as = content.spoken_list(articled) if self.one_breath else f"i drew {articled[0]}"
        return Line(Answer(AnswerKind.FREE, [said_as], said_as), said_as, seat)

    def demo_retry(self, state: State, ask: Ask, meant: Line, rng: random.Random) -> Line | None:
        """A player's drawings said again after gm misheard them: the same drawings, in the
        same words (a player's sheet does not change when gm asks again)."""
        if (
            ask.id != "what_the_fake.names"
            or state.pending
            or meant.answer.kind is not AnswerKind.FREE
        ):
            return None
        return meant

    def _demo_groups(self, state: State, ask: Ask, rng: random.Random) -> Line:
        seat = rng.randint(1, state.players)
        if state.corrections or rng.random() < 0.4:  # at most one correction a round
            return said(ask, "correct", "count the points", seat)
        shared = [g for g in state.groups if len(g.seats) > 1]
        alone = [g for g in state.groups if len(g.seats) == 1 and not g.void]
        options: list[tuple[Any, str]] = []
        for g in shared:
            s = rng.choice(g.seats)  # "not the same": that player drew something else
            options.append(
                (
                    f"out {s} {g.number}",
                    f"take player {number_word(s)} out of group {number_word(g.number)}",
                )
            )
        if len(alone) >= 2:  # "same as": two names for one drawing
            a, b = sorted(rng.sample([g.number for g in alone], 2))
            options.append(
                (f"merge {a} {b}", f"groups {number_word(a)} and {number_word(b)} are the same")
            )
        if alone:  # the table votes a drawing out
            g = rng.choice(alone)
            options.append((f"invalid {g.number}", f"invalid group {number_word(g.number)}"))
        if not options:
            return said(ask, "correct", "count the points", seat)
        value, phrase = rng.choice(options)
        return said(ask, value, phrase, seat)

    def _demo_points(self, state: State, ask: Ask, rng: random.Random) -> Line:
        seat = len(state.points) + 1
        points = rng.choices(range(DRAWINGS + 1), (1, 3, 3, 1))[0]
        return said(ask, points, f"i scored {self._points(points)}", seat)


def load(
    language: str = "en", root: Any = None, source: ContentFile | None = None, own: bool = False
) -> SimulatedWhatTheFake:
    """The game as `gm.games.load` gives it: the rules (rules.load), playable by a simulated
    table."""
    rules = load_rules(language, root, source, own)
    return SimulatedWhatTheFake(rules.cards, rules.lines, rules.same, rules.whole)
