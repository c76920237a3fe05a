"""Issue 28: saves in IndexedDB. Older localStorage saves move there once (verified), start-up
reads only the index, a refusing or filling storage never costs the game in play, and a dead
worker is reported. Issue 41: a missing or refused IndexedDB starts and plays with a warning
(no page error from PyScript), and a dead or stuck worker is reported during a bot's turn and
at a screen change too."""

from __future__ import annotations

import json
import random
from urllib.parse import urlsplit

import pytest

from appwait import saved_game, saved_games, settle, wait_offered

from rituels.engine import sample_chance
from rituels.engine.history import replay
from rituels.tools.bench_saves import finished_record

import tuchulcha_play as tuchulcha

FAST = "0.05"
ACTIONABLE = "#main [data-action], #main [data-cmd=roll]"


def finished_tuchulcha() -> dict:
    """A finished 4-player Tuchulcha game between easy bots (about 4 kB, like the issue's)."""
    record = finished_record("tuchulcha", 4, 7)
    return dict(record, seats=[dict(s, name=n) for s, n in
                               zip(record["seats"], ("Ada", "Bruno", "Chloé", "Driss"))])


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


@pytest.mark.fresh_profile   # the origin's localStorage as an older version left it
def test_the_app_starts_twice_with_1_2_mb_of_legacy_saves(page, open_app, base_url):
    data = legacy_storage(400)
    size = sum(len(k) + len(v) for k, v in data.items())
    assert size > 1_200_000
    seed_local_storage(page, base_url, data)
    for visit in range(2):   # the first start moves them, the second reads the copies
        if visit:
            page.goto("about:blank")   # a new start of the app
        open_app(page, "#/games")
        settle(page)
        assert page.locator(".save-row").count() == 50          # the first page of 400
        assert page.is_visible("[data-cmd=games-more]")
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
    """The browser's quota for the origin (DevTools protocol): a real "storage full" (the
    database refuses writes past it; the estimate still shows the usual quota). The session
    stays open: the override lasts as long as it does."""
    parts = urlsplit(base_url)
    if not hasattr(page, "_quota_session"):
        page._quota_session = page.context.new_cdp_session(page)
    page._quota_session.send("Storage.overrideQuotaForOrigin",
                             {"origin": f"{parts.scheme}://{parts.netloc}", "quotaSize": size})


# Random text (incompressible: the database compresses what it stores) under a key that is
# not the app's, written by the page through store.js until the quota refuses it.
FILL_JS = """async (n) => {
    const bytes = new Uint8Array(60000);
    crypto.getRandomValues(bytes);
    const text = btoa(String.fromCharCode.apply(null, bytes));
    return JSON.parse(await rituelsStore.commit(JSON.stringify(
        [['filler.' + n, null, text, true]])));
}"""


def fill_storage(page) -> list[str]:
    """Fill the database up to the quota; the keys written."""
    keys = []
    for n in range(1000):
        if page.evaluate(FILL_JS, n).get("failed"):
            return keys
        keys.append(f"filler.{n}")
    raise AssertionError("the quota never refused a write")


def free_storage(page, keys: list[str]) -> None:
    writes = [[k, None, None, True] for k in keys]
    assert page.evaluate("w => rituelsStore.commit(JSON.stringify(w))", writes) == '{"ok":true}'


def log_lines(page) -> list[str]:
    """The game's log, oldest first (the page shows the newest first)."""
    return page.locator(".log-lines li").all_inner_texts()[::-1]


def play_moves(page, moves: int) -> None:
    """Ada makes ``moves`` more moves on the board (rolling, picking as asked); the bot
    answers in between. Each round either acts or waits for the page to offer something: the
    count of rounds only guards against a game that offers nothing."""
    done = {"board": 0, "picks": 0, "counts": 0, "panel": 0, "rolls": 0}
    for _ in range(40 * moves):
        if done["board"] >= moves:
            settle(page)
            return
        settle(page)
        assert page.query_selector("#end-title") is None, "the seeded game ended early"
        if not tuchulcha.one_step(page, done):
            wait_offered(page, f"{tuchulcha.OFFERED}, #end-title")
    raise AssertionError(f"{moves} moves were never offered ({done})")


