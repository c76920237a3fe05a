"""The replay viewer: any recorded game (finished or not) shown at any position.

:class:`ReplayCursor` is the model (pure Python): the record replayed once, with the log lines
of every action and a snapshot of the state every few actions, so jumping anywhere costs at most
``SNAPSHOT_EVERY`` applies. :func:`render` is the markup (the game's own ``view.render`` with
``ctx.interactive`` false, its ``status``/``result`` and ``describe`` lines). The routes and
commands that drive it (``#/replay/<save-id>``, step, jump, autoplay, slider, log clicks,
"continue from here") are registered with the app controller at the bottom of this module;
shared links reuse the cursor and the markup (screens/link.py).
"""

from __future__ import annotations

from typing import Any

from rituels.engine.record import check_record, start_state, step
from rituels.engine.state import CHANCE
from rituels.i18n import t
from rituels.viewkit import ViewContext, attrs, esc

SNAPSHOT_EVERY = 32
SPEEDS = (0.5, 1.0, 2.0, 4.0)      # autoplay speeds; 1x = one event per BASE_DELAY_S
BASE_DELAY_S = 1.0
PUBLIC = -1                        # viewer choice "nobody's hidden cards"


class ReplayCursor:
    """A record replayed once; the position moves freely between 0 and the last action."""

    def __init__(self, record: dict[str, Any], lang: str, *, choose_viewer: bool = False,
                 viewer: int | None = None):
        """``choose_viewer``: hidden hands may be shown (a finished game of this device, or a
        link whose sender chose to reveal them); the viewer then picks whose. Raises
        RecordError if the record does not replay, ImportError if the game's view is missing."""
        from rituels.app.session import load_view  # lazy: only this game's view is loaded

        self.record = check_record(record)
        self.view = load_view(self.record["game"])
        self.names = [s["name"] for s in self.record["seats"]]
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
        _, state = start_state(self.record)
        ctx = self.ctx()
        self.actions: list[Any] = []
        self.lines: list[list[str]] = []
        # table[i]: action i is a draw the table makes by itself (a deal), shown with the
        # event before it rather than as a step of its own.
        self.table: list[bool] = []
        self.snapshots = {0: state.clone()}
        for i, text in enumerate(self.record["actions"]):
            self.table.append(state.current_player() == CHANCE and state.chance_owner() is None)
            before = state.clone()
            action = step(state, text, i)
            self.actions.append(action)
            self.lines.append([str(x) for x in self.view.describe(before, action, state, ctx)])
            if (i + 1) % SNAPSHOT_EVERY == 0:
                self.snapshots[i + 1] = state.clone()
        self.final = state

    def set_lang(self, lang: str) -> None:
        if lang != self.lang:
            self.lang = lang
            self._relog()

    def set_viewer(self, viewer: int | None) -> None:
        if not self.choose_viewer or viewer == self.viewer:
            return
        if viewer is not None and not 0 <= viewer < len(self.names):
            return
        self.viewer = viewer
        self._relog()

    def _relog(self) -> None:
        pos = self.pos
        self._build()
        self.pos = pos
        self._state_pos = -1

    # --- moving --------------------------------------------------------------------------------
    @property
    def end(self) -> int:
        return len(self.actions)

    def state(self) -> Any:
        """The state at the current position (a private object: views only read it)."""
        if self._state_pos == self.pos:
            return self._state
        if self._state_pos < 0 or not self._state_pos <= self.pos < self._state_pos + 8:
            base = self.pos - self.pos % SNAPSHOT_EVERY
            self._state, self._state_pos = self.snapshots[base].clone(), base
        while self._state_pos < self.pos:
            self._state.apply(self.actions[self._state_pos])
            self._state_pos += 1
        return self._state

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


# --- markup ----------------------------------------------------------------------------------
# Small inline icons (no font has all of ⏮⏭ everywhere); drawn in currentColor.
_ICON_PATHS = {
    "start": "M3 2h2v12H3zM14 2v12L6 8z",
    "back": "M12 2v12L4 8z",
    "play": "M4 2v12l10-6z",
    "pause": "M3 2h4v12H3zM9 2h4v12H9z",
    "forward": "M4 2v12l8-6z",
    "end": "M2 2v12l8-6zM11 2h2v12h-2z",
}


