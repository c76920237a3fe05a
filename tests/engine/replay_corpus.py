"""The replay corpus (issue 22's constraint): seeded random games of every game, written down by
one build and checked by the next, so that a refactoring proves every record, save and link
still replays to the same state.

For each game, ``GAMES_PER_GAME`` games between random bots (seed ``i``; player count and
options cycle through the game's tables) give: the digest of their notations, the digest of the
final ``to_json()`` and, for the first ``LINKED`` of them, the digest of the game link. A few
whole records are held as they are (``HELD``), with their link and final position.

``python tests/engine/replay_corpus.py OUT.json`` (with ``PYTHONPATH=<tree>/py``) writes the
corpus from that tree; tests/engine/test_replay_corpus.py checks the current tree against
tests/engine/data/replay_corpus.json, written by the build before issue 22's seams.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

from rituels.engine import get_game
from rituels.engine import link
from rituels.engine.bots import RandomBot, play_game
from rituels.engine.game import GAME_IDS
from rituels.engine.record import new_record

GAMES_PER_GAME = 400
LINKED = 40
HELD = 2
# (players, options) cycled by seed: every player count, and each variant or mode.
TABLES = {
    "cthulhu-dice": [(p, o) for p in range(2, 9) for o in ({}, {"mode": "cthulhu"})],
    "tuchulcha": [(p, o) for p in (2, 3, 4) for o in ({}, {"group_moves": True})],
    "wongar": [(p, {"variant": v}) for p in (3, 4, 5) for v in ("basic", "advanced")],
}


def digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:20]


def seeded_record(game_id: str, seed: int) -> tuple[dict, object]:
    """Game ``seed`` of ``game_id``: its record and its final state."""
    players, options = TABLES[game_id][seed % len(TABLES[game_id])]
    game = get_game(game_id)
    rng = random.Random(seed)
    bots = [RandomBot(rng.randrange(2**31)) for _ in range(players)]
    state, actions = play_game(game, bots, options, rng)
    record = new_record(game_id, [{"name": f"P{i + 1}", "bot": None} for i in range(players)],
                        options, meta={"started": "2026-12-02T12:00:00Z"})
    record["actions"] = actions
    return record, state


def corpus() -> dict:
    out: dict = {}
    for game_id in GAME_IDS:
        rows, held = [], []
        for seed in range(GAMES_PER_GAME):
            record, state = seeded_record(game_id, seed)
            row = [digest(record["actions"]), digest(state.to_json())]
            if seed < LINKED:
                row.append(digest(link.encode(record)))
            rows.append(row)
            if seed < HELD:
                held.append({"record": record, "link": link.encode(record),
                             "final": digest(state.to_json())})
        out[game_id] = {"rows": rows, "held": held}
    return out


if __name__ == "__main__":
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        json.dump(corpus(), f, separators=(",", ":"))
        f.write("\n")
