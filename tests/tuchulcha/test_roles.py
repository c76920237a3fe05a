"""Tuchulcha and Lasa Vecuvia ("Tuchulcha", "Lasa Vecuvia")."""

from tuchulcha_setup import move, notations, position, roll


# --- Tuchulcha -----------------------------------------------------------------------------
def test_consecration_choices_and_cost():
    st = position(4, velthumena={0: 2}, stones={12: (0, 1)})
    # 3 pawns, at least 2 from Velthumena/forest: the third comes from the temple or the path.
    assert st.phase == "start"
    assert notations(st) == {"roll", "C:T0x1", "C:12x1"}
    st.play(st.str_to_action("C:12x1"))
    assert st.tuchulcha == 0 and st.consecrations == 1 and st.next_cost == 4
    assert st.sanctuary[0] == 3 and st.velthumena[0] == 0 and st.stones[12] is None
    assert st.phase == "roll" and len(st.chance_outcomes()) == 126


def test_consecration_sends_remaining_velthumena_pawns_to_the_forest():
    st = position(4, velthumena={0: 4}, forest={0: 1})
    assert "C" in notations(st)
    st.play(("C", ()))
    assert st.sanctuary[0] == 3 and st.velthumena[0] == 0 and st.forest[0] == 2


def test_each_later_consecration_costs_one_more():
    st = position(4, velthumena={0: 2}, stones={12: (0, 1)}, consecrations=1, out={3})
    assert st.next_cost == 4
    # Only 2 from Velthumena: the other 2 must come from the temple and/or the path.
    assert notations(st) == {"roll", "C:T0x2", "C:T0x1,12x1"}


def test_no_consecration_without_two_pawns_from_velthumena_or_forest():
    st = position(4, velthumena={0: 1})
    assert st.phase == "roll"


def test_no_new_tuchulcha_while_another_player_has_fewer_than_two_in_play():
    st = position(4, velthumena={0: 3, 2: 7})   # colour 2 keeps only 1 pawn in play
    assert st.phase == "roll"
    assert st.consecrations_available() == []


def test_no_second_tuchulcha():
    st = position(4, velthumena={0: 3}, stones={20: (2, 2)}, tuchulcha=2)
    assert "C" not in notations(st)


def test_tuchulcha_cannot_be_attacked():
    st = position(4, stones={12: (0, 1), 10: (1, 5)}, tuchulcha=0, player=1)
    roll(st, 2, 1)
    assert not any(n.startswith("2:10x") for n in notations(st))


def test_group_option_tuchulcha_ignores_multipliers_and_does_not_stop_after_a_hit():
    # Two blue pawns on mystic stone 14 (power 6 for others) fall to two Tuchulcha pawns.
    st = position(4, stones={11: (0, 2), 14: (1, 2)}, tuchulcha=0, group_moves=True)
    roll(st, 3, 2, 2, 1, discard=1)
    assert "3:11x2" in notations(st) and "3:11x1" not in notations(st)
    move(st, "3:11x2")
    assert st.forest[1] == 2 and st.frozen == {}
    assert "2:14x2" in notations(st)


def test_tuchulcha_loops_and_never_enters_velthumena():
    # Stone 31 is colour 0's last stone: Tuchulcha goes on round the loop.
    st = position(4, stones={31: (0, 1)}, tuchulcha=0)
    roll(st, 5, 4, 1, 1, discard=1)
    assert st.move_destination(("m", 5, 31, 1)) == 36
    move(st, "5:31x1")
    assert st.stones[36] == (0, 1) and st.velthumena[0] == 0


def test_group_option_tuchulcha_is_lost_on_a_passage():
    st = position(4, stones={35: (0, 2)}, tuchulcha=0, group_moves=True)
    roll(st, 3, 2, 1, 1, discard=1)
    move(st, "3:35x2")
    assert st.forest[0] == 2 and st.stones[38] is None


def test_tuchulcha_wins_when_alone_in_play():
    # Three players (side B): the last two enemy pawns are hit in one turn.
    st = position(3, stones={13: (0, 1), 15: (1, 1), 20: (2, 1)},
                  forest={1: 8, 2: 8}, tuchulcha=0)
    roll(st, 5, 2, 1, 1, discard=1)
    move(st, "2:13x1")
    assert st.out == {1} and not st.is_terminal()
    move(st, "5:15x1")
    assert st.is_terminal() and st.end_reason == "tuchulcha" and st.winners() == [0]


def test_pawn_reaching_velthumena_ousts_tuchulcha_and_its_owner_may_consecrate():
    st = position(4, stones={29: (0, 1), 25: (2, 3)}, velthumena={0: 3}, tuchulcha=2,
                  consecrations=1)
    roll(st, 6, 1)
    move(st, "6:29x1")
    assert st.tuchulcha is None and 2 in st.out
    assert st.stones[25] is None and st.temple[2] == 0 and st.forest[2] == 8  # all of them
    move(st, "1:T0x1")
    # End of that turn: the player who removed Tuchulcha may consecrate (cost 4 now).
    assert st.phase == "end" and st.player == 0
    assert "done" in notations(st) and "C:T0x1" in notations(st)
    st.play("done")
    assert st.player == 1 and st.tuchulcha is None


def test_end_of_turn_consecration():
    st = position(4, stones={29: (0, 1), 25: (2, 3)}, velthumena={0: 3}, tuchulcha=2,
                  consecrations=1)
    roll(st, 6, 1)
    move(st, "6:29x1")
    move(st, "1:T0x1")
    st.play(st.str_to_action("C:T0x1"))
    assert st.tuchulcha == 0 and st.sanctuary[0] == 4 and st.player == 1


