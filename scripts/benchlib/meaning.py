"""What gm makes of one sentence said at one ask: the corpus of tests/meaning judged through the
engine's own reading (`interpret`: the phrases, then the ask's meaning) and, for open answers,
the game's own rules.

Each corpus entry gives an ask and its context (players, places left, face-up letters, groups);
`ask_for` builds the game's real state for it and asks the game for its step. `outcome` says
what gm would do with the sentence, typed: decide a value at once, check it first ("I heard ...
Is that right?"), ask the rest of a partial answer, or nothing. `judge` compares that with the
meaning the corpus names.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterator

from gm.cli import common_lines
from gm.dialog.engine import (
    EngineConfig,
    asked_first,
    hearing_for,
    holds_on,
    interpret,
    listening_commands,
)
from gm.dialog.intents import Command
from gm.games import find, load
from gm.games.funocracy.state import Pending
from gm.games.funocracy.state import Phase as FPhase
from gm.games.what_the_fake.groups import Entry as GEntry
from gm.games.what_the_fake.groups import Group
from gm.games.what_the_fake.names import normalise_name
from gm.games.what_the_fake.state import Phase as WPhase
from gm.games.who_the_f.state import Phase as WhoPhase
from gm.speech.base import Alternative, Final
from gm.steps import Answer, AnswerKind, Ask

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from meaning.corpus import load as read_corpus  # noqa: E402

GAMES = ("who_the_f", "funocracy", "what_the_fake")
_GAMES: dict[str, Any] = {}


def game(game_id: str):
    if game_id not in _GAMES:
        _GAMES[game_id] = load(find(game_id))
    return _GAMES[game_id]


def _who(ask_id: str, context: dict) -> tuple[Any, Any]:
    g = game("who_the_f")
    state = g.new({"players": context.get("players", 5), "difficulty": "regular"}, rng())
    phase = {
        "who_the_f.result": WhoPhase.RESULT,
        "who_the_f.vote": WhoPhase.VOTE,
        "who_the_f.next": WhoPhase.NEXT,
        "who_the_f.final_result": WhoPhase.FINAL_RESULT,
    }[ask_id]
    state = replace(state, phase=phase)
    if phase is WhoPhase.FINAL_RESULT:
        state = replace(
            state,
            places=tuple(context["places"]),
            asking=context.get("asking", ""),
            final_from=0,
            elected=6,
        )
    return g, state


def _theme(g, name: str) -> int:
    names = [t.name.lower() for t in g.themes]
    return names.index(name.lower()) if name.lower() in names else 0


def _funocracy(ask_id: str, context: dict) -> tuple[Any, Any]:
    g = game("funocracy")
    players = context.get("voters", 2) + 1 if ask_id == "funocracy.vote" else 3
    state = g.new({"players": players, "mode": "normal"}, rng())
    face_up = tuple(context.get("face_up", state.face_up))
    state = replace(
        state, face_up=face_up, theme=_theme(g, context.get("theme", "")), fresh_theme=False
    )
    word = context.get("word", "kiwi")
    if ask_id == "funocracy.answer":
        state = replace(state, phase=FPhase.ANSWER)
    elif ask_id in ("funocracy.challenge", "funocracy.vote"):
        phase = FPhase.CHALLENGE if ask_id == "funocracy.challenge" else FPhase.VOTE
        letter = face_up[0] if face_up else "K"
        state = replace(state, phase=phase, pending=Pending(1, letter, word))
    elif ask_id == "funocracy.letter":
        state = replace(state, phase=FPhase.LETTER, heard=word)
    elif ask_id == "funocracy.agree":
        state = replace(
            state, phase=FPhase.AGREE, heard=word, agree=context.get("letter", face_up[0])
        )
    return g, state


def _what_the_fake(ask_id: str, context: dict) -> tuple[Any, Any]:
    g = game("what_the_fake")
    players = context.get("players", 4)
    hidden = ask_id == "what_the_fake.reveal"
    state = g.new({"players": players, "mode": "hidden" if hidden else "open"}, rng())
    if ask_id in ("what_the_fake.names", "what_the_fake.check_names"):
        seat = context.get("seat", 1)
        card = replace(g.cards[state.card or 0], hints=tuple(context.get("hints", ())))
        g.cards = (card,) + tuple(g.cards[1:])
        room = context.get("room", 3)
        state = replace(
            state,
            phase=WPhase.NAMING,
            card=0,
            drawings=tuple(("scribble",) for _ in range(max(0, seat - 1))),
            naming=tuple(f"doodle {i}" for i in range(3 - room)),
            pending=tuple(context.get("pending", ())),
            players=max(players, seat),
        )
    elif ask_id == "what_the_fake.groups":
        groups = tuple(
            Group(g_["number"], tuple(GEntry(s, g_["name"]) for s in g_["seats"]))
            for g_ in context["groups"]
        )
        state = replace(state, phase=WPhase.GROUPS, groups=groups)
    elif hidden:
        state = replace(state, phase=WPhase.REVEAL, named=())
    return g, state


def rng() -> random.Random:
    return random.Random(7)


def ask_for(ask_id: str, context: dict) -> tuple[Any, Any, Ask]:
    """The game, its state and its ask for a corpus context."""
    builder = {"who_the_f": _who, "funocracy": _funocracy, "what_the_fake": _what_the_fake}
    g, state = builder[ask_id.split(".")[0]](ask_id, context)
    step = g.step(state)
    if not isinstance(step, Ask):
        raise ValueError(f"{ask_id}: the context gives no ask ({step!r})")
    return g, state, step


@dataclass(frozen=True)
class Outcome:
    """What gm does with one sentence: 'decide', 'check', 'ask' (a partial answer), 'nothing',
    'hold' (a moment's wait asked: gm.dialog.engine.holds_on) or 'refuse' (the rules refuse
    what was understood), and the meaning it acted on."""

    act: str
    value: Any = None


def _free_meaning(g, state, ask: Ask, texts: list[str]) -> Outcome:
    """An open answer, as the game's rules take it."""
    result = g.apply(state, ask, Answer(AnswerKind.FREE, texts, texts[0]), rng())
    return _as_meaning(g, state, ask, result)


