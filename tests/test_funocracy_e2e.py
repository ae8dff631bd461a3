"""Funocracy end to end: a whole game typed, and its first round said by synthesised voices
through PocketSphinx.

The simulated table (gm/games/funocracy/table.py) plans every reply; the pure rules say what
the game must decide for those replies. The engine, fed the same replies as text or as one WAV
of espeak-ng voices, must decide the same things and end with the same scores (the recording,
a round long, with the same state where it runs out: one round is what the voices add to the
typed game, at a third of the time).
"""

from __future__ import annotations

import os
import time
from random import Random

import pytest
from test_decks import STARS
from transcripts import effective_decisions, events_of, gm

from gm.cli import common_lines
from gm.demo import ESPEAK_SEATS, Audition, Script, plan, render
from gm.games import funocracy
from gm.speech.asr.sphinx import SphinxRecognizer
from gm.state import Saves
from gm.steps import Answer, AnswerKind, End, Line
from gm.vocab import number_word

GAME = funocracy.load()
# Two players set up by voice, normal mode, with a challenge voted down and a "which letter?"
# exchange ("knife" for N); the first turn of round two times out.
SEED = int(os.environ.get("FUNO_SEED", "31"))


def expected(script: Script) -> tuple[list[tuple[str, str]], dict, End | None]:
    """What the pure rules decide for the planned replies: decisions, final public state, end
    (None where the script is part of a game)."""
    rng = Random(script.seed)
    state = GAME.new(script.options, rng)
    lines = iter(script.lines)
    decisions = []
    while True:
        step = GAME.step(state)
        if isinstance(step, End):
            return decisions, GAME.public(state), step
        line = next(lines, None)
        if line is None:
            return decisions, GAME.public(state), None
        if step.confirm and line.answer.kind is AnswerKind.CHOICE:
            assert next(lines).answer.value is True  # plan() confirms with a "yes"
        outcome = GAME.apply(state, step, line.answer, rng)
        if outcome.accepted:
            state = outcome.state
            decisions.append((step.id, outcome.decision))


def say(text: str, seat: int = 1) -> Line:
    """A command, which the rules never see (only the engine acts on it)."""
    return Line(Answer(AnswerKind.CHOICE, None, text), text, seat)


def with_table_talk(script: Script) -> Script:
    """The planned game plus what a real table also says: repeat, score, pause and resume,
    and a challenge said by mistake and undone."""
    lines = list(script.lines)
    answers = [i for i, l in enumerate(lines) if l.answer.kind is AnswerKind.FREE]
    windows = [
        i for i, l in enumerate(lines) if i - 1 in answers and l.answer.kind is AnswerKind.TIMEOUT
    ]
    first, later, window = answers[0], answers[5], windows[8]
    # Inserted from the back so the earlier indexes stay right.
    # A challenge said by mistake (said aloud for all to hear: not confirmed), undone at the vote:
    # back to the window.
    # The other player challenges, and the one who answered undoes it.
    answerer = lines[window - 1].seat
    other = 1 if answerer == 2 else 2
    lines[window:window] = [say("i challenge", other), say("undo", answerer)]
    lines[later:later] = [
        say("pause the game"),
        Line(Answer(AnswerKind.TIMEOUT), "", 1, silence=40.0),
        say("continue"),
    ]
    lines[first:first] = [say("repeat"), say("what's the score")]
    return Script(script.game, script.options, script.seed, tuple(lines))


@pytest.fixture(scope="module")
def script() -> Script:
    return plan(GAME, {}, SEED)


@pytest.fixture(scope="module")
def heard_round() -> Script:
    """The first round, the table trying each reply on PocketSphinx first and saying one it hears
    as meant: a recording cannot notice a mishearing and correct it, as a real table does."""
    _, commands = common_lines()
    return plan(
        GAME,
        {},
        SEED,
        audition=Audition(SphinxRecognizer(), commands, seats=ESPEAK_SEATS),
        until=lambda state: GAME.public(state)["round"] > 1,
    )


def test_the_planned_game_shows_what_the_issue_asks_for(script):
    texts = [l.text for l in script.lines]
    assert texts[:2] == ["two", "normal mode"]  # set up by voice
    answers = [l for l in script.lines if l.answer.kind is AnswerKind.FREE]
    assert len(answers) > 40
    hints = {w for theme in GAME.themes for w in theme.answers}
    assert all(l.text in hints for l in answers)
    assert "i challenge" in texts and "majority meh" in texts  # one challenge, voted down
    assert set(texts) & set(
        funocracy.table.LETTER_REPLIES.values()
    )  # "which letter?" answered by name
    assert sum(1 for l in script.lines if l.silence > 20) == 1  # one turn runs out of time
    decisions, public, end = expected(script)
    assert public["round"] == 3 and end.winners


