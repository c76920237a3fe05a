"""from_json, the validating inverse of to_json (issue 22, item 4): over random positions of
every game, player count and variant, the rebuilt state writes the same data, offers the same
legal actions and plays on exactly as the original with the same chance outcomes; bad data
raises PositionError with a reason, never another error."""

import copy
import json
import random

import pytest

from rituels.engine import get_game, sample_chance
from rituels.engine.position import PositionError

TABLES = [("cthulhu-dice", p, o) for p in range(2, 9) for o in ({}, {"mode": "cthulhu"})]
TABLES += [("cthulhu-dice", 3, {"three": "two_seats"}),
           ("cthulhu-dice", 5, {"mode": "cthulhu", "win_target": False, "target": 7})]
TABLES += [("tuchulcha", p, {}) for p in (2, 3, 4)] + [("tuchulcha", 3, {"group_moves": True})]
TABLES += [("wongar", p, {"variant": v}) for p in (3, 4, 5) for v in ("basic", "advanced")]


def _data(state):
    return json.loads(json.dumps(state.to_json()))


def _dump(state):
    return json.dumps(state.to_json(), sort_keys=True)


def _step(state, rng):
    if state.is_chance():
        state.apply(sample_chance(state, rng))
    else:
        state.apply(rng.choice(state.legal_actions()))


def _positions(game_id, players, options, seed, every):
    """Positions along one random game, one in ``every``, and the last."""
    rng = random.Random(seed)
    state = get_game(game_id).start(players, options)
    i = 0
    while not state.is_terminal():
        if i % every == 0:
            yield state.clone()
        _step(state, rng)
        i += 1
    yield state


@pytest.mark.parametrize("game_id,players,options", TABLES)
def test_round_trip_plays_on_identically(game_id, players, options):
    game = get_game(game_id)
    every = 1 if game_id == "cthulhu-dice" else 7
    for n, state in enumerate(_positions(game_id, players, options, players * 31, every)):
        again = game.from_json(_data(state))
        assert type(again) is type(state)
        assert _dump(again) == _dump(state)
        assert again.current_player() == state.current_player()
        assert again.legal_actions() == state.legal_actions()
        if n % 5 == 0:   # future play: same chance outcomes and choices, same states
            a, b = state.clone(), again
            ra, rb = random.Random(n), random.Random(n)
            for _ in range(40):
                if a.is_terminal():
                    break
                _step(a, ra)
                _step(b, rb)
                assert _dump(a) == _dump(b)
            assert a.is_terminal() == b.is_terminal()


@pytest.mark.parametrize("game_id", ["cthulhu-dice", "tuchulcha", "wongar"])
def test_bad_data_raises_position_error(game_id):
    game = get_game(game_id)
    good = _data(next(iter(_positions(game_id, 4, {}, 5, 1000))))
    for bad in (None, [], "x", {}, dict(good, extra=1)):
        with pytest.raises(PositionError):
            game.from_json(bad)
    missing = dict(good)
    missing.pop(sorted(good)[0])
    with pytest.raises(PositionError, match="missing"):
        game.from_json(missing)


def test_named_reasons():
    cd = get_game("cthulhu-dice")
    data = _data(cd.start(3, {}))
    data["seats"][0]["tokens"] = 9            # a token out of nowhere
    with pytest.raises(PositionError, match="tokens"):
        cd.from_json(data)
    tu = get_game("tuchulcha")
    data = _data(tu.start(4, {}))
    data["temple"][0] -= 1                    # a pawn lost from the count
    with pytest.raises(PositionError, match="colour 0"):
        tu.from_json(data)
    data = _data(tu.start(4, {}))
    data["phase"] = "dance"
    with pytest.raises(PositionError, match="phase"):
        tu.from_json(data)
    wo = get_game("wongar")
    data = _data(wo.start(3, {}))
    data["supply"][1][2] += 1
    with pytest.raises(PositionError, match="player 1"):
        wo.from_json(data)


def _mutations(value, rng):
    """Copies of ``value`` with one leaf changed to something else."""
    paths = []

    def walk(v, path):
        if isinstance(v, dict):
            for k in v:
                walk(v[k], path + [k])
        elif isinstance(v, list) and v:
            for i, x in enumerate(v):
                walk(x, path + [i])
        else:
            paths.append(path)
    walk(value, [])
    for path in rng.sample(paths, min(60, len(paths))):
        for new in (-1, 99, None, "x", True, [], 0):
            out = copy.deepcopy(value)
            target = out
            for k in path[:-1]:
                target = target[k]
            if path:
                target[path[-1]] = new
            yield out


@pytest.mark.parametrize("game_id,players", [("cthulhu-dice", 4), ("tuchulcha", 4),
                                             ("tuchulcha", 2), ("wongar", 4)])
def test_tampered_data_is_refused_or_playable(game_id, players):
    """Every one-leaf change is either refused with PositionError or gives a state the rules
    can play: never another exception."""
    game = get_game(game_id)
    rng = random.Random(7)
    positions = list(_positions(game_id, players, {}, 11, 25))
    for state in positions[1:4]:
        for data in _mutations(_data(state), rng):
            try:
                st = game.from_json(data)
            except PositionError:
                continue
            for _ in range(5):
                if st.is_terminal():
                    break
                _step(st, rng)
