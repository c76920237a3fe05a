"""The statistics page (``#/stats``) and the rating line of the end screen: both read the
saves' index entries (rituels.app.rating rebuilds the rating from them, so nothing more is
stored). The markup is rituels/screens/stats.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rituels.app import rating
from rituels.app.places import summary
from rituels.app.registry import Feature, FeatureHost
from rituels.app.storage import StorageError
from rituels.engine.game import get_game
from rituels.screens import stats


@dataclass
class Kept:
    # The end screen's line, worked out once per finished game: (save id, moves, lang, line).
    end: tuple[str, int, str, str] | None = None


FEATURE: Feature[Kept] = Feature("stats", state=Kept)


def _entries(app: FeatureHost) -> list[dict[str, Any]]:
    try:
        return app.saves.list()
    except StorageError:
        app.saving_off = True
        return []


def _level_of(game_id: str, bot: Any) -> str | None:
    try:
        return get_game(game_id).level_of(bot)
    except Exception:
        return None


def stats_screen(app: FeatureHost) -> str:
    entries = _entries(app)
    return stats.render(app.lang, stats.tally(entries, _level_of), rating.history(entries))


@FEATURE.route("stats")
def _stats(app: FeatureHost, arg: str) -> None:
    app.screen = stats_screen


def end_line(app: FeatureHost, s: Any) -> str:
    """« Votre cote : +12 → 1 384 » under a finished game rated here, else ""."""
    moves = len(s.record["actions"])
    kept = FEATURE.of(app)
    if kept.end is not None and kept.end[:3] == (s.save_id, moves, app.lang):
        return kept.end[3]
    every = _entries(app)
    entries = [e for e in every if e.get("id") != s.save_id]
    listed = [e for e in every if e.get("id") == s.save_id]
    ended = ((listed[0].get("ended") or listed[0].get("updated")) if listed
             else "\uffff")   # just ended: the last one
    entries.append({"id": s.save_id, "game": s.record["game"], "finished": True,
                    "ended": ended, "bots": [seat.get("bot") for seat in s.record["seats"]],
                    **summary(s.record, s.state)})
    point = rating.point_of(rating.history(entries), s.save_id)
    line = stats.change_line(app.lang, point) if point is not None else ""
    kept.end = (s.save_id, moves, app.lang, line)
    return line
