"""The "strong" Cthulhu Dice bot: exact expectimax over the rest of the current turn.

A turn is short (a roll, maybe an Eye or a Yellow Sign gift, the counter-roll), so the bot
evaluates every victim by the exact expectation over both rolls with the die's probabilities.
Every decision inside the turn (the Eye, the gift) is taken by its own player maximising their
own value, so the search returns one value per player. Where the turn ends, a heuristic scores
the table; it is the only tuned part:

- a seat's chance to be the last sane one grows faster than its token count, so a seat is
  worth ``tokens ** SHARPNESS`` (a mad seat a little: the Elder Sign can bring it back) and a
  player's value is their seats' share of the table's worth. Hitting the leader lowers the
  total most, which is why the bot tends to target the richest opponent;
- in "Cthulhu joue" a drained Cthulhu makes everyone win, and reaching the target sanity wins
  alone: both add to the value in proportion to the progress made.
"""

from __future__ import annotations

from rituels.engine.bots import Bot, NoisyBot, Think
from rituels.cthulhu_dice.rules import (
    CTHULHU, CTHULHU_FACE, ELDER, EYE_PICK, FACE_COUNT, OVER, ROLL, ROLLS, TENTACLE, VICTIM,
    YELLOW, CthulhuDiceState,
)

SHARPNESS = 3.0
MAD_WORTH = 0.3           # worth of a mad seat, in "tokens ** SHARPNESS" units
TEAM_WEIGHT = 0.5         # variant: weight of Cthulhu's drained fraction (shared by all)
TARGET_WEIGHT = 0.3       # variant: weight of a seat's progress to the target sanity
LOOKAHEAD_TURNS = 2       # turns searched for the Eye's result

RESULTS = (YELLOW, TENTACLE, ELDER, CTHULHU_FACE)   # what the Eye may choose
P_FACE = {f: FACE_COUNT[f] / 12 for f in RESULTS}
P_EYE = 1 / 12
# Cthulhu rerolls his Eye: his effective distribution is the other faces renormalised.
P_CTHULHU = {f: FACE_COUNT[f] / 11 for f in RESULTS}


def heuristic(state: CthulhuDiceState) -> list[float]:
    """Each player's value of a position between turns (they sum to at most 1)."""
    tokens, owner = state.tokens, state.owner
    worth = [t ** SHARPNESS if t else MAD_WORTH for t in tokens]
    total = sum(worth)
    values = [0.0] * state.num_players
    for s, w in enumerate(worth):
        values[owner[s]] += w / total
    if state.variant:
        team = 0.0
        if state.win_drain:
            start = 3 * len(tokens)
            team = TEAM_WEIGHT * (1 - state.pool / start) / state.num_players
        for p in range(state.num_players):
            values[p] = values[p] * (1 - TEAM_WEIGHT) + team
        if state.win_target:
            for s, t in enumerate(tokens):
                progress = min(t, state.target) / state.target
                values[owner[s]] += TARGET_WEIGHT * progress / len(tokens)
    return values


def evaluate(state: CthulhuDiceState, horizon: int, me: int) -> list[float]:
    """Expected value per player when turn ``horizon`` starts, searched for player ``me``:
    exact expectation over the die; ``me`` and everyone's Eye and gift choices maximise the
    chooser's own value; another player's victim is unknown, so its choices are averaged."""
    phase = state.phase
    if phase == OVER:
        return state.returns()
    if phase == VICTIM and state.turn >= horizon:
        return heuristic(state)
    n = state.num_players
    if phase == ROLL:
        by_face = {face: _after(state, ROLLS[face], horizon, me) for face in RESULTS}
        if state.roller == CTHULHU:
            return [sum(P_CTHULHU[f] * by_face[f][p] for f in RESULTS) for p in range(n)]
        # The Eye leads to one of the four results, chosen by the roller's player.
        chooser = state.owner[state.roller]
        eye = max(by_face.values(), key=lambda v: v[chooser])
        return [sum(P_FACE[f] * by_face[f][p] for f in RESULTS) + P_EYE * eye[p]
                for p in range(n)]
    chooser = state.current_player()
    options = [_after(state, a, horizon, me) for a in state.legal_actions()]
    if phase == VICTIM and chooser != me:
        return [sum(v[p] for v in options) / len(options) for p in range(n)]
    return max(options, key=lambda v: v[chooser])


def _after(state: CthulhuDiceState, action: tuple, horizon: int, me: int) -> list[float]:
    child = state.clone()
    child.apply(action)
    return evaluate(child, horizon, me)


class StrongBot(Bot):
    level = "strong"

    def think(self, state: CthulhuDiceState, player: int) -> Think:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        # The victim and the gift are judged at the end of this turn; the rarer Eye looks one
        # turn further (how its result changes the next attack matters) in the classic game.
        # In the variant the next turn's gifts make that search too wide for a frame budget.
        deeper = state.phase == EYE_PICK and not state.variant
        horizon = state.turn + (LOOKAHEAD_TURNS if deeper else 1)
        best, best_value = [], -1.0
        for action in actions:
            value = _after(state, action, horizon, player)[player]
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif value > best_value - 1e-12:
                best.append(action)
            yield None   # one option evaluated: give the page a turn
        return self.rng.choice(best)


# --- the ladder's lower levels (issue 43) --------------------------------------------------------

class CasualBot(NoisyBot):
    """Levels 1-4: each option scored by the exact expectation to the end of this turn (the
    StrongBot's ``evaluate`` with a horizon of one turn: the Eye is never looked at further),
    then a noisy pick among the ``top`` best (``engine.bots.noisy_choice``). Lower levels keep
    more candidates and more noise; none picks an option far worse than the best. Fixed effort."""

    def __init__(self, seed: int = 0, temperature: float = 0.05, top: int = 3,
                 level: str = "1"):
        super().__init__(seed, temperature, top, level)

    def choose(self, state: CthulhuDiceState, player: int):
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        horizon = state.turn + 1
        scored = [(_after(state, a, horizon, player)[player], a) for a in actions]
        return self.pick(scored)


# level -> (softmax temperature on the value's 0..1 scale, candidates kept)
LEVELS = {"1": (0.08, 3), "2": (0.03, 3), "3": (0.01, 2), "4": (0.0, 1)}


def level_bot(level: str, seed: int = 0) -> Bot:
    """The ladder's bot at ``level`` ("1".."4"; "5" is the StrongBot)."""
    temperature, top = LEVELS[level]
    return CasualBot(seed, temperature=temperature, top=top, level=level)
