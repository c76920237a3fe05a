"""Wongar rules, section "Ceremony" (docs/rules/wongar.md)."""

import pytest

from rituels.engine import IllegalAction
from rituels.wongar.rules import AREA_INDEX
from wongar_helpers import (ceremony, check_accounting, clear_map, legal, new_game, play, put,
                            to_turns)

KANGAROO, EMU, LIZARD, HAND = (AREA_INDEX[a] for a in ("kangaroo", "emu", "lizard", "hand"))


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


def test_double_places_fewer_when_the_supply_runs_out():
    s = ceremony(0, tokens=[("kangaroo", 0, "disc", 1), ("emu", 0, "cylinder", 11)],
                 hands={0: {"double": 1}})
    play(s, "play:double", "double:cylinder:place")
    assert s.tokens[KANGAROO][0] == [1, 0, 1] and s.supply[0][2] == 0


def test_double_moves_two_tokens_in_or_out_and_never_removes():
    # Rules: "move two of your tokens of that type, each one either out of the ceremony area
    # to an adjacent area or from an adjacent area into it"; "a double never removes".
    s = ceremony(0, tokens=[("kangaroo", 0, "cube", 1), ("kangaroo", 1, "cube", 2),
                            ("hand", 0, "cube", 1)],
                 hands={0: {"double": 1}})
    play(s, "play:double")
    assert legal(s) == ["double:disc:place", "double:cube:place", "double:cube:act",
                        "double:cylinder:place"]
    play(s, "double:cube:act")
    assert s.effect_left == 2
    assert legal(s) == ["out:emu", "out:lizard", "out:hand", "in:hand"]  # no "remove:1"
    play(s, "in:hand")
    play(s, "out:emu")  # one way, then the other
    assert s.tokens[KANGAROO][0][1] == 1 and s.tokens[EMU][0][1] == 1
    assert s.tokens[HAND][0][1] == 0 and s.tokens[KANGAROO][1][1] == 2  # 1 keeps both cubes
    check_accounting(s)


def test_double_may_make_the_same_move_twice():
    s = ceremony(0, tokens=[("kangaroo", 0, "disc", 1), ("hand", 0, "cylinder", 1),
                            ("lizard", 0, "cylinder", 1)],
                 hands={0: {"double": 1}})
    play(s, "play:double", "double:cylinder:act", "in:hand")
    assert "in:lizard" in legal(s)
    play(s, "in:lizard")
    assert s.tokens[KANGAROO][0] == [1, 0, 2] and s.tokens[LIZARD][0] == [0, 0, 0]
    t = ceremony(0, tokens=[("kangaroo", 0, "cube", 2)], hands={0: {"double": 1}})
    play(t, "play:double", "double:cube:act", "out:emu", "out:emu")
    assert t.tokens[KANGAROO][0] == [0, 0, 0] and t.tokens[EMU][0] == [0, 2, 0]
    check_accounting(t)


def test_double_moves_two_different_tokens():
    # "Two of your tokens": the token moved first does not move again (in and back out).
    s = ceremony(0, tokens=[("kangaroo", 0, "disc", 1), ("hand", 0, "cube", 1)],
                 hands={0: {"double": 1, "disc": 1}})
    play(s, "play:double", "double:cube:act", "in:hand")
    # The only cube here is the one just moved in, and no other cube is next door: the
    # second move lapses and the ceremony goes on.
    assert s.step == "ceremony" and s.effect_left == 0
    assert s.tokens[KANGAROO][0] == [1, 1, 0] and s.tokens[HAND][0] == [0, 0, 0]
    t = ceremony(0, tokens=[("kangaroo", 0, "cube", 1)], hands={0: {"double": 1}})
    play(t, "play:double", "double:cube:act", "out:emu")
    # The cube now on Émeu may not come back by the same double: the move lapses and, with no
    # card left, 0 passes; the ceremony is over.
    assert t.tokens[EMU][0][1] == 1 and t.tokens[KANGAROO][0][1] == 0 and t.step == "take"


def test_double_offers_no_type_that_only_the_opponents_have_there():
    # With an empty supply, a double can only move the player's own tokens (it never
    # removes): the opponent's disc offers nothing.
    s = ceremony(0, tokens=[("kangaroo", 1, "disc", 1), ("kangaroo", 0, "cube", 1)],
                 hands={0: {"double": 1}})
    s.supply[0] = [0, 0, 0]
    s.changed()
    assert legal(s) == ["play:double", "pass"]  # the cube can still move
    play(s, "play:double")
    assert legal(s) == ["double:cube:act"]


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
