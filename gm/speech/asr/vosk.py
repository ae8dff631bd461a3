"""Vosk (Kaldi) behind the Recognizer port: the better recogniser, once a model is downloaded.

The model is loaded once; a vocabulary only swaps the runtime grammar. Vosk compiles a grammar
into a loop over the phrases' words, so off-script speech comes out as a jumble of those words
(or as "[unk]" where the model has it) and is rejected because it is not exactly one phrase.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass
from pathlib import Path

import vosk

from gm.files import expanded
from gm.speech.asr import is_vosk_model
from gm.speech.asr.segment import (
    FRAME_BYTES,
    Audio,
    Began,
    Ended,
    Endpointed,
    Segmenter,
    grammar_final,
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

NBEST = 5
MIN_POSTERIOR = 0.2  # a phrase further down the n-best than this is not worth offering
PARTIAL_EVERY = 10  # frames between partial hypotheses
UNK = "[unk]"
Span = tuple[
    float, float
]  # where a result's words lie, in seconds from the start of the utterance's audio
Hypothesis = tuple[str, float, "Span | None"]  # text, Vosk's score, where its words lie


def _words(text: str) -> list[str]:
    return text.lower().split()


def _posteriors(alternatives: list[Hypothesis]) -> dict[str, float]:
    """Vosk's n-best 'confidence' is a log-likelihood; softmax it and sum equal texts."""
    if not alternatives:
        return {}
    top = max(score for _, score, _ in alternatives)
    weights: dict[str, float] = {}
    for text, score, _ in alternatives:
        weights[text] = weights.get(text, 0.0) + math.exp(score - top)
    total = sum(weights.values())
    return {text: w / total for text, w in weights.items()}


@dataclass(eq=False)
class _Stream:
    """One KaldiRecognizer and the finished pieces of the current utterance."""

    recognizer: vosk.KaldiRecognizer
    pieces: list[list[Hypothesis]]

    def accept(self, data: bytes) -> None:
        if self.recognizer.AcceptWaveform(data):  # Kaldi's own endpoint fired inside a pause
            self.pieces.append(self._parse(self.recognizer.Result()))

    def finish(self) -> list[Hypothesis]:
        self.pieces.append(self._parse(self.recognizer.FinalResult()))
        pieces = [p for p in self.pieces if p and any(text for text, _, _ in p)]
        self.pieces = []
        if not pieces:
            return []
        if len(pieces) == 1:
            return pieces[0]
        head = " ".join(p[0][0] for p in pieces[:-1] if p[0][0])
        spans = [p[0][2] for p in pieces[:-1] if p[0][2]]
        return [
            (f"{head} {text}".strip(), score, (spans[0][0], span[1]) if spans and span else None)
            for text, score, span in pieces[-1]
        ]

    def partial(self) -> str:
        return " ".join(_words(json.loads(self.recognizer.PartialResult()).get("partial", "")))

    @staticmethod
    def _parse(result: str) -> list[Hypothesis]:
        data = json.loads(result)
        out: list[Hypothesis] = []
        for entry in data.get("alternatives", [data]):
            words = [w for w in entry.get("result", ()) if w.get("word") != UNK]
            span = (float(words[0]["start"]), float(words[-1]["end"])) if words else None
            out.append(
                (" ".join(_words(entry.get("text", ""))), float(entry.get("confidence", 0.0)), span)
            )
        return out


