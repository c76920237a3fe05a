"""Fit the calibration constants of the win chances on self-play games (docs/analysis.md).

``python3 -m rituels.analysis.fit GAME [--games N] [--records F]`` plays (or reads) the
calibration games of seeds 0..N-1 — never the bench's seeds (1000+), which check the result —
takes the bench's seeded turn ends and finds the constants with the lowest Brier score:

- tuchulcha: ``rituels.tuchulcha.chances.PARAMS`` (the per-role map of the bot's chances);
- cthulhu-dice, wongar: ``SHRINK`` in core.py (the pull of the random playouts' estimates
  towards an even chance).

It prints the constants and the calibration table they give on the fitting games; copy the
constants into the code by hand (a fit is a decision, reviewed like one).
"""

from __future__ import annotations

import argparse
import statistics
from functools import partial
from typing import Callable

from rituels.analysis.bench import calibration_rows, picked_positions, records
from rituels.analysis.core import Estimator

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


def brier(samples: list[tuple[float, float]]) -> float:
    return statistics.fmean((c - w) ** 2 for c, w in samples)


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
    est.shrink = 1.0
    rows = []
    for seed, record in records(game_id, games, first=0, path=path):
        for pos, state, won in picked_positions(record, seed):
            n = state.num_players
            rows.append(([c - 1.0 / n for c in est.chances(state, "cal", seed, pos)], n, won))

    def samples(x):
        return [(1.0 / n + x[0] * d, w) for ds, n, won in rows for d, w in zip(ds, won)]

    best = minimise(lambda x: brier(samples(x)), [1.0], [0.1], [(0.0, 1.5)])
    return best, samples(best)


FITS = {"tuchulcha": fit_tuchulcha,
        "cthulhu-dice": partial(fit_shrink, "cthulhu-dice"),
        "wongar": partial(fit_shrink, "wongar")}


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("game", choices=sorted(FITS))
    parser.add_argument("--games", type=int, default=FIT_GAMES)
    parser.add_argument("--records", default="", help="JSON lines of records (seeds 0..N-1)")
    args = parser.parse_args()
    constants, fitted = FITS[args.game](args.games, args.records)
    print(f"{args.game} constants: {tuple(round(c, 3) for c in constants)}")
    rows, ok, score, base = calibration_rows(fitted)
    for row in rows:
        print("  ", row)
    print(f"Brier {score:.4f} (base rate {base:.4f}) on {len(fitted)} estimates of the fit")
