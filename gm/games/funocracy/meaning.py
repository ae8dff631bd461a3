"""What a Funocracy table means in its own words: a challenge ("that's a stretch", "no way")
or letting a word stand ("fair enough"), a vote's result ("two good one meh", "it passes"),
which letter a word was for ("the K one", "kilo"), and giving up ("no idea").

The word a player answers is read by words.spoken_words (the lead-ins in front of it dropped);
these meanings read everything around it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Callable

from rapidfuzz import fuzz

from gm.games.funocracy.which import one_of
from gm.games.funocracy.words import LATE_PHRASES
from gm.meaning import (
    CORRECTIONS,
    NO_WORDS,
    NOTHING,
    SPOKEN_LETTERS,
    answer,
    any_of,
    begins,
    clause_texts,
    corrected,
    has,
    hedged,
    is_number,
    knows,
    leads,
    letter_in,
    partial,
    plain,
    starts,
    statement,
    strip_lead,
    texts,
    thinking_aloud,
    tokens,
    unsure,
    where,
    without,
    words,
    yes_or_no,
    yes_taken_back,
)
from gm.steps import JSON, Kind, Reading
from gm.vocab import FILLERS as FILLER_WORDS
from gm.vocab import NATO, SOUNDS, number_word

CHALLENGE = (
    "meh",
    "mehh",
    "challenge",
    "objection",
    "object",
    "stretch",
    "no way",
    "come on",
    "really",
    "seriously",
    "nope",
    "nah",
    "boo",
    "booo",
    "rubbish",
    "nonsense",
    "does not count",
    "not count",
    "does not fit",
    "not a real",
    "not really a",
    "is not a",
    "that is not",
    "i do not think so",
    "i doubt",
    "doubt it",
    "not buying",
    "do not buy",
    "weak",
    "lame",
    "cheating",
    "cheat",
    "invalid",
    "disagree",
    "vote on it",
    "let us vote",
    "i want a vote",
    "we vote",
    "hold on",
    "wait a second",
    "hang on",
    "not having",
    "no chance",
    "are you kidding",
    "dodgy",
    "sketchy",
    "questionable",
    "not sure about",
    "iffy",
    "reach",
    "bogus",
    "made up",
    "not allowed",
    "challenging",
    "call bull",
    "calling bull",
    "no way that counts",
    "no way it counts",
    "no way that is",
)
# Challenges that, negated, let the word stand: "it's not made up", "not bogus".
DENIABLE = (
    "made up",
    "bogus",
    "reach",
    "challenging",
    "call bull",
    "calling bull",
    "cheating",  # "that's not cheating", "it's not invalid", "I don't doubt it"
    "invalid",
    "doubt it",
)
STAND = (
    "let it stand",
    "it stands",
    "stands",
    "fair enough",
    "fair",
    "fine",
    "that is fine",
    "okay",
    "ok",
    "alright",
    "that is right",  # "nope, that's right": the last word lets it stand
    "that is correct",
    "sure",
    "good",
    "good one",
    "nice",
    "nice one",
    "great",
    "works",
    "that works",
    "counts",
    "it counts",
    "that counts",
    "accepted",
    "accept",
    "allow it",
    "allowed",
    "valid",
    "legit",
    "no challenge",
    "no objection",
    "next",
    "next player",
    "move on",
    "keep going",
    "go on",
    "carry on",
    "yes",
    "yeah",
    "yep",
    "of course",
    "totally",
    "we will allow it",
    "i will allow it",
    "give it",
    "give it to",
    "no problem",
    "happy with",
    "all good",
    "agreed",
    "i agree",
    "let it go",
    "let it slide",
    "go ahead",
    "whatever",
    "clever",
    "love it",
    "i like it",
    "moving on",
    "not bad",
    "well played",
    "makes sense",
    "why not",
    "brilliant",
)
# The word said to be meant for another letter in so many words.
WRONG_LETTER_SAID = (
    "wrong letter",
    "other letter",
    "not that letter",
    "different letter",
    "not the right letter",
    "letter is wrong",  # "the letter's wrong, I wanted the H"
    "letter was wrong",
)
WRONG_LETTER = WRONG_LETTER_SAID + (
    "meant the",
    "meant for",
    "it is for the",
    "it was for the",
    "for the other",
    "not for",
    "should be for",
    "should be the",
    "wrong one",
    "meant it for",
    "said it for",
    "it for the",
    "going for the",
    "was going for",
    "was for the",
    "wrong card",
    "wrong pile",
)
GIVE_UP = (
    "pass",
    "i pass",
    "give up",
    "i give up",
    "no idea",
    "no clue",
    "not a clue",
    "i have got nothing",
    "i got nothing",
    "got nothing",
    "nothing",
    "i am out",
    "i am blank",
    "blank",
    "my mind is blank",
    "can not think of anything",
    "can not think of one",
    "mind went blank",
    "i do not know",
    "do not know",
    "dunno",
    "i can not think",
    "can not think of",
    "no answer",
    "i surrender",
    "too hard",
)


# Words a player sets against each other that are no theme words ("I said it, not him").
_NOT_WORDS_SAID = frozenset("it him her them me you us that this his hers mine yours so".split())


def _other_letter(said: list[str]) -> bool:
    """Whether the words put one letter for another: "it's M not N", or a word said again
    against the one heard, on another letter ("I said pear, not bear")."""
    for at in range(1, len(said) - 1):
        if said[at] != "not":
            continue
        before, after = said[at - 1], said[at + 1]
        if len(before) == len(after) == 1 and before != after and before.isalpha():
            return True
        said_again = at >= 3 and said[at - 3 : at - 1] in (["i", "said"], ["i", "meant"])
        words = [w for w in (before, after) if w.isalpha() and w not in _NOT_WORDS_SAID]
        if said_again and len(words) == 2 and before[:1] != after[:1]:
            return True
    return False


@dataclass(frozen=True)
class ChallengeMeaning:
    """The table's word in the challenge window: a challenge, the word stands, wrong letter."""

    lines: Callable[..., str]
    about: tuple[str, ...] = ()  # the word heard and the theme: the table may name them
    letter: str = ""  # the letter gm scored the word for: "it's for the K" then confirms it
    known = knows(globals(), lambda self: self.about)  # answers that score: gm.meaning.knows

    def read(self, text: str, held: JSON = None) -> Reading:
        every = [_as_meh(w) for w in tokens(text)]
        if unsure(every):  # "maybe?", "well, hmm": asked, even as a question
            return partial(self.lines("challenge_unsure"), None)
        # a verdict in doubt ("kinda meh?", "I want to challenge but I'm not sure", "it
        # depends"), or the word's worth asked ("is that even a real word?"): which is it?
        questioned = text.rstrip().endswith("?")
        doubt = any_of(every, DOUBTS + (HEDGED_ASKING if questioned else ()))
        doubt = doubt and not any_of(every, ("not sure about",))
        verdict = any_of(every, CHALLENGE + STAND + ("ok", "okay"))
        last = tokens(_CLAUSES.split(text.strip(" .!"))[-1]) if text.strip() else []
        if doubt and any_of(last, CHALLENGE + STAND) and not any_of(last, DOUBTS):
            doubt = False  # "dunno, let it stand": the table's last word decides
        asked = any_of(every, WORTH_ASKED) and questioned  # no verdict after it
        if doubt and (verdict or questioned or len(every) <= 4) or asked:
            return partial(self.lines("challenge_unsure"), None)
        if questioned and has(every, "challenge") and not asks(every):
            return answer("challenge", self.lines("heard_challenge"), False)  # "I challenge?"
        stated = tokens(statement(text))
        if stated and set(stated) <= {"nah", "no", "nope"} and "?" in text:
            asked_first = [_as_meh(w) for w in tokens(text.rsplit("?", 1)[0])]
            if any_of(asked_first, ("challenge", "meh")):  # "challenge? nah": no challenge
                return answer("stand", self.lines("heard_stand"), False)
        text = " ".join(_as_meh(w) for w in text.split())
        # "no way! that counts": surprise, then the verdict (not "no way that counts")
        text = re.sub(r"\b(no way)\s*[!.,?;:]+\s*(?=that|it)", r"\1, so ", text, flags=re.I)
        whole = strip_lead(texts(words(_without_bare_noes(statement(text)))), ())
        said = corrected(whole)
        reading = self._verdict(said, text)
        if reading.kind is Kind.NOTHING and len(said) < len(whole) and not asks(said):
            # "I'm gonna meh that one, sorry babe": a "sorry" that takes nothing back
            reading = replace(self._verdict(whole, text), sure=False)
        return reading

    def _verdict(self, said: list[str], text: str) -> Reading:
        if not said or asks(said) or any_of(said, NO_CHALLENGE + NO_VERDICT):
            return NOTHING
        if said[:2] in (["ok", "wait"], ["okay", "wait"]) or _kidding(text):
            return NOTHING  # "okay wait", "challenge! just kidding": no verdict yet
        if any_of(said, ("no wrong letter", "not the wrong letter")) and not any_of(
            said, CHALLENGE
        ):
            return answer("stand", self.lines("heard_stand"), False)
        mentioned = [at for phrase in ("challenge", "meh", "object") for at in starts(said, phrase)]
        denied = [  # "I won't challenge", "I'd never challenge that", "please don't meh it"
            at
            for at in mentioned
            if at
            and said[at - 1] in ("not", "never")
            or said[max(0, at - 3) : at] in (["not", "want", "to"], ["not", "going", "to"])
            or bool(_NOBODY_WANTS.search(" ".join(said[:at])))  # not "nobody expected that but"
        ]
        # not "I wasn't going to, but challenge", "I didn't want to challenge, but I will"
        if denied and len(denied) == len(mentioned) and "but" not in said[denied[0] :]:
            mine = any_of(said[: denied[0]], NOT_CHALLENGING)
            return answer("stand", self.lines("heard_stand"), False) if mine else NOTHING
        # "Leo, you're next": whose turn comes, not the table moving on from the word
        said = [
            "" if w == "next" and i and said[i - 1] in ("are", "is", "am", "be", "up") else w
            for i, w in enumerate(said)
        ]
        short = len(said) <= 6 and not hedged(text)
        for_letter = re.search(r"\bfor the [a-z]$", " ".join(said))  # "..., for the P"
        wrong = any_of(said, WRONG_LETTER) and not any_of(
            said, ("not the wrong", "not on the wrong", "not for me", "not for us")
        )
        if wrong and any_of(said, ("not the right letter",)) and any_of(said, STAND + ("meh",)):
            wrong = False  # "not the right letter but it stands", "..., meh": the verdict
        if wrong or _other_letter(said) or for_letter:
            meant = re.search(r"\b([a-z]) not [a-z]\b", " ".join(said))  # "K not S": K
            named = meant.group(1).upper() if meant else letter_in(said, ALPHABET)
            said_wrong = any_of(said, WRONG_LETTER_SAID)
            denied = any_of(said, ("not for", "not the")) or "?" in text or has(said, "is it")
            if self.letter and named == self.letter and not said_wrong and not denied:
                # "yes, for the K", "it was for the K" of a word scored for K: it stands
                return answer("stand", self.lines("heard_stand"), False)
            return answer("wrong_letter", self.lines("heard_wrong_letter"), short)
        # "not fine", "it's not allowed": a word letting it stand, negated, is a challenge ("no,
        # fine" is not: a lone "no" is as often the table waving a challenge away)
        negated_stand = any_of(said, tuple(f"not {p}" for p in STAND) + ("no good",))
        challenged = any_of(said, CHALLENGE) and not any_of(
            said, ("no challenge", "no objection", "not a stretch", "not really a stretch")
        )
        if _verdicts(said, DENIABLE)[1]:  # "it's not made up", "not bogus": the word stands
            return answer("stand", self.lines("heard_stand"), False)
        stands = any_of(said, STAND) and not negated_stand
        if challenged and stands:  # "meh, nah, let it go": the table's last word is its verdict
            challenged = _last(said, CHALLENGE) >= _last(said, STAND)  # "no way that counts"
            stands, short = not challenged, False
        if negated_stand or (challenged and not stands):
            return answer("challenge", self.lines("heard_challenge"), short)
        if stands and not challenged:
            return answer("stand", self.lines("heard_stand"), short)
        return NOTHING