def start_tuchulcha(page, open_app, seeded) -> None:
    """Ada against an easy bot, the dice and the bot from a seed: the same game every run."""
    seeded(page, seed=21, pace=FAST)
    tuchulcha.start(page, open_app, 2)


@pytest.mark.fresh_profile   # a quota override on the origin (DevTools), a real "storage full"
def test_storage_refusing_writes_from_the_start_plays_on_and_downloads(
        page, open_app, base_url, screenshot, seeded):
    """Every write is refused from the start: 4 moves, each a refused write, are each kept on
    the screen (the former 20 repeated the same refused write)."""
    page.goto(base_url + "manifest.webmanifest")
    quota(page, base_url, 1)   # (0 would mean "the browser's own quota")
    start_tuchulcha(page, open_app, seeded)
    page.locator(".notice-warning").wait_for()
    seen = []
    for _ in range(4):
        play_moves(page, 1)
        assert page.evaluate("location.hash").startswith("#/play/"), "the game was dropped"
        now = log_lines(page)
        assert now[:len(seen)] == seen and len(now) > len(seen), "a move was rolled back"
        seen = now
    assert not page.locator(".notices:has-text('autre onglet')").count()
    screenshot(page, "saves-refused")
    with page.expect_download() as info:
        page.click("[data-cmd=play-download]")
    record = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert record["game"] == "tuchulcha" and len(record["actions"]) >= 8   # rolls and moves
    assert replay(record).record["actions"] == record["actions"]
    assert saved_games(page) == {}


@pytest.mark.fresh_profile   # a quota override on the origin (DevTools), filled up to it
def test_storage_filling_mid_game_never_rolls_a_move_back(page, open_app, base_url, seeded):
    """Storage fills after 2 moves: the next 3 (each a refused write; the former 6 repeated
    it) stay on the screen, the save keeps its last written state, and once space returns the
    next move writes the whole game."""
    page.goto(base_url + "manifest.webmanifest")
    quota(page, base_url, 3_000_000)   # (a quota set once the database is open is not seen)
    start_tuchulcha(page, open_app, seeded)
    play_moves(page, 2)
    save_id = page.evaluate("location.hash").split("/")[-1]
    filler = fill_storage(page)            # full from now on
    saved = len(saved_game(page, save_id)["actions"])
    seen = log_lines(page)
    for _ in range(3):
        play_moves(page, 1)
        now = log_lines(page)
        assert now[:len(seen)] == seen and len(now) > len(seen), "a move was rolled back"
        seen = now
    assert not page.locator(".notices:has-text('autre onglet')").count()
    assert page.locator("[data-cmd=play-download]").count() == 1
    assert len(saved_game(page, save_id)["actions"]) == saved
    # Space returns: the next event writes the whole game.
    free_storage(page, filler)
    play_moves(page, 1)
    page.wait_for_selector("[data-cmd=play-download]", state="detached")
    settle(page)
    assert len(saved_game(page, save_id)["actions"]) > saved + 3


# IndexedDB refused, in the page and in its workers (a module worker from a blob: address, as
# PyScript makes its own, first runs the same breakage): {how} is one of BREAKS.
BREAK_JS = """(() => {
  function breakIndexedDB(scope, how) {
    if (how === "missing") {
      Object.defineProperty(scope, "indexedDB", {value: undefined, configurable: true});
    } else if (how === "open-throws") {
      scope.IDBFactory.prototype.open = function () {
        throw new DOMException("The user denied permission.", "SecurityError");
      };
    } else if (how === "open-fails-later") {
      // A new database whose upgrade is refused: the open request's error event comes later.
      const open = scope.IDBFactory.prototype.open;
      scope.IDBFactory.prototype.open = function (name) {
        const request = open.call(this, "refused/" + name, 1);
        request.addEventListener("upgradeneeded", (event) => {
          event.stopImmediatePropagation();
          request.transaction.abort();
        });
        return request;
      };
    } else if (how === "put-over-quota") {
      // As a full quota does: the write's transaction aborts instead of committing.
      const put = scope.IDBObjectStore.prototype.put, refused = new WeakSet();
      scope.IDBObjectStore.prototype.put = function () {
        const request = put.apply(this, arguments), tx = this.transaction;
        if (!refused.has(tx)) {
          refused.add(tx);
          request.addEventListener("success", () => tx.abort());
        }
        return request;
      };
    }
  }
  breakIndexedDB(self, %(how)s);
  const Real = self.Worker;
  self.Worker = class extends Real {
    constructor(url, options) {
      if (String(url).startsWith("blob:") && options && options.type === "module") {
        const prelude = URL.createObjectURL(new Blob(
          ["(" + breakIndexedDB + ")(self, " + JSON.stringify(%(how)s) + ");"],
          {type: "text/javascript"}));
        url = URL.createObjectURL(new Blob(
          ["import " + JSON.stringify(prelude) + "; import " + JSON.stringify(String(url)) + ";"],
          {type: "text/javascript"}));
      }
      super(url, options);
    }
  };
})();"""
BREAKS = ("missing", "open-throws", "open-fails-later", "put-over-quota")


