"""The whole UI as a pure-Python model: routes, language, the game being played, bots, saves.

The browser glue (browser.py) feeds it events -- ``navigate(hash)``, ``click(data)``,
``change(data)``, ``key(name)``, ``tick()`` -- sets ``render()`` into the page, and carries out
the effects it queues in ``effects`` (timers, URL hash, clipboard, focus). Tests do the same with
a dict storage and no browser.

Features live in their own modules (``library`` = my games, ``replay``, ``sharing`` = share
links, ``takeback`` = undo, ...), each declaring one :class:`rituels.app.registry.Feature`; the
app installs the list of rituels/app/features.py (``INSTALLED``) and keeps each feature's
state under its name (``app.features``). Screens (rituels.screens) are only
views: a click is handled here or in a feature module, a move is applied by :class:`App`
(``apply``), drawn by the screen and the game's view, and saved by :mod:`rituels.app.saves`.
"""

from __future__ import annotations

import json
import math
import os
import random
import time
from dataclasses import dataclass
from typing import Any, Callable

from rituels.app import coach, lastturn, remote, stats
from rituels.app.effects import Effect, Focus, FocusNext, Hash, Sound, Timer
from rituels.app.effects import to_json as effects_json
from rituels.app.features import FEATURES
from rituels.app.registry import Feature, Hook, Installed, MenuItem, install
from rituels.app.saves import ENTRY_PREFIX, RECORD_PREFIX, SaveStore, StaleSave
from rituels.app.session import Session, load_view
from rituels.app.storage import StorageError
from rituels.app.testseam import TEST_KEY, TestSettings, read_test_settings
from rituels.engine import game as game_registry
from rituels.engine.bots import RandomBot
from rituels.engine.record import RecordError, new_record
from rituels.engine.safeinput import printable
from rituels.engine.state import CHANCE, IllegalAction, NotationError
from rituels.i18n import DEFAULT_LANG, LANGS, t
from rituels.screens import home, layout, newgame, play, rules
from rituels.screens.mygames import describe_error
from rituels.viewkit import ViewContext

PACE_S = 0.9        # bots and automatic rolls act at a pace people can follow
SLICE_S = 0.03      # a bot thinks at most this long before the page gets a turn
LANG_KEY = "rituels.lang"
PACE_KEY = "rituels.pace"   # seconds per automatic move, a player setting (tests use it too)
SOUND_KEY = "rituels.sound"  # "on": a short sound when it becomes your turn (off by default)
# What the keyboard goes on to after a move (App.next_focus): any choice of the decision,
# and once a piece is picked, a destination (a further step is one Tab away).
CHOICES = "#main [data-action], #main [data-select]"
NEXT_STEP = "#main [data-action]"
AUTO_CHANCE_LIMIT = 2000  # set-up shuffles done at once; a bound so a bug cannot hang the page


def parse_hash(hash_: str) -> tuple[str, str]:
    """``#/play/abc`` -> ("play", "abc"); ``#g=...`` -> ("link", "..."); ``#/`` -> ("home", "")."""
    h = (hash_ or "").lstrip("#")
    if h.startswith("g="):
        return "link", h[2:]
    parts = h.strip("/").split("/", 1)
    name = parts[0] or "home"
    return name, parts[1] if len(parts) > 1 else ""


def pick_lang(stored: str | None, browser_lang: str) -> str:
    """The remembered language, else the first of the browser's preferred languages
    (``navigator.languages``, sent comma-separated: "de-AT,en-US,en") that the app speaks,
    else French."""
    if stored in LANGS:
        return stored
    for tag in (browser_lang or "").split(","):
        primary = tag.strip().split("-")[0].split("_")[0].lower()
        if primary in LANGS:
            return primary
    return DEFAULT_LANG


# "Lente" and "Normale" as stored before issue 24 (0.6 s a step flashed past): a stored old
# choice means the same choice now.
OLD_PACES = {"1.2": 1.6, "0.6": 0.9}


def read_pace(text: str | None, default: float) -> float:
    """The stored pace of bots (0 to 3 seconds), or the default if unset or unreadable."""
    if text in OLD_PACES:
        return OLD_PACES[text]
    try:
        pace = float(text) if text is not None and len(text) < 20 else default
    except (TypeError, ValueError):
        return default
    return min(max(pace, 0.0), 3.0) if math.isfinite(pace) else default


@dataclass
class Job:
    """Work the app does by itself between frames: a bot thinking, or an automatic roll."""

    key: tuple                   # (session id, number of actions): stale once the game moves
    started: float
    gen: Any = None              # the bot's think() generator
    action: Any = None
    done: bool = False


