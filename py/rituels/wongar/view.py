"""Wongar's view: the map, the time track, the players and the current decision, as markup.

Pure functions of a :class:`~rituels.wongar.rules.WongarState` and a
:class:`~rituels.viewkit.ViewContext` (docs/architecture.md, "Views"). With ``ctx.interactive``
exactly the legal actions are clickable: face-up cards (take), highlighted areas (place, move,
ritual effects), option buttons, the viewer's ritual cards (play) and the pass button. One
multi-step choice exists: an area that is both a "move out" and a "bring in" target of a ritual
card is a ``data-select`` (``area:<name>``), then two buttons say which.

Private information: only ``ctx.viewer``'s hand and taken cards are ever rendered; everybody
else is shown by counts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rituels.engine.state import CHANCE
from rituels.viewkit import ViewContext, attrs, esc
from rituels.wongar import data as D
from rituels.wongar import geometry as geo
from rituels.wongar import pictures as pic

CEREMONY_STEPS = ("ceremony", "double", "effect")
TOKEN_CARDS = len(D.TOKEN_TYPES)  # card kinds 0..2 are the three token cards


# --- names --------------------------------------------------------------------------------
def area_name(ctx: ViewContext, a: int) -> str:
    return ctx.t(f"wongar.area.{D.AREAS[a]}")


def type_name(ctx: ViewContext, t: int, n: int = 1) -> str:
    return ctx.tn(f"wongar.tokens.{D.TOKEN_TYPES[t]}", n)


def card_name(ctx: ViewContext, k: int) -> str:
    return ctx.t(f"wongar.card.{D.CARD_KINDS[k]}")


def ritual_name(ctx: ViewContext, r: int) -> str:
    return ctx.t(f"wongar.ritual.{D.RITUAL_KINDS[r]}")


def chips(ctx: ViewContext, n: int) -> list[str]:
    """Each player's one-character mark (drawn with their colour so colour is never the only
    cue): the name's initial, or the seat number when two initials would clash."""
    initials = [(ctx.name(p).strip()[:1] or "?").upper() for p in range(n)]
    if len(set(initials)) < n:
        return [str(p + 1) for p in range(n)]
    return initials


def _in_ceremony(state) -> bool:
    return state.phase == "turn" and state.step in CEREMONY_STEPS


# --- what is clickable ----------------------------------------------------------------------
@dataclass
class Target:
    value: str       # action notation (data-action) or selection token (data-select)
    label: str       # aria-label / button text
    select: bool = False

    def attrs(self, svg: bool = True) -> str:
        kind = {"data_select": self.value} if self.select else {"data_action": self.value}
        extra = {"role": "button", "tabindex": "0"} if svg else {"type": "button"}
        return attrs(**kind, **extra, aria_label=self.label)


@dataclass
class Clicks:
    """Everything the current decision makes clickable, by where it is drawn."""
    cards: dict[int, Target] = field(default_factory=dict)      # area -> take its card
    areas: dict[int, Target] = field(default_factory=dict)      # area -> place/move/out/in
    rows: dict[int, Target] = field(default_factory=dict)       # player -> remove a token
    hand: dict[int, Target] = field(default_factory=dict)       # ritual kind -> play it
    buttons: list[tuple[Target, str]] = field(default_factory=list)  # (target, icon markup)


def clicks(state, ctx: ViewContext) -> Clicks:
    """The clickables of the current decision (empty unless ``ctx.interactive``)."""
    out = Clicks()
    if not ctx.interactive or state.actor() is None:
        return out
    note = state.action_to_str
    legal = state.legal_actions()
    step = state.step
    for action in legal:
        verb = action[0]
        if verb == "take":
            a = action[1]
            out.cards[a] = Target(note(action), ctx.t(
                "wongar.aria.take", card=card_name(ctx, state.face_up[a]), area=area_name(ctx, a)))
        elif verb == "opt":
            t = state.card_type
            label = ctx.t(f"wongar.opt.{action[1]}", type=type_name(ctx, t, 2),
                          one=type_name(ctx, t, 1))
            out.buttons.append((Target(note(action), label), _opt_icon(action[1], t)))
        elif verb in ("place", "move"):
            key = "wongar.aria.place" if verb == "place" else f"wongar.aria.{step}"
            out.areas[action[1]] = Target(note(action), ctx.t(
                key, area=area_name(ctx, action[1]), type=type_name(ctx, state.place_type or 0)))
        elif verb == "triple":
            t = action[1]
            out.buttons.append((Target(note(action), ctx.t("wongar.btn.triple",
                                                           type=type_name(ctx, t, 3))),
                                _icon(pic.token_icon(D.TOKEN_TYPES[t], 0, 0, 40))))
        elif verb == "play":
            # In the hand panel, and as buttons next to "pass" (the hand may be off-screen
            # on a phone).
            target = Target(note(action), ctx.t("wongar.aria.play",
                                                card=ritual_name(ctx, action[1])))
            out.hand[action[1]] = target
            out.buttons.append((target, _icon(pic.ritual_card(
                D.RITUAL_KINDS[action[1]], 7, 2, 26, 36))))
        elif verb == "pass":
            out.buttons.append((Target(note(action), ctx.t("wongar.btn.pass")), ""))
        elif verb == "double":
            t, mode = action[1], action[2]
            out.buttons.append((Target(note(action), ctx.t(
                f"wongar.btn.double_{mode}", type=type_name(ctx, t, 2))),
                _icon(pic.token_icon(D.TOKEN_TYPES[t], 0, 0, 40))))
        elif verb == "remove":
            q = action[1]
            target = Target(note(action), ctx.t(
                "wongar.btn.remove", player=ctx.name(q), type=type_name(ctx, state.effect_type)))
            out.rows[q] = target
            out.buttons.append((target, _chip_icon(q, chips(ctx, state.num_players)[q])))
    _effect_areas(state, ctx, legal, out)
    return out


