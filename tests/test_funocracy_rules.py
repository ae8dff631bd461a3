"""Funocracy rules, driven through step()/apply() with hand-built answers: no audio."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from random import Random

import pytest

from gm.content import ContentError
from gm.content import load as load_content
from gm.games import funocracy
from gm.games.funocracy import Mode, Phase, State, first_fitting, winners
from gm.steps import Answer, AnswerKind, Ask, End, Kind, RulesError

GAME = funocracy.load()


# ----- helpers ---------------------------------------------------------------------------------


def start(players: int = 3, mode: str = "normal", seed: int = 1) -> State:
    return GAME.new({"players": players, "mode": mode}, Random(seed))


def apply(state: State, kind: AnswerKind, value=None, rng: Random | None = None):
    ask = GAME.step(state)
    assert isinstance(ask, Ask)
    return GAME.apply(state, ask, Answer(kind, value, heard=str(value)), rng or Random(0))


def choose(state: State, value):
    ask = GAME.step(state)
    assert value in [c.value for c in ask.choices], (ask.id, value)
    return apply(state, AnswerKind.CHOICE, value)


def free(state: State, *alternatives: str):
    return apply(state, AnswerKind.FREE, list(alternatives))


def timeout(state: State):
    return apply(state, AnswerKind.TIMEOUT)


def word(letter: str) -> str:
    return letter.lower() + "ingo"


def answer_and_stand(state: State) -> State:
    """The active player names a word for the first face-up letter; nobody challenges."""
    out = free(state, word(state.face_up[0]))
    assert GAME.step(out.state).id == "funocracy.challenge"
    return timeout(out.state).state


def answer_and_stand_out(state: State):
    """Like answer_and_stand, but the outcome of the closing window (what gm says)."""
    return timeout(free(state, word(state.face_up[0])).state)


def stars(letter: str) -> int:
    return GAME.stars[letter]


def letters_in_round(state: State) -> list[str]:
    return (
        list(state.face_up)
        + list(state.pile)
        + list(state.discarded)
        + [l for w in state.won for l in w]
    )


# ----- set-up and options ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 9, 0])
def test_player_count_outside_two_to_eight_is_refused(players):
    with pytest.raises(RulesError, match=f"2 to 8 players, not {players}"):
        GAME.new({"players": players, "mode": "normal"}, Random(1))


def test_options_may_come_as_text():
    state = GAME.new({"players": "4", "mode": "Alternative"}, Random(1))
    assert state.players == 4 and state.mode is Mode.ALTERNATIVE


def test_unknown_mode_is_refused():
    with pytest.raises(RulesError, match="normal or alternative"):
        GAME.new({"players": 3, "mode": "chaos"}, Random(1))


def test_missing_options_are_asked_by_voice():
    state = GAME.new({}, Random(1))
    ask = GAME.step(state)
    assert ask.id == "funocracy.players" and "How many players?" in ask.say[0]
    assert sorted(c.value for c in ask.choices) == list(range(2, 9))
    assert "two players" in next(c for c in ask.choices if c.value == 2).phrases
    state = choose(state, 4).state
    ask = GAME.step(state)
    assert ask.id == "funocracy.mode" and "normal or alternative" in ask.say[0].lower()
    out = choose(state, "alternative")
    assert out.state.players == 4 and out.state.mode is Mode.ALTERNATIVE
    assert GAME.step(out.state).id == "funocracy.answer"


def test_only_the_mode_is_asked_when_players_are_given():
    state = GAME.new({"players": 5}, Random(1))
    assert GAME.step(state).id == "funocracy.mode"


def test_seat_one_the_youngest_starts_round_one():
    state = start(players=5)
    ask = GAME.step(state)
    assert state.round == 1 and state.active == 1
    assert any("youngest" in line for line in ask.say)


# ----- the deal -------------------------------------------------------------------------------


def test_deck_is_data_with_one_to_three_stars():
    assert len(GAME.deck) == 25 and "X" not in GAME.deck
    assert set(GAME.stars.values()) == {1, 2, 3}
    assert stars("S") == 1 and stars("Q") == 3 and stars("Z") == 3


def test_normal_deal_discards_three_unseen_and_shows_three():
    state = start()
    assert len(state.discarded) == 3 and len(state.face_up) == 3
    assert len(state.pile) == 25 - 6
    assert sorted(letters_in_round(state)) == sorted(GAME.deck)


def test_alternative_deal_shows_every_remaining_letter():
    state = start(mode="alternative")
    assert len(state.discarded) == 3 and len(state.face_up) == 22 and state.pile == ()


def test_round_themes_come_from_the_three_set_aside_then_the_pile():
    state = start()
    first, aside, pile = state.theme, state.set_aside, state.theme_pile
    assert len(aside) == 2  # the first of the three is revealed
    seen = [first]
    for _ in range(4):
        state = timeout(state).state
        seen.append(state.theme)
        state = replace(state, themes_without_answer=0)
    assert seen[1:3] == list(aside)
    assert seen[3:5] == list(pile[:2])


# ----- a turn -----------------------------------------------------------------------------------


def test_answer_ask_is_free_timed_and_hinted_with_the_theme_answers():
    state = start()
    ask = GAME.step(state)
    theme = GAME.themes[state.theme]
    assert ask.id == "funocracy.answer"
    assert ask.free and ask.timeout == 25 and ask.countdown and ask.skippable
    assert set(ask.hints) == set(theme.answers) | {"new theme"}  # the skip gm's line names
    assert ask.deadline
    assert any(theme.name in line for line in ask.say)
    assert all(l in " ".join(ask.say) for l in state.face_up)


def test_first_fitting_alternative_is_taken():
    assert first_fitting(["zebra", "bagel", "mango"], ("B", "M", "T")) == ("bagel", "B")
    assert first_fitting(["a mango"], ("A", "M")) == ("mango", "M")  # leading article dropped
    assert first_fitting(["a"], ("A",)) == ("a", "A")
    assert first_fitting(["zebra", "quail"], ("B",)) is None
    assert first_fitting([], ("B",)) is None


def test_heard_word_is_announced_with_its_letter_and_stars_once():
    state = start()
    b, m = state.face_up[1], state.face_up[2]
    out = free(state, "xylophone", word(b), word(m))
    assert out.state.phase is Phase.CHALLENGE
    assert out.state.pending.letter == b and out.state.pending.seat == 1
    ask = GAME.step(out.state)
    assert (
        ask.say[0]
        == f"{word(b).capitalize()}: {b}, {'one star' if stars(b) == 1 else GAME._stars(stars(b))}."
    )
    closed = timeout(out.state)
    assert closed.say[0] == f"Player one wins {b}."  # not "one star this round" again
    assert not any("star" in line for line in closed.say[:1])


def test_letters_are_announced_with_their_nato_word_where_it_helps_and_stars():
    """B, D, T sound alike across a table and get their NATO word; W and Q are clear alone."""
    state = replace(start(), face_up=("W", "B", "Q"), pile=("T",) + start().pile[1:])
    say = " ".join(GAME.step(state).say)
    assert "Letters: one star: B as in bravo; two stars: W; and three stars: Q." in say
    out = answer_and_stand_out(state)
    assert "New letter: T as in tango, one star." in out.say
    alternative = replace(start(mode="alternative"), face_up=("B", "D"), fresh_round=False)
    assert "Letters: one star: B as in bravo and D as in delta." in GAME.step(alternative).say


def test_which_letter_lists_the_letters_by_their_nato_word():
    state = replace(start(), face_up=("B", "M", "T"))
    ask = GAME.step(free(state, "zebra").state)
    assert "B as in bravo, M as in mike or T as in tango" in ask.expected
    assert {"bravo", "b as in bravo"} <= set(next(c for c in ask.choices if c.value == "B").phrases)


def test_challenge_window_is_short_and_listens_for_meh():
    state = free(start(), word(start().face_up[0])).state
    ask = GAME.step(state)
    assert ask.id == "funocracy.challenge"
    assert 3 <= ask.timeout <= 5 and not ask.countdown
    assert not ask.confirm  # said aloud for the table: confirmed only when the recogniser doubts
    phrases = {p for c in ask.choices for p in c.phrases}
    assert {"meh", "mehh", "challenge"} <= phrases


def test_letter_is_won_only_when_the_window_closes():
    state = start()
    letter = state.face_up[0]
    pending = free(state, word(letter)).state
    public = GAME.public(pending)
    assert letter in [f["letter"] for f in public["face_up"]]
    assert public["scores"]["1"] == [0, 0, 0]
    after = timeout(pending).state
    assert letter not in after.face_up
    assert after.scores[0] == (stars(letter), 0, 0)
    assert after.won[0] == (letter,)


def test_accepted_answer_draws_to_the_right_next_player_same_theme():
    state = start()
    top = state.pile[0]
    after = answer_and_stand(state)
    assert after.face_up[-1] == top and len(after.face_up) == 3
    assert after.active == 2 and after.theme == state.theme
    assert any("same theme" in line for line in GAME.step(after).say)
    assert after.turn == state.turn + 1


def test_no_challenge_phrase_closes_the_window_at_once():
    state = free(start(), word(start().face_up[0])).state
    after = choose(state, "stand").state
    assert after.scores[0][0] > 0 and after.active == 2


def test_unfitting_word_asks_which_letter_and_accepts_it_by_name():
    state = start()
    out = free(state, "qqq zzz")
    if out.state.phase is not Phase.LETTER:  # a face-up Q or Z would fit
        pytest.skip("seed dealt a fitting letter")
    ask = GAME.step(out.state)
    assert ask.id == "funocracy.letter" and ask.say[0].startswith(
        "Qqq zzz starts with Q, which is not face up."
    )
    assert "or no answer" in ask.say[0] and ask.timeout and ask.free
    assert {c.value for c in ask.choices} == set(GAME.deck) | {"none", "pass"}
    letter = state.face_up[1]
    out = choose(out.state, letter)  # qqq for another letter: only if the whole table agrees
    assert out.state.phase is Phase.AGREE and GAME.step(out.state).id == "funocracy.agree"
    assert "Everyone agree?" in GAME.step(out.state).say[0]
    out = choose(out.state, True)
    assert out.state.phase is Phase.CHALLENGE
    assert out.state.pending.letter == letter and out.state.pending.word == "qqq zzz"


def test_no_answer_from_which_letter_returns_to_the_same_turn_and_deadline():
    state = replace(start(), face_up=("B", "M", "T"))
    ask = GAME.step(state)
    back = choose(free(state, "zebra").state, "none").state
    assert back.phase is Phase.ANSWER and back.active == 1 and back.theme == state.theme
    assert GAME.step(back).deadline == ask.deadline


def test_pass_and_skip_at_which_letter_are_the_turns_own():
    state = replace(start(), face_up=("B", "M", "T"))
    asked = free(state, "zebra").state
    assert GAME.step(asked).skippable  # "skip this one" is no "nothing to skip" here
    passed = choose(asked, "pass").state  # the turn given up, as at the turn itself
    assert passed.phase is Phase.ANSWER and passed.active == 2 and passed.theme != state.theme
    skipped = apply(asked, AnswerKind.SKIP)  # a new theme for the same player, once a turn
    assert skipped.accepted and skipped.state.active == 1
    assert skipped.state.theme != state.theme and skipped.state.skipped
    again = apply(free(skipped.state, "zebra").state, AnswerKind.SKIP)
    assert not again.accepted and again.say == (GAME.lines("skip_once"),)


def test_many_letters_are_not_listed_in_a_reprompt():
    state = replace(start(mode="alternative"), face_up=tuple("BCDFGHJKLM"))
    asked = free(state, "qqq zzz").state
    many = GAME.lines("letters_expected")
    assert many in GAME.step(asked).expected and many in GAME.step(state).expected
    # a letter pointed at ("the second one") is asked by name, the twenty not listed
    pointed = GAME.step(asked).meaning.read("the second one")
    assert pointed.kind is Kind.PARTIAL
    assert pointed.question == "Which letter is it? Name it, like B as in bravo."
    few = replace(state, face_up=("B", "M", "T"))
    which = GAME.step(free(few, "qqq zzz").state).meaning.which
    assert which == "Which letter is it: B as in bravo, M as in mike or T as in tango?"
    assert "B, M or T" in GAME.step(few).expected.replace(" as in bravo", "").replace(
        " as in mike", ""
    ).replace(" as in tango", "")


def test_wrong_letter_in_the_window_asks_for_the_letter():
    state = replace(start(), face_up=("B", "M", "T"))
    pending = free(state, "bagel").state
    fixed = choose(pending, "wrong_letter").state
    assert GAME.step(fixed).id == "funocracy.letter"
    # the word is asked about: said again with its letter and words about it, it is the letter
    reading = GAME.step(fixed).meaning.read("bagel with a B, the bread kind")
    assert reading.value == "B"
    again = choose(choose(fixed, "M").state, True).state  # bagel for M: the table agrees
    assert again.pending.letter == "M" and again.pending.word == "bagel"
    assert timeout(again).state.won[0] == ("M",)


# ----- challenge and vote ----------------------------------------------------------------------


def challenged(players: int = 3) -> State:
    state = replace(start(players=players), face_up=("B", "M", "T"))
    state = free(state, "bagel").state
    state = choose(state, "challenge").state
    assert GAME.step(state).id == "funocracy.vote"
    return state


def test_vote_offers_good_meh_and_tie_confirmed_only_when_doubted():
    ask = GAME.step(challenged())
    assert {c.value for c in ask.choices} == {"good", "meh", "tie"}
    assert not ask.confirm
    assert "player one" in ask.say[0]


def test_meh_majority_invalidates_letter_stays_new_theme_next_player():
    state = challenged()
    after = choose(state, "meh").state
    assert after.scores[0] == (0, 0, 0) and after.face_up == ("B", "M", "T")
    assert after.theme != state.theme and after.active == 2
    assert after.themes_without_answer == 1


def test_good_majority_keeps_the_answer():
    after = choose(challenged(), "good").state
    assert after.won[0] == ("B",) and after.scores[0][0] == stars("B") and after.active == 2


def test_tie_favours_the_player_whose_turn_it_is():
    after = choose(challenged(players=3), "tie").state  # two voters
    assert after.won[0] == ("B",)


def test_tie_is_refused_when_an_odd_number_votes():
    state = challenged(players=4)  # three voters
    out = choose(state, "tie")
    assert not out.accepted and out.state == state and "tie" in out.say[0]
    assert out.say[0].startswith("With three voters")
    alone = challenged(players=2)  # one voter: said for the ear, not "one voters"
    assert (
        choose(alone, "tie").say[0] == "With one voter there can't be a tie. Did good or meh win?"
    )


# ----- turns without an answer -----------------------------------------------------------------


def test_time_out_loses_the_turn_new_theme_next_player():
    state = start()
    after = timeout(state).state
    assert after.active == 2 and after.theme != state.theme
    assert after.face_up == state.face_up and after.themes_without_answer == 1


def test_pass_is_a_lost_turn():
    state = start()
    after = choose(state, "pass").state
    assert after.active == 2 and after.theme != state.theme and after.themes_without_answer == 1


def test_skip_gives_the_same_player_a_new_theme_and_says_how_to_object():
    state = start()
    out = apply(state, AnswerKind.SKIP)
    after = out.state
    assert after.active == 1 and after.theme != state.theme
    theme = GAME.themes[state.theme].name
    assert out.say == (f"That theme is skipped: {theme}. To object, say take that back.",)
    assert GAME.step(after).deadline != GAME.step(state).deadline
    assert after.themes_without_answer == 0  # a skipped theme is no free step towards a new letter


def test_skips_in_three_turns_discard_no_letter():
    state = start()
    for _ in range(2):
        state = apply(state, AnswerKind.SKIP).state
        state = timeout(state).state
    state = apply(state, AnswerKind.SKIP).state
    assert state.themes_without_answer == 2 and state.face_up == start().face_up


def test_a_second_skip_in_a_turn_is_refused_in_one_sentence_and_the_clock_runs_on():
    """CLARIFICATIONS.md: at most one skip a turn; the refusal leaves the turn (its theme and
    its running deadline) exactly as it was."""
    skipped = apply(start(), AnswerKind.SKIP).state
    again = apply(skipped, AnswerKind.SKIP)
    assert not again.accepted and again.state == skipped
    assert again.say == ("You get one skip a turn.",)
    assert GAME.step(again.state).deadline == GAME.step(skipped).deadline


def test_the_next_player_may_skip_again():
    state = apply(start(), AnswerKind.SKIP).state
    state = answer_and_stand(state)
    assert state.active == 2
    out = apply(state, AnswerKind.SKIP)
    assert out.accepted and out.state.active == 2 and out.state.theme != state.theme


@pytest.mark.parametrize("ended", ["time out", "pass", "skip"])
def test_too_late_is_said_only_when_the_last_turn_won_a_letter(ended):
    """ "Too late to challenge: the letter is won." is true only after a letter was won; after a
    time out, a pass or a skip a late challenge gets no line and changes nothing."""
    state = start()
    won = answer_and_stand(state)
    late = GAME.apply(won, GAME.step(won), Answer(AnswerKind.CHOICE, "late", "meh"), Random(0))
    assert late.say == ("Too late to challenge: the letter is won.",) and not late.accepted
    if ended == "time out":
        lost = timeout(state).state
    elif ended == "pass":
        lost = choose(state, "pass").state
    else:
        lost = apply(state, AnswerKind.SKIP).state
    after = GAME.apply(lost, GAME.step(lost), Answer(AnswerKind.CHOICE, "late", "meh"), Random(0))
    assert after.say == () and not after.accepted and after.state == lost


def test_three_themes_without_answer_discard_leftmost_and_draw():
    state = start()
    left, top = state.face_up[0], state.pile[0]
    for _ in range(2):
        state = timeout(state).state
    assert state.themes_without_answer == 2
    out = timeout(state)
    after = out.state
    assert after.face_up == state.face_up[1:] + (top,)
    assert left in after.discarded and after.themes_without_answer == 0
    assert any("discarded" in line for line in out.say)


def test_a_valid_answer_resets_the_count_and_its_theme_does_not_count():
    state = timeout(timeout(start()).state).state
    assert state.themes_without_answer == 2
    state = answer_and_stand(state)
    assert state.themes_without_answer == 0
    state = timeout(state).state  # the theme had an answer: not "without an answer"
    assert state.themes_without_answer == 0


# ----- rounds and the end ----------------------------------------------------------------------


def test_round_ends_when_a_letter_must_be_drawn_from_an_empty_pile():
    state = replace(start(players=4), pile=(), active=3)
    out = free(state, word(state.face_up[0]))
    out = timeout(out.state)
    after = out.state
    assert after.round == 2 and after.active == 4  # left of the player who ended round one
    assert after.scores[2][0] > 0
    assert "Round one is over." in out.say
    assert (
        "Stars this round: players one, two and four, zero stars; player three, "
        + GAME._stars(after.scores[2][0])
        + "."
    ) in out.say
    assert "No letter is left to draw." in out.say and "That was the last letter." not in out.say
    assert "Player four, on the left of player three, starts." in " ".join(GAME.step(after).say)
    assert not any(
        "start" in line for line in out.say
    )  # the starter is named once, by the new round
    assert len(after.discarded) == 3 and len(after.face_up) == 3 and len(after.pile) == 19
    assert sorted(letters_in_round(after)) == sorted(GAME.deck)  # all gathered and reshuffled
    assert after.won == ((),) * 4


def test_round_can_end_through_the_three_themes_rule():
    state = replace(start(players=3), pile=(), themes_without_answer=2, active=3)
    after = timeout(state).state
    assert after.round == 2 and after.active == 1  # seat 3's turn ended it; left of 3 is 1


def test_new_round_sets_aside_the_next_three_themes_from_the_pile():
    state = replace(start(), pile=())
    pile = state.theme_pile
    after = timeout(free(state, word(state.face_up[0])).state).state
    assert (after.theme,) + after.set_aside == pile[:3]
    assert any("Round two" in line for line in GAME.step(after).say)


def test_alternative_round_ends_when_no_letter_is_left():
    state = replace(start(mode="alternative"), face_up=("B", "Q"))
    state = answer_and_stand(state)
    assert state.face_up == ("Q",) and state.round == 1
    state = answer_and_stand(state)
    assert state.round == 2 and len(state.face_up) == 22


def test_alternative_three_themes_discards_without_replacement():
    state = replace(start(mode="alternative"), themes_without_answer=2)
    after = timeout(state).state
    assert after.face_up == state.face_up[1:] and after.pile == ()


def test_game_ends_after_round_three_with_the_winner():
    state = replace(start(players=3), round=3, pile=(), scores=((5, 5, 0), (3, 3, 3), (0, 0, 0)))
    after = timeout(free(state, word(state.face_up[0])).state).state
    assert after.phase is Phase.OVER
    end = GAME.step(after)
    assert isinstance(end, End)
    total1 = 10 + stars(state.face_up[0])
    assert end.winners == (1,) and any("Player one wins" in line for line in end.say)
    assert after.scores[0] == (5, 5, total1 - 10)


def test_ties_break_on_round_three_then_round_two_else_shared():
    assert winners(((5, 5, 2), (6, 3, 3))) == (2,)
    assert winners(((4, 5, 3), (5, 4, 3))) == (1,)
    assert winners(((4, 5, 3), (4, 5, 3), (1, 1, 1))) == (1, 2)
    over = replace(start(), phase=Phase.OVER, scores=((4, 5, 3), (4, 5, 3), (1, 1, 1)))
    end = GAME.step(over)
    assert end.winners == (1, 2) and any("share" in line for line in end.say)
    over = replace(over, scores=((5, 4, 3), (4, 5, 3), (1, 1, 1)))
    end = GAME.step(over)
    assert end.winners == (2,) and any("round two" in line for line in end.say)


# ----- reports -----------------------------------------------------------------------------------


def test_public_has_the_agreed_keys_and_is_json():
    state = answer_and_stand(start())
    public = GAME.public(state)
    for key in (
        "round",
        "active_seat",
        "theme",
        "face_up",
        "pile_left",
        "themes_without_answer",
        "scores",
        "phase",
    ):
        assert key in public
    assert public["scores"]["1"][0] == state.scores[0][0] and len(public["scores"]) == 3
    assert public["face_up"][0] == {"letter": state.face_up[0], "stars": stars(state.face_up[0])}
    json.dumps(public)
    json.dumps(GAME.public(GAME.new({}, Random(1))))


def test_score_groups_equal_players_and_says_nobody_has_a_star_once():
    assert GAME.score(start()) == ("Nobody has a star yet.",)
    state = answer_and_stand(start())
    lines = GAME.score(state)
    assert lines[0].startswith("Player one: ") and lines[1] == "Players two and three: zero stars."
    later = replace(state, round=2, scores=((3, 2, 0), (3, 2, 0), (1, 0, 0)))
    assert GAME.score(later) == (
        "Players one and two: five stars, two stars this round.",
        "Player three: one star, zero stars this round.",
    )
    assert GAME.score(GAME.new({}, Random(1)))


# ----- content ------------------------------------------------------------------------------------


def test_content_has_sixty_original_themes_with_typical_answers():
    assert len(GAME.themes) >= 60
    for theme in GAME.themes:
        assert 8 <= len(theme.answers) <= 15, theme.name
        assert all(re.fullmatch(r"[a-z]+", a) for a in theme.answers)


def test_load_reports_broken_toml_with_file_and_line(tmp_path):
    good = load_content("funocracy").text
    (tmp_path / "en").mkdir()
    broken = good.replace("stars = 3\n", "stars = = 3\n", 1)
    line = good[: good.index("stars = 3\n")].count("\n") + 1
    (tmp_path / "en" / "funocracy.toml").write_text(broken)
    with pytest.raises(ContentError, match=rf"funocracy\.toml.*line {line}"):
        funocracy.load(source=load_content("funocracy", root=tmp_path))


def test_load_reports_a_bad_entry_with_its_line(tmp_path):
    good = load_content("funocracy").text
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "funocracy.toml").write_text(good.replace("stars = 3\n", "stars = 4\n", 1))
    line = good[: good.index("stars = 3\n")].count("\n") - 1  # the [[letters]] header
    with pytest.raises(ContentError, match=rf"funocracy\.toml, line {line}: .*4 stars"):
        funocracy.load(source=load_content("funocracy", root=tmp_path))


def test_load_reports_a_missing_line(tmp_path):
    good = load_content("funocracy").text
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "funocracy.toml").write_text(re.sub(r"(?m)^vote_meh = .*\n", "", good))
    with pytest.raises(ContentError, match="vote_meh"):
        funocracy.load(source=load_content("funocracy", root=tmp_path))


# ----- random games -------------------------------------------------------------------------------


def random_answer(state: State, ask: Ask, pick: Random) -> Answer:
    if ask.id == "funocracy.answer":
        roll = pick.random()
        if roll < 0.5:
            return Answer(AnswerKind.FREE, ["xx", word(pick.choice(state.face_up))])
        if roll < 0.6:
            return Answer(AnswerKind.FREE, ["zzz" if "Z" not in state.face_up else "qqq"])
        if roll < 0.8:
            return Answer(AnswerKind.TIMEOUT)
        if roll < 0.9:
            return Answer(AnswerKind.CHOICE, "pass")
        return Answer(AnswerKind.SKIP)
    if ask.id == "funocracy.challenge" and pick.random() < 0.6:
        return Answer(AnswerKind.TIMEOUT)
    return Answer(AnswerKind.CHOICE, pick.choice(ask.choices).value)


_CHECKED: set[tuple] = set()


def check_ask(ask: Ask) -> None:
    """Every choice has phrases, all lower-case words, none shared between two choices."""
    assert ask.say and ask.expected
    if ask.choices in _CHECKED:
        return
    _CHECKED.add(ask.choices)
    seen: set[str] = set()
    for choice in ask.choices:
        assert choice.phrases, ask.id
        for phrase in choice.phrases:
            assert re.fullmatch(r"[a-z']+( [a-z']+)*", phrase), (ask.id, phrase)
            assert phrase not in seen, (ask.id, phrase)
            seen.add(phrase)


def check_invariants(state: State) -> None:
    json.dumps(GAME.public(state))
    if state.phase is Phase.OVER or state.round == 0:
        return
    letters = letters_in_round(state)
    assert sorted(letters) == sorted(GAME.deck)
    assert state.themes_without_answer < 3
    if state.mode is Mode.NORMAL:
        assert len(state.face_up) == 3
    for seat, (won, score) in enumerate(zip(state.won, state.scores), 1):
        assert sum(stars(l) for l in won) == score[state.round - 1]
    assert 1 <= state.active <= state.players
    assert state.theme not in state.set_aside


def play(seed: int, players: int | None, mode: str | None, limit: int = 5000):
    rng, pick = Random(seed), Random(seed + 1)
    options = {k: v for k, v in (("players", players), ("mode", mode)) if v is not None}
    state = GAME.new(options, rng)
    answers = []
    for _ in range(limit):
        step = GAME.step(state)
        if isinstance(step, End):
            return state, step, answers
        check_ask(step)
        answer = random_answer(state, step, pick)
        out = GAME.apply(state, step, answer, rng)
        if out.accepted:
            assert out.decision
            state = out.state
            answers.append(answer)
        else:
            assert out.state == state and out.say
        check_invariants(state)
    raise AssertionError("the game did not end")


def check_end(state: State, end: End) -> None:
    """Three rounds played; the winners are the best totals (ties broken by the later rounds)."""
    assert state.round == 3
    assert end.winners and set(end.winners) <= set(range(1, state.players + 1))
    assert end.winners == winners(state.scores)


@pytest.mark.parametrize(
    "seed,players,mode", [(1, None, None), (2, 2, "normal"), (3, 8, "alternative")]
)
def test_random_games_end_and_keep_invariants(seed, players, mode):
    state, end, _ = play(seed, players, mode)
    check_end(state, end)  # a thousand more in test_properties.py


def test_replaying_the_answers_gives_the_same_game():
    state, _, answers = play(7, 4, "normal")
    rng = Random(7)
    replay = GAME.new({"players": 4, "mode": "normal"}, rng)
    for answer in answers:
        replay = GAME.apply(replay, GAME.step(replay), answer, rng).state
    assert replay == state


# ----- the simulated table ---------------------------------------------------------------------


def check_line(ask: Ask, line) -> None:
    """A reply the recogniser can hear: one of the ask's phrases, a hint word, "skip", or
    silence."""
    answer = line.answer
    if answer.kind is AnswerKind.CHOICE:
        choice = next(c for c in ask.choices if c.value == answer.value)
        assert line.text in choice.phrases and answer.heard == line.text
    elif answer.kind is AnswerKind.FREE:
        assert ask.free and line.text in ask.hints and answer.value == [line.text]
    elif answer.kind is AnswerKind.SKIP:
        assert ask.skippable and line.text in funocracy.table.SKIP_PHRASES
    else:
        assert line.text == "" and line.silence == ask.timeout + 1.5


@pytest.mark.parametrize(
    "seed,options",
    [
        (7, {"players": 4, "mode": "normal"}),
        (31, {}),
        (2, {}),
        (5, {"players": 8, "mode": "alternative"}),
    ],
)
def test_simulated_table_says_only_what_can_be_heard_and_finishes(seed, options):
    from gm.demo import plan

    rng, players = Random(seed), Random(seed + 1)
    state = GAME.new(options, rng)
    kinds = []
    while not isinstance(step := GAME.step(state), End):
        line = GAME.demo_line(state, step, players)
        check_line(step, line)
        assert 1 <= line.seat <= (state.players or 1)
        kinds.append((step.id, line.answer.kind, line.text))
        state = GAME.apply(state, step, line.answer, rng).state
    assert state.round == 3
    timeouts = [k for k in kinds if k[0] == "funocracy.answer" and k[1] is AnswerKind.TIMEOUT]
    assert len(timeouts) == 1  # the first turn of round two
    assert sum(1 for k in kinds if k[0] == "funocracy.vote") <= 1
    script = plan(GAME, options, seed)
    assert [l.text for l in script.lines] == [
        k[2] for k in kinds
    ]  # nothing asks the table to confirm


def test_simulated_table_challenges_once_and_gives_the_sounded_letter():
    from gm.demo import plan

    texts = [l.text for l in plan(GAME, {"players": 4, "mode": "normal"}, 7).lines]
    assert texts.count("i challenge") == 1 and texts.count("majority meh") == 1
    state = replace(start(), face_up=("N", "B", "T"))
    state = replace(state, theme=next(i for i, t in enumerate(GAME.themes) if "knife" in t.answers))
    line = GAME.demo_line(state, GAME.step(state), Random(1))
    assert line.text[:2] in funocracy.words.SILENT_FIRST
    asked = free(state, line.text).state
    assert GAME.step(asked).id == "funocracy.letter"
    reply = GAME.demo_line(asked, GAME.step(asked), Random(1))
    assert reply.answer.value == funocracy.words.SILENT_FIRST[line.text[:2]]
    assert reply.text == funocracy.table.LETTER_REPLIES[reply.answer.value]
