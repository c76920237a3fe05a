"""Win chances of recorded positions, the curve of a whole game, its key moments and the
review of each person's decisions (docs/analysis.md).

A game may offer its own estimate (``Game.win_chances``, Tuchulcha's and Wongar's): it is used
as is (Wongar's reads public information only, ``Game.public_chances``, so hidden hands do not
change it). A game may offer one for the move review and the coach (``Game.review_chances``,
Wongar's, the same): each choice is judged by it, the mover's next steps played as it likes
best.
Otherwise the estimator is Monte-Carlo: from a position, play the game out many times with
uniformly random choices and exact chance draws, and count who wins (a shared win counts 1/k).
It only needs the game protocol, so every game gets it through the registry. Each estimate has its own
random stream seeded from (seed, position, label): the same record analysed twice gives the
same numbers, and the children compared in a move review share one stream (common random
numbers), so their differences are not drowned in noise.

In a hidden-hand game the estimate uses only what was public at that moment: each playout
starts from a world where every hand is redrawn consistently with what the table saw, unless
the caller says hands are revealed.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any, Iterator

from rituels.engine.game import get_game
from rituels.engine.history import History
from rituels.engine.state import (CHANCE, GameState, sample_chance, sample_uniform,
                                  turn_owner)

# Playouts per estimate. Picked so a whole 4-player game stays within its time target (see
# `python3 -m rituels bench --only analysis`). Tuchulcha needs none: it has its own estimate.
PLAYOUTS = {"cthulhu-dice": 240}
# Wongar uses none: its game's own estimate (win_chances, public; random playouts are too flat
# to judge one Wongar decision and too noisy to add up over a game, docs/analysis.md).
REVIEW_PLAYOUTS = {"cthulhu-dice": 240}
COACH_PLAYOUTS = {"cthulhu-dice": 120}    # answer within ~1 s
# Random playouts ignore that strong players gang up on the leader, so raw estimates are too
# sure of the leader. Estimates are drawn towards an even share of the playouts' total by
# this factor, fitted on fitting games (rituels.tools.fit_chances; on the fixed-search games:
# Cthulhu Dice 0.895 on ~3,000 with NOBODY) and checked on the bench's checking games.
SHRINK = {"cthulhu-dice": 0.895}
# Some games can end with no winner (Cthulhu Dice: everyone mad). Strong players reach that
# end more often than random playouts: the chance that nobody wins is the playouts' share of
# such ends times this factor (fitted on fitting games: the ratio of the means), and the
# players' chances are scaled to what is left. 1: the playouts' share as it is.
NOBODY = {"cthulhu-dice": 1.224}
# The last step: a monotone map of each player's estimate (knots (estimate, won), linear
# between them, flat beyond), then the players' chances are scaled back to their sum (the
# chance that nobody wins is kept). Strong players gang up on a leader, which neither
# estimate sees whole. The kind of map (logistic,
# isotonic with large blocks, none) is chosen by cross-validation on the fitting records,
# fitted on them only (`python3 -m rituels.tools.fit_chances GAME --map`) and checked on the
# bench's checking games (docs/analysis.md).
CALIBRATION: dict[str, tuple[tuple[float, float], ...]] = {
    # logistic, seeds 0-999 and 3000-22999 (21,000 games), with NOBODY
    "cthulhu-dice": ((0.0, 0.008), (0.01, 0.008), (0.02, 0.008), (0.04, 0.021), (0.06, 0.071),
                     (0.08, 0.096), (0.1, 0.12), (0.13, 0.153), (0.16, 0.202), (0.2, 0.226),
                     (0.25, 0.251), (0.3, 0.299), (0.35, 0.335), (0.4, 0.375), (0.45, 0.416),
                     (0.5, 0.422), (0.55, 0.523), (0.6, 0.598), (0.65, 0.688), (0.7, 0.826),
                     (0.75, 0.889), (0.8, 1.0), (0.85, 1.0), (0.9, 1.0), (0.95, 1.0),
                     (1.0, 1.0)),
    # isotonic/6 (chosen by cross-validation), seeds 0-373 (374 games), on wongar/chances.py's
    # softmax, which alone was too sure between 40 and 70 % (44.5 given, 31.4 won, n=103);
    # checked on seeds 1000-1469: every bucket of >= 50 within ±7 (docs/analysis.md)
    "wongar": ((0.005, 0.0), (0.054, 0.088), (0.14, 0.16), (0.245, 0.26), (0.607, 0.598)),
    # logistic, seeds 0-999 and 3000-3899 (1,900 games), on top of tuchulcha/chances.py's map
    "tuchulcha": ((0.0, 0.0), (0.01, 0.0), (0.02, 0.038), (0.04, 0.038), (0.06, 0.045),
                  (0.08, 0.069), (0.1, 0.132), (0.13, 0.132), (0.16, 0.173), (0.2, 0.24),
                  (0.25, 0.299), (0.3, 0.299), (0.35, 0.423), (0.4, 0.551), (0.45, 0.556),
                  (0.5, 0.579), (0.55, 0.579), (0.6, 0.579), (0.65, 0.579), (0.7, 0.664),
                  (0.75, 0.818), (0.8, 0.862), (0.85, 0.862), (0.9, 1.0), (0.95, 1.0),
                  (1.0, 1.0)),
}
# A decision with more choices is reviewed on a seeded sample of them (and the one played).
MAX_REVIEWED_CHOICES: dict[str, int] = {}
DEFAULT_REVIEWED_CHOICES = 24
# Chance lost against the best choice found, in points of percentage.
THRESHOLDS = ((20.0, "blunder"), (10.0, "mistake"), (5.0, "inaccuracy"))
# Luck (docs/analysis.md): each chance event's outcomes are estimated, at most this many (a
# seeded sample by probability beyond: its mean is the average over every outcome), with
# this many playouts each (Monte-Carlo games; the children of one event share one stream).
LUCK_OUTCOMES = 12
LUCK_PLAYOUTS = {"cthulhu-dice": 60}
# A Monte-Carlo point that moved by more than SWING from the previous one is estimated again
# with MORE times the playouts (Job._point).
SWING, MORE = 0.2, 4
# The roll after a reviewed choice (turn_value) is averaged over at most this many outcomes
# (Tuchulcha's four dice have 126: a fixed sample by probability, the same for every choice
# compared; half of a whole analysis went there).
REVIEW_OUTCOMES = 24
MAX_PLAYOUT_ACTIONS = 5000
MAX_FINISH_STEPS = 12      # a turn's own steps played out after a reviewed choice (turn_value)


_SAMPLES: dict[tuple[int, str], list[int]] = {}


def outcome_sample(outcomes: list[tuple[Any, Any]], most: int) -> list[tuple[Any, float]]:
    """``outcomes`` (with their probabilities) as they are, or beyond ``most`` a fixed
    sample of ``most`` drawn by probability, each weighing 1/most (unbiased for the mean).
    Fixed per number of outcomes and first probability: the same rolls for every position
    compared, and the same numbers at every run."""
    if len(outcomes) <= most:
        return outcomes
    key = (len(outcomes), str(outcomes[0][1]))
    if key not in _SAMPLES:
        rng = random.Random(f"outcomes:{key[0]}:{outcomes[0][1]}")
        _SAMPLES[key] = rng.choices(range(len(outcomes)),
                                    weights=[float(p) for _, p in outcomes], k=most)
    return [(outcomes[i][0], 1.0 / most) for i in _SAMPLES[key]]


def grade(loss_points: float) -> str:
    """"blunder", "mistake", "inaccuracy" or "" for a loss in points of percentage."""
    for limit, name in THRESHOLDS:
        if loss_points >= limit:
            return name
    return ""


def apply_map(chances: list[float], knots: tuple[tuple[float, float], ...]) -> list[float]:
    """``chances`` through the monotone map ``knots``, rescaled to their former sum."""
    if not knots:
        return chances
    mapped = []
    for c in chances:
        if c <= knots[0][0]:
            mapped.append(knots[0][1])
            continue
        for (x0, y0), (x1, y1) in zip(knots, knots[1:]):
            if c <= x1:
                mapped.append(y0 + (y1 - y0) * (c - x0) / (x1 - x0) if x1 > x0 else y1)
                break
        else:
            mapped.append(knots[-1][1])
    total, before = sum(mapped), sum(chances)
    return [m * before / total for m in mapped] if total > 0 else chances


def public_world(state: GameState, rng: random.Random) -> GameState:
    """A copy in which every hidden card is redrawn from what the table saw. Redrawing from
    player 0's view keeps 0's hand; redrawing that copy from player 1's view then redraws
    0's hand too (1's is already a redraw). One more round of this chain (Gibbs sampling)
    weakens what the first redraw still owed to 0's real hand (docs/analysis.md)."""
    world = state
    for _ in range(2 if state.num_players > 1 else 0):
        world = world.resample_hidden(0, rng).resample_hidden(1, rng)
    return world if world is not state else state.clone()


