"""Undo policy (Board Game Arena's rule) on real games: a human takes back their own actions
of the current turn, one at a time, never across a roll, a draw, revealed information or
another player's action; never after the end; bots never."""

import random

import pytest

from rituels.engine import CHANCE, sample_chance
from rituels.engine.history import replay
from rituels.engine.record import new_record
from rituels.engine.undo import BOT, CHANCE as AFTER_CHANCE, NOTHING, OTHER, OVER, REVEALED
from rituels.engine.undo import undo_reason, undo_target

from .helpers import game_or_skip, game_params, played_record


def table(game_id, players, actions, bots=(), options=None):
    game_or_skip(game_id)
    seats = [{"name": f"P{i}", "bot": bots[i] if i < len(bots) else None}
             for i in range(players)]
    record = new_record(game_id, seats, options)
    record["actions"] = list(actions)
    return record


def check(record, player, target, reason):
    assert (undo_target(record, player), undo_reason(record, player)) == (target, reason)


# --- Cthulhu Dice (2 people: seats 1 and 3 are player 0's, seats 2 and 4 player 1's) --------
def test_cthulhu_victim_choice_can_be_taken_back_until_the_roll():
    check(table("cthulhu-dice", 2, []), 0, None, NOTHING)
    record = table("cthulhu-dice", 2, ["v3"])          # P0 picks a victim, has not rolled
    check(record, 0, 0, None)
    check(record, 1, None, NOTHING)
    check(table("cthulhu-dice", 2, ["v3", "Y"]), 0, None, AFTER_CHANCE)


def test_cthulhu_another_players_action_is_a_barrier():
    record = table("cthulhu-dice", 2, ["v3", "Y", "T", "v4"])   # P1's turn has begun
    check(record, 1, 3, None)
    check(record, 0, None, OTHER)


def test_cthulhu_eye_choice_can_change_but_not_the_roll():
    record = table("cthulhu-dice", 2, ["v2", "O", "eE"])
    check(record, 0, 2, None)                       # the choice of the Eye's result
    check(table("cthulhu-dice", 2, ["v2", "O"]), 0, None, AFTER_CHANCE)   # not the roll


def test_bots_never_undo_and_humans_can_against_bots():
    record = table("cthulhu-dice", 2, ["v3"], bots=(None, "easy"))
    check(record, 0, 0, None)
    check(record, 1, None, BOT)


def test_no_undo_after_the_end():
    game_or_skip("cthulhu-dice")
    record = played_record("cthulhu-dice", 2, seed=3)
    assert replay(record).state.is_terminal()
    for p in range(2):
        check(record, p, None, OVER)


# --- Tuchulcha: roll, then one group per die ------------------------------------------------
TUCHULCHA = ["first0", "d43", "3:T0x1", "4:T0x1", "d43", "1:3:T1x8"]


def test_tuchulcha_moves_come_back_one_by_one_down_to_the_roll():
    record = table("tuchulcha", 2, TUCHULCHA[:4])
    check(record, 0, 3, None)                       # the second die's move
    record["actions"] = record["actions"][:undo_target(record, 0)]
    check(record, 0, 2, None)                       # then the first die's
    record["actions"] = record["actions"][:2]
    check(record, 0, None, NOTHING)                 # the roll is not theirs to take back
    # The undone moves are legal again: the state is exactly the one before them.
    assert replay(record).state.to_json() == replay(table("tuchulcha", 2, TUCHULCHA[:2])).state.to_json()


def test_tuchulcha_last_move_of_the_turn_until_the_next_roll():
    """Decision: the turn passing on is not a barrier; the next roll is."""
    record = table("tuchulcha", 2, TUCHULCHA[:4])
    assert replay(record).state.current_player() == CHANCE
    check(record, 0, 3, None)
    check(table("tuchulcha", 2, TUCHULCHA[:5]), 0, None, AFTER_CHANCE)
    check(table("tuchulcha", 2, TUCHULCHA[:5]), 1, None, NOTHING)


def test_tuchulcha_third_die_choice():
    game_or_skip("tuchulcha")
    record = played_record("tuchulcha", 2, seed=3)
    i = record["actions"].index("third")
    assert replay(dict(record, actions=record["actions"][:i])).state.current_player() == 1
    check(dict(record, actions=record["actions"][:i + 1]), 1, i, None)    # asked for it
    check(dict(record, actions=record["actions"][:i + 2]), 1, None, AFTER_CHANCE)  # rolled


# --- Wongar: hidden cards and ceremonies ----------------------------------------------------
def test_wongar_draws_and_other_players_block_undo():
    game_or_skip("wongar")
    record = played_record("wongar", 3, seed=3)
    actions = record["actions"]
    take = actions.index("take:fish")
    assert replay(dict(record, actions=actions[:take])).state.current_player() == 2
    check(dict(record, actions=actions[:take + 1]), 2, take, None)       # took a card
    check(dict(record, actions=actions[:take + 2]), 2, take + 1, None)   # moved the elder
    # Player 0 plays a ritual card in the ceremony: player 2 may no longer undo.
    check(dict(record, actions=actions[:take + 3]), 2, None, OTHER)
    draw = actions.index("draw:cube", take)                              # a ritual card drawn
    check(dict(record, actions=actions[:draw + 1]), 0, None, AFTER_CHANCE)


def test_an_action_that_reveals_information_is_a_barrier(monkeypatch):
    """The game decides what reveals information; undo only asks."""
    game_or_skip("cthulhu-dice")
    record = table("cthulhu-dice", 2, ["v3"])
    state_class = type(replay(record).state)
    monkeypatch.setattr(state_class, "reveals_information", lambda self, a: a == ("victim", 2))
    check(record, 0, None, REVEALED)


# --- every game, every prefix of random games ------------------------------------------------
@pytest.mark.parametrize("game_id", game_params())
def test_undo_never_crosses_a_barrier(game_id):
    """On each prefix of random games: when undo is allowed it removes exactly the last
    action, which was the player's own decision; after truncation it is that player's move
    and the undone action is legal again."""
    game = game_or_skip(game_id)
    rng = random.Random(game_id)
    players = game.min_players
    record = table(game_id, players, [])
    state = replay(record).state
    allowed = 0
    for _ in range(150):
        if state.is_terminal():
            break
        who = state.current_player()
        action = sample_chance(state, rng) if who == CHANCE else rng.choice(state.legal_actions())
        record["actions"].append(state.action_to_str(action))
        state.apply(action)
        for p in range(players):
            target = undo_target(record, p)
            if target is None:
                assert undo_reason(record, p) in (NOTHING, OTHER, AFTER_CHANCE, REVEALED, OVER)
                continue
            allowed += 1
            assert target == len(record["actions"]) - 1 and who == p
            before = replay(dict(record, actions=record["actions"][:target])).state
            assert before.current_player() == p
            assert record["actions"][-1] in [before.action_to_str(a)
                                             for a in before.legal_actions()]
    assert allowed > 0
