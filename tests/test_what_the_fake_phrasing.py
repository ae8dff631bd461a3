"""How a table says things to What the Fake?!: each form typed through the real dialogue engine.

A phrasing corpus per ask (the theme, the naming, the check of a doubtful name, the groups):
every form goes in as a typed line, the engine's matcher and the game's name parsing read it,
and the test reads the decisions, the drawings and groups kept, and what gm said. The last
part reads sentences with the game's meaning alone (gm.games.what_the_fake.meaning) and its real
lines, each with the exact reading it must give.
"""

from __future__ import annotations

import io
import random

import pytest

from gm import content
from gm.dialog.engine import Engine
from gm.dialog.hearing import TextHearing
from gm.dialog.transcript import Transcript
from gm.games import what_the_fake as wtf
from gm.games.what_the_fake.groups import Entry, Group
from gm.games.what_the_fake.meaning import CheckMeaning, ForgersMeaning, GroupsMeaning, NamesMeaning
from gm.state import Record
from gm.steps import Kind, Reading
from gm.vocab import number_word

GAME = wtf.load()
OPTIONS = {"players": 3, "mode": "open", "scoring": "full"}
SEED = 4
CARD = GAME.cards[GAME.new(OPTIONS, random.Random(SEED)).card]
DRAW = ["start drawing", "what the fake", "what the fake"]  # two of three done: the drawing stops


def play(common, speaker, lines: list[str], options: dict = OPTIONS):
    texts, commands = common
    transcript = Transcript()
    engine = Engine(
        GAME,
        TextHearing(io.StringIO("\n".join(lines) + "\n")),
        speaker,
        texts,
        commands,
        transcript,
        Record(GAME.id, dict(options), seed=SEED),
    )
    engine.run()
    return engine, transcript


def decisions(transcript: Transcript) -> list[str]:
    return [
        e["decision"]
        for e in transcript.of_type("decision")
        if e.get("accepted") and e.get("step") != "confirm"
    ]


def said(transcript: Transcript) -> list[str]:
    lines = [e["text"] for e in transcript.of_type("say")]
    return lines[:-1] if lines and lines[-1].startswith("The input ended") else lines


def naming(*players: tuple[str, ...]) -> list[str]:
    """Each player names their drawings one at a time, with "yes" to gm's check of a name that
    is neither the theme's nor said before this round, and "that's all" after fewer than three."""
    known = {wtf.normalise_name(h) for h in CARD.hints}
    lines: list[str] = []
    for names in players:
        for name in names:
            lines.append(f"a {name}")
            if not set(wtf.normalise_name(name).split()) <= {w for k in known for w in k.split()}:
                lines.append("yes")
            known.add(wtf.normalise_name(name))
        if len(names) < 3:
            lines.append("that's all")
    return lines


def test_what_the_fake_shouted_before_start_drawing_starts_it(common, speaker):
    engine, transcript = play(common, speaker, ["what the fake", "what the fake"])
    assert decisions(transcript)[:2] == [
        f"started drawing on {CARD.theme}, what the fake, one done",
        "what the fake, two done",
    ]
    assert engine.state.phase is wtf.Phase.NAMING
    assert "One done." in said(transcript) and "Sorry" not in " ".join(said(transcript))


@pytest.mark.parametrize(
    "line,drawings",
    [
        ("bow and arrow, a cat", ("bow and arrow", "cat")),
        ("a bow and arrow, a cat, a dog", ("bow and arrow", "cat", "dog")),
        ("a cactus, a sombrero and a llama", ("cactus", "sombrero", "llama")),
        ("a bow and an arrow", ("bow", "arrow")),
    ],
)
def test_names_with_and_are_split_as_meant(common, speaker, line, drawings):
    engine, _ = play(common, speaker, DRAW + [line, "yes"])
    assert tuple(engine.state.naming or engine.state.drawings[0]) == drawings


def test_the_last_drawing_may_have_and_in_its_name(common, speaker):
    engine, _ = play(
        common, speaker, DRAW + ["a flying pig", "yes", "a goat", "yes", "fish and chips", "yes"]
    )
    assert engine.state.drawings[0] == ("flying pig", "goat", "fish and chips")


def test_yes_and_a_dog_writes_both_down(common, speaker):
    engine, transcript = play(common, speaker, DRAW + ["a flying pig", "yes, and a dog"])
    drawn = engine.state.naming + engine.state.pending
    assert drawn[:1] == ("flying pig",) and "dog" in drawn and "yes" not in " ".join(drawn)


def test_yes_thats_all_ends_the_list(common, speaker):
    engine, transcript = play(common, speaker, DRAW + ["a flying pig", "yes, that's all"])
    assert engine.state.drawings == (("flying pig",),) and not engine.state.naming
    assert said(transcript)[-1] == "Player two?"


