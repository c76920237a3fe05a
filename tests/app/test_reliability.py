"""Nothing lost, nothing stuck (issue 14): one writer per game across tabs, atomic saves,
variants instead of re-rolls, undo rights of the person at the device, links that keep hands
hidden, the replay position in the URL, refused names and titles. Two tabs are two Apps on
one storage; the browser's ``storage`` event is ``App.storage_changed``."""

import html
import json

from rituels.app.controller import App
from rituels.app.replay import viewer
from rituels.app.saves import ENTRY_PREFIX, RECORD_PREFIX, SaveStore
from rituels.app.storage import MemoryStorage, StorageError
from rituels.engine.link import decode, encode
from rituels.engine.record import new_record

from apphelpers import form_for, run_timers

HOT_SEAT = {"seat-0-name": "Ada", "seat-1-kind": "human", "seat-1-name": "Bob"}


def tab(storage, lang="fr"):
    app = App(storage, lang, pace_s=0, slice_s=0.01)
    app.navigate("#/")
    return app


def text(app):
    return html.unescape(app.render())


def start(app, **fields):
    app.navigate("#/new/fake-race")
    app.click({"cmd": "start", "form": form_for(app, **fields)})
    run_timers(app)
    return app.session


def move(app, action="go1"):
    """The person at the device plays (confirming who they are first if asked)."""
    s = app.session
    if s.needs_handover():
        app.click({"cmd": "reveal"})
    if s.human_to_roll():
        app.click({"cmd": "roll"})
        return
    app.click({"select": "pick"})
    app.click({"action": action})
    run_timers(app)


def stored_actions(storage, save_id):
    return json.loads(storage.get(RECORD_PREFIX + save_id))["actions"]


# --- one game, one writer ----------------------------------------------------------------------
def test_a_stale_tab_cannot_overwrite_moves_it_has_not_seen(fake_game, storage):
    a, b = tab(storage), tab(storage)
    sid = start(a, **HOT_SEAT).save_id
    b.navigate(f"#/play/{sid}")
    for _ in range(3):
        move(a)
    played = stored_actions(storage, sid)
    assert len(played) == 5                       # the deal (2) and A's three moves
    move(b, "go2")                                # B still shows the position before them
    assert stored_actions(storage, sid) == played  # refused: A's moves are all there
    assert b.session.record["actions"] == played  # B now shows the stored game and says why
    assert "Cette partie a avancé dans un autre onglet" in text(b)
    move(b, "go2")                                # now B is up to date: its move is kept
    assert stored_actions(storage, sid) == played + ["go2"]
    move(a)                                       # and A, now stale, is refused in turn
    assert stored_actions(storage, sid) == played + ["go2"]
    assert a.session.record["actions"] == played + ["go2"]


def test_the_storage_event_brings_the_other_tabs_moves(fake_game, storage):
    a, b = tab(storage), tab(storage)
    sid = start(a, **HOT_SEAT).save_id
    b.navigate(f"#/play/{sid}")
    move(a)
    b.storage_changed([RECORD_PREFIX + sid, ENTRY_PREFIX + sid])
    assert b.session.record["actions"] == stored_actions(storage, sid)
    assert "autre onglet" in text(b)
    shown = b.session
    b.storage_changed([RECORD_PREFIX + sid])       # nothing new: no reload
    assert b.session is shown
    move(b, "go2")
    assert stored_actions(storage, sid)[-1] == "go2"


def test_lists_follow_the_other_tab_and_a_deleted_game_is_said(fake_game, storage):
    a, b = tab(storage), tab(storage)
    sid = start(a, **HOT_SEAT).save_id
    b.navigate("#/games")
    b.render()
    b.storage_changed([ENTRY_PREFIX + sid])
    assert b.changed and f'data-save="{sid}"' in b.render()
    SaveStore(storage).delete(sid)
    a.storage_changed([])                          # cleared or unknown: everything is checked
    assert a.session is None and a.route == ("home", "")
    assert "supprimée dans un autre onglet" in text(a)


def test_a_move_on_a_game_deleted_in_another_tab_is_said(fake_game, storage):
    a = tab(storage)
    sid = start(a, **HOT_SEAT).save_id
    move(a)
    SaveStore(storage).delete(sid)                 # no storage event reached this tab yet
    move(a)
    assert RECORD_PREFIX + sid not in storage.data and a.route == ("home", "")
    assert "supprimée dans un autre onglet" in text(a)


def test_a_write_lost_in_a_same_instant_race_is_said(fake_game, storage):
    a = tab(storage)
    sid = start(a, **HOT_SEAT).save_id
    move(a, "go1")
    # Another tab wrote the same revision at the same instant (storage is not transactional
    # across tabs) with its own move instead, and the browser kept that write.
    theirs = json.loads(storage.get(RECORD_PREFIX + sid))
    assert theirs["rev"] == a.session.rev
    theirs["actions"][-1] = "go2"
    storage.set(RECORD_PREFIX + sid, json.dumps(theirs))
    a.storage_changed([RECORD_PREFIX + sid])
    assert a.session.record["actions"] == theirs["actions"]
    assert "autre onglet" in text(a)


