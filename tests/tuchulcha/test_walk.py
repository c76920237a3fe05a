"""Pawns that just moved walk their route on the board, stone by stone (issue 24)."""

import random
import re

from rituels.engine import CHANCE, get_game, sample_chance
from rituels.tuchulcha import view
from rituels.viewkit import ViewContext


def _after_a_move(from_temple: bool, seed: int = 1):
    """A 4-player game played at random until one group has just moved from a stone (or
    from its temple) to a stone."""
    rng = random.Random(seed)
    state = get_game("tuchulcha").start(4)
    while not state.is_terminal():
        a = sample_chance(state, rng) if state.current_player() == CHANCE else \
            rng.choice(state.legal_actions())
        state.apply(a)
        last = state.last_move
        if last and len(last[0]) == 1 and isinstance(last[1], int):
            src = last[0][0]
            if (isinstance(src, str) and src.startswith("T")) == from_temple and src != "S":
                return state
    raise AssertionError("no such move")


def _walkers(state, animate: bool = True):
    ctx = ViewContext(lang="fr", names=["A", "B", "C", "D"], viewer=None, interactive=False,
                      animate=animate)
    html = view.render(state, ctx)
    return re.findall(r'<g id="([^"]+)" class="piece tu-walk" style="offset-path:path\(\'M([^\']+)\'\);'
                      r'animation-duration:([0-9.]+)s">', html)


def test_a_move_from_a_stone_walks_over_every_stone_on_the_way():
    state = _after_a_move(from_temple=False)
    (src,), dest = state.last_move
    [(ident, path, seconds)] = _walkers(state)
    points = path.split(" L")
    # where the group stood, then each stone up to the destination (the loop's numbers)
    assert len(points) == 1 + (dest - src) % state.side.loop
    assert ident in (f"tu-piece-s{dest}", f"tu-piece-s{src}")
    assert 0 < float(seconds) <= 0.85 and float(seconds) / (len(points) - 1) < 0.6


def test_a_move_from_the_temple_walks_from_the_temple_and_nothing_walks_in_a_replay():
    state = _after_a_move(from_temple=True)
    (src,), dest = state.last_move
    entry = state.side.entries[int(src[1:])]
    [(_, path, _)] = _walkers(state)
    assert len(path.split(" L")) == 1 + (dest - entry) % state.side.loop + 1
    assert _walkers(state, animate=False) == []
