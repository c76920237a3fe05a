"""Lessons (issue 23): every chapter's script is legal through the rules (the checker), the
checker catches a broken step, texts exist in both languages within ~40 words, and the app
plays a chapter: the step's action moves on, another choice is answered "essayez plutôt …",
progress resumes at its step and is never a save in "Mes parties"."""

import copy
import dataclasses
import re

import pytest

from rituels.app.controller import App
from rituels.app.lessons import lesson_run
from rituels.app.storage import MemoryStorage
from rituels.i18n import t
from rituels.lessons import LESSON_GAMES, ROLL, Lesson, Step, chapters, check
from rituels.lessons.command import main as tutorial_main
from rituels.viewkit import ViewContext, load_view

ALL = [ch for g in LESSON_GAMES for ch in chapters(g)]



@pytest.mark.parametrize("chapter", ALL, ids=lambda c: f"{c.game}-{c.id}")
def test_every_chapter_replays_through_the_rules(chapter):
    assert check(chapter) == []


@pytest.mark.parametrize("chapter", ALL, ids=lambda c: f"{c.game}-{c.id}")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_texts_exist_and_are_short(chapter, lang):
    for key in [chapter.title] + [s.say for s in chapter.steps] + [s.hint for s in chapter.steps
                                                                    if s.hint]:
        text = t(lang, key)
        assert text != key, key
        assert len(text.split()) <= 45, key


def test_checker_fails_on_an_illegal_step():
    good = chapters("cthulhu-dice")[0]
    steps = list(good.steps)
    steps[1] = Step("lessons.cd.victim", expect="v9")      # no seat 9 at a table of three
    assert any("step 2" in p for p in check(dataclasses.replace(good, steps=tuple(steps))))
    steps[1] = Step("lessons.cd.victim", expect=ROLL, then=("Y",))   # nothing to roll yet
    assert check(dataclasses.replace(good, steps=tuple(steps)))
    steps = list(good.steps)
    steps[2] = dataclasses.replace(steps[2], then=("T", "v2"))   # the counter-roll is a roll
    assert check(dataclasses.replace(good, steps=tuple(steps)))


def test_tutorial_command_exit_codes(capsys, monkeypatch):
    class Args:
        game, check, lang = "cthulhu-dice", True, "en"
    assert tutorial_main(Args) == 0
    out = capsys.readouterr().out
    assert "classic" in out and "[play v2]" in out
    broken = dataclasses.replace(chapters("cthulhu-dice")[0],
                                 steps=(Step("lessons.cd.victim", expect="v9"),))
    monkeypatch.setattr("rituels.lessons.command.chapters", lambda g: (broken,))
    assert tutorial_main(Args) == 1
    assert "BROKEN" in capsys.readouterr().out


def _finish_by_script(app, chapter):
    """Play a chapter in the app as a learner would, by its own script."""
    for step in chapter.steps:
        if step.expect == ROLL:
            app.click({"cmd": "lesson-roll"})
        elif step.expect:
            app.click({"action": step.expect})
        else:
            app.click({"cmd": "lesson-next"})
    return app.render()


@pytest.mark.parametrize("chapter", ALL, ids=lambda c: f"{c.game}-{c.id}")
def test_app_plays_a_chapter_to_its_end_and_offers_a_real_game(chapter):
    store = MemoryStorage()
    app = App(store, "fr", pace_s=0)
    app.navigate(f"#/learn/{chapter.game}/{chapter.id}")
    html = _finish_by_script(app, chapter)
    assert "Chapitre terminé" in html and 'data-cmd="lesson-real"' in html
    assert app.saves.list() == []                       # never a game in "Mes parties"
    app.click({"cmd": "lesson-real"})
    assert app.route == ("new", chapter.game)
    assert app.draft["count"] == chapter.players
    for key, value in chapter.options.items():
        assert app.draft["options"][key] == value


def test_other_choice_is_answered_and_progress_resumes():
    store = MemoryStorage()
    app = App(store, "en", pace_s=0)
    app.navigate("#/learn/cthulhu-dice/classic")
    app.click({"action": "v2"})                   # step 1 waits for "Continue"
    assert "Continue" in lesson_run(app).message
    app.click({"cmd": "lesson-next"})
    app.click({"action": "v3"})                   # legal, but the step teaches Bruno
    assert lesson_run(app).message == "Try this instead: tap Bruno"
    assert lesson_run(app).lesson.index == 1
    app.click({"action": "v2"})
    assert lesson_run(app).lesson.index == 2
    again = App(store, "en", pace_s=0)            # a reload: the same step, same position
    again.navigate("#/learn/cthulhu-dice/classic")
    assert lesson_run(again).lesson.index == 2
    assert lesson_run(again).lesson.state.to_json() == lesson_run(app).lesson.state.to_json()
    assert "Resume at step 3" in (again.navigate("#/learn/cthulhu-dice") or again.render())
    store.set("rituels.lessons", "{not json")     # hostile storage: start from step 1
    third = App(store, "en", pace_s=0)
    third.navigate("#/learn/cthulhu-dice/classic")
    assert lesson_run(third).lesson.index == 0


