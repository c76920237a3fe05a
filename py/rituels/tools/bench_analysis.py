"""Section ``analysis`` of ``python3 -m rituels bench``: are the win chances honest, and fast?

Calibration: self-play games of 4 seats, each seat the strong or the easy bot at random (at
least one strong). At a few turn ends of each game (seeded) every player's estimated chance
(public information only) is compared with whether that player won. Estimates are bucketed by
tenths; a bucket with at least ``MIN_BUCKET`` samples must be within ``TOLERANCE`` points of
its win frequency. The Brier score is printed next to the base rate's (always predicting
the average win frequency). Strong bots search a FIXED amount here (``STRONG_SEARCH``: positions
evaluated, redrawn worlds), not a time budget: the same seed gives the same game on any machine
at any load, and hundreds of games fit on a shared machine (they play the same way, less deeply
than in the app).

Speed: the whole analysis (curve + review of one person's decisions) of complete 4-player
games (p50/max over a few) and the coach's answer (p50/max over the game's decisions), on
CPython; Pyodide is slower by a factor printed by the ``browser`` section's own figures.

Luck and skill (``LUCK_GAMES`` self-play games, every decision reviewed): the random seats'
loss per decision against the strong ones', and the identity result − initial = luck + skill
+ others' decisions + unreviewed decisions + the estimator's drift (docs/analysis.md): its
largest gap over every player of every game (each term is summed on its own, so a gap is a
bug, not noise) and the mean size of each term.

``python3 -m rituels.tools.bench_analysis [--games N] [--game ID] [--quick] [--save F] [--records F]``
prints the same; ``--save`` keeps the self-play records (JSON lines) and ``--records`` reads
them back, so a changed estimate is checked again on the very same games.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Iterator

from rituels.analysis.core import Estimator, analyse, advice, turn_ends
from rituels.engine.bots import play_game
from rituels.engine.game import GAME_IDS, get_game
from rituels.engine.record import start_state
from rituels.engine.state import GameState

# Checking games per game (seeds FIRST_SEED...; the fitted constants never come from these):
# a bucket of n samples has a sampling margin of about ±100/sqrt(n) points, so as many as a
# bench run affords (self-play CPU per game: Cthulhu Dice ~0.002 s, Tuchulcha ~0.7 s,
# Wongar ~0.6 s; the bench prints it).
GAMES = {"cthulhu-dice": 2000, "tuchulcha": 1293, "wongar": 800}
QUICK_GAMES = 40
FIRST_SEED = 1000
POINTS_PER_GAME = 4
MIN_BUCKET, TOLERANCE = 50, 7.0
# The strong bots' fixed search in self-play (attributes set on each strong bot), so a game
# does not depend on the machine's speed or load. About what their former 20 ms budget bought,
# or less: Tuchulcha 200 positions per plan (most plans need fewer) and one sampled future per
# role candidate (the median at 20 ms of CPU); Wongar 2 redrawn worlds (its strength bench's
# amount; 20 ms of wall time on a loaded machine bought 2-8). Cthulhu Dice's strong bot has
# no budget (an exact search of the turn).
STRONG_SEARCH: dict[str, dict[str, int]] = {
    "tuchulcha": {"max_leaves": 200, "samples": 1},
    "wongar": {"iterations": 2},
}
SPEED_GAMES, QUICK_SPEED_GAMES = 3, 1
# Luck and skill (every decision reviewed, the bots' too): the identity's gap and the random
# seats' loss per decision against the strong bots'.
LUCK_GAMES, QUICK_LUCK_GAMES = 100, 4


def _bots(game, rng: random.Random) -> tuple[list, list[str]]:
    levels = [rng.choice(("strong", "easy")) for _ in range(4)]
    if "strong" not in levels:
        levels[rng.randrange(4)] = "strong"
    bots = []
    for level in levels:
        bot = game.bots[level](rng.randrange(1 << 30))
        search = STRONG_SEARCH.get(game.id, {})
        if hasattr(bot, "budget_s") and not search:
            raise ValueError(f"{game.id}: a timed bot needs a fixed search in STRONG_SEARCH")
        for name, amount in search.items():
            if hasattr(bot, name):
                setattr(bot, name, amount)
        bots.append(bot)
    return bots, levels


def self_play(game_id: str, seed: int) -> dict:
    """The calibration game of ``seed``: the same record on every machine (fixed search)."""
    game = get_game(game_id)
    rng = random.Random(f"calibration:{game_id}:{seed}")
    bots, levels = _bots(game, rng)
    final, actions = play_game(game, bots, rng=rng)
    seats = [{"name": f"P{i}", "bot": level} for i, level in enumerate(levels)]
    return {"format": 1, "game": game_id, "options": {}, "seats": seats, "actions": actions,
            "meta": {}}


def records(game_id: str, games: int, first: int = FIRST_SEED,
            path: str = "") -> Iterator[tuple[int, dict]]:
    """(seed, self-play record) of ``games`` seeds from ``first``. ``path``: a JSON-lines file
    of records (``--save`` writes one), read instead of playing: the estimate can then be
    changed and checked again on the very same games without playing them again."""
    if path:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                record = json.loads(line)
                if record["game"] == game_id and first <= record["seed"] < first + games:
                    yield record.pop("seed"), record
        return
    for seed in range(first, first + games):
        yield seed, self_play(game_id, seed)


def picked_positions(record: dict, seed: int
                     ) -> Iterator[tuple[int, GameState, list[float]]]:
    """The calibration's seeded turn ends of ``record``: (actions done, position, every
    player's result); the position is changed in place between two of them."""
    actions, ends, _ = turn_ends(record)
    _, state = start_state(record)
    picks = sorted(random.Random(seed).sample([0] + ends[:-1], min(POINTS_PER_GAME, len(ends))))
    final = state.clone()
    for a in actions:
        final.apply(a)
    won = final.returns()
    at = 0
    for pos in picks:
        while at < pos:
            state.apply(actions[at])
            at += 1
        yield pos, state, won


