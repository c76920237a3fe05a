"""The command line: replay a record (summary, JSON, clear errors) and bot self-play."""

import json
import random

import pytest

from rituels.tools.cli import main
from rituels.engine import get_game
from rituels.engine.bots import RandomBot, play_game


def write_record(tmp_path, game_id="cthulhu-dice", players=4, seed=1, cut=None):
    game = get_game(game_id)
    state, actions = play_game(game, [RandomBot(i) for i in range(players)],
                               rng=random.Random(seed))
    record = {"format": 1, "game": game_id, "options": {},
              "seats": [{"name": f"P{i + 1}", "bot": None} for i in range(players)],
              "actions": actions if cut is None else actions[:cut]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    return path, record, state


def test_replay_prints_a_summary_and_the_result(tmp_path, capsys):
    path, record, state = write_record(tmp_path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"cthulhu-dice: {len(record['actions'])} actions, 4 players: P1, P2, P3, P4" in out
    won = state.winners()
    expected = ", ".join(f"P{p + 1}" for p in won) + " won" if won else "nobody won"
    assert f"result: {expected}" in out


def test_replay_json_gives_the_final_state(tmp_path, capsys):
    path, record, state = write_record(tmp_path, "tuchulcha", players=2)
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "tuchulcha" and data["terminal"] is True
    assert data["actions"] == len(record["actions"])
    assert data["winners"] == state.winners()
    assert data["state"] == json.loads(json.dumps(state.to_json()))


def test_replay_of_an_unfinished_game_says_who_is_to_move(tmp_path, capsys):
    path, _, _ = write_record(tmp_path, "wongar", players=3, cut=60)
    assert main(["replay", str(path)]) == 0
    assert "to move: " in capsys.readouterr().out


def test_an_illegal_action_is_named_with_its_index(tmp_path, capsys):
    path, record, _ = write_record(tmp_path)
    record["actions"][0] = "v1"   # player 1 cannot choose themself as victim
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "action 0 ('v1')" in err


@pytest.mark.parametrize("content,message", [
    ("{not json", "is not JSON"),
    ("[" * 100000 + "]" * 100000, "nested too deeply"),
    (json.dumps({"format": 99, "game": "wongar"}), "newer than this app reads"),
])
def test_unreadable_files_give_a_clear_error(tmp_path, capsys, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["replay", str(path)]) != 0
    assert message in capsys.readouterr().err


def test_a_missing_file_is_an_error_not_a_crash(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_selfplay_reports_every_players_wins(capsys):
    assert main(["selfplay", "cthulhu-dice", "--games", "20", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "cthulhu-dice: 20 games, 4 players" in out
    rows = [line for line in out.splitlines() if line.strip().startswith("player ")]
    assert len(rows) == 4
    wins = sum(float(r.split(": ")[1].split(" wins")[0]) for r in rows)
    nobody = [line for line in out.splitlines() if line.strip().startswith("nobody:")]
    lost = float(nobody[0].split(": ")[1].split(" ")[0]) if nobody else 0
    assert wins + lost == pytest.approx(20)


def test_help_names_the_command_as_it_was_typed(capsys):
    """`rituels --help` for the installed script, `python3 -m rituels --help` for the module."""
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith("usage: rituels ")
    with pytest.raises(SystemExit):
        main(["--help"], prog="python3 -m rituels")
    assert capsys.readouterr().out.startswith("usage: python3 -m rituels ")
