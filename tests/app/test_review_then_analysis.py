"""Issue 42, item 1: « Revoir le tour », then the game played to its end, then « Analyser la
partie ». The viewer the review left behind must not stand in for the finished game: the
address names the saved game, and the analysis covers that game, all of it."""

import html
import random

from rituels.app.analysis import current_job
from rituels.app.controller import App
from rituels.app.replay import viewer
from rituels.app.storage import MemoryStorage
from apphelpers import form_for, run_timers


def _cthulhu_three(seed):
    app = App(MemoryStorage(), "fr", pace_s=0, slice_s=0.01, rng=random.Random(seed))
    app.navigate("#/new/cthulhu-dice")
    app.click({"cmd": "start", "form": form_for(app, count="3", **{
        "seat-0-kind": "human", "seat-0-name": "Ada",
        "seat-1-kind": "easy", "seat-2-kind": "easy"})})
    return app


def _ada_plays(app, rng):
    """One click of Ada's (a roll or a victim), then the bots' timers."""
    s = app.session
    if s.human_to_roll():
        app.click({"cmd": "roll"})
    else:
        assert s.human_to_decide()
        app.click({"action": s.state.action_to_str(rng.choice(s.state.legal_actions()))})
    run_timers(app)


def _review_to_the_end(app):
    """« Revoir le tour » played back by its timers until it returns to the game."""
    app.click({"cmd": "review-turn"})
    assert app.route[0] == "replay"
    run_timers(app)
    assert app.route[0] == "play"


def test_the_analysis_after_a_review_covers_the_finished_game():
    app, rng = _cthulhu_three(3), random.Random(5)
    s = app.session
    run_timers(app)
    while not 'data-cmd="review-turn"' in app.render() or "disabled" in \
            app.render().split('data-cmd="review-turn"')[1].split(">")[0]:
        _ada_plays(app, rng)
    reviewed_at = len(s.record["actions"])
    _review_to_the_end(app)
    while not s.state.is_terminal():
        _ada_plays(app, rng)
    end = len(s.record["actions"])
    assert end > reviewed_at
    app.click({"cmd": "analysis-open"})
    assert app.route == ("replay", f"{s.save_id}/{end}")
    cur = viewer(app).cursor
    assert cur.end == end and cur.pos == end and cur.final.is_terminal()
    page = html.unescape(app.render())
    assert "Reprendre la partie" not in page           # a finished game has nothing to resume
    assert 'data-cmd="replay-continue"' not in page
    assert viewer(app).note_key == ""                   # no « Revoir le tour » note left over
    job = current_job(app)
    assert job is not None and job.record["actions"] == s.record["actions"]


def test_a_replay_address_shows_the_saved_game_not_the_viewer_left_on_it():
    app, rng = _cthulhu_three(3), random.Random(5)
    s = app.session
    run_timers(app)
    app.navigate(f"#/replay/{s.save_id}")
    before = viewer(app).cursor.end
    app.navigate(f"#/play/{s.save_id}")
    for _ in range(3):
        _ada_plays(app, rng)
    assert len(s.record["actions"]) > before
    app.navigate(f"#/replay/{s.save_id}")
    assert viewer(app).cursor.end == len(s.record["actions"])