def _without_bare_noes(text: str) -> str:
    """A sentence without its clauses that end on a bare no ("of course not", "definitely not",
    "yeah, no"; a lone no at the end ends the clause before it, as "pig? no." takes the word back):
    a no however strong answers some question, not the word (the table asked "is that a fruit?"
    or "are you challenging?"), so it says no more than a lone "no", which is no verdict either;
    the words in front of it ("of course", "yeah") are no go-ahead."""
    pieces = [said for piece in _CLAUSES.split(plain(text)) if (said := tokens(piece))]
    if len(pieces) > 1 and pieces[-1] in (["no"], ["not"]):
        pieces[-2:] = [pieces[-2] + pieces[-1]]
    kept = [said for said in pieces if not (len(said) > 1 and said[-1] in ("not", "no"))]
    return ", ".join(" ".join(said) for said in kept)


def _last(said: list[str], phrases: tuple[str, ...]) -> int:
    """Where the last of `phrases` said in a sentence ends, -1 if none is."""
    return max((i + len(p.split()) for p in phrases for i in starts(said, p)), default=-1)


# Said with a verdict, doubt that makes it no verdict yet: "kinda meh?", "it depends".
DOUBTS = (
    "maybe",
    "not sure",
    "dunno",
    "do not know",
    "depends",
    "can not tell",
    "half of me",
    "on the fence",
)
# Doubt only when asked: "kinda meh?" ("that's kind of a stretch" is a challenge).
HEDGED_ASKING = ("kinda", "kind of", "sort of", "i guess")
# The word's worth asked, not judged: "is that even a real word?".
WORTH_ASKED = ("even a real word", "even a word", "is that a real word", "is that a thing")


def _as_meh(word: str) -> str:
    """ "meh" for a meh said stretched or counted ("meeeh", "mehhs"); any other word as it is."""
    return "meh" if re.fullmatch(r"me+h+s?", word) else word


NO_CHALLENGE = ("nobody challenge", "no one challenge", "do not challenge", "nobody meh")
# Said of someone else's challenge, or of the game, no verdict on the word: "you never
# challenge", "this theme is lame", "hurry up", "what's the score".
NO_VERDICT = ("what is the score",)
# "no one wants to", "nobody is going to": the words before a challenge that deny it.
_NOBODY_WANTS = re.compile(
    r"\b(?:no one|nobody)(?: (?:wants|is going|is gonna|will|would))?(?: to)?$"
)
# Who may say they will not challenge, for it to let the word stand: "I won't challenge".
NOT_CHALLENGING = ("i", "we", "nobody", "no one", "not challenging")
QUESTION_STARTS = frozenset(
    "how what why who where when which did does do is are was were can could should anyone "
    "anybody".split()
)


def asks(said: list[str]) -> bool:
    """Whether a sentence is a question to the table ("how does the tie work", "did anyone
    vote meh"), even without its question mark."""
    return bool(said) and said[0] in QUESTION_STARTS


GOOD = (
    "good",
    "goods",
    "yes",
    "yeses",
    "for",
    "valid",
    "thumbs up",
    "accept",
    "in favour",
    "in favor",
)
MEH = ("meh", "mehs", "mehhs", "bad", "no", "nos", "against", "invalid", "thumbs down", "reject")
# Between a count and its verdict: "two said good", "three of us voted meh", "four people went
# meh".
COUNTED_BY = frozenset(
    "of us you them people players said say says voted vote votes went go picked chose".split()
    + ["are", "were"]
)


