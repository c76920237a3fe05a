"""Fixtures for the app tests: a registered fake game and an App on dict storage."""

import sys
import types

import pytest

from rituels.app.controller import App
from rituels.app.storage import MemoryStorage
from rituels.engine import game as registry
from rituels.engine import record as record_module
from rituels.screens import home as home_module
from rituels.screens import mygames as mygames_module
import appfake as fakegame  # tests/app is on sys.path (rootdir conftest mode)


@pytest.fixture
def fake_game(monkeypatch):
    """Register the fake game "fake-race" (rules + view) as if it were a fourth game."""
    game_mod = types.ModuleType("rituels.fake_race.game")
    game_mod.GAME = fakegame.GAME
    view_mod = types.ModuleType("rituels.fake_race.view")
    for name in ("render", "status", "describe", "result", "help_page", "thumbnail"):
        setattr(view_mod, name, getattr(fakegame, name))
    view_mod.standings = view_mod.roll_label = view_mod.last_turn = None  # optional parts
    monkeypatch.setitem(sys.modules, "rituels.fake_race.game", game_mod)
    monkeypatch.setitem(sys.modules, "rituels.fake_race.view", view_mod)
    monkeypatch.setitem(registry._MODULES, "fake-race", "rituels.fake_race.game")
    ids = registry.GAME_IDS + ("fake-race",)
    monkeypatch.setattr(registry, "GAME_IDS", ids)
    monkeypatch.setattr(record_module, "GAME_IDS", ids)
    monkeypatch.setattr(home_module, "GAME_IDS", ids)
    monkeypatch.setattr(mygames_module, "GAME_IDS", ids)
    return fakegame.GAME


@pytest.fixture
def storage():
    return MemoryStorage()


@pytest.fixture
def make_app(storage):
    def make(store=None, lang=""):
        app = App(store if store is not None else storage, lang, pace_s=0, slice_s=0.01)
        app.navigate("#/")
        return app
    return make
