"""Browser figures, in headless Chromium against a private build of the site:

- start-up: time-to-ready of the app against a bare PyScript page on the same self-hosted
  runtime (bench/ in the private build), cold and warm, the pages alternating so that all see
  the same machine load. The bare page is the app's own set-up with nothing of the app in it:
  Pyodide in a named Web Worker running a hello world that exports one function, and a
  MicroPython main-thread script that waits for that worker, calls it and sets ready -- so the
  ratio measures the app's own cost (its page, package, imports, first render, service
  worker), not the cost of running Python in a worker, which the app chose for a page that
  never freezes. The previous floor, Pyodide on the main thread (bench/main-thread/), has no
  worker to start and no MicroPython beside it, so a ratio against it measured the choice of
  a worker more than the app (on the loaded 2-core machine it was ready up to 1.7x sooner
  than the worker page): it is still printed, for reference only;
- the memory snapshot's reliability: SNAPSHOT_VISITS warm visits in a row after one that made
  it, how many never became ready and how each booted (``--only snapshot`` runs it alone);
- the longest main-thread task of the app's load (navigation to ready: Python runs in a Web
  Worker, so no task should be long); bytes a first visit transfers, gzipped, and how many of
  them are ours (not the runtime);
- a tap on the pre-painted home while Python starts: when it is answered;
- four strong bots play a whole game of each game: the longest main-thread task meanwhile and
  the bots' decision times (they think in the worker, in one go);
- the engine in the worker: random games per second of each game (engine.play_game with random
  bots) in Pyodide inside a Web Worker (bench/engine/) and in this CPython, same run: the two
  sides count in turn, ENGINE_ROUNDS short rounds per game, which side goes first alternating
  from round to round, and each keeps its best round: a burst of load on this shared machine
  does not pass for a slow side, and neither side shares the two cores with the other (counting
  at the same time, the figures swung by up to 40 % between runs);
- the interpreter's own ratio in that worker, for reference (bench_reference.py):
  pyperformance's pure-Python benchmarks, Pyodide against this CPython.

Definitions: cold is a fresh browser context (empty HTTP cache, no service worker), first
visit; warm is a reload in that context once everything is cached (for the app: its service
worker installed and its cache filled, and the memory snapshot made on the device after the
first visit, as for a returning player: web/interpreter.mjs); third visit is one more
reload (the app's first one whose wasm comes with compiled code kept beside the service
worker's cache entry: see docs/architecture.md); start-up visits are at 375x667 with the
page's CPU throttled by CDP (STARTUP_RATES: 4x, then 1x; the worker target cannot be
throttled, see throttle_worker_probe); ready is ``<html
data-ready>``, measured in the page from navigation start. The server sends ``Cache-Control:
max-age=600`` here (as GitHub Pages does), so the bare page's warm reload is served from the
HTTP cache without revalidation, as the app's is from its cache.

Run by ``python3 -m rituels bench``; needs Playwright (the .venv of ``python3 -m rituels test``).
As a script (``python -m rituels.tools.bench_browser [--quick] [--only startup|play|engine]
[--runs N]``) it prints the figures as JSON; ``--only`` runs one part (start-up visits, one
Wongar game, or the engine's games and the reference).
"""

from __future__ import annotations

import argparse
import gc
import gzip
import inspect
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit

from rituels.tools import bench_play, bench_reference, build
from rituels.tools.browser import launch_chromium
from rituels.tools.serve import QuietHandler, serve_in_thread

