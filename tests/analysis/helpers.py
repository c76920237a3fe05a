"""An app for the analysis tests (French, no bot pause) and a finished game saved in it."""

import random

from rituels.app.controller import App
from rituels.app.storage import MemoryStorage
from rituels.engine.bots import RandomBot, play_game
from rituels.engine.game import get_game


def make_app(storage=None):
    app = App(storage or MemoryStorage(), "fr", pace_s=0, slice_s=0.01)
    app.navigate("#/")
    return app


def finished_save(app, game_id="cthulhu-dice", seed=4):
    game = get_game(game_id)
    _, actions = play_game(game, [RandomBot(seed + i) for i in range(4)],
                           rng=random.Random(seed))
    seats = [{"name": "Ada", "bot": None}] + [{"name": f"B{i}", "bot": "easy"} for i in range(3)]
    record = {"format": 1, "game": game_id, "options": {}, "seats": seats,
              "actions": actions, "meta": {}}
    save_id = app.new_save_id()
    app.saves.put(save_id, record, True, 0)
    return save_id, record


def ticks(app, limit=100000):
    count = 0
    for _ in range(limit):
        if not [e for e in app.take_effects() if e["type"] == "timer"]:
            return count
        app.tick()
        count += 1
    raise AssertionError("endless timers")
