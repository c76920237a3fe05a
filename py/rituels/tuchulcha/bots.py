"""Tuchulcha bots: "easy" is the engine's RandomBot; "strong" searches.

The strong bot
- plans the rest of its turn: every sequence of moves (single dice and combined attacks),
  memoised on the position, best-first, cut by the budget, each end position scored by
  ``evaluate``;
- treats its own chance nodes exactly: the third die is taken when the average over its six
  outcomes beats keeping two dice; Tuchulcha's discard is the one whose best plan scores most;
- decides role changes (Tuchulcha, Lasa Vecuvia or neither) and, while it holds a role, its
  moves, by a sampled look-ahead over the chance nodes: every candidate is followed by the same
  sampled dice (common random numbers) for every player, played by a one-ply greedy policy, and
  the candidate with the best mean result wins. For a role change the futures run to the end of
  the game (the mean is a win rate under that policy); for a role's moves they run ``horizon``
  rounds and are scored by ``evaluate``. ``role_log`` keeps the values compared (balance study).

``evaluate`` (the search's value: ``search_chances``, i.e. ``win_chances`` plus the count of
end (c) near the end) estimates each player's chance of winning: Tuchulcha's from what his
three dice can hit against how soon an enemy pawn reaches Velthumena, Lasa's from the chance
her dice land on the passages left, the rest shared among the racers by a softmax of race
values (pawns home, progress, minus the expected loss to the opponents' next rolls, combined
attacks included).
"""

from __future__ import annotations

import math
import random

from rituels.engine.actions import verb
from rituels.engine.bots import Bot, Deadline, RandomBot, Think
from rituels.tuchulcha.rules import (
    DISCARD, END, MOVE, OVER, ROLL, ROLL3, START, THIRD, TuchulchaState,
)

__all__ = ["RandomBot", "StrongBot", "evaluate", "search_chances", "win_chances"]

SCALE = 80.0            # race value points per unit of log-odds between two racers
# Chance (out of 36) that two dice bring a pawn exactly d steps forward, d = 1..12 (single die
# or sum, doubles included, intermediate stops not checked): the backgammon shot table.
SHOTS = (0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3)
# Chance (out of 36) that two dice take a pawn at least r steps (r = 1..12): reaching Velthumena.
REACH = (36, 36, 36, 35, 33, 30, 26, 21, 15, 10, 6, 3, 1)
TUCHULCHA_SHOT = 1.4     # Tuchulcha keeps 3 of 4 dice: his shots are that much likelier
STEPS_PER_ROUND = 8.0    # mean steps a player's dice move in a turn (doubles' third die incl.)
# Weights of the race value (points per pawn).
V_PAWN = 40.0            # a pawn in Velthumena
TEMPLE_PAWN = 6.0        # a pawn still safe in its temple
PATH_BASE, PATH_SPAN = 9.0, 24.0   # a pawn on the path: base + span x (fraction of the route)
MYSTIC_PENALTY = 1.5     # a pawn that will have to leave a mystic stone first
RISK_WEIGHT = 0.8        # how much of a group's value an expected hit costs
ROLE_SHARE_CAP = 0.98    # Tuchulcha's and Lasa's chances together never leave the racers less

# End (c) in the search's evaluation (``search_chances``; the analysis' ``win_chances`` is not
# changed): chance that a player with k = 1, 2, 3 pawns in play, all within two dice of
# Velthumena, empties their play within about a round, per unit of the chance their dice reach.
END_HAZARD = (0.0, 0.9, 0.45, 0.15)
END_UNWANTED = 0.5      # an opponent who would lose by ending the game still does this often
END_WITH_TUCHULCHA = False  # ... also while Tuchulcha is in play (an arrival ousts him): not
                            # better vs random (79 % of 43 games, 86 % on the same seeds without)
# Tried (issue 43), not kept: a player emptying its play through passages (the forest) as a
# second end term: 86.0 % against three random (82.0 % without, same seeds), 58.0 % against
# three MCTS (61.0 %), 100 games each, both within noise (docs/games/tuchulcha.md).
END_CAP = 0.9           # the count at the end never takes more than this of the estimate

