"""Wongar's rules as a state machine on the common protocol (docs/rules/wongar.md).

Every pile, the ritual deck and the set-up bag are unordered multisets of counts: a draw is a
chance outcome (card kind or token) with probability count / size, so no hidden order is ever
stored. A player's turn is cut into small decisions (take a card, choose an option, place each
token, move a figure, play or pass in a ceremony, choose each ritual effect) so that legal action
lists stay short. Automatic consequences (penalties, refills, auto-passes, scoring, end of turn)
are settled right after each action by :meth:`WongarState._settle`.

Indices: areas follow ``data.AREAS``, token types ``data.TOKEN_TYPES``, area cards
``data.CARD_KINDS``, ritual cards ``data.RITUAL_KINDS``. See docs/games/wongar.md.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from typing import Any, Sequence

from rituels.engine import actions
from rituels.engine.actions import Verb
from rituels.engine.state import (
    CACHE, CHANCE, CUBE, LIST, SHARED, TABLE, TERMINAL, Field, Fields, GameState, NotationError,
    ascii_int)
from rituels.wongar import data as D

NUM_AREAS = len(D.AREAS)
NUM_TYPES = len(D.TOKEN_TYPES)
AREA_INDEX = {name: i for i, name in enumerate(D.AREAS)}
TYPE_INDEX = {name: i for i, name in enumerate(D.TOKEN_TYPES)}
CARD_INDEX = {name: i for i, name in enumerate(D.CARD_KINDS)}
RITUAL_INDEX = {name: i for i, name in enumerate(D.RITUAL_KINDS)}

K_TRIPLE = CARD_INDEX["triple"]
K_SCORPION = CARD_INDEX["scorpion"]
K_FOUR = CARD_INDEX["four"]
K_ANCESTOR = CARD_INDEX["ancestor"]
K_ELDER = CARD_INDEX["elder"]
K_BOTH = CARD_INDEX["ancestor_elder"]
R_DOUBLE = RITUAL_INDEX["double"]
R_SCORPION = RITUAL_INDEX["scorpion"]
HAND_KINDS = (0, 1, 2, R_DOUBLE)  # ritual kinds that can be held (scorpions never are)
ALL_HAND_KINDS = sum(1 << r for r in HAND_KINDS)  # a bit mask of kinds (hand slots)

# Neighbours by index, in index order (stable legal-action order).
ADJ = tuple(tuple(sorted(AREA_INDEX[b] for b in D.ADJACENT[a])) for a in D.AREAS)


def _reach(start: int, distances: tuple[int, ...]) -> tuple[int, ...]:
    """Areas whose shortest distance from ``start`` is one of ``distances``."""
    dist = {start: 0}
    frontier = [start]
    for d in range(1, max(distances) + 1):
        frontier = [b for a in frontier for b in ADJ[a] if b not in dist]
        for b in frontier:
            dist.setdefault(b, d)
    return tuple(sorted(a for a, d in dist.items() if d in distances))


ELDER_REACH = tuple(_reach(a, D.ELDER_MOVES) for a in range(NUM_AREAS))
HAND_AREA = AREA_INDEX[D.CENTRAL[0]]
FOOT_AREA = AREA_INDEX[D.CENTRAL[1]]
# Where the game is: ``phase``, then ``setup_step`` during the set-up or ``step`` inside a turn.
# Plain strings (they are saved as such by to_json); compare against these names.
SETUP, DUTY, PRIVILEGE, TURN, END = "setup", "duty", "privilege", "turn", "end"
PHASES = (SETUP, TURN, DUTY, PRIVILEGE, END)
BAG, DEAL, START, ELDERHOLDER = "bag", "deal", "start", "elderholder"
SETUP_STEPS = (BAG, DEAL, START, ELDERHOLDER)
(TAKE, OPTION, PLACE, TRIPLE, MOVE_ANCESTOR, MOVE_ELDER, CEREMONY, DOUBLE, EFFECT,
 TURN_END) = ("take", "option", "place", "triple", "move_ancestor", "move_elder", "ceremony",
              "double", "effect", "end")
STEPS = (TAKE, OPTION, PLACE, TRIPLE, MOVE_ANCESTOR, MOVE_ELDER, CEREMONY, DOUBLE, EFFECT,
         TURN_END)
CEREMONY_STEPS = frozenset((CEREMONY, DOUBLE, EFFECT))
CHANCE_PHASES = frozenset((SETUP, DUTY))        # draws and turn-ups: nobody decides
NO_SETTLING_PHASES = frozenset((SETUP, END))    # _settle has nothing to carry out
CHANCE_VERBS = frozenset(("bag", "draw", "start", "elderholder", "up"))
OPTIONS = tuple(D.TOKEN_CARD_OPTIONS)
EFFECTS = ("remove", "out", "in")
DOUBLE_MODES = ("place", "act")
TOUCHING_VERBS = frozenset(("take", "place", "move", "double", "remove", "out", "in"))


@lru_cache(maxsize=None)
def setup_slots(num_players: int) -> tuple[int, ...]:
    """The area receiving each set-up token, in draw order: outer areas get one per player,
    the central ones twice as many; areas in reading order."""
    slots: list[int] = []
    for i, name in enumerate(D.AREAS):
        slots += [i] * (num_players * (2 if name in D.CENTRAL else 1))
    return tuple(slots)


def pile_mix(variant: str) -> list[int]:
    removed = D.ADVANCED_REMOVED if variant == "advanced" else {}
    return [D.AREA_PILE.get(k, 0) - removed.get(k, 0) for k in D.CARD_KINDS]


class WongarState(GameState):
    game_id = "wongar"

    # The state's attributes, all set by __init__ (from_json sets them from data); FIELDS
    # below declares how each is copied and saved.
    num_players: int
    """How many players (3 to 5)."""
    variant: str
    """"basic" or "advanced" (the set-up option)."""
    tokens: list[list[list[int]]]
    """tokens[a][p][t]: player p's tokens of type t in area a."""
    supply: list[list[int]]
    """supply[p][t]: tokens left in p's supply."""
    bag: list[list[int]]
    """bag[p][t]: p's tokens still in the set-up bag."""
    piles: list[list[int]]
    """piles[a][k]: face-down area cards of kind k left on area a."""
    face_up: list[int | None]
    """face_up[a]: the kind of area a's face-up card, or None."""
    area_discard: list[int]
    """area_discard[a]: area scorpions turned up and discarded there."""
    ritual_removed: list[int]
    """ritual_removed[r]: ritual cards out of this game (advanced)."""
    hands: list[list[int]]
    """hands[p][r]: ritual cards in p's hand (private)."""
    setup_scorpions: int
    """Ritual scorpions held out of the deal (basic), shuffled in later."""
    hand_slots: list[list[tuple[int, int]]]
    """What all know of each hand: (count, mask of kinds they cannot be)."""
    deck: list[int]
    """deck[r]: ritual cards of kind r left in the deck."""
    discard: list[int]
    """discard[r]: ritual cards of kind r face up on the discard."""
    scorpions_aside: int
    """Ritual scorpions set aside (0 or 1)."""
    taken: list[list[int]]
    """taken[p][k]: area cards of kind k taken by p (private)."""
    scores: list[int]
    """scores[p]: points, final bonuses included."""
    bonus: list[int]
    """bonus[p]: final bonuses (filled at the end)."""
    time: int
    """The time marker's space, 1 to 12 (12 is the X)."""
    round: int
    """The round, from 1 (0 during the set-up)."""
    start_player: int | None
    """The boomerang's holder (drawn at set-up)."""
    round_first: int | None
    """The first player of this round."""
    ancestor_holder: int | None
    """Who holds the other ancestor."""
    elder_holder: int | None
    """Who holds the other elder."""
    ancestor_area: int
    """The area of the ancestor figure on the map."""
    elder_area: int
    """The area of the elder figure on the map."""
    end_triggered: str | None
    """None, "time" or "pile": the round ends, then the game."""
    phase: str
    """One of PHASES."""
    setup_step: str | None
    """One of SETUP_STEPS during the set-up, else None."""
    setup_done: int
    """Tokens drawn from the bag, then cards dealt, so far."""
    step: str | None
    """One of STEPS during a turn, else None."""
    turn_index: int
    """Turns played in this round."""
    turn_player: int | None
    """Whose turn it is."""
    card_area: int | None
    """Where the area card being played came from."""
    card_kind: int | None
    """The kind of the area card being played."""
    card_type: int | None
    """The token type of a token card being played."""
    place_type: int | None
    """The token type being placed."""
    place_left: int
    """Tokens still to place."""
    draw_after: int
    """Ritual cards to draw once the tokens are placed."""
    draws_pending: int
    """Ritual draws due before the next decision."""
    drawer: int | None
    """Who draws the pending ritual cards."""
    cer_area: int | None
    """The ceremony's area."""
    cer_kind: int | None
    """The ceremony's card kind (ancestor, elder, ancestor_elder)."""
    cer_starter: int | None
    """Who started the ceremony."""
    cer_participants: list[int]
    """All who took part, clockwise from the first to act."""
    cer_active: list[int]
    """Those still in, clockwise."""
    cer_index: int
    """cer_active[cer_index] plays or passes now."""
    effect_type: int | None
    """The ritual effects' token type."""
    effect_left: int
    """Ritual effects still to choose."""
    effect_double: bool
    """The effects come from a double: moves only."""
    effect_moved: tuple[str, int] | None
    """A double's first move (verb, area)."""
    last_scoring: list[tuple[int, int, int]]
    """(type, player, points) of the last ceremony's scoring."""
    last_ceremony: tuple[int, int] | None
    """(area, kind) of the last ceremony."""
    auto_passed: list[tuple[int, int]]
    """(player, area) passed automatically by the last action."""
    last_touch: list[tuple]
    """What the last decision changed on the board, for views to mark."""

    # Every attribute above, in to_json's order (each saved under its name, as plain data):
    # clone, to_json and from_json's keys come from here.
    FIELDS = Fields(*(Field(name, copy) for name, copy in (
        ("num_players", SHARED), ("variant", SHARED), ("tokens", CUBE), ("supply", TABLE),
        ("bag", TABLE), ("piles", TABLE), ("face_up", LIST), ("area_discard", LIST),
        ("ritual_removed", LIST), ("hands", TABLE), ("setup_scorpions", SHARED),
        ("hand_slots", TABLE), ("deck", LIST), ("discard", LIST), ("scorpions_aside", SHARED),
        ("taken", TABLE), ("scores", LIST), ("bonus", LIST), ("time", SHARED),
        ("round", SHARED), ("start_player", SHARED), ("round_first", SHARED),
        ("ancestor_holder", SHARED), ("elder_holder", SHARED), ("ancestor_area", SHARED),
        ("elder_area", SHARED), ("end_triggered", SHARED), ("phase", SHARED),
        ("setup_step", SHARED), ("setup_done", SHARED), ("step", SHARED),
        ("turn_index", SHARED), ("turn_player", SHARED), ("card_area", SHARED),
        ("card_kind", SHARED), ("card_type", SHARED), ("place_type", SHARED),
        ("place_left", SHARED), ("draw_after", SHARED), ("draws_pending", SHARED),
        ("drawer", SHARED), ("cer_area", SHARED), ("cer_kind", SHARED),
        ("cer_starter", SHARED), ("cer_participants", LIST), ("cer_active", LIST),
        ("cer_index", SHARED), ("effect_type", SHARED), ("effect_left", SHARED),
        ("effect_double", SHARED), ("effect_moved", SHARED), ("last_scoring", LIST),
        ("last_ceremony", SHARED), ("auto_passed", LIST), ("last_touch", LIST))),
        Field("_legal", CACHE, None))   # legal_actions() hands out copies of it

    def __init__(self, num_players: int, options: dict[str, Any] | None = None):
        options = options or {}
        n = self.num_players = num_players
        self.variant = options.get("variant", "basic")
        advanced = self.variant == "advanced"
        self.tokens = [[[0] * NUM_TYPES for _ in range(n)] for _ in range(NUM_AREAS)]
        self.supply = [[D.SUPPLY[t] - D.BAG_PER_TYPE for t in D.TOKEN_TYPES] for _ in range(n)]
        self.bag = [[D.BAG_PER_TYPE] * NUM_TYPES for _ in range(n)]
        mix = pile_mix(self.variant)
        self.piles = [mix[:] for _ in range(NUM_AREAS)]
        self.face_up: list[int | None] = [None] * NUM_AREAS
        self.area_discard = [0] * NUM_AREAS  # area scorpions turned up and discarded
        # Ritual cards. Set-up deals without the scorpions (basic) or without doubles and
        # scorpions (advanced: one double per player, the rest and the scorpions removed).
        deck = [D.RITUAL_DECK[r] for r in D.RITUAL_KINDS]
        self.ritual_removed = [0] * len(D.RITUAL_KINDS)
        self.hands = [[0] * len(D.RITUAL_KINDS) for _ in range(n)]
        self.setup_scorpions = deck[R_SCORPION]  # held out during the deal (basic)
        deck[R_SCORPION] = 0
        # What everyone knows of each hand: groups of cards, oldest first, as (count, mask of
        # the kinds they cannot be). See _slot_* below; resample_hidden deals within them.
        self.hand_slots: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        if advanced:
            for p, hand in enumerate(self.hands):
                hand[R_DOUBLE] = 1
                self.hand_slots[p].append((1, ALL_HAND_KINDS & ~(1 << R_DOUBLE)))
            self.ritual_removed[R_DOUBLE] = deck[R_DOUBLE] - n
            self.ritual_removed[R_SCORPION] = self.setup_scorpions
            self.setup_scorpions = 0
            deck[R_DOUBLE] = 0
        self.deck = deck
        self.discard = [0] * len(D.RITUAL_KINDS)
        self.scorpions_aside = 0
        self.taken = [[0] * len(D.CARD_KINDS) for _ in range(n)]
        self.scores = [0] * n
        self.bonus = [0] * n
        self.time = 1
        self.round = 0
        self.start_player: int | None = None
        self.round_first: int | None = None
        self.ancestor_holder: int | None = None
        self.elder_holder: int | None = None
        self.ancestor_area = HAND_AREA
        self.elder_area = FOOT_AREA
        self.end_triggered: str | None = None
        # Where the game is.
        self.phase = SETUP
        self.setup_step = BAG
        self.setup_done = 0           # tokens drawn from the bag / cards dealt so far
        self.step: str | None = None  # decision step inside a turn
        self.turn_index = 0
        self.turn_player: int | None = None
        self.card_area: int | None = None
        self.card_kind: int | None = None
        self.card_type: int | None = None
        self.place_type: int | None = None
        self.place_left = 0
        self.draw_after = 0
        self.draws_pending = 0
        self.drawer: int | None = None
        self.cer_area: int | None = None
        self.cer_kind: int | None = None
        self.cer_starter: int | None = None
        self.cer_participants: list[int] = []
        self.cer_active: list[int] = []
        self.cer_index = 0
        self.effect_type: int | None = None
        self.effect_left = 0
        self.effect_double = False  # the effects come from a double: moves only
        self.effect_moved: tuple[str, int] | None = None  # a double's first move (verb, area)
        self.last_scoring: list[tuple[int, int, int]] = []
        self.last_ceremony: tuple[int, int] | None = None
        self.auto_passed: list[tuple[int, int]] = []  # (player, area) passed by the last action
        # What the last decision changed on the board, for views to mark it: ("card", area),
        # ("tok", area, player, type), ("fig", "ancestor" | "elder"), ("area", area).
        self.last_touch: list[tuple] = []
        self._legal: list | None = None

    # ------------------------------------------------------------------ copying
    def changed(self) -> None:
        """Forget cached legal actions after attributes were edited directly (test fixtures);
        hands edited that way count as unknown to the others."""
        self._legal = None
        for p, hand in enumerate(self.hands):
            masks = [m for c, m in self.hand_slots[p] for _ in range(c)]
            if len(masks) != sum(hand) or not _dealable(_allowed(masks), [hand[r] for r in
                                                                          HAND_KINDS]):
                self.hand_slots[p] = [(sum(hand), 0)] if sum(hand) else []

    # ------------------------------------------------------------------ public helpers
    def pile_size(self, a: int) -> int:
        return sum(self.piles[a])

    def deck_size(self) -> int:
        return sum(self.deck)

    def hand_count(self, p: int) -> int:
        return sum(self.hands[p])

    def taken_count(self, p: int) -> int:
        return sum(self.taken[p])

    def setup_area(self) -> int | None:
        if self.phase == SETUP and self.setup_step == BAG:
            return setup_slots(self.num_players)[self.setup_done]
        return None

    def duty_area(self) -> int | None:
        """The next area whose card the first player turns up (duty of the ancestors)."""
        if self.phase != DUTY:
            return None
        face_up, piles = self.face_up, self.piles
        for a in range(NUM_AREAS):
            if face_up[a] is None and any(piles[a]):
                return a
        return None

    def cer_player(self) -> int | None:
        if self.step in CEREMONY_STEPS and self.cer_active:
            return self.cer_active[self.cer_index]
        return None

    def actor(self) -> int | None:
        p = self.current_player()
        return p if p >= 0 else None

    def majority(self, a: int, t: int) -> int | None:
        """Who scores type ``t`` in area ``a`` now: most tokens; ties go to the ancestor holder,
        else to the tied player nearest after them clockwise. None when nobody has one."""
        counts = [row[t] for row in self.tokens[a]]
        best = max(counts)
        if best == 0:
            return None
        n = self.num_players
        first = self.ancestor_holder or 0
        for i in range(n):
            p = (first + i) % n
            if counts[p] == best:
                return p
        return None  # pragma: no cover - best > 0 always has a holder

    def ceremony_points(self, kind: int | None = None) -> int:
        kind = self.cer_kind if kind is None else kind
        return D.CEREMONY_POINTS[D.CARD_KINDS[kind]][D.section(self.time)]

    def final_card_counts(self) -> list[list[int]]:
        return [row[:NUM_TYPES] for row in self.taken]

    def pending(self) -> dict[str, Any]:
        """A description of the decision or draw the game waits for (for views)."""
        info: dict[str, Any] = {"phase": self.phase, "step": self.step,
                                "player": self.actor()}
        if self.is_chance():
            info["chance_owner"] = self.chance_owner()
            info["drawing"] = self.drawer if self.draws_pending else None
            info["draws_pending"] = self.draws_pending
            info["area"] = self.setup_area() if self.phase == SETUP else self.duty_area()
        elif self.step == PLACE:
            info.update(type=self.place_type, left=self.place_left)
        elif self.step in (OPTION, TRIPLE, MOVE_ANCESTOR, MOVE_ELDER):
            info.update(card=self.card_kind, area=self.card_area, type=self.card_type)
        elif self.step in CEREMONY_STEPS:
            info.update(area=self.cer_area, kind=self.cer_kind, active=list(self.cer_active),
                        type=self.effect_type, left=self.effect_left)
        return info

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        if self.phase == END:
            return TERMINAL
        if self.phase in CHANCE_PHASES or self.draws_pending:
            return CHANCE
        if self.step in CEREMONY_STEPS:
            return self.cer_active[self.cer_index]
        return self.turn_player

    def is_terminal(self) -> bool:
        return self.phase == END   # (current_player's TERMINAL, without the call)

    def chance_owner(self) -> int | None:
        # Nobody decides anything in a draw or a turn-up: the table performs them all (the app
        # samples them after a short pause, each with its log line, instead of asking for a
        # click per card).
        return None

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        actions, counts, total = self._chance_counts()
        return [(a, Fraction(c, total)) for a, c in zip(actions, counts)]

    def chance_table(self) -> tuple[Sequence, Sequence[float]]:
        # c / total is float(Fraction(c, total)) exactly (both correctly rounded), without
        # building Fractions: sample_chance draws the same outcome for a seed. Deck draws and
        # turn-ups are cached by their counts (the same few recur all game long).
        if self.draws_pending or (self.phase == SETUP and self.setup_step == DEAL):
            key = ("draw", *self.deck)
        elif self.phase == DUTY:
            key = ("up", *self.piles[self.duty_area()])
        else:
            actions, counts, total = self._chance_counts()
            return actions, list(accumulate([c / total for c in counts]))
        table = _TABLES.get(key)
        if table is None:
            if len(_TABLES) > 4096:  # bounded: a long session meets few distinct counts
                _TABLES.clear()
            actions, counts, total = self._chance_counts()
            # Tuples: the table is shared by every state that meets these counts.
            table = _TABLES[key] = (tuple(actions),
                                    tuple(accumulate([c / total for c in counts])))
        return table

    def _chance_counts(self) -> tuple[list, list[int], int]:
        """The outcomes of the chance node, each with its count out of ``total``."""
        n = self.num_players
        if self.phase == SETUP:
            if self.setup_step == BAG:
                bag = self.bag
                acts = [("bag", p, t) for p, row in enumerate(bag)
                        for t, c in enumerate(row) if c]
                return acts, [bag[p][t] for _, p, t in acts], sum(map(sum, bag))
            if self.setup_step == START:
                return [("start", p) for p in range(n)], [1] * n, n
            if self.setup_step == ELDERHOLDER:
                return ([("elderholder", p) for p in range(n) if p != self.start_player],
                        [1] * (n - 1), n - 1)
            return self._deck_counts()
        if self.draws_pending:
            return self._deck_counts()
        if self.phase == DUTY:
            pile = self.piles[self.duty_area()]
            kinds = [k for k, c in enumerate(pile) if c]
            return [("up", k) for k in kinds], [pile[k] for k in kinds], sum(pile)
        raise ValueError("not a chance node")

    def _deck_counts(self) -> tuple[list, list[int], int]:
        deck = self.deck
        kinds = [r for r, c in enumerate(deck) if c]
        return [("draw", r) for r in kinds], [deck[r] for r in kinds], sum(deck)

    def legal_actions(self) -> list:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)  # the caller's own list: the cache is shared with clones

    def _compute_legal(self) -> list:
        phase = self.phase
        if phase == END:
            return []
        if phase == SETUP or phase == DUTY or self.draws_pending:  # chance
            return self._chance_counts()[0]
        step = self.step
        p = self.cer_active[self.cer_index] if step in CEREMONY_STEPS else self.turn_player
        if step == TAKE:
            return [("take", a) for a in range(NUM_AREAS) if self.face_up[a] is not None]
        if step == OPTION:
            return [("opt", o) for o in OPTIONS]
        if step == PLACE:
            return [("place", a) for a in range(NUM_AREAS)]
        if step == TRIPLE:
            return [("triple", t) for t in range(NUM_TYPES) if self.supply[p][t]]
        if step == MOVE_ANCESTOR:
            return [("move", a) for a in ADJ[self.ancestor_area]]
        if step == MOVE_ELDER:
            return [("move", a) for a in ELDER_REACH[self.elder_area]]
        if step == CEREMONY:
            hand = self.hands[p]
            return [("play", r) for r in HAND_KINDS if hand[r] and self._useful(p, r)] + [
                ("pass",)]
        if step == DOUBLE:
            out = []
            for t in range(NUM_TYPES):
                if self.supply[p][t]:
                    out.append(("double", t, "place"))
                if self._can_move(p, t):
                    out.append(("double", t, "act"))
            return out
        if step == EFFECT:
            return self._effects(p, self.effect_type)
        raise AssertionError(f"unknown step {step!r}")  # pragma: no cover

    def _effects(self, p: int, t: int, moves_only: bool | None = None) -> list:
        """The ritual effects ``p`` can perform on type ``t`` in the ceremony area: a token
        card removes or moves, a double only moves (in or out, the same way twice allowed)."""
        moves_only = self.effect_double if moves_only is None else moves_only
        a = self.cer_area
        here = self.tokens[a]
        out: list = []
        if not moves_only:
            out += [("remove", q) for q in range(self.num_players) if q != p and here[q][t]]
        # A double moves two different tokens: the one it moved first does not move again.
        verb, src = self.effect_moved or ("", -1)
        if here[p][t] > (verb == "in"):
            out += [("out", b) for b in ADJ[a]]
        out += [("in", b) for b in ADJ[a] if self.tokens[b][p][t] > (verb == "out" and b == src)]
        return out

    # These run after every action (_settle): loops rather than any(generator), several
    # times cheaper under Pyodide.
    def _can_move(self, p: int, t: int) -> bool:
        """``p`` has a token of type ``t`` in the ceremony area or next to it."""
        a = self.cer_area
        tokens = self.tokens
        if tokens[a][p][t]:
            return True
        for b in ADJ[a]:
            if tokens[b][p][t]:
                return True
        return False

    def _useful(self, p: int, r: int) -> bool:
        """A ritual card of kind ``r`` would do something for ``p`` here (whether held or not):
        a double places (a type left in the supply) or moves; a token card (kind = token type)
        moves or removes. One body rather than nested helpers: calls are what costs most more
        under Pyodide, and the automatic passes ask this for every card of every player."""
        a = self.cer_area
        tokens = self.tokens
        if r == R_DOUBLE:
            if any(self.supply[p]) or any(tokens[a][p]):
                return True
            for b in ADJ[a]:
                if any(tokens[b][p]):
                    return True
            return False
        here = tokens[a]
        if here[p][r]:
            return True
        for b in ADJ[a]:
            if tokens[b][p][r]:
                return True
        for q in range(self.num_players):
            if here[q][r] and q != p:
                return True
        return False

    # ------------------------------------------------------------------ applying actions
    def apply(self, action: Any) -> None:
        self._legal = None
        self.auto_passed = []
        verb = action[0]
        if verb in TOUCHING_VERBS:
            self.last_touch = self._touches(action)
        try:
            rule = _APPLY[verb]   # VOCABULARY's rule for the verb
        except KeyError:
            raise AttributeError(f"unknown Wongar verb {verb!r}") from None
        rule(self, action)
        self._settle()

    def _touches(self, action: Any) -> list[tuple]:
        """What a decision is about to change on the board (before it is applied)."""
        verb = action[0]
        # The deciding player (current_player at a decision, without the call).
        p = self.cer_active[self.cer_index] if self.step in CEREMONY_STEPS else self.turn_player
        if verb == "take":
            a, k = action[1], self.face_up[action[1]]
            out: list[tuple] = [("card", a)]
            if k < NUM_TYPES:
                out.append(("tok", a, p, k))
            if k == K_BOTH:
                out += [("fig", "ancestor"), ("fig", "elder"), ("area", a)]
            return out
        if verb == "place":
            return [("tok", action[1], p, self.place_type)]
        if verb == "move":
            return [("fig", "ancestor" if self.step == MOVE_ANCESTOR else "elder"),
                    ("area", action[1])]
        t, here = self.effect_type, self.cer_area
        if verb == "double":  # only "place" touches the board (see TOUCHING_VERBS)
            return [("tok", here, p, action[1])] if action[2] == "place" else self.last_touch
        if verb == "remove":
            return [("tok", here, action[1], t)]
        return [("tok", here, p, t), ("tok", action[1], p, t)]  # out / in

    # Chance outcomes.
    def _do_bag(self, action: tuple) -> None:
        _, p, t = action
        self.bag[p][t] -= 1
        self.tokens[setup_slots(self.num_players)[self.setup_done]][p][t] += 1
        self.setup_done += 1
        if self.setup_done == len(setup_slots(self.num_players)):
            self.setup_step, self.setup_done = DEAL, 0

    def _do_draw(self, action: tuple) -> None:
        r = action[1]
        self.deck[r] -= 1
        if self.phase == SETUP:
            self.hands[self.setup_done % self.num_players][r] += 1
            self._slot_gain(self.setup_done % self.num_players)
            self.setup_done += 1
            if self.setup_done == D.START_HAND * self.num_players:
                self.deck[R_SCORPION] += self.setup_scorpions  # shuffled back in
                self.setup_scorpions = 0
                self.setup_step = START
            return
        if r == R_SCORPION:
            self._penalise(self.drawer)
            if self.scorpions_aside == 0:
                self.scorpions_aside = 1
            else:  # second scorpion: deck, discards and both scorpions make a new deck
                self.scorpions_aside = 0
                for k, c in enumerate(self.discard):
                    self.deck[k] += c
                self.discard = [0] * len(self.discard)
                self.deck[R_SCORPION] += D.RITUAL_DECK["scorpion"]
            return  # the player draws again
        self.hands[self.drawer][r] += 1
        self._slot_gain(self.drawer)
        self.draws_pending -= 1

    def _do_start(self, action: tuple) -> None:
        self.start_player = self.ancestor_holder = self.round_first = action[1]
        self.setup_step = ELDERHOLDER

    def _do_elderholder(self, action: tuple) -> None:
        self.elder_holder = action[1]
        self.setup_step = None
        self._new_round()

    def _do_up(self, action: tuple) -> None:
        k = action[1]
        a = self.duty_area()
        self.piles[a][k] -= 1
        if k == K_SCORPION:
            self.area_discard[a] += 1
            self._penalise(self.round_first)
            self._check_pile(a)
        else:
            self.face_up[a] = k

    # Player decisions.
    def _do_take(self, action: tuple) -> None:
        a = action[1]
        p = self.turn_player
        k = self.face_up[a]
        self.face_up[a] = None
        self.taken[p][k] += 1
        self.card_area, self.card_kind = a, k
        self._check_pile(a)
        if k < NUM_TYPES:  # token card: one token on the card's area, then an option
            self.card_type = k
            self._place(p, a, k)
            self.step = OPTION
        elif k == K_TRIPLE:
            self.step = TRIPLE
        elif k == K_FOUR:
            self._draw(p, D.FOUR_CARDS_DRAW)
        elif k == K_ANCESTOR:
            self.ancestor_holder = p
            self.step = MOVE_ANCESTOR
        elif k == K_ELDER:
            self.elder_holder = p
            self.step = MOVE_ELDER
        else:  # ancestor/elder: both figures come to this area
            self.ancestor_holder = self.elder_holder = p
            self.ancestor_area = self.elder_area = a
            self._start_ceremony(a, k)

    def _do_opt(self, action: tuple) -> None:
        extra, draws = D.TOKEN_CARD_OPTIONS[action[1]]
        self.place_type, self.place_left, self.draw_after = self.card_type, extra, draws
        self.step = PLACE

    def _do_place(self, action: tuple) -> None:
        self._place(self.turn_player, action[1], self.place_type)
        self.place_left -= 1

    def _do_triple(self, action: tuple) -> None:
        self.place_type, self.place_left, self.draw_after = action[1], D.TRIPLE_TOKENS, 0
        self.step = PLACE

    def _do_move(self, action: tuple) -> None:
        a = action[1]
        if self.step == MOVE_ANCESTOR:
            self.ancestor_area = a
            self._start_ceremony(a, K_ANCESTOR)
        else:
            self.elder_area = a
            self._start_ceremony(a, K_ELDER)

    def _do_play(self, action: tuple) -> None:
        r = action[1]
        p = self.cer_player()
        self.hands[p][r] -= 1
        self._slot_play(p, r)
        self.discard[r] += 1
        if r == R_DOUBLE:
            self.step = DOUBLE
        else:
            self._begin_effects(r, 1)

    def _do_double(self, action: tuple) -> None:
        _, t, mode = action
        if mode == "place":
            p = self.cer_player()
            for _ in range(D.DOUBLE_PLACE):
                self._place(p, self.cer_area, t)
            self._next_in_ceremony()
        else:
            self._begin_effects(t, D.DOUBLE_MOVES, double=True)

    def _do_remove(self, action: tuple) -> None:
        q = action[1]
        t = self.effect_type
        self.tokens[self.cer_area][q][t] -= 1
        self.supply[q][t] += 1
        self.effect_left -= 1

    def _do_out(self, action: tuple) -> None:
        b = action[1]
        self._move_token(self.cer_area, b)
        self.effect_left -= 1
        self.effect_moved = ("out", b)

    def _do_in(self, action: tuple) -> None:
        b = action[1]
        self._move_token(b, self.cer_area)
        self.effect_left -= 1
        self.effect_moved = ("in", b)

    def _do_pass(self, action: tuple) -> None:
        self._leave_ceremony()

    # ------------------------------------------------------------------ consequences
    def _place(self, p: int, a: int, t: int) -> None:
        """Place one token from the supply; none when the supply of that type is empty."""
        if self.supply[p][t]:
            self.supply[p][t] -= 1
            self.tokens[a][p][t] += 1

    def _move_token(self, src: int, dst: int) -> None:
        p, t = self.cer_player(), self.effect_type
        self.tokens[src][p][t] -= 1
        self.tokens[dst][p][t] += 1

    # What the others know of a hand: slots of cards grouped by arrival, oldest first, each
    # group with the mask of kinds its cards cannot be. An automatic pass excludes kinds from
    # every card then in hand, so older groups exclude at least what newer ones do.
    def _slot_gain(self, p: int) -> None:
        slots = self.hand_slots[p]
        if slots and slots[-1][1] == 0:
            slots[-1] = (slots[-1][0] + 1, 0)
        else:
            slots.append((1, 0))

    def _slot_play(self, p: int, r: int) -> None:
        """A played card is taken from the oldest group that may hold it: of all the ways the
        card could have left, this one leaves the weakest knowledge, so no hand that is still
        possible is ruled out."""
        slots = self.hand_slots[p]
        for i, (c, mask) in enumerate(slots):
            if not mask >> r & 1:
                if c == 1:
                    del slots[i]
                else:
                    slots[i] = (c - 1, mask)
                return

    def _slot_exclude(self, p: int, excluded: int) -> None:
        merged: list[tuple[int, int]] = []
        for c, mask in self.hand_slots[p]:
            mask |= excluded
            if merged and merged[-1][1] == mask:
                merged[-1] = (merged[-1][0] + c, mask)
            else:
                merged.append((c, mask))
        self.hand_slots[p] = merged

    def _draw(self, p: int, count: int) -> None:
        self.drawer, self.draws_pending = p, count
        self.step = TURN_END

    def _penalise(self, p: int) -> None:
        """A scorpion: lose one point per player strictly behind, then the time advances."""
        mine = self.scores[p]
        behind = 0
        for s in self.scores:
            if s < mine:
                behind += 1
        self.scores[p] = max(0, mine - behind)
        self.time = min(D.TIME_SPACES, self.time + 1)
        if self.time == D.TIME_SPACES and self.end_triggered is None:
            self.end_triggered = "time"

    def _check_pile(self, a: int) -> None:
        if self.face_up[a] is None and not any(self.piles[a]) and self.end_triggered is None:
            self.end_triggered = "pile"

    def _start_ceremony(self, a: int, kind: int) -> None:
        n, p = self.num_players, self.turn_player
        self.cer_area, self.cer_kind, self.cer_starter = a, kind, p
        order = [(p + i) % n for i in range(n)]
        self.cer_participants = [q for q in order if any(self.tokens[a][q])]
        self.cer_active = list(self.cer_participants)
        self.cer_index = 0
        self.effect_type, self.effect_left, self.effect_double = None, 0, False
        self.effect_moved = None
        self.step = CEREMONY

    def _begin_effects(self, t: int, count: int, double: bool = False) -> None:
        self.effect_type, self.effect_left, self.effect_double = t, count, double
        self.effect_moved = None
        self.step = EFFECT

    def _next_in_ceremony(self) -> None:
        self.step = CEREMONY
        self.effect_type, self.effect_left, self.effect_double = None, 0, False
        self.effect_moved = None
        self.cer_index = (self.cer_index + 1) % len(self.cer_active)

    def _leave_ceremony(self) -> None:
        del self.cer_active[self.cer_index]
        if self.cer_active:
            self.cer_index %= len(self.cer_active)
        else:
            self.cer_index = 0

    def _score_ceremony(self) -> None:
        a, points = self.cer_area, self.ceremony_points()
        self.last_scoring = []
        for t in range(NUM_TYPES):
            p = self.majority(a, t)
            if p is not None:
                self.scores[p] += points
                self.last_scoring.append((t, p, points))
        self.last_ceremony = (a, self.cer_kind)
        self.cer_active = []
        self.step = TURN_END

    def _new_round(self) -> None:
        self.round += 1
        self.round_first = self.ancestor_holder
        self.phase = DUTY

    def _next_turn(self) -> None:
        self.turn_index += 1
        self.step = TAKE
        self.card_area = self.card_kind = self.card_type = None
        self.cer_area = self.cer_kind = self.cer_starter = None
        self.cer_participants = []
        if self.turn_index < self.num_players:
            self.turn_player = (self.round_first + self.turn_index) % self.num_players
        elif self.end_triggered:
            self._final_scoring()
        else:
            self.turn_player, self.step = None, None
            self._new_round()

    def _final_scoring(self) -> None:
        for t in range(NUM_TYPES):
            counts = [row[t] for row in self.taken]
            best = max(counts)
            if best:
                for p, c in enumerate(counts):
                    if c == best:
                        self.bonus[p] += D.END_BONUS
                        self.scores[p] += D.END_BONUS
        self.phase, self.step, self.turn_player = END, None, None

    def _settle(self) -> None:
        """Carry out everything that needs no decision until a decision or a draw is due."""
        while True:
            if self.draws_pending:
                if not any(self.deck):  # empty deck: the discards are reshuffled
                    for k, c in enumerate(self.discard):
                        self.deck[k] += c
                    self.discard = [0] * len(self.discard)
                deck, discard = self.deck, self.discard
                for r in HAND_KINDS:
                    if deck[r] + discard[r]:
                        return
                # [decision] Only scorpions (or nothing) left: the draw is lost; otherwise
                # the two scorpions would be drawn and reshuffled forever.
                self.draws_pending = 0
            phase = self.phase
            if phase in NO_SETTLING_PHASES:
                return
            if phase == DUTY:
                if self.duty_area() is not None:
                    return
                self.phase = PRIVILEGE
                self.drawer, self.draws_pending = self.elder_holder, 1
                continue
            if phase == PRIVILEGE:
                self.phase, self.turn_index, self.step = TURN, 0, TAKE
                self.turn_player = self.round_first
                self.drawer = None
                continue
            step = self.step
            if step == TAKE:
                if self.face_up.count(None) < NUM_AREAS:  # a face-up card is left
                    return
                self._next_turn()  # [decision] no face-up card at all: the turn is skipped
            elif step == PLACE:
                if self.place_left and self.supply[self.turn_player][self.place_type]:
                    return
                self.place_left = 0
                self._draw(self.turn_player, self.draw_after)
                self.draw_after = 0
            elif step == TRIPLE:
                if any(self.supply[self.turn_player]):
                    return
                self.step = TURN_END
            elif step == CEREMONY:
                if not self.cer_active:
                    self._score_ceremony()
                    continue
                p = self.cer_active[self.cer_index]
                hand = self.hands[p]
                for r in HAND_KINDS:
                    if hand[r] and self._useful(p, r):
                        return
                # Nothing playable: the player passes, and everyone learns that they hold
                # none of the kinds that would act here.
                useful = 0
                for r in HAND_KINDS:   # the kinds held were just found useless
                    if not hand[r] and self._useful(p, r):
                        useful |= 1 << r
                self._slot_exclude(p, useful)
                self.auto_passed.append((p, self.cer_area))
                self._leave_ceremony()
            elif step == EFFECT:
                if self.effect_left and self._effects(self.cer_player(), self.effect_type):
                    return
                self._next_in_ceremony()
            elif step == TURN_END:
                self.drawer = None
                self._next_turn()
            else:
                return

    # ------------------------------------------------------------------ notation
    def action_to_str(self, action: Any) -> str:
        verb = action[0]
        try:  # the verbs whose argument indexes a fixed list: a lookup (free when not raised)
            return _NOTES[verb][action[1]]
        except (KeyError, IndexError, TypeError):
            pass
        try:
            write = _WRITE[verb]
        except (KeyError, TypeError):
            raise NotationError(f"not a Wongar action: {action!r}") from None
        return write(action)

    def str_to_action(self, text: str) -> Any:
        if not isinstance(text, str):
            raise NotationError("an action must be text")
        # Every notation starts with its verb: its reader is looked up, not searched for
        # (actions.read would try the verbs in turn, 1.6x slower).
        entry = VOCABULARY.get(text.partition(":")[0])
        action = entry.read(self, text) if entry is not None else None
        if action is None:
            raise NotationError(f"not a Wongar action: {text!r}")
        return action

    def _player(self, text: str) -> int:
        """A player number in canonical form ("2", not "02")."""
        p = ascii_int(text)
        if p >= self.num_players:
            raise ValueError(text)
        return p

    # ------------------------------------------------------------------ results
    def winners(self) -> list[int]:
        if self.phase != END:
            return []
        best = max(self.scores)
        return [p for p, s in enumerate(self.scores) if s == best]

    # ------------------------------------------------------------------ information
    def observation(self, player: int | None) -> dict[str, Any]:
        """The state as ``player`` sees it: own hand and taken cards; others' counts only.
        The face-down piles and the deck are shown as sizes only."""
        obs = self.to_json()
        obs["hands"] = [list(h) if p == player else None for p, h in enumerate(self.hands)]
        obs["hand_counts"] = [self.hand_count(p) for p in range(self.num_players)]
        obs["taken"] = [list(h) if p == player or self.phase == END else None
                        for p, h in enumerate(self.taken)]
        obs["taken_counts"] = [self.taken_count(p) for p in range(self.num_players)]
        obs["piles"] = [self.pile_size(a) for a in range(NUM_AREAS)]
        obs["deck"] = self.deck_size()
        obs["bag"] = sum(map(sum, self.bag))
        obs["viewer"] = player
        return obs

    def reveals_information(self, action: Any) -> bool:
        return action[0] in CHANCE_VERBS

    def resample_hidden(self, player: int, rng: random.Random) -> "WongarState":
        """Redeal the other players' hands from the cards ``player`` has not seen (the deck and
        the others' hands), keeping every hand size and everything the table has learnt of each
        hand (``hand_slots``): a known double of the advanced game, and the kinds an automatic
        pass showed a player did not hold. Taken area cards were taken in view of everyone and
        stay."""
        twin = self.clone()
        others = [q for q in range(self.num_players) if q != player]
        pool = [twin.deck[r] + sum(twin.hands[q][r] for q in others) for r in HAND_KINDS]
        masks = []
        for q in others:
            slots = twin.hand_slots[q]
            if sum(c for c, _ in slots) != sum(twin.hands[q]):  # edited by hand (fixtures)
                slots = [(sum(twin.hands[q]), 0)]
            masks += [(q, mask) for c, mask in slots for _ in range(c)]
            twin.hands[q] = [0] * len(twin.hands[q])
        dealt = _deal_within(pool, [m for _, m in masks], rng)
        if dealt is None:  # knowledge out of step with the hands (fixtures): ignore it
            dealt = _deal_within(pool, [0] * len(masks), rng)
        for (q, _), i in zip(masks, dealt):
            twin.hands[q][HAND_KINDS[i]] += 1
            pool[i] -= 1
        for i, r in enumerate(HAND_KINDS):
            twin.deck[r] = pool[i]
        twin._legal = None
        return twin

    def summary(self) -> str:
        lines = [f"Wongar ({self.variant}), round {self.round}, time {self.time}/"
                 f"{D.TIME_SPACES}, phase {self.phase} {self.step or ''}".rstrip()]
        lines.append("scores: " + ", ".join(f"P{p}={s}" for p, s in enumerate(self.scores)))
        for a, name in enumerate(D.AREAS):
            up = D.CARD_KINDS[self.face_up[a]] if self.face_up[a] is not None else "-"
            toks = " ".join("".join(str(c) for c in row) for row in self.tokens[a])
            figs = ("A" if self.ancestor_area == a else "") + ("E" if self.elder_area == a else "")
            lines.append(f"  {name:10} {up:15} pile {self.pile_size(a):2}  {toks} {figs}")
        return "\n".join(lines)


