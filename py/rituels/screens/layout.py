"""The frame every screen shares: top bar (brand, navigation, FR · EN · IT · DE switch),
notices, main."""

from __future__ import annotations

from rituels.i18n import LANGS, t
from rituels.viewkit import attrs, esc

# The header links (i18n key, href): static, so the first paint (drawn before Python runs) has
# the same header as the live app (rituels.app.registry.install makes its nav from them).
HEADER_LINKS = (("app.nav.home", "#/"), ("library.games.nav", "#/games"))
LANG_NAMES = {"fr": "Français", "en": "English", "it": "Italiano", "de": "Deutsch"}

LOGO = ('<svg class="logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">'
        '<circle cx="16" cy="16" r="14" fill="none" stroke="currentColor" stroke-width="2"/>'
        '<path d="M16 4 L26 22 H6 Z" fill="none" stroke="currentColor" stroke-width="2"/>'
        '<circle cx="16" cy="17" r="3" fill="currentColor"/></svg>')


def lang_switch(lang: str, disabled: bool = False) -> str:
    buttons = "".join(
        f'<button type="button" class="lang-btn"'
        f'{attrs(data_cmd="lang", data_lang=code, lang=code, title=LANG_NAMES[code], aria_pressed="true" if code == lang else "false", disabled=disabled)}'
        f'>{code.upper()}</button>'
        for code in LANGS)
    return (f'<div class="lang-switch" role="group"{attrs(aria_label=t(lang, "app.lang.label"))}>'
            f'{buttons}</div>')


def notices_markup(notices: list[dict[str, str]]) -> str:
    if not notices:
        return ""
    items = "".join(f'<p class="notice notice-{esc(n.get("kind", "info"))}">{esc(n["text"])}'
                    + (f' <button type="button" class="btn notice-button"{attrs(data_cmd=n["cmd"])}>'
                       f'{esc(n["button"])}</button>' if n.get("cmd") else "")
                    # a button the page's glue answers itself (« Recharger »: no worker trip)
                    + (f' <button type="button" class="btn notice-button"{attrs(data_glue=n["glue"])}>'
                       f'{esc(n["glue_button"])}</button>' if n.get("glue") else "")
                    + '</p>' for n in notices)
    return f'<div class="notices">{items}</div>'


def toast_markup(notices: list[dict[str, str]]) -> str:
    """Answers to a tap on the game screen (why not, a refusal): over the page at the foot
    of the window, where a player looking at the board sees them, taking no room, so the
    board never moves (issue 42); taps go through it to the board (app.css). Read out by
    the live region, like every notice."""
    if not notices:
        return ""
    items = "".join(f'<p class="notice notice-{esc(n.get("kind", "info"))}">{esc(n["text"])}</p>'
                    for n in notices)
    return f'<div class="notices toast" id="toast">{items}</div>'


def page(lang: str, body: str, nav: list[tuple[str, str]], notices: list[dict[str, str]],
         loading: bool = False, watched: bool = False,
         toast: list[dict[str, str]] | None = None) -> str:
    """The whole content of ``#app``. ``nav`` is (label, href) pairs (already translated);
    ``toast``: notices shown over the page (:func:`toast_markup`).
    ``watched``: with the glue's watchdog marks (web/glue.py), drawn in advance because a
    dead worker can draw nothing: the busy mark (``html[data-slow]``) and the notice that
    offers « Recharger » (shown by the glue)."""
    links = "".join(
        f'<a class="nav-link"{attrs(href=None if loading else href, aria_disabled=loading and "true")}>'
        f'{esc(label)}</a>' for label, href in nav)
    brand_href = None if loading else "#/"
    return (
        '<div class="shell">'
        '<header class="topbar">'
        f'<a class="brand"{attrs(href=brand_href, aria_label=t(lang, "app.title"))}>{LOGO}'
        f'<span>{esc(t(lang, "app.title"))}</span></a>'
        f'<nav class="nav"{attrs(aria_label=t(lang, "app.nav.label"))}>{links}</nav>'
        f'{lang_switch(lang, disabled=loading)}'
        '</header>'
        f'{notices_markup(notices)}'
        f'<main id="main" class="main">{body}</main>'
        '</div>'
        + toast_markup(toast or [])
        + (watch_markup(lang) if watched else "")
    )


def watch_markup(lang: str) -> str:
    return (f'<p id="busy" class="busy-mark" role="status">{esc(t(lang, "storage.busy"))}</p>'
            '<div id="watch" class="watch" role="alertdialog" aria-labelledby="watch-text" hidden>'
            f'<p id="watch-text">{esc(t(lang, "storage.worker_dead"))}</p>'
            f'<button type="button" class="btn" data-glue="reload">{esc(t(lang, "storage.reload"))}</button>'
            '</div>')
