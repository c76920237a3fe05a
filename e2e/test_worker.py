"""The app runs in a Web Worker; the main thread's glue morphs the page (issue 15).

- Python's app (Pyodide, the rules) is loaded by the worker, never by the page;
- a render morphs the page: elements that stay on screen are the same DOM nodes, an opened
  <details> stays open and the page does not scroll by itself;
- a move whose saving hits a full storage saves nothing of it, says so, and play goes on;
- reduced motion ends transitions at once;
- a tap on the pre-painted home made while Python starts is answered once it is live;
- the page does not keep DOM nodes of past games alive (issue 14 item 7);
- parts the page already shows are kept, and the page equals a freshly drawn one;
- once the app is live, no watcher of the whole document (PyScript's) sees the renders.
"""

from __future__ import annotations

import pytest

from appwait import canonical_html, settle

FAST = "0"
# Issue 14's leak was about 4,000 nodes a game against ~1,150 on the home screen: one leaking
# game breaks the 10 % slack. 4 games (3 compared with the first) check that as the former 10
# did; the games are seeded bots on a fixed effort, the same on every run.
GAMES = 4
NODE_SLACK = 0.10           # DOM nodes after a game vs after the first: flat within 10 %
GAME_TIMEOUT_S = 120


@pytest.mark.fresh_profile   # every runtime file fetched (nothing cached, no service worker)
def test_python_runs_in_the_worker_not_on_the_page(page, open_app, recorder, first_cthulhu_move,
                                                   base_url):
    open_app(page)
    first_cthulhu_move(page, base_url)
    # The worker fetched Pyodide and the package...
    fetched = [u.removeprefix(base_url) for u in recorder.requests]
    assert "runtime/pyodide/pyodide.asm.wasm" in fetched and "rituels.zip" in fetched
    # ...but not the page: its own resource timeline has MicroPython (the glue) and no Pyodide.
    page_loads = page.evaluate(
        "performance.getEntriesByType('resource').map(e => e.name)")
    assert any(u.endswith("runtime/micropython/micropython.wasm") for u in page_loads)
    assert not [u for u in page_loads if "/runtime/pyodide/" in u or u.endswith("rituels.zip")]
    assert page.evaluate("typeof globalThis.loadPyodide") == "undefined"
    assert len(page.workers) >= 1


# Before the page's scripts: every MutationObserver notes whether it watches the whole document
# (children, subtree and every attribute: PyScript's watch for new scripts) and how many
# mutation records it received once the app was live.
WATCHERS_JS = """(() => {
    const Original = window.MutationObserver;
    window.__watchers = [];
    window.MutationObserver = class extends Original {
        constructor(callback) {
            const seen = {whole: false, afterReady: 0};
            super((records, observer) => {
                if (document.documentElement.hasAttribute('data-ready'))
                    seen.afterReady += records.length;
                return callback(records, observer);
            });
            this.__seen = seen;
            window.__watchers.push(seen);
        }
        observe(target, options) {
            if (target === document && options && options.subtree && options.childList
                    && options.attributes && !options.attributeFilter)
                this.__seen.whole = true;
            return super.observe(target, options);
        }
    };
})();"""


def test_no_watcher_of_the_whole_document_sees_the_renders(page, open_app, seeded):
    """PyScript searched every subtree a morph added for new scripts (25 ms of one render at a
    Wongar game's end); the page stops that watch once the app is live (boot.js)."""
    page.add_init_script(WATCHERS_JS)
    seeded(page, seed=51, pace=FAST)
    open_app(page, "#/new/cthulhu-dice")
    page.locator("#app [data-cmd=start]").click()
    for _ in range(3):   # the person's moves, each answered by a render (bots' moves too)
        lines = page.locator(".log-lines li").count()
        page.locator("#main [data-action], #main [data-cmd='roll']").first.click()
        page.wait_for_function(
            f"document.querySelectorAll('.log-lines li').length > {lines}")
        settle(page)
    whole = page.evaluate("window.__watchers.filter(w => w.whole)")
    assert whole, "PyScript's watcher of the whole document was not found: the test sees nothing"
    assert [w["afterReady"] for w in whole] == [0] * len(whole)


