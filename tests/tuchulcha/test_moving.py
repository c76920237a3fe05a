"""Moving, stacking, hitting, passages and Velthumena ("Moving, stacking, hitting")."""

from tuchulcha_setup import move, notations, position, roll


def test_pawns_pass_over_occupied_stones():
    st = position(4, stones={1: (0, 1), 2: (1, 3)})
    roll(st, 2, 1)
    assert "2:1x1" in notations(st)
    move(st, "2:1x1")
    assert st.stones[3] == (0, 1) and st.stones[2] == (1, 3)


def test_group_option_own_pawns_stack():
    st = position(4, stones={1: (0, 2), 3: (0, 1)}, group_moves=True)
    roll(st, 2, 1)
    move(st, "2:1x2")
    assert st.stones[3] == (0, 3) and st.stones[1] is None


def test_group_option_ritual_stone_doubles_the_defenders_power():
    # One blue pawn on ritual stone 12: power 2. Only a group of at least 2 may land there.
    st = position(4, stones={9: (0, 2), 12: (1, 1)}, group_moves=True)
    roll(st, 3, 1)
    assert "3:9x2" in notations(st) and "3:9x1" not in notations(st)
    move(st, "3:9x2")
    assert st.stones[12] == (0, 2) and st.forest[1] == 1
    # The hitting group stops for the rest of the turn; other groups still move.
    assert st.frozen == {12: 2}
    assert not any(n.startswith("1:12x") for n in notations(st))
    assert "1:T0x1" in notations(st)


def test_group_option_mystic_stone_triples_the_defenders_power():
    st = position(4, stones={10: (0, 6), 14: (1, 2)}, group_moves=True)
    roll(st, 4, 1)
    assert {n for n in notations(st) if n.startswith("4:10x")} == {"4:10x6"}
    assert st.power(14) == 6


def test_group_option_an_equal_power_is_enough_to_hit():
    st = position(4, stones={10: (0, 2), 13: (1, 2)}, group_moves=True)
    roll(st, 3, 1)
    assert {n for n in notations(st) if n.startswith("3:10x")} == {"3:10x2"}
    effect = st.move_effect(("m", 3, 10, 2))
    assert effect.hit == (1, 2) and effect.hit_to == "forest" and not effect.lost


def test_group_option_stopping_on_a_passage_loses_the_group():
    st = position(4, stones={5: (0, 2)}, group_moves=True)
    roll(st, 3, 1)
    assert st.move_effect(("m", 3, 5, 2)).lost
    move(st, "3:5x2")
    assert st.stones[8] is None and st.forest[0] == 2 and st.path[0] == 0


def test_group_option_a_sealed_passage_is_a_plain_stone():
    st = position(4, stones={5: (0, 2)}, seals={8}, group_moves=True)
    roll(st, 3, 1)
    move(st, "3:5x2")
    assert st.stones[8] == (0, 2) and st.forest[0] == 0


def test_no_exact_roll_needed_for_velthumena():
    # Stone 29 is colour 0's step 30; its last stone is step 32 (stone 31).
    st = position(4, stones={29: (0, 1)})
    roll(st, 6, 1)
    assert st.move_destination(("m", 6, 29, 1)) == "velthumena"
    assert st.move_destination(("m", 1, 29, 1)) == 30
    move(st, "6:29x1")
    assert st.velthumena[0] == 1 and st.path[0] == 0


def test_pawns_never_move_past_their_last_stone():
    # Colour 1's last stone is 1 (step 32): from stone 39 a 3 enters Velthumena, not stone 2.
    st = position(4, stones={39: (1, 1)}, player=1)
    roll(st, 3, 1)
    assert st.move_destination(("m", 3, 39, 1)) == "velthumena"
    assert st.move_destination(("m", 1, 39, 1)) == 0


def test_forest_and_velthumena_pawns_never_move():
    st = position(4, velthumena={0: 3}, forest={0: 4}, stones={20: (0, 1)})
    roll(st, 2, 1)
    assert set(st.sources()) == {20}


def test_cannot_land_on_a_stronger_stack():
    st = position(4, stones={10: (0, 1), 12: (1, 1)})   # ritual: power 2
    roll(st, 2, 1)
    assert "2:10x1" not in notations(st)


def test_group_option_two_players_move_the_neutral_colours():
    st = position(2, group_moves=True)
    assert st.owner == (0, None, 1, None)
    roll(st, 4, 1)
    temples = {n.split(":")[1].split("x")[0] for n in notations(st)}
    assert temples == {"T0", "T1", "T3"}  # own colour and both neutrals, not the opponent
    move(st, "4:T1x2")
    assert st.stones[13] == (1, 2)
    st2 = position(2, player=1, group_moves=True)
    roll(st2, 4, 1)
    assert {n.split(":")[1].split("x")[0] for n in notations(st2)} == {"T1", "T2", "T3"}


def test_two_players_have_no_roles():
    st = position(2, velthumena={0: 3})
    assert st.phase == "roll"  # no role change is offered


def test_group_option_view_helpers_group_the_legal_moves_by_source():
    st = position(4, stones={3: (0, 2), 12: (1, 1)}, group_moves=True)
    roll(st, 5, 2)
    assert st.sources() == ["T0", 3]
    assert st.moves_from(3) == [("m", 5, 3, 1), ("m", 5, 3, 2), ("m", 2, 3, 1), ("m", 2, 3, 2)]
    assert set(st.moves_from("T0") + st.moves_from(3)) == set(st.legal_actions())
    assert st.group_colour(12) == 1 and st.group_colour("T2") == 2 and st.group_colour(5) is None
    assert st.power(12) == 2 and st.power(5) == 0
