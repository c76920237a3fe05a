"""Every game in one file (rituels.app.backup, issue 41 item 7): export, then import into an
empty profile gives every game back identical; again, everything is skipped; a longer line
extends its save, a diverging one becomes a variant; bad entries are reported one by one while
the rest import; a file that is not a backup, or storage that fills up, leaves nothing."""

import itertools
import json

import pytest

from rituels.app import backup
from rituels.app.saves import ENTRY_PREFIX, RECORD_PREFIX, SaveStore
from rituels.app.storage import MemoryStorage, StorageError
from rituels.engine.record import RecordError
from rituels.tools.bench_saves import finished_record
from apphelpers import fork_of

# A few real games of each kind (Tuchulcha's random games are long to replay: fewer).
BASES = ([finished_record("cthulhu-dice", 3, s) for s in range(6)]
         + [finished_record("wongar", 3, s) for s in range(4)]
         + [finished_record("tuchulcha", 2, 0)])


def ticking(start=1_700_000_000):
    """A clock a second later at each call: every save gets its own time."""
    counter = itertools.count(start)
    return lambda: float(next(counter))


def game(i, moves=None):
    """Game number ``i``: one of BASES, started at its own time, finished or cut short."""
    base = BASES[i % len(BASES)]
    actions = base["actions"] if moves is None else base["actions"][:moves]
    meta = {"started": f"2025-{1 + i // 28 % 12:02d}-{1 + i % 28:02d}T{i // 336 % 24:02d}:00:00Z"}
    if i % 5 == 0:
        meta["title"] = f"Soirée n° {i}"
    return dict(base, actions=list(actions), meta=meta)


def profile(records):
    store = SaveStore(MemoryStorage(), clock=ticking())
    ids = []
    for i, record in enumerate(records):
        ids.append(f"s{i:04d}")
        store.put(ids[-1], record)
    return store, ids


def shown(entry):
    """What My games shows of a save (its revision may differ between two devices)."""
    return {k: v for k, v in entry.items() if k != "rev"}


def test_five_hundred_games_go_and_come_back_identical_then_are_skipped():
    records = [game(i, None if i % 3 else 7 + i % 11) for i in range(500)]
    home, ids = profile(records)
    text, count = backup.export_all(home, clock=lambda: 1_800_000_000.0)
    data = json.loads(text)
    assert count == 500 and data["format"] == "rituels-backup" and data["version"] == 1
    assert data["exported"] == "2027-01-15T08:00:00Z"
    assert list(data)[:2] == ["format", "version"]   # the header first

    fresh = SaveStore(MemoryStorage(), clock=ticking(1_900_000_000))
    summary = backup.import_all(fresh, text)
    assert (summary.imported, summary.present, summary.extended, summary.forked,
            summary.bad) == (500, 0, 0, 0, [])
    assert sorted(summary.ids) == ids   # each under its own id: its address still works
    for save_id in ids:
        assert fresh.get(save_id) == home.get(save_id)
    assert [shown(e) for e in fresh.list()] == [shown(e) for e in home.list()]

    before = dict(fresh.storage.data)
    again = backup.import_all(fresh, text)
    assert (again.imported, again.present, again.extended, again.forked) == (0, 500, 0, 0)
    assert fresh.storage.data == before   # nothing written


def test_a_longer_line_extends_the_save_and_keeps_its_name():
    here, _ = profile([game(3, 10)])
    here.rename("s0000", "Chez Ada")
    there, _ = profile([game(3)])
    summary = backup.import_all(here, backup.export_all(there)[0])
    assert (summary.imported, summary.extended, summary.ids) == (0, 1, ["s0000"])
    [entry] = here.list()
    record = here.get("s0000")
    assert record["actions"] == game(3)["actions"] and entry["finished"] is True
    assert entry["title"] == "Chez Ada" and record["meta"]["title"] == "Chez Ada"
    # A shorter line of it is already here.
    shorter = backup.import_all(here, backup.export_all(profile([game(3, 4)])[0])[0])
    assert (shorter.present, shorter.imported, shorter.extended) == (1, 0, 0)


