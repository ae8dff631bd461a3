"""The one dialogue engine every game runs on.

It speaks a step's lines, listens with the step's vocabulary, turns what it hears into a
choice or a command, hands answers to the pure rules, saves after every decision and keeps
the table in charge: repeat, help, score, pause, undo, skip and quit work at every moment.
"""

from __future__ import annotations

import enum
import random
import re
from dataclasses import dataclass, replace
from typing import Mapping, Protocol, Sequence

from gm.content import Lines
from gm.dialog.clock import Clock
from gm.dialog.hearing import EndOfInput, Hearing
from gm.dialog.intents import (
    CONFIRMED_COMMANDS,
    SURE_SCORE,
    Command,
    Match,
    Matcher,
    any_cue,
    asks_for_time,
    called,
    command_meant,
    holds,
    leaves,
    meaning_words,
    said_to_player,
)
from gm.dialog.transcript import Transcript
from gm.meaning import (
    bare_choice,
    hedged,
    thinking_aloud,
    tokens,
    unfinished,
    unknown,
    unsure,
    without_hesitations,
    yes_or_no,
)
from gm.speech.base import (
    Alternative,
    DeviceLost,
    Final,
    Speaker,
    SpeechStarted,
    Vocabulary,
    chatter_seconds,
    frequent,
)
from gm.state import Record, SaveDenied, SaveError, SaveStore
from gm.steps import Answer, AnswerKind, Ask, End, Game, Kind, Meaning, Outcome, Reading
from gm.vocab import number_word, reply, yes_no

SEATS = 8  # the most players any of the games seats: the seats whose "Player N," is made ahead


@dataclass(frozen=True)
class EngineConfig:
    tail: float = 0.3  # seconds of input dropped after gm stops speaking (half duplex)
    reprompt_after: float = 8.0  # seconds of silence before a no-input reprompt
    grace: float = 1.5  # an answer begun before a deadline may end this much after it
    countdown_warning: float = 10.0  # seconds left when "ten seconds" is said
    countdown_tones: int = 5  # one tone a second for this many last seconds
    tone_hz: float = 880.0
    tone_seconds: float = 0.12
    mumble_max: float = 2.5  # an utterance heard as nothing gets "sorry" only if this short
    # At most one "sorry" for unclear mumbles in this many seconds, and one while gm waits for an
    # answer: when the table talks among itself, every scrap of it is an unclear mumble (a "sorry"
    # every 45 s of espeak-ng conversation, every 25 s of babble, before the second rule).
    sorry_gap: float = 20.0
    doubtful: float = 0.5  # a choice heard with less recogniser confidence is confirmed first
    last_undo: float = 10.0  # seconds after the winner is announced in which "undo" still works
    # Seconds given back with the players' time when gm has spoken inside a timed ask (help,
    # repeat, "sorry", a check): the time gm's line takes to be taken in (gm.dialog.clock).
    understood: float = 1.0
    window: float = 15.0  # a timed ask this short (no turn, no time line) reopens in full
    # Hear what the microphone caught while gm said "Ten seconds." (gm knows when it plays it),
    # instead of dropping it as after other lines: a word begun over or right after it is heard.
    hear_over_warning: bool = True
    # The command that carries a saved game on, as gm's goodbye names it ("gm resume", or with
    # the folder the game is saved in when it is not the usual one)
    resume: str = "gm resume"


class Taps(Protocol):
    """Answers given by hand (gm.display): one more source beside the ear, read each time the
    engine polls its input, and heard as the same words said would be."""

    def take(self) -> str | None:
        """The phrase tapped for the ask being listened for, if one is waiting."""


class Flow(enum.Enum):
    UNDO = "undo"
    QUIT = "quit"


class Paused(enum.Enum):
    RESUMED = "resumed"  # the table said "resume": the ask's clock starts again


class Result(enum.Enum):
    OVER = "over"  # the game reached its end
    QUIT = "quit"  # the table asked to stop; the game is saved
    INPUT_ENDED = "input_ended"  # the WAV file or the typed input ran out; the game is saved


@dataclass
class Heard:
    """What one listen produced."""

    match: Match | None = None
    free: tuple[str, ...] = ()
    timeout: bool = False
    # A phrase was heard, but in a scrap of noise or in talk (see interpret): gm says nothing, as
    # for talk it did not understand, not "Sorry, I didn't catch that".
    noise: bool = False
    # A phrase was heard beside the voice in a quiet room: someone said something else. Like sound
    # the recogniser could not place at all, it gets one "sorry" a question.
    unplaced: bool = False
    # Part of an answer, read by the ask's meaning: gm asks its question and reads the next
    # sentence with what this one said (Reading.held).
    partial: Reading | None = None
    # The sentence as heard, when the ask's meaning took the answer's words out of it
    # (Kind.WORDS): the decision keeps what was said.
    said: str = ""


def listening_commands(commands: Mapping[Command, Sequence[str]]) -> dict[Command, Sequence[str]]:
    """The commands an ask listens for: all but resume, which means something only while the game
    is paused (and there is listened for alone). Out of a question's vocabulary, "go on" and
    "carry on" no longer take the place of "one" or "k" when those are the answers."""
    return {
        command: phrases for command, phrases in commands.items() if command is not Command.RESUME
    }


def hearing_for(ask: Ask, commands: Mapping[Command, Sequence[str]]) -> tuple[Matcher, Vocabulary]:
    """What an ask's answers are matched with, and what the recogniser listens for: with a
    meaning, whole sentences too (Vocabulary.followed), which the meaning reads. `commands`: the
    listening commands (listening_commands)."""
    matcher = Matcher(ask.choices, commands)
    followed = ask.meaning is not None and not ask.free
    return matcher, matcher.vocabulary(
        ask.free,
        ask.hints,
        ask.endpoint,
        followed,
        ask.free and ask.one_word,
        ask.free and ask.several,
    )


def pooled_confidence(final: Final, matcher: Matcher, match: Match) -> float:
    """The recogniser's confidence in `match`: readings that mean the same thing pool theirs
    ("that's all" 0.45 beside "that is all" 0.55 is a sure "that's all")."""
    confidence = next((a.confidence for a in final.alternatives if a.text == match.heard), 1.0)
    same = 0.0
    for alternative in final.alternatives:
        reading = matcher.match([alternative.text])
        if reading is not None and (reading.value, reading.command) == (match.value, match.command):
            same += alternative.confidence
    return max(confidence, same)


# A phrase whose words stand less than this over the rest of its utterance (Final.stands) was
# put beside the voice, not on it: the recogniser explained a drum beat or a scrap of talk with it,
# or the voice said something else ("challenge" heard as "repeat" placed on its quiet start). On the
# corpus no right decision stood under 4.4 dB (nor in steady babble and music, but one command at
# 5 dB), and of the commands music and talk made up all but one stood under 3.3
# (docs/recognition.md). Switched off, with Whisper: 3 decisions instead of 1 in 12.4 min of
# off-script talk, all taken without asking, and 2 and 1 more wrong commands in steady babble at
# 10 and 20 dB, for 2 more clean yes-or-no answers and 1 more command at each level; with
# PocketSphinx 4 instead of 3 off-script and 3 and 1 more wrong commands (BENCHMARKS.md, "Shared
# rules with and without").
OFF_THE_VOICE_DB = 4.0


