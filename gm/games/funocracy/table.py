"""Funocracy's simulated table: the players `gm demo` and the tests hear, one reply an ask.

The rules (rules.py) never read this: a simulated player chooses what a real one might say,
and the rules must understand it as they would a person.
"""

from __future__ import annotations

import random

from gm.content import ContentFile
from gm.games.common import next_seat
from gm.games.funocracy.rules import Funocracy
from gm.games.funocracy.rules import load as load_rules
from gm.games.funocracy.state import Mode, Phase, State
from gm.games.funocracy.words import SILENT_FIRST
from gm.steps import Answer, AnswerKind, Ask, Line, said
from gm.vocab import NATO, number_word

# What the simulated players say where a choice has several phrases: the ones the recognisers
# hear from the seats' voices. `gm demo` plays to Whisper tiny.en, gm's default, in Piper's
# seat voices; there every phrase below was heard as meant by all four voices, while a bare
# "meh" came back empty (or as "next", which lets the answer stand) from every voice, at the
# challenge and at the vote alike, and a bare "pass" once as "s". The recorded games of the
# slow end-to-end tests (tests/test_funocracy_e2e.py) play to PocketSphinx (--asr sphinx) in
# espeak-ng voices, which is why "skip" and "pass" are not said alone either: there plain
# "skip" came back as a theme word or "undo", "pass" and "i pass" as "pause" / "unpause",
# "f for foxtrot" 12 times in 16, "challenge" 15 in 20 ("i challenge" 20 in 20), "meh" and
# "meh wins" right for two voices of four ("majority meh" 16 in 16). The rules take every
# phrase a table uses; these are only the simulated table's choice.
LETTER_REPLIES = {"N": "n for november", "R": "r for romeo", "F": "letter f"}
SKIP_PHRASES = ("skip this one", "next question")
PASS_PHRASES = ("i give up", "no idea")
CHALLENGE_PHRASE = "i challenge"
VOTE_MEH_PHRASE = "majority meh"


class SimulatedFunocracy(Funocracy):
    """Funocracy's rules with a table of simulated players who answer every ask (`demo_line`)."""

    # ----- the simulated table ------------------------------------------------------------

    def demo_line(self, state: State, ask: Ask, rng: random.Random) -> Line:
        """A plausible reply of a simulated table (for `gm demo` and the end-to-end tests).

        Most turns get a word from the theme's list; the first turn of round two runs out of
        time; in round one the first answer after two good ones that is not the first on its
        theme is challenged (once a game) and voted down; a word with a silent first letter
        ("knife" for N) gets the "which letter?" exchange; a theme with no fitting word is
        skipped or passed.
        """
        return {
            Phase.PLAYERS: self._demo_players,
            Phase.MODE: self._demo_mode,
            Phase.ANSWER: self._demo_answer,
            Phase.LETTER: self._demo_letter,
            Phase.CHALLENGE: self._demo_challenge,
            Phase.VOTE: self._demo_vote,
            Phase.AGREE: self._demo_agree,
        }[state.phase](state, ask, rng)

    def _demo_players(self, state: State, ask: Ask, rng: random.Random) -> Line:
        players = rng.choice((2, 3, 4))
        return said(
            ask, players, rng.choice(("{n}", "{n} players")).format(n=number_word(players)), 1
        )

    def _demo_mode(self, state: State, ask: Ask, rng: random.Random) -> Line:
        mode = rng.choice((Mode.NORMAL, Mode.ALTERNATIVE))
        return said(ask, mode.value, rng.choice((mode.value, f"{mode.value} mode")), 1)

    def _demo_answer(self, state: State, ask: Ask, rng: random.Random) -> Line:
        seat = state.active
        if state.round == 2 and state.fresh_round:
            return Line(Answer(AnswerKind.TIMEOUT), "", seat, silence=ask.timeout + 1.5)
        answers = self.themes[state.theme].answers
        silent = [
            w
            for w in answers
            if SILENT_FIRST.get(w[:2]) in state.face_up and w[0].upper() not in state.face_up
        ]
        fitting = [w for w in answers if w[0].upper() in state.face_up]
        if silent or fitting:
            word = rng.choice(silent or fitting)
            return Line(Answer(AnswerKind.FREE, [word], word), word, seat)
        if rng.random() < 0.5:
            return Line(Answer(AnswerKind.SKIP), rng.choice(SKIP_PHRASES), seat)
        return said(ask, "pass", rng.choice(PASS_PHRASES), seat)

    def _demo_letter(self, state: State, ask: Ask, rng: random.Random) -> Line:
        word = state.heard or (state.pending.word if state.pending else "")
        letter = SILENT_FIRST.get(word[:2])
        if letter not in state.face_up:
            return said(ask, "none", "no answer", state.active)
        return said(ask, letter, LETTER_REPLIES[letter], state.active)

    def demo_retry(self, state: State, ask: Ask, meant: Line, rng: random.Random) -> Line | None:
        """What the player says at "which letter?" after gm misheard their word (`meant`) twice:
        the letter it was for, as the ask invites, rather than the word a third time."""
        if state.phase is not Phase.LETTER or meant.answer.kind is not AnswerKind.FREE:
            return None
        word = meant.text
        letter = SILENT_FIRST.get(word[:2])
        if letter not in state.face_up:
            letter = word[:1].upper()
        if letter not in state.face_up:
            return None
        reply = LETTER_REPLIES.get(letter) or f"{letter.lower()} for {NATO[letter.lower()]}"
        return said(ask, letter, reply, state.active)

    def _demo_challenge(self, state: State, ask: Ask, rng: random.Random) -> Line:
        won = sum(len(w) for w in state.won)
        if state.round == 1 and not state.challenges and won >= 2 and not state.fresh_theme:
            return said(
                ask, "challenge", CHALLENGE_PHRASE, next_seat(state.pending.seat, state.players)
            )
        return Line(Answer(AnswerKind.TIMEOUT), "", state.pending.seat, silence=ask.timeout + 1.5)

    def _demo_vote(self, state: State, ask: Ask, rng: random.Random) -> Line:
        return said(ask, "meh", VOTE_MEH_PHRASE, next_seat(state.pending.seat, state.players))

    def _demo_agree(self, state: State, ask: Ask, rng: random.Random) -> Line:
        """A word for another letter is agreed to."""
        return said(ask, True, "yes", next_seat(state.active, state.players))


def load(
    language: str = "en", source: ContentFile | None = None, own: bool = False
) -> SimulatedFunocracy:
    """The game as `gm.games.load` gives it: the rules (rules.load), playable by a simulated
    table."""
    rules = load_rules(language, source, own)
    return SimulatedFunocracy(rules.stars, rules.themes, rules.lines)
