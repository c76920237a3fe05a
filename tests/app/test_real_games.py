"""The app with the real games, played whole through clicks as the page sends them (no
browser): one person at the screen against bots, each of her choices made among the
clickables the rendered markup offers (data-action, data-select, the roll button), seeded so
every game plays the same. Along each game, every clickable is reachable by the keyboard and
Escape after a selection goes back to the previous offer; each game ends, shows its end
screen, replays from its save to the same position and is listed finished. And a reload in
the middle of each game restores exactly the same position."""

import json
import html as html_module
import random
import re
from collections import Counter

import pytest

from rituels.app.controller import App
from rituels.app.storage import MemoryStorage
from rituels.engine.actions import verb
from rituels.engine.game import GAME_IDS
from rituels.engine.history import replay
from rituels.app.testseam import TEST_KEY
from rituels.tuchulcha.game import FIXED_LEAVES
from apphelpers import clickables, elements, form_for, keyboard_reachable, log_lines, run_timers

MAX_STEPS = 3000              # a person's steps: far more than any of these games needs
ESCAPES = 3                  # selections undone by Escape in a game (each costs two screens)
END_RESULT = re.compile(r'class="end-result"[^>]*>([^<]*)<')


def new_game(game_id, kinds, seed):
    """An app on a new game of ``game_id``: seat 0 is Ada at the screen, the others ``kinds``."""
    storage = MemoryStorage()
    storage.set(TEST_KEY, json.dumps({"fixed_effort": True}))   # bots: same moves anywhere
    app = App(storage, "", pace_s=0, rng=random.Random(seed))
    app.navigate(f"#/new/{game_id}")
    seats = {f"seat-{i}-kind": kind for i, kind in enumerate(["human", *kinds])}
    app.click({"cmd": "start", "form": form_for(
        app, count=str(len(kinds) + 1), **{"seat-0-name": "Ada"}, **seats)})
    assert [seat["bot"] for seat in app.session.record["seats"]] == [None, *kinds]
    return app


def offer(markup):
    """What the game screen offers the person: (kind, value) of its actions and selections."""
    return {(k, e.attrs[k]) for e in clickables(elements(markup)) if "#main" in e.within
            for k in ("data-action", "data-select") if k in e.attrs}


def play(app, rng, regions=(), prefer=None, look=None, steps=MAX_STEPS):
    """Ada plays until the game ends (or for ``steps`` clicks), the bots' timers run after
    each of her clicks. On each of her screens every clickable is keyboard-reachable, every
    action offered is legal, and ``look(markup, elements)`` checks what the game needs. Her
    choice: ``prefer(offered)`` when it names one, else a random one of the actions and
    selections offered (only actions once something is selected, so no endless reselecting).
    The first selection of her first ``ESCAPES`` decisions with one is undone by Escape, which
    must give back the offer before it, then made again. Returns what she did: counts of
    (region, verb of the action, "select" or "roll"), and of ("key", "Escape")."""
    s = app.session
    done = Counter()
    for _ in range(steps):
        run_timers(app)
        if s.state.is_terminal():
            return done
        markup = app.render()
        found = elements(markup)
        page = clickables(found)
        unreachable = [e for e in page if not keyboard_reachable(e)]
        assert not unreachable, unreachable
        if look is not None:
            look(markup, found)
        if s.human_to_roll():
            roll, = (e for e in page if e.attrs.get("data-cmd") == "roll")
            app.click({"cmd": "roll"})
            done[next((r for r in regions if r in roll.within), "other"), "roll"] += 1
            continue
        assert s.human_to_decide()
        legal = {s.state.action_to_str(a) for a in s.state.legal_actions()}
        offered = [e for e in page if "#main" in e.within
                   and ("data-action" in e.attrs or "data-select" in e.attrs)]
        actions = [e for e in offered if "data-action" in e.attrs]
        assert {e.attrs["data-action"] for e in actions} <= legal
        chosen = (prefer and prefer(offered)) or rng.choice(
            actions if s.selection and actions else offered)
        region = next((r for r in regions if r in chosen.within), "other")
        if "data-action" in chosen.attrs:
            notation = chosen.attrs["data-action"]
            done[region, verb(s.state.str_to_action(notation))] += 1
            app.click({"action": notation})
            continue
        token = chosen.attrs["data-select"]
        if not s.selection and done["key", "Escape"] < ESCAPES:
            before = offer(markup)
            app.click({"select": token})
            assert offer(app.render()) != before        # the selection shows its next step
            app.key("Escape")
            assert not s.selection and offer(app.render()) == before
            done["key", "Escape"] += 1
        app.click({"select": token})
        done[region, "select"] += 1
    run_timers(app)
    return done


def check_the_end(app):
    """The game is over, its end screen shows with its result also in the log, its save
    replays to the same final position and My games lists it finished. Returns the markup."""
    s = app.session
    assert s.state.is_terminal()
    markup = app.render()
    assert 'id="end-title"' in markup and 'data-cmd="rematch"' in markup
    result = END_RESULT.search(markup).group(1).strip()
    assert result and html_module.unescape(result) in log_lines(markup)
    assert replay(app.saves.get(s.save_id)).state.to_json() == s.state.to_json()
    entry, = app.saves.list()
    assert entry["id"] == s.save_id and entry["finished"] is True
    return markup


