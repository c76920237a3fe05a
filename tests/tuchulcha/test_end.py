"""End of the game ("End of the game")."""

from rituels.tuchulcha import board
from tuchulcha_setup import move, position, roll


def test_race_end_most_pawns_in_velthumena_wins():
    st = position(4, stones={29: (0, 1)}, velthumena={0: 3, 1: 5}, forest={0: 4})
    roll(st, 6, 1)
    move(st, "6:29x1")
    assert st.is_terminal() and st.end_reason == "race" and st.winners() == [1]


def test_race_end_equal_counts_are_broken_by_pawns_still_in_play():
    # Player 0's last pawn arrives: 5 against player 2's 5, but player 2 has 3 pawns in its
    # temple and player 0 none in play: player 2 wins alone (end (c), tie-break).
    st = position(4, stones={29: (0, 1)}, velthumena={0: 4, 2: 5}, forest={0: 3})
    roll(st, 6, 1)
    move(st, "6:29x1")
    assert st.is_terminal() and st.end_reason == "race" and st.winners() == [2]
    assert st.returns() == [0.0, 0.0, 1.0, 0.0]


def test_race_end_equal_counts_and_equal_play_share_the_win():
    # Player 2 has nothing in play either (5 home, 3 lost): 5 and 0 each, a shared win.
    st = position(4, stones={29: (0, 1)}, velthumena={0: 4, 2: 5}, forest={0: 3, 2: 3})
    roll(st, 6, 1)
    move(st, "6:29x1")
    assert st.winners() == [0, 2]
    assert st.returns() == [0.5, 0.0, 0.5, 0.0]


def test_stuck_end_breaks_equal_counts_by_pawns_on_the_path():
    # Players 2 and 3 are out; nobody can move for a round: 2 in Velthumena each, player 1
    # has 3 pawns on the path against player 0's 1 (the rest lost): player 1 wins.
    blocked = dict(stones={20: (0, 1), 21: (1, 3)}, velthumena={0: 2, 1: 2},
                   forest={0: 5, 1: 3, 2: 8, 3: 8}, out={2, 3})
    st = position(4, **blocked)
    st._idle_turns = 3
    roll(st, 1, 1)
    assert st.is_terminal() and st.end_reason == "stuck" and st.winners() == [1]


def test_last_pawn_lost_without_tuchulcha_ends_the_game():
    st = position(4, stones={5: (0, 1)}, velthumena={0: 2, 3: 1}, forest={0: 5})
    roll(st, 3, 1)
    move(st, "3:5x1")  # stops on passage 8
    assert st.is_terminal() and st.winners() == [0]


def test_two_players_check_only_the_owned_colours():
    # Neutral colour 1 has nothing left in play: that ends nothing.
    st = position(2, stones={29: (0, 1)}, velthumena={0: 3, 1: 9, 2: 4}, forest={0: 5})
    roll(st, 1, 1)
    move(st, "1:29x1")
    assert not st.is_terminal()
    # Player 0's last pawn arrives: 4 against 4; the neutral's 9 score for nobody, and player
    # 1's 5 pawns in play (colour 2) break the tie.
    st = position(2, stones={29: (0, 1)}, velthumena={0: 3, 1: 9, 2: 4}, forest={0: 5})
    roll(st, 6, 1)
    move(st, "6:29x1")
    assert st.is_terminal() and st.winners() == [1]
    # Colour 2 has nothing in play either: the neutral colour 3's 9 pawns in its temple belong
    # to nobody, so the tie is kept.
    st = position(2, stones={29: (0, 1)}, velthumena={0: 3, 1: 9, 2: 4},
                  forest={0: 5, 2: 5})
    roll(st, 6, 1)
    move(st, "6:29x1")
    assert st.is_terminal() and st.winners() == [0, 1]


def test_a_full_round_without_any_legal_move_ends_the_game():
    blocked = dict(stones={20: (0, 1), 21: (1, 2)}, velthumena={0: 7, 1: 1})
    st = position(4, **blocked)
    roll(st, 1, 1)
    assert not st.is_terminal() and st.passed == 0
    st = position(4, **blocked)
    st._idle_turns = 3  # the three other players could not move either
    roll(st, 1, 1)
    assert st.is_terminal() and st.end_reason == "stuck" and st.winners() == [0]


def test_rounds_without_progress_end_the_game():
    st = position(3, stones={3: (0, 1)}, tuchulcha=0)
    st._stall_turns = board.STALL_ROUNDS * 3 - 1
    roll(st, 2, 1, 1, 1, discard=1)   # Tuchulcha only loops: no race progress
    move(st, "2:3x1")
    move(st, "1:5x1")
    move(st, "1:6x1")
    assert st.is_terminal() and st.end_reason == "stall"
    assert st.winners() == [0, 1, 2]  # nobody has a pawn in Velthumena: shared


def test_players_out_of_the_game_cannot_win_the_race():
    # Player 1 was eliminated earlier with 6 pawns in Velthumena: they no longer count.
    st = position(4, stones={29: (0, 1)}, velthumena={0: 3, 1: 6}, forest={0: 4, 1: 2},
                  out={1})
    roll(st, 6, 1)
    move(st, "6:29x1")
    assert st.is_terminal() and st.winners() == [0]
