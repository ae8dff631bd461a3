from __future__ import annotations

import os
from pathlib import Path

import pytest

from gm.config import Config, ConfigError, load


def test_missing_file_means_defaults(tmp_path):
    assert load(tmp_path / "none.toml") == Config()


def test_values_are_read_and_options_win(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(
        '[voice]\nengine = "pyttsx3"\nname = "en-gb"\nrate = 150\nvolume = 0.5\n'
        '[audio]\ninput_device = "USB"\noutput_device = 2\nbarge_in = false\n'
        '[recognizer]\nengine = "sphinx"\nmodel = "/m"\n'
    )
    config = load(path)
    assert config == Config(
        "en-gb", 150, 0.5, "USB", 2, "sphinx", "/m", voice_engine="pyttsx3", barge_in=False
    )
    assert config.override(barge_in=None).barge_in is False  # no --no-barge-in: the file's
    assert config.override(asr="vosk", rate=None).asr == "vosk"
    assert config.override(asr="vosk", rate=None).rate == 150
    # an option that is given wins even when it is false or zero: device 0, a volume of 0
    assert config.override(output_device=0, volume=0.0) == Config(
        "en-gb", 150, 0.0, "USB", 0, "sphinx", "/m", voice_engine="pyttsx3", barge_in=False
    )
    assert Config().override(barge_in=False).barge_in is False  # --no-barge-in


@pytest.mark.parametrize(
    "text,words",
    [
        ("[voice\n", "not valid TOML"),
        ("[voice]\nrate = 'fast'\n", "wrong type"),
        ("[audio]\nbarge_in = 'no'\n", "wrong type"),
        ("[voice]\nrate = true\n", "wrong type"),
        ("[voice]\npitch = 3\n", "unknown setting 'voice.pitch'"),
        ("[recognizer]\nengine = 'kaldi'\n", "must be"),
        ("[voice]\nengine = 'festival'\n", 'voice.engine. in .* must be "piper" or "pyttsx3"'),
        ("rate = 3\n", "outside a [section]"),
        ("[voice]\nvolume = 1.5\n", "'voice.volume' in .* between 0 and 1, not 1.5"),
    ],
)
def test_mistakes_are_one_sentence(tmp_path, text, words):
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=words.replace("[", r"\[")):
        load(path)


@pytest.mark.parametrize(
    "make,words",
    [
        (lambda p: os.mkfifo(p), r"not a regular file \(a pipe\)"),  # opened without waiting
        (lambda p: p.mkdir(), "a folder, not a file"),
        (lambda p: p.symlink_to(p.parent / "gone.toml"), "is a link to .*gone.toml.*no file"),
        (lambda p: p.symlink_to(p), "is a link to .*no file"),  # a loop
    ],
    ids=["fifo", "folder", "broken-link", "link-loop"],
)
def test_a_settings_file_that_is_no_file_is_one_sentence(tmp_path, make, words):
    path = tmp_path / "config.toml"
    make(path)
    with pytest.raises(ConfigError, match=words):
        load(path)


def test_a_settings_file_that_is_a_device_is_one_sentence():
    with pytest.raises(ConfigError, match="a device"):
        load(Path("/dev/zero"))


def test_the_settings_file_is_where_the_platform_keeps_settings(tmp_path, monkeypatch):
    from gm.config import default_path

    monkeypatch.delenv("GM_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert default_path() == tmp_path / "xdg" / "gm" / "config.toml"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / ".config" / "gm" / "config.toml"
    monkeypatch.setenv("GM_CONFIG", str(tmp_path / "mine.toml"))
    assert default_path() == tmp_path / "mine.toml"


def test_a_pace_or_a_deck_the_settings_file_gets_wrong_is_named_with_the_file(
    tmp_path, monkeypatch, capsys
):
    """The person may not remember what the settings file says: its mistakes name it."""
    from gm.cli import main

    path = tmp_path / "config.toml"
    monkeypatch.setenv("GM_CONFIG", str(path))
    path.write_text("[voice]\nrate = 50\n")
    assert main(["play", "funocracy", "--text"]) == 2
    err = capsys.readouterr().err
    assert f"The setting 'voice.rate' in {path}: the speaking rate of a Piper voice" in err
    assert main(["play", "funocracy", "--text", "--rate", "60"]) == 2  # the option's own mistake
    assert "gm: The speaking rate of a Piper voice" in capsys.readouterr().err
    path.write_text('[decks]\nfunocracy = "nope.toml"\n')
    assert main(["play", "funocracy", "--text"]) == 2
    err = capsys.readouterr().err
    assert f"The settings file {path} names a deck for Funocracy ([decks]) that cannot be" in err
    assert f"{tmp_path / 'nope.toml'}: the file is missing." in err


def test_the_readmes_settings_example_is_a_settings_file_gm_reads(tmp_path):
    """Every key the README shows is one gm knows, of the right type."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    example = readme.split("```toml\n[voice]", 1)[1].split("```", 1)[0]
    (tmp_path / "config.toml").write_text("[voice]" + example)
    config = load(tmp_path / "config.toml")
    assert config.barge_in is False and config.rate == 200 and config.decks
