"""Win-chance estimates, the curve, key moments and the move review (docs/analysis.md)."""

import random

import pytest

from rituels.analysis.core import (CALIBRATION, NOBODY, SHRINK, Estimator, Job, analyse,
                                  apply_map, grade, public_world)
from rituels.cthulhu_dice.rules import EYE_PICK
from rituels.engine.bots import RandomBot, play_game
from rituels.engine.game import get_game
from rituels.engine.history import replay
from rituels.engine.state import CHANCE, sample_chance


def record_of(game_id, seed, people=(0,)):
    """A finished random 4-player game; seats in ``people`` are persons (reviewed)."""
    game = get_game(game_id)
    final, actions = play_game(game, [RandomBot(seed + i) for i in range(4)],
                               rng=random.Random(seed))
    seats = [{"name": f"P{i}", "bot": None if i in people else "easy"} for i in range(4)]
    record = {"format": 1, "game": game_id, "options": {}, "seats": seats,
              "actions": actions, "meta": {}}
    return record, final


def test_grades_follow_the_documented_thresholds():
    assert [grade(x) for x in (0, 4.9, 5, 9.9, 10, 19.9, 20, 80)] == [
        "", "", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]


@pytest.mark.parametrize("game_id", ["cthulhu-dice", "wongar"])
def test_the_curve_ends_at_the_result_and_starts_even(game_id):
    record, final = record_of(game_id, 3)
    result = analyse(record, hidden=True, review=False)
    pos, chances = result.points[-1]
    assert pos == len(record["actions"])
    won = final.winners()
    assert chances == [1.0 / len(won) if p in won else 0.0 for p in range(4)]
    assert result.points[0][0] == 0
    # at the start nobody is far from an even chance (4 random players, symmetric rules)
    assert all(abs(c - 0.25) < 0.2 for c in result.points[0][1])


def test_a_forced_final_roll_decides_the_cthulhu_dice_curve():
    """Caster with the last token rolls against the last other sane seat: whatever the die
    shows, the game ends; the last point is the result, exactly 100 % / 0 %."""
    record, final = record_of("cthulhu-dice", 8)
    result = analyse(record, review=False)
    assert [c for c in result.points[-1][1]] in ([1.0, 0, 0, 0], [0, 1.0, 0, 0], [0, 0, 1.0, 0],
                                                 [0, 0, 0, 1.0], [0, 0, 0, 0])
    assert sorted(result.points[-1][1], reverse=True)[0] in (0.0, 1.0)


@pytest.mark.parametrize("game_id", ["cthulhu-dice", "wongar"])
def test_the_same_record_analysed_twice_gives_the_same_numbers(game_id):
    record, _ = record_of(game_id, 5)
    first = analyse(record, hidden=True)
    second = analyse(record, hidden=True)
    assert first.points == second.points
    assert {i: (r.best, r.chosen_chance, r.best_chance) for i, r in first.reviews.items()} == \
        {i: (r.best, r.chosen_chance, r.best_chance) for i, r in second.reviews.items()}
    again = analyse(record, hidden=True, seed=1).points
    if game_id == "wongar":      # its own estimate, no playout: the seed changes nothing
        assert again == first.points
    else:
        assert again != first.points   # the seed matters


def test_only_people_are_reviewed_and_key_moments_are_the_biggest_swings():
    record, _ = record_of("cthulhu-dice", 11, people=(1,))
    job = Job(record, hidden=False)
    steps = 0
    while job.step():
        steps += 1
    result = job.result
    assert steps == job.total and result.done
    for index, review in result.reviews.items():
        assert review.player == 1 and replay(record, index).state.current_player() == 1
    moments = result.moments()
    assert 1 <= len(moments) <= 3
    swings = sorted(max(abs(a - b) for a, b in zip(after, before))
                    for (_, before), (_, after) in zip(result.points, result.points[1:]))
    assert sorted(abs(a - b) for _, _, b, a in moments) == swings[-len(moments):]
    assert [m[0] for m in moments] == sorted(m[0] for m in moments)      # in game order


