"""End-to-end fixtures: the built site (dist/) served on a free localhost port and driven in
Debian's Chromium through Playwright.

Every test's browser context records every request: a request outside the site's origin, a
same-origin request answered with an error status, or an uncaught page error fails the test.

Fixtures for tests:
- ``page``: a new page (1280x800, French) in this worker's shared desktop context (no service
  worker), whose storage (localStorage, IndexedDB) is cleared after each test. What it keeps
  is what a returning visitor's browser keeps and no test reads: the compiled WebAssembly, the
  HTTP cache and the memory snapshot (Cache Storage), so the app starts in about half the time
  of a first visit. A test marked ``fresh_profile``, or asking for ``context``, gets a context of
  its own instead (empty cache, no service worker, no snapshot): first visits, offline, the
  snapshot, anything set on the whole context;
- ``phone_page``: the same at 375x667 with touch (its own shared context);
- ``context`` / ``recorder``: the page's own context, and what it recorded;
- ``open_app``: ``open_app(page, path="")`` loads the app (path: e.g. ``"#/new/wongar"``) and
  waits until ``<html data-ready>``, i.e. Python is live;
- ``axe``: ``axe(page, selector=None) -> violations`` runs axe-core on the page;
- ``screenshot``: ``screenshot(page, name)`` saves artifacts/<name>.png;
- ``seeded``: ``seeded(page, seed=1, chance=(), fixed_effort=True, pace=None)`` makes the
  page's next starts reproducible (rituels.app.testseam): the app's dice, shuffles and bots
  from ``seed``, bots on a fixed effort, the next chance outcomes scripted (notations), and
  optionally the bots' pace (seconds). Set before ``open_app``; every start (a reload too)
  reads it afresh, so a reload replays the script from its beginning.
A failing test also leaves artifacts/<test name>.png.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

playwright_api = pytest.importorskip(
    "playwright.sync_api", reason="e2e tests need playwright: run `python3 -m rituels test`")

from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from appwait import settle  # noqa: E402
from rituels.tools import build  # noqa: E402  (after the importorskip above)
from rituels.tools.browser import launch_chromium  # noqa: E402
from rituels.tools.paths import ARTIFACTS, DIST, NODE_MODULES  # noqa: E402
from rituels.tools.serve import serve_in_thread  # noqa: E402

READY_TIMEOUT_MS = 60_000  # Pyodide starts in ~3 s; 2 shared cores under load need slack
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 667}
AXE_JS = NODE_MODULES / "axe-core" / "axe.min.js"


@dataclass
class Recorder:
    """What one browser context asked for and what went wrong."""
    origin: str
    requests: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    also_allowed: list[str] = field(default_factory=list)

    def allow(self, base_url: str) -> None:
        """Accept requests to another local test server (a test serving its own site copy)."""
        self.also_allowed.append(base_url.rstrip("/"))

    def on_request(self, request) -> None:
        url = request.url
        self.requests.append(url)
        if urlsplit(url).scheme in ("data", "blob"):
            return
        if not any(url.startswith(origin + "/") for origin in [self.origin, *self.also_allowed]):
            self.foreign.append(url)

    def on_response(self, response) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.status} {response.url}")

    def problems(self) -> list[str]:
        return ([f"request outside {self.origin}: {u}" for u in self.foreign]
                + [f"failed request: {f}" for f in self.failed]
                + [f"page error: {e}" for e in self.page_errors])


@pytest.fixture(scope="session")
def site() -> Path:
    """dist/, built once per session unless `python3 -m rituels test` just built it."""
    if not os.environ.get("RITUELS_DIST_BUILT") or not (DIST / "index.html").exists():
        build.build(DIST)
    return DIST


@pytest.fixture(scope="session")
def base_url(site: Path):
    """The site's address: the one server of the whole run when `python3 -m rituels test`
    started it (every xdist worker shares it), else a server of this session's own."""
    if os.environ.get("RITUELS_BASE_URL"):
        yield os.environ["RITUELS_BASE_URL"]
        return
    server, url = serve_in_thread(site)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    with playwright_api.sync_playwright() as pw:
        chromium = launch_chromium(pw)
        yield chromium
        chromium.close()


def pytest_collection_modifyitems(session, config, items):
    """Browser tests last, whatever order the paths were given in: from a process's first
    browser test on, Playwright's sync API keeps an asyncio loop running in it, and a unit
    test that calls ``asyncio.run`` (tests/app/test_host.py) cannot run after it. xdist hands
    each worker its tests in this order, so none runs a unit test after a browser test."""
    items.sort(key=lambda item: 1 if Path(str(item.fspath)).parent.name == "e2e" else 0)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)  # lets fixtures see whether the test failed
    return report


DESKTOP_CONTEXT = {"viewport": DESKTOP, "locale": "fr-FR", "timezone_id": "UTC"}
PHONE_CONTEXT = {"viewport": PHONE, "locale": "fr-FR", "timezone_id": "UTC", "is_mobile": True,
                 "has_touch": True, "device_scale_factor": 2}
