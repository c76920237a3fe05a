"""Fixtures for Tuchulcha tests: place pawns on a fresh state and force dice."""

from __future__ import annotations

from rituels.tuchulcha.rules import MOVE, START, TuchulchaState


def position(players: int = 4, *, stones: dict | None = None, temple: dict | None = None,
             velthumena: dict | None = None, forest: dict | None = None,
             sanctuary: dict | None = None, star: dict | None = None, seals=(),
             tuchulcha: int | None = None, lasa: int | None = None, consecrations: int = 0,
             out=(), player: int = 0, group_moves: bool = False) -> TuchulchaState:
    """A state at the start of ``player``'s turn with pawns placed as given.

    ``stones`` maps stone -> (colour, count); the other dicts map colour -> count. A colour's
    temple holds every pawn not placed elsewhere unless ``temple`` gives its count.
    ``group_moves`` plays the old reading (a die moves a group: the set-up option).
    """
    st = TuchulchaState(players, group_moves=group_moves)
    stones, temple = stones or {}, temple or {}
    places = {"velthumena": velthumena, "forest": forest, "sanctuary": sanctuary, "star": star}
    for name, counts in places.items():
        for c, n in (counts or {}).items():
            getattr(st, name)[c] = n
    for s, (c, n) in stones.items():
        st.stones[s] = (c, n)
        st.path[c] += n
    for c in st.colours:
        placed = st.path[c] + sum(getattr(st, name)[c] for name in places)
        st.temple[c] = temple.get(c, st.pawns - placed)
        assert st.temple[c] >= 0, f"colour {c}: more pawns placed than it has"
    st.seals = frozenset(seals)
    st.tuchulcha, st.lasa, st.consecrations = tuchulcha, lasa, consecrations
    st.out = frozenset(out)
    st.first_player = 0
    st._start_turn(player)
    return st


def roll(st: TuchulchaState, *values: int, third: int | str | None = None,
         discard: int | None = None) -> TuchulchaState:
    """Roll the given dice for the player to move (declining a role change first). After a
    double: ``third`` = a value rolls that third die, None declines it, "ask" stops there."""
    if st.phase == START:
        st.play("roll")
    st.play(("dice", tuple(sorted(values, reverse=True))))
    if st.phase == "third" and third != "ask":
        if third is None:
            st.play("nothird")
        else:
            st.play("third")
            st.play(("dice", (third,)))
    if discard is not None:
        st.play(("discard", discard))
    return st


def notations(st: TuchulchaState) -> set[str]:
    return {st.action_to_str(a) for a in st.legal_actions()}


def move(st: TuchulchaState, text: str) -> TuchulchaState:
    assert st.phase == MOVE, st.phase
    st.play(st.str_to_action(text))
    return st