TARGET_RATIO = 0.6   # issue 26: ready in at most 0.6 of the bare page's time, cold and warm
LOAD_TASK_TARGET_MS = 200
TRANSFER_TARGET_MB = 8.9   # issue 26: a first visit, gzipped
PLAY_TASK_TARGET_MS = 50
DECISION_TARGET_MS = 1000       # p95
READY_TIMEOUT_MS = 120_000
MORPH_LOG = "rituels:morph"     # console.debug by web/glue.py: ms one render's morph took
GAME_TIMEOUT_S = 600            # a whole game of four strong bots
ENGINE_SECONDS = 1.5            # random games are counted for this long, per round and side
ENGINE_ROUNDS = 4               # rounds per game and side, the sides in turn
# Before any page script: when data-ready appears (ms since navigation start), every long
# main-thread task (PerformanceObserver "longtask": over 50 ms), and when a dialog first shows.
READY_PROBE_JS = """new MutationObserver((_, obs) => {
    if (document.documentElement.hasAttribute('data-ready')) {
        window.__readyAt = performance.now(); obs.disconnect(); }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
new MutationObserver((_, obs) => {
    if (document.documentElement.hasAttribute('data-glue')) {
        window.__glueAt = performance.now(); obs.disconnect(); }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-glue']});
window.__longtasks = [];
new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
new MutationObserver((_, obs) => {
    if (document.querySelector('[role=dialog]')) {
        window.__dialogAt = performance.now(); obs.disconnect(); }
}).observe(document, {childList: true, subtree: true});"""
# The floor the app is compared with: the app's set-up (index.html) with a hello world in it --
# Pyodide in a named worker, MicroPython on the main thread that waits for it -- from the same
# files, with the same preload hints as the app's page for what the main thread loads
# (PyScript's start-up chunks, its own configs and scripts) and PyScript loaded async.
BARE_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Bare PyScript page (benchmark)</title>
<link rel="icon" href="data:,">
<link rel="modulepreload" href="../runtime/pyscript/core.js">
{chunks}
<link rel="preload" href="main.toml" as="fetch" crossorigin>
<link rel="preload" href="worker.toml" as="fetch" crossorigin>
<link rel="preload" href="main.py" as="fetch" crossorigin>
<link rel="preload" href="worker.py" as="fetch" crossorigin>
<link rel="modulepreload" href="../runtime/micropython/micropython.mjs">
<link rel="preload" href="../runtime/micropython/micropython.wasm" as="fetch" crossorigin>
<script type="module" async src="../runtime/pyscript/core.js"></script>
</head>
<body>
<script type="py" worker name="bare" src="worker.py" config="worker.toml"></script>
<script type="mpy" src="main.py" config="main.toml"></script>
</body>
</html>
"""
BARE_WORKER_CONFIG = 'interpreter = "../runtime/pyodide/pyodide.mjs"\n'
BARE_WORKER = """def hello():
    return "hello"

__export__ = ["hello"]
"""
BARE_MAIN_CONFIG = 'interpreter = "../runtime/micropython/micropython.mjs"\n'
BARE_MAIN = """import js
from pyscript import workers
from pyscript.ffi import create_proxy

def answered(text):
    js.document.documentElement.setAttribute("data-ready", "")

def started(worker):
    worker.hello().then(create_proxy(answered))

workers["bare"].then(create_proxy(started))
"""
# For reference only: the previous floor, PyScript + Pyodide on the main thread, hello world.
MAIN_THREAD_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Bare PyScript page, main thread (benchmark)</title>
<link rel="icon" href="data:,">
<link rel="modulepreload" href="../../runtime/pyscript/core.js">
<link rel="modulepreload" href="../../runtime/pyodide/pyodide.mjs">
<link rel="modulepreload" href="../../runtime/pyodide/pyodide.asm.mjs">
<link rel="preload" href="../../runtime/pyodide/pyodide.asm.wasm" as="fetch" crossorigin>
<link rel="preload" href="../../runtime/pyodide/python_stdlib.zip" as="fetch" crossorigin>
<link rel="preload" href="../../runtime/pyodide/pyodide-lock.json" as="fetch" crossorigin>
<script type="module" src="../../runtime/pyscript/core.js"></script>
</head>
<body>
<script type="py" src="main.py" config="pyscript.toml"></script>
</body>
</html>
"""
MAIN_THREAD_CONFIG = 'interpreter = "../../runtime/pyodide/pyodide.mjs"\n'
MAIN_THREAD_MAIN = """from pyscript import document

document.documentElement.setAttribute("data-ready", "")
"""


class CachingHandler(QuietHandler):
    cache_control = "max-age=600"


# The engine page: the package in a Pyodide worker, as in the app, counting random games; a
# MicroPython main script asks for each game's figure and writes the answers into the page.
ENGINE_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Engine in a worker (benchmark)</title>
<link rel="icon" href="data:,">
<script type="module" src="../../runtime/pyscript/core.js"></script></head>
<body>
<script type="py" worker name="engine" src="worker.py" config="worker.toml"></script>
<script type="mpy" src="main.py" config="main.toml"></script>
</body>
</html>
"""
ENGINE_WORKER_CONFIG = """interpreter = "../../runtime/pyodide/pyodide.mjs"
[files]
"../../rituels.zip" = "./*"
{reference}"""
ENGINE_MAIN_CONFIG = 'interpreter = "../../runtime/micropython/micropython.mjs"\n'
# The worker gets the very function CPython runs (its source, below): same code both sides.
ENGINE_WORKER = """import gc
import json
import random
import time

