#!/usr/bin/env python3
"""The live table's figures: countdown error in real time, and barge-in over gm's own voice.

Countdown: Funocracy turns nobody answers, run through the real-time harness (tests/live.py: a
paced microphone, gm's voice taking as long as it sounds, PocketSphinx), each turn's error being
how far "Time!" falls from 25 s after the line that asked ended, on the wall clock.

Barge-in: gm's voice (Piper, its default, or an espeak-ng voice with --gm-voice) played into a
simulated room (gm.speech.synth.room_echo: direct sound 30 ms late at half level, two
reflections), "stop", "wait", "pause" and "repeat" in
four voices said over it 2 s and 5 s into each line, heard through the echo canceller by
PocketSphinx listening for those words alone; false barge-ins are words heard in gm's voice
alone. The canceller is adapted on one line first and kept, as it is kept for a whole game.
A word PocketSphinx hears while gm's voice sounds is taken by gm's rule (--rule either: it stands
30 dB over what the canceller leaves of gm's voice, or it stands 10 dB over it and Whisper tiny.en
writes it in the canceller's output around it), by one of those looks alone (level, whisper), or
as heard (none).

With --over-warning, Funocracy words begun while gm says "Ten seconds." and right after it, and
the warning with nobody speaking, at a table where the microphone hears only the players and in
the simulated room where it hears gm's voice too (no canceller), with what the microphone caught
while gm said the warning dropped (half duplex, as after any line) and heard (listened through).

With --given-back RUNS, "help" 5 s into the resumed turn, RUNS times: how far the time the turn
runs on with after the help line falls from the time left when gm began it plus
EngineConfig.understood, and "Time!" from that deadline.

With --harness RUNS, the resumed turn is also run RUNS times through the real-time harness at
a silent table, beside --busy processes spinning (a machine running other work): the words
PocketSphinx hears in gm's voice there, and the lines they stopped. With --said-over, Funocracy
words said over gm's line are heard by Whisper in the canceller's output (with and without
speexdsp's preprocessor) and said after it.

    scripts/bench_live.py [--turns 10] [--skip-countdown] [--skip-barge-in] [--gm-voice piper|en-us]
                          [--rule either|level|whisper|none]
                          [--harness RUNS [--busy N] [--checked-db DB]] [--said-over]
                          [--over-warning] [--given-back RUNS]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from benchlib.common import ROOT, median, prompts

from gm.cli import common_lines
from gm.speech.asr import open_recognizer
from gm.speech.base import RATE
from gm.speech.echo import (
    BARGE_IN_WORDS,
    CHECKED_DB,
    STANDS_DB,
    BargeIn,
    EchoCanceller,
    WhisperCheck,
)

sys.path.insert(1, str(ROOT / "tests"))  # the real-time harness, tests/live.py

WORDS = tuple(zip(BARGE_IN_WORDS, ("en-gb", "en-us", "en-us+m3", "en-gb-scotland")))
LINES = (
    "Player two, new theme: Things you can wear on your head.",
    "Letters: F as in foxtrot, one star; S as in sierra, one star; and L as in lima, two stars.",
    "Challenge! Everyone but player one votes good or meh, all at once. Then tell me the result: "
    "good, meh, or tie.",
    "Vote secretly: put the token with your Zigoto's number face down, and no hints! You have "
    "twenty seconds.",
    "Draw! Three drawings each. Shout what the fake when your three are done.",
    "Welcome back to Funocracy. We carry on where we stopped. The clock starts again with the "
    "full time.",
)
CHUNK = 1600  # samples: what a microphone block holds
GM_SPEECH = 40  # lines of gm's own (from prompts/en, fields filled) for the false barge-ins


def gm_lines(count: int) -> list[str]:
    """The first `count` sentences of gm's [lines] in the games' and the shared prompts."""
    import re

    out = []
    for name in ("common", "funocracy", "who_the_f", "what_the_fake"):
        table = prompts(name)["lines"]
        for template in table.values():
            for text in template if isinstance(template, list) else [template]:
                out.append(re.sub(r"\{[^}]*\}", "three", text))
    return out[:count]


def countdown(turns: int) -> list[float]:
    """Seconds by which each turn's "Time!" missed 25 s after its asking line ended."""
    from live import play_live, resumed_turn

    game, record = resumed_turn()
    done = [0]

    def enough(event: dict) -> bool:
        if event["type"] == "decision" and event.get("step") == "funocracy.answer":
            done[0] += 1
        return done[0] >= turns

    with tempfile.TemporaryDirectory() as folder:
        run = play_live(
            game,
            record,
            [],
            enough,
            open_recognizer("sphinx"),
            common_lines(),
            Path(folder),
            show=False,
            limit=60.0 * turns,
        )
    errors = []
    for listen in run.listens("funocracy.answer")[:turns]:
        ended = run.said_before(listen)["end"]
        time_up = next(e for e in run.says("Time!") if e["t"] > listen["t"])
        errors.append(time_up["t"] - (ended + 25.0))
    return errors


