"""The likely outcome of a Wongar ceremony under way, from public information (issue 25).

Counting the majorities as they stand (at a fixed weight) judged every answer alike, whether
the player was the last who could still play a card or three rivals holding cards came after
him. This is a small expectimax of the rest of the ceremony instead: the participants still
in play in turn, each choosing the best of the ritual cards they might hold, or passing
(docs/rules/wongar.md, "Ceremony"). Only what the table knows is read: hand counts, what an
automatic pass showed a hand does not hold (``hand_slots``), the cards not yet seen (the
discard is public), the tokens on the map. A card's kind is held with the chance that one of
the hand's cards is of it (the unseen cards' mix); the best card held is played, passing when
no card held is worth its value in hand. Effects are chosen by what they do to the majorities
at once (remove a rival's token, bring one's own in, a double's two tokens placed or brought
in): one effect per card kind, and only those that improve the player's majorities, so the
tree stays small. After ``DEPTH`` cards the majorities are taken as they stand.

``ceremony_value`` is the strong bot's heuristic's (bots.values) and so the review estimate's
(chances.py): one evaluation for both, so the bot plays its ceremonies the way it is judged.
"""

from __future__ import annotations

from rituels.wongar import data as D
from rituels.wongar.rules import (ADJ, CEREMONY, DOUBLE, EFFECT, HAND_KINDS, NUM_TYPES, R_DOUBLE,
                                  WongarState)

DEPTH = 3        # ritual cards looked ahead; then the majorities as they stand
_EPS = 1e-9


class _Ceremony:
    """The ceremony reduced to what it decides: token counts in its area (flat, p * 3 + t),
    tokens of each player and type next to it, supplies, hand counts, who is still in."""

    def __init__(self, s: WongarState, card_value: float):
        n = self.n = s.num_players
        a = s.cer_area
        self.points = s.ceremony_points()
        self.card_value = card_value
        first = s.ancestor_holder or 0
        self.order = tuple((first + i) % n for i in range(n))   # ties: ancestor holder first
        self.count = tuple(s.tokens[a][p][t] for p in range(n) for t in range(NUM_TYPES))
        self.near = tuple(sum(s.tokens[b][p][t] for b in ADJ[a])
                          for p in range(n) for t in range(NUM_TYPES))
        self.supply = tuple(s.supply[p][t] for p in range(n) for t in range(NUM_TYPES))
        self.share = [_kind_shares(s, p) for p in range(n)]
        self.memo: dict = {}

    # ------------------------------------------------------------------ the board
    def holder(self, count: tuple, t: int) -> int:
        """Who holds type ``t``'s majority with ``count`` (-1: nobody)."""
        best, holder = 0, -1
        for p in self.order:
            c = count[p * 3 + t]
            if c > best:
                best, holder = c, p
        return holder

    def scored(self, count: tuple) -> list[float]:
        """Points of the ceremony if it ended with ``count``."""
        pts = [0.0] * self.n
        for t in range(NUM_TYPES):
            holder = self.holder(count, t)
            if holder >= 0:
                pts[holder] += self.points
        return pts

    def utility(self, p: int, points: list[float] | tuple, spent: float = 0.0) -> float:
        """What ``p`` weighs: their points against the others' mean, less the cards spent."""
        others = (sum(points) - points[p]) / (self.n - 1)
        return points[p] - others - self.card_value * spent

    def _stake(self, p: int, holder: int) -> float:
        """``p``'s utility from one type held by ``holder``."""
        return 0.0 if holder < 0 else self.points if holder == p else -self.points / (self.n - 1)

    def effect(self, p: int, kind: int, count: tuple, near: tuple, supply: tuple,
               one_move: bool = False, now: float | None = None) -> tuple | None:
        """The best board ``p`` can make with one card of ``kind``, by its majorities at once:
        (utility, count, near, supply), or None. ``one_move``: a double's single move of type
        ``kind`` instead (bringing a token in). ``now``: ``p``'s utility of ``count``, if
        known. One type changes: only its holder is read."""
        best = None
        if now is None:
            now = self.utility(p, self.scored(count))
        types = range(NUM_TYPES) if kind == R_DOUBLE else (kind,)
        for t in types:
            i = p * 3 + t
            boards = []
            if one_move:
                if near[i]:
                    boards.append((_add(count, i, 1), _add(near, i, -1), supply))
            elif kind == R_DOUBLE:
                k = min(2, supply[i])
                if k:
                    boards.append((_add(count, i, k), near, _add(supply, i, -k)))
                k = min(2, near[i])
                if k:
                    boards.append((_add(count, i, k), _add(near, i, -k), supply))
            else:
                for q in range(self.n):
                    j = q * 3 + t
                    if q != p and count[j]:
                        boards.append((_add(count, j, -1), near, supply))
                if near[i]:
                    boards.append((_add(count, i, 1), _add(near, i, -1), supply))
            if not boards:
                continue
            base = now - self._stake(p, self.holder(count, t))
            for board in boards:
                u = base + self._stake(p, self.holder(board[0], t))
                if best is None or u > best[0] + _EPS:
                    best = (u,) + board
        return best

    # ------------------------------------------------------------------ the search
    def value(self, count: tuple, near: tuple, supply: tuple, hands: tuple, active: tuple,
              index: int, depth: int) -> tuple[list[float], list[float]]:
        """(expected points of the ceremony, expected cards still spent) per player."""
        n = self.n
        if not active or depth == 0:
            return self.scored(count), [0.0] * n
        key = (count, near, supply, hands, active, index, depth)
        got = self.memo.get(key)
        if got is not None:
            return got
        p = active[index]
        rest = active[:index] + active[index + 1:]
        passed = self.value(count, near, supply, hands, rest,
                            index % len(rest) if rest else 0, depth)
        h = hands[p]
        options = []
        if h:
            now = self.utility(p, self.scored(count))
            share = self.share[p]
            after_hands = hands[:p] + (h - 1,) + hands[p + 1:]
            following = (index + 1) % len(active)
            for r in HAND_KINDS:
                held = 1.0 - (1.0 - share[r]) ** h
                if held <= 0.0:
                    continue
                best = self.effect(p, r, count, near, supply, now=now)
                if best is None or best[0] <= now + _EPS:
                    continue
                points, spent = self.value(best[1], best[2], best[3], after_hands, active,
                                           following, depth - 1)
                spent = list(spent)
                spent[p] += 1.0
                options.append((self.utility(p, points, spent[p]), held, points, spent))
        if not options:
            self.memo[key] = passed
            return passed
        options.sort(key=lambda o: -o[0])
        floor = self.utility(p, passed[0], passed[1][p])
        points, spent = [0.0] * n, [0.0] * n
        left = 1.0
        for u, held, pts, sp in options:
            if u <= floor:
                break
            w = left * held
            for q in range(n):
                points[q] += w * pts[q]
                spent[q] += w * sp[q]
            left -= w
        for q in range(n):
            points[q] += left * passed[0][q]
            spent[q] += left * passed[1][q]
        self.memo[key] = (points, spent)
        return points, spent


