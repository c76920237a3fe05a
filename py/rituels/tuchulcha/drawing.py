"""SVG pictures of Tuchulcha's pieces and board (markup strings; all text escaped).

Shared by the live view, the help page and the home-screen thumbnail, so the rules' pictures
are the very pieces players see on the table. Colour is never the only cue: each colour has its
own pawn shape, and each stone kind its own engraved symbol.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from rituels.tuchulcha.board import COLOURS, GODS, ENTRY, MYSTIC, PASSAGE, PLAIN, RITUAL, SIDES
from rituels.tuchulcha.geometry import ALTAR_R, CENTRE, LOOP_RADIUS, SIZE, Layout, Point, layout
from rituels.viewkit import attrs, esc

# Pawn paint and ink (the count written on it), and shape, by colour index.
FILL = ("#b7332b", "#2d68b0", "#2a2622", "#e2b02a")
INK = ("#fff", "#fff", "#fff", "#2a2622")
EDGE = ("#6e1510", "#143866", "#000", "#7a5a08")
SHAPES = ("circle", "square", "triangle", "diamond")

# Smallest board text, in viewBox units: 11 CSS px when the 1000-unit board is 305 px wide
# (the rules' picture on a 375 px phone; the game's board is wider). Longer labels (temple
# and area names) are hidden on a phone and said by :func:`legend` in HTML instead.
BOARD_TEXT = 36

# Highlight classes of interactive places (see Mark).
PICK, PICKED, TARGET = "tu-pick", "tu-picked", "tu-target"

STONE_FILL = {PLAIN: "#d8cdb6", ENTRY: "#d8cdb6", RITUAL: "#e3c48e", MYSTIC: "#c5b3d6",
              PASSAGE: "#a9c3a6"}


@dataclass
class Scene:
    """Everything the board picture shows, independent of the rules' classes."""

    side: str
    stones: dict[int, tuple[int, int]] = field(default_factory=dict)  # stone -> (colour, n)
    temple: list[int] = field(default_factory=list)        # pawns by colour
    velthumena: list[int] = field(default_factory=list)
    forest: list[int] = field(default_factory=list)
    sanctuary: list[int] = field(default_factory=list)
    star: list[int] = field(default_factory=list)
    seals: frozenset[int] = frozenset()
    tuchulcha: int | None = None       # colour consecrated to Tuchulcha
    lasa: int | None = None            # colour consecrated to Lasa Vecuvia
    neutral: frozenset[int] = frozenset()
    out: frozenset[int] = frozenset()  # colours out of the game
    show_star: bool = True             # Lasa exists only in 4-player games
    dice: tuple[tuple[int, str], ...] = ()  # this turn's dice: (value, "", "used", "discarded")
    rolling: bool = False              # the dice were just rolled (a short animation)
    last: frozenset[str] = frozenset()  # places of the latest move ("s12", "t0"): marked
    # The latest move's hit: the stone where it happened and where the hit pawns went
    # ("s16", "forest" or "t1"), marked "tu-hit" (a short flash in tuchulcha.css).
    hit: frozenset[str] = frozenset()
    # Element id of the pawns on a stone ("s16" -> "tu-piece-s12" right after they came from
    # 12, so a DOM morph moves the same element); default "tu-piece-s16".
    piece_ids: dict[str, str] = field(default_factory=dict)
    id_prefix: str = "tu-"             # of the pieces' ids (the rules' picture has its own)
    # The latest move's walk: destination stone -> where it came from (a stone, or "T<c>"):
    # its pawns go there stone by stone (a CSS motion path), not straight.
    walk: dict[int, int | str] = field(default_factory=dict)

    @property
    def colours(self) -> int:
        return SIDES[self.side].temples


@dataclass
class Mark:
    """An interactive highlight on a place ("s12" stone 12, "t0" temple of colour 0)."""

    cls: str                                   # tu-pick, tu-picked or tu-target
    attrs: dict[str, str] = field(default_factory=dict)  # data-select / data-action / label
    badge: str = ""                            # small text (the die a target uses)
    arrivals: tuple[int, int] | None = None    # (colour, n): n pawns attack together here

    def __bool__(self) -> bool:
        # A mark without a class only carries data-why (a tap says why nothing happens):
        # it is drawn as an unmarked place.
        return bool(self.cls)