OVER_WARNING = (("scarf", "en-us"), ("scarf", "en-gb"))  # the theme's one word for F, S or L
# seconds from the end of "Ten seconds." to the word's start: over it, right after it, and well
# after it (what the same word gets where nothing covers it)
WARNING_OFFSETS = (-0.4, 0.2, 3.0)


def over_warning() -> dict:
    """Words begun over and after "Ten seconds." (said 3 s into the resumed turn, so a run is
    short), and the warning alone: how each was decided, for each room and each way of hearing
    what was caught while gm spoke. "Time!" ends a run where nothing was decided."""
    from live import Cue, play_live, resumed_turn

    from gm.dialog.engine import EngineConfig

    game, record = resumed_turn()
    ear = open_recognizer("sphinx")
    out: dict = {}
    for room in ("table", "echo room"):
        for through in (False, True):
            config = EngineConfig(countdown_warning=22.0, hear_over_warning=through)
            results = []
            cells = [(w, v, o) for w, v in OVER_WARNING for o in WARNING_OFFSETS] + [(None,) * 3]
            for word, voice, offset in cells:
                cues = [] if word is None else [Cue("say:Ten seconds.", offset, word, voice)]
                with tempfile.TemporaryDirectory() as folder:
                    run = play_live(
                        game,
                        record,
                        cues,
                        lambda e: e["type"] == "decision",
                        ear,
                        common_lines(),
                        Path(folder),
                        speed=2,
                        show=False,
                        # the room hears gm's voice as barge-in plays it (tests/live.EchoRoom)
                        barge_in=BargeIn(open_recognizer("sphinx"), stands_db=STANDS_DB)
                        if room == "echo room"
                        else None,
                        config=config,
                    )
                decided = run.decisions()
                results.append((word, offset, decided[0]["decision"] if decided else None))
            out[(room, "heard" if through else "dropped")] = results
    return out


def given_back(runs: int) -> list[tuple[float, float]]:
    """(error of the time given back, error of "Time!") in seconds, one pair a run."""
    from live import Cue, play_live, resumed_turn

    from gm.dialog.engine import EngineConfig

    game, record = resumed_turn()
    ear, understood, out = open_recognizer("sphinx"), EngineConfig().understood, []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            run = play_live(
                game,
                record,
                [Cue("funocracy.answer", 5.0, "help")],
                lambda e: e["type"] == "decision",
                ear,
                common_lines(),
                Path(folder),
                show=False,
            )
        first, again = run.listens("funocracy.answer")[:2]
        left = first["deadline"] - run.gm_began(run.heard("command:help")[0])
        given = again["deadline"] - run.said_before(again)["end"]
        out.append((given - (left + understood), run.says("Time!")[0]["t"] - again["deadline"]))
    return out


def hear(barge: BargeIn, mic: bytes, played: bytes) -> list[tuple[float, str]]:
    return barge.hear_all(mic, played, CHUNK)


