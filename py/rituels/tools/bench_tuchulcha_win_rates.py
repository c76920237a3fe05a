"""Issue 27's strength runs in one process, one game at a time round-robin across matches,
so a run cut short leaves partial counts for every match. Each game is appended as one JSON
line to LOG (``match``, game index, strong bot's share, roles, CPU per decision of both sides),
and ``--summary LOG`` prints each match's win share with its Wilson 95 % interval.
``nice -n 10 python -m rituels.tools.bench_tuchulcha_win_rates LOG [--scale 6] [--only NAME,NAME]
[--first G] [--stop H]``: ``--only`` plays those matches alone, ``--first``/``--stop`` play game
indices G to H-1 (so processes and time slices can share a match's games, logs summarised
together)."""

from __future__ import annotations

import json
import statistics
import sys
import time

from rituels.tools.bench_generic import Meter, _pct, play_one, wilson
from rituels.tools import tuchulcha_balance

# (name, opponent, games, players, factor)
RUNS = (
    ("4p_random", "random", 100, 4, 1.0),
    ("4p_mcts_x1", "mcts", 100, 4, 1.0),
    ("2p_mcts_x1", "mcts", 60, 2, 1.0),
    ("2p_mcts_x4", "mcts", 40, 2, 4.0),
    ("4p_landed", "landed", 200, 4, 1.0),
    ("balance_4p", "balance", 200, 4, 1.0),
)


def run(path: str, scale: float, only: set | None = None, first: int = 0,
        stop: int | None = None) -> None:
    meters = {name: {"strong": Meter(), "other": Meter()} for name, *_ in RUNS}
    with open(path, "a") as out:
        for g in range(first, max(r[2] for r in RUNS) if stop is None else stop):
            for name, opponent, games, players, factor in RUNS:
                if g >= games or (only and name not in only):
                    continue
                t0 = time.process_time()
                if opponent == "balance":
                    res = tuchulcha_balance.play_one((4, "one", 27_000 + g, 120, 4, 2))
                    row = {k: res[k] for k in ("rounds", "tie", "tie_broken", "end", "players",
                                               "seats", "cpu", "tuchulcha", "lasa")}
                else:
                    m = meters[name]
                    ns, no = len(m["strong"].times), len(m["other"].times)
                    share, roles = play_one(g, players, opponent, factor, scale, 0, m)
                    row = {"share": share, "roles": roles,
                           "strong_cpu": m["strong"].times[ns:], "other_cpu": m["other"].times[no:]}
                row.update(match=name, game=g, cpu_s=time.process_time() - t0)
                out.write(json.dumps(row) + "\n")
                out.flush()


def summary(*paths: str) -> None:
    rows: dict = {}
    for path in paths:
        for line in open(path):
            r = json.loads(line)
            rows.setdefault(r["match"], []).append(r)
    for name, rs in rows.items():
        if name == "balance_4p":
            rounds = sorted(r["rounds"] for r in rs)
            ties = sum(r["tie"] for r in rs)
            by_role: dict = {}
            seats = [0.0] * 4
            for r in rs:
                for roles, share in r["players"]:
                    by_role.setdefault(roles or "racer", []).append(share)
                for seat, share in r["seats"]:
                    seats[seat] += share
            n = len(rs)
            print(f"{name}: {n} games; rounds p50 {_pct(rounds, .5):.1f} (p10 "
                  f"{_pct(rounds, .1):.1f}, p90 {_pct(rounds, .9):.1f}); shared wins {ties} "
                  f"({ties / n:.1%}); tie-break decided {sum(r['tie_broken'] for r in rs)}; "
                  f"Tuchulcha in {sum(r['tuchulcha'] for r in rs)}, Lasa in "
                  f"{sum(r['lasa'] for r in rs)}; seat win shares from first "
                  + ", ".join(f"{s / n:.1%}" for s in seats) + "; per player by role: "
                  + "; ".join(f"{k} {statistics.fmean(v):.1%} of {len(v)} "
                              f"[{wilson(sum(v), len(v))[0]:.0%}, {wilson(sum(v), len(v))[1]:.0%}]"
                              for k, v in sorted(by_role.items())))
            continue
        shares = [r["share"] for r in rs]
        lo, hi = wilson(sum(shares), len(shares))
        st = [t for r in rs for t in r["strong_cpu"]]
        ot = [t for r in rs for t in r["other_cpu"]]
        by_role: dict = {}
        for r in rs:
            by_role.setdefault(r["roles"] or "racer", []).append(r["share"])
        print(f"{name}: {statistics.fmean(shares):.1%} [{lo:.1%}, {hi:.1%}] of {len(rs)} games; "
              f"strong CPU/decision p50 {_pct(st, .5) * 1000:.0f} ms p95 {_pct(st, .95) * 1000:.0f}"
              f" mean {statistics.fmean(st) * 1000 if st else 0:.0f} ({len(st)}); others p50 "
              f"{_pct(ot, .5) * 1000:.0f} p95 {_pct(ot, .95) * 1000:.0f} mean "
              f"{statistics.fmean(ot) * 1000 if ot else 0:.0f}; by role: "
              + "; ".join(f"{k} {statistics.fmean(v):.0%} of {len(v)}"
                          for k, v in sorted(by_role.items())))


if __name__ == "__main__":
    if sys.argv[1] == "--summary":
        summary(*sys.argv[2:])
    else:
        import argparse
        ap = argparse.ArgumentParser(prog="bench_tuchulcha_win_rates")
        ap.add_argument("log")
        ap.add_argument("--scale", type=float, default=1.5)
        ap.add_argument("--only", default="")
        ap.add_argument("--first", type=int, default=0)
        ap.add_argument("--stop", type=int, default=None)
        args = ap.parse_args()
        run(args.log, args.scale, set(filter(None, args.only.split(","))), args.first,
            args.stop)
