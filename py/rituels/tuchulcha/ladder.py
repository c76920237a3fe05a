"""The ladder's calibrated ratings for this game, one per level (engine.game.Rating).

Written by ``python3 -m rituels bench --only ladder --write`` from self-play between adjacent
levels: do not edit by hand. Level 5 was calibrated at its fixed effort. Games per adjacent pair
and table: 1-2 at 2 seats: 164, 2-3 at 2 seats: 164, 3-4 at 2 seats: 164, 4-5 at 2 seats: 164. A
rating's games count every game its level played (in both of its pairs).
"""

from rituels.engine.game import Rating

RATINGS: dict[str, Rating] = {
    "1": Rating(1000, 1000, 1000, 164),
    "2": Rating(1064, 1008, 1119, 328),
    "3": Rating(1266, 1185, 1359, 328),
    "4": Rating(1371, 1275, 1500, 328),
    "5": Rating(1422, 1320, 1560, 164),
}
