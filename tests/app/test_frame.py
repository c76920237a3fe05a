"""The game frame (issue 11): "À vous" in the status bar and the title, the optional turn
sound, the phone's "⋯" menu, the rules over the game, the foldable log, the visible reason
undo is unavailable, and the game's standings at the end."""

import html
import json

from rituels.app.controller import SOUND_KEY
from rituels.viewkit import ViewContext

from apphelpers import html_text, play_human_turn, run_timers, start


def shown(app):
    return html.unescape(app.render())


def test_your_turn_is_marked_in_the_status_bar_and_the_title(fake_game, make_app):
    app = make_app(lang="en")
    start(app, **{"seat-0-name": "Ada"})
    game = app.t("app.game.fake-race.name")
    assert app.title() == f"Your turn — {game} — Rituels"
    page = shown(app)
    assert 'class="status-bar status-yours"' in page and ">Your turn</span>" in page
    play_human_turn(app)           # now the bot is to move: third person, no marker
    assert app.title() == f"{game} — Rituels"
    assert "status-yours" not in app.render()


def test_the_turn_sound_is_off_by_default_then_remembered(fake_game, make_app, storage):
    app = make_app(lang="en")
    start(app)
    play_human_turn(app)
    run_timers(app)                # the bot plays, the turn comes back to the human
    assert not any(e["type"] == "sound" for e in app.take_effects())
    app.click({"cmd": "sound"})
    assert storage.get(SOUND_KEY) == "on"
    assert {"type": "sound", "sound": "your-turn"} in app.take_effects()   # a sample
    assert 'data-cmd="sound" aria-pressed="true"' in app.render()
    play_human_turn(app)
    effects = []
    for _ in range(100):           # the glue's timers, keeping every other effect
        batch = app.take_effects()
        effects += batch
        if not any(e["type"] == "timer" for e in batch):
            break
        app.tick()
    assert [e for e in effects if e["type"] == "sound"] == [
        {"type": "sound", "sound": "your-turn"}]
    # A new page load reads the setting back.
    again = make_app()
    assert again.sound is True


def test_the_phone_menu_opens_closes_and_never_repeats_header_links(fake_game, make_app):
    app = make_app(lang="en")
    start(app)
    page = app.render()
    assert 'data-cmd="menu" aria-expanded="false" aria-controls="game-menu"' in page
    nav = page[page.index('id="game-menu"'):]
    assert 'href="#/"' not in nav and 'href="#/games"' not in nav   # in the header already
    app.click({"cmd": "menu"})
    assert 'aria-expanded="true"' in app.render() and 'class="game-menu is-open"' in app.render()
    assert {"type": "focus", "target": "#game-menu .btn:not([disabled])"} in app.take_effects()
    app.key("Escape")
    assert 'class="game-menu is-open"' not in app.render()
    assert {"type": "focus", "target": "[data-cmd=menu]"} in app.take_effects()
    app.click({"cmd": "menu"})
    app.click({"cmd": "log"})      # choosing anything closes the menu
    assert not app.menu_open


def test_the_undo_reason_is_written_beside_the_button(fake_game, make_app):
    app = make_app(lang="en")
    start(app)
    page = shown(app)
    # Nothing played yet: the button is disabled and says why in text, not only a tooltip.
    assert '<span class="menu-hint">Nothing to undo: you have not played yet.</span>' in page


def test_rules_open_over_the_game_which_waits_then_closes_back(fake_game, make_app):
    app = make_app(lang="en")
    s = start(app)
    play_human_turn(app)           # the bot is to move next
    app.take_effects()
    route = app.route
    app.click({"cmd": "rules"})
    assert app.route == route      # still the game screen
    page = app.render()
    assert 'role="dialog" aria-modal="true"' in page
    assert 'data-cmd="rules-close" data-escape' in page
    assert {"type": "focus", "target": "#rules-title"} in app.take_effects()
    moves = len(s.record["actions"])
    app.tick()
    assert len(s.record["actions"]) == moves     # nobody plays while the rules are read
    app.click({"cmd": "rules-close"})
    assert 'role="dialog"' not in app.render()
    assert {"type": "focus", "target": "#game-menu [data-cmd=rules]"} in app.take_effects()
    assert not app.menu_open
    run_timers(app)
    assert len(s.record["actions"]) > moves      # and the game goes on


def test_rules_opened_from_the_phone_menu_close_back_into_it(fake_game, make_app):
    app = make_app(lang="en")
    start(app)
    app.click({"cmd": "menu"})
    app.click({"cmd": "rules"})
    assert not app.menu_open and app.rules_open
    app.click({"cmd": "rules-close"})
    assert app.menu_open and 'class="game-menu is-open"' in app.render()


