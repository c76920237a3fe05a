"""The Tuchulcha bots: legal choices in every phase, time slices, sensible play."""

import random

import pytest

from rituels.engine import CHANCE, sample_chance
from rituels.engine.bots import decide
from rituels.tools.bench_tuchulcha import strong_win_rate
from rituels.tuchulcha import bots
from rituels.tuchulcha.bots import StrongBot, evaluate
from rituels.tuchulcha.game import GAME
from rituels.tuchulcha.rules import TuchulchaState
from tuchulcha_setup import position, roll


def sampled_states(players, games, seed):
    """Decision states met in random games (every phase shows up)."""
    rng = random.Random(seed)
    for _ in range(games):
        st = TuchulchaState(players)
        while not st.is_terminal():
            if st.current_player() == CHANCE:
                st.apply(sample_chance(st, rng))
                continue
            if len(st.legal_actions()) > 1:
                yield st.clone()
            st.apply(rng.choice(st.legal_actions()))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_strong_bot_always_chooses_a_legal_action(players):
    phases = set()
    for i, st in enumerate(sampled_states(players, 3, players)):
        if i % 3:
            continue
        action = decide(StrongBot(i, max_leaves=40, samples=1), st)
        assert action in st.legal_actions()
        phases.add(st.phase)
    assert "move" in phases


def test_fixed_leaf_mode_is_reproducible():
    st = roll(position(4, stones={3: (0, 2), 12: (1, 1), 15: (2, 1)}), 5, 4)
    first = decide(StrongBot(1, max_leaves=100), st)
    assert all(decide(StrongBot(s, max_leaves=100), st) == first for s in range(3))


def test_thinking_yields_to_the_page():
    st = roll(position(4, stones={3: (0, 2), 6: (0, 1), 9: (0, 1), 11: (0, 1), 13: (0, 1),
                                  12: (1, 1), 15: (2, 1)}), 6, 6, third="ask")
    gen = StrongBot(0, budget_s=0.2).think(st, 0)
    slices = 0
    try:
        while True:
            next(gen)
            slices += 1
    except StopIteration as done:
        assert done.value in ("third", "nothird")
    assert slices >= 1


def test_evaluate_at_the_end_and_at_an_even_start():
    st = position(4)
    assert evaluate(st, 0) == pytest.approx(0.25)
    over = position(4, stones={29: (0, 1)}, velthumena={0: 3, 2: 4}, forest={0: 4, 2: 4})
    roll(over, 6, 1)
    over.play(("m", 6, 29, 1))
    # A win shared by two is worth 1/4 to the bot (it plays to win alone), a loss 0.
    assert evaluate(over, 0) == 0.25 and evaluate(over, 1) == 0.0


def test_strong_lasa_takes_the_winning_seal():
    st = position(4, stones={0: (0, 2), 15: (1, 1)}, forest={1: 7}, tuchulcha=0, lasa=1,
                  seals={8, 28, 38}, player=1)
    roll(st, 5, 3)
    assert decide(StrongBot(0, max_leaves=200), st) == ("m", 3, 15, 1)


def test_strong_tuchulcha_takes_the_winning_hits():
    st = position(3, stones={13: (0, 1), 15: (1, 1), 20: (2, 1), 5: (0, 1)},
                  forest={1: 8, 2: 8}, tuchulcha=0)
    roll(st, 5, 2, 1, 1, discard=1)
    bot = StrongBot(0, max_leaves=300)
    while not st.is_terminal():
        st.play(decide(bot, st))
    assert st.winners() == [0]


def test_strong_bot_ends_the_race_when_ahead():
    # One pawn left in play, one more in Velthumena than anyone: entering ends and wins.
    st = position(4, stones={29: (0, 1), 5: (1, 2)}, velthumena={0: 3, 1: 2}, forest={0: 4})
    roll(st, 6, 1)
    action = decide(StrongBot(0, max_leaves=200), st)
    st.play(action)
    if not st.is_terminal():
        st.play(decide(StrongBot(0, max_leaves=200), st))
    assert st.is_terminal() and st.winners() == [0]


