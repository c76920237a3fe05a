"""The app icons, drawn in code and written as PNG with the stdlib (zlib + struct).

The picture is the app's logo (screens/layout.py: a ring, a triangle and a dot) in gold on
dark green, drawn with 4x4 supersampling so the edges are smooth at 192 and 512 pixels. It
keeps inside the central 80 % so that the "maskable" crop of Android launchers never cuts it.
"""

from __future__ import annotations

import struct
import zlib

BACKGROUND = (0x1F, 0x3A, 0x2E)
INK = (0xD9, 0xA4, 0x41)
THEME_COLOR = "#1f3a2e"
SIZES = (192, 512)
# The logo in its own 32x32 coordinates (the SVG in screens/layout.py).
LOGO_RING = (16.0, 16.0, 14.0)
LOGO_TRIANGLE = ((16.0, 4.0), (26.0, 22.0), (6.0, 22.0))
LOGO_DOT = (16.0, 17.0, 3.0)
LOGO_STROKE = 2.0
SCALE = 0.8  # the logo's 32 units span 80 % of the icon


def _segment_distance(p, a, b) -> float:
    (px, py_), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    k = max(0.0, min(1.0, ((px - ax) * dx + (py_ - ay) * dy) / (dx * dx + dy * dy)))
    return ((px - ax - k * dx) ** 2 + (py_ - ay - k * dy) ** 2) ** 0.5


def _colour_at(x: float, y: float) -> tuple[int, int, int]:
    """The colour of the point (x, y) of the unit square."""
    lx, ly = 16 + (x - 0.5) * 32 / SCALE, 16 + (y - 0.5) * 32 / SCALE  # in logo units
    half = LOGO_STROKE / 2
    cx, cy, r = LOGO_RING
    if abs(((lx - cx) ** 2 + (ly - cy) ** 2) ** 0.5 - r) <= half:
        return INK
    corners = LOGO_TRIANGLE
    if any(_segment_distance((lx, ly), corners[i], corners[(i + 1) % 3]) <= half
           for i in range(3)):
        return INK
    cx, cy, r = LOGO_DOT
    if (lx - cx) ** 2 + (ly - cy) ** 2 <= r * r:
        return INK
    return BACKGROUND


def pixels(size: int) -> list[bytes]:
    """Rows of RGB bytes, each pixel the mean of 4x4 samples."""
    steps = [(i + 0.5) / 4 for i in range(4)]
    rows = []
    for py_ in range(size):
        row = bytearray()
        for px in range(size):
            acc = [0, 0, 0]
            for sy in steps:
                for sx in steps:
                    c = _colour_at((px + sx) / size, (py_ + sy) / size)
                    acc[0] += c[0]
                    acc[1] += c[1]
                    acc[2] += c[2]
            row.extend(v // 16 for v in acc)
        rows.append(bytes(row))
    return rows


def png(size: int) -> bytes:
    """A truecolour PNG of the icon at ``size`` x ``size``."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    raw = b"".join(b"\x00" + row for row in pixels(size))  # filter type 0 on every row
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
