"""The worker side of the page (rituels.app.browser): the glue's JSON messages in, answers out;
the preferences whose writes the glue applies all or nothing, and the saved games the worker
keeps in IndexedDB (here a dict-backed stand-in with the same compare-and-swap)."""

import asyncio
import json

import pytest

from rituels.app import browser
from rituels.app.browser import Host, PageStorage
from rituels.app.controller import LANG_KEY, PACE_KEY
from rituels.app.backup import BACKUP_KEY
from rituels.app.saves import ENTRY_PREFIX, RECORD_PREFIX
from dbfake import FakeDb

FAST = {PACE_KEY: "0"}


def make(prefs=None, db=None, hash_="#/", lang="fr"):
    db = FakeDb() if db is None else db
    host = Host({"storage": dict(FAST) if prefs is None else prefs, "lang": lang,
                 "hash": hash_, "base": "http://x/"}, db.boot(), db)
    return host, db, asyncio.run(host.start())


def send(host, message):
    return asyncio.run(host.serve(message))


def start_fake(host: Host, **form) -> dict:
    send(host, {"kind": "hash", "hash": "#/new/fake-race"})
    draft = host.app.draft
    fields = {"count": str(draft["count"])}
    for i, seat in enumerate(draft["seats"]):
        fields[f"seat-{i}-kind"] = seat["kind"]
        fields[f"seat-{i}-name"] = seat["name"]
    fields.update(form)
    return send(host, {"kind": "click", "data": {"cmd": "start", "form": fields}})


def run_ticks(host: Host, answer: dict, limit: int = 500) -> list[dict]:
    """Fire the timers the answers ask for, like the glue's setTimeout; every answer seen."""
    seen = [answer]
    for _ in range(limit):
        if not any(e["type"] == "timer" for e in seen[-1]["effects"]):
            return seen
        seen.append(send(host, {"kind": "tick"}))
    raise AssertionError("the app keeps asking for timers")


def stored(db, save_id):
    return json.loads(db.data[RECORD_PREFIX + save_id])


def play_moves(host, n):
    """n moves of the fake race at this device (pick, then go)."""
    for _ in range(n):
        send(host, {"kind": "click", "data": {"select": "pick"}})
        answer = send(host, {"kind": "click", "data": {"action": "go1"}})
        run_ticks(host, answer)


def test_start_reads_the_preferences_and_answers_with_the_whole_page():
    host, db, answer = make({LANG_KEY: "en"}, lang="fr-FR", hash_="")
    assert answer["lang"] == "en" and answer["title"] == "Rituels"
    assert 'id="main-title"' in answer["html"]
    assert answer["writes"] == [] and answer["broadcast"] == []
    assert {"type": "focus", "target": "#main-title"} in answer["effects"]
    # Nothing changed since: no markup to morph.
    assert send(host, {"kind": "key", "name": "x"})["html"] is None


def test_a_new_game_goes_to_the_database_with_its_entry_in_one_commit(fake_game):
    host, db, _ = make()
    answer = start_fake(host, **{"seat-0-name": "Ada"})
    save_id = host.app.session.save_id
    assert stored(db, save_id)["seats"][0]["name"] == "Ada"
    assert [RECORD_PREFIX + save_id, ENTRY_PREFIX + save_id] in [sorted(c, reverse=True)
                                                                for c in db.commits]
    assert set(answer["broadcast"]) >= {RECORD_PREFIX + save_id}
    # Preferences only go to the glue (localStorage); saved games never do.
    assert all(not w[0].startswith((RECORD_PREFIX, ENTRY_PREFIX)) for w in answer["writes"])
    send(host, {"kind": "click", "data": {"select": "pick"}})
    send(host, {"kind": "click", "data": {"action": "go1"}})
    assert stored(db, save_id)["actions"] == host.app.session.record["actions"]


def test_start_up_reads_no_record_and_a_route_loads_only_its_own(fake_game):
    first, db, _ = make()
    start_fake(first)
    ids = [first.app.session.save_id]
    send(first, {"kind": "hash", "hash": "#/"})
    start_fake(first)
    ids.append(first.app.session.save_id)
    host, _, answer = make(db=db)
    assert db.loads == [] and len(host.app.saves.list()) == 2
    assert all(s in answer["html"] for s in ids) or host.app.route[0] == "home"
    send(host, {"kind": "hash", "hash": f"#/play/{ids[0]}"})
    assert db.loads == [RECORD_PREFIX + ids[0]]
    assert host.app.session.save_id == ids[0]