{function}

{reference}

def run(game_id, seconds):
    if game_id == "reference":
        return json.dumps(reference_seconds("reference", {names!r}))
    return json.dumps(games_per_second(game_id, seconds))

__export__ = ["run"]
"""
# The page answers one request at a time (so the bench can alternate with CPython): the bench
# writes "<game> <seconds> <tag>" into body[data-ask] and fires "engine-ask"; the answer comes
# back in body[data-<tag>].
ENGINE_MAIN = """import js
from pyscript import workers
from pyscript.ffi import create_proxy

def ready(worker):
    def ask(event):
        game, seconds, tag = js.document.body.getAttribute("data-ask").split()
        def got(text):
            js.document.body.setAttribute("data-" + tag, text)
        worker.run(game, float(seconds)).then(got)
    js.document.addEventListener("engine-ask", create_proxy(ask))
    js.document.body.setAttribute("data-ready", "")

workers["engine"].then(ready)
"""
ENGINE_ASK_JS = """([ask]) => {
    document.body.setAttribute('data-ask', ask);
    document.dispatchEvent(new Event('engine-ask'));
}"""


def games_per_second(game_id: str, seconds: float) -> dict[str, float]:
    """Random games of ``game_id`` (4 seats, or the most the game allows) played through the
    engine for about ``seconds``: games per second and actions per game."""
    from rituels.engine.bots import RandomBot, play_game
    from rituels.engine.game import get_game

    game = get_game(game_id)
    players = min(4, game.max_players)
    rng = random.Random(2026)
    # What is loaded stays out of the collections, as the app's worker has it after its start
    # (web/worker.py): on both sides.
    gc.freeze()
    games = actions = 0
    start = time.perf_counter()
    while True:
        bots = [RandomBot(rng.getrandbits(32)) for _ in range(players)]
        _, played = play_game(game, bots, rng=rng)
        games += 1
        actions += len(played)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return {"games_s": games / elapsed, "actions": actions / games}


def write_bare_page(site: Path) -> None:
    """<site>/bench/: a hello-world PyScript page on the app's own runtime copy and set-up
    (bench/main-thread/: the same on the main thread, for reference), and
    <site>/bench/engine/: the engine's random games in a Pyodide worker."""
    bench = site / "bench"
    bench.mkdir(exist_ok=True)
    # The bare pages boot Pyodide as it is shipped: its own standard library, without bytecode
    # (the app's site has the build's instead, in runtime/stdlib/).
    shutil.copy2(build.PYODIDE_DIR / "python_stdlib.zip",
                 site / "runtime" / "pyodide" / "python_stdlib.zip")
    chunks = "\n".join(f'<link rel="modulepreload" href="../runtime/pyscript/{name}">'
                       for name in build.pyscript_startup_chunks())
    for name, text in (("index.html", BARE_PAGE.format(chunks=chunks)),
                       ("worker.toml", BARE_WORKER_CONFIG),
                       ("worker.py", BARE_WORKER), ("main.toml", BARE_MAIN_CONFIG),
                       ("main.py", BARE_MAIN)):
        (bench / name).write_text(text, encoding="utf-8")
    main_thread = bench / "main-thread"
    main_thread.mkdir(exist_ok=True)
    for name, text in (("index.html", MAIN_THREAD_PAGE), ("pyscript.toml", MAIN_THREAD_CONFIG),
                       ("main.py", MAIN_THREAD_MAIN)):
        (main_thread / name).write_text(text, encoding="utf-8")
    engine = bench / "engine"
    engine.mkdir(exist_ok=True)
    (engine / "index.html").write_text(ENGINE_PAGE, encoding="utf-8")
    try:
        files = bench_reference.write_files(engine / "reference")
    except Exception as exc:   # (no registry today): the engine's figures need no reference
        print(f"bench: no reference benchmarks: {exc}", file=sys.stderr)
        files = []
    (engine / "worker.toml").write_text(ENGINE_WORKER_CONFIG.format(reference="".join(
        f'"reference/{name}" = "./reference/{name}"\n' for name in files)), encoding="utf-8")
    (engine / "main.toml").write_text(ENGINE_MAIN_CONFIG, encoding="utf-8")
    (engine / "worker.py").write_text(ENGINE_WORKER.format(
        function=inspect.getsource(games_per_second),
        reference=inspect.getsource(bench_reference.reference_seconds),
        names=list(bench_reference.NAMES) if files else []), encoding="utf-8")
    (engine / "main.py").write_text(ENGINE_MAIN, encoding="utf-8")


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


