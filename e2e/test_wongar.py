"""Wongar in Chromium: one person plays a whole game against three bots by clicking the board
(face-up cards, highlighted areas, option and ritual buttons; ritual draws happen by themselves,
never asking for a click), and two people share the device: a hand is shown only to its owner
after "pass the device"."""

from __future__ import annotations

import re
import time

from appwait import settle

FAST = "0.05"          # seconds per bot move (the stored pace setting)
GAME_TIMEOUT_S = 300   # a 4-player game is ~100 clicks for the human and ~300 bot moves
ACTIONABLE = "#main [data-action]"
# Offered a token card's options once she has placed tokens, Ada draws two ritual cards
# (until her first draw): her draws are then in every game, not only in deals that hand her
# the elder, and she still places tokens.
DRAW_OPTION = "#main [data-action='opt:draw']"
# One card (the elders' privilege, an option) or several (an option, "four cards"): which,
# and how many times, depends on the game's random deal.
ADA_DREW = re.compile(r"Ada pioche (une carte|\d+ cartes) rituel\.")


def start_wongar(page, open_app, seats):
    """``seats``: the kind of each seat ("human" or a bot level); seat 0 is named Ada."""
    open_app(page)
    page.evaluate(f"localStorage.setItem('rituels.pace', '{FAST}')")
    open_app(page)  # reloaded: the app reads the pace at start
    page.click("a[href='#/new/wongar']")
    page.wait_for_selector("[role=dialog]")
    page.select_option("#count", str(len(seats)))
    page.fill("#seat-0-name", "Ada")
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}-kind", kind)
    page.click("button[data-cmd=start]")
    page.wait_for_selector("#status")


def test_one_person_plays_a_whole_game_against_three_bots(page, open_app, screenshot, axe):
    start_wongar(page, open_app, ["human", "easy", "easy", "easy"])
    assert page.locator(".wg-map").count() == 1
    end = time.monotonic() + GAME_TIMEOUT_S
    clicks, checked_axe, kinds, drew = 0, False, set(), False
    while page.query_selector("#end-title") is None:
        assert time.monotonic() < end, "the game did not finish in time"
        settle(page)   # the last click is answered: the page shows what the app offers now
        # Only Ada's hand is ever on the page.
        assert page.locator(".wg-private").count() <= 1
        assert page.locator(".wg-private:not([data-viewer='0'])").count() == 0
        # Nobody decides anything in a draw: there is never a "draw" button to press.
        assert page.locator("#main [data-cmd='roll']").count() == 0
        drew = drew or bool(ADA_DREW.search(page.inner_text("#main .log-lines")))
        wants_draw = "place" in kinds and not drew
        target = ((wants_draw and page.query_selector(DRAW_OPTION))
                  or page.query_selector(ACTIONABLE))
        if target is None or not target.is_visible():
            page.wait_for_timeout(100)
            continue
        action = target.get_attribute("data-action")
        kinds.add(action.split(":")[0])
        if not checked_axe and action.startswith("take:"):
            serious = [v["id"] for v in axe(page, ".wg")
                       if v["impact"] in ("serious", "critical")]
            assert serious == [], serious
            screenshot(page, "wongar-play-desktop")
            checked_axe = True
        target.click()
        clicks += 1
    # The human took cards and placed tokens through the page; Ada's draws were made and
    # logged without a click.
    assert {"take", "place"} <= kinds and clicks > 10
    assert drew
    assert page.locator(".wg-final").count() == 1      # the area cards each one took
    # The standings in the end panel: rank, player, ceremonies, bonus (8 points), total.
    head = page.inner_text(".end-panel .wg-standings thead")
    assert "Rang" in head and "Bonus" in head and "Total" in head
    assert "+" in page.inner_text(".end-panel .wg-standings tbody")
    screenshot(page, "wongar-end-desktop")


def test_two_people_pass_the_device(page, open_app):
    start_wongar(page, open_app, ["human", "human", "easy"])
    seen = set()
    end = time.monotonic() + GAME_TIMEOUT_S
    while len(seen) < 2:
        assert time.monotonic() < end, "both people never got to play"
        settle(page)
        reveal = page.query_selector("button[data-cmd=reveal]")
        if reveal is not None:
            # The handover screen hides the board, and so every hand.
            assert page.locator(".wg-private, .wg-map").count() == 0
            player = reveal.get_attribute("data-player")
            reveal.click()
            page.wait_for_selector(".wg-map")
            assert page.locator(".wg-private").count() == 1
            assert page.get_attribute(".wg-private", "data-viewer") == player
            seen.add(player)
            continue
        target = page.query_selector(ACTIONABLE)
        if target is not None and target.is_visible():
            target.click()
        else:
            page.wait_for_timeout(100)
    assert seen == {"0", "1"}
