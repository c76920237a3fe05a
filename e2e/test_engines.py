"""The app in the two other browser engines: Firefox (Gecko) and WebKit, next to the Chromium
suite. One smoke per engine, through the DOM only (data-ready, visible controls, clicks, the URL
hash), so it holds whatever runs the Python behind the page: start-up, a new Cthulhu Dice game
(you against bots at « Rapide ») from the home screen, a few moves, a reload that resumes the game, then a
reload with the site's server gone, served by the service worker, and one more move offline;
no page error and no request outside the site's origin along the way.

The browsers are Debian's (`python3 -m rituels test` installs them): see rituels.tools.engines.
"""

from __future__ import annotations

import shutil
import time

import pytest

from rituels.i18n import t
from rituels.tools import engines
from rituels.tools.paths import ARTIFACTS
from rituels.tools.serve import serve_in_thread

# Start-up on 2 shared, loaded cores: Firefox is ready in ~2-7 s, WebKit in ~13-55 s (most of
# it compiling Pyodide's WebAssembly).
READY_TIMEOUT_S = 90
STEP_TIMEOUT_S = 30
MOVES = 3
NEW_GAME = '#app a[href="#/new/cthulhu-dice"]'
START = "[role=dialog] button[data-cmd=start]"
TABLE = "#main .cd-table"
# Your possible moves: the Eye's choices, a victim on the circle of seats, the roll button.
MOVE = ("#main .cd-choices button[data-action], #main .cd-table [data-action],"
        " #main [data-cmd=roll]")
LOG_LINES = "return [...document.querySelectorAll('.log-lines li')].map(li => li.textContent)"
FAST_PACE = """const pace = document.querySelector('#pace');
pace.value = 'fast';
pace.dispatchEvent(new Event('change', {bubbles: true}));"""
READY = "return document.documentElement.hasAttribute('data-ready')"
APP_HTML = "return document.querySelector('#app').innerHTML"
# Uncaught errors in the page from now on (start-up itself is proven by data-ready).
WATCH_ERRORS = """window.__rituelsErrors = [];
addEventListener('error', (e) => __rituelsErrors.push(String(e.message)));
addEventListener('unhandledrejection', (e) => __rituelsErrors.push(String(e.reason)));
addEventListener('securitypolicyviolation', (e) => __rituelsErrors.push('CSP: ' + e.blockedURI));"""
# Every resource the page fetched since its navigation (the worker's own fetches are the same
# runtime's, checked request by request in the Chromium suite): none outside the site.
FOREIGN = """return performance.getEntriesByType('resource').map(e => e.name)
    .filter(u => !u.startsWith(location.origin + '/') && !u.startsWith('blob:')
                 && !u.startsWith('data:'))"""


def _driver_module(name: str) -> str:
    return {"firefox": "marionette_driver", "webkit": "selenium"}[name]


@pytest.fixture(params=sorted(engines.LAUNCHERS))
def engine(request, tmp_path):
    name = request.param
    pytest.importorskip(_driver_module(name),
                        reason="the engine drivers come with `python3 -m rituels test`")
    if engines.missing():
        pytest.skip(f"{', '.join(engines.missing())} not installed: run `python3 -m rituels "
                    "test` as root, or apt-get install them")
    browser = engines.LAUNCHERS[name](tmp_path)
    yield browser
    report = getattr(request.node, "rep_call", None)
    try:
        if report is not None and report.failed:
            ARTIFACTS.mkdir(exist_ok=True)
            for log in tmp_path.glob("*.log"):   # the browser's own log says why, often
                shutil.copy(log, ARTIFACTS / f"engines-{log.name}")
            try:
                browser.screenshot(ARTIFACTS / f"engines-{name}.png")
            except Exception:   # a crashed browser leaves no picture; the report says why
                pass
    finally:
        browser.close()


@pytest.fixture
def own_server(site):
    """dist/ on its own server, which the test stops to go offline."""
    server, url = serve_in_thread(site)
    yield server, url
    server.shutdown()
    server.server_close()