def icon(name: str) -> str:
    return (f'<svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" '
            f'focusable="false"><path d="{_ICON_PATHS[name]}" fill="currentColor"/></svg>')


def _button(label: str, cmd: str, *, disabled: bool = False, cls: str = "btn btn-small",
            glyph: str = "", **data: Any) -> str:
    """A button; with ``glyph`` it shows that icon and ``label`` becomes its accessible name
    (and tooltip) unless ``show_label`` text follows the icon."""
    show = data.pop("show_label", not glyph)
    if glyph and not show:
        data.setdefault("aria_label", label)
        data.setdefault("title", label)
    inner = (icon(glyph) if glyph else "") + (esc(label) if show else "")
    return (f'<button type="button"{attrs(class_=cls, data_cmd=cmd, disabled=disabled, **data)}>'
            f'{inner}</button>')


def _speed_label(lang: str, speed: float) -> str:
    text = f"{speed:g}×"
    return text.replace(".", ",") if lang == "fr" else text


def _controls(lang: str, cur: ReplayCursor) -> str:
    at_start, at_end = cur.pos == 0, cur.pos >= cur.end
    play_label = t(lang, "library.replay.pause" if cur.playing else "library.replay.play")
    buttons = "".join([
        _button(t(lang, "library.replay.start"), "replay-start", disabled=at_start, glyph="start"),
        _button(t(lang, "library.replay.back"), "replay-back", disabled=at_start, glyph="back"),
        _button(play_label, "replay-play", cls="btn btn-small btn-primary",
                glyph="pause" if cur.playing else "play", show_label=True,
                aria_pressed="true" if cur.playing else "false", disabled=cur.end == 0),
        _button(t(lang, "library.replay.forward"), "replay-forward", disabled=at_end,
                glyph="forward"),
        _button(t(lang, "library.replay.end"), "replay-end", disabled=at_end, glyph="end"),
    ])
    speeds = "".join(
        _button(_speed_label(lang, s), "replay-speed", data_speed=f"{s:g}",
                aria_pressed="true" if s == cur.speed else "false")
        for s in SPEEDS)
    where = t(lang, "library.replay.position", n=cur.pos, total=cur.end)
    slider = (f'<label class="replay-slider"><span class="visually-hidden">'
              f'{esc(t(lang, "library.replay.slider"))}</span>'
              f'<input type="range" id="replay-slider"'
              f'{attrs(min=0, max=cur.end, step=1, value=cur.pos, data_cmd="replay-seek", aria_valuetext=where, disabled=cur.end == 0)}>'
              f'</label>')
    return (f'<div class="replay-controls" role="group"{attrs(aria_label=t(lang, "library.replay.controls"))}>'
            f'<div class="replay-buttons">{buttons}</div>{slider}'
            f'<output class="replay-position" for="replay-slider" aria-live="off">{esc(where)}</output>'
            f'<div class="replay-speeds" role="group"{attrs(aria_label=t(lang, "library.replay.speed"))}>'
            f'{speeds}</div></div>')


def _viewer_choice(lang: str, cur: ReplayCursor) -> str:
    if not cur.choose_viewer:
        return ""
    choices = [(None, t(lang, "library.replay.viewer_public"))] + list(enumerate(cur.names))
    buttons = "".join(
        _button(label, "replay-viewer", data_player=PUBLIC if who is None else who,
                aria_pressed="true" if who == cur.viewer else "false")
        for who, label in choices)
    return (f'<div class="replay-viewer" role="group"{attrs(aria_label=t(lang, "library.replay.viewer"))}>'
            f'<span class="field-label">{esc(t(lang, "library.replay.viewer"))}</span>{buttons}</div>')


