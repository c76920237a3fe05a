"""Games and analyses put in the page's storage before a test, built in Python: a finished
game's save, the same with its analysis stored beside it, written to IndexedDB as the app does
or to localStorage as older versions did."""

from __future__ import annotations

import json
import random

from rituels.app.saves import SaveStore
from rituels.app.storage import MemoryStorage
from rituels.engine.bots import RandomBot, play_game
from rituels.engine.game import get_game


def finished_game_storage(game_id: str = "cthulhu-dice", seed: int = 4) -> tuple[str, dict, int]:
    """localStorage keys of one finished game (Ada at the table with three bots)."""
    _, actions = play_game(get_game(game_id), [RandomBot(seed + i) for i in range(4)],
                           rng=random.Random(seed))
    seats = [{"name": "Ada", "bot": None}] + [{"name": f"B{i}", "bot": "easy"} for i in range(3)]
    record = {"format": 1, "game": game_id, "options": {}, "seats": seats, "actions": actions,
              "meta": {}}
    storage = MemoryStorage()
    saves = SaveStore(storage)
    save_id = saves.new_id()
    saves.put(save_id, record, True, 0)
    return save_id, storage.data, len(actions)


def stored_analysis(game_id: str, seed: int) -> tuple[str, dict, int]:
    """``finished_game_storage`` with the game's analysis stored beside it (computed here, as
    the app keeps a finished one): its replay shows the analysis at once."""
    from rituels.analysis.core import analyse, fingerprint, to_stored
    from rituels.app.saves import ANALYSIS_PREFIX

    save_id, data, moves = finished_game_storage(game_id, seed)
    storage = MemoryStorage()
    storage.data.update(data)
    record = SaveStore(storage).get(save_id)
    result = analyse(record, hidden=False)
    key = fingerprint(record, result.hidden)
    return save_id, dict(data, **{ANALYSIS_PREFIX + save_id: to_stored(result, key)}), moves


def store_saves(page, base_url: str, data: dict) -> None:
    """Write saved keys (records, entries, analyses) into the site's IndexedDB as the app does,
    from a page that runs no app (localStorage would only bring the records over)."""
    page.goto(base_url + "manifest.webmanifest")
    page.add_script_tag(url=base_url + "store.js")
    writes = [[key, None, text, True] for key, text in data.items()]
    assert page.evaluate("w => rituelsStore.commit(JSON.stringify(w))", writes) == '{"ok":true}'


def preload(page, data: dict) -> None:
    """The page's localStorage holds ``data`` before the app starts."""
    page.add_init_script(f"""for (const [k, v] of Object.entries({json.dumps(data)}))
        localStorage.setItem(k, v);""")