def settle_first_visit(page) -> None:
    """Until a first visit's offline cache and memory snapshot are made."""
    _wait_offline_cache(page)
    _wait_snapshot(page)


class Visit(NamedTuple):
    """Times of one visit, in ms since navigation start."""
    cold: float   # ready, first visit
    warm: float   # ready, reload
    later: float  # ready, a second reload (the app: the first served with compiled code kept)
    paint: float  # first contentful paint, first visit
    load_task: float  # the longest main-thread task before ready, first visit (0: none > 50)
    glue: float   # the main-thread glue listens (MicroPython started), first visit
    fetched: tuple[str, ...]  # every URL the first visit asked for (page and worker)
    boots: tuple[str, ...] = ()  # the app: how its warm and third visits booted (snapshot?)


def _longest_task_before(page, until: float) -> float:
    tasks = page.evaluate("window.__longtasks")
    return max((d for start, d in tasks if start <= until), default=0.0)


def throttle_worker_probe(browser, url: str) -> str:
    """Can CDP throttle the page's Web Worker itself? Attaches to the worker target as it
    starts and asks it for ``Emulation.setCPUThrottlingRate``; returns Chromium's answer."""
    context = browser.new_context()
    page = context.new_page()
    session = context.new_cdp_session(page)
    answers: list[str] = []

    def attached(event: dict) -> None:
        if event["targetInfo"]["type"] != "worker":
            return
        for n, (method, params) in enumerate((("Emulation.setCPUThrottlingRate", {"rate": 4}),
                                              ("Runtime.runIfWaitingForDebugger", {}))):
            session.send("Target.sendMessageToTarget", {
                "sessionId": event["sessionId"],
                "message": json.dumps({"id": 900 + n, "method": method, "params": params})})

    def received(event: dict) -> None:
        message = json.loads(event["message"])
        if message.get("id") == 900:
            answers.append(message.get("error", {}).get("message") or "accepted")

    session.on("Target.attachedToTarget", attached)
    session.on("Target.receivedMessageFromTarget", received)
    session.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True,
                                          "flatten": False})
    page.goto(url)
    page.wait_for_function("document.documentElement.hasAttribute('data-ready')",
                           timeout=READY_TIMEOUT_MS)
    context.close()
    return answers[0] if answers else "no worker target seen"


# Start-up is measured on a phone-sized page, with the page's CPU throttled (CDP) at each
# rate: 4x stands for a phone-class CPU. Chromium throttles only the page's target: it refuses
# a worker target (see throttle_worker_probe), and a page's throttling slows its dedicated
# worker far less than its main thread.
STARTUP_VIEWPORT = {"width": 375, "height": 667}
STARTUP_RATES = (4, 1)


def visit(browser, url: str, app: bool, rate: float = 1,
          viewport: dict[str, int] | None = None) -> Visit:
    """One cold visit in a fresh context, then one warm reload; the page's CPU slowed
    ``rate`` times (1: not throttled)."""
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 800},
                                  locale="fr-FR")
    context.add_init_script(READY_PROBE_JS)
    fetched: list[str] = []
    context.on("request", lambda request: fetched.append(request.url))
    page = context.new_page()
    if rate != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.goto(url)
    cold = _ready_ms(page)
    paint = page.evaluate("""(performance.getEntriesByName('first-contentful-paint')[0]
                              || {startTime: NaN}).startTime""")
    load_task = _longest_task_before(page, cold)
    glue = page.evaluate("window.__glueAt === undefined ? NaN : window.__glueAt")
    first_visit = tuple(fetched)
    boots = []
    if app:
        _wait_offline_cache(page)
        _wait_snapshot(page)
    page.reload()
    warm = _ready_ms(page)
    if app:
        boots.append(last_boot(page))
    page.reload()
    later = _ready_ms(page)
    if app:
        boots.append(last_boot(page))
    context.close()
    return Visit(cold, warm, later, paint, load_task, glue, first_visit, tuple(boots))


# How the app's last boot went (web/interpreter.mjs notes it in Cache Storage): "snapshot",
# "boot" (none kept) or "fallback" (one was kept but could not be used).
LAST_BOOT_JS = """async () => {
    const hit = await (await caches.open('rituels-snapshot')).match(
        new URL('snapshot/last-boot', location.href).href);
    return hit ? (await hit.json()).mode : 'unknown'; }"""


