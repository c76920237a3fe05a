"""Issue 28: saves in IndexedDB. Older localStorage saves move there once (verified), start-up
reads only the index, a refusing or filling storage never costs the game in play, and a dead
worker is reported."""

from __future__ import annotations

import json
import random
from urllib.parse import urlsplit

from appwait import saved_game, saved_games, settle

from rituels.engine import get_game, sample_chance
from rituels.engine.record import new_record

FAST = "0.05"
ACTIONABLE = "#main [data-action], #main [data-cmd=roll]"


def finished_tuchulcha(seed: int = 7) -> dict:
    """A finished 4-player Tuchulcha game between easy bots (about 3 kB, like the issue's)."""
    rng = random.Random(seed)
    seats = [{"name": n, "bot": "easy"} for n in ("Ada", "Bruno", "Chloé", "Driss")]
    record = new_record("tuchulcha", seats, {})
    game = get_game("tuchulcha")
    state = game.start(4, record["options"])
    actions = []
    while not state.is_terminal():
        action = (sample_chance(state, rng) if state.is_chance()
                  else rng.choice(state.legal_actions()))
        actions.append(state.action_to_str(action))
        state.apply(action)
    return dict(record, actions=actions, meta={"started": "2025-01-01T10:00:00Z"})


def legacy_storage(count: int) -> dict[str, str]:
    """localStorage as the previous version left it: one key per save and the index."""
    record = finished_tuchulcha()
    data, index = {}, {}
    for i in range(count):
        sid = f"old{i:05d}"
        data["rituels.save." + sid] = json.dumps({"rev": 1, **record}, separators=(",", ":"))
        index[sid] = {"id": sid, "game": "tuchulcha", "players": ["Ada", "Bruno", "Chloé", "Driss"],
                      "bots": ["easy"] * 4, "started": "2025-01-01T10:00:00Z",
                      "updated": f"2025-01-02T10:{i // 60 % 60:02d}:{i % 60:02d}Z",
                      "moves": len(record["actions"]), "finished": True, "title": "",
                      "variant": False, "coach": False, "rev": 1}
    data["rituels.saves"] = json.dumps(index, separators=(",", ":"))
    data["rituels.pace"] = FAST
    return data


def seed_local_storage(page, base_url, data: dict[str, str]) -> None:
    """Write ``data`` into the origin's localStorage from a page that runs no app."""
    page.goto(base_url + "manifest.webmanifest")
    page.evaluate("""(data) => { for (const [k, v] of Object.entries(data))
        localStorage.setItem(k, v); }""", data)


def test_the_app_starts_twice_with_1_2_mb_of_legacy_saves(page, open_app, base_url):
    data = legacy_storage(400)
    size = sum(len(k) + len(v) for k, v in data.items())
    assert size > 1_200_000
    seed_local_storage(page, base_url, data)
    for _ in range(2):
        open_app(page, "#/games")
        settle(page)
        assert page.locator(".save-row").count() == 50          # the first page of 400
        assert page.is_visible("[data-cmd=games-more]")
        page.goto("about:blank")
    open_app(page, "#/games")
    left = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('rituels.sav'))")
    assert left == [], "the originals are removed once the copies are verified"
    saves = saved_games(page)
    assert len(saves) == 400 and all(len(r["actions"]) > 20 for r in saves.values())
    # An old save opens, and « Mes parties » pages on.
    page.click("[data-cmd=games-more]")
    settle(page)
    assert page.locator(".save-row").count() == 100
    page.evaluate("location.hash = '#/replay/old00007'")
    page.wait_for_selector(".replay-controls")


def quota(page, base_url, size: int) -> None:
    """The browser's quota for the origin (DevTools protocol): a real "storage full"."""
    parts = urlsplit(base_url)
    session = page.context.new_cdp_session(page)
    session.send("Storage.overrideQuotaForOrigin",
                 {"origin": f"{parts.scheme}://{parts.netloc}", "quotaSize": size})


def play_moves(page, moves: int) -> None:
    for _ in range(moves):
        page.wait_for_selector(ACTIONABLE, timeout=60_000)
        settle(page)
        target = page.locator(ACTIONABLE).first
        if page.locator("button[data-cmd=rematch]").count():
            page.click("button[data-cmd=rematch]")
            settle(page)
            continue
        target.click()
        settle(page)


def start_cthulhu(page, open_app) -> str:
    page.add_init_script(f"localStorage.setItem('rituels.pace', '{FAST}')")
    open_app(page, "#/new/cthulhu-dice")
    page.click("#app [data-cmd=start]")
    page.wait_for_function("location.hash.startsWith('#/play/')")
    return page.evaluate("location.hash").split("/")[-1]


def test_storage_refusing_writes_from_the_start_plays_20_moves_and_downloads(
        page, open_app, base_url, screenshot):
    quota(page, base_url, 0)
    save_id = start_cthulhu(page, open_app)
    page.locator(".notice-warning").wait_for()
    lines = []
    for _ in range(20):
        play_moves(page, 1)
        assert page.evaluate("location.hash").startswith("#/play/"), "the game was dropped"
        lines.append(page.locator(".log-lines li").count())
    assert lines == sorted(lines) and lines[-1] > lines[0], "a move was rolled back"
    assert not page.locator(".notices:has-text('autre onglet')").count()
    screenshot(page, "saves-refused-phone" if page.viewport_size["width"] < 500
               else "saves-refused")
    with page.expect_download() as info:
        page.click("[data-cmd=play-download]")
    record = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert record["game"] == "cthulhu-dice" and len(record["actions"]) >= 20
    assert save_id


def test_storage_filling_mid_game_never_rolls_a_move_back(page, open_app, base_url):
    save_id = start_cthulhu(page, open_app)
    play_moves(page, 3)
    saved = len(saved_game(page, save_id)["actions"])
    used = page.evaluate("navigator.storage.estimate().then(e => e.usage)")
    quota(page, base_url, used)            # full from now on
    counts = []
    for _ in range(8):
        play_moves(page, 1)
        counts.append(page.locator(".log-lines li").count())
    assert counts == sorted(counts) and counts[-1] > counts[0]
    assert not page.locator(".notices:has-text('autre onglet')").count()
    assert page.locator("[data-cmd=play-download]").count() == 1
    assert len(saved_game(page, save_id)["actions"]) >= saved
    # Space returns: the next move writes the whole game.
    quota(page, base_url, 500 * 1024 * 1024)
    play_moves(page, 1)
    page.wait_for_selector("[data-cmd=play-download]", state="detached")
    assert len(saved_game(page, save_id)["actions"]) > saved


def test_a_terminated_worker_is_reported_within_5_s(page, open_app, screenshot):
    save_id = start_cthulhu(page, open_app)
    page.wait_for_selector(ACTIONABLE)
    settle(page)
    page.evaluate("document.querySelector('script[type=py][worker]').xworker.terminate()")
    page.evaluate("performance.mark('dead')")
    page.locator(ACTIONABLE).first.click()
    page.wait_for_selector("#watch:not([hidden])", timeout=5_000)
    assert "Recharger" in page.inner_text("#watch")
    screenshot(page, "saves-dead-worker")
    page.click("#watch [data-glue=reload]")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    assert page.evaluate("location.hash") == f"#/play/{save_id}"
    page.wait_for_selector("#status")
