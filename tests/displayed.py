"""The display's tests drive gm as its measure does (scripts/benchlib/displayed.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from benchlib.displayed import CHROMEDRIVER, CHROMIUM, ROOT, Played, chromium, free_port  # noqa: E402

__all__ = ["CHROMEDRIVER", "CHROMIUM", "ROOT", "Played", "chromium", "free_port"]
