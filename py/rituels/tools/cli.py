"""``python3 -m rituels``: replay records, let bots play, serve/build/test the app, benchmarks.

The game commands (replay, selfplay) are pure stdlib. The developer commands (serve, build,
test, bench) live in ``rituels.tools`` and are never shipped to the browser.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter

from rituels.engine.game import GAME_IDS, get_game


def _cmd_replay(args: argparse.Namespace) -> int:
    from rituels.engine.history import replay
    from rituels.engine.record import RecordError

    try:
        with open(args.file, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as exc:
        print(f"error: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        print(f"error: {args.file} is not JSON: {exc}", file=sys.stderr)
        return 2
    except RecursionError:
        print(f"error: {args.file} is nested too deeply to be a game record", file=sys.stderr)
        return 2
    try:
        result = replay(data)
    except RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    state, record = result.state, result.record
    if args.json:
        json.dump({"game": record["game"], "actions": len(record["actions"]),
                   "terminal": state.is_terminal(),
                   "winners": state.winners() if state.is_terminal() else None,
                   "state": state.to_json()}, sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0
    names = [s["name"] for s in record["seats"]]
    print(f"{record['game']}: {len(record['actions'])} actions, "
          f"{len(names)} players: {', '.join(names)}")
    print(state.summary())
    if state.is_terminal():
        won = state.winners()
        print("result: " + (", ".join(names[p] for p in won) + " won" if won else "nobody won"))
    else:
        who = state.current_player()
        print("to move: " + (names[who] if who >= 0 else "chance"))
    return 0


def _cmd_selfplay(args: argparse.Namespace) -> int:
    from rituels.engine.bots import play_game

    game = get_game(args.game)
    players = args.players or game.default_players
    levels = args.bots.split(",") if args.bots else ["easy"] * players
    if len(levels) != players or any(lv not in game.bots for lv in levels):
        print(f"error: --bots needs {players} levels among {sorted(game.bots)}", file=sys.stderr)
        return 2
    options = json.loads(args.options) if args.options else {}
    rng = random.Random(args.seed)
    wins: Counter = Counter()
    lengths = []
    for g in range(args.games):
        bots = [game.bots[lv](rng.randrange(2**31)) for lv in levels]
        state, actions = play_game(game, bots, options, rng)
        lengths.append(len(actions))
        won = state.winners()
        for p in won:
            wins[p] += 1.0 / len(won)
        if not won:
            wins["nobody"] += 1
        if args.records:
            print(json.dumps({"format": 1, "game": game.id, "options": options,
                              "seats": [{"name": f"P{i + 1}", "bot": lv}
                                        for i, lv in enumerate(levels)],
                              "actions": actions}))
    print(f"{game.id}: {args.games} games, {players} players, bots {','.join(levels)}, "
          f"seed {args.seed}, mean length {sum(lengths) / len(lengths):.1f} actions")
    for p in range(players):
        print(f"  player {p + 1} ({levels[p]}): {wins[p]:.1f} wins "
              f"({100 * wins[p] / args.games:.1f} %)")
    if wins["nobody"]:
        print(f"  nobody: {wins['nobody']} ({100 * wins['nobody'] / args.games:.1f} %)")
    return 0


def _cmd_balance(args: argparse.Namespace) -> int:
    from rituels.tools import tuchulcha_balance

    return tuchulcha_balance.main(args)


def _balance_arguments(p: argparse.ArgumentParser) -> None:
    """The balance study's options (rituels.tools.tuchulcha_balance is imported only to run it)."""
    p.add_argument("--games", type=int, default=200, help="games per configuration")
    p.add_argument("--players", default="2,3,4", help="player counts, e.g. 4 or 2,3,4")
    p.add_argument("--moves", default="one,group",
                   help="movement readings: one (each die moves one pawn), group (option)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (1 or 2)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--leaves", type=int, default=120, help="planner positions per decision")
    p.add_argument("--samples", type=int, default=4, help="sampled futures per role candidate")
    p.add_argument("--horizon", type=int, default=2,
                   help="look-ahead depth in rounds for a role's moves")
    p.add_argument("--markdown", action="store_true", help="print one Markdown table")
    p.add_argument("--verbose", action="store_true", help="one line per game on stderr")
    p.add_argument("--log", metavar="FILE",
                   help="append each game to FILE (JSON lines) and reuse the games there: "
                        "a study in slices")
    p.add_argument("--role-trials", type=int, default=0, metavar="N",
                   help="also play N games to a turn where a player last in Velthumena may "
                        "consecrate, then both lines out (consecrating, declining)")


