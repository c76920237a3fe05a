"""The die says whose roll comes next, blank, rather than the last turn's face (issue 24)."""

import random

from rituels.cthulhu_dice import view
from rituels.cthulhu_dice.rules import ROLL
from rituels.engine import CHANCE, get_game, sample_chance
from rituels.viewkit import ViewContext

NAMES = ["Ada", "Bruno", "Chloé"]


def _ctx():
    return ViewContext(lang="fr", names=NAMES, viewer=None, interactive=False, animate=True)


def test_after_the_victim_the_die_is_blank_and_names_the_roller():
    rng = random.Random(3)
    state = get_game("cthulhu-dice").start(3)
    while True:                       # a turn or two, to a victim chosen after some roll
        before_roll = state.phase == ROLL and state.last_face and not state.counter
        if before_roll and state.events and state.events[0][0] != "roll":
            break
        a = sample_chance(state, rng) if state.current_player() == CHANCE else \
            rng.choice(state.legal_actions())
        state.apply(a)
    html = view.render(state, _ctx())
    roller = NAMES[state.owner[state.caster]]
    assert f"À {roller} de lancer" in html and "cd-die-next" in html
    state.apply(sample_chance(state, rng))         # the roll: its face is shown
    assert "cd-die-next" not in view.render(state, _ctx())
