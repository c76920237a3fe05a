"""The replay viewer's model and handlers: any recorded game (finished or not) at any position.

:class:`ReplayCursor` is the model: the record's History (rituels.engine.history: replayed once,
the log lines of every action, a snapshot of the state every few actions), so jumping anywhere
costs a few applies. The route ``#/replay/<save-id>[/<position>]`` and the commands (step,
jump, autoplay, slider, log clicks, "continue from here") are here; the markup is
rituels/screens/replay.py. Shared links reuse the cursor (rituels/app/sharing.py).

The position lives in the URL: each move replaces the hash (effect ``replace-hash``: the glue
calls ``history.replaceState``, so no history entry is added), so a reload or Back returns to it:
``#/replay/<save-id>/<n>`` for a save, ``#g=<payload>/<n>`` for a link (rituels/app/sharing.py).

Branches are not undo: "continue from here" never changes the game it starts from. From a game
of this device it makes a new save marked as a variant ("Variante de …": title, list, link);
at the last position of a game still being played the viewer offers to resume that game instead.
"""

from __future__ import annotations

from dataclasses import dataclass
import time
import unicodedata
from typing import Any

from rituels.app.effects import ReplaceHash
from rituels.app.registry import Feature, FeatureHost
from rituels.app.session import load_view
from rituels.app.storage import StorageError
from rituels.engine.game import get_game
from rituels.engine.history import History
from rituels.engine.record import RecordError, check_record
from rituels.engine.safeinput import clean_title
from rituels.engine.state import CHANCE
from rituels.i18n import t
from rituels.screens.mygames import describe_error
from rituels.screens.newgame import seat_names
from rituels.screens.replay import PUBLIC, SPEEDS, render
from rituels.viewkit import ViewContext


@dataclass
class Kept:
    """What the replay viewer keeps in the app (``FEATURE.of(app)``)."""

    screen: ReplayScreen | None = None   # the viewer on screen


FEATURE: Feature[Kept] = Feature("replay", state=Kept)
BASE_DELAY_S = 1.0                 # 1x = one event per second


class ReplayCursor:
    """A record replayed once; the position moves freely between 0 and the last action."""

    def __init__(self, record: dict[str, Any], lang: str, *, choose_viewer: bool = False,
                 viewer: int | None = None):
        """``choose_viewer``: hidden hands may be shown (a finished game of this device, or a
        link whose sender chose to reveal them); the viewer then picks whose. Raises
        RecordError if the record does not replay, ImportError if the game's view is missing."""
        self.record = check_record(record)
        self.view = load_view(self.record["game"])
        self.names = seat_names(self.record["game"], self.record["seats"], lang)
        self.lang = lang
        self.choose_viewer = choose_viewer
        self.viewer = viewer
        self.playing = False
        self.speed = 1.0
        self._build()
        self.pos = len(self.actions)
        self._state, self._state_pos = self.final.clone(), self.pos

    # --- building ------------------------------------------------------------------------------
    def ctx(self) -> ViewContext:
        return ViewContext(lang=self.lang, names=list(self.names), viewer=self.viewer,
                           interactive=False, animate=False)

    def _build(self) -> None:
        """Replay the record once: parsed actions, log lines, snapshots, table draws."""
        # table[i]: action i is a draw the table makes by itself (a deal), shown with the
        # event before it rather than as a step of its own.
        self.table: list[bool] = []

        def observe(state: Any, i: int) -> None:
            self.table.append(state.current_player() == CHANCE and state.chance_owner() is None)

        self.history = History(self.record, describe=self._describer(), observe=observe,
                               checked=True)
        self.actions: list[Any] = self.history.actions
        self.lines: list[list[str]] = self.history.lines
        self.final = self.history.state

    def _describer(self) -> Any:
        ctx, describe = self.ctx(), self.view.describe
        return lambda before, action, after: describe(before, action, after, ctx)

    def set_lang(self, lang: str) -> None:
        if lang != self.lang:
            self.lang = lang
            self.names = seat_names(self.record["game"], self.record["seats"], lang)
            self._relog()

    def set_viewer(self, viewer: int | None) -> None:
        if not self.choose_viewer or viewer == self.viewer:
            return
        if viewer is not None and not 0 <= viewer < len(self.names):
            return
        self.viewer = viewer
        self._relog()

    def _relog(self) -> None:
        self.history.redescribe(self._describer())
        self.lines = self.history.lines

    # --- moving --------------------------------------------------------------------------------
    @property
    def end(self) -> int:
        return len(self.actions)

    def state(self) -> Any:
        """The state at the current position (a private object: views only read it)."""
        if self._state_pos == self.pos:
            return self._state
        if self._state_pos < 0 or not self._state_pos <= self.pos < self._state_pos + 8:
            self._state, self._state_pos = self.state_at(self.pos), self.pos
        while self._state_pos < self.pos:
            self._state.apply(self.actions[self._state_pos])
            self._state_pos += 1
        return self._state

    def state_at(self, pos: int) -> Any:
        """A fresh copy of the state at ``pos``, from the nearest snapshot before it."""
        return self.history.at(pos)

    def seek(self, pos: int) -> None:
        self.pos = max(0, min(self.end, pos))

    def forward(self) -> None:
        """One event on: an action and the table draws that follow it."""
        pos = self.pos + 1
        while pos < self.end and self.table[pos]:
            pos += 1
        self.seek(pos)

    def back(self) -> None:
        pos = self.pos - 1
        while pos > 0 and self.table[pos]:
            pos -= 1
        self.seek(pos)

    def delay_s(self) -> float:
        return BASE_DELAY_S / self.speed

    def set_speed(self, speed: float) -> None:
        if speed in SPEEDS:
            self.speed = speed

    def toggle(self) -> None:
        """Play/pause; playing from the end starts again from the beginning."""
        self.playing = not self.playing
        if self.playing and self.pos >= self.end:
            self.pos = 0

    def tick(self) -> bool:
        """One autoplay step; False once the end is reached (autoplay stops)."""
        if not self.playing:
            return False
        self.forward()
        if self.pos >= self.end:
            self.playing = False
        return self.playing

    def record_upto(self) -> dict[str, Any]:
        """The record cut at the current position (for "continue from here")."""
        out = dict(self.record, actions=self.record["actions"][:self.pos])
        out["meta"] = dict(self.record.get("meta", {}))
        return out


