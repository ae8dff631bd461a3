"""Who the F*ck?: the cooperative voting game, with the program holding the question deck.

The Zigoto cards, place tokens, vote tokens and connection tokens stay on the table; the game
master reads its own questions, hears the result of each vote and keeps the connection tokens.

Choices the rules leave open (CLARIFICATIONS.md settles the rest):
- Set-up by voice asks the number of players, then the difficulty, for whichever option is
  missing; then it explains the layout and waits for "ready" before the first question.
- The question deck (prompts/en/who_the_f.toml) is shuffled with the rng at new(). Every
  finished question (solved, lost, or spoiled by a hint) goes to a discard pile, which is
  reshuffled with the rng into a new pile when the pile runs out.
- "N votes for number M": N above the number of players is refused and asked again; N equal
  to the number of players is unanimous; N strictly more than half elects; N at most half is
  a lost round (no absolute majority), as in the rulebook's six-player example.
  "Unanimous with N votes for number M" with N other than the number of players is refused too.
- A unanimous vote with 8 tokens in stock gains nothing (the cap is said, not silently kept).
- A result is heard in the forms a table uses (result_choices): "three for two", "two got
  three", "all five for one", "everyone voted four", "two and two" (a tie: no majority,
  refused when the players cannot make it), "it's a tie", "nobody". Said before "reveal", it
  is taken as meant: the votes were turned over. A result is not confirmed unless the
  recogniser doubts it: the whole table hears it, and undo takes it back.
- After each result gm waits for "next question" (one gentle reminder): the rulebook's moment
  for players to justify their votes. That step is a transition: undo passes over it to the
  result. The sixth election and a lost game need no wait (the final set-up waits anyway).
- "Hint" can be reported only while voting, in the final round too: the question is
  discarded, the next one is read, no token changes. After the reveal the votes stand and a
  hint is refused (CLARIFICATIONS.md).
- "Skip" or "next question" while a question is up asks whether the table agrees; "yes"
  discards it like a hint, "no" keeps it.
- Every decision that moves a card or token says, when undone, how to put it back.
- The voting instruction is said in full for the first question and the first final
  question, then in four words.
- The final round starts after a "ready" wait while the table swaps the cards. Its result is
  "unanimous for M", "no votes for A, B, ..." (any number of places), "only A and B got
  votes" or "every place got a vote"; to "Is it unanimous?" a "yes" asks which number and a
  "no" which places got no vote. Naming a place that has left, or every remaining place, is
  refused; more places with votes than there are players is refused; naming all the places
  but one means everyone voted for that one: unanimous, the game is won.
- With the option "reveal_after" (seconds) the vote ask times out into a reveal, with the
  engine's spoken countdown; without it the table says "reveal" when ready.
- The game is cooperative: a win lists every seat, numbered 1 to the number of players.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import Any, Mapping

from gm import content
from gm.content import ContentError, ContentFile, Lines
from gm.steps import Answer, AnswerKind, Ask, Choice, End, Line, Outcome, RulesError, Step
from gm.vocab import number_word, numbers, yes_no

MIN_PLAYERS = 3
MAX_PLAYERS = 8
PLACES = (1, 2, 3, 4, 5, 6)
ELECTIONS = 6  # elected Zigotos needed before the final round
MAX_TOKENS = 8
MIN_QUESTIONS = 80
MAX_COUNT = 8  # counts up to this are heard, so that an impossible one can be refused
# Seconds of silence that end a result ("four votes for number two" is said in one breath). Short,
# because the "yes" to gm's "Is that right?" can come right after it: in a WAV, where gm's voice
# takes no time, 0.5 s plus the engine's 0.3 s tail fits the demo's 0.8 s between replies.
RESULT_ENDPOINT = 0.5
TABLES = ("win", "lose")  # how the simulated table of `gm demo` and the tests plays


class Phase(str, enum.Enum):
    PLAYERS = "players"
    DIFFICULTY = "difficulty"
    LAYOUT = "layout"
    VOTE = "vote"
    RESULT = "result"
    NEXT = "next"  # a result was told: the table talks it over until "next question"
    FINAL_SETUP = "final_setup"
    FINAL_VOTE = "final_vote"
    FINAL_RESULT = "final_result"
    WON = "won"
    LOST = "lost"


class Difficulty(str, enum.Enum):
    EASY = "easy"
    REGULAR = "regular"
    EXPERT = "expert"


DIFFICULTY_ALIASES = {
    "easy": Difficulty.EASY,
    "regular": Difficulty.REGULAR,
    "normal": Difficulty.REGULAR,
    "expert": Difficulty.EXPERT,
    "hard": Difficulty.EXPERT,
}

# The rulebook's set-up table: players -> starting tokens for easy, regular, expert.
STARTING_TOKENS = {
    3: (3, 2, 1),
    4: (4, 3, 2),
    5: (4, 3, 2),
    6: (5, 4, 3),
    7: (5, 4, 3),
    8: (6, 5, 4),
}

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
    "bonus_full",
    "move_cards",
    "not_majority",
    "not_majority_one",
    "no_majority",
    "lose_token",
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


@dataclass(frozen=True)
class State:
    """Everything the game master knows; the cards themselves stay on the table."""

    phase: Phase
    players: int | None
    difficulty: Difficulty | None
    tokens: int | None  # None until set-up is complete
    elected: int
    places: tuple[int, ...]  # places still in use (all six until the final round removes some)
    pile: tuple[int, ...]  # question indices, next on top (index 0)
    discards: tuple[int, ...]
    current: int  # the question index being voted on
    used: int  # questions finished (solved, lost or spoiled)
    reveal_after: float | None
    zuper: int | None = None  # the place elected unanimously in the final round
    announced: tuple[str, ...] = ()  # what the last result said (cards to move), for "repeat"
    final_from: int | None = None  # `used` when the final round began: its first question explains
    asking: str = (
        ""  # a question of gm's own first: "skip" (agreed?), "which" (unanimous for which?),
    )
    # "empties" (which places got no vote?)


def starting_tokens(players: int, difficulty: Difficulty) -> int:
    """The rulebook's table, capped by the stock of 8."""
    column = list(Difficulty).index(difficulty)
    return min(MAX_TOKENS, STARTING_TOKENS[players][column])


