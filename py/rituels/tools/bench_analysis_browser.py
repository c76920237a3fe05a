"""Section ``analysis-browser`` of ``python3 -m rituels bench``: the game analysis and the coach
in the real app, in headless Chromium (Pyodide in the app's Web Worker), on a private build.

- Whole-game analysis: complete 4-player self-play games of each game (the records of the
  ``analysis`` section: strong and easy bots, ``rituels.tools.bench_analysis.self_play``), with seat 0
  a person so that their decisions are reviewed, stored as finished games of this device.
  Each is opened in the replay viewer (``#/replay/<id>``); the time runs from the click on
  "Analyser la partie" until the luck and skill table is drawn (the analysis done, in the
  worker, in its half-second ticks; the curve is drawn while it runs). As a finished game of this device, hands may be shown: estimates use every
  hand (no redraw of hidden cards). Beside it, to say what dominates: the same analyses run in
  one go (``core.analyse``) in a bare Pyodide worker on the same build (bench/analysis/, wall
  time: the computation alone, without the app's steps, renders and messages), and on this
  CPython (CPU time of this process, so the machine's load does not count).
- Coach answers: the first record of each game, cut at several of seat 0's decisions and
  stored as games in progress played with the coach; for each, ``#/play/<id>`` is opened and
  the time runs from the click on "Conseil" until its list of choices is drawn.

Targets (issues 13, 25): a whole Tuchulcha analysis <= 5 s and within 2x of CPython's CPU
time for the same records, coach answer <= 1 s; read here, never asserted. ``--game=ID``: one
game only.
Run by ``python3 -m rituels bench --only analysis-browser``; needs Playwright (the test venv).
As a script (``python -m rituels.tools.bench_analysis_browser [--quick]``) it prints the
figures as JSON.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rituels.tools.bench_analysis import self_play, stat
from rituels.analysis.core import analyse, turn_ends
from rituels.app.saves import SaveStore
from rituels.app.storage import MemoryStorage
from rituels.engine.game import GAME_IDS
from rituels.tools import build
from rituels.tools.bench_browser import (ENGINE_MAIN_CONFIG, ENGINE_PAGE, ENGINE_WORKER_CONFIG,
                                         verdict)
from rituels.tools.bench_play import CLICK_JS, load_average
from rituels.tools.browser import launch_chromium
from rituels.tools.serve import serve_in_thread

GAMES, QUICK_GAMES = 3, 1              # whole games analysed per game
COACH, QUICK_COACH = 8, 4              # coach answers per game
FIRST_SEED = 1000                      # the analysis section's seeds
WHOLE_TARGET_S = {"tuchulcha": 5.0}      # issue 25 (a whole 4-player Tuchulcha game)
COACH_TARGET_S = 1.0
READY_TIMEOUT_MS = 120_000
ANALYSIS_TIMEOUT_MS = 600_000          # far past the target: a slow run is measured, not cut

# The bare worker page (bench_browser's engine page, another worker script): each record's
# analysis in one go; a MicroPython main script asks for each and writes the answers.
WORKER = """import json
import time

from rituels.analysis.core import analyse

RECORDS = json.loads({records!r})

def run(i):
    start = time.perf_counter()
    analyse(RECORDS[i], hidden=False)
    return json.dumps(time.perf_counter() - start)

__export__ = ["run"]
"""
MAIN = """import js
from pyscript import workers

def ready(worker):
    def ask(i):
        if i == {count}:
            js.document.body.setAttribute("data-done", "")
            return
        def got(text):
            js.document.body.setAttribute("data-r" + str(i), text)
            ask(i + 1)
        worker.run(i).then(got)
    ask(0)

workers["engine"].then(ready)
"""


def write_worker_page(site: Path, game_id: str, finished: list[dict[str, Any]]) -> str:
    """<site>/bench/analysis-<game>/: the records' analysis in a bare Pyodide worker."""
    folder = site / "bench" / f"analysis-{game_id}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text(ENGINE_PAGE, encoding="utf-8")
    (folder / "worker.toml").write_text(ENGINE_WORKER_CONFIG, encoding="utf-8")
    (folder / "main.toml").write_text(ENGINE_MAIN_CONFIG, encoding="utf-8")
    (folder / "worker.py").write_text(WORKER.format(records=json.dumps(finished)),
                                      encoding="utf-8")
    (folder / "main.py").write_text(MAIN.format(count=len(finished)), encoding="utf-8")
    return f"bench/analysis-{game_id}/"


BARE_TIMEOUT_MS = 180_000


def in_worker(browser: Any, url: str, count: int) -> list[float]:
    """The bare worker's times; empty when its page does not answer (it is a side figure:
    the app's own time against CPython's is the one the target is about)."""
    from playwright.sync_api import TimeoutError as Timeout

    page = browser.new_page()
    page.goto(url)
    try:
        page.wait_for_selector("body[data-done]", state="attached", timeout=BARE_TIMEOUT_MS)
    except Timeout:
        page.close()
        return []
    out = [json.loads(page.get_attribute("body", f"data-r{i}")) for i in range(count)]
    page.close()
    return out


def records(game_id: str, count: int) -> list[dict[str, Any]]:
    """Complete 4-player games, seat 0 a person (reviewed), seats 1-3 bots."""
    out = []
    for seed in range(FIRST_SEED, FIRST_SEED + count):
        record = self_play(game_id, seed)
        record["seats"][0] = {"name": "Ada", "bot": None}
        out.append(record)
    return out


