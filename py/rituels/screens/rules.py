"""The rules page of one game: the game's own help page (text and pictures from its view)."""

from __future__ import annotations

from rituels.i18n import t
from rituels.viewkit import esc


def render(lang: str, game_id: str, page: str | None) -> str:
    name = t(lang, f"app.game.{game_id}.name")
    body = page if page is not None else f'<p>{esc(t(lang, "app.rules.missing"))}</p>'
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
