"""Wongar rules, section "Ceremony" (shared/rules/wongar.md)."""

import pytest

from rituels.engine import IllegalAction
from rituels.wongar.rules import AREA_INDEX
from wongar_helpers import (check_accounting, clear_map, legal, new_game, play, put, set_hand,
                            to_turns)

KANGAROO, EMU, LIZARD, HAND = (AREA_INDEX[a] for a in ("kangaroo", "emu", "lizard", "hand"))


def ceremony(taker=0, tokens=(), hands=None, time=1):
    """``taker`` (the first player) takes the ancestor card on Émeu and moves the ancestor from
    Main to Kangourou: a ceremony there. ``tokens``: (area, player, type, count);
    ``hands``: player -> ritual counts (others get none)."""
    s = to_turns(new_game(4, start=taker), emu="ancestor")
    clear_map(s)
    for area, p, t, c in tokens:
        put(s, area, p, t, c)
    for p in range(4):
        set_hand(s, p, **(hands or {}).get(p, {}))
    s.time = time
    return play(s, "take:emu", "move:kangaroo")


# --- Participants and order ------------------------------------------------------------------
def test_only_players_with_a_token_in_the_area_take_part():
    s = ceremony(0, tokens=[("kangaroo", 1, "disc", 1), ("kangaroo", 3, "cube", 1),
                            ("emu", 2, "disc", 3)],
                 hands={p: {"disc": 1} for p in range(4)})
    assert s.cer_participants == [1, 3]
    assert s.step == "ceremony" and s.current_player() == 1  # taker 0 has no token there


def test_the_starter_acts_first_when_taking_part():
    s = ceremony(2, tokens=[("kangaroo", p, "disc", 1) for p in range(4)],
                 hands={p: {"disc": 1} for p in range(4)})
    assert s.cer_participants == [2, 3, 0, 1] and s.current_player() == 2


def test_play_or_pass_clockwise_and_a_player_who_passed_stays_out():
    s = ceremony(0, tokens=[("kangaroo", 0, "cube", 1), ("kangaroo", 1, "cube", 1),
                            ("kangaroo", 2, "cube", 2)],
                 hands={0: {"cube": 3}, 1: {"cube": 1}, 2: {"cube": 1}})
    assert legal(s) == ["play:cube", "pass"]
    play(s, "pass")                       # 0 leaves the ceremony
    assert s.current_player() == 1
    play(s, "play:cube", "remove:2")      # 1 removes a cube of 2 (back to 2's supply)
    assert s.tokens[KANGAROO][2][1] == 1 and s.supply[2][1] == 15 - 1
    assert s.current_player() == 2
    play(s, "play:cube", "remove:1")
    # 1 and 2 have no card left: they pass; 0 passed before and cannot come back.
    assert s.step == "take" and s.current_player() == 1 and s.hands[0][1] == 3
    assert s.scores == [2, 0, 0, 0]  # cubes tied 1-1 between 0 and 2: 0 holds the ancestor


def test_a_participant_without_a_playable_card_passes_automatically():
    s = ceremony(0, tokens=[("kangaroo", 0, "disc", 1), ("kangaroo", 1, "disc", 1)],
                 hands={0: {}, 1: {"disc": 1}})
    assert s.current_player() == 1 and s.cer_active == [1]


def test_the_last_participant_may_go_on_playing_until_passing():
    s = ceremony(0, tokens=[("kangaroo", 0, "disc", 2), ("kangaroo", 1, "disc", 2)],
                 hands={0: {"disc": 3}, 1: {"disc": 1}})
    play(s, "play:disc", "remove:1")   # player 0
    play(s, "pass")                    # player 1 leaves
    assert s.current_player() == 0 and s.cer_active == [0]
    play(s, "play:disc", "remove:1")
    assert s.current_player() == 0     # still 0's choice
    assert legal(s) == ["play:disc", "pass"]
    play(s, "pass")
    assert s.step == "take" and s.current_player() == 1
    assert s.hands[0][0] == 1 and s.discard[0] == 2  # played cards are discarded
    check_accounting(s)


# --- Ritual card actions --------------------------------------------------------------------
def test_ritual_card_actions_remove_move_out_move_in():
    s = ceremony(0, tokens=[("kangaroo", 0, "cube", 1), ("kangaroo", 1, "cube", 1),
                            ("kangaroo", 2, "disc", 1), ("hand", 0, "cube", 1),
                            ("snake", 0, "cube", 1)],
                 hands={0: {"cube": 1}})
    play(s, "play:cube")
    # Remove player 1's cube (2 has no cube there); move my cube out to a neighbour of
    # Kangourou (Émeu, Lézard, Main); move in my cube from Main (Serpent is not adjacent).
    assert legal(s) == ["remove:1", "out:emu", "out:lizard", "out:hand", "in:hand"]
    for action, mine_here, theirs in (("remove:1", 1, 0), ("out:emu", 0, 1), ("in:hand", 2, 1)):
        t = ceremony(0, tokens=[("kangaroo", 0, "cube", 1), ("kangaroo", 1, "cube", 1),
                                ("kangaroo", 2, "disc", 1), ("hand", 0, "cube", 1)],
                     hands={0: {"cube": 1}})
        play(t, "play:cube", action)
        assert t.tokens[KANGAROO][0][1] == mine_here and t.tokens[KANGAROO][1][1] == theirs
        check_accounting(t)


