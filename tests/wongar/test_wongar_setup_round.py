"""Wongar rules, sections "Material", "Setup", "The time track" and "A round"
(docs/rules/wongar.md): one scenario per rule paragraph."""

from fractions import Fraction

import pytest

from rituels.engine import CHANCE, IllegalAction
from rituels.wongar import data as D
from rituels.wongar.rules import AREA_INDEX, WongarState
from wongar_helpers import (check_accounting, legal, new_game, play, set_face_up, set_hand,
                            to_turns)


# --- Material ---------------------------------------------------------------------------
@pytest.mark.parametrize("variant,per_pile", [("basic", 15), ("advanced", 13)])
def test_area_piles_hold_the_card_mix(variant, per_pile):
    s = WongarState(4, {"variant": variant})
    assert all(s.pile_size(a) == per_pile for a in range(10))
    ancestors = s.piles[0][6]
    assert ancestors == (2 if variant == "basic" else 1)
    assert s.piles[0][7] == ancestors  # elders: same as ancestors
    assert s.piles[0][:3] == [3, 2, 1]
    check_accounting(s)


# --- Setup --------------------------------------------------------------------------------
def test_setup_bag_draws_tokens_one_at_a_time_with_exact_probabilities():
    s = WongarState(3)
    assert s.current_player() == CHANCE and s.chance_owner() is None
    outcomes = dict(s.chance_outcomes())
    # 3 players x 3 types, 4 each in a bag of 36.
    assert len(outcomes) == 9 and set(outcomes.values()) == {Fraction(4, 36)}
    assert s.setup_area() == AREA_INDEX["kangaroo"]
    play(s, "bag:2:cube")
    assert s.tokens[AREA_INDEX["kangaroo"]][2] == [0, 1, 0]
    assert dict(s.chance_outcomes())[("bag", 2, 1)] == Fraction(3, 35)
    assert dict(s.chance_outcomes())[("bag", 0, 0)] == Fraction(4, 35)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_setup_fills_outer_areas_with_n_tokens_and_central_ones_with_2n(n):
    s = new_game(n)
    for a, name in enumerate(D.AREAS):
        total = sum(map(sum, s.tokens[a]))
        assert total == (2 * n if name in D.CENTRAL else n)
    for p in range(n):
        assert s.supply[p] == [14, 11, 8]  # 18/15/12 minus 4 of each in the bag
        assert s.bag[p] == [0, 0, 0]
    check_accounting(s)


def test_setup_fill_order_is_reading_order_with_main_before_pied():
    s = WongarState(3)
    seen = []
    while s.setup_step == "bag":
        a = s.setup_area()
        if not seen or seen[-1] != a:
            seen.append(a)
        play(s, s.action_to_str(s.legal_actions()[0]))
    assert [D.AREAS[a] for a in seen] == list(D.AREAS)
    assert D.AREAS.index("hand") < D.AREAS.index("foot")


def test_basic_deal_leaves_the_scorpions_out_then_shuffles_them_back():
    s = WongarState(4)
    while s.setup_step == "bag":
        play(s, s.action_to_str(s.legal_actions()[0]))
    kinds = {a[1] for a in s.legal_actions()}
    assert ("draw", 4) not in s.legal_actions() and kinds == {0, 1, 2, 3}
    assert dict(s.chance_outcomes())[("draw", 0)] == Fraction(14, 41)
    play(s, *["draw:double"] * 4, *["draw:cylinder"] * 4)
    assert all(h == [0, 0, 1, 1, 0] for h in s.hands)
    assert s.deck == [14, 12, 6, 1, 2]  # scorpions back in the deck after the deal
    check_accounting(s)


def test_advanced_deal_gives_one_double_each_and_removes_scorpions():
    s = new_game(3, "advanced", deal=("disc", "cube"))
    assert all(h == [1, 1, 0, 1, 0] for h in s.hands)
    assert s.deck[3] == 0 and s.deck[4] == 0
    assert s.ritual_removed == [0, 0, 0, 2, 2]
    check_accounting(s)