@dataclass(frozen=True)
class VoteMeaning:
    """The result of the vote on a challenged word: good, meh or a tie, said as counts or
    majorities ("two good one meh", "mostly meh", "it passes", "split down the middle")."""

    known = knows(globals())  # its answers change the score: see gm.meaning.knows

    lines: Callable[..., str]
    voters: int

    def _too_many(self) -> Reading:
        """More votes counted than there are voters: asked again, the voters counted."""
        if self.voters == 1:
            return partial(self.lines("too_many_votes_one"), None)
        return partial(self.lines("too_many_votes", voters=number_word(self.voters)), None)

    def read(self, text: str, held: JSON = None) -> Reading:
        sentence = words(statement(text))
        said = strip_lead(texts(sentence))
        after = corrected(said)
        if after and after != said and set(after) & {"good", "goods", "meh", "mehs"}:
            # "goods have it, no sorry, mehs": what follows the correction (a count taken
            # back, "four meh, no, four good", is read below with both counts)
            sentence = words(" ".join(after))
            said = after
        if not said or asks(said) or said[:2] in (["i", "vote"], ["my", "vote"]):
            return NOTHING
        short = len(said) <= 8 and not hedged(text)
        if any_of(said, VOTE_DOUBT):  # "I think it's good, but Sara hasn't flipped yet"
            return partial(self.lines("ask_vote_count"), None)
        now = any_of(said, ("this time", "this one", "now"))  # "last round good, now meh"
        if begins(said, OTHER_VOTES) and not now or _kidding(text):
            return NOTHING  # "last round was good", "meh, kidding": no vote on this word
        only = re.search(r"\b(?:i am|i was) the only (good|meh)$", " ".join(said))
        if only and self.voters > 1:  # "I'm the only meh": the others the other side
            alone = only.group(1)
            value = "tie" if self.voters == 2 else "meh" if alone == "good" else "good"
            return answer(value, self.lines(f"heard_vote_{value}"), False)
        if (
            any_of(said, ONE_VOTE)
            and self.voters > 1
            and not any(w.number is not None for w in sentence)
            and len(_votes_by_player(text)) <= 1  # not "I said good, he said meh"
            and not any_of(said, TABLE_TOO)
        ):  # "good from me", "mine's meh": one player's vote of several, so how many of each?
            return partial(self.lines("ask_vote_count"), None)
        for lead, value in (("mostly", None), ("majority", None)):
            at = where(said, lead)
            if at >= 0 and at + 1 < len(said) and said[at + 1] in ("good", "meh", "mehs"):
                value = "good" if said[at + 1] == "good" else "meh"
                return answer(value, self.lines(f"heard_vote_{value}"), short)
        each = _votes_by_player(text)
        if each or len(said) >= 2 and set(said) <= {"good", "meh"}:  # "good, good, meh"
            good, meh = (each or said).count("good"), (each or said).count("meh")
            if good + meh > self.voters:
                return self._too_many()
            if good + meh == self.voters or 2 * max(good, meh) > self.voters:
                value = "good" if good > meh else "meh" if meh > good else "tie"
                return answer(value, self.lines(f"heard_vote_{value}"), short)
            return partial(self.lines("ask_vote_count"), None)
        for value in ("good", "meh"):  # "four to three, meh wins": the side said to win
            wins = (f"{value} wins", f"{value} won", f"{value} has it", f"{value}s have it")
            if any_of(said, wins):
                return answer(value, self.lines(f"heard_vote_{value}"), short)
        numbers = [w.number for w in sentence if w.number is not None]
        scored = _score_for(sentence)
        if scored is not None:  # "two to one for good", "three to one against"
            return answer(scored, self.lines(f"heard_vote_{scored}"), short)
        # "three each" (the count right before it; not "two good, that's all")
        evened = len(numbers) == 1 and said[-1] in ("each", "all", "apiece") and is_number(said[-2])
        if (
            (len(numbers) == 2 and numbers[0] == numbers[1] and "good" not in said)
            or evened
            or any_of(said, ("one each", "one all", "two all", "three all"))
        ):
            return answer("tie", self.lines("heard_vote_tie"), short)
        good = meh = None
        for i, word in enumerate(sentence):
            if word.number is None:
                continue
            after = texts(sentence[i + 1 :])
            while after and after[0] in COUNTED_BY:
                after = after[1:]
            if after[:1] == ["for"] and after[1:2] in (["meh"], ["mehs"]):
                meh = word.number  # "three for meh": not "three for", in favour
            elif begins(after, GOOD):  # "two good", "two thumbs up", "two in favour"
                good = word.number
            elif begins(after, MEH):
                meh = word.number
        if good is not None or meh is not None:
            # "four good" of three voters; not "four meh, no, four good", which says one count
            changed = set(said) & {"no", "sorry", "wait", "actually", "mean", "meant"}
            if (good or 0) + (meh or 0) > self.voters and not changed:
                return self._too_many()
            rest = next(  # "one good, the rest meh": the others on the other side
                (
                    side
                    for cue in ("the rest", "everyone else", "the others")
                    for at in starts(said, cue)
                    for side in ("good", "meh")
                    if side in said[at + len(cue.split()) : at + len(cue.split()) + 3]
                ),
                None,
            )
            if rest == "meh" and good is not None and meh is None and good <= self.voters:
                meh = self.voters - good
            if rest == "good" and meh is not None and good is None and meh <= self.voters:
                good = self.voters - meh
            alone = (good if meh is None else meh) if None in (good, meh) else None
            if good is None:
                good = self.voters - meh if meh <= self.voters else 0
            if meh is None:
                meh = self.voters - good if good <= self.voters else 0
            value = "good" if good > meh else "meh" if meh > good else "tie"
            if alone is not None and 2 * alone <= self.voters:
                # "three mehs" of six voters: the rest are not known to be good
                return partial(self.lines("ask_vote_count"), None)
            return answer(value, self.lines(f"heard_vote_{value}"), short)
        if any_of(
            said,
            ("tie", "tied", "a draw", "split", "dead even", "even", "half and half", "fifty fifty"),
        ):
            return answer("tie", self.lines("heard_vote_tie"), short)
        # A verdict word negated says the other side: "not allowed", "it didn't pass" say meh;
        # "no mehs", "nobody rejected it" say good, said back first (a denied meh is no count)
        # "help me out here", "count me in", "out of time": no verdict ("it's in", "all in" are)
        said = without(VOTE_IDIOMS, said, or_all=False)
        goods, good_denied = _verdicts(said, GOOD_VERDICTS, DENIED_ONLY)
        mehs, meh_denied = _verdicts(said, MEH_VERDICTS)
        if goods and mehs and not numbers:  # "some good, some meh": how many of each?
            return partial(self.lines("ask_vote_count"), None)
        # a count said with no verdict beside it ("meh, two of us") is no majority known: the
        # side is read back to the table first
        if (mehs or good_denied) and not (goods or meh_denied):
            return answer("meh", self.lines("heard_vote_meh"), short and not numbers)
        if (goods or meh_denied) and not (mehs or good_denied):
            sure = short and goods and not numbers
            return answer("good", self.lines("heard_vote_good"), sure)
        return NOTHING


# Said with one player's vote, the whole table's: "I voted good like everybody else".
TABLE_TOO = (
    "everyone",
    "everybody",
    "overall",
    "we all",
    "so it is",
    "the others",
    "they all",
    "too",
    "unanimous",
    "all good",
    "all meh",
)
# One player's own vote: "good from me", "mine's meh", "I voted good".
ONE_VOTE = ("from me", "mine is", "i voted", "i changed to", "i said", "i went")
# Votes of another word or round: "last round was good", "we've had too many mehs".
OTHER_VOTES = ("last round", "last time", "we have had too many", "good round everyone")


def _score_for(sentence: list) -> str | None:
    """The side a score is said for: "two to one for good", "three to one against", "meh, two
    to one": "good" or "meh" when the score is uneven and one side alone is named, else None."""
    for at in range(len(sentence) - 2):
        first, by, second = sentence[at : at + 3]
        if first.number is None or second.number is None or by.text != "to":
            continue
        if first.number == second.number:
            return None
        rest = texts(sentence[:at] + sentence[at + 3 :])
        if "not" in rest:  # "two to one, not good": the side is not said plainly
            return None
        # the side said with the score ("four to two for meh"), or put in its place by a
        # correction ("three to one for good, no, for meh"); not one player's ("..., I voted
        # for good")
        later = texts(sentence[at + 3 :])
        cue = max((i for i, w in enumerate(later) if w in ("no", "sorry", "wait")), default=-1)
        for start in (cue + 1, 0) if cue >= 0 else (0,):
            side = later[start : start + 2]
            if side[:1] == ["for"] and side[1:] and side[1] in ("good", "goods", "meh", "mehs"):
                return "good" if side[1].startswith("good") else "meh"
        good = any(w in ("good", "goods", "for") for w in rest)
        meh = any(w in ("meh", "mehs", "against") for w in rest)
        return ("good" if good else "meh") if good != meh else None
    return None


def _votes_by_player(text: str) -> list[str]:
    """The votes of a sentence that tells each player's ("I said good, he said meh", "Jo went
    meh and Sam went good"), one "good" or "meh" a player; [] when it tells them otherwise."""
    votes = []
    for piece in re.split(r"[,;.!?]|\band\b|\bbut\b", plain(text)):
        said = tokens(piece)
        if not said:
            continue
        if (
            2 <= len(said) <= 4
            and said[-1] in ("good", "meh")
            and said[-2] in ("said", "says", "went", "voted", "put", "is", "was")
            and not any(is_number(w) for w in said)
        ):
            votes.append(said[-1])
        else:
            return []
    return votes if len(votes) >= 2 else []


# A vote not all seen or not agreed on: asked how many said what.
VOTE_DOUBT = (
    "not sure",
    "hard to tell",
    "can not tell",
    "not flipped",
    "has not flipped",
    "have not flipped",
    "can not agree",
)


# What a table says of a word the vote kept, or threw out; each said negated means the other.
GOOD_VERDICTS = (
    "good",
    "passes",
    "passed",
    "it counts",
    "counts",
    "counted",
    "valid",
    "accepted",
    "accept",
    "stands",
    "in",
    "thumbs up",
    "allowed",
    "allow",
    "keep it",
    "approved",
    "approve",
    "liked it",
    "loved it",
    "liked",
    "loved",
)
# Words for good that are no verdict said plainly ("okay, so...", "I pass", "the word could
# stand") but are one negated: "not okay", "it does not pass", "it can't stand".
DENIED_ONLY = ("pass", "okay", "ok", "alright", "fine", "count", "stand")
MEH_VERDICTS = (
    "meh",
    "mehs",
    "meh'd",
    "mehed",
    "rejected",
    "reject",
    "fails",
    "failed",
    "fail",
    "does not count",
    "invalid",
    "thrown out",
    "out",
    "thumbs down",
    "denied",
    "against",
    "hated it",
    "hated",
)
# Sayings with "in" or "out" that give no verdict: "help me out", "I'm out", "in a minute".
VOTE_IDIOMS = (
    "help me out",
    "help us out",
    "out of",
    "i am out",
    "count me in",
    "count me out",
    "in a minute",
    "in a sec",
    "in a second",
    "find out",
    "figure out",
    "work out",
    "freak out",
)


NEGATIONS = frozenset("not never nobody nobody's none neither".split())
# The words a negation reaches over to the verdict it denies: "nobody said meh", "not a single
# meh", "I don't think it passes", "it did not really pass"; "body" of "nobody" written apart.
NEGATION_REACH = frozenset(
    "a single one body really even quite said say voted it think so is are was were am "
    "one's".split()
)


def _denied(said: list[str], at: int) -> bool:
    """Whether the word at `at` is negated: "no" right before it ("no mehs"), or a negation at
    most three words before it with only words it reaches over between ("nobody said meh")."""
    if at and said[at - 1] == "no":
        return True
    for j in range(at - 1, max(-1, at - 4), -1):
        if said[j] in NEGATIONS or said[j : j + 2] in (
            ["no", "one"],
            ["no", "body"],
            ["no", "one's"],
        ):
            return True
        if said[j] not in NEGATION_REACH:
            return False
    return False


