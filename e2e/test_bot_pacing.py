"""Bots never freeze the page: while a table of four strong Cthulhu Dice bots plays (seeded,
on a fixed effort: rituels.app.testseam), a click on the page is answered and the bots play
on (bots think in the Web Worker; the page only applies the moves). A behaviour check, never
a clock: the long tasks of the main thread (target: none over 50 ms) are printed by
``python3 -m rituels bench --only browser``."""

from __future__ import annotations

import json

from rituels.tools.bench_play import BOT_LOG, start_bot_table

LOG_LINES = "document.querySelectorAll('.log-lines li').length"


def test_a_click_is_answered_while_bots_play(page, base_url):
    """Four strong bots play at a quick pace; meanwhile Ada folds the log away and back
    (each a round trip to the worker): both clicks are answered, and the bots go on
    deciding (their decisions are logged) and playing (the log grows, or the game ends)."""
    settings = json.dumps({"seed": 3, "fixed_effort": True, "chance": []})
    page.add_init_script(f"localStorage.setItem('rituels.test', {json.dumps(settings)});"
                         "localStorage.setItem('rituels.pace', '0.1')")
    decided: list[str] = []
    page.on("console", lambda msg: decided.append(msg.text)
            if msg.type == "debug" and msg.text.startswith(BOT_LOG + " cthulhu-dice") else None)
    start_bot_table(page, base_url, "cthulhu-dice")
    page.wait_for_function(f"{LOG_LINES} >= 3")           # the bots are playing
    assert page.query_selector("#end-title") is None
    page.click("button[data-cmd=log]")
    page.wait_for_selector("button[data-cmd=log][aria-expanded=false]")
    assert page.is_hidden("#log-lines")
    page.click("button[data-cmd=log]")
    page.wait_for_selector("button[data-cmd=log][aria-expanded=true]")
    lines = page.evaluate(LOG_LINES)
    page.wait_for_function(f"{LOG_LINES} > {lines} || !!document.querySelector('#end-title')")
    assert decided, "no bot decision was logged"
