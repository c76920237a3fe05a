"""SaveStore: one key per record plus an index; damaged saves raise RecordError; failures of
the storage raise StorageError."""

import json

import pytest

from rituels.app.saves import ENTRY_PREFIX, RECORD_PREFIX, SaveStore
from rituels.app.storage import MemoryStorage, StorageError
from rituels.engine.record import RecordError, new_record

SEATS = [{"name": "Ada", "bot": None}, {"name": "Bob", "bot": "easy"}]


def record(fake_game, actions=()):
    rec = new_record("fake-race", SEATS)
    rec["actions"] = list(actions)
    return rec


def test_put_get_list_round_trip(fake_game):
    store = SaveStore(MemoryStorage())
    sid = store.new_id()
    store.put(sid, record(fake_game, ["s0", "s1", "go1"]))
    assert store.get(sid)["actions"] == ["s0", "s1", "go1"]
    [entry] = store.list()
    assert entry["id"] == sid and entry["game"] == "fake-race"
    assert entry["players"] == ["Ada", "Bob"] and entry["moves"] == 3
    assert entry["finished"] is False
    # each record under its own key, its index entry under another
    assert set(store.storage.keys()) == {ENTRY_PREFIX + sid, RECORD_PREFIX + sid}


def test_new_ids_are_distinct(fake_game):
    store = SaveStore(MemoryStorage())
    ids = set()
    for _ in range(50):
        sid = store.new_id()
        store.put(sid, record(fake_game))
        ids.add(sid)
    assert len(ids) == 50 and len(store.list()) == 50


def test_corrupt_record_raises_record_error(fake_game):
    storage = MemoryStorage()
    store = SaveStore(storage)
    storage.set(RECORD_PREFIX + "bad", "{not json")
    with pytest.raises(RecordError):
        store.get("bad")
    storage.set(RECORD_PREFIX + "bad2", json.dumps({"format": 1, "game": "nope"}))
    with pytest.raises(RecordError) as err:
        store.get("bad2")
    assert err.value.code == "record.game"
    with pytest.raises(KeyError):
        store.get("missing")


def test_list_rebuilds_a_lost_index_and_flags_corrupt_records(fake_game):
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.put("good", record(fake_game, ["s0", "s1"]))
    storage.set(RECORD_PREFIX + "junk", "garbage")
    storage.set(ENTRY_PREFIX + "good", "this is not an index entry")
    entries = {e["id"]: e for e in store.list()}
    assert entries["good"]["moves"] == 2 and not entries["good"].get("corrupt")
    assert entries["junk"]["corrupt"] is True


def test_rename_delete_export_import(fake_game):
    store = SaveStore(MemoryStorage())
    store.put("a", record(fake_game, ["s0", "s1", "go2"]))
    store.rename("a", "  Soirée   du jeudi ")
    assert store.list()[0]["title"] == "Soirée du jeudi"
    text = store.export("a")
    new_id = store.import_(text)
    assert new_id != "a" and store.get(new_id)["actions"] == ["s0", "s1", "go2"]
    store.delete("a")
    assert [e["id"] for e in store.list()] == [new_id]


def test_import_refuses_an_illegal_game(fake_game):
    store = SaveStore(MemoryStorage())
    bad = record(fake_game, ["s0", "s1", "d3"])  # a roll nobody asked for
    with pytest.raises(RecordError) as err:
        store.import_(json.dumps(bad))
    assert err.value.code == "record.illegal" and err.value.index == 2
    assert store.list() == []


def test_storage_full_raises_storage_error(fake_game):
    store = SaveStore(MemoryStorage(quota=50))
    with pytest.raises(StorageError):
        store.put("a", record(fake_game))


def test_a_tampered_index_never_breaks_the_list(fake_game):
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.put("a", record(fake_game, ["s0"]))
    tampered = {"moves": "many", "players": "x", "finished": "yes"}
    storage.set(ENTRY_PREFIX + "a", json.dumps(tampered))
    [entry] = store.list()          # no revision: the entry is rebuilt from the record
    assert entry["id"] == "a" and entry["moves"] == 1 and entry["players"] == ["Ada", "Bob"]
    assert entry["finished"] is False
    # Wrong types under the record's revision are only cleaned, never trusted.
    storage.set(ENTRY_PREFIX + "a", json.dumps(dict(tampered, rev=store.rev("a"))))
    [entry] = store.list()
    assert entry["moves"] == 0 and entry["players"] == [] and entry["finished"] is False


@pytest.mark.parametrize("text", [
    # "rev" after the other keys (a hand edit, another tool, a future format)
    lambda rec: json.dumps({**rec, "rev": 1}),
    # a revision of 16 digits
    lambda rec: json.dumps({"rev": 1234567890123456, **rec}),
])
def test_a_save_whose_revision_is_not_first_still_takes_the_next_move(fake_game, text):
    """Issue 41: the stored revision was read by a pattern anchored at `{"rev":N,`, which
    said 0 for these saves while reading them said N: every write of a move was refused as
    stale, the moves showed on screen and were never saved. Both now read one revision."""
    store = SaveStore(MemoryStorage())
    sid = store.new_id()
    store.storage.set(RECORD_PREFIX + sid, text(record(fake_game, ["s0", "s1"])))
    saved, rev = store.read(sid)
    assert store.rev(sid) == rev > 0
    saved["actions"].append("go1")
    assert store.put(sid, saved, base_rev=rev) == rev + 1
    assert store.get(sid)["actions"] == ["s0", "s1", "go1"]
