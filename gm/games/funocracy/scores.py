"""Funocracy's scores: the stars each player won, said grouped ("players one and two, three
stars"), and the winner at the game's end (ties go to round three's stars, then round two's).

A part of Funocracy (rules.py), which holds the letters, the themes and the turns.
"""

from __future__ import annotations

from gm.games.common import spoken_numbers
from gm.games.funocracy.state import Phase, State
from gm.steps import End
from gm.vocab import number_word


def winners(scores: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Highest total; ties go to the most stars in round 3, then round 2, else shared."""
    keys = [(sum(s), s[2], s[1]) for s in scores]
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys, 1) if key == best)


class Scores:
    """The score reports of Funocracy: "score", a round's and the game's end."""

    def _end(self, state: State) -> End:
        L = self.lines
        best = winners(state.scores)
        say = [L("game_over", scores=self._star_items([sum(s) for s in state.scores]))]
        top_total = max(sum(s) for s in state.scores)
        tied_total = sum(1 for s in state.scores if sum(s) == top_total)
        if len(best) == 1 and tied_total > 1:
            top_r3 = max(s[2] for s in state.scores if sum(s) == top_total)
            tied_r3 = sum(1 for s in state.scores if sum(s) == top_total and s[2] == top_r3)
            say.append(L("tie_break", round=number_word(3 if tied_r3 == 1 else 2)))
        if len(best) == 1:
            say.append(L("winner", seat=number_word(best[0])))
        else:
            say.append(L("shared", seats=spoken_numbers(best)))
        return End(say=tuple(say), winners=best)

    def _star_items(self, stars: list[int]) -> str:
        """Each seat's stars, players with as many named together and each group apart: "player
        two, three stars; players one and three, zero stars" (an "and" between groups would run
        into the seats' own: "players one and four and seven stars")."""
        seats: dict[int, list[int]] = {}
        for seat, count in enumerate(stars, 1):
            seats.setdefault(count, []).append(seat)
        items = [
            self.lines("score_item", seat=number_word(group[0]), stars=self._stars(count))
            if len(group) == 1
            else self.lines(
                "score_items",
                seats=spoken_numbers(group),
                stars=self._stars(count),
            )
            for count, group in seats.items()
        ]
        return "; ".join(items)

    def _stars(self, count: int) -> str:
        return self.lines.counted("stars", count)

    def score(self, state: State) -> tuple[str, ...]:
        """Players with the same stars are named together, and a table with none hears it once:
        "Players one and three: five stars, two this round. Player two: zero stars." """
        L = self.lines
        if not state.scores:
            return (L("no_scores"),)
        if not any(sum(s) for s in state.scores):
            return (L("no_stars_yet"),)
        over = state.phase is Phase.OVER
        groups: dict[tuple[int, int], list[int]] = {}
        for seat, s in enumerate(state.scores, 1):
            groups.setdefault((sum(s), 0 if over else s[state.round - 1]), []).append(seat)
        lines = []
        for (total, this_round), seats in sorted(groups.items(), key=lambda item: item[1][0]):
            who = (
                L("score_player", seat=number_word(seats[0]))
                if len(seats) == 1
                else L("score_players", seats=spoken_numbers(seats))
            )
            who = who[:1].upper() + who[1:]
            if over or state.round == 1 or this_round == total:
                lines.append(L("score_line", seats=who, total=self._stars(total)))
            else:
                lines.append(
                    L(
                        "score_line_round",
                        seats=who,
                        total=self._stars(total),
                        round_stars=self._stars(this_round),
                    )
                )
        return tuple(lines)
