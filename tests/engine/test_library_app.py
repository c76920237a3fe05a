"""The library screens driven through the App like the browser does: "mes parties", the
replay viewer, share links and undo, with real games and a dict storage."""

import json
import re

import pytest

from rituels.app.controller import App
from rituels.app.replay import viewer
from rituels.app.sharing import FEATURE as SHARING_FEATURE
from rituels.app.storage import MemoryStorage
from rituels.engine.link import decode, encode, fragment
from rituels.engine.history import replay
from rituels.screens import mygames

from .helpers import game_or_skip, game_params, played_record

EVIL = '<img src=x onerror="alert(1)">'


@pytest.fixture
def app():
    a = App(MemoryStorage(), "fr", pace_s=0, slice_s=0.01)
    a.navigate("#/")
    return a


def store(app, record) -> str:
    return app.saves.import_(json.dumps(record))


def effects(app, kind):
    return [e for e in app.take_effects() if e["type"] == kind]


def buttons(html, cmd):
    return re.findall(rf'<button[^>]*data-cmd="{cmd}"[^>]*>', html)


# --- mes parties ---------------------------------------------------------------------------------
def test_my_games_lists_every_save_with_its_facts(app):
    game_or_skip("cthulhu-dice")
    done = store(app, played_record("cthulhu-dice", 2, seed=1, names=[EVIL, "Bob"]))
    ongoing = store(app, played_record("cthulhu-dice", 3, seed=2, upto=4))
    app.navigate("#/games")
    html = app.render()
    assert html.count('class="save-row') == 2
    assert EVIL not in html and "&lt;img src=x" in html          # names are escaped
    assert f'href="#/play/{ongoing}"' in html                    # resume the unfinished one
    assert f'href="#/play/{done}"' not in html                   # a finished game is not resumed
    assert f'href="#/replay/{done}"' in html and f'href="#/replay/{ongoing}"' in html
    # the finished one says so (and who won), the other one whose decision it is (issue 24)
    assert "Terminée — gagnant" in html and "À vous" in html
    assert 'type="file"' in html and 'data-cmd="games-import"' in html


def test_rename_then_delete_only_after_confirmation(app):
    game_or_skip("cthulhu-dice")
    sid = store(app, played_record("cthulhu-dice", 2, upto=3))
    app.navigate("#/games")
    app.click({"cmd": "games-rename", "id": sid})
    assert 'id="rename-title"' in app.render()
    app.click({"cmd": "games-rename-save", "id": sid, "form": {"title": "  Revanche   du soir "}})
    assert app.saves.list()[0]["title"] == "Revanche du soir"
    assert "Revanche du soir" in app.render()
    app.click({"cmd": "games-delete-yes", "id": sid})            # no confirmation asked yet
    assert app.saves.exists(sid)
    app.click({"cmd": "games-delete", "id": sid})
    html = app.render()
    assert "Supprimer définitivement" in html and buttons(html, "games-delete-yes")
    app.click({"cmd": "games-delete-no", "id": sid})
    assert app.saves.exists(sid) and "Supprimer définitivement" not in app.render()
    app.click({"cmd": "games-delete", "id": sid})
    app.click({"cmd": "games-delete-yes", "id": sid})
    assert not app.saves.exists(sid) and app.saves.list() == []
    assert "Aucune partie" in app.render()


def test_export_gives_a_json_file_that_imports_back(app):
    game_or_skip("tuchulcha")
    record = played_record("tuchulcha", 3, seed=4, upto=60)
    sid = store(app, record)
    app.navigate("#/games")
    app.take_effects()
    app.click({"cmd": "games-export", "id": sid})
    [download] = effects(app, "download")
    assert download["mime"] == "application/json"
    assert re.fullmatch(r"rituels-tuchulcha-[0-9-]+-[a-z0-9]+\.json", download["filename"])
    app.click({"cmd": "games-import", "text": download["text"], "filename": "x.json"})
    entries = app.saves.list()
    assert len(entries) == 2 and "importée" in app.render()
    copy = next(e["id"] for e in entries if e["id"] != sid)
    assert app.saves.get(copy)["actions"] == record["actions"]


@pytest.mark.parametrize("text", ["", "not json", "[]", '{"format": 1, "game": "chess"}',
                                  json.dumps({"format": 9, "game": "wongar"})])