def first_divergence(events: list[dict], script: Script) -> str:
    """Where the heard game left the planned one, and what the recogniser heard around there."""
    planned = expected(script)[0]
    decided = [
        e
        for e in events
        if e["type"] == "decision" and e.get("accepted") and e.get("step") != "confirm"
    ]
    got = effective_decisions(events)
    index = next(
        (i for i, (a, b) in enumerate(zip(got, planned)) if a != b), min(len(got), len(planned))
    )
    at = decided[min(index, len(decided) - 1)]["t"] if decided else 0.0
    heard = [
        f"{e['t']:.1f}s heard {e['text']!r} as {e['intent']} from "
        f"{[a['text'] for a in e['alternatives']]}"
        for e in events
        if e["type"] == "heard" and at - 12 <= e["t"] <= at + 1
    ]
    wanted = planned[index] if index < len(planned) else "the end"
    instead = got[index] if index < len(got) else "nothing more"
    return f"decision {index}: planned {wanted}, decided {instead}; " + "; ".join(heard)


def check_game(events: list[dict], script: Script) -> None:
    decisions, public, end = expected(script)
    said = [e["text"] for e in events if e["type"] == "say"]
    got = effective_decisions(events)
    assert got == decisions
    assert [e for e in events if e["type"] == "state"][-1]["state"] == public
    over = [e for e in events if e["type"] == "game_over"]
    assert len(over) == 1 and over[0]["winners"] == list(end.winners) and over[0]["state"] == public
    assert said[-len(end.say) :] == list(end.say)  # totals and the winner, announced last
    totals = {seat: sum(stars) for seat, stars in public["scores"].items()}
    assert all(f"{number_word(t)} star" in end.say[0] for t in totals.values())
    for r in ("one", "two", "three"):
        assert f"Round {r} is over." in said
    assert any("which is not face up" in s for s in said)  # "Knife starts with K as in kilo, ..."
    assert any(" as in " in s and "star" in s for s in said)  # "W as in whiskey, two stars"
    assert "Ten seconds." in said and "Time!" in said
    assert any(s.startswith("Challenge!") for s in said) and any(
        s.startswith("Meh wins") for s in said
    )


# The letters each player wins in the planned game (seed 31), read from the planned replies:
# the answers not challenged or challenged and kept, "knife"-like "which letter?" answers by the
# letter named ("write" for R); the one challenged answer ("guitar") was voted meh and won
# nothing. Skipped themes (agreed by the table) do not count towards the three-themes rule, and a
# second skip in one turn is refused: the same theme stays. Scores are their stars from the deck
# table of test_decks (not the game's own `stars`), per round; the highest total wins.
WON_LETTERS = {
    "1": ("MNKYZIJV", "HTVSRUBQJD", "MLGFZRCO"),
    "2": ("SGPTHDAUFEC", "ECGWALMZKF", "DIPBSKEHJTYW"),
}
ROUND_SCORES = {"1": [20, 19, 13], "2": [16, 18, 22]}  # totals 52 and 56: player two wins


def test_the_oracle_adds_up():
    """The hand-worked scores are the stars of the letters won, by the deck table."""
    for seat, rounds in WON_LETTERS.items():
        assert [sum(STARS[letter] for letter in won) for won in rounds] == ROUND_SCORES[seat]


def check_oracle(events: list[dict]) -> None:
    """The end the rulebook gives for the planned game, independent of the rules code."""
    if SEED != 31:
        return  # another planned game: only the replay through the rules is known
    over = [e for e in events if e["type"] == "game_over"]
    assert len(over) == 1 and over[0]["winners"] == [2]
    assert over[0]["state"]["scores"] == ROUND_SCORES and over[0]["state"]["round"] == 3
    said = [e["text"] for e in events if e["type"] == "say"]
    # a second skip in one turn is refused, and the turn goes on with the same theme
    refused = said.index("You get one skip a turn.")
    assert said[refused + 1] == "Player two, your theme is Things with a screen."
    assert (
        "The game is over. Totals: player one, fifty two stars; player two, fifty six stars."
        in said
    )


