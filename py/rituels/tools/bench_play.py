"""Browser figures of play, in headless Chromium against a fresh build of the site:

- bots: for each game, a table of 4 strong bots (the top level, "5", picked in the new-game
  dialog) plays (rematches when a game ends) until ``DECISIONS`` bot decisions were logged. A
  decision time runs from the moment the bot's turn comes to its choice; the bot thinks in the
  worker in one go (the watchable pause before the move is shown is not counted). The app's
  glue logs each one with ``console.debug("rituels:bot", game, ms, level)``
  (rituels/app/browser.py; ``level`` is the seat's bot kind).
- levels (issue 43, the bot ladder): the same for each lower level of the game's ladder, a
  table of 4 bots of that level until ``LEVEL_DECISIONS`` decisions of it were logged: p50
  and p95 per level; the top level's row reuses the strong table above (the same bot).
- long tasks: the page's main-thread tasks over 50 ms (PerformanceObserver "longtask") from the
  moment the table is on screen, i.e. after Pyodide's start-up; the rule is no task over
  ``TASK_LIMIT_MS``. These tasks also include drawing the moves and rolls the bots make.
- share links: a complete 4-player game of easy bots (the longest of a few) as a ``#g=`` link.
  The app decodes a link while it starts, so the link screen is already drawn when
  ``data-ready`` is set: the page load is reported from navigation start, and the cost of the
  link itself is timed in the running app (set the hash, wait for the link screen; click
  "Revoir la partie"; click "end" to show the final position), each until the next frame.

- pacing: at the « Normale » pace (0.9 s), the time each step of a table of level-1 Tuchulcha
  bots (the quickest thinkers the dialog offers) stays on screen (the gaps between the log's
  changes, past the deal): the figure the browser test checked with a clock before (mean >=
  0.85 s, none under 0.6 s); the test now checks the behaviour only.
- watchdog: the worker terminated ("death") or stuck in a loop ("hang"), in three states: your
  turn (then a click), a bot's turn (nobody touches the page: four strong Tuchulcha bots at
  the « Normale » pace) and a screen change (the hash changed during a bot's turn): the time
  from the click, the death or hang, or the hash change to « Rituels ne répond plus » (the
  glue's watchdog: DEAD_MS beyond the work a message may do; median of ``WATCHDOG_RUNS``).

The stored bot pace is set to ``PACE_S`` so games move quickly; thinking time does not depend
on it. Run by ``python3 -m rituels bench --only play``; needs Playwright (the test venv).
As a script (``python -m rituels.tools.bench_play [--quick]``) it prints the figures as JSON.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any, Callable, NamedTuple

from rituels.engine.game import get_game
from rituels.engine.link import encode, fragment
from rituels.tools.bench_links import _records as easy_records
from rituels.tools import build
from rituels.tools.browser import launch_chromium
from rituels.tools.serve import serve_in_thread

GAMES = ("tuchulcha", "wongar", "cthulhu-dice")
PLAYERS = 4
DECISIONS = 40
QUICK_DECISIONS = 12
LEVEL_DECISIONS = 24            # per lower level of the ladder
QUICK_LEVEL_DECISIONS = 6
TOP_LEVEL = "5"                 # the ladder's strongest: the older "strong" bot
DECISION_TARGET_MS = 1000       # p95, of the top level (the others think less)
AT_BUDGET_MS = 580              # a decision this long ran into the bots' 0.6 s budget
TASK_LIMIT_MS = 200
PACE_S = "0.1"                  # the stored pace ("rituels.pace") during the benchmark
READY_TIMEOUT_MS = 120_000
WATCH_TIMEOUT_S = 300           # per game; on time-out the figures say how many were seen
LINK_GAMES = 5                  # easy-bot games played per game; the longest is linked
BOT_LOG = "rituels:bot"

# Before any page script: the long-task observer, and when chosen elements first appear
# (``window.__seen[selector]``, ms since navigation start).
PROBE_JS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
window.__seen = {};
new MutationObserver(() => {
    for (const sel of ['html[data-ready]', '.link-intro']) {
        if (!(sel in window.__seen) && document.querySelector(sel))
            window.__seen[sel] = performance.now();
    }
}).observe(document, {attributes: true, childList: true, subtree: true});
"""
# Click a control, wait until the worker's answer is on the page (``done``, a JS expression),
# then for the next frame: ms for the app to handle it and draw. ``limit`` (ms, optional):
# fail past it rather than wait for ever.
CLICK_JS = """async ([sel, done, limit]) => {
    const t0 = performance.now();
    const answered = new Function(`return (${done});`);
    document.querySelector(sel).click();
    while (!answered()) {
        if (limit && performance.now() - t0 > limit) throw new Error('time-out waiting for ' + done);
        await new Promise((go) => setTimeout(go, 5));
    }
    await new Promise((go) => requestAnimationFrame(() => setTimeout(go, 0)));
    return performance.now() - t0;
}"""
NEW_GAME_SHOWN = "!document.querySelector('#end-title')"
REPLAY_SHOWN = "document.querySelector('#replay-slider') !== null"
REPLAY_AT_END = ("(s => s && s.value === s.max)(document.querySelector('#replay-slider'))")
# Set the URL hash and wait until ``sel`` is on screen and drawn.
HASH_JS = """async ([hash, sel]) => {
    const t0 = performance.now();
    const shown = new Promise((done) => {
        const obs = new MutationObserver(() => {
            if (document.querySelector(sel)) { obs.disconnect(); done(); }
        });
        obs.observe(document, {childList: true, subtree: true});
    });
    location.hash = hash;
    await shown;
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    return performance.now() - t0;
}"""


