"""Funocracy: whole games typed into `gm play --text`, each end worked out by hand.

The games are played with a small deck of the test's own (DECK: ten letters A to J with the
stars below), so that a round is five letters won and a game fifteen. The seed pins the shuffle;
the letters it deals were read once from gm's announcements ("Round one. Letters: ...", "New
letter: ...") and are written below as FACE-UP + PILE per round, in order. Everything else (who
wins which letter, the stars, who starts each round, the winner and how a tie was broken) was
worked out by hand from the rulebook (funocracy.txt) and CLARIFICATIONS.md, never by gm's rules.

Seed 1 deals, in normal mode (face up left to right, then the pile in drawing order):
round 1: J F D + G H B E; round 2: J I E + D G A H; round 3: G E J + H I A F.
In alternative mode round 1 is every letter of those seven: J F D G H B E.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from whole_games import play

STARS = {"A": 1, "B": 2, "C": 3, "D": 1, "E": 2, "F": 3, "G": 1, "H": 2, "I": 3, "J": 1}
THEMES = {
    "Fruits": ["apple", "banana", "cherry", "date", "fig"],
    "Animals": ["bear", "cat", "dog", "eel", "fox"],
    "Tools": ["saw", "axe", "drill", "file", "glue"],
    "Colours": ["red", "blue", "green", "jade", "indigo"],
}
# One word a letter; the table never challenges it unless the script says so.
WORD = {
    "A": "apple",
    "B": "banana",
    "C": "cherry",
    "D": "dog",
    "E": "eel",
    "F": "fox",
    "G": "goat",
    "H": "hat",
    "I": "igloo",
    "J": "jam",
}


def deck() -> str:
    letters = "".join(f'[[letters]]\nletter = "{l}"\nstars = {s}\n' for l, s in STARS.items())
    themes = "".join(
        f'[[themes]]\nname = "{name}"\nanswers = {answers!r}\n'.replace("'", '"')
        for name, answers in THEMES.items()
    )
    return letters + themes


def won(letters: str) -> str:
    """Each letter's word said in turn, and each window closed with "no challenge"."""
    return "".join(f"{WORD[l]}\nno challenge\n" for l in letters.split())


@dataclass(frozen=True)
class Oracle:
    name: str
    flags: tuple[str, ...]
    lines: str
    scores: dict[str, list[int]]  # stars per seat per round
    winners: list[int] | None  # None: the table quit before the end
    round: int
    active: int | None  # whose turn it is at the end (None when the game is over)
    face_up: list[str] | None = None  # checked when given
    tie_break: str | None = None  # "three" / "two": the round that broke a tie of totals


TWO = ("--players", "2", "--mode", "normal")
# Round one, player one starting: J(P1) F(P2) D(P1) G(P2) H(P1). Face [J F D], pile G H B E;
# each won letter is replaced from the pile, the fifth must draw from an empty pile: the round
# ends, player one ended it, player two (on the left) starts round two.
R1_EVEN = won("J F D G H")  # P1 J D H = 1+1+2 = 4; P2 F G = 3+1 = 4
R1_P1_AHEAD = won("F J D G H")  # P1 F D H = 3+1+2 = 6; P2 J G = 1+1 = 2
# Round two, player two starting: face [J I E], pile D G A H.
R2_EVEN = won("E I D J G")  # P2 E D G = 2+1+1 = 4; P1 I J = 3+1 = 4
R2_P2_BY_2 = won("I E J A D")  # P2 I J D = 3+1+1 = 5; P1 E A = 2+1 = 3
R2_P1_BY_2 = won("J E D I G")  # P2 J D G = 1+1+1 = 3; P1 E I = 2+3 = 5
R2_P2_BY_4 = won("I J D A E")  # P2 I D E = 3+1+2 = 6; P1 J A = 1+1 = 2
# Round three, player one starting (player two ended round two): face [G E J], pile H I A F.
R3_EVEN = won("G H J I F")  # P1 G J F = 1+1+3 = 5; P2 H I = 2+3 = 5
R3_P2_BY_2 = won("G E J I A")  # P1 G J A = 1+1+1 = 3; P2 E I = 2+3 = 5
R3_P2_BY_1 = won("G E J I H")  # P1 G J H = 1+1+2 = 4; P2 E I = 2+3 = 5

