"""Cthulhu Dice benchmarks: rules speed and the strong bot's strength (figures, no asserts)."""

from __future__ import annotations

import random
import time

from rituels.engine.bots import Bot, RandomBot, decide, play_game
from rituels.cthulhu_dice.bots import StrongBot
from rituels.tools.cthulhu_dice_ceiling import best_rate
from rituels.cthulhu_dice.game import GAME
from rituels.cthulhu_dice.rules import OVER, ROLL

SPEED_TARGET = 1000        # random games per second, 4 seats classic, CPython
WIN_TARGET = 0.35          # strong bot vs 3 random bots (the brief's target)


def random_game(rng: random.Random, players: int = 4, options: dict | None = None):
    """One game of uniformly random decisions; chance sampled with the fast sampler."""
    state = GAME.start(players, options)
    while True:
        phase = state.phase
        if phase == OVER:
            return state
        if phase == ROLL:
            state.apply(state.sample(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


def _per_second(play_one, seconds: float) -> float:
    """How many times ``play_one()`` runs per second, over about ``seconds``."""
    runs, start = 0, time.perf_counter()
    while True:
        play_one()
        runs += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return runs / elapsed


def games_per_second(seconds: float) -> float:
    rng = random.Random(1)
    return _per_second(lambda: random_game(rng), seconds)


def engine_games_per_second(seconds: float) -> float:
    """The same through the engine's generic driver (RandomBot, Fraction-weighted sampling)."""
    rng = random.Random(2)
    bots = [RandomBot(i) for i in range(4)]
    return _per_second(lambda: play_game(GAME, bots, rng=rng), seconds)


def strong_decision_ms(decisions: int = 300) -> float:
    """Mean time of one strong victim choice at an 8-seat table (the widest search)."""
    rng = random.Random(3)
    bot = StrongBot(1)
    total = 0.0
    for _ in range(decisions):
        state = GAME.start(8)
        state.tokens = [rng.randint(0, 5) for _ in range(8)]
        state.tokens[0] = state.tokens[1] = 2
        start = time.perf_counter()
        decide(bot, state)
        total += time.perf_counter() - start
    return 1000 * total / decisions


def play(bots: list[Bot], rng: random.Random, options: dict | None = None):
    state = GAME.start(len(bots), options)
    while not state.is_terminal():
        if state.phase == ROLL:
            state.apply(state.sample(rng))
        else:
            state.apply(decide(bots[state.current_player()], state))
    return state


def strong_win_rate(games: int, options: dict | None = None, bot=StrongBot) -> float:
    """The strong bot (or ``bot``) against three random bots; its seat rotates every game.
    Returns its mean share of the wins (a shared win counts 1/winners)."""
    rng = random.Random(7)
    won = 0.0
    for g in range(games):
        seat = g % 4
        bots: list[Bot] = [RandomBot(rng.randrange(2**31)) for _ in range(4)]
        bots[seat] = bot(rng.randrange(2**31))
        won += play(bots, rng, options).returns()[seat]
    return won / games


def _stderr(rate: float, games: int) -> float:
    """One standard error of a win rate measured over ``games`` games."""
    return (rate * (1 - rate) / games) ** 0.5


def figures(quick: bool = False) -> list[tuple[str, str]]:
    speed = games_per_second(0.5 if quick else 2.0)
    engine_speed = engine_games_per_second(0.5 if quick else 2.0)
    games = 600 if quick else 2000
    rate = strong_win_rate(games)
    base = strong_win_rate(games, bot=RandomBot)
    best = best_rate()   # what a perfect policy would get (value iteration, ~5 s)
    variant = {"mode": "cthulhu"}
    rate_variant = strong_win_rate(games // 4, variant)
    base_variant = strong_win_rate(games // 4, variant, RandomBot)
    return [
        ("cthulhu-dice: random games/s (4 seats, classic, CPython)",
         f"{speed:,.0f} games/s (target >= {SPEED_TARGET:,})"),
        ("cthulhu-dice: random games/s via engine.play_game + RandomBot (4 seats)",
         f"{engine_speed:,.0f} games/s"),
        ("cthulhu-dice: strong bot, one victim choice at 8 seats",
         f"{strong_decision_ms(50 if quick else 300):.1f} ms"),
        (f"cthulhu-dice: strong bot vs 3 random bots, {games} games, classic",
         f"{rate:.1%} ± {_stderr(rate, games):.1%} won (target >= {WIN_TARGET:.0%}; "
         f"a random bot in its place: "
         f"{base:.1%}; best possible policy: {best:.1%})"),
        (f"cthulhu-dice: strong bot vs 3 random bots, {games // 4} games, Cthulhu joue",
         f"{rate_variant:.1%} ± {_stderr(rate_variant, games // 4):.1%} won "
         f"(a random bot in its place: {base_variant:.1%})"),
    ]


if __name__ == "__main__":
    for label, value in figures(quick=True):
        print(f"{label}: {value}")