def coach_cuts(record: dict[str, Any], count: int) -> list[dict[str, Any]]:
    """``count`` copies of ``record`` cut where seat 0 decides, spread over the game, each a
    game in progress played with the coach."""
    mine = [i for i, personal in enumerate(turn_ends(record)[2]) if personal]   # seat 0's
    picks = [mine[k * len(mine) // count] for k in range(count)] if len(mine) >= count else mine
    return [dict(record, actions=record["actions"][:i], meta={"coach": True}) for i in picks]


def storage_of(finished: list[dict[str, Any]], playing: list[dict[str, Any]]
               ) -> tuple[dict[str, str], list[str], list[str]]:
    """localStorage keys holding the records, and their save ids."""
    storage = MemoryStorage()
    saves = SaveStore(storage)
    ids: tuple[list[str], list[str]] = ([], [])
    for done, group in ((True, finished), (False, playing)):
        for record in group:
            save_id = saves.new_id()
            saves.put(save_id, record, done, 0)
            ids[0 if done else 1].append(save_id)
    return storage.data, ids[0], ids[1]


def _go(page: Any, hash_: str, selector: str) -> None:
    page.evaluate("(h) => { location.hash = h; }", hash_)
    page.wait_for_selector(selector, timeout=60_000)


def measure(browser: Any, base: str, game_id: str, finished: list[dict[str, Any]],
            cuts: list[dict[str, Any]]) -> dict[str, list[float]]:
    data, done_ids, play_ids = storage_of(finished, cuts)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="fr-FR")
    context.add_init_script(f"""if (!sessionStorage.getItem('bench-seeded')) {{
        for (const [k, v] of Object.entries({json.dumps(data)})) localStorage.setItem(k, v);
        sessionStorage.setItem('bench-seeded', '1'); }}""")
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(base + "#/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    whole, coach = [], []
    for save_id in done_ids:
        _go(page, f"#/replay/{save_id}", "button[data-cmd=analysis-start]")
        whole.append(page.evaluate(CLICK_JS, [
            "button[data-cmd=analysis-start]",
            "document.querySelector('.analysis .an-summary')", ANALYSIS_TIMEOUT_MS]))
    for save_id in play_ids:
        _go(page, f"#/play/{save_id}", "button[data-cmd=coach]")
        page.wait_for_selector(".coach-list", state="detached")
        coach.append(page.evaluate(CLICK_JS, [
            "button[data-cmd=coach]", "document.querySelector('.coach-list li')", 60_000]))
    context.close()
    return {"whole": [ms / 1000 for ms in whole], "coach": [ms / 1000 for ms in coach]}


def cpython_seconds(finished: list[dict[str, Any]]) -> list[float]:
    """The same analyses (hands shown, as in the viewer) on this CPython, CPU time."""
    out = []
    for record in finished:
        start = time.process_time()
        analyse(record, hidden=False)
        out.append(time.process_time() - start)
    return out


def game_rows(game_id: str, finished: list[dict[str, Any]], seen: dict[str, list[float]],
              native: list[float]) -> list[tuple[str, str]]:
    moves = ", ".join(str(len(r["actions"])) for r in finished)
    whole, coach, bare = seen["whole"], seen["coach"], seen["bare"]
    share = (f"the computation is {100 * statistics.fmean(b / w for b, w in zip(bare, whole)):.0f}"
             " % of the app's time" if bare else "its page did not answer")
    ratio = statistics.fmean(w / n for w, n in zip(whole, native))
    target = WHOLE_TARGET_S.get(game_id)
    return [
        (f"{game_id}: whole analysis in the browser, 4 players",
         f"{stat(whole)} (n={len(whole)}, {moves} actions"
         + (f"; target <= {target:g} s: {verdict(max(whole) <= target)})" if target else ")")),
        (f"{game_id}: same analyses in a bare Pyodide worker (wall)", f"{stat(bare)} ({share})"),
        (f"{game_id}: same analyses on CPython (CPU)",
         f"{stat(native)}; the app in the browser takes x{ratio:.1f} (target <= 2)"),
        (f"{game_id}: coach answer in the browser",
         f"{stat(coach)} (n={len(coach)}, click to list drawn; target <= {COACH_TARGET_S:g} s: "
         f"{verdict(max(coach) <= COACH_TARGET_S)})"),
    ]


def figures(quick: bool) -> list[tuple[str, str]]:
    from playwright.sync_api import sync_playwright

    count, answers = (QUICK_GAMES, QUICK_COACH) if quick else (GAMES, COACH)
    only = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--game=")]
    games = {g: records(g, count) for g in (only or GAME_IDS)}
    rows = [("load average at start", load_average())]
    seen = {}
    with tempfile.TemporaryDirectory(prefix="rituels-bench-") as tmp:
        site = Path(tmp) / "site"      # a private build: others rebuild dist/ meanwhile
        build.build(site)
        server, base = serve_in_thread(site)
        try:
            with sync_playwright() as pw:
                browser = launch_chromium(pw)
                for game_id, finished in games.items():
                    seen[game_id] = measure(browser, base, game_id, finished,
                                            coach_cuts(finished[0], answers))
                    page = write_worker_page(site, game_id, finished)
                    seen[game_id]["bare"] = in_worker(browser, base + page, len(finished))
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    for game_id, finished in games.items():
        rows += game_rows(game_id, finished, seen[game_id], cpython_seconds(finished))
    rows.append(("load average at end", load_average() + " (shared machine: figures are "
                                                         "pessimistic)"))
    return rows


if __name__ == "__main__":  # how bench.py runs it in the test venv: figures as JSON
    print(json.dumps(figures("--quick" in sys.argv[1:])))
