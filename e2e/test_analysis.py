"""The game analysis in Chromium: a finished game of this device opened in the replay viewer,
its analysis run in steps (the page answers meanwhile), the chart with its table and key
moments, a key moment jumping the replay, review signs in the log; no axe violations."""

from __future__ import annotations

import json
import random
import re

from appwait import canonical_html, settle
from stored import finished_game_storage, preload, store_saves, stored_analysis

from rituels.engine.bots import RandomBot, play_game
from rituels.engine.game import get_game


def test_analysis_of_a_finished_game_in_the_replay(page, open_app, axe, screenshot):
    save_id, data, moves = finished_game_storage()
    preload(page, data)
    open_app(page, f"#/replay/{save_id}")
    page.wait_for_selector("button[data-cmd=analysis-start]")
    page.click("button[data-cmd=analysis-start]")
    page.wait_for_selector(".an-summary", timeout=60_000)      # done (the curve fills in before)
    settle(page)
    assert page.locator(".an-line").count() == 4
    assert page.locator(".an-col").count() >= 2
    label = page.get_attribute(".an-col >> nth=-1", "aria-label")
    assert label.startswith(f"Coup {moves}") and "100\u202f%" in label
    # the turn under focus is readable as text on the chart
    tip = page.locator(".an-pt >> nth=-1").locator(".an-tip")
    assert not tip.is_visible()
    page.focus(".an-col >> nth=-1")
    tip.wait_for(state="visible")
    assert tip.text_content() == label
    # a key moment jumps the replay to the end of its turn
    moment = page.locator(".an-moments button").first
    target = moment.get_attribute("data-to")
    moment.click()
    settle(page)
    page.wait_for_selector(f".replay-position:has-text('Coup {target} sur {moves}')")
    page.click(".an-table summary")
    assert page.locator(".an-table tbody tr").count() == page.locator(".an-col").count()
    # luck and skill per player: one column per player, ten rows, the first seven a sum
    # (start, luck, own turns before losses, losses, others', the estimate's gap, result) in
    # points of chance, never a chance out of 0-100 %; the two key-moment lists
    assert page.locator(".an-summary thead th").all_inner_texts() == ["Ada", "B0", "B1", "B2"]
    assert page.locator(".an-summary tbody tr").count() == 10
    adjusted = page.locator(".an-summary tbody tr >> nth=2").locator("td").all_inner_texts()
    assert len(adjusted) == 4 and all(c.endswith("pts") and "%" not in c for c in adjusted)
    assert page.locator(".an-dice li").count() >= 1
    assert page.locator("h3:has-text('Les décisions qui ont décidé de la partie')").count() == 1
    screenshot(page, "analysis-replay")
    summary = page.inner_text(".an-summary")
    # kept beside the save: after a reload the analysis is there at once, not computed again
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    page.wait_for_selector(".an-summary", timeout=10_000)
    assert page.locator("button[data-cmd=analysis-start]").count() == 0
    assert page.locator("#an-progress").count() == 0
    assert page.inner_text(".an-summary") == summary
    found = axe(page, ".analysis")
    assert not found, [(v["id"], v["help"], [n["html"] for n in v["nodes"]][:3]) for v in found]


def test_a_long_analysis_shows_progress_and_can_be_cancelled(page, open_app):
    save_id, data, _ = finished_game_storage("wongar", seed=2)
    preload(page, data)
    open_app(page, f"#/replay/{save_id}")
    page.click("button[data-cmd=analysis-start]")
    page.wait_for_selector("#an-progress")
    # the page still answers while the analysis runs: the replay moves
    before = page.inner_text(".replay-position")
    page.click("button[data-cmd=replay-forward]")
    page.wait_for_function("(t) => document.querySelector('.replay-position').textContent != t",
                           arg=before)
    assert page.locator("#an-progress").count() == 1
    page.click("button[data-cmd=analysis-cancel]")
    page.wait_for_selector("button[data-cmd=analysis-start]")
    assert page.locator("#an-progress").count() == 0


def test_the_coach_shows_the_best_choices_and_highlights_the_best(page, open_app):
    open_app(page)
    page.click("a[href='#/new/cthulhu-dice']")
    page.wait_for_selector("[role=dialog]")
    assert not page.is_checked("#coach")                 # off by default
    page.select_option("#count", "2")
    page.select_option("#seat-1-kind", "human")
    page.fill("#seat-0-name", "Ada")
    page.fill("#seat-1-name", "Bruno")
    page.check("#coach")
    page.click("button[data-cmd=start]")
    page.wait_for_selector("button[data-cmd=coach]")
    settle(page)
    page.click("button[data-cmd=coach]")
    page.wait_for_selector(".coach-list li")
    best = page.get_attribute(".coach-list li >> nth=0", "data-hint")
    hinted = page.locator("#main .mark-best")
    assert hinted.count() >= 1
    assert all(hinted.nth(i).get_attribute("data-action") == best for i in range(hinted.count()))
    assert page.evaluate("localStorage.getItem('rituels.coach.cthulhu-dice')") == "on"
    # the advice is playable as it is: a click on the highlighted choice plays it
    hinted.first.click()
    settle(page)
    assert page.locator(".coach-list").count() == 0