def _effect_areas(state, ctx: ViewContext, legal: list, out: Clicks) -> None:
    """Neighbour areas of a ritual effect. On the map: a direct action when only one of "move
    out" and "bring in" is possible there, else a selection. As buttons (they say which way):
    every such action, or only the selected area's two."""
    by_area: dict[int, list] = {}
    for action in legal:
        if action[0] in ("out", "in"):
            by_area.setdefault(action[1], []).append(action)
    if not by_area:
        return
    t = type_name(ctx, state.effect_type)
    here = area_name(ctx, state.cer_area)
    icon = _icon(pic.token_icon(D.TOKEN_TYPES[state.effect_type], 0, 0, 40))
    chosen = [a for a in by_area if ctx.selection == f"area:{D.AREAS[a]}"]
    for a, actions in by_area.items():
        targets = [Target(state.action_to_str(act), ctx.t(
            f"wongar.btn.{act[0]}", type=t, area=area_name(ctx, a), here=here)) for act in actions]
        if len(actions) == 1:
            out.areas[a] = targets[0]
        else:
            out.areas[a] = Target(f"area:{D.AREAS[a]}", ctx.t(
                "wongar.aria.choose_area", area=area_name(ctx, a)), select=True)
        if not chosen or a in chosen:
            out.buttons += [(target, icon) for target in targets]


def _icon(body: str, w: int = 40, h: int = 40) -> str:
    return pic.svg(w, h, body, css="wg-icon")


def _chip_icon(p: int, mark: str) -> str:
    return _icon(player_chip(p, mark, 4, 4, 32))


def _opt_icon(option: str, t: int) -> str:
    kind = D.TOKEN_TYPES[t]
    if option == "two":
        body = pic.token_icon(kind, 0, 6, 28) + pic.token_icon(kind, 22, 6, 28)
    elif option == "one":
        body = pic.token_icon(kind, 0, 6, 28) + pic.ritual_card(None, 26, 4, 22, 32)
    else:
        body = pic.ritual_card(None, 4, 4, 22, 32) + pic.ritual_card(None, 22, 6, 22, 32)
    return _icon(body, 52, 40)


# --- the map ------------------------------------------------------------------------------
def player_chip(p: int, mark: str, x: float, y: float, size: float) -> str:
    return (f'<g class="wg-chip"><rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" '
            f'height="{size:.1f}" rx="{size * 0.3:.1f}" fill="{pic.PLAYER_FILL[p]}" '
            f'stroke="{pic.INK}" stroke-width="1.5"/><text x="{x + size / 2:.1f}" '
            f'y="{y + size * 0.72:.1f}" font-size="{size * 0.66:.1f}" fill="{pic.PLAYER_INK[p]}"'
            f' class="wg-chip-text">{esc(mark)}</text></g>')


def _token_rows(state, a: int, ctx: ViewContext, marks: list[str], cl: Clicks,
                leaders: dict[int, int]) -> str:
    """One row per player with tokens here: their chip, then a stack per type with its count."""
    present = [p for p in range(state.num_players) if any(state.tokens[a][p])]
    if not present:
        return ""
    box = geo.layout(D.AREAS[a]).grid
    rh = geo.row_height(D.AREAS[a], len(present))
    size = min(34.0, rh - 2)
    out = []
    for i, p in enumerate(present):
        y = box.y + i * rh
        cells = []
        for t in range(len(D.TOKEN_TYPES)):
            n = state.tokens[a][p][t]
            cx = box.x + geo.CHIP + 4 + t * geo.CELL + geo.CELL / 2
            cy = y + rh / 2
            if leaders.get(t) == p:
                cells.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.66:.1f}" '
                             'class="wg-lead"/>')
            if n:
                cells.append(pic.token(D.TOKEN_TYPES[t], cx, cy, size, pic.PLAYER_FILL[p],
                                       pic.PLAYER_INK[p], str(n)))
        row = player_chip(p, marks[p], box.x, y + (rh - geo.CHIP) / 2, geo.CHIP) + "".join(cells)
        label = ctx.t("wongar.aria.row", player=ctx.name(p), disc=state.tokens[a][p][0],
                      cube=state.tokens[a][p][1], cylinder=state.tokens[a][p][2])
        target = cl.rows.get(p)
        if target is not None and a == state.cer_area:
            hit = (f'<rect x="{box.x - 3:.1f}" y="{y:.1f}" width="{geo.ROW_W + 6:.1f}" '
                   f'height="{rh:.1f}" rx="8" class="wg-hit"/>')
            out.append(f'<g class="wg-row wg-target"{target.attrs()}>{hit}{row}</g>')
        else:
            out.append(f'<g class="wg-row"{attrs(aria_label=label, role="img")}>{row}</g>')
    return "".join(out)


