"""The report of scripts/bench.py: the tables, the goals and BENCHMARKS.md, from results alone.

Everything here reads what benchlib.measure measured (the workers' per-clip JSON, the steady
noise, the cut at the voice, the start and countdown), as `bench.py` saves it in one JSON file;
it runs no recogniser and reads no audio, so `bench.py --report-from FILE` writes the same
report again without measuring.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Iterable, Sequence

from benchlib.common import condition, fmt, median, row

CONDITIONS = ("clean", "20 dB", "10 dB", "5 dB")
# The goals of the neural ear (Whisper tiny.en is the default recogniser), as goals() checks
# them: percentages right, seconds, MB.
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
                groups[(clip["set"], clip["source"], condition(clip))].append(clip)
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
        "cells": {k: median(v) for k, v in cells.items()},
        "wrong": {k: median(v) for k, v in wrong.items()},
        "silent": {k: median(v) for k, v in silent.items()},
        "counts": counts,
        "fa": median(fa),
        "fa_asked": median(fa_asked),
        "fa_minutes": minutes,
        "fa_what": dict(fa_what),
        "calibration": calibration(first["clips"]),
        "p50": median([_quantile(r["latency_s"], 0.5) for r in runs]),
        "p90": median([_quantile(r["latency_s"], 0.9) for r in runs]),
        "p95": median([_quantile(r["latency_s"], 0.95) for r in runs]),
        "p50_cpu": median([_quantile(r["latency_cpu_s"], 0.5) for r in runs]),
        "cpu": median([r["cpu_per_audio_s"] for r in runs]),
        "rss": median([r["rss_mb"] for r in runs]),
        "load": median([r["load_s"] for r in runs]),
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
                ' — KOREAN phrases (espeak-ng voice "ko"), not the English games: the only Vosk '
                "model "
                "installed here. gm's Matcher keeps only [a-z0-9'] and so never decides on Hangul; "
                "the gm column takes gm's adapter output with an exact phrase lookup instead"
            )
        lines += [
            title,
            "",
            "Right intent, % (baseline → gm); n = clips per cell",
            "",
            row(
                [
                    "set (source)",
                    "n",
                    *CONDITIONS,
                    "wrong intent, all (base → gm; gm without asking first)",
                ]
            ),
            "|---|---|" + "---|" * len(CONDITIONS) + "---|",
        ]
        keys = sorted(
            {(k[0], k[1]) for k in gm["cells"]},
            key=lambda k: (SET_ORDER.index(k[0]) if k[0] in SET_ORDER else 99, k[1]),
        )
        for set_name, source in keys:
            cells = [
                f"{set_name} ({source})",
                str(gm["counts"].get((set_name, source, "clean"), 0)),
            ]
            for cond in CONDITIONS:
                k = (set_name, source, cond)
                cells.append(
                    f"{fmt(base['cells'].get(k, float('nan')))} → "
                    f"{fmt(gm['cells'].get(k, float('nan')))}"
                )
            k = (set_name, source, "all")
            cells.append(
                f"{fmt(base['wrong'].get(k, float('nan')), 1)} → "
                f"{fmt(gm['wrong'].get(k, float('nan')), 1)}"
                f" ({fmt(gm['silent'].get(k, float('nan')), 1)})"
            )
            lines.append(row(cells))
        lines += [
            "",
            "| configuration | false accepts / min off-script (count / minutes) | latency p50 / "
            "p95 ms "
            "(CPU p50) | CPU s per audio s | peak RSS MB | model load s |",
            "|---|---|---|---|---|---|",
        ]
        for mode, s in (("baseline", base), ("gm", gm)):
            per_min = s["fa"] / s["fa_minutes"] if s["fa_minutes"] else float("nan")
            asked = f", {fmt(s['fa_asked'])} of them asked first" if s["fa_asked"] else ""
            lines.append(
                f"| {asr} {mode} | {fmt(per_min, 2)} ({fmt(s['fa'])} / "
                f"{s['fa_minutes']:.1f}{asked}) | "
                f"{fmt(s['p50'] * 1000)} / {fmt(s['p95'] * 1000)} ({fmt(s['p50_cpu'] * 1000)}) | "
                f"{fmt(s['cpu'], 3)} | {fmt(s['rss'])} | {fmt(s['load'], 2)} |"
            )
        ep = gm["endpoint"]
        lines += [
            "",
            "Endpointer (the same in both configurations): the end of the utterance was found in "
            f"{fmt(ep['clean'][0])}% of {ep['clean'][1]} clean phrase clips and "
            f"{fmt(ep['noisy'][0])}% of "
            f"{ep['noisy'][1]} noisy ones; otherwise the utterance ran on to the end of the clip "
            "and "
            "flush() ended it (no latency is counted for those: there was no endpoint). Latency "
            "over "
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
                f"Confidence calibration (run 1): of the {rows[0]['right']} right and "
                f"{rows[0]['wrong']} "
                "wrong choices decided on phrase clips where the recogniser's confidence alone "
                "decides "
                "whether gm asks first (the ask confirms only doubtful answers, the match is "
                "exact; yes and "
                "no are never confirmed), how many each threshold would confirm. gm confirms below "
                f"{EngineConfig.doubtful}.",
                "",
                "| confirm below confidence | right choices asked again | wrong choices caught |",
                "|---|---|---|",
            ]
            lines += [
                f"| {r['threshold']} | {r['right_asked']} "
                f"({fmt(_pct_of(r['right_asked'], r['right']))}%) "
                f"| {r['wrong_asked']} ({fmt(_pct_of(r['wrong_asked'], r['wrong']))}%) |"
                for r in rows
            ]
        lines.append("")
    return "\n".join(lines)


def goals(
    summary: dict[tuple[str, str], dict],
    starts: dict[str, dict] | None = None,
    steady: dict[str, dict] | None = None,
) -> str:
    """The issue's goals beside what gm (the pipeline) measured, English recognisers only; ✗ =
    missed."""
    english = [a for a, m in summary if m == "gm" and summary[(a, m)]["language"] == "en"]
    if not english:
        return ""
    nan = float("nan")

    def accuracy(label: str, cell: tuple[str, str, str], goal: str, at_least: str = ">= "):
        """A goal of intents right in one cell (set, source, condition) of the tables."""
        return (
            label,
            f"{at_least}{GOALS[goal]:.0f}%",
            lambda s: f"{fmt(s['cells'].get(cell, nan), 1)}% of {s['counts'].get(cell, 0)}",
            lambda s: s["cells"].get(cell, nan) >= GOALS[goal],
        )

    measures = [
        accuracy("numbers spoken by real people, clean", ("numbers", "human", "clean"), "numbers"),
        accuracy("numbers, espeak-ng voices, clean", ("numbers", "espeak", "clean"), "numbers"),
        accuracy("commands, clean", ("commands", "espeak", "clean"), "commands_clean", ""),
        accuracy(
            "commands, babble at 10 dB SNR",
            ("commands", "espeak", "babble 10 dB"),
            "commands_babble10",
        ),
        (
            "off-script talk (decisions taken)",
            "none in 10 min",
            lambda s: (
                f"{fmt(s['fa'])} in {s['fa_minutes']:.1f} min"
                + (f" ({fmt(s['fa_asked'])} asked first)" if s["fa_asked"] else "")
            ),
            lambda s: s["fa"] == 0,
        ),
        (
            "end of speech to decision, beyond the endpoint, median",
            f"<= {GOALS['latency_s'] * 1000:.0f} ms",
            lambda s: (
                f"{fmt(s['p50'] * 1000)} ms, p90 {fmt(s.get('p90', float('nan')) * 1000)} ms "
                f"(CPU {fmt(s['p50_cpu'] * 1000)} ms)"
            ),
            lambda s: s["p50"] <= GOALS["latency_s"],
        ),
        (
            "recognition CPU per second of audio",
            f"<= {GOALS['cpu']} s",
            lambda s: f"{fmt(s['cpu'], 3)} s",
            lambda s: s["cpu"] <= GOALS["cpu"],
        ),
        (
            "resident memory (peak, the bench's whole process: closed asks only)",
            f"<= {GOALS['rss_mb']:.0f} MB",
            lambda s: f"{fmt(s['rss'])} MB",
            lambda s: s["rss"] <= GOALS["rss_mb"],
        ),
    ]
    rows = [
        row(["measure", "goal", *(f"{a}: gm (baseline)" for a in english)]),
        "|---|---|" + "---|" * len(english),
    ]
    for label, goal, show, met in measures:
        cells = [
            f"{show(summary[(a, 'gm')])} {'✓' if met(summary[(a, 'gm')]) else '✗'} "
            f"({show(summary[(a, 'baseline')])})"
            for a in english
        ]
        rows.append(row([label, goal, *cells]))
    starts = starts or {}

    def start_cell(asr: str) -> str:
        load = f"model load {fmt(summary[(asr, 'gm')]['load'], 2)} s"
        if asr not in starts:
            return f"not measured; {load}"
        st = starts[asr]
        return (
            f"{fmt(st['first_line'], 2)} s to the first line, {fmt(st['first_audio'], 2)} s to "
            "its audio "
            f"made by pyttsx3 {'✓' if st['first_audio'] <= GOALS['start_s'] else '✗'} ({load})"
        )

    def countdown_cell(asr: str) -> str:
        if asr not in starts:
            return "not measured"
        st = starts[asr]
        return (
            f"{fmt(st['countdown_error'] * 1000)} ms (worst {fmt(st['countdown_max'] * 1000)} ms) "
            f"{'✓' if st['countdown_max'] <= GOALS['countdown_s'] else '✗'}"
        )

    def playing_cell(asr: str) -> str:
        if asr not in starts:
            return "not measured"
        rss = starts[asr]["playing_rss"]
        return f"{fmt(rss)} MB {'✓' if rss <= GOALS['rss_mb'] else '✗'}"

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
                f"{fmt(share['gm'], 1)}% of {cell['gm']['n']} "
                f"{'✓' if share['gm'] >= goal else '✗'} "
                f"({fmt(share['baseline'], 1)}% of {cell['baseline']['n']}{baseline_note})"
            )

        return row([label, f">= {goal:.0f}%", *(shown(a) for a in english)])

    if steady:
        after = 1 + next(
            k for k, line in enumerate(rows) if line.startswith("| commands, babble at 10 dB SNR |")
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
        # what is left when the endpointer is out of the way
        if any("gm cut" in cells for cells in steady.values()):
            rows.insert(
                after + 2,
                steady_row(
                    "the same at 10 dB, cut exactly at the voice (the endpointer bypassed)",
                    " cut",
                    ": forced to choose",
                ),
            )
    for label, goal, cell in (
        (
            "resident memory playing Funocracy (peak, the whole `gm play` process, open speech "
            "heard)",
            f"<= {GOALS['rss_mb']:.0f} MB",
            playing_cell,
        ),
        ("start to first spoken word", f"<= {GOALS['start_s']} s", start_cell),
        (
            "error of a 25-second countdown",
            f"<= {GOALS['countdown_s'] * 1000:.0f} ms",
            countdown_cell,
        ),
    ):
        rows.append(row([label, goal, *(cell(a) for a in english)]))
    return "\n".join(rows)


def cut_table(cuts: dict[str, dict], summary: dict[tuple[str, str], dict]) -> str:
    """The table of cut_at_the_voice() beside what the same clips gave through the endpointer."""
    lines = [
        "### Commands cut exactly at the voice (the corpus's clips)",
        "",
        "| recogniser, set | condition | through the endpointer: right %, baseline → gm | cut at "
        "the voice: "
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
                fmt(summary[(asr, m)]["cells"].get((cut["set"], "espeak", cond), float("nan")))
                for m in ("baseline", "gm")
            )
            lines.append(
                f"| {cut['model']}, {cut['set']} | {cond} | {shown} | "
                f"{fmt(_pct_of(base['right'], base['n']))} → "
                f"{fmt(_pct_of(gm['right'], gm['n']))} | {fmt(_pct_of(base['wrong'], base['n']))} "
                "→ "
                f"{fmt(_pct_of(gm['wrong'], gm['n']))} | {gm['n']} |"
            )
    lines += [
        "",
        "Each clip decoded over just the audio a decoder gets of its words in the clean clip, the "
        "noise in it (`cut_at_the_voice`), the endpointer bypassed. The baseline so cut is the "
        "recogniser "
        "forced to choose a phrase where one was said: what its acoustic model can tell apart at "
        "best.",
    ]
    return "\n".join(lines + [""])


def steady_table(steady: dict[str, dict], name: str = "PocketSphinx") -> str:
    """The table of steady_noise() for the baseline and gm, and cut at the voice if measured
    ("baseline cut", "gm cut"), for the recogniser `name`."""
    base, gm = steady["baseline"], steady["gm"]
    cut = "gm cut" in steady
    first = next(iter(gm.values()))
    alone, lead = first["alone_seconds"], first["lead_seconds"]
    lines = [
        f"### Commands in steady noise ({name}; {lead:.0f} s of the noise before each command)",
        "",
        "| noise | commands right, baseline → gm | wrong intent, baseline → gm (gm without "
        "asking first) "
        f"| decisions in {alone:.0f} s of the noise alone, baseline → gm (gm without asking "
        "first) |"
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
            "*Cut exactly at the voice*: each command decoded over just the audio a decoder gets "
            "of it "
            "in a quiet room, with the noise in it (`steady_noise(cut=True)`), the endpointer "
            "bypassed and "
            "with it WebRTC's suppressor, which takes out steady noise such as the pink noise. The "
            "baseline's column is PocketSphinx forced to choose a phrase where the command was "
            "said: "
            "what its acoustic model can tell apart at best.",
        ]
    return "\n".join(lines + [""])


METHOD = """\
## How it is measured