def test_a_diverging_line_becomes_a_variant_once():
    mine = game(1)
    here, _ = profile([mine])
    there = SaveStore(MemoryStorage(), clock=ticking())
    there.put("zz", fork_of(mine))   # the same table and start, another move
    summary = backup.import_all(here, backup.export_all(there)[0])
    assert (summary.imported, summary.forked, summary.present, summary.ids) == (0, 1, 0, ["zz"])
    assert here.get("zz")["meta"]["variant_of"] == "s0000"
    assert {e["id"]: e["variant"] for e in here.list()} == {"s0000": False, "zz": True}
    assert here.get("s0000")["actions"] == mine["actions"]          # left as it was
    again = backup.import_all(here, backup.export_all(there)[0])
    assert (again.present, again.forked) == (1, 0)


def test_bad_entries_are_reported_one_by_one_while_the_rest_imports():
    good = [game(0), game(1)]
    illegal = dict(game(2), actions=game(2)["actions"][:3] + ["nonsense"])
    entries = [
        {"id": "a1", "record": good[0]},
        42,
        {"id": "b2", "title": "Sans partie"},
        {"id": "c3", "title": "Coup faux", "record": illegal},
        {"id": "d4", "record": dict(good[1], game="chess")},
        {"id": "e5", "unreadable": "{\"rev\":1,"},
        {"id": "f6", "record": good[1]},
        {"id": "../../x", "record": dict(game(7), seats="Ada")},
    ]
    text = json.dumps({"format": "rituels-backup", "version": 1, "games": entries})
    store = SaveStore(MemoryStorage())
    summary = backup.import_all(store, text)
    assert (summary.imported, summary.ids) == (2, ["a1", "f6"])
    assert [(b.position, b.label, b.error.code) for b in summary.bad] == [
        (2, "", "backup.entry"), (3, "Sans partie", "backup.entry"),
        (4, "Coup faux", "record.notation"), (5, "d4", "record.game"),
        (6, "e5", "backup.unreadable"), (8, "../../x", "record.seats")]
    assert summary.bad[2].error.index == 3
    assert {e["id"] for e in store.list()} == {"a1", "f6"}


@pytest.mark.parametrize("text, code", [
    ("not json at all", "library.input.not_json"),
    ("[" * 100 + "]" * 100, "library.input.too_deep"),
    (json.dumps({"format": 1, "game": "wongar"}), "backup.format"),
    (json.dumps({"format": "rituels-backup", "version": 2, "games": []}), "backup.version"),
    (json.dumps({"format": "rituels-backup", "version": "1", "games": []}), "backup.format"),
    (json.dumps({"format": "rituels-backup", "version": 1, "games": {}}), "backup.format"),
])
def test_a_file_that_is_not_a_backup_is_refused_whole(text, code):
    store, _ = profile([game(0)])
    before = dict(store.storage.data)
    with pytest.raises(RecordError) as err:
        backup.import_all(store, text)
    assert err.value.code == code and store.storage.data == before


def test_storage_filling_up_leaves_nothing_of_the_import():
    there, _ = profile([game(i) for i in range(12)])
    here, _ = profile([game(0, 5)])   # one extended, eleven new
    before = dict(here.storage.data)
    here.storage.quota = sum(len(k) + len(v) for k, v in before.items()) + 4_000
    with pytest.raises(StorageError):
        backup.import_all(here, backup.export_all(there)[0])
    assert here.storage.data == before


def test_an_unreadable_save_travels_as_its_text_and_is_reported_back():
    store, _ = profile([game(0)])
    store.storage.set(RECORD_PREFIX + "bad", "{\"rev\":1,\"game\":")
    text, count = backup.export_all(store)
    assert count == 2
    assert {"id": "bad", "unreadable": "{\"rev\":1,\"game\":"} in json.loads(text)["games"]
    summary = backup.import_all(SaveStore(MemoryStorage()), text)
    assert summary.imported == 1 and [b.label for b in summary.bad] == ["bad"]


def test_the_import_checks_in_steps_and_writes_only_at_the_end():
    there, _ = profile([game(i) for i in range(6)])
    store = SaveStore(MemoryStorage())
    importer = backup.Importer(store, backup.games_of(backup.read_file(
        backup.export_all(there)[0])), clock=ticking())
    steps = 0
    while not importer.step(0.5):    # the clock moves a second per call: one entry a step
        steps += 1
        assert store.storage.data == {} and importer.done == steps
    assert importer.done == importer.total == 6
    assert importer.apply().imported == 6 and len(store.list()) == 6
    assert all(k.startswith((RECORD_PREFIX, ENTRY_PREFIX)) for k in store.storage.data)


def test_the_file_name_says_the_day():
    assert backup.filename(lambda: 1_796_299_200.0).startswith("rituels-parties-2026-12-0")
