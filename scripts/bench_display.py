#!/usr/bin/env python3
"""Measure the table display: its countdown against gm's clock, and what ten pages cost gm.

    bench_display.py [--runs 3] [--turns 5] [--pages 10] [--browser]

Each run plays a typed Funocracy game (`gm play funocracy --text --display`, two players,
normal mode) by the wall clock; a page (the event stream read as the page reads it) follows it.
Each turn a word is typed, then the 4-second challenge window is left to close by itself:
  countdown  when the page's countdown reaches zero (the listen's arrival plus the `left` it
             carries, as the page counts) against when gm's decision that the window closed
             arrives; + is gm after the page;
  delay      from the word typed to its decision arriving at the page, with the one page, then
             with `--pages` more pages open (the same turns);
  memory     gm's resident memory before the pages open and after their turns;
  browser    with --browser, the page itself open in headless Chromium beside them: when its
             countdown shows 0.0 against when it shows gm's decision that the window closed.
Figures are medians over the turns of all the runs; growth is the median of the runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import benchlib.common  # noqa: F401  (the checkout first on sys.path)
from benchlib.displayed import Page, Played, chromium

from gm.games import funocracy


def word_for(game, state: dict, used: set[str]) -> str:
    """A word of the theme with a face-up first letter (said before: 'pass')."""
    theme = next(t for t in game.themes if t.name == state["theme"])
    letters = {f["letter"] for f in state["face_up"]}
    return next((w for w in theme.answers if w[0].upper() in letters and w not in used), "pass")


def turns(
    played: Played, page: Page, count: int, game, used: set[str], seen: int
) -> tuple[list, list, int]:
    """(countdown offsets, decision delays) in seconds over `count` turns, and the index of the
    page's last message read, from `seen` on."""
    offsets, delays = [], []
    for _ in range(count):
        seen, _, _ = page.next(
            lambda m: m["type"] == "listen" and m["step"] == "funocracy.answer", seen
        )
        state = [m for _, m in page.messages if m["type"] == "state"][-1]["state"]
        word = word_for(game, state, used)
        used.add(word)
        typed = time.monotonic()
        played.type(word)
        seen, decided, _ = page.next(
            lambda m: m["type"] == "decision" and m.get("step") == "funocracy.answer", seen
        )
        delays.append(decided - typed)
        if word == "pass":
            continue
        seen, arrived, listen = page.next(
            lambda m: m["type"] == "listen" and m["step"] == "funocracy.challenge", seen
        )
        seen, closed, _ = page.next(
            lambda m: m["type"] == "decision" and m.get("step") == "funocracy.challenge", seen
        )
        offsets.append(closed - (arrived + listen["left"]))
    return offsets, delays, seen + 1


# Marks in the page when its countdown shows 0.0 and when it shows a decision.
WATCH = """
window.marks = [];
const mark = (what) => () => window.marks.push([what, performance.now(),
  document.getElementById(what).textContent]);
new MutationObserver(mark("clock")).observe(document.getElementById("clock"),
  {childList: true, characterData: true, subtree: true});
new MutationObserver(mark("decision")).observe(document.getElementById("decision"),
  {childList: true, characterData: true, subtree: true});
"""


def shown_offsets(marks: list) -> list[float]:
    """Seconds from the page's countdown first showing 0.0 to it showing the window closed."""
    offsets, zero = [], None
    for what, at, text in marks:
        if what == "clock" and text == "0.0" and zero is None:
            zero = at
        elif what == "decision" and "no challenge" in text and zero is not None:
            offsets.append((at - zero) / 1000)
            zero = None
        elif what == "clock" and text != "0.0":
            zero = None
    return offsets


def run(turn_count: int, pages: int, browser=None) -> dict:
    game = funocracy.load()
    used: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="gm-display-bench-") as workdir:
        played = Played(Path(workdir), "funocracy", "--players", "2", "--mode", "normal")
        page = Page(played.port)
        if browser is not None:
            browser.get(played.url)
            browser.execute_script(WATCH)
        try:
            offsets, alone, seen = turns(played, page, turn_count, game, used, 0)
            before = played.rss_kb()
            crowd = [Page(played.port) for _ in range(pages)]
            since = len(page.messages)
            more, crowded, _ = turns(played, page, turn_count, game, used, seen)
            after = played.rss_kb()
            missed = max(len(page.messages) - since - len(p.messages) for p in crowd)
            for other in crowd:
                other.close()
            marks = browser.execute_script("return window.marks") if browser else []
        finally:
            page.close()
            played.close()
    return {
        "offsets": offsets + more,
        "alone": alone,
        "crowded": crowded,
        "growth_mb": (after - before) / 1024,
        "missed": missed,  # messages one of the crowd did not receive (snapshot aside)
        "shown": shown_offsets(marks),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--turns", type=int, default=5)
    parser.add_argument("--pages", type=int, default=10)
    parser.add_argument("--browser", action="store_true", help="the page in headless Chromium too")
    args = parser.parse_args(argv)
    browser = chromium() if args.browser else None
    try:
        results = [run(args.turns, args.pages, browser) for _ in range(args.runs)]
    finally:
        if browser is not None:
            browser.quit()
    offsets = [o for r in results for o in r["offsets"]]
    alone = [d for r in results for d in r["alone"]]
    crowded = [d for r in results for d in r["crowded"]]
    ms = lambda values: f"{statistics.median(values) * 1000:.0f} ms"  # noqa: E731
    print(f"runs {args.runs}, {args.turns} turns each with 1 page and with {args.pages} more")
    print(
        f"countdown: gm's decision after the page's zero, median {ms(offsets)}, "
        f"worst {max(abs(o) for o in offsets) * 1000:.0f} ms ({len(offsets)} windows)"
    )
    print(f"decision delay, 1 page: median {ms(alone)}; with {args.pages} more: {ms(crowded)}")
    growth = statistics.median(r["growth_mb"] for r in results)
    print(f"gm's memory growth with {args.pages} more pages: median {growth:.1f} MB")
    print(f"every page received every event: {all(r['missed'] <= 0 for r in results)}")
    shown = [o for r in results for o in r["shown"]]
    if shown:
        print(
            f"in Chromium: the decision shown after the countdown showed 0.0, median {ms(shown)}, "
            f"worst {max(abs(o) for o in shown) * 1000:.0f} ms ({len(shown)} windows)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
