"""The app's side of the page, run in Pyodide inside a Web Worker: pure Python, no ``js``.

The main thread's glue (web/glue.py, MicroPython) owns the DOM and ``localStorage`` (small
preferences only); the saved games are in IndexedDB, which the worker reaches itself
(web/store.js, called by web/worker.py through an injected ``db``: see :class:`Host`). The
glue calls the two functions the worker exports with a JSON text and gets two strings back
(:func:`wire`) -- plain values only, so no SharedArrayBuffer or cross-origin isolation needed:

- ``start({"storage": {key: value} | null, "lang", "hash", "base", "migration"})``: make the
  :class:`App` (``storage``: the ``rituels.*`` preferences of localStorage, null when it is
  off; ``migration``: what the glue's one-time move of older localStorage saves did);
- ``event({"kind": ..., ...})``: one event: ``click``/``change`` (``data``), ``key`` (``name``),
  ``hash`` (``hash``), ``tick`` (a timer the app asked for fired), ``storage`` (another tab
  changed preferences ``values``, or saved games ``keys`` -- its BroadcastChannel message),
  ``stored`` (the glue could not apply the last preference writes), ``redraw`` (send the whole
  markup: the page lost track of a part, see rituels.app.parts), ``idle`` (the page has
  nothing to do: read the next entries of the index), ``legacy`` (``keys`` the page's move
  of an older tab's localStorage saves wrote: read them, merge the held ones, see
  rituels.app.legacy), ``newer`` (a newer version owns the saves: write none any more).

Each answer (:meth:`Host.answer`) carries the new markup (or null when nothing changed), the
language and title, the effects to run, the lines to read out, the preference ``writes`` of
this event as ``[key, value the mirror had before, new value or null]`` (the glue applies them
all or none, comparing each key's real value with the expected one first), and ``broadcast``:
the saved-game keys this event wrote to the database (the glue tells the other tabs), and
``idle``: whether index entries are still to be read (the glue then sends ``idle``).

Saved games (:class:`PageStorage`): start-up reads the head of the index (the entries the
home screen can show: web/store.js ``boot`` picks them, :data:`BOOT_HEAD`), the keys of the
other entries and the ids of the records, never a record. The other entries come in batches of
:data:`IDLE_BATCH` once the page is ready (``idle`` messages, while the answers say ``idle``),
or all at once before any other message: what start-up parses and cleans no longer grows with
the number of games (the keys of the others still come, as lists of text).
A record is loaded when an event needs it (:meth:`Host.wants`: the
game a route or a button names, the keys another tab wrote). After each event its writes go
to the database in one transaction with compare-and-swap. When the database refuses them
(full, blocked) the game goes on in memory, the writes stay pending and go with the next
event's: nothing is dropped or rolled back, and the player is told once (with a download of
the game). Only a real difference in the database (another tab wrote) reloads the game.
"""

from __future__ import annotations

import json
import re
from typing import Any

from rituels.app.controller import App
from rituels.app.effects import BotTime, Focus, Reveal
from rituels.app.parts import PageParts
from rituels.app.backup import BACKUP_KEY
from rituels.app import legacy
from rituels.app.legacy import HELD_PREFIX
from rituels.app.saves import ANALYSIS_PREFIX, ENTRY_PREFIX, RECORD_PREFIX
from rituels.app.storage import StorageError
from rituels.i18n import tn
from rituels.screens.home import MAX_CONTINUE

STORAGE_PREFIX = "rituels."
NO_SLICING_S = 3600.0  # in the worker a bot thinks to the end at once: the page never waits
SAVED = (RECORD_PREFIX, ENTRY_PREFIX, ANALYSIS_PREFIX, BACKUP_KEY, HELD_PREFIX)   # in
# IndexedDB; others: localStorage
WHOLE = ("games-export-all", "games-import")   # commands that read every record
STAGED_KEY = "rituels.staged"   # a chosen file's text, put there by the page (store.js stage)
_ROUTE_SAVE = re.compile(r"#/(?:play|replay)/([A-Za-z0-9_-]{1,40})(?:/|$)")
MAX_ORPHANS = 200   # records without an index entry, loaded at start to be listed
BOOT_HEAD = {"unfinished": MAX_CONTINUE}   # what web/store.js's boot() gives whole: the
# home screen's « Continuer » (the newest unfinished games), the rest as keys only
IDLE_BATCH = 500    # index entries read per idle message (a few tens of ms in Pyodide)
# The home screen needs no more of the index than its head: a start on any other route (« Mes
# parties », a game, a link) reads it all before its first screen, as before.
_HEAD_ENOUGH = re.compile(r"#?/?$")