def _verdicts(
    said: list[str], phrases: tuple[str, ...], denied_only: tuple[str, ...] = ()
) -> tuple[bool, bool]:
    """Whether one of `phrases` is said plainly in a sentence, and whether one of them (or of
    `denied_only`) is said negated."""
    plainly = negated = False
    for p in phrases + denied_only:
        for i in starts(said, p):
            if _denied(said, i):
                negated = True
            elif p not in denied_only:
                plainly = True
    return plainly, negated


NONE = (
    "no answer",
    "never mind",
    "nevermind",
    "forget it",
    "cancel",
    "nothing",
    "none",
    "no letter",
    "scrap that",
    "skip it",
    "it does not matter",
    "does not matter",
    "leave it",
    "no word",
    "do not have one",  # "um I don't know, I don't have one"
    "did not say anything",  # "oh I didn't say anything, that was Tim coughing"
    "drop it",
)


LETTER_LEADS = leads(f for f in FILLER_WORDS if f != "and")
ALPHABET = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


@dataclass(frozen=True)
class LetterMeaning:
    """Which letter a word was for: its name in any form, or no answer after all. A word said
    again is the ask's open speech, read by the game."""

    lines: Callable[..., str]
    letters: tuple[str, ...]  # every letter that can be named (face up first)
    face_up: tuple[str, ...] = ()
    which: str = ""  # the question that names the face-up letters: "Which letter is it: ...?"
    word: str = ""  # the word the letter is asked for: said again, it is the reply's word

    def _pointed(self, said: list[str]) -> Reading | None:
        """A letter pointed at, not named: "the vowel" where one face-up letter is a vowel (read
        back first); "the second one", "the rare one" asked about, the letters named."""
        vowels = [letter for letter in self.face_up if letter in "AEIOU"]
        if "vowel" in said and len(said) <= 4 and len(vowels) == 1:
            return answer(vowels[0], self.lines("heard_letter", letter=vowels[0]), False)
        if self.which and len(said) <= 6 and set(said) & POINTING:
            return partial(self.which, None)
        if self.which and len(said) == 3 and said[0] == "the" and said[2] == "one":
            return partial(self.which, None)  # "the cheap one": which letter is that?
        return None

    def _spells(self, before: list[str], clause: list[str]) -> bool:
        """Whether a clause ("like kangaroo", "like serial killer") spells out the short one
        before it: a letter alone, or a word it says again."""
        word = strip_lead(before)
        return len(before) <= 3 and (
            letter_in(before, self.letters) is not None
            or (bool(word) and has(clause, " ".join(word)))
        )

    def _mentions(self, piece: str) -> list[tuple[int, str, list[str], int]]:
        """The letters a piece of a reply names as the answer, with where (in its words) and
        the clause they are said in: "so P", "the K", "it's G", "with a K", "double u", the
        first of a word spelled out ("W R A P"); not one denied in its clause ("not the N", "K,
        not B as in bravo") or likened ("the one that sounds like an S")."""
        found: list[tuple[int, str, list[str], int]] = []
        alone = len(tokens(piece)) == 1  # "I", "oh", "see" are letters only said alone
        offset = 0
        for part in _CLAUSES.split(piece):
            said = tokens(part)
            i = 0
            while i < len(said):
                if (
                    said[i] in _NATO_WORDS
                    and len(said) > 3
                    and (i < 2 or said[i - 2 : i] != ["as", "in"])
                ):
                    i += 1  # "bravo was my call sign": a word in a sentence, not a letter's name
                    continue
                if said[i] == "double" and said[i + 1 : i + 2] in (["u"], ["you"]):
                    letter, width = "W", 2
                elif said[i] in AMBIGUOUS_LETTERS and not alone:
                    # "a", "I", "you", "see" are words too: letters only when named as one
                    before = said[i - 1] if i else ""
                    # "A or R", "either R or A": beside another letter, a letter too
                    beside = said[i + 1 : i + 3] if said[i + 1 : i + 2] == ["or"] else []
                    beside = beside or (said[i - 2 : i] if before == "or" and i > 1 else [])
                    paired = (
                        len(beside) == 2
                        and len(beside[1 if beside[0] == "or" else 0]) == 1
                        and said[i + 1 : i + 2] in ([], ["or"])  # not "R or I'm wrong"
                    )
                    named = (before in ("the", "for", "letter") or paired) and said[i] in ("a", "i")
                    letter = letter_in(said[i : i + 1], ALPHABET) if named else None
                    letter, width = (letter or (said[i].upper() if named else None)), 1
                else:
                    letter, width = letter_in(said[i : i + 1], ALPHABET), 1
                if letter is None:
                    i += 1
                    continue
                run = i + width
                while run < len(said) and len(said[run]) == 1 and said[run].isalpha():
                    run += 1  # "W R A P", "Q-U-I-C-H-E": a word spelled out, by its first letter
                context = said[max(0, i - 3) : i]
                likened = "like" in context or "sounds" in context or "not" in said[:i]
                if letter in self.letters and not likened:
                    found.append((offset + i, letter, said, i))
                i = run if run - i > 1 else i + width
            offset += len(said)
        return found

    def _last_stated(self, text: str) -> Reading | None:  # noqa: C901
        """The letter stated last, after any correction, however long the reply ("F? no wait,
        it's spelled with a P, so P", "B? no no, V, sorry, my accent", "S... no wait, cereal is
        C, yeah put it on the C"), with the word said for it when it is another word than gm
        heard and starts with that letter ("the W. no wait, H! I said heel"). Two letters left
        open ("C or K, whichever") are asked about; None when no letter is stated so, or only
        inside a long sentence about something else ("honestly the K is the worst letter")."""
        pieces = [p for p in _CORRECTED.split(plain(text)) if p.strip()]
        named = [self._mentions(piece) for piece in pieces]
        said = tokens(text)
        if not any(named):
            if any_of(said, ("sounds like", "like an", "like a")) and self.which:
                return partial(self.which, None)  # "the one that sounds like an S"
            if any_of(said, CHANGED_WORD):  # "olive, I'll change it to olive"
                word = self._word_for(text)
                return Reading(Kind.WORDS, word) if word else None
            return None
        whole = plain(text)
        for at, piece in reversed(list(enumerate(pieces))):
            said = tokens(piece)
            mentions = named[at]
            if not mentions:
                if any(_answer_words(c) for _, c in clauses(piece)):
                    return None  # a word said after the last letter: the ask's own reading
                continue
            cue_after = _CORRECTED.search(whole[whole.rfind(piece) + len(piece) :])
            if at < len(pieces) - 1 or cue_after:
                return None  # "S? no, that's not it", "S, no, hold on": the letter taken back
            clause = mentions[-1][2]
            after = [tokens(c) for c in _CLAUSES.split(piece)][-1]
            names_one = any(  # "K, not B", "S, not bee" deny another
                letter_in([w], ALPHABET) for w in after if w not in AMBIGUOUS_LETTERS
            )
            if after != clause and not names_one and (yes_or_no(after) is False or "not" in after):
                return None  # "wait, B? that's not right": the letter taken back
            if len(pieces) == 1 and len(said) > 8 and not any(_framed(m) for m in mentions):
                return None  # a story naming a letter: the ask's own reading
            letters = {letter for _, letter, _, _ in mentions}
            if len(letters) > 1:
                between = said[mentions[-2][0] : mentions[-1][0]]
                if "or" in between or "whichever" in said:
                    return partial(self.which, None) if self.which else None
                letters = {mentions[-1][1]}
            letter = letters.pop()
            word = self._word_for(piece, letter)
            if word:
                return Reading(Kind.WORDS, word)
            plain_reply = (
                len(clause) <= 5 and _names_a_letter(clause) and len(said) <= 6 and not hedged(text)
            )
            return answer(letter, self.lines("heard_letter", letter=letter), plain_reply)
        return None

    def _word_for(self, piece: str, letter: str = "") -> str:
        """The word a piece says for `letter` when it is another word than gm heard and starts
        with it: "I said heel", "koala, with a K", "it's cereal with a C"; without a letter, one
        that starts with a face-up letter ("olive, I'll change it to olive"); "" when none."""
        heard = plain(self.word).replace(" ", "")
        for _, clause in clauses(piece):
            if clause[0] in ("like", "as"):
                continue  # "K, like kangaroo": the letter spelled, no word
            said = strip_lead(clause, WORD_SAID)
            for at, w in enumerate(said):
                if w in SPELLING:  # "photo's spelled with a P": the word before it
                    said = [re.sub(r"'s$", "", x) for x in said[:at] if x != "is"]
                    break
            if len(said) == 3 and said[1] == "for" and len(said[0]) == 1:
                # "V for violin" after gm heard "biolin": the word meant; "B for banana" after
                # "zebra" spells the letter
                if fuzz.ratio(said[2], heard) < SOUNDS_LIKE:
                    continue
                said = said[2:]
            word = _answer_words(said)
            if not word:
                continue
            written = "".join(word)
            if written == heard or heard.startswith(written):
                return ""  # "gnome with a G, the garden kind", "R for rose": the word gm heard
            starts = (
                written.startswith(letter.lower()) if letter else written[0].upper() in self.face_up
            )
            if starts and written not in _NATO_WORDS:
                return " ".join(word)
        return ""

    def read(self, text: str, held: JSON = None) -> Reading:
        picked = re.match(r"^\W*\w{2,}\W+you (?:pick|choose|decide)\b", str(text), re.I)
        if _ASKED_BACK.fullmatch(str(text)) or picked:
            return Reading(Kind.TALK)  # "L? no": taken back; "Jay, you pick": to a player
        text = _EXCLAIMED.sub("", str(text))  # "gee whiz, I dunno": no G named
        text = re.sub(r"(?i)^\W*sorry \w+\s*[,.;:!]+(?=\W*\w)", "", text)  # "sorry Sam, S"
        heard = self.word[:1].upper()
        if heard and heard not in self.face_up:  # "art, no h": the word without the letter heard
            text = re.sub(rf"\W*\bno {heard}\W*$", "", text, flags=re.I) or text
        if " ".join(strip_lead(tokens(text))) in REACTIONS:
            return Reading(Kind.TALK)  # "sure", "sorry?", "thanks": no word said again
        said = strip_lead(texts(words(statement(text))))
        if not said:
            # a question to the table ("is it K or B, Tom?", "the S is gone already?") is no
            # word; a word or two asked back ("kiwi?") may be the word said again; a letter named
            # as the answer in it ("it has to be K, right?") is read back
            if "?" not in text:
                return Reading(Kind.TALK)  # "did he mean the B one": asked without its mark
            bare = text.rstrip(" ?")
            asked = self._last_stated(bare)
            framed = any(_framed(m) for m in self._mentions(plain(bare)))
            if asked is not None and asked.kind is Kind.ANSWER and framed:
                return replace(asked, sure=False)
            return Reading(Kind.TALK) if len(tokens(text)) > 2 else NOTHING
        if asks(said):  # "tea girl? what did it hear": the table wonders, it names no letter
            return Reading(Kind.TALK)
        if set(said) <= LONE_FILLERS:  # "uhh": no word said again, no letter
            return Reading(Kind.TALK)
        if " ".join(said) in LATE_PHRASES:  # "meh", "no challenge": the last window's, no word
            return Reading(Kind.TALK)
        if self.which and re.search(r"\bor\W*(?:(?:hm+|um+|uh+|er+|erm)\W*)?$", text, re.I):
            return partial(self.which, None)  # "H... or... hm": the player has not chosen yet
        stated = self._last_stated(text)
        # "S, nothing else fits": a reason for the letter, not "nothing"
        reason = stated is not None and any_of(said, ("nothing else",))
        if any_of(said, NONE) and not reason:
            return answer("none", self.lines("heard_no_letter"), len(said) <= 4)
        if stated is not None:
            return stated
        if len(said) > 8:  # "bravo was my call sign when I played paintball": a story, no word
            return Reading(Kind.TALK)
        parts = clauses(text)
        while len(parts) > 1 and set(parts[-1][1]) <= AFTERTHOUGHT:
            parts = parts[:-1]  # "K, obviously", "K as in kilo, duh": the letter before it
        # "K, like kangaroo": the word after a letter alone spells it, it is no word said again
        # "serial, like serial killer": a clause that spells out the word before it is no word
        parts = [
            (after, c)
            for i, (after, c) in enumerate(parts)
            if not (i and c[0] in ("like", "as") and self._spells(parts[i - 1][1], c))
        ]
        found = [(after, w) for after, c in parts if (w := _answer_words(c)) is not None]
        talk = any(
            len(c) > 1 and set(c) & SENTENCE_WORDS and _answer_words(c) is None for _, c in parts
        )
        said = strip_lead(parts[-1][1] if parts else [], LETTER_LEADS)
        letter = letter_in(said, self.letters)
        denied = said[:1] == ["not"] and letter_in(said[1:], self.letters) is not None
        if denied and len(said) <= 3 and self.which:
            return partial(self.which, None)  # "not the N": which one, then?
        if said and letter is None:
            pointed = self._pointed(said)  # "the rare one", "the vowel": no word said again
            if pointed is not None:
                return pointed
        if found and not talk:  # the word said again ("kiwi, K"): the game reads it and its letter
            # a word after a correction is the one meant ("gnome, no, gnu"), as in an answer;
            # else the asked word said again, the rest about it ("gnome with a G, the garden
            # kind"); else the last word said
            corrections = [w for after, w in found if after]
            asked = tokens(plain(self.word))
            again = [w for _, w in found if w == asked]
            chosen = corrections[-1] if corrections else again[0] if again else found[-1][1]
            return Reading(Kind.WORDS, " ".join(chosen))
        if letter is None:  # "tea girl? what did it hear", "N or M, who cares": the table talks
            return Reading(Kind.TALK) if talk or len(tokens(text)) > 3 else NOTHING
        # "bravo was my call sign", "mike had one": a letter named inside a sentence about
        # something else is said back first; a reply of a letter alone in its own frame is sure
        sure = len(said) <= 5 and _names_a_letter(said) and not hedged(text)
        return answer(letter, self.lines("heard_letter", letter=letter), sure)