def playout(state: GameState, rng: random.Random) -> list[float]:
    """Play ``state`` (a copy, changed in place) to the end at random; its returns."""
    for _ in range(MAX_PLAYOUT_ACTIONS):
        player = state.current_player()
        if player == CHANCE:
            state.apply(sample_chance(state, rng))
        elif state.is_terminal():
            return state.returns()
        else:
            state.apply(sample_uniform(state.legal_actions(), rng))
    return [1.0 / state.num_players] * state.num_players   # never seen; counts as even


class Estimator:
    """Win chances of positions of one game. ``hidden``: estimate from public information
    only (hidden-hand games whose hands are not revealed)."""

    def __init__(self, game_id: str, *, seed: int = 0, review_playouts: int | None = None,
                 hidden: bool = False):
        self.game_id = game_id
        self.seed = seed
        self.playouts = PLAYOUTS.get(game_id, 32)
        self.review_playouts = review_playouts or REVIEW_PLAYOUTS.get(game_id, 16)
        game = get_game(game_id)
        self.hidden = hidden and game.hidden_information
        self.shrink = SHRINK.get(game_id, 1.0)
        self.nobody = NOBODY.get(game_id, 1.0)
        self.value = game.win_chances      # the game's own estimate, when it offers one
        self.review_value = game.review_chances   # its own for the review (Wongar)
        # the game's own estimate, evaluated as it is: deterministic (one evaluation), and
        # either every hand is shown or it reads public information only (Wongar's)
        self.direct = self.value is not None and (not self.hidden or game.public_chances)
        self.knots = CALIBRATION.get(game_id, ())

    def rng(self, *key: Any) -> random.Random:
        return random.Random(":".join(str(k) for k in (self.game_id, self.seed) + key))

    def chances(self, state: GameState, *key: Any, playouts: int | None = None,
                viewer: int | None = None) -> list[float]:
        """Each player's chance to win from ``state`` (0..1; they sum to at most 1).
        ``viewer``: hidden cards are redrawn as that player sees them (their own hand is
        known to them); None: as the table sees them."""
        if state.is_terminal():
            return list(state.returns())
        if self.direct:
            # deterministic: one evaluation is enough
            return apply_map(list(self.value(state)), self.knots)
        rng = self.rng(*key)
        n = playouts or self.playouts
        totals = [0.0] * state.num_players
        for _ in range(n):
            if not self.hidden:
                world = state.clone()
            elif viewer is None:
                world = public_world(state, rng)
            else:
                world = state.resample_hidden(viewer, rng)
            values = playout(world, rng) if self.value is None else self.value(world)
            for p, r in enumerate(values):
                totals[p] += r
        return apply_map(self.honest([x / n for x in totals]), self.knots)

    def honest(self, raw: list[float]) -> list[float]:
        """The playouts' win shares ``raw`` drawn towards an even share of their sum, then
        scaled so they leave room for the chance that nobody wins (``NOBODY``)."""
        won = sum(raw)
        if won <= 0:
            return raw
        even = won / len(raw)
        scale = max(0.0, 1.0 - self.nobody * (1.0 - won)) / won
        return [scale * (even + self.shrink * (r - even)) for r in raw]

    def choices(self, state: GameState, *key: Any,
                playouts: int | None = None) -> list[tuple[Any, float]]:
        """The decision at ``state``: (action, the mover's chance after it), best first.
        Every child is estimated with the same random stream. Many choices: a seeded sample
        (the chosen one is added by the caller when it matters)."""
        player = state.current_player()
        actions = list(state.legal_actions())
        most = MAX_REVIEWED_CHOICES.get(self.game_id, DEFAULT_REVIEWED_CHOICES)
        if len(actions) > most:
            actions = self.rng(*key, "sample").sample(actions, most)
        return self.rank(state, player, actions, *key, playouts=playouts)

    def rank(self, state: GameState, player: int, actions: list[Any], *key: Any,
             playouts: int | None = None) -> list[tuple[Any, float]]:
        out = []
        for action in actions:
            child = state.clone()
            child.apply(action)
            if self.review_value is not None:
                value = self.own_steps_value(child, player)
            elif self.direct:
                value = self.turn_value(child, player)
            else:
                value = self.chances(child, *key, "child", viewer=player,
                                     playouts=playouts or self.review_playouts)[player]
            out.append((action, value))
        out.sort(key=lambda pair: -pair[1])
        return out

    def settled(self, state: GameState, *key: Any, playouts: int | None = None) -> list[float]:
        """Every player's chance at ``state``, the mover's next steps first played as the
        game's own estimate likes best (a roll is worth what it lets the mover do: "played
        well"). Monte-Carlo games: the estimate as it is (its playouts play the rest); so is a
        game with a review estimate of its own (Wongar: its estimate read on the board as it
        stands, everywhere in the chain, so a run's after and the next event's before are one
        number; docs/analysis.md)."""
        if not self.direct or self.review_value is not None:
            return self.chances(state, *key, playouts=playouts)
        player = state.current_player()
        for _ in range(MAX_FINISH_STEPS):
            if state.is_terminal() or state.current_player() != player or player < 0:
                break
            state = self.best_step(state, player)
        return self.chances(state)

    def own_steps_value(self, state: GameState, player: int) -> float:
        """``player``'s chance by the game's review estimate once their next steps from
        ``state`` are played as it likes best (up to a draw or another player's decision):
        a card taken is judged with its tokens placed, a ritual card with its effect."""
        for _ in range(MAX_FINISH_STEPS):
            if state.is_terminal() or state.current_player() != player:
                break
            state = self.best_step(state, player, self.review_value)
        # on the curve's scale (mapped) when it is the curve's estimate too (Wongar's): a
        # decision's loss is then part of what the chain shows (docs/analysis.md)
        return (self.chances(state) if self.direct else self.review_value(state))[player]

    def best_step(self, state: GameState, player: int, value: Any = None) -> GameState:
        """The position after the choice the game's own estimate (or ``value``) likes best
        for ``player``."""
        value_of = value or self.value
        best_value = -1.0
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            value = (child.returns() if child.is_terminal() else value_of(child))[player]
            if value > best_value:
                best, best_value = child, value
        return best

    def luck(self, state: GameState, outcome: Any, *key: Any) -> tuple[list[float], list[float]]:
        """A chance event at ``state`` whose outcome was ``outcome``: (every player's chance
        after it, their average over all outcomes), each from :meth:`settled`. Luck is the
        first minus the second."""
        outcomes = state.chance_outcomes()
        playouts = LUCK_PLAYOUTS.get(self.game_id)

        def after(action: Any) -> list[float]:
            child = state.clone()
            child.apply(action)
            return self.settled(child, *key, "luck", playouts=playouts)

        if len(outcomes) == 1:
            # nothing else could come: no luck; the chance after it is both numbers, so the
            # identity's chain of values goes through the event (docs/analysis.md)
            values = after(outcome)
            return values, list(values)
        if len(outcomes) > LUCK_OUTCOMES:
            # a sample of this event's own (seeded): a sample fixed for every event would
            # bias every luck the same way, and they add up over a game
            rng = self.rng(*key, "outcomes")
            drawn = rng.choices([a for a, _ in outcomes], k=LUCK_OUTCOMES,
                                weights=[float(p) for _, p in outcomes])
            outcomes = [(a, 1.0 / LUCK_OUTCOMES) for a in drawn]
        mean = [0.0] * state.num_players
        actual = None
        for action, p in outcomes:
            values = after(action)
            if action == outcome:
                actual = values
            for q, v in enumerate(values):
                mean[q] += float(p) * v
        return (actual if actual is not None else after(outcome)), mean

    def turn_value(self, state: GameState, player: int, rolls: int = 1) -> float:
        """``player``'s chance once the rest of their turn from ``state`` is played, each step
        the one the game's estimate likes best for them; the turn's next roll is averaged
        exactly over its outcomes (``rolls`` levels, then the estimate is taken as it stands).
        So a choice is judged with the turn's other dice played, not left in hand or unrolled."""
        for _ in range(MAX_FINISH_STEPS):
            mover = state.current_player()
            if state.is_terminal():
                return state.returns()[player]
            if mover == CHANCE and rolls > 0:
                total = 0.0
                for outcome, p in outcome_sample(state.chance_outcomes(), REVIEW_OUTCOMES):
                    child = state.clone()
                    child.apply(outcome)
                    total += float(p) * self.turn_value(child, player, rolls - 1)
                return total
            if mover != player:
                break
            state = self.best_step(state, player)
        return self.chances(state)[player]     # the curve's scale: mapped as it is