def many_games(count, unfinished_every):
    """A database of ``count`` saves (every ``unfinished_every``-th one unfinished), each
    played a minute after the previous one."""
    data = {}
    for i in range(count):
        save_id = f"g{i:05d}"
        data[RECORD_PREFIX + save_id] = '{"rev":1}'
        data[ENTRY_PREFIX + save_id] = json.dumps({
            "id": save_id, "game": "fake-race", "players": ["Ada", "Bruno"],
            "bots": [None, None], "started": "2025-01-01T00:00:00Z",
            "updated": f"2025-01-{1 + i // 1440:02d}T{i // 60 % 24:02d}:{i % 60:02d}:00Z",
            "moves": i, "finished": i % unfinished_every != 0, "title": "", "rev": 1})
    return FakeDb(data)


def test_start_up_reads_only_the_head_of_a_long_index_and_lists_it_whole_later():
    db = many_games(3000, 7)
    whole = Host({"storage": dict(FAST), "lang": "fr", "hash": "#/", "base": ""},
                 {"ok": True, "entries": {k: v for k, v in db.data.items()
                                          if k.startswith(ENTRY_PREFIX)},
                  "saves": [k for k in db.data if k.startswith(RECORD_PREFIX)]}, db)
    shown = asyncio.run(whole.start())["html"]
    host, _, answer = make(db=db)
    # Start-up holds the home screen's few entries, not 3,000; the home screen is the same.
    assert len(host.storage.data) - len(FAST) <= 6 and answer["idle"] is True
    assert answer["html"] == shown and "g02996" in shown and "g00004" not in shown
    assert db.loads == []
    rounds = 0
    while answer["idle"]:
        answer = send(host, {"kind": "idle"})
        rounds += 1
        assert answer["html"] is None   # nothing on screen changes
    assert rounds == -(-(3000 - 6) // browser.IDLE_BATCH)
    assert len(host.app.saves.list()) == 3000


def test_the_head_is_listed_from_memory_with_its_records_checked_by_key():
    """Start-up lists the head without reading the other 3,000 entries nor any record: a
    head entry whose record the database no longer holds is dropped from the list and the
    database; a record without an entry (orphan) is loaded and listed; the others wait."""
    db = many_games(3000, 7)
    del db.data[RECORD_PREFIX + "g02996"]                  # the newest unfinished game
    del db.data[ENTRY_PREFIX + "g00010"]                   # an old game's line lost
    host, _, answer = make(db=db)
    listed = {e["id"] for e in host.app.saves.list()}
    assert "g02996" not in listed and "g02989" in listed and "g00010" in listed
    assert db.loads == [RECORD_PREFIX + "g00010"]          # the orphan, nothing else
    assert len(listed) <= 7
    send(host, {"kind": "idle"})                           # the drop is written with it
    assert ENTRY_PREFIX + "g02996" not in db.data


def test_any_other_message_reads_the_whole_index_first():
    host, db, _ = make(db=many_games(700, 3))
    assert len(host.app.saves.list()) < 10
    send(host, {"kind": "hash", "hash": "#/games"})
    assert len(host.app.saves.list()) == 700
    # no record (the last backup's time is read for « Mes parties »)
    assert db.loads and all(k.startswith(ENTRY_PREFIX) or k == BACKUP_KEY for k in db.loads)
    assert not host.storage.unread()
    # Opened straight on « Mes parties », start-up reads it all before the first screen.
    host, _, answer = make(db=many_games(700, 3), hash_="#/games")
    assert answer["idle"] is False and len(host.app.saves.list()) == 700


def test_a_refusing_database_never_loses_nor_rolls_back_the_game(fake_game):
    host, db, _ = make()
    start_fake(host)
    s = host.app.session
    before = stored(db, s.save_id)["actions"]
    db.full = True
    said = []
    for _ in range(10):
        send(host, {"kind": "click", "data": {"select": "pick"}})
        answer = send(host, {"kind": "click", "data": {"action": "go1"}})
        said += answer["say"]
        said += [x for a in run_ticks(host, answer)[1:] for x in a["say"]]
        if host.app.session.state.is_terminal():
            break
    # In memory it went on, never back to the stored position; told once, no "other tab".
    assert host.app.session is s and len(s.record["actions"]) > len(before)
    assert stored(db, s.save_id)["actions"] == before
    assert said.count(host.app.t("storage.not_saved")) == 1
    assert not any("autre onglet" in n["text"] for n in host.app.notices)
    assert host.app.saving_off and "play-download" in host.app.render()
    # Space returns: the very next event writes everything that waited.
    db.full = False
    answer = send(host, {"kind": "key", "name": "x"})
    assert stored(db, s.save_id)["actions"] == s.record["actions"]
    assert not host.app.saving_off and host.app.t("storage.saved_again") in answer["say"]


def test_another_tab_writing_the_game_first_is_followed_and_said(fake_game):
    host, db, _ = make()
    start_fake(host)
    play_moves(host, 1)
    s = host.app.session
    key = RECORD_PREFIX + s.save_id
    theirs = dict(stored(db, s.save_id))
    rev = theirs.pop("rev")
    theirs["actions"] = theirs["actions"][:-1]          # another tab took the move back
    db.data[key] = json.dumps({"rev": rev + 1, **theirs})
    send(host, {"kind": "click", "data": {"select": "pick"}})
    send(host, {"kind": "click", "data": {"action": "go1"}})
    # This tab's write was refused (compare-and-swap): it follows the stored game, says so.
    assert any("autre onglet" in n["text"] for n in host.app.notices)
    assert host.app.session.record["actions"][:len(theirs["actions"])] == theirs["actions"]
    assert json.loads(db.data[key])["rev"] >= rev + 1


def test_another_tabs_message_reloads_the_keys_it_names(fake_game):
    host, db, _ = make()
    start_fake(host)
    s = host.app.session
    key = RECORD_PREFIX + s.save_id
    db.data.pop(key)
    db.data.pop(ENTRY_PREFIX + s.save_id)
    send(host, {"kind": "storage", "keys": [key, ENTRY_PREFIX + s.save_id]})
    assert host.app.route[0] == "home"
    assert any("supprimée" in n["text"] for n in host.app.notices)


def test_without_a_database_the_app_says_saving_is_off_and_plays(fake_game):
    host = Host({"storage": None, "lang": "fr", "hash": "#/"}, None, None)
    answer = asyncio.run(host.start())
    assert host.app.saving_off and "notice-warning" in answer["html"]
    answer = start_fake(host)
    assert answer["writes"] == []
    assert host.app.session is not None and host.app.route[0] == "play"


def test_another_tab_clearing_local_storage_empties_the_preferences(fake_game):
    host, db, _ = make({**FAST, "rituels.lang": "fr"})
    send(host, {"kind": "storage", "values": {}, "all": True})
    assert "rituels.lang" not in host.storage.data
    send(host, {"kind": "storage", "values": {"rituels.lang": "en", "other": "no"}})
    assert host.storage.data.get("rituels.lang") == "en" and "other" not in host.storage.data


def test_bots_decide_in_one_go_and_log_their_decision(fake_game):
    host, db, _ = make()
    answer = start_fake(host, **{"seat-0-kind": "easy", "seat-1-kind": "easy"})
    seen = run_ticks(host, answer)
    effects = [e for a in seen for e in a["effects"]]
    bots = [e for e in effects if e["type"] == "bot"]
    assert bots and all(e["game"] == "fake-race" for e in bots)
    assert host.app.session.state.is_terminal()
    # One tick to show the move, one to think it through: never a run of thinking slices.
    ticks = len(seen) - 1
    assert ticks <= 2 * len(bots) + len(host.app.session.record["actions"])


def test_each_logged_decision_names_the_level_of_the_seat_that_made_it(fake_game):
    # Two kinds at one table: the benchmark times each level apart (tools/bench_play.py).
    host, db, _ = make()
    answer = start_fake(host, **{"seat-0-kind": "easy", "seat-1-kind": "strong"})
    bots = [e for a in run_ticks(host, answer) for e in a["effects"] if e["type"] == "bot"]
    seats = host.app.session.record["seats"]
    decided = [seats[p]["bot"] for p in host.app.session.history.movers if p >= 0]
    assert [e["level"] for e in bots] == decided
    assert {"easy", "strong"} <= set(decided)


def test_a_decision_coming_to_the_player_asks_once_to_be_brought_into_view(fake_game):
    host, db, _ = make()
    answer = start_fake(host)   # the deal is automatic, then it is the human's turn
    reveals = [e for e in answer["effects"] if e["type"] == "reveal"]
    assert len(reveals) == 1
    again = send(host, {"kind": "click", "data": {"select": "pick"}})
    assert not [e for e in again["effects"] if e["type"] == "reveal"]


def test_the_exports_take_json_and_send_the_markup_apart():
    db = FakeDb()
    meta, html = asyncio.run(browser.start(json.dumps({"storage": {}, "lang": "en", "hash": "#/"}),
                                           db, db.boot()))
    assert json.loads(meta)["lang"] == "en" and json.loads(meta)["morph"] is True
    assert 'id="main-title"' in html and "html" not in json.loads(meta)
    meta, html = asyncio.run(browser.event(json.dumps({"kind": "hash", "hash": "#/nowhere"})))
    assert {"type": "hash", "hash": "#/"} in json.loads(meta)["effects"]
    meta, html = asyncio.run(browser.event(json.dumps({"kind": "key", "name": "x"})))
    assert json.loads(meta)["morph"] is False and html == ""


def test_the_storage_drops_writes_that_change_nothing():
    storage = PageStorage({"rituels.a": "1"}, {}, [])
    storage.set("rituels.a", "2")
    storage.set("rituels.a", "1")
    storage.remove("rituels.b")
    assert storage.take_writes() == []
    storage.set("rituels.b", "x")
    storage.set(RECORD_PREFIX + "q", "y")
    assert storage.take_writes() == [["rituels.b", None, "x"]]
    assert storage.take_pending() == [[RECORD_PREFIX + "q", None, "y", False]]


@pytest.mark.parametrize("kind", ["click", "change"])
def test_a_bug_in_a_handler_becomes_a_notice(monkeypatch, kind):
    host, db, _ = make({}, lang="en")

    def broken(data):
        raise ValueError("boom")
    monkeypatch.setattr(host.app, kind, broken)
    answer = host.guarded({"kind": kind, "data": {}})
    assert "notice" in answer["html"]


def test_no_module_of_the_shipped_package_touches_the_browser():
    """The package runs in the worker: only the glue (web/glue.py) may use js or pyscript."""
    from rituels.tools.build import _package_files

    offenders = []
    for path in _package_files():
        if path.suffix != ".py":
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]) and len(words) > 1 \
                    and words[1].split(".")[0] in ("js", "pyodide", "pyscript"):
                offenders.append(f"{path.name}: {line.strip()}")
    assert offenders == []