# Exclamations that hold a letter's name and name no letter: "gee whiz", "oh gee".
_EXCLAIMED = re.compile(
    r"\b(?:gee whiz|oh gee|gee thanks|jeez|oh boy|oh no|oh dear|oh my|hey you)\b\W*", re.I
)
# A letter or word asked about, then taken back: "L? no", "M? scratch that".
_ASKED_BACK = re.compile(r"\W*\w+\W*\?\s*(?:no|nope|nah|scratch that|never mind)\W*", re.I)


# A correction inside a reply to "which letter?", at the start of a piece: what follows it is
# the answer ("F? no wait, it's P"). "Sorry" is not one: "V, sorry, my accent" apologises.
_CORRECTED = re.compile(
    r"(?:^|(?<=[,.!?;:…])|(?<=\.\.\.))\s*(?:no wait|oh wait|wait no|no no|no|i mean|hold on|"
    r"hang on|actually)\b[\s,.!?]*",
    re.I,
)
AMBIGUOUS_LETTERS = frozenset("a i see sea you are why oh".split())
# How alike (rapidfuzz ratio) a word after "V for" is to the one gm heard for it to be a
# correction of it ("V for violin" after "biolin"), not the letter spelled ("B for banana").
SOUNDS_LIKE = 60.0
# Said of a word said again in place of the one gm heard: "I'll change it to olive".
CHANGED_WORD = ("change it", "changing it", "i said", "i meant", "switch it")
# Words about how a word is written: "photo's spelled with a P".
SPELLING = frozenset("spelled spelt spelling written starts begins".split())
_NATO_WORDS = frozenset(NATO.values())
# The words right before a letter that name it as the answer: "it's for the K", "so P".
# ("for the", "on the", "it is" end in a frame of their own.)
LETTER_FRAMES = tuple(
    f.split() for f in ("for", "the", "so", "is", "with a", "with an", "letter", "be")
)


def _framed(mention: tuple[int, str, list[str], int]) -> bool:
    """Whether a letter is named as the answer in its clause: first in it, or after a frame
    ("it's for the K"), and with nothing after it but a reason or an afterthought ("so K,
    obviously", "for the K because kiwi starts with K"); not inside a story ("he got the K last
    round", "Sam put a kiwi on the S pile")."""
    _, _, clause, where = mention
    before = [w for w in clause[:where] if w not in LONE_FILLERS | INTERJECTIONS]
    after = clause[where + 1 :]
    listed = before[-1:] == ["or"] and letter_in(before[-2:-1], ALPHABET) is not None  # "C or K"
    spelled = after[:1] in (["because"], ["as"], ["for"], ["like"])  # "K for kiwi"
    ends = set(after) <= AFTERTHOUGHT | {"please", "one"} or spelled
    framed = not before or listed or any(before[-len(f) :] == f for f in LETTER_FRAMES)
    return framed and ends


# Said before the word a player means at "which letter?": "I said heel", "it's cereal".
WORD_SAID = leads(("i said", "i meant", "it is", "it was", "i'll change it to", "change it to"))
# Words that point at a letter without naming it: "the second one", "the rare one".
POINTING = frozenset(
    "first second third last middle other rare rarer rarest bigger biggest whichever".split()
)


# The words a reply naming a letter is made of, beside the letter: "it's for the B", "I meant
# the B one", "that was B, please"; "B as in bravo", "B for banana" spell it with one word more.
LETTER_REPLY_WORDS = frozenset(
    "the letter one card it is was that this i meant mean said for please just so then".split()
)
SPELLED_BY = frozenset("as in for like".split())


def _names_a_letter(said: list[str]) -> bool:
    """Whether a reply is a letter named and nothing else: each word a letter's name, a word of
    the reply's frame (LETTER_REPLY_WORDS, fillers) or the word that spells the letter ("B as in
    bravo"); not a sentence that names one ("bravo was my call sign", "mike had one")."""
    named = False
    for i, word in enumerate(said):
        spelled = named and said[i - 1] in SPELLED_BY
        if letter_in([word], ALPHABET) is not None:
            named = True
        elif not (
            spelled or word in LETTER_REPLY_WORDS | SPELLED_BY | LONE_FILLERS | INTERJECTIONS
        ):
            return False
    return True


# A yes to scoring a word for another letter, in other words than yes.
AGREED = (
    "fine",
    "go ahead",
    "allow it",
    "let it",
    "we agree",
    "agreed",
    "works for me",
    "count it",
    "let her have it",
    "let him have it",
    "let them have it",
    "give it to",
    "deal",
    "nobody minds",
    "no one minds",
    "it stands",
    "legit",
    "everyone agrees",
    "everybody agrees",
    "we all agree",
    "all agree",
    "go for it",
    "all good",
    "fair enough",
)
# A no from the table in other words than no: "don't count it", "veto", "that's a stretch".
NOT_AGREED = (
    "disagree",
    "not fair",
    "does not count",
    "do not count",
    "no way",
    "veto",
    "we say no",
    "i say no",
    "stretch",
)


