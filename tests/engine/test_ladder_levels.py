"""The ladder's levels 1-4 (issue 43): legal, reproducible for a seed, fixed effort, and level 1
never plays what the rules call a clear error."""

from __future__ import annotations

import random

import pytest

from rituels.engine.bots import decide, noisy_choice
from rituels.engine.game import get_game
from rituels.engine.state import CHANCE, sample_chance, sample_uniform

LOW_LEVELS = ("1", "2", "3", "4")
TABLES = {"tuchulcha": 2, "wongar": 3, "cthulhu-dice": 4}


def positions(game_id: str, n: int, count: int, seed: int):
    """``count`` positions with a player to move, reached by random play (one per game)."""
    game = get_game(game_id)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.start(n, None)
        stop = rng.randrange(1, 120)
        steps = 0
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply(sample_chance(state, rng))
                continue
            if steps >= stop and len(state.legal_actions()) > 1:
                out.append(state)
                break
            state.apply(sample_uniform(state.legal_actions(), rng))
            steps += 1
    return out


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_low_levels_are_legal_and_reproducible(game_id):
    game = get_game(game_id)
    assert game.levels == ("1", "2", "3", "4", "5")
    for i, state in enumerate(positions(game_id, TABLES[game_id], 3, seed=5)):
        player = state.current_player()
        for level in LOW_LEVELS:
            before = state.to_json()
            first = decide(game.bots[level](i), state.clone(), player)
            again = decide(game.bots[level](i), state.clone(), player)
            assert first in state.legal_actions(), (level, first)
            assert first == again, (game_id, level)
            assert state.to_json() == before


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_low_levels_have_no_clock(game_id):
    """Levels 1-4 stop on a count: no fixed-effort twin is needed."""
    game = get_game(game_id)
    for level in LOW_LEVELS:
        bot = game.bots[level](0)
        assert getattr(bot, "budget_s", None) is None or getattr(bot, "max_leaves", None) \
            or getattr(bot, "iterations", None), level
        assert level not in game.fixed_effort_bots


def test_tuchulcha_level_one_avoids_clear_errors():
    from rituels.tuchulcha.chances import clear_error

    game = get_game("tuchulcha")
    rng = random.Random(11)
    tried = 0
    for g in range(60):
        state = game.start(rng.choice((2, 3, 4)), None)
        while not state.is_terminal() and tried < 150:
            p = state.current_player()
            if p == CHANCE:
                state.apply(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and any(clear_error(state, a) for a in legal):
                tried += 1
                for seed in range(3):
                    choice = decide(game.bots["1"](seed), state, p)
                    assert not clear_error(state, choice), state.action_to_str(choice)
            state.apply(sample_uniform(legal, rng))
    assert tried >= 20      # the situation is common enough to have been tested


def test_noisy_choice():
    rng = random.Random(3)
    scored = [(0.0, "absurd"), (1.0, "good"), (0.98, "almost"), (0.5, "meh"), (-5, "worst")]
    picks = [noisy_choice(scored, rng, 0.05, top=3) for _ in range(400)]
    assert set(picks) <= {"good", "almost", "meh"}
    assert picks.count("good") > picks.count("almost") > picks.count("meh")
    assert noisy_choice(scored, rng, 0.0) == "good"
    assert noisy_choice([(1, "a"), (1, "b")], rng, 0.0) == "a"
    again = random.Random(3)
    assert [noisy_choice(scored, again, 0.05, top=3) for _ in range(400)] == picks
