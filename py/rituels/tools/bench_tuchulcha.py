"""Tuchulcha benchmarks: rules speed and the strong bot's strength and speed (figures only)."""

from __future__ import annotations

import random
import time

from rituels.engine.bots import Bot, RandomBot, decide, play_game
from rituels.engine.state import CHANCE, sample_chance
from rituels.tuchulcha.bots import StrongBot
from rituels.tuchulcha.game import GAME

SPEED_TARGET = 20          # random 4-player games per second, CPython
WIN_TARGET_4P = 0.60       # strong vs 3 random bots
WIN_TARGET_2P = 0.75       # strong vs 1 random bot
BENCH_LEAVES = 200         # the strong bot's per-decision budget in the win-rate runs:
                           # positions evaluated (reproducible, ~1-80 ms a decision)
BENCH_SAMPLES = 4          # ... and sampled futures per candidate of a role change
P95_TARGET_S = 1.0         # browser decision time target (default budget 0.6 s)


def random_games_per_second(seconds: float, players: int = 4) -> float:
    """Random games per second of this process's CPU time (the machine may be shared)."""
    rng = random.Random(1)
    bots = [RandomBot(i) for i in range(players)]
    games, start = 0, time.process_time()
    while True:
        play_game(GAME, bots, rng=rng)
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return games / elapsed


def _play(bots: list[Bot], rng: random.Random, timed: int | None = None,
          times: list | None = None):
    state = GAME.start(len(bots))
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        start = time.perf_counter()
        action = decide(bots[player], state)
        if player == timed and times is not None and len(state.legal_actions()) > 1:
            times.append(time.perf_counter() - start)
        state.apply(action)
    return state


def strong_win_rate(players: int, games: int, leaves: int = BENCH_LEAVES,
                    samples: int = BENCH_SAMPLES) -> float:
    """Mean share of the wins of one strong bot against random bots; its seat rotates."""
    rng = random.Random(11 + players)
    total = 0.0
    for g in range(games):
        seat = g % players
        bots: list[Bot] = [RandomBot(1000 * g + i) for i in range(players)]
        bots[seat] = StrongBot(g, max_leaves=leaves, samples=samples)
        total += _play(bots, rng).returns()[seat]
    return total / games


def decision_times(decisions: int, budget_s: float = 0.6) -> list[float]:
    """Seconds per real choice (more than one legal action) of the strong bot with its
    browser budget, in 4-player games against random bots."""
    rng = random.Random(5)
    times: list[float] = []
    g = 0
    while len(times) < decisions:
        bots: list[Bot] = [RandomBot(100 * g + i) for i in range(4)]
        bots[g % 4] = StrongBot(g, budget_s=budget_s)
        _play(bots, rng, timed=g % 4, times=times)
        g += 1
    return sorted(times[:decisions])


def figures(quick: bool = False) -> list[tuple[str, str]]:
    speed = random_games_per_second(1.0 if quick else 5.0)
    games4, games2 = (20, 20) if quick else (500, 500)
    win4 = strong_win_rate(4, games4)
    win2 = strong_win_rate(2, games2)
    times = decision_times(20 if quick else 200)
    p50 = times[len(times) // 2]
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    return [
        ("tuchulcha: random 4-player games per CPU second (CPython)",
         f"{speed:.1f} games/s (target >= {SPEED_TARGET})"),
        (f"tuchulcha: strong vs 3 random, 4 players, {games4} games "
         f"({BENCH_LEAVES} positions/decision, {BENCH_SAMPLES} samples/role candidate)",
         f"{win4:.1%} of the wins (target >= {WIN_TARGET_4P:.0%})"),
        (f"tuchulcha: strong vs easy, 2 players, {games2} games "
         f"({BENCH_LEAVES} positions/decision, {BENCH_SAMPLES} samples/role candidate)",
         f"{win2:.1%} of the wins (target >= {WIN_TARGET_2P:.0%})"),
        (f"tuchulcha: strong decision time, budget 0.6 s, {len(times)} choices (CPython)",
         f"p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms "
         f"(target p95 <= {P95_TARGET_S} s)"),
    ]


if __name__ == "__main__":
    import sys

    for label, value in figures(quick="--quick" in sys.argv):
        print(f"{label}: {value}")