def test_last_pawn_lost_while_tuchulcha_is_in_play_eliminates_the_player():
    st = position(4, stones={12: (0, 1), 15: (1, 1)}, forest={1: 7}, tuchulcha=0)
    roll(st, 3, 2, 1, 1, discard=1)
    move(st, "3:12x1")
    assert st.out == {1} and not st.is_terminal()
    assert st.player_in_play(1) == 0


def test_eliminated_player_is_skipped():
    st = position(4, stones={12: (0, 1), 20: (2, 2)}, forest={1: 8}, tuchulcha=0, out={1},
                  player=0)
    roll(st, 6, 4, 2, 1, discard=1)
    for _ in range(3):
        if st.player == 0 and st.phase == "move":
            st.play(st.legal_actions()[0])
    assert st.player == 2


# --- Lasa Vecuvia --------------------------------------------------------------------------
def lasa_table(**kw):
    base = dict(stones={0: (0, 2)}, tuchulcha=0)
    base.update(kw)
    return position(4, **base)


def test_lasa_conditions_and_consecration():
    st = lasa_table(velthumena={1: 1}, forest={1: 1}, player=1)
    assert "L" in notations(st)
    st.play("L")
    assert st.lasa == 1 and st.star[1] == 2 and st.velthumena[1] == st.forest[1] == 0
    assert st.phase == "roll"


def test_lasa_needs_tuchulcha_in_play_four_pawns_and_four_players():
    assert "L" not in notations(position(4, velthumena={1: 2}, player=1))
    assert "L" not in notations(lasa_table(velthumena={1: 5}, player=1))   # 3 in play
    three = position(3, stones={0: (0, 2)}, tuchulcha=0, player=1)
    assert three.phase == "roll"


def test_lasa_rolls_two_dice_without_a_third():
    st = lasa_table(lasa=1, player=1, stones={0: (0, 2), 15: (1, 1)})
    roll(st, 3, 3)
    assert st.phase == "move" and st.dice == (3, 3)


def test_lasa_moves_only_onto_empty_stones():
    st = lasa_table(lasa=1, player=1, stones={0: (0, 2), 10: (1, 1), 11: (2, 1), 12: (3, 1)})
    roll(st, 3, 1)
    # 11 and 12 are occupied and not counted: 13, 14, 15.
    assert st.move_destination(("m", 3, 10, 1)) == 15
    move(st, "3:10x1")
    assert st.stones[15] == (1, 1)


def test_lasa_hit_by_an_ordinary_group_returns_to_its_temple():
    st = lasa_table(lasa=1, player=2, stones={0: (0, 2), 21: (1, 1), 20: (2, 1)})
    roll(st, 1, 2)
    assert st.move_effect(("m", 1, 20, 1)).hit_to == "temple"
    move(st, "1:20x1")
    assert st.temple[1] == 8 and st.forest[1] == 0


def test_lasa_hit_by_tuchulcha_goes_to_the_forest():
    st = lasa_table(lasa=1, stones={0: (0, 2), 23: (1, 1), 20: (0, 1)})
    roll(st, 3, 2, 2, 1, discard=1)
    move(st, "3:20x1")
    assert st.forest[1] == 1


def test_lasa_seals_a_passage_and_goes_to_the_star():
    st = lasa_table(lasa=1, player=1, stones={0: (0, 2), 16: (1, 1)})
    roll(st, 2, 1)
    assert st.move_effect(("m", 2, 16, 1)).seal
    move(st, "2:16x1")
    assert st.seals == {18} and st.star[1] == 1 and st.stones[18] is None


def test_star_pawns_reenter_at_the_entry_stone():
    st = lasa_table(lasa=1, player=1, star={1: 1})
    roll(st, 4, 1)
    assert "1:Sx1" in notations(st)
    move(st, "1:Sx1")
    assert st.stones[10] == (1, 1) and st.star[1] == 0


def test_lasa_with_one_pawn_may_skip_a_die_and_wins_on_the_last_seal():
    st = lasa_table(lasa=1, player=1, stones={0: (0, 2), 15: (1, 1)}, forest={1: 7},
                    seals={8, 28, 38})
    roll(st, 5, 3)
    # 5 would carry the pawn past passage 18: it may be ignored.
    assert {"skip5", "5:15x1", "3:15x1"} <= notations(st)
    assert "skip3" not in notations(st)
    move(st, "3:15x1")
    assert st.is_terminal() and st.end_reason == "lasa" and st.winners() == [1]


def test_lasa_is_out_with_fewer_pawns_than_passages_to_seal():
    st = lasa_table(lasa=1, stones={0: (0, 2), 20: (0, 1), 23: (1, 1), 30: (1, 1)},
                    forest={1: 6})
    roll(st, 3, 2, 2, 1, discard=1)
    move(st, "3:20x1")
    assert 1 in st.out and st.lasa is None


def test_tuchulcha_never_rolls_a_third_die():
    st = position(4, stones={12: (0, 1)}, tuchulcha=0)
    roll(st, 3, 3, 2, 1)
    assert st.phase == "discard" and notations(st) == {"discard3", "discard2", "discard1"}


def test_lasa_pawns_never_enter_velthumena():
    # Stone 1 is colour 1's last stone: Lasa's pawn walks on round the loop.
    st = lasa_table(lasa=1, player=1, stones={0: (0, 2), 1: (1, 1), 2: (1, 3)})
    roll(st, 4, 1)
    assert st.move_destination(("m", 4, 1, 1)) == 6  # 2 is occupied: 3, 4, 5, 6
    move(st, "4:1x1")
    assert st.velthumena[1] == 0 and st.stones[6] == (1, 1)
