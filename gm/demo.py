"""`gm demo GAME`: a simulated table plays a whole game through the real recogniser.

Each game's simulated table (gm/games/<game>/table.py, `demo_line`) says a reply to every
ask; the replies are spoken by one voice per seat. `LiveTable` answers what gm asks at the
moment it asks, as people do, and corrects gm when it decided something the player did not
mean ("take that back", the first form of undo; "no" or the reply again where gm asks about
what it heard); that is the demo. `plan` and `render` write a whole game ahead into a WAV for
the end-to-end tests, whose table cannot react, so it rehearses its replies first (`Audition`).
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Mapping, Sequence

from gm.dialog.engine import EngineConfig, hearing_for, interpret, listening_commands
from gm.dialog.intents import Command, Matcher
from gm.speech.asr import recognize
from gm.speech.base import RATE, AudioChunk, Final, Recognizer
from gm.speech.synth import Silence, Utterance, silence, synthesize, write
from gm.steps import Answer, AnswerKind, Ask, End, Game, Line
from gm.vocab import NO, YES

# Seats 1 to 8: Piper's voice at four pitches and several paces, so the table sounds like
# several people (gm.speech.synth). espeak-ng's voices are hard for Whisper to follow: it gets
# a fifth of their words wrong, against a thirtieth of Piper's (SPEECH-FACTS.md).
VOICES = (
    "piper",
    "piper+1.06",
    "piper+0.95",
    "piper+1.1",
    "piper",
    "piper+1.06",
    "piper+0.95",
    "piper+1.1",
)
SPEEDS = (160, 150, 165, 155, 145, 165, 150, 160)
# espeak-ng's voices, one a seat: the recorded games PocketSphinx, the light fallback, is tested on.
ESPEAK_VOICES = (
    "en-us",
    "en-gb",
    "en-us+f3",
    "en-gb-scotland",
    "en-us+m3",
    "en-029",
    "en-us+f4",
    "en-gb-x-rp",
)
ESPEAK_SPEEDS = (160, 150, 165, 145, 155, 160, 150, 170)
Seats = tuple  # (voices, speeds): VOICES and SPEEDS, or ESPEAK_VOICES and ESPEAK_SPEEDS
PIPER_SEATS: Seats = (VOICES, SPEEDS)
ESPEAK_SEATS: Seats = (ESPEAK_VOICES, ESPEAK_SPEEDS)
# Seconds of silence before a rehearsed reply: it is tried at each, and kept only when every
# try is heard as meant (PocketSphinx's frames fall differently in the game's stream).
LEADS = (0.4, 0.65)
AUDITION_TRIES = 8  # replies a simulated player may try before keeping one the recogniser mishears


def voice_of(seat: int, seats: Seats = PIPER_SEATS) -> Utterance:
    """The voice and speed of a seat, with no text yet."""
    voices, speeds = seats
    index = (seat - 1) % len(voices)
    return Utterance("", voices[index], speeds[index])


DEMO_OPTIONS = {
    "funocracy": {"players": 4, "mode": "normal"},
    "who_the_f": {"players": 5, "difficulty": "regular"},
    "what_the_fake": {"players": 4, "mode": "open", "scoring": "full"},
}


@dataclass(frozen=True)
class Script:
    """A whole simulated game: the options, the seed, and every reply in order."""

    game: str
    options: dict
    seed: int
    lines: tuple[Line, ...]

    def parts(
        self, gap: float = 1.4, seats: Seats = PIPER_SEATS, noise: float = 1.0
    ) -> list[Utterance | Silence]:
        """The table as audio: each reply in its seat's voice, then a short pause. `noise`: how
        much a Piper seat's delivery varies (0: the same audio every time, as a test wants)."""
        out: list[Utterance | Silence] = []
        for line in self.lines:
            if line.text:
                voice = replace(voice_of(line.seat, seats), text=line.text, noise=noise)
                out += [voice, Silence(gap)]
            else:
                out.append(Silence(line.silence))
        return out

    def text(self) -> str:
        """The same replies as --text input."""
        return "".join(
            f"{line.text}\n" if line.text else f"[silence {line.silence}]\n" for line in self.lines
        )


