"""Browser start-up figures: headless Chromium time-to-ready of the app against a bare PyScript
page on the same self-hosted runtime (bench/ in a private build of the site), cold and warm, the two pages alternating
so that both see the same machine load.

- cold: a fresh browser context (empty HTTP cache, no service worker), first visit;
- warm: a reload in that context once everything is cached (for the app: its service worker
  installed and its cache filled, as for a returning player);
- ready: ``<html data-ready>`` is set, measured in the page from navigation start.
The server sends ``Cache-Control: max-age=600`` here (as GitHub Pages does), so the bare page's
warm reload is served from the HTTP cache without revalidation, as the app's is from its cache.

Run by ``python3 -m rituels bench``; needs Playwright (the .venv of ``python3 -m rituels test``).
As a script (``python -m rituels.tools.bench_browser [--quick]``) it prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path
from typing import NamedTuple

from rituels.tools import build
from rituels.tools.browser import launch_chromium
from rituels.tools.serve import QuietHandler, serve_in_thread

TARGET_RATIO = 1.25
READY_TIMEOUT_MS = 120_000
# Records when data-ready appears, in ms since navigation start (runs before any page script).
READY_PROBE_JS = """new MutationObserver((_, obs) => {
    if (document.documentElement.hasAttribute('data-ready')) {
        window.__readyAt = performance.now(); obs.disconnect(); }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});"""
# The floor the app is compared with: PyScript + Pyodide from the same files, with the same
# preload hints as the app's page (so the ratio measures the app's own cost, not the hints).
BARE_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Bare PyScript page (benchmark)</title>
<link rel="icon" href="data:,">
<link rel="modulepreload" href="../runtime/pyscript/core.js">
<link rel="modulepreload" href="../runtime/pyodide/pyodide.mjs">
<link rel="modulepreload" href="../runtime/pyodide/pyodide.asm.mjs">
<link rel="preload" href="../runtime/pyodide/pyodide.asm.wasm" as="fetch" crossorigin>
<link rel="preload" href="../runtime/pyodide/python_stdlib.zip" as="fetch" crossorigin>
<link rel="preload" href="../runtime/pyodide/pyodide-lock.json" as="fetch" crossorigin>
<script type="module" src="../runtime/pyscript/core.js"></script>
</head>
<body>
<script type="py" src="main.py" config="pyscript.toml"></script>
</body>
</html>
"""
BARE_CONFIG = 'interpreter = "../runtime/pyodide/pyodide.mjs"\n'
BARE_MAIN = """from pyscript import document

document.documentElement.setAttribute("data-ready", "")
"""


class CachingHandler(QuietHandler):
    cache_control = "max-age=600"


def write_bare_page(site: Path) -> None:
    """<site>/bench/: a hello-world PyScript page on the app's own runtime copy."""
    bench = site / "bench"
    bench.mkdir(exist_ok=True)
    (bench / "index.html").write_text(BARE_PAGE, encoding="utf-8")
    (bench / "pyscript.toml").write_text(BARE_CONFIG, encoding="utf-8")
    (bench / "main.py").write_text(BARE_MAIN, encoding="utf-8")


def _ready_ms(page) -> float:
    page.wait_for_function("window.__readyAt !== undefined", timeout=READY_TIMEOUT_MS)
    return page.evaluate("window.__readyAt")


def _wait_offline_cache(page) -> None:
    """Wait until the app's service worker controls the page and its cache is complete."""
    page.wait_for_function("navigator.serviceWorker.controller !== null",
                           timeout=READY_TIMEOUT_MS)
    page.wait_for_function(
        """async () => { const reg = await navigator.serviceWorker.ready;
            return reg.active && reg.active.state === 'activated'; }""",
        timeout=READY_TIMEOUT_MS, polling=250)


class Visit(NamedTuple):
    """Times of one visit, in ms since navigation start."""
    cold: float   # ready, first visit
    warm: float   # ready, reload
    paint: float  # first contentful paint, first visit


def visit(browser, url: str, app: bool) -> Visit:
    """One cold visit in a fresh context, then one warm reload."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="fr-FR")
    context.add_init_script(READY_PROBE_JS)
    page = context.new_page()
    page.goto(url)
    cold = _ready_ms(page)
    paint = page.evaluate("""(performance.getEntriesByName('first-contentful-paint')[0]
                              || {startTime: NaN}).startTime""")
    if app:
        _wait_offline_cache(page)
    page.reload()
    warm = _ready_ms(page)
    context.close()
    return Visit(cold, warm, paint)


def figures(quick: bool) -> list[tuple[str, str]]:
    from playwright.sync_api import sync_playwright

    # A private copy of the site: a `serve` or `test` run rebuilding dist/ meanwhile cannot
    # disturb the measurement.
    tmp = tempfile.TemporaryDirectory(prefix="rituels-bench-")
    site = Path(tmp.name) / "dist"
    build.build(site)
    write_bare_page(site)
    server, base = serve_in_thread(site, handler=CachingHandler)
    runs = 2 if quick else 5
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            # One throw-away visit so the first measured run does not pay for the browser's
            # own warm-up (process start, font caches).
            visit(browser, base + "bench/", app=False)
            # Alternate the two pages so both see the same machine load.
            bare, app = [], []
            for _ in range(runs):
                bare.append(visit(browser, base + "bench/", app=False))
                app.append(visit(browser, base, app=True))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
        tmp.cleanup()

    def median(visits: list[Visit], what: str) -> float:
        return statistics.median(getattr(v, what) for v in visits)

    def seconds(visits: list[Visit], what: str) -> str:
        return f"{median(visits, what) / 1000:.2f} s (median of {runs})"

    ratio = median(app, "warm") / median(bare, "warm")
    verdict = "met" if ratio <= TARGET_RATIO else "MISSED"
    return [
        ("app first paint, cold", seconds(app, "paint")),
        ("app ready, cold", seconds(app, "cold")),
        ("app ready, warm", seconds(app, "warm")),
        ("bare PyScript page ready, cold", seconds(bare, "cold")),
        ("bare PyScript page ready, warm", seconds(bare, "warm")),
        ("app cold / bare cold", f"{median(app, 'cold') / median(bare, 'cold'):.2f}"),
        ("app warm / bare warm", f"{ratio:.2f} (target <= {TARGET_RATIO}: {verdict})"),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rituels.tools.bench_browser")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    print(json.dumps(figures(args.quick)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