class Decision(NamedTuple):
    """One line of the app's bot log."""

    game: str
    ms: float
    level: str | None       # the seat's bot kind; None from a build that did not log it


# --- one browser context per measurement --------------------------------------------------------
def new_page(browser: Any, decisions: list[Decision] | None = None) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="fr-FR")
    context.add_init_script(PROBE_JS)
    context.add_init_script(f"localStorage.setItem('rituels.pace', '{PACE_S}')")
    page = context.new_page()
    page.set_default_timeout(60_000)
    if decisions is not None:
        page.on("console", lambda msg: _log_decision(msg, decisions))
    return page


def _log_decision(msg: Any, decisions: list[Decision]) -> None:
    if msg.type != "debug" or not msg.text.startswith(BOT_LOG):
        return
    # "rituels:bot <game> <ms> <level>"; an older page logged no level
    _, game, ms, *level = msg.text.split()
    decisions.append(Decision(game, float(ms), level[0] if level else None))


def open_app(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)


def long_tasks(page: Any, since: float, skip: list[tuple[float, float]]) -> list[float]:
    """Durations of the long tasks that started after ``since`` (page ms), except those that
    started inside a ``skip`` window (our own clicks on "rematch")."""
    tasks = page.evaluate("window.__longtasks")
    return [d for start, d in tasks
            if start >= since and not any(a - 1 <= start <= b for a, b in skip)]


# --- bots ---------------------------------------------------------------------------------------
def start_bot_table(page: Any, base: str, game_id: str, kind: str = TOP_LEVEL) -> None:
    """A new game of PLAYERS bots of one kind (a level of the ladder; the dialog offers "easy"
    and "strong" only under the test seam), through the new-game dialog."""
    open_app(page, f"{base}#/new/{game_id}")
    page.wait_for_selector("[role=dialog]")
    page.select_option("#count", str(PLAYERS))
    for seat in range(PLAYERS):
        page.select_option(f"#seat-{seat}-kind", kind)
    page.click("button[data-cmd=start]")
    page.wait_for_selector("#main #status")


