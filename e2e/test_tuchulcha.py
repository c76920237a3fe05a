"""Tuchulcha in Chromium, never left to the dice: who starts and the dice are scripted
(rituels.app.testseam). On a 4-player board (side A) Ada rolls, picks pawns and destinations by
mouse and by keyboard against three easy bots; the 3-player board (side B) on a phone for one
turn; the end screen from a game link one move before Ada wins; and a combined attack of three
pawns (a double and a third die) made by clicks on the attacked stone. Whole games are played
at unit level (tests/app)."""

from __future__ import annotations

import random

from rituels.engine import CHANCE, get_game, sample_chance
from rituels.engine.link import encode
from rituels.engine.record import new_record
from endings import last_decision
from appwait import saved_game, wait_offered
from tuchulcha_play import (BOARD, BOARD_ACTIONS, BOARD_PICKS, FAST, PANEL_ACTIONS, ROLL, click,
                            start)

# Ada starts and rolls 3 and 1: a pawn out of her temple by 3, then one by 1.
ADA_FIRST = ["first0", "d31"]


def check_destinations(page) -> None:
    """Every destination offered on the board is a named button."""
    for t in page.query_selector_all(BOARD_ACTIONS):
        assert t.get_attribute("role") == "button" and t.get_attribute("aria-label")


def ada_first_turn(page) -> None:
    """Ada's scripted first turn (ADA_FIRST): the roll by mouse; a pawn out of her temple
    picked by keyboard, its destination by mouse; the next pawn by mouse, its destination by
    keyboard."""
    click(page, ROLL, keyboard=False)
    click(page, f"{BOARD_PICKS}[data-select='T0']", keyboard=True)
    wait_offered(page, BOARD_ACTIONS)
    check_destinations(page)
    click(page, f"{BOARD_ACTIONS}[data-action='3:T0x1']", keyboard=False)
    click(page, f"{BOARD_PICKS}[data-select='2']", keyboard=False)
    wait_offered(page, BOARD_ACTIONS)
    check_destinations(page)
    click(page, f"{BOARD_ACTIONS}[data-action='1:2x1']", keyboard=True)
    page.wait_for_function(
        "() => document.querySelectorAll('.log-lines li').length > 0"
        " && [...document.querySelectorAll('.log-lines li')]"
        ".filter(li => li.innerText.includes('Ada (rouge, Achvizr) déplace')).length >= 2")


def test_four_players_first_turn_by_mouse_and_keyboard(page, open_app, seeded, axe, screenshot):
    """4-player board against three easy bots, Ada to start with 3 and 1 (scripted): the
    board names its 40 stones and the temples, axe finds nothing; Ada plays her turn by
    clicks and keys, and the log says she rolled and moved twice."""
    seeded(page, seed=1, chance=ADA_FIRST, pace=FAST)
    start(page, open_app, 4)
    assert page.locator(f"{BOARD} .tu-temple").count() == 4
    labels = page.eval_on_selector_all(
        f"{BOARD} .tu-place", "els => els.map(e => e.getAttribute('aria-label'))")
    assert sum(1 for x in labels if x.startswith("pierre ")) == 40
    assert "temple rouge (Achvizr)\u202f: 8 aruspices rouges" in labels
    violations = axe(page, ".tu")
    assert violations == [], [(v["id"], [n["html"][:200] for n in v["nodes"]]) for v in violations]
    screenshot(page, "tuchulcha-start-desktop")
    ada_first_turn(page)
    assert "lance les dés" in page.inner_text(".log-lines")


def test_four_players_end_screen(page, open_app, seeded, screenshot):
    """A 4-player game one move before its end (a link, continued): Ada picks her pawn and
    its destination on the board; that move ends the game in her favour (seed 2: the game no
    longer advances and the rules give it to her), and the end screen says
    so, as the log does."""
    record, move, after, end = last_decision("tuchulcha", 2)
    assert after == [] and end.winners() == [0]   # her move ends the game, in her favour
    seeded(page, seed=2, pace=FAST)
    open_app(page, "#g=" + encode(record))
    page.click("button[data-cmd=link-continue]")
    source = move.split(":")[1].split("x")[0]
    click(page, f"{BOARD_PICKS}[data-select='{source}']", keyboard=False)
    click(page, f"{BOARD_ACTIONS}[data-action='{move}']", keyboard=False)
    wait_offered(page, "#end-title")
    log = page.inner_text(".log-lines")
    assert f"déplace 1 aruspice rouge de la pierre {source} " in log and "lance les dés" in log
    result = page.inner_text(".end-result").strip()
    assert result and result in log and "Ada" in result, result
    screenshot(page, "tuchulcha-end-desktop")


