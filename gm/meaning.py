"""What a sentence means to an ask: the slots a game wants, found in whatever was said.

A table never says what a phrase list expects ("three of us went for number two", "one and four
got nothing", "is it kiwi?"). Each ask names the meaning it wants (`Ask.meaning`: a `Meaning`
kept beside its game's rules) and reads sentences with the pieces here: words with numbers as
values whether written as digits or words, seats and places said as "number two", "seat two" or
"player two", quantifiers (all, everyone, nobody, the rest), yes and no, letters, the filler and
lead-in words that carry no meaning ("um", "I think", "so basically", "it was").

A reading is complete (the answer, checked first unless it is sure), partial (one short question
that names what was understood, whose answer is read together with it) or nothing (talk). Nothing
is ever guessed: a sentence that could mean two things is partial, or nothing.

Pure: no I/O, no engine, no recogniser; the rules build their meanings from it as they build
their choices from gm.vocab.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Callable, Iterable, Iterator, Mapping, Sequence

from gm import vocab
from gm.steps import JSON, Kind, Reading
from gm.vocab import FILLERS, HESITATIONS, LETTER_NAMES, NATO, NUMBER_WORDS, ORDINALS, TENS

NOTHING = Reading()


def answer(value: JSON, said: str, sure: bool) -> Reading:
    return Reading(Kind.ANSWER, value, said, sure)


def partial(question: str, held: JSON) -> Reading:
    return Reading(Kind.PARTIAL, question=question, held=held)


# ------------------------------------------------------------------------------ words

CONTRACTIONS = {
    "what's": "what is",
    "that's": "that is",
    "it's": "it is",
    "let's": "let us",
    "lets": "let us",
    "i'm": "i am",
    "we're": "we are",
    "they're": "they are",
    "you're": "you are",
    "there's": "there is",
    "here's": "here is",
    "mine's": "mine is",
    "who's": "who is",
    "time's": "time is",
    "nobody's": "nobody is",
    "everyone's": "everyone is",
    "everybody's": "everybody is",
    "don't": "do not",
    "doesn't": "does not",
    "didn't": "did not",
    "isn't": "is not",
    "wasn't": "was not",
    "aren't": "are not",
    "weren't": "were not",
    "haven't": "have not",
    "hasn't": "has not",
    "can't": "can not",
    "cannot": "can not",
    "won't": "will not",
    "couldn't": "could not",
    "wouldn't": "would not",
    "shouldn't": "should not",
    "i've": "i have",
    "we've": "we have",
    "i'd": "i would",
    "we'd": "we would",
    "i'll": "i will",
    "we'll": "we will",
    "that'll": "that will",
    "gonna": "going to",
    "wanna": "want to",
    "gotta": "got to",
    "y'all": "you all",
}

_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_ORDINAL_DIGITS = re.compile(r"^(\d+)(st|nd|rd|th)$")
_NUMBER_VALUES = {w: i for i, w in enumerate(NUMBER_WORDS)}
_TEN_VALUES = {w: 20 + 10 * i for i, w in enumerate(TENS)}
_ORDINAL_VALUES = {w: i for i, w in enumerate(ORDINALS) if i}
# Words for "none" as a number: "zero votes", "no votes", "nothing".
ZERO_WORDS = frozenset({"zero", "nil", "none", "nothing", "no", "nobody", "nada", "zilch"})


# Before "one", these make it a pronoun, not the number: "no one", "which one", "this one".
NOT_A_NUMBER_BEFORE_ONE = frozenset(
    "no every each any some which this that another the a last next other someone same".split()
)


@dataclass(frozen=True)
class Word:
    """One word of a sentence: its text and, for a number said in any way, its value."""

    text: str
    number: int | None = None
    ordinal: bool = False  # "second", "2nd"


def plain(text: str) -> str:
    """Lower case, curly apostrophes straightened, '&' as 'and', hyphens and slashes as spaces."""
    return (
        str(text)
        .lower()
        .replace("\u2019", "'")
        .replace("\u2018", "'")
        .replace("&", " and ")
        .replace("-", " ")
        .replace("/", " ")
    )


# After a word's "'s", these say it is "is", not whose: "one of them's wrong", "the pint's right".
_IS_BEFORE = frozenset("wrong right fine correct off ok okay good not".split())


def tokens(text: str) -> list[str]:
    """The words of `text`, contractions written out ("that's" -> "that is", "the pint's
    right" -> "the pint is right"; "player four's dog" stays whose)."""
    out: list[str] = []
    found = [_unstretched(token) for token in _TOKEN.findall(plain(text))]
    for at, token in enumerate(found):
        if token in CONTRACTIONS:
            out.extend(CONTRACTIONS[token].split())
        elif token.endswith("'s") and found[at + 1 : at + 2] and found[at + 1] in _IS_BEFORE:
            out.extend((token[:-2], "is"))
        else:
            out.append(token)
    return out


# Words a voice stretches, as written out ("yesss", "nooo", "mehhh"): each, its letters run
# together, is the word.
_STRETCHED = frozenset(
    "yes yeah yep no nope nah so meh um uh hm hmm ah oh wow whoa ooh boo please what okay sure "
    "fine cool".split()
)
_RUN = re.compile(r"([a-z])\1{2,}")


def _unstretched(token: str) -> str:
    """A word said stretched out as the word ("yesss": "yes", "okaaay": "okay", "booo": "boo",
    "cooool": "cool"); any other as it was."""
    if not _RUN.search(token):
        return token
    for short in (_RUN.sub(r"\1", token), _RUN.sub(r"\1\1", token)):
        if short in _STRETCHED:
            return short
    return token


_PAUSED_ONE = re.compile(r"\bno\s*(?:[,;.!?:]|\.\.\.)+\s*one\b")


def words(text: str) -> list[Word]:
    """The words of `text` with their numbers: "twenty one" is one word worth 21, "3rd" an
    ordinal worth 3. A number in digits is kept as said; "a" and "one" stay words unless counted."""
    out: list[Word] = []
    # "no, one and four got nothing": a pause between them, so "one" is the number, not "no one"
    text = _PAUSED_ONE.sub("no 1", plain(text))
    said = tokens(text)
    for index, token in enumerate(said):
        following = said[index + 1 : index + 3]
        ordinal = _ORDINAL_DIGITS.match(token)
        if token.isdigit():
            out.append(Word(token, int(token)))
        elif ordinal:
            out.append(Word(token, int(ordinal.group(1)), True))
        elif token in _ORDINAL_VALUES:
            out.append(Word(token, _ORDINAL_VALUES[token], True))
        elif token == "one" and (
            (out and out[-1].text in NOT_A_NUMBER_BEFORE_ONE)
            or (out and out[-1].text.endswith("est") and out[-1].number is None)
            or (following and following[0] in ("with", "that", "who", "which"))
            or following[:2] == ["of", "them"]
        ):
            out.append(Word(token))  # "no one", "every one", "which one": not the number one
        elif token in _NUMBER_VALUES:
            value = _NUMBER_VALUES[token]
            previous = out[-1] if out else None
            if (
                previous is not None
                and previous.text in _TEN_VALUES
                and previous.number == _TEN_VALUES[previous.text]
                and 1 <= value <= 9
            ):
                out[-1] = Word(f"{previous.text} {token}", previous.number + value)
            else:
                out.append(Word(token, value))
        elif token in _TEN_VALUES:
            out.append(Word(token, _TEN_VALUES[token]))
        else:
            out.append(Word(token))
    return out


def texts(sentence: Sequence[Word]) -> list[str]:
    return [w.text for w in sentence]


def starts(sentence: Sequence[Word] | Sequence[str], phrase: str) -> Iterator[int]:
    """Each index where the words of `phrase` start, standing together, in `sentence`."""
    said = [w.text if isinstance(w, Word) else w for w in sentence]
    want = phrase.split()
    return (i for i in range(len(said) - len(want) + 1) if said[i : i + len(want)] == want)


def has(sentence: Sequence[Word] | Sequence[str], phrase: str) -> bool:
    """Whether the words of `phrase` stand together in `sentence`."""
    return next(starts(sentence, phrase), -1) >= 0


def any_of(sentence: Sequence[Word] | Sequence[str], phrases: Iterable[str]) -> bool:
    return any(has(sentence, p) for p in phrases)


def begins(sentence: Sequence[Word] | Sequence[str], phrases: Iterable[str]) -> bool:
    """Whether `sentence` starts with one of `phrases` ("two thumbs up", "like a big one")."""
    return any(next(starts(sentence, p), -1) == 0 for p in phrases)


def where(sentence: Sequence[Word] | Sequence[str], phrase: str) -> int:
    """The index where `phrase` first starts in `sentence`, -1 if it is not there."""
    return next(starts(sentence, phrase), -1)


_FILLERS = sorted((tuple(f.split()) for f in FILLERS), key=len, reverse=True)


def strip_lead(said: list[str], leads: Sequence[tuple[str, ...]] = _FILLERS) -> list[str]:
    """`said` without the lead-in words in front of it (the fillers unless `leads` are given),
    as long as something is left."""
    return vocab.strip_lead(said, leads)


_THINKING = frozenset(tuple(phrase.split()) for phrase in vocab.THINKING_ALOUD)
_SOUND_WORDS = frozenset(vocab.SOUNDS)


def thinking_aloud(said: list[str]) -> bool:
    """Whether `said` (tokens) is only a player thinking aloud ("um, one sec", "hang on..."),
    with nothing else in it: no answer, and no reason to stop a clock (vocab.THINKING_ALOUD)."""
    core = strip_lead([w for w in said if w not in _SOUND_WORDS])
    return tuple(core) in _THINKING


def leads(phrases: Iterable[str]) -> list[tuple[str, ...]]:
    """Lead-in phrases as word tuples, longest first (for strip_lead)."""
    return sorted({tuple(tokens(p)) for p in phrases if tokens(p)}, key=len, reverse=True)


# ------------------------------------------------------------------------------ yes and no

YES_WORDS = frozenset(
    "yes yeah yep yup yea ya aye sure correct right exactly absolutely definitely totally "
    "indeed affirmative agreed ok okay alright fine true".split()
)
NO_WORDS = frozenset("no nope nah nay negative wrong incorrect false".split())
YES_PHRASES = (
    "that is right",
    "that is correct",
    "that is it",
    "of course",
    "you got it",
    "spot on",
    "all good",
    "sounds good",
    "sounds right",
    "sounds about right",
    "looks about right",
    "that is about right",
    "go for it",
    "we agree",
    "all agreed",
    "why not",
    "thumbs up",
    "uh huh",
    "mm hmm",
    "i guess so",
    "i suppose so",
    "i think so",
    "fair enough",
    "that is fair",
    "that is a yes",
    "a yes from",
    "i am okay with",
    "i am ok with",
    "we are okay with",
    "we are ok with",
    "i am fine with",
    "we are fine with",
    "i am good with",
    "we are good with",
    "fine by me",
    "fine by us",
    "both right",
    "both correct",
    "that is them",
    "that is the one",
    "that is the lot",
    "bang on",
    "nailed it",
    "hundred percent",
    "100 percent",
    "mm hm",
    "got both",
    "got them",
    "close enough",
    "good enough",
    "right on",
    "that will do",
)
NO_PHRASES = (
    "not really",
    "not quite",
    "not at all",
    "that is wrong",
    "that is not right",
    "that is not it",
    "no way",
    "we do not agree",
    "do not agree",
    "not agreed",
    "thumbs down",
    "not that",
    "you misheard",
    "of course not",
    "try again",
    "absolutely not",
    "definitely not",
    "certainly not",
    "totally not",
    "not okay",
    "not ok",
    "not fine",
    "not good",
    "i object",
    "that is a no",
    "a no from",
    "neither of them",
    "neither of those",
    "neither one",
    "none of those",
    "none of them",
    "all wrong",
    "both wrong",
    "almost right",
    "nearly right",
    "almost there",
)
# A yes said with a "no" or "not" in it: "no problem", "not bad", "no worries".
YES_DESPITE_NO = (
    "no one objects",
    "nobody objects",
    "no one disagrees",
    "nobody disagrees",
    "not a problem",
    "no problem",
    "no problems",
    "no worries",
    "no objection",
    "no objections",
    "no complaints",
    "no issue",
    "no issues",
    "not bad",
    "why not",
    "no veto",
    "no vetoes",
    "no one vetoes",
)


HEDGES = (
    "not sure",
    "not really sure",
    "maybe",
    "i think",
    "probably",
    "kind of",
    "sort of",
    "i guess",
    "dunno",
    "do not know",
    "i suppose",
    "perhaps",
    "might",
    "might be",
    "could be",
    "partly",
    "hard to tell",
    "no idea",
)


# Words that say nothing but doubt: a reply of only these is no answer, and is asked again.
UNSURE_WORDS = frozenset(
    "um uh uhh er erm hmm hm well oh maybe perhaps possibly probably dunno kinda sorta kind sort "
    "of not really sure i do know think guess suppose it is might could be partly hard to tell "
    "no idea am im".split()
)


def unsure(said: Sequence[str]) -> bool:
    """Whether a reply says only that it is not sure ("maybe?", "kind of", "well, hmm", "not
    really sure", "uh, I don't know, maybe?"): a question back, not a guess."""
    return bool(said) and set(said) <= UNSURE_WORDS and any_of(list(said), HEDGES + ("hmm",))


# A sentence that stops on one of these was cut off: "group one and, er", "merge the... the...".
DANGLING = frozenset("and or with plus the a an of to".split())
# Said after a break in a sentence, it is the speaker's own doubt: "split... wait, which one was
# it", "the first one is... I don't actually know what it is", "seat 6 and... who was the other".
LOST = ("which", "who else", "who was", "no idea", "do not know", "can not remember", "forgot")


def _before_hesitations(said: list[str]) -> list[str]:
    """`said` without the hesitations it ends on ("help, um": ["help"])."""
    end = len(said)
    while end and said[end - 1] in HESITATIONS:
        end -= 1
    return said[:end]


def without_hesitations(text: str) -> str:
    """A reply without the hesitations it ends on ("help, um": "help"); empty when it ends on
    none, or is nothing else."""
    said = tokens(text)
    rest = _before_hesitations(said)
    return " ".join(rest) if rest and len(rest) < len(said) else ""


_LEADING_HESITATIONS = re.compile(
    r"^\W*(?:(?:%s)\b\W*)+" % "|".join(sorted(HESITATIONS, key=len, reverse=True)), re.I
)


def after_hesitations(text: str) -> str:
    """A reply without the hesitations it starts on ("uh, yes I think so": "yes I think so");
    the reply as it was when they are all it is, or its yes or no is theirs ("uh huh")."""
    rest = _LEADING_HESITATIONS.sub("", text)
    if not rest.strip() or yes_or_no(tokens(rest)) != yes_or_no(tokens(text)):
        return text
    return rest


# What did not happen: "if four of us had picked two", "we would have won".
_HYPOTHETICAL = ("would have", "could have", "should have", "if only")
# The same in a sentence as written ("we could've won"): where it starts.
_WOULD_HAVE = re.compile(
    r"\b(?:%s)\b" % "|".join(p.replace(" have", "(?: have|'ve)") for p in _HYPOTHETICAL), re.I
)


def before_hypothetical(text: str) -> str:
    """A sentence without what it says would have been, after what was ("four picked five,
    could have been unanimous": "four picked five, ")."""
    found = _WOULD_HAVE.search(str(text))
    return str(text)[: found.start()] if found and found.start() else str(text)


def hypothetical(said: Sequence[str]) -> bool:
    """Whether a sentence says what would have been, not what was ("if four of us had picked
    two we'd win"): no result, whatever numbers it holds."""
    conditional = said[:1] == ["if"] and bool({"had", "would", "could", "were"} & set(said))
    first = min((where(list(said), p) for p in _HYPOTHETICAL if has(list(said), p)), default=-1)
    # "four picked five, could have been unanimous": the result said first (a count and a
    # place) stands; "number two should have won that" said none
    stated_first = sum(is_number(w) for w in said[:first]) >= 2 if first >= 0 else True
    return conditional or not stated_first


def unfinished(text: str) -> bool:
    """Whether a sentence trails off before its answer: it stops on a word that leads on, with
    or without a hesitation after it ("group one and, er", "no, wrong, two and", "merge the...
    the... hm"), or stops on a hesitation after a few words ("the cactus, um"), or breaks off
    to say the speaker does not know ("split... wait, which one was it"). A question that ends
    so ("which letter is it for?") asks something else; one only of hesitations is doubt."""
    said = tokens(text)
    rest = _before_hesitations(said)
    if not rest:
        return False
    stripped = str(text).strip()
    broken = re.split(r"\.\.\.|…", stripped)
    if len(broken) > 1 and any_of(tokens(" ".join(broken[1:])), LOST):
        return True
    if stripped.endswith("?"):
        return False
    return rest[-1] in DANGLING or (len(rest) < len(said) and len(rest) <= 3)


# Said after a choice, words that do not change it: "regular please", "easy I guess".
_TAILS = sorted(
    (
        tuple(t.split())
        for t in (
            "please",
            "i guess",
            "i think",
            "i suppose",
            "i reckon",
            "then",
            "thanks",
            "thank you",
            "maybe",
            "probably",
            "for us",
            "for me",
        )
    ),
    key=len,
    reverse=True,
)
_CHOICE_LEADS = leads(
    FILLERS
    + (
        "yep",
        "yes",
        "yeah",
        "let us do",
        "let us go with",
        "let us go for",
        "we will do",
        "we will go with",
        "we will take",
        "we want",
        "can we do",
        "can we have",
        "just",
        "only",
        "i got",
        "i scored",
        "i have",
        "i had",
        "i made",
    )
)


# Before a one-word choice, a sound of feeling, not a lead-in: "oh stop", "yeah, stop".
_EXCLAIMS = frozenset(HESITATIONS) | frozenset("yeah yes yep just hey ah".split())


def bare_choice(text: str) -> str:
    """A short reply without the words said around a choice in it ("I think regular", "let's
    do regular", "regular please"): "regular". Empty when nothing was around it."""
    said = tokens(text)
    bare = strip_lead(said, _CHOICE_LEADS)
    lead = said[: len(said) - len(bare)]
    if len(bare) == 1 and lead and set(lead) <= _EXCLAIMS:
        return ""  # "oh stop", "ugh, stop", "just stop": said among the players, not to gm
    cut = True
    while cut and len(bare) > 1:
        cut = False
        for tail in _TAILS:
            if len(bare) > len(tail) and tuple(bare[-len(tail) :]) == tail:
                bare, cut = bare[: -len(tail)], True
                break
    return " ".join(bare) if bare != said else ""


def hedged(text: str) -> bool:
    """Whether a sentence says it is not sure ("three for two, I think"): checked first."""
    return any_of(tokens(text), HEDGES)


# How a question opens: a verb put before who it asks of ("did someone", "do you", "is it"); not
# "can you", "could you", which ask gm to do something ("could you split the dogs").
_ASKED_UNMARKED = re.compile(
    r"^\s*(?:did|do|does|is|are|was|were|has|have|should)"
    r" (?:you|we|they|someone|somebody|anyone|anybody|everyone|everybody|he|she|i"
    r"|(?<!do )(?<!does )(?<!did )(?:it|that|this))\b",
    re.I,
)


# The last words of a question run into an answer or a request, unmarked: "is everyone ready
# flip", "is it unanimous yes", "are we done next question".
_ANSWERED_AFTER = frozenset("flip reveal next question go".split())


def asked_unmarked(text: str) -> bool:
    """Whether a transcript without marks is a question and nothing more: it opens as one ("did
    someone give a hint", "do you mean all of us"), is one clause, and does not end on a yes, a
    no or a request run into it ("is everyone ready flip")."""
    said = tokens(text)
    return (
        bool(_ASKED_UNMARKED.match(text))
        and not re.search(r"[,.;:!?]", text)
        and bool(said)
        and said[-1] not in YES_WORDS | NO_WORDS | _ANSWERED_AFTER
    )


def statement(text: str) -> str:
    """What a sentence states after any question it asks the table ("everybody has a token
    down? okay, flip" -> "okay, flip"); empty when it ends with a question ("is everyone
    ready?"). A transcript without marks that opens as a question ("did someone give a hint",
    "do you mean all of us") asks it; otherwise a transcript without question marks is all
    statement."""
    text = str(text).strip()
    if "?" not in text:
        return "" if asked_unmarked(text) else text
    if text.rstrip(" .!").endswith("?"):
        return ""
    return text.rsplit("?", 1)[1]


# "the ugly one", "that sneaky one": a pronoun, pointing, no number.
_THE_SOMETHING_ONE = re.compile(r"\b(the|that|this) ([a-z]+) one\b", re.I)


def pronoun_one(text: str) -> str:
    """`text` with the "one" of "the ugly one", "that sneaky one" said as what it points at (a
    face, a player), not the number one ("the number one", "the first one" stay as said)."""

    def face(found: re.Match) -> str:
        word = found.group(2).lower()
        if word == "number" or is_number(word) or words(word)[0].number is not None:
            return found.group(0)
        return f"{found.group(1)} {found.group(2)} face"

    return _THE_SOMETHING_ONE.sub(face, text)


def clause_texts(text: str) -> list[str]:
    """A sentence's pieces between its commas, full stops and question marks."""
    return re.split(r"[,;.!?]", text)


def last_clause(text: str) -> str:
    """What a sentence says after its last comma or full stop ("good round, next question":
    "next question"), the table's last word after talking something over."""
    return clause_texts(statement(text).strip(" ,;.!?"))[-1]


# Said before a correction in the same breath: "five for three, no wait, six for three".
CORRECTIONS = (
    "no wait",
    "oh wait",
    "wait no",
    "wait",
    "no sorry",
    "sorry",
    "i mean",
    "i meant",
    "actually no",
    "no no",
    "or rather",
    "scratch that",
    "actually make that",  # "three for four, actually make that three for one"
    "no make that",  # not "make that" alone: "yeah, make that count", "make that an F"
    "oh make that",
)


def corrected(said: list[str]) -> list[str]:
    """The words after the last correction said inside a sentence, or all of them."""
    last = 0
    for cue in CORRECTIONS:
        want = cue.split()
        for i in range(1, len(said) - len(want) + 1):
            if said[i : i + len(want)] == want and i + len(want) < len(said):
                last = max(last, i + len(want))
    for i in range(1, len(said) - 1):  # "it was four, no, three votes": a number taken back
        if said[i] == "no" and is_number(said[i - 1]) and is_number(said[i + 1]):
            if said[i + 1] != "one":  # "four, no one voted": nobody
                last = max(last, i + 1)
    return said[last:]


def is_number(word: str) -> bool:
    """Whether a word is a number, in digits or in words up to twenty."""
    return word.isdigit() or word in _NUMBER_VALUES


_CUE_WORDS = frozenset(w for cue in CORRECTIONS for w in cue.split())
# Said inside a sentence about what is said, never part of it: "five, I think, had the most".
ASIDES = ("i think", "i guess", "i reckon", "i suppose", "i believe", "you know")


def without(phrases: Sequence[str], said: list[str], or_all: bool = True) -> list[str]:
    """`said` without every occurrence of `phrases` in it; all of `said` (`or_all`) when
    nothing would be left."""
    out: list[str] = []
    i = 0
    wanted = [p.split() for p in phrases]
    while i < len(said):
        hit = next((len(w) for w in wanted if said[i : i + len(w)] == w), 0)
        if hit:
            i += hit
        else:
            out.append(said[i])
            i += 1
    return out or (said if or_all else [])


def spliced(whole: list[str], said: list[str]) -> list[str] | None:
    """The sentence before its last correction with the corrected part put in the place of what
    it corrects, found by the word it begins with ("four votes number two, no wait, number
    three": "four votes number three"); None when that word was not said before."""
    before = whole[: len(whole) - len(said)]
    while before and before[-1] in _CUE_WORDS:
        before = before[:-1]
    at = max((i for i, w in enumerate(before) if said and w == said[0]), default=None)
    if at is None and said and is_number(said[0]):  # "three votes for four, no, five"
        at = max((i for i, w in enumerate(before) if is_number(w)), default=None)
    return None if at is None else before[:at] + said


def read_corrected(read: Callable[[str, JSON], Reading], text: str, held: JSON = None) -> Reading:
    """`read` applied to what a sentence states after its last correction ("four for two, no
    sorry, four for three"), or to all of it when that part means nothing; a correction of only
    a part ("four votes number two, no wait, number three") is read put in its place. An answer
    read from a corrected or hedged sentence is said back first."""
    text = statement(text)
    whole = without(ASIDES, [w.text for w in words(text)])  # "five, I think, had the most"
    said = corrected(whole)
    reading = read(" ".join(said), held)
    if reading.kind is Kind.PARTIAL and (put := spliced(whole, said)) is not None:
        whole_reading = read(" ".join(put), held)
        reading = whole_reading if whole_reading.kind is Kind.ANSWER else reading
    if reading.kind is Kind.NOTHING and len(said) < len(whole):
        reading = read(" ".join(whole), held)
    if reading.kind is Kind.ANSWER and (len(said) < len(whole) or hedged(text)):
        reading = replace(reading, sure=False)  # said twice, or unsure: read back first
    return reading


# Said before a yes or a no, never one themselves: "sadly no", "honestly yes".
VERDICT_ADVERBS = ("sadly", "unfortunately", "honestly", "actually", "afraid")


# What follows a leading "ok" when the "ok" answers nothing ("ok I'm back, go on", "okay wait",
# "ok who's next"); "ok then", "okay go ahead", "ok I agree", "ok let's do it" stay a yes.
_NOT_ANSWERS = (
    "i am back",
    "we are back",
    "wait",
    "hold",
    "hang on",
    "what",
    "who",
    "let me",
    "say it again",  # "ok say it again": a repeat asked
    "repeat",
)


# A yes said after a question, not a word of the question ("is that right?"): its own words.
_PLAIN_YES = frozenset("yes yeah yep yup sure".split())
# Right before a yes phrase, words that make it a no: "never good enough", "hardly right".
_BEFORE_NO = frozenset("not never nowhere hardly barely nothing".split())
# A reply that starts so asks, and its yes phrase is no yes: "is that good enough?".
_ASKING = [w.split() for w in ("is that", "was that", "is it", "are they", "are those", "do you")]


def yes_taken_back(said: Sequence[str]) -> bool:
    """A short reply of a yes and then a no ("fine, no", "ok, no", "exactly, no"): a yes taken
    back, or a no? Asked again. Not one concluded ("ok so no"), nor one whose yes only
    strengthens the no ("totally, no")."""
    return (
        0 < len(said) <= 5
        and said[-1] in NO_WORDS
        and bool(set(said[:-1]) & YES_WORDS - {"totally", "definitely", "absolutely", "right"})
        and not set(said[:-1]) & NO_WORDS
        and said[-2] not in ("so", "then")
    )


def yes_or_no(said: Sequence[str]) -> bool | None:
    """The yes or no a reply starts with (after fillers), None when it starts with neither; in a
    short reply with nothing against it, a yes said anywhere ("oh my god yes")."""
    said = list(said)
    if any_of(said, ("not sure", "not really sure", "unsure", "no idea")):
        return None
    if said[:2] in (["yeah", "nah"], ["yeah", "no"]) and set(said[2:]) <= NO_WORDS:
        return False  # "yeah nah", "yeah no": a no, as it is said
    if len(said) <= 4:  # "sure, no problem": a yes, its "no" no answer; in a longer reply
        # ("no problem, the teapot is a kettle") the "no" may be one
        for phrase in YES_DESPITE_NO:
            for at in reversed(list(starts(said, phrase))):
                said[at : at + len(phrase.split())] = ["yes"]
    if 0 < len(said) <= 5:
        yes = [w for w in said if w in YES_WORDS - {"right", "fine", "true", "ok", "okay"}]
        no = [w for w in said if w in NO_WORDS or w == "not"]
        if yes and not no and said[-1] in yes:
            return True
        if no and set(yes) - {"totally", "definitely", "absolutely", "exactly"}:
            return None  # "no... eh, fine, yes": a mind changing, asked again
        if yes_taken_back(said):
            return None
    if set(said) & NO_WORDS and set(said) <= NO_WORDS | {"not"}:
        return False  # "not, no", "nope, no": only no ("not" alone answers nothing)
    for phrase in NO_PHRASES:
        if has(said[: len(phrase.split()) + 2], phrase):
            return False
    if said == ["neither"]:
        return False
    denied = said[:1] == ["not"] or bool(said[:1]) and said[0] in NO_WORDS
    if said[:2] in _ASKING:  # "is that close enough?" asks; a yes after it answers
        after = next((i for i, w in enumerate(said) if i > 2 and w in _PLAIN_YES), None)
        return yes_or_no(said[after:]) if after is not None else None
    taken_back = said[-1:] in (["no"], ["nope"]) and len(said) > 2  # "good enough, no"
    for phrase in YES_PHRASES:  # not after a leading no: "nope, you got them all" is a no
        if denied or taken_back:
            break
        for at in starts(said[: len(phrase.split()) + 2], phrase):
            end = at + len(phrase.split())
            negated = at and said[at - 1] in _BEFORE_NO  # "never good enough"
            undone = said[end : end + 1] in (["nothing"], ["not"]) or said[end : end + 2] in (
                ["is", "not"],
                ["are", "not"],
            )
            if not negated and not undone:  # "that will do nothing", "near enough is not"
                return True
    while said[:1] == ["oh"] or said[:1] and said[0] in MOOD_WORDS or said[:2] == ["my", "god"]:
        said = said[2:] if said[0] == "my" else said[1:]  # "oh my god, yes": an exclamation first
    for at, word in enumerate(said[:3]):
        if word in NO_WORDS or (word == "not" and at == len(said) - 1 and at):
            return False  # "sadly not", "afraid not"
        if (word == "right" and len(said) > 1) or (
            word in ("ok", "okay")
            and (
                begins(said[at + 1 :], _NOT_ANSWERS)
                or said[at + 1 : at + 2] == ["so"]
                and said[at + 2 : at + 3] != ["it"]
            )
        ):
            continue  # "right, so...", "ok I'm back, go on", "ok so no": a filler
        rest = said[at + 1 :]
        if (
            word in ("totally", "absolutely", "definitely")
            and rest[:1]
            and rest[0] in NO_WORDS
            and not begins(rest, (*YES_DESPITE_NO, "no doubt", "no question", "no reason"))
        ):
            return False  # "totally wrong", "absolutely wrong" (not "absolutely no problem")
        if word in YES_WORDS:
            return True
        if word not in ("um", "uh", "er", "oh", "well", "so", "hmm", "ah", *VERDICT_ADVERBS):
            break
    return None


# ------------------------------------------------------------------------------ letters

# Beside the names a recogniser listens for (vocab.LETTER_NAMES), the ways a letter's name is
# written when a player spells it out ("cee", "kyoo"; said alone at a turn, no word).
_LETTER_BY_NAME: dict[str, str] = {
    "eff": "F",
    "aitch": "H",
    "haitch": "H",
    "zed": "Z",
    "double u": "W",
    "cee": "C",
    "kyoo": "Q",
    "kew": "Q",
    "ar": "R",
    "wye": "Y",
    "yoo": "U",
}
for _letter, _names in LETTER_NAMES.items():
    for _name in _names:
        _LETTER_BY_NAME.setdefault(_name, _letter.upper())
# A letter's name as a word ("bee", "eff", "double u"), not the letter itself.
SPOKEN_LETTERS = frozenset(name for name in _LETTER_BY_NAME if len(name) > 1)
_NATO_BY_WORD = {word: letter.upper() for letter, word in NATO.items()}
_NATO_BY_WORD.update({"alpha": "A", "juliet": "J", "xray": "X", "whisky": "W"})


def letter_in(said: Sequence[str], among: Iterable[str]) -> str | None:
    """The one letter of `among` a reply names: "K", "kay", "K as in kilo", "kilo", "the K one",
    "letter K", "for K". None when it names none, or two different ones."""
    among = {a.upper() for a in among}
    found: set[str] = set()
    for i, word in enumerate(said):
        letter = None
        if word in _NATO_BY_WORD:
            letter = _NATO_BY_WORD[word]
        elif len(word) == 1 and word.isalpha():
            # "a" and "i" are words too: a letter only when named as one
            if word in ("a", "i"):
                before = said[i - 1] if i else ""
                after = said[i + 1] if i + 1 < len(said) else ""
                named = before in ("letter", "the", "for") or after in ("as", "one", "for")
                letter = word.upper() if named or len(said) == 1 else None
            else:
                letter = word.upper()
        elif word in _LETTER_BY_NAME and word not in ("see", "sea", "you", "are", "why", "oh"):
            letter = _LETTER_BY_NAME[word]
        elif word in _LETTER_BY_NAME and (len(said) == 1 or (i and said[i - 1] == "letter")):
            letter = _LETTER_BY_NAME[word]  # "see", "you", "why" only said alone
        if letter is not None and letter in among and "not" not in said[max(0, i - 2) : i]:
            found.add(letter)
    return found.pop() if len(found) == 1 else None


# ------------------------------------------------------------------------------ numbers


@dataclass
class Mention:
    """A number said in a sentence, with what the words around it make it."""

    value: int
    at: int  # index in the sentence
    role: str = ""  # "count" or "place" (or a game's own), "" while unknown
    cued: bool = False  # the role came from words beside it, not from the other numbers


def numbers_in(sentence: Sequence[Word], low: int = 0, high: int = 99) -> list[Mention]:
    return [
        Mention(w.number, i)
        for i, w in enumerate(sentence)
        if w.number is not None and low <= w.number <= high
    ]


def joined_numbers(sentence: Sequence[Word], start: int) -> tuple[list[int], int]:
    """The numbers said as a list from `start` on ("one, four and six", "number two and number
    five", "one four six", "one, uh, three and... four", "one or for six"): their values and the
    index after the list. A hesitation between two numbers does not end the list."""
    values: list[int] = []
    i = start
    while i < len(sentence):
        if sentence[i].number is not None:
            values.append(sentence[i].number)
            i += 1
            continue
        if not values:
            if sentence[i].text in ("number", "numbers", "place", "places"):
                i += 1
                continue
            break
        j = i  # the glue between two numbers: "and", "or number", "uh, and", "or for"
        while j < len(sentence) and (
            sentence[j].text in _LIST_GLUE
            or sentence[j].text in HESITATIONS
            or (sentence[j].text == "for" and j > i and sentence[j - 1].text in ("and", "or"))
        ):
            j += 1
        if j == i or j == len(sentence) or sentence[j].number is None:
            break
        i = j
    return values, i


_LIST_GLUE = frozenset(("and", "or", "number", "numbers", "also", "plus", "places", "place"))


# ------------------------------------------------------------------- words a reading knows

# The words that carry a reply's grammar, not its meaning: articles, pronouns, prepositions,
# the verbs "be", "have" and "do" and the modals; and the setting ("time", "table", "round",
# "game"). Negations, "but", "only", "just", "or" and words of doubt are not among them: a
# reading knows those only where its own tables name them.
COMMON_WORDS = frozenset(
    "a an the this that these those there here it its i me my mine myself we us our ours "
    "ourselves you your yours he him his she her they them their theirs one ones "
    "is are was were am be been being do does did done have has had having will would can "
    "could shall should may must going to of on in at for with by from up down over out into "
    "onto off about as so then well oh ok okay yes yeah and time table round game".split()
)


# Words that carry the table's mood or whom it speaks to, not what it says: "wow", "dude".
MOOD_WORDS = frozenset(
    "wow whoa woah yay woo woohoo hooray omg god gosh geez jeez damn dang ugh argh phew yikes "
    "oops lol haha hahaha ha dude man mate guys folks bro baby".split()
)
# The endings a word may carry beyond a table's form of it: "mehs", "meh'd", "four's", "dogs",
# "agreed", "challenging".
_ENDINGS = ("'s", "'d", "s", "es", "d", "ed", "ing")


_PATTERN = re.compile(r"\\[bsdwWSDB]|\(\?|[\[\]^$|+*]|\{\d")


def lexicon(*namespaces: Mapping[str, object]) -> frozenset[str]:
    """Every word a module's rules look for: the words of its tables (the names in capitals,
    its own and those it imports) and of every string written in its code but its docstrings
    (a tuple of phrases inside a function). `namespaces`: modules' globals."""
    found: set[str] = set()

    def add(value: object) -> None:
        if isinstance(value, str):
            if not _PATTERN.search(value):  # a regular expression's source is no phrase
                found.update(tokens(value))
        elif isinstance(value, Mapping):
            for key, item in value.items():
                add(key)
                add(item)
        elif isinstance(value, (tuple, list, set, frozenset)):
            for item in value:
                add(item)

    for namespace in namespaces:
        for name, value in namespace.items():
            if name.lstrip("_").isupper():
                add(value)
        source = namespace.get("__file__")
        if isinstance(source, str) and source.endswith(".py"):
            try:  # without its source (an install of compiled files) a module knows its tables
                add(_literals(Path(source).read_text(encoding="utf-8")))
            except (OSError, SyntaxError, UnicodeDecodeError):
                pass
    return frozenset(found)


def _literals(source: str) -> list[str]:
    """The strings written in Python `source`, its docstrings left out."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def knows(
    namespace: Mapping[str, object], about: Callable[[object], Iterable[str]] | None = None
) -> property:
    """A meaning's `known` (read by the engine: gm.dialog.engine.interpret): the words of its
    module's tables (`lexicon` of `namespace`, the module's globals), found once, when first
    asked, so that every table is defined by then; and with `about`, the words of what the ask
    is about (`about(meaning)`: the word the table agrees on, the drawings' names)."""
    found: list[frozenset[str]] = []

    def known(self) -> frozenset[str]:
        if not found:
            found.append(lexicon(namespace))
        if about is None:
            return found[0]
        return found[0] | {word for text in about(self) for word in tokens(text)}

    return property(known)


def unknown(text: str, known: frozenset[str]) -> list[str]:
    """The words of `text` that are no number and that neither `known`, COMMON_WORDS nor gm's
    own tables of words (numbers, fillers, letters, yes and no) hold."""
    return [w.text for w in words(text) if w.number is None and not _knows(w.text, known)]


def _knows(word: str, known: frozenset[str]) -> bool:
    """Whether `word`, or the word it is with one ending taken off ("mehs", "four's",
    "challenging" as challenge; a stem of three letters at least: "bed" is no "b"), is in
    `known` or gm's own tables."""
    cut = [word[: -len(end)] for end in _ENDINGS if word.endswith(end)]
    cut += [word[: -len(end)] + "e" for end in ("ed", "ing") if word.endswith(end)]
    stems = [word] + [stem for stem in cut if len(stem) >= 3]
    own = _own_words()
    return any(stem in known or stem in own or words(stem)[0].number is not None for stem in stems)


@cache
def _own_words() -> frozenset[str]:
    """gm's own tables of words (this module's and gm.vocab's), read when first wanted: not at
    every start of gm, which reads no sentence before a game."""
    return lexicon(globals(), vars(vocab))
