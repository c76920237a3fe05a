"""The player's rating (rituels.app.rating): Glicko-2 checked on Glickman's example, and the
history rebuilt from the saves' entries."""

import re

import pytest

from rituels.app import rating
from rituels.engine.game import Rating


def test_glickman_example():
    # "Example of the Glicko-2 system" (Glickman 2012), steps 1-8.
    before = rating.Glicko(1500, 200, 0.06)
    after = rating.update(before, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)], tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.vol == pytest.approx(0.05999, abs=0.00001)


def test_no_games_widens_rd_only():
    after = rating.update(rating.Glicko(1500, 200, 0.06), [])
    assert after.rating == 1500 and after.rd == pytest.approx(200.271, abs=0.001)


def test_pair_scores_from_places():
    assert rating.pair_scores([1, 2, 3, 4], 0) == {1: 1.0, 2: 1.0, 3: 1.0}
    assert rating.pair_scores([2, 1, 3, 4], 0) == {1: 0.0, 2: 1.0, 3: 1.0}
    assert rating.pair_scores([1, 1, 3], 1) == {0: 0.5, 2: 1.0}


class FakeGame:
    ratings = {"1": Rating(1000, 960, 1040, 400), "2": Rating(1200, 1160, 1240, 400),
               "5": Rating(1900, 1800, 2000, 400)}
    levels = ("1", "2", "3", "4", "5")

    def level_of(self, bot):
        bot = {"strong": "5"}.get(bot, bot)
        return bot if bot in self.levels else None


def entry(save_id, updated, places, bots, mine=(0,), game="g", finished=True):
    return {"id": save_id, "game": game, "updated": updated, "finished": finished,
            "places": list(places), "bots": list(bots), "mine": list(mine)}


def test_history_counts_only_games_against_calibrated_levels():
    entries = [
        entry("b", "2026-01-02", [1, 2], [None, "2"]),
        entry("a", "2026-01-01", [2, 1, 3], [None, "1", "strong"]),
        entry("c", "2026-01-03", [1, 2], [None, "easy"]),            # random mover
        entry("d", "2026-01-04", [1, 2], [None, "3"]),               # not calibrated
        entry("e", "2026-01-05", [1, 2], [None, None], mine=(0, 1)),  # two people here
        entry("f", "2026-01-06", [1, 2], [None, "1"], finished=False),
        entry("g", "2026-01-07", [1, 2], [None, "1"], game="unknown"),
    ]

    def get_game(gid):
        if gid != "g":
            raise KeyError(gid)
        return FakeGame()
    points = rating.history(entries, get_game)
    assert list(points) == ["g"]
    assert [p.save_id for p in points["g"]] == ["a", "b"]   # by end time
    first = points["g"][0]
    assert first.before.rating == pytest.approx((1000 + 1200 + 1900) / 3)
    assert first.before.rd == rating.START_RD
    # lost to level 1, beat level 5, all in one period
    assert first.after == rating.update(first.before, [(1000, 30.0, 0.0), (1900, 100 / 1.96, 1.0)])
    assert points["g"][1].before == first.after
    assert points["g"][1].after.rating > first.after.rating
    assert rating.point_of(points, "b") is points["g"][1]
    assert rating.point_of(points, "c") is None
    assert rating.history(entries, get_game) == points   # a pure function of the entries


# --- the new-game dialog: a level per bot seat, remembered -------------------------------
from apphelpers import form_for, html_text  # noqa: E402

from rituels.app.controller import App  # noqa: E402
from rituels.app.storage import MemoryStorage  # noqa: E402
from rituels.screens import newgame  # noqa: E402


def test_dialog_offers_the_levels_and_remembers_them():
    storage = MemoryStorage()
    app = App(storage, "fr", pace_s=0)
    app.navigate("#/new/tuchulcha")
    text = html_text(app)
    assert '<optgroup label="Automates">' in text
    for name in ("Novice", "Apprenti", "Initié", "Adepte", "Grand prêtre"):
        # with its rating once the game's ladder is calibrated: « Initié (1 266) »
        assert re.search(rf">{name}( \([\d\u202f\u00a0 ]+\))?</option>", text), name
    assert "Automate facile" not in text
    assert app.draft["seats"][1]["kind"] == "1"      # the first level by default
    app.click({"cmd": "start", "form": form_for(app, **{"seat-1-kind": "3"})})
    s = app.session
    assert s.record["seats"][1]["bot"] == "3"
    app.navigate("#/")
    app.session = None
    app.navigate("#/new/tuchulcha")
    assert app.draft["seats"][1]["kind"] == "3"      # remembered
    assert storage.get(newgame.SEATS_KEY + "tuchulcha")