@dataclass
class Review:
    """One person's decision: at ``index`` (the action's index in the record)."""

    index: int
    player: int
    chosen: str                   # notation
    best: str                     # notation of the best choice found
    chosen_chance: float
    best_chance: float
    floor: str = ""               # a grade the rules give it at least (Game.clear_error)

    @property
    def loss(self) -> float:
        """Points of percentage lost against the best choice found."""
        return max(0.0, (self.best_chance - self.chosen_chance) * 100.0)

    @property
    def grade(self) -> str:
        found = grade(self.loss)
        ranks = [name for _, name in THRESHOLDS]      # worst first
        if self.floor and (not found or ranks.index(self.floor) < ranks.index(found)):
            return self.floor
        return found


@dataclass
class Luck:
    """A chance event at ``index``: every player's chance after the outcome drawn and their
    average over all outcomes (same estimator). ``mover``: whose roll or draw it was, if the
    game says (else the next player to decide)."""

    index: int
    mover: int
    after: list[float]
    mean: list[float]

    def of(self, player: int) -> float:
        return self.after[player] - self.mean[player]


@dataclass
class Run:
    """Consecutive decisions of one ``player`` (actions ``start`` to ``end``, no chance event
    between): every player's chance before the first and after the last, from the same
    estimator as the luck's (:meth:`Estimator.settled`). The links of the identity's chain
    between chance events (docs/analysis.md)."""

    start: int
    end: int
    player: int
    before: list[float]
    after: list[float]


