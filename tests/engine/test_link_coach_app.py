"""Links in the app: the coach mark travels with a game's link and is shown wherever the game
is (link screen, replay, My games once continued); a link's replay keeps its position in the
URL (``#g=<payload>/<n>``), so a reload returns to the same move."""

import base64
import json
import zlib

import pytest

from rituels.app.controller import App
from rituels.app.replay import viewer
from rituels.app.storage import MemoryStorage
from rituels.engine import link
from rituels.engine.link import decode, encode, fragment

from .helpers import game_or_skip, played_record

COACHED = "Jouée avec les conseils"
MARKED = "avec les conseils"   # My games' small mark under the title


def new_app(storage=None, lang="fr"):
    a = App(storage if storage is not None else MemoryStorage(), lang, pace_s=0, slice_s=0.01)
    a.navigate("#/")
    return a


def coached_record(game_id="cthulhu-dice"):
    """A game played with the coach, half way through (not over: it can be continued)."""
    game_or_skip(game_id)
    record = played_record(game_id, 3, seed=5)
    record["actions"] = record["actions"][:len(record["actions"]) // 2]
    record["meta"]["coach"] = True
    return record


def test_a_coached_games_link_carries_the_mark_to_every_screen():
    # the game on this device, played with the coach: its share link is marked
    app = new_app()
    sid = app.saves.import_(json.dumps(coached_record()))
    app.navigate(f"#/play/{sid}")
    app.click({"cmd": "share"})
    [copy] = [e for e in app.take_effects() if e["type"] == "copy-link"]
    assert decode(copy["hash"])[1].coach
    # elsewhere: the link's landing says so, and its replay
    other = new_app()
    other.navigate(copy["hash"])
    assert COACHED in other.render()
    other.click({"cmd": "link-replay"})
    assert COACHED in other.render()
    # continued from the link: a save of this device, marked in My games
    other.click({"cmd": "replay-end"})
    other.click({"cmd": "replay-continue"})
    new_sid = other.session.save_id
    assert other.saves.get(new_sid)["meta"]["coach"] is True
    [entry] = other.saves.list()
    assert entry["coach"]
    other.navigate("#/games")
    assert MARKED in other.render()
    other.navigate(f"#/replay/{new_sid}")
    assert COACHED in other.render()


def test_a_link_without_the_mark_shows_none():
    record = coached_record()
    del record["meta"]["coach"]
    app = new_app()
    app.navigate(fragment(encode(record)))
    assert COACHED not in app.render()
    app.click({"cmd": "link-continue"})
    assert "coach" not in app.saves.get(app.session.save_id)["meta"]
    app.navigate("#/games")
    assert MARKED not in app.render()


def test_a_tampered_coach_flag_is_refused_with_a_message_and_nothing_lost():
    storage = MemoryStorage()
    app = new_app(storage)
    sid = app.saves.import_(json.dumps(coached_record()))
    before = dict(storage.data)
    payload = encode(coached_record())
    body = zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))[6:], -15)
    app.navigate("#g=" + link.pack(body, link.FLAG_COACH, version=2))
    html = app.render()
    assert "Lien de partie illisible" in html and "abîmé" in html
    assert storage.data == before and app.session is None
    assert app.saves.get(sid)["meta"]["coach"] is True


@pytest.mark.parametrize("reveal", [False, True])
def test_a_links_replay_keeps_its_position_in_the_url(reveal):
    game_id = "wongar" if reveal else "cthulhu-dice"
    record = coached_record(game_id)
    payload = encode(record, reveal_hidden=reveal)
    app = new_app()
    app.navigate("#g=" + payload)
    app.take_effects()
    app.click({"cmd": "link-replay"})
    # at once: a reload now comes back to the replay, not to the link's landing
    assert {"type": "replace-hash", "hash": f"#g={payload}/0"} in app.take_effects()
    for _ in range(5):
        app.click({"cmd": "replay-forward"})
    pos = viewer(app).cursor.pos
    assert pos > 0
    assert {"type": "replace-hash", "hash": f"#g={payload}/{pos}"} in app.take_effects()
    cursor = viewer(app).cursor
    app.navigate(f"#g={payload}/{pos}")       # the browser reports it: nothing rebuilt
    assert viewer(app).cursor is cursor and cursor.pos == pos
    # a reload at that address (a new app): the replay at the same move, not the landing
    fresh = new_app()
    fresh.navigate(f"#g={payload}/{pos}")
    assert viewer(fresh).cursor.pos == pos and viewer(fresh).link == payload
    html = fresh.render()
    assert 'data-cmd="replay-forward"' in html and "link-intro" not in html
    assert COACHED in html
    assert ("révèle les mains cachées" in html) == reveal
    assert viewer(fresh).cursor.choose_viewer == reveal
    # Back to the link itself: its landing again
    fresh.navigate(f"#g={payload}")
    assert "link-intro" in fresh.render()
    # an unreadable position is ignored (the landing); a position past the end is the end
    fresh.navigate(f"#g={payload}/x2")
    assert "link-intro" in fresh.render()
    late = new_app()
    late.navigate(f"#g={payload}/999999")
    assert viewer(late).cursor.pos == viewer(late).cursor.end == len(record["actions"])


def test_a_damaged_link_with_a_position_shows_its_message():
    app = new_app()
    payload = encode(coached_record())
    app.navigate(f"#g={payload[:-6]}/3")
    html = app.render()
    assert "Lien de partie illisible" in html and viewer(app) is None