# A sentence longer than this, read by meaning rather than matched to a phrase, is read back
# first ("I heard ... Is that right?"), however sure its reading: the longer the sentence, the
# more there is in it that the meaning did not read (BENCHMARKS.md, "Meaning"). Not in open
# speech, whose answers the game checks itself (a drawing's name it does not know).
MEANT_SURE_WORDS = 6


def meant(
    reading: Reading, match: Match | None, heard: str, checked_by_game: bool = False
) -> Match | None:
    """The match the engine acts on when the phrases matched nothing sure and the ask's meaning
    read a whole answer in the sentence: the phrase's when they agree (sure if either is), else
    the meaning's, sure only when the reading is and no phrase heard something else."""
    if reading.kind is not Kind.ANSWER:
        return match
    if match is not None and match.value == reading.value and match.command is None:
        return replace(match, score=max(match.score, SURE_SCORE if reading.sure else 0.0))
    short = checked_by_game or len(heard.split()) <= MEANT_SURE_WORDS
    score = SURE_SCORE if reading.sure and match is None and short else SURE_SCORE - 1
    return Match(reading.value, reading.said, heard, score)


def read_back(match: Match) -> Match:
    """`match`, to be checked before it is taken ("I heard ... Is that right?")."""
    return replace(match, score=min(match.score, SURE_SCORE - 1))


def interpret(
    final: Final,
    matcher: Matcher,
    free: bool,
    doubtful: float,
    meaning: Meaning | None = None,
    held: object = None,
    cued: bool | frozenset[Command] = True,
    doubt_asked: bool = False,
    countdown: bool = False,
) -> Heard:
    """How the engine reads one utterance: a choice or command, or in open speech the words. It
    reads the uniform Final alone; what only one recogniser needs is done in its adapter.

    A phrase heard in more time than a speaker would take (chatter_seconds of the words' own time,
    Final.seconds) is talk the recogniser forced it onto, and one whose words stand less than
    OFF_THE_VOICE_DB over the rest of the utterance is noise or talk (Heard.noise); but the last,
    in a quiet room, is someone who said something else (Heard.unplaced). The chatter rule,
    switched off, let Whisper take a wrong decision without asking in steady babble at 10 dB and
    a "quit" (which asks) at 20 dB, for 1 more command heard right, and PocketSphinx 2 more wrong
    commands at 10 dB, both without asking, and 1 more decision in 12.4 min of off-script talk
    (BENCHMARKS.md, "Shared rules with and without"). A choice the recogniser doubted
    (confidence under `doubtful`, or heard only on a second look: Final.doubted) scores below
    sure, so it is confirmed first. An undo or a skip (CONFIRMED_COMMANDS: they change the game)
    heard in a room that was not quiet, or doubted, scores below sure too, so it is confirmed
    first: on the corpus every undo heard in noise was talk or noise taken for it
    (docs/recognition.md). The other commands only speak or wait, and quit always asks. Nothing
    understood gives an empty Heard.

    The ask's `meaning` reads the best transcript as a sentence (`held`: what a partial reading
    before it understood): a whole answer in it is the answer however long the sentence (the
    chatter rule then weighs the sentence, not a phrase), checked first unless sure; part of
    one is Heard.partial. A meaning whose answers change the score names the words it knows
    (`known`: its tables' words; gm.meaning.lexicon): a sure answer read from a sentence with a
    word neither it, the ask's phrases nor gm's common words hold is checked first, since the
    word it passed over may have said otherwise ("four for two, then Jo changed hers", a
    misheard word).

    `cued`: a command asked for in the table's own words (intents.COMMAND_CUES) is read for any
    of the ask's commands (True), none (False), or only those given (at "Is that right?", those
    that only speak: "what was the question again?" is a repeat there too).

    With `doubt_asked` (not in a countdown, where there is no time for it), a reply that is only
    doubt ("not really sure", "sort of"), or a sentence cut off before its answer ("group one
    and, er"; gm.meaning.unfinished), and means nothing else is asked again (a partial reading
    whose question is UNSURE). In a `countdown` a player thinking aloud
    ("one sec", "hang on"; gm.meaning.thinking_aloud) or only doubting ("I'm not sure") is said
    to nobody: no pause, no "sorry", the time runs on (it is theirs).
    """
    texts = [a.text for a in final.alternatives if a.text.strip()]
    if not texts:
        return Heard()
    if countdown and thinking_aloud(tokens(texts[0])):
        return Heard(noise=True)  # "one sec" in a countdown: not said to gm, nothing to answer
    own_time = countdown and asks_for_time(texts[0])  # "I had one, hang on": no pause
    # In open speech only the best reading may be a command: lower ones are guesses
    # ("stairs" came back as [stairs, fence, exit]), and only a clear one beats the words.
    match = matcher.match(texts[:1] if free else texts)
    if free and match is not None and match.score < SURE_SCORE:
        match = None
    if own_time and match is not None and match.command is Command.PAUSE:
        match = None
    if match is not None and match.command is not None and said_to_player(texts[0], match.phrase):
        match = None  # "Priya, what did you say?": to her, not to gm
    if (match is None or not match.sure) and (hesitated := without_hesitations(texts[0])):
        again = matcher.match([hesitated])  # "help, um", "repeat, er": the phrase said
        if again is not None and again.sure and (again.command is not None or not free):
            match = again
    if meaning is None and not free and not countdown and (match is None or not match.sure):
        # a choice said with words around it ("I think regular", "regular please", "yep, we
        # are all set"): the choice, read back first where the words doubt it; not in a
        # countdown, where "oh stop" said among the players would stop everyone's drawing
        bare = bare_choice(texts[0])
        again = matcher.match([bare]) if bare else None
        if again is not None and again.sure and again.command is None:
            match = replace(again, score=SURE_SCORE - 1) if hedged(texts[0]) else again
    if meaning is None:
        reading = None
    elif thinking_aloud(tokens(texts[0])):
        reading = NOT_READ  # "one sec", "hang on": no "one" of an answer, a moment's wait asked
    else:
        reading = meaning.read(texts[0], held)
    if (
        countdown
        and unsure(tokens(texts[0]))
        and (match is None or not match.sure)
        and (reading is None or reading.kind is not Kind.ANSWER)
    ):
        # "I'm not sure", "hmm, maybe" in a countdown: to nobody, like "one sec", and no "Sorry"
        # to spend the player's time on ("no idea" is the ask's own pass, read above)
        return Heard(noise=True)
    if reading is not None and reading.kind is Kind.ANSWER and reading.sure:
        known = getattr(meaning, "known", None)
        if known is not None and unknown(texts[0], known | matcher.words):
            reading = replace(reading, sure=False)  # a word the reading passed over: read back
    if (
        doubt_asked
        and reading is not None
        and reading.kind is Kind.NOTHING  # talk stays talk: gm says nothing to it
        and (match is None or not match.sure)
        and (unsure(tokens(texts[0])) or unfinished(texts[0]))
    ):
        # "not really sure", "sort of": no answer yet, and no guess; asked again (the question
        # is the engine's own line, UNSURE), what was held kept
        return Heard(partial=Reading(Kind.PARTIAL, question=UNSURE, held=held))
    chosen = match is not None and match.command is None and match.sure
    read_sure = reading is not None and reading.kind is Kind.ANSWER and reading.sure
    if reading is not None and reading.kind is not Kind.TALK and not chosen:
        # "let's quit, it's late": a quit (asked first), no word "late"
        reading = NOT_READ if commanded(texts[0], matcher, read_sure) else reading
    said = match.phrase if match is not None else ""
    cue_commands = {
        c
        for c in matcher.commands
        if (cued is True or (cued and c in cued)) and not (own_time and c is Command.PAUSE)
    }
    if cued is not True and yes_or_no(tokens(texts[0])[:1]) is not None:
        cue_commands = set()  # at a check, "no, help" corrects: the answer was "help"
    cued = bool(cue_commands) and (
        not free
        or cued is not True  # a check: its open speech is only a correction after a "no"
        or (reading is not None and reading.kind in (Kind.TALK, Kind.NOTHING))
    )
    if reading is not None and (match is None or not match.sure):
        match = meant(reading, match, texts[0], checked_by_game=free)
        said = texts[0] if reading.kind is Kind.ANSWER else said
        command = command_meant(texts[0], cue_commands) if match is None and cued else None
        if command is not None and reading.kind in (Kind.TALK, Kind.NOTHING):
            reading = NOT_READ  # "can we get a new theme, fruit is too easy": a skip
        if reading.kind is Kind.TALK and match is None:
            return Heard()
        if reading.kind is Kind.WORDS and match is None and free:
            phrases = set(matcher.phrases)
            rest = (t for t in texts[1:] if t not in phrases)
            return Heard(free=(str(reading.value), *rest), said=texts[0])
        if reading.kind is Kind.PARTIAL and (match is None or not match.sure):
            if final.stands is not None and final.stands < OFF_THE_VOICE_DB:
                return Heard(noise=final.noisy, unplaced=not final.noisy)
            return Heard(partial=reading)
    if match is None and cued:
        # A command asked for in the table's own words ("scratch that", "hang on"): an undo or a
        # skip so read is checked first, as one heard in noise is. In open speech only where the
        # ask's meaning read talk or nothing of its own ("repeat it" may be a word; "say it
        # again" at "Is that right?" is no verdict and no name).
        command = command_meant(texts[0], cue_commands)
        if command is not None:
            sure = command not in CONFIRMED_COMMANDS
            match = Match(None, command.value, texts[0], SURE_SCORE - (not sure), command)
            said = texts[0]
    if match is not None and final.seconds > chatter_seconds(said):
        return Heard(
            noise=True
        )  # four seconds of talk forced onto "say that again": chatter, not a command
    if match is not None and final.stands is not None and final.stands < OFF_THE_VOICE_DB:
        # Placed beside the loudest sound, not on it: music's "undo", talk's "repeat"; in a quiet
        # room, someone said something else ("challenge" heard as "repeat" on its quiet start).
        return Heard(noise=final.noisy, unplaced=not final.noisy)
    if match is not None:
        confidence = pooled_confidence(final, matcher, match)
        doubted_choice = match.command is None and (confidence < doubtful or final.doubted)
        if doubted_choice or (
            match.command in CONFIRMED_COMMANDS and (final.doubted or final.noisy)
        ):
            match = read_back(match)  # confirm it first
        return Heard(match=match)
    if free:
        # Below the best reading, a command or choice phrase is the grammar's guess, not a word.
        phrases = set(matcher.phrases)
        return Heard(free=(texts[0], *(t for t in texts[1:] if t not in phrases)))
    return Heard()


