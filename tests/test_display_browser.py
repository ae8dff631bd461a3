"""The table display in a real browser: headless Chromium (Debian's chromium and
chromium-driver, driven by Selenium) opens the page of a running typed game, reads each game's
state, taps through a whole Funocracy round, and checks the layout on a phone and a laptop. The
screenshots go to pytest's temporary folder; with GM_SCREENSHOTS=1 they replace those of the
manual in docs/display/ (docs/display.md).
"""

from __future__ import annotations

import os
import random
import shutil
import time
from pathlib import Path

import pytest
from displayed import CHROMEDRIVER, CHROMIUM, ROOT, Played, chromium, free_port
from test_funocracy_whole_oracles import WORD, deck

from gm.games import what_the_fake
from gm.steps import AnswerKind

pytestmark = pytest.mark.slow
SHOTS = ROOT / "docs" / "display" if os.environ.get("GM_SCREENSHOTS") == "1" else None
SIZES = ((360, 640), (1280, 800))


@pytest.fixture(scope="module")
def browser():
    if not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)):
        pytest.fail("chromium and chromium-driver are not installed; ./scripts/test installs them")
    driver = chromium()
    yield driver
    driver.quit()


def size(driver, width: int, height: int) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 700},
    )


def until(driver, script: str, timeout: float = 20.0):
    """The value of `script` once it is truthy."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"the page never gave {script!r}: {text(driver)}")


def text(driver, selector: str = "#page") -> str:
    return driver.execute_script(f"return document.querySelector('{selector}').innerText")


def wait_step(driver, step: str) -> None:
    until(driver, f"return document.querySelector('#taps').dataset.step === '{step}'")


def tap(driver, phrase: str) -> None:
    """Click the button that sends `phrase`."""
    until(driver, f"return document.querySelector('#taps button[data-phrase=\"{phrase}\"]')")
    driver.execute_script(
        f"document.querySelector('#taps button[data-phrase=\"{phrase}\"]').click()"
    )


def laid_out(driver, name: str, selectors: tuple[str, ...], folder: Path) -> None:
    """At each size: every element shown is visible and inside the width of the viewport (the
    page scrolls down, never sideways); a screenshot of each is kept."""
    for width, height in SIZES:
        size(driver, width, height)
        time.sleep(0.2)
        inner = driver.execute_script("return innerWidth")
        assert inner == width
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width
        for selector in selectors:
            rects = driver.execute_script(
                "return [...document.querySelectorAll(arguments[0])].map(e => "
                "e.getBoundingClientRect()).map(r => [r.left, r.right, r.width, r.height])",
                selector,
            )
            assert rects, f"{selector} is not on the page"
            for left, right, w, h in rects:
                assert w > 0 and h > 0, f"{selector} is not visible at {width}x{height}"
                assert left >= 0 and right <= width + 0.5, f"{selector} overflows at {width}"
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(str((SHOTS or folder) / f"{name}-{width}x{height}.png"))
    size(driver, *SIZES[0])


def typed_until(game, options: dict, seed: int, step: str) -> list[str]:
    """The simulated table's replies (as gm.demo.plan plays them) up to the first `step`."""
    rng, players = random.Random(seed), random.Random(seed + 1)
    state, lines = game.new(options, rng), []
    while (ask := game.step(state)).id != step:
        line = game.demo_line(state, ask, players)
        lines.append(line.text or f"[silence {line.silence}]")
        if ask.confirm and line.answer.kind is AnswerKind.CHOICE:
            lines.append("yes please")
        outcome = game.apply(state, ask, line.answer, rng)
        state = outcome.state if outcome.accepted else state
    return lines


