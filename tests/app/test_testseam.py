"""The test seam (rituels.app.testseam): a test's ``rituels.test`` key makes the app's chance
and bots reproducible, scripts the outcomes it needs, and is never written nor carried."""

import json

import pytest

from rituels.app.controller import App
from rituels.app.storage import MemoryStorage
from rituels.app.testseam import TEST_KEY, read_test_settings
from rituels.tuchulcha.bots import StrongBot as TuchulchaStrong
from rituels.wongar.bots import StrongBot as WongarStrong
from apphelpers import form_for, run_timers


def seeded_app(settings: dict) -> tuple[App, MemoryStorage]:
    storage = MemoryStorage()
    storage.set(TEST_KEY, json.dumps(settings))
    return App(storage, "", pace_s=0), storage


def play_bots_only(app: App, game: str, count: int) -> list[str]:
    """A game between strong bots only, started like a person does; its record's actions."""
    app.navigate(f"#/new/{game}")
    seats = {f"seat-{i}-kind": "strong" for i in range(count)}
    app.click({"cmd": "start", "form": form_for(app, count=str(count), **seats)})
    run_timers(app)
    assert app.session.state.is_terminal()
    return app.session.record["actions"]


def test_one_seed_gives_the_same_game_on_every_run():
    first = play_bots_only(seeded_app({"seed": 11, "fixed_effort": True})[0], "cthulhu-dice", 3)
    again = play_bots_only(seeded_app({"seed": 11, "fixed_effort": True})[0], "cthulhu-dice", 3)
    other = play_bots_only(seeded_app({"seed": 12, "fixed_effort": True})[0], "cthulhu-dice", 3)
    assert first == again
    assert first != other


@pytest.mark.parametrize("game, cls, effort", [
    ("tuchulcha", TuchulchaStrong, "max_leaves"), ("wongar", WongarStrong, "iterations")])
def test_fixed_effort_bots_search_a_number_of_positions_not_a_time(game, cls, effort):
    app, _ = seeded_app({"seed": 3, "fixed_effort": True})
    factory = app.test.bot_factory(app_game(game), "strong")
    bot = factory(5)
    assert isinstance(bot, cls) and getattr(bot, effort) is not None
    plain, _ = seeded_app({"seed": 3})
    assert getattr(plain.test.bot_factory(app_game(game), "strong")(5), effort) is None


def app_game(game_id):
    from rituels.engine import get_game
    return get_game(game_id)


def test_scripted_outcomes_are_the_rolls_the_game_gets():
    """Tuchulcha, 2 people: the script says who starts (player 0), then a double six."""
    app, _ = seeded_app({"seed": 1, "chance": ["first0", "d66"]})
    app.navigate("#/new/tuchulcha")
    app.click({"cmd": "start", "form": form_for(app, count="2", **{
        "seat-0-kind": "human", "seat-1-kind": "human", "seat-1-name": "Bruno"})})
    run_timers(app)
    app.click({"cmd": "roll"})
    assert app.session.record["actions"][:2] == ["first0", "d66"]


def test_an_outcome_not_legal_where_it_comes_ends_the_script():
    app, _ = seeded_app({"seed": 1, "chance": ["d66", "d11"]})   # the first draw is who starts
    app.navigate("#/new/tuchulcha")
    app.click({"cmd": "start", "form": form_for(app, count="2", **{
        "seat-0-kind": "human", "seat-1-kind": "human", "seat-1-name": "Bruno"})})
    run_timers(app)
    assert app.session.record["actions"][0] in ("first0", "first1")
    assert app.test.chance == []


def test_the_setting_is_only_read_never_saved_nor_carried():
    app, storage = seeded_app({"seed": 4, "fixed_effort": True})
    play_bots_only(app, "cthulhu-dice", 3)
    assert storage.get(TEST_KEY) == json.dumps({"seed": 4, "fixed_effort": True})
    saved = [storage.get(k) for k in storage.keys() if k != TEST_KEY]
    assert saved and not any("fixed_effort" in (v or "") or TEST_KEY in (v or "") for v in saved)


@pytest.mark.parametrize("text", [
    None, "", "not json", "[1]", '{"seed": true}', '{"seed": -1}', '{"seed": 1.5}',
    '{"fixed_effort": "yes"}', '{"chance": "d66"}', '{"chance": [6]}',
    json.dumps({"chance": ["d66"] * 20_000})])
def test_a_setting_that_does_not_parse_is_ignored_and_the_app_plays(text):
    assert read_test_settings(text) is None
    storage = MemoryStorage()
    if text is not None:
        storage.set(TEST_KEY, text)
    app = App(storage, "", pace_s=0)
    assert app.test.seed is None and app.test.chance == [] and not app.test.fixed_effort
    app.navigate("#/new/cthulhu-dice")
    app.click({"cmd": "start", "form": form_for(app)})
    assert app.session is not None
