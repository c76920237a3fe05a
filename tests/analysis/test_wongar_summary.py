"""Issue 42: Wongar's luck and skill could not be believed (« +16 / −431 / +415 pts » of luck,
a key die with no event). Its luck is read with its review estimate, every outcome of an
event enumerated, so it is no longer the sum of a hundred noisy differences."""

import html
import re

from tests.analysis.helpers import finished_save, make_app, ticks

from rituels.analysis.core import Estimator
from rituels.app.analysis import current_job
from rituels.engine.game import get_game
from rituels.engine.state import CHANCE


def test_a_wongar_draws_luck_averages_to_nothing_over_its_outcomes():
    est = Estimator("wongar", seed=1, hidden=False)
    state = get_game("wongar").new_state(3, {})
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    total = [0.0] * 3
    for action, p in outcomes:
        after, mean = est.luck(state, action, 0)
        assert after == est.luck(state, action, 0)[0]        # deterministic: no playouts
        for q in range(3):
            total[q] += float(p) * (after[q] - mean[q])
    assert all(abs(x) < 1e-9 for x in total)


def test_a_wongar_analysis_reads_as_a_sum_and_names_every_key_die():
    app = make_app()
    save_id, _ = finished_save(app, "wongar", seed=2)
    app.navigate(f"#/replay/{save_id}")
    app.click({"cmd": "analysis-start"})
    ticks(app)
    result = current_job(app).result
    for s in result.summaries():
        assert abs(s.luck) < 0.6, s          # was −4.31 and +4.15 (hundreds of points)
    page = html.unescape(app.render())
    summary = re.findall(r'<div class="an-summary">(.*?)</div>', page)[0]
    rows = [row for row, _ in re.findall(r'<tr><th scope="row">([^<]*)</th>(.*?)</tr>', summary)]
    assert rows[:4] == ["Chance de victoire au départ", "Chance des dés et tirages",
                        "Résultat sans la chance, par rapport au départ", "Résultat"]
    assert "Les trois premières lignes s’additionnent" in page
    dice = re.findall(r'<ol class="an-moments an-dice">(.*?)</ol>', page)[0]
    texts = re.findall(r'<button[^>]*>([^<]*)</button>', dice)
    assert texts and all(not re.search(r"\d\u202f: — ", t) for t in texts), texts


def test_a_key_die_in_wongars_set_up_says_what_it_was():
    # « Coup 4 : — Cacatoès +63 pts »: one draw of the bag, whose line the last draw carries
    from rituels.app.analysis import _text
    from rituels.app.replay import ReplayCursor
    _, record = finished_save(make_app(), "wongar", seed=2)
    cur = ReplayCursor(record, "fr")
    silent = next(i for i in range(cur.end) if cur.table[i] and not cur.lines[i])
    assert "Tschurungas" in _text(cur, silent, silent + 1)
