"""Funocracy as the table hears it: who is named, which stars are said, what is refused, the end.

Written from the rulebook (funocracy.txt) and CLARIFICATIONS.md to close the gaps mutation
testing found (docs/mutation.md). Stars come from the table of tests/test_decks.py, not from
the game's data; expected sentences are read from the content (prompts/en/funocracy.toml) with
the fields the rules say they carry, so a rephrased line does not break them. No audio.
"""

from __future__ import annotations

import re
from dataclasses import replace
from random import Random

import pytest
from test_decks import STARS

from gm.content import ContentError, spoken_list
from gm.content import load as load_content
from gm.games import funocracy
from gm.games.funocracy import Pending, Phase, State
from gm.steps import Answer, AnswerKind, Ask, End, Line, Outcome
from gm.vocab import number_word, spoken_letter

GAME = funocracy.load()
L = GAME.lines


def refused(state) -> tuple[str, ...]:
    """What a refused answer says: a whole sentence naming what the ask takes."""
    return (GAME.lines("refused", expected=GAME.step(state).expected),)


def start(players: int = 3, mode: str = "normal", seed: int = 1) -> State:
    return GAME.new({"players": players, "mode": mode}, Random(seed))


def hear(state: State, kind: AnswerKind, value=None, rng: Random | None = None) -> Outcome:
    ask = GAME.step(state)
    assert isinstance(ask, Ask)
    return GAME.apply(state, ask, Answer(kind, value, str(value)), rng or Random(0))


def stars(count: int) -> str:
    """How a number of stars is said: "one star", "five stars" (the line's two forms)."""
    one, many = L.many("stars")
    return one if count == 1 else many.format(count=number_word(count))


def sentence(text: str) -> str:
    """A line's text said as a sentence of its own: "nine letters left" -> "Nine letters left"."""
    return text[:1].upper() + text[1:]


def listing(letters: tuple[str, ...]) -> str:
    """The letters grouped by their stars in the table of tests/test_decks.py, fewest stars
    first, each group in the order the letters lie: "one star: S as in sierra and M as in mike;
    and three stars: Q"."""
    groups = [
        L(
            "star_group",
            stars=stars(n),
            letters=spoken_list([spoken_letter(l) for l in letters if STARS[l] == n]),
        )
        for n in sorted({STARS[l] for l in letters})
    ]
    return groups[0] if len(groups) == 1 else "; ".join(groups[:-1]) + "; and " + groups[-1]


def fitting_word(letter: str) -> str:
    return letter.lower() + "ingo"


def said(state: State) -> tuple[str, ...]:
    step = GAME.step(state)
    return step.say


# ------------------------------------------------------------------ a turn


def test_a_won_letter_is_announced_with_the_player_the_letter_and_the_stars_of_the_table():
    """Each fact once: the heard answer says its letter and stars (and, for the first answers
    of a game, how to challenge); the window's close names who won which letter, then the new
    letter drawn to the right with its stars."""
    state = replace(start(), active=2)
    letter, drawn = state.face_up[1], state.pile[0]
    challenge = hear(state, AnswerKind.FREE, [fitting_word(letter)]).state
    assert said(challenge) == (
        L(
            "heard",
            word=fitting_word(letter).capitalize(),
            letter=letter,
            stars=stars(STARS[letter]),
        ),
        L("challenge_hint"),
    )
    out = hear(challenge, AnswerKind.TIMEOUT)
    assert out.say == (
        L("wins_letter", seat="two", letter=letter),
        L("new_letter", letter=spoken_letter(drawn), stars=stars(STARS[drawn])),
    )
    assert out.state.scores[1] == (STARS[letter], 0, 0) and out.state.active == 3
    assert out.state.face_up == tuple(l for l in state.face_up if l != letter) + (drawn,)


def test_a_pass_names_the_player_who_passed_and_the_next_player_gets_a_new_theme():
    state = replace(start(), active=2)
    out = hear(state, AnswerKind.CHOICE, "pass")
    assert out.say[0] == L("passed", seat="two") and out.decision == L("pass_decision", seat="two")
    assert out.state.active == 3 and out.state.theme != state.theme
    assert said(out.state)[0] == L(
        "new_theme", seat="three", theme=GAME.themes[out.state.theme].name
    )