def test_a_move_morphs_the_page_and_keeps_its_elements(page, open_app, base_url, seeded):
    seeded(page, seed=52, pace=FAST)
    open_app(page, "#/new/cthulhu-dice")
    page.locator("#app [data-cmd=start]").click()
    move = page.locator("#app [data-action]").first
    move.wait_for()
    # Tag elements that stay on screen with a JS property: a replaced node would lose it.
    page.evaluate("""() => { for (const sel of ['#status', '.log-lines', '#app header'])
                                 document.querySelector(sel).__kept = sel; }""")
    lines = page.locator(".log-lines li").count()
    move.click()
    page.wait_for_function(f"document.querySelectorAll('.log-lines li').length > {lines}")
    kept = page.evaluate("""() => ['#status', '.log-lines', '#app header'].map(
                                 sel => document.querySelector(sel).__kept)""")
    assert kept == ["#status", ".log-lines", "#app header"]


def test_an_open_panel_stays_open_while_bots_play(page, open_app, seeded):
    """A <details> the person opened is not closed by the next render (the markup says
    closed), and the page does not scroll by itself meanwhile."""
    seeded(page, seed=53, pace="0.3")
    open_app(page, "#/new/wongar")
    page.select_option("#count", "3")
    for seat in range(3):
        page.select_option(f"#seat-{seat}-kind", "easy")
    page.click("button[data-cmd=start]")
    panel = page.locator("details.wg-areas")
    panel.locator("summary").click()
    assert panel.evaluate("d => d.open")
    # our own scroll, and its event fired (before the counting below starts)
    page.evaluate("""() => new Promise((done) => {
        addEventListener('scroll', () => done(), {once: true});
        window.scrollTo(0, 200);
    })""")
    page.evaluate("window.__scrolls = 0; addEventListener('scroll', () => window.__scrolls++)")
    scrolled = page.evaluate("scrollY")   # 200, or less where the page is shorter than that
    assert scrolled > 0
    lines = page.locator(".log-lines li").count()
    page.wait_for_function(f"document.querySelectorAll('.log-lines li').length > {lines + 3}")
    assert panel.evaluate("d => d.open"), "a render closed the panel"
    assert page.evaluate("window.__scrolls") == 0 and page.evaluate("scrollY") == scrolled


# A full storage mid-game: e2e/test_saves.py (the saved games are in IndexedDB now).


def test_reduced_motion_ends_transitions_at_once(page, open_app):
    open_app(page)
    duration = "getComputedStyle(document.querySelector('#app .btn')).transitionDuration"
    assert page.evaluate(duration) != "0s", "a button has a transition by default"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(duration) == "0s"


@pytest.mark.fresh_profile   # a first visit: Python must still be loading when the tap comes
def test_a_tap_on_the_first_paint_is_answered_once_python_is_live(phone_page, base_url):
    page = phone_page
    page.goto(base_url)
    link = page.locator(".first-paint-fr a[data-href='#/new/wongar']")
    link.wait_for()
    assert page.get_attribute("html", "data-ready") is None, "Python was ready too early"
    link.tap()
    assert link.get_attribute("aria-busy") == "true"
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    page.wait_for_selector("[role=dialog]")
    assert page.evaluate("location.hash") == "#/new/wongar"
    assert "Wongar" in page.inner_text("[role=dialog]")


# Resolves once the page has been idle (no task, no frame to draw) for a moment.
IDLE_JS = """() => new Promise((done) => requestIdleCallback(() =>
    requestAnimationFrame(() => requestIdleCallback(() => done(), {timeout: 5000})),
    {timeout: 5000}))"""


