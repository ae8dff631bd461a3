"""The endpointer's thresholds, each tried on both sides (scripts/mutate --thresholds endpointer
moves each a little and these must notice). Each is written here as the number it is documented
to be, not read from the code: a test that read it would move with it.

The levels are made exactly: each 30 ms frame a tone whose int16 RMS is the level wanted, so a
phrase "stands" over the rest of its utterance by exactly the dB the test says. The Segmenter's
own settings are tried with espeak-ng's speech and silence, the VAD deciding as it does for gm.
"""

from __future__ import annotations

import numpy as np
import pytest

from gm.speech.asr.segment import (
    FRAME_BYTES,
    FRAME_SAMPLES,
    FRAME_SECONDS,
    Audio,
    Began,
    Ended,
    Segmenter,
    SegmenterSettings,
    grammar_final,
    loud_core,
    word_timing,
)
from gm.speech.base import RATE, Alternative, AudioChunk, Final
from gm.speech.synth import silence, synthesize

PHRASE_MARGIN_DB = 12.0  # dB over the rest: the words took their own time
DOUBTED = 0.5  # a grammar's choice under this confidence is doubted
ENDPOINT = 0.7  # seconds of non-speech that end an utterance
PREROLL = 10  # frames before the first speech frame given to the decoder


def frames(*levels: float) -> bytes:
    """One 30 ms frame of a 440 Hz tone at each level (dB of int16 RMS, as the endpointer
    measures it); the tone starts each frame at its phase 0, so every frame has the same RMS."""
    t = np.arange(FRAME_SAMPLES) / RATE
    out = []
    for level in levels:
        amplitude = np.sqrt(2.0) * 10 ** (level / 20.0)
        out.append(np.round(amplitude * np.sin(2 * np.pi * 440.0 * t)).astype("<i2"))
    return np.concatenate(out).tobytes()


WORDS = 10  # frames the phrase's words take, from the utterance's start


def words_then(*rest: float, loud: float = 70.0) -> dict:
    """word_timing for words at `loud` dB filling the first WORDS frames, then frames at `rest`."""
    audio = frames(*([loud] * WORDS), *rest)
    return word_timing(audio, (0.0, WORDS * FRAME_SECONDS))


@pytest.mark.parametrize(
    "margin, said", [(PHRASE_MARGIN_DB + 0.3, True), (PHRASE_MARGIN_DB - 0.3, False)]
)
def test_words_standing_the_phrase_margin_over_the_rest_took_their_own_time(margin, said):
    timing = words_then(*([70.0 - margin] * 20))
    assert timing["stands"] == pytest.approx(margin, abs=0.1)
    assert (timing["said"] is not None) is said
    assert timing["buried"] is not said


def test_the_three_frames_after_the_words_are_their_edge_not_the_rest():
    """A loud frame three frames past the words' end is the words' edge (left out of the rest);
    one four frames past is the rest's."""
    # a short rest, so that one loud frame in it moves its loud tenth
    edge = words_then(40.0, 40.0, 70.0, 40.0, 40.0, 40.0, 40.0)  # the third frame after: left out
    rest = words_then(40.0, 40.0, 40.0, 70.0, 40.0, 40.0, 40.0)  # the fourth: counted
    assert edge["stands"] == pytest.approx(30.0, abs=0.1)
    assert rest["stands"] < 29.0


def test_the_three_frames_before_the_words_are_their_edge_not_the_rest():
    audio_edge = frames(40.0, 40.0, 40.0, 40.0, 70.0, 40.0, 40.0, *([70.0] * WORDS))
    audio_rest = frames(40.0, 40.0, 40.0, 70.0, 40.0, 40.0, 40.0, *([70.0] * WORDS))
    start = 7 * FRAME_SECONDS
    edge = word_timing(audio_edge, (start, start + WORDS * FRAME_SECONDS))
    rest = word_timing(audio_rest, (start, start + WORDS * FRAME_SECONDS))
    assert edge["stands"] == pytest.approx(30.0, abs=0.1)
    assert rest["stands"] < 29.0


def heard(choice: str, confidence: float, buried: bool = True, seconds: float = 1.0) -> Final:
    return Final((Alternative(choice, confidence),), 0.0, seconds, buried=buried)


@pytest.mark.parametrize(
    "confidence, kept", [(DOUBTED - 0.01, False), (DOUBTED, True), (DOUBTED + 0.01, True)]
)
def test_a_buried_choice_is_dropped_only_under_the_doubt_threshold(confidence, kept):
    final = grammar_final(heard("three", confidence), frozenset({"three"}), frozenset())
    assert bool(final.alternatives) is kept