def test_a_valid_answer_keeps_the_theme_for_the_next_player():
    state = start()
    out = hear(
        hear(state, AnswerKind.FREE, [fitting_word(state.face_up[0])]).state, AnswerKind.TIMEOUT
    )
    assert said(out.state)[0] == L("same_theme", seat="two", theme=GAME.themes[state.theme].name)


def test_a_theme_lost_after_a_valid_answer_is_replaced_by_a_new_theme():
    state = start()
    answered = hear(
        hear(state, AnswerKind.FREE, [fitting_word(state.face_up[0])]).state, AnswerKind.TIMEOUT
    ).state
    out = hear(answered, AnswerKind.TIMEOUT)  # player two runs out of time on the same theme
    assert out.state.theme != state.theme and out.state.active == 3
    assert said(out.state)[0] == L(
        "new_theme", seat="three", theme=GAME.themes[out.state.theme].name
    )


def test_every_round_opens_on_a_new_theme():
    """Three new themes are drawn from the pile without shuffling; the first is revealed."""
    state = replace(start(players=4), pile=(), active=3)
    out = hear(
        hear(state, AnswerKind.FREE, [fitting_word(state.face_up[0])]).state, AnswerKind.TIMEOUT
    )
    assert out.state.round == 2
    assert (out.state.theme,) + out.state.set_aside == state.theme_pile[:3]
    assert L(
        "first_turn_next", seat="four", ender="three", theme=GAME.themes[out.state.theme].name
    ) in said(out.state)


def test_no_answer_to_which_letter_tells_the_player_the_clock_is_still_running():
    state = replace(start(), active=3)
    asked = hear(state, AnswerKind.FREE, ["xylophone"]).state
    assert asked.phase is Phase.LETTER
    assert said(asked) == (L("which_letter", word="Xylophone", first=spoken_letter("X")),)
    assert GAME.step(asked).timeout  # "which letter?" is no trap: it has a time limit
    for answer in (AnswerKind.CHOICE, "none"), (AnswerKind.TIMEOUT, None):
        out = hear(asked, *answer)
        assert out.state.phase is Phase.ANSWER
        # the turn's ask says it, once, instead of "Player three, same theme." after it
        assert out.say + said(out.state) == (L("no_answer", seat="three"),)
        assert out.state.turn == state.turn  # the same turn: its deadline keeps running
        theme = GAME.themes[state.theme].name
        assert any(theme in line for line in GAME.step(out.state).again)  # a repeat: the turn
        # the next word said is a new answer of the turn, the back line said no more
        later = hear(out.state, AnswerKind.FREE, [state.face_up[0].lower() + "og"]).state
        assert not later.back and later.phase is Phase.CHALLENGE
        # a skip takes a new theme, said as one; a second skip is refused, the state kept whole
        skipped = hear(out.state, AnswerKind.SKIP)
        assert skipped.state.theme != state.theme and not skipped.state.back
        assert said(skipped.state)[0].startswith(L("new_theme", seat="three", theme="")[:20])
        back_again = hear(hear(skipped.state, AnswerKind.FREE, ["xylophone"]).state, *answer)
        refused = hear(back_again.state, AnswerKind.SKIP)
        assert not refused.accepted and refused.state == back_again.state and refused.state.back


def test_an_answer_heard_as_nothing_is_asked_again_with_the_clock_running():
    """Nothing heard is no word to ask a letter for (nor to score for one by agreement): the
    turn's ask is said again, the game and the turn's deadline kept."""
    state = start()
    for alternatives in ([], [""], ["..."]):
        out = hear(state, AnswerKind.FREE, alternatives)
        assert out.accepted is False and out.state == state and out.say == refused(state)


def test_the_answer_ask_says_which_letters_fit_in_help_and_reprompts():
    state = start()
    ask = GAME.step(state)
    letters = spoken_list([spoken_letter(l) for l in state.face_up], "or")
    theme = GAME.themes[state.theme].name
    assert ask.expected == L("answer_expected", theme=theme, letters=letters)
    assert all(spoken_letter(l) in ask.expected for l in state.face_up)
    assert any(letters in r for r in ask.reprompts)