def test_start_player_and_elder_holder_are_drawn():
    s = WongarState(4)
    while s.setup_step in ("bag", "deal"):
        play(s, s.action_to_str(s.legal_actions()[0]))
    assert s.chance_outcomes() == [(("start", p), Fraction(1, 4)) for p in range(4)]
    play(s, "start:2")
    # [decision] the elder goes to another player than the start player.
    assert s.chance_outcomes() == [(("elderholder", p), Fraction(1, 3)) for p in (0, 1, 3)]
    with pytest.raises(IllegalAction):
        play(s, "elderholder:2")
    play(s, "elderholder:3")
    assert (s.start_player, s.ancestor_holder, s.elder_holder) == (2, 2, 3)
    assert s.ancestor_area == AREA_INDEX["hand"] and s.elder_area == AREA_INDEX["foot"]
    assert s.scores == [0] * 4 and s.time == 1
    assert s.phase == "duty" and s.round == 1 and s.round_first == 2


# --- The time track -----------------------------------------------------------------------
@pytest.mark.parametrize("space,elder,ancestor,both", [
    (1, 1, 2, 3), (4, 1, 2, 3), (5, 2, 3, 4), (8, 2, 3, 4), (9, 3, 4, 5), (12, 3, 4, 5)])
def test_ceremony_points_follow_the_time_track_sections(space, elder, ancestor, both):
    s = new_game()
    s.time = space
    assert [s.ceremony_points(k) for k in (7, 6, 8)] == [elder, ancestor, both]


# --- A round: duty of the ancestors ---------------------------------------------------------
def test_duty_turns_up_every_pile_without_a_face_up_card_in_area_order():
    s = new_game(start=2)
    assert s.round_first == 2 and s.chance_owner() is None  # public turn-ups: no one's roll
    order = []
    while s.phase == "duty":
        order.append(s.duty_area())
        play(s, "up:cube")
    assert order == list(range(10))
    assert s.face_up == [1] * 10


def test_duty_skips_areas_that_still_show_a_card():
    s = to_turns(new_game())
    play(s, "take:emu", "opt:draw", "draw:disc", "draw:disc")
    for _ in range(3):
        play(s, "take:" + D.AREAS[s.legal_actions()[0][1]], "opt:draw", "draw:disc", "draw:disc")
    assert s.phase == "duty"
    remaining = []
    while s.phase == "duty":
        remaining.append(D.AREAS[s.duty_area()])
        play(s, "up:disc")
    assert remaining == ["kangaroo", "emu", "snake", "lizard"]


def test_area_scorpion_costs_one_point_per_player_strictly_behind_and_advances_time():
    s = new_game(start=1)
    s.scores = [3, 5, 5, 2]
    play(s, "up:scorpion")
    assert s.scores == [3, 3, 5, 2]  # players 0 and 3 were behind; 2 (equal) was not
    assert s.time == 2
    assert s.area_discard[0] == 1 and s.face_up[0] is None
    assert s.duty_area() == 0 and s.pile_size(0) == 14  # the next card is turned up there
    play(s, "up:disc")
    assert s.face_up[0] == 0
    check_accounting(s)


def test_scorpion_penalty_never_goes_below_zero():
    s = new_game(start=0)
    s.scores = [1, 0, 0, 0]
    play(s, "up:scorpion")
    assert s.scores == [0, 0, 0, 0]


# --- A round: privilege of the elders ---------------------------------------------------------
def test_privilege_the_elder_holder_draws_one_ritual_card():
    s = to_turns(new_game(elder=3), ritual="disc")
    assert s.hands[3] == [2, 1, 0, 0, 0]  # dealt disc + cube, drew a disc
    assert s.phase == "turn" and s.current_player() == 0


def test_privilege_draw_goes_to_the_elder_holder_by_itself():
    s = new_game(elder=3)
    while s.phase == "duty":
        play(s, "up:disc")
    # Nobody decides anything in a draw: the table draws (no owner, no "draw" click).
    assert s.phase == "privilege" and s.drawer == 3 and s.draws_pending == 1
    assert s.chance_owner() is None


def test_ritual_scorpions_penalise_set_aside_then_reshuffle_everything():
    s = new_game(elder=2)
    while s.phase == "duty":
        play(s, "up:disc")
    s.scores = [0, 0, 4, 1]
    s.discard = [3, 0, 0, 0, 0]
    s.deck[0] -= 3
    play(s, "draw:scorpion")
    assert s.scores == [0, 0, 1, 1] and s.time == 2 and s.scorpions_aside == 1
    assert s.draws_pending == 1 and s.current_player() == CHANCE  # draws again
    deck_before = sum(s.deck)
    play(s, "draw:scorpion")
    assert s.scores == [0, 0, 0, 1] and s.time == 3
    assert s.scorpions_aside == 0 and s.discard == [0] * 5
    assert sum(s.deck) == deck_before - 1 + 3 + 2 and s.deck[4] == 2
    play(s, "draw:cube")
    assert s.hands[2] == [1, 2, 0, 0, 0] and s.phase == "turn"
    check_accounting(s)


