"""Wongar in Chromium, never left to luck: the app's deals and draws come from a seed
(rituels.app.testseam) and the later situations from game links made in Python. One person
against three bots takes a card and places tokens by clicks, with only her hand on the page;
offered a token card's options, she chooses to draw ritual cards and the draw happens by
itself (never a button to press); the end screen comes from a link one decision before the
end; two people share the device: a hand is shown only to its owner after "pass the device".
Whole games are played at unit level (tests/app)."""

from __future__ import annotations

import random
import re

from rituels.engine import CHANCE, sample_chance
from rituels.engine.link import encode
from rituels.engine.record import new_record, start_state
from appwait import settle, wait_offered

FAST = "0.05"          # seconds per bot move (the stored pace setting)
ACTIONABLE = "#main [data-action]"
TAKE = "#main [data-action^='take:']"
REVEAL = "button[data-cmd=reveal]"
DRAW_OPTION = "#main [data-action='opt:draw']"
# One card (the elders' privilege, an option) or several (an option, "four cards").
ADA_DREW = re.compile(r"Ada pioche (une carte|\d+ cartes) rituel\.")
PEOPLE = ("Ada", "Bruno", "Chloé", "Dario")
ADA_CLICKS = 6         # a bound: after a token card, its option then a token to place


def start_wongar(page, open_app, seats):
    """``seats``: the kind of each seat ("human" or a bot level); seat 0 is named Ada."""
    open_app(page, "#/new/wongar")
    page.wait_for_selector("[role=dialog]")
    page.select_option("#count", str(len(seats)))
    page.fill("#seat-0-name", "Ada")
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}-kind", kind)
    page.click("button[data-cmd=start]")
    page.wait_for_selector("#status")
    settle(page)


def only_adas_hand(page) -> None:
    """Only Ada's hand is ever on the page, and nobody decides a draw (no "draw" button)."""
    assert page.locator(".wg-private").count() <= 1
    assert page.locator(".wg-private:not([data-viewer='0'])").count() == 0
    assert page.locator("#main [data-cmd='roll']").count() == 0


def random_game(seed: int, stop=None):
    """A 4-seat game, Ada (a person) against easy bots, played at random from ``seed``: the
    record up to the first position where ``stop(state)`` holds (or the end), and the state."""
    rng = random.Random(seed)
    record = new_record("wongar", [{"name": n, "bot": None if n == "Ada" else "easy"}
                                   for n in PEOPLE])
    _, state = start_state(record)
    while not state.is_terminal() and not (stop and stop(state)):
        who = state.current_player()
        action = sample_chance(state, rng) if who == CHANCE else rng.choice(state.legal_actions())
        record["actions"].append(state.action_to_str(action))
        state.apply(action)
    return record, state


def continue_link(page, open_app, seeded, record, seed):
    seeded(page, seed=seed, pace=FAST)
    open_app(page, "#g=" + encode(record))
    page.click("button[data-cmd=link-continue]")
    # A link keeps hands hidden: whoever continues it says who they are before the board.
    wait_offered(page, REVEAL)
    assert page.locator(".wg-private, .wg-map").count() == 0
    page.click(REVEAL)
    wait_offered(page, ACTIONABLE)


def test_ada_takes_a_card_and_places_tokens_by_clicks(page, open_app, seeded, screenshot, axe):
    """Seeded game (seed 1), Ada and three easy bots: axe finds nothing serious on the map
    while she chooses a card; she takes a face-up token card (a Triple), then places its
    tokens by clicks on the map; only her hand is ever shown."""
    seeded(page, seed=1, pace=FAST)
    start_wongar(page, open_app, ["human", "easy", "easy", "easy"])
    assert page.locator(".wg-map").count() == 1
    wait_offered(page, TAKE)
    only_adas_hand(page)
    serious = [v["id"] for v in axe(page, ".wg") if v["impact"] in ("serious", "critical")]
    assert serious == [], serious
    screenshot(page, "wongar-play-desktop")
    page.locator(f"{TAKE}[aria-label*='Triple']").first.click()
    settle(page)
    kinds = ["take"]
    for _ in range(ADA_CLICKS):       # the card's option, then a place for each token
        wait_offered(page, ACTIONABLE)
        only_adas_hand(page)
        place = page.query_selector(f"{ACTIONABLE}[data-action^='place:']")
        action = (place or page.query_selector(ACTIONABLE)).get_attribute("data-action")
        kinds.append(action.split(":")[0])
        page.click(f"{ACTIONABLE}[data-action='{action}']")
        settle(page)
        if "place" in kinds:
            break
    assert "place" in kinds, kinds
    only_adas_hand(page)
    assert "Ada" in page.inner_text("#main .log-lines")


def test_a_ritual_draw_needs_no_click(page, open_app, seeded):
    """A game (a link) where Ada has just taken a token card and is offered its options: she
    chooses to draw ritual cards, and the draw is made and logged without another click."""
    record, state = random_game(0, stop=lambda s: s.current_player() == 0 and "opt:draw" in
                                [s.action_to_str(a) for a in s.legal_actions()])
    assert not state.is_terminal()
    continue_link(page, open_app, seeded, record, seed=0)
    only_adas_hand(page)
    page.click(DRAW_OPTION)
    page.wait_for_function("(src) => new RegExp(src).test("
                           "document.querySelector('#main .log-lines').innerText)",
                           arg=ADA_DREW.pattern)
    only_adas_hand(page)


def test_the_end_shows_the_standings(page, open_app, seeded, screenshot):
    """A game (a link, seed 11) one decision before its end, Ada's ceremony choice: she
    clicks it, the game ends, the area cards each one took and the standings (rank, player,
    ceremonies, bonus, total) are shown."""
    record, state = random_game(11)
    assert state.is_terminal() and state.winners() == [0]
    last = record["actions"].pop()
    assert last == "in:snake"
    continue_link(page, open_app, seeded, record, seed=11)
    page.click(f"{ACTIONABLE}[data-action='{last}']")
    wait_offered(page, "#end-title")
    assert page.locator(".wg-final").count() == 1      # the area cards each one took
    head = page.inner_text(".end-panel .wg-standings thead")
    assert "Rang" in head and "Bonus" in head and "Total" in head
    assert "+" in page.inner_text(".end-panel .wg-standings tbody")
    screenshot(page, "wongar-end-desktop")


def test_two_people_pass_the_device(page, open_app, seeded):
    """Ada, Bruno (two people) and a bot, seeded: before each person's turn the handover screen
    hides the board and every hand; after "reveal", only that person's hand is shown. Both get
    to play within the first turns (a bounded number of clicks, not a time)."""
    seeded(page, seed=1, pace=FAST)
    start_wongar(page, open_app, ["human", "human", "easy"])
    seen = set()
    for _ in range(60):
        if len(seen) == 2:
            break
        wait_offered(page, f"{REVEAL}, {ACTIONABLE}")
        reveal = page.query_selector(REVEAL)
        if reveal is not None:
            # The handover screen hides the board, and so every hand.
            assert page.locator(".wg-private, .wg-map").count() == 0
            player = reveal.get_attribute("data-player")
            reveal.click()
            page.wait_for_selector(".wg-map")
            settle(page)
            assert page.locator(".wg-private").count() == 1
            assert page.get_attribute(".wg-private", "data-viewer") == player
            seen.add(player)
            continue
        page.click(ACTIONABLE)
        settle(page)
    assert seen == {"0", "1"}
