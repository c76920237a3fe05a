# The page's main-thread glue, in Python on PyScript's MicroPython (small; it listens long
# before Pyodide is ready). The app itself (rules, bots, screens) runs in Pyodide in the Web
# Worker "rituels" (worker.py, rituels.app.browser): this file only forwards DOM events to it,
# one at a time, and applies its answers -- morphs #app into the new markup (Idiomorph, so
# unchanged elements stay the same nodes and keep focus, scroll and transitions), writes the
# small preferences to localStorage all or nothing (the saved games are in IndexedDB, which
# the worker writes itself), tells the other tabs what was saved (BroadcastChannel), watches
# the worker, and runs effects (timers, URL hash, focus, clipboard, downloads, title). It
# never blocks: every call to the worker is asynchronous and carries plain strings.
import gc
import json

import js
from pyscript import workers
from pyscript.ffi import create_proxy, to_js

PREFIX = "rituels."            # the app's localStorage keys
SAVED = ("rituels.save.", "rituels.entry.", "rituels.saves")   # saved games: not preferences
LEGACY = ("rituels.save.", "rituels.saves")   # what older versions saved in localStorage
CHANNEL = "rituels.saves"      # BroadcastChannel: "these saved-game keys were written" (a
# list), or {"format": n}, a tab's hello: the saves' storage format its build writes
# The watchdog: a message unanswered this long beyond the work its timer allowed (a tick's
# "budget": a bot's search, an analysis slice) means the worker is dead or stuck; long work
# shows a busy mark after SLOW_MS.
DEAD_MS = 4000
# Longer than any game link (rituels.engine.link.MAX_LINK_CHARS): a fragment is cut there.
MAX_HASH = 200_010
SLOW_MS = 1000
IDLE_MS = 50    # between two batches of index entries read after start-up
CLICKABLE = "[data-cmd],[data-action],[data-select],[data-why]"
FOCUSABLE = ("a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),"
             "textarea,[tabindex]:not([tabindex='-1'])")
DECISION = "[data-action],[data-select],[data-cmd=roll],[data-cmd=reveal]"
TURN_ICON = "icons/turn.svg"   # the favicon while a hidden tab waits for you
ANNOUNCE_MAX = 3               # a burst of bot moves reads out only the latest lines
# Messages from the person (not timers): while one is unanswered, <html data-busy> is set,
# so a test (or a style) knows the page has not caught up with the last click yet.
FROM_PERSON = ("click", "change", "key", "hash")
# Effects run after the render, in a task of their own (see Glue.answered).
AFTER_RENDER = ("focus", "focus-next", "reveal", "keep-clear")
# Keys a screen marked data-keys takes (the replay viewer steps with them), unless typed into
# a field (the replay's slider moves with the arrows by itself).
STEP_KEYS = ("ArrowLeft", "ArrowRight", "Home", "End")
FIELDS = ("INPUT", "SELECT", "TEXTAREA")


def data_of(el):
    """An element's data-* attributes as a dict ("data-cmd" -> "cmd")."""
    out = {}
    attributes = el.attributes
    for i in range(attributes.length):
        attr = attributes.item(i)
        name = attr.name
        if name.startswith("data-"):
            out[name[5:]] = attr.value
    return out


def form_of(root):
    """Every named field on screen: checkboxes as booleans, others as text."""
    fields = {}
    found = root.querySelectorAll("input[name],select[name],textarea[name]")
    for i in range(found.length):
        el = found.item(i)
        fields[el.name] = (bool(el.checked) if el.type == "checkbox"
                           else js.window.rituelsText(el.value))
    return fields


def disabled(el):
    return el.hasAttribute("disabled") or el.getAttribute("aria-disabled") == "true"


