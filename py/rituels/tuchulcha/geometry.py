"""Where everything sits on Tuchulcha's drawn board (pure numbers, no markup).

The loop of stones is a large circle around Velthumena, numbered clockwise from the top, as big
as the square picture allows so a phone screen still shows readable pawns. Each temple stands
just inside the loop, a little before its entry stone (counter-clockwise), joined to it by a
trail of pebbles in its colour; another trail leads from the colour's last stone in to the
altar. The forest, Tuchulcha's sanctuary and Lasa's star fill the corners outside the circle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from rituels.tuchulcha.board import SIDES, Side

SIZE = 1000                      # the SVG viewBox is SIZE x SIZE
CENTRE = SIZE / 2
LOOP_RADIUS = 436                # circle through the stones' centres
TEMPLE_RADIUS = 312              # circle through the temples' centres
TEMPLE_SHIFT = 1.15              # temples sit this many stone spacings before their entry
ALTAR_R = 120                    # Velthumena's disc
PEBBLE_STEP = 26                 # spacing of the coloured pebbles on the trails
CORNER = 156                     # side of the square corner areas

Point = tuple[float, float]


@dataclass(frozen=True)
class Area:
    """A rectangle of the picture (corner areas: forest, sanctuary, star)."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Layout:
    side: Side
    stones: tuple[Point, ...]        # stone centre, by stone number
    normals: tuple[Point, ...]       # unit vector pointing out of the loop, by stone number
    stone_r: float
    temples: tuple[Point, ...]       # temple centre, by colour
    temple_pawns: tuple[Point, ...]  # where a temple's waiting pawns stand, by colour
    temple_badges: tuple[Point, ...]  # where a temple's role badge goes, by colour
    entry_trails: tuple[tuple[Point, ...], ...]  # pebbles temple -> entry stone, by colour
    exit_trails: tuple[tuple[Point, ...], ...]   # pebbles last stone -> Velthumena, by colour
    altar_slots: tuple[Point, ...]   # where each colour's arrivals gather on the altar
    areas: dict[str, Area]

    def inward(self, stone: int, distance: float) -> Point:
        """A point ``distance`` inside the loop from a stone (where its pawns stand)."""
        (x, y), (nx, ny) = self.stones[stone], self.normals[stone]
        return (x - nx * distance, y - ny * distance)

    def outward(self, stone: int, distance: float) -> Point:
        return self.inward(stone, -distance)


def polar(radius: float, angle: float) -> Point:
    """Angle 0 is the top; angles grow clockwise on screen (SVG's y axis points down)."""
    return (CENTRE + radius * math.sin(angle), CENTRE - radius * math.cos(angle))


def _trail(start: Point, end: Point, trim_start: float, trim_end: float) -> tuple[Point, ...]:
    """Evenly spaced pebbles on the segment start->end, leaving a margin at both ends."""
    length = math.dist(start, end)
    usable = length - trim_start - trim_end
    if usable <= 0:
        return ()
    n = max(1, int(usable // PEBBLE_STEP) + 1)
    step = usable / (n - 1) if n > 1 else 0
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    return tuple(
        (start[0] + ux * (trim_start + i * step), start[1] + uy * (trim_start + i * step))
        for i in range(n)
    )


def _temple_angle(entry: float, step: float, exits: list[float]) -> float:
    """Beside its entry stone, on the side away from the exit trails (side A's exits follow
    an entry, side B's precede it), so a temple never sits on a trail."""
    def clearance(a: float) -> float:
        return min(abs(math.remainder(a - x, 2 * math.pi)) for x in exits)
    return max((entry - TEMPLE_SHIFT * step, entry + TEMPLE_SHIFT * step), key=clearance)


def _corner_areas() -> dict[str, Area]:
    margin = 8
    far = SIZE - margin - CORNER
    return {
        "forest": Area(margin, margin, CORNER, CORNER),
        "sanctuary": Area(far, margin, CORNER, CORNER),
        "star": Area(far, far, CORNER, CORNER),
        "legend": Area(margin, far, CORNER, CORNER),
    }


@lru_cache(maxsize=None)
def layout(side_name: str) -> Layout:
    side = SIDES[side_name]
    n = side.loop
    step = 2 * math.pi / n
    angles = [k * step for k in range(n)]
    stones = tuple(polar(LOOP_RADIUS, a) for a in angles)
    normals = tuple((math.sin(a), -math.cos(a)) for a in angles)
    stone_r = min(32.0, 0.44 * LOOP_RADIUS * step)
    centre = (CENTRE, CENTRE)

    exits = [side.stone_at(c, side.last_step) for c in range(side.temples)]
    temples, pawns, badges, entry_trails, exit_trails, slots = [], [], [], [], [], []
    for colour, entry in enumerate(side.entries):
        a = _temple_angle(angles[entry], step, [angles[x] for x in exits])
        temple = polar(TEMPLE_RADIUS, a)
        temples.append(temple)
        pawns.append(polar(TEMPLE_RADIUS - 74, a))
        away = math.copysign(78 / TEMPLE_RADIUS, math.remainder(a - angles[entry], 2 * math.pi))
        badges.append(polar(TEMPLE_RADIUS, a + away))
        entry_trails.append(_trail(temple, stones[entry], 40, stone_r + 4))
        last = side.stone_at(colour, side.last_step)
        exit_trails.append(_trail(stones[last], centre, stone_r * 2.2 + 16, ALTAR_R + 12))
        slots.append(polar(ALTAR_R - 32, angles[last]))

    return Layout(
        side=side,
        stones=stones,
        normals=normals,
        stone_r=stone_r,
        temples=tuple(temples),
        temple_pawns=tuple(pawns),
        temple_badges=tuple(badges),
        entry_trails=tuple(entry_trails),
        exit_trails=tuple(exit_trails),
        altar_slots=tuple(slots),
        areas=_corner_areas(),
    )