_TABLES: dict[tuple, tuple[tuple, tuple[float, ...]]] = {}  # chance_table's cache, by counts


def _deal_within(pool: list[int], masks: list[int], rng: random.Random) -> list[int] | None:
    """One card for each mask, drawn from ``pool`` (counts per index of HAND_KINDS), never of a
    kind its mask excludes. The most constrained cards are dealt first, each in proportion to
    the cards left, and only so that the rest can still be dealt (Hall's condition over the
    subsets of kinds); None when no deal exists."""
    if not any(masks):  # nothing known: a plain shuffle
        cards = [i for i, c in enumerate(pool) for _ in range(c)]
        return rng.sample(cards, len(masks)) if len(masks) <= len(cards) else None
    left = list(pool)
    allowed = _allowed(masks)
    order = sorted(range(len(masks)), key=lambda j: bin(allowed[j]).count("1"))
    if not _dealable([allowed[j] for j in order], left):
        return None
    out = [0] * len(masks)
    for pos, j in enumerate(order):
        rest = [allowed[k] for k in order[pos + 1:]]
        choices = []
        for i in range(len(HAND_KINDS)):
            if allowed[j] >> i & 1 and left[i]:
                left[i] -= 1
                if _dealable(rest, left):
                    choices.append(i)
                left[i] += 1
        i = rng.choices(choices, weights=[left[c] for c in choices])[0]
        left[i] -= 1
        out[j] = i
    return out


