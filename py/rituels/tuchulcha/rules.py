"""Tuchulcha's rules: the game state, its actions and their notation.

See docs/rules/tuchulcha.md for the rules and docs/games/tuchulcha.md for the public attributes
views read and the action notation. Every board number and cost comes from ``board``.

Turn flow (``phase``): START (optional role change, only offered when one is possible) -> ROLL
(chance) -> THIRD (after a double) -> ROLL3 (chance) or DISCARD (Tuchulcha) -> MOVE (one die at a
time, or several at once in a combined attack) -> END (only for the player who just removed
Tuchulcha: may consecrate) -> next player.

Each die moves one pawn (``("m", die, src, 1)``); pawns of one colour attack together with a
combined move ``("A", ((die, src), ...))``: several dice at once, one pawn each, all ending on the
attacked stone. The set-up option ``group_moves`` restores the old reading: a die moves any number
of pawns of one stack (``("m", die, src, count)``) and there are no combined moves. Every verb's
rule and notation is declared once, in ``VOCABULARY`` (the end of this module).

The maximum-dice rule is enforced per move: a move is legal only if, after it, the remaining dice
can still be used as fully as the best sequence allows. ``_max_use`` computes that best count by
a memoised depth-first search that stops as soon as every die is used.
"""

from __future__ import annotations

from collections import namedtuple
from fractions import Fraction
from itertools import accumulate, combinations, combinations_with_replacement, product
from math import factorial

from rituels.engine import actions
from rituels.engine.actions import Verb, bare, verb
from rituels.engine.state import (
    CACHE, CHANCE, DICT, LIST, TERMINAL, Field, Fields, GameState, IllegalAction, NotationError)
from rituels.tuchulcha import board
from rituels.tuchulcha.board import MULTIPLIER, MYSTIC, Side, side_for

GAME_ID = "tuchulcha"

SETUP, START, ROLL, THIRD, ROLL3, DISCARD, MOVE, END, OVER = (
    "setup", "start", "roll", "third", "roll3", "discard", "move", "end", "over")
CHANCE_PHASES = (SETUP, ROLL, ROLL3)

VELTHUMENA = "velthumena"
STAR = "S"
_V = -1                                  # internal destination code for Velthumena
NORMAL, TUCHULCHA, LASA = 0, 1, 2        # the mover's role

MoveEffect = namedtuple("MoveEffect", "colour src dest count hit hit_to lost seal")


# --- static tables ------------------------------------------------------------------------
# Temple sources "T0".."T3", built once: move generation names them constantly.
_TEMPLE = tuple(f"T{c}" for c in range(max(s.temples for s in board.SIDES.values())))
_TEMPLE_COLOUR = {name: c for c, name in enumerate(_TEMPLE)}


class _Layout:
    """Per-side lookup tables (computed once): routes, multipliers, passages."""

    def __init__(self, side: Side):
        self.side = side
        self.loop = side.loop
        self.mult = tuple(MULTIPLIER[k] for k in side.kinds)
        self.mystic = tuple(k == MYSTIC for k in side.kinds)
        self.passages = frozenset(side.passages)
        # The stones' numbers, for the scans of the move search: a loop over them that
        # indexes the stones costs less under Pyodide than enumerate's pairs.
        self.ids = tuple(range(side.loop))
        # Side's properties rebuild their tuples on each access: kept here for the hot paths.
        self.entries = side.entries
        self.last_step = side.last_step
        # route[c][step] = stone for step 1..last_step; step[c][stone] = route step of stone
        self.route = tuple(
            (None,) + tuple(side.stone_at(c, s) for s in range(1, side.last_step + 1))
            for c in range(side.temples))
        self.step = tuple(tuple(side.step_of(c, x) for x in range(side.loop))
                          for c in range(side.temples))
        # landing[tuch][c][src][die]: where a group of colour c leaving src (a stone, or its
        # temple "T<c>") with die lands, a stone or _V (Velthumena); tuch: moved by Tuchulcha,
        # who loops for ever and never enters Velthumena. One table for the move generation,
        # the move itself and the max-dice shortcut. (Lasa's walk depends on the stones.)
        faces = range(board.DIE_FACES + 1)
        self.landing = tuple(
            tuple({src: tuple(self._land_of(tuch, c, src, die) for die in faces)
                   for src in (*self.ids, _TEMPLE[c])}
                  for c in range(side.temples))
            for tuch in (False, True))

    def _land_of(self, tuch: bool, colour: int, src, die: int) -> int:
        on_stone = isinstance(src, int)
        if tuch:
            return ((src + die) % self.loop if on_stone
                    else (self.entries[colour] + die - 1) % self.loop)
        step = self.step[colour][src] + die if on_stone else die
        return _V if step > self.last_step else self.route[colour][step]


_LAYOUTS = {name: _Layout(s) for name, s in board.SIDES.items()}


