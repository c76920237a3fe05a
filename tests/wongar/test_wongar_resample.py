"""``resample_hidden`` deals only hands an observer could not rule out (rules file, "Hidden
information", and "Ceremony": a participant without a playable card passes).

The oracle follows every player's hand through the public history: a card arrives (kind
unseen), a card of a known kind is played, an automatic pass shows that the player held none of
the kinds that would have acted in the ceremony area. A redealt hand must be one of the hands
this history allows. The oracle reads the rules file, not the state's own bookkeeping."""

from __future__ import annotations

import random

import pytest

from rituels.engine import CHANCE, sample_chance
from rituels.wongar import data as D
from rituels.wongar.rules import AREA_INDEX, WongarState
from wongar_helpers import ceremony, check_accounting

HELD = ("disc", "cube", "cylinder", "double")  # ritual kinds a hand can hold (never scorpions)
DOUBLE = HELD.index("double")
SCORPION = D.RITUAL_KINDS.index("scorpion")


def would_act(s: WongarState, p: int, a: int, r: int) -> bool:
    """Whether a ritual card of kind ``r`` could do something for ``p`` in area ``a``: a token
    card removes an opponent's token of its type there, or moves one of ``p``'s in or out; a
    double places from the supply or moves ``p``'s tokens in or out."""
    here = s.tokens[a]
    near = [AREA_INDEX[b] for b in D.ADJACENT[D.AREAS[a]]]

    def movable(t: int) -> bool:
        return here[p][t] > 0 or any(s.tokens[b][p][t] for b in near)

    if r == DOUBLE:
        return any(s.supply[p][t] > 0 or movable(t) for t in range(len(D.TOKEN_TYPES)))
    return movable(r) or any(here[q][r] for q in range(s.num_players) if q != p)


class Oracle:
    """The hands each player may hold, given the public history (sets of count tuples)."""

    def __init__(self, s: WongarState):
        start = (0, 0, 0, 1) if s.variant == "advanced" else (0, 0, 0, 0)
        self.hands = [{start} for _ in range(s.num_players)]

    def gain(self, p: int) -> None:
        self.hands[p] = {h[:r] + (h[r] + 1,) + h[r + 1:] for h in self.hands[p]
                         for r in range(len(HELD))}

    def play(self, p: int, r: int) -> None:
        self.hands[p] = {h[:r] + (h[r] - 1,) + h[r + 1:] for h in self.hands[p] if h[r]}

    def lacks(self, p: int, kinds: set[int]) -> None:
        self.hands[p] = {h for h in self.hands[p] if not any(h[r] for r in kinds)}

    def follow(self, before: WongarState, action, after: WongarState) -> None:
        verb = action[0]
        if verb == "draw" and action[1] != SCORPION:
            self.gain(before.setup_done % before.num_players if before.phase == "setup"
                      else before.drawer)
        elif verb == "play":
            self.play(before.cer_player(), action[1])
        for q, a in after.auto_passed:
            self.lacks(q, {r for r in range(len(HELD)) if would_act(after, q, a, r)})

    def allows(self, p: int, hand: list[int]) -> bool:
        return tuple(hand[:len(HELD)]) in self.hands[p]


def public(s: WongarState, viewer: int) -> dict:
    obs = s.observation(viewer)
    obs.pop("hand_slots", None)
    return obs


def test_the_oracle_sees_automatic_passes():
    """A situation from the rules: Bruno (1) has a cube token in Kangourou and one ritual card;
    when the ceremony reaches him and he passes by himself, the card cannot be a cube (it would
    act on his cube), nor a disc (Alice's disc there), nor a double (his cube could move)."""
    s = ceremony(0, tokens=[("kangaroo", 0, "disc", 1), ("kangaroo", 1, "cube", 1)],
                 hands={1: {"cylinder": 1}})
    assert s.auto_passed == [(0, AREA_INDEX["kangaroo"]), (1, AREA_INDEX["kangaroo"])]
    assert [r for r in range(4) if would_act(s, 1, AREA_INDEX["kangaroo"], r)] == [0, 1, 3]
    for seed in range(200):
        twin = s.resample_hidden(0, random.Random(seed))
        assert twin.hands[1][:4] == [0, 0, 1, 0]  # only a cylinder is left possible
        check_accounting(twin)


@pytest.mark.parametrize("players,variant", [(3, "basic"), (4, "basic"), (5, "basic"),
                                             (3, "advanced"), (4, "advanced"), (5, "advanced")])
def test_every_resample_is_consistent_with_the_observers_history(players, variant):
    rng = random.Random(f"resample-{players}-{variant}")
    checked = passes = 0
    for game in range(12):
        s = WongarState(players, {"variant": variant})
        oracle = Oracle(s)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                action = sample_chance(s, rng)
            else:
                # Play on rather than pass: longer ceremonies leave hands with useless cards.
                plays = [a for a in s.legal_actions() if a[0] != "pass"]
                action = rng.choice(plays if plays and rng.random() < 0.9 else s.legal_actions())
                if s.step in ("ceremony", "effect", "double") or rng.random() < 0.1:
                    viewer = rng.randrange(players)
                    twin = s.resample_hidden(viewer, rng)
                    check_accounting(twin)
                    assert public(twin, viewer) == public(s, viewer)
                    for q in range(players):
                        assert oracle.allows(q, s.hands[q]), "the oracle lost the truth"
                        assert oracle.allows(q, twin.hands[q]), (
                            f"player {q}'s redealt hand {twin.hands[q]} contradicts the history")
                    checked += 1
            before = s.clone()
            s.apply(action)
            oracle.follow(before, action, s)
            passes += sum(1 for q, _ in s.auto_passed if s.hand_count(q))
    # The games reached ceremonies and automatic passes by players holding cards.
    assert checked > 500 and passes >= 1