GAMES = [
    # Totals 6+3+4 = 13 against 2+5+5 = 12: player one wins on the total, though player two
    # won more stars in rounds two and three; no tie-break is said.
    Oracle(
        "two players, the highest total wins",
        TWO,
        R1_P1_AHEAD + R2_P2_BY_2 + R3_P2_BY_1,
        {"1": [6, 3, 4], "2": [2, 5, 5]},
        [1],
        3,
        None,
    ),
    # Totals 6+3+3 = 12 and 2+5+5 = 12: round three's stars break the tie, 3 against 5.
    Oracle(
        "two players, a tie broken by round three",
        TWO,
        R1_P1_AHEAD + R2_P2_BY_2 + R3_P2_BY_2,
        {"1": [6, 3, 3], "2": [2, 5, 5]},
        [2],
        3,
        None,
        tie_break="three",
    ),
    # Totals 4+5+3 = 12 and 4+3+5 = 12: round three (3 against 5) decides before round two,
    # which went the other way (5 against 3).
    Oracle(
        "two players, round three breaks the tie before round two",
        TWO,
        R1_EVEN + R2_P1_BY_2 + R3_P2_BY_2,
        {"1": [4, 5, 3], "2": [4, 3, 5]},
        [2],
        3,
        None,
        tie_break="three",
    ),
    # Totals 6+2+5 = 13 and 2+6+5 = 13, round three 5 and 5: round two breaks it, 2 against 6.
    Oracle(
        "two players, a tie broken by round two",
        TWO,
        R1_P1_AHEAD + R2_P2_BY_4 + R3_EVEN,
        {"1": [6, 2, 5], "2": [2, 6, 5]},
        [2],
        3,
        None,
        tie_break="two",
    ),
    # 4+4+5 each, every round equal: a shared win.
    Oracle(
        "two players, a shared win",
        TWO,
        R1_EVEN + R2_EVEN + R3_EVEN,
        {"1": [4, 4, 5], "2": [4, 4, 5]},
        [1, 2],
        3,
        None,
    ),
    # Three players, two voters, face [J F D]. P1 jam, challenged, "majority good": P1 wins J
    # (1) and G is drawn: [F D G]. P2 fox, challenged, "it's a tie": the tie favours the
    # player, P2 wins F (3): [D G H]. P3 dog, challenged, "majority meh": no score, D stays,
    # new theme (it had answers: the three-themes count stays 0), next player P1. P1 hat: H (2),
    # B drawn: [D G B]. Quit: P2 to play.
    Oracle(
        "three players, challenges voted good, tied and meh",
        ("--players", "3", "--mode", "normal"),
        """jam
        meh
        majority good
        fox
        i challenge
        it's a tie
        dog
        meh
        majority meh
        hat
        no challenge
        quit
        yes""",
        {"1": [3, 0, 0], "2": [3, 0, 0], "3": [0, 0, 0]},
        None,
        1,
        2,
        ["D", "G", "B"],
    ),
    # Four players, three voters: a tie cannot be, refused; "one good two meh" is a meh majority:
    # P1's J stays, new theme (without an answer: 1), P2. P2 lets 26 s pass: time out, new
    # theme (2), P3. P3 passes (3): the leftmost letter, J, is discarded and G drawn: [F D G],
    # count back to 0. P4 fox, "two good one meh": P4 wins F (3), H drawn: [D G H]. P1 skips the
    # theme (same player, the count untouched), then dog: D (1), B drawn: [G H B]. Quit: P2.
    Oracle(
        "four players, a refused tie, time out, pass, three themes, skip",
        ("--players", "4", "--mode", "normal"),
        """jam
        meh
        it's a tie
        one good two meh
        [silence 26]
        i give up
        fox
        meh
        two good one meh
        skip this one
        dog
        no challenge
        quit
        yes""",
        {"1": [1, 0, 0], "2": [0, 0, 0], "3": [0, 0, 0], "4": [3, 0, 0]},
        None,
        1,
        2,
        ["G", "H", "B"],
    ),
    # Two players. P1 says knife: K is not face up; "J" for it, and the whole table agrees
    # ("yes"): P1 wins J (1), G drawn: [F D G]. P2 "um fox": the filler is not the word, F (3),
    # H drawn: [D G H]. P1 "meh" after the window closed is not an answer; dog: D (1), B drawn.
    # P2 goat, then "wrong letter" in the window: asked the letter, P2 names H and the table
    # agrees to score goat for it: P2 wins H (2), E drawn: [G B E]. Quit: P1.
    Oracle(
        "two players, which letter, filler, a late meh, wrong letter",
        TWO,
        """knife
        j
        yes
        no challenge
        um fox
        no challenge
        meh
        dog
        no challenge
        goat
        wrong letter
        h
        yes
        no challenge
        quit
        yes""",
        {"1": [2, 0, 0], "2": [5, 0, 0]},
        None,
        1,
        1,
        ["G", "B", "E"],
    ),
    # Two players. J(P1) F(P2) D(P1) G(P2): the pile is empty, face [H B E]. P1 passes: that
    # theme had answers, it does not count. Then three themes without an answer (P2 times out,
    # P1 passes, P2 passes): the leftmost letter, H, goes and a new one must be drawn from the
    # empty pile: round one ends, ended by P2; P1 starts round two. Stars: P1 J D = 2, P2 F G = 4.
    Oracle(
        "two players, three themes end the round on an empty pile",
        TWO,
        won("J F D G")
        + """i give up
        [silence 26]
        no idea
        pass
        quit
        yes""",
        {"1": [2, 0, 0], "2": [4, 0, 0]},
        None,
        2,
        1,
    ),
    # Three players, round one: J(P1) F(P2) D(P3) G(P1) H(P2): P2 ended it, P3 starts round two.
    # P1 J G = 2, P2 F H = 5, P3 D = 1.
    Oracle(
        "three players, the next round starts on the left of who ended it",
        ("--players", "3", "--mode", "normal"),
        won("J F D G H") + "quit\nyes",
        {"1": [2, 0, 0], "2": [5, 0, 0], "3": [1, 0, 0]},
        None,
        2,
        3,
        ["J", "I", "E"],
    ),
    # Alternative mode, two players: all seven letters up, [J F D G H B E]. P1 banana: B (2),
    # nothing drawn. P2 passes on a theme that had an answer (no count), then three themes
    # without an answer (P1, P2, P1 pass): the leftmost, J, is discarded without replacement:
    # [F D G H E]. P2 eel: E (2). P1 hat: H (2). Quit: P2 to play.
    Oracle(
        "alternative mode, every letter up, three themes discard without replacement",
        ("--players", "2", "--mode", "alternative"),
        won("B")
        + """pass
        pass
        pass
        pass
        """
        + won("E H")
        + "quit\nyes",
        {"1": [4, 0, 0], "2": [2, 0, 0]},
        None,
        1,
        2,
        ["F", "D", "G"],
    ),
    # Eight players, seven voters: "four good three meh" keeps P1's jam (J, 1); "three good four
    # meh" is a meh majority against P2's fox: F stays, new theme. P3 fox: F (3). Quit: P4.
    Oracle(
        "eight players, a majority of seven voters",
        ("--players", "8", "--mode", "normal"),
        """jam
        meh
        four good three meh
        fox
        meh
        three good four meh
        fox
        no challenge
        quit
        yes""",
        {str(s): [p, 0, 0] for s, p in zip(range(1, 9), [1, 0, 3, 0, 0, 0, 0, 0])},
        None,
        1,
        4,
        ["D", "G", "H"],
    ),
]


