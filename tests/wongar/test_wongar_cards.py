"""Wongar rules, section "Area cards" (docs/rules/wongar.md): one scenario per card."""

import pytest

from rituels.engine import CHANCE, IllegalAction
from rituels.wongar.rules import AREA_INDEX
from wongar_helpers import (check_accounting, clear_map, legal, new_game, play, set_face_up,
                            set_hand, to_turns)

EMU, HAND, FOOT = AREA_INDEX["emu"], AREA_INDEX["hand"], AREA_INDEX["foot"]


def turn_with(**areas):
    """Player 0's first turn with these face-up cards, an empty map and empty hands."""
    s = to_turns(new_game(4, start=0, elder=1), **areas)
    clear_map(s)
    for p in range(4):
        set_hand(s, p)
    return s


# --- Disc / cube / cylinder ------------------------------------------------------------
def test_token_card_places_one_token_on_its_area_then_offers_three_options():
    s = turn_with(emu="cube")
    play(s, "take:emu")
    assert s.tokens[EMU][0] == [0, 1, 0]
    assert legal(s) == ["opt:two", "opt:one", "opt:draw"]


def test_token_card_option_two_more_tokens_anywhere():
    s = turn_with(emu="cube")
    play(s, "take:emu", "opt:two")
    assert len(legal(s)) == 10 and all(a.startswith("place:") for a in legal(s))
    play(s, "place:turtle", "place:turtle")
    assert s.tokens[AREA_INDEX["turtle"]][0] == [0, 2, 0]
    assert s.supply[0][1] == 15 - 3
    assert s.current_player() == 1 and s.step == "take"  # the turn is over
    check_accounting(s)


def test_token_card_option_one_more_token_and_one_ritual_card():
    s = turn_with(emu="disc")
    play(s, "take:emu", "opt:one", "place:hand")
    assert s.tokens[HAND][0] == [1, 0, 0]
    assert s.current_player() == CHANCE and s.drawer == 0 and s.draws_pending == 1
    play(s, "draw:double")
    assert s.hands[0] == [0, 0, 0, 1, 0] and s.current_player() == 1


def test_token_card_option_two_ritual_cards():
    s = turn_with(emu="cylinder")
    play(s, "take:emu", "opt:draw")
    assert s.draws_pending == 2 and s.drawer == 0
    play(s, "draw:disc", "draw:cube")
    assert s.hands[0] == [1, 1, 0, 0, 0] and s.tokens[EMU][0] == [0, 0, 1]


def test_an_empty_supply_places_fewer_tokens():
    s = turn_with(emu="cylinder")
    s.supply[0][2] = 2
    play(s, "take:emu", "opt:two", "place:foot")
    assert s.supply[0][2] == 0
    assert s.current_player() == 1  # the second extra token could not be placed
    assert s.tokens[FOOT][0] == [0, 0, 1] and s.tokens[EMU][0] == [0, 0, 1]


def test_token_card_with_no_token_left_places_nothing():
    s = turn_with(emu="disc")
    s.supply[0][0] = 0
    play(s, "take:emu")
    assert s.tokens[EMU][0] == [0, 0, 0] and s.step == "option"


# --- Triple --------------------------------------------------------------------------------
def test_triple_places_three_identical_tokens_of_a_chosen_type():
    s = turn_with(snake="triple")
    play(s, "take:snake")
    assert legal(s) == ["triple:disc", "triple:cube", "triple:cylinder"]
    play(s, "triple:cylinder", "place:emu", "place:foot", "place:emu")
    assert s.tokens[EMU][0] == [0, 0, 2] and s.tokens[FOOT][0] == [0, 0, 1]
    assert s.current_player() == 1


def test_triple_offers_only_types_left_in_supply():
    s = turn_with(snake="triple")
    s.supply[0][0] = 0
    play(s, "take:snake")
    assert legal(s) == ["triple:cube", "triple:cylinder"]


