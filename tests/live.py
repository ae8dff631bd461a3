"""The real-time harness: a table at a live microphone, gm's voice taking the time it takes.

`CueTable` is an audio source that says given words (espeak-ng) a given time after gm starts
listening for a given step, as a player answers; `Paced` delivers it by the wall clock and
`Timed` makes gm's real voice (a WavSpeaker: Piper) last as long as it sounds. Everything a
test reads is the engine's own transcript on the game clock, plus the tones' moments.
"""

from __future__ import annotations

import copy
import random
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from gm.dialog.engine import Engine, EngineConfig, Result
from gm.dialog.hearing import AudioHearing
from gm.dialog.transcript import Transcript
from gm.speech.audio import to_pcm16
from gm.speech.base import RATE, Around, AudioChunk, Recognizer
from gm.speech.echo import BargeIn
from gm.speech.realtime import Paced, Timed, WallClock
from gm.speech.synth import ROOM, synthesize
from gm.speech.tts import WavSpeaker
from gm.state import Record
from gm.steps import Answer, AnswerKind, Game

CHUNK = 1600  # samples: 0.1 s, as a microphone block


@dataclass(frozen=True)
class Cue:
    """Say `text` `after` seconds into the next listen for `step` (or into its `nth` listen); a
    step "say:WORDS" is `after` seconds after gm ended the next line it says that begins so."""

    step: str
    after: float
    text: str
    voice: str = "en-us"
    nth: int = 0  # 1 for the first listen for `step` in the run; 0 for whichever comes next


