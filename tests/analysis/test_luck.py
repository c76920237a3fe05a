"""Luck and skill per player (docs/analysis.md, GNU Backgammon's definitions), the clear
errors the rules name, and the analysis kept beside its save."""

import random

from rituels.analysis.core import (STORED_VERSION, Analysis, Estimator, Luck, Review, Run, analyse,
                                   from_stored, fingerprint, to_stored, turn_ends)
from rituels.app.analysis import STORED_PREFIX, current_job
from rituels.app.controller import App
from rituels.app.storage import MemoryStorage
from rituels.engine.bots import play_game
from rituels.engine.game import get_game
from rituels.engine.record import start_state
from rituels.engine.state import CHANCE, sample_chance


def record_of(game_id, seed, bots=("easy",) * 4, people=(0,)):
    game = get_game(game_id)
    players = [game.bots[level](seed * 10 + i) for i, level in enumerate(bots)]
    _, actions = play_game(game, players, rng=random.Random(seed))
    seats = [{"name": f"P{i}", "bot": None if i in people else bots[i]} for i in range(4)]
    return {"format": 1, "game": game_id, "options": {}, "seats": seats, "actions": actions,
            "meta": {}}


def test_luck_is_zero_on_average_over_the_outcomes_of_each_roll():
    """Luck = the chance after the outcome drawn minus the average over all outcomes, from
    the same estimator: weighted by their probabilities the outcomes' lucks cancel."""
    record = record_of("cthulhu-dice", 3)
    _, state = start_state(record)
    est = Estimator("cthulhu-dice", seed=1)
    while state.current_player() != CHANCE:
        state.apply(state.legal_actions()[0])
    total = [0.0] * 4
    for outcome, p in state.chance_outcomes():
        after, mean = est.luck(state, outcome, 0)
        for q in range(4):
            total[q] += float(p) * (after[q] - mean[q])
    assert all(abs(x) < 1e-9 for x in total)


def test_the_summary_splits_the_result_into_luck_skill_and_the_rest():
    result = analyse(record_of("cthulhu-dice", 5), seed=2)
    _, ends, _, movers = turn_ends(record_of('cthulhu-dice', 5), movers=True)
    assert sorted(result.lucks) == [i for i, who in enumerate(movers) if who is not None]
    for s in result.summaries():
        assert abs(s.result - s.initial - (s.luck + s.skill + s.rest)) < 1e-12
        assert abs(s.rest - (s.others_decisions + s.unreviewed_decisions
                             + s.estimator_drift)) < 1e-12
        assert s.adjusted == s.result - s.luck
        mine = [r for r in result.reviews.values() if r.player == s.player]
        assert s.reviewed == len(mine) and (s.player == 0) == (s.reviewed > 0)
        assert sum(s.errors.values()) == sum(1 for r in mine if r.grade)
    dice = result.key_dice()
    biggest = max(abs(e.of(q)) for e in result.lucks.values() for q in range(4))
    assert len(dice) <= 3 and max(abs(v) for _, _, v in dice) == biggest


def identity_gap(summary):
    """|result − initial − (luck + skill + others' decisions + unreviewed decisions + drift)|
    in points: every term computed on its own (none is what the others leave)."""
    s = summary
    return 100 * abs(s.result - s.initial - (s.luck + s.skill + s.others_decisions
                                             + s.unreviewed_decisions + s.estimator_drift))


def test_a_small_situation_splits_into_the_expected_terms():
    """Two players, 50/50 at first. A's roll (action 0): 52/48 on average over its outcomes,
    60/40 after the one drawn (luck ±8). A's two decisions (1, 2): 61/39 before them (1 point
    more than after the roll: drift), 55/45 after; reviewed, they lost 5 (63 against 58) and 2
    points (57 against 55): skill −7, so 1 point of A's fall is drift; B gains 6 by A's
    choices. B's decision (3), not reviewed: 55/45 → 90/10 (B's own −35, A's others' +35).
    The end: A won (100/0: 10 points of drift from 90/10)."""
    result = Analysis("cthulhu-dice", ["A", "B"], False, points=[(0, [0.5, 0.5]), (4, [1.0, 0.0])])
    result.lucks[0] = Luck(0, 0, after=[0.60, 0.40], mean=[0.52, 0.48])
    result.reviews[1] = Review(1, 0, "x", "y", chosen_chance=0.58, best_chance=0.63)
    result.reviews[2] = Review(2, 0, "x", "y", chosen_chance=0.55, best_chance=0.57)
    result.runs[1] = Run(1, 3, 0, before=[0.61, 0.39], after=[0.55, 0.45])
    result.runs[3] = Run(3, 4, 1, before=[0.55, 0.45], after=[0.90, 0.10])
    a, b = result.summaries()
    expected = {  # luck, skill, others' decisions, own unreviewed, drift: in points
        "A": (8, -7, 35, 0, 2 + 1 + 1 + 10),
        "B": (-8, 0, 6, -35, -2 - 1 + 0 - 10)}
    for s, name in ((a, "A"), (b, "B")):
        got = (s.luck, s.skill, s.others_decisions, s.unreviewed_decisions, s.estimator_drift)
        assert [round(100 * x, 9) for x in got] == [float(x) for x in expected[name]]
        assert identity_gap(s) < 1e-9
    assert a.reviewed == 2 and b.reviewed == 0


