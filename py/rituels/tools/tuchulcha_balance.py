"""The Tuchulcha balance study: games between strong bots, and what they show.

``python3 -m rituels balance tuchulcha [--games N] [--players 2,3,4] [--moves one,group]
[--jobs 2] [--leaves L] [--samples S] [--horizon H] [--seed K] [--markdown] [--role-trials N]
[--log FILE]``

For each player count and each movement reading (``one``: each die moves one pawn, the default
rules; ``group``: the set-up option "a die moves a group") it plays N games, every seat a
``StrongBot`` with a fixed planner budget (``--leaves`` positions per decision) and look-ahead
(``--samples`` sampled futures per candidate; ``--horizon`` rounds for a role's moves, to the
end of the game for a role change), so a run is reproducible from its seed
whatever the machine's load. It prints rounds per game (median, p10, p90), actions per game,
how often a Tuchulcha and a Lasa consecration happens, how games end, the win share per seat
counted from the first player, the share-link length of a complete game, and a player's win share by the roles it
took (racer all game, Tuchulcha, Lasa), the evidence of the bots' own role searches (mean sampled value of the best consecrating line against declining,
in the positions where a consecration was legal).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter

from rituels.engine.bots import decide, play_game
from rituels.engine.link import encode, fragment
from rituels.engine.state import CHANCE, sample_chance
from rituels.tuchulcha.bots import StrongBot, evaluate
from rituels.tuchulcha.game import GAME
from rituels.tuchulcha.rules import START

MOVES = {"one": False, "group": True}        # reading name -> the group_moves option
END_NAMES = {"tuchulcha": "(a) Tuchulcha", "lasa": "(b) Lasa", "race": "(c) race",
             "stuck": "(c) nobody can move", "stall": "(c) no progress"}


def turns(actions: list[str]) -> int:
    """Turns in a record: each starts with one roll "d" + 2 or 4 dice ("d5", a third die, and
    "discard5", "done" are not turns)."""
    return sum(1 for a in actions if a[0] == "d" and a[1:].isdigit() and len(a) >= 3)


def play_one(job: tuple) -> dict:
    """One game between strong bots; ``job`` = (players, moves, seed, leaves, samples,
    horizon). Returns plain figures (picklable, for the worker processes)."""
    players, moves, seed, leaves, samples, horizon = job
    rng = random.Random(seed)
    bots = [StrongBot(rng.randrange(1 << 30), max_leaves=leaves, samples=samples,
                      horizon=horizon) for _ in range(players)]
    options = {"group_moves": True} if MOVES[moves] else {}
    start = time.process_time()
    state, actions = play_game(GAME, bots, options, rng)
    cpu = time.process_time() - start
    record = {"format": 1, "game": GAME.id, "options": options,
              "seats": [{"name": f"P{i + 1}", "bot": "strong"} for i in range(players)],
              "actions": actions}
    won = state.winners()
    first = state.first_player
    return {
        "rounds": turns(actions) / players, "actions": len(actions),
        "tuchulcha": any(a[0] == "C" for a in actions), "lasa": "L" in actions,
        "end": state.end_reason, "tie": len(won) > 1,
        # equal counts in Velthumena at the top, decided by pawns still in play (end (c))
        "tie_broken": len(won) == 1 and state.end_reason in ("race", "stuck", "stall") and sum(
            _home(state, q) == _home(state, won[0]) for q in state.in_game()) > 1,
        # per player: the roles it took and its share of the win (role decisions that pay?)
        "players": [(_roles_taken(b), 1.0 / len(won) if i in won else 0.0)
                    for i, b in enumerate(bots)],
        # the game ended on a move of the player it left with no pawn in play
        "self_emptied": state.player_in_play(state.player) == 0,
        "seats": [((w - first) % players, 1.0 / len(won)) for w in won],
        "link": len(fragment(encode(record))), "cpu": cpu,
        "roles": [e for b in bots for e in b.role_log],
    }


def _home(state, player: int) -> int:
    return sum(state.velthumena[c] for c in state.colours_of(player))


def _roles_taken(bot) -> str:
    """"T", "L", "TL" or "" (a racer all game): the role changes the bot chose."""
    chosen = [e["chosen"] for e in bot.role_log]
    return ("T" if any(c.startswith("C") for c in chosen) else "") + \
        ("L" if "L" in chosen else "")


def role_trial(job: tuple) -> tuple[float, float] | None:
    """Play a game between strong bots up to the first turn where the player to move may
    consecrate to Tuchulcha while last in Velthumena; from there play it out twice with the same
    dice, once consecrating (the way to pay that the evaluation prefers) and once declining.
    Returns that player's win share in both lines, or None when no such turn came."""
    players, moves, seed, leaves, samples, horizon = job
    rng = random.Random(seed)
    options = {"group_moves": True} if MOVES[moves] else {}

    def bots():
        return [StrongBot(seed + i, max_leaves=leaves, samples=samples, horizon=horizon)
                for i in range(players)]

    state, seats = GAME.start(players, options), bots()
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        offers = state.consecrations_available() if state.phase == START else []
        home = {q: sum(state.velthumena[c] for c in state.colours_of(q))
                for q in state.in_game()}
        if offers and home[p] == min(home.values()):
            paid = max(offers, key=lambda a: _after(state, a, p))
            shares = []
            for first in (paid, "roll"):
                line = state.clone()
                line.apply(first)
                final = _play_out(line, bots(), random.Random(seed + 1))
                won = final.winners()
                shares.append(1.0 / len(won) if p in won else 0.0)
            return shares[0], shares[1]
        state.apply(decide(seats[p], state))
    return None


