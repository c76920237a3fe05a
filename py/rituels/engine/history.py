"""A record's positions: the one place that replays "the record up to here".

``History(record)`` checks the record and replays its actions once through the rules (a
damaged record raises RecordError there, naming the failing action). It keeps the parsed
actions, who moved before each one, and a copy of the state every ``SNAPSHOT_EVERY`` actions,
so :meth:`History.at` builds any position from the nearest snapshot before it, never from
the start. Past ``MAX_SNAPSHOTS`` the interval doubles: memory stays bounded on the longest
records. The session grows its history with :meth:`History.play`; the replay viewer, undo,
links and the analysis read theirs.

Everything handed out is the caller's own copy except :attr:`History.state`, the position
after the last action, which the history keeps playing on (read it, never change it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from rituels.engine.game import Game
from rituels.engine.record import RecordError, check_record, start_state, step
from rituels.engine.state import GameState

SNAPSHOT_EVERY = 32      # at most this many applies to reach any position
MAX_SNAPSHOTS = 256      # then every other one goes and the interval doubles

# What a log line says of one action: (state before, action, state after) -> lines.
Describe = Callable[[GameState, Any, GameState], list[str]]
# Called with the state before action i (the history's own: read it, never change it).
Observe = Callable[[GameState, int], None]


class History:
    """The positions of ``record`` (checked here unless ``checked``): the first ``upto``
    actions (all by default) are replayed. ``describe``: the log lines of each action are
    kept in ``lines`` (it costs a copy of the state before each action). ``observe``: told
    of each position before its action is played (what a link or the analysis reads of
    it), so nobody replays the record a second time to look at it. ``snapshots=False``: a
    reader of one pass (a replay to the end, a link) keeps none; ``at`` then walks from the
    start."""

    def __init__(self, record: Any, *, upto: int | None = None,
                 describe: Describe | None = None, observe: Observe | None = None,
                 snapshots: bool = True, checked: bool = False):
        self.record: dict[str, Any] = record if checked else check_record(record)
        self.game: Game
        self.game, state = start_state(self.record)
        self.state: GameState = state
        self.actions: list[Any] = []       # parsed, one per replayed notation
        self.movers: list[int] = []        # current_player() before each action (or CHANCE)
        self.describe = describe
        self.observe = observe
        self.lines: list[list[str]] = []   # per action, when there is a describe hook
        self._every = SNAPSHOT_EVERY if snapshots else 1 << 30
        self._snapshots = [state.clone()]  # [k]: the state after k * _every actions
        # what a reader derived from the history, kept with it: {reader: (length, value)}
        # (undo's "did the last action reveal something", asked after every move)
        self.derived: dict[str, tuple[int, Any]] = {}
        notations = self.record["actions"]
        self._replay(notations if upto is None else notations[:upto])

    # --- reading -------------------------------------------------------------------------------
    def __len__(self) -> int:
        """The number of actions in the history (its positions are 0 to len)."""
        return len(self.actions)

    @property
    def notations(self) -> list[str]:
        """The record's notations of the actions in the history."""
        return self.record["actions"][:len(self.actions)]

    def at(self, i: int) -> GameState:
        """A fresh copy of the state after the first ``i`` actions (0: the start). Raises
        RecordError outside 0..len."""
        if not isinstance(i, int) or not 0 <= i <= len(self.actions):
            raise RecordError(f"no position {i!r}: the history holds {len(self.actions)} "
                              "actions", code="record.position")
        if i == len(self.actions):
            return self.state.clone()
        base = i // self._every
        state = self._snapshots[base].clone()
        apply = state.apply
        for action in self.actions[base * self._every:i]:
            apply(action)
        return state

    def redescribe(self, describe: Describe) -> None:
        """The log lines of every action again, with another hook (another language or
        viewer): a walk over the parsed actions, nothing is parsed or checked again."""
        self.describe = describe
        state = self._snapshots[0].clone()
        lines = []
        for action in self.actions:
            before = state.clone()
            state.apply(action)
            lines.append([str(x) for x in describe(before, action, state)])
        self.lines = lines

    # --- growing -------------------------------------------------------------------------------
    def play(self, action: Any) -> str:
        """Play a legal action (or chance outcome) after the last one and append its notation
        to the record; IllegalAction if it is not legal. Returns the notation."""
        state = self.state
        text = state.action_to_str(action)
        mover = state.current_player()
        if self.observe is not None:
            self.observe(state, len(self.actions))
        before = state.clone() if self.describe is not None else None
        state.play(action)
        self.actions.append(action)
        if before is not None:
            self.lines.append([str(x) for x in self.describe(before, action, state)])
        self.movers.append(mover)
        self.record["actions"].append(text)
        if len(self.actions) % self._every == 0:
            self._snapshot()
        return text

    def _replay(self, notations: list[str]) -> None:
        """Step through the record's notations as :meth:`play` does, its locals hoisted: this
        loop is every open of a game, a replay or an analysis."""
        state, actions, movers, lines = self.state, self.actions, self.movers, self.lines
        observe, describe, every = self.observe, self.describe, self._every
        current_player = state.current_player
        for i, text in enumerate(notations):
            mover = current_player()
            if observe is not None:
                observe(state, i)
            if describe is None:
                actions.append(step(state, text, i))
            else:
                before = state.clone()
                action = step(state, text, i)
                actions.append(action)
                lines.append([str(x) for x in describe(before, action, state)])
            movers.append(mover)
            if (i + 1) % every == 0:
                self._snapshot()
                every = self._every

    def _snapshot(self) -> None:
        self._snapshots.append(self.state.clone())
        if len(self._snapshots) > MAX_SNAPSHOTS:
            self._snapshots = self._snapshots[::2]
            self._every *= 2


@dataclass
class Replay:
    record: dict[str, Any]
    game: Game
    state: GameState


def replay(record: Any, upto: int | None = None) -> Replay:
    """Rebuild the position after the first ``upto`` actions (all by default): one pass, no
    snapshots kept."""
    history = History(record, upto=upto, snapshots=False)
    return Replay(history.record, history.game, history.state)