def test_the_identity_holds_on_random_games_of_each_game():
    """Random games (4 random seats, one person reviewed, the others not): for each player,
    result − initial = luck + skill + others' decisions + unreviewed decisions + drift within
    0.01 points, also read back from storage (chances kept to 4 decimals); every term shows
    up somewhere."""
    seen = {"others": 0.0, "unreviewed": 0.0, "drift": 0.0}
    for game_id, seeds in (("cthulhu-dice", (1, 2, 3)), ("tuchulcha", (1,)), ("wongar", (1,))):
        for seed in seeds:
            record = record_of(game_id, seed)
            result = analyse(record, seed=seed)
            key = fingerprint(record, False)
            again = from_stored(to_stored(result, key), key, game_id,
                                [s["name"] for s in record["seats"]])
            for summaries in (result.summaries(), again.summaries()):
                assert max(identity_gap(s) for s in summaries) < 0.01
            for s in result.summaries():
                seen["others"] += abs(s.others_decisions)
                seen["unreviewed"] += abs(s.unreviewed_decisions)
                seen["drift"] += abs(s.estimator_drift)
                assert (s.unreviewed_decisions != 0) == (s.player != 0)
    assert all(v > 0.1 for v in seen.values())


def test_a_random_player_loses_far_more_per_decision_than_the_strong_bot():
    """Self-play, every decision reviewed: the random seats' mean loss per decision is at
    least 3x the strong bots' (Cthulhu Dice: cheap games, 12 of them)."""
    loss = {"easy": [], "strong": []}
    for seed in range(12):
        bots = ("strong", "easy", "strong", "easy")
        result = analyse(record_of("cthulhu-dice", seed, bots, people=()), seed=seed,
                         review_all=True)
        for r in result.reviews.values():
            loss[bots[r.player]].append(r.loss)
    easy = sum(loss["easy"]) / len(loss["easy"])
    strong = sum(loss["strong"]) / len(loss["strong"])
    assert easy >= 3 * strong and easy > 1.0


def forest_move(seeds=range(60)):
    """The first decision of a seeded random Tuchulcha game where one move stops the
    mover's own pawn on a passage (rules: it goes to the forest at once) and another move
    loses no pawn: (actions before it, the forest move)."""
    game = get_game("tuchulcha")
    for seed in seeds:
        rng, state = random.Random(seed), game.start(4, {})
        actions = []
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                action = sample_chance(state, rng)
            else:
                colours = state.colours_of(player)
                lost = {}
                for a in state.legal_actions():
                    child = state.clone()
                    child.apply(a)
                    lost[a] = sum(child.forest[c] - state.forest[c] for c in colours)
                if not child.is_terminal() and any(v > 0 for v in lost.values()) \
                        and any(v == 0 for v in lost.values()):
                    return seed, actions, next(a for a, v in lost.items() if v > 0), state
                action = rng.choice(state.legal_actions())
            actions.append(state.action_to_str(action))
            state.apply(action)
    raise AssertionError("no forest move found")


def test_sending_ones_own_pawn_to_the_forest_when_a_safe_move_exists_is_a_mistake():
    seed, actions, bad, state = forest_move()
    player = state.current_player()
    seats = [{"name": f"P{i}", "bot": None if i == player else "easy"} for i in range(4)]
    record = {"format": 1, "game": "tuchulcha", "options": {}, "seats": seats,
              "actions": actions + [state.action_to_str(bad)], "meta": {}}
    result = analyse(record)
    review = result.reviews[len(actions)]
    assert review.grade in ("mistake", "blunder")
    # the better choice shown loses no pawn
    best = state.str_to_action(review.best)
    child = state.clone()
    child.apply(best)
    assert sum(child.forest[c] - state.forest[c] for c in state.colours_of(player)) == 0