- **Audio**: the corpus of `scripts/make_corpus.py` (never committed): each phrase the games listen
  for, said by espeak-ng voices (12 English voices and variants, 130/160/190 wpm, pitch 35/50/70)
  with 0.3-0.7 s of silence before and 1.1 s after; each clip again under table babble (3-5
  espeak-ng voices chatting at once, two clips in three) or pink noise at 20, 10 and 5 dB SNR
  (speech power over the voiced samples, `gm.speech.synth.mix`). Human speech: single numbers cut by
  forced alignment (60 ms margins) from the PocketSphinx test recordings (`cards/*.wav`,
  `tidigits/dhd.2934z.raw`), and the five card phrases whole. `numbers.raw` is left out: nothing
  says what it contains.
- **Sets**: the asks harvested from the games' own simulated tables: `numbers` = who-the-f players
  ask (1-12, "N players"); `commands` = every phrase of `prompts/en/common.toml` that a question
  listens for (all but resume) while a who-the-f vote is open; `paused` = resume, quit, help,
  repeat and the score while paused; `yesno` = the engine's confirmation; `letters` = the
  Funocracy letter ask with B D K M S face up (name, "letter b", NATO, "b as in bravo"); `votes` =
  who-the-f results ("N votes for number M", "unanimous for M", "no majority"); `fun_vote`,
  `fun_challenge`; `drawing` = What the Fake's drawing ask. Every vocabulary is the ask's phrases
  plus the commands a question listens for, with the ask's endpoint.
