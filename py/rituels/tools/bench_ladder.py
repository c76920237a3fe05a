"""The bot ladder's calibration (issue 43): ``python3 -m rituels bench --only ladder``.

Self-play between adjacent levels of each game, fitted to one rating scale per game.

- **Pairs and tables.** For each adjacent pair (1-2, 2-3, 3-4, 4-5) games are played at the
  smallest table (two players; Wongar takes three at least) and at the game's usual seat count
  (``Game.default_players``): the higher level in one seat against copies of the lower in the
  others, its seat rotated game by game. Every game has its own seed (chance and bots), so a
  game replays exactly. Games are interleaved (pair by pair, table by table) so a slice cut by
  ``--minutes`` stays balanced.
- **Levels.** Levels 1-4 stop on a count. Level "5" is played **at its fixed effort**
  (``Game.fixed_effort_bots["5"]``: Tuchulcha 300 planner leaves, Wongar 8 redrawn worlds;
  Cthulhu Dice's has no clock at all), not the app's time budget, which may see more on a fast
  device: its rating is a floor of the app's level 5.
- **Stored games.** Each game's result (seats' levels, winners, the decision CPU times) is
  appended to ``ladder_games/<game>.jsonl`` beside this file with the levels' signatures (their
  parameters): later slices add to it, and results of a level whose definition changed since
  are ignored. ``--per-pair N`` is the number of games per pair *and table* to reach in total.
- **Fit.** A Luce choice model (Bradley-Terry for two players): the chance that seat i wins is
  s_i / sum of the table's s; a shared win counts 1/k to each of its k winners. Fitted by
  Hunter's MM iterations; ratings are 1000 + 400 log10(s / s_1) (level "1" anchored at 1000,
  an Elo-like scale: +191 is 75 % in a two-player game). 95 % intervals by bootstrap (games
  resampled within each pair and table, ``BOOTSTRAP`` times, percentiles).
- **Table.** Per level: rating [interval], the two-player win rate against the level below
  (ties half; Wilson 95 % interval), at the usual table its win share against the fair share,
  the games played, and decision CPU time p50/p95 (decisions with a choice; this machine, not
  the page).
- ``--write`` rewrites each calibrated game's ``ladder.py`` (RATINGS) from the fit.

Run directly: ``python -m rituels.tools.bench_ladder [--games tuchulcha,wongar] [--per-pair N]
[--tables 2] [--minutes M] [--write] [--no-play]``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

from rituels.engine.bots import decide, thinks
from rituels.engine.game import GAME_IDS, Rating, get_game
from rituels.engine.state import CHANCE, sample_chance

HERE = Path(__file__).resolve().parent
STORE = HERE / "ladder_games"
PACKAGES = {"tuchulcha": "tuchulcha", "wongar": "wongar", "cthulhu-dice": "cthulhu_dice"}
PER_PAIR = 200
QUICK_PER_PAIR = 2
BOOTSTRAP = 200
ANCHOR = 1000.0
TOP = "5"


# --- playing ---------------------------------------------------------------------------------

def make_bot(game_id: str, level: str, seed: int):
    game = get_game(game_id)
    factory = game.fixed_effort_bots.get(level) or game.bots[level]
    return factory(seed)


def signature(game_id: str, level: str) -> str:
    """What defines a level: its bot's class and plain parameters (a changed level's old games
    are not mixed with its new ones)."""
    bot = make_bot(game_id, level, 0)
    params = {k: v for k, v in sorted(vars(bot).items())
              if isinstance(v, (int, float, str, bool, tuple, type(None))) and k != "level"
              and not k.startswith("_")}
    return f"{type(bot).__name__}{json.dumps(params, sort_keys=True)}"


def tables(game_id: str) -> tuple[int, ...]:
    game = get_game(game_id)
    small = max(2, game.min_players)
    return tuple(sorted({small, game.default_players}))


def game_seed(pair: tuple[str, str], n: int, index: int) -> int:
    return int(pair[0]) * 10_000_000 + n * 100_000 + index


def play_one(game_id: str, pair: tuple[str, str], n: int, index: int) -> dict:
    """One game: the higher level of ``pair`` at seat ``index % n``, the lower elsewhere."""
    game = get_game(game_id)
    seed = game_seed(pair, n, index)
    hi_seat = index % n
    seats = [pair[1] if s == hi_seat else pair[0] for s in range(n)]
    bots = [make_bot(game_id, lv, seed * 8 + s) for s, lv in enumerate(seats)]
    rng = random.Random(seed)
    state = game.start(n, None)
    times: dict[str, list[float]] = {lv: [] for lv in pair}
    clock = time.process_time
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        bot = bots[player]
        choice = len(state.legal_actions()) > 1
        t0 = clock()
        action = decide(bot, state, player) if thinks(bot) else bot.choose(state, player)
        if choice:
            times[seats[player]].append(round(clock() - t0, 5))
        state.apply(action)
    return {"pair": list(pair), "n": n, "index": index, "seats": seats,
            "winners": sorted(state.winners()), "times": times}


# --- the stored games ------------------------------------------------------------------------

def store_path(game_id: str) -> Path:
    return STORE / f"{game_id}.jsonl"


def load(game_id: str, levels: tuple[str, ...]) -> list[dict]:
    """Stored games whose levels are still defined as now."""
    path = store_path(game_id)
    if not path.exists():
        return []
    sigs = {lv: signature(game_id, lv) for lv in levels}
    out = []
    seen = set()      # two slices run side by side may both play a game: counted once
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError:      # a line cut by a stopped run
            continue
        key = (tuple(rec["pair"]), rec["n"], rec["index"])
        if key not in seen and all(rec["sigs"].get(lv) == sigs[lv] for lv in rec["pair"]):
            seen.add(key)
            out.append(rec)
    return out


def append(game_id: str, rec: dict) -> None:
    STORE.mkdir(exist_ok=True)
    with store_path(game_id).open("a") as f:
        f.write(json.dumps(rec, sort_keys=True) + "\n")


def run(game_id: str, per_pair: int, sizes: tuple[int, ...], deadline: float | None,
        store: bool = True) -> list[dict]:
    """Play the games still missing (up to ``per_pair`` per pair and table), interleaved, until
    ``deadline`` (a ``time.time()``); returns every stored game of the current levels."""
    game = get_game(game_id)
    levels = game.levels
    sigs = {lv: signature(game_id, lv) for lv in levels}
    records = load(game_id, levels) if store else []
    done: dict[tuple, set] = {}
    for rec in records:
        done.setdefault((tuple(rec["pair"]), rec["n"]), set()).add(rec["index"])
    pairs = list(zip(levels, levels[1:]))
    for index in range(per_pair):
        for n in sizes:
            for pair in pairs:
                if index in done.get((pair, n), ()):
                    continue
                if deadline is not None and time.time() >= deadline:
                    return records
                rec = play_one(game_id, pair, n, index)
                rec["sigs"] = {lv: sigs[lv] for lv in pair}
                records.append(rec)
                if store:
                    append(game_id, rec)
    return records


# --- the fit ---------------------------------------------------------------------------------

def fit(games: list[tuple[list[str], dict[str, float]]], levels: tuple[str, ...],
        iterations: int = 2000, tol: float = 1e-10) -> dict[str, float]:
    """Luce/Bradley-Terry strengths by MM. ``games``: (the seats' levels, level -> the win
    credit its seats got, summing to 1). Returns ratings, ``levels[0]`` at ``ANCHOR``. A level
    with no games or no win at all is kept finite by a tiny prior (a tenth of a virtual
    two-player game, won half, against strength 1)."""
    strength = {lv: 1.0 for lv in levels}
    wins = {lv: 0.0 for lv in levels}
    for _, credit in games:
        for lv, c in credit.items():
            wins[lv] += c
    prior = 0.05
    for _ in range(iterations):
        denom = {lv: 0.0 for lv in levels}
        for seats, _ in games:
            total = sum(strength[lv] for lv in seats)
            for lv in seats:
                denom[lv] += 1.0 / total
        new = {}
        for lv in levels:
            # the prior: one virtual game against a level of strength 1
            d = denom[lv] + 2 * prior / (strength[lv] + 1.0)
            new[lv] = (wins[lv] + prior) / d
        base = new[levels[0]]
        new = {lv: s / base for lv, s in new.items()}
        change = max(abs(math.log(new[lv] / strength[lv])) for lv in levels)
        strength = new
        if change < tol:
            break
    return {lv: ANCHOR + 400.0 * math.log10(strength[lv]) for lv in levels}


def credits(rec: dict) -> tuple[list[str], dict[str, float]]:
    winners = rec["winners"]
    credit: dict[str, float] = {lv: 0.0 for lv in rec["seats"]}
    for w in winners:
        credit[rec["seats"][w]] += 1.0 / len(winners)
    if not winners:      # nobody won (should not happen): shared by all seats
        for s, lv in enumerate(rec["seats"]):
            credit[lv] += 1.0 / len(rec["seats"])
    return rec["seats"], credit


def bootstrap(records: list[dict], levels: tuple[str, ...], times: int = BOOTSTRAP,
              seed: int = 1) -> dict[str, tuple[float, float]]:
    """95 % percentile intervals of each rating, games resampled within each pair and table."""
    rng = random.Random(seed)
    groups: dict[tuple, list] = {}
    for rec in records:
        groups.setdefault((tuple(rec["pair"]), rec["n"]), []).append(credits(rec))
    samples: dict[str, list[float]] = {lv: [] for lv in levels}
    for _ in range(times):
        games = []
        for group in groups.values():
            games.extend(group[rng.randrange(len(group))] for _ in group)
        for lv, r in fit(games, levels, iterations=500, tol=1e-7).items():
            samples[lv].append(r)
    out = {}
    for lv, xs in samples.items():
        xs.sort()
        out[lv] = (xs[int(0.025 * (len(xs) - 1))], xs[int(math.ceil(0.975 * (len(xs) - 1)))])
    return out


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


# --- the table -------------------------------------------------------------------------------

def ladder(game_id: str, records: list[dict]) -> tuple[dict[str, Rating], list[tuple[str, str]]]:
    game = get_game(game_id)
    levels = game.levels
    ratings = fit([credits(r) for r in records], levels)
    bands = bootstrap(records, levels) if records else {lv: (ratings[lv],) * 2 for lv in levels}
    small = min(tables(game_id))
    rows = []
    out: dict[str, Rating] = {}
    for i, lv in enumerate(levels):
        played = [r for r in records if lv in r["pair"]]
        cpu = [t for r in played for t in r["times"].get(lv, [])]
        low, high = bands[lv]
        out[lv] = Rating(round(ratings[lv]), round(low), round(high), len(played))
        text = (f"{ratings[lv]:6.0f} [{low:.0f}, {high:.0f}]; {len(played)} games; "
                f"CPU p50/p95 {1000 * percentile(cpu, 0.5):.1f}/"
                f"{1000 * percentile(cpu, 0.95):.1f} ms")
        if i:
            pair = [levels[i - 1], lv]
            for n in tables(game_id):
                games = [r for r in records if r["pair"] == pair and r["n"] == n]
                won = sum(credits(r)[1][lv] for r in games)
                if not games:
                    continue
                lo_i, hi_i = wilson(won, len(games))
                share = won / len(games)
                if n == small:
                    text += (f"; vs {levels[i - 1]} at {n}: {share:.1%} "
                             f"[{lo_i:.1%}, {hi_i:.1%}] of {len(games)}")
                else:
                    text += (f"; at {n} vs {n - 1}x{levels[i - 1]}: {share:.1%} "
                             f"[{lo_i:.1%}, {hi_i:.1%}] of {len(games)} "
                             f"({share * n:.2f}x fair)")
        label = f"{game_id} level {lv}" + (" (fixed effort)" if lv == TOP else "")
        rows.append((label, text))
    return out, rows


def write_ratings(game_id: str, ratings: dict[str, Rating], records: list[dict]) -> Path:
    pkg = PACKAGES[game_id]
    path = HERE.parent / pkg / "ladder.py"
    pairs: dict[tuple, int] = {}
    for r in records:
        key = (f"{r['pair'][0]}-{r['pair'][1]}", r["n"])
        pairs[key] = pairs.get(key, 0) + 1
    counts = ", ".join(f"{p} at {n} seats: {c}" for (p, n), c in sorted(pairs.items()))
    text = ("Written by ``python3 -m rituels bench --only ladder --write`` from self-play between "
            "adjacent levels: do not edit by hand. Level 5 was calibrated at its fixed effort. "
            f"Games per adjacent pair and table: {counts}. A rating's games count every game "
            "its level played (in both of its pairs).")
    lines = [
        '"""The ladder\'s calibrated ratings for this game, one per level (engine.game.Rating).',
        "",
        *textwrap.wrap(text, 96),
        '"""',
        "",
        "from rituels.engine.game import Rating",
        "",
        "RATINGS: dict[str, Rating] = {",
    ]
    for lv, r in ratings.items():
        lines.append(f'    "{lv}": Rating({r.value}, {r.low}, {r.high}, {r.games}),')
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")
    return path