def test_alternative_mode_lists_eight_letters_left_and_counts_nine():
    """Eight letters or fewer are listed, with their stars when they changed and by name alone
    as a reminder on a new theme; more are counted, and only when they changed."""
    state = replace(start(mode="alternative"), fresh_round=False)
    eight = replace(state, face_up=state.face_up[:8])
    assert said(eight)[-1] == L("letters", letters=listing(eight.face_up))
    assert said(replace(eight, told=True))[-1] == L(
        "letters", letters=spoken_list(list(eight.face_up))
    )
    nine = replace(state, face_up=state.face_up[:9])
    assert said(nine)[-1] == sentence(L("letters_left", count="nine"))
    theme = L("new_theme", seat="one", theme=GAME.themes[state.theme].name)
    assert said(replace(nine, told=True)) == (theme,)  # never "letters left" twice in a row


def test_the_mode_ask_reprompts_with_both_modes():
    ask = GAME.step(GAME.new({"players": 3}, Random(1)))
    assert ask.id == "funocracy.mode" and len(ask.reprompts) == 2
    assert all("normal" in r and "alternative" in r for r in ask.reprompts)


@pytest.mark.parametrize(
    "phase,value", [(Phase.ANSWER, "stand"), (Phase.VOTE, "maybe"), (Phase.LETTER, "X")]
)
def test_a_refused_answer_keeps_the_game_and_says_what_can_be_said(phase, value):
    state = start()
    if phase is Phase.VOTE:
        state = replace(state, phase=Phase.VOTE, pending=Pending(1, state.face_up[0], "bingo"))
    elif phase is Phase.LETTER:
        state = hear(state, AnswerKind.FREE, ["xylophone"]).state
    out = hear(state, AnswerKind.CHOICE, value)
    assert out.accepted is False and out.state == state
    assert out.say == refused(state)


def test_nothing_is_accepted_once_the_game_is_over():
    state = replace(start(), phase=Phase.OVER, scores=((1, 2, 3), (0, 0, 0), (0, 0, 0)))
    out = GAME.apply(
        state, Ask("funocracy.answer", ("x",)), Answer(AnswerKind.CHOICE, "pass", "pass"), Random(0)
    )
    assert not out.accepted and out.state == state


# --------------------------------------------------------------- the theme pile


def test_the_theme_pile_reshuffles_the_discarded_themes_when_it_runs_out():
    """All the discards, the theme just played among them but never drawn first."""
    state = replace(start(), set_aside=(), theme_pile=(), theme_discard=(10, 11, 12))
    for seed in range(8):
        new = hear(state, AnswerKind.TIMEOUT, rng=Random(seed)).state
        assert new.theme in (10, 11, 12)
        assert sorted(new.theme_pile + (new.theme,)) == sorted((10, 11, 12, state.theme))
        assert new.theme_discard == ()


# ------------------------------------------------------------ rounds and the end


def test_the_round_end_names_who_starts_the_next_round():
    """The round ends for lack of a letter to draw (two are still face up: not "the last
    letter"); the player on the left of the one who ended it is named once, by the new round."""
    state = replace(start(players=4), pile=(), active=3)
    letter = state.face_up[0]
    out = hear(hear(state, AnswerKind.FREE, [fitting_word(letter)]).state, AnswerKind.TIMEOUT)
    assert out.state.active == 4
    assert L(
        "first_turn_next", seat="four", ender="three", theme=GAME.themes[out.state.theme].name
    ) in said(out.state)
    this_round = (
        L("score_items", seats="one, two and four", stars=stars(0))
        + "; "
        + L("score_item", seat="three", stars=stars(STARS[letter]))
    )
    assert out.say == (
        L("wins_letter", seat="three", letter=letter),
        L("pile_empty"),
        L("round_over", round="one"),
        L("round_scores", scores=this_round),
    )


def over(scores) -> End:
    end = GAME.step(replace(start(players=len(scores)), phase=Phase.OVER, scores=scores))
    assert isinstance(end, End)
    return end


def totals_line(scores) -> str:
    """Each total once, with the players who have it, in the order of their first seat, each
    group apart ("players one and four, six stars; player two, three stars")."""
    seats: dict[int, list[int]] = {}
    for seat, s in enumerate(scores, 1):
        seats.setdefault(sum(s), []).append(seat)
    items = [
        L("score_item", seat=number_word(group[0]), stars=stars(total))
        if len(group) == 1
        else L(
            "score_items", seats=spoken_list([number_word(s) for s in group]), stars=stars(total)
        )
        for total, group in seats.items()
    ]
    return L("game_over", scores="; ".join(items))


