"""The app in Chromium: a whole Cthulhu Dice game through clicks, reload mid-game, language
remembered, a hostile player name, and screenshots of every screen at both sizes."""

from __future__ import annotations

import time

import pytest

from appwait import canonical_html, settle

EVIL = "<img src=x onerror=alert(1)>"
FAST = "0.05"          # seconds per bot move (the stored pace setting), so a game takes seconds
GAME_TIMEOUT_S = 150
ACTIONABLE = "#main [data-action], #main [data-cmd='roll']"


def set_fast_bots(page):
    """Store the bots' pace before the app reads it (an init script runs before the page's)."""
    page.add_init_script(f"localStorage.setItem('rituels.pace', '{FAST}')")


def start_cthulhu(page, name="Ada"):
    page.click("a[href='#/new/cthulhu-dice']")
    page.wait_for_selector("[role=dialog]")
    page.select_option("#count", "4")
    page.fill("#seat-0-name", name)
    for seat in (1, 2, 3):
        assert page.input_value(f"#seat-{seat}-kind") == "easy"
    page.click("button[data-cmd=start]")
    page.wait_for_selector("#status")
    assert page.evaluate("location.hash").startswith("#/play/")


def play_until(page, done, timeout_s=GAME_TIMEOUT_S):
    """Click what a player would (the roll button, else a legal move) until ``done()`` or
    the end of the game."""
    end = time.monotonic() + timeout_s
    moves = 0
    while not done() and page.query_selector("#end-title") is None:
        assert time.monotonic() < end, "the game did not finish in time"
        settle(page)   # the last click is answered: the page shows what the app offers now
        target = page.query_selector(ACTIONABLE)
        if target is not None and target.is_visible():
            target.click()
            moves += 1
        else:
            page.wait_for_timeout(100)
    settle(page)
    return moves


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_cthulhu_dice_against_three_bots_to_the_end(page, open_app, screenshot):
    set_fast_bots(page)
    open_app(page)
    screenshot(page, "app-home-desktop")
    start_cthulhu(page)
    screenshot(page, "app-play-desktop")
    moves = play_until(page, lambda: page.query_selector("#end-title") is not None)
    assert moves > 0
    assert page.is_visible("button[data-cmd=rematch]")
    assert page.inner_text(".end-result").strip()
    screenshot(page, "app-end-desktop")
    assert no_horizontal_scroll(page)
    # "Play again" keeps the seats
    page.click("button[data-cmd=rematch]")
    page.wait_for_selector(".status")
    assert "Ada" in page.inner_text("#main")


def test_reload_mid_game_restores_the_same_position(page, open_app):
    set_fast_bots(page)
    open_app(page)
    start_cthulhu(page)
    play_until(page, lambda: page.locator(".log-lines li").count() >= 5)
    # The human's turn (nothing moves by itself then), or, rarely, the game already ended:
    # the restored screen must be the same either way.
    page.wait_for_selector(f"{ACTIONABLE}, #end-title")
    ended = page.query_selector("#end-title") is not None
    board = canonical_html(page, ".board")
    log = page.inner_text(".log-lines")
    url = page.url
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    assert page.url == url
    assert canonical_html(page, ".board") == board
    assert page.inner_text(".log-lines") == log
    # the home screen offers to continue it, unless it is over
    link = f".continue .save-link[href='{url[url.index('#'):]}']"
    page.click("a.brand")
    page.wait_for_selector(".home .cards")
    if ended:
        assert page.query_selector(link) is None
    else:
        page.wait_for_selector(link)


def test_english_is_remembered(page, open_app):
    open_app(page)
    page.click("button[data-lang=en]")
    page.wait_for_selector("html[lang=en]")
    assert "New game" in page.inner_text("#main")
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    assert page.get_attribute("html", "lang") == "en"
    assert "New game" in page.inner_text("#main")
    page.click("button[data-lang=fr]")
    page.wait_for_selector("html[lang=fr]")
    assert "Nouvelle partie" in page.inner_text("#main")


def test_a_hostile_name_is_only_text(page, open_app):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    set_fast_bots(page)
    open_app(page)
    start_cthulhu(page, name=EVIL)
    play_until(page, lambda: page.locator(".log-lines li").count() >= 6)
    assert EVIL in page.inner_text("#main")
    assert page.query_selector("#app img[src=x]") is None
    assert dialogs == []


def test_phone_screens_fit(phone_page, open_app, screenshot):
    page = phone_page
    set_fast_bots(page)
    open_app(page)
    screenshot(page, "app-home-phone")
    assert no_horizontal_scroll(page)
    page.click("a[href='#/new/cthulhu-dice']")
    page.wait_for_selector("[role=dialog]")
    screenshot(page, "app-newgame-phone")
    assert no_horizontal_scroll(page)
    page.click("button[data-cmd=start]")
    page.wait_for_selector("#status")
    screenshot(page, "app-play-phone")
    assert no_horizontal_scroll(page)
    for game in ("tuchulcha", "wongar", "cthulhu-dice"):
        open_app(page, f"#/rules/{game}")
        assert no_horizontal_scroll(page), game
    screenshot(page, "app-rules-phone")


@pytest.mark.parametrize("game", ["tuchulcha", "wongar", "cthulhu-dice"])
def test_each_game_opens_at_both_sizes(page, open_app, screenshot, game):
    open_app(page, f"#/new/{game}")
    page.wait_for_selector("[role=dialog]")
    screenshot(page, f"app-newgame-{game}-desktop")
    page.click("button[data-cmd=start]")
    page.wait_for_selector("#status")
    assert page.inner_text("#status").strip()
    screenshot(page, f"app-play-{game}-desktop")
    page.set_viewport_size({"width": 375, "height": 667})
    page.wait_for_timeout(100)
    assert no_horizontal_scroll(page)
    screenshot(page, f"app-play-{game}-phone")


def test_blocked_local_storage_keeps_the_game_playable(page, open_app):
    """localStorage refused by the page (as in some private modes): only the preferences
    live there now; the game starts, answers clicks and is saved in IndexedDB."""
    page.add_init_script("""Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('blocked', 'SecurityError'); } });""")
    open_app(page)
    start_cthulhu(page)
    page.wait_for_selector(ACTIONABLE, timeout=30_000)
    before = page.locator(".log-lines li").count()
    page.click(ACTIONABLE)
    page.wait_for_function(f"document.querySelectorAll('.log-lines li').length > {before}")
