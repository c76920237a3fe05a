"""Wongar's strong bot: legal, reproducible, blind to hidden cards, and sensible."""

import random

import pytest

from rituels.engine import CHANCE, sample_chance
from rituels.engine.bots import decide
from rituels.wongar.bots import StrongBot, evaluate
from rituels.wongar.rules import WongarState
from wongar_helpers import clear_map, new_game, play, put, set_hand, to_turns


def random_positions(count, seed=3, players=4, variant="basic"):
    """Positions where a player must decide, taken from random games."""
    rng = random.Random(seed)
    found = []
    s = WongarState(players, {"variant": variant})
    while len(found) < count:
        if s.is_terminal():
            s = WongarState(players, {"variant": variant})
        if s.current_player() == CHANCE:
            s.apply(sample_chance(s, rng))
            continue
        if len(s.legal_actions()) > 1 and rng.random() < 0.1:
            found.append(s.clone())
        s.apply(rng.choice(s.legal_actions()))
    return found


@pytest.mark.parametrize("players,variant", [(4, "basic"), (3, "advanced"), (5, "advanced")])
def test_strong_bot_plays_legal_actions_and_is_reproducible(players, variant):
    for s in random_positions(8, players=players, variant=variant):
        action = decide(StrongBot(7, iterations=2), s)
        assert action in s.legal_actions()
        assert decide(StrongBot(7, iterations=2), s) == action


def test_strong_bot_does_not_read_other_hands():
    for s in random_positions(12, seed=11):
        me = s.current_player()
        twin = s.clone()
        # Swap one unseen card between an opponent's hand and the deck: what `me` knows is the
        # same (hand sizes, own cards, public cards), the hidden truth differs.
        other = next((q for q in range(4) if q != me and twin.hand_count(q)), None)
        if other is None:
            continue
        held = next(r for r in range(4) if twin.hands[other][r])
        swap = next((r for r in range(4) if r != held and twin.deck[r]), None)
        if swap is None:
            continue
        twin.hands[other][held] -= 1
        twin.deck[held] += 1
        twin.hands[other][swap] += 1
        twin.deck[swap] -= 1
        twin.changed()
        assert twin.hands != s.hands
        assert decide(StrongBot(5, iterations=3), s) == decide(StrongBot(5, iterations=3), twin)


def test_strong_bot_moves_the_ancestor_where_it_holds_the_majorities():
    s = to_turns(new_game(4, start=0), emu="ancestor")
    clear_map(s)
    for p in range(4):
        set_hand(s, p)
    put(s, "lizard", 0, "disc", 2)      # mine
    put(s, "lizard", 0, "cube", 1)
    put(s, "fish", 2, "disc", 3)        # an opponent's
    put(s, "fish", 2, "cylinder", 2)
    play(s, "take:emu")
    assert s.action_to_str(decide(StrongBot(1, iterations=3), s)) == "move:lizard"


def test_strong_bot_removes_the_token_that_costs_it_the_majority():
    s = to_turns(new_game(4, start=0), emu="ancestor")
    clear_map(s)
    for p in range(4):
        set_hand(s, p)
    set_hand(s, 0, disc=1)
    put(s, "kangaroo", 0, "disc", 1)
    put(s, "kangaroo", 1, "disc", 2)
    put(s, "kangaroo", 0, "cube", 1)
    play(s, "take:emu", "move:kangaroo")
    bot = StrongBot(2, iterations=2)
    assert s.action_to_str(decide(bot, s)) == "play:disc"
    play(s, "play:disc")
    assert s.action_to_str(decide(bot, s)) == "remove:1"


def test_evaluation_prefers_a_lead_in_points():
    s = new_game(3)
    before = evaluate(s, 0)
    s.scores[0] += 5
    assert evaluate(s, 0) > before
