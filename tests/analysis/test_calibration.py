"""The calibration bench's games and the fitting tool (docs/analysis.md, "Honesty")."""

import itertools
import json
import math

import pytest

from rituels.tools import fit_chances
from rituels.tools.bench_analysis import FIRST_SEED, self_play, worst_gap
from rituels.engine.bots import Bot
from rituels.engine.game import GAME_IDS


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_calibration_game_is_the_same_on_a_slow_machine(game_id, monkeypatch):
    """Strong bots search a fixed amount in self-play: a clock that jumps a second at every
    reading (a machine so loaded that any time budget is spent at once) plays the very same
    game as the real clock."""
    quiet = self_play(game_id, 3)
    ticks = itertools.count(step=1.0)
    monkeypatch.setattr(Bot, "clock", staticmethod(lambda: float(next(ticks))))
    assert self_play(game_id, 3) == quiet
    assert any(seat["bot"] == "strong" for seat in quiet["seats"])


def test_the_fitting_tool_refuses_a_checking_game(tmp_path):
    """Fitting on a game the bench checks with would make the check meaningless."""
    path = tmp_path / "games.jsonl"
    lines = [dict(self_play("cthulhu-dice", seed), seed=seed) for seed in (5, FIRST_SEED)]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    games = fit_chances.fitting_records("cthulhu-dice", 0, str(path))
    assert next(games)[0] == 5
    with pytest.raises(ValueError, match="checking game"):
        next(games)


def test_the_logistic_map_finds_the_curve_the_results_follow():
    """Estimates 0.05..0.95 whose results follow exactly 1 / (1 + e^-(2 logit(x) - 0.5)):
    the fitted map gives back that curve."""
    def truth(x):
        return 1 / (1 + math.exp(-(2 * math.log(x / (1 - x)) - 0.5)))
    samples = []
    for i in range(1, 20):
        x = i / 20
        wins = round(1000 * truth(x))
        samples += [(x, 1.0)] * wins + [(x, 0.0)] * (1000 - wins)
    knots = dict(fit_chances.logistic(samples))
    for x in (0.1, 0.3, 0.5, 0.7, 0.9):
        assert knots[x] == pytest.approx(truth(x), abs=0.005)


def test_the_worst_bucket_is_the_judged_bucket_furthest_from_its_results():
    # 60 estimates of 0.25 won 20 % of the time (5 points off), 60 of 0.65 won 50 % (15 off);
    # 10 of 0.95 never won, but 10 samples are not judged
    samples = ([(0.25, 1.0)] * 12 + [(0.25, 0.0)] * 48 + [(0.65, 1.0)] * 30
               + [(0.65, 0.0)] * 30 + [(0.95, 0.0)] * 10)
    assert worst_gap(samples) == pytest.approx(15.0)


def test_a_held_out_fold_is_mapped_by_a_map_fitted_without_it(monkeypatch):
    """Cross-validation: each fold of consecutive games gets the map of the other folds."""
    seen = []

    def spy(rows):
        seen.append(len(rows))
        return ()
    monkeypatch.setitem(fit_chances.MAPS, "spy", spy)
    rows = [([0.5, 0.5], [1.0, 0.0])] * 10
    assert len(fit_chances.held_out(rows, "spy", folds=5)) == 20
    assert seen == [8] * 5
