"""The best win rate any policy can reach against three random bots (classic, 4 seats).

A benchmark tool (never used by the app): it tells how far the strong bot is from perfect.
Value iteration over every position at the start of a turn (tokens of the four seats, whose
turn), with the real rules giving each turn's outcome. Seat 0 plays the best victim and the
best Eye results; the three others choose uniformly at random (as ``RandomBot`` does). The
seat rotation of the benchmark is the same as starting the game at each of the four casters.
"""

from __future__ import annotations

from itertools import product

from rituels.cthulhu_dice.bots import P_EYE, P_FACE, RESULTS
from rituels.cthulhu_dice.rules import ROLLS, CthulhuDiceState

SEATS, START = 4, 3
TOTAL = SEATS * START

Key = tuple[tuple[int, ...], int]          # (tokens by seat, caster) at the start of a turn


def _position(tokens: tuple[int, ...], caster: int) -> CthulhuDiceState:
    state = CthulhuDiceState(SEATS, {})
    state.tokens = list(tokens)
    state.pool = TOTAL - sum(tokens)
    state.caster = caster
    return state


def _end_of_turn(state: CthulhuDiceState) -> Key | float:
    """The next turn's key, or seat 0's result when the game is over."""
    if state.is_terminal():
        return 1.0 if 0 in state.winners() else 0.0
    return tuple(state.tokens), state.caster


def turn_table() -> dict[Key, dict[int, dict[str, dict[str, Key | float]]]]:
    """key -> victim -> caster's result -> victim's result -> what follows. The Eye adds no
    outcome: its choice is one of the four results."""
    table = {}
    for tokens in product(range(TOTAL + 1), repeat=SEATS):
        if sum(tokens) > TOTAL or sum(1 for t in tokens if t) < 2:
            continue
        for caster in range(SEATS):
            start = _position(tokens, caster)
            by_victim = {}
            for victim in start.legal_actions():
                chosen = start.clone()
                chosen.apply(victim)
                by_first = {}
                for first in RESULTS:
                    mid = chosen.clone()
                    mid.apply(ROLLS[first])
                    by_second = {}
                    for second in RESULTS:
                        end = mid.clone()
                        end.apply(ROLLS[second])
                        by_second[second] = _end_of_turn(end)
                    by_first[first] = by_second
                by_victim[victim[1]] = by_first     # ("victim", seat)
            table[(tokens, caster)] = by_victim
    return table


def _roll(values: dict[str, float], best: bool) -> float:
    """Expected value of one roll; the Eye's result is the best one or a random one."""
    eye = max(values.values()) if best else sum(values.values()) / len(values)
    return sum(P_FACE[f] * values[f] for f in RESULTS) + P_EYE * eye


def best_rate(tolerance: float = 1e-7, max_sweeps: int = 200) -> float:
    table = turn_table()
    value = {key: 0.25 for key in table}

    def worth(after: Key | float) -> float:
        return after if isinstance(after, float) else value[after]

    for _ in range(max_sweeps):
        change = 0.0
        for key, by_victim in table.items():
            caster = key[1]
            options = []
            for victim, by_first in by_victim.items():
                after_first = {f: _roll({s: worth(a) for s, a in by_second.items()}, victim == 0)
                               for f, by_second in by_first.items()}
                options.append(_roll(after_first, caster == 0))
            new = max(options) if caster == 0 else sum(options) / len(options)
            change = max(change, abs(new - value[key]))
            value[key] = new
        if change < tolerance:
            break
    start = (START,) * SEATS
    return sum(value[(start, c)] for c in range(SEATS)) / SEATS


if __name__ == "__main__":
    print(f"best possible rate vs 3 random bots: {best_rate():.2%}")
