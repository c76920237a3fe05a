"""One test per rule paragraph of docs/rules/cthulhu-dice.md, with forced rolls.
Seats are numbered from 1 in notation ("v2" = the second seat); lists below are by seat."""

from fractions import Fraction

import pytest

from rituels.engine import CHANCE, TERMINAL, IllegalAction, NotationError
from rituels.cthulhu_dice.rules import CTHULHU, GIFT, EYE_PICK, ROLL, VICTIM

from .helpers import play, position, start


# --- The die ---------------------------------------------------------------------------------
def test_the_die_has_exact_probabilities():
    state = play(start(), "v2")
    assert state.chance_outcomes() == [(("roll", "Y"), Fraction(5, 12)),
                                       (("roll", "T"), Fraction(4, 12)),
                                       (("roll", "E"), Fraction(1, 12)),
                                       (("roll", "C"), Fraction(1, 12)),
                                       (("roll", "O"), Fraction(1, 12))]


# --- Set-up ----------------------------------------------------------------------------------
def test_each_seat_starts_with_three_tokens_and_an_empty_pool():
    state = start(5)
    assert state.tokens == [3, 3, 3, 3, 3] and state.pool == 0
    assert state.owner == (0, 1, 2, 3, 4)


def test_two_people_each_control_two_alternating_seats():
    state = start(2)
    assert state.tokens == [3, 3, 3, 3]
    assert state.owner == (0, 1, 0, 1)
    assert state.current_player() == 0
    play(state, "v2 Y Y")                    # seat 1's turn ends: seat 2 (person 1) casts
    assert state.caster == 1 and state.current_player() == 1
    play(state, "v3 Y Y")
    assert state.caster == 2 and state.current_player() == 0   # Alice's second seat


def test_three_people_four_tokens_each_by_default():
    state = start(3)
    assert state.tokens == [4, 4, 4] and state.owner == (0, 1, 2)


def test_three_people_may_play_two_seats_each():
    state = start(3, three="two_seats")
    assert state.tokens == [3] * 6 and state.owner == (0, 1, 2, 0, 1, 2)


def test_options_are_validated():
    with pytest.raises(ValueError):
        start(4, mode="chaos")
    with pytest.raises(ValueError):
        start(4, target=2)


# --- A turn ----------------------------------------------------------------------------------
def test_victim_is_any_sane_seat_but_the_caster():
    state = position([3, 0, 2, 1], pool=6)
    assert state.legal_actions() == [("victim", 2), ("victim", 3)]
    with pytest.raises(IllegalAction):
        state.play(("victim", 1))            # seat 2 is mad
    with pytest.raises(IllegalAction):
        state.play(("victim", 0))            # not oneself
    with pytest.raises(NotationError):
        state.str_to_action("vC")            # Cthulhu is no victim in the classic game


def test_turn_is_cast_then_counter_roll_then_the_casters_left():
    state = play(start(), "v3")
    assert state.current_player() == CHANCE and state.chance_owner() == 0
    play(state, "Y")                         # seat 3 loses 1
    assert state.tokens == [3, 3, 2, 3] and state.pool == 1
    assert state.current_player() == CHANCE and state.chance_owner() == 2   # the counter-roll
    play(state, "Y")                         # roles unchanged: the caster is the target
    assert state.tokens == [2, 3, 2, 3] and state.pool == 2
    assert state.phase == VICTIM and state.caster == 1 and state.current_player() == 1


# --- Results -----------------------------------------------------------------------------------
def test_yellow_sign_target_loses_one_to_the_pool():
    state = play(start(), "v2 Y")
    assert state.tokens == [3, 2, 3, 3] and state.pool == 1


def test_tentacle_favours_the_caster_whoever_rolls():
    state = play(start(), "v2 T")
    assert state.tokens == [4, 2, 3, 3]
    play(state, "T")                         # the victim's Tentacle still feeds the caster
    assert state.tokens == [5, 1, 3, 3] and state.pool == 0


def test_tentacle_of_a_mad_caster_goes_to_the_pool():
    state = position([0, 3, 3, 3], pool=3)
    play(state, "v2 T")
    assert state.tokens == [0, 2, 3, 3] and state.pool == 4


