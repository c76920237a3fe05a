"""The common game protocol shared by every game (see docs/architecture.md, "Game protocol")."""

from rituels.engine.state import (
    CHANCE,
    TERMINAL,
    GameState,
    IllegalAction,
    NotationError,
    sample_chance,
)
from rituels.engine.game import Game, Option, GAME_IDS, get_game, all_games

__all__ = [
    "CHANCE", "TERMINAL", "GameState", "IllegalAction", "NotationError", "sample_chance",
    "Game", "Option", "GAME_IDS", "get_game", "all_games",
]
