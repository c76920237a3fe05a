"""Shared helpers of the record/link/undo tests: real games played by easy bots, and a
skip (with the reason) for a game whose package is not written yet."""

from __future__ import annotations

import random

import pytest

from rituels.engine import GAME_IDS, get_game
from rituels.engine.bots import play_game
from rituels.engine.record import new_record


def game_or_skip(game_id: str):
    try:
        return get_game(game_id)
    except ImportError as exc:  # the game is being written in parallel
        pytest.skip(f"{game_id} is not available yet: {exc}")


def game_params():
    return [pytest.param(g, id=g) for g in GAME_IDS]


def player_counts(game):
    return range(game.min_players, game.max_players + 1)


def played_record(game_id: str, players: int | None = None, seed: int = 0,
                  names: list[str] | None = None, upto: int | None = None,
                  options: dict | None = None) -> dict:
    """A record of a complete game between easy bots (cut to ``upto`` actions if given);
    seats are humans named ``names`` so the record looks like a real table."""
    game = game_or_skip(game_id)
    players = players or game.default_players
    rng = random.Random(seed)
    bots = [game.bots["easy"](rng.randrange(2**31)) for _ in range(players)]
    _, actions = play_game(game, bots, options, rng)
    names = names or [f"Joueur {i + 1}" for i in range(players)]
    record = new_record(game_id, [{"name": n, "bot": None} for n in names], options,
                        meta={"started": "2026-11-29T13:00:00Z"})
    record["actions"] = actions[:upto] if upto is not None else actions
    return record

