"""What the measuring scripts share: the checkout on sys.path, the machine, medians, figures.

Importing this module puts the checkout first on sys.path, so `gm` is the one beside the
scripts whichever directory they are run from; the scripts import it before gm.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
from pathlib import Path
from typing import Iterable, Sequence

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def machine(when: str = "at the start") -> str:
    """The machine a figure was measured on, as a report states it: CPUs, system, Python, and
    the load average `when` (a shared machine's wall times grow with it)."""
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{os.cpu_count()} CPUs ({model}, {platform.machine()}), "
        f"{platform.system()} {platform.release()}, Python {platform.python_version()}, "
        f"load average {load():.1f} {when}"
    )


def tiny_en():  # noqa: ANN201 - faster_whisper.WhisperModel
    """Whisper tiny.en, the model gm installs, as faster-whisper runs it alone (int8, two
    threads): the plain model the benches hold gm's pipeline and other models against."""
    from faster_whisper import WhisperModel

    from gm.speech.asr.whisper import embedded_model

    folder = embedded_model()
    if folder is None:
        raise RuntimeError("tiny.en is not installed (./scripts/test or ./scripts/play sets it up)")
    return WhisperModel(str(folder), device="cpu", compute_type="int8", cpu_threads=2)


def load() -> float:
    """The load average of the last minute (nan where the system has none)."""
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def median(values: Iterable[float | None]) -> float:
    """The median of the values measured (None: not measured); nan if there are none, so a
    report shows a dash rather than failing."""
    measured = [v for v in values if v is not None]
    return statistics.median(measured) if measured else float("nan")


def fmt(value: float, digits: int = 0) -> str:
    """A figure as the reports show it: `digits` decimals, a dash for one not measured (nan)."""
    return "–" if value != value else f"{value:.{digits}f}"


def condition(row: dict) -> str:
    """A corpus clip's condition: 'clean', or the noise and its level ('babble 10 dB',
    'pink noise 5 dB'); make_corpus.py names pink noise 'noise'."""
    if row.get("snr") is None:
        return "clean"
    return f"{'pink noise' if row['noise'] == 'noise' else row['noise']} {row['snr']} dB"


def prompts(name: str) -> dict:
    """prompts/en/<name>.toml as data, read by gm's own content loader."""
    from gm.content import load as load_content

    return load_content(name).data


def table(rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table: the first row is the header."""
    header, *body = rows
    lines = [row(header), "|" + "---|" * len(header)]
    return "\n".join(lines + [row(cells) for cells in body])


def row(cells: Sequence[str]) -> str:
    """One row of a Markdown table."""
    return "| " + " | ".join(cells) + " |"