SIZES = {"phone": PHONE, "desktop": DESKTOP, "wide": {"width": 1366, "height": 768}}
LOCALES = {"fr": "fr-FR", "en": "en-GB", "it": "it-IT", "de": "de-DE"}
SLOW_PACE = "3"   # bots wait 3 s a move: the screen holds still while a test measures it
# What a test leaves behind and the next must not see (Storage.clearDataForOrigin's names):
# everything but Cache Storage (the memory snapshot; a service worker's precache is unused
# once its worker is unregistered) and the HTTP and code caches, which are not origin data.
CLEARED = "cookies,local_storage,indexeddb,service_workers,websql,file_systems,shader_cache"


def _own_context(request) -> bool:
    return (request.node.get_closest_marker("fresh_profile") is not None
            or request.node.get_closest_marker("snapshot") is not None
            or "context" in request.fixturenames)


SNAPSHOT_OFF = "try { localStorage.setItem('rituels.snapshot', 'off') } catch (e) {}"
SNAPSHOT_SOON = "try { localStorage.setItem('rituels.snapshot', 'soon') } catch (e) {}"
SNAPSHOT_DONE = ("() => /^(made|kept|failed)/.test("
                 "document.documentElement.getAttribute('data-snapshot') || '')")
PRIME_TIMEOUT_MS = 120_000


def _prime(context, base_url: str) -> None:
    """One visit that stays until its memory snapshot is made: the tests' visits in this
    context then start from it. A snapshot that fails only leaves them on a normal start.
    boot.js makes it without its 3 s pause after ready ("soon": nobody taps this page)."""
    page = context.new_page()
    page.add_init_script(SNAPSHOT_SOON)
    try:
        page.goto(base_url)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        page.wait_for_function(SNAPSHOT_DONE, timeout=PRIME_TIMEOUT_MS)
    except playwright_api.Error:
        pass
    _clear(context, base_url.rstrip("/"))


@pytest.fixture(scope="session")
def shared_contexts(browser, base_url):
    """This worker's long-lived contexts, one per kind of device, made (and primed) on first
    use."""
    made: dict[str, Any] = {}

    def get(kind: str):
        if kind not in made:
            # No service worker: each visit's would download and cache the whole site (17 MB)
            # in the background, for nothing (the offline tests have a context of their own).
            made[kind] = browser.new_context(
                **(DESKTOP_CONTEXT if kind == "desktop" else PHONE_CONTEXT),
                service_workers="block")
            _prime(made[kind], base_url)
        return made[kind]
    yield get
    for context in made.values():
        context.close()


def _new_page(request, browser, shared_contexts, base_url: str, kind: str):
    origin = base_url.rstrip("/")
    recorder = Recorder(origin)
    own = _own_context(request)
    # No background snapshot-making per visit (web/boot.js): a second Pyodide boot in every
    # test would load CI's two cores for nothing (the shared contexts made theirs once).
    snapshot_off = request.node.get_closest_marker("snapshot") is None
    if own:
        context = browser.new_context(**(DESKTOP_CONTEXT if kind == "desktop" else PHONE_CONTEXT))
        if snapshot_off:
            context.add_init_script(SNAPSHOT_OFF)
    else:
        context = shared_contexts(kind)
    context.on("request", recorder.on_request)
    context.on("response", recorder.on_response)
    page = context.new_page()
    if not own:
        page.add_init_script(SNAPSHOT_OFF)
    page.on("pageerror", lambda exc: recorder.page_errors.append(str(exc)))
    page.set_default_timeout(30_000)  # generous: CI has 2 cores
    request.node.rituels = (context, recorder)
    return page, context, recorder, own


def _clear(context, origin: str) -> None:
    """Close the test's pages and clear the origin's storage, ready for the next test."""
    for open_page in list(context.pages):
        open_page.close()
    blank = context.new_page()
    cdp = context.new_cdp_session(blank)
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": CLEARED})
    cdp.detach()
    blank.close()


def _finish(request, page, context, recorder: Recorder, own: bool) -> None:
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed and not page.is_closed():
        ARTIFACTS.mkdir(exist_ok=True)
        try:
            page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
        except playwright_api.Error:
            pass  # a crashed page leaves no picture; the test report says why
    context.remove_listener("request", recorder.on_request)
    context.remove_listener("response", recorder.on_response)
    if own:
        context.close()
    else:
        _clear(context, recorder.origin)
    problems = recorder.problems()
    if problems and not (report is not None and report.failed):
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.fixture
def page(request, browser, shared_contexts, base_url):
    page, context, recorder, own = _new_page(request, browser, shared_contexts, base_url,
                                             "desktop")
    yield page
    _finish(request, page, context, recorder, own)


