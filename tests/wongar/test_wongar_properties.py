"""Wongar properties over many random games: every token and card accounted for in every state,
scores never negative, hidden hands never in another player's observation, every game ends."""

import random

import pytest

from rituels.engine import CHANCE, TERMINAL, sample_chance
from rituels.wongar.rules import WongarState
from wongar_helpers import check_accounting

MAX_ACTIONS = 5000  # a random game takes about 400-600 actions


@pytest.mark.parametrize("players,variant", [(3, "basic"), (4, "basic"), (5, "basic"),
                                             (3, "advanced"), (4, "advanced"), (5, "advanced")])
def test_random_games_keep_every_token_and_card_and_end(players, variant):
    rng = random.Random(f"{players}{variant}")
    for game in range(15):
        s = WongarState(players, {"variant": variant})
        steps = 0
        while not s.is_terminal():
            check_accounting(s)
            player = s.current_player()
            assert player == CHANCE or 0 <= player < players
            actions = s.legal_actions()
            assert actions and len(actions) <= 30  # small decisions
            if steps % 25 == 0:
                viewer = rng.randrange(players)
                obs = s.observation(viewer)
                assert all(h is None for p, h in enumerate(obs["hands"]) if p != viewer)
            s.apply(sample_chance(s, rng) if player == CHANCE else rng.choice(actions))
            steps += 1
            assert steps < MAX_ACTIONS, "game did not end"
        check_accounting(s)
        assert s.current_player() == TERMINAL and s.end_triggered in ("time", "pile")
        assert s.winners() and max(s.scores) == s.scores[s.winners()[0]]