def last_boot(page) -> str:
    return page.evaluate(LAST_BOOT_JS)


def _wait_snapshot(page) -> str:
    """Until the app's snapshot worker (boot.js, once ready and idle) has answered."""
    page.wait_for_function(
        "!['making', undefined].includes(document.documentElement.dataset.snapshot)",
        timeout=READY_TIMEOUT_MS)
    return page.get_attribute("html", "data-snapshot")


SNAPSHOT_VISITS = 50
SNAPSHOT_SIZE_JS = """async () => {
    const cache = await caches.open('rituels-snapshot');
    let size = 0;
    for (const request of await cache.keys()) {
        if (!/[/](trial|last-boot)$/.test(request.url))
            size += (await (await cache.match(request)).arrayBuffer()).byteLength;
    }
    return size; }"""


def snapshot_reliability(browser, url: str, visits: int = SNAPSHOT_VISITS) -> dict[str, Any]:
    """A first visit makes the snapshot; then ``visits`` reloads in a row: how many became
    ready (within READY_TIMEOUT_MS), how each booted, and their median time to ready."""
    context = browser.new_context(viewport=STARTUP_VIEWPORT, locale="fr-FR")
    context.add_init_script(READY_PROBE_JS)
    page = context.new_page()
    page.goto(url)
    _ready_ms(page)
    made = _wait_snapshot(page)
    size = page.evaluate(SNAPSHOT_SIZE_JS)
    ready, modes, failed = [], [], 0
    for _ in range(visits):
        try:
            page.reload()
            ready.append(_ready_ms(page))
            modes.append(last_boot(page))
        except Exception:   # a visit that never became ready (timeout): counted, go on
            failed += 1
    context.close()
    return {"made": made, "ready": ready, "modes": modes, "failed": failed, "size": size}


def first_tap(browser, url: str) -> dict[str, float]:
    """A phone-sized first visit: tap "New game" (Wongar) on the pre-painted home as soon as it
    shows, while Python starts; when is the tap answered (the dialog on screen)?"""
    context = browser.new_context(viewport={"width": 375, "height": 667}, locale="fr-FR",
                                  is_mobile=True, has_touch=True)
    context.add_init_script(READY_PROBE_JS)
    page = context.new_page()
    page.goto(url, wait_until="commit")
    link = page.locator(".first-paint-fr a[data-href='#/new/wongar']")
    link.wait_for()
    tapped = page.evaluate("performance.now()")
    link.tap()
    page.wait_for_selector("[role=dialog]", timeout=READY_TIMEOUT_MS)
    out = {"tap": tapped, "answered": page.evaluate("window.__dialogAt"),
           "ready": _ready_ms(page)}
    context.close()
    return out


def bots_play(browser, url: str, game_id: str) -> dict[str, Any]:
    """Four strong bots play one whole game: main-thread long tasks and decision times."""
    decisions: list[bench_play.Decision] = []
    page = bench_play.new_page(browser, decisions)
    morphs: list[float] = []   # the glue logs how long each render's morph took
    page.on("console", lambda msg: morphs.append(float(msg.text.split()[1]))
            if msg.type == "debug" and msg.text.startswith(MORPH_LOG) else None)
    bench_play.start_bot_table(page, url, game_id)
    del morphs[:]
    since = page.evaluate("performance.now()")
    deadline = time.monotonic() + GAME_TIMEOUT_S
    # A locator, not query_selector: an element handle would pin the old page's nodes.
    end = page.locator("#end-title")
    while not end.count() and time.monotonic() < deadline:
        page.wait_for_timeout(250)   # console events are delivered while Playwright waits
    finished = bool(end.count())
    tasks = bench_play.long_tasks(page, since, [])
    page.context.close()
    return {"ms": [d.ms for d in decisions if d.game == game_id], "tasks": tasks,
            "finished": finished, "morphs": morphs}


def _ask_worker(page, what: str, tag: str, timeout_ms: float) -> Any:
    page.evaluate(ENGINE_ASK_JS, [f"{what} {tag}"])
    page.wait_for_selector(f"body[data-{tag}]", state="attached", timeout=timeout_ms)
    return json.loads(page.get_attribute("body", f"data-{tag}"))


def _in_turn(r: int, in_worker, here) -> tuple[Any, Any]:
    """(the worker's result, this CPython's) of round ``r``: the side that goes first
    alternates from one round to the next."""
    if r % 2 == 0:
        seen = in_worker()
        return seen, here()
    got = here()
    return in_worker(), got