@dataclass
class Summary:
    """One player's luck and skill over a game (GNU Backgammon's definitions). ``rest``:
    what the result owes to neither: result − initial = luck + skill + rest, exactly, and the
    rest is declared term by term, each a sum over the game's events from the same
    estimator values (docs/analysis.md): result − initial = luck + skill + others_decisions
    + unreviewed_decisions + estimator_drift, to rounding."""

    player: int
    initial: float
    result: float
    luck: float
    skill: float             # minus the chance lost by their reviewed decisions
    reviewed: int
    errors: dict[str, int]
    rest: float
    # how much the other players' decisions moved this player's chance
    others_decisions: float = 0.0
    # how much this player's own decisions that were not reviewed (a bot's) moved it
    unreviewed_decisions: float = 0.0
    # what the estimator's values disagree by where they meet: a run of decisions' move
    # beside its skill (best choice's value against the value before, chosen's against the
    # value after), and two estimates of one position (before a roll: the value after the
    # previous event against the average over the outcomes; the curve's first and last
    # point against the chain's)
    estimator_drift: float = 0.0
    # how much this player's own decisions moved their chance (every run of theirs, after −
    # before, reviewed or not): the skill is part of it (the loss against the best choice)
    own_decisions: float = 0.0

    @property
    def turns(self) -> float:
        """Own decisions without their losses: what the player's turns changed to their chance,
        the losses against the best choices found put back (a bot not reviewed: its decisions'
        whole effect). An estimate that does not count ahead what a turn brings sees every
        turn gain (the others' turns take it back): the skill is measured against that."""
        return self.own_decisions - self.skill

    @property
    def estimate_gap(self) -> float:
        """What the shown sum leaves (docs/analysis.md): result − initial − luck − own
        decisions − others' decisions: only where two of the estimator's values meet on one
        position (before a draw: the value after the previous event against the average over
        the outcomes; the curve's first and last points against the chain's)."""
        return (self.result - self.initial - self.luck - self.own_decisions
                - self.others_decisions)

    @property
    def mean_loss(self) -> float:
        """Points of percentage lost per reviewed decision."""
        return -self.skill * 100.0 / self.reviewed if self.reviewed else 0.0

    @property
    def adjusted(self) -> float:
        """The luck-adjusted result: the result without the luck. Not a chance: a winner
        whose dice were bad is above 1 (1 − (−0.14) = 1.14), a loser helped by them below 0."""
        return self.result - self.luck

    @property
    def adjusted_gain(self) -> float:
        """The luck-adjusted result against the player's chance at the start (shown before
        issue 42: points of win chance gained or lost without the luck, = skill + rest)."""
        return self.adjusted - self.initial


