"""The analysis in the app: replay panel, progress and cancel, review signs, end-screen
button, and the coach (set-up option remembered, advice with the best choice highlighted)."""

import html
import re

from tests.analysis.helpers import finished_save, make_app, ticks

from rituels.app.analysis import current_job
from rituels.app.coach import COACH_KEY
from rituels.app.storage import MemoryStorage


def test_the_replay_offers_the_analysis_which_runs_in_steps_and_can_be_cancelled(monkeypatch):
    # ticks of 10 ms: Wongar's whole analysis takes well under a second since issue 42, and
    # two ticks of the app's half second could finish it
    monkeypatch.setattr("rituels.app.analysis.SLICE_S", 0.01)
    app = make_app()
    save_id, record = finished_save(app, "wongar", seed=2)
    app.navigate(f"#/replay/{save_id}")
    assert 'data-cmd="analysis-start"' in app.render()
    app.click({"cmd": "analysis-start"})
    app.take_effects()
    app.tick()                                      # one slice, then the page is answered
    page = app.render()
    assert "<progress" in page and 'data-cmd="analysis-cancel"' in page
    job = current_job(app)
    assert 0 < job.done_steps < job.total
    assert "Estimations faites avec ce qui était visible" not in page   # not done yet
    app.navigate("#/games")                          # away: the analysis waits
    app.take_effects()
    steps = job.done_steps
    app.tick()
    assert current_job(app) is None and job.done_steps == steps
    app.navigate(f"#/replay/{save_id}")
    app.render()                                    # back: it goes on from where it was
    assert any(e["type"] == "timer" for e in app.take_effects())
    app.tick()
    assert current_job(app) is job and job.done_steps > steps
    app.click({"cmd": "analysis-cancel"})
    assert current_job(app) is None and 'data-cmd="analysis-start"' in app.render()
    assert ticks(app) <= 1                          # nothing left to run


def test_finished_analysis_draws_the_chart_table_moments_and_review_signs():
    app = make_app()
    save_id, record = finished_save(app)
    app.navigate(f"#/replay/{save_id}")
    app.click({"cmd": "analysis-start"})
    ticks(app)
    page = html.unescape(app.render())
    job = current_job(app)
    assert job.result.done
    # one line per player, a focusable column per point, the table alternative
    assert page.count('class="an-line"') == 4
    assert page.count('class="an-col"') == len(job.result.points)
    table = re.findall(r'<details class="an-table">(.*?)</details>', page)[0]
    assert table.count("<tr><th scope=\"row\">") == len(job.result.points)
    assert 'class="an-basis"' not in page            # nothing hidden in Cthulhu Dice
    # the two lists of key moments: the dice, then the decisions
    dice = re.findall(r'<ol class="an-moments an-dice">(.*?)</ol>', page)[0]
    assert dice.count("<li>") == len(job.result.key_dice()) > 0
    first = job.result.key_dice()[0]
    assert f'data-to="{first[0] + 1}"' in dice and "pts" in dice
    decisions = re.findall(r'<h3 class="panel-title">Les décisions qui ont décidé de la partie'
                           r'</h3>(<ol.*?</ol>|<p>Aucune.</p>)', page)[0]
    assert decisions.count("<li>") == len(job.result.key_decisions())
    # the summary per player: one column each, Ada's reviewed decisions counted
    summary = re.findall(r'<div class="an-summary">(.*?)</div>', page)[0]
    rows = dict(re.findall(r'<tr[^>]*><th scope="row">([^<]*)</th>(.*?)</tr>', summary))
    ada = job.result.summaries()[0]
    assert re.findall(r"<td>([^<]*)</td>", rows["Décisions revues"]) == \
        [str(ada.reviewed), "0", "0", "0"]
    assert ada.reviewed == len(job.result.reviews) > 0
    assert len(re.findall(r"<td>", rows["Chance des dés et tirages"])) == 4
    graded = {i: r for i, r in job.result.reviews.items() if r.grade}
    assert page.count('class="an-mark') == len(graded)


