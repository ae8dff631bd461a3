"""Funocracy: say a word for the theme that starts with a face-up letter; the table judges it.

The game master holds the letter and theme decks virtually (prompts/en/funocracy.toml) and
only hears the table. Choices made where the rulebook and CLARIFICATIONS.md are silent:

- Deck: 25 letter cards, the alphabet without X; 1 star for the ten commonest first letters
  of English words (S C P D T A M B R F), 2 for the next eight (E H I G L W O N), 3 for the
  rarest seven (U V K J Y Q Z).
- Themes are shuffled once per game. Each round sets three aside and reveals them first, then
  draws on from the pile; at round end the unused set-aside themes are discarded. Should the
  pile run dry, the discarded themes are reshuffled into a new pile (not in the rulebook), the
  one just played put at its bottom, so that no theme comes twice in a row.
- Hearing a word: the first alternative whose first word (after filler words such as "um",
  "well", "so", "like" and a leading "a", "an" or "the") starts with a face-up letter wins: "um
  banana" is B. If none fits, gm says which letter the word starts with ("zebra starts with Z,
  which is not face up") and asks again: the word said again (or another word; one that still
  fits no face-up letter is asked about the same way, by what was heard now), the letter by
  name, or "no answer" to go back to the same turn, whose 25-second deadline keeps running
  (Ask.deadline is per turn). That ask has LETTER_SECONDS; the word was said in time.
- A word is scored for a letter it does not start with (nor sounds like it starts with:
  "knife" for N) only when the whole table agrees to it, asked in so many words.
- Challenge window: a 4-second ask after the heard line. A challenge and a vote result are
  said aloud for the whole table to hear, so they are confirmed only when the recogniser
  doubts them. The letter is won only when the window closes (silence, "no challenge", a
  GOOD majority or a tie), never provisionally, so a MEHH majority has nothing to revert.
  "Wrong letter" in the window asks for the letter. Once the window has closed, "meh",
  "challenge", "no challenge" and "next player" are not the next player's answer; "too late,
  the letter is won" is said to a challenge only when the last turn won a letter (on this
  theme), never after a time out, a pass or a skip.
- A tie is refused when the number of voters (players minus one) is odd.
- A theme counts as "without an answer" when it is left (time out, pass or MEHH majority)
  with no valid answer on it (a skipped theme does not count, see below); any valid answer
  resets the count. At three the leftmost letter is discarded and a new one drawn (normal
  mode), and the count starts again.
- "Pass" loses the turn like a time out. "Skip" (Ask.skippable) gives the same player a new
  theme and a new 25 seconds at once, once a turn (a second skip is refused in one sentence and
  the turn's clock runs on), and says so ("That theme is skipped: Fruits. To object, say take
  that back."): the table agrees by not objecting, as at a table, and whoever objects takes it
  back, which brings the theme back. A question for each skip would cost every table a question and
  a yes for the rare objection.
  A fair table accepts a skip for a theme nobody could play, not as a way round the rules:
  so a skipped theme does not count towards the three-themes rule (three skips would
  otherwise discard a letter and give the same player a fresh one, a free reroll), and
  after an undo the player goes on with the same theme and clock.
  "Next" alone is not a skip.
- A round ends when a letter must be drawn from an empty pile; the player whose turn it was
  ended it, and the next seat (the one on the left) starts the next round. In alternative
  mode nothing is ever drawn: every remaining letter is face up, the three-themes rule
  discards the leftmost without replacement, and the round ends when no letter is left.
- Each fact is said once. A round's start lists the letters with their stars, grouped by
  stars; a new letter is said with its stars; a heard answer names its letter and stars, and
  the window's close says who won it. A turn on the same theme names the player only; a new
  theme lists the face-up letters again (normal mode). In alternative mode, after the start
  of a round, the letters are listed (eight or fewer) or counted (more) only when they changed,
  so "letters left" is never said twice in a row ("help" says the whole list). The first
  answers heard say how to challenge. "That was the last letter" only when none is left.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Mapping

from gm.content import ContentFile, Lines, spoken_list
from gm.games.common import last_played_last, next_seat, player_count
from gm.games.funocracy.deck import FACE_UP, HIDDEN_DISCARDS, Theme, read
from gm.games.funocracy.judging import Judging
from gm.games.funocracy.meaning import NEW_THEME, AnswerMeaning, LetterMeaning
from gm.games.funocracy.scores import Scores
from gm.games.funocracy.state import Mode, Pending, Phase, State
from gm.games.funocracy.words import (
    LATE_CHALLENGES,
    LATE_PHRASES,
    PASSES,
    first_fitting,
    sounds_with,
    spoken_words,
)
from gm.steps import Answer, AnswerKind, Ask, Choice, Outcome, RulesError, Step
from gm.vocab import PLAYER_COUNT, number_word, numbers, spoken_letter
from gm.vocab import letters as letter_choices

MIN_PLAYERS, MAX_PLAYERS = 2, 8
ROUNDS = 3
THEMES_SET_ASIDE = 3
ANSWER_SECONDS = 25.0
LETTER_SECONDS = 15.0  # "which letter?": time to say the word again, its letter, or no answer
THEMES_BEFORE_ROTATION = 3  # themes in a row without an answer before the leftmost letter goes
LIST_LETTERS_UP_TO = 8  # alternative mode: list the letters every turn only when this few remain


def _too_many_to_list(state: State) -> bool:
    """Alternative mode with more than LIST_LETTERS_UP_TO letters up: counted, not listed."""
    return state.mode is Mode.ALTERNATIVE and len(state.face_up) > LIST_LETTERS_UP_TO


def _spoken_letters(letters: tuple[str, ...], conjunction: str = "and") -> str:
    """'B as in bravo, M as in mike or T as in tango': letters that sound alike stay apart."""
    return spoken_list([spoken_letter(l) for l in letters], conjunction)


def _items(items: list[str]) -> str:
    """Letter announcements joined with semicolons, since each one has a comma inside."""
    return items[0] if len(items) == 1 else "; ".join(items[:-1]) + "; and " + items[-1]


class Funocracy(Judging, Scores):
    id = "funocracy"
    title = "Funocracy"

    def __init__(self, stars: Mapping[str, int], themes: tuple[Theme, ...], lines: Lines) -> None:
        self.stars = dict(stars)
        self.deck = tuple(stars)
        self.themes = themes
        self.lines = lines

    # ----- set-up -----------------------------------------------------------------------

    def new(self, options: Mapping[str, Any], rng: random.Random) -> State:
        players = player_count(
            options.get("players"),
            MIN_PLAYERS,
            MAX_PLAYERS,
            f"Funocracy is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {{players}}.",
        )
        mode = options.get("mode")
        if mode is not None:
            try:
                mode = Mode(str(mode).strip().lower())
            except ValueError:
                raise RulesError(
                    f"Funocracy's mode is normal or alternative, not {mode!r}."
                ) from None
        state = State(phase=Phase.PLAYERS, players=players, mode=mode)
        return self._after_setup(state, rng)

    def _after_setup(self, state: State, rng: random.Random) -> State:
        if state.players is None:
            return replace(state, phase=Phase.PLAYERS)
        if state.mode is None:
            return replace(state, phase=Phase.MODE)
        order = list(range(len(self.themes)))
        rng.shuffle(order)
        state = replace(
            state,
            scores=tuple((0,) * ROUNDS for _ in range(state.players)),
            theme_pile=tuple(order),
        )
        return self._deal(state, 1, 1, rng)

    def _deal(self, state: State, round_no: int, first_seat: int, rng: random.Random) -> State:
        """Gather and shuffle every letter, discard three unseen, set three themes aside, flip."""
        letters = list(self.deck)
        rng.shuffle(letters)
        discarded, rest = tuple(letters[:HIDDEN_DISCARDS]), tuple(letters[HIDDEN_DISCARDS:])
        shown = FACE_UP if state.mode is Mode.NORMAL else len(rest)
        old = state.set_aside + ((state.theme,) if state.theme is not None else ())
        state = replace(state, theme=None, set_aside=(), theme_discard=state.theme_discard + old)
        aside: list[int] = []
        for _ in range(THEMES_SET_ASIDE):
            state, index = self._draw_theme_from_pile(state, rng)
            aside.append(index)
        return replace(
            state,
            phase=Phase.ANSWER,
            round=round_no,
            active=first_seat,
            face_up=rest[:shown],
            pile=rest[shown:],
            discarded=discarded,
            won=tuple(() for _ in range(state.players)),
            theme=aside[0],
            set_aside=tuple(aside[1:]),
            theme_answered=False,
            themes_without_answer=0,
            turn=state.turn + 1,
            pending=None,
            heard="",
            fresh_round=True,
            fresh_theme=True,
            skipped=False,
        )

    def _draw_theme_from_pile(self, state: State, rng: random.Random) -> tuple[State, int]:
        pile, discard = state.theme_pile, state.theme_discard
        if not pile:
            order = list(discard)
            rng.shuffle(order)
            pile, discard = last_played_last(order, state.theme), ()
        return replace(state, theme_pile=pile[1:], theme_discard=discard), pile[0]

    # ----- steps ------------------------------------------------------------------------

    def step(self, state: State) -> Step:
        L = self.lines
        if state.phase is Phase.PLAYERS:
            return Ask(
                id="funocracy.players",
                say=(L("ask_players"),),
                choices=numbers(MIN_PLAYERS, MAX_PLAYERS, PLAYER_COUNT),
                reprompts=L.many("players_reprompts"),
                expected=L("players_expected"),
                endpoint=0.5,
            )
        if state.phase is Phase.MODE:
            return Ask(
                id="funocracy.mode",
                say=(L("ask_mode"),),
                choices=(
                    Choice(
                        Mode.NORMAL.value,
                        (
                            "normal",
                            "normal mode",
                            "three letters",
                            "the normal one",
                            "normal please",
                        ),
                    ),
                    Choice(
                        Mode.ALTERNATIVE.value,
                        (
                            "alternative",
                            "alternative mode",
                            "all letters",
                            "every letter",
                            "the alternative one",
                            "alternative please",
                        ),
                    ),
                ),
                reprompts=L.many("mode_reprompts"),
                expected=L("mode_expected"),
                endpoint=0.5,
            )
        if state.phase is Phase.ANSWER:
            return self._answer_ask(state)
        if state.phase is Phase.LETTER:
            return self._letter_ask(state)
        if state.phase is Phase.CHALLENGE:
            return self._challenge_ask(state)
        if state.phase is Phase.VOTE:
            return self._vote_ask(state)
        if state.phase is Phase.AGREE:
            return self._agree_ask(state)
        return self._end(state)

    @staticmethod
    def _says_letters(state: State) -> bool:
        """Whether a turn says the face-up letters: at a round's start; on a new theme (a count
        of many letters only when they changed since last said); and when they changed."""
        if state.fresh_round:
            return True
        if _too_many_to_list(state):
            return state.fresh_theme and not state.told
        return state.fresh_theme or not state.told

    def _listing(self, letters: tuple[str, ...]) -> str:
        """The letters grouped by stars: "one star: S as in sierra and M as in mike; three
        stars: Q"."""
        groups = []
        for count in sorted({self.stars[l] for l in letters}):
            group = [l for l in letters if self.stars[l] == count]
            groups.append(
                self.lines(
                    "star_group", stars=self._stars(count), letters=_spoken_letters(tuple(group))
                )
            )
        return _items(groups) if groups else ""

    def _answer_ask(self, state: State) -> Ask:
        L = self.lines
        theme = self.themes[state.theme]
        say: list[str] = []
        seat = number_word(state.active)
        if state.fresh_round:
            if state.round == 1:
                say.append(L("game_intro"))
            say.append(
                L(
                    "round_start",
                    round=number_word(state.round),
                    letters=self._listing(state.face_up),
                )
            )
            if state.round == 1:
                say.append(L("first_turn", seat=seat, theme=theme.name))
            else:
                ender = number_word((state.active - 2) % state.players + 1)
                say.append(L("first_turn_next", seat=seat, ender=ender, theme=theme.name))
        elif state.back:  # "No answer yet. Player one, the clock is still running."
            say.append(L("no_answer", seat=seat))
        else:
            say.append(
                L("new_theme", seat=seat, theme=theme.name)
                if state.fresh_theme
                else L("same_theme", seat=seat)
            )
            if self._says_letters(state):
                if state.mode is Mode.NORMAL:
                    say.append(L("letters", letters=spoken_list(list(state.face_up))))
                elif not _too_many_to_list(state):
                    # with their stars when they changed; a reminder of their names on a new theme
                    listing = (
                        spoken_list(list(state.face_up))
                        if state.told
                        else self._listing(state.face_up)
                    )
                    say.append(L("letters", letters=listing))
                else:
                    count = L("letters_left", count=number_word(len(state.face_up)))
                    say.append(count[:1].upper() + count[1:])
        letters = self._letters_named(state)
        fitting = tuple(w for w in theme.answers if w[0].upper() in state.face_up)
        return Ask(
            id="funocracy.answer",
            say=tuple(say),
            # a round's first turn says it again without the game's welcome (an undo, a repeat);
            # a later one says whose turn, the theme and the letters in full
            again=tuple(say[1:] if state.round == 1 else say)
            if state.fresh_round
            else self._turn_again(state),
            choices=(
                Choice("pass", PASSES),
                Choice("late", LATE_PHRASES),
            ),
            meaning=AnswerMeaning(L, theme.answers),
            free=True,
            hints=(*fitting, *(w for w in theme.answers if w not in fitting), NEW_THEME),
            timeout=ANSWER_SECONDS,
            countdown=True,
            deadline=f"funocracy.turn.{state.turn}",
            reprompts=tuple(
                r.format(theme=theme.name, letters=letters) for r in L.many("answer_reprompts")
            ),
            expected=L("answer_expected", theme=theme.name, letters=letters),
            skippable=True,
            endpoint=0.6,  # one word; the 0.3 s echo tail after it must still fit in a short gap
            one_word=True,
        )

    def _letters_named(self, state: State) -> str:
        """The face-up letters as a reprompt names them: each one, or in alternative mode with
        more than LIST_LETTERS_UP_TO up, "any of the face-up letters" (twenty are no help)."""
        if _too_many_to_list(state):
            return self.lines("letters_expected")
        return _spoken_letters(state.face_up, "or")

    def _turn_again(self, state: State) -> tuple[str, ...]:
        """A turn said again (repeat, a resumed game): whose turn, the theme and the letters."""
        L = self.lines
        theme = self.themes[state.theme].name
        if _too_many_to_list(state):
            count = L("letters_left", count=number_word(len(state.face_up)))
            letters = count[:1].upper() + count[1:]
        else:
            letters = L("letters", letters=spoken_list(list(state.face_up)))
        return (L("turn_again", seat=number_word(state.active), theme=theme), letters)

    def _letter_ask(self, state: State) -> Ask:
        L = self.lines
        word = state.heard
        if word:
            say = L("which_letter", word=word.capitalize(), first=spoken_letter(word[0].upper()))
        else:
            say = L("which_letter_again")
        others = tuple(l for l in self.deck if l not in state.face_up)
        theme = self.themes[state.theme]
        return Ask(
            id="funocracy.letter",
            say=(say,),
            again=(*self._turn_again(state), say),  # whose turn, its theme and letters
            choices=letter_choices(state.face_up + others)
            + (
                Choice("none", ("no answer", "nothing", "cancel", "never mind")),
                Choice("pass", PASSES),
            ),
            meaning=LetterMeaning(
                L,
                tuple(state.face_up) + others,
                tuple(state.face_up),
                L("which_of_many", example=spoken_letter(state.face_up[0]))
                if _too_many_to_list(state)
                else L("which_of_letters", letters=_spoken_letters(state.face_up, "or")),
                state.pending.word if state.pending else word,
            ),
            free=True,  # the word said again, or another word
            hints=theme.answers,
            timeout=LETTER_SECONDS,
            reprompts=tuple(
                r.format(example=spoken_letter(state.face_up[0]))
                for r in L.many("letter_reprompts")
            ),
            expected=L("letter_expected", letters=self._letters_named(state)),
            endpoint=0.5,
            skippable=True,  # the turn's theme can still be skipped, once
            checks=bool(word),  # "Takini starts with T ... Say your word again"
        )

    # ----- answers ----------------------------------------------------------------------

    def apply(self, state: State, ask: Ask, answer: Answer, rng: random.Random) -> Outcome:
        handler = {
            Phase.PLAYERS: self._apply_players,
            Phase.MODE: self._apply_mode,
            Phase.ANSWER: self._apply_answer,
            Phase.LETTER: self._apply_letter,
            Phase.CHALLENGE: self._apply_challenge,
            Phase.VOTE: self._apply_vote,
            Phase.AGREE: self._apply_agree,
        }.get(state.phase)
        if handler is None:
            return Outcome(state, accepted=False)
        outcome = handler(replace(state, back=False), answer, rng)  # `back` lasts one ask
        return outcome if outcome.accepted else replace(outcome, state=state)

    def _refuse(self, state: State) -> Outcome:
        return Outcome(
            state, say=(self.lines("refused", expected=self.step(state).expected),), accepted=False
        )

    def _apply_players(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        value = answer.value
        if (
            answer.kind is not AnswerKind.CHOICE
            or not isinstance(value, int)
            or isinstance(value, bool)
            or not MIN_PLAYERS <= value <= MAX_PLAYERS
        ):
            return self._refuse(state)
        new = self._after_setup(replace(state, players=value), rng)
        return Outcome(new, decision=self.lines("players_decision", count=number_word(value)))

    def _apply_mode(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        if answer.kind is not AnswerKind.CHOICE or answer.value not in {m.value for m in Mode}:
            return self._refuse(state)
        mode = Mode(answer.value)
        new = self._after_setup(replace(state, mode=mode), rng)
        return Outcome(
            new, decision=self.lines("mode_decision", mode=self.lines(f"mode_{mode.value}"))
        )

    def _apply_answer(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        L = self.lines
        seat = number_word(state.active)
        # the theme has been heard: a turn that comes back to it (a word challenged away, no
        # letter named) is the same theme, not a new one
        st = replace(
            state,
            fresh_round=False,
            fresh_theme=False,
            told=state.told or self._says_letters(state),
        )
        if answer.kind is AnswerKind.TIMEOUT:
            return self._theme_lost(st, rng, (), L("time_decision", seat=seat), advance=True)
        if answer.kind is AnswerKind.CHOICE and answer.value == "pass":
            return self._theme_lost(
                st, rng, (L("passed", seat=seat),), L("pass_decision", seat=seat), advance=True
            )
        if answer.kind is AnswerKind.CHOICE and answer.value == "late":
            challenge = " ".join(spoken_words(answer.heard)) in LATE_CHALLENGES
            won = challenge and state.theme_answered  # after a time out the theme is new
            return Outcome(state, say=(L("too_late"),) if won else (), accepted=False)
        if answer.kind is AnswerKind.SKIP:
            if state.skipped:
                return Outcome(state, say=(L("skip_once"),), accepted=False)
            theme = self.themes[state.theme].name
            # at once, and said so: whoever objects says "undo" and the theme comes back
            after = self._next_theme(replace(st, phase=Phase.ANSWER, skipped=True), rng)
            return Outcome(
                after, say=(L("skipped", theme=theme),), decision=L("skip_decision", theme=theme)
            )
        if answer.kind is AnswerKind.FREE:
            heard = self._heard_word(st, answer)
            return (
                heard if heard.accepted else self._refuse(state)
            )  # a refusal keeps the state as it was
        return self._refuse(state)

    def _heard_word(self, state: State, answer: Answer) -> Outcome:
        """A word heard for the turn: to the challenge window if it fits a face-up letter, else
        "which letter?"."""
        L = self.lines
        alternatives = (
            answer.value if isinstance(answer.value, (list, tuple)) else [answer.value or ""]
        )
        alternatives = [str(a) for a in alternatives if a]
        st = replace(state, answers_heard=state.answers_heard + 1)
        fit = first_fitting(alternatives, state.face_up)
        if fit is None:
            heard = " ".join(spoken_words(alternatives[0])) if alternatives else ""
            if not heard:
                return self._refuse(state)
            return Outcome(
                replace(st, phase=Phase.LETTER, heard=heard, pending=None),
                decision=L("unfitting_decision", word=heard),
            )
        word, letter = fit
        pending = Pending(state.active, letter, word)
        return Outcome(
            replace(st, phase=Phase.CHALLENGE, pending=pending, heard=""),
            decision=L("answer_decision", seat=number_word(state.active), word=word, letter=letter),
        )

    def _back_to_turn(self, state: State, say: tuple[str, ...], decision: str) -> Outcome:
        """No word for the turn yet: the same player, theme and running clock, which the turn's
        ask says (`back`) instead of the theme again after `say`."""
        return Outcome(
            replace(state, phase=Phase.ANSWER, pending=None, heard="", agree="", back=True),
            say=say,
            decision=decision,
        )

    def _apply_letter(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        L = self.lines
        if answer.kind is AnswerKind.TIMEOUT or (
            answer.kind is AnswerKind.CHOICE and answer.value == "none"
        ):
            return self._back_to_turn(state, (), L("no_answer_decision"))
        if answer.kind is AnswerKind.SKIP or (
            answer.kind is AnswerKind.CHOICE and answer.value == "pass"
        ):  # the turn's own: a pass gives it up, a skip takes a new theme (once)
            turn = replace(state, phase=Phase.ANSWER, pending=None, heard="", agree="")
            return self._apply_answer(turn, answer, rng)
        if answer.kind is AnswerKind.FREE:
            # the word heard again, as the ask invites: a word that fits goes to the challenge;
            # one that still fits no face-up letter is asked about by what was heard now ("Set
            # starts with S..."), never refused with an invitation to say it again
            return self._heard_word(state, answer)
        if answer.kind is not AnswerKind.CHOICE or answer.value not in self.stars:
            return self._refuse(state)
        letter = answer.value
        if letter not in state.face_up:
            return self._back_to_turn(
                state,
                (L("not_face_up", letter=spoken_letter(letter)),),
                L("no_answer_decision"),
            )
        word = state.pending.word if state.pending else state.heard
        if not sounds_with(word, letter):
            # "zebra" for B: only when the whole table says so
            return Outcome(
                replace(state, phase=Phase.AGREE, agree=letter, heard=word, pending=None),
                decision=L("letter_decision", letter=letter),
            )
        pending = Pending(state.active, letter, word)
        return Outcome(
            replace(state, phase=Phase.CHALLENGE, pending=pending, heard=""),
            decision=L("letter_decision", letter=letter),
        )

    # ----- consequences -----------------------------------------------------------------

    def _valid(
        self, state: State, rng: random.Random, say: tuple[str, ...], decision: str
    ) -> Outcome:
        """The answer stands: the player wins the letter, a new one is drawn, next player,
        same theme."""
        L = self.lines
        p = state.pending
        index = p.seat - 1
        stars = self.stars[p.letter]
        scores = list(state.scores)
        row = list(scores[index])
        row[state.round - 1] += stars
        scores[index] = tuple(row)
        won = list(state.won)
        won[index] = won[index] + (p.letter,)
        face_up = tuple(l for l in state.face_up if l != p.letter)
        st = replace(
            state,
            scores=tuple(scores),
            won=tuple(won),
            face_up=face_up,
            pending=None,
            theme_answered=True,
            themes_without_answer=0,
        )
        lines = list(say)
        lines.append(L("wins_letter", seat=number_word(p.seat), letter=p.letter))
        st, drawn, ended = self._refill(st)
        lines += drawn
        if ended:
            return self._end_round(st, p.seat, rng, lines, decision)
        # normal mode: the new letter was just said, and the table knows which one went
        st = replace(
            st,
            phase=Phase.ANSWER,
            active=next_seat(p.seat, st.players),
            skipped=False,
            fresh_theme=False,
            turn=st.turn + 1,
            told=st.mode is Mode.NORMAL,
        )
        return Outcome(st, say=tuple(lines), decision=decision)

    def _refill(self, state: State) -> tuple[State, list[str], bool]:
        """Draw a letter to the right (normal mode); True when the round ends for lack of one.
        In alternative mode the next turn says what is left."""
        if state.mode is Mode.ALTERNATIVE:
            return replace(state, told=False), [], not state.face_up
        if not state.pile:
            return state, [], True
        letter = state.pile[0]
        st = replace(state, face_up=state.face_up + (letter,), pile=state.pile[1:])
        return (
            st,
            [
                self.lines(
                    "new_letter",
                    letter=spoken_letter(letter),
                    stars=self._stars(self.stars[letter]),
                )
            ],
            False,
        )

    def _theme_lost(
        self, state: State, rng: random.Random, say: tuple[str, ...], decision: str, advance: bool
    ) -> Outcome:
        """The theme ends without (another) valid answer: count it, maybe rotate a letter,
        new theme."""
        L = self.lines
        seat = state.active
        lines = list(say)
        count = state.themes_without_answer + (0 if state.theme_answered else 1)
        st = replace(state, themes_without_answer=count)
        if count >= THEMES_BEFORE_ROTATION:
            leftmost = st.face_up[0]
            lines.append(L("three_themes", letter=spoken_letter(leftmost)))
            st = replace(
                st,
                face_up=st.face_up[1:],
                discarded=st.discarded + (leftmost,),
                themes_without_answer=0,
            )
            st, drawn, ended = self._refill(st)
            lines += drawn
            if ended:
                return self._end_round(st, seat, rng, lines, decision)
        st = self._next_theme(st, rng)
        st = replace(
            st,
            phase=Phase.ANSWER,
            active=next_seat(seat, st.players) if advance else seat,
            skipped=st.skipped and not advance,
        )
        return Outcome(st, say=tuple(lines), decision=decision)

    def _next_theme(self, state: State, rng: random.Random) -> State:
        """Reveal a new theme: the round's set-aside ones first, then the pile."""
        st = replace(state, theme_discard=state.theme_discard + (state.theme,))
        if st.set_aside:
            st, index = replace(st, set_aside=st.set_aside[1:]), st.set_aside[0]
        else:
            st, index = self._draw_theme_from_pile(st, rng)
        return replace(st, theme=index, theme_answered=False, fresh_theme=True, turn=st.turn + 1)

    def _end_round(
        self, state: State, ender: int, rng: random.Random, lines: list[str], decision: str
    ) -> Outcome:
        L = self.lines
        r = state.round
        lines = lines + [
            L("last_letter") if not state.face_up else L("pile_empty"),
            L("round_over", round=number_word(r)),
        ]
        lines.append(L("round_scores", scores=self._star_items([s[r - 1] for s in state.scores])))
        if r >= ROUNDS:
            st = replace(state, phase=Phase.OVER, pending=None)
            return Outcome(st, say=tuple(lines), decision=decision)
        first = next_seat(ender, state.players)  # named once, by the new round's first turn
        return Outcome(self._deal(state, r + 1, first, rng), say=tuple(lines), decision=decision)

    # ----- reports ---------------------------------------------------------------------

    def public(self, state: State) -> dict:
        return {
            "phase": state.phase.value,
            "players": state.players,
            "mode": state.mode.value if state.mode else None,
            "round": state.round,
            "active_seat": state.active if state.round else None,
            "theme": self.themes[state.theme].name if state.theme is not None else None,
            "face_up": [{"letter": l, "stars": self.stars[l]} for l in state.face_up],
            "pile_left": len(state.pile),
            "themes_without_answer": state.themes_without_answer,
            "scores": {str(seat): list(s) for seat, s in enumerate(state.scores, 1)},
            "pending": {
                "seat": state.pending.seat,
                "letter": state.pending.letter,
                "word": state.pending.word,
            }
            if state.pending
            else None,
        }


def load(language: str = "en", source: ContentFile | None = None, own: bool = False) -> Funocracy:
    """The rules with gm's deck (prompts/<language>/funocracy.toml), a table's own deck or a
    saved game's (`source`, see deck.read)."""
    deck = read(language, source, own)
    return Funocracy(deck.stars, deck.themes, deck.lines)
