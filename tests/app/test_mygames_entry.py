"""« Mes parties »: what each game's index entry says of where it stands (winners, places,
whose decision), and the list's words for it (issue 24)."""

import json

from rituels.app import coach
from rituels.app.saves import ENTRY_PREFIX, SaveStore
from rituels.app.storage import MemoryStorage
from rituels.engine.record import new_game_id, new_record
from rituels.screens import mygames

from apphelpers import form_for

NBSP = "\u202f"


def _store(fake_game, actions, seats=None, meta=None):
    store = SaveStore(MemoryStorage())
    rec = new_record("fake-race", seats or [{"name": "Ada", "bot": None},
                                            {"name": "Bob", "bot": "easy"}], meta=meta)
    rec["actions"] = list(actions)
    sid = store.new_id()
    store.put(sid, rec)
    return store, sid


def _entry(store):
    [entry] = store.list()
    return entry


def _state_text(entry, lang="fr"):
    return mygames._state(lang, entry)


def test_a_game_waiting_for_a_person_here_says_a_vous(fake_game):
    store, _ = _store(fake_game, ["s0", "s1"])      # dealt: Ada (a person here) to move
    entry = _entry(store)
    assert entry["turn"] == "you" and entry["mine"] == [0]
    assert _state_text(entry) == "À vous"
    assert _state_text(entry, "en") == "Your turn"


def test_a_game_at_a_bots_decision_says_the_bots_play(fake_game):
    store, _ = _store(fake_game, ["s0", "s1", "go1"])   # Bob, a bot, to move
    entry = _entry(store)
    assert entry["turn"] == "bots" and "waits" not in entry
    assert _state_text(entry) == "Les automates jouent"


def test_a_remote_game_names_the_person_it_waits_for(fake_game):
    seats = [{"name": "Ada", "bot": None}, {"name": "Bruno", "bot": None}]
    meta = {"remote": new_game_id(7), "mine": "0"}     # Bruno plays on another device
    store, _ = _store(fake_game, ["s0", "s1", "go1"], seats, meta)
    entry = _entry(store)
    assert entry["turn"] == "remote" and entry["waits"] == 1 and entry["mine"] == [0]
    assert _state_text(entry) == "Attend Bruno (à distance)"
    # Bruno's roll is his too: still his device's move
    store, _ = _store(fake_game, ["s0", "s1", "go1", "roll"], seats, meta)
    assert _state_text(_entry(store)) == "Attend Bruno (à distance)"


def test_a_finished_game_names_the_winner_and_your_place(fake_game):
    # Ada 2+2+2 = 6 reaches the goal first; Bob stays at 2
    store, _ = _store(fake_game, ["s0", "s1", "go2", "go1", "go2", "go1", "go2"])
    entry = _entry(store)
    assert entry["finished"] and entry["winners"] == [0] and entry["places"] == [1, 2]
    assert "turn" not in entry
    assert _state_text(entry) == (f"Terminée — gagnant{NBSP}: Ada — votre place{NBSP}: 1 sur 2")
    assert _state_text(entry, "en") == "Finished — winner: Ada — your place: 1 of 2"


def test_two_people_at_this_device_each_get_their_place(fake_game):
    seats = [{"name": "Ada", "bot": None}, {"name": "Bob", "bot": None}]
    store, _ = _store(fake_game, ["s0", "s1", "go2", "go1", "go2", "go1", "go2"], seats)
    text = _state_text(_entry(store), "en")
    assert text == "Finished — winner: Ada — your places: Ada 1 of 2, Bob 2 of 2"


def test_old_entries_without_these_fields_still_list(fake_game):
    store, sid = _store(fake_game, ["s0", "s1"])
    key = ENTRY_PREFIX + sid
    old = json.loads(store.storage.get(key))
    for field in ("mine", "turn", "waits", "winners", "places"):
        old.pop(field, None)
    store.storage.set(key, json.dumps(old))
    entry = _entry(store)
    assert "turn" not in entry and _state_text(entry) == "En cours"
    old.update(finished=True)
    store.storage.set(key, json.dumps(old))
    assert _state_text(_entry(store)) == "Terminée"


