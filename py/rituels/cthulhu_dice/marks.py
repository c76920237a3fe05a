"""Cthulhu Dice's choices on the board and in words, for the review, the retry and the coach
(rituels/boardmarks.py): a ring round the victim's seat (and its button), or round the
Eye's chosen face. ``reason``: a choice that wins at once, or takes from the richest."""

from __future__ import annotations

from rituels.boardmarks import Mark
from rituels.engine.actions import verb
from rituels.cthulhu_dice.rules import CTHULHU, VICTIM


def marks(state, action) -> list[Mark]:
    """Where ``action`` (legal at ``state``) is on the board."""
    return [Mark("ring", state.action_to_str(action))]


def reason(state, action) -> tuple[str, dict] | None:
    player = state.current_player()
    if player < 0:
        return None
    after = state.clone()
    after.apply(action)
    if after.is_terminal() and player in after.winners():
        return "win", {}
    if verb(action) == VICTIM and action[1] != CTHULHU:
        seat = action[1]
        others = [a[1] for a in state.legal_actions() if a[1] != CTHULHU]
        if len(others) > 1 and all(state.tokens[seat] > state.tokens[s]
                                   for s in others if s != seat):
            return "richest", {"n": state.tokens[seat]}
    return None


def reason_text(ctx, found: tuple[str, dict]) -> str:
    code, params = found
    key = f"coach.reason.cd.{code}"
    return ctx.tn(key, params["n"]) if "n" in params else ctx.t(key)
