"""The decks in prompts/en/ checked against tables written here, not against the game's own data.

The rules tests and the invariants score with the game's own `stars`, so a letter whose stars
changed in the deck data would pass them all; here every letter's stars and every deck's size
are written out (Funocracy's module docstring gives the star rule: the ten commonest first
letters of English words are worth 1, the next eight 2, the rarest seven 3; there is no X).
"""

from __future__ import annotations

from gm.games import funocracy, what_the_fake, who_the_f

STARS = {
    **dict.fromkeys("SCPDTAMBRF", 1),
    **dict.fromkeys("EHIGLWON", 2),
    **dict.fromkeys("UVKJYQZ", 3),
}
THEMES = 69  # Funocracy's theme cards
EXPO_CARDS = 65  # What the Fake?!'s EXPO cards
QUESTIONS = 100  # Who the F*ck?'s question deck


def test_every_letter_has_the_stars_of_the_table():
    """Guards against a letter's stars changed in the deck data."""
    game = funocracy.load()
    assert game.stars == STARS
    assert len(game.deck) == 25 and "X" not in game.deck
    assert sum(game.stars.values()) == 10 * 1 + 8 * 2 + 7 * 3


def test_every_deck_has_its_number_of_cards_each_different():
    fun, fake, who = funocracy.load(), what_the_fake.load(), who_the_f.load()
    assert len(fun.themes) == THEMES and len({t.name for t in fun.themes}) == THEMES
    assert all(theme.answers for theme in fun.themes)
    assert (
        len(fake.cards) == EXPO_CARDS and len({(c.city, c.theme) for c in fake.cards}) == EXPO_CARDS
    )
    assert len(who.questions) == QUESTIONS and len(set(who.questions)) == QUESTIONS