def _allowed(masks: list[int]) -> list[int]:
    """Each card's allowed kinds, as bits over the indexes of HAND_KINDS."""
    return [sum(1 << i for i, r in enumerate(HAND_KINDS) if not mask >> r & 1) for mask in masks]


def _dealable(allowed: list[int], left: list[int]) -> bool:
    """Hall's condition: for every set of kinds, the cards that must come from it are no more
    than the cards of those kinds left."""
    need: dict[int, int] = {}
    for a in allowed:
        need[a] = need.get(a, 0) + 1
    for kinds in range(1, 1 << len(left)):
        must = sum(c for a, c in need.items() if a & ~kinds == 0)
        if must and must > sum(left[i] for i in range(len(left)) if kinds >> i & 1):
            return False
    return not need.get(0)


# --- the vocabulary: each verb's rule, notation and reading (docs/games/wongar.md) ------
# Every notation is ``verb`` or ``verb:arg[:arg]``. A reader returns None for a text that is not
# its verb's or has a bad argument, so that every bad text says "not a Wongar action".
_NOTES: dict[str, tuple[str, ...]] = {}   # _named verbs' notations, by index: action_to_str's


def _named(name: str, names: Sequence[str], rule, refused: int | None = None) -> Verb:
    """A verb whose one argument indexes ``names`` (an area, a card, a token type); its
    notations are looked up, not formatted (f-strings cost ~2x more under Pyodide).
    ``refused``: an index that is written but never read (no "play:scorpion")."""
    notes = _NOTES[name] = tuple(f"{name}:{n}" for n in names)
    index = {n: i for i, n in enumerate(notes) if i != refused}

    def read(state: WongarState, text: str) -> tuple | None:
        i = index.get(text)
        return None if i is None else (name, i)
    return Verb(name, rule, lambda action: notes[action[1]], read)