def _as_meaning(g, state, ask: Ask, result) -> Outcome:
    if not result.accepted:
        return Outcome("refuse")
    new = result.state
    if ask.id in ("funocracy.answer", "funocracy.letter"):
        if new.pending is not None:
            return Outcome("decide", {"word": new.pending.word, "letter": new.pending.letter})
        if new.phase is FPhase.LETTER:
            return Outcome("ask")
        return Outcome("decide", None)
    if ask.id in ("what_the_fake.names", "what_the_fake.check_names"):
        if new.pending and new.pending != state.pending:
            return Outcome("check", {"names": list(new.pending)})
        added = list(new.naming[len(state.naming) :]) if len(new.naming) > len(state.naming) else []
        if not added and len(new.drawings) > len(state.drawings):
            added = list(new.drawings[len(state.drawings)][len(state.naming) :])
        if ask.id == "what_the_fake.check_names" and added and added == list(state.pending):
            return Outcome("decide", True)  # the names read back written as they were: a yes
        return Outcome("decide", {"names": added} if added else "nothing")
    return Outcome("decide", None)


def outcome(
    g, state, ask: Ask, text: str | Final, commands: dict, phrases_only: bool = False
) -> Outcome:
    """What gm does with `text` said (typed, or heard: a recogniser's Final) at `ask`, as the
    engine reads it."""
    matcher = hearing_for(ask, listening_commands(commands))[0]  # as the engine matches
    final = text if isinstance(text, Final) else Final((Alternative(text.lower(), 1.0),), 0.0, 1.0)
    if not any(a.text.strip() for a in final.alternatives):
        return Outcome("nothing")
    text = final.alternatives[0].text
    meaning = None if phrases_only else ask.meaning
    heard = interpret(
        final,
        matcher,
        ask.free,
        EngineConfig().doubtful,
        meaning,
        None,
        not phrases_only,
        doubt_asked=not ask.countdown and not phrases_only,
        countdown=ask.countdown,
    )
    if heard.partial is not None:
        return Outcome("ask")
    if heard.free:
        return _free_meaning(g, state, ask, list(heard.free))
    match = heard.match
    if match is None:
        return Outcome("nothing")
    if ask.id == "what_the_fake.groups" and match.command is Command.REPEAT:
        return Outcome("decide", "list")  # the groups' "repeat" reads them all again (Ask.again)
    if holds_on(ask, match):
        return Outcome("hold")  # "hang on, let me count" where no clock runs: gm waits quietly
    if match.command is not None:
        act = "check" if asked_first(match, False) else "decide"
        return Outcome(act, f"command:{match.command.value}")
    act = "check" if asked_first(match, ask.confirm) else "decide"
    value = match.value
    if ask.id.startswith(("what_the_fake.names", "what_the_fake.check")) and isinstance(
        value, dict
    ):
        result = g.apply(state, ask, Answer(AnswerKind.CHOICE, value, text), rng())
        found = _as_meaning(g, state, ask, result)
        if found.act == "refuse":
            return found
        return Outcome("check" if found.act == "check" else act, found.value)
    if ask.id == "what_the_fake.forgers":
        value = {"seats": sorted(int(s) for s in str(value).split())}
    return Outcome(act, value)


