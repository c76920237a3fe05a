"""Wongar's entry in the game registry."""

from __future__ import annotations

from rituels.engine.bots import RandomBot
from rituels.engine.game import Game, Option
from rituels.wongar.ladder import RATINGS
from rituels.wongar.position import from_json
from rituels.wongar.rules import WongarState


def _strong(seed: int):
    from rituels.wongar.bots import StrongBot  # imported lazily: the app loads bots on demand

    return StrongBot(seed)


FIXED_WORLDS = 8   # redrawn worlds a fixed-effort strong bot compares per decision (tests)


def _fixed_effort_strong(seed: int):
    from rituels.wongar.bots import StrongBot

    return StrongBot(seed, iterations=FIXED_WORLDS)


def _level(level: str):
    """Levels 1-4 (wongar/bots.py: one step ahead, less noise and more foresight level by
    level): fixed effort, no clock."""
    def make(seed: int = 0):
        from rituels.wongar.bots import level_bot

        return level_bot(level, seed)
    return make


def _review_chances(state: WongarState) -> list[float]:
    from rituels.wongar.chances import win_chances  # lazily too: it reads the bot's heuristic

    return win_chances(state)


GAME = Game(
    id="wongar",
    min_players=3,
    max_players=5,
    new_state=WongarState,
    options=(Option("variant", "choice", "basic", "wongar.option.variant",
                    choices=("basic", "advanced")),),
    bots={"easy": RandomBot, "strong": _strong, "1": _level("1"), "2": _level("2"),
          "3": _level("3"), "4": _level("4"), "5": _strong},
    levels=("1", "2", "3", "4", "5"),
    ratings=RATINGS,
    fixed_effort_bots={"strong": _fixed_effort_strong, "5": _fixed_effort_strong},
    hidden_information=True,
    win_chances=_review_chances,
    public_chances=True,
    review_chances=_review_chances,
    default_players=4,
    from_json=from_json,
    view="rituels.wongar.view",
)
