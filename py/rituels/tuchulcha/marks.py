"""Tuchulcha's choices on the board and in words, for the review, the retry and the coach
(rituels/boardmarks.py): a move is an arrow from where its pawns stand to where they land
(one per pawn of a combined attack); a button choice (roll, done, a die to discard, the third
die, a consecration, Lasa) is a ring round its button. ``reason`` gives the rules' own reason
for a choice when there is one (rules: hit, passage, mystic stone, Velthumena)."""

from __future__ import annotations

import math

from rituels.boardmarks import Mark
from rituels.engine.actions import verb
from rituels.tuchulcha import rules
from rituels.tuchulcha.board import MYSTIC
from rituels.tuchulcha.geometry import CENTRE, layout

BOARD = "tu-board"


def _n(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _point(geo, place) -> tuple[float, float, float]:
    """(x, y, how far from it an arrow stops) of a source or destination."""
    if isinstance(place, int):
        x, y = geo.stones[place]
        return x, y, geo.stone_r
    if place == rules.VELTHUMENA:
        return CENTRE, CENTRE, 70.0
    if place == rules.STAR:
        a = geo.areas["star"]
        return a.x + a.w / 2, a.y + a.h / 2, 40.0
    x, y = geo.temple_pawns[int(str(place)[1:])]
    return x, y, 20.0


def arrow(side: str, src, dest) -> Mark:
    """An arrow on the board of ``side`` from ``src`` to ``dest`` (bent a little inwards, so
    it does not run along the loop's stones)."""
    geo = layout(side)
    x0, y0, r0 = _point(geo, src)
    x1, y1, r1 = _point(geo, dest)
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    # control point: the middle pulled a quarter of the way to the centre
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    cx, cy = mx + (CENTRE - mx) * 0.25, my + (CENTRE - my) * 0.25
    sx, sy = x0 + dx / length * r0 * 0.5, y0 + dy / length * r0 * 0.5
    # end on the destination's rim, along the curve's last direction
    tx, ty = x1 - cx, y1 - cy
    tl = math.hypot(tx, ty) or 1.0
    ux, uy = tx / tl, ty / tl
    ex, ey = x1 - ux * r1, y1 - uy * r1
    head_len, half = 34.0, 17.0
    bx, by = ex - ux * head_len, ey - uy * head_len
    line = f"M{_n(sx)},{_n(sy)} Q{_n(cx)},{_n(cy)} {_n(bx)},{_n(by)}"
    head = (f"M{_n(ex)},{_n(ey)} L{_n(bx - uy * half)},{_n(by + ux * half)} "
            f"L{_n(bx + uy * half)},{_n(by - ux * half)} Z")
    return Mark("arrow", BOARD, line, head)


def marks(state, action) -> list[Mark]:
    """Where ``action`` (legal at ``state``) is on the board."""
    head = verb(action)
    if head == "m":
        effect = state.move_effect(action)
        return [arrow(state.side.name, action[2], effect.dest)]
    if head == "A":
        dest = state.move_effect(action).dest
        return [arrow(state.side.name, src, dest) for _, src in action[1]]
    if head == "C" and len(state.consecrations_available()) > 1:
        return [Mark("ring", "C")]          # the sacrifice is chosen after this button
    return [Mark("ring", state.action_to_str(action))]


def reason(state, action) -> tuple[str, dict] | None:
    """The rules' reason for a move, if one stands out: (code, params) for
    ``coach.reason.tu.<code>`` (coach.json)."""
    if not rules.is_move(action):
        return None
    effect = state.move_effect(action)
    if effect.hit:
        return "hit", {"n": effect.hit[1]}
    if effect.seal:
        return "seal", {}
    if effect.dest == rules.VELTHUMENA:
        return "home", {}
    srcs = effect.src if isinstance(effect.src, tuple) else (effect.src,)
    if any(s in state.must_leave for s in srcs) and any(
            isinstance(s, int) and state.side.kinds[s] == MYSTIC for s in srcs):
        return "mystic", {}
    if effect.lost:
        return None
    others = [a for a in state.legal_actions()
              if verb(a) == "m" and a[2] in srcs and a != action]
    if any(state.move_effect(a).lost for a in others):
        return "passage", {}
    return None


def reason_text(ctx, found: tuple[str, dict]) -> str:
    code, params = found
    key = f"coach.reason.tu.{code}"
    return ctx.tn(key, params["n"]) if "n" in params else ctx.t(key)
