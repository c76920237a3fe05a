"""Play at a distance: the same game goes back and forth by link, one save per device.

A game with people "à distance" gets a random id (``meta["remote"]``, carried by its link)
and each device's save names the seats played there (``meta["mine"]``). When the game waits
for someone elsewhere, the game screen shows "À envoyer à Bruno" with the link (the phone's
share sheet, or the clipboard). Opening a link of such a game:

- no save of this id here: the link screen asks which seats are yours and makes one save;
- a save of this id: the link UPDATES it when it extends it; a link that is behind changes
  nothing ("vous avez déjà 12 coups de plus"); a link that forks (other moves after a common
  prefix) is refused as an update and may be kept as a separate save, the first differing
  move named. A link whose table (game, options, people) differs from the save's is opened
  as an ordinary link.

Bots and the table's own draws are played by whichever device has the game; rolls belong to
the device of the player whose turn it is (on trust, as at a friend's table).

Glue: a tap on the send button (``data-cmd="remote-send"``, ``data-title``, ``data-text``) is
handled on the main thread (a share sheet needs the tap itself): boot.js's ``rituelsShare``
opens the share sheet where there is one, else copies the address of ``#send-url``; the glue
then sends ``click {cmd: "remote-sent", result: shared|copied|cancelled|failed}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rituels.app.effects import Focus
from rituels.app.registry import Feature, FeatureHost
from rituels.app.replay import continue_from
from rituels.app.saves import StaleSave
from rituels.app.session import load_view
from rituels.app.sharing import FEATURE as SHARING_FEATURE
from rituels.app.storage import StorageError
from rituels.engine import link as codec
from rituels.engine.game import get_game
from rituels.engine.state import turn_owner
from rituels.engine.history import replay
from rituels.engine.record import (RecordError, compare, game_id_of, local_seats, new_game_id,
                                   seats_text)
from rituels.i18n import t, tn
from rituels.screens import remote as view
from rituels.screens.newgame import seat_names
from rituels.viewkit import ViewContext


@dataclass
class Kept:
    """What play at a distance keeps in the app (``FEATURE.of(app)``)."""

    fork: dict[str, Any] | None = None   # a link forking from this device's save: what to keep?
    sent: dict[str, Any] | None = None   # the position « À envoyer » last said sent
    link: tuple[Any, str] | None = None   # the last link made, with the position it is of


FEATURE: Feature[Kept] = Feature("remote", state=Kept)

LINKED = "linked"   # meta: how many moves the last link brought (the end is theirs to send)


# --- set-up ----------------------------------------------------------------------------------
def setup_meta(app: FeatureHost, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """Meta of a new game: an id and this device's seats when some people are elsewhere."""
    if not any(s.get("remote") for s in seats):
        return {}
    here = [i for i, s in enumerate(seats) if s.get("bot") is None and not s.get("remote")]
    return {"remote": new_game_id(app.rng.getrandbits(64)), "mine": seats_text(here)}


def same_people(s: Any) -> list[dict[str, Any]]:
    """The seats of a rematch: the people elsewhere are elsewhere again (a new game id).
    In a game that is not remote every person is local (``Session.local``)."""
    return [dict(seat, remote=seat["bot"] is None and i not in s.local)
            for i, seat in enumerate(s.record["seats"])]


# --- the game screen -----------------------------------------------------------------------
def recipients(s: Any) -> list[int]:
    """The people elsewhere the game must go to now: whoever it waits for, or at the end
    everyone elsewhere (unless the end came from them, by link)."""
    if game_id_of(s.record) is None:
        return []
    if not s.state.is_terminal():
        who = s.remote_actor()
        return [] if who is None else [who]
    if s.record["meta"].get(LINKED) == len(s.record["actions"]):
        return []
    return [i for i, seat in enumerate(s.record["seats"])
            if seat["bot"] is None and i not in s.local]


def waiting_status(app: FeatureHost, s: Any) -> str | None:
    """The status (and last log line) while the game waits for another device."""
    who = s.remote_actor()
    return None if who is None else view.waiting_line(app.lang, s.names[who])


def send_panel(app: FeatureHost, s: Any) -> str:
    people = recipients(s)
    if not people:
        return ""
    st = _sent(app, s)
    names = ", ".join(s.names[i] for i in people)
    game = app.t(f"app.game.{s.record['game']}.name")
    return view.send_panel(app.lang, names=[s.names[i] for i in people],
                           share_title=app.t("remote.share.title", game=game),
                           share_text=app.t("remote.share.text", game=game, name=names),
                           url=app.base_url + _hash(app, s),
                           hidden_game=s.game.hidden_information,
                           finished=s.state.is_terminal(), status=st.get("status", ""))


def _key(s: Any) -> tuple[str, int]:
    return (s.save_id, len(s.record["actions"]))


def _sent(app: FeatureHost, s: Any) -> dict[str, Any]:
    """What became of this position's sending (the status under the button)."""
    st = FEATURE.of(app).sent
    if st is None or st.get("key") != _key(s):
        st = FEATURE.of(app).sent = {"key": _key(s)}
    return st


