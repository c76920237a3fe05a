"""Wongar: a strictly dominated choice is flagged by the move review (issue 13, docs/analysis.md).

The position, built by the rules (docs/rules/wongar.md): the time marker is on the X, so the
game ends with this round; Bruno (player 0) is the last to play in it. He takes the ancestor
card on Émeu and moves the ancestor to Kangourou, where he has 1 cube and Chloé (player 2) 2.
He plays his only ritual card, a cube, and must choose its effect. Removing one of Chloé's cubes
(or bringing his cube in from Main) ties the cubes 1-1 (2-2), and the tie goes to him, the
ancestor holder: 4 points, 26 against 24, and he wins. Moving his own cube out to a neighbour
gives Chloé the majority for nothing: she scores 4 and wins 28 to 22. Nobody holds another card,
so the ceremony, the round and the game end right after the choice: the review's numbers are
exact whatever the number of playouts (the estimator's tuning may change, this may not).
"""

import pytest

from rituels.analysis.core import Estimator, Review
from wongar_helpers import ceremony, legal, play

WINNING = ("remove:2", "in:hand")
GIVING_AWAY = ("out:emu", "out:lizard", "out:hand")


def last_ceremony_of_the_game():
    s = ceremony(1, tokens=[("kangaroo", 0, "cube", 1), ("kangaroo", 2, "cube", 2),
                            ("hand", 0, "cube", 1)],
                 hands={0: {"cube": 1}}, start=False)
    s.time, s.end_triggered = 12, "time"     # the marker reached the X: last round
    s.scores = [22, 5, 16, 5]
    # Players 1, 2 and 3 take disc cards far from Kangourou (each then holds the disc-card
    # majority at the end: 8 points each); Bruno plays last.
    for area in ("crocodile", "fish", "turtle"):
        play(s, f"take:{area}", "opt:two", f"place:{area}", f"place:{area}")
    play(s, "take:emu", "move:kangaroo", "play:cube")
    return s


def test_the_scenario_is_what_the_rules_say():
    s = last_ceremony_of_the_game()
    assert s.current_player() == 0 and s.step == "effect"
    assert sorted(legal(s)) == sorted(WINNING + GIVING_AWAY)
    for text in WINNING + GIVING_AWAY:
        after = s.clone()
        play(after, text)
        assert after.is_terminal()
        if text in WINNING:
            assert after.scores == [26, 13, 24, 13] and after.winners() == [0]
        else:
            assert after.scores == [22, 13, 28, 13] and after.winners() == [2]


@pytest.mark.parametrize("playouts", [None, 1])    # None: the estimator's own counts
@pytest.mark.parametrize("hidden", [True, False])
def test_moving_the_majority_out_for_nothing_is_flagged_as_a_blunder(playouts, hidden):
    s = last_ceremony_of_the_game()
    est = Estimator("wongar", hidden=hidden, review_playouts=playouts)
    # What the review does for a person's decision (core.Job._review): rank the choices on
    # one seeded stream, compare the one played with the best found.
    ranked = est.choices(s, 41)
    assert {s.action_to_str(a) for a, _ in ranked} == set(WINNING + GIVING_AWAY)
    chances = {s.action_to_str(a): c for a, c in ranked}
    best, top = s.action_to_str(ranked[0][0]), ranked[0][1]
    assert best in WINNING and top == 1.0
    for text in GIVING_AWAY:
        assert chances[text] == 0.0
        review = Review(41, 0, text, best, chances[text], top)
        assert review.loss >= 10 and review.grade in ("mistake", "blunder")
        assert review.grade == "blunder"           # 100 points lost: far past every threshold
    for text in WINNING:
        assert Review(41, 0, text, best, chances[text], top).grade == ""


GIVING_AWAY_MID_GAME = ("out:emu", "out:lizard", "out:hand")


def mid_game_ceremony():
    """Mid-game (time marker on space 5: section II, an ancestor ceremony pays 3 points a
    type; the game goes on for rounds). Bruno (0) takes the ancestor card on Émeu and moves
    the ancestor to Kangourou, where he has 1 cube and Chloé (2) 2; he plays his only ritual
    card, a cube. Tokens elsewhere give each player something of their own. Removing one of
    Chloé's cubes ties them 1-1 and the tie goes to him, the ancestor holder (3 points to
    him); moving his own cube out to a neighbour leaves Chloé the majority (3 points to her)
    for nothing. Nobody else holds a card, so the ceremony scores right after the choice,
    but the game is far from over: the review's estimate decides, not an exact end."""
    s = ceremony(0, tokens=[("kangaroo", 0, "cube", 1), ("kangaroo", 2, "cube", 2),
                            ("hand", 0, "cube", 1), ("snake", 1, "disc", 2),
                            ("turtle", 3, "cylinder", 2), ("fish", 2, "disc", 1)],
                 hands={0: {"cube": 1}}, time=5)
    return play(s, "play:cube")


def test_mid_game_giving_a_ceremony_majority_away_is_a_mistake_and_the_best_choice_is_not():
    s = mid_game_ceremony()
    assert s.current_player() == 0 and s.step == "effect"
    assert sorted(legal(s)) == sorted(("remove:2", "in:hand") + GIVING_AWAY_MID_GAME)
    for text, scores in [("remove:2", [3, 0, 0, 0])] + [(t, [0, 0, 3, 0])
                                                          for t in GIVING_AWAY_MID_GAME]:
        after = play(s.clone(), text)
        assert after.scores == scores and not after.is_terminal()
    # the review of a person's decision (core.Job._review), from public information
    ranked = Estimator("wongar", hidden=True).choices(s, 41)
    assert {s.action_to_str(a) for a, _ in ranked} == set(legal(s))   # every choice judged
    chances = {s.action_to_str(a): c for a, c in ranked}
    best, top = s.action_to_str(ranked[0][0]), ranked[0][1]
    assert best == "remove:2"
    assert Review(41, 0, best, best, chances[best], top).grade == ""
    for text in GIVING_AWAY_MID_GAME:
        review = Review(41, 0, text, best, chances[text], top)
        assert review.grade in ("mistake", "blunder"), (text, review.loss)
