"""Tuchulcha in Chromium: a whole 4-player game (side A) in which Ada, the human, plays every
turn through the page (roll button, pawns and destinations clicked on the board, by mouse and
by keyboard, panel buttons for the other choices) against three easy bots; the 3-player board
(side B) on a phone for a few turns; and a combined attack of three pawns (a double and a third
die) made by clicks on the attacked stone."""

from __future__ import annotations

import random
import time

from rituels.engine import CHANCE, get_game, sample_chance
from rituels.engine.link import encode
from rituels.engine.record import new_record
from appwait import saved_game, settle

FAST = "0.05"                  # seconds per bot move (the stored pace), so a game takes minutes
GAME_TIMEOUT_S = 420
BOARD = "#main .tu-board"
ROLL = "#main [data-cmd=roll]"
BOARD_ACTIONS = f"{BOARD} [data-action]"      # legal destinations on the board
BOARD_PICKS = f"{BOARD} [data-select]"        # groups that can move
PANEL_ACTIONS = "#main .tu-choices [data-action]"
PANEL_SELECTS = "#main .tu-choices [data-select]"
OFFERED = ", ".join((BOARD_ACTIONS, BOARD_PICKS, PANEL_ACTIONS, PANEL_SELECTS, ROLL))  # one_step


def start(page, open_app, count: int, name: str = "Ada"):
    open_app(page)
    page.evaluate(f"localStorage.setItem('rituels.pace', '{FAST}')")
    open_app(page, "#/new/tuchulcha")
    page.wait_for_selector("[role=dialog]")
    page.select_option("#count", str(count))
    page.fill("#seat-0-name", name)
    for seat in range(1, count):
        page.select_option(f"#seat-{seat}-kind", "easy")
    page.click("button[data-cmd=start]")
    page.wait_for_selector(BOARD)


def click(page, selector: str, keyboard: bool) -> None:
    if keyboard:
        page.focus(selector)
        page.keyboard.press("Enter")
    else:
        page.click(selector)


def one_step(page, done: dict[str, int]) -> bool:
    """Do the next thing Ada can do; False when nothing is offered yet (bots are playing)."""
    keyboard = done["board"] % 3 == 1
    targets = page.query_selector_all(BOARD_ACTIONS)
    if targets:
        for t in targets:
            assert t.get_attribute("role") == "button" and t.get_attribute("aria-label")
        # Play sensibly enough for a real game: avoid losing pawns to the forest if possible.
        safe = [t for t in targets if "forêt" not in t.get_attribute("aria-label")]
        action = (safe or targets)[0].get_attribute("data-action")
        click(page, f"{BOARD_ACTIONS}[data-action='{action}']", keyboard)
        done["board"] += 1
        return True
    panel = page.query_selector_all(PANEL_ACTIONS)
    selects = page.query_selector_all(PANEL_SELECTS)
    picks = page.query_selector_all(BOARD_PICKS)
    if selects and not panel:                  # how many pawns: one at a time
        token = selects[0].get_attribute("data-select")
        page.click(f"{PANEL_SELECTS}[data-select='{token}']")
        done["counts"] += 1
        return True
    if picks and not panel:
        token = picks[0].get_attribute("data-select")
        click(page, f"{BOARD_PICKS}[data-select='{token}']", keyboard)
        done["picks"] += 1
        return True
    if panel:                                  # third die, discard, role change, Lasa's skip
        panel[0].click()
        done["panel"] += 1
        return True
    roll = page.query_selector(ROLL)
    if roll is not None and roll.is_visible():
        roll.click()
        done["rolls"] += 1
        return True
    return False


def play_to_the_end(page, limit_s: float = GAME_TIMEOUT_S, steps: int | None = None):
    done = {"board": 0, "picks": 0, "counts": 0, "panel": 0, "rolls": 0}
    end = time.monotonic() + limit_s
    while page.query_selector("#end-title") is None:
        assert time.monotonic() < end, f"the game did not finish in time ({done})"
        if steps is not None and done["board"] >= steps:
            break
        settle(page)   # the last click is answered: the page shows what the app offers now
        if not one_step(page, done):
            page.wait_for_timeout(80)
    return done


