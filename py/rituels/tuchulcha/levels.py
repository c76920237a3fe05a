"""The ladder's lower levels of Tuchulcha (issue 43): levels 1-2 look one move ahead with noise,
levels 3-4 are the StrongBot's planner on a count of leaves and sampled futures (no clock).
Apart from bots.py because it reads the rules' clear errors (chances.py, which reads bots.py)."""

from __future__ import annotations

from rituels.engine.bots import Bot, NoisyBot
from rituels.tuchulcha.bots import StrongBot, evaluate
from rituels.tuchulcha.chances import clear_error
from rituels.tuchulcha.rules import DISCARD, END, MOVE, START, THIRD, TuchulchaState


class CasualBot(NoisyBot):
    """Levels 1-2: a player who looks one move ahead. Each move is scored by ``evaluate`` after
    it; the pick is noisy among the ``top`` best (``engine.bots.noisy_choice``), and a move the
    rules call a clear error (one's own pawn lost to a passage when a move losing none exists:
    ``chances.clear_error``) is never a candidate while another is. It rolls without changing
    role, always takes the third die and discards Tuchulcha's lowest die: the safe, obvious
    choices. Fixed effort (no clock): one evaluation per legal move."""

    def __init__(self, seed: int = 0, temperature: float = 0.03, top: int = 3,
                 level: str = "1"):
        super().__init__(seed, temperature, top, level)

    def choose(self, state: TuchulchaState, player: int):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ph = state.phase
        obvious = {START: "roll", END: "done", THIRD: "third"}.get(ph)
        if obvious in legal:
            return obvious
        if ph == DISCARD:
            return legal[-1]
        if ph != MOVE:
            return self.rng.choice(legal)
        safe = [a for a in legal if not clear_error(state, a)] or legal
        scored = []
        for a in safe:
            child = state.clone()
            child.apply(a)
            scored.append((evaluate(child, player), a))
        return self.pick(scored)


def level_bot(level: str, seed: int = 0) -> Bot:
    """The ladder's bot at ``level`` ("1".."4"; "5" is the fixed-effort StrongBot of game.py)."""
    if level in LEVELS_CASUAL:
        temperature, top = LEVELS_CASUAL[level]
        return CasualBot(seed, temperature=temperature, top=top, level=level)
    leaves, samples, horizon = LEVELS_SEARCH[level]
    bot = StrongBot(seed, max_leaves=leaves, samples=samples, horizon=horizon)
    bot.level = level
    return bot


# level -> (softmax temperature on evaluate's 0..1 scale, candidates kept)
# Level 1 at (0.1, 3) won 38.5 % of 200 two-player games against level 2: too close to it;
# at (0.2, 4) 27.5 % (level 2 wins 72.5 %, the ladder's aim of 70-75 %).
LEVELS_CASUAL = {"1": (0.2, 4), "2": (0.02, 2)}
# level -> (planner leaves, sampled futures per candidate, look-ahead rounds)
LEVELS_SEARCH = {"3": (60, 3, 1), "4": (150, 6, 2)}
