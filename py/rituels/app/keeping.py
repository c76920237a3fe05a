"""Keeping the game in play when the browser will not store it: the command ``play-download``
(the record file of the game on screen, from the play screen's "not saved" notice). The game
itself stays in memory and is written as soon as the database takes it again
(rituels.app.browser); this only lets the player keep a copy meanwhile."""

from __future__ import annotations

import json

from rituels.app.effects import Download
from rituels.app.registry import Feature, FeatureHost
from rituels.screens.mygames import export_filename

FEATURE = Feature("keeping")


@FEATURE.command("play-download")
def _download(app: FeatureHost, data: dict) -> None:
    s = app.session
    if s is None:
        app.notice("app.notice.no_game")
        return
    entry = {"game": s.record["game"], "started": s.record.get("meta", {}).get("started", "")}
    app.effects.append(Download(export_filename(entry, s.save_id), "application/json",
                                json.dumps(s.record, ensure_ascii=False, indent=1)))
