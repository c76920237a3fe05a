"""Bots never freeze the page: a table of four strong Cthulhu Dice bots is watched for a few
turns, and no main-thread task of the page lasts over 200 ms meanwhile (bots think in the Web
Worker; the page only applies the moves). A behaviour check, not a speed benchmark: the figures
(target: no task over 50 ms) are printed by ``python3 -m rituels bench --only browser``."""

from __future__ import annotations

import time

from rituels.tools.bench_play import BOT_LOG, PROBE_JS, TASK_LIMIT_MS, long_tasks, start_bot_table

DECISIONS = 12          # a few turns of each of the four bots
WATCH_TIMEOUT_S = 40


def test_bots_never_freeze_the_page(page, base_url):
    page.add_init_script(PROBE_JS)
    page.add_init_script("localStorage.setItem('rituels.pace', '0.1')")
    decided: list[str] = []
    page.on("console", lambda msg: decided.append(msg.text)
            if msg.type == "debug" and msg.text.startswith(BOT_LOG + " cthulhu-dice") else None)
    start_bot_table(page, base_url, "cthulhu-dice")
    assert page.evaluate("PerformanceObserver.supportedEntryTypes.includes('longtask')")
    since = page.evaluate("performance.now()")

    deadline = time.monotonic() + WATCH_TIMEOUT_S
    while len(decided) < DECISIONS and page.query_selector("#end-title") is None:
        assert time.monotonic() < deadline, f"only {len(decided)} bot decisions were seen"
        page.wait_for_timeout(200)

    assert len(decided) >= min(DECISIONS, 4), "the bots did not play"
    tasks = long_tasks(page, since, skip=[])
    assert [d for d in tasks if d > TASK_LIMIT_MS] == [], \
        f"tasks over {TASK_LIMIT_MS} ms while bots played: {sorted(tasks)[-5:]} ms"
