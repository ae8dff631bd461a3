"""What a table of Who the F*ck? means when it tells a vote's result, in its own words: "three
of us went for number two", "we all voted five", "split vote", "one and four got nothing".

The slots: a count of votes, a place (1 to 6), a quantifier (everyone: unanimous; nobody: no
majority or an empty place), the rest (every other place), a hint. A count without a place, or
a place without a count, is asked about once ("Three votes: for which number?"); the rules
refuse what cannot be (nine votes with five players, a place already gone).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from gm.games.common import spoken_numbers
from gm.meaning import (
    NOTHING,
    YES_WORDS,
    Mention,
    Word,
    answer,
    any_of,
    before_hypothetical,
    has,
    hypothetical,
    is_number,
    joined_numbers,
    knows,
    last_clause,
    leads,
    numbers_in,
    partial,
    plain,
    pronoun_one,
    read_corrected,
    starts,
    statement,
    strip_lead,
    texts,
    tokens,
    where,
    without,
    words,
    yes_or_no,
)
from gm.steps import JSON, Kind, Reading
from gm.vocab import number_word

PLACES = range(1, 7)
MOST = 8  # counts up to this are read, so that an impossible one is refused by the rules

# Words that make the number after them a place: "number two", "for two", "picked two".
PLACE_BEFORE = frozenset(
    "number no place zigoto candidate card spot option guy one's for on to picked pick chose "
    "choose chosen voted vote backed backing went go going toward towards at".split()
)
# ... or the number before them: "two got three", "two won", "two with three votes".
PLACE_AFTER = frozenset("got gets had has won wins took takes was with is won't".split())
# Words that make the number before them a count: "three votes", "three of us", "three for two".
COUNT_AFTER = frozenset(
    "votes vote of people players player tokens token hands times for went voted picked chose "
    "said say backed agreed on out each apiece".split()
)
# ... or the number after them: "got three", "with three", "only three".
COUNT_BEFORE = frozenset("got gets had has with by received receiving took only all".split())

EVERYONE = (
    "unanimous",
    "unanimously",
    "everyone",
    "everybody",
    "every one",
    "every single",
    "all of us",
    "we all",
    "all voted",
    "all went",
    "all picked",
    "all chose",
    "all for",
    "all in",
    "all on",
    "clean sweep",
    "hundred percent",
    "every vote",
    "every token",
    "all the votes",
    "all votes",
    "all tokens",
    "all the tokens",
)
NO_MAJORITY = (
    "no majority",
    "not a majority",
    "no absolute majority",
    "did not get a majority",
    "does not have a majority",
    "did not have a majority",
    "no one got a majority",
    "nobody got a majority",
    "split",
    "tie",
    "tied",
    "a draw",
    "all over the place",
    "no winner",
    "nobody won",
    "no one won",
    "nobody got it",
    "nobody got enough",
    "no one got enough",
    "not enough votes",
    "not enough",
    "all different",
    "everyone voted differently",
    "everybody voted differently",
    "we lost",
    "lost the round",
    "we failed",
    "no luck",
    "scattered",
    "spread out",
    "no consensus",
    "did not agree",
    "could not agree",
    "nobody agreed",
    "no one agreed",
    "blew it",
    "no clear",
)
HINT = (
    "hint",
    "gave mine away",
    "gave it away",
    "gave away",
    "giveaway",
    "give away",
    "spoiled",
    "spoiler",
    "let it slip",
    "slipped",
    "told us their",
    "said their vote",
    "said who",
    "revealed their",
    "showed their",
    "showed his",
    "showed her",
    "flashed",
    "blurted",
    "peeked",
    "cheated",
)
EMPTY = (
    "nothing",
    "no votes",
    "no vote",
    "zero votes",
    "zero",
    "none",
    "nobody",
    "no one",
    "empty",
    "did not get",
    "got no",
    "got zero",
    "not get any",
    "not a single",
    "no tokens",
    "no token",
    "went without",
    "left out",
    "without votes",
    "without a vote",
    "out",
    "no love",
    "got nothing",
)
ALL_VOTED = (
    "every place got",
    "every number got",
    "every zigoto got",
    "everyone got",
    "everybody got",
    "all got",
    "each got",
    "each one got",
    "all of them got",
    "every single one got",
    "nobody got nothing",
    "no empty",
    "no empties",
    "zero empties",
    "none empty",
    "none are empty",
    "no place is empty",
    "nothing is empty",
    "they all got",
    "all places got",
    "all numbers got",
    "every one of them got",
    "every one of them has",
    "all of them have",
    "they all have",
    "all have votes",
    "all got at least",
)
ONLY = ("only", "just")
# A hint in so many words, whatever numbers the sentence also holds.
HINT_SURE = (
    "out loud",
    "pointed at",
    "pointed to",
    "under their breath",
    "told everyone",
    "told us",
    "said which",
    "said mine",
    "said my number",
    "said her number",
    "said his number",
    "said their number",
    "said their vote",
    "said what",
    "counts as a hint",
    "that is a hint",
    "gave a hint",
    "gave it away",
    "gave away",
    "just said number",
    "just said",
    "before the flip",
    "before we flipped",
    "before we turned",
)
# "Three different answers", "one each": no majority, whatever numbers it holds.
DIFFERENT = (
    "different",
    "differently",
    "one each",
    "each one",
    "all over the map",
    "total mess",
    "a mess",
    "did not make it",
    "no dice",
    "nothing matched",
)
# "Everyone had a vote each", "a vote apiece": spread, never unanimous (but "the others had a
# vote each, but four won" tells the other places, see _each).
EACH = ("vote each", "vote apiece", "vote a piece", "one apiece", "one a piece")
ALMOST = ("almost", "nearly", "most of", "most", "majority of", "not quite")
VOTED = ("voted", "went", "picked", "chose", "said", "agreed", "on", "for", "backed")
GOT_VOTES = (
    "got something",
    "got votes",
    "got a vote",
    "have votes",
    "has a vote",
    "have a vote",
    "have any votes",
    "has votes",
    "at least one",
    "got at least",
)
# "the rest", "all the others", "everyone else", and "rest" or "others" alone as a table says them.
REST = ("rest", "others", "else")
# Words a count stands before: "three votes", "four voted for two" (and "two of us", "four out
# of five").
COUNTED = frozenset(
    "votes vote people person players player tokens token hands times voted picked chose "
    "backed holdout holdouts".split()
)
# What may stand between "only" and the count it says is small: "just the one vote".
BEFORE_COUNT = frozenset("the a one single couple few of".split())
# "accept": how a recogniser writes "except" ("everyone picked five, accept me")
BUT = ("except", "accept", "but", "apart from", "besides")
_BUT_WORDS = frozenset(but.split()[0] for but in BUT)


def _roles(sentence: list[Word], mentions: list[Mention]) -> None:
    """Name each number a count or a place from the words around it (strongest cues first)."""
    said = texts(sentence)
    for m in mentions:
        before = said[m.at - 1] if m.at else ""
        before2 = said[m.at - 2] if m.at > 1 else ""
        after = said[m.at + 1] if m.at + 1 < len(said) else ""
        after2 = said[m.at + 2] if m.at + 2 < len(said) else ""
        if sentence[m.at].ordinal or before in ("number", "no", "place", "zigoto", "candidate"):
            m.role = "place"
        elif after in ("votes", "vote", "people", "players", "tokens", "token", "hands") or (
            after == "of" and after2 in ("us", "them", "you", "the")
        ):
            m.role = "count"
        elif after in ("one", "guy") and before == "the":  # "the two one": rare, but a place
            m.role = "place"
        elif before in ONLY and after in PLACE_AFTER:
            m.role = "place"  # "only two had votes": the one place voted, not two votes
        elif before in COUNT_BEFORE and before2 not in PLACE_BEFORE:
            m.role = "count"
        elif after in PLACE_AFTER:
            m.role = "place"
        elif after == "out" and before in ("for", "on", "to"):
            m.role = "place"  # "went for four, out of five": the "out of" counts the table
        elif after in COUNT_AFTER:
            m.role = "count"
        elif before in PLACE_BEFORE:
            m.role = "place"
    for m in mentions:
        m.cued = bool(m.role)
    loose = [m for m in mentions if not m.role]
    known = {m.role for m in mentions if m.role}
    if len(mentions) == 2 and len(loose) == 1 and len(known) == 1:
        loose[0].role = "place" if "count" in known else "count"


def _pairs(mentions: list[Mention]) -> list[tuple[int, int]]:
    """(count, place) pairs, each count with the nearest place said beside it."""
    counts = [m for m in mentions if m.role == "count"]
    places = [m for m in mentions if m.role == "place"]
    pairs = []
    used: set[int] = set()
    for c in counts:
        free = [p for p in places if p.at not in used]
        if not free:
            break
        nearest = min(free, key=lambda p: abs(p.at - c.at))
        used.add(nearest.at)
        pairs.append((c.value, nearest.value))
    return pairs


def _tie(said: list[str], sentence: list[Word]) -> int | None:
    """'two and two', 'two each', 'two two', 'three three one', 'two to two': a tie of two
    equal counts, said as counts alone (no place among them: not "three got three", nor the
    "to" of "three votes to three")."""
    values = [w.number for w in sentence if w.number is not None]
    first = next((i for i, w in enumerate(sentence) if w.number is not None), -1)
    if 0 <= first < len(said) - 1 and said[first + 1] in PLACE_AFTER:
        return None  # "three got three votes": a place, then its count
    if _score(said, sentence) and len(values) == 2:
        return values[0]
    if len(values) == 1 and any_of(said, ("each", "apiece", "a piece")) and 0 < values[0] <= 4:
        return values[0]
    between = where(said, "between")
    if (
        len(values) == 4
        and values[0] == values[1]
        and 1 <= values[0] <= MOST // 2
        and between > first
        and len([w for w in sentence[between:] if w.number is not None]) == 2
    ):
        return values[0]  # "three and three, between four and five": the places after "between"
    bare = len(said) <= len(values) + 2 or any_of(said, ("each", "apiece", "a piece"))
    if (
        len(values) >= 2
        and values[0] == values[1]
        and 1 <= values[0] <= MOST // 2
        and all(v <= values[0] for v in values)
        and not any_of(said, ("for", "on", "number", "to"))
        and (bare or any_of(said, ("and", "tie", "tied")))
    ):
        return values[0]
    return None


def _score(said: list[str], sentence: list[Word]) -> bool:
    """Whether the sentence says an even score, "two to two": a count, "to", the same count."""
    at = next((i for i, w in enumerate(sentence) if w.number is not None), -1)
    return (
        0 <= at < len(said) - 2
        and said[at + 1] == "to"
        and sentence[at + 2].number == sentence[at].number
        and 1 <= (sentence[at].number or 0) <= MOST // 2
        and not any_of(said, ("for", "on", "number", "went", "voted", "votes"))
    )


_NUMBER_IS = re.compile(r"\b(one|two|three|four|five|six|seven|eight|[1-8])['\u2019]s\b", re.I)


def _number_is(text: str) -> str:
    """A place's "'s" written out: "five's empty", "two's out" say five is, two is."""
    return _NUMBER_IS.sub(r"\1 is", text)