@dataclass
class Analysis:
    """The result, filled step by step. ``points``: (position, chances per player) at the
    start and after every turn; ``reviews``: people's decisions, by action index."""

    game_id: str
    names: list[str]
    hidden: bool
    points: list[tuple[int, list[float]]] = field(default_factory=list)
    reviews: dict[int, Review] = field(default_factory=dict)
    lucks: dict[int, Luck] = field(default_factory=dict)
    runs: dict[int, Run] = field(default_factory=dict)
    done: bool = False

    def summaries(self) -> list[Summary]:
        """Each player's luck and skill (a finished analysis: the last point is the result)."""
        if not self.points:
            return []
        first, last = self.points[0][1], self.points[-1][1]
        losses = self.run_losses()
        out = []
        for p in range(len(self.names)):
            mine = [r for r in self.reviews.values() if r.player == p]
            errors = {name: sum(1 for r in mine if r.grade == name) for _, name in THRESHOLDS}
            luck = sum(e.of(p) for e in self.lucks.values())
            skill = -sum(r.loss for r in mine) / 100.0
            others, unreviewed, drift = self.terms(p, losses)
            own = sum(r.after[p] - r.before[p] for r in self.runs.values() if r.player == p)
            out.append(Summary(p, first[p], last[p], luck, skill, len(mine), errors,
                               last[p] - first[p] - luck - skill, others, unreviewed, drift,
                               own))
        return out

    def links(self) -> list[tuple[int, list[float], list[float], Any]]:
        """The identity's chain: (first action, chances before, chances after, the event: a
        Luck or a Run) of every chance event and run of decisions estimated, in game order."""
        events = [(e.index, e.mean, e.after, e) for e in self.lucks.values()]
        events += [(r.start, r.before, r.after, r) for r in self.runs.values()]
        return sorted(events, key=lambda link: link[0])

    def run_losses(self) -> dict[int, float]:
        """The reviewed runs of decisions: their first action → their decisions' total loss
        (in chance, 0..1)."""
        starts = sorted(self.runs)
        out: dict[int, float] = {}
        for i, review in self.reviews.items():
            k = bisect.bisect_right(starts, i) - 1
            if k >= 0 and i < self.runs[starts[k]].end:
                out[starts[k]] = out.get(starts[k], 0.0) + review.loss / 100.0
        return out

    def terms(self, player: int, losses: dict[int, float] | None = None
              ) -> tuple[float, float, float]:
        """``player``'s (others' decisions, own decisions not reviewed, estimator's drift),
        each a sum over the chain's links: the chain goes from the curve's first point
        through each link's before and after values to its last point, so with the luck
        (each chance event's after − before) and the skill (the reviewed decisions' losses)
        they add up to result − initial. A chance event not estimated (luck off) counts as
        drift."""
        losses = self.run_losses() if losses is None else losses
        others = unreviewed = drift = 0.0
        at = self.points[0][1][player]
        for _, before, after, event in self.links():
            drift += before[player] - at
            at = after[player]
            if isinstance(event, Luck):
                continue
            move = event.after[player] - event.before[player]
            if event.player != player:
                others += move
                continue
            if event.start in losses:
                drift += move + losses[event.start]
            else:
                unreviewed += move
        drift += self.points[-1][1][player] - at
        return others, unreviewed, drift

    def key_dice(self, count: int = 3) -> list[tuple[int, int, float]]:
        """The chance events that decided the game: (action index, player, luck), the
        ``count`` largest |luck| of any player, in game order."""
        top = []
        for e in self.lucks.values():
            p = max(range(len(e.after)), key=lambda q: abs(e.of(q)))
            top.append((abs(e.of(p)), e.index, p, e.of(p)))
        top.sort(key=lambda x: (-x[0], x[1]))
        return sorted((i, p, v) for size, i, p, v in top[:count] if size >= 0.005)

    def key_decisions(self, count: int = 3) -> list[Review]:
        """The reviewed decisions that decided the game: the largest losses (graded ones
        only), in game order."""
        top = sorted((r for r in self.reviews.values() if r.grade),
                     key=lambda r: (-r.loss, r.index))[:count]
        return sorted(top, key=lambda r: r.index)

    def moments(self, count: int = 3) -> list[tuple[int, int, float, float]]:
        """The ``count`` turns where one player's chance moved most: (position after the
        turn, player, chance before, chance after), in game order."""
        swings = []
        for (_, before), (pos, after) in zip(self.points, self.points[1:]):
            p = max(range(len(after)), key=lambda q: abs(after[q] - before[q]))
            swings.append((abs(after[p] - before[p]), pos, p, before[p], after[p]))
        swings.sort(key=lambda s: (-s[0], s[1]))
        top = [s for s in swings[:count] if s[0] > 0]
        return sorted(((pos, p, b, a) for _, pos, p, b, a in top))


