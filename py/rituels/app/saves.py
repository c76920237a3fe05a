"""Saved games in key-value storage (IndexedDB in the browser, see rituels.app.browser).

Each record lives under its own key (``rituels.save.<id>``) so one corrupt or oversized game
never spoils the others; beside it an index entry (``rituels.entry.<id>``) holds the metadata
the home screen and "my games" show without reading, let alone replaying, any record. One
small value per game, so a move rewrites its game and its line, never a list of every game.

One game, one writer: every stored record carries a revision (``{"rev": n, ...record}``, the
number first so it is read without parsing). A write names the revision it was based on and is
refused with :class:`StaleSave` when another tab wrote since (compare-and-swap).

Atomic: the record is written first, then its entry; in the browser both land in one
IndexedDB transaction. When the record write fails nothing changed (the caller may say "not
saved"); when only the entry write fails the game IS saved and the entry is repaired on read:
each entry remembers the revision it describes, and :meth:`SaveStore.list` re-derives any entry
whose record has another revision (among the records the storage holds in memory: a storage
with ``loaded(key)`` says which; the others are trusted) or has none.
Everything read from storage goes through the bounded reader (rituels.engine.safeinput), so
no stored text can crash the app.
"""

from __future__ import annotations

import json
import os
import re
import time
from typing import Any, Callable

from rituels.app.places import summary
from rituels.app.storage import StorageError
from rituels.engine.history import replay
from rituels.engine.record import (MAX_DEFAULT, MAX_RECORD_CHARS, RecordError, check_record,
                                   game_id_of, parse_record_text)
from rituels.engine.safeinput import InputError, clean_title, read_json
from rituels.engine.state import GameState

ENTRY_PREFIX = "rituels.entry."
RECORD_PREFIX = "rituels.save."
ANALYSIS_PREFIX = "rituels.analysis."   # a save's stored analysis (rituels.app.analysis)
MAX_TITLE = 60
MAX_ENTRY_CHARS = 20_000

__all__ = ["SaveStore", "StorageError", "RecordError", "StaleSave", "ENTRY_PREFIX",
           "RECORD_PREFIX"]


def _revision(data: Any) -> int:
    """The revision of a parsed save: its ``rev`` wherever it stands among the keys (0 when
    absent or not a whole number: a save written before revisions, or by another tool). The
    one reader of revisions, for :meth:`SaveStore.read` and :meth:`SaveStore.rev` alike."""
    rev = data.get("rev", 0) if isinstance(data, dict) else 0
    return rev if isinstance(rev, int) and not isinstance(rev, bool) and rev >= 0 else 0


class StaleSave(Exception):
    """The save changed (or was deleted) in another tab since the revision a write was
    based on; nothing was written. ``rev`` is the stored revision (None: deleted)."""

    def __init__(self, save_id: str, rev: int | None):
        super().__init__(f"save {save_id} is at revision {rev}")
        self.save_id = save_id
        self.rev = rev


def _now_iso(clock: Callable[[], float]) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(clock()))


def _text(value: Any, limit: int = 40) -> str:
    if not isinstance(value, str):
        return ""
    if value.isascii() and value.isprintable() and len(value) <= min(limit, MAX_TITLE) \
            and "  " not in value and value.strip() == value:
        return value   # what clean_title gives it, without its scans (most stored fields)
    return clean_title(value)[:limit]


def _clean_entry(save_id: str, entry: dict[str, Any]) -> dict[str, Any]:
    """An index entry with the expected types, whatever was stored (the index is only a
    cache that anyone can edit in the browser's storage)."""
    moves = entry.get("moves")
    players = entry.get("players")
    bots = entry.get("bots")
    defaults = entry.get("defaults")
    clean = {
        "id": save_id,
        "game": _text(entry.get("game")),
        "players": [_text(p) for p in players][:16] if isinstance(players, list) else [],
        "bots": [b if isinstance(b, str) else None for b in bots][:16]
        if isinstance(bots, list) else [],
        # default-name numbers (docs/records.md), shown in the reader's language
        "defaults": [d if type(d) is int and 0 < d <= MAX_DEFAULT else None for d in defaults][:16]
        if isinstance(defaults, list) else [],
        "started": _text(entry.get("started")),
        "updated": _text(entry.get("updated")),
        **({"ended": _text(entry["ended"])} if _text(entry.get("ended")) else {}),
        "moves": moves if isinstance(moves, int) and not isinstance(moves, bool) else 0,
        "finished": entry.get("finished") is True,
        "title": _text(entry.get("title"), MAX_TITLE),
        "variant": entry.get("variant") is True,
        "coach": entry.get("coach") is True,
    }
    _clean_summary(entry, clean)
    if "remote" in entry:   # entries older than this field say nothing
        clean["remote"] = entry["remote"] if isinstance(entry["remote"], str) else None
    if entry.get("corrupt"):
        clean["corrupt"] = True
    return clean


