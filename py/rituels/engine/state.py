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
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Hashable, NamedTuple, Sequence

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


def plain(value: Any) -> Any:
    """``value`` as fresh JSON data: lists for lists and tuples, new dicts, nothing shared."""
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


# How clone copies an attribute: what of it is mutable. Immutable values (SHARED) and caches
# (CACHE: keyed by position, or replaced, never edited, when the state changes) are shared.
SHARED, CACHE, LIST, TABLE, CUBE, DICT = "", "cache", "list", "table", "cube", "dict"
_COPY = {SHARED: "{}", CACHE: "{}", LIST: "{}[:]", TABLE: "[r[:] for r in {}]",
         CUBE: "[[r[:] for r in t] for t in {}]", DICT: "{}.copy()"}


class Field(NamedTuple):
    """One entry of a state's declared field list (``GameState.FIELDS``), as python-chess
    lists a position's saved state in ``_BoardState``: the attribute (or attributes) it
    holds, how clone copies them, and where to_json writes them."""

    name: str | tuple[str, ...]
    """The attribute, or several written together as one JSON entry."""
    copy: str | tuple[str, ...] = SHARED
    """SHARED, CACHE, LIST (of immutable values), TABLE (list of lists), CUBE (list of tables)
    or DICT (of immutable values); one per name."""
    key: str | None = ""
    """The JSON key; "" is the attribute's name, None not written (caches, derived data)."""
    save: Callable[..., Any] = plain
    """The attribute values (one argument per name) -> fresh JSON data, sharing nothing."""


class Fields:
    """A state's declared field list: every attribute once, in to_json's key order. It
    drives ``clone`` (GameState subclasses get theirs from it), ``to_json`` (``dump``) and
    ``from_json`` (``keys``: exactly the keys it must find)."""

    def __init__(self, *fields: Field):
        copies: dict[str, str] = {}
        self.entries = []
        for f in fields:
            names = (f.name,) if isinstance(f.name, str) else f.name
            kinds = (f.copy,) * len(names) if isinstance(f.copy, str) else f.copy
            if len(kinds) != len(names) or any(k not in _COPY for k in kinds):
                raise TypeError(f"{f.name}: one copy kind per attribute, from {list(_COPY)}")
            for name, kind in zip(names, kinds):
                if not name.isidentifier():   # (cloner writes it into code)
                    raise TypeError(f"{name!r} is not an attribute name")
                if copies.setdefault(name, kind) != kind:
                    raise TypeError(f"{name}: declared with two copy kinds")
            if f.key is not None:
                key = f.key or names[0]
                get = attrgetter(*names)
                self.entries.append((key, get, f.save, len(names) > 1))
        self.copies = copies
        self.names = tuple(copies)
        """Every attribute of the state (slotted states take them as ``__slots__``)."""
        self.keys = frozenset(key for key, *_ in self.entries)
        """The keys of to_json's data, each written once."""
        if len(self.keys) != len(self.entries):
            raise TypeError("two fields write the same key")

    def dump(self, state: Any) -> dict[str, Any]:
        """The state's JSON data: each entry's ``save`` of its attributes, in order."""
        out = {}
        for key, get, save, several in self.entries:
            out[key] = save(*get(state)) if several else save(get(state))
        return out

    def cloner(self, cls: type) -> Callable[[Any], Any]:
        """``cls.clone``: plain statements made from the declaration, as dataclasses makes
        ``__init__`` (a getattr/setattr loop is several times slower, and bots clone at
        every node). A state with a ``__dict__`` copies it whole, then its mutable parts."""
        mutable = [(n, k) for n, k in self.copies.items() if k not in (SHARED, CACHE)]
        if "__slots__" in cls.__dict__:
            body = [f"c.{n} = " + _COPY[k].format(f"self.{n}") for n, k in self.copies.items()]
        else:
            body = ["d = self.__dict__.copy()"]
            body += [f"d[{n!r}] = " + _COPY[k].format(f"d[{n!r}]") for n, k in mutable]
            body.append("c.__dict__ = d")
        source = "\n    ".join(["def clone(self):", "c = new(cls)", *body, "return c"])
        scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
        exec(compile(source, f"<{cls.__name__}.clone>", "exec"), scope)
        clone = scope["clone"]
        clone.__qualname__ = f"{cls.__qualname__}.clone"
        clone.__doc__ = "A copy sharing no mutable part (made from FIELDS)."
        return clone


class GameState:
    """Base class of every game's state. Subclasses implement the methods that raise, and
    declare their attributes in ``FIELDS`` (which gives them ``clone`` and ``to_json``)."""

    game_id: str = ""
    num_players: int = 0
    FIELDS: ClassVar[Fields | None] = None

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("FIELDS") is not None and "clone" not in cls.__dict__:
            cls.clone = cls.FIELDS.cloner(cls)

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
        """An independent copy: applying actions to it leaves this state as it is."""
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
        """The full state as fresh JSON-compatible data, sharing nothing with the state
        (documented per game in docs/); ``from_json`` reads it back, with or without JSON."""
        if self.FIELDS is None:
            raise NotImplementedError
        return self.FIELDS.dump(self)

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
