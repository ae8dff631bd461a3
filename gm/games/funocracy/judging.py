"""How the table judges an answer: the challenge window ("meh"), the vote that follows a
challenge, and the agreement a word needs to be scored for a letter it does not start with.

A part of Funocracy (rules.py), which holds the letters, the themes and the turns.
"""

from __future__ import annotations

import random
from dataclasses import replace

from gm.games.funocracy.meaning import AgreeMeaning, ChallengeMeaning, VoteMeaning
from gm.games.funocracy.state import Pending, Phase, State
from gm.games.funocracy.words import vote_choices
from gm.steps import Answer, AnswerKind, Ask, Choice, Outcome
from gm.vocab import NO, YES, number_word, spoken_letter

CHALLENGE_SECONDS = 4.0
AGREE_SECONDS = 10.0  # "everyone agree?" to a word for another letter: silence is no
HINTED_ANSWERS = 3  # the first answers heard in a game say how to challenge them


class Judging:
    """The challenge, vote and agreement asks of Funocracy, and the answers to them."""

    def _challenge_ask(self, state: State) -> Ask:
        """The short window after a heard answer in which the table may say "meh"."""
        L = self.lines
        p = state.pending
        say = [
            L(
                "heard",
                word=p.word.capitalize(),
                letter=p.letter,
                stars=self._stars(self.stars[p.letter]),
            )
        ]
        if state.answers_heard <= HINTED_ANSWERS and not state.challenges:
            say.append(L("challenge_hint"))
        return Ask(
            id="funocracy.challenge",
            say=tuple(say),
            again=(self._whose(state, p.seat), *say),
            choices=(
                Choice(
                    "challenge",
                    ("meh", "mehh", "challenge", "i challenge", "we challenge", "objection"),
                ),
                Choice(
                    "stand",
                    ("no challenge", "it stands", "fine", "that's fine", "next player", "next"),
                ),
                Choice("wrong_letter", ("wrong letter", "not that letter", "other letter")),
            ),
            meaning=ChallengeMeaning(L, (p.word, self._theme_name(state)), p.letter),
            timeout=CHALLENGE_SECONDS,
            countdown=False,
            expected=L("challenge_expected"),
            endpoint=0.5,
        )

    def _theme_name(self, state: State) -> str:
        """The theme in play, whose name the table may say in its reply."""
        return self.themes[state.theme].name if state.theme is not None else ""

    def _whose(self, state: State, seat: int) -> str:
        """Whose turn it is and its theme, said first when an ask is said again (a repeat, a
        resumed game): "Player one, your theme is Things you can climb." """
        return self.lines("turn_again", seat=number_word(seat), theme=self._theme_name(state))

    def _vote_ask(self, state: State) -> Ask:
        """The other players voted on a challenged answer: what was the result?"""
        L = self.lines
        p = state.pending
        vote = L("vote" if state.challenges <= 1 else "vote_again", seat=number_word(p.seat))
        heard = L(
            "heard",
            word=p.word.capitalize(),
            letter=p.letter,
            stars=self._stars(self.stars[p.letter]),
        )
        return Ask(
            id="funocracy.vote",
            # the whole instruction for the game's first challenge, then short
            say=(vote,),
            again=(self._whose(state, p.seat), heard, vote),
            choices=vote_choices(state.players - 1),
            meaning=VoteMeaning(L, state.players - 1),
            reprompts=L.many("vote_reprompts"),
            expected=L("vote_expected"),
            endpoint=0.6,
        )

    def _agree_ask(self, state: State) -> Ask:
        """Does the whole table agree to score a word for a letter it does not start with?"""
        L = self.lines
        word = state.heard
        say = L(
            "agree_letter",
            word=word,
            letter=spoken_letter(state.agree),
            first=spoken_letter(word[0].upper()),
        )
        return Ask(
            id="funocracy.agree",
            say=(say,),
            again=(self._whose(state, state.active), say),
            choices=(
                Choice(True, YES + ("agreed", "we agree", "all agreed")),
                Choice(False, NO + ("not agreed", "we don't agree")),
            ),
            meaning=AgreeMeaning(L, (word, self._theme_name(state))),
            timeout=AGREE_SECONDS,
            expected=L("agree_expected"),
            endpoint=0.5,
        )

    def _apply_agree(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        L = self.lines
        if answer.kind is not AnswerKind.TIMEOUT and not (
            answer.kind is AnswerKind.CHOICE and isinstance(answer.value, bool)
        ):
            return self._refuse(state)
        agreed = answer.kind is AnswerKind.CHOICE and answer.value is True  # silence is no
        if not agreed:
            return self._back_to_turn(state, (L("agree_refused"),), L("agree_refused_decision"))
        pending = Pending(state.active, state.agree, state.heard)
        return Outcome(
            replace(state, phase=Phase.CHALLENGE, pending=pending, heard="", agree=""),
            decision=L("agree_letter_decision", word=state.heard, letter=state.agree),
        )

    def _apply_challenge(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        L = self.lines
        if answer.kind is AnswerKind.TIMEOUT or (
            answer.kind is AnswerKind.CHOICE and answer.value == "stand"
        ):
            return self._valid(state, rng, (), L("stands_decision"))
        if answer.kind is AnswerKind.CHOICE and answer.value == "challenge":
            return Outcome(
                replace(state, phase=Phase.VOTE, challenges=state.challenges + 1),
                decision=L("challenge_decision"),
            )
        if answer.kind is AnswerKind.CHOICE and answer.value == "wrong_letter":
            return Outcome(
                replace(state, phase=Phase.LETTER, heard=""), decision=L("wrong_letter_decision")
            )
        return self._refuse(state)

    def _apply_vote(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        L = self.lines
        if answer.kind is not AnswerKind.CHOICE or answer.value not in ("good", "meh", "tie"):
            return self._refuse(state)
        decision = L("vote_decision", result=answer.value)
        seat = number_word(state.pending.seat)
        if answer.value == "tie":
            voters = state.players - 1
            if voters % 2:
                no_tie = L("no_tie_one") if voters == 1 else L("no_tie", voters=number_word(voters))
                return Outcome(state, say=(no_tie,), accepted=False)
            return self._valid(state, rng, (L("vote_tie", seat=seat),), decision)
        if answer.value == "good":
            return self._valid(state, rng, (L("vote_good"),), decision)
        say = (L("vote_meh", letter=state.pending.letter),)
        st = replace(state, phase=Phase.ANSWER, pending=None)
        return self._theme_lost(st, rng, say, decision, advance=True)
