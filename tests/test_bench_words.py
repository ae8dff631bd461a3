"""scripts/bench_words.py: its unlisted words belong to themes of the deck and are not among
those themes' listed answers; the listed words it draws are, the same every run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import bench_words  # noqa: E402

from gm.games import find, load  # noqa: E402


def test_the_unlisted_words_are_the_decks_themes_words_it_does_not_list():
    deck = {t.name: t.answers for t in load(find("funocracy")).themes}
    chosen = bench_words.words(listed=3, seed=1)
    unlisted = [(theme, word) for theme, word, part in chosen if part == "unlisted"]
    listed = [(theme, word) for theme, word, part in chosen if part == "listed"]
    assert len(unlisted) >= 60 and len(listed) == 3 * len({theme for theme, _ in unlisted})
    assert all(word not in deck[theme] for theme, word in unlisted)
    assert all(word in deck[theme] for theme, word in listed)
    assert chosen == bench_words.words(listed=3, seed=1)  # the same draw every run


def test_a_theme_the_deck_does_not_have_is_refused(tmp_path, monkeypatch):
    data = tmp_path / "words.toml"
    data.write_text('[[themes]]\nname = "Things on the moon"\nunlisted = ["rock"]\n')
    monkeypatch.setattr(bench_words, "DATA", data)
    with pytest.raises(SystemExit, match="no theme of the deck"):
        bench_words.words(listed=1, seed=1)


def test_a_saying_at_another_tempo_keeps_its_pitch_and_changes_its_length():
    from gm.speech.synth import synthesize

    said = synthesize("zebra", "en-us", 150)
    slower = bench_words.at_tempo(said, 0.8)
    assert abs(len(slower) / len(said) - 1.25) < 0.05
    assert bench_words.at_tempo(said, 1.25) != said
