"""The coach during a game, and the marks every teaching part draws on a board.

The « Conseil » button sits in the status bar (``STATUS_TOOLS``), so it is where the player
looks on every screen size. Its answer draws the best choice on the board with the same mark
as the review (rituels/boardmarks.py, each game's ``marks.py``) and lists the three best
choices found with their chances, each with the rules' one-line reason when there is one
(``reason``). The set-up dialog's choice is remembered per game (``rituels.coach.<game>``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, replace
from typing import Any

from rituels import boardmarks
from rituels.analysis.core import advice
from rituels.app.effects import KeepClear
from rituels.app.registry import Feature, FeatureHost
from rituels.app.session import game_package
from rituels.app.storage import StorageError
from rituels.screens import coach as screen
from rituels.viewkit import ViewContext


@dataclass
class Kept:
    """What the coach keeps in the app (``FEATURE.of(app)``)."""

    shown: tuple | None = None   # the advice on screen: (save, actions, player, marks shown)


FEATURE: Feature[Kept] = Feature("coach", state=Kept)

COACH_KEY = "rituels.coach."      # + game id: "on" / "off", the set-up dialog's last choice
COACH_COUNT = 3
KEEP_CLEAR = "#main .board .mark-best"     # what the answer's sheet must not cover


def game_marks(game_id: str) -> Any:
    """The game's ``marks`` module (marks, reason, reason_text)."""
    return importlib.import_module(game_package(game_id) + ".marks")


def marks_of(state: Any, action: Any) -> list[boardmarks.Mark]:
    return game_marks(state.game_id).marks(state, action)


def review_board(cur: Any, review: Any) -> str:
    """The board the player saw at a reviewed decision (``cur``: a replay cursor), drawn
    with its clickables made inert, the move played and the best one found marked."""
    state = cur.state_at(review.index)
    ctx = cur.ctx()
    shown = ViewContext(lang=ctx.lang, names=ctx.names, viewer=ctx.viewer, interactive=True,
                        animate=False)
    played = marks_of(state, state.str_to_action(review.chosen))
    best = marks_of(state, state.str_to_action(review.best))
    board = boardmarks.draw(cur.view.render(state, shown),
                            played=[] if review.chosen == review.best else played, best=best)
    return boardmarks.inert(board)


def reason_of(ctx: Any, state: Any, action: Any) -> str:
    """The rules' one-line reason for ``action``, or ""."""
    module = game_marks(state.game_id)
    found = module.reason(state, action)
    return module.reason_text(ctx, found) if found else ""


def coach_remembered(app: FeatureHost, game_id: str) -> bool:
    try:
        return app.storage.get(COACH_KEY + game_id) == "on"
    except StorageError:
        return False


def remember_coach(app: FeatureHost, game_id: str, on: bool) -> None:
    """Kept after a game starts with it; nothing is written while it stays off."""
    if on == coach_remembered(app, game_id):
        return
    try:
        app.storage.set(COACH_KEY + game_id, "on" if on else "off")
    except StorageError:
        pass       # not remembered; the game itself is still set up with it


def _coached(app: FeatureHost) -> Any:
    """The session if the coach may answer now: on for this game, a person to decide."""
    s = app.playing()
    if s is None or s.record["meta"].get("coach") is not True or not s.human_to_decide():
        return None
    return s


def _answer(app: FeatureHost, s: Any) -> Any:
    held = FEATURE.of(app).shown
    if held is None or held[:2] != (s.save_id, len(s.record["actions"])):
        return None
    return held


@FEATURE.command("coach")
def _coach(app: FeatureHost, data: dict) -> None:
    s = _coached(app)
    if s is None:
        return
    state, player = s.state, s.state.current_player()
    ctx = replace(s.ctx(app.lang), you=player)      # « Vous déplacez… »: said to the player
    shown = []
    for action, chance in advice(state, seed=len(s.record["actions"]), count=COACH_COUNT):
        after = state.clone()
        after.apply(action)
        text = " ".join(s.view.describe(state, action, after, ctx)) or state.action_to_str(action)
        shown.append((state.action_to_str(action), text, chance, reason_of(ctx, state, action), marks_of(state, action)))
    FEATURE.of(app).shown = (s.save_id, len(s.record["actions"]), player, shown)
    if shown:
        app.announcements.append(screen.spoken(app.lang, shown[0]))
        # On a phone the answer is a sheet over the page: the glue keeps the mark clear of it
        app.effects.append(KeepClear(KEEP_CLEAR, ".coach-answer"))


@FEATURE.command("coach-close")
def _close(app: FeatureHost, data: dict) -> None:
    FEATURE.of(app).shown = None


@FEATURE.hook("board_filter")
def coach_board(app: FeatureHost, board: str) -> str:
    """The best choice found, drawn on the board once the coach was asked."""
    s = _coached(app)
    held = _answer(app, s) if s is not None else None
    if held is None or not held[3]:
        return board
    return boardmarks.draw(board, best=held[3][0][4])


@FEATURE.hook("status_tool")
def coach_tool(app: FeatureHost) -> str:
    """The « Conseil » button in the status bar."""
    s = _coached(app)
    if s is None:
        return ""
    held = _answer(app, s)
    return screen.coach_box(app.lang, held[3] if held else None)


@FEATURE.hook("side")
def coach_side(app: FeatureHost) -> str:
    """Once asked, the coach's answer beside the board (rituels/screens/coach.py)."""
    s = _coached(app)
    if s is None:
        return ""
    held = _answer(app, s)
    return screen.coach_answer(app.lang, held[3] if held else None)