MIN_SAMPLES, MAX_SAMPLES = 1, 64   # sampled futures per candidate with a time budget
FIXED_SAMPLES = 8        # ... with a leaf budget (reproducible) unless ``samples`` is given
ROLE_MOVE_CANDIDATES = 3  # first moves of a Tuchulcha/Lasa turn compared by sampling
OFFERS_KEPT = 2          # ways to pay a consecration compared by sampling (best by evaluate)
PLAN_SHARE = 0.4         # share of a role turn's time budget spent on the plan, before sampling
# Issue 27 (off with ``previous=True``):
ROLE_Z = 1.0             # a role is taken only if its sampled gain over declining exceeds
                         # ROLE_Z standard errors of the paired (same dice) differences
HARD_GAP = 0.03          # a racer's turn is "hard" when other plans score within this of the best
HARD_LINES = 4           # ... and then up to this many best plans are compared by sampling
RACE_HORIZON = 1         # rounds of sampled future after the racer's turn
MIN_LEFT = 0.1           # share of the budget that must be left to start comparing plans
# Tried and not kept (issue 43): banking the time easy decisions leave and spending up to 0.4 x
# budget more on hard ones (close plans, sampled futures not yet settled) won 22.0 % [16.8,
# 28.2] of 200 four-player games against three bots without it (fair 25 %), on 17 % more CPU:
# at four seats this bot is not short of time (docs/games/tuchulcha.md, issue 43).


def _shot(distance: int) -> float:
    return SHOTS[distance] / 36.0 if 1 <= distance <= 12 else 0.0


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def _groups(st: TuchulchaState) -> list[list]:
    """Per colour, its pawns in play as (source, count): stones, then the temple."""
    out: list[list] = [[] for _ in st.colours]
    for s, occ in enumerate(st.stones):
        if occ:
            out[occ[0]].append((s, occ[1]))
    for c in st.colours:
        if st.temple[c]:
            out[c].append((None, st.temple[c]))
    return out


def _to_go(st: TuchulchaState, colour: int, stone) -> int:
    """Steps a pawn of ``colour`` still needs to enter Velthumena."""
    here = st._lay.step[colour][stone] if stone is not None else 0
    return st.side.last_step + 1 - here


_REACH_TABLES: dict = {}


def _reach_table(st: TuchulchaState, colour: int, src, is_t: bool) -> tuple:
    """The stones one pawn of ``colour`` at ``src`` may land on with a move of d = 1..12
    steps: ((stone, d, chance of missing it), ...), cached per side and place."""
    lay = st._lay
    if is_t:
        key = (st.side.name, -1, src if src is not None else st._lay.entries[colour] - 1)
    else:
        key = (st.side.name, colour, lay.step[colour][src] if src is not None else 0)
    table = _REACH_TABLES.get(key)
    if table is None:
        out = []
        for d in range(1, 13):
            if is_t:
                stone = (key[2] + d) % lay.loop
            elif key[2] + d > st.side.last_step:
                break
            else:
                stone = lay.route[colour][key[2] + d]
            out.append((stone, d, 1.0 - SHOTS[d] / 36.0))
        table = _REACH_TABLES[key] = tuple(out)
    return table


