"""Share links: opening ``#g=<payload>`` and the "Partager" dialog (game screen and replay).

Opening a link decodes and re-runs the whole game (rituels.engine.link) before anything is
shown; then the screen (rituels/screens/link.py) offers "Revoir la partie" (the replay viewer)
or "Continuer d'ici" (a new local save from the link's last position). A link that keeps hands
hidden stays so when continued: each person takes the device before seeing their hand.
The replay of a link keeps its position in the URL, ``#g=<payload>/<n>``: a reload (or such an
address) opens the replay at move n directly.

Glue effect (web/glue.py): ``effects.CopyLink("#g=...")`` — write ``location.origin +
location.pathname + hash`` to the clipboard; if that is refused, call
``app.click({"cmd": "share-copy-failed"})`` (the dialog then asks to copy the text by hand).
The glue may set ``app.base_url = location.origin + location.pathname`` so the dialog shows
the whole address.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rituels.app.effects import CopyLink, Focus
from rituels.app.registry import Feature, FeatureHost, MenuItem
from rituels.app.replay import continue_from, moved_url, open_replay, position, replay_screen
from rituels.app.replay import viewer
from rituels.engine import link as codec
from rituels.engine.game import get_game
from rituels.engine.link import LinkInfo
from rituels.engine.record import RecordError
from rituels.i18n import t
from rituels.screens.link import link_broken, link_intro, share_dialog
from rituels.screens.mygames import describe_error


@dataclass
class Kept:
    """What sharing (links, the share dialog) keeps in the app (``FEATURE.of(app)``)."""

    link: LinkScreen | None = None   # the link being opened (``#g=...``)
    dialog: dict[str, Any] | None = None   # the share dialog, while it is open


FEATURE: Feature[Kept] = Feature("sharing", state=Kept)

FEATURE.menu_item(10, MenuItem("library.share.menu", cmd="share",
                               enabled=lambda app: app.playing() is not None))


class LinkScreen:
    """An opened link: its payload, record and info, or why it could not be opened (a
    RecordError, or None when the game itself is unavailable)."""

    def __init__(self, record: dict[str, Any] | None = None, info: LinkInfo | None = None,
                 error: RecordError | None = None, payload: str = ""):
        self.record, self.info, self.error = record, info, error
        self.payload = payload


def link_screen(app: FeatureHost) -> str:
    ls = FEATURE.of(app).link
    if ls is None or ls.record is None or ls.info is None:
        error = getattr(ls, "error", None)
        reason = describe_error(app.lang, error) if error else t(app.lang, "app.notice.no_game")
        return link_broken(app.lang, reason)
    join = "".join(part(app, ls.record, ls.info) for part in app.hooks("link_part"))
    return link_intro(app.lang, ls.record, ls.info, join=join)


@FEATURE.route("link")
def _open_link(app: FeatureHost, arg: str) -> None:
    payload, pos = position(arg)
    rs = viewer(app)
    if pos is not None and rs is not None and rs.link == payload:
        app.screen = replay_screen          # the same replay (Back, or the URL was edited)
        rs.cursor.playing = False
        rs.cursor.seek(pos)
        return
    app.screen = link_screen
    try:
        record, info = codec.decode(payload)
        get_game(record["game"])
    except RecordError as exc:  # LinkError included
        FEATURE.of(app).link = LinkScreen(error=exc)
        return
    except ImportError:
        FEATURE.of(app).link = LinkScreen()
        return
    FEATURE.of(app).link = LinkScreen(record, info, payload=payload)
    for opened in app.hooks("link_opened"):   # play at a distance: this device's save of it
        opened(app, record, info)
    if pos is not None and app.screen is link_screen:    # the replay of the link, at move n
        _open_link_replay(app, pos)


def _link(app: FeatureHost) -> LinkScreen | None:
    ls = FEATURE.of(app).link
    return ls if ls is not None and ls.record is not None and ls.info is not None else None


@FEATURE.command("link-replay")
def _link_replay(app: FeatureHost, data: dict) -> None:
    _open_link_replay(app)


def _open_link_replay(app: FeatureHost, pos: int = 0) -> None:
    """The replay of the opened link, at move ``pos``, its position in the URL."""
    ls = _link(app)
    if ls is None:
        return
    note = "library.link.reveals" if ls.info.reveals_hidden else ""
    try:
        open_replay(app, ls.record, choose_viewer=ls.info.reveals_hidden, viewer=None,
                    back_href="#/", note_key=note, from_start=True, hidden=_hides(ls),
                    link=ls.payload)
    except ImportError:
        app.notice("app.notice.no_game")
        return
    viewer(app).cursor.seek(pos)
    moved_url(app, viewer(app).cursor)


@FEATURE.command("link-continue")
def _link_continue(app: FeatureHost, data: dict) -> None:
    ls = _link(app)
    if ls is not None and not ls.info.finished:
        continue_from(app, ls.record, hidden=_hides(ls))


def _hides(ls: LinkScreen) -> bool:
    """The link's game has hidden hands and its sender did not reveal them."""
    return get_game(ls.record["game"]).hidden_information and not ls.info.reveals_hidden