def test_a_clear_winner_is_named_without_a_tie_break():
    scores = ((4, 5, 3), (1, 1, 1), (2, 2, 2))
    end = over(scores)
    assert end.winners == (1,) and end.say == (totals_line(scores), L("winner", seat="one"))


def test_a_tie_on_total_broken_by_round_three_says_so():
    scores = ((1, 1, 1), (5, 4, 3), (6, 4, 2))
    end = over(scores)
    assert end.winners == (2,)
    assert end.say == (totals_line(scores), L("tie_break", round="three"), L("winner", seat="two"))


def test_a_tie_on_total_and_round_three_broken_by_round_two_says_so():
    scores = ((4, 5, 3), (5, 4, 3), (0, 0, 1))
    end = over(scores)
    assert end.winners == (1,)
    assert end.say == (totals_line(scores), L("tie_break", round="two"), L("winner", seat="one"))


def test_a_shared_win_names_every_winner_without_a_tie_break():
    scores = ((4, 5, 3), (4, 5, 3), (0, 0, 1))
    end = over(scores)
    assert end.winners == (1, 2) and end.say == (
        totals_line(scores),
        L("shared", seats="one and two"),
    )
    assert end.say[0] == L(
        "game_over",
        scores=L("score_items", seats="one and two", stars=stars(12))
        + "; "
        + L("score_item", seat="three", stars=stars(1)),
    )


def player(seat: str) -> str:
    return sentence(L("score_player", seat=seat))


def players(seats: str) -> str:
    return sentence(L("score_players", seats=seats))


def test_score_gives_each_seat_its_total_and_this_round_then_only_totals_at_the_end():
    """Players with the same total and round are named together, in seat order; this round's
    stars are said when they are not the whole total; the end says totals only; a table with no
    star hears it once."""
    state = replace(
        start(players=5), round=2, scores=((2, 3, 0), (0, 1, 0), (0, 0, 0), (2, 3, 0), (4, 1, 0))
    )
    assert GAME.score(state) == (
        L("score_line_round", seats=players("one and four"), total=stars(5), round_stars=stars(3)),
        L("score_line", seats=player("two"), total=stars(1)),
        L("score_line", seats=player("three"), total=stars(0)),
        L("score_line_round", seats=player("five"), total=stars(5), round_stars=stars(1)),
    )
    done = replace(
        state, phase=Phase.OVER, scores=((2, 3, 4), (0, 1, 0), (0, 0, 0), (2, 3, 4), (4, 1, 4))
    )
    assert GAME.score(done) == (
        L("score_line", seats=players("one, four and five"), total=stars(9)),
        L("score_line", seats=player("two"), total=stars(1)),
        L("score_line", seats=player("three"), total=stars(0)),
    )
    assert GAME.score(replace(state, scores=((0, 0, 0),) * 5)) == (L("no_stars_yet"),)


def test_public_shows_the_theme_the_mode_and_the_answer_waiting_for_a_challenge():
    state = start()
    challenge = hear(state, AnswerKind.FREE, ["a " + fitting_word(state.face_up[0])]).state
    public = GAME.public(challenge)
    assert public["theme"] == GAME.themes[state.theme].name and public["mode"] == "normal"
    assert public["pending"] == {
        "seat": 1,
        "letter": state.face_up[0],
        "word": fitting_word(state.face_up[0]),
    }


# ---------------------------------------------------------------- the content


def deck_with(tmp_path, edit) -> funocracy.Funocracy:
    (tmp_path / "en").mkdir(exist_ok=True)
    (tmp_path / "en" / "funocracy.toml").write_text(
        edit(load_content("funocracy").text), encoding="utf-8"
    )
    return funocracy.load(source=load_content("funocracy", root=tmp_path))


def keep_themes(count: int):
    """An edit that keeps the first `count` themes of the deck."""

    def edit(text: str) -> str:
        head, *themes = re.split(r"(?m)^(?=\[\[themes\]\])", text)
        tail = themes[-1][themes[-1].find("\n[", 1) :] if "\n[" in themes[-1][1:] else ""
        themes[-1] = themes[-1][: len(themes[-1]) - len(tail)]
        return head + "".join(themes[:count]) + tail

    return edit


def test_sixty_themes_make_a_deck_and_fifty_nine_do_not(tmp_path):
    assert len(deck_with(tmp_path, keep_themes(60)).themes) == 60
    with pytest.raises(
        ContentError, match=r"at least 60 \[\[themes\]\] entries are needed, found 59"
    ):
        deck_with(tmp_path, keep_themes(59))