def watch_bots(browser: Any, base: str, game_id: str, wanted: int,
               kind: str = TOP_LEVEL) -> dict[str, Any]:
    """A table of PLAYERS ``kind`` bots watched until ``wanted`` decisions of that kind were
    logged (or WATCH_TIMEOUT_S): their times, the long tasks meanwhile, the games played."""
    decisions: list[Decision] = []
    page = new_page(browser, decisions)
    start_bot_table(page, base, game_id, kind)
    since = page.evaluate("performance.now()")
    rematches: list[tuple[float, float]] = []
    deadline = time.monotonic() + WATCH_TIMEOUT_S

    def times() -> list[float]:
        return [d.ms for d in decisions if d.game == game_id and d.level == kind]

    while len(times()) < wanted and time.monotonic() < deadline:
        page.wait_for_timeout(200)   # console events are delivered while Playwright waits
        if page.query_selector("#end-title") is not None:
            t0 = page.evaluate("performance.now()")
            page.evaluate(CLICK_JS, ["[data-cmd=rematch]", NEW_GAME_SHOWN])
            rematches.append((t0, page.evaluate("performance.now()")))
    tasks = long_tasks(page, since, rematches)
    page.context.close()
    return {"ms": times(), "tasks": tasks, "games": len(rematches) + 1}


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def bot_figures(game_id: str, seen: dict[str, Any], wanted: int) -> list[tuple[str, str]]:
    ms, tasks = seen["ms"], seen["tasks"]
    if not ms:
        return [(f"{game_id}: strong bot decision", "no decision logged (time-out)")]
    p95 = _percentile(ms, 0.95)
    verdict = "met" if p95 <= DECISION_TARGET_MS else "MISSED"
    short = "" if len(ms) >= wanted else f", only {len(ms)} of {wanted} in {WATCH_TIMEOUT_S} s"
    over = [d for d in tasks if d > TASK_LIMIT_MS]
    task_verdict = "met" if not over else "MISSED"
    return [
        (f"{game_id}: strong bot decision p50 / p95 / max",
         f"{statistics.median(ms):.0f} / {p95:.0f} / {max(ms):.0f} ms "
         f"(n={len(ms)}, {PLAYERS} level-{TOP_LEVEL} bots, {seen['games']} game(s){short}; "
         f"target p95 <= {DECISION_TARGET_MS} ms: {verdict}; "
         f"{sum(1 for m in ms if m >= AT_BUDGET_MS)} used the whole budget)"),
        (f"{game_id}: longest main-thread task while bots play",
         f"{max(tasks, default=0):.0f} ms; {len(over)} over {TASK_LIMIT_MS} ms, "
         f"{len(tasks)} over 50 ms (target none over {TASK_LIMIT_MS} ms: {task_verdict})"),
    ]


