"""Every game of this device in one file, and that file taken back (issue 41: a browser
profile is one wipe away from losing them all).

The file (« Exporter toutes mes parties »), JSON with a versioned header::

    {"format": "rituels-backup", "version": 1, "exported": "2026-12-04T18:52:00Z",
     "games": [{"id", "title", "started", "updated", "finished", "result", "record"}, ...]}

``record`` is the game's record as a one-game export holds it (docs/records.md: seats,
names, options, every move, meta); ``result`` repeats what My games says of it (winners,
places) for a reader of the file; a save this device could not read travels as its raw text
(``unreadable``) so that nothing is left behind. Oldest game first.

Taking it back (:class:`Importer`): every entry goes through the same checks as a one-game
import (the bounded reader, then a whole replay), all of them before anything is written,
so a hostile or damaged file never leaves a half-applied state; bad entries are listed one
by one and skipped. Then each game is matched with the saves of this device by its table
(game, options, seats) and its start time, and its moves compared
(rituels.engine.record.compare, as a link of a remote game is): the same moves, or fewer,
are already here (skipped); a longer line extends the save; a diverging one is kept as a variant
of it (a fork); no match, a new save (under its id when it is free here).
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from rituels.app.saves import ENTRY_PREFIX, RECORD_PREFIX, SaveStore, StaleSave
from rituels.app.storage import StorageError
from rituels.engine.history import replay
from rituels.engine.record import RecordError, compare
from rituels.engine.safeinput import InputError, read_json
from rituels.engine.state import GameState

FORMAT = "rituels-backup"
VERSION = 1
MAX_BACKUP_CHARS = 200_000_000   # ~20 times 5,000 long games: a bigger file is not ours
MAX_GAMES = 50_000
BACKUP_KEY = "rituels.meta.backup"   # the last export's time, kept with the saves
_STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
_SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")


def _now(clock: Callable[[], float]) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(clock()))


def _stamp(value: Any) -> str | None:
    return value if isinstance(value, str) and _STAMP.fullmatch(value) else None


# --- the file ------------------------------------------------------------------------------
def export_all(store: SaveStore, clock: Callable[[], float] = time.time) -> tuple[str, int]:
    """The backup file's text and the number of games in it (readable or not)."""
    games = []
    for entry in sorted(store.list(), key=lambda e: (e.get("updated", ""), e["id"])):
        save_id = entry["id"]
        try:
            record, _ = store.read(save_id)
        except KeyError:
            continue
        except RecordError:
            games.append({"id": save_id, "unreadable": store.raw(save_id)})
            continue
        item = {"id": save_id, "title": entry.get("title", ""),
                "started": entry.get("started", ""), "updated": entry.get("updated", ""),
                "finished": entry.get("finished", False)}
        result = {k: entry[k] for k in ("winners", "places") if k in entry}
        if result:
            item["result"] = result
        item["record"] = record
        games.append(item)
    text = json.dumps({"format": FORMAT, "version": VERSION, "exported": _now(clock),
                       "games": games}, ensure_ascii=False, separators=(",", ":"))
    return text, len(games)


def filename(clock: Callable[[], float] = time.time) -> str:
    """``rituels-parties-2026-12-04.json`` (the day in the device's time zone)."""
    return time.strftime("rituels-parties-%Y-%m-%d.json", time.localtime(clock()))


def is_backup(data: Any) -> bool:
    """Whether parsed JSON claims to be a backup file (then it is judged as one)."""
    return isinstance(data, dict) and data.get("format") == FORMAT


def games_of(data: Any) -> list[Any]:
    """The entries of a parsed backup file; RecordError when its header cannot be read."""
    if not is_backup(data):
        raise RecordError("not a Rituels backup file", code="backup.format")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise RecordError("no version", code="backup.format")
    if version > VERSION:
        raise RecordError(f"made by a newer version ({version})", code="backup.version")
    games = data.get("games")
    if not isinstance(games, list):
        raise RecordError("no list of games", code="backup.format")
    if len(games) > MAX_GAMES:
        raise RecordError(f"more than {MAX_GAMES} games", code="library.input.too_big")
    return games


def read_file(text: Any) -> Any:
    """A chosen file's JSON through the bounded reader (a backup may be far larger than one
    record); RecordError when it is not JSON, too big or too deep."""
    try:
        return read_json(text, max_chars=MAX_BACKUP_CHARS)
    except InputError as exc:
        raise RecordError(exc.reason, code=exc.code) from None


# --- taking it back -------------------------------------------------------------------------
@dataclass
class BadEntry:
    """One entry that was not imported: its place in the file (from 1), what names it
    (title or id, may be empty) and why."""

    position: int
    label: str
    error: RecordError


@dataclass
class Summary:
    imported: int = 0
    present: int = 0
    extended: int = 0
    forked: int = 0
    bad: list[BadEntry] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)   # the saves written, in file order


@dataclass
class _Checked:
    record: dict[str, Any]
    state: GameState
    save_id: str
    updated: str | None


@dataclass
class _Known:
    save_id: str
    record: dict[str, Any]
    rev: int


def identity(record: dict[str, Any]) -> str:
    """What makes two saves the same game: its table and the time it started."""
    meta = record.get("meta") or {}
    return json.dumps([record["game"], record["options"], record["seats"],
                       meta.get("started", "")], sort_keys=True, ensure_ascii=False)


def _label(item: Any) -> str:
    if not isinstance(item, dict):
        return ""
    for value in (item.get("title"), item.get("id")):
        if isinstance(value, str) and value and len(value) <= 60 and value.isprintable():
            return value
    return ""


