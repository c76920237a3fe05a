"""« Apprendre de vos erreurs »: after the analysis of a game, the positions of your mistakes
and blunders, one by one, to choose again on the board (the game's own interactive view).

The answer uses the analysis's own estimator on your new choice: within ``WITHIN`` points of
the best choice found it is as good; otherwise the best is drawn on the board beside yours
(the marks of the review, rituels/boardmarks.py). Next / previous / leave; « 2 sur 5 ».
Nothing is written: the positions are copies of the replay's, the saved game is untouched.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rituels import boardmarks
from rituels.app.analysis import current_job
from rituels.app.coach import marks_of
from rituels.app.effects import Focus
from rituels.app.registry import Feature, FeatureHost
from rituels.app.replay import _cursor, replay_screen, viewer
from rituels.engine.state import NotationError
from rituels.i18n import t
from rituels.screens import retry as screen
from rituels.viewkit import ViewContext


@dataclass
class Kept:
    """What the retry of your mistakes keeps in the app (``FEATURE.of(app)``)."""

    run: RetryRun | None = None   # « Rejouer vos erreurs » in progress


FEATURE: Feature[Kept] = Feature("retry", state=Kept)

WITHIN = 2.0                        # points of percentage: as good as the best
GRADES = ("mistake", "blunder")


class RetryRun:
    """The session on screen: the replay's cursor (only read), the decisions to retry and
    the answer to the current one."""

    def __init__(self, cursor: Any, estimator: Any, reviews: list[Any]):
        self.cursor = cursor
        self.estimator = estimator
        self.reviews = reviews
        self.k = 0
        self.selection = ""
        self.answer: tuple[str, float] | None = None   # (notation chosen, its chance)

    @property
    def review(self) -> Any:
        return self.reviews[self.k]

    def state(self) -> Any:
        return self.cursor.state_at(self.review.index)

    def judge(self, notation: str) -> bool:
        """Estimate the new choice (legal at the position) as the analysis did; True once
        answered, False for a notation that is not a legal choice here."""
        state = self.state()
        try:
            action = state.str_to_action(notation)
        except NotationError:
            return False
        if action not in state.legal_actions():
            return False
        review = self.review
        if notation == review.best:
            chance = review.best_chance
        elif notation == review.chosen:
            chance = review.chosen_chance
        else:
            chance = self.estimator.rank(state, review.player, [action], review.index)[0][1]
        self.answer = (notation, chance)
        self.selection = ""
        return True

    @property
    def good(self) -> bool:
        return self.answer is not None and \
            (self.review.best_chance - self.answer[1]) * 100.0 <= WITHIN

    def move(self, step: int) -> None:
        self.k = max(0, min(len(self.reviews) - 1, self.k + step))
        self.answer, self.selection = None, ""


def to_retry(job: Any) -> list[Any]:
    """The mistakes and blunders of a finished analysis, in game order."""
    if job is None or not job.result.done:
        return []
    return [r for _, r in sorted(job.result.reviews.items()) if r.grade in GRADES]


def current(app: FeatureHost) -> RetryRun | None:
    run = FEATURE.of(app).run
    return run if run is not None and app.screen is retry_screen else None


@FEATURE.hook("replay_extra")
def extra(app: FeatureHost) -> dict[str, Any]:
    """The replay's button, once the analysis found something to retry."""
    items = to_retry(current_job(app))
    return {"retry": screen.start_button(app.lang, len(items))} if items else {}


@FEATURE.command("retry-start")
def _start(app: FeatureHost, data: dict) -> None:
    cur = _cursor(app)
    job = current_job(app)
    items = to_retry(job)
    if cur is None or not items:
        return
    cur.playing = False
    FEATURE.of(app).run = RetryRun(cur, job.estimator, items)
    app.screen = retry_screen
    app.effects.append(Focus("#main-title"))


def _moved(app: FeatureHost, run: RetryRun, say: str = "") -> None:
    app.changed = True
    if say:
        app.announcements.append(say)
    app.effects.append(Focus("#status"))


