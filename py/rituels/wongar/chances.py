"""Wongar's win chances (docs/analysis.md, issues 25 and 42): the strong bot's heuristic
(bots.values: each player's expected final score, roughly) turned into chances. The game's own
estimate for the whole analysis since issue 42 (curve, luck, runs of decisions, review), then
core.CALIBRATION's map fitted on played games.

The curve of a Wongar game is Monte-Carlo (random playouts: calibrated, but flat): one
decision moves the mean of random playouts by a point or two, well under their noise at any
affordable count, so the review ranked choices by noise (a random player lost 0.6x what the
strong bot did per decision: his chances were near 0, where playouts barely vary). This is a
deterministic estimate of what a decision changes on the board: expected scores (a ceremony
under way counted at its likely outcome, ceremony.py: who can still answer, with what cards
they may hold), then a softmax whose temperature (points) shrinks as the time track runs out.
Everything it reads is public (hand counts, not hands; taken area cards are taken in view of
all), so a person's decision is judged on what they could know.
The constants are fitted on self-play positions of the fitting seeds (the bench checks on
1000+) by the log-likelihood of who won: ``python3 -m rituels.tools.fit_chances wongar --review``
(refitted with the ceremony's evaluation on every decision of seeds 0-39, 9,409 decisions:
log-loss 0.978 with these, 0.961 at (10.28, 4.93), 0.951 with the ceremony's part weighed 0.25
instead of 1; not taken: a start temperature of 10 makes a mid-game 3-point majority given
away less than a mistake, tests/analysis/test_dominated_wongar.py).
"""

from __future__ import annotations

import math

from rituels.wongar import data as D
from rituels.wongar.bots import values
from rituels.wongar.rules import WongarState

# (temperature at the start, at the end), in points
PARAMS = (6.0, 5.1)


def expected_scores(s: WongarState) -> list[float]:
    """bots.values: each player's expected final score, a ceremony under way included."""
    return values(s)


def softmax(v: list[float], progress: float, params: tuple = PARAMS) -> list[float]:
    start, end = params[0], params[1]
    temperature = end + (start - end) * (1.0 - progress)
    top = max(v)
    weights = [math.exp((x - top) / temperature) for x in v]
    total = sum(weights)
    return [w / total for w in weights]


def win_chances(s: WongarState) -> list[float]:
    """Each player's chance to win from ``s`` (the game's result once it is over)."""
    if s.is_terminal():
        return list(s.returns())
    progress = (s.time - 1) / (D.TIME_SPACES - 1)
    return softmax(expected_scores(s), progress)
