"""Why a tap does nothing: ``why_not(state, target)`` says why a place has no legal move for
the player to move, as (code, params), or None when it has one. Targets are the board's mark
keys (the view's ``data-why``): ``s<stone>``, ``t<colour>`` (a temple), ``star``,
``velthumena``, ``forest``, ``sanctuary``. The app words the code with
``whynot.tuchulcha.<code>``; of several dice, the reason nearest to a move is given (strong
defenders before "a die would be left unused")."""

from __future__ import annotations

from typing import Any

from rituels.engine.actions import verb
from rituels.tuchulcha.board import COLOURS
from rituels.viewkit import ViewContext, reason_text
from rituels.tuchulcha.rules import (
    MOVE, OVER, STAR, TUCHULCHA, _V, TuchulchaState)

Reason = tuple[str, dict[str, Any]]
_AREAS = {"forest": "forest", "velthumena": "velthumena", "sanctuary": "sanctuary"}


def _source(state: TuchulchaState, target: str):
    if target == "star":
        return STAR
    if target[:1] == "t" and target[1:].isdigit() and int(target[1:]) < state.side.temples:
        return f"T{target[1:]}"
    if target[:1] == "s" and target[1:].isdigit() and int(target[1:]) < state.side.loop:
        return int(target[1:])
    return None


def _uses(state: TuchulchaState, src) -> bool:
    """Some legal move (single, or a part of a combined attack) starts at ``src``."""
    for a in state.legal_actions():
        head = verb(a)
        if (head == "A" and any(s == src for _, s in a[1])
                or head == "m" and a[2] == src):
            return True
    return False


def why_not(state: TuchulchaState, target: str) -> Reason | None:
    target = str(target)
    if state.phase == OVER:
        return "over", {}
    if target in _AREAS:
        return _AREAS[target], {}
    if state.phase != MOVE:
        return "not_now", {}
    src = _source(state, target)
    if src is None:
        return "nothing", {}
    colour = state.group_colour(src)
    if colour is None or (src == STAR and not state.star[colour]) or (
            isinstance(src, str) and src != STAR and not state.temple[colour]):
        return "empty", {}
    p = state.player
    if colour not in state._movers[p]:
        return "not_yours", {"colour": colour}
    if _uses(state, src):
        return None
    stones = state.stones
    if isinstance(src, int) and state.frozen.get(src, 0) >= stones[src][1]:
        return "frozen", {}
    if state.must_leave and src not in state.must_leave:
        return "mystic_first", {"stone": min(state.must_leave)}
    role = state._role_of_colour(colour)
    tcol = state.tuchulcha_colour()
    found: dict[str, Reason] = {}
    for die in sorted(set(state.dice)):
        dest, _ = state._target(colour, src, die, role)
        if dest is None:   # (Lasa's walk finds no empty stone: not with 32 pawns on 40)
            continue
        occ = stones[dest] if dest != _V else None
        if occ is not None and occ[0] != colour and occ[0] == tcol:
            found.setdefault("tuchulcha", ("tuchulcha", {}))
            continue
        if occ is not None and occ[0] != colour:
            power = occ[1] * (1 if role == TUCHULCHA else state._lay.mult[dest])
            if power > 1:
                found.setdefault("too_strong", ("too_strong", {"power": power, "stone": dest}))
                continue
        found.setdefault("dice_unused", ("dice_unused", {}))
    # A move that exists but would leave a die unused is the nearest to being legal.
    for code in ("dice_unused", "too_strong", "tuchulcha"):
        if code in found:
            return found[code]
    return "dice_unused", {}


def explain(state: TuchulchaState, target: str, ctx: ViewContext) -> str | None:
    """The reason in one sentence, or None."""
    return reason_text(ctx, "whynot.tuchulcha", why_not(state, target),
                       colour=lambda c: ctx.t("tuchulcha.colour." + COLOURS[c]))
