"""The demo's live table (`gm.demo.LiveTable`) on a small game, through the real PocketSphinx.

The toy's second player means three and, once, says "two": gm decides two, so the player
says "undo" and puts it another way ("three"). The table's voice goes to the engine's speaker,
its lines to `said`, and the game ends as the players meant it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import SimpleNamespace

from conftest import RecordingSpeaker
from toygame import ToyGame, ToyState

from gm import vocab
from gm.demo import ESPEAK_SEATS, LiveTable
from gm.dialog.engine import Engine, Result
from gm.dialog.hearing import AudioHearing
from gm.dialog.transcript import Transcript
from gm.speech.asr import open_recognizer
from gm.speech.audio import read_wav
from gm.speech.tts import TeeSpeaker, WavSpeaker
from gm.state import Record
from gm.steps import Answer, AnswerKind, Ask, Line, Outcome, said


class DemoToy(ToyGame):
    def demo_line(self, state: ToyState, ask: Ask, rng: random.Random) -> Line:
        if ask.id == "toy.players":
            return said(ask, 2, "two", 1)
        seat = (state.round - 1) % state.players + 1
        if state.round == 2:
            return Line(Answer(AnswerKind.CHOICE, 3, "three"), "two", seat)  # a slip of the tongue
        return said(ask, 5, "five", seat)


class Bounded(LiveTable):
    """A table that gives up after a minute of game time (a table caught in a loop)."""

    def read(self):
        return None if self.now > 60 else super().read()


def play(game: ToyGame, common, speaker=None) -> tuple[list, list, Engine, LiveTable]:
    """The toy game played to its end by the live table, through PocketSphinx: the decisions
    (confirmations and refusals left out), what the table said, seat by seat, the engine and
    the table."""
    lines, commands = common
    spoken: list = []
    table = Bounded(
        game,
        commands,
        seed=1,
        said=lambda t, seat, text: spoken.append((seat, text)),
        seats=ESPEAK_SEATS,  # PocketSphinx's voices
    )
    transcript = Transcript()
    transcript.add_sink(table.event)
    engine = Engine(
        game,
        AudioHearing(table, open_recognizer("sphinx")),
        speaker or RecordingSpeaker(for_the_ear=False),
        lines,
        commands,
        transcript,
        Record("toy", {}, seed=3),
    )
    table.attach(engine)
    assert engine.run() is Result.OVER  # not an endless replay of an undone step
    decided = [
        (e.get("kind"), e["decision"])
        for e in transcript.of_type("decision")
        if e.get("step") != "confirm" and e.get("accepted", True)
    ]
    return decided, spoken, engine, table


def test_the_live_table_corrects_gm_and_the_game_ends_as_meant(speaker, common, tmp_path):
    wav = WavSpeaker(tmp_path / "table.wav")  # what --speak-to writes: gm's lines and the replies
    decided, spoken, engine, table = play(DemoToy(), common, TeeSpeaker(speaker, wav))
    assert decided == [
        (None, "2 players"),
        (None, "player 1 took 5"),
        (None, "player 2 took 2"),
        ("undo", "player 2 took 2"),
        (None, "player 2 took 3"),
        (None, "player 1 took 5"),
    ]
    assert engine.state.scores == (10, 3)
    # Five answers ("two" meant three, decided as two, is the one not taken as meant).
    assert (table.answers, table.as_meant) == (5, 4)
    assert table.summary() == (
        "gm took 4 of the table's 5 answers as meant the first time they were said (80%)."
    )
    # The table says gm's first form of undo, "take that back"; PocketSphinx does not take it in
    # this seat's espeak-ng voice, so the player says it again another way, "undo", as people do.
    assert spoken == [
        *((1, "two"), (1, "five"), (2, "two")),
        *((2, "take that back"), (2, "undo"), (2, "three"), (1, "five")),
    ]
    assert len(speaker.played) == len(spoken) and all(len(audio) > 3200 for audio in speaker.played)
    wav.close()
    recorded = read_wav(tmp_path / "table.wav")
    at = [0]
    for reply in speaker.played:  # every reply, in order (seat 1 says "five" twice, alike)
        at.append(recorded.find(reply, at[-1] + 1))
    at = at[1:]
    assert -1 not in at
    assert (
        at[0] > 16000 and len(recorded) > sum(map(len, speaker.played)) + 32000
    )  # between gm's lines


class MishearingToy(ToyGame):
    """Player two means three and says words gm takes for "undo": as Whisper took "quebec" for
    "go back" in a Funocracy demo; here the word itself, which PocketSphinx hears every time."""

    def demo_line(self, state: ToyState, ask: Ask, rng: random.Random) -> Line:
        if ask.id == "toy.players":
            return said(ask, 2, "two", 1)
        if state.round == 2:
            return Line(Answer(AnswerKind.CHOICE, 3, "three"), "undo", 2)
        return said(ask, 5, "five", (state.round - 1) % state.players + 1)


def test_words_taken_for_undo_are_put_another_way_when_the_ask_comes_back(common):
    decided, spoken, _, table = play(MishearingToy(), common)
    assert decided == [
        (None, "2 players"),
        (None, "player 1 took 5"),
        ("undo", "player 1 took 5"),
        (None, "player 1 took 5"),  # player two's words undid player one's turn
        (None, "player 2 took 3"),
        (None, "player 1 took 5"),
    ]
    assert spoken == [(1, "two"), (1, "five"), (2, "undo"), (1, "five"), (2, "three"), (1, "five")]
    assert (table.answers, table.as_meant) == (6, 5)  # "undo", meaning three, undid a turn


def test_a_reply_never_begins_while_gm_speaks(common):
    """Live, gm's line is told to the table once said (its `say` event, with its end); the audio
    the table made meanwhile is dropped by the engine, as a microphone's is while gm speaks. So a
    reply due during the line waits until gm has finished, and a breath more (LEAD): a player
    who spoke over gm was never heard, and the table did not know it."""
    _, commands = common
    began = []
    table = LiveTable(
        ToyGame(), commands, seed=1, said=lambda t, seat, text: began.append(t), seats=ESPEAK_SEATS
    )
    table._reply(Line(Answer(AnswerKind.CHOICE, 5, "five"), "five", 1), 0.2)
    table.event({"type": "say", "t": 0.1, "end": 2.5, "text": "Sorry, say it again."})
    while not began and table.now < 10:
        table.read()
    assert began and began[0] >= 2.5 + table.LEAD - 0.1  # a read is 0.1 s of audio
    assert began[0] < 2.5 + table.LEAD + 0.2


class RefusingToy(DemoToy):
    """Player two means three and says "two", which the rules here refuse."""

    def apply(self, state: ToyState, ask: Ask, answer: Answer, rng: random.Random) -> Outcome:
        if ask.id == "toy.pick" and answer.value == 2:
            return Outcome(state, ("Two is taken. Pick another.",), "", accepted=False)
        return super().apply(state, ask, answer, rng)


def test_a_refused_reply_is_said_again_and_nothing_is_taken_back(common):
    """gm refusing what it heard decided nothing: the player says it again, and no "take that
    back" undoes the turn before."""
    decided, spoken, _, table = play(RefusingToy(), common)
    assert decided == [
        (None, "2 players"),
        (None, "player 1 took 5"),
        (None, "player 2 took 3"),
        (None, "player 1 took 5"),
    ]
    assert spoken == [(1, "two"), (1, "five"), (2, "two"), (2, "three"), (1, "five")]
    assert (table.answers, table.as_meant) == (5, 4)  # the refused "two" was not as meant


