"""From what the recogniser heard to what the game expects, with rapidfuzz and a cutoff.

Both the heard text and the expected phrases are normalised the same way (digits to words,
number sound-alikes to numbers when numbers are expected), then scored; below the cutoff
nothing matches, so talk that was not meant for gm does nothing.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Mapping, Sequence

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from gm.meaning import COMMON_WORDS, CONTRACTIONS, MOOD_WORDS
from gm.meaning import tokens as _meaning_tokens
from gm.speech.base import Vocabulary
from gm.steps import JSON, Choice
from gm.vocab import FILLERS, NUMBER_HOMOPHONES, NUMBER_WORDS

MATCH_CUTOFF = 80.0  # below this score nothing matches
SURE_SCORE = 92.0  # at or above this (and confident enough) no confirmation is needed
RANK_PENALTY = 3.0  # an alternative further down the n-best list must be clearly better


class Command(str, enum.Enum):
    REPEAT = "repeat"
    HELP = "help"
    SCORE = "score"
    PAUSE = "pause"
    RESUME = "resume"
    UNDO = "undo"
    SKIP = "skip"
    QUIT = "quit"


# Commands that change the game: heard in noise (Final.noisy) or doubted, they are confirmed first.
# Quit always asks.
CONFIRMED_COMMANDS = frozenset({Command.UNDO, Command.SKIP})


@dataclass(frozen=True)
class Match:
    """The best reading of one utterance: a choice's value or a command."""

    value: JSON
    phrase: str  # the expected phrase it matched
    heard: str  # the alternative it matched from
    score: float  # 0..100, rapidfuzz on normalised text
    command: Command | None = None

    @property
    def sure(self) -> bool:
        return self.score >= SURE_SCORE


_NUMBER_CANON = {word: str(i) for i, word in enumerate(NUMBER_WORDS)}
_WORDS = re.compile(r"[a-z0-9']+")
MAX_READINGS = 32  # at most 2**5 readings of sound-alikes per alternative


def _tokens(text: str) -> list[str]:
    """Lower-case words; number words and digits become digits ("twenty one" -> "21")."""
    out: list[str] = []
    said = _WORDS.findall(text.lower().replace("\u2019", "'").replace("-", " "))
    # contractions written out, as in the phrases ("we're ready" is "we are ready")
    for word in (part for w in said for part in CONTRACTIONS.get(w, w).split()):
        word = _NUMBER_CANON.get(word, word)
        if out and out[-1] == "20" and word.isdigit() and 1 <= int(word) <= 9:
            out[-1] = str(20 + int(word))
            continue
        out.append(word)
    return out


def normalise(text: str, numbers: bool = False) -> str:
    """Lower case words, numbers as digits; with `numbers`, sound-alikes ("for", "to") too."""
    tokens = _tokens(text)
    if numbers:
        tokens = [str(NUMBER_HOMOPHONES[t]) if t in NUMBER_HOMOPHONES else t for t in tokens]
    return " ".join(tokens)


def readings(text: str, numbers: bool) -> list[list[str]]:
    """Every way to read the sound-alikes in `text`: "for" may be a word or the number four."""
    tokens = _tokens(text)
    if not numbers:
        return [tokens]
    found = [[]]  # type: list[list[str]]
    for token in tokens:
        options = [token, str(NUMBER_HOMOPHONES[token])] if token in NUMBER_HOMOPHONES else [token]
        found = [prefix + [option] for prefix in found for option in options][:MAX_READINGS]
    return found


def _digits(tokens: list[str]) -> list[str]:
    return [t for t in tokens if t.isdigit()]


