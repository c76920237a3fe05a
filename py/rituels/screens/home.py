"""The home screen: the three games (picture, pitch, players, new game, rules) and the
unfinished games to continue. ``first_paint(lang)`` is the same screen before Python is ready."""

from __future__ import annotations

import json
import os
from typing import Any

from rituels.engine.game import GAME_IDS, get_game
from rituels.i18n import t, tn
from rituels.lessons import LESSON_GAMES
from rituels.screens.layout import HEADER_LINKS, page
from rituels.screens.newgame import entry_names
from rituels.viewkit import attrs, esc

MAX_CONTINUE = 6
# Written into the shipped package by the build: each game's card picture and player counts,
# so the live home screen imports (and Pyodide compiles) no game's code at start-up.
CARDS_NAME = "home_cards.json"
_NO_PICTURE = ('<svg viewBox="0 0 100 100" aria-hidden="true"><circle cx="50" cy="50" r="34" '
               'fill="none" stroke="currentColor" stroke-width="4"/></svg>')
_cards: dict[str, dict[str, Any]] | None = None


def compute_cards() -> dict[str, dict[str, Any]]:
    """Each game's home-card picture and player counts, from the games' own code. A game whose
    code is missing or broken gets a neutral glyph and no player line, never a broken home."""
    from rituels.viewkit import load_view  # the games' views, loaded here only
    cards: dict[str, dict[str, Any]] = {}
    for game_id in GAME_IDS:
        card: dict[str, Any] = {"picture": _NO_PICTURE, "players": None}
        try:
            card["picture"] = load_view(game_id).thumbnail()
        except Exception:
            pass
        try:
            game = get_game(game_id)
            card["players"] = [game.min_players, game.max_players]
        except Exception:
            pass
        cards[game_id] = card
    return cards


def _card(game_id: str) -> dict[str, Any]:
    global _cards
    if _cards is None:
        try:
            # Through this module's loader: a file here, or an entry of the worker's zip.
            _cards = json.loads(__loader__.get_data(
                os.path.join(os.path.dirname(__file__), CARDS_NAME)))
        except (OSError, ValueError):  # running from source (tests, the build itself)
            _cards = compute_cards()
    return _cards.get(game_id) or {"picture": _NO_PICTURE, "players": None}


def _players_line(lang: str, game_id: str) -> str:
    players = _card(game_id)["players"]
    if not players:
        return ""
    low, high = players
    if low == high:
        return t(lang, "app.home.players_exact", n=low)
    return t(lang, "app.home.players_range", min=low, max=high)


def _thumbnail(game_id: str) -> str:
    return _card(game_id)["picture"]


def _link(label: str, href: str, cls: str, loading: bool, **extra: Any) -> str:
    # Before Python is ready the link is disabled but keeps its route in data-href: boot.js
    # turns a tap on it into that URL hash, which the app opens as soon as it is live.
    return (f'<a{attrs(class_=cls, href=None if loading else href, aria_disabled=loading and "true", data_href=loading and href, **extra)}>'
            f'{esc(label)}</a>')


def game_card(lang: str, game_id: str, loading: bool) -> str:
    name = t(lang, f"app.game.{game_id}.name")
    title_id = f"card-{game_id}"
    return (
        f'<li class="card" aria-labelledby="{title_id}">'
        f'<div class="card-thumb" aria-hidden="true">{_thumbnail(game_id)}</div>'
        '<div class="card-body">'
        f'<h2 id="{title_id}" class="card-title">{esc(name)}</h2>'
        f'<p class="card-pitch">{esc(t(lang, f"app.game.{game_id}.pitch"))}</p>'
        f'<p class="card-players">{esc(_players_line(lang, game_id))}</p>'
        '<div class="card-actions">'
        + _link(t(lang, "app.home.new"), f"#/new/{game_id}", "btn btn-primary", loading,
                aria_label=f'{t(lang, "app.home.new")} — {name}')
        + _link(t(lang, "app.home.rules"), f"#/rules/{game_id}", "btn", loading,
                aria_label=f'{t(lang, "app.home.rules")} — {name}')
        + (_link(t(lang, "lessons.learn"), f"#/learn/{game_id}", "btn", loading,
                 aria_label=f'{t(lang, "lessons.learn")} — {name}')
           if game_id in LESSON_GAMES else "")
        + '</div></div></li>'
    )


def continue_list(lang: str, saves: list[dict[str, Any]]) -> str:
    unfinished = [s for s in saves if not s.get("finished")][:MAX_CONTINUE]
    if not unfinished:
        return ""
    items = []
    for entry in unfinished:
        href = f"#/play/{entry['id']}"
        if entry.get("corrupt") or entry.get("game") not in GAME_IDS:
            label = t(lang, "app.home.corrupt")
            detail = ""
        else:
            label = entry.get("title") or t(lang, f"app.game.{entry['game']}.name")
            detail = tn(lang, "app.home.save_detail", int(entry.get("moves", 0)),
                        players=", ".join(entry_names(lang, entry)))
        items.append(
            f'<li class="save"><a class="save-link"{attrs(href=href)}>'
            f'<span class="save-title">{esc(label)}</span>'
            f'<span class="save-detail">{esc(detail)}</span>'
            f'<span class="save-go">{esc(t(lang, "app.home.continue_one"))}</span></a></li>')
    return (f'<section class="continue" aria-labelledby="continue-title">'
            f'<h2 id="continue-title">{esc(t(lang, "app.home.continue"))}</h2>'
            f'<ul class="saves">{"".join(items)}</ul></section>')


def render(lang: str, saves: list[dict[str, Any]], loading: bool = False) -> str:
    loader = (f'<p class="loading" role="status"><span class="spinner" aria-hidden="true"></span>'
              f'{esc(t(lang, "app.loading"))}</p>') if loading else ""
    cards = "".join(game_card(lang, g, loading) for g in GAME_IDS)
    return (
        '<section class="home">'
        '<div class="hero">'
        f'<h1 id="main-title" tabindex="-1">{esc(t(lang, "app.home.title"))}</h1>'
        f'<p class="tagline">{esc(t(lang, "app.home.tagline"))}</p>'
        f'{loader}</div>'
        f'<ul class="cards">{cards}</ul>'
        f'{continue_list(lang, saves)}'
        '</section>'
    )


def first_paint(lang: str) -> str:
    """The home screen as the page shows it before Python runs: same markup, controls
    disabled, a loading line. The build injects it into index.html."""
    nav = [(t(lang, label), href) for label, href in HEADER_LINKS]  # the live app's header
    return page(lang, render(lang, saves=[], loading=True), nav=nav, notices=[], loading=True)