class _Threat:
    """What one colour's next roll may hit: per stone, the chance of a single pawn landing
    there (shot table); on demand, the pairs of its pawns that two dice could bring there
    together (combined attack), or in the old reading the stacks that could land there."""

    __slots__ = ("miss", "tables", "pairs", "factor", "group_moves")

    def __init__(self, st: TuchulchaState, colour: int, groups: list, is_t: bool):
        self.factor = TUCHULCHA_SHOT if is_t else 1.0
        self.group_moves = st.group_moves
        self.tables = [(_reach_table(st, colour, src, is_t), m) for src, m in groups]
        self.pairs = None
        miss = self.miss = [1.0] * st._lay.loop
        for table, _ in self.tables:
            for stone, _, q in table:
                miss[stone] *= q

    def hit(self, stone: int, need: int) -> float:
        """Chance that ``need`` pawns of this colour arrive together on ``stone``."""
        if self.group_moves:
            shot = max((1.0 - q for table, m in self.tables if m >= need
                        for x, _, q in table if x == stone), default=0.0)
            return min(0.95, shot * self.factor)
        if need == 1:
            return min(0.95, (1.0 - self.miss[stone]) * self.factor)
        if need != 2:
            return 0.0
        pairs = self.pairs
        if pairs is None:
            pairs = self.pairs = {}
        p = pairs.get(stone)
        if p is None:
            p = pairs[stone] = self._pair_chance(stone)
        return p

    def _pair_chance(self, stone: int) -> float:
        """The chance two dice let two pawns arrive on ``stone`` at once: the dice show two
        different distances (1..6) of pawns that reach it (2/36 a pair), or a double of a
        distance two pawns share (1/36)."""
        count: dict = {}
        for table, m in self.tables:
            for x, d, _ in table[:6]:
                if x == stone:
                    count[d] = count.get(d, 0) + m
                    break
        k = len(count)
        p = (k * (k - 1) + sum(1 for n in count.values() if n >= 2)) / 36.0
        return min(0.6, p * (2.5 if self.factor > 1 else 1.0))


def _threats(st: TuchulchaState, groups: list) -> dict:
    """Every colour that can hit (not Lasa's, not an out player's) -> its ``_Threat``."""
    tc, lc = st.tuchulcha_colour(), st.lasa_colour()
    out = {}
    for c in st.colours:
        owner = st.owner[c]
        if c == lc or (owner is not None and owner in st.out) or not groups[c]:
            continue
        out[c] = _Threat(st, c, groups[c], c == tc)
    return out


def _race_value(st: TuchulchaState, player: int, groups: list, threats: dict) -> float:
    lay, last = st._lay, st.side.last_step
    tc = st.tuchulcha_colour()
    value = 0.0
    for c in st.colours_of(player):
        value += V_PAWN * st.velthumena[c] + TEMPLE_PAWN * st.temple[c]
        enemies = [(ac, t) for ac, t in threats.items() if ac != c]
        for s, n in groups[c]:
            if s is None:
                continue
            group = n * (PATH_BASE + PATH_SPAN * lay.step[c][s] / last)
            if lay.mystic[s]:
                group -= MYSTIC_PENALTY * n
            safe = 1.0
            for ac, threat in enemies:
                safe *= 1.0 - threat.hit(s, n if ac == tc else n * lay.mult[s])
            value += group - RISK_WEIGHT * (1.0 - safe) * group
    return value


def _tuchulcha_chance(st: TuchulchaState, groups: list, threats: dict) -> float:
    """Tuchulcha wins if his hits clear every enemy pawn from play before one reaches
    Velthumena: compare the pawns to clear with what he can hit in the rounds he has left."""
    t, tc, lasa_c = st.tuchulcha, st.tuchulcha_colour(), st.lasa_colour()
    mine = threats.get(tc)
    enemies, kills, first_home = 0, 0.0, math.inf
    for q in st.in_game():
        if q == t:
            continue
        for c in st.colours_of(q):
            enemies += st.in_play(c)
            for s, n in groups[c]:
                if c != lasa_c:
                    first_home = min(first_home, _to_go(st, c, s))
                if s is not None and n <= 2 and mine:
                    kills += n * mine.hit(s, n)
    if not enemies:
        return 1.0
    rounds = max(0.5, first_home / STEPS_PER_ROUND)
    return _sigmoid(0.9 * ((0.6 + kills) * rounds - enemies))


