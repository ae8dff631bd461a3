"""The `gm` command line: play, resume, listen, say, devices, models, demo.

Every error a person can cause ends here as one sentence on stderr and exit status 2.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Sequence

from gm import __version__
from gm.config import Config, ConfigError
from gm.config import load as load_config
from gm.content import ContentError, Lines
from gm.content import load as load_content
from gm.dialog.engine import Engine, EngineConfig, Result, listening_commands
from gm.dialog.hearing import AudioHearing, TextHearing
from gm.dialog.intents import Command, Matcher
from gm.dialog.transcript import Transcript
from gm.games import UnknownGame, find
from gm.games import load as load_game
from gm.speech.base import SpeechError
from gm.state import Record, SaveError, SaveStore
from gm.steps import Choice, RulesError
from gm import vocab

USER_ERRORS = (SpeechError, ContentError, RulesError, SaveError, UnknownGame, ConfigError)


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad option as one sentence instead of a usage dump."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{message[0].upper()}{message[1:]}; see 'gm --help'.")


def _device(value: str) -> str | int:
    return int(value) if value.isdigit() else value


def _add_audio_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--asr", choices=("vosk", "sphinx"), help="recogniser (default: Vosk when a model is installed)")
    parser.add_argument("--model", help="path of a Vosk model folder")
    parser.add_argument("--input-device", type=_device, help="microphone name or index (see 'gm devices')")


def _add_output_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--console", action="store_true", help="print what gm says instead of speaking")
    parser.add_argument("--voice", dest="speak", action="store_true", help="speak aloud even with --wav or --text")
    parser.add_argument("--speak-to", metavar="WAV", help="also write everything gm says to this WAV file")
    parser.add_argument("--output-device", type=_device, help="speaker name or index (see 'gm devices')")
    parser.add_argument("--transcript", metavar="FILE", help="write the event stream here, one JSON line each")
    parser.add_argument("--state-dir", metavar="DIR", help="where the game is saved")


def _add_input_options(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--wav", metavar="FILE", help="listen to a WAV file instead of the microphone")
    source.add_argument("--text", action="store_true", help="read what players say from standard input, a line each")
    parser.add_argument("--realtime", action="store_true",
                        help="with --wav: feed the file as a live microphone, by the wall clock, gm's speech taking its time")


def build_parser() -> Parser:
    parser = Parser(prog="gm", description="A hands-free game master for party games.")
    parser.add_argument("--version", action="version", version=f"gm {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)

    play = sub.add_parser("play", help="play a game")
    play.add_argument("game", help="who-the-f, funocracy or what-the-fake")
    play.add_argument("--players", type=int)
    play.add_argument("--seed", type=int)
    play.add_argument("--mode", help="funocracy: normal|alternative; what-the-fake: open|hidden")
    play.add_argument("--difficulty", choices=("easy", "regular", "expert"), help="who-the-f")
    play.add_argument("--reveal-after", type=float, metavar="SECONDS", help="who-the-f: reveal the votes after this long")
    play.add_argument("--scoring", choices=("full", "quick"), help="what-the-fake")
    play.add_argument("--time-limit", type=float, metavar="SECONDS", help="what-the-fake: drawing time limit")
    _add_input_options(play)
    _add_audio_options(play)
    _add_output_options(play)

    resume = sub.add_parser("resume", help="continue the last unfinished game")
    _add_input_options(resume)
    _add_audio_options(resume)
    _add_output_options(resume)

    listen = sub.add_parser("listen", help="print what gm hears, one JSON line per utterance")
    listen.add_argument("--wav", metavar="FILE", nargs="+", help="WAV files instead of the microphone")
    listen.add_argument("--expect", default="commands",
                        help="numbers | commands | yesno | letters:B,M,T | free")
    _add_audio_options(listen)

    say = sub.add_parser("say", help="say a sentence with gm's voice")
    say.add_argument("text", nargs="+")
    say.add_argument("--wav", metavar="FILE", help="write it to this WAV file instead of speaking")
    say.add_argument("--output-device", type=_device)

    sub.add_parser("devices", help="list microphones and speakers")

    models = sub.add_parser("models", help="list or download Vosk models")
    models.add_argument("action", nargs="?", choices=("list", "download"), default="list")
    models.add_argument("name", nargs="?", help="model to download, e.g. en-us-small")
    models.add_argument("--url", help=argparse.SUPPRESS)
    models.add_argument("--sha256", help=argparse.SUPPRESS)
    models.add_argument("--dir", help="models folder (default: models/ of this checkout)")

    demo = sub.add_parser("demo", help="watch a game play itself with simulated voices")
    demo.add_argument("game")
    demo.add_argument("--seed", type=int, default=7)
    demo.add_argument("--live", action="store_true",
                      help="play in real time: players answer at human moments, gm's speech takes its time")
    _add_audio_options(demo)
    _add_output_options(demo)
    return parser


# -- shared building blocks -------------------------------------------------------------

def common_lines(language: str = "en") -> tuple[Lines, dict[Command, tuple[str, ...]]]:
    content = load_content("common", language)
    return Lines(content), {command: _command_phrases(content, command) for command in Command}


def _command_phrases(content, command: Command) -> tuple[str, ...]:
    table = content.table("commands")
    phrases = table.get(command.value)
    if not isinstance(phrases, list) or not phrases or not all(isinstance(p, str) and p for p in phrases):
        raise content.fail(command.value, f"[commands] needs a list of phrases for '{command.value}'")
    return tuple(p.lower() for p in phrases)


def open_recognizer(args: argparse.Namespace, config: Config):
    from gm.speech.asr import open_recognizer as open_asr
    return open_asr(config.asr, config.model)


def open_speaker(args: argparse.Namespace, config: Config, quiet_default: bool):
    from gm.speech import tts
    speakers = []
    if args.console or (quiet_default and not args.speak):
        speakers.append(tts.ConsoleSpeaker())
    else:
        speakers.append(tts.Pyttsx3Speaker(config.voice, config.rate, config.volume, config.output_device))
    if args.speak_to:
        speakers.append(tts.WavSpeaker(args.speak_to))
    return speakers[0] if len(speakers) == 1 else tts.TeeSpeaker(*speakers)


def open_hearing(args: argparse.Namespace, config: Config, start: float = 0.0, source=None):
    """Typed lines, or audio (the given source, the WAV file or the microphone) and a recogniser."""
    if args.text and source is None:
        return TextHearing(sys.stdin), None
    from gm.speech.audio import MicrophoneSource, WavSource
    if source is None:
        source = WavSource(args.wav, start=start) if args.wav else MicrophoneSource(config.input_device)
    recognizer = open_recognizer(args, config)
    return AudioHearing(source, recognizer), recognizer


def _config(args: argparse.Namespace) -> Config:
    return load_config().override(
        asr=getattr(args, "asr", None), model=getattr(args, "model", None),
        input_device=getattr(args, "input_device", None), output_device=getattr(args, "output_device", None))


def echo_event(event: dict) -> None:
    """The demo's running commentary: what the table said and what gm decided."""
    if event["type"] == "heard":
        print(f"  [{event['t']:7.1f}s] gm heard: {event['text'] or '(nothing it listens for)'}", flush=True)
    elif event["type"] == "decision" and event.get("decision"):
        mark = "undo" if event.get("kind") == "undo" else ("decided" if event.get("accepted") else "refused")
        print(f"  [{event['t']:7.1f}s] {mark}: {event['decision']}", flush=True)


