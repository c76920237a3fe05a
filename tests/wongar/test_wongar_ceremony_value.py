"""The likely outcome of a ceremony under way (wongar/ceremony.py), on situations of the rules
(docs/rules/wongar.md, "Ceremony"): participants answer in turn, one ritual card each or a
pass (and a pass leaves the ceremony); ties go to the ancestor holder; a ceremony of the
ancestor in section II pays 3 points for each type's majority.

Bruno (0) took the ancestor card on Émeu and moved the ancestor to Kangourou, where he has
1 cube and Chloé (2) 2 cubes: the ceremony starts with him, then Chloé answers. He plays his
cube card; removing one of Chloé's cubes ties them 1-1, and the tie is his (he now holds the
ancestor).
"""

from rituels.analysis.core import Estimator, Review
from rituels.wongar.bots import HAND_CARD_VALUE
from rituels.wongar.ceremony import ceremony_value
from wongar_helpers import ceremony, play

TOKENS = [("kangaroo", 0, "cube", 1), ("kangaroo", 2, "cube", 2), ("hand", 0, "cube", 1),
          ("snake", 1, "disc", 2), ("turtle", 3, "cylinder", 2), ("fish", 2, "disc", 1)]


def kangaroo(chloe: dict) -> object:
    return ceremony(0, tokens=TOKENS, hands={0: {"cube": 1}, 2: chloe}, time=5)


def test_nobody_left_to_answer_the_majority_is_certain():
    # Chloé holds no card: she cannot answer, so once Bruno's cube card is played the cube
    # majority is his for sure: the 3 points in full, nobody else scores.
    s = play(kangaroo({}), "play:cube")
    assert s.step == "effect"
    assert ceremony_value(s, HAND_CARD_VALUE) == [3.0, 0.0, 0.0, 0.0]


def test_a_rival_still_holding_cards_may_answer():
    # Chloé holds two cards and answers after him: she may take the cubes back (a cube card
    # removes one of his, a double brings or places two of hers), so Bruno expects less than
    # the 3 points and Chloé more than nothing; the more cards she holds, the less he expects.
    values = []
    for hand in ({"disc": 1}, {"disc": 1, "cube": 1}, {"disc": 2, "cube": 1}):
        s = play(kangaroo(hand), "play:cube")
        v = ceremony_value(s, HAND_CARD_VALUE)
        assert 0.0 < v[0] < 3.0 and 0.0 < v[2] < 3.0 and v[1] == v[3] == 0.0
        values.append(v[0])
    assert values[0] > values[1] > values[2]


def test_only_public_information_is_read():
    # What Chloé's cards are is hidden from Bruno: two cubes or two cylinders, the same value
    # (only their number and the cards not yet seen count).
    cubes = ceremony_value(play(kangaroo({"cube": 2}), "play:cube"), HAND_CARD_VALUE)
    cylinders = ceremony_value(play(kangaroo({"cylinder": 2}), "play:cube"), HAND_CARD_VALUE)
    assert cubes == cylinders


def test_the_review_wants_the_card_played_when_nobody_can_answer():
    # Passing leaves Chloé the cubes (3 points to her) where the card takes them (3 to him):
    # the review calls the pass a mistake at least.
    s = kangaroo({})
    assert s.current_player() == 0 and s.step == "ceremony"
    ranked = Estimator("wongar", hidden=True).choices(s, 7)
    chances = {s.action_to_str(a): c for a, c in ranked}
    assert s.action_to_str(ranked[0][0]) == "play:cube"
    review = Review(7, 0, "pass", "play:cube", chances["pass"], chances["play:cube"])
    assert review.grade in ("mistake", "blunder"), review.loss
