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

from typing import Any

from rituels.engine.history import History
from rituels.engine.state import CHANCE as CHANCE_NODE

# Reasons (i18n keys, also the disabled button's title).
NOTHING = "library.undo.nothing"        # no action of this player to take back
BOT = "library.undo.bot"                # bots do not take back
OVER = "library.undo.over"              # the game has ended
OTHER = "library.undo.other"            # another player has acted since
CHANCE = "library.undo.chance"          # dice were rolled / a card was drawn since
REVEALED = "library.undo.revealed"      # hidden information was revealed since


def _history(record: Any) -> tuple[History, bool]:
    """The history of ``record`` (a History as it is: the app passes its session's, which
    it grows move by move) and whether its last action revealed something. RecordError if
    the record does not replay."""
    history = record if isinstance(record, History) else History(record)
    if not history.actions:
        return history, False
    last = len(history.actions) - 1
    if history.movers[last] == CHANCE_NODE:
        return history, True
    known = history.derived.get("undo")
    if known is None or known[0] != last:
        known = (last, history.at(last).reveals_information(history.actions[last]))
        history.derived["undo"] = known
    return history, known[1]


def _decide(record: Any, player: int) -> tuple[int | None, str | None]:
    history, reveals = _history(record)
    seats, movers = history.record["seats"], history.movers
    if not 0 <= player < len(seats):
        return None, NOTHING
    if seats[player]["bot"] is not None:
        return None, BOT
    if history.state.is_terminal():
        return None, OVER
    if player not in movers:
        return None, NOTHING
    last = movers[-1]
    if last == CHANCE_NODE:
        return None, CHANCE
    if last != player:
        return None, OTHER
    if reveals:
        return None, REVEALED
    return len(movers) - 1, None


def undo_target(record: Any, player: int) -> int | None:
    """How many actions to keep to take back ``player``'s last action, or None if not
    allowed (see :func:`undo_reason`). ``record``: a record or its History (the app's, so
    asking after each move replays nothing). Raises RecordError for a record that does not
    replay."""
    return _decide(record, player)[0]


def undo_reason(record: Any, player: int) -> str | None:
    """Why ``player`` may not take back a move now (an i18n key), or None if they may."""
    return _decide(record, player)[1]


def undo_for(record: Any, humans: list[int]) -> tuple[int | None, int | None, str | None]:
    """For the app's single "undo" button at a table of several humans: (player, target,
    None) for the human who may take back a move now, else (None, None, reason) where the
    reason is the one of the human who acted last (or the first human)."""
    history = _history(record)[0]
    for p in humans:
        target, reason = _decide(history, p)
        if target is not None:
            return p, target, None
    acted = [actor for actor in history.movers if actor in humans]
    who = acted[-1] if acted else (humans[0] if humans else 0)
    return None, None, _decide(history, who)[1]