def _dice_outcomes(n: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Unordered results of n dice (sorted high to low) with exact probabilities."""
    faces = range(board.DIE_FACES, 0, -1)
    total = board.DIE_FACES ** n
    out = []
    for combo in combinations_with_replacement(faces, n):
        ways = factorial(n)
        for v in set(combo):
            ways //= factorial(combo.count(v))
        out.append((("dice", combo), Fraction(ways, total)))
    return out


_DICE_OUTCOMES = {n: _dice_outcomes(n) for n in {1, board.DICE, board.TUCHULCHA_DICE,
                                                 board.LASA_DICE}}


def _table(outcomes: list) -> tuple[tuple, tuple[float, ...]]:
    """sample_chance's (outcomes, cumulative weights), computed once per kind of node."""
    return tuple(a for a, _ in outcomes), tuple(accumulate(float(p) for _, p in outcomes))


_DICE_TABLES = {n: _table(out) for n, out in _DICE_OUTCOMES.items()}
_FIRST_TABLES = {n: _table([(("first", i), Fraction(1, n)) for i in range(n)])
                 for n in (2, 3, 4)}


# Notation of the actions already written (the bench and the record write every action):
# a dict lookup costs about as much under Pyodide as on CPython, formatting three times more.
# The actions form a bounded set (dice, places, counts); the cap only guards memory.
_NOTATION: dict = {}
_NOTATION_MAX = 50000


def _values_of(dice: tuple) -> tuple[int, ...]:
    """The distinct values of ``dice``, high to low."""
    return tuple(sorted(set(dice), reverse=True))


# _values_of for every roll (up to four dice in any order), read by the move generation at
# each node of the max-dice search: a lookup instead of a set and a sort.
_VALUES = {dice: _values_of(dice) for n in range(board.TUCHULCHA_DICE + 1)
           for dice in product(range(1, board.DIE_FACES + 1), repeat=n)}


def _every_move(move) -> bool:
    """A ``_quick_ok`` answer when every move surely leaves the other die a move."""
    return True


def _remove_die(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    i = dice.index(die)
    return dice[:i] + dice[i + 1:]


def _src_key(src) -> tuple:
    """Order of sources in action lists: temples, the star, then stones by number."""
    return (1, src, "") if isinstance(src, int) else (0, 0, src)


def _part_key(part: tuple) -> tuple:
    """Order of the (die, src) parts of a combined move: dice high to low, then sources."""
    return (-part[0],) + _src_key(part[1])


def _digits(text: str) -> bool:
    """ASCII digits only (str.isdigit also accepts "²", which int() refuses)."""
    return bool(text) and text.isascii() and text.isdigit()


_SUBSETS: dict = {}


def _dice_subsets(dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The distinct groups of at least two of ``dice`` (high to low), smallest first."""
    out = _SUBSETS.get(dice)
    if out is None:
        found = {tuple(sorted(c, reverse=True))
                 for k in range(2, len(dice) + 1) for c in combinations(dice, k)}
        out = _SUBSETS[dice] = sorted(found, key=lambda sub: (len(sub), [-v for v in sub]))
    return out


def _spread_over(m: int, feeds: list) -> list[tuple]:
    """Ways to take m pawns from feeds [(src, available)], as sorted tuples of sources."""
    if m == 0:
        return [()]
    if not feeds:
        return []
    (src, avail), rest = feeds[0], feeds[1:]
    ways = []
    for n in range(min(m, avail), -1, -1):
        ways.extend((src,) * n + tail for tail in _spread_over(m - n, rest))
    return ways


MOVE_VERBS = frozenset(("m", "A"))   # a pawn move: single ("m") or combined attack ("A")


def is_move(action) -> bool:
    """A pawn move (single or combined), as opposed to dice, role and turn actions."""
    return verb(action) in MOVE_VERBS


# --- the state ----------------------------------------------------------------------------
def _stone_map(bound: dict) -> dict[str, int]:
    """``frozen`` or ``must_leave`` as saved: stones as text keys, in order."""
    return {str(k): v for k, v in sorted(bound.items())}


class TuchulchaState(GameState):
    game_id = GAME_ID
    # Every attribute, in to_json's order: clone, to_json and from_json's keys come from here.
    # Not saved: what the table's size gives (layout, colours), what the stones give (path),
    # the view's mark (last_hit) and the caches.
    FIELDS = Fields(
        Field("num_players", key="players"), Field("side", save=lambda side: side.name),
        Field("group_moves"), Field("pawns"), Field("owner"),
        Field("temple", LIST), Field("velthumena", LIST), Field("forest", LIST),
        Field("sanctuary", LIST), Field("star", LIST), Field("stones", LIST),
        Field("seals", save=sorted), Field("tuchulcha"), Field("lasa"), Field("consecrations"),
        Field("out", save=sorted), Field("player"), Field("first_player"), Field("phase"),
        Field("rolled"), Field("discarded"), Field("dice"), Field("used", LIST),
        Field("frozen", DICT, save=_stone_map), Field("must_leave", DICT, save=_stone_map),
        Field("passed"), Field("end_reason"), Field("last_move"),
        Field("_winners", LIST, "winners"),
        Field(("_idle_turns", "_stall_turns"), key="counters", save=lambda idle, stall: [
            idle, stall]),
        # The turn's bookkeeping, so that from_json plays on exactly as this state would.
        Field(("_removed_by", "_progress", "_acted", "_roll_asked", "_maxleft"), key="turn",
              save=lambda removed_by, progress, acted, roll_asked, maxleft: {
                  "removed_by": removed_by, "progress": progress, "acted": acted,
                  "roll_asked": roll_asked, "maxleft": maxleft}),
        Field("_lay", key=None), Field("colours", key=None), Field("_colours_of", key=None),
        Field("_movers", key=None), Field("path", LIST, None), Field("last_hit", key=None),
        Field("_memo", CACHE, None), Field("_memo_raw", CACHE, None),
        Field("_legal", CACHE, None))

    def __init__(self, num_players: int, group_moves: bool = False):
        if num_players not in (2, 3, 4):
            raise ValueError("Tuchulcha takes 2 to 4 players")
        side = side_for(num_players)
        self.num_players = num_players
        self.group_moves = bool(group_moves)
        self.pawns = board.PAWNS[num_players]
        self.side = side
        self._lay = _LAYOUTS[side.name]
        self.colours = range(side.temples)
        if num_players == 2:
            owned = [c for c in self.colours if c not in board.NEUTRALS_2P]
            self.owner = tuple(owned.index(c) if c in owned else None for c in self.colours)
        else:
            self.owner = tuple(self.colours)
        self._colours_of = tuple(tuple(c for c in self.colours if self.owner[c] == p)
                                 for p in range(num_players))
        neutral = tuple(c for c in self.colours if self.owner[c] is None)
        self._movers = tuple(self._colours_of[p] + neutral for p in range(num_players))
        T = side.temples
        self.temple = [self.pawns] * T
        self.path = [0] * T               # pawns on the stones, per colour
        self.velthumena = [0] * T
        self.forest = [0] * T
        self.sanctuary = [0] * T
        self.star = [0] * T
        self.stones: list = [None] * side.loop
        self.seals: frozenset = frozenset()
        self.tuchulcha: int | None = None
        self.lasa: int | None = None
        self.consecrations = 0
        self.out: frozenset = frozenset()
        self.player = 0
        self.first_player: int | None = None
        self.phase = SETUP
        self.rolled: tuple = ()
        self.discarded: int | None = None
        self.dice: tuple = ()
        self.used: list = []
        self.frozen: dict = {}
        self.must_leave: dict = {}
        self.end_reason: str | None = None
        self._winners: list = []
        self.passed: int | None = None
        self.last_move: tuple | None = None   # (sources, destination) of the latest move
        # (stone, where the hit pawns went: "forest" or "t<colour>") of the latest move, if it
        # hit: for the view's mark only, so not in to_dict (the rules never read it).
        self.last_hit: tuple | None = None
        self._removed_by: int | None = None   # player whose pawn ousted Tuchulcha this turn
        self._progress = False                # race progress this turn (stall rule)
        self._acted = False                   # consecrated this turn (stuck rule)
        self._roll_asked = False              # "roll" chosen at START: no second roll click
        self._idle_turns = 0
        self._stall_turns = 0
        self._maxleft = 0                     # dice still usable this turn (max-dice rule)
        self._memo: dict = {}                 # the max-dice search's, per turn
        self._memo_raw: dict = {}
        self._legal: list | None = None

    # --- public helpers -------------------------------------------------------------------
    def colours_of(self, player: int) -> tuple[int, ...]:
        return self._colours_of[player]

    @property
    def next_cost(self) -> int:
        return board.FIRST_COST + board.COST_STEP * self.consecrations

    def in_play(self, colour: int) -> int:
        return self.temple[colour] + self.path[colour] + self.star[colour]

    def player_in_play(self, player: int) -> int:
        temple, path, star = self.temple, self.path, self.star
        total = 0
        for c in self._colours_of[player]:  # (a loop: no generator, no call per colour)
            total += temple[c] + path[c] + star[c]
        return total

    def tuchulcha_colour(self) -> int:
        return self._colours_of[self.tuchulcha][0] if self.tuchulcha is not None else -1

    def lasa_colour(self) -> int:
        return self._colours_of[self.lasa][0] if self.lasa is not None else -1

    def group_colour(self, src) -> int | None:
        if isinstance(src, int):
            occ = self.stones[src]
            return occ[0] if occ else None
        if src == STAR:
            return self.lasa_colour() if self.lasa is not None else None
        return int(src[1:])

    def power(self, stone: int) -> int:
        occ = self.stones[stone]
        return occ[1] * self._lay.mult[stone] if occ else 0

    def in_game(self) -> list[int]:
        return [p for p in range(self.num_players) if p not in self.out]

    def sources(self) -> list:
        """Sources with a legal single move now (combined attacks: ``attacks()``)."""
        if self.phase != MOVE:
            return []
        seen = []
        for a in self._legal_list():
            if a[0] == "m" and a[2] not in seen:
                seen.append(a[2])
        return seen

    def moves_from(self, src) -> list:
        if self.phase != MOVE:
            return []
        return [a for a in self._legal_list() if a[0] == "m" and a[2] == src]

    def attacks(self, stone: int | None = None) -> list:
        """The legal combined attacks now (only those on ``stone`` when given)."""
        if self.phase != MOVE:
            return []
        return [a for a in self._legal_list() if a[0] == "A"
                and (stone is None or self.move_effect(a).dest == stone)]

    def move_destination(self, action) -> int | str:
        return self.move_effect(action).dest

    def move_effect(self, action) -> MoveEffect:
        """What a move would do (the action need not be legal, but must be a move). For a
        combined attack ``src`` is the tuple of its pawns' sources and ``count`` their number."""
        if action[0] == "A":
            parts = action[1]
            first = self.move_effect(("m", parts[0][0], parts[0][1], len(parts)))
            return first._replace(src=tuple(src for _, src in parts))
        _, die, src, count = action
        colour = self.group_colour(src)
        if colour is None:
            raise IllegalAction(f"no pawn at {src!r}")
        role = self._role_of_colour(colour)
        dest, _ = self._target(colour, src, die, role)
        if dest is None:
            raise IllegalAction("that die cannot move this group")
        if dest == _V:
            return MoveEffect(colour, src, VELTHUMENA, count, None, None, False, False)
        unsealed = dest in self._lay.passages and dest not in self.seals
        if role == LASA:
            return MoveEffect(colour, src, dest, count, None, None, False, unsealed)
        occ = self.stones[dest]
        hit = occ if occ and occ[0] != colour else None
        hit_to = None
        if hit:
            hit_to = "temple" if hit[0] == self.lasa_colour() and role != TUCHULCHA else "forest"
        return MoveEffect(colour, src, dest, count, hit, hit_to, unsealed, False)

    def consecrations_available(self) -> list:
        if self.phase not in (START, END):
            return []
        return [a for a in self.legal_actions() if verb(a) == "C"]

    # --- protocol: whose decision --------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        return self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER   # (current_player's TERMINAL, without the call)

    def chance_owner(self) -> int | None:
        # After "roll" at the start of a turn the player has already asked for the dice:
        # the app rolls them without a second click.
        if self.phase in (SETUP, OVER) or (self.phase == ROLL and self._roll_asked):
            return None
        return self.player

    def chance_outcomes(self) -> list:
        if self.phase == SETUP:
            p = Fraction(1, self.num_players)
            return [(("first", i), p) for i in range(self.num_players)]
        return _DICE_OUTCOMES[self._dice_rolled()]

    def chance_table(self) -> tuple[tuple, tuple[float, ...]]:
        if self.phase == SETUP:
            return _FIRST_TABLES[self.num_players]
        return _DICE_TABLES[self._dice_rolled()]

    def _dice_rolled(self) -> int:
        if self.phase == ROLL:
            return (board.TUCHULCHA_DICE if self.player == self.tuchulcha
                    else board.LASA_DICE if self.player == self.lasa else board.DICE)
        if self.phase == ROLL3:
            return 1
        raise ValueError("not a chance node")

    def legal_actions(self) -> list:
        return self._legal_list()[:]   # the caller's own copy: the cache stays intact

    def _legal_list(self) -> list:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> list:
        ph = self.phase
        if ph in CHANCE_PHASES:
            return list(self.chance_table()[0])
        if ph == MOVE:
            return self._move_actions()
        if ph == START:
            out = ["roll"] + self._consecration_actions(self.player)
            if self._can_lasa(self.player):
                out.append("L")
            return out
        if ph == THIRD:
            return ["third", "nothird"]
        if ph == DISCARD:
            return [("discard", v) for v in sorted(set(self.rolled), reverse=True)]
        if ph == END:
            return self._consecration_actions(self.player) + ["done"]
        return []

    # --- roles ----------------------------------------------------------------------------
    def _role_of_colour(self, colour: int) -> int:
        owner = self.owner[colour]
        if owner is not None and owner == self.tuchulcha:
            return TUCHULCHA
        if owner is not None and owner == self.lasa:
            return LASA
        return NORMAL

    def _may_become_tuchulcha(self, p: int) -> bool:
        if (self.num_players not in board.TUCHULCHA_PLAYERS or self.tuchulcha is not None
                or p in self.out or p == self.lasa):
            return False
        return all(self.player_in_play(q) >= board.OTHERS_MIN_IN_PLAY
                   for q in self.in_game() if q != p)

    def _consecration_actions(self, p: int) -> list:
        """Every way to pay the next consecration: the pawns taken from the temple or the path
        are listed; the rest (at least COST_FROM_GOAL) come from Velthumena, then the forest."""
        if not self._may_become_tuchulcha(p):
            return []
        c = self._colours_of[p][0]
        cost = self.next_cost
        pool = self.velthumena[c] + self.forest[c]
        if pool < board.COST_FROM_GOAL:
            return []
        sources = [(s, occ[1]) for s, occ in enumerate(self.stones) if occ and occ[0] == c]
        if self.temple[c]:
            sources.insert(0, (f"T{c}", self.temple[c]))
        in_play = self.in_play(c)
        out = []
        for k in range(0, cost - board.COST_FROM_GOAL + 1):
            if cost - k > pool or in_play - k < 1:  # [decision] keep at least one pawn in play
                continue
            out.extend(self._spread(sources, k))
        return [("C", tuple(sorted(take, key=lambda t: _src_key(t[0])))) for take in out]

    @staticmethod
    def _spread(sources: list, k: int) -> list:
        """All ways to take k pawns from sources [(src, available)] as tuples of (src, n)."""
        if k == 0:
            return [()]
        ways = []

        def rec(i, left, acc):
            if left == 0:
                ways.append(tuple(acc))
                return
            if i == len(sources):
                return
            src, avail = sources[i]
            for n in range(min(avail, left), -1, -1):
                rec(i + 1, left - n, acc + [(src, n)] if n else acc)
        rec(0, k, [])
        return ways

    def _can_lasa(self, p: int) -> bool:
        return (self.num_players in board.LASA_PLAYERS and self.tuchulcha is not None
                and self.lasa is None and p != self.tuchulcha and p not in self.out
                and self.player_in_play(p) >= board.LASA_MIN_IN_PLAY)

    def _role_change_possible(self, p: int) -> bool:
        return bool(self._consecration_actions(p)) or self._can_lasa(p)

    def _consecrate(self, take: tuple) -> None:
        p = self.player
        c = self._colours_of[p][0]
        cost = self.next_cost
        for src, n in take:
            if isinstance(src, int):
                occ = self.stones[src]
                left = occ[1] - n
                self.stones[src] = (c, left) if left else None
                self.path[c] -= n
            else:
                self.temple[c] -= n
        rest = cost - sum(n for _, n in take)
        from_v = min(rest, self.velthumena[c])
        self.velthumena[c] -= from_v
        self.forest[c] -= rest - from_v
        self.sanctuary[c] += cost
        self.forest[c] += self.velthumena[c]   # his Velthumena pawns no longer score
        self.velthumena[c] = 0
        self.tuchulcha = p
        self.consecrations += 1
        self._progress = self._acted = True
        self._check_after_change()

    def _consecrate_lasa(self) -> None:
        c = self._colours_of[self.player][0]
        self.lasa = self.player
        self.star[c] += self.velthumena[c] + self.forest[c]
        self.velthumena[c] = self.forest[c] = 0
        self._progress = self._acted = True
        self._check_after_change()

    # --- movement -------------------------------------------------------------------------
    def _target(self, colour: int, src, die: int, role: int) -> tuple[int | None, bool]:
        """Landing of a group of ``colour`` at ``src`` moved by ``die``: (stone or _V or None,
        whether a Lasa pawn passed over an unsealed passage on the way)."""
        if role == LASA:
            return self._lasa_walk(colour, src, die)
        return self._lay.landing[role == TUCHULCHA][colour][src][die], False

    def _lasa_walk(self, colour: int, src, die: int) -> tuple[int | None, bool]:
        """Lasa's pawns count only empty stones (occupied ones are skipped)."""
        stones, loop, passages, seals = self.stones, self._lay.loop, self._lay.passages, self.seals
        if isinstance(src, int):
            x, origin = (src + 1) % loop, src
        else:
            x, origin = self._lay.entries[colour], None
        if None not in stones:  # (a stone origin holds the moving group: it is not empty)
            return None, False
        left = die
        passed = False
        while True:
            if stones[x] is None and x != origin:
                left -= 1
                if left == 0:
                    return x, passed
                if x in passages and x not in seals:
                    passed = True
            x = (x + 1) % loop

    def _raw_moves(self, first: bool = False) -> list:
        """Every move of the player now (single-die moves, then combined attacks), ignoring
        the maximum-dice rule (with ``first``: only the first single move found, enough to know
        whether a die can be used)."""
        p = self.player
        role = TUCHULCHA if p == self.tuchulcha else LASA if p == self.lasa else NORMAL
        movers = self._movers[p]
        stones, frozen = self.stones, self.frozen
        if self.must_leave:
            sources = [(s, stones[s][0], stones[s][1] - frozen.get(s, 0))
                       for s in sorted(self.must_leave)]
        else:
            sources = [(_TEMPLE[c], c, self.temple[c]) for c in movers if self.temple[c]]
            if role == LASA:
                lc = movers[0]
                if self.star[lc]:
                    sources.append((STAR, lc, self.star[lc]))
            for s in self._lay.ids:
                occ = stones[s]
                if occ and occ[0] in movers:
                    avail = occ[1] - frozen.get(s, 0) if frozen else occ[1]
                    if avail > 0:
                        sources.append((s, occ[0], avail))
        tuch = self.tuchulcha  # tcol = self.tuchulcha_colour(), without the call
        tcol = self._colours_of[tuch][0] if tuch is not None else -1
        mult = self._lay.mult
        single_lasa = role == LASA and self.in_play(movers[0]) == 1
        group = self.group_moves
        out = []
        landing = self._lay.landing[role == TUCHULCHA]
        passed = False
        dice = self.dice
        for die in _VALUES.get(dice) or _values_of(dice):
            for src, colour, avail in sources:
                # _target's landing, read from the table here (a call per source and die
                # costs more than the rest of this loop under Pyodide); Lasa's walk stays a
                # call.
                if role == LASA:
                    dest, passed = self._lasa_walk(colour, src, die)
                    if dest is None:
                        continue
                else:
                    dest = landing[colour][src][die]
                lo = 1
                if dest != _V and role != LASA:
                    occ = stones[dest]
                    if occ is not None and occ[0] != colour:
                        if occ[0] == tcol:
                            continue
                        lo = occ[1] * (1 if role == TUCHULCHA else mult[dest])
                        if lo > (avail if group else 1):
                            continue
                if first:
                    return [("m", die, src, lo)]
                if group:
                    out.extend([("m", die, src, k) for k in range(lo, avail + 1)])
                else:
                    out.append(("m", die, src, 1))
                if single_lasa and passed:
                    out.append(("skip", die))
        if not first and not group and role != LASA and len(self.dice) > 1:
            out.extend(self._combined_moves(role, movers, tcol))
        return out

    def _combined_moves(self, role: int, movers: tuple, tcol: int) -> list:
        """Combined attacks: 2+ of the remaining dice, each moving one pawn of one colour, all
        landing on a stone held by another colour, at least as many pawns as its power. The
        source of a pawn is fixed by its die and the target, so this is a scan of the targets,
        not of the sequences. While pawns are bound to mystic stones, a combined move takes
        only bound pawns or moves every bound pawn off at once [decision]."""
        dice, stones, lay = self.dice, self.stones, self._lay
        subsets = _dice_subsets(dice)
        most = len(dice)
        values = _VALUES.get(dice) or _values_of(dice)
        counts = [(d, dice.count(d)) for d in values]
        bound = self.must_leave
        temple, frozen = self.temple, self.frozen
        loop, entries, step_of, route, last = (lay.loop, lay.entries, lay.step, lay.route,
                                               lay.last_step)
        tuch = role == TUCHULCHA
        out = []
        for t in lay.ids:
            occ = stones[t]
            if occ is None or occ[0] == tcol:
                continue
            dc, dn = occ
            power = dn if role == TUCHULCHA else dn * lay.mult[t]
            if power > most:
                continue
            need = power if power > 2 else 2
            for c in movers:
                if c == dc:
                    continue
                # Plain loops, not generator expressions: these run for every stone and colour
                # and generators cost several times more under Pyodide.
                feeds = {}
                reach = 0
                held = temple[c]
                st = 0 if tuch else step_of[c][t]
                for d, count in counts:
                    # The feeders: where a pawn of c must stand to land on t with d, with
                    # the pawns free to move there (temple first). Inline: this runs for
                    # every stone, colour and die, and a call costs more under Pyodide.
                    f = []
                    x = None
                    if tuch:
                        if held and (entries[c] + d - 1) % loop == t:
                            f.append((_TEMPLE[c], held))
                        x = (t - d) % loop
                    elif st - d >= 0 and st <= last:
                        if st == d:
                            if held:
                                f.append((_TEMPLE[c], held))
                        else:
                            x = route[c][st - d]
                    if x is not None:
                        there = stones[x]
                        if there and there[0] == c:
                            free = there[1] - frozen.get(x, 0) if frozen else there[1]
                            if free > 0:
                                f.append((x, free))
                    feeds[d] = f
                    for _, n in f:
                        reach += n if n < count else count
                        count -= n
                        if count <= 0:
                            break
                if reach < need:
                    continue
                for sub in subsets:
                    if len(sub) < power:
                        continue
                    options = [()]
                    for d in values:
                        m = sub.count(d)
                        ways = _spread_over(m, feeds[d])
                        options = [o + tuple((d, src) for src in w) for o in options
                                   for w in ways]
                        if not options:
                            break
                    for parts in options:
                        if bound and not self._frees_bound(parts):
                            continue
                        out.append(("A", parts))
        return out

    def _frees_bound(self, parts: tuple) -> bool:
        bound = self.must_leave
        moved: dict = {}
        for _, src in parts:
            if src in bound:
                moved[src] = moved.get(src, 0) + 1
        freed = sum(min(n, bound[s]) for s, n in moved.items())
        return freed == len(parts) or freed == sum(bound.values())

    def _do_move(self, action) -> None:
        """Play one move (no turn bookkeeping): move, hit, lose, seal, then role/end checks."""
        # The dice the move uses (each part's of a combined attack, a skip's own, else the
        # move's), taken off inline: this runs for every move the maximum-dice search tries.
        head, dice, used = action[0], self.dice, self.used
        if head == "A":
            parts = action[1]
            for die, _ in parts:
                i = dice.index(die)
                dice = dice[:i] + dice[i + 1:]
                used.append(die)
            self.dice = dice
            for _, src in parts:
                colour = self._lift(src, 1)
            return self._land(colour, parts[0][1], parts[0][0], len(parts),
                              tuple([src for _, src in parts]))
        die = action[1]    # ("m", die, src, k) or ("skip", die)
        i = dice.index(die)
        self.dice = dice[:i] + dice[i + 1:]
        used.append(die)
        if head == "skip":
            return
        _, die, src, k = action
        self._land(self._lift(src, k), src, die, k, (src,))

    def _lift(self, src, k: int) -> int:
        """Take k pawns off ``src``; returns their colour."""
        stones = self.stones
        if isinstance(src, int):
            colour, have = stones[src]
            stones[src] = (colour, have - k) if have > k else None
            self.path[colour] -= k
            if src in self.must_leave:
                left = self.must_leave[src] - k
                if left > 0:
                    self.must_leave[src] = left
                else:
                    del self.must_leave[src]
        elif src == STAR:
            colour = self.lasa_colour()
            self.star[colour] -= k
        else:
            colour = int(src[1:])
            self.temple[colour] -= k
        return colour

    def _land(self, colour: int, src, die: int, k: int, sources: tuple) -> None:
        """k pawns of ``colour`` that left ``src`` (all: ``sources``) with ``die`` arrive
        together."""
        stones = self.stones
        role = self._role_of_colour(colour)
        if role == NORMAL:
            self._progress = True
        dest, _ = self._target(colour, src, die, role)
        self.last_move = (sources, VELTHUMENA if dest == _V else dest)
        self.last_hit = None
        left_play = True   # pawns left play or a seal was set: eliminations/end to check
        if dest == _V:
            self.velthumena[colour] += k
            if self.tuchulcha is not None and self.owner[colour] != self.tuchulcha:
                self._oust_tuchulcha()
        elif dest in self._lay.passages and dest not in self.seals:
            self._progress = True
            if role == LASA:           # seals the passage, the pawn goes to the star
                self.seals = self.seals | {dest}
                self.star[colour] += k
            else:                      # stopped on a passage: lost to the forest
                self.forest[colour] += k
        else:
            left_play = False
            occ = stones[dest]
            if occ is not None and occ[0] != colour:
                self._progress = True
                dc, dn = occ
                self.path[dc] -= dn
                if dc == self.lasa_colour() and role != TUCHULCHA:
                    self.temple[dc] += dn
                    self.last_hit = (dest, f"t{dc}")
                else:
                    self.forest[dc] += dn
                    self.last_hit = (dest, "forest")
                    left_play = True
                occ = None
                self.must_leave.pop(dest, None)
                if role != TUCHULCHA:  # the hitting group stops for the rest of the turn
                    self.frozen[dest] = k
                else:
                    self.frozen.pop(dest, None)
            stones[dest] = (colour, occ[1] + k) if occ else (colour, k)
            self.path[colour] += k
        if left_play:
            self._check_after_change()

    def _oust_tuchulcha(self) -> None:
        t = self.tuchulcha
        self._retire(t)
        self.tuchulcha = None
        self._removed_by = self.player

    def _retire(self, p: int) -> None:
        """Player p is out of the game: [decision] their pawns still in play go to the forest."""
        for c in self._colours_of[p]:
            for s, occ in enumerate(self.stones):
                if occ and occ[0] == c:
                    self.stones[s] = None
                    self.frozen.pop(s, None)
                    self.must_leave.pop(s, None)
            self.forest[c] += self.in_play(c)
            self.temple[c] = self.path[c] = self.star[c] = 0
        self.out = self.out | {p}

    def _check_after_change(self) -> None:
        """Eliminations and the end of the game, checked after every change of position."""
        t = self.tuchulcha
        if t is not None:
            for q in self.in_game():
                if self.player_in_play(q) == 0:
                    self.out = self.out | {q}
                    if q == t:             # [decision] a Tuchulcha with no pawn left is out
                        self.tuchulcha = t = None
                    if q == self.lasa:
                        self.lasa = None
        if self.lasa is not None:
            lc = self.lasa_colour()
            unsealed = len(self._lay.passages) - len(self.seals)
            if unsealed == 0:
                return self._finish("lasa", [self.lasa])
            if self.in_play(lc) < unsealed:
                self._retire(self.lasa)
                self.lasa = None
        if t is not None:
            tc = self.tuchulcha_colour()
            if not any(self.in_play(c) for c in self.colours if c != tc):
                return self._finish("tuchulcha", [t])
        else:
            if any(self.player_in_play(q) == 0 for q in self.in_game()):
                self._finish_by_count("race")

    def _finish_by_count(self, reason: str) -> None:
        """End (c): most pawns in Velthumena, then [decision, revised] most pawns still in
        play; only a tie on both is shared. (2 players: ``_colours_of`` holds only the owned
        colours, so neutrals count for nobody.)"""
        players = self.in_game()
        score = {q: (sum(self.velthumena[c] for c in self._colours_of[q]),
                     self.player_in_play(q)) for q in players}
        best = max(score.values(), default=(0, 0))
        self._finish(reason, [q for q in players if score[q] == best])

    def _finish(self, reason: str, winners: list) -> None:
        self.phase = OVER
        self.end_reason = reason
        self._winners = sorted(winners)
        self.dice = ()

    # --- the maximum-dice rule ------------------------------------------------------------
    def _pos_key(self) -> tuple:
        frozen, bound = self.frozen, self.must_leave  # mostly empty: skip sorting them
        return (tuple(self.stones), tuple(self.temple), tuple(self.star), self.seals,
                tuple(sorted(frozen.items())) if frozen else (),
                tuple(sorted(bound.items())) if bound else (),
                self.tuchulcha, self.lasa, self.player, self.dice)

    def _max_use(self) -> int:
        """The largest number of the remaining dice that some sequence of moves uses."""
        n = len(self.dice)
        if n <= 1:
            return 1 if n and self._raw_moves(first=True) else 0
        key = self._pos_key()
        memo = self._memo
        best = memo.get(key)
        if best is not None:
            return best
        best = 0
        raw = self._raws_at(key)
        # With two or three dice, a move that leaves the other dice moves apart from it
        # surely uses them all: the shortcut spares the clone and the replay of most children.
        quick = self._quick_ok(raw) if n <= 3 else None
        for m in raw:
            got = n if quick is not None and quick(m) else self._child_use(key, m, n)
            if got > best:
                best = got
                if best == n:
                    break
        memo[key] = best
        return best

    # The search meets the same positions again and again within a turn (the start of the
    # moves, then each legal-move list): per position its moves, and per (position, move)
    # the dice that move leads to using, are kept in the turn's memo. A dict lookup costs
    # relatively little under Pyodide, while the clone, the move and the move generation it
    # replaces cost about 1.6x CPython's time: this lowered the Pyodide/CPython ratio of a
    # game (and both got faster).
    def _raws_at(self, key: tuple) -> list:
        """``_raw_moves()`` of this position (``key``: its ``_pos_key``), computed once."""
        raws = self._memo_raw
        raw = raws.get(key)
        if raw is None:
            raw = raws[key] = self._raw_moves()
        return raw

    def _child_use(self, key: tuple, m, n: int) -> int:
        """How many of the ``n`` dice left are used at best by playing ``m`` first."""
        memo = self._memo
        mk = (key, m)
        got = memo.get(mk)
        if got is None:
            child = self.clone()
            child._do_move(m)
            got = memo[mk] = (n if child.phase == OVER
                              else n - len(child.dice) + child._max_use())
        return got

    def _begin_moves(self) -> None:
        """Dice are final: set the mystic obligation and the number of dice to use."""
        self.phase = MOVE
        self.dice = tuple(sorted(self.dice, reverse=True))
        self.must_leave = {}
        if self.player != self.tuchulcha:
            lay = self._lay
            own = self._colours_of[self.player]
            stones = self.stones
            bound = {s: stones[s][1] for s in lay.ids
                     if stones[s] and stones[s][0] in own and lay.mystic[s]}
            if bound:
                free = self._max_use()
                self.must_leave = bound
                if self._max_use() < free:  # obeying would use fewer dice: obligation lifted
                    self.must_leave = {}
        self._maxleft = self._max_use()
        if self._maxleft == 0:
            self._end_turn()

    def _move_actions(self) -> list:
        need = self._maxleft
        if need <= 1:
            return self._raw_moves()
        key = self._pos_key()
        raw = self._raws_at(key)
        n = len(self.dice)
        quick = self._quick_ok(raw) if need == n else None
        out = []
        for m in raw:
            if (m[0] == "A" and len(m[1]) >= need or quick is not None and quick(m)
                    or self._child_use(key, m, n) >= need):
                out.append(m)
        return out

    def _quick_ok(self, raw: list):
        """When every die left is to be used (two or three), a move m surely is when moves
        with the other dice touch neither m's source nor its landing stone, nor each other's
        (they stay legal after m, and after one another). Lasa lands only on empty stones and
        keeps a pawn to move after any move (on its landing or in the star), so with two
        empty stones every move of hers leaves the other die a move. Returns None when no
        shortcut applies (the mystic obligation)."""
        dice = self.dice
        n = len(dice)
        if self.must_leave or not 2 <= n <= 3:
            return None
        if self.player == self.lasa:
            return _every_move if n == 2 and self.stones.count(None) >= 2 else None
        # Each single move's (source, landing), once, per die: _target's landing read from
        # the table here (a call, and closures for the tests below, cost more than the tests
        # under Pyodide). A group move ("m", die, src, k) lands where ("m", die, src, 1) does.
        table = self._lay.landing[self.player == self.tuchulcha]
        stones = self.stones
        landing = {}
        by_die = {d: [] for d in _VALUES.get(dice) or dice}
        for m in raw:
            if m[0] != "m":
                continue
            die, src = m[1], m[2]
            if (die, src) in landing:
                continue
            colour = stones[src][0] if type(src) is int else _TEMPLE_COLOUR[src]
            landing[die, src] = dest = table[colour][src][die]
            by_die[die].append((src, dest))

        def ok(m):
            if m[0] != "m":
                return False
            die, src = m[1], m[2]
            dst = landing[die, src]
            rest = _remove_die(dice, die)
            for src2, to2 in by_die[rest[0]]:
                # apart: neither starts nor lands where a move from src to dst did
                if (src2 == src or src2 == dst or to2 == src
                        or to2 == dst and to2 != _V):
                    continue
                if n == 2:
                    return True
                for src3, to3 in by_die[rest[1]]:
                    if (src3 != src and src3 != dst and to3 != src
                            and (to3 != dst or to3 == _V)
                            and src3 != src2 and src3 != to2 and to3 != src2
                            and (to3 != to2 or to3 == _V)):
                        return True
            return False
        return ok

    # --- turn flow ------------------------------------------------------------------------
    def _end_turn(self) -> None:
        if self.phase == OVER:
            return
        p = self.player
        moved = bool(self.used) or self._acted
        self.passed = None if moved else p
        self._idle_turns = 0 if moved else self._idle_turns + 1
        self._stall_turns = 0 if self._progress else self._stall_turns + 1
        self.dice = ()
        self.frozen = {}
        self.must_leave = {}
        if self._removed_by == p and p not in self.out and self._consecration_actions(p):
            self.phase = END
            return
        self._next_turn()

    def _next_turn(self) -> None:
        players = self.in_game()
        if self._idle_turns >= len(players):
            return self._finish_by_count("stuck")
        if self._stall_turns >= board.STALL_ROUNDS * len(players):
            return self._finish_by_count("stall")
        p = self.player
        for i in range(1, self.num_players + 1):
            q = (p + i) % self.num_players
            if q not in self.out:
                break
        self._start_turn(q)

    def _start_turn(self, p: int) -> None:
        self.player = p
        self.rolled = ()
        self.discarded = None
        self.dice = ()
        self.used = []
        self.frozen = {}
        self.must_leave = {}
        self._removed_by = None
        self._progress = self._acted = False
        self._roll_asked = False
        self._memo = {}
        self._memo_raw = {}
        self.phase = START if self._role_change_possible(p) else ROLL

    # --- applying actions -----------------------------------------------------------------
    def apply(self, action) -> None:
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        self._legal = None
        # VOCABULARY's rule for the verb (verb(action), inline: this runs for every action).
        try:
            rule = _APPLY[action if action.__class__ is str else action[0]]
        except (KeyError, TypeError, IndexError):
            raise IllegalAction(f"not a Tuchulcha action: {action!r}") from None
        rule(self, action)

    def _apply_move(self, action) -> None:
        """A pawn move ("m", "skip": one die; "A": one die per part), then the turn's end."""
        self._do_move(action)
        if self.phase == OVER:
            return
        self._maxleft -= len(action[1]) if action[0] == "A" else 1  # dice the move used
        if self._maxleft <= 0 or not self.dice or self.player in self.out:
            self._end_turn()

    def _apply_first(self, action) -> None:
        self.first_player = action[1]
        self._start_turn(action[1])

    def _apply_dice(self, action) -> None:
        """The roll of a turn, or the third die after a double (ROLL3)."""
        if self.phase == ROLL3:
            self.rolled = self.rolled + action[1]
            self.dice = self.rolled
            self._begin_moves()
            return
        self.rolled = self.dice = action[1]
        if self.player == self.tuchulcha:
            self.phase = DISCARD
        elif (board.THIRD_DIE_ON_DOUBLE and self.player != self.lasa
              and len(set(action[1])) == 1):
            self.phase = THIRD
        else:
            self._begin_moves()

    def _apply_third(self, action) -> None:
        self.phase = ROLL3

    def _apply_nothird(self, action) -> None:
        self._begin_moves()

    def _apply_discard(self, action) -> None:
        self.discarded = action[1]
        self.dice = _remove_die(self.rolled, action[1])
        self._begin_moves()

    def _apply_roll(self, action) -> None:
        self._roll_asked = True
        self.phase = ROLL

    def _apply_lasa(self, action) -> None:
        self._consecrate_lasa()
        if self.phase != OVER:
            self.phase = ROLL

    def _apply_consecrate(self, action) -> None:
        """A consecration at the start of a turn (then the roll) or at its end (then the next
        player)."""
        at_start = self.phase == START
        self._consecrate(action[1])
        if self.phase != OVER:
            if at_start:
                self.phase = ROLL
            else:
                self._next_turn()

    def _apply_done(self, action) -> None:
        self._next_turn()

    # --- notation -------------------------------------------------------------------------
    def action_to_str(self, action) -> str:
        try:
            text = _NOTATION.get(action)
        except TypeError:          # not hashable: not an action, said there
            return actions.write(VOCABULARY, action)
        if text is None:
            text = actions.write(VOCABULARY, action)
            if len(_NOTATION) < _NOTATION_MAX:
                _NOTATION[action] = text
        return text

    def _parse_src(self, text: str):
        if text == STAR:
            return STAR
        if text[:1] == "T" and _digits(text[1:]) and int(text[1:]) < self.side.temples:
            return text
        if _digits(text) and int(text) < self.side.loop and str(int(text)) == text:
            return int(text)
        raise NotationError(f"unknown place {text!r}")

    @staticmethod
    def _parse_count(text: str) -> int:
        if not _digits(text) or text != str(int(text)) or int(text) < 1:
            raise NotationError(f"bad pawn count {text!r}")
        return int(text)

    def str_to_action(self, text: str):
        return actions.read(VOCABULARY, self, text, "Tuchulcha")

    def play(self, action) -> None:
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        if action not in self._legal_list():
            try:
                text = self.action_to_str(action)
            except (ValueError, TypeError, IndexError):
                text = repr(action)
            raise IllegalAction(f"{text!r} is not legal here")
        self.apply(action)

    # --- results and information ----------------------------------------------------------
    def winners(self) -> list[int]:
        return list(self._winners)

    def reveals_information(self, action) -> bool:
        return verb(action) in ("dice", "first")

    def summary(self) -> str:
        names = board.COLOURS
        parts = []
        for c in self.colours:
            on = ",".join(f"{s}:{o[1]}" for s, o in enumerate(self.stones) if o and o[0] == c)
            parts.append(f"{names[c]} T{self.temple[c]} V{self.velthumena[c]} "
                         f"F{self.forest[c]} [{on}]")
        roles = f" Tuchulcha=P{self.tuchulcha}" if self.tuchulcha is not None else ""
        roles += f" Lasa=P{self.lasa}" if self.lasa is not None else ""
        return f"{self.phase} P{self.player} dice={list(self.dice)}{roles} | " + " | ".join(parts)


def new_state(num_players: int, options: dict | None = None) -> TuchulchaState:
    return TuchulchaState(num_players, group_moves=bool((options or {}).get("group_moves")))


# --- the vocabulary: each verb's rule, notation and reading (docs/games/tuchulcha.md) ------
def _die_of(text: str) -> int:
    if len(text) != 1 or not _digits(text) or not 1 <= int(text) <= board.DIE_FACES:
        raise NotationError(f"bad die {text!r}")
    return int(text)


def _read_first(state: TuchulchaState, text: str):
    if text.startswith("first") and _digits(text[5:]):
        p = int(text[5:])
        if str(p) == text[5:] and p < state.num_players:
            return ("first", p)
    return None


def _read_die_after(prefix: str):
    """The reader of ``<prefix><die>`` ("discard3", "skip2")."""
    def read(state: TuchulchaState, text: str):
        return (prefix, _die_of(text[len(prefix):])) if text.startswith(prefix) else None
    return read


def _read_dice(state: TuchulchaState, text: str):
    if text[0] == "d" and 1 <= len(text) - 1 <= board.TUCHULCHA_DICE:
        values = tuple(_die_of(ch) for ch in text[1:])
        if list(values) == sorted(values, reverse=True):
            return ("dice", values)
        raise NotationError(f"dice not high to low in {text!r}")
    return None


def _write_consecration(action) -> str:
    return "C" + (":" + ",".join(f"{s}x{n}" for s, n in action[1]) if action[1] else "")


def _read_consecration(state: TuchulchaState, text: str):
    if text != "C" and not text.startswith("C:"):
        return None
    take = []
    for part in text[2:].split(",") if text != "C" else []:
        src, sep, n = part.rpartition("x")
        if not sep or src == STAR:
            raise NotationError(f"bad sacrifice {part!r}")
        take.append((state._parse_src(src), state._parse_count(n)))
    ordered = tuple(sorted(take, key=lambda t: _src_key(t[0])))
    if tuple(take) == ordered and len({s for s, _ in take}) == len(take):
        return ("C", ordered)
    raise NotationError(f"sacrifice not in order in {text!r}")


def _write_attack(action) -> str:
    return "+".join([f"{die}:{src}" for die, src in action[1]])  # (no generator)


def _read_attack(state: TuchulchaState, text: str):
    if "+" not in text:
        return None
    parts = []
    for part in text.split("+"):
        die, sep, src = part.partition(":")
        if not sep or src == STAR:
            raise NotationError(f"bad part {part!r} of a combined move")
        parts.append((_die_of(die), state._parse_src(src)))
    if len(parts) >= 2 and parts == sorted(parts, key=_part_key):
        return ("A", tuple(parts))
    raise NotationError(f"parts not in order in {text!r}")


def _write_move(action) -> str:
    _, die, src, count = action
    return f"{die}:{src}x{count}"


def _read_move(state: TuchulchaState, text: str):
    if len(text) > 2 and text[1] == ":":
        src, sep, n = text[2:].rpartition("x")
        if sep:
            return ("m", _die_of(text[0]), state._parse_src(src), state._parse_count(n))
    return None


# In reading order: a text is the first verb's whose reader accepts it ("done" before "d6",
# "discard3" before "d3", a combined move "3:1+1:3" before a move "3:1x1").
VOCABULARY = actions.vocabulary(
    bare("roll", TuchulchaState._apply_roll),
    bare("L", TuchulchaState._apply_lasa),
    bare("third", TuchulchaState._apply_third),
    bare("nothird", TuchulchaState._apply_nothird),
    bare("done", TuchulchaState._apply_done),
    Verb("first", TuchulchaState._apply_first, lambda a: f"first{a[1]}", _read_first),
    Verb("discard", TuchulchaState._apply_discard, lambda a: f"discard{a[1]}",
         _read_die_after("discard")),
    Verb("skip", TuchulchaState._apply_move, lambda a: f"skip{a[1]}", _read_die_after("skip")),
    Verb("dice", TuchulchaState._apply_dice, lambda a: "d" + "".join(map(str, a[1])),
         _read_dice),
    Verb("C", TuchulchaState._apply_consecrate, _write_consecration, _read_consecration),
    Verb("A", TuchulchaState._apply_move, _write_attack, _read_attack),
    Verb("m", TuchulchaState._apply_move, _write_move, _read_move),
)
_APPLY = {name: v.apply for name, v in VOCABULARY.items()}   # apply()'s dispatch
