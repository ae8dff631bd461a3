"""What the Fake?!: the drawing game of Artists and Forgers, with the program holding the EXPO deck.

Pencils, sheets and (in hidden mode) the role cards stay on the table; the game master turns the
EXPO cards, listens for "What the fake!" shouts, hears the names of the drawings, groups the
same drawings across players and keeps the score.

Choices the rules leave open (CLARIFICATIONS.md settles the rest):
- Set-up by voice asks the number of players, then the mode (open / hidden roles), for
  whichever option is missing. "scoring" (full / quick) and "time_limit" (seconds) are options
  only; they default to full scoring and no time limit.
- Seats are numbered 1 to N around the table; "to the left" is the next seat (N passes to 1).
  Open roles: round r's Forger is seat r; with two Forgers the second sits N // 2 seats further,
  and the game lasts ceil(N / Forgers) rounds. With 7 players that is 4 rounds, so one player
  (seat 4) forges twice: exactly what passing the two physical cards to the left gives.
- Hidden roles: the cards are shuffled and dealt face down again every round (passing them on
  would reveal them); N rounds. Right after the drawing stops, the table reveals and says who
  the Forger(s) were ("three", or with two Forgers "three and seven" or one seat at a time);
  a seat named twice is refused. The reveal is asked in quick scoring too, so that the points
  question can name each player's role.
- The EXPO deck is shuffled with the rng at new(); a skipped or finished card is discarded;
  if the pile runs out, the discards except the card just shown are reshuffled into a new pile.
  "Skip" (the engine's command, or "another theme") works until the drawing starts.
- Drawing: every "what the fake" adds one shout and the game master says the count; "N done"
  sets the count (two shouts at once sound like one); players minus one shouts, "stop drawing"
  or the time limit (one deadline shared by every ask of the phase) end it. While the table
  draws the game master never nags: silence is expected.
- Naming (full scoring): every player, seat 1 first, names their drawings, one to three in an
  utterance; gm asks for the next ("Cactus. Next drawing?") until it has three. "That's all"
  ends a player's list early (the last player was stopped mid-drawing), also in one breath after
  the last names ("a crab, that's all": once a doubtful name is checked); "nothing" at once means
  no drawing; more than three in all is refused and asked again. Each utterance is one decision,
  so undo takes back the last name(s) heard. The names are split on commas, "and", "then" and
  articles; a hint (a theme's typical drawing) like "salt and pepper" is kept whole, as is an
  "and" without an article inside a stretch said before a pause ("bow and arrow, a cat") or in
  a player's last drawing ("fish and chips"). "What the fake" shouted before "start drawing"
  starts the drawing with one done. A name is heard in every form a player uses ("I drew a
  cactus", "a cactus", "cactus"), and the hints are offered in all three. A name with a word
  that is neither a hint nor a name said this round is a guess: gm checks it ("I heard flying
  pig. Is that right?") before writing it down.
- Grouping: names are normalised (articles, simple plurals, spaces) and a drawing joins the
  group of the same name, or of a word the deck lists for the same thing ([same]: "kitty",
  "cat"; such a group is read with both names and "Same drawing?"). Names a recogniser wrote
  are words, not typos: "plane" and "planet" are different drawings. Groups drawn by several
  players are numbered first, then the drawings made once (read as a short list per player).
  The table corrects by number: "group one same as group three", "split group two" (one group
  per drawing), "take player four out of group two", "invalid group five", "player four
  invalid in group two", "valid group five"; or by name: "kitty is the same as cat", "kitty is
  not cat". A new group takes the smallest free number, so numbers stay small and stable.
  "Valid" and "invalid" are both always listened for and the words heard are checked, so one
  is never taken for the other. "Yes" and "no" answer the question asked: "Is that right?"
  (yes counts the points) or "Anything else?" (no does). "Count the points" scores the round.
- A check of a doubtful name takes yes or no with more in one breath ("yes, and a dog",
  "no, it was a frying pan"); another drawing said instead is most likely the next player's
  and is not written down for this one.
- Scoring: per group each player scores at most once (drawing the same thing twice earns
  nothing extra). An invalid drawing scores 0 and counts as not made: it takes no Artist's
  uniqueness and gives no Forger a match. Forgers drawing the same thing score nothing for it.
- Quick scoring: every player says their points for the round, 0 to 3 for Artists and Forgers.
- Most points after the last round wins; ties share the win.
"""