def test_a_theme_needs_five_answers(tmp_path):
    five = '"hammer", "ladder", "bicycle", "toolbox", "drill"'
    game = deck_with(
        tmp_path, lambda t: re.sub(r'(?m)^answers = \["hammer".*\]$', f"answers = [{five}]", t)
    )
    assert game.themes[0].answers == ("hammer", "ladder", "bicycle", "toolbox", "drill")
    four = '"hammer", "ladder", "bicycle", "toolbox"'
    entry = (
        load_content("funocracy").text.splitlines().index("[[themes]]") + 1
    )  # the first theme's line
    with pytest.raises(
        ContentError,
        match=rf"line {entry}: entry 1 of \[\[themes\]\] needs at least 5 answers, each one",
    ):
        deck_with(
            tmp_path,
            lambda t: re.sub(r'(?m)^answers = \["hammer".*\]$', f"answers = [{four}]", t, count=1),
        )


def test_a_repeated_theme_and_an_x_are_named_with_their_entries_all_at_once(tmp_path):
    def edit(text: str) -> str:
        text = text.replace(
            'name = "Things that are sticky"', 'name = "Things you find in a garage"', 1
        )
        text = text.replace('letter = "S"', 'letter = "X"', 1)
        return text.replace('letter = "C"\nstars = 1', 'letter = "C"', 1)  # a letter without stars

    with pytest.raises(ContentError) as error:
        deck_with(tmp_path, edit)
    message = str(error.value)
    assert "entry 1 of [[letters]] has 'X', not one letter A to Z" in message
    assert "entry 2 of [[letters]] needs 'stars' (int)" in message
    assert "entry 2 of [[themes]] repeats the theme 'Things you find in a garage'" in message


# ------------------------------------------------------------ the simulated table


def test_the_simulated_player_skips_or_passes_a_theme_no_word_fits():
    state = start()
    theme = next(
        i
        for i, t in enumerate(GAME.themes)
        if not any(
            w[0].upper() in "QZJ" or w[:2] in funocracy.words.SILENT_FIRST for w in t.answers
        )
    )
    state = replace(state, theme=theme, face_up=("Q", "Z", "J"), active=2)
    ask = GAME.step(state)
    lines = [GAME.demo_line(state, ask, Random(seed)) for seed in range(20)]
    assert {line.answer.kind for line in lines} == {AnswerKind.SKIP, AnswerKind.CHOICE}
    assert {line.seat for line in lines} == {2}  # the player whose turn it is


def test_the_simulated_player_answers_which_letter_from_its_own_seat():
    asked = hear(replace(start(), active=3), AnswerKind.FREE, ["xylophone"]).state
    line = GAME.demo_line(asked, GAME.step(asked), Random(0))
    assert line.answer.value == "none" and line.text == "no answer" and line.seat == 3


def test_the_simulated_table_challenges_once_in_round_one():
    for seed in (1, 2, 3):
        rng, table = Random(seed), Random(seed + 1)
        state = GAME.new({"players": 3, "mode": "normal"}, rng)
        challenges = []
        while not isinstance(step := GAME.step(state), End):
            line = GAME.demo_line(state, step, table)
            if step.id == "funocracy.challenge" and line.answer.value == "challenge":
                challenges.append(state.round)
            state = GAME.apply(state, step, line.answer, rng).state
        assert challenges == [1], seed


# ------------------------------------------------------- more of what the table hears


def test_the_word_said_back_is_the_answer_without_its_article():
    assert funocracy.first_fitting(["the red apple"], ("R",)) == ("red apple", "R")
    state = replace(start(), face_up=("R", "S", "T"))
    challenge = hear(state, AnswerKind.FREE, ["the red apple"]).state
    assert challenge.pending == Pending(1, "R", "red apple")


def test_each_round_starts_by_naming_its_number_and_its_first_player():
    """Once each: the round's number, its face-up letters with their stars, its first player
    and theme (the game's first round after the intro that says how to challenge)."""
    first = start()
    assert said(first) == (
        L("game_intro"),
        L("round_start", round="one", letters=listing(first.face_up)),
        L("first_turn", seat="one", theme=GAME.themes[first.theme].name),
    )
    state = replace(start(players=4), pile=(), active=3)
    out = hear(
        hear(state, AnswerKind.FREE, [fitting_word(state.face_up[0])]).state, AnswerKind.TIMEOUT
    )
    assert said(out.state) == (
        L("round_start", round="two", letters=listing(out.state.face_up)),
        L("first_turn_next", seat="four", ender="three", theme=GAME.themes[out.state.theme].name),
    )