def test_tampered_fields_are_dropped_not_shown(fake_game):
    store, sid = _store(fake_game, ["s0", "s1"])
    key = ENTRY_PREFIX + sid
    bad = dict(json.loads(store.storage.get(key)), turn="remote", waits=99, winners="Ada",
               places=[True], mine=[-1])
    store.storage.set(key, json.dumps(bad))
    entry = _entry(store)
    assert not {"turn", "waits", "winners", "places", "mine"} & set(entry)
    assert _state_text(entry) == "En cours"


def test_the_list_shows_the_state_first_and_a_small_true_coach_mark(fake_game):
    store, _ = _store(fake_game, ["s0", "s1"], meta={"coach": True})
    html = mygames.render("fr", store.list())
    facts = html[html.index('<dl class="save-facts">'):]
    assert facts.index("À vous") < facts.index("Ada")        # state before the players
    assert '<p class="save-variant">avec les conseils</p>' in html
    store, _ = _store(fake_game, ["s0", "s1"])
    assert "conseils" not in mygames.render("fr", store.list())


def test_an_unticked_coach_stays_off_in_a_remote_game(fake_game, make_app):
    app = make_app(lang="fr")
    coach.remember_coach(app, "fake-race", True)    # the last game had the coach
    app.navigate("#/new/fake-race")
    assert app.draft["coach"] is True
    form = form_for(app, **{"seat-0-name": "Ada", "seat-1-kind": "remote",
                            "seat-1-name": "Bruno", "coach": False})
    app.change({"form": form})                           # unticked, Bruno elsewhere
    assert 'checked' not in app.render().split('id="coach"')[1].split(">")[0]
    app.click({"cmd": "start", "form": form})
    assert "coach" not in app.session.record["meta"]
    assert "conseils" not in mygames.render("fr", app.saves.list())
    assert coach.coach_remembered(app, "fake-race") is False


def test_a_new_game_from_a_game_takes_that_games_coach_not_the_last_set_up(fake_game,
                                                                              make_app):
    app = make_app(lang="fr")
    coach.remember_coach(app, "fake-race", True)    # a game elsewhere had the coach
    seats = [{"name": "Ada", "bot": None}, {"name": "Bruno", "bot": None}]
    rec = new_record("fake-race", seats, meta={"remote": new_game_id(3), "mine": "0"})
    app.open_record("r1", rec)                         # a remote game set up without it
    app.navigate("#/new/fake-race")
    assert app.draft["coach"] is False
    assert [s["kind"] for s in app.draft["seats"][:2]] == ["human", "remote"]
    app.click({"cmd": "start", "form": form_for(app)})
    assert "coach" not in app.session.record["meta"]
    app.session.record["meta"]["coach"] = True         # and a game with the coach keeps it
    app.navigate("#/")
    app.navigate("#/new/fake-race")
    assert app.draft["coach"] is True
    # from the home screen, the last set-up's choice
    app.session = None
    coach.remember_coach(app, "fake-race", False)
    app.navigate("#/")
    app.navigate("#/new/fake-race")
    assert app.draft["coach"] is False



def test_the_buttons_name_the_game_once_and_its_players():
    # Issue 42: a screen reader heard « Revoir — Cthulhu Dice — Cthulhu Dice ».
    entry = {"id": "a", "game": "cthulhu-dice", "players": ["Ada", "Bruno"],
             "bots": [None, "easy"], "moves": 3, "finished": True}
    page = mygames.render("fr", [entry])
    assert 'aria-label="Revoir — Cthulhu Dice — Ada, Bruno (automate)"' in page
    assert "Cthulhu Dice — Cthulhu Dice" not in page
    titled = mygames.render("fr", [dict(entry, title="Revanche")])
    assert 'aria-label="Revoir — Revanche — Cthulhu Dice"' in titled
