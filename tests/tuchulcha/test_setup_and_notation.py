"""Boards, set-up, dice chance nodes and the action notation (rules: "Boards", "Setup")."""

from fractions import Fraction

import pytest

from rituels.engine import CHANCE, IllegalAction, NotationError, get_game
from rituels.tuchulcha.board import SIDE_A, SIDE_B, MYSTIC, RITUAL
from tuchulcha_setup import position, roll


def test_side_a_layout():
    assert SIDE_A.loop == 40 and SIDE_A.entries == (0, 10, 20, 30)
    assert SIDE_A.passages == (8, 18, 28, 38)
    assert [i for i, k in enumerate(SIDE_A.kinds) if k == MYSTIC] == [4, 14, 24, 34]
    assert sum(k == RITUAL for k in SIDE_A.kinds) == 8
    # Each colour's last stone is route step 32: 8/10 of the loop.
    assert [SIDE_A.stone_at(c, 32) for c in range(4)] == [31, 1, 11, 21]


def test_side_b_layout():
    assert SIDE_B.loop == 33 and SIDE_B.entries == (0, 11, 22)
    assert SIDE_B.passages == (8, 19, 30)
    assert sum(k == MYSTIC for k in SIDE_B.kinds) == 3
    # A full lap: the last stone is the one just before the colour's own entry.
    assert [SIDE_B.stone_at(c, 33) for c in range(3)] == [32, 10, 21]


@pytest.mark.parametrize("players,side,pawns,owner", [
    (2, "A", 9, (0, None, 1, None)),   # 9 pawns with fewer than 4 players
    (3, "B", 9, (0, 1, 2)),
    (4, "A", 8, (0, 1, 2, 3)),
])
def test_setup_per_player_count(players, side, pawns, owner):
    st = get_game("tuchulcha").start(players)
    assert st.side.name == side and st.owner == owner
    assert st.temple == [pawns] * len(owner)
    assert all(s is None for s in st.stones)
    # The start player is a chance outcome of the set-up, uniform over the players.
    assert st.current_player() == CHANCE and st.chance_owner() is None
    assert st.chance_outcomes() == [(("first", p), Fraction(1, players)) for p in range(players)]
    st.apply(("first", players - 1))
    assert st.player == st.first_player == players - 1
    assert st.phase == "roll" and st.chance_owner() == players - 1


def test_two_dice_outcomes_are_exact():
    st = position(4)
    outcomes = dict(st.chance_outcomes())
    assert len(outcomes) == 21 and sum(outcomes.values()) == 1
    assert outcomes[("dice", (6, 6))] == Fraction(1, 36)
    assert outcomes[("dice", (6, 5))] == Fraction(1, 18)


def test_tuchulcha_rolls_four_dice_lasa_two():
    st = position(4, stones={12: (0, 2)}, tuchulcha=0)
    outcomes = dict(st.chance_outcomes())
    assert len(outcomes) == 126 and sum(outcomes.values()) == 1
    assert outcomes[("dice", (4, 3, 2, 1))] == Fraction(24, 1296)
    lasa = position(4, stones={12: (0, 2)}, tuchulcha=0, lasa=1, player=1)
    assert len(lasa.chance_outcomes()) == 21


@pytest.mark.parametrize("action,text", [
    (("first", 2), "first2"), (("dice", (6, 3)), "d63"), (("dice", (5,)), "d5"),
    (("dice", (6, 4, 3, 1)), "d6431"), ("roll", "roll"), ("L", "L"), ("third", "third"),
    ("nothird", "nothird"), ("done", "done"), (("discard", 5), "discard5"),
    (("m", 5, 12, 3), "5:12x3"), (("m", 5, "T0", 2), "5:T0x2"), (("m", 4, "S", 1), "4:Sx1"),
    (("skip", 6), "skip6"), (("C", ()), "C"), (("C", (("T0", 1),)), "C:T0x1"),
    (("C", (("T0", 1), (12, 1))), "C:T0x1,12x1"),
])
def test_notation_round_trips(action, text):
    st = position(4)
    assert st.action_to_str(action) == text
    assert st.str_to_action(text) == action


@pytest.mark.parametrize("text", [
    "", "x", "7:12x1", "5:40x1", "5:T4x1", "5:12x0", "5:12x", "5:012x1", "d", "d36",
    "d0", "d61234", "first4", "discard7", "skip0", "C:12x1,T0x1", "C:Sx1", "C:12x1,12x1",
    "rolls", "5:Ux1",
])
def test_bad_notation_is_a_clear_error(text):
    with pytest.raises(NotationError):
        position(4).str_to_action(text)


def test_illegal_action_is_refused_with_its_notation():
    st = roll(position(4), 5, 2)
    with pytest.raises(IllegalAction, match="7:T0x1"):
        st.play(("m", 7, "T0", 1))
    with pytest.raises(IllegalAction):
        st.play("done")
    assert st.phase == "move" and st.temple[0] == 8  # nothing changed


def test_roll_at_the_start_of_a_turn_needs_no_second_click():
    st = position(4, velthumena={0: 3})
    assert st.phase == "start"
    st.play("roll")
    assert st.phase == "roll" and st.chance_owner() is None  # the app rolls at once
    after_role = position(4, velthumena={0: 3})
    after_role.play(("C", ()))
    assert after_role.chance_owner() == 0                    # a fresh roll: the player's
    assert position(4).chance_owner() == 0


def test_a_record_replays_and_a_tampered_one_names_the_bad_action():
    import random

    from rituels.engine import sample_chance
    from rituels.engine.history import replay
    from rituels.engine.record import RecordError, new_record

    rng = random.Random(3)
    st = get_game("tuchulcha").start(3)
    record = new_record("tuchulcha", [{"name": f"P{i}"} for i in range(3)])
    while not st.is_terminal():
        a = sample_chance(st, rng) if st.current_player() == CHANCE else \
            rng.choice(st.legal_actions())
        record["actions"].append(st.action_to_str(a))
        st.apply(a)
    assert replay(record).state.to_json() == st.to_json()
    moves = [i for i, text in enumerate(record["actions"]) if ":" in text and text[0].isdigit()]
    bad = dict(record, actions=list(record["actions"]))
    bad["actions"][moves[0]] = "6:T0x99"
    with pytest.raises(RecordError) as err:
        replay(bad)
    assert err.value.index == moves[0] and err.value.code == "record.illegal"