def link_sent(app: FeatureHost, s: Any) -> bool:
    """Whether this position's link has left the device (shared or copied): from then on the
    move must not be taken back, or the friend's answer would come back as a fork."""
    return bool(recipients(s)) and _sent(app, s).get("sent", False)


def _hash(app: FeatureHost, s: Any) -> str:
    """The position's link, encoded once (encoding replays the whole game)."""
    cached = FEATURE.of(app).link
    if cached is None or cached[0] != _key(s):
        cached = FEATURE.of(app).link = (_key(s), codec.fragment(codec.encode(s.record)))
    return cached[1]


@FEATURE.command("remote-sent")
def _sent_result(app: FeatureHost, data: dict) -> None:
    s = app.playing()
    result = str(data.get("result", ""))
    if s is None or result not in ("shared", "copied", "failed"):
        return   # cancelled by the person: nothing to say
    text = app.t(f"remote.sent.{result}")
    _sent(app, s)["status"] = text
    if result != "failed":
        _sent(app, s)["sent"] = True
    app.announcements.append(text)
    if result == "failed":
        app.effects.append(Focus("#send-url"))


# --- opening a link of a remote game ---------------------------------------------------------
def _same_table(a: dict[str, Any], b: dict[str, Any]) -> bool:
    # names and bots only: a link carries no default-name marker (docs/records.md)
    def seats(r: dict[str, Any]) -> list[tuple[str, Any]]:
        return [(s["name"], s["bot"]) for s in r["seats"]]
    return a["game"] == b["game"] and a["options"] == b["options"] and seats(a) == seats(b)


def find_save(app: FeatureHost, gid: str) -> tuple[str, dict[str, Any], int] | None:
    """This device's save of the game ``gid`` (the most recently updated if, by some import,
    there are several), or None."""
    try:
        entries = sorted(app.saves.list(), key=lambda e: e.get("updated", ""), reverse=True)
    except StorageError:
        return None
    for entry in entries:
        sid = entry["id"]
        if "remote" in entry and entry["remote"] != gid:   # the entry says (no record read)
            continue
        try:
            if gid not in app.saves.raw(sid):   # cheap: most saves are not it
                continue
            record, rev = app.saves.read(sid)
        except (KeyError, RecordError, StorageError):
            continue
        if game_id_of(record) == gid:
            return sid, record, rev
    return None


def _owners(state: Any, last: int | None) -> set[int]:
    """Who may bring the action at ``state`` in a link: a decision, its player; a chance
    outcome, the player whose turn it is when the game says (``turn_owner``: Cthulhu Dice's
    riposte is rolled in the attacker's turn) and the roll's owner (``chance_owner``: the
    victim rolls a riposte, Tuchulcha's player the turn's dice); a draw nobody owns, the
    player whose decision caused it (the last to decide; none at the very start)."""
    player = state.current_player()
    if player >= 0:
        return {player}
    found = {p for p in (turn_owner(state), state.chance_owner())
             if p is not None}
    return found or ({last} if last is not None else set())


def local_move(mine: dict[str, Any], actions: list[str]) -> tuple[int, int] | None:
    """The index and the player of the first move ``actions`` adds to ``mine`` that belongs
    to a seat this device plays (docs/records.md: a link only brings the moves of the seats
    played elsewhere and the chance outcomes of their turns), or None."""
    here = local_seats(mine)
    if not here:
        return None
    state = replay(mine, upto=0).state
    last = None
    for index, notation in enumerate(actions):
        if state.is_terminal():
            return None
        if index >= len(mine["actions"]):
            owners = _owners(state, last)
            if owners and owners <= here:   # only a seat of this device could bring it
                return index, min(owners)
        if state.current_player() >= 0:
            last = state.current_player()
        try:
            state.apply(state.str_to_action(notation))
        except Exception:
            return None   # the link's own replay refuses it with a clear message
    return None


def open_link(app: FeatureHost, record: dict[str, Any], info: Any) -> bool:
    """Route ``#g=`` of a remote game: update this device's save, or say why not. False when
    the link is to be opened as an ordinary one (first opening: the link screen then offers
    to join)."""
    for _ in range(3):   # another tab may write between the read and the write: read again
        found = find_save(app, info.remote)
        if found is None:
            return False
        sid, mine, rev = found
        if not _same_table(mine, record):
            app.notice("remote.other_table", kind="warning")
            return False
        how, n = compare(mine["actions"], record["actions"])
        if how == "fork":
            FEATURE.of(app).fork = {"id": sid, "record": record, "mine": mine, "at": n}
            app.screen = fork_screen
            return True
        if how == "ahead":
            local = local_move(mine, record["actions"])
            if local is not None:   # the sender played a seat of this device: not an update
                FEATURE.of(app).fork = {"id": sid, "record": record, "mine": mine, "at": local[0],
                                   "local": local[1]}
                app.screen = fork_screen
                return True
            updated = dict(mine, actions=list(record["actions"]),
                           meta=dict(mine["meta"], **{LINKED: len(record["actions"])}))
            try:
                rev = app.saves.put(sid, updated, finished=info.finished, base_rev=rev)
            except StaleSave:
                continue
            except StorageError:
                app.saving_off = True
                app.notice("remote.not_saved")
                return True
            mine = updated
        _show(app, sid, mine, rev)
        if how == "same":
            app.notice("remote.same", kind="info")
        else:
            text = tn(app.lang, "remote.updated" if how == "ahead" else "remote.behind", n)
            app.notices.append({"kind": "info" if how == "ahead" else "warning", "text": text})
            app.announcements.append(text)
        return True
    app.notice("app.notice.other_tab", kind="info")
    return True


