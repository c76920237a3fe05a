"""The ladder bench's fit recovers known strengths from synthetic results."""

from __future__ import annotations

import math
import random

from rituels.tools import bench_ladder as L

LEVELS = ("1", "2", "3", "4", "5")
TRUE = {"1": 1000.0, "2": 1150.0, "3": 1350.0, "4": 1500.0, "5": 1700.0}


def synthetic(games_per_table: int, seed: int = 4) -> list[dict]:
    """Adjacent pairs at 2 and 4 seats, the winner drawn by the Luce model of TRUE."""
    rng = random.Random(seed)
    strength = {lv: 10 ** ((r - 1000) / 400) for lv, r in TRUE.items()}
    out = []
    for lo, hi in zip(LEVELS, LEVELS[1:]):
        for n in (2, 4):
            for i in range(games_per_table):
                seats = [hi if s == i % n else lo for s in range(n)]
                weights = [strength[lv] for lv in seats]
                winner = rng.choices(range(n), weights)[0]
                out.append({"pair": [lo, hi], "n": n, "index": i, "seats": seats,
                            "winners": [winner], "times": {}})
    return out


def test_fit_recovers_known_strengths():
    records = synthetic(600)
    ratings = L.fit([L.credits(r) for r in records], LEVELS)
    assert ratings["1"] == L.ANCHOR
    for lv in LEVELS:
        assert abs(ratings[lv] - TRUE[lv]) < 45, (lv, ratings[lv])


def test_bootstrap_intervals_cover_the_truth():
    records = synthetic(150, seed=9)
    bands = L.bootstrap(records, LEVELS, times=60)
    for lv in LEVELS[1:]:
        low, high = bands[lv]
        assert low < TRUE[lv] < high, (lv, low, high)
    assert bands["1"] == (L.ANCHOR, L.ANCHOR)


def test_shared_wins_and_two_player_rate():
    rec = {"seats": ["2", "1", "1"], "winners": [0, 2]}
    seats, credit = L.credits(rec)
    assert credit == {"2": 0.5, "1": 0.5}
    # equal strengths: a 2-player fit of 50 % is 0 points apart
    games = [(["1", "2"], {"1": 1.0, "2": 0.0}), (["1", "2"], {"1": 0.0, "2": 1.0})] * 20
    r = L.fit(games, ("1", "2"))
    assert abs(r["2"] - 1000) < 1
    # 75 % is about +191
    games = [(["1", "2"], {"1": 0.0, "2": 1.0})] * 75 + [(["1", "2"], {"1": 1.0, "2": 0.0})] * 25
    r = L.fit(games, ("1", "2"))
    assert abs(r["2"] - (1000 + 400 * math.log10(3))) < 3


def test_ladder_table_and_write(tmp_path, monkeypatch):
    records = synthetic(20)
    monkeypatch.setattr(L, "tables", lambda game_id: (2, 4))
    ratings, rows = L.ladder("tuchulcha", [dict(r, sigs={}) for r in records])
    assert [label for label, _ in rows][-1].endswith("(fixed effort)")
    assert ratings["1"].value == 1000 and ratings["5"].games == 40
    assert "vs 4 at 2:" in rows[-1][1]
    monkeypatch.setattr(L, "HERE", tmp_path / "tools")
    (tmp_path / "tuchulcha").mkdir()
    path = L.write_ratings("tuchulcha", ratings, records)
    namespace: dict = {}
    exec(path.read_text(), namespace)
    assert namespace["RATINGS"]["5"] == ratings["5"]