# 2: the runs of decisions (the identity's chain); 3: Wongar's luck by its review estimate;
# 4: Wongar's whole analysis by its own estimate (curve, luck, runs: issue 42)
STORED_VERSION = 4
_SCALE = 10_000          # chances kept to 4 decimals: a stored analysis is a few kilobytes


def fingerprint(record: dict[str, Any], hidden: bool) -> str:
    """What a stored analysis was computed from: the record but its metadata (title, dates)
    and whether hands were hidden (another record or basis: not the same analysis)."""
    frame = {k: v for k, v in record.items() if k != "meta"}
    text = json.dumps([frame, hidden], sort_keys=True, ensure_ascii=True)
    return hashlib.sha1(text.encode()).hexdigest()[:20]


def to_stored(result: Analysis, key: str) -> str:
    """A finished analysis as compact JSON text (versioned, tied to ``key``)."""
    def ints(values: list[float]) -> list[int]:
        return [round(v * _SCALE) for v in values]
    return json.dumps({
        "v": STORED_VERSION, "key": key, "hidden": result.hidden,
        "points": [[pos, ints(ch)] for pos, ch in result.points],
        "reviews": [[r.index, r.player, r.chosen, r.best, round(r.chosen_chance * _SCALE),
                     round(r.best_chance * _SCALE), r.floor] for r in result.reviews.values()],
        "lucks": [[e.index, e.mover, ints(e.after), ints(e.mean)]
                  for e in result.lucks.values()],
        "runs": [[r.start, r.end, r.player, ints(r.before), ints(r.after)]
                 for r in result.runs.values()]}, separators=(",", ":"))


def from_stored(text: Any, key: str, game_id: str, names: list[str]) -> Analysis | None:
    """The analysis stored as ``text`` if it is of this version and of ``key``, else None
    (any damage too: it is computed again)."""
    try:
        data = json.loads(text) if isinstance(text, str) and len(text) < 2_000_000 else None
        if not isinstance(data, dict) or data.get("v") != STORED_VERSION \
                or data.get("key") != key:
            return None
        n = len(names)

        def floats(values: Any) -> list[float]:
            if not isinstance(values, list) or len(values) != n:
                raise ValueError("bad chances")
            return [int(v) / _SCALE for v in values]
        out = Analysis(game_id, list(names), bool(data["hidden"]), done=True)
        out.points = [(int(pos), floats(ch)) for pos, ch in data["points"]]
        for index, player, chosen, best, mine, top, floor in data["reviews"]:
            out.reviews[int(index)] = Review(int(index), int(player), str(chosen), str(best),
                                             int(mine) / _SCALE, int(top) / _SCALE,
                                             floor if floor in ("", "mistake") else "")
        for index, mover, after, mean in data["lucks"]:
            out.lucks[int(index)] = Luck(int(index), int(mover), floats(after), floats(mean))
        for start, end, player, before, after in data["runs"]:
            out.runs[int(start)] = Run(int(start), int(end), int(player), floats(before),
                                       floats(after))
        return out if out.points else None
    except (ValueError, TypeError, KeyError):
        return None


