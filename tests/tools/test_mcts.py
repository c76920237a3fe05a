"""The generic search baseline (tools/mcts.py) and its equal-CPU bench (tools/bench_generic.py)."""

import json
import sys
from pathlib import Path

from rituels.engine.bots import decide
from rituels.tools.bench_generic import wilson
from rituels.tools.mcts import MCTSBot

sys.path.insert(0, str(Path(__file__).parents[1] / "tuchulcha"))
from tuchulcha_setup import position, roll  # noqa: E402


def tied_at_the_end():
    """Player 0 (4 home, one pawn on its last stone, one before passage 8) ties player 2 (5
    home, 3 in the temple) by bringing a pawn home; losing the other on the passage would end
    the game 5 to 5 with nothing left in play: a loss by the tie-break (rules, end (c))."""
    return roll(position(4, stones={31: (0, 1), 5: (0, 1)}, velthumena={0: 4, 2: 5},
                         forest={0: 2}), 3, 1)


SAFE = {"3:31x1", "1:5x1"}        # the first moves after which the game can go on


def test_the_two_ways_to_empty_ones_play_lose_by_the_tie_break():
    st = tied_at_the_end()
    for text in ("3:5x1", "1:31x1"):
        child = st.clone()
        child.play(child.str_to_action(text))
        (only,) = child.legal_actions()
        child.play(only)
        assert child.is_terminal() and child.winners() == [2]


def test_mcts_finds_its_way_round_a_certain_loss():
    st = tied_at_the_end()
    bot = MCTSBot(3, simulations=300)
    action = decide(bot, st, 0)
    assert st.action_to_str(action) in SAFE
    assert bot.last_simulations == 300


def test_mcts_answers_at_once_when_there_is_one_choice():
    st = tied_at_the_end()
    st.play(st.str_to_action("3:5x1"))
    bot = MCTSBot(0, simulations=50)
    assert decide(bot, st, 0) == st.legal_actions()[0] and bot.last_simulations == 0


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert abs(lo - 0.404) < 0.001 and abs(hi - 0.596) < 0.001
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.27 < hi < 0.28


def test_the_round_robin_log_sums_each_match(tmp_path, capsys):
    # Two games of one match, a win and a loss: 50 % with Wilson's interval on 2 games.
    from rituels.tools import bench_tuchulcha_win_rates
    log = tmp_path / "runs.jsonl"
    rows = [{"match": "4p_random", "game": g, "share": s, "roles": r, "strong_cpu": [0.1, 0.3],
             "other_cpu": [0.2], "cpu_s": 1.0} for g, s, r in ((0, 1.0, ""), (1, 0.0, "T"))]
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    bench_tuchulcha_win_rates.summary(str(log))
    out = capsys.readouterr().out
    lo, hi = wilson(1.0, 2)
    assert f"50.0% [{lo:.1%}, {hi:.1%}] of 2 games" in out
    assert "by role: T 0% of 1; racer 100% of 1" in out
