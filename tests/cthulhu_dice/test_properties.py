"""Properties over thousands of random games (every mode and table size): tokens are
conserved, nobody goes negative, the protocol holds, records replay exactly."""

import json
import random

import pytest

from rituels.engine import CHANCE, TERMINAL, NotationError
from rituels.engine.history import replay
from rituels.engine.record import new_record
from rituels.cthulhu_dice.rules import CTHULHU, GIFT, VICTIM

from .helpers import start

CONFIGS = [(n, {}) for n in range(2, 9)] + [(3, {"three": "two_seats"})] + [
    (n, {"mode": "cthulhu"}) for n in range(2, 9)] + [
    (4, {"mode": "cthulhu", "win_drain": False, "win_last": False, "target": 6}),
    (5, {"mode": "cthulhu", "win_drain": False, "win_target": False, "win_last": False}),
]


def check_invariants(state):
    assert sum(state.tokens) + state.pool == state.total
    assert min(state.tokens) >= 0 and state.pool >= 0
    player = state.current_player()
    assert player in (CHANCE, TERMINAL) or 0 <= player < state.num_players
    if state.phase == VICTIM:
        for action in state.legal_actions():
            seat = action[1]
            assert seat == CTHULHU or (seat != state.caster and state.tokens[seat] > 0)
    if state.phase == GIFT:
        assert all(state.tokens[a[1]] > 0 for a in state.legal_actions())


@pytest.mark.parametrize("players,options", CONFIGS, ids=[f"{n}p-{o}" for n, o in CONFIGS])
def test_random_games_conserve_tokens(players, options):
    rng = random.Random(f"{players}{options}")
    for _ in range(250):
        state = start(players, **options)
        steps = 0
        while not state.is_terminal():
            check_invariants(state)
            if state.phase == "roll":
                state.apply(state.sample(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            steps += 1
            assert steps < 20000
        check_invariants(state)
        assert state.legal_actions() == []


SOME = CONFIGS[::3]


@pytest.mark.parametrize("players,options", SOME, ids=[f"{n}p-{o}" for n, o in SOME])
def test_records_replay_exactly_and_notation_round_trips(players, options):
    rng = random.Random(players)
    for _ in range(10):
        state = start(players, **options)
        record = new_record("cthulhu-dice", [{"name": f"P{i}"} for i in range(players)], options)
        while not state.is_terminal():
            actions = state.legal_actions()
            for a in actions:
                assert state.str_to_action(state.action_to_str(a)) == a
            action = rng.choice(actions)
            record["actions"].append(state.action_to_str(action))
            state.apply(action)
        again = replay(record).state
        assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(state.to_json(),
                                                                         sort_keys=True)
        assert again.winners() == state.winners()


def test_clone_is_independent():
    state = start(4, mode="cthulhu")
    twin = state.clone()
    for action in (("victim", -1), ("roll", "T")):
        twin.apply(action)
    assert state.tokens == [3, 3, 3, 3] and state.pool == 12 and state.took == [False] * 4
    assert twin.tokens == [4, 3, 3, 3] and twin.took[0]


def test_clone_copies_every_attribute():
    """clone() names each slot: one added to the state and forgotten there fails here."""
    state = start(4, mode="cthulhu")
    for action in (("victim", 1), ("roll", "Y"), ("gift", 2)):
        state.play(action)
    assert state.events and state.took == [False] * 4
    twin = state.clone()
    for name in state.__slots__:
        assert getattr(twin, name) == getattr(state, name), name


@pytest.mark.parametrize("text", ["", "v", "v0", "v9", "vC", "g", "x", "eO", "y", " Y",
                                  "v1x", "v-1", "g2", "v01"])
def test_bad_notation_is_refused_with_a_clear_error(text):
    with pytest.raises(NotationError):
        start(4).str_to_action(text)


def test_sampler_matches_the_exact_probabilities():
    state = start(4)
    state.apply(("victim", 1))
    rng = random.Random(5)
    counts = {f: 0 for f, _ in state.chance_outcomes()}
    draws = 24000
    for _ in range(draws):
        counts[state.sample(rng)] += 1
    for face, p in state.chance_outcomes():
        assert abs(counts[face] / draws - float(p)) < 0.01
