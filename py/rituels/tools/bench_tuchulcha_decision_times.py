"""Tuchulcha's strong-bot decision times in the page (Chromium, the Pyodide worker, the app's own
"rituels:bot" log): four strong bots, the first N decisions or S seconds of a game.
``python -m rituels.tools.bench_tuchulcha_decision_times N S`` (issue 27; the full game is ``bench --only play``)."""

import statistics
import sys
import tempfile
import time
from pathlib import Path
from playwright.sync_api import sync_playwright
from rituels.tools import bench_play, build
from rituels.tools.bench_browser import CachingHandler
from rituels.tools.browser import launch_chromium
from rituels.tools.serve import serve_in_thread


def main() -> None:
    MAX_DECISIONS, MAX_S = int(sys.argv[1]), float(sys.argv[2])
    tmp = tempfile.TemporaryDirectory(prefix="rituels-bench-")
    site = Path(tmp.name) / "dist"
    build.build(site)
    server, base = serve_in_thread(site, handler=CachingHandler)
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        decisions = []
        page = bench_play.new_page(browser, decisions)
        bench_play.start_bot_table(page, base, "tuchulcha")
        end = time.monotonic() + MAX_S
        while len(decisions) < MAX_DECISIONS and time.monotonic() < end and not page.locator("#end-title").count():
            page.wait_for_timeout(250)
        ms = sorted(d.ms for d in decisions if d.game == "tuchulcha")
        q = lambda p: ms[min(len(ms) - 1, int(p * len(ms)))]
        print(f"page decisions {len(ms)}: p50 {q(.5):.0f} ms p95 {q(.95):.0f} ms max {ms[-1]:.0f} ms mean {statistics.fmean(ms):.0f}", flush=True)
        print("all", [round(m) for m in ms])
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