def _decided(
    game: Game, state: object, ask: Ask, answer: Answer, rng: random.Random
) -> tuple[bool, str]:
    """What the rules would decide for this answer, leaving `rng` as it was."""
    outcome = game.apply(state, ask, answer, _copy(rng))
    return outcome.accepted, outcome.decision


def _copy(rng: random.Random) -> random.Random:
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def plan(
    game: Game,
    options: dict,
    seed: int,
    max_lines: int = 5000,
    audition: Audition | None = None,
    until: Callable[[object], bool] | None = None,
) -> Script:
    """Play the pure rules with the game's own simulated players and keep every reply; with
    `until`, only up to the first ask at a state it holds for (a part of a game, which a
    recording of it leaves unfinished).

    The rng handed to the rules is the one the engine will hand them (same seed, same calls),
    so the game heard from the WAV unfolds as planned when every reply is understood. A
    recorded table cannot notice that gm misheard it and correct it, so with an `audition`
    each player tries its replies on the recogniser first and says one that is heard as meant
    (another word for the theme, another way of saying "pass"), within AUDITION_TRIES.
    """
    rng = random.Random(seed)
    players = random.Random(seed + 1)
    state = game.new(options, rng)
    lines: list[Line] = []
    while len(lines) < max_lines:
        step = game.step(state)
        if isinstance(step, End) or (until is not None and until(state)):
            return Script(game.id, options, seed, tuple(lines))
        line = game.demo_line(state, step, players)  # type: ignore[attr-defined]
        for attempt in range(AUDITION_TRIES if audition else 0):
            if not line.text or line.answer.kind not in (AnswerKind.CHOICE, AnswerKind.FREE):
                break
            heard = audition(step, line)
            if heard is not None and _decided(game, state, step, heard, rng) == _decided(
                game, state, step, line.answer, rng
            ):
                break
            if attempt == AUDITION_TRIES - 1:  # nothing tried was heard
                line = give_up(game, state, step, skip(step, audition.commands, line), rng)
                break
            line = game.demo_line(state, step, players)  # type: ignore[attr-defined]
        lines.append(line)
        if step.confirm and line.answer.kind is AnswerKind.CHOICE:
            lines.append(
                Line(Answer(AnswerKind.CHOICE, True, "yes please"), "yes please", line.seat)
            )
        outcome = game.apply(state, step, line.answer, rng)
        if outcome.accepted:
            state = outcome.state
    raise RuntimeError(f"the simulated {game.id} game did not end within {max_lines} replies")