def test_a_ritual_card_with_nothing_to_act_on_cannot_be_played():
    s = ceremony(0, tokens=[("kangaroo", 0, "disc", 1), ("kangaroo", 1, "disc", 1)],
                 hands={0: {"disc": 1, "cylinder": 1}})
    assert legal(s) == ["play:disc", "pass"]
    with pytest.raises(IllegalAction):
        play(s, "play:cylinder")


def test_double_places_two_tokens_from_the_supply():
    s = ceremony(0, tokens=[("kangaroo", 0, "disc", 1), ("kangaroo", 1, "cube", 1)],
                 hands={0: {"double": 1}})
    play(s, "play:double")
    assert "double:cylinder:place" in legal(s)
    play(s, "double:cylinder:place")
    assert s.tokens[KANGAROO][0] == [1, 0, 2] and s.supply[0][2] == 10
    assert s.discard[3] == 1


def test_double_performs_two_different_actions_with_one_type():
    s = ceremony(0, tokens=[("kangaroo", 0, "cube", 1), ("kangaroo", 1, "cube", 2),
                            ("hand", 0, "cube", 1)],
                 hands={0: {"double": 1}})
    play(s, "play:double", "double:cube:act")
    assert s.effect_left == 2
    play(s, "remove:1")
    # "Two of the three actions": removing again is not offered.
    assert legal(s) == ["out:emu", "out:lizard", "out:hand", "in:hand"]
    play(s, "in:hand")
    assert s.tokens[KANGAROO][0][1] == 2 and s.tokens[KANGAROO][1][1] == 1
    assert s.supply[1][1] == 15 - 1
    check_accounting(s)


def test_double_second_action_is_skipped_when_impossible():
    s = ceremony(0, tokens=[("kangaroo", 0, "disc", 1), ("kangaroo", 1, "cube", 1)],
                 hands={0: {"double": 1, "disc": 1}, 1: {"cube": 1}})
    play(s, "play:double", "double:cube:act", "remove:1")
    # No other cube action is possible: the second action lapses; 1's cube card has no target
    # either, so 1 passes and 0 plays on alone.
    assert s.step == "ceremony" and s.cer_active == [0] and s.current_player() == 0
    assert s.effect_left == 0


# --- Scoring ---------------------------------------------------------------------------------
def test_each_type_scores_for_its_majority_with_the_ancestor_points_of_the_section():
    s = ceremony(0, time=5, tokens=[("kangaroo", 1, "disc", 2), ("kangaroo", 2, "disc", 1),
                                    ("kangaroo", 3, "cube", 1)])
    # Section II, ancestor: 3 points per majority; no cylinder there: nobody scores it.
    assert s.scores == [0, 3, 0, 3]
    assert sorted(s.last_scoring) == [(0, 1, 3), (1, 3, 3)]


def test_elder_ceremony_pays_the_elder_points():
    s = to_turns(new_game(4, start=0), lizard="elder")
    clear_map(s)
    put(s, "hand", 2, "cylinder", 1)
    s.time = 9
    play(s, "take:lizard", "move:hand")
    assert s.scores == [0, 0, 3, 0]


def test_ties_go_to_the_ancestor_holder():
    s = ceremony(0, tokens=[("kangaroo", 0, "disc", 1), ("kangaroo", 1, "disc", 1)])
    assert s.scores == [2, 0, 0, 0]


def test_ties_without_the_ancestor_holder_go_to_the_nearest_after_them_clockwise():
    # Player 3 holds the ancestor; players 0 and 2 are tied: 0 comes first after 3.
    s = ceremony(3, tokens=[("kangaroo", 2, "cube", 2), ("kangaroo", 0, "cube", 2),
                            ("kangaroo", 3, "cube", 1)])
    assert s.ancestor_holder == 3 and s.scores == [2, 0, 0, 0]
    s = ceremony(1, tokens=[("kangaroo", 3, "cube", 2), ("kangaroo", 2, "cube", 2)])
    assert s.scores == [0, 0, 2, 0]


def test_majority_helper_matches_the_tie_rule():
    s = to_turns(new_game(4, start=2))
    clear_map(s)
    put(s, "emu", 0, "disc", 1)
    put(s, "emu", 3, "disc", 1)
    assert s.majority(EMU, 0) == 3  # holder 2; after 2 comes 3
    assert s.majority(EMU, 1) is None
