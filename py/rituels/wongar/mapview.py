"""The map (areas, totems, token rows, cards, figures) and the time track, as SVG."""

from __future__ import annotations

from rituels.viewkit import ViewContext, attrs, esc, part
from rituels.wongar import data as D
from rituels.wongar import geometry as geo
from rituels.wongar import pictures as pic
from rituels.wongar.clicks import Clicks
from rituels.wongar.rules import WongarState
from rituels.wongar.words import area_name, card_name, chips, in_ceremony


def _piece(key: str, x: float, y: float, body: str, touched: bool, css: str = "") -> str:
    """A movable piece: a stable id (the app's DOM morph keeps the element, so a CSS transition
    shows it moving) placed by a CSS transform; ``last-move`` when the last decision touched it."""
    cls = " ".join(c for c in ("piece", css, "last-move" if touched else "") if c)
    return (f'<g{attrs(id=f"wo-{key}", class_=cls)} style="transform:translate({x:.1f}px,'
            f'{y:.1f}px)">{body}</g>')


def _token_rows(state: WongarState, a: int, ctx: ViewContext, marks: list[str], cl: Clicks,
                leaders: dict[int, int]) -> str:
    """One row per player with tokens here: their chip, then a stack per type with its count
    (each stack a piece: it slides when rows shift)."""
    present = [p for p in range(state.num_players) if any(state.tokens[a][p])]
    if not present:
        return ""
    box = geo.layout(D.AREAS[a]).grid
    rh = geo.row_height(D.AREAS[a], len(present))
    size = min(38.0, rh - 2)
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
                kind = D.TOKEN_TYPES[t]
                cells.append(_piece(
                    f"t-{D.AREAS[a]}-{p}-{kind}", cx, cy,
                    pic.token(kind, 0, 0, size, pic.PLAYER_FILL[p], pic.PLAYER_INK[p], str(n)),
                    ("tok", a, p, t) in state.last_touch))
        chip = pic.player_chip(p, marks[p], box.x, y + (rh - geo.CHIP) / 2, geo.CHIP)
        row = chip + "".join(cells)
        label = ctx.t("wongar.aria.row", player=ctx.name(p), disc=state.tokens[a][p][0],
                      cube=state.tokens[a][p][1], cylinder=state.tokens[a][p][2])
        if a == state.cer_area and p in cl.preview_rows:
            kinds = " ".join(f"wg-prev-{k}" for k in sorted(cl.preview_rows[p]))
            row += (f'<rect x="{box.x - 3:.1f}" y="{y:.1f}" width="{geo.ROW_W + 6:.1f}" '
                    f'height="{rh:.1f}" rx="8" class="wg-prev {kinds}"/>')
        target = cl.rows.get(p)
        why = f"row:{D.AREAS[a]}:{p}" if ctx.interactive else None
        out.append(f'<g class="wg-row"{attrs(aria_label=label, role="img", data_why=why)}>'
                   f'{row}</g>')
        if target is not None and a == state.cer_area:
            out.append(_hit(target, box.x - 3, y, geo.ROW_W + 6, rh))
    return "".join(out)


# The least hit area of a card or row, in map units: 46 CSS px where a 375 px phone shows the
# map (issue 42; WCAG's 44 px), whatever the frame drawn. Areas of close targets overlap;
# the glue gives a tap there to the nearest one's centre.
HIT_MIN = 110


def _hit(target, x: float, y: float, w: float, h: float) -> str:
    """A clickable frame laid over a picture: it carries the action and its name, so the
    picture's own numbers never compete with that name; an invisible ``.hit`` rectangle
    around it makes it a large enough target."""
    hw, hh = max(w, HIT_MIN), max(h, HIT_MIN)
    hx, hy = x + (w - hw) / 2, y + (h - hh) / 2
    return (f'<g class="wg-hitbox wg-target"{target.attrs()}><title>{esc(target.label)}</title>'
            f'<rect class="hit" x="{hx:.1f}" y="{hy:.1f}" width="{hw:.1f}" height="{hh:.1f}"'
            f' fill="#000" fill-opacity="0"/>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="8"'
            f' class="wg-hit"/></g>')


