"""The player's rating per game on this device: Glicko-2 (Glickman, "Example of the Glicko-2
system", 2012) against the bot levels' calibrated ratings (``Game.ratings``).

It is a pure function of the saves' index entries (``SaveStore.list()``: each finished game's
``game``, ``bots``, ``mine``, ``places`` and ``ended``, its end time, else ``updated``), so it is never lost and
never stored or sent anywhere: the saves (and the backup file, which holds them) are its source.

Which games count: finished, exactly one person at this device (``mine``), every other seat a
bot whose level is on the game's ladder and calibrated (``Game.level_of``; "easy", the random
mover, is off the ladder; a person at a distance makes the game unrated).

One game is one rating period. A multi-player result becomes one pairwise score against each
bot, as Glicko-2 counts several results in one period: 1 when the person's place is better
than the bot's (a smaller place number, ``rituels.app.places``), ½ when equal (a shared win),
0 when worse. So winning alone at four is three wins in the period; third of four is one win
and two losses. A level's deviation φ comes from its 95 % interval: RD = (high − low) / 3.92
(at least ``MIN_LEVEL_RD``). Periods without games do not widen the person's RD (there is no
calendar here: a period is a game).

The person starts at the ladder's middle (the mean of the levels' ratings: the levels are
anchored by the bench, not at 1500) with RD 350 and volatility 0.06; τ = 0.5.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

SCALE = 173.7178
START_RD = 350.0
START_VOL = 0.06
TAU = 0.5
EPSILON = 0.000001
MIN_LEVEL_RD = 30.0


@dataclass(frozen=True)
class Glicko:
    rating: float
    rd: float
    vol: float = START_VOL


@dataclass(frozen=True)
class Point:
    """One rated game: the person's rating before and after it."""

    save_id: str
    ended: str
    before: Glicko
    after: Glicko

    @property
    def delta(self) -> int:
        return round(self.after.rating) - round(self.before.rating)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def update(player: Glicko, results: list[tuple[float, float, float]], tau: float = TAU
           ) -> Glicko:
    """One rating period of Glicko-2: ``results`` are (opponent rating, opponent RD, score)."""
    mu = (player.rating - 1500.0) / SCALE
    phi = player.rd / SCALE
    if not results:
        phi_star = math.sqrt(phi * phi + player.vol * player.vol)
        return Glicko(player.rating, phi_star * SCALE, player.vol)
    v_inv, delta_sum = 0.0, 0.0
    for r_j, rd_j, s_j in results:
        mu_j, phi_j = (r_j - 1500.0) / SCALE, rd_j / SCALE
        g = _g(phi_j)
        e = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (s_j - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    # Step 5: the new volatility (Illinois algorithm).
    a = math.log(player.vol * player.vol)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(100):
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    vol = math.exp(big_a / 2.0)
    phi_star = math.sqrt(phi * phi + vol * vol)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    return Glicko(SCALE * mu_new + 1500.0, SCALE * phi_new, vol)


def pair_scores(places: list[int], me: int) -> dict[int, float]:
    """The person's score against each other player from the places (1 = first)."""
    return {p: 1.0 if places[me] < place else 0.5 if places[me] == place else 0.0
            for p, place in enumerate(places) if p != me}


def level_rd(rating: Any) -> float:
    return max(MIN_LEVEL_RD, (float(rating.high) - float(rating.low)) / 3.92)


def start(ratings: dict[str, Any]) -> Glicko:
    values = [float(r.value) for r in ratings.values()]
    return Glicko(sum(values) / len(values) if values else 1500.0, START_RD, START_VOL)


def _default_game(game_id: str) -> Any:
    from rituels.engine.game import get_game
    return get_game(game_id)


def rated_results(entry: dict[str, Any], game: Any) -> list[tuple[float, float, float]] | None:
    """The game's pairwise results against calibrated levels, or None if it is not rated."""
    if not entry.get("finished") or not game.ratings:
        return None
    mine, places, bots = entry.get("mine"), entry.get("places"), entry.get("bots") or []
    if not isinstance(mine, list) or len(mine) != 1 or not isinstance(places, list):
        return None
    me = mine[0]
    if len(places) != len(bots) or not 0 <= me < len(places) or len(places) < 2:
        return None
    results = []
    for p, score in pair_scores(places, me).items():
        level = game.level_of(bots[p])
        rating = game.ratings.get(level) if level is not None else None
        if rating is None:
            return None
        results.append((float(rating.value), level_rd(rating), score))
    return results


def history(entries: list[dict[str, Any]], get_game: Callable[[str], Any] = _default_game
            ) -> dict[str, list[Point]]:
    """Game id -> the person's rated games in the order they ended, with the rating before
    and after each. ``entries``: the saves' index entries (any order)."""
    games: dict[str, Any] = {}
    out: dict[str, list[Point]] = {}
    for entry in sorted((e for e in entries if e.get("finished")),
                        key=lambda e: (str(e.get("ended") or e.get("updated") or ""),
                                       str(e.get("id") or ""))):
        game_id = str(entry.get("game") or "")
        if game_id not in games:
            try:
                games[game_id] = get_game(game_id)
            except Exception:
                games[game_id] = None
        game = games[game_id]
        if game is None:
            continue
        results = rated_results(entry, game)
        if results is None:
            continue
        points = out.setdefault(game_id, [])
        before = points[-1].after if points else start(game.ratings)
        points.append(Point(str(entry.get("id") or ""),
                            str(entry.get("ended") or entry.get("updated") or ""),
                            before, update(before, results)))
    return out


def point_of(points: dict[str, list[Point]], save_id: str) -> Point | None:
    """The rated game ``save_id``'s change, if it was rated."""
    for game_points in points.values():
        for point in game_points:
            if point.save_id == save_id:
                return point
    return None
