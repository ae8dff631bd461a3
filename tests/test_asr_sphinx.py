"""The PocketSphinx adapter against the Recognizer contract, on espeak-ng speech made here.

Also one check on real human recordings shipped with PocketSphinx's own test data, when the
system has them.
"""

from __future__ import annotations

import logging
import subprocess
import sys
import time
from pathlib import Path

import pocketsphinx
import pytest
from asr_audio import finals, heard, run, scene

from gm.speech.asr import NO_VOSK_MODEL, describe, find_vosk_model, open_recognizer
from gm.speech.asr.sphinx import WORD_MODEL, Lexicon, SphinxRecognizer, letters_to_phones
from gm.speech.audio import read_wav
from gm.speech.base import AudioChunk, Partial, SpeechError, SpeechStarted, Vocabulary
from gm.speech.synth import silence, synthesize

NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight")
COMMANDS = ("repeat", "next question", "skip", "undo", "score", "pause", "resume", "help")
GAME = (
    "four votes for number two",
    "unanimous for five",
    "no majority",
    "what the fake",
    "yes",
    "no",
    "b as in bravo",
)
EVERYTHING = NUMBERS + COMMANDS + GAME
OFF_SCRIPT = (
    "the weather was lovely so we walked to the harbour after lunch",
    "could you pass me the crisps please",
    "i have no idea what is going on",
    "did anyone see the match yesterday",
    "my favourite colour is green",
)
HUMAN = Path("/usr/share/pocketsphinx/test/data")
# Eight espeak-ng voices, one a seat, as a table of eight speaks to PocketSphinx.
ESPEAK_SEATS = (
    "en-us",
    "en-gb",
    "en-us+f3",
    "en-gb-scotland",
    "en-us+m3",
    "en-029",
    "en-us+f4",
    "en-gb-x-rp",
)


@pytest.fixture(scope="module")
def sphinx() -> SphinxRecognizer:
    return SphinxRecognizer()


@pytest.mark.slow
@pytest.mark.parametrize("voice", ["en-us", "en-gb"])
def test_every_phrase_is_heard_as_itself(sphinx, voice):
    """The 23 phrases at three paces (69 sayings a voice). A phrase espeak-ng says oddly mostly
    falls to the garbage path, a miss; now and then to another phrase undoubted, a wrong reading.
    Measured (2026-12-05, 150/160/170 words a minute): en-us 3 misses and 1 wrong ("score" as
    "four" at 160), en-gb 6 and 0; at 140 and 180 and in other espeak-ng voices more of both
    ("seven" as "one" or "two", "eight" as "repeat"): the wrong figure is the bench's to report,
    the test keeps it rare."""
    sphinx.set_vocabulary(Vocabulary(phrases=EVERYTHING))
    misses, wrong = [], []
    for speed in (150, 160, 170):
        spoken = scene(EVERYTHING, voice, speed=speed)
        events = run(sphinx, spoken.audio)
        doubted = {f.text for f in finals(events) if f.doubted}
        for text, got in heard(spoken, events).items():
            if got != [text]:
                misses.append((speed, text, got))
                if set(got) - doubted - {""}:  # another phrase, undoubted
                    wrong.append((speed, text, got))
    assert len(misses) <= 8, misses
    assert len(wrong) <= 1, wrong


@pytest.mark.slow
def test_off_script_speech_comes_back_empty(sphinx):
    sphinx.set_vocabulary(Vocabulary(phrases=NUMBERS + COMMANDS + ("yes", "no")))
    spoken = scene(OFF_SCRIPT, "en-us")
    events = run(sphinx, spoken.audio)
    assert len(finals(events)) == len(OFF_SCRIPT)
    for final in finals(events):
        assert all(a.text == "" for a in final.alternatives), final