def test_four_players_one_human_to_the_end(page, open_app, axe, screenshot):
    start(page, open_app, 4)
    assert page.locator(f"{BOARD} .tu-temple").count() == 4
    labels = page.eval_on_selector_all(
        f"{BOARD} .tu-place", "els => els.map(e => e.getAttribute('aria-label'))")
    assert sum(1 for x in labels if x.startswith("pierre ")) == 40
    assert "temple rouge (Achvizr)\u202f: 8 aruspices rouges" in labels
    violations = axe(page, ".tu")
    assert violations == [], [(v["id"], [n["html"][:200] for n in v["nodes"]]) for v in violations]
    screenshot(page, "tuchulcha-start-desktop")
    done = play_to_the_end(page)
    assert done["board"] >= 1 and done["picks"] >= 1 and done["rolls"] >= 1, done
    log = page.inner_text(".log-lines")
    assert "Ada (rouge, Achvizr) déplace" in log and "lance les dés" in log
    result = page.inner_text(".end-result").strip()
    assert result and result in log
    screenshot(page, "tuchulcha-end-desktop")


def test_three_players_on_a_phone(phone_page, open_app, screenshot):
    page = phone_page
    start(page, open_app, 3)
    labels = page.eval_on_selector_all(
        f"{BOARD} .tu-place", "els => els.map(e => e.getAttribute('aria-label'))")
    assert sum(1 for x in labels if x.startswith("pierre ")) == 33
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    done = play_to_the_end(page, limit_s=180, steps=3)
    assert done["board"] >= 3 or page.query_selector("#end-title") is not None, done
    assert "Ada (rouge, Achvizr) déplace" in page.inner_text(".log-lines")
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


def test_a_combined_attack_by_clicks_on_the_attacked_stone(page, open_app, axe, screenshot):
    record, state, attack = attack_position(3)
    notation = state.action_to_str(attack)
    dest = state.move_effect(attack).dest
    open_app(page, "#g=" + encode(record))
    page.click("button[data-cmd=link-continue]")
    page.wait_for_selector(BOARD)
    page.wait_for_selector(f"{BOARD} [data-select], {BOARD} [data-action]")
    direct = f"{BOARD} [data-action='{notation}']"
    if page.query_selector(direct) is None:       # several attacks on that stone: step two
        stone = page.locator(f"{BOARD} [data-select='A{dest}']")
        assert "attaques groupées" in stone.get_attribute("aria-label")
        stone.click()
        page.wait_for_selector(f"{PANEL_ACTIONS}[data-action='{notation}']")
        screenshot(page, "tuchulcha-attack-choice")
        violations = axe(page, ".tu")
        assert violations == [], [(v["id"], [n["html"][:200] for n in v["nodes"]])
                                  for v in violations]
        page.click(f"{PANEL_ACTIONS}[data-action='{notation}']")
    else:
        assert "Attaque groupée" in page.get_attribute(direct, "aria-label")
        assert page.locator(f"{direct} .tu-arrivals").count() == 1
        screenshot(page, "tuchulcha-attack-choice")
        page.click(direct)
    page.wait_for_function(
        "n => document.querySelector('.log-lines').innerText.includes(n)",
        arg="arrivent ensemble")
    log = page.inner_text(".log-lines")
    assert "3 aruspices" in log and "arrivent ensemble" in log
    save_id = page.evaluate("location.hash").split("/")[-1]
    saved = saved_game(page, save_id)
    assert saved["actions"][len(record["actions"])] == notation


def test_a_hidden_tab_shows_your_turn_in_its_favicon(page, open_app):
    """Issue 11: while the tab is hidden and Ada is to act, the title says so and the favicon
    wears a red dot; back on the tab, the usual icon."""
    start(page, open_app, 3)
    page.wait_for_selector(".status-yours", timeout=60_000)
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
