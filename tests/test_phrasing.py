"""Whisper's prose read as the ask's phrases (gm/speech/asr/phrasing.py), without audio: numbers
written out, loops cut to one pass, phrases found inside talk, scores as the matcher gives them.
Each expected value is written here from what the function promises, not computed by it."""

from __future__ import annotations

import pytest

from gm.speech.asr.phrasing import (
    Heard,
    PhraseIndex,
    first_round,
    leaves_out,
    list_forms,
    list_joints,
    normalise,
    passes,
    spell_number,
    spelled_as_hint,
)


@pytest.mark.parametrize(
    "n, words",
    [
        (7, "seven"),
        (20, "twenty"),
        (21, "twenty one"),
        (100, "one hundred"),
        (105, "one hundred five"),
        (342, "three hundred forty two"),
    ],
)
def test_numbers_are_spelled_as_people_say_them(n, words):
    assert spell_number(n) == words


@pytest.mark.parametrize(
    "text, normal",
    [
        ("24 votes", "twenty four votes"),
        ("20", "twenty"),
        ("105", "one hundred five"),
        ("salt & pepper", "salt and pepper"),
        ("999", "nine hundred ninety nine"),
        ("1000", "one zero zero zero"),  # from a thousand on, digit by digit
        ("1234", "one two three four"),
        ("Don\u2019t stop", "don't stop"),  # the typographic apostrophe
        ("the players' votes", "the players votes"),
        ("'four'", "four"),
        ("Player 2's cactus", "player two's cactus"),  # as "player two's cactus" is
        ("the 3's", "the three's"),
    ],
)
def test_whispers_numerals_signs_and_apostrophes_are_written_as_words(text, normal):
    assert normalise(text) == normal


@pytest.mark.parametrize(
    "said, meant",
    [
        # a loop of two words after a lead-in, exactly twice: the lead-in, then each way round
        ("okay so skip it skip it", [["okay", "so"], ["skip", "it"], ["it", "skip"]]),
        # the second pass cut in its last word, a pass of two or of four words
        ("next question next quest", [["next", "question"]]),
        ("what is the score what is th", [["what", "is", "the", "score"]]),
        # not loops: a last word that does not start the word it would repeat, a last word
        # that does but follows no second pass, one word and a cut copy of it
        ("okay so skip it skip xx", [["okay", "so", "skip", "it", "skip", "xx"]]),
        ("okay so what is s", [["okay", "so", "what", "is", "s"]]),
        ("four fo", [["four", "fo"]]),
        # a person's first word said twice, then other words: what they said, whole
        ("no no it was three", [["no", "no", "it", "was", "three"]]),
        ("yeah yeah next", [["yeah", "yeah", "next"]]),
        # ... and the decoder's loop of such a sentence: its first pass
        (
            "sorry sorry i pointed sorry sorry i pointed sorry",
            [["sorry", "sorry", "i", "pointed"]],
        ),
    ],
)
def test_a_loop_is_cut_to_one_pass_and_words_that_do_not_loop_are_kept(said, meant):
    assert passes(said.split()) == meant


def test_a_numeric_ask_is_one_with_a_number_in_its_phrases():
    assert PhraseIndex(["number two", "skip"]).numeric is True
    assert PhraseIndex(["pass it to me", "go for it"]).numeric is False  # sound-alikes only


def test_a_phrase_inside_talk_reads_sound_alikes_as_numbers_where_the_ask_wants_numbers():
    found = PhraseIndex(["number four", "number two"]).inside("okay number for please".split())
    assert (found.phrase, found.first, found.last) == ("number four", 1, 3)


def test_a_phrase_inside_talk_is_looked_for_past_a_place_whose_number_is_wrong():
    found = PhraseIndex(["number two"]).inside("number three then number two".split())
    assert (found.phrase, found.first, found.last) == ("number two", 3, 5)


def test_a_phrase_inside_talk_must_be_there_whole():
    # "repeat that please" is 90 close to the phrase, but its last word was never said
    assert PhraseIndex(["repeat that please now"]).inside(
        "could you repeat that please".split()
    ) is (None)


def test_a_phrase_inside_talk_is_read_with_and_without_contractions():
    said = "so what's the score now".split()
    assert PhraseIndex(["what's the score"]).inside(said).score == 100.0  # as said
    # written out, "so what is the score" is 91.9 close (as is "what is the score now", further
    # on); as said, "so what's the score" is only 83.3 (the window is as many words as the
    # phrase, so the written-out words reach one word too far)
    found = PhraseIndex(["what is the score"]).inside(said)
    assert (found.score, found.first, found.last) == (91.9, 0, 4)


def test_a_phrase_inside_talk_at_exactly_the_cutoff_is_found_and_scored_to_a_tenth():
    # "skip thema" is one letter off in ten: 90.0; "repeat thas" 90.909...
    at = PhraseIndex(["skip theme"]).inside("okay skip thema".split())
    assert (at.phrase, at.score) == ("skip theme", 90.0)
    assert PhraseIndex(["repeat that"]).inside("well repeat thas".split()).score == 90.9


def test_a_phrase_said_twice_inside_talk_is_found_where_it_first_stands():
    found = PhraseIndex(["repeat that"]).inside("repeat that and repeat that".split())
    assert (found.first, found.last) == (0, 2)