@pytest.mark.slow
def test_results_do_not_depend_on_chunk_size():
    texts = (
        "next question",
        "four votes for number two",
        "could you pass me the crisps please",
        "yes",
        "six",
    )
    spoken = scene(texts, "en-gb")
    outcomes = []
    for chunk_seconds in (0.02, 0.1, 0.5):
        recognizer = SphinxRecognizer()
        recognizer.set_vocabulary(Vocabulary(phrases=EVERYTHING))
        outcomes.append(
            [(f.text, f.start, f.end) for f in finals(run(recognizer, spoken.audio, chunk_seconds))]
        )
    assert outcomes[0] == outcomes[1] == outcomes[2]
    assert [text for text, _, _ in outcomes[0]] == [
        "next question",
        "four votes for number two",
        "",
        "yes",
        "six",
    ]


@pytest.mark.parametrize(
    "voice, speed, pitch", [("en-gb+f2", 190, 70), ("en-gb-scotland", 160, 35)]
)
def test_a_contraction_is_not_taken_apart_by_the_garbage_loop(voice, speed, pitch):
    # While paused gm listens for resume, quit and help. With "what can we say" gone from help,
    # "we" was free to join the garbage loop, and "we" + "back" explained "we're back" better
    # than the phrase did, in these two corpus voices. A word of a phrase and what comes before
    # its apostrophe stay out of the loop.
    recognizer = SphinxRecognizer()
    recognizer.set_vocabulary(
        Vocabulary(
            phrases=(
                "resume",
                "continue",
                "go on",
                "we're back",
                "carry on",
                "unpause",
                "quit",
                "exit",
                "help",
                "help me",
            )
        )
    )
    spoken = scene(("we're back",), voice, speed=speed, pitch=pitch)
    assert heard(spoken, run(recognizer, spoken.audio)) == {"we're back": ["we're back"]}


@pytest.mark.slow
def test_the_commands_gm_teaches_aloud_are_heard_in_every_seat_voice():
    # gm's help names the form of each command PocketSphinx hears best ("what's the score", not
    # "score", which most of these voices lose alone; BENCHMARKS.md). In a question's vocabulary,
    # the eight voices of the recorded games say them in turn: each is taken as its command, or
    # missed (measured: en-029 misses "undo" and "quit"), never taken for another command.
    from gm.cli import common_lines
    from gm.dialog.engine import listening_commands
    from gm.dialog.intents import Matcher

    _, commands = common_lines()
    matcher = Matcher((), listening_commands(commands))
    taught = ("repeat", "what's the score", "undo", "pause the game", "skip", "quit")
    misses, wrong = [], []
    for voice in ESPEAK_SEATS:
        recognizer = SphinxRecognizer()
        recognizer.set_vocabulary(Vocabulary(phrases=GAME + matcher.phrases))
        spoken = scene(taught, voice)
        for text, got in heard(spoken, run(recognizer, spoken.audio)).items():
            want, match = matcher.match([text]).command, matcher.match(got) if any(got) else None
            if match is None:
                misses.append((voice, text))
            elif match.command is not want:
                wrong.append((voice, text, got))
    assert not wrong, wrong
    assert len(misses) <= 3, misses


def test_times_are_on_the_source_clock(sphinx):
    sphinx.set_vocabulary(Vocabulary(phrases=COMMANDS))
    speech = synthesize("next question")
    audio = silence(2.0) + speech + silence(1.5)
    events = run(sphinx, audio, start=10.0)  # the source had already run ten seconds
    started = [e for e in events if isinstance(e, SpeechStarted)]
    final = finals(events)[0]
    assert final.text == "next question"
    assert final.start == pytest.approx(12.0, abs=0.3)
    assert final.end == pytest.approx(12.0 + len(speech) / 32000, abs=0.3)
    assert started[0].at == pytest.approx(final.start)
    assert events.index(started[0]) < events.index(final)
    assert all(0.0 <= a.confidence <= 1.0 for a in final.alternatives)


def test_alternatives_are_nbest_phrases_best_first(sphinx):
    sphinx.set_vocabulary(Vocabulary(phrases=NUMBERS + ("score",)))
    final = finals(run(sphinx, scene(["four"]).audio))[0]
    assert final.text == "four"
    assert 1 <= len(final.alternatives) <= 5
    assert all(a.text in NUMBERS + ("score",) for a in final.alternatives)
    assert len({a.text for a in final.alternatives}) == len(final.alternatives)
    assert final.alternatives[0].confidence == max(a.confidence for a in final.alternatives)