def test_cthulhu_dice_one_person_against_three_bots_to_the_end():
    app = new_game("cthulhu-dice", ["easy"] * 3, seed=1)
    done = play(app, random.Random(7))
    assert done["other", "roll"] and done["other", "victim"], done   # (no selections here)
    check_the_end(app)


def elements_of(markup, cls):
    return [e for e in elements(markup) if cls in e.classes()]


# The board at each count: temples, stones, each temple's pawns. Seeds chosen so that Ada's
# game goes through the panel's choices named: the third die taken or not, the count of pawns
# to move ("select"), the die discarded, the role change ("C"), a combined attack ("A").
TUCHULCHA = [
    pytest.param(["easy"], 1, (4, 40, 9), {"third", "nothird"}, id="2 players"),
    pytest.param(["easy"] * 2, 1, (3, 33, 9), {"select", "discard", "C"}, id="3 players, side B"),
    pytest.param(["easy"] * 3, 6, (4, 40, 8), {"third", "nothird", "discard", "C", "A"},
                 id="4 players"),
    pytest.param(["strong", "easy", "easy"], 1, (4, 40, 8), {"third", "select", "discard", "C"},
                 id="4 players, a strong bot"),
]


@pytest.mark.parametrize("kinds, seed, board, panel", TUCHULCHA)
def test_tuchulcha_one_person_against_bots_to_the_end(kinds, seed, board, panel):
    app = new_game("tuchulcha", kinds, seed)
    markup = app.render()
    temples, stones, pawns = board
    assert len(elements_of(markup, "tu-temple")) == temples
    labels = [e.attrs.get("aria-label", "") for e in elements_of(markup, "tu-place")]
    assert sum(label.startswith("pierre ") for label in labels) == stones
    assert f"temple rouge (Achvizr)\u202f: {pawns} aruspices rouges" in labels

    def look(markup, found):
        # Ada's moves are offered on the board as buttons with a name.
        for e in clickables(found):
            if "tu-board" in e.within and "data-action" in e.attrs:
                assert e.attrs.get("role") == "button" and e.attrs.get("aria-label"), e

    done = play(app, random.Random(seed), regions=("tu-board", "tu-choices"), look=look)
    if "strong" in kinds:   # the seat played at the fixed effort the test seam asks for
        assert app.session.bots[1 + kinds.index("strong")].max_leaves == FIXED_LEAVES
    assert done["other", "roll"] and done["tu-board", "select"] and done["tu-board", "m"], done
    assert done["key", "Escape"], done
    assert panel <= {v for (region, v) in done if region == "tu-choices"}, done
    lines = log_lines(check_the_end(app))
    assert any("Ada (rouge, Achvizr) déplace" in line for line in lines)
    assert any("lance les dés" in line for line in lines)


# One card (the elders' privilege, an option) or several (an option, "four cards").
ADA_DREW = re.compile(r"Ada pioche (une carte|\d+ cartes) rituel\.")
STANDINGS = re.compile(r"wg-standings.*?<thead>(.*?)</thead>.*?<tbody>(.*?)</tbody>", re.S)
# Seeds chosen so that Ada plays a ritual card in a ceremony.
WONGAR = [pytest.param(["easy"] * n, seed, id=f"{n + 1} players")
          for n, seed in ((2, 1), (3, 1), (4, 1))]


@pytest.mark.parametrize("kinds, seed", WONGAR)
def test_wongar_one_person_against_bots_to_the_end(kinds, seed):
    app = new_game("wongar", kinds, seed)
    assert len(elements_of(app.render(), "wg-map")) == 1
    drew = []

    def look(markup, found):
        # Only Ada's hand is ever on the page, and nobody decides anything in a draw: there
        # is never a roll button.
        hands = [e for e in found if "wg-private" in e.classes()]
        assert len(hands) <= 1 and all(e.attrs.get("data-viewer") == "0" for e in hands)
        assert not any(e.attrs.get("data-cmd") == "roll" for e in found)
        drew[:] = [line for line in log_lines(markup) if ADA_DREW.search(line)]

    def prefer(offered):
        # Offered a token card's options, Ada draws ritual cards until her first draw: her
        # draws are then in every game, not only in deals that hand her the elder.
        return None if drew else next(
            (e for e in offered if e.attrs.get("data-action") == "opt:draw"), None)

    done = play(app, random.Random(seed), look=look, prefer=prefer)
    # Ada took cards, placed tokens, played a ritual card (in a ceremony), drew without a click.
    assert {"take", "place", "play"} <= {v for _, v in done} and drew, done
    assert done["key", "Escape"], done
    markup = check_the_end(app)
    assert any("Cérémonie sur" in line for line in log_lines(markup))
    assert len(elements_of(markup, "wg-final")) == 1      # the area cards each one took
    # The standings in the end panel: rank, player, ceremonies, bonus (8 points), total.
    head, body = STANDINGS.search(markup).groups()
    assert "Rang" in head and "Bonus" in head and "Total" in head and "+" in body


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_reload_mid_game_restores_the_position(game_id):
    rng = random.Random(3)
    storage = MemoryStorage()
    app = App(storage, "", pace_s=0, rng=random.Random(2))
    app.navigate(f"#/new/{game_id}")
    app.click({"cmd": "start", "form": form_for(app)})
    s = app.session
    play(app, rng, steps=6)
    again = App(storage, "", pace_s=0)
    again.navigate(f"#/play/{s.save_id}")
    assert again.session.record["actions"] == s.record["actions"]
    assert again.session.state.to_json() == s.state.to_json()
    assert again.render() == app.render()
