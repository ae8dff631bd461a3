"""Speaking without waiting: lines made ahead in the background, pieces said often kept, and one
output for voice and beeps. The real Piper voice (loaded once for the module) makes every line;
what is checked is behaviour (what the voice was asked to make, and when; the bytes written),
never how fast it was.
"""

from __future__ import annotations

import io
import threading
from pathlib import Path

import numpy as np
import pytest
from toygame import ToyGame

from gm.dialog.engine import Engine
from gm.dialog.hearing import TextHearing
from gm.dialog.transcript import Transcript
from gm.speech.audio import read_wav
from gm.speech.base import RATE, frequent, pieces
from gm.speech.tts import (
    Remembered,
    Sound,
    TeeSpeaker,
    VoiceSpeaker,
    WavSpeaker,
    open_voice,
    tone_samples,
)
from gm.state import Record
from gm.vocab import number_word

FIRST = "Player three, new theme: Things that are round."
NEXT = "Letters: B as in bravo, one star."


@pytest.fixture(scope="module")
def piper() -> Remembered:
    voice = open_voice("piper")
    yield voice
    voice.close()


class Counting:
    """gm's Piper voice, noting each piece it is asked to make and on which thread."""

    def __init__(self, voice) -> None:
        self.voice = voice
        self.name = "counting"
        self.made: list[tuple[str, bool]] = []  # (piece, made on the game's own thread)

    def sentences(self, text):
        self.made.append((text, threading.current_thread() is threading.main_thread()))
        yield from self.voice.sentences(text)

    def close(self) -> None:
        pass


def audio(sounds) -> bytes:
    return b"".join(sound.audio for sound in sounds)


def test_a_line_is_made_in_pieces_a_short_first_clause_alone() -> None:
    assert pieces(FIRST) == ("Player three,", "new theme: Things that are round.")
    assert pieces("Time!") == ("Time!",)
    assert pieces("Heard apple: A scores one star for player two.") == (
        "Heard apple:",
        "A scores one star for player two.",
    )
    assert pieces("  ") == ()


def test_the_pieces_said_again_and_again_are_found_in_the_game_s_lines() -> None:
    templates = [
        "Player {seat}, new theme: {theme}.",
        "Time!",
        "Turn lost.",
        "Heard {word}: {letter} scores.",
        "player {seat} passed",
        "yes or no",
        "Who would sell ice to a penguin, and why?",
        "Player {seat}: {total} in total.",
    ]
    found = frequent(templates, [number_word(n) for n in range(1, 4)])
    assert found == (
        "Player one,",
        "Player two,",
        "Player three,",
        "Time!",
        "Turn lost.",
        "Player one:",
        "Player two:",
        "Player three:",
    )


def test_a_piece_said_before_is_the_same_audio_and_is_not_made_again(piper: Remembered) -> None:
    counting = Counting(piper.voice)
    voice = Remembered(counting)
    first = audio(voice.sentences("Time!"))
    again = audio(voice.sentences("Time!"))
    assert again == first and len(first) > RATE // 4  # Piper's noise makes a new one differ
    assert [piece for piece, _ in counting.made] == ["Time!"]
    # A new line that starts with a kept clause makes only its rest.
    audio(voice.sentences("Player three, same theme: Fruit."))
    audio(voice.sentences("Player three, new theme: Tools."))
    assert [piece for piece, _ in counting.made] == [
        "Time!",
        "Player three,",
        "same theme: Fruit.",
        "new theme: Tools.",
    ]


def test_the_oldest_pieces_make_room_for_new_ones(piper: Remembered) -> None:
    words = [f"{number_word(n).capitalize()}." for n in range(1, 11)]
    largest = max(len(audio(piper.voice.sentences(word))) for word in words)
    voice = Remembered(
        piper.voice, budget=5 * largest
    )  # room for five words or a few more, not ten
    for word in words:
        audio(voice.sentences(word))
    assert voice.known(words[-1]) and not voice.known(words[0])
    assert sum(voice.known(word) for word in words) < len(words)