def watch_levels(browser: Any, base: str, game_id: str, wanted: int,
                 top: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each level of the game's ladder watched as ``watch_bots`` does; ``top``: the strong
    table already watched (the top level is the same bot: not played twice)."""
    return {level: top if level == TOP_LEVEL else watch_bots(browser, base, game_id, wanted, level)
            for level in get_game(game_id).levels}


def level_figures(game_id: str, by_level: dict[str, dict[str, Any]],
                  wanted: int) -> list[tuple[str, str]]:
    """p50 / p95 per level of the ladder; the target is the top level's."""
    rows = []
    for level, seen in by_level.items():
        label = f"{game_id}: level {level} decision p50 / p95"
        ms = seen["ms"]
        if not ms:
            rows.append((label, f"no decision logged in {WATCH_TIMEOUT_S} s (time-out)"))
            continue
        p95 = _percentile(ms, 0.95)
        short = "" if len(ms) >= wanted else f", only {len(ms)} of {wanted} in {WATCH_TIMEOUT_S} s"
        target = ""
        if level == TOP_LEVEL:
            verdict = "met" if p95 <= DECISION_TARGET_MS else "MISSED"
            target = f"; target p95 <= {DECISION_TARGET_MS} ms: {verdict}"
        rows.append((label, f"{statistics.median(ms):.0f} / {p95:.0f} ms (n={len(ms)}, "
                            f"{PLAYERS} level-{level} bots, {seen['games']} game(s){short}"
                            f"{target})"))
    return rows


# --- share links --------------------------------------------------------------------------------
def game_link(game_id: str) -> tuple[str, int]:
    """The ``#g=`` hash of the longest of LINK_GAMES complete easy-bot games, and its moves."""
    record = max(easy_records(game_id, PLAYERS, LINK_GAMES, seed=2026),
                 key=lambda r: len(r["actions"]))
    return fragment(encode(record)), len(record["actions"])


def open_link(browser: Any, base: str, hash_: str) -> dict[str, float]:
    page = new_page(browser)
    open_app(page, base + hash_)                 # a first visit that opens the link
    page.wait_for_selector(".link-intro")
    seen = page.evaluate("window.__seen")
    out = {"load_ready": seen["html[data-ready]"], "load_link": seen[".link-intro"]}
    page.evaluate("location.hash = '#/'")        # home, then the same link in the live app
    page.wait_for_selector(".link-intro", state="detached")
    out["link"] = page.evaluate(HASH_JS, [hash_, ".link-intro"])
    out["replay"] = page.evaluate(CLICK_JS, ["[data-cmd=link-replay]", REPLAY_SHOWN])
    out["final"] = page.evaluate(CLICK_JS, ["[data-cmd=replay-end]", REPLAY_AT_END])
    at, end = page.evaluate("""() => { const s = document.querySelector('#replay-slider');
                                       return [s.value, s.max]; }""")
    page.context.close()
    if at != end or int(end) == 0:
        raise RuntimeError(f"the replay did not reach the final position ({at}/{end})")
    return out


def link_figures(game_id: str, moves: int, t: dict[str, float]) -> list[tuple[str, str]]:
    return [
        (f"{game_id}: page load with a link ({moves} actions)",
         f"link screen at {t['load_link'] / 1000:.2f} s, ready at "
         f"{t['load_ready'] / 1000:.2f} s from navigation (the link is decoded during start-up)"),
        (f"{game_id}: open the link in the running app",
         f"{t['link']:.0f} ms to the link screen, +{t['replay']:.0f} ms to open the replay, "
         f"+{t['final']:.0f} ms to the final position "
         f"(total {t['link'] + t['replay'] + t['final']:.0f} ms)"),
    ]


# --- pacing and watchdog -----------------------------------------------------------------------
# The time of each change of the log's length (a step shown), from a mutation observer.
LOG_TIMES_JS = """() => { window.__logTimes = [];
  const log = () => (document.querySelector('.log-lines') || {innerText: ''}).innerText.length;
  new MutationObserver(() => {
    const n = log(), last = window.__logTimes[window.__logTimes.length - 1];
    if (!last || last[1] !== n) window.__logTimes.push([performance.now(), n]);
  }).observe(document.querySelector('#app'), {childList: true, subtree: true}); }"""
PACING_STEPS = 12
PACING_LEVEL = "1"   # "easy" is offered only under the test seam
NORMAL_PACE_S = "0.9"
WATCHDOG_RUNS = 5
ACTIONABLE = "#app [data-action]"


def pacing_gaps(browser: Any, base: str) -> list[float]:
    """Seconds between the steps of four level-1 Tuchulcha bots at the normal pace."""
    page = new_page(browser)
    page.add_init_script(f"localStorage.setItem('rituels.pace', '{NORMAL_PACE_S}')")
    open_app(page, f"{base}#/new/tuchulcha")
    page.wait_for_selector("[role=dialog] [data-cmd=start]")
    page.select_option("#seat-0-kind", PACING_LEVEL)   # the other seats' default already
    page.click("[role=dialog] [data-cmd=start]")
    page.wait_for_selector("#status")
    # past the set-up's deal, which is not paced: from the first roll on
    page.wait_for_function("() => document.querySelector('.log-lines') && "
                           "document.querySelector('.log-lines').innerText.includes('lance')")
    page.evaluate(LOG_TIMES_JS)
    page.wait_for_function(f"() => window.__logTimes.length > {PACING_STEPS}",
                           timeout=120_000)
    times = [t for t, _ in page.evaluate("window.__logTimes")]
    page.context.close()
    return [(b - a) / 1000 for a, b in zip(times, times[1:])]


WATCH_HOWS = ("death", "hang")
WATCH_STATES = ("your turn", "a bot's turn", "a screen change")
TERMINATE_JS = "document.querySelector('script[type=py][worker]').xworker.terminate()"
HANG_JS = "setTimeout(() => { for (;;) {} }, 0)"   # stuck from the worker's next task on


def stop_worker(page: Any, how: str) -> float:
    """Terminate the app's worker or make it loop for ever; the page's clock then."""
    if how == "death":
        page.evaluate(TERMINATE_JS)
    else:   # the app's worker is the page's blob: one (snapshot.mjs has a file address)
        next(w for w in page.workers if w.url.startswith("blob:")).evaluate(HANG_JS)
    return page.evaluate("performance.now()")


def watchdog_ms(browser: Any, base: str, how: str, state: str) -> float:
    """ms from the click, the worker's death or hang, or the hash change to the watchdog's
    message (module doc)."""
    page = new_page(browser)
    if state == "your turn":
        open_app(page, f"{base}#/new/cthulhu-dice")
        page.click("#app [data-cmd=start]")
        page.wait_for_selector(ACTIONABLE)
        page.wait_for_selector("html[data-ready]:not([data-busy])", state="attached")
        stop_worker(page, how)
        t0 = page.evaluate("performance.now()")
        page.locator(ACTIONABLE).first.click()
    else:
        page.add_init_script(f"localStorage.setItem('rituels.pace', '{NORMAL_PACE_S}')")
        start_bot_table(page, base, "tuchulcha")
        page.wait_for_function("document.querySelectorAll('.log-lines li').length >= 2")
        t0 = stop_worker(page, how)
        if state == "a screen change":
            t0 = page.evaluate("location.hash = '#/games'; performance.now()")
    page.wait_for_selector("#watch:not([hidden])", timeout=60_000)
    ms = page.evaluate("performance.now()") - t0
    page.context.close()
    return ms


def pacing_figures(gaps: list[float]) -> list[tuple[str, str]]:
    return [("pacing: a bot's step on screen at « Normale » (0.9 s)",
             f"mean {statistics.mean(gaps):.2f} s, min {min(gaps):.2f} s, max "
             f"{max(gaps):.2f} s over {len(gaps)} steps (goal: mean >= 0.85, min >= 0.6)")]


def watchdog_figures(times: dict[tuple[str, str], list[float]]) -> list[tuple[str, str]]:
    # Goal: within 5 s beyond the bots' time budget (0.6 s; a bot's turn also waits out the
    # pace's 0.9 s before its next tick is even sent).
    return [(f"watchdog: worker {how}, {state} -> « ne répond plus »",
             f"median {statistics.median(ms) / 1000:.2f} s, min {min(ms) / 1000:.2f} s, max "
             f"{max(ms) / 1000:.2f} s over {len(ms)} runs (goal: <= 5 s beyond the bot's "
             f"0.6 s budget)")
            for (how, state), ms in times.items()]


# --- all together -------------------------------------------------------------------------------
def load_average() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


def _guarded(label: str, part: Callable[[], list[tuple[str, str]]]) -> list[tuple[str, str]]:
    """One part's rows, or a row saying how it failed: a failing table keeps the others'."""
    try:
        return part()
    except Exception as exc:  # a browser time-out, a page error: report it, go on
        first = (str(exc).splitlines() or [""])[0]
        return [(label, f"failed: {type(exc).__name__}: {first[:200]}")]


def figures(quick: bool) -> list[tuple[str, str]]:
    from playwright.sync_api import sync_playwright

    wanted = QUICK_DECISIONS if quick else DECISIONS
    level_wanted = QUICK_LEVEL_DECISIONS if quick else LEVEL_DECISIONS
    links = {game_id: game_link(game_id) for game_id in GAMES}
    rows = [("load average at start", load_average())]
    with tempfile.TemporaryDirectory(prefix="rituels-bench-") as tmp:
        # A private build: other people's test runs rebuild dist/ while we measure.
        site = Path(tmp) / "site"
        build.build(site)
        server, base = serve_in_thread(site)
        try:
            with sync_playwright() as pw:
                browser = launch_chromium(pw)

                def tables(game_id: str) -> list[tuple[str, str]]:
                    strong = watch_bots(browser, base, game_id, wanted)
                    return bot_figures(game_id, strong, wanted) + level_figures(
                        game_id, watch_levels(browser, base, game_id, level_wanted, strong),
                        level_wanted)

                def link(game_id: str) -> list[tuple[str, str]]:
                    hash_, moves = links[game_id]
                    return link_figures(game_id, moves, open_link(browser, base, hash_))

                def watchdog() -> list[tuple[str, str]]:
                    runs = 1 if quick else WATCHDOG_RUNS
                    return watchdog_figures({(how, state): [watchdog_ms(browser, base, how, state)
                                                            for _ in range(runs)]
                                             for how in WATCH_HOWS for state in WATCH_STATES})

                for game_id in GAMES:
                    rows += _guarded(f"{game_id}: bot tables", partial(tables, game_id))
                for game_id in GAMES:
                    rows += _guarded(f"{game_id}: link", partial(link, game_id))
                rows += _guarded("pacing", lambda: pacing_figures(pacing_gaps(browser, base)))
                rows += _guarded("watchdog", watchdog)
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    rows.append(("load average at end", load_average() + " (shared machine: figures are "
                                                         "pessimistic)"))
    return rows


if __name__ == "__main__":  # how bench.py runs it in the test venv: figures as JSON
    print(json.dumps(figures("--quick" in sys.argv[1:])))