def _lasa_chance(st: TuchulchaState, groups: list) -> float:
    """Lasa wins by sealing every passage left before the race is over: compare the seals
    needed with her chance per turn of landing on one (empty stones only) and the rounds left."""
    lc = st.lasa_colour()
    stones, loop, seals, passages = st.stones, st._lay.loop, st.seals, st._lay.passages
    left = len(passages) - len(seals)
    if st.in_play(lc) < left:
        return 0.0
    starts = [s for s, _ in groups[lc] if s is not None]
    if st.temple[lc] or st.star[lc]:
        starts.append(st._lay.entries[lc] - 1)
    miss = 1.0
    for s in starts:
        counted = 0
        for k in range(1, loop):
            x = (s + k) % loop
            if stones[x] is None:
                counted += 1
                if counted > 12:
                    break
                if x in passages and x not in seals:
                    miss *= 1.0 - _shot(counted)
                    break
    rate = max(0.05, 1.0 - miss)
    work = math.inf        # rounds until the first racer has nothing left in play
    for q in st.in_game():
        if q in (st.lasa, st.tuchulcha):
            continue
        steps = sum(_to_go(st, c, s) * n for c in st.colours_of(q) for s, n in groups[c])
        work = min(work, steps / STEPS_PER_ROUND)
    rounds = 12.0 if work == math.inf else max(1.0, work)
    return _sigmoid(1.2 * (rate * rounds - left + 0.5))


def win_chances(st: TuchulchaState) -> list[float]:
    """Each player's estimated chance of winning (exact shares at the end of the game): the
    analysis' estimate (chances.py calibrates it on games; keep it apart from the search's
    ``search_chances`` so a change to the bot does not move that calibration)."""
    out = [0.0] * st.num_players
    if st.phase == OVER:
        won = st.winners()
        for q in won:
            out[q] = 1.0 / len(won)
        return out
    groups = _groups(st)
    threats = _threats(st, groups)
    if st.tuchulcha is not None:
        out[st.tuchulcha] = _tuchulcha_chance(st, groups, threats)
    if st.lasa is not None:
        out[st.lasa] = _lasa_chance(st, groups)
    racers = [q for q in st.in_game() if q not in (st.tuchulcha, st.lasa)]
    roles = sum(out)
    if not racers:
        return [v / roles for v in out] if roles else out
    if roles > ROLE_SHARE_CAP:
        out = [v * ROLE_SHARE_CAP / roles for v in out]
        roles = ROLE_SHARE_CAP
    values = {q: _race_value(st, q, groups, threats) for q in racers}
    top = max(values.values())
    weights = {q: math.exp((v - top) / SCALE) for q, v in values.items()}
    total = sum(weights.values())
    for q in racers:
        out[q] = (1.0 - roles) * weights[q] / total
    return out


def _end_hazards(st: TuchulchaState) -> list:
    """(player q, chance q ends the game by (c) soon by bringing its last pawns home) for the
    racers close to it: k <= 3 pawns in play, each within two dice of Velthumena. With
    Tuchulcha in play too: that arrival puts him out of the game, and then the count decides."""
    near = {}
    for q in st.in_game():
        if q == st.tuchulcha:
            continue
        k = st.player_in_play(q)
        if 0 < k < len(END_HAZARD):
            near[q] = k
    if not near:
        return []
    colour_of = {c: q for q in near for c in st.colours_of(q)}
    reach: dict = {q: 1.0 for q in near}
    for c, q in colour_of.items():
        if st.temple[c] or st.star[c]:
            reach[q] = 0.0
    for s, occ in enumerate(st.stones):
        if occ and occ[0] in colour_of:
            q = colour_of[occ[0]]
            if reach[q]:
                go = _to_go(st, occ[0], s)
                reach[q] *= (REACH[go] / 36.0 if go <= 12 else 0.0) ** occ[1]
    return [(q, END_HAZARD[near[q]] * reach[q]) for q in near if reach[q] > 0.0]


def _end_value(st: TuchulchaState, ender: int, k: int, player: int) -> float:
    """``player``'s value (as in ``evaluate``) if ``ender`` brings its last ``k`` pawns home
    now: most pawns in Velthumena, then most still in play (end (c), revised), Tuchulcha out."""
    vel = st.velthumena
    score = {}
    for q in st.in_game():
        if q == st.tuchulcha:
            continue
        home = sum(vel[c] for c in st.colours_of(q))
        score[q] = (home + k, 0) if q == ender else (home, st.player_in_play(q))
    best = max(score.values())
    won = [q for q, v in score.items() if v == best]
    return 1.0 / len(won) ** 2 if player in won else 0.0