def test_the_words_of_the_theme_that_fit_the_letters_are_offered_first():
    state = start()
    ask = GAME.step(state)
    answers = GAME.themes[state.theme].answers
    hints, skip = ask.hints[:-1], ask.hints[-1]
    assert skip == "new theme"  # the skip gm's line names, given to the ear last
    fit = [w for w in hints if w[0].upper() in state.face_up]
    assert fit and hints[: len(fit)] == tuple(fit) and sorted(hints) == sorted(answers)


@pytest.mark.parametrize("phase", [Phase.CHALLENGE, Phase.LETTER, Phase.PLAYERS])
def test_an_answer_not_offered_is_refused_with_the_game_kept(phase):
    state = start()
    if phase is Phase.CHALLENGE:
        state = hear(state, AnswerKind.FREE, [fitting_word(state.face_up[0])]).state
    elif phase is Phase.LETTER:
        state = hear(state, AnswerKind.FREE, ["xylophone"]).state
    else:
        state = GAME.new({}, Random(1))
    answers = [Answer(AnswerKind.CHOICE, "maybe", "maybe")]
    if phase is not Phase.LETTER:  # there a word is heard again (below)
        answers.append(Answer(AnswerKind.FREE, ["maybe"], "maybe"))
    for answer in answers:
        out = GAME.apply(state, GAME.step(state), answer, Random(0))
        assert out.accepted is False and out.state == state and out.say == refused(state)


def test_at_which_letter_a_word_said_again_is_heard_again_not_refused():
    """gm asked "say your word again": the word said again that still fits no face-up letter is
    asked about by what was heard now, not refused with an invitation to say it again."""
    state = replace(start(), face_up=("B", "M", "T"))
    asked = hear(state, AnswerKind.FREE, ["step"]).state
    assert asked.phase is Phase.LETTER and asked.heard == "step"
    again = hear(asked, AnswerKind.FREE, ["set"])
    assert again.accepted and again.state.phase is Phase.LETTER and again.state.heard == "set"
    assert GAME.step(again.state).say == (
        "Set starts with S as in sierra, which is not face up. Say your word again, or the "
        "letter it starts with, or no answer.",
    )
    fits = hear(asked, AnswerKind.FREE, ["tomato"])
    assert fits.state.phase is Phase.CHALLENGE and fits.state.pending.word == "tomato"


def test_no_answer_after_a_wrong_letter_leaves_nothing_waiting():
    state = start()
    challenge = hear(state, AnswerKind.FREE, [fitting_word(state.face_up[0])]).state
    letter = hear(challenge, AnswerKind.CHOICE, "wrong_letter").state
    assert letter.phase is Phase.LETTER and said(letter) == (L("which_letter_again"),)
    back = hear(letter, AnswerKind.CHOICE, "none").state
    assert (
        back.phase is Phase.ANSWER and back.pending is None and GAME.public(back)["pending"] is None
    )


def test_a_meh_majority_can_end_the_round_through_the_three_themes_rule():
    state = replace(start(), pile=(), themes_without_answer=2, active=2)
    vote = replace(state, phase=Phase.VOTE, pending=Pending(2, state.face_up[0], "bingo"))
    out = hear(vote, AnswerKind.CHOICE, "meh", rng=Random(4))
    assert out.state.round == 2 and out.state.active == 3
    assert out.say == (
        L("vote_meh", letter=state.face_up[0]),
        L("three_themes", letter=spoken_letter(state.face_up[0])),
        L("pile_empty"),
        L("round_over", round="one"),
        L("round_scores", scores=L("score_items", seats="one, two and three", stars=stars(0))),
    )
    assert L(
        "first_turn_next", seat="three", ender="two", theme=GAME.themes[out.state.theme].name
    ) in said(out.state)