class ReplayScreen:
    """What the app keeps while a replay is on screen: the cursor and where it came from.
    ``save_id``: the save being replayed (its position goes in the URL); ``playing_here``:
    that game is unfinished on this device; ``hidden``: a link that keeps hands hidden;
    ``link``: the payload of the link being replayed (its position goes in the URL)."""

    def __init__(self, cursor: ReplayCursor, *, back_href: str, note_key: str = "",
                 save_id: str = "", playing_here: bool = False, hidden: bool = False,
                 link: str = ""):
        self.cursor = cursor
        self.back_href = back_href
        self.note_key = note_key      # an i18n key of a line shown above the board
        self.save_id = save_id
        self.playing_here = playing_here
        self.hidden = hidden
        self.link = link

    def name(self, lang: str) -> str:
        record = self.cursor.record
        return record["meta"].get("title") or t(lang, f"app.game.{record['game']}.name")

    def title(self, lang: str) -> str:
        return t(lang, "library.replay.title", title=self.name(lang))


def viewer(app: FeatureHost) -> ReplayScreen | None:
    """The replay viewer on screen, if any."""
    return FEATURE.of(app).screen


def replay_screen(app: FeatureHost) -> str:
    rs = FEATURE.of(app).screen
    if rs is None:
        return ""
    rs.cursor.set_lang(app.lang)
    note = t(app.lang, rs.note_key) if rs.note_key else ""
    resume = f"#/play/{rs.save_id}" if rs.playing_here else ""
    extra: dict[str, Any] = {}
    for part in app.hooks("replay_extra"):
        extra.update(part(app))
    return render(app.lang, rs.cursor, title=rs.title(app.lang), back_href=rs.back_href,
                  note=note, resume_href=resume, extra=extra)


def open_replay(app: FeatureHost, record: dict[str, Any], *, choose_viewer: bool,
                viewer: int | None, back_href: str, note_key: str = "", from_start: bool | None = None,
                **source: Any) -> None:
    """Show ``record`` in the viewer (RecordError/ImportError propagate to the caller).
    It opens at the start (``from_start``; by default for a finished game, to watch it) or
    at the last position (an unfinished game: where it stands, to look back from).
    ``source``: ReplayScreen's save_id, playing_here, hidden, link."""
    cursor = ReplayCursor(record, app.lang, choose_viewer=choose_viewer, viewer=viewer)
    if from_start is None:
        from_start = cursor.final.is_terminal()
    cursor.seek(0 if from_start else cursor.end)
    FEATURE.of(app).screen = ReplayScreen(cursor, back_href=back_href, note_key=note_key, **source)
    app.screen = replay_screen


