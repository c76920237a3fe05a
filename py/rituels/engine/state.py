"""The state protocol every game implements (modelled on OpenSpiel's Python games).

A state knows who decides next: a player index (0-based, one per person or bot in the record's
``players`` list), ``CHANCE`` (dice, shuffles, draws: outcomes with exact probabilities), or
``TERMINAL``. Actions are small immutable values (tuples or strings) chosen by the game; each has
a short text notation that parses back to the same action. Rules never draw random numbers:
whoever drives the game samples chance outcomes with :func:`sample_chance` (or forces them).
"""

from __future__ import annotations

import random
from bisect import bisect
from itertools import accumulate
from typing import TYPE_CHECKING, Any, Hashable, Sequence

if TYPE_CHECKING:   # only named here; Pyodide compiles fractions from source, so the home
    from fractions import Fraction   # screen's start-up does without it (games import it)

CHANCE = -1
TERMINAL = -2

Action = Hashable


class IllegalAction(ValueError):
    """An action that is not legal in the current state."""


class NotationError(ValueError):
    """A text that is not the notation of any action of this game."""


def ascii_int(text: str) -> int:
    """A non-negative integer written in canonical ASCII digits ("0", "12"; not "012", "+1",
    " 1", "²" or "３"): notations must round-trip, and str.isdigit() / int() accept other
    Unicode digits. Raises NotationError otherwise."""
    if (not isinstance(text, str) or not text or not text.isascii() or not text.isdigit()
            or (text[0] == "0" and len(text) > 1)):
        raise NotationError(f"not a number: {text!r}")
    return int(text)


class GameState:
    """Base class of every game's state. Subclasses implement the methods that raise."""

    game_id: str = ""
    num_players: int = 0

    # --- whose decision ---------------------------------------------------------------
    def current_player(self) -> int:
        """A player index, CHANCE or TERMINAL."""
        raise NotImplementedError

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def chance_owner(self) -> int | None:
        """At a chance node: the player whose roll or draw it is (the app shows them a
        "roll" button), or None for set-up shuffles the table performs by itself."""
        return None

    # --- actions ----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The legal actions of the player to move, or the outcomes at a chance node,
        in a stable order (link encoding uses indexes into this list)."""
        if self.is_chance():
            return [a for a, _ in self.chance_outcomes()]
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node: every outcome with its exact probability (they sum to 1)."""
        raise NotImplementedError

    def chance_table(self) -> tuple[Sequence[Action], Sequence[float]]:
        """At a chance node: (outcomes, cumulative float weights), what :func:`sample_chance`
        draws from. The weights must equal ``accumulate(float(p))`` over chance_outcomes()
        exactly, so that a seed draws the same outcome; games return cached tables here
        (Fraction to float is slow, on Pyodide above all). Callers must not change them."""
        outcomes = self.chance_outcomes()
        return [a for a, _ in outcomes], list(accumulate(float(p) for _, p in outcomes))

    def apply(self, action: Action) -> None:
        """Advance the state by one legal action or chance outcome (in place)."""
        raise NotImplementedError

    def play(self, action: Action) -> None:
        """Like apply, but checks legality first and raises IllegalAction otherwise."""
        if self.is_terminal():
            raise IllegalAction("the game is over")
        if action not in self.legal_actions():
            raise IllegalAction(f"{self.action_to_str(action)!r} is not legal here")
        self.apply(action)

    def clone(self) -> "GameState":
        raise NotImplementedError

    # --- notation ---------------------------------------------------------------------
    def action_to_str(self, action: Action) -> str:
        raise NotImplementedError

    def str_to_action(self, text: str) -> Action:
        """Parse a notation; raises NotationError if it names no action of this game."""
        raise NotImplementedError

    # --- results ----------------------------------------------------------------------
    def winners(self) -> list[int]:
        """At a terminal state: the winning players (several on a shared win; empty when
        nobody wins, e.g. Cthulhu wins)."""
        raise NotImplementedError

    def returns(self) -> list[float]:
        """Per-player utility at a terminal state: winners share 1, the others get 0."""
        won = self.winners()
        return [1.0 / len(won) if p in won else 0.0 for p in range(self.num_players)]

    # --- information ------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The full state as JSON-compatible data (documented per game in docs/)."""
        raise NotImplementedError

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (None: a spectator). Games with hidden information
        override this; others show everything."""
        return self.to_json()

    def reveals_information(self, action: Action) -> bool:
        """True when applying ``action`` shows a player something they did not know
        (used by undo: never take back across it). Chance outcomes always count."""
        return False

    def resample_hidden(self, player: int, rng: random.Random) -> "GameState":
        """A copy in which everything ``player`` cannot see (others' hands, deck order) is
        redrawn consistently with what they can see. Bots search these, never the real state."""
        return self.clone()

    def summary(self) -> str:
        """A short readable text of the position (for the command line)."""
        return repr(self.to_json())


def sample_chance(state: GameState, rng: random.Random) -> Action:
    """Draw one chance outcome with its exact probability, using the driver's own RNG.
    Exactly ``rng.choices(outcomes, weights=[float(p) ...])[0]`` (same draw for a seed),
    without its per-call list building."""
    outcomes, cum = state.chance_table()
    return outcomes[bisect(cum, rng.random() * (cum[-1] + 0.0), 0, len(cum) - 1)]


# Bit lengths of the usual numbers of choices, so that picking one needs no int.bit_length()
# call: under Pyodide a call to a C method without fast-call arguments (bit_length, and
# random.choice's two Python frames around getrandbits) goes through a call trampoline and
# costs several times what it costs on CPython.
_BITS = tuple(n.bit_length() for n in range(512))


def sample_uniform(choices: Sequence, rng: random.Random) -> Any:
    """One of ``choices``, uniformly: exactly ``rng.choice(choices)`` (the same draw for a seed,
    the same use of the generator), without its two Python-level calls."""
    n = len(choices)
    if not n:
        raise IndexError("Cannot choose from an empty sequence")
    k = _BITS[n] if n < 512 else n.bit_length()
    getrandbits = rng.getrandbits
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return choices[r]


def turn_owner(state: GameState) -> int | None:
    """The player whose turn a chance outcome belongs to, when the game says
    (``state.turn_owner()``: Cthulhu Dice's riposte is in the attacker's turn), else None."""
    ask = getattr(state, "turn_owner", None)
    return ask() if ask is not None else None
