"""The status line's summary of the last opponent turn (issue 24, app/lastturn.py)."""

from rituels.app.lastturn import last_run
from apphelpers import play_human_turn, run_timers, start


def _record(actions):
    return {"game": "fake-race", "options": {}, "seats": [{"name": "Ada", "bot": None},
            {"name": "Bot", "bot": "easy"}], "actions": actions, "meta": {}}


def test_the_last_run_is_one_opponent_from_their_decision_on(fake_game):
    # deal s0 s1 (the table's), Ada go1, Bot go2, Ada roll + her die d2, Bot go1.
    record = _record(["s0", "s1", "go1", "go2"])
    who, steps = last_run(record, [0])
    assert who == 1 and [a for _, a, _ in steps] == [steps[0][0].str_to_action("go2")]
    record["actions"] += ["roll", "d2", "go1"]
    who, steps = last_run(record, [0], "save")
    assert who == 1 and len(steps) == 1            # the bot's new go1 only
    who, steps = last_run(record, [1])             # seen from the bot's side: Ada's roll, her die
    assert who == 0 and len(steps) == 2
    assert last_run(_record(["s0", "s1"]), [0]) == (None, [])   # the deal is nobody's turn
    # read again from the cache after a take-back: the bot's go1 is gone, its go2 is the last
    assert last_run(_record(["s0", "s1", "go1", "go2", "roll", "d2"]), [0], "save")[0] == 1


def test_the_status_line_shows_it_when_the_decision_is_back_with_you(fake_game, make_app,
                                                                    monkeypatch):
    app = make_app()
    s = start(app)
    monkeypatch.setattr(s.view, "last_turn",
                        lambda p, steps, ctx: f"{ctx.name(p)} played {len(steps)}", raising=False)
    assert 'class="last-turn"' not in app.render()  # nobody else played yet
    play_human_turn(app, "go1")
    run_timers(app)                                  # the bot plays its turn
    assert s.human_to_decide()
    html = app.render()
    # The bot's run: every action after Ada's move (its decision, and its roll when it chose
    # to roll: a roll after a decision is part of the turn). Its name as the session shows it.
    actions = s.record["actions"]
    mine = next(i for i, a in enumerate(actions) if a.startswith("go"))
    assert f"<span class=\"last-turn\">{s.names[1]} played {len(actions) - mine - 1}</span>" \
        in html