def dom_nodes(page, cdp) -> int:
    """Live DOM nodes after a garbage collection: the least of three readings, each once the
    page is idle, so nodes a render or a timer still held for a moment are not counted as
    kept."""
    counts = []
    for _ in range(3):
        page.evaluate(IDLE_JS)
        cdp.send("HeapProfiler.collectGarbage")
        counts.append(cdp.send("Memory.getDOMCounters")["nodes"])
    return min(counts)


def test_bot_games_leave_no_dom_nodes_behind(page, open_app, base_url, seeded):
    """Four games of four bots in one page: after each one, the home screen has as many live
    DOM nodes as after the first (counted after a garbage collection).

    Issue 14's "leak" (about 4,000 nodes a game) was the measuring harness: an element handle
    (``page.wait_for_selector``, ``query_selector``) pins its node, and a detached node pins
    the whole old tree around it. Counted through locators, the main build was flat too
    (1,148 nodes after each of 6 games; 1,828 -> 5,141 with one handle a game)."""
    seeded(page, seed=54, pace=FAST)
    open_app(page, "#/new/cthulhu-dice")
    page.select_option("#count", "4")
    for seat in range(4):
        page.select_option(f"#seat-{seat}-kind", "easy")
    cdp = page.context.new_cdp_session(page)
    counts = []
    # Locators only: an element handle (page.wait_for_selector, query_selector) would keep
    # its node, and so the whole detached tree around it, alive in the page.
    for _ in range(GAMES):
        page.click("button[data-cmd=start]")   # the dialog keeps the last game's seats
        page.locator("#end-title").wait_for(timeout=GAME_TIMEOUT_S * 1000)
        page.evaluate("location.hash = '#/'")
        page.locator("#app .cards").wait_for()
        settle(page)
        counts.append(dom_nodes(page, cdp))
        page.evaluate("location.hash = '#/new/cthulhu-dice'")
        page.locator("[role=dialog]").wait_for()
    # No growth from game to game. Home after the first game may hold more than later (its
    # first render's one-time parts), so the steady count is the second one.
    first, steady = counts[0], counts[1]
    assert max(counts) <= first * (1 + NODE_SLACK), f"DOM nodes after each game: {counts}"
    assert all(abs(c - steady) <= steady * NODE_SLACK for c in counts[1:]), \
        f"DOM nodes after each game: {counts}"


def test_parts_the_page_already_shows_are_kept_and_the_page_matches_a_fresh_one(page, open_app,
                                                                                seeded):
    """Wongar's map drawing, areas and panels are parts (rituels.app.parts): the worker sends
    an unchanged one as a placeholder and the page keeps its element. After moves of a person
    and two bots, the drawing is still the element first drawn, no placeholder is on the page,
    and the board equals the one a reload draws from scratch."""
    seeded(page, seed=55, pace="0")
    redraws = []
    page.on("console", lambda m: redraws.append(m.text) if "rituels:redraw" in m.text else None)
    open_app(page, "#/new/wongar")
    page.select_option("#count", "3")
    for seat in (1, 2):
        page.select_option(f"#seat-{seat}-kind", "easy")
    page.click("button[data-cmd=start]")
    actionable = "#app .board [data-action], #app .board [data-select]"
    page.locator(actionable).first.wait_for()
    page.evaluate("document.getElementById('wg-drawing').__kept = true")
    for _ in range(6):
        page.locator(actionable).first.wait_for()
        settle(page)
        page.locator(actionable).first.click()
        settle(page)
    page.locator(actionable).first.wait_for()
    settle(page)
    assert page.evaluate("document.getElementById('wg-drawing').__kept") is True
    assert page.evaluate("document.querySelectorAll('[data-kept]').length") == 0
    assert redraws == [], "a placeholder found no element to keep"
    board = canonical_html(page, ".board")
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    page.locator(actionable).first.wait_for()
    settle(page)
    assert canonical_html(page, ".board") == board
