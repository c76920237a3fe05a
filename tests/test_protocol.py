"""Every registered game against the common protocol, by random simulation (OpenSpiel style)."""

import json
import random
from fractions import Fraction
from itertools import accumulate

import pytest

from rituels.engine import CHANCE, TERMINAL, GAME_IDS, get_game, sample_chance
from rituels.engine.history import replay
from rituels.engine.record import new_record
from rituels.engine.state import CACHE, NotationError, ascii_int, sample_uniform

GAMES_PER_CONFIG = 12


def configs():
    for gid in GAME_IDS:
        game = get_game(gid)
        for n in range(game.min_players, game.max_players + 1):
            yield pytest.param(gid, n, id=f"{gid}-{n}p")


def check_node(state, rng):
    player = state.current_player()
    assert player == CHANCE or player == TERMINAL or 0 <= player < state.num_players
    actions = state.legal_actions()
    assert actions, "a non-terminal state must offer at least one action"
    notations = [state.action_to_str(a) for a in actions]
    assert len(set(notations)) == len(notations), "two actions share a notation"
    for a, text in zip(actions, notations):
        assert isinstance(text, str) and text and text == text.strip()
        assert state.str_to_action(text) == a, f"{text!r} does not round-trip"
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == 1
        return sample_chance(state, rng)
    return rng.choice(actions)


@pytest.mark.parametrize("game_id,players", list(configs()))
def test_random_games_follow_the_protocol(game_id, players):
    game = get_game(game_id)
    rng = random.Random(f"{game_id}-{players}")
    for g in range(GAMES_PER_CONFIG):
        state = game.start(players)
        seats = [{"name": f"P{i}", "bot": None} for i in range(players)]
        record = new_record(game_id, seats)
        steps = 0
        while not state.is_terminal():
            action = check_node(state, rng)
            text = state.action_to_str(action)
            if steps % 7 == 0:
                # A clone is independent: advancing it leaves the original untouched.
                before = json.dumps(state.to_json(), sort_keys=True)
                twin = state.clone()
                twin.apply(action)
                assert json.dumps(state.to_json(), sort_keys=True) == before
            state.apply(action)
            record["actions"].append(text)
            steps += 1
            assert steps < 50000, "game did not terminate"
        won = state.winners()
        assert all(0 <= p < players for p in won)
        assert sum(state.returns()) == pytest.approx(1.0 if won else 0.0)
        json.dumps(state.to_json())  # the state is JSON data
        # Replaying the record rebuilds exactly the same final position.
        again = replay(record).state
        assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("game_id,players", list(configs()))
def test_legal_actions_returns_a_list_the_caller_owns(game_id, players):
    """Mutating the returned list (reverse, clear) changes neither the state's legal actions
    nor a clone's, whichever of the two was asked first."""
    game = get_game(game_id)
    rng = random.Random(f"own-{game_id}-{players}")
    state = game.start(players)
    steps = 0
    while not state.is_terminal():
        if steps % 5 == 0:
            expected = list(state.legal_actions())
            twin = state.clone()
            mine = state.legal_actions()
            mine.reverse()
            theirs = twin.legal_actions()
            assert theirs == expected, "reversing the state's list changed its clone's"
            theirs.clear()
            assert state.legal_actions() == expected, "a list given out was the state's own"
            assert twin.legal_actions() == expected
        action = sample_chance(state, rng) if state.is_chance() else rng.choice(
            state.legal_actions())
        state.apply(action)
        steps += 1
        assert steps < 50000, "game did not terminate"


@pytest.mark.parametrize("game_id,players", list(configs()))
def test_samplers_draw_what_the_random_module_drew(game_id, players):
    """sample_chance uses each game's cached chance_table(): it must be the float image of
    chance_outcomes() and draw, for a generator state, what rng.choices drew from them.
    sample_uniform (random bots, playouts) must pick what rng.choice picked. Both leave the
    generator where the random module left it: seeded self-play and analysis replay the same
    games as before."""
    game = get_game(game_id)
    rng = random.Random(f"table-{game_id}-{players}")
    nodes = decisions = 0
    for _ in range(4):
        state = game.start(players)
        while not state.is_terminal():
            twin = random.Random()
            twin.setstate(rng.getstate())
            if not state.is_chance():
                legal = state.legal_actions()
                expected = twin.choice(legal)
                drawn = sample_uniform(legal, rng)
                decisions += 1
            else:
                nodes += 1
                outcomes = state.chance_outcomes()
                actions, cum = state.chance_table()
                assert list(actions) == [a for a, _ in outcomes]
                assert list(cum) == list(accumulate(float(p) for _, p in outcomes))
                expected = twin.choices([a for a, _ in outcomes],
                                        weights=[float(p) for _, p in outcomes])[0]
                drawn = sample_chance(state, rng)
            assert drawn == expected and rng.getstate() == twin.getstate()
            state.apply(drawn)
    assert nodes > 0 and decisions > 0


def test_sample_uniform_on_long_and_empty_sequences():
    """Beyond its table of bit lengths it still agrees with rng.choice; an empty sequence
    raises IndexError as rng.choice does."""
    for n in (1, 2, 3, 255, 511, 512, 513, 4097):
        a, b = random.Random(n), random.Random(n)
        items = list(range(n))
        assert [a.choice(items) for _ in range(50)] == [sample_uniform(items, b)
                                                         for _ in range(50)]
    with pytest.raises(IndexError):
        sample_uniform([], random.Random(0))


# Digits that str.isdigit() accepts but int() may not, or that int() reads as ASCII digits:
# superscript, Arabic-Indic, full-width, Devanagari, mathematical bold.
OTHER_DIGITS = ("²", "٣", "３", "७", "𝟏")


