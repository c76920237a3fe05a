"""Browser figures of the saved games (issue 28): section ``saves`` of ``python3 -m rituels
bench`` (``--only saves``), on the browser section's private site (bench_browser.py):

- start-up with 5,000 saved games in IndexedDB against an empty profile: at least
  :data:`PAIRS` pairs of warm reloads, one of each profile, interleaved in the same run (which
  goes first alternates), once each profile's first visit has made its offline cache and its
  memory snapshot (else the profile that reloads sooner boots without one); each profile's
  median "ready", and the ratio of the medians (target <= 1.05: start-up reads the head of
  the index, never a record nor the whole index);
- « Mes parties » with those 5,000 games, once the page has read the rest of the index
  (``data-indexed``): from the hash change to its first screen drawn (the first 50 rows;
  target <= 300 ms), median of a few visits;
- the one-time move of 1,000 saves left in localStorage by the previous version: its time in
  the page (store.js ``migrate``, verified copies), and that every save arrived unchanged.
"""

from __future__ import annotations

import json
import random
import statistics
from typing import Any

from rituels.app.browser import BOOT_HEAD
from rituels.engine import get_game, sample_chance
from rituels.engine.record import new_record
from rituels.tools import bench_browser
from rituels.tools.bench_browser import READY_PROBE_JS, last_boot, settle_first_visit

GAMES = 5_000
LEGACY = 1_000
READY_TIMEOUT_MS = 180_000
PAIRS = 9   # at least, whatever the browser section's runs

# Writes `count` copies of a record and its index entry into IndexedDB in batches of 250.
FILL_JS = """async ([record, entry, count]) => {
    for (let start = 0; start < count; start += 250) {
        const writes = [];
        for (let i = start; i < Math.min(count, start + 250); i++) {
            const id = 'b' + String(i).padStart(7, '0');
            const stamp = new Date(Date.UTC(2025, 0, 1) + i * 60000).toISOString()
                .slice(0, 19) + 'Z';
            writes.push(['rituels.save.' + id, null, record, true]);
            writes.push(['rituels.entry.' + id, null,
                         JSON.stringify(Object.assign({}, entry, {id: id, updated: stamp})),
                         true]);
        }
        const done = JSON.parse(await rituelsStore.commit(JSON.stringify(writes)));
        if (!done.ok) return false;
    }
    return true;
}"""

# From the hash change to the first row of « Mes parties » on the page.
MY_GAMES_JS = """() => new Promise((resolve) => {
    const start = performance.now();
    location.hash = '#/games';
    const look = () => {
        if (document.querySelector('#main .save-list .save-row')
                && !document.documentElement.hasAttribute('data-busy')) {
            resolve(performance.now() - start);
        } else {
            requestAnimationFrame(look);
        }
    };
    look();
})"""

MIGRATE_JS = """async (data) => {
    for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v);
    const start = performance.now();
    const result = JSON.parse(await rituelsStore.migrate());
    const ms = performance.now() - start;
    const boot = JSON.parse(await rituelsStore.boot());
    const values = JSON.parse(await rituelsStore.load(JSON.stringify(boot.saves)));
    let same = 0;
    for (const [k, v] of Object.entries(data)) if (values[k] === v) same++;
    const left = Object.keys(localStorage).filter(k => k.startsWith('rituels.save')).length;
    return {ms: ms, result: result, same: same, left: left, entries:
            Object.keys(boot.entries).length};
}"""