# Words that deny or only nearly give a hint: "nobody gave a hint", "she almost gave it away",
# "don't say it out loud".
HINT_DENIED = frozenset("nobody not never almost nearly".split())
# Words that put a result in another round, a guess, or a countdown: no result of this vote.
OTHER_RESULT = (
    "last round",
    "last time",
    "next time",
    "next round",
    "i bet",
    "bet you",
    "my prediction",
    "flip on",
    "reveal on",
    "on three flip",
    "on 3 flip",
)
# Verbs of liking or knowing, no vote: "everyone likes number two", "everybody knows five".
NOT_VOTING = frozenset("likes loves knows hates".split())  # not "like": "like six votes"
VOTING = frozenset("picked pick voted vote went chose chosen for on got".split())


def not_this_result(said: list[str]) -> bool:
    """Whether a sentence with numbers in it says no result of this vote: another round ("last
    round was three for four"), a guess ("I bet it's unanimous for five"), a countdown
    ("everybody flip on three"), or a liking ("everyone likes number two")."""
    countdown = any_of(said, ("on three", "on 3")) and any_of(said, ("flip", "reveal", "turn"))
    # said first, before the result: "last round was three for four" (not "three for four,
    # same as last time")
    if _first(said, OTHER_RESULT) in range(0, 3) or countdown:
        return True
    counted = any_of(said, ("of us", "votes", "vote"))
    return bool(set(said) & NOT_VOTING) and not set(said) & VOTING and not counted