def test_the_next_line_is_made_while_this_one_plays(piper: Remembered) -> None:
    """The engine says which lines come next; they are made in the background while the first is
    played (the stand-in device's drain lasts until they are made, as a line's playing does), so
    saying them makes nothing: their audio was ready before it was asked for."""
    counting = Counting(piper.voice)
    voice = Remembered(counting)

    class Playing:
        rate = 48000
        heard: list[bytes] = []

        def put(self, sound: Sound) -> None:
            self.heard.append(sound.at(self.rate))

        def drain(self) -> None:
            voice.wait()  # playing lasts longer than making the next line

        def close(self) -> None:
            pass

    speaker = VoiceSpeaker(voice, Playing())
    speaker.prepare([NEXT])
    speaker.say(FIRST)
    made_before = list(counting.made)
    assert voice.known(NEXT)
    speaker.say(NEXT)
    assert counting.made == made_before  # nothing made when NEXT was said
    # FIRST made as it was said, on the game's thread; NEXT by the background thread, once.
    assert sorted(made_before) == sorted(
        [(p, True) for p in pieces(FIRST)] + [(p, False) for p in pieces(NEXT)]
    )
    speaker.close()
    voice.close()


def test_a_line_asked_for_now_goes_before_lines_made_ahead(piper: Remembered) -> None:
    counting = Counting(piper.voice)
    voice = Remembered(counting)
    ahead = [f"Player {number_word(n)}, your turn." for n in range(1, 7)]
    voice.prepare(ahead)
    said = audio(voice.sentences("Ten seconds."))  # while the background thread works through them
    voice.wait()
    assert said and all(voice.known(line) for line in ahead)
    made = [piece for piece, _ in counting.made]
    assert made.count("Ten seconds.") == 1 and made.count("your turn.") == 1
    assert made.index("Ten seconds.") <= 1  # at most the one piece already being made went first
    voice.close()


def test_voice_and_beeps_go_through_one_output_end_to_end(
    tmp_path: Path, piper: Remembered
) -> None:
    """What the --speak-to WAV and a sound device get: each line, then the beep, then the next,
    exactly after one another; and both outputs of a tee hear the same audio, made once."""
    counting = Counting(piper.voice)
    voice = Remembered(counting)
    room, copy = tmp_path / "room.wav", tmp_path / "copy.wav"
    speaker = TeeSpeaker(WavSpeaker(room, voice), WavSpeaker(copy, voice))
    speaker.prepare(["Ten seconds."])
    speaker.say("Player two, new theme: Fruit.")
    speaker.tone(880.0, 0.12)
    speaker.say("Ten seconds.")
    speaker.close()
    expected = b"".join(s.at(RATE) for s in voice.sentences("Player two, new theme: Fruit."))
    expected += tone_samples(880.0, 0.12)
    expected += b"".join(s.at(RATE) for s in voice.sentences("Ten seconds."))
    written = read_wav(room)
    assert written == expected and read_wav(copy) == written
    assert sorted(piece for piece, _ in counting.made) == [
        "Player two,",
        "Ten seconds.",
        "new theme: Fruit.",
    ]
    beep = np.frombuffer(tone_samples(880.0, 0.12), "<i2")
    assert abs(int(beep[0])) < 200 and abs(int(beep[-1])) < 200  # faded in and out: no click
    voice.close()


class Preparing:
    """A fake Speaker port that notes what the engine asks to prepare, and when."""

    def __init__(self) -> None:
        self.events: list[tuple[str, object]] = []

    def say(self, text: str) -> float:
        self.events.append(("say", text))
        return 0.0

    def prepare(self, texts) -> None:
        self.events.append(("prepare", tuple(texts)))

    def tone(self, frequency: float, seconds: float) -> float:
        return seconds

    def play(self, audio: bytes) -> float:
        return 0.0

    def close(self) -> None:
        pass


def test_the_engine_asks_for_the_lines_it_will_say(common) -> None:
    lines, commands = common
    speaker = Preparing()
    game = ToyGame()
    Engine(
        game,
        TextHearing(io.StringIO("two\nthree\n")),
        speaker,
        lines,
        commands,
        Transcript(),
        Record(game.id, {}, seed=1),
    ).run(greeting=("I'm listening with text.",))
    kind, warm = speaker.events[0]
    assert kind == "prepare" and "Time!" in warm and "Ten seconds." in warm  # gm's lines said often
    assert speaker.events[1:4] == [
        ("prepare", ("I'm listening with text.",)),
        ("say", lines("welcome", title="Toy")),
        ("say", "I'm listening with text."),
    ]
    events = speaker.events[1:]
    for index, (kind, texts) in enumerate(events):
        if kind == "prepare":  # the lines after the first of a batch, asked for before it is said
            assert texts and events[index + 1][0] == "say"
            assert events[index + 2 : index + 2 + len(texts)] == [("say", text) for text in texts]
    assert [kind for kind, _ in events].count("say") > 6
