"""Wongar's pictures as SVG fragments: totems, tokens, figures, cards, the scorpion, the boomerang.

Every function returns markup placed at (x, y) with a size, drawn from a 40 x 40 design box, so
the map, the side panels, the help page and the thumbnail share one drawing of each thing.
Nothing here reads a game state.
"""

from __future__ import annotations

import math

from rituels.viewkit import attrs, esc

# Player colours (up to 5) and the text colour that reads on each.
PLAYER_FILL = ("#d23c2a", "#2f66c8", "#f0bd2c", "#2e9653", "#8b4cc0")
PLAYER_INK = ("#fff", "#fff", "#2b1d10", "#fff", "#fff")
INK = "#3a2414"          # outlines and totems
CREAM = "#fbf1dc"
ANCESTOR_FILL = "#6b3f22"
ELDER_FILL = "#ecd7a8"
SCORPION_FILL = "#f2c230"

AREA_FILL = {
    "kangaroo": "#e8b56c", "emu": "#dc9d72", "snake": "#d2bb7f", "lizard": "#dcc592",
    "hand": "#ecd6a6", "foot": "#e4c99a", "turtle": "#bcc38c", "echidna": "#d4a87c",
    "fish": "#aac6b6", "crocodile": "#c3b27c",
}


def _group(x: float, y: float, size: float, body: str, extra: str = "") -> str:
    """A 40x40 design drawn with its top-left at (x, y), scaled to ``size``."""
    k = size / 40
    return f'<g transform="translate({x:.1f} {y:.1f}) scale({k:.3f})"{extra}>{body}</g>'


# --- totems ------------------------------------------------------------------------------
def _echidna_spikes() -> str:
    lines = []
    for i in range(9):
        a = math.radians(200 + i * 17.5)
        x0, y0 = 20 + 12 * math.cos(a), 30 + 12 * math.sin(a)
        x1, y1 = 20 + 19 * math.cos(a), 30 + 19 * math.sin(a)
        lines.append(f"M{x0:.1f},{y0:.1f}L{x1:.1f},{y1:.1f}")
    return f'<path d="{"".join(lines)}" stroke-width="2.2" stroke-linecap="round"/>'