def _n(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


# --- pieces -----------------------------------------------------------------------------------

# A clickable place's invisible hit area (issue 42): a disc 132 units across is 46 CSS px on
# a 375 px phone's board (WCAG's 44 px), however small the stone or temple drawn. Discs
# overlap where places are close; the glue then gives the tap to the nearest one's centre.
HIT_R = 66


def hit_area(x: float, y: float, r: float = HIT_R) -> str:
    return (f'<circle class="hit" cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="#000"'
            f' fill-opacity="0"/>')


def pawn_shape(colour: int, x: float, y: float, r: float, extra: str = "") -> str:
    """One pawn outline: red circle, blue square, black triangle, yellow diamond."""
    paint = f'fill="{FILL[colour]}" stroke="{EDGE[colour]}" stroke-width="{_n(r * 0.12)}"{extra}'
    shape = SHAPES[colour]
    if shape == "circle":
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" {paint}/>'
    if shape == "square":
        s = r * 0.88
        return (f'<rect x="{_n(x - s)}" y="{_n(y - s)}" width="{_n(2 * s)}" height="{_n(2 * s)}"'
                f' rx="{_n(r * 0.15)}" {paint}/>')
    if shape == "triangle":
        pts = [(x, y - r * 1.12), (x + r * 1.1, y + r * 0.82), (x - r * 1.1, y + r * 0.82)]
    else:
        pts = [(x, y - r * 1.18), (x + r * 1.05, y), (x, y + r * 1.18), (x - r * 1.05, y)]
    return f'<polygon points="{" ".join(f"{_n(a)},{_n(b)}" for a, b in pts)}" {paint}/>'


def pawn_token(colour: int, x: float, y: float, r: float, count: int, role: str = "",
               min_text: float = 0) -> str:
    """A stack of ``count`` pawns: the shape (with a shadow copy when stacked) and the count
    (its font at least ``min_text`` units: the board passes BOARD_TEXT)."""
    out = ['<g class="tu-pawns">',
           f'<ellipse cx="{_n(x + r * 0.1)}" cy="{_n(y + r * 0.95)}" rx="{_n(r * 0.95)}"'
           f' ry="{_n(r * 0.3)}" fill="#000" opacity="0.22"/>']
    if count > 1:
        out.append(pawn_shape(colour, x + r * 0.22, y - r * 0.22, r, ' opacity="0.55"'))
    out.append(pawn_shape(colour, x, y, r))
    if role:
        out.append(role_ring(role, x, y, r))
    ty = y + r * (0.22 if SHAPES[colour] == "triangle" else 0.0)
    size = max(min_text, r * (1.0 if SHAPES[colour] == "triangle" else 1.25))
    out.append(f'<text x="{_n(x)}" y="{_n(ty)}" class="tu-count" fill="{INK[colour]}"'
               f' font-size="{_n(size)}">{count}</text>')
    out.append("</g>")
    return "".join(out)


def role_ring(role: str, x: float, y: float, r: float) -> str:
    """Tuchulcha's pawns wear a dark dashed halo; Lasa's a small star."""
    if role == "tuchulcha":
        return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r * 1.45)}" fill="none"'
                f' stroke="#3b1346" stroke-width="{_n(r * 0.22)}"/>'
                f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r * 1.72)}" fill="none"'
                f' stroke="#3b1346" stroke-width="{_n(r * 0.08)}"/>')
    return star(x + r * 1.05, y - r * 1.05, r * 0.5, "#f4e7a1", "#2d3f8a")


def star(x: float, y: float, r: float, fill: str, stroke: str) -> str:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append(f"{_n(x + rad * math.cos(a))},{_n(y + rad * math.sin(a))}")
    return (f'<polygon points="{" ".join(pts)}" fill="{fill}" stroke="{stroke}"'
            f' stroke-width="{_n(r * 0.14)}"/>')


def stone_symbol(kind: str, x: float, y: float, r: float) -> str:
    """The symbol engraved on a stone: horseshoe (ritual), trefoil (mystic), swirl (passage)."""
    ink = 'fill="none" stroke="#4a3b26" stroke-linecap="round"'
    if kind == RITUAL:
        w, top, bottom = r * 0.42, y - r * 0.1, y + r * 0.48
        return (f'<path d="M{_n(x - w)},{_n(bottom)} L{_n(x - w)},{_n(top)}'
                f' A{_n(w)},{_n(w)} 0 0 1 {_n(x + w)},{_n(top)} L{_n(x + w)},{_n(bottom)}"'
                f' {ink} stroke-width="{_n(r * 0.2)}"/>')
    if kind == MYSTIC:
        lobes = "".join(
            f'<circle cx="{_n(x + r * 0.3 * math.cos(a))}" cy="{_n(y + r * 0.3 * math.sin(a))}"'
            f' r="{_n(r * 0.27)}"/>'
            for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)
        )
        return f'<g fill="#5b3f7a" stroke="#2e1f40" stroke-width="{_n(r * 0.06)}">{lobes}</g>'
    if kind == PASSAGE:
        pts = []
        for i in range(46):
            a = i * 0.3
            rad = r * 0.06 + r * 0.62 * i / 45
            pts.append(f"{_n(x + rad * math.cos(a))},{_n(y + rad * math.sin(a))}")
        return (f'<polyline points="{" ".join(pts)}" fill="none" stroke="#1f4a2a"'
                f' stroke-width="{_n(r * 0.13)}" stroke-linecap="round"/>')
    return ""


def seal(x: float, y: float, r: float) -> str:
    """Lasa's wax seal closing a passage."""
    return (f'<g class="tu-seal"><circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r * 0.82)}"'
            f' fill="#8e1b2b" stroke="#4d0912" stroke-width="{_n(r * 0.1)}"/>'
            + star(x, y, r * 0.5, "#e9c46a", "#6b3b00") + "</g>")


@lru_cache(maxsize=512)  # the same stones are drawn on every render
def stone(kind: str, x: float, y: float, r: float, ring: int | None = None,
          sealed: bool = False) -> str:
    """A stone of the path; ``ring`` is the colour of the temple it is the entry of."""
    out = [f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{STONE_FILL[kind]}"'
           f' stroke="#5e5140" stroke-width="{_n(r * 0.09)}" class="tu-stone"/>',
           # a soft highlight makes the flat disc read as a rounded stone
           f'<ellipse cx="{_n(x - r * 0.28)}" cy="{_n(y - r * 0.34)}" rx="{_n(r * 0.46)}"'
           f' ry="{_n(r * 0.28)}" fill="#fff" opacity="0.32"/>']
    if ring is not None:
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r * 0.8)}" fill="none"'
                   f' stroke="{FILL[ring]}" stroke-width="{_n(r * 0.22)}"/>')
    out.append(seal(x, y, r) if sealed else stone_symbol(kind, x, y, r))
    return "".join(out)