def test_a_name_and_thats_all_in_one_breath_writes_it_and_ends_the_list(common, speaker):
    hint = wtf.normalise_name(CARD.hints[0])
    engine, transcript = play(common, speaker, DRAW + [f"uh, a {hint}, and that's all"])
    assert engine.state.drawings == ((hint,),) and not engine.state.naming
    assert said(transcript)[-1] == "Player two?"


def test_a_doubtful_name_said_with_thats_all_ends_the_list_once_checked(common, speaker):
    engine, transcript = play(common, speaker, DRAW + ["a kite and a pogo stick, that's it", "yes"])
    assert engine.state.drawings == (("kite", "pogo stick"),) and not engine.state.pending
    assert said(transcript)[-1] == "Player two?"


def test_thats_all_during_a_check_is_not_a_drawing(common, speaker):
    engine, transcript = play(common, speaker, DRAW + ["a flying pig", "that's all"])
    assert engine.state.pending == ("flying pig",) and engine.state.naming == ()
    assert said(transcript)[-2:] == ["First, yes or no.", "I heard flying pig. Is that right?"]


def test_the_next_player_naming_during_a_check_gets_nothing_written_for_the_last(common, speaker):
    engine, transcript = play(common, speaker, DRAW + ["a flying pig", "a submarine and a volcano"])
    assert (
        engine.state.pending == ("flying pig",)
        and engine.state.naming == ()
        and engine.state.drawings == ()
    )
    assert said(transcript)[-2:] == ["First, yes or no.", "I heard flying pig. Is that right?"]


def test_the_drawing_said_again_as_the_help_says_replaces_the_doubtful_one(common, speaker):
    """The check's help: "say the drawing again, like: I drew a cactus"."""
    _, transcript = play(common, speaker, DRAW + ["a flying pig", "I drew a submarine"])
    assert said(transcript)[-1] == "I heard submarine. Is that right?"
    engine, _ = play(common, speaker, DRAW + ["a flying pig", "I drew a submarine", "yes"])
    assert engine.state.naming == ("submarine",)


@pytest.mark.parametrize("line", ["I drew that", "I meant that", "I drew two"])
def test_i_drew_with_no_name_after_it_is_no_new_drawing(common, speaker, line):
    engine, transcript = play(common, speaker, DRAW + ["a flying pig", line, "yes"])
    assert engine.state.naming == ("flying pig",)


def test_yes_i_drew_nothing_else_keeps_the_drawing_and_ends_the_list(common, speaker):
    engine, transcript = play(common, speaker, DRAW + ["a flying pig", "yes, I drew nothing else"])
    assert engine.state.drawings == (("flying pig",),)
    assert said(transcript)[-1] == "Player two?"


@pytest.mark.parametrize("line", ["no drawings", "I didn't draw anything"])
def test_nothing_drawn_said_at_the_check_gives_the_player_no_drawings(common, speaker, line):
    engine, transcript = play(common, speaker, DRAW + ["a flying pig", line, "yes"])
    assert engine.state.drawings == ((),) and engine.state.pending == ()
    assert said(transcript)[-2:] == ["Player one: no drawings.", "Player two?"]


def test_no_with_the_right_name_in_one_breath(common, speaker):
    engine, _ = play(common, speaker, DRAW + ["a frying pig", "no, it was a frying pan", "yes"])
    assert engine.state.naming == ("frying pan",)


def test_the_same_name_said_again_replaces_the_doubtful_one(common, speaker):
    engine, _ = play(common, speaker, DRAW + ["a frying pig", "a frying pan", "yes"])
    assert engine.state.naming == ("frying pan",)


def groups_of(engine) -> dict[str, tuple[int, ...]]:
    return {
        " or ".join(sorted({wtf.normalise_name(e.name) for e in g.entries})): g.seats
        for g in engine.state.groups
    }


NAMES = naming(("plane", "car", "cat"), ("planet", "cart", "kitty"), ("plane", "cow", "crow"))


def test_close_spellings_are_different_drawings_and_kitty_may_be_cat(common, speaker):
    engine, transcript = play(common, speaker, DRAW + NAMES)
    assert engine.state.phase is wtf.Phase.GROUPS
    groups = groups_of(engine)
    assert groups["plane"] == (1, 3) and groups["planet"] == (2,)
    assert (
        groups["car"] == (1,)
        and groups["cart"] == (2,)
        and groups["cow"] == (3,)
        and groups["crow"] == (3,)
    )
    assert groups["cat or kitty"] == (1, 2)
    lines = said(transcript)
    mixed = next(line for line in lines if "cat or kitty" in line)
    assert lines[lines.index(mixed) + 1] == "Same drawing?"


def test_drawings_are_said_back_as_the_table_named_them(common, speaker):
    """Names are compared in a normal form (no article, singular words: "sho" for shoes) and
    said back as named: never "sho", "glass" for glasses or "scissor"."""
    plural = naming(("shoes", "glasses", "scissors"), ("shoes", "dresses", "buses"), ("canoes",))
    engine, transcript = play(common, speaker, DRAW + plural + ["shoes is not dresses"])
    lines = said(transcript)
    assert "Group one, shoes: players one and two." in lines
    assert "Player one alone: group two, glasses; group three, scissors." in lines
    assert "Player three alone: group six, canoes." in lines
    assert not any(w in line.split() for line in lines for w in ("sho", "scissor", "glass"))


