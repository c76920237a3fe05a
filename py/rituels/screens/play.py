"""The game screen: title and menu, the status line (what the current player must do), the
board (the game's own view), the log, the roll button, the end panel and the pass-the-device
screen. Also the screen shown for a saved game that cannot be read."""

from __future__ import annotations

from typing import Any

from rituels.i18n import t
from rituels.viewkit import attrs, esc, part

def _menu(lang: str, menu: list[tuple[str, str, str, bool]], open_: bool = False) -> str:
    """The game's actions: a row of buttons on wide screens; on phones one "⋯" button that
    opens them as a list (``open_``: the app remembers it across re-renders). A disabled
    button with a reason shows that reason beside it (a tooltip is invisible on touch)."""
    items = []
    for label, cmd, href, enabled, *extra in menu:
        hint = extra[0] if extra and extra[0] else None
        pressed = extra[1] if len(extra) > 1 else None   # a toggle (the turn sound)
        if href:
            items.append(f'<a class="btn btn-small"{attrs(href=href)}>{esc(label)}</a>')
            continue
        button = (f'<button type="button" class="btn btn-small"'
                  f'{attrs(data_cmd=cmd, disabled=not enabled, title=hint, aria_pressed=pressed)}'
                  f'>{esc(label)}</button>')
        if hint and not enabled:
            button = (f'<span class="menu-item">{button}'
                      f'<span class="menu-hint">{esc(hint)}</span></span>')
        items.append(button)
    toggle = (f'<button type="button" class="btn btn-small menu-toggle"'
              f'{attrs(data_cmd="menu", aria_expanded="true" if open_ else "false", aria_controls="game-menu", aria_label=t(lang, "app.menu.more"))}'
              '><span aria-hidden="true">⋯</span></button>')
    cls = "game-menu is-open" if open_ else "game-menu"
    return (f'{toggle}<nav id="game-menu"{attrs(class_=cls, aria_label=t(lang, "app.menu.label"))}>'
            f'{"".join(items)}</nav>')


def _log(lang: str, lines: list[str], open_: bool = True) -> str:
    """Newest first, so the latest move is always in view without scrolling. It can be
    folded away (the board then takes the room)."""
    # Each line is a part with its number for id: the newest one comes first, and the page
    # keeps the others (without ids the morph would rewrite every line, one place down).
    items = "".join(part(f"log-{i}", f"<li>{esc(lines[i])}</li>")
                    for i in range(len(lines) - 1, -1, -1))
    empty = "" if lines else f'<p class="log-empty">{esc(t(lang, "app.play.log_empty"))}</p>'
    toggle = (f'<button type="button" class="btn btn-small log-toggle"'
              f'{attrs(data_cmd="log", aria_expanded="true" if open_ else "false", aria_controls="log-lines")}>'
              f'{esc(t(lang, "app.play.log_hide" if open_ else "app.play.log_show"))}</button>')
    body = (f'{empty}<ol id="log-lines" class="log-lines" reversed>{items}</ol>' if open_
            else '<ol id="log-lines" class="log-lines" hidden></ol>')
    # tabindex: the log scrolls, so keyboard users must be able to focus and scroll it.
    return (f'<section{attrs(class_="log" if open_ else "log log-closed", tabindex="0" if open_ else None)}'
            f' aria-labelledby="log-title"><div class="log-head">'
            f'<h2 id="log-title" class="panel-title">{esc(t(lang, "app.play.log"))}</h2>{toggle}'
            f'</div>{body}</section>')


def _end(lang: str, end: dict[str, Any]) -> str:
    winners = end.get("winners") or []
    who = (t(lang, "app.end.winners", names=", ".join(winners)) if winners
           else t(lang, "app.end.nobody"))
    # The game's standings (its own markup, already escaped), in a box that scrolls
    # sideways rather than widening the page if a phone is too narrow for it.
    table = end.get("table") or ""
    if table:
        table = f'<div class="end-table">{table}</div>'
    return (
        '<section class="end-panel" aria-labelledby="end-title">'
        f'<h2 id="end-title" tabindex="-1">{esc(t(lang, "app.end.title"))}</h2>'
        f'<p id="status" class="end-result" tabindex="-1">{esc(end["text"])}</p>'
        f'<p class="end-winners">{esc(who)}</p>'
        + (f'<p class="end-rating"><a href="#/stats">{esc(end["rating"])}</a></p>'
           if end.get("rating") else "")
        + f'{table}'
        '<div class="end-actions">'
        f'<button type="button" class="btn btn-primary" data-cmd="rematch">{esc(t(lang, "app.end.rematch"))}</button>'
        f'<button type="button" class="btn" data-cmd="new-game">{esc(t(lang, "app.menu.new"))}</button>'
        f'<button type="button" class="btn" data-cmd="analysis-open">{esc(t(lang, "analysis.start"))}</button>'
        f'<a class="btn" href="#/">{esc(t(lang, "app.menu.home"))}</a>'
        '</div></section>')