from __future__ import annotations

import enum
import math
import random
from dataclasses import replace
from itertools import combinations
from typing import Any, Mapping, Sequence

from gm.content import ContentFile, Lines
from gm.games.common import player_count, spoken_numbers
from gm.games.what_the_fake.deck import Card, read
from gm.games.what_the_fake.grouping import Grouping
from gm.games.what_the_fake.meaning import ForgersMeaning
from gm.games.what_the_fake.names import (
    DRAWINGS,
)
from gm.games.what_the_fake.naming import Naming
from gm.games.what_the_fake.scoring import (
    Mode,
    Role,
    forger_count,
    open_forgers,
    roles_with,
    round_count,
    winners,
)
from gm.games.what_the_fake.state import Phase, Scoring, State
from gm.steps import Answer, AnswerKind, Ask, Choice, End, Outcome, RulesError, Step
from gm.vocab import PLAYER_COUNT, number_word, numbers

MIN_PLAYERS = 3
MAX_PLAYERS = 8


def _seat_values(value: Any) -> tuple[int, ...]:
    """A reveal answer: a seat (int) or 'a b' for two seats."""
    if isinstance(value, int):
        return (value,)
    return tuple(int(part) for part in str(value).split())


class WhatTheFake(Naming, Grouping):
    """The rules of What the Fake?! as a pure state machine."""

    id = "what_the_fake"
    title = "What the Fake"

    def __init__(
        self,
        cards: tuple[Card, ...],
        lines: Lines,
        same: Mapping[str, str] | None = None,
        whole: tuple[str, ...] = (),
    ) -> None:
        self.cards = cards
        self.lines = lines
        self.same = dict(same or {})  # the deck's words for one drawing ("kitty": "cat")
        self.whole = whole  # names with "and" that are one drawing ("fish and chips")

    def _line(self, name: str, **fields: Any) -> str:
        text = self.lines(name, **fields)
        return text[:1].upper() + text[1:]

    def _points(self, n: int) -> str:
        return self.lines("point" if n == 1 else "points", n=number_word(n))

    def _by_points(self, points: Sequence[int]) -> str:
        """'three for player five; one for players one, two and four': the seats with the same
        points said together, most first (eight players' points in a breath). Once someone has
        scored, the seats without a point are not named: the table hears who scored, and the
        rest follows. "none" when nobody scored."""
        if not any(points):
            return self.lines("no_points")
        items = []
        for value in sorted(set(points) - {0}, reverse=True):
            seats = [seat for seat, p in enumerate(points, 1) if p == value]
            line = "points_for_one" if len(seats) == 1 else "points_for_many"
            items.append(
                self.lines(
                    line,
                    points=number_word(value),
                    seat=number_word(seats[0]),
                    seats=spoken_numbers(seats),
                )
            )
        return "; ".join(items)

    def _leaders(self, totals: Sequence[int]) -> str:
        """Who leads after a round ("Players two and six lead with four points."), or that
        everyone is level: every total, eight players' in a breath, is what "score" says."""
        best = max(totals)
        seats = [seat for seat, total in enumerate(totals, 1) if total == best]
        if len(seats) == len(totals):
            return self._line("all_level", points=self._points(best))
        if len(seats) == 1:
            return self._line("leader", seat=number_word(seats[0]), points=self._points(best))
        return self._line("leaders", seats=spoken_numbers(seats), points=self._points(best))

    def _many(self, name: str, **fields: Any) -> tuple[str, ...]:
        return tuple(t.format(**fields) for t in self.lines.many(name))

    # ------------------------------------------------------------ set-up

    def new(self, options: Mapping[str, Any], rng: random.Random) -> State:
        players = player_count(
            options.get("players"),
            MIN_PLAYERS,
            MAX_PLAYERS,
            self.lines("players_out_of_range", players="{players}"),
            self.lines("players_not_number", value="{value}"),
        )
        mode = self._enum_option(Mode, options.get("mode"), "bad_mode")
        scoring = self._enum_option(Scoring, options.get("scoring"), "bad_scoring") or Scoring.FULL
        time_limit = self._time_option(options.get("time_limit"))
        names = options.get("names", 1)
        if names not in (1, 2) or isinstance(names, bool):
            raise RulesError(self.lines("bad_names", value=repr(names)))
        order = list(range(len(self.cards)))
        rng.shuffle(order)
        state = State(Phase.PLAYERS, players, mode, scoring, time_limit, tuple(order), ())
        return self._after_setup(replace(state, exact_names=names == 2), rng)

    def _enum_option(self, kind: type[enum.Enum], value: Any, line: str) -> Any:
        if value is None:
            return None
        try:
            return kind(str(value).strip().lower())
        except ValueError:
            raise RulesError(self.lines(line, value=repr(value))) from None

    def _time_option(self, value: Any) -> float | None:
        if value is None:
            return None
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            seconds = -1.0
        if isinstance(value, bool) or not seconds > 0 or math.isinf(seconds):
            raise RulesError(self.lines("bad_time_limit", value=repr(value)))
        return seconds

    def _after_setup(self, state: State, rng: random.Random) -> State:
        if state.players is None:
            return replace(state, phase=Phase.PLAYERS)
        if state.mode is None:
            return replace(state, phase=Phase.MODE)
        return self._start_round(replace(state, totals=(0,) * state.players), rng)

    # ------------------------------------------------------------ rounds

    def rounds(self, state: State) -> int:
        return round_count(state.players, state.mode) if state.players and state.mode else 0

    def _draw_card(self, state: State, rng: random.Random) -> State:
        """Discard the card shown and turn the next one, reshuffling the discards if needed."""
        discards = state.discards + ((state.card,) if state.card is not None else ())
        pile = state.pile
        if not pile:
            refill = list(discards[:-1]) if discards else []
            rng.shuffle(refill)
            pile, discards = tuple(refill), discards[-1:]
        return replace(state, pile=pile[1:], discards=discards, card=pile[0])

    def _start_round(self, state: State, rng: random.Random) -> State:
        round_ = state.round + 1
        roles = (
            roles_with(state.players, open_forgers(state.players, round_))
            if state.mode is Mode.OPEN
            else None
        )
        state = replace(
            state,
            phase=Phase.THEME,
            round=round_,
            skips=0,
            started=False,
            shouts=0,
            roles=roles,
            named=(),
            drawings=(),
            naming=(),
            pending=(),
            groups=(),
            corrections=0,
            changing=False,
            points=(),
        )
        return self._draw_card(state, rng)

    def _finish_round(
        self, state: State, points: Sequence[int], rng: random.Random
    ) -> tuple[State, tuple[str, ...]]:
        totals = tuple(t + p for t, p in zip(state.totals, points))
        first = not state.history
        state = replace(state, totals=totals, history=state.history + (tuple(points),))
        say: tuple[str, ...] = (
            self._line(
                "round_points", round=number_word(state.round), points=self._by_points(points)
            ),
        )
        if not first and state.round < self.rounds(state):  # the end says every total
            say += (self._leaders(totals),)
        if state.round >= self.rounds(state):
            return replace(state, phase=Phase.OVER), say
        return self._start_round(state, rng), say

    def _after_drawing(self, state: State) -> State:
        if state.mode is Mode.HIDDEN:
            return replace(state, phase=Phase.REVEAL)
        return self._after_reveal(state)

    def _after_reveal(self, state: State) -> State:
        return replace(state, phase=Phase.NAMING if state.scoring is Scoring.FULL else Phase.POINTS)

    # ------------------------------------------------------------ steps

    def step(self, state: State) -> Step:
        if state.phase is Phase.OVER:
            return self._end(state)
        return {
            Phase.PLAYERS: self._ask_players,
            Phase.MODE: self._ask_mode,
            Phase.THEME: self._ask_theme,
            Phase.DRAWING: self._ask_drawing,
            Phase.REVEAL: self._ask_reveal,
            Phase.NAMING: self._ask_names,
            Phase.GROUPS: self._ask_groups,
            Phase.POINTS: self._ask_points,
        }[state.phase](state)

    def _ask_players(self, state: State) -> Ask:
        choices = numbers(1, 12, PLAYER_COUNT)  # "five", "we're five", "five of us"
        return Ask(
            "what_the_fake.players",
            (self.lines("ask_players"),),
            choices,
            reprompts=self.lines.many("players_reprompts"),
            expected=self.lines("players_expected"),
            endpoint=0.5,
        )

    def _ask_mode(self, state: State) -> Ask:
        choices = (
            Choice(Mode.OPEN.value, ("open", "open roles", "open mode", "face up", "first game")),
            Choice(
                Mode.HIDDEN.value,
                ("hidden", "hidden roles", "hidden mode", "face down", "secret roles"),
            ),
        )
        return Ask(
            "what_the_fake.mode",
            (self.lines("ask_mode"),),
            choices,
            reprompts=self.lines.many("mode_reprompts"),
            expected=self.lines("mode_expected"),
            endpoint=0.5,
        )

    def _ask_theme(self, state: State) -> Ask:
        card = self.cards[state.card]
        if state.skips:
            say: tuple[str, ...] = (self.lines("new_theme", city=card.city, theme=card.theme),)
        else:
            say = (
                ((self.lines("intro"),) if state.round == 1 else ())
                + (
                    self.lines(
                        "round_start",
                        round=number_word(state.round),
                        rounds=number_word(self.rounds(state)),
                    ),
                )
                + self._roles_lines(state)
                + (self.lines("theme", city=card.city, theme=card.theme),)
            )
        choices = (
            Choice("go", ("go", "start", "start drawing", "ready", "let us draw", "we are ready")),
            Choice(
                "another",
                (
                    "another theme",
                    "new theme",
                    "change the theme",
                    "another one",
                    "different theme",
                ),
            ),
            Choice(
                "shout", ("what the fake",)
            ),  # shouted before "start drawing": the drawing had begun
        )
        # said again (a repeat, a resumed game), the roles are told as passed, not to pass: a
        # table that did pass them must not pass them twice
        passing = self.lines("pass_roles")
        again = tuple(self.lines("roles_passed") if line == passing else line for line in say)
        return Ask(
            "what_the_fake.theme",
            say + (self.lines("theme_prompt"),),
            choices,
            again=again + (self.lines("theme_prompt"),),
            reprompts=self.lines.many("theme_reprompts"),
            expected=self.lines("theme_expected"),
            skippable=True,
            endpoint=0.5,
        )

    def _roles_lines(self, state: State) -> tuple[str, ...]:
        n = state.players
        if state.mode is Mode.HIDDEN:
            line = "deal_one" if forger_count(n) == 1 else "deal_two"
            return (self.lines(line, artists=number_word(n - forger_count(n))),)
        forgers = open_forgers(n, state.round)
        if len(forgers) == 1:
            line = self.lines("one_forger", seat=number_word(forgers[0]))
        else:
            line = self.lines(
                "two_forgers", first=number_word(forgers[0]), second=number_word(forgers[1])
            )
        return ((self.lines("pass_roles"),) if state.round > 1 else ()) + (line,)

    def _ask_drawing(self, state: State) -> Ask:
        n = state.players
        if state.started:
            say: tuple[str, ...] = (self._line("done", count=number_word(state.shouts)),)
        else:
            say = (self.lines("draw"),)
        choices = (
            # variants ("what a fake") would split its confidence; "I'm done" is another phrase
            Choice("shout", ("what the fake", "i am done")),
            Choice("stop", ("stop drawing", "pencils down", "time is up", "we are all done")),
            # "stop" alone ends nothing (said to a neighbour, or to quiet gm's voice, it would end
            # everyone's drawing): it is listened for, so the ear does not write it as another
            # phrase ("skip"), and answered with the words that end the drawing
            Choice("stop_alone", ("stop",)),
        ) + tuple(
            Choice(
                k,
                (
                    f"{number_word(k)} done",
                    f"{number_word(k)} finished",
                    f"{number_word(k)} player{'' if k == 1 else 's'} done",
                    f"{number_word(k)} of us {'is' if k == 1 else 'are'} done",
                )
                + (("none done",) if k == 0 else ()),
            )
            for k in range(0, n + 1)
        )
        card = self.cards[state.card] if state.card is not None else None
        theme = (self.lines("drawing_theme", theme=card.theme),) if card is not None else ()
        return Ask(
            "what_the_fake.drawing",
            say,
            choices,
            again=(*theme, *say),  # a repeat or a resumed game: what the table is drawing
            after_refusal=(),  # the drawing goes on: no theme and no "Draw!" again
            timeout=state.time_limit,
            countdown=state.time_limit is not None,
            deadline=f"what_the_fake.drawing.{state.round}",
            # said by the engine with the time really left (after a pause, a resume, an undo)
            time_line=self.lines("draw_time", seconds="{seconds}") if not state.started else "",
            reprompts=(),  # no reprompts: the table is drawing, not stuck
            expected=self.lines("drawing_expected"),
            endpoint=0.5,
        )

    def _ask_reveal(self, state: State) -> Ask:
        n, wanted = state.players, forger_count(state.players)
        seats = [s for s in range(1, n + 1) if s not in state.named]
        choices = tuple(
            Choice(
                s,
                (
                    number_word(s),
                    f"player {number_word(s)}",
                    f"number {number_word(s)}",
                    f"seat {number_word(s)}",
                    f"it was player {number_word(s)}",
                    f"the forger is player {number_word(s)}",
                ),
            )
            for s in seats
        )
        if wanted == 1:
            say, expected = (self.lines("ask_forger"),), self.lines("forger_expected")
        elif state.named:
            say, expected = (
                (self.lines("ask_other_forger", seat=number_word(state.named[0])),),
                self.lines("forger_expected"),
            )
        else:
            say, expected = (self.lines("ask_forgers"),), self.lines("forgers_expected")
            choices += tuple(
                Choice(
                    f"{a} {b}",
                    (
                        f"{number_word(a)} and {number_word(b)}",
                        f"{number_word(b)} and {number_word(a)}",
                        f"players {number_word(a)} and {number_word(b)}",
                        f"players {number_word(b)} and {number_word(a)}",
                        f"it was players {number_word(a)} and {number_word(b)}",
                    ),
                )
                for a, b in combinations(seats, 2)
            )
        return Ask(
            "what_the_fake.forgers",
            say,
            choices,
            reprompts=self.lines.many("forger_reprompts"),
            expected=expected,
            confirm=True,
            meaning=ForgersMeaning(
                self.lines, tuple(seats), wanted - len(state.named), state.players
            ),
            endpoint=0.5,
        )

    def _ask_points(self, state: State) -> Ask:
        seat = len(state.points) + 1
        role = "forger" if state.roles and state.roles[seat - 1] is Role.FORGER else "artist"
        choices = tuple(
            Choice(
                p,
                (number_word(p), self._points(p), f"i scored {self._points(p)}")
                + (("no points", "nothing", "none", "i scored no points") if p == 0 else ()),
            )
            for p in range(0, DRAWINGS + 1)
        )
        return Ask(
            "what_the_fake.points",
            (self.lines("ask_points", seat=number_word(seat), role=self.lines(role)),),
            choices,
            reprompts=self._many("points_reprompts", seat=number_word(seat)),
            expected=self.lines("points_expected"),
            endpoint=0.5,
        )

    def _end(self, state: State) -> End:
        best = winners(state.totals)
        top = self._points(state.totals[best[0] - 1])
        result = (
            self.lines("winner", seat=number_word(best[0]), points=top)
            if len(best) == 1
            else self.lines("winners", seats=spoken_numbers(best), points=top)
        )
        return End((self.lines("game_over"),) + self.score(state)[1:] + (result,), best)

    # ------------------------------------------------------------ answers

    def apply(self, state: State, ask: Ask, answer: Answer, rng: random.Random) -> Outcome:
        return {
            Phase.PLAYERS: self._apply_players,
            Phase.MODE: self._apply_mode,
            Phase.THEME: self._apply_theme,
            Phase.DRAWING: self._apply_drawing,
            Phase.REVEAL: self._apply_reveal,
            Phase.NAMING: self._apply_names,
            Phase.GROUPS: self._apply_groups,
            Phase.POINTS: self._apply_points,
        }[state.phase](state, answer, rng)

    def _apply_players(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        players = answer.value
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            said = number_word(players) if isinstance(players, int) else players
            return Outcome(
                state, (self.lines("players_out_of_range", players=said),), accepted=False
            )
        state = self._after_setup(replace(state, players=players), rng)
        decision = self.lines("decision_players", players=number_word(players))
        return Outcome(
            state, (self._line("decision_players", players=number_word(players)) + ".",), decision
        )

    def _apply_mode(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        mode = Mode(answer.value)
        state = self._after_setup(replace(state, mode=mode), rng)
        line = "mode_open" if mode is Mode.OPEN else "mode_hidden"
        say = self._line(line, rounds=number_word(self.rounds(state)))
        return Outcome(state, (say,), self.lines("decision_mode", mode=mode.value))

    def _apply_theme(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        card = self.cards[state.card]
        if answer.kind is AnswerKind.SKIP or answer.value == "another":
            state = replace(self._draw_card(state, rng), skips=state.skips + 1)
            return Outcome(state, (), self.lines("decision_skip", city=card.city, theme=card.theme))
        if answer.value == "shout":  # the table drew without saying "start drawing"; one is done
            drawing = replace(state, phase=Phase.DRAWING, started=True, shouts=1)
            # "One done." is said by the drawing's ask, once
            return Outcome(drawing, (), self.lines("decision_go_shout", theme=card.theme))
        return Outcome(
            replace(state, phase=Phase.DRAWING), (), self.lines("decision_go", theme=card.theme)
        )

    def _apply_drawing(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        enough = state.players - 1
        if answer.kind is AnswerKind.TIMEOUT:  # the engine has just said "Time!"
            return Outcome(
                self._after_drawing(state),
                (self.lines("stop_drawing"),),
                self.lines("decision_timeout"),
            )
        if answer.value == "stop":
            return Outcome(
                self._after_drawing(state),
                (self.lines("stop_drawing"),),
                self.lines("decision_stop"),
            )
        if answer.value == "stop_alone":
            return Outcome(state, (self.lines("stop_how"),), accepted=False)
        if answer.value == "shout":
            shouts = said = state.shouts + 1
            decision = self.lines("decision_shout", count=number_word(min(shouts, enough)))
        else:
            shouts = int(answer.value)
            said = min(shouts, state.players)  # "four done" of four: all four, as the table said
            decision = self.lines("decision_count", count=number_word(said))
        state = replace(state, shouts=min(shouts, enough), started=True)
        if state.shouts >= enough:
            say = (self._line("done", count=number_word(said)), self.lines("stop_drawing"))
            return Outcome(self._after_drawing(state), say, decision)
        return Outcome(state, (), decision)

    def _apply_reveal(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        seats = _seat_values(answer.value)
        named = state.named + seats
        stranger = next((s for s in seats if not 1 <= s <= state.players), None)
        if stranger is not None:
            return Outcome(
                state, (self.lines("no_such_seat", seat=number_word(stranger)),), accepted=False
            )
        if len(set(named)) < len(named):
            repeated = next(s for s in seats if s in state.named or seats.count(s) > 1)
            return Outcome(
                state, (self.lines("already_named", seat=number_word(repeated)),), accepted=False
            )
        if len(named) < forger_count(state.players):
            return Outcome(
                replace(state, named=named),
                (),
                self.lines("decision_forger", seat=number_word(seats[0])),
            )
        forgers = tuple(sorted(named))
        state = self._after_reveal(
            replace(state, named=forgers, roles=roles_with(state.players, forgers))
        )
        if len(forgers) == 1:
            seat = number_word(forgers[0])
            return Outcome(
                state,
                (self.lines("revealed_one", seat=seat),),
                self.lines("decision_the_forger", seat=seat),
            )
        first, second = (number_word(s) for s in forgers)
        return Outcome(
            state,
            (self.lines("revealed_two", first=first, second=second),),
            self.lines("decision_forgers", first=first, second=second),
        )

    def _apply_points(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        value = answer.value
        if not isinstance(value, int) or not 0 <= value <= DRAWINGS:
            return Outcome(state, (self.lines("points_expected"),), accepted=False)
        seat = len(state.points) + 1
        points = state.points + (value,)
        decision = self.lines("decision_points", seat=number_word(seat), points=number_word(value))
        if len(points) < state.players:
            return Outcome(replace(state, points=points), (), decision)
        state, say = self._finish_round(replace(state, points=points), points, rng)
        return Outcome(state, say, decision)

    # ------------------------------------------------------------ snapshots

    def public(self, state: State) -> dict:
        card = self.cards[state.card] if state.card is not None else None
        return {
            "round": state.round,
            "rounds": self.rounds(state),
            "players": state.players,
            "mode": state.mode.value if state.mode else None,
            "scoring": state.scoring.value,
            "phase": state.phase.value,
            "roles": (
                {str(seat): role.value for seat, role in enumerate(state.roles, 1)}
                if state.roles is not None
                else None
            ),
            "city": card.city if card else None,
            "theme": card.theme if card else None,
            "shouts": state.shouts,
            "drawings": {
                str(seat): list(names)
                for seat, names in enumerate(
                    state.drawings + ((state.naming,) if state.naming else ()), 1
                )
            },
            "groups": [
                {
                    "number": g.number,
                    "name": g.name,
                    "players": list(g.seats),
                    "names": [e.name for e in g.entries],
                    "invalid": sorted(g.invalid),
                }
                for g in state.groups
            ],
            "scores": {str(seat): total for seat, total in enumerate(state.totals, 1)},
        }

    def score(self, state: State) -> tuple[str, ...]:
        if not state.totals:
            return (self.lines("score_not_started"),)
        head = self.lines(
            "score_round",
            round=number_word(min(state.round, self.rounds(state))),
            rounds=number_word(self.rounds(state)),
        )
        return (head,) + tuple(
            self.lines("score_line", seat=number_word(seat), points=self._points(total))
            for seat, total in enumerate(state.totals, 1)
        )


def load(
    language: str = "en", root: Any = None, source: ContentFile | None = None, own: bool = False
) -> WhatTheFake:
    """The rules with gm's deck (prompts/<language>/what_the_fake.toml), a table's own deck or
    a saved game's (`source`, see deck.read)."""
    deck = read(language, root, source, own)
    return WhatTheFake(deck.cards, deck.lines, deck.same, deck.whole)