def test_a_buried_command_is_kept_however_doubted():
    final = grammar_final(heard("repeat", 0.1), frozenset({"repeat"}), frozenset({"repeat"}))
    assert final.alternatives


@pytest.mark.parametrize("saved, cut", [(0.48, False), (0.51, True)])
def test_the_loud_core_is_cut_out_only_when_it_saves_half_a_second(saved, cut):
    """Ten frames of quiet either side of the voice are kept as its margin; what lies beyond them
    is saved by cutting."""
    beyond = round(saved / FRAME_SECONDS)
    audio = frames(*([70.0] * 20), *([30.0] * (10 + beyond)))
    core = loud_core(audio)
    assert (core is not None) is cut
    if cut:
        assert len(core) == (20 + 10) * FRAME_SAMPLES * 2


# -- the Segmenter's settings, with speech and silence -------------------------------------------


def by_frame(audio: bytes, settings: SegmenterSettings | None = None):
    """(frame index, events) for each 30 ms frame of `audio` pushed alone into one Segmenter."""
    return by_frame_into(Segmenter(settings), audio)


def by_frame_into(segmenter: Segmenter, audio: bytes, start: float = 0.0):
    """The same, into `segmenter`, the source clock starting at `start` seconds."""
    for index in range(len(audio) // FRAME_BYTES):
        chunk = audio[index * FRAME_BYTES : (index + 1) * FRAME_BYTES]
        yield index, segmenter.push(AudioChunk(chunk, start + index * FRAME_SECONDS))


@pytest.fixture(scope="module")
def word() -> bytes:
    return synthesize("three", "en-us", 160, 50)


@pytest.mark.parametrize("gap, utterances", [(0.3, 1), (1.2, 2)])
def test_a_pause_shorter_than_the_endpoint_keeps_one_utterance(word, gap, utterances):
    """A breath inside an answer is no end; a pause longer than the endpoint is (the endpoint's
    own time is the next test's)."""
    audio = silence(0.5) + word + silence(gap) + word + silence(1.5)
    found = [e for _, got in by_frame(audio) for e in got if isinstance(e, Ended)]
    assert len(found) == utterances


def test_an_utterance_ends_the_endpoint_after_its_last_speech(word):
    """The end is known once 0.7 s of non-speech have passed: found in the chunk that holds
    that moment."""
    audio = silence(0.5) + word + silence(2.0)
    index, ended = next(
        (index, e) for index, got in by_frame(audio) for e in got if isinstance(e, Ended)
    )
    when = (index + 1) * FRAME_SECONDS  # the end of the frame it was found in
    # 0.7 s of non-speech is reached in the 24th frame after the last speech frame (23 frames
    # are 0.69 s): the end is the end of that last speech frame
    frames_after = -(-ENDPOINT // FRAME_SECONDS)  # rounded up
    assert frames_after == 24
    assert when - ended.end == pytest.approx(frames_after * FRAME_SECONDS, abs=1e-9)


def test_speech_begins_at_its_first_speech_frame_with_the_preroll_before_it(word):
    """Pushed a frame at a time: when speech is found to have begun, the decoder gets the
    preroll's ten frames before the first speech frame and every frame since."""
    audio = silence(1.0) + word + silence(1.5)
    index, got = next((index, got) for index, got in by_frame(audio) if got)
    began, first_audio = got
    assert isinstance(began, Began)
    assert 0.9 <= began.at <= 1.15  # espeak-ng's word starts with a breath of its own
    first = round(began.at / FRAME_SECONDS)
    assert len(first_audio.data) // FRAME_BYTES == PREROLL + (index - first + 1)


def test_an_utterance_that_never_pauses_is_cut_at_four_hundred_frames(word):
    """12 s: chatter must not hold the decoder. Counted from the first frame passed on (the
    preroll's included), a frame at a time."""
    speech = word * 40
    assert len(speech) / 2 / RATE > 14.0
    passed = 0
    for _, got in by_frame(silence(0.5) + speech):
        passed += sum(len(e.data) // FRAME_BYTES for e in got if isinstance(e, Audio))
        if any(isinstance(e, Ended) for e in got):
            break
    assert passed == 400


START_FRAMES = 5  # speech frames, among the last eight, that begin an utterance


def test_speech_begins_once_five_frames_of_it_are_heard():
    """A steady voice-loud tone after silence: the utterance begins at the fifth frame of it, and
    begins where the tone began."""
    audio = silence(1.0) + frames(*([60.0] * 20)) + silence(1.0)
    tone = round(1.0 / FRAME_SECONDS)  # the tone's first frame
    index, got = next((index, got) for index, got in by_frame(audio) if got)
    assert isinstance(got[0], Began)
    assert round(got[0].at / FRAME_SECONDS) == tone
    assert index - tone + 1 == START_FRAMES


def test_a_pause_gives_the_decoder_ten_frames_and_holds_the_rest():
    """After the last speech frame, the next frame still counts as speech (two of the last three
    were), then ten frames of the pause are passed on and the rest held back: the last audio passed
    on comes 24 - 1 - 10 = 13 frames before the end is found (0.7 s is the 24th frame)."""
    audio = silence(1.0) + frames(*([60.0] * 20)) + silence(2.0)
    last = None
    for index, got in by_frame(audio):
        if any(isinstance(e, Audio) for e in got):
            last = index
        if any(isinstance(e, Ended) for e in got):
            assert index - last == 13
            return
    raise AssertionError("the utterance never ended")


def test_a_pause_held_back_is_passed_on_when_speech_comes_back():
    """Nothing said is lost: every frame from the preroll to the end of the second sound reaches
    the decoder, in order, when the pause between them (18 frames) is longer than the ten passed
    on but shorter than the endpoint."""
    audio = silence(1.0) + frames(*([60.0] * 20), *([0.0] * 18), *([60.0] * 20)) + silence(2.0)
    passed = b""
    for index, got in by_frame(audio):
        passed += b"".join(e.data for e in got if isinstance(e, Audio))
        ended = [e for e in got if isinstance(e, Ended)]
        if ended:
            first = round(ended[0].start / FRAME_SECONDS)
            assert len(passed) == (PREROLL + (index - first + 1) - (24 - 1 - 10)) * FRAME_BYTES
            # the second sound's frames came after the pause's, none lost or doubled
            assert len(ended) == 1 and ended[0].end - ended[0].start > 56 * FRAME_SECONDS
            return
    raise AssertionError("the utterance never ended")


# -- the noise floor's gate (the steady-noise suppressor left out: SegmenterSettings'
# steady_spread_db=None, so a steady tone stays a room's noise as it is) -----------------------

FLOOR_MARGIN_DB = 12.0  # a frame over a room that is not quiet is speech this far over its floor
FLOOR_QUIET_DB = 38.0  # a floor under this is a quiet room: the VAD alone decides
FLOOR_FRAMES = 67  # the floor is the quietest 90 ms of the last 2 s (67 frames)
GATED = SegmenterSettings(steady_spread_db=None)


def begins(audio: bytes, settings: SegmenterSettings = GATED) -> bool:
    return any(isinstance(e, Began) for _, got in by_frame(audio, settings) for e in got)


ROOM = 50.0  # dB: a room the VAD calls speech throughout, well over a quiet one


@pytest.mark.parametrize(
    "over, heard", [(FLOOR_MARGIN_DB + 0.3, True), (FLOOR_MARGIN_DB - 0.3, False)]
)
def test_in_a_noisy_room_a_voice_must_stand_the_margin_over_the_floor(over, heard):
    room = frames(*([ROOM] * 80))
    assert not begins(room + room)  # the room alone, speech to the VAD, is no utterance
    assert begins(room + frames(*([ROOM + over] * 20)) + room) is heard


@pytest.mark.parametrize(
    "room, noisy", [(FLOOR_QUIET_DB - 2.0, False), (FLOOR_QUIET_DB + 1.0, True)]
)
def test_a_room_is_quiet_under_its_threshold(room, noisy):
    """The faint noise gm adds to every frame (about 29.5 dB) lifts the floor by up to 0.7 dB
    here, hence the sides chosen."""
    audio = frames(*([room] * 80)) + frames(*([70.0] * 20)) + frames(*([room] * 40))
    ended = [e for _, got in by_frame(audio) for e in got if isinstance(e, Ended)]
    assert [e.noisy for e in ended] == [noisy]


@pytest.mark.parametrize("after, heard", [(FLOOR_FRAMES - 6, True), (FLOOR_FRAMES - 5, False)])
def test_the_floor_remembers_a_quiet_moment_for_two_seconds(after, heard):
    """A 90 ms dip to 40 dB, `after` frames of the room, then a voice 12.5 dB over the dip but
    only 2.5 over the room: it is heard while the dip is the floor, so only when its fifth frame
    (the one that begins an utterance) comes within the 67 frames that remember the dip."""
    audio = (
        frames(*([ROOM] * 70))
        + frames(40.0, 40.0, 40.0)
        + frames(*([ROOM] * after))
        + frames(*([52.5] * 20))
        + frames(*([ROOM] * 10))
    )
    assert begins(audio) is heard


STEADY_SPREAD_DB = 2.5  # a noisy room whose quietest quarter lies within this is steady noise


@pytest.mark.parametrize(
    "spread, steady", [(STEADY_SPREAD_DB - 0.2, True), (STEADY_SPREAD_DB + 0.2, False)]
)
def test_a_room_is_steady_noise_when_its_quiet_quarter_lies_within_the_spread(spread, steady):
    """A tone room at 50 dB + `spread` with a 150 ms dip to 50 dB inside the last two seconds:
    the dip is the floor, and the quarter of the floor's 67 levels above it lie `spread` over it
    (the faint noise gm adds takes 0.01 dB off)."""
    audio = (
        frames(*([ROOM + spread] * 70)) + frames(*([ROOM] * 5)) + frames(*([ROOM + spread] * 20))
    )
    segmenter = Segmenter()
    for _ in by_frame_into(segmenter, audio):
        pass
    assert segmenter.steady is steady


def test_words_placed_on_no_frame_are_not_timed():
    assert word_timing(frames(*([70.0] * 20)), (0.3, 0.3)) == {
        "said": None,
        "buried": True,
        "stands": None,
    }


def test_words_stand_by_their_loud_tenth():
    """Words rising from 60 to 69 dB over a rest at 40: their loud tenth (the 90th percentile,
    68.1 dB) against the rest's, not their loudest frame or their middle."""
    timing = word_timing(
        frames(*[60.0 + i for i in range(10)], *([40.0] * 10)), (0.0, 10 * FRAME_SECONDS)
    )
    assert timing["stands"] == pytest.approx(28.1, abs=0.05)


def test_a_phrase_heard_in_just_its_least_time_is_no_scrap():
    """least_seconds("three") is 0.16 s (the shortest any phrase takes): heard in exactly that
    long it is kept; in less, dropped."""
    three = frozenset({"three"})
    kept = Final((Alternative("three", 0.9),), 0.0, 0.16)
    assert grammar_final(kept, three, frozenset()).alternatives
    scrap = Final((Alternative("three", 0.9),), 0.0, 0.15)
    assert not grammar_final(scrap, three, frozenset()).alternatives


def test_the_loud_core_of_a_voice_in_the_middle_is_cut_either_side():
    audio = frames(*([30.0] * 40), *([70.0] * 20), *([30.0] * 40))
    core = loud_core(audio)
    assert core == audio[30 * FRAME_BYTES : 70 * FRAME_BYTES]  # ten frames kept either side
    assert loud_core(b"") is None


def test_a_cut_begins_where_its_audio_does_unless_told():
    segmenter = Segmenter()
    began, audio, ended = segmenter.cut(frames(*([60.0] * 10)))
    assert (began.at, ended.start, ended.end) == (0.0, 0.0, pytest.approx(0.3))
    assert len(audio.data) == 10 * FRAME_BYTES


def test_after_the_end_of_input_a_new_recording_is_endpointed_on_its_own_grid(word):
    """finish() ends what was under way and forgets the part frame it held: the same audio fed
    again (its clock going on) gives the same utterance, moved by its length."""
    audio = silence(0.5) + word + silence(1.0) + b"\x01\x00" * 100  # a part frame at the end
    segmenter = Segmenter()
    seconds = len(audio) / 2 / RATE
    first = segmenter.push(AudioChunk(audio, 0.0)) + segmenter.finish()
    again = segmenter.push(AudioChunk(audio, seconds)) + segmenter.finish()
    ends = [(e.start, e.end) for e in first if isinstance(e, Ended)]
    ends_again = [(e.start - seconds, e.end - seconds) for e in again if isinstance(e, Ended)]
    assert len(ends) == 1 and ends_again == [pytest.approx(ends[0], abs=1e-6)]


def test_an_utterance_is_over_the_limit_only_when_its_speech_lasts_longer():
    """Speech longer than the ask's limit is overlong (no decoder hears it). The speech's span,
    first speech frame to last, is what the limit is held against: a limit a millisecond
    shorter than it makes it overlong, one just as long does not."""
    audio = silence(1.0) + frames(*([60.0] * 20)) + silence(1.5)

    def ended(limit: float | None) -> Ended:
        segmenter = Segmenter()
        segmenter.set_limit(limit)
        got = [e for _, events in by_frame_into(segmenter, audio) for e in events]
        return next(e for e in got if isinstance(e, Ended))

    span = ended(None).end - ended(None).start
    assert not ended(None).overlong
    assert ended(span - 0.001).overlong
    assert not ended(span).overlong


def test_a_recogniser_hears_a_cut_utterance_at_the_times_it_is_told(word):
    """`hear` (the benches' perfect cut, the endpointer bypassed): the Final lies where the
    speech is said to lie in the audio, from `start`, in the room it is told."""
    from gm.speech.asr.sphinx import SphinxRecognizer
    from gm.speech.base import Vocabulary

    sphinx = SphinxRecognizer()
    sphinx.set_vocabulary(Vocabulary(("one", "two", "three")))
    audio = silence(0.3) + word + silence(0.3)
    final = sphinx.hear(audio, 2.0, True, (0.3, 0.8))
    assert (final.text, final.start, final.end, final.noisy) == ("three", 2.3, 2.8, True)
    plain = sphinx.hear(audio)
    assert (plain.text, plain.start, plain.noisy) == ("three", 0.0, False)
    assert plain.end == pytest.approx(len(audio) // FRAME_BYTES * FRAME_SECONDS)


def test_the_loud_core_is_measured_from_the_loud_tenth_of_the_utterance():
    """A voice rising 2 dB a frame from 40 to 78 between 30 dB quiets: the loud tenth of the 100
    frames lies at 58.2 dB (the 90th percentile, between the 90th and 91st frames sorted), so
    the core starts at the first frame within 12 dB of it, 48 dB, the fifth of the rise."""
    audio = frames(*([30.0] * 40), *[40.0 + 2 * i for i in range(20)], *([30.0] * 40))
    core = loud_core(audio)
    assert core == audio[(40 + 4 - 10) * FRAME_BYTES : (60 + 10) * FRAME_BYTES]


def test_the_rest_of_an_utterance_is_measured_by_its_loud_tenth():
    """Words at 70 dB, then three frames of their edge, then a rest rising from 30 to 49: the
    rest's loud tenth is 47.1 dB, so the words stand 22.9 dB over it."""
    timing = words_then(40.0, 40.0, 40.0, *[30.0 + i for i in range(20)])
    assert timing["stands"] == pytest.approx(22.9, abs=0.05)


def test_how_far_words_stand_is_given_to_a_tenth_of_a_db():
    """A rest rising 0.3 dB a frame from 30 dB: its loud tenth is 30 + 0.9 * 19 * 0.3 = 35.13
    dB, so words at 70 stand 34.87 dB over it, given as 34.9."""
    timing = words_then(40.0, 40.0, 40.0, *[30.0 + 0.3 * i for i in range(20)])
    assert timing["stands"] == 34.9


def test_an_endpoint_set_for_the_ask_ends_the_utterance_that_long_after_its_speech():
    """0.75 s is 25 frames exactly: the end is found in the 25th frame after the last speech
    frame, not the 24th (the default 0.7 s) nor the 26th."""
    segmenter = Segmenter()
    segmenter.set_endpoint(0.75)
    audio = silence(1.0) + frames(*([60.0] * 20)) + silence(2.0)
    index, ended = next(
        (index, e)
        for index, got in by_frame_into(segmenter, audio)
        for e in got
        if isinstance(e, Ended)
    )
    last_speech = round(ended.end / FRAME_SECONDS) - 1
    assert index - last_speech == 25


def test_speech_in_a_recordings_first_frames_is_passed_on_from_its_first_frame():
    """A voice three frames into a recording: the preroll reaches back to the very first frame."""
    audio = frames(0.0, 0.0, 0.0, *([60.0] * 20)) + silence(1.5)
    index, got = next((index, got) for index, got in by_frame(audio) if got)
    began, first_audio = got
    assert round(began.at / FRAME_SECONDS) == 3
    assert len(first_audio.data) == (index + 1) * FRAME_BYTES


def test_a_cut_drops_a_part_frame_at_the_end():
    nine_and_a_part = frames(*([60.0] * 10))[:-2]
    began, audio, ended = Segmenter().cut(nine_and_a_part)
    assert len(audio.data) == 9 * FRAME_BYTES
    assert ended.end == pytest.approx(9 * FRAME_SECONDS)


def test_a_recording_whose_clock_starts_late_is_endpointed_on_its_own_clock():
    """Pushed a frame at a time from 5 s on the source clock: the same utterance as from 0,
    five seconds later."""
    audio = silence(1.0) + frames(*([60.0] * 20)) + silence(1.5)

    def found(start: float) -> list[tuple[str, float]]:
        return [
            (type(e).__name__, e.at if isinstance(e, Began) else e.end)
            for _, got in by_frame_into(Segmenter(), audio, start)
            for e in got
            if isinstance(e, (Began, Ended))
        ]

    at_zero = found(0.0)
    assert [name for name, _ in at_zero] == ["Began", "Ended"]
    assert found(5.0) == [(name, pytest.approx(t + 5.0)) for name, t in at_zero]


def test_a_chunk_more_than_a_sample_off_the_clock_starts_a_new_grid():
    """After 33 frames of silence, a voice whose chunk starts a sample and a half late: a gap on
    the source clock, so frames are counted from the chunk's own start (one and a half samples
    off the old grid); half a sample late is the same clock."""
    quiet = silence(33 * FRAME_SECONDS)
    voice = frames(*([60.0] * 20)) + silence(1.5)

    def began(late_samples: float) -> float:
        segmenter = Segmenter()
        segmenter.push(AudioChunk(quiet, 0.0))
        start = 33 * FRAME_SECONDS + late_samples / RATE
        events = segmenter.push(AudioChunk(voice, start)) + segmenter.finish()
        return next(e.at for e in events if isinstance(e, Began))

    assert began(1.5) == pytest.approx(33 * FRAME_SECONDS + 1.5 / RATE, abs=1e-9)
    assert began(0.5) == pytest.approx(33 * FRAME_SECONDS, abs=1e-9)


def test_a_floors_spread_is_from_its_quietest_level_to_the_quarter_above():
    """67 frames (2 s): one at 20 dB, fourteen at 30, fifty-two at 50. The floor averages each
    frame with the two before it: 20, 25, 26.7, twelve at 30, 36.7, 43.3, fifty at 50. Sorted,
    the quarter (the 17th, index 67 // 4) is 43.3: the spread is 43.3 - 20 = 23.3 dB."""
    from gm.speech.asr.segment import _Floor

    floor = _Floor(FLOOR_FRAMES)
    for level in [20.0] + [30.0] * 14 + [50.0] * 52:
        floor.above(np.frombuffer(frames(level), dtype="<i2"), FLOOR_MARGIN_DB)
    assert floor.full
    assert floor.db == pytest.approx(20.0, abs=0.05)
    assert floor.spread() == pytest.approx(43.33 - 20.0, abs=0.05)


@pytest.mark.parametrize("full_scale", [32767, -32768])
def test_the_faint_noise_added_to_a_full_scale_frame_is_clipped_not_wrapped(full_scale):
    """The comfort noise (a few tens of the int16 scale) added to audio at full scale stays at
    full scale: it never wraps round to the other end."""
    audio = np.full(10 * FRAME_SAMPLES, full_scale, dtype="<i2").tobytes()
    _, passed, _ = Segmenter().cut(audio)
    samples = np.frombuffer(passed.data, dtype="<i2").astype(int)
    assert np.all(np.abs(samples - full_scale) < 300)
    assert np.any(samples == full_scale)


def test_steady_noise_after_a_quiet_room_is_steady_once_heard_for_two_seconds_as_noise():
    """A quiet room, then a steady tone at 50 dB: the floor rises over the quiet threshold when
    the 67 frames it remembers are all the tone's, and the suppressor, which learns nothing while
    the room is quiet, must then hear the room for 67 frames more before it is called steady."""
    quiet, noisy = 100, 180
    audio = frames(*([30.0] * quiet)) + frames(*([ROOM] * noisy))
    segmenter = Segmenter()
    steady = []
    for index, _ in by_frame_into(segmenter, audio):
        steady.append(segmenter.steady)
    assert not any(steady[: quiet + 2 * FLOOR_FRAMES - 10])  # steady from frame 232
    assert all(steady[quiet + 2 * FLOOR_FRAMES + 5 :])


def test_without_a_suppressor_no_room_is_steady_noise():
    """With `steady_spread_db` None the suppressor is left out: the steadiest room is heard as it
    is (as where webrtc-noise-gain is not installed)."""
    segmenter = Segmenter(GATED)
    for _ in by_frame_into(segmenter, frames(*([ROOM] * 200))):
        pass
    assert segmenter.steady is False