class Storage:
    """localStorage through boot.js's rituelsStorage, whose calls never throw (MicroPython
    cannot catch a JavaScript exception: a blocked storage or a full quota would kill us)."""

    def __init__(self):
        self.js = js.window.rituelsStorage
        self.on = js.window.rituelsStore.prefs() is not None

    def snapshot(self):
        """The preferences only (store.js): never the saved games, which may be megabytes
        and would not fit MicroPython's heap."""
        text = js.window.rituelsStore.prefs()
        return None if text is None else json.loads(text)

    def apply(self, writes):
        """One event's writes, all or none. Returns None when done, else the message telling
        the worker the real values (a key changed behind its back, or a write failed)."""
        done, conflict, failed = [], False, False
        for key, expected, value in writes:
            read = self.js.read(key)
            if not read[0]:
                failed = True
                break
            if read[1] != expected:
                conflict = True
                break
            if not self.js.write(key, value):
                failed = True
                break
            done.append((key, read[1]))
        if not conflict and not failed:
            return None
        for key, previous in reversed(done):
            self.js.write(key, previous)
        values = {}
        for key, _, _ in writes:
            read = self.js.read(key)
            if read[0]:
                values[key] = read[1]
        return {"kind": "stored", "values": values, "conflict": conflict, "failed": failed}


