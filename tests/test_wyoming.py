"""gm's ear and voice over Wyoming: real wyoming-faster-whisper and wyoming-piper on 127.0.0.1,
serving the Whisper model and the Piper voice that come with gm, killed and started again in the
middle of a game; and the addresses, settings and command line around them."""

from __future__ import annotations

import re
import time

import pytest
from test_e2e_toy import DECIDED
from toygame import ToyGame
from transcripts import gm
from wyoming_servers import free_port, running

from gm.config import ConfigError
from gm.config import load as load_config
from gm.dialog.engine import Engine, Result
from gm.dialog.hearing import AudioHearing
from gm.dialog.transcript import Transcript
from gm.speech import tts
from gm.speech.asr.wyoming import WyomingRecognizer
from gm.speech.audio import WavSource
from gm.speech.base import SpeechError
from gm.speech.synth import Silence, Utterance, write
from gm.speech.wyoming import Announcing, Service, address
from gm.state import Record, SaveStore

# The service ignores the ask's phrases (Transcribe's context): without a prompt of its own it
# heard a lone espeak-ng "one" as "Well" (docs/wyoming.md).
PROMPT = "One, two, three, four, five, undo, repeat, skip."


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    with running(tmp_path_factory.mktemp("wyoming"), PROMPT) as started:
        yield started


class At:
    """An audio source that runs an action once its clock reaches a given second: a server
    killed or started again at a known place in the game, between two answers."""

    def __init__(self, source, actions: dict[float, object]) -> None:
        self.source = source
        self.actions = dict(sorted(actions.items()))

    def read(self):
        chunk = self.source.read()
        if chunk is not None:
            for at in [t for t in self.actions if t <= chunk.start]:
                self.actions.pop(at)()
        return chunk

    def __getattr__(self, name):
        return getattr(self.source, name)


def back(service: Service) -> None:
    deadline = time.monotonic() + 20
    while not service.up and time.monotonic() < deadline:
        time.sleep(0.05)
    assert service.up, f"{service.kind} did not come back"


@pytest.mark.slow
def test_a_game_through_both_services_each_killed_and_back(tmp_path, common, speaker, servers):
    lines, commands = common
    asr = Service("asr", servers["asr"].uri, backoff=(0.2,))
    voice_service = Service("voice", servers["voice"].uri, backoff=(0.2,))
    recognizer = WyomingRecognizer(asr)
    voice = tts.open_voice(service=voice_service)
    spoken = tmp_path / "gm.wav"
    room = tts.TeeSpeaker(speaker, tts.WavSpeaker(spoken, voice))
    transcript = Transcript()
    said: list[tuple[str, bool]] = []

    def event(change, text):
        said.append((change.kind, change.up))
        transcript.emit("service", 0.0, service=change.kind, up=change.up, text=text)

    announcing = Announcing(room, lambda c: lines(f"{c.kind}_{'back' if c.up else 'lost'}"), event)
    asr.changed = voice_service.changed = announcing.changed
    wav = write(
        tmp_path / "toy.wav",
        [
            Silence(0.5),
            Utterance("three"),  # through the service
            Silence(3.0),
            Utterance("two"),  # the speech service killed at 3.5 s: gm hears it itself
            Silence(3.0),
            Utterance("undo"),
            Silence(3.0),
            Utterance("five"),  # the speech service is back at 13 s
            Silence(3.0),
            Utterance("one"),
            Silence(3.0),
            Utterance("three"),
            Silence(2.0),
        ],
    )

    def kill(kind):
        return lambda: servers[kind].kill()

    def restart(kind, service):
        return lambda: (servers[kind].start(), back(service))

    heard_by: list[bool] = []
    remote = recognizer.remote

    def counted(audio):
        heard_by.append(True)
        return remote(audio)

    recognizer.remote = counted
    source = At(
        WavSource(wav),
        {
            3.5: kill("asr"),
            7.0: kill("voice"),
            13.0: restart("asr", asr),
            16.0: restart("voice", voice_service),
        },
    )
    store = SaveStore(tmp_path / "save")
    recognizer.wait_until_loaded()
    try:
        engine = Engine(
            ToyGame(),
            AudioHearing(source, recognizer),
            announcing,
            lines,
            commands,
            transcript,
            Record("toy", {}, seed=3),
            store,
        )
        result = engine.run()
    finally:
        room.close()
        voice.close()
    decided = [
        (e.get("kind"), e["decision"])
        for e in transcript.of_type("decision")
        if e.get("step") != "confirm"
    ]
    assert decided == DECIDED  # nothing lost, nothing taken twice
    assert result is Result.OVER
    saved, _ = store.load()
    assert saved.finished and len(saved.answers) == 4  # the undone answer is gone from the save
    assert transcript.of_type("game_over")[0]["state"]["scores"] == [5, 1, 3]
    # each change said once, in order, in gm's voice
    assert said == [("asr", False), ("voice", False), ("asr", True), ("voice", True)]
    for name in ("asr_lost", "voice_lost", "asr_back", "voice_back"):
        assert speaker.lines.count(lines(name)) == 1
    assert len(heard_by) >= 4  # the first answer, and the last three, went to the service
    assert spoken.stat().st_size > 100_000  # every line said, by the service or by gm's voice


