"""The App controller driven like the browser does, with a dict storage and the fake game."""

import json

from rituels.app.controller import LANG_KEY, App
from rituels.app.saves import RECORD_PREFIX
from rituels.app.storage import MemoryStorage
from apphelpers import form_for, html_text, play_human_turn, run_timers, start


def test_new_game_deals_and_waits_for_the_human(fake_game, make_app, storage):
    app = make_app()
    s = start(app, **{"seat-0-name": "Ada"})
    assert app.route == ("play", s.save_id)
    assert s.record["seats"] == [{"name": "Ada", "bot": None},
                                 {"name": "Automate 1", "bot": "easy", "default": 1}]
    # the set-up deal (table chance) happened at once, then it is Ada's turn
    assert s.record["actions"][:2] in (["s0", "s0"], ["s0", "s1"], ["s1", "s0"], ["s1", "s1"])
    assert s.human_to_decide()
    html = app.render()
    assert 'id="status"' in html and "Ada to move" in html and 'class="dots"' not in html
    assert json.loads(storage.get(RECORD_PREFIX + s.save_id))["actions"] == s.record["actions"]


def test_clicks_play_only_legal_actions(fake_game, make_app):
    app = make_app()
    s = start(app)
    before = list(s.record["actions"])
    app.click({"action": "d3"})           # a chance outcome is not the player's to choose
    assert s.record["actions"] == before
    assert "pas permis" in app.render()
    app.click({"action": "zzz"})          # not a notation at all
    assert s.record["actions"] == before
    play_human_turn(app, "go2")
    assert s.record["actions"][len(before)] == "go2"


def test_selection_and_escape(fake_game, make_app):
    app = make_app()
    s = start(app)
    app.click({"select": "pick"})
    assert s.selection == "pick" and 'data-action="go1"' in app.render()
    app.key("Escape")
    assert s.selection == "" and 'data-action="go1"' not in app.render()


def test_bots_play_in_slices_and_the_game_ends(fake_game, make_app):
    app = make_app()
    s = start(app, **{"seat-1-kind": "strong"})
    while not s.state.is_terminal():
        play_human_turn(app, "go1")
        run_timers(app)
    html = app.render()
    assert s.state.winners() == [1]        # the slow bot always moves 2: it wins the race
    assert 'id="end-title"' in html and "Race over" in html and 'data-cmd="rematch"' in html
    entry = app.saves.list()[0]
    assert entry["finished"] is True


def test_a_human_roll_needs_the_roll_button(fake_game, make_app):
    app = make_app()
    s = start(app)
    play_human_turn(app, "roll")
    assert s.human_to_roll() and 'data-cmd="roll"' in app.render()
    n = len(s.record["actions"])
    app.click({"cmd": "roll"})
    assert s.record["actions"][n] in ("d1", "d2", "d3")


def test_bot_pace_uses_timers(fake_game, storage):
    now = [0.0]
    app = App(storage, "", pace_s=0.6, clock=lambda: now[0])
    app.navigate("#/")
    s = start(app)
    play_human_turn(app, "go1")
    n = len(s.record["actions"])
    # the bot starts thinking in a task of its own, then waits to be watchable
    assert [e["ms"] for e in app.take_effects() if e["type"] == "timer"] == [0]
    app.tick()                              # thinking (one or more slices)
    waits = []
    for _ in range(20):
        waits = [e["ms"] for e in app.take_effects() if e["type"] == "timer"]
        if waits != [0]:
            break
        app.tick()
    assert waits == [600] and len(s.record["actions"]) == n
    assert 'class="dots"' in app.render()   # a bot is about to move: the page shows it
    now[0] = 0.7
    app.tick()
    assert len(s.record["actions"]) == n + 1


def test_a_bots_thinking_tick_carries_its_time_budget(fake_game, storage, monkeypatch):
    """The tick that runs a bot's search says how long it may think (the glue's watchdog
    waits that much longer): the bot's budget, at most a slice; a count-bound bot says 0."""
    import appfake

    monkeypatch.setattr(appfake.SlowBot, "budget_s", 0.6, raising=False)
    for slice_s, budget in ((3600, 600), (0.01, 10)):   # the worker's, a sliced app's
        app = App(storage, "", pace_s=0, slice_s=slice_s)
        app.navigate("#/")
        start(app, **{"seat-1-kind": "strong"})
        play_human_turn(app, "go1")
        timers = [e for e in app.take_effects() if e["type"] == "timer"]
        assert timers == [{"type": "timer", "ms": 0, "budget_ms": budget}]
    monkeypatch.delattr(appfake.SlowBot, "budget_s")
    app = App(storage, "", pace_s=0, slice_s=3600)
    app.navigate("#/")
    start(app, **{"seat-1-kind": "strong"})
    play_human_turn(app, "go1")
    assert [e["budget_ms"] for e in app.take_effects() if e["type"] == "timer"] == [0]


