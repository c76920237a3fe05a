"""Wongar rules, sections "End of the game" and "Hidden information", and the notation."""

import json
import random

import pytest

from rituels.engine import TERMINAL, NotationError
from rituels.wongar import data as D
from rituels.wongar.rules import AREA_INDEX, CARD_INDEX
from wongar_helpers import check_accounting, new_game, play, set_hand, to_turns

EMU = AREA_INDEX["emu"]


def finish_round(s):
    """Every player left in the round takes the first face-up card and draws two."""
    while s.phase == "turn":
        first = s.action_to_str(s.legal_actions()[0])
        play(s, first, "opt:draw", "draw:disc", "draw:disc")
    return s


def empty_pile_into(s, area, player):
    """Fixture: the pile of ``area`` is gone (as if ``player`` had taken those cards)."""
    a = AREA_INDEX[area]
    for k, c in enumerate(s.piles[a]):
        s.taken[player][k] += c
        s.piles[a][k] = 0
    s.changed()


# --- End of the game ------------------------------------------------------------------------
def test_time_marker_on_the_x_finishes_the_round_then_the_game_ends():
    s = new_game(4, start=0)
    s.time = D.TIME_SPACES - 1
    play(s, "up:scorpion")
    assert s.time == D.TIME_SPACES and s.end_triggered == "time"
    to_turns(s)
    assert s.phase == "turn"  # the round goes on
    finish_round(s)
    assert s.phase == "end" and s.current_player() == TERMINAL and s.legal_actions() == []


def test_taking_the_last_card_of_a_pile_ends_the_game_after_the_round():
    s = to_turns(new_game(4, start=1))
    empty_pile_into(s, "emu", 3)
    play(s, "take:emu", "opt:draw", "draw:disc", "draw:disc")  # player 1: the last Émeu card
    assert s.end_triggered == "pile" and s.phase == "turn" and s.current_player() == 2
    finish_round(s)
    assert s.phase == "end"
    check_accounting(s)


def test_a_scorpion_emptying_a_pile_also_ends_the_game():
    # [decision] an area whose last card was a scorpion has run out of cards too.
    s = new_game(4, start=0)
    a = 0
    for k, c in enumerate(s.piles[a]):
        if k != CARD_INDEX["scorpion"]:
            s.taken[3][k] += c
            s.piles[a][k] = 0
    s.piles[a][CARD_INDEX["scorpion"]] = 1
    s.area_discard[a] = 1
    play(s, "up:scorpion")
    assert s.end_triggered == "pile" and s.face_up[a] is None and s.duty_area() == 1


def test_final_bonuses_for_most_area_cards_of_each_token_type_ties_all_score():
    s = to_turns(new_game(4, start=0))
    s.end_triggered = "time"
    # Cards already taken: disc 2/1/0/0, cube 1/1/0/0 (tied), no cylinder card.
    s.taken[0][:3] = [2, 1, 0]
    s.taken[1][:3] = [1, 1, 0]
    for a, k in ((1, 0), (2, 0), (3, 0), (4, 1), (5, 1)):
        s.piles[a][k] -= 1
    s.scores = [10, 2, 20, 0]
    s.changed()
    for _ in range(4):  # every player takes a four-cards card: no more token cards taken
        a = next(a for a in range(10) if s.piles[a][CARD_INDEX["four"]] or
                 s.face_up[a] == CARD_INDEX["four"])
        if s.face_up[a] != CARD_INDEX["four"]:
            s.piles[a][s.face_up[a]] += 1
            s.piles[a][CARD_INDEX["four"]] -= 1
            s.face_up[a] = CARD_INDEX["four"]
            s.changed()
        play(s, f"take:{D.AREAS[a]}", "draw:disc", "draw:cube", "draw:cylinder", "draw:cylinder")
    assert s.phase == "end"
    assert s.bonus == [16, 8, 0, 0]
    assert s.scores == [26, 10, 20, 0]
    assert s.winners() == [0]
    check_accounting(s)


def test_equal_top_scores_share_the_win():
    s = to_turns(new_game(3, start=0))
    s.end_triggered = "time"
    s.scores = [5, 5, 1]
    finish_round(s)  # everyone took one disc card: all tied, all get 8
    assert s.bonus == [8, 8, 8]
    assert s.winners() == [0, 1] and s.returns() == [0.5, 0.5, 0.0]