@pytest.mark.slow
def test_a_service_down_at_start_is_one_sentence_and_gm_plays_with_its_own(tmp_path):
    down = f"tcp://127.0.0.1:{free_port()}"
    result = gm(
        "play",
        "who-the-f",
        "--text",
        "--asr",
        down,
        "--voice",
        down,
        "--console",
        "--speak-to",
        str(tmp_path / "gm.wav"),
        stdin="five players\nquit\nyes\n",
        env={"GM_STATE_DIR": str(tmp_path / "state")},
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr.count(f"The service at {down} does not answer") == 1
    assert "gm speaks with its own voice until it does" in result.stderr
    assert (tmp_path / "gm.wav").stat().st_size > 100_000  # said in gm's own voice


@pytest.mark.slow
def test_gm_services_says_what_each_service_is(servers):
    result = gm("services", "--asr", servers["asr"].uri, "--voice", servers["voice"].uri)
    assert result.returncode == 0, result.stderr
    assert "speech to text: faster-whisper" in result.stdout
    assert "text to speech: piper" in result.stdout
    assert "    ar_JO-kareem-low: ar_JO\n" in result.stdout  # its voices, a dozen by name
    assert re.search(r"\n    and \d+ more\n", result.stdout)


def test_gm_services_with_a_service_down_is_one_sentence():
    down = f"tcp://127.0.0.1:{free_port()}"
    result = gm("services", "--asr", down)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"gm: The service at {down} does not answer (connection refused)."
    )


def test_a_malformed_address_is_one_sentence():
    for wrong in ("tcp://host", "http://host:10300", "tcp://:10300"):
        with pytest.raises(SpeechError, match="tcp://HOST:PORT"):
            address(wrong)
    assert address("tcp://192.168.1.20:10300") == ("192.168.1.20", 10300)
    result = gm("play", "toy", "--asr", "tcp://nowhere")
    assert result.returncode == 2 and result.stderr.count("\n") == 1


def test_the_settings_name_the_services(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(
        '[recognizer]\nuri = "tcp://10.0.0.2:10300"\n[voice]\nuri = "tcp://10.0.0.2:10200"\n'
    )
    config = load_config(path)
    assert (config.asr_uri, config.voice_uri) == ("tcp://10.0.0.2:10300", "tcp://10.0.0.2:10200")
    path.write_text('[voice]\nuri = "10.0.0.2:10200"\n')
    with pytest.raises(ConfigError, match="Wyoming service's address"):
        load_config(path)


def test_voice_alone_still_speaks_aloud_and_voice_with_an_address_names_a_service():
    from gm.cli import build_parser

    parser = build_parser()
    plain = parser.parse_args(["resume", "--voice", "funocracy"])
    assert plain.speak and plain.game == "funocracy" and plain.voice_uri is None
    named = parser.parse_args(["play", "toy", "--voice", "tcp://pi:10200"])
    assert named.voice_uri == "tcp://pi:10200" and not named.speak
    assert parser.parse_args(["play", "toy", "--voice=tcp://pi:1"]).voice_uri == "tcp://pi:1"


def test_a_recogniser_named_on_the_command_line_wins_over_the_settings_service(
    tmp_path, monkeypatch
):
    from gm.cli import _config, build_parser

    path = tmp_path / "config.toml"
    path.write_text('[recognizer]\nuri = "tcp://10.0.0.2:10300"\n')
    monkeypatch.setenv("GM_CONFIG", str(path))
    parser = build_parser()
    assert _config(parser.parse_args(["play", "toy"])).asr_uri == "tcp://10.0.0.2:10300"
    own = _config(parser.parse_args(["play", "toy", "--asr", "whisper"]))
    assert (own.asr, own.asr_uri) == ("whisper", None)
    other = _config(parser.parse_args(["play", "toy", "--asr", "tcp://10.0.0.3:10300"]))
    assert (other.asr, other.asr_uri) == (None, "tcp://10.0.0.3:10300")


def test_a_change_is_announced_once_before_the_next_line_only(speaker):
    from gm.speech.wyoming import Change

    events = []
    announcing = Announcing(
        speaker,
        lambda c: f"The {c.kind} service is {'back' if c.up else 'lost'}.",
        lambda change, line: events.append(change),
    )
    announcing.say("First line.")
    announcing.changed(Change("asr", "tcp://127.0.0.1:1", False))
    announcing.changed(Change("asr", "tcp://127.0.0.1:1", True))
    announcing.say("Second line.")
    announcing.say("Third line.")
    assert speaker.lines == [
        "First line.",
        "The asr service is lost.",
        "The asr service is back.",
        "Second line.",
        "Third line.",
    ]
    assert [c.up for c in events] == [False, True]