def test_a_reviewed_blunder_shows_the_better_choice_on_the_board():
    app = make_app()
    save_id, record = finished_save(app, "wongar", seed=2)
    app.navigate(f"#/replay/{save_id}")
    app.click({"cmd": "analysis-start"})
    ticks(app)
    job = current_job(app)
    index, review = next((i, r) for i, r in sorted(job.result.reviews.items()) if r.grade)
    app.click({"cmd": "replay-seek", "to": str(index)})
    page = app.render()
    assert 'class="an-review' in page
    # a game of this device, finished: every hand may be shown, so the estimates knew them
    assert "Estimations faites en connaissant toutes les mains" in html.unescape(page)
    assert "data-action=" not in page                  # the board is only looked at
    best = re.findall(r'<[^>]*class="[^"]*mark-best[^"]*"[^>]*>', page)
    assert best and all(f'data-shown="{review.best}"' in tag for tag in best)
    played = re.findall(r'<[^>]*class="[^"]*mark-played[^"]*"[^>]*>', page)
    assert played and all(f'data-shown="{review.chosen}"' in tag for tag in played)
    assert 'class="mark-legend"' in page                 # what the two marks mean
    # its log line leads just after the move: the note is there too, with a way back
    app.click({"cmd": "replay-seek", "to": str(index + 1)})
    page = app.render()
    if not (job.result.reviews.get(index + 1) and job.result.reviews[index + 1].grade):
        assert 'class="an-review' in page and f'data-to="{index}"' in page
        assert "mark-best" not in page


def test_the_end_screen_opens_the_analysis_of_the_game():
    app = make_app()
    save_id, record = finished_save(app)
    app.navigate(f"#/play/{save_id}")
    assert 'data-cmd="analysis-open"' in app.render()
    app.click({"cmd": "analysis-open"})
    assert app.route == ("replay", f"{save_id}/{len(record['actions'])}")
    assert current_job(app) is not None


def test_the_coach_is_off_by_default_remembered_and_marks_the_game():
    storage = MemoryStorage()
    app = make_app(storage)
    app.navigate("#/new/cthulhu-dice")
    assert 'name="coach"' in app.render() and 'id="coach" checked' not in app.render()
    form = {"count": "2", "seat-0-kind": "human", "seat-0-name": "Ada",
            "seat-1-kind": "easy", "seat-1-name": "", "coach": True}
    app.click({"cmd": "start", "form": form})
    s = app.session
    assert s.record["meta"]["coach"] is True and storage.get(COACH_KEY + "cthulhu-dice") == "on"
    app.navigate("#/new/cthulhu-dice")
    assert app.draft["coach"] is True                       # remembered for this game
    app.navigate("#/new/wongar")
    assert app.draft["coach"] is False                      # ... and this game only
    app.navigate("#/games")
    assert "avec les conseils" in html.unescape(app.render())   # My games' small mark


def test_the_coach_answers_with_the_best_choices_and_highlights_the_best():
    app = make_app()
    app.navigate("#/new/cthulhu-dice")
    form = {"count": "2", "seat-0-kind": "human", "seat-0-name": "Ada",
            "seat-1-kind": "easy", "seat-1-name": "", "coach": True}
    app.click({"cmd": "start", "form": form})
    ticks(app)
    s = app.session
    assert s.human_to_decide()
    page = app.render()
    bar = re.findall(r'<div class="status-bar.*?</p>(.*?)</div>', page)[0]
    assert 'data-cmd="coach"' in bar and "coach-list" not in page   # in the status bar
    app.click({"cmd": "coach"})
    page = app.render()
    best = re.findall(r'<li data-hint="([^"]*)"', page)
    assert 1 <= len(best) <= 3
    marked = re.findall(r'<[^>]*class="[^"]*mark-best[^"]*"[^>]*>', page)
    assert marked and all(f'data-action="{best[0]}"' in tag for tag in marked)
    # issue 42: beside the board, before the Journal (it floated over it), and its numbers
    # say what they are
    body = page[page.index('<div class="play-body'):]
    assert body.index('class="coach-answer"') < body.index('aria-labelledby="log-title"')
    assert "Meilleurs choix estimés (chance de gagner)" in html.unescape(page)
    app.click({"cmd": "coach-close"})
    assert "mark-best" not in app.render() and "coach-list" not in app.render()


def test_without_the_coach_there_is_no_advice_button():
    app = make_app()
    app.navigate("#/new/cthulhu-dice")
    form = {"count": "2", "seat-0-kind": "human", "seat-0-name": "Ada",
            "seat-1-kind": "easy", "seat-1-name": ""}
    app.click({"cmd": "start", "form": form})
    ticks(app)
    assert 'data-cmd="coach"' not in app.render()
    app.click({"cmd": "coach"})
    assert "coach-list" not in app.render()