def _mover(name: str, step: int) -> None:
    """Next (1), previous (-1), try again (0): the answer is cleared."""
    @FEATURE.command(name)
    def handler(app: FeatureHost, data: dict) -> None:
        run = current(app)
        if run is not None:
            run.move(step)
            _moved(app, run)


for _name, _step in (("retry-next", 1), ("retry-prev", -1), ("retry-again", 0)):
    _mover(_name, _step)


@FEATURE.command("retry-cancel-select")
def _cancel(app: FeatureHost, data: dict) -> None:
    run = current(app)
    if run is not None:
        run.selection = ""


@FEATURE.command("retry-leave")
def _leave(app: FeatureHost, data: dict) -> None:
    run = current(app)
    FEATURE.of(app).run = None
    if run is not None and viewer(app) is not None:
        app.screen = replay_screen
        app.effects.append(Focus("#main-title"))


@FEATURE.hook("board_click")
def board_click(app: FeatureHost, data: dict) -> bool:
    """A tap on the retry's board: a choice is judged, a first step kept."""
    run = current(app)
    if run is None:
        return False
    if run.answer is not None:
        return True                 # answered: the board is for looking (Again / Next)
    if "action" in data:
        if run.judge(str(data["action"])):
            _moved(app, run, verdict(app.lang, run))
    elif "select" in data:
        run.selection = str(data["select"])
        app.changed = True
    else:
        return False                # "why not" answers a place without an action
    return True


def _ctx(app: FeatureHost, run: RetryRun, interactive: bool) -> ViewContext:
    cur, player = run.cursor, run.review.player
    return ViewContext(lang=app.lang, names=list(cur.names), viewer=player,
                       interactive=interactive, animate=False, selection=run.selection,
                       local=(player,), you=player)


def verdict(lang: str, run: RetryRun) -> str:
    """The answer in one sentence (shown and said)."""
    if run.answer is None:
        return ""
    pct = screen.pct
    key = "coach.retry.good" if run.good else "coach.retry.worse"
    return t(lang, key, pct=pct(lang, run.answer[1]), best=pct(lang, run.review.best_chance))


def _said(view: Any, state: Any, notation: str, ctx: ViewContext) -> list[str]:
    """The log's sentences of a choice at ``state``, spoken to its player (``ctx.you``):
    « Vous déplacez… », as the screen's own « Votre coup »."""
    action = state.str_to_action(notation)
    after = state.clone()
    after.apply(action)
    return view.describe(state, action, after, ctx)


def _move_said(view: Any, state: Any, notation: str, ctx: ViewContext) -> str:
    """The move itself, its log's first sentence: what it then scored or changed is on the
    board, and a whole Wongar ceremony's sentences pushed the board under a phone's fold."""
    return next(iter(_said(view, state, notation, ctx)), "")


def retry_screen(app: FeatureHost) -> str:
    run = FEATURE.of(app).run
    if run is None:
        return replay_screen(app)
    cur, review = run.cursor, run.review
    cur.set_lang(app.lang)
    state = run.state()
    view = cur.view
    board = view.render(state, _ctx(app, run, True))
    best_text = ""
    if run.answer is not None:
        best = marks_of(state, state.str_to_action(review.best))
        mine = [] if run.answer[0] == review.best else marks_of(
            state, state.str_to_action(run.answer[0]))
        board = boardmarks.inert(boardmarks.draw(board, played=mine, best=best))
        best_text = _move_said(view, state, review.best, _ctx(app, run, False))
    played = _move_said(view, state, review.chosen, _ctx(app, run, False)) or review.chosen
    status = view.status(state, _ctx(app, run, True))
    return screen.render(
        app.lang, title=viewer(app).name(app.lang) if viewer(app) else "",
        n=run.k + 1, total=len(run.reviews), status=status, played=played,
        played_pct=review.chosen_chance, board=board, verdict=verdict(app.lang, run),
        good=run.good, best_text=best_text, selection=bool(run.selection))