def barge_in(gm_voice: str, rule: str = "either") -> dict:
    from gm.speech.synth import overlay, room_echo, silence, synthesize

    check = WhisperCheck() if rule in ("whisper", "either") else None
    stands_db = STANDS_DB if rule in ("level", "either") else None
    refused_false: list[float | None] = []  # dB the residue heard as a word stood (level rule)
    taken_true: list[float | None] = []  # dB the words said over gm's voice stood

    def listener(canceller: EchoCanceller) -> BargeIn:
        return BargeIn(recognizer, canceller=canceller, stands_db=stands_db, check=check)

    voice = [synthesize(line, gm_voice) + silence(0.6) for line in LINES]
    recognizer = open_recognizer("sphinx")
    canceller = EchoCanceller()
    warm = voice[0]
    hear(listener(canceller), room_echo(warm), warm)  # adapt to the room once
    alone_seconds, false_words, candidates = 0.0, [], 0
    speech = voice + [synthesize(line, gm_voice) + silence(0.6) for line in gm_lines(GM_SPEECH)]
    for played in speech:  # gm's voice alone: any word heard is a false barge-in
        alone_seconds += len(played) / 2 / RATE
        barge = listener(canceller)
        false_words += [w for _, w in hear(barge, room_echo(played), played)]
        candidates += len(barge.refused) + len(barge.taken)
        refused_false += [s for _, _, s in barge.refused + barge.taken]
    cells, heard, raw_heard = 0, 0, 0
    started = time.process_time()
    for played in voice:
        echo = room_echo(played)
        for word, speaker in WORDS:
            said = synthesize(word, speaker, 160)
            for at in (2.0, 5.0):
                if at + len(said) / 2 / RATE > len(played) / 2 / RATE:
                    continue
                mic = overlay(echo, said, at, 0.7)
                cells += 1
                barge = listener(canceller)
                got = hear(barge, mic, played)
                heard += any(w == word and at - 0.2 <= t <= at + 2.0 for t, w in got)
                taken_true += [s for _, w, s in barge.taken + barge.refused if w == word]
                no_canceller = BargeIn(recognizer, canceller=_Passthrough())
                raw = hear(no_canceller, mic, played)
                raw_heard += any(w == word for _, w in raw)
    return {
        "cells": cells,
        "heard": heard,
        "raw_heard": raw_heard,
        "false": len(false_words),
        "false_words": false_words,
        "alone_minutes": alone_seconds / 60,
        "cpu": time.process_time() - started,
        "lines": len(speech),
        "candidates": candidates,
        "false_stood": sorted((s for s in refused_false if s is not None), reverse=True)[:3],
        "true_stood": sorted(s for s in taken_true if s is not None)[:3],
    }


def harness(runs: int, busy: int, checked_db: float = CHECKED_DB) -> dict:
    """The resumed Funocracy turn at a silent table, through the real-time harness with barge-in
    as gm runs it (tests/test_barge_in.py's room, twice the real speed), `runs` times, with `busy`
    processes spinning beside it as a machine running other work does: what PocketSphinx heard
    in gm's voice, how far it stood over the residue, how many went to Whisper's check, and the
    lines stopped (false barge-ins)."""
    import multiprocessing

    from live import play_live, resumed_turn

    game, record = resumed_turn()  # play_live plays a copy: each run starts from the save
    check = WhisperCheck()
    check.whisper.wait_until_loaded()
    spinners = [multiprocessing.Process(target=_spin, daemon=True) for _ in range(busy)]
    for spinner in spinners:
        spinner.start()
    heard, stopped, seconds = [], [], 0.0
    try:
        for _ in range(runs):
            barge = BargeIn(
                open_recognizer("sphinx"),
                stands_db=STANDS_DB,
                check=check,
                background=True,
                checked_db=checked_db,
            )
            with tempfile.TemporaryDirectory() as folder:
                run = play_live(
                    game,
                    record,
                    [],
                    lambda e: e["type"] == "listen" and e["step"] == "funocracy.answer",
                    open_recognizer("sphinx"),
                    common_lines(),
                    Path(folder),
                    speed=2,
                    show=False,
                    barge_in=barge,
                )
            heard += [stood for _, _, stood in barge.taken + barge.refused]
            says = [e for e in run.transcript.of_type("say") if "end" in e]
            seconds += sum(e["end"] - e["t"] for e in says)
            stopped += [e["text"] for e in says if "stopped_by" in e]
    finally:
        for spinner in spinners:
            spinner.terminate()
    return {
        "runs": runs,
        "busy": busy,
        "minutes": seconds / 60,
        "heard": sorted((s for s in heard if s is not None), reverse=True),
        "checked": len(check.transcripts),
        "stopped": stopped,
    }


