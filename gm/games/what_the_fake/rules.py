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
  ends a player's list early (the last player was stopped mid-drawing), "nothing" at once means
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
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, Mapping, Sequence

from rapidfuzz import fuzz

from gm import content
from gm.content import ContentFile, Lines
from gm.games.common import spoken_numbers
from gm.games.what_the_fake.deck import PHRASE, Card, read
from gm.games.what_the_fake.groups import (
    Group,
    find,
    free_number,
    group_drawings,
    mark,
    merge_groups,
    split_group,
    take_out,
)
from gm.games.what_the_fake.names import (
    DONE_PHRASES,
    DRAWINGS,
    NO_WORDS,
    SAID_AGAIN,
    SOFT,
    YES_WORDS,
    contradicts,
    hint_forms,
    normalise_name,
    pick_names,
    spoken_forms,
    words_of,
)
from gm.games.what_the_fake.scoring import (
    Mode,
    Role,
    forger_count,
    open_forgers,
    roles_with,
    round_count,
    scores,
    winners,
)
from gm.steps import Answer, AnswerKind, Ask, Choice, End, Outcome, RulesError, Step
from gm.vocab import number_word, yes_no

MIN_PLAYERS = 3
MAX_PLAYERS = 8


class Phase(str, enum.Enum):
    PLAYERS = "players"
    MODE = "mode"
    THEME = "theme"
    DRAWING = "drawing"
    REVEAL = "reveal"
    NAMING = "naming"
    GROUPS = "groups"
    POINTS = "points"
    OVER = "over"


class Scoring(str, enum.Enum):
    FULL = "full"
    QUICK = "quick"


@dataclass(frozen=True)
class State:
    """Everything the game master knows; drawings and role cards stay on the table."""

    phase: Phase
    players: int | None
    mode: Mode | None
    scoring: Scoring
    time_limit: float | None
    pile: tuple[int, ...]  # EXPO card indices, next on top
    discards: tuple[int, ...]
    card: int | None = None  # the EXPO card of this round
    round: int = 0
    skips: int = 0  # themes skipped this round
    started: bool = False  # an answer was decided in this drawing phase
    shouts: int = 0
    roles: tuple[Role, ...] | None = None  # by seat - 1; None while hidden roles are secret
    named: tuple[int, ...] = ()  # Forgers named so far in the hidden-roles reveal
    drawings: tuple[tuple[str, ...], ...] = ()  # names per seat, in seat order, this round
    naming: tuple[str, ...] = ()  # names the player now naming has said so far
    heard: tuple[str, ...] = ()  # the names of the last utterance, said back
    pending: tuple[str, ...] = ()  # names heard with unknown words, waiting for a yes or no
    groups: tuple[Group, ...] = ()
    corrections: int = 0  # group corrections decided this round
    changing: bool = False  # the table said it has a change to make: gm asks which
    points: tuple[int, ...] = ()  # quick scoring: points said so far this round, by seat
    totals: tuple[int, ...] = ()
    history: tuple[tuple[int, ...], ...] = ()  # points of each finished round, by seat


def _seat_values(value: Any) -> tuple[int, ...]:
    """A reveal answer: a seat (int) or 'a b' for two seats."""
    if isinstance(value, int):
        return (value,)
    return tuple(int(part) for part in str(value).split())


