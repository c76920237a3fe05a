"""Tuchulcha bots: "easy" is the engine's RandomBot; "strong" plans whole turns.

The strong bot
- plans the rest of its turn: every sequence of single-die moves (memoised on the position,
  best-first, cut by the time budget or a leaf cap) ending in a position scored by ``evaluate``;
- treats its own chance nodes exactly: the third die is taken when the average over its six
  outcomes beats keeping two dice; Tuchulcha's discard is the one whose best plan scores most;
- treats the opponents' rolls analytically in the evaluation: each exposed group is weighed by
  the probability that some enemy group rolls the distance needed to hit it before its next turn;
- changes role (Tuchulcha, Lasa Vecuvia) only when losing the race and the role looks promising.
"""

from __future__ import annotations

import math
import time

from rituels.engine.bots import Bot, Deadline, RandomBot, Think
from rituels.tuchulcha.rules import (
    DISCARD, END, MOVE, OVER, START, THIRD, TuchulchaState,
)

__all__ = ["RandomBot", "StrongBot", "evaluate"]

OUT_VALUE = -1000.0       # value of a player who is out of the game
SCALE = 80.0            # value points per unit of log-odds in evaluate()
LOGIT_CAP = 30.0
# Chance (out of 36) that two dice bring a group exactly d steps forward, d = 1..12 (single die
# or sum, doubles included, intermediate stops not checked): the backgammon shot table.
SHOTS = (0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3)
# Weights of the evaluation (points per pawn).
V_PAWN = 40.0            # a pawn in Velthumena
TEMPLE_PAWN = 6.0        # a pawn still safe in its temple
PATH_BASE, PATH_SPAN = 9.0, 24.0   # a pawn on the path: base + span x (fraction of the route)
MYSTIC_PENALTY = 1.5     # a pawn that will have to leave a mystic stone first
RISK_WEIGHT = 0.8        # how much of a group's value an expected hit costs


def _shot(distance: int) -> float:
    return SHOTS[distance] / 36.0 if 1 <= distance <= 12 else 0.0


def _groups(st: TuchulchaState, colour: int) -> list[tuple[object, int]]:
    out = [(s, occ[1]) for s, occ in enumerate(st.stones) if occ and occ[0] == colour]
    if st.temple[colour]:
        out.append((f"T{colour}", st.temple[colour]))
    return out


def _distance(st: TuchulchaState, colour: int, src, stone: int, tuchulcha: bool) -> int:
    """Steps a group of ``colour`` at ``src`` needs to land on ``stone`` (0: cannot)."""
    lay, side = st._lay, st.side
    if tuchulcha:
        start = (side.entries[colour] - 1) if not isinstance(src, int) else src
        return (stone - start) % lay.loop
    target = lay.step[colour][stone]
    if target > side.last_step:
        return 0
    here = lay.step[colour][src] if isinstance(src, int) else 0
    return target - here if target > here else 0


def _attackers(st: TuchulchaState, player: int) -> list[tuple[int, object, int, bool]]:
    """Enemy groups that may hit ``player``'s pawns: (colour, src, count, is_tuchulcha)."""
    mine = set(st.colours_of(player))
    lasa_c = st.lasa_colour()
    tc = st.tuchulcha_colour()
    out = []
    for c in st.colours:
        if c in mine or c == lasa_c:
            continue
        owner = st.owner[c]
        if owner is not None and owner in st.out:
            continue
        for src, n in _groups(st, c):
            # One pawn per die: a lone attacker hits power 1 (combined attacks not modelled).
            out.append((c, src, n if st.group_moves else 1, c == tc))
    return out


def _race_value(st: TuchulchaState, player: int, attackers) -> float:
    lay, last = st._lay, st.side.last_step
    value = 0.0
    for c in st.colours_of(player):
        value += V_PAWN * st.velthumena[c] + TEMPLE_PAWN * st.temple[c]
        for s, occ in enumerate(st.stones):
            if not occ or occ[0] != c:
                continue
            n = occ[1]
            group = n * (PATH_BASE + PATH_SPAN * lay.step[c][s] / last)
            if lay.mystic[s]:
                group -= MYSTIC_PENALTY * n
            safe = 1.0
            for ac, src, m, is_t in attackers:
                need = n if is_t else n * lay.mult[s]
                if m >= need:
                    d = _distance(st, ac, src, s, is_t)
                    if d:
                        safe *= 1.0 - min(0.95, _shot(d) * (1.4 if is_t else 1.0))
            value += group - RISK_WEIGHT * (1.0 - safe) * group
    return value


def _tuchulcha_value(st: TuchulchaState, player: int) -> float:
    """Tuchulcha gains as enemy pawns leave play; enemy pawns near Velthumena threaten him."""
    lay, last = st._lay, st.side.last_step
    tc = st.colours_of(player)[0]
    enemies, danger = 0, 0.0
    for c in st.colours:
        if c == tc:
            continue
        enemies += st.in_play(c)
        for s, occ in enumerate(st.stones):
            if occ and occ[0] == c and c != st.lasa_colour():
                danger += occ[1] * (lay.step[c][s] / last) ** 3
    return 300.0 - 25.0 * enemies - 60.0 * danger + 4.0 * st.in_play(tc)


def _lasa_value(st: TuchulchaState, player: int) -> float:
    lc = st.colours_of(player)[0]
    return 90.0 * len(st.seals) + 10.0 * st.in_play(lc)


def player_value(st: TuchulchaState, player: int) -> float:
    if player in st.out:
        return OUT_VALUE
    if player == st.tuchulcha:
        return _tuchulcha_value(st, player)
    if player == st.lasa:
        return _lasa_value(st, player)
    return _race_value(st, player, _attackers(st, player))


