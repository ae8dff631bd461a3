"""PocketSphinx behind the Recognizer port: the recogniser that works with no download.

Closed vocabularies are a finite-state grammar of the phrases beside a garbage loop of
frequent English words, so off-script speech is explained by the loop and comes back empty
instead of being forced onto the nearest phrase. Open speech uses the bundled n-gram model.
"""

from __future__ import annotations

import logging
import math
import mmap
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from pathlib import Path
from typing import Iterable, Mapping

import pocketsphinx

from gm.speech.asr.segment import (
    FRAME_BYTES,
    Audio,
    Began,
    Ended,
    Endpointed,
    Segmenter,
    grammar_final,
    loud_core,
    word_timing,
)
from gm.speech.base import (
    RATE,
    Alternative,
    AsrEvent,
    Final,
    Partial,
    SpeechError,
    SpeechStarted,
    Vocabulary,
)

log = logging.getLogger(__name__)

# Frequent English words: the garbage path. A sentence is mostly made of words like these, a
# command is not; each one costs GARBAGE_WORD_PROB so a phrase wins whenever it fits well.
# No "on": it swallows the middle of "unanimous" and the "I" of "I challenge" in British voices
# (it had always been a command's word, "hold on", and so never in the loop until that went).
GARBAGE_WORDS = tuple(
    """
the of and to a in is it you that he was are with as i his they be at have this from or had
by not but what some we can out other were all there when up use your how said an each she which
do their time if will way about many then them would like so these her long make thing see him
has look more day could go come did sound most people my over know water than call first who may
down side been now find any new work part take get place made live where after back little only
round man year came show every good me give our under name very through just form great think say
low line turn much mean before move right boy old too same tell does set want air well also play
small end put home read hand large even land here must big high such why ask men went light kind
off need house try us again point world near build head stand own page should found answer
""".split()
)
GARBAGE_WORD_PROB = 1e-23  # measured on espeak-ng: 95% of phrases kept, all read sentences rejected
FREE_GARBAGE_WORD_PROB = (
    1e-26  # open speech: lean towards the hints, the n-gram model catches the rest
)
NBEST = 5
# A list of hints (Vocabulary.several): the chance of one more after "and", or after a pause.
LIST_AND = 0.3
LIST_PAUSE = 0.3
# A list is decoded again with its own cepstral mean (as a word said alone is) up to this long.
LIST_SECONDS = 6.0
# Open speech (a Funocracy answer: one word) is heard with a word model made by
# scripts/make_word_lm.py from PocketSphinx's own: its 20,000 most frequent words and how likely
# each is to start and end what someone says. The trigram model took 90 MB with its decoder.
WORD_MODEL = Path(__file__).resolve().parent / "data" / "en-us-words.lm"
WORD_DICTIONARY = WORD_MODEL.with_suffix(".dict")
# The n-gram search keeps at most this many HMMs and words a frame: 3.3 times faster than the
# defaults (real-time factor 0.12 against 0.41 on this machine) with the same words out on
# espeak-ng single words; its guesses only matter when no phrase or hint fits.
FREE_SEARCH = {"maxhmmpf": 2000, "maxwpf": 10}
CONFIDENCE_SCALE = 250.0  # score units (log base 1.0001, shifted) per e-fold of relative confidence
PARTIAL_EVERY = 10  # frames between partial hypotheses
# A command can come at any moment and is mostly not confirmed, so one heard in a long utterance is
# checked against open transcription (the word model): talk comes back as many words ("but if
# you can we gotta kinda silly blaming someone" where the grammar heard "what is the score").
TALK_CHECK_SECONDS = 1.2  # commands said alone are shorter; ones heard in talk mostly longer
TALK_EXTRA_WORDS = 4  # more words than the command's own plus these: talk
REDECODE_SECONDS = 3.0  # longer utterances are chatter, not worth a second pass
# A cepstral mean shift (Euclidean) worth decoding again for; utterances drift by 5-8. Against
# 10, 6 hears 2 more clean clips, 2 more commands and 10 more noisy ones, and takes 3 fewer wrong,
# for about a fifth more CPU (docs/recognition.md).
CMN_REDECODE = 6.0