def coached_link() -> str:
    from rituels.engine.link import encode, fragment

    _, actions = play_game(get_game("cthulhu-dice"), [RandomBot(7 + i) for i in range(3)],
                           rng=random.Random(7))
    record = {"format": 1, "game": "cthulhu-dice", "options": {},
              "seats": [{"name": n, "bot": None} for n in ("Ada", "Bruno", "Chloé")],
              "actions": actions, "meta": {"coach": True}}
    return fragment(encode(record))


def test_a_coached_games_link_is_marked_and_its_replay_survives_a_reload(page, open_app,
                                                                          screenshot):
    """A link of a game played with the coach: its landing and replay say so; the replay's
    position goes in the address, so a reload comes back to the same move."""
    open_app(page, coached_link())
    page.wait_for_selector(".link-intro")
    assert page.inner_text(".link-intro .coach-mark") == "Jouée avec les conseils"
    screenshot(page, "analysis-coached-link-desktop")
    page.click("button[data-cmd=link-replay]")
    settle(page)
    page.wait_for_selector(".replay .coach-mark")
    for _ in range(3):
        page.click("button[data-cmd=replay-forward]")
        settle(page)
    where = page.inner_text(".replay-position")
    pos = page.get_attribute("#replay-slider", "value")
    assert int(pos) > 0 and page.url.endswith(f"/{pos}")
    board = canonical_html(page, ".board")
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    page.wait_for_selector(".replay .coach-mark")
    assert page.inner_text(".replay-position") == where
    assert canonical_html(page, ".board") == board
    assert page.locator(".link-intro").count() == 0
    screenshot(page, "analysis-coached-replay-desktop")


def test_a_coached_link_on_a_phone(phone_page, open_app, screenshot):
    page = phone_page
    open_app(page, coached_link())
    page.wait_for_selector(".link-intro .coach-mark")
    assert page.is_visible(".link-intro .coach-mark")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "analysis-coached-link-phone")
    page.click("button[data-cmd=link-replay]")
    settle(page)
    page.wait_for_selector(".replay .coach-mark")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "analysis-coached-replay-phone")


def test_a_long_games_replay_log_scrolls_in_its_own_area(page, open_app, base_url, screenshot):
    """A whole Tuchulcha game (hundreds of moves): the log scrolls inside its own box, the
    page stays about a screen or two tall; the analysis and its summary fit the page (the
    analysis stored beside the save: running it in the page is the tests above)."""
    save_id, data, moves = stored_analysis("tuchulcha", seed=3)
    assert moves > 150
    store_saves(page, base_url, data)
    open_app(page, f"#/replay/{save_id}")
    page.wait_for_selector(".an-summary")
    log = page.locator(".replay-log")
    assert log.evaluate("e => getComputedStyle(e).overflowY") == "auto"
    assert log.evaluate("e => e.scrollHeight > e.clientHeight")
    settle(page)
    assert page.evaluate("document.documentElement.scrollHeight") < 3 * 800
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.locator(".analysis").scroll_into_view_if_needed()
    screenshot(page, "analysis-tuchulcha-desktop")


def test_the_analysis_on_a_phone(phone_page, open_app, base_url, screenshot):
    """The analysis (stored beside the save) and its summary fit a phone."""
    page = phone_page
    save_id, data, _ = stored_analysis("tuchulcha", seed=3)
    store_saves(page, base_url, data)
    open_app(page, f"#/replay/{save_id}")
    page.wait_for_selector(".an-summary")
    settle(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "analysis-replay-phone")
    page.locator(".an-summary").scroll_into_view_if_needed()
    screenshot(page, "analysis-summary-phone")


def _near_the_end_after_bots() -> tuple[str, dict, list[str]]:
    """Cthulhu Dice with Ada and two bots, saved where the bots have just played and Ada's
    victim, her roll and its answer end the game (a seeded random game cut there): her
    last moves and the two dice that finish it."""
    from rituels.engine.record import start_state, step
    from rituels.engine.state import CHANCE
    from rituels.app.saves import SaveStore
    from rituels.app.storage import MemoryStorage

    _, actions = play_game(get_game("cthulhu-dice"), [RandomBot(i) for i in range(3)],
                           rng=random.Random(0))
    seats = [{"name": "Ada", "bot": None}] + [{"name": f"B{i}", "bot": "easy"} for i in (1, 2)]
    record = {"format": 1, "game": "cthulhu-dice", "options": {}, "seats": seats,
              "actions": actions, "meta": {}}
    _, state = start_state(record)
    movers = []
    for i, text in enumerate(actions):
        movers.append(state.current_player())
        step(state, text, i)
    cut = max(i for i, who in enumerate(movers) if who == 0)
    assert all(who in (0, CHANCE) for who in movers[cut:])     # the bots do not play again
    storage = MemoryStorage()
    saves = SaveStore(storage)
    save_id = saves.new_id()
    saves.put(save_id, dict(record, actions=actions[:cut]), False, 0)
    return save_id, storage.data, actions[cut:]


