"""A choice drawn on a board: the review's move played and better move, the retry's answer
and the coach's advice all use these marks (docs/analysis.md, "Marks on the board").

Each game's ``marks.marks(state, action)`` (pure) says where an action is on its board: a
``ring`` round every element whose ``data-action`` (or ``data-select``, the first step of a
multi-step choice) is ``target``, or an ``arrow`` (SVG path data in the board's own
coordinates) drawn into the board's ``<svg class="<target>">``. :func:`draw` puts them on a
board drawn with its clickables (``ctx.interactive``); two roles, ``played`` and ``best``,
have two looks (web/app.css: a dashed outline, a solid ring and arrow in another colour).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rituels.viewkit import esc

ROLES = ("played", "best")


@dataclass(frozen=True)
class Mark:
    kind: str          # "ring" or "arrow"
    target: str        # ring: a data-action / data-select value; arrow: the board svg's class
    path: str = ""     # arrow: SVG path data of its line
    head: str = ""     # arrow: SVG path data of its head (filled)


def _ring(markup: str, value: str, cls: str) -> tuple[str, bool]:
    """``cls`` added to every element whose data-action or data-select is ``value``."""
    wanted = re.compile(r'data-(?:action|select)="' + re.escape(esc(value)) + '"')
    out, last, found = [], 0, False
    for m in wanted.finditer(markup):
        start = markup.rfind("<", 0, m.start())
        end = markup.find(">", m.end())
        if start < last or end < 0:
            continue
        tag = markup[start:end]
        old = re.search(r'\sclass="([^"]*)"', tag)
        tag = (tag[:old.start()] + f' class="{old.group(1)} {cls}"' + tag[old.end():] if old
               else tag + f' class="{cls}"')
        out.append(markup[last:start] + tag)
        last, found = end, True
    out.append(markup[last:])
    return "".join(out), found


def _arrow(markup: str, svg_class: str, mark: Mark, cls: str) -> tuple[str, bool]:
    """The arrow drawn last in the board's svg (above the pieces; it takes no clicks)."""
    m = re.search(r'<svg class="' + re.escape(svg_class) + '"', markup)
    if m is None:
        return markup, False
    depth, pos = 0, m.start()
    for tag in re.finditer(r"<(/?)svg\b", markup[pos:]):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            at = pos + tag.start()
            drawn = (f'<g class="mark-arrow {cls}" aria-hidden="true">'
                     f'<path d="{esc(mark.path)}" class="mark-line"/>'
                     f'<path d="{esc(mark.head)}" class="mark-head"/></g>')
            return markup[:at] + drawn + markup[at:], True
    return markup, False


def draw(markup: str, **roles: list[Mark]) -> str:
    """``markup`` with each role's marks (``played=[...]``, ``best=[...]``) drawn on it."""
    for role in ROLES:
        for mark in roles.get(role) or ():
            cls = f"mark mark-{role}"
            if mark.kind == "arrow":
                markup, _ = _arrow(markup, mark.target, mark, cls)
            else:
                markup, _ = _ring(markup, mark.target, cls)
    return markup


_ACTION = re.compile(r'data-(action|select)="([^"]*)"')


def inert(markup: str) -> str:
    """A board for looking only: its clickables keep their look but play nothing."""
    return _ACTION.sub(r'data-shown="\2"', markup)
