"""Taking back moves, Board Game Arena's way.

A human may take back their own actions, one at a time, as long as nothing happened after
them that they could exploit or that someone else did:
- no chance outcome (a die roll, a card draw, a shuffle) since,
- no action that revealed hidden information (``state.reveals_information``),
- no action of another player (human or bot).
The game must not be over. Everything is derived from the record, so undo is just "truncate
the record's actions to ``undo_target``" and the app replays.

Decision (documented in docs/records.md): the turn passing to someone else is not a barrier by
itself; the barrier is that someone else *acts* (a bot after its short pause, a human's first
click, or the next roll). So a misclick on the last die of a turn can still be taken back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rituels.engine.record import check_record, start_state, step
from rituels.engine.state import CHANCE as CHANCE_NODE, NotationError

# Reasons (i18n keys, also the disabled button's title).
NOTHING = "library.undo.nothing"        # no action of this player to take back
BOT = "library.undo.bot"                # bots do not take back
OVER = "library.undo.over"              # the game has ended
OTHER = "library.undo.other"            # another player has acted since
CHANCE = "library.undo.chance"          # dice were rolled / a card was drawn since
REVEALED = "library.undo.revealed"      # hidden information was revealed since


@dataclass
class _Step:
    actor: int          # player index, or CHANCE (-1)
    reveals: bool       # chance outcome or an action that showed hidden information


# The app asks after every action; remembering the last replay makes that O(new actions).
_cache: dict[str, Any] = {"frame": None, "actions": (), "steps": [], "state": None}


def _history(record: Any) -> tuple[dict[str, Any], list[_Step], Any]:
    """The checked record, who made each action and whether it revealed something, and the
    final state. RecordError if the record does not replay."""
    record = check_record(record)
    frame = (record["game"], repr(sorted(record["options"].items())), repr(record["seats"]))
    actions = tuple(record["actions"])
    done = _cache["actions"]
    if _cache["frame"] == frame and actions[:len(done)] == done:
        steps, state = list(_cache["steps"]), _cache["state"].clone()
    else:
        steps, state, done = [], start_state(record)[1], ()
    for i in range(len(done), len(actions)):
        actor = state.current_player()
        if actor == CHANCE_NODE:
            reveals = True
        else:
            try:
                reveals = state.reveals_information(state.str_to_action(actions[i]))
            except NotationError:
                reveals = True  # step() below names the unreadable action
        step(state, actions[i], i)
        steps.append(_Step(actor, reveals))
    _cache.update(frame=frame, actions=actions, steps=list(steps), state=state.clone())
    return record, steps, state


def _decide(record: Any, player: int) -> tuple[int | None, str | None]:
    record, steps, state = _history(record)
    if not 0 <= player < len(record["seats"]):
        return None, NOTHING
    if record["seats"][player]["bot"] is not None:
        return None, BOT
    if state.is_terminal():
        return None, OVER
    if not any(s.actor == player for s in steps):
        return None, NOTHING
    last = steps[-1]
    if last.actor == CHANCE_NODE:
        return None, CHANCE
    if last.actor != player:
        return None, OTHER
    if last.reveals:
        return None, REVEALED
    return len(steps) - 1, None


def undo_target(record: Any, player: int) -> int | None:
    """How many actions to keep to take back ``player``'s last action, or None if not
    allowed (see :func:`undo_reason`). Raises RecordError for a record that does not replay."""
    return _decide(record, player)[0]


def undo_reason(record: Any, player: int) -> str | None:
    """Why ``player`` may not take back a move now (an i18n key), or None if they may."""
    return _decide(record, player)[1]


def undo_for(record: Any, humans: list[int]) -> tuple[int | None, int | None, str | None]:
    """For the app's single "undo" button at a table of several humans: (player, target,
    None) for the human who may take back a move now, else (None, None, reason) where the
    reason is the one of the human who acted last (or the first human)."""
    _, steps, _ = _history(record)
    for p in humans:
        target, reason = _decide(record, p)
        if target is not None:
            return p, target, None
    acted = [s.actor for s in steps if s.actor in humans]
    who = acted[-1] if acted else (humans[0] if humans else 0)
    return None, None, _decide(record, who)[1]