@pytest.mark.parametrize("game_id,players", list(configs()))
def test_notations_with_non_ascii_digits_raise_notation_error(game_id, players):
    """Every legal notation seen in random games, with one of its digits replaced by a
    non-ASCII digit, is refused with NotationError (never another exception)."""
    game = get_game(game_id)
    rng = random.Random(f"digits-{game_id}-{players}")
    seen: set[str] = set()
    for _ in range(3):
        state = game.start(players)
        while not state.is_terminal():
            for a in state.legal_actions():
                text = state.action_to_str(a)
                if any(c.isdigit() for c in text) and text not in seen:
                    seen.add(text)
                    for i, c in enumerate(text):
                        if c.isdigit():
                            bad = text[:i] + rng.choice(OTHER_DIGITS) + text[i + 1:]
                            with pytest.raises(NotationError):
                                state.str_to_action(bad)
            state.apply(sample_chance(state, rng) if state.is_chance()
                        else rng.choice(state.legal_actions()))
    assert seen, "this game's notations have digits: the test must see some"


@pytest.mark.parametrize("text,value", [("0", 0), ("7", 7), ("12", 12)])
def test_ascii_int_reads_canonical_ascii_numbers(text, value):
    assert ascii_int(text) == value


@pytest.mark.parametrize("text", ["", "²", "٣", "３", "𝟏", "1²", "01", "+1", "-1", " 1", "1 ",
                                  "1_0", "x", None])
def test_ascii_int_refuses_anything_else(text):
    with pytest.raises(NotationError):
        ascii_int(text)


# --- the serialisation contract (issue 41, item 8): fresh data, read back with or without JSON
CONTAINERS = (list, tuple, dict, set, frozenset)
MUTABLE = (list, dict, set, bytearray)


def containers(value):
    """Every container reachable from ``value`` (keys and items alike), once each."""
    found, stack = {}, [value]
    while stack:
        v = stack.pop()
        if isinstance(v, CONTAINERS) and id(v) not in found:
            found[id(v)] = v
            if isinstance(v, dict):
                stack.extend(v.keys())
                stack.extend(v.values())
            else:
                stack.extend(v)
    return list(found.values())


def state_mutables(state):
    """The mutable objects the state's declared attributes hold, but its caches (which clones
    share on purpose), by id."""
    fields = type(state).FIELDS
    return {id(c): c for name, kind in fields.copies.items() if kind != CACHE
            for c in containers(getattr(state, name)) if isinstance(c, MUTABLE)}


def assert_plain_and_fresh(data, state, what):
    """``data`` is plain JSON data (no tuples) sharing no mutable object with ``state``."""
    held = state_mutables(state)
    for c in containers(data):
        assert type(c) in (list, dict), f"{what}: {type(c).__name__} in the data"
        assert id(c) not in held, f"{what}: a list or dict of the state itself"
    for c in containers(data):
        for v in (c.values() if isinstance(c, dict) else c):
            assert v is None or type(v) in (list, dict, str, int, bool, float), (what, v)


def scribble(data):
    """Change every list and dict of ``data`` in place."""
    for c in containers(data):
        if isinstance(c, list):
            c.append("scribbled")
        else:
            c["scribbled"] = 1


def contract_positions(game_id, players, every):
    """Positions of seeded random games, one in ``every`` and each chance node's first few
    (mid-game draws and rolls included), and each game's last."""
    rng = random.Random(f"contract-{game_id}-{players}")
    for _ in range(2):
        state = get_game(game_id).start(players)
        i = 0
        while not state.is_terminal():
            if i % every == 0 or (state.is_chance() and i % every < 3):
                yield state
            state.apply(sample_chance(state, rng) if state.is_chance()
                        else rng.choice(state.legal_actions()))
            i += 1
        yield state


@pytest.mark.parametrize("game_id,players", list(configs()))
def test_to_json_clone_and_from_json_share_nothing_and_round_trip(game_id, players):
    """For random positions: (a) to_json gives fresh plain data: changing every list and dict
    in it leaves the state's own data as it was, and none of them is the state's; (b)
    from_json reads that data back to the same position, directly and through JSON, and
    keeps no part of it; (c) a clone holds no mutable object of the original (but the
    declared caches) and every attribute of a state is declared in its FIELDS."""
    game = get_game(game_id)
    chance = seen = 0
    every = 1 if game_id == "cthulhu-dice" else 9
    for state in contract_positions(game_id, players, every):
        seen += 1
        chance += state.is_chance()
        text = json.dumps(state.to_json())
        data = state.to_json()
        assert_plain_and_fresh(data, state, "to_json")
        scribble(data)
        assert json.dumps(state.to_json()) == text, "to_json handed out the state's data"
        for data in (state.to_json(), json.loads(text)):     # (b): without and with JSON
            again = game.from_json(data)
            assert json.dumps(again.to_json()) == text
            scribble(data)
            assert json.dumps(again.to_json()) == text, "from_json kept the data's lists"
        attrs = set(getattr(state, "__dict__", ()))
        attrs |= {n for n in getattr(type(state), "__slots__", ()) if hasattr(state, n)}
        assert attrs == set(type(state).FIELDS.names), "an attribute not in FIELDS, or missing"
        twin = state.clone()
        assert type(twin) is type(state)
        shared = state_mutables(twin).keys() & state_mutables(state).keys()
        assert not shared, f"the clone shares {len(shared)} lists or dicts with the original"
        assert json.dumps(twin.to_json()) == text
    assert seen > 20 and chance > 0
