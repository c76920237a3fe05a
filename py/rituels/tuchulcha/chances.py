"""Tuchulcha's win chances for the game analysis (docs/analysis.md): the strong bot's
``win_chances`` (bots.py, not changed here), recalibrated per role.

The bot's numbers order positions well but are not frequencies: Lasa Vecuvia's sealing chance
is far too hopeful, and the racers' softmax is too timid. So Tuchulcha's and Lasa's numbers go
through a logistic map each (slope and offset on the log-odds) and the racers share what is
left: part in proportion to a power of their numbers, part evenly (dice keep a race open).
The racers' power and even part are fitted apart for races with a role in play: Tuchulcha
hunts the leading racer, so a lead is worth less there. The end games where one racer or none
is left (the last racer against the roles; Tuchulcha against Lasa alone) are not the middle
game the roles' two logistic maps were fitted on as one: with them the estimate was far too
sure of Tuchulcha against Lasa alone (82 % given, 71 % won, on the 238 fitting positions
where he was given 50 % or more) and of a last racer (77 % / 73 %, 651 likewise), so
Tuchulcha's offset has a shift of its own when no racer is left, and both roles' offsets
when one racer is left (three more constants). The constants
are fitted by ``python3 -m rituels.tools.fit_chances tuchulcha`` on the self-play games of seeds
0-999 and 3000-3899 and checked by the bench on other seeds (1000-2292).
"""

from __future__ import annotations

import math

from rituels.tuchulcha.bots import win_chances as bot_chances
from rituels.tuchulcha.rules import OVER, TuchulchaState

# (slope, offset) of Tuchulcha's and Lasa's log-odds; the racers' (power, even share) without
# a role in play, then with one; the shift of Tuchulcha's offset when no racer is left, then
# of Tuchulcha's and Lasa's offsets when one racer is left.
PARAMS = (0.489, -2.096, 0.243, -2.367, 6.917, 0.447, 2.586, 0.704, 0.494, 2.465, 0.346)
_EDGE = 1e-4       # the bot's 0 and 1 are clipped: its certainty is not a frequency


def _logistic(p: float, slope: float, offset: float) -> float:
    p = min(max(p, _EDGE), 1.0 - _EDGE)
    x = slope * math.log(p / (1.0 - p)) + offset
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def calibrate(raw: list[float], tuchulcha: int | None, lasa: int | None, out,
              params: tuple = PARAMS) -> list[float]:
    """The bot's chances ``raw`` of a position with those roles and players out, mapped."""
    t_slope, t_offset, l_slope, l_offset = params[:4]
    power, even = params[4:6] if tuchulcha is None and lasa is None else params[6:8]
    racers = [q for q in range(len(raw)) if q not in out and q not in (tuchulcha, lasa)]
    if not racers:                      # Tuchulcha against Lasa (or alone)
        t_offset += params[8]
    elif len(racers) == 1:              # the last racer against the roles
        t_offset += params[9]
        l_offset += params[10]
    chances = [0.0] * len(raw)
    if tuchulcha is not None:
        chances[tuchulcha] = _logistic(raw[tuchulcha], t_slope, t_offset)
    if lasa is not None:
        chances[lasa] = _logistic(raw[lasa], l_slope, l_offset)
    roles = sum(chances)
    if not racers:
        return [c / roles for c in chances] if roles else chances
    if roles > 1.0:
        chances = [c / roles for c in chances]
        roles = 1.0
    weights = [max(raw[q], _EDGE) ** power for q in racers]
    total = sum(weights)
    for q, w in zip(racers, weights):
        chances[q] = (1.0 - roles) * ((1.0 - even) * w / total + even / len(racers))
    return chances


def features(st: TuchulchaState) -> tuple:
    """What ``calibrate`` needs of a position (the fitting tool keeps these)."""
    return bot_chances(st), st.tuchulcha, st.lasa, sorted(st.out)


def win_chances(st: TuchulchaState) -> list[float]:
    """Each player's chance of winning, for the analysis; exact shares once the game is over."""
    if st.phase == OVER:
        return bot_chances(st)
    return calibrate(*features(st))


def _own_lost(st: TuchulchaState, action) -> int:
    """How many of the mover's own pawns ``action`` sends to the forest."""
    colours = st.colours_of(st.current_player())
    child = st.clone()
    child.apply(action)
    return sum(child.forest[c] - st.forest[c] for c in colours)


def clear_error(st: TuchulchaState, action) -> bool:
    """A move that stops one's own pawn on a passage (lost to the forest, rules: "A pawn that
    stops on a passage goes to the forest at once") when another move of this decision loses
    none, unless it wins the game at once."""
    if st.current_player() < 0 or _own_lost(st, action) <= 0:
        return False
    child = st.clone()
    child.apply(action)
    if child.is_terminal() and child.returns()[st.current_player()] > 0:
        return False
    return any(_own_lost(st, other) == 0 for other in st.legal_actions() if other != action)