@pytest.mark.parametrize(
    "form,line",
    [
        ("kitty is the same as cat", "Kitty and cat are already one drawing, in group {}."),
        ("cat and kitty are the same", "Cat and kitty are already one drawing, in group {}."),
    ],
)
def test_two_names_already_in_one_group_said_the_same_are_said_to_be_so(
    common, speaker, form, line
):
    engine, transcript = play(common, speaker, DRAW + NAMES + [form])
    assert groups_of(engine)["cat or kitty"] == (1, 2)  # nothing changed
    number = next(g.number for g in engine.state.groups if g.seats == (1, 2))
    assert line.format(number_word(number)) in said(transcript)


@pytest.mark.parametrize("form", ["planet is the same as plane", "plane and planet are the same"])
def test_merge_by_drawing_name(common, speaker, form):
    engine, transcript = play(common, speaker, DRAW + NAMES + [form])
    assert groups_of(engine)["plane or planet"] == (1, 2, 3)
    assert decisions(transcript)[-1].startswith("merged groups")


@pytest.mark.parametrize(
    "form",
    [
        "kitty is not cat",
        "kitty is different from cat",
        "cat and kitty are different",
        "kitty isn't the same as cat",
        "kitty is not the same as cat",
        "kitty and cat are not the same",
    ],
)
def test_split_by_drawing_name(common, speaker, form):
    engine, transcript = play(common, speaker, DRAW + NAMES + [form])
    groups = groups_of(engine)
    assert groups["cat"] == (1,) and groups["kitty"] == (2,)


def number_of(engine, name: str) -> str:
    return number_word(
        next(g.number for g in engine.state.groups if wtf.normalise_name(g.name) == name)
    )


def test_valid_and_invalid_never_flip_and_say_the_state(common, speaker):
    engine, _ = play(common, speaker, DRAW + NAMES)
    n = number_of(engine, "planet")
    engine, transcript = play(
        common,
        speaker,
        DRAW
        + NAMES
        + [f"valid group {n}", f"invalid group {n}", f"invalid group {n}", f"valid group {n}"],
    )
    lines = said(transcript)
    assert f"Group {n}, planet, is already valid." in lines
    assert f"Group {n}, planet, is invalid: it scores nothing." in lines
    assert f"Group {n}, planet, is already invalid." in lines
    assert f"Group {n}, planet, is valid again: it scores." in lines
    assert decisions(transcript)[-2:] == [f"group {n} invalid", f"group {n} valid"]
    assert not any(g.invalid for g in engine.state.groups)


def test_a_near_match_between_valid_and_invalid_is_not_acted_on(common, speaker):
    engine, _ = play(common, speaker, DRAW + NAMES)
    n = number_of(engine, "planet")
    engine, transcript = play(
        common, speaker, DRAW + NAMES + [f"invalid group {n}", f"in valid group {n}", "yes"]
    )
    assert _group_invalid(engine, "planet")  # still invalid: "in valid" was not taken for "valid"
    assert f"Is group {n} valid or invalid? Say valid group {n}, or invalid group {n}." in said(
        transcript
    )


def _group_invalid(engine, name: str) -> bool:
    return next(g for g in engine.state.groups if wtf.normalise_name(g.name) == name).void


def test_yes_after_anything_else_asks_which_change(common, speaker):
    engine, transcript = play(
        common, speaker, DRAW + NAMES + ["plane and planet are the same", "yes"]
    )
    assert engine.state.phase is wtf.Phase.GROUPS and engine.state.round == 1
    assert said(transcript)[-1].startswith("Which change?")


@pytest.mark.parametrize("reply,counted", [("right", True), ("a change", False)])
def test_the_groups_question_is_answered_in_its_own_words(common, speaker, reply, counted):
    """ "Right, or a change?" "right" (and "a change") got "Sorry, I didn't catch that"."""
    engine, transcript = play(common, speaker, DRAW + NAMES + [reply])
    assert not any(line.startswith("Sorry") for line in said(transcript))
    assert (decisions(transcript)[-1] == "groups confirmed") is counted
    assert counted or said(transcript)[-1].startswith("Which change?")


def test_no_after_anything_else_counts_the_points(common, speaker):
    engine, transcript = play(
        common, speaker, DRAW + NAMES + ["plane and planet are the same", "no"]
    )
    assert engine.state.round == 2 and decisions(transcript)[-1] == "groups confirmed"


@pytest.mark.parametrize(
    "form,counted", [("yes", True), ("yeah", True), ("no", False), ("count the points", True)]
)
def test_yes_and_no_after_is_that_right(common, speaker, form, counted):
    engine, transcript = play(common, speaker, DRAW + NAMES + [form])
    assert (engine.state.round == 2) is counted