def calibration_samples(game_id: str, games: int, path: str = "", save: str = "",
                        first: int = FIRST_SEED) -> tuple[list[tuple[float, float]], int]:
    """(estimated chance, 1 if that player won else 0) at seeded turn ends of each game; and
    how many games (a file of records may hold fewer than asked)."""
    est = Estimator(game_id, hidden=True)
    samples, played = [], 0
    kept = open(save, "a", encoding="utf-8") if save else None
    for seed, record in records(game_id, games, first, path):
        played += 1
        if kept:
            kept.write(json.dumps(dict(record, seed=seed)) + "\n")
        for pos, state, won in picked_positions(record, seed):
            for p, chance in enumerate(est.chances(state, "cal", seed, pos)):
                samples.append((chance, won[p]))
    if kept:
        kept.close()
    return samples, played


def buckets(samples: list[tuple[float, float]]) -> list[tuple[int, int, float, float]]:
    """(tenth, samples, mean estimate, win frequency) of every non-empty bucket, in points."""
    tenths: list[list[tuple[float, float]]] = [[] for _ in range(10)]
    for chance, won in samples:
        tenths[min(int(chance * 10), 9)].append((chance, won))
    return [(k, len(b), 100 * statistics.fmean(c for c, _ in b),
             100 * statistics.fmean(w for _, w in b)) for k, b in enumerate(tenths) if b]


def worst_gap(samples: list[tuple[float, float]]) -> float:
    """The largest |estimated - won| of the judged buckets (>= MIN_BUCKET samples), in points."""
    return max((abs(mean - freq) for _, n, mean, freq in buckets(samples) if n >= MIN_BUCKET),
               default=0.0)


def calibration_rows(samples: list[tuple[float, float]]) -> tuple[list[str], bool, float, float]:
    rows, ok = [], True
    for k, n, mean, freq in buckets(samples):
        judged = n >= MIN_BUCKET
        good = abs(mean - freq) <= TOLERANCE
        ok &= good or not judged
        # sampling margin of the win frequency (95 %, as if the samples were independent;
        # the 4 points of one game are not, so the true margin is wider)
        margin = 196 * (max(freq, 1.0) * max(100 - freq, 1.0) / n) ** 0.5 / 100
        rows.append(f"{k * 10:>3}-{k * 10 + 10:<3}% n={n:<5} estimated {mean:5.1f} "
                    f"won {freq:5.1f} (±{margin:4.1f})"
                    + ("" if not judged else " ok" if good else " OFF"))
    base = statistics.fmean(w for _, w in samples)
    return rows, ok, brier(samples), brier([(base, w) for _, w in samples])


def speed(game_id: str, games: int, path: str = "") -> tuple[list[float], list[float]]:
    """Seconds of whole analyses (seat 0 a person) and of coach answers: CPU time of this
    process, so a machine shared with other work does not inflate them."""
    whole, coach = [], []
    for seed, (_, record) in enumerate(records(game_id, games, path=path)):
        record["seats"][0]["bot"] = None
        start = time.process_time()
        result = analyse(record, hidden=True)
        whole.append(time.process_time() - start)
        _, state = start_state(record)
        actions, _, personal = turn_ends(record)
        for i, action in enumerate(actions):
            if personal[i] and len(coach) < 30 * (seed + 1):
                start = time.process_time()
                advice(state, seed=i)
                coach.append(time.process_time() - start)
            state.apply(action)
        assert result.done
    return whole, coach


TERMS = (("luck", "luck"), ("skill", "skill"), ("others", "others_decisions"),
         ("unreviewed", "unreviewed_decisions"), ("drift", "estimator_drift"))


