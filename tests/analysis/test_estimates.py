"""Where the win chances come from: Tuchulcha's own evaluation (recalibrated per role), the
fitting tool and the bench's saved games (docs/analysis.md)."""

import random

import pytest

from rituels.tools.bench_analysis import calibration_samples
from rituels.analysis.core import CALIBRATION, Estimator, apply_map
from rituels.tools.fit_chances import isotonic, minimise
from rituels.engine.game import get_game
from rituels.engine.state import CHANCE, sample_chance
from rituels.tuchulcha.chances import calibrate, win_chances
from rituels.tuchulcha.rules import MOVE, THIRD


def tuchulcha_game(seed, until):
    """A 4-player Tuchulcha game of random moves, stopped at the first position ``until``
    accepts."""
    rng, state = random.Random(seed), get_game("tuchulcha").start(4, {})
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        if until(state):
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def test_tuchulcha_starts_even_and_its_estimates_are_the_game_s_own():
    """Four racers with full temples: nobody is ahead. Later on, the estimate is the game's
    own through the map (no playout: the same with any seed), and the chances of a game in
    progress sum to 1."""
    start = tuchulcha_game(0, lambda st: True)
    assert Estimator("tuchulcha").chances(start) == pytest.approx([0.25] * 4)
    moves = iter(range(10 ** 6))
    later = tuchulcha_game(1, lambda st: next(moves) == 150)
    est = Estimator("tuchulcha", seed=7).chances(later, "x")
    mapped = apply_map(win_chances(later), CALIBRATION["tuchulcha"])
    assert est == mapped == Estimator("tuchulcha", seed=8).chances(later, "y")
    assert sum(est) == pytest.approx(1.0)
    assert len(set(est)) > 1          # the race is no longer even


def test_tuchulcha_map_keeps_the_order_of_racers_and_gives_nothing_to_players_out():
    raw = [0.5, 0.3, 0.2, 0.0]
    mapped = calibrate(raw, None, None, [3])
    assert mapped[0] > mapped[1] > mapped[2] > 0 and mapped[3] == 0
    assert sum(mapped) == pytest.approx(1.0)
    # Lasa (player 2) is given a chance of her own; the racers share the rest in their order
    roles = calibrate([0.1, 0.05, 0.8, 0.05], None, 2, [])
    assert sum(roles) == pytest.approx(1.0) and roles[0] > roles[1] == roles[3]


def test_tuchulcha_end_games_have_their_own_role_offsets():
    """No racer left (Tuchulcha against Lasa) and one racer left shift the roles' offsets by
    their own constants; with two racers or more those constants change nothing."""
    from rituels.tuchulcha.chances import PARAMS
    lower = list(PARAMS)
    lower[8], lower[9] = PARAMS[8] - 1.0, PARAMS[9] - 1.0
    lower[10] = PARAMS[10] + 1.0
    duel = ([0.7, 0.3, 0.0, 0.0], 0, 1, [2, 3])
    assert calibrate(*duel, tuple(lower))[0] < calibrate(*duel)[0]
    assert sum(calibrate(*duel, tuple(lower))) == pytest.approx(1.0)
    last = ([0.3, 0.1, 0.6, 0.0], 0, 1, [3])
    shifted = calibrate(*last, tuple(lower))
    assert shifted[0] < calibrate(*last)[0] and shifted[1] > calibrate(*last)[1]
    assert sum(shifted) == pytest.approx(1.0)
    race = ([0.3, 0.1, 0.4, 0.2], 0, 1, [])
    assert calibrate(*race, tuple(lower)) == calibrate(*race)


def test_a_reviewed_tuchulcha_move_is_judged_with_the_turn_s_other_dice_played():
    """A racer with two dice to play: after a first move the other die is still in hand, and
    the choice is judged once the mover has played it too (their best use of it)."""
    state = tuchulcha_game(2, lambda st: st.phase == MOVE and len(st.dice) == 2
                           and st.player not in (st.tuchulcha, st.lasa))
    player, est = state.current_player(), Estimator("tuchulcha")
    ranked = dict(est.rank(state, player, state.legal_actions(), "test"))
    for action, judged in ranked.items():
        child = state.clone()
        child.apply(action)
        assert child.current_player() == player and len(child.dice) == 1
        seconds = []
        for second in child.legal_actions():
            after = child.clone()
            after.apply(second)
            seconds.append((est.value(after)[player], after))
        _, best = max(seconds, key=lambda pair: pair[0])
        assert judged == pytest.approx(est.turn_value(best, player))


def test_taking_the_third_die_is_judged_over_its_six_faces():
    """A double: the third die is a chance the mover takes or not; "third" is judged as the
    exact average over the die's faces of the turn played with it, not before it is rolled."""
    state = tuchulcha_game(3, lambda st: st.phase == THIRD
                           and st.player not in (st.tuchulcha, st.lasa))
    player, est = state.current_player(), Estimator("tuchulcha")
    ranked = dict(est.rank(state, player, ["third", "nothird"], "test"))
    rolled = state.clone()
    rolled.apply("third")
    assert rolled.current_player() == CHANCE
    faces = rolled.chance_outcomes()
    assert len(faces) == 6
    mean = 0.0
    for face, p in faces:
        child = rolled.clone()
        child.apply(face)
        mean += float(p) * est.turn_value(child, player, rolls=0)
    assert ranked["third"] == pytest.approx(mean)
    assert ranked["third"] != pytest.approx(est.value(rolled)[player])


def test_minimise_finds_the_lowest_point_within_bounds():
    found = minimise(lambda x: (x[0] - 1.3) ** 2 + (x[1] + 0.4) ** 2, [0.0, 0.0], [1.0, 1.0],
                     [(-5, 5), (-5, 5)])
    assert found == pytest.approx([1.3, -0.4], abs=0.01)
    bounded = minimise(lambda x: (x[0] - 3.0) ** 2, [0.0], [1.0], [(-1.0, 2.0)])
    assert bounded == pytest.approx([2.0], abs=0.01)


def test_saved_calibration_games_give_the_same_estimates_when_read_back(tmp_path):
    """The bench keeps its self-play games (--save) so a changed estimate is checked again on
    the very same games (--records)."""
    path = tmp_path / "games.jsonl"
    played = calibration_samples("cthulhu-dice", 3, save=str(path))
    assert played[1] == 3 and len(path.read_text().splitlines()) == 3
    assert calibration_samples("cthulhu-dice", 5, path=str(path)) == played   # only 3 kept
    two, games = calibration_samples("cthulhu-dice", 2, path=str(path))
    assert games == 2 and 0 < len(two) < len(played[0]) and two == played[0][:len(two)]


def test_isotonic_pools_estimates_whose_results_go_down():
    """Estimates 0.1, 0.2 won 1 and 0 times: the results go down, so both share a block
    (0.15, 0.5); 0.3 and 0.4 won 1 and 1 stay apart as a second block."""
    samples = [(0.1, 1.0), (0.2, 0.0), (0.3, 1.0), (0.4, 1.0)]
    assert isotonic(samples, min_block=1) == ((0.15, 0.5), (0.35, 1.0))
    # blocks of at least 3 samples: one more pooling, a single knot
    assert isotonic(samples, min_block=3) == ((0.25, 0.75),)
