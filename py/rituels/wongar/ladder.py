"""The ladder's calibrated ratings for this game, one per level (engine.game.Rating).

Written by ``python3 -m rituels bench --only ladder --write`` from self-play between adjacent
levels: do not edit by hand. Level 5 was calibrated at its fixed effort. Games per adjacent pair
and table: 1-2 at 3 seats: 200, 1-2 at 4 seats: 200, 2-3 at 3 seats: 200, 2-3 at 4 seats: 200,
3-4 at 3 seats: 200, 3-4 at 4 seats: 200, 4-5 at 3 seats: 200, 4-5 at 4 seats: 200. A rating's
games count every game its level played (in both of its pairs).
"""

from rituels.engine.game import Rating

RATINGS: dict[str, Rating] = {
    "1": Rating(1000, 1000, 1000, 400),
    "2": Rating(1160, 1125, 1185, 800),
    "3": Rating(1376, 1324, 1419, 800),
    "4": Rating(1510, 1448, 1564, 800),
    "5": Rating(1575, 1506, 1627, 400),
}
