"""The app in Chromium: a Cthulhu Dice game through clicks (its rolls scripted, rituels.app.
testseam) and its end from a link one decision before it, "play again"; a reload mid-game;
language remembered; a hostile player name; screenshots of every screen at both sizes."""

from __future__ import annotations


import pytest

from rituels.engine.link import encode
from endings import last_decision
from appwait import canonical_html, settle, wait_offered

EVIL = "<img src=x onerror=alert(1)>"
FAST = "0.05"          # seconds per bot move (the stored pace setting)
ACTIONABLE = "#main [data-action], #main [data-cmd='roll']"
VICTIMS = "#main .cd-table [data-action]"
ROLL = "#main [data-cmd=roll]"


def start_cthulhu(page, name="Ada"):
    page.click("a[href='#/new/cthulhu-dice']")
    page.wait_for_selector("[role=dialog]")
    page.select_option("#count", "4")
    page.fill("#seat-0-name", name)
    for seat in (1, 2, 3):
        assert page.input_value(f"#seat-{seat}-kind") == "1"   # the first level
    page.click("button[data-cmd=start]")
    page.wait_for_selector("#status")
    assert page.evaluate("location.hash").startswith("#/play/")
    settle(page)


def first_turn(page, name: str = "Ada") -> None:
    """Ada (who always starts) picks her first victim and rolls; the bots play on until she
    has something to do again (seed 1: Nyarlathotep picks her, she is to answer him)."""
    wait_offered(page, VICTIMS)
    page.click(VICTIMS)
    wait_offered(page, ROLL)
    page.click(ROLL)
    page.wait_for_function(
        "(n) => document.querySelector('.log-lines').innerText.includes('riposte contre ' + n)",
        arg=name)
    wait_offered(page, f"{VICTIMS}, {ROLL}")
    assert page.query_selector(".status-yours") is not None


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def one_frame(page) -> None:
    """Wait until the page has laid out and painted what it has now (two animation frames)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def test_cthulhu_dice_first_moves_by_clicks(page, open_app, seeded, screenshot):
    """Home, then a new Cthulhu Dice game against the three default (easy) bots, rolls
    scripted: Ada's victim and roll are clicks, the bots answer and it is her turn again."""
    seeded(page, seed=1, chance=["T", "Y"], pace=FAST)
    open_app(page)
    screenshot(page, "app-home-desktop")
    start_cthulhu(page)
    screenshot(page, "app-play-desktop")
    first_turn(page)
    log = page.inner_text(".log-lines")
    assert "Ada choisit" in log and "Ada lance contre" in log and "riposte contre Ada" in log


def test_cthulhu_dice_end_and_play_again(page, open_app, seeded, screenshot):
    """A game one decision from its end (a link, continued): Ada's victim and roll, scripted
    to end it (seed 29: Tentacle, Tentacle, she wins); the end screen fits, and "play again"
    starts a new game with the same seats."""
    record, decision, rolls, _ = last_decision("cthulhu-dice", 29)
    seeded(page, seed=29, chance=rolls, pace=FAST)
    open_app(page, "#g=" + encode(record))
    page.click("button[data-cmd=link-continue]")
    wait_offered(page, VICTIMS)
    page.click(f"{VICTIMS}[data-action='{decision}']")
    wait_offered(page, ROLL)
    page.click(ROLL)
    wait_offered(page, "button[data-cmd=rematch]")
    assert page.inner_text(".end-result").strip()
    screenshot(page, "app-end-desktop")
    assert no_horizontal_scroll(page)
    # "Play again" keeps the seats
    page.click("button[data-cmd=rematch]")
    page.wait_for_selector(".status")
    wait_offered(page, VICTIMS)
    assert "Ada" in page.inner_text("#main") and "Dario" in page.inner_text("#main")
    assert page.query_selector("#end-title") is None


def test_reload_mid_game_restores_the_same_position(page, open_app, seeded):
    """After Ada's first turn and the bots' (rolls scripted), her next decision: a reload
    shows the same board and log, and the home screen offers to continue the game."""
    seeded(page, seed=1, chance=["T", "Y"], pace=FAST)
    open_app(page)
    start_cthulhu(page)
    first_turn(page)
    board = canonical_html(page, ".board")
    log = page.inner_text(".log-lines")
    url = page.url
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    settle(page)
    assert page.url == url
    assert canonical_html(page, ".board") == board
    assert page.inner_text(".log-lines") == log
    # the home screen offers to continue it
    page.click("a.brand")
    page.wait_for_selector(".home .cards")
    page.wait_for_selector(f".continue .save-link[href='{url[url.index('#'):]}']")


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


def test_a_hostile_name_is_only_text(page, open_app, seeded):
    """A player named with markup: after a turn of hers and the bots', the name is shown as
    text everywhere, no image is made of it and no script runs."""
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    seeded(page, seed=1, chance=["T", "Y"], pace=FAST)
    open_app(page)
    start_cthulhu(page, name=EVIL)
    first_turn(page, EVIL)
    assert EVIL in page.inner_text("#main")
    assert page.query_selector("#app img[src=x]") is None
    assert dialogs == []


def test_phone_screens_fit(phone_page, open_app, seeded, screenshot):
    """On a phone, home, the new-game dialog, a game and every rules page fit the width."""
    page = phone_page
    seeded(page, seed=1, pace=FAST)
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
def test_each_game_opens_at_both_sizes(page, open_app, seeded, screenshot, game):
    """Each game's new-game dialog and first screen, on a desktop then at phone size."""
    seeded(page, seed=1, pace="3")     # bots hold still while the screens are taken
    open_app(page, f"#/new/{game}")
    page.wait_for_selector("[role=dialog]")
    screenshot(page, f"app-newgame-{game}-desktop")
    page.click("button[data-cmd=start]")
    page.wait_for_selector("#status")
    assert page.inner_text("#status").strip()
    screenshot(page, f"app-play-{game}-desktop")
    page.set_viewport_size({"width": 375, "height": 667})
    one_frame(page)
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
