# The Web Worker's entry script (PyScript `worker`, Pyodide): the whole app runs here, away
# from the page's main thread. The main thread's glue (glue.py) calls these two functions with
# a JSON text and gets a JSON text back (rituels.app.browser describes the messages).
import gc
import json
import os
import sys

import js
from pyodide.code import run_js
from pyodide.ffi import to_js

# The package is imported straight from its zip (written here by pyscript.toml's [files],
# bytecode beside each module): no file of it is unpacked at start-up.
sys.path.insert(0, os.path.abspath("rituels.zip"))

from rituels.app.browser import BOOT_HEAD  # noqa: E402
from rituels.app.main import event as app_event  # noqa: E402
from rituels.app.main import start as start_app  # noqa: E402


class Database:
    """IndexedDB through web/store.js (its functions take and give JSON text and never
    reject): what rituels.app.browser.Host awaits around each event."""

    def __init__(self, store):
        self.store = store
        self.url = None   # the last download's Blob address

    async def boot(self, head):
        return json.loads(await self.store.boot(json.dumps(head)))

    async def load(self, keys):
        return json.loads(await self.store.load(json.dumps(keys)))

    async def commit(self, writes):
        return json.loads(await self.store.commit(json.dumps(writes)))

    async def space(self):
        return json.loads(await self.store.space())

    async def take(self, key):
        return json.loads(await self.store.take(json.dumps(key)))

    def blob(self, text, mime):
        """A download's file, made here: the page's glue only clicks its address (megabytes
        never cross its heap). The previous one is freed (its download has started)."""
        if self.url is not None:
            js.URL.revokeObjectURL(self.url)
        options = to_js({"type": mime}, dict_converter=js.Object.fromEntries)
        self.url = js.URL.createObjectURL(js.Blob.new(to_js([text]), options))
        return self.url


async def open_database(base):
    try:
        url = js.URL.new("store.js", base).href
        await run_js(f"import({json.dumps(url)})")
        return Database(js.rituelsStore)
    except Exception as exc:   # no database: the app plays on and says saving is off
        print("rituels: no database:", repr(exc), file=sys.stderr)
        return None


async def start(text):
    db = await open_database(json.loads(text).get("base") or "")
    saved = await db.boot(BOOT_HEAD) if db is not None else None
    answer = await start_app(text, db, saved)
    # What is alive now (modules, translations, the first screen) lives as long as the page:
    # frozen out of the collector's generations, a bot's search no longer walks it again at
    # every collection (random Tuchulcha games in a Pyodide worker: 110 -> 121 games/s).
    gc.freeze()
    return to_js(answer)   # a JS array of two strings, as the glue reads it


async def event(text):
    return to_js(await app_event(text))


__export__ = ["start", "event"]