def test_a_meh_majority_reshuffles_the_theme_pile_when_it_runs_out():
    state = replace(start(), set_aside=(), theme_pile=(), theme_discard=(10, 11))
    vote = replace(state, phase=Phase.VOTE, pending=Pending(1, state.face_up[0], "bingo"))
    new = hear(vote, AnswerKind.CHOICE, "meh", rng=Random(4)).state
    assert new.theme in (10, 11) and sorted(new.theme_pile + (new.theme,)) == sorted(
        (10, 11, state.theme)
    )


def test_every_theme_stays_in_the_game_across_rounds_and_every_turn_is_new():
    """The round's unused themes are discarded to come back when the pile runs out; and each turn
    gets a turn number never used before, so that its 25 seconds start afresh."""
    state = replace(start(players=4), pile=(), active=3)
    out = hear(
        hear(state, AnswerKind.FREE, [fitting_word(state.face_up[0])]).state, AnswerKind.TIMEOUT
    )
    new = out.state
    assert set(state.set_aside) | {state.theme} <= set(new.theme_discard)
    everything = new.theme_pile + new.theme_discard + new.set_aside + (new.theme,)
    assert sorted(everything) == list(range(len(GAME.themes)))
    assert new.turn > state.turn  # a turn number never used in this game
    turns = [GAME.step(s).deadline for s in (state, new)]
    assert turns[0] != turns[1]


def test_public_shows_the_players_and_whose_turn_it_is():
    public = GAME.public(replace(start(), active=2))
    assert public["players"] == 3 and public["active_seat"] == 2
    assert GAME.public(GAME.new({}, Random(1)))["active_seat"] is None


def test_a_repeated_letter_is_named_with_its_entry(tmp_path):
    with pytest.raises(ContentError, match=r"entry 2 of \[\[letters\]\] repeats the letter S"):
        deck_with(tmp_path, lambda t: t.replace('letter = "C"', 'letter = "S"', 1))


def test_the_simulated_table_plays_two_to_four_players():
    ask = GAME.step(GAME.new({}, Random(1)))
    played = {
        GAME.demo_line(GAME.new({}, Random(1)), ask, Random(seed)).answer.value
        for seed in range(20)
    }
    assert played == {2, 3, 4}


def test_the_simulated_player_says_a_silent_first_word_only_when_its_letter_is_not_up():
    knife = next(i for i, t in enumerate(GAME.themes) if "knife" in t.answers)
    state = replace(start(), theme=knife, face_up=("K", "N", "S"))  # knife fits K: no letter to ask
    words = {GAME.demo_line(state, GAME.step(state), Random(seed)).text for seed in range(10)}
    assert (
        "knife" in words and len(words) > 1
    )  # one of every fitting word, not the silent one each time
    letter = replace(
        start(),
        phase=Phase.LETTER,
        face_up=("N", "S", "T"),
        heard="",
        pending=Pending(1, "S", "knife"),
    )
    line = GAME.demo_line(letter, GAME.step(letter), Random(0))
    assert line.answer.value == "N" and line.text == funocracy.table.LETTER_REPLIES["N"]


def test_a_player_misheard_twice_names_the_letter_their_word_was_for():
    """At "which letter?" after gm misheard "zebra" twice (as "seeper"), the simulated player
    says the letter, as the ask invites, not "no answer" (the game's own reply reads only the
    word gm heard); nothing to say at another ask, or for a letter not face up."""
    zebra = Line(Answer(AnswerKind.FREE, ["zebra"], "zebra"), "zebra", 2)
    letter = replace(start(), phase=Phase.LETTER, face_up=("Y", "A", "Z"), heard="seeper")
    line = GAME.demo_retry(letter, GAME.step(letter), zebra, Random(0))
    assert (line.answer.value, line.text, line.seat) == ("Z", "z for zulu", letter.active)
    assert GAME.demo_line(letter, GAME.step(letter), Random(0)).text == "no answer"
    knife = Line(Answer(AnswerKind.FREE, ["knife"], "knife"), "knife", 2)
    silent = replace(letter, face_up=("N", "A", "Z"))
    assert GAME.demo_retry(silent, GAME.step(silent), knife, Random(0)).answer.value == "N"
    gone = replace(letter, face_up=("Y", "A", "B"))
    assert GAME.demo_retry(gone, GAME.step(gone), zebra, Random(0)) is None
    turn = replace(start(), face_up=("Y", "A", "Z"))
    assert GAME.demo_retry(turn, GAME.step(turn), zebra, Random(0)) is None