# --- Ancestor ------------------------------------------------------------------------------
def test_ancestor_card_takes_the_ancestor_and_moves_the_figure_to_an_adjacent_area():
    s = turn_with(emu="cube")
    play(s, "take:emu", "opt:draw", "draw:disc", "draw:disc")  # player 0
    set_face_up(s, "snake", "ancestor")
    play(s, "take:snake")  # player 1 takes it from player 0
    assert s.ancestor_holder == 1 and s.step == "move_ancestor"
    assert sorted(legal(s)) == sorted(f"move:{a}" for a in
                                      ("foot", "kangaroo", "emu", "lizard", "echidna", "fish"))
    play(s, "move:lizard")
    assert s.ancestor_area == AREA_INDEX["lizard"]
    # Nobody has a token there: the ceremony has no participant and the turn ends.
    assert s.current_player() == 2 and s.last_ceremony == (AREA_INDEX["lizard"], 6)


# --- Elder ---------------------------------------------------------------------------------
def test_elder_card_moves_the_elder_one_or_two_areas_and_it_must_move():
    s = turn_with(kangaroo="elder")
    s.elder_area = AREA_INDEX["kangaroo"]
    play(s, "take:kangaroo")
    assert s.elder_holder == 0 and s.step == "move_elder"
    reach = {a.split(":")[1] for a in legal(s)}
    assert reach == {"emu", "lizard", "hand", "snake", "foot", "echidna", "fish"}
    assert "kangaroo" not in reach  # it must move
    play(s, "move:snake")
    assert s.elder_area == AREA_INDEX["snake"] and s.last_ceremony == (AREA_INDEX["snake"], 7)


def test_the_two_figures_may_share_an_area():
    s = turn_with(emu="elder")
    play(s, "take:emu")
    assert "move:hand" in legal(s)  # the ancestor stands on Main
    play(s, "move:hand")
    assert s.elder_area == s.ancestor_area == HAND


# --- Ancestor/elder ------------------------------------------------------------------------
def test_ancestor_elder_card_brings_both_figures_to_its_area_and_both_holders_change():
    s = turn_with(turtle="ancestor_elder")
    play(s, "take:emu", "opt:draw", "draw:disc", "draw:disc")  # player 0: a disc card
    set_face_up(s, "crocodile", "ancestor_elder")
    play(s, "take:crocodile")  # player 1
    croc = AREA_INDEX["crocodile"]
    assert s.ancestor_holder == 1 and s.elder_holder == 1
    assert s.ancestor_area == s.elder_area == croc
    assert s.last_ceremony == (croc, 8)


def test_ancestor_elder_card_taken_by_the_ancestor_holder_moves_both_figures():
    s = turn_with(turtle="ancestor_elder")
    play(s, "take:turtle")
    assert s.ancestor_area == s.elder_area == AREA_INDEX["turtle"]
    assert s.ancestor_holder == s.elder_holder == 0


# --- Four cards ----------------------------------------------------------------------------
def test_four_cards_card_draws_four_ritual_cards():
    s = turn_with(fish="four")
    play(s, "take:fish")
    assert s.draws_pending == 4 and s.drawer == 0
    play(s, "draw:disc", "draw:cube", "draw:cube", "draw:double")
    assert s.hands[0] == [1, 2, 0, 1, 0] and s.current_player() == 1
    check_accounting(s)


def test_a_ritual_scorpion_drawn_on_a_turn_penalises_the_drawer_who_draws_again():
    s = turn_with(fish="four")
    s.scores = [3, 1, 0, 5]
    play(s, "take:fish", "draw:scorpion")
    assert s.scores == [1, 1, 0, 5] and s.time == 2 and s.draws_pending == 4
    play(s, "draw:disc", "draw:disc", "draw:disc", "draw:disc")
    assert s.hands[0] == [4, 0, 0, 0, 0]


def test_an_illegal_step_is_refused():
    s = turn_with(fish="four")
    with pytest.raises(IllegalAction):
        play(s, "place:emu")


def test_pending_describes_the_decision_for_views():
    s = turn_with(emu="cube")
    assert s.pending()["step"] == "take" and s.pending()["player"] == 0
    play(s, "take:emu", "opt:two")
    assert s.pending() == {"phase": "turn", "step": "place", "player": 0, "type": 1, "left": 2}
    play(s, "place:emu", "place:emu")
    play(s, "take:fish", "opt:one", "place:fish")
    info = s.pending()
    assert info["player"] is None and info["drawing"] == 1 and info["chance_owner"] is None