def test_a_yes_while_naming_is_not_a_drawing(common, speaker):
    engine, transcript = play(common, speaker, DRAW + ["a cake", "yes"])
    assert engine.state.naming == ("cake",) and not engine.state.pending
    assert said(transcript)[-2] == "I did not catch a drawing."


def test_one_done_is_said_once_when_the_shout_starts_the_drawing(common, speaker):
    _, transcript = play(common, speaker, ["what the fake"])
    assert said(transcript).count("One done.") == 1


def test_a_repeat_while_drawing_says_the_theme_being_drawn(common, speaker):
    _, transcript = play(common, speaker, ["what the fake", "repeat"])
    lines = said(transcript)
    assert lines[-2:] == [f"You are drawing on the theme: {CARD.theme}.", "One done."]


def test_quick_scoring_and_the_drawing_take_a_players_own_words(common, speaker):
    quick = {"players": 4, "mode": "open", "scoring": "quick"}
    typed = ["start drawing", "I'm done", "two of us are done", "stop drawing"]
    typed += ["I got one", "only two", "three for me", "I scored nothing"]
    engine, transcript = play(common, speaker, typed, quick)
    assert [d for d in decisions(transcript) if "done" in d] == [
        "what the fake, one done",
        "two done",
    ]
    assert engine.state.round == 2 and list(engine.state.totals) == [1, 2, 3, 0]


def test_undo_after_yes_to_anything_else_takes_back_that_answer_only(common, speaker):
    engine, transcript = play(
        common, speaker, DRAW + NAMES + ["plane and planet are the same", "yes", "undo"]
    )
    undone = [e["decision"] for e in transcript.of_type("decision") if e.get("kind") == "undo"]
    assert undone == ["a change to make"]
    assert engine.state.corrections == 1 and not engine.state.changing
    assert groups_of(engine)["plane or planet"] == (1, 2, 3)


def test_a_resumed_game_says_whose_drawings_are_being_named(common, speaker):
    first, _ = play(common, speaker, DRAW + [f"a {CARD.hints[0]}"])
    assert first.state.naming == (wtf.normalise_name(CARD.hints[0]),)
    texts, commands = common
    transcript = Transcript()
    Engine(
        GAME,
        TextHearing(io.StringIO("repeat\n")),
        speaker,
        texts,
        commands,
        transcript,
        first.record,
    ).run(resumed=True)
    again = (
        f"Player one, you named {wtf.normalise_name(CARD.hints[0])}. Your next drawing? "
        "Or say that's all."
    )
    assert said(transcript).count(again) == 2  # on resuming, and on "repeat"


# -- the parser alone: each sentence read by the game's meaning, with the game's own lines ------

BEACH = ("sandcastle", "seagull", "bucket", "crab", "ice cream", "fish and chips")


def names_read(line: str, room: int = 3, held=None) -> Reading:
    return NamesMeaning(GAME.lines, BEACH, room).read(line, held)


@pytest.mark.parametrize(
    "line,names",
    [
        ("um, a sandcastle I think", ["sandcastle"]),
        ("okay so I drew a crab or something", ["crab"]),
        ("I drew an ice cream I think maybe", ["ice cream"]),
        ("basically, a sandcastle, a crab and a seagull", ["sandcastle", "crab", "seagull"]),
        ("a lighthouse and, uh, a seagull", ["lighthouse", "seagull"]),
        ("sandcastle and seagull", ["sandcastle", "seagull"]),
        ("crab bucket seagull", ["crab", "bucket", "seagull"]),
    ],
)
def test_a_naming_drops_lead_ins_and_tails_and_splits_where_a_table_pauses(line, names):
    assert names_read(line) == Reading(
        Kind.ANSWER, {"names": names}, content.spoken_list(names), True
    )


@pytest.mark.parametrize(
    "line,names",
    [
        ("a crab, a bucket, maybe", ["crab", "bucket"]),
        ("a seagull, kind of", ["seagull"]),
        ("uh, an ice cream, a crab, perhaps", ["ice cream", "crab"]),
        ("maybe a crab, and a bucket", ["crab", "bucket"]),
        ("a sandcastle, a crab, or something", ["sandcastle", "crab"]),
        ("so first of all, a crab, then a bucket", ["crab", "bucket"]),
        ("first of all a seagull", ["seagull"]),
        ("a crab, the, uh, the bucket", ["crab", "bucket"]),
        ("a sandcastle and a, um, a seagull", ["sandcastle", "seagull"]),
        ("a crab, no wait, a bucket", ["bucket"]),
        ("a crab, a bucket, sorry, a seagull", ["crab", "seagull"]),
    ],
)
def test_hedges_lead_ins_and_lone_articles_between_commas_are_no_drawings(line, names):
    assert names_read(line) == Reading(
        Kind.ANSWER, {"names": names}, content.spoken_list(names), True
    )


