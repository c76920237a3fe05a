"""sample_chance draws from each game's cached chance_table(): the table must be the exact
float image of chance_outcomes(), so that a seed draws what rng.choices drew before."""

import random
from itertools import accumulate

import pytest

from rituels.engine import CHANCE, GAME_IDS, get_game, sample_chance

GAMES_PER_CONFIG = 4


def configs():
    for gid in GAME_IDS:
        game = get_game(gid)
        for n in range(game.min_players, game.max_players + 1):
            yield pytest.param(gid, n, id=f"{gid}-{n}p")


@pytest.mark.parametrize("gid,n", configs())
def test_table_is_the_outcomes_and_draws_as_choices(gid, n):
    game = get_game(gid)
    rng = random.Random(f"{gid}/{n}")
    nodes = 0
    for _ in range(GAMES_PER_CONFIG):
        state = game.start(n)
        while not state.is_terminal():
            if state.current_player() != CHANCE:
                state.apply(rng.choice(state.legal_actions()))
                continue
            nodes += 1
            outcomes = state.chance_outcomes()
            actions, cum = state.chance_table()
            assert list(actions) == [a for a, _ in outcomes]
            assert list(cum) == list(accumulate(float(p) for _, p in outcomes))
            # The same generator state gives the same outcome as rng.choices would.
            twin = random.Random()
            twin.setstate(rng.getstate())
            expected = twin.choices([a for a, _ in outcomes],
                                    weights=[float(p) for _, p in outcomes])[0]
            drawn = sample_chance(state, rng)
            assert drawn == expected
            assert rng.getstate() == twin.getstate()
            state.apply(drawn)
    assert nodes > 0
