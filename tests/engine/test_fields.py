"""engine.state.Fields, a state's declared field list: the clone it makes copies each attribute
as declared (slotted or not), to_json writes the declared keys in order as fresh plain data,
and a declaration that contradicts itself is refused when the class is made."""

import pytest

from rituels.engine.state import (
    CACHE, CUBE, DICT, LIST, TABLE, Field, Fields, GameState, plain)


def _fields():
    return Fields(
        Field("n"), Field("row", LIST), Field("grid", TABLE, "table"), Field("cube", CUBE),
        Field("marks", DICT, save=lambda m: {str(k): v for k, v in sorted(m.items())}),
        Field(("a", "b"), key="pair", save=lambda a, b: {"a": list(a), "b": b}),
        Field("pairs", LIST), Field("memo", CACHE, None))


class Plain(GameState):
    FIELDS = _fields()


class Slotted(GameState):
    FIELDS = _fields()
    __slots__ = FIELDS.names


def _fill(state):
    state.n, state.row, state.grid = 3, [1, 2], [[1], [2, 3]]
    state.cube = [[[1, 2]], [[3]]]
    state.marks, state.a, state.b = {2: 1, 1: 5}, (1, 2), None
    state.pairs, state.memo = [(1, 2)], {}
    return state


@pytest.mark.parametrize("cls", [Plain, Slotted])
def test_clone_copies_what_is_mutable_and_shares_the_rest(cls):
    state = _fill(object.__new__(cls))
    twin = state.clone()
    assert type(twin) is cls and twin.to_json() == state.to_json()
    for name in ("row", "grid", "cube", "marks", "pairs"):
        assert getattr(twin, name) is not getattr(state, name), name
    assert twin.grid[1] is not state.grid[1] and twin.cube[0][0] is not state.cube[0][0]
    assert twin.a is state.a and twin.memo is state.memo    # immutable, and the cache


def test_to_json_writes_the_declared_keys_in_order_as_fresh_plain_data():
    state = _fill(object.__new__(Plain))
    data = state.to_json()
    assert list(data) == ["n", "row", "table", "cube", "marks", "pair", "pairs"]
    assert data["pair"] == {"a": [1, 2], "b": None}
    assert data["pairs"] == [[1, 2]] and data["marks"] == {"1": 5, "2": 1}
    assert data["row"] is not state.row and data["table"][0] is not state.grid[0]
    assert Plain.FIELDS.keys == frozenset(data)
    assert Plain.FIELDS.names == ("n", "row", "grid", "cube", "marks", "a", "b", "pairs", "memo")


def test_plain_copies_into_lists_and_dicts():
    value = {"a": [(1, 2), [3]], "b": ((4,),)}
    out = plain(value)
    assert out == {"a": [[1, 2], [3]], "b": [[4]]}
    assert out["a"][1] is not value["a"][1]


@pytest.mark.parametrize("fields", [
    (Field("x", LIST), Field("x", TABLE, "y")),          # one attribute, two copy kinds
    (Field("x"), Field("y", key="x")),                   # two fields, one key
    (Field(("x", "y"), (LIST,), "xy"),),                 # a copy kind per attribute
    (Field("x", "deep"),),                               # no such copy kind
    (Field("x = 1; y"),),                                # not an attribute name
])
def test_a_declaration_that_contradicts_itself_is_refused(fields):
    with pytest.raises(TypeError):
        Fields(*fields)