@pytest.mark.parametrize("line", ["a, um", "maybe, sort of", "first of all, um"])
def test_a_naming_of_only_lead_ins_hedges_and_articles_names_nothing(line):
    assert names_read(line) == Reading()


@pytest.mark.parametrize(
    "line,names",
    [
        ("a sandcastle, a bucket, that's it", ["sandcastle", "bucket"]),
        ("a lighthouse, that's all", ["lighthouse"]),
        ("I drew a seagull, and that's it", ["seagull"]),
        ("a bucket, a crab and that's everything", ["bucket", "crab"]),
        ("fish and chips and nothing else", ["fish and chips"]),
        ("a ship in a bottle, no more", ["ship in a bottle"]),
    ],
)
def test_names_said_before_the_end_of_the_list_are_kept_and_end_it(line, names):
    assert names_read(line) == Reading(
        Kind.ANSWER, {"names": names, "done": True}, content.spoken_list(names), True
    )


@pytest.mark.parametrize(
    "line,names",
    [  # a transcript without commas (PocketSphinx's, or Whisper's now and then)
        ("a crab a bucket and a seagull", ["crab", "bucket", "seagull"]),
        ("a lighthouse a kite", ["lighthouse", "kite"]),
        ("a ship in a bottle a crab", ["ship in a bottle", "crab"]),
        ("a dog with a hat", ["dog with a hat"]),
        ("crab bucket and seagull", ["crab", "bucket", "seagull"]),
        ("fish and chips and a crab", ["fish and chips", "crab"]),
    ],
)
def test_a_list_said_without_pauses_is_cut_where_a_name_begins(line, names):
    assert names_read(line).value == {"names": names}


@pytest.mark.parametrize(
    "line,names",
    [  # how Whisper writes a quick "a" or "and" between names the theme is known for
        ("i sandcastle, a crab and a bucket", ["sandcastle", "crab", "bucket"]),
        ("as seagull, a crab", ["seagull", "crab"]),
        ("a crab, a bucket in a seagull", ["crab", "bucket", "seagull"]),
        ("a crab, a bucket end a seagull", ["crab", "bucket", "seagull"]),
        ("a crab, a bucket, end an ice cream", ["crab", "bucket", "ice cream"]),
        ("a crab in a lighthouse", ["crab in a lighthouse"]),  # an unknown name: as said
        ("i think a crab", ["crab"]),
    ],
)
def test_an_article_or_and_written_as_another_word_between_known_names(line, names):
    assert names_read(line).value == {"names": names}


def test_names_said_after_the_end_of_the_list_are_read_back_first():
    reading = names_read("that's all, a crab and a bucket")
    assert reading.value == {"names": ["crab", "bucket"]} and not reading.sure
    assert names_read("a crab and a bucket, that's all").sure


def test_a_run_with_an_unknown_name_before_and_is_still_asked():
    assert names_read("big shoes and gloves").kind is Kind.PARTIAL


def test_two_known_names_run_together_are_split_when_there_is_room_for_both():
    assert names_read("seagull ice cream", room=2).value == {"names": ["seagull", "ice cream"]}
    assert names_read("seagull ice cream", room=1).value == {"names": ["seagull ice cream"]}


def test_the_end_of_a_list_is_said_back_as_no_more_drawings():
    assert names_read("that's it, I'm done") == Reading(
        Kind.ANSWER, "nothing", "no more drawings", True
    )


@pytest.mark.parametrize("line", ["can that one be a horse", "was the fox, sorry the wolf, yours"])
def test_a_question_to_the_table_while_naming_is_talk(line):
    assert names_read(line).kind is Kind.TALK


@pytest.mark.parametrize(
    "answer,names",
    [
        ("they're apart", ["salt", "pepper"]),
        ("two separate ones", ["salt", "pepper"]),
        ("just the one", ["salt and pepper"]),
    ],
)
def test_an_unclear_and_is_asked_with_both_readings_and_the_answer_picks_one(answer, names):
    asked = names_read("salt and pepper")
    assert asked.kind is Kind.PARTIAL
    assert asked.question == "One drawing, salt and pepper, or two?"
    assert names_read(answer, held=asked.held).value == {"names": names}


def test_a_bare_word_and_the_is_asked_one_or_two_and_an_article_before_it_splits():
    # "beauty and the beast" is a title as often as two drawings; "a cat and the moon" is two
    asked = names_read("beauty and the beast")
    assert asked.question == "One drawing, beauty and the beast, or two?"
    assert names_read("just the one", held=asked.held).value == {"names": ["beauty and the beast"]}
    assert names_read("a cat and the moon").value == {"names": ["cat", "moon"]}
    assert names_read("a kite, a ship and the sea").value == {"names": ["kite", "ship", "sea"]}
    # after a pause it is asked too, never decided whole; a name the theme knows is one of two
    assert names_read("sun and the moon, a kite").kind is Kind.PARTIAL
    assert names_read("seagull and the sun").value == {"names": ["seagull", "sun"]}
    assert names_read("beauty and the beast", room=1).value == {"names": ["beauty and the beast"]}