def temple(colour: int, x: float, y: float, god: str, faded: bool = False) -> str:
    """A small Etruscan temple (pediment, columns, podium) in its colour, god's name below."""
    w, h = 86, 72
    left, top = x - w / 2, y - h / 2
    col = FILL[colour]
    parts = [
        f'<g class="tu-temple{" tu-faded" if faded else ""}">',
        f'<rect x="{_n(left - 4)}" y="{_n(top - 4)}" width="{w + 8}" height="{h + 8}" rx="10"'
        f' fill="#f4ead3" stroke="{EDGE[colour]}" stroke-width="2"/>',
        f'<polygon points="{_n(left + 4)},{_n(top + 22)} {_n(x)},{_n(top + 2)}'
        f' {_n(left + w - 4)},{_n(top + 22)}" fill="{col}" stroke="{EDGE[colour]}"'
        f' stroke-width="2"/>',
    ]
    for i in range(4):
        cx = left + 14 + i * (w - 28) / 3
        parts.append(f'<rect x="{_n(cx - 4)}" y="{_n(top + 25)}" width="8" height="24"'
                     f' fill="{col}" opacity="0.85"/>')
    parts.append(f'<rect x="{_n(left + 4)}" y="{_n(top + 50)}" width="{w - 8}" height="20"'
                 f' rx="3" fill="{col}"/>')
    parts.append(f'<text x="{_n(x)}" y="{_n(top + 61)}" class="tu-god" fill="{INK[colour]}">'
                 f'{esc(god)}</text>')
    parts.append("</g>")
    return "".join(parts)


_PIPS = {1: [(2, 2)], 2: [(1, 1), (3, 3)], 3: [(1, 1), (2, 2), (3, 3)],
         4: [(1, 1), (3, 1), (1, 3), (3, 3)], 5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
         6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)]}


def die_body(value: int, x: float = 0, y: float = 0, size: float = 40) -> str:
    """A die face drawn in a ``size`` square whose top-left corner is (x, y)."""
    k = size / 40
    dots = "".join(f'<circle cx="{_n(x + a * 10 * k)}" cy="{_n(y + b * 10 * k)}"'
                   f' r="{_n(3.4 * k)}"/>' for a, b in _PIPS.get(value, []))
    return (f'<rect x="{_n(x + 1.5 * k)}" y="{_n(y + 1.5 * k)}" width="{_n(37 * k)}"'
            f' height="{_n(37 * k)}" rx="{_n(7 * k)}" fill="#fbf6ea" stroke="#4a3b26"'
            f' stroke-width="{_n(2.5 * k)}"/><g fill="#2a2622">{dots}</g>')


def die_face(value: int, size: float = 40, cls: str = "tu-die") -> str:
    """A die as a small inline SVG (the side panel, buttons and the help page)."""
    return (f'<svg class="{cls}" viewBox="0 0 40 40" width="{_n(size)}" height="{_n(size)}"'
            f' aria-hidden="true">{die_body(value)}</svg>')


# --- the board --------------------------------------------------------------------------------

def _path_band(geo: Layout) -> str:
    w = geo.stone_r * 2 + 22
    return (f'<circle cx="{CENTRE}" cy="{CENTRE}" r="{LOOP_RADIUS}" fill="none" stroke="#b89c6e"'
            f' stroke-width="{_n(w + 6)}"/>'
            f'<circle cx="{CENTRE}" cy="{CENTRE}" r="{LOOP_RADIUS}" fill="none" stroke="#e6d5b0"'
            f' stroke-width="{_n(w)}"/>')


def _pebbles(points, colour: int, r: float) -> str:
    """A trail: a faint band in the colour under evenly spaced pebbles."""
    if not points:
        return ""
    (ax, ay), (bx, by) = points[0], points[-1]
    band = (f'<line x1="{_n(ax)}" y1="{_n(ay)}" x2="{_n(bx)}" y2="{_n(by)}" stroke="{FILL[colour]}"'
            f' stroke-opacity="0.28" stroke-width="{_n(r * 2.6)}" stroke-linecap="round"/>')
    return band + "".join(
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{FILL[colour]}"'
        f' stroke="{EDGE[colour]}" stroke-width="1.5"/>' for x, y in points
    )


