"""The lessons feature: ``#/learn/<game>`` (its chapters) and ``#/learn/<game>/<chapter>``
(a guided game on the real board, rituels.lessons). A lesson is never a save: it is not in
"Mes parties"; only the step reached in each chapter is kept (``rituels.lessons``), and the
position is rebuilt from the chapter's script when it is opened again. A tap on the board
during a lesson comes here first (``BOARD_CLICKS``): the step's action moves the lesson on,
another legal one is answered "essayez plutôt …"."""

from __future__ import annotations

from dataclasses import dataclass
import json

from rituels.app.effects import Focus
from rituels.app.registry import Feature, FeatureHost
from rituels.app.session import load_view
from rituels.app.storage import StorageError
from rituels.i18n import t
from rituels.lessons import LEARNER, Lesson, chapters, find
from rituels.screens import lesson as screen
from rituels.viewkit import ViewContext


@dataclass
class Kept:
    """What the lessons keep in the app (``FEATURE.of(app)``)."""

    run: LessonRun | None = None   # the chapter being played


FEATURE: Feature[Kept] = Feature("lessons", state=Kept)

PROGRESS_KEY = "rituels.lessons"
MAX_PROGRESS_CHARS = 4000


class LessonRun:
    """The lesson on screen: the chapter's play, the UI selection, the last answer."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.selection = ""
        self.message = ""

    @property
    def key(self) -> str:
        ch = self.lesson.chapter
        return f"{ch.game}/{ch.id}"


def _progress(app: FeatureHost) -> dict[str, int]:
    try:
        text = app.storage.get(PROGRESS_KEY)
        data = json.loads(text) if text and len(text) <= MAX_PROGRESS_CHARS else {}
    except (StorageError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items()
            if isinstance(k, str) and type(v) is int and 0 <= v < 1000}


def _remember(app: FeatureHost, run: LessonRun) -> None:
    data = _progress(app)
    lesson = run.lesson
    if lesson.finished:
        data.pop(run.key, None)
    else:
        data[run.key] = lesson.index
    try:
        app.storage.set(PROGRESS_KEY, json.dumps(data, sort_keys=True))
    except StorageError:
        app.saving_off = True


def current(app: FeatureHost) -> LessonRun | None:
    """The lesson on screen, or None."""
    run = FEATURE.of(app).run
    if run is None or not app.route or app.route[0] != "learn" or app.screen is not lesson_screen:
        return None
    return run


def lesson_run(app: FeatureHost) -> LessonRun | None:
    """The chapter being played, if any."""
    return FEATURE.of(app).run


@FEATURE.route("learn")
def _learn(app: FeatureHost, arg: str) -> None:
    game_id, _, chapter_id = arg.partition("/")
    FEATURE.of(app).run = None
    if not chapter_id:
        app.screen = chooser_screen
        return
    chapter = find(game_id, chapter_id)
    if chapter is None:
        app.screen = chooser_screen
        app.notice("app.notice.no_game")
        return
    step = _progress(app).get(f"{game_id}/{chapter_id}", 0)
    try:
        lesson = Lesson(chapter, step)
    except ValueError:     # a script the rules refuse (the checker's test prevents it)
        lesson = Lesson(chapter)
    FEATURE.of(app).run = LessonRun(lesson)
    app.screen = lesson_screen
    app.effects.append(Focus("#status"))


def chooser_screen(app: FeatureHost) -> str:
    game_id = app.route[1].partition("/")[0] if app.route else ""
    progress = _progress(app)
    items = [{"title": t(app.lang, ch.title), "href": f"#/learn/{game_id}/{ch.id}",
              "resume": progress.get(f"{game_id}/{ch.id}", 0)} for ch in chapters(game_id)]
    return screen.chooser(app.lang, game_id, items)


def view_ctx(app: FeatureHost, run: LessonRun, interactive: bool = True) -> ViewContext:
    names = [t(app.lang, k) for k in run.lesson.chapter.names]
    return ViewContext(lang=app.lang, names=names, viewer=LEARNER, interactive=interactive,
                       selection=run.selection, local=(LEARNER,), you=LEARNER)


def lesson_screen(app: FeatureHost) -> str:
    run = FEATURE.of(app).run
    if run is None:
        return chooser_screen(app)
    lesson = run.lesson
    ch = lesson.chapter
    view = load_view(ch.game)
    state = lesson.state
    step = lesson.step
    teaching = step is not None and bool(step.expect) and not lesson.waits_for_roll()
    ctx = view_ctx(app, run, teaching and state.current_player() == LEARNER)
    log_ctx = ViewContext(lang=app.lang, names=ctx.names, viewer=LEARNER, animate=False,
                          local=(LEARNER,), you=LEARNER)
    log: list[str] = []
    for before, action, after in lesson.moves:
        log.extend(str(line) for line in view.describe(before, action, after, log_ctx))
    done = None
    if lesson.finished:
        following = [c for c in chapters(ch.game)]
        i = following.index(ch)
        nxt = following[i + 1] if i + 1 < len(following) else None
        done = {"next": (f"#/learn/{ch.game}/{nxt.id}", t(app.lang, nxt.title)) if nxt else None}
    return screen.render(
        app.lang, game_id=ch.game, chapter=t(app.lang, ch.title), n=lesson.index + 1,
        total=len(ch.steps), text=t(app.lang, step.say) if step else "",
        point=step.point if step else "", board=view.render(state, ctx), log=log,
        roll=lesson.waits_for_roll(), proceed=step is not None and not step.expect,
        message=run.message, done=done)


def _moved(app: FeatureHost, run: LessonRun) -> None:
    run.message = ""
    run.selection = ""
    _remember(app, run)
    lesson = run.lesson
    app.announcements.append(t(app.lang, lesson.step.say) if lesson.step
                             else t(app.lang, "lessons.done_title"))
    app.effects.append(Focus("#status"))
    app.changed = True


def say(app: FeatureHost, run: LessonRun, text: str) -> None:
    run.message = text
    app.announcements.append(text)
    app.changed = True


@FEATURE.hook("board_click")
def board_click(app: FeatureHost, data: dict) -> bool:
    """A tap on the board during a lesson: True when it was the lesson's."""
    run = current(app)
    if run is None:
        return False
    lesson = run.lesson
    if "why" in data and "action" not in data and "select" not in data:
        return False   # a place without an action: "why not" answers (app/whynot.py)
    if "action" in data:
        answer = lesson.offer(str(data["action"]))
        if answer == "ok":
            _moved(app, run)
            return True
        if answer == "other" and lesson.step and lesson.step.hint:
            say(app, run, t(app.lang, "lessons.try_instead", what=t(app.lang, lesson.step.hint)))
            return True
    elif "select" in data and lesson.step and lesson.step.expect:
        run.selection = str(data["select"])
        app.changed = True
        return True
    step = lesson.step
    if step is not None and not step.expect:
        say(app, run, t(app.lang, "lessons.wait_next"))
    elif lesson.waits_for_roll():
        say(app, run, t(app.lang, "lessons.wait_roll"))
    elif step is not None and step.hint:
        say(app, run, t(app.lang, "lessons.try_instead", what=t(app.lang, step.hint)))
    return True




@FEATURE.command("lesson-next")
def _next(app: FeatureHost, data: dict) -> None:
    run = current(app)
    if run is not None and run.lesson.proceed():
        _moved(app, run)


@FEATURE.command("lesson-roll")
def _roll(app: FeatureHost, data: dict) -> None:
    run = current(app)
    if run is not None and run.lesson.roll():
        _moved(app, run)


@FEATURE.command("lesson-restart")
def _restart(app: FeatureHost, data: dict) -> None:
    run = current(app)
    if run is not None:
        FEATURE.of(app).run = LessonRun(Lesson(run.lesson.chapter))
        _moved(app, FEATURE.of(app).run)


@FEATURE.command("lesson-real")
def _real(app: FeatureHost, data: dict) -> None:
    """A real game with the chapter's table: its player count and options, then the usual
    set-up dialog (bots in the other seats)."""
    run = current(app)
    if run is None:
        return
    ch = run.lesson.chapter
    FEATURE.of(app).run = None
    app.go(f"#/new/{ch.game}")
    if app.draft is not None:
        app.draft["count"] = ch.players
        app.draft["options"].update(ch.options)