def test_strong_bot_avoids_a_needless_loss_on_a_passage():
    st = position(4, stones={5: (0, 1)}, temple={0: 7})
    roll(st, 3, 1)
    # 3 from stone 5 stops on passage 8 and loses the pawn: never the best first move.
    assert decide(StrongBot(0, max_leaves=200), st) != ("m", 3, 5, 1)


def test_strong_beats_random_in_a_small_fixed_sample():
    assert strong_win_rate(2, 8, leaves=60) > 0.6


def test_strong_bot_keeps_racing_when_ahead():
    # Three pawns ahead in Velthumena: becoming Tuchulcha would throw them to the forest.
    st = position(4, velthumena={0: 3})
    assert st.phase == "start" and "C" in [st.action_to_str(a) for a in st.legal_actions()]
    bot = StrongBot(0, max_leaves=50, samples=2)
    assert decide(bot, st) == "roll"
    # The choice came from the search: consecrating was sampled and scored below racing on.
    entry = bot.role_log[-1]
    assert entry["chosen"] == "roll" and entry["tuchulcha"] < entry["decline"]


def lasa_sure_win():
    """Player 1 may consecrate to Lasa (Tuchulcha is player 0). Three passages are sealed; six
    pawns of colour 1 stand on every other stone before passage 38, so as Lasa (counting only
    empty stones) any die lands one of them on it: the fourth seal, Lasa wins. Racing on, the
    player is far behind (colour 2 has 5 pawns home)."""
    return position(4, stones={27: (1, 1), 29: (1, 1), 31: (1, 1), 33: (1, 1), 35: (1, 1),
                               37: (1, 1), 0: (0, 2), 12: (2, 1)},
                    velthumena={2: 5}, seals={8, 18, 28}, tuchulcha=0, player=1)


def test_lasa_position_is_a_sure_win_as_described():
    for die in range(1, 7):
        st = lasa_sure_win()
        st.play("L")
        roll(st, die, die if die != 6 else 5, third=None)
        hits = [a for a in st.legal_actions()
                if a[0] == "m" and st.move_effect(a).seal and
                st.move_effect(a).dest == 38]
        assert hits, die


def test_strong_bot_takes_a_winning_lasa_consecration():
    st = lasa_sure_win()
    assert "L" in st.legal_actions()
    bot = StrongBot(0, max_leaves=50, samples=3)
    assert decide(bot, st) == "L"
    entry = bot.role_log[-1]
    assert entry["lasa"] == 1.0 and entry["decline"] < 0.5


def test_strong_bot_finds_the_winning_combined_attack():
    # Colour 1's last two pawns in play stand together on stone 15 (power 2). With 5 and 3,
    # pawns from 10 and 12 arrive together and hit them: colour 1 has nothing left in play,
    # the race ends (c) and player 0 leads 3 to 1 in Velthumena. No single move can do it.
    st = position(4, stones={10: (0, 1), 12: (0, 1), 15: (1, 2), 30: (2, 1), 35: (3, 1)},
                  velthumena={0: 3, 1: 1, 2: 1, 3: 1}, forest={1: 5})
    roll(st, 5, 3)
    attack = ("A", ((5, 10), (3, 12)))
    assert attack in st.legal_actions()
    assert decide(StrongBot(0, max_leaves=100, samples=2), st) == attack
    st.play(attack)
    assert st.is_terminal() and st.winners() == [0]


def test_easy_bot_plays_only_legal_actions():
    easy = GAME.bots["easy"]
    for i, st in enumerate(sampled_states(4, 2, 7)):
        assert decide(easy(i), st) in st.legal_actions()


def test_strong_beats_random_in_a_small_four_player_match():
    # One strong bot (rotating seat) against three random bots: far above the fair 25 %.
    assert strong_win_rate(4, 8, leaves=60) > 0.5