def _handover(lang: str, player: int, name: str) -> str:
    return (
        '<section class="handover" aria-labelledby="handover-title">'
        f'<h2 id="handover-title">{esc(t(lang, "app.handover.title", name=name))}</h2>'
        f'<p>{esc(t(lang, "app.handover.text"))}</p>'
        f'<button type="button" class="btn btn-primary btn-large"{attrs(data_cmd="reveal", data_player=player)}>'
        f'{esc(t(lang, "app.handover.button", name=name))}</button></section>')


def _status_bar(lang: str, status: str, *, roll: str | None, selection: bool, waiting: bool,
                yours: bool, last: str = "", tools: str = "") -> str:
    actions = tools
    if waiting:
        actions += '<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>'
    if roll:
        short = t(lang, "app.play.roll")
        if roll == short:
            actions += (f'<button type="button" class="btn btn-primary btn-roll" data-cmd="roll">'
                        f'{esc(roll)}</button>')
        else:
            # A game's own words ("Lancer le dé contre Nyarlathotep (1)") repeat the prompt
            # beside them: a phone shows the short word (app.css), every size reads them all.
            actions += (f'<button type="button" class="btn btn-primary btn-roll" data-cmd="roll"'
                        f'{attrs(aria_label=roll)}><span class="roll-long">{esc(roll)}</span>'
                        f'<span class="roll-short" aria-hidden="true">{esc(short)}</span>'
                        '</button>')
    if selection:
        # On a phone only the "✕" shows (app.css): a label that wraps would make the bar,
        # and so the board under it, taller while a piece is picked.
        label = t(lang, "app.play.cancel_selection")
        actions += (f'<button type="button" class="btn btn-small btn-cancel" data-cmd="cancel-select"'
                    f'{attrs(aria_label=label)}>'
                    f'<span class="cancel-x" aria-hidden="true">✕</span>'
                    f'<span class="cancel-label">{esc(label)}</span>'
                    f'<span class="key-hint"> {esc(t(lang, "app.play.escape_key"))}</span></button>')
    # "À vous": a marker the eye catches; not repeated when the prompt already says so.
    mark = t(lang, "app.you.marker")
    badge = (f'<span class="you-badge">{esc(mark)}</span>'
             if yours and not status.lower().startswith(mark.lower()) else "")
    cls = "status-bar status-yours" if yours else "status-bar"
    # The last opponent turn in one line above the prompt (app/lastturn.py).
    last = f'<span class="last-turn">{esc(last)}</span> ' if last else ""
    return (f'<div class="{cls}">{badge}<p id="status" class="status" tabindex="-1">'
            f'{last}{esc(status)}</p>{actions}</div>')


def render(lang: str, *, game_name: str, menu: list[tuple[str, str, str, bool]],
           log: list[str], board: str = "", status: str = "", roll: str | None = None,
           end: dict[str, Any] | None = None, handover: tuple[int, str] | None = None,
           selection: bool = False, waiting: bool = False, yours: bool = False,
           menu_open: bool = False, log_open: bool = True, send: str = "",
           last: str = "", tools: str = "", side: str = "") -> str:
    """``tools``: markup of the status bar's tools (the coach's button); ``side``: a panel
    at the top of the log's column (the coach's answer).
    ``board`` is the game view's markup (already escaped by the view); every other text
    given here is plain and escaped. ``yours``: a person at this device is to act.
    ``send``: markup of the link to send to a player elsewhere (rituels/screens/remote.py)."""
    if handover is not None:
        status = t(lang, "app.handover.status", name=handover[1])
        area = _handover(lang, *handover)
    else:
        area = f'<section class="board" aria-label="{esc(t(lang, "app.play.board"))}">{board}</section>'
    # At the end the end panel says the result; the status bar would only repeat it.
    status_bar = "" if end else _status_bar(lang, status, roll=roll, selection=selection,
                                            waiting=waiting, yours=yours, last=last,
                                            tools=tools)
    body_cls = "play-body" if log_open else "play-body log-folded"
    return (
        '<div class="play">'
        '<div class="play-head">'
        f'<h1 id="main-title" tabindex="-1">{esc(game_name)}</h1>'
        f'{_menu(lang, menu, menu_open)}</div>'
        f'{status_bar}{send}'
        f'{_end(lang, end) if end else ""}'
        f'<div class="{body_cls}">{area}{side}{_log(lang, log, log_open)}</div>'
        '</div>')


def render_broken(lang: str, save_id: str = "", reason: str = "") -> str:
    """A saved game that cannot be replayed: say why, offer to discard it (never silently)."""
    return (
        '<section class="broken">'
        f'<h1 id="main-title" tabindex="-1">{esc(t(lang, "app.broken.title"))}</h1>'
        f'<p>{esc(t(lang, "app.broken.text"))}</p>'
        f'<p class="broken-reason">{esc(reason)}</p>'
        '<div class="end-actions">'
        f'<button type="button" class="btn btn-danger"{attrs(data_cmd="discard", data_id=save_id)}>'
        f'{esc(t(lang, "app.broken.discard"))}</button>'
        f'<a class="btn" href="#/">{esc(t(lang, "app.broken.keep"))}</a>'
        '</div></section>')