def wait_ready(engine) -> float:
    start = time.monotonic()
    engine.wait(READY, READY_TIMEOUT_S, "the app never became ready (html[data-ready])")
    took = time.monotonic() - start
    engine.js(WATCH_ERRORS)
    return took


def assert_healthy(engine) -> None:
    """No uncaught error or blocked request in the page, nothing fetched from outside the
    site, and no "unexpected error" notice from the app."""
    assert engine.js("return window.__rituelsErrors") == []
    assert engine.js(FOREIGN) == []
    lang = engine.js("return document.documentElement.lang")
    assert t(lang, "app.notice.internal") not in engine.js("return document.body.textContent")


def play(engine, moves: int) -> int:
    """Make up to ``moves`` of your moves (fewer if the game ends), each one seen to change
    the screen; returns how many were made."""
    made = 0
    end = time.monotonic() + STEP_TIMEOUT_S * moves
    while made < moves and not engine.elements("#end-title"):
        assert time.monotonic() < end, f"{engine.name}: no move of yours was offered in time"
        if not engine.visible(MOVE):
            time.sleep(engines.POLL_S)   # the bots are playing
            continue
        before = engine.js(APP_HTML)
        engine.click(MOVE, STEP_TIMEOUT_S)
        engine.wait("return document.querySelector('#app').innerHTML !== arguments[0]",
                    STEP_TIMEOUT_S, "a click on a move changed nothing", before)
        made += 1
    return made


@pytest.mark.xdist_group("other-engines")   # Firefox and WebKit, one after the other
def test_a_game_starts_plays_resumes_and_works_offline(engine, own_server):
    server, url = own_server
    engine.go(url)
    ready_s = wait_ready(engine)

    engine.click(NEW_GAME, STEP_TIMEOUT_S)
    # The bots at « Rapide » (a player's choice in the dialog): the moves come sooner.
    engine.wait("return document.querySelector('#pace') !== null", STEP_TIMEOUT_S,
                "the new game dialog has no pace choice")
    engine.js(FAST_PACE)
    engine.wait("return document.querySelector('#pace').value === 'fast'", STEP_TIMEOUT_S,
                "the pace choice was not kept")
    engine.click(START, STEP_TIMEOUT_S)
    engine.wait("return location.hash.startsWith('#/play/')", STEP_TIMEOUT_S,
                "starting a game did not open it")
    route = engine.js("return location.hash")
    assert engine.visible(TABLE), "the Cthulhu Dice table is not shown"
    # The dice may end the game (or drive you mad) sooner: then fewer moves, at least one.
    assert play(engine, MOVES) >= 1
    log = engine.js(LOG_LINES)
    assert log, "moves were made but the game log is empty"
    assert_healthy(engine)

    engine.reload(STEP_TIMEOUT_S)
    reload_s = wait_ready(engine)
    assert engine.js("return location.hash") == route
    engine.wait("return document.querySelector('.cd-table') !== null", STEP_TIMEOUT_S,
                "the game did not come back after a reload")
    resumed = engine.js(LOG_LINES)
    # Newest first: what was played before the reload is all there, at the end of the log.
    assert resumed[len(resumed) - len(log):] == log
    assert_healthy(engine)

    # Offline: the service worker (which took control once it had cached the whole site)
    # must serve every file once the server is gone.
    engine.wait("return navigator.serviceWorker.controller !== null", STEP_TIMEOUT_S,
                "the service worker never took control of the page")
    server.shutdown()
    server.server_close()
    engine.reload(STEP_TIMEOUT_S)
    offline_s = wait_ready(engine)
    assert engine.js("return location.hash") == route
    engine.wait("return document.querySelector('.cd-table') !== null", STEP_TIMEOUT_S,
                "the game did not come back offline")
    assert play(engine, 1) == 1 or engine.elements("#end-title")
    assert_healthy(engine)
    print(f"{engine.name}: ready in {ready_s:.1f} s, after a reload {reload_s:.1f} s, "
          f"offline {offline_s:.1f} s")
