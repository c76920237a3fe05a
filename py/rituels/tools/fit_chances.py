"""Fit the calibration constants of the win chances on self-play games (docs/analysis.md).

``python3 -m rituels.tools.fit_chances GAME [--games N] [--records F]`` plays the calibration games
of seeds 0..N-1 (or reads every game of F) — never the bench's checking seeds (FIRST_SEED and
the GAMES after it: an error) — takes the bench's seeded turn ends and finds the constants with
the lowest Brier score:

- tuchulcha: ``rituels.tuchulcha.chances.PARAMS`` (the per-role map of the bot's chances);
- cthulhu-dice: ``SHRINK`` in core.py (the pull of the random playouts' estimates
  towards an even chance), then ``NOBODY`` (how much likelier than in the playouts it is
  that nobody wins);
- wongar: none (its own estimate since issue 42: ``--review`` and ``--map``).

It prints the constants and the calibration table they give on the fitting games; copy the
constants into the code by hand (a fit is a decision, reviewed like one).

``--review`` fits Wongar's review estimate instead (``rituels.wongar.chances.PARAMS``, the
softmax's temperatures): the log-likelihood of who won at every decision of the fitting games
(REVIEW_FIT_GAMES by default); it also prints the weight the ceremony under way would get if
it were free (bots.values counts it at 1: its expected points), as a check of that evaluation.

``--map`` fits the last step instead, for every game: ``CALIBRATION`` in core.py, a monotone
map of each player's estimate (then the players rescaled to their sum), on the estimates the
constants above give. Several kinds of map are tried (none, a logistic curve, isotonic
regression with large or very large blocks); the one kept is chosen by 5-fold
cross-validation on the fitting games alone (every judged bucket of the held-out folds within
the bench's tolerance if possible, then the lowest Brier score), then refitted on all of them.
``--check F`` also prints the table it gives on the records of F (checking seeds, never fitted
on, never used to choose).
"""

from __future__ import annotations

import argparse
import bisect
import math
import statistics
from functools import partial
from typing import Callable, Iterator

from rituels.tools.bench_analysis import (FIRST_SEED, GAMES, TOLERANCE, brier, calibration_rows,
                                    picked_positions, records, worst_gap)
from rituels.analysis.core import Estimator, apply_map, turn_ends

FIT_GAMES = 500


def fitting_records(game_id: str, games: int, path: str) -> Iterator[tuple[int, dict]]:
    """Seeds 0..games-1 played, or every game of ``path``: never a checking game."""
    checking = range(FIRST_SEED, FIRST_SEED + GAMES[game_id])
    for seed, record in records(game_id, 10 ** 9 if path else games, first=0, path=path):
        if seed in checking:
            raise ValueError(f"{game_id} seed {seed} is a checking game of the bench "
                             f"(seeds {checking.start}-{checking.stop - 1}): not for fitting")
        yield seed, record


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
    for seed, record in fitting_records("tuchulcha", games, path):
        for _, state, won in picked_positions(record, seed):
            rows.append((features(state), won))

    def samples(params):
        return [(c, w) for feats, won in rows for c, w in zip(calibrate(*feats, params), won)]

    bounds = ([(0.0, 4.0), (-6.0, 6.0), (0.0, 4.0), (-6.0, 6.0)] + [(0.1, 12.0), (0.0, 1.0)] * 2
              + [(-6.0, 6.0)] * 3)
    steps = [0.5, 1.0, 0.5, 1.0] + [1.0, 0.2] * 2 + [1.0] * 3
    best = minimise(lambda x: brier(samples(x)), list(PARAMS), steps, bounds)
    return best, samples(best)


def fit_shrink(game_id: str, games: int, path: str
               ) -> tuple[list[float], list[tuple[float, float]]]:
    """``SHRINK`` and ``NOBODY`` of a game estimated by playouts, from the raw estimates of the
    calibration positions: NOBODY the ratio of the games' to the playouts' mean share of ends
    with no winner, then the factor towards an even chance with the lowest Brier."""
    est = unmapped(game_id)
    est.shrink, est.nobody = 1.0, 1.0
    rows = estimates(est, fitting_records(game_id, games, path))
    unwon = statistics.fmean(1.0 - sum(raw) for raw, _ in rows)
    if unwon > 1e-9:
        est.nobody = statistics.fmean(1.0 - sum(won) for _, won in rows) / unwon

    def samples(x):
        est.shrink = x[0]
        return [(c, w) for raw, won in rows for c, w in zip(est.honest(raw), won)]

    best = minimise(lambda x: brier(samples(x)), [1.0], [0.1], [(0.0, 1.5)])
    return [best[0], est.nobody], samples(best)


# Samples per knot of an isotonic map: at least MIN_BLOCK and a given share of them, so the
# table stays short and does not follow the fitting games' noise.
MIN_BLOCK = 150
FOLDS = 5


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


# Where a logistic map is tabulated (knots; apply_map interpolates between them).
LOGISTIC_GRID = (0.0, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.13, 0.16, 0.2, 0.25, 0.3, 0.35,
                 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0)