def run_game(args: argparse.Namespace, record: Record, resumed: bool, table=None) -> int:
    """Play (or resume) a game; `table` is the demo's simulated table, which is the input
    source, reads the engine's state and follows its transcript."""
    if getattr(args, "realtime", False) and not args.wav:
        raise UsageError("--realtime paces a WAV file, so it needs --wav FILE; a microphone is live already.")
    config = _config(args)
    entry = find(record.game)
    game = load_game(entry)
    lines, commands = common_lines()
    store = SaveStore(Path(args.state_dir) if args.state_dir else None)
    with ExitStack() as stack:
        transcript = Transcript(keep=0)  # events go to the sinks; none pile up in memory
        if args.transcript:
            stream = stack.enter_context(open(args.transcript, "w", encoding="utf-8"))
            transcript.to_stream(stream)
        if getattr(args, "echo", False):
            transcript.add_sink(echo_event)
        start = record.t if resumed and args.wav and record.source == str(Path(args.wav).resolve()) else 0.0
        if table is not None:
            transcript.add_sink(table.event)
        source, clock = table, None
        if getattr(args, "realtime", False) or getattr(args, "live", False):
            from gm.speech.audio import WavSource
            from gm.speech.realtime import Paced, WallClock
            clock = WallClock(origin=start)
            source = Paced(table if table is not None else WavSource(args.wav, start=start), clock)
        hearing, recognizer = open_hearing(args, config, start, source=source)
        if args.wav:
            record.source = str(Path(args.wav).resolve())
        speaker = open_speaker(args, config, quiet_default=bool(args.wav or args.text))
        if clock is not None:
            from gm.speech.realtime import Timed
            speaker = Timed(speaker, clock)  # gm's voice takes the time it takes to say
        stack.callback(speaker.close)
        greeting = ()
        if recognizer is not None:
            from gm.speech.asr import describe
            greeting = (lines("recogniser", name=describe(recognizer)),)
        engine = Engine(game, hearing, speaker, lines, commands, transcript, record, store, EngineConfig())
        if table is not None:
            table.attach(engine)
        result = engine.run(resumed=resumed, greeting=greeting)
    if result is Result.INPUT_ENDED:
        print("gm: the input ended before the game did; 'gm resume' carries on from here.", file=sys.stderr)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    entry = find(args.game)
    options = {k: v for k, v in {
        "players": args.players, "mode": args.mode, "difficulty": args.difficulty,
        "reveal_after": args.reveal_after, "scoring": args.scoring, "time_limit": args.time_limit,
    }.items() if v is not None}
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game = load_game(entry)
    game.new(options, random.Random(seed))  # rejects impossible options before anything opens
    return run_game(args, Record(entry.id, options, seed), resumed=False)


