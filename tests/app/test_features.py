"""The features seam (rituels.app.registry, docs/architecture.md "The app"): each feature
declares its routes, commands, menu items with their place, hooks and state; the app installs
the declared list and keeps each feature's state under its name."""

import pytest

from rituels.app import replay, sharing
from rituels.app.controller import INSTALLED, App
from rituels.app.registry import Feature, MenuItem, install


def test_the_game_menu_is_in_its_declared_order():
    # Share, take back, review the turn, then the app's own items (issue 22: declared places,
    # not the order in which modules were imported).
    assert [item.cmd or item.href for item in INSTALLED.play_menu] == [
        "share", "undo", "review-turn", "new-game", "rules", "#/games", "#/"]


def test_menu_places_order_items_across_features_whatever_the_install_order():
    late, early = Feature("late"), Feature("early")
    late.menu_item(5, MenuItem("a", cmd="first"))
    early.menu_item(50, MenuItem("b", cmd="last"))
    assert [item.cmd for item in install((early, late)).play_menu] == ["first", "last"]


def test_a_command_declared_by_two_features_is_refused():
    one, two = Feature("one"), Feature("two")
    one.command("go")(lambda app, data: None)
    two.command("go")(lambda app, data: None)
    with pytest.raises(ValueError, match="two declares"):
        install((one, two))


def test_hooks_run_in_the_installed_order():
    first, second = Feature("first"), Feature("second")
    second.hook("tick")(lambda app: "second")
    first.hook("tick")(lambda app: "first")
    assert [fn(None) for fn in install((first, second)).hooks["tick"]] == ["first", "second"]


def test_each_app_keeps_each_features_own_state_under_its_name():
    one, other = App({}), App({})
    assert set(one.features) == {name for name, _ in INSTALLED.states}
    assert replay.FEATURE.of(one) is not replay.FEATURE.of(other)
    sharing.FEATURE.of(one).dialog = {"from": "play", "id": "x"}
    assert sharing.FEATURE.of(other).dialog is None


def test_a_feature_uses_the_public_schedule_call():
    app = App({})
    app.schedule(0.25)
    app.schedule(1.0)       # one tick pending at a time
    assert [e for e in app.take_effects() if e["type"] == "timer"] == [
        {"type": "timer", "ms": 250, "budget_ms": 0}]