def commanded(text: str, matcher: Matcher, sure: bool = False) -> bool:
    """Whether a sentence asks gm to stop or take back, whatever answer is in it: it opens by
    quitting, skipping or undoing in so many words ("let's quit, it's late", "undo, that's not
    what I said"; not "that's wrong, it's a goldfish", which corrects), ends the evening anywhere
    in it ("okay I'm done, let's call it a night"; not "let's stop arguing"), or gives a reason
    to leave the table ("hang on, bathroom break"; not "a doorbell", a word for a theme, nor a
    reason said to a player by name). Quit and undo ask first, as always. An answer the
    ask's meaning read `sure` gives way only to the last two ("next question please" at Who the
    F's next question is that, not a skip)."""
    first = re.split(r"[,.;:!?]", text)[0]
    wanted = [c for c in (Command.QUIT, Command.SKIP) if c in matcher.commands]
    if not sure and wanted and command_meant(first, wanted) is not None:
        return True
    said = meaning_words(first).strip(" .!")
    if not sure and Command.UNDO in matcher.commands and said in UNDO_SAID:
        return True
    if Command.QUIT in matcher.commands and any_cue(text, ENDS_THE_EVENING):
        return True
    return Command.PAUSE in matcher.commands and leaves(text) and not called(text)


# An undo in so many words, said first: "undo, that's not what I said".
UNDO_SAID = frozenset(
    ("undo", "undo that", "scratch that", "take that back", "take it back", "go back", "revert")
)
# Words that end the evening, wherever they are said: "okay I'm done, let's call it a night".
ENDS_THE_EVENING = (
    "call it a night",
    "end the game",
    "stop the game",
    "done for tonight",
    "done for the night",
    "that is enough for tonight",
    "game over for us",
    "turn the game off",
    "want to quit",
    "want to stop playing",
)


NOT_READ = Reading()
# The question of a reply that is only doubt: the engine says its own line ("No rush...").
UNSURE = "unsure"


def _offers(matcher: Matcher, skippable: bool) -> list[dict]:
    """What a tap may answer at a listen: one phrase for each choice and command (a skip only
    where the ask can be skipped: the ear hears it anywhere, to say there is nothing to skip)."""
    return [
        {"phrase": phrase, "value": value, **({"command": command.value} if command else {})}
        for phrase, value, command in matcher.offers()
        if skippable or command is not Command.SKIP
    ]


# The commands heard at "Is that right?" (skip has nothing to skip there).
CHECK_COMMANDS = (
    Command.REPEAT,
    Command.HELP,
    Command.SCORE,
    Command.PAUSE,
    Command.UNDO,
    Command.QUIT,
)


def checks_matcher(commands: Mapping[Command, Sequence[str]]) -> Matcher:
    """What "Is that right?" listens for: yes and no and the commands, few phrases, so a grammar
    recogniser still hears a yes in noise. A correction ("no, it was a kitten") comes as the
    transcript (Vocabulary.followed) and is read by the engine;
    a grammar recogniser hears its "no"."""
    return Matcher(yes_no(), commands)