def position(arg: str) -> tuple[str, int | None]:
    """``"<save-id or link payload>/<n>"`` -> (save id or payload, n); no or an unreadable
    position -> None."""
    where, _, pos = arg.partition("/")
    return where, int(pos) if pos.isascii() and pos.isdigit() and len(pos) < 7 else None


@FEATURE.route("replay")
def _replay_route(app: FeatureHost, arg: str) -> None:
    save_id, pos = position(arg)
    try:
        record = app.saves.get(save_id)
        rs = FEATURE.of(app).screen
        if rs is not None and save_id and rs.save_id == save_id and rs.cursor.record == record:
            # the same game as saved (Back, or the URL was edited): keep its cursor, but not
            # what a command put on it (« Revoir le tour »'s note sets it again after this)
            rs.note_key = ""
            app.screen = replay_screen
        else:
            # Always from the save: a viewer left behind (a review, a replay before more
            # moves) shows an older record, and the analysis would cover that one.
            _open_save(app, save_id, record)
    except (KeyError, StorageError):
        app.go("#/games")
        app.notice("app.notice.no_save")
        return
    except RecordError as exc:
        app.go("#/games")
        app.notice("library.games.open_error", reason=describe_error(app.lang, exc))
        return
    except ImportError:
        app.go("#/games")
        app.notice("app.notice.no_game")
        return
    if pos is not None:
        FEATURE.of(app).screen.cursor.playing = False
        FEATURE.of(app).screen.cursor.seek(pos)


def _open_save(app: FeatureHost, save_id: str, record: dict[str, Any]) -> None:
    humans = [i for i, s in enumerate(record["seats"]) if s["bot"] is None]
    hidden = get_game(record["game"]).hidden_information
    # A lone player's hand is theirs to see, unless the game came from a link that keeps
    # hands hidden (whoever holds the device may not be that player).
    lone = len(humans) == 1 and record["meta"].get("handover") is not True
    open_replay(app, record, choose_viewer=False, viewer=humans[0] if lone else None,
                back_href="#/games", save_id=save_id)
    cursor = FEATURE.of(app).screen.cursor
    finished = cursor.final.is_terminal()
    FEATURE.of(app).screen.playing_here = not finished
    # A finished game of this device may show every hand (nothing left to hide).
    if hidden and finished:
        cursor.choose_viewer = True


def _cursor(app: FeatureHost) -> ReplayCursor | None:
    rs = FEATURE.of(app).screen
    return rs.cursor if rs is not None and app.screen is replay_screen else None


def _moved(app: FeatureHost, cur: ReplayCursor) -> None:
    """After any move: say where we are (screen readers), put it in the URL and keep
    autoplay ticking."""
    lines = cur.lines[cur.pos - 1] if cur.pos else []
    if lines and not cur.playing:
        app.announcements.append(" ".join(lines))
    if cur.playing:
        app.schedule(cur.delay_s())
    moved_url(app, cur)


def _mover(name: str, move) -> None:
    @FEATURE.command(name)
    def handler(app: FeatureHost, data: dict) -> None:
        cur = _cursor(app)
        if cur is not None:
            cur.playing = False
            move(cur, data)
            _moved(app, cur)


def _seek(cur: ReplayCursor, data: dict) -> None:
    raw = str(data.get("to", data.get("value")))
    if raw.isascii() and raw.isdigit() and len(raw) < 7:
        cur.seek(int(raw))


_mover("replay-start", lambda cur, data: cur.seek(0))
_mover("replay-end", lambda cur, data: cur.seek(cur.end))
_mover("replay-back", lambda cur, data: cur.back())
_mover("replay-forward", lambda cur, data: cur.forward())
_mover("replay-seek", _seek)


# The keyboard in the viewer (as a chess site's): arrows step, Home and End go to either end.
KEY_MOVES = {"ArrowLeft": "replay-back", "ArrowRight": "replay-forward",
             "Home": "replay-start", "End": "replay-end"}


