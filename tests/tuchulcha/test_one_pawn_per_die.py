"""The revised turn: each die moves one pawn; pawns attack by arriving together (rules: "A turn",
"Moving, stacking, hitting"); 9 pawns with fewer than 4 players; the "group" set-up option."""

import random

import pytest

from rituels.engine import CHANCE, IllegalAction, NotationError, get_game, sample_chance
from rituels.engine.history import replay
from rituels.engine.record import new_record
from tuchulcha_setup import move, notations, position, roll


def combined(st) -> set[str]:
    return {n for n in notations(st) if "+" in n}


# --- each die moves one pawn ---------------------------------------------------------------
def test_each_die_moves_one_pawn_never_the_sum():
    st = roll(position(4), 5, 2)
    assert notations(st) == {"5:T0x1", "2:T0x1"}
    move(st, "5:T0x1")                      # step 5 of colour 0 = stone 4
    assert st.stones[4] == (0, 1) and st.temple[0] == 7
    # The same pawn goes on with the other die, or another pawn uses it; never 7 at once.
    assert notations(st) == {"2:T0x1", "2:4x1"}
    move(st, "2:4x1")
    assert st.stones[6] == (0, 1) and st.stones[4] is None and st.player == 1


def test_a_single_pawn_hits_power_one_only():
    # Blue pawn alone on plain stone 13: power 1. Two blue pawns on plain 16: power 2.
    st = roll(position(4, stones={10: (0, 3), 13: (1, 1), 16: (1, 2)}), 6, 3)
    assert "3:10x1" in notations(st) and "6:10x1" not in notations(st)
    move(st, "3:10x1")
    assert st.stones[13] == (0, 1) and st.forest[1] == 1
    assert st.frozen == {13: 1}          # the pawn that hit stops; the others still move
    assert notations(st) == {"6:T0x1"}    # (6 from stone 10 would meet power 2 alone)


# --- moving together to attack --------------------------------------------------------------
def test_two_pawns_from_different_stones_attack_together():
    # One blue pawn on ritual stone 12: power 2. Red pawns on 9 (3 away) and 11 (1 away).
    st = roll(position(4, stones={9: (0, 1), 11: (0, 1), 12: (1, 1)}), 3, 1)
    assert "3:9x1" not in notations(st) and "1:11x1" not in notations(st)  # too weak alone
    assert combined(st) == {"3:9+1:11"}
    effect = st.move_effect(("A", ((3, 9), (1, 11))))
    assert effect.dest == 12 and effect.count == 2 and effect.src == (9, 11)
    assert effect.hit == (1, 1) and effect.hit_to == "forest"
    move(st, "3:9+1:11")
    assert st.stones[12] == (0, 2) and st.stones[9] is None and st.stones[11] is None
    assert st.forest[1] == 1
    assert st.player == 1 and st.passed is None                 # one action used both dice: the turn is over


def test_two_pawns_from_the_temple_attack_together():
    # A double: both 3s bring a pawn out of the temple onto ritual stone 2 (step 3).
    st = roll(position(4, stones={2: (1, 1)}), 3, 3)
    assert combined(st) == {"3:T0+3:T0"}
    move(st, "3:T0+3:T0")
    assert st.stones[2] == (0, 2) and st.temple[0] == 6 and st.forest[1] == 1


def test_three_pawns_with_the_third_die_from_the_temple_and_a_stone():
    # One blue pawn on mystic stone 4: power 3. Two red pawns on stone 1 (step 2) use the 3s,
    # a temple pawn uses the third die, a 5.
    st = roll(position(4, stones={1: (0, 2), 4: (1, 1)}), 3, 3, third=5)
    assert st.dice == (5, 3, 3)
    assert "3:1+3:1" not in notations(st)            # two pawns: 2 < 3
    assert "5:T0+3:1+3:1" in combined(st)
    move(st, "5:T0+3:1+3:1")
    assert st.stones[4] == (0, 3) and st.stones[1] is None and st.forest[1] == 1
    assert st.player == 1


def test_more_attackers_than_needed_is_allowed():
    st = roll(position(4, stones={9: (0, 1), 11: (0, 1), 13: (1, 1)}), 4, 2)
    assert {"4:9x1", "2:11x1", "4:9+2:11"} <= notations(st)