def _card_slot(state, a: int, ctx: ViewContext, cl: Clicks) -> str:
    card = geo.layout(D.AREAS[a]).card
    size = state.pile_size(a)
    out = []
    for i in (2, 1):  # the face-down pile peeks out from under the card
        if size > i - 1 + (state.face_up[a] is None):
            out.append(pic.area_card(None, card.x + 3 * i, card.y + 3 * i, card.w, card.h))
    k = state.face_up[a]
    if k is not None:
        out.append(pic.area_card(D.CARD_KINDS[k], card.x, card.y, card.w, card.h))
    elif not size:
        out.append(f'<rect x="{card.x:.1f}" y="{card.y:.1f}" width="{card.w:.1f}" '
                   f'height="{card.h:.1f}" rx="5" class="wg-slot-empty"/>')
    if size:
        bx, by = card.x + 2, card.y + card.h - 2
        out.append(f'<g class="wg-pilecount"><circle cx="{bx:.1f}" cy="{by:.1f}" r="12"/>'
                   f'<text x="{bx:.1f}" y="{by + 4.5:.1f}">{size}</text></g>')
    label = ctx.tn("wongar.aria.pile", size, card=card_name(ctx, k) if k is not None
                   else ctx.t("wongar.none"))
    body = "".join(out)
    target = cl.cards.get(a)
    if target is not None:
        hit = (f'<rect x="{card.x - 5:.1f}" y="{card.y - 5:.1f}" width="{card.w + 16:.1f}" '
               f'height="{card.h + 16:.1f}" rx="8" class="wg-hit"/>')
        return f'<g class="wg-cardslot wg-target"{target.attrs()}>{hit}{body}</g>'
    return f'<g class="wg-cardslot"{attrs(role="img", aria_label=label)}>{body}</g>'


def _figures(state, a: int, ctx: ViewContext) -> str:
    here = [k for k, where in (("ancestor", state.ancestor_area), ("elder", state.elder_area))
            if where == a]
    if not here:
        return ""
    x, bottom = geo.layout(D.AREAS[a]).figures
    step = 24 if len(here) == 2 else 0
    out = [pic.figure(k, x + (i - (len(here) - 1) / 2) * step, bottom, 44)
           for i, k in enumerate(here)]
    label = ", ".join(ctx.t(f"wongar.figure.{k}") for k in here)
    return f'<g{attrs(class_="wg-figures", role="img", aria_label=label)}>{"".join(out)}</g>'


def _leaders(state) -> dict[int, int]:
    """Type -> the player who would score it now in the ceremony area."""
    if not _in_ceremony(state):
        return {}
    out = {}
    for t in range(len(D.TOKEN_TYPES)):
        p = state.majority(state.cer_area, t)
        if p is not None:
            out[t] = p
    return out


def map_svg(state, ctx: ViewContext, cl: Clicks | None = None) -> str:
    """The map with everything on it (the state may be None: an empty map for the help)."""
    cl = cl or Clicks()
    marks = chips(ctx, state.num_players) if state is not None else []
    cer = state.cer_area if state is not None and _in_ceremony(state) else None
    last = None
    if state is not None and state.phase == "turn" and state.step in ("place", "option"):
        last = state.card_area
    fills, deco, content = [], [], []
    for a, name in enumerate(D.AREAS):
        d = geo.area_path(name)
        cls = "wg-area" + (" wg-ceremony" if a == cer else "") + (
            " wg-from" if a == last else "")
        fills.append(f'<path d="{d}" fill="{pic.AREA_FILL[name]}"{attrs(class_=cls)}/>')
        box = geo.CONTENT[name]
        size = min(box.w, box.h) * 0.62
        deco.append(pic.totem(name, box.cx - size / 2, box.cy - size / 2 + 12, size,
                              opacity=0.11))
        lay = geo.layout(name)
        hx, hy = lay.header
        parts = [pic.totem(name, hx - 32, hy - 22, 28),
                 f'<text x="{hx:.1f}" y="{hy:.1f}" class="wg-area-name">'
                 f'{esc(area_name(ctx, a))}</text>']
        if state is not None:
            parts.append(_figures(state, a, ctx))
            parts.append(_token_rows(state, a, ctx, marks,
                                     cl, _leaders(state) if a == cer else {}))
            parts.append(_card_slot(state, a, ctx, cl))
        content.append(f'<g class="wg-area-content" data-area="{name}">{"".join(parts)}</g>')
    borders = "".join(f'<path d="{geo.area_path(n)}"/>' for n in D.AREAS)
    overlays = []
    for a, target in sorted(cl.areas.items()):
        d = geo.area_path(D.AREAS[a])
        if target.select and ctx.selection == target.value:  # chosen: the buttons say what next
            overlays.append(f'<path d="{d}" class="wg-area-target wg-selected"/>')
        else:
            overlays.append(f'<path d="{d}" class="wg-target wg-area-target"{target.attrs()}/>')
    body = (
        f'<path d="{geo.coast_path()}" class="wg-coast-shadow" transform="translate(6 9)"/>'
        f'<g class="wg-fills">{"".join(fills)}</g>'
        f'<g class="wg-deco" pointer-events="none">{"".join(deco)}</g>'
        f'<g class="wg-borders" pointer-events="none">{borders}</g>'
        f'<g class="wg-dotline" pointer-events="none">{borders}</g>'
        f'<g class="wg-contents">{"".join(content)}</g>'
        f'<g class="wg-overlays">{"".join(overlays)}</g>'
    )
    return pic.svg(geo.WIDTH, geo.HEIGHT, body, css="wg-map", label=ctx.t("wongar.map"),
                   role="group")