@FEATURE.hook("key")
def _key(app: FeatureHost, name: str) -> bool:
    """Escape stops a playback (« Revoir le tour » too: paused, it stays in the viewer);
    the arrows, Home and End move as the buttons do."""
    cur = _cursor(app)
    if cur is None:
        return False
    if name == "Escape":
        if not cur.playing:
            return False
        cur.playing = False
        app.changed = True
        _moved(app, cur)
        return True
    if name in KEY_MOVES:
        FEATURE.commands[KEY_MOVES[name]](app, {})
        app.changed = True
        return True
    return False


@FEATURE.command("replay-play")
def _play(app: FeatureHost, data: dict) -> None:
    cur = _cursor(app)
    if cur is not None:
        cur.toggle()
        _moved(app, cur)


@FEATURE.command("replay-speed")
def _speed(app: FeatureHost, data: dict) -> None:
    cur = _cursor(app)
    if cur is not None:
        try:
            cur.set_speed(float(str(data.get("speed"))))
        except ValueError:
            pass


@FEATURE.command("replay-viewer")
def _viewer(app: FeatureHost, data: dict) -> None:
    cur = _cursor(app)
    if cur is not None:
        try:
            who = int(str(data.get("player")))
        except ValueError:
            return
        cur.set_viewer(None if who == PUBLIC else who)


def variant_title(lang: str, title: str) -> str:
    """"Variante de X" (French elides before a vowel: "Variante d’Orage"), at most 60 chars."""
    first = unicodedata.normalize("NFD", title[:1].lower())[:1]
    key = "library.replay.variant_title_vowel" if first in "aeiouy" and first else \
        "library.replay.variant_title"
    return clean_title(t(lang, key, title=title))


def continue_from(app: FeatureHost, record: dict[str, Any], *, variant_of: str = "",
                  base_title: str = "", hidden: bool = False) -> None:
    """Make ``record`` a new local save and play on from its last position (the game it
    came from, a save or a link, is left as it was). ``variant_of``: the record is a branch
    of that game (a save id, or "link"), titled "Variante de <base_title>". ``hidden``: a
    link that keeps hands hidden; the new game asks each person to take the device before
    showing their hand, as a live game does."""
    meta: dict[str, Any] = {"started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    title = record["meta"].get("title", "")
    if variant_of:
        meta["variant_of"] = variant_of
        title = variant_title(app.lang, base_title or title)
    if title:
        meta["title"] = title
    if hidden:
        meta["handover"] = True
    if record["meta"].get("coach") is True:   # played so far with the coach: still marked
        meta["coach"] = True
    record = dict(record, meta=meta)
    save_id = app.new_save_id()
    try:
        app.open_record(save_id, record)
    except (RecordError, ImportError):  # cannot happen for a record that replayed; be safe
        app.notice("app.notice.no_game")
        return
    app.save()
    FEATURE.of(app).screen = None
    app.go(f"#/play/{save_id}")
    app.notice("library.replay.variant_made" if variant_of else "library.replay.continued",
               kind="info")


@FEATURE.command("replay-continue")
def _continue(app: FeatureHost, data: dict) -> None:
    cur = _cursor(app)
    if cur is None or cur.state().is_terminal():
        return
    rs = FEATURE.of(app).screen
    # A branch of a game of this device, or of a link's game before its last move.
    variant = rs.save_id or ("link" if cur.pos < cur.end else "")
    continue_from(app, cur.record_upto(), variant_of=variant, base_title=rs.name(app.lang),
                  hidden=rs.hidden)


@FEATURE.hook("tick")
def _tick(app: FeatureHost) -> None:
    """Autoplay: one event per timer, at the chosen speed."""
    cur = _cursor(app)
    if cur is not None and cur.playing:
        cur.tick()
        app.changed = True
        if cur.playing:
            app.schedule(cur.delay_s())
        moved_url(app, cur)


def moved_url(app: FeatureHost, cur: ReplayCursor) -> None:
    """The position into the URL; the route is already there, so navigating to it (the
    browser reporting the new hash) changes nothing."""
    rs = FEATURE.of(app).screen
    if rs.save_id:
        route, where = ("replay", f"{rs.save_id}/{cur.pos}")
        hash_ = f"#/replay/{where}"
    elif rs.link:
        route, where = ("link", f"{rs.link}/{cur.pos}")
        hash_ = f"#g={where}"
    else:
        return
    app.route = (route, where)
    app.effects.append(ReplaceHash(hash_))