def test_a_combined_move_that_is_too_weak_is_illegal():
    # Mystic stone 4 with one blue pawn: power 3; only two red pawns can reach it.
    st = roll(position(4, stones={1: (0, 1), 3: (0, 1), 4: (1, 1)}), 3, 1)
    assert combined(st) == set()
    with pytest.raises(IllegalAction, match=r"3:1\+1:3"):
        st.play(("A", ((3, 1), (1, 3))))
    assert st.stones[4] == (1, 1) and st.dice == (3, 1)       # nothing changed


def test_a_combined_move_only_attacks():
    # Both pawns could reach empty stone 12, but arriving together exists only to attack.
    st = roll(position(4, stones={9: (0, 1), 11: (0, 1)}), 3, 1)
    assert combined(st) == set()


def test_never_mixing_colours_own_and_neutral():
    # 2 players: the opponent's black pawn on ritual stone 12 (power 2). A red pawn on 9 and the
    # neutral blue temple (blue's step 3 is stone 12) could both reach it with a 3.
    st = roll(position(2, stones={9: (0, 1), 12: (2, 1)}), 3, 3)
    assert combined(st) == {"3:T1+3:T1"}    # two neutral blue pawns, never red with blue
    move(st, "3:T1+3:T1")
    assert st.stones[12] == (1, 2) and st.forest[2] == 1


# --- maximum dice, mystic stones ------------------------------------------------------------
def test_maximum_dice_rule_counts_the_dice_of_a_combined_move():
    # The 3 alone can move the pawn on 11 to stone 14, but then the 1 is unusable (10 and 15
    # hold two blue pawns); the combined attack on 12 uses both dice, so it is the only move.
    st = roll(position(4, stones={9: (0, 1), 11: (0, 1), 12: (1, 1), 10: (1, 2), 15: (1, 2)},
                       velthumena={0: 6}), 3, 1)
    assert ("m", 3, 11, 1) in st._raw_moves()
    assert notations(st) == {"3:9+1:11"}


def test_mystic_pawns_leave_one_by_one():
    st = roll(position(4, stones={4: (0, 2)}), 5, 3)
    assert st.must_leave == {4: 2}
    assert notations(st) == {"5:4x1", "3:4x1"}
    move(st, "3:4x1")
    assert notations(st) == {"5:4x1"}          # the other bound pawn must leave with the 5
    move(st, "5:4x1")
    assert st.must_leave == {} and st.stones[9] == (0, 1) and st.stones[7] == (0, 1)


def test_bound_pawns_may_leave_in_a_combined_attack():
    # Two red pawns bound to mystic stone 4; a blue pawn on ritual stone 7 (power 2).
    st = roll(position(4, stones={4: (0, 2), 7: (1, 1)}), 3, 3)
    assert "3:4+3:4" in notations(st)
    move(st, "3:4+3:4")
    assert st.must_leave == {} and st.stones[7] == (0, 2)


def test_a_combined_attack_with_unbound_pawns_must_free_every_bound_pawn():
    # Bound pawns on 4 (two), an unbound pawn on 5; blue on ritual 7 (power 2).
    st = roll(position(4, stones={4: (0, 2), 5: (0, 1), 7: (1, 1)}), 3, 3, third=2)
    assert st.must_leave == {4: 2}
    assert {"3:4+3:4", "3:4+3:4+2:5"} <= notations(st)
    assert "3:4+2:5" not in notations(st)      # one bound pawn would stay behind
    one = roll(position(4, stones={4: (0, 1), 5: (0, 1), 7: (1, 1)}), 3, 2)
    assert one.must_leave == {4: 1}
    assert "3:4+2:5" in notations(one)          # it takes the only bound pawn off
    assert "3:5x1" not in notations(one)        # an unbound pawn alone waits


# --- roles -----------------------------------------------------------------------------------
def test_tuchulcha_moves_three_pawns_one_die_each_and_goes_on_after_a_hit():
    # A blue pawn on ritual stone 12: Tuchulcha ignores the multiplier (power 1).
    st = position(4, stones={10: (0, 1), 12: (1, 1)}, tuchulcha=0)
    roll(st, 5, 2, 2, 1, discard=5)
    assert st.dice == (2, 2, 1)
    assert all(a[3] == 1 for a in st.legal_actions() if a[0] == "m")
    move(st, "2:10x1")
    assert st.stones[12] == (0, 1) and st.forest[1] == 1 and st.frozen == {}
    assert "2:12x1" in notations(st)          # the pawn that hit goes on


