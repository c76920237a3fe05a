"""Cthulhu Dice through the app's controller (pure Python): a person against three bots,
clicking only what the board offers, to the end, in both modes."""

import random
import re

import pytest

from rituels.cthulhu_dice import view
from rituels.viewkit import ViewContext, esc

controller = pytest.importorskip("rituels.app.controller")
storage = pytest.importorskip("rituels.app.storage")

ACTION = re.compile(r'data-action="([^"]+)"')


@pytest.mark.parametrize("options", [{}, {"mode": "cthulhu"}], ids=["classic", "variant"])
def test_a_whole_game_against_three_bots(options):
    app = controller.App(storage.MemoryStorage(), "fr", pace_s=0, slice_s=0.01,
                         rng=random.Random(4))
    app.navigate("#/")
    seats = [{"name": "Ada", "bot": None}] + [{"name": f"Bot{i}", "bot": "strong"}
                                              for i in range(3)]
    app.start_game("cthulhu-dice", seats, options)
    rng = random.Random(5)
    human_moves = 0
    for _ in range(5000):
        session = app.session
        if session.state.is_terminal():
            break
        page = app.render()
        offered = set(ACTION.findall(page))
        if session.human_to_decide():
            state = session.state
            assert offered == {state.action_to_str(a) for a in state.legal_actions()}
            app.click({"action": rng.choice(sorted(offered))})
            human_moves += 1
        elif session.human_to_roll():
            assert not offered and 'data-cmd="roll"' in page
            app.click({"cmd": "roll"})
        else:
            assert not offered                  # nothing to click while bots think
            app.tick()
    state = app.session.state
    assert state.is_terminal() and human_moves > 0
    ctx = ViewContext(lang="fr", names=[s["name"] for s in seats])
    assert esc(view.result(state, ctx)) in app.render()
    assert app.session.log[-1] == view.result(state, ctx)