SAID_OVER = (  # Funocracy words for "Things you can wear on your head", in the harness's voices
    ("scarf", "en-us"),
    ("sombrero", "en-gb"),
    ("fedora", "en-us+m3"),
    ("sunhat", "en-us"),
    ("lampshade", "en-gb"),
    ("sun visor", "en-us+m3"),
)


def said_over(gm_voice: str) -> dict:
    """A word said over gm's line, heard by Whisper tiny.en in what the echo canceller leaves
    (with and without speexdsp's preprocessor), against the same word said after the line: how
    well gm could take an answer said while it still reads the theme."""
    from gm.speech.asr.phrasing import normalise
    from gm.speech.asr.whisper import WhisperRecognizer, WhisperSettings
    from gm.speech.synth import overlay, room_echo, silence, synthesize

    whisper = WhisperRecognizer(settings=WhisperSettings(prompt=False, match=False))
    whisper.wait_until_loaded()
    warm = synthesize(LINES[1], gm_voice) + silence(0.6)
    played = synthesize(LINES[0], gm_voice) + silence(0.6)
    at = 1.0
    right: dict[str, list[str]] = {"after the line": [], "over it, preprocessor": [], "over it": []}
    for word, voice in SAID_OVER:
        said = synthesize(word, voice, 160)
        span = (int((at - 0.3) * RATE) * 2, int((at + 0.5) * RATE) * 2 + len(said))
        alone = overlay(silence(len(played) / 2 / RATE), said, at, 0.7)
        clips = {"after the line": alone}
        for name, preprocess in (("over it, preprocessor", True), ("over it", False)):
            canceller = EchoCanceller(preprocess=preprocess)
            canceller.cancel(room_echo(warm), warm)  # adapted to the room on a first line
            clips[name] = canceller.cancel(overlay(room_echo(played), said, at, 0.7), played)
        for name, clip in clips.items():
            text = normalise(whisper.transcribe(clip[span[0] : span[1]]).text)
            right[name].append(text)
    words = [normalise(word) for word, _ in SAID_OVER]
    return {
        name: (sum(t.replace(" ", "") == w.replace(" ", "") for t, w in zip(texts, words)), texts)
        for name, texts in right.items()
    }


def _spin() -> None:
    while True:
        pass