class Audition:
    """Would the engine hear this reply, said in its seat's voice, as the player meant it?

    It listens the way the engine does for that ask (its choices, the commands, the hints)
    with the real recogniser, which keeps learning the voices as it would in the game.
    """

    def __init__(
        self,
        recognizer: Recognizer,
        commands: Mapping[Command, Sequence[str]],
        doubtful: float = EngineConfig.doubtful,
        seats: Seats = PIPER_SEATS,
    ) -> None:
        self.recognizer = recognizer
        self.commands = commands
        self.doubtful = doubtful
        self.seats = seats
        # A reply tried at an ask is not tried there again: the same words at the same ask in
        # the same seat's voice get the answer they got (a planned game tries many twice or more,
        # and on the Funocracy e2e's game the script came out the same, in 52 s instead of 89).
        self._tried: dict[tuple, Answer | None] = {}

    def __call__(self, ask: Ask, line: Line) -> Answer | None:
        """The answer the engine would take from this line, None if it would take none.

        None too when it would hear a command or ask for a confirmation the table did not plan.
        """
        key = (ask, line.text, line.seat)
        if key not in self._tried:
            self._tried[key] = self._try(ask, line)
        return self._tried[key]

    def _try(self, ask: Ask, line: Line) -> Answer | None:
        matcher, vocabulary = hearing_for(ask, listening_commands(self.commands))
        voice = voice_of(line.seat, self.seats)
        speech = synthesize(line.text, voice.voice, voice.speed)
        answers = []
        for lead in LEADS:  # a reply heard as meant only where it falls in the stream is not
            self.recognizer.reset()
            self.recognizer.set_vocabulary(vocabulary)
            events = recognize(
                self.recognizer, silence(lead) + speech + silence(1.2), chunk_seconds=0.2
            )
            finals = [e for e in events if isinstance(e, Final)]
            answer = self._answer(ask, matcher, finals[0]) if len(finals) == 1 else None
            if answer is None or (answers and answer.value != answers[0].value):
                return None
            answers.append(answer)
        return answers[0]

    def _answer(self, ask: Ask, matcher: Matcher, final: Final) -> Answer | None:
        """The engine's reading of one utterance, less the dialogue around it."""
        heard = interpret(final, matcher, ask.free, self.doubtful, ask.meaning)
        if heard.partial is not None:
            return None  # the engine would ask for the rest, which the table has not planned
        if heard.free:
            return Answer(AnswerKind.FREE, list(heard.free), heard.free[0])
        match = heard.match
        if match is None or match.command is not None:
            return None
        if not ask.confirm and not match.sure:
            return None  # the engine would ask "is that right?", which the table has not planned
        return Answer(AnswerKind.CHOICE, match.value, match.heard)