# A countdown said before the result, in a breath of its own: "on three, ...", "on the count of
# three! ...".
_COUNTED_DOWN = re.compile(
    r"^\W*(?:ok(?:ay)?\W+)?on (?:the count of )?(?:three|3)\s*[,.!;:]+\s*(?=\w)", re.I
)
# What the rest must say for "on three" before it to be a countdown: a result of its own ("four
# votes for two", "unanimous for five", "no majority"), not "on three, four votes, on five, one".
_OWN_RESULT = re.compile(r"\b(?:for|unanimous|majority|tie|tied)\b", re.I)


def _counted_down(text: str) -> str:
    """`text` without a countdown said before its result ("on three, four votes for two"); as
    said where "on three" is the place ("on three: four votes", "on three, three, on five, two")."""
    rest = _COUNTED_DOWN.sub("", text)
    if rest == text or re.search(r"\bon\b", rest, re.I) or not _OWN_RESULT.search(rest):
        return text
    return rest


# The most votes any place got, said of all of them: "nobody got more than two".
_NO_MORE_THAN = re.compile(
    r"\b(?:nobody|no one|none of them|no number|no place) (?:got|had) more than (\w+)"
    r"(?: votes?)?\W*$"
)
# The words between who voted and the place in a vote told player by player: "Kim went two".
TOLD_BY = frozenset("went picked voted chose said for on number".split())
# Words that are no player's name in such a vote: "everyone two", "the rest five".
NOT_NAMES = frozenset("everyone everybody all rest the others nobody votes vote and".split())


def _told_by_player(text: str) -> dict[int, int]:
    """The votes of a result told player by player, each place with its count ("Kim two, Joe
    two, me and Rob five": {2: 2, 5: 2}); {} when the sentence is not two or more pieces of
    names and a place, after at most a lead-in ("ok so, Mia one, Tom three")."""
    pieces = [tokens(p) for p in re.split(r"[,;.!?]+", plain(text)) if tokens(p)]
    if pieces and not any(is_number(w) for w in pieces[0]) and len(pieces[0]) <= 3:
        pieces = pieces[1:]  # "ok so, ..."
    votes: dict[int, int] = {}
    for said in pieces:
        found = words(" ".join(said))
        place = found[-1].number if found else None
        names = [w.text for w in found[:-1] if w.text not in TOLD_BY]
        if place is None or not 1 <= place <= 6 or not names or names[-1] == "and":
            return {}
        people = [w for w in names if w != "and"]
        if (
            any(is_number(w) or w in NOT_NAMES for w in people)
            or len(people) != names.count("and") + 1
        ):
            return {}
        votes[place] = votes.get(place, 0) + len(people)
    return votes if len(pieces) >= 2 else {}