# --- Hidden information -------------------------------------------------------------------
def test_observation_shows_own_hand_and_cards_and_only_counts_of_others():
    s = to_turns(new_game(4, start=0), emu="four")
    play(s, "take:emu", "draw:disc", "draw:cube", "draw:double", "draw:disc")
    obs = s.observation(1)
    assert obs["hands"][0] is None and obs["hands"][1] == s.hands[1]
    assert obs["hand_counts"][0] == 6
    assert obs["taken"][0] is None and obs["taken_counts"][0] == 1
    assert obs["piles"][EMU] == 14 and obs["deck"] == s.deck_size()
    spectator = s.observation(None)
    assert all(h is None for h in spectator["hands"])
    json.dumps(obs)
    text = json.dumps(obs)
    assert "setup_scorpions" in text  # public data is kept


def test_resample_hidden_redeals_other_hands_consistently():
    s = to_turns(new_game(4, start=0), emu="four")
    play(s, "take:emu", "draw:disc", "draw:cube", "draw:double", "draw:disc")
    unseen = [s.deck[r] + sum(s.hands[q][r] for q in (1, 2, 3)) for r in range(5)]
    variety = set()
    for seed in range(20):
        twin = s.resample_hidden(0, random.Random(seed))
        assert twin.hands[0] == s.hands[0]
        assert [twin.hand_count(q) for q in range(4)] == [s.hand_count(q) for q in range(4)]
        assert [twin.deck[r] + sum(twin.hands[q][r] for q in (1, 2, 3)) for r in range(5)] == unseen
        assert twin.deck[4] == s.deck[4]  # scorpions never reach a hand
        assert twin.tokens == s.tokens and twin.taken == s.taken and twin.scores == s.scores
        check_accounting(twin)
        variety.add(tuple(map(tuple, twin.hands[1:])))
    assert len(variety) > 1
    assert s.hands == s.clone().hands  # the real state is untouched


def test_resample_keeps_the_known_doubles_in_the_advanced_game():
    s = to_turns(new_game(3, "advanced", start=0))
    set_hand(s, 2, disc=1)
    s.deck[3] -= 1  # (fixture) player 2 has played their double: it is in the discard pile
    s.discard[3] += 1
    check_accounting(s)
    for seed in range(10):
        twin = s.resample_hidden(0, random.Random(seed))
        assert [h[3] for h in twin.hands] == [1, 1, 0]
        assert twin.deck[3] == 0
        check_accounting(twin)


def test_draws_reveal_information_decisions_do_not():
    s = new_game()
    assert s.reveals_information(("draw", 0)) and s.reveals_information(("up", 4))
    assert s.reveals_information(("bag", 0, 0))
    assert not s.reveals_information(("take", 3)) and not s.reveals_information(("pass",))


# --- Notation -------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["take:emu", "opt:one", "place:hand", "triple:cube", "move:foot",
                                  "play:double", "double:cylinder:act", "remove:3", "out:lizard",
                                  "in:fish", "pass", "bag:2:disc", "draw:scorpion", "up:four",
                                  "start:0", "elderholder:3"])
def test_notation_round_trips(text):
    s = new_game()
    assert s.action_to_str(s.str_to_action(text)) == text


@pytest.mark.parametrize("text", ["", "take", "take:mars", "bag:4:disc", "bag:1", "play:scorpion",
                                  "opt:three", "double:disc:jump", "pass:1", "remove:-1",
                                  "TAKE:emu", "take:emu:2", "remove:02", "start: 1", 42,
                                  "remove:²", "start:３", "bag:٣:disc"])
def test_bad_notation_is_refused_with_a_notation_error(text):
    with pytest.raises(NotationError):
        new_game().str_to_action(text)


def test_a_tampered_record_is_refused_with_a_clear_error():
    from rituels.engine.history import replay
    from rituels.engine.record import RecordError, new_record
    record = new_record("wongar", [{"name": f"P{i}"} for i in range(3)])
    record["actions"] = ["bag:0:disc", "take:emu"]  # no card can be taken during set-up
    with pytest.raises(RecordError) as err:
        replay(record)
    assert err.value.index == 1 and err.value.code == "record.illegal"
    record["actions"] = ["bag:7:disc"]  # no player 7 in a 3-player game
    with pytest.raises(RecordError) as err:
        replay(record)
    assert err.value.code == "record.notation"