@pytest.mark.parametrize("oracle", GAMES, ids=[g.name for g in GAMES])
def test_a_scripted_game_ends_as_the_rulebook_says(oracle: Oracle, tmp_path):
    (tmp_path / "deck.toml").write_text(deck(), encoding="utf-8")
    flags = (*oracle.flags, "--deck", str(tmp_path / "deck.toml"))
    got = play("funocracy", 1, flags, oracle.lines, tmp_path)
    assert got.returncode == 0, got.stderr
    state = got.state
    assert state["scores"] == oracle.scores, got.said[-8:]
    assert state["round"] == oracle.round
    if oracle.face_up is not None:
        assert [c["letter"] for c in state["face_up"]][: len(oracle.face_up)] == oracle.face_up
    if oracle.winners is None:
        assert got.over is None and state["active_seat"] == oracle.active
        return
    assert got.over and got.over["winners"] == oracle.winners
    broke = [s for s in got.said if "round" in s.lower() and "tie" in s.lower()]
    if oracle.tie_break:
        assert broke and f"round {oracle.tie_break}" in broke[-1].lower(), got.said[-4:]
    else:
        assert not broke, broke


def test_a_second_skip_in_the_same_turn_is_refused(tmp_path):
    """Player one skips the first theme, then tries twice more in the same turn: the rule gives
    one new theme, so player one must still be on the second theme, with one skip said."""
    (tmp_path / "deck.toml").write_text(deck(), encoding="utf-8")
    flags = (*TWO, "--deck", str(tmp_path / "deck.toml"))
    lines = "skip this one\nskip this one\nskip this one\nquit\nyes"
    got = play("funocracy", 1, flags, lines, tmp_path)
    assert got.returncode == 0, got.stderr
    assert got.state["active_seat"] == 1
    assert sum(1 for s in got.said if "skipped" in s) == 1, got.said