def finished_record(game_id: str, players: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    seats = [{"name": f"P{i + 1}", "bot": "easy"} for i in range(players)]
    record = new_record(game_id, seats, {})
    state = get_game(game_id).start(players, record["options"])
    actions = []
    while not state.is_terminal():
        action = (sample_chance(state, rng) if state.is_chance()
                  else rng.choice(state.legal_actions()))
        actions.append(state.action_to_str(action))
        state.apply(action)
    return dict(record, actions=actions, meta={"started": "2025-01-01T10:00:00Z"})


def _entry(record: dict[str, Any]) -> dict[str, Any]:
    return {"game": record["game"], "players": [s["name"] for s in record["seats"]],
            "bots": [s["bot"] for s in record["seats"]], "started": "2025-01-01T10:00:00Z",
            "moves": len(record["actions"]), "finished": True, "title": "", "variant": False,
            "coach": False, "remote": None, "rev": 1}


def _ready(page) -> tuple[float, float]:
    """When the page became ready, and how long the worker's own start took (web/glue.py's
    ``rituelsStartMs``: from ``start`` asked to its answer, Pyodide's load left out)."""
    page.wait_for_function("window.__readyAt !== undefined", timeout=READY_TIMEOUT_MS)
    return page.evaluate("[window.__readyAt, window.rituelsStartMs]")


def measure(browser, base: str, runs: int) -> dict[str, Any]:
    """The figures of the site at ``base``; each profile's first visit makes its offline cache
    and memory snapshot before any reload is timed, so that both profiles' reloads boot alike."""
    record = finished_record("tuchulcha", 4, 7)
    text = json.dumps({"rev": 1, **record}, ensure_ascii=False, separators=(",", ":"))
    contexts = {}
    for name in ("empty", "full"):
        context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="fr-FR")
        context.add_init_script(READY_PROBE_JS)
        page = context.new_page()
        page.goto(base)
        _ready(page)
        settle_first_visit(page)   # else one profile may reload before its snapshot is made
        if name == "full":
            assert page.evaluate(FILL_JS, [text, _entry(record), GAMES]), "could not fill"
            # The head record as a player's commits keep it (the fill may have run before
            # the first start-up wrote it, once idle).
            page.evaluate("([n, m]) => rituelsStore.rebuild(n, m)",
                          [BOOT_HEAD.get("newest", 0), BOOT_HEAD.get("unfinished", 0)])
        contexts[name] = (context, page)
    ready: dict[str, list[float]] = {"empty": [], "full": []}
    worker: dict[str, list[float]] = {"empty": [], "full": []}
    boots: dict[str, list[str]] = {"empty": [], "full": []}
    for pair in range(max(PAIRS, runs)):   # interleaved: both see the same machine load
        for name in (("empty", "full") if pair % 2 == 0 else ("full", "empty")):
            page = contexts[name][1]
            page.evaluate("location.hash = '#/'")
            page.reload()      # a warm start (the service worker's cache), home screen
            at, own = _ready(page)
            ready[name].append(at)
            worker[name].append(own)
            boots[name].append(last_boot(page))
    page = contexts["full"][1]
    my_games = []
    for _ in range(max(3, runs)):
        page.evaluate("location.hash = '#/'")
        page.wait_for_selector("#main .home")
        # The rest of the index is read in idle batches after start-up: wait for the end.
        page.wait_for_selector("html[data-indexed]", state="attached",
                               timeout=READY_TIMEOUT_MS)
        my_games.append(page.evaluate(MY_GAMES_JS))
    rows = page.locator("#main .save-row").count()
    for context, _ in contexts.values():
        context.close()

    small = finished_record("cthulhu-dice", 3, 11)
    small_text = json.dumps({"rev": 1, **small}, ensure_ascii=False, separators=(",", ":"))
    legacy = {f"rituels.save.m{i:06d}": small_text for i in range(LEGACY)}
    legacy["rituels.saves"] = json.dumps({f"m{i:06d}": dict(_entry(small), id=f"m{i:06d}",
                                                           updated="2025-01-02T10:00:00Z")
                                          for i in range(LEGACY)})
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "bench/")
    page.add_script_tag(url=base + "store.js")
    moved = page.evaluate(MIGRATE_JS, legacy)
    context.close()
    return {"ready": ready, "worker": worker, "boots": boots, "my_games": my_games, "rows": rows,
            "migration": moved,
            "legacy_chars": sum(len(k) + len(v) for k, v in legacy.items())}


def rows(found: dict[str, Any]) -> list[tuple[str, str]]:
    empty = statistics.median(found["ready"]["empty"])
    full = statistics.median(found["ready"]["full"])
    ratio = full / empty
    pairs = statistics.median(f / e for f, e in zip(found["ready"]["full"],
                                                    found["ready"]["empty"]))
    own = {k: statistics.median(v) for k, v in found["worker"].items()}
    each = "; ".join(f"{f:.0f}/{e:.0f}" for f, e in zip(found["ready"]["full"],
                                                      found["ready"]["empty"]))
    mine = statistics.median(found["my_games"])
    moved = found["migration"]
    whole = moved["same"] == LEGACY and moved["left"] == 0 and moved["entries"] >= LEGACY
    return [
        (f"start-up with {GAMES:,} saved games vs an empty profile (warm, median of "
         f"{len(found['ready']['full'])} interleaved pairs)",
         f"{full:.0f} ms vs {empty:.0f} ms, ratio {ratio:.3f} (target <= 1.05: "
         f"{'ok' if ratio <= 1.05 else 'MISSED'}); median of the pairs' ratios "
         f"{pairs:.3f} ({'ok' if pairs <= 1.05 else 'MISSED'})"),
        ("  each pair's ready, full/empty (ms)", each),
        ("  how the visits booted, full / empty",
         f"{json.dumps(_counts(found['boots']['full']))} / "
         f"{json.dumps(_counts(found['boots']['empty']))}"),
        ("  the worker's own start (head read + first screen), full vs empty",
         f"{own['full']:.0f} ms vs {own['empty']:.0f} ms (medians; each pair "
         + "; ".join(f"{f:.0f}/{e:.0f}" for f, e in zip(found["worker"]["full"],
                                                         found["worker"]["empty"])) + ")"),
        (f"« Mes parties » first screen with {GAMES:,} games ({found['rows']} rows drawn)",
         f"{mine:.0f} ms median ({', '.join(f'{x:.0f}' for x in found['my_games'])}) "
         f"(target <= 300 ms: {'ok' if mine <= 300 else 'MISSED'})"),
        (f"migration of {LEGACY:,} localStorage saves ({found['legacy_chars'] / 1e6:.1f} M "
         "characters) to IndexedDB",
         f"{moved['ms']:.0f} ms, {moved['same']}/{LEGACY} identical, {moved['left']} left "
         f"behind ({'nothing lost' if whole else 'LOST SOME'})"),
    ]


def _counts(modes: list[str]) -> dict[str, int]:
    return {mode: modes.count(mode) for mode in sorted(set(modes))}


def figures(quick: bool) -> list[tuple[str, str]]:
    """The section ``saves`` (on bench_browser's private site and browser)."""
    with bench_browser.private_site() as (browser, base, _):
        bench_browser.warm_up(browser, base)
        return rows(measure(browser, base, runs=2 if quick else 5))


if __name__ == "__main__":
    import sys
    print(json.dumps(figures("--quick" in sys.argv[1:])))