def cmd_resume(args: argparse.Namespace) -> int:
    store = SaveStore(Path(args.state_dir) if args.state_dir else None)
    record, warning = store.load()
    if warning:
        print(f"gm: {warning}", file=sys.stderr)
    if record.finished:
        raise SaveError("The last game is already over; start a new one with 'gm play GAME'.")
    return run_game(args, record, resumed=True)


def expectation(name: str) -> tuple[tuple[Choice, ...], dict, bool]:
    """The choices, commands and free flag that `gm listen --expect` listens with."""
    _, commands = common_lines()
    if name == "numbers":
        return vocab.numbers(0, 20), {}, False
    if name == "commands":
        return (), listening_commands(commands), False  # as an ask hears them: no "resume"
    if name == "yesno":
        return vocab.yes_no(), {}, False
    if name == "free":
        return (), {}, True
    if name.startswith("letters:"):
        letters = [l.strip() for l in name.split(":", 1)[1].split(",") if l.strip()]
        if not letters or not all(len(l) == 1 and l.isalpha() for l in letters):
            raise UsageError("--expect letters needs single letters, like letters:B,M,T.")
        return vocab.letters(letters), {}, False
    raise UsageError(f"--expect must be numbers, commands, yesno, letters:B,M,T or free, not '{name}'.")


