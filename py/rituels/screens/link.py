"""Share links: the "Partager" dialog of the game screen and the screen that opens a link.

Opening ``#g=<payload>`` decodes and re-runs the whole game (rituels.engine.link) before
anything is shown; then the screen offers "Revoir la partie" (the replay viewer) or
"Continuer d'ici" (a new local save from the link's last position), and says whether the
sender chose to reveal every hidden hand. A damaged link gets its own clear message.

Glue effect (rituels/app/browser.py): ``{"type": "copy-link", "hash": "#g=..."}`` — write
``location.origin + location.pathname + hash`` to the clipboard; if that is refused, call
``app.click({"cmd": "share-copy-failed"})`` (the dialog then asks to copy the text by hand).
The glue may set ``app.base_url = location.origin + location.pathname`` so the dialog shows
the whole address.
"""

from __future__ import annotations

from typing import Any

from rituels.engine.link import LinkInfo
from rituels.i18n import t
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


def link_intro(lang: str, record: dict[str, Any], info: LinkInfo) -> str:
    """What a link holds, before opening it (no spoiler: the result is not shown)."""
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
    cont = "" if info.finished else (
        f'<button type="button" class="btn" data-cmd="link-continue">'
        f'{esc(t(lang, "library.link.continue"))}</button>')
    return (
        '<section class="link-intro">'
        f'<h1 id="main-title" tabindex="-1">{esc(t(lang, "library.link.heading", game=game_name))}</h1>'
        f'<dl class="save-facts">{dl}</dl>{warning}'
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


# --- wiring into the app controller ------------------------------------------------------------
from rituels.app.controller import OVERLAYS, PLAY_MENU, MenuItem, command, route  # noqa: E402
from rituels.engine import link as codec  # noqa: E402
from rituels.engine.game import get_game  # noqa: E402
from rituels.engine.record import RecordError  # noqa: E402

PLAY_MENU.insert(0, MenuItem("library.share.menu", cmd="share",
                             enabled=lambda app: app.playing() is not None))


class LinkScreen:
    """An opened link: its record and info, or why it could not be opened (a RecordError,
    or None when the game itself is unavailable)."""

    def __init__(self, record: dict[str, Any] | None = None, info: LinkInfo | None = None,
                 error: RecordError | None = None):
        self.record, self.info, self.error = record, info, error


def link_screen(app: Any) -> str:
    from rituels.screens.mygames import describe_error

    ls = getattr(app, "link", None)
    if ls is None or ls.record is None or ls.info is None:
        error = getattr(ls, "error", None)
        reason = describe_error(app.lang, error) if error else t(app.lang, "app.notice.no_game")
        return link_broken(app.lang, reason)
    return link_intro(app.lang, ls.record, ls.info)


@route("link")
def _open_link(app: Any, payload: str) -> None:
    app.screen = link_screen
    try:
        record, info = codec.decode(payload)
        get_game(record["game"])
    except RecordError as exc:  # LinkError included
        app.link = LinkScreen(error=exc)
        return
    except ImportError:
        app.link = LinkScreen()
        return
    app.link = LinkScreen(record, info)


def _link(app: Any) -> LinkScreen | None:
    ls = getattr(app, "link", None)
    return ls if ls is not None and ls.record is not None and ls.info is not None else None


@command("link-replay")
def _link_replay(app: Any, data: dict) -> None:
    from rituels.screens.replay import open_replay

    ls = _link(app)
    if ls is None:
        return
    note = "library.link.reveals" if ls.info.reveals_hidden else ""
    try:
        open_replay(app, ls.record, choose_viewer=ls.info.reveals_hidden, viewer=None,
                    back_href="#/", note_key=note, from_start=True)
    except ImportError:
        app.notice("app.notice.no_game")


@command("link-continue")
def _link_continue(app: Any, data: dict) -> None:
    from rituels.screens.replay import continue_from

    ls = _link(app)
    if ls is not None and not ls.info.finished:
        continue_from(app, ls.record)


# --- the share dialog (game screen and replay viewer) ---------------------------------------------
def _share_state(app: Any) -> dict[str, Any] | None:
    return getattr(app, "share", None)


def _shared_record(app: Any, st: dict[str, Any]) -> dict[str, Any] | None:
    """The record being shared, as it is now; None once its screen is gone (the dialog then
    closes by itself)."""
    if st["from"] == "play":
        s = app.playing()
        return s.record if s is not None and s.save_id == st["id"] else None
    rs = getattr(app, "replay", None)
    from rituels.screens.replay import replay_screen
    return rs.cursor.record if rs is not None and app.screen is replay_screen else None


def share_overlay(app: Any) -> str:
    st = _share_state(app)
    if st is None:
        return ""
    record = _shared_record(app, st)
    if record is None:
        app.share = None
        return ""
    return share_dialog(app.lang, url=getattr(app, "base_url", "") + _link_of(record, st),
                        hidden_game=get_game(record["game"]).hidden_information,
                        reveal=st["reveal"], copied=st["copied"], copy_failed=st["failed"])


OVERLAYS.append(share_overlay)


def _link_of(record: dict[str, Any], st: dict[str, Any]) -> str:
    """The record's link (encoding replays the game: done once per position and choice)."""
    key = (len(record["actions"]), st["reveal"])
    if st.get("key") != key:
        st["key"] = key
        st["hash"] = codec.fragment(codec.encode(record, reveal_hidden=st["reveal"]))
    return st["hash"]


def _copy(app: Any) -> None:
    st = _share_state(app)
    record = _shared_record(app, st) if st is not None else None
    if record is None:
        return
    app.effects.append({"type": "copy-link", "hash": _link_of(record, st)})
    st.update(copied=True, failed=False)
    app.announcements.append(t(app.lang, "library.share.copied"))


@command("share")
def _share(app: Any, data: dict) -> None:
    """Open the dialog and copy the link at once (one click shares)."""
    s = app.playing()
    where = ("play", s.save_id) if s is not None else ("replay", "")
    app.share = {"from": where[0], "id": where[1], "reveal": False, "copied": False,
                 "failed": False}
    if _shared_record(app, app.share) is None:
        app.share = None
        return
    _copy(app)
    app.effects.append({"type": "focus", "target": "#share-url"})


@command("share-copy")
def _share_copy(app: Any, data: dict) -> None:
    _copy(app)


@command("share-copy-failed")
def _share_failed(app: Any, data: dict) -> None:
    st = _share_state(app)
    if st is not None:
        st.update(copied=False, failed=True)
        app.effects.append({"type": "focus", "target": "#share-url"})


@command("share-reveal")
def _share_reveal(app: Any, data: dict) -> None:
    st = _share_state(app)
    if st is not None:
        st.update(reveal=str(data.get("reveal")) == "1", copied=False, failed=False)


@command("share-close")
def _share_close(app: Any, data: dict) -> None:
    app.share = None
    app.effects.append({"type": "focus", "target": "#main-title"})