def search_chances(st: TuchulchaState, player: int) -> float:
    """The strong bot's search value of a position not over: ``win_chances`` (the analysis'
    estimate, unchanged) blended, while no role is in play (``END_WITH_TUCHULCHA``), with the
    count of end (c) when a player is about to empty their play: the bot sees that a tie on
    arrivals is decided by pawns still in play, so emptying its own play while tied loses, and
    an opponent close to ending the game makes arrivals and pawns kept in play count as at the
    end."""
    race = win_chances(st)[player]
    if st.lasa is not None or (not END_WITH_TUCHULCHA and st.tuchulcha is not None):
        return race
    hazards = _end_hazards(st)
    if not hazards:
        return race
    total, mixed = 0.0, 0.0
    for q, h in hazards:
        end = _end_value(st, q, st.player_in_play(q), player)
        if q == player:
            if end < race:
                continue        # its own choice: it will not end the game to lose it
        elif _end_value(st, q, st.player_in_play(q), q) == 0.0:
            h *= END_UNWANTED
        total += h
        mixed += h * end
    if total > END_CAP:
        mixed *= END_CAP / total
        total = END_CAP
    return (1.0 - total) * race + mixed


def evaluate(st: TuchulchaState, player: int) -> float:
    """How good ``st`` is for ``player``, 0..1: at the end 1 for a win alone, 1/k² for a win
    shared by k (a shared win is worth less than its share, so the bot plays to win rather than
    ending the game in a tie), 0 for a loss; otherwise ``search_chances`` (1/n when even)."""
    if st.phase == OVER:
        won = st.winners()
        return 1.0 / len(won) ** 2 if player in won else 0.0
    if player in st.out:
        return 0.0
    return search_chances(st, player)


def _roll(st: TuchulchaState, rng: random.Random):
    """A sampled roll, as the chance action (the same law as ``chance_outcomes()``)."""
    n = st._dice_rolled()
    return ("dice", tuple(sorted((rng.randint(1, 6) for _ in range(n)), reverse=True)))


def greedy_action(st: TuchulchaState, rng: random.Random):
    """The look-ahead's policy for every player: roll without changing role, take the third
    die, discard Tuchulcha's lowest die, and play each move that ``evaluate`` likes best
    one move ahead."""
    ph = st.phase
    if ph in (ROLL, ROLL3):
        return _roll(st, rng)
    if ph == START:
        return "roll"
    if ph == END:
        return "done"
    if ph == THIRD:
        return "third"
    legal = st.legal_actions()
    if ph == DISCARD or len(legal) == 1:
        return legal[-1]
    mover = st.player
    best, best_a = -1.0, legal[0]
    for a in legal:
        child = st.clone()
        child.apply(a)
        value = evaluate(child, mover)
        if value > best:
            best, best_a = value, a
    return best_a


def _clearly_better(values: list, base: list) -> bool:
    """The paired differences (same sampled dice) are positive by more than ``ROLE_Z``
    standard errors."""
    n = len(values)
    diffs = [a - b for a, b in zip(values, base)]
    mean = sum(diffs) / n
    if n < 2:
        return mean > 0.5
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > 0 and mean > ROLE_Z * math.sqrt(var / n)