# --- the time track ---------------------------------------------------------------------------
TRACK_W, TRACK_H = 760, 150


def time_svg(time: int | None, ctx: ViewContext) -> str:
    """12 spaces in 3 sections, the points each kind of ceremony pays in each section, the
    marker (the yellow scorpion) and the X."""
    x0, gap = 14, 14
    sec_w = (TRACK_W - 2 * x0 - 2 * gap) / 3
    cell = sec_w / D.TIME_SECTION
    out = []
    kinds = tuple(D.CEREMONY_POINTS)
    for s in range(3):
        sx = x0 + s * (sec_w + gap)
        out.append(f'<rect x="{sx:.1f}" y="6" width="{sec_w:.1f}" height="138" rx="12" '
                   f'class="wg-section wg-section-{s}{" wg-now" if time and D.section(time) == s else ""}"/>')
        for i in range(D.TIME_SECTION):
            space = s * D.TIME_SECTION + i + 1
            cx = sx + cell * (i + 0.5)
            cls = "wg-space" + (" wg-space-x" if space == D.TIME_SPACES else "") + (
                " wg-space-past" if time and space < time else "")
            out.append(f'<rect x="{cx - cell / 2 + 4:.1f}" y="14" width="{cell - 8:.1f}" '
                       f'height="{cell - 8:.1f}" rx="8" class="{cls}"/>')
            label = "X" if space == D.TIME_SPACES else str(space)
            out.append(f'<text x="{cx:.1f}" y="{14 + (cell - 8) / 2 + 8:.1f}" '
                       f'class="wg-space-num">{label}</text>')
            if time == space:
                out.append(pic.scorpion(cx - cell / 2 + 6, 16, cell - 12))
        # the points table of this section
        for j, kind in enumerate(kinds):
            kx = sx + 8 + j * (sec_w - 16) / 3
            fig = _kind_icon(kind, kx + 6, 132, 40)
            out.append(fig + f'<text x="{kx + 44:.1f}" y="124" class="wg-points">'
                             f'{D.CEREMONY_POINTS[kind][s]}</text>')
    label = ctx.t("wongar.aria.time", space=time or 1, total=D.TIME_SPACES)
    return pic.svg(TRACK_W, TRACK_H, "".join(out), css="wg-time", label=label)


def _kind_icon(kind: str, x: float, bottom: float, h: float) -> str:
    if kind == "ancestor_elder":
        return pic.figure("ancestor", x + 2, bottom, h * 0.9) + pic.figure("elder", x + 20,
                                                                           bottom, h * 0.9)
    return pic.figure(kind, x + 10, bottom, h)


# --- side panels --------------------------------------------------------------------------
def _svg_inline(body: str, label: str = "", w: int = 40, h: int = 40) -> str:
    """A small icon; labelled icons are images for screen readers, others are decoration."""
    return pic.svg(w, h, body, css="wg-icon", label=label, role="img" if label else "presentation")