def _of_player(name: str, rule) -> Verb:
    """A verb whose one argument is a player number."""
    prefix = name + ":"

    def read(state: WongarState, text: str) -> tuple | None:
        if text.startswith(prefix):
            try:
                return (name, state._player(text[len(prefix):]))
            except ValueError:  # (NotationError too)
                pass
        return None
    return Verb(name, rule, lambda action: f"{name}:{action[1]}", read)


def _read_bag(state: WongarState, text: str) -> tuple | None:
    parts = text.split(":")
    if len(parts) == 3 and parts[0] == "bag" and parts[2] in TYPE_INDEX:
        try:
            return ("bag", state._player(parts[1]), TYPE_INDEX[parts[2]])
        except ValueError:
            pass
    return None


def _read_opt(state: WongarState, text: str) -> tuple | None:
    option = text[4:]
    return ("opt", option) if text[:4] == "opt:" and option in OPTIONS else None


def _read_double(state: WongarState, text: str) -> tuple | None:
    parts = text.split(":")
    if (len(parts) == 3 and parts[0] == "double" and parts[1] in TYPE_INDEX
            and parts[2] in DOUBLE_MODES):
        return ("double", TYPE_INDEX[parts[1]], parts[2])
    return None


# Chance verbs first (CHANCE_VERBS), then decisions.
VOCABULARY = actions.vocabulary(
    Verb("bag", WongarState._do_bag,
         lambda action: f"bag:{action[1]}:{D.TOKEN_TYPES[action[2]]}", _read_bag),
    _named("draw", D.RITUAL_KINDS, WongarState._do_draw),
    _of_player("start", WongarState._do_start),
    _of_player("elderholder", WongarState._do_elderholder),
    _named("up", D.CARD_KINDS, WongarState._do_up),
    _named("take", D.AREAS, WongarState._do_take),
    Verb("opt", WongarState._do_opt, lambda action: f"opt:{action[1]}", _read_opt),
    _named("place", D.AREAS, WongarState._do_place),
    _named("triple", D.TOKEN_TYPES, WongarState._do_triple),
    _named("move", D.AREAS, WongarState._do_move),
    _named("play", D.RITUAL_KINDS, WongarState._do_play, refused=R_SCORPION),
    Verb("double", WongarState._do_double,
         lambda action: f"double:{D.TOKEN_TYPES[action[1]]}:{action[2]}", _read_double),
    _of_player("remove", WongarState._do_remove),
    _named("out", D.AREAS, WongarState._do_out),
    _named("in", D.AREAS, WongarState._do_in),
    Verb("pass", WongarState._do_pass, lambda action: "pass",
         lambda state, text: ("pass",) if text == "pass" else None),
)
_APPLY = {name: v.apply for name, v in VOCABULARY.items()}   # apply()'s dispatch
_WRITE = {name: v.write for name, v in VOCABULARY.items()}   # action_to_str's
