"""The effects seam (docs/architecture.md, "Effects"): the app queues small dataclasses, the
worker sends them as plain dicts made in one place, and the glue runs each kind from one table.
Both sides must name the same kinds: a kind the glue does not know would be logged and lost."""

import ast
import json
from pathlib import Path

import pytest

from rituels.app import effects
from rituels.app.controller import App

GLUE = Path(__file__).resolve().parents[2] / "web" / "glue.py"


def glue_constant(name):
    """The value of a module-level assignment in web/glue.py (which imports ``js``, so it is
    read as source, not imported)."""
    for node in ast.parse(GLUE.read_text("utf-8")).body:
        if isinstance(node, ast.Assign) and [t.id for t in node.targets] == [name]:
            return node.value
    raise AssertionError(f"web/glue.py has no {name}")


def test_the_glue_runs_exactly_the_kinds_the_app_declares():
    runners = glue_constant("RUNNERS")
    assert sorted(ast.literal_eval(key) for key in runners.keys) == sorted(effects.KINDS)
    after_render = ast.literal_eval(glue_constant("AFTER_RENDER"))
    assert set(after_render) <= set(effects.KINDS)


def test_every_kind_is_one_dataclass_with_its_own_name():
    assert len(set(effects.KINDS)) == len(effects.KINDS)


@pytest.mark.parametrize("effect, sent", [
    (effects.Timer(250), {"type": "timer", "ms": 250, "budget_ms": 0}),
    (effects.Timer(0, 600), {"type": "timer", "ms": 0, "budget_ms": 600}),
    (effects.Focus("#status"), {"type": "focus", "target": "#status"}),
    (effects.Reveal(), {"type": "reveal"}),
    (effects.KeepClear(".mark", ".coach-answer"),
     {"type": "keep-clear", "target": ".mark", "cover": ".coach-answer"}),
    (effects.Download("a.json", "application/json", "{}"),
     {"type": "download", "filename": "a.json", "mime": "application/json", "text": "{}"}),
    (effects.BotTime("wongar", 12.5, "3"),
     {"type": "bot", "game": "wongar", "ms": 12.5, "level": "3"}),
])
def test_an_effect_is_sent_as_its_kind_and_fields(effect, sent):
    assert effects.to_json(effect) == sent
    assert json.loads(json.dumps(effects.to_json(effect))) == sent


def test_an_effect_cannot_change_once_queued():
    with pytest.raises(AttributeError):
        effects.Focus("#status").target = "#main-title"


def test_the_app_hands_its_effects_over_as_plain_dicts_once():
    app = App({})
    app.navigate("#/")
    app.navigate("#/games")
    taken = app.take_effects()
    assert taken and all(isinstance(e, dict) and e["type"] in effects.KINDS for e in taken)
    json.dumps(taken)
    assert app.take_effects() == []