@pytest.mark.fresh_profile   # the page's and its worker's IndexedDB broken from the start
@pytest.mark.parametrize("how", BREAKS)
def test_a_refused_indexeddb_warns_and_plays_on(page, open_app, seeded, how):
    """IndexedDB is missing, its open throws, its open fails later, or a write is over quota:
    the app starts (PyScript keeps its own stores in memory: web/pyscript-idb.js), a move is
    played, the game says it is not saved and offers its download, and no page error."""
    page.add_init_script(BREAK_JS % {"how": json.dumps(how)})
    start_cthulhu(page, open_app, seeded)
    move = page.locator(ACTIONABLE).first
    move.wait_for()
    settle(page)
    before = page.locator(".log-lines li").count()
    move.click()
    page.wait_for_function("(n) => document.querySelectorAll('.log-lines li').length > n",
                           arg=before)
    settle(page)
    page.locator(".notice-warning").first.wait_for()
    assert page.locator("[data-cmd=play-download]").is_visible()
    assert page.evaluate("location.hash").startswith("#/play/")


def start_cthulhu(page, open_app, seeded) -> str:
    seeded(page, seed=22, pace=FAST)
    open_app(page, "#/new/cthulhu-dice")
    page.click("#app [data-cmd=start]")
    page.wait_for_function("location.hash.startsWith('#/play/')")
    return page.evaluate("location.hash").split("/")[-1]


def test_a_terminated_worker_is_reported(page, open_app, screenshot, seeded):
    """The worker dies: the next tap brings the « Recharger » message (how soon is the
    benchmark's figure, not a test bound), and the reload resumes the game."""
    save_id = start_cthulhu(page, open_app, seeded)
    page.wait_for_selector(ACTIONABLE)
    settle(page)
    page.evaluate("document.querySelector('script[type=py][worker]').xworker.terminate()")
    page.evaluate("performance.mark('dead')")
    page.locator(ACTIONABLE).first.click()
    page.wait_for_selector("#watch:not([hidden])")
    assert "Recharger" in page.inner_text("#watch")
    screenshot(page, "saves-dead-worker")
    page.click("#watch [data-glue=reload]")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    assert page.evaluate("location.hash") == f"#/play/{save_id}"
    page.wait_for_selector("#status")


# Every seat a strong bot (a bot's turn all along), at a pace that leaves time to watch.
BOTS_PACE = "0.3"
TERMINATE_JS = "document.querySelector('script[type=py][worker]').xworker.terminate()"
# A worker stuck in a loop from its next task on (PyScript's worker is the page's one blob:
# worker; the suite makes no snapshot worker).
HANG_JS = "setTimeout(() => { for (;;) {} }, 0)"


def start_bot_table(page, open_app, seeded) -> str:
    """Four strong bots play Cthulhu Dice (seeded): the save's id once moves are saved."""
    seeded(page, seed=22, pace=BOTS_PACE)
    open_app(page, "#/new/cthulhu-dice")
    page.select_option("#seat-0-kind", "strong")
    page.click("#app [data-cmd=start]")
    page.wait_for_function("location.hash.startsWith('#/play/')")
    # Two moves in the log: each answer is drawn after its writes were committed.
    page.wait_for_function("document.querySelectorAll('.log-lines li').length >= 2")
    save_id = page.evaluate("location.hash").split("/")[-1]
    assert len(saved_game(page, save_id)["actions"]) >= 2
    return save_id