def _logit(p: float) -> float:
    p = min(max(p, 1e-4), 1.0 - 1e-4)
    return math.log(p / (1.0 - p))


def logistic(samples: list[tuple[float, float]], rounds: int = 25
             ) -> tuple[tuple[float, float], ...]:
    """Platt scaling: won ~ 1 / (1 + exp(-(a logit(estimate) + b))), fitted by Newton's method
    (maximum likelihood; two constants, so it cannot follow noise), tabulated as knots."""
    a, b = 1.0, 0.0
    xs = [(_logit(c), w) for c, w in samples]
    for _ in range(rounds):
        ga = gb = haa = hab = hbb = 0.0
        for x, w in xs:
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, a * x + b))))
            r, v = w - p, p * (1.0 - p)
            ga, gb = ga + r * x, gb + r
            haa, hab, hbb = haa + v * x * x, hab + v * x, hbb + v
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        a, b = a + (hbb * ga - hab * gb) / det, b + (haa * gb - hab * ga) / det
    a = max(a, 0.0)                                       # monotone
    return tuple((x, 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, a * _logit(x) + b)))))
                 for x in LOGISTIC_GRID)


def unmapped(game_id: str) -> Estimator:
    """The game's estimator without its monotone map (fitted after it, on top)."""
    est = Estimator(game_id, hidden=True)
    est.knots = ()
    return est


def estimates(est: Estimator, games: Iterator[tuple[int, dict]]
              ) -> list[tuple[list[float], list[float]]]:
    """(every player's estimate by ``est``, every player's result) at the calibration's turn
    ends of ``games`` ((seed, record) pairs)."""
    return [(est.chances(state, "cal", seed, pos), won)
            for seed, record in games for pos, state, won in picked_positions(record, seed)]


def mapped(rows: list[tuple[list[float], list[float]]], knots) -> list[tuple[float, float]]:
    return [(c, w) for chances, won in rows for c, w in zip(apply_map(chances, knots), won)]


def rescaled(rows: list[tuple[list[float], list[float]]], knots, rounds: int = 8
             ) -> tuple[tuple[float, float], ...]:
    """``knots`` (fitted to every estimate alone) with their heights corrected a few times for
    the rescaling to the players' sum (which moves every mapped chance): each knot takes the
    win frequency minus the mean mapped chance of the samples nearest to it."""
    xs = [x for x, _ in knots]
    mids = [(a + b) / 2 for a, b in zip(xs, xs[1:])]      # nearest knot: bisect the midpoints
    for _ in range(rounds):
        gap, count = [0.0] * len(knots), [0] * len(knots)
        for chances, won in rows:
            for c, m, w in zip(chances, apply_map(chances, knots), won):
                k = bisect.bisect_left(mids, c)
                gap[k] += w - m
                count[k] += 1
        heights = [min(max(y + (d / n if n else 0.0), 0.0), 1.0)
                   for (_, y), d, n in zip(knots, gap, count)]
        for i in range(1, len(heights)):                    # stay monotone
            heights[i] = max(heights[i], heights[i - 1])
        knots = tuple((x, round(y, 3)) for x, y in zip(xs, heights))
    return knots


def _flat(rows):
    return [(c, w) for chances, won in rows for c, w in zip(chances, won)]


