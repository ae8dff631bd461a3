"""Downloading a Piper voice from the hub's layout, against a real HTTP server on 127.0.0.1.

The voice download is models.fetch_files, the one downloader gm has: progress, resume after a
dropped connection, and a SHA-256 check before a file takes its name.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from test_models import Server, no_proxy, quiet  # noqa: F401 - no_proxy is an autouse fixture

from gm.speech import voices
from gm.speech.base import SpeechError

NAME = "en_US-test-medium"
ONNX = bytes(range(256)) * 800  # 200 KB stands for the network: the download never reads it
JSON = b'{"audio": {"sample_rate": 22050}}'
PATHS = {
    "/en/en_US/test/medium/en_US-test-medium.onnx": ONNX,
    "/en/en_US/test/medium/en_US-test-medium.onnx.json": JSON,
}


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    """A voice whose digests are those of the files the local server holds."""
    info = voices.VoiceInfo(NAME, sha(ONNX), sha(JSON), 1, "a test voice")
    monkeypatch.setattr(voices, "KNOWN", {**voices.KNOWN, NAME: info})


def hub(server: Server) -> str:
    return server.url.rsplit("/", 1)[0]


def test_the_hub_layout() -> None:
    assert voices.hub_url("en_GB-alan-medium", ".onnx") == (
        "https://huggingface.co/rhasspy/piper-voices/resolve/v1.0.0/en/en_GB/alan/medium/en_GB-alan-medium.onnx"
    )
    with pytest.raises(SpeechError, match="not a Piper voice name"):
        voices.hub_url("alan", ".onnx")


def test_a_voice_downloads_with_progress_and_is_installed(tmp_path: Path, catalogue: None) -> None:
    seen: list[tuple[int, int | None]] = []
    with Server(b"", files=PATHS) as server:
        onnx = voices.download(
            NAME, tmp_path, hub=hub(server), progress=lambda done, total: seen.append((done, total))
        )
    assert onnx == tmp_path / f"{NAME}.onnx" and onnx.read_bytes() == ONNX
    assert (tmp_path / f"{NAME}.onnx.json").read_bytes() == JSON
    assert (len(ONNX), len(ONNX)) in seen and (len(JSON), len(JSON)) in seen
    assert sorted(server.paths) == sorted(PATHS) and server.ranges == [None, None]
    assert not list(tmp_path.glob("*.part"))
    assert voices.installed(tmp_path)[NAME] == onnx and voices.find(NAME, tmp_path) == onnx
    with Server(b"", files=PATHS) as again:  # a voice that is there is not fetched again
        voices.download(NAME, tmp_path, hub=hub(again), progress=quiet)
    assert again.paths == []


def test_a_dropped_connection_resumes(tmp_path: Path, catalogue: None) -> None:
    (tmp_path / f"{NAME}.onnx.json").write_bytes(JSON)  # the settings came; the network was cut off
    (tmp_path / f"{NAME}.onnx.part").write_bytes(ONNX[:5000])
    with Server(b"", files=PATHS, drop_first=True) as server:
        voices.download(NAME, tmp_path, hub=hub(server), progress=quiet)
    assert server.ranges == ["bytes=5000-", f"bytes={5000 + (len(ONNX) - 5000) // 2}-"]
    assert (tmp_path / f"{NAME}.onnx").read_bytes() == ONNX


def test_a_wrong_checksum_installs_nothing(tmp_path: Path, catalogue: None) -> None:
    damaged = {**PATHS, "/en/en_US/test/medium/en_US-test-medium.onnx": ONNX[:-1] + b"x"}
    with Server(b"", files=damaged) as server, pytest.raises(SpeechError, match="SHA-256") as error:
        voices.download(NAME, tmp_path, hub=hub(server), progress=quiet)
    assert "removed" in str(error.value) and "\n" not in str(error.value)
    assert NAME not in voices.installed(tmp_path)
    assert not (tmp_path / f"{NAME}.onnx").exists() and not list(tmp_path.glob("*.part"))


def test_unknown_and_missing_voices_are_one_sentence(tmp_path: Path) -> None:
    with pytest.raises(
        SpeechError,
        match="Unknown Piper voice 'en_US-nobody-medium'; the voices gm can download are",
    ):
        voices.download("en_US-nobody-medium", tmp_path)
    with pytest.raises(SpeechError, match="'gm voices download en_GB-alan-medium' fetches it"):
        voices.find("en_GB-alan-medium", tmp_path)
    with (
        Server(b"", status=404) as server,
        pytest.raises(SpeechError, match="voice download failed.*404"),
    ):
        voices.download("en_GB-alan-medium", tmp_path, hub=hub(server), progress=quiet)


def test_gm_s_own_voice_comes_with_gm_and_matches_its_pinned_digest() -> None:
    own = voices.embedded()
    assert own is not None and own.name == f"{voices.DEFAULT}.onnx"
    assert hashlib.sha256(own.read_bytes()).hexdigest() == voices.KNOWN[voices.DEFAULT].onnx_sha256
    assert voices.installed()[voices.DEFAULT] == own
    assert voices.download(voices.DEFAULT, hub="http://127.0.0.1:9") == own  # nothing to fetch
