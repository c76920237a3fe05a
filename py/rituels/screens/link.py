"""Share links: the "Partager" dialog of the game screen and the screen that opens a link.

Opening ``#g=<payload>`` decodes and re-runs the whole game (rituels.engine.link) before
anything is shown; then the screen offers "Revoir la partie" (the replay viewer) or
"Continuer d'ici" (a new local save from the link's last position), and says whether the
sender chose to reveal every hidden hand. A damaged link gets its own clear message.
These are the views; the handlers are in rituels/app/sharing.py.
"""

from __future__ import annotations

from typing import Any

from rituels.engine.link import LinkInfo
from rituels.i18n import t
from rituels.screens.analysis import coach_mark
from rituels.viewkit import attrs, esc


def share_dialog(lang: str, *, url: str, hidden_game: bool, reveal: bool, copied: bool,
                 copy_failed: bool) -> str:
    """The dialog of the "Partager" command; ``url`` is the whole link (or its hash)."""
    reveal_choice = ""
    if hidden_game:
        buttons = "".join(
            f'<button type="button"{attrs(class_="btn btn-small", data_cmd="share-reveal", data_reveal="1" if value else "0", aria_pressed="true" if value == reveal else "false")}>'
            f'{esc(t(lang, key))}</button>'
            for value, key in ((False, "library.share.keep_hidden"),
                               (True, "library.share.reveal")))
        reveal_choice = (f'<div class="share-reveal" role="group"{attrs(aria_label=t(lang, "library.share.hidden_label"))}>'
                         f'<p>{esc(t(lang, "library.share.hidden_help"))}</p>{buttons}</div>')
    if copy_failed:
        status = t(lang, "library.share.copy_failed")
    elif copied:
        status = t(lang, "library.share.copied")
    else:
        status = ""
    return (
        '<div class="overlay">'
        '<div class="dialog share-dialog" role="dialog" aria-modal="true" aria-labelledby="dialog-title">'
        f'<h2 id="dialog-title" tabindex="-1">{esc(t(lang, "library.share.title"))}</h2>'
        f'<p>{esc(t(lang, "library.share.help"))}</p>'
        f'{reveal_choice}'
        f'<label class="field"><span class="field-label">{esc(t(lang, "library.share.link"))}</span>'
        f'<input type="text" readonly id="share-url" class="share-url"{attrs(value=url)}></label>'
        f'<p class="share-status" role="status">{esc(status)}</p>'
        '<div class="dialog-actions">'
        f'<button type="button" class="btn" data-cmd="share-close" data-escape>{esc(t(lang, "library.share.close"))}</button>'
        f'<button type="button" class="btn btn-primary" data-cmd="share-copy">{esc(t(lang, "library.share.copy"))}</button>'
        '</div></div></div>')


def link_intro(lang: str, record: dict[str, Any], info: LinkInfo, join: str = "") -> str:
    """What a link holds, before opening it (no spoiler: the result is not shown). ``join``:
    the choice of seats of a game played at a distance (rituels/screens/remote.py)."""
    game_name = t(lang, f"app.game.{info.game}.name")
    players = ", ".join(
        t(lang, "library.games.bot_name", name=s["name"]) if s["bot"] else s["name"]
        for s in record["seats"])
    facts = [
        (t(lang, "library.games.game"), game_name),
        (t(lang, "library.games.players"), players),
        (t(lang, "library.games.moves"), str(info.actions)),
        (t(lang, "library.games.state"),
         t(lang, "library.games.finished" if info.finished else "library.games.ongoing")),
    ]
    title = record.get("meta", {}).get("title")
    if title:
        facts.insert(0, (t(lang, "library.link.title_label"), title))
    dl = "".join(f"<div><dt>{esc(k)}</dt><dd>{esc(v)}</dd></div>" for k, v in facts)
    warning = (f'<p class="notice notice-warning link-reveals">'
               f'{esc(t(lang, "library.link.reveals"))}</p>') if info.reveals_hidden else ""
    if info.coach:
        warning = coach_mark(lang) + warning
    cont = "" if info.finished else (
        f'<button type="button" class="btn" data-cmd="link-continue">'
        f'{esc(t(lang, "library.link.continue"))}</button>')
    return (
        '<section class="link-intro">'
        f'<h1 id="main-title" tabindex="-1">{esc(t(lang, "library.link.heading", game=game_name))}</h1>'
        f'<dl class="save-facts">{dl}</dl>{warning}{join}'
        '<div class="end-actions">'
        f'<button type="button" class="btn btn-primary" data-cmd="link-replay">'
        f'{esc(t(lang, "library.link.replay"))}</button>{cont}'
        f'<a class="btn" href="#/">{esc(t(lang, "app.menu.home"))}</a></div></section>')


def link_broken(lang: str, reason: str) -> str:
    return (
        '<section class="broken link-broken">'
        f'<h1 id="main-title" tabindex="-1">{esc(t(lang, "library.link.broken_title"))}</h1>'
        f'<p>{esc(t(lang, "library.link.broken_text"))}</p>'
        f'<p class="broken-reason">{esc(reason)}</p>'
        '<div class="end-actions">'
        f'<a class="btn btn-primary" href="#/">{esc(t(lang, "app.menu.home"))}</a></div></section>')