def _after(state, action, player: int) -> float:
    child = state.clone()
    child.apply(action)
    return evaluate(child, player)


def _play_out(state, seats: list, rng: random.Random):
    while not state.is_terminal():
        p = state.current_player()
        state.apply(sample_chance(state, rng) if p == CHANCE else decide(seats[p], state))
    return state


def _pct(values: list, q: float):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarise(players: int, results: list[dict]) -> list[tuple[str, str]]:
    """(label, value) rows for one configuration."""
    n = len(results)
    rounds = [r["rounds"] for r in results]
    actions = [r["actions"] for r in results]
    ends = Counter(r["end"] for r in results)
    seat = [0.0] * players
    for r in results:
        for pos, share in r["seats"]:
            seat[pos] += share
    rows = [
        ("games", f"{n}"),
        ("rounds per game: median (p10-p90)",
         f"{statistics.median(rounds):.1f} ({_pct(rounds, 0.1):.1f}-{_pct(rounds, 0.9):.1f})"),
        ("actions per game: median (p10-p90)",
         f"{statistics.median(actions):.0f} ({_pct(actions, 0.1)}-{_pct(actions, 0.9)})"),
        ("games with a Tuchulcha consecration", f"{sum(r['tuchulcha'] for r in results) / n:.0%}"),
        ("games with a Lasa consecration", f"{sum(r['lasa'] for r in results) / n:.0%}"),
    ]
    for reason, name in END_NAMES.items():
        if ends[reason]:
            rows.append((f"ended by {name}", f"{ends[reason] / n:.0%}"))
    rows.append(("ties (shared wins)", f"{sum(r['tie'] for r in results) / n:.0%}"))
    rows.append(("equal counts in Velthumena broken by pawns still in play",
                 f"{sum(r['tie_broken'] for r in results) / n:.0%}"))
    rows.append(("last move emptied the mover's own play (a forced or chosen loss)",
                 f"{sum(r['self_emptied'] for r in results) / n:.0%}"))
    rows.append(("win share by seat from the first player (fair share)",
                 " / ".join(f"{w / n:.0%}" for w in seat) + f" ({1 / players:.0%})"))
    links = [r["link"] for r in results]
    rows.append(("link length of a complete game: median / max",
                 f"{statistics.median(links):.0f} / {max(links)} chars"))
    for role in ("tuchulcha", "lasa"):
        seen = [e for r in results for e in r["roles"] if role in e]
        if not seen:
            continue
        better = sum(e[role] > e["decline"] for e in seen)
        rows.append((f"{role} searches: positions where legal; mean value consecrating vs "
                     "declining; share where consecrating searched better",
                     f"{len(seen)}; {statistics.fmean(e[role] for e in seen):.3f} vs "
                     f"{statistics.fmean(e['decline'] for e in seen):.3f}; "
                     f"{better / len(seen):.1%}"))
    for label, test in (("as a racer all game", lambda r: r == ""),
                        ("after becoming Tuchulcha", lambda r: "T" in r),
                        ("after becoming Lasa Vecuvia", lambda r: "L" in r)):
        shares = [w for r in results for roles, w in r["players"] if test(roles)]
        if shares:
            rows.append((f"a player's win share {label} (player-games)",
                         f"{statistics.fmean(shares):.1%} ({len(shares)})"))
    rows.append(("CPU seconds per game (mean)",
                 f"{statistics.fmean(r['cpu'] for r in results):.1f}"))
    return rows