class PageStorage:
    """The worker's storage. Preferences: a mirror of the ``rituels.*`` keys of
    localStorage, written back by the glue. Saved games: the values the worker holds of
    IndexedDB (the index entries and records loaded so far: the others' keys are
    ``unloaded``), with this event's writes and
    the ones the database has not taken yet (``pending``: key -> [value the database had,
    new value, unchecked])."""

    def __init__(self, prefs: dict[str, str] | None, entries: dict[str, str],
                 records: list[str], rest: list[str] = ()):
        self.prefs_on = prefs is not None
        self.data: dict[str, str] = dict(prefs or {})
        self.data.update(entries)
        self.unloaded = {k for k in [*records, *rest]
                         if isinstance(k, str) and k.startswith(SAVED)} - set(self.data)
        self._before: dict[str, str | None] = {}   # key -> value before this event's writes
        self.pending: dict[str, list[Any]] = {}
        self.misses: set[str] = set()

    def loaded(self, key: str) -> bool:
        return key not in self.unloaded

    def loaded_keys(self) -> list[str]:
        """The keys held in memory (the preferences, the index's head, what was loaded)."""
        return [k for k, v in self.data.items() if v is not None]

    def present(self, key: str) -> bool:
        """Whether the key has a value, loaded or not (this event's removals count)."""
        if key in self.data or key in self._before:
            return self.data.get(key) is not None
        return key in self.unloaded

    def get(self, key: str) -> str | None:
        if key in self.unloaded:
            # Asked without being loaded first (Host.wants missed it): refuse rather than
            # answer "no such save"; the Host loads it and may run the event again.
            self.misses.add(key)
            raise StorageError(f"{key} is not loaded")
        return self.data.get(key)

    def _note(self, key: str) -> None:
        if key not in self._before:
            self._before[key] = None if key in self.unloaded else self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self._note(key)
        self.data[key] = value

    def remove(self, key: str) -> None:
        self._note(key)
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data) + [k for k in self.unloaded if k not in self.data]

    def unread_entries(self) -> list[str]:
        """Keys of the index entries not read yet (start-up read only the head)."""
        return sorted(k for k in self.unloaded if k.startswith(ENTRY_PREFIX))

    def unread(self) -> bool:
        return any(k.startswith(ENTRY_PREFIX) for k in self.unloaded)

    def take_writes(self) -> list[list[str | None]]:
        """This event's preference writes for the glue (the last value of each key wins);
        its saved-game writes join ``pending``."""
        prefs = []
        for key, before in self._before.items():
            now = self.data.get(key)
            if key.startswith(SAVED):
                unchecked = key in self.unloaded
                self.unloaded.discard(key)
                if key in self.pending:
                    self.pending[key][1] = now
                elif now != before or unchecked:
                    self.pending[key] = [before, now, unchecked]
            elif now != before and self.prefs_on:
                prefs.append([key, before, now])
        self._before = {}
        return prefs

    def take_pending(self) -> list[list[Any]]:
        """The writes for the database (unchanged ones dropped)."""
        for key in [k for k, (was, now, unchecked) in self.pending.items()
                    if was == now and not unchecked]:
            del self.pending[key]
        return [[key, was, now, unchecked] for key, (was, now, unchecked) in self.pending.items()]

    def refresh(self, values: dict[str, str | None]) -> None:
        """Take the real values of ``values``' keys (null: the key is gone)."""
        for key, value in values.items():
            self.unloaded.discard(key)
            self.pending.pop(key, None)
            if value is None:
                self.data.pop(key, None)
            else:
                self.data[key] = value


