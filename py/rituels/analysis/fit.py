"""Fit the calibration constants of the win chances on self-play games (docs/analysis.md).

``python3 -m rituels.analysis.fit GAME [--games N] [--records F]`` plays (or reads) the
calibration games of seeds 0..N-1 — never the bench's seeds (1000+), which check the result —
takes the bench's seeded turn ends and finds the constants with the lowest Brier score:

- tuchulcha: ``rituels.tuchulcha.chances.PARAMS`` (the per-role map of the bot's chances);
- cthulhu-dice, wongar: ``SHRINK`` in core.py (the pull of the random playouts' estimates
  towards an even chance).

It prints the constants and the calibration table they give on the fitting games; copy the
constants into the code by hand (a fit is a decision, reviewed like one).

``--map`` fits the last step instead, for every game: ``CALIBRATION`` in core.py, a monotone
map of each player's estimate (isotonic regression, then the players rescaled to their sum),
on the estimates the constants above give. ``--check F`` also prints the table it gives on the
records of F (seeds 1000+, never fitted on).
"""

from __future__ import annotations

import argparse
from functools import partial
from typing import Callable

from rituels.analysis.bench import brier, calibration_rows, picked_positions, records
from rituels.analysis.core import Estimator, apply_map

FIT_GAMES = 500


def minimise(loss: Callable[[list[float]], float], start: list[float], steps: list[float],
             bounds: list[tuple[float, float]], tolerance: float = 1e-3) -> list[float]:
    """Coordinate search: move one constant a step while the loss drops, halve the steps when
    no move helps. Few constants, a smooth loss: enough, and no library needed."""
    x, best = list(start), loss(start)
    steps = list(steps)
    while max(steps) > tolerance:
        moved = False
        for i in range(len(x)):
            for sign in (1.0, -1.0):
                y = list(x)
                y[i] = min(max(y[i] + sign * steps[i], bounds[i][0]), bounds[i][1])
                value = loss(y)
                if value < best - 1e-12:
                    x, best, moved = y, value, True
                    break
        if not moved:
            steps = [s / 2 for s in steps]
    return x


def fit_tuchulcha(games: int, path: str) -> tuple[list[float], list[tuple[float, float]]]:
    from rituels.tuchulcha.chances import PARAMS, calibrate, features
    rows = []
    for seed, record in records("tuchulcha", games, first=0, path=path):
        for _, state, won in picked_positions(record, seed):
            rows.append((features(state), won))

    def samples(params):
        return [(c, w) for feats, won in rows for c, w in zip(calibrate(*feats, params), won)]

    bounds = [(0.0, 4.0), (-6.0, 6.0), (0.0, 4.0), (-6.0, 6.0)] + [(0.1, 12.0), (0.0, 1.0)] * 2
    best = minimise(lambda x: brier(samples(x)), list(PARAMS), [0.5, 1.0, 0.5, 1.0] + [1.0, 0.2] * 2,
                    bounds)
    return best, samples(best)


def fit_shrink(game_id: str, games: int, path: str
               ) -> tuple[list[float], list[tuple[float, float]]]:
    """``SHRINK`` of a game estimated by playouts: the raw estimates (no shrink) of the
    calibration positions, then the factor towards an even chance with the lowest Brier."""
    est = Estimator(game_id, hidden=True)
    est.shrink, est.knots = 1.0, ()      # the map is fitted after the shrink, on top of it
    rows = []
    for seed, record in records(game_id, games, first=0, path=path):
        for pos, state, won in picked_positions(record, seed):
            n = state.num_players
            rows.append(([c - 1.0 / n for c in est.chances(state, "cal", seed, pos)], n, won))

    def samples(x):
        return [(1.0 / n + x[0] * d, w) for ds, n, won in rows for d, w in zip(ds, won)]

    best = minimise(lambda x: brier(samples(x)), [1.0], [0.1], [(0.0, 1.5)])
    return best, samples(best)


# Samples per knot of the map: at least MIN_BLOCK and a KNOTS-th of them, so the table stays
# short and does not follow the fitting games' noise.
MIN_BLOCK, KNOTS = 150, 16