class Glue:
    def __init__(self):
        self.root = js.document.getElementById("app")
        self.live = self.live_region()
        self.storage = Storage()
        self.worker = None
        self.usual_icon = None   # (href, type) of the page's favicon, read once
        self.hovered = None      # the clickable a mouse click would choose (on_pointer)
        self.queue = []          # messages waiting for the worker, oldest first
        self.busy = False        # one message at a time: answers apply in order
        self.unanswered = 0      # messages FROM_PERSON queued or in flight
        self.current = None      # the message in flight
        self.started = False
        self.keep = []           # JS proxies of our callbacks, alive as long as the page
        self.on_answer = self.proxy(self.answered)
        self.on_error = self.proxy(self.failed)
        self.on_timer = self.proxy(lambda budget=0: self.send({"kind": "tick",
                                                               "budget": budget or 0}))
        self.on_idle = self.proxy(lambda: self.send({"kind": "idle"}))
        self.later = []          # an answer's effects that wait for a task of their own
        self.on_later = self.proxy(self.finish)
        self.channel = None      # BroadcastChannel to the other tabs of the site
        self.sent = 0            # counts messages sent, so a late timer knows its message
        self.watch = None        # the watchdog's timers of the message in flight
        self.dead = False
        self.persist_asked = False
        self.moving = False      # store.js migrate() running (the legacy saves' move)
        self.move_again = False  # an older tab wrote meanwhile: once more after it
        self.on_slow = self.proxy(self.slow)
        self.on_dead = self.proxy(self.declare_dead)

    def proxy(self, fn):
        p = create_proxy(fn)
        self.keep.append(p)
        return p

    def listen(self, target, event, handler):
        def guarded(e):
            try:
                handler(e)
            except Exception as exc:
                js.console.error("rituels glue:", repr(exc))
        target.addEventListener(event, self.proxy(guarded))

    def live_region(self):
        """A polite live region outside #app, so re-rendering never interrupts it."""
        live = js.document.getElementById("live")
        if live is None:
            live = js.document.createElement("div")
            live.id = "live"
            live.className = "visually-hidden"
            live.setAttribute("aria-live", "polite")
            live.setAttribute("role", "status")
            js.document.body.appendChild(live)
        return live

    # --- wiring ----------------------------------------------------------------------------
    def mount(self):
        """Listen at once: events made while the worker starts wait in the queue."""
        self.listen(self.root, "click", self.on_click)
        self.listen(self.root, "pointermove", self.on_pointer)
        self.listen(self.root, "pointerleave", lambda e: self.hover(None))
        self.listen(self.root, "keydown", self.on_key)
        self.listen(self.root, "change", self.on_change)
        self.listen(self.root, "submit", lambda e: e.preventDefault())
        self.listen(js.window, "hashchange", self.on_hash)
        self.listen(js.window, "storage", self.on_storage)
        self.listen(js.document, "keydown", self.on_document_key)
        self.listen(js.document, "visibilitychange", lambda e: self.mark_favicon())
        self.listen(js.document, "click", self.on_page_click)
        if hasattr(js.window, "BroadcastChannel"):
            self.channel = js.BroadcastChannel.new(CHANNEL)
            self.listen(self.channel, "message", self.on_channel)
        workers["rituels"].then(self.proxy(self.worker_ready), self.on_error)
        # The glue listens (timed by the browser benchmark: MicroPython's start-up cost).
        js.document.documentElement.setAttribute("data-glue", "")

    def browser_languages(self):
        # boot.js's helper: navigator.languages as "de-AT,en-US,en" (a JS array is not
        # walked from MicroPython).
        return js.window.rituelsLanguages()

    def worker_ready(self, worker):
        self.worker = worker
        self.busy = True
        # The hash is read now: hash changes queued meanwhile are already in it.
        hashes = [m for m in self.queue if m["kind"] == "hash"]
        self.queue = [m for m in self.queue if m["kind"] != "hash"]
        for message in hashes:
            self.done_with(message)
        # Saves left in localStorage by older versions move to IndexedDB first (store.js,
        # verified before the originals go), so the worker finds them there.
        js.window.rituelsStore.migrate().then(self.proxy(self.migrated))

    def migrated(self, result):
        self.hello()   # tabs of an older build learn that this one owns the saves
        start = {"storage": self.storage.snapshot(), "lang": self.browser_languages(),
                 "hash": js.window.rituelsStore.hash(MAX_HASH),
                 "base": js.location.origin + js.location.pathname,
                 "migration": json.loads(result)}
        self.asked_at = js.performance.now()
        self.worker.start(json.dumps(start)).then(self.proxy(self.first_answer),
                                                  self.on_error)

    def first_answer(self, pair):
        # The worker's start (the saves' head read, the first screen) apart from Pyodide's
        # own: the part that saved games could slow (read by the benchmark, bench_saves.py).
        js.window.rituelsStartMs = js.performance.now() - self.asked_at
        self.answered(pair)   # its finish() marks the page ready

    # --- talking to the worker -------------------------------------------------------------
    def send(self, message, first=False):
        for waiting in self.queue:
            if message["kind"] in ("tick", "idle") and waiting["kind"] == message["kind"]:
                # One is enough; it may work as long as either was allowed to.
                waiting["budget"] = max(waiting.get("budget", 0), message.get("budget", 0))
                return
        if message["kind"] in FROM_PERSON:
            self.unanswered += 1
            js.document.documentElement.setAttribute("data-busy", "")
        if first:
            self.queue.insert(0, message)
        else:
            self.queue.append(message)
        self.pump()

    def pump(self):
        if self.busy or self.worker is None or not self.queue:
            return
        self.busy = True
        self.current = self.queue.pop(0)
        self.watch_over(self.current)
        self.worker.event(json.dumps(self.current)).then(self.on_answer, self.on_error)

    # --- the watchdog ---------------------------------------------------------------------
    def watch_over(self, message):
        """Timers for the message now in flight: after SLOW_MS the page shows it is busy;
        after DEAD_MS beyond the work it may do (a tick's budget), the worker is declared
        dead (the frame's #watch says so and offers « Recharger »). Every message is watched,
        a bot's turn too, and those queued behind it wait at most that long."""
        self.sent += 1
        number = self.sent
        self.unwatch()
        slow = js.setTimeout(self.on_slow, SLOW_MS, number)
        dead = js.setTimeout(self.on_dead, DEAD_MS + message.get("budget", 0), number)
        self.watch = (slow, dead)

    def unwatch(self):
        if self.watch is not None:
            for timer in self.watch:
                if timer is not None:
                    js.clearTimeout(timer)
            self.watch = None
        js.document.documentElement.removeAttribute("data-slow")

    def slow(self, number):
        if number == self.sent and self.current is not None:
            js.document.documentElement.setAttribute("data-slow", "")

    def declare_dead(self, number):
        if number == self.sent and self.current is not None and not self.dead:
            self.dead = True
            js.console.error("rituels: the worker does not answer")
            html = js.document.documentElement
            html.setAttribute("data-dead", "")
            html.removeAttribute("data-slow")
            watch = js.document.getElementById("watch")
            if watch is not None:
                watch.removeAttribute("hidden")
                button = watch.querySelector("button")
                if button is not None:
                    button.focus()

    def revive(self):
        """An answer came after all (a loaded machine, not a dead worker): the notice goes."""
        self.dead = False
        js.document.documentElement.removeAttribute("data-dead")
        watch = js.document.getElementById("watch")
        if watch is not None:
            watch.setAttribute("hidden", "")

    def done_with(self, message):
        if message is not None and message["kind"] in FROM_PERSON:
            self.unanswered -= 1
            if not self.unanswered:
                js.document.documentElement.removeAttribute("data-busy")

    def failed(self, error):
        js.console.error("rituels: the worker failed:", error)
        self.unwatch()
        lost = self.current
        self.busy = False
        self.done_with(self.current)
        self.current = None
        if lost is not None and lost["kind"] != "redraw":
            # Its answer never came, but the worker counts its parts as shown: all again.
            self.send({"kind": "redraw"}, first=True)
        self.pump()

    def answered(self, pair):
        # [JSON of the answer, markup]: the markup is never parsed here, only handed on.
        self.unwatch()
        if self.dead:
            self.revive()
        answer = json.loads(pair[0])
        answer["html"] = pair[1] if answer["morph"] else None
        self.busy = True   # until this answer is applied: a stored message goes first
        if answer.get("broadcast"):
            if self.channel is not None:
                self.channel.postMessage(json.dumps(answer["broadcast"]))
            if not self.persist_asked:   # a game is saved: ask the browser to keep it
                self.persist_asked = True
                js.window.rituelsStore.persist()
        if answer["writes"] and self.storage.on:
            undone = self.storage.apply(answer["writes"])
            if undone is not None:
                self.send(undone, first=True)
        self.show(answer)
        if answer.get("idle"):
            # Index entries are still to be read (start-up read only the head): in small
            # batches, each its own message, so a click waits for one batch at most.
            js.setTimeout(self.on_idle, IDLE_MS)
        else:
            js.document.documentElement.setAttribute("data-indexed", "")
        now = [e for e in answer["effects"] if e["type"] not in AFTER_RENDER]
        self.later = [e for e in answer["effects"] if e["type"] in AFTER_RENDER]
        self.run_all(now)
        if self.later:
            # In a task of their own: focusing or measuring right after a morph forces the
            # page's style and layout inside the morph's task (25 ms at a Wongar game's end).
            js.setTimeout(self.on_later, 0)
        else:
            self.finish()

    def run_all(self, effects):
        for effect in effects:
            try:
                self.run(effect)
            except Exception as exc:
                js.console.error("rituels glue: effect", effect.get("type"), repr(exc))

    def finish(self):
        """The answer is applied: the next message may go (the person's stays busy till now)."""
        if self.later:
            self.run_all(self.later)
            self.later = []
        if not self.started:   # the first answer: the page is live
            self.started = True
            js.document.documentElement.setAttribute("data-ready", "")
        gc.collect()   # frees our proxies of old DOM nodes at once, not at some later time
        self.busy = False
        self.done_with(self.current)
        self.current = None
        self.pump()

    # --- output ----------------------------------------------------------------------------
    def show(self, answer):
        html = js.document.documentElement
        if answer["html"] is None:
            pass
        elif not self.started:
            # The first paint (both languages, nothing live in it) is replaced, not morphed:
            # there is nothing to keep, and matching its two copies would only cost time.
            self.root.innerHTML = answer["html"]
        else:
            # boot.js's options (an opened <details> stays open)
            started = js.performance.now()
            js.Idiomorph.morph(self.root, answer["html"], js.window.rituelsMorphOptions)
            # Read by the browser benchmark (rituels.tools.bench_browser): main-thread cost.
            js.console.debug("rituels:morph", js.performance.now() - started)
            if self.root.querySelector("[data-kept]") is not None:
                # A placeholder found no element of its own to keep (rituels.app.parts).
                js.console.debug("rituels:redraw")   # (e2e tests count these: none expected)
                self.send({"kind": "redraw"}, first=True)
        lang = answer["lang"]
        if html.lang != lang:
            html.lang = lang
            for code in ("fr", "en", "it", "de"):
                html.classList.toggle("lang-" + code, code == lang)
        if js.document.title != answer["title"]:
            js.document.title = answer["title"]
        if answer["html"] is not None and js.document.hidden:
            # Only a hidden tab wears the mark; "visibilitychange" restores the usual icon.
            self.mark_favicon()
        said = answer["say"]
        if said:
            self.live.textContent = " ".join(said[-ANNOUNCE_MAX:])

    def mark_favicon(self):
        """In a hidden tab, while a person here is to act (the frame's .status-yours), the
        favicon wears a red dot (icons/turn.svg); back on the tab, the usual icon."""
        link = js.document.querySelector("link[rel=icon]")
        if link is None:
            return
        if self.usual_icon is None:
            self.usual_icon = (link.getAttribute("href"), link.getAttribute("type") or "")
        turn = js.document.hidden and self.root.querySelector(".status-yours") is not None
        href, kind = (TURN_ICON, "image/svg+xml") if turn else self.usual_icon
        if link.getAttribute("href") != href:
            link.setAttribute("type", kind)
            link.setAttribute("href", href)

    def run(self, effect):
        RUNNERS[effect["type"]](self, effect)   # an unknown kind: logged by run_all

    def focus(self, selector):
        el = self.root.querySelector(selector)
        if el is None:
            return False
        el.focus()
        return True

    def focus_next(self, selector, leaving):
        """The app's FocusNext: the first visible match, without scrolling, if the focus was
        lost, rests where the app put it (tabindex=-1) or is on a ``leaving`` element; never
        out of an open modal dialog."""
        active = js.document.activeElement
        lost = (active is None or active.isSameNode(js.document.body)
                or not active.isConnected or active.getAttribute("tabindex") == "-1"
                or (leaving and active.matches(leaving)))
        if not lost:
            return
        dialog = self.root.querySelector("[aria-modal='true']")
        found = self.root.querySelectorAll(selector)
        for i in range(found.length):
            el = found.item(i)
            if dialog is not None and not dialog.contains(el):
                continue
            if disabled(el) or not el.getClientRects().length:
                continue       # hidden (a duplicate a phone's style hides) or not offered
            el.focus(to_js({"preventScroll": True}))
            return

    def reveal(self):
        """Bring the player's new decision into view, only if none of its choices is on
        screen (a destination on the board is enough: the board then does not move)."""
        found = self.root.querySelectorAll(DECISION)
        height = js.window.innerHeight
        first = None
        for i in range(found.length):
            box = found.item(i).getBoundingClientRect()
            if box.width == 0 and box.height == 0:
                continue          # hidden (e.g. a duplicate that a phone's style hides)
            if box.top >= 0 and box.bottom <= height:
                return
            if first is None:
                first = found.item(i)
        if first is not None:
            first.scrollIntoView(to_js({"block": "nearest"}))

    def keep_clear(self, target, cover):
        """A sheet fixed over the page (``cover``, the coach's answer on a phone) leaves the
        marks it is about (``target``) in view: docked at the foot if they are above it,
        else at the top (<html data-dock="top">) if they are below it, else at the foot with
        the page scrolled once so the marks sit between the sticky status bar and the sheet."""
        html = js.document.documentElement
        html.removeAttribute("data-dock")
        sheet = self.root.querySelector(cover)
        found = self.root.querySelectorAll(target)
        if sheet is None or js.window.getComputedStyle(sheet).position != "fixed":
            return                # a laptop: the answer floats beside the board
        top, bottom = None, None
        for i in range(found.length):
            box = found.item(i).getBoundingClientRect()
            if box.width == 0 and box.height == 0:
                continue
            top = box.top if top is None else min(top, box.top)
            bottom = box.bottom if bottom is None else max(bottom, box.bottom)
        if top is None:
            return
        height = js.window.innerHeight
        bar = self.root.querySelector(".status-bar")
        above = max(0, bar.getBoundingClientRect().bottom) if bar is not None else 0
        foot = sheet.getBoundingClientRect().top
        if top >= above and bottom <= foot:
            return
        html.setAttribute("data-dock", "top")
        if top >= sheet.getBoundingClientRect().bottom and bottom <= height:
            return
        html.removeAttribute("data-dock")
        if bottom - top <= foot - above - 16:
            shift = bottom - (foot - 8) if bottom > foot - 8 else top - (above + 8)
        else:
            shift = top - (above + 8)
        js.window.scrollBy(0, shift)

    def copy_link(self, url):
        """Clipboard write (boot.js: never throws, which MicroPython could not catch); if the
        browser refuses, the share dialog asks to copy by hand."""
        def copied(result):
            if str(result) == "failed":
                self.send({"kind": "click", "data": {"cmd": "share-copy-failed"}})
        js.window.rituelsCopy(url).then(self.proxy(copied))

    def share_link(self, url, title, text):
        """Send a remote game's link (boot.js: share sheet or clipboard; never throws)."""
        def done(result):
            self.send({"kind": "click", "data": {"cmd": "remote-sent", "result": str(result)}})
        js.window.rituelsShare(url, title, text).then(self.proxy(done))

    def download(self, filename, mime, text, url=None):
        """Save a file: the worker's Blob address (``url``), else a Blob of ``text`` made
        here, behind a temporary <a download>."""
        own = url is None
        if own:
            url = js.URL.createObjectURL(js.Blob.new(to_js([text]), to_js({"type": mime})))
        link = js.document.createElement("a")
        link.href = url
        link.download = filename
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        if own:
            js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)

    # --- events ----------------------------------------------------------------------------
    def nearest(self, event):
        """A tap on a hit area (``.hit``: the invisible disc that makes a small piece a 44 px
        target, issue 42): a place drawn right under the finger wins, else the clickable
        whose hit area's centre is nearest, where the areas of close places overlap."""
        x, y = event.clientX, event.clientY
        stack = js.document.elementsFromPoint(x, y)
        best, best_d = None, 0
        for i in range(stack.length):
            el = stack[i]
            if el.tagName.lower() in ("g", "svg", "html", "body") or not el.closest("svg"):
                continue      # groups and the page: only the shapes that were hit
            owner = el.closest(CLICKABLE)
            if not el.classList.contains("hit"):
                if owner is not None:
                    return owner
                continue      # the board's drawing (the path, a label): look further down
            if owner is None:
                continue
            box = el.getBoundingClientRect()
            dx, dy = box.left + box.width / 2 - x, box.top + box.height / 2 - y
            if best is None or dx * dx + dy * dy < best_d:
                best, best_d = owner, dx * dx + dy * dy
        return best

    def on_pointer(self, event):
        """A mouse over the board: the place a click would choose (``nearest`` where hit
        areas overlap) wears ``is-hover``, the games' hover style; CSS's own :hover would
        light the topmost hit area instead (issue 42)."""
        if event.pointerType != "mouse":
            return
        target = event.target
        if target.classList.contains("hit"):
            self.hover(self.nearest(event) or target.closest(CLICKABLE))
        else:
            self.hover(target.closest(CLICKABLE))

    def hover(self, el):
        old = self.hovered
        if old is not None and el is not None and old.isSameNode(el):
            return
        if old is not None:
            old.classList.remove("is-hover")
        self.hovered = el
        if el is not None:
            el.classList.add("is-hover")

    def on_click(self, event):
        el = event.target.closest(CLICKABLE)
        if el is not None and event.target.classList.contains("hit"):
            el = self.nearest(event) or el
        if el is None or not self.root.contains(el):
            return
        if disabled(el):
            event.preventDefault()
            return
        tag = el.tagName.upper()
        if tag == "INPUT":
            return   # file pickers and sliders report through "change"
        if tag == "BUTTON" or el.hasAttribute("data-cmd"):
            event.preventDefault()   # a submit button must not reload the page
        data = data_of(el)
        if data.get("cmd") == "remote-send":
            # A share sheet opens only during the tap itself (user activation): at once, from
            # the page, not after a round trip to the worker.
            field = self.root.querySelector("#send-url")
            if field is not None:
                self.share_link(field.value, data.get("title", ""), data.get("text", ""))
            return
        if "cmd" in data:
            data["form"] = form_of(self.root)
        self.send({"kind": "click", "data": data})

    def on_key(self, event):
        key = event.key
        target = event.target
        if key in ("Enter", " ") and target.getAttribute("role") == "button" \
                and target.tagName.upper() not in ("BUTTON", "A"):
            # SVG and other non-native buttons: Enter and Space act like a click.
            event.preventDefault()
            el = target.closest(CLICKABLE)
            if el is not None and not disabled(el):
                self.send({"kind": "click", "data": data_of(el)})
        elif key == "Tab":
            self.trap_focus(event)

    def on_document_key(self, event):
        key = event.key
        if key in STEP_KEYS:
            target = event.target
            if (self.root.querySelector("[data-keys]") is not None
                    and not event.altKey and not event.ctrlKey and not event.metaKey
                    and (target is None or target.tagName.upper() not in FIELDS)):
                event.preventDefault()     # the page does not scroll: the replay steps
                self.send({"kind": "key", "name": key})
            return
        if key != "Escape":
            return
        # A dialog marks its cancel button with data-escape: Escape presses it.
        cancel = self.root.querySelector("[data-escape]")
        if cancel is not None:
            self.send({"kind": "click", "data": data_of(cancel)})
        else:
            self.send({"kind": "key", "name": "Escape"})

    def on_change(self, event):
        target = event.target
        if not target.hasAttribute("data-cmd"):
            self.send({"kind": "change",
                       "data": {"name": target.name or "", "form": form_of(self.root)}})
            return
        data = data_of(target)
        if target.type != "file":   # a slider: the replay position
            data["value"] = target.value
            self.send({"kind": "change", "data": data})
            return
        files = target.files
        if files is None or not files.length:
            return
        file = files.item(0)
        name = file.name
        target.value = ""   # choosing the same file again fires change again

        data["filename"] = name

        def read(text):
            data["text"] = text
            self.send({"kind": "click", "data": data})

        def staged(result):
            # In the database, the worker takes it from there; else read here (no database:
            # nothing could be saved anyway, a small file still says why).
            if str(result) == "ok":
                data["staged"] = "1"
                self.send({"kind": "click", "data": data})
            else:
                file.text().then(self.proxy(read))
        js.window.rituelsStore.stage(file).then(self.proxy(staged))

    def on_hash(self, event):
        self.send({"kind": "hash", "hash": js.window.rituelsStore.hash(MAX_HASH)})

    def on_storage(self, event):
        """Another tab wrote a preference: the worker's mirror takes the new value. A save
        written there is an older version's (this one saves in IndexedDB): moved."""
        key = event.key
        if key is None:   # cleared: every key may have gone
            self.send({"kind": "storage", "values": self.storage.snapshot() or {},
                       "all": True})
        elif any(key.startswith(p) for p in LEGACY):
            if event.newValue is not None:   # (our own move's removals come back here too)
                self.move_legacy()
        elif key.startswith(PREFIX) and not any(key.startswith(p) for p in SAVED):
            self.send({"kind": "storage", "values": {key: event.newValue}})

    def on_channel(self, event):
        """Another tab saved games (its worker wrote them to IndexedDB): reload those. A
        hello of a newer build stops this tab's writes; an older one is answered."""
        data = json.loads(str(event.data))
        if isinstance(data, dict):
            theirs = data.get("format")
            if type(theirs) is int and theirs > self.format():
                self.send({"kind": "newer"})
            elif type(theirs) is int and theirs < self.format():
                self.hello()
            return
        self.send({"kind": "storage", "keys": [str(k) for k in data]})

    def format(self):
        return int(js.window.rituelsStore.format)

    def hello(self):
        if self.channel is not None:
            self.channel.postMessage(json.dumps({"format": self.format()}))

    def move_legacy(self):
        """An older tab saved a game in localStorage: the same move as at start-up (store.js
        migrate: copied, or held for the worker to merge, verified, then removed), one at a
        time."""
        if self.moving:
            self.move_again = True
            return
        self.moving = True
        js.window.rituelsStore.migrate().then(self.proxy(self.moved_legacy))

    def moved_legacy(self, result):
        self.moving = False
        done = json.loads(result)
        if done.get("newer"):
            self.send({"kind": "newer"})
        else:
            keys = list(done.get("copied") or []) + list(done.get("held") or [])
            if keys:   # the worker reads them (and merges the held ones)
                self.send({"kind": "legacy", "keys": [str(k) for k in keys]})
        if self.move_again:
            self.move_again = False
            self.move_legacy()

    def on_page_click(self, event):
        """« Recharger » of the dead-worker notice (#watch, drawn by the app in advance)."""
        el = event.target.closest("[data-glue=reload]")
        if el is not None:
            js.location.reload()

    def trap_focus(self, event):
        """Keep Tab inside an open modal dialog."""
        dialog = self.root.querySelector("[aria-modal='true']")
        if dialog is None:
            return
        found = dialog.querySelectorAll(FOCUSABLE)
        count = found.length
        if not count:
            return
        active = js.document.activeElement
        # -1: focus is on the dialog's title (tabindex -1) or outside the dialog.
        at = -1
        for i in range(count):
            if found.item(i).isSameNode(active):
                at = i
                break
        if event.shiftKey and at <= 0:
            event.preventDefault()
            found.item(count - 1).focus()
        elif not event.shiftKey and at in (-1, count - 1):
            event.preventDefault()
            found.item(0).focus()


