"""The status line's one-line account of the last opponent turn (« Larth : 31 → 36, frappe
1 rouge »), shown while the decision is back with a person at this device.

"The last opponent turn" is the latest run of steps of one player who is not at this device:
it starts with their first decision, takes every roll after it (theirs, the table's, a
riposte), and ends with the decision of someone else. Each game words it with its view's
``last_turn(player, steps, ctx)`` (steps: (before, action, after) triples); a game without
one gets no summary. The run is read once per save, then only new actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rituels.app.registry import FeatureHost
from rituels.engine.record import RecordError, start_state, step

if TYPE_CHECKING:
    from rituels.app.session import Session

Step = tuple[Any, Any, Any]
# The game on screen only (one entry): its key (save id, game, options, seats, the players at
# this device) -> (actions read, state after them, (the run's player or None, its steps,
# open?)). A save id alone is not enough: another table may reuse it (a new App, a test).
_SEEN: dict[tuple, tuple[list[str], Any, tuple[int | None, list[Step], bool]]] = {}


def last_run(record: dict[str, Any], local: list[int] | tuple[int, ...],
             save_id: str = "") -> tuple[int | None, list[Step]]:
    """(the player of the last opponent turn, its steps); (None, []) before any. Raises
    RecordError on a record that does not replay."""
    actions = record["actions"]
    key = (save_id, record["game"], repr(record.get("options")), repr(record["seats"]),
           tuple(local))
    seen = _SEEN.get(key) if save_id else None
    if seen is not None and actions[:len(seen[0])] == seen[0]:
        done, state, (who, steps, open_) = len(seen[0]), seen[1], seen[2]
        steps = list(steps)
    else:
        done, (_, state), who, steps, open_ = 0, start_state(record), None, [], False
    for i in range(done, len(actions)):
        player = state.current_player()
        if player >= 0 and player in local:
            open_ = False
        elif player >= 0 and not (open_ and player == who):
            who, steps, open_ = player, [], True
        if player >= 0 and player in local or not open_:
            step(state, actions[i], i)
            continue
        before = state.clone()
        action = step(state, actions[i], i)
        steps.append((before, action, state.clone()))
    if save_id:
        _SEEN.clear()
        _SEEN[key] = (list(actions), state, (who, steps, open_))
    return who, steps


def summary(app: FeatureHost, s: Session) -> str:
    """The line for the game on screen, or "" (nobody else played yet, not your decision, a
    game whose view has no summary)."""
    words = s.view.last_turn
    if words is None or not s.local or s.state.is_terminal() or not app.yours():
        return ""
    try:
        who, steps = last_run(s.record, s.local, s.save_id)
    except RecordError:
        return ""
    return words(who, steps, s.ctx(app.lang)) if steps else ""