def _players_panel(state, ctx: ViewContext) -> str:
    marks = chips(ctx, state.num_players)
    actor = state.actor()
    if actor is None and state.is_chance():
        actor = state.chance_owner()
    top = max(max(state.scores), 1)
    items = []
    for p in range(state.num_players):
        holds = []
        if state.start_player == p:
            holds.append(_svg_inline(pic.boomerang(0, 0, 40), ctx.t("wongar.hold.boomerang")))
        if state.ancestor_holder == p:
            holds.append(_svg_inline(pic.figure("ancestor", 20, 40, 40),
                                     ctx.t("wongar.hold.ancestor")))
        if state.elder_holder == p:
            holds.append(_svg_inline(pic.figure("elder", 20, 40, 40), ctx.t("wongar.hold.elder")))
        supply = "".join(
            f'<span class="wg-stat" title="{esc(type_name(ctx, t, 2))}">'
            f'{_svg_inline(pic.token(kind, 20, 20, 30, pic.PLAYER_FILL[p]), type_name(ctx, t, 2))}'
            f'{state.supply[p][t]}</span>' for t, kind in enumerate(D.TOKEN_TYPES))
        hand = (f'<span class="wg-stat">{_svg_inline(pic.ritual_card(None, 7, 2, 26, 36), ctx.t("wongar.stat.hand"))}'
                f'{state.hand_count(p)}</span>')
        taken = (f'<span class="wg-stat">{_svg_inline(pic.area_card(None, 9, 6, 22, 30), ctx.t("wongar.stat.taken"))}'
                 f'{state.taken_count(p)}</span>')
        bonus = ""
        if state.phase == "end" and state.bonus[p]:
            bonus = f'<span class="wg-bonus">{esc(ctx.t("wongar.bonus", n=state.bonus[p]))}</span>'
        cls = "wg-player" + (" wg-current" if p == actor else "") + (
            " wg-winner" if state.phase == "end" and p in state.winners() else "")
        items.append(
            f'<li{attrs(class_=cls, style=f"--pc:{pic.PLAYER_FILL[p]}")}>'
            f'<div class="wg-prow">{_svg_inline(player_chip(p, marks[p], 2, 2, 36))}'
            f'<span class="wg-pname">{esc(ctx.name(p))}</span>'
            f'<span class="wg-holds">{"".join(holds)}</span>'
            f'<span class="wg-score" aria-label="{esc(ctx.t("wongar.stat.score"))}">'
            f'{state.scores[p]}</span></div>'
            f'<div class="wg-bar"><span style="width:{100 * state.scores[p] / top:.0f}%"></span></div>'
            f'<div class="wg-stats"><span class="wg-stat-label">{esc(ctx.t("wongar.stat.supply"))}</span>'
            f'{supply}{hand}{taken}{bonus}</div></li>')
    return (f'<section class="wg-panel wg-players-panel"><h3>{esc(ctx.t("wongar.players"))}</h3>'
            f'<ol class="wg-players">{"".join(items)}</ol></section>')


def _private_panel(state, ctx: ViewContext, cl: Clicks) -> str:
    """The viewer's own ritual cards (clickable to play) and area cards taken."""
    p = ctx.viewer
    if p is None or not 0 <= p < state.num_players:
        return _play_buttons_without_hand(ctx, cl)
    cards = []
    for r, count in enumerate(state.hands[p]):
        if not count:
            continue
        kind = D.RITUAL_KINDS[r]
        pic_ = pic.svg(60, 84, pic.ritual_card(kind, 2, 2, 56, 80), css="wg-ritual-pic")
        label = f'<span class="wg-hand-n">×{count}</span><span class="wg-hand-name">{esc(ritual_name(ctx, r))}</span>'
        target = cl.hand.get(r)
        if target is not None:
            cards.append(f'<button class="wg-hand-card wg-target"{target.attrs(svg=False)}>'
                         f'{pic_}{label}</button>')
        else:
            cards.append(f'<div class="wg-hand-card">{pic_}{label}</div>')
    hand = "".join(cards) or f'<p class="wg-empty">{esc(ctx.t("wongar.hand.empty"))}</p>'
    taken = "".join(
        f'<span class="wg-taken">{_svg_inline(pic.area_card(kind, 4, 1, 32, 38), card_name(ctx, k))}'
        f'×{n}</span>' for k, (kind, n) in enumerate(zip(D.CARD_KINDS, state.taken[p])) if n)
    taken = taken or esc(ctx.t("wongar.taken.none"))
    return (f'<section class="wg-panel wg-private" data-viewer="{p}">'
            f'<h3>{esc(ctx.t("wongar.hand.title", player=ctx.name(p)))}</h3>'
            f'<div class="wg-hand">{hand}</div>'
            f'<p class="wg-taken-line"><span>{esc(ctx.t("wongar.taken.title"))}</span> {taken}</p>'
            '</section>')


def _play_buttons_without_hand(ctx: ViewContext, cl: Clicks) -> str:
    """Interactive but no viewer set (should not happen in hot-seat): still offer the plays."""
    if not cl.hand:
        return ""
    buttons = "".join(f'<button class="wg-btn"{t.attrs(svg=False)}>{esc(t.label)}</button>'
                      for t in cl.hand.values())
    return f'<section class="wg-panel wg-private">{buttons}</section>'