def hang_worker(page) -> None:
    worker = next(w for w in page.workers if w.url.startswith("blob:"))
    worker.evaluate(HANG_JS)


def test_a_terminated_worker_during_a_bots_turn_is_reported(page, open_app, seeded):
    """Bots are playing and nobody touches the page: the worker dies, and the watchdog says so
    by itself (a tick the bots' pace asked for goes unanswered), with « Recharger »; the
    reload resumes the saved game with every saved move."""
    save_id = start_bot_table(page, open_app, seeded)
    page.evaluate(TERMINATE_JS)
    saved = saved_game(page, save_id)["actions"]
    page.wait_for_selector("#watch:not([hidden])")
    assert page.evaluate("document.documentElement.hasAttribute('data-dead')")
    assert "Recharger" in page.inner_text("#watch")
    page.click("#watch [data-glue=reload]")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    assert page.evaluate("location.hash") == f"#/play/{save_id}"
    assert saved_game(page, save_id)["actions"][:len(saved)] == saved


def test_a_hung_worker_at_a_screen_change_is_reported(page, open_app, seeded):
    """The worker hangs while bots play: a tick goes unanswered (the busy mark shows), then the
    person opens « Mes parties »: the change waits behind that tick, and the watchdog says
    the worker is stuck, with « Recharger »."""
    start_bot_table(page, open_app, seeded)
    hang_worker(page)
    page.wait_for_selector("html[data-slow]", state="attached")
    page.evaluate("location.hash = '#/games'")
    page.wait_for_selector("#watch:not([hidden])")
    assert "Recharger" in page.inner_text("#watch")
    assert page.locator("#watch [data-glue=reload]").is_visible()
    assert page.evaluate("document.documentElement.hasAttribute('data-busy')"), \
        "the screen change was never answered"


def test_a_crafted_link_with_a_local_seats_moves_is_refused(page, open_app, base_url,
                                                              screenshot, seeded):
    """Ada plays here, Bruno elsewhere; a link made elsewhere that adds Bruno's turn and then
    Ada's (her dice chosen by the sender) does not update Ada's save."""
    from rituels.engine.link import encode, fragment

    seeded(page, seed=23, pace=FAST)   # Ada's first turn: the same dice every run
    open_app(page, "#/new/tuchulcha")
    page.wait_for_selector("[role=dialog]")
    page.select_option("#count", "2")
    page.select_option("#seat-1-kind", "remote")
    page.fill("#seat-0-name", "Ada")
    page.fill("#seat-1-name", "Bruno")
    page.click("button[data-cmd=start]")
    page.wait_for_selector(tuchulcha.BOARD)
    done = {"board": 0, "picks": 0, "counts": 0, "panel": 0, "rolls": 0}
    while page.query_selector("#send-url") is None:   # Ada's first turn, then "send"
        settle(page)
        if not tuchulcha.one_step(page, done):
            wait_offered(page, f"{tuchulcha.OFFERED}, #send-url")
    settle(page)
    save_id = page.evaluate("location.hash").split("/")[-1]
    record = dict(saved_game(page, save_id))
    record.pop("rev")
    state = replay(record).state
    actions, rng, turns = list(record["actions"]), random.Random(3), 0
    while not state.is_terminal() and turns < 2:   # Bruno's turn, then Ada's
        player = state.current_player()
        owner = state.chance_owner() if state.is_chance() else player
        action = sample_chance(state, rng) if state.is_chance() else rng.choice(
            state.legal_actions())
        actions.append(state.action_to_str(action))
        state.apply(action)
        if owner is not None and owner == 0 and turns == 0:
            turns = 1
        if turns == 1 and state.current_player() == 1:
            turns = 2
    before = saved_game(page, save_id)
    page.goto(base_url + fragment(encode(dict(record, actions=actions))))
    page.wait_for_selector("text=qui joue sur cet appareil")
    screenshot(page, "saves-link-local-moves")
    assert saved_game(page, save_id) == before
    assert page.locator("[data-cmd=remote-fork-keep]").count() == 1


def test_an_oversized_link_gets_the_clear_refusal(page, open_app, base_url):
    open_app(page)
    page.goto(base_url + "#g=" + "A" * 1_100_000)
    page.wait_for_selector(".link-broken")
    assert page.inner_text(".link-broken").strip()
    page.evaluate("location.hash = '#/'")
    page.wait_for_selector("#main .home")


