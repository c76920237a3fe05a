"""Parts of the page the worker need not send again (views mark them with ``viewkit.part``).

The glue morphs every answer's markup into the page; a Wongar table is about 90 kB, and most of
it (the map's drawing, the areas nobody touched, the panels) is the same from one move to the
next. :class:`PageParts` remembers the markup of each part the page shows; a part whose new
markup is exactly that is sent as an empty placeholder ``<tag id="key" data-kept></tag>``, and
the page's morph keeps its element as it is (boot.js: ``beforeNodeMorphed``). So the main
thread neither parses nor compares it. If a placeholder ever lands in the page (its element was
not there), the glue asks for a ``redraw``: :meth:`forget`, then everything is sent whole.
"""

from __future__ import annotations

from rituels.viewkit import PART_CLOSE, PART_END, PART_OPEN


class PageParts:
    def __init__(self) -> None:
        self.shown: dict[str, str] = {}   # part key -> its markup on the page now

    def forget(self) -> None:
        """The page's parts are unknown (a redraw, or the page was replaced): send all."""
        self.shown = {}

    def markup(self, html: str) -> str:
        """The markup to send for ``html`` (the marks removed), each part the page shows exactly
        so as a placeholder (none before the first markup: it replaces the first paint).
        Afterwards the page shows the parts of ``html``."""
        found: dict[str, str] = {}
        twice: set[str] = set()
        _collect(html, 0, len(html), found, twice)
        # A key used twice (the same picture twice on a rules page) is never kept: the page's
        # element for it would be ambiguous.
        shown = self.shown
        same = {key for key, text in found.items() if key not in twice and shown.get(key) == text}
        out: list[str] = []
        _emit(html, 0, len(html), same, out)
        self.shown = {key: text for key, text in found.items() if key not in twice}
        return "".join(out)


def _marks(text: str, at: int, end: int) -> tuple[int, str, int, int, int] | None:
    """The next part in text[at:end]: (its opening mark, key, start and end of its markup, end
    of its closing mark), or None."""
    j = text.find(PART_OPEN, at, end)
    if j < 0:
        return None
    k = text.index(PART_END, j)
    key = text[j + len(PART_OPEN):k]
    close = f"{PART_CLOSE}{key}{PART_END}"
    c = text.index(close, k, end)
    return j, key, k + len(PART_END), c, c + len(close)


def _collect(text: str, at: int, end: int, found: dict[str, str], twice: set[str]) -> None:
    while (m := _marks(text, at, end)) is not None:
        _, key, start, stop, at = m
        if key in found:
            twice.add(key)
        found[key] = text[start:stop]
        _collect(text, start, stop, found, twice)


def _emit(text: str, at: int, end: int, same: set[str], out: list[str]) -> None:
    while (m := _marks(text, at, end)) is not None:
        j, key, start, stop, after = m
        out.append(text[at:j])
        if key in same:
            tag = text[start + 1:text.index(" ", start)]   # part() put ' id=' in the tag
            out.append(f'<{tag} id="{key}" data-kept></{tag}>')
        else:
            _emit(text, start, stop, same, out)
        at = after
    out.append(text[at:end])
