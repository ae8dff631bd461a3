"""What a player of What the Fake?! means when naming drawings: "I've got a ship in a bottle,
fish and chips and a cat" is three drawings, each name whole; "my first one is a cat" is a cat;
"that's it" is the end of the list.

A name is everything said for it: "and", "in a", "with" stay inside it unless the sentence
clearly lists several (commas, "then", an article after the "and": "a bow and an arrow", or a
name the theme is known for on each side). When it is unclear, one short question: "One
drawing, salt and pepper, or two?"
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Callable, Mapping

from rapidfuzz import fuzz

from gm import content
from gm.games.what_the_fake.groups import drawing_key
from gm.games.what_the_fake.names import (
    ARTICLES,
    DRAWINGS,
    NO_WORDS,
    YES_WORDS,
    hint_forms,
    normalise_name,
    segment_names,
    singular,
    split_names,
)
from gm.meaning import (
    COMMON_WORDS,
    NOTHING,
    after_hesitations,
    answer,
    any_of,
    begins,
    clause_texts,
    corrected,
    has,
    hedged,
    knows,
    last_clause,
    leads,
    partial,
    plain,
    pronoun_one,
    starts,
    statement,
    strip_lead,
    thinking_aloud,
    tokens,
    where,
    without,
    words,
    yes_or_no,
)
from gm.steps import JSON, Kind, Reading
from gm.vocab import NUMBER_WORDS, SOUNDS, number_word

# Said around a name when unsure of it, never part of it: "maybe a crab", "a crab, sort of".
HEDGES = ("i think", "i guess", "maybe", "probably", "perhaps", "sort of", "kind of")
# What players say before their drawings, never part of a name.
LEAD_INS = (
    *HEDGES,
    *SOUNDS,
    "so",
    "okay",
    "ok",
    "okay so",
    "right",
    "well",
    "alright",
    "i think",
    "i guess",
    "i have got",
    "i have",
    "i had",
    "i got",
    "i did",
    "i drew",
    "i made",
    "i went with",
    "i went for",
    "i sketched",
    "i tried",
    "i tried to draw",
    "i attempted",
    # laughing or exclaiming before a name: "haha lamp"
    "haha",
    "hahaha",
    "ha",
    "lol",
    "wow",
    "whoa",
    "oops",
    # "it's meant to be a barn owl", "that's supposed to be a cow"
    *(
        f"{what}{verb} to be"
        for what in ("it is ", "that is ", "this is ", "mine is ", "")
        for verb in ("meant", "supposed")
    ),
    "mine are",
    "mine were",
    "mine is",
    "my stuff is",
    "my things are",
    "the other two are",
    "the other one is",
    "the others are",
    "i make a drawing of",
    "i made a drawing of",
    "i drew a picture of",
    "i went",
    "so i went",
    "of course",
    "of",  # "I made a drawing of a boat, of an anchor"
    "clearly",
    "seriously",
    # a drawing named by its place: "the first is a zebra", "second's a tiger"
    *(
        f"{the}{nth}{one}{verb}"
        for the in ("the ", "")
        for nth in ("first", "second", "third", "last")
        for one in (" one", "")
        for verb in (" is", "'s")
    ),
    "my drawings are",
    "my drawings were",
    "my three are",
    # "so my two left are", "the last two are": the drawings left to name
    *(
        f"{whose}{count}{left}{verb}"
        for whose in ("my ", "the last ", "my last ", "my other ", "the other ")
        for count in ("one", "two", "three")
        for left in (" left", "")
        for verb in (" are", " is", " were", " was")
    ),
    # "my first one is", "the second's", "next is", "and the third one was"
    *(
        f"{whose}{place}{one}{verb}"
        for whose in ("my ", "the ", "")
        for place in ("first", "second", "third", "last", "next", "other")
        for one in (" one", "")
        for verb in (" is", " was", "'s", "")
    ),
    "firstly",
    "first of all",
    "first up",
    "first off",
    "to start",
    "there is",
    "there was",
    "we have",
    "it is",
    "it was",
    "this is",
    "that is",
    "number one",
    "one is",
    "let me see",
    "let us see",
    "here goes",
    "here we go",
    "right so",
    "oh",
    "hmm",
    "yeah",
    "yes",
    "and",
    "then",
    "also",
    "basically",
    "so basically",
    "okay so basically",
    "like",
    "just",
)
_LEADS = leads(LEAD_INS)
# Words that make a piece of a sentence talk, not a drawing's name ("that's obviously a hockey
# stick, Ben", "is cereal breakfast or a snack").
TALK_WORDS = frozenset(
    "i you he she we they me us is was were are am did does said say think know what how why "
    "who where when whose thought not really asking your yours looks obviously come peeking "
    "looking laughing staring".split()
)
DONE = (
    "that is it",
    "that is all",
    "that is everything",
    "i am done",
    "done",
    "nothing else",
    "no more",
    "nothing more",
    "that is my lot",
    "all done",
    "finished",
    "i am finished",
    "that is the lot",
    "nothing",
    "i drew nothing",
    "none",
    "no drawings",
    "i have nothing",
    "i got nothing",
    "i did not draw anything",
    "did not draw anything else",
    "do not have any more",
    "do not have anymore",
    "have not got any more",
    "nothing left",
    "no others",
    "i did not finish",
    "blank",
    "zero",
    "forget it",  # "forget it, next person"
)
# Words that hold a name together ("ship in a bottle"): a piece with one is never cut at spaces.
JOINING = frozenset(ARTICLES) | frozenset("and in on with of at for to from".split())
_NOT_NAMES = frozenset(
    "yes yeah yep no nope nah okay ok um umm uh uhh er erm hmm right sure so oh like and then "
    "well last first next one haha ha hah lol ugh oops whoops".split()
)
# A list's seams: said between names, never inside one.
HARD = ("then", "and then", "next", "also", "plus", "after that", "and also", "and lastly")
_SEAM = re.compile(r"\s*(?:,|;|:|\.|!|\bthen\b|\bnext\b|\balso\b|\bplus\b|\bafter that\b)\s*")
_BY_PLACE = (
    r"(?:\band\s+)?(?:\bthe\s+)?\b(?:first|second|third|last)(?:\s+one)?(?:'s|\s+is|\s+was)\b"
)
# Said in place of a name the player cannot give: "I have no idea", "I forget".
NOT_KNOWN = ("no idea", "do not know", "can not remember", "forgot", "forget", "no clue")
# After a correction, what says the name before it was another's: "that was last round".
_WAS_ANOTHER = r"^\W*(?:(?:hang on|hold on|wait)\W+)?that (?:was|is) [^,.;!]*[,.;!]"
_TAIL = (
    *HEDGES,
    "or something",
    "what else",
    "as well",
    "too",
    "anyway",
    "boom",
    "tada",
    "ta da",
    "voila",
)


# A piece that explains the name before it ("a pencil, like a sharpened one", "trick or treat,
# you know, a kid with a bag"): said about a drawing, never a drawing of its own.
EXPLAINING = ("like", "so like", "you know", "as in")


# Said before a correction of a name, between spaces or commas ("a crab, no wait, a bucket"),
# and what may follow it in the same breath ("no sorry", "wait no", "no, I mean"): one run.
_CUE = r"(?:no wait|wait no|i mean|no|sorry|actually|scratch that)"
_CUE_WORDS = frozenset("no wait i mean sorry actually oops".split())
_CUES = re.compile(rf"(?<=[\s,]){_CUE}(?:[\s,]+(?:{_CUE}|wait|oops))*(?=[\s,])")


def corrected_text(text: str, keep: bool = False) -> str:
    """What a naming says after its last correction ("flying pig, no, it's a frying pan",
    "a hoop and, no sorry, a ball and a hoop"); with `keep`, a list keeps what came before the
    name corrected ("planet, comet, no, meteor")."""
    spaced = " " + plain(text) + " "
    for found in reversed(list(_CUES.finditer(spaced))):
        before, after = spaced[: found.start()].rstrip(" ,"), spaced[found.end() :]
        if not before.strip() or not _until_done(tokens(spaced[found.start() :]))[0]:
            continue  # said first, or "a crab, no more": the end of the list, not a correction
        after = after.lstrip(" ,")
        kept = re.split(r",(?=[^,]*$)", before)[0] if keep and "," in before else ""
        return f"{kept}, {after}" if kept.strip(" ,") else after
    return text


def _denied(piece: list[str]) -> bool:
    """Whether a piece of a list only says what a drawing is not ("not a star, a spike", "not a
    pig, a pug"): a name taken back, never a drawing of its own."""
    rest = piece[1:]
    return piece[:1] == ["not"] and 0 < len(rest) <= 4 and not set(rest) & TALK_WORDS - {"not"}


# Said of a list not ended yet, whatever end words are in it: "I'm not done yet", "nothing yet".
NOT_DONE_YET = (
    "not done",
    "not finished",
    "not yet",
    "nothing yet",
    "still thinking",
    "for now",
    "have not finished",
    "let me look",
    "let me think",
)
# The names said before, and no more: "just those two", "only those".
_THOSE_ONLY = re.compile(r"(?:no )?(?:just|only) (?:those|these|them|the two)(?: two| three)?")
# A request to gm said first, never a drawing's name ("repeat please", "undo that").
NO_DRAWING_VERBS = frozenset(("repeat", "undo", "pause", "resume"))
# A first clause said to gm, never a drawing: "scratch that", "back, go ahead".
TO_GM = ("scratch that", "undo that", "we are back", "i am back")
# Said to gm to go on, never a drawing when they are all that is said: "back, go ahead".
GO_ON = ("back", "go ahead", "ok go ahead", "carry on", "go on")
# The game's own words for its other steps, said whole: no drawing ("count the points" while
# the drawings are named); a name that only begins so stays one ("stop sign", "count dracula").
GAME_WORDS = (
    "count the points",
    "stop drawing",
    "start drawing",
    "pencils down",
    "new theme",
    "what the fake",
    "time is up",
)
# A group correction said while naming: "merge one and three", "split group two".
_GROUP_CHANGE = re.compile(r"^(?:merge|combine|split|join) (?:group |groups )?\w+(?: and \w+)?$")
# How many names follow, said before them: "my two are", "the last three were".
_COUNTED_LEAD = re.compile(
    r"\b(?:my|the last|the other|my last|my other) (?P<count>two|three)(?: left)? (?:are|were)\b"
)
# Drawings named as another player's: "the same two as Nina", "same ones as Theo".
_SAME_AS = re.compile(r"(?:the )?same (?:one|ones|two|three|things|drawings) as\b")
# A player asking themselves for a name mid-list: "what was it", "what was the last one".
_SELF_ASKED = re.compile(
    r"(?i)\bwhat (?:was it called|was it|was that|was the (?:last|other|first|second|third) one"
    r"|is it called|'s it called)\b\W*"
)
# A piece that says how many drawings there are, not what they are ("I only managed one").
_HOW_MANY = re.compile(
    r"(?:(?:i )?(?:(?:only |just )?(?:managed|did|drew|got|finished|made|have|had)(?: only| just)?"
    r"|only|just) (?:the )?|the )(?P<count>one|two|three)(?: of them| drawings?)?"
)
# A vague name said with what it is for or where it is ("the thing you cook eggs in"): a
# description, asked about, not talk.
_DESCRIBED = ("the thing", "that thing", "this thing", "the one", "the stuff")
_PRONOUNS = ("you", "i", "we", "he", "she", "they")


_BEING = frozenset("is was are were".split())


def _described(piece: list[str]) -> bool:
    """Whether a piece is a vague name with what it is for ("the thing you cook eggs in"), not a
    sentence about a drawing ("the one I drew is rubbish": a verb of its own)."""
    return begins(piece, _DESCRIBED) and len(piece) <= 8 and not set(piece) & _BEING


def _lead(piece: list[str]) -> bool:
    """Whether a piece is only words said before the names ("I think", "mine are")."""
    return strip_lead(piece + ["x"], _LEADS) == ["x"]


def _clean(text: str, piece: bool = False) -> list[str]:
    """The words with the lead-in and tail words dropped ("um I've got a cat I think"); a
    `piece` of a list that is only tail words is nothing ("a cat, a dog, maybe")."""
    said = strip_lead(tokens(text), _LEADS)
    if piece and "but" in said[1:-1]:  # "a fried egg as well but bigger": what it is, then how
        said = said[: said.index("but", 1)]
    left = 0 if piece else 1  # words that must be left
    changed = True
    while changed and said:
        changed = False
        for tail in _TAIL:
            t = tail.split()
            if len(said) - len(t) >= left and said[-len(t) :] == t:
                said, changed = said[: -len(t)], True
    return said


# The words after which "a" is inside a name ("ship in a bottle", "cat with a hat"), not the
# start of the next one.
_LINKS = JOINING | frozenset("like into inside under over behind without".split())


def _at_articles(piece: list[str]) -> list[list[str]]:
    """A piece said without pauses cut where an "a" or "an" begins the next name: "a fork a cup"
    (a transcript without commas) is a fork and a cup; "a ship in a bottle" is one."""
    out = [piece[:1]]
    for before, word in zip(piece, piece[1:]):
        if word in ("a", "an") and before not in _LINKS:
            out.append([])
        out[-1].append(word)
    return out


# How a transcript writes an article or an "and" said quickly between names ("i cactus",
# "socks in a radiator", "a bee end a tiger"): read so only where known names stand around it.
_HEARD_AS_ARTICLE = frozenset("i as s uh have".split())
_HEARD_AS_AND = frozenset("in end".split())


def _known(words: list[str], forms: Mapping[str, str]) -> bool:
    """Whether `words`, less any leading articles, are a drawing the theme is known for."""
    while words and words[0] in ARTICLES:
        words = words[1:]
    return bool(words) and normalise_name(" ".join(words)) in forms


def _as_said(piece: list[str], forms: Mapping[str, str]) -> list[str]:
    """A piece with the words a transcript got wrong between known names read as meant: "i"
    (or "as") before a known name is "a" ("i cactus"), an "in" or "end" between two known
    names that are no name together is "and" ("socks in a radiator")."""
    said = list(piece)
    for at, word in enumerate(said):
        if word in _HEARD_AS_ARTICLE and any(
            _known(said[at + 1 : end], forms) for end in range(at + 2, len(said) + 1)
        ):
            said[at] = "a"
    for at, word in enumerate(said):
        if (
            word in _HEARD_AS_AND
            and at < len(said) - 1
            and (at == 0 or _known(said[:at], forms))  # at 0: after a comma ("a bun, end a cat")
            and _known(said[at + 1 :], forms)
            and not _known(said, forms)
        ):
            said[at] = "and"
    return said


def _until_done(said: list[str]) -> tuple[list[str], bool]:
    """The words before the end of the list said in them ("a crab and that's it": "a crab"),
    and whether it was said."""
    ends = [at for at in (where(said, phrase) for phrase in DONE) if at >= 0]
    return (said[: min(ends)], True) if ends else (said, False)


def _name(words: list[str]) -> str:
    """A name as written down: its words without a leading article or lead-in; nothing when
    only articles were said ("a, um, a car")."""
    words = strip_lead(words, _LEADS)
    while words and (words[0] in ARTICLES or words[0] == "another" and len(words) > 1):
        words = words[1:]  # "dog, dog, and another dog": three dogs
    return " ".join(words)


# A name whose head is no thing in particular ("the brown thing", "the loud one", "green stuff"):
# what it is, the player is asked, as nobody can write it down or match it.
VAGUE_HEADS = frozenset("thing things stuff one ones something whatever".split())


def _vague(name: str) -> bool:
    """Whether a name says only that there is a drawing: its head word, the last before a
    "with" or "of" ("the one with strings", "thing with wings"), is no thing in particular."""
    words = name.split()
    for joint in ("with", "of", "that", "which", *_PRONOUNS):
        if joint in words[1:]:
            words = words[: words.index(joint, 1)]
    return bool(words) and words[-1] in VAGUE_HEADS


@dataclass(frozen=True)
class NamesMeaning:
    """The names of one player's drawings (what_the_fake.names), at most `room` of them."""

    lines: Callable[..., str]
    hints: tuple[str, ...]
    room: int = DRAWINGS
    whole: tuple[str, ...] = ()  # names with "and" that are one drawing (the deck's `whole`)

    def _answer(self, names: list[str], done: bool = False) -> Reading:
        """The names, and with `done` the end of the list said after them ("a cat, that's
        all"); "nothing" when the list ends with no name."""
        names = [n for n in names if n]
        if not names:
            return answer("nothing", self.lines("heard_no_more"), True) if done else NOTHING
        value: dict = {"names": names, "done": True} if done else {"names": names}
        return answer(value, content.spoken_list(names), True)

    def read(self, text: str, held: JSON = None) -> Reading:
        if isinstance(held, dict) and "vague" in held:
            return self._named_vague(text, held)
        if isinstance(held, dict) and "one" in held:
            said = tokens(text)
            one = any_of(said, ("one", "one drawing", "just one", "a single", "together", "same"))
            two = any_of(said, ("two", "two drawings", "separate", "both", "apart"))
            if one != two:
                return self._answer(held["one"] if one else held["two"], held.get("done", False))
            if said and yes_or_no(said) is not None and len(said) <= 3:
                # "no" to "One drawing, toast and jam, or two?": neither told, and no drawing
                # called "no" (it was read back as one)
                return partial(self.lines("ask_one_or_two_again"), held)
        text = re.sub(r"(?i)\bhere goes nothing\b", "", text)  # "let's try", not "no drawing"
        # a player asking themselves in the middle of a list ("a frisbee, and uh, what was it,
        # oh a witch on a broom"): no question to the table
        text = _SELF_ASKED.sub(" ", text)
        asked_self = set(tokens(text.rsplit("?", 1)[0])) & {"i", "me", "my", "mine"}
        if "?" in text and not text.rstrip(" .!").endswith("?") and asked_self:
            # "seat five, that's me? ok: surfboard, wave, sandcastle": the player's question
            # about their own turn, then the names (no question mark left in them), read back;
            # not "whose turn is it? Jo's, I think", "seriously? Tom drew a fish too"
            after = self.read(statement(text), held)
            if after.kind is Kind.ANSWER and isinstance(after.value, dict):
                return replace(after, sure=False)
        said = _clean(text)
        clauses_said = [" ".join(c) for p in clause_texts(text) if (c := tokens(p))]
        hinted = {" ".join(tokens(h)) for h in self.hints}
        going_on = set(clauses_said) <= set(GO_ON) and not set(clauses_said) & hinted
        if clauses_said and (clauses_said[0] in TO_GM or going_on):
            return Reading(Kind.TALK)  # "scratch that", "back, go ahead": to gm, no drawing
        text = re.sub(r"(?i)\bnext (?:person|player)\b", "", text)  # "a drill, next player"
        if not said or said[0] in NO_DRAWING_VERBS:  # "repeat that please": to gm, not a drawing
            return NOTHING
        whole = " ".join(tokens(text))
        if whole in GAME_WORDS or _GROUP_CHANGE.match(whole):  # another step's words
            return partial(self.lines("naming_now"), None)
        if (
            (tokens(text)[:1] == ["mine"] or said[:2] == ["same", "as"])
            and any_of(said, ("same as",))
            or _SAME_AS.match(" ".join(said))
        ):
            # "mine are the same as hers", "same as seat two", "the same two as Nina": whose?
            return partial(self.lines("ask_own_names"), None)
        # The pieces a list is said in, each up to an end of the list said in it ("a crab and
        # that's it"), without those only said around the names ("first of all", "maybe", "a").
        pieces: list[list[str]] = []
        done = False
        forms = hint_forms(self.hints + self.whole)
        ended_first = False  # the end of the list said before a name ("that's all, a saw")
        counted = ""  # how many drawings the player said they made, where they said so
        if lead := _COUNTED_LEAD.search(" ".join(tokens(text))):
            counted = lead.group("count")  # "my two are a hot water bottle and long johns"
        # a drawing named by its place, anywhere: "the first one's a cat and the second one's
        # a dog" is said as a list
        text = re.sub(_BY_PLACE, ", ", text, flags=re.I)
        # a clause that says the name is not known ("I have no idea") is none, and its "no"
        # takes nothing back
        known = [c for c in clause_texts(text) if not any_of(tokens(c), NOT_KNOWN)]
        not_known = len(known) < len(clause_texts(text))
        text = ", ".join(known) if not_known else text
        after = corrected_text(text, keep=True)
        if after != text:  # "a duck, no hang on, that was my second one. last one's a boat"
            after = re.sub(_WAS_ANOTHER, "", after, flags=re.I)
        for at, piece in enumerate(_SEAM.split(plain(after))):
            if any_of(tokens(piece), NOT_KNOWN):
                not_known = True  # "the second one, I have no idea", "... and I forget"
                continue
            if pieces and _THOSE_ONLY.fullmatch(" ".join(tokens(piece))):
                done = True  # "pizza, fries, and... no, just those two": no more
                continue
            words_said, ended = _until_done(_as_said(tokens(piece), forms))
            ended_first = ended_first or (ended and not words_said and not pieces)
            done = done or ended
            if at and words_said[:1] in (["is"], ["was"]):
                words_said = words_said[1:]  # "so next is a pin": the seam's own verb
            if at and begins(words_said, EXPLAINING):
                continue
            if _denied(words_said):
                continue
            if _lead(words_said) or words_said in (["look"], ["come", "on"]):
                continue  # "I think", "look, a cat": said before the names
            tail = words_said[1:2] in (["something"], ["whatever"], ["so"], ["anything"])
            if words_said[:1] in (["or"], ["either"]) and not tail:
                return partial(self.lines("names_either"), None)  # "moon, or maybe a planet"
            cleaned = _clean(" ".join(words_said), piece=True)
            if (
                len(cleaned) == 2
                and cleaned[0] in ("two", "three")
                and singular(cleaned[1]) != cleaned[1]
            ):
                # "two cakes": the drawing twice, as said (the rules count it once)
                times = 2 if cleaned[0] == "two" else 3
                pieces.extend([singular(cleaned[1])] for _ in range(times))
                continue
            if count := _HOW_MANY.fullmatch(" ".join(cleaned)):
                counted = count.group("count")  # "I've only got the one, a bucket and spade"
                continue
            if at == 0 and cleaned in (["two"], ["three"]):
                counted = cleaned[0]  # "three: kangaroo, koala, crocodile"
                continue
            if at == 0 and cleaned == ["pass"]:
                continue  # "pass, I've got nothing" (not "a boarding pass")
            if cleaned and not set(cleaned) <= _NOT_NAMES | ARTICLES:
                pieces.extend(_at_articles(cleaned))
        if not_known and not pieces:  # "I can't remember which one I finished": what is it?
            return partial(self.lines("names_unknown"), None)
        talk = [
            p
            for p in pieces
            if (set(p) & TALK_WORDS or p[:2] == ["look", "at"]) and not _described(p)
        ]
        waiting = "?" in text or any_of(tokens(text), NOT_DONE_YET)  # "I'm not done yet"
        done_said = any_of(tokens(text), DONE) and not waiting
        if waiting and len(said) <= 4 and any_of(said, NOT_DONE_YET):
            return Reading(Kind.TALK)  # "nothing yet", "not done": still drawing or looking
        if done_said and (not pieces or talk == pieces and len(said) <= 12):
            return self._answer([], done=True)  # "that's it, I'm done", "done, I only drew one"
        if "?" in text or said[0] in ("is", "was", "what", "how", "why", "who", "can", "does"):
            return Reading(Kind.TALK)  # a question to the table, not a drawing
        trimmed = False
        # names said as names: several, or one with its article ("wait, whose turn is it" is no
        # name and its talk)
        listed = len(pieces) - len(talk) >= 2 or re.search(r"\ban?\b", text.lower())
        while talk and pieces[-1] is talk[-1] and len(pieces) > len(talk) and listed:
            # talk after the names ("a crab, a crab, a crab. I like crabs.", "a cat and a hat,
            # I'm really proud of the hat"): the names stand, read back unless they had their
            # own sentence
            pieces, talk = pieces[:-1], talk[:-1]
            trimmed = trimmed or "." not in text
        if talk:
            return Reading(Kind.TALK)
        names: list = []
        if not pieces:
            return NOTHING  # "yes", "okay": no drawing
        for index, piece in enumerate(pieces):
            if len(pieces) > 1 and index < len(pieces) - 1 and piece[-1:] != ["and"]:
                names.extend(self._ands(piece, forms, listing=False, paused=True))
            else:
                names.extend(self._ands(piece, forms, listing=len(pieces) > 1))
        if len(names) == 1 and isinstance(names[0], list) and len(names[0]) >= 3 and self.room > 1:
            split = split_names(" ".join(names[0]), self.hints, self.room)
            if 1 < len(split) <= self.room and not set(names[0]) & JOINING:
                return self._answer(list(split), done)
        unclear = [n for n in names if isinstance(n, tuple)]
        if counted == "one" and len(names) == 1 and unclear:  # one drawing said: the name whole
            return self._answer([_name(unclear[0][0])], done)
        if unclear:
            whole = [(" ".join(n[0]) if isinstance(n, tuple) else _name(n)) for n in names]
            apart: list[str] = []
            for n in names:
                apart.extend([_name(n[1]), _name(n[2])] if isinstance(n, tuple) else [_name(n)])
            whole, apart = [n for n in whole if n], [n for n in apart if n]
            if counted and len(whole) != len(apart):
                # the count said before the names tells one drawing from two: read back
                for told in (whole, apart):
                    if len(told) == NUMBER_WORDS.index(counted):
                        return replace(self._answer(told, done), sure=False)
            if len(apart) > self.room:
                return self._answer(whole, done)
            asked = unclear[0]
            question = self.lines(
                "ask_one_or_two",
                name=" ".join(asked[0]),
                first=_name(asked[1]),
                second=_name(asked[2]),
            )
            return partial(question, {"one": whole, "two": apart, "done": done})
        named = [_name(n) for n in names]
        if counted and len(named) < NUMBER_WORDS.index(counted):
            # "my two are a hot water bottle and long johns": fewer names than said, so an "and"
            # joined two of them; split at it, read back
            split = [part for n in named for part in n.rsplit(" and ", 1) if part]
            if len(split) == NUMBER_WORDS.index(counted):
                return replace(self._answer(split, done), sure=False)
        if len(named) > self.room:  # "a pug, a flying pug", "tree, just tree": said again
            named = [
                n
                for n, then in zip(named, named[1:] + [""])
                if then != n and not then.endswith(" " + n)
            ]
        if len(named) > self.room:  # a transcript that writes a name twice ("a pilot, a
            # firefighter and a sailor, a fire fighter"): one drawing, said once
            keys = [drawing_key(n) for n in named]
            named = [n for i, n in enumerate(named) if keys[i] not in keys[:i]]
        for end in (0, -1):  # a bare word said before or after a list with no room for it,
            # whose names have their articles ("okay mine, a microphone and a man with a
            # guitar", "..., and a cowboy hat, yeehaw"): no drawing, read back
            word = named[end] if len(named) > self.room else " "
            led = [n for n in named if _led(n, text)]
            if " " not in word and word not in forms and word not in led and led:
                named.pop(end)
                trimmed = True
        vague = [n for n in named if _vague(n)]
        if vague:
            question = self.lines("ask_vague", name=vague[0])
            return partial(question, {"vague": named, "done": done})
        if ended_first and any(named):  # names after "that's all": a mishearing, read back first
            return replace(self._answer(named), sure=False)
        if trimmed:
            return replace(self._answer(named, done), sure=False)
        return self._answer(named, done)

    def _named_vague(self, text: str, held: dict) -> Reading:
        """The reply to "What do you call the brown thing?": its name takes the vague one's place
        (the first of them; another vague one is asked about in turn)."""
        reply = self.read(text)
        if reply.kind is not Kind.ANSWER or not isinstance(reply.value, dict):
            return reply
        said = reply.value["names"]
        if len(said) != 1:
            return reply  # a whole list again: it stands for itself
        names = list(held["vague"])
        names[next(i for i, n in enumerate(names) if _vague(n))] = said[0]
        vague = [n for n in names if _vague(n)]
        done = bool(held.get("done")) or bool(reply.value.get("done"))
        if vague:
            return partial(self.lines("ask_vague", name=vague[0]), {"vague": names, "done": done})
        return self._answer(names, done)

    def _ands(self, words: list[str], forms: dict, listing: bool, paused: bool = False) -> list:
        """One piece between seams: its name, or the names an "and" joins. An "and" before an
        article, or the last "and" of a list with commas, separates; one inside a known name
        does not; between two known names it separates; in a stretch said before a comma
        (`paused`) it joins ("bow and arrow, a cat"); otherwise it is unclear (a tuple of the
        whole and its two halves)."""
        if "and" not in words or normalise_name(" ".join(words)) in forms:
            return [words]
        for at, word in enumerate(words[:-3]):  # a known name with an "and" of its own at the
            tail = words[at + 1 :]  # end ("a pan and a salt and pepper"): cut before it
            if word == "and" and at and "and" in tail and _known(tail, forms):
                return self._ands(words[:at], forms, False, paused) + [tail]
        at = len(words) - 1 - words[::-1].index("and")
        left, right = words[:at], words[at + 1 :]
        if not left or not right:  # "a crab and" (that's it): the name without the "and"
            return self._ands(left or right, forms, listing, paused)
        known_left = normalise_name(" ".join(left)) in forms
        title = not known_left and _title_like(left, right)  # "seagull and the sun" is two
        if listing or right[0] in ARTICLES and not title:
            return self._ands(left, forms, False) + [right]
        if title:  # asked even after a pause ("sun and the moon, a star"), but not with no room
            return [words] if self.room == 1 else [(words, left, right)]
        known_right = normalise_name(" ".join(right)) in forms
        if known_left and known_right and self.room > 1:  # "cat and dog, and a fish"
            return self._ands(left, forms, False) + [right]
        if self.room == 1 or paused:
            return [words]
        known = segment_names(left, forms, unknown=0)
        if known_right and known and len(known) + 1 <= self.room:
            # "shoes gloves and chopsticks", said without a pause
            return [piece.split() for piece in known] + [right]
        if len(left) > 3 or len(right) > 3:
            return [words]
        return [(words, left, right)]


def _led(name: str, text: str) -> bool:
    """Whether `name` is said in `text` after an article or an "and" ("a banjo", "and jelly")."""
    if not name.split():
        return False
    first = re.escape(name.split()[0])
    return re.search(rf"\b(?:a|an|the|and|or|of)\s+{first}\b", plain(text)) is not None


def _title_like(left: list[str], right: list[str]) -> bool:
    """A bare word, "and the", then a word or two ("beauty and the beast"): a title as often as
    two drawings, so asked about, where "a cat and the moon" is two."""
    return right[0] == "the" and len(left) == 1 and len(right) <= 3 and left[0] not in ARTICLES


# A player saying there was no drawing to name: gm's names were words said about none.
NOTHING_DRAWN = (
    "did not draw anything",
    "i drew nothing",
    "did not draw a thing",
    "no drawing",
    "no drawings",
    "did not finish any",
    "put me down for nothing",
    "i have got nothing",
    "i got nothing",
)
# A name said again in place of the one gm heard, led in as the names ask's help says ("I drew a
# cactus"): a no, with the name.
SAID_INSTEAD = ("i drew", "i said", "i meant", "i wrote")
NOT_A_NAME = frozenset("same right wrong correct both all two three".split())
REFUSE = ("not at all", "not quite", "wrong", "not that", "not it", "that is wrong", "try again")
CONFIRM = ("that is it", "that is right", "correct", "exactly", "spot on", "you got it", "right")


# After a name asked back, words that say yes or talk, naming no drawing: "lamp? you bet".
NO_NAME_AFTER = frozenset("else bet guess obviously course sure definitely totally who".split())
# Yes to a check in words of its own: "you heard right", "who cares, move on".
CHECK_YES = (
    "sounds good",
    "who cares",
    "move on",
    "close enough",
    "heard right",
    "heard it right",
    "heard me right",
    "got it right",
    "nailed it",
    "that is the one",
    "that is what i said",
    "near enough",
    "got it in one",
    "all of them",
    "that is all of them",
    "that is them",
    "those are them",
    "those are the ones",
    "i would say so",
    "perfect",
    "exactly those",
)
# Said around a yes of CHECK_YES, words that add nothing to it: "yeah, you heard right, mate".
AROUND_YES = frozenset(
    "yes yeah yep yup ok okay so well mate you it just then who cares please thanks exactly "
    "totally all good on move".split()
) | frozenset(SOUNDS)


def _agreed(said: list[str], text: str) -> bool:
    """Whether a reply is a yes in CHECK_YES's words and nothing else: not asked ("you heard
    right?"), not negated ("I don't think you heard right", "nobody got it right"), no name
    beside it ("that's what I said, lamb")."""
    if text.rstrip().endswith("?"):
        return False
    for phrase in CHECK_YES:
        for at in starts(said, phrase):
            rest = said[:at] + said[at + len(phrase.split()) :]
            if set(rest) <= AROUND_YES:
                return True
    return False


# Said after a yes to the names gm heard, what brings in more: "yes but add a sledge".
ADDED = (
    r"\b(?:(?:but |and )?(?:add|plus|also|you missed|you forgot)|i also (?:had|drew|did|made)"
    r"|also (?:had|drew|did|made)|and (?:then )?(?:another|one more)"
    r"|and i (?:also )?(?:had|drew|did|made)"
    r"|i (?:also )?(?:had|drew|did|made) (?:another|one more))\b"
)
# Words before a description, never a name: "a bit wonky", "kind of small", "really good".
DEGREE = r"^(?:a |an )?(?:bit|(?:kind|sort) of(?! an? )|pretty|too|really|very|so|quite|rather)\b"
# Words that make what follows an added cue talk, not a drawing: "yes, add that to my score".
NOT_ADDED = frozenset("it that them this those these to my bit".split())
# A name alone said to be what gm heard: "lamp is right".
NAME_RIGHT = r"^(?:the |a |an )?(.+?) (?:is|was) (?:right|correct|fine|good|it)$"
# Words that make a name said alone a correction of the one gm heard: "it was a kettle".
SAID_ANEW = r"^it was\b|\b(?:actually|more of|call it|more like|but like)\b"
# How alike (rapidfuzz ratio) a name said again after a no is to the one it replaces ("pocket
# ship" for "rocket ship"), and by how much more than to any other name gm heard.
SOUNDS_LIKE = 50.0
# How alike a name with "and" said after a no is to two names gm heard side by side, to be them
# said as one drawing ("fish and chips" for "fish", "ships").
SAID_AS_ONE = 80.0
SOUNDS_LIKE_MARGIN = 15.0
# A name gm heard taken off the list: "take off the drill", "I didn't draw a drill".
TAKEN_OFF = (
    r"^(?:just |please )?(?:take off|take out|drop|remove|delete|cross out|cross off|scratch|"
    r"lose|scrap|strike|get rid of|forget) (.+?)(?: i did not finish it| it is not mine)?$",
    r"^i (?:did not|never|did not even) (?:draw|do|finish|get to|said|say) (.+)$",
    r"^(.+?) (?:was not|is not|was never|is not even) (?:mine|me|one of mine|on my sheet)$",
    # "the horse is Ben's", "the horse was someone else's": another player's drawing
    r"^(?:the )?(.+?) (?:is|was) (?:\w+'s|(?:someone|somebody) else's|his|hers|theirs)$",
    r"^there (?:is|was) no (.+)$",
    r"^no (.+)$",
)
# One name changed by a verb ("swap the drill for a hammer", "make the drill a hammer") or with
# "instead of" ("a hammer instead of the drill").
CHANGE_VERB = (
    r"^(?:can you |could you |can i |could i |can we |please |just )?"
    r"(?:swap|change|replace|switch|make|turn|correct)"
    r" (.+?) (?:for|to|with|into|in to|as) (?:a |an |the )?(.+)$"
)
INSTEAD = r"^(?:it is |it was |i drew |i said )?(?:a |an |the )?(.+?) instead of (.+)$"
# Said after "close" or "almost", words that name no drawing: "close enough", "almost right".
NEARLY_NO_NAME = frozenset(
    "but no enough right there it is that quite carry on move go next fine mate thanks please ok "
    "okay cool".split()
)
# Some of a player's names, not all: "one of those is wrong".
SOME_OF = ("one of those", "one of them", "one of these", "one of the", "some of")
ORDINALS = frozenset("first second third last other".split())
# Some of several names right, said so without which: "half right", "partly".
PARTLY = (
    "half right",
    "partly",
    "partially",
    "mostly right",
    "half of them",
    "some of them",
    "one out of two",
    "one out of three",
    "two out of three",
)


@dataclass(frozen=True)
class CheckMeaning:
    """Yes or no to "I heard flying pig. Is that right?" said with confirming words around it
    ("yes that's it", "nope, not at all", "yeah, a flying pig, with wings"), or a no with the
    right name ("no, I said toast"); anything more is the game's to read."""

    lines: Callable[..., str]
    pending: tuple[str, ...] = ()
    whole: tuple[str, ...] = ()  # names with "and" that are one drawing (the deck's `whole`)
    room: int = DRAWINGS  # the drawings the player may still name, those heard among them

    @cached_property
    def _names(self) -> list[str]:
        """The names gm heard, as a reply's words are compared with them."""
        return [normalise_name(p) for p in self.pending]

    @cached_property
    def _heads(self) -> list[str]:
        """Each name's last word ("chest" of "treasure chest")."""
        return [name.split()[-1] for name in self._names]

    @cached_property
    def _thing_heads(self) -> dict[str, int]:
        """The last words a name may be said by, and its place: where no other name ends so and
        it names a thing ("chest" for the treasure chest; not "one" of "hole in one")."""
        return {
            head: i
            for i, head in enumerate(self._heads)
            if self._heads.count(head) == 1 and len(head) > 3 and head not in VAGUE_HEADS
        }

    def _one_changed(self, text: str) -> list[str] | None:
        """The names with one of them said anew or taken off: "the last one was a dish of
        chips", "the second one's wrong, it's a hog", "the rock is a crab actually", "change
        the drill to a hammer", "take off the drill". Said in a clause of a longer reply ("the
        saw's right, the drill is a hammer", "yes, but the saw is a hacksaw"), the last clause
        that changes a name is read."""
        if not self.pending:
            return None
        whole = self._changed_in(text)
        if whole is not None:
            return whole
        cut = r"[,.;!?]+|\bbut\b" + (
            r"|\bexcept\b|\bapart from\b" if self._all_but_one(text) else ""
        )
        clauses = [c for c in re.split(cut, text) if c.strip()]
        changes = r"\b(?:but|actually|except|apart from)\b"
        if yes_or_no(tokens(clauses[0])) is True and not re.search(changes, text):
            return None  # "yes, the kettle was the hard one": a yes, and a word about a drawing
        for clause in reversed(clauses if len(clauses) > 1 else []):
            changed = self._changed_in(clause)
            if changed is not None:
                return changed
        return None

    def _place_of(self, said: str, by_head: bool = True) -> int | None:
        """The place of a name gm heard, said in a reply ("the drill", "drill"), or (`by_head`)
        by its last word where no other name ends so and it names a thing ("the chest" for the
        treasure chest; not "one" of "hole in one"); None if none."""
        name = normalise_name(re.sub(r"^(?:the|a|an|my) ", "", said))
        if name in self._names:
            return self._names.index(name)
        return self._thing_heads.get(name) if by_head else None

    def _places(self, said: str) -> list[int]:
        """Where a name said ("moon", "moons") is among those gm heard."""
        name = normalise_name(said)
        return [i for i, heard in enumerate(self._names) if heard == name]

    def _taken_off(self, said: str, paused: bool = False) -> list[str] | None:
        """The names without one the player says is not theirs: "take off the drill", "I
        didn't draw a drill", "the drill wasn't mine", "there's no drill", "no drill" (but not
        `paused` after the no: "no, the kettle" says which is wrong). None if no name is taken
        off so, or only one was heard (that is a plain no)."""
        if len(self.pending) < 2:
            return None
        at = self._taken_off_at(said, paused)
        return None if at is None else [name for i, name in enumerate(self.pending) if i != at]

    def _to_change(self, said: list[str], text: str) -> bool:
        """Whether a reply asks for one name to change without saying to what: "swap the drum",
        "change the last one", "correct the drum" (not "correct, the drum": a yes)."""
        verbs = ("swap", "change", "fix", "replace")
        if not said or said[0] not in verbs and not re.match(r"\W*correct the\b", text, re.I):
            return False
        rest = said[1:]
        while rest[:1] and rest[0] in ("the", "that", "my"):
            rest = rest[1:]
        named = " ".join(rest)
        pointed = rest[:1] and rest[0] in ORDINALS | {"middle"} and rest[1:] in ([], ["one"])
        return bool(pointed) or (bool(named) and self._place_of(named) is not None)

    def _taken_off_at(self, said: str, paused: bool = False) -> int | None:
        """The place of the name a reply takes off the list (TAKEN_OFF), None if none."""
        for pattern in TAKEN_OFF[:-1] if paused else TAKEN_OFF:
            found = re.search(pattern, said)
            if found and (at := self._place_of(found.group(1))) is not None:
                return at
        return None

    def _changed_in(self, text: str) -> list[str] | None:
        said = " ".join(tokens(text))
        # "I didn't say lamp, I said lamb": the name denied, then the one meant in its place
        unsaid = re.search(
            r"\bi (?:did not|never) (?:say|said) (?:a |an |the )?(.+?) (?:i said|it was|it is"
            r"|i meant|i drew) (?:a |an |the )?(.+)$",
            said,
        )
        if unsaid and (where := self._place_of(unsaid.group(1))) is not None:
            new = _name(unsaid.group(2).split())
            if new and not set(unsaid.group(2).split()) & TALK_WORDS:
                return [new if i == where else name for i, name in enumerate(self.pending)]
        paused = bool(re.match(r"^\W*no\s*[,.;:!?]", text, re.I))
        if (off := self._taken_off(said, paused)) is not None:
            return off
        said = re.sub(r"^(?:no|nope|nah|oh|ok|okay|and|so|well)\b ?", "", said)
        if (off := self._taken_off(said)) is not None:
            return off
        ordinal = list(
            re.finditer(
                r"\b(first|second|third|last|middle)(?: one)?(?:'s| is| was| should be"
                r"(?! (?:plural|there|here|fine|right|better|bigger|smaller|different|okay|ok"
                r"|correct|wrong|gone)\b)) (.+)$",
                said,
            )
        )
        verb = re.search(CHANGE_VERB, said)
        instead = re.search(INSTEAD, said)
        for i, name in enumerate(self._names):  # "cat no, it's a hamster", "chest no, a barrel"
            head = self._heads[i] if self._thing_heads.get(self._heads[i]) == i else name
            forms = "|".join(re.escape(f) for f in {name, head})
            verdict = re.search(
                rf"\b(?:{forms}) (?:no|nope|is wrong|wrong) (?:it is |it was |that is )?"
                r"(?:a |an |the )?(.+)$",
                said,
            )
            if verdict:
                said = f"the {name} is {verdict.group(1)}"
                break
        # "all good except the chest, it's a barrel", "apart from the anchor, that's a hook"
        save = re.search(
            r"\b(?:except|apart from|but) (?:for )?(?:the )?(.+?) (?:it is|that is|it was)"
            r" (?:actually )?((?:a|an) .+)$",
            said,
        )
        if save and self._place_of(save.group(1)) is not None:
            said = f"the {save.group(1)} is {save.group(2)}"
        said = re.sub(r"^(?:the )?(?:first|second|third|last) one (?=it is |it was )", "", said)
        nth = re.search(r"\b(first|second|third|last) (.+?)(?:'s| is| was) (.+)$", said)
        places = self._places(nth.group(2)) if nth else []
        if nth and places:  # "the second moon is a sun": of the two moons gm heard
            at = {"first": 0, "second": 1, "third": 2, "last": -1}[nth.group(1)]
            if at >= len(places):
                return None
            where, rest = places[at], nth.group(3)
        elif ordinal:
            found = ordinal[-1]
            at = {"first": 0, "second": 1, "third": 2, "last": len(self.pending) - 1}
            at["middle"] = 1 if len(self.pending) == 3 else len(self.pending)  # of three only
            where, rest = at[found.group(1)], found.group(2)
        elif verb and (at := self._place_of(verb.group(1))) is not None:
            where, rest = at, verb.group(2)
        elif instead and (at := self._place_of(instead.group(2))) is not None:
            where, rest = at, instead.group(1)
        elif (denied := self._denied_for(said, text)) is not None:
            where, rest = denied
        elif (before := self._said_before_denied(said)) is not None:
            where, rest = before
        else:
            named = re.search(
                r"^(?:the )?(.+?) (?:(?:is|was) (?:meant|supposed) to be|should be|should say"
                r"|is|was) (?:actually )?(.+)$",
                said,
            )
            article = named.group(2).split()[:1] in (["a"], ["an"]) if named else False
            if not named or (where := self._place_of(named.group(1), article)) is None:
                return None  # "the chest is massive" says nothing of what it is
            rest = named.group(2)
        rest = re.sub(r"^(?:wrong|not right)\b\W*(?:it is )?", "", rest)
        rest = re.sub(r"\b(?:actually|i think|please|thanks|mate)$", "", rest).strip()
        if where < len(self.pending):  # "the second one was a sledge not a scarf"
            heard = re.escape(self._names[where])
            rest = re.sub(rf"\s+not (?:a |an |the )?{heard}s?$", "", rest)
        new = _name(rest.split())
        if where >= len(self.pending) or not new or len(rest.split()) > 4:
            return None
        if yes_or_no(rest.split()) is not None or any_of(rest.split(), CONFIRM):
            return None  # "the teapot's right": a verdict, not a name
        described = re.match(DEGREE, rest) or re.search(r"\bto (?:draw|do|make|get)\b", rest)
        if set(rest.split()) & TALK_WORDS or described or rest in ("mine", "me"):
            return None  # "the snowman is a bit wonky": how it looks, not what it is
        return [new if i == where else name for i, name in enumerate(self.pending)]

    def _said_again(self, text: str) -> Reading | None:
        """A reply with no yes or no in it that still answers the check: the names said again,
        one or more of them new ("it's hammer, screwdriver and saw"), the one name said to be
        right ("lamp is right") or not drawn ("I didn't draw a lamp"), or said anew as a
        correction ("it was a kettle", "lava lamp actually"). A name alone, said as nothing
        more, may be the next player's: None then, as for talk."""
        said = " ".join(tokens(text))
        single = len(self.pending) == 1
        right = re.search(NAME_RIGHT, said)
        if single and right and self._place_of(right.group(1)) is not None:
            return answer(True, self.lines("heard_yes"), True)
        if single and self._taken_off_at(said) is not None:  # "I didn't draw a lamp"
            return answer(False, self.lines("heard_no"), True)
        anew = list(re.finditer(SAID_ANEW, said))
        if single and anew:  # "it's more of a lava lamp", "lava lamp actually"
            after = said[anew[-1].end() :].split()
            name = _name(_clean(" ".join(after or said[: anew[-1].start()].split())))
            new = normalise_name(name)
            if name and not set(name.split()) & TALK_WORDS and new != self._names[0]:
                return answer({"names": [name]}, name, False)
        again = NamesMeaning(self.lines, self.pending, len(self.pending), self.whole).read(
            re.sub(r"(?i)^\W*(?:only|just)\s+", "", text)  # "only octopus and anchor"
        )
        names = again.value.get("names") if isinstance(again.value, dict) else None
        if again.kind is not Kind.ANSWER or not names:
            return None
        mine = sorted(normalise_name(n) for n in names)
        if mine == sorted(self._names):  # said back: "haha, lamp", "cactus, camel, snake"
            if any_of(said.split(), ("wrong", "nah", "no", "nope", "not", "wish")):
                return None  # "lamp and kettle, wrong": said back to deny them
            return answer(True, self.lines("heard_yes"), len(names) > 1)
        if 1 < len(names) < len(self.pending) and set(mine) <= set(self._names):
            return replace(again, sure=False)  # "only octopus and anchor": the others not drawn
        if len(names) == len(self.pending) > 1:
            # a name gm heard said twice ("it's a rock, it's clearly a rock") is insisted on
            insisted = any(mine.count(n) > self._names.count(n) for n in self._names)
            new_ones = set(mine) & set(self._names) and not insisted
            return replace(again, sure=False) if new_ones else None
        if single and len(names) == 1 and self._names[0] in mine[0].split():
            return replace(again, sure=False)  # "a lava lamp" for the lamp
        return None

    def _named_instead(self, name: str, said: str) -> bool:
        """Whether what follows a name gm heard, asked back ("horse? it's a zebra"), names
        another drawing, not a yes in other words ("lamp? you bet", "kettle? what else would it
        be"), thinking aloud ("lamp? hang on") or talk ("lamp? who drew that")."""
        words_said = tokens(said)
        if yes_or_no(words_said) is not None or any_of(words_said, CHECK_YES):
            return False
        if thinking_aloud(words_said) or set(words_said) & (TALK_WORDS | NO_NAME_AFTER):
            return words_said[:2] in (["it", "is"], ["it", "was"]) and not set(words_said[2:]) & (
                TALK_WORDS | NO_NAME_AFTER
            )  # "it's a zebra" is a name said
        reading = NamesMeaning(self.lines, (), DRAWINGS, self.whole).read(said)
        return reading.kind is Kind.ANSWER and name not in normalise_name(said)

    def _in_place(self, reading: Reading) -> Reading:
        """Names said again after a no, read back: one name alone for several gm heard takes
        the place of the one it sounds like ("no, pocket ship" for rocket ship and tea pot); one
        that sounds like none of them is asked about, as the player may mean any."""
        names = reading.value.get("names") if isinstance(reading.value, dict) else None
        if not names or len(names) != 1 or len(self.pending) < 2:
            return replace(reading, sure=False)
        new = normalise_name(names[0])
        if new in self._names:
            return replace(reading, sure=False)  # "no, just the saw"
        for at in range(len(self._names) - 1):  # "fish and chips" for "fish", "ships": one
            pair = f"{self._names[at]} and {self._names[at + 1]}"
            if fuzz.ratio(new, pair) >= SAID_AS_ONE:
                changed = [*self.pending[:at], names[0], *self.pending[at + 2 :]]
                return answer({"names": changed}, content.spoken_list(changed), False)
        likeness = sorted(((fuzz.ratio(new, name), i) for i, name in enumerate(self._names)))
        best, at = likeness[-1]
        if best >= SOUNDS_LIKE and best - likeness[-2][0] >= SOUNDS_LIKE_MARGIN:
            changed = [names[0] if i == at else name for i, name in enumerate(self.pending)]
            return answer({"names": changed}, content.spoken_list(changed), False)
        return partial(self.lines("check_which"), {"again": True})

    def _said_before_denied(self, said: str) -> tuple[int, str] | None:
        """The name meant, then one gm heard denied: "kettle not teapot", "no, frying pan, not
        flying pig". Its place and the name meant; None when no name is denied so."""
        for i, name in enumerate(self._names):
            found = re.search(
                rf"^(?:no |nope |nah )?(?:it is |it was |i said |i drew )?(?:a |an |the )?(.+?)"
                rf" not (?:the |a |an )?{re.escape(name)}s?(?: lol| haha| mate| obviously)*$",
                said,
            )
            if found:
                meant = [
                    piece
                    for piece in re.split(r",\s*|\s+and\s+", found.group(1))
                    if normalise_name(piece) not in self._names
                ]  # "giraffe and zebra, not horse": the zebra
                return (i, meant[0]) if len(meant) == 1 else (i, found.group(1))
        return None

    def _denied_for(self, said: str, text: str) -> tuple[int, str] | None:
        """A name gm heard, denied, and what was said in its place: "not a whisk, a fork", "not
        the umbrella, it was a parasol" (the beach umbrella, found by its last word where no other
        name ends so). Its place and the words said instead, "" where none were ("not the crab
        at all"); None when no name is denied so."""
        heads = self._heads
        for i, name in enumerate(self._names):
            for said_as in {name} | ({heads[i]} if heads.count(heads[i]) == 1 else set()):
                found = re.search(
                    rf"^(?:no )?(?:that is |it is |it was |this is )?not (?:the |a |an )?"
                    rf"{re.escape(said_as)} (.+)$",
                    said,
                )
                if not found:
                    continue
                rest = found.group(1)
                instead = re.sub(r"^(?:but |it is |it was |i said |i drew |just )+", "", rest)
                if instead == rest and not re.search(rf"{re.escape(heads[i])}\s*,", text.lower()):
                    return i, ""  # no comma, no "it was": nothing said in its place
                return i, instead
        return None

    def _all_but_one(self, text: str) -> bool:
        """Whether a reply says all the names but one are right, naming that one or its place:
        "yes except the spoon", "apart from the middle one", "all good except number two" (not
        "apart from that it's good")."""
        said = " ".join(tokens(text))
        cues = r"\b(?:except(?: for)?|apart from|other than) (?:the |my |a |an )?"
        for cue in re.finditer(cues, said):
            after = said[cue.end() :].split()
            if re.match(r"(?:first|second|third|last|middle|other|one|number)\b", " ".join(after)):
                return len(self.pending) > 1
            if any(self._place_of(" ".join(after[:k])) is not None for k in (3, 2, 1)):
                return len(self.pending) > 1
        return False

    def _added(self, text: str) -> Reading | None:
        """The names gm heard, right, with more said after them: "yes but add a sledge", "rocket,
        yeah, and I also had a satellite", "yes and I had a mug". Read back first. None where
        the reply does not agree before it, adds no name, or would give the player more than
        their room; a cue inside a name heard ("plus sign") is no cue."""
        if not self.pending or len(self.pending) >= self.room:
            return None
        lowered = text.lower()
        inside = [
            (m.start(), m.end())
            for name in self.pending
            for m in re.finditer(re.escape(name.lower()), lowered)
        ]
        for cue in re.finditer(ADDED, lowered):
            if any(start < cue.end() and cue.start() < end for start, end in inside):
                continue
            head = text[: cue.start()]
            before = [w for w in tokens(head) if w not in ("but", "and")]
            agreed = yes_or_no(before) is True or _agreed(before, head)
            named = normalise_name(" ".join(w for w in before if w not in YES_WORDS | AROUND_YES))
            heard = {normalise_name(" ".join(self.pending)), *self._names}
            if before and (agreed or named in heard):
                break
        else:
            return None
        more = text[cue.end() :]
        more = re.sub(r"^\W*(?:one more|another(?: one)?)\b\W*", "", more, flags=re.I)
        more = re.sub(r"\b(?:as well|too|i forgot(?: that one| it)?)\W*$", "", more, flags=re.I)
        room = self.room - len(self.pending)
        reading = NamesMeaning(self.lines, self.pending, room, self.whole).read(more)
        new = reading.value.get("names") if isinstance(reading.value, dict) else None
        if (
            reading.kind is not Kind.ANSWER
            or not new
            or len(new) > room
            or any(set(tokens(n)) & (TALK_WORDS | _NOT_NAMES | NOT_ADDED) for n in new)
        ):
            return None
        names = [*self.pending, *new]
        return answer({"names": names}, content.spoken_list(names), False)

    def _listed(self, again: str) -> str:
        """Names said again with an "and" between one gm heard and another, as a list ("no,
        it's pizza and nachos" for pizza and taco): two drawings, as gm heard two."""
        if len(self.pending) < 2:
            return again
        pieces = re.split(r"\s+and\s+", again)
        whole = {normalise_name(w) for w in self.whole}
        for at in range(1, len(pieces)):
            before, after = _clean(pieces[at - 1]), _clean(pieces[at])
            if any(
                normalise_name(" ".join(before[-k:] + ["and"] + after[:m])) in whole
                for k in range(1, 4)
                for m in range(1, 4)
            ):
                continue  # "no, it's fish and chips": one drawing, whatever gm heard
            left = normalise_name(" ".join(before[-3:]))
            right = normalise_name(" ".join(after[:3]))
            if left in self._names or right in self._names:
                head = " and ".join(pieces[:at])
                return head + ", " + self._listed(" and ".join(pieces[at:]))
        return again

    def _mixed(self, said: list[str]) -> bool:
        """Whether a reply says some of several names are right and some not, without which
        ("one of those is wrong", "the first one, yes, but not the second")."""
        if len(self.pending) < 2:
            return False
        wrong = any_of(said, ("wrong", "not right", "is off"))
        if any_of(said, SOME_OF) and wrong or any_of(said, PARTLY):
            return True
        named_wrong = any(  # "the cloud is wrong": and what is it?
            re.fullmatch(rf"(?:the )?{re.escape(n)} (?:is|was) (?:wrong|not right)", " ".join(said))
            for n in self._names
        )
        if named_wrong:
            return True
        fewer = re.search(
            r"\bonly (?:drew|did|have|had|got|made|finished) (?:one|two)\b", " ".join(said)
        )
        if fewer:  # "I only drew two": which ones?
            return True
        reply = normalise_name(" ".join(said))
        joined = reply.replace(" ", "")  # "teapot" for the "tea pot" gm heard
        pointed = any(w in ORDINALS for w in said) or any(
            p.replace(" ", "") in joined for p in self._names
        )
        if pointed and said[-2:] == ["is", "right"] and len(said) <= 5:
            return True  # "the teapot's right": and the others?
        right = any(w in YES_WORDS or w in ("fine", "good", "ok", "okay") for w in said)
        return pointed and right and (wrong or any(w in NO_WORDS or w == "not" for w in said))

    def _said_instead(self, said: list[str]) -> bool:
        """ "I drew an igloo": a name led in as the check's help says, naming something ("I drew
        that", "I said it right", "I drew two" name nothing) other than what gm heard."""
        if not begins(said, SAID_INSTEAD):
            return False
        rest = said[2:]
        named = [w for w in rest if w not in COMMON_WORDS and w not in NOT_A_NAME]
        return bool(named) and normalise_name(" ".join(rest)) not in self._names

    def read(self, text: str, held: JSON = None) -> Reading:
        reading = self._read(text, held)
        names = reading.value.get("names") if isinstance(reading.value, dict) else None
        if (
            reading.kind is Kind.ANSWER
            and names
            and [normalise_name(n) for n in names] == [normalise_name(n) for n in self.pending]
            and yes_or_no(tokens(text)[:1]) is not False  # "no, igloo": read back as said
        ):  # "yeah, a cup of tea, a teapot and a kettle": what gm heard, all of it
            return answer(True, self.lines("heard_yes"), reading.sure)
        return reading

    def _read(self, text: str, held: JSON = None) -> Reading:
        text = after_hesitations(text)  # "uh, yes I think so"
        # "salt and pepper is one drawing": said of a name, no part of it
        text = re.sub(
            r"\s+(?:is|was) (?:one|a single|just one) (?:drawing|thing)\b", "", text, flags=re.I
        )
        # "wrong animal, it's a zebra": a no; "horse? it's a zebra": the name heard, denied
        text = re.sub(r"^\s*wrong(?: \w+)?\s*[,.!:]+", "no,", text, flags=re.I)
        for name in self._names:
            asked = re.match(
                rf"^\W*(?:what\W+)?(?:the |a |an )?{re.escape(name)}\s*\?+\W*(?:no\b\W*)?(.+)$",
                text,
                re.I,
            )
            instead = clause_texts(asked.group(1))[0] if asked else ""
            if instead.strip() and self._named_instead(name, instead):
                text = f"not {name}, {instead}"  # the talk after it is not a name
        if held == {"again": True}:  # the names said again after "Which one did I get wrong?"
            text = "no, " + text
        nearly = re.match(
            r"\s*(?:close|almost|nearly|not quite|near enough|good enough|right on|that'?ll do"
            r"|that will do)\b[\s,.!]*(?:though |but |although )?(.+)",
            text,
            re.I,
        )
        rest = tokens(nearly.group(1)) if nearly else []
        if rest[:1] == ["except"] and len(self.pending) > 1:  # "right on, except the kettle"
            return partial(self.lines("check_which"), {"again": True})
        if rest == ["nothing"]:  # "that'll do nothing": no verdict
            return NOTHING
        if rest and yes_or_no(rest) is None and set(rest) - NEARLY_NO_NAME:
            # "close, flying cow", "good enough, it's a desk lamp really": a no, and the names
            text = "no, " + nearly.group(1)
        for name in self._names:  # "the teapot's right": the teapot (or tea pot) is
            written = r"\s*".join(re.escape(w) for w in name.split())
            text = re.sub(rf"\b({written})'s\b", r"\1 is", text, flags=re.I)
        said = tokens(text)
        if (
            any_of(said, NOTHING_DRAWN)
            and said[0] not in YES_WORDS  # "yes, I drew nothing else": the list's end
        ) and not any(
            p and p in normalise_name(" ".join(said)) for p in self._names
        ):  # "no no, I didn't draw anything, I was saying I don't know"
            return answer("nothing", self.lines("heard_no_more"), False)
        settled = corrected(said)  # "no, wait, yes, that's right": the mind made up, read back
        short = len(settled) <= 4 and not set(settled) & NO_WORDS
        if settled != said and yes_or_no(settled) is True and (short or set(settled) <= _ONLY_YES):
            return answer(True, self.lines("heard_yes"), False)
        changed = self._one_changed(text)
        if changed is not None:
            return answer({"names": changed}, content.spoken_list(changed), False)
        if held is None and self._mixed(said):
            return partial(self.lines("check_which"), {"again": True})
        added = self._added(text)
        if added is not None:
            return added
        if self._all_but_one(text) or self._to_change(said, text):
            # "yes except the spoon", "all of them apart from one", "swap the drum": not all
            # right, and not what
            return partial(self.lines("check_which"), {"again": True})
        after = corrected(said)
        if after == said:  # "flying pig, no, it's a frying pan": the name, then a correction
            after = tokens(corrected_text(text))
            before = [w for w in said[: len(said) - len(after)] if w not in _CUE_WORDS]
            if not after or not before or yes_or_no(before) is not None:  # "yes, no problem"
                after = said
        if after != said and yes_or_no(after) is None:  # "yes, no, wait, it's a goose"
            said = ["no", *after]
            text = "no, " + " ".join(after)
        heard = {normalise_name(" and ".join(self.pending)), *self._names}
        pieces = [tokens(c) for c in clause_texts(text)]
        if len(pieces) > 1 and not text.rstrip().endswith("?") and pieces[-1]:
            # "fish and chips, yeah", "fish and chips, spot on": the name, then yes ("flying
            # pig, right?" asks)
            yes = pieces[-1] if pieces[-1][-1] in SAID_BACK_YES or len(pieces[-1]) > 1 else []
            yes = [] if yes == ["yeah", "right"] else yes  # "flying pig, yeah right": scorn
            named = normalise_name(" ".join(w for p in pieces[:-1] for w in p))
            if yes and yes_or_no(yes) is True and named and named in heard:
                return answer(True, self.lines("heard_yes"), len(yes) == 1)
        if len(said) > 1 and said[-1] in SAID_BACK_YES and not text.rstrip().endswith("?"):
            # "fish and chips yeah", said in one breath
            named = normalise_name(" ".join(said[:-1]))
            if named and named in heard:
                return answer(True, self.lines("heard_yes"), True)
        verdict = yes_or_no(said)
        if verdict is None and said[:1] == ["not"]:  # "not a pig, a pug": a no, then the name
            verdict, said, text = False, ["no", *said], "no, " + text
        if verdict is None and not self._said_instead(said):
            # "that's somebody else's, I said chips and dip": the name said in a later clause
            later = [c for c in clause_texts(text)[1:] if self._said_instead(tokens(c))]
            if later:
                text = text[text.rindex(later[-1]) :]
                said = tokens(text)
        if verdict is None and self._said_instead(said) and not text.rstrip().endswith("?"):
            verdict, said, text = False, ["no", *said], "no, " + text  # "I drew an igloo"
        if verdict is not False and _agreed(said, text):  # "yeah, that's all of them"
            return answer(True, self.lines("heard_yes"), True)
        if verdict is None and not text.rstrip().endswith("?"):
            reading = self._said_again(text)
            if reading is not None:
                return reading
        if verdict is None:
            # the table asking itself ("was it a teapot? I can't tell"), or nothing for gm
            talk = (
                NamesMeaning(self.lines, self.pending, DRAWINGS, self.whole).read(text).kind
                is Kind.TALK
            )
            return Reading(Kind.TALK) if talk else NOTHING
        if len(said) <= 4 and not set(said) & (YES_WORDS | NO_WORDS):
            # a verdict in other words, nothing more ("sounds good", "of course not")
            return answer(verdict, self.lines("heard_yes" if verdict else "heard_no"), True)
        rest = [w for w in said[1:] if w not in ("yes", "yeah", "yep", "no", "nope", "nah")]
        said_again = not set(rest) - YES_WORDS - NO_WORDS  # "yup yup"
        if said_again or any_of(rest, CONFIRM if verdict else REFUSE) and len(rest) <= 4:
            return answer(verdict, self.lines("heard_yes" if verdict else "heard_no"), True)
        if verdict is True and (
            set(rest) <= {"both", "all", "them", "of", "that", "it", "two", "three"}
            or any(p and p in normalise_name(" ".join(rest)) for p in self._names)
        ):
            return answer(True, self.lines("heard_yes"), True)  # "yeah, a flying pig, with wings"
        if (
            verdict is True
            and said[0] in YES_WORDS
            and rest[:1] == ["and"]
            and _only(rest[1:], DONE)
        ):
            return answer(True, self.lines("heard_yes"), True)  # "yes and that's everything"
        if (
            verdict is True
            and said[0] in YES_WORDS
            and not set(rest) & NO_WORDS
            and rest[0] not in ("and", "also", "plus", "then", "with")  # "yes, and a dog"
            # "yes, that's all": the list's end, read by the game ("well done" is praise)
            and not any_of(" ".join(rest).replace("well done", "").split(), DONE)
        ):
            # "correct, well done robot", "yes, the dog in the bath, he's having a lovely time"
            return answer(True, self.lines("heard_yes"), False)
        if verdict is False:  # "no, a bicycle and a clown": the names said again, read whole
            again = re.sub(
                r"^\W*(?:(?:no|nope|nah)\b\W*)+(?:but\b\W*)?(?:i (?:said|meant|drew|wrote)\b)?\W*",
                "",
                text.strip(),
                flags=re.I,
            )
            room = max(len(self.pending), 1)
            if thinking_aloud(tokens(again)):
                return answer(False, self.lines("heard_no"), True)  # "no, hold on"
            reading = NamesMeaning(self.lines, self.pending, room, self.whole).read(
                self._listed(again)
            )
            if reading.kind is Kind.ANSWER:
                return self._in_place(reading)  # "not a pig, a pug": the pug
            if rest[:1] == ["not"]:
                return answer(False, self.lines("heard_no"), True)  # "no, not a ghost"
            if reading.kind is Kind.PARTIAL:
                return reading
        return NOTHING


# The words of a reply that is only a yes: "yes, yeah, that's right".
_ONLY_YES = YES_WORDS | frozenset("that is it all good them yes".split())
# The yes that ends a name said back ("fish and chips, yeah"); not "right" or "sure", which end a
# question as often ("flying pig, right?").
SAID_BACK_YES = frozenset("yes yeah yep yup correct exactly".split())
GROUP_CORRECT = (
    "correct",
    "all correct",
    "that is right",
    "that is correct",
    "all good",
    "looks good",
    "looks right",
    "sounds right",
    "sounds good",
    "perfect",
    "count the points",
    "count them",
    "give us the points",
    "that is it",
    "that is all",
    "all right",
    "spot on",
    "yes",
    "yeah",
    "yep",
    "no changes",
    "nothing else",
    "mm hmm",
    "uh huh",
    "looks fine",
    "seems fine",
    "seems right",
    "sounds about right",
    "looks about right",
    "all fine",
    "fine by me",
)
GROUP_MORE = (
    "a mistake",
    "something wrong",
    "all wrong",
    "not right",
    "not quite",
    "not really",
    "one more change",
    "another change",
    "change something",
    "no wait",
    "no",
    "nope",
    "nah",
    "one thing",
    "one change",
    "except",
)
GROUP_LIST = (
    "list",
    "read those",
    "hear them again",
    "read them out",
    "list them",
    "read them",
    "read the groups",
    "the groups again",
    "what were the groups",
    "read that again",
    "go through them again",
    "go through them",
    "what was group",
    "what is group",
    "say them again",
    "say the groups again",
)
SOUNDS_SET = frozenset(SOUNDS)
# The verbs of a change to the groups, which a "no" after them takes back.
CHANGE_VERBS = frozenset("merge split void invalid combine join move put scrap bin".split())
# A clause that takes back what was said before it: "merge one and two... actually no".
TAKEN_BACK = (["no"], ["nope"], ["actually", "no"], ["never", "mind"], ["no", "wait"], ["nah"])
# Said while the table still looks the groups over, whatever yes is in it: "yeah, hang on".
STILL_LOOKING = (
    "hang on",
    "hold on",
    "let me look",
    "let me see",
    "let me think",
    "one sec",
    "a sec",
    "wait a sec",
    "one second",
)
# The groups said to be wrong, whatever yes or "correct" is in it: "yes that is not correct".
SAID_WRONG = (
    "all wrong",
    "that is wrong",
    "is not correct",
    "not correct",
    "not right",
    "no wait",
    "except it is not",
    "nothing looks good",
    "something is wrong",
    "something wrong",
)
# Two players' drawings said to be one: "two and five both drew a cat", "drew the same thing".
ALIKE = ("both drew", "both did", "drew the same", "did the same", "both have", "both made")
SAME = (
    "the same",
    "same thing",
    "same drawing",
    "is the same as",
    "are the same",
    "put it with",
    "identical",
    "same",  # "gorilla and monkey, same"
)
# Two groups joined in other words ("put them together", "should be one group", "the daisy goes
# in with the flowers"): read back first, as one player's drawing may be all that is meant.
JOINED = ("together", "one group", "same group", "in with", "are one thing")
# Words that say something about a group is to change, without saying what: "something's off
# with the birds", "I'm not sure about the pen", "merge the tower ones".
CHANGE_CUES = (
    "wrong",
    "something off",
    "something is off",
    "is off with",
    "not sure",
    "merge",
    "split",
    "different",
    "void",
    "not count",
    "mistake",
    "not right",
    "separate",
    "the same",
)
# The groups all right, said as the table's last word: "everything's fine".
ALL_FINE = (
    "everything is right",
    "everything is fine",
    "it is all fine",
    "all fine",
    "it is right",
    "it is fine",
    "they are fine",
)
# A group said to be split, in so many words: "split them", "break that one up".
SPLIT_SAID = (
    "split",
    "break that",
    "break it up",
    "break them up",
    "none of them match",
)
# One group said not to belong together, with no merge asked: split ("the bats aren't
# together, one of them is a vampire"; not "..., merge them", "..., put them together").
APART = ("not together", "do not go together", "do not belong together")
NOT_COUNTING = (
    "does not count",
    "not count",
    "invalid",
    "not valid",
    "disqualified",
    "cheating",
    # not a drawing of anything: "six's mouse is a scribble", "the moon doesn't look like anything"
    "a scribble",
    "a blob",
    "a squiggle",
    "look like anything",
    "looks like nothing",
    "off theme",
    "not on theme",
    # what nobody could tell it was: "honestly nobody could tell what it was", "void it"
    "could tell what",
    "can tell what",
    "nobody can tell it",
    "no one can tell it",
    "nobody could tell it",
    "no one could tell it",
    "can not tell what",
    "could not tell what",
    "void it",
    "void that",
    "whole group out",  # "throw that whole group out", "I want that whole group thrown out"
    "whole group thrown out",
    "void",
    "bin that",
    "bin it",
    # not "scrap that", "scrap the ...", "throw that out": said of what was just decided, an
    # undo; not "group out": "let's sort the sun group out"
    "not recognisable",
    "not recognizable",
    "unrecognisable",
    "unrecognizable",
    "zero for that",
    "nobody knew what",
    "no one knew what",
)
# A cut said not to be made: "don't void it", "I wouldn't bin that".
KEPT_IN = (
    "not bin",
    "not void",
    # "nobody knew what the moon was but it still counts": the table's last word keeps it
    "still counts",
    "still count",
    "but it counts",
    "should count",
    "we all got it",  # "the cat's a bit unrecognisable but we all got it"
    "but fine",
    "a bit unrecognisable",
    "a bit unrecognizable",
)


# Said with "counts" or "valid", words that deny it: "no way the moon counts", "hardly counts".
COUNT_DENIED = (
    "no way",
    "hardly",
    "never",
    "barely",
    "nobody thinks",
    "no one thinks",
    "do not believe",
    "anything but",
    "for nothing",
    "yeah right",
)
# Said of another round than this one: "the cat's different from last time".
OTHER_ROUND = ("last time", "last round", "than last", "from last")
# Said of the groups, nothing to change, however it begins: "no worries", "nah, we're fine".
NOTHING_TO_CHANGE = (
    "no problem",
    "no worries",
    "no complaints",
    "no objections",
    "no notes",
    "we are good",
    "we are fine",
    "we are done",
    "that is everything",
    "nothing to add",
    "nothing to change",
)


def _only(said: list[str], phrases: tuple[str, ...]) -> bool:
    """Whether a reply is one of `phrases` and at most one word more ("no worries mate")."""
    return any(begins(said, (p,)) and len(said) <= len(p.split()) + 1 for p in phrases)


def _counting_clauses(text: str) -> list[tuple[bool, bool]]:
    """For each clause that says something counts ("the moon counts", "it's valid"): whether it
    is said of another round ("... last round"), and whether it is denied before the word ("no
    way the moon counts", "the tree hardly counts") or right after ("valid, not", "counts? yeah
    right")."""
    pieces = [tokens(c) for c in re.split(r"[,;.!?]|\bbut\b", plain(text))]
    out = []
    for i, said in enumerate(pieces):
        at = next((j for j, w in enumerate(said) if w in ("counts", "count", "valid")), None)
        if at is None or not any_of(said, COUNTING):
            continue
        after = next((p for p in pieces[i + 1 :] if p), [])
        other = any_of(said, OTHER_ROUND)
        denied = any_of(said[:at], COUNT_DENIED) or after in (["not"], ["yeah", "right"])
        out.append((other, denied))
    return out


def _not_counting(said: list[str]) -> bool:
    """Whether a drawing or a group is said not to count (NOT_COUNTING), and not kept in."""
    return any_of(said, NOT_COUNTING) and not any_of(said, KEPT_IN)


# Verbs that join two groups named by their drawings: "merge the sun with the moon".
MERGE_VERBS = ("merge", "combine", "join")
# After "one", words that make it no group's number: "one more thing", "one change".
ONE_MORE = frozenset("more thing change mistake problem last sec second moment".split())
# A drawing placed with another group's: "put the kitten with the cats", "it goes in with".
PLACING = frozenset("put move stick add goes go belongs belong lump chuck shove".split())
COUNTING = ("counts", "is valid", "is fine", "it counts", "that counts", "valid")
DIFFERENT_DRAWINGS = (
    "different",
    "not all",
    "is a mess",
    "split",
    "not the same",
    "nobody matched",
    "no one matched",
    "separate",
)


def _no_then_more(said: list[str]) -> bool:
    """At "Anything else?", a no (or a "wait") followed by words of a change still to make or
    of one made wrong ("no, one more thing", "no, not yet", "no wait, valid", "no, put it
    back", "wait, that's wrong"), not by the end of the changes ("no, that's all")."""
    lead = 0
    while lead < len(said) and (said[lead] in NO_WORDS or said[lead] in ("wait", "um", "oh")):
        lead += 1
    rest = said[lead:]
    if not lead or not rest or any_of(rest, GROUP_CORRECT + ALL_FINE):
        return False
    signals = {"more", "another", "yet", "wait", "valid", "invalid", "back", "wrong", "change"}
    return bool(set(rest) & signals) or any_of(rest, SAID_WRONG)


def said_change(lines: Callable[..., str], value: str) -> str:
    """A group correction as gm says it back: "merged groups one and two"."""
    verb, *args = value.split()
    n = [number_word(int(a)) for a in args]
    if not n:
        fields: dict = {}
    elif verb == "merge":
        fields = {"first": n[0], "second": n[-1]}
    elif verb in ("out", "void"):
        fields = {"seat": n[0], "number": n[-1]}
    else:
        fields = {"number": n[-1]}
    name = {"more": "decision_change", "correct": "decision_correct", "list": "heard_list"}
    return lines(name.get(verb, f"decision_{verb}"), **fields)


def _owned(name: str) -> str:
    """A name without its possessive "'s", in each word: "witch's hat" is found as "witch hat"
    in "witch and witch's hat are the same", "kitten" in "the kitten's just a small cat"."""
    return " ".join(w[:-2] if w.endswith("'s") else w for w in name.split())


# One group's drawing said to be another's: "the lobster is a crab", "put it with the hat".
IS_REALLY = (
    "is a",
    "is an",
    "is really",
    "is just",
    "is actually",
    "is basically",
    "is also",
    "put it with",
    "goes with",
    "belongs with",
)


# After "group a", the words that show the "a" stands alone: a transcript's way of writing
# "group eight" ("invalid group a", "group a is not valid"), never an article there.
_AFTER_GROUP_A = frozenset(
    "is isn't does doesn't are was has should and with too out goes can't".split()
)


def _group_eight(said: list[str], numbers: set[int]) -> set[int]:
    """Where `said` has "group a" for group eight, where there is a group eight."""
    return {
        at
        for at, word in enumerate(said)
        if word == "a"
        and 8 in numbers
        and at
        and said[at - 1] == "group"
        and (at + 1 == len(said) or said[at + 1] in _AFTER_GROUP_A)
    }


def _ie_as_y(name: str) -> str:
    """A name with each word's "ie" ending as "y", to find a group said in the plural: "beanie"
    and "beanies" (singular "beany") alike; only for finding, never for grouping."""
    return re.sub(r"(?<=\w\w)ie\b", "y", name)


@dataclass(frozen=True)
class GroupsMeaning:
    """A correction of the groups gm read, by group number, by drawing name or by player:
    "the cat and the kitten are the same", "the keyboard doesn't count", "player four's dog is
    actually a wolf", "group three is three different things", "looks good"."""

    lines: Callable[..., str]
    groups: tuple  # gm.games.what_the_fake.groups.Group
    asked_more: bool = False  # gm asked "Anything else?": a no ends, a yes asks which

    # its answers change the score: see gm.meaning.knows
    known = knows(globals(), lambda self: (e.name for g in self.groups for e in g.entries))

    def _named(self, said: list[str]) -> list[tuple[int, int]]:
        """(index in `said`, group number) of each drawing named, longest names first."""
        found: list[tuple[int, int]] = []
        taken: set[int] = set()
        names = sorted(
            {
                (_ie_as_y(normalise_name(_owned(e.name), exact=True)), g.number)
                for g in self.groups
                for e in g.entries
            },
            key=lambda item: -len(item[0]),
        )
        norm = [
            _ie_as_y(normalise_name(_owned(w), exact=True)) for w in said
        ]  # "the kitten's just a small cat"
        for name, number in names:
            parts = name.split()
            for i in range(len(norm) - len(parts) + 1):
                if norm[i : i + len(parts)] == parts and not taken & set(range(i, i + len(parts))):
                    found.append((i, number))
                    taken |= set(range(i, i + len(parts)))
        # a name said by its head alone ("put it with the hat" for the witch's hat), where no
        # other group's name ends so and the group is not named whole already
        heads: dict[str, set[int]] = {}
        for name, number in names:
            heads.setdefault(name.split()[-1], set()).add(number)
        named = {number for _, number in found}
        for name, number in names:
            head = name.split()[-1]
            if len(name.split()) < 2 or heads[head] != {number} or number in named:
                continue
            if any(n == head for n, _ in names):
                continue
            at = [i for i, w in enumerate(norm) if w == head and i not in taken]
            if at:
                found.append((at[0], number))
                taken.add(at[0])
        return sorted(found)

    def _seat_of(self, said: list[str]) -> int | None:
        """The player a sentence names: "player four's", "four's", "seven's"; not "one's a
        canoe" ("one is a canoe")."""
        for i, word in enumerate(said):
            base = word[:-2] if word.endswith("'s") else word
            value = words(base)[0].number if words(base) else None
            owner = word.endswith("'s") and said[i + 1 : i + 2] not in (["a"], ["an"], ["the"])
            taken = i and said[i - 1] in ("take", "move") and said[i + 1 : i + 2] == ["out"]
            # "the mittens from eight", "the cereal on seven" (not "put it on three")
            by = i > 0 and said[i - 1] in ("from", "by", "on") and said[i - 2 : i - 1] != ["it"]
            if value is not None and (
                owner or taken or by or (i and said[i - 1] in ("player", "seat"))
            ):
                if "no" in said[i + 1 :]:  # "the cat from three is a lion, no, from one"
                    later = self._seat_of(said[i + 1 + said[i + 1 :].index("no") :])
                    value = later if later is not None else value
                return value  # "player four's", "four's", "seat four", "take four out of the cats"
            drew = said[i + 1 : i + 2] in (["drew"], ["did"], ["made"]) and not i
            if value is not None and drew:
                return value  # "eight did a cello", said first
        return None

    def _players_alike(self, said: list[str], sentence: list, named: list[int]) -> Reading | None:
        """Two players who drew the same thing ("players two and five drew the same thing",
        "player one and player two both drew a cat"): the group of the drawing named, or each
        player's one drawing left alone, merged, read back first; asked which when it could be
        more than one. None when the sentence is not about two players' drawings."""
        if not any_of(said, ALIKE) or len(named) > 1:
            return None
        seats = sorted({w.number for w in sentence if w.number is not None})
        known = {g.number: g for g in self.groups}
        if len(seats) != 2 or not all(any(s in g.seats for g in self.groups) for s in seats):
            return partial(self.lines("ask_which_groups"), None)  # "me and Sam both drew a cat"
        picked = [named[0]] if named else []
        for seat in seats:
            if picked and seat in known[picked[0]].seats:
                continue
            alone = [g.number for g in self.groups if g.seats == (seat,) and g.number not in picked]
            if len(alone) != 1:
                return partial(self.lines("ask_which_groups"), None)
            picked.append(alone[0])
        if len(picked) != 2:
            return partial(self.lines("ask_which_groups"), None)
        first, second = sorted(picked)
        return answer(
            f"merge {first} {second}", said_change(self.lines, f"merge {first} {second}"), False
        )

    def read(self, text: str, held: JSON = None) -> Reading:
        if self.asked_more and _no_then_more(tokens(text)):
            # "Anything else?" "no, one more thing", "no wait, valid", "wait, that's wrong": the
            # no objects to what was just done or leads into more, it does not end the changes
            return answer("more", said_change(self.lines, "more"), True)
        # "don't merge them", "don't void the goldfish": no change; only the clauses left count
        kept = [c for c in clause_texts(text) if not re.search(FORBIDDING, " ".join(tokens(c)))]
        if len(kept) < len(clause_texts(text)):
            text = ", ".join(c for c in kept if c.strip())
            if not tokens(text):
                return NOTHING
        # a change taken back at the end: "merge one and two... actually no", "void the star,
        # no, it's fine" (a change, then no change)
        pieces = [t for c in clause_texts(text) if (t := tokens(c)) and not set(t) <= SOUNDS_SET]
        before = [w for piece in pieces[:-1] for w in piece]
        if len(pieces) > 1 and pieces[-1] in TAKEN_BACK and set(before) & CHANGE_VERBS:
            return NOTHING  # not "group two, no": that says what is wrong
        if len(pieces) > 2 and pieces[-2] in TAKEN_BACK and any_of(pieces[-1], ALL_FINE):
            return answer("correct", said_change(self.lines, "correct"), False)
        # "sheep and goat, can we merge those?": a change asked for as a question, read back
        text, asked_change = re.subn(_CHANGE_ASKED, r"\1", str(text))
        # "the toucan's basically a parrot": the toucan is
        text = re.sub(rf"\b([a-z]+)'s ({_IS_AFTER})\b", _is_unless_seat, str(text), flags=re.I)
        whole = tokens(statement(text))
        if whole == ["yeah", "right"] and "?" in str(text):
            return NOTHING  # "the moon counts? yeah right": said against it, which change?
        rest = whole[1:] if whole[:1] and whole[0] in YES_WORDS | NO_WORDS else []
        if _only(rest, NOTHING_TO_CHANGE) or _only(whole, NOTHING_TO_CHANGE):
            return answer("correct", said_change(self.lines, "correct"), False)  # "no worries"
        if rest and begins(rest, ("say it again", "repeat", "read it again", "can you repeat")):
            return answer("list", said_change(self.lines, "list"), False)  # "no, say it again"
        if rest and begins(rest, ("undo", "pause")):
            return NOTHING  # "no, undo": a request to gm, no verdict
        if (
            rest
            and whole[0] in YES_WORDS
            and _only(rest, ("wait", "hang on", "hold on", "but wait"))
        ):
            return NOTHING  # "yes, wait": not yet a yes ("no, wait": something to change)
        eight = _group_eight(whole, {g.number for g in self.groups})
        whole = [("eight" if at in eight else w) for at, w in enumerate(whole)]
        said = corrected(whole)
        if (
            said != whole
            and not self._named(said)
            and not any(w.number for w in words(" ".join(said)))
            and not (len(said) <= 2 and yes_or_no(said) is not None)  # "no wait, yes": yes
        ):
            said = whole  # "seat two's scorpion is a lobster, sorry, that doesn't count"
        if not said:  # a question to gm about the groups is still the list asked for
            listed = any_of(tokens(text), GROUP_LIST)
            return answer("list", said_change(self.lines, "list"), True) if listed else NOTHING
        asked = said[0] in GROUP_QUESTIONS or said[:2] == ["should", "we"]  # not "should be"
        if asked and not any_of(said, (*GROUP_LIST, "who is in")):
            return NOTHING  # "do we void the goldfish", "why would we merge them": asked
        if said != whole and has(whole, "merge") and not has(said, "merge"):
            said = ["merge", *said]  # "merge two and three, no sorry, one and two"
        sentence = words(" ".join(said))
        numbers = [  # "one more thing", "one change": no group's number
            w.number
            for w, after in zip(sentence, [*sentence[1:], None])
            if w.number is not None and not (w.text == "one" and after and after.text in ONE_MORE)
        ]
        named = self._named(said)
        groups = sorted({n for _, n in named})
        # the player named after a correction, else before it ("player two's, sorry, four's")
        seat = self._seat_of(said)
        seat = self._seat_of(whole) if seat is None else seat
        known = {g.number: g for g in self.groups}
        short = (  # corrected, asked as a question, or "group a" read as eight: read back
            len(said) <= 8 and not hedged(text) and said == whole and not eight and not asked_change
        )

        def value(v: str, sure: bool = short) -> Reading:
            return answer(v, said_change(self.lines, v), sure)

        # "wait, who's in the banana group" (not "who's in the lead")
        who = any_of(said, ("who is in",)) and (bool(named) or has(said, "group"))
        again = any_of(said, ("again", "once more", "one more time")) or who
        grouped = bool(named) or has(said, "group") or has(said, "groups")
        listed = any_of(said, GROUP_LIST) or has(said, "read") and again and grouped or who
        if listed and (not named or again):
            # "read the groups out again, I lost you after the chickens", "read the beanie
            # group again"
            return value("list")
        ones = [n for at, n in named if at >= 3 and said[at - 3 : at] == ["one", "of", "the"]]
        if seat is None and len(ones) == 1 and len(known[ones[0]].seats) > 1:
            # "one of the monkeys is a lemur": whose?
            return partial(self.lines("ask_whose", name=known[ones[0]].name), None)
        last = tokens(last_clause(text))
        retracted = any_of(whole, ("nah", "actually no", "never mind", "leave it", "no wait"))
        if retracted and 0 < len(last) <= 4 and len(last) < len(said) and not self.asked_more:
            if any_of(last, GROUP_CORRECT + ALL_FINE):  # "group two is wrong... no, it's all fine"
                return value("correct", False)
        players = self._players_alike(said, sentence, groups)
        if players is not None:
            return players
        apart = any_of(said, APART)
        joined = without(APART, said, or_all=False)  # "not together, put them together"
        alike = any_of(joined, SAME[:-1] + JOINED) or has(said, "same") and len(groups) == 2
        unlike = any_of(said, ("not the same", "not all the same", "not identical", "never the"))
        if alike and unlike and len(groups) == 2:
            return Reading(Kind.TALK)  # "sun and moon are not the same": two groups, as read
        if alike and not unlike:
            # "same" alone may be said of anything ("same as last round"): read back
            sure = short and not any_of(said, JOINED) and any_of(said, SAME[:-1])
            if len(groups) == 2:
                return value(f"merge {groups[0]} {groups[1]}", sure)
            nums = sorted(set(n for n in numbers if n in known))
            if has(said, "group") or has(said, "groups") or has(said, "merge"):
                if len(nums) == 2:
                    return value(f"merge {nums[0]} {nums[1]}", sure)
            # "three and four are the same, they're both towers": asked which, as it is said
            # first, however long the reasons after it
            first = next(  # the first clause that says more than "okay" or "um"
                (c for p in clause_texts(text) if len(c := strip_lead(tokens(p))) > 1), []
            )
            clear = len(said) <= 8 or (len(first) <= 8 and any_of(first, SAME + JOINED))
            return partial(self.lines("ask_which_groups"), None) if clear else NOTHING
        if len(groups) == 2 and any_of(said, IS_REALLY) and not apart:
            # "player five's lobster is a crab", "three's witch is really just a hat": one drawing
            # named as another group's, read back first
            return value(f"merge {groups[0]} {groups[1]}", False)
        if len(groups) == 2 and set(said) & PLACING and set(said) & {"with", "in", "into"}:
            # "put the kitten with the cats", "three's kitten goes in the cat group": read back
            return value(f"merge {groups[0]} {groups[1]}", False)
        if any(has(said, verb) for verb in MERGE_VERBS):
            nums = sorted(set(n for n in numbers if n in known))
            if len(groups) == 2:  # "merge the sun with the moon"
                return value(f"merge {groups[0]} {groups[1]}")
            if len(nums) == 2:
                return value(f"merge {nums[0]} {nums[1]}")
        target = groups[0] if len(groups) == 1 else None
        # "group eight, seat six, that's a trumpet": the group said by number, right after
        # "group" ("the cat group, two of them" names no group two); a drawing named in another
        # group keeps its own ("the goldfish in group one")
        said_group = [
            number
            for found in re.finditer(r"\bgroup (?:number )?([a-z0-9]+)\b", str(text).lower())
            if (number := words(found.group(1))[0].number if words(found.group(1)) else None)
            in known
        ]
        if len(set(said_group)) == 1 and (
            len(groups) != 1 or said_group[0] in groups or seat in known[said_group[0]].seats
        ):
            target = said_group[0]
        if target is None and any_of(said, ("group",)):
            # the number said after "group" names it; another counts ("two different drawings")
            nums = [
                after.number
                for word, after in zip(sentence, sentence[1:])
                if word.text == "group" and after.number in known
            ] or [n for n in numbers if n in known]
            target = nums[0] if len(set(nums)) == 1 else None
        # "don't split them", "the birds aren't different, leave them"
        kept_whole = any_of(said, ("not split", "not break", "not different", "not all different"))
        # "the cat's different from last time": about another round, no change to this one
        other_time = any_of(said, OTHER_ROUND)
        merged = any(has(said, verb) for verb in MERGE_VERBS) or alike
        split = (any_of(said, SPLIT_SAID) or apart and not merged) and not kept_whole
        if target is not None and split and len(known[target].seats) > 1:
            return value(f"split {target}")  # "split them, seat five did snooker"
        if (
            seat is not None
            and target is not None
            and seat in known[target].seats
            and len(known[target].seats) > 1
        ):
            if _not_counting(said) or any_of(said, ("just a", "only a")):
                return value(f"void {seat} {target}")
            if any_of(said, COUNTING):
                return value(f"valid {target}")
            if (
                any_of(said, (" is a ", "actually", "not a", "not like", "is not", "different"))
                or len(named) >= 1
            ) and not other_time:
                return value(f"out {seat} {target}", False)
        if target is not None:
            alone = seat is not None and known[target].seats == (seat,)
            if _not_counting(said) or (alone and any_of(said, ("just a", "only a"))):
                # "seven's keyboard is just a rectangle", seven alone in its group
                return value(f"invalid {target}")
            counted = _counting_clauses(text)
            if any_of(said, COUNTING) and counted and all(c[0] for c in counted):
                return NOTHING  # "the cat was valid last round": another round's
            this_round = [c for c in counted if not c[0]]
            if any_of(said, COUNTING) and this_round and all(c[1] for c in this_round):
                # "there's no way the moon counts", "the tree hardly counts": invalid, read back
                return value(f"invalid {target}", False)
            if any_of(said, COUNTING):
                return value(f"valid {target}")
            if (
                any_of(said, DIFFERENT_DRAWINGS)
                and len(known[target].seats) > 1
                and not kept_whole
                and not other_time
            ):
                return value(f"split {target}")
        if any_of(said, ("nobody matched", "no one matched")):
            shared = [g.number for g in self.groups if len(g.seats) > 1]
            if len(shared) == 1:
                return value(f"split {shared[0]}", False)
            return partial(self.lines("ask_which_groups"), None)
        if not named and not numbers:
            looking = any_of(said, STILL_LOOKING) and not any_of(said, GROUP_MORE)
            if looking and not any_of(last, GROUP_CORRECT + ALL_FINE):
                return NOTHING  # "yeah, hang on, let me look": not yet ("hang on... yes" is)
            wrong = any_of(said, SAID_WRONG)  # "that's all wrong", "yes that is not correct"
            # "nah, it's all fine, go": a no to something else, then the groups fine
            fine = not wrong and (
                any_of(said, GROUP_CORRECT[:15])
                or any_of(said, ALL_FINE)
                and not any_of(said, ("not all fine", "not fine"))
            )
            if (any_of(said, GROUP_MORE) or wrong) and not fine:
                no = self.asked_more and yes_or_no(said) is False  # "Anything else?" "nope"
                return value("correct" if no else "more")
            if any_of(said, GROUP_CORRECT):
                yes = self.asked_more and yes_or_no(said) is True  # "Anything else?" "uh huh"
                return value("more" if yes else "correct")
        # "swimming and surfing, nah, they're different, leave them. everything's right": the
        # table's last word, after talking it over, read back
        if 0 < len(last) <= 3 and len(last) < len(said) and not self.asked_more:
            if any_of(last, GROUP_CORRECT + ALL_FINE):
                return value("correct", False)
        fine = any_of(
            said,
            ("nothing is wrong", "no mistake", "not wrong", "correct", "is right", "not different"),
        )
        if (named or said_group or seat is not None) and any_of(said, CHANGE_CUES) and not fine:
            # "something's off with the birds", "merge the tower ones", "the witch one's
            # wrong": a change to a group said, but not which: asked
            return partial(self.lines("which_change"), None)
        bare = [w for w in said if w not in SOUNDS_SET | {"no", "the", "it", "them", "those"}]
        verbs = set(bare) & (CHANGE_VERBS | {"out", "separate"})
        # not "lights out", "Sam, you're out": only the words of a change
        begun = all(w in _BEGUN or words(w)[0].number is not None for w in bare)
        if bare and begun and (verbs and len(bare) <= 4 or said_group and len(bare) <= 3):
            # "merge two", "split it", "take seat five out", "no, group six": a change begun,
            # not said whole: asked
            return partial(self.lines("which_change"), None)
        return NOTHING


_IS_AFTER = "really|just|actually|basically|also|a|an|the same|not"
# The words of a change begun and not finished: "merge two", "take seat five out", "group one".
_BEGUN = CHANGE_VERBS | frozenset("out separate take group seat player number some".split())
# A change asked for as a question, its mark dropped: "can we merge those?", "could you split
# group four?".
_CHANGE_ASKED = re.compile(
    r"(?i)((?:^|[,.;!]\s*)(?:can|could|shall) (?:we|you) (?:please )?"
    r"(?:merge|split|void|combine|join|separate)\b[^?]*)\?\s*$"
)
# A change forbidden, which is none: "don't merge them", "never void the goldfish".
FORBIDDING = (
    r"\b(?:do not|never|not|no need to|no) (?:merge|combine|join|split|void|bin|break|separate"
    r"|put|move|change|touch)\b"
)


def _is_unless_seat(found: re.Match) -> str:
    """ "toucan's basically" as "toucan is basically"; "seven's a" stays a seat's, "let's" and
    "that's" as the words they are."""
    said = found.group(1)
    if said.lower() in _NOT_DRAWINGS or words(said) and words(said)[0].number:
        return found.group(0)
    return f"{said} is {found.group(2)}"


# A sentence that starts so asks the table, whether or not it was written with "?".
GROUP_QUESTIONS = frozenset("do does did why who what shall how is are was were".split())
_NOT_DRAWINGS = frozenset("let it that what there here he she who where how".split())


def _counts(sentence: list, at: int) -> bool:
    """Whether the number at `at` counts things ("two forgers", "six drawings", "eight of us")
    rather than naming a seat."""
    after = sentence[at + 1].text if at + 1 < len(sentence) else ""
    verbs = {"is", "was", "has", "does", "says", "gets", "goes", "draws", "plus", "thus"}
    return after == "of" or (
        after.endswith("s") and not after.endswith("'s") and after not in verbs
    )


def _by_person(text: str) -> bool:
    """Whether a short reply names the Forger as a person, not a seat: "it was me", "me and
    Tom", "the one who drew the rockets"; not talk about it ("you all thought it was me")."""
    said = strip_lead(tokens(statement(text)))
    if not 0 < len(said) <= 10 or "you" in said:
        return False
    named = any_of(said, ("forger was", "forgers were", "was the forger", "were the forgers"))
    return named or (  # "Lena, the forger was Lena"
        said[0] in WHO_WORDS and bool(set(said) & {"me", "i", "him", "her", "who", "was"})
    )


# How a reply about who the Forger was begins when it names no seat.
WHO_WORDS = frozenset("it me i the he she they".split())


@dataclass(frozen=True)
class ForgersMeaning:
    """Who the Forgers were, by seat number: "player three was the forger", "it was one and
    four", "three, no sorry, four"."""

    known = knows(globals())  # its answers change the score: see gm.meaning.knows

    lines: Callable[..., str]
    seats: tuple[int, ...]  # the seats that can still be named
    wanted: int  # how many seats are still to be named
    players: int = 0  # the table's size: a seat past it is no seat ("players three and seven")

    def read(self, text: str, held: JSON = None) -> Reading:
        # "who was it? I bet it was two", "my guess was three but it was five": a guess is no
        # reveal; what is said beside it may be
        pieces = re.split(
            r"[,.;!?]+|\bbut\b|(?=\bi bet\b)|(?=\bi'?d bet\b)|(?=\bmy guess\b)",
            str(text),
            flags=re.I,
        )
        kept = [p for p in pieces if not any_of(tokens(p), GUESSED)]
        if tokens(pieces[-1]) in (["i", "bet"], ["i", "bet", "so"]):
            kept = []  # "it was four I bet": all of it a guess
        if len(kept) < len(pieces):
            if not any(tokens(p) for p in kept):
                return NOTHING
            text = ", ".join(p.strip() for p in kept if tokens(p))
        sentence = words(corrected_text(statement(pronoun_one(text))))  # "the sneaky one"
        by_number = _seats_said(sentence)  # "the first player was four": no seat one
        said = {
            w.number
            for i, w in enumerate(sentence)
            if w.number is not None
            and (not w.ordinal or _ordinal_seat(sentence, i) and not by_number)
            and not _counts(sentence, i)
            and not _one_forger(sentence, i)
            and not (i and sentence[i - 1].text == "not")  # "not seven, six"
        }
        named = sorted(said & set(self.seats))
        if self.players and (past := sorted(n for n in said if self.players < n <= 12)):
            # no seat of this table (a number a seat could be, not "20 minutes"): told so, not
            # passed over; the seats said are asked again
            return partial(
                self.lines("no_such_seat", seat=number_word(past[0])),
                held if isinstance(held, dict) else None,
            )
        before = held.get("forgers", []) if isinstance(held, dict) else []
        if before and len(named) < self.wanted:  # "and four", to "Who is the other?"
            named = sorted(set(before) | set(named))
        if not named and _by_person(text):  # "it was me", "me and Tom": which seat is asked
            return partial(self.lines("ask_forger_seat"), held if isinstance(held, dict) else None)
        if not named or len(named) > self.wanted:
            return NOTHING
        if len(named) < self.wanted:  # "player six was one of them": asked for the other
            question = self.lines("ask_other_forger", seat=number_word(named[0]))
            return partial(question, {"forgers": named})
        value: JSON = named[0] if self.wanted == 1 else f"{named[0]} {named[1]}"
        seats = " and ".join(number_word(n) for n in named)
        return answer(value, f"player {seats}" if len(named) == 1 else f"players {seats}", False)


# A guess at the Forgers, no reveal: "I bet it was two", "I'd bet on five", "my guess".
GUESSED = ("i bet", "i would bet", "my guess")


def _seats_said(sentence: list) -> bool:
    """Whether a sentence says a seat by its number after an ordinal player: "the first player
    was four" (not "seat six and the third player")."""
    said = [w.text for w in sentence]
    return bool(
        re.search(
            r"\b(?:first|second|third|fourth|fifth|sixth|seventh|1st|2nd|3rd|\d+th)"
            r" (?:player|seat) (?:was|is)\b",
            " ".join(said),
        )
    )


def _ordinal_seat(sentence: list, at: int) -> bool:
    """Whether an ordinal names a seat: "first seat", "the second player"."""
    after = [w.text for w in sentence[at + 1 : at + 3]]
    return after[:1] in (["seat"], ["player"], ["chair"]) and after[1:] not in (
        ["to"],
        ["from"],
        ["on"],
        ["after"],
        ["before"],
        ["left"],
    )  # not "the second player to my left": a place counted from someone


def _one_forger(sentence: list, at: int) -> bool:
    """Whether the word at `at` is one of the Forgers, not seat one: "one forger was seat
    eight" (but "seat one, forger two" names seat one)."""
    after = sentence[at + 1].text if at + 1 < len(sentence) else ""
    before = sentence[at - 1].text if at else ""
    return (
        sentence[at].text == "one"
        and after == "forger"
        and before not in ("seat", "player", "number")
    )