class StrongBot(Bot):
    """Turn planner with exact own chance nodes, sampled look-ahead for roles (module doc).

    ``budget_s`` bounds the thinking time; ``max_leaves`` (when set) bounds the positions
    evaluated by the turn planner instead, and the look-ahead then uses ``samples`` futures per
    candidate (default ``FIXED_SAMPLES``), for reproducible tests and studies. ``horizon`` is
    the depth in rounds of the look-ahead for a role's moves."""

    level = "strong"

    def __init__(self, seed: int = 0, budget_s: float = 0.6, max_leaves: int | None = None,
                 samples: int | None = None, horizon: int = 2, previous: bool = False):
        super().__init__(seed)
        self.previous = previous   # this landing's changes off (issue 27's "previous" bot)
        self.budget_s = budget_s
        self.max_leaves = max_leaves
        self.samples = samples if samples or max_leaves is None else FIXED_SAMPLES
        self.horizon = horizon
        self.role_log: list[dict] = []

    # --- entry point ----------------------------------------------------------------------
    def think(self, state: TuchulchaState, player: int) -> Think:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self._deadline = Deadline(self.budget_s, clock=self.clock)
        self._leaves = 0
        self._stop_leaves = self.max_leaves
        self._stop_time = self._deadline.end
        phase = state.phase
        if phase == MOVE:
            if player in (state.tuchulcha, state.lasa):
                return (yield from self._role_move(state, player, legal))
            if self.previous or self.max_leaves is not None:
                _, action = yield from self._plan(state, player, {})
                return action if action is not None else legal[0]
            return (yield from self._race_move(state, player, legal))
        if phase == THIRD:
            return (yield from self._third_die(state, player))
        if phase == DISCARD:
            return (yield from self._best_child(state, player, legal))
        if phase in (START, END):
            return (yield from self._role_change(state, player, legal))
        return self.rng.choice(legal)

    # --- turn planner ---------------------------------------------------------------------
    def _out_of_budget(self) -> bool:
        if self._stop_leaves is not None:
            return self._leaves >= self._stop_leaves
        return self._deadline.now() >= self._stop_time

    def _share_budget(self, parts: int) -> None:
        """Give the next of ``parts`` remaining sub-searches its fair share of the budget
        (so the first outcome of a die does not eat the time of the others)."""
        if self.max_leaves is not None:
            self._stop_leaves = self._leaves + max(1, (self.max_leaves - self._leaves) // parts)
        else:
            now = self._deadline.now()
            self._stop_time = now + max(0.0, self._deadline.end - now) / parts

    def _leaf(self, st: TuchulchaState, player: int) -> float:
        self._leaves += 1
        return evaluate(st, player)

    def _plan(self, st: TuchulchaState, player: int, memo: dict, scores: list | None = None):
        """Best value reachable by the rest of ``player``'s turn, and the first action (with
        ``scores``: also every first action's value, best-first)."""
        if st.phase != MOVE or st.player != player:
            return self._leaf(st, player), None
        key = st._pos_key()
        if key in memo and scores is None:
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
            over = best_a is not None and self._out_of_budget()
            if over and scores is None:
                break
            if not over and child.phase == MOVE and child.player == player:
                value, _ = yield from self._plan(child, player, memo)
            else:
                value = quick
            if scores is not None:
                scores.append((value, a))
            if value > best:
                best, best_a = value, a
        memo[key] = best
        if scores is not None:
            scores.sort(key=lambda t: -t[0])
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

    # --- sampled look-ahead ---------------------------------------------------------------
    def _rollout(self, st: TuchulchaState, player: int, rng: random.Random,
                 rounds: int | None):
        """Play ``rounds`` rounds (None: to the end) from ``st`` with the greedy policy;
        ``player``'s value there."""
        turns = rounds * len(st.in_game()) if rounds else -1
        last = st.player
        while st.phase != OVER:
            if st.player != last:
                last = st.player
                turns -= 1
                if turns == 0:
                    break
            if self._deadline.yield_due():
                yield
            st.apply(greedy_action(st, rng))
        return evaluate(st, player)

    def _sampled_values(self, st: TuchulchaState, player: int, candidates: list,
                        rounds: int | None):
        """Mean value of each candidate over the same sampled futures of ``rounds`` rounds
        (None: to the end of the game); and how many futures."""
        per: list[list[float]] = [[] for _ in candidates]
        lo, hi = (self.samples, self.samples) if self.samples else (MIN_SAMPLES, MAX_SAMPLES)
        n, took = 0, 0.0
        # With a clock, start another round of futures only if it should end in time.
        now = self._deadline.now
        while n < hi and (n < lo or now() + took < self._deadline.end):
            began = now()
            seed = self.rng.randrange(1 << 30)
            for i, a in enumerate(candidates):
                if st is None:          # the candidates are positions already
                    child = a.clone()
                else:
                    child = st.clone()
                    child.apply(a)
                per[i].append((yield from self._rollout(child, player, random.Random(seed),
                                                        rounds)))
            n += 1
            took = now() - began
        return [sum(v) / n for v in per], n, per

    def _race_move(self, st: TuchulchaState, player: int, legal: list):
        """A racer's move: the turn planner; when other first moves' plans score close to the
        best (a hard turn) and budget is left, the best few plans are played to the end of the
        turn and compared by sampled futures of ``RACE_HORIZON`` rounds (same dice for each)."""
        memo: dict = {}
        scores: list = []
        yield from self._plan(st, player, memo, scores)
        if not scores:
            return legal[0]
        top = scores[0][0]
        close = [a for v, a in scores[:HARD_LINES] if top - v <= HARD_GAP]
        left = self._deadline.end - self._deadline.now()
        if len(close) < 2 or left < MIN_LEFT * self.budget_s:
            return scores[0][1]
        self._stop_time = self._deadline.end
        ends = []
        for a in close:
            child = st.clone()
            child.apply(a)
            self._finish_line(child, player, memo)
            ends.append(child)
        values, _, _ = yield from self._sampled_values(None, player, ends, RACE_HORIZON)
        return close[max(range(len(close)), key=values.__getitem__)]

    def _finish_line(self, st: TuchulchaState, player: int, memo: dict) -> None:
        """Play the rest of ``player``'s turn along the planner's values (memo), in place."""
        while st.phase == MOVE and st.player == player:
            best, best_a = -1.0, None
            for a in st.legal_actions():
                child = st.clone()
                child.apply(a)
                value = None
                if child.phase == MOVE and child.player == player:
                    value = memo.get(child._pos_key())
                if value is None:
                    value = evaluate(child, player)
                if value > best:
                    best, best_a = value, a
            st.apply(best_a)

    def _role_move(self, st: TuchulchaState, player: int, legal: list):
        """Tuchulcha's or Lasa's move: the planner's best first moves, then sampled futures."""
        if self.max_leaves is None:
            self._stop_time = self._deadline.start + PLAN_SHARE * self.budget_s
        scores: list = []
        yield from self._plan(st, player, {}, scores)
        candidates = [a for _, a in scores[:ROLE_MOVE_CANDIDATES]]
        if len(candidates) < 2:
            return candidates[0] if candidates else legal[0]
        values, _, _ = yield from self._sampled_values(st, player, candidates, self.horizon)
        return candidates[max(range(len(candidates)), key=values.__getitem__)]

    def _role_change(self, st: TuchulchaState, player: int, legal: list):
        """Compare declining, the best ways to pay a Tuchulcha consecration and Lasa by
        sampled futures; log the values compared."""
        decline = "roll" if st.phase == START else "done"
        offers = [a for a in legal if verb(a) == "C"]
        if len(offers) > OFFERS_KEPT:    # which pawns to pay with: the evaluation decides
            def after(a):
                child = st.clone()
                child.apply(a)
                return evaluate(child, player)
            offers = sorted(offers, key=after, reverse=True)[:OFFERS_KEPT]
        candidates = [decline] + offers + (["L"] if "L" in legal else [])
        values, n, per = yield from self._sampled_values(st, player, candidates, None)
        best = max(range(len(candidates)), key=values.__getitem__)
        if best and not self.previous and not _clearly_better(per[best], per[0]):
            best = 0            # the futures do not say the role wins more: keep racing
        entry = {"phase": st.phase, "decline": values[0], "samples": n,
                 "chosen": st.action_to_str(candidates[best])}
        if offers:
            entry["tuchulcha"] = max(values[1:1 + len(offers)])
        if "L" in legal:
            entry["lasa"] = values[-1]
        self.role_log.append(entry)
        return candidates[best]
