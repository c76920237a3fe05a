"""Why a tap does nothing: ``why_not(state, target)`` gives the reason a board element has
no legal action for the player to decide, as (code, params), or None when it has one.
Targets are the view's ``data-why`` values: ``card:<area>`` (a territory's card slot),
``area:<area>``, ``row:<area>:<player>`` (a player's tokens in an area) and ``hand:<kind>``
(a ritual card held). The app words the code with ``whynot.wongar.<code>`` (params name
areas, players and token types by index)."""

from __future__ import annotations

from typing import Any

from rituels.engine.actions import verb
from rituels.viewkit import ViewContext, reason_text
from rituels.wongar.rules import (
    ADJ, AREA_INDEX, CEREMONY_STEPS, R_DOUBLE, RITUAL_INDEX, WongarState)

_CHOICE_STEPS = ("option", "triple", "double")   # decided with the buttons


def why_not(state: WongarState, target: str) -> tuple[str, dict[str, Any]] | None:
    if state.phase == "end":
        return "over", {}
    if state.actor() is None:
        return "not_now", {}
    kind, _, rest = str(target).partition(":")
    p = state.actor()
    legal = set(state.legal_actions())
    step = state.step
    if kind == "card":
        a = AREA_INDEX.get(rest)
        if a is None:
            return "nothing", {}
        if step != "take":
            return "card_later", {}
        return None if ("take", a) in legal else ("no_card", {"area": a})
    if kind == "hand":
        r = RITUAL_INDEX.get(rest)
        if r is None or not state.hands[p][r]:
            return "nothing", {}
        if step not in CEREMONY_STEPS:
            return "ritual_ceremony", {}
        if step != "ceremony":
            return "effect_first", {}
        if ("play", r) in legal:
            return None
        if r == R_DOUBLE:
            return "double_useless", {"area": state.cer_area}
        return "card_useless", {"type": r, "area": state.cer_area}
    if kind == "row":
        where, _, who = rest.partition(":")
        a = AREA_INDEX.get(where)
        if a is None or not who.isdigit() or int(who) >= state.num_players:
            return "nothing", {}
        q = int(who)
        if step != "effect":
            return _area_reason(state, a, legal) or ("nothing", {})
        if a != state.cer_area:
            return "not_ceremony", {"area": a, "cer": state.cer_area}
        if q == p:
            return "own_row", {}
        if state.effect_double:
            return "double_no_remove", {}
        if ("remove", q) in legal:
            return None
        return "no_token_kind", {"player": q, "type": state.effect_type, "area": a}
    if kind == "area":
        a = AREA_INDEX.get(rest)
        if a is None:
            return "nothing", {}
        return _area_reason(state, a, legal)
    return "nothing", {}


def _area_reason(state: WongarState, a: int, legal: set) -> tuple[str, dict] | None:
    step = state.step
    if any(action[1:] == (a,) and verb(action) in ("place", "move", "out", "in")
           for action in legal):
        return None
    if step == "take":
        return "take_first", {}
    if step in _CHOICE_STEPS:
        return "buttons_first", {}
    if step == "move_ancestor":
        return "ancestor_far", {"area": state.ancestor_area}
    if step == "move_elder":
        return ("elder_must_move" if a == state.elder_area else "elder_far"), {
            "area": state.elder_area}
    if step == "ceremony":
        return "play_first", {}
    if step == "effect":
        cer = state.cer_area
        if a != cer and a not in ADJ[cer]:
            return "not_ceremony", {"area": a, "cer": cer}
        t = state.effect_type
        if a == cer:   # out of the ceremony area: a neighbour is the target, not the area
            return "pick_neighbour", {"type": t}
        return "no_own_token", {"type": t, "area": a}
    return "nothing", {}


def explain(state: WongarState, target: str, ctx: ViewContext) -> str | None:
    """The reason in one sentence, or None."""
    from rituels.wongar.words import area_name, type_name
    return reason_text(ctx, "whynot.wongar", why_not(state, target),
                       area=lambda a: area_name(ctx, a), cer=lambda a: area_name(ctx, a),
                       player=ctx.name, type=lambda t: type_name(ctx, t))
