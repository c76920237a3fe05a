"""« Mes parties » and its backups through the worker's Host (issue 41, items 6 and 7):
« Exporter toutes mes parties » downloads one file and notes when; the file picker takes it
back into another profile with a summary; each state of the storage says what is true."""

import asyncio
import json

from rituels.app.backup import BACKUP_KEY
from rituels.app.browser import STAGED_KEY, Host
from rituels.app.controller import PACE_KEY
from rituels.app.saves import ENTRY_PREFIX, RECORD_PREFIX
from dbfake import FakeDb
from apphelpers import html_text

NNBSP = "\u202f"


def make(db=None, hash_="#/games", saved=None, migration=None):
    db = FakeDb() if db is None else db
    host = Host({"storage": {PACE_KEY: "0"}, "lang": "fr", "hash": hash_, "base": "",
                 "migration": migration}, db.boot() if saved is None else saved, db)
    asyncio.run(host.start())
    return host, db


def send(host, message):
    return asyncio.run(host.serve(message))


def until_quiet(host, answer):
    """Fire the timers the answers ask for (the import's slices), like the glue."""
    for _ in range(1000):
        if not any(e["type"] == "timer" for e in answer["effects"]):
            return answer
        answer = send(host, {"kind": "tick"})
    raise AssertionError("the app keeps asking for timers")


def with_games(fake_game, count):
    db = FakeDb()
    host, _ = make(db, hash_="#/")
    for i in range(count):
        record = {"format": 1, "game": "fake-race", "options": {},
                  "seats": [{"name": "Ada", "bot": None}, {"name": f"Bob {i}", "bot": None}],
                  "actions": ["s0", "s1", "go1", "go2"][:1 + i % 4],
                  "meta": {"started": f"2026-01-0{1 + i}T10:00:00Z"}}
        host.app.saves.put(f"g{i}", record)
    asyncio.run(host._commit())
    return db


def screen(host):
    return html_text(host.app)


def test_export_every_game_then_take_them_back_in_a_fresh_profile(fake_game):
    db = with_games(fake_game, 3)
    host, _ = make(db)
    assert f"Dernière sauvegarde{NNBSP}: jamais" in screen(host)
    answer = send(host, {"kind": "click", "data": {"cmd": "games-export-all"}})
    [download] = [e for e in answer["effects"] if e["type"] == "download"]
    assert download["url"] == "blob:fake/1" and "text" not in download   # made in the worker
    assert download["filename"].startswith("rituels-parties-20")
    text, mime = db.blobs[0]
    assert mime == "application/json" and json.loads(text)["format"] == "rituels-backup"
    assert json.loads(db.data[BACKUP_KEY])["games"] == 3
    assert "3 parties exportées" in screen(host)
    assert "jamais" not in screen(host)
    again, _ = make(db)                                  # a reload still knows
    assert "Dernière sauvegarde" in screen(again) and "jamais" not in screen(again)

    fresh, fresh_db = make()
    assert "Aucune partie enregistrée" in screen(fresh)
    assert "Dernière sauvegarde" not in screen(fresh)    # nothing worth keeping yet
    fresh_db.data[STAGED_KEY] = text                     # what the page's stage() does
    answer = send(fresh, {"kind": "click", "data": {"cmd": "games-import", "staged": "1",
                                                    "filename": download["filename"]}})
    assert "Importation en cours" in screen(fresh)
    until_quiet(fresh, answer)
    assert STAGED_KEY not in fresh_db.data
    assert "3 parties importées." in screen(fresh)
    assert {k for k in fresh_db.data if k.startswith(RECORD_PREFIX)} == {
        RECORD_PREFIX + f"g{i}" for i in range(3)}
    for i in range(3):
        assert fresh.app.saves.get(f"g{i}") == host.app.saves.get(f"g{i}")
    fresh_db.data[STAGED_KEY] = text
    until_quiet(fresh, send(fresh, {"kind": "click", "data": {"cmd": "games-import",
                                                              "staged": "1"}}))
    assert "3 déjà présentes." in screen(fresh)


def test_bad_entries_are_listed_under_the_summary(fake_game):
    db = with_games(fake_game, 1)
    host, _ = make(db)
    send(host, {"kind": "click", "data": {"cmd": "games-export-all"}})
    data = json.loads(db.blobs[0][0])
    data["games"] += [{"id": "x1", "title": "Coup faux", "record": dict(
        data["games"][0]["record"], actions=["s0", "s1", "fly"])}, "junk"]
    fresh, _ = make()
    until_quiet(fresh, send(fresh, {"kind": "click", "data": {
        "cmd": "games-import", "text": json.dumps(data)}}))
    shown = screen(fresh)
    assert (f"1 partie importée, 2 entrées illisibles{NNBSP}: voir la liste ci-dessous."
            in shown)
    assert f"N° 2 («{NNBSP}Coup faux{NNBSP}»){NNBSP}: Coup n° 3 (fly)" in shown
    assert f"N° 3{NNBSP}: Ce n’est pas une partie." in shown
    assert len(fresh.app.saves.list()) == 1


def test_a_hostile_file_is_refused_with_a_reason_and_nothing_written(fake_game):
    host, db = make()
    for text, says in [("{" * 5000, "imbriqué"), ("not json", "pas du JSON"),
                       (json.dumps({"format": "rituels-backup", "version": 9, "games": []}),
                        "version plus récente")]:
        send(host, {"kind": "click", "data": {"cmd": "games-import", "text": text}})
        assert "ne peut pas être importé" in screen(host) and says in screen(host)
    assert not any(k.startswith((RECORD_PREFIX, ENTRY_PREFIX)) for k in db.data)


def test_a_database_that_will_not_open_is_not_called_empty():
    """Issue 41 item 6: another page upgraded the database, boot fails: My games said « Aucune
    partie enregistrée sur cet appareil » while games were stored."""
    host, _ = make(saved={"ok": False, "entries": {}, "rest": [], "saves": []})
    shown = screen(host)
    assert "Aucune partie" not in shown and "ne peuvent pas être lues" in shown


def test_older_saves_waiting_to_move_are_not_called_none():
    """Issue 41 item 6: older saves could not be moved for lack of space."""
    host, _ = make(migration={"moved": 0, "failed": True, "waiting": 2})
    shown = screen(host)
    assert "Aucune partie" not in shown
    assert "2 parties enregistrées par une version précédente" in shown


def test_a_save_stored_as_an_object_reads_as_damaged(fake_game):
    """Issue 41 item 6: store.js gives a value that is not text as NOT_TEXT (not null), so the
    save is listed as damaged, with its export, never « introuvable »."""
    db = with_games(fake_game, 1)
    db.data[RECORD_PREFIX + "g0"] = "\u0000rituels: the stored value is not text"
    host, _ = make(db, hash_="#/")
    send(host, {"kind": "hash", "hash": "#/play/g0"})
    assert "introuvable" not in screen(host) and "abîmée" in screen(host)
