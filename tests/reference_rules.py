"""Small reference models of the three games' rules, written from the rulebooks
(/work/shared/rules/) and CLARIFICATIONS.md without reading gm's rules, for the property tests
(tests/test_reference_properties.py) to hold gm to.

Each model takes the table's decisions in plain terms (a vote result, a word for a letter, the
drawings of a round) and keeps only what the rulebook scores: tokens and elections, letters and
stars, points. It reads from gm nothing but what was dealt (the letters of a round), which is
the shuffle's, not the rules'.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# ------------------------------------------------------------------ Who the F*ck?

# Starting Connection tokens, from the rulebook's table: players -> tokens.
TOKENS = {
    "easy": {3: 3, 4: 4, 5: 4, 6: 5, 7: 5, 8: 6},
    "regular": {3: 2, 4: 3, 5: 3, 6: 4, 7: 4, 8: 5},
    "expert": {3: 1, 4: 2, 5: 2, 6: 3, 7: 3, 8: 4},
}
TOKEN_CAP = 8
ELECTIONS = 6


@dataclass
class WhoTheF:
    players: int
    difficulty: str
    tokens: int = 0
    elected: int = 0
    places: list[int] = field(default_factory=lambda: [1, 2, 3, 4, 5, 6])
    outcome: str | None = None  # "won" or "lost"

    def __post_init__(self) -> None:
        self.tokens = TOKENS[self.difficulty][self.players]

    @property
    def final(self) -> bool:
        return self.elected == ELECTIONS

    def _lose_token(self) -> None:
        self.tokens -= 1
        if self.tokens == 0:
            self.outcome = "lost"

    def result(self, count: int | None, unanimous: bool = False, tie: int | None = None) -> bool:
        """A round's revealed votes: `count` votes for one Zigoto (None: no majority, or a tie
        of `tie` and `tie`). False if no table could have voted that."""
        if tie is not None:
            if tie < 1 or 2 * tie > self.players:
                return False
            self._lose_token()
            return True
        if count is None:
            self._lose_token()
            return True
        if count < 1 or count > self.players or (unanimous and count != self.players):
            return False
        if count == self.players:  # unanimous: elected, and a token up to the cap
            self.tokens = min(TOKEN_CAP, self.tokens + 1)
        if 2 * count > self.players:  # absolute majority: strictly more than half
            self.elected += 1
        else:
            self._lose_token()
        return True

    def final_result(self, unanimous_for: int | None = None, empty: list[int] = ()) -> bool:
        """A final vote: unanimous for a place, or the places with no vote."""
        if unanimous_for is not None:
            if unanimous_for not in self.places:
                return False
            self.outcome = "won"
            return True
        if any(p not in self.places for p in empty):
            return False
        left = [p for p in self.places if p not in empty]
        if not left or len(left) > self.players:  # at most one place a player
            return False
        if len(left) == 1:  # everyone voted for the one left
            self.outcome = "won"
            return True
        self.places = left
        self._lose_token()
        return True


# ------------------------------------------------------------------ Funocracy

ROUNDS = 3
FACE_UP = 3
THEMES_WITHOUT_ANSWER = 3


@dataclass
class Funocracy:
    players: int
    stars: dict[str, int]
    alternative: bool = False
    round: int = 1
    active: int = 1
    face: list[str] = field(default_factory=list)
    pile: list[str] = field(default_factory=list)
    scores: list[list[int]] = field(default_factory=list)
    without_answer: int = 0
    answered: bool = False  # a valid answer was given on the current theme
    ended_by: int | None = None  # who ended the last round: the next starts on their left
    over: bool = False

    def __post_init__(self) -> None:
        self.scores = [[0] * ROUNDS for _ in range(self.players)]

    def deal(self, face_up: list[str], pile: list[str]) -> None:
        """A round's letters as dealt (the shuffle's): face up left to right, the pile in order."""
        self.face, self.pile = list(face_up), list(pile)
        self.without_answer, self.answered = 0, False

    def _left_of(self, seat: int) -> int:
        return seat % self.players + 1

    def _draw(self) -> bool:
        """A letter to the right; False when the pile is empty: the round is over."""
        if self.alternative:
            return bool(self.face)  # nothing is drawn; the round ends when no letter is left
        if not self.pile:
            return False
        self.face.append(self.pile.pop(0))
        return True

    def _end_round(self) -> None:
        self.ended_by = self.active
        if self.round == ROUNDS:
            self.over = True
            return
        self.round += 1
        self.active = self._left_of(self.ended_by)
        self.face, self.pile = [], []  # dealt again by deal()

    def valid(self, letter: str) -> None:
        """The active player's word stands (no challenge, GOOD majority or a tie)."""
        self.scores[self.active - 1][self.round - 1] += self.stars[letter]
        self.face.remove(letter)
        self.answered, self.without_answer = True, 0
        if not self._draw():
            return self._end_round()
        self.active = self._left_of(self.active)

    def theme_lost(self) -> None:
        """Time out, a pass or a MEHH majority: the turn is lost, a new theme comes."""
        if not self.answered:
            self.without_answer += 1
        self.answered = False
        if self.without_answer == THEMES_WITHOUT_ANSWER:
            self.without_answer = 0
            self.face.pop(0)  # the leftmost letter goes
            if not self._draw():
                return self._end_round()
        self.active = self._left_of(self.active)

    def skip(self) -> None:
        """A theme skipped by agreement: same player, new theme, not counted."""
        self.answered = False

    def winners(self) -> list[int]:
        """Highest total; ties: most stars in round 3, then round 2, else shared."""
        keys = [(sum(s), s[2], s[1]) for s in self.scores]
        return [seat for seat, key in enumerate(keys, 1) if key == max(keys)]


# ------------------------------------------------------------------ What the Fake?!


def forgers_open(players: int, round_: int) -> set[int]:
    """Open roles: the roles pass to the left each round; two Forgers (7 or 8 players) sit half
    the table apart."""
    first = (round_ - 1) % players + 1
    if players < 7:
        return {first}
    return {first, (first - 1 + players // 2) % players + 1}


def rounds_open(players: int) -> int:
    """Until every player has forged once."""
    count = 1 if players < 7 else 2
    return -(-players // count)


def round_points(
    drawings: dict[int, list[str]], forgers: set[int], invalid: set[tuple[int, str]] = frozenset()
) -> dict[int, int]:
    """The points of one round: `drawings` per seat (the same name, the same drawing), and the
    (seat, name) pairs the table judged invalid."""
    made = {
        seat: {name for name in names if (seat, name) not in invalid}
        for seat, names in drawings.items()
    }
    points = {}
    for seat, names in made.items():
        others = [made[s] for s in made if s != seat]
        if seat in forgers:
            artists = [made[s] for s in made if s not in forgers]
            points[seat] = sum(1 for n in names if any(n in a for a in artists))
        else:
            points[seat] = sum(1 for n in names if not any(n in o for o in others))
    return points
