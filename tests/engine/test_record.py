"""Records: the format version, migrations of older formats, refusal of newer ones, and
clear errors naming the failing action (records are what saves, links and undo build on)."""

import json

import pytest

from rituels.engine import record as rec
from rituels.engine.history import replay
from rituels.engine.record import FORMAT, RecordError, check_record

from .helpers import game_or_skip, game_params, played_record


def test_current_format_is_written():
    game_or_skip("cthulhu-dice")
    assert played_record("cthulhu-dice", 2)["format"] == FORMAT


def format0(record: dict) -> dict:
    """A format-0 file as an imagined older Rituels wrote it: players under "players" with
    a "robot" flag, moves under "moves"."""
    return {"format": 0, "game": record["game"], "options": record["options"],
            "players": [{"name": s["name"], "robot": s["bot"]} for s in record["seats"]],
            "moves": record["actions"]}


def migrate_0_to_1(old: dict) -> dict:
    return {"format": 1, "game": old["game"], "options": old["options"],
            "seats": [{"name": p["name"], "bot": p["robot"]} for p in old["players"]],
            "actions": old["moves"], "meta": {"migrated_from": 0}}


def test_older_format_is_migrated_then_replayed(monkeypatch):
    game_or_skip("cthulhu-dice")
    current = played_record("cthulhu-dice", 3, seed=2)
    old = format0(current)
    with pytest.raises(RecordError) as err:   # without a migration: refused, clearly
        check_record(old)
    assert err.value.code == "record.format" and "can no longer be read" in str(err.value)
    monkeypatch.setitem(rec.MIGRATIONS, 0, migrate_0_to_1)
    result = replay(json.loads(json.dumps(old)))
    assert result.record["format"] == FORMAT
    assert result.record["seats"] == current["seats"]
    assert result.record["actions"] == current["actions"]
    assert result.state.to_json() == replay(current).state.to_json()


def test_a_migration_that_chokes_on_a_damaged_old_file_is_a_record_error(monkeypatch):
    game_or_skip("cthulhu-dice")
    monkeypatch.setitem(rec.MIGRATIONS, 0, migrate_0_to_1)
    old = format0(played_record("cthulhu-dice", 2))
    del old["players"]
    with pytest.raises(RecordError) as err:
        replay(old)
    assert err.value.code == "record.format" and "upgraded" in str(err.value)


def test_newer_format_is_refused_with_update_advice():
    game_or_skip("cthulhu-dice")
    record = dict(played_record("cthulhu-dice", 2), format=FORMAT + 1)
    with pytest.raises(RecordError) as err:
        replay(record)
    assert err.value.code == "record.too_new" and "update the app" in str(err.value)


@pytest.mark.parametrize("bad", [None, "1", 1.0, True, -1, [1]])
def test_invalid_format_field(bad):
    game_or_skip("cthulhu-dice")
    with pytest.raises(RecordError) as err:
        check_record(dict(played_record("cthulhu-dice", 2), format=bad))
    assert err.value.code == "record.format"


@pytest.mark.parametrize("game_id", game_params())
def test_illegal_action_is_named(game_id):
    """Replaying stops at the first bad action and says which one and why."""
    record = played_record(game_id, seed=5)
    known = set(record["actions"])
    # The first step (after the opening ones) where some action of this game is illegal.
    state = replay(record, 0).state
    for i, text in enumerate(record["actions"]):
        state.play(state.str_to_action(text))
        legal = {state.action_to_str(a) for a in state.legal_actions()}
        if i >= 6 and known - legal:
            bad_at, bad = i + 1, min(known - legal)
            break
    record["actions"][bad_at] = bad
    with pytest.raises(RecordError) as err:
        replay(record)
    e = err.value
    assert (e.index, e.action, e.code) == (bad_at, bad, "record.illegal")
    assert f"action {bad_at}" in str(e)


@pytest.mark.parametrize("game_id", game_params())
def test_action_after_the_end_is_refused(game_id):
    record = played_record(game_id, seed=1)
    record["actions"].append(record["actions"][-1])
    with pytest.raises(RecordError) as err:
        replay(record)
    assert err.value.code == "record.after_end" and err.value.index == len(record["actions"]) - 1


@pytest.mark.parametrize("edit,code", [
    (lambda r: r.update(game="chess"), "record.game"),
    (lambda r: r.update(seats=[]), "record.seats"),
    (lambda r: r["seats"][0].update(name=" "), "record.seats"),
    (lambda r: r["seats"][0].update(name="x" * 41), "record.seats"),
    (lambda r: r["seats"][0].update(bot={"level": "easy"}), "record.seats"),
    (lambda r: r["seats"][0].update(bot="grandmaster"), "record.seats"),
    (lambda r: r.update(options={"mode": "chess"}), "record.options"),
    (lambda r: r.update(options=[]), "record.options"),
    (lambda r: r.update(actions="Y T"), "record.actions"),
    (lambda r: r.update(actions=[1, 2]), "record.actions"),
])
def test_bad_frames_are_refused_with_their_code(edit, code):
    game_or_skip("cthulhu-dice")
    record = played_record("cthulhu-dice", 2)
    edit(record)
    with pytest.raises(RecordError) as err:
        check_record(record)
    assert err.value.code == code and err.value.index is None


def test_a_default_name_marker_is_kept_when_sound_and_dropped_otherwise():
    # Issue 42: a name left empty is stored with its default-name number ("default": n),
    # beside the name it was given, so each reader shows it in their own language.
    from rituels.engine.record import check_record
    seats = [{"name": "Joueur 1", "bot": None, "default": 1},
             {"name": "Cacatoès", "bot": "easy", "default": 2},
             {"name": "Bob", "bot": None, "default": True},
             {"name": "Eve", "bot": None, "default": 99}]
    record = {"format": 1, "game": "cthulhu-dice", "options": {}, "seats": seats[:3],
              "actions": [], "meta": {}}
    clean = check_record(record)["seats"]
    assert clean == [seats[0], seats[1], {"name": "Bob", "bot": None}]
    assert check_record(dict(record, seats=seats[2:]))["seats"] == [
        {"name": "Bob", "bot": None}, {"name": "Eve", "bot": None}]