def test_the_analysis_after_revoir_le_tour_covers_the_finished_game(make_page, open_app,
                                                                    base_url, screenshot):
    """Issue 42: « Revoir le tour », then the game finished, then « Analyser la partie »: the
    replay of the finished game (not the review's viewer) and its analysis ends at 100 %."""
    save_id, data, rest = _near_the_end_after_bots()
    victim, dice = rest[0], [a for a in rest[1:]]
    page = make_page("desktop", "fr", pace="0.05", chance=dice)
    store_saves(page, base_url, data)
    open_app(page, f"#/play/{save_id}")
    page.wait_for_selector("#main [data-cmd=review-turn]:not([disabled])")
    page.click("#main [data-cmd=review-turn]")
    page.wait_for_function(f"() => location.hash.startsWith('#/replay/{save_id}/')")
    page.wait_for_function(f"() => location.hash === '#/play/{save_id}'", timeout=60_000)
    page.click(f".board [data-action='{victim}']")
    page.wait_for_selector("#main [data-cmd=roll]")
    page.click("#main [data-cmd=roll]")
    page.wait_for_selector("[data-cmd=analysis-open]", timeout=30_000)
    page.click("[data-cmd=analysis-open]")
    end = len(json.loads(data[f"rituels.save.{save_id}"])["actions"]) + len(rest)
    page.wait_for_function(f"() => location.hash === '#/replay/{save_id}/{end}'")
    page.wait_for_selector(".an-summary", timeout=60_000)
    settle(page)
    assert page.locator(".replay-position").inner_text() == f"Coup {end} sur {end}"
    assert page.locator("text=Reprendre la partie").count() == 0
    assert page.locator("text=Revoir le tour :").count() == 0          # the review's note
    label = page.get_attribute(".an-col >> nth=-1", "aria-label")
    # the finished game's own end, exactly (here everyone went mad: Cthulhu won)
    assert label.startswith(f"Coup {end}\u202f:"), label
    assert set(re.findall(r"(\d+)\u202f%", label)) <= {"0", "100"}, label
    screenshot(page, "analysis-after-review-desktop-fr")


SHOTS = "/tmp/shots-analysis"


def _points(text: str) -> int:
    """« +12 pts », « −3 pts », « 25 % » as a signed integer."""
    digits = re.sub(r"[^\d+−-]", "", text).replace("−", "-")
    return int(digits)


def test_wongars_luck_and_skill_add_up_on_screen(make_page, open_app, base_url):
    """Issue 42, item 6, seeded: a finished Wongar game (Ada and three bots) analysed in the
    replay; per player the rows shown add up exactly: start + luck + own decisions (of which
    the losses against the best choices found) + others' decisions + the estimate's gap =
    result; the start is even (25 % each, the game's own estimate, the same every run); every
    key die names its event. Screenshots at 1280×800 and 375×667."""
    import os
    os.makedirs(SHOTS, exist_ok=True)
    for size in ("desktop", "phone"):
        save_id, data, _ = finished_game_storage("wongar", seed=2)
        page = make_page(size, "fr")
        store_saves(page, base_url, data)
        open_app(page, f"#/replay/{save_id}")
        page.click("button[data-cmd=analysis-start]")
        page.wait_for_selector(".an-summary", timeout=60_000)
        settle(page)
        names = page.locator(".an-summary thead th").all_inner_texts()
        assert names == ["Ada", "B0", "B1", "B2"]
        terms = ("start", "luck", "turns", "skill", "others", "gap", "result")
        rows = {}
        for term in terms:
            cells = page.locator(f".an-summary tr[data-term={term}] td").all_inner_texts()
            assert len(cells) == 4, (term, cells)
            rows[term] = cells
        # the skill: Ada's reviewed decisions' losses; the bots' decisions are not reviewed
        assert rows["skill"][0].endswith("pts") and rows["skill"][1:] == ["—"] * 3
        rows["skill"] = [rows["skill"][0], "0", "0", "0"]
        rows = {k: [_points(c) for c in v] for k, v in rows.items()}
        assert rows["start"] == [25, 25, 25, 25]
        assert sorted(rows["result"]) == [0, 0, 0, 100]
        for p in range(4):
            # luck + skill + the rows named beside them = result − start, exactly as shown
            parts = sum(rows[k][p] for k in ("luck", "turns", "skill", "others", "gap"))
            assert parts == rows["result"][p] - rows["start"][p], (p, rows)
            assert abs(rows["gap"][p]) <= 50, rows
        assert "Les sept premières lignes s’additionnent" in page.inner_text(".analysis")
        dice = page.locator(".an-dice button").all_inner_texts()
        assert dice and all(not re.search(r"\d\u202f: — ", t) for t in dice), dice
        page.locator(".an-summary").scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/wongar-summary-{size}.png")
        page.screenshot(path=f"{SHOTS}/wongar-analysis-{size}-full.png", full_page=True)