def test_the_log_folds_away_and_back(fake_game, make_app):
    app = make_app(lang="en")
    start(app)
    assert 'class="play-body"' in app.render()
    app.click({"cmd": "log"})
    page = app.render()
    assert 'class="play-body log-folded"' in page and 'aria-expanded="false"' in page
    app.click({"cmd": "log"})
    assert 'class="play-body"' in app.render()


def test_your_turn_wording_for_one_or_several_people():
    one = ViewContext(lang="fr", names=["Ada", "Bot"], local=(0,))
    assert one.your_turn(0, "jouez") == "À vous\u202f: jouez"
    two = ViewContext(lang="en", names=["Ada", "Bruno"], local=(0, 1))
    assert two.your_turn(1, "play") == "Bruno, your turn: play"
    assert one.your_turn(0, "jouez", name="Ada (2)") == "Ada (2), à vous\u202f: jouez"
    assert one.is_local(0) and not one.is_local(1) and not one.is_local(None)


def test_cthulhu_dice_ends_with_its_standings(make_app):
    app = make_app(lang="en")
    start(app, game="cthulhu-dice", **{"seat-0-kind": "easy"})
    run_timers(app)                # four bots play to the end
    page = shown(app)
    assert 'id="end-title"' in page
    assert '<div class="end-table"><table class="cd-standings">' in page
    assert "<caption>Standings</caption>" in page


def test_default_names_follow_the_language_typed_names_do_not(fake_game, make_app):
    app = make_app(lang="fr")
    s = start(app, **{"seat-0-name": ""})
    assert s.names == ["Joueur 1", "Automate 1"]
    app.set_lang("en")
    assert app.session.names == ["Player 1", "Bot 1"]
    assert "Player 1" in app.render()
    s.record["seats"][0] = {"name": "Joueur 1 bis", "bot": None}   # typed: kept as typed
    app.session.set_lang("fr")
    assert app.session.names == ["Joueur 1 bis", "Automate 1"]


def test_bot_names_follow_one_scheme_in_every_game():
    from rituels.i18n import t
    from rituels.screens.newgame import localized_names
    for game in ("cthulhu-dice", "tuchulcha", "wongar"):
        for lang in ("fr", "en"):
            names = t(lang, f"app.bots.{game}").split(",")
            # Names from the game's world, never "Bot 1" / "Automate 1".
            assert len(names) >= 4 and not any(ch.isdigit() for n in names for ch in n)
    assert localized_names("wongar", ["Cacatoès", "Ada"], "en") == ["Cockatoo", "Ada"]


def test_saved_dates_are_shown_in_local_time(monkeypatch):
    import time

    from rituels.screens.mygames import when
    # Central European time as a POSIX rule (no tz database needed): UTC+1, UTC+2 in summer.
    monkeypatch.setenv("TZ", "CET-1CEST,M3.5.0,M10.5.0/3")
    time.tzset()
    try:
        assert when("fr", "2026-11-29T13:05:00Z") == "29/11/2026 à 14:05"
        assert when("en", "2026-07-01T23:30:00Z") == "2026-07-02 01:30"
        assert when("fr", "not a date") == "—"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_default_names_are_stored_as_such_and_shown_in_the_language_of_the_moment(
        fake_game, make_app, storage):
    # Issue 42: My games and Home kept « Joueur 1 » after a switch to English.
    from rituels.app.replay import viewer
    from rituels.app.saves import ENTRY_PREFIX
    app = make_app(lang="fr")
    s = start(app, **{"seat-0-name": ""})
    assert s.record["seats"] == [{"name": "Joueur 1", "bot": None, "default": 1},
                                 {"name": "Automate 1", "bot": "easy", "default": 1}]
    app.set_lang("en")
    for where in ("#/games", "#/", f"#/replay/{s.save_id}"):
        app.navigate(where)
        page = html_text(app)
        assert "Player 1" in page and "Joueur 1" not in page, where
    assert viewer(app).cursor.names == ["Player 1", "Bot 1"]
    app.set_lang("de")
    app.navigate("#/games")
    assert "Spieler 1" in html_text(app)
    # an entry written before the marker: its names still read in the language of the moment
    entry = json.loads(storage.get(ENTRY_PREFIX + s.save_id))
    del entry["defaults"]
    storage.set(ENTRY_PREFIX + s.save_id, json.dumps(entry))
    app.navigate("#/")
    assert "Spieler 1" in html_text(app) and "Joueur 1" not in html_text(app)
