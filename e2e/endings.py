"""Games played at random in Python up to one decision before their end: a browser test opens
one by its link, plays that last decision by clicks or keys, and scripts the chance outcomes
that follow (the seeded fixture's ``chance``), so the end screen comes the same on every run
without a game played to its end in the page."""

from __future__ import annotations

import random

from rituels.engine import CHANCE, sample_chance
from rituels.engine.record import new_record, start_state

PEOPLE = ("Ada", "Bruno", "Chloé", "Dario")


def last_decision(game: str, seed: int, names=PEOPLE, bot: str = "easy",
                  options: dict | None = None):
    """A game between ``names[0]`` (a person at this device) and bots of ``bot``'s level,
    played at random from ``seed`` to its end, cut just before the last decision, which must
    be the person's: (the record so far, that decision's notation, the chance outcomes after
    it, the final state)."""
    rng = random.Random(seed)
    record = new_record(game, [{"name": n, "bot": None if i == 0 else bot}
                               for i, n in enumerate(names)], options)
    _, state = start_state(record)
    played = []
    while not state.is_terminal():
        who = state.current_player()
        action = sample_chance(state, rng) if who == CHANCE else rng.choice(state.legal_actions())
        played.append((who, state.action_to_str(action)))
        state.apply(action)
    last = max(i for i, (who, _) in enumerate(played) if who != CHANCE)
    assert played[last][0] == 0 and all(who == CHANCE for who, _ in played[last + 1:]), seed
    record["actions"] = [n for _, n in played[:last]]
    return record, played[last][1], [n for _, n in played[last + 1:]], state