def _card_slot(state: WongarState, a: int, ctx: ViewContext, cl: Clicks) -> str:
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
        # (r 15 around a 20-unit number: 11 px on a phone, see wongar.css)
        out.append(f'<g class="wg-pilecount"><circle cx="{bx:.1f}" cy="{by:.1f}" r="15"/>'
                   f'<text x="{bx:.1f}" y="{by + 7:.1f}">{size}</text></g>')
    label = ctx.tn("wongar.aria.pile", size, card=card_name(ctx, k) if k is not None
                   else ctx.t("wongar.none"))
    css = "wg-cardslot" + (" last-move" if ("card", a) in state.last_touch else "")
    target = cl.cards.get(a)
    why = f"card:{D.AREAS[a]}" if ctx.interactive and target is None else None
    slot = attrs(id=f"wo-card-{D.AREAS[a]}", class_=css, role="img", aria_label=label,
                 data_why=why)
    # The tooltip adds what the face-up card does when taken (its one-line rule).
    tip = label if k is None else ctx.t("wongar.tip.with_rule", text=label,
                                        rule=ctx.t(f"wongar.tip.card.{D.CARD_KINDS[k]}"))
    body = (f'<g{slot}>'
            f'<title>{esc(tip)}</title>{"".join(out)}</g>')
    if target is not None:
        body += _hit(target, card.x - 14, card.y - 5, card.w + 25, card.h + 17)
    return body


def _figures(state: WongarState, ctx: ViewContext) -> str:
    """The ancestor and elder figures, each a piece that walks from area to area (side by
    side when they share one)."""
    out = []
    for kind, a in (("ancestor", state.ancestor_area), ("elder", state.elder_area)):
        x, bottom = geo.layout(D.AREAS[a]).figures
        if state.ancestor_area == state.elder_area:
            x += -12 if kind == "ancestor" else 12
        label = ctx.t("wongar.aria.figure", figure=ctx.t(f"wongar.figure.{kind}"),
                      area=area_name(ctx, a))
        tip = ctx.t("wongar.tip.with_rule", text=label, rule=ctx.t(f"wongar.tip.figure.{kind}"))
        body = (f'<g{attrs(role="img", aria_label=label)}><title>{esc(tip)}</title>'
                f'{pic.figure(kind, 0, 0, 44)}</g>')
        out.append(_piece(kind, x, bottom, body, ("fig", kind) in state.last_touch,
                          "wg-figure"))
    return f'<g class="wg-figures">{"".join(out)}</g>'


def _leaders(state: WongarState) -> dict[int, int]:
    """Type -> the player who would score it now in the ceremony area."""
    if not in_ceremony(state):
        return {}
    out = {}
    for t in range(len(D.TOKEN_TYPES)):
        p = state.majority(state.cer_area, t)
        if p is not None:
            out[t] = p
    return out


def _focus_area(state: WongarState) -> int | None:
    """The area to look at: where the current card came from, or the pile to turn up."""
    if state.phase == "turn" and state.step in ("place", "option"):
        return state.card_area
    if state.phase == "duty":
        return state.duty_area()
    return None


# The area names' size (web/games/wongar.css: 24 units, bold) is the phone's smallest: a name
# longer than its area's width is narrowed instead (« Schildkröte » ran past the map's edge).
NAME_CHAR_W = 14.2     # a bold letter's mean width at 24 units (measured in Chromium: 13.6-14)
NAME_OVERHANG = 14     # the name may run this far past the content box, still on the area


def _name_fit(label: str, room: float) -> str:
    """Attributes that narrow a name wider than ``room`` to it (same height)."""
    if len(label) * NAME_CHAR_W <= room:
        return ""
    return f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"'


def _area_layers(state: WongarState, ctx: ViewContext, cl: Clicks,
                 cer: int | None) -> tuple[str, str, str]:
    """Per area: its fill, its faint totem watermark, and what stands on it (name, figures,
    token rows, card pile)."""
    marks = chips(ctx, state.num_players) if state is not None else []
    focus = _focus_area(state) if state is not None else None
    fills, deco, content = [], [], []
    for a, name in enumerate(D.AREAS):
        cls = "wg-area" + (" wg-ceremony" if a == cer else "") + (
            " wg-from" if a == focus else "") + (
            " last-move" if state is not None and ("area", a) in state.last_touch else "")
        # A tap on an area that cannot act answers why (whynot.py).
        why = f"area:{name}" if ctx.interactive and a not in cl.areas else None
        fills.append(f'<path d="{geo.area_path(name)}" fill="{pic.AREA_FILL[name]}"'
                     f'{attrs(class_=cls, data_why=why)}/>')
        box = geo.CONTENT[name]
        size = min(box.w, box.h) * 0.62
        deco.append(pic.totem(name, box.cx - size / 2, box.cy - size / 2 + 12, size,
                              opacity=0.11))
        hx, hy = geo.layout(name).header
        label = area_name(ctx, a)
        parts = [pic.totem(name, hx - 32, hy - 22, 28),
                 f'<text x="{hx:.1f}" y="{hy:.1f}" class="wg-area-name"'
                 f'{_name_fit(label, box.x + box.w + NAME_OVERHANG - hx)}>{esc(label)}</text>']
        if state is not None:
            parts.append(_token_rows(state, a, ctx, marks, cl,
                                     _leaders(state) if a == cer else {}))
            parts.append(_card_slot(state, a, ctx, cl))
        content.append(part(f"wg-area-{name}", f'<g class="wg-area-content" data-area="{name}"{attrs(data_why=why)}>'
                                                f'{"".join(parts)}</g>'))
    return "".join(fills), "".join(deco), "".join(content)