def _tutorial(args: argparse.Namespace) -> int:
    from rituels.lessons.command import main

    return main(args)


def _dev(name: str):
    def run(args: argparse.Namespace) -> int:
        import importlib

        return importlib.import_module(f"rituels.tools.{name}").main(args)
    return run


def build_parser(prog: str = "rituels") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog,
                                     description="Rituels: Tuchulcha, Wongar and Cthulhu Dice.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("replay", help="replay a game record and print the final position")
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="print the final state as JSON")
    p.set_defaults(func=_cmd_replay)

    p = sub.add_parser("selfplay", help="let bots play each other and print the results")
    p.add_argument("game", choices=GAME_IDS)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int)
    p.add_argument("--bots", help="comma-separated levels, one per player (default: all easy)")
    p.add_argument("--options", help="game options as JSON")
    p.add_argument("--records", action="store_true", help="also print each game's record")
    p.set_defaults(func=_cmd_selfplay)

    p = sub.add_parser("balance", help="balance study: strong bots play each other (Tuchulcha)")
    p.add_argument("game", choices=["tuchulcha"])
    _balance_arguments(p)
    p.set_defaults(func=_cmd_balance)

    p = sub.add_parser("i18n", help="list missing, extra and stale translations per language")
    from rituels.tools import translations
    translations.arguments(p)
    p.set_defaults(func=_dev("translations"))

    p = sub.add_parser("tutorial", help="print a game's lessons; --check replays them")
    from rituels.lessons.command import add_arguments as _tutorial_arguments
    _tutorial_arguments(p)
    p.set_defaults(func=_tutorial)

    p = sub.add_parser("serve", help="build the app and serve it on localhost")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--host", default="127.0.0.1")
    p.set_defaults(func=_dev("serve"))

    p = sub.add_parser("build", help="write the self-contained static site")
    p.add_argument("--out", default="dist")
    p.set_defaults(func=_dev("build"))

    p = sub.add_parser("test", help="install what is needed and run every test (pytest + e2e)")
    p.add_argument("pytest_args", nargs=argparse.REMAINDER)
    p.set_defaults(func=_dev("testrun"))

    p = sub.add_parser("bench", help="print the benchmark figures")
    p.add_argument("--only", help="comma-separated sections (engine names or 'browser')")
    p.add_argument("--quick", action="store_true", help="fewer games, for a smoke run")
    p.add_argument("--games", help="ladder: comma-separated game ids (default: all)")
    p.add_argument("--per-pair", type=int, help="ladder: games per adjacent pair and table "
                                                "(default 200)")
    p.add_argument("--tables", help="ladder: seat counts (default: smallest and usual)")
    p.add_argument("--minutes", type=float, help="ladder: start no game after this")
    p.add_argument("--write", action="store_true", help="ladder: rewrite each ladder.py")
    p.set_defaults(func=_dev("bench"))
    return parser


def main(argv: list[str] | None = None, prog: str = "rituels") -> int:
    """``prog``: how help and errors name the command (the installed script, or the module)."""
    parser = build_parser(prog)
    args, extra = parser.parse_known_args(argv)
    if extra:
        if args.command != "test":
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        # pytest options before the first path (-q, -k EXPR): argparse's REMAINDER skips them
        args.pytest_args = extra + args.pytest_args
    return args.func(args)
