"""« Apprendre de vos erreurs » (rituels/app/retry.py): after the analysis, the positions of
your mistakes and blunders one by one, chosen again on the board and judged."""

import copy
import html
import re

from tests.analysis.helpers import finished_save, make_app, ticks

from rituels.app.analysis import current_job
from rituels.app.retry import to_retry


def analysed(game_id="wongar"):
    """A finished game of this device, analysed, with at least two mistakes to retry."""
    for seed in (1, 3, 5):
        app = make_app()
        save_id, record = finished_save(app, game_id, seed=seed)
        app.navigate(f"#/replay/{save_id}")
        app.click({"cmd": "analysis-start"})
        ticks(app)
        items = to_retry(current_job(app))
        if len(items) >= 2:
            return app, save_id, record, items
    raise AssertionError("no game with two mistakes")


def test_a_retry_session_judges_new_choices_and_never_touches_the_save():
    app, save_id, record, items = analysed()
    saved = copy.deepcopy(app.saves.get(save_id))
    page = html.unescape(app.render())
    assert 'data-cmd="retry-start"' in page and f"{len(items)} erreurs à rejouer" in page
    app.click({"cmd": "retry-start"})
    page = html.unescape(app.render())
    assert f"1 sur {len(items)}" in page and "Choisissez à nouveau sur le plateau" in page
    first = items[0]
    assert f'data-action="{first.best}"' in page           # the game's own interactive board
    # the best choice: as good as the best
    app.click({"action": first.best})
    page = html.unescape(app.render())
    assert "Bien joué" in page and "data-action=" not in page    # answered: for looking only
    marked = re.findall(r'<[^>]*mark-best[^>]*>', page)
    assert marked and any(f'data-shown="{html.escape(first.best)}"' in tag for tag in marked)
    # the next one: the move played again is worse, and the best is marked beside it
    app.click({"cmd": "retry-next"})
    second = items[1]
    page = html.unescape(app.render())
    assert f"2 sur {len(items)}" in page and "Bien joué" not in page
    app.click({"action": second.chosen})
    page = html.unescape(app.render())
    assert "Pas tout à fait" in page
    assert "mark-best" in page and "mark-played" in page
    assert f"{round(second.best_chance * 100)}\u202f%" in page
    # again, previous, leave: back to the replay; the save is as it was
    app.click({"cmd": "retry-again"})
    assert "Pas tout à fait" not in html.unescape(app.render())
    app.click({"cmd": "retry-prev"})
    assert f"1 sur {len(items)}" in html.unescape(app.render())
    app.click({"cmd": "retry-leave"})
    assert 'data-cmd="retry-start"' in app.render()
    assert app.saves.get(save_id) == saved


def test_a_choice_that_is_not_legal_there_is_refused_and_changes_nothing():
    app, save_id, record, items = analysed()
    app.click({"cmd": "retry-start"})
    before = app.render()
    app.click({"action": "zz-not-a-move"})
    assert app.render() == before and "Bien joué" not in before


def test_the_retry_speaks_to_its_player_in_the_second_person():
    """« Votre coup » is followed by « vous … »: not the log's third person (« P0 prend… »)
    nor a name with the wrong verb; the best choice, once shown, is worded the same way."""
    app, save_id, record, items = analysed()
    name = record["seats"][items[0].player]["name"]
    app.click({"cmd": "retry-start"})
    ask = re.search(r'class="retry-ask"[^>]*>([^<]*)<', html.unescape(app.render())).group(1)
    assert ask.startswith("Votre coup (") and "«\u202fVous " in ask, ask
    assert f"{name} " not in ask, ask
    app.click({"action": items[0].chosen})
    page = html.unescape(app.render())
    if items[0].chosen != items[0].best:
        best = re.search(r"Le meilleur choix\u202f: «\u202f([^»]*)»", page).group(1)
        assert best.startswith("Vous ") and f"{name} " not in best, best