def test_import_of_a_bad_file_says_why_and_stores_nothing(app, text):
    before = dict(app.storage.data)
    app.navigate("#/games")
    app.click({"cmd": "games-import", "text": text})
    html = app.render()
    assert "ne peut pas être importé" in html
    assert app.storage.data == before


def test_import_names_the_illegal_action(app):
    game_or_skip("cthulhu-dice")
    record = played_record("cthulhu-dice", 2, seed=1)
    record["actions"][2] = "v9"
    app.navigate("#/games")
    app.click({"cmd": "games-import", "text": json.dumps(record)})
    assert "Coup n° 3 (v9)" in app.render()


# --- the replay viewer ---------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", game_params())
def test_replay_moves_everywhere_and_is_never_interactive(app, game_id):
    record = played_record(game_id, seed=6)
    sid = store(app, record)
    app.navigate(f"#/replay/{sid}")
    cur = viewer(app).cursor
    assert cur.pos == 0 and cur.end == len(record["actions"])    # a finished game starts at 0
    n = cur.end
    for pos in (0, 1, n // 3, n // 2, n - 1, n):
        app.change({"cmd": "replay-seek", "value": str(pos)})    # the slider
        html = app.render()
        assert cur.pos == pos and f'value="{pos}"' in html
        assert "data-action=" not in html and "data-select=" not in html
        expected = replay(record, upto=pos).state.to_json()
        assert cur.state().to_json() == expected
    app.click({"cmd": "replay-start"})
    app.click({"cmd": "replay-forward"})
    assert cur.pos >= 1
    app.click({"cmd": "replay-end"})
    assert cur.pos == n and not buttons(app.render(), "replay-continue")  # finished: no continue
    app.click({"cmd": "replay-back"})
    assert cur.pos < n
    assert cur.state().to_json() == replay(record, upto=cur.pos).state.to_json()


def test_clicking_a_log_line_jumps_there(app):
    game_or_skip("cthulhu-dice")
    sid = store(app, played_record("cthulhu-dice", 2, seed=2))
    app.navigate(f"#/replay/{sid}")
    html = app.render()
    jumps = re.findall(r'data-cmd="replay-seek" data-to="(\d+)"', html)
    assert jumps and jumps == sorted(jumps, key=int)
    app.click({"cmd": "replay-seek", "to": jumps[3]})
    html = app.render()
    assert viewer(app).cursor.pos == int(jumps[3])
    assert re.search(rf'data-to="{jumps[3]}" aria-current="step"', html)


def test_autoplay_runs_to_the_end_at_the_chosen_speed_and_stops(app):
    game_or_skip("wongar")
    sid = store(app, played_record("wongar", 3, seed=2, upto=120))
    app.navigate(f"#/replay/{sid}")
    cur = viewer(app).cursor
    app.click({"cmd": "replay-start"})
    app.click({"cmd": "replay-speed", "speed": "4"})
    app.take_effects()
    app.click({"cmd": "replay-play"})
    assert cur.playing and effects(app, "timer")[0]["ms"] == 250
    # The opening deal (table draws) is one step, not dozens.
    app.tick()
    assert cur.pos > 30 and not cur.table[cur.pos]
    ticks = 1
    while cur.playing and ticks < 500:
        app.tick()
        ticks += 1
    assert cur.pos == cur.end and not cur.playing and ticks < cur.end
    assert "Lecture" in app.render()


def test_continue_from_the_middle_of_an_unfinished_game(app):
    game_or_skip("tuchulcha")
    record = played_record("tuchulcha", 2, seed=1, upto=50)
    sid = store(app, record)
    app.navigate(f"#/replay/{sid}")
    assert viewer(app).cursor.pos == 50                           # unfinished: opens at the end
    app.change({"cmd": "replay-seek", "value": "21"})
    app.click({"cmd": "replay-continue"})
    assert app.route[0] == "play" and app.route[1] != sid
    assert app.session.record["actions"] == record["actions"][:21]
    assert app.saves.get(app.route[1])["actions"][:21] == record["actions"][:21]
    assert app.saves.get(sid)["actions"] == record["actions"]    # the original is untouched


def test_replay_of_a_missing_or_damaged_save(app):
    game_or_skip("cthulhu-dice")
    app.navigate("#/replay/nope")
    assert app.route == ("games", "") and "introuvable" in app.render()
    sid = store(app, played_record("cthulhu-dice", 2, upto=5))
    raw = json.loads(app.storage.data["rituels.save." + sid])
    raw["actions"][1] = "zz"
    app.storage.data["rituels.save." + sid] = json.dumps(raw)
    app.navigate(f"#/replay/{sid}")
    assert app.route == ("games", "") and "Coup n° 2 (zz)" in app.render()


# --- share links ---------------------------------------------------------------------------------
def start_hotseat(app, game_id, players):
    game_or_skip(game_id)
    seats = [{"name": f"Humain {i + 1}", "bot": None} for i in range(players)]
    app.start_game(game_id, seats, {})
    app.take_effects()
    return app.session


def test_share_copies_a_link_that_opens_the_same_game_elsewhere(app):
    s = start_hotseat(app, "cthulhu-dice", 2)
    app.click({"action": app.session.state.action_to_str(s.state.legal_actions()[0])})
    app.click({"cmd": "share"})
    [copy] = effects(app, "copy-link")
    assert copy["hash"].startswith("#g=") and "share-dialog" in app.render()
    assert "Lien copié" in app.render()
    other = App(MemoryStorage(), "en", pace_s=0, slice_s=0.01)
    other.navigate(copy["hash"])
    html = other.render()
    assert "Shared game of Cthulhu Dice" in html and "Humain 1, Humain 2" in html
    assert "reveals" not in html
    other.click({"cmd": "link-continue"})
    assert other.route[0] == "play"
    assert other.session.record["actions"] == s.record["actions"]
    assert other.saves.get(other.route[1])["seats"] == s.record["seats"]
    app.click({"cmd": "share-close"})
    assert "share-dialog" not in app.render()


def test_wongar_link_says_when_hands_are_revealed(app):
    game_or_skip("wongar")
    record = played_record("wongar", 3, seed=3, upto=80)
    other = App(MemoryStorage(), "fr", pace_s=0, slice_s=0.01)
    other.navigate(fragment(encode(record, reveal_hidden=True)))
    assert "révèle les mains cachées" in other.render()
    other.click({"cmd": "link-replay"})
    html = other.render()
    assert "révèle les mains cachées" in html and buttons(html, "replay-viewer")
    assert viewer(other).cursor.pos == 0          # "revoir la partie" starts at the beginning
    other.navigate(fragment(encode(record, reveal_hidden=False)))
    assert "révèle les mains cachées" not in other.render()
    other.click({"cmd": "link-replay"})
    assert not buttons(other.render(), "replay-viewer")


def test_share_dialog_offers_the_reveal_choice_for_hidden_hands(app):
    game_or_skip("wongar")
    start_hotseat(app, "wongar", 3)
    app.click({"cmd": "share"})
    first = effects(app, "copy-link")[0]["hash"]
    assert decode(first)[1].reveals_hidden is False
    app.click({"cmd": "share-reveal", "reveal": "1"})
    app.click({"cmd": "share-copy"})
    assert decode(effects(app, "copy-link")[0]["hash"])[1].reveals_hidden is True


def test_a_damaged_link_shows_its_message_and_changes_nothing(app):
    game_or_skip("cthulhu-dice")
    payload = encode(played_record("cthulhu-dice", 2, seed=1))
    before = dict(app.storage.data)
    app.navigate("#g=" + payload[:-6])
    html = app.render()
    assert "Lien de partie illisible" in html and "abîmé" in html
    assert app.storage.data == before and app.session is None


# --- undo ----------------------------------------------------------------------------------------
def test_undo_button_follows_the_policy(app):
    s = start_hotseat(app, "cthulhu-dice", 2)
    html = app.render()
    [button] = buttons(html, "undo")
    assert "disabled" in button and "Rien à annuler" in button
    victim = s.state.action_to_str(s.state.legal_actions()[0])
    app.click({"action": victim})
    [button] = buttons(app.render(), "undo")
    assert "disabled" not in button
    app.click({"cmd": "undo"})
    assert app.session.record["actions"] == []
    assert "Coup annulé." in app.take_announcements()
    assert app.saves.get(app.session.save_id)["actions"] == []
    app.click({"action": victim})
    app.click({"cmd": "roll"})                                   # the caster rolls
    [button] = buttons(app.render(), "undo")
    assert "disabled" in button and "lancer de dés" in button
    app.click({"cmd": "undo"})
    assert len(app.session.record["actions"]) == 2


def test_hostile_names_and_title_in_a_link_are_only_text(app):
    game_or_skip("tuchulcha")
    record = played_record("tuchulcha", 2, seed=2, names=[EVIL, "x\"><script>y</script>"],
                           upto=30)
    record["meta"]["title"] = EVIL
    app.navigate(fragment(encode(record)))
    pages = [app.render()]
    app.click({"cmd": "link-replay"})
    pages.append(app.render())
    app.click({"cmd": "replay-continue"})
    app.click({"cmd": "share"})
    pages.append(app.render())
    for html in pages:
        assert EVIL not in html and "<script>y" not in html
    assert "&lt;img src=x" in pages[0] and "&lt;img src=x" in pages[1]


def test_a_finished_game_is_shared_from_its_replay(app):
    game_or_skip("cthulhu-dice")
    record = played_record("cthulhu-dice", 3, seed=8, names=["Ada", "Bruno", "Chloé"])
    sid = store(app, record)
    app.navigate(f"#/replay/{sid}")
    app.take_effects()
    app.click({"cmd": "share"})
    [copy] = effects(app, "copy-link")
    back, info = decode(copy["hash"])
    assert back["actions"] == record["actions"] and info.finished
    assert "share-dialog" in app.render()
    app.navigate("#/games")                                       # leaving closes the dialog
    assert "share-dialog" not in app.render() and SHARING_FEATURE.of(app).dialog is None


def test_switching_language_rewrites_the_replay(app):
    game_or_skip("tuchulcha")
    sid = store(app, played_record("tuchulcha", 2, seed=3, upto=20))
    app.navigate(f"#/replay/{sid}")
    french = app.render()
    assert "Revoir\u202f: Tuchulcha" in french and "Coup 20 sur 20" in french
    app.click({"cmd": "lang", "lang": "en"})
    english = app.render()
    assert "Replay: Tuchulcha" in english and "Move 20 of 20" in english
    fr_log = re.findall(r'class="log-jump"[^>]*>(.*?)</button>', french)
    en_log = re.findall(r'class="log-jump"[^>]*>(.*?)</button>', english)
    assert len(fr_log) == len(en_log) and fr_log != en_log     # the log is retold in English


def test_against_a_bot_the_last_move_can_be_taken_back_until_the_bot_acts():
    """Tuchulcha, Ada against an easy bot, with the app's real pause before bot moves."""
    import random

    game_or_skip("tuchulcha")
    clock = [0.0]
    app = App(MemoryStorage(), "fr", pace_s=1.0, slice_s=0.01, clock=lambda: clock[0],
              rng=random.Random(4))
    app.navigate("#/")
    app.start_game("tuchulcha", [{"name": "Ada", "bot": None}, {"name": "Larth", "bot": "easy"}],
                   {})
    for _ in range(300):                       # until Ada's move hands the turn over
        s = app.session
        if s.human_to_roll():
            app.click({"cmd": "roll"})
        elif s.human_to_decide():
            app.click({"action": s.state.action_to_str(s.state.legal_actions()[-1])})
            after = app.session.state
            if not (app.session.human_to_decide() or after.is_terminal()):
                break
        else:
            clock[0] += 2
            app.tick()
    else:
        raise AssertionError("Ada never finished a turn")
    moves = list(app.session.record["actions"])
    [button] = buttons(app.render(), "undo")
    assert "disabled" not in button                # the bot has not acted yet
    app.click({"cmd": "undo"})
    assert app.session.record["actions"] == moves[:-1] and app.session.human_to_decide()
    assert app.saves.get(app.session.save_id)["actions"] == moves[:-1]
    app.click({"action": moves[-1]})               # the same move again
    clock[0] += 2
    app.tick()                                     # the bot rolls (or moves) after its pause
    assert len(app.session.record["actions"]) > len(moves)
    [button] = buttons(app.render(), "undo")
    assert "disabled" in button
