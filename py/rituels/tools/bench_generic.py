"""Tuchulcha's strong bot against an outside method at equal CPU (issue 27).

``python -m rituels.tools.bench_generic OPPONENT GAMES [--players 4] [--factor 1] [--scale 1.5]
[--seed 0] [--old]``: one strong bot against ``players - 1`` opponents, its seat rotating game by
game; OPPONENT is ``mcts`` (``tools/mcts.py``: plain UCT, max^n, random rollouts), ``random``
``previous`` (the strong bot with this landing's changes off: ``StrongBot(previous=True)``)
or ``landed`` (the bot as it landed at ``LANDED_COMMIT``, read from git history at run time:
no frozen copy in the tree).

Equal CPU, measured in the same games: the strong bot thinks on a page clock (this thread's CPU
time x ``scale``; 1.5 ~ the Pyodide/CPython ratio, so its 0.6 s page budget is 0.4 CPU s here)
and every decision of it with more than one legal action is timed in thread CPU; each MCTS
decision gets ``factor`` x the strong bot's mean CPU per such decision so far in the match
(``PRIOR_S`` until it has made ``PRIOR_N``). The figures printed: the strong bot's share of the
wins with a 95 % interval (Wilson on the games, a shared win counting its share), both sides'
CPU per decision (mean, p50, p95), and the strong bot's win share by the role it took.
Run it under ``nice -n 10``, one process at a time, on a shared machine.
"""

from __future__ import annotations

import argparse
import functools
import math
import random
import statistics
import subprocess
import sys
import time
import types
from pathlib import Path

from rituels.engine.bots import Bot, RandomBot, decide
from rituels.engine.state import CHANCE, GameState, sample_chance
from rituels.tools.bench_strength import PageClock
from rituels.tools.mcts import MCTSBot
from rituels.tuchulcha.bots import StrongBot
from rituels.tuchulcha.game import GAME

PRIOR_S, PRIOR_N = 0.08, 5
LANDED_COMMIT = "ae21d87"   # the strong bot of the sixth landing


@functools.cache
def landed_modules() -> tuple[types.ModuleType, type]:
    """Tuchulcha's rules and StrongBot as they were at LANDED_COMMIT (``git show`` of the two
    modules, run as modules of their own beside today's package; the bot reads the landed
    rules, since the action shapes changed after it: issue 22's verb-first actions)."""
    root = Path(__file__).resolve().parents[3]

    def landed(path: str, name: str, source_edit=lambda text: text) -> types.ModuleType:
        source = subprocess.run(["git", "show", f"{LANDED_COMMIT}:{path}"], cwd=root,
                                check=True, capture_output=True, text=True).stdout
        module = types.ModuleType(name)
        sys.modules[name] = module      # its dataclasses look their module up by name
        exec(compile(source_edit(source), f"{path}@{LANDED_COMMIT}", "exec"), module.__dict__)
        return module

    rules = landed("py/rituels/tuchulcha/rules.py", "rituels.tuchulcha.rules_landed")
    bots = landed("py/rituels/tuchulcha/bots.py", "rituels.tuchulcha.bots_landed",
                  lambda text: text.replace("from rituels.tuchulcha.rules import",
                                            "from rituels.tuchulcha.rules_landed import"))
    return rules, bots.StrongBot


def follow(mirror: GameState | None, state: GameState, action) -> None:
    """Keep the landed rules' copy of the game in step: the same action, by its notation."""
    if mirror is not None:
        mirror.apply(mirror.str_to_action(state.action_to_str(action)))


