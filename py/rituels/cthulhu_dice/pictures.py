"""SVG pictures of Cthulhu Dice: the die's faces, the die, sanity tokens and Cthulhu.

Shared by the table view, the help page and the thumbnail, so the rules show the very faces
players see on the table. Each face has its own shape (never colour alone). Pictures are drawn
in a 100 x 100 box and placed with a transform; all text passed in is escaped by the caller.
"""

from __future__ import annotations

from rituels.cthulhu_dice.rules import CTHULHU_FACE, ELDER, EYE, TENTACLE, YELLOW

INK = "#1d1a16"
TOKEN_FILL, TOKEN_EDGE = "#e9c46a", "#7a5a08"
CTHULHU_GREEN, CTHULHU_DARK = "#3f8f5a", "#1f5234"

_FACE_ART = {
    # The Yellow Sign: three hooked arms turning around a centre.
    YELLOW: (
        '<circle cx="50" cy="50" r="44" fill="#3b3222"/>'
        '<g fill="none" stroke="#f2c230" stroke-width="7" stroke-linecap="round">'
        + "".join(f'<path transform="rotate({a} 50 50)" '
                  'd="M50 50 C 50 34, 60 20, 73 22 C 83 24, 83 37, 73 38"/>'
                  for a in (0, 120, 240))
        + '</g><circle cx="50" cy="50" r="6" fill="#f2c230"/>'
    ),
    # A curling tentacle with suckers.
    TENTACLE: (
        '<path d="M28 90 C 24 58, 70 66, 66 36 C 63 16, 40 18, 44 34" fill="none" '
        'stroke="#2f7d4a" stroke-width="13" stroke-linecap="round"/>'
        '<g fill="#c9e7c0"><circle cx="35" cy="70" r="3"/><circle cx="52" cy="60" r="3"/>'
        '<circle cx="63" cy="47" r="3"/><circle cx="60" cy="30" r="3"/></g>'
    ),
    # The Elder Sign: a five-pointed star with a flaming eye in its heart.
    ELDER: (
        '<polygon points="50,8 61,38 93,38 67,57 77,89 50,70 23,89 33,57 7,38 39,38" '
        'fill="#d7ecf5" stroke="#2b6f8f" stroke-width="5" stroke-linejoin="round"/>'
        '<path d="M50 40 C 58 48, 58 56, 50 62 C 42 56, 42 48, 50 40 Z" fill="#e0762b"/>'
    ),
    # Cthulhu himself: a head with glowing eyes and hanging tentacles.
    CTHULHU_FACE: (
        f'<ellipse cx="50" cy="38" rx="30" ry="27" fill="{CTHULHU_GREEN}" '
        f'stroke="{CTHULHU_DARK}" stroke-width="4"/>'
        '<circle cx="39" cy="36" r="5" fill="#f4e04d"/><circle cx="61" cy="36" r="5" '
        'fill="#f4e04d"/>'
        f'<g fill="none" stroke="{CTHULHU_GREEN}" stroke-width="7" stroke-linecap="round">'
        '<path d="M34 58 C 30 72, 38 78, 30 90"/><path d="M45 62 C 44 76, 50 80, 45 92"/>'
        '<path d="M56 62 C 57 76, 50 80, 56 92"/><path d="M66 58 C 70 72, 62 78, 70 90"/>'
        '</g>'
    ),
    # The Eye: an open eye.
    EYE: (
        '<path d="M8 50 Q 50 8 92 50 Q 50 92 8 50 Z" fill="#fbf6ea" stroke="#5b2a86" '
        'stroke-width="6" stroke-linejoin="round"/>'
        '<circle cx="50" cy="50" r="17" fill="#8e44ad"/><circle cx="50" cy="50" r="7" '
        f'fill="{INK}"/>'
    ),
}


def face(letter: str, x: float, y: float, size: float) -> str:
    """The picture of one face (``Y T E C O``) in a ``size`` box whose top-left is (x, y)."""
    return (f'<g transform="translate({x:g} {y:g}) scale({size / 100:g})" aria-hidden="true">'
            f'{_FACE_ART[letter]}</g>')


def die(letter: str, x: float, y: float, size: float, cls: str = "cd-die") -> str:
    """The die showing ``letter`` (or blank when ""), a rounded square centred on (x, y)."""
    half = size / 2
    art = face(letter, x - half * 0.8, y - half * 0.8, size * 0.8) if letter else ""
    return (f'<g class="{cls}">'
            f'<rect x="{x - half:g}" y="{y - half:g}" width="{size:g}" height="{size:g}" '
            f'rx="{size * 0.18:g}" fill="#f6efdd" stroke="{INK}" stroke-width="2.5"/>'
            f'{art}</g>')


def face_icon(letter: str, size: int = 40) -> str:
    """A stand-alone small SVG of one face (buttons, help page), always next to its name in
    text, so hidden from assistive tools."""
    return (f'<svg class="cd-face" viewBox="0 0 100 100" width="{size}" height="{size}" '
            f'aria-hidden="true">{_FACE_ART[letter]}</svg>')


def token(x: float, y: float, r: float = 4.5) -> str:
    """One sanity token: a gold disc with a spiral-like eye."""
    return (f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{TOKEN_FILL}" stroke="{TOKEN_EDGE}" '
            f'stroke-width="1"/><circle cx="{x:g}" cy="{y:g}" r="{r * 0.35:g}" '
            f'fill="{TOKEN_EDGE}"/>')


def token_grid(n: int, cx: float, top: float, per_row: int = 6, most: int = 12,
               r: float = 4.5) -> str:
    """Up to ``most`` tokens in centred rows (the exact number is written next to them)."""
    shown = min(n, most)
    step = r * 2.4
    out = []
    for i in range(shown):
        row, col = divmod(i, per_row)
        in_row = min(per_row, shown - row * per_row)
        x = cx + (col - (in_row - 1) / 2) * step
        out.append(token(x, top + r + row * step, r))
    return "".join(out)


def cthulhu_head(cx: float, cy: float, size: float) -> str:
    """Cthulhu's portrait (the Cthulhu face without its die), centred on (cx, cy)."""
    return face(CTHULHU_FACE, cx - size / 2, cy - size / 2, size)
