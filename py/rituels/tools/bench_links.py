"""Share-link figures: link length for complete games and the time to open one.

``figures(quick)`` plays complete self-play games with easy bots (default player count of
each game; 4 players for Tuchulcha, the size target), encodes each record as a link and
reports the median and maximum length of the whole fragment ``#g=…``, then times decoding
(which replays every action through the rules) on CPython. The browser figure for the same
operation comes from the browser bench (Pyodide runs pure Python at about CPython's speed).
"""

from __future__ import annotations

import random
import statistics
import time

from rituels.engine.bots import play_game
from rituels.engine.game import GAME_IDS, get_game
from rituels.engine.link import decode, encode, fragment
from rituels.engine.record import new_record

LINK_TARGET = 2000   # characters, a complete 4-player Tuchulcha game


def _records(game_id: str, players: int, games: int, seed: int) -> list[dict]:
    game = get_game(game_id)
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        bots = [game.bots["easy"](rng.randrange(2**31)) for _ in range(players)]
        _, actions = play_game(game, bots, None, rng)
        record = new_record(game_id, [{"name": f"Joueur {i + 1}", "bot": None}
                                      for i in range(players)])
        record["actions"] = actions
        out.append(record)
    return out


def _timed(fn, repeat: int) -> float:
    """Best of ``repeat`` runs, in milliseconds (the least disturbed by other processes)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def figures(quick: bool = False) -> list[tuple[str, str]]:
    games = 10 if quick else 100
    out: list[tuple[str, str]] = []
    for game_id in GAME_IDS:
        try:
            game = get_game(game_id)
        except ImportError:
            out.append((f"link {game_id}", "game not available"))
            continue
        players = 4 if game_id == "tuchulcha" else game.default_players
        records = _records(game_id, players, games, seed=2026)
        links = [fragment(encode(r, reveal_hidden=True)) for r in records]
        lengths = sorted(len(s) for s in links)
        moves = statistics.median(len(r["actions"]) for r in records)
        label = f"link length {game_id} {players}p ({games} complete easy-bot games)"
        out.append((label, f"median {statistics.median(lengths):.0f}, max {lengths[-1]} chars "
                           f"(median {moves:.0f} actions)"))
        if game_id == "tuchulcha":
            ok = "OK" if lengths[-1] <= LINK_TARGET else "OVER TARGET"
            out.append((f"link length tuchulcha 4p, target <= {LINK_TARGET} chars",
                        f"max {lengths[-1]} chars: {ok}"))
        # Opening the longest game's link: decode + replay every action.
        longest = max(links, key=len)
        ms = _timed(lambda: decode(longest), 3 if quick else 7)
        out.append((f"open link {game_id} (decode + replay, longest game, CPython)",
                    f"{ms:.1f} ms"))
    return out


if __name__ == "__main__":
    for label, value in figures(quick=False):
        print(f"{label}: {value}")
