"""Saves an older version of Rituels wrote to localStorage after this one had moved them to
IndexedDB (issue 41: a tab of a build from before IndexedDB stays open across an update and
keeps saving its game in localStorage).

The page's move of localStorage saves (web/store.js ``migrate``, at start-up and on the
``storage`` event of such a key) copies a save the database lacks as it is; a save whose key
the database already holds with another text is *held*: copied, verified, under
``rituels.held.<id>.<stamp>``, and only then removed from localStorage. The worker merges
each held copy with the save of the same id here, with the backup import's decisions
(rituels.app.backup.Importer, rituels.engine.record.compare): the same moves or fewer are
dropped, a longer line that extends the save replaces it, a diverging one becomes a variant
(a new save). A copy that cannot be read is kept as it is, as a save of its own (listed as
damaged, its raw text exportable): nothing of it is ever deleted. The held keys go in the
same database transaction as what the merge wrote, so a refused or conflicting commit leaves
them to be merged again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rituels.app.backup import Importer, Summary
from rituels.app.saves import RECORD_PREFIX, SaveStore
from rituels.app.storage import StorageError
from rituels.engine.record import RecordError, parse_record_text

HELD_PREFIX = "rituels.held."
_HELD = re.compile(r"rituels\.held\.([A-Za-z0-9_-]{1,40})\.[a-z0-9]{1,40}")


def held_id(key: str) -> str | None:
    """The save id a held key is a copy of (None: not a held key of ours)."""
    found = _HELD.fullmatch(key) if isinstance(key, str) else None
    return found.group(1) if found else None


@dataclass
class Merged:
    summary: Summary = field(default_factory=Summary)
    unreadable: list[str] = field(default_factory=list)   # ids of copies kept as they were
    done: list[str] = field(default_factory=list)         # held keys merged (now removed)

    @property
    def written(self) -> list[str]:
        """The record keys the merge wrote."""
        return [RECORD_PREFIX + i for i in [*self.summary.ids, *self.unreadable]]

    def news(self) -> dict[str, int]:
        """What the player is told (copies that changed nothing are not news)."""
        s = self.summary
        return {"extended": s.extended, "forked": s.forked, "imported": s.imported,
                "unreadable": len(self.unreadable)}


def _record(text: str) -> dict[str, Any] | None:
    """A held copy's record without its revision (None: unreadable, the Importer says so)."""
    try:
        data = parse_record_text(text)
    except RecordError:
        return None
    if not isinstance(data, dict):
        return None
    data = dict(data)
    data.pop("rev", None)
    return data


def merge(store: SaveStore, held: dict[str, str]) -> Merged:
    """Merge the held copies (key -> text) into ``store`` and remove their keys; oldest copy
    first (the stamps sort in time). StorageError when the store refused a write: then
    nothing of the merge stays written and the held keys are kept."""
    keys = sorted(k for k in held if held_id(k) is not None and isinstance(held[k], str))
    games = [{"id": held_id(k), "record": _record(held[k])} for k in keys]
    importer = Importer(store, games, ids={held_id(k) for k in keys})
    while not importer.step(3600.0):
        pass
    merged = Merged()
    storage = store.storage
    try:
        for bad in importer.bad:
            # Never deleted: kept word for word under a new id, listed as damaged.
            save_id = store.new_id()
            merged.unreadable.append(save_id)
            storage.set(RECORD_PREFIX + save_id, held[keys[bad.position - 1]])
        merged.summary = importer.apply()
        for key in keys:
            storage.remove(key)
            merged.done.append(key)
    except StorageError:
        for save_id in merged.unreadable:
            try:
                storage.remove(RECORD_PREFIX + save_id)
            except StorageError:
                pass   # a damaged copy twice is still nothing lost
        raise
    return merged
