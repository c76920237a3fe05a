"""The balance study command: it plays real games and reports what the issue asks for."""

import itertools
import types

from rituels.tools.cli import main
from rituels.tools.tuchulcha_balance import play_one, summarise, turns


def test_one_game_figures_are_consistent():
    res = play_one((2, "group", 7, 10, 1, 1))
    assert res["rounds"] > 0 and res["actions"] > res["rounds"]
    assert res["end"] in ("race", "stuck", "stall")          # no roles with 2 players
    assert not res["tuchulcha"] and not res["lasa"]
    shares = sum(share for _, share in res["seats"])
    assert shares == 1.0 and res["tie"] == (len(res["seats"]) > 1)
    assert res["link"] > len("#g=")
    assert not (res["tie_broken"] and res["tie"])
    assert [roles for roles, _ in res["players"]] == ["", ""]    # no roles with 2 players
    assert sum(w for _, w in res["players"]) == 1.0


def test_summary_counts_seats_from_the_first_player():
    base = {"rounds": 10.0, "actions": 100, "tuchulcha": False, "lasa": False, "end": "race",
            "self_emptied": False, "tie_broken": False, "link": 300, "cpu": 1.0, "roles": []}
    results = [dict(base, tie=False, seats=[(0, 1.0)], players=[("", 1.0), ("", 0.0)],
                    tie_broken=True),
               dict(base, tie=True, seats=[(0, 0.5), (1, 0.5)], tuchulcha=True,
                    players=[("T", 0.5), ("", 0.5)])]
    rows = dict(summarise(2, results))
    assert rows["win share by seat from the first player (fair share)"] == "75% / 25% (50%)"
    assert rows["ties (shared wins)"] == "50%"
    assert rows["games with a Tuchulcha consecration"] == "50%"
    assert rows["equal counts in Velthumena broken by pawns still in play"] == "50%"
    assert rows["a player's win share as a racer all game (player-games)"] == "50.0% (3)"
    assert rows["a player's win share after becoming Tuchulcha (player-games)"] == "50.0% (1)"


def test_command_prints_the_table(capsys):
    assert main(["balance", "tuchulcha", "--games", "1", "--players", "2", "--moves", "group",
                 "--leaves", "10", "--samples", "1", "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "| figure | 2 players, group per die |" in out
    assert "| rounds per game: median (p10-p90) |" in out


def test_a_study_in_slices_reads_its_log_back(tmp_path, capsys, monkeypatch):
    """With --log, a second slice plays only the games the first did not, and prints the same
    table over all of them as one run would."""
    from rituels.tools import tuchulcha_balance

    # a game's CPU time is measured, so it differs between runs: a clock that ticks one second
    # a reading makes every game cost 1.0 s, and the table must show the logged game's too
    ticks = itertools.count()
    monkeypatch.setattr(tuchulcha_balance, "time",
                        types.SimpleNamespace(process_time=lambda: float(next(ticks))))
    log = tmp_path / "study.jsonl"
    args = ["balance", "tuchulcha", "--players", "2", "--moves", "group", "--leaves", "10",
            "--samples", "1", "--markdown", "--log", str(log)]
    assert main(args + ["--games", "1"]) == 0
    capsys.readouterr()
    played = []
    real = tuchulcha_balance.play_one
    monkeypatch.setattr(tuchulcha_balance, "play_one", lambda job: played.append(job) or real(job))
    assert main(args + ["--games", "2"]) == 0
    sliced = capsys.readouterr().out
    assert len(played) == 1 and len(log.read_text().splitlines()) == 2
    monkeypatch.setattr(tuchulcha_balance, "play_one", real)
    assert main(args[:-2] + ["--games", "2"]) == 0
    assert capsys.readouterr().out == sliced
    assert "CPU seconds per game (mean) | 1.0 |" in sliced


def test_command_refuses_bad_input_clearly(capsys):
    assert main(["balance", "tuchulcha", "--players", "5"]) == 2
    assert "--players among 2,3,4" in capsys.readouterr().err
    assert main(["balance", "tuchulcha", "--players", "four"]) == 2
    assert "--players takes player counts" in capsys.readouterr().err
    assert main(["balance", "tuchulcha", "--jobs", "3"]) == 2


def test_turns_are_counted_by_their_rolls_only():
    record = ["first0", "d66", "third", "d5", "6:T0x1", "6:6x1", "5:12x1",   # a double, 3rd die
              "C", "d6431", "discard1", "6:T1x1", "4:T1x1", "3:T1x1",        # Tuchulcha
              "d21", "2:T2x1", "1:21x1", "done"]
    assert turns(record) == 3
