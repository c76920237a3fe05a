"""The declared field lists write what the hand-written dumps before them wrote: every position
of seeded random games, ``to_json()`` and each ``observation()`` as JSON text (key order
included), against data/to_json_corpus.json, written by the build before issue 41's item 8."""

import json
from pathlib import Path

import pytest

from rituels.engine.game import GAME_IDS

from .to_json_corpus import TABLES, table_digest, table_id

HELD = json.loads((Path(__file__).parent / "data" / "to_json_corpus.json").read_text("utf-8"))


@pytest.mark.parametrize("game_id,players,options",
                         [(g, p, o) for g in GAME_IDS for p, o in TABLES[g]],
                         ids=lambda v: str(v) if not isinstance(v, dict) else
                         "-".join(map(str, v.values())) or "default")
def test_positions_write_the_text_they_wrote_before(game_id, players, options):
    assert table_digest(game_id, players, options) == HELD[table_id(game_id, players, options)]