class WhatTheFake:
    """The rules of What the Fake?! as a pure state machine."""

    id = "what_the_fake"
    title = "What the Fake"

    def __init__(
        self, cards: tuple[Card, ...], lines: Lines, same: Mapping[str, str] | None = None
    ) -> None:
        self.cards = cards
        self.lines = lines
        self.same = dict(same or {})  # the deck's words for one drawing ("kitty": "cat")

    def _line(self, name: str, **fields: Any) -> str:
        text = self.lines(name, **fields)
        return text[:1].upper() + text[1:]

    def _points(self, n: int) -> str:
        return self.lines("point" if n == 1 else "points", n=number_word(n))

    def _by_points(self, points: Sequence[int]) -> str:
        """'three for player five; one for players one, two and four; none for three': the seats
        with the same points said together, most first (eight players' points in a breath)."""
        items = []
        for value in sorted(set(points), reverse=True):
            seats = [seat for seat, p in enumerate(points, 1) if p == value]
            amount = self.lines("no_points") if value == 0 else number_word(value)
            line = "points_for_one" if len(seats) == 1 else "points_for_many"
            items.append(
                self.lines(
                    line, points=amount, seat=number_word(seats[0]), seats=spoken_numbers(seats)
                )
            )
        return "; ".join(items)

    def _many(self, name: str, **fields: Any) -> tuple[str, ...]:
        return tuple(t.format(**fields) for t in self.lines.many(name))

    # ------------------------------------------------------------ set-up

    def new(self, options: Mapping[str, Any], rng: random.Random) -> State:
        players = self._players_option(options.get("players"))
        mode = self._enum_option(Mode, options.get("mode"), "bad_mode")
        scoring = self._enum_option(Scoring, options.get("scoring"), "bad_scoring") or Scoring.FULL
        time_limit = self._time_option(options.get("time_limit"))
        order = list(range(len(self.cards)))
        rng.shuffle(order)
        state = State(Phase.PLAYERS, players, mode, scoring, time_limit, tuple(order), ())
        return self._after_setup(state, rng)

    def _players_option(self, value: Any) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not str(value).strip().isdigit():
            raise RulesError(self.lines("players_not_number", value=repr(value)))
        players = int(value)
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(self.lines("players_out_of_range", players=players))
        return players

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
        if not first:  # after the first round the totals are its points: said once
            say += (self._line("totals", points=self._by_points(totals)),)
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
        choices = tuple(
            Choice(n, (number_word(n), f"{number_word(n)} players", f"we are {number_word(n)}"))
            for n in range(1, 13)
        )
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
        return Ask(
            "what_the_fake.theme",
            say + (self.lines("theme_prompt"),),
            choices,
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
            Choice(
                "shout", ("what the fake",)
            ),  # variants ("what a fake") would split its confidence
            Choice("stop", ("stop drawing", "stop", "pencils down", "time is up")),
        ) + tuple(
            Choice(
                k,
                (
                    f"{number_word(k)} done",
                    f"{number_word(k)} finished",
                    f"{number_word(k)} player{'' if k == 1 else 's'} done",
                )
                + (("none done",) if k == 0 else ()),
            )
            for k in range(0, n + 1)
        )
        return Ask(
            "what_the_fake.drawing",
            say,
            choices,
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
            endpoint=0.5,
        )

    def _ask_names(self, state: State) -> Ask:
        seat = number_word(len(state.drawings) + 1)
        hints = spoken_forms(self._known_names(state))
        if state.pending:  # yes, no, or the drawing said again
            names = content.spoken_list(state.pending)
            done = Choice("done", DONE_PHRASES)
            return Ask(
                "what_the_fake.check_names",
                (self.lines("check_names", names=names),),
                yes_no() + (done,),
                free=True,
                hints=hints,
                reprompts=self._many("check_names_reprompts", names=names),
                expected=self.lines("check_names_expected"),
                endpoint=0.5,
            )
        if state.naming:
            say = self._line("ask_next_name", names=", ".join(state.heard or state.naming[-1:]))
            reprompts = self._many("next_name_reprompts", seat=seat)
        else:  # how to name: in full to the game's first player, then "Player two, your drawings?"
            full = state.round == 1 and not state.drawings
            say = self.lines("ask_names" if full else "ask_names_short", seat=seat)
            reprompts = self._many("names_reprompts", seat=seat)
        choices = (
            Choice(
                "nothing",
                (
                    "nothing",
                    "no drawings",
                    "none",
                    "i drew nothing",
                    "i drew nothing at all",
                    "i have no drawings",
                )
                + DONE_PHRASES,
            ),
        )
        return Ask(
            "what_the_fake.names",
            (say,),
            choices,
            free=True,
            hints=hints,
            reprompts=reprompts,
            expected=self.lines("names_expected"),
            endpoint=0.5,
        )

    def _known_names(self, state: State) -> tuple[str, ...]:
        """The theme's typical drawings, then every name said this round: a Forger's copy is one."""
        heard = tuple(name for names in state.drawings + (state.naming,) for name in names)
        return tuple(dict.fromkeys(self.cards[state.card].hints + heard))

    def _ask_groups(self, state: State) -> Ask:
        if state.changing:
            say: tuple[str, ...] = (self.lines("which_change"),)
        elif state.corrections:
            say = (self.lines("groups_again"),)
        else:  # the ways to correct are said in full in the first round only
            say = (self.lines("groups_prompt" if state.round == 1 else "groups_prompt_short"),)
        again = (
            (self.lines("groups_intro"),) + self._list_groups(state.groups) + say
        )  # "repeat", a resume
        return Ask(
            "what_the_fake.groups",
            say,
            self._group_choices(state.groups, asked_more=bool(state.corrections or state.changing)),
            reprompts=self.lines.many("groups_reprompts"),
            expected=self.lines("groups_expected"),
            endpoint=0.5,
            again=again,
        )

    def _group_choices(
        self, groups: tuple[Group, ...], asked_more: bool = False
    ) -> tuple[Choice, ...]:
        """Count the points, list, or a correction by group number or by drawing name.

        "Yes" and "no" answer the question gm asked: after "Is that right?" a yes counts the
        points and a no asks which change; after "Anything else?" it is the other way round.
        "Valid group N" and "invalid group N" are both always listened for, so that neither is
        ever taken as a near match of the other (apply also checks the words heard)."""
        yes, no = ("yes", "yeah", "yep", "that's right"), ("no", "nope", "not quite")
        done = (
            "count the points",
            "correct",
            "the groups are right",
            "all good",
            "looks good",
            "no changes",
            "nothing else",
            "no more changes",
            "that's all",
        )
        choices = [
            Choice("correct", done + (no if asked_more else yes)),
            Choice("more", (yes if asked_more else no) + ("one more change", "another change")),
            Choice(
                "list", ("list the groups", "read the groups", "read them again", "all the groups")
            ),
        ]
        numbers = [g.number for g in groups]
        for a, b in combinations(numbers, 2):
            sa, sb = number_word(a), number_word(b)
            choices.append(
                Choice(
                    f"merge {a} {b}",
                    (
                        f"groups {sa} and {sb} are the same",
                        f"groups {sb} and {sa} are the same",  # heard best
                        f"group {sa} same as group {sb}",
                        f"group {sb} same as group {sa}",
                        f"merge {sa} and {sb}",
                        f"merge {sb} and {sa}",
                    ),
                )
            )
        for g in groups:
            n = number_word(g.number)
            if len(g.entries) > 1:
                choices.append(Choice(f"split {g.number}", (f"split group {n}", f"split {n}")))
            if len(g.seats) > 1:
                for seat in g.seats:
                    s = number_word(seat)
                    choices.append(
                        Choice(
                            f"out {seat} {g.number}",
                            (
                                f"take player {s} out of group {n}",
                                f"player {s} out of group {n}",
                                f"player {s} is different in group {n}",
                            ),
                        )
                    )
                    if seat not in g.invalid:
                        choices.append(
                            Choice(
                                f"void {seat} {g.number}",
                                (
                                    f"player {s} invalid in group {n}",
                                    f"invalid for player {s} in group {n}",
                                ),
                            )
                        )
            choices.append(
                Choice(
                    f"invalid {g.number}",
                    (f"invalid group {n}", f"group {n} is invalid", f"group {n} is not valid"),
                )
            )
            choices.append(
                Choice(
                    f"valid {g.number}",
                    (f"valid group {n}", f"group {n} is valid", f"group {n} counts"),
                )
            )
        combined: dict[str, list[str]] = {}
        for choice in choices + self._name_choices(
            groups
        ):  # a merge said by number or by name is one choice
            combined.setdefault(choice.value, []).extend(choice.phrases)
        return tuple(
            Choice(value, tuple(dict.fromkeys(phrases))) for value, phrases in combined.items()
        )

    def _name_choices(self, groups: tuple[Group, ...]) -> list[Choice]:
        """Corrections by drawing name: "kitty is the same as cat" merges their groups, "kitty is
        not cat" takes the kittens out of the group they share with the cats."""
        where: dict[str, int] = {}
        for group in sorted(groups, key=lambda g: g.number):
            for entry in group.entries:
                name = normalise_name(entry.name)
                if PHRASE.fullmatch(name):
                    where.setdefault(name, group.number)
        merges: dict[str, list[str]] = {}
        aparts: list[Choice] = []
        for a, b in combinations(sorted(where), 2):
            if where[a] != where[b]:
                low, high = sorted((where[a], where[b]))
                merges.setdefault(f"merge {low} {high}", []).extend(
                    (
                        f"{a} is the same as {b}",
                        f"{b} is the same as {a}",
                        f"{a} and {b} are the same",
                        f"{b} and {a} are the same",
                    )
                )
        for group in groups:
            names = sorted({normalise_name(e.name) for e in group.entries} & set(where))
            for a in names:
                others = [b for b in names if b != a]
                for b in others:
                    aparts.append(
                        Choice(
                            f"apart {group.number} {a}|{b}",
                            (
                                f"{a} is not {b}",
                                f"{a} is different from {b}",
                                f"{a} and {b} are different",
                            ),
                        )
                    )
        return [
            Choice(value, tuple(dict.fromkeys(phrases))) for value, phrases in merges.items()
        ] + aparts

    def _ask_points(self, state: State) -> Ask:
        seat = len(state.points) + 1
        role = "forger" if state.roles and state.roles[seat - 1] is Role.FORGER else "artist"
        choices = tuple(
            Choice(
                p,
                (number_word(p), self._points(p), f"i scored {self._points(p)}")
                + (("no points", "nothing", "i scored no points") if p == 0 else ()),
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

    # ------------------------------------------------------------ the group announcement

    def _group_lines(self, group: Group, ask: bool = False) -> tuple[str, ...]:
        n = number_word(group.number)
        if len(group.seats) > 1:
            line = self.lines(
                "group_shared",
                number=n,
                drawing=self._drawings(group),
                seats=spoken_numbers(group.seats),
            )
        else:
            line = self.lines(
                "group_one_seat",
                number=n,
                drawing=self._drawings(group),
                seat=number_word(group.seats[0]),
            )
        mixed = len({normalise_name(e.name) for e in group.entries}) > 1
        return (
            (line,)
            + ((self.lines("same_question"),) if mixed and ask else ())
            + self._invalid_lines(group)
        )

    def _drawings(self, group: Group) -> str:
        """Every different drawing a group holds ("cat or kitty"), so the table can hear a wrong
        one."""
        names = list(dict.fromkeys(normalise_name(e.name) for e in group.entries))
        return content.spoken_list(names, "or")

    def _invalid_lines(self, group: Group) -> tuple[str, ...]:
        n = number_word(group.number)
        if group.void:
            return (self.lines("invalid_note", number=n),)
        if group.invalid:
            return (self.lines("void_note", number=n, seats=spoken_numbers(sorted(group.invalid))),)
        return ()

    def _list_groups(self, groups: tuple[Group, ...]) -> tuple[str, ...]:
        if not groups:
            return (self.lines("no_groups"),)
        lines: list[str] = []
        alone = []
        for group in sorted(groups, key=lambda g: g.number):
            if len(group.seats) > 1:
                lines.extend(self._group_lines(group, ask=True))
            else:
                alone.append(group)
        by_seat: dict[int, list[Group]] = {}
        for group in alone:  # a short list per player, not one long sentence
            by_seat.setdefault(group.seats[0], []).append(group)
        for seat in sorted(by_seat):
            items = [
                self.lines("single_item", number=number_word(g.number), drawing=self._drawings(g))
                for g in by_seat[seat]
            ]
            lines.append(self.lines("singles", seat=number_word(seat), items="; ".join(items)))
        lines.extend(line for g in alone for line in self._invalid_lines(g))
        return tuple(lines)

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
            return Outcome(
                drawing,
                (self._line("done", count=number_word(1)),),
                self.lines("decision_go_shout", theme=card.theme),
            )
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
        if answer.value == "shout":
            shouts = state.shouts + 1
            decision = self.lines("decision_shout", count=number_word(min(shouts, enough)))
        else:
            shouts = int(answer.value)
            decision = self.lines("decision_count", count=number_word(shouts))
        state = replace(state, shouts=min(shouts, enough), started=True)
        if state.shouts >= enough:
            say = (self._line("done", count=number_word(state.shouts)), self.lines("stop_drawing"))
            return Outcome(self._after_drawing(state), say, decision)
        return Outcome(state, (), decision)

    def _apply_reveal(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        seats = _seat_values(answer.value)
        named = state.named + seats
        if len(set(named)) < len(named) or not all(1 <= s <= state.players for s in seats):
            repeated = next(
                s
                for s in seats
                if s in state.named or seats.count(s) > 1 or not 1 <= s <= state.players
            )
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
            say = self.lines("revealed_one", seat=number_word(forgers[0]))
        else:
            say = self.lines(
                "revealed_two", first=number_word(forgers[0]), second=number_word(forgers[1])
            )
        return Outcome(state, (say,), self.lines("decision_forgers", seats=spoken_numbers(forgers)))

    def _apply_names(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        seat = number_word(len(state.drawings) + 1)
        if state.pending:
            return self._apply_check(state, answer, rng)
        if answer.kind is AnswerKind.FREE:
            alternatives = answer.value if isinstance(answer.value, list) else [str(answer.value)]
            known = self._known_names(state)
            names, ok = pick_names(alternatives, known, DRAWINGS - len(state.naming))
            if not ok:
                line = (
                    ("names_too_many", dict(names=content.spoken_list(names)))
                    if names
                    else ("names_unclear", {})
                )
                return Outcome(state, (self.lines(line[0], seat=seat, **line[1]),), accepted=False)
            forms = hint_forms(known)
            if not all(normalise_name(name) in forms for name in names):  # a guess: check it
                return Outcome(
                    replace(state, pending=names),
                    (),
                    self.lines("decision_heard_names", seat=seat, names=content.spoken_list(names)),
                )
            return self._add_names(state, names)
        # "that's all", or "nothing" before any name
        decision = self.lines(
            "decision_no_more" if state.naming else "decision_no_names", seat=seat
        )
        return self._finish_naming(state, decision)

    def _apply_check(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        """The answer to "I heard flying pig. Is that right?".

        Yes or no, alone or in one breath with more: "yes, and a dog" writes both down, "yes,
        that's all" ends the list, "no, a frying pan" replaces the doubtful name. A name said
        again alone replaces it only if it sounds like it (SAID_AGAIN): other drawings, or
        "that's all", are not answers to the check (most likely the next player has started),
        so gm asks again instead of writing them down for this player."""
        seat = number_word(len(state.drawings) + 1)
        names = state.pending
        checked = replace(state, pending=())
        dropped = Outcome(
            checked,
            (self.lines("names_dropped"),),
            self.lines("decision_not_names", seat=seat, names=content.spoken_list(names)),
        )
        again = Outcome(
            state, (self.lines("check_first", names=content.spoken_list(names)),), accepted=False
        )
        if answer.kind is AnswerKind.CHOICE:
            if answer.value is True:
                return self._add_names(checked, names)
            return dropped if answer.value is False else again
        if answer.kind is not AnswerKind.FREE:
            return again
        alternatives = answer.value if isinstance(answer.value, list) else [str(answer.value)]
        words = words_of(str(alternatives[0]) if alternatives else "")
        rest = " ".join(w for w in words[1:])
        if words and words[0] in YES_WORDS:
            outcome = self._add_names(checked, names)
            more = " ".join(w for w in rest.split() if w not in SOFT)
            if not more or outcome.state.phase is not Phase.NAMING or not outcome.state.naming:
                return outcome  # the list is full or over: what follows is not this player's
            if more in {" ".join(words_of(p)) for p in DONE_PHRASES}:
                finished = self._finish_naming(
                    outcome.state, self.lines("decision_no_more", seat=seat)
                )
                return replace(
                    finished,
                    say=outcome.say + finished.say,
                    decision=f"{outcome.decision}; {finished.decision}",
                )
            follow = self._apply_names(outcome.state, Answer(AnswerKind.FREE, [more], more), rng)
            if not follow.accepted:
                return outcome
            return replace(
                follow,
                say=outcome.say + follow.say,
                decision=f"{outcome.decision}; {follow.decision}",
            )
        if words and words[0] in NO_WORDS:
            if not rest:
                return dropped
            follow = self._apply_names(checked, Answer(AnswerKind.FREE, [rest], rest), rng)
            return follow if follow.accepted else dropped
        heard, ok = pick_names(alternatives, self._known_names(checked), len(names))
        if not ok or not all(
            max(fuzz.ratio(normalise_name(h), normalise_name(n)) for n in names) >= SAID_AGAIN
            for h in heard
        ):
            return again
        return self._apply_names(checked, answer, rng)

    def _add_names(self, state: State, names: tuple[str, ...]) -> Outcome:
        seat = number_word(len(state.drawings) + 1)
        decision = self.lines("decision_names", seat=seat, names=content.spoken_list(names))
        state = replace(state, naming=state.naming + names, heard=names)
        if len(state.naming) < DRAWINGS:
            return Outcome(state, (), decision)
        return self._finish_naming(state, decision, echo=True)

    def _finish_naming(self, state: State, decision: str, echo: bool = False) -> Outcome:
        """The player's list is complete: say it back; after the last player, group the drawings."""
        seat = number_word(len(state.drawings) + 1)
        naming, heard = state.naming, state.heard
        drawings = state.drawings + (naming,)
        state = replace(state, drawings=drawings, naming=(), heard=())
        listing: tuple[str, ...] = ()
        if len(drawings) == state.players:
            # the exhibition is read once, here; the groups ask then asks only "Is that right?"
            # (a refused correction repeats the ask, and must not read every group again)
            state = replace(state, phase=Phase.GROUPS, groups=group_drawings(drawings, self.same))
            listing = (self.lines("groups_intro"),) + self._list_groups(state.groups)
        if not naming:
            return Outcome(state, (self.lines("names_none", seat=seat),) + listing, decision)
        if echo:  # each name is said back as it comes: only the last ones are new to the table
            return Outcome(
                state,
                (self._line("names_heard", seat=seat, names=", ".join(heard)),) + listing,
                decision,
            )
        return Outcome(state, listing, decision)  # "that's all": every name was said back already

    def _apply_groups(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        if str(answer.value).startswith("apart "):
            return self._apply_apart(state, str(answer.value))
        verb, *args = str(answer.value).split()
        numbers = [int(a) for a in args]
        groups = state.groups
        if verb == "more":
            return Outcome(
                replace(state, changing=True), (), self.lines("decision_change"), transition=True
            )
        if verb in ("valid", "invalid", "void") and contradicts(verb, answer.heard):
            # a near match between opposite commands ("valid" heard in "in valid group two"): ask
            return Outcome(
                state,
                (self.lines("valid_or_invalid", number=number_word(numbers[-1])),),
                accepted=False,
            )
        if verb == "correct":
            roles = dict(enumerate(state.roles, 1))
            points = scores(groups, roles)
            state, say = self._finish_round(
                state, [points[s] for s in range(1, state.players + 1)], rng
            )
            return Outcome(state, say, self.lines("decision_correct"))
        if verb == "list":
            return Outcome(state, self._list_groups(groups), accepted=False)
        wanted = numbers if verb == "merge" else numbers[-1:]
        missing = [n for n in wanted if n not in {g.number for g in groups}]
        if missing:
            return Outcome(
                state,
                (self.lines("no_such_group", number=number_word(missing[0])),),
                accepted=False,
            )
        if verb == "merge":
            a, b = numbers
            groups = merge_groups(groups, a, b)
            say = self._group_lines(find(groups, min(a, b)))
            decision = self.lines(
                "decision_merge", first=number_word(min(a, b)), second=number_word(max(a, b))
            )
        elif verb == "split":
            (n,) = numbers
            before = {g.number for g in groups} - {n}
            groups = split_group(groups, n)
            say = tuple(
                line for g in groups if g.number not in before for line in self._group_lines(g)
            )
            decision = self.lines("decision_split", number=number_word(n))
        elif verb == "out":
            seat, n = numbers
            before = {g.number for g in groups}
            groups = take_out(groups, seat, n)
            say = tuple(
                line
                for g in groups
                if g.number == n or g.number not in before
                for line in self._group_lines(g)
            )
            decision = self.lines("decision_out", seat=number_word(seat), number=number_word(n))
        elif verb == "invalid":
            (n,) = numbers
            group = find(groups, n)
            if group.void:
                return Outcome(
                    state,
                    (
                        self.lines(
                            "already_invalid", number=number_word(n), drawing=self._drawings(group)
                        ),
                    ),
                    accepted=False,
                )
            groups = mark(groups, n, frozenset(group.seats))
            say = (
                self.lines("group_invalid", number=number_word(n), drawing=self._drawings(group)),
            )
            decision = self.lines("decision_invalid", number=number_word(n))
        elif verb == "void":
            seat, n = numbers
            group = find(groups, n)
            groups = mark(groups, n, group.invalid | {seat})
            name = next(e.name for e in group.entries if e.seat == seat)
            say = (
                self.lines(
                    "seat_invalid", drawing=name, seat=number_word(seat), number=number_word(n)
                ),
            )
            decision = self.lines("decision_void", seat=number_word(seat), number=number_word(n))
        elif verb == "valid":
            (n,) = numbers
            group = find(groups, n)
            if not group.invalid:
                return Outcome(
                    state,
                    (
                        self.lines(
                            "already_valid", number=number_word(n), drawing=self._drawings(group)
                        ),
                    ),
                    accepted=False,
                )
            groups = mark(groups, n, frozenset())
            say = (self.lines("group_valid", number=number_word(n), drawing=self._drawings(group)),)
            decision = self.lines("decision_valid", number=number_word(n))
        else:
            raise ValueError(f"unknown group correction {answer.value!r}")
        return Outcome(
            replace(state, groups=groups, corrections=state.corrections + 1, changing=False),
            say,
            decision,
        )

    def _apply_apart(self, state: State, value: str) -> Outcome:
        """ "Kitty is not cat": the drawings named kitty leave the group for one of their own."""
        _, number, names = value.split(" ", 2)
        name, other = names.split("|")
        n = int(number)
        group = next((g for g in state.groups if g.number == n), None)
        if group is None or name not in {normalise_name(e.name) for e in group.entries}:
            return Outcome(
                state, (self.lines("no_such_group", number=number_word(n)),), accepted=False
            )
        mine = tuple(e for e in group.entries if normalise_name(e.name) == name)
        rest = tuple(e for e in group.entries if normalise_name(e.name) != name)
        seats = {e.seat for e in mine}
        kept = Group(n, rest, group.invalid - (seats - {e.seat for e in rest}))
        moved = Group(free_number(state.groups), mine, group.invalid & seats)
        groups = tuple(
            sorted(
                [kept if g.number == n else g for g in state.groups] + [moved],
                key=lambda g: g.number,
            )
        )
        say = self._group_lines(kept) + self._group_lines(moved)
        decision = self.lines("decision_apart", drawing=name, other=other, number=number_word(n))
        return Outcome(
            replace(state, groups=groups, corrections=state.corrections + 1, changing=False),
            say,
            decision,
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
    return WhatTheFake(deck.cards, deck.lines, deck.same)