@dataclass(frozen=True)
class CheckState(ToyState):
    pending: int | None = None


class CheckingToy(DemoToy):
    """Reads a two back before taking it ("I heard two. Is that right?", `Ask.checks`), as What
    the Fake reads back a drawing's name it does not know. Player two means three, says "two"."""

    def step(self, state: ToyState):
        if getattr(state, "pending", None) is not None:
            return Ask("toy.check", ("I heard 2. Is that right?",), vocab.yes_no(), checks=True)
        return super().step(state)

    def apply(self, state: ToyState, ask: Ask, answer: Answer, rng: random.Random) -> Outcome:
        seat = (state.round - 1) % (state.players or 1) + 1
        plain = ToyState(state.players, state.round, state.scores, state.rolled)
        if ask.id == "toy.check" and answer.value is True:
            return super().apply(plain, ask, Answer(AnswerKind.CHOICE, 2, "two"), rng)
        if ask.id == "toy.check":
            return Outcome(plain, ("Then say it again.",), f"player {seat} did not say 2")
        if ask.id == "toy.pick" and answer.value == 2:
            return Outcome(CheckState(*vars(plain).values(), pending=2), (), f"heard 2, {seat}")
        return super().apply(state, ask, answer, rng)


def test_a_reading_gm_checks_is_answered_no_not_taken_back(common):
    """Where gm reads back what it heard wrong, the player says no (a real table's word, and
    fewer of gm's than an undo), then says what it meant."""
    decided, spoken, _, table = play(CheckingToy(), common)
    assert decided == [
        (None, "2 players"),
        (None, "player 1 took 5"),
        (None, "heard 2, 2"),
        (None, "player 2 did not say 2"),
        (None, "player 2 took 3"),
        (None, "player 1 took 5"),
    ]
    assert spoken == [(1, "two"), (1, "five"), (2, "two"), (2, "no"), (2, "three"), (1, "five")]
    assert (table.answers, table.as_meant) == (5, 4)  # "no" is no answer to the game's ask


