"""Saved games in key-value storage (``localStorage`` in the browser).

Each record lives under its own key (``rituels.save.<id>``) so one corrupt or oversized game
never spoils the others; an index key (``rituels.saves``) lists every save id with the metadata
the home screen and "my games" show without parsing every record. The index is a cache: if it is
unreadable or out of step with the keys, :meth:`SaveStore.list` rebuilds it from the records.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any, Callable

from rituels.app.storage import StorageError
from rituels.engine.record import RecordError, check_record, replay

INDEX_KEY = "rituels.saves"
RECORD_PREFIX = "rituels.save."
MAX_TITLE = 60

__all__ = ["SaveStore", "StorageError", "RecordError", "INDEX_KEY", "RECORD_PREFIX"]


def _now_iso(clock: Callable[[], float]) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(clock()))


def _clean_entry(save_id: str, entry: dict[str, Any]) -> dict[str, Any]:
    """An index entry with the expected types, whatever was stored (the index is only a
    cache that anyone can edit in the browser's storage)."""
    moves = entry.get("moves")
    players = entry.get("players")
    clean = {
        "id": save_id,
        "game": str(entry.get("game") or ""),
        "players": [str(p) for p in players] if isinstance(players, list) else [],
        "bots": entry.get("bots") if isinstance(entry.get("bots"), list) else [],
        "started": str(entry.get("started") or ""),
        "updated": str(entry.get("updated") or ""),
        "moves": moves if isinstance(moves, int) and not isinstance(moves, bool) else 0,
        "finished": entry.get("finished") is True,
        "title": str(entry.get("title") or ""),
    }
    if entry.get("corrupt"):
        clean["corrupt"] = True
    return clean


class SaveStore:
    """Saves on top of an injected storage (``get``/``set``/``remove``/``keys``).
    Writes raise :class:`StorageError` when storage is off or full; reads of a damaged
    record raise :class:`RecordError`."""

    def __init__(self, storage: Any, clock: Callable[[], float] = time.time):
        self.storage = storage
        self.clock = clock

    # --- ids and keys -------------------------------------------------------------------
    @staticmethod
    def key(save_id: str) -> str:
        return RECORD_PREFIX + save_id

    def new_id(self) -> str:
        """A short random id not used yet (base 36, 8 characters)."""
        taken = set(self._index())
        while True:
            n = int.from_bytes(os.urandom(6), "big")
            digits = ""
            while n:
                n, d = divmod(n, 36)
                digits += "0123456789abcdefghijklmnopqrstuvwxyz"[d]
            save_id = (digits + "00000000")[:8]
            if save_id not in taken:
                return save_id

    # --- index ----------------------------------------------------------------------------
    def _index(self) -> dict[str, dict[str, Any]]:
        raw = self.storage.get(INDEX_KEY)
        if raw is None:
            return {}
        try:
            index = json.loads(raw)
        except (ValueError, TypeError):
            return {}
        if not isinstance(index, dict):
            return {}
        return {k: v for k, v in index.items() if isinstance(v, dict)}

    def _write_index(self, index: dict[str, dict[str, Any]]) -> None:
        self.storage.set(INDEX_KEY, json.dumps(index, ensure_ascii=False, separators=(",", ":")))

    def _metadata(self, save_id: str, record: dict[str, Any], finished: bool,
                  old: dict[str, Any] | None) -> dict[str, Any]:
        old = old or {}
        meta = record.get("meta") or {}
        now = _now_iso(self.clock)
        return {
            "id": save_id,
            "game": record["game"],
            "players": [s["name"] for s in record["seats"]],
            "bots": [s.get("bot") for s in record["seats"]],
            "started": old.get("started") or meta.get("started") or now,
            "updated": now,
            "moves": len(record["actions"]),
            "finished": bool(finished),
            "title": old.get("title") or meta.get("title") or "",
        }

    # --- records --------------------------------------------------------------------------
    def put(self, save_id: str, record: dict[str, Any], finished: bool | None = None) -> None:
        """Write a record and its index entry. ``finished`` None keeps the previous value."""
        index = self._index()
        old = index.get(save_id)
        if finished is None:
            finished = bool(old and old.get("finished"))
        text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        self.storage.set(self.key(save_id), text)
        index[save_id] = self._metadata(save_id, record, finished, old)
        self._write_index(index)

    def get(self, save_id: str) -> dict[str, Any]:
        """The record's frame, checked (not replayed). KeyError if there is no such save;
        RecordError if it is damaged."""
        raw = self.storage.get(self.key(save_id))
        if raw is None:
            raise KeyError(save_id)
        try:
            data = json.loads(raw)
        except (ValueError, TypeError, RecursionError):  # RecursionError: absurd nesting
            raise RecordError("the saved text is not JSON", code="record.invalid") from None
        return check_record(data)

    def exists(self, save_id: str) -> bool:
        return self.storage.get(self.key(save_id)) is not None

    def list(self) -> list[dict[str, Any]]:
        """Index entries, most recently played first. Records missing from the index are
        added back (unreadable ones with ``"corrupt": True``); entries without a record are
        dropped."""
        index = self._index()
        ids = {k[len(RECORD_PREFIX):] for k in self.storage.keys() if k.startswith(RECORD_PREFIX)}
        changed = False
        for save_id in list(index):
            if save_id not in ids:
                del index[save_id]
                changed = True
        for save_id in ids - set(index):
            index[save_id] = self._salvage(save_id)
            changed = True
        if changed:
            try:
                self._write_index(index)
            except StorageError:
                pass  # the list is still right; the index will be rewritten next time
        entries = [_clean_entry(save_id, entry) for save_id, entry in index.items()]
        return sorted(entries, key=lambda e: e["updated"], reverse=True)

    def _salvage(self, save_id: str) -> dict[str, Any]:
        try:
            record = self.get(save_id)
            finished = replay(record).state.is_terminal()
        except RecordError:
            return {"id": save_id, "game": "", "players": [], "bots": [], "started": "",
                    "updated": "", "moves": 0, "finished": False, "title": "", "corrupt": True}
        return self._metadata(save_id, record, finished, None)

    def rename(self, save_id: str, title: str) -> None:
        index = self._index()
        if save_id not in index:
            raise KeyError(save_id)
        index[save_id]["title"] = " ".join(str(title).split())[:MAX_TITLE]
        self._write_index(index)

    def delete(self, save_id: str) -> None:
        self.storage.remove(self.key(save_id))
        index = self._index()
        if index.pop(save_id, None) is not None:
            self._write_index(index)

    def export(self, save_id: str) -> str:
        """The record as JSON text (the file a player downloads or shares)."""
        return json.dumps(self.get(save_id), ensure_ascii=False, indent=1)

    def import_(self, text: str) -> str:
        """Check and replay a record given as JSON text, store it under a new id, return
        the id. RecordError when it is not a valid game (nothing is stored then)."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError, RecursionError):  # RecursionError: absurd nesting
            raise RecordError("the text is not JSON", code="record.not_object") from None
        result = replay(data)
        save_id = self.new_id()
        self.put(save_id, result.record, finished=result.state.is_terminal())
        return save_id
