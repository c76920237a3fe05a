"""History: the one replay of a record (rituels.engine.history)."""

import random

import pytest

from rituels.engine import CHANCE, sample_chance
from rituels.engine import history as history_module
from rituels.engine.history import History
from rituels.engine.history import replay
from rituels.engine.record import RecordError, new_record, start_state

from .helpers import game_or_skip, game_params, played_record


def random_record(game_id: str, players: int, seed: int, moves: int = 400) -> dict:
    """A record of random legal play (chance sampled), stopped at the end or after ``moves``."""
    game_or_skip(game_id)
    rng = random.Random(seed)
    record = new_record(game_id, [{"name": f"P{i}", "bot": None} for i in range(players)])
    state = start_state(record)[1]
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        record["actions"].append(state.action_to_str(action))
        state.apply(action)
    return record


@pytest.mark.parametrize("game_id", game_params())
def test_at_i_is_a_fresh_replay_of_the_first_i_actions(game_id, monkeypatch):
    game = game_or_skip(game_id)
    monkeypatch.setattr(history_module, "MAX_SNAPSHOTS", 4)   # the interval doubles too
    for players in range(game.min_players, game.max_players + 1):
        record = random_record(game_id, players, seed=players)
        history = History(record)
        n = len(record["actions"])
        assert len(history) == n and history.notations == record["actions"]
        assert len(history._snapshots) <= 5
        rng = random.Random(players)
        for i in [0, n, n - 1] + [rng.randrange(n + 1) for _ in range(25)]:
            assert history.at(i).to_json() == replay(record, upto=i).state.to_json(), i
        assert history.state.to_json() == replay(record).state.to_json()


@pytest.mark.parametrize("game_id", game_params())
def test_play_grows_the_history_as_a_replay_would(game_id):
    record = random_record(game_id, game_or_skip(game_id).min_players, seed=5, moves=120)
    start = dict(record, actions=[])
    history = History(start)
    for text in record["actions"]:
        history.play(history.state.str_to_action(text))
    assert history.record["actions"] == record["actions"]
    assert history.at(len(history) // 2).to_json() == \
        replay(record, upto=len(history) // 2).state.to_json()


def test_returned_states_do_not_alias_the_history():
    record = played_record("cthulhu-dice", 2, seed=1)
    history = History(record)
    n = len(history)
    want = [replay(record, upto=i).state.to_json() for i in range(n + 1)]
    for i in (0, n // 2, n):
        state = history.at(i)
        again = history.at(i)            # the same position asked twice
        assert state is not again and state is not history.state
        for s in (state, again):         # play on both copies
            while not s.is_terminal():
                s.apply(s.legal_actions()[0] if s.current_player() != CHANCE
                        else s.chance_outcomes()[0][0])
    assert [history.at(i).to_json() for i in range(n + 1)] == want


def test_describe_and_observe_hooks():
    record = played_record("cthulhu-dice", 2, seed=2)
    seen = []
    history = History(record, describe=lambda before, action, after: [str(action)],
                      observe=lambda state, i: seen.append((i, state.current_player())))
    assert [i for i, _ in seen] == list(range(len(history)))
    assert [who for _, who in seen] == history.movers
    assert history.lines == [[str(a)] for a in history.actions]
    history.redescribe(lambda before, action, after: ["x"])
    assert history.lines == [["x"]] * len(history)


def test_out_of_range_positions_raise_the_record_error():
    history = History(played_record("cthulhu-dice", 2, seed=3))
    for bad in (-1, len(history) + 1, "1", None):
        with pytest.raises(RecordError) as err:
            history.at(bad)
        assert err.value.code == "record.position"


def test_corrupt_records_raise_the_record_error_naming_the_action():
    record = played_record("cthulhu-dice", 2, seed=4)
    with pytest.raises(RecordError) as err:
        History({"format": 1, "game": "nope"})
    assert err.value.code == "record.game"
    broken = dict(record, actions=record["actions"][:3] + ["???"] + record["actions"][4:])
    with pytest.raises(RecordError) as err:
        History(broken)
    assert (err.value.index, err.value.code) == (3, "record.notation")
    assert len(History(broken, upto=3)) == 3         # before the damage: fine
    over = dict(record, actions=record["actions"] + record["actions"][-1:])
    with pytest.raises(RecordError) as err:
        History(over)
    assert err.value.code == "record.after_end"


def test_a_history_without_snapshots_walks_from_the_start():
    record = played_record("cthulhu-dice", 3, seed=6)
    history = History(record, snapshots=False)
    assert len(history._snapshots) == 1
    for i in range(len(history) + 1):
        assert history.at(i).to_json() == replay(record, upto=i).state.to_json()