@dataclass(frozen=True)
class ResultMeaning:
    """The result of a vote (who_the_f.result, and told early at who_the_f.vote); `players`
    gives "everyone but Jo" its count."""

    known = knows(globals())  # its answers change the score: see gm.meaning.knows

    lines: Callable[..., str]
    players: int = 0

    def said(self, value: dict) -> str:
        L = self.lines
        if value.get("hint"):
            return L("heard_hint")
        if value.get("none"):
            return L("heard_no_majority")
        if "tie" in value:
            return L("heard_tie", count=number_word(value["tie"]))
        place = number_word(value["place"])
        if value.get("unanimous"):
            return L("heard_unanimous", place=place)
        count = value["count"]
        return (
            L("heard_one_vote", place=place)
            if count == 1
            else L("heard_votes", count=number_word(count), place=place)
        )

    def read(self, text: str, held: JSON = None) -> Reading:
        text = _counted_down(text)  # "on three, four votes for two": the result after it
        text = pronoun_one(text)  # "the ugly one got all the votes": no place one
        told = _told_by_player(text)
        if told and sum(told.values()) != self.players:  # not every vote told: as said
            told = {}
        most = _NO_MORE_THAN.search(plain(text))
        if most and self.players and words(most.group(1))[0].number is not None:
            # "nobody got more than two": no majority where two is at most half the table
            if 2 * words(most.group(1))[0].number <= self.players:
                return self._value({"none": True}, False)
            return partial(self.lines("ask_result_again"), None)
        if told:  # "Kim two, Joe two, me and Rob five": every vote counted, read back
            most = max(told.values())
            top = [place for place, count in told.items() if count == most]
            value = {"count": most, "place": top[0]} if len(top) == 1 else {"tie": most}
            return self._value(value, False)
        said = tokens(text)
        if (
            held
            and said[:1] in (["no"], ["sorry"], ["actually"])
            and said[1:2] not in (["majority"], ["votes"], ["vote"], ["one"], ["winner"])
        ):
            # "no, four votes actually" to "For which number were the three votes?": what was
            # held is corrected, not completed (it was read as three votes for number four)
            rest = " ".join(said[1:])
            again = read_corrected(self._read, _number_is(rest), None)
            if again.kind in (Kind.ANSWER, Kind.PARTIAL):
                return again
        return read_corrected(self._read, _number_is(text), held)

    def _value(self, value: dict, sure: bool) -> Reading:
        return answer(value, self.said(value), sure)

    def _read(self, text: str, held: JSON) -> Reading:
        if not hypothetical(tokens(text)):  # "four picked five, could have been unanimous"
            text = before_hypothetical(text)
        sentence = words(text)
        said = strip_lead(texts(sentence))
        sentence = sentence[len(sentence) - len(said) :]
        held = held if isinstance(held, dict) else {}
        if not said or hypothetical(said):  # "if two more had picked three we'd have won"
            return NOTHING
        if not_this_result(said):  # "I bet it's three for four", "last round was three for four"
            return NOTHING
        hedged_count = any(
            w in ("almost", "nearly", "hardly") and is_number(n) for w, n in zip(said, said[1:])
        )
        if hedged_count:  # "almost four votes for two": how many? ("nearly unanimous, 4 for 3")
            return partial(self.lines("ask_result_again"), None)
        all_but = re.search(  # "all but one picked three": everyone but one, read back
            r"\ball but (\w+) (?:picked|went for|went|voted for|voted|chose|on|for)"
            r" (?:number )?(\w+)$",
            " ".join(said),
        )
        if all_but and self.players:
            left = words(all_but.group(1))[0].number if words(all_but.group(1)) else 1
            place = words(all_but.group(2))[0].number if words(all_but.group(2)) else None
            if place in PLACES and (left or 1) < self.players:
                return self._value({"count": self.players - (left or 1), "place": place}, False)
        mentions = _mentions(sentence)
        hint_at = _first(said, HINT_SURE + HINT)
        before = said[max(0, hint_at - 3) : hint_at] if hint_at >= 0 else []
        denied = bool(set(before) & HINT_DENIED) or has(before, "no one") or "?" in text
        if not denied and (
            any_of(said, HINT_SURE)
            or any_of(said, HINT)
            and not mentions
            and not any_of(said, ("no hint", "not a hint"))
        ):
            return self._value({"hint": True}, sure=len(said) <= 6)
        tie = _tie(said, sentence)
        if tie is not None:  # "two to two" might be two votes to number two: read back
            return self._value({"tie": tie}, sure=len(said) <= 4 and not _score(said, sentence))
        if (
            any_of(said, DIFFERENT)
            or _each(said)
            or (
                any_of(said, NO_MAJORITY)
                and not any_of(said, ALMOST)
                and (
                    not any(m.value > 0 for m in mentions) or any_of(said, ("no majority", "split"))
                )
            )
        ):
            return self._value({"none": True}, sure=len(said) <= 5)
        _roles(sentence, mentions)
        places = [m.value for m in mentions if m.role == "place"]
        counts = [m.value for m in mentions if m.role == "count"]
        loose = [m.value for m in mentions if not m.role]
        sure = len(said) <= 8 and not loose and all(m.cued for m in mentions)
        # "every place got a vote except five" tells the places, not the players
        places_told = any_of(said, ALL_VOTED + GOT_VOTES)
        everyone = _everyone(said) and not places_told
        counted = [m for m in mentions if m.role == "count" and m.cued and m.value > 0]
        if _rest_empty(said) and not counted:
            # "two got votes, everyone else got nothing": all the votes on two, read back
            named = {m.value for m in mentions if m.value in PLACES}
            if len(named) == 1:
                return self._value({"unanimous": True, "place": named.pop()}, False)
            return partial(self.lines("ask_result_again"), {})
        if places_told and _first(said, BUT) >= 0 and len(said) <= 10:
            # "everyone got something except five": which places, but not who won
            return partial(self.lines("ask_result_again"), {})
        voters = _named_voters(said)
        if voters and len(set(places + loose)) == 1 and not counts and voters < self.players:
            # "me and Sam both went for two", "me and mommy and Jake all picked one": as many
            # votes as people named, read back
            return self._value({"count": voters, "place": (places + loose)[0]}, False)
        if everyone:
            but = _except(said, sentence)
            place = places[0] if len(set(places)) == 1 else None
            if place is None and held.get("place") and not places:
                place = held["place"]
            if place is None and len(set(loose)) == 1 and not counts:
                place = loose[0]
            if place is None:
                if places or loose or not any_of(said, VOTED + ("unanimous", "unanimously")):
                    return NOTHING
                return partial(self.lines("ask_unanimous_place"), {"unanimous": True})
            if but and self.players:
                return self._value({"count": self.players - but, "place": place}, False)
            if but:
                return NOTHING
            value: dict = {"unanimous": True, "place": place}
            if counts and len(set(counts)) == 1 and counts[0] > 1:
                value["count"] = counts[0]
            return self._value(value, sure)
        if held.get("unanimous") and len(mentions) == 1 and mentions[0].role != "count":
            return self._value({"unanimous": True, "place": mentions[0].value}, True)
        if any_of(said, ("each", "apiece", "a piece")) and len(set(counts)) == 1:
            if len(set(places + loose)) >= 2 and 0 < counts[0] <= MOST // 2:
                # "three votes each for four and five", "four and five got three each"
                return self._value({"tie": counts[0]}, False)
        if held.get("tie") and len(mentions) == 1 and 0 < mentions[0].value <= MOST // 2:
            return self._value({"tie": mentions[0].value}, True)  # "A tie: how many each?" "two"
        halves = said.count("half") >= 2 or any_of(said, ("the other half",))
        if halves and len(set(places + loose)) == 2 and self.players and self.players % 2 == 0:
            # "half of us said two, half said five": a tie of half the table each, read back
            return self._value({"tie": self.players // 2}, False)
        if any_of(said, ("tie", "tied")) and not counts and len(set(places + loose)) == 2:
            return partial(self.lines("ask_tie_count"), {"tie": True})  # "a tie between 4 and 5"
        guessed = _guessed(sentence)
        if guessed:  # "like three or four for number two": asked, not guessed
            place = places[0] if len(set(places)) == 1 and guessed == "count" else 0
            if place:
                return partial(
                    self.lines("ask_place_count", place=number_word(place)), {"place": place}
                )
            return partial(self.lines("ask_result_again"), {})
        pairs = [(c, p) for c, p in _pairs(mentions) if c > 0]
        if pairs:
            count, place = max(pairs)
            if [c for c, _ in pairs].count(count) > 1:
                return self._value({"tie": count}, False)  # two places with the most
            return self._value({"count": count, "place": place}, sure and len(pairs) == 1)
        if "count" in held and len(mentions) == 1 and mentions[0].role != "count":
            return self._value({"count": held["count"], "place": mentions[0].value}, True)
        if "place" in held and len(mentions) == 1 and mentions[0].role != "place":
            return self._value({"count": mentions[0].value, "place": held["place"]}, True)
        if len(counts) == 1 and not places and not loose and counts[0] > 0:
            count = counts[0]
            question = (
                self.lines("ask_one_vote_place")
                if count == 1
                else self.lines("ask_count_place", count=number_word(count))
            )
            return partial(question, {"count": count})
        some = any_of(said, ("some", "bunch", "most", "majority", "a lot", "lots"))
        if (
            len(set(places)) == 1
            and not counts
            and not loose
            and (_won(said) or len(said) <= 5 or some)
        ):
            place = places[0]
            return partial(
                self.lines("ask_place_count", place=number_word(place)), {"place": place}
            )
        if len(loose) == 1 and len(said) <= 4 and not held:
            return partial(self.lines("ask_result_again"), {})
        if (
            not mentions
            and any_of(said, ("majority", "most", "bunch", "a few", "won"))
            and len(said) <= 8
        ):
            return partial(self.lines("ask_result_again"), {})
        return NOTHING


def _won(said: list[str]) -> bool:
    """Whether a sentence naming only a place says it won (and not that someone likes it)."""
    return any_of(
        said,
        (
            "won",
            "wins",
            "got it",
            "got the most",
            "had the most",
            "has the most",
            "most votes",
            "majority",
            "took it",
            "winner",
        ),
    ) and not any_of(said, ("should", "would", "if"))


def _mentions(sentence: list[Word]) -> list[Mention]:
    """The numbers of a result, without those that are not (the "four" of "out of four", the
    "five" of "not five")."""
    said = texts(sentence)
    out = []
    for m in numbers_in(sentence, 0, 20):
        before = said[m.at - 2 : m.at]
        if before == ["out", "of"] or said[m.at - 1 : m.at] == ["not"]:
            continue
        out.append(m)
    return out


# Words that end the people named in front of a vote: "me and Sam both went for two".
_VOTED_VERBS = frozenset(
    "all both went go picked pick chose choose voted vote said say put had have did".split()
)
_NOT_PEOPLE = frozenset(
    "we they us you everyone everybody all of the a votes vote number so okay ok well um uh "
    "like and then".split()
)


def _named_voters(said: list[str]) -> int:
    """How many people a sentence names in front of their vote ("me and Sam both", "Jo, Kim and
    me all"), 0 when it names no list of two or more."""
    end = next((i for i, w in enumerate(said) if w in _VOTED_VERBS), 0)
    names = [w for w in said[:end] if w != "and"]
    if "and" not in said[:end] or not 2 <= len(names) <= 7:
        return 0
    if any(w in _NOT_PEOPLE or not w.isalpha() or is_number(w) for w in names):
        return 0
    return len(names)


# Said of a vote that was not unanimous: "not unanimous", "nowhere near unanimous".
NOT_UNANIMOUS = (
    "not unanimous",
    "not even close to unanimous",
    "nowhere near unanimous",
    "far from unanimous",
    "not quite unanimous",
)


def _everyone(said: list[str]) -> bool:
    """Whether a sentence says everyone voted alike ("we all went five", "unanimous"), and not
    "almost everyone", "not everyone", "everyone voted differently", or the places of
    "two got votes, everyone else got nothing"."""
    said = _without_other_places(said)
    if not any_of(said, EVERYONE) or any_of(said, ALMOST + DIFFERENT + EACH):
        return False
    return not any_of(said, (*NOT_UNANIMOUS, "not everyone", "not all"))


def _each(said: list[str]) -> bool:
    """Whether a sentence says the votes were spread one a place ("everyone had a vote each"),
    and not that the other places got one each ("the others had a vote each, but four won")."""
    return any_of(said, EACH) and not any_of(said, REST)


def _without_other_places(said: list[str]) -> list[str]:
    """The sentence without the "everyone" of "everyone else got nothing" (the other places,
    told with what they got), kept in "Jo went four and everyone else did too"."""
    out = list(said)
    for i in range(len(said) - 1):
        if (
            said[i] in ("everyone", "everybody", "all")
            and said[i + 1] == "else"
            and any_of(said[i + 2 :], EMPTY + GOT_VOTES + ("got", "had", "has", "have"))
        ):
            out[i] = ""
    return out


def _but_someone(said: list[str]) -> bool:
    """Whether a player is left out of "everyone": "everyone but Jo", "all of us except two"."""
    return any(
        word in _BUT_WORDS and said[i - 1] in ("everyone", "everybody", "us", "all")
        for i, word in enumerate(said)
        if i
    )


def _rest_empty(said: list[str]) -> bool:
    """Whether the places not named got no vote: "two got votes, the rest got nothing",
    "everyone else got zero", or "three had votes, nobody else did" (when nothing else in the
    sentence is said to be empty: "one got nothing, nobody else did" names the empty one)."""
    if any_of(said, EMPTY) and _after(said, REST, EMPTY):
        return True
    for i, word in enumerate(said):
        if word not in REST:
            continue
        before = " ".join(said[max(0, i - 3) : i])
        for lead in ("nobody", "no one", "nothing", "none of the", "none of", "no"):
            if before == lead or before.endswith(" " + lead):
                rest = said[: i - len(lead.split())] + said[i + 1 :]
                return not any_of(rest, EMPTY)
    return False


def _counted(sentence: list[Word]) -> set[int]:
    """Where the numbers that count votes or players stand, not places: "just one vote", "two
    of us", "four out of five" (both numbers), "at least one"."""
    said = texts(sentence)
    out = set()
    for i, word in enumerate(sentence):
        if word.number is None:
            continue
        after, before = said[i + 1 : i + 3], said[max(0, i - 2) : i]
        if (
            after[:1]
            and after[0] in COUNTED
            or _counts_places(after)  # "two places got nothing": how many, not which
            or after in (["of", "us"], ["of", "them"], ["of", "you"], ["out", "of"])
            or before == ["out", "of"]
            # "everyone got at least one" (a count), not "at least three and four got nothing"
            or (
                before == ["at", "least"]
                and (not after or after[0] in ("each", "of", "vote", "votes"))
            )
        ):
            out.add(i)
    return out


def _only_counts(said: list[str], sentence: list[Word], counted: set[int]) -> list[int]:
    """Where an "only" says a count is small ("just one vote", "only the one vote", "only two of
    us"), not that only some places got votes ("only four got votes")."""
    out = []
    for i, word in enumerate(said):
        if word not in ONLY:
            continue
        some = False  # "only votes for two" and "just voted" count nothing
        for j in range(i + 1, min(i + 4, len(said))):
            if j in counted or some and said[j] in COUNTED:
                out.append(i)
                break
            if said[j] not in BEFORE_COUNT or sentence[j].number is not None:
                break
            some = some or said[j] in ("a", "one", "single", "couple", "few")
    return out


def _fewer(said: list[str], sentence: list[Word], counted: set[int]) -> bool:
    """Whether a count says not everyone's vote went one way: "just one vote", "only two of
    us", "four out of five"."""
    if _only_counts(said, sentence, counted):
        return True
    if any(_counts_places(said[i + 1 : i + 3]) for i in counted):
        return True  # "two empties", "two places got nothing": which?
    for i in counted:
        if said[i + 1 : i + 3] == ["out", "of"]:
            total = next((w.number for w in sentence[i + 3 : i + 5] if w.number is not None), None)
            if total is not None and sentence[i].number < total:
                return True
    return False


def _as_counts(said: list[str], sentence: list[Word], counted: set[int]) -> list[str]:
    """The words of a sentence with the cues of its counts set apart, so that the "out" of "out
    of five" is no "got nothing" and the "just" of "just one vote" no "only these got votes"."""
    out = list(said)
    for i in _only_counts(said, sentence, counted):
        out[i] = "only-count"
    for i in counted:
        if i > 1 and said[i - 2 : i] == ["out", "of"]:
            out[i - 2] = "out-of"
        if said[i + 1 : i + 3] == ["out", "of"]:
            out[i + 1] = "out-of"
    return out


def _except(said: list[str], sentence: list[Word]) -> int:
    """How many players "everyone but Jo" leaves out: 1 for a name, the number said otherwise."""
    at = next((i for i, w in enumerate(said) if w in _BUT_WORDS), -1)
    if at < 0:
        return 0
    after = sentence[at + 1 : at + 3]
    for word in after:
        if word.number is not None and word.text not in ("one",):
            return word.number
    return 1


@dataclass(frozen=True)
class FinalMeaning:
    """The final round's result: unanimous for a place, or which places got no vote."""

    known = knows(globals())  # its answers change the score: see gm.meaning.knows

    lines: Callable[..., str]
    places: tuple[int, ...]
    answers: bool = True  # "yes" and "no" answer "Is it unanimous?"
    which: bool = False  # gm asked "Unanimous for which number?": a place alone is the answer
    empties: bool = False  # gm asked "Which places got no vote?": places alone are the answer

    def said(self, value: dict) -> str:
        L = self.lines
        if value.get("hint"):
            return L("heard_hint")
        if "answer" in value:
            return L("heard_yes" if value["answer"] else "heard_no")
        if value.get("unanimous"):
            return L("heard_unanimous", place=number_word(value["place"]))
        empty = value["empty"]
        if not empty:
            return L("heard_all_voted")
        return L("heard_empty", places=spoken_numbers(empty))

    def _value(self, value: dict, sure: bool) -> Reading:
        return answer(value, self.said(value), sure)

    def read(self, text: str, held: JSON = None) -> Reading:
        # "on three, four votes for two": the result after the countdown
        return read_corrected(self._read, _number_is(_counted_down(text)), held)

    def _read(self, text: str, held: JSON) -> Reading:
        sentence = words(text)
        everything = texts(sentence)
        said = strip_lead(everything)
        verdict = yes_or_no(everything)
        if verdict is None:  # "ugh. no."
            verdict = yes_or_no(said)
        concluded = (
            everything[-2:] in (["so", "no"], ["so", "yes"], ["but", "no"]) and verdict is None
        )  # "we're one vote off, so no", "so close, but no"
        sentence = sentence[len(sentence) - len(said) :]
        if not said:
            return NOTHING
        opening = strip_lead(everything, _NEARLY_LEADS)  # the marks are gone: read_corrected
        nearly = (
            opening[:1] in (["almost"], ["nearly"])
            and opening[1:2] not in (["done"], ["there"], ["ready"], ["finished"])
            or opening[:2] == ["so", "close"]
        ) and not set(everything) & (YES_WORDS | {"unanimous"})  # "almost missed it, yes"
        if self.answers and not (self.empties or self.which) and nearly:
            # "almost! all but Dana on six", "we're so close, it's just one person": not
            # unanimous, whoever is named after it; read back
            return self._value({"answer": False}, False)
        # counts are no places: "just one vote", "four out of five" name no place
        counted = _counted(sentence)
        fewer = _fewer(said, sentence, counted)
        said = _as_counts(said, sentence, counted)
        sentence = [Word(w.text) if i in counted else w for i, w in enumerate(sentence)]
        mentions = [m for m in _mentions(sentence) if 1 <= m.value <= 6]
        values = [m.value for m in mentions]
        sure = len(said) <= 9
        if any_of(said, HINT_SURE) or (
            any_of(said, HINT) and not mentions and not any_of(said, ("no hint",))
        ):
            return self._value({"hint": True}, sure=len(said) <= 6)
        if any_of(said, HOLDOUT) and not values:  # "one holdout": not unanimous; "no holdouts"
            none = any(
                said[at - 1 : at] in (["no"], ["zero"])
                or said[max(0, at - 2) : at] == ["not", "one"]
                for phrase in HOLDOUT
                for at in starts(said, phrase)
            )
            if self.answers and not (self.empties or self.which) and len(said) <= 8:
                return self._value({"answer": none}, False)
            return NOTHING
        everyone = _everyone(said) and not any_of(said, ALL_VOTED + GOT_VOTES)
        if everyone and _but_someone(said):  # "everyone but Jo voted four": not unanimous
            return partial(self.lines("ask_final_empties"), {})
        split = _split(said)  # "yeah, it's split": a yes that says it was not unanimous
        # "they all got votes but four": the places named after the "but" (all, if none is);
        # with a "got nothing" of its own, the list nearest it (in _empties)
        but = _first(said, BUT)
        if but >= 0 and any_of(said, GOT_VOTES + ALL_VOTED) and values and not any_of(said, EMPTY):
            named = [m.value for m in mentions if m.at > but] or values
            return self._value({"empty": sorted(set(named))}, False)
        all_got = any_of(said, GOT_VOTES) and any_of(said, ("all", "every", "each", "both"))
        if (
            any_of(said, ALL_VOTED) or all_got or _both_voted(said, self.places)
        ) and not _empties_named(said, sentence):
            return self._value({"empty": []}, sure)
        if (
            (everyone or (verdict is True and not split) or self.which)
            and len(set(values)) == 1
            and not any_of(said, NOT_UNANIMOUS)  # "it wasn't unanimous, Bo picked five"
        ):
            # a place out of play: the rules say so; "everyone voted but nobody picked six"
            # says which place is empty, not a unanimous six
            if not any_of(said, EMPTY + GOT_VOTES) or everyone and verdict is not False:
                return self._value({"unanimous": True, "place": values[0]}, sure)
        if self.empties and values and any_of(said, ONLY) and _only_places(said):
            # "Which places got no vote?" "only five": five got none (not "only five got
            # votes"); read back, as "just one" may be a count of places
            return self._value({"empty": sorted(set(values))}, False)
        empties = _empties(said, sentence, self.places)
        if empties is not None:
            if not empties or len(set(empties)) >= len(self.places):
                return NOTHING
            if set(empties) - set(self.places):  # a place out of play: which, then?
                return partial(self.lines("ask_final_empties"), {})
            return self._value({"empty": sorted(set(empties))}, sure)
        if everyone and not values:
            if self.answers and not self.which:
                return self._value({"answer": True}, sure)
            return partial(self.lines("ask_final_which"), {"unanimous": True})
        if isinstance(held, dict) and held.get("unanimous") and len(set(values)) == 1:
            return self._value({"unanimous": True, "place": values[0]}, True)
        others = {w.text for w in sentence if w.number is None}
        not_unanimous = any_of(said, NOT_UNANIMOUS)
        if not_unanimous:  # "not unanimous, two and five"
            others -= {"not", "unanimous"}
        # ("two places" counts places: _counted took its number, so it names no place here)
        bare = others <= PLACES_ALONE and values and set(values) < set(self.places)
        denied = verdict is False or not_unanimous
        if bare and not everyone and (self.empties or (denied and self.answers)):
            # "Which places got no vote?" "two and five"; "Is it unanimous? If not, which places
            # got no vote?" "no, two and five": the places alone are the empty ones
            return self._value({"empty": sorted(set(values))}, sure and self.empties)
        if self.answers and verdict is not None and not values and len(said) <= 10:
            # a longer reply ("oh my god yes, we did it, we actually did it") is read back
            if split or verdict is False and any_of(said, ("split", "mess", "all over")):
                return self._value({"answer": False}, False)
            if verdict is False and any_of(said, EMPTY + ("few", "some", "couple")):
                return partial(self.lines("ask_final_empties"), {})
            return self._value({"answer": verdict}, len(said) <= 6)
        if not values and any_of(said, EMPTY) and len(said) <= 8:
            return partial(self.lines("ask_final_empties"), {})
        if fewer and len(said) <= 10:  # not unanimous, but which places got nothing?
            return partial(self.lines("ask_final_empties"), {})
        if not_unanimous and self.answers and (not values or self.which):
            # "not unanimous, sorry guys"; at "Unanimous for which place?", "it wasn't
            # unanimous actually, Bo picked five" (read back)
            return self._value({"answer": False}, len(said) <= 6 and not values)
        if _nearly(said) and self.answers and not (self.empties or self.which):
            # "almost, one holdout", "not even close" to "Is it unanimous?": read back
            return self._value({"answer": False}, False)
        if concluded and self.answers and not self.which:
            # "we're one vote off, so no": the conclusion answers, read back
            return self._value({"answer": said[-1] == "yes"}, False)
        return NOTHING


# Said of a vote that was nearly unanimous: "one holdout", "almost", "not even close".
HOLDOUT = ("holdout", "hold out", "holdouts")


def _nearly(said: list[str]) -> bool:
    """Whether a reply says the vote was nearly unanimous, so not: "almost", "nearly", "yeah
    no, not even close" (not "almost done", "nearly there", "we're not even close to done")."""
    return said in (["almost"], ["nearly"], ["so", "close"]) or bool(
        _NOT_EVEN_CLOSE.search(" ".join(said))
    )


# Said before "so close": "we're so close", "ugh, so close".
_NEARLY_LEADS = leads(("we are", "it is", "that is", "ugh", "oh", "argh", "man"))
# A pattern, not a table of words: its words are no answer to any ask (gm.meaning.lexicon).
_NOT_EVEN_CLOSE = re.compile(r"\bnot even close$")


# The words a list of places is said in, beside the numbers: "two and five", "number two,
# number five", "places two and five", "no, two".
PLACES_ALONE = frozenset("and number numbers place places no nope nah".split())


def _split(said: list[str]) -> bool:
    """Whether a sentence says the vote was split ("it's split", "all over the place"), and not
    that it was not ("not a mess for once")."""
    for phrase in NO_MAJORITY + DIFFERENT:
        at = where(said, phrase)
        if at >= 0 and (at == 0 or said[at - 1] not in ("not", "no", "never")):
            return True
    return False


def _both_voted(said: list[str], places: tuple[int, ...]) -> bool:
    """'both got votes', 'still split' with two places left: every place got a vote."""
    return len(places) == 2 and any_of(said, ("both got", "both have", "split", "both"))


# Said after a number that counts places, not names one: "two places got nothing", "two empties".
COUNTED_PLACES = frozenset("place places empties spots".split())


def _counts_places(after: list[str]) -> bool:
    """Whether the words after a number say it counts places: "two places", "two empty spots"."""
    return bool(after) and (
        after[0] in COUNTED_PLACES or after[0] == "empty" and after[1:2] in (["places"], ["spots"])
    )


def _only_places(said: list[str]) -> bool:
    """Whether a reply is only places with "only" or "just": "only five", "just two and six"."""
    return all(
        w in ("only", "just", "and", "number", "place", "places") or is_number(w) for w in said
    )


def _empties_named(said: list[str], sentence: list[Word]) -> bool:
    return any(w.number is not None for w in sentence) and any_of(said, EMPTY)


def _empties(said: list[str], sentence: list[Word], places: tuple[int, ...]) -> list[int] | None:
    """The places said to have got no vote: "one and four got nothing", "nobody voted for four",
    "no votes for two and five", "only three and five got votes" (the others), "three got
    nothing, the rest all got votes"; None when the sentence says none of this."""
    lists: list[tuple[int, int, list[int]]] = []  # where each list starts and ends, its places
    i = 0
    while i < len(sentence):
        if sentence[i].number is not None or sentence[i].text in ("number", "numbers"):
            values, end = joined_numbers(sentence, i)
            if values:
                named = [v for v in values if 1 <= v <= 6]  # not the "zero" of "got zero"
                if named:
                    lists.append((i, end, named))
                i = end
                continue
        i += 1
    if not lists:
        return None
    # "only three and five got votes"; not "only four left", "only I picked three" (one
    # player's vote says nothing of the other places)
    bare = all(w in ("only", "just", "and", "number", "it", "was") or is_number(w) for w in said)
    # "I voted three, just saying": no "only"
    only = (
        any_of(without(("just saying",), said, or_all=False), ONLY)
        and (bool(set(said) & ONLY_VOTED) or bare)
        and "left" not in said
        and not any_of(said, ONE_PLAYERS_VOTE)
    ) or any_of(
        said,
        (
            "votes went to",
            "the votes were on",
            "the votes are on",
            "the votes are all on",
        ),
    )
    # "the votes were split between two and three": those two only (not "..., and one on five")
    only = only or any_of(said, ("split between",)) and len(lists) == 1
    empty_cue = any_of(said, EMPTY)
    rest_empty = _rest_empty(said)
    if only and not empty_cue or rest_empty:
        named = [v for _, _, values in lists for v in values]
        return [p for p in places if p not in named]
    if empty_cue:
        if len(lists) == 1:
            return lists[0][2]
        # "six got a vote, two and three got nothing": the list nearest the "nothing"; each
        # "nobody" its own ("nobody went for one, nobody went for six either")
        claimed: list[int] = []
        for phrase in EMPTY:
            for cue in starts(said, phrase):
                ahead = [item for item in lists if item[0] > cue]
                behind = [item for item in lists if item[1] <= cue]
                if phrase in EMPTY_BEFORE and ahead:  # "nobody went for six"
                    claimed += ahead[0][2]
                elif phrase not in EMPTY_BEFORE and behind:  # "six got nothing"
                    claimed += behind[-1][2]
                else:
                    claimed += min(
                        lists, key=lambda item: min(abs(item[0] - cue), abs(item[1] - 1 - cue))
                    )[2]
        return claimed
    return None


# One player's vote: says nothing of the other places ("only I picked three").
ONE_PLAYERS_VOTE = ("only i", "just me", "only me", "just i", "only one of us")
# The words of a vote after "only": "only two and five got votes", "just three had tokens".
ONLY_VOTED = frozenset("vote votes voted picked got had went chose tokens on for".split())
# Said before the places they empty ("nobody went for six", "no votes for two"); the rest of
# EMPTY after them ("six got nothing").
EMPTY_BEFORE = ("nobody", "no one", "no votes", "no vote", "none", "not a single", "no tokens")


def _first(said: list[str], phrases: tuple[str, ...]) -> int:
    """Where the first phrase of `phrases` said starts, -1 when none is."""
    return min((i for i in (where(said, p) for p in phrases) if i >= 0), default=-1)


def _after(said: list[str], first: tuple[str, ...], then: tuple[str, ...]) -> bool:
    """Whether a phrase of `then` comes after the first phrase of `first` said."""
    start = _first(said, first)
    return start >= 0 and any_of(said[start:], then)


REVEAL = (
    "reveal",
    "flip",
    "turn them over",
    "turn over",
    "turn it over",
    "show them",
    "show us",
    "show the votes",
    "show your",
    "everyone has voted",
    "everybody has voted",
    "we have voted",
    "we all voted",
    "all voted",
    "tokens are down",
    "tokens down",
    "done voting",
    "finished voting",
    "ready to reveal",
    "votes are in",
    "we are ready",
    "ready",
    "let us see",
    "moment of truth",
    "three two one",
    "tokens up",
    "turn them",
    "flip them",
    "go ahead and flip",
    # "'em" written out is "em", which is also M's name: read only in these
    "turn em",
    "flip em",
    "show em",
    "drop em",
    "drop them",
    "everyone is in",
    "everybody is in",
    "we are all in",
    "all set",
    "token is down",
)
NOT_YET = (
    "not ready",
    "not yet",
    "wait",
    "hold on",
    "hang on",
    "one sec",
    "one second",
    "still thinking",
    "not done",
    "is not",
    "are not",
    "not",
    "give me",
    "give us",
    "do not",
)
NEXT = (
    "next",
    "moving on",
    "move on",
    "keep going",
    "carry on",
    "go on",
    "let us go",
    "ready",
    "another one",
    "another question",
    "new question",
    "bring it on",
    "hit me",
    "hit us",
    "read it",
    "what is next",
    "onwards",
    "let us continue",
    "continue",
    "go",
)


# Said to a player to go on talking, with a go-ahead word in it: "go on then, explain
# yourself", "carry on, I'm listening"; or of another moment: "next time pick five".
TALKING_ON = (
    "explain",
    "say it",
    "tell",
    "why",
    "justify",
    "listening",
    "arguing",
    "were you saying",
    "next time",
    "next to",
    "who is next",
    "home",
    "bed",
    "dare",
    "reasons",
)


def _guessed(sentence: list) -> str:
    """What two numbers said as a guess between them are: "place" after "number" ("for number
    two or three"), else "count" ("three or four votes"); "" when there is no such guess."""
    said = [w for w in sentence if w.text not in ("maybe", "perhaps", "possibly")]
    for at, (first, joint, second) in enumerate(zip(said, said[1:], said[2:])):
        if first.number is not None and joint.text == "or" and second.number is not None:
            return "place" if any(w.text == "number" for w in said[:at]) else "count"
    return ""


def _cue(said: list[str], cues: tuple[str, ...]) -> bool:
    return any_of(said, cues) and not any_of(said, NOT_YET)


@dataclass(frozen=True)
class VoteMeaning:
    """While the table votes: ready to reveal, a hint given, or the result told at once."""

    lines: Callable[..., str]
    result: ResultMeaning | FinalMeaning

    def read(self, text: str, held: JSON = None) -> Reading:
        text = statement(text)
        said = strip_lead(texts(words(text)))
        reading = self.result.read(text, held)
        if reading.value == {"hint": True}:
            return answer("hint", self.lines("heard_hint"), reading.sure)
        if reading.kind is not Kind.NOTHING:
            return reading
        if _cue(said, REVEAL) or said[-1:] == ["show"] and len(said) <= 3:  # "okay, show"
            return answer("reveal", self.lines("heard_reveal"), len(said) <= 6)
        return NOTHING


@dataclass(frozen=True)
class NextMeaning:
    """After a result, while the table talks it over: on to the next question."""

    lines: Callable[..., str]

    def read(self, text: str, held: JSON = None) -> Reading:
        said = strip_lead(texts(words(statement(text))))
        if (
            _cue(said, NEXT)
            and (len(said) <= 5 or any(said[:2] == c.split()[:2] for c in NEXT))
            and not any_of(said, ("should", "if", "after", "will", "best"))
            and not (any_of(said, TALKING_ON) and not any_of(said, ("next question", "next one")))
        ):
            return answer("next", self.lines("heard_next"), len(said) <= 5)
        # "good round, next question": a short go-ahead closing a longer sentence, read back
        last = strip_lead(texts(words(last_clause(text))))
        short = len(last) <= 3 or len(last) <= 4 and any_of(last, ("next one", "next question"))
        begun = (  # "hit us with the next one": a go-ahead of two words, then what it asks for
            len(last) <= 6
            and any(last[:2] == c.split()[:2] for c in NEXT if " " in c)
            and not any_of(last, ("should", "if", "after", "will", "best"))
        )
        if 0 < len(last) < len(said) and (short and _cue(last, NEXT) or begun):
            return answer("next", self.lines("heard_next"), False)
        return NOTHING
