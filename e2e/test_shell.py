"""The page shell around the app: first paint, self-hosted runtime, CSP, offline mode."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from rituels.tools.paths import DIST
from rituels.tools.serve import serve_in_thread
from pagechecks import hold_python

GAMES = ("Cthulhu Dice", "Tuchulcha", "Wongar")
# Controls of the first paint that a click could act on before Python is live.
LIVE_CONTROLS_JS = """() => [...document.querySelectorAll(
    '#app button:not([disabled]), #app input:not([disabled]), #app select:not([disabled]),'
    + ' #app a[href]:not([aria-disabled="true"])')].filter(e => e.offsetParent !== null)
    .map(e => e.outerHTML)"""
CSP_WATCH_JS = """window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(
    `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));"""


@pytest.mark.fresh_profile   # a first visit: nothing cached, no service worker
@pytest.mark.parametrize("device", ["page", "phone_page"])
def test_first_paint_shows_the_home_screen_before_python(request, device, base_url, screenshot):
    page = request.getfixturevalue(device)
    hold_python(page)
    page.goto(base_url)
    page.wait_for_load_state("load")
    text = page.inner_text("#app")
    for game in GAMES:
        assert game in text, f"first paint lacks {game}"
    assert page.locator("#app [role=status]:visible, #app [aria-busy=true]:visible").count() >= 1
    assert page.evaluate(LIVE_CONTROLS_JS) == [], "controls must wait for Python"
    assert page.get_attribute("html", "data-ready") is None
    screenshot(page, f"first-paint-{'phone' if device == 'phone_page' else 'desktop'}")


@pytest.mark.fresh_profile   # before Python: nothing cached, no service worker to answer
def test_first_paint_follows_the_remembered_language(page, base_url):
    hold_python(page)
    page.goto(base_url)
    page.evaluate("localStorage.setItem('rituels.lang', 'en')")
    page.reload()
    assert page.get_attribute("html", "lang") == "en"
    assert page.locator(".first-paint-en").is_visible()
    assert not page.locator(".first-paint-fr").is_visible()


@pytest.mark.fresh_profile   # every runtime file is requested (nothing cached)
def test_app_starts_on_the_self_hosted_runtime_only(page, open_app, recorder, base_url):
    page.add_init_script(CSP_WATCH_JS)
    open_app(page)
    assert page.locator("#app .first-paint-fr, #app .first-paint-en").count() == 0, \
        "the live app must replace the first paint"
    assert page.evaluate(LIVE_CONTROLS_JS), "the live home screen has working controls"
    loaded = [u.removeprefix(base_url) for u in recorder.requests]
    for needed in ("runtime/pyscript/core.js", "runtime/pyodide/pyodide.mjs",
                   "runtime/pyodide/pyodide.asm.wasm", "runtime/stdlib/python_stdlib.zip",
                   "interpreter.mjs",
                   "pyscript.toml", "rituels.zip", "worker.py",
                   "runtime/micropython/micropython.mjs", "runtime/micropython/micropython.wasm",
                   "glue.toml", "glue.py", "runtime/idiomorph/idiomorph.min.js"):
        assert needed in loaded
    assert recorder.foreign == []  # also checked for every test by the fixture
    assert page.evaluate("window.__cspViolations") == []


def test_content_security_policy_allows_no_inline_script():
    html = (DIST / "index.html").read_text(encoding="utf-8")
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    directives = {d.split()[0]: d.split()[1:] for d in csp.split(";") if d.strip()}
    assert directives["script-src"] == ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]
    assert directives["default-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag, f"inline script: {tag}"
    assert not re.search(r"\son[a-z]+=", html), "inline event handler"


def test_inline_script_is_blocked(page, open_app):
    """The policy is really enforced: a script injected into the live page does not run."""
    page.add_init_script(CSP_WATCH_JS)
    open_app(page)
    page.evaluate("""() => { const s = document.createElement('script');
        s.textContent = 'window.__injected = true'; document.body.append(s); }""")
    assert page.evaluate("window.__injected === undefined")
    assert any(v.startswith("script-src") for v in page.evaluate("window.__cspViolations"))


def _precache_list() -> list[str]:
    code = (DIST / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"const PRECACHE = (\[.*?\]);", code, re.S).group(1))


# Whether the only cache of a build is ``name``, with ``n`` entries (the memory snapshot's
# cache, rituels-snapshot, is another matter: test_snapshot.py). wait_for_function does not
# await a promise (an async predicate is always "true": this check used to pass at once):
# each poll starts a read of Cache Storage (when none is under way) and judges the last one
# that finished.
CACHED_JS = """([name, n]) => {
    if (!window.__cacheReading) {
        window.__cacheReading = true;
        (async () => {
            const keys = (await caches.keys()).filter((k) => k !== 'rituels-snapshot');
            return keys.length === 1 && keys[0] === name
                && (await (await caches.open(name)).keys()).length === n;
        })().then((ok) => { window.__cached = ok; window.__cacheReading = false; },
                  () => { window.__cacheReading = false; });
    }
    return window.__cached === true;
}"""


def wait_until_cached(page, version: str, entries: int) -> None:
    """Wait until the service worker controls the page and its cache is the only one, full."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    page.evaluate("window.__cached = undefined")
    page.wait_for_function(CACHED_JS, arg=[f"rituels-{version}", entries], timeout=30_000,
                           polling=250)


def _version(site) -> str:
    return re.search(r'const VERSION = "(\w+)";', (site / "sw.js").read_text()).group(1)


@pytest.mark.fresh_profile   # the service worker's install and cache, from an empty profile
def test_offline_after_one_visit(page, context, open_app, recorder, base_url,
                                 first_cthulhu_move):
    open_app(page)
    wait_until_cached(page, _version(DIST), len(_precache_list()))

    context.set_offline(True)
    first_offline = len(recorder.requests)
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    assert len(recorder.requests) > first_offline
    # A game can be started and played with no network: Cthulhu Dice, first move.
    first_cthulhu_move(page, base_url)


@pytest.mark.fresh_profile   # service workers and caches of two builds
def test_a_new_build_replaces_the_old_one(page, recorder, tmp_path):
    """A returning player gets the new version (one automatic reload) and the old cache goes."""
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    server, url = serve_in_thread(site)
    recorder.allow(url)
    try:
        page.goto(url)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
        wait_until_cached(page, _version(site), len(_precache_list()))
        # "Deploy" a new build: new page text and a new cache version.
        index = site / "index.html"
        index.write_text(index.read_text().replace("<title>Rituels</title>",
                                                   "<title>Rituels 2</title>"))
        sw = site / "sw.js"
        sw.write_text(sw.read_text().replace(_version(site), "0000new0000"))
        page.reload()  # served by the old worker, which then finds the new one
        # The new worker precaches the whole site (17 MB) before it takes over: on two busy
        # cores that took over a minute once (a hang guard, not a speed check).
        page.wait_for_function("document.title === 'Rituels 2'", timeout=180_000)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
        wait_until_cached(page, "0000new0000", len(_precache_list()))
    finally:
        server.shutdown()
        server.server_close()
