"""The naming of the drawings (full scoring): every player, seat 1 first, names one to three
drawings; a name with an unknown word is checked before it is written down.

A part of WhatTheFake (rules.py), which holds the lines, the cards and the round's course.
"""

from __future__ import annotations

import random
from dataclasses import replace

from rapidfuzz import fuzz

from gm import content
from gm.games.what_the_fake.groups import (
    group_drawings,
)
from gm.games.what_the_fake.meaning import CheckMeaning, NamesMeaning
from gm.games.what_the_fake.names import (
    DONE_PHRASES,
    DRAWINGS,
    NO_WORDS,
    SAID_AGAIN,
    SOFT,
    YES_WORDS,
    hint_forms,
    normalise_name,
    pick_names,
    spoken_forms,
    words_of,
)
from gm.games.what_the_fake.state import Phase, State
from gm.steps import Answer, AnswerKind, Ask, Choice, Outcome
from gm.vocab import number_word, yes_no


class Naming:
    """The naming phase of WhatTheFake: its ask and the answers to it."""

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
                meaning=CheckMeaning(
                    self.lines, state.pending, self.whole, DRAWINGS - len(state.naming)
                ),
                free=True,
                hints=hints,
                reprompts=self._many("check_names_reprompts", names=names),
                expected=self.lines("check_names_expected"),
                endpoint=0.5,
                checks=True,
            )
        again: tuple[str, ...] = ()
        if state.naming:
            say = self._line("ask_next_name", names=", ".join(state.heard or state.naming[-1:]))
            reprompts = self._many("next_name_reprompts", seat=seat)
            # "repeat", a resumed game: whose drawings, and those named so far
            names = content.spoken_list(state.naming)
            again = (self.lines("names_again", seat=seat, names=names),)
        else:  # in full to the game's first player, "Player one, your drawings?" to a round's
            # first, then only whose turn it is ("Player two?"), and in full again on "repeat"
            full = state.round == 1 and not state.drawings
            line = (
                "ask_names" if full else "ask_names_next" if state.drawings else "ask_names_short"
            )
            say = self.lines(line, seat=seat)
            reprompts = self._many("names_reprompts", seat=seat)
            again = (self.lines("ask_names", seat=seat),)
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
            meaning=NamesMeaning(
                self.lines, self._known_names(state), DRAWINGS - len(state.naming), self.whole
            ),
            free=True,
            hints=hints,
            several=True,
            reprompts=reprompts,
            expected=self.lines("names_expected"),
            endpoint=0.5,
            again=again,
        )

    def _known_names(self, state: State) -> tuple[str, ...]:
        """The theme's typical drawings, then every name said this round: a Forger's copy is one."""
        heard = tuple(name for names in state.drawings + (state.naming,) for name in names)
        return tuple(dict.fromkeys(self.cards[state.card].hints + heard))

    def _apply_names(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        seat = number_word(len(state.drawings) + 1)
        if state.pending:
            return self._apply_check(state, answer, rng)
        said = answer.value.get("names") if isinstance(answer.value, dict) else None
        done = isinstance(answer.value, dict) and answer.value.get("done") is True
        if answer.kind is AnswerKind.FREE or isinstance(said, list):
            known = self._known_names(state)
            if isinstance(said, list):  # read by meaning (NamesMeaning): each name whole
                names = tuple(str(name) for name in said if str(name).strip())
                ok = 0 < len(names) <= DRAWINGS - len(state.naming)
            else:
                alternatives = (
                    answer.value if isinstance(answer.value, list) else [str(answer.value)]
                )
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
                    replace(state, pending=names, ending=done),
                    (),
                    self.lines("decision_heard_names", seat=seat, names=content.spoken_list(names)),
                )
            return self._add_names(state, names, done)
        return self._end_list(state)  # "that's all", or "nothing" before any name

    def _end_list(self, state: State) -> Outcome:
        """The player has no more drawings: "no more" after some, "no drawings" before any."""
        seat = number_word(len(state.drawings) + 1)
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
        checked = replace(state, pending=(), ending=False)
        dropped = Outcome(
            checked,
            (self.lines("names_dropped"),),
            self.lines("decision_not_names", seat=seat, names=content.spoken_list(names)),
        )
        again = Outcome(
            state, (self.lines("check_first", names=content.spoken_list(names)),), accepted=False
        )
        said = answer.value.get("names") if isinstance(answer.value, dict) else None
        if isinstance(said, list) and said:  # "no, I said toast", read back and confirmed
            names_said = tuple(str(name) for name in said)
            if len(names_said) > DRAWINGS - len(state.naming):  # three drawings a player
                line = self.lines("names_too_many", names=content.spoken_list(names_said))
                return Outcome(state, (line,), accepted=False)
            return self._add_names(checked, names_said, state.ending)
        if answer.kind is AnswerKind.CHOICE:
            if answer.value is True:
                return self._add_names(checked, names, state.ending)
            if answer.value == "nothing":  # "I didn't draw anything": what gm heard was not theirs
                return self._end_list(checked)
            return dropped if answer.value is False else again
        if answer.kind is not AnswerKind.FREE:
            return again
        alternatives = answer.value if isinstance(answer.value, list) else [str(answer.value)]
        words = words_of(str(alternatives[0]) if alternatives else "")
        rest = " ".join(w for w in words[1:])
        if words and words[0] in YES_WORDS:
            outcome = self._add_names(checked, names, state.ending)
            more = " ".join(w for w in rest.split() if w not in SOFT)
            if not more or outcome.state.phase is not Phase.NAMING or not outcome.state.naming:
                return outcome  # the list is full or over: what follows is not this player's
            if more.removeprefix("i drew ") in {" ".join(words_of(p)) for p in DONE_PHRASES}:
                # "yes, that's all", "yes, I drew nothing else": the list ends
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

    def _add_names(self, state: State, names: tuple[str, ...], done: bool = False) -> Outcome:
        """The names written down; with `done` ("a cat, that's all") the player's list ends."""
        seat = number_word(len(state.drawings) + 1)
        decision = self.lines("decision_names", seat=seat, names=content.spoken_list(names))
        state = replace(state, naming=state.naming + names, heard=names)
        if len(state.naming) < DRAWINGS:
            if not done:
                return Outcome(state, (), decision)
            decision = f"{decision}; {self.lines('decision_no_more', seat=seat)}"
        return self._finish_naming(state, decision)

    def _finish_naming(self, state: State, decision: str) -> Outcome:
        """The player's list is complete; after the last player, group the drawings.

        A complete list is not said back: its names were known or checked, the next player's
        turn tells the table it was taken, and the exhibition reads every name before the
        points. Only a list still open is said back, as the ask for more ("Owl, tent.")."""
        seat = number_word(len(state.drawings) + 1)
        naming = state.naming
        drawings = state.drawings + (naming,)
        state = replace(state, drawings=drawings, naming=(), heard=())
        listing: tuple[str, ...] = ()
        if len(drawings) == state.players:
            # the exhibition is read once, here; the groups ask then asks only "Is that right?"
            # (a refused correction repeats the ask, and must not read every group again)
            state = replace(
                state,
                phase=Phase.GROUPS,
                groups=group_drawings(drawings, self.same, state.exact_names),
            )
            intro = (self.lines("groups_intro"),) if state.round == 1 else ()  # the first only
            listing = intro + self._list_groups(state.groups)
        if not naming:
            return Outcome(state, (self.lines("names_none", seat=seat),) + listing, decision)
        return Outcome(state, listing, decision)
