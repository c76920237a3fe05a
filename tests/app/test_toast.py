"""Issue 42: on the game screen the answer to a tap (why not, a refusal) is drawn over the
page (#toast, fixed at the window's foot by app.css), not in the page above the board,
where it pushed the board down or appeared out of a phone's view."""

from rituels.i18n import t
from apphelpers import html_text, run_timers, start


def test_a_why_not_answer_floats_over_the_game(fake_game, make_app):
    app = make_app()
    start(app)
    run_timers(app)
    app.click({"why": "somewhere"})
    page = html_text(app)
    said = t(app.lang, "whynot.none")
    assert 'id="toast"' in page and said in page
    # Not in the page's own notices, before the game.
    assert said not in page[:page.index('<main id="main"')]
    app.click({"select": "pick"})            # the next tap clears it
    assert 'id="toast"' not in app.render()


def test_off_the_game_notices_stay_in_the_page(fake_game, make_app):
    app = make_app()
    app.navigate("#/nowhere")                # unknown page: the home screen says so
    page = html_text(app)
    assert 'id="toast"' not in page
    assert t(app.lang, "app.notice.unknown_page") in page[:page.index('<main id="main"')]
