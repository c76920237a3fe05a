"""The game menu's "Annuler le coup" (take back a move), following rituels.engine.undo.

The button is enabled only when the rule allows a take-back now; when it is disabled its
title says why (after a roll, after another player's move, ...). Taking back truncates the
record and replays it, so the position, the log and the save are exactly as before the move.

Undo rights follow the person at the device: in a pass-the-device game with hidden hands, only
the person who last confirmed "Je suis …" may take back, and only their own move (after "Je suis
Bob", Bob cannot take back Ada's move; before handing over, Ada still can).
"""

from __future__ import annotations


from rituels.app.effects import Focus
from rituels.app.registry import Feature, FeatureHost, MenuItem
from rituels.app.remote import link_sent
from rituels.engine.record import RecordError
from rituels.engine.undo import undo_for
from rituels.i18n import t

FEATURE = Feature("takeback")


def _decision(app: FeatureHost) -> tuple[int | None, int | None, str | None]:
    s = app.playing()
    if s is None or not s.humans:
        return None, None, None
    at_device = s.humans
    if s.private_view():
        at_device = [s.revealed] if s.revealed is not None else []
        if not at_device:
            return None, None, "library.undo.other"
    if link_sent(app, s):
        return None, None, "remote.undo.sent"
    try:
        return undo_for(s.history, at_device)   # grown with the game: nothing replayed
    except RecordError:
        return None, None, None


def _enabled(app: FeatureHost) -> bool:
    return _decision(app)[1] is not None


def _hint(app: FeatureHost) -> str:
    reason = _decision(app)[2]
    return t(app.lang, reason) if reason else t(app.lang, "library.undo.allowed")


FEATURE.menu_item(20, MenuItem("library.undo.menu", cmd="undo", enabled=_enabled, hint=_hint))


@FEATURE.command("undo")
def _undo(app: FeatureHost, data: dict) -> None:
    player, target, reason = _decision(app)
    s = app.playing()
    if s is None or target is None:
        if reason:
            app.notice(reason, kind="info")
        return
    record = dict(s.record, actions=s.record["actions"][:target])
    app.open_record(s.save_id, record, s.rev)
    app.session.revealed = s.revealed     # the same person is still at the device
    app.save()
    app.announcements.append(t(app.lang, "library.undo.done"))
    app.effects.append(Focus("#status"))
