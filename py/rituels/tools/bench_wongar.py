"""Wongar benchmarks: rules speed, the strong bot's strength and thinking time (figures only)."""

from __future__ import annotations

import random
import statistics
import time

from rituels.engine.bots import Bot, RandomBot, play_game
from rituels.engine.state import GameState
from rituels.wongar.bots import StrongBot
from rituels.wongar.game import GAME

SPEED_TARGET = 20          # random 4-player games per second on CPython
WIN_TARGET = 0.60          # strong bot vs 3 random bots (base rate 25 %)
DECISION_P95_TARGET = 1.0  # seconds, browser target (Pyodide runs pure Python ~1.07x CPython)
BENCH_ITERATIONS = 2       # redrawn worlds per decision in the 300-game strength run


def play(bots: list[Bot], rng: random.Random, options: dict | None = None) -> GameState:
    """One game; chance sampled from ``rng`` (the engine's self-play driver)."""
    return play_game(GAME, bots, options, rng)[0]


def games_per_second(seconds: float, variant: str = "basic") -> float:
    """Random 4-player games per second of this process's CPU time: the machine running the
    benchmark is often shared, and wall time would measure the neighbours."""
    rng = random.Random(1)
    games, start = 0, time.process_time()
    while True:
        play([RandomBot(rng.randrange(2**31)) for _ in range(4)], rng, {"variant": variant})
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return games / elapsed


def strong_win_rate(games: int, iterations: int) -> float:
    """The strong bot (fixed iterations) against three random bots; its seat rotates."""
    rng = random.Random(7)
    won = 0.0
    for g in range(games):
        seat = g % 4
        bots: list[Bot] = [RandomBot(rng.randrange(2**31)) for _ in range(4)]
        bots[seat] = StrongBot(rng.randrange(2**31), iterations=iterations)
        won += play(bots, rng).returns()[seat]
    return won / games


def decision_times(decisions: int) -> list[float]:
    """Thinking time of the default strong bot (0.6 s budget) in real games against random
    bots; decisions with a single legal action are not counted."""
    rng = random.Random(11)
    times: list[float] = []
    game = 0
    while len(times) < decisions:
        seat = game % 4
        bots: list[Bot] = [RandomBot(rng.randrange(2**31)) for _ in range(4)]
        bots[seat] = _SampledStrong(rng.randrange(2**31), times, decisions)
        try:
            play(bots, rng)
        except _Enough:
            pass
        game += 1
    return times


class _Enough(Exception):
    pass


class _SampledStrong(Bot):
    """Random play except for a sample of decisions thought by the default strong bot, so the
    timing covers every stage of the game without playing whole games at 0.6 s a move."""

    SAMPLE = 0.15  # share of decisions given to the strong bot

    def __init__(self, seed: int, times: list[float], wanted: int):
        super().__init__(seed)
        self.strong = StrongBot(seed)
        self.times = times
        self.wanted = wanted

    def think(self, state, player):
        if len(self.times) >= self.wanted:
            raise _Enough
        actions = state.legal_actions()
        if len(actions) > 1 and self.rng.random() < self.SAMPLE:
            start = time.perf_counter()
            action = yield from self.strong.think(state, player)
            self.times.append(time.perf_counter() - start)
            return action
        return self.rng.choice(actions)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def figures(quick: bool = False) -> list[tuple[str, str]]:
    speed = games_per_second(0.5 if quick else 3.0)
    speed_adv = games_per_second(0.5 if quick else 2.0, "advanced")
    games = 12 if quick else 300
    rate = strong_win_rate(games, BENCH_ITERATIONS)
    times = decision_times(6 if quick else 60)
    return [
        ("wongar: random 4-player games/s of CPU time (basic, CPython)",
         f"{speed:,.0f} games/s (target >= {SPEED_TARGET})"),
        ("wongar: random 4-player games/s of CPU time (advanced, CPython)",
         f"{speed_adv:,.0f} games/s"),
        (f"wongar: strong bot ({BENCH_ITERATIONS} redrawn worlds per move) vs 3 random bots, "
         f"{games} games, 4 players",
         f"{rate:.1%} won (target >= {WIN_TARGET:.0%}, base 25%)"),
        (f"wongar: strong bot decision time (default 0.6 s budget), {len(times)} decisions, "
         "CPython",
         f"p50 {statistics.median(times):.2f} s, p95 {_percentile(times, 0.95):.2f} s "
         f"(target p95 <= {DECISION_P95_TARGET:.1f} s)"),
    ]


if __name__ == "__main__":
    for label, value in figures(quick=True):
        print(f"{label}: {value}")