def luck_skill(game_id: str, games: int, path: str = "") -> dict[str, float]:
    """Every decision of the self-play games reviewed (``review_all``): the mean loss per
    decision of the random ("easy") seats and of the strong ones; per player and game, the
    identity result − initial = luck + skill + others' decisions + unreviewed decisions +
    estimator's drift (Summary, each term summed on its own): its largest gap (rounding
    only, or a bug) and the mean size |term| of each term, in points."""
    loss: dict[str, list[float]] = {"easy": [], "strong": []}
    gaps: list[float] = []
    sizes: dict[str, list[float]] = {name: [] for name, _ in TERMS}
    took = 0.0
    played = 0
    for seed, record in records(game_id, games, path=path):
        played += 1
        levels = [s["bot"] for s in record["seats"]]
        start = time.process_time()
        result = analyse(record, seed=seed, review_all=True)
        took += time.process_time() - start
        for r in result.reviews.values():
            loss[levels[r.player]].append(r.loss)
        for s in result.summaries():
            terms = [getattr(s, field) for _, field in TERMS]
            gaps.append(abs(s.result - s.initial - sum(terms)) * 100)
            for (name, _), value in zip(TERMS, terms):
                sizes[name].append(abs(value) * 100)
    easy, strong = (statistics.fmean(loss[k]) if loss[k] else 0.0 for k in ("easy", "strong"))
    out = {"easy": easy, "strong": strong, "ratio": easy / strong if strong else float("inf"),
           "gap_max": max(gaps, default=0.0), "games": played, "cpu": took / max(played, 1)}
    out.update({name: statistics.fmean(v or [0.0]) for name, v in sizes.items()})
    return out


def brier(samples: list[tuple[float, float]]) -> float:
    """Mean squared gap between estimated chances and outcomes (1 won, 0 lost)."""
    return statistics.fmean((c - w) ** 2 for c, w in samples)


def stat(values: list[float]) -> str:
    if not values:
        return "no sample"
    return f"p50 {statistics.median(values):.2f} s, max {max(values):.2f} s"


def game_figures(game_id: str, games: int, speed_games: int, path: str = "",
                 save: str = "", first: int = FIRST_SEED,
                 luck_games: int = LUCK_GAMES) -> list[tuple[str, str]]:
    out = []
    start = time.process_time()
    samples, played = calibration_samples(game_id, games, path, save, first)
    took = time.process_time() - start
    rows, ok, score, base_score = calibration_rows(samples)
    out.append((f"{game_id} calibration ({played} games from seed {first}, "
                f"{len(samples)} estimates)",
                "every bucket of >= 50 within ±7 points: " + ("yes" if ok else "NO")))
    out.append((f"{game_id} calibration run (CPU time, self-play unless --records)",
                f"{took:.0f} s, {took / max(played, 1):.3f} s a game"))
    for row in rows:
        out.append((f"  {game_id} bucket", row))
    out.append((f"{game_id} Brier score", f"{score:.4f} (base rate {base_score:.4f})"))
    whole, coach = speed(game_id, speed_games, path)
    out.append((f"{game_id} whole analysis, 4 players (CPython, CPU time)",
                f"{stat(whole)} (target <= 15 s in the browser)"))
    out.append((f"{game_id} coach answer (CPython, CPU time)", f"{stat(coach)} (target <= 1 s)"))
    if luck_games:
        ls = luck_skill(game_id, luck_games, path)
        out.append((f"{game_id} loss per decision, random vs strong ({ls['games']} games, "
                    "every decision reviewed)",
                    f"{ls['easy']:.2f} vs {ls['strong']:.2f} points: x{ls['ratio']:.1f} "
                    "(target >= 3)"))
        out.append((f"{game_id} identity result − initial = luck + skill + others' "
                    "decisions + unreviewed + drift, per player",
                    f"largest gap {ls['gap_max']:.2g} points ({ls['games']} games; "
                    f"{ls['cpu']:.2f} s CPU a game)"))
        out.append((f"{game_id} identity's terms, mean |term| per player and game",
                    ", ".join(f"{name} {ls[name]:.1f}" for name, _ in TERMS) + " points"))
    return out


def figures(quick: bool) -> list[tuple[str, str]]:
    speed_games = QUICK_SPEED_GAMES if quick else SPEED_GAMES
    out = []
    for game_id in GAME_IDS:
        out += game_figures(game_id, QUICK_GAMES if quick else GAMES[game_id], speed_games,
                            luck_games=QUICK_LUCK_GAMES if quick else LUCK_GAMES)
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=0, help="default: GAMES of the game")
    parser.add_argument("--speed-games", type=int, default=SPEED_GAMES)
    parser.add_argument("--game", default="")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--first", type=int, default=FIRST_SEED, help="first calibration seed")
    parser.add_argument("--records", default="", help="JSON lines of records to read")
    parser.add_argument("--save", default="", help="JSON lines file to append the records to")
    parser.add_argument("--luck-games", type=int, default=LUCK_GAMES)
    parser.add_argument("--only-luck", action="store_true", help="luck and skill figures only")
    args = parser.parse_args()
    if args.quick:
        args.games, args.speed_games = QUICK_GAMES, QUICK_SPEED_GAMES
    for game_id in [args.game] if args.game else GAME_IDS:
        if args.only_luck:
            print(game_id, luck_skill(game_id, args.luck_games, args.records), flush=True)
            continue
        games = args.games or GAMES[game_id]
        for label, value in game_figures(game_id, games, args.speed_games, args.records,
                                         args.save, args.first, args.luck_games):
            print(f"{label}  {value}", flush=True)