_TOTEM = {
    "hand": (
        '<rect x="10" y="18" width="20" height="19" rx="7"/>'
        '<rect x="10" y="6" width="4.6" height="17" rx="2.3"/>'
        '<rect x="15.3" y="2" width="4.6" height="20" rx="2.3"/>'
        '<rect x="20.6" y="3.5" width="4.6" height="19" rx="2.3"/>'
        '<rect x="25.9" y="7" width="4.4" height="16" rx="2.2"/>'
        '<rect x="3" y="19" width="4.6" height="14" rx="2.3" transform="rotate(-38 5 26)"/>'
        '<circle cx="20" cy="27" r="2.2" fill="#fbf1dc"/>'
    ),
    "foot": (
        '<path d="M13,18 C12,10 28,9 28,18 C28,26 25,28 25,33 C25,40 13,40 13,33 '
        'C13,28 14,25 13,18Z"/>'
        '<circle cx="13.5" cy="9" r="3.4"/><circle cx="19" cy="6" r="2.6"/>'
        '<circle cx="24" cy="6.5" r="2.3"/><circle cx="28" cy="9" r="2"/>'
        '<circle cx="31" cy="12.5" r="1.8"/>'
    ),
    "fish": (
        '<ellipse cx="17" cy="20" rx="14" ry="8.5"/><path d="M28,20 L39,11 L37,20 L39,29Z"/>'
        '<circle cx="9" cy="18" r="1.8" fill="#fbf1dc"/>'
        '<path d="M15,14 Q18,20 15,26 M20,13 Q23,20 20,27" fill="none" stroke="#fbf1dc" '
        'stroke-width="1.2"/>'
    ),
    "snake": (
        '<path d="M3,33 C9,20 15,37 21,24 S31,10 33,13" fill="none" stroke-width="5" '
        'stroke-linecap="round"/><ellipse cx="34.5" cy="12" rx="4.5" ry="3.2" '
        'transform="rotate(-20 34.5 12)"/><circle cx="35.5" cy="11" r="0.9" fill="#fbf1dc"/>'
        '<path d="M38,13 L40,15 M38,13 L40.5,12" stroke-width="0.9"/>'
    ),
    "turtle": (
        '<ellipse cx="8.5" cy="12" rx="4" ry="2.6" transform="rotate(-35 8.5 12)"/>'
        '<ellipse cx="31.5" cy="12" rx="4" ry="2.6" transform="rotate(35 31.5 12)"/>'
        '<ellipse cx="8.5" cy="31" rx="4" ry="2.6" transform="rotate(35 8.5 31)"/>'
        '<ellipse cx="31.5" cy="31" rx="4" ry="2.6" transform="rotate(-35 31.5 31)"/>'
        '<circle cx="20" cy="5" r="3.8"/><path d="M19,35 L20,39.5 L21,35Z"/>'
        '<ellipse cx="20" cy="21.5" rx="11" ry="13"/>'
        '<path d="M20,13 L25,17 L25,25 L20,29 L15,25 L15,17Z M20,8.5 V13 M25,17 L30,14 '
        'M25,25 L30,28 M20,29 V34.5 M15,25 L10,28 M15,17 L10,14" fill="none" '
        'stroke="#fbf1dc" stroke-width="1.1"/>'
    ),
    "lizard": (
        '<ellipse cx="20" cy="6" rx="3.4" ry="4.6"/><ellipse cx="20" cy="18" rx="4.2" ry="9"/>'
        '<path d="M20,26 C20,35 29,37 32,31 M17,13 L10,11 L8,6 M23,13 L30,11 L32,6 '
        'M17,23 L11,26 L9,31 M23,23 L29,26 L31,31" fill="none" stroke-width="2.6" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    "crocodile": (
        '<rect x="1" y="17.5" width="14" height="6" rx="3"/><ellipse cx="15" cy="20.5" '
        'rx="5" ry="5"/><ellipse cx="24" cy="20.5" rx="9" ry="6"/>'
        '<path d="M31,17.5 Q37,19 40,26 Q35,23 31,24Z"/>'
        '<path d="M18,15 L15.5,10 M18,26 L15.5,31 M28,15 L30.5,10 M28,26 L30.5,31" '
        'stroke-width="2.4" stroke-linecap="round"/>'
        '<circle cx="14" cy="18" r="1" fill="#fbf1dc"/>'
        '<path d="M19,20.5 H32" stroke="#fbf1dc" stroke-width="1" stroke-dasharray="1.5 1.5"/>'
    ),
    "kangaroo": (
        '<ellipse cx="18" cy="23" rx="8" ry="11.5" transform="rotate(-28 18 23)"/>'
        '<path d="M21,15 L26,8" stroke-width="4.5" stroke-linecap="round"/>'
        '<ellipse cx="28" cy="7.5" rx="5" ry="3.4" transform="rotate(15 28 7.5)"/>'
        '<path d="M25,5.5 L24,0.5 L27.5,4.5Z"/>'
        '<path d="M12,30 Q5,35 1,39.5" fill="none" stroke-width="3.5" stroke-linecap="round"/>'
        '<path d="M17,31 L23,38 L31,38.5" fill="none" stroke-width="3.4" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
        '<path d="M24,17 L29,21" stroke-width="2" stroke-linecap="round"/>'
        '<circle cx="29.5" cy="6.8" r="0.9" fill="#fbf1dc"/>'
    ),
    "emu": (
        '<ellipse cx="15" cy="20" rx="12" ry="8.5"/>'
        '<path d="M23,16 Q28,9 28,4" fill="none" stroke-width="3.6" stroke-linecap="round"/>'
        '<ellipse cx="29.5" cy="4" rx="3.5" ry="2.6"/><path d="M32,3.5 L37,5 L32,5.5Z"/>'
        '<path d="M13,27 L11,38 L7,39 M18,27 L21,38 L25,39" fill="none" stroke-width="2" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
        '<path d="M8,18 Q14,15 20,19 M7,22 Q13,19 19,23" fill="none" stroke="#fbf1dc" '
        'stroke-width="1"/>'
    ),
    "echidna": (
        _echidna_spikes()
        + '<path d="M4,31 Q6,16 21,15 Q34,15 36,28 L40,31 L35,32 Q22,35 4,31Z"/>'
        '<circle cx="32" cy="26.5" r="1" fill="#fbf1dc"/>'
        '<path d="M10,32 V36 M16,33 V37 M26,33 V37 M31,32 V36" stroke-width="2.4" '
        'stroke-linecap="round"/>'
    ),
}