def test_dialog_shows_a_calibrated_rating(monkeypatch):
    from rituels.engine.game import get_game
    game = get_game("wongar")
    monkeypatch.setitem(game.ratings, "2", Rating(1384.4, 1300, 1460, 400))
    assert newgame.level_label("fr", game, "2") == "Apprenti (1\u202f384)"
    assert newgame.level_label("en", game, "2") == "Apprentice (1,384)"
    monkeypatch.delitem(game.ratings, "1", raising=False)   # not calibrated: its name alone
    assert newgame.level_label("en", game, "1") == "Novice"


def test_older_records_map_to_levels():
    from rituels.engine.game import get_game
    game = get_game("tuchulcha")
    record = {"seats": [{"name": "A", "bot": None}, {"name": "B", "bot": "strong"},
                        {"name": "C", "bot": "easy"}], "options": {}, "meta": {}}
    draft = newgame.draft_from_record(game, record)
    assert [s["kind"] for s in draft["seats"][:3]] == ["human", "5", "1"]


# --- through the app: a game against levels, the end screen's change, the stats page -------
def test_a_finished_game_against_levels_moves_the_rating(monkeypatch):
    import random
    import re
    from test_real_games import new_game, play
    from rituels.engine.game import get_game
    game = get_game("cthulhu-dice")
    for level in game.levels:
        monkeypatch.setitem(game.ratings, level,
                            Rating(1000 + 100 * int(level), 960 + 100 * int(level),
                                   1040 + 100 * int(level), 400))
    app = new_game("cthulhu-dice", ["2", "3"], seed=3)
    app.set_lang("fr")
    play(app, random.Random(5))
    s = app.session
    assert s.state.is_terminal()
    text = html_text(app)
    found = re.search(r"Votre cote\u202f: ([+\u2212±][\d\u202f]+) → ([\d\u202f]+)", text)
    assert found, text[text.find("end-panel"):][:600]
    points = rating.history(app.saves.list())["cthulhu-dice"]
    assert len(points) == 1 and points[0].save_id == s.save_id
    assert found.group(2).replace("\u202f", "") == str(round(points[0].after.rating))
    won = 0 in s.state.winners()
    assert (points[0].delta > 0) == won or points[0].delta == 0
    app.navigate("#/stats")
    page = html_text(app)
    assert "Statistiques" in page and "Cthulhu" in page
    assert "Parties\u202f: 1 · victoires\u202f: " + str(int(won)) in page
    assert "<svg class=\"rating-chart\"" in page and "Initié" in page and "Apprenti" in page
    assert "3 joueurs" in page


def test_stats_page_without_games_and_unrated_games():
    app = App(MemoryStorage(), "en", pace_s=0)
    app.navigate("#/stats")
    assert "No finished games." in html_text(app)


def test_chart_is_a_pure_view():
    from rituels.screens import stats
    p1 = rating.Point("a", "1", rating.Glicko(1500, 350), rating.Glicko(1600, 250))
    p2 = rating.Point("b", "2", p1.after, rating.Glicko(1384, 200))
    svg = stats.chart("fr", [p1, p2])
    assert svg.startswith("<svg") and svg.count("<polyline") == 1 and "1\u202f" in svg
    assert stats.change_line("fr", p2) == "Votre cote\u202f: \u2212216 → 1\u202f384"
    assert stats.change_line("en", p1) == "Your rating: +100 → 1,600"


def test_my_games_links_to_the_statistics():
    app = App(MemoryStorage(), "fr", pace_s=0)
    app.navigate("#/games")
    assert 'href="#/stats"' in app.render()


def test_the_end_time_stays_when_a_finished_game_is_renamed():
    from rituels.app.saves import SaveStore
    from rituels.engine.record import new_record
    from rituels.engine.history import replay
    import random
    from rituels.engine import CHANCE, sample_chance
    now = ["2026-01-01T10:00:00Z"]
    store = SaveStore(MemoryStorage())
    record = new_record("cthulhu-dice", [{"name": "A", "bot": None}, {"name": "B", "bot": "1"}])
    state = replay(record).state
    rng = random.Random(1)
    while not state.is_terminal():
        a = (sample_chance(state, rng) if state.current_player() == CHANCE
             else rng.choice(state.legal_actions()))
        record["actions"].append(state.action_to_str(a))
        state.apply(a)
    store.put("x", record, state=state, updated=now[0])
    assert store.list()[0]["ended"] == now[0]
    store.rename("x", "Revanche")
    entry, = store.list()
    assert entry["ended"] == now[0] and entry["updated"] != now[0]