def _add(values: tuple, i: int, k: int) -> tuple:
    return values[:i] + (values[i] + k,) + values[i + 1:]


def _kind_shares(s: WongarState, p: int) -> list[float]:
    """The chance that one of ``p``'s ritual cards is of each kind, as the table sees it: the
    cards not yet seen (not discarded, not out of the game, not ``p``'s... nor anyone's known)
    mixed by kind, each card of the hand limited to the kinds an automatic pass left it."""
    unseen = [0.0] * len(D.RITUAL_KINDS)
    for r in HAND_KINDS:
        unseen[r] = max(0, D.RITUAL_DECK[D.RITUAL_KINDS[r]] - s.discard[r]
                        - s.ritual_removed[r])
    share = [0.0] * len(D.RITUAL_KINDS)
    cards = 0
    for c, mask in s.hand_slots[p]:
        total = sum(unseen[r] for r in HAND_KINDS if not mask >> r & 1)
        if total <= 0:
            continue
        for r in HAND_KINDS:
            if not mask >> r & 1:
                share[r] += c * unseen[r] / total
        cards += c
    return [x / cards for x in share] if cards else share


def ceremony_value(s: WongarState, card_value: float) -> list[float]:
    """Each player's expected points from the ceremony under way, less ``card_value`` for
    each ritual card they are expected to spend in it (cards in hand are worth that much in
    the heuristic). A ritual effect half done (a card played, its effect not yet chosen) is
    finished first, as its player likes best."""
    c = _Ceremony(s, card_value)
    count, near, supply = c.count, c.near, c.supply
    active = tuple(s.cer_active)
    index = s.cer_index
    hands = tuple(sum(h) for h in s.hands)
    if active and s.step in (DOUBLE, EFFECT):
        p = active[index]
        if s.step == DOUBLE:
            effects = [(R_DOUBLE, False)]
        else:
            effects = [(s.effect_type, s.effect_double)] * s.effect_left
        for kind, one_move in effects:
            best = c.effect(p, kind, count, near, supply, one_move)
            if best is not None:
                count, near, supply = best[1:]
        index = (index + 1) % len(active)
    elif s.step != CEREMONY:
        return [0.0] * s.num_players
    points, spent = c.value(count, near, supply, hands, active, index, DEPTH)
    return [x - card_value * y for x, y in zip(points, spent)]