def test_one_pending_timer_keeps_the_largest_budget(fake_game, make_app):
    app = make_app()
    app.take_effects()
    app.schedule(0.5)
    app.schedule(0, 0.2)
    app.schedule(0, 0.1)
    assert [e for e in app.take_effects() if e["type"] == "timer"] == [
        {"type": "timer", "ms": 500, "budget_ms": 200}]


def test_reload_mid_game_restores_the_same_position(fake_game, make_app, storage):
    app = make_app()
    s = start(app)
    for _ in range(2):
        play_human_turn(app, "go1")
        run_timers(app)
    position = s.state.to_json()
    log = list(s.log)
    again = App(storage, "", pace_s=0)
    again.navigate(f"#/play/{s.save_id}")
    assert again.session.state.to_json() == position
    assert again.session.log == log
    # the home screen offers to continue it
    again.navigate("#/")
    assert f'href="#/play/{s.save_id}"' in again.render()


def test_rematch_keeps_the_seats(fake_game, make_app):
    app = make_app()
    s = start(app, **{"seat-0-name": "Ada", "seat-1-kind": "strong"})
    while not s.state.is_terminal():
        play_human_turn(app)
        run_timers(app)
    app.click({"cmd": "rematch"})
    assert app.session is not s and app.session.record["seats"] == s.record["seats"]
    assert app.session.record["actions"][:2] and not app.session.state.is_terminal()


def test_corrupt_save_offers_discard_and_never_crashes(fake_game, make_app, storage):
    app = make_app()
    s = start(app)
    sid = s.save_id
    data = json.loads(storage.get(RECORD_PREFIX + sid))
    data["actions"].append("d2")           # an impossible roll: the replay must refuse it
    storage.set(RECORD_PREFIX + sid, json.dumps(data))
    fresh = App(storage, "", pace_s=0)
    fresh.navigate(f"#/play/{sid}")
    html = fresh.render()
    assert "Partie illisible" in html and 'data-cmd="discard"' in html
    assert storage.get(RECORD_PREFIX + sid) is not None      # nothing deleted without asking
    fresh.click({"cmd": "discard", "id": sid})
    assert storage.get(RECORD_PREFIX + sid) is None and fresh.route == ("home", "")
    storage.set(RECORD_PREFIX + "x", "{{{")
    fresh.navigate("#/play/x")
    assert "Partie illisible" in fresh.render()


def test_storage_off_keeps_the_game_playable(fake_game):
    app = App(MemoryStorage(fail=True), "", pace_s=0)
    app.navigate("#/")
    assert "Sauvegarde désactivée" in app.render()
    s = start(app)
    play_human_turn(app)
    run_timers(app)
    page = app.render()
    # On the play screen the notice says the game goes on here and offers its download.
    assert len(s.record["actions"]) >= 4 and "n’enregistre plus cette partie" in page
    app.click({"cmd": "play-download"})
    [download] = [e for e in app.take_effects() if e["type"] == "download"]
    assert json.loads(download["text"])["actions"] == s.record["actions"]


def test_storage_full_mid_game_shows_the_notice(fake_game):
    storage = MemoryStorage()
    app = App(storage, "", pace_s=0)
    app.navigate("#/")
    s = start(app)
    assert "n’enregistre plus" not in app.render()
    storage.quota = 10
    play_human_turn(app)
    assert "n’enregistre plus cette partie" in app.render()
    assert any("Sauvegarde" in a for a in app.take_announcements())


def test_language_follows_the_browser_then_is_remembered(fake_game, storage):
    assert App(storage, "en-GB").lang == "en"
    assert App(storage, "de-DE").lang == "de"
    assert App(storage, "it").lang == "it"
    # navigator.languages in order: the first the app speaks wins, else French.
    assert App(storage, "es-ES,pt,it-CH,en").lang == "it"
    assert App(storage, "es-ES,ja").lang == "fr"
    assert App(storage, "").lang == "fr"
    app = App(storage, "")
    app.navigate("#/")
    app.click({"cmd": "lang", "lang": "en"})
    assert storage.get(LANG_KEY) == "en"
    assert "New game" in app.render() and 'lang="en"' in app.render()
    assert App(storage, "fr-FR").lang == "en"
    app.click({"cmd": "lang", "lang": "de"})
    assert "Neue Partie" in app.render() and App(storage, "it-IT").lang == "de"


def test_language_switch_translates_the_log(fake_game, make_app):
    app = make_app()
    s = start(app)
    app.click({"cmd": "lang", "lang": "en"})
    assert app.session is s and "Log" in app.render()


def test_hidden_hands_pass_the_device_between_humans(fake_game, make_app):
    app = make_app()
    s = start(app, **{"seat-1-kind": "human", "seat-0-name": "Ada", "seat-1-name": "Bea"})
    html = app.render()
    assert s.needs_handover() and "Je suis Ada" in html and "secret=" not in html
    app.click({"action": "go1"})           # nothing playable before "I am Ada"
    assert len(s.record["actions"]) == 2
    app.click({"cmd": "reveal"})
    html = app.render()
    assert f"Ada: 0 secret={s.state.secret[0]}" in html and "Bea: 0 secret=?" in html
    play_human_turn(app)
    html = app.render()
    assert "Je suis Bea" in html and "secret=" not in html
    app.click({"cmd": "reveal"})
    assert f"Bea: 0 secret={s.state.secret[1]}" in app.render()


