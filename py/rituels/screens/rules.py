"""The rules page of one game: the game's own help page (text and pictures from its view)."""

from __future__ import annotations

from rituels.i18n import t
from rituels.screens.remote import help_section
from rituels.viewkit import esc


def _body(lang: str, page: str | None) -> str:
    """The game's help page and the part on playing at a distance (or "no rules yet")."""
    if page is None:
        return f'<p>{esc(t(lang, "app.rules.missing"))}</p>'
    return page + help_section(lang)


def render(lang: str, game_id: str, page: str | None) -> str:
    name = t(lang, f"app.game.{game_id}.name")
    body = _body(lang, page)
    return (
        '<section class="rules-page">'
        '<div class="rules-head">'
        f'<h1 id="main-title" tabindex="-1">{esc(t(lang, "app.rules.title", game=name))}</h1>'
        '<div class="rules-actions">'
        f'<a class="btn btn-primary" href="#/new/{esc(game_id)}">{esc(t(lang, "app.home.new"))}</a>'
        f'<a class="btn" href="#/">{esc(t(lang, "app.menu.home"))}</a>'
        '</div></div>'
        f'<article class="rules">{body}</article>'
        '</section>')


def overlay(lang: str, game_id: str, page: str | None) -> str:
    """The rules over a game in progress: a modal dialog that closes back onto the game as
    it was (the game waits meanwhile). Its close button answers Escape (``data-escape``)."""
    name = t(lang, f"app.game.{game_id}.name")
    body = _body(lang, page)
    close = (f'<button type="button" class="btn btn-primary" data-cmd="rules-close" data-escape>'
             f'{esc(t(lang, "app.rules.back"))}</button>')
    return (
        '<div class="overlay rules-overlay">'
        '<section class="dialog rules-dialog" role="dialog" aria-modal="true" '
        'aria-labelledby="rules-title">'
        '<div class="rules-head">'
        f'<h2 id="rules-title" tabindex="-1">{esc(t(lang, "app.rules.title", game=name))}</h2>'
        f'{close}</div>'
        f'<article class="rules">{body}</article>'
        f'<div class="dialog-actions">{close}</div>'
        '</section></div>')