def _isotonic_map(rows, parts: int):
    flat = _flat(rows)
    return rescaled(rows, isotonic(flat, max(MIN_BLOCK, len(flat) // parts)))


# The kinds of map tried, each a function of the fitting rows giving knots.
MAPS: dict[str, Callable] = {
    "none": lambda rows: (),
    "logistic": lambda rows: rescaled(rows, logistic(_flat(rows))),
    "isotonic/16": partial(_isotonic_map, parts=16),
    "isotonic/6": partial(_isotonic_map, parts=6),
}


def held_out(rows: list[tuple[list[float], list[float]]], kind: str, folds: int = FOLDS
             ) -> list[tuple[float, float]]:
    """Every sample mapped by the map of ``kind`` fitted on the other folds (folds are runs of
    consecutive games, so a game's positions stay together)."""
    out = []
    for k in range(folds):
        lo, hi = k * len(rows) // folds, (k + 1) * len(rows) // folds
        out += mapped(rows[lo:hi], MAPS[kind](rows[:lo] + rows[hi:]))
    return out


def choose_map(rows: list[tuple[list[float], list[float]]]) -> str:
    """The kind of map whose held-out samples pass the bench's rule, with the lowest Brier
    score; if none passes, the one with the smallest worst bucket."""
    scores = {}
    for kind in MAPS:
        samples = held_out(rows, kind)
        gap = worst_gap(samples)
        scores[kind] = (gap > TOLERANCE, gap if gap > TOLERANCE else 0.0, brier(samples))
        print(f"  {kind:12} held out: worst bucket {gap:4.1f} points, Brier {scores[kind][2]:.4f}",
              flush=True)
    return min(scores, key=scores.__getitem__)


def fit_map(game_id: str, games: int, path: str, check: str = "", kind: str = "") -> None:
    est = unmapped(game_id)
    rows = estimates(est, fitting_records(game_id, games, path))
    kind = kind or choose_map(rows)
    knots = MAPS[kind](rows)
    print(f"{game_id} CALIBRATION ({kind}): {knots}")
    checked = estimates(est, records(game_id, 10 ** 9, 0, check)) if check else []
    for name, table in (("fit", rows), ("check", checked)):
        if table:
            lines, ok, score, base = calibration_rows(mapped(table, knots))
            print(f"on the {name} records:", *lines, sep="\n   ")
            print(f"Brier {score:.4f} (base rate {base:.4f}), every bucket within: {ok}")


REVIEW_FIT_GAMES = 150


def fit_review(games: int, path: str) -> None:
    """Wongar's ``chances.PARAMS`` by the log-likelihood of who won (a shared win: each winner
    weighs its share) at every decision of the fitting games, and the free fit of the weight
    of the ceremony under way (a check: its value is counted at 1 in the bot's heuristic)."""
    from rituels.engine.record import start_state
    from rituels.wongar import data as D
    from rituels.wongar.bots import HAND_CARD_VALUE, values
    from rituels.wongar.ceremony import ceremony_value
    from rituels.wongar.chances import PARAMS, softmax
    from rituels.wongar.rules import CEREMONY_STEPS

    rows = []     # (scores without the ceremony, the ceremony's part, progress, result)
    for seed, record in fitting_records("wongar", games, path):
        actions, _, _ = turn_ends(record)
        _, state = start_state(record)
        final = state.clone()
        for a in actions:
            final.apply(a)
        won = final.returns()
        for a in actions:
            if state.current_player() >= 0:
                v = values(state)
                part = [0.0] * len(v)
                if state.step in CEREMONY_STEPS and state.cer_area is not None:
                    part = ceremony_value(state, HAND_CARD_VALUE)
                rows.append(([x - c for x, c in zip(v, part)], part,
                             (state.time - 1) / (D.TIME_SPACES - 1), won))
            state.apply(a)

    def loss(x: list[float]) -> float:
        total = 0.0
        for base, part, progress, won in rows:
            chances = softmax([b + x[2] * c for b, c in zip(base, part)], progress, x)
            total -= sum(w * math.log(max(c, 1e-12)) for c, w in zip(chances, won) if w)
        return total / len(rows)

    ceremonies = sum(1 for _, part, _, _ in rows if any(part))
    print(f"{len(rows)} decisions ({ceremonies} in a ceremony) of {games} games")
    start = list(PARAMS) + [1.0]
    print(f"  now {tuple(PARAMS)}: log-loss {loss(start):.5f}")
    steps, bounds = [0.5, 0.5, 0.25], [(1.0, 20.0), (1.0, 20.0), (0.0, 3.0)]
    fixed = minimise(lambda x: loss(x[:2] + [1.0]), start[:2], steps[:2], bounds[:2])
    print(f"  fitted, ceremony at 1: {tuple(round(c, 3) for c in fixed)} "
          f"log-loss {loss(fixed + [1.0]):.5f}")
    free = minimise(loss, fixed + [1.0], steps, bounds)
    print(f"  with the ceremony's weight free: {tuple(round(c, 3) for c in free)} "
          f"log-loss {loss(free):.5f}")


FITS = {"tuchulcha": fit_tuchulcha,
        "cthulhu-dice": partial(fit_shrink, "cthulhu-dice")}


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("game", choices=sorted(set(FITS) | {"wongar"}))
    parser.add_argument("--games", type=int, default=FIT_GAMES)
    parser.add_argument("--records", default="",
                        help="JSON lines of records (any seeds but the checking games')")
    parser.add_argument("--map", action="store_true", help="fit the monotone map (CALIBRATION)")
    parser.add_argument("--review", action="store_true",
                        help="wongar: fit the review estimate (chances.PARAMS)")
    parser.add_argument("--check", default="", help="with --map: records to check it on")
    parser.add_argument("--kind", default="", choices=[""] + sorted(MAPS),
                        help="with --map: this kind of map instead of the cross-validated choice")
    args = parser.parse_args()
    if args.review:
        fit_review(args.games if args.games != FIT_GAMES else REVIEW_FIT_GAMES, args.records)
        raise SystemExit(0)
    if args.map:
        fit_map(args.game, args.games, args.records, args.check, args.kind)
        raise SystemExit(0)
    if args.game not in FITS:
        parser.error(f"{args.game} has no constants of its own to fit: --map or --review")
    constants, fitted = FITS[args.game](args.games, args.records)
    print(f"{args.game} constants: {tuple(round(c, 3) for c in constants)}")
    rows, ok, score, base = calibration_rows(fitted)
    for row in rows:
        print("  ", row)
    print(f"Brier {score:.4f} (base rate {base:.4f}) on {len(fitted)} estimates of the fit")