class LiveTable:
    """A simulated table at the microphone: an audio source that answers what gm asks now.

    It follows the engine's transcript. When gm listens for an ask, the player whose turn it
    is says the game's own reply for the state gm is in (`demo_line`), so a mishearing cannot
    put the table out of step. When gm confirms ("did you say ...?") the player answers as the
    truth is; when gm decides something the player did not mean, the player says "take that
    back" and tries again (where gm asks about what it heard, `Ask.checks`, "no" or the reply
    again); when gm refuses what it heard, nothing was decided, and the player tries again. A
    reply gm talked over or let pass is said again, put another way ("resume", then "continue";
    another word for the theme), but meaning the same; after two tries a neighbour says it for
    the player, as people at a table do. The clock is the sample clock, as for a WAV file.
    Each reply goes to the engine's speaker as well (`play`: aloud, and into the `--speak-to`
    WAV beside gm's lines), and `said` is told who says what.
    """

    LEAD = 0.8  # seconds between gm's last word and a reply (gm drops 0.3 s after it speaks)
    GAP = 1.0  # silence after a reply
    WAIT = 5.0  # seconds of silence from gm after a reply before a player tries again
    REPEATS = 6  # a reply is said again at most this often for one listen
    HELP_AFTER = 2  # tries by a player gm does not hear before a neighbour says it for them
    CORRECTIONS = 2  # "undo" at most this often in a row
    RETRIES = 2  # the same words said again for a game's demo_retry, then others (a demo ends)
    PATIENCE = 300.0  # seconds without a decision after which the table gives up (input ends)

    def __init__(
        self,
        game: Game,
        commands: Mapping[Command, Sequence[str]],
        seed: int,
        said: Callable[[float, int, str], None] | None = None,
        chunk_seconds: float = 0.1,
        seats: Seats = PIPER_SEATS,
        human: bool = False,
    ) -> None:
        self.game = game
        self.human = human  # answer timed asks at human moments, not at once (gm demo --live)
        self._moments = random.Random(seed + 2)
        self.commands = commands
        self.seats = seats
        self.players = random.Random(seed + 1)
        self._said = said
        self._chunk = max(1, int(RATE * chunk_seconds))
        self._frame = 0
        self._segments: deque[list] = deque()  # [audio not read yet, the Line it begins or None]
        self._engine: object | None = None
        self._ask: Ask | None = None  # the ask the player is answering
        self._line: Line | None = None  # what the player means for it, until gm decides it right
        self._intended: tuple[bool, str] | None = None  # what the rules would decide for that
        self._tried: dict[str, int] = {}  # what was said for it already, how often
        # What was said for each ask (its id and lines) until gm decided it as meant: an ask that
        # comes back (after an undo, or after "which letter?") gets words not tried yet, as a
        # player rephrases words gm keeps mishearing. Forgotten at each new ask, the same words
        # came back forever: "log" heard as "what" and undone, each undo giving the turn its
        # full time again; "hope" heard as "go back", undoing the last "no challenge" each time.
        # An ask is told apart by what it says on "repeat" too: the same line in a later round
        # ("Player two, same theme.") is another ask, whose player has tried nothing yet.
        self._tries: dict[tuple, dict[str, int]] = {}
        self._meant: Line | None = None  # what gm misheard and the player said no to
        self._retried: dict[str, int] = {}  # how often a game's demo_retry gave the same words
        self._heard: str | None = None  # the intent of the last utterance gm heard
        self._saying: Line | None = None  # the reply said last
        self._started = False  # its speech has begun
        self._again_due = False  # gm spoke over it or asked again: say it again
        self._quiet_since = 0.0  # when the table last fell silent
        self._listening = False
        self._repeats = 0
        self._corrections = 0
        self._wrong = False  # gm decided something the player did not mean
        self._undoing = False  # the player has said "undo"
        self._last_decision = 0.0
        self._gm_until = 0.0  # where gm's last line ended: no reply begins before it
        self.answers = 0  # answers to gm's asks the table began to say, tries included
        self.as_meant = 0  # of them, decided as the player meant before anything else was said
        self._open = False  # the answer said last awaits gm's decision

    def attach(self, engine: object) -> None:
        """The engine whose state the players read (its `state` and `rng`) and whose speaker
        plays their replies."""
        self._engine = engine

    # -- AudioSource ----------------------------------------------------------------------

    @property
    def now(self) -> float:
        return self._frame / RATE

    def read(self) -> AudioChunk | None:
        if self.now - self._last_decision > self.PATIENCE:
            return None
        saying = self._saying
        if self._listening and saying is not None and saying.text and self._repeats < self.REPEATS:
            if self._again_due or (
                not self._segments and self.now - self._quiet_since >= self.WAIT
            ):
                self._repeats += 1
                self._reply(self._again())
        self._again_due = False
        out = bytearray()
        want = self._chunk * 2
        while len(out) < want and self._segments:
            segment = self._segments[0]
            if segment[1] is not None:  # a reply begins
                at = self.now + len(out) / 2 / RATE
                if at < self._gm_until + self.LEAD:
                    break  # a player waits for gm to finish: what is said over gm is never heard
                line, segment[1] = segment[1], None
                self._started = True
                if line is self._line:  # an answer; a yes to gm's check leaves it awaiting
                    self._open = True
                    self.answers += 1
                if self._said is not None:
                    self._said(at, line.seat, line.text)
                if self._engine is not None:
                    self._engine.speaker.play(segment[0])
            take = segment[0][: want - len(out)]
            out += take
            segment[0] = segment[0][len(take) :]
            if not segment[0]:
                self._segments.popleft()
                if not self._segments:
                    self._quiet_since = self.now + len(out) / 2 / RATE
        out += bytes(want - len(out))
        chunk = AudioChunk(bytes(out), self.now)
        self._frame += self._chunk
        return chunk

    def flush(self) -> None:
        """Nothing was captured while gm spoke: the table waits for gm to finish."""

    def close(self) -> None:
        self._segments.clear()

    # -- following the transcript ------------------------------------------------------------

    def event(self, event: dict) -> None:
        kind = event["type"]
        if kind == "say":  # live, a line's event comes when it has been said, with its end
            self._gm_until = max(self._gm_until, float(event.get("end", event["t"])))
        if kind == "listen":
            self._on_listen(event["step"])
        elif kind == "heard":
            self._heard = event.get("intent")
        elif kind == "decision":
            self._on_decision(event)
        elif kind == "say" and self._listening and self._saying is not None and self._saying.text:
            if not self._started:
                self._reply(self._saying)  # not begun: it still waits until gm has finished
            else:
                self._again_due = True  # unless gm listens for something else first

    def _on_listen(self, step: str) -> None:
        engine = self._engine
        assert engine is not None, "attach the engine first"
        self._listening, self._repeats, self._again_due = True, 0, False
        seat = self._saying.seat if self._saying else 1
        if step == "confirm":  # "did you say ...?", or "do you really want to stop?"
            self._reply(said_as(seat, "yes" if self._right() else "no"))
            return
        if step == "paused":  # gm heard "pause" where nobody said it
            self._reply(said_as(seat, self.commands[Command.RESUME][0]))
            return
        ask = self.game.step(engine.state)  # type: ignore[attr-defined]
        if not isinstance(ask, Ask) or ask.id != step:
            self._listening = (
                False  # the game's end, where gm waits for a last undo: nothing to answer
            )
            return
        if self._wrong and ask.checks and self._checked(ask, seat):
            return
        if self._wrong and self._corrections < self.CORRECTIONS and Command.UNDO in self.commands:
            self._corrections += 1
            self._undoing = True
            self._reply(said_as(seat, self.commands[Command.UNDO][0]))
            return
        self._wrong = self._undoing = False
        meant = None
        if self._line is None or self._ask is None or self._ask.id != ask.id:
            # gm moved on from an ask whose answer it never took as meant (Funocracy's "which
            # letter?" after a word misheard twice): the player answers knowing what they meant
            meant, self._meant = self._line or self._meant, None
            self._line, self._tried = None, self._tries.setdefault(_key(ask), {})
        self._ask = ask
        if self._line is not None and self._saying is self._line and not self._started:
            # Due and not begun (gm's "Sorry, say it again." makes the table say it again before
            # gm listens again): the same reply, one try, said at once.
            self._reply(self._line)
            return
        again = bool(self._tried)  # tried already: said at once, as people say a word again
        self._reply(self._fresh(meant), self.LEAD if again else self._think(ask))

    def _checked(self, ask: Ask, seat: int) -> bool:
        """gm asks about what it heard wrong (`Ask.checks`): the player says no where it reads
        it back, else what they meant once more, as the ask invites ("Takini starts with T,
        which is not face up. Say your word again"), up to CORRECTIONS times in a row. False
        after that: the player answers as at any ask (`_fresh`: put another way, then skip)."""
        engine = self._engine
        if any(choice.value is False for choice in ask.choices):
            # "no", and the player still means what gm misheard: said again at the ask after
            reply, self._line, self._meant = said_as(seat, "no"), None, self._line
            answer = Answer(AnswerKind.CHOICE, False, "no")
        elif self._line is not None and self._corrections < self.CORRECTIONS:
            self._corrections += 1
            reply = self._line
            answer = reply.answer
        else:
            return False
        self._wrong, self._ask = False, ask
        self._intended = _decided(self.game, engine.state, ask, answer, engine.rng)  # type: ignore[attr-defined]
        self._reply(reply)
        return True

    def _think(self, ask: Ask) -> float:
        """Seconds between gm's last word and a reply. At a live table a timed ask is not
        answered at once: a word comes 3 to 20 s into a 25 s turn, now and then one begun just
        before the time is up (gm lets an answer begun in time finish); a challenge 2 s into its
        window."""
        if not self.human or ask.timeout is None:
            return self.LEAD
        if not ask.countdown:
            return min(2.0, ask.timeout / 2)
        if self._moments.random() < 0.15:
            return max(self.LEAD, ask.timeout - 0.6)  # a late answer
        return self._moments.uniform(min(3.0, ask.timeout / 4), min(20.0, ask.timeout * 0.8))

    def _fresh(self, meant: Line | None = None) -> Line:
        """The player's reply to the current ask, said another way than before where it can
        be: the same choice in other words, another word for the theme; the same words once
        more; then "skip" where the ask allows it. A game's table may answer from the words the
        player meant and gm did not take (`demo_retry`, optional): `meant`, said at the ask
        before, or the reply to this one."""
        engine = self._engine
        ask = self._ask
        assert ask is not None and engine is not None
        line = self._line
        retry = getattr(self.game, "demo_retry", None)
        before = line or meant
        if retry is not None and before is not None:
            again = retry(engine.state, ask, before, self.players)
            if again is not None and self._retried.get(again.text, 0) < self.RETRIES:
                self._retried[again.text] = self._retried.get(again.text, 0) + 1
                line = again
        if line is None or line.answer.kind is not AnswerKind.CHOICE:
            for _ in range(8):
                line = self.game.demo_line(engine.state, ask, self.players)
                if line.text not in self._tried:
                    break
        if line.text in self._tried and line.answer.kind is AnswerKind.CHOICE:
            choice = next((c for c in ask.choices if c.value == line.answer.value), None)
            other = [p for p in (choice.phrases if choice else ()) if p not in self._tried]
            if other:
                text = self.players.choice(other)
                line = replace(line, text=text, answer=replace(line.answer, heard=text))
        tired = self._tried.get(line.text, 0) >= 2  # a skip, or the time let run out if refused
        if tired:
            line = skip(ask, self.commands, line)
        if line.answer.kind is AnswerKind.SKIP and not self._allowed(line):
            # no word left and the turn's skip spent: the player passes, as people do, rather
            # than asking for a skip gm has just refused ("You get one skip a turn.")
            line = passing(ask, line) or line
        if tired or line.answer.kind is AnswerKind.SKIP:
            line = give_up(self.game, engine.state, ask, line, engine.rng)
        if sum(self._tried.values()) >= self.HELP_AFTER:
            line = replace(line, seat=_neighbour(line.seat))
        self._tried[line.text] = self._tried.get(line.text, 0) + 1
        self._line = line
        self._intended = _decided(self.game, engine.state, ask, line.answer, engine.rng)
        return line

    def _allowed(self, line: Line) -> bool:
        """Whether the rules would take `line` at the current ask."""
        engine = self._engine
        assert engine is not None and self._ask is not None
        return _decided(self.game, engine.state, self._ask, line.answer, engine.rng)[0]  # type: ignore[attr-defined]

    def _again(self) -> Line:
        """The reply once more, put another way, meaning the same."""
        saying = self._saying
        assert saying is not None
        if self._ask is not None and saying is self._line:
            return self._fresh()
        seat = _neighbour(saying.seat) if self._repeats > self.HELP_AFTER else saying.seat
        for family in (*self.commands.values(), YES, NO):
            if saying.text in family:
                return replace(
                    saying,
                    seat=seat,
                    text=family[(list(family).index(saying.text) + 1) % len(family)],
                )
        return replace(saying, seat=seat)

    def _on_decision(self, event: dict) -> None:
        self._listening = False
        self._last_decision = self.now
        if event.get("step") == "confirm":
            return
        if self._open:  # the first decision after an answer: was it the one meant?
            self._open = False
            self.as_meant += (
                event.get("kind") != "undo"
                and self._ask is not None
                and event.get("step") == self._ask.id
                and self._intended == (bool(event.get("accepted")), event.get("decision"))
            )
        if event.get("kind") == "undo":  # back to the ask: the player says what it meant again
            if not self._undoing:
                self._line = None  # an undo nobody said: the undone step is answered afresh
            self._wrong = self._undoing = False
            return
        if self._undoing:  # "undo" was heard as something else: that is wrong too
            self._wrong = bool(event.get("accepted"))
            return
        if self._ask is None or event.get("step") != self._ask.id:
            return
        meant = self._intended
        if not event.get("accepted") and meant is not None and meant[0]:
            self._wrong = False  # refused: nothing was decided, the player says it again
            return
        self._wrong = (
            meant is not None
            and meant[0]
            and (bool(event.get("accepted")), event.get("decision")) != meant
        )
        if self._ask.deadline and event.get("answer", {}).get("kind") == AnswerKind.TIMEOUT.value:
            self._wrong = False  # the turn's time is up, and stays up after an undo
        if not self._wrong:
            self._corrections, self._line = 0, None
            self._tries.pop(_key(self._ask), None)  # heard as meant at last
            self._retried.clear()

    def _right(self) -> bool:
        """Whether what gm heard (and now confirms) is what the player meant."""
        if (
            self._ask is None
            or self._line is None
            or not self._heard
            or self._heard.startswith("command:")
        ):
            return False
        match = Matcher(self._ask.choices, {}).match([self._heard])
        return match is not None and match.value == self._line.answer.value

    def _reply(self, line: Line, lead: float | None = None) -> None:
        """Say `line` after a short pause (`lead` seconds), instead of anything not said yet."""
        self._saying, self._started = line, False
        self._segments.clear()
        if not line.text:  # silence until the time runs out: the answer before it is given up
            self._open = False
            self._segments.append([silence(line.silence), None])
            return
        voice = voice_of(line.seat, self.seats)
        speech = synthesize(line.text, voice.voice, voice.speed)
        self._segments.extend(
            (
                [silence(self.LEAD if lead is None else lead), None],
                [speech, line],
                [silence(self.GAP), None],
            )
        )

    def summary(self) -> str:
        """How well gm heard the table, in one sentence for the end of the demo."""
        if not self.answers:
            return "The table gave no answers."
        share = round(100 * self.as_meant / self.answers)
        return (
            f"gm took {self.as_meant} of the table's {self.answers} answers as meant the first "
            f"time they were said ({share}%)."
        )


