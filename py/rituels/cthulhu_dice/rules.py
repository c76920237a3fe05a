"""Cthulhu Dice rules (classic and the "Cthulhu joue" variant) on the common protocol.

Vocabulary (see docs/rules/cthulhu-dice.md and docs/games/cthulhu-dice.md):
- a *seat* is one sanity holder at the table; a *player* (record seat) controls one or more
  seats (with 2 people each controls 2 seats, with 3 people optionally 2 each);
- the *caster* picks a *victim* and rolls; the victim then rolls back (counter-roll); the
  *roller* is whoever rolls, the *target* the other one of caster/victim;
- the *pool* is Cthulhu's tokens (in the variant, Cthulhu's own stock; he can be the victim).

Actions are verb-first tuples whose verb is the phase they are played in (``VOCABULARY``, the
end of this module, declares each verb's rule, notation and reading once):
``("victim", 1)`` notation ``v2`` (seats are 0-based, notation 1-based), ``("victim", CTHULHU)``
``vC`` (variant), ``("roll", "Y")`` ``Y`` (outcomes ``Y T E C O``), ``("eye", "T")`` ``eT``
(the Eye's choice), ``("gift", 2)`` ``g3`` (the variant Yellow Sign's token given to seat 3).
Every action is one of a few dozen prebuilt tuples (legal_actions and the die hand them out).
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import accumulate
from typing import Any

from rituels.engine import actions
from rituels.engine.actions import Verb
from rituels.engine.state import (
    CHANCE, LIST, SHARED, TERMINAL, Field, Fields, GameState, NotationError, ascii_int)

GAME_ID = "cthulhu-dice"
CTHULHU = -1          # the victim/roller index meaning Cthulhu himself (variant)
MAX_SEATS = 8

# Phases of a turn; each is also the verb of the actions played in it.
VICTIM, ROLL, EYE_PICK, GIFT, OVER = "victim", "roll", "eye", "gift", "over"

# How a finished game ended (the view words it).
END_LAST, END_TARGET, END_TEAM, END_CTHULHU = "last", "target", "team", "cthulhu"

# The 12-faced die. FACES order is the stable order of chance outcomes.
YELLOW, TENTACLE, ELDER, CTHULHU_FACE, EYE = "Y", "T", "E", "C", "O"
FACES = (YELLOW, TENTACLE, ELDER, CTHULHU_FACE, EYE)
FACE_COUNT = {YELLOW: 5, TENTACLE: 4, ELDER: 1, CTHULHU_FACE: 1, EYE: 1}

# Every action, built once (hot paths hand these tuples out, never new ones).
ROLLS = {f: (ROLL, f) for f in FACES}                     # face -> the roll showing it
_ROLL_ACT = tuple(ROLLS.values())                         # in FACES order
EYE_CHOICES = tuple((EYE_PICK, f) for f in (YELLOW, TENTACLE, ELDER, CTHULHU_FACE))
VICTIM_CTHULHU = (VICTIM, CTHULHU)
_VICTIM_ACT = tuple((VICTIM, s) for s in range(MAX_SEATS))
_GIFT_ACT = tuple((GIFT, s) for s in range(MAX_SEATS))

OUTCOMES = tuple((ROLLS[f], Fraction(FACE_COUNT[f], 12)) for f in FACES)
DIE = tuple(ROLLS[f] for f in FACES for _ in range(FACE_COUNT[f]))  # one per face: sampling
# sample_chance's table: cumulative float weights, computed once.
DIE_TABLE = (_ROLL_ACT, tuple(accumulate(float(p) for _, p in OUTCOMES)))


def seat_layout(num_players: int, options: dict[str, Any]) -> tuple[tuple[int, ...], int]:
    """(owner player of each seat, starting tokens per seat). With 2 people each plays two
    seats; with 3 people either 4 tokens each or two seats each (option ``three``). Seats
    alternate between people so that turns alternate too."""
    seats, tokens = num_players, 3
    if num_players == 2:
        seats = 4
    elif num_players == 3:
        if options.get("three", "tokens4") == "two_seats":
            seats = 6
        else:
            tokens = 4
    return tuple(s % num_players for s in range(seats)), tokens


def _who(seat: int | None) -> int | str | None:
    """A seat as saved: Cthulhu by name."""
    return "cthulhu" if seat == CTHULHU else seat


class CthulhuDiceState(GameState):
    game_id = GAME_ID
    # Every attribute, in to_json's order: clone, to_json and from_json's keys come from here.
    FIELDS = Fields(
        Field("num_players", key=None),          # the owners say it
        Field("variant", key="mode", save=lambda v: "cthulhu" if v else "classic"),
        Field(("owner", "tokens", "took"), (SHARED, LIST, LIST), "seats",
              lambda owner, tokens, took: [{"owner": o, "tokens": t, "took": k}
                                           for o, t, k in zip(owner, tokens, took)]),
        Field("pool"), Field("turn"), Field("phase"), Field("caster"),
        Field("victim", save=_who), Field("counter"),
        Field(("gift_from", "gift_to"), key="gift", save=lambda frm, to: None if frm is None
              else {"from": _who(frm), "to": list(to)}),
        Field("shield_until"),
        Field(("last_face", "last_roller"), key="last",
              save=lambda face, roller: {"face": face, "roller": _who(roller)}),
        Field(("variant", "win_drain", "win_target", "target", "win_last"), key="victory",
              save=lambda variant, drain, on, target, last: {
                  "drain": drain, "target": target if on else None, "last": last}
              if variant else None),
        Field("end", save=lambda end: end or None),
        Field("win_seats", key="winning_seats"),
        Field("total", key=None), Field("events", LIST, None))   # (the log's, not saved)
    __slots__ = FIELDS.names

    def __init__(self, num_players: int, options: dict[str, Any]):
        self.num_players = num_players
        self.owner, start = seat_layout(num_players, options)
        n = len(self.owner)
        self.variant = options.get("mode", "classic") == "cthulhu"
        self.win_drain = bool(options.get("win_drain", True))
        self.win_target = bool(options.get("win_target", True))
        self.target = int(options.get("target", 10))
        self.win_last = bool(options.get("win_last", True))
        self.tokens = [start] * n
        self.pool = 3 * n if self.variant else 0
        self.total = start * n + self.pool
        self.took = [False] * n          # variant: seat has taken a token from Cthulhu
        self.shield_until = -1           # variant: Cthulhu cannot lose tokens while turn <= it
        self.turn = 0
        self.caster = 0
        self.victim: int | None = None
        self.counter = False             # False: caster's roll; True: the victim's counter-roll
        self.phase = VICTIM
        self.gift_from: int | None = None   # GIFT phase: whose token is being given
        self.gift_to: tuple[int, ...] = ()  # GIFT phase: the seats that may receive it
        self.last_face = ""
        self.last_roller: int | None = None
        self.end = ""
        self.win_seats: tuple[int, ...] = ()
        # What the last action did, for the log: tuples such as ("move", src, dst) where
        # src/dst is a seat or CTHULHU (the pool), ("nothing",), ("mad", s), ("sane", s)...
        self.events: list[tuple] = []

    # --- seats ---------------------------------------------------------------------------
    @property
    def num_seats(self) -> int:
        return len(self.owner)

    @property
    def roller(self) -> int:
        return self.victim if self.counter else self.caster

    def rolling_target(self) -> int:
        """The other one of caster/victim: whom the roller's result hits."""
        return self.caster if self.counter else self.victim

    def sane(self, seat: int) -> bool:
        return self.tokens[seat] > 0

    def seats_of(self, player: int) -> list[int]:
        return [s for s, p in enumerate(self.owner) if p == player]

    def shielded(self) -> bool:
        """Cthulhu's Elder Sign protects his stock (variant)."""
        return self.turn <= self.shield_until

    # --- protocol: whose decision ----------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == ROLL:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.owner[self.caster if phase == VICTIM else self.roller]

    def is_terminal(self) -> bool:
        return self.phase == OVER   # (current_player's TERMINAL, without the call)

    def turn_owner(self) -> int | None:
        """The player whose turn this is (the caster's: a victim's riposte is rolled in the
        attacker's turn); None when Cthulhu casts. Read by rituels.app.remote to tell whose
        moves a link brings."""
        if self.phase == OVER or self.caster == CTHULHU:
            return None
        return self.owner[self.caster]

    def chance_owner(self) -> int | None:
        if self.phase != ROLL or self.roller == CTHULHU:
            return None
        return self.owner[self.roller]

    def legal_actions(self) -> list[tuple]:
        phase = self.phase
        if phase == VICTIM:
            tokens, caster = self.tokens, self.caster
            acts = [_VICTIM_ACT[s] for s in range(len(tokens)) if tokens[s] and s != caster]
            if self.variant:
                acts.append(VICTIM_CTHULHU)
            return acts
        if phase == ROLL:
            return list(_ROLL_ACT)
        if phase == EYE_PICK:
            return list(EYE_CHOICES)
        if phase == GIFT:
            return [_GIFT_ACT[s] for s in self.gift_to]
        return []

    def chance_outcomes(self) -> list[tuple[tuple, Fraction]]:
        return list(OUTCOMES) if self.phase == ROLL else []

    def chance_table(self) -> tuple[tuple[tuple, ...], tuple[float, ...]]:
        return DIE_TABLE if self.phase == ROLL else ((), ())

    def sample(self, rng: random.Random) -> tuple:
        """A chance outcome drawn with the die's probabilities, without Fraction arithmetic
        (the benchmarks and bots' rollouts use it; equivalent to engine.sample_chance)."""
        return DIE[int(rng.random() * 12)]

    # --- protocol: playing -----------------------------------------------------------------
    def apply(self, action: tuple) -> None:
        self.events = []
        if self.phase == OVER:
            raise ValueError("the game is over")
        # VOCABULARY's rule for the verb (verb(action), inline: this runs for every action).
        try:
            rule = _APPLY[action[0]]
        except (KeyError, TypeError, IndexError):
            raise ValueError(f"not a Cthulhu Dice action: {action!r}") from None
        rule(self, action)

    def _apply_victim(self, action: tuple) -> None:
        self.victim = action[1]
        self.counter = False
        self.phase = ROLL
        self.events.append(("victim", self.caster, self.victim))

    def _apply_roll(self, action: tuple) -> None:
        face = action[1]
        roller = self.roller
        self.last_face, self.last_roller = face, roller
        self.events.append(("roll", roller, self.rolling_target(), face))
        if roller == CTHULHU:
            self._cthulhu_result(face)
        elif face == EYE:
            self.phase = EYE_PICK
        else:
            self._seat_result(face)

    def _apply_eye(self, action: tuple) -> None:
        self.events.append(("eye", self.roller, action[1]))
        self._seat_result(action[1])

    def _apply_gift(self, action: tuple) -> None:
        self._move(self.gift_from, action[1])
        self.gift_from, self.gift_to = None, ()
        self._result_done()

    def _seat_result(self, face: str) -> None:
        """A seat's result (rolled, or chosen with the Eye)."""
        roller, target = self.roller, self.rolling_target()
        caster, victim = self.caster, self.victim
        if face == YELLOW:
            if not self.variant:
                self._lose(target)
            elif self._can_lose(target):
                # Variant: the lost token goes to another sane seat chosen by the roller.
                others = tuple(s for s in range(self.num_seats)
                               if self.tokens[s] and s != roller and s != target)
                if len(others) > 1:
                    self.phase, self.gift_from, self.gift_to = GIFT, target, others
                    return
                if others:
                    self._move(target, others[0])
                elif self.sane(roller):
                    self._move(target, roller)
                else:
                    self._move(target, CTHULHU)
            else:
                self.events.append(("nothing",))
        elif face == TENTACLE:
            # Always favours the caster; a mad caster cannot keep it: it goes to the pool.
            if self._can_lose(victim):
                self._move(victim, caster if self.sane(caster) else CTHULHU)
            else:
                self.events.append(("nothing",))
        elif face == ELDER:
            if self._can_lose(CTHULHU):
                self._move(CTHULHU, roller)
            else:
                self.events.append(("nothing",))
        else:  # CTHULHU_FACE
            self._everyone_loses()
        self._result_done()

    def _cthulhu_result(self, face: str) -> None:
        """Cthulhu's own faces when he rolls back (variant); his target is the caster."""
        caster = self.caster
        if face == EYE:
            self.events.append(("reroll",))
            return  # he rolls again: still a ROLL node with the same roller
        if face == YELLOW:
            if self.took[caster] and self.tokens[caster]:
                self._move(caster, CTHULHU)
            else:
                self.events.append(("nothing",))
        elif face == TENTACLE:
            self._lose(caster)
        elif face == ELDER:
            self.shield_until = self.turn + self.num_seats
            self.events.append(("shield", self.shield_until))
        else:
            self._everyone_loses()
        self._result_done()

    # --- token moves ---------------------------------------------------------------------
    def _can_lose(self, who: int) -> bool:
        if who == CTHULHU:
            return self.pool > 0 and not self.shielded()
        return self.tokens[who] > 0

    def _lose(self, seat: int) -> None:
        if self.tokens[seat]:
            self._move(seat, CTHULHU)
        else:
            self.events.append(("nothing",))

    def _everyone_loses(self) -> None:
        moved = False
        for s in range(self.num_seats):
            if self.tokens[s]:
                self._move(s, CTHULHU)
                moved = True
        if not moved:
            self.events.append(("nothing",))

    def _move(self, src: int, dst: int) -> None:
        """One token from src to dst (a seat or CTHULHU, the pool); callers check src has one."""
        if src == dst:   # a mad caster's Tentacle against Cthulhu: the token stays put
            self.events.append(("nothing",))
            return
        if src == CTHULHU:
            self.pool -= 1
            if self.variant:
                # The roller's result (or the caster's Tentacle) took it: remembered for
                # Cthulhu's Yellow Sign, even when the token was given to someone else.
                self.took[self.roller] = True
        else:
            self.tokens[src] -= 1
        if dst == CTHULHU:
            self.pool += 1
        else:
            self.tokens[dst] += 1
        ev = self.events
        ev.append(("move", src, dst))
        if src != CTHULHU and not self.tokens[src]:
            ev.append(("mad", src))
        if dst != CTHULHU and self.tokens[dst] == 1:
            ev.append(("sane", dst))

    # --- turn structure --------------------------------------------------------------------
    def _result_done(self) -> None:
        if not self.counter:
            self.counter = True      # the victim rolls back, even if just driven mad
            self.phase = ROLL
            return
        if not self._check_end():
            self.caster = (self.caster + 1) % self.num_seats
            self.turn += 1
            self.victim = None
            self.counter = False
            self.phase = VICTIM

    def _check_end(self) -> bool:
        """End of a turn (after the counter-roll): decide whether the game is over."""
        tokens = self.tokens
        sane = [s for s in range(len(tokens)) if tokens[s]]
        end, seats = "", ()
        if not sane:
            end = END_CTHULHU
        elif self.variant:
            rich = [s for s in sane if tokens[s] >= self.target] if self.win_target else []
            if self.win_drain and self.pool == 0:
                end, seats = END_TEAM, tuple(range(len(tokens)))
            elif rich:
                best = max(tokens[s] for s in rich)
                end, seats = END_TARGET, tuple(s for s in rich if tokens[s] == best)
            elif self.win_last and self._one_person(sane):
                end, seats = END_LAST, tuple(sane)
        elif self._one_person(sane):
            end, seats = END_LAST, tuple(sane)
        if not end:
            return False
        self.end, self.win_seats, self.phase = end, seats, OVER
        self.events.append(("end", end, seats))
        return True

    def _one_person(self, sane: list[int]) -> bool:
        """Only one person still has sane seats [decision: with several seats each, a person
        whose seats are the only sane ones has won; they do not play against themselves]."""
        owner = self.owner
        first = owner[sane[0]]
        for s in sane:   # (a loop, not all(generator): cheaper, under Pyodide above all)
            if owner[s] != first:
                return False
        return True

    # --- protocol: copies, notation, results -------------------------------------------------
    def action_to_str(self, action: tuple) -> str:
        try:
            return _NOTATION[action]         # every action's, written once by VOCABULARY
        except (KeyError, TypeError):
            return actions.write(VOCABULARY, action)   # (not an action: write says so)

    def str_to_action(self, text: str) -> tuple:
        return actions.read(VOCABULARY, self, text, "Cthulhu Dice")

    def winners(self) -> list[int]:
        return sorted({self.owner[s] for s in self.win_seats})

    def returns(self) -> list[float]:
        won = self.winners()
        return [1.0 / len(won) if p in won else 0.0 for p in range(self.num_players)]

    def summary(self) -> str:
        seats = " ".join(f"{s + 1}:{t}" for s, t in enumerate(self.tokens))
        return (f"turn {self.turn + 1}, {self.phase}, caster {self.caster + 1}; "
                f"seats {seats}; Cthulhu {self.pool}" + (f"; end {self.end}" if self.end else ""))