def holds_on(ask: Ask, match: Match) -> bool:
    """Whether `match` asks gm to hold at `ask`: a pause asked for only as a moment's wait
    ("hang on, let me count", "one sec"; intents.HOLD_CUES) where no clock runs. gm then says
    nothing, asks nothing again while the table is quiet, and still hears the answer; "we're
    back" says the ask again. A pause proper ("pause", "bathroom break") and any pause where a
    clock runs stop everything until "resume": a table that says "hang on" while it counts
    its votes is not leaving, and an answer said next must not be refused as said while
    paused."""
    return match.command is Command.PAUSE and ask.timeout is None and holds(match.heard)


def asked_first(match: Match, always: bool) -> bool:
    """Whether the engine asks "I heard X. Is that right?" before acting on `match`: a choice when
    the ask confirms every answer (`always`) or the match is not sure; an undo or a skip that is not
    sure (heard in noise, see interpret). Quit asks a question of its own."""
    if match.command is None:
        return always or not match.sure
    return match.command in CONFIRMED_COMMANDS and not match.sure


# The commands read in the table's own words at "Is that right?": those that only speak. An undo
# or a pause there is heard only as its phrase: talk around a check is the table's.
SPOKEN_CHECK_CUES = frozenset((Command.REPEAT, Command.HELP, Command.SCORE))


# What gm listens for while paused. Not undo: talk while a game is paused ("let's go back to
# the kitchen") would take back a decision with no one asked.
PAUSED_COMMANDS = (Command.RESUME, Command.QUIT, Command.HELP, Command.REPEAT, Command.SCORE)


def _paused_again(heard: str, commands: Mapping[Command, Sequence[str]]) -> bool:
    """Whether words heard while paused are a pause phrase (which fuzzily matches "unpause")."""
    said = " ".join(meaning_words(heard).split())
    return said in {" ".join(meaning_words(p).split()) for p in commands.get(Command.PAUSE, ())}


def rebuild(game: Game, record: Record) -> tuple[object, random.Random]:
    """Replay the recorded answers from the seed: the state and the rng after the last one."""
    rng = random.Random(record.seed)
    state = game.new(record.options, rng)
    for index, entry in enumerate(record.answers, 1):
        step = game.step(state)
        if not isinstance(step, Ask) or step.id != entry["step"]:
            raise SaveError(
                f"The saved game does not fit the rules of this version at decision {index}."
            )
        outcome = game.apply(state, step, Answer.from_json(entry["answer"]), rng)
        state = outcome.state
    return state, rng