# store.js in a page that runs no app; `put` writes around it, as an older version would.
STORE_JS = """async ([op, arg]) => {
    if (op === 'commit') return JSON.parse(await rituelsStore.commit(JSON.stringify(arg)));
    if (op === 'boot') return JSON.parse(await rituelsStore.boot(JSON.stringify(arg)));
    if (op === 'rebuild') return await rituelsStore.rebuild(arg.newest || 0, arg.unfinished || 0);
    if (op === 'put') return await new Promise((resolve) => {
        const req = indexedDB.open('rituels', 1);
        req.onupgradeneeded = () => req.result.createObjectStore('kv');
        req.onsuccess = () => {
            const tx = req.result.transaction('kv', 'readwrite');
            tx.objectStore('kv').put(arg[1], arg[0]);
            tx.oncomplete = () => { req.result.close(); resolve(true); };
        };
    });
}"""
WANT = {"unfinished": 3}


def test_the_index_head_record_follows_every_write(page, base_url):
    """Start-up reads the home screen's entries (the 3 newest unfinished games, ties
    included) from a small head record that each commit keeps; after every kind of write
    (a new game, a game finished or deleted out of the head, a tie, a write made around the
    record, a damaged record) it gives exactly what reading every entry gives."""
    page.goto(base_url + "manifest.webmanifest")
    page.add_script_tag(url=base_url + "store.js")
    stored: dict[str, str] = {}

    def entry(i: int, minute: int, finished: bool) -> tuple[str, str]:
        return (f"rituels.entry.g{i:03d}",
                json.dumps({"id": f"g{i:03d}", "updated": f"2025-01-01T10:{minute:02d}:00Z",
                            "finished": finished}))

    def commit(*items: tuple[str, str | None]) -> None:
        writes = [[key, stored.get(key), text, False] for key, text in items]
        assert page.evaluate(STORE_JS, ["commit", writes]) == {"ok": True}
        for key, text in items:
            if text is None:
                stored.pop(key, None)
            else:
                stored[key] = text

    def expected_head() -> set[str]:
        open_ = sorted(((json.loads(t)["updated"], k) for k, t in stored.items()
                        if not json.loads(t)["finished"]), reverse=True)
        cut = open_[min(3, len(open_)) - 1][0] if open_ else "~"
        return {k for stamp, k in open_ if stamp >= cut}

    def boots_as_expected(read: str) -> None:
        got = page.evaluate(STORE_JS, ["boot", WANT])
        assert got["read"] == read
        assert got["entries"] == {k: stored[k] for k in expected_head()}
        assert sorted(got["rest"]) == sorted(set(stored) - expected_head())

    commit(*[entry(i, i, finished=i % 3 == 0) for i in range(30)])
    boots_as_expected("all")                       # no head record yet
    page.evaluate(STORE_JS, ["rebuild", WANT])     # what start-up does once idle
    boots_as_expected("head")
    commit(entry(40, 50, finished=False))          # a new game enters the head
    boots_as_expected("head")
    newest_open = max(expected_head())
    commit((newest_open, json.dumps(dict(json.loads(stored[newest_open]), finished=True))))
    boots_as_expected("head")                      # finished: the next unfinished comes in
    commit((max(expected_head()), None))           # deleted
    boots_as_expected("head")
    commit(entry(41, 28, finished=False), entry(42, 28, finished=False))   # ties at the cut
    boots_as_expected("head")
    commit(entry(5, 59, finished=False))           # an old game played again
    boots_as_expected("head")
    # An older version finishes a head game without the record: start-up notices, reads all.
    key = max(expected_head())
    stored[key] = json.dumps(dict(json.loads(stored[key]), finished=True))
    page.evaluate(STORE_JS, ["put", [key, stored[key]]])
    boots_as_expected("all")
    page.evaluate(STORE_JS, ["rebuild", WANT])
    boots_as_expected("head")
    page.evaluate(STORE_JS, ["put", ["rituels.head", '{"v": 1, "items": [1, 2]}']])
    boots_as_expected("all")                       # a damaged record is not trusted
    assert page.evaluate(STORE_JS, ["boot", {"unfinished": 4}])["read"] == "all"