def totem(area: str, x: float, y: float, size: float, fill: str = INK,
          opacity: float = 1.0) -> str:
    """The totem animal (or hand/foot) of an area."""
    op = f' opacity="{opacity:.2f}"' if opacity < 1 else ""
    return _group(x, y, size, _TOTEM[area], f' fill="{fill}" stroke="{fill}" stroke-width="0"'
                  f'{op} class="wg-totem"')


# --- tokens ------------------------------------------------------------------------------
def token(kind: str, cx: float, cy: float, size: float, fill: str, ink: str = INK,
          label: str = "") -> str:
    """One Tschurunga centred on (cx, cy): disc = circle, cube = square, cylinder = capsule.
    ``label`` (a count) is written inside in ``ink``."""
    s = size
    if kind == "disc":
        shape = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{s / 2:.1f}"/>'
    elif kind == "cube":
        h = s * 0.88
        shape = (f'<rect x="{cx - h / 2:.1f}" y="{cy - h / 2:.1f}" width="{h:.1f}" '
                 f'height="{h:.1f}" rx="{s * 0.08:.1f}"/>')
    else:  # cylinder: an upright capsule, visibly narrower than the others
        w = s * 0.66
        shape = (f'<rect x="{cx - w / 2:.1f}" y="{cy - s / 2:.1f}" width="{w:.1f}" '
                 f'height="{s:.1f}" rx="{w / 2:.1f}"/>')
    text = ""
    if label:
        fs = s * (0.66 if len(label) < 2 else 0.52)
        text = (f'<text x="{cx:.1f}" y="{cy + fs * 0.35:.1f}" font-size="{fs:.1f}" '
                f'fill="{ink}" class="wg-count">{esc(label)}</text>')
    width = max(1.2, s / 18)
    return (f'<g class="wg-token" fill="{fill}" stroke="{INK}" stroke-width="{width:.1f}">'
            f'{shape}{text}</g>')


def token_icon(kind: str, x: float, y: float, size: float, fill: str = CREAM) -> str:
    """A neutral token picture for cards and buttons (top-left at x, y)."""
    return token(kind, x + size / 2, y + size / 2, size * 0.8, fill)


# --- figures, scorpion, boomerang --------------------------------------------------------
def figure(kind: str, cx: float, bottom: float, height: float) -> str:
    """The ancestor (dark, a robed standing figure) or the elder (light, a cone with a staff)."""
    k = height / 40
    if kind == "ancestor":
        body = ('<path d="M13,40 L14,20 Q14,15 20,15 Q26,15 26,20 L27,40Z"/>'
                '<circle cx="20" cy="9" r="6"/>'
                '<path d="M16,24 H24 M16,29 H24 M16,34 H24" stroke="#e8c9a0" '
                'stroke-width="1.3" fill="none"/>')
        fill = ANCESTOR_FILL
    else:
        body = ('<path d="M29,6 L30,40" stroke-width="2.4" fill="none" stroke-linecap="round"/>'
                '<path d="M10,40 L20,16 L28,40Z"/><circle cx="19.5" cy="11" r="5.5"/>'
                '<path d="M14,31 Q19,28 24,31" fill="none" stroke-width="1.2"/>')
        fill = ELDER_FILL
    return (f'<g class="wg-figure wg-{kind}" transform="translate({cx - 20 * k:.1f} '
            f'{bottom - 40 * k:.1f}) scale({k:.3f})" fill="{fill}" stroke="{INK}" '
            f'stroke-width="1.6" stroke-linejoin="round">{body}</g>')