def test_home_and_new_game_link_to_the_lessons():
    app = App(MemoryStorage(), "fr", pace_s=0)
    app.navigate("#/")
    html = app.render()
    for g in LESSON_GAMES:
        assert f'href="#/learn/{g}"' in html
    app.navigate("#/new/tuchulcha")
    assert 'href="#/learn/tuchulcha"' in app.render()


def test_lesson_rebuilds_any_step_exactly():
    for ch in ALL:
        full = Lesson(ch)
        seen = []
        while not full.finished:
            # A copy: Wongar's to_json shares the live state's lists.
            seen.append(copy.deepcopy(full.state.to_json()))
            s = full.step
            full.roll() if s.expect == ROLL else full.offer(s.expect) if s.expect else full.proceed()
        for i in range(len(ch.steps)):
            assert Lesson(ch, i).state.to_json() == seen[i]


def _wongar_at(say: str):
    ch = chapters("wongar")[0]
    return Lesson(ch, [s.say for s in ch.steps].index("lessons.wo." + say)).state


def test_wongar_chapter_shows_what_its_steps_say():
    # The elder ceremony in the Hand paid 3 points a type (section III): 6+3, 4+3, 4+3; then
    # the scorpion cost the learner 2 (two players behind) and put the marker on the X.
    st = _wongar_at("scorpion")
    assert (st.time, st.scores, st.end_triggered is not None) == (12, [7, 7, 7], True)
    assert st.tokens[4][0] == [0, 1, 0] and st.tokens[4][1] == [1, 0, 0]  # the disc removed
    # Kangaroo: discs 2-2 (learner/Chloé) and cubes 1-1 (learner/Bruno) go to the ancestor
    # holder; cylinders 1-1 (Bruno/Chloé) to the nearest after him: Bruno. 4 points each.
    st = _wongar_at("ties")
    assert st.ancestor_holder == 0 and st.scores == [15, 11, 7]
    assert st.last_scoring == [(0, 0, 4), (1, 0, 4), (2, 1, 4)]   # (type, player, points)
    # Final count: the learner's disc card, Bruno's cylinder card, Chloé's two cube cards.
    end = Lesson(chapters("wongar")[0], 99).state
    assert end.phase == "end" and end.scores == [23, 19, 15] and end.winners() == [0]


def test_wongar_other_choice_is_answered():
    app = App(MemoryStorage(), "fr", pace_s=0)
    app.navigate("#/learn/wongar/first")
    app.click({"cmd": "lesson-next"})
    app.click({"action": "take:emu"})              # legal, but the step teaches Kangaroo's card
    assert lesson_run(app).message == "Essayez plutôt ceci\u202f: la carte disque du Kangourou"
    assert lesson_run(app).lesson.index == 1


def test_tuchulcha_lasa_chapter_seals_a_passage():
    ch = next(c for c in chapters("tuchulcha") if c.id == "lasa")
    assert Lesson(ch).state.player_in_play(0) == 6            # "you have 6" in play
    st = Lesson(ch, 4).state                    # after the 3: stones 4 and 5 skipped
    assert st.lasa == 0 and st.seals == frozenset({8}) and st.stones[3] is None
    assert st.star[0] == 3                      # Velthumena's and the forest's, and the sealer
    st = Lesson(ch, 5).state                    # the 2: from the star, entry stone 0 then 1
    assert st.stones[1] == (0, 1) and st.star[0] == 2


@pytest.mark.parametrize("chapter", ALL, ids=lambda c: f"{c.game}-{c.id}")
def test_the_log_speaks_to_the_learner_in_the_second_person(chapter):
    """The learner is named « Vous »: every sentence of the log about them agrees with it
    (« Vous jouez », « Bruno vous choisit », never « Vous joue » nor « choisit Vous »)."""
    lesson = Lesson(chapter, step=len(chapter.steps))
    ctx = ViewContext(lang="fr", names=[t("fr", k) for k in chapter.names], viewer=0,
                      animate=False, local=(0,), you=0)
    view = load_view(chapter.game)
    lines = [str(line) for before, action, after in lesson.moves
             for line in view.describe(before, action, after, ctx)]
    assert any("Vous " in line for line in lines)          # the learner acts in every chapter
    for line in lines:
        for word in re.findall(r"\bVous ([a-zà-ÿ’]+)", line):
            assert word.endswith("ez") or word.startswith(("n’", "ne", "vous")) \
                or word in ("êtes", "faites"), line