@pytest.mark.parametrize("damage", ["null", '{"id": "g00', "[1, 2]", '"text"'])
@pytest.mark.parametrize("where", ["head", "rest"])
def test_a_valid_game_whose_entry_is_unreadable_is_listed(fake_game, damage, where):
    """Issue 41, item 2: a save whose list entry is truncated or ``null`` was missing from My
    games and home (at start, once the index was read, after a reload). The entries are an
    index rebuilt from the saves: its record is read and its entry written anew."""
    db = many_games(40, 3)
    sid = "g00039" if where == "head" else "g00001"
    db.data[RECORD_PREFIX + sid] = json.dumps({"rev": 1, **fake_record(3)})
    db.data[ENTRY_PREFIX + sid] = damage
    host, _, answer = make(db=db, hash_="#/" if where == "head" else "#/games")
    while answer["idle"]:
        answer = send(host, {"kind": "idle"})
    listed = {e["id"]: e for e in host.app.saves.list()}
    assert listed[sid]["moves"] == 3 and listed[sid]["players"] == ["Ada", "Bob"]
    send(host, {"kind": "hash", "hash": "#/games"})
    assert f'data-save="{sid}"' in host.app.render()
    assert json.loads(db.data[ENTRY_PREFIX + sid])["moves"] == 3   # repaired in the database
    host, _, _ = make(db=db, hash_="#/games")                      # and after a reload
    assert f'data-save="{sid}"' in host.app.render()