def run(players_list: list[int], moves_list: list[str], games: int, jobs: int, seed: int,
        leaves: int, samples: int, horizon: int, progress=None, log: str | None = None) -> dict:
    """Play every configuration; {(players, moves): [per-game figures]}. With ``log`` (a JSON
    lines file), each game is appended as it ends under its job (which fixes the game), and
    the games already there are read back instead of played: a study cut short goes on where
    it stopped, in slices."""
    configs = [(p, m) for m in moves_list for p in players_list]
    work = [(p, m, seed * 1_000_003 + 1000 * p + g + (500 if MOVES[m] else 0), leaves, samples,
             horizon) for p, m in configs for g in range(games)]
    done = _read_log(log) if log else {}
    out: dict = {c: [] for c in configs}
    todo = [job for job in work if job not in done]
    for job, res in zip(todo, _map(play_one, todo, jobs)):
        done[job] = res
        if log:
            with open(log, "a") as f:
                f.write(json.dumps({"job": job, "result": res}) + "\n")
        if progress:
            progress(job, res)
    for job in work:
        out[job[:2]].append(done[job])
    return out


def _read_log(path: str) -> dict:
    """{job: figures} of a study's log (a line cut by a stopped run is skipped)."""
    out: dict = {}
    try:
        lines = open(path).read().splitlines()
    except FileNotFoundError:
        return out
    for line in lines:
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        out[tuple(rec["job"])] = rec["result"]
    return out


def _map(func, work: list, jobs: int):
    """``func`` over ``work`` in order, in ``jobs`` processes."""
    if jobs == 1:
        yield from map(func, work)
        return
    import multiprocessing

    with multiprocessing.Pool(jobs) as pool:
        yield from pool.imap(func, work)


def trials(players: int, moves: str, count: int, jobs: int, seed: int, leaves: int,
           samples: int, horizon: int) -> list[tuple[float, float]]:
    """``count`` role trials (``role_trial``) that reached a consecration."""
    work = [(players, moves, seed * 1_000_003 + 77_000 + g, leaves, samples, horizon)
            for g in range(count)]
    return [r for r in _map(role_trial, work, jobs) if r is not None]


def main(args: argparse.Namespace) -> int:
    try:
        players_list = [int(p) for p in args.players.split(",")]
        moves_list = args.moves.split(",")
    except ValueError:
        print("error: --players takes player counts like 2,3,4", file=sys.stderr)
        return 2
    if not all(GAME.min_players <= p <= GAME.max_players for p in players_list) or \
            not all(m in MOVES for m in moves_list):
        print(f"error: --players among 2,3,4 and --moves among {','.join(MOVES)}",
              file=sys.stderr)
        return 2
    if args.games < 1 or not 1 <= args.jobs <= 2:
        print("error: --games at least 1, --jobs 1 or 2", file=sys.stderr)
        return 2

    def progress(job, res):
        if args.verbose:
            print(f"  {job[0]}p {job[1]} seed {job[2]}: {res['rounds']:.1f} rounds, "
                  f"{res['end']}, {res['cpu']:.1f} s", file=sys.stderr, flush=True)

    results = run(players_list, moves_list, args.games, args.jobs, args.seed, args.leaves,
                  args.samples, args.horizon, progress, args.log)
    print(f"Tuchulcha balance: strong bots, {args.leaves} positions/decision, look-ahead "
          f"{args.samples} samples (role moves: {args.horizon} rounds), seed {args.seed}")
    tables = {c: summarise(c[0], r) for c, r in results.items()}
    if args.markdown:
        heads = [f"{p} players, {'one pawn' if m == 'one' else 'group'} per die"
                 for p, m in tables]
        print("| figure | " + " | ".join(heads) + " |")
        print("|---" * (len(heads) + 1) + "|")
        labels = []
        for rows in tables.values():
            labels += [label for label, _ in rows if label not in labels]
        for label in labels:
            cells = [dict(rows).get(label, "-") for rows in tables.values()]
            print(f"| {label} | " + " | ".join(cells) + " |")
    else:
        for (p, m), rows in tables.items():
            print(f"\n{p} players, moves: {m}")
            for label, value in rows:
                print(f"  {label}: {value}")
    if args.role_trials:
        for p in (q for q in players_list if q in (3, 4)):
            found = trials(p, moves_list[0], args.role_trials, args.jobs, args.seed,
                           args.leaves, args.samples, args.horizon)
            if found:
                print(f"\nTuchulcha trials, {p} players ({moves_list[0]}): {len(found)} positions "
                      "(first turn a player last in Velthumena could consecrate), both lines "
                      "played out by strong bots with the same dice: win share consecrating "
                      f"{statistics.fmean(a for a, _ in found):.1%}, declining "
                      f"{statistics.fmean(b for _, b in found):.1%}")
    return 0