# A slow voice stretches a short answer ("seven", "meh" at 130 words a minute) over more frames
# than its phones like, and the garbage loop's short words fit it better. An utterance of up to
# BRISK_SECONDS that the loop won is looked at again at BRISK_FRATE frames a second (the model's
# are 100), as if said 1.25 times faster, for the ask's answers of up to BRISK_WORDS words, in a
# quiet room (in noise, where the loop wins most utterances, it heard no more answers for its CPU).
# Commands stay out: in noise the second look made them up, and in a quiet room it heard one or two
# more right and one wrong (docs/recognition.md). What it hears
# is doubted (Final.doubted), so gm asks first: en-gb's "seven" at 160 came out of it as "one".
BRISK_FRATE = 80
BRISK_SECONDS = 1.5
BRISK_WORDS = 2

_PHONES = set(
    "AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW "
    "V W Y Z ZH".split()
)
_VOWELS = set("aeiouy")
# Graphemes longest first; a crude letter-to-sound fallback for words the dictionary lacks.
_GRAPHEMES = (
    ("tion", "SH AH N"),
    ("eigh", "EY"),
    ("ough", "AO"),
    ("igh", "AY"),
    ("tch", "CH"),
    ("ch", "CH"),
    ("sh", "SH"),
    ("th", "TH"),
    ("ph", "F"),
    ("wh", "W"),
    ("ck", "K"),
    ("ng", "NG"),
    ("qu", "K W"),
    ("kn", "N"),
    ("wr", "R"),
    ("ee", "IY"),
    ("ea", "IY"),
    ("oo", "UW"),
    ("ai", "EY"),
    ("ay", "EY"),
    ("oa", "OW"),
    ("ou", "AW"),
    ("ow", "OW"),
    ("oi", "OY"),
    ("oy", "OY"),
    ("au", "AO"),
    ("aw", "AO"),
    ("ie", "IY"),
    ("ey", "EY"),
    ("ue", "UW"),
    ("ew", "UW"),
    ("ar", "AA R"),
    ("er", "ER"),
    ("ir", "ER"),
    ("ur", "ER"),
    ("or", "AO R"),
    ("a", "AE"),
    ("b", "B"),
    ("c", "K"),
    ("d", "D"),
    ("e", "EH"),
    ("f", "F"),
    ("g", "G"),
    ("h", "HH"),
    ("i", "IH"),
    ("j", "JH"),
    ("k", "K"),
    ("l", "L"),
    ("m", "M"),
    ("n", "N"),
    ("o", "AA"),
    ("p", "P"),
    ("q", "K"),
    ("r", "R"),
    ("s", "S"),
    ("t", "T"),
    ("u", "AH"),
    ("v", "V"),
    ("w", "W"),
    ("x", "K S"),
    ("y", "Y"),
    ("z", "Z"),
)
_LONG = {"a": "EY", "e": "IY", "i": "AY", "o": "OW", "u": "UW"}


def letters_to_phones(word: str) -> str | None:
    """ARPABET for a word the dictionary lacks ('meh' -> 'M EH'); None if it has no letters."""
    word = re.sub(r"[^a-z]", "", word.lower())
    word = re.sub(r"(.)\1+", r"\1", word)  # 'mehh' -> 'meh', 'bb' -> 'b'
    if not word:
        return None
    phones: list[str] = []
    i = 0
    while i < len(word):
        rest = word[i:]
        nxt = word[i + 1] if i + 1 < len(word) else ""
        if rest == "e" and i > 1:  # silent final e
            break
        if rest[0] == "h" and i > 0 and word[i - 1] in _VOWELS and nxt not in _VOWELS:
            i += 1  # 'meh', 'ah': h after a vowel and before no vowel is silent
            continue
        if rest[0] in "cg" and nxt in ("e", "i", "y"):
            phones.append("S" if rest[0] == "c" else "JH")
            i += 1
            continue
        if rest[0] == "y" and i > 0:
            phones.append("IY" if i == len(word) - 1 else "IH")
            i += 1
            continue
        if rest[0] in _LONG and len(rest) == 3 and rest[1] not in _VOWELS and rest[2] == "e":
            phones.append(_LONG[rest[0]])  # 'fake': a_e is long
            i += 1
            continue
        for graph, sound in _GRAPHEMES:
            if rest.startswith(graph):
                phones.extend(sound.split())
                i += len(graph)
                break
    collapsed = [p for k, p in enumerate(phones) if k == 0 or p != phones[k - 1]]
    return " ".join(collapsed) if collapsed else None


