"""Wongar's rules as a state machine on the common protocol (shared/rules/wongar.md).

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
from typing import Any

from rituels.engine.state import CHANCE, TERMINAL, GameState, NotationError
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
CEREMONY_STEPS = frozenset(("ceremony", "double", "effect"))
CHANCE_VERBS = frozenset(("bag", "draw", "start", "elderholder", "up"))
OPTIONS = tuple(D.TOKEN_CARD_OPTIONS)
EFFECTS = ("remove", "out", "in")
DOUBLE_MODES = ("place", "act")


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
        if advanced:
            for hand in self.hands:
                hand[R_DOUBLE] = 1
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
        self.phase = "setup"
        self.setup_step = "bag"
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
        self.effect_used: list[str] = []
        self.last_scoring: list[tuple[int, int, int]] = []
        self.last_ceremony: tuple[int, int] | None = None
        self._legal: list | None = None

    # ------------------------------------------------------------------ copying
    _LIST_FIELDS = ("face_up", "area_discard", "ritual_removed", "deck", "discard", "scores",
                    "bonus", "cer_participants", "cer_active", "effect_used", "last_scoring")
    _TABLE_FIELDS = ("supply", "bag", "piles", "hands", "taken")

    def clone(self) -> "WongarState":
        other = object.__new__(WongarState)
        other.__dict__.update(self.__dict__)
        for name in self._LIST_FIELDS:
            setattr(other, name, list(getattr(self, name)))
        for name in self._TABLE_FIELDS:
            setattr(other, name, [row[:] for row in getattr(self, name)])
        other.tokens = [[row[:] for row in area] for area in self.tokens]
        return other

    def changed(self) -> None:
        """Forget cached legal actions after attributes were edited directly (test fixtures)."""
        self._legal = None

    # ------------------------------------------------------------------ public helpers
    def pile_size(self, a: int) -> int:
        return sum(self.piles[a])

    def deck_size(self) -> int:
        return sum(self.deck)

    def hand_count(self, p: int) -> int:
        return sum(self.hands[p])

    def taken_count(self, p: int) -> int:
        return sum(self.taken[p])

    def tokens_in(self, a: int) -> list[list[int]]:
        return self.tokens[a]

    def area_total(self, a: int, p: int) -> int:
        return sum(self.tokens[a][p])

    def setup_area(self) -> int | None:
        if self.phase == "setup" and self.setup_step == "bag":
            return setup_slots(self.num_players)[self.setup_done]
        return None

    def duty_area(self) -> int | None:
        """The next area whose card the first player turns up (duty of the ancestors)."""
        if self.phase != "duty":
            return None
        for a in range(NUM_AREAS):
            if self.face_up[a] is None and any(self.piles[a]):
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
            info["area"] = self.setup_area() if self.phase == "setup" else self.duty_area()
        elif self.step == "place":
            info.update(type=self.place_type, left=self.place_left)
        elif self.step in ("option", "triple", "move_ancestor", "move_elder"):
            info.update(card=self.card_kind, area=self.card_area, type=self.card_type)
        elif self.step in CEREMONY_STEPS:
            info.update(area=self.cer_area, kind=self.cer_kind, active=list(self.cer_active),
                        type=self.effect_type, left=self.effect_left)
        return info

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        if self.phase == "end":
            return TERMINAL
        if self.phase in ("setup", "duty") or self.draws_pending:
            return CHANCE
        if self.step in CEREMONY_STEPS:
            return self.cer_active[self.cer_index]
        return self.turn_player

    def chance_owner(self) -> int | None:
        if self.phase == "setup":
            return None
        if self.draws_pending:
            return self.drawer
        # The duty's turn-ups are public and involve no choice: the table turns them (the
        # app then reveals them in one go instead of asking for up to ten clicks).
        return None

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        n = self.num_players
        if self.phase == "setup":
            if self.setup_step == "bag":
                total = sum(map(sum, self.bag))
                return [(("bag", p, t), Fraction(c, total))
                        for p, row in enumerate(self.bag) for t, c in enumerate(row) if c]
            if self.setup_step == "start":
                return [(("start", p), Fraction(1, n)) for p in range(n)]
            if self.setup_step == "elderholder":
                return [(("elderholder", p), Fraction(1, n - 1))
                        for p in range(n) if p != self.start_player]
            return self._deck_outcomes()
        if self.draws_pending:
            return self._deck_outcomes()
        if self.phase == "duty":
            pile = self.piles[self.duty_area()]
            total = sum(pile)
            return [(("up", k), Fraction(c, total)) for k, c in enumerate(pile) if c]
        raise ValueError("not a chance node")

    def _deck_outcomes(self) -> list[tuple[Any, Fraction]]:
        total = sum(self.deck)
        return [(("draw", r), Fraction(c, total)) for r, c in enumerate(self.deck) if c]

    def legal_actions(self) -> list:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> list:
        if self.phase == "end":
            return []
        if self.current_player() == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        step, p = self.step, self.current_player()
        if step == "take":
            return [("take", a) for a in range(NUM_AREAS) if self.face_up[a] is not None]
        if step == "option":
            return [("opt", o) for o in OPTIONS]
        if step == "place":
            return [("place", a) for a in range(NUM_AREAS)]
        if step == "triple":
            return [("triple", t) for t in range(NUM_TYPES) if self.supply[p][t]]
        if step == "move_ancestor":
            return [("move", a) for a in ADJ[self.ancestor_area]]
        if step == "move_elder":
            return [("move", a) for a in ELDER_REACH[self.elder_area]]
        if step == "ceremony":
            return [("play", r) for r in HAND_KINDS if self._playable(p, r)] + [("pass",)]
        if step == "double":
            out = []
            for t in range(NUM_TYPES):
                if self.supply[p][t]:
                    out.append(("double", t, "place"))
                if self._effects(p, t):
                    out.append(("double", t, "act"))
            return out
        if step == "effect":
            return self._effects(p, self.effect_type)
        raise AssertionError(f"unknown step {step!r}")  # pragma: no cover

    def _effects(self, p: int, t: int) -> list:
        """The ritual effects ``p`` can perform on type ``t`` in the ceremony area."""
        a = self.cer_area
        here = self.tokens[a]
        used = self.effect_used if D.DOUBLE_DISTINCT_ACTIONS else ()
        out: list = []
        if "remove" not in used:
            out += [("remove", q) for q in range(self.num_players) if q != p and here[q][t]]
        if here[p][t] and "out" not in used:
            out += [("out", b) for b in ADJ[a]]
        if "in" not in used:
            out += [("in", b) for b in ADJ[a] if self.tokens[b][p][t]]
        return out

    def _can_effect(self, p: int, t: int) -> bool:
        a = self.cer_area
        here = self.tokens[a]
        if here[p][t] or any(here[q][t] for q in range(self.num_players) if q != p):
            return True
        return any(self.tokens[b][p][t] for b in ADJ[a])

    def _playable(self, p: int, r: int) -> bool:
        """A ritual card may be played only if it can do something."""
        if not self.hands[p][r]:
            return False
        if r == R_DOUBLE:
            return any(self.supply[p][t] or self._can_effect(p, t) for t in range(NUM_TYPES))
        return self._can_effect(p, r)

    # ------------------------------------------------------------------ applying actions
    def apply(self, action: Any) -> None:
        self._legal = None
        verb = action[0]
        handler = getattr(self, "_do_" + verb)
        handler(*action[1:])
        self._settle()

    # Chance outcomes.
    def _do_bag(self, p: int, t: int) -> None:
        self.bag[p][t] -= 1
        self.tokens[setup_slots(self.num_players)[self.setup_done]][p][t] += 1
        self.setup_done += 1
        if self.setup_done == len(setup_slots(self.num_players)):
            self.setup_step, self.setup_done = "deal", 0

    def _do_draw(self, r: int) -> None:
        self.deck[r] -= 1
        if self.phase == "setup":
            self.hands[self.setup_done % self.num_players][r] += 1
            self.setup_done += 1
            if self.setup_done == D.START_HAND * self.num_players:
                self.deck[R_SCORPION] += self.setup_scorpions  # shuffled back in
                self.setup_scorpions = 0
                self.setup_step = "start"
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
        self.draws_pending -= 1

    def _do_start(self, p: int) -> None:
        self.start_player = self.ancestor_holder = self.round_first = p
        self.setup_step = "elderholder"

    def _do_elderholder(self, p: int) -> None:
        self.elder_holder = p
        self.setup_step = None
        self._new_round()

    def _do_up(self, k: int) -> None:
        a = self.duty_area()
        self.piles[a][k] -= 1
        if k == K_SCORPION:
            self.area_discard[a] += 1
            self._penalise(self.round_first)
            self._check_pile(a)
        else:
            self.face_up[a] = k

    # Player decisions.
    def _do_take(self, a: int) -> None:
        p = self.turn_player
        k = self.face_up[a]
        self.face_up[a] = None
        self.taken[p][k] += 1
        self.card_area, self.card_kind = a, k
        self._check_pile(a)
        if k < NUM_TYPES:  # token card: one token on the card's area, then an option
            self.card_type = k
            self._place(p, a, k)
            self.step = "option"
        elif k == K_TRIPLE:
            self.step = "triple"
        elif k == K_FOUR:
            self._draw(p, D.FOUR_CARDS_DRAW)
        elif k == K_ANCESTOR:
            self.ancestor_holder = p
            self.step = "move_ancestor"
        elif k == K_ELDER:
            self.elder_holder = p
            self.step = "move_elder"
        else:  # ancestor/elder: both figures come to this area
            self.ancestor_holder = self.elder_holder = p
            self.ancestor_area = self.elder_area = a
            self._start_ceremony(a, k)

    def _do_opt(self, option: str) -> None:
        extra, draws = D.TOKEN_CARD_OPTIONS[option]
        self.place_type, self.place_left, self.draw_after = self.card_type, extra, draws
        self.step = "place"

    def _do_place(self, a: int) -> None:
        self._place(self.turn_player, a, self.place_type)
        self.place_left -= 1

    def _do_triple(self, t: int) -> None:
        self.place_type, self.place_left, self.draw_after = t, D.TRIPLE_TOKENS, 0
        self.step = "place"

    def _do_move(self, a: int) -> None:
        if self.step == "move_ancestor":
            self.ancestor_area = a
            self._start_ceremony(a, K_ANCESTOR)
        else:
            self.elder_area = a
            self._start_ceremony(a, K_ELDER)

    def _do_play(self, r: int) -> None:
        p = self.cer_player()
        self.hands[p][r] -= 1
        self.discard[r] += 1
        if r == R_DOUBLE:
            self.step = "double"
        else:
            self._begin_effects(r, 1)

    def _do_double(self, t: int, mode: str) -> None:
        if mode == "place":
            p = self.cer_player()
            for _ in range(D.DOUBLE_PLACE):
                self._place(p, self.cer_area, t)
            self._next_in_ceremony()
        else:
            self._begin_effects(t, D.DOUBLE_ACTIONS)

    def _do_remove(self, q: int) -> None:
        t = self.effect_type
        self.tokens[self.cer_area][q][t] -= 1
        self.supply[q][t] += 1
        self._effect_done("remove")

    def _do_out(self, b: int) -> None:
        self._move_token(self.cer_area, b)
        self._effect_done("out")

    def _do_in(self, b: int) -> None:
        self._move_token(b, self.cer_area)
        self._effect_done("in")

    def _do_pass(self) -> None:
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

    def _draw(self, p: int, count: int) -> None:
        self.drawer, self.draws_pending = p, count
        self.step = "end"

    def _penalise(self, p: int) -> None:
        """A scorpion: lose one point per player strictly behind, then the time advances."""
        mine = self.scores[p]
        behind = sum(1 for s in self.scores if s < mine)
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
        self.effect_type, self.effect_left, self.effect_used = None, 0, []
        self.step = "ceremony"

    def _begin_effects(self, t: int, count: int) -> None:
        self.effect_type, self.effect_left, self.effect_used = t, count, []
        self.step = "effect"

    def _effect_done(self, kind: str) -> None:
        self.effect_left -= 1
        self.effect_used.append(kind)

    def _next_in_ceremony(self) -> None:
        self.step = "ceremony"
        self.effect_type, self.effect_left, self.effect_used = None, 0, []
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
        self.step = "end"

    def _new_round(self) -> None:
        self.round += 1
        self.round_first = self.ancestor_holder
        self.phase = "duty"

    def _next_turn(self) -> None:
        self.turn_index += 1
        self.step = "take"
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
        self.phase, self.step, self.turn_player = "end", None, None

    def _settle(self) -> None:
        """Carry out everything that needs no decision until a decision or a draw is due."""
        while True:
            if self.draws_pending:
                if not any(self.deck):  # empty deck: the discards are reshuffled
                    for k, c in enumerate(self.discard):
                        self.deck[k] += c
                    self.discard = [0] * len(self.discard)
                if any(self.deck[r] + self.discard[r] for r in HAND_KINDS):
                    return
                # [decision] Only scorpions (or nothing) left: the draw is lost; otherwise
                # the two scorpions would be drawn and reshuffled forever.
                self.draws_pending = 0
            phase = self.phase
            if phase in ("setup", "end"):
                return
            if phase == "duty":
                if self.duty_area() is not None:
                    return
                self.phase = "privilege"
                self.drawer, self.draws_pending = self.elder_holder, 1
                continue
            if phase == "privilege":
                self.phase, self.turn_index, self.step = "turn", 0, "take"
                self.turn_player = self.round_first
                self.drawer = None
                continue
            step = self.step
            if step == "take":
                if any(k is not None for k in self.face_up):
                    return
                self._next_turn()  # [decision] no face-up card at all: the turn is skipped
            elif step == "place":
                if self.place_left and self.supply[self.turn_player][self.place_type]:
                    return
                self.place_left = 0
                self._draw(self.turn_player, self.draw_after)
                self.draw_after = 0
            elif step == "triple":
                if any(self.supply[self.turn_player]):
                    return
                self.step = "end"
            elif step == "ceremony":
                if not self.cer_active:
                    self._score_ceremony()
                    continue
                p = self.cer_active[self.cer_index]
                if any(self._playable(p, r) for r in HAND_KINDS):
                    return
                self._leave_ceremony()  # nothing playable: the player passes
            elif step == "effect":
                if self.effect_left and self._effects(self.cer_player(), self.effect_type):
                    return
                self._next_in_ceremony()
            elif step == "end":
                self.drawer = None
                self._next_turn()
            else:
                return

    # ------------------------------------------------------------------ notation
    def action_to_str(self, action: Any) -> str:
        verb = action[0]
        if verb == "bag":
            return f"bag:{action[1]}:{D.TOKEN_TYPES[action[2]]}"
        if verb == "draw" or verb == "play":
            return f"{verb}:{D.RITUAL_KINDS[action[1]]}"
        if verb == "up":
            return f"up:{D.CARD_KINDS[action[1]]}"
        if verb in ("start", "elderholder", "remove"):
            return f"{verb}:{action[1]}"
        if verb in ("take", "place", "move", "out", "in"):
            return f"{verb}:{D.AREAS[action[1]]}"
        if verb == "triple":
            return f"triple:{D.TOKEN_TYPES[action[1]]}"
        if verb == "opt":
            return f"opt:{action[1]}"
        if verb == "double":
            return f"double:{D.TOKEN_TYPES[action[1]]}:{action[2]}"
        if verb == "pass":
            return "pass"
        raise NotationError(f"not a Wongar action: {action!r}")

    def str_to_action(self, text: str) -> Any:
        if not isinstance(text, str):
            raise NotationError("an action must be text")
        parts = text.split(":")
        verb, args = parts[0], parts[1:]
        try:
            if verb == "pass" and not args:
                return ("pass",)
            if verb == "bag" and len(args) == 2:
                return ("bag", self._player(args[0]), TYPE_INDEX[args[1]])
            if len(args) == 1:
                (arg,) = args
                if verb in ("draw", "play"):
                    r = RITUAL_INDEX[arg]
                    if verb == "play" and r == R_SCORPION:
                        raise KeyError(arg)
                    return (verb, r)
                if verb == "up":
                    return ("up", CARD_INDEX[arg])
                if verb in ("start", "elderholder", "remove"):
                    return (verb, self._player(arg))
                if verb in ("take", "place", "move", "out", "in"):
                    return (verb, AREA_INDEX[arg])
                if verb == "triple":
                    return ("triple", TYPE_INDEX[arg])
                if verb == "opt" and arg in OPTIONS:
                    return ("opt", arg)
            if verb == "double" and len(args) == 2 and args[1] in DOUBLE_MODES:
                return ("double", TYPE_INDEX[args[0]], args[1])
        except (KeyError, ValueError):
            pass
        raise NotationError(f"not a Wongar action: {text!r}")

    def _player(self, text: str) -> int:
        """A player number in canonical form ("2", not "02")."""
        for p in range(self.num_players):
            if text == str(p):
                return p
        raise ValueError(text)

    # ------------------------------------------------------------------ results
    def winners(self) -> list[int]:
        if self.phase != "end":
            return []
        best = max(self.scores)
        return [p for p, s in enumerate(self.scores) if s == best]

    # ------------------------------------------------------------------ information
    def to_json(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if not k.startswith("_")}
        out["last_scoring"] = [list(x) for x in self.last_scoring]
        out["last_ceremony"] = list(self.last_ceremony) if self.last_ceremony else None
        return out

    def observation(self, player: int | None) -> dict[str, Any]:
        """The state as ``player`` sees it: own hand and taken cards; others' counts only.
        The face-down piles and the deck are shown as sizes only."""
        obs = self.to_json()
        obs["hands"] = [list(h) if p == player else None for p, h in enumerate(self.hands)]
        obs["hand_counts"] = [self.hand_count(p) for p in range(self.num_players)]
        obs["taken"] = [list(h) if p == player or self.phase == "end" else None
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
        the others' hands), keeping every hand size. Taken area cards were taken in view of
        everyone and stay. In the advanced game each player's double is known (one dealt to
        each, played ones are public), so doubles are not redealt."""
        twin = self.clone()
        kinds = (0, 1, 2) if self.variant == "advanced" else HAND_KINDS
        others = [q for q in range(self.num_players) if q != player]
        pool = [twin.deck[r] + sum(twin.hands[q][r] for q in others)
                for r in range(len(twin.deck))]
        need = []
        for q in others:
            need.append(sum(twin.hands[q][r] for r in kinds))
            for r in kinds:
                twin.hands[q][r] = 0
        cards = [r for r in kinds for _ in range(pool[r])]
        rng.shuffle(cards)
        i = 0
        for q, k in zip(others, need):
            for r in cards[i:i + k]:
                twin.hands[q][r] += 1
            i += k
        for r in kinds:
            twin.deck[r] = 0
        for r in cards[i:]:
            twin.deck[r] += 1
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
