"""A turn: dice, third die, one die per group, maximum dice, mystic stones ("A turn")."""

from tuchulcha_setup import move, notations, position, roll


def test_group_option_one_die_moves_one_group_never_the_sum():
    st = roll(position(4, group_moves=True), 5, 2)
    assert st.phase == "move" and st.dice == (5, 2)
    assert notations(st) == {f"{d}:T0x{k}" for d in (5, 2) for k in range(1, 9)}
    move(st, "5:T0x3")                      # step 5 of colour 0 = stone 4
    assert st.stones[4] == (0, 3) and st.temple[0] == 5
    # The same group may go on with the other die, or another group may use it.
    assert notations(st) == ({f"2:T0x{k}" for k in range(1, 6)}
                             | {f"2:4x{k}" for k in range(1, 4)})
    move(st, "2:4x3")
    assert st.stones[6] == (0, 3) and st.stones[4] is None
    assert st.player == 1 and st.phase == "roll"  # dice used: the turn passes clockwise


def test_double_offers_a_third_die():
    st = roll(position(4), 3, 3, third="ask")
    assert st.phase == "third" and notations(st) == {"third", "nothird"}
    st.play("third")
    assert st.phase == "roll3" and len(st.chance_outcomes()) == 6
    st.play(("dice", (4,)))
    assert st.phase == "move" and st.dice == (4, 3, 3) and st.rolled == (3, 3, 4)


def test_double_without_third_die():
    st = roll(position(4), 3, 3, third="ask")
    st.play("nothird")
    assert st.phase == "move" and st.dice == (3, 3)


def test_maximum_dice_forces_the_order():
    # Colour 0: pawn A on stone 27 (step 28), pawn B on stone 20, both other ways blocked.
    st = position(4, stones={27: (0, 1), 20: (0, 1), 22: (1, 2), 26: (2, 2)},
                 velthumena={0: 6})
    roll(st, 6, 2)
    # 6 first would put A in Velthumena and leave the 2 unusable (B is blocked); 2 then 6
    # uses both dice, so only the 2 may be played first.
    assert notations(st) == {"2:27x1"}
    move(st, "2:27x1")
    assert notations(st) == {"6:29x1"}
    assert st.move_destination(("m", 6, 29, 1)) == "velthumena"


def test_when_no_sequence_uses_every_die_the_most_dice_are_used():
    # Pawn on 20; 21 and 24 (mystic) held by two blue pawns: 1 is blocked, 3 then 1 is too.
    st = position(4, stones={20: (0, 1), 21: (1, 2), 24: (1, 2)}, velthumena={0: 7})
    roll(st, 3, 1)
    assert notations(st) == {"3:20x1"}
    move(st, "3:20x1")
    assert st.player == 1  # the 1 cannot be used: the turn ends


def test_free_choice_between_equally_long_ways():
    # Either die alone can be used, never both (stone 23 is held by two blue pawns).
    st = position(4, stones={20: (0, 1), 23: (1, 2)}, velthumena={0: 7})
    roll(st, 2, 1)
    assert notations(st) == {"2:20x1", "1:20x1"}
    move(st, "1:20x1")
    assert st.player == 1


def test_no_usable_die_passes_the_turn():
    st = position(4, stones={20: (0, 1), 21: (1, 2)}, velthumena={0: 7})
    roll(st, 1, 1)
    assert st.player == 1 and st.passed == 0 and st.phase == "roll"


def test_group_option_mystic_pawns_must_leave_first():
    st = position(4, stones={4: (0, 2)}, group_moves=True)
    roll(st, 5, 3)
    assert st.must_leave == {4: 2}
    assert notations(st) == {"5:4x1", "5:4x2", "3:4x1", "3:4x2"}
    move(st, "3:4x1")
    # One pawn is still bound to the mystic stone: the other die must move it off.
    assert notations(st) == {"5:4x1"}


def test_group_option_mystic_obligation_ends_once_they_left():
    st = position(4, stones={4: (0, 2)}, group_moves=True)
    roll(st, 5, 3)
    move(st, "3:4x2")
    assert st.must_leave == {}
    assert "5:T0x1" in notations(st) and "5:7x2" in notations(st)


def test_mystic_obligation_lifted_when_it_would_use_fewer_dice():
    # The mystic pawn cannot move (7 is a ritual stone with a blue pawn: power 2; 9 holds
    # two blue pawns): obeying would use no die, so the other groups move freely.
    st = position(4, stones={4: (0, 1), 7: (1, 1), 9: (1, 2)})
    roll(st, 5, 3)
    assert st.must_leave == {}
    assert {"5:T0x1", "3:T0x1"} <= notations(st)


def test_tuchulcha_ignores_the_mystic_obligation():
    st = position(4, stones={4: (0, 1)}, tuchulcha=0)
    roll(st, 5, 3, 2, 1, discard=1)
    assert st.dice == (5, 3, 2) and st.must_leave == {}
    assert "5:T0x1" in notations(st)