def turn_ends(record: dict[str, Any], movers: bool = False,
              history: History | None = None) -> tuple:
    """Replay ``record`` (or read its ``history``): its actions, the positions where a turn
    ends (the next decision belongs to someone else, or the game is over) and whether each
    action was a decision of a person (a seat without a bot). ``movers``: also, per action,
    None for a decision or whose turn a chance outcome belongs to (the game's ``turn_owner``,
    else the last player to decide, else the next one: the first roll)."""
    if history is None:
        history = History(record, snapshots=False)   # read in one pass
    owners = _chance_owners(history)
    people = [s["bot"] is None for s in history.record["seats"]]
    who = history.movers
    ends, personal, chance = [], [], []
    last_mover = None
    last = len(who) - 1
    for i, mover in enumerate(who):
        personal.append(mover >= 0 and people[mover])
        if mover >= 0:
            last_mover = mover
            chance.append(None)
        else:
            owner = owners[i]
            chance.append(owner if owner is not None else
                          last_mover if last_mover is not None else 0)
        # after the last action, the final state says; before any other, the next mover
        if i == last:
            nxt = history.state.current_player()
            if history.state.is_terminal() or (nxt >= 0 and nxt != last_mover):
                ends.append(i + 1)
        else:
            nxt = who[i + 1]
            if nxt >= 0 and nxt != last_mover:
                ends.append(i + 1)
    actions = list(history.actions)
    return (actions, ends, personal, chance) if movers else (actions, ends, personal)


def _chance_owners(history: History) -> list[int | None]:
    """turn_owner() before each chance outcome of ``history``: a walk over its actions for a
    game that has one (Cthulhu Dice's riposte), none for the others."""
    if not hasattr(history.state, "turn_owner"):
        return [None] * len(history.actions)
    state, owners = history.at(0), []
    for mover, action in zip(history.movers, history.actions):
        owners.append(turn_owner(state) if mover < 0 else None)
        state.apply(action)
    return owners


def decision_runs(record: dict[str, Any], actions: list[Any],
                  history: History | None = None) -> list[tuple[int, int, int]]:
    """(first action, action after the last, player) of each run of one player's consecutive
    decisions in ``record`` (ended by a chance event or another player's decision);
    ``actions``: its actions read (:func:`turn_ends`); ``history``: its History, whose
    movers say it without a replay."""
    if history is None:
        history = History(record, upto=len(actions), snapshots=False)
    runs: list[tuple[int, int, int]] = []
    for i, player in enumerate(history.movers[:len(actions)]):
        if player >= 0:
            if runs and runs[-1][1] == i and runs[-1][2] == player:
                runs[-1] = (runs[-1][0], i + 1, player)
            else:
                runs.append((i, i + 1, player))
    return runs


