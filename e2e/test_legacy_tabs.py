"""Issue 41 item 3: a tab of an older build stays open across an update. Its localStorage
writes after the move to IndexedDB are merged, never deleted; and a tab that sees a newer
version own the saves stops writing and asks for a reload."""

from __future__ import annotations

import json

import pytest

from appwait import saved_game, settle
from stored import store_saves

from rituels.app.saves import SaveStore
from rituels.app.storage import MemoryStorage
from rituels.tools.bench_saves import finished_record

RECORD = dict(finished_record("cthulhu-dice", 3, 2), meta={"started": "2026-12-01T10:00:00Z"})


def database_with_g1(moves: int) -> dict[str, str]:
    """Game g1 with ``moves`` moves, as this version stored it (revision 5)."""
    store = SaveStore(MemoryStorage())
    for _ in range(5):
        store.put("g1", dict(RECORD, actions=RECORD["actions"][:moves]))
    return store.storage.data


HELD_KEYS = """async () => JSON.parse(await rituelsStore.boot()).held"""
# The same as a state to wait for (an async predicate would pass at once: a promise is true):
# each poll asks the database and the next one reads its answer.
NO_HELD = """() => {
    rituelsStore.boot().then(t => { window.heldLeft = JSON.parse(t).held.length; });
    return window.heldLeft === 0;
}"""


@pytest.mark.fresh_profile   # an older build's localStorage writes beside the database
def test_an_old_tabs_later_write_extends_the_game_and_nothing_is_lost(page, open_app,
                                                                      base_url, seeded):
    assert len(RECORD["actions"]) > 9
    store_saves(page, base_url, database_with_g1(6))   # the update moved g1 to IndexedDB
    seeded(page)
    open_app(page, "#/games")
    settle(page)
    # The old tab (a page of the same origin running no app) saves its 9 moves at rev 2.
    old = page.context.new_page()
    old.goto(base_url + "manifest.webmanifest")
    old.evaluate("t => localStorage.setItem('rituels.save.g1', t)",
                 json.dumps({"rev": 2, **dict(RECORD, actions=RECORD["actions"][:9])}))
    page.wait_for_selector(".notice-info >> text=1 partie prolongée")
    record = saved_game(page, "g1")
    assert record["actions"] == RECORD["actions"][:9] and record["rev"] == 6
    assert page.evaluate("localStorage.getItem('rituels.save.g1')") is None
    assert page.evaluate(HELD_KEYS) == []
    assert page.locator(".save-row").count() == 1
    # A shorter copy written later (the old tab's earlier state) changes nothing.
    old.evaluate("t => localStorage.setItem('rituels.save.g1', t)",
                 json.dumps({"rev": 1, **dict(RECORD, actions=RECORD["actions"][:4])}))
    page.wait_for_function("localStorage.getItem('rituels.save.g1') === null")
    page.evaluate("window.heldLeft = undefined")
    page.wait_for_function(NO_HELD, polling=100)
    assert saved_game(page, "g1")["actions"] == RECORD["actions"][:9]


@pytest.mark.fresh_profile   # the database as a newer build left it
def test_a_newer_version_owning_the_saves_stops_this_tabs_writes(page, open_app, base_url,
                                                                 seeded):
    store_saves(page, base_url, database_with_g1(6))
    seeded(page)
    open_app(page, "#/games")
    settle(page)
    # A newer build starts in another tab: it raises the format mark and says hello.
    newer = page.context.new_page()
    newer.goto(base_url + "manifest.webmanifest")
    newer.add_script_tag(url=base_url + "store.js")
    newer.evaluate("""async () => {
        await rituelsStore.commit(JSON.stringify([["rituels.meta.format", null, "3", true]]));
        new BroadcastChannel('rituels.saves').postMessage(JSON.stringify({format: 3}));
    }""")
    notice = page.locator(".notice-warning", has_text="version plus récente")
    notice.wait_for()
    assert notice.locator("[data-glue=reload]").inner_text() == "Recharger"
    # This build's writes are refused by the database itself, hello or not.
    before = saved_game(page, "g1")
    answer = page.evaluate("""() => rituelsStore.commit(JSON.stringify(
        [["rituels.save.g1", null, '{"rev":9}', true]]))""")
    assert json.loads(answer) == {"newer": 3} and saved_game(page, "g1") == before
    # « Recharger »: the page starts again, sees the mark at once, and still says so.
    with page.expect_navigation():
        notice.locator("[data-glue=reload]").click()
    page.wait_for_selector("html[data-ready]", state="attached")
    page.locator(".notice-warning", has_text="version plus récente").wait_for()