class VoskRecognizer(Endpointed):
    """A Vosk model with a runtime grammar for closed phrases and its full graph for open speech."""

    name = "vosk"

    def __init__(self, model_path: str | Path, garbage: bool = True) -> None:
        # garbage=False is the naive baseline of scripts/bench.py: a plain grammar of the
        # phrases (no "[unk]"), no n-best, and the top result taken as it is.
        self._garbage = garbage
        path = expanded(model_path)
        if not path.exists():
            raise SpeechError(f"The Vosk model folder {path} does not exist.")
        if not is_vosk_model(path):
            raise SpeechError(
                f"{path} is not a Vosk model folder (it has neither am/ nor conf/model.conf)."
            )
        vosk.SetLogLevel(-1)
        try:
            self._model = vosk.Model(str(path))
        except Exception as error:  # vosk raises a bare Exception when Kaldi fails
            raise SpeechError(f"Vosk could not load the model in {path} ({error}).") from None
        label = f"{path.parent.name}/{path.name}" if path.name == "model" else path.name
        self.description = f"Vosk (model {label})"
        self._has_unk = garbage and self._model.vosk_model_find_word(UNK) >= 0
        self._grammar: _Stream | None = None
        self._grammar_json = ""
        self._free: _Stream | None = None
        self._segmenter = Segmenter()
        self._phrases: tuple[str, ...] = ()
        self._phrase_set: frozenset[str] = frozenset()
        self._commands: frozenset[str] = frozenset()  # those of the phrases that are commands
        self._open = False
        self._active: list[_Stream] = []
        self._frames = 0
        self._last_partial = ""
        self._in_utterance = False
        self._utterance: list[bytes] = []  # the audio of the utterance in progress
        self.set_vocabulary(Vocabulary())

    def knows(self, word: str) -> bool:
        return self._model.vosk_model_find_word(word) >= 0

    def set_vocabulary(self, vocabulary: Vocabulary) -> None:
        self.reset()
        self._segmenter.set_endpoint(vocabulary.endpoint)
        self._segmenter.set_limit(
            vocabulary.longest if self._garbage else None
        )  # the baseline hears it all
        wanted = tuple(vocabulary.phrases) + (tuple(vocabulary.hints) if vocabulary.free else ())
        phrases: list[str] = []
        for phrase in wanted:
            words = _words(phrase)
            missing = [w for w in words if not self.knows(w)]
            if missing:
                log.warning("Vosk: skipping %r, the model lacks %s", phrase, ", ".join(missing))
            elif words and " ".join(words) not in phrases:
                phrases.append(" ".join(words))
        self._phrases = tuple(phrases)
        self._phrase_set = frozenset(phrases)
        self._commands = frozenset(" ".join(_words(c)) for c in vocabulary.commands)
        self._open = vocabulary.free
        self._active = []
        self._grammar_json = ""
        if phrases:
            self._grammar_json = json.dumps(
                list(phrases) + ([UNK] if self._has_unk else []), ensure_ascii=False
            )
            self._grammar = self._grammar_stream()
            self._active.append(self._grammar)
        if vocabulary.free:
            if self._free is None:
                recognizer = vosk.KaldiRecognizer(self._model, RATE)
                recognizer.SetMaxAlternatives(NBEST)
                self._free = _Stream(recognizer, [])
            self._active.append(self._free)

    def _grammar_stream(self) -> _Stream:
        """A fresh grammar recogniser, about a millisecond to build.

        One per utterance starts every utterance from the same state, whatever Vosk kept from the
        last one (its features are still dithered at random, so scores wobble by about a percent).
        """
        recognizer = vosk.KaldiRecognizer(self._model, RATE, self._grammar_json)
        if self._garbage:
            recognizer.SetMaxAlternatives(NBEST)
            recognizer.SetWords(True)  # where the words lie, for Final.said
        return _Stream(recognizer, [])

    def reset(self) -> None:
        self._segmenter.reset()
        if self._in_utterance:
            # FinalResult, not Reset: after Reset Vosk would carry the dropped audio's feature state
            # on.
            for stream in self._active:
                stream.finish()
        self._in_utterance = False

    def _handle(self, events) -> list[AsrEvent]:
        out: list[AsrEvent] = []
        for event in events:
            if isinstance(event, Began):
                out.append(SpeechStarted(event.at))
                self._frames, self._last_partial, self._in_utterance = 0, "", True
                self._utterance = []
                if self._grammar_json:
                    fresh = self._grammar_stream()
                    self._active = [fresh if s is self._grammar else s for s in self._active]
                    self._grammar = fresh
            elif isinstance(event, Audio):
                self._utterance.append(event.data)
                for stream in self._active:
                    stream.accept(event.data)
                before = self._frames
                self._frames += len(event.data) // FRAME_BYTES
                if self._active and self._frames // PARTIAL_EVERY > before // PARTIAL_EVERY:
                    text = self._active[0].partial()
                    if text and text != self._last_partial and (self._open or self._prefix(text)):
                        self._last_partial = text
                        out.append(Partial(text, self._segmenter.now))
            elif isinstance(event, Ended):
                self._in_utterance = False
                out.append(self._finish(event))
        return out

    def _prefix(self, text: str) -> bool:
        return any(p == text or p.startswith(text + " ") for p in self._phrases)

    def _finish(self, ended: Ended) -> Final:
        alternatives: list[Alternative] = []
        audio, self._utterance = b"".join(self._utterance), []
        words: Span | None = None  # where the first alternative's words lie, if a grammar heard it
        if ended.overlong:  # talk, longer than any phrase: its audio stopped at the limit
            for stream in self._active:
                stream.finish()
            return Final((), ended.start, ended.end)
        if (
            self._grammar is not None
            and any(s is self._grammar for s in self._active)
            and not self._garbage
        ):
            top = self._grammar.finish()
            if top and top[0][0]:
                alternatives.append(Alternative(top[0][0], 1.0))
        elif self._grammar is not None and any(s is self._grammar for s in self._active):
            hypotheses = self._grammar.finish()
            posteriors = _posteriors(hypotheses)
            for text, p in sorted(posteriors.items(), key=lambda item: -item[1]):
                if text in self._phrase_set and p >= MIN_POSTERIOR:
                    alternatives.append(Alternative(text, round(p, 4)))
            if alternatives:
                words = next(span for text, _, span in hypotheses if text == alternatives[0].text)
        if self._free is not None and any(s is self._free for s in self._active):
            posteriors = _posteriors(self._free.finish())
            ceiling = alternatives[-1].confidence if alternatives else 1.0
            for text, p in sorted(posteriors.items(), key=lambda item: -item[1]):
                text = " ".join(w for w in text.split() if w != UNK)
                if text and all(a.text != text for a in alternatives):
                    alternatives.append(Alternative(text, round(min(p, ceiling), 4)))
        final = Final(
            tuple(alternatives[:NBEST]),
            ended.start,
            ended.end,
            **word_timing(audio, words),
            noisy=ended.noisy,
        )
        return grammar_final(final, self._phrase_set, self._commands) if self._garbage else final
