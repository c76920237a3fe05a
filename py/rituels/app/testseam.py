"""The test seam: how a browser test makes the page's chance and bots reproducible.

A test writes one localStorage key before the page starts, ``rituels.test`` (like the pace key
``rituels.pace``), holding JSON:

    {"seed": 7, "fixed_effort": true, "chance": ["6,6", "1"]}

- ``seed``: the app's random generator starts from it (dice, shuffles, bots' seeds, save ids)
  instead of ``os.urandom``: the same clicks give the same game on every run;
- ``fixed_effort``: bots search a fixed number of positions (``Game.fixed_effort_bots``), not
  until a clock runs out, so a loaded machine plays the same moves, only later;
- ``chance``: notations of the next chance outcomes, used in order wherever the app samples
  one (a person's roll, a bot's, a deal), as the lessons script theirs. An outcome that is not
  legal where it comes ends the script (the rest is sampled): the test then sees the game
  differ from what it scripted;
- ``ratings``: {game id: {level: [value, low, high]}}, levels' calibrated ratings put in the
  game's declaration for this page (a test of the player's rating before the ladder ships).

The app only reads the key; it never writes it, and a link or a save never carries it. A value
that does not parse is ignored whole (the app plays as for anyone).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from rituels.engine.state import GameState, NotationError, sample_chance

TEST_KEY = "rituels.test"
MAX_TEXT = 100_000   # a scripted game's worth of outcomes; more is not a test setting
MAX_SEED = 2**64


@dataclass
class TestSettings:
    """What ``rituels.test`` asks for (see the module doc)."""

    __test__ = False   # not a pytest class, despite its name

    seed: int | None = None
    fixed_effort: bool = False
    chance: list[str] = field(default_factory=list)
    ratings: dict[str, dict[str, list[float]]] = field(default_factory=dict)

    def apply_ratings(self) -> None:
        """Put the asked ratings in the games' declarations (this page only)."""
        from rituels.engine.game import Rating, get_game
        for game_id, levels in self.ratings.items():
            try:
                game = get_game(game_id)
            except Exception:
                continue
            for level, (value, low, high) in levels.items():
                if level in game.levels:
                    game.ratings[level] = Rating(float(value), float(low), float(high))

    def rng(self) -> random.Random | None:
        return None if self.seed is None else random.Random(self.seed)

    def bot_factory(self, game: Any, level: str) -> Any:
        """The factory the app uses for this level: the fixed-effort one when asked for."""
        if self.fixed_effort and level in game.fixed_effort_bots:
            return game.fixed_effort_bots[level]
        return game.bots.get(level)

    def draw(self, state: GameState, rng: random.Random) -> Any:
        """The next chance outcome: the script's next one if it is legal here, else sampled."""
        if self.chance:
            notation = self.chance.pop(0)
            try:
                action = state.str_to_action(notation)
            except NotationError:
                action = None
            if action is not None and action in state.legal_actions():
                return action
            self.chance.clear()
        return sample_chance(state, rng)


def read_test_settings(text: str | None) -> TestSettings | None:
    """The settings in the key's text, or None (unset, too long or not the expected shape)."""
    if not text or len(text) > MAX_TEXT:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    seed, fixed, chance = data.get("seed"), data.get("fixed_effort", False), data.get("chance", [])
    if seed is not None and not (isinstance(seed, int) and not isinstance(seed, bool)
                                 and 0 <= seed < MAX_SEED):
        return None
    if not isinstance(fixed, bool):
        return None
    if not (isinstance(chance, list) and all(isinstance(c, str) for c in chance)):
        return None
    ratings = data.get("ratings", {})
    if not (isinstance(ratings, dict) and all(
            isinstance(levels, dict) and all(
                isinstance(r, list) and len(r) == 3
                and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in r)
                for r in levels.values()) for levels in ratings.values())):
        return None
    return TestSettings(seed, fixed, list(chance), ratings)
