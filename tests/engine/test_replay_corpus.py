"""Every record, save and link replays to the same state across issue 22's refactoring: the
corpus of tests/engine/replay_corpus.py, written by the build before it (data/replay_corpus.json),
against this tree. Seeded random games must play the same notations to the same final
``to_json()``, their records (what saves hold) must replay to it, and their links must decode
to the same record; the held whole records must replay to their held final position."""

import json
from pathlib import Path

import pytest

from rituels.engine import link
from rituels.engine.game import GAME_IDS
from rituels.engine.history import replay

from .replay_corpus import GAMES_PER_GAME, LINKED, digest, seeded_record

HELD = json.loads((Path(__file__).parent / "data" / "replay_corpus.json").read_text("utf-8"))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_seeded_games_replay_to_the_held_states(game_id):
    rows = HELD[game_id]["rows"]
    assert len(rows) == GAMES_PER_GAME
    for seed, row in enumerate(rows):
        record, state = seeded_record(game_id, seed)
        assert digest(record["actions"]) == row[0], f"{game_id} game {seed}: other notations"
        final = digest(state.to_json())
        assert final == row[1], f"{game_id} game {seed}: other final position"
        assert digest(replay(record).state.to_json()) == final, f"{game_id} {seed}: record"
        if seed < LINKED:
            text = link.encode(record)
            assert digest(text) == row[2], f"{game_id} game {seed}: other link"
            assert link.decode(text)[0]["actions"] == record["actions"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_held_records_and_links_replay_to_their_final_position(game_id):
    for held in HELD[game_id]["held"]:
        assert digest(replay(held["record"]).state.to_json()) == held["final"]
        decoded = link.decode(held["link"])[0]
        assert decoded["actions"] == held["record"]["actions"]
        assert digest(replay(decoded).state.to_json()) == held["final"]