def test_elder_sign_takes_from_the_pool():
    state = position([3, 3, 3, 3], pool=2)
    play(state, "v2 E")
    assert state.tokens == [4, 3, 3, 3] and state.pool == 1


def test_elder_sign_with_an_empty_pool_gives_nothing():
    state = play(start(), "v2 E")
    assert state.tokens == [3, 3, 3, 3] and state.pool == 0


def test_elder_sign_makes_a_mad_seat_sane_again():
    state = position([0, 3, 3, 3], pool=3)
    play(state, "v2 E")
    assert state.tokens == [1, 3, 3, 3] and state.pool == 2
    play(state, "Y")                         # seat 1 is a target again
    assert state.tokens == [0, 3, 3, 3]


def test_cthulhu_every_seat_with_tokens_loses_one_roller_included():
    state = position([3, 0, 2, 1], pool=6)
    play(state, "v3 C")
    assert state.tokens == [2, 0, 1, 0] and state.pool == 9


def test_eye_lets_the_roller_choose_a_result():
    state = play(start(), "v2 O")
    assert state.phase == EYE_PICK and state.current_player() == 0
    assert state.legal_actions() == [("eye", "Y"), ("eye", "T"), ("eye", "E"),
                                     ("eye", "C")]
    play(state, "eT")
    assert state.tokens == [4, 2, 3, 3]
    assert state.phase == ROLL and state.chance_owner() == 1


def test_eye_on_the_counter_roll_is_the_victims_choice():
    state = play(start(), "v3 Y O")
    assert state.phase == EYE_PICK and state.current_player() == 2
    play(state, "eY")
    assert state.tokens == [2, 3, 2, 3] and state.pool == 2


def test_eye_choice_belongs_to_the_controlling_person():
    state = play(start(2), "v4 Y O")         # seat 4 belongs to person 1
    assert state.current_player() == 1


def test_nothing_to_lose_loses_nothing():
    state = position([3, 0, 1, 3], pool=5)
    play(state, "v3 Y")                      # seat 3 goes mad
    assert state.tokens == [3, 0, 0, 3]
    play(state, "T")                         # the victim has nothing left to take
    assert state.tokens == [3, 0, 0, 3] and state.pool == 6


# --- Madness --------------------------------------------------------------------------------
def test_mad_seats_still_take_turns_and_attack():
    state = position([3, 0, 3, 3], pool=3, caster=1)
    assert state.current_player() == 1
    play(state, "v1 Y")
    assert state.tokens == [2, 0, 3, 3]


def test_a_victim_driven_mad_still_rolls_back():
    state = position([3, 1, 3, 3], pool=2)
    play(state, "v2 Y")
    assert state.tokens == [3, 0, 3, 3]
    assert state.current_player() == CHANCE and state.chance_owner() == 1
    play(state, "E")                         # the counter-roll brings sanity back
    assert state.tokens == [3, 1, 3, 3] and state.phase == VICTIM


# --- End ---------------------------------------------------------------------------------------
def test_the_last_sane_seat_wins_at_the_end_of_the_turn():
    state = position([3, 1, 0, 0], pool=8)
    play(state, "v2 Y")                      # one sane seat left, but the turn is not over
    assert state.current_player() == CHANCE
    play(state, "Y")
    assert state.tokens == [2, 0, 0, 0]
    assert state.current_player() == TERMINAL and state.winners() == [0]
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]


def test_the_counter_roll_can_undo_a_win():
    state = position([3, 1, 0, 0], pool=8)
    play(state, "v2 Y E")                    # the victim goes mad, then takes a token back
    assert state.tokens == [3, 1, 0, 0] and state.phase == VICTIM


def test_nobody_sane_means_cthulhu_wins():
    state = position([1, 1, 0, 0], pool=10)
    play(state, "v2 T C")                    # 2-0, then Cthulhu takes the caster's two
    assert state.tokens == [1, 0, 0, 0]      # Cthulhu only takes one token per seat
    state = position([1, 1, 0, 0], pool=10)
    play(state, "v2 C Y")
    assert state.tokens == [0, 0, 0, 0] and state.pool == 12
    assert state.is_terminal() and state.winners() == [] and state.end == "cthulhu"
    assert state.returns() == [0.0] * 4


