"""Where things are on Wongar's map picture (pure geometry, no markup).

The map is drawn in a 900 x 700 viewBox. Areas are polygons over shared *junction* points, so
two adjacent areas share exactly one border (adjacency is visible, data.ADJACENT is the truth).
Borders are gentle cubic curves computed from the edge's two ends only, so the same border
seen from both sides is the same curve.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rituels.wongar.data import ADJACENT, AREAS

WIDTH, HEIGHT = 760, 860

# Junctions: where three areas (or two areas and the coast) meet. Hand-placed to look like a
# hand-drawn map rather than a grid; the rules' layout (3 on top, Lézard/Main/Pied/Tortue in
# the middle, 3 at the bottom) is kept. Portrait, so that it stays readable on a phone.
_J = {
    "a": (26, 40), "b": (252, 16), "c": (506, 20), "d": (736, 36),
    "e": (12, 262), "f": (180, 282), "g": (258, 268), "h": (382, 252), "i": (506, 272),
    "j": (580, 286), "k": (752, 266),
    "l": (14, 598), "m": (178, 588), "n": (266, 614), "o": (378, 620), "p": (498, 610),
    "q": (584, 592), "r": (752, 602),
    "s": (30, 842), "t": (256, 852), "u": (500, 848), "v": (728, 834),
}

# Each area's junctions, clockwise.
_OUTLINE = {
    "kangaroo": "abgfe",
    "emu": "bcihg",
    "snake": "cdkji",
    "lizard": "efml",
    "hand": "fghonm",
    "foot": "hijqpo",
    "turtle": "jkrq",
    "echidna": "lmnts",
    "fish": "noput",
    "crocodile": "pqrvu",
}

# The coast: edges on the map's outside wobble more (an island on a desert background).
_COAST = {frozenset(e) for e in ("ab", "bc", "cd", "dk", "kr", "rv", "vu", "ut", "ts", "sl",
                                  "le", "ea")}


_MAX_BULGE = 36  # control-point offset; the curve strays about a third of it


def _wobble(p: str, q: str) -> float:
    """A fixed pseudo-random bulge for edge p-q, the same whichever way it is walked."""
    lo, hi = sorted((p, q))
    seed = (ord(lo) * 31 + ord(hi) * 17) % 13
    amount = 0.09 + 0.015 * (seed % 5)
    if frozenset((p, q)) in _COAST:
        amount *= 1.3
    return amount if seed % 2 else -amount


def _edge_controls(p: str, q: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two Bezier control points of border p->q (an S-curve across the straight line)."""
    lo, hi = sorted((p, q))
    (x0, y0), (x1, y1) = _J[lo], _J[hi]
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    nx, ny = -dy / length, dx / length  # unit normal
    # The bulge grows with the border's length up to a cap, so long borders do not eat into
    # the areas' contents.
    w = math.copysign(min(abs(_wobble(lo, hi)) * length, _MAX_BULGE), _wobble(lo, hi))
    c1 = (x0 + dx / 3 + nx * w, y0 + dy / 3 + ny * w)
    c2 = (x0 + 2 * dx / 3 - nx * w * 0.6, y0 + 2 * dy / 3 - ny * w * 0.6)
    return (c1, c2) if (lo, hi) == (p, q) else (c2, c1)


def _fmt(x: float, y: float) -> str:
    return f"{x:.0f},{y:.0f}"


def _ring_path(ring: str) -> str:
    """A closed path through junctions ``ring`` along their (curved) borders."""
    out = [f"M{_fmt(*_J[ring[0]])}"]
    for i, p in enumerate(ring):
        q = ring[(i + 1) % len(ring)]
        c1, c2 = _edge_controls(p, q)
        out.append(f"C{_fmt(*c1)} {_fmt(*c2)} {_fmt(*_J[q])}")
    return "".join(out) + "Z"


def area_path(area: str) -> str:
    """SVG path data of one area."""
    return _ring_path(_OUTLINE[area])


def coast_path() -> str:
    """The whole island's outline (for the shadow under the map)."""
    return _ring_path("abcdkrvutsle")


def shared_border(a: str, b: str) -> tuple[str, str] | None:
    """The junction pair two areas share (None when they are not neighbours)."""
    pa, pb = _OUTLINE[a], _OUTLINE[b]
    edges_a = {frozenset((pa[i], pa[(i + 1) % len(pa)])) for i in range(len(pa))}
    for i in range(len(pb)):
        e = frozenset((pb[i], pb[(i + 1) % len(pb)]))
        if e in edges_a:
            p, q = sorted(e)
            return p, q
    return None


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2


# Each area's content box (inside its polygon): header (totem + name) at the top, the face-up
# card at the top right, figures under the card, token stacks in the rest.
CONTENT = {
    "kangaroo": Box(40, 54, 206, 206),
    "emu": Box(266, 36, 232, 214),
    "snake": Box(516, 48, 214, 210),
    "lizard": Box(22, 290, 150, 294),
    "hand": Box(192, 280, 178, 322),
    "foot": Box(392, 282, 180, 318),
    "turtle": Box(588, 296, 148, 292),
    "echidna": Box(32, 610, 220, 222),
    "fish": Box(276, 632, 214, 206),
    "crocodile": Box(512, 618, 214, 210),
}

# Token-stack grid (one row per player present, one column per token type).
CHIP = 26          # the player's initial chip at the start of a row
CELL = 40          # one token-type cell (shape + count)
ROW = 38
ROW_W = CHIP + 3 * CELL + 2
CARD_W, CARD_H = 46, 64
HEADER = 34        # height of the name line


@dataclass(frozen=True)
class AreaLayout:
    header: tuple[float, float]   # baseline-left of the name (totem glyph before it)
    card: Box                     # the face-up card
    figures: tuple[float, float]  # bottom-centre of the figure slot (two figures side by side)
    grid: Box                     # where the token rows go


def layout(area: str) -> AreaLayout:
    """The name runs across the top. Wide areas then keep a column on the right for the card
    and the figures beside the token rows; narrow ones put the card and the figures in a band
    under the name and the token rows below."""
    box = CONTENT[area]
    card = Box(box.x + box.w - CARD_W, box.y + HEADER, CARD_W, CARD_H)
    if box.w >= ROW_W + CARD_W + 8:
        top = box.y + HEADER
        figures = (card.cx, card.y + card.h + 50)
    else:
        top = card.y + CARD_H + 8
        figures = (card.x - 34, card.y + CARD_H)
    return AreaLayout(header=(box.x + 32, box.y + 24), card=card, figures=figures,
                      grid=Box(box.x, top, ROW_W, box.y + box.h - top))


def row_height(area: str, rows: int) -> float:
    """Token rows shrink (never grow) so that ``rows`` fit in the area."""
    return min(ROW, layout(area).grid.h / max(rows, 1))


def check() -> list[str]:
    """Inconsistencies between this picture and the rules' adjacency (empty when right)."""
    problems = []
    for a in AREAS:
        for b in AREAS:
            if a < b and (shared_border(a, b) is not None) != (b in ADJACENT[a]):
                problems.append(f"{a}-{b}")
    return problems
