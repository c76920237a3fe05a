"""Declarative game definitions and the registry of games.

Each game package exposes ``GAME`` (a :class:`Game`) from ``rituels.<package>.game``. The registry
imports a game only when it is first asked for, so the app starts without loading all rules.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from rituels.engine.state import GameState

# Game id -> module that defines GAME. Ids are the same everywhere (records, links, CLI, URLs).
_MODULES = {
    "tuchulcha": "rituels.tuchulcha.game",
    "wongar": "rituels.wongar.game",
    "cthulhu-dice": "rituels.cthulhu_dice.game",
}
GAME_IDS = tuple(_MODULES)

# Names older saves and links give a bot seat: "easy" (a uniformly random mover, kept as the
# developers' random bot, never offered) and "strong" (the top of the ladder today).
LEGACY_LEVELS = {"strong": "5"}


@dataclass(frozen=True)
class Rating:
    """A level's calibrated strength on its game's scale (Bradley-Terry fitted by the ladder
    bench from self-play, level "1" anchored), with its 95 % interval and the games behind it."""

    value: float
    low: float
    high: float
    games: int = 0


@dataclass(frozen=True)
class Option:
    """One set-up option. ``kind`` is "choice" (one of ``choices``), "bool" or "int"
    (between ``min`` and ``max``). ``label`` is an i18n key; each choice's label is
    ``f"{label}.{choice}"``. ``players`` restricts the option to those player counts; ``when``
    lists (other option, value) pairs it depends on: the set-up dialog shows it only then (its
    value is still validated and recorded, so rules can always read it)."""

    key: str
    kind: str
    default: Any
    label: str
    choices: tuple = ()
    min: int | None = None
    max: int | None = None
    players: tuple[int, ...] = ()
    when: tuple[tuple[str, Any], ...] = ()

    def applies_to(self, num_players: int) -> bool:
        return not self.players or num_players in self.players

    def shown_with(self, options: dict[str, Any]) -> bool:
        return all(options.get(key) == value for key, value in self.when)

    def check(self, value: Any) -> Any:
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ValueError(f"option {self.key!r} must be true or false")
        elif self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"option {self.key!r} must be a whole number")
            if (self.min is not None and value < self.min) or (
                self.max is not None and value > self.max
            ):
                raise ValueError(f"option {self.key!r} must be between {self.min} and {self.max}")
        elif value not in self.choices:
            raise ValueError(f"option {self.key!r} must be one of {list(self.choices)}")
        return value


@dataclass(frozen=True)
class Game:
    """What the engine, the app and the tools need to know about one game."""

    id: str
    min_players: int
    max_players: int
    new_state: Callable[[int, dict[str, Any]], GameState]
    options: tuple[Option, ...] = ()
    # Bot level -> factory(seed: int) -> Bot: every key of ``levels``, "easy" (the random
    # mover: developers' tools, older saves) and "strong" (older saves: the top level).
    bots: dict[str, Callable[[int], Any]] = field(default_factory=dict)
    # The ladder the new-game dialog offers, weakest first (keys of ``bots``), and each
    # level's calibrated rating (the game's ``ladder.py``, written by ``bench --only ladder``).
    levels: tuple[str, ...] = ()
    ratings: dict[str, Rating] = field(default_factory=dict)
    # Bot level -> factory(seed) of that level's bot on a fixed effort (a number of searched
    # positions or worlds, never the clock), so a seeded game replays the same on any machine.
    # Only tests ask for it (rituels.app.testseam); levels without a clock need no entry.
    fixed_effort_bots: dict[str, Callable[[int], Any]] = field(default_factory=dict)
    hidden_information: bool = False
    default_players: int = 4
    # Optional: state -> each player's chance of winning from the game's own knowledge (its
    # strong bot's evaluation). The analysis uses it instead of long random playouts.
    win_chances: Callable[[GameState], list[float]] | None = None
    # Whether win_chances reads public information only (hand counts, not hands): then the
    # analysis uses it as is when hands are hidden (Wongar's); else it redraws hidden hands.
    public_chances: bool = False
    # Optional: the same, deterministic, for the move review only, where the curve's estimate
    # is Monte-Carlo and too flat for one decision (Wongar: its bot's heuristic as chances).
    review_chances: Callable[[GameState], list[float]] | None = None
    # Optional: (state, action) -> whether the rules make this choice a clear error (at least
    # a "mistake" in the analysis whatever the estimate says: Tuchulcha, one's own pawn lost to
    # a passage when a move losing none exists).
    clear_error: Callable[[GameState, Any], bool] | None = None
    # data -> state: the validating inverse of to_json() (raises engine.position.PositionError).
    from_json: Callable[[Any], GameState] | None = None
    # The module that draws the game (a rituels.viewkit.ViewModule), imported on first use.
    view: str = ""

    def check_options(self, num_players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and validate; raises ValueError with a readable reason."""
        if not isinstance(num_players, int) or not (
            self.min_players <= num_players <= self.max_players
        ):
            raise ValueError(
                f"{self.id} takes {self.min_players} to {self.max_players} players, "
                f"not {num_players!r}"
            )
        options = dict(options or {})
        known = {o.key: o for o in self.options}
        unknown = set(options) - set(known)
        if unknown:
            raise ValueError(f"unknown option(s) for {self.id}: {sorted(unknown)}")
        out = {}
        for opt in self.options:
            if opt.applies_to(num_players):
                out[opt.key] = opt.check(options.get(opt.key, opt.default))
        return out

    def level_of(self, bot: str | None) -> str | None:
        """The ladder level a seat's ``bot`` plays at (an older save's "strong" is the top
        level), or None for a person or a bot off the ladder (the random "easy")."""
        bot = LEGACY_LEVELS.get(bot, bot) if bot is not None else None
        return bot if bot in self.levels else None

    def start(self, num_players: int, options: dict[str, Any] | None = None) -> GameState:
        return self.new_state(num_players, self.check_options(num_players, options))


def get_game(game_id: str) -> Game:
    if game_id not in _MODULES:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(GAME_IDS)})")
    return importlib.import_module(_MODULES[game_id]).GAME


def all_games() -> list[Game]:
    return [get_game(g) for g in GAME_IDS]