@dataclass(frozen=True)
class AgreeMeaning:
    """Yes or no from the table to a word scored for a letter it does not start with."""

    lines: Callable[..., str]
    about: tuple[str, ...] = ()  # the word heard and the theme: the table may name them
    known = knows(globals(), lambda self: self.about)  # answers that score: gm.meaning.knows

    def read(self, text: str, held: JSON = None) -> Reading:
        whole = strip_lead(texts(words(text)), ())
        asked = {"would", "should", "do", "does", "did", "is", "are", "can", "could", "said"}
        one_clause = len([c for c in clause_texts(text) if c.strip()]) == 1
        if (
            whole[:1] in (["why"], ["how"], ["who"])
            and whole[1:2]
            and whole[1] in asked
            and one_clause
        ):
            return NOTHING  # "why would we agree to that": asked of the table (not "why not")
        said = corrected(whole)
        if len(said) <= 4 and begins(said, NO_DOUBT) and not said[-1:] == ["no"]:
            return answer(True, self.lines("heard_yes"), len(said) <= 2)  # "no doubt", "no duh"
        if " ".join(said) in (
            "nobody said yes",
            "no one said yes",
            "nobody agrees",
            "no one agrees",
        ):
            return answer(False, self.lines("heard_no"), False)
        thumbs_down = re.search(r"\b(?:one|two|three|\d) (?:thumbs? )?down\b", " ".join(said))
        if said == ["yeah", "right"] or (
            any_of(said, ("thumbs up",)) and thumbs_down
        ):  # "yeah right" (said straight or not), "two thumbs up, one down": asked again
            return partial(self.lines("agree_again"), None)
        if yes_taken_back(said):
            return partial(self.lines("agree_again"), None)  # "fine, no": which is it?
        verdict = yes_or_no(said)
        corrected_here = len(said) < len(whole)
        if verdict is None and corrected_here:  # "yes... wait, actually no, it's P": the cue's no
            start = len(whole) - len(said)
            cues = (c.split() for c in CORRECTIONS if "no" in c.split())
            verdict = False if any(whole[start - len(c) : start] == c for c in cues) else None
        waved = len(said) <= 5 and "but" not in said and said[-1] not in ("no", "nah", "nope")
        if verdict is False and said[:1] in (["no"], ["nah"], ["nope"]) and waved:
            # "no, that's fine", "nah, go for it": no objection, so yes
            rest = [w for w in said if w not in ("no", "nah", "nope")]
            agreed, not_agreed = _verdicts(rest, AGREED)
            against, not_against = _verdicts(rest, NOT_AGREED)
            if (agreed or not_against) and not (against or not_agreed):
                verdict = True
        concluded = len(said) > 2 and said[-2] in ("so", "then") and said[-3] != "not"
        if verdict is None and concluded and said[-1] in ("yes", "yeah", "yep", "yup", "sure"):
            verdict = True  # "it does sound like an F, so yes"
        if verdict is None and not str(text).rstrip().endswith("?"):  # not a question to all
            # each phrase negated says the other side ("let's not count it", "no veto from me");
            # both sides said ("that's a stretch but fine") is no answer
            agreed, not_agreed = _verdicts(said, AGREED)
            against, not_against = _verdicts(said, NOT_AGREED)
            yes, no = agreed or not_against, against or not_agreed
            if yes != no:
                verdict = yes
            elif not yes and any_of(said, ("do not care", "do not mind")):
                verdict = not any_of(said, ("but",)) and said[-1] not in NO_WORDS
        split = any_of(said, ("some of us", "some yes", "some no")) or (
            set(said) & {"yes", "yeah", "yep"} and set(said) & {"no", "nope", "nah"}
        )
        # "mostly yes?", "probably yeah" (not "no, maybe next time")
        half = len(said) <= 4 and set(said) & HALF_YES and verdict is not False
        if unsure(said) or (verdict is None and split) or half:  # "kind of", "two yes, one no"
            return partial(self.lines("agree_again"), None)
        if any_of(said, NOT_ALL_ASKED) or verdict is True and _someone_against(said):
            # "I'm fine with it but Marco isn't", "Tom says yes, I haven't asked the others":
            # everyone must agree: asked again
            return partial(self.lines("agree_again"), None)
        if verdict is None and re.search(r"\b(?:said|says) no\b", " ".join(said)):
            return answer(False, self.lines("heard_no"), False)  # "Sam said no": not everyone
        if verdict is None:
            return NOTHING
        sure = len(said) <= 6 and not corrected_here  # a mind changed is read back
        return answer(verdict, self.lines("heard_yes" if verdict else "heard_no"), sure)


# A yes said with a "no" in it, at the agreement: "no doubt", "no question about it".
NO_DOUBT = ("no doubt", "no duh", "no question", "no stretch")
# Said of an agreement the rest of the table has not given: "I haven't asked the others", "yes
# for me, the others are still thinking".
NOT_ALL_ASKED = (
    "have not asked",
    "not sure about the rest",
    "not sure about the others",
    "others are still thinking",
    "rest are still thinking",
    "others are thinking",
)
# A yes said by halves: "mostly yes?", "probably yeah", "kinda".
HALF_YES = frozenset("mostly kinda sorta partly probably maybe".split())


def _someone_against(said: list[str]) -> bool:
    """Whether a yes is followed by someone's no: "I'm fine with it but Marco isn't", "yes, but
    Sam says no"."""
    if "but" not in said:
        return False
    after = said[said.index("but") + 1 :]
    return yes_or_no(after) is False or any_of(after, ("is not", "does not", "says no", "not"))


# Words that make a clause a sentence about the game, not a word for the theme: "waffles were
# taken already", "what counts as a job though", "I know a V one".
SENTENCE_WORDS = frozenset(
    "i you he she we they it that this someone somebody anyone anybody nobody everyone me my "
    "your his her our their is was were are am be been did does do have has had can could will "
    "would should said say says want wants think know like remember called went put gets got "
    "what how why who where when which if because though but not take taken already again "
    "gonna going let too very seconds hurry cheating googling hints tongue slow".split()
)
# A word's head that names nothing in particular: "something with B", "the big yellow one".
VAGUE = frozenset("something thing things one ones stuff whatever whatsit thingy".split())
VAGUE_KINDS = ("some kind", "a kind", "kind of", "sort of", "some sort", "a sort")
# What an answer is led in with, beyond the fillers: "I'll take eggs benedict".
ANSWER_LEADS = leads(
    FILLER_WORDS
    + (
        "i will take",
        "i will have",
        "i will go with",
        "i will go",
        "i will go for",
        "i will say",
        "i am going with",
        "i am going to say",
        "i am going to go with",
        "i am gonna go with",
        "i am gonna say",
        "can i say",
        "could i say",
        "can i go with",
        "going with",
        "let us go with",
        "let us just go with",
        "let us say",
        "go with",
        "i am thinking",
        "i am thinking of",
        "let me say",
        "i said",
        "i say",
        "my word is",
        "my answer is",
        "the answer is",
        "is it",
        "how about",
        "what about",
        "for",
        "the",
        "a",
        "an",
        "some",
        "ooh",
        "ohh",
        "oh",
        "uhh",
        "ah",
        "aha",
        "got it",
        "easy",
        "obviously",
        "definitely",
        "surely",
        "certainly",
        "clearly",
        "just",
    )
)
# A skip in the table's words, as gm's line names it ("or skip for a new theme"): given to the
# ear with the theme's words, without which the ear writes it "new thing" in a turn (every time
# in the simulated table's four voices), a word for N.
NEW_THEME = "new theme"
# What starts a request to gm, never a word for the theme.
NOT_WORDS = (
    "hang on",
    "hold on",
    "repeat",
    "skip",
    "undo",
    "pause",
    "help",
    "score",
    "stop",
    "scratch that",
    "take that back",
    "next theme",
    "new theme",
    "another theme",
    "different theme",
    "change the theme",
    "change theme",
    "new thing",  # "new theme" as the ear writes it unexpected: no word
)
# Said about the game, never a word for a theme: "pretty tough theme", "six points", "same
# letter" (a pattern, not a table: its words stay words a theme may list, "star", "card").
GAME_TALK = re.compile(
    r"\b(?:(?:tough|hard|easy|weird|this|the|that|stupid|good|great) theme|theme is"
    r"|(?:same|that|this|wrong|other) letter)\b"
)
# A verdict on what gm just did, and nothing else: "no, that's wrong" is no word "wrong".
VERDICT_ONLY = re.compile(r"(?:(?:no|nope|nah|wait) )*that (?:is|was) (?:wrong|not right)")
LONE_FILLERS = frozenset(SOUNDS) | frozenset("hm right ohh eh and then".split())
TAIL_WORDS = frozenset("please maybe probably then instead".split())  # "mango then"
# A guess said after the word: "igloo, I reckon", "kiwi I guess".
TAIL_GUESSES = frozenset(("i", verb) for verb in "guess reckon think suppose".split())
LETTER_WORDS = frozenset(NATO.values()) | SPOKEN_LETTERS
INTERJECTIONS = frozenset(
    "haha hahaha lol duh hmm hm yes yeah yay ooh oh easy obviously done boom nice ha basically "
    "literally honestly dude ugh shh psst".split()
)
# Said first, a reaction to the turn, not the word, where a word follows: "perfect, plum",
# "brilliant, onion" ("cool" alone stays a word: things that are cold).
REACTION_FIRST = frozenset(
    "perfect brilliant great cool awesome wow nice lovely gosh frankly phew".split()
)
# A correction inside an answer: "tiger, no, toucan", "goat, I mean gazelle".
WORD_CORRECTIONS = (
    "no",
    "nah",
    "nope",
    "i mean",
    "i meant",
    "wait",
    "sorry",
    "actually",
    "hang on",
    "or rather",
    "scratch that",
    "scrap that",
    "never mind",
    "forget it",
)
# Said after a word, it takes the word back: "lime, just kidding", "nurse? or not".
KIDDING = ("just kidding", "only kidding", "or not")
# A clause of only these after a reply adds nothing to it: "K, obviously", "K, what else".
AFTERTHOUGHT = (
    LONE_FILLERS
    | INTERJECTIONS
    | TAIL_WORDS
    | frozenset("what else duh clearly surely of course i guess reckon think right".split())
    | frozenset("sorry changed my mind bad".split())  # "flute, sorry, changed my mind"
)
_CLAUSES = re.compile(r"\s*(?:[,.!?;:]+|\.\.\.)\s*")


