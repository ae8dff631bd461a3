"""Who the F*ck?: whole games typed into `gm play --text`, each end worked out by hand.

Every expected end below (connection tokens, Zigotos elected, places still in, won or lost,
questions read) was worked out from the rulebook (who-the-f.txt) and CLARIFICATIONS.md, line
by line of the script, and written here; nothing is computed by gm's rules. The question deck's
order does not change any of these, so the seed is fixed only to make a failure repeatable.

Rules used: the starting tokens (players x difficulty table), absolute majority = strictly more
than half (3: 2, 4: 3, 5: 3, 6: 4, 7: 4, 8: 5), a unanimous vote adds a token but never past 8, a
lost round removes one and 0 ends the game at once, a hint or a skip agreed by the table changes
nothing, a count above the players is refused, six elections start the final round, where
unanimous wins, the places with no vote leave and cost a token, and every place voted costs one.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from whole_games import play

# One election a line and the "next question" the table says after it (not after the sixth).
NEXT = "next question"


@dataclass(frozen=True)
class Oracle:
    name: str
    flags: tuple[str, ...]
    lines: str
    phase: str  # "won", "lost", or the phase where the table quit
    tokens: int
    elected: int
    places: list[int]
    questions: int  # questions read: each one used by an election, a loss, a hint or a skip
    refused: int  # answers the rules must refuse


GAMES = [
    # 3 players, easy: 3 tokens. 2 of 3 elects; three for two is unanimous (4 tokens); one vote
    # is no majority (3); "four for four" is more than the players: refused, said again as two.
    # All three for six: unanimous again (4). Final: six places is more than three players can
    # vote for: refused; no votes for 1, 2, 3 leaves 4, 5, 6 and costs a token (3); unanimous
    # for five wins. Questions: 7 rounds + 2 final votes.
    Oracle(
        "three players easy, won",
        ("--players", "3"),
        f"""easy
        ready
        two for one
        {NEXT}
        three for two
        {NEXT}
        one for three
        {NEXT}
        two for three
        {NEXT}
        four for four
        two for four
        {NEXT}
        two for five
        {NEXT}
        all three for six
        ready
        every place got a vote
        no votes for one, two and three
        {NEXT}
        unanimous for five""",
        "won",
        3,
        6,
        [4, 5, 6],
        9,
        2,
    ),
    # 4 players, regular: 3 tokens. "two and two" is a tie, no majority (2); three of four
    # elects; a hint discards the question, no token (2); two for two is half, not more (1);
    # no majority: 0 tokens, lost at once. Questions: tie, election, hint, two losses = 5.
    Oracle(
        "four players regular, tie and hint, lost",
        ("--players", "4"),
        f"""regular
        ready
        two and two
        {NEXT}
        three for one
        {NEXT}
        hint
        two for two
        {NEXT}
        no majority""",
        "lost",
        0,
        1,
        [1, 2, 3, 4, 5, 6],
        5,
        0,
    ),
    # 5 players, expert: 2 tokens. Three of five elects; two is no majority (1); five for three
    # is unanimous (2); six votes with five players: refused; "unanimous with four votes" with
    # five players: refused; three for 4, 5, 6 elect; five for two... two is already up there
    # but its place has a new Zigoto: unanimous (3) and the sixth election. Final: every place
    # voted with five players and six places: refused; no votes for six (2); only two and four
    # got votes (1); no votes for two: four alone, unanimous, won. Questions: 7 + 3 final votes.
    Oracle(
        "five players expert, only-these-got-votes, won",
        ("--players", "5", "--difficulty", "expert"),
        f"""ready
        three for one
        {NEXT}
        two for two
        {NEXT}
        five for three
        {NEXT}
        six for four
        unanimous with four votes for number four
        three for four
        {NEXT}
        three for five
        {NEXT}
        three for six
        {NEXT}
        five for two
        ready
        every place got a vote
        no votes for six
        {NEXT}
        only two and four got votes
        {NEXT}
        no votes for two""",
        "won",
        1,
        6,
        [2, 4],
        10,
        3,
    ),
    # 6 players, easy: 5 tokens. Three of six is half: lost (4); four elects; "three and three"
    # tie: lost (3); six for two unanimous (4); "skip" then "yes": the question goes, no token;
    # "skip" then "no": it stays and is voted on: four for three elects. Quit. Questions: four
    # rounds, the skipped one, the last one = 6.
    Oracle(
        "six players easy, half is not a majority, skips",
        ("--players", "6", "--difficulty", "easy"),
        f"""ready
        three for one
        {NEXT}
        four for one
        {NEXT}
        three and three
        {NEXT}
        six for two
        {NEXT}
        skip
        yes
        skip
        no
        four for three
        {NEXT}
        quit
        yes""",
        "vote",
        4,
        3,
        [1, 2, 3, 4, 5, 6],
        6,
        0,
    ),
    # 7 players, regular: 4 tokens. Four of seven elects; three is no majority (3); seven is
    # unanimous (4); eight votes: refused; four for 3, 4, 5, 6: six elected. Final: no votes for
    # one (3); no votes for two and three (2); every place got a vote, 4 5 6 (1); no votes for
    # four and five: six alone has every vote, won with 1 token (a win sends no place home).
    Oracle(
        "seven players regular, final all voted, won",
        ("--players", "7"),
        f"""regular
        ready
        four for one
        {NEXT}
        three for two
        {NEXT}
        seven for two
        {NEXT}
        eight for three
        four for three
        {NEXT}
        four for four
        {NEXT}
        four for five
        {NEXT}
        four for six
        ready
        no votes for one
        {NEXT}
        no votes for two and three
        {NEXT}
        every place got a vote
        {NEXT}
        no votes for four and five""",
        "won",
        1,
        6,
        [4, 5, 6],
        11,
        1,
    ),
    # 8 players, expert: 4 tokens. Five of eight elects; four is half (3); "four and four" a
    # tie (2); eight unanimous (3); five for 3..6: six elected. Final: every place voted (2),
    # no votes for one (1), every place voted again (0): lost in the final round.
    Oracle(
        "eight players expert, lost in the final",
        ("--players", "8", "--difficulty", "expert"),
        f"""ready
        five for one
        {NEXT}
        four for two
        {NEXT}
        four and four
        {NEXT}
        eight for two
        {NEXT}
        five for three
        {NEXT}
        five for four
        {NEXT}
        five for five
        {NEXT}
        five for six
        ready
        every place got a vote
        {NEXT}
        no votes for one
        {NEXT}
        every place got a vote""",
        "lost",
        0,
        6,
        [2, 3, 4, 5, 6],
        11,
        0,
    ),
    # 8 players, easy: 6 tokens. Unanimous twice: 7, 8; unanimous at 8: the stock stays 8 (the
    # cap); five elects (8); four is half: lost (7). Quit.
    Oracle(
        "eight players easy, the cap of eight",
        ("--players", "8", "--difficulty", "easy"),
        f"""ready
        eight for one
        {NEXT}
        eight for two
        {NEXT}
        eight for three
        {NEXT}
        five for four
        {NEXT}
        four for five
        {NEXT}
        quit
        yes""",
        "vote",
        7,
        4,
        [1, 2, 3, 4, 5, 6],
        5,
        0,
    ),
    # 3 players, regular: 2 tokens. "reveal", then a hint: too late, refused (the votes
    # stand); two for one elects; one for one: lost (1); one for two: lost (0), game lost.
    Oracle(
        "three players regular, a hint after the reveal, lost",
        ("--players", "3", "--difficulty", "regular"),
        f"""ready
        reveal
        hint
        two for one
        {NEXT}
        one for one
        {NEXT}
        one for two""",
        "lost",
        0,
        1,
        [1, 2, 3, 4, 5, 6],
        3,
        1,
    ),
    # 4 players, easy: 4 tokens. Three of four for 1..4, four for five (5), three for six.
    # Final: a hint while voting discards the question, no token; no votes for 1 to 4 leaves
    # five and six (4); unanimous for one: place one has left, refused; unanimous for six
    # wins. Questions: 6 + hint + 2 final votes.
    Oracle(
        "four players easy, a hint in the final, won",
        ("--players", "4", "--difficulty", "easy"),
        f"""ready
        three for one
        {NEXT}
        three for two
        {NEXT}
        three for three
        {NEXT}
        three for four
        {NEXT}
        four for five
        {NEXT}
        three for six
        ready
        hint
        no votes for one, two, three and four
        {NEXT}
        unanimous for one
        unanimous for six""",
        "won",
        4,
        6,
        [5, 6],
        9,
        1,
    ),
    # 5 players, regular: 3 tokens. Two of five: lost (2); "it's a tie": lost (1); three for
    # one elects; "no majority": 0, lost.
    Oracle(
        "five players regular, three losses",
        ("--players", "5", "--difficulty", "regular"),
        f"""ready
        two for one
        {NEXT}
        it's a tie
        {NEXT}
        three for one
        {NEXT}
        no majority""",
        "lost",
        0,
        1,
        [1, 2, 3, 4, 5, 6],
        4,
        0,
    ),
    # 3 players, expert: 1 token. One vote is no majority: the last token goes, lost at once.
    Oracle(
        "three players expert, one token",
        ("--players", "3", "--difficulty", "expert"),
        """ready
        one for six""",
        "lost",
        0,
        0,
        [1, 2, 3, 4, 5, 6],
        1,
        0,
    ),
    # 6 players, expert: 3 tokens; 7 players, easy: 5 tokens. Quit at once to read the stock.
    Oracle(
        "six players expert, stock",
        ("--players", "6", "--difficulty", "expert"),
        "ready\nquit\nyes",
        "vote",
        3,
        0,
        [1, 2, 3, 4, 5, 6],
        0,
        0,
    ),
    Oracle(
        "seven players easy, stock",
        ("--players", "7", "--difficulty", "easy"),
        "ready\nquit\nyes",
        "vote",
        5,
        0,
        [1, 2, 3, 4, 5, 6],
        0,
        0,
    ),
]


@pytest.mark.parametrize("oracle", GAMES, ids=[g.name for g in GAMES])
def test_a_scripted_game_ends_as_the_rulebook_says(oracle: Oracle, tmp_path):
    got = play("who-the-f", 7, oracle.flags, oracle.lines, tmp_path)
    assert got.returncode == 0, got.stderr
    state = got.state
    assert (state["phase"], state["tokens"], state["elected"], state["places"]) == (
        oracle.phase,
        oracle.tokens,
        oracle.elected,
        oracle.places,
    ), got.said[-6:]
    assert state["questions_used"] == oracle.questions
    assert got.refused == oracle.refused
    if oracle.phase == "won":
        players = int(oracle.flags[oracle.flags.index("--players") + 1])
        assert got.over and got.over["winners"] == list(range(1, players + 1))
    elif oracle.phase == "lost":
        assert got.over and got.over["winners"] == []
    else:
        assert got.over is None