def _overlays(ctx: ViewContext, cl: Clicks, cer: int | None) -> str:
    """On top of everything: the ceremony's golden ring, the clickable areas, and the
    previews of ritual cards' targets (shown by CSS while a card is hovered)."""
    out = []
    if cer is not None:
        out.append(f'<path d="{geo.area_path(D.AREAS[cer])}" class="wg-cer-ring"/>')
    for a, target in sorted(cl.areas.items()):
        d = geo.area_path(D.AREAS[a])
        if target.select and ctx.selection == target.value:  # chosen: the buttons say what next
            out.append(f'<path d="{d}" class="wg-area-target wg-selected"/>')
        else:
            out.append(f'<path d="{d}" class="wg-target wg-area-target"{target.attrs()}>'
                       f'<title>{esc(target.label)}</title></path>')
    for a, kinds in sorted(cl.preview_areas.items()):
        classes = " ".join(f"wg-prev-{k}" for k in sorted(kinds))
        out.append(f'<path d="{geo.area_path(D.AREAS[a])}" class="wg-prev {classes}"/>')
    return "".join(out)


def map_svg(state: WongarState, ctx: ViewContext, cl: Clicks | None = None) -> str:
    """The map with everything on it (the state may be None: an empty map for the help)."""
    cl = cl or Clicks()
    cer = state.cer_area if state is not None and in_ceremony(state) else None
    fills, deco, content = _area_layers(state, ctx, cl, cer)
    borders = "".join(f'<path d="{geo.area_path(n)}"/>' for n in D.AREAS)
    body = (
        f'<path d="{geo.coast_path()}" class="wg-coast-shadow" transform="translate(6 9)"/>'
        f'<g class="wg-fills">{fills}</g>'
        + part("wg-drawing", f'<g class="wg-drawing" pointer-events="none">'
                             f'<g class="wg-deco">{deco}</g>'
                             f'<g class="wg-borders">{borders}</g>'
                             f'<g class="wg-dotline">{borders}</g></g>') +
        f'<g class="wg-contents">{content}</g>'
        f'{_figures(state, ctx) if state is not None else ""}'
        f'<g class="wg-overlays">{_overlays(ctx, cl, cer)}</g>'
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
        now = " wg-now" if time and D.section(time) == s else ""
        out.append(f'<rect x="{sx:.1f}" y="6" width="{sec_w:.1f}" height="138" rx="12" '
                   f'class="wg-section wg-section-{s}{now}"/>')
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
            if time == space:  # the marker: one piece that steps along the track
                out.append(_piece("time", cx - cell / 2 + 6, 16, pic.scorpion(0, 0, cell - 12),
                                  False, "wg-marker"))
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


def thumbnail() -> str:
    """A 16:9 picture for the home screen: the heart of the map with its totems, the two
    figures on Main and Pied and a few Tschurungas."""
    body = [f'<path d="{geo.coast_path()}" fill="rgba(0,0,0,.35)" transform="translate(6 9)"/>']
    for name in D.AREAS:
        body.append(f'<path d="{geo.area_path(name)}" fill="{pic.AREA_FILL[name]}" '
                    f'stroke="{pic.INK}" stroke-width="6" stroke-linejoin="round"/>')
        box = geo.CONTENT[name]
        size = min(box.w, box.h) * 0.62
        body.append(pic.totem(name, box.cx - size / 2, box.cy - size / 2, size, opacity=0.3))
    for kind, name in (("ancestor", "hand"), ("elder", "foot")):
        box = geo.CONTENT[name]
        body.append(pic.figure(kind, box.cx + 30, box.cy + 40, 120))
    for p, kind, x, y in ((0, "disc", 230, 470), (1, "cube", 280, 500), (2, "cylinder", 440, 470),
                          (3, "disc", 490, 505), (4, "cube", 660, 480), (0, "cylinder", 110, 490)):
        body.append(pic.token(kind, x, y, 44, pic.PLAYER_FILL[p]))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 210 760 428" '
            f'preserveAspectRatio="xMidYMid slice" class="wg-thumb" role="img" '
            f'aria-label="Wongar">{"".join(body)}</svg>')