def evaluate(st: TuchulchaState, player: int) -> float:
    """How good ``st`` is for ``player``, 0..1: at the end 1 for a win alone, 1/k² for a win
    shared by k (a shared win is worth less than its share, so the bot plays to win rather than
    ending the game in a tie), 0 for a loss; otherwise a logistic estimate from own value minus
    the best opponent's (1/n when even)."""
    if st.phase == OVER:
        won = st.winners()
        return 1.0 / len(won) ** 2 if player in won else 0.0
    mine = player_value(st, player)
    others = [player_value(st, q) for q in st.in_game() if q != player]
    if not others:
        return 1.0
    margin = max(-LOGIT_CAP, min(LOGIT_CAP, (mine - max(others)) / SCALE))
    return 1.0 / (1.0 + len(others) * math.exp(-margin))


class StrongBot(Bot):
    """Turn planner with exact own chance nodes and an analytic risk model (see module doc).

    ``budget_s`` bounds the thinking time; ``max_leaves`` (when set) bounds the number of
    positions evaluated per decision instead, for reproducible tests and benchmarks."""

    level = "strong"

    def __init__(self, seed: int = 0, budget_s: float = 0.6, max_leaves: int | None = None):
        super().__init__(seed)
        self.budget_s = budget_s
        self.max_leaves = max_leaves

    # --- entry point ----------------------------------------------------------------------
    def think(self, state: TuchulchaState, player: int) -> Think:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self._deadline = Deadline(self.budget_s)
        self._leaves = 0
        self._stop_leaves = self.max_leaves
        self._stop_time = self._deadline.end
        phase = state.phase
        if phase == MOVE:
            _, action = yield from self._plan(state, player, {})
            return action if action is not None else legal[0]
        if phase == THIRD:
            return (yield from self._third_die(state, player))
        if phase == DISCARD:
            return (yield from self._best_child(state, player, legal))
        if phase in (START, END):
            return self._role_change(state, player, legal)
        return self.rng.choice(legal)

    # --- search ---------------------------------------------------------------------------
    def _out_of_budget(self) -> bool:
        if self._stop_leaves is not None:
            return self._leaves >= self._stop_leaves
        return time.perf_counter() >= self._stop_time

    def _share_budget(self, parts: int) -> None:
        """Give the next of ``parts`` remaining sub-searches its fair share of the budget
        (so the first outcome of a die does not eat the time of the others)."""
        if self.max_leaves is not None:
            self._stop_leaves = self._leaves + max(1, (self.max_leaves - self._leaves) // parts)
        else:
            now = time.perf_counter()
            self._stop_time = now + max(0.0, self._deadline.end - now) / parts

    def _leaf(self, st: TuchulchaState, player: int) -> float:
        self._leaves += 1
        return evaluate(st, player)

    def _plan(self, st: TuchulchaState, player: int, memo: dict):
        """Best value reachable by the rest of ``player``'s turn, and the first action."""
        if st.phase != MOVE or st.player != player:
            return self._leaf(st, player), None
        key = st._pos_key()
        if key in memo:
            return memo[key], None
        children = []
        for a in st.legal_actions():
            child = st.clone()
            child.apply(a)
            children.append((self._leaf(child, player), a, child))
        children.sort(key=lambda t: -t[0])      # best-first: a cut search keeps the best
        best, best_a = -1.0, None
        for quick, a, child in children:
            if self._deadline.yield_due():
                yield
            if best_a is not None and self._out_of_budget():
                break
            if child.phase == MOVE and child.player == player:
                value, _ = yield from self._plan(child, player, memo)
            else:
                value = quick
            if value > best:
                best, best_a = value, a
        memo[key] = best
        return best, best_a

    def _value_after(self, st: TuchulchaState, action, player: int):
        child = st.clone()
        child.apply(action)
        if child.phase == MOVE and child.player == player:
            value, _ = yield from self._plan(child, player, {})
            return value
        return self._leaf(child, player)

    def _best_child(self, st: TuchulchaState, player: int, actions: list):
        best, best_a = None, actions[0]
        for i, a in enumerate(actions):
            self._share_budget(len(actions) - i)
            value = yield from self._value_after(st, a, player)
            if best is None or value > best:
                best, best_a = value, a
        return best_a

    def _third_die(self, st: TuchulchaState, player: int):
        rolled = st.clone()
        rolled.apply("third")
        outcomes = rolled.chance_outcomes()
        self._share_budget(len(outcomes) + 1)
        keep = yield from self._value_after(st, "nothird", player)
        total = 0.0
        for i, (outcome, p) in enumerate(outcomes):
            self._share_budget(len(outcomes) - i)
            total += float(p) * (yield from self._value_after(rolled, outcome, player))
        return "third" if total >= keep else "nothird"

    # --- role changes ---------------------------------------------------------------------
    def _role_change(self, st: TuchulchaState, player: int, legal: list):
        """Consecrate only when clearly losing the race and the role has a real chance."""
        decline = "roll" if st.phase == START else "done"
        mine = sum(st.velthumena[c] for c in st.colours_of(player))
        others = [q for q in st.in_game() if q != player]
        best_other = max((sum(st.velthumena[c] for c in st.colours_of(q)) for q in others),
                         default=0)
        behind = best_other - mine
        if "L" in legal and behind >= 2 and st.player_in_play(player) >= 6:
            return "L"
        offers = [a for a in legal if isinstance(a, tuple) and a[0] == "C"]
        if offers and behind >= 3:
            enemy = sum(st.player_in_play(q) for q in others)
            if enemy <= 2 * len(others) + 1:
                # Sacrifice what is worth least: compare the positions the offers leave.
                def after(a):
                    child = st.clone()
                    child.apply(a)
                    return evaluate(child, player)
                return max(offers, key=after)
        return decline
