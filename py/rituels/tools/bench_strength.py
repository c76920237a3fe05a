"""Does the full budget make the strong bots stronger? (issue 15) Matches in CPython.

Definitions
- The **current** strong bot is the app's strong bot as it runs now, in the worker: it thinks
  in one go for its budget per decision (``BUDGET_S``, the bots' default).
- The **previous** strong bot is the same code with the same budget as the build before the
  worker (commit 8d22c8a, the parent of 95e0cda): it thought on the page's main thread in app
  slices of 30 ms (``controller.SLICE_S``) and gave the page a turn between slices while its
  wall-clock budget ran on. Measured in Chromium on that build (4 strong bots, 60 decisions,
  the slices' own time against the wall time from first slice to choice): the page took
  ``GAP_S`` per slice of ~49 ms of search, so that bot searched 87 % (Wongar) and 83 %
  (Tuchulcha) of its budget. In the same measurement Pyodide ran 195 Wongar worlds per second
  of search; CPython does 202 per CPU second here, so budgets are not rescaled for speed.
- Each bot reads a virtual page clock: this thread's CPU time (other processes on a shared
  machine do not count) times ``scale``, plus for the previous bot the page's turns: its driver
  repeats the old controller's loop (run the bot until 30 ms of the clock have passed, then add
  the measured gap). ``scale`` > 1 makes every decision cost 1/scale of its CPU time (budget,
  slices and gaps shrink together, the searched fraction stays the same): a 4-player Wongar
  game at the full budget costs ~150 CPU s.
- Cthulhu Dice's strong bot is an exact search with no budget: nothing to compare.

A match is 4-player tables, two current bots against two previous ones (2 v 2), seats
alternated game by game (current at seats 0 and 2, then 1 and 3), each pair of games on the
same chance seed. The figure is the current bots' share of the wins (ties shared) with a 95 %
interval (normal approximation over games); 50 % means no difference.

Measured 2026-12-01 (shared 2-core machine, load 6-16; ``python -m rituels.tools.bench_strength
GAME N``): Wongar, scale 10, 80 games: current 51.9 % ± 10.4 % of the wins; Tuchulcha, scale 1,
25 games: current 50 % ± 18 %. No difference shows: the previous bot already searched 83-87 %
of its budget, and Tuchulcha's search rarely uses the whole budget (0 of 40 decisions in the
browser, against 27 of 40 for Wongar: ``bench --only play``).
A larger budget was not tried: Wongar's p95 in the browser is 661 ms at 0.6 s, so the 1 s
target leaves room for about 0.9 s at most, under 1.5 times the search.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from typing import Any, Callable

from rituels.engine.bots import Bot, play_game
from rituels.engine.game import get_game

BUDGET_S = 0.6            # the strong bots' default budget per decision
APP_SLICE_S = 0.03        # the previous build's app slice (controller.SLICE_S)
GAP_S = {"wongar": 0.0072, "tuchulcha": 0.0101}   # the page's turn per slice, measured
PLAYERS = 4
GAMES = {"wongar": 80, "tuchulcha": 20}   # ~13 and ~11 CPU s a game
QUICK_GAMES = 4
SCALE = {"wongar": 10.0, "tuchulcha": 1.0}


class PageClock:
    """Virtual seconds of a page: ``scale`` x this thread's CPU time + the page's turns."""

    def __init__(self, scale: float = 1.0):
        self.scale = scale
        self.paused = 0.0

    def __call__(self) -> float:
        return self.scale * time.thread_time() + self.paused


def sliced_decide(bot: Bot, state: Any, player: int, gap_s: float) -> Any:
    """The previous build's controller loop: think for one app slice, give the page a turn."""
    clock = bot.clock
    gen = bot.think(state.clone(), player)
    while True:
        end = clock() + APP_SLICE_S
        try:
            while clock() < end:
                next(gen)
        except StopIteration as done:
            return done.value
        clock.paused += gap_s