class CueTable:
    """A silent table that answers its cues, in order; the input ends once `done` says so."""

    def __init__(
        self, cues: Sequence[Cue], done: Callable[[dict], bool], limit: float = 100.0
    ) -> None:
        self._cues = deque(cues)
        self._limit = limit  # game seconds after which the table gives up (a test that went wrong)
        self._done = done
        self._ended = False
        self._frame = 0
        self._speech: list[tuple[int, bytes]] = []  # (first frame, audio) not finished yet
        self._listens: dict[str, int] = {}  # listens for each step so far
        self.spoken: list[tuple[float, str]] = []  # when each cue's words begin, and what

    @property
    def now(self) -> float:
        return self._frame / RATE

    def event(self, event: dict) -> None:
        if self._done(event):
            self._ended = True
        cue = self._cues[0] if self._cues else None
        if event["type"] == "say" and cue is not None and cue.step.startswith("say:"):
            if event["text"].startswith(cue.step[4:]):
                self._say(self._cues.popleft(), event["end"])
            return
        if event["type"] != "listen":
            return
        count = self._listens[event["step"]] = self._listens.get(event["step"], 0) + 1
        if cue is not None and cue.step == event["step"] and cue.nth in (0, count):
            self._say(self._cues.popleft(), event["t"])

    def _say(self, cue: Cue, since: float) -> None:
        at = int(round((since + cue.after) * RATE))
        self._speech.append((at, synthesize(cue.text, cue.voice, 160)))
        self.spoken.append((at / RATE, cue.text))

    def read(self) -> AudioChunk | None:
        if self._ended or self.now > self._limit:
            return None
        out = bytearray(CHUNK * 2)
        start = self._frame
        for first, audio in self._speech:
            lo, hi = max(first, start), min(first + len(audio) // 2, start + CHUNK)
            if lo < hi:
                out[(lo - start) * 2 : (hi - start) * 2] = audio[
                    (lo - first) * 2 : (hi - first) * 2
                ]
        self._speech = [(f, a) for f, a in self._speech if f + len(a) // 2 > start + CHUNK]
        self._frame += CHUNK
        return AudioChunk(bytes(out), start / RATE)

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass


class EchoRoom:
    """The table in a room where the microphone hears gm's speaker: what gm plays (an output of
    gm.speech.echo.BargeInSpeaker) comes back into the microphone as gm.speech.synth.room_echo
    makes it (30 ms late at half level, two reflections), the players' voices at `players` of
    their level, as tests/test_barge_in.py's room has them."""

    rate = RATE

    def __init__(self, table: CueTable, players: float = 0.7) -> None:
        self.table = table
        self.players = players
        self._signal = np.zeros(0)  # what gm played, from sample `_origin` of the table's clock
        self._origin = 0

    @property
    def now(self) -> float:
        return self.table.now

    def put(self, sound) -> None:
        audio = np.frombuffer(sound.at(RATE), dtype="<i2").astype(np.float64)
        end = self._origin + self._signal.size
        gap = max(0, int(round(self.table.now * RATE)) - end)
        self._signal = np.concatenate([self._signal, np.zeros(gap), audio])

    def drain(self) -> None:
        pass

    def read(self) -> AudioChunk | None:
        chunk = self.table.read()
        if chunk is None:
            return None
        first = int(round(chunk.start * RATE))
        mic = np.frombuffer(chunk.audio, dtype="<i2").astype(np.float64) * self.players
        for seconds, gain in ROOM:
            lo = first - int(round(seconds * RATE)) - self._origin
            part = self._signal[max(0, lo) : max(0, lo + mic.size)]
            at = max(0, -lo)
            mic[at : at + part.size] += gain * part[: mic.size - at]
        keep = max(0, first + mic.size - int(0.3 * RATE) - self._origin)
        self._signal, self._origin = self._signal[keep:], self._origin + keep
        return AudioChunk(to_pcm16(mic), chunk.start)

    def flush(self) -> None:
        self.table.flush()

    def close(self) -> None:
        self.table.close()


class ToneLog(Around):
    """gm's speaker, remembering on the game clock when each tone began."""

    def __init__(self, speaker, clock: WallClock) -> None:
        self.speaker = speaker
        self.clock = clock
        self.tones: list[float] = []

    def say(self, text: str) -> float:
        return self.speaker.say(text)

    def tone(self, frequency: float, seconds: float) -> float:
        self.tones.append(self.clock.now())
        return self.speaker.tone(frequency, seconds)


@dataclass
class Run:
    result: Result
    transcript: Transcript
    engine: Engine
    table: CueTable
    tones: list[float]

    def story(self) -> list[tuple]:
        """What gm said, heard, listened for and decided, on the game clock: a failure's story."""
        keys = ("text", "step", "intent", "decision", "deadline", "end")
        return [
            (e["t"], e["type"], *(e[k] for k in keys if k in e))
            for e in self.transcript.events
            if e["type"] in ("say", "listen", "heard", "decision")
        ]

    def says(self, text: str) -> list[dict]:
        return [e for e in self.transcript.of_type("say") if e["text"] == text]

    def listens(self, step: str) -> list[dict]:
        return [e for e in self.transcript.of_type("listen") if e["step"] == step]

    def heard(self, intent: str) -> list[dict]:
        return [e for e in self.transcript.of_type("heard") if e.get("intent") == intent]

    def decisions(self, step: str | None = None) -> list[dict]:
        return [
            e for e in self.transcript.of_type("decision") if step is None or e.get("step") == step
        ]

    def gm_began(self, event: dict) -> float:
        """When gm began its first line after `event` (a word heard, a decision): where the
        players' clock stopped."""
        events = list(self.transcript.events)
        index = next(i for i, e in enumerate(events) if e is event)
        return next(e["t"] for e in events[index:] if e["type"] == "say")

    def said_before(self, event: dict) -> dict:
        """The last line gm said before `event`: the one that asked."""
        events = list(self.transcript.events)
        index = next(i for i, e in enumerate(events) if e is event)
        return next(e for e in reversed(events[:index]) if e["type"] == "say")


def record_after(game: Game, options: dict, seed: int, answers: Sequence[Answer]) -> Record:
    """A save with these answers decided, as the engine writes it (its rng is the seed's)."""
    rng = random.Random(seed)
    state = game.new(options, rng)
    record = Record(game.id, dict(options), seed=seed)
    for answer in answers:
        ask = game.step(state)
        outcome = game.apply(state, ask, answer, rng)
        assert outcome.accepted, (ask.id, answer)
        record.answers.append(
            {"step": ask.id, "answer": answer.to_json(), "decision": outcome.decision}
        )
        state = outcome.state
    return record


def resumed_turn() -> tuple[Game, Record]:
    """Funocracy (three players, normal mode) and its save after a first turn nobody answered:
    resumed, gm says its welcome back and asks player two's turn."""
    from gm.games import find, load

    game = load(find("funocracy"))
    options = {"players": 3, "mode": "normal"}
    return game, record_after(game, options, 1, [Answer(AnswerKind.TIMEOUT)])


def play_live(
    game: Game,
    record: Record,
    cues: Sequence[Cue],
    done: Callable[[dict], bool],
    recognizer: Recognizer,
    common,
    folder: Path,
    speed: float = 1.0,
    resumed: bool = True,
    show: bool = True,
    limit: float = 100.0,
    barge_in: BargeIn | None = None,
    config: EngineConfig = EngineConfig(),
) -> Run:
    """Run the engine on a cue table in real time (or `speed` times faster), gm speaking with its
    own voice (Piper) into a WAV file at the pace of a real voice. With `barge_in`, the table
    sits in an EchoRoom and gm's voice is played a block at a time, the microphone heard through
    the echo canceller beside it (gm.speech.echo.BargeInSpeaker)."""
    lines, commands = common
    table = CueTable(cues, done, limit)
    clock = WallClock(speed=speed)
    transcript = Transcript()
    transcript.add_sink(table.event)
    voice = WavSpeaker(folder / "gm.wav")
    source = Paced(table, clock)
    if barge_in is not None:
        from gm.speech.echo import BargeInSpeaker

        room = EchoRoom(table)
        source = Paced(room, clock)
        voice = BargeInSpeaker(voice, source, barge_in, room=room)
    speaker = ToneLog(Timed(voice, clock), clock)
    recognizer.reset()
    engine = Engine(
        game,
        AudioHearing(source, recognizer),
        speaker,
        lines,
        commands,
        transcript,
        copy.deepcopy(record),  # the engine writes to its record: the caller's serves again
        config=config,
    )
    try:
        result = engine.run(resumed=resumed)
    finally:
        speaker.close()
    if show:  # pytest shows it when a test fails
        for event in transcript.events:
            print({k: v for k, v in event.items() if k not in ("state", "alternatives")})
    return Run(result, transcript, engine, table, speaker.tones)