def majority(players: int) -> int:
    """The smallest absolute majority: strictly more than half."""
    return players // 2 + 1


def words(places: tuple[int, ...] | list[int], conjunction: str = "and") -> str:
    """(1, 2, 5) -> 'one, two and five' (spoken)."""
    return content.spoken_list([number_word(p) for p in places], conjunction)


def phrase_words(places: tuple[int, ...]) -> str:
    """(1, 2, 5) -> 'one two and five': a grammar phrase has no punctuation."""
    return words(places).replace(",", "")


def _draw(state: State, rng: random.Random) -> State:
    """Discard the current question and put the next one up, reshuffling if the pile is empty."""
    discards = state.discards + (state.current,)
    pile = state.pile
    if not pile:
        refill = list(discards)
        rng.shuffle(refill)
        pile, discards = tuple(refill), ()
    return replace(state, pile=pile[1:], discards=discards, current=pile[0], used=state.used + 1)


class Spoken:
    """The [lines] as whole sentences: one that starts with a spelled number gets its capital.

    Decisions ("decision_*") and "*_expected" stay lower-case: the engine says them inside its
    own sentences ("Undone: ...", "You can say ...").
    """

    def __init__(self, lines: Lines) -> None:
        self._lines = lines

    @property
    def source(self) -> Lines:
        return self._lines

    def __call__(self, name: str, **fields: Any) -> str:
        text = self._lines(name, **fields)
        if name.startswith("decision_") or name.endswith("_expected"):
            return text
        return text[:1].upper() + text[1:]

    def many(self, name: str) -> tuple[str, ...]:
        return self._lines.many(name)


