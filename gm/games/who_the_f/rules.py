"""Who the F*ck?: the cooperative voting game, with the program holding the question deck.

The Zigoto cards, place tokens, vote tokens and connection tokens stay on the table; the game
master reads its own questions, hears the result of each vote and keeps the connection tokens.

Choices the rules leave open (CLARIFICATIONS.md settles the rest):
- Set-up by voice asks the number of players, then the difficulty, for whichever option is
  missing; then it explains the layout and waits for "ready" before the first question.
- The question deck (prompts/en/who_the_f.toml) is shuffled with the rng at new(). Every
  finished question (solved, lost, or spoiled by a hint) goes to a discard pile, which is
  reshuffled with the rng into a new pile when the pile runs out; the question just asked, if
  it comes out on top, goes to the bottom: no question comes twice in a row.
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

import random
from dataclasses import replace
from pathlib import Path
from typing import Any, Mapping, Sequence

from gm.content import ContentFile, Lines
from gm.games.common import player_count, spoken_numbers
from gm.games.who_the_f.deck import read
from gm.games.who_the_f.final import FinalRound
from gm.games.who_the_f.meaning import (
    FinalMeaning,
    NextMeaning,
    ResultMeaning,
    VoteMeaning,
)
from gm.games.who_the_f.phrases import (
    PLACES,
    final_result_choices,
    hint_choice,
    next_choices,
    ready_choices,
    result_choices,
)
from gm.games.who_the_f.state import (
    DIFFICULTY_ALIASES,
    MAX_TOKENS,
    Difficulty,
    Phase,
    State,
    draw_question,
    majority,
    starting_tokens,
)
from gm.steps import Answer, AnswerKind, Ask, Choice, End, Outcome, RulesError, Step
from gm.vocab import PLAYER_COUNT, number_word, numbers, yes_no

MIN_PLAYERS = 3
MAX_PLAYERS = 8
ELECTIONS = 6  # elected Zigotos needed before the final round
# Seconds of silence that end a result ("four votes for number two" is said in one breath). Short,
# because the "yes" to gm's "Is that right?" can come right after it: in a WAV, where gm's voice
# takes no time, 0.5 s plus the engine's 0.3 s tail fits the demo's 0.8 s between replies.
RESULT_ENDPOINT = 0.5


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
        if name.startswith(("decision_", "heard_")) or name.endswith("_expected"):
            return text
        return text[:1].upper() + text[1:]

    def many(self, name: str) -> tuple[str, ...]:
        return self._lines.many(name)


class WhoTheF(FinalRound):
    """The rules of Who the F*ck? as a pure state machine."""

    id = "who_the_f"
    title = "Who the F"
    names_seats = False  # cooperative: places are numbered, players never named by seat

    def __init__(self, questions: tuple[str, ...], lines: Lines) -> None:
        self.questions = questions
        self.lines = Spoken(lines)

    # ----------------------------------------------------------------- set-up

    def new(self, options: Mapping[str, Any], rng: random.Random) -> State:
        players = player_count(
            options.get("players"),
            MIN_PLAYERS,
            MAX_PLAYERS,
            f"{self.title} is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {{players}}.",
        )
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
                choices=numbers(1, 12, PLAYER_COUNT),  # "five", "we're five", "five of us"
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
                choices=ready_choices(),
                reprompts=L.many("ready_reprompts"),
                expected=L("ready_expected"),
                endpoint=0.5,
            )
        if phase is Phase.FINAL_SETUP:
            return Ask(
                id="who_the_f.final_setup",
                say=(L("final_start"), L("final_box"), L("final_place"), L("final_ready")),
                choices=ready_choices(),
                reprompts=L.many("ready_reprompts"),
                expected=L("ready_expected"),
                endpoint=0.5,
            )
        if phase in (Phase.VOTE, Phase.FINAL_VOTE) and state.asking == "skip":
            return Ask(
                id="who_the_f.skip",
                say=(L("ask_skip"),),
                again=(self._question_line(state), L("ask_skip")),  # which question, on resume
                choices=yes_no(),
                reprompts=L.many("skip_reprompts"),
                expected=L("skip_expected"),
                skippable=True,  # "skip" or "next question" again: the table insists, a yes
                endpoint=0.5,
            )
        if phase in (Phase.VOTE, Phase.FINAL_VOTE):
            return self._vote_ask(state)
        if phase is Phase.NEXT:
            return Ask(
                id="who_the_f.next",
                say=(L("next_prompt"),),
                choices=next_choices(),
                meaning=NextMeaning(L),
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
                meaning=ResultMeaning(L, state.players or 0),
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
                meaning=FinalMeaning(
                    L,
                    state.places,
                    which=state.asking == "which",
                    empties=state.asking == "empties",
                ),
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
            meaning: VoteMeaning = VoteMeaning(L, FinalMeaning(L, state.places, answers=False))
        else:
            name = "vote_instructions" if state.used == 0 else "vote_short"
            say = (self._question_line(state),) if timed else (self._question_line(state), L(name))
            time_line = L(name + "_timed", seconds="{seconds}") if timed else ""
            early = result_choices()
            meaning = VoteMeaning(L, ResultMeaning(L, state.players or 0))
        phase_id = "final_vote" if state.phase is Phase.FINAL_VOTE else "vote"
        return Ask(
            id=f"who_the_f.{phase_id}",
            say=say,
            choices=(
                Choice("reveal", ("reveal", "reveal the votes", "we are ready to reveal")),
                Choice("hint", hint_choice().phrases),
            )
            + tuple(c for c in early if c.value != {"hint": True}),
            meaning=meaning,
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

    def _no_such_place(self, state: State, place: object) -> Outcome:
        """A place that is not on the table ("unanimous for seven"): there are six, said so."""
        if not isinstance(place, int) or isinstance(place, bool):
            return self._refuse(state)
        return self._refuse(state, self.lines("no_such_place", place=number_word(place)))

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
        if _is_choice(answer, True) or answer.kind is AnswerKind.SKIP:
            vote = state.phase
            new = replace(draw_question(state, rng), phase=vote, asking="")
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
        new = replace(draw_question(state, rng), phase=vote)
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
            return self._no_such_place(state, place)
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
        new = replace(draw_question(state, rng), tokens=tokens, elected=elected, asking="")
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
            replace(
                new,
                phase=Phase.NEXT,
                announced=self._again(say, move_cards=spoken, bonus_token="", lose_token=""),
            ),
            say=tuple(say),
            decision=decision,
            put_back=undo,
        )

    def _lose_round(self, state: State, said: tuple[str, ...], rng: random.Random) -> Outcome:
        L = self.lines
        tokens = (state.tokens or 0) - 1
        new = replace(draw_question(state, rng), tokens=tokens, asking="")
        say = said + (L("lose_token"),)
        if tokens <= 0:
            new = replace(new, tokens=0, phase=Phase.LOST)
        else:
            say += (self._tokens_left(tokens),)
            new = replace(new, phase=Phase.NEXT, announced=self._again(say, lose_token=""))
        return Outcome(new, say=say, decision=L("decision_no_majority"), put_back=L("undo_token"))

    def _again(self, said: Sequence[str], **moves: str) -> tuple[str, ...]:
        """A result as said again (repeat, a resumed game): each move of cards or tokens it asked
        for (a line named in `moves`) told as made, so that no table makes it twice."""
        L = self.lines
        done = {
            L(name, place=place): L(f"{name}_done", place=place) for name, place in moves.items()
        }
        return tuple(done.get(line, line) for line in said)

    def _tokens_left(self, tokens: int) -> str:
        if tokens == 1:
            return self.lines("tokens_left_one")
        return self.lines("tokens_left", tokens=number_word(tokens))

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
            lines += (L("score_places", places=spoken_numbers(state.places)),)
        return lines


def _is_choice(answer: Answer, value: Any) -> bool:
    return answer.kind is AnswerKind.CHOICE and answer.value == value


def load(
    language: str = "en",
    root: Path | None = None,
    source: ContentFile | None = None,
    own: bool = False,
) -> WhoTheF:
    """The rules with gm's deck (prompts/<language>/who_the_f.toml), a table's own deck or a
    saved game's (`source`, see deck.read)."""
    questions, lines = read(language, root, source, own)
    return WhoTheF(questions, lines)
