"""The ladder's calibrated ratings for this game, one per level (engine.game.Rating).

Written by ``python3 -m rituels bench --only ladder --write`` from self-play between adjacent
levels: do not edit by hand. Level 5 was calibrated at its fixed effort. Games per adjacent pair
and table: 1-2 at 2 seats: 200, 1-2 at 4 seats: 200, 2-3 at 2 seats: 200, 2-3 at 4 seats: 200,
3-4 at 2 seats: 200, 3-4 at 4 seats: 200, 4-5 at 2 seats: 200, 4-5 at 4 seats: 200. A rating's
games count every game its level played (in both of its pairs).
"""

from rituels.engine.game import Rating

RATINGS: dict[str, Rating] = {
    "1": Rating(1000, 1000, 1000, 400),
    "2": Rating(1156, 1126, 1193, 800),
    "3": Rating(1277, 1230, 1323, 800),
    "4": Rating(1335, 1283, 1394, 800),
    "5": Rating(1353, 1286, 1416, 400),
}
