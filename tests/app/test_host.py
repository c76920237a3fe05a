"""The worker side of the page (rituels.app.browser): the glue's JSON messages in, answers out,
and the storage mirror whose writes the glue applies all or nothing."""

import json

import pytest

from rituels.app import browser
from rituels.app.browser import Host, MirrorStorage
from rituels.app.controller import LANG_KEY, PACE_KEY
from rituels.app.saves import RECORD_PREFIX

FAST = {PACE_KEY: "0"}


def apply(store: dict, writes) -> None:
    """What the glue does with one answer's writes when nothing changed meanwhile."""
    for key, expected, value in writes:
        assert store.get(key) == expected, f"{key}: the mirror expected {expected!r}"
        if value is None:
            store.pop(key, None)
        else:
            store[key] = value


def start_fake(host: Host, **form) -> dict:
    host.event({"kind": "hash", "hash": "#/new/fake-race"})
    draft = host.app.draft
    fields = {"count": str(draft["count"])}
    for i, seat in enumerate(draft["seats"]):
        fields[f"seat-{i}-kind"] = seat["kind"]
        fields[f"seat-{i}-name"] = seat["name"]
    fields.update(form)
    return host.guarded({"kind": "click", "data": {"cmd": "start", "form": fields}})


def run_ticks(host: Host, answer: dict, limit: int = 500) -> list[dict]:
    """Fire the timers the answers ask for, like the glue's setTimeout; every answer seen."""
    seen = [answer]
    for _ in range(limit):
        if not any(e["type"] == "timer" for e in seen[-1]["effects"]):
            return seen
        seen.append(host.guarded({"kind": "tick"}))
    raise AssertionError("the app keeps asking for timers")


def test_start_reads_the_snapshot_and_answers_with_the_whole_page():
    host = Host({"storage": {LANG_KEY: "en"}, "lang": "fr-FR", "hash": "", "base": "http://x/"})
    answer = host.answer()
    assert answer["lang"] == "en" and answer["title"] == "Rituels"
    assert 'id="main-title"' in answer["html"]
    assert answer["writes"] == []
    assert {"type": "focus", "target": "#main-title"} in answer["effects"]
    # Nothing changed since: no markup to morph.
    assert host.guarded({"kind": "key", "name": "x"})["html"] is None


def test_a_new_game_is_written_back_with_the_values_the_mirror_had_before(fake_game):
    real = dict(FAST)
    host = Host({"storage": dict(real), "lang": "fr", "hash": "#/"})
    answer = start_fake(host, **{"seat-0-name": "Ada"})
    keys = [key for key, _, _ in answer["writes"]]
    assert len(keys) == len(set(keys)), "one write per key, the last value"
    assert dict((k, b) for k, b, _ in answer["writes"] if k != PACE_KEY) == \
        {k: None for k in keys if k != PACE_KEY}, "the new keys did not exist before"
    apply(real, answer["writes"])
    save_id = host.app.session.save_id
    assert json.loads(real[RECORD_PREFIX + save_id])["seats"][0]["name"] == "Ada"
    assert real == host.mirror.data
    # The next move updates the same key, expecting what the glue has just written.
    host.guarded({"kind": "click", "data": {"select": "pick"}})
    move = host.guarded({"kind": "click", "data": {"action": "go1"}})
    record_writes = [w for w in move["writes"] if w[0] == RECORD_PREFIX + save_id]
    assert record_writes and record_writes[0][1] == real[RECORD_PREFIX + save_id]


def test_a_conflict_refreshes_the_mirror_and_tells_the_app(fake_game, monkeypatch):
    host = Host({"storage": dict(FAST), "lang": "fr", "hash": "#/"})
    told = []
    monkeypatch.setattr(host.app, "storage_changed", told.append, raising=False)
    answer = start_fake(host)
    key = RECORD_PREFIX + host.app.session.save_id
    assert key in host.mirror.data
    # Another tab had written that key first: the glue undid our writes and sends the truth.
    after = host.guarded({"kind": "stored", "conflict": True, "failed": False,
                          "values": {key: None, "rituels.other": "theirs"}})
    assert key not in host.mirror.data
    assert host.mirror.data["rituels.other"] == "theirs"
    assert told == [sorted([key, "rituels.other"])]
    assert after["html"] is not None
    assert answer["writes"]