_SCORPION = (
    '<path d="M20,30 Q20,39 28,37 Q35,34 32,27" fill="none" stroke-width="3.2" '
    'stroke-linecap="round"/><path d="M30,26 L35,24 L33,29Z"/>'
    '<path d="M15,17 L9,14 M15,21 L8,21 M15,25 L9,28 M25,17 L31,14 M25,21 L32,21 M25,25 L31,28"'
    ' fill="none" stroke-width="1.6" stroke-linecap="round"/>'
    '<path d="M16,12 Q9,9 10,3 M24,12 Q31,9 30,3" fill="none" stroke-width="2.4" '
    'stroke-linecap="round"/><circle cx="10" cy="3.5" r="2.6"/><circle cx="30" cy="3.5" r="2.6"/>'
    '<ellipse cx="20" cy="22" rx="5.5" ry="8.5"/><circle cx="20" cy="12.5" r="3.8"/>'
)


def scorpion(x: float, y: float, size: float, fill: str = SCORPION_FILL) -> str:
    return _group(x, y, size, _SCORPION, f' fill="{fill}" stroke="{INK}" stroke-width="1.2"'
                  ' class="wg-scorpion"')


def boomerang(x: float, y: float, size: float) -> str:
    body = ('<path d="M3,31 Q13,4 22,6 Q25,7 22,11 Q15,16 13,30 Q11,36 3,31Z '
            'M22,6 Q33,10 37,31 Q38,36 33,34 Q28,20 20,12Z"/>')
    return _group(x, y, size, body, f' fill="#b07a3c" stroke="{INK}" stroke-width="1.4" '
                  'class="wg-boomerang"')


# --- cards -------------------------------------------------------------------------------
def card_face(kind: str, x: float, y: float, w: float, h: float) -> str:
    """The picture on an area card of ``kind`` (inside the given box)."""
    s = min(w, h)
    cx, cy = x + w / 2, y + h / 2
    if kind in ("disc", "cube", "cylinder"):
        return token(kind, cx, cy, s * 0.62, CREAM)
    if kind == "triple":
        d = s * 0.3
        return "".join(token(k, cx + dx * d, cy + dy * d, s * 0.34, CREAM)
                       for k, dx, dy in (("disc", -0.9, -0.8), ("cube", 0.9, -0.8),
                                         ("cylinder", 0, 0.9)))
    if kind == "scorpion":
        return scorpion(cx - s * 0.4, cy - s * 0.4, s * 0.8, "#c43b28")
    if kind == "four":
        cw, ch = s * 0.3, s * 0.42
        out = [f'<rect x="{cx - cw / 2 + (i - 1.5) * s * 0.12:.1f}" '
               f'y="{cy - ch / 2 + (i - 1.5) * 2:.1f}" width="{cw:.1f}" height="{ch:.1f}" '
               'rx="2" class="wg-mini-ritual"/>' for i in range(4)]
        # Four small cards, no "4": a digit this small could not be read on a phone (the
        # card's name says it).
        return "".join(out)
    if kind == "ancestor_elder":
        return (figure("ancestor", cx - s * 0.18, cy + s * 0.38, s * 0.72)
                + figure("elder", cx + s * 0.2, cy + s * 0.38, s * 0.72))
    return figure(kind, cx, cy + s * 0.42, s * 0.86)


