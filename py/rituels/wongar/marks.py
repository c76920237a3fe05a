"""Wongar's choices on the board and in words, for the review, the retry and the coach
(rituels/boardmarks.py): a ring round the clickable of the action (the face-up card taken,
the area, the ritual card in the hand, the opponent's row, the button). An area that is both
a "move out" and a "bring in" target is a selection first (``area:<name>``): it is ringed
too. ``reason``: the majority the choice takes (rules, "Ceremony")."""

from __future__ import annotations

from rituels.boardmarks import Mark
from rituels.engine.actions import verb
from rituels.wongar import data as D
from rituels.wongar.words import area_name, type_name


def marks(state, action) -> list[Mark]:
    """Where ``action`` (legal at ``state``) is on the board."""
    out = [Mark("ring", state.action_to_str(action))]
    if verb(action) in ("out", "in"):
        out.append(Mark("ring", f"area:{D.AREAS[action[1]]}"))
    return out


def _sole(tokens, area: int, t: int) -> int | None:
    counts = [row[t] for row in tokens[area]]
    top = max(counts)
    return counts.index(top) if top > 0 and counts.count(top) == 1 else None


def reason(state, action) -> tuple[str, dict] | None:
    """("majority", {area, type}) when the choice gives its player the sole majority of a
    token type in an area (the ceremony's area first), else None."""
    player = state.current_player()
    if player < 0:
        return None
    after = state.clone()
    after.apply(action)
    areas = list(range(len(D.AREAS)))
    if state.cer_area is not None:
        areas.remove(state.cer_area)
        areas.insert(0, state.cer_area)
    for a in areas:
        for t in range(len(D.TOKEN_TYPES)):
            if _sole(after.tokens, a, t) == player and _sole(state.tokens, a, t) != player:
                return "majority", {"area": a, "type": t}
    return None


def reason_text(ctx, found: tuple[str, dict]) -> str:
    code, params = found
    return ctx.t("coach.reason.wg.majority", area=area_name(ctx, params["area"]),
                 type=type_name(ctx, params["type"], 2))