def test_a_person_wins_when_one_of_their_seats_wins():
    state = position([0, 0, 3, 1], pool=8, players=2)   # seat 3 (person 0) vs seat 4
    play(state, "v4 Y T")                    # seat 4 goes mad; its Tentacle is worth nothing
    assert state.tokens == [0, 0, 3, 0]
    assert state.winners() == [0]


def test_a_person_whose_seats_are_the_only_sane_ones_wins():
    state = position([3, 2, 0, 1], pool=6, players=2)   # seats 2 and 4 are person 1's
    play(state, "v2 Y")
    assert state.tokens == [3, 1, 0, 1]
    play(state, "O eT")                      # seat 2's Eye: a Tentacle still feeds the caster
    assert state.tokens == [4, 0, 0, 1] and not state.is_terminal()
    state = position([1, 2, 0, 1], pool=8, players=2)
    play(state, "v2 Y Y")                    # seat 1 goes mad: only person 1's seats remain
    assert state.tokens == [0, 1, 0, 1]
    assert state.is_terminal() and state.winners() == [1] and state.end == "last"


# --- "Cthulhu joue" -----------------------------------------------------------------------------
def variant(tokens, pool, caster=0, **options):
    return position(tokens, pool, caster, mode="cthulhu", **options)


def test_variant_cthulhu_has_three_tokens_per_seat_and_can_be_chosen():
    state = start(4, mode="cthulhu")
    assert state.pool == 12 and state.tokens == [3, 3, 3, 3]
    assert state.legal_actions() == [("victim", 1), ("victim", 2), ("victim", 3),
                                     ("victim", -1)]
    assert start(2, mode="cthulhu").pool == 12      # 4 seats with 2 people


def test_variant_yellow_sign_token_goes_to_a_seat_the_roller_chooses():
    state = play(start(4, mode="cthulhu"), "v2 Y")
    assert state.phase == GIFT and state.current_player() == 0
    assert state.legal_actions() == [("gift", 2), ("gift", 3)]  # not the target, nor the roller
    play(state, "g4")
    assert state.tokens == [3, 2, 3, 4] and state.pool == 12


def test_variant_yellow_sign_with_one_other_sane_seat_needs_no_choice():
    state = variant([3, 3, 3, 0], pool=15)
    play(state, "v2 Y")
    assert state.tokens == [3, 2, 4, 0] and state.phase == ROLL


def test_variant_yellow_sign_with_no_other_sane_seat_goes_to_the_roller():
    state = variant([3, 3, 0, 0], pool=18)
    play(state, "v2 Y")
    assert state.tokens == [4, 2, 0, 0]


def test_variant_yellow_sign_of_a_mad_roller_with_nobody_to_give_goes_to_cthulhu():
    state = variant([0, 3, 0, 0], pool=21)
    play(state, "v2 Y")
    assert state.tokens == [0, 2, 0, 0] and state.pool == 22


def test_variant_yellow_sign_against_cthulhu():
    state = play(start(4, mode="cthulhu"), "vC Y")
    assert state.legal_actions() == [("gift", 1), ("gift", 2), ("gift", 3)]
    play(state, "g2")
    assert state.tokens == [3, 4, 3, 3] and state.pool == 11
    assert state.took == [True, False, False, False]   # the roller took it from him


def test_variant_tentacle_and_elder_sign_against_cthulhu_take_from_his_stock():
    state = play(start(4, mode="cthulhu"), "vC T")
    assert state.tokens == [4, 3, 3, 3] and state.pool == 11
    state = play(start(4, mode="cthulhu"), "vC E")
    assert state.tokens == [4, 3, 3, 3] and state.pool == 11


def test_cthulhu_counter_roll_belongs_to_nobody():
    state = play(start(4, mode="cthulhu"), "vC Y g2")
    assert state.current_player() == CHANCE and state.roller == CTHULHU
    assert state.chance_owner() is None


def test_cthulhu_yellow_sign_takes_back_only_from_who_took_from_him():
    state = play(start(4, mode="cthulhu"), "vC C Y")   # seat 1 never took from him
    assert state.tokens == [2, 2, 2, 2] and state.pool == 16
    state = play(start(4, mode="cthulhu"), "vC T Y")   # seat 1 took one with the Tentacle
    assert state.tokens == [3, 3, 3, 3] and state.pool == 12


