"""The analysis of the game in the replay viewer: start, progress, cancel, and what it adds to
the viewer (chart panel, review signs in the log, the better choice on the board).

The app runs in a Web Worker, so the page never freezes; the worker itself is single-threaded,
so the analysis runs in steps driven by the app's timer effect: each tick works for
``SLICE_S`` and asks for the next tick at once, so clicks and the Cancel button are answered
between ticks and the curve fills in at each. Each tick re-renders the whole replay page (the
log, the board, the panel): with 50 ms ticks that render, not the analysis, took most of the
time, hence half a second. All of it is local (works offline).
"""

from __future__ import annotations

from dataclasses import dataclass
import time
from typing import Any

from rituels.analysis.core import Job, fingerprint, from_stored, to_stored
from rituels.app.coach import review_board
from rituels.app.registry import Feature, FeatureHost
from rituels.app.replay import _cursor, viewer
from rituels.app.saves import ANALYSIS_PREFIX
from rituels.app.storage import StorageError
from rituels.engine.game import get_game
from rituels.screens import analysis as screen
from rituels.screens.coach import review_legend


@dataclass
class Kept:
    """What the analysis keeps in the app (``FEATURE.of(app)``)."""

    job: tuple[Any, Job] | None = None   # the analysis of the game in the viewer, with its key


FEATURE: Feature[Kept] = Feature("analysis", state=Kept)

SLICE_S = 0.5
# A tick works SLICE_S, then finishes the step it is in: one position's estimate, at most
# 0.63 s in CPython (Cthulhu Dice, Wongar; 2-core machine at load 15), more in Pyodide. The
# tick's budget for the page's watchdog (web/glue.py) is both.
STEP_S = 1.5
# A finished analysis is kept beside its save (IndexedDB, like the record: rituels.app.browser)
# so a reload, a language switch or another visit shows it at once; it names the record it was
# computed from (core.fingerprint) and is ignored, then replaced, once that record changes.
STORED_PREFIX = ANALYSIS_PREFIX


def _key(cur: Any) -> tuple:
    return (cur.record["game"], tuple(cur.record["actions"]), cur.choose_viewer)


def _save_id(app: FeatureHost) -> str | None:
    rs = viewer(app)
    return getattr(rs, "save_id", None)


def current_job(app: FeatureHost) -> Job | None:
    """The analysis of the game in the viewer, if one was started for it (or was stored)."""
    cur = _cursor(app)
    held = FEATURE.of(app).job
    if cur is None:
        return None
    if held is None or held[0] != _key(cur):
        return _stored(app, cur)
    return held[1]


def _stored(app: FeatureHost, cur: Any) -> Job | None:
    """The stored analysis of this save, if it is of this very record (held from then on)."""
    save_id = _save_id(app)
    if save_id is None:
        return None
    try:
        text = app.storage.get(STORED_PREFIX + save_id)
    except StorageError:
        return None
    hidden = not cur.choose_viewer and get_game(cur.record["game"]).hidden_information
    result = from_stored(text, fingerprint(cur.record, hidden), cur.record["game"], cur.names)
    if result is None:
        return None
    job = Job.finished(cur.record, result)
    FEATURE.of(app).job = (_key(cur), job)
    return job


def _store(app: FeatureHost, cur: Any, job: Job) -> None:
    save_id = _save_id(app)
    if save_id is None:
        return
    try:
        app.storage.set(STORED_PREFIX + save_id,
                        to_stored(job.result, fingerprint(cur.record, job.result.hidden)))
    except StorageError:
        pass       # not kept: computed again next time


@FEATURE.command("analysis-start")
def _start(app: FeatureHost, data: dict) -> None:
    cur = _cursor(app)
    if cur is None or current_job(app) is not None:
        return
    # Hands stay hidden unless the viewer may show them (a finished game of this device,
    # or a link that reveals them).
    FEATURE.of(app).job = (_key(cur), Job(cur.record, hidden=not cur.choose_viewer))
    app.schedule(0, SLICE_S + STEP_S)


@FEATURE.command("analysis-cancel")
def _cancel(app: FeatureHost, data: dict) -> None:
    FEATURE.of(app).job = None


@FEATURE.hook("tick")
def _tick(app: FeatureHost) -> None:
    job = current_job(app)
    if job is None or job.result.done:
        return
    stop = time.perf_counter() + SLICE_S
    while job.step() and time.perf_counter() < stop:
        pass
    app.changed = True
    if not job.result.done:
        app.schedule(0, SLICE_S + STEP_S)
    else:
        _store(app, _cursor(app), job)


def _text(cur: Any, start: int, end: int) -> str:
    """The log text of the actions between two positions (shortened). One draw of the table
    told with the ones after it (Wongar's set-up: one line for the whole bag) has that
    line: a key moment always says what happened (issue 42)."""
    while end - start == 1 and not cur.lines[start] and start + 1 < len(cur.lines) \
            and cur.table[start + 1]:
        start, end = start + 1, end + 1
    text = " ".join(" ".join(lines) for lines in cur.lines[start:end] if lines)
    return text if len(text) <= 140 else text[:139] + "…"


def _note(lang: str, cur: Any, review: Any, before: bool = True) -> str:
    """The review note of a graded move: the move played (its log line) and the best one."""
    state = cur.state_at(review.index)
    best = state.str_to_action(review.best)
    after = state.clone()
    after.apply(best)
    best_text = " ".join(cur.view.describe(state, best, after, cur.ctx())) or review.best
    played = " ".join(cur.lines[review.index]) or review.chosen
    return screen.review_note(lang, review, played, best_text, before=before)


@FEATURE.hook("replay_extra")
def extra(app: FeatureHost) -> dict[str, Any]:
    cur = _cursor(app)
    if cur is None:
        return {}
    job = current_job(app)
    ends = {pos: prev for (prev, _), (pos, _) in
            zip(job.result.points, job.result.points[1:])} if job else {}
    out: dict[str, Any] = {"panel": screen.panel(
        app.lang, job, end=cur.end, current=cur.pos,
        what=lambda pos: _text(cur, ends.get(pos, pos - 1), pos),
        log_text=lambda start, end: _text(cur, start, end))}
    if job is not None and not job.result.done:
        app.schedule(0, SLICE_S + STEP_S)   # back on the viewer: the analysis goes on
    if job is None or not job.result.done:
        return out
    reviews = job.result.reviews
    out["marks"] = {i: screen.log_mark(app.lang, r.grade) for i, r in reviews.items() if r.grade}
    review = reviews.get(cur.pos)
    after = reviews.get(cur.pos - 1)
    if after is not None and after.grade and (review is None or not review.grade):
        # Just after a graded move (where its log line leads): say so, offer the board before.
        out["note"] = _note(app.lang, cur, after, before=False)
    if review is not None and review.grade:
        out["note"] = _note(app.lang, cur, review) + review_legend(app.lang, review)
        out["board"] = review_board(cur, review)      # the move played and the best, marked
    return out




@FEATURE.command("analysis-open")
def _open(app: FeatureHost, data: dict) -> None:
    """From the end of a game: its replay at the last position, the analysis started."""
    s = app.session
    if s is None or not s.state.is_terminal():
        return
    app.go(f"#/replay/{s.save_id}/{len(s.record['actions'])}")
    _start(app, data)