def engine_in_worker(browser, url: str, site: Path) -> tuple[dict, dict, dict, dict]:
    """(Pyodide in a worker, this CPython): each game's best round of random games, then the
    reference benchmarks' seconds (empty without them). The sides count in turn."""
    page = browser.new_page()
    page.goto(url + "bench/engine/")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    in_worker: dict[str, dict[str, float]] = {}
    on_cpython: dict[str, dict[str, float]] = {}
    for game_id in bench_play.GAMES:
        for r in range(ENGINE_ROUNDS):
            pair = _in_turn(r, lambda: _ask_worker(page, f"{game_id} {ENGINE_SECONDS}",
                                                   f"r{r}-{game_id}", 10 * 1000 * ENGINE_SECONDS),
                            lambda: games_per_second(game_id, ENGINE_SECONDS))
            for best, got in zip((in_worker, on_cpython), pair):
                if game_id not in best or got["games_s"] > best[game_id]["games_s"]:
                    best[game_id] = got
    reference_dir = site / "bench" / "engine" / "reference"
    ref_worker: dict[str, float] = {}
    ref_cpython: dict[str, float] = {}
    for r in range(bench_reference.ROUNDS if reference_dir.is_dir() else 0):
        pair = _in_turn(r, lambda: _ask_worker(page, "reference 0", f"reference-{r}",
                                               10 * 60 * 1000),
                        lambda: bench_reference.on_cpython(reference_dir))
        for best, got in zip((ref_worker, ref_cpython), pair):
            for name, seconds in got.items():
                best[name] = min(seconds, best.get(name, seconds))
    page.close()
    return in_worker, on_cpython, ref_worker, ref_cpython


def gzipped_bytes(site: Path, base: str, urls: tuple[str, ...]) -> tuple[int, int]:
    """(all, ours): the gzipped size of each distinct file a visit fetched; ours is every
    file outside runtime/ (the page, our Python package, styles, icons, scripts)."""
    total = ours = 0
    for rel in sorted({urlsplit(u).path for u in urls if u.startswith(base)}):
        path = site / rel.removeprefix(urlsplit(base).path)
        if rel.endswith("/"):
            path = path / "index.html"
        if not path.is_file():
            continue
        size = len(gzip.compress(path.read_bytes(), compresslevel=6))
        total += size
        if not rel.removeprefix(urlsplit(base).path).startswith("runtime/"):
            ours += size
    return total, ours


def figures(quick: bool, only: str | None = None, runs: int | None = None
            ) -> list[tuple[str, str]]:
    """Every figure; ``only="startup"`` (the alternating start-up visits), ``only="play"``
    (a bot game) or ``only="engine"`` (random games and the reference) is a quick mode for
    working on one of them."""
    runs = runs or (2 if quick else 5)
    games = (("wongar",) if only == "play"   # the game with the heaviest renders
             else bench_play.GAMES[-1:] if quick else bench_play.GAMES)
    startup, everything = only in (None, "startup"), only is None
    engine_too = only in (None, "engine")
    bare: dict[float, list[Visit]] = {rate: [] for rate in STARTUP_RATES}
    app: dict[float, list[Visit]] = {rate: [] for rate in STARTUP_RATES}
    main_thread: list[Visit] = []
    worker_throttle = ""
    reliability: dict[str, Any] = {}
    played: dict[str, dict[str, Any]] = {}
    with private_site() as (browser, base, site):
        if only != "engine":
            warm_up(browser, base)
        if startup:
            worker_throttle = throttle_worker_probe(browser, base + "bench/")
        if startup or only == "snapshot":
            reliability = snapshot_reliability(browser, base)
        # Alternate the two pages (and the rates) so all see the same machine load.
        for _ in range(runs if startup else 0):
            for rate in STARTUP_RATES:
                bare[rate].append(visit(browser, base + "bench/", False, rate,
                                        STARTUP_VIEWPORT))
                app[rate].append(visit(browser, base, True, rate, STARTUP_VIEWPORT))
            if everything:
                main_thread.append(visit(browser, base + "bench/main-thread/", app=False))
        if everything:
            taps = [first_tap(browser, base) for _ in range(runs)]
        if only in (None, "play"):
            played = {game_id: bots_play(browser, base, game_id) for game_id in games}
        if engine_too:
            engine = engine_in_worker(browser, base, site)
        if startup:
            sizes = gzipped_bytes(site, base, app[1][0].fetched)

    rows: list[tuple[str, str]] = []
    if startup:
        rows.append(("CDP throttling of the app's Web Worker target", worker_throttle))
        for rate in STARTUP_RATES:
            rows += startup_rows(bare[rate], app[rate], rate)
        rows += transfer_rows(sizes)
    if reliability:
        rows += snapshot_rows(reliability)
    if everything:
        rows += load_rows(bare[1], app[1], main_thread, taps)
    rows += play_rows(played)
    if engine_too:
        rows += engine_rows(*engine[:2]) + bench_reference.rows(*engine[2:])
    return rows