def area_card(kind: str | None, x: float, y: float, w: float, h: float,
              css: str = "") -> str:
    """An area card (face up with its picture, or face down when ``kind`` is None)."""
    cls = "wg-card" + (" wg-card-back" if kind is None else f" wg-card-{kind}") + (
        f" {css}" if css else "")
    r = w * 0.12
    body = f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{r:.1f}"/>'
    if kind is None:
        body += (f'<rect x="{x + 4:.1f}" y="{y + 4:.1f}" width="{w - 8:.1f}" '
                 f'height="{h - 8:.1f}" rx="{r * 0.6:.1f}" class="wg-card-inner"/>')
    else:
        body += card_face(kind, x + 3, y + 3, w - 6, h - 6)
    return f'<g{attrs(class_=cls)}>{body}</g>'


def ritual_face(kind: str, x: float, y: float, w: float, h: float) -> str:
    """The picture on a ritual card."""
    s = min(w, h)
    cx, cy = x + w / 2, y + h / 2
    if kind == "double":
        out = []
        for i, k in enumerate(("disc", "cube", "cylinder")):
            yy = y + h * (0.2 + 0.3 * i)
            out.append(token(k, cx - s * 0.2, yy, s * 0.3, CREAM))
            out.append(token(k, cx + s * 0.2, yy, s * 0.3, CREAM))
        return "".join(out)
    if kind == "scorpion":
        return scorpion(cx - s * 0.42, cy - s * 0.42, s * 0.84)
    return token(kind, cx, cy, s * 0.6, CREAM)


def ritual_card(kind: str | None, x: float, y: float, w: float, h: float) -> str:
    """A ritual card (big card, dark back) face up or face down (``kind`` None)."""
    cls = "wg-ritual" + (" wg-ritual-back" if kind is None else f" wg-ritual-{kind}")
    body = f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{w * 0.1:.1f}"/>'
    if kind is None:
        body += _dots_ring(x + w / 2, y + h / 2, min(w, h) * 0.3)
    else:
        body += ritual_face(kind, x + 4, y + 4, w - 8, h - 8)
    return f'<g class="{cls}">{body}</g>'


def _dots_ring(cx: float, cy: float, r: float, n: int = 12) -> str:
    """Concentric dot circles (the back of a ritual card)."""
    out = []
    for ring, count in ((r, n), (r * 0.55, n // 2)):
        for i in range(count):
            a = 2 * math.pi * i / count
            out.append(f'<circle cx="{cx + ring * math.cos(a):.1f}" '
                       f'cy="{cy + ring * math.sin(a):.1f}" r="{max(1.0, r * 0.09):.1f}"/>')
    out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.2:.1f}"/>')
    return f'<g class="wg-dots">{"".join(out)}</g>'


def player_chip(p: int, mark: str, x: float, y: float, size: float) -> str:
    return (f'<g class="wg-chip"><rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" '
            f'height="{size:.1f}" rx="{size * 0.3:.1f}" fill="{PLAYER_FILL[p]}" '
            f'stroke="{INK}" stroke-width="1.5"/><text x="{x + size / 2:.1f}" '
            f'y="{y + size * 0.74:.1f}" font-size="{size * 0.74:.1f}" fill="{PLAYER_INK[p]}"'
            f' class="wg-chip-text">{esc(mark)}</text></g>')


def icon(body: str, label: str = "", w: int = 40, h: int = 40) -> str:
    """A small inline picture; labelled ones are images for screen readers (and show their
    label as a tooltip), others are decoration."""
    if label:
        body = f"<title>{esc(label)}</title>{body}"
    return svg(w, h, body, css="wg-icon", label=label, role="img" if label else "presentation")


def svg(view_w: float, view_h: float, body: str, css: str = "", label: str = "",
        role: str = "img") -> str:
    """A standalone SVG element (scaled by its viewBox)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {view_w:.0f} {view_h:.0f}"'
            f'{attrs(class_=css or None, role=role, aria_label=label or None)}>{body}</svg>')
