"""The app's side of the page, run in Pyodide inside a Web Worker: pure Python, no ``js``.

The main thread's glue (web/glue.py, MicroPython) owns the DOM and ``localStorage``; it calls
the two functions the worker exports (web/worker.py) with a JSON text and gets two strings back
(:func:`wire`) -- plain values only, so no SharedArrayBuffer or cross-origin isolation needed:

- ``start({"storage": {key: value} | null, "lang", "hash", "base"})``: make the :class:`App`
  (``storage`` is a snapshot of the ``rituels.*`` keys, null when localStorage is off);
- ``event({"kind": ..., ...})``: one event: ``click``/``change`` (``data``), ``key`` (``name``),
  ``hash`` (``hash``), ``tick`` (a timer the app asked for fired), ``storage`` (another tab
  changed ``values``), ``stored`` (the glue could not apply the last writes), ``redraw`` (send
  the whole markup: the page lost track of a part, see rituels.app.parts).

Each answer (:meth:`Host.answer`) carries the new markup (or null when nothing changed), the
language and title, the effects to run, the lines to read out, and the storage ``writes`` of
this event as ``[key, value the mirror had before, new value or null]``: the glue applies them
all or none, comparing each key's real value with the expected one first (another tab may have
written meanwhile).
"""

from __future__ import annotations

import json
from typing import Any

from rituels.app.controller import App
from rituels.app.parts import PageParts
from rituels.app.storage import MemoryStorage

STORAGE_PREFIX = "rituels."
NO_SLICING_S = 3600.0  # in the worker a bot thinks to the end at once: the page never waits


class MirrorStorage:
    """The worker's copy of the ``rituels.*`` keys of ``localStorage``. Writes land here at
    once (the app reads its own writes) and are logged until the glue takes them."""

    def __init__(self, data: dict[str, str]):
        self.data = dict(data)
        self._before: dict[str, str | None] = {}   # key -> value before this event's writes

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def _note(self, key: str) -> None:
        if key not in self._before:
            self._before[key] = self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self._note(key)
        self.data[key] = value

    def remove(self, key: str) -> None:
        self._note(key)
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)

    def take_writes(self) -> list[list[str | None]]:
        """This event's writes, one per key (the last value wins); unchanged keys dropped."""
        writes = [[key, before, self.data.get(key)] for key, before in self._before.items()
                  if self.data.get(key) != before]
        self._before = {}
        return writes

    def refresh(self, values: dict[str, str | None]) -> None:
        """Take the real values of ``values``' keys (null: the key is gone)."""
        for key, value in values.items():
            if value is None:
                self.data.pop(key, None)
            else:
                self.data[key] = value


class Host:
    """One :class:`App` and its storage mirror, driven by the glue's JSON messages."""

    def __init__(self, payload: dict[str, Any]):
        snapshot = payload.get("storage")
        self.mirror = MirrorStorage(snapshot) if isinstance(snapshot, dict) else None
        # No localStorage on the main thread: a storage that refuses everything, so the app
        # says saving is off and plays on (as it did with a blocked localStorage).
        storage = self.mirror if self.mirror is not None else MemoryStorage(fail=True)
        self.app = App(storage, str(payload.get("lang") or ""), slice_s=NO_SLICING_S)
        self.app.base_url = str(payload.get("base") or "")
        self.app.on_bot_decision = self._bot_decided
        self._deciding = False
        self.parts = PageParts()   # knows no part yet: the first markup is sent whole
        self.app.navigate(str(payload.get("hash") or ""), force=True)

    def _bot_decided(self, game: str, ms: float) -> None:
        # Logged on the main thread's console by the glue (read by the browser benchmark).
        self.app.effects.append({"type": "bot", "game": game, "ms": round(ms, 1)})

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
            values = message.get("values") or {}
            if message.get("all") and self.mirror is not None:   # the storage was cleared
                values = {**{key: None for key in self.mirror.keys()}, **values}
            self.storage_changed(values, conflict=True)
        elif kind == "stored":
            self.storage_changed(message.get("values") or {},
                                 conflict=bool(message.get("conflict")))
            if message.get("failed"):   # quota: the page says saving is off, play goes on
                if not app.saving_off:
                    app.announcements.append(app.t("app.notice.saving_off"))
                app.saving_off = True
                app.changed = True

    def storage_changed(self, values: dict[str, Any], conflict: bool) -> None:
        """The real storage differs from the mirror (another tab wrote, or our writes were
        undone): take its values, then let the app reload what depends on them."""
        if self.mirror is None:
            return
        values = {str(k): (None if v is None else str(v)) for k, v in values.items()
                  if str(k).startswith(STORAGE_PREFIX)}
        self.mirror.refresh(values)
        changed = getattr(self.app, "storage_changed", None)
        if conflict and values and changed is not None:
            changed(sorted(values))
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
        effects = app.take_effects()
        if deciding and not self._deciding:
            # A decision has just come to the player at the screen: the glue scrolls it into
            # view if it is off screen (the only time the page scrolls by itself).
            effects.append({"type": "reveal"})
        self._deciding = deciding
        writes = self.mirror.take_writes() if self.mirror is not None else []
        return {"html": html, "lang": app.lang, "title": app.title(), "effects": effects,
                "say": app.take_announcements(), "writes": writes}

    def guarded(self, message: dict[str, Any]) -> dict[str, Any]:
        """:meth:`event` then :meth:`answer`; a bug is reported, never leaves a dead page."""
        try:
            self.event(message)
        except Exception:
            import traceback
            traceback.print_exc()   # the worker's stderr: the browser console
            try:
                self.app.notice("app.notice.internal")
            except Exception:
                pass
        return self.answer()


_host: Host | None = None


def wire(answer: dict[str, Any]) -> list[str]:
    """An answer as the glue gets it: ``[JSON of everything but the markup, markup]``. The
    markup (about 100 kB for a Wongar table) travels as a plain string, so the glue's
    MicroPython never parses it as JSON; ``morph`` says whether there is any."""
    answer = dict(answer)
    html = answer.pop("html")
    answer["morph"] = html is not None
    return [json.dumps(answer), html or ""]


def start(text: str) -> list[str]:
    """The worker's ``start`` export: JSON text in, :func:`wire` out (module docstring)."""
    global _host
    _host = Host(json.loads(text))
    return wire(_host.answer())


def event(text: str) -> list[str]:
    """The worker's ``event`` export."""
    if _host is None:
        raise RuntimeError("event() before start()")
    return wire(_host.guarded(json.loads(text)))