def test_a_rename_in_another_tab_does_not_cost_a_move(fake_game, storage):
    a = tab(storage)
    sid = start(a, **HOT_SEAT).save_id
    SaveStore(storage).rename(sid, "Revanche")     # the other tab renames it
    move(a)                                        # A's write is stale, but only the title moved
    assert len(stored_actions(storage, sid)) == 3
    assert SaveStore(storage).list()[0]["title"] == "Revanche"
    assert "autre onglet" not in text(a)


def test_fifty_alternating_moves_in_two_tabs_lose_none(fake_game, storage):
    a, b = tab(storage), tab(storage)
    sid = start(a, **{"seat-0-name": "Ada", "seat-1-kind": "human", "seat-1-name": "Bob",
                      "count": "3", "seat-2-kind": "human", "seat-2-name": "Cid"}).save_id
    b.navigate(f"#/play/{sid}")
    made = len(stored_actions(storage, sid))      # the deal
    for i in range(50):
        me, other = (a, b) if i % 2 == 0 else (b, a)
        if me.session.state.is_terminal():
            break
        move(me, "go1")
        made += 1
        other.storage_changed([RECORD_PREFIX + sid])
    assert len(stored_actions(storage, sid)) == made


# --- atomic saves --------------------------------------------------------------------------------
class FailOn(MemoryStorage):
    """Storage whose writes of some keys fail (a quota reached at the wrong moment)."""

    def __init__(self, keys):
        super().__init__()
        self.failing = set(keys)

    def set(self, key, value):
        if key in self.failing or any(key.startswith(k) for k in self.failing if k.endswith(".")):
            raise StorageError("full")
        super().set(key, value)


def test_a_failed_index_write_still_saves_and_the_list_repairs_itself(fake_game):
    storage = FailOn({ENTRY_PREFIX})
    store = SaveStore(storage)
    store.put("a", new_record("fake-race", [{"name": "Ada", "bot": None},
                                            {"name": "Bob", "bot": None}]))
    assert ENTRY_PREFIX + "a" not in storage.data and store.exists("a")   # saved: no error raised
    [entry] = store.list()
    assert entry["id"] == "a" and entry["players"] == ["Ada", "Bob"]


def test_an_import_that_does_not_fit_stores_nothing_and_says_so(fake_game):
    storage = FailOn({RECORD_PREFIX})
    app = tab(storage)
    app.navigate("#/games")
    record = new_record("fake-race", [{"name": "Ada", "bot": None}, {"name": "Bob", "bot": None}])
    app.click({"cmd": "games-import", "text": json.dumps(record)})
    assert storage.data == {} and app.saves.list() == []
    assert "n’a pas été importée" in text(app)


def test_index_entries_follow_the_records_revision(fake_game, storage):
    a, b = tab(storage), tab(storage)
    sid = start(a, **HOT_SEAT).save_id
    entry = storage.get(ENTRY_PREFIX + sid)
    move(a)
    storage.set(ENTRY_PREFIX + sid, entry)     # an older entry (a write that was lost)
    [entry] = b.saves.list()
    assert entry["moves"] == 3


# --- variants, not re-rolls ------------------------------------------------------------------------
def test_continuing_from_the_middle_of_your_game_makes_a_marked_variant(fake_game, storage):
    app = tab(storage)
    s = start(app, **HOT_SEAT)
    for _ in range(3):
        move(app, "go1")
    original = list(s.record["actions"])
    app.saves.rename(s.save_id, "Course")
    app.navigate(f"#/replay/{s.save_id}")
    page = text(app)
    assert "Reprendre la partie" in page and 'data-cmd="replay-continue"' not in page
    app.click({"cmd": "replay-seek", "to": "3"})
    app.click({"cmd": "replay-continue"})
    variant = app.session
    assert variant.save_id != s.save_id and variant.record["actions"] == original[:3]
    assert variant.record["meta"]["variant_of"] == s.save_id
    assert variant.record["meta"]["title"] == "Variante de Course"
    assert "la partie d’origine reste telle quelle" in text(app)
    move(app, "roll")
    assert stored_actions(storage, s.save_id) == original      # the real game is untouched
    app.navigate("#/games")
    rows = text(app)
    assert rows.count('<h2 class="save-title">Variante de Course</h2>') == 1
    assert rows.count('class="save-variant"') == 1 and ">Course</h2>" in rows
    link = encode(variant.record)
    assert decode(link)[0]["meta"]["title"] == "Variante de Course"