def _direction_arrows(geo: Layout) -> str:
    """Small chevrons between stones, pointing clockwise (the way every pawn moves)."""
    out = []
    n = geo.side.loop
    for i in range(geo.side.sector // 2, n, geo.side.sector):
        (ax, ay), (bx, by) = geo.stones[i], geo.stones[(i + 1) % n]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        angle = math.degrees(math.atan2(by - ay, bx - ax))
        out.append(f'<path d="M-5,-7 L4,0 L-5,7" transform="translate({_n(mx)},{_n(my)})'
                   f' rotate({_n(angle)})" fill="none" stroke="#7a6446" stroke-width="3"/>')
    return "".join(out)


def _place_attrs(mark: Mark | None, label: str, tx) -> str:
    """A place's accessible name; an interactive one says first what clicking it does."""
    if not mark:
        why = mark.attrs.get("data-why") if mark is not None else None
        return attrs(role="img", aria_label=label, data_why=why)
    hint = mark.attrs.get("aria-label")
    spoken = tx.t("tuchulcha.label.action", action=hint, place=label) if hint else label
    return attrs(role="button", tabindex="0", aria_label=spoken,
                 data_select=mark.attrs.get("data-select"),
                 data_action=mark.attrs.get("data-action"))


def _tip(tx, label: str, what: str) -> str:
    """The place's tooltip (hover, long-press) and description for screen readers: its name
    and, in one line, what it does in the rules (catalogue ``lessons.tip.tu.<what>``)."""
    key = f"lessons.tip.tu.{what}"
    rule = tx.t(key)
    text = label if rule == key else tx.t("tuchulcha.with_note", text=label, note=rule)
    return f"<title>{esc(text)}</title>"


def _clear_spot(geo: Layout, stone: int, distance: float, half_w: float, half_h: float):
    """The first point ``distance`` out of the loop from a stone, straight out or turned
    along it, where a ``2 half_w`` × ``2 half_h`` label covers no corner box and stays in the
    picture; None if there is none."""
    (x, y), (nx, ny) = geo.stones[stone], geo.normals[stone]
    for turn in (0, 30, -30, 50, -50):
        a = math.radians(turn)
        dx, dy = nx * math.cos(a) - ny * math.sin(a), nx * math.sin(a) + ny * math.cos(a)
        bx, by = x + dx * distance, y + dy * distance
        if (half_w < bx < SIZE - half_w and half_h < by < SIZE - half_h
                and not any(box.x - half_w < bx < box.x + box.w + half_w
                            and box.y - half_h < by < box.y + box.h + half_h
                            for box in geo.areas.values())):
            return bx, by
    return None


def _badge_spot(geo: Layout, stone: int, distance: float) -> Point:
    """Where a stone's badge goes: outside the loop, turned along it when straight out would
    cover a corner box (the « Étoile de Lasa » title), else inside the loop."""
    return _clear_spot(geo, stone, distance, 22, 22) or geo.inward(stone, distance * 2.2)


def _badge(mark: Mark | None, x: float, y: float) -> str:
    if mark is not None and mark.arrivals:
        return _arrivals(*mark.arrivals, x, y)
    if mark is None or not mark.badge:
        return ""
    return (f'<g class="tu-badge"><circle cx="{_n(x)}" cy="{_n(y)}" r="20" fill="#fbf6ea"'
            f' stroke="#1d5c3a" stroke-width="3"/><text x="{_n(x)}" y="{_n(y)}"'
            f' class="tu-count" font-size="{BOARD_TEXT}" fill="#1d5c3a">{esc(mark.badge)}'
            f'</text></g>')


def _last_ring(x: float, y: float, r: float) -> str:
    """The latest move's start and end places keep a dashed ring until the next move."""
    return (f'<circle class="tu-last" cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="none"'
            f' stroke="#7a2e12" stroke-width="3" stroke-dasharray="6 5"/>')


def _arrivals(colour: int, count: int, x: float, y: float) -> str:
    """A combined attack's tag: one small pawn per attacker arriving together (drawn, not
    written, so the place's spoken name need not repeat it)."""
    w = 16 * count + 10
    pawns = "".join(pawn_shape(colour, x - 8 * (count - 1) + 16 * k, y, 6.5) for k in range(count))
    return (f'<g class="tu-badge tu-arrivals"><rect x="{_n(x - w / 2)}" y="{_n(y - 14)}"'
            f' width="{_n(w)}" height="28" rx="14" fill="#fbf6ea" stroke="#1d5c3a"'
            f' stroke-width="3"/>{pawns}</g>')


def _role(scene: Scene, colour: int) -> str:
    if colour == scene.tuchulcha:
        return "tuchulcha"
    if colour == scene.lasa:
        return "lasa"
    return ""


def _stones(scene: Scene, geo: Layout, tx, marks: dict[str, Mark]) -> str:
    side = geo.side
    kinds = side.kinds
    entry_colour = {e: c for c, e in enumerate(side.entries)}
    r = geo.stone_r
    out, pieces = [], []
    for i, (x, y) in enumerate(geo.stones):
        kind = kinds[i]
        sealed = i in scene.seals
        held = scene.stones.get(i)
        label = stone_label(tx, i, kind, sealed, entry_colour.get(i), held)
        mark = marks.get(f"s{i}")
        cls = "tu-place" + (f" {mark.cls}" if mark else "")
        if f"s{i}" in scene.hit:
            cls += " tu-hit"
        last = f"s{i}" in scene.last
        if last:
            cls += " last-move"
        out.append(f'<g class="{cls}"{_place_attrs(mark, label, tx)}>'
                   + _tip(tx, label, "sealed" if sealed else kind))
        px, py = geo.inward(i, r * 1.02)
        if last:
            out.append(_last_ring(x, y, r + 5))
        if mark:
            # A group to pick is circled on its pawns; a destination on its stone.
            on_pawns = held and mark.cls != TARGET
            hx, hy, hr = (px, py, r * 0.82 + 11) if on_pawns else (x, y, r + 9)
            out.append(hit_area(hx, hy))
            out.append(f'<circle class="tu-halo" cx="{_n(hx)}" cy="{_n(hy)}" r="{_n(hr)}"/>')
        out.append(stone(kind, x, y, r, entry_colour.get(i), sealed))
        nx, ny = geo.normals[i]
        if not (mark and (mark.badge or mark.arrivals)):
            out.append(f'<text x="{_n(x + nx * (r + 15))}" y="{_n(y + ny * (r + 15))}"'
                       f' class="tu-num">{i}</text>')
        if held:
            colour, count = held
            # The pawns are drawn in a layer above (below): an interactive place's visible
            # text stays its number or badge, as its spoken name says, and this invisible
            # disc keeps the pawns part of what a tap on the place hits.
            ident = scene.piece_ids.get(f"s{i}", f"{scene.id_prefix}piece-s{i}")
            body = pawn_token(colour, 0, 0, r * 0.82, count, _role(scene, colour), BOARD_TEXT)
            if i in scene.walk:
                pieces.append(_walker(ident, geo, scene.walk[i], i, body))
            else:
                pieces.append(_piece(ident, px, py, body))
            if mark:
                out.append(f'<circle cx="{_n(px)}" cy="{_n(py)}" r="{_n(r * 0.82 + 6)}"'
                           f' fill="#000" fill-opacity="0"/>')
        out.append(_badge(mark, *_badge_spot(geo, i, r + 20)))
        out.append("</g>")
    badged = frozenset(i for i in range(len(geo.stones))
                       if (m := marks.get(f"s{i}")) and (m.badge or m.arrivals))
    out.append(_numbers_on_stones(side.name, badged))
    out.append('<g class="tu-pieces" aria-hidden="true" pointer-events="none">'
               + "".join(pieces) + "</g>")
    return "".join(out)


@lru_cache(maxsize=256)
def _numbers_on_stones(side: str, badged: frozenset[int] = frozenset()) -> str:
    """On a phone the small numbers beside the stones are hidden: these, larger, stand just
    outside the loop, beside the stones' symbols and clear of the pawns (inside the loop);
    a stone with a badge (a destination's die) shows the badge instead, as on a laptop."""
    geo = layout(side)
    r = geo.stone_r
    nums = []
    for i in range(len(geo.stones)):
        if i in badged:
            continue
        spot = _clear_spot(geo, i, r + 17, 20, 15)
        cls = "tu-num-in"
        if spot is None:           # no room out there (a corner): on the stone's outer rim
            spot, cls = geo.outward(i, r * 0.45), "tu-num-in tu-num-rim"
        nums.append(f'<text x="{_n(spot[0])}" y="{_n(spot[1])}" class="{cls}">{i}</text>')
    return ('<g class="tu-nums-in" aria-hidden="true" pointer-events="none">'
            + "".join(nums) + "</g>")


def _piece(ident: str, x: float, y: float, body: str) -> str:
    """A pawn stack with a stable id, placed by a CSS transform: when the page morphs, the
    same element moves and its transition shows the move."""
    return (f'<g id="{ident}" class="piece" style="transform:translate({_n(x)}px,{_n(y)}px)">'
            f'{body}</g>')


WALK_STEP_S = 0.16     # per stone on the way (every step well under 0.6 s)
WALK_MAX_S = 0.85      # the whole walk, so a long one still ends before the next bot step


def _walker(ident: str, geo: Layout, src, dest: int, body: str) -> str:
    """Pawns that have just moved, walked along their route: from where they stood, over
    each stone on the way (the route always runs up the stone numbers, round the loop), to
    ``dest``. A CSS motion path (``.tu-walk`` in tuchulcha.css; none under reduced motion,
    where the pawns stand at the end of the path at once)."""
    loop = len(geo.stones)
    r = geo.stone_r * 1.02
    if isinstance(src, int):
        points, first = [geo.inward(src, r)], src + 1
    else:
        colour = int(src[1:])
        points, first = [geo.temple_pawns[colour]], geo.side.entries[colour]
    steps = (dest - first) % loop + 1
    points += [geo.inward((first + k) % loop, r) for k in range(steps)]
    path = "M" + " L".join(f"{_n(x)},{_n(y)}" for x, y in points)
    seconds = min(WALK_STEP_S * steps, WALK_MAX_S)
    return (f'<g id="{ident}" class="piece tu-walk" style="offset-path:path(\'{path}\');'
            f'animation-duration:{seconds:.2f}s">{body}</g>')


def _temples(scene: Scene, geo: Layout, tx, marks: dict[str, Mark]) -> str:
    out = []
    for c in range(scene.colours):
        x, y = geo.temples[c]
        px, py = geo.temple_pawns[c]
        count = scene.temple[c] if c < len(scene.temple) else 0
        mark = marks.get(f"t{c}")
        label = temple_label(tx, scene, c, count)
        cls = "tu-place" + (f" {mark.cls}" if mark else "")
        if f"t{c}" in scene.hit:
            cls += " tu-hit"
        last = f"t{c}" in scene.last
        if last:
            cls += " last-move"
        out.append(f'<g class="{cls}"{_place_attrs(mark, label, tx)}>'
                   + _tip(tx, label, "temple"))
        if last:
            out.append(_last_ring(px, py, 32))
        if mark:
            out.append(hit_area((x + px) / 2, (y + py) / 2))
            out.append(f'<circle class="tu-halo" cx="{_n(px)}" cy="{_n(py)}" r="36"/>')
        out.append(temple(c, x, y, GODS[c], faded=c in scene.out))
        if count:
            out.append(_piece(f"{scene.id_prefix}temple-{c}", px, py,
                              pawn_token(c, 0, 0, 24, count, _role(scene, c), BOARD_TEXT)))
        out.append(_role_badge(scene, c, *geo.temple_badges[c]))
        out.append("</g>")
    return "".join(out)


def _role_badge(scene: Scene, colour: int, x: float, y: float) -> str:
    """Tuchulcha's owner gets a dark crescent mask, Lasa's a star; neutral colours a grey N."""
    role = _role(scene, colour)
    if role == "tuchulcha":
        return (f'<g class="tu-role"><circle cx="{_n(x)}" cy="{_n(y)}" r="24" fill="#3b1346"'
                f' stroke="#1b0722" stroke-width="2"/><text x="{_n(x)}" y="{_n(y)}"'
                f' class="tu-count" font-size="{BOARD_TEXT}" fill="#f1d7ff">T</text></g>')
    if role == "lasa":
        return f'<g class="tu-role">{star(x, y, 24, "#f4e7a1", "#2d3f8a")}</g>'
    if colour in scene.neutral:
        return (f'<g class="tu-role"><circle cx="{_n(x)}" cy="{_n(y)}" r="23" fill="#e9e4d8"'
                f' stroke="#7b725f" stroke-width="2"/><text x="{_n(x)}" y="{_n(y)}"'
                f' class="tu-count" font-size="{BOARD_TEXT}" fill="#5b533f">N</text></g>')
    return ""


# The altar's sacred fire, just above its name.
_FLAME = (f'<path d="M{CENTRE},{CENTRE - 52} C{CENTRE + 16},{CENTRE - 34} {CENTRE + 14},'
          f'{CENTRE - 16} {CENTRE},{CENTRE - 10} C{CENTRE - 14},{CENTRE - 16} {CENTRE - 16},'
          f'{CENTRE - 34} {CENTRE},{CENTRE - 52} Z" fill="#e0702b" stroke="#9a3b12"'
          f' stroke-width="2"/><path d="M{CENTRE},{CENTRE - 36} C{CENTRE + 7},{CENTRE - 26}'
          f' {CENTRE + 6},{CENTRE - 18} {CENTRE},{CENTRE - 14} C{CENTRE - 6},{CENTRE - 18}'
          f' {CENTRE - 7},{CENTRE - 26} {CENTRE},{CENTRE - 36} Z" fill="#ffd45e"/>')


def _altar(scene: Scene, geo: Layout, tx, mark: Mark | None) -> str:
    label = area_label(tx, "velthumena", scene.velthumena)
    out = [
        f'<g class="tu-place tu-velthumena{" " + mark.cls if mark else ""}"'
        f'{_place_attrs(mark, label, tx)}>{_tip(tx, label, "velthumena")}',
        f'<circle class="tu-halo" cx="{CENTRE}" cy="{CENTRE}" r="{ALTAR_R + 10}"/>' if mark else "",
        f'<circle cx="{CENTRE}" cy="{CENTRE}" r="{ALTAR_R}" fill="url(#tu-altar)"'
        f' stroke="#7d5f2e" stroke-width="5"/>',
        f'<circle cx="{CENTRE}" cy="{CENTRE}" r="{ALTAR_R - 18}" fill="none"'
        f' stroke="#a8834a" stroke-width="2" stroke-dasharray="6 5"/>',
        _FLAME,
        f'<text x="{CENTRE}" y="{CENTRE + 12}" class="tu-area-title" font-size="22">'
        f'{esc(tx.t("tuchulcha.place.velthumena"))}</text>',
    ]
    for c in range(scene.colours):
        # Each colour's arrivals gather where its trail meets the altar.
        px, py = geo.altar_slots[c]
        count = scene.velthumena[c] if c < len(scene.velthumena) else 0
        out.append(f'<g opacity="{1 if count else 0.4}">' + _piece(
            f"{scene.id_prefix}velthumena-{c}", px, py, pawn_token(c, 0, 0, 21, count, min_text=BOARD_TEXT))
            + "</g>")
    if mark and mark.badge:
        out.append(_badge(mark, CENTRE, CENTRE + 40))
    out.append("</g>")
    return "".join(out)


def _area_title(a, title: str) -> str:
    """A corner box's title, squeezed to the box when long (« Étoile de Lasa » at 20 px)."""
    fit = a.w - 16
    squeeze = (f' textLength="{_n(fit)}" lengthAdjust="spacingAndGlyphs"'
               if len(title) * 11 > fit else "")
    return (f'<text x="{_n(a.x + a.w / 2)}" y="{_n(a.y + 24)}" class="tu-area-title"{squeeze}>'
            f'{esc(title)}</text>')


def _area(scene: Scene, geo: Layout, tx, name: str, counts: list[int], icon: str,
          mark: Mark | None = None, note: str = "") -> str:
    a = geo.areas[name]
    label = area_label(tx, name, counts)
    if note:
        label = tx.t("tuchulcha.with_note", text=label, note=note)
    hit = " tu-hit" if name in scene.hit else ""
    out = [f'<g class="tu-place tu-area tu-area-{name}{hit}{" " + mark.cls if mark else ""}"'
           f'{_place_attrs(mark, label, tx)}>{_tip(tx, label, name)}',
           f'<rect x="{a.x}" y="{a.y}" width="{a.w}" height="{a.h}" rx="18" class="tu-area-box"/>',
           f'<rect x="{a.x - 4}" y="{a.y - 4}" width="{a.w + 8}" height="{a.h + 8}" rx="22"'
           f' class="tu-halo"/>' if mark else "",
           _area_title(a, tx.t("tuchulcha.place." + name)), icon]
    shown = [(c, n) for c, n in enumerate(counts) if n]
    for k, (c, n) in enumerate(shown):
        col, row = k % 2, k // 2
        x = a.x + a.w * (0.28 + 0.44 * col)
        y = a.y + 94 + row * 42
        out.append(_piece(f"{scene.id_prefix}{name}-{c}", x, y, pawn_token(c, 0, 0, 19, n, min_text=BOARD_TEXT)))
    if note:
        out.append(f'<text x="{_n(a.x + a.w / 2)}" y="{_n(a.y + a.h - 16)}"'
                   f' class="tu-area-note">{esc(note)}</text>')
    out.append("</g>")
    return "".join(out)


def _dice_tray(scene: Scene, geo: Layout, tx) -> str:
    """The turn's dice on the table (used ones faded), so spectators see them on the board."""
    a = geo.areas["legend"]
    values = ", ".join(str(v) for v, how in scene.dice if how == "")
    label = tx.t("tuchulcha.dice_label", dice=values or "-")
    cls = "tu-area tu-dice-tray tu-rolling" if scene.rolling else "tu-area tu-dice-tray"
    out = [f'<g class="{cls}" role="img"{attrs(aria_label=label)}>',
           f'<rect x="{a.x}" y="{a.y}" width="{a.w}" height="{a.h}" rx="18" class="tu-area-box"/>',
           f'<text x="{_n(a.x + a.w / 2)}" y="{_n(a.y + 24)}" class="tu-area-title">'
           f'{esc(tx.t("tuchulcha.place.dice"))}</text>']
    size = 48
    for k, (value, how) in enumerate(scene.dice[:4]):
        col, row = k % 2, k // 2
        x = a.x + a.w / 2 - size - 6 + col * (size + 12)
        y = a.y + 40 + row * (size + 8)
        faded = ' opacity="0.3"' if how else ""
        out.append(f'<g class="tu-tray-die"{faded}>{die_body(value, x, y, size)}</g>')
    out.append("</g>")
    return "".join(out)


def _tree(x: float, y: float, s: float) -> str:
    return (f'<rect x="{_n(x - s * 0.12)}" y="{_n(y + s * 0.3)}" width="{_n(s * 0.24)}"'
            f' height="{_n(s * 0.5)}" fill="#5a3d22"/>'
            f'<polygon points="{_n(x)},{_n(y - s)} {_n(x + s * 0.7)},{_n(y + s * 0.4)}'
            f' {_n(x - s * 0.7)},{_n(y + s * 0.4)}" fill="#2f5d34" stroke="#1b3a1f"'
            f' stroke-width="2"/>')


def _area_icons(geo: Layout) -> dict[str, str]:
    f, s, st = geo.areas["forest"], geo.areas["sanctuary"], geo.areas["star"]
    forest = "".join(_tree(f.x + f.w * k, f.y + 52 + 4 * (k == 0.5), 15) for k in (0.3, 0.5, 0.7))
    sanct_x, sanct_y = s.x + s.w * 0.5, s.y + 56
    sanctuary = (f'<path d="M{_n(sanct_x - 22)},{_n(sanct_y + 14)} Q{_n(sanct_x)},'
                 f'{_n(sanct_y - 34)} {_n(sanct_x + 22)},{_n(sanct_y + 14)} Z" fill="#3b1346"/>'
                 f'<circle cx="{_n(sanct_x - 7)}" cy="{_n(sanct_y)}" r="3.5" fill="#e7c6f5"/>'
                 f'<circle cx="{_n(sanct_x + 7)}" cy="{_n(sanct_y)}" r="3.5" fill="#e7c6f5"/>')
    return {
        "forest": forest,
        "sanctuary": sanctuary,
        "star": star(st.x + st.w * 0.5, st.y + 52, 17, "#f4e7a1", "#2d3f8a"),
    }


DEFS = (
    '<defs>'
    '<radialGradient id="tu-table" cx="50%" cy="50%" r="70%">'
    '<stop offset="0" stop-color="#efe0bd"/><stop offset="1" stop-color="#cfb487"/>'
    '</radialGradient>'
    '<radialGradient id="tu-altar" cx="50%" cy="40%" r="65%">'
    '<stop offset="0" stop-color="#fff3cf"/><stop offset="1" stop-color="#d9b56c"/>'
    '</radialGradient>'
    '</defs>'
)


@lru_cache(maxsize=None)
def _table(side: str) -> str:
    """What never changes on a side: the table, the path band, the arrows and the trails."""
    geo = layout(side)
    parts = [
        DEFS,
        f'<rect x="0" y="0" width="{SIZE}" height="{SIZE}" rx="28" fill="url(#tu-table)"/>',
        f'<rect x="8" y="8" width="{SIZE - 16}" height="{SIZE - 16}" rx="22" fill="none"'
        f' stroke="#8a6a3c" stroke-width="4" stroke-dasharray="2 10" stroke-linecap="round"/>',
        _path_band(geo),
        _direction_arrows(geo),
    ]
    for c in range(geo.side.temples):
        parts.append(_pebbles(geo.entry_trails[c], c, 8))
        parts.append(_pebbles(geo.exit_trails[c], c, 7))
    return "".join(parts)


@dataclass
class CountChoice:
    """"How many pawns?" bubbles drawn around the picked group (``place`` as in Mark keys)."""

    place: str
    options: list[tuple[int, Mark]]            # (count, its data-select Mark)


def _anchor(geo: Layout, place: str) -> tuple[float, float]:
    """Where a place's pawns are drawn."""
    if place in geo.areas:
        a = geo.areas[place]
        return (a.x + a.w / 2, a.y + a.h / 2)
    if place.startswith("t"):
        return geo.temple_pawns[int(place[1:])]
    return geo.inward(int(place[1:]), geo.stone_r * 1.02)


def _count_bubbles(geo: Layout, choice: CountChoice) -> str:
    """Numbered buttons on an arc beside the picked group, opening towards the centre, so a
    phone player chooses the count without leaving the board."""
    ax, ay = _anchor(geo, choice.place)
    towards = math.atan2(CENTRE - ay, CENTRE - ax)
    out = ['<g class="tu-counts">']
    # Bubbles of radius 35 are 25 CSS px wide on a 375 px phone (tap targets of 24 px).
    per_ring = 5
    for k, (n, mark) in enumerate(choice.options):
        ring, slot = divmod(k, per_ring)
        in_ring = min(per_ring, len(choice.options) - ring * per_ring)
        radius = 92 + 76 * ring
        step = 76 / radius
        angle = towards - (slot - (in_ring - 1) / 2) * step
        x, y = ax + radius * math.cos(angle), ay + radius * math.sin(angle)
        chosen = " tu-chosen" if mark.cls == PICKED else ""
        out.append(
            f'<g class="tu-place tu-count-choice{chosen}"'
            f'{attrs(role="button", tabindex="0", aria_label=mark.attrs.get("aria-label"))}'
            f'{attrs(data_select=mark.attrs.get("data-select"))}>{hit_area(x, y)}'
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="35" class="tu-bubble"/>'
            f'<text x="{_n(x)}" y="{_n(y)}" class="tu-count" font-size="34">{n}</text></g>')
    out.append("</g>")
    return "".join(out)


def board_svg(scene: Scene, tx, marks: dict[str, Mark] | None = None, cls: str = "tu-board",
              counts: CountChoice | None = None) -> str:
    """The whole board. ``tx`` gives texts (``t``/``tn``, e.g. a ViewContext)."""
    marks = marks or {}
    geo = layout(scene.side)
    icons = _area_icons(geo)
    parts = [
        f'<svg class="{cls}" viewBox="0 0 {SIZE} {SIZE}" role="group"'
        f'{attrs(aria_label=tx.t("tuchulcha.board", side=scene.side))}>',
        _table(scene.side),
    ]
    parts.append(_altar(scene, geo, tx, marks.get("velthumena")))
    parts.append(_area(scene, geo, tx, "forest", scene.forest, icons["forest"],
                       marks.get("forest")))
    parts.append(_area(scene, geo, tx, "sanctuary", scene.sanctuary, icons["sanctuary"],
                       marks.get("sanctuary")))
    if scene.show_star:
        seals = tx.t("tuchulcha.seals", n=len(scene.seals), total=len(geo.side.passages))
        parts.append(_area(scene, geo, tx, "star", scene.star, icons["star"], marks.get("star"),
                           seals))
    if scene.dice:
        parts.append(_dice_tray(scene, geo, tx))
    # Once a count is picked the destinations matter most: the bubbles then go beneath the
    # stones so a bubble never covers (and steals the click of) a highlighted destination.
    bubbles = _count_bubbles(geo, counts) if counts else ""
    counted = bool(counts) and any(mark.cls == PICKED for _, mark in counts.options)
    if counted:
        parts.append(bubbles)
    parts.append(_temples(scene, geo, tx, marks))
    parts.append(_stones(scene, geo, tx, marks))
    if not counted:
        parts.append(bubbles)
    parts.append("</svg>")
    return "".join(parts)


def legend(scene: Scene, tx) -> str:
    """The board's places named in HTML, where they are ("en haut à gauche : Forêt"): on a
    phone the SVG's own titles would be specks, so the stylesheet shows this list instead."""
    geo = layout(scene.side)
    names = ["forest", "sanctuary"] + (["star"] if scene.show_star else [])
    items = [tx.t("tuchulcha.legend.item", where=tx.t("tuchulcha.corner.centre"),
                  name=tx.t("tuchulcha.place.velthumena"))]
    for name in names:
        a = geo.areas[name]
        corner = ("b" if a.y + a.h / 2 > CENTRE else "t") + ("r" if a.x + a.w / 2 > CENTRE else "l")
        text = tx.t("tuchulcha.legend.item", where=tx.t(f"tuchulcha.corner.{corner}"),
                    name=tx.t(f"tuchulcha.place.{name}"))
        if name == "star":
            text = tx.t("tuchulcha.with_note", text=text, note=tx.t(
                "tuchulcha.seals", n=len(scene.seals), total=len(geo.side.passages)))
        items.append(text)
    return ('<ul class="tu-legend" aria-hidden="true">'
            + "".join(f"<li>{esc(x)}</li>" for x in items) + "</ul>")


# --- accessible names -------------------------------------------------------------------------

def pawns_text(tx, colour: int, count: int) -> str:
    """"3 aruspices rouges" (the adjective agrees, hence one key per colour)."""
    return tx.tn(f"tuchulcha.pawns.{COLOURS[colour]}", count)


def stone_label(tx, stone_no: int, kind: str, sealed: bool, entry: int | None,
                held: tuple[int, int] | None) -> str:
    what = tx.t(f"tuchulcha.kind.{kind}")
    if entry is not None:
        what = tx.t("tuchulcha.kind.entry_of", colour=tx.t(f"tuchulcha.colour.{COLOURS[entry]}"))
    if sealed:
        what = tx.t("tuchulcha.kind.sealed")
    base = tx.t("tuchulcha.stone", n=stone_no, kind=what)
    if held:
        return tx.t("tuchulcha.label.with", place=base, pawns=pawns_text(tx, *held))
    return tx.t("tuchulcha.label.empty", place=base)


def temple_label(tx, scene: Scene, colour: int, count: int) -> str:
    base = tx.t("tuchulcha.temple_of", god=GODS[colour],
                colour=tx.t(f"tuchulcha.colour.{COLOURS[colour]}"))
    if count:
        return tx.t("tuchulcha.label.with", place=base, pawns=pawns_text(tx, colour, count))
    return tx.t("tuchulcha.label.empty", place=base)


def area_label(tx, name: str, counts: list[int]) -> str:
    base = tx.t(f"tuchulcha.place.{name}")
    held = [pawns_text(tx, c, n) for c, n in enumerate(counts) if n]
    if not held:
        return tx.t("tuchulcha.label.empty", place=base)
    return tx.t("tuchulcha.label.with", place=base, pawns=", ".join(held))