- **Right intent**: the first decision on the clip is the intent of the phrase said (a choice's
  value or a command). gm reads each utterance as the engine does (`gm.dialog.engine.interpret`: an
  utterance far longer than the phrase it matched is chatter, readings of one choice pool their
  confidence). gm's confirmation is not simulated: a right answer gm would confirm first counts
  right. *Wrong intent* is a decision for something else, which is worse than no decision; in
  brackets, the wrong decisions gm would take without asking first (it asks "X, right?" when the ask
  confirms every answer, or the match or the recogniser's confidence is doubtful; commands and
  yes/no are never confirmed).
- **Baseline**: the same engine and the same endpointer with a plain grammar of the same phrases, no
  garbage path, no second pass, no n-best; its top result is looked up exactly.
- **False accepts**: every decision taken on off-script speech (LibriVox and PocketSphinx test
  readings, espeak-ng read passages and several-voice conversation, some of it under babble), each
  clip heard with one set's vocabulary in turn, per minute of that audio.
- **Latency**: the wall time of the `feed()` call that returns a Final plus the matching, on phrase
  clips (0.1 s chunks, as gm's sources deliver). It starts when the endpoint silence has been heard,
  so it is the delay *beyond* the endpoint (0.5-0.8 s per ask). CPU p50 beside it shows how much of
  the wall time is the shared machine.
- **CPU per audio second**: `time.process_time()` over feeding every clip, phrase and off-script,
  divided by the audio fed (silence included: about half of the phrase clips is silence, the
  off-script audio is dense speech). **Peak RSS**: `ru_maxrss` of the process running that
  configuration alone (Python, numpy and gm included). It hears closed asks only, so it never builds
  the decoders that open speech adds; **resident memory playing Funocracy** is the peak of the whole
  `gm play funocracy` process of the countdown measurement (below), whose first answer ask is open
  speech (every decoder built, console speaker). **Model load**: constructing the recogniser.
- **In noise**: the WebRTC VAD (mode LOOSE) calls babble and even pink noise speech. Once the noise
  floor (the quietest 90 ms of the last 2 s) is above -52 dBFS, a frame counts as speech only 12 dB
  above it (or, where the noise is steady and WebRTC's suppressor takes it out, 8 dB above the
  suppressed floor): that ends many utterances in pink noise. Babble is itself speech, often as loud
  as the voice less 10 dB, and still holds most utterances open; those are ended by `flush()` at the
  end of the clip (about 1 s after the phrase). At a real table they would run on to the 12 s
  cut-off.
- **Steady noise** (`steady_noise`, PocketSphinx, once per bench; `--no-steady` skips it): at a
  table the noise was there before anyone spoke to gm, but a corpus clip starts with its noise, and
  the endpointer's noise floor often still remembers the quieter clip before. So eight commands,
  said by three espeak-ng voices at 150 and 190 wpm, each come after 3 s of table babble (four
  espeak-ng voices chatting), music (`make_corpus.music_track`: instrumental pop made up by numpy,
  plucked chords, bass and drums, no singing) or pink noise at 20, 10 and 5 dB SNR; each noise also
  runs 36 s with nobody speaking to gm, at the level it had under the commands, and every decision
  there is counted. A command's first decision for another intent counts as wrong. Each noise and
  level has a recogniser of its own. Then the endpointer is bypassed: each command is decoded over
  exactly the audio a decoder gets of it in a quiet room (the endpointer's utterance, with its 0.3 s
  of preroll and tail), the noise in it, as one utterance (`SphinxRecognizer.hear`). The baseline so
  cut is PocketSphinx forced to choose a command exactly where one was said: what its acoustic model
  can tell apart at best. WebRTC's suppressor is bypassed with the endpointer, so in pink noise the
  cut hears less.
- **Cut exactly at the voice, the corpus's clips** (`cut_at_the_voice`, every recogniser): each
  commands clip (`ko_commands` for the Korean Vosk model) is decoded over the span `voice_span`
  finds in its clean twin (the same words before the noise was mixed in), the noise in it, with the
  endpointer's comfort noise (`Segmenter.cut`); each condition has a recogniser of its own. Beside
  it, the same clips through the endpointer, from the table above.
- **Start** and **countdown** (`start_and_countdown`): a fresh `gm play who-the-f` process on a
  silent WAV, timed until its first `say` event (console speaker) and until its second (with
  `--speak-to`, so the first line's audio has been made by pyttsx3); and the first turn of a
  Funocracy game heard from silence, "time!" decided against the 25-second deadline on the sample
  clock. Deadlines fall on the chunk grid, so on the sample clock the error is what the engine adds;
  a microphone adds its input latency, which cannot be measured on this machine (no microphone).
- Every figure is the median over the runs; each run starts each configuration in a fresh process.
"""


NAMES = {"sphinx": "PocketSphinx", "whisper": "Whisper tiny.en"}  # the steady tables' titles


def title(measurement: dict, asr: str) -> str:
    """A recogniser's name in a steady table's title: Whisper's model as benched (--whisper-model;
    tiny.en in measurements made before the option)."""
    return measurement.get("whisper_name", NAMES[asr]) if asr == "whisper" else NAMES[asr]


def summaries(measurement: dict) -> dict[tuple[str, str], dict]:
    """summarise() of each configuration (recogniser, mode) a measurement holds."""
    return {(r["asr"], r["mode"]): summarise(r["runs"]) for r in measurement["results"]}


def body(measurement: dict) -> str:
    """All figures: each recogniser's tables, the cut at the voice, the steady noise."""
    summary = summaries(measurement)
    return (
        tables(summary)
        + "\n"
        + cut_table(measurement["cuts"], summary)
        + "".join(
            "\n" + steady_table(cells, title(measurement, asr))
            for asr, cells in measurement["steady"].items()
        )
    )


def goal_table(measurement: dict) -> str:
    """The goals beside gm's figures ("" if no English recogniser was benched)."""
    return goals(summaries(measurement), measurement["starts"], measurement["steady"])


def heard(measurement: dict) -> str:
    """What audio gm's configuration of each recogniser heard in run 1: phrase clips (clean,
    human) and off-script speech."""
    lines = []
    for result in measurement["results"]:
        if result["mode"] != "gm":
            continue
        clips = result["runs"][0]["clips"]
        phrase = [c for c in clips if c["expected"] is not None]
        off = [c for c in clips if c["expected"] is None]
        lines.append(
            f"{result['asr']}: {len(phrase)} phrase clips "
            f"({sum(c['seconds'] for c in phrase) / 60:.1f} min, "
            f"{sum(c['snr'] is None for c in phrase)} clean, "
            f"{sum(c['source'] == 'human' for c in phrase)} human) "
            f"and {sum(c['seconds'] for c in off) / 60:.1f} min of off-script speech "
            f"in {len(off)} clips"
        )
    return "; ".join(lines)


def markdown(measurement: dict) -> str:
    """The whole report, as BENCHMARKS.md holds it: the command, the machine, the goals, all
    figures and how they are measured."""
    return (
        "\n".join(
            [
                "# Recognition benchmarks",
                "",
                f"Produced by `{measurement['command']}` (after `scripts/make_corpus.py`) on "
                f"{measurement['started']}, {measurement['runs']} run(s), "
                f"{measurement['seconds'] / 60:.1f} min.",
                f"Machine: {measurement['machine']}. The machine was shared with other work, so "
                "wall times are inflated; CPU times much less so.",
                f"Audio heard: {heard(measurement)}.",
                "",
                "## The issue's goals beside gm's figures (baseline in brackets)",
                "",
                goal_table(measurement) or "(no English recogniser was benched)",
                "",
                "## All figures",
                "",
                body(measurement),
                METHOD,
            ]
        )
        + "\n"
    )