def test_tuchulcha_attacks_together_counting_pawns_only():
    # Two blue pawns on ritual stone 12: power 2 for Tuchulcha (4 for anyone else).
    st = position(4, stones={9: (0, 1), 10: (0, 1), 12: (1, 2)}, tuchulcha=0)
    roll(st, 6, 3, 2, 1, discard=6)
    assert "3:9+2:10" in notations(st) and "3:9x1" not in notations(st)
    move(st, "3:9+2:10")
    assert st.stones[12] == (0, 2) and st.forest[1] == 2
    assert "1:12x1" in notations(st)          # his pawns do not stop


def test_lasa_moves_one_pawn_per_die_onto_empty_stones_only():
    # Lasa (player 1, blue) beside a lone red pawn: she never attacks, alone or together.
    st = position(4, stones={11: (1, 2), 12: (1, 1), 14: (0, 1)}, tuchulcha=2, lasa=1,
                  player=1)
    roll(st, 2, 1)
    assert combined(st) == set()
    moves = [a for a in st.legal_actions() if a[0] == "m"]
    assert moves and all(a[3] == 1 for a in moves)
    # Stone 12 holds her own pawn and 14 a red one: both are skipped, not counted.
    assert st.move_destination(("m", 2, 12, 1)) == 15 and st.move_destination(("m", 1, 12, 1)) == 13


# --- set-up ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players,pawns", [(2, 9), (3, 9), (4, 8)])
def test_nine_pawns_with_fewer_than_four_players(players, pawns):
    for group in (False, True):
        st = get_game("tuchulcha").start(players, {"group_moves": group})
        assert st.pawns == pawns and st.temple == [pawns] * len(st.colours)


def test_group_option_plays_the_old_way():
    game = get_game("tuchulcha")
    assert game.check_options(4, {}) == {"group_moves": False}
    with pytest.raises(ValueError, match="group_moves"):
        game.start(4, {"group_moves": "yes"})
    st = game.start(4, {"group_moves": True})
    assert st.group_moves and st.to_json()["group_moves"] is True
    st.apply(("first", 0))
    roll(st, 5, 2)
    assert notations(st) == {f"{d}:T0x{k}" for d in (5, 2) for k in range(1, 9)}
    # No combined moves: a stack of 2 hits a ritual stone with one die.
    old = roll(position(4, stones={9: (0, 2), 11: (0, 1), 12: (1, 1)}, group_moves=True), 3, 1)
    assert "3:9x2" in notations(old) and combined(old) == set()


def test_a_record_keeps_the_option_and_replays():
    rng = random.Random(5)
    game = get_game("tuchulcha")
    st = game.start(4, {"group_moves": True})
    record = new_record("tuchulcha", [{"name": f"P{i}"} for i in range(4)],
                        {"group_moves": True})
    while not st.is_terminal():
        a = sample_chance(st, rng) if st.current_player() == CHANCE else \
            rng.choice(st.legal_actions())
        record["actions"].append(st.action_to_str(a))
        st.apply(a)
    assert record["options"] == {"group_moves": True}
    assert replay(record).state.to_json() == st.to_json()


# --- notation and the protocol ---------------------------------------------------------------
@pytest.mark.parametrize("action,text", [
    (("A", ((3, 9), (1, 11))), "3:9+1:11"),
    (("A", ((3, "T0"), (3, "T0"))), "3:T0+3:T0"),
    (("A", ((5, "T0"), (3, 1), (3, 1))), "5:T0+3:1+3:1"),
])
def test_combined_notation_round_trips(action, text):
    st = position(4)
    assert st.action_to_str(action) == text and st.str_to_action(text) == action


@pytest.mark.parametrize("text", [
    "3:9+", "+3:9", "3:9", "1:11+3:9", "3:9+1:11x1", "3:9x1+1:11", "3:S+1:S", "7:9+1:11",
    "3:9++1:11", "d²", "5:1²x1", "5:12x²", "5:T²x1", "first²", "discard²", "3:²+1:11",
    "5:١x1",
])
def test_bad_notation_raises_notation_error(text):
    with pytest.raises(NotationError):
        position(4).str_to_action(text)


def test_legal_actions_belong_to_the_caller():
    st = roll(position(4, stones={9: (0, 1), 11: (0, 1), 12: (1, 1)}), 3, 1)
    first = st.legal_actions()
    expected = list(first)
    first.clear()
    twin = st.clone()
    assert st.legal_actions() == expected and twin.legal_actions() == expected
    twin.legal_actions().append("junk")
    assert st.legal_actions() == expected

