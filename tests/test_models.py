"""The model downloader against a real HTTP server on 127.0.0.1 that can drop and resume."""
from __future__ import annotations

import hashlib
import io
import socket
import threading
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from gm.speech import models
from gm.speech.base import SpeechError

FOLDER = "vosk-model-small-en-us-0.15"


def model_zip(folder: str = FOLDER, extra: dict[str, bytes] | None = None) -> bytes:
    """A zip shaped like a Vosk model, big enough that half of it is a real cut."""
    files = {
        f"{folder}/am/final.mdl": bytes(range(256)) * 400,
        f"{folder}/conf/model.conf": b"--sample-frequency=16000\n",
        f"{folder}/README": b"a fake model for tests\n",
    }
    files.update(extra or {})
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


class Server:
    """Serves one payload with Range support; can cut the first response off halfway."""

    def __init__(self, payload: bytes, drop_first: bool = False, honour_range: bool = True, status: int = 200,
                 files: dict[str, bytes] | None = None) -> None:
        self.payload, self.drop, self.honour_range, self.status = payload, drop_first, honour_range, status
        self.ranges: list[str | None] = []
        self.paths: list[str] = []  # with `files`, each path serves its own payload
        self.files = files
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: object) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                server.ranges.append(self.headers.get("Range"))
                server.paths.append(self.path)
                if server.status != 200 or (server.files is not None and self.path not in server.files):
                    self.send_error(server.status if server.status != 200 else 404)
                    return
                data, start = server.payload if server.files is None else server.files[self.path], 0
                wanted = self.headers.get("Range")
                if wanted and server.honour_range:
                    start = int(wanted.removeprefix("bytes=").split("-")[0])
                    if start >= len(data):
                        self.send_response(416)
                        self.send_header("Content-Range", f"bytes */{len(data)}")
                        self.end_headers()
                        return
                    self.send_response(206)
                    self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
                else:
                    self.send_response(200)
                body = data[start:]
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if server.drop:
                    server.drop = False
                    self.wfile.write(body[: len(body) // 2])
                    self.wfile.flush()
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                self.wfile.write(body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/model.zip"
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.02,), daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(autouse=True)
def no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loopback only: a proxy from the environment must never see these requests."""
    for name in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("no_proxy", "*")
    monkeypatch.setenv("NO_PROXY", "*")


def quiet(*_: object) -> None:
    pass


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_download_verifies_unpacks_and_lists(tmp_path: Path) -> None:
    payload = model_zip()
    seen: list[tuple[int, int | None]] = []
    with Server(payload) as server:
        folder = models.download("en-us-small", tmp_path, url=server.url, sha256=sha(payload),
                                 progress=lambda done, total: seen.append((done, total)))
    assert folder == tmp_path / FOLDER
    assert (folder / "am" / "final.mdl").read_bytes() == bytes(range(256)) * 400
    assert models.installed(tmp_path) == [folder]
    assert not list(tmp_path.glob("*.part")) and not list(tmp_path.glob(".*"))
    assert seen[-1] == (len(payload), len(payload))
    assert server.ranges == [None]


def test_an_installed_model_is_not_downloaded_again(tmp_path: Path) -> None:
    (tmp_path / FOLDER / "conf").mkdir(parents=True)
    (tmp_path / FOLDER / "conf" / "model.conf").write_text("")
    with Server(b"") as server:
        assert models.download("en-us-small", tmp_path, url=server.url, progress=quiet) == tmp_path / FOLDER
    assert server.ranges == []


def test_a_dropped_connection_resumes_with_a_range_request(tmp_path: Path) -> None:
    payload = model_zip()
    with Server(payload, drop_first=True) as server:
        folder = models.download("en-us-small", tmp_path, url=server.url, sha256=sha(payload), progress=quiet)
    assert server.ranges[0] is None
    assert server.ranges[1] == f"bytes={len(payload) // 2}-"
    assert models.installed(tmp_path) == [folder]


@pytest.mark.parametrize("honour_range", [True, False])
def test_a_part_left_by_an_earlier_run_is_completed(tmp_path: Path, honour_range: bool) -> None:
    payload = model_zip()
    (tmp_path / "en-us-small.zip.part").write_bytes(payload[:1000])
    with Server(payload, honour_range=honour_range) as server:
        folder = models.download("en-us-small", tmp_path, url=server.url, sha256=sha(payload), progress=quiet)
    assert server.ranges == ["bytes=1000-"]  # a server that ignores it sends all, and that works too
    assert (folder / "conf" / "model.conf").is_file()


def test_a_complete_part_is_not_fetched_twice(tmp_path: Path) -> None:
    payload = model_zip()
    (tmp_path / "en-us-small.zip.part").write_bytes(payload)
    with Server(payload) as server:
        models.download("en-us-small", tmp_path, url=server.url, sha256=sha(payload), progress=quiet)
    assert server.ranges == [f"bytes={len(payload)}-"]
    assert len(models.installed(tmp_path)) == 1


def test_a_wrong_checksum_removes_the_file_and_installs_nothing(tmp_path: Path) -> None:
    with Server(model_zip()) as server, pytest.raises(SpeechError, match="SHA-256") as error:
        models.download("en-us-small", tmp_path, url=server.url, sha256="0" * 64, progress=quiet)
    assert "removed" in str(error.value)
    assert models.installed(tmp_path) == [] and list(tmp_path.iterdir()) == []


def test_an_unreachable_server_gives_one_clear_sentence(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(SpeechError) as error:
        models.download("en-us-small", tmp_path, url=f"http://127.0.0.1:{port}/m.zip", progress=quiet, timeout=5)
    message = str(error.value)
    assert message.startswith("Cannot reach 127.0.0.1 to download the model; connect to the internet")
    assert str(tmp_path) in message and message.count(".") >= 1 and "\n" not in message
    assert models.installed(tmp_path) == []


def test_a_server_error_is_reported(tmp_path: Path) -> None:
    with Server(b"", status=404) as server, pytest.raises(SpeechError, match="404"):
        models.download("en-us-small", tmp_path, url=server.url, progress=quiet)


def test_an_unknown_name_lists_the_known_ones(tmp_path: Path) -> None:
    with pytest.raises(SpeechError, match="en-us-small"):
        models.download("klingon", tmp_path)


def test_an_archive_escaping_its_folder_is_refused(tmp_path: Path) -> None:
    payload = model_zip(extra={"../evil.txt": b"owned"})
    with Server(payload) as server, pytest.raises(SpeechError, match="unsafe"):
        models.download("en-us-small", tmp_path / "models", url=server.url, sha256=sha(payload), progress=quiet)
    assert not (tmp_path / "evil.txt").exists()
    assert models.installed(tmp_path / "models") == []


def test_a_model_without_a_known_hash_is_installed_with_a_note(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    payload = model_zip("vosk-model-en-us-0.22-lgraph")
    with Server(payload) as server:
        folder = models.download("en-us-large", tmp_path, url=server.url, progress=quiet)
    assert folder.name == "vosk-model-en-us-0.22-lgraph"
    assert "not verified" in capsys.readouterr().err


def test_the_catalogue() -> None:
    small = models.KNOWN["en-us-small"]
    assert small.url == "https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip"
    assert small.folder == FOLDER and len(small.sha256 or "") == 64
    assert [m.name for m in models.known()] == list(models.KNOWN)


def test_installed_lists_only_model_folders(tmp_path: Path) -> None:
    (tmp_path / "a" / "am").mkdir(parents=True)
    (tmp_path / "b" / "conf").mkdir(parents=True)
    (tmp_path / "b" / "conf" / "model.conf").write_text("")
    (tmp_path / "c").mkdir()
    (tmp_path / "README.md").write_text("")
    assert models.installed(tmp_path) == [tmp_path / "a", tmp_path / "b"]
    assert models.installed(tmp_path / "missing") == []


def test_default_models_dir(tmp_path: Path) -> None:
    checkout = tmp_path / "repo"
    (checkout / "models").mkdir(parents=True)
    (checkout / "pyproject.toml").write_text("")
    assert models.default_models_dir(checkout, {}) == checkout / "models"
    elsewhere = tmp_path / "site-packages"
    assert models.default_models_dir(elsewhere, {"XDG_DATA_HOME": "/x"}) == Path("/x/gm/models")
    assert models.default_models_dir(elsewhere, {"HOME": "/h"}) == Path("/h/.local/share/gm/models")


def test_text_progress_shows_percent_megabytes_and_speed() -> None:
    out = io.StringIO()
    show = models.text_progress("en-us-small", out)
    show(0, 4_000_000)
    show(4_000_000, 4_000_000)
    text = out.getvalue()
    assert "100.0%" in text and "4.0 MB" in text and "MB/s" in text and text.endswith("\n")