def _cmn_shift(before: str, after: str) -> float:
    """How far the cepstral mean moved, in units of its first (energy) coefficient."""
    a = [float(x) for x in before.split(",")]
    b = [float(x) for x in after.split(",")]
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b)))


def _decode(decoder: pocketsphinx.Decoder, audio: bytes, full_utt: bool = False) -> str:
    """Decode `audio` as one utterance; the best path's text ("" if none)."""
    decoder.start_utt()
    decoder.process_raw(audio, full_utt=full_utt)
    decoder.end_utt()
    hyp = decoder.hyp()
    return hyp.hypstr if hyp else ""


def words_of(phrase: str) -> list[str]:
    """Lower-case dictionary tokens of a phrase: letters, digits, apostrophes, inner hyphens."""
    return re.findall(r"[a-z0-9']+(?:-[a-z0-9']+)*", phrase.lower())


def entry_name(word: str, index: int) -> str:
    """How a dictionary spells a word's pronunciation number `index` (from 0): 'the', 'the(2)'."""
    return word if index == 0 else f"{word}({index + 1})"


class Lexicon:
    """The pronunciation dictionary, read from its file a few words at a time.

    A decoder loaded with the whole CMU dictionary holds about 21 MB of it (134,000 entries);
    the grammar decoders hold only the words they listen for, taught from here."""

    def __init__(self, path: str | Path) -> None:
        self._path = Path(path)
        self._known: dict[str, tuple[str, ...]] = {}

    def pronunciations(self, words: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """Each word's pronunciations, in the file's order of variants ('the', 'the(2)'), or ()."""
        wanted = list(dict.fromkeys(words))
        missing = [w for w in wanted if w not in self._known]
        if missing:
            found = self._read(
                b"|".join(re.escape(w.encode()) for w in sorted(missing, key=len, reverse=True))
            )
            self._known.update({w: found.get(w, ()) for w in missing})
        return {w: self._known[w] for w in wanted}

    def entries(self) -> dict[str, tuple[str, ...]]:
        """Every word of the file, in order, with its pronunciations (scripts/make_word_lm.py)."""
        return self._read(rb"[^\s(]+")

    def _read(self, names: bytes) -> dict[str, tuple[str, ...]]:
        """The entries whose word matches the pattern `names`: a line is the word, its variant
        number in brackets after the first ('the(2)'), then its phones, then perhaps a comment."""
        found: dict[str, list[tuple[int, str]]] = {}
        entry = re.compile(rb"^(" + names + rb")(?:\((\d+)\))?[ \t]+([^\r\n#]+)", re.MULTILINE)
        with open(self._path, "rb") as file:
            if os.fstat(file.fileno()).st_size:  # an empty file cannot be mapped
                with mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as data:
                    for match in entry.finditer(data):
                        variant = int(match.group(2) or 1)
                        found.setdefault(match.group(1).decode(), []).append(
                            (variant, " ".join(match.group(3).decode().split()))
                        )
        return {w: tuple(phones for _, phones in sorted(p)) for w, p in found.items()}


@lru_cache(maxsize=8)
def _lexicon_of(path: str, stamp: tuple[int, int]) -> Lexicon:
    return Lexicon(path)


def shared_lexicon(path: str | Path) -> Lexicon:
    """The one Lexicon of a dictionary file, as the file is now, for every recogniser in the
    process: a word is looked up in the file once, not once a recogniser."""
    stat = os.stat(path)
    return _lexicon_of(str(path), (stat.st_mtime_ns, stat.st_size))


@dataclass(frozen=True)
class _Plan:
    """What one vocabulary compiles to."""

    phrases: tuple[str, ...]  # closed phrases and hints, as the grammar spells them
    free: bool
    search: str | None  # name of the grammar search, None when there are no phrases
    commands: frozenset[str] = frozenset()  # those of `phrases` that are commands
    brisk: bool = False  # the brisk decoder listens too (a closed ask with short phrases)
    # hints that may come several in one breath (Vocabulary.several), as the grammar spells them
    listed: frozenset[str] = frozenset()


class SphinxRecognizer(Endpointed):
    """PocketSphinx 5 with its bundled US English model."""

    name = "sphinx"

    def __init__(
        self,
        hmm: str | Path | None = None,
        dictionary: str | Path | None = None,
        lm: str | Path | None = None,
        garbage: bool = True,
        garbage_prob: float = GARBAGE_WORD_PROB,
        search: Mapping[str, object] | None = None,
        phone_prob: float | None = None,
        garbage_entry: float | None = None,
    ) -> None:
        # garbage=False is the naive baseline of scripts/bench.py: a plain grammar of the
        # phrases, no garbage loop, no second pass; the best path is taken as it is.
        # garbage_prob, phone_prob (each phone of a phone loop beside the garbage words, the
        # classic filler model), garbage_entry (a loop entered and left by empty transitions, the
        # entry costing this; each garbage word then leaves one state instead of four) and search
        # (decoder settings such as beam) are there for the bench to measure what other settings
        # would buy and cost; gm itself uses the defaults.
        self._garbage = garbage
        self._phone_prob = phone_prob
        self._garbage_prob = garbage_prob
        self._garbage_entry = garbage_entry
        self._hmm = str(hmm or pocketsphinx.get_model_path("en-us/en-us"))
        self._dict = str(dictionary or pocketsphinx.get_model_path("en-us/cmudict-en-us.dict"))
        self._lm = str(lm or WORD_MODEL)
        self._lm_dict = (
            self._dict if lm else str(WORD_DICTIONARY)
        )  # the words the n-gram model may say
        for path in (self._hmm, self._dict, self._lm, self._lm_dict):
            if not Path(path).exists():
                raise SpeechError(f"The PocketSphinx model file {path} does not exist.")
        self.description = (
            "PocketSphinx (English model from the pocketsphinx package)"
            if hmm is None
            else f"PocketSphinx (model {self._hmm})"
        )
        self._search = dict(search or {})
        self._lexicon = shared_lexicon(self._dict)
        self._added: dict[
            str, tuple[str, ...]
        ] = {}  # word -> pronunciations the decoders were taught
        self._grammar = self._decoder(
            bestpath=False, **self._search
        )  # decides: a phrase or the garbage loop
        self._ranker = (
            self._decoder(bestpath=True) if garbage else None
        )  # re-ranks an accepted utterance
        # A second look at short utterances the garbage loop won, as if said faster (BRISK_FRATE).
        self._brisk = (
            self._decoder(bestpath=False, frate=BRISK_FRATE, **self._search) if garbage else None
        )
        # The word model's decoder: open speech, and the check of commands heard in long utterances.
        self._free = self._word_decoder() if garbage else None
        self._whole: pocketsphinx.Decoder | None = None  # open speech: grammar again, batch CMN
        self._whole_ranker: pocketsphinx.Decoder | None = None
        self._logmath = self._grammar.get_logmath()
        self._segmenter = Segmenter()
        self._plan = _Plan((), False, None)
        self._phrase_set: frozenset[str] = frozenset()
        self._searches = 0
        self._utterance: list[bytes] = []
        self._decoding = False
        self._frames = 0
        self._last_partial = ""
        self._cmn = ""
        self._cmn_learned = False  # until one utterance has taught the cepstral mean
        self._pronounceable(GARBAGE_WORDS)
        self._fillers = tuple(w for w in GARBAGE_WORDS if w in self._added)
        self.set_vocabulary(Vocabulary())

    def _decoder(
        self, bestpath: bool, lm: str | None = None, fwdflat: bool = True, **search
    ) -> pocketsphinx.Decoder:
        """A grammar decoder starts with no words (it is taught those it listens for); the n-gram
        decoder loads the dictionary of its language model's words."""
        try:
            decoder = pocketsphinx.Decoder(
                hmm=self._hmm,
                dict=self._lm_dict if lm else os.devnull,
                lm=lm,
                bestpath=bestpath,
                fwdflat=fwdflat,
                loglevel="FATAL",
                **search,
            )
        except (RuntimeError, ValueError) as error:
            raise SpeechError(
                f"PocketSphinx could not load its model from {self._hmm} ({error})."
            ) from None
        self._teach(decoder, list(self._added))
        return decoder

    def _word_decoder(self) -> pocketsphinx.Decoder:
        """The word model's n-gram decoder."""
        return self._decoder(bestpath=True, lm=self._lm, fwdflat=False, **FREE_SEARCH)

    def _teach(self, decoder: pocketsphinx.Decoder, words: list[str]) -> None:
        """Add `words` (known to self._added) with every pronunciation, updating the search once."""
        entries = [
            (entry_name(word, k), phones)
            for word in words
            for k, phones in enumerate(self._added[word])
        ]
        entries = [(name, phones) for name, phones in entries if decoder.lookup_word(name) is None]
        for index, (name, phones) in enumerate(entries):
            decoder.add_word(name, phones, index == len(entries) - 1)

    # -- vocabulary ---------------------------------------------------------------------------

    def _pronounceable(self, words: Iterable[str]) -> None:
        """Teach every decoder the words of `words` it can be taught: the dictionary's
        pronunciations, else a guess from the spelling ('meh', 'mehh', 'x-ray')."""
        new = [w for w in dict.fromkeys(words) if w not in self._added]
        if not new:
            return
        squeezed = {w: re.sub(r"(.)\1+", r"\1", w) for w in new}  # 'mehh' -> 'meh'
        known = self._lexicon.pronunciations(
            new + list(squeezed.values()) + [p for w in new if "-" in w for p in w.split("-")]
        )
        taught = []
        for word in new:
            pronunciations = known[word]
            if not pronunciations:
                phones = (
                    known[squeezed[word]][0]
                    if squeezed[word] != word and known[squeezed[word]]
                    else None
                )
                if phones is None and "-" in word:
                    parts = [(known[p] or (letters_to_phones(p),))[0] for p in word.split("-")]
                    phones = " ".join(parts) if all(parts) else None
                if phones is None:
                    phones = letters_to_phones(word)
                if not phones or not set(phones.split()) <= _PHONES:
                    continue
                log.info("PocketSphinx: pronouncing %r as %s", word, phones)
                pronunciations = (phones,)
            self._added[word] = pronunciations
            taught.append(word)
        for decoder in (
            self._grammar,
            self._ranker,
            self._brisk,
            self._free,
            self._whole,
            self._whole_ranker,
        ):
            if decoder is not None:
                self._teach(decoder, taught)

    def _usable(self, phrases: tuple[str, ...]) -> tuple[str, ...]:
        out: list[str] = []
        self._pronounceable(w for phrase in phrases for w in words_of(phrase))
        for phrase in phrases:
            words = words_of(phrase)
            if not words:
                if phrase.strip():
                    log.warning("PocketSphinx: skipping %r, it has no English words", phrase)
                continue
            missing = [w for w in words if w not in self._added]
            if missing:
                log.warning(
                    "PocketSphinx: skipping %r, no pronunciation for %s", phrase, ", ".join(missing)
                )
                continue
            text = " ".join(words)
            if text not in out:
                out.append(text)
        return tuple(out)

    def _fsg(
        self,
        decoder: pocketsphinx.Decoder,
        phrases: tuple[str, ...],
        garbage: float | None,
        several: bool = False,
    ):
        """Phrases as parallel word chains from state 0 to 1; optionally the garbage loop. With
        `several`, a phrase may follow another after "and" or a pause (a list of drawings): the
        recogniser checks that what it heard is a list of hints (`_fits`)."""
        final, next_state = 1, 2
        transitions: list[tuple] = []
        if several:
            transitions += [(final, 0, LIST_AND, "and"), (final, 0, LIST_PAUSE)]
        for phrase in phrases:
            words = phrase.split()
            state = 0
            for k, word in enumerate(words):
                target = final if k == len(words) - 1 else next_state
                if target == next_state:
                    next_state += 1
                transitions.append((state, target, 1.0 / len(phrases) if k == 0 else 1.0, word))
                state = target
        if garbage is not None:
            loop = next_state
            vocabulary = {
                part for p in phrases for w in p.split() for part in (w, w.split("'")[0])
            }  # "we're": "we" too
            fillers = [(word, garbage) for word in self._fillers if word not in vocabulary]
            for phone in sorted(_PHONES) if self._phone_prob is not None else ():
                word = f"_ph_{phone.lower()}"
                if decoder.lookup_word(word) is None:
                    decoder.add_word(word, phone, True)
                fillers.append((word, self._phone_prob))
            if self._garbage_entry is None:
                for word, p in fillers:  # each filler starts, continues and ends the loop
                    transitions += [
                        (0, loop, p, word),
                        (loop, loop, p, word),
                        (loop, final, p, word),
                        (0, final, p, word),
                    ]
            else:  # the bench's alternative: empty transitions into and out of a loop of fillers
                transitions += [(0, loop, self._garbage_entry), (loop, final, 1.0)]
                transitions += [(loop, loop, p, word) for word, p in fillers]
        return decoder.create_fsg("gm", 0, final, transitions)

    def set_vocabulary(self, vocabulary: Vocabulary) -> None:
        self._drop_utterance()
        self._segmenter.reset()
        self._segmenter.set_endpoint(vocabulary.endpoint)
        self._segmenter.set_limit(
            vocabulary.longest if self._garbage else None
        )  # the baseline hears it all
        if vocabulary.free and self._free is None:  # the baseline's, on first use
            self._free = self._word_decoder()
        if vocabulary.free and self._garbage and self._whole is None:
            # One word from whichever player's turn it is: decided again, and ranked, with
            # the utterance's own cepstral mean (batch CMN), so a word is heard the same
            # whoever spoke before (with the running mean 'navy' after another voice became
            # 'elite', and a rehearsed word was not heard in the game).
            self._whole = self._decoder(bestpath=False, cmn="batch", **self._search)
            self._whole_ranker = self._decoder(bestpath=True, cmn="batch")
        phrases = self._usable(
            tuple(vocabulary.phrases) + (tuple(vocabulary.hints) if vocabulary.free else ())
        )
        if vocabulary.free and vocabulary.several:
            self._pronounceable(("and",))  # the word between two hints of a list
        search, short = None, ()
        if phrases:
            self._searches += 1
            search = (
                f"gm{self._searches % 2}"  # two names in turn: the old search is replaced, not kept
            )
            garbage = FREE_GARBAGE_WORD_PROB if vocabulary.free else self._garbage_prob
            # Every decoder takes every search, so the names alternate in step everywhere (an
            # active search cannot be replaced: a decoder given only the open asks kept the
            # hints of the card before).
            deciders = [d for d in (self._grammar, self._whole) if d is not None]
            rankers = [r for r in (self._ranker, self._whole_ranker) if r is not None]
            several = vocabulary.free and vocabulary.several
            for decoder, loop in [(d, garbage if self._garbage else None) for d in deciders] + [
                (r, None) for r in rankers
            ]:
                decoder.add_fsg(search, self._fsg(decoder, phrases, loop, several))
                decoder.activate_search(search)
            if not vocabulary.free:  # open speech has its own second look (self._whole)
                short = tuple(p for p in phrases if len(p.split()) <= BRISK_WORDS)
            if self._brisk is not None:  # in step with the others, even where it will not listen
                self._brisk.add_fsg(search, self._fsg(self._brisk, short, garbage))
                self._brisk.activate_search(search)
        commands = frozenset(" ".join(words_of(p)) for p in vocabulary.commands) & frozenset(
            phrases
        )
        listed = (
            frozenset(self._usable(tuple(vocabulary.hints)))
            if vocabulary.free and vocabulary.several
            else frozenset()
        )
        self._plan = _Plan(
            phrases,
            vocabulary.free,
            search,
            commands,
            self._brisk is not None and bool(short),
            listed,
        )
        self._phrase_set = frozenset(phrases)

    # -- audio --------------------------------------------------------------------------------

    def _active(self) -> list[pocketsphinx.Decoder]:
        out = []
        if self._plan.search:
            out.append(self._grammar)
        if self._plan.free and self._free is not None:
            out.append(self._free)
        return out

    def reset(self) -> None:
        self._drop_utterance()
        self._segmenter.reset()

    def _drop_utterance(self) -> None:
        if self._decoding:
            for decoder in self._active():
                decoder.end_utt()
        self._decoding = False
        self._utterance = []

    def _handle(self, events) -> list[AsrEvent]:
        out: list[AsrEvent] = []
        for event in events:
            if isinstance(event, Began):
                out.append(SpeechStarted(event.at))
                self._utterance, self._frames, self._last_partial = [], 0, ""
                self._cmn = self._grammar.get_cmn()
                if self._free is not None and self._plan.search:
                    self._free.set_cmn(self._cmn)
                for decoder in self._active():
                    decoder.start_utt()
                self._decoding = True
            elif isinstance(event, Audio):
                self._utterance.append(event.data)
                for decoder in self._active():
                    decoder.process_raw(event.data)
                before = self._frames
                self._frames += len(event.data) // FRAME_BYTES
                if self._plan.search and self._frames // PARTIAL_EVERY > before // PARTIAL_EVERY:
                    partial = self._partial()
                    if partial:
                        out.append(Partial(partial, self._segmenter.now))
            elif isinstance(event, Ended):
                out.append(self._finish(event))
        return out

    def _partial(self) -> str:
        hyp = self._grammar.hyp()
        text = hyp.hypstr if hyp else ""
        words = text.split()
        if not words or not any(p == text or p.startswith(text + " ") for p in self._plan.phrases):
            return ""
        if text == self._last_partial:
            return ""
        self._last_partial = text
        return text

    def _finish(self, ended: Ended) -> Final:
        for decoder in self._active():
            decoder.end_utt()
        self._decoding = False
        audio = b"".join(self._utterance)
        self._utterance = []
        if ended.overlong:
            return Final((), ended.start, ended.end)  # talk, longer than any phrase: not decoded
        alternatives: list[Alternative] = []
        decider: pocketsphinx.Decoder | None = None  # the decoder whose phrase came first
        short = len(audio) <= (LIST_SECONDS if self._plan.listed else REDECODE_SECONDS) * 2 * RATE
        if self._plan.search and not self._garbage:
            hyp = self._grammar.hyp()
            if hyp and hyp.hypstr:
                alternatives = [Alternative(hyp.hypstr, 1.0)]
        elif self._plan.search and self._plan.free and self._whole is not None and short:
            text = _decode(self._whole, audio, full_utt=True)
            if self._fits(text):
                alternatives = self._rank(text, audio, self._whole_ranker)
                decider = self._whole
        elif self._plan.search:
            shifted = _cmn_shift(self._cmn, self._grammar.get_cmn()) > CMN_REDECODE
            if short and (not self._cmn_learned or shifted):
                self._cmn_learned = True
                # The first utterance (or one after the room changed) was normalised with a stale
                # cepstral mean; decoding it again with the mean it just taught costs one pass.
                _decode(self._grammar, audio)
            hyp = self._grammar.hyp()
            text = hyp.hypstr if hyp else ""
            decider = self._grammar
            if not self._fits(text) and (core := loud_core(audio)) is not None:
                text = self._core_choice(core)
                audio = core if text else audio
            if (
                not self._fits(text)
                and self._plan.brisk
                and not ended.noisy
                and len(audio) <= BRISK_SECONDS * 2 * RATE
            ):
                text, decider = self._brisk_choice(audio), self._brisk
            if self._fits(text):
                alternatives = self._rank(text, audio)
            else:
                decider = None
        if (
            alternatives
            and self._garbage
            and alternatives[0].text in self._plan.commands
            and ended.end - ended.start >= TALK_CHECK_SECONDS
            and self._talk(alternatives[0].text, audio)
        ):
            return Final((), ended.start, ended.end)
        if self._plan.free and self._free is not None and not alternatives:
            # Only when no phrase or hint fits: beside a hint the n-gram's guess of a single word
            # is noise ('knife' came back as [knife, the ah you], and 'ah you' fitted the A).
            text = " ".join(self._free_words())
            if text:
                confidence = min(1.0, max(0.0, self._free.get_prob()))
                alternatives.append(Alternative(text, confidence))
        timing = word_timing(audio, self._words(decider) if decider else None)
        final = Final(
            tuple(alternatives[:NBEST]),
            ended.start,
            ended.end,
            **timing,
            doubted=decider is not None and decider is self._brisk,
            noisy=ended.noisy,
        )
        return (
            grammar_final(final, self._phrase_set, self._plan.commands) if self._garbage else final
        )

    def _fits(self, text: str) -> bool:
        """Whether the grammar's `text` is an answer: one of the phrases, or, where the ask takes
        several (Vocabulary.several), a list of its hints joined by "and" or a pause."""
        if text in self._phrase_set:
            return True
        listed = self._plan.listed
        if not listed:
            return False
        words = text.split()
        # ends[i]: words[:i] is a list of hints (each after "and" or straight after the last)
        ends = [True] + [False] * len(words)
        for start in range(len(words)):
            if not ends[start]:
                continue
            begin = start + 1 if start and words[start] == "and" else start
            for end in range(begin + 1, len(words) + 1):
                if " ".join(words[begin:end]) in listed:
                    ends[end] = True
        return ends[-1]

    def _words(self, decoder: pocketsphinx.Decoder) -> tuple[float, float] | None:
        """Where the decoder's best path put its words (silence and fillers left out), in seconds
        from the start of the utterance's audio."""
        # no segmentation at all (None) for some paths through a list's empty transitions
        segments = decoder.seg() or ()
        words = [seg for seg in segments if not seg.word.startswith(("<", "[", "+"))]
        if not words:
            return None
        frate = float(decoder.config["frate"])
        return words[0].start_frame / frate, (words[-1].end_frame + 1) / frate

    def _core_choice(self, core: bytes) -> str:
        """The phrase heard in the loud core of an utterance the garbage loop won (see
        segment.loud_core); "" if none.

        Commands count too. They were left out while no command was ever confirmed: in babble the
        loud core can be a scrap of talk taken for a command. Now an undo or a skip heard in a room
        that is not quiet is confirmed first (Final.noisy), and on the whole corpus the core heard 6
        commands right and one wrong, an "undo", which gm asks about (docs/recognition.md). The
        cepstral mean is put back as the whole utterance left it, so the second look changes nothing
        after it.
        """
        cmn = self._grammar.get_cmn()
        text = _decode(self._grammar, core)
        self._grammar.set_cmn(cmn)
        return text if self._fits(text) else ""

    def _brisk_choice(self, audio: bytes) -> str:
        """The answer (a phrase, not a command) the brisk decoder hears in a short utterance the
        garbage loop won (see BRISK_FRATE), starting from the grammar decoder's cepstral mean; ""
        if none."""
        self._brisk.set_cmn(self._grammar.get_cmn())
        text = _decode(self._brisk, audio)
        return text if text in self._phrase_set and text not in self._plan.commands else ""

    def _talk(self, command: str, audio: bytes) -> bool:
        """Whether open transcription hears talk, not `command`, in `audio` (see
        TALK_CHECK_SECONDS).
        In open speech the word model has heard the utterance already."""
        if not self._plan.free:
            self._free.set_cmn(self._grammar.get_cmn())
            _decode(self._free, audio, full_utt=True)
        words = self._free_words()
        if len(words) <= len(command.split()) + TALK_EXTRA_WORDS:
            return False
        log.info(
            "PocketSphinx: %r in %.1f s of talk (%s): not a command",
            command,
            len(audio) / 2 / RATE,
            " ".join(words),
        )
        return True

    def _free_words(self) -> list[str]:
        """The words the word model heard in the last utterance, fillers left out."""
        hyp = self._free.hyp()
        return [w for w in (hyp.hypstr if hyp else "").split() if not w.startswith(("<", "["))]

    def _rank(
        self, best: str, audio: bytes, batch: pocketsphinx.Decoder | None = None
    ) -> list[Alternative]:
        """N-best among the phrases only (the ranker has no garbage loop), `best` first."""
        ranker = batch or self._ranker
        if batch is None:
            ranker.set_cmn(self._grammar.get_cmn())
        _decode(ranker, audio, full_utt=batch is not None)
        scores: dict[str, float] = {}
        for hyp in islice(ranker.nbest() or (), 4 * NBEST):
            if hyp is None:
                break
            if self._fits(hyp.hypstr) and hyp.score > 0:
                score = self._logmath.log(hyp.score)
                scores[hyp.hypstr] = max(score, scores.get(hyp.hypstr, -math.inf))
        top = max(scores.values(), default=0.0)
        scores.setdefault(best, top)  # the grammar decoder's choice stands even if re-ranked lower
        weights = {t: math.exp((s - top) / CONFIDENCE_SCALE) for t, s in scores.items()}
        total = sum(weights.values())
        order = [best] + sorted((t for t in weights if t != best), key=lambda t: -weights[t])
        return [Alternative(t, round(weights[t] / total, 4)) for t in order[:NBEST]]