def _seat_list(value: Any, limit: int = 16) -> list[int] | None:
    if not isinstance(value, list) or len(value) > limit:
        return None
    if not all(type(v) is int and 0 <= v < 100 for v in value):
        return None
    return value


def _clean_summary(entry: dict[str, Any], clean: dict[str, Any]) -> None:
    """The fields of rituels.app.places.summary, kept only when well-formed (entries older
    than them, or edited, lack them: the list then says what it said before)."""
    for key in ("mine", "winners", "places"):
        seats = _seat_list(entry.get(key))
        if seats is not None:
            clean[key] = list(seats)
    if entry.get("turn") in ("you", "remote", "bots"):
        clean["turn"] = entry["turn"]
        waits = entry.get("waits")
        if type(waits) is int and 0 <= waits < len(clean["players"]):
            clean["waits"] = waits
        elif clean["turn"] == "remote":
            del clean["turn"]


_SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")


class SaveStore:
    """Saves on top of an injected storage (``get``/``set``/``remove``/``keys``).
    Writes raise :class:`StorageError` when storage is off or full (nothing was written);
    reads of a damaged record raise :class:`RecordError`."""

    def __init__(self, storage: Any, clock: Callable[[], float] = time.time):
        self.storage = storage
        self.clock = clock
        self._parsed: dict[str, tuple[str, dict[str, Any] | None]] = {}  # key -> (text, entry)
        self._cleaned: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}  # id -> (entry,
        # its cleaned form): thousands of lines cleaned once, not at every list

    # --- ids and keys -------------------------------------------------------------------
    @staticmethod
    def key(save_id: str) -> str:
        return RECORD_PREFIX + save_id

    def _ids(self) -> set[str]:
        """Ids of the stored records. Keys whose id could not be a link or an element id
        are not ours (another page of the origin wrote them): they are ignored."""
        return {k[len(RECORD_PREFIX):] for k in self.storage.keys()
                if isinstance(k, str) and k.startswith(RECORD_PREFIX)
                and _SAFE_ID.fullmatch(k[len(RECORD_PREFIX):])}

    def taken_ids(self) -> set[str]:
        """The ids of the stored records and entries (a new save must avoid them all)."""
        return self._ids() | {k[len(ENTRY_PREFIX):] for k in self.storage.keys()
                              if isinstance(k, str) and k.startswith(ENTRY_PREFIX)}

    def new_id(self, taken: set[str] | None = None) -> str:
        """A short random id not used yet (base 36, 8 characters); ``taken``: the ids to
        avoid when the caller keeps them (thousands of imports scan the keys once)."""
        taken = self.taken_ids() if taken is None else taken
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
    def _entry(self, key: str) -> dict[str, Any] | None:
        """One stored index entry, parsed once per stored text (thousands of games are
        listed at every visit of "my games")."""
        text = self.storage.get(key)
        if not isinstance(text, str):
            return None
        seen = self._parsed.get(key)
        if seen is not None and seen[0] is text:
            return seen[1]
        try:
            entry = read_json(text, max_chars=MAX_ENTRY_CHARS)
        except InputError:
            entry = None
        entry = entry if isinstance(entry, dict) else None
        self._parsed[key] = (text, entry)
        return entry

    def _index(self) -> dict[str, dict[str, Any]]:
        index = {}
        for key in self._loaded_keys():   # the others are listed once read
            if isinstance(key, str) and key.startswith(ENTRY_PREFIX):
                save_id = key[len(ENTRY_PREFIX):]
                entry = self._entry(key) if _SAFE_ID.fullmatch(save_id) else None
                if entry is not None:
                    index[save_id] = entry
        return index

    def unindexed(self) -> list[str]:
        """Keys of the records whose index entry is missing or unreadable (truncated, ``null``,
        not an object): :meth:`list` shows them only once their record is read, since the
        entries are an index rebuilt from the saves, never the source of truth. Entries not
        read yet are not judged (they are read before any screen but home lists them)."""
        out = []
        for key in self.storage.keys():
            save_id = key[len(RECORD_PREFIX):] if isinstance(key, str) \
                and key.startswith(RECORD_PREFIX) else ""
            if not _SAFE_ID.fullmatch(save_id):
                continue
            entry = ENTRY_PREFIX + save_id
            if not self._present(entry) or (self._loaded_key(entry)
                                            and self._entry(entry) is None):
                out.append(key)
        return sorted(out)

    def _write_entry(self, save_id: str, entry: dict[str, Any]) -> None:
        self.storage.set(ENTRY_PREFIX + save_id,
                         json.dumps(entry, ensure_ascii=False, separators=(",", ":")))

    def _drop_entry(self, save_id: str) -> None:
        self.storage.remove(ENTRY_PREFIX + save_id)

    def _loaded_keys(self) -> list[str]:
        """The keys whose values the storage holds in memory: what a list can read without
        a load (a storage that loads values on demand lists them with ``loaded_keys``, and
        start-up with thousands of saves costs what its head costs; any other holds them
        all)."""
        listing = getattr(self.storage, "loaded_keys", None)
        return listing() if listing is not None else self.storage.keys()

    def _present(self, key: str) -> bool:
        """Whether the storage holds ``key``, read or not (``present``; any other storage
        answers with the value)."""
        present = getattr(self.storage, "present", None)
        return present(key) if present is not None else self.storage.get(key) is not None

    def _loaded_key(self, key: str) -> bool:
        """Whether the storage holds this key's value in memory (a storage that loads
        values on demand says so with ``loaded``; any other holds them all)."""
        loaded = getattr(self.storage, "loaded", None)
        return loaded is None or loaded(key)

    def _metadata(self, save_id: str, record: dict[str, Any], finished: bool,
                  old: dict[str, Any] | None, rev: int, state: GameState | None = None,
                  updated: str | None = None) -> dict[str, Any]:
        old = old or {}
        if state is None:   # a write without the state (a link's update, a rename)
            try:
                state = replay(record).state
            except Exception:   # whatever the record: the entry is still written
                state = None
        if state is not None:   # the state knows best (a write may leave it unsaid)
            finished = state.is_terminal()
        meta = record.get("meta") or {}
        now = _now_iso(self.clock)
        return {
            "id": save_id,
            "game": record["game"],
            "players": [s["name"] for s in record["seats"]],
            "bots": [s.get("bot") for s in record["seats"]],
            "defaults": [s.get("default") for s in record["seats"]],
            "started": meta.get("started") or old.get("started") or now,
            "updated": updated or now,
            # When the game ended (the player's rating orders games by it: a later rename
            # changes "updated", not this), kept from the entry once written.
            **({"ended": _text(old.get("ended")) or updated or now} if finished else {}),
            "moves": len(record["actions"]),
            "finished": bool(finished),
            "title": meta.get("title") or _text(old.get("title"), MAX_TITLE),
            "variant": bool(meta.get("variant_of")),
            "coach": meta.get("coach") is True,
            "remote": game_id_of(record),   # a link of that game finds its save by it
            "rev": rev,
            **(summary(record, state) if state is not None else {}),
        }

    # --- records --------------------------------------------------------------------------
    def rev(self, save_id: str) -> int | None:
        """The stored revision of a save (0 for one written before revisions), None if
        there is no such save."""
        raw = self.storage.get(self.key(save_id))
        if raw is None:
            return None
        try:
            return _revision(parse_record_text(raw))
        except RecordError:
            return 0   # unreadable: what read() would refuse, overwritten as revision 0

    def put(self, save_id: str, record: dict[str, Any], finished: bool | None = None,
            base_rev: int | None = None, state: GameState | None = None,
            updated: str | None = None) -> int:
        """Write a record (then its index entry); return its new revision. ``base_rev``:
        the revision this write continues, StaleSave if the stored one differs (a missing
        save counts as revision 0). ``finished`` None keeps the previous value. ``state``:
        the record's replayed state when the caller has it (else it is replayed here);
        ``updated``: the last move's time when it is not now (an imported game keeps its own).
        StorageError only when the record itself could not be written (nothing changed)."""
        current = self.rev(save_id)
        if base_rev is not None and (current or 0) != base_rev:
            raise StaleSave(save_id, current)
        rev = (current or 0) + 1
        text = json.dumps({"rev": rev, **record}, ensure_ascii=False, separators=(",", ":"))
        self.storage.set(self.key(save_id), text)
        self._index_entry(save_id, record, finished, rev, state, updated)
        return rev

    def _index_entry(self, save_id: str, record: dict[str, Any], finished: bool | None,
                     rev: int, state: GameState | None = None,
                     updated: str | None = None) -> None:
        """Best effort: a failed index write is repaired by the next :meth:`list`."""
        try:
            old = self._entry(ENTRY_PREFIX + save_id)
            if finished is None:
                finished = bool(old and old.get("finished"))
            self._write_entry(save_id, self._metadata(save_id, record, finished, old, rev,
                                                      state, updated))
        except StorageError:
            pass

    def read(self, save_id: str) -> tuple[dict[str, Any], int]:
        """The record's frame, checked (not replayed), and its revision. KeyError if there
        is no such save; RecordError if it is damaged."""
        raw = self.storage.get(self.key(save_id))
        if raw is None:
            raise KeyError(save_id)
        data = parse_record_text(raw)
        rev = _revision(data)
        if isinstance(data, dict):
            data.pop("rev", None)
        return check_record(data), rev

    def get(self, save_id: str) -> dict[str, Any]:
        return self.read(save_id)[0]

    def raw(self, save_id: str) -> str:
        """The stored text as it is (to export a save this app cannot read)."""
        raw = self.storage.get(self.key(save_id))
        if raw is None:
            raise KeyError(save_id)
        return raw

    def exists(self, save_id: str) -> bool:
        return self.storage.get(self.key(save_id)) is not None

    def list(self) -> list[dict[str, Any]]:
        """Index entries, most recently played first. Entries are re-derived from their
        record when the record has another revision or has no entry (unreadable ones get
        ``"corrupt": True``); entries without a record are dropped; entries the storage has
        not read yet (``loaded`` false) are left out."""
        index = self._index()
        for save_id in list(index):
            if not self._present(self.key(save_id)):
                del index[save_id]
                try:
                    self._drop_entry(save_id)
                except StorageError:
                    pass  # still left out of the list
        # Records in memory, checked against their entry (the others are trusted: written
        # with their entry in one transaction; a record without one is listed once read).
        for key in self._loaded_keys():
            save_id = key[len(RECORD_PREFIX):] if isinstance(key, str) \
                and key.startswith(RECORD_PREFIX) else ""
            if not _SAFE_ID.fullmatch(save_id):
                continue   # not a save, or not ours (another page of the origin wrote it)
            if not self._loaded_key(ENTRY_PREFIX + save_id):
                continue   # its entry is not read yet (start-up reads the head only)
            entry = index.get(save_id)
            stored = self.rev(save_id)
            rev = entry.get("rev", 0) if entry is not None else None
            if type(rev) is not int or rev != stored:   # bool and float are not revisions
                index[save_id] = self._salvage(save_id, entry, stored or 0)
                try:
                    self._write_entry(save_id, index[save_id])
                except StorageError:
                    pass  # the list is still right; the entry is rewritten next time
        entries = [self._clean(save_id, entry) for save_id, entry in index.items()]
        return sorted(entries, key=lambda e: e["updated"], reverse=True)

    def _clean(self, save_id: str, entry: dict[str, Any]) -> dict[str, Any]:
        seen = self._cleaned.get(save_id)
        if seen is None or seen[0] is not entry:
            seen = (entry, _clean_entry(save_id, entry))
            self._cleaned[save_id] = seen
        return dict(seen[1])   # a copy: callers may change it

    def _salvage(self, save_id: str, old: dict[str, Any] | None, rev: int) -> dict[str, Any]:
        try:
            record = self.get(save_id)
            state = replay(record).state
        # Whatever is stored (another page of the origin can write here), listing it must
        # not fail: a save that does not replay for any reason is listed as unreadable.
        except Exception:
            return {"id": save_id, "game": "", "players": [], "bots": [], "started": "",
                    "updated": "", "moves": 0, "finished": False, "title": "",
                    "corrupt": True, "rev": rev}
        return self._metadata(save_id, record, state.is_terminal(), old, rev, state)

    def rename(self, save_id: str, title: str) -> None:
        """Give a save a title (cleaned, at most MAX_TITLE characters), kept in the record
        too so that a rebuilt index, an export and a link keep it."""
        title = clean_title(title)
        old = self._entry(ENTRY_PREFIX + save_id)
        if old is None and not self.exists(save_id):
            raise KeyError(save_id)
        try:
            record, rev = self.read(save_id)
        except (KeyError, RecordError):
            record = None
        if record is not None:
            meta = dict(record["meta"], title=title)
            if not title:
                meta.pop("title")
            self.put(save_id, dict(record, meta=meta), base_rev=rev)
        else:
            self._write_entry(save_id, dict(old or {}, title=title))

    def delete(self, save_id: str) -> None:
        self.storage.remove(self.key(save_id))
        try:
            self._drop_entry(save_id)
            self.storage.remove(ANALYSIS_PREFIX + save_id)
        except StorageError:
            pass  # the record is gone: list() drops its entry, nothing reads its analysis

    def export(self, save_id: str) -> str:
        """The record as JSON text (the file a player downloads or shares)."""
        return json.dumps(self.get(save_id), ensure_ascii=False, indent=1)

    def import_(self, text: str) -> str:
        """Check and replay a record given as JSON text, store it under a new id, return
        the id. RecordError when it is not a valid game; StorageError when it could not be
        stored (nothing is stored then)."""
        result = replay(parse_record_text(text, MAX_RECORD_CHARS))
        save_id = self.new_id()
        self.put(save_id, result.record, finished=result.state.is_terminal(),
                 state=result.state)
        return save_id