def test_a_match_is_scored_to_a_tenth_and_an_exact_one_is_a_hundred():
    index = PhraseIndex(["repeat that"])
    assert index.match("repeat thas") == [Heard("repeat that", 90.9)]
    assert index.match("repeat that") == [Heard("repeat that", 100.0)]


def test_a_match_takes_the_better_of_the_words_as_said_and_with_contractions_written_out():
    assert PhraseIndex(["what's the score"]).match("what's the score") == [
        Heard("what's the score", 100.0)
    ]
    assert PhraseIndex(["what is the score"]).match("what's the score") == [
        Heard("what is the score", 100.0)
    ]


def test_a_spelling_exactly_at_the_cutoff_is_not_scored_by_sound():
    # "pauze" is 80 by spelling and sounds as "pause" does: the spelling stands
    assert PhraseIndex(["pause"]).match("pauze") == [Heard("pause", 80.0)]


def test_at_most_three_phrases_come_back_unless_asked_for_more():
    index = PhraseIndex(["hellp", "hellq", "hellr", "hells"])
    assert [h.phrase for h in index.match("hello")] == ["hellp", "hellq", "hellr"]
    assert len(index.match("hello", limit=4)) == 4


@pytest.mark.parametrize(
    "said,kept",
    [
        ("a zebra a bee and a tiger a bee a tiger", "a zebra a bee and a tiger"),
        (
            "a cart a train and a wheelbarrow a train and a wheel barrel",
            "a cart a train and a wheelbarrow",
        ),
        ("i drew a fruit i drew a fruits", "i drew a fruit"),
        ("a zebra and a bee", "a zebra and a bee"),
        ("a tiger and a tigress", "a tiger and a tigress"),
        ("glass and grass", "glass and grass"),
        # the decoder started the whole list over, to its end
        ("i m done i m done i m done i m done i", "i m done"),
        ("then i did a kite then i did a kite then i", "then i did a kite"),
        ("a bee and a kite a bee and a kite a bee", "a bee and a kite"),
        # a name said again inside another name is no second round
        ("a glass like a wine glass and a tiger", "a glass like a wine glass and a tiger"),
    ],
)
def test_a_list_is_cut_where_a_name_comes_round_again(said, kept):
    hints = (
        "a zebra",
        "zebra",
        "a bee",
        "bee",
        "a tiger",
        "tiger",
        "a train",
        "train",
        "a cart",
        "fruit",
        "i drew a fruit",
        "glass",
        "grass",
        "a tigress",
    )
    assert " ".join(first_round(said.split(), list_forms(hints))) == kept


@pytest.mark.parametrize(
    "written, meant",
    [
        ("golf club, end the golf ball", "golf club, and the golf ball"),
        ("so, a sun, an earth end, er, mars", "so, a sun, an earth and, er, mars"),
        ("a pen, end, a thorn", "a pen, and, a thorn"),
        # an "end" inside a name stays
        ("a dead end, a cat", "a dead end, a cat"),
        ("the end", "the end"),
        ("a bookend, a weekend", "a bookend, a weekend"),
        ("a vampire end of that", "a vampire end of that"),
    ],
)
def test_a_lists_and_written_end_is_read_as_and(written, meant):
    assert list_joints(written) == meant


@pytest.mark.parametrize(
    "text, phrase, more",
    [
        # words the phrase has not: the sentence means something else
        ("so everyone but joe voted for four", "everyone voted for four", True),
        ("we didn't get enough only for number six", "for number six", True),
        ("three votes for two and two for six", "three votes for two", True),
        # misspelt, a number's sound-alike, run together or split apart: the phrase still
        ("every one voted for for", "everyone voted for four", False),
        ("for votes for number to", "four votes for number two", False),
        ("unanimus for five", "unanimous for five", False),
        ("three mass two good", "three meh two good", False),  # "mass" sounds near "meh"
        ("what is the score", "what's the score", False),
        ("what's the score", "what is the score", False),
        # fillers around an answer mean nothing the phrase lost
        ("um it was for votes for two", "four votes for two", False),
        ("so i think three votes for number two", "three votes for number two", False),
    ],
)
def test_a_reading_that_leaves_out_words_the_transcript_has_is_told(text, phrase, more):
    assert leaves_out(text, phrase) is more


def test_the_phrases_beginning_with_a_word_are_found_by_their_first_word_only():
    index = PhraseIndex(["new theme", "next question", "Two good", "two meh", "a new one"])
    assert index.beginning_with("new") == ["new theme"]
    assert index.beginning_with("two") == ["Two good", "two meh"]
    assert index.beginning_with("one") == []


CITIES = ("london", "tokyo", "yokohama", "kyoto", "nepal")


def test_a_word_no_dictionary_holds_spelt_near_one_hint_is_that_hint():
    assert spelled_as_hint("yokohamat", CITIES) == "yokohama"  # tiny.en on Piper's "Yokohama"
    assert spelled_as_hint("Yokoham.", CITIES) == "yokohama"
    assert spelled_as_hint("sing", ("sink",)) is None  # a word of its own may be what was said
    assert spelled_as_hint("takini", ("zucchini",)) is None  # another first letter: another word
    assert spelled_as_hint("nepol", CITIES) is None  # not close enough to be sure
    assert spelled_as_hint("bellt", ("belt", "bell")) is None  # two hints that close: neither