def fake_record(moves):
    from rituels.engine.record import new_record
    rec = new_record("fake-race", [{"name": "Ada", "bot": None}, {"name": "Bob", "bot": None}])
    rec["actions"] = ["s0", "s1", "go1", "go1", "go1"][:moves]
    return rec


# --- issue 41 item 3: older tabs (rituels.app.legacy) ----------------------------------------
def legacy_db(moves):
    """A database holding one Cthulhu Dice game, g1, with ``moves`` moves (revision 5)."""
    from rituels.app.saves import SaveStore
    from rituels.app.storage import MemoryStorage
    from rituels.tools.bench_saves import finished_record
    record = dict(finished_record("cthulhu-dice", 3, 2), meta={"started": "2026-12-01T10:00:00Z"})
    store = SaveStore(MemoryStorage())
    for _ in range(5):
        store.put("g1", dict(record, actions=record["actions"][:moves]))
    return FakeDb(store.storage.data), record


def old_tab_copy(record, moves):
    return json.dumps({"rev": 2, **dict(record, actions=record["actions"][:moves])})


def test_a_held_copy_is_merged_at_start_up_in_one_commit_and_said():
    db, record = legacy_db(6)
    db.data["rituels.held.g1.m0a"] = old_tab_copy(record, 9)   # store.js held it
    host, _, answer = make(db=db, hash_="#/play/g1")
    assert len(stored(db, "g1")["actions"]) == 9 and stored(db, "g1")["rev"] == 6
    assert len(host.app.session.record["actions"]) == 9      # the route opens it merged
    assert "rituels.held.g1.m0a" not in db.data
    assert sorted(db.commits[-1]) == ["rituels.entry.g1", "rituels.held.g1.m0a",
                                      "rituels.save.g1"]
    assert "1 partie prolongée" in answer["html"]
    assert set(answer["broadcast"]) >= {"rituels.save.g1"}


