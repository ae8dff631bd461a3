#!/usr/bin/env python3
"""How well gm hears a Funocracy word said alone: the theme's listed words beside words that fit
the theme but are not listed.

    bench_words.py [--whisper-model DIR] [--seats 4] [--listed 6] [--show]

A Funocracy turn listens for one word, with the theme's listed answers as its hints (Whisper is
given them as its previous text, and a word written near one is read as it). The demo's table
says only listed words; a real table says others too. Each theme of
`scripts/benchlib/data/unlisted_words.toml` gives six unlisted words, and `--listed` of its
listed answers are drawn with a fixed seed; each word is said by the first `--seats` seats of
the simulated table (Piper at the demo's pitches and paces, its delivery fixed), heard at the
answer ask as the engine listens there (gm.dialog.engine.hearing_for), with every letter face
up, and read as the engine and the rules read it (benchlib.meaning.outcome). Counted: the word
written as said; the right letter scored (what the score needs); another letter scored (a wrong
decision); nothing scored (not heard, read as talk, or a command). Then sounds that are no
word (at the first three themes; `--no-sounds` leaves them out): clicks, a pluck, a beep,
claps and noise bursts made by sox, and "hmm", "uh", "shh" and the like said by two seats; any
letter scored for one is a wrong decision. Prints a Markdown table.

`--tempo 0.85,0.92,1.08` also hears each saying at those tempos (sox's `tempo`, the pitch kept)
and counts the words written as said at some tempo, and by the word most of the tempos wrote:
whether a mishearing is the model's on that audio or only on that pace.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import tomllib
from benchlib.common import table  # before gm: this checkout first on sys.path
from benchlib.meaning import ask_for, heard_audio, outcome

from gm.cli import common_lines
from gm.demo import voice_of

DATA = Path(__file__).resolve().parent / "benchlib" / "data" / "unlisted_words.toml"


def words(listed: int, seed: int) -> list[tuple[str, str, str]]:
    """(theme, word, 'listed' or 'unlisted') for each theme of the data file."""
    from gm.games import find, load

    deck = {t.name: t.answers for t in load(find("funocracy")).themes}
    rng = random.Random(seed)
    chosen = []
    for theme in tomllib.loads(DATA.read_text(encoding="utf-8"))["themes"]:
        name = theme["name"]
        if name not in deck:
            raise SystemExit(f"{DATA}: {name!r} is no theme of the deck.")
        chosen += [(name, w, "unlisted") for w in theme["unlisted"]]
        chosen += [(name, w, "listed") for w in rng.sample(list(deck[name]), listed)]
    return chosen


# Sounds a table makes that are no word: sox's synth (each at two levels) and Piper's voice.
SYNTH = {
    "pink noise": ("synth", "0.3", "pinknoise"),
    "a click": ("synth", "0.08", "whitenoise", "fade", "0", "0.08", "0.07"),
    "brown noise": ("synth", "0.6", "brownnoise"),
    "a pluck": ("synth", "0.5", "pluck", "A3"),
    "a beep": ("synth", "0.2", "sine", "880"),
}
SAID = ("hmm", "uh", "um", "ahh", "mm hmm", "psst", "shh", "ha ha", "er")
LEVELS = ("0.3", "0.6")


def sounds() -> list[tuple[str, bytes]]:
    """(name, 16 kHz mono int16 audio) of each sound that is no word."""
    from asr_audio import sox_sound as sox  # tests/, on the path through benchlib.meaning

    from gm.speech.synth import silence, synthesize

    made = []
    for level in LEVELS:
        made += [
            (f"{name} at {level}", sox(*effect, "vol", level)) for name, effect in SYNTH.items()
        ]
        clap = sox("synth", "0.05", "whitenoise", "vol", level) + silence(0.19)
        made.append((f"three claps at {level}", clap * 3))
    for seat in (1, 2):
        voice = voice_of(seat)
        made += [(f"{text!r}, seat {seat}", synthesize(text, voice.voice, voice.speed, noise=0))
                 for text in SAID]  # fmt: skip
    return made


def at_tempo(audio: bytes, factor: float) -> bytes:
    """16 kHz mono int16 `audio` said `factor` times as fast, its pitch kept (sox's tempo)."""
    import subprocess

    raw = ("-t", "raw", "-r", "16000", "-e", "signed", "-b", "16", "-c", "1")
    command = ["sox", *raw, "-", *raw, "-", "tempo", "-s", str(factor)]
    return subprocess.run(command, input=audio, capture_output=True, check=True).stdout


def scored_word(got) -> dict | None:  # noqa: ANN001 - benchlib.meaning.Outcome
    """The word and letter the rules scored, if they scored one."""
    return got.value if got.act == "decide" and isinstance(got.value, dict) else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--whisper-model", type=Path, help="a CTranslate2 Whisper folder")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--listed", type=int, default=6, help="listed words drawn a theme")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--show", action="store_true", help="print each word not written as said")
    parser.add_argument("--no-sounds", action="store_true", help="leave out the sounds")
    parser.add_argument("--tempo", default="", help="other tempos to hear each saying at: 0.9,1.1")
    args = parser.parse_args()
    try:
        tempos = [float(f) for f in args.tempo.split(",") if f.strip()]
    except ValueError:
        tempos = [0.0]
    if args.seats < 1 or args.listed < 0 or not all(0.5 <= f <= 2 for f in tempos):
        print(
            "--seats must be at least 1, --listed at least 0, and each --tempo 0.5 to 2.",
            file=sys.stderr,
        )
        return 2
    from collections import Counter

    from gm.speech.asr.whisper import WhisperRecognizer
    from gm.speech.synth import synthesize

    recognizer = WhisperRecognizer(args.whisper_model)
    _, commands = common_lines()
    counts: dict[str, list[int]] = {}  # part: said, written as said, right letter, other, none
    by_tempo: dict[str, list[int]] = {}  # part: written as said at some tempo, by the most
    every = tuple(ask_for("funocracy.answer", {})[0].deck)  # every letter face up
    for theme, word, part in words(args.listed, args.seed):
        g, state, ask = ask_for("funocracy.answer", {"theme": theme, "face_up": every})
        for seat in range(1, args.seats + 1):
            voice = voice_of(seat)
            audio = synthesize(word, voice.voice, voice.speed, noise=0)
            final = heard_audio(recognizer, ask, commands, audio)
            got = outcome(g, state, ask, final, commands)
            row = counts.setdefault(part, [0, 0, 0, 0, 0])
            row[0] += 1
            scored = scored_word(got)
            written = scored["word"].lower() if scored else ""
            if tempos:
                writings = [written]
                for factor in tempos:
                    other = heard_audio(recognizer, ask, commands, at_tempo(audio, factor))
                    at = scored_word(outcome(g, state, ask, other, commands))
                    writings.append(at["word"].lower() if at else "")
                most = Counter(writings).most_common(1)[0][0]
                tally = by_tempo.setdefault(part, [0, 0])
                tally[0] += word in writings
                tally[1] += most == word
            row[1] += written == word
            if scored is None:
                row[4] += 1
            elif scored["letter"] == word[0].upper():
                row[2] += 1
            else:
                row[3] += 1
            if args.show and written != word:
                print(f"seat {seat} said {word!r} ({part}), heard {final.text!r}: {got}")
    scored_sounds = said_sounds = 0
    themes = list(dict.fromkeys(theme for theme, _, _ in words(0, args.seed)))[:3]
    made = [] if args.no_sounds else sounds()
    for theme in themes if made else []:
        g, state, ask = ask_for("funocracy.answer", {"theme": theme, "face_up": every})
        for name, audio in made:
            final = heard_audio(recognizer, ask, commands, audio)
            got = outcome(g, state, ask, final, commands)
            said_sounds += 1
            if scored_word(got) is not None:
                scored_sounds += 1
                if args.show:
                    print(f"{name} at {theme!r}, heard {final.text!r}: {got}")
    model = args.whisper_model.name if args.whisper_model else "tiny.en"
    rows = [(f"Whisper {model}, {args.seats} seats", "written as said", "right letter",
             "another letter", "no letter")]  # fmt: skip
    for part in ("listed", "unlisted"):
        said, exact, right, other, none = counts.get(part, [0, 0, 0, 0, 0])
        if said:
            share = lambda n: f"{n} ({100 * n / said:.0f}%)"  # noqa: E731
            rows.append((f"{part} words ({said} sayings)", share(exact), share(right),
                         str(other), str(none)))  # fmt: skip
            if tempos:
                some, most = by_tempo[part]
                rows.append((f"{part}, at some tempo of 1, {args.tempo}", share(some), "", "", ""))
                rows.append((f"{part}, the word most tempos wrote", share(most), "", "", ""))
    if said_sounds:
        rows.append((f"sounds that are no word ({said_sounds})", "", "", str(scored_sounds),
                     str(said_sounds - scored_sounds)))  # fmt: skip
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