def check_entry(item: Any) -> _Checked:
    """One entry of the file checked as a one-game import is (RecordError if not)."""
    if not isinstance(item, dict):
        raise RecordError("not a game", code="backup.entry")
    if "unreadable" in item:
        raise RecordError("unreadable on the device it came from", code="backup.unreadable")
    if "record" not in item:
        raise RecordError("no record", code="backup.entry")
    result = replay(item["record"])
    save_id = item.get("id")
    return _Checked(result.record, result.state,
                    save_id if isinstance(save_id, str) and _SAFE_ID.fullmatch(save_id) else "",
                    _stamp(item.get("updated")))


class Importer:
    """A backup file taken back in steps (:meth:`step` checks entries for a while, so a big
    file never holds the page for long), then written at once (:meth:`apply`)."""

    def __init__(self, store: SaveStore, games: list[Any],
                 clock: Callable[[], float] = time.monotonic, ids: set[str] | None = None):
        self.store = store
        self.ids = ids                      # matched only with these saves (None: all)
        self.games = games
        self.clock = clock
        self.done = 0                       # entries checked so far
        self.checked: list[_Checked] = []
        self.bad: list[BadEntry] = []
        self.present = 0                    # games already here, move for move (or more)
        self.groups = self._known()         # this device's saves by identity

    @property
    def total(self) -> int:
        return len(self.games)

    def step(self, budget_s: float = 0.2) -> bool:
        """Check entries for about ``budget_s`` seconds; True once every entry is."""
        end = self.clock() + budget_s
        while self.done < self.total:
            item = self.games[self.done]
            self.games[self.done] = None    # checked: its parsed text can go
            self.done += 1
            try:
                if self._here(item):
                    self.present += 1
                else:
                    self.checked.append(check_entry(item))
            except RecordError as exc:
                self.bad.append(BadEntry(self.done, _label(item), exc))
            except Exception as exc:   # whatever the file holds, it is reported, not raised
                self.bad.append(BadEntry(self.done, _label(item),
                                         RecordError(repr(exc), code="backup.entry")))
            if self.clock() >= end:
                break
        return self.done >= self.total

    def _here(self, item: Any) -> bool:
        """Whether a save of this device already holds the entry's game, move for move or
        further: nothing to check, nothing to write (a second import of a file is quick)."""
        try:
            record = item["record"]
            moves = record["actions"]
            known = self.groups.get(identity(record), ())
        except (KeyError, TypeError, ValueError):
            return False   # not even shaped like a record: check_entry says why
        return isinstance(moves, list) and any(
            compare(k.record["actions"], moves)[0] in ("same", "behind") for k in known)

    def _known(self) -> dict[str, list[_Known]]:
        groups: dict[str, list[_Known]] = {}
        ids = [e["id"] for e in self.store.list()] if self.ids is None else sorted(self.ids)
        for save_id in ids:
            try:
                record, rev = self.store.read(save_id)
            except (KeyError, RecordError):
                continue   # an unreadable save matches nothing
            groups.setdefault(identity(record), []).append(_Known(save_id, record, rev))
        return groups

    def apply(self) -> Summary:
        """Write the checked games (StorageError: nothing of them stays written)."""
        while not self.step(3600.0):
            pass
        summary = Summary(present=self.present, bad=list(self.bad))
        groups = self.groups
        taken = self.store.taken_ids()
        before: dict[str, str | None] = {}   # each key written, as it was (to undo)
        storage = self.store.storage

        def put(save_id: str, record: dict[str, Any], game: _Checked,
                base_rev: int | None = None) -> int:
            for key in (RECORD_PREFIX + save_id, ENTRY_PREFIX + save_id):
                if key not in before:
                    before[key] = storage.get(key)
            return self.store.put(save_id, record, finished=game.state.is_terminal(),
                                  base_rev=base_rev, state=game.state, updated=game.updated)

        def new_save(game: _Checked, record: dict[str, Any]) -> _Known:
            save_id = game.save_id if game.save_id and game.save_id not in taken \
                else self.store.new_id(taken)
            taken.add(save_id)
            rev = put(save_id, record, game)
            summary.ids.append(save_id)
            return _Known(save_id, record, rev)

        try:
            for game in self.checked:
                key = identity(game.record)
                known = groups.setdefault(key, [])
                moves = game.record["actions"]
                ways = [compare(k.record["actions"], moves)[0] for k in known]
                if "same" in ways or "behind" in ways:
                    summary.present += 1
                elif "ahead" in ways:
                    mine = known[ways.index("ahead")]
                    longer = dict(mine.record, actions=list(moves))
                    try:
                        mine.rev = put(mine.save_id, longer, game, base_rev=mine.rev)
                        mine.record = longer
                        summary.extended += 1
                        summary.ids.append(mine.save_id)
                    except StaleSave:   # another tab wrote it meanwhile: kept apart
                        known.append(self._fork(game, mine, new_save))
                        summary.forked += 1
                elif known:
                    known.append(self._fork(game, known[0], new_save))
                    summary.forked += 1
                else:
                    known.append(new_save(game, game.record))
                    summary.imported += 1
        except StorageError:
            for key, value in before.items():
                try:
                    if value is None:
                        storage.remove(key)
                    else:
                        storage.set(key, value)
                except StorageError:
                    pass   # the list rebuilds or drops what is left
            raise
        return summary

    @staticmethod
    def _fork(game: _Checked, base: _Known, new_save: Callable[..., _Known]) -> _Known:
        meta = dict(game.record["meta"], variant_of=base.save_id)
        return new_save(game, dict(game.record, meta=meta))


def import_all(store: SaveStore, text: Any) -> Summary:
    """A backup file's text taken back at once (tests, the benchmark)."""
    return Importer(store, games_of(read_file(text))).apply()
