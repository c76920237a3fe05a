"""Views of play at a distance: the "À envoyer à Bruno" panel of the game screen, the choice
of one's seats when a link of a new remote game is first opened, and the screen of a link
that cannot update the local game (it forks from it). The handlers are in
rituels/app/remote.py."""

from __future__ import annotations

from typing import Any

from rituels.i18n import t
from rituels.viewkit import attrs, esc


def send_panel(lang: str, *, names: list[str], url: str, hidden_game: bool, finished: bool,
               share_title: str, share_text: str, status: str = "") -> str:
    """The link to send to the people elsewhere (``names``) and the button that sends it
    (the phone's share sheet with ``share_title`` and ``share_text``, or the clipboard)."""
    who = ", ".join(names)
    title = t(lang, "remote.send.title_end" if finished else "remote.send.title", name=who)
    hands = (f'<p class="remote-hands">{esc(t(lang, "remote.send.hands"))}</p>'
             if hidden_game else "")
    return (
        '<section class="remote-send" aria-labelledby="send-title">'
        f'<h2 id="send-title" class="panel-title">{esc(title)}</h2>'
        f'<p>{esc(t(lang, "remote.send.help", name=who))}</p>{hands}'
        f'<label class="field"><span class="field-label">{esc(t(lang, "library.share.link"))}</span>'
        f'<input type="text" readonly id="send-url" class="share-url"{attrs(value=url)}></label>'
        '<div class="end-actions">'
        f'<button type="button" class="btn btn-primary"'
        f'{attrs(data_cmd="remote-send", data_title=share_title, data_text=share_text)}>'
        f'{esc(t(lang, "remote.send.button", name=who))}</button></div>'
        f'<p class="share-status" role="status">{esc(status)}</p></section>')


def join_form(lang: str, *, seats: list[tuple[int, str]], chosen: set[int]) -> str:
    """First opening of a remote game's link: which people play on this device."""
    boxes = "".join(
        f'<label class="check"><input type="checkbox"'
        f'{attrs(name=f"remote-seat-{i}", id=f"remote-seat-{i}", checked=i in chosen)}>'
        f'<span>{esc(name)}</span></label>' for i, name in seats)
    return (
        '<form class="remote-join" data-submit="remote-join" novalidate>'
        f'<h2 class="panel-title">{esc(t(lang, "remote.join.title"))}</h2>'
        f'<p>{esc(t(lang, "remote.join.help"))}</p>'
        f'<fieldset class="seats"><legend>{esc(t(lang, "remote.join.seats"))}</legend>{boxes}'
        '</fieldset><div class="end-actions">'
        f'<button type="submit" class="btn btn-primary" data-cmd="remote-join">'
        f'{esc(t(lang, "remote.join.button"))}</button></div></form>')


def fork_screen(lang: str, *, game_name: str, message: str, save_id: str) -> str:
    """A link of one of this device's games that went another way: it is never merged."""
    return (
        '<section class="link-intro remote-fork">'
        f'<h1 id="main-title" tabindex="-1">{esc(t(lang, "remote.fork.title", game=game_name))}</h1>'
        f'<p class="notice notice-warning">{esc(message)}</p>'
        f'<p>{esc(t(lang, "remote.fork.help"))}</p>'
        '<div class="end-actions">'
        f'<a class="btn btn-primary"{attrs(href=f"#/play/{save_id}")}>'
        f'{esc(t(lang, "remote.open_mine"))}</a>'
        f'<button type="button" class="btn" data-cmd="remote-fork-keep">'
        f'{esc(t(lang, "remote.fork.keep"))}</button>'
        f'<a class="btn" href="#/">{esc(t(lang, "app.menu.home"))}</a></div></section>')


def waiting_line(lang: str, name: str) -> str:
    """The status and last log line while another device has the game."""
    return t(lang, "remote.waiting", name=name)


def seat_names(record: dict[str, Any], names: list[str]) -> list[tuple[int, str]]:
    """The people of a record (bots play wherever the game is), as (seat, name)."""
    return [(i, names[i]) for i, s in enumerate(record["seats"]) if s["bot"] is None]


def help_section(lang: str) -> str:
    """One paragraph at the end of every game's rules: playing at a distance, on trust."""
    return (f'<section class="help-remote"><h2>{esc(t(lang, "remote.help_title"))}</h2>'
            f'<p>{esc(t(lang, "remote.help"))}</p></section>')
