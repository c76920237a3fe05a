"""A player named like an HTML injection shows as text on every screen, never as markup."""

import importlib.util

import pytest
from hypothesis import given, strategies as st

from rituels.app.controller import App
from rituels.app.storage import MemoryStorage
from rituels.screens import home, play, rules

EVIL = "<img src=x onerror=alert(1)>"
ESCAPED = "&lt;img src=x onerror=alert(1)&gt;"


def assert_safe(html):
    assert EVIL not in html and "<img" not in html
    assert ESCAPED in html


def test_fake_game_screens_escape_names(fake_game):
    from apphelpers import form_for, run_timers
    app = App(MemoryStorage(), "", pace_s=0)
    app.navigate("#/new/fake-race")
    form = form_for(app, **{"seat-0-name": EVIL, "seat-1-kind": "human", "seat-1-name": EVIL + "2"})
    app.click({"cmd": "start", "form": form})
    assert_safe(app.render())                 # pass-the-device screen (button "I am ...")
    app.click({"cmd": "reveal"})
    assert_safe(app.render())                 # board, status, log
    s = app.session
    while not s.state.is_terminal():
        if s.needs_handover():
            app.click({"cmd": "reveal"})
        app.click({"select": "pick"})
        app.click({"action": "go2"})
        run_timers(app)
    assert_safe(app.render())                 # end panel with the winners' names
    app.navigate("#/new/fake-race")
    app.change({"form": form_for(app, **{"seat-0-name": EVIL})})
    html = app.render()
    assert 'value="&lt;img src=x onerror=alert(1)&gt;"' in html and EVIL not in html


def test_home_lists_unfinished_games_escaped(fake_game):
    from apphelpers import form_for
    storage = MemoryStorage()
    app = App(storage, "", pace_s=0)
    app.navigate("#/new/fake-race")
    app.click({"cmd": "start", "form": form_for(app, **{"seat-0-name": EVIL})})
    app.navigate("#/")
    assert_safe(app.render())


def test_broken_save_reason_is_escaped():
    html = play.render_broken("fr", save_id='"><script>', reason="<b>bad</b>")
    assert "<script>" not in html and "<b>" not in html and "&lt;b&gt;bad" in html


@pytest.mark.skipif(importlib.util.find_spec("rituels.cthulhu_dice.view") is None,
                    reason="Cthulhu Dice's view is not written yet")
def test_cthulhu_dice_screens_escape_names():
    from apphelpers import form_for
    app = App(MemoryStorage(), "", pace_s=0)
    app.navigate("#/new/cthulhu-dice")
    app.click({"cmd": "start", "form": form_for(app, **{"seat-0-name": EVIL})})
    assert_safe(app.render())
    s = app.session
    while not s.state.is_terminal():
        if s.human_to_roll():
            app.click({"cmd": "roll"})
        elif s.human_to_decide():
            app.click({"action": s.state.action_to_str(s.state.legal_actions()[-1])})
        while any(e["type"] == "timer" for e in app.take_effects()):
            app.tick()
    assert_safe(app.render())


def test_first_paint_is_the_home_screen_disabled():
    for lang in ("fr", "en"):
        html = home.first_paint(lang)
        assert 'class="loading"' in html and 'aria-disabled="true"' in html
        assert ' href="#/new/' not in html      # nothing clickable before Python is live...
        assert ' data-href="#/new/' in html     # ...but boot.js opens a tapped route then
        assert 'disabled' in html.split('class="lang-switch"')[1]
        live = home.render(lang, saves=[])
        # the same cards as the live screen (only links and the loading line differ)
        assert html.count('class="card"') == live.count('class="card"') == 3


def test_rules_screen_without_a_page_says_so():
    html = rules.render("en", "wongar", None)
    assert "not available" in html and 'href="#/new/wongar"' in html


@given(st.text())
def test_esc_escapes_exactly_as_html_escape(text):
    # viewkit.esc avoids importing the html package at start-up; it must stay html.escape.
    import html

    from rituels.viewkit import esc
    assert esc(text) == html.escape(text, quote=True)
