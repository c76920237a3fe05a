"""The marks of a choice on the board (rituels/boardmarks.py, each game's marks.py) and the
rules' one-line reasons the coach gives (scenarios from docs/rules/*.md)."""

import random
import re

from tuchulcha_setup import position, roll
from wongar_helpers import ceremony, play

from rituels import boardmarks
from rituels.app.coach import marks_of, reason_of
from rituels.app.session import load_view
from rituels.cthulhu_dice.game import GAME as CTHULHU
from rituels.engine.game import get_game
from rituels.engine.state import sample_chance
from rituels.tuchulcha.geometry import layout
from rituels.viewkit import ViewContext


def ctx(player, lang="fr"):
    return ViewContext(lang=lang, names=["Ada", "Bo", "Cy", "Di"], viewer=player,
                       interactive=True, animate=False, local=(player,))


def test_every_legal_choice_is_drawn_on_its_board_in_every_game():
    for game_id in ("tuchulcha", "wongar", "cthulhu-dice"):
        state, rng, view = get_game(game_id).start(4, {}), random.Random(3), load_view(game_id)
        seen = 0
        for _ in range(300):
            if state.is_terminal():
                break
            player = state.current_player()
            if player < 0:
                state.apply(sample_chance(state, rng))
                continue
            board = view.render(state, ctx(player))
            for action in state.legal_actions():
                drawn = boardmarks.draw(board, best=marks_of(state, action))
                assert "mark-best" in drawn, (game_id, state.action_to_str(action))
                seen += 1
            state.apply(rng.choice(state.legal_actions()))
        assert seen > 10


def test_a_tuchulcha_move_is_an_arrow_from_its_stone_to_where_it_lands():
    st = roll(position(4, stones={9: (0, 1), 11: (1, 1)}), 2, 1)
    action = st.str_to_action("2:9x1")
    (mark,) = marks_of(st, action)
    assert mark.kind == "arrow" and mark.target == "tu-board"
    geo = layout(st.side.name)
    x0, y0 = map(float, re.match(r"M([-\d.]+),([-\d.]+)", mark.path).groups())
    x1, y1 = map(float, re.match(r"M([-\d.]+),([-\d.]+)", mark.head).groups())
    near = lambda x, y, stone: ((x - geo.stones[stone][0]) ** 2
                                + (y - geo.stones[stone][1]) ** 2) ** .5 <= geo.stone_r + 1
    assert near(x0, y0, 9) and near(x1, y1, 11)        # from stone 9, head on stone 11
    board = load_view("tuchulcha").render(st, ctx(0))
    drawn = boardmarks.draw(board, played=[mark])
    svg = drawn[drawn.index('<svg class="tu-board"'):]
    assert svg.index('class="mark-arrow mark mark-played"') < svg.index("</svg>")


def test_a_button_choice_is_ringed_and_a_played_and_best_mark_differ():
    # a consecration is possible: the turn starts with the "roll" and "consecrate" buttons
    st = position(4, stones={36: (0, 2)}, velthumena={0: 3})
    board = load_view("tuchulcha").render(st, ctx(0))
    drawn = boardmarks.draw(board, best=marks_of(st, "roll"))
    (tag,) = re.findall(r"<button[^>]*mark-best[^>]*>", drawn)
    assert 'data-action="roll"' in tag
    assert 'data-action=' not in boardmarks.inert(drawn) and 'data-shown="roll"' in \
        boardmarks.inert(drawn)
    # several sacrifices: the consecrate button (a selection "C" first) carries the mark
    both = boardmarks.draw(board, played=marks_of(st, st.str_to_action("C:36x1")),
                           best=marks_of(st, "roll"))
    assert re.search(r'<button[^>]*mark-played[^>]*data-select="C"', both)
    assert "mark-played" not in drawn


def test_tuchulcha_reason_hits_n():
    # "the attackers' power at least the defenders' power: the defenders go to the forest"
    st = roll(position(4, stones={9: (0, 1), 11: (1, 1)}), 2, 1)
    assert reason_of(ctx(0), st, st.str_to_action("2:9x1")) == "Frappe 1 pion adverse."
    assert reason_of(ctx(0, "en"), st, st.str_to_action("2:9x1")) == "Hits 1 opposing pawn."


def test_tuchulcha_reason_avoids_the_passage():
    # Stone 8 of side A is a passage: a pawn that stops there is lost to the forest.
    st = roll(position(4, stones={5: (0, 1)}), 4, 3)
    safe, lost = st.str_to_action("4:5x1"), st.str_to_action("3:5x1")
    assert st.move_effect(lost).lost and not st.move_effect(safe).lost
    assert "passage" in reason_of(ctx(0), st, safe)
    assert reason_of(ctx(0), st, lost) == ""


def test_tuchulcha_reason_leaves_the_mystic_stone():
    # Stone 4 is mystic: pawns standing there at the start of the turn move off first.
    st = roll(position(4, stones={4: (0, 1), 20: (0, 1)}), 2, 1)
    assert 4 in st.must_leave
    assert "pierre mystique" in reason_of(ctx(0), st, st.str_to_action("2:4x1"))


def test_wongar_reason_takes_the_majority_of_cubes():
    # A ceremony in Kangourou, one cube each for players 0 and 1; player 0 brings a cube in
    # from Émeu with a cube ritual card: the majority of cubes there is theirs.
    s = ceremony(0, tokens=[("kangaroo", 0, "cube", 1), ("kangaroo", 1, "cube", 1),
                            ("emu", 0, "cube", 1)], hands={0: {"cube": 1}})
    play(s, "play:cube")
    text = reason_of(ctx(0), s, s.str_to_action("in:emu"))
    assert text == "Prend la majorité des cubes en Kangourou."
    assert reason_of(ctx(0), s, s.str_to_action("out:emu")) == ""   # gives the tie away


def test_cthulhu_reason_targets_the_richest_and_a_ring_on_the_seat():
    state = CTHULHU.start(4, {})
    state.tokens = [3, 1, 5, 2]
    state.total = sum(state.tokens) + state.pool
    assert "Vise le plus riche (5 jetons)" in reason_of(ctx(0), state, ("victim", 2))
    assert reason_of(ctx(0), state, ("victim", 1)) == ""
    board = load_view("cthulhu-dice").render(state, ctx(0))
    drawn = boardmarks.draw(board, best=marks_of(state, ("victim", 2)))
    assert re.search(r'<g id="cd-seat-2" class="[^"]*mark-best', drawn)