class _Passthrough(EchoCanceller):
    """No canceller: the microphone as it is, for the comparison."""

    def __init__(self) -> None:
        pass

    def cancel(self, mic: bytes, played: bytes) -> bytes:
        return mic


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--skip-countdown", action="store_true")
    parser.add_argument("--skip-barge-in", action="store_true")
    parser.add_argument(
        "--gm-voice",
        default="piper",
        help="gm's voice for barge-in: piper (gm's own, the default) or an espeak-ng voice (en-us)",
    )
    parser.add_argument(
        "--rule",
        choices=("either", "level", "whisper", "none"),
        default="either",
        help="which words PocketSphinx hears are taken (either: gm's rule; see above)",
    )
    parser.add_argument(
        "--harness",
        type=int,
        default=0,
        metavar="RUNS",
        help="also run the resumed turn through the real-time harness RUNS times (false barge-ins)",
    )
    parser.add_argument(
        "--busy", type=int, default=0, help="processes spinning beside the harness runs"
    )
    parser.add_argument(
        "--checked-db",
        type=float,
        default=CHECKED_DB,
        help="dB over the residue a word needs for Whisper's check in the harness runs "
        f"(gm's: {CHECKED_DB:g}; -1000: every word is checked)",
    )
    parser.add_argument(
        "--said-over",
        action="store_true",
        help="also hear Funocracy words said over gm's line through the canceller, with Whisper",
    )
    parser.add_argument(
        "--over-warning",
        action="store_true",
        help='also hear words begun over and after "Ten seconds.", dropped and heard through',
    )
    parser.add_argument(
        "--given-back",
        type=int,
        default=0,
        metavar="RUNS",
        help='also run "help" in a turn RUNS times: the time given back after gm\'s line',
    )
    args = parser.parse_args()
    if args.given_back:
        pairs = given_back(args.given_back)
        print(
            f"given back: {len(pairs)} runs, time given back off by median "
            f'{1000 * median([abs(g) for g, _ in pairs]):.0f} ms, "Time!" off its deadline by '
            f"median {1000 * median([abs(t) for _, t in pairs]):.0f} ms; signed (ms): "
            f"{[(round(1000 * g), round(1000 * t)) for g, t in pairs]}"
        )
    if args.over_warning:
        for (room, how), results in over_warning().items():
            right = [o for w, o, d in results if w and d and f"said {w} for" in d]
            print(
                f"over-warning: {room}, what gm's warning covered {how}: {len(right)} of "
                f"{len(results) - 1} words heard as meant (at {right}); {results}"
            )
    if args.said_over:
        for name, (count, texts) in said_over(args.gm_voice).items():
            print(f"said-over: {name}: {count} of {len(SAID_OVER)} written right {texts}")
    if args.harness:
        h = harness(args.harness, args.busy, args.checked_db)
        print(
            f"harness: {h['runs']} runs of the resumed turn beside {h['busy']} busy processes "
            f"(Whisper's check from {args.checked_db:g} dB), "
            f"{h['minutes']:.1f} min of gm's voice: PocketSphinx heard {len(h['heard'])} words "
            f"in it (dB over the residue: {[round(x, 1) for x in h['heard']]}), "
            f"{h['checked']} checked by Whisper; lines stopped: {len(h['stopped'])} {h['stopped']}"
        )
    if not args.skip_barge_in:
        b = barge_in(args.gm_voice, args.rule)
        print(f"gm's voice: {args.gm_voice}; rule: {args.rule}")
        print(
            f"barge-in: {b['heard']} of {b['cells']} words heard over gm's voice through the "
            "canceller "
            f"({100 * b['heard'] / b['cells']:.0f}%); without it {b['raw_heard']} of {b['cells']}"
        )
        print(
            f"false barge-ins: {b['false']} in {b['alone_minutes']:.2f} min of gm's voice alone "
            f"({b['lines']} lines) "
            f"({b['false'] / b['alone_minutes']:.1f} a minute) {b['false_words']}"
        )
        print(
            f"words PocketSphinx heard in gm's voice alone: {b['candidates']}; dB the loudest "
            "stood over the canceller's residue: "
            f"{[round(x, 1) for x in b['false_stood']]}; the words "
            f"said over gm's voice, the least: {[round(x, 1) for x in b['true_stood']]}"
        )
        print(f"CPU for the cells (canceller and recogniser, both passes): {b['cpu']:.1f} s")
    if not args.skip_countdown:
        errors = countdown(args.turns)
        absolute = sorted(abs(e) for e in errors)
        print(
            f"countdown: {len(errors)} turns, error median "
            f"{1000 * median(absolute):.0f} ms, "
            f"worst {1000 * absolute[-1]:.0f} ms; signed (ms): {[round(1000 * e) for e in errors]}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