def _ceremony_panel(state, ctx: ViewContext) -> str:
    if _in_ceremony(state):
        a, kind = state.cer_area, state.cer_kind
        points = state.ceremony_points()
        marks = chips(ctx, state.num_players)
        now = state.cer_player()
        people = []
        for q in state.cer_participants:
            status = ("now" if q == now else "in" if q in state.cer_active else "out")
            people.append(f'<li class="wg-part wg-part-{status}">'
                          f'{_svg_inline(player_chip(q, marks[q], 2, 2, 36))}'
                          f'<span>{esc(ctx.name(q))}</span>'
                          f'<span class="wg-part-status">{esc(ctx.t(f"wongar.part.{status}"))}</span>'
                          f'<span class="wg-stat">{_svg_inline(pic.ritual_card(None, 7, 2, 26, 36), ctx.t("wongar.stat.hand"))}'
                          f'{state.hand_count(q)}</span></li>')
        leaders = []
        for t, kind_t in enumerate(D.TOKEN_TYPES):
            p = state.majority(a, t)
            who = esc(ctx.name(p)) if p is not None else esc(ctx.t("wongar.nobody"))
            fill = pic.PLAYER_FILL[p] if p is not None else pic.CREAM
            leaders.append(f'<li>{_svg_inline(pic.token(kind_t, 20, 20, 30, fill), type_name(ctx, t, 2))}'
                           f'<span>{who}</span></li>')
        return (f'<section class="wg-panel wg-ceremony-panel">'
                f'<h3>{esc(ctx.t("wongar.cer.title", area=area_name(ctx, a)))}</h3>'
                f'<p>{esc(ctx.t("wongar.cer.kind", card=card_name(ctx, kind), points=points))}</p>'
                f'<ul class="wg-parts">{"".join(people)}</ul>'
                f'<p class="wg-sub">{esc(ctx.t("wongar.cer.leaders"))}</p>'
                f'<ul class="wg-leaders">{"".join(leaders)}</ul></section>')
    if state.last_ceremony is None:
        return ""
    a, kind = state.last_ceremony
    lines = [esc(ctx.t("wongar.score.line", player=ctx.name(p), points=pts,
                       type=type_name(ctx, t, 2))) for t, p, pts in state.last_scoring]
    lines = lines or [esc(ctx.t("wongar.score.nobody"))]
    return (f'<section class="wg-panel wg-scoring-panel">'
            f'<h3>{esc(ctx.t("wongar.score.title", area=area_name(ctx, a), card=card_name(ctx, kind)))}</h3>'
            f'<ul>{"".join(f"<li>{line}</li>" for line in lines)}</ul></section>')


def _deck_panel(state, ctx: ViewContext) -> str:
    discard = "".join(
        f'<span class="wg-stat">{_svg_inline(pic.ritual_card(kind, 7, 2, 26, 36), ritual_name(ctx, r))}{n}</span>'
        for r, (kind, n) in enumerate(zip(D.RITUAL_KINDS, state.discard)) if n)
    aside = ""
    if state.scorpions_aside:
        aside = (f'<span class="wg-stat">{_svg_inline(pic.ritual_card("scorpion", 7, 2, 26, 36), ctx.t("wongar.deck.aside"))}'
                 f'{esc(ctx.t("wongar.deck.aside"))}</span>')
    return (f'<section class="wg-panel wg-deck-panel"><p>'
            f'<span class="wg-stat">{_svg_inline(pic.ritual_card(None, 7, 2, 26, 36), ctx.t("wongar.deck.size"))}'
            f'{esc(ctx.tn("wongar.deck.count", state.deck_size()))}</span> {aside}'
            f'</p><p>{esc(ctx.t("wongar.deck.discard"))} {discard or esc(ctx.t("wongar.none"))}</p>'
            f'<p>{esc(ctx.t("wongar.round", n=max(state.round, 1)))}'
            f'{(" · " + esc(ctx.t("wongar.end." + state.end_triggered))) if state.end_triggered else ""}'
            f'</p></section>')


def _final_panel(state, ctx: ViewContext) -> str:
    if state.phase != "end":
        return ""
    counts = state.final_card_counts()
    head = "".join(f'<th>{_svg_inline(pic.area_card(kind, 4, 1, 32, 38), card_name(ctx, t))}</th>'
                   for t, kind in enumerate(D.TOKEN_TYPES))
    rows = []
    order = sorted(range(state.num_players), key=lambda p: -state.scores[p])
    for p in order:
        cells = "".join(f'<td>{counts[p][t]}</td>' for t in range(len(D.TOKEN_TYPES)))
        rows.append(f'<tr><th scope="row">{esc(ctx.name(p))}</th>{cells}'
                    f'<td>{state.scores[p] - state.bonus[p]}</td><td>+{state.bonus[p]}</td>'
                    f'<td><strong>{state.scores[p]}</strong></td></tr>')
    return (f'<section class="wg-panel wg-final"><h3>{esc(ctx.t("wongar.final.title"))}</h3>'
            f'<table><thead><tr><th></th>{head}<th>{esc(ctx.t("wongar.final.points"))}</th>'
            f'<th>{esc(ctx.t("wongar.final.bonus"))}</th><th>{esc(ctx.t("wongar.final.total"))}</th>'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f'<p>{esc(result(state, ctx))}</p></section>')


