"""Parts of the page the worker sends as placeholders when the page already shows them
(rituels.app.parts), and the glue's way back (a redraw)."""

from rituels.app.browser import Host
from rituels.app.controller import PACE_KEY
from rituels.app.parts import PageParts
from rituels.viewkit import part


def page(a: str, b: str, inner: str = "x") -> str:
    return ('<div class="board">' + part("map", f'<svg class="m">{part("land", "<g>L</g>")}'
                                              f'<g>{a}</g></svg>')
            + part("side", f"<section>{b}{inner}</section>") + "</div>")


def test_the_first_markup_is_sent_whole_without_the_marks():
    parts = PageParts()
    sent = parts.markup(page("1", "2"))
    assert sent == ('<div class="board"><svg class="m" id="map"><g id="land">L</g><g>1</g></svg>'
                    '<section id="side">2x</section></div>')


def test_an_unchanged_part_becomes_a_placeholder_and_a_changed_one_is_sent_with_its_own():
    parts = PageParts()
    parts.markup(page("1", "2"))
    sent = parts.markup(page("1 moved", "2"))
    # The map changed: sent, but its unchanged drawing inside it is a placeholder; the side
    # did not change at all.
    assert sent == ('<div class="board"><svg class="m" id="map"><g id="land" data-kept></g>'
                    '<g>1 moved</g></svg><section id="side" data-kept></section></div>')
    # What the page shows now is what the next render is compared with.
    assert parts.markup(page("1 moved", "2")).count("data-kept") == 2   # map and side
    parts.forget()
    assert "data-kept" not in parts.markup(page("1", "3"))


def test_a_forgotten_page_gets_everything_again():
    parts = PageParts()
    parts.markup(page("1", "2"))
    parts.forget()
    assert "data-kept" not in parts.markup(page("1", "2"))


def test_a_part_drawn_twice_on_one_page_is_never_kept():
    twice = part("pic", "<svg>P</svg>") + part("pic", "<svg>P</svg>")
    parts = PageParts()
    parts.markup(twice)
    assert parts.markup(twice) == '<svg id="pic">P</svg><svg id="pic">P</svg>'


def test_a_part_that_vanished_and_came_back_is_sent_whole():
    parts = PageParts()
    parts.markup(page("1", "2"))
    parts.markup('<div class="board"></div>')
    assert "data-kept" not in parts.markup(page("1", "2"))


def whole(raw: str) -> str:
    """The markup without marks and without placeholders (what a page showing it holds)."""
    return PageParts().markup(raw)


def test_a_page_that_keeps_its_parts_shows_exactly_the_whole_render_all_game_long():
    """Four easy bots play Wongar through the worker's host. After every answer, the page
    (each placeholder standing for the element of its key that the page kept) is the whole
    markup of the screen, and most answers keep something."""
    host = Host({"storage": {PACE_KEY: "0"}, "lang": "fr", "hash": "#/"})
    host.answer()
    host.event({"kind": "hash", "hash": "#/new/wongar"})
    host.answer()
    fields = {"count": "4", **{f"seat-{i}-kind": "easy" for i in range(4)}}
    answer = host.guarded({"kind": "click", "data": {"cmd": "start", "form": fields}})
    kept = answers = 0
    shown = dict(host.parts.shown)
    for _ in range(150):
        answer = host.guarded({"kind": "tick"})
        if answer["html"] is None:
            continue
        answers += 1
        page_now = answer["html"]
        for key, raw in shown.items():
            placeholder = page_now.find(f' id="{key}" data-kept>')
            if placeholder >= 0:
                kept += 1
                start = page_now.rindex("<", 0, placeholder)
                end = page_now.index(">", page_now.index("</", placeholder)) + 1
                page_now = page_now[:start] + whole(raw_part(key, raw)) + page_now[end:]
        assert "data-kept" not in page_now
        assert page_now == whole(host.app.render())
        shown = dict(host.parts.shown)
    assert answers > 50 and kept > answers


def raw_part(key: str, raw: str) -> str:
    """A shown part's markup with its own marks back around it."""
    return f"<!--part:{key}-->{raw}<!--/part:{key}-->"


def test_the_host_sends_placeholders_only_once_the_page_is_morphed_and_redraws_on_request():
    host = Host({"storage": {PACE_KEY: "0"}, "lang": "fr", "hash": "#/rules/wongar"})
    first = host.answer()["html"]
    assert "<!--part:" not in first and "data-kept" not in first
    host.event({"kind": "hash", "hash": "#/new/wongar"})
    host.answer()
    host.event({"kind": "hash", "hash": "#/rules/wongar"})
    again = host.answer()["html"]
    assert "<!--part:" not in again
    redrawn = host.guarded({"kind": "redraw"})["html"]
    assert redrawn is not None and "data-kept" not in redrawn
