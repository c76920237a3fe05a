"""Four languages at the table (issue 29): a link opens in the receiver's language, the
picker remembers the choice, and whole games read in Italian and German (every placeholder
filled, no key shown instead of text)."""

import importlib
import random
import re

import pytest

from rituels.app.storage import MemoryStorage
from rituels.engine.game import get_game
from rituels.engine.state import CHANCE, sample_chance
from rituels.viewkit import ViewContext
from apphelpers import html_text, play_human_turn, run_timers, sent_link, start_remote


def test_a_link_opens_in_the_language_of_the_device_that_opens_it(fake_game, make_app):
    sender = make_app(MemoryStorage(), "fr-FR")
    start_remote(sender)
    play_human_turn(sender)
    run_timers(sender)
    link = sent_link(sender)
    assert "À envoyer à Bob" in html_text(sender)
    for browser, words in (("it-IT", "Una partita a distanza"), ("de-DE", "Eine Fernpartie"),
                           ("en-GB", "game")):
        receiver = make_app(MemoryStorage(), browser)
        receiver.navigate(link)
        assert receiver.lang == browser[:2]
        assert words in html_text(receiver)
        assert "Rejoindre" not in html_text(receiver)


def test_the_picker_offers_four_languages_and_remembers_the_choice(fake_game, make_app):
    storage = MemoryStorage()
    app = make_app(storage, "en-US")
    page = app.render()
    for code, name in (("fr", "Français"), ("en", "English"), ("it", "Italiano"),
                       ("de", "Deutsch")):
        assert f'data-lang="{code}"' in page and f'title="{name}"' in page
    app.click({"cmd": "lang", "lang": "it"})
    assert "Nuova partita" in app.render() and 'aria-pressed="true"' in app.render()
    assert make_app(storage, "de-DE").lang == "it"



def _texts_of_a_game(game_id, lang, seed):
    """What the views write during one seeded random game in ``lang``: statuses (for the
    person at the screen and for the others), boards now and then, log lines, the result,
    the standings and the rules page."""
    view = importlib.import_module(f"rituels.{game_id.replace('-', '_')}.view")
    game, rng = get_game(game_id), random.Random(seed)
    state = game.start(game.default_players, {})
    names = [f"P{i}" for i in range(game.default_players)]
    out = []
    for step in range(3000):
        if state.is_terminal():
            break
        who = state.current_player()
        for local in ((), (max(who, 0),)):
            ctx = ViewContext(lang=lang, names=names, local=local, interactive=bool(local))
            out.append(view.status(state, ctx))
            if step % 10 == 0:
                out.append(view.render(state, ctx))
        action = (sample_chance(state, rng) if who == CHANCE
                  else rng.choice(state.legal_actions()))
        before = state.clone()
        state.apply(action)
        out += view.describe(before, action, state, ViewContext(lang=lang, names=names))
    assert state.is_terminal()
    ctx = ViewContext(lang=lang, names=names)
    out.append(view.result(state, ctx))
    if hasattr(view, "standings"):
        out.append(view.standings(state, ctx))
    out.append(view.help_page(ctx))
    return out


@pytest.mark.parametrize("game_id", ["cthulhu-dice", "tuchulcha", "wongar"])
@pytest.mark.parametrize("lang", ["it", "de"])
def test_a_whole_game_reads_in_italian_and_german(game_id, lang):
    joined = "\n".join(_texts_of_a_game(game_id, lang, seed=3))
    assert not re.search(r"\{[a-z_]+(:[a-z]+)?\}", joined), "a placeholder left unfilled"
    assert not re.search(r"\b(cthulhu|tuchulcha|wongar|app|library)\.[a-z_]+\.[a-z_.]+",
                         joined), "a key shown instead of its text"
    french = (" de la ", " et ", " les ", "Joueur", "jeton", "pierre", "aruspices", "cartes")
    assert [w for w in french if w in joined] == [], "French words in the text"
