"""The ladder's calibrated ratings for this game, one per level (engine.game.Rating).

Written by ``python3 -m rituels bench --only ladder --write`` from self-play between adjacent
levels: do not edit by hand. Empty until the first calibration: the dialog then shows no rating.
"""

from rituels.engine.game import Rating

RATINGS: dict[str, Rating] = {}