YES = Reading(Kind.ANSWER, True, "yes", True)
NO = Reading(Kind.ANSWER, False, "no", True)
KITCHEN = ("kettle", "moon", "spoon")


@pytest.mark.parametrize(
    "pending,line,reading",
    [
        (("flying pig",), "yes that's it", YES),
        (("flying pig",), "eh, close enough", YES),
        (("flying pig",), "yeah, the flying pig with the wings", YES),
        (("kettle", "moon"), "yeah, both of them", YES),
        (("kettle", "moon"), "yes, all of it", YES),
        (KITCHEN, "yeah yep, all three", YES),
        (("flying pig",), "nope, not at all", NO),
        (("snowman",), "nah, not a snowman", NO),
        (
            KITCHEN,
            "the last one was a frog",
            Reading(Kind.ANSWER, {"names": ["kettle", "moon", "frog"]}, "kettle, moon and frog"),
        ),
        (
            ("bread",),
            "no, it's bread and butter",
            Reading(Kind.ANSWER, {"names": ["bread and butter"]}, "bread and butter"),
        ),
        (
            ("fish and chips",),
            "no no, I said fish fingers",
            Reading(Kind.ANSWER, {"names": ["fish fingers"]}, "fish fingers"),
        ),
        # a name taken off: never said, or another player's
        (
            ("toast", "croissant"),
            "it's just the croissant, I never said toast",
            Reading(Kind.ANSWER, {"names": ["croissant"]}, "croissant"),
        ),
        (
            ("horse", "house"),
            "only the house, the horse is Ben's",
            Reading(Kind.ANSWER, {"names": ["house"]}, "house"),
        ),
        (("horse", "house"), "the horse is mine", Reading(Kind.TALK)),  # no name "mine"
        (
            ("lamp", "kettle"),
            "I didn't say lamp, I said lamb",  # the name denied, then the one meant
            Reading(Kind.ANSWER, {"names": ["lamb", "kettle"]}, "lamb and kettle"),
        ),
        (
            ("lamp", "kettle"),
            "the kettle is kind of a jug",  # "kind of a" still names a thing
            Reading(Kind.ANSWER, {"names": ["lamp", "jug"]}, "lamp and jug"),
        ),
        (
            ("lamp", "kettle"),
            "yes and I had a mug",  # more, said without a comma
            Reading(Kind.ANSWER, {"names": ["lamp", "kettle", "mug"]}, "lamp, kettle and mug"),
        ),
        (
            ("lamp", "kettle"),
            "yes but you missed the mug",
            Reading(Kind.ANSWER, {"names": ["lamp", "kettle", "mug"]}, "lamp, kettle and mug"),
        ),
        (
            ("lamp", "kettle"),
            "yeah all good except number two",  # which one is wrong, by its place
            Reading(Kind.PARTIAL, question=GAME.lines("check_which"), held={"again": True}),
        ),
        # all of them, in other words, or said again whole: a yes
        (KITCHEN, "yeah that's all of them", YES),
        (("snowman", "igloo"), "I'd say so, yeah", YES),
        (KITCHEN, "yeah: kettle, moon, spoon", YES),
        # more said after a yes, read back: the names heard and the new ones
        (
            ("snowman", "igloo"),
            "yes but add a sledge, I forgot that one",
            Reading(
                Kind.ANSWER, {"names": ["snowman", "igloo", "sledge"]}, "snowman, igloo and sledge"
            ),
        ),
        (
            ("rocket",),
            "rocket, yeah, and I also had a satellite",
            Reading(Kind.ANSWER, {"names": ["rocket", "satellite"]}, "rocket and satellite"),
        ),
        # a yes but for one of them: the one changed, or which is asked
        (
            ("salt and pepper", "spoon"),
            "yes, except the spoon is a fork",
            Reading(
                Kind.ANSWER, {"names": ["salt and pepper", "fork"]}, "salt and pepper and fork"
            ),
        ),
        (
            ("salt and pepper", "spoon"),
            "yes except the spoon",
            Reading(Kind.PARTIAL, question=GAME.lines("check_which"), held={"again": True}),
        ),
        (KITCHEN, "the second one was a bit of a mess to be honest", Reading()),
        (KITCHEN, "the third one was an", Reading()),
        (KITCHEN, "the first's the", Reading()),
    ],
)
def test_a_check_of_the_names_heard_reads_yes_no_or_a_name_said_anew(pending, line, reading):
    assert CheckMeaning(GAME.lines, pending).read(line) == reading