def test_cthulhu_dice_eye_choice_that_drives_everyone_mad_is_a_blunder():
    """Two sane seats with one token each, the caster rolled the Eye: the Tentacle takes the
    victim's last token and wins; Cthulhu's face takes both last tokens and nobody wins."""
    state = get_game("cthulhu-dice").start(4, {})
    state.tokens, state.caster, state.victim, state.phase = [1, 1, 0, 0], 0, 1, EYE_PICK
    unmapped = Estimator("cthulhu-dice")
    unmapped.knots = ()
    ranked = dict(unmapped.choices(state, "test"))
    tentacle, cthulhu = state.str_to_action("eT"), state.str_to_action("eC")
    # every playout after the Tentacle is won (the estimate is drawn towards an even 25 %,
    # see SHRINK); after Cthulhu's face nobody ever wins: no chance left for anyone (NOBODY)
    assert ranked[tentacle] == pytest.approx(0.25 + SHRINK["cthulhu-dice"] * 0.75)
    assert ranked[cthulhu] == 0.0
    assert grade((ranked[tentacle] - ranked[cthulhu]) * 100) == "blunder"
    # the calibration map (CALIBRATION) keeps the order and the verdict
    assert CALIBRATION["cthulhu-dice"]
    ranked = dict(Estimator("cthulhu-dice").choices(state, "test"))
    assert grade((ranked[tentacle] - ranked[cthulhu]) * 100) == "blunder"


def winning_choice(game_id, seeds=range(40)):
    """The first decision of a seeded random game where one choice wins at once and another
    does not: (state, winning action, other action)."""
    game = get_game(game_id)
    for seed in seeds:
        rng, state = random.Random(seed), game.start(4, {})
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply(sample_chance(state, rng))
                continue
            wins, others = [], []
            for action in state.legal_actions():
                child = state.clone()
                child.apply(action)
                (wins if child.is_terminal() and child.winners() == [player] else others).append(action)
            if wins and others:
                return state, wins[0], others[0]
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no winning choice found in {game_id}")


@pytest.mark.parametrize("game_id", ["tuchulcha"])
def test_a_move_that_wins_at_once_dominates_and_passing_it_up_is_flagged(game_id):
    state, win, other = winning_choice(game_id)
    player = state.current_player()
    est = Estimator(game_id, hidden=True)
    ranked = dict(est.rank(state, player, [win, other], "test", playouts=32))
    assert ranked[win] == 1.0 > ranked[other]
    assert grade((ranked[win] - ranked[other]) * 100) in ("mistake", "blunder")


def test_public_worlds_redraw_every_hand():
    """Wongar: from the table's view no hand is known, so the worlds drawn differ from the
    real hands (each player's, the first one's included) while hand sizes stay."""
    state = get_game("wongar").start(4, {})
    rng = random.Random(2)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng))
    worlds = [public_world(state, random.Random(k)) for k in range(30)]
    for p in range(4):
        assert all(sum(w.hands[p]) == sum(state.hands[p]) for w in worlds)
        assert any(w.hands[p] != state.hands[p] for w in worlds)


def test_the_coach_ranks_the_current_choices():
    from rituels.analysis.core import advice
    state = get_game("cthulhu-dice").start(4, {})
    state.tokens, state.caster, state.victim, state.phase = [1, 1, 0, 0], 0, 1, EYE_PICK
    top = advice(state, count=2)
    assert len(top) == 2 and state.action_to_str(top[0][0]) == "eT" and top[0][1] > 0.9
    assert top[1][1] < 1.0


def test_the_calibration_map_interpolates_is_flat_beyond_its_ends_and_keeps_the_sum():
    knots = ((0.1, 0.05), (0.5, 0.45))
    # 0.7 is beyond the last knot (0.45), 0.1 on the first (0.05): 0.6 in all, scaled to 1
    assert apply_map([0.7, 0.1, 0.1, 0.1], knots) == pytest.approx([0.75] + [0.25 / 3] * 3)
    # 0.3 halfway between the knots: 0.25; the other two on the first knot; sum 0.5 kept
    assert apply_map([0.3, 0.1, 0.1], knots) == pytest.approx([0.5 * 0.25 / 0.35] +
                                                              [0.5 * 0.05 / 0.35] * 2)
    assert apply_map([0.2, 0.8], ()) == [0.2, 0.8]


def test_playouts_with_no_winner_leave_room_for_nobody_winning():
    """Random playouts won by nobody in 10 % of cases: strong players get there NOBODY times
    as often, so the players share 1 - NOBODY x 10 %, each drawn towards an even share of it."""
    est = Estimator("cthulhu-dice")
    assert NOBODY["cthulhu-dice"] > 1.0          # fitted: strong players end mad more often
    raw = [0.6, 0.2, 0.1, 0.0]
    honest = est.honest(raw)
    assert sum(honest) == pytest.approx(1.0 - NOBODY["cthulhu-dice"] * 0.1)
    assert honest[0] > honest[1] > honest[2] > honest[3] > 0.0
    assert honest[0] < 0.6 * sum(honest) / 0.9               # drawn towards even


def test_a_finished_game_bypasses_the_map():
    """A terminal position gives its exact result, whatever the map would make of it."""
    record, final = record_of("cthulhu-dice", 3)
    est = Estimator("cthulhu-dice")
    assert est.knots and est.chances(final) == list(final.returns())