@contextmanager
def private_site() -> Iterator[tuple[Any, str, Path]]:
    """Chromium, the address and the folder of a private copy of the site with the bare pages,
    served with caching: a `serve` or `test` run rebuilding dist/ meanwhile cannot disturb the
    measurement (the sections ``browser`` and ``saves``)."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="rituels-bench-") as tmp:
        site = Path(tmp) / "dist"
        build.build(site)
        write_bare_page(site)
        server, base = serve_in_thread(site, handler=CachingHandler)
        try:
            with sync_playwright() as pw:
                yield launch_chromium(pw), base, site
        finally:
            server.shutdown()
            server.server_close()


def warm_up(browser, base: str) -> None:
    """One throw-away visit, so that the first measured run does not pay for the browser's own
    warm-up (process start, font caches)."""
    visit(browser, base + "bench/", app=False)


def median(visits: list[Visit], what: str) -> float:
    return statistics.median(getattr(v, what) for v in visits)


def seconds(visits: list[Visit], what: str) -> str:
    return f"{median(visits, what) / 1000:.2f} s (median of {len(visits)})"


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def startup_rows(bare: list[Visit], app: list[Visit], rate: float = 1
                 ) -> list[tuple[str, str]]:
    at = f"375x667, page CPU {rate:g}x"
    rows = [
        (f"app first paint, cold ({at})", seconds(app, "paint")),
        (f"app glue listening (MicroPython started), cold ({at})", seconds(app, "glue")),
        (f"app ready, cold ({at})", seconds(app, "cold")),
        (f"app ready, warm ({at})", seconds(app, "warm")),
        (f"bare PyScript page (worker, stock Pyodide) ready, cold ({at})", seconds(bare, "cold")),
        (f"bare PyScript page (worker, stock Pyodide) ready, warm ({at})", seconds(bare, "warm")),
        (f"app ready, third visit ({at})", seconds(app, "later")),
        (f"bare page ready, third visit ({at})", seconds(bare, "later")),
    ]
    load_task = max(v.load_task for v in app)
    rows.append((f"app: longest main-thread task, navigation to ready, cold ({at})",
                 f"{load_task:.0f} ms, worst of {len(app)} (bare page: "
                 f"{max(v.load_task for v in bare):.0f} ms; target <= {LOAD_TASK_TARGET_MS} "
                 f"ms: {verdict(load_task <= LOAD_TASK_TARGET_MS)})"))
    boots = [mode for v in app for mode in v.boots]
    rows.append((f"app warm and third visits booted ({at})",
                 json.dumps({mode: boots.count(mode) for mode in sorted(set(boots))})
                 + " (snapshot: from the memory snapshot made on the first visit)"))
    for when in ("cold", "warm", "later"):
        ratio = median(app, when) / median(bare, when)
        rows.append((f"app {when} / bare {when} ({at})",
                     f"{ratio:.2f} (target <= {TARGET_RATIO}: {verdict(ratio <= TARGET_RATIO)})"))
    return rows


def snapshot_rows(got: dict[str, Any]) -> list[tuple[str, str]]:
    visits = len(got["ready"]) + got["failed"]
    modes = {mode: got["modes"].count(mode) for mode in sorted(set(got["modes"]))}
    ready = (f"{statistics.median(got['ready']) / 1000:.2f} s median"
             if got["ready"] else "none ready")
    return [(f"memory snapshot: {visits} warm visits in a row (375x667, 1x)",
             f"{got['failed']} never ready (target 0: {verdict(got['failed'] == 0)}); "
             f"booted {json.dumps(modes)}; {ready}; snapshot worker said {got['made']!r}, "
             f"{got['size'] / 1e6:.1f} MB in Cache Storage")]


def load_rows(bare: list[Visit], app: list[Visit], main_thread: list[Visit],
              taps: list[dict[str, float]]) -> list[tuple[str, str]]:
    runs = len(app)
    load_task = max(v.load_task for v in app)
    tap = statistics.median(t["answered"] - t["tap"] for t in taps)
    return [
        ("for reference: bare page with Pyodide on the main thread, ready, warm",
         f"{seconds(main_thread, 'warm')}; app warm / it: "
         f"{median(app, 'warm') / median(main_thread, 'warm'):.2f}"),
        ("longest main-thread task, navigation to ready (app, cold)",
         f"{load_task:.0f} ms, worst of {runs} (0: none over 50 ms; bare page: "
         f"{max(v.load_task for v in bare):.0f} ms; target <= {LOAD_TASK_TARGET_MS} ms: "
         f"{verdict(load_task <= LOAD_TASK_TARGET_MS)})"),
        ("tap on the pre-painted home while Python starts (phone, cold)",
         f"tapped at {statistics.median(t['tap'] for t in taps) / 1000:.2f} s, answered at "
         f"{statistics.median(t['answered'] for t in taps) / 1000:.2f} s (ready at "
         f"{statistics.median(t['ready'] for t in taps) / 1000:.2f} s): {tap / 1000:.2f} s "
         f"after the tap (median of {runs})"),
    ]


def transfer_rows(sizes: tuple[int, int]) -> list[tuple[str, str]]:
    return [("first visit, bytes transferred (gzipped)",
             f"{sizes[0] / 1e6:.2f} MB, of which ours {sizes[1] / 1e3:.0f} kB "
             f"({100 * sizes[1] / max(sizes[0], 1):.0f} %; the rest is the runtime; target "
             f"<= {TRANSFER_TARGET_MB} MB: {verdict(sizes[0] / 1e6 <= TRANSFER_TARGET_MB)}; "
             "the memory snapshot is made on the device, never downloaded)")]


def play_rows(played: dict[str, dict[str, Any]]) -> list[tuple[str, str]]:
    rows = []
    for game_id, seen in played.items():
        ms, tasks = seen["ms"], seen["tasks"]
        longest = max(tasks, default=0.0)
        whole = "a whole game" if seen["finished"] else f"time-out after {GAME_TIMEOUT_S} s"
        rows.append((f"{game_id}: longest main-thread task, 4 strong bots",
                     f"{longest:.0f} ms ({whole}; 0: none over 50 ms; {len(tasks)} over 50 ms; "
                     f"target <= {PLAY_TASK_TARGET_MS} ms: "
                     f"{verdict(longest <= PLAY_TASK_TARGET_MS)})"))
        if seen["morphs"]:
            morphs = seen["morphs"]
            rows.append((f"{game_id}: morph of the page per render (main thread), "
                         "p50 / p95 / max",
                         f"{statistics.median(morphs):.1f} / "
                         f"{bench_play._percentile(morphs, 0.95):.1f} / {max(morphs):.1f} ms "
                         f"(n={len(morphs)})"))
        if ms:
            p95 = bench_play._percentile(ms, 0.95)
            rows.append((f"{game_id}: strong bot decision p50 / p95 / max, in the browser",
                         f"{statistics.median(ms):.0f} / {p95:.0f} / {max(ms):.0f} ms "
                         f"(n={len(ms)}; target p95 <= {DECISION_TARGET_MS} ms: "
                         f"{verdict(p95 <= DECISION_TARGET_MS)})"))
    return rows


def engine_rows(in_worker: dict[str, dict[str, float]], on_cpython: dict[str, dict[str, float]]
                ) -> list[tuple[str, str]]:
    rows = []
    for game_id in bench_play.GAMES:
        pyodide, cpython = in_worker[game_id]["games_s"], on_cpython[game_id]["games_s"]
        rows.append((f"{game_id}: random games/s, Pyodide worker vs CPython",
                     f"{pyodide:,.0f} vs {cpython:,.0f} games/s: Pyodide takes "
                     f"{cpython / pyodide:.2f}x CPython's time "
                     f"({in_worker[game_id]['actions']:.0f} actions a game; best of "
                     f"{ENGINE_ROUNDS} rounds of {ENGINE_SECONDS} s each, the sides in turn)"))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rituels.tools.bench_browser")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", choices=("startup", "snapshot", "play", "engine"),
                        help="only the alternating start-up visits, only a Wongar game of "
                             "four strong bots, or only the engine's random games and the "
                             "reference (quick modes to work on one figure)")
    parser.add_argument("--runs", type=int, help="start-up visits of each page (default 5)")
    args = parser.parse_args(argv)
    print(json.dumps(figures(args.quick, args.only, args.runs)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