class AgainToy(CheckingToy):
    """Asks for a two again instead ("2 is taken. Say your number again.", `Ask.checks`), as
    Funocracy asks for a word that fits no face-up letter; player two means three."""

    def step(self, state: ToyState):
        if getattr(state, "pending", None) is not None:
            return Ask(
                "toy.again", ("2 is taken. Say it again.",), vocab.numbers(1, 5), checks=True
            )
        return super().step(state)

    def apply(self, state: ToyState, ask: Ask, answer: Answer, rng: random.Random) -> Outcome:
        plain = ToyState(state.players, state.round, state.scores, state.rolled)
        if ask.id == "toy.again":
            return ToyGame.apply(self, plain, ask, answer, rng)
        return super().apply(state, ask, answer, rng)

    def demo_line(self, state: ToyState, ask: Ask, rng: random.Random) -> Line:
        if ask.id == "toy.pick" and state.round == 2:
            return said(ask, 3, "three", 2)
        return super().demo_line(state, ask, rng)


def test_asked_again_about_a_misheard_answer_the_player_says_it_again(common):
    """gm heard "two" for "three" and asks for it again: the player says "three" again, as the
    ask invites, not "take that back" (the table's ears are the engine's events here)."""
    _, commands = common
    game, rng = AgainToy(), random.Random(3)
    table = LiveTable(game, commands, seed=1, seats=ESPEAK_SEATS)
    engine = SimpleNamespace(state=ToyState(2, 2, (5, 0), (5,)), rng=rng)
    table.attach(engine)
    table.event({"type": "listen", "t": 0.0, "step": "toy.pick"})
    assert table._saying.text == "three"
    heard = game.apply(engine.state, game.step(engine.state), Answer(AnswerKind.CHOICE, 2), rng)
    engine.state = heard.state  # gm heard two: asks for it again
    table.event(
        {
            "type": "decision",
            "t": 2.0,
            "step": "toy.pick",
            "accepted": True,
            "decision": heard.decision,
        }
    )
    for _ in range(table.CORRECTIONS):  # misheard again, it is said again, never taken back
        table.event({"type": "listen", "t": 3.0, "step": "toy.again"})
        assert table._saying.text == "three" and table._saying.seat == 2
        assert table._saying.answer.value == 3
        table.event(
            {
                "type": "decision",
                "t": 4.0,
                "step": "toy.again",
                "accepted": True,
                "decision": "player 2 took 2",
            }
        )


