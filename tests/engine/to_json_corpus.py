"""Every position of seeded random games, as ``to_json()`` and ``observation()`` wrote them
(issue 41, item 8): tests/engine/test_to_json_corpus.py checks that the declared field lists
write byte for byte what the hand-written dumps before them wrote (key order included, so
saves, links and stored positions keep their text).

``python tests/engine/to_json_corpus.py OUT.json`` (with ``PYTHONPATH=<tree>/py``) writes the
digests of that tree; data/to_json_corpus.json was written by the build before the change.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

from rituels.engine import get_game, sample_chance
from rituels.engine.game import GAME_IDS

GAMES = 4
# (players, options) of each game's tables: every player count, and each variant or mode.
TABLES = {
    "cthulhu-dice": [(p, o) for p in range(2, 9) for o in ({}, {"mode": "cthulhu"})]
    + [(3, {"three": "two_seats"})],
    "tuchulcha": [(p, o) for p in (2, 3, 4) for o in ({}, {"group_moves": True})],
    "wongar": [(p, {"variant": v}) for p in (3, 4, 5) for v in ("basic", "advanced")],
}


def _texts(state):
    """The position's data as JSON text, in its own key order (no sort_keys)."""
    yield json.dumps(state.to_json())
    for player in (None, *range(state.num_players)):
        yield json.dumps(state.observation(player))


def table_digest(game_id: str, players: int, options: dict) -> str:
    """One digest of every position of ``GAMES`` seeded random games at this table."""
    h = hashlib.sha256()
    game = get_game(game_id)
    rng = random.Random(f"to_json-{game_id}-{players}-{sorted(options.items())}")
    for _ in range(GAMES):
        state = game.start(players, options)
        while True:
            for text in _texts(state):
                h.update(text.encode())
                h.update(b"\n")
            if state.is_terminal():
                break
            state.apply(sample_chance(state, rng) if state.is_chance()
                        else rng.choice(state.legal_actions()))
    return h.hexdigest()[:24]


def table_id(game_id: str, players: int, options: dict) -> str:
    return f"{game_id}-{players}-{json.dumps(options, sort_keys=True)}"


def corpus() -> dict:
    return {table_id(g, p, o): table_digest(g, p, o)
            for g in GAME_IDS for p, o in TABLES[g]}


if __name__ == "__main__":
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        json.dump(corpus(), f, indent=1)
        f.write("\n")