def test_cthulhu_tentacle_takes_from_the_caster():
    state = play(start(4, mode="cthulhu"), "vC C T")
    assert state.tokens == [1, 2, 2, 2] and state.pool == 17


def test_cthulhu_cthulhu_face_everyone_loses_one_to_him():
    state = play(start(4, mode="cthulhu"), "vC Y g3 C")
    assert state.tokens == [2, 2, 3, 2] and state.pool == 15


def test_cthulhu_eye_makes_him_roll_again():
    state = play(start(4, mode="cthulhu"), "vC C O")
    assert state.phase == ROLL and state.roller == CTHULHU
    play(state, "O T")
    assert state.tokens == [1, 2, 2, 2] and state.caster == 1


def test_cthulhu_elder_sign_protects_him_for_one_round_of_turns():
    state = play(start(4, mode="cthulhu"), "vC C E")    # turn 1: shield for turns 2..5
    assert state.tokens == [2, 2, 2, 2] and state.pool == 16
    play(state, "vC T Y")                    # seat 2's Tentacle gets nothing (Y: no debt)
    play(state, "vC E Y")                    # seat 3's Elder Sign gets nothing
    play(state, "vC Y")                      # seat 4's Yellow Sign: nothing to give
    assert state.phase == ROLL
    play(state, "Y")
    play(state, "vC T Y")                    # seat 1's turn, the last protected one
    assert state.tokens == [2, 2, 2, 2] and state.pool == 16
    play(state, "vC T")                      # turn 6: seat 2 takes one again
    assert state.tokens == [2, 3, 2, 2] and state.pool == 15


def test_variant_everyone_wins_when_cthulhu_is_drained():
    state = variant([4, 3, 3, 3], pool=1)
    play(state, "vC T Y")                    # his Yellow Sign takes back from seat 1...
    assert state.pool == 1 and not state.is_terminal()
    state = variant([4, 3, 3, 3], pool=1)
    play(state, "vC T C")                    # ...his Cthulhu takes 4 back
    assert state.pool == 4
    state = variant([4, 3, 3, 3], pool=1)
    play(state, "vC T E")
    assert state.pool == 0 and state.is_terminal() and state.end == "team"
    assert state.winners() == [0, 1, 2, 3]


def test_variant_drained_cthulhu_ends_nothing_when_that_victory_is_off():
    state = variant([4, 3, 3, 3], pool=1, win_drain=False)
    play(state, "vC T E")
    assert state.pool == 0 and state.phase == VICTIM


def test_variant_reaching_the_target_wins_alone():
    state = variant([9, 3, 3, 3], pool=6)
    play(state, "v2 T C")                    # 10 tokens, then the counter-roll costs one
    assert state.tokens == [9, 1, 2, 2] and not state.is_terminal()
    state = variant([9, 3, 3, 3], pool=6)
    play(state, "v2 T E")
    assert state.tokens == [10, 3, 3, 3] and state.winners() == [0] and state.end == "target"


def test_variant_target_is_configurable_and_can_be_off():
    state = variant([6, 3, 3, 3], pool=9, target=7)
    play(state, "v2 T E")
    assert state.winners() == [0]
    state = variant([9, 3, 3, 3], pool=6, win_target=False)
    play(state, "v2 T E")
    assert not state.is_terminal()


def test_variant_last_sane_seat_wins_alone_unless_switched_off():
    state = variant([3, 1, 0, 0], pool=20)
    play(state, "v2 T Y")
    assert state.tokens == [3, 0, 0, 0] and state.pool == 21  # his token went to the pool
    assert state.winners() == [0] and state.end == "last"
    state = variant([3, 1, 0, 0], pool=20, win_last=False)
    play(state, "v2 T Y")
    assert not state.is_terminal()
    assert state.legal_actions() == [("victim", 0), ("victim", -1)]  # seat 2's turn: seat 1 or him


def test_variant_cthulhu_wins_when_everyone_is_mad():
    state = variant([1, 1, 0, 0], pool=22)
    play(state, "vC C Y")                    # his Yellow Sign: seat 1 never took from him
    assert state.tokens == [0, 0, 0, 0] and state.pool == 24
    assert state.end == "cthulhu" and state.winners() == []