def test_against_bots_only_the_humans_hand_shows(fake_game, make_app):
    app = make_app()
    s = start(app, count="3")
    html = app.render()
    assert not s.needs_handover()
    assert f"secret={s.state.secret[0]}" in html
    assert html.count("secret=?") == 2


def test_unknown_routes_and_games_go_home_with_a_notice(fake_game, make_app):
    app = make_app()
    app.navigate("#/nowhere")
    assert app.route == ("home", "") and "existe pas" in app.render()
    app.navigate("#/new/nogame")
    assert "pas disponible" in app.render()
    app.navigate("#/play/unknown")
    assert "introuvable" in app.render()


def test_rules_page_and_escape_closes_the_dialog(fake_game, make_app):
    app = make_app()
    app.navigate("#/rules/fake-race")
    assert "Run to six." in app.render()
    app.navigate("#/new/fake-race")
    assert 'role="dialog"' in app.render()
    app.key("Escape")
    assert app.route == ("home", "") and 'role="dialog"' not in app.render()


def test_player_count_change_keeps_typed_names(fake_game, make_app):
    app = make_app()
    app.navigate("#/new/fake-race")
    app.change({"form": form_for(app, **{"seat-0-name": "Zoé", "count": "4"})})
    html = app.render()
    assert 'value="Zoé"' in html and 'id="seat-3-name"' in html


def test_bot_pace_is_a_stored_setting(fake_game):
    from rituels.app.controller import PACE_KEY
    assert App(MemoryStorage({PACE_KEY: "0.1"})).pace_s == 0.1
    assert App(MemoryStorage({PACE_KEY: "99"})).pace_s == 3.0
    assert App(MemoryStorage({PACE_KEY: "fast"})).pace_s == App(MemoryStorage()).pace_s
    # "Normale" shows each bot step at least 0.8 s (issue 24); the old stored choices follow
    assert App(MemoryStorage()).pace_s >= 0.8
    assert App(MemoryStorage({PACE_KEY: "0.6"})).pace_s == App(MemoryStorage()).pace_s
    assert App(MemoryStorage({PACE_KEY: "1.2"})).pace_s == 1.6


def test_two_players_with_one_name_are_refused(fake_game, make_app):
    app = make_app()
    app.navigate("#/new/fake-race")
    app.click({"cmd": "start", "form": form_for(app, **{"seat-0-name": "Ada",
                                                         "seat-1-name": "ada"})})
    assert app.session is None and app.route[0] == "new"
    assert "deux joueurs" in html_text(app)


def test_new_game_from_a_game_keeps_its_table(fake_game, make_app):
    app = make_app()
    s = start(app, **{"seat-0-name": "Ada", "seat-1-kind": "strong"})
    app.click({"cmd": "new-game"})
    assert app.route == ("new", "fake-race")
    assert app.draft["seats"][:2] == [{"kind": "human", "name": "Ada"},
                                      {"kind": "strong", "name": s.names[1]}]


def test_bot_speed_is_chosen_in_the_dialog_and_remembered(fake_game, make_app, storage):
    from rituels.app.controller import PACE_KEY
    app = make_app()
    app.navigate("#/new/fake-race")
    assert 'name="pace"' in app.render()
    app.click({"cmd": "start", "form": form_for(app, pace="slow")})
    assert app.pace_s == 1.6 and storage.get(PACE_KEY) == "1.6"
    # left as it was, a finer stored pace is kept (the dialog shows the nearest choice)
    storage.set(PACE_KEY, "0.05")
    again = App(storage, "", pace_s=0.6)
    again.navigate("#/new/fake-race")
    again.click({"cmd": "start", "form": form_for(again, pace="fast")})
    assert storage.get(PACE_KEY) == "0.05" and again.pace_s == 0.05
    # no bot at the table: no speed to choose
    again.navigate("#/new/fake-race")
    again.change({"form": form_for(again, **{"seat-1-kind": "human"})})
    assert 'name="pace"' not in again.render()


def test_a_name_of_invisible_characters_is_refused_and_lookalikes_are_one_name(fake_game):
    """Issue 28: U+200B, U+3164 and U+2800 draw nothing; "Ada" and "Ada\u200b" look alike."""
    from rituels.engine.safeinput import visible_form

    assert visible_form("\u200b\u3164\u2800 ") == "" and visible_form("Ada\u200b") == "ada"
    for name, says in (("\u200b\u3164\u2800", "au moins un caractère visible"),
                       ("Ada\u200b", "Ada")):
        app = App(MemoryStorage(), "", pace_s=0)
        app.navigate("#/new/fake-race")
        app.click({"cmd": "start", "form": form_for(app, **{
            "seat-0-name": "Ada", "seat-1-kind": "human", "seat-1-name": name})})
        assert app.session is None and app.route[0] == "new", name
        assert says in html_text(app)