# A contender: (budget per decision in page seconds, thinks in the previous build's slices).
CURRENT = (BUDGET_S, False)
PREVIOUS = (BUDGET_S, True)


def strong_bot(game_id: str, seed: int, budget_s: float, scale: float) -> Bot:
    if game_id == "wongar":
        from rituels.wongar.bots import StrongBot
    else:
        from rituels.tuchulcha.bots import StrongBot
    bot = StrongBot(seed, budget_s=budget_s)
    bot.clock = PageClock(scale)
    return bot


class Sliced(Bot):
    """The previous build's bot: ``inner`` thinking in slices, the page's turns between them."""

    def __init__(self, inner: Bot, gap_s: float):
        super().__init__()
        self.inner, self.gap_s = inner, gap_s

    def choose(self, state: Any, player: int) -> Any:
        return sliced_decide(self.inner, state, player, self.gap_s)


def play(game_id: str, seats: list[tuple[float, bool]], seed: int, scale: float) -> list[float]:
    """One game between contenders (one per seat); each player's share of the win."""
    bots: list[Bot] = []
    for p, (budget, sliced) in enumerate(seats):
        bot = strong_bot(game_id, seed * 10 + p, budget, scale)
        bots.append(Sliced(bot, GAP_S[game_id]) if sliced else bot)
    final, _ = play_game(get_game(game_id), bots, rng=random.Random(seed))
    return final.returns()


def match(game_id: str, games: int, scale: float, a: tuple[float, bool], b: tuple[float, bool],
          log: Callable[[str], None] | None = None) -> list[float]:
    """Contender ``a``'s share of the wins, game by game: 2 v 2, seats alternated, each pair
    of games on the same chance seed."""
    shares = []
    for g in range(games):
        first = g % 2
        mine = [(p + first) % 2 == 0 for p in range(PLAYERS)]
        ret = play(game_id, [a if m else b for m in mine], 1000 + g // 2, scale)
        shares.append(sum(r for r, m in zip(ret, mine) if m))
        if log:
            log(f"{game_id} game {g + 1}/{games}: share {shares[-1]:.2f}, "
                f"running mean {statistics.fmean(shares):.3f}")
    return shares


def interval(shares: list[float]) -> tuple[float, float]:
    """Mean and 95 % half-width (normal approximation)."""
    mean = statistics.fmean(shares)
    if len(shares) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(shares) / math.sqrt(len(shares))


def figures(quick: bool = False) -> list[tuple[str, str]]:
    rows = []
    for game_id in ("wongar", "tuchulcha"):
        games = QUICK_GAMES if quick else GAMES[game_id]
        scale = SCALE[game_id]
        start = time.process_time()
        shares = match(game_id, games, scale, CURRENT, PREVIOUS)
        mean, half = interval(shares)
        gap = GAP_S[game_id] * 1000
        rows.append((f"{game_id}: current vs previous strong bot, 2 v 2, {games} games",
                     f"current {mean:.1%} ± {half:.1%} of the wins (95 %; 50 % = no "
                     f"difference; budget {BUDGET_S} s at 1/{scale:g} of the CPU, previous "
                     f"gives the page {gap:.1f} ms per {APP_SLICE_S * 1000:.0f} ms slice; "
                     f"{time.process_time() - start:.0f} CPU s)"))
    return rows


# python -m rituels.tools.bench_strength GAME GAMES [A_BUDGET [B_SLICED]]: one match, logged
if __name__ == "__main__":
    game_id, n = sys.argv[1], int(sys.argv[2])
    a = (float(sys.argv[3]), False) if len(sys.argv) > 3 else CURRENT
    b = (BUDGET_S, sys.argv[4] != "0") if len(sys.argv) > 4 else PREVIOUS
    shares = match(game_id, n, SCALE[game_id], a, b, log=lambda line: print(line, flush=True))
    print("result", game_id, n, a, b, "mean %.4f half %.4f" % interval(shares), flush=True)