# What a player says as a reaction, never as a word for a theme (unless the theme lists it):
# "seriously", "thanks", "oops", "tough crowd".
REACTIONS = frozenset(
    (
        "sure",
        "for sure",
        "thanks",
        "thank you",
        "seriously",
        "kidding",
        "just kidding",
        "tricky",
        "tough one",
        "tough crowd",
        "oh snap",
        "ah shoot",
        "sec",
        "thinking",
        "trying",
        "nope",
        "oops",
        "anyway",
        "whatever",
        "sorry",
        "so sorry",
        "tick tock",
        "saying",
        "totally",
        "ta",
        "knock knock",
        "same",
        "okay",
        "ok",
        "stop",
        "shut up",
        # said to a player, alone ("calm down"; a theme may list them)
        "come on",
        "calm down",
        "hurry up",
        "phew",
        # cheering a player on ("go go go, time's almost up")
        "go go",
        "go go go",
    )
)
# A reaction asked back after a word, at the end: "pineapple on pizza, Tom, really?".
ASKED_BACK = frozenset(("really", "oh really", "seriously", "are you serious", "you serious"))


def _answer_words(clause: list[str]) -> list[str] | None:
    """A clause's answer words, without lead-ins and interjections around them; None when the
    clause is a sentence, not a word ("waffles were taken already"), only filler ("uh"), or a
    letter ("kiwi, K", "K as in kilo")."""
    if any(
        after == "one"
        and (len(word) == 1 or word in LETTER_WORDS)
        and (before == "the" or before == "" and word not in ("a", "i"))
        for before, word, after in zip(["", *clause], clause, clause[1:])
    ):
        return None  # "the A one": a letter pointed at
    said = strip_lead(clause, ANSWER_LEADS)
    # "frozen peas for F", "ice for the I", "gnome with a G": the letter
    for tail in (["for"], ["for", "the"], ["with"], ["with", "a"], ["with", "an"], ["with", "the"]):
        if len(said) > len(tail) + 1 and said[-1 - len(tail) : -1] == tail and len(said[-1]) == 1:
            said = said[: -1 - len(tail)]  # it is for, said after the word
    while said and (said[-1] in INTERJECTIONS | TAIL_WORDS or tuple(said[-2:]) in TAIL_GUESSES):
        said = said[: -2 if tuple(said[-2:]) in TAIL_GUESSES else -1]
    while said and said[0] in INTERJECTIONS | LONE_FILLERS:
        said = said[1:]
    longest = 4 if "and" in said[1:-1] else 3  # "salt and pepper shaker"
    if not said or len(said) > longest or set(said) & SENTENCE_WORDS or said[0] == "or":
        return None
    if said in (["the"], ["a"], ["an"], ["some"], ["for"], ["just"]):
        return None  # "the, uh...": still looking for the word
    if len(said[0]) == 1 and said[0] != "a" or said[-1] == "or":
        return None  # "the K card", "K for kiwi": a letter named; "kiwi or...": not said yet
    if said[0] == "letter" and len(said) == 2:
        return None  # "the letter P"
    if all(len(w) == 1 or w in LETTER_WORDS for w in said) or said[-2:-1] == ["as"]:
        return None
    if len(said) > 1 and said[-2] in SPELLED_BY and said[-1] in LETTER_WORDS:
        return None  # "N for november" heard "end for november": a letter spelled, not a word
    if any(" ".join(said).startswith(c) for c in NOT_WORDS):
        return None
    if said[-1] in VAGUE or said[:1] == ["something"] or " ".join(said[:2]) in VAGUE_KINDS:
        # "something with B", "some kind of berry": no word yet
        return None
    if GAME_TALK.search(" ".join(said)):  # "pretty tough theme", "six points": about the game
        return None
    if " ".join(said) in REACTIONS:  # "seriously", "thanks", "tough crowd": said, not answered
        return None
    return said


# Said after a correction cue, the word before it kept: "shelves... no, that's it".
_AFFIRMED = (
    ["that", "is", "it"],
    ["it", "is"],
    ["that", "is", "right"],
    ["yes"],
    ["yeah"],
    ["kidding"],  # "mango, no kidding"
    ["seriously"],  # "broccoli, no seriously"
)
# Said after giving up, no word: "I'm out, next person", "pass, no idea".
_TURN_WORDS = frozenset("next person player idea one".split())


def _ends_on(said: list[str], phrases: tuple[str, ...]) -> str | None:
    """The phrase of `phrases` a reply of more than one word ends on, None if none."""
    found = (p for p in phrases if len(said) > 1 and said[-len(p.split()) :] == p.split())
    return next(found, None)


def _kidding(text: str) -> bool:
    """Whether a reply ends by taking back what it said in jest: "lime, just kidding" (not "I'm
    not just kidding")."""
    said = tokens(plain(text))
    kidding = _ends_on(said, KIDDING)
    return kidding is not None and said[-len(kidding.split()) - 1 :][:1] != ["not"]


# A correction after giving up, before the word meant: "pass, no wait, mango", "I'm out... oh
# wait, cheesecake" (not the "no" of "no idea, Tom").
_GAVE_UP_THEN = re.compile(
    r"\b(?:pass|give up|idea|clue|dunno|blank|hard|nothing|out)\W+(?:no\W+|oh\W+)?"
    r"(?:wait|i mean|actually|hang on|no)\b"
)


def retracted(text: str) -> bool:
    """Whether the sentence ends on a correction with nothing after it ("pig? no."): the word
    before it is taken back, not given."""
    said = tokens(plain(text))
    if _ends_on(said, WORD_CORRECTIONS):
        return True  # "pig? no.", "tarp? scratch that"
    while (
        len(said) > 2
        and said[-1] in LONE_FILLERS | TRAILING_OFF
        and said[-2:] != ["is", "it"]  # "no that's it"
        and said[-3:] != ["no", "it", "is"]  # "hose, no, it is": the word affirmed
    ):
        said = said[:-1]  # "shelves... no that's... hmm": taken back, trailing off
    return _ends_on(said, WORD_CORRECTIONS) is not None


# Words a sentence trails off on after taking a word back: "no that's... hmm", "no it's...".
TRAILING_OFF = frozenset("that it is um uh er erm hmm".split())


def clauses(text: str) -> list[tuple[bool, list[str]]]:
    """The clauses of a sentence (between punctuation and corrections), each with whether it
    was said after a correction ("tiger, no, toucan": toucan is)."""
    out: list[tuple[bool, list[str]]] = []
    after = False
    for piece in _CLAUSES.split(plain(text)):
        said = tokens(piece)
        current: list[str] = []
        i = 0
        while i < len(said):
            cue = next(
                (c.split() for c in WORD_CORRECTIONS if said[i : i + len(c.split())] == c.split()),
                None,
            )
            if cue is not None:
                if current:
                    out.append((after, current))
                current, after = [], True
                i += len(cue)
                continue
            current.append(said[i])
            i += 1
        if current:
            out.append((after, current))
    # "towel, or... trunks?": a lone "or" belongs to the clause after it; "fire alarm or... a
    # foghorn?": a clause ending in "or" goes on in the next
    for i in range(len(out) - 2, -1, -1):
        if out[i][1] == ["or"]:
            out[i : i + 2] = [(out[i + 1][0], ["or", *out[i + 1][1]])]
        elif out[i][1][-1] == "or":
            out[i : i + 2] = [(out[i][0], [*out[i][1], *out[i + 1][1]])]
    return out


# After one word alone, words said to a player: "Sam, do you have a toaster?", "Priya, that's
# your third spatula", "Tom, are you done?", "Peter, the timer, come on". The word is a player
# called, unless the theme lists it ("Kettle, do you get it?" where kettles are listed: the word,
# then a word to the table). A word the theme does not list, so said, waits to be said again.
_TO_A_PLAYER = re.compile(
    r"^(?:(?:do|did|have|are|can|could|would|will|were) you|that is your|is that your|you are"
    r"|your (?:go|turn)|come on|hurry|the timer|the clock)\b"
)


