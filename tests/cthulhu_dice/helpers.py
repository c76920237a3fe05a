"""Positions and forced roll sequences for the Cthulhu Dice tests."""

from __future__ import annotations

from rituels.cthulhu_dice.game import GAME
from rituels.cthulhu_dice.rules import CthulhuDiceState


def start(players: int = 4, **options) -> CthulhuDiceState:
    return GAME.start(players, options)


def position(tokens: list[int], pool: int, caster: int = 0, players: int | None = None,
             **options) -> CthulhuDiceState:
    """A table at the start of ``caster``'s turn with the given tokens (one seat per player
    unless ``players`` says otherwise). The total is whatever the tokens add up to."""
    state = start(players or len(tokens), **options)
    assert len(state.tokens) == len(tokens)
    state.tokens = list(tokens)
    state.pool = pool
    state.total = sum(tokens) + pool
    state.caster = caster
    return state


def play(state: CthulhuDiceState, moves: str) -> CthulhuDiceState:
    """Play space-separated actions in notation, each checked for legality."""
    for text in moves.split():
        state.play(state.str_to_action(text))
        assert sum(state.tokens) + state.pool == state.total
    return state
