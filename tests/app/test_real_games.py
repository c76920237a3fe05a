"""The app with the real games: a full Cthulhu Dice game through clicks (1 human vs 3 bots),
and a reload in the middle of each available game restores exactly the same position."""

import html as html_module
import importlib.util
import random
import re

import pytest

from rituels.app.controller import App
from rituels.app.storage import MemoryStorage
from rituels.engine.game import GAME_IDS
from rituels.engine.history import replay
from apphelpers import form_for, run_timers


ACTION = re.compile(r'data-action="([^"]*)"')
SELECT = re.compile(r'data-select="([^"]*)"')


def has_view(game_id):
    return importlib.util.find_spec(f"rituels.{game_id.replace('-', '_')}.view") is not None


def human_move(app, rng):
    """What a person does: roll when asked, else click one of the clickable actions."""
    s = app.session
    if s.human_to_roll():
        app.click({"cmd": "roll"})
    elif s.human_to_decide():
        legal = {s.state.action_to_str(a) for a in s.state.legal_actions()}
        for _ in range(10):  # multi-step choices: select, then act
            html = app.render()
            shown = [a for a in map(html_module.unescape, ACTION.findall(html)) if a in legal]
            if shown:
                app.click({"action": rng.choice(shown)})
                return
            tokens = [html_module.unescape(t) for t in SELECT.findall(html)]
            assert tokens, "the board must offer the legal actions as clickables"
            app.click({"select": rng.choice(tokens)})
        raise AssertionError("no action reachable through selections")


@pytest.mark.skipif(not has_view("cthulhu-dice"), reason="Cthulhu Dice's view is not written yet")
def test_cthulhu_dice_one_human_against_three_bots_to_the_end():
    rng = random.Random(7)
    storage = MemoryStorage()
    app = App(storage, "", pace_s=0, rng=random.Random(1))
    app.navigate("#/new/cthulhu-dice")
    app.click({"cmd": "start", "form": form_for(app, count="4", **{"seat-0-name": "Ada"})})
    s = app.session
    assert [seat["bot"] for seat in s.record["seats"]] == [None, "easy", "easy", "easy"]
    for _ in range(2000):
        if s.state.is_terminal():
            break
        status = app.render()
        assert 'id="status"' in status
        human_move(app, rng)
        run_timers(app)
    assert s.state.is_terminal()
    html = app.render()
    assert 'id="end-title"' in html and 'data-cmd="rematch"' in html
    # the saved record replays to the same final position
    saved = app.saves.get(s.save_id)
    assert replay(saved).state.to_json() == s.state.to_json()
    assert app.saves.list()[0]["finished"] is True


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_reload_mid_game_restores_the_position(game_id):
    if not has_view(game_id):
        pytest.skip(f"{game_id}: view not written yet")
    rng = random.Random(3)
    storage = MemoryStorage()
    app = App(storage, "", pace_s=0, rng=random.Random(2))
    app.navigate(f"#/new/{game_id}")
    app.click({"cmd": "start", "form": form_for(app)})
    s = app.session
    for _ in range(6):
        human_move(app, rng)
        run_timers(app)
    again = App(storage, "", pace_s=0)
    again.navigate(f"#/play/{s.save_id}")
    assert again.session.record["actions"] == s.record["actions"]
    assert again.session.state.to_json() == s.state.to_json()
    assert again.render() == app.render()