class Host:
    """One :class:`App` and its storage, driven by the glue's JSON messages.

    ``db`` (web/worker.py; a dict-backed one in the tests) reaches IndexedDB with four
    coroutines: ``load(keys) -> {key: value | None} | None`` (None: unreadable),
    ``commit(writes) -> {"ok"} | {"conflict", "values"} | {"failed"}``,
    ``space() -> {"used", "persisted"} | None`` and ``take(key) -> text | None`` (read and
    delete: a file the page staged), and ``blob(text, mime) -> address`` (a file to
    download, made in the worker). Use :meth:`start` then
    :meth:`serve` for each message (:meth:`guarded` runs one without the database)."""

    def __init__(self, payload: dict[str, Any], saved: dict[str, Any] | None = None,
                 db: Any = None):
        prefs = payload.get("storage")
        saved = saved if isinstance(saved, dict) else {}
        entries = saved.get("entries") if isinstance(saved.get("entries"), dict) else {}
        records = saved.get("saves") if isinstance(saved.get("saves"), list) else []
        # copies an older tab wrote, waiting to be merged (rituels.app.legacy)
        records = records + (saved.get("held") if isinstance(saved.get("held"), list) else [])
        rest = saved.get("rest") if isinstance(saved.get("rest"), list) else []
        self.db = db
        self.db_on = saved.get("ok") is True and db is not None
        self.storage = PageStorage(prefs if isinstance(prefs, dict) else None,
                                   {str(k): v for k, v in entries.items()
                                    if isinstance(v, str) and str(k).startswith(ENTRY_PREFIX)},
                                   records, rest)
        self.app = App(self.storage, str(payload.get("lang") or ""), slice_s=NO_SLICING_S)
        self.app.base_url = str(payload.get("base") or "")
        self.app.on_bot_decision = self._bot_decided
        self.app.space = None            # {"used": bytes, "persisted": bool}, for "my games"
        self.payload = payload
        self.failing = False             # the database refused the last writes
        self.broadcast: list[str] = []
        self.pref_writes: list[list[str | None]] = []   # taken before the database's
        self.reading = self.db_on   # idle messages read the index on
        self.superseded = False     # a newer version owns the saves: this tab writes none
        self.held_left = True       # copies of older tabs' saves may wait to be merged
        self._deciding = False
        self.parts = PageParts()   # knows no part yet: the first markup is sent whole

    def _bot_decided(self, game: str, ms: float, level: str) -> None:
        # Logged on the main thread's console by the glue (read by the browser benchmark).
        self.app.effects.append(BotTime(game, round(ms, 1), level))

    # --- the database around each message ---------------------------------------------------
    def wants(self, message: dict[str, Any]) -> list[str]:
        """The records this message may read, to load before it runs."""
        kind, keys = message.get("kind"), []
        if kind == "hash":
            text = str(message.get("hash") or "")
            found = _ROUTE_SAVE.match(text)
            if found:
                keys.append(RECORD_PREFIX + found.group(1))
                if text.startswith("#/replay/"):
                    # its stored analysis, never listed at start-up: asked once per visit
                    keys.append(self._ask(ANALYSIS_PREFIX + found.group(1)))
            elif text.startswith("#g="):
                keys += self._remote_records()
            elif text.startswith("#/games"):
                keys.append(self._ask(BACKUP_KEY))   # « Dernière sauvegarde »
        elif kind in ("click", "change"):
            data = message.get("data") or {}
            save_id = data.get("id") if isinstance(data, dict) else None
            if isinstance(save_id, str) and _ROUTE_SAVE.match(f"#/play/{save_id}"):
                keys.append(RECORD_PREFIX + save_id)
            if isinstance(data, dict) and data.get("cmd") == "remote-join":
                keys += self._remote_records()
            if isinstance(data, dict) and data.get("cmd") in WHOLE:
                # A backup holds every game; an import is matched with every game.
                keys += [k for k in self.storage.unloaded if k.startswith(RECORD_PREFIX)]
                keys.append(self._ask(BACKUP_KEY))
        elif kind in ("storage", "legacy"):
            keys += [str(k) for k in message.get("keys") or [] if str(k).startswith(SAVED)]
        return [k for k in keys if k in self.storage.unloaded or kind in ("storage", "legacy")]

    def _ask(self, key: str) -> str:
        """A key start-up never lists (a save's analysis, the last backup's time): marked
        to be read, unless it is held already."""
        if key not in self.storage.data:
            self.storage.unloaded.add(key)
        return key

    def _unindexed(self) -> list[str]:
        """Records not read yet whose index entry is missing or unreadable: read so that
        the list rebuilds their entries (rituels.app.saves.SaveStore.unindexed)."""
        return [k for k in self.app.saves.unindexed() if k in self.storage.unloaded]

    def _remote_records(self) -> list[str]:
        """Records of games at a distance (and of entries too old to say), which a link of
        such a game is compared with (rituels.app.remote.find_save)."""
        out = []
        for save_id, entry in self.app.saves._index().items():
            if "remote" not in entry or isinstance(entry.get("remote"), str):
                out.append(RECORD_PREFIX + save_id)
        return out

    async def _load(self, keys: list[str]) -> bool:
        """Read ``keys`` from the database; False when it could not be read."""
        if not keys or not self.db_on:
            return True
        values = await self.db.load(keys)
        if isinstance(values, dict):
            self.storage.refresh({k: v if isinstance(v, str) else None
                                  for k, v in values.items() if k in keys})
            return True
        return False

    async def _commit(self) -> None:
        """This event's saved-game writes (and any pending) into the database."""
        storage, app = self.storage, self.app
        self.pref_writes += storage.take_writes()
        writes = storage.take_pending()
        if not writes or self.superseded:
            # Superseded: the writes stay in memory (the game can be downloaded), never go
            # to a database whose format a newer version owns.
            self._saving_state()
            return
        result = await self.db.commit(writes) if self.db_on else None
        result = result if isinstance(result, dict) else {"failed": True}
        if result.get("newer"):   # store.js found a newer version's format mark: nothing written
            self.supersede()
            self._saving_state()
        elif result.get("ok"):
            storage.pending = {}
            self.broadcast = [w[0] for w in writes]
            if self.failing:
                self.failing = False
                app.announcements.append(app.t("storage.saved_again"))
        elif result.get("conflict"):
            # Another tab wrote since: its values win (one game, one writer), this tab's
            # writes of those keys are dropped, and the app follows the stored game.
            values = result.get("values") if isinstance(result.get("values"), dict) else {}
            values = {w[0]: values.get(w[0]) for w in writes}
            self.storage_changed(values, conflict=True)
            await self._commit()   # what did not conflict (nothing, after refresh)
            return
        else:
            if not self.failing:
                app.announcements.append(app.t("storage.not_saved"))
            self.failing = True
        self._saving_state()

    def _saving_state(self) -> None:
        app = self.app
        off = self.failing or not self.db_on or self.superseded
        if off != app.saving_off:
            app.changed = True
        app.saving_off = off

    async def _space(self) -> None:
        if self.db_on:
            found = await self.db.space()
            if isinstance(found, dict):
                self.app.space = found

    async def start(self) -> dict[str, Any]:
        """The first answer: the route of the page's address, its record loaded first."""
        hash_ = str(self.payload.get("hash") or "")
        if not _HEAD_ENOUGH.match(hash_):
            await self._load(self.storage.unread_entries())
        await self._load(self._unindexed()[:MAX_ORPHANS]
                         + self.wants({"kind": "hash", "hash": hash_}))
        if hash_.startswith("#/games"):
            await self._space()
        migration = self.payload.get("migration")
        if isinstance(migration, dict) and migration.get("newer"):
            self.supersede()
        news = await self._merge_held()   # before the route: its game opens merged
        self.app.navigate(hash_, force=True)
        self._merged_notice(news)
        if isinstance(migration, dict) and migration.get("failed"):
            self.app.notice("storage.migration_failed", kind="warning")
        elif isinstance(migration, dict) and isinstance(migration.get("moved"), int) \
                and migration["moved"] > 0 and not self.db_on:
            self.app.notice("storage.migration_failed", kind="warning")
        if not self.db_on:
            self.app.saving_off = True
            self.app.stored["unreadable"] = True   # My games must not say "no game"
        if isinstance(migration, dict) and migration.get("failed"):
            waiting = migration.get("waiting")
            self.app.stored["waiting"] = waiting if type(waiting) is int and waiting > 0 else 0
        await self._commit()
        return self.answer()

    async def serve(self, message: dict[str, Any]) -> dict[str, Any]:
        """One message: load what it reads, run it, write what it wrote, answer."""
        if message.get("kind") == "idle":
            return await self._read_on()
        news = None
        try:
            # Every handler may list the games (a link looks for its save among them): the
            # index is read whole before anything else runs.
            fresh = self.storage.unread_entries()
            await self._load(fresh)
            # Entries just read (or written by another tab) may be unreadable: their records
            # are read too, so the list rebuilds them.
            judge = fresh or message.get("kind") == "storage"
            await self._load((self._unindexed() if judge else []) + self.wants(message))
            await self._unstage(message)
            if self.held_left or message.get("kind") == "legacy":
                news = await self._merge_held()
            if message.get("kind") == "hash" and str(message.get("hash") or "").startswith(
                    "#/games"):
                await self._space()
        except Exception:
            import traceback
            traceback.print_exc()
        self.storage.misses = set()
        answer = self.guarded(message, answer=False)
        self._merged_notice(news)
        missed = sorted(self.storage.misses)
        if missed:
            # A record no one loaded was asked for: load it; a route is opened again.
            await self._load(missed)
            if message.get("kind") == "hash":
                self.guarded(message, answer=False)
        try:
            await self._commit()
        except Exception:
            import traceback
            traceback.print_exc()
        return self.answer() if answer is None else answer

    async def _unstage(self, message: dict[str, Any]) -> None:
        """A chosen file the page put in the database (store.js ``stage``: megabytes never
        cross the glue's heap) is taken out of it into the message, as the glue would have
        sent it."""
        data = message.get("data")
        if message.get("kind") == "click" and isinstance(data, dict) and data.get("staged"):
            data["text"] = await self.db.take(STAGED_KEY) if self.db_on else None

    async def _read_on(self) -> dict[str, Any]:
        """An idle message: the next batch of index entries, listed once so that « Mes
        parties » finds them parsed and cleaned. The screen does not change (the head holds
        all the home screen shows)."""
        try:
            if not await self._load(self.storage.unread_entries()[:IDLE_BATCH]):
                self.reading = False   # the database refuses: the next event tries again
            await self._load(self._unindexed()[:MAX_ORPHANS])
            self.app.saves.list()   # may repair an entry: written like any event's
            await self._commit()
        except Exception:
            import traceback
            traceback.print_exc()
        return self.answer()

    def supersede(self) -> None:
        """A newer version of the app owns the saves: this tab writes none from now on and
        asks the player to reload (the game on screen stays playable and downloadable)."""
        if not self.superseded:
            self.superseded = True
            self.app.superseded = True
            self.app.announcements.append(self.app.t("storage.newer"))
        self._saving_state()
        self.app.changed = True

    async def _merge_held(self) -> dict[str, int] | None:
        """Merge the copies of saves an older tab wrote (rituels.app.legacy); what the
        player is told, or None. Their writes go with this message's, in one transaction;
        anything refused leaves the copies to be merged at the next message."""
        held = [k for k in self.storage.keys()
                if k.startswith(HELD_PREFIX) and legacy.held_id(k) is not None]
        # Looked for again only when the page says it held some (a failed merge: each message)
        self.held_left = bool(held)
        if not held or self.superseded or not self.db_on:
            return None
        ids = {legacy.held_id(k) for k in held}
        await self._load([k for k in [*held, *(p + i for i in sorted(ids)
                                                for p in (RECORD_PREFIX, ENTRY_PREFIX))]
                          if k in self.storage.unloaded])
        texts = {k: self.storage.data.get(k) for k in held}
        try:
            merged = legacy.merge(self.app.saves, {k: v for k, v in texts.items()
                                                   if v is not None})
        except Exception:   # StorageError (not loaded) or a bug: the copies stay held
            import traceback
            traceback.print_exc()
            return None
        if merged.written:
            self.app.storage_changed(merged.written)   # the game on screen follows
            self.app.changed = True
        news = merged.news()
        return news if any(news.values()) else None

    def _merged_notice(self, news: dict[str, int] | None) -> None:
        if news:
            app = self.app
            parts = [tn(app.lang, f"storage.legacy.{kind}", n) for kind, n in news.items() if n]
            app.notice("storage.legacy_merged", kind="info", list=", ".join(parts))

    # --- events ------------------------------------------------------------------------------
    def event(self, message: dict[str, Any]) -> None:
        app = self.app
        kind = message.get("kind")
        if kind == "click":
            app.click(message.get("data") or {})
        elif kind == "change":
            app.change(message.get("data") or {})
        elif kind == "key":
            app.key(str(message.get("name") or ""))
        elif kind == "hash":
            app.navigate(str(message.get("hash") or ""))
        elif kind == "tick":
            app.tick()
        elif kind == "redraw":   # the page lost track of a part: send it all again
            self.parts.forget()
            app.changed = True
        elif kind == "storage":
            if message.get("keys") is not None:   # another tab wrote saved games
                keys = [str(k) for k in message.get("keys") or [] if str(k).startswith(SAVED)]
                if keys:
                    self.app.storage_changed(keys)
                    app.changed = True
                return
            values = message.get("values") or {}
            if message.get("all"):   # localStorage was cleared
                values = {**{key: None for key in self.storage.data
                             if not key.startswith(SAVED)}, **values}
            self.storage_changed(values, conflict=True)
        elif kind == "legacy":
            # The page moved saves an older tab wrote to localStorage (web/store.js migrate):
            # copied ones are read like another tab's writes; held ones were merged (serve).
            keys = [str(k) for k in message.get("keys") or []
                    if str(k).startswith((RECORD_PREFIX, ENTRY_PREFIX))]
            if keys:
                self.app.storage_changed(keys)
                app.changed = True
        elif kind == "newer":   # another tab runs a newer version (its BroadcastChannel hello)
            self.supersede()
        elif kind == "stored":
            self.storage_changed(message.get("values") or {},
                                 conflict=bool(message.get("conflict")))
            if message.get("failed"):   # a preference could not be written: nothing lost
                app.changed = True

    def storage_changed(self, values: dict[str, Any], conflict: bool) -> None:
        """The real storage differs from what this worker holds (another tab wrote, or our
        writes were undone): take its values, then let the app reload what depends on them."""
        values = {str(k): (None if v is None else str(v)) for k, v in values.items()
                  if str(k).startswith(STORAGE_PREFIX)}
        self.storage.refresh(values)
        if conflict and values:
            self.app.storage_changed(sorted(values))
        self.app.changed = True

    # --- the answer to the glue --------------------------------------------------------------
    def _human_decides(self) -> bool:
        s = self.app.playing()
        return bool(s is not None and not s.state.is_terminal() and not s.needs_handover()
                    and (s.human_to_decide() or s.human_to_roll()))

    def answer(self) -> dict[str, Any]:
        app = self.app
        html = app.render() if app.changed else None
        if html is not None:
            html = self.parts.markup(html)
        deciding = self._human_decides()
        if deciding and not self._deciding:
            # A decision has just come to the player at the screen: the glue scrolls it into
            # view if it is off screen (the only time the page scrolls by itself).
            app.effects.append(Reveal())
        self._deciding = deciding
        if html is not None and not any(isinstance(e, Focus) for e in app.effects):
            # The morph may have removed the focused control (the move just made): the
            # keyboard goes on to the next one (App.next_focus), never left on the body.
            following = app.next_focus()
            if following is not None:
                app.effects.append(following)
        effects = app.take_effects()
        if self.db_on:
            for effect in effects:
                if effect["type"] == "download":
                    # The file becomes a Blob here, in the worker: the glue only clicks its
                    # address (a backup of thousands of games would not fit its heap).
                    effect["url"] = self.db.blob(effect.pop("text"), effect["mime"])
        writes, self.pref_writes = self.pref_writes + self.storage.take_writes(), []
        broadcast, self.broadcast = self.broadcast, []
        return {"html": html, "lang": app.lang, "title": app.title(), "effects": effects,
                "say": app.take_announcements(), "writes": writes, "broadcast": broadcast,
                "idle": self.reading and self.storage.unread()}

    def guarded(self, message: dict[str, Any], answer: bool = True) -> dict[str, Any] | None:
        """:meth:`event` (then :meth:`answer`); a bug is reported, never leaves a dead page."""
        try:
            self.event(message)
        except Exception:
            import traceback
            traceback.print_exc()   # the worker's stderr: the browser console
            try:
                self.app.notice("app.notice.internal")
            except Exception:
                pass
        return self.answer() if answer else None


_host: Host | None = None


def wire(answer: dict[str, Any]) -> list[str]:
    """An answer as the glue gets it: ``[JSON of everything but the markup, markup]``. The
    markup (about 100 kB for a Wongar table) travels as a plain string, so the glue's
    MicroPython never parses it as JSON; ``morph`` says whether there is any."""
    answer = dict(answer)
    html = answer.pop("html")
    answer["morph"] = html is not None
    return [json.dumps(answer), html or ""]


async def start(text: str, db: Any, saved: dict[str, Any] | None) -> list[str]:
    """The worker's ``start``: JSON text in, :func:`wire` out (module docstring); ``saved``
    is what the database holds at start-up (``db.boot(BOOT_HEAD)``: the index's head, the
    keys of its other entries, the ids of the records)."""
    global _host
    _host = Host(json.loads(text), saved, db)
    return wire(await _host.start())


async def event(text: str) -> list[str]:
    """The worker's ``event``."""
    if _host is None:
        raise RuntimeError("event() before start()")
    return wire(await _host.serve(json.loads(text)))