TABLE = (
    Group(1, (Entry(1, "cat"), Entry(3, "cat"))),
    Group(2, (Entry(2, "kitten"),)),
    Group(3, (Entry(1, "dog"), Entry(2, "dog"), Entry(4, "dog"))),
    Group(4, (Entry(4, "goldfish"),)),
)
ONE_SHARED = (Group(1, (Entry(1, "cat"), Entry(3, "cat"))), Group(2, (Entry(2, "kitten"),)))
CAT_FLAP = (
    Group(1, (Entry(1, "cat"), Entry(2, "cat"))),
    Group(2, (Entry(3, "cat flap"), Entry(4, "cat flap"))),
)
SIX = (
    Group(1, (Entry(1, "robot"), Entry(6, "robot"))),
    Group(2, (Entry(2, "rocket"), Entry(3, "rocket"), Entry(5, "rocket"))),
    Group(3, (Entry(4, "moon"),)),
)
WHICH = Reading(Kind.PARTIAL, question="Which groups do you mean? Say their numbers.")


def change(value: str, said: str, sure: bool = True) -> Reading:
    return Reading(Kind.ANSWER, value, said, sure)


@pytest.mark.parametrize(
    "groups,line,reading",
    [
        (TABLE, "looks good", change("correct", "groups confirmed")),
        (TABLE, "read the groups again", change("list", "read the groups again")),
        (
            TABLE,
            "the kitten and the cat are the same",
            change("merge 1 2", "merged groups one and two"),
        ),
        (
            TABLE,
            "groups two and four are the same",
            change("merge 2 4", "merged groups two and four"),
        ),
        (TABLE, "those two are the same drawing", WHICH),
        (
            TABLE,
            "player two's dog was only a blob",
            change("void 2 3", "player two invalid in group three"),
        ),
        (
            TABLE,
            "player four's dog is a wolf",
            change("out 4 3", "player four out of group three", False),
        ),
        (
            TABLE,
            "player four has a wolf, not a dog",
            change("out 4 3", "player four out of group three", False),
        ),
        (
            SIX,
            "player five in group two, that one's not like the others",
            change("out 5 2", "player five out of group two", False),
        ),
        (CAT_FLAP, "the cat flap doesn't count", change("invalid 2", "group two invalid")),
        (
            TABLE,
            "the dog, no wait, the cat doesn't count, one and three copied each other",
            change("invalid 1", "group one invalid", False),
        ),
        (
            TABLE,
            "player one, no wait, player three's cat doesn't count",
            change("void 3 1", "player three invalid in group one", False),
        ),
        (
            TABLE,
            "player two's dog is a wolf, I mean player one's dog is a wolf",
            change("out 1 3", "player one out of group three", False),
        ),
        (
            TABLE,
            "player three's dog, sorry, cat was only a blob",
            change("void 3 1", "player three invalid in group one", False),
        ),
        (TABLE, "group three is two different things", change("split 3", "split group three")),
        (SIX, "group one is really two separate drawings", change("split 1", "split group one")),
        (TABLE, "nobody matched", WHICH),
        (ONE_SHARED, "no one matched really", change("split 1", "split group one", False)),
    ],
)
def test_a_correction_of_the_groups_is_read_and_said_back(groups, line, reading):
    assert GroupsMeaning(GAME.lines, groups).read(line) == reading


@pytest.mark.parametrize(
    "seats,wanted,line,reading",
    [
        (
            (1, 2, 3, 4, 5),
            1,
            "three does, look at his face",
            Reading(Kind.ANSWER, 3, "player three"),
        ),
        (
            (1, 2, 3, 4, 5),
            2,
            "three was one of them",
            Reading(
                Kind.PARTIAL,
                question="Player three is one Forger. Who is the other?",
                held={"forgers": [3]},
            ),
        ),
        ((1, 2, 3, 4, 5), 2, "one, plus four", Reading(Kind.ANSWER, "1 4", "players one and four")),
        ((1, 2, 3), 1, "we had two forgers", Reading()),
    ],
)
def test_the_forgers_are_read_by_seat_and_a_count_is_no_seat(seats, wanted, line, reading):
    assert ForgersMeaning(GAME.lines, seats, wanted).read(line) == reading


@pytest.mark.parametrize(
    "line,seat",
    [("it was players three and seven", "seven"), ("the fifth player", "five"), ("six", "six")],
)
def test_a_seat_past_the_table_is_said_to_be_none_not_passed_over(line, seat):
    """Four players: "three and seven" was read back as "I heard 3", the seven dropped."""
    reading = ForgersMeaning(GAME.lines, (1, 2, 3, 4), 1, players=4).read(line)
    assert reading.kind is Kind.PARTIAL and reading.question.startswith(
        f"There is no player {seat} at this table."
    )


@pytest.mark.parametrize(
    "line,reading",
    [
        ("crab and ice cream", Reading(Kind.ANSWER, {"names": ["crab", "ice cream"]}, "", True)),
        ("is that a crab", Reading(Kind.TALK)),
        ("who drew the seagull", Reading(Kind.TALK)),
    ],
)
def test_two_known_names_joined_by_and_are_two_and_a_question_is_talk(line, reading):
    got = names_read(line)
    assert (got.kind, got.value) == (reading.kind, reading.value)