class App:
    def __init__(self, storage: Any, browser_lang: str = "", *, pace_s: float = PACE_S,
                 slice_s: float = SLICE_S, clock: Callable[[], float] = time.monotonic,
                 rng: random.Random | None = None):
        self.storage = storage
        self.saves = SaveStore(storage)
        self.pace_s = pace_s
        self.slice_s = slice_s
        self.clock = clock
        self.rng = rng or random.Random(os.urandom(16))
        self.test = TestSettings()   # what a browser test asked for (rituels.app.testseam)
        self.dev_bots = False
        self.effects: list[Effect] = []
        self.features: dict[str, Any] = {name: make() for name, make in INSTALLED.states}
        self.base_url = ""   # the page's address without its fragment (set by the Host)
        self.space: dict[str, Any] | None = None   # the storage estimate (set by the Host)
        self.stored: dict[str, Any] = {}   # the saves' storage beyond the list (the Host)
        self.announcements: list[str] = []
        self.notices: list[dict[str, str]] = []
        self.changed = True
        self.saving_off = False
        # A newer version of the app owns the saves (rituels.app.browser): nothing is written.
        self.superseded = False
        self.sound = False
        try:
            stored = storage.get(LANG_KEY)
            self.sound = storage.get(SOUND_KEY) == "on"
            self.pace_s = read_pace(storage.get(PACE_KEY), pace_s)
            seam = read_test_settings(storage.get(TEST_KEY))
            self.test = seam or self.test
            self.dev_bots = seam is not None   # the dialog also offers "easy" and "strong"
            storage.keys()
        except StorageError:
            stored, self.saving_off = None, True
        self.test.apply_ratings()
        if rng is None and self.test.seed is not None:
            self.rng = self.test.rng()
        self.lang = pick_lang(stored, browser_lang)
        self.route: tuple[str, str] | None = None
        self.screen: Callable[[App], str] = home_screen
        self.session: Session | None = None
        self.draft: dict[str, Any] | None = None
        self.broken: dict[str, Any] | None = None
        self._job: Job | None = None
        self._timer_pending = False
        self._advancing = False
        self.menu_open = False      # the phone's "⋯" game menu
        self.menu_was_open = False  # ... before the click being handled
        self.log_open = True        # the game's log column (folded away on request)
        self.rules_open = False     # the rules over the game (the game waits meanwhile)
        self.rules_from_menu = False  # ... opened from the phone menu (reopened on close)
        self._yours = False         # a local person was to act at the last move (sound cue)
        # Told (game id, ms from the start of thinking to the choice, the seat's bot kind:
        # a level "1".."5", or an older "strong"/"easy") each time a bot has decided: the
        # glue logs it for the browser benchmark (tools/bench_play.py), per level.
        self.on_bot_decision: Callable[[str, float, str], None] | None = None

    # --- small helpers -----------------------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        return t(self.lang, key, **params)

    def notice(self, key: str, kind: str = "error", **params: Any) -> None:
        text = self.t(key, **params)
        self.notices.append({"kind": kind, "text": text})
        self.announcements.append(text)
        self.changed = True

    def go(self, hash_: str) -> None:
        """Navigate and put the new hash in the address bar."""
        self.effects.append(Hash(hash_))
        self.navigate(hash_, force=True)

    def schedule(self, seconds: float, work_s: float = 0.0) -> None:
        """Ask the page for a tick in ``seconds`` (one pending at a time) that may work for
        ``work_s`` (the glue's watchdog allows for it; the largest asked for wins)."""
        budget = max(0, int(work_s * 1000))
        if not self._timer_pending:
            self._timer_pending = True
            self.effects.append(Timer(max(0, int(seconds * 1000)), budget))
            return
        for i, effect in enumerate(self.effects):
            if isinstance(effect, Timer) and effect.budget_ms < budget:
                self.effects[i] = Timer(effect.ms, budget)

    def hooks(self, kind: str) -> tuple[Hook, ...]:
        """The installed features' hooks of one kind (rituels.app.registry.HOOKS), in order."""
        return INSTALLED.hooks[kind]

    def take_effects(self) -> list[dict[str, Any]]:
        """The queued effects as the glue reads them (plain dicts), and the queue emptied."""
        out, self.effects = self.effects, []
        return [effects_json(effect) for effect in out]

    def take_announcements(self) -> list[str]:
        out, self.announcements = self.announcements, []
        return [printable(line) for line in out]

    # --- events from the glue ------------------------------------------------------------
    def navigate(self, hash_: str, force: bool = False) -> None:
        where = parse_hash(hash_)
        if where == self.route and not force:
            return
        self.route = where
        self.notices = []
        self.menu_open = self.rules_open = False
        self.draft = None
        self.broken = None
        self.changed = True
        handler = INSTALLED.routes.get(where[0])
        if handler is None:
            self.route = ("home", "")
            self.screen = home_screen
            self.notice("app.notice.unknown_page")
            self.effects.append(Hash("#/"))
            return
        self.effects.append(Focus("#main-title"))
        handler(self, where[1])  # may move focus elsewhere (a dialog)
        self.advance()

    def click(self, data: dict[str, Any]) -> None:
        data = dict(data or {})
        self.notices = []
        self.changed = True
        self.menu_was_open = self.menu_open
        if data.get("cmd") != "menu":
            self.menu_open = False   # any choice closes the phone menu
        if data.get("cmd"):
            handler = INSTALLED.commands.get(data["cmd"])
            if handler is not None:
                handler(self, data)
        elif any(hook(self, data) for hook in INSTALLED.hooks["board_click"]):
            pass   # a feature took the tap (a lesson's step, "why not")
        elif "action" in data:
            self.play_notation(str(data["action"]))
        elif "select" in data:
            self.select(str(data["select"]))

    def change(self, data: dict[str, Any]) -> None:
        """A form field changed (the glue sends every field's value in ``data["form"]``).
        A control with its own ``data-cmd`` (replay slider, file import) runs that command
        with the control's ``value`` (or the file's ``text``) in ``data``."""
        if (data or {}).get("cmd") in INSTALLED.commands:
            self.click(data)
            return
        if self.draft is not None:
            before = self.draft
            self.draft = newgame.read_form(before, data.get("form") or {})
            # Typing a name changes nothing else on screen: re-rendering then would replace
            # the button being clicked (the change event fires on blur, between mousedown
            # and click) and the click would be lost.
            self.changed = newgame.layout_key(self.draft) != newgame.layout_key(before)

    def key(self, name: str) -> None:
        if any(hook(self, name) for hook in INSTALLED.hooks["key"]):
            return   # a feature took the key (the replay's arrows, Escape stopping playback)
        if name != "Escape":
            return
        if self.menu_open:
            self.menu_open = False
            self.changed = True
            self.effects.append(Focus("[data-cmd=menu]"))
        elif self.session is not None and self.route and self.route[0] == "play" \
                and self.session.selection:
            self.session.selection = ""
            self.changed = True
        elif self.route and self.route[0] == "new":
            self.go("#/")

    def tick(self) -> None:
        self._timer_pending = False
        for hook in INSTALLED.hooks["tick"]:
            hook(self)
        self.advance()

    # --- language ------------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        if lang not in LANGS:
            return
        self.lang = lang
        if self.session is not None:
            self.session.set_lang(lang)
        try:
            self.storage.set(LANG_KEY, lang)
        except StorageError:
            self.saving_off = True
        self.changed = True

    def set_pace(self, seconds: float) -> None:
        """The bots' pace, remembered like the language."""
        self.pace_s = seconds
        try:
            self.storage.set(PACE_KEY, str(seconds))
        except StorageError:
            self.saving_off = True

    # --- games ---------------------------------------------------------------------------
    def open_record(self, save_id: str, record: dict[str, Any], rev: int = 0) -> None:
        """Make ``record`` the game on screen (replayed; RecordError if it is damaged);
        ``rev`` is the stored revision it was read at (0: not stored yet)."""
        self.session = Session(save_id, record, self.lang)
        self.session.rev = rev
        self.session.synced = len(self.session.record["actions"]) if rev else 0
        self._job = None
        self.screen = play_screen
        self.changed = True

    def start_game(self, game_id: str, seats: list[dict[str, Any]], options: dict[str, Any],
                   coach: bool = False) -> None:
        meta = {"started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        meta.update(remote.setup_meta(self, seats))   # people elsewhere: a game id
        if coach:
            meta["coach"] = True
        record = new_record(game_id, seats, options, meta)
        save_id = self.new_save_id()
        self.open_record(save_id, record)
        self.save()
        self.go(f"#/play/{save_id}")

    def new_save_id(self) -> str:
        try:
            return self.saves.new_id()
        except StorageError:   # storage off: the game still gets an id, in memory only
            self.saving_off = True
            return "local" + format(self.rng.getrandbits(32), "x")

    def save(self) -> None:
        """Autosave the session; on failure the game goes on and a notice says so."""
        s = self.session
        if s is None:
            return
        try:
            s.rev = self.saves.put(s.save_id, s.record, finished=s.state.is_terminal(),
                                   base_rev=s.rev, state=s.state)
            s.synced = len(s.record["actions"])
            self.saving_off = False
        except StaleSave:
            self._lost_race(s)
        except StorageError:
            if not self.saving_off:
                self.announcements.append(self.t("app.notice.saving_off"))
            self.saving_off = True

    # --- one game, one writer (other tabs) --------------------------------------------------
    def _lost_race(self, s: Session) -> None:
        """Another tab wrote this game since this tab read it: this tab's write was refused.
        If only its details changed there (a rename), write again on top of them; if moves
        changed, show the stored game and say so (the move made here is not kept)."""
        try:
            record, rev = self.saves.read(s.save_id)
        except KeyError:
            self._gone(s)
            return
        except (RecordError, StorageError):
            return
        if record["actions"] == s.record["actions"][:s.synced]:
            s.record["meta"], s.rev = record["meta"], rev
            self.save()
            return
        self._reload(s, record, rev)

    def _reload(self, s: Session, record: dict[str, Any], rev: int) -> None:
        moved = record["actions"] != s.record["actions"]
        if self.playing() is not s:
            self.session = None          # read again from storage when it is opened
            return
        revealed = s.revealed
        try:
            self.open_record(s.save_id, record, rev)
        except Exception:  # unreadable now: the play route shows why when it is opened
            self.session = None
            self.go(f"#/play/{s.save_id}")
            return
        self.session.revealed = revealed     # the same person is still at the device
        if moved:
            self.notice("app.notice.other_tab", kind="info")
            self.effects.append(Focus("#status"))
        self.changed = True
        self.advance()

    def _gone(self, s: Session) -> None:
        self.session = None
        if self.route and self.route[0] == "play":
            self.go("#/")
            self.notice("app.notice.deleted_elsewhere")

    def storage_changed(self, keys: list[str] | None) -> None:
        """Another tab changed storage (the browser's ``storage`` event; an empty list: it
        was cleared, anything may have changed). The game on screen follows the stored one;
        lists are drawn again."""
        keys = [str(k) for k in keys or []]
        s = self.session
        if s is not None and (not keys or SaveStore.key(s.save_id) in keys):
            try:
                record, rev = self.saves.read(s.save_id)
            except KeyError:
                self._gone(s)
                record = None
            except (RecordError, StorageError):
                record = None
            # Same revision but other moves: two tabs wrote at the same instant (storage is
            # not transactional across tabs) and this tab's write lost: say so.
            if record is not None and (rev != s.rev or record["actions"] != s.record["actions"]):
                self._reload(s, record, rev)
        if not keys or any(k.startswith((ENTRY_PREFIX, RECORD_PREFIX)) for k in keys):
            if self.route and self.route[0] in ("home", "games"):
                self.changed = True

    def playing(self) -> Session | None:
        """The session when the game screen is shown."""
        if self.route and self.route[0] == "play" and self.screen is play_screen:
            return self.session
        return None

    def play_notation(self, text: str) -> None:
        s = self.playing()
        if s is None or not s.human_to_decide():
            self.notice("app.notice.not_your_turn", kind="info")
            return
        try:
            action = s.state.str_to_action(text)
        except NotationError:
            self.notice("app.notice.illegal")
            return
        if action not in s.state.legal_actions():
            self.notice("app.notice.illegal")
            return
        self.apply(action)

    def select(self, token: str) -> None:
        s = self.playing()
        if s is not None and s.human_to_decide():
            s.selection = token
            self.changed = True

    def apply(self, action: Any) -> None:
        """Play one action or chance outcome on the current game, log it, save."""
        s = self.session
        assert s is not None
        try:
            lines = s.play(action)
        except IllegalAction:
            self.notice("app.notice.illegal")
            return
        self._after_play(s, lines)

    def _after_play(self, s: Session, lines: list[str]) -> None:
        self.announcements.extend(lines)
        self._job = None
        self.save()
        yours = self.yours()
        if yours and not self._yours and self.sound:
            self.effects.append(Sound("your-turn"))
        self._yours = yours
        if s.state.is_terminal():
            self.announcements.append(s.view.result(s.state, s.ctx(self.lang, False)))
            self.effects.append(Focus("#end-title"))
        elif s.human_to_decide() or s.human_to_roll():
            self.announcements.append(s.view.status(s.state, s.ctx(self.lang)))
        self.changed = True
        self.advance()

    # --- what happens by itself: bots, automatic rolls and draws -------------------------
    def advance(self) -> None:
        """Do what is due now; a loop, not recursion, so a fast game cannot overflow."""
        if self._advancing:
            return
        self._advancing = True
        try:
            while self._step():
                pass
        finally:
            self._advancing = False

    def _step(self) -> bool:
        """One automatic move if it is due (True), else schedule a timer or wait (False)."""
        s = self.playing()
        if s is None or s.state.is_terminal() or s.needs_handover():
            self._job = None
            return False
        if self.rules_open:
            return False   # nothing moves while the rules are read
        if s.human_to_decide() or s.human_to_roll() or s.remote_actor() is not None:
            return False   # a person decides, here or on another device
        key = (id(s), len(s.record["actions"]))
        if self._job is None or self._job.key != key:
            self._job = Job(key, self.clock())
        job = self._job
        player = s.state.current_player()
        if player == CHANCE:
            # Other people's rolls wait a moment so they can be watched; a deal at the very
            # start of a game does not.
            wait = self.pace_s - (self.clock() - job.started) if s.record["actions"] else 0
            if wait > 0:
                self.schedule(wait)
                return False
            self._auto_chance(s)
            return True
        if job.gen is None and not job.done:
            # Start thinking in a task of its own: the move just played is drawn first.
            job.gen = self._bot(s, player).think(s.state.clone(), player)
            self.schedule(0, self._think_budget(s, player))
            return False
        if not job.done:
            self._think(s, player, job)
            if not job.done:
                self.schedule(0, self._think_budget(s, player))
                return False
            if self.on_bot_decision is not None:
                self.on_bot_decision(s.record["game"], (self.clock() - job.started) * 1000,
                                     s.record["seats"][player]["bot"])
        wait = self.pace_s - (self.clock() - job.started)
        if wait > 0:
            self.schedule(wait)
            return False
        self.apply(job.action)
        return True

    def _auto_chance(self, s: Session) -> None:
        """Sample this chance node, then at once any table draws (no owner) that follow it:
        a deal of several cards is one event to watch, not one per card."""
        lines = s.play(self.draw_chance(s.state))
        steps = 0
        while s.state.current_player() == CHANCE and s.state.chance_owner() is None \
                and steps < AUTO_CHANCE_LIMIT:
            lines += s.play(self.draw_chance(s.state))
            steps += 1
        self._after_play(s, lines)

    def draw_chance(self, state: Any) -> Any:
        """A chance outcome for the game on screen: sampled, or scripted by a test."""
        return self.test.draw(state, self.rng)

    def _think(self, s: Session, player: int, job: Job) -> None:
        """Run the bot's generator for at most one slice."""
        end = time.perf_counter() + self.slice_s
        try:
            while time.perf_counter() < end:
                next(job.gen)
        except StopIteration as finished:
            job.action, job.done = finished.value, True
        except Exception:  # a bot bug must not stop the game: fall back to a legal move
            job.action, job.done = self.rng.choice(s.state.legal_actions()), True
        if job.done and job.action not in s.state.legal_actions():
            job.action = self.rng.choice(s.state.legal_actions())

    def _think_budget(self, s: Session, player: int) -> float:
        """How long the next tick may think: the bot's time budget (0 for one that stops on
        a count, e.g. the easy bots), at most a slice."""
        return min(self.slice_s, float(getattr(self._bot(s, player), "budget_s", 0.0) or 0.0))

    def _bot(self, s: Session, player: int) -> Any:
        if player not in s.bots:
            level = s.record["seats"][player]["bot"]
            factory = (self.test.bot_factory(s.game, level) or s.game.bots.get("easy")
                       or RandomBot)
            s.bots[player] = factory(self.rng.getrandbits(32))
        return s.bots[player]

    # --- output --------------------------------------------------------------------------
    def yours(self) -> bool:
        """A person at this device is to act in the game on screen."""
        s = self.playing()
        return s is not None and (s.human_to_decide() or s.human_to_roll())

    def next_focus(self) -> FocusNext | None:
        """Where the keyboard goes once the page has changed on the game screen: the next
        choice offered to the person here (the roll, the first of the choices; once a piece
        is picked, its first destination), else the status line while others play. None
        where the app leaves the focus alone (no game, the rules open over it, the end,
        whose title the move itself focused)."""
        s = self.playing()
        if s is None or self.rules_open or s.state.is_terminal():
            return None
        if s.needs_handover():
            return FocusNext("#main [data-cmd=reveal]")
        if s.human_to_roll():
            return FocusNext("#main [data-cmd=roll]")
        if s.human_to_decide():
            if s.selection:
                return FocusNext(NEXT_STEP, leaving="#main [data-select]")
            return FocusNext(CHOICES)
        return FocusNext("#status")

    def title(self) -> str:
        s = self.playing()
        if s is not None:
            title = f"{self.t('app.game.' + s.record['game'] + '.name')} — {self.t('app.title')}"
            return self.t("app.title_yours", title=title) if self.yours() else title
        return self.t("app.title")

    def render(self) -> str:
        self.changed = False
        body = self.screen(self) + "".join(overlay(self) for overlay in INSTALLED.hooks["overlay"])
        notices, toast = list(self.notices), []
        if self.playing() is not None:
            # On the game screen a tap's answer floats over the board (layout.toast_markup):
            # in the page it pushed the board down, or appeared out of a phone's view.
            # A notice with a button stays in the page.
            buttoned = [n for n in notices if n.get("cmd") or n.get("glue")]
            notices, toast = buttoned, [n for n in notices if n not in buttoned]
        if self.superseded:
            # Reload to the newer version; a game on screen can be downloaded first (its
            # moves since are in memory only, and a record file every version imports).
            playing = self.playing() is not None
            notices.insert(0, {"kind": "warning",
                               "text": self.t("storage.newer_playing" if playing
                                              else "storage.newer"),
                               "glue": "reload", "glue_button": self.t("storage.reload"),
                               **({"cmd": "play-download", "button": self.t("storage.download")}
                                  if playing else {})})
        elif self.saving_off and self.playing() is not None:
            # The game goes on in memory (rituels.app.browser): a copy can be kept at once.
            notices.insert(0, {"kind": "warning", "text": self.t("storage.not_saved"),
                               "cmd": "play-download", "button": self.t("storage.download")})
        elif self.saving_off:
            notices.insert(0, {"kind": "warning", "text": self.t("app.notice.saving_off")})
        nav = [(self.t(item.label), item.href) for item in INSTALLED.nav if item.enabled(self)]
        return printable(layout.page(self.lang, body, nav=nav, notices=notices, watched=True,
                                     toast=toast))


# --- screens (the markup of the current route, from the app's model) ----------------------
def home_screen(app: App) -> str:
    try:
        entries = app.saves.list()
    except StorageError:
        entries = []
        app.saving_off = True
    return home.render(app.lang, saves=entries)


def play_screen(app: App) -> str:
    s = app.session
    if s is None:
        return home_screen(app)
    lang = app.lang
    game_name = app.t(f"app.game.{s.record['game']}.name")
    # Header links are not repeated in the game menu.
    nav = {item.href for item in INSTALLED.nav}
    menu = [(app.t(m.label), m.cmd, m.href, m.enabled(app), m.hint(app))
            for m in INSTALLED.play_menu if not (m.href and m.href in nav)]
    menu.append((app.t("app.menu.sound"), "sound", "", True, "",
                 "true" if app.sound else "false"))
    frame = {"game_name": game_name, "menu": menu, "log": s.log, "menu_open": app.menu_open,
             "log_open": app.log_open}
    rules_over = rules_overlay(app, s.record["game"]) if app.rules_open else ""
    if s.needs_handover():
        actor = s.actor()
        return play.render(lang, handover=(actor, s.names[actor]), **frame) + rules_over
    ctx = s.ctx(lang)
    board = s.view.render(s.state, ctx)
    for board_filter in INSTALLED.hooks["board_filter"]:
        board = board_filter(app, board)
    end = None
    if s.state.is_terminal():
        status = s.view.result(s.state, ctx)
        standings = s.view.standings   # optional: the end table
        end = {"text": status, "winners": [s.names[p] for p in s.state.winners()],
               "table": standings(s.state, ctx) if standings else "",
               "rating": stats.end_line(app, s)}
    else:
        status = remote.waiting_status(app, s) or s.view.status(s.state, ctx)
    if remote.waiting_status(app, s):   # the log says it too: whose device has the game
        frame["log"] = s.log + [status]
    roll = None
    if s.human_to_roll():
        label = s.view.roll_label   # optional: the game's own word for the roll
        roll = label(s.state, ctx) if label else app.t("app.play.roll")
    # A bot or the table is about to move (the status says who): show that something is on.
    waiting = not s.state.is_terminal() and not (s.human_to_decide() or s.human_to_roll()
                                                 or s.remote_actor() is not None)
    return play.render(lang, board=board, status=status, roll=roll, end=end, waiting=waiting,
                       send=remote.send_panel(app, s),
                       selection=bool(s.selection and s.human_to_decide()),
                       yours=app.yours(), last=lastturn.summary(app, s),
                       tools="".join(tool(app) for tool in INSTALLED.hooks["status_tool"]),
                       side="".join(part(app) for part in INSTALLED.hooks["side"]),
                       **frame) + rules_over


def new_game_screen(app: App) -> str:
    # The dialog covers the page's notice area: its own problems are shown inside it.
    errors = [n["text"] for n in app.notices]
    app.notices = []
    return home_screen(app) + newgame.render(app.lang, app.draft, errors,
                                              dev=app.dev_bots)


def _help_page(app: App, game_id: str) -> str | None:
    try:
        return load_view(game_id).help_page(_plain_ctx(app))
    except Exception:  # a missing or broken view: the page says the rules are unavailable
        return None


def rules_screen(app: App) -> str:
    game_id = app.route[1] if app.route else ""
    return rules.render(app.lang, game_id, _help_page(app, game_id))


def rules_overlay(app: App, game_id: str) -> str:
    return rules.overlay(app.lang, game_id, _help_page(app, game_id))


def broken_screen(app: App) -> str:
    return play.render_broken(app.lang, **(app.broken or {}))


def _plain_ctx(app: App) -> ViewContext:
    return ViewContext(lang=app.lang, animate=False)


# The app's own routes, commands and menu items: a feature like the others, installed first.
CORE: Feature[None] = Feature("app")
CORE.menu_item(40, MenuItem("app.menu.new", cmd="new-game"))
CORE.menu_item(50, MenuItem("app.menu.rules", cmd="rules"))
CORE.menu_item(60, MenuItem("library.games.nav", href="#/games"))
CORE.menu_item(70, MenuItem("app.menu.home", href="#/"))


# --- routes --------------------------------------------------------------------------------

@CORE.route("home")
def _home(app: App, arg: str) -> None:
    app.screen = home_screen


@CORE.route("new")
def _new(app: App, game_id: str) -> None:
    try:
        game = game_registry.get_game(game_id)
    except Exception:  # unknown id, or the game's code fails to load
        app.screen = home_screen
        app.notice("app.notice.no_game")
        return
    s = app.session
    if s is not None and s.record["game"] == game_id:
        # From a game: its seats, options and coach (not the coach of the last game set up
        # elsewhere, which would tick it in a remote game whose set-up had it unticked).
        app.draft = newgame.draft_from_record(game, s.record, app.pace_s)
    else:
        app.draft = newgame.default_draft(game, app.pace_s, _kinds_remembered(app, game))
        app.draft["coach"] = coach.coach_remembered(app, game_id)
    app.screen = new_game_screen
    # Its main button: Enter starts the game (the dialog's name is read from its title).
    app.effects.append(Focus("[role=dialog] [data-cmd=start]"))


def _kinds_remembered(app: App, game: Any) -> list[str]:
    """The seat kinds (people, bot levels) of the last game set up with this game."""
    try:
        return newgame.remembered_kinds(app.storage.get(newgame.SEATS_KEY + game.id), game)
    except StorageError:
        return []


def _remember_kinds(app: App, game_id: str, kinds: list[str]) -> None:
    try:
        app.storage.set(newgame.SEATS_KEY + game_id, json.dumps(kinds))
    except StorageError:
        pass       # not remembered; the game itself is set up


@CORE.route("rules")
def _rules(app: App, game_id: str) -> None:
    if game_id not in game_registry.GAME_IDS:
        app.screen = home_screen
        app.notice("app.notice.no_game")
        return
    app.screen = rules_screen


def _status_focus_if_over(app: App) -> None:
    """A game that is over has nothing to press next: the focus goes to its status line
    (screen readers start there rather than at the title). Else no focus is named here, not
    even the route's title: the page's answer names the next thing to press (FocusNext)."""
    s = app.playing()
    if s is None or s.state.is_terminal():
        app.effects.append(Focus("#status"))
    else:
        app.effects = [e for e in app.effects if e != Focus("#main-title")]


@CORE.route("play")
def _play(app: App, save_id: str) -> None:
    # The keyboard starts on the next thing to press (App.next_focus: the roll, the first
    # choice; the status line while others play), named once the page is drawn
    # (browser.Host.answer), as after a move (issue 42). A finished game: its status line.
    if app.session is not None and app.session.save_id == save_id:
        app.screen = play_screen
        _status_focus_if_over(app)
        return
    try:
        record, rev = app.saves.read(save_id)
        app.open_record(save_id, record, rev)
        _status_focus_if_over(app)
    except KeyError:
        app.screen = home_screen
        app.notice("app.notice.no_save")
    except StorageError:
        app.saving_off = True
        app.screen = home_screen
        app.notice("app.notice.no_save")
    except RecordError as exc:
        app.session = None
        reason = t(app.lang, exc.code)
        if exc.index is not None:
            reason = t(app.lang, "record.at_action", n=exc.index + 1, action=exc.action or "",
                       reason=reason)
        app.broken = {"save_id": save_id, "reason": reason}
        app.screen = broken_screen
    except Exception:  # the game's view is missing or broken: say so, keep the app alive
        app.session = None
        app.screen = home_screen
        app.notice("app.notice.no_game")


# --- commands ------------------------------------------------------------------------------
@CORE.command("lang")
def _cmd_lang(app: App, data: dict) -> None:
    app.set_lang(str(data.get("lang", "")))


@CORE.command("start")
def _cmd_start(app: App, data: dict) -> None:
    if app.draft is None:
        return
    app.draft = newgame.read_form(app.draft, data.get("form") or {})
    try:
        seats, options = newgame.to_setup(app.draft, app.lang)
        pace = newgame.chosen_pace(app.draft)
        if pace is not None:
            app.set_pace(pace)
        game_id, coached = app.draft["game"], app.draft["coach"]
        kinds = [seat["kind"] for seat in app.draft["seats"]]
        app.start_game(game_id, seats, options, coach=coached)
        coach.remember_coach(app, game_id, coached)
        _remember_kinds(app, game_id, kinds)
    except RecordError as exc:      # a name that cannot be used (control characters...)
        app.notice("app.notice.bad_setup", reason=describe_error(app.lang, exc))
    except ValueError as exc:
        app.notice("app.notice.bad_setup", reason=str(exc))


@CORE.command("close")
def _cmd_close(app: App, data: dict) -> None:
    app.go("#/")


@CORE.command("new-game")
def _cmd_new_game(app: App, data: dict) -> None:
    game_id = data.get("game") or (app.session.record["game"] if app.session else "")
    app.go(f"#/new/{game_id}")


@CORE.command("rules")
def _cmd_rules(app: App, data: dict) -> None:
    if app.playing() is not None and not data.get("game"):
        # Over the game, so closing them returns to the same place (and the same scroll),
        # the phone menu open again if they were opened from it.
        app.rules_open = True
        app.rules_from_menu = app.menu_was_open
        app.effects.append(Focus("#rules-title"))
        return
    game_id = data.get("game") or (app.session.record["game"] if app.session else "")
    app.go(f"#/rules/{game_id}")


@CORE.command("rules-close")
def _cmd_rules_close(app: App, data: dict) -> None:
    app.rules_open = False
    app.menu_open = app.rules_from_menu
    app.effects.append(Focus("#game-menu [data-cmd=rules]"))
    app.advance()


@CORE.command("menu")
def _cmd_menu(app: App, data: dict) -> None:
    app.menu_open = not app.menu_open
    if app.menu_open:
        app.effects.append(Focus("#game-menu .btn:not([disabled])"))


@CORE.command("log")
def _cmd_log(app: App, data: dict) -> None:
    app.log_open = not app.log_open
    app.effects.append(Focus("[data-cmd=log]"))


@CORE.command("sound")
def _cmd_sound(app: App, data: dict) -> None:
    app.sound = not app.sound
    try:
        app.storage.set(SOUND_KEY, "on" if app.sound else "off")
    except StorageError:
        app.saving_off = True
    if app.sound:   # a sample, so the player knows what to listen for
        app.effects.append(Sound("your-turn"))


@CORE.command("cancel-select")
def _cmd_cancel_select(app: App, data: dict) -> None:
    app.key("Escape")


@CORE.command("roll")
def _cmd_roll(app: App, data: dict) -> None:
    s = app.playing()
    if s is not None and s.human_to_roll():
        app.apply(app.draw_chance(s.state))


@CORE.command("reveal")
def _cmd_reveal(app: App, data: dict) -> None:
    s = app.playing()
    if s is not None and s.needs_handover():
        s.revealed = s.actor()
        app.effects.append(Focus("#status"))
        app.advance()


@CORE.command("rematch")
def _cmd_rematch(app: App, data: dict) -> None:
    s = app.session
    if s is not None:
        app.start_game(s.record["game"], remote.same_people(s), s.record["options"])


@CORE.command("discard")
def _cmd_discard(app: App, data: dict) -> None:
    save_id = str(data.get("id", ""))
    try:
        app.saves.delete(save_id)
    except StorageError:
        app.saving_off = True
    app.go("#/")
    app.notice("app.notice.discarded", kind="info")


INSTALLED: Installed = install((CORE,) + FEATURES)
