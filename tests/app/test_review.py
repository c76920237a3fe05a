"""« Revoir le tour » (issue 24): the moves since the last decision of a person at this
device, played back in the viewer step by step, then back to the game."""

from rituels.app.replay import viewer
from rituels.app.review import turn_start
from apphelpers import play_human_turn, run_timers, start


def test_turn_start_is_just_after_the_last_decision_here(fake_game):
    # Ada (0) here, Bot (1): deal s0 s1, Ada go1, Bot go2, Ada roll + her die, Bot go1.
    record = {"game": "fake-race", "options": {}, "seats": [{"name": "Ada", "bot": None},
              {"name": "Bot", "bot": "easy"}], "actions": ["s0", "s1", "go1", "go2"],
              "meta": {}}
    assert turn_start(record, [0]) == (3, True)   # after Ada's go1: the bot's go2
    record["actions"] += ["roll", "d2", "go1"]
    assert turn_start(record, [0]) == (5, True)   # her roll is her decision; its die is not
    assert turn_start(record, [1]) == (7, False)  # the bot just played: nothing after
    # no decision yet, only the table's deal: nothing to review
    assert turn_start({**record, "actions": ["s0", "s1"]}, [0]) == (0, False)


def test_review_plays_the_bots_moves_then_returns_to_the_game(fake_game, make_app):
    app = make_app()
    s = start(app)
    play_human_turn(app, "go1")
    run_timers(app)                               # the bot plays its turn
    assert s.human_to_decide()
    after_ada, _ = turn_start(s.record, s.local)
    assert 'data-cmd="review-turn"' in app.render()
    app.click({"cmd": "review-turn"})
    assert app.route == ("replay", f"{s.save_id}/{after_ada}")
    cur = viewer(app).cursor
    assert cur.playing and cur.pos == after_ada
    seen = []
    for _ in range(50):
        timers = [e for e in app.take_effects() if e["type"] == "timer"]
        if not timers:
            break
        app.tick()
        if app.route[0] == "replay":
            seen.append(cur.pos)
    assert seen and seen[-1] == len(s.record["actions"])
    assert seen == sorted(seen) and seen[0] > after_ada
    assert app.route == ("play", s.save_id)       # back where the game waits for Ada
    assert app.session.human_to_decide()


def test_nothing_to_review_right_after_your_move(fake_game, make_app):
    app = make_app()
    start(app)
    app.click({"cmd": "review-turn"})             # nobody played yet: a notice, no viewer
    assert app.route[0] == "play"
