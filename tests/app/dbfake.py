"""web/store.js's contract (the saved games' IndexedDB, reached by the worker) on a dict, for
the tests of the worker's Host."""

import json
import re

from rituels.app import browser
from rituels.app.legacy import HELD_PREFIX
from rituels.app.saves import ENTRY_PREFIX, RECORD_PREFIX


class FakeDb:
    """web/store.js's contract on a dict: ``full`` refuses every write (quota), ``loads``
    lists every key read."""

    def __init__(self, data=None):
        self.data = dict(data or {})
        self.full = False
        self.loads = []
        self.commits = []
        self.newer = False   # a newer version's format mark: store.js refuses every write

    def boot(self, head=browser.BOOT_HEAD):
        """store.js's head: the ``unfinished`` newest unfinished entries (ties included)
        and every entry it cannot read whole, the others' keys in ``rest``."""
        entries = {k: v for k, v in self.data.items() if k.startswith(ENTRY_PREFIX)}
        dated, keep = {}, set()
        for key, text in entries.items():
            try:
                entry = json.loads(text)
            except (ValueError, RecursionError):   # JSON.parse throws too: caught
                entry = None
            stamp = entry.get("updated", "") if isinstance(entry, dict) else None
            if isinstance(stamp, str) and re.fullmatch(r"[\x21-\x7e]{0,40}", stamp):
                dated[key] = (stamp, entry.get("finished") is not True)
            else:
                keep.add(key)
        open_ = sorted((stamp for stamp, unfinished in dated.values() if unfinished),
                       reverse=True)
        cut = open_[min(head["unfinished"], len(open_)) - 1] if open_ else "\uffff"
        keep |= {k for k, (stamp, unfinished) in dated.items() if unfinished and stamp >= cut}
        return {"ok": True, "entries": {k: entries[k] for k in keep},
                "rest": sorted(set(entries) - keep),
                "saves": [k for k in self.data if k.startswith(RECORD_PREFIX)],
                "held": [k for k in self.data if k.startswith(HELD_PREFIX)]}

    async def load(self, keys):
        self.loads += keys
        return {k: self.data.get(k) for k in keys}

    async def commit(self, writes):
        if self.newer:
            return {"newer": 3}
        if self.full:
            return {"failed": True}
        if any(not unchecked and self.data.get(k) != was for k, was, _, unchecked in writes):
            return {"conflict": True, "values": {w[0]: self.data.get(w[0]) for w in writes}}
        for key, _, value, _ in writes:
            if value is None:
                self.data.pop(key, None)
            else:
                self.data[key] = value
        self.commits.append([w[0] for w in writes])
        return {"ok": True}

    async def space(self):
        return {"used": 1234, "persisted": False}

    async def take(self, key):
        """store.js ``take``: the staged file's text, deleted from the database."""
        return self.data.pop(key, None)

    def blob(self, text, mime):
        """web/worker.py's Blob of a download: its address (the text kept for the test)."""
        self.blobs = getattr(self, "blobs", [])
        self.blobs.append((text, mime))
        return f"blob:fake/{len(self.blobs)}"