# --- the effects (rituels/app/effects.py: one dataclass each, sent as {"type": kind, ...}) -----
def run_timer(glue, effect):
    js.setTimeout(glue.on_timer, effect["ms"], effect.get("budget_ms", 0))


def run_hash(glue, effect):
    if (js.window.rituelsStore.hash(MAX_HASH) or "#/") != effect["hash"]:
        js.location.hash = effect["hash"]


def run_replace_hash(glue, effect):
    # The replay position: no history entry per step.
    if (js.window.rituelsStore.hash(MAX_HASH) or "#/") != effect["hash"]:
        js.history.replaceState(js.history.state, "", effect["hash"])


def run_bot(glue, effect):
    # Read by the browser benchmark and the pacing test (rituels.tools.bench_play).
    js.console.debug("rituels:bot", effect["game"], effect["ms"], effect["level"])


RUNNERS = {
    "timer": run_timer,
    "hash": run_hash,
    "replace-hash": run_replace_hash,
    "sound": lambda glue, effect: js.window.rituelsChime(),
    "focus": lambda glue, effect: glue.focus(effect["target"]),
    "focus-next": lambda glue, effect: glue.focus_next(effect["target"], effect["leaving"]),
    "reveal": lambda glue, effect: glue.reveal(),
    "keep-clear": lambda glue, effect: glue.keep_clear(effect["target"], effect["cover"]),
    "copy-link": lambda glue, effect: glue.copy_link(
        js.location.origin + js.location.pathname + effect["hash"]),
    "download": lambda glue, effect: glue.download(effect["filename"], effect["mime"],
                                                   effect.get("text"), effect.get("url")),
    "bot": run_bot,
}


glue = Glue()
glue.mount()