def finished(app, game_id="cthulhu-dice", seed=4):
    record = record_of(game_id, seed)
    record["seats"][0]["name"] = "Ada"
    save_id = app.new_save_id()
    app.saves.put(save_id, record, True, 0)
    return save_id, record


def run(app):
    for _ in range(10000):
        if not [e for e in app.take_effects() if e["type"] == "timer"]:
            return
        app.tick()


def test_a_finished_analysis_is_stored_and_shown_at_once_on_the_next_visit():
    storage = MemoryStorage()
    app = App(storage, "fr", pace_s=0)
    app.navigate("#/")
    save_id, record = finished(app)
    app.navigate(f"#/replay/{save_id}")
    app.click({"cmd": "analysis-start"})
    run(app)
    done = current_job(app).result
    assert storage.get(STORED_PREFIX + save_id)
    # another session (a reload), in English: the chart at once, same numbers
    again = App(storage, "en", pace_s=0)
    again.navigate(f"#/replay/{save_id}")
    page = again.render()
    assert 'class="an-chart"' in page and 'data-cmd="analysis-start"' not in page
    shown = current_job(again).result
    assert [pos for pos, _ in shown.points] == [pos for pos, _ in done.points]
    assert all(abs(a - b) < 1e-4 for (_, x), (_, y) in zip(shown.points, done.points)
               for a, b in zip(x, y))
    assert {i: r.grade for i, r in shown.reviews.items()} == \
        {i: r.grade for i, r in done.reviews.items()}
    assert "Luck and skill, per player" in page


def test_a_stored_analysis_of_another_record_or_version_is_dropped():
    record = record_of("cthulhu-dice", 6)
    result = analyse(record)
    text = to_stored(result, fingerprint(record, False))
    names = [s["name"] for s in record["seats"]]
    assert from_stored(text, fingerprint(record, False), "cthulhu-dice", names) is not None
    changed = dict(record, actions=record["actions"][:-1])
    assert from_stored(text, fingerprint(changed, False), "cthulhu-dice", names) is None
    assert from_stored(text, fingerprint(record, True), "cthulhu-dice", names) is None
    assert from_stored(text.replace(f'"v":{STORED_VERSION}', '"v":9'), fingerprint(record, False),
                       "cthulhu-dice", names) is None
    assert from_stored("{broken", fingerprint(record, False), "cthulhu-dice", names) is None
    assert len(text) < 8000


def test_luck_does_not_drift_over_a_long_game():
    """Each roll's luck is zero on average, so over a whole random Tuchulcha game (about a
    hundred rolls, some of 126 outcomes sampled) a player's total stays well within ±100
    points (a sample of outcomes fixed for every roll once gave −508)."""
    for seed in (3, 4):
        result = analyse(record_of("tuchulcha", seed))
        assert len(result.lucks) > 50
        assert all(abs(s.luck) < 1.0 for s in result.summaries())


def test_the_luck_adjusted_result_of_an_unlucky_winner_is_no_impossible_chance():
    """Two players at 50 % each; one roll moved 14 points of chance from the winner to the
    loser, who still lost. Result − luck is 1.14 and −0.14, which the table once showed as
    « 114 % » and « −14 % »: the table now shows a sum in points of chance (50 % − 14 pts
    + 64 pts of the estimate's gap: no decision was estimated = 100 %), and every
    percentage it shows stays within 0–100 %."""
    import re

    from rituels.analysis.core import Analysis, Luck
    from rituels.screens.analysis import summary_table

    result = Analysis("cthulhu-dice", ["Ada", "Bruno"], hidden=False,
                      points=[(0, [0.5, 0.5]), (9, [1.0, 0.0])],
                      lucks={4: Luck(4, 1, after=[0.2, 0.8], mean=[0.34, 0.66])}, done=True)
    ada, bruno = result.summaries()
    assert round(ada.adjusted, 6) == 1.14 and round(bruno.adjusted, 6) == -0.14
    assert round(ada.adjusted_gain, 6) == 0.64 and round(bruno.adjusted_gain, 6) == -0.64
    html = summary_table("fr", result)
    row = re.search(r"Écart de l’estimation[^<]*</th>(.*?)</tr>", html).group(1)
    assert re.findall(r"<td>([^<]*)</td>", row) == ["+64 pts", "−64 pts"]
    shown = [int(n.replace("−", "-")) for n in re.findall(r"(−?\d+)\u202f%", html)]
    assert shown and all(0 <= n <= 100 for n in shown)
    assert "114" not in html
