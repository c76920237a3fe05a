"""Parts of a board a view marks ``data-static="key"`` are kept as they are by the page when
the key is unchanged (web/boot.js: Idiomorph skips them). So the contract is: one key, one
markup, in every state, language and seat the view is drawn for."""

from __future__ import annotations

import random
import re

import pytest

from rituels.app.session import load_view
from rituels.engine.game import get_game
from rituels.engine.state import TERMINAL
from rituels.viewkit import ViewContext

START_TAG = re.compile(r'<(\w+)[^>]*\sdata-static="([^"]*)"[^>]*>')


def static_parts(markup: str) -> list[tuple[str, str]]:
    """(key, the element's whole markup) for each element marked data-static."""
    out = []
    for match in START_TAG.finditer(markup):
        tag, key = match.groups()
        depth, end = 0, None
        for t in re.finditer(rf"<{tag}[\s>/]|</{tag}>", markup[match.start():]):
            depth += -1 if t.group().startswith("</") else 1
            if depth == 0:
                end = match.start() + t.end()
                break
        assert end is not None, f"data-static={key!r}: unclosed <{tag}>"
        out.append((key, markup[match.start():end]))
    return out


def drawn_states(game_id: str, players: int, seed: int, every: int = 7):
    """States along a random game (chance outcomes drawn at random as well)."""
    rng = random.Random(seed)
    state = get_game(game_id).start(players, {})
    step = 0
    while True:
        if step % every == 0:
            yield state
        if state.current_player() == TERMINAL or step > 400:
            yield state
            return
        state.apply(rng.choice(state.legal_actions()))
        step += 1


@pytest.mark.parametrize("game_id,players,keys", [
    ("wongar", 3, {"wg-deco", "wg-borders", "wg-dotline", "wg-points-0", "wg-points-1",
                   "wg-points-2"}),
    ("wongar", 5, {"wg-deco", "wg-borders", "wg-dotline"}),
    ("tuchulcha", 2, set()),
    ("tuchulcha", 4, set()),
])
def test_a_static_key_always_has_the_same_markup(game_id, players, keys):
    view = load_view(game_id)
    seen: dict[str, str] = {}
    for i, state in enumerate(drawn_states(game_id, players, seed=players)):
        player = state.current_player()
        viewer = player if player >= 0 else 0
        for lang in ("fr", "en"):
            ctx = ViewContext(lang=lang, names=[f"P{p}" for p in range(players)],
                              viewer=viewer, interactive=bool(i % 2), local=(viewer,))
            for key, markup in static_parts(view.render(state, ctx)):
                assert seen.setdefault(key, markup) == markup, key
    assert keys <= set(seen)
    if game_id == "tuchulcha":
        assert [k for k in seen if k.startswith("tu-table-")]


def test_static_parts_are_found_whole():
    markup = ('<svg><g data-static="a"><g><path/></g><g></g></g><g class="x">'
              '<g data-static="b"></g></g></svg>')
    assert static_parts(markup) == [("a", '<g data-static="a"><g><path/></g><g></g></g>'),
                                    ("b", '<g data-static="b"></g>')]
