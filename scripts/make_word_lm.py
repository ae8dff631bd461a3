"""Make the word model PocketSphinx hears Funocracy's open answers with.

An open answer is one word (or two): what helps is how likely a word is to start and to end what
someone says, not a trigram's context. The trigram model that ships with PocketSphinx takes about
33 MB, and its decoder with the whole dictionary over 90 MB. This keeps, from that model, the
`--words` most frequent of its words that the pronunciation dictionary can say, with their unigram
probabilities and the bigrams that start and end a sentence with them, and writes that ARPA model
and the dictionary of those words beside it:

    .venv/bin/python scripts/make_word_lm.py            # gm/speech/asr/data/en-us-words.{lm,dict}

Both files are derived from the pocketsphinx package's en-us model (BSD-style licence, kept in
gm/speech/asr/data/NOTICE); the same command makes them again, byte for byte.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pocketsphinx  # noqa: E402

from gm.speech.asr.sphinx import Lexicon, entry_name  # noqa: E402

OUT = ROOT / "gm" / "speech" / "asr" / "data"
UNKNOWN = -536870912  # what NGramModel.prob gives a word the model does not have


def words(
    limit: int,
) -> tuple[list[tuple[float, float, float, str]], dict[str, tuple[str, ...]], float]:
    """The `limit` most probable words of the en-us model that the dictionary can say, as log10
    probabilities (of the word, of the word after a sentence's start, of a sentence's end after
    the word) and the word; every dictionary entry of theirs; the log10 probability of a
    sentence's end."""
    hmm = pocketsphinx.get_model_path("en-us/en-us")
    decoder = pocketsphinx.Decoder(hmm=hmm, dict="/dev/null", lm=None, loglevel="FATAL")
    logmath = decoder.get_logmath()
    model = pocketsphinx.NGramModel(
        pocketsphinx.Config(), logmath, pocketsphinx.get_model_path("en-us/en-us.lm.bin")
    )
    entries = Lexicon(pocketsphinx.get_model_path("en-us/cmudict-en-us.dict")).entries()
    scored = []
    for word in entries:
        score = model.prob([word])
        if score > UNKNOWN // 2:
            scored.append((round(logmath.log_to_log10(score), 4), word))
    scored.sort(key=lambda item: (-item[0], item[1]))
    kept = [
        (
            p,
            round(logmath.log_to_log10(model.prob(["<s>", word])), 4),
            round(logmath.log_to_log10(model.prob([word, "</s>"])), 4),
            word,
        )
        for p, word in scored[:limit]
    ]
    end = round(logmath.log_to_log10(model.prob(["</s>"])), 4)
    return kept, {word: entries[word] for *_, word in kept}, end


def write(limit: int, out: Path) -> tuple[Path, Path]:
    kept, entries, end = words(limit)
    out.mkdir(parents=True, exist_ok=True)
    lm, dictionary = out / "en-us-words.lm", out / "en-us-words.dict"
    # The words kept share what the end of a sentence leaves, in the model's proportions. Backing
    # off from a word costs nothing: between two words the second's unigram probability counts.
    scale = math.log10(1.0 - 10**end) - math.log10(sum(10**p for p, *_ in kept))
    lines = [
        "\\data\\",
        f"ngram 1={len(kept) + 2}",
        f"ngram 2={2 * len(kept)}",
        "",
        "\\1-grams:",
        "-99.0000 <s> 0.0000",
        f"{end:.4f} </s>",
    ]
    lines += [f"{p + scale:.4f} {word} 0.0000" for p, _, _, word in kept]
    lines += ["", "\\2-grams:"] + [f"{first:.4f} <s> {word}" for _, first, _, word in kept]
    lines += [f"{last:.4f} {word} </s>" for _, _, last, word in kept]
    lm.write_text("\n".join(lines + ["", "\\end\\", ""]), encoding="utf-8")
    dictionary.write_text(
        "".join(
            f"{entry_name(word, k)} {phones}\n"
            for word in sorted(entries)
            for k, phones in enumerate(entries[word])
        ),
        encoding="utf-8",
    )
    return lm, dictionary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--words", type=int, default=20000, help="how many of the most frequent words to keep"
    )
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if args.words < 1:
        parser.error("--words wants a positive number.")
    lm, dictionary = write(args.words, args.out)
    print(f"wrote {lm} and {dictionary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