@pytest.fixture
def phone_page(request, browser, shared_contexts, base_url):
    page, context, recorder, own = _new_page(request, browser, shared_contexts, base_url,
                                             "phone")
    yield page
    _finish(request, page, context, recorder, own)


@pytest.fixture
def context(request, page):
    return request.node.rituels[0]


@pytest.fixture
def recorder(request, page) -> Recorder:
    return request.node.rituels[1]


@pytest.fixture
def first_cthulhu_move():
    """``first_cthulhu_move(page, base)``: start a Cthulhu Dice game on the site at ``base``
    (default seats) and play the human's first move, waiting until the screen reacts."""
    def play(page, base: str):
        page.goto(base + "#/new/cthulhu-dice")
        page.locator("#app [data-cmd=start]").click()
        page.wait_for_function("location.hash.startsWith('#/play/')")
        move = page.locator("#app [data-action]").first
        move.wait_for()
        before = page.inner_html("#app")
        move.click()
        page.wait_for_function(
            "(before) => document.querySelector('#app').innerHTML !== before", arg=before)
    return play


@pytest.fixture
def make_page(request, browser, shared_contexts, base_url):
    """``make_page(size, lang, pace, timezone, seed, chance, path, init)``: a page of that size
    ("phone", "desktop", "wide") with the app loaded in that language (None: none chosen
    yet, the app follows the browser's) at ``path``, bots at
    ``pace`` (default: slow, the screen holds still), its chance from ``seed`` and ``chance``
    (rituels.app.testseam, bots on a fixed effort); ``init``: a script of the test's, run
    before the page's. In the worker's shared context of its kind of device, unless a
    timezone other than UTC asks for a context of its own. Page errors fail the test."""
    made = []

    def make(size: str, lang: str | None, pace: str = SLOW_PACE, timezone: str = "UTC",
             seed: int = 1, chance=(), path: str = "", init: str = ""):
        kind = "phone" if size == "phone" else "desktop"
        own = timezone != "UTC" or _own_context(request)
        if own:
            context = browser.new_context(**{**(PHONE_CONTEXT if kind == "phone"
                                                else DESKTOP_CONTEXT),
                                             "locale": LOCALES[lang or "fr"],
                                             "timezone_id": timezone})
            context.add_init_script(SNAPSHOT_OFF)
        else:
            context = shared_contexts(kind)
        errors: list[str] = []
        page = context.new_page()
        if not own:
            page.add_init_script(SNAPSHOT_OFF)
        page.set_viewport_size(SIZES[size])
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(30_000)
        seed_page(page, seed, chance, pace=pace)
        if lang:
            page.add_init_script(f"localStorage.setItem('rituels.lang', '{lang}')")
        if init:
            page.add_init_script(init)
        page.goto(base_url + path)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        made.append((context, own, errors))
        return page

    yield make
    for context, own, errors in made:
        if own:
            context.close()
        elif context.pages:
            _clear(context, base_url.rstrip("/"))
        assert errors == []


def seed_page(page, seed: int = 1, chance=(), fixed_effort: bool = True,
              pace: str | None = None):
    """The test seam's key (and the bots' pace), written before each start of the page."""
    settings = json.dumps({"seed": seed, "fixed_effort": fixed_effort, "chance": list(chance)})
    lines = [f"localStorage.setItem('rituels.test', {json.dumps(settings)});"]
    if pace is not None:
        lines.append(f"localStorage.setItem('rituels.pace', {json.dumps(str(pace))});")
    page.add_init_script("try { " + " ".join(lines) + " } catch (e) {}")
    return page


@pytest.fixture
def seeded():
    return seed_page


@pytest.fixture
def open_app(base_url):
    def open_app(page, path: str = ""):
        page.goto(base_url + path)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        return page
    return open_app


@pytest.fixture(scope="session")
def axe_source() -> str:
    return AXE_JS.read_text(encoding="utf-8")


@pytest.fixture
def axe(axe_source):
    """``axe(page, selector=None, rules=None) -> list of violations`` (axe-core result dicts).
    The script is evaluated through the DevTools protocol, which the page's CSP (no inline
    script) does not block."""
    def run(page, selector: str | None = None, options: dict | None = None) -> list[dict]:
        if not page.evaluate("typeof window.axe !== 'undefined'"):
            page.evaluate(axe_source)
        # axe-core walks the page for a while; if a bot's move morphs it meanwhile, axe itself
        # throws (a node it listed is gone). That says nothing about the page: audit again once
        # the app has answered. Violations are never retried away.
        attempts = 3
        while True:
            attempts -= 1
            settle(page)
            try:
                return page.evaluate(
                    "([sel, opts]) => axe.run(sel ? document.querySelector(sel) : document,"
                    " opts || {}).then((r) => r.violations)", [selector, options])
            except PlaywrightError as err:
                if not attempts or "TypeError" not in str(err):
                    raise
    return run


@pytest.fixture
def screenshot():
    def shoot(page, name: str, full_page: bool = False) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path
    return shoot
