"""The game menu's « Revoir le tour »: every move since your last decision, played back on the
board step by step in the replay viewer, then back to the game.

"Your" decisions are those of the people at this device (a roll is not a decision). The
viewer starts just after the last one and plays at its own pace (one event a second); at
the end it waits one more step, so the last move can be seen, and returns to the game. The
game does not move meanwhile (bots only play on the game screen). Pausing the viewer stays
there: the person looks around and goes back with its own buttons.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rituels.app.registry import Feature, FeatureHost, MenuItem
from rituels.app.replay import replay_screen
from rituels.app.replay import viewer
from rituels.engine.record import RecordError, start_state, step


@dataclass
class Kept:
    """What « Revoir le tour » keeps in the app (``FEATURE.of(app)``)."""

    watch: dict[str, Any] | None = None   # « Revoir le tour » playing: the save, has it waited


FEATURE: Feature[Kept] = Feature("review", state=Kept)

# save id -> (actions read, state after them, the span): a game read once, then only its new
# actions (a take-back, which changes what was read, reads it again).
_SEEN: dict[str, tuple[list[str], Any, tuple[int, bool]]] = {}


def turn_start(record: dict[str, Any], local: list[int], save_id: str = "") -> tuple[int, bool]:
    """(the index of the first action after the last decision of a person in ``local``, 0 if
    they have not decided yet; whether another player decided or rolled since then: the
    table's own draws, such as a deal, are no turn to review). Raises RecordError on a
    record that does not replay."""
    actions = record["actions"]
    seen = _SEEN.get(save_id) if save_id else None
    if seen is not None and actions[:len(seen[0])] == seen[0]:
        done, state, (start, others) = len(seen[0]), seen[1], seen[2]
    else:
        done, (_, state), start, others = 0, start_state(record), 0, False
    for i in range(done, len(actions)):
        player = state.current_player()
        if player in local:
            start, others = i + 1, False
        elif player >= 0 or state.chance_owner() not in (None, *local):
            others = True
        step(state, actions[i], i)
    if save_id:
        _SEEN[save_id] = (list(actions), state, (start, others))
    return start, others


def _to_review(app: FeatureHost) -> tuple[Any, int] | None:
    """The game on screen and where its turn to review starts, if others played since."""
    s = app.playing()
    if s is None or not s.save_id or not s.local:
        return None
    try:
        start, others = turn_start(s.record, s.local, s.save_id)
    except RecordError:
        return None
    return (s, start) if others else None


def _enabled(app: FeatureHost) -> bool:
    return _to_review(app) is not None


# No reason beside the button when it is disabled: the toolbar would carry a sentence after
# each of your moves, and nothing to replay is plain enough.
FEATURE.menu_item(30, MenuItem("table.review.menu", cmd="review-turn", enabled=_enabled))


@FEATURE.command("review-turn")
def _review(app: FeatureHost, data: dict) -> None:
    found = _to_review(app)
    if found is None:
        app.notice("table.review.nothing", kind="info")
        return
    s, start = found
    save_id = s.save_id
    app.go(f"#/replay/{save_id}/{start}")
    rs = viewer(app)
    if rs is None or rs.save_id != save_id or app.screen is not replay_screen:
        return              # the save could not be opened: the route said why
    rs.note_key = "table.review.note"
    FEATURE.of(app).watch = {"id": save_id, "waited": False}
    rs.cursor.playing = True
    app.schedule(rs.cursor.delay_s())


@FEATURE.hook("tick")
def _tick(app: FeatureHost) -> None:
    """After the viewer's own tick (registered before this one): once the review reached
    the last move and that move was shown for one step, back to the game."""
    review = FEATURE.of(app).watch
    if review is None:
        return
    rs = viewer(app)
    if rs is None or app.screen is not replay_screen or rs.save_id != review["id"]:
        FEATURE.of(app).watch = None           # the person went elsewhere
        return
    cur = rs.cursor
    if cur.playing:
        return
    if cur.pos < cur.end:
        FEATURE.of(app).watch = None           # paused by the person: they stay in the viewer
    elif not review["waited"]:
        review["waited"] = True
        app.schedule(cur.delay_s())
    else:
        FEATURE.of(app).watch = None
        app.go(f"#/play/{review['id']}")