# --- the share dialog (game screen and replay viewer) ---------------------------------------------
def _share_state(app: FeatureHost) -> dict[str, Any] | None:
    return FEATURE.of(app).dialog


def _shared_record(app: FeatureHost, st: dict[str, Any]) -> dict[str, Any] | None:
    """The record being shared, as it is now; None once its screen is gone (the dialog then
    closes by itself)."""
    if st["from"] == "play":
        s = app.playing()
        return s.record if s is not None and s.save_id == st["id"] else None
    rs = viewer(app)
    return rs.cursor.record if rs is not None and app.screen is replay_screen else None


@FEATURE.hook("overlay")
def share_overlay(app: FeatureHost) -> str:
    st = _share_state(app)
    if st is None:
        return ""
    record = _shared_record(app, st)
    if record is None:
        FEATURE.of(app).dialog = None
        return ""
    return share_dialog(app.lang, url=app.base_url + _link_of(record, st),
                        hidden_game=get_game(record["game"]).hidden_information,
                        reveal=st["reveal"], copied=st["copied"], copy_failed=st["failed"])




def _link_of(record: dict[str, Any], st: dict[str, Any]) -> str:
    """The record's link (encoding replays the game: done once per position and choice)."""
    key = (len(record["actions"]), st["reveal"])
    if st.get("key") != key:
        st["key"] = key
        st["hash"] = codec.fragment(codec.encode(record, reveal_hidden=st["reveal"]))
    return st["hash"]


def _copy(app: FeatureHost) -> None:
    st = _share_state(app)
    record = _shared_record(app, st) if st is not None else None
    if record is None:
        return
    app.effects.append(CopyLink(_link_of(record, st)))
    st.update(copied=True, failed=False)
    app.announcements.append(t(app.lang, "library.share.copied"))


@FEATURE.command("share")
def _share(app: FeatureHost, data: dict) -> None:
    """Open the dialog and copy the link at once (one click shares)."""
    s = app.playing()
    where = ("play", s.save_id) if s is not None else ("replay", "")
    FEATURE.of(app).dialog = {"from": where[0], "id": where[1], "reveal": False, "copied": False,
                 "failed": False}
    if _shared_record(app, FEATURE.of(app).dialog) is None:
        FEATURE.of(app).dialog = None
        return
    _copy(app)
    app.effects.append(Focus("#share-url"))


@FEATURE.command("share-copy")
def _share_copy(app: FeatureHost, data: dict) -> None:
    _copy(app)


@FEATURE.command("share-copy-failed")
def _share_failed(app: FeatureHost, data: dict) -> None:
    st = _share_state(app)
    if st is not None:
        st.update(copied=False, failed=True)
        app.effects.append(Focus("#share-url"))


@FEATURE.command("share-reveal")
def _share_reveal(app: FeatureHost, data: dict) -> None:
    st = _share_state(app)
    if st is not None:
        st.update(reveal=str(data.get("reveal")) == "1", copied=False, failed=False)


@FEATURE.command("share-close")
def _share_close(app: FeatureHost, data: dict) -> None:
    FEATURE.of(app).dialog = None
    app.effects.append(Focus("#main-title"))