def test_a_whole_funocracy_round_tapped_on_a_phone(browser, tmp_path):
    (tmp_path / "deck.toml").write_text(deck(), encoding="utf-8")
    flags = ("--players", "2", "--mode", "normal", "--seed", "1", "--deck")
    played = Played(tmp_path, "funocracy", *flags, str(tmp_path / "deck.toml"))
    try:
        size(browser, *SIZES[0])
        browser.get(played.url)
        wait_step(browser, "funocracy.answer")
        assert (
            until(
                browser,
                "return [...document.querySelectorAll('.letter b')]"
                ".map(e => e.textContent).join(' ')",
            )
            == "J F D"
        )
        assert "Pile: 4" in text(browser) and "Player 1's turn" in text(browser)
        first = float(until(browser, "return document.querySelector('#clock').textContent"))
        time.sleep(0.6)
        later = float(text(browser, "#clock"))
        assert 0.3 < first - later < 1.5 and later < 25  # counting down, here, in real time
        for number, letter in enumerate("J F D G H".split(), 1):
            wait_step(browser, "funocracy.answer")
            field = browser.find_element("css selector", "#taps input")
            field.send_keys(WORD[letter])
            browser.find_element("css selector", "#taps button.send").click()
            wait_step(browser, "funocracy.challenge")
            if number == 1:
                laid_out(
                    browser, "funocracy", ("#clock", "#topic", ".letter", "#taps button"), tmp_path
                )
            tap(browser, "no challenge")
            played.decided("funocracy.challenge", number)
        until(browser, "return document.querySelector('#round').textContent === 'Round 2'")
        rows = browser.execute_script(
            "return [...document.querySelectorAll('table.scores tr')].map(r => r.innerText)"
        )
        assert [r.split() for r in rows[1:]] == [["1", "4"], ["2", "4"]]
    finally:
        played.close()
    heard = [e for e in played.events() if e["type"] == "heard"]
    assert len(heard) == 10 and all(e.get("via") == "tap" for e in heard)


def test_who_the_f_vote_result_in_two_taps(browser, tmp_path):
    played = Played(tmp_path, "who-the-f", "--players", "4", "--difficulty", "easy", "--seed", "5")
    try:
        browser.get(played.url)
        tap(browser, "ready")
        wait_step(browser, "who_the_f.vote")
        assert until(browser, "return document.querySelector('#topic').textContent")
        assert "Tokens:" in text(browser)
        tap(browser, "reveal")
        wait_step(browser, "who_the_f.result")
        browser.execute_script(
            "[...document.querySelectorAll('#taps button.count')]"
            ".find(b => b.textContent === '3').click()"
        )
        laid_out(browser, "who-the-f", ("#topic", ".fact", "#taps button"), tmp_path)
        tap(browser, "three votes for number two")
        (result,) = played.decided("who_the_f.result")
        assert result["answer"]["value"] == {"count": 3, "place": 2}
        until(browser, "return document.querySelector('#decision').innerText.includes('Decided')")
    finally:
        played.close()


def test_what_the_fake_scoring_table_shows_hidden_roles_only_once_revealed(browser, tmp_path):
    options = {"players": 3, "mode": "hidden", "scoring": "full"}
    game = what_the_fake.load()
    before = typed_until(game, options, 2937, "what_the_fake.forgers")
    lines = typed_until(game, options, 2937, "what_the_fake.groups")
    played = Played(
        tmp_path, "what-the-fake", "--players", "3", "--mode", "hidden", "--seed", "2937"
    )
    rows = "return [...document.querySelectorAll('table.scores tr')].map(r => r.innerText)"
    try:
        browser.get(played.url)
        played.type(*before)
        wait_step(browser, "what_the_fake.forgers")
        assert [r.split("\t")[1] for r in browser.execute_script(rows)] == ["Role", "?", "?", "?"]
        assert "forger" not in text(browser, "#board").lower()
        laid_out(browser, "what-the-fake", ("#topic", "table.scores", "#taps button"), tmp_path)
        played.type(*lines[len(before) :])
        wait_step(browser, "what_the_fake.groups")
        table = [r.split("\t") for r in browser.execute_script(rows)]
        assert [r[1] for r in table[1:]] == ["artist", "forger", "artist"]  # "it was player two"
        assert table[2][2] == "rocket, giraffe, mountain"
    finally:
        played.close()


def test_the_page_reconnects_to_a_restarted_gm_by_itself(browser, tmp_path):
    port = free_port()
    played = Played(tmp_path, "who-the-f", "--players", "4", port=port)
    browser.get(played.url)
    wait_step(browser, "who_the_f.difficulty")
    played.close()
    until(browser, "return document.querySelector('#link').classList.contains('lost')")
    again = Played(tmp_path, "funocracy", "--players", "2", port=port)
    try:
        wait_step(browser, "funocracy.mode")
        assert text(browser, "#game") == "Funocracy"
        assert not browser.execute_script(
            "return document.querySelector('#link').classList.contains('lost')"
        )
    finally:
        again.close()