def isotonic(samples: list[tuple[float, float]], min_block: int = MIN_BLOCK
             ) -> tuple[tuple[float, float], ...]:
    """The knots (mean estimate, win frequency) of the non-decreasing map with the least
    squared error (pool-adjacent-violators), small blocks pooled with a neighbour."""
    blocks: list[list[float]] = []          # [sum of estimates, sum of wins, count]
    for c, w in sorted(samples):
        blocks.append([c, w, 1.0])
        while len(blocks) > 1 and (blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]
                                   or blocks[-2][2] < min_block):
            last = blocks.pop()
            blocks[-1] = [a + b for a, b in zip(blocks[-1], last)]
    if len(blocks) > 1 and blocks[-1][2] < min_block:     # the top block pools downwards
        last = blocks.pop()
        blocks[-1] = [a + b for a, b in zip(blocks[-1], last)]
    return tuple((round(c / n, 3), round(w / n, 3)) for c, w, n in blocks)


def estimates(game_id: str, path: str, first: int = 0, games: int = 10 ** 6
              ) -> list[tuple[list[float], list[float]]]:
    """(every player's estimate before the map, every player's result) at the calibration's
    turn ends of the records of ``path``."""
    est = Estimator(game_id, hidden=True)
    est.knots = ()
    return [(est.chances(state, "cal", seed, pos), won)
            for seed, record in records(game_id, games, first=first, path=path)
            for pos, state, won in picked_positions(record, seed)]


def mapped(rows: list[tuple[list[float], list[float]]], knots) -> list[tuple[float, float]]:
    return [(c, w) for chances, won in rows for c, w in zip(apply_map(chances, knots), won)]


def fit_knots(rows: list[tuple[list[float], list[float]]], rounds: int = 8
              ) -> tuple[tuple[float, float], ...]:
    """The isotonic map of the estimates, then its heights corrected a few times for the
    rescaling to the players' sum (which moves every mapped chance): each knot takes the
    win frequency minus the mean mapped chance of the samples nearest to it."""
    flat = [(c, w) for chances, won in rows for c, w in zip(chances, won)]
    knots = isotonic(flat, max(MIN_BLOCK, len(flat) // KNOTS))
    xs = [x for x, _ in knots]
    for _ in range(rounds):
        sums = [[0.0, 0.0, 0] for _ in knots]
        for chances, won in rows:
            for c, m, w in zip(chances, apply_map(chances, knots), won):
                k = min(range(len(xs)), key=lambda i: abs(xs[i] - c))
                sums[k][0] += w - m
                sums[k][2] += 1
        heights = [min(max(y + (d / n if n else 0.0), 0.0), 1.0)
                   for (_, y), (d, _, n) in zip(knots, sums)]
        for i in range(1, len(heights)):                    # stay monotone
            heights[i] = max(heights[i], heights[i - 1])
        knots = tuple((x, round(y, 3)) for x, y in zip(xs, heights))
    return knots


def fit_map(game_id: str, path: str, check: str = "") -> None:
    rows = estimates(game_id, path)
    knots = fit_knots(rows)
    print(f"{game_id} CALIBRATION: {knots}")
    for name, table in (("fit", rows), ("check", estimates(game_id, check) if check else [])):
        if table:
            lines, ok, score, base = calibration_rows(mapped(table, knots))
            print(f"on the {name} records:", *lines, sep="\n   ")
            print(f"Brier {score:.4f} (base rate {base:.4f}), every bucket within: {ok}")


FITS = {"tuchulcha": fit_tuchulcha,
        "cthulhu-dice": partial(fit_shrink, "cthulhu-dice"),
        "wongar": partial(fit_shrink, "wongar")}


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("game", choices=sorted(FITS))
    parser.add_argument("--games", type=int, default=FIT_GAMES)
    parser.add_argument("--records", default="", help="JSON lines of records (seeds 0..N-1)")
    parser.add_argument("--map", action="store_true", help="fit the monotone map (CALIBRATION)")
    parser.add_argument("--check", default="", help="with --map: records to check it on")
    args = parser.parse_args()
    if args.map:
        fit_map(args.game, args.records, args.check)
        raise SystemExit(0)
    constants, fitted = FITS[args.game](args.games, args.records)
    print(f"{args.game} constants: {tuple(round(c, 3) for c in constants)}")
    rows, ok, score, base = calibration_rows(fitted)
    for row in rows:
        print("  ", row)
    print(f"Brier {score:.4f} (base rate {base:.4f}) on {len(fitted)} estimates of the fit")
