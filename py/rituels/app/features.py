"""The features the app installs, in the order their hooks run (rituels.app.registry).

The order is the one thing to know here: the replay viewer ticks before the analysis and the
review that play it; the analysis's viewer parts come before the retry's; a tap on the board
goes to the retry of your mistakes, then to a lesson, then to "why not?".
"""

from __future__ import annotations

from rituels.app import (analysis, coach, keeping, lessons, library, remote, replay, retry,
                         review, sharing, stats, takeback, whynot)
from rituels.app.registry import Feature

FEATURES: tuple[Feature, ...] = (
    replay.FEATURE, analysis.FEATURE, review.FEATURE, retry.FEATURE, lessons.FEATURE,
    whynot.FEATURE, library.FEATURE, sharing.FEATURE, takeback.FEATURE, keeping.FEATURE,
    coach.FEATURE, remote.FEATURE, stats.FEATURE,
)