def test_an_unreadable_held_copy_is_kept_as_a_save_of_its_own_and_said():
    db, record = legacy_db(6)
    db.data["rituels.held.g1.m0a"] = '{"rev":2,"game":"cthulhu-dice","actions":["a'
    host, _, answer = make(db=db, hash_="#/games")
    kept = [k for k, v in db.data.items() if v == '{"rev":2,"game":"cthulhu-dice","actions":["a']
    assert len(kept) == 1 and kept[0].startswith(RECORD_PREFIX) and kept[0] != "rituels.save.g1"
    assert "1 copie illisible gardée telle quelle" in answer["html"]
    assert len(stored(db, "g1")["actions"]) == 6


def test_a_copy_held_while_the_app_runs_is_merged_with_its_message():
    db, record = legacy_db(6)
    host, _, _ = make(db=db, hash_="#/play/g1")
    db.data["rituels.held.g1.m0b"] = old_tab_copy(record, 9)
    answer = send(host, {"kind": "legacy", "keys": ["rituels.held.g1.m0b"]})
    assert len(stored(db, "g1")["actions"]) == 9 and "rituels.held.g1.m0b" not in db.data
    assert len(host.app.session.record["actions"]) == 9      # the game on screen follows
    assert "1 partie prolongée" in answer["html"]


def test_a_refused_merge_keeps_the_held_copy_for_the_next_message():
    db, record = legacy_db(6)
    db.data["rituels.held.g1.m0a"] = old_tab_copy(record, 9)
    db.full = True
    make(db=db)
    assert "rituels.held.g1.m0a" in db.data and len(stored(db, "g1")["actions"]) == 6
    db.full = False
    host, _, _ = make(db=db)
    assert "rituels.held.g1.m0a" not in db.data and len(stored(db, "g1")["actions"]) == 9


@pytest.mark.parametrize("how", ["commit", "hello", "start"])
def test_a_newer_version_owning_the_saves_stops_every_write(fake_game, how):
    host, db, _ = make()
    start_fake(host)
    s = host.app.session
    before = dict(db.data)
    if how == "commit":     # store.js found the newer format's mark in the database
        db.newer = True
        play_moves(host, 1)
        db.newer = False
    elif how == "hello":    # its BroadcastChannel hello
        send(host, {"kind": "newer"})
    else:                   # the page's migrate() found the mark before start
        host = Host({"storage": dict(FAST), "lang": "fr", "hash": f"#/play/{s.save_id}",
                     "base": "http://x/", "migration": {"moved": 0, "newer": 3}},
                    db.boot(), db)
        asyncio.run(host.start())
        s = host.app.session
    commits = len(db.commits)
    play_moves(host, 1)
    assert len(db.commits) == commits and db.data == before   # nothing written any more
    assert len(s.record["actions"]) > len(json.loads(before[RECORD_PREFIX + s.save_id])
                                          ["actions"])         # the game goes on in memory
    html = host.app.render()
    assert "version plus récente" in html and 'data-glue="reload"' in html
    assert 'data-cmd="play-download"' in html                  # its moves since: a file
    send(host, {"kind": "click", "data": {"cmd": "play-download"}})
    assert json.loads(db.blobs[-1][0])["actions"] == s.record["actions"]
