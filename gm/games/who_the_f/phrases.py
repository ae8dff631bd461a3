"""What a table of Who the F*ck? says, as the choices of gm's asks: the result of a vote in
the forms a table uses, the final round's results, "ready", "next question" and "hint"."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from gm.games.common import phrase_numbers
from gm.steps import Choice
from gm.vocab import number_word

PLACES = (1, 2, 3, 4, 5, 6)
MAX_COUNT = 8  # counts up to this are heard, so that an impossible one can be refused


def ready_choices() -> tuple[Choice, ...]:
    return (
        Choice(
            "ready",
            ("ready", "we are ready", "all set", "we are all set", "the table is set", "let us go"),
        ),
    )


def next_choices() -> tuple[Choice, ...]:
    return (
        Choice(
            "next",
            (
                "next question",
                "next",
                "next one",
                "ready",
                "we are ready",
                "go on",
                "lets go",
                "carry on",
                "read the next question",
            ),
        ),
    )


def hint_choice() -> Choice:
    return Choice({"hint": True}, ("hint", "someone gave a hint", "a hint was given"))


def unanimous_phrases(place: int) -> tuple[str, ...]:
    n = number_word(place)
    return (
        f"unanimous for {n}",
        f"unanimous for number {n}",
        f"everyone for {n}",
        f"everyone for number {n}",
        f"everyone voted {n}",
        f"everyone voted for {n}",
        f"everybody voted {n}",
        f"all for {n}",
        f"all votes for {n}",
    )


NO_MAJORITY = (
    "no majority",
    "no absolute majority",
    "no majority at all",
    "its a tie",
    "it is a tie",
    "a tie",
    "tie",
    "nobody",
    "nobody got a majority",
    "no one",
    "no one got a majority",
)


@lru_cache(maxsize=1)
def result_choices() -> tuple[Choice, ...]:
    """Every count and place in the forms a table says them, unanimous, no majority, a tie, hint.

    'four votes for number two', 'four for two', 'two got four', 'number two got four votes';
    'unanimous for five', 'everyone voted five', 'all five for one' (a count: refused unless it
    is every player); 'no majority', 'it's a tie', 'nobody'; 'two and two' (a tie of two counts,
    refused when the players cannot make it). "Unanimous with four votes for number two" is heard
    too, so that a count that contradicts "unanimous" can be refused rather than silently taken
    one way or the other. "Four for two" and "two got four" are read with the
    number sound-alikes ("for" may be four), and never one for the other: the digits must be in
    the phrase's order (intents.score).
    """
    choices = []
    for place in PLACES:
        p = number_word(place)
        for count in range(1, MAX_COUNT + 1):
            votes = "vote" if count == 1 else "votes"
            c = number_word(count)
            choices.append(
                Choice(
                    {"count": count, "place": place},
                    (
                        f"{c} {votes} for number {p}",
                        f"{c} {votes} for {p}",
                        f"{c} for {p}",
                        f"{c} for number {p}",
                        f"{p} got {c}",
                        f"{p} got {c} {votes}",
                        f"number {p} got {c} {votes}",
                    ),
                )
            )
        choices.append(Choice({"unanimous": True, "place": place}, unanimous_phrases(place)))
        for count in range(2, MAX_COUNT + 1):
            c = number_word(count)
            choices.append(
                Choice(
                    {"unanimous": True, "count": count, "place": place},
                    (
                        f"unanimous with {c} votes for number {p}",
                        f"all {c} for {p}",
                        f"all {c} voted {p}",
                        f"all {c} votes for {p}",
                    ),
                )
            )
    choices.append(Choice({"none": True}, NO_MAJORITY))
    for count in range(1, MAX_COUNT // 2 + 1):
        c = number_word(count)
        choices.append(Choice({"tie": count}, (f"{c} and {c}", f"{c} votes and {c} votes")))
    choices.append(hint_choice())
    return tuple(choices)


@lru_cache(maxsize=256)
def final_result_choices(
    places: tuple[int, ...], which: bool = False, answers: bool = True
) -> tuple[Choice, ...]:
    """Unanimous for a place, or which places got no vote (or, for few voters, which got votes).

    Every set of the places still in can be named, in any number ("no votes for one, two,
    three and four"); single places are offered for all six, so that a place already gone is
    heard and refused. `answers`: the answers to "Is it unanimous?" ("yes", "yes, for three",
    "no"); `which`: after a "yes", the place alone ("three", "number three").
    """
    choices = []
    for place in PLACES:
        n = number_word(place)
        phrases = unanimous_phrases(place)
        if answers:
            phrases += (f"yes {n}", f"yes for {n}", f"yes for number {n}", f"yes unanimous for {n}")
        if which:
            phrases += (n, f"number {n}", f"for {n}", f"for number {n}")
        choices.append(Choice({"unanimous": True, "place": place}, phrases))
    empties: dict[tuple[int, ...], list[str]] = {}
    for place in PLACES:
        empties[(place,)] = []
    for size in range(1, len(places) + 1):
        for subset in combinations(places, size):
            empties.setdefault(subset, [])
    for subset in list(empties):
        said = phrase_numbers(subset)
        empties[subset] += [f"no votes for {said}", f"no vote for {said}", f"nothing for {said}"]
        if len(subset) > 2:  # a long list is often said without its "and"
            empties[subset].append("no votes for " + " ".join(number_word(p) for p in subset))
    for size in range(1, len(places)):
        for voted in combinations(places, size):
            empty = tuple(p for p in places if p not in voted)
            said = phrase_numbers(voted)
            empties.setdefault(empty, []).extend(
                [f"only {said} got votes", f"votes only for {said}"]
            )
    choices += [
        Choice({"empty": list(empty)}, tuple(phrases)) for empty, phrases in empties.items()
    ]
    choices.append(
        Choice(
            {"empty": []},
            (
                "every place got a vote",
                "every number got a vote",
                "all places got votes",
                "everyone got a vote",
                "every zigoto got a vote",
            ),
        )
    )
    if answers:
        choices.append(
            Choice({"answer": True}, ("yes", "yes it is", "yeah", "it is unanimous", "unanimous"))
        )
        choices.append(
            Choice({"answer": False}, ("no", "no it is not", "nope", "not unanimous", "it is not"))
        )
    choices.append(hint_choice())
    return tuple(choices)
