"""The game screen: title and menu, the status line (what the current player must do), the
board (the game's own view), the log, the roll button, the end panel and the pass-the-device
screen. Also the screen shown for a saved game that cannot be read."""

from __future__ import annotations

from typing import Any

from rituels.i18n import t
from rituels.viewkit import attrs, esc

def _menu(lang: str, menu: list[tuple[str, str, str, bool]]) -> str:
    items = []
    for label, cmd, href, enabled, *hint in menu:
        title = hint[0] if hint and hint[0] else None   # e.g. why "undo" is disabled
        if href:
            items.append(f'<a class="btn btn-small"{attrs(href=href)}>{esc(label)}</a>')
        else:
            items.append(f'<button type="button" class="btn btn-small"'
                         f'{attrs(data_cmd=cmd, disabled=not enabled, title=title)}>{esc(label)}</button>')
    return (f'<nav class="game-menu"{attrs(aria_label=t(lang, "app.menu.label"))}>'
            f'{"".join(items)}</nav>')


def _log(lang: str, lines: list[str]) -> str:
    """Newest first, so the latest move is always in view without scrolling."""
    items = "".join(f"<li>{esc(line)}</li>" for line in reversed(lines))
    empty = "" if lines else f'<p class="log-empty">{esc(t(lang, "app.play.log_empty"))}</p>'
    # tabindex: the log scrolls, so keyboard users must be able to focus and scroll it.
    return (f'<section class="log" tabindex="0" aria-labelledby="log-title">'
            f'<h2 id="log-title" class="panel-title">{esc(t(lang, "app.play.log"))}</h2>'
            f'{empty}<ol class="log-lines" reversed>{items}</ol></section>')


def _end(lang: str, end: dict[str, Any]) -> str:
    winners = end.get("winners") or []
    who = (t(lang, "app.end.winners", names=", ".join(winners)) if winners
           else t(lang, "app.end.nobody"))
    return (
        '<section class="end-panel" aria-labelledby="end-title">'
        f'<h2 id="end-title" tabindex="-1">{esc(t(lang, "app.end.title"))}</h2>'
        f'<p id="status" class="end-result" tabindex="-1">{esc(end["text"])}</p>'
        f'<p class="end-winners">{esc(who)}</p>'
        '<div class="end-actions">'
        f'<button type="button" class="btn btn-primary" data-cmd="rematch">{esc(t(lang, "app.end.rematch"))}</button>'
        f'<button type="button" class="btn" data-cmd="new-game">{esc(t(lang, "app.menu.new"))}</button>'
        f'<a class="btn" href="#/">{esc(t(lang, "app.menu.home"))}</a>'
        '</div></section>')


def _handover(lang: str, player: int, name: str) -> str:
    return (
        '<section class="handover" aria-labelledby="handover-title">'
        f'<h2 id="handover-title">{esc(t(lang, "app.handover.title", name=name))}</h2>'
        f'<p>{esc(t(lang, "app.handover.text"))}</p>'
        f'<button type="button" class="btn btn-primary btn-large"{attrs(data_cmd="reveal", data_player=player)}>'
        f'{esc(t(lang, "app.handover.button", name=name))}</button></section>')


def render(lang: str, *, game_name: str, menu: list[tuple[str, str, str, bool]],
           log: list[str], board: str = "", status: str = "", roll: str | None = None,
           end: dict[str, Any] | None = None, handover: tuple[int, str] | None = None,
           selection: bool = False, waiting: bool = False) -> str:
    """``board`` is the game view's markup (already escaped by the view); every other text
    given here is plain and escaped."""
    if handover is not None:
        status = t(lang, "app.handover.status", name=handover[1])
        area = _handover(lang, *handover)
    else:
        area = f'<section class="board" aria-label="{esc(t(lang, "app.play.board"))}">{board}</section>'
    actions = ""
    if waiting:
        actions += '<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>'
    if roll:
        actions += (f'<button type="button" class="btn btn-primary btn-roll" data-cmd="roll">'
                    f'{esc(roll)}</button>')
    if selection:
        actions += (f'<button type="button" class="btn btn-small" data-cmd="cancel-select">'
                    f'{esc(t(lang, "app.play.cancel_selection"))}</button>')
    # At the end the end panel says the result; the status bar would only repeat it.
    status_bar = "" if end else (
        f'<div class="status-bar"><p id="status" class="status" tabindex="-1">'
        f'{esc(status)}</p>{actions}</div>')
    return (
        '<div class="play">'
        '<div class="play-head">'
        f'<h1 id="main-title" tabindex="-1">{esc(game_name)}</h1>'
        f'{_menu(lang, menu)}</div>'
        f'{status_bar}'
        f'{_end(lang, end) if end else ""}'
        f'<div class="play-body">{area}{_log(lang, log)}</div>'
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
