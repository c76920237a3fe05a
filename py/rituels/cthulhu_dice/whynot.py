"""Why a tap does nothing: ``why_not(state, target)`` gives the reason a board element has
no legal action for the player to move, as (code, params), or None when it has one. Targets
are the view's ``data-why`` values: ``seat:<index>``, ``cthulhu``. The app words the code
with ``whynot.cthulhu.<code>`` (params name seats by index)."""

from __future__ import annotations

from typing import Any

from rituels.viewkit import ViewContext, reason_text
from rituels.cthulhu_dice.rules import EYE_PICK, GIFT, OVER, ROLL, VICTIM, CthulhuDiceState


def why_not(state: CthulhuDiceState, target: str) -> tuple[str, dict[str, Any]] | None:
    phase = state.phase
    if phase == OVER:
        return "over", {}
    kind, _, rest = str(target).partition(":")
    if phase == ROLL:
        return "roll", {}
    if phase == EYE_PICK:
        return "eye", {}
    if kind == "cthulhu":
        if phase == VICTIM and state.variant:
            return None
        return ("classic", {}) if phase == VICTIM else ("gift_cthulhu", {})
    if kind != "seat" or not rest.isdigit() or int(rest) >= state.num_seats:
        return "nothing", {}
    seat = int(rest)
    if phase == GIFT:
        if seat in state.gift_to:
            return None
        if seat == state.gift_from:
            return "gift_loser", {"seat": seat}
        return ("gift_mad", {"seat": seat}) if not state.tokens[seat] else ("gift_roller", {})
    if seat == state.caster:
        return "self", {}
    if not state.tokens[seat]:
        return "mad", {"seat": seat}
    return None


def explain(state: CthulhuDiceState, target: str, ctx: ViewContext) -> str | None:
    """The reason in one sentence, or None."""
    from rituels.cthulhu_dice.view import seat_name   # the view's own naming of seats
    return reason_text(ctx, "whynot.cthulhu", why_not(state, target),
                       seat=lambda seat: seat_name(state, ctx, seat))