def test_three_players_on_a_phone(phone_page, open_app, seeded, screenshot):
    """The 3-player board (33 stones) fits a phone's width; Ada's scripted first turn by taps
    and keys is logged."""
    page = phone_page
    seeded(page, seed=1, chance=ADA_FIRST, pace=FAST)
    start(page, open_app, 3)
    labels = page.eval_on_selector_all(
        f"{BOARD} .tu-place", "els => els.map(e => e.getAttribute('aria-label'))")
    assert sum(1 for x in labels if x.startswith("pierre ")) == 33
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    ada_first_turn(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "tuchulcha-phone")


def attack_position(parts: int, seed: int = 0):
    """A record of a 4-player game between people at this device, played at random up to a turn
    offering a combined attack of ``parts`` pawns that hits, and that attack's notation."""
    rng = random.Random(seed)
    game = get_game("tuchulcha")
    seats = [{"name": n, "bot": None} for n in ("Ada", "Bruno", "Chloé", "Dario")]
    while True:
        state, record = game.start(4), new_record("tuchulcha", seats)
        while not state.is_terminal():
            if state.phase == "move" and state.player != state.tuchulcha:
                for a in state.attacks():     # (so three pawns need a double and a third die)
                    if len(a[1]) == parts and state.move_effect(a).hit:
                        return record, state, a
            a = sample_chance(state, rng) if state.current_player() == CHANCE else \
                rng.choice(state.legal_actions())
            record["actions"].append(state.action_to_str(a))
            state.apply(a)


def test_a_combined_attack_by_clicks_on_the_attacked_stone(page, open_app, seeded, axe,
                                                           screenshot):
    """A 4-player game (a link, seed 0) where three of the mover's pawns can reach one stone
    together (a double and a third die) and hit: that stone also takes a two-pawn attack, so a
    click on it asks which, in the panel; the three-pawn attack is logged and saved."""
    record, state, attack = attack_position(3)
    notation = state.action_to_str(attack)
    dest = state.move_effect(attack).dest
    onto = [a for a in state.legal_actions() if state.move_effect(a).dest == dest]
    assert len(onto) > 1, "the page would play it at once: the test needs the choice"
    seeded(page, seed=0, pace=FAST)
    open_app(page, "#g=" + encode(record))
    page.click("button[data-cmd=link-continue]")
    wait_offered(page, f"{BOARD} [data-select='A{dest}']")
    stone = page.locator(f"{BOARD} [data-select='A{dest}']")
    assert "attaques groupées" in stone.get_attribute("aria-label")
    stone.click()
    wait_offered(page, f"{PANEL_ACTIONS}[data-action='{notation}']")
    screenshot(page, "tuchulcha-attack-choice")
    violations = axe(page, ".tu")
    assert violations == [], [(v["id"], [n["html"][:200] for n in v["nodes"]])
                              for v in violations]
    page.click(f"{PANEL_ACTIONS}[data-action='{notation}']")
    page.wait_for_function(
        "n => document.querySelector('.log-lines').innerText.includes(n)",
        arg="arrivent ensemble")
    log = page.inner_text(".log-lines")
    assert "3 aruspices" in log and "arrivent ensemble" in log
    save_id = page.evaluate("location.hash").split("/")[-1]
    saved = saved_game(page, save_id)
    assert saved["actions"][len(record["actions"])] == notation


def test_a_hidden_tab_shows_your_turn_in_its_favicon(page, open_app, seeded):
    """Issue 11: while the tab is hidden and Ada is to act (she starts: scripted), the title
    says so and the favicon wears a red dot; back on the tab, the usual icon."""
    seeded(page, seed=1, chance=ADA_FIRST, pace=FAST)
    start(page, open_app, 3)
    page.wait_for_selector(".status-yours")
    icon = "link[rel=icon]"
    usual = page.get_attribute(icon, "href")
    assert usual == "icons/icon-192.png"

    def set_hidden(hidden: bool) -> None:
        page.evaluate("""(h) => {
            Object.defineProperty(document, 'hidden', {configurable: true, get: () => h});
            document.dispatchEvent(new Event('visibilitychange')); }""", hidden)

    set_hidden(True)
    page.wait_for_function("() => document.querySelector('link[rel=icon]').getAttribute('href')"
                           " === 'icons/turn.svg'")
    assert page.get_attribute(icon, "type") == "image/svg+xml"
    assert page.title().startswith("À vous")
    svg = page.request.get(page.url.split("#")[0] + "icons/turn.svg")
    assert svg.ok and b"<svg" in svg.body()
    set_hidden(False)
    page.wait_for_function("(u) => document.querySelector('link[rel=icon]').getAttribute('href')"
                           " === u", arg=usual)
    assert page.get_attribute(icon, "type") == "image/png"