def _log(lang: str, cur: ReplayCursor) -> str:
    """Chronological; each action's lines are one button that jumps to just after it."""
    items = []
    for i, lines in enumerate(cur.lines):
        if not lines:
            continue
        current = i + 1 == cur.pos
        text = " ".join(lines)
        items.append(
            f'<li{attrs(class_="current" if current else None)}>'
            f'<button type="button" class="log-jump"'
            f'{attrs(data_cmd="replay-seek", data_to=i + 1, aria_current="step" if current else None)}>'
            f'<span class="log-n">{i + 1}.</span> {esc(text)}</button></li>')
    empty = "" if items else f'<p class="log-empty">{esc(t(lang, "app.play.log_empty"))}</p>'
    return (f'<section class="log replay-log" aria-labelledby="log-title">'
            f'<h2 id="log-title" class="panel-title">{esc(t(lang, "app.play.log"))}</h2>'
            f'{empty}<ol class="log-lines">{"".join(items)}</ol></section>')


def render(lang: str, cur: ReplayCursor, *, title: str, back_href: str = "#/games",
           note: str = "", can_continue: bool = True) -> str:
    """The viewer. ``title`` and ``note`` are plain text (escaped here)."""
    ctx = cur.ctx()
    state = cur.state()
    board = cur.view.render(state, ctx)
    status = cur.view.result(state, ctx) if state.is_terminal() else cur.view.status(state, ctx)
    continue_btn = ""
    if can_continue and not state.is_terminal():
        continue_btn = _button(t(lang, "library.replay.continue"), "replay-continue",
                               cls="btn btn-small btn-primary")
    note_markup = f'<p class="replay-note">{esc(note)}</p>' if note else ""
    return (
        '<div class="play replay">'
        '<div class="play-head">'
        f'<h1 id="main-title" tabindex="-1">{esc(title)}</h1>'
        f'<nav class="game-menu"{attrs(aria_label=t(lang, "library.replay.menu"))}>'
        f'{continue_btn}{_button(t(lang, "library.share.menu"), "share")}'
        f'<a class="btn btn-small"{attrs(href=back_href)}>'
        f'{esc(t(lang, "library.replay.back_to"))}</a></nav></div>'
        f'{note_markup}'
        f'<div class="status-bar"><p id="status" class="status">{esc(status)}</p></div>'
        f'{_controls(lang, cur)}{_viewer_choice(lang, cur)}'
        f'<div class="play-body"><section class="board"{attrs(aria_label=t(lang, "app.play.board"))}>'
        f'{board}</section>{_log(lang, cur)}</div></div>')


# --- wiring into the app controller ------------------------------------------------------------
from rituels.app.controller import TICKS, command, route  # noqa: E402
from rituels.app.storage import StorageError  # noqa: E402
from rituels.engine.game import get_game  # noqa: E402
from rituels.engine.record import RecordError  # noqa: E402


class ReplayScreen:
    """What the app keeps while a replay is on screen: the cursor and where it came from."""

    def __init__(self, cursor: ReplayCursor, *, back_href: str, note_key: str = ""):
        self.cursor = cursor
        self.back_href = back_href
        self.note_key = note_key      # an i18n key of a line shown above the board

    def title(self, lang: str) -> str:
        record = self.cursor.record
        name = record.get("meta", {}).get("title") or t(lang, f"app.game.{record['game']}.name")
        return t(lang, "library.replay.title", title=name)


def replay_screen(app: Any) -> str:
    rs = getattr(app, "replay", None)
    if rs is None:
        return ""
    rs.cursor.set_lang(app.lang)
    note = t(app.lang, rs.note_key) if rs.note_key else ""
    return render(app.lang, rs.cursor, title=rs.title(app.lang), back_href=rs.back_href,
                  note=note)


def open_replay(app: Any, record: dict[str, Any], *, choose_viewer: bool, viewer: int | None,
                back_href: str, note_key: str = "", from_start: bool | None = None) -> None:
    """Show ``record`` in the viewer (RecordError/ImportError propagate to the caller).
    It opens at the start (``from_start``; by default for a finished game, to watch it) or
    at the last position (an unfinished game: where it stands, to look back from)."""
    cursor = ReplayCursor(record, app.lang, choose_viewer=choose_viewer, viewer=viewer)
    if from_start is None:
        from_start = cursor.final.is_terminal()
    cursor.seek(0 if from_start else cursor.end)
    app.replay = ReplayScreen(cursor, back_href=back_href, note_key=note_key)
    app.screen = replay_screen