def score(heard: list[str], phrase: list[str]) -> float:
    """Character similarity of two token lists; none when more than a word in four is wrong.

    Numbers are whole slots: the digits must agree exactly, so "five votes for number" is
    never "five votes for number four".
    """
    if heard == phrase:
        return 100.0
    if _digits(heard) != _digits(phrase):
        return 0.0
    if Levenshtein.distance(heard, phrase) > max(1, len(phrase) // 4):
        return 0.0
    if set(heard) - set(phrase) & TURNING_WORDS:
        return 0.0  # "sun and moon are not the same", "almost four votes for two": not it
    return fuzz.ratio(" ".join(heard), " ".join(phrase))


# Words that turn a phrase into another meaning when said inside it, however alike the rest.
TURNING_WORDS = frozenset("not never almost nearly hardly if".split())


class Matcher:
    """Matches n-best alternatives against choices and the commands that work everywhere."""

    def __init__(
        self,
        choices: Sequence[Choice],
        commands: Mapping[Command, Sequence[str]],
        cutoff: float = MATCH_CUTOFF,
    ) -> None:
        self.cutoff = cutoff
        self.numeric = any(_digits(_tokens(p)) for c in choices for p in c.phrases)
        self._entries: list[tuple[list[str], str, JSON, Command | None]] = []
        taken: set[str] = set()
        for choice in choices:
            for phrase in choice.phrases:
                self._entries.append((_tokens(phrase), phrase, choice.value, None))
                taken.add(" ".join(_tokens(phrase)))
        for command, phrases in commands.items():
            for phrase in phrases:
                if (
                    " ".join(_tokens(phrase)) not in taken
                ):  # a game's own choice wins over a command
                    self._entries.append((_tokens(phrase), phrase, None, command))

    @property
    def phrases(self) -> tuple[str, ...]:
        """Everything a recogniser should listen for, as written."""
        return tuple(dict.fromkeys(entry[1] for entry in self._entries))

    @cached_property
    def words(self) -> frozenset[str]:
        """Every word of the choices' phrases (not the commands': "exit three" is no answer)."""
        return frozenset(word for entry in self._entries if entry[3] is None for word in entry[0])

    @property
    def commands(self) -> frozenset[Command]:
        """The commands this matcher hears."""
        return frozenset(entry[3] for entry in self._entries if entry[3] is not None)

    @property
    def command_phrases(self) -> tuple[str, ...]:
        """Those of `phrases` that are commands."""
        return tuple(dict.fromkeys(entry[1] for entry in self._entries if entry[3] is not None))

    def offers(self) -> list[tuple[str, JSON, Command | None]]:
        """One phrase for each answer and command heard here, its first: what a tap may send
        (gm.display), as (phrase, the choice's value, the command)."""
        seen: dict[str, tuple[str, JSON, Command | None]] = {}
        for _, phrase, value, command in self._entries:
            key = command.value if command is not None else repr(value)
            seen.setdefault(key, (phrase, value, command))
        return list(seen.values())

    def vocabulary(
        self,
        free: bool = False,
        hints: Sequence[str] = (),
        endpoint: float = 0.7,
        followed: bool = False,
        one_word: bool = False,
        several: bool = False,
    ) -> Vocabulary:
        """What a recogniser should listen for to be matched here (`followed`, `one_word`,
        `several`: see Vocabulary)."""
        return Vocabulary(
            self.phrases,
            free,
            tuple(hints),
            endpoint,
            self.command_phrases,
            followed,
            one_word,
            several,
        )

    def match(self, alternatives: Sequence[str]) -> Match | None:
        best: Match | None = None
        for rank, text in enumerate(alternatives):
            for heard in readings(text, self.numeric):
                if not heard:
                    continue
                for tokens, phrase, value, command in self._entries:
                    points = score(heard, tokens) - rank * RANK_PENALTY
                    if points >= self.cutoff and (best is None or points > best.score):
                        best = Match(value, phrase, text, points, command)
        return best


def parse_number(text: str, low: int = 0, high: int = 20) -> int | None:
    """The first number in `text` within [low, high], as a digit, word or sound-alike."""
    for word in normalise(text, numbers=True).split():
        if word.isdigit() and low <= int(word) <= high:
            return int(word)
    return None


def meaning_words(text: str) -> str:
    """The words of a sentence as gm.meaning reads them (contractions written out)."""
    return " ".join(_meaning_tokens(text))


# A pause asked for as a moment's wait, with no reason to leave the table: "hang on", "one sec",
# "let me count". At an ask with no clock gm then waits without a word and still hears the answer
# (a hold: gm.dialog.engine.holds_on); where a clock runs it pauses, as for the others.
HOLD_CUES = (
    "hang on",
    "give us a minute",
    "give me a minute",
    "give us a sec",
    "give me a sec",
    "give me a second",
    "give us a second",
    "one sec",
    "one second",
    "just a sec",
    "just a second",
    "one moment",
    "just a moment",
    "wait a moment",
    "let me count",
)


# A pause asked for with a reason to stop the game, or in so many words: always a pause.
LEAVE_CUES = (
    "bathroom break",
    "loo break",
    "toilet break",
    "went to the loo",
    "is in the bathroom",
    "is in the loo",
    "at the door",
    "phone is ringing",
    "phone s ringing",
    "phone ringing",
    "doorbell",
    "a break",
    "time out",
    "pause",
    "wait stop",
    "stop stop",
)


# How a table asks for a command in its own words, read from a sentence no phrase matched
# ("what was the question again", "scratch that", "hang on, bathroom break"). Read from the
# transcript only: a grammar recogniser listens for the [commands] phrases of prompts/, which are
# kept few because each phrase more is also heard in talk. "Hold on", "wait a minute", "what was
# that" and "cancel that" are not here: across a table they are talk far more often than words
# to gm (BENCHMARKS.md, tests/test_engine.py).
COMMAND_CUES: dict[Command, tuple[str, ...]] = {
    Command.REPEAT: (
        "what was the question",
        "read that again",
        "read it again",
        "read the question again",
        "say the question again",
        "hear the question again",
        "one more time",
        "say it again",
        "say that again",
        "come again",
        "did not hear",
        "did not catch",
        "can you repeat",
        "could you repeat",
        "repeat",
        "what did you say",
        "what did you hear",  # what gm took ("what did it hear" is the table wondering)
        "what word did you hear",
        "say the word again",
        "say the word back",
        "which ones are up",
        "what are we voting on",
        "what was i asked",
        "what did you ask",
        "what are we doing with",
        "what do we do with the cards",
        "what was the theme",
        "what letters",
        "which letters",
        "what were the letters",
        "what letter was it",
        "what was the letter",
        "the letters again",
        "the theme again",
        "repeat the theme",
        "the theme was",
        "what is the theme",
        "read that question",
        "once more",
    ),
    Command.HELP: (
        "how do we",
        "how does this work",
        "how does the",
        "how does scoring",
        "how does it work",
        "how do i do this",
        "what do we do now",
        "what do we say",
        "what can we say",
        "what are the rules",
        "what are we supposed to",
        "what am i supposed to",
        "what do i say",
        "what should i say",
        "what should we say",
        "i am lost",
        "we are lost",
        "help",
    ),
    Command.SCORE: (
        "score",
        "scores please",
        "how many tokens",
        # not "tokens left": "I've only got two tokens left in my hand" is a player's own
        "tokens are left",
        "tokens have we got",
        "any tokens left",
        "tokens do we have",
        "who is winning",
        "who is ahead",
        "who is in the lead",
        "how are we doing",
        "standings",
        "how many points",
        "how many stars",
        "token count",
    ),
    Command.PAUSE: HOLD_CUES + LEAVE_CUES,
    Command.RESUME: (
        "we are back",
        "i am back",
        "let us continue",
        "let us keep going",
        "carry on",
        "keep going",
        "back now",
        "ready again",
        "resume",
        "unpause",
        "let us go again",
    ),
    Command.UNDO: (
        "undo",
        "scratch that",
        "take that back",
        "take it back",
        "go back",
        "that was wrong",
        "that is wrong",
        "not what i said",
        "revert",
        "you got that wrong",
        "wrong decision",
    ),
    Command.SKIP: (
        "skip",
        "next question please",
        "another question",
        "different question",
        "new question",
        "new theme",
        "next theme",
        "different theme",
        "another theme",
        "change the theme",
        "change theme",
        "get another one",
    ),
    Command.QUIT: (
        "call it a night",
        "done for tonight",
        "done for the night",
        "stop playing",
        "end the game",
        "quit",
        "stop the game",
        "game over for us",
        "that is enough for tonight",
        "let us stop",
        "we are stopping",
    ),
}
# Read as a command only where a sentence is not a question to the table ("is everyone ready?")
# and is short: a long sentence that happens to hold "go back" is talk.
CUE_WORDS = 12
# A question about what something scores is about the rules, not the score so far: "how many
# points does a forger get", "how many points is a unique drawing" (help, though "how many
# points" asks the score); "how many points does the leader have", "are the others on" ask it.
RULES_QUESTION = re.compile(r" how many (?:points|stars|tokens) (does|do|is|are) (?:a|an|the) (.*)")
SCORES_VERBS = frozenset("get gets give gives earn earns score scores win wins".split())
STANDING = frozenset("on at have has got left".split())  # "are the others on": the score


# "what do the forgers score again", "how does a unique drawing score": what a kind of thing
# scores, by the rules.
RULES_SCORING = re.compile(
    r" (?:what|how) (?:do|does) (?:(?:a|an|the) (?!others |rest |guys |leaders? )"
    r"(?:\w+ ){1,3}(?:score|get|earn)"
    r"|(?<=how do )(?:we|you) score (?:this|that|it|again)) "
)


# "what does absolute majority mean again", "what counts as a majority", "how does challenging
# work": what a word of the rules means, or how a part of the game works.
RULES_WORDS = re.compile(
    r" (?:what (?:does|do) (?:an? |the )?(?:absolute )?(?:majority|unanimous|meh|challenge"
    r"|challenging|forgers?|connection tokens?|hint) mean"
    r"|what counts as (?:an? |the )?(?:majority|unanimous|a hint|a match)"
    r"|how (?:does|do) (?:\w+ing|voting|challenges|scoring|the vote|the challenge) work) "
)


def _rules_question(said: str) -> bool:
    """Whether a sentence asks what something scores (RULES_QUESTION, RULES_SCORING) or what a
    word of the rules means (RULES_WORDS), not what someone has."""
    if RULES_SCORING.search(said) or RULES_WORDS.search(said):
        return True
    found = RULES_QUESTION.search(said)
    if found is None:
        return False
    rest = set(found.group(2).split())
    if found.group(1) in ("does", "do"):
        return bool(rest & SCORES_VERBS)
    return not rest & STANDING


# Words that hold a cue and ask for nothing: "who's doing the score sheet tonight", "my mom's
# a nurse, does that help".
NOT_CUES = (
    "score sheet",
    "score card",
    "score pad",
    "score keeper",
    "keep score",
    "keeping score",
    "does that help",
    "would that help",
    "did that help",
    "does it help",
    "would it help",
)
# "quit it, Mike", "oi, quit that": said to a player, first; not "let's just quit it", "I quit,
# that's it".
_QUIT_IT = re.compile(r"^ (?:oh |hey |oi )?quit (?:it|that) (?!is )")


def command_meant(
    text: str, available: Iterable[Command], at_start: bool = False
) -> Command | None:
    """The one command of `available` a sentence asks for in its own words (`at_start`: in its
    first words), None when it asks for none or for two (then it is talk, or too unclear to act
    on), or says not to ("don't help him")."""
    said = _cue_words(text)
    if len(said.split()) > CUE_WORDS:
        return None
    for words in NOT_CUES:
        said = said.replace(f" {words} ", " - ")
    said = _QUIT_IT.sub(" - ", said)
    if Command.HELP in set(available) and not at_start and _rules_question(said):
        return Command.HELP
    found = {
        command
        for command in available
        for cue in COMMAND_CUES.get(command, ())
        if f" {cue} " in said
        and f" not {cue} " not in said
        and (not at_start or said.startswith(f" {cue} "))
        and not said_to_player(text, cue)
    }
    if not found and not at_start:
        framed = _framed(said.split())
        found = {framed} if framed in set(available) else set()
    return found.pop() if len(found) == 1 else None


def said_to_player(text: str, cue: str) -> bool:
    """Whether a command's words to "you" in `text` are said just after a player's name, to
    that player ("Priya, what did you say?"), not to gm."""
    cue = _cue_words(cue)
    if " you " not in cue:
        return False
    said = _cue_words(text)
    return any(f" {name}{cue}" in said for name in called(text))


def called(text: str) -> set[str]:
    """The players a sentence calls by name ("Priya, what did you say?"): a word said alone
    between commas or at the start before one, none of the words a sentence opens with
    ("sorry, what did you say?"). A cue said to "you" just after it is said to them."""
    pieces = (piece.split() for piece in re.split(r"[,.;:!?]", text.lower()))
    return {
        piece[0]
        for piece in pieces
        if len(piece) == 1
        and len(piece[0]) > 1  # "c... c... I had one": a letter, no name
        and piece[0].isalpha()
        and piece[0] not in _NO_NAMES
        and not piece[0].endswith("ly")  # "seriously, what did you say?"
    }


_NO_NAMES = (
    COMMON_WORDS
    | MOOD_WORDS
    | frozenset(w for phrase in FILLERS for w in phrase.split())
    | frozenset(
        "sorry wait hey hi hello please thanks what sir pardon excuse huh eh hmm um uh er right "
        "no nope nah yes yep sure okay ok gm again crap damn question computer robot game "
        "master anyway listen look stop hold hang guys everyone".split()
    )
)


def leaves(text: str) -> bool:
    """Whether `text` gives a reason to leave the table ("bathroom break", "my phone's ringing"),
    not counting the cues that are also things a player may name ("a doorbell", "a break dance",
    "time out"): those pause only where said as a command, never over an answer."""
    return any_cue(text, (cue for cue in LEAVE_CUES if cue not in THING_LEAVE_CUES))


# Cues to leave that are also things: "uh, a doorbell" is a word for a theme.
THING_LEAVE_CUES = frozenset(("a break", "time out", "doorbell", "pause"))


def any_cue(text: str, cues: Iterable[str]) -> bool:
    """Whether any of `cues` is said in `text`, as cues are looked for (whole words)."""
    said = _cue_words(text)
    return any(f" {cue} " in said for cue in cues)


def holds(text: str) -> bool:
    """Whether a pause heard in `text` asks only for a moment's wait: a hold cue in it
    ("hang on, Jules hasn't flipped", "one sec, let me count") and no other word of a pause
    ("pause", "bathroom break", "the phone's ringing")."""
    said = _cue_words(text)
    return any(f" {cue} " in said for cue in HOLD_CUES) and not any(
        f" {cue} " in said for cue in LEAVE_CUES
    )


def asks_for_time(text: str) -> bool:
    """Whether a hold cue in `text` comes after words of the player's own ("c... c... I had one,
    hang on", "I'm not ready, give me a sec"): time asked of the table, not a pause asked of gm.
    Not where it opens the sentence ("hang on, the dog's barking", after `_LEADING` words only),
    nor where the words before it ask others to wait ("gm, hang on", "can you hang on a sec",
    "Tom needs a sec, hang on"; `_ASKING_OTHERS`, a player called by name). Where a clock runs
    the time is the player's own, so the clock runs on."""
    said = _cue_words(text)
    at = min((said.find(f" {cue} ") for cue in HOLD_CUES if f" {cue} " in said), default=-1)
    if at < 0 or not holds(text):
        return False
    before = set(said[:at].split()) - _LEADING
    return bool(before) and not before & _ASKING_OTHERS and not called(text)


# Words before a hold cue that leave it at the start: "oh, hang on", "um, one sec".
_LEADING = frozenset("oh um uh er erm hmm ah ahh no so okay ok right".split())
# Words before a hold cue that ask someone else to wait: "gm, hang on", "can you hang on", "Tom
# needs a sec, hang on".
_ASKING_OTHERS = frozenset(
    "you gm hey whoa woah dude guys everyone everybody wait needs need we us".split()
)


def _cue_words(text: str) -> str:
    """A sentence's words as cues are looked for in them: " hang on the phone s ringing "."""
    return " " + " ".join(re.findall(r"[a-z0-9]+", meaning_words(text))) + " "


# A question begun with one of these in its first words ("uh, wait, what are we voting on").
ASKING = frozenset("what which who whose how where".split())
POINTS = frozenset("points tokens stars".split())
MAY = frozenset("can could should allowed supposed do".split())


def _framed(said: list[str]) -> Command | None:
    """A command asked for by the shape of a question where no cue names it: one about what
    players have in points is the score ("what's everyone got in points"), one about what a
    player may say the help ("what am I allowed to say here"). "Again" alone makes no question
    a repeat: "what do you call that fizzy stuff again?" asks the table."""
    if not set(said[:3]) & ASKING:
        return None
    if set(said) & POINTS and set(said) & STANDING:
        return Command.SCORE
    if "say" in said and set(said) & {"i", "we"} and set(said) & MAY:
        return Command.HELP
    return None