class Engine:
    def __init__(
        self,
        game: Game,
        hearing: Hearing,
        speaker: Speaker,
        lines: Lines,
        commands: Mapping[Command, Sequence[str]],
        transcript: Transcript,
        record: Record,
        store: SaveStore | None = None,
        config: EngineConfig = EngineConfig(),
        taps: Taps | None = None,
    ) -> None:
        self.game = game
        self.taps = taps
        self.hearing = hearing
        self.speaker = speaker
        self.lines = lines
        self.commands = dict(commands)
        self._asked_commands = listening_commands(self.commands)
        self.transcript = transcript
        self.record = record
        self.store = store
        self.config = config
        self.state, self.rng = rebuild(game, record)
        # The players' clocks shared by several asks (Ask.deadline), on the game clock. An undo
        # clears them: the step it restores gets its full time.
        self._deadlines: dict[str, Clock] = {}
        self._said_until = 0.0  # game-clock moment gm's last line ended
        self._last_sorry = -1e9
        self._mumbled = False  # gm has said "sorry" for an unclear mumble since it last asked
        # the asks whose answers gm has listed (in a "sorry" or "help"): a later "sorry" is brief
        self._told: set[str] = set()
        self._mute = False  # gm has spoken since the input was last read: drop the echo first
        self._unsaved = False  # the last save failed; no decision is taken until one works
        # the game is on disk (resumed, or saved since): a new game is written only once it has a
        # decision, else its empty record would push the unfinished game it replaces out of
        # current.json (set in run)
        self._kept = False
        # The next ask says what it needs again (Ask.again): a saved game resumes, or the answer
        # to a turn's ask was refused and the same turn goes on (_decide).
        self._resuming = False
        self._asked: str | None = None  # the ask a refusal's own question has just asked
        self._barged: str | None = None  # the word said over gm's voice that stopped its line
        # The ask being listened for reads sentences with this meaning, and what a partial reading
        # of the sentence before understood (Reading.held), until the ask is answered.
        self._meaning: Meaning | None = None
        self._held: object = None
        self._skippable = False  # the ask being listened for can be skipped (a tap offers it)

    # -- the game loop -------------------------------------------------------------------

    def run(self, resumed: bool = False, greeting: Sequence[str] = ()) -> Result:
        title = self.game.title
        self._prepare(self._frequent())
        self._resuming = resumed
        self._kept = resumed or bool(self.record.answers)
        first = self.game.step(self.state)
        full_time = resumed and isinstance(first, Ask) and first.timeout is not None
        self._say(
            (
                self.lines(
                    "resumed_ended" if isinstance(first, End) else "resumed_game", title=title
                )
                if resumed
                else self.lines("welcome", title=title),
                *greeting,
                *((self.lines("full_time"),) if full_time else ()),
            )
        )
        if not resumed and not self.record.answers and getattr(self.game, "names_seats", True):
            self._say((self.lines("seats"),))
        self._emit_state()
        try:
            while True:
                step = self.game.step(self.state)
                if isinstance(step, End):
                    if self._finish(step):
                        return Result.OVER
                    self._undo()  # the game's last decision, taken back
                    continue
                reply = self._ask(step)
                if reply is Flow.QUIT:
                    self._save()
                    goodbye = ("goodbye", "goodbye_unsaved")[not self._kept]
                    self._say((self.lines(goodbye, resume=self.config.resume),))
                    return Result.QUIT
                if reply is Flow.UNDO:
                    self._undo()
                    continue
                self._decide(step, reply)
        except EndOfInput:
            self._save()
            self._emit("say", text=self.lines("input_ended"))
            return Result.INPUT_ENDED

    def say(self, *texts: str) -> None:
        """Lines outside the game's asks (gm play's goodbye after a quit at "resume it or start
        a new one?")."""
        self._say(texts)

    def question(self, ask: Ask) -> Answer | Flow:
        """One ask outside the game's rules, before it starts (gm play's "resume it or start a new
        one?"), heard with every command as a game's asks are."""
        return self._ask(ask)

    def _finish(self, end: End) -> bool:
        """Announce the end, then listen `last_undo` seconds in which the game's last decision can
        still be undone (False: it was). The last decision was saved before the announcement and
        the save is marked finished only after it, so a game stopped in between (a crash, the
        power) announces its winner again when it is resumed."""
        ask = Ask(
            id="game.end",
            say=end.say,
            timeout=self.config.last_undo,
            reprompts=(),
            expected=self.lines("end_expected"),
        )
        try:
            reply = self._ask(ask)
        except EndOfInput:
            reply = None
        if reply is Flow.UNDO:
            return False
        self.record.finished = True
        self._save()
        self._emit("game_over", winners=list(end.winners), state=self.game.public(self.state))
        return True

    def _decide(self, ask: Ask, answer: Answer) -> None:
        saved_rng = self.rng.getstate()
        outcome: Outcome = self.game.apply(self.state, ask, answer, self.rng)
        if not outcome.accepted:
            self.rng.setstate(saved_rng)
            self._emit(
                "decision",
                step=ask.id,
                answer=answer.to_json(),
                accepted=False,
                decision=outcome.decision,
            )
            self._say(outcome.say)
            # A turn on its clock goes on: its ask comes back as said on a repeat (a Funocracy
            # turn refused a second skip keeps its theme, which `say` would call new). Elsewhere
            # the ask's own lines follow, unless the refusal ended on a question of its own
            # ("With one voter there can't be a tie. Did good or meh win?"): then it has asked.
            self._resuming = bool(ask.deadline)
            lines = [line for line in outcome.say if line.strip()]
            if not ask.deadline and lines and lines[-1].rstrip().endswith("?"):
                self._asked = ask.id
            if ask.after_refusal is not None:  # its own lines after a refusal (Ask.after_refusal)
                self._say(ask.after_refusal)
                self._asked = ask.id
            return
        entry = {"step": ask.id, "answer": answer.to_json(), "decision": outcome.decision}
        if outcome.put_back:
            entry["put_back"] = outcome.put_back
        if outcome.transition:
            entry["transition"] = True
        self.record.answers.append(entry)
        if not self._save():  # a decision that cannot be kept is not taken: the ask comes again
            self.record.answers.pop()
            self.rng.setstate(saved_rng)
            return
        self.state = outcome.state
        self._emit(
            "decision",
            step=ask.id,
            answer=answer.to_json(),
            accepted=True,
            decision=outcome.decision,
        )
        self._emit_state()
        self._say(outcome.say)

    def _undo(self) -> None:
        if not self.record.answers:
            self._say((self.lines("nothing_to_undo"),))
            return
        undone = self.record.answers.pop()
        self.record.finished = False  # a finished game resumed and undone is playing again
        while undone.get("transition") and self.record.answers:  # "next question" is no decision
            self._emit(
                "decision", step=undone["step"], kind="undo", decision=undone.get("decision", "")
            )
            undone = self.record.answers.pop()
        self.state, self.rng = rebuild(self.game, self.record)
        self._deadlines.clear()  # the restored step starts with its full time, not a stale deadline
        self._emit(
            "decision", step=undone["step"], kind="undo", decision=undone.get("decision", "")
        )
        self._emit_state()
        self._save()
        self._say(
            (
                self.lines("undone", decision=undone.get("decision") or "the last answer"),
                str(undone.get("put_back") or ""),
            )
        )
        self._resuming = True  # the ask comes back as on a repeat (Ask.again), not its first time

    # -- one ask -------------------------------------------------------------------------

    def _ask(self, ask: Ask) -> Answer | Flow:
        clock = self._clock(ask)
        if self._asked != ask.id:  # not asked already by the refusal just said
            self._say(self._prompt(ask, None if clock is None else clock.left, self._resuming))
        self._resuming, self._asked = False, None
        matcher, vocabulary = self._hearing_for(ask)
        self._meaning, self._held, self._skippable = ask.meaning, None, ask.skippable
        reprompts = (
            ask.reprompts
            if ask.reprompts is not None
            else tuple(
                t.format(expected=ask.expected or "help") for t in self.lines.many("reprompt")
            )
        )
        asked = held_hearing = (matcher, vocabulary)
        holding = False  # the table asked gm to hold (holds_on)
        while True:
            matcher, vocabulary = held_hearing if holding else asked
            if clock is not None:
                # The players' time runs when gm has finished saying the line that asks (or that
                # opened the window, said before this ask), not when gm began: gm's voice is not
                # theirs. It stops again when gm answers what it heard (gm.dialog.clock).
                clock.start(self._settle())
            heard = self._listen(
                ask.id,
                matcher,
                vocabulary,
                ask.expected,
                clock,
                ask.countdown,
                reprompts if clock is None and not holding else (),
                held=holding,
            )
            if heard.timeout:
                if ask.countdown:
                    self._say((self.lines("time_up"),))
                return Answer(AnswerKind.TIMEOUT)
            if clock is not None:
                clock.stop(self.hearing.live)
            if heard.free:
                return Answer(AnswerKind.FREE, list(heard.free), heard.said or heard.free[0])
            if heard.partial is not None:
                # "Three votes": gm asks the rest once, naming what it understood, and reads the
                # next sentence with it.
                self._held, holding = heard.partial.held, False
                self._say((heard.partial.question,))
                self.hearing.listen_for(vocabulary)
                continue
            match = heard.match
            assert match is not None
            if holds_on(ask, match) or (holding and match.command is Command.RESUME):
                if match.command is Command.RESUME:  # "we're back" after a hold: the ask again
                    self._say(self._prompt(ask, None, again=True))
                holding = match.command is Command.PAUSE  # "hang on": quiet until they are back
                if holding:  # "we're back" is heard too (listening_commands leaves resume out)
                    held_hearing = self._holding_hearing(ask)
                self._listen_again(ask)
                continue
            holding = False  # anything else said to gm: the table is back
            if asked_first(match, ask.confirm):
                checked = self._check(ask, match, vocabulary)
                if checked is None:
                    continue
                if isinstance(checked, (Answer, Flow)):
                    return checked
                match = checked
            if match.command is None:
                return Answer(AnswerKind.CHOICE, match.value, match.heard)
            flow = self._command(match.command, ask, None if clock is None else clock.left)
            if isinstance(flow, (Answer, Flow)):
                return flow

    def _holding_hearing(self, ask: Ask) -> tuple[Matcher, Vocabulary]:
        resume = {Command.RESUME: self.commands.get(Command.RESUME, ())}
        return hearing_for(ask, {**self._asked_commands, **resume})

    def _clock(self, ask: Ask) -> Clock | None:
        """The players' time at `ask`: its turn's running clock (Ask.deadline), else its own."""
        if ask.timeout is None:
            return None
        clock = self._deadlines.get(ask.deadline) if ask.deadline else None
        if clock is None:
            short = not ask.deadline and not ask.time_line and ask.timeout <= self.config.window
            clock = Clock(ask.timeout, self.config.understood, window=short)
            if ask.deadline:
                self._deadlines[ask.deadline] = clock
        return clock

    def _prompt(self, ask: Ask, left: float | None, again: bool = False) -> tuple[str, ...]:
        """The ask's lines (`again`: as said on a repeat, after a pause or a resume, Ask.again),
        its time line (Ask.time_line) saying the seconds really left: the whole limit when its
        clock has not started, less after a pause or while it runs."""
        lines = ask.again if again and ask.again else ask.say
        if not ask.time_line or ask.timeout is None:
            return lines
        seconds = ask.timeout if left is None else max(1.0, left)
        said = self.lines.counted("seconds", int(round(seconds)))  # "one second", "ten seconds"
        return (*lines, ask.time_line.format(seconds=said))

    def _command(
        self, command: Command, ask: Ask, left: float | None = None
    ) -> Answer | Flow | Paused | None:
        """Carry out a command; `left` is the ask's time left, if it has a limit."""
        if command is Command.REPEAT:
            self._say(self._prompt(ask, left, again=True))
        elif command is Command.HELP:
            # Inside a countdown, what this turn takes and how to stop the clock, not the
            # commands of the whole game: the long line is one players talk over.
            line = "help_brief" if ask.countdown else "help"
            if ask.expected:
                self._told.add(ask.id)
            self._say(
                (
                    self.lines(line, expected=ask.expected)
                    if ask.expected
                    else self.lines("help_no_expected"),
                )
            )
        elif command is Command.SCORE:
            self._say(self.game.score(self.state))
        elif command is Command.UNDO:
            if self.record.answers:
                return Flow.UNDO
            self._say((self.lines("nothing_to_undo"),))  # and the ask goes on, not said again
        elif command is Command.SKIP:
            if ask.skippable:
                return Answer(AnswerKind.SKIP)
            # what can be said instead: "ready", at the game's end "take that back"
            skip = ("nothing_to_skip", "nothing_to_skip_expected")[bool(ask.expected)]
            self._say((self.lines(skip, expected=ask.expected),))
        elif command is Command.QUIT:
            if self._yes_no(self.lines("quit_confirm")):
                return Flow.QUIT
            self._say((self.lines("quit_cancelled"),))
        elif command is Command.PAUSE:
            return self._pause(ask, left)
        self._listen_again(ask)
        return None

    def _hearing_for(self, ask: Ask) -> tuple[Matcher, Vocabulary]:
        return hearing_for(ask, self._asked_commands)

    def _listen_again(self, ask: Ask) -> None:
        self.hearing.listen_for(self._hearing_for(ask)[1])

    def _pause(self, ask: Ask, left: float | None) -> Paused | Flow:
        """Paused until "resume": repeat (the ask again), the score, help and quit work, and
        nothing else is heard (PAUSED_COMMANDS)."""
        self._say((self.lines("paused"),))
        only = {c: self.commands[c] for c in PAUSED_COMMANDS if c in self.commands}
        matcher = Matcher((), only)
        vocabulary = matcher.vocabulary(endpoint=0.6)
        expected = self.lines("paused_expected")
        while True:
            heard = self._listen("paused", matcher, vocabulary, expected, None, False, ())
            command = heard.match.command if heard.match else None
            if command is Command.RESUME and _paused_again(heard.match.heard, self.commands):
                command = None  # "pause" said while paused is no "unpause": it stays paused
            if command is Command.RESUME:
                self._say((self.lines("resumed"), *self._prompt(ask, left, again=True)))
                self._listen_again(ask)
                return Paused.RESUMED
            if command is Command.QUIT and self._yes_no(self.lines("quit_confirm")):
                return Flow.QUIT
            if command is Command.REPEAT:
                self._say((*self._prompt(ask, left, again=True), self.lines("paused")))
            if command is Command.SCORE:
                self._say(self.game.score(self.state))
            if command is Command.HELP:
                self._say((self.lines("paused"),))
            self.hearing.listen_for(vocabulary)

    def _check(
        self, ask: Ask, match: Match, vocabulary: Vocabulary
    ) -> Match | Answer | Flow | None:
        """ "I heard X. Is that right?", and what the table says to it.

        Yes in any of its forms ("yeah", "that's right"): `match`, to act on. No ("nope", "not
        quite"): None, and the ask's answers are listened for again. A correction in one breath
        ("no, three votes for number five", "no, it was a kitten") or the right answer said
        alone: that answer, acted on at once when heard clearly, else checked in turn; in open
        speech the words after the "no" are the answer. A command works as at any ask: repeat,
        help, score and pause come back to the question; undo and quit leave it, and the answer
        heard is not taken (undo takes back the last decision, as anywhere). Nobody answering
        (most likely talk, not gm's) is told, in one short line, that it was not taken; a "no"
        gets one too.
        """
        check = checks_matcher({c: self.commands[c] for c in CHECK_COMMANDS if c in self.commands})
        answers = Matcher(ask.choices, {})
        check_vocabulary = check.vocabulary(ask.free, ask.hints, endpoint=0.5, followed=True)
        expected = self.lines("confirm_expected")
        reprompts = tuple(t.format(expected=expected) for t in self.lines.many("reprompt"))[:1]
        question = self._check_question(match)
        self._say((question,))
        while True:
            heard = self._listen(
                "confirm", check, check_vocabulary, expected, None, False, reprompts, give_up=True
            )
            if heard.timeout:
                self._emit(
                    "decision", step="confirm", answer=None, accepted=False, decision=question
                )
                self._say((self.lines("confirm_lapsed"),))  # the table knows it was not taken
                self.hearing.listen_for(vocabulary)
                return None
            said = heard.match
            if said is not None and said.command is not None:
                flow = self._check_command(said.command, ask, question)
                if flow is not None:
                    return flow
                self.hearing.listen_for(check_vocabulary)
                continue
            checked = match.value if match.command is None else None
            verdict, corrected = self._check_reply(heard, ask, answers, checked)
            if verdict is None and corrected is None:
                self.hearing.listen_for(check_vocabulary)
                continue  # neither yes, no nor an answer: talk
            if (
                isinstance(corrected, Match)
                and corrected.command is None
                and corrected.value == match.value
                and match.command is None
            ):
                # the same answer again: a yes, unless after a no ("no, three for two" to "three
                # for two?" contradicts itself): then asked again, nothing taken
                verdict, corrected = (False, None) if verdict is False else (True, None)
            self._emit(
                "decision",
                step="confirm",
                answer=verdict if corrected is None else "correction",
                accepted=True,
                decision=question,
            )
            if corrected is None and verdict:
                return match
            if corrected is None:
                self._say(
                    (self.lines("confirm_retry" if match.command is None else "command_cancelled"),)
                )
                self.hearing.listen_for(vocabulary)
                return None
            if isinstance(corrected, Answer) or corrected.sure:
                return corrected
            match = corrected  # a correction the recogniser doubts: checked in turn
            question = self._check_question(match)
            self._say((question,))

    def _check_question(self, match: Match) -> str:
        """The check of an answer says what was heard; of a command, what gm took it to mean
        ("scratch that": "Did you mean undo?", not "I heard undo")."""
        if match.command is None:
            return self.lines("confirm", heard=match.phrase)
        return self.lines("confirm_command", command=match.phrase)

    def _check_reply(
        self, heard: Heard, ask: Ask, answers: Matcher, checked: object = None
    ) -> tuple[bool | None, Match | Answer | None]:
        """(yes / no / neither, the answer it corrects to) of one reply to a check: a correction
        is read by the phrases, else by the ask's meaning. A part of an answer ("no, for number
        three" to "three votes for number two?") is completed from what was `checked` and read
        back, never taken at once; a part that cannot be completed is no answer."""
        if heard.match is not None:
            return bool(heard.match.value), None
        if not heard.free:
            return None, None
        verdict, rest = reply(heard.free[0])
        if rest and verdict is not True:
            answer = answers.match([rest])
            if ask.meaning is not None and (answer is None or not answer.sure):
                alone = ask.meaning.read(rest)
                if alone.kind is Kind.ANSWER:
                    answer = meant(alone, answer, rest)
                    if answer is not None and len(rest.split()) <= 2:
                        # a word or two ("no, only two" to "no votes for two and five?") may
                        # mean the checked answer changed, not a new one read alone: read back
                        answer = read_back(answer)
                elif alone.kind is Kind.PARTIAL and isinstance(checked, dict):
                    whole = meant(ask.meaning.read(rest, checked), None, rest)
                    if whole is not None and whole.value != checked:
                        # "for number three": the count kept, read back ("no, two" to "three
                        # votes for number two?" completes to what was checked: no correction)
                        answer = read_back(whole)
            if answer is not None:
                return verdict, answer
            if ask.free:
                return verdict, Answer(AnswerKind.FREE, [rest], rest)
        return verdict, None

    def _check_command(self, command: Command, ask: Ask, question: str) -> Flow | None:
        """A command said at a check: Flow to leave it, None to come back to the question."""
        if command is Command.UNDO:
            return Flow.UNDO
        if command is Command.QUIT:
            if self._yes_no(self.lines("quit_confirm")):
                return Flow.QUIT
            self._say((self.lines("quit_cancelled"), question))
        elif command is Command.PAUSE:
            # Back to the check's question alone (not the ask's lines or its time line).
            paused = self._pause(replace(ask, say=(question,), again=(), time_line=""), None)
            if isinstance(paused, Flow):
                return paused
        elif command is Command.HELP:
            self._say((self.lines("confirm_help"),))
        elif command is Command.SCORE:
            self._say((*self.game.score(self.state), question))
        else:
            self._say((question,))
        return None

    def _yes_no(self, question: str) -> bool | None:
        """Yes or no to `question`; None when nobody answers it (one reprompt, then as long again
        of quiet): a question nobody answers came most likely from talk, and gm stops asking."""
        self._say((question,))
        matcher = Matcher(
            yes_no(), {c: self.commands[c] for c in (Command.REPEAT,) if c in self.commands}
        )
        vocabulary = matcher.vocabulary(endpoint=0.5)
        expected = self.lines("confirm_expected")
        reprompts = tuple(t.format(expected=expected) for t in self.lines.many("reprompt"))[:1]
        while True:
            heard = self._listen(
                "confirm", matcher, vocabulary, expected, None, False, reprompts, give_up=True
            )
            if heard.timeout:
                self._emit(
                    "decision", step="confirm", answer=None, accepted=False, decision=question
                )
                return None
            if heard.match and heard.match.command is Command.REPEAT:
                self._say((question,))
                self.hearing.listen_for(vocabulary)
                continue
            if heard.match:
                self._emit(
                    "decision",
                    step="confirm",
                    answer=heard.match.value,
                    accepted=True,
                    decision=question,
                )
                return bool(heard.match.value)

    # -- listening -------------------------------------------------------------------------

    def _listen(
        self,
        step: str,
        matcher: Matcher,
        vocabulary: Vocabulary,
        expected: str,
        clock: Clock | None,
        countdown: bool,
        reprompts: Sequence[str],
        give_up: bool = False,
        held: bool = False,
    ) -> Heard:
        """Poll the input until something in vocabulary is heard or the running `clock` runs out.

        `step` names what is asked in the `listen` event: the ask's id, "confirm" or "paused".
        With `give_up`, quiet as long as a reprompt waits after the last reprompt is a timeout.
        `held`: the table asked gm to hold (holds_on), so what it cannot place gets no "sorry".
        A "sorry" said meanwhile stops the clock while gm says it (gm.dialog.clock), and a second
        `listen` event gives the deadline it moved to; the countdown's warning and tones do not,
        and each is played once a clock.
        """
        self._settle()
        self.hearing.listen_for(vocabulary)
        self._mumbled = False

        def listening(at: float) -> None:
            self._emit(
                "listen",
                step=step,
                expected=expected,
                phrases=len(matcher.phrases),
                free=vocabulary.free,
                deadline=None if clock is None else round(clock.start(at), 3),
                **({"offers": _offers(matcher, self._skippable)} if self.taps is not None else {}),
            )

        listening(self.hearing.now)
        barged = self._barged_in(matcher)
        if barged is not None:
            return barged
        quiet_since = self.hearing.now
        speaking_since: float | None = None
        used = 0
        while True:
            self._settle()
            tapped = self._tapped()
            try:
                events = tapped or self.hearing.poll()
            except DeviceLost:
                lost = self.hearing.now
                self._wait_for_device()
                if clock is not None:
                    clock.moved(self.hearing.now - lost)
                self.hearing.listen_for(vocabulary)
                speaking_since, quiet_since = None, self.hearing.now
                continue
            now = self.hearing.now
            for event in events:
                if isinstance(event, SpeechStarted):
                    speaking_since = event.at
                elif isinstance(event, Final):
                    speaking_since = None
                    quiet_since = now
                    via = "tap" if tapped else None
                    heard = self._understand(
                        event, matcher, vocabulary, expected, step, via, countdown, held
                    )
                    if heard is not None:
                        return heard
                    if clock is not None and self._mute:  # gm said "sorry": not their time
                        clock.stop(now)
                        listening(self._settle())  # with the deadline moved
            if clock is not None:
                deadline = clock.start(now)
                left = deadline - now
                if countdown and not clock.warned and left <= self.config.countdown_warning:
                    clock.warned = True
                    if left > self.config.countdown_warning - 1.0:
                        through = self.config.hear_over_warning
                        self._say((self.lines("ten_seconds"),), listen_after=not through)
                        if not through:
                            self.hearing.listen_for(vocabulary)
                if countdown and clock.toll(left, self.config.countdown_tones):
                    self.speaker.tone(self.config.tone_hz, self.config.tone_seconds)
                if left <= 0 and (speaking_since is None or now - deadline > self.config.grace):
                    return Heard(timeout=True)
            elif speaking_since is None and now - quiet_since >= self.config.reprompt_after:
                if used < len(reprompts):
                    self._say((reprompts[used],))
                    used += 1
                    quiet_since = self.hearing.now
                    self.hearing.listen_for(vocabulary)
                elif give_up:
                    return Heard(timeout=True)

    def _tapped(self) -> list[Final]:
        """A tapped phrase, as an utterance of it heard at once and clearly: [] when none."""
        text = self.taps.take() if self.taps is not None else None
        if not text:
            return []
        now = self.hearing.now
        return [Final((Alternative(text.lower(), 1.0),), now, now)]

    def _understand(
        self,
        final: Final,
        matcher: Matcher,
        vocabulary: Vocabulary,
        expected: str,
        step: str,
        via: str | None = None,
        brief: bool = False,
        held: bool = False,
    ) -> Heard | None:
        """The engine's reading of one utterance (`interpret`), with what it says when nothing
        was understood: "Sorry, I didn't catch that" and what can be said, or in a countdown
        (`brief`: the players know what they are about, and a long line is one they talk over)
        and at an ask whose answers the table has heard listed since gm started (a "sorry" or
        "help" before), only "Sorry, say it again."
        """
        meaning = self._meaning if step not in ("confirm", "paused") else None
        free = vocabulary.free or (vocabulary.followed and meaning is None)
        heard = interpret(
            final,
            matcher,
            free,
            self.config.doubtful,
            meaning,
            self._held,
            SPOKEN_CHECK_CUES if step == "confirm" else True,
            doubt_asked=not brief,
            countdown=brief,
        )
        doubt = heard.partial is not None and heard.partial.question == UNSURE
        if doubt:  # only doubt: the engine's own line
            line = self.lines("unsure", expected=expected or "your answer")
            heard = replace(heard, partial=replace(heard.partial, question=line))
        texts = [a.text for a in final.alternatives if a.text.strip()]
        match = heard.match
        self._emit(
            "heard",
            text=texts[0] if texts else "",
            start=round(final.start, 3),
            end=round(final.end, 3),
            said=None if final.said is None else round(final.said, 3),
            stands=final.stands,
            alternatives=[
                {"text": a.text, "confidence": round(a.confidence, 3)} for a in final.alternatives
            ],
            intent=None
            if match is None
            else (f"command:{match.command.value}" if match.command else match.phrase),
            score=None if match is None else round(match.score, 1),
            **({"partial": heard.partial.question} if heard.partial is not None else {}),
            **({"via": via} if via else {}),
        )
        if doubt:  # said once in sorry_gap, as "Sorry" is; doubt soon after is waited through
            if self.hearing.now - self._last_sorry < self.config.sorry_gap:
                return None
            self._last_sorry = self.hearing.now
        if match is not None or heard.free or heard.partial is not None:
            return heard
        if heard.noise:
            return None  # a scrap of noise or talk taken for a phrase: nobody spoke to gm
        mumble = final.end - final.start > self.config.mumble_max  # long and not understood: talk
        unplaced = not texts or heard.unplaced  # sound gm could not place: one "sorry" a question
        if mumble or (
            unplaced
            and (self._mumbled or self.hearing.now - self._last_sorry < self.config.sorry_gap)
        ):
            return None  # chatter, not an attempt: stay quiet
        if held:
            return None  # the table asked gm to hold: what it says meanwhile is its own
        self._last_sorry = self.hearing.now
        if unplaced:
            self._mumbled = True
        sorry = (
            self.lines("paused")  # while paused, what was not heard is told why: it is paused
            if step == "paused" and step in self._told
            else self.lines("didnt_catch_brief")
            if brief or step in self._told
            else self.lines("didnt_catch", expected=expected or "help")
        )
        if not brief and expected:
            self._told.add(step)
        self._say((sorry,))
        self.hearing.listen_for(vocabulary)
        return None

    def _wait_for_device(self) -> None:
        """The microphone went away: say so, keep the save, and carry on when it is back."""
        self._save()
        self._say((self.lines("mic_lost"),), listen_after=False)
        while not self.hearing.recover():
            pass
        self._say((self.lines("mic_back"),))

    # -- output ----------------------------------------------------------------------------

    def _say(self, texts: Sequence[str], listen_after: bool = True) -> None:
        """Speak each line; its `say` event carries where it began (`t`) and ended (`end`) on the
        game clock, which moves while gm speaks only when the input is live. A line stopped by a
        word said over it (barge-in: the speaker's `stopped_by`) says so in its event; "repeat"
        says it again, any other word leaves the rest unsaid until gm has listened."""
        texts = [t for t in texts if t]
        if not texts or self._barged is not None:
            return  # a word said over gm's voice stopped it: it says no more until it has listened
        self._prepare(texts[1:])  # made while the first plays
        index = 0
        while index < len(texts):
            began = self.hearing.live
            self.speaker.say(texts[index])
            stopped = self._stopped_by()
            self._said_until = max(began, self.hearing.live)
            fields = {"stopped_by": stopped} if stopped else {}
            self.transcript.emit(
                "say", began, text=texts[index], end=round(self._said_until, 3), **fields
            )
            if stopped and stopped in self.commands.get(Command.REPEAT, ()):
                continue  # "repeat" said over the line: the line again, from its start
            if stopped:
                self._barged = stopped  # gm stops talking; the next listen acts on the word
                break
            index += 1
        if listen_after:
            self._mute = True  # one drop before the next poll, however many lines were said

    def _stopped_by(self) -> str | None:
        """The word said over gm's voice that stopped the line just said (barge-in), where the
        speaker hears the table while it speaks (the port's optional `stopped_by`)."""
        stopped_by = getattr(self.speaker, "stopped_by", None)
        return stopped_by() if stopped_by is not None else None

    def _barged_in(self, matcher: Matcher) -> Heard | None:
        """The word that stopped gm's last line, as heard at this listen: a command of it (pause)
        is acted on; any other ("stop", "wait") only stopped gm, which now listens."""
        word, self._barged = self._barged, None
        if word is None:
            return None
        match = matcher.match([word])
        if match is None or match.command is None or match.phrase != word:
            return None
        self._emit("heard", text=word, intent=f"command:{match.command.value}", barge_in=True)
        return Heard(match=match)

    def _prepare(self, texts: Sequence[str]) -> None:
        """Have the speaker make these lines ahead, in the background, where it can (the port's
        optional `prepare`), so that they start at once when said."""
        prepare = getattr(self.speaker, "prepare", None)
        if prepare is not None and texts:
            prepare(tuple(texts))

    def _frequent(self) -> tuple[str, ...]:
        """What the game says again and again ("Time!", "Player three,"): its lines and gm's."""
        tables = [self.lines] + [
            t for t in (getattr(self.game, "lines", None),) if isinstance(t, Lines)
        ]
        templates = [
            text for table in tables for name in table.names() for text in table.many(name)
        ]
        return frequent(templates, [number_word(seat) for seat in range(1, SEATS + 1)])

    def _settle(self) -> float:
        """Half duplex: drop what the microphone caught of gm's voice (and a short tail) before
        listening. The moment gm's last line ended, or now when gm has not spoken since."""
        if not self._mute:
            return self.hearing.now
        self._mute = False
        self.hearing.drop(self.config.tail)
        return self._said_until

    def _emit(self, type_: str, **fields: object) -> None:
        self.transcript.emit(type_, self.hearing.now, **fields)

    def _emit_state(self) -> None:
        self._emit("state", game=self.game.id, state=self.game.public(self.state))

    def _save(self) -> bool:
        """Save after a decision; False when the disk is full or gone, which gm says each time,
        and says again when a save works once more."""
        self.record.t = self.hearing.now
        if self.store is None or not (self.record.answers or self._kept):
            return True
        try:
            self.store.write(self.record)
        except SaveError as error:
            self._emit("save_failed", error=str(error))
            self._unsaved = True
            line = "save_denied" if isinstance(error, SaveDenied) else "save_failed"
            self._say((self.lines(line),))
            return False
        self._kept = True
        if self._unsaved:
            self._unsaved = False
            self._say((self.lines("save_works"),))
        return True