def _key(ask: Ask) -> tuple:
    """An ask as the table tells it from others: its id, what gm says, and what it says on
    "repeat" (a Funocracy turn's theme and letters: "Player two, same theme." is said at many
    turns, each another ask)."""
    return ask.id, ask.say, ask.again


def skip(ask: Ask, commands: Mapping[Command, Sequence[str]], line: Line) -> Line:
    """The seat of `line` saying "skip" (its longest phrase, the one heard best), where the ask
    allows it; else `line` itself."""
    if not ask.skippable or Command.SKIP not in commands:
        return line
    return Line(Answer(AnswerKind.SKIP), max(commands[Command.SKIP], key=len), line.seat)


def give_up(game: Game, state: object, ask: Ask, line: Line, rng: random.Random) -> Line:
    """`line`, or silence until the ask's time runs out when the rules would refuse it (a
    Funocracy turn has one skip): a refused line leaves the table where it was, and the
    player would only try again what gm cannot hear."""
    if ask.timeout is None or _decided(game, state, ask, line.answer, rng)[0]:
        return line
    return Line(Answer(AnswerKind.TIMEOUT), "", line.seat, silence=ask.timeout + 1.5)


def passing(ask: Ask, line: Line) -> Line | None:
    """The seat of `line` passing (the ask's "pass" choice, its first phrase), where the ask has
    one."""
    choice = next((c for c in ask.choices if c.value == "pass" and c.phrases), None)
    if choice is None:
        return None
    return Line(Answer(AnswerKind.CHOICE, "pass", choice.phrases[0]), choice.phrases[0], line.seat)


def _neighbour(seat: int) -> int:
    """Who says it for a player gm does not hear: seat 1, or seat 2 for seat 1 (the voices
    PocketSphinx hears best)."""
    return 2 if seat == 1 else 1


def said_as(seat: int, text: str) -> Line:
    """A seat saying words that are not an answer to the ask (yes, no, undo, resume)."""
    return Line(Answer(AnswerKind.CHOICE, None), text, seat)


def render(script: Script, path: Path, seats: Seats = PIPER_SEATS, noise: float = 1.0) -> Path:
    return write(path, script.parts(seats=seats, noise=noise), lead=0.6)