def check_table_talk(events: list[dict]) -> None:
    said = [e["text"] for e in events if e["type"] == "say"]
    assert "Undone: the answer was challenged." in said
    assert "Nobody has a star yet." in said  # "what's the score", not a row of zeros
    assert "Paused. Say resume when you want to carry on." in said and "Resuming." in said
    intro = next(s for s in said if s.startswith("Seat one, the youngest"))
    letters = next(s for s in said if s.startswith("Round one. Letters:"))
    # "repeat" at the round's first turn: the round again, not the welcome
    assert (said.count(intro), said.count(letters)) == (1, 2)


def play_typed(folder, typed: str, seed: int) -> list[dict]:
    """`gm play funocracy --text` on `typed`, to its end: the transcript's events."""
    transcript = folder / "t.jsonl"
    result = gm(
        "play",
        "funocracy",
        "--text",
        "--seed",
        str(seed),
        "--transcript",
        str(transcript),
        stdin=typed,
        env={"GM_STATE_DIR": str(folder / "state")},
    )
    assert result.returncode == 0, result.stderr
    return events_of(transcript)


def test_a_whole_game_from_typed_input(script, tmp_path):
    events = play_typed(tmp_path, with_table_talk(script).text(), SEED)
    check_game(events, script)
    check_oracle(events)
    check_table_talk(events)


def check_round(events: list[dict], script: Script) -> None:
    """The first round, whose recording ends at the next round's first ask: the decisions and the
    state the rules give, the round's end said, the game not over."""
    decisions, public, end = expected(script)
    assert end is None and public["round"] == 2
    said = [e["text"] for e in events if e["type"] == "say"]
    assert effective_decisions(events) == decisions, first_divergence(events, script)
    assert [e for e in events if e["type"] == "state"][-1]["state"] == public
    assert not [e for e in events if e["type"] == "game_over"]
    assert "Round one is over." in said
    assert any("which is not face up" in s for s in said)  # "Knife starts with K as in kilo, ..."
    assert any(s.startswith("Challenge!") for s in said)
    assert said[-1] == common_lines()[0]("input_ended")


@pytest.mark.slow
def test_the_first_round_from_synthesised_voices(heard_round, tmp_path):
    # the rehearsed round has a "which letter?" answered by name ("knife": "n for november"),
    # which check_round looks for; another seed or recogniser may need another round
    letters = set(funocracy.table.LETTER_REPLIES.values())
    assert any(line.text in letters for line in heard_round.lines), "no letter named by voice"
    game = with_table_talk(heard_round)
    (tmp_path / "typed").mkdir()
    check_round(play_typed(tmp_path / "typed", game.text(), SEED), heard_round)  # typed, the same

    wav = render(game, tmp_path / "funocracy.wav", ESPEAK_SEATS)
    transcript = tmp_path / "t.jsonl"
    began = time.monotonic()
    result = gm(
        "play",
        "funocracy",
        "--wav",
        str(wav),
        "--asr",
        "sphinx",
        "--seed",
        str(SEED),
        "--transcript",
        str(transcript),
        env={"GM_STATE_DIR": str(tmp_path / "state")},
    )
    assert result.returncode == 0, result.stderr
    events = events_of(transcript)
    check_round(events, heard_round)
    check_table_talk(events)
    record, _ = Saves(tmp_path / "state").store("funocracy").load()  # saved, to carry on
    assert not record.finished
    assert [(a["step"], a["decision"]) for a in record.answers] == effective_decisions(events)
    print(
        f"a round from {wav.stat().st_size / 32000:.0f} s of audio"
        f" in {time.monotonic() - began:.0f} s"
    )


def test_an_undo_at_a_rounds_first_turn_says_the_round_again_not_the_welcome(tmp_path):
    """The first word taken back: gm says the round's letters and whose turn it is again, as on a
    repeat, not the game's opening ("Seat one, the youngest, starts...") a second time."""
    typed = "two\nnormal\nlavender\n[silence 5]\ntake that back\ntake that back\n[silence 2]\n"
    said = [e["text"] for e in play_typed(tmp_path, typed, 1) if e["type"] == "say"]
    undone = said.index("Undone: player one said lavender for L.")
    assert said[undone + 1].startswith("Round one. Letters:")
    assert said[undone + 2] == "Player one starts. Theme: Things that smell nice."
    assert sum(s.startswith("Seat one, the youngest") for s in said) == 1