def test_asked_to_say_it_again_the_player_says_it_once_more_not_twice(common):
    """gm's "Sorry, say it again." comes before gm listens again, and the table reads audio in
    between: the reply due then is the one said when gm listens, one more try, not two (two
    made a neighbour say it at once, and a Funocracy player give up the turn)."""
    _, commands = common
    game = DemoToy()
    began = []
    table = LiveTable(
        game, commands, seed=1, said=lambda t, seat, text: began.append(seat), seats=ESPEAK_SEATS
    )
    state, rng = ToyState(2, 2, (5, 0), (5,)), random.Random(3)
    table.attach(SimpleNamespace(state=state, rng=rng, speaker=SimpleNamespace(play=len)))
    table.event({"type": "listen", "t": 0.0, "step": "toy.pick"})
    while not began and table.now < 10:
        table.read()
    assert began == [2]
    table.event({"type": "heard", "t": table.now, "text": "", "intent": None})
    table.event({"type": "say", "t": table.now, "end": table.now, "text": "Sorry, say it again."})
    table.read()  # gm's 0.3 s after it speaks
    table.event({"type": "listen", "t": table.now, "step": "toy.pick"})
    while len(began) < 2 and table.now < 20:
        table.read()
    assert began == [2, 2]  # the player again, not a neighbour
    assert sum(table._tried.values()) == 2  # "two", then "three" (what the player meant)


def test_an_answer_given_up_is_not_taken_as_meant_when_the_time_runs_out(common):
    """A player gm did not hear, who then lets the turn's time run out (`give_up`), meant the
    time-out that follows, but the answer they said was never taken: it is not counted."""
    _, commands = common
    began = []
    table = LiveTable(
        DemoToy(), commands, seed=1, said=lambda t, seat, text: began.append(seat),
        seats=ESPEAK_SEATS,
    )  # fmt: skip
    state, rng = ToyState(2, 2, (5, 0), (5,)), random.Random(3)
    table.attach(SimpleNamespace(state=state, rng=rng, speaker=SimpleNamespace(play=len)))
    table.event({"type": "listen", "t": 0.0, "step": "toy.pick"})
    while not began and table.now < 10:
        table.read()
    assert table.answers == 1
    table._reply(Line(Answer(AnswerKind.TIMEOUT), "", 2, silence=3.0))  # as give_up says it
    table._intended = (True, "time ran out")
    table.event(
        {"type": "decision", "t": 9.0, "step": "toy.pick", "accepted": True,
         "decision": "time ran out"}
    )  # fmt: skip
    assert (table.answers, table.as_meant) == (1, 0)


class RetryToy(AgainToy):
    """Asked again twice for the "three" gm heard as "two", the player puts it another way the
    game's table chooses from what was meant (`demo_retry`), as a Funocracy player names the
    letter after their word was misheard twice."""

    def demo_retry(self, state: ToyState, ask: Ask, meant: Line, rng: random.Random):
        if ask.id != "toy.again":
            return None
        return said(ask, meant.answer.value, "three", meant.seat)


def test_misheard_past_its_corrections_the_player_answers_from_what_was_meant(common):
    _, commands = common
    game, rng = RetryToy(), random.Random(3)
    table = LiveTable(game, commands, seed=1, seats=ESPEAK_SEATS)
    engine = SimpleNamespace(
        state=ToyState(2, 2, (5, 0), (5,)), rng=rng, speaker=SimpleNamespace(play=len)
    )
    table.attach(engine)

    def said() -> None:  # the reply is read until it has begun
        while not table._started and table.now < 60:
            table.read()

    table.event({"type": "listen", "t": 0.0, "step": "toy.pick"})
    said()
    meant = table._saying
    engine.state = game.apply(
        engine.state, game.step(engine.state), Answer(AnswerKind.CHOICE, 2), rng
    ).state
    wrong = {"type": "decision", "step": "toy.pick", "accepted": True, "decision": "took 2"}
    table.event({**wrong, "t": 2.0})
    for _ in range(table.CORRECTIONS):
        table.event({"type": "listen", "t": 3.0, "step": "toy.again"})
        assert table._saying is meant  # said again as the ask invites
        said()
        table.event({**wrong, "t": 4.0, "step": "toy.again"})
    table.event({"type": "listen", "t": 5.0, "step": "toy.again"})
    assert table._saying is not meant  # the table's reply from what was meant, not demo_line's
    assert (table._saying.text, table._saying.answer.value) == ("three", 3)
