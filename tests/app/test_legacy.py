"""Issue 41 item 3: a save an older tab wrote to localStorage after the move to IndexedDB is
held beside the stored one and merged with the backup import's decisions (rituels.app.legacy):
nothing it holds that the database lacks is ever deleted."""

import json

import pytest

from rituels.app import legacy
from rituels.app.saves import ENTRY_PREFIX, RECORD_PREFIX, SaveStore
from rituels.app.storage import MemoryStorage, StorageError
from rituels.tools.bench_saves import finished_record

from apphelpers import fork_of

GAME = dict(finished_record("cthulhu-dice", 3, 2), meta={"started": "2026-12-01T10:00:00Z"})
HELD = "rituels.held.g1.m0a"   # the id it is a copy of, then the page's stamp


def stored(moves):
    """A device whose IndexedDB holds game g1 with ``moves`` moves (at revision 5)."""
    store = SaveStore(MemoryStorage())
    for _ in range(5):
        store.put("g1", dict(GAME, actions=GAME["actions"][:moves]))
    return store


def old_tab(actions, rev=2):
    """What a tab of the localStorage version wrote: its own revision, the record."""
    return json.dumps({"rev": rev, **dict(GAME, actions=actions)})


def test_the_held_key_names_the_game_it_copies():
    assert legacy.held_id(HELD) == "g1"
    assert legacy.held_id("rituels.held.g1") is None            # no stamp: not ours
    assert legacy.held_id("rituels.held.../x.m0a") is None
    assert legacy.held_id("rituels.save.g1") is None


def test_a_longer_line_from_an_old_tab_extends_the_stored_game():
    store = stored(6)
    store.storage.set(HELD, old_tab(GAME["actions"][:9]))
    merged = legacy.merge(store, {HELD: store.storage.get(HELD)})
    record, rev = store.read("g1")
    assert record["actions"] == GAME["actions"][:9] and rev == 6   # on top of the stored one
    assert merged.news() == {"extended": 1, "forked": 0, "imported": 0, "unreadable": 0}
    assert merged.written == [RECORD_PREFIX + "g1"] and merged.done == [HELD]
    assert HELD not in store.storage.data
    assert store.list()[0]["moves"] == 9


@pytest.mark.parametrize("moves", [6, 4], ids=["same", "shorter"])
def test_the_same_or_a_shorter_line_is_dropped(moves):
    store = stored(6)
    before = {k: v for k, v in store.storage.data.items()}
    merged = legacy.merge(store, {HELD: old_tab(GAME["actions"][:moves])})
    assert merged.news() == {"extended": 0, "forked": 0, "imported": 0, "unreadable": 0}
    assert merged.summary.present == 1 and merged.done == [HELD]
    assert store.storage.data == before   # nothing written


def test_a_diverging_line_becomes_a_variant_and_the_stored_game_stays():
    store = stored(len(GAME["actions"]))
    other = fork_of(GAME)
    merged = legacy.merge(store, {HELD: old_tab(other["actions"])})
    assert merged.news()["forked"] == 1
    [variant] = merged.summary.ids
    assert variant != "g1"
    assert store.get(variant)["actions"] == other["actions"]
    assert store.get(variant)["meta"]["variant_of"] == "g1"
    assert store.get("g1")["actions"] == GAME["actions"]


def test_a_game_deleted_here_since_comes_back_under_its_id():
    store = stored(6)
    store.delete("g1")
    merged = legacy.merge(store, {HELD: old_tab(GAME["actions"][:9])})
    assert merged.news()["imported"] == 1 and merged.summary.ids == ["g1"]
    assert store.get("g1")["actions"] == GAME["actions"][:9]


@pytest.mark.parametrize("text", ['{"rev":2,"game":"cthulhu-dice","act', "null",
                                  old_tab(GAME["actions"][:3] + ["nonsense"])],
                         ids=["truncated", "not-a-record", "illegal-move"])
def test_an_unreadable_copy_is_kept_word_for_word_and_reported(text):
    store = stored(6)
    merged = legacy.merge(store, {HELD: text})
    assert merged.news()["unreadable"] == 1
    [kept] = merged.unreadable
    assert store.raw(kept) == text                       # never deleted, nor changed
    assert {e["id"]: e.get("corrupt", False) for e in store.list()} == {"g1": False,
                                                                        kept: True}
    assert store.get("g1")["actions"] == GAME["actions"][:6]


def test_copies_are_merged_oldest_first():
    store = stored(6)
    held = {"rituels.held.g1.m0b": old_tab(GAME["actions"][:9], rev=3),
            "rituels.held.g1.m0a": old_tab(GAME["actions"][:8], rev=2)}
    merged = legacy.merge(store, held)
    assert (merged.summary.extended, merged.summary.present) == (2, 0)
    assert store.get("g1")["actions"] == GAME["actions"][:9]


def test_a_refused_write_keeps_the_held_copy_and_writes_nothing():
    store = stored(6)
    store.storage.set(HELD, old_tab(GAME["actions"][:9]))
    store.storage.set("rituels.held.g1.m0b", "{broken")
    before = dict(store.storage.data)
    store.storage.quota = sum(len(k) + len(v) for k, v in before.items()) + 10
    with pytest.raises(StorageError):
        legacy.merge(store, {k: v for k, v in before.items() if k.startswith("rituels.held.")})
    assert store.storage.data == before
    assert ENTRY_PREFIX + "g1" in before
