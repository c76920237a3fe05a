""""Why not?": on your turn, a tap on a board element that has no legal action says why, in
one sentence (never silence). The views mark such elements ``data-why="<target>"``; the
reason comes from the game's rules package (``rituels/<game>/whynot.py``: ``explain``). In a
lesson the sentence is the lesson's answer line; in a game it is an information notice,
read by screen readers (the announcements' live region)."""

from __future__ import annotations

import importlib
from typing import Any

from rituels.app import lessons
from rituels.app.registry import Feature, FeatureHost
from rituels.app.session import game_package
from rituels.i18n import t
from rituels.viewkit import ViewContext

FEATURE = Feature("whynot")


def reason(game_id: str, state: Any, target: str, ctx: ViewContext) -> str | None:
    try:
        module = importlib.import_module(game_package(game_id) + ".whynot")
    except ImportError:
        return None
    return module.explain(state, target, ctx)


@FEATURE.hook("board_click")
def why_click(app: FeatureHost, data: dict) -> bool:
    if "why" not in data or "action" in data or "select" in data:
        return False
    target = str(data["why"])[:40]
    run = lessons.current(app)
    if run is not None:
        state = run.lesson.state
        text = reason(run.lesson.chapter.game, state, target, lessons.view_ctx(app, run))
        lessons.say(app, run, text or t(app.lang, "whynot.none"))
        return True
    s = app.playing()
    if s is None:
        return False
    if not s.human_to_decide():
        app.notice("app.notice.not_your_turn", kind="info")
        return True
    text = reason(s.record["game"], s.state, target, s.ctx(app.lang))
    app.notices.append({"kind": "info", "text": text or t(app.lang, "whynot.none")})
    app.announcements.append(text or t(app.lang, "whynot.none"))
    app.changed = True
    return True