def _show(app: FeatureHost, sid: str, record: dict[str, Any], rev: int) -> None:
    """Open the save (the one on screen is replaced by its stored form)."""
    try:
        app.open_record(sid, record, rev)
    except (RecordError, ImportError):
        app.session = None
    app.go(f"#/play/{sid}")


@FEATURE.hook("link_opened")
def _link_opened(app: FeatureHost, record: dict[str, Any], info: Any) -> None:
    if info.remote:
        open_link(app, record, info)


@FEATURE.hook("link_part")
def _join_markup(app: FeatureHost, record: dict[str, Any], info: Any) -> str:
    """The seats to choose on the link screen of a remote game seen here for the first time."""
    if not info.remote:
        return ""
    names = seat_names(record["game"], record["seats"], app.lang)
    actor = info.state.current_player()
    actor = info.state.chance_owner() if info.state.is_chance() else actor
    return view.join_form(app.lang, seats=view.seat_names(record, names),
                          chosen={actor} if isinstance(actor, int) else set())


@FEATURE.command("remote-join")
def _join(app: FeatureHost, data: dict) -> None:
    ls = SHARING_FEATURE.of(app).link
    if ls is None or ls.record is None or ls.info is None or not ls.info.remote:
        return
    if find_save(app, ls.info.remote) is not None:   # joined meanwhile (another tab)
        open_link(app, ls.record, ls.info)
        return
    form = data.get("form") or {}
    people = {i for i, s in enumerate(ls.record["seats"]) if s["bot"] is None}
    chosen = {i for i in people if form.get(f"remote-seat-{i}") is True}
    if not chosen:
        app.notice("remote.join.none")
        return
    meta = dict(ls.record["meta"], mine=seats_text(chosen), **{LINKED: ls.info.actions})
    record = dict(ls.record, meta=meta)
    sid = app.new_save_id()
    try:
        app.open_record(sid, record)
    except (RecordError, ImportError):
        app.notice("app.notice.no_game")
        return
    app.save()
    app.go(f"#/play/{sid}")
    app.notice("remote.joined", kind="info")


# --- a forked link ---------------------------------------------------------------------------
def fork_message(lang: str, fork: dict[str, Any]) -> str:
    at = fork["at"]
    mine, theirs = fork["mine"], fork["record"]
    if fork.get("local") is not None:
        seat = fork["local"]
        names = seat_names(theirs["game"], theirs["seats"], lang)
        name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
        return t(lang, "storage.local_moves", name=name)
    return t(lang, "remote.fork.text", n=at + 1, mine=_move_text(lang, mine, at),
             theirs=_move_text(lang, theirs, at))


def _move_text(lang: str, record: dict[str, Any], index: int) -> str:
    """Move ``index`` of a record as its log line says it (public information only), or its
    notation if there is none."""
    text = record["actions"][index]
    try:
        before = replay(record, upto=index).state
        action = before.str_to_action(text)
        after = before.clone()
        after.apply(action)
        names = seat_names(record["game"], record["seats"], lang)
        lines = load_view(record["game"]).describe(
            before, action, after, ViewContext(lang=lang, names=names, viewer=None,
                                               animate=False))
        return " ".join(str(x) for x in lines) or text
    except Exception:   # a view that cannot say it: the notation still names the move
        return text


def fork_screen(app: FeatureHost) -> str:
    fork = FEATURE.of(app).fork
    if fork is None:
        return ""
    game = app.t(f"app.game.{fork['record']['game']}.name")
    return view.fork_screen(app.lang, game_name=game, message=fork_message(app.lang, fork),
                            save_id=fork["id"])


@FEATURE.command("remote-fork-keep")
def _fork_keep(app: FeatureHost, data: dict) -> None:
    """The link as a separate save: a variant of this device's game, played here only (no
    game id, so later links of the family never touch it)."""
    fork = FEATURE.of(app).fork
    if fork is None:
        return
    FEATURE.of(app).fork = None
    record = fork["record"]
    continue_from(app, record, variant_of=fork["id"],
                  base_title=record["meta"].get("title", "") or app.t(
                      f"app.game.{record['game']}.name"),
                  hidden=get_game(record["game"]).hidden_information)
