"""Issue 22's action vocabulary: every action of random games (legal choices and chance
outcomes) writes to a notation that reads back to the same action, every verb a game declares
turns up, and notation no verb reads raises NotationError."""

import importlib
import random

import pytest

from rituels.engine import get_game
from rituels.engine.actions import verb
from rituels.engine.game import GAME_IDS
from rituels.engine.state import NotationError

from .replay_corpus import TABLES

GAMES = 60


def _vocabulary(game_id):
    rules = importlib.import_module(f"rituels.{game_id.replace('-', '_')}.rules")
    return getattr(rules, "VOCABULARY", None)


def _positions(game_id):
    """Every position of GAMES random games of ``game_id``, over its tables."""
    game = get_game(game_id)
    for seed in range(GAMES):
        players, options = TABLES[game_id][seed % len(TABLES[game_id])]
        rng = random.Random(seed)
        state = game.start(players, options)
        while not state.is_terminal():
            yield state
            if state.is_chance():
                action = rng.choice([a for a, _ in state.chance_outcomes()])
            else:
                action = rng.choice(state.legal_actions())
            state.apply(action)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_action_writes_and_reads_back(game_id):
    vocabulary = _vocabulary(game_id)
    seen = set()
    for state in _positions(game_id):
        if state.is_chance():
            choices = [a for a, _ in state.chance_outcomes()]
        else:
            choices = state.legal_actions()
        for action in choices:
            text = state.action_to_str(action)
            assert state.str_to_action(text) == action, (game_id, action, text)
            if vocabulary is not None:
                assert verb(action) in vocabulary, (game_id, action)
                seen.add(verb(action))
    if vocabulary is not None:
        assert seen == set(vocabulary), f"{game_id}: verbs never played {set(vocabulary) - seen}"


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("text", ["", "zz", "m:", "?x1", "d", "discard", "first", "C:", "vX"])
def test_bad_notation_raises(game_id, text):
    state = get_game(game_id).start(TABLES[game_id][0][0], TABLES[game_id][0][1])
    with pytest.raises(NotationError):
        state.str_to_action(text)


# Wongar: a known verb with a bad argument, or a good notation bent by one character.
@pytest.mark.parametrize("text", [
    "take", "take:", "take:nowhere", "take:emu:emu", "Take:emu", "take:emu ", "play:scorpion",
    "start:3", "start:01", "start:-1", "remove:x", "bag:0", "bag:0:disc:1", "bag:3:disc",
    "bag:0:sphere", "opt:three", "double:disc", "double:disc:hold", "double:sphere:place",
    "pass:", "pass:pass", " pass", "elderholder:", "draw:double:1", "triple:emu"])
def test_wongar_bad_notation_says_so(text):
    state = get_game("wongar").start(3, {"variant": "advanced"})
    with pytest.raises(NotationError, match="not a Wongar action"):
        state.str_to_action(text)


def test_wongar_notation_starts_with_the_verb():
    """str_to_action finds a Wongar reader by the text's head: every notation must start
    with its action's verb; an action of no verb cannot be written."""
    seen = 0
    for n, state in enumerate(_positions("wongar")):
        if n == 3000:
            break
        choices = ([a for a, _ in state.chance_outcomes()] if state.is_chance()
                   else state.legal_actions())
        for action in choices:
            assert state.action_to_str(action).partition(":")[0] == verb(action), action
            seen += 1
    assert seen > 3000
    with pytest.raises(NotationError, match="not a Wongar action"):
        state.action_to_str(("fly", 0))


# --- Cthulhu Dice: an action's verb is the phase it is played in ---------------------------
def test_cthulhu_dice_verbs_are_the_phases_they_are_played_in():
    for state in _positions("cthulhu-dice"):
        choices = ([a for a, _ in state.chance_outcomes()] if state.is_chance()
                   else state.legal_actions())
        assert {verb(a) for a in choices} == {state.phase}


@pytest.mark.parametrize("options,text", [
    ({}, "vC"), ({}, "g3"), ({"mode": "cthulhu"}, "g0"), ({"mode": "cthulhu"}, "v5"),
    ({}, "v01"), ({}, "eO"), ({}, "v"), ({}, "e"), ({}, "YT")])
def test_cthulhu_dice_notation_outside_the_table_raises(options, text):
    """Cthulhu and the gifts exist only in the variant; seats only up to the table's."""
    with pytest.raises(NotationError):
        get_game("cthulhu-dice").start(4, options).str_to_action(text)