def _prompt_panel(state, ctx: ViewContext, cl: Clicks) -> str:
    if not ctx.interactive or state.actor() is None:
        return ""
    buttons = []
    for target, icon in cl.buttons:
        buttons.append(f'<button class="wg-btn"{target.attrs(svg=False)}>{icon}'
                       f'<span>{esc(target.label)}</span></button>')
    hint = ctx.t(f"wongar.hint.{state.step}") if state.step else ""
    if ctx.selection.startswith("area:"):
        hint = ctx.t("wongar.hint.select")
    return (f'<section class="wg-panel wg-prompt" aria-live="polite"><p>{esc(status(state, ctx))}'
            f'</p><p class="wg-sub">{esc(hint)}</p>'
            f'<div class="wg-buttons">{"".join(buttons)}</div></section>')


# --- the contract ---------------------------------------------------------------------------
def render(state, ctx: ViewContext) -> str:
    cl = clicks(state, ctx)
    side = (_final_panel(state, ctx) + _private_panel(state, ctx, cl)
            + _ceremony_panel(state, ctx) + _players_panel(state, ctx) + _deck_panel(state, ctx))
    return (f'<div class="wg" data-game="wongar">{_prompt_panel(state, ctx, cl)}'
            f'<div class="wg-board">{map_svg(state, ctx, cl)}{time_svg(state.time, ctx)}</div>'
            f'<div class="wg-side">{side}</div></div>')


def status(state, ctx: ViewContext) -> str:
    """One sentence: what the current player must do (or what the table is doing)."""
    if state.phase == "end":
        return result(state, ctx)
    if state.current_player() == CHANCE:
        if state.phase == "setup":
            return ctx.t("wongar.status.setup")
        if state.draws_pending:
            return ctx.tn("wongar.status.draw", state.draws_pending,
                          player=ctx.name(state.drawer))
        return ctx.t("wongar.status.duty", player=ctx.name(state.round_first),
                     area=area_name(ctx, state.duty_area()))
    p = ctx.name(state.actor())
    step = state.step
    if step == "take":
        return ctx.t("wongar.status.take", player=p)
    if step == "option":
        return ctx.t("wongar.status.option", player=p, type=type_name(ctx, state.card_type, 2))
    if step == "place":
        return ctx.tn("wongar.status.place", state.place_left, player=p,
                      type=type_name(ctx, state.place_type, state.place_left))
    if step == "triple":
        return ctx.t("wongar.status.triple", player=p)
    if step in ("move_ancestor", "move_elder"):
        return ctx.t(f"wongar.status.{step}", player=p)
    if step == "ceremony":
        return ctx.t("wongar.status.ceremony", player=p, area=area_name(ctx, state.cer_area))
    if step == "double":
        return ctx.t("wongar.status.double", player=p)
    if step == "effect":
        return ctx.tn("wongar.status.effect", state.effect_left, player=p,
                      type=type_name(ctx, state.effect_type))
    return ""


def describe(before, action, after, ctx: ViewContext) -> list[str]:
    """The log lines of one action. Hidden cards never appear: a ritual draw says who drew."""
    verb = action[0]
    t = ctx.t
    lines: list[str] = []
    who = before.actor()
    name = ctx.name(who) if who is not None else ""
    if verb == "bag":
        if after.phase != "setup" or after.setup_step != "bag":
            lines.append(t("wongar.log.tokens_placed"))
    elif verb == "draw":
        if before.phase == "setup":
            if after.setup_step != "deal":
                lines.append(t("wongar.log.dealt", n=D.START_HAND))
        elif action[1] == D.RITUAL_KINDS.index("scorpion"):
            q = before.drawer
            lines.append(t("wongar.log.ritual_scorpion", player=ctx.name(q),
                           lost=before.scores[q] - after.scores[q], time=after.time))
        else:
            lines.append(t("wongar.log.draw", player=ctx.name(before.drawer)))
    elif verb == "start":
        lines.append(t("wongar.log.start", player=ctx.name(action[1])))
    elif verb == "elderholder":
        lines.append(t("wongar.log.elder", player=ctx.name(action[1])))
    elif verb == "up":
        a, q = before.duty_area(), before.round_first
        if D.CARD_KINDS[action[1]] == "scorpion":
            lines.append(t("wongar.log.area_scorpion", area=area_name(ctx, a), player=ctx.name(q),
                           lost=before.scores[q] - after.scores[q], time=after.time))
        else:
            lines.append(t("wongar.log.up", area=area_name(ctx, a), card=card_name(ctx, action[1])))
    elif verb == "take":
        a = action[1]
        lines.append(t("wongar.log.take", player=name, card=card_name(ctx, before.face_up[a]),
                       area=area_name(ctx, a)))
        if before.face_up[a] < TOKEN_CARDS and after.supply[who] != before.supply[who]:
            lines.append(t("wongar.log.place", player=name, area=area_name(ctx, a),
                           type=type_name(ctx, before.face_up[a])))
    elif verb == "opt":
        lines.append(t(f"wongar.log.opt.{action[1]}", player=name,
                       type=type_name(ctx, before.card_type, 2)))
    elif verb == "place":
        if after.supply[who] != before.supply[who]:
            lines.append(t("wongar.log.place", player=name, area=area_name(ctx, action[1]),
                           type=type_name(ctx, before.place_type)))
    elif verb == "triple":
        lines.append(t("wongar.log.triple", player=name, type=type_name(ctx, action[1], 3)))
    elif verb == "move":
        figure = "ancestor" if before.step == "move_ancestor" else "elder"
        lines.append(t(f"wongar.log.move_{figure}", player=name, area=area_name(ctx, action[1])))
    elif verb == "play":
        lines.append(t("wongar.log.play", player=name, card=ritual_name(ctx, action[1])))
    elif verb == "pass":
        lines.append(t("wongar.log.pass", player=name))
    elif verb == "double":
        lines.append(t(f"wongar.log.double_{action[2]}", player=name,
                       type=type_name(ctx, action[1], 2), area=area_name(ctx, before.cer_area)))
    elif verb == "remove":
        lines.append(t("wongar.log.remove", player=name, victim=ctx.name(action[1]),
                       type=type_name(ctx, before.effect_type), area=area_name(ctx, before.cer_area)))
    elif verb in ("out", "in"):
        lines.append(t(f"wongar.log.{verb}", player=name, type=type_name(ctx, before.effect_type),
                       area=area_name(ctx, action[1]), here=area_name(ctx, before.cer_area)))
    lines += _consequences(before, action, after, ctx)
    return lines


