"""Cthulhu Dice benchmarks: rules speed and the strong bot's strength (figures, no asserts)."""

from __future__ import annotations

import random
import time

from rituels.engine.bots import Bot, RandomBot, decide
from rituels.cthulhu_dice.bots import StrongBot
from rituels.cthulhu_dice.game import GAME

SPEED_TARGET = 1000        # random games per second, 4 seats classic, CPython
WIN_TARGET = 0.35          # strong bot vs 3 random bots (base rate 25 %)


def random_game(rng: random.Random, players: int = 4, options: dict | None = None):
    """One game of uniformly random decisions; chance sampled with the fast sampler."""
    state = GAME.start(players, options)
    while True:
        phase = state.phase
        if phase == "over":
            return state
        if phase == "roll":
            state.apply(state.sample(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


def games_per_second(seconds: float) -> float:
    rng = random.Random(1)
    games, start = 0, time.perf_counter()
    while True:
        random_game(rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def play(bots: list[Bot], rng: random.Random, options: dict | None = None):
    state = GAME.start(len(bots), options)
    while not state.is_terminal():
        if state.phase == "roll":
            state.apply(state.sample(rng))
        else:
            state.apply(decide(bots[state.current_player()], state))
    return state


def strong_win_rate(games: int, options: dict | None = None) -> float:
    """The strong bot against three random bots; its seat rotates every game."""
    rng = random.Random(7)
    won = 0.0
    for g in range(games):
        seat = g % 4
        bots: list[Bot] = [RandomBot(rng.randrange(2**31)) for _ in range(4)]
        bots[seat] = StrongBot(rng.randrange(2**31))
        won += play(bots, rng, options).returns()[seat]
    return won / games


def figures(quick: bool = False) -> list[tuple[str, str]]:
    speed = games_per_second(0.5 if quick else 2.0)
    games = 200 if quick else 2000
    rate = strong_win_rate(games)
    rate_variant = strong_win_rate(games // 4, {"mode": "cthulhu"})
    return [
        ("cthulhu-dice: random games/s (4 seats, classic, CPython)",
         f"{speed:,.0f} games/s (target >= {SPEED_TARGET:,})"),
        (f"cthulhu-dice: strong bot vs 3 random bots, {games} games, classic",
         f"{rate:.1%} won (target >= {WIN_TARGET:.0%}, base 25%)"),
        (f"cthulhu-dice: strong bot vs 3 random bots, {games // 4} games, Cthulhu joue",
         f"{rate_variant:.1%} won (no target; base depends on shared wins)"),
    ]


if __name__ == "__main__":
    for label, value in figures(quick=True):
        print(f"{label}: {value}")
