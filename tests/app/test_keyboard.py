"""Keyboard play (issue 42): after each move the app names where the focus goes next (the
next choice, the roll, the status line while others play), the new-game dialog opens on its
main button, and the replay viewer steps with the arrows, Home and End; Escape stops a
playback."""

from rituels.app.controller import CHOICES, NEXT_STEP
from rituels.app.effects import Focus, FocusNext
from rituels.app.replay import viewer
from apphelpers import play_human_turn, run_timers, start


def test_the_new_game_dialog_opens_on_its_main_button(fake_game, make_app):
    app = make_app()
    app.take_effects()
    app.navigate("#/new/fake-race")
    assert Focus("[role=dialog] [data-cmd=start]") in app.effects


def test_the_focus_goes_on_to_the_next_choice_after_each_step(fake_game, make_app):
    app = make_app()
    s = start(app)
    run_timers(app)
    assert s.human_to_decide() and not s.selection
    assert app.next_focus() == FocusNext(CHOICES)
    app.click({"select": "pick"})          # a piece picked: on to its destinations
    assert app.next_focus() == FocusNext(NEXT_STEP, leaving="#main [data-select]")
    app.rules_open = True                   # the rules over the game keep their focus
    assert app.next_focus() is None
    app.rules_open = False
    app.click({"action": "go1"})
    # The bot's turn: the status line, not the body, until the game comes back to Ada.
    assert not (s.human_to_decide() or s.human_to_roll())
    assert app.next_focus() == FocusNext("#status")
    run_timers(app)
    expected = "#main [data-cmd=roll]" if s.human_to_roll() else CHOICES
    assert app.next_focus() == FocusNext(expected)


def test_no_focus_is_named_off_the_game_screen(fake_game, make_app):
    app = make_app()
    assert app.next_focus() is None
    start(app)
    app.navigate("#/games")
    assert app.next_focus() is None


def reviewing(app):
    s = start(app)
    play_human_turn(app, "go1")
    run_timers(app)                         # the bot plays its turn
    app.click({"cmd": "review-turn"})
    cur = viewer(app).cursor
    assert cur.playing
    return s, cur


def test_escape_stops_the_review_which_stays_in_the_viewer(fake_game, make_app):
    app = make_app()
    s, cur = reviewing(app)
    app.key("Escape")
    assert not cur.playing
    for _ in range(5):                      # its pending tick changes nothing
        app.tick()
    assert app.route[0] == "replay" and not cur.playing


def test_arrows_home_and_end_step_the_replay(fake_game, make_app):
    app = make_app()
    s, cur = reviewing(app)
    app.key("End")
    assert cur.pos == cur.end and not cur.playing
    app.key("ArrowLeft")
    assert cur.pos < cur.end
    back = cur.pos
    app.key("ArrowRight")
    assert cur.pos > back
    app.key("Home")
    assert cur.pos == 0
    assert app.route[0] == "replay"


def test_the_arrows_mean_nothing_on_the_game_screen(fake_game, make_app):
    app = make_app()
    s = start(app)
    run_timers(app)
    before = list(s.record["actions"])
    app.changed = False
    app.key("ArrowLeft")
    assert s.record["actions"] == before and not app.changed


def test_a_game_opens_with_the_focus_on_what_to_press(fake_game, make_app):
    """Opening a game (from the new-game dialog, My games or a reload) where a person here is
    to act: no focus on the status line; the page's answer names the roll or the first
    choice (App.next_focus, as after a move). A finished game: its status line."""
    app = make_app()
    s = start(app)
    run_timers(app)
    save_id = s.save_id
    app.navigate("#/games")
    app.take_effects()
    app.session = None                       # a reload: the game is read from its save
    app.navigate(f"#/play/{save_id}")
    assert not [e for e in app.effects if isinstance(e, Focus)]
    s = app.playing()
    expected = "#main [data-cmd=roll]" if s.human_to_roll() else CHOICES
    assert app.next_focus() == FocusNext(expected)
    while not s.state.is_terminal():          # play it out: the end has nothing to press
        if s.human_to_decide():
            app.click({"action": s.state.action_to_str(s.state.legal_actions()[0])})
        elif s.human_to_roll():
            app.click({"cmd": "roll"})
        run_timers(app)
    app.navigate("#/games")
    app.session = None
    app.take_effects()
    app.navigate(f"#/play/{save_id}")
    assert Focus("#status") in app.effects