def wilson(share_sum: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % interval of a win rate from ``n`` games (a shared win counts its share)."""
    if n == 0:
        return 0.0, 1.0
    p = share_sum / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def _pct(values: list, q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Meter:
    """CPU seconds (thread time) of one side's decisions with a real choice."""

    def __init__(self):
        self.times: list[float] = []

    def mean(self) -> float:
        return statistics.fmean(self.times) if len(self.times) >= PRIOR_N else PRIOR_S


def play_one(g: int, players: int, opponent: str, factor: float, scale: float, seed: int,
             meters: dict, old: bool = False) -> tuple[float, str]:
    """One game; the strong bot's share of the win and the roles it took ("T", "L", "")."""
    seat = g % players
    rng = random.Random(seed * 100_003 + g)
    strong = StrongBot(seed * 1000 + g, previous=old)
    strong.clock = PageClock(scale)
    bots: list[Bot] = []
    for p in range(players):
        if p == seat:
            bots.append(strong)
        elif opponent == "mcts":
            bot = MCTSBot(seed * 1000 + 10 * g + p)
            bot.clock = time.thread_time
            bots.append(bot)
        elif opponent == "previous":
            bot = StrongBot(seed * 1000 + 10 * g + p, previous=True)
            bot.clock = PageClock(scale)
            bots.append(bot)
        elif opponent == "landed":
            bot = landed_modules()[1](seed * 1000 + 10 * g + p)
            bot.clock = PageClock(scale)
            bots.append(bot)
        else:
            bots.append(RandomBot(seed * 1000 + 10 * g + p))
    state = GAME.start(players)
    # The landed bots play on a copy of the game under the landed rules.
    mirror = landed_modules()[0].TuchulchaState(players) if opponent == "landed" else None
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            outcome = sample_chance(state, rng)
            follow(mirror, state, outcome)
            state.apply(outcome)
            continue
        bot = bots[p]
        if isinstance(bot, MCTSBot):
            bot.budget_s = factor * meters["strong"].mean()
        choice = len(state.legal_actions()) > 1
        landed = mirror is not None and p != seat
        t0 = time.thread_time()
        action = decide(bot, mirror if landed else state, p)
        spent = time.thread_time() - t0
        if choice:
            meters["strong" if p == seat else "other"].times.append(spent)
        if landed:
            action = state.str_to_action(mirror.action_to_str(action))
        follow(mirror, state, action)
        state.apply(action)
    roles = "".join(sorted({"T" if e["chosen"].startswith("C") else "L"
                            for e in strong.role_log if e["chosen"] not in ("roll", "done")}))
    return state.returns()[seat], roles


def run_match(opponent: str, games: int, players: int = 4, factor: float = 1.0,
              scale: float = 1.5, seed: int = 0, old: bool = False, log=None) -> dict:
    """Play a match; the strong bot's shares, both sides' CPU per decision, shares by role."""
    meters = {"strong": Meter(), "other": Meter()}
    shares: list[float] = []
    by_role: dict = {}
    for g in range(games):
        share, roles = play_one(g, players, opponent, factor, scale, seed, meters, old)
        shares.append(share)
        by_role.setdefault(roles, []).append(share)
        if log:
            lo, hi = wilson(sum(shares), len(shares))
            log(f"game {g + 1}: share {share:.2f} roles {roles or '-'}; running "
                f"{statistics.fmean(shares):.1%} [{lo:.1%}, {hi:.1%}]")
    return {"shares": shares, "strong": meters["strong"].times,
            "other": meters["other"].times, "by_role": by_role}


def _cpu(times: list) -> str:
    if not times:
        return "-"
    return (f"mean {statistics.fmean(times) * 1000:.0f} ms, p50 {_pct(times, .5) * 1000:.0f}, "
            f"p95 {_pct(times, .95) * 1000:.0f} ({len(times)} decisions)")


def describe(res: dict) -> str:
    shares = res["shares"]
    lo, hi = wilson(sum(shares), len(shares))
    roles = "; ".join(f"as {r or 'racer'} {statistics.fmean(v):.0%} of {len(v)}"
                      for r, v in sorted(res["by_role"].items()))
    return (f"{statistics.fmean(shares):.1%} [{lo:.1%}, {hi:.1%}] of the wins; CPU/decision "
            f"strong {_cpu(res['strong'])}; others {_cpu(res['other'])}; {roles}")


# (label, opponent, games, quick games, players, factor, target)
MATCHES = (
    ("4 players, 1 strong vs 3 MCTS at equal CPU", "mcts", 100, 2, 4, 1.0, ">= 50 %"),
    ("2 players, strong vs MCTS at equal CPU", "mcts", 60, 2, 2, 1.0, ">= 95 %"),
    ("2 players, strong vs MCTS at 4x CPU", "mcts", 40, 1, 2, 4.0, ">= 90 %"),
    ("4 players, 1 strong vs 3 random", "random", 100, 2, 4, 1.0, ">= 90 %"),
    ("4 players, 1 strong vs 3 previous strong", "previous", 200, 1, 4, 1.0, "> 25 %"),
    ("4 players, 1 strong vs 3 landed strong (frozen copy)", "landed", 200, 1, 4, 1.0, "> 25 %"),
)


def figures(quick: bool = False) -> list[tuple[str, str]]:
    rows = []
    for label, opponent, games, few, players, factor, target in MATCHES:
        n = few if quick else games
        res = run_match(opponent, n, players, factor)
        rows.append((f"tuchulcha: {label}, {n} games, seat rotated", f"{describe(res)} "
                     f"(target {target})"))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench_generic")
    ap.add_argument("opponent", choices=("mcts", "random", "previous", "landed"))
    ap.add_argument("games", type=int)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--factor", type=float, default=1.0)
    ap.add_argument("--scale", type=float, default=1.5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--old", action="store_true", help="the strong bot with this landing's "
                    "changes off")
    args = ap.parse_args(argv)
    res = run_match(args.opponent, args.games, args.players, args.factor, args.scale,
                    args.seed, args.old, log=lambda line: print(line, flush=True))
    print(f"result {args.opponent} players {args.players} factor {args.factor} scale "
          f"{args.scale} old {args.old} games {args.games}: {describe(res)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
