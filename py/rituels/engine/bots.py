"""Bots and the self-play driver.

A bot's ``think(state, player)`` is a generator: it yields ``None`` every few milliseconds of work
and finally *returns* its action. The app steps through it in its worker, so a search can be
interrupted; the command line and tests run it straight through with :func:`decide`. Bots see only
``state.resample_hidden(player, rng)`` copies when a game hides information.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Generator, Sequence

from rituels.engine.game import Game
from rituels.engine.state import CHANCE, GameState, sample_chance, sample_uniform

Think = Generator[None, None, Any]


class Bot:
    level = "easy"
    # What a time budget is measured on: wall time in the app; a bench may set a CPU clock
    # (a shared machine) or a clock that also counts the page's turns (the sliced bot).
    clock: Callable[[], float] = staticmethod(time.perf_counter)

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def think(self, state: GameState, player: int) -> Think:
        """Searching bots override this; a bot that needs no thinking time overrides
        ``choose`` instead."""
        return self.choose(state, player)
        yield  # makes this a generator  # pragma: no cover

    def choose(self, state: GameState, player: int) -> Any:
        raise NotImplementedError


class RandomBot(Bot):
    """The "easy" level everywhere: a uniformly random legal action."""

    level = "easy"

    def choose(self, state: GameState, player: int) -> Any:
        # Without the generator: a generator's start and StopIteration cost ~4x more under
        # Pyodide than on CPython, and random self-play makes one per decision.
        return sample_uniform(state.legal_actions(), self.rng)


class NoisyBot(Bot):
    """A ladder level that scores its options and picks like a person (:func:`noisy_choice`):
    each game's subclass scores; ``temperature`` (in its score's units) and ``top`` set how
    often and how far it strays. Fixed effort (no clock)."""

    def __init__(self, seed: int = 0, temperature: float = 0.0, top: int = 3,
                 level: str = "1"):
        super().__init__(seed)
        self.temperature = temperature
        self.top = top
        self.level = level

    def pick(self, scored: Sequence[tuple[float, Any]]) -> Any:
        return noisy_choice(scored, self.rng, self.temperature, self.top)


def thinks(bot: Bot) -> bool:
    """Whether the bot searches (overrides ``think``) rather than just ``choose``s."""
    return type(bot).think is not Bot.think


def decide(bot: Bot, state: GameState, player: int | None = None) -> Any:
    """Run a bot's thinking to the end and return its action."""
    player = state.current_player() if player is None else player
    if not thinks(bot):       # no thinking: skip the generator
        return bot.choose(state, player)
    gen = bot.think(state, player)
    while True:
        try:
            next(gen)
        except StopIteration as done:
            return done.value


class Deadline:
    """A time budget a search checks cheaply, on ``clock`` (a bot's ``clock``); ``yield_due``
    tells when to give the page a turn (every ``slice_s`` seconds)."""

    def __init__(self, budget_s: float, slice_s: float = 0.03,
                 clock: Callable[[], float] = time.perf_counter):
        self.now = clock
        self.start = clock()
        self.end = self.start + budget_s
        self.slice_s = slice_s
        self._next_yield = self.start + slice_s

    def over(self) -> bool:
        return self.now() >= self.end

    def yield_due(self) -> bool:
        now = self.now()
        if now >= self._next_yield:
            self._next_yield = now + self.slice_s
            return True
        return False


def play_game(game: Game, bots: Sequence[Bot], options: dict | None = None,
              rng: random.Random | None = None, max_actions: int = 100000
              ) -> tuple[GameState, list[str]]:
    """Play one game between ``bots`` (one per player); chance is sampled from ``rng``.
    Returns the final state and the actions in notation (a record's ``actions``)."""
    rng = rng or random.Random()
    state = game.start(len(bots), options)
    # A bot that needs no thinking is asked directly (decide's own test, made once per game).
    choosers = [None if thinks(bot) else bot.choose for bot in bots]
    actions: list[str] = []
    apply, to_str, current = state.apply, state.action_to_str, state.current_player
    while not state.is_terminal():
        if len(actions) >= max_actions:
            raise RuntimeError(f"{game.id}: no end after {max_actions} actions")
        player = current()
        if player == CHANCE:
            action = sample_chance(state, rng)
        else:
            choose = choosers[player]
            action = (choose(state, player) if choose is not None
                      else decide(bots[player], state, player))
        actions.append(to_str(action))
        apply(action)
    return state, actions


def noisy_choice(scored: Sequence[tuple[float, Any]], rng: random.Random,
                 temperature: float, top: int = 3) -> Any:
    """A human-like pick among scored actions ``(value, action)`` (higher is better): only the
    ``top`` best are candidates (an absurd move is never played just because it is legal), each
    drawn with weight ``exp((value - best) / temperature)``, so a near-equal alternative is
    often taken and a clearly worse one rarely. ``temperature <= 0``: the best (first on ties).
    Deterministic for a given ``rng`` state (ties keep the actions' order)."""
    if not scored:
        raise ValueError("noisy_choice needs at least one action")
    order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))[:max(1, top)]
    best = scored[order[0]][0]
    if temperature <= 0 or len(order) == 1:
        return scored[order[0]][1]
    weights = [math.exp((scored[i][0] - best) / temperature) for i in order]
    pick = rng.random() * sum(weights)
    for i, w in zip(order, weights):
        pick -= w
        if pick < 0:
            return scored[i][1]
    return scored[order[-1]][1]