def test_an_empty_deck_is_reshuffled_from_the_discards():
    s = new_game(elder=1)
    while s.duty_area() != 9:
        play(s, "up:disc")
    s.discard = [c for c in s.deck]  # every card left is in the discard pile
    s.deck = [0] * 5
    play(s, "up:disc")  # the duty ends; the elder must draw from an empty deck
    assert s.phase == "privilege" and s.discard == [0] * 5
    assert s.deck == [14 - 4, 12 - 4, 10, 5, 2]
    play(s, "draw:cylinder")
    assert s.hands[1][2] == 1
    check_accounting(s)


def test_a_deck_of_scorpions_only_yields_no_card():
    # [decision] Every other ritual card is in hands: drawing would only cycle the scorpions.
    s = new_game(elder=1)
    while s.duty_area() != 9:
        play(s, "up:disc")
    for r in range(4):
        s.hands[3][r] += s.deck[r]
        s.deck[r] = 0
    play(s, "up:disc")
    assert s.phase == "turn" and s.draws_pending == 0 and s.time == 1
    assert s.deck == [0, 0, 0, 0, 2] and s.hand_count(1) == 2
    check_accounting(s)


def test_players_take_turns_clockwise_from_the_first_player():
    s = to_turns(new_game(start=2))
    seen = []
    while s.phase == "turn":
        seen.append(s.current_player())
        play(s, "take:" + D.AREAS[s.legal_actions()[0][1]], "opt:draw", "draw:disc", "draw:disc")
    assert seen == [2, 3, 0, 1]
    assert s.phase == "duty" and s.round == 2


def test_next_round_starts_with_whoever_now_holds_the_ancestor():
    s = new_game(start=0)
    to_turns(s, emu="ancestor")
    play(s, "take:kangaroo", "opt:draw", "draw:disc", "draw:disc")
    play(s, "take:emu")  # player 1 takes the ancestor card
    assert s.ancestor_holder == 1
    play(s, "move:" + D.AREAS[s.legal_actions()[0][1]])
    while s.step == "ceremony":
        play(s, "pass")
    for _ in range(2):
        play(s, "take:" + D.AREAS[s.legal_actions()[0][1]], "opt:draw", "draw:disc", "draw:disc")
    assert s.phase == "duty" and s.round_first == 1 and s.chance_owner() is None


def test_taken_area_cards_are_kept_by_the_player():
    s = to_turns(new_game(), snake="four")
    play(s, "take:snake")
    assert s.taken[0][5] == 1 and s.taken_count(0) == 1
    assert s.face_up[AREA_INDEX["snake"]] is None


def test_take_only_face_up_cards():
    s = to_turns(new_game())
    set_face_up(s, "fish", None)
    assert "take:fish" not in legal(s) and len(legal(s)) == 9
    with pytest.raises(IllegalAction):
        play(s, "take:fish")


# --- Map and game definition ------------------------------------------------------------------
def test_map_adjacency_follows_the_rules_file():
    from rituels.wongar.rules import ADJ
    names = {D.AREAS[a]: {D.AREAS[b] for b in ADJ[a]} for a in range(10)}
    assert names["hand"] == {"foot", "kangaroo", "emu", "lizard", "echidna", "fish"}
    assert names["foot"] == {"hand", "emu", "snake", "turtle", "crocodile", "fish"}
    ring = ["kangaroo", "emu", "snake", "turtle", "crocodile", "fish", "echidna", "lizard"]
    for i, a in enumerate(ring):
        assert ring[i - 1] in names[a] and ring[(i + 1) % 8] in names[a]
    assert all(a in names[b] for a in names for b in names[a])  # symmetric


def test_game_definition_takes_3_to_5_players_and_checks_the_variant():
    from rituels.engine import get_game
    game = get_game("wongar")
    assert (game.min_players, game.max_players, game.hidden_information) == (3, 5, True)
    assert game.start(5, {"variant": "advanced"}).variant == "advanced"
    with pytest.raises(ValueError):
        game.start(2)
    with pytest.raises(ValueError):
        game.start(4, {"variant": "expert"})
    # The ladder's five levels, the random mover, and an older save's "strong" (level 5).
    assert set(game.bots) == {"easy", "strong", *game.levels}
    assert game.levels == ("1", "2", "3", "4", "5") and game.level_of("strong") == "5"