def test_a_failed_write_keeps_the_game_playing_and_says_it_was_not_saved(fake_game):
    host = Host({"storage": dict(FAST), "lang": "en", "hash": "#/"})
    start_fake(host)
    s = host.app.session
    after = host.guarded({"kind": "stored", "conflict": False, "failed": True,
                          "values": {RECORD_PREFIX + s.save_id: None}})
    assert host.app.saving_off
    assert after["html"].count("notice-warning") == 1
    assert after["say"] == [host.app.t("app.notice.saving_off")]
    assert host.app.session is s and not s.state.is_terminal()


def test_another_tab_clearing_the_storage_empties_the_mirror(fake_game):
    host = Host({"storage": {**FAST, "rituels.save.x": "{}"}, "lang": "fr", "hash": "#/"})
    host.guarded({"kind": "storage", "values": {}, "all": True})
    assert host.mirror.data == {}
    host.guarded({"kind": "storage", "values": {"rituels.lang": "en", "other": "no"}})
    assert host.mirror.data == {"rituels.lang": "en"}


def test_without_local_storage_the_app_says_saving_is_off_and_plays(fake_game):
    host = Host({"storage": None, "lang": "fr", "hash": "#/"})
    assert host.app.saving_off
    answer = start_fake(host)
    assert answer["writes"] == []
    assert "notice-warning" in answer["html"]
    assert host.app.session is not None and host.app.route[0] == "play"


def test_bots_decide_in_one_go_and_log_their_decision(fake_game):
    host = Host({"storage": dict(FAST), "lang": "fr", "hash": "#/"})
    answer = start_fake(host, **{"seat-0-kind": "easy", "seat-1-kind": "easy"})
    seen = run_ticks(host, answer)
    effects = [e for a in seen for e in a["effects"]]
    bots = [e for e in effects if e["type"] == "bot"]
    assert bots and all(e["game"] == "fake-race" for e in bots)
    assert host.app.session.state.is_terminal()
    # One tick to show the move, one to think it through: never a run of thinking slices.
    ticks = len(seen) - 1
    assert ticks <= 2 * len(bots) + len(host.app.session.record["actions"])


def test_a_decision_coming_to_the_player_asks_once_to_be_brought_into_view(fake_game):
    host = Host({"storage": dict(FAST), "lang": "fr", "hash": "#/"})
    answer = start_fake(host)   # the deal is automatic, then it is the human's turn
    reveals = [e for e in answer["effects"] if e["type"] == "reveal"]
    assert len(reveals) == 1
    again = host.guarded({"kind": "click", "data": {"select": "pick"}})
    assert not [e for e in again["effects"] if e["type"] == "reveal"]


def test_the_exports_take_json_and_send_the_markup_apart():
    meta, html = browser.start(json.dumps({"storage": {}, "lang": "en", "hash": "#/"}))
    assert json.loads(meta)["lang"] == "en" and json.loads(meta)["morph"] is True
    assert 'id="main-title"' in html and "html" not in json.loads(meta)
    meta, html = browser.event(json.dumps({"kind": "hash", "hash": "#/nowhere"}))
    assert {"type": "hash", "hash": "#/"} in json.loads(meta)["effects"]
    meta, html = browser.event(json.dumps({"kind": "key", "name": "x"}))
    assert json.loads(meta)["morph"] is False and html == ""


def test_the_mirror_drops_writes_that_change_nothing():
    mirror = MirrorStorage({"rituels.a": "1"})
    mirror.set("rituels.a", "2")
    mirror.set("rituels.a", "1")
    mirror.remove("rituels.b")
    assert mirror.take_writes() == []
    mirror.set("rituels.b", "x")
    assert mirror.take_writes() == [["rituels.b", None, "x"]]


@pytest.mark.parametrize("kind", ["click", "change"])
def test_a_bug_in_a_handler_becomes_a_notice(monkeypatch, kind):
    host = Host({"storage": {}, "lang": "en", "hash": "#/"})

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