class Job:
    """The analysis of one record in small steps (one position, or one reviewed decision,
    per :meth:`step`) so the single-threaded worker answers between them. ``total`` and
    ``done_steps`` drive the progress bar."""

    def __init__(self, record: dict[str, Any], *, hidden: bool, seed: int = 0,
                 review: bool = True, review_all: bool = False, luck: bool = True,
                 runs: bool = True):
        self.history = History(record, snapshots=False)   # walked once, in order
        self.record = self.history.record
        game_id = self.record["game"]
        self.estimator = Estimator(game_id, seed=seed, hidden=hidden)
        self.actions, ends, personal, chance = turn_ends(self.record, movers=True,
                                                         history=self.history)
        self.result = Analysis(game_id, [s["name"] for s in self.record["seats"]],
                               self.estimator.hidden)
        self.positions = [0] + ends
        self.reviewed = ([i for i, who in enumerate(chance) if who is None] if review_all else
                         [i for i, mine in enumerate(personal) if mine] if review else [])
        self.chance = [i for i, who in enumerate(chance) if who is not None] if luck else []
        self.movers = chance
        # the identity's runs of decisions (start, end, player) and the positions around them
        self.runs = decision_runs(self.record, self.actions, self.history) if runs else []
        self.bounds = sorted({k for start, end, _ in self.runs for k in (start, end)})
        self._values: dict[int, list[float]] = {}
        self.total = (len(self.positions) + len(self.reviewed) + len(self.chance)
                      + len(self.bounds))
        self.done_steps = 0
        self._work = self._steps()

    def _steps(self) -> Iterator[None]:
        state, at = self.history.at(0), 0
        targets = sorted({(p, "point") for p in self.positions}
                         | {(i, "review") for i in self.reviewed}
                         | {(i, "luck") for i in self.chance}
                         | {(k, "value") for k in self.bounds})
        ending = {end: (start, end, player) for start, end, player in self.runs}
        for pos, kind in targets:
            while at < pos:
                state.apply(self.actions[at])
                at += 1
            if kind == "point":
                self.result.points.append((pos, self._point(state, pos)))
            elif kind == "luck":
                after, mean = self.estimator.luck(state, self.actions[pos], pos)
                self.result.lucks[pos] = Luck(pos, self.movers[pos], after, mean)
            elif kind == "value":
                self._values[pos] = self._value(state, pos)
                # a position ends at most one run (the next one starts there)
                if pos in ending:
                    start, end, player = ending[pos]
                    self.result.runs[start] = Run(start, end, player, self._values[start],
                                                  self._values[end])
            else:
                self._review(state, pos)
            yield

    def _point(self, state: GameState, pos: int) -> list[float]:
        """The curve's point at ``pos``. Monte-Carlo games: where it moved by more than
        ``SWING`` from the previous point, the estimate gets ``MORE`` times the playouts
        besides (their mean, weighted by count): a jump is then the board's, not the noise's
        (Wongar's worst jump per game, 8 games: 37-76 points at 16 playouts)."""
        est = self.estimator
        points = self.result.points
        if not points and not est.direct and not state.is_terminal():
            # the start, shown as each player's chance at the start: with MORE times the
            # playouts too (at 16, Wongar's was 31/14/55 % for three even seats)
            return est.chances(state, pos, "more", playouts=est.playouts * (1 + MORE))
        chances = est.chances(state, pos)
        if est.direct or not points or state.is_terminal():
            return chances
        if max(abs(a - b) for a, b in zip(chances, points[-1][1])) <= SWING:
            return chances
        more = est.chances(state, pos, "more", playouts=est.playouts * MORE)
        return [(a + MORE * b) / (1 + MORE) for a, b in zip(chances, more)]

    def _value(self, state: GameState, pos: int) -> list[float]:
        """Every player's chance at ``pos``, a run of decisions' start or end: as the luck's
        chances after an outcome (:meth:`Estimator.settled`, the mover's steps played as the
        estimate likes best; the chain then goes from a roll's outcome to the next run
        without drift). Monte-Carlo games: the curve's point there if there is one (more
        playouts where it swung)."""
        est, points = self.estimator, self.result.points
        if not est.direct and points and points[-1][0] == pos:
            return list(points[-1][1])
        return est.settled(state, pos, "chain")

    def _review(self, state: GameState, index: int) -> None:
        est, player, chosen = self.estimator, state.current_player(), self.actions[index]
        ranked = est.choices(state, index)
        if all(a != chosen for a, _ in ranked):
            ranked += est.rank(state, player, [chosen], index)
            ranked.sort(key=lambda pair: -pair[1])
        mine = next(c for a, c in ranked if a == chosen)
        best, top = ranked[0]
        rule = get_game(state.game_id).clear_error
        floor = "mistake" if rule is not None and rule(state, chosen) else ""
        if floor and best == chosen:
            # the estimate liked it best: the better choice shown is the best of the others
            best, top = next(((a, c) for a, c in ranked if a != chosen and not rule(state, a)),
                             (best, top))
        self.result.reviews[index] = Review(index, player, state.action_to_str(chosen),
                                            state.action_to_str(best), mine, top, floor)

    @classmethod
    def finished(cls, record: dict[str, Any], result: Analysis) -> "Job":
        """A job already done, holding ``result`` (read back from storage)."""
        job = cls(record, hidden=result.hidden, review=False, luck=False, runs=False)
        job.result, job.done_steps = result, job.total
        return job

    def step(self) -> bool:
        """Do one step; False once everything is done."""
        try:
            next(self._work)
        except StopIteration:
            self.result.done = True
            return False
        self.done_steps += 1
        return True

    def run(self) -> Analysis:
        while self.step():
            pass
        return self.result


def analyse(record: dict[str, Any], *, hidden: bool = False, seed: int = 0,
            review: bool = True, review_all: bool = False, luck: bool = True) -> Analysis:
    """The whole analysis at once (tests, benchmarks, the command line). ``review_all``:
    every decision, the bots' too (the bench's skill figures)."""
    return Job(record, hidden=hidden, seed=seed, review=review, review_all=review_all,
               luck=luck).run()


def advice(state: GameState, *, seed: int = 0, hidden: bool = True,
           count: int = 3) -> list[tuple[Any, float]]:
    """The coach: the ``count`` best choices of the player to move with their chances."""
    est = Estimator(state.game_id, seed=seed, hidden=hidden)
    return est.choices(state, "coach", playouts=COACH_PLAYOUTS.get(state.game_id))[:count]