def figures(quick: bool = False, games: str | None = None, per_pair: int | None = None,
            sizes: str | None = None, minutes: float | None = None, write: bool = False,
            play: bool = True) -> list[tuple[str, str]]:
    ids = [g.strip() for g in games.split(",")] if games else list(GAME_IDS)
    per = per_pair if per_pair is not None else (QUICK_PER_PAIR if quick else PER_PAIR)
    deadline = time.time() + 60 * minutes if minutes else None
    rows = [("ladder", f"adjacent levels, {per} games per pair and table asked; level {TOP} at "
                       f"its fixed effort (not the app's clock); level 1 = {ANCHOR:.0f}")]
    for game_id in ids:
        wanted = tuple(int(s) for s in sizes.split(",")) if sizes else tables(game_id)
        wanted = tuple(n for n in wanted if get_game(game_id).min_players <= n
                       <= get_game(game_id).max_players) or tables(game_id)
        if play:
            records = run(game_id, per, wanted, deadline, store=not quick)
        else:
            records = load(game_id, get_game(game_id).levels)
        if not records:
            rows.append((game_id, "no games"))
            continue
        ratings, table = ladder(game_id, records)
        rows.extend(table)
        if write and not quick:
            rows.append((game_id, f"wrote {write_ratings(game_id, ratings, records)}"))
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench_ladder")
    p.add_argument("--games", help="comma-separated game ids (default: all)")
    p.add_argument("--per-pair", type=int, default=None, help=f"default {PER_PAIR}")
    p.add_argument("--tables", help="seat counts, e.g. 2 or 2,4 (default: smallest and usual)")
    p.add_argument("--minutes", type=float, help="stop starting games after this")
    p.add_argument("--write", action="store_true", help="rewrite each game's ladder.py")
    p.add_argument("--no-play", action="store_true", help="fit the stored games only")
    p.add_argument("--quick", action="store_true")
    a = p.parse_args(argv)
    rows = figures(a.quick, a.games, a.per_pair, a.tables, a.minutes, a.write, not a.no_play)
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"  {label.ljust(width)}  {value}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