def cmd_listen(args: argparse.Namespace) -> int:
    from gm.speech.base import Final
    from gm.speech.audio import MicrophoneSource, WavSource
    choices, commands, free = expectation(args.expect)
    matcher = Matcher(choices, commands)
    config = _config(args)
    sources = [WavSource(path) for path in args.wav] if args.wav else [MicrophoneSource(config.input_device)]
    recognizer = open_recognizer(args, config)
    vocabulary = matcher.vocabulary(free=free, endpoint=0.6)
    if not args.wav:
        print("Listening; press Ctrl+C to stop.", file=sys.stderr)
    for source in sources:
        name = str(source.path) if hasattr(source, "path") else "microphone"
        recognizer.reset()
        recognizer.set_vocabulary(vocabulary)
        try:
            while True:
                chunk = source.read()
                events = recognizer.flush() if chunk is None else recognizer.feed(chunk)
                for event in events:
                    if isinstance(event, Final):
                        texts = [a.text for a in event.alternatives if a.text.strip()]
                        match = matcher.match(texts) if texts else None
                        intent = None
                        if match is not None:
                            intent = f"command:{match.command.value}" if match.command else match.value
                        print(json.dumps({
                            "file": name, "text": texts[0] if texts else "", "intent": intent,
                            "confidence": round(event.alternatives[0].confidence, 3) if event.alternatives else 0.0,
                            "start": round(event.start, 3), "end": round(event.end, 3)}), flush=True)
                if chunk is None:
                    break
        except KeyboardInterrupt:
            break
        finally:
            source.close()
    return 0


def cmd_say(args: argparse.Namespace) -> int:
    from gm.speech import tts
    config = load_config().override(output_device=args.output_device)
    text = " ".join(args.text)
    speaker = tts.WavSpeaker(args.wav) if args.wav else tts.Pyttsx3Speaker(
        config.voice, config.rate, config.volume, config.output_device)
    try:
        speaker.say(text)
    finally:
        speaker.close()
    return 0


def cmd_devices(args: argparse.Namespace) -> int:
    from gm.speech.audio import input_devices
    from gm.speech.echo import echo_canceller_name
    canceller = echo_canceller_name()
    print(f"Echo canceller: {canceller}; gm's dialogue still listens half duplex (it drops what the microphone "
          "hears while gm speaks)." if canceller else
          "Echo canceller: none installed, so gm stays half duplex: it drops what the microphone hears while it "
          "speaks (pip install pyaec for barge-in).")
    devices = input_devices()
    if not devices:
        print("No sound devices were found (no microphone and no speaker); gm can still play with --wav or --text and --console.")
        return 0
    for d in devices:
        kinds = [k for k, n in (("input", d["max_input_channels"]), ("output", d["max_output_channels"])) if n]
        print(f"{d['index']:3}  {d['name']}  ({', '.join(kinds)})")
    return 0


def cmd_models(args: argparse.Namespace) -> int:
    from gm.speech import models
    directory = Path(args.dir) if args.dir else models.default_models_dir()
    if args.action == "download":
        if not args.name:
            raise UsageError("Say which model to download, e.g. 'gm models download en-us-small'.")
        path = models.download(args.name, directory, url=args.url, sha256=args.sha256)
        print(f"Installed {path}.")
        return 0
    installed = models.installed(directory)
    print(f"Installed in {directory}:")
    for path in installed or []:
        print(f"  {Path(path).name}")
    if not installed:
        print("  none (PocketSphinx's English model, inside its package, is used)")
    print("Known, to download with 'gm models download NAME':")
    for info in models.known():
        print(f"  {info.name}: {info.about} ({info.size_mb} MB)")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from gm import demo
    return demo.run(args)


COMMANDS = {"play": cmd_play, "resume": cmd_resume, "listen": cmd_listen, "say": cmd_say,
            "devices": cmd_devices, "models": cmd_models, "demo": cmd_demo}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if not args.command:
            parser.print_help()
            return 2
        return COMMANDS[args.command](args)
    except (UsageError, *USER_ERRORS) as error:
        print(f"gm: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("gm: stopped; the game is saved, 'gm resume' carries on.", file=sys.stderr)
        return 130
