"""Accessibility: axe-core finds no serious or critical violation on the home screen, the
dialogs, each game screen and the rules pages; a whole Cthulhu Dice game is played with the
keyboard only."""

from __future__ import annotations

import time

import pytest

from appwait import settle

GAMES = ["cthulhu-dice", "tuchulcha", "wongar"]
BAD = ("serious", "critical")
KEYBOARD_GAME_TIMEOUT_S = 150


def serious(violations):
    """Readable list of the violations that matter: rule id, impact and where."""
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(n["target"][0] if isinstance(n["target"][0], str) else str(n["target"])
                        for n in v["nodes"][:4])
            for v in violations if v.get("impact") in BAD]


def fast(page, open_app, path=""):
    page.add_init_script("localStorage.setItem('rituels.pace', '0.05')")
    open_app(page, path)


def test_home_and_new_game_dialog(page, open_app, axe):
    open_app(page)
    assert serious(axe(page)) == []
    for game in GAMES:
        page.click(f"a[href='#/new/{game}']")
        page.wait_for_selector("[role=dialog]")
        assert page.evaluate("document.activeElement.id") == "dialog-title"
        assert serious(axe(page)) == [], game
        page.keyboard.press("Escape")
        page.wait_for_selector("[role=dialog]", state="detached")


@pytest.mark.parametrize("game", GAMES)
def test_game_screen_and_rules(page, open_app, axe, game):
    fast(page, open_app, f"#/new/{game}")
    page.click("button[data-cmd=start]")
    page.wait_for_selector("#status")
    assert serious(axe(page)) == [], game
    if page.query_selector("button[data-cmd=share]") is not None:
        # The share dialog, then Escape closes it. Clicked by selector, not by element
        # handle: a bot's move may redraw the screen (and the button) in between.
        page.click("button[data-cmd=share]")
        page.wait_for_selector("[role=dialog]")
        assert serious(axe(page)) == [], f"{game} share dialog"
        page.keyboard.press("Escape")
        page.wait_for_selector("[role=dialog]", state="detached")
    open_app(page, f"#/rules/{game}")
    assert serious(axe(page)) == [], f"{game} rules"


def test_english_screens(page, open_app, axe):
    open_app(page)
    page.click("button[data-lang=en]")
    page.wait_for_selector("html[lang=en]")
    assert serious(axe(page)) == []


def tab_to(page, selector, limit=80):
    """Press Tab until the focused element matches ``selector``; False if it never does."""
    for _ in range(limit):
        if page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)",
                         selector):
            return True
        page.keyboard.press("Tab")
    return False


def test_a_cthulhu_dice_game_with_the_keyboard_only(page, open_app):
    fast(page, open_app)
    assert tab_to(page, "a[href='#/new/cthulhu-dice']")
    page.keyboard.press("Enter")
    page.wait_for_selector("[role=dialog]")
    assert tab_to(page, "#seat-0-name")
    page.keyboard.type("Clavier")
    page.keyboard.press("Enter")           # submits the form: the game starts
    page.wait_for_selector("#status")
    playable = "[data-action], [data-cmd='roll']"
    end = time.monotonic() + KEYBOARD_GAME_TIMEOUT_S
    presses = 0
    while page.query_selector("#end-title") is None:
        assert time.monotonic() < end, "the keyboard game did not finish in time"
        settle(page)   # the last key is answered: the page shows what the app offers now
        if page.query_selector(playable) is None:
            page.wait_for_timeout(100)     # bots are playing
            continue
        if tab_to(page, playable, limit=60):
            key = "Enter" if presses % 2 == 0 else " "   # both keys act
            page.keyboard.press(key)
            presses += 1
    assert presses > 0
    assert "Clavier" in page.inner_text("#main")


def test_phone_menu_and_rules_over_the_game(phone_page, open_app, axe):
    page = phone_page
    fast(page, open_app, "#/new/cthulhu-dice")
    page.click("button[data-cmd=start]")
    page.wait_for_selector("#status")
    page.click("button[data-cmd=menu]")
    page.wait_for_selector("#game-menu.is-open")
    assert serious(axe(page)) == [], "open menu"
    page.click("#game-menu button[data-cmd=rules]")
    page.wait_for_selector("[role=dialog][aria-modal=true]")
    assert serious(axe(page)) == [], "rules over the game"
    page.keyboard.press("Escape")
    page.wait_for_selector("[role=dialog]", state="detached")