def _called(parts: list[tuple[bool, list[str]]], listed: set[str]) -> bool:
    """Whether a reply opens with one word alone, not one the theme lists, then talks to a
    player: that word is the player's name ("Jo, are you done?"), not the word for the theme."""
    return (
        len(parts) > 1
        and len(parts[0][1]) == 1
        and parts[0][1][0] not in listed
        and not parts[1][0]
        and bool(_TO_A_PLAYER.match(" ".join(parts[1][1])))
    )


# A "sorry" run into one last word, no pause between them: an apology to a player ("kiwi, sorry
# Sam") as often as a word taken back ("kiwi sorry kumquat"); with a pause ("kiwi, sorry,
# kumquat") it is the correction.
_APOLOGY = re.compile(r"\bsorry (\w+)\b(?! \w)")


# Letters' names that are words too: "bird, no, bee" is a bee, as no letter corrects a word.
LETTERS_AND_WORDS = frozenset("bee sea tea pea jay eye ewe queue owe".split())


def _gave_up_last(text: str) -> bool:
    """Whether a long reply ends by giving up with no word said before it ("I don't know, I don't
    know... I pass"; not "a toaster, a big shiny toaster, I don't know": a word, then doubt)."""
    pieces = clause_texts(statement(text) or text)
    last = strip_lead(tokens(pieces[-1]))
    return (
        len(last) <= 5
        and any_of(last, GIVE_UP)
        and not any(_answer_words(strip_lead(tokens(p))) for p in pieces[:-1])
    )


def _a_word_too(clause: list[str]) -> bool:
    """Whether a clause said after a correction is a letter's name that is also a word: that
    word, not the letter ("bird, no, bee"; a spelling word too: "Lisbon, no, Lima")."""
    said = strip_lead(clause, ANSWER_LEADS)
    return len(said) == 1 and said[0] in LETTERS_AND_WORDS | _NATO_WORDS  # "Lisbon, no, Lima"


@dataclass(frozen=True)
class AnswerMeaning:
    """The word a player answers, out of what they say around it: "tiger, no, toucan" is
    toucan, "hose, like a garden hose" is hose, "bees or butterflies" asks which; a sentence
    with no word in it is talk; "no idea" gives up the turn."""

    lines: Callable[..., str]
    hints: tuple[str, ...] = ()  # the theme's listed words: "what" is one, though a small word

    def read(self, text: str, held: JSON = None) -> Reading:
        whole = texts(words(text))
        # after "Which one do you mean: A, or B?": "the second one", "neither"
        if isinstance(held, dict) and "which_word" in held:
            if (chosen := one_of(whole, held["which_word"])) is not None:
                return chosen
        if thinking_aloud(whole) or VERDICT_ONLY.fullmatch(" ".join(whole)):
            return Reading(Kind.TALK)  # "just a sec": still thinking, no word ("sec") yet
        said = strip_lead(whole)
        # "pass me the crisps", "pass the salt": handed over, no pass ("pass, that's too hard" is)
        handed = re.search(r"\b(?:not pass|pass (?:me|the|that|him|her))\b", str(text).lower())
        # "don't give up", "I won't pass", "did he pass": no pass of this player's
        unsaid = any_of(said, ("not pass", "not give up", "never pass")) or said[:1] in (
            ["did"],
            ["does"],
            ["is"],
        )
        if "?" in str(text):  # "is it my turn? pass": what is said after the question
            said = strip_lead(tokens(statement(text)))
            unsaid = unsaid and any_of(said, ("not pass", "not give up", "never pass"))
        if (
            said
            and (len(said) <= 7 and any_of(said, GIVE_UP) or _gave_up_last(text))
            and not any_of(said, ("or", "nothing yet", "not yet"))  # "nothing yet, hang on"
            and not handed
            and not unsaid
        ):
            after = [  # "pass, no wait, mango", "dunno, lemon": the word said after it
                w
                for corrected_after, c in clauses(text)[1:]
                if (w := _answer_words(c)) is not None
                and not any_of(w, GIVE_UP)
                and not set(w) & _TURN_WORDS
                and corrected_after  # "pass, no wait, mango"; not "pass, Sophie", "pass, crap"
                and not (len(w) == 1 and w[0] in _APOLOGY.findall(plain(text)))  # "sorry Liz"
            ]
            after = after if _GAVE_UP_THEN.search(plain(text)) else []  # not "no idea, Tom"
            if after and not retracted(text):
                return Reading(Kind.WORDS, " ".join(after[-1]))
            return answer("pass", self.lines("heard_pass"), len(said) <= 4)
        if any(" ".join(said).startswith(c) for c in NOT_WORDS):
            return Reading(Kind.TALK)  # "hang on, the phone's ringing": to gm, not a word
        parts = clauses(text)
        if parts and parts[-1][1][-1] == "or":
            return Reading(Kind.TALK)  # "fire alarm or...": the player has not chosen yet
        listed = {" ".join(tokens(hint)) for hint in self.hints}
        if _called(parts, listed):
            return Reading(Kind.TALK)  # "Sam, do you have a toaster?": said to a player
        if len(parts) > 1 and " ".join(parts[-1][1]) in ASKED_BACK and text.rstrip().endswith("?"):
            return Reading(Kind.TALK)  # "pineapple on pizza, Tom, really?": a word reacted to
        for index, (_, clause) in enumerate(parts):  # "fire alarm or... a foghorn?": which one?
            at = clause.index("or") if "or" in clause[1:-1] else 0
            if (
                at
                and (first := _answer_words(clause[:at]))
                and (second := _answer_words(clause[at + 1 :]))
            ):
                chosen = [w for _, c in parts[index + 1 :] if (w := _answer_words(c))]
                if chosen and chosen[-1] in (first, second) and "?" not in str(text):
                    # "vet or doctor... vet" (not "bread or butter... hmm, butter?", still asked)
                    return Reading(Kind.WORDS, " ".join(chosen[-1]))
                return self._which(" ".join(first), " ".join(second))
        found = [
            (after, w)
            for after, c in parts
            if (w := _answer_words(c) or (c if after and _a_word_too(c) else None)) is not None
        ]
        # a word taken back with nothing in its place: "pear, no, scrap that", "pilot... nope,
        # someone said that", "lime, just kidding"
        kept = not any(after and c not in _AFFIRMED for after, c in parts) or any(
            after for after, _ in found
        )  # not "shelves... no, that's it", "hose, no, it is"
        taken_back = retracted(text)
        if not found or taken_back or not kept or _kidding(text):
            # no word in it ("um", "if", "the letter P", a clap written "do"): talk, not
            # a word for the rules to score, unless it is one of the theme's own words
            if not taken_back and " ".join(said) in listed:
                return Reading(Kind.WORDS, " ".join(said))
            return Reading(Kind.TALK)
        alternative = [c[1:] for _, c in parts if c[:1] == ["or"] and _answer_words(c[1:])]
        if alternative:  # "pancakes, or poached eggs": which one?
            first, second = " ".join(found[-1][1]), " ".join(alternative[0])
            return self._which(first, second)
        corrections = [item for item in found if item[0]]
        # a word begun again longer in a breath of its own, not taking the first back ("hedge...
        # hedgehog?"): which one?
        restart = [w for _, w in found]
        if (
            not corrections
            and len(restart) > 1
            and restart[0] != restart[-1]
            and " ".join(restart[-1]).startswith(" ".join(restart[0]))
        ):
            first, second = " ".join(restart[0]), " ".join(restart[-1])
            return self._which(first, second)
        if (
            not corrections
            and len(found) > 1
            and found[0][1] != found[1][1]
            and len(found[0][1]) == 1
            and found[0][1][0] in REACTION_FIRST
            and found[0][1][0] not in listed
        ):
            found = found[1:]  # "perfect, plum": the word after the reaction
        _, chosen = corrections[-1] if corrections else found[0]
        first_word = " ".join(found[0][1])
        if (
            corrections
            and len(chosen) == 1
            and chosen[0] not in listed
            and not found[0][0]
            and chosen[0] in _APOLOGY.findall(plain(text))
            and not re.search(rf"\b(?:no|wait)\W+sorry {chosen[0]}\b", plain(text))
            and first_word[:1] != chosen[0][:1]  # "shelf, sorry shelves", "bat sorry badger"
            and first_word not in chosen[0]
        ):
            # "kiwi, sorry Sam": an apology to a player or a word taken back? which one?
            return self._which(first_word, chosen[0])
        if "or" in chosen:
            at = chosen.index("or")
            first, second = " ".join(chosen[:at]), " ".join(chosen[at + 1 :])
            if first and second:
                return self._which(first, second)
        return Reading(Kind.WORDS, " ".join(_once(chosen)))

    def _which(self, first: str, second: str) -> Reading:
        """Which of two words the player means, asked; the two are held for the reply."""
        question = self.lines("which_word", first=first, second=second)
        return partial(question, {"which_word": [first, second]})


def _once(said: list[str]) -> list[str]:
    """A word said over and over in one breath, once ("zebra zebra zebra": zebra); a word said
    twice stays as said, as some words are ("pom pom", "bora bora")."""
    for size in range(1, len(said) // 2 + 1):
        times = len(said) // size
        if times * size == len(said) and said == said[:size] * times and (times > 2 or size > 1):
            return said[:size]
    return said