def test_threat_model_counts_combined_attacks():
    # Blue pawns on 10 and 12 (the rest in the forest) are 5 and 3 steps from stone 15: one
    # lands there with a 5 or a 3 (shot table: 15/36 and 14/36, sums included); two arrive
    # together only with exactly 5 and 3 (2/36): what it takes to hit a red pair there.
    st = position(4, stones={15: (0, 2), 10: (1, 1), 12: (1, 1)}, forest={1: 6}, player=1)
    threat = bots._threats(st, bots._groups(st))[1]
    assert threat.hit(15, 1) == pytest.approx(1 - (1 - 15 / 36) * (1 - 14 / 36))
    assert threat.hit(15, 2) == pytest.approx(2 / 36)
    assert threat.hit(15, 3) == 0.0
    roll(st, 5, 3)
    assert ("A", ((5, 10), (3, 12))) in st.legal_actions()
    # With blue's temple full, a 6 also brings a pawn to 15 (its route step 6): 5+3, 5+6,
    # 3+6 (2/36 each) and a double 6 with two temple pawns (1/36).
    full = position(4, stones={15: (0, 2), 10: (1, 1), 12: (1, 1)})
    assert bots._threats(full, bots._groups(full))[1].hit(15, 2) == pytest.approx(7 / 36)
    alone = position(4, stones={15: (0, 2), 10: (1, 1)}, forest={1: 7})
    assert bots._threats(alone, bots._groups(alone))[1].hit(15, 2) == 0.0


def test_strong_does_not_empty_its_play_while_tied():
    # 5 to 5 in Velthumena if it brings a pawn home and loses the other on passage 8: a loss
    # by the tie-break (player 2 still has pawns in play), so it keeps a pawn in play.
    st = roll(position(4, stones={31: (0, 1), 5: (0, 1)}, velthumena={0: 4, 2: 5},
                       forest={0: 2}), 3, 1)
    for bot in (StrongBot(1, max_leaves=50), StrongBot(1, budget_s=0.2)):
        assert st.action_to_str(decide(bot, st, 0)) in {"3:31x1", "1:5x1"}


def test_a_role_needs_a_clear_sampled_gain():
    # Paired futures: a small mean gain lost in the noise keeps the bot racing.
    assert not bots._clearly_better([1, 0, 1, 0], [0, 1, 0, 0.5])
    assert bots._clearly_better([1, 1, 1, 0.5], [0, 0, 0.5, 0])
    assert not bots._clearly_better([0.6], [0.5])


def test_the_search_sees_the_count_coming_and_the_analysis_estimate_is_apart():
    # Player 1's last pawn in play is 5 steps from Velthumena (no role in play). Bringing it
    # home ends the game by (c): from 3 to 3 in Velthumena it wins 4 to 3; from 2 to 3 it ties
    # player 0 at 3 and loses the tie-break (player 0 keeps 2 pawns in play).
    lay = position(4)._lay
    last = position(4).side.last_step
    stones = {lay.route[1][last - 4]: (1, 1), lay.route[0][10]: (0, 2),
              lay.route[2][10]: (2, 2), lay.route[3][10]: (3, 2)}
    empty = {0: 0, 1: 0, 2: 0, 3: 0}
    ahead = position(4, stones=dict(stones), temple=empty, velthumena={0: 3, 1: 3, 2: 2, 3: 2})
    behind = position(4, stones=dict(stones), temple=empty, velthumena={0: 3, 1: 2, 2: 2, 3: 2})
    assert bots.search_chances(ahead, 1) > 0.7 > bots.win_chances(ahead)[1]
    assert bots.search_chances(behind, 0) > 0.5 > bots.win_chances(behind)[0]
    # Player 1 will not end the game to lose it: its own value is the race's.
    assert bots.search_chances(behind, 1) == pytest.approx(bots.win_chances(behind)[1])
    # The analysis calibrates the race estimate alone, not the search's end term.
    from rituels.tuchulcha import chances
    for st in (ahead, behind):
        assert chances.features(st)[0] == bots.win_chances(st)