def as_outcome_reads(ask_id: str, value: Any) -> Any:
    """A value as `outcome` gives it: the groups' "repeat" reads them all again ("list")."""
    return "list" if ask_id == "what_the_fake.groups" and value == "command:repeat" else value


def _same(got: Any, want: Any) -> bool:
    if isinstance(want, dict) and "names" in want and isinstance(got, dict) and "names" in got:
        return [normalise_name(n) for n in got["names"]] == [
            normalise_name(n) for n in want["names"]
        ]
    if isinstance(want, dict) and "word" in want and isinstance(got, dict):
        return normalise_name(str(got.get("word"))) == normalise_name(
            str(want["word"])
        ) and got.get("letter") == want.get("letter")
    return got == want


def same_effect(g, state, ask: Ask, got: Any, want: Any) -> bool:
    """Whether two answer values do the same to the game: the same state after them (and both
    taken, or both refused), as "five votes for one" and "unanimous for one" with five
    players; at Funocracy's "which letter?", the letter alone and the word gm heard said again
    with it ("kiwi, K"), as both score that word for that letter."""
    if _same(got, want):
        return True
    if ask.id == "what_the_fake.check_names":  # the names read back said again: a yes
        again = {"names": list(state.pending or ())}
        if {_same(got, again) or got is True, _same(want, again) or want is True} == {True}:
            return True
    if ask.id == "funocracy.letter":  # the word gm heard said again with its letter: the letter
        heard = normalise_name(str(state.heard))

        def letter(value: Any) -> Any:
            said = isinstance(value, dict) and normalise_name(str(value.get("word"))) == heard
            return value["letter"] if said else value

        if letter(got) == letter(want):
            return True
    if isinstance(want, str) and want.startswith("command:") or got is None:
        return False
    if ask.free or isinstance(got, str) and got.startswith("command:"):
        return False
    first = g.apply(state, ask, Answer(AnswerKind.CHOICE, got, ""), rng())
    second = g.apply(state, ask, Answer(AnswerKind.CHOICE, want, ""), rng())
    return first.accepted == second.accepted and _plain(first.state) == _plain(second.state)


def _plain(state: Any) -> Any:
    """A state without what was only said about it (Who the F's `announced`, kept for
    "repeat"): a tie and no majority lose the round alike."""
    return replace(state, announced=()) if hasattr(state, "announced") else state


def judge(got: Outcome, means: Any, also: list, same=_same) -> str:
    """'right' (at once or after a check that reads it right), 'wrong' (decided something else
    without a check), or 'missed' (nothing, a check of something else, a needless question)."""
    wanted = [means, *also]  # `also`: other meanings as right, "talk" and "ask" among them
    if means == "command:resume" and got.act == "nothing":
        return "right"  # "we're back" while nothing is paused: nothing to resume
    if ("talk" in wanted and got.act == "nothing") or ("ask" in wanted and got.act == "ask"):
        return "right"
    if got.act == "hold":  # gm waits, says nothing and still hears the answer: what talk gets,
        # and at an ask with no clock what a pause does for the table
        return "right" if any(w in ("talk", "command:pause") for w in wanted) else "missed"
    values = [w for w in wanted if w not in ("talk", "ask")]
    if got.act in ("decide", "check") and any(same(got.value, w) for w in values):
        return "right"
    if got.act == "decide":
        return "wrong"
    return "missed"


def corpus_path(game_id: str, part: str, root: Path = ROOT / "tests" / "meaning") -> Path:
    return root / part / f"{game_id}.toml"


@dataclass(frozen=True)
class Judged:
    """One corpus sentence through gm: its ask, what was said and heard, its label (`means`),
    what gm did and the verdict."""

    ask: str
    text: str
    said: Any  # the text typed, or the Final the ear heard
    means: Any
    got: Outcome
    verdict: str


