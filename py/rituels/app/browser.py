"""The browser glue: the only module that touches the page (through Pyodide's ``js``).

It mounts an :class:`App` on ``#app``: DOM events (click, keydown, change, hashchange) go to
the app by delegation on one element, the app's markup replaces ``#app``'s content, focus is
kept on the same control across re-renders, new log lines and status are read out through a
polite live region, and the app's effects (timers, URL hash, clipboard, focus) are carried out.
"""

from __future__ import annotations

import traceback
from typing import Any

import js  # type: ignore[import-not-found]  # Pyodide's bridge to the page
from pyodide.ffi import create_once_callable, create_proxy  # type: ignore[import-not-found]

try:  # recent Pyodide turns JS null into `jsnull`, older ones into None
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover
    jsnull = None

from rituels.app.controller import App
from rituels.app.storage import StorageError

CLICKABLE = "[data-cmd],[data-action],[data-select]"
FOCUSABLE = ("a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),"
             "textarea,[tabindex]:not([tabindex='-1'])")
ANNOUNCE_MAX = 3   # a burst of bot moves reads out only the latest lines


class LocalStorage:
    """``localStorage`` behind the app's storage interface; every failure is a StorageError
    (storage disabled by the browser, private mode, quota exceeded)."""

    def __init__(self) -> None:
        try:
            self.ls = js.window.localStorage
            self.ls.getItem("rituels.probe")
        except Exception:  # accessing localStorage itself throws when it is disabled
            self.ls = None

    def _store(self) -> Any:
        if self.ls is None:
            raise StorageError("localStorage is unavailable")
        return self.ls

    def get(self, key: str) -> str | None:
        try:
            value = self._store().getItem(key)
        except StorageError:
            raise
        except Exception as exc:
            raise StorageError(str(exc)) from None
        return None if _null(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self._store().setItem(key, value)
        except StorageError:
            raise
        except Exception as exc:  # QuotaExceededError
            raise StorageError(str(exc)) from None

    def remove(self, key: str) -> None:
        try:
            self._store().removeItem(key)
        except StorageError:
            raise
        except Exception as exc:
            raise StorageError(str(exc)) from None

    def keys(self) -> list[str]:
        try:
            ls = self._store()
            return [str(ls.key(i)) for i in range(int(ls.length))]
        except StorageError:
            raise
        except Exception as exc:
            raise StorageError(str(exc)) from None


def _null(value: Any) -> bool:
    """True for JS null/undefined as Pyodide hands them over."""
    return value is None or value is jsnull


def _data(el: Any) -> dict[str, Any]:
    """An element's ``data-*`` attributes as a dict ("data-cmd" -> "cmd")."""
    out = {}
    attributes = el.attributes
    for i in range(int(attributes.length)):
        attr = attributes.item(i)
        name = str(attr.name)
        if name.startswith("data-"):
            out[name[5:]] = str(attr.value)
    return out


def _form(root: Any) -> dict[str, Any]:
    """Every named field on screen: checkboxes as booleans, others as text."""
    fields = {}
    for el in root.querySelectorAll("input[name],select[name],textarea[name]"):
        name = str(el.name)
        fields[name] = bool(el.checked) if str(el.type) == "checkbox" else str(el.value)
    return fields


def _is_disabled(el: Any) -> bool:
    return bool(el.hasAttribute("disabled")) or el.getAttribute("aria-disabled") == "true"


class Glue:
    def __init__(self, app: App, root: Any, live: Any):
        self.app = app
        self.root = root
        self.live = live
        self._proxies: list[Any] = []   # kept alive for as long as the page lives

    # --- wiring ------------------------------------------------------------------------
    def listen(self, target: Any, event: str, handler: Any) -> None:
        proxy = create_proxy(lambda e: self.guard(handler, e))
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def guard(self, handler: Any, *args: Any) -> None:
        """Run a handler; an unexpected error is logged and shown, never leaves a dead page."""
        try:
            handler(*args)
        except Exception:
            js.console.error(traceback.format_exc())
            try:
                self.app.notice("app.notice.internal")
            except Exception:
                pass
        self.refresh()

    def mount(self) -> None:
        self.listen(self.root, "click", self.on_click)
        self.listen(self.root, "keydown", self.on_key)
        self.listen(self.root, "change", self.on_change)
        self.listen(self.root, "submit", lambda e: e.preventDefault())
        self.listen(js.window, "hashchange", lambda e: self.app.navigate(str(js.location.hash)))
        self.listen(js.document, "keydown", self.on_document_key)
        # Another tab wrote storage: the game on screen follows the stored one.
        self.listen(js.window, "storage", lambda e: self.app.storage_changed(
            [] if _null(e.key) else [str(e.key)]))
        self.app.base_url = str(js.location.origin) + str(js.location.pathname)  # share links
        # Bot decision times at the console's verbose level, read by tools/bench_play.py.
        self.app.on_bot_decision = lambda game, ms: js.console.debug("rituels:bot", game, ms)
        self.app.navigate(str(js.location.hash), force=True)
        self.refresh(force=True)
        js.document.documentElement.setAttribute("data-ready", "")

    # --- events --------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        el = event.target.closest(CLICKABLE)
        if _null(el) or not self.root.contains(el):
            return
        if _is_disabled(el):
            event.preventDefault()
            return
        if str(el.tagName).upper() == "INPUT":
            return  # file pickers and sliders report through "change" (on_command_control)
        if str(el.tagName).upper() == "BUTTON" or el.hasAttribute("data-cmd"):
            event.preventDefault()  # a submit button must not reload the page
        data = _data(el)
        if "cmd" in data:
            data["form"] = _form(self.root)
        self.app.click(data)

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        target = event.target
        if key in ("Enter", " ") and target.getAttribute("role") == "button" \
                and str(target.tagName).upper() not in ("BUTTON", "A"):
            # SVG and other non-native buttons: Enter and Space act like a click.
            event.preventDefault()
            el = target.closest(CLICKABLE)
            if not _null(el) and not _is_disabled(el):
                self.app.click(_data(el))
        elif key == "Tab":
            self.trap_focus(event)

    def on_document_key(self, event: Any) -> None:
        if str(event.key) == "Escape":
            # A dialog marks its cancel button with data-escape: Escape presses it.
            cancel = self.root.querySelector("[data-escape]")
            if not _null(cancel):
                self.app.click(_data(cancel))
            else:
                self.app.key("Escape")

    def on_change(self, event: Any) -> None:
        target = event.target
        if target.hasAttribute("data-cmd"):
            self.on_command_control(target)
            return
        self.app.change({"name": str(target.name or ""), "form": _form(self.root)})

    def on_command_control(self, target: Any) -> None:
        """A control with its own command: a file input (import a game: the file's text is
        read, then sent) or a slider (the replay position, sent as ``value``)."""
        data = _data(target)
        if str(target.type) != "file":
            self.app.change(dict(data, value=str(target.value)))
            return
        files = target.files
        if _null(files) or not files.length:
            return
        file = files.item(0)
        name = str(file.name)
        target.value = ""  # choosing the same file again fires change again
        file.text().then(create_once_callable(
            lambda text: self.guard(self.app.click, dict(data, text=str(text), filename=name))))

    def trap_focus(self, event: Any) -> None:
        """Keep Tab inside an open modal dialog."""
        dialog = self.root.querySelector("[aria-modal='true']")
        if _null(dialog):
            return
        items = list(dialog.querySelectorAll(FOCUSABLE))
        if not items:
            return
        active = js.document.activeElement
        # -1: focus is on the dialog's title (tabindex -1) or outside the dialog.
        at = next((i for i, el in enumerate(items) if el.isSameNode(active)), -1)
        if event.shiftKey and at <= 0:
            event.preventDefault()
            items[-1].focus()
        elif not event.shiftKey and at in (-1, len(items) - 1):
            event.preventDefault()
            items[0].focus()

    def tick(self) -> None:
        self.guard(self.app.tick)

    # --- output --------------------------------------------------------------------------
    def _focus_selector(self) -> str | None:
        """A selector that finds the focused control again after the markup is replaced."""
        el = js.document.activeElement
        if _null(el) or not self.root.contains(el):
            return None
        esc = js.CSS.escape
        if el.id:
            return "#" + str(esc(el.id))
        for name in ("data-action", "data-select", "data-cmd"):
            if el.hasAttribute(name):
                sel = f'[{name}="{esc(el.getAttribute(name))}"]'
                for extra in ("data-lang", "data-game", "data-id"):
                    if el.hasAttribute(extra):
                        sel += f'[{extra}="{esc(el.getAttribute(extra))}"]'
                return sel
        if el.hasAttribute("href"):
            return f'[href="{esc(el.getAttribute("href"))}"]'
        return None

    def refresh(self, force: bool = False) -> None:
        app = self.app
        if app.changed or force:
            keep = self._focus_selector()
            self.root.innerHTML = app.render()
            html = js.document.documentElement
            html.lang = app.lang
            for code in ("fr", "en"):
                html.classList.toggle("lang-" + code, code == app.lang)
            js.document.title = app.title()
            if keep and not self.focus(keep):
                # The control is gone (its move was played): continue from the status line,
                # so keyboard users go on from where the game is.
                self.focus("#status")
        for effect in app.take_effects():
            self.run(effect)
        said = app.take_announcements()
        if said:
            self.live.textContent = " ".join(said[-ANNOUNCE_MAX:])

    def focus(self, selector: str) -> bool:
        el = self.root.querySelector(selector)
        if _null(el):
            return False
        el.focus()
        return True

    def run(self, effect: dict[str, Any]) -> None:
        kind = effect.get("type")
        if kind == "timer":
            js.window.setTimeout(create_once_callable(self.tick), effect["ms"])
        elif kind == "hash":
            if str(js.location.hash or "#/") != effect["hash"]:
                js.location.hash = effect["hash"]
        elif kind == "replace-hash":  # the replay position: no history entry per step
            js.history.replaceState(None, "", effect["hash"])
        elif kind == "focus":
            self.focus(effect["target"])
        elif kind == "copy":
            js.navigator.clipboard.writeText(effect["text"])
        elif kind == "copy-link":
            self.copy_link(str(js.location.origin) + str(js.location.pathname) + effect["hash"])
        elif kind == "download":
            self.download(effect["filename"], effect["mime"], effect["text"])
        elif kind == "sound":
            self.chime()

    def chime(self) -> None:
        """A short soft tone ("your turn"; the player turns it on in the game menu)."""
        try:
            if getattr(self, "_audio", None) is None:
                self._audio = js.AudioContext.new()
            audio = self._audio
            tone, gain = audio.createOscillator(), audio.createGain()
            tone.frequency.value = 660
            gain.gain.setValueAtTime(0.12, audio.currentTime)
            gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35)
            tone.connect(gain)
            gain.connect(audio.destination)
            tone.start()
            tone.stop(audio.currentTime + 0.35)
        except Exception:  # no Web Audio (or blocked): the cue is optional
            pass

    def copy_link(self, url: str) -> None:
        """Clipboard write; if the browser refuses, the share dialog asks to copy by hand."""
        def refused(*_: Any) -> None:
            self.guard(self.app.click, {"cmd": "share-copy-failed"})
        try:
            js.navigator.clipboard.writeText(url).catch(create_once_callable(refused))
        except Exception:  # no clipboard API (insecure context, old browser)
            refused()

    def download(self, filename: str, mime: str, text: str) -> None:
        """Save ``text`` as a file: a Blob behind a temporary <a download>."""
        from pyodide.ffi import to_js  # type: ignore[import-not-found]

        blob = js.Blob.new(to_js([text]), to_js({"type": mime},
                                                 dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        link = js.document.createElement("a")
        link.href, link.download = url, filename
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        js.window.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 1000)


def _live_region() -> Any:
    """A polite live region outside #app, so re-rendering never interrupts it."""
    live = js.document.getElementById("live")
    if _null(live):
        live = js.document.createElement("div")
        live.id = "live"
        live.className = "visually-hidden"
        live.setAttribute("aria-live", "polite")
        live.setAttribute("role", "status")
        js.document.body.appendChild(live)
    return live


def mount() -> Glue:
    storage = LocalStorage()
    app = App(storage, str(js.navigator.language or ""))
    glue = Glue(app, js.document.getElementById("app"), _live_region())
    glue.mount()
    return glue
