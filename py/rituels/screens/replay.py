"""The replay viewer's markup: any recorded game shown at any position.

:func:`render` draws a cursor (rituels.app.replay.ReplayCursor: the record replayed once,
its position, speed and viewer) with the game's own ``view.render`` (``ctx.interactive``
false), its ``status``/``result`` and ``describe`` lines. The route and commands that drive it
are in rituels/app/replay.py.
"""

from __future__ import annotations

from typing import Any

from rituels.i18n import DEFAULT_LANG, SEPARATORS, t
from rituels.screens.analysis import coach_mark
from rituels.viewkit import attrs, esc

SPEEDS = (0.5, 1.0, 2.0, 4.0)      # autoplay speeds (the cursor's ``speed`` is one of them)
PUBLIC = -1                        # viewer choice "nobody's hidden cards"


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
    return f"{speed:g}×".replace(".", SEPARATORS.get(lang, SEPARATORS[DEFAULT_LANG])[1])


def _controls(lang: str, cur: Any) -> str:
    at_start, at_end = cur.pos == 0, cur.pos >= cur.end
    play_label = t(lang, "library.replay.pause" if cur.playing else "library.replay.play")
    buttons = "".join([
        _button(t(lang, "library.replay.start"), "replay-start", aria_keyshortcuts="Home",
                disabled=at_start, glyph="start"),
        _button(t(lang, "library.replay.back"), "replay-back", aria_keyshortcuts="ArrowLeft",
                disabled=at_start, glyph="back"),
        _button(play_label, "replay-play", cls="btn btn-small btn-primary",
                glyph="pause" if cur.playing else "play", show_label=True,
                aria_pressed="true" if cur.playing else "false", disabled=cur.end == 0),
        _button(t(lang, "library.replay.forward"), "replay-forward",
                aria_keyshortcuts="ArrowRight", disabled=at_end,
                glyph="forward"),
        _button(t(lang, "library.replay.end"), "replay-end", aria_keyshortcuts="End",
                disabled=at_end, glyph="end"),
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


def _viewer_choice(lang: str, cur: Any) -> str:
    if not cur.choose_viewer:
        return ""
    choices = [(None, t(lang, "library.replay.viewer_public"))] + list(enumerate(cur.names))
    buttons = "".join(
        _button(label, "replay-viewer", data_player=PUBLIC if who is None else who,
                aria_pressed="true" if who == cur.viewer else "false")
        for who, label in choices)
    return (f'<div class="replay-viewer" role="group"{attrs(aria_label=t(lang, "library.replay.viewer"))}>'
            f'<span class="field-label">{esc(t(lang, "library.replay.viewer"))}</span>{buttons}</div>')


def _log(lang: str, cur: Any, marks: dict[int, str] | None = None) -> str:
    """Chronological; each action's lines are one button that jumps to just after it.
    ``marks``: action index -> markup after its line (the move review's signs)."""
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
            f'<span class="log-n">{i + 1}.</span> {esc(text)}'
            f'{(marks or {}).get(i, "")}</button></li>')
    empty = "" if items else f'<p class="log-empty">{esc(t(lang, "app.play.log_empty"))}</p>'
    return (f'<section class="log replay-log" aria-labelledby="log-title">'
            f'<h2 id="log-title" class="panel-title">{esc(t(lang, "app.play.log"))}</h2>'
            f'{empty}<ol class="log-lines">{"".join(items)}</ol></section>')


def render(lang: str, cur: Any, *, title: str, back_href: str = "#/games",
           note: str = "", can_continue: bool = True, resume_href: str = "",
           extra: dict[str, Any] | None = None) -> str:
    """The viewer. ``title`` and ``note`` are plain text (escaped here). ``resume_href``:
    the game is still being played here, so at its last position the viewer offers to
    resume it (elsewhere "continue from here" makes a variant). ``extra`` (markup, from the
    analysis): ``panel`` below, ``marks`` in the log, ``note`` under the status, ``board``
    instead of the plain board, ``retry`` (« Apprendre de vos erreurs ») under the note."""
    extra = extra or {}
    ctx = cur.ctx()
    state = cur.state()
    board = extra.get("board") or cur.view.render(state, ctx)
    status = cur.view.result(state, ctx) if state.is_terminal() else cur.view.status(state, ctx)
    continue_btn = ""
    if resume_href and cur.pos >= cur.end:
        continue_btn = (f'<a class="btn btn-small btn-primary"{attrs(href=resume_href)}>'
                        f'{esc(t(lang, "library.replay.resume"))}</a>')
    elif can_continue and not state.is_terminal():
        continue_btn = _button(t(lang, "library.replay.continue"), "replay-continue",
                               cls="btn btn-small btn-primary")
    note_markup = f'<p class="replay-note">{esc(note)}</p>' if note else ""
    if cur.record["meta"].get("coach") is True:
        note_markup = coach_mark(lang) + note_markup
    return (
        # data-keys: the glue forwards ←/→, Home and End here (app/replay.py steps with them).
        '<div class="play replay" data-keys="arrows">'
        '<div class="play-head">'
        f'<h1 id="main-title" tabindex="-1">{esc(title)}</h1>'
        f'<nav class="game-menu"{attrs(aria_label=t(lang, "library.replay.menu"))}>'
        f'{continue_btn}{_button(t(lang, "library.share.menu"), "share")}'
        f'<a class="btn btn-small"{attrs(href=back_href)}>'
        f'{esc(t(lang, "library.replay.back_to"))}</a></nav></div>'
        f'{note_markup}'
        f'<div class="status-bar"><p id="status" class="status">{esc(status)}</p></div>'
        f'{extra.get("note", "")}{extra.get("retry", "")}'
        f'{_controls(lang, cur)}{_viewer_choice(lang, cur)}'
        f'<div class="play-body"><section class="board"{attrs(aria_label=t(lang, "app.play.board"))}>'
        f'{board}</section>{_log(lang, cur, extra.get("marks"))}</div>'
        f'{extra.get("panel", "")}</div>')
