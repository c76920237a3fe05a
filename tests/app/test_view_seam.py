"""The declared view seam (issue 22, item 5): each game names its view module, and that module
has every part of rituels.viewkit.ViewModule, the optional ones callable or None."""

import ast
import importlib
from pathlib import Path

import pytest

import rituels.screens as screens

from rituels.engine.game import GAME_IDS, get_game
from rituels.viewkit import VIEW_PARTS, load_view

OPTIONAL = ("standings", "roll_label", "last_turn")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_game_declares_a_view_with_every_part(game_id):
    view = load_view(game_id)
    assert view is importlib.import_module(get_game(game_id).view)
    for name in VIEW_PARTS:
        part = getattr(view, name)  # AttributeError: the view misses a part
        assert callable(part) or (name in OPTIONAL and part is None), (game_id, name)


def test_only_cthulhu_dice_names_its_roll():
    assert [g for g in GAME_IDS if load_view(g).roll_label is not None] == ["cthulhu-dice"]


def test_screens_never_import_the_app():
    """The one arrow that ran up (screens/home.py loading views through app/) is gone."""
    for path in Path(screens.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not [m for m in imported if m and m.startswith("rituels.app")], path.name