def judged(
    game_id: str,
    part: str,
    root: Path = ROOT / "tests" / "meaning",
    ear=None,
    limit: int = 0,
    phrases_only: bool = False,
) -> Iterator[Judged]:
    """Every sentence of one game's corpus part through gm, judged. `ear(text, ask)`, when
    given, says the sentence and returns what the recogniser heard of it (a Final) instead of
    reading it typed."""
    _, commands = common_lines()
    for index, (context, text, means, also) in enumerate(entries(corpus_path(game_id, part, root))):
        if limit and index >= limit:
            break
        g, state, ask = ask_for(context["ask"], context)
        said = text if ear is None else ear(text, ask, commands)
        got = outcome(g, state, ask, said, commands, phrases_only)
        means = as_outcome_reads(ask.id, means)
        verdict = judge(got, means, also, lambda a, b: same_effect(g, state, ask, a, b))
        yield Judged(ask.id, text, said, means, got, verdict)


def measure(
    game_id: str,
    part: str,
    root: Path = ROOT / "tests" / "meaning",
    ear=None,
    limit: int = 0,
    phrases_only: bool = False,
) -> dict:
    """Every sentence of one game's corpus part through gm (`judged`): counts, counts by ask and
    kind of label, the sentences missed, and how many of the right ones gm read back first."""
    counts = {"right": 0, "wrong": 0, "missed": 0}
    by: dict[tuple[str, str], dict[str, int]] = {}  # (ask, kind of label): counts
    misses: list[tuple[str, str, Any, Outcome]] = []
    same_letter = 0  # wrong decisions of another Funocracy word for the letter meant
    read_back = 0  # right only after gm read its reading back ("I heard ... Is that right?")
    for one in judged(game_id, part, root, ear, limit, phrases_only):
        counts[one.verdict] += 1
        read_back += one.verdict == "right" and one.got.act == "check"
        if (
            one.verdict == "wrong"
            and _letter_of(one.means)
            and (_letter_of(one.means) == _letter_of(one.got.value))
        ):
            same_letter += 1
        tally = by.setdefault((one.ask, label_kind(one.means)), dict.fromkeys(counts, 0))
        tally[one.verdict] += 1
        if one.verdict != "right":
            text = one.text
            if ear is not None:  # what was heard of it beside what was said
                text = f"{text} (heard {' | '.join(a.text for a in one.said.alternatives)!r})"
            misses.append((one.verdict, text, one.means, one.got))
    return {
        "counts": counts,
        "misses": misses,
        "by": by,
        "same_letter": same_letter,
        "read_back": read_back,
    }


def _letter_of(value: Any) -> str | None:
    """The letter of a Funocracy word answer ({word, letter}), None for any other value."""
    return value.get("letter") if isinstance(value, dict) and "word" in value else None


def label_kind(means: Any) -> str:
    """What a corpus label asks of gm: an answer, a partial answer asked about, talk left alone,
    or a command."""
    if means == "talk":
        return "talk"
    if means == "ask":
        return "partial"
    if isinstance(means, str) and means.startswith("command:"):
        return "command"
    return "answer"


def heard(
    recognizer, ask: Ask, commands: dict, text: str, voice: str, pace: float, noise: float = 1.0
) -> Final:
    """`text` said in `voice` at `pace` words a minute, heard by the recogniser as the engine
    has it listen at `ask`: the first Final that holds words. `noise` is Piper's (0: the same
    delivery every run)."""
    from gm.speech.synth import synthesize

    return heard_audio(recognizer, ask, commands, synthesize(text, voice, pace, noise=noise))


def heard_audio(recognizer, ask: Ask, commands: dict, sound: bytes) -> Final:
    """`sound` (16 kHz mono int16) after half a second of silence and before a second of it,
    heard by the recogniser as the engine has it listen at `ask`: the first Final that holds
    words."""
    from gm.speech.asr import recognize
    from gm.speech.synth import assemble

    recognizer.set_vocabulary(hearing_for(ask, listening_commands(commands))[1])
    recognizer.reset()
    audio = assemble([sound], lead=0.5) + b"\0\0" * 16000
    for event in recognize(recognizer, audio):
        if isinstance(event, Final) and any(a.text.strip() for a in event.alternatives):
            return event
    return Final((), 0.0, 0.0)


def whisper_ear(voice: str, pace: int, recognizer, noise: float = 1.0):
    """An ear for `measure`: Piper (`voice`: "piper" or "piper+FACTOR", its pitch moved) says
    the sentence at `pace` words a minute, and the recogniser hears it (`heard`)."""

    def ear(text: str, ask: Ask, commands: dict) -> Final:
        return heard(recognizer, ask, commands, text, voice, pace, noise)

    return ear


def entries(path: Path):
    """(context, text, means, also) of every sentence of a corpus file."""
    for context, text, means in read_corpus(path):
        context = dict(context)
        also = list(context.pop("also", []))
        yield context, text, means, also
