"""What the Fake?! as the table hears it: group corrections said back, names split as players
say them, refusals that keep the round, and the simulated table of `gm demo` played in full.

Written from the rulebook (what-the-fake.txt) and CLARIFICATIONS.md to close the gaps mutation
testing found (docs/mutation.md). Expected sentences are read from the content
(prompts/en/what_the_fake.toml) with the fields the rules say they carry. No audio.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from random import Random

import pytest

from gm import content
from gm.content import ContentError
from gm.games import what_the_fake as wtf
from gm.games.what_the_fake import (
    Phase,
    State,
    group_drawings,
    scores,
    singular,
    split_names,
)
from gm.steps import Answer, AnswerKind, Ask, End, Outcome, RulesError
from gm.vocab import number_word

GAME = wtf.load()
L = GAME.lines


def start(players: int = 4, mode: str = "open", **options) -> State:
    return GAME.new({"players": players, "mode": mode, **options}, Random(1))


def hear(state: State, kind: AnswerKind, value=None) -> Outcome:
    ask = GAME.step(state)
    assert isinstance(ask, Ask)
    return GAME.apply(state, ask, Answer(kind, value, str(value)), Random(0))


def choose(state: State, value) -> Outcome:
    return hear(state, AnswerKind.CHOICE, value)


def grouped(*drawings: tuple[str, ...], players: int = 4) -> State:
    """Round one of an open game (seat 1 forges), every player named: the groups are read out."""
    state = replace(start(players), phase=Phase.GROUPS, drawings=tuple(drawings))
    return replace(state, groups=group_drawings(state.drawings))


# ------------------------------------------------------------ names as players say them


@pytest.mark.parametrize(
    "plural,one",
    [
        ("dishes", "dish"),
        ("brushes", "brush"),
        ("ties", "tie"),
        ("pies", "pie"),
        ("flies", "fly"),
        ("cherries", "cherry"),
    ],
)
def test_a_plural_is_the_same_drawing_as_its_singular(plural, one):
    assert singular(plural) == one
    groups = group_drawings([(f"some {plural}",), (f"a {one}",)])
    assert len(groups) == 1 and groups[0].seats == (1, 2)


@pytest.mark.parametrize(
    "said,one",
    [
        ("buzzes", "buzz"),
        ("boxes", "box"),
        ("tennis", "tennis"),
        ("cactus", "cactus"),
        ("glasses", "glass"),
    ],
)
def test_words_that_end_in_s_without_being_plural_stay_whole(said, one):
    assert singular(said) == one


def test_a_hyphen_joins_two_words_like_a_space():
    assert wtf.normalise_name("a roller-skate") == "roller skate"
    groups = group_drawings([("roller-skate",), ("roller skate",)])
    assert len(groups) == 1 and groups[0].seats == (1, 2)


def test_every_card_offers_its_own_typical_drawings():
    game = wtf.load()  # loaded here: mutation testing credits a load at import to no test
    assert game.cards[0].hints[:4] == (
        "bicycle",
        "skateboard",
        "car",
        "bus",
    )  # Lisbon, things with wheels
    state = choose(start(), "go").state
    state = choose(choose(choose(state, "shout").state, "shout").state, "shout").state
    assert state.phase is Phase.NAMING
    hints = GAME.step(state).hints
    assert all(f"i drew {wtf.with_article(h)}" in hints for h in GAME.cards[state.card].hints)


def test_a_drawing_english_says_without_an_article_is_said_and_hinted_without_one():
    """ "I drew bacon", not "a bacon": the demo's table says it so, and the names ask's first hint
    (the form a recogniser is primed with) is the bare name."""
    assert [wtf.with_article(n) for n in ("bacon", "toast", "owl", "mittens", "coffee")] == [
        "bacon",
        "toast",
        "an owl",
        "mittens",
        "a coffee",
    ]
    assert wtf.spoken_forms(["toast", "egg"]) == (
        "toast",
        "i drew toast",
        "an egg",
        "egg",
        "i drew an egg",
    )
    breakfast = next(c for c in GAME.cards if "bacon" in c.hints)
    state = replace(start(players=5), card=GAME.cards.index(breakfast))
    state = choose(state, "go").state
    for _ in range(5):
        state = choose(state, "shout").state
    said = {GAME.demo_line(state, GAME.step(state), Random(seed)).text for seed in range(40)}
    assert any("bacon" in s for s in said) and not any(
        "a bacon" in s or "a toast" in s for s in said
    )


def test_a_filler_word_inside_a_name_does_not_split_it():
    assert split_names("a big um red bus") == ("big red bus",)
    assert split_names("i drew a cactus") == ("cactus",)


def test_a_comma_is_a_hard_boundary_even_between_two_words_of_a_known_drawing():
    """Four drawings separated by commas are four, and too many, not "cat dog" and two more."""
    assert split_names("cat, dog, bird, fish", ["cat dog"]) == ("cat", "dog", "bird", "fish")
    assert split_names("salt and pepper and bread and jam", ["salt and pepper"]) == (
        "salt and pepper",
        "bread",
        "jam",
    )


def test_a_run_of_known_drawings_after_a_comma_is_split_into_the_room_left():
    hints = ["cactus", "sombrero", "hat"]
    assert split_names("a hat, cactus sombrero", hints) == ("hat", "cactus", "sombrero")
    assert split_names("cactus sombrero hat", hints) == ("cactus", "sombrero", "hat")


# ------------------------------------------------------------ drawing and reveal


def test_the_time_running_out_stops_the_drawing_and_says_why():
    state = choose(start(time_limit=60), "go").state
    out = hear(state, AnswerKind.TIMEOUT)
    assert out.say == (L("stop_drawing"),) and out.decision == L("decision_timeout")
    assert out.state.phase is Phase.NAMING


def test_go_is_decided_with_the_theme_and_the_drawing_is_never_nagged():
    state = start()
    out = choose(state, "go")
    assert out.say == () and out.decision == L("decision_go", theme=GAME.cards[state.card].theme)
    ask = GAME.step(out.state)
    assert ask.reprompts == () and ask.timeout is None  # silence is expected while the table draws


def test_a_name_to_check_is_asked_about_by_name_and_can_be_said_again():
    state = choose(
        choose(choose(choose(start(), "go").state, "shout").state, "shout").state, "shout"
    ).state
    pending = hear(state, AnswerKind.FREE, ["i drew a flying pig"]).state
    assert pending.pending == ("flying pig",)
    ask = GAME.step(pending)
    assert ask.free  # the drawing said again replaces the doubtful one
    assert ask.reprompts and all("flying pig" in r for r in ask.reprompts)


def test_the_counts_offered_while_drawing_go_from_none_to_every_player():
    ask = GAME.step(choose(start(5), "go").state)
    counts = sorted(c.value for c in ask.choices if isinstance(c.value, int))
    assert counts == [0, 1, 2, 3, 4, 5]


def test_hidden_mode_is_announced_with_its_rounds_one_per_player():
    state = GAME.new({"players": 5}, Random(1))
    out = choose(state, "hidden")
    assert out.say == (L("mode_hidden", rounds="five"),)
    out = choose(state, "open")
    assert out.say == (L("mode_open", rounds="five"),)


def test_a_seat_named_twice_in_the_reveal_is_refused():
    state = replace(start(7, "hidden"), phase=Phase.REVEAL)
    out = hear(state, AnswerKind.CHOICE, "3 3")
    assert (
        not out.accepted and out.state == state and out.say == (L("already_named", seat="three"),)
    )


def test_bad_options_are_quoted_in_the_sentence():
    with pytest.raises(RulesError, match="not 'sideways'"):
        GAME.new({"mode": "sideways"}, Random(0))
    with pytest.raises(RulesError, match="not 'many'"):
        GAME.new({"players": "many"}, Random(0))


# ------------------------------------------------------------------- the groups


def test_take_out_takes_a_seat_out_even_when_no_group_has_its_number():
    state = grouped(
        ("cactus",), ("cactus",), ("cactus",), ("camel",)
    )  # groups 1 (cactus) and 2 (camel)
    out = choose(state, "out 3 1")
    assert out.accepted and out.decision == L("decision_out", seat="three", number="one")
    moved = next(g for g in out.state.groups if g.seats == (3,))
    assert moved.number == 3
    assert L("group_one_seat", number="three", drawing="cactus", seat="three") in out.say
    assert L("group_shared", number="one", drawing="cactus", seats="one and two") in out.say


def test_a_correction_of_a_group_that_does_not_exist_is_refused():
    state = grouped(("cactus",), ("cactus",), ("camel",), ("llama",))
    out = hear(state, AnswerKind.CHOICE, "split 9")
    assert (
        out.accepted is False
        and out.state == state
        and out.say == (L("no_such_group", number="nine"),)
    )


def test_split_says_its_decision_and_keeps_a_player_voted_invalid_out_of_the_points():
    state = grouped(("sun",), ("cactus",), ("cactus",), ("cactus",))  # seat 1 forges
    state = choose(state, "void 3 1").state  # group 1: cactus by 2, 3, 4; seat 3's is voted out
    out = choose(state, "split 1")
    assert out.decision == L("decision_split", number="one")
    by_seat = {g.seats[0]: g for g in out.state.groups}
    assert by_seat[3].invalid == {3} and not by_seat[2].invalid and not by_seat[4].invalid
    points = scores(out.state.groups, dict(enumerate(out.state.roles, 1)))
    assert points == {1: 0, 2: 1, 3: 0, 4: 1}


def test_merge_and_split_are_said_back_with_the_group_numbers():
    state = grouped(("sun",), ("cactus",), ("cacti",), ("camel",))
    groups = {g.name: g.number for g in state.groups}
    a, b = sorted((groups["cactus"], groups["cacti"]))
    merged = choose(state, f"merge {a} {b}")
    assert merged.decision == L("decision_merge", first=number_word(a), second=number_word(b))
    split = choose(merged.state, f"split {a}")
    untouched = {g.number for g in merged.state.groups} - {a}
    parts = [g for g in split.state.groups if g.number not in untouched]
    assert sorted(g.name for g in parts) == [
        "cacti",
        "cactus",
    ]  # only the split group's drawings are read out
    assert split.say == tuple(
        L(
            "group_one_seat",
            number=number_word(g.number),
            drawing=g.name,
            seat=number_word(g.seats[0]),
        )
        for g in parts
    )


def test_an_invalid_drawing_and_a_group_made_valid_again_are_said_back():
    state = grouped(("sun",), ("cactus",), ("cactus",), ("camel",))
    out = choose(state, "void 3 1")
    assert out.say == (L("seat_invalid", drawing="cactus", seat="three", number="one"),)
    assert out.decision == L("decision_void", seat="three", number="one")
    out = choose(out.state, "valid 1")
    assert out.say == (L("group_valid", number="one", drawing="cactus"),)
    assert out.decision == L("decision_valid", number="one") and not out.state.groups[0].invalid


# ---------------------------------------------------------------- quick scoring


def test_quick_scoring_refuses_four_points_and_names_the_seat_in_its_reprompts():
    state = replace(start(4, scoring="quick"), phase=Phase.POINTS, points=(2,))
    out = hear(state, AnswerKind.CHOICE, 4)
    assert out.accepted is False and out.state == state
    assert GAME.step(state).reprompts == tuple(
        r.format(seat="two") for r in L.many("points_reprompts")
    )


# -------------------------------------------------------------------- reports


def test_public_shows_the_scoring_the_theme_and_the_rounds():
    state = start(4)
    public = GAME.public(state)
    assert public["scoring"] == "full" and public["rounds"] == 4
    assert (
        public["theme"] == GAME.cards[state.card].theme
        and public["city"] == GAME.cards[state.card].city
    )
    assert (
        GAME.public(GAME.new({"players": 4}, Random(1)))["rounds"] == 0
    )  # the mode decides the rounds


# --------------------------------------------------------------------- the content


def cards_with(tmp_path, edit) -> None:
    (tmp_path / "en").mkdir(exist_ok=True)
    (tmp_path / "en" / "what_the_fake.toml").write_text(
        edit(content.load("what_the_fake").text), encoding="utf-8"
    )
    wtf.load(root=tmp_path)


def test_a_card_needs_six_hints_and_a_card_repeated_is_named_all_at_once(tmp_path):
    def edit(text: str) -> str:
        text = re.sub(
            r'(?m)^hints = \["bicycle".*$',
            'hints = ["bicycle", "skateboard", "car", "bus", "train"]',
            text,
        )
        return text.replace(
            'city = "Oslo"\ntheme = "things that keep you warm"',
            'city = "Nairobi"\ntheme = "animals with spots or stripes"',
            1,
        )

    with pytest.raises(ContentError) as error:
        cards_with(tmp_path, edit)
    message = str(error.value)
    assert "entry 1 of [[expo]] needs at least 6 hints, it has 5" in message
    assert "entry 3 of [[expo]] repeats Nairobi, animals with spots or stripes" in message


# ------------------------------------------------------------ the simulated table


CONFIGS = [
    ({}, 1),
    ({}, 2),
    ({}, 3),
    ({}, 4),
    ({"players": 7, "mode": "hidden"}, 5),
    ({"players": 7, "mode": "hidden"}, 6),
    ({"players": 4, "mode": "open", "time_limit": 90}, 7),
    ({"players": 3, "mode": "hidden", "scoring": "quick"}, 8),
]


def play(options: dict, seed: int) -> list[tuple[State, Ask, object]]:
    rng, table = Random(seed), Random(seed + 1)
    state, played = GAME.new(options, rng), []
    while not isinstance(step := GAME.step(state), End):
        line = GAME.demo_line(state, step, table)
        played.append((state, step, line))
        outcome = GAME.apply(state, step, line.answer, rng)
        assert outcome.accepted, (step.id, line.text, outcome.say)
        state = outcome.state
    return played


def all_games() -> list[list[tuple[State, Ask, object]]]:
    """Every configuration played in full (half a second). Played by each test, not shared in a
    fixture: mutation testing runs only the tests that reach a mutated function themselves."""
    return [play(options, seed) for options, seed in CONFIGS]


def test_the_simulated_table_is_heard_as_it_speaks_from_a_real_seat():
    games = all_games()
    for played in games:
        for state, ask, line in played:
            players = state.players or 1
            assert isinstance(line.seat, int) and 1 <= line.seat <= players, (ask.id, line)
            if line.answer.kind is AnswerKind.CHOICE:
                choice = next(c for c in ask.choices if c.value == line.answer.value)
                assert line.text in choice.phrases and line.answer.heard == line.text
            elif line.answer.kind is AnswerKind.FREE:
                # a player's drawings in one breath: "a cactus, a sombrero and mittens"
                assert line.answer.value == [line.text] and re.fullmatch(
                    r"(an? )?[\w' -]+?((, (an? )?[\w' -]+?)* and (an? )?[\w' -]+)?", line.text
                ), line.text
            else:
                assert (
                    line.answer.kind is AnswerKind.TIMEOUT
                    and not line.text
                    and line.silence > ask.timeout
                )


def test_the_simulated_table_shows_every_kind_of_reply():
    games = all_games()
    texts = Counter(
        re.sub(r"\b(one|two|three|four|five|six|seven|eight|nine)\b", "N", line.text)
        for played in games
        for _, _, line in played
    )
    for said in (
        "N players",
        "open roles",
        "hidden roles",
        "new theme",
        "start drawing",
        "what the fake",
        "N players done",
        "stop drawing",
        "it was player N",
        "it was players N and N",
        "count the points",
        "groups N and N are the same",
        "invalid group N",
        "take player N out of group N",
        "i scored N points",
        "i scored N point",
        "i scored zero points",
        "that's all",
        "no drawings",
    ):
        assert texts[said], said
    timed = [line for _, ask, line in games[6] if ask.id == "what_the_fake.drawing"]
    assert any(not line.text for line in timed) and any(
        line.text for line in timed
    )  # time runs out, or not


def test_the_simulated_table_skips_at_most_once_corrects_at_most_once_and_counts_after_a_shout():
    games = all_games()
    rounds = 0
    skipped = 0
    for played in games:
        per_round: dict[int, Counter] = {}
        for state, ask, line in played:
            seen = per_round.setdefault(state.round, Counter())
            if ask.id == "what_the_fake.theme" and line.answer.value == "another":
                seen["skip"] += 1
            if ask.id == "what_the_fake.groups" and line.answer.value not in ("correct", "list"):
                seen["correction"] += 1
                verb, *numbers = line.answer.value.split()
                if verb in ("merge", "invalid"):  # two names for one drawing, a drawing voted out:
                    groups = {g.number: g for g in state.groups}  # groups drawn by one player
                    assert all(len(groups[int(n)].seats) == 1 for n in numbers), line.text
            if ask.id == "what_the_fake.drawing" and isinstance(line.answer.value, int):
                assert state.shouts > 0  # a count corrects shouts heard: never the first reply
        for number, seen in per_round.items():
            if number:
                rounds += 1
                skipped += bool(seen["skip"])
                assert seen["skip"] <= 1 and seen["correction"] <= 1
    assert 0 < skipped < rounds


def test_with_no_drawing_to_correct_the_simulated_table_counts_the_points():
    state = grouped((), (), (), ())  # nobody drew anything: no group
    for seed in range(6):
        line = GAME.demo_line(state, GAME.step(state), Random(seed))
        assert (
            line.answer.value == "correct"
            and line.text == "count the points"
            and 1 <= line.seat <= 4
        )


def test_the_simulated_reveal_names_seats_up_to_the_last():
    games = all_games()
    named = [
        line.answer.value
        for played in games[4:6]
        for state, ask, line in played
        if ask.id == "what_the_fake.forgers"
    ]
    seats = {int(s) for value in named for s in str(value).split()}
    assert {6, 7} <= seats <= set(range(1, 8))
    # two Forgers: named together or one at a time
    assert {isinstance(value, str) for value in named} == {True, False}
