"""Forced choice: Whisper's decoder scores each phrase a closed ask expects against the audio.

Free transcription asks Whisper what was said, then matches its prose to the phrases; in babble
it writes the other voices and the command is lost. Forced choice asks instead how likely each
phrase is as the text of this audio: the encoder runs once, and CTranslate2's `align` (the method
behind faster-whisper's word timestamps) feeds each phrase to the decoder as if Whisper had
written it and returns every token's probability; their log-probabilities, summed, rank the
phrases. Forced choice always picks something, so the adapter decides whether the best phrase
was said at all (gm.speech.asr.whisper: the transcript's readings, or the phrase's words standing
over the rest).

- **A phrase is scored as Whisper writes one**: a capital, the words, a full stop (" Undo."),
  after Whisper's start of transcript and no prompt (a list of phrases as the prompt costs 150
  tokens a candidate). The full stop is where the phrase ends: `align` gives the end-of-text
  token no probability (0 whatever the audio, CTranslate2 4.8), and without an end "repeat"
  would always beat "repeat that".
- **One batch**: the encoder's output is repeated for each candidate and `align` scores them all
  at once; the alignment it returns also places the best phrase's words.
- **Pruned where the list is long**: an ask with hundreds of phrases (Who the F's result: 612
  with the commands) is cut to the MOST closest to the free transcript by spelling (a partial
  match, so a phrase inside talk stays in); the decoder's cost grows with every candidate.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np
from rapidfuzz import fuzz, process

from gm.speech.asr.phrasing import normalise

# Candidates scored at most: beyond this the free transcript's closest phrases by spelling.
MOST = 16
# Phrases aligned in one call. Each holds its own copy of the utterance's encoding and the
# decoder's attention over it, so a batch of all sixteen was what the whole process peaked on:
# on the bench's quick corpus, 436 MB with Whisper base against 308 MB in batches of four, for
# 189 against 197 ms from the end of speech to the decision at the median (BENCHMARKS.md).
BATCH = 4


@dataclass(frozen=True)
class Scored:
    """One phrase scored against the audio."""

    text: str  # the phrase as the ask wrote it
    logprob: float  # the sum of its tokens' log-probabilities
    tokens: tuple[int, ...]
    steps: tuple[tuple[int, int], ...]  # align's (token index, encoder step) path, for the words


def written(phrase: str) -> str:
    """A phrase as Whisper writes one alone: " Undo.", " What's the score."."""
    text = phrase.strip()
    return " " + text[:1].upper() + text[1:] + ("" if text[-1:] in ".?!" else ".")


def candidates(
    phrases: Sequence[str], commands: Sequence[str], heard: str, most: int = MOST
) -> list[str]:
    """The phrases worth scoring: all of them, or, past `most`, those the free transcript `heard`
    (normalised) is closest to by spelling (a partial match, so a phrase inside talk stays in),
    a command before another phrase on a tie."""
    unique = list(dict.fromkeys(phrases))
    if len(unique) <= most:
        return unique
    commands = set(commands)
    closest = process.extract(
        heard, [normalise(p) for p in unique], scorer=fuzz.partial_ratio, limit=None
    )
    ranked = sorted(closest, key=lambda c: (-c[1], unique[c[2]] not in commands, c[2]))
    return [unique[index] for _, _, index in ranked[:most]]


def score(
    model,  # noqa: ANN001 - ctranslate2.models.Whisper
    start: Sequence[int],
    encoded,  # noqa: ANN001 - the encoder's output for one utterance (batch of 1)
    frames: int,
    texts: Sequence[tuple[str, Sequence[int]]],
) -> list[Scored]:
    """Each (phrase, tokens) scored against the encoded audio after `start` (Whisper's
    start-of-transcript tokens), BATCH at a time."""
    import ctranslate2

    texts = [(name, list(tokens)) for name, tokens in texts if tokens]
    if not texts:
        return []
    output = np.asarray(encoded)
    results = []
    for at in range(0, len(texts), BATCH):
        chunk = texts[at : at + BATCH]
        batch = ctranslate2.StorageView.from_array(
            np.ascontiguousarray(np.repeat(output, len(chunk), axis=0))
        )
        results += model.align(
            batch, list(start), [tokens for _, tokens in chunk], frames, median_filter_width=7
        )
    return [
        Scored(
            name,
            float(sum(math.log(max(p, 1e-12)) for p in result.text_token_probs)),
            tuple(tokens),
            tuple((int(a), int(b)) for a, b in result.alignments),
        )
        for (name, tokens), result in zip(texts, results)
    ]


def posteriors(scored: Sequence[Scored]) -> list[float]:
    """Each phrase's share of the probability the phrases have between them (a softmax)."""
    if not scored:
        return []
    values = np.array([s.logprob for s in scored])
    weights = np.exp(values - values.max())
    return list(weights / weights.sum())