def new_state(num_players: int, options: dict[str, Any]) -> CthulhuDiceState:
    return CthulhuDiceState(num_players, options)


# --- the vocabulary: each verb's rule, notation and reading (docs/games/cthulhu-dice.md) ----
def _read_seat(state: CthulhuDiceState, text: str) -> int:
    """The seat of ``v2`` / ``g2`` (1-based in notation)."""
    seat = ascii_int(text[1:])
    if 1 <= seat <= state.num_seats:
        return seat - 1
    raise NotationError(f"no seat {text[1:]} at this table")


def _read_roll(state: CthulhuDiceState, text: str) -> tuple | None:
    return ROLLS.get(text)


def _read_eye(state: CthulhuDiceState, text: str) -> tuple | None:
    return _EYE_READ.get(text)


def _read_victim(state: CthulhuDiceState, text: str) -> tuple | None:
    if text[0] != "v":
        return None
    if text == "vC":
        if state.variant:
            return VICTIM_CTHULHU
        raise NotationError("Cthulhu is a victim only in the variant")
    return _VICTIM_ACT[_read_seat(state, text)]


def _read_gift(state: CthulhuDiceState, text: str) -> tuple | None:
    if text[0] != "g":
        return None
    if not state.variant:
        raise NotationError("Yellow Sign gifts exist only in the variant")
    return _GIFT_ACT[_read_seat(state, text)]


_EYE_READ = {"e" + a[1]: a for a in EYE_CHOICES}

VOCABULARY = actions.vocabulary(
    Verb(VICTIM, CthulhuDiceState._apply_victim,
         lambda a: "vC" if a[1] == CTHULHU else f"v{a[1] + 1}", _read_victim),
    Verb(ROLL, CthulhuDiceState._apply_roll, lambda a: a[1], _read_roll),
    Verb(EYE_PICK, CthulhuDiceState._apply_eye, lambda a: "e" + a[1], _read_eye),
    Verb(GIFT, CthulhuDiceState._apply_gift, lambda a: f"g{a[1] + 1}", _read_gift),
)
_APPLY = {name: v.apply for name, v in VOCABULARY.items()}   # apply()'s dispatch
_NOTATION = {a: actions.write(VOCABULARY, a)                 # action_to_str's table
             for a in (*_VICTIM_ACT, VICTIM_CTHULHU, *_ROLL_ACT, *EYE_CHOICES, *_GIFT_ACT)}