def _consequences(before, action, after, ctx: ViewContext) -> list[str]:
    """What followed by itself: a ceremony opening, its scoring, the end coming, a new round."""
    t = ctx.t
    lines = []
    started = not _in_ceremony(before) and (
        _in_ceremony(after) or (after.last_ceremony is not None
                                and action[0] in ("move", "take")
                                and (action[0] == "move" or before.face_up[action[1]]
                                     == D.CARD_KINDS.index("ancestor_elder"))))
    if started:
        a = after.cer_area if _in_ceremony(after) else after.last_ceremony[0]
        kind = after.cer_kind if _in_ceremony(after) else after.last_ceremony[1]
        names = ", ".join(ctx.name(q) for q in (after.cer_participants if _in_ceremony(after)
                                               else []))
        lines.append(t("wongar.log.ceremony", area=area_name(ctx, a), card=card_name(ctx, kind),
                       players=names or t("wongar.nobody")))
    if (started or _in_ceremony(before)) and not _in_ceremony(after):
        a = after.last_ceremony[0]
        for ty, p, pts in after.last_scoring:
            lines.append(t("wongar.log.score", player=ctx.name(p), points=pts,
                           type=type_name(ctx, ty, 2), area=area_name(ctx, a)))
        if not after.last_scoring:
            lines.append(t("wongar.log.score_none", area=area_name(ctx, a)))
    if after.end_triggered and not before.end_triggered:
        lines.append(t(f"wongar.log.end_{after.end_triggered}"))
    if after.round > before.round and before.round > 0:
        lines.append(t("wongar.log.round", n=after.round, player=ctx.name(after.round_first)))
    if after.phase == "end" and before.phase != "end":
        for p in range(after.num_players):
            if after.bonus[p]:
                lines.append(t("wongar.log.bonus", player=ctx.name(p), n=after.bonus[p]))
        lines.append(result(after, ctx))
    return lines


def result(state, ctx: ViewContext) -> str:
    """The end-of-game sentence (scores include the 8-point bonuses)."""
    won = state.winners()
    if not won:
        return ""
    scores = ", ".join(f"{ctx.name(p)} {state.scores[p]}"
                       for p in sorted(range(state.num_players), key=lambda q: -state.scores[q]))
    if len(won) == 1:
        return ctx.t("wongar.result.one", player=ctx.name(won[0]), points=state.scores[won[0]],
                     scores=scores)
    return ctx.t("wongar.result.tie", players=ctx.t("wongar.and").join(ctx.name(p) for p in won),
                 points=state.scores[won[0]], scores=scores)


def help_page(ctx: ViewContext) -> str:
    from rituels.wongar.help import help_page as page  # the rules text lives in its own module

    return page(ctx)


def thumbnail() -> str:
    """A small picture for the home screen: the island with a few totems and tokens."""
    body = [f'<path d="{geo.coast_path()}" class="wg-coast-shadow" transform="translate(6 9)"/>']
    for name in D.AREAS:
        body.append(f'<path d="{geo.area_path(name)}" fill="{pic.AREA_FILL[name]}" '
                    f'stroke="{pic.INK}" stroke-width="5"/>')
        box = geo.CONTENT[name]
        s = min(box.w, box.h) * 0.7
        body.append(pic.totem(name, box.cx - s / 2, box.cy - s / 2, s, opacity=0.55))
    body.append(pic.figure("ancestor", 280, 520, 150) + pic.figure("elder", 480, 520, 150))
    return pic.svg(geo.WIDTH, geo.HEIGHT, "".join(body), css="wg-thumb", label="Wongar")