def test_partials_only_ever_show_a_phrase_in_progress(sphinx):
    sphinx.set_vocabulary(Vocabulary(phrases=GAME))
    events = run(sphinx, scene(["four votes for number two"]).audio)
    partials = [e.text for e in events if isinstance(e, Partial)]
    assert partials and all(any(p.startswith(text) for p in GAME) for text in partials)
    assert finals(events)[0].text == "four votes for number two"


def test_silence_is_cheap_and_says_nothing(sphinx):
    sphinx.set_vocabulary(Vocabulary(phrases=EVERYTHING))
    began = time.process_time()
    events = run(sphinx, silence(30.0))
    assert events == []
    assert (
        time.process_time() - began < 0.01 * 30
    )  # measured 0.0015 s per second; speech costs ~0.08


def test_reset_and_a_new_vocabulary_drop_the_utterance_in_progress(sphinx):
    sphinx.set_vocabulary(Vocabulary(phrases=COMMANDS))
    speech = silence(0.5) + synthesize("next question")
    half = speech[: len(speech) * 3 // 8 * 2]  # three quarters of it, whole samples
    events = sphinx.feed(AudioChunk(half, 0.0))
    assert any(isinstance(e, SpeechStarted) for e in events)
    sphinx.reset()
    assert sphinx.flush() == []
    sphinx.feed(AudioChunk(half, 0.0))
    sphinx.set_vocabulary(Vocabulary(phrases=NUMBERS))
    assert sphinx.flush() == []


def test_unknown_words_get_a_pronunciation_or_are_skipped(sphinx, caplog):
    assert letters_to_phones("meh") == "M EH"
    assert letters_to_phones("mehh") == "M EH"
    assert letters_to_phones("fake") == "F EY K"
    assert letters_to_phones("???") is None
    with caplog.at_level(logging.WARNING):
        sphinx.set_vocabulary(Vocabulary(phrases=("good", "meh", "mehh", "tie", "zorblax", "日本")))
    assert "日本" in caplog.text  # no letters to pronounce: skipped with a warning, no crash
    final = finals(run(sphinx, scene(["tie", "good"], "en-us").audio))
    assert [f.text for f in final] == ["tie", "good"]


def test_the_lexicon_reads_a_word_with_its_variants_and_nothing_else(tmp_path):
    dictionary = tmp_path / "words.dict"
    dictionary.write_text(
        "read R IY D\nread(2) R EH D\nreader R IY D ER\nready R EH D IY # a comment\n"
        "a.b EY B IY\n  \nzebra(3) Z IY B R AH\n",
        encoding="utf-8",
    )
    lexicon = Lexicon(dictionary)
    assert lexicon.pronunciations(["read", "ready", "a.b", "zebra", "none", "read"]) == {
        "read": ("R IY D", "R EH D"),
        "ready": ("R EH D IY",),
        "a.b": ("EY B IY",),
        "zebra": ("Z IY B R AH",),
        "none": (),
    }
    assert lexicon.pronunciations(["reader"]) == {"reader": ("R IY D ER",)}
    # every entry, as scripts/make_word_lm.py reads them: in the file's order, the same way
    assert list(lexicon.entries().items()) == [
        ("read", ("R IY D", "R EH D")),
        ("reader", ("R IY D ER",)),
        ("ready", ("R EH D IY",)),
        ("a.b", ("EY B IY",)),
        ("zebra", ("Z IY B R AH",)),
    ]
    (tmp_path / "empty.dict").write_bytes(b"")
    assert Lexicon(tmp_path / "empty.dict").pronunciations(["read"]) == {"read": ()}
    assert Lexicon(tmp_path / "empty.dict").entries() == {}


def test_the_grammar_listens_with_the_dictionary_s_every_pronunciation():
    """The grammar decoders load no dictionary: they are taught each word they listen for, with
    every variant the dictionary gives ("the" is DH AH and DH IY), as a decoder loading the whole
    dictionary would have it."""
    recognizer = SphinxRecognizer()
    recognizer.set_vocabulary(Vocabulary(phrases=("the end", "either way")))
    full = pocketsphinx.Decoder(
        hmm=recognizer._hmm, dict=recognizer._dict, lm=None, loglevel="FATAL"
    )  # all of it
    for word in ("the", "either", "end", "way", "what"):  # "what" is a garbage-loop word
        variants = [full.lookup_word(word if k == 1 else f"{word}({k})") for k in range(1, 5)]
        taught = [
            recognizer._grammar.lookup_word(word if k == 1 else f"{word}({k})") for k in range(1, 5)
        ]
        assert taught == variants and taught[0] is not None
    assert recognizer._grammar.lookup_word("zebra") is None  # not listened for, not loaded


@pytest.mark.parametrize("voice", ["en-us", "en-gb"])
def test_a_command_heard_in_long_talk_is_checked_against_open_transcription(voice):
    """Talk made of a command's own words (which the garbage loop leaves out) is forced onto the
    command by the grammar. Declared a command, it is checked: the word model hears many words in
    those 2.5-3 s, and the utterance comes back empty. The command said alone is still heard."""
    talk = [
        "what is the score",
        "what is the score what is the score what is the score",
        "repeat that repeat that repeat that please",
    ]
    audio = scene(talk, voice).audio
    phrases = ("three", "four", "what is the score", "repeat that")
    recognizer = SphinxRecognizer()
    recognizer.set_vocabulary(Vocabulary(phrases=phrases))
    assert [f.text for f in finals(run(recognizer, audio))] == [
        "what is the score",
        "what is the score",
        "repeat that",
    ]
    recognizer.set_vocabulary(
        Vocabulary(phrases=phrases, commands=("what is the score", "repeat that"))
    )
    assert [f.text for f in finals(run(recognizer, audio))] == ["what is the score", "", ""]


@pytest.mark.parametrize(
    "voice,speed,word", [("en-gb", 130, "seven"), ("en-us", 110, "six"), ("en-gb-x-rp", 130, "meh")]
)
def test_a_slow_short_answer_the_garbage_loop_won_is_heard_by_the_brisk_look(voice, speed, word):
    """Said slowly, a one-word answer fits the garbage loop's short words better than itself; the
    brisk decoder (BRISK_FRATE) hears it as if said faster. Without it, nothing is heard."""
    phrases = (
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "yes",
        "no",
        "yeah",
        "nah",
        "meh",
        "what's the score",
        "repeat that",
        "undo",
    )
    vocabulary = Vocabulary(phrases, commands=("what's the score", "repeat that", "undo"))
    audio = (
        silence(1.0)
        + synthesize("what's the score", voice, 160, 50)
        + silence(1.2)
        + synthesize(word, voice, speed, 50)
        + silence(1.0)
    )
    texts = {}
    for brisk in (True, False):
        recognizer = SphinxRecognizer()
        if not brisk:
            recognizer._brisk = None
        recognizer.set_vocabulary(vocabulary)
        texts[brisk] = [(f.text, f.doubted) for f in finals(run(recognizer, audio))]
    # heard on the second look only, so doubted: gm asks "I heard seven. Is that right?"
    assert texts == {
        True: [("what's the score", False), (word, True)],
        False: [("what's the score", False), ("", False)],
    }


def test_the_brisk_look_runs_only_in_a_quiet_room(tmp_path):
    """In noise the garbage loop wins most utterances and the second look heard no more answers
    there (docs/recognition.md), so it is not taken."""
    from test_segment import pink

    from gm.speech.asr.sphinx import BRISK_SECONDS
    from gm.speech.synth import mix

    quiet = (
        silence(1.0)
        + synthesize("what's the score", "en-gb")
        + silence(1.2)
        + synthesize("seven", "en-gb", 130)
        + silence(1.0)
    )
    noisy = mix(quiet, pink(tmp_path, 6.0), 20.0)

    def hear(audio: bytes) -> tuple[list, int]:
        recognizer = SphinxRecognizer()
        recognizer.set_vocabulary(
            Vocabulary(
                NUMBERS + ("meh", "what's the score", "undo"), commands=("what's the score", "undo")
            )
        )
        looks = []
        brisk_choice = recognizer._brisk_choice
        recognizer._brisk_choice = lambda utterance: (
            looks.append(utterance) or brisk_choice(utterance)
        )
        return finals(run(recognizer, audio)), len(looks)

    heard_quiet, looks_quiet = hear(quiet)
    assert [f.text for f in heard_quiet] == ["what's the score", "seven"] and looks_quiet == 1
    heard_noisy, looks_noisy = hear(noisy)  # the loop won a short utterance, yet no second look
    assert [f.text for f in heard_noisy] == ["what's the score", ""] and looks_noisy == 0
    # Final.noisy: an undo heard in the noisy room would be confirmed first
    assert [f.noisy for f in heard_quiet] == [False, False] and heard_noisy[-1].noisy
    assert heard_noisy[-1].end - heard_noisy[-1].start <= BRISK_SECONDS


def test_the_word_model_is_made_again_byte_for_byte_by_its_script(tmp_path):
    """Open speech is heard with gm/speech/asr/data/en-us-words.*, derived from PocketSphinx's own
    model by scripts/make_word_lm.py: the script makes the same files again."""
    script = Path(__file__).resolve().parents[1] / "scripts" / "make_word_lm.py"
    subprocess.run(
        [sys.executable, str(script), "--out", str(tmp_path)], check=True, capture_output=True
    )
    for made in ("en-us-words.lm", "en-us-words.dict"):
        assert (tmp_path / made).read_bytes() == (WORD_MODEL.parent / made).read_bytes()
    assert (
        "ngram 2=40000" in WORD_MODEL.read_text(encoding="utf-8")[:100]
    )  # 20,000 words, each starting and ending
    refused = subprocess.run(
        [sys.executable, str(script), "--words", "0"], capture_output=True, text=True
    )
    assert refused.returncode != 0 and "Traceback" not in refused.stderr


@pytest.mark.slow
def test_open_speech_favours_the_hints(sphinx):
    sphinx.set_vocabulary(Vocabulary(free=True, hints=("giraffe", "banana", "red bus")))
    spoken = scene(["giraffe", "hello world"], "en-us")
    result = [f.alternatives for f in finals(run(sphinx, spoken.audio))]
    assert result[0][0].text == "giraffe"
    assert result[1] and result[1][0].text not in (
        "giraffe",
        "banana",
        "red bus",
    )  # the n-gram model's guess
    sphinx.set_vocabulary(Vocabulary(phrases=COMMANDS))  # back to closed: chatter is empty again
    assert finals(run(sphinx, scene(["hello world"]).audio))[0].text == ""


DRAWINGS = ("a fork", "fork", "a cup", "cup", "a pan", "pan", "a kettle", "kettle")


def test_a_list_of_hints_is_heard_where_the_ask_takes_several():
    """What the Fake's names ask takes a player's drawings in one breath: the grammar hears the
    hints one after another, joined by "and" or a pause; where an ask takes one, the list is no
    phrase and the word model's guess comes back instead."""
    said = "a fork, a cup and a pan"
    sphinx = SphinxRecognizer()
    sphinx.set_vocabulary(Vocabulary(("nothing",), free=True, hints=DRAWINGS, several=True))
    assert finals(run(sphinx, scene([said], "en-us").audio))[0].text == "a fork a cup and a pan"
    sphinx = SphinxRecognizer()
    sphinx.set_vocabulary(Vocabulary(("nothing",), free=True, hints=DRAWINGS))
    assert finals(run(sphinx, scene([said], "en-us").audio))[0].text != "a fork a cup and a pan"


def test_only_a_list_of_the_hints_is_an_answer_of_several():
    sphinx = SphinxRecognizer()
    sphinx.set_vocabulary(Vocabulary(("nothing",), free=True, hints=DRAWINGS, several=True))
    for text in ("a fork", "a fork a cup", "fork and a cup and pan", "nothing"):
        assert sphinx._fits(text), text
    for text in ("a fork uh a cup", "and a fork", "a fork and", "fork nothing"):
        assert not sphinx._fits(text), text
    sphinx.set_vocabulary(Vocabulary(("nothing",), free=True, hints=DRAWINGS))
    assert sphinx._fits("a fork") and not sphinx._fits("a fork a cup")


@pytest.mark.skipif(
    not (HUMAN / "cards").is_dir(), reason="PocketSphinx's test recordings are not installed"
)
def test_real_human_recordings():
    """Cards read by a person are heard as the cards; read sentences from LibriVox are not."""
    ranks = "ace two three four five six seven eight nine ten jack queen king".split()
    cards = tuple(f"{r} of {s}" for r in ranks for s in ("clubs", "hearts", "diamonds", "spades"))
    transcripts = {
        "001": "ten of clubs",
        "002": "four queen of clubs",
        "003": "seven of clubs",
        "004": "five five",
        "005": "eight of spades four of clubs seven of hearts",
    }
    recognizer = SphinxRecognizer()
    recognizer.set_vocabulary(Vocabulary(phrases=cards + tuple(transcripts.values()) + COMMANDS))
    for name, text in transcripts.items():
        audio = silence(0.5) + read_wav(HUMAN / "cards" / f"{name}.wav") + silence(1.0)
        assert [f.text for f in finals(run(recognizer, audio))] == [text], name
    for wav in sorted((HUMAN / "librivox").glob("*.wav"))[:3]:
        for final in finals(run(recognizer, silence(0.5) + read_wav(wav) + silence(1.0))):
            assert final.text == "", wav.name


def test_choosing_a_recogniser(tmp_path):
    assert (
        describe(open_recognizer("sphinx"))
        == "PocketSphinx (English model from the pocketsphinx package)"
    )
    with pytest.raises(SpeechError) as error:
        open_recognizer("vosk", models_dir=tmp_path)
    assert str(error.value) == NO_VOSK_MODEL
    with pytest.raises(SpeechError, match="Unknown recogniser"):
        open_recognizer("kaldi")
    with pytest.raises(SpeechError, match="was not found"):
        open_recognizer("vosk", model=tmp_path / "nowhere")
    (tmp_path / "vosk-model-small-en-us-0.15" / "am").mkdir(parents=True)
    (tmp_path / "notes").mkdir()
    assert find_vosk_model(tmp_path) == tmp_path / "vosk-model-small-en-us-0.15"


def test_music_alone_is_not_taken_for_commands_and_a_command_over_it_is():
    """The bench's music (make_corpus.music_track: plucked chords, bass and drums) with nobody
    speaking: the grammar hears commands in it ("undo" in a drum beat), and the engine's reading
    takes none of them, for their words stand no louder than the music around them (Final.stands)
    or last less than anyone says a phrase. A command said 20 dB over the music is taken."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    import numpy as np
    from make_corpus import music_track

    from gm.cli import common_lines
    from gm.dialog.engine import interpret, listening_commands
    from gm.dialog.intents import Command, Matcher
    from gm.speech.synth import mix

    _, commands = common_lines()
    matcher = Matcher((), listening_commands(commands))
    music = music_track(24.0, np.random.default_rng(3))
    recognizer = SphinxRecognizer()
    recognizer.set_vocabulary(matcher.vocabulary(endpoint=0.5))
    voice = synthesize("what's the score")
    heard_alone = []
    for snr in (10.0, 6.0):  # the music as loud as under a voice 10 and 6 dB over it
        recognizer.reset()
        alone = mix(silence(20.0) + voice, music, snr)[: 20 * 16000 * 2]
        heard_alone += [f for f in finals(run(recognizer, alone)) if f.text]
    # the grammar does take the music for commands ("undo" in a drum beat at 6 dB; which level
    # finds one moves with the voice the music's level is set from: at 10 dB when the test voices
    # were resampled by linear interpolation)...
    assert heard_alone
    assert [interpret(f, matcher, False, 0.5).match for f in heard_alone] == [None] * len(
        heard_alone
    )  # ...gm does not
    recognizer.reset()
    said = mix(silence(3.0) + synthesize("undo") + silence(1.5), music[16000 * 2 * 10 :], 20.0)
    taken = [
        m
        for m in (interpret(f, matcher, False, 0.5).match for f in finals(run(recognizer, said)))
        if m
    ]
    assert [m.command for m in taken] == [Command.UNDO]
