"""Lessons: a guided first game, as data, played by the real rules engine.

A :class:`Chapter` names a table (game, players, options), a start (a position built with the
game's ``from_json``, or a short record from a new game) and its :class:`Step` s. The learner is
player 0; every other decision and every chance outcome is scripted, so a chapter plays the
same every time and a step is reached again by replaying the steps before it (that is how a
lesson left half-way resumes). A step says one thing (``say``, an i18n key), points at one
board element (``point``, a CSS selector) and either waits for "Continue" or for the one
action it teaches (``expect``, a notation; ``"roll"`` is the learner's roll button). Then the
scripted actions ``then`` are played: the learner's roll outcome first, the other seats'
moves and rolls after. ``check(chapter)`` replays a chapter and reports every step whose
expected or scripted action is not legal where it comes.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from rituels.engine.game import get_game
from rituels.engine.state import CHANCE, GameState, IllegalAction, NotationError

LEARNER = 0
ROLL = "roll"
# The games that have a lesson module (the home cards and the new-game dialog link to them).
LESSON_GAMES = ("cthulhu-dice", "tuchulcha", "wongar")


@dataclass(frozen=True)
class Step:
    say: str                       # i18n key: the step's text (at most ~40 words)
    point: str = ""                # CSS selector of the board element the step is about
    expect: str = ""               # the one accepted action ("" = Continue, ROLL = roll)
    then: tuple[str, ...] = ()     # scripted actions after it (outcomes, other seats)
    hint: str = ""                 # i18n key said when another choice is made


@dataclass(frozen=True)
class Chapter:
    id: str
    game: str
    title: str                     # i18n key
    players: int
    options: dict[str, Any]
    steps: tuple[Step, ...]
    start: Callable[[], GameState] | None = None   # a set position (from_json), else new
    setup: tuple[str, ...] = ()    # actions played from the new game before step 1
    names: tuple[str, ...] = ()    # i18n keys of the seats' names (the learner's first)


class LessonError(ValueError):
    """A chapter whose script the rules refuse (what ``check`` reports)."""


def chapters(game_id: str) -> tuple[Chapter, ...]:
    """The game's chapters, from ``rituels/<package>/lesson.py`` (imported when asked)."""
    if game_id not in LESSON_GAMES:
        return ()
    try:
        module = importlib.import_module("rituels." + game_id.replace("-", "_") + ".lesson")
    except ImportError:
        return ()
    return tuple(module.CHAPTERS)


def find(game_id: str, chapter_id: str) -> Chapter | None:
    for ch in chapters(game_id):
        if ch.id == chapter_id:
            return ch
    return None


def _play(state: GameState, text: str, what: str) -> Any:
    try:
        action = state.str_to_action(text)
        state.play(action)
    except (NotationError, IllegalAction) as exc:
        raise LessonError(f"{what}: {text!r} is not legal here ({exc})") from None
    return action


class Lesson:
    """One chapter being played: the live state, the step reached, the log's (before, action,
    after) triples for the view to describe."""

    def __init__(self, chapter: Chapter, step: int = 0):
        self.chapter = chapter
        self.game = get_game(chapter.game)
        self.state = chapter.start() if chapter.start else self.game.start(
            chapter.players, chapter.options)
        self.moves: list[tuple[GameState, Any, GameState]] = []
        self.index = 0
        for i, text in enumerate(chapter.setup):
            self._act(text, f"setup {i + 1}", log=False)
        while self.index < min(step, len(chapter.steps)):
            s = self.step
            if s.expect == ROLL:
                self._learner_roll()
            elif s.expect:
                self._act(s.expect, f"step {self.index + 1}")
            self._advance()

    # --- where the lesson is --------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        steps = self.chapter.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.chapter.steps)

    def waits_for_roll(self) -> bool:
        s = self.step
        return s is not None and s.expect == ROLL

    # --- the learner's input --------------------------------------------------------------
    def proceed(self) -> bool:
        """"Continue" on a step that teaches no action."""
        s = self.step
        if s is None or s.expect:
            return False
        self._advance()
        return True

    def roll(self) -> bool:
        if not self.waits_for_roll():
            return False
        self._learner_roll()
        self._advance()
        return True

    def can_roll(self) -> bool:
        """The learner's roll is due: their chance node, or "roll" among their choices
        (a turn that could start with a role change)."""
        st = self.state
        if st.current_player() == CHANCE:
            return st.chance_owner() == LEARNER
        return st.current_player() == LEARNER and "roll" in [
            st.action_to_str(a) for a in st.legal_actions()]

    def _learner_roll(self) -> None:
        # The outcome itself is the step's first scripted action.
        if self.state.current_player() == LEARNER:
            self._act("roll", f"step {self.index + 1}")

    def offer(self, text: str) -> str:
        """The learner chose ``text``: "ok" (the step's action: played, next step), "other"
        (legal, but not what this step teaches) or "illegal"."""
        s = self.step
        st = self.state
        try:
            action = st.str_to_action(text)
        except NotationError:
            return "illegal"
        if st.current_player() != LEARNER or action not in st.legal_actions():
            return "illegal"
        if s is None or not s.expect or s.expect == ROLL or action != st.str_to_action(s.expect):
            return "other"
        self._act(text, f"step {self.index + 1}")
        self._advance()
        return "ok"

    def expected_action(self) -> Any:
        s = self.step
        if s is None or not s.expect or s.expect == ROLL:
            return None
        return self.state.str_to_action(s.expect)

    # --- playing the script ---------------------------------------------------------------
    def _act(self, text: str, what: str, log: bool = True) -> None:
        before = self.state.clone()
        action = _play(self.state, text, what)
        if log:
            self.moves.append((before, action, self.state.clone()))

    def _advance(self) -> None:
        s = self.step
        for k, text in enumerate(s.then if s else ()):
            self._act(text, f"step {self.index + 1}, scripted {k + 1}")
        self.index += 1


def check(chapter: Chapter) -> list[str]:
    """Every problem of a chapter's script, replayed through the rules ([] = sound)."""
    problems = []
    try:
        lesson = Lesson(chapter)
    except (LessonError, ValueError) as exc:
        return [f"start: {exc}"]
    while not lesson.finished:
        n = lesson.index + 1
        s = lesson.step
        st = lesson.state
        if s.expect == ROLL:
            if not lesson.can_roll():
                problems.append(f"step {n}: expects the learner's roll, but no roll is theirs")
            elif not s.then:
                problems.append(f"step {n}: a roll needs its outcome in 'then'")
        elif s.expect:
            if st.current_player() != LEARNER:
                problems.append(f"step {n}: expects {s.expect!r}, but it is not the learner's "
                                f"turn")
            else:
                try:
                    if st.str_to_action(s.expect) not in st.legal_actions():
                        problems.append(f"step {n}: {s.expect!r} is not legal here")
                except NotationError as exc:
                    problems.append(f"step {n}: {s.expect!r}: {exc}")
        if problems:
            return problems
        try:
            if s.expect == ROLL:
                lesson.roll()
            elif s.expect:
                lesson.offer(s.expect)
            else:
                lesson.proceed()
        except LessonError as exc:
            return problems + [str(exc)]
    return problems