def test_a_variant_title_elides_and_stays_short(fake_game, storage):
    from rituels.app.replay import variant_title
    assert variant_title("fr", "Orage") == "Variante d’Orage"
    assert variant_title("en", "Orage") == "Variant of Orage"
    assert len(variant_title("fr", "x" * 60)) == 60


# --- the person at the device ------------------------------------------------------------------------
def undo_button(app):
    page = app.render()
    i = page.index('data-cmd="undo"')
    return page[page.rindex("<button", 0, i):page.index(">", i)]


def test_after_i_am_bob_bob_cannot_take_back_adas_move(fake_game, storage):
    app = tab(storage)
    s = start(app, **HOT_SEAT)
    move(app, "go1")                          # Ada's move: the device is to go to Bob
    assert app.session.needs_handover()
    assert "disabled" not in undo_button(app)  # Ada still holds it: she may take it back
    app.click({"cmd": "reveal"})               # "Je suis Bob"
    assert "disabled" in undo_button(app)
    before = list(app.session.record["actions"])
    app.click({"cmd": "undo"})
    assert app.session.record["actions"] == before
    assert stored_actions(storage, s.save_id) == before


# --- links keep hands hidden ---------------------------------------------------------------------------
def secret_shown(app):
    return any(f"Ada: 0 secret={k}" in app.render() for k in (0, 1))


def test_continuing_a_link_that_hides_hands_asks_who_is_at_the_device(fake_game, storage):
    record = new_record("fake-race", [{"name": "Ada", "bot": None}, {"name": "Bot", "bot": "easy"}])
    record["actions"] = ["s0", "s1"]
    for reveal, asks in ((False, True), (True, False)):
        app = tab(MemoryStorage())
        app.navigate("#g=" + encode(record, reveal_hidden=reveal))
        app.click({"cmd": "link-continue"})
        run_timers(app)
        assert app.session.needs_handover() is asks
        assert secret_shown(app) is not asks
        if asks:
            assert "secret" not in " ".join(app.session.log)
            sid = app.session.save_id
            app.navigate(f"#/replay/{sid}")            # nor does its replay show the hand
            assert viewer(app).cursor.viewer is None
            app.navigate(f"#/play/{sid}")
            app.click({"cmd": "reveal"})
            assert secret_shown(app)


# --- the replay position in the URL ------------------------------------------------------------------
def test_the_replay_position_lives_in_the_url(fake_game, storage):
    app = tab(storage)
    s = start(app, **HOT_SEAT)
    for _ in range(3):
        move(app)
    app.navigate(f"#/replay/{s.save_id}/2")          # a reload at that address
    cursor = viewer(app).cursor
    assert cursor.pos == 2
    app.take_effects()
    app.click({"cmd": "replay-forward"})
    assert {"type": "replace-hash", "hash": f"#/replay/{s.save_id}/3"} in app.take_effects()
    app.navigate(f"#/replay/{s.save_id}/3")          # the browser reports it: nothing rebuilt
    assert viewer(app).cursor is cursor and cursor.pos == 3
    app.navigate("#/games")
    app.navigate(f"#/replay/{s.save_id}/3")          # Back
    assert viewer(app).cursor.pos == 3
    app.navigate(f"#/replay/{s.save_id}/x²")         # an unreadable position is ignored
    assert viewer(app).cursor.pos == 3


# --- names and titles ------------------------------------------------------------------------------
def test_a_lone_surrogate_name_is_refused_with_a_message(fake_game, storage):
    app = tab(storage)
    app.navigate("#/new/fake-race")
    app.click({"cmd": "start", "form": form_for(app, **{"seat-0-name": "a\ud800b"})})
    assert app.session is None and storage.data == {}
    page = app.render()
    page.encode("utf-8")
    assert "Impossible de commencer" in html.unescape(page)
    assert "caractères interdits" in html.unescape(page)


def test_titles_are_capped_and_checked_everywhere(fake_game, storage):
    record = new_record("fake-race", [{"name": "Ada", "bot": None}, {"name": "Bob", "bot": None}],
                        meta={"title": "x" * 1379})
    assert record["meta"]["title"] == "x" * 60                   # links and files alike
    app = tab(storage)
    sid = app.saves.import_(json.dumps(record))
    app.navigate("#/games")
    app.click({"cmd": "games-rename", "id": sid})
    app.click({"cmd": "games-rename-save", "id": sid, "form": {"title": "a\u202eb"}})
    assert "caractères interdits" in text(app) and app.saves.list()[0]["title"] == "x" * 60
    app.click({"cmd": "games-rename-save", "id": sid, "form": {"title": "y" * 80}})
    assert app.saves.list()[0]["title"] == "y" * 60


def test_garbage_settings_are_ignored(fake_game):
    for pace in ("nan", "inf", "-inf", "1e999", "[[[[", "9" * 400):
        app = tab(MemoryStorage({"rituels.pace": pace, "rituels.lang": "\ud800"}))
        assert app.pace_s == 0 and app.lang == "fr"