def test_an_unclear_and_before_a_listed_name_is_asked_about():
    """ "salt and pepper and a crab": the last "and" lists the crab; the first is asked."""
    got = names_read("salt and pepper and a crab")
    assert got.kind is Kind.PARTIAL
    assert got.held == {
        "one": ["salt and pepper", "crab"],
        "two": ["salt", "pepper", "crab"],
        "done": False,
    }


@pytest.mark.parametrize("reply", ["no", "yes", "yeah"])
def test_a_yes_or_no_to_one_drawing_or_two_is_asked_again_not_a_drawing(reply):
    """ "no" to "One drawing, toast and jam, or two?" was read back as a drawing called "no"."""
    asked = names_read("salt and pepper and a crab")
    again = names_read(reply, held=asked.held)
    assert again.kind is Kind.PARTIAL and again.question == "Say one drawing, or two drawings."
    assert again.held == asked.held
    assert names_read("two", held=asked.held).value == {"names": ["salt", "pepper", "crab"]}


@pytest.mark.parametrize(
    "line,reading",
    [
        (
            "merge two and four, they are the same",
            change("merge 2 4", "merged groups two and four"),
        ),
        ("groups two and four are not the same", Reading()),
        ("player two is cheating", Reading()),  # no group named: nothing to take from
        ("what about group three", Reading()),  # a group named, nothing said of it
        (
            "group three, player four's is a wolf",
            change("out 4 3", "player four out of group three", False),
        ),
        (
            "group three, player four's is different",
            change("out 4 3", "player four out of group three", False),
        ),
    ],
)
def test_a_change_named_by_group_and_seat_without_a_drawing(line, reading):
    assert GroupsMeaning(GAME.lines, TABLE).read(line) == reading


@pytest.mark.parametrize(
    "line,asked,value",
    [("looks good", True, "correct"), ("yes", True, "more"), ("yes", False, "correct")],
)
def test_a_yes_after_anything_else_is_a_change_and_otherwise_a_confirmation(line, asked, value):
    assert GroupsMeaning(GAME.lines, TABLE, asked_more=asked).read(line).value == value


def test_stop_alone_does_not_end_the_drawing(common, speaker):
    # "stop" said to a neighbour, or to quiet gm's voice, is no "stop drawing": the drawing goes
    # on and the sorry names the words that end it
    engine, transcript = play(common, speaker, ["start drawing", "stop"])
    assert engine.state.phase is wtf.Phase.DRAWING
    assert "stopped the drawing" not in decisions(transcript)
    lines = said(transcript)
    assert "To end everyone's drawing, say stop drawing." in lines
    # and nothing more: the drawing goes on, no theme and no "Draw!" said over it again
    assert lines[-1] == "To end everyone's drawing, say stop drawing.", lines
    engine, transcript = play(common, speaker, ["start drawing", "stop drawing"])
    assert engine.state.phase is wtf.Phase.NAMING


@pytest.mark.parametrize(
    "line",
    [
        "yes, and I had to rush the snowman",
        "yes, add it",
        "yep, add that to my score",
        "yes but you forgot to ask Sam",
        "yes, snowman and plus sign",  # "plus" inside a name heard
        "yes, apart from that it's all good",
        "yep, all right except my handwriting",
        "yes, except the snowman is a bit wonky",  # how it looks, not what it is
    ],
)
def test_a_yes_with_talk_after_it_adds_no_drawing_and_changes_none(line):
    reading = CheckMeaning(GAME.lines, ("snowman", "plus sign")).read(line)
    names = reading.value.get("names") if isinstance(reading.value, dict) else None
    assert names is None, (line, reading)


def test_names_added_after_a_yes_never_pass_the_players_three_drawings():
    # two drawings were written before: the one heard is the last the player has room for
    for pending, room, line in (
        (("igloo",), 1, "yes, and I also had a sledge"),
        (("snowman", "igloo", "penguin"), 3, "yes, plus a sledge"),
    ):
        reading = CheckMeaning(GAME.lines, pending, room=room).read(line)
        names = reading.value.get("names") if isinstance(reading.value, dict) else None
        assert names is None or len(names) <= room, (line, reading)


def test_a_no_then_the_names_heard_is_read_back_as_said_not_taken_as_a_yes():
    reading = CheckMeaning(GAME.lines, ("igloo",)).read("no, I said igloo")
    assert reading.value == {"names": ["igloo"]} and not reading.sure


def test_a_confirmed_correction_never_passes_the_players_room(common, speaker):
    # player one named two drawings; at the check of the third, a list of two more is said:
    # that makes four, refused as the naming refuses it, and the check is asked again
    known = f"a {CARD.hints[0]}, a {CARD.hints[1]}"  # written at once
    lines = DRAW + [known, "flying pig", "no, a cat and a dog", "yes"]
    engine, transcript = play(common, speaker, lines)
    assert engine.state.naming == (CARD.hints[0], CARD.hints[1]) and not engine.state.drawings
    assert "I heard cat and dog: that makes more than three drawings." in said(transcript)
    assert engine.state.pending == ("flying pig",)