class WhoTheF:
    """The rules of Who the F*ck? as a pure state machine."""

    id = "who_the_f"
    title = "Who the F"

    def __init__(self, questions: tuple[str, ...], lines: Lines, table: str = "win") -> None:
        if table not in TABLES:
            raise ValueError(f"the simulated table plays to {' or '.join(TABLES)}, not {table!r}")
        self.questions = questions
        self.lines = Spoken(lines)
        self.table = table  # how demo_line plays; the rules never read it

    def playing_to(self, table: str) -> "WhoTheF":
        """The same rules with a simulated table that plays to "win" or to "lose"."""
        return WhoTheF(self.questions, self.lines.source, table)

    # ----------------------------------------------------------------- set-up

    def new(self, options: Mapping[str, Any], rng: random.Random) -> State:
        players = self._players_option(options.get("players"))
        difficulty = self._difficulty_option(options.get("difficulty"))
        reveal_after = self._reveal_option(options.get("reveal_after"))
        order = list(range(len(self.questions)))
        rng.shuffle(order)
        state = State(
            phase=Phase.PLAYERS,
            players=players,
            difficulty=difficulty,
            tokens=None,
            elected=0,
            places=PLACES,
            pile=tuple(order[1:]),
            discards=(),
            current=order[0],
            used=0,
            reveal_after=reveal_after,
        )
        return self._after_setup(state)

    def _players_option(self, value: Any) -> int | None:
        if value is None:
            return None
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, str))
            or not str(value).strip().isdigit()
        ):
            raise RulesError(f"The number of players must be a whole number, not {value!r}.")
        players = int(value)
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(
                f"{self.title} is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}."
            )
        return players

    def _difficulty_option(self, value: Any) -> Difficulty | None:
        if value is None:
            return None
        if isinstance(value, Difficulty):
            return value
        difficulty = DIFFICULTY_ALIASES.get(str(value).strip().lower())
        if difficulty is None:
            raise RulesError(f"The difficulty must be easy, regular or expert, not {value!r}.")
        return difficulty

    def _reveal_option(self, value: Any) -> float | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
            raise RulesError(f"reveal_after must be a positive number of seconds, not {value!r}.")
        return float(value)

    def _after_setup(self, state: State) -> State:
        """Move to the first set-up question still open, or lay out the table."""
        if state.players is None:
            return replace(state, phase=Phase.PLAYERS)
        if state.difficulty is None:
            return replace(state, phase=Phase.DIFFICULTY)
        return replace(
            state, phase=Phase.LAYOUT, tokens=starting_tokens(state.players, state.difficulty)
        )

    # ------------------------------------------------------------------ steps

    def step(self, state: State) -> Step:
        L = self.lines
        phase = state.phase
        if phase is Phase.PLAYERS:
            return Ask(
                id="who_the_f.players",
                say=(L("ask_players"),),
                choices=numbers(1, 12, ("{n}", "{n} players")),
                reprompts=L.many("players_reprompts"),
                expected=L("players_expected"),
                endpoint=0.5,
            )
        if phase is Phase.DIFFICULTY:
            return Ask(
                id="who_the_f.difficulty",
                say=(L("ask_difficulty"),),
                choices=(
                    Choice(Difficulty.EASY.value, ("easy", "easy mode")),
                    Choice(Difficulty.REGULAR.value, ("regular", "regular mode", "normal")),
                    Choice(Difficulty.EXPERT.value, ("expert", "expert mode", "hard")),
                ),
                reprompts=L.many("difficulty_reprompts"),
                expected=L("difficulty_expected"),
                endpoint=0.5,
            )
        if phase is Phase.LAYOUT:
            return Ask(
                id="who_the_f.layout",
                say=self._layout_lines(state),
                choices=_ready_choices(),
                reprompts=L.many("ready_reprompts"),
                expected=L("ready_expected"),
                endpoint=0.5,
            )
        if phase is Phase.FINAL_SETUP:
            return Ask(
                id="who_the_f.final_setup",
                say=(L("final_start"), L("final_box"), L("final_place"), L("final_ready")),
                choices=_ready_choices(),
                reprompts=L.many("ready_reprompts"),
                expected=L("ready_expected"),
                endpoint=0.5,
            )
        if phase in (Phase.VOTE, Phase.FINAL_VOTE) and state.asking == "skip":
            return Ask(
                id="who_the_f.skip",
                say=(L("ask_skip"),),
                choices=yes_no(),
                reprompts=L.many("skip_reprompts"),
                expected=L("skip_expected"),
                endpoint=0.5,
            )
        if phase in (Phase.VOTE, Phase.FINAL_VOTE):
            return self._vote_ask(state)
        if phase is Phase.NEXT:
            return Ask(
                id="who_the_f.next",
                say=(L("next_prompt"),),
                choices=_next_choices(),
                reprompts=L.many("next_reprompts"),
                expected=L("next_expected"),
                again=state.announced + (L("next_prompt"),),
                skippable=True,  # "skip" here means: on to the next question
                endpoint=0.5,
            )
        if phase is Phase.RESULT:
            return Ask(
                id="who_the_f.result",
                say=(L("ask_result"),),
                choices=result_choices(),
                reprompts=L.many("result_reprompts"),
                expected=L("result_expected"),
                endpoint=RESULT_ENDPOINT,
                again=(self._question_line(state), L("ask_result")),
            )
        if phase is Phase.FINAL_RESULT:
            ask = {"which": "ask_final_which", "empties": "ask_final_empties"}.get(
                state.asking, "ask_final_result"
            )
            return Ask(
                id="who_the_f.final_result",
                say=(L(ask),),
                choices=final_result_choices(state.places, which=state.asking == "which"),
                reprompts=L.many("final_result_reprompts"),
                expected=L("final_result_expected"),
                endpoint=RESULT_ENDPOINT,
                again=(self._question_line(state), L(ask)),
            )
        if phase is Phase.WON:
            place = number_word(state.zuper or 0)
            return End(
                say=(L("won_title", place=place), L("won_celebrate")),
                winners=tuple(range(1, (state.players or 0) + 1)),
            )
        lost = "lost_final" if state.elected >= ELECTIONS else "lost"
        return End(say=(L(lost, elected=number_word(state.elected)), L("lost_try_again")))

    def _layout_lines(self, state: State) -> tuple[str, ...]:
        L = self.lines
        tokens = state.tokens or 0
        take = (
            L("layout_tokens_one")
            if tokens == 1
            else L("layout_tokens", tokens=number_word(tokens))
        )
        return (
            L("layout_places"),
            L("layout_zigotos"),
            L("layout_votes"),
            take,
            L("layout_questions"),
            L("layout_ready"),
        )

    def _question_line(self, state: State) -> str:
        number = number_word(state.used + 1)
        text = self.questions[state.current]
        final = state.phase in (Phase.FINAL_VOTE, Phase.FINAL_RESULT)
        return self.lines("final_question" if final else "question", number=number, text=text)

    def _vote_ask(self, state: State) -> Ask:
        """The question and how to vote: in full for the first question (and the final round's
        first), then in a few words. A result told without "reveal" first is taken as meant. With a
        time limit the engine says the time line (Ask.time_line) with the seconds really left."""
        L = self.lines
        timed = state.reveal_after is not None
        if state.phase is Phase.FINAL_VOTE:
            first = state.used == state.final_from
            say = (
                self._question_line(state),
                L("final_instructions") if first else L("final_short"),
            )
            time_line = L("vote_short_timed", seconds="{seconds}") if timed else ""
            early = final_result_choices(state.places, answers=False)
        else:
            name = "vote_instructions" if state.used == 0 else "vote_short"
            say = (self._question_line(state),) if timed else (self._question_line(state), L(name))
            time_line = L(name + "_timed", seconds="{seconds}") if timed else ""
            early = result_choices()
        phase_id = "final_vote" if state.phase is Phase.FINAL_VOTE else "vote"
        return Ask(
            id=f"who_the_f.{phase_id}",
            say=say,
            choices=(
                Choice("reveal", ("reveal", "reveal the votes", "we are ready to reveal")),
                Choice("hint", _hint_choice().phrases),
            )
            + tuple(c for c in early if c.value != {"hint": True}),
            timeout=state.reveal_after,
            countdown=state.reveal_after is not None,
            time_line=time_line,
            reprompts=L.many("vote_reprompts"),
            expected=L("vote_expected"),
            skippable=True,
            endpoint=0.5,
        )

    # ------------------------------------------------------------------ apply

    def apply(self, state: State, ask: Ask, answer: Answer, rng: random.Random) -> Outcome:
        phase = state.phase
        if phase is Phase.PLAYERS:
            return self._apply_players(state, answer)
        if phase is Phase.DIFFICULTY:
            return self._apply_difficulty(state, answer)
        if phase is Phase.LAYOUT and _is_choice(answer, "ready"):
            return Outcome(replace(state, phase=Phase.VOTE), decision=self.lines("decision_ready"))
        if phase is Phase.FINAL_SETUP and _is_choice(answer, "ready"):
            return Outcome(
                replace(state, phase=Phase.FINAL_VOTE, final_from=state.used),
                decision=self.lines("decision_final_ready"),
                put_back=self.lines("undo_final_setup"),
            )
        if phase in (Phase.VOTE, Phase.FINAL_VOTE) and state.asking == "skip":
            return self._apply_skip(state, answer, rng)
        if phase in (Phase.VOTE, Phase.FINAL_VOTE):
            return self._apply_vote(state, answer, rng)
        if phase is Phase.NEXT and (_is_choice(answer, "next") or answer.kind is AnswerKind.SKIP):
            vote = Phase.FINAL_VOTE if state.final_from is not None else Phase.VOTE
            return Outcome(
                replace(state, phase=vote, announced=()),
                decision=self.lines("decision_next"),
                transition=True,
            )
        if phase is Phase.RESULT:
            return self._apply_result(state, answer, rng)
        if phase is Phase.FINAL_RESULT:
            return self._apply_final_result(state, answer, rng)
        return self._refuse(state)

    def _refuse(self, state: State, *say: str) -> Outcome:
        return Outcome(state, say=say or (self.lines("not_understood"),), accepted=False)

    def _apply_players(self, state: State, answer: Answer) -> Outcome:
        value = answer.value if answer.kind is AnswerKind.CHOICE else None
        if not isinstance(value, int) or isinstance(value, bool):
            return self._refuse(state)
        if not MIN_PLAYERS <= value <= MAX_PLAYERS:
            return self._refuse(
                state, self.lines("players_out_of_range", players=number_word(value))
            )
        new = self._after_setup(replace(state, players=value))
        return Outcome(new, decision=self.lines("decision_players", players=number_word(value)))

    def _apply_difficulty(self, state: State, answer: Answer) -> Outcome:
        value = answer.value if answer.kind is AnswerKind.CHOICE else None
        difficulty = DIFFICULTY_ALIASES.get(value) if isinstance(value, str) else None
        if difficulty is None:
            return self._refuse(state)
        new = self._after_setup(replace(state, difficulty=difficulty))
        return Outcome(new, decision=self.lines("decision_difficulty", difficulty=difficulty.value))

    def _apply_vote(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        result = Phase.FINAL_RESULT if state.phase is Phase.FINAL_VOTE else Phase.RESULT
        if answer.kind is AnswerKind.TIMEOUT or _is_choice(answer, "reveal"):
            return Outcome(
                replace(state, phase=result),
                say=(self.lines("revealed"),),
                decision=self.lines("decision_revealed"),
            )
        if _is_choice(answer, "hint"):
            return self._hint(state, rng)
        if answer.kind is AnswerKind.SKIP:
            return self._ask_skip(state)
        if answer.kind is AnswerKind.CHOICE and isinstance(answer.value, dict):
            # the votes were turned over and the result told before anyone said "reveal"
            revealed = replace(state, phase=result)
            outcome = self.apply(revealed, self.step(revealed), answer, rng)
            return outcome if outcome.accepted else replace(outcome, state=state)
        return self._refuse(state)

    def _ask_skip(self, state: State) -> Outcome:
        """ "Skip" or "next question" while a question is up: the table agrees first (a skip is
        the table's choice, CLARIFICATIONS.md), and only before the reveal."""
        return Outcome(
            replace(state, asking="skip"),
            decision=self.lines("decision_skip_asked"),
            transition=True,
        )

    def _apply_skip(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        if _is_choice(answer, True):
            vote = state.phase
            new = replace(_draw(state, rng), phase=vote, asking="")
            return Outcome(new, say=(self.lines("skipped"),), decision=self.lines("decision_skip"))
        if _is_choice(answer, False):
            return Outcome(
                replace(state, asking=""),
                say=(self.lines("skip_refused"),),
                decision=self.lines("decision_kept"),
                transition=True,
            )
        return self._refuse(state)

    def _hint(self, state: State, rng: random.Random) -> Outcome:
        """A spoiled question is discarded without any token change; the vote starts over."""
        vote = (
            Phase.FINAL_VOTE
            if state.phase in (Phase.FINAL_VOTE, Phase.FINAL_RESULT)
            else Phase.VOTE
        )
        new = replace(_draw(state, rng), phase=vote)
        return Outcome(
            new, say=(self.lines("hint_discarded"),), decision=self.lines("decision_hint")
        )

    def _apply_result(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        L = self.lines
        value = answer.value if answer.kind is AnswerKind.CHOICE else None
        if not isinstance(value, dict):
            return self._refuse(state)
        players = state.players or 0
        if value.get(
            "hint"
        ):  # a hint spoils the secret vote only; after the reveal the result stands
            return self._refuse(state, L("hint_too_late"))
        if value.get("none"):
            return self._lose_round(state, (L("no_majority"),), rng)
        tie = value.get("tie")
        if tie is not None:
            if not isinstance(tie, int) or isinstance(tie, bool) or tie < 1 or 2 * tie > players:
                return self._refuse(state, L("bad_count"))
            return self._lose_round(state, (L("tie"), L("no_majority")), rng)
        place = value.get("place")
        if place not in PLACES:
            return self._refuse(state)
        if value.get("unanimous"):
            said = value.get("count", players)
            if not isinstance(said, int) or isinstance(said, bool):
                return self._refuse(state, L("bad_count"))
            if said != players:
                return self._refuse(
                    state,
                    L(
                        "unanimous_contradicts",
                        players=number_word(players),
                        count=number_word(said),
                    ),
                )
            count = players
        else:
            count = value.get("count")
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                return self._refuse(state, L("bad_count"))
            if count > players:
                return self._refuse(
                    state,
                    L("too_many_votes", players=number_word(players), count=number_word(count)),
                )
        if count < majority(players):
            said = (
                L("not_majority_one", players=number_word(players))
                if count == 1
                else L("not_majority", count=number_word(count), players=number_word(players))
            )
            return self._lose_round(state, (said, L("no_majority")), rng)
        return self._elect(state, place, count, rng)

    def _elect(self, state: State, place: int, count: int, rng: random.Random) -> Outcome:
        L = self.lines
        players = state.players or 0
        tokens = state.tokens or 0
        spoken = number_word(place)
        bonus = False
        if count == players:
            say = [L("unanimous", place=spoken)]
            if tokens < MAX_TOKENS:
                tokens += 1
                bonus = True
                say.append(L("bonus_token"))
            else:
                say.append(L("bonus_full"))
            decision = L("decision_unanimous", place=spoken)
        else:
            say = [
                L("elected", count=number_word(count), players=number_word(players), place=spoken)
            ]
            decision = L("decision_elected", count=number_word(count), place=spoken)
        elected = state.elected + 1
        new = replace(_draw(state, rng), tokens=tokens, elected=elected, asking="")
        last = elected >= ELECTIONS
        undo = L("undo_elected_last" if last else "undo_elected", place=spoken)
        if bonus:
            undo += " " + L("undo_bonus")
        if last:  # no new Zigoto for the sixth: five stay under the places, as final_box says
            say += [L("move_up_last", place=spoken), self._tokens_left(tokens)]
            return Outcome(
                replace(new, phase=Phase.FINAL_SETUP),
                say=tuple(say),
                decision=decision,
                put_back=undo,
            )
        say += [
            L("move_cards", place=spoken),
            self._tokens_left(tokens),
            L("elected_progress", elected=number_word(elected)),
        ]
        return Outcome(
            replace(new, phase=Phase.NEXT, announced=tuple(say)),
            say=tuple(say),
            decision=decision,
            put_back=undo,
        )

    def _lose_round(self, state: State, said: tuple[str, ...], rng: random.Random) -> Outcome:
        L = self.lines
        tokens = (state.tokens or 0) - 1
        new = replace(_draw(state, rng), tokens=tokens, asking="")
        say = said + (L("lose_token"),)
        if tokens <= 0:
            new = replace(new, tokens=0, phase=Phase.LOST)
        else:
            say += (self._tokens_left(tokens),)
            new = replace(new, phase=Phase.NEXT, announced=say)
        return Outcome(new, say=say, decision=L("decision_no_majority"), put_back=L("undo_token"))

    def _tokens_left(self, tokens: int) -> str:
        if tokens == 1:
            return self.lines("tokens_left_one")
        return self.lines("tokens_left", tokens=number_word(tokens))

    def _apply_final_result(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        L = self.lines
        value = answer.value if answer.kind is AnswerKind.CHOICE else None
        if not isinstance(value, dict):
            return self._refuse(state)
        if value.get("hint"):
            return self._refuse(state, L("hint_too_late"))
        if "answer" in value:  # "Is it unanimous?" "Yes." / "No."
            asking = "which" if value["answer"] else "empties"
            decision = L("decision_final_yes" if value["answer"] else "decision_final_no")
            return Outcome(replace(state, asking=asking), decision=decision, transition=True)
        still = words(state.places)
        players = state.players or 0
        if value.get("unanimous"):
            place = value.get("place")
            if place not in state.places:
                if place not in PLACES:
                    return self._refuse(state)
                return self._refuse(state, L("place_gone", place=number_word(place), places=still))
            return self._win(state, place, (L("final_unanimous", place=number_word(place)),))
        empty = value.get("empty")
        if not isinstance(empty, list) or not all(isinstance(p, int) for p in empty):
            return self._refuse(state)
        empty_set = set(empty)
        gone = sorted(empty_set - set(state.places))
        if gone:
            return self._refuse(state, L("place_gone", place=number_word(gone[0]), places=still))
        remaining = tuple(p for p in state.places if p not in empty_set)
        if not remaining:
            return self._refuse(state, L("all_empty", places=still))
        if len(remaining) == 1:
            place = remaining[0]
            return self._win(
                state, place, (L("final_implied_unanimous", place=number_word(place)),)
            )
        if len(remaining) > players:
            return self._refuse(
                state, L("too_many_places", players=number_word(players), places=still)
            )
        tokens = (state.tokens or 0) - 1
        leaving = tuple(sorted(empty_set))
        if not leaving:
            say: tuple[str, ...] = (L("final_all_voted"),)
            decision = L("decision_final_all_voted")
        else:
            if len(leaving) == 1:
                say = (L("final_leave_one", place=number_word(leaving[0])),)
            else:
                say = (L("final_leave", places=words(leaving)),)
            decision = L("decision_final_empty", places=words(leaving))
        new = replace(_draw(state, rng), tokens=max(tokens, 0), places=remaining, asking="")
        say += (L("lose_token"),)
        undo = (
            L("undo_final_leave_one", place=number_word(leaving[0]))
            if len(leaving) == 1
            else L("undo_final_leave", places=words(leaving))
            if leaving
            else L("undo_token")
        )
        if tokens <= 0:
            return Outcome(
                replace(new, phase=Phase.LOST), say=say, decision=decision, put_back=undo
            )
        if leaving:
            say += (L("final_center", places=words(remaining)),)
        say += (self._tokens_left(tokens),)
        return Outcome(
            replace(new, phase=Phase.NEXT, announced=say), say=say, decision=decision, put_back=undo
        )

    def _win(self, state: State, place: int, say: tuple[str, ...]) -> Outcome:
        new = replace(state, phase=Phase.WON, zuper=place, used=state.used + 1, asking="")
        return Outcome(
            new, say=say, decision=self.lines("decision_final_unanimous", place=number_word(place))
        )

    # ------------------------------------------------------------- reporting

    def public(self, state: State) -> dict:
        voting = state.phase in (Phase.VOTE, Phase.RESULT, Phase.FINAL_VOTE, Phase.FINAL_RESULT)
        return {
            "phase": state.phase.value,
            "tokens": state.tokens,
            "elected": state.elected,
            "places": list(state.places),
            "questions_used": state.used,
            "players": state.players,
            "difficulty": state.difficulty.value if state.difficulty else None,
            "question": self.questions[state.current] if voting else None,
        }

    def score(self, state: State) -> tuple[str, ...]:
        L = self.lines
        if state.tokens is None:
            return (L("score_setup"),)
        tokens = (
            L("score_tokens_one")
            if state.tokens == 1
            else L("score_tokens", tokens=number_word(state.tokens))
        )
        lines = (tokens, L("score_elected", elected=number_word(state.elected)))
        if state.phase in (Phase.FINAL_VOTE, Phase.FINAL_RESULT):
            lines += (L("score_places", places=words(state.places)),)
        return lines

    # ------------------------------------------------------- the simulated table

    def demo_line(self, state: State, ask: Ask, rng: random.Random) -> Line:
        """A plausible reply of a simulated table (for `gm demo` and the end-to-end tests).

        Playing to win (the default), it shows each kind of result: majorities, a unanimous
        vote, a lost round (never the last token, so the demo reaches the final round), one hint
        on the third question, a final round that sends some Zigotos home before a unanimous
        vote. Playing to lose (`playing_to("lose")`), four players on expert lose every token.
        """
        if (
            state.phase is Phase.NEXT
        ):  # before any draw, so the rest of a planned game stays as it was
            return _said(ask, "next", "next question", 1)
        seat = rng.randint(1, state.players or 1)
        phase = state.phase
        losing = self.table == "lose"
        if phase is Phase.PLAYERS:
            players = 4 if losing else rng.choice((4, 5, 6))
            return _said(ask, players, f"{number_word(players)} players", 1)
        if phase is Phase.DIFFICULTY:
            if losing:
                return _said(ask, Difficulty.EXPERT.value, "expert", 1)
            return _said(ask, Difficulty.REGULAR.value, "regular", 1)
        if phase in (Phase.LAYOUT, Phase.FINAL_SETUP):
            return _said(ask, "ready", "we are ready", seat)
        if state.asking == "skip":
            return _said(ask, True, "yes", seat)
        if phase in (Phase.VOTE, Phase.FINAL_VOTE):
            if state.used == 2 and phase is Phase.VOTE:
                return _said(ask, "hint", "someone gave a hint", seat)
            if ask.timeout is not None and rng.random() < 0.5:
                return Line(Answer(AnswerKind.TIMEOUT), "", seat, silence=ask.timeout + 1.5)
            return _said(ask, "reveal", "reveal", seat)
        if phase is Phase.RESULT:
            if losing:
                return self._demo_losing_result(state, ask, rng, seat)
            return self._demo_result(state, ask, rng, seat)
        return self._demo_final(state, ask, rng, seat)

    def _demo_losing_result(self, state: State, ask: Ask, rng: random.Random, seat: int) -> Line:
        """A table that starts well and falls apart: an election, a unanimous count, (a hint
        while voting the third question), a vote short of a majority, one more election, then no
        majority until the last token is gone."""
        players = state.players or MIN_PLAYERS
        place = rng.choice(PLACES)
        spoken = number_word(place)
        if state.used in (0, 1, 4):
            count = players if state.used == 1 else rng.randint(majority(players), players - 1)
            return _said(
                ask,
                {"count": count, "place": place},
                f"{number_word(count)} votes for number {spoken}",
                seat,
            )
        if state.used == 3 and majority(players) > 2:
            return _said(ask, {"count": 2, "place": place}, f"two votes for number {spoken}", seat)
        return _said(ask, {"none": True}, "no majority", seat)

    def _demo_result(self, state: State, ask: Ask, rng: random.Random, seat: int) -> Line:
        players = state.players or MIN_PLAYERS
        place = rng.choice(PLACES)
        spoken = number_word(place)
        roll = rng.random()
        if roll < 0.2 and (state.tokens or 0) > 1:
            return _said(ask, {"none": True}, "no majority", seat)
        if roll < 0.35:
            return _said(ask, {"unanimous": True, "place": place}, f"unanimous for {spoken}", seat)
        count = rng.randint(majority(players), players - 1)
        votes = "vote" if count == 1 else "votes"
        return _said(
            ask,
            {"count": count, "place": place},
            f"{number_word(count)} {votes} for number {spoken}",
            seat,
        )

    def _demo_final(self, state: State, ask: Ask, rng: random.Random, seat: int) -> Line:
        players = state.players or MIN_PLAYERS
        places = state.places
        if len(places) <= 3 or (state.tokens or 0) <= 1:
            place = rng.choice(places)
            return _said(
                ask,
                {"unanimous": True, "place": place},
                f"unanimous for {number_word(place)}",
                seat,
            )
        most = min(2, len(places) - 2)
        least = max(1, len(places) - players)
        empty = tuple(sorted(rng.sample(places, rng.randint(least, max(least, most)))))
        phrase = f"no votes for {phrase_words(empty)}"
        return _said(ask, {"empty": list(empty)}, phrase, seat)


# ----------------------------------------------------------------- choices


def _said(ask: Ask, value: Any, phrase: str, seat: int) -> Line:
    """The Line that says `phrase`, which must be a phrase of the choice worth `value`."""
    choice = next(c for c in ask.choices if c.value == value)
    if phrase not in choice.phrases:
        raise ValueError(f"{phrase!r} is not a phrase of {value!r} in {ask.id}")
    return Line(Answer(AnswerKind.CHOICE, value, phrase), phrase, seat)


def _is_choice(answer: Answer, value: Any) -> bool:
    return answer.kind is AnswerKind.CHOICE and answer.value == value


def _ready_choices() -> tuple[Choice, ...]:
    return (Choice("ready", ("ready", "we are ready", "all set", "the table is set")),)


def _next_choices() -> tuple[Choice, ...]:
    return (
        Choice(
            "next",
            (
                "next question",
                "next",
                "next one",
                "ready",
                "we are ready",
                "go on",
                "lets go",
                "carry on",
                "read the next question",
            ),
        ),
    )


def _hint_choice() -> Choice:
    return Choice({"hint": True}, ("hint", "someone gave a hint", "a hint was given"))


def _unanimous_phrases(place: int) -> tuple[str, ...]:
    n = number_word(place)
    return (
        f"unanimous for {n}",
        f"unanimous for number {n}",
        f"everyone for {n}",
        f"everyone for number {n}",
        f"everyone voted {n}",
        f"everyone voted for {n}",
        f"everybody voted {n}",
        f"all for {n}",
        f"all votes for {n}",
    )


NO_MAJORITY = (
    "no majority",
    "no absolute majority",
    "no majority at all",
    "its a tie",
    "it is a tie",
    "a tie",
    "tie",
    "nobody",
    "nobody got a majority",
    "no one",
    "no one got a majority",
)


@lru_cache(maxsize=1)
def result_choices() -> tuple[Choice, ...]:
    """Every count and place in the forms a table says them, unanimous, no majority, a tie, hint.

    'four votes for number two', 'four for two', 'two got four', 'number two got four votes';
    'unanimous for five', 'everyone voted five', 'all five for one' (a count: refused unless it
    is every player); 'no majority', 'it's a tie', 'nobody'; 'two and two' (a tie of two counts,
    refused when the players cannot make it). "Unanimous with four votes for number two" is heard
    too, so that a count that contradicts "unanimous" can be refused rather than silently taken
    one way or the other. ("with" keeps the count apart from "unanimous": PocketSphinx hears
    "unanimous eight" as "unanimous six".) "Four for two" and "two got four" are read with the
    number sound-alikes ("for" may be four), and never one for the other: the digits must be in
    the phrase's order (intents.score).
    """
    choices = []
    for place in PLACES:
        p = number_word(place)
        for count in range(1, MAX_COUNT + 1):
            votes = "vote" if count == 1 else "votes"
            c = number_word(count)
            choices.append(
                Choice(
                    {"count": count, "place": place},
                    (
                        f"{c} {votes} for number {p}",
                        f"{c} {votes} for {p}",
                        f"{c} for {p}",
                        f"{c} for number {p}",
                        f"{p} got {c}",
                        f"{p} got {c} {votes}",
                        f"number {p} got {c} {votes}",
                    ),
                )
            )
        choices.append(Choice({"unanimous": True, "place": place}, _unanimous_phrases(place)))
        for count in range(2, MAX_COUNT + 1):
            c = number_word(count)
            choices.append(
                Choice(
                    {"unanimous": True, "count": count, "place": place},
                    (
                        f"unanimous with {c} votes for number {p}",
                        f"all {c} for {p}",
                        f"all {c} voted {p}",
                        f"all {c} votes for {p}",
                    ),
                )
            )
    choices.append(Choice({"none": True}, NO_MAJORITY))
    for count in range(1, MAX_COUNT // 2 + 1):
        c = number_word(count)
        choices.append(Choice({"tie": count}, (f"{c} and {c}", f"{c} votes and {c} votes")))
    choices.append(_hint_choice())
    return tuple(choices)


@lru_cache(maxsize=256)
def final_result_choices(
    places: tuple[int, ...], which: bool = False, answers: bool = True
) -> tuple[Choice, ...]:
    """Unanimous for a place, or which places got no vote (or, for few voters, which got votes).

    Every set of the places still in can be named, in any number ("no votes for one, two,
    three and four"); single places are offered for all six, so that a place already gone is
    heard and refused. `answers`: the answers to "Is it unanimous?" ("yes", "yes, for three",
    "no"); `which`: after a "yes", the place alone ("three", "number three").
    """
    choices = []
    for place in PLACES:
        n = number_word(place)
        phrases = _unanimous_phrases(place)
        if answers:
            phrases += (f"yes {n}", f"yes for {n}", f"yes for number {n}", f"yes unanimous for {n}")
        if which:
            phrases += (n, f"number {n}", f"for {n}", f"for number {n}")
        choices.append(Choice({"unanimous": True, "place": place}, phrases))
    empties: dict[tuple[int, ...], list[str]] = {}
    for place in PLACES:
        empties[(place,)] = []
    for size in range(1, len(places) + 1):
        for subset in combinations(places, size):
            empties.setdefault(subset, [])
    for subset in list(empties):
        said = phrase_words(subset)
        empties[subset] += [f"no votes for {said}", f"no vote for {said}", f"nothing for {said}"]
        if len(subset) > 2:  # a long list is often said without its "and"
            empties[subset].append("no votes for " + " ".join(number_word(p) for p in subset))
    for size in range(1, len(places)):
        for voted in combinations(places, size):
            empty = tuple(p for p in places if p not in voted)
            said = phrase_words(voted)
            empties.setdefault(empty, []).extend(
                [f"only {said} got votes", f"votes only for {said}"]
            )
    choices += [
        Choice({"empty": list(empty)}, tuple(phrases)) for empty, phrases in empties.items()
    ]
    choices.append(
        Choice(
            {"empty": []},
            (
                "every place got a vote",
                "every number got a vote",
                "all places got votes",
                "everyone got a vote",
                "every zigoto got a vote",
            ),
        )
    )
    if answers:
        choices.append(
            Choice({"answer": True}, ("yes", "yes it is", "yeah", "it is unanimous", "unanimous"))
        )
        choices.append(
            Choice({"answer": False}, ("no", "no it is not", "nope", "not unanimous", "it is not"))
        )
    choices.append(_hint_choice())
    return tuple(choices)


# -------------------------------------------------------------------- load


def load(
    language: str = "en",
    root: Path | None = None,
    source: ContentFile | None = None,
    own: bool = False,
) -> WhoTheF:
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
    return WhoTheF(questions, lines)


def _check_questions(
    source: ContentFile, questions: tuple[str, ...], problems: content.Problems
) -> None:
    seen: set[str] = set()
    for index, text in enumerate(questions, 1):
        if not text.lower().startswith("who ") or not text.endswith("?"):
            problems.add(
                source.fail_near(
                    text,
                    "questions",
                    f"question {index} ({text!r}) must start with 'Who' and end with '?'",
                )
            )
        key = text.lower()
        if key in seen:
            problems.add(
                source.fail("questions", f"question {index} ({text!r}) appears twice")
            )  # the first copy's line would mislead
        seen.add(key)


__all__ = ["WhoTheF", "State", "Phase", "Difficulty", "load", "ContentError"]