@route("replay")
def _replay_route(app: Any, save_id: str) -> None:
    from rituels.screens.mygames import describe_error

    try:
        record = app.saves.get(save_id)
        humans = [i for i, s in enumerate(record["seats"]) if s["bot"] is None]
        hidden = get_game(record["game"]).hidden_information
        open_replay(app, record, choose_viewer=False, viewer=humans[0] if len(humans) == 1
                    else None, back_href="#/games")
        # A finished game of this device may show every hand (nothing left to hide).
        if hidden and app.replay.cursor.final.is_terminal():
            app.replay.cursor.choose_viewer = True
    except (KeyError, StorageError):
        app.go("#/games")
        app.notice("app.notice.no_save")
    except RecordError as exc:
        app.go("#/games")
        app.notice("library.games.open_error", reason=describe_error(app.lang, exc))
    except ImportError:
        app.go("#/games")
        app.notice("app.notice.no_game")


def _cursor(app: Any) -> ReplayCursor | None:
    rs = getattr(app, "replay", None)
    return rs.cursor if rs is not None and app.screen is replay_screen else None


def _moved(app: Any, cur: ReplayCursor) -> None:
    """After any move: say where we are (screen readers) and keep autoplay ticking."""
    lines = cur.lines[cur.pos - 1] if cur.pos else []
    if lines and not cur.playing:
        app.announcements.append(" ".join(lines))
    if cur.playing:
        app._timer(cur.delay_s())


def _mover(name: str, move) -> None:
    @command(name)
    def handler(app: Any, data: dict) -> None:
        cur = _cursor(app)
        if cur is not None:
            cur.playing = False
            move(cur, data)
            _moved(app, cur)


def _seek(cur: ReplayCursor, data: dict) -> None:
    raw = data.get("to", data.get("value"))
    try:
        cur.seek(int(str(raw)))
    except (TypeError, ValueError):
        pass


_mover("replay-start", lambda cur, data: cur.seek(0))
_mover("replay-end", lambda cur, data: cur.seek(cur.end))
_mover("replay-back", lambda cur, data: cur.back())
_mover("replay-forward", lambda cur, data: cur.forward())
_mover("replay-seek", _seek)


@command("replay-play")
def _play(app: Any, data: dict) -> None:
    cur = _cursor(app)
    if cur is not None:
        cur.toggle()
        _moved(app, cur)


@command("replay-speed")
def _speed(app: Any, data: dict) -> None:
    cur = _cursor(app)
    if cur is not None:
        try:
            cur.set_speed(float(str(data.get("speed"))))
        except ValueError:
            pass


@command("replay-viewer")
def _viewer(app: Any, data: dict) -> None:
    cur = _cursor(app)
    if cur is not None:
        try:
            who = int(str(data.get("player")))
        except ValueError:
            return
        cur.set_viewer(None if who == PUBLIC else who)


def continue_from(app: Any, record: dict[str, Any]) -> None:
    """Make ``record`` a new local save and play on from its last position (the game it
    came from, a save or a link, is left as it was)."""
    import time

    record = dict(record, meta={"started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())})
    try:
        save_id = app.saves.new_id()
    except StorageError:
        save_id, app.saving_off = "local" + format(app.rng.getrandbits(32), "x"), True
    try:
        app.open_record(save_id, record)
    except (RecordError, ImportError):  # cannot happen for a record that replayed; be safe
        app.notice("app.notice.no_game")
        return
    app.save()
    app.replay = None
    app.go(f"#/play/{save_id}")
    app.notice("library.replay.continued", kind="info")


@command("replay-continue")
def _continue(app: Any, data: dict) -> None:
    cur = _cursor(app)
    if cur is not None and not cur.state().is_terminal():
        continue_from(app, cur.record_upto())


def _tick(app: Any) -> None:
    """Autoplay: one event per timer, at the chosen speed."""
    cur = _cursor(app)
    if cur is not None and cur.playing:
        cur.tick()
        app.changed = True
        if cur.playing:
            app._timer(cur.delay_s())


TICKS.append(_tick)
