"""Italiano e Deutsch (issue 29) in the browser: a first visit follows the browser's
preferred languages, the picker fits a phone's header and is remembered, axe stays clean in
Italian and German, and a game screen in each shows no French."""

from __future__ import annotations

import json

import pytest

from appwait import settle
from pagechecks import hold_python, serious
from stored import stored_analysis, store_saves

READY_TIMEOUT_MS = 60_000


def visit(browser, base_url, locale: str, size=(375, 667)):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  locale=locale, is_mobile=size[0] < 600,
                                  has_touch=size[0] < 600)
    page = context.new_page()
    page.set_default_timeout(30_000)
    # the bots' pace; the app's dice and bots from a seed (rituels.app.testseam); no memory
    # snapshot made in the background (a second Pyodide boot nobody uses: conftest.py)
    test = json.dumps({"seed": 61, "fixed_effort": True, "chance": []})
    page.add_init_script("localStorage.setItem('rituels.pace', '0.05');"
                         f"localStorage.setItem('rituels.test', {json.dumps(test)});"
                         "localStorage.setItem('rituels.snapshot', 'off');")
    page.goto(base_url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    return context, page


@pytest.mark.fresh_profile   # a first visit (its own new context): no language remembered
@pytest.mark.parametrize("locale,lang,new", [("it-IT", "it", "Nuova partita"),
                                             ("de-AT", "de", "Neue Partie"),
                                             ("es-ES", "fr", "Nouvelle partie")])
def test_a_first_visit_follows_the_browser_then_the_choice_is_remembered(
        browser, base_url, locale, lang, new):
    context, page = visit(browser, base_url, locale)
    try:
        assert page.get_attribute("html", "lang") == lang
        assert new in page.inner_text("#app")
        # The four buttons share the 375 px header's one line with the links.
        boxes = [page.locator(f".topbar [data-lang={c}]").bounding_box()
                 for c in ("fr", "en", "it", "de")]
        brand = page.locator(".topbar .brand").bounding_box()
        assert all(b["width"] >= 24 and b["height"] >= 24 for b in boxes)
        assert all(abs(b["y"] - boxes[0]["y"]) < 1 for b in boxes)
        assert boxes[0]["y"] < brand["y"] + brand["height"], "the picker wrapped under the logo"
        assert boxes[-1]["x"] + boxes[-1]["width"] <= 375
        page.click("button[data-lang=de]")
        page.wait_for_selector("html[lang=de]")
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        assert page.get_attribute("html", "lang") == "de"
        assert "Neue Partie" in page.inner_text("#app")
    finally:
        context.close()


FRENCH = ("Joueur", "partie", "Règles", "Accueil", "À vous", "Lancer", "aruspices", "jeton")


@pytest.mark.parametrize("lang,locale,game", [("it", "it-IT", "tuchulcha"),
                                              ("de", "de-DE", "wongar"),
                                              ("it", "it-IT", "cthulhu-dice"),
                                              ("de", "de-DE", "tuchulcha")])
def test_italian_and_german_screens_are_clean_and_french_free(
        browser, base_url, axe, screenshot, lang, locale, game):
    context, page = visit(browser, base_url, locale, size=(1280, 800))
    try:
        assert serious(axe(page)) == []
        page.evaluate(f"location.hash = '#/new/{game}'")
        page.wait_for_selector("[role=dialog] [data-cmd=start]")
        assert serious(axe(page)) == []
        page.click("[role=dialog] [data-cmd=start]")
        page.wait_for_selector("#status")
        settle(page)   # the start answered: the game screen as the app drew it
        screenshot(page, f"lang-{game}-{lang}")
        assert serious(axe(page)) == []
        text = page.inner_text("#app")
        assert [w for w in FRENCH if w in text] == [], text[:400]
        page.evaluate(f"location.hash = '#/rules/{game}'")
        page.wait_for_selector(".rules-page")
        assert serious(axe(page)) == []
        text = page.inner_text("#app")
        assert [w for w in FRENCH if w in text] == [], text[:400]
    finally:
        context.close()


@pytest.mark.fresh_profile   # a first visit (its own new context), before Python
@pytest.mark.parametrize("locale,lang", [("it-CH", "it"), ("de-DE", "de")])
def test_the_first_paint_is_in_the_browser_s_language_before_python(browser, base_url,
                                                                     locale, lang):

    context = browser.new_context(viewport={"width": 375, "height": 667}, locale=locale)
    page = context.new_page()
    try:
        hold_python(page)
        page.goto(base_url)
        page.wait_for_load_state("load")
        assert page.get_attribute("html", "lang") == lang
        assert page.locator(f".first-paint-{lang}").is_visible()
        for other in {"fr", "en", "it", "de"} - {lang}:
            assert not page.locator(f".first-paint-{other}").is_visible()
    finally:
        context.close()


@pytest.mark.parametrize("game,locale,lang", [("tuchulcha", "it-IT", "it"),
                                              ("wongar", "de-DE", "de")])
def test_the_replay_and_analysis_read_in_italian_and_german(browser, base_url, axe, screenshot,
                                                           game, locale, lang):
    """'Done means': the analysis of a Tuchulcha game in Italian, of Wongar in German (the
    analysis stored beside the save, as the app keeps a finished one: its words are the
    check; running it in the page is e2e/test_analysis.py's)."""

    save_id, data, moves = stored_analysis(game, seed=2)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale=locale)
    page = context.new_page()
    try:
        page.add_init_script("localStorage.setItem('rituels.snapshot', 'off')")
        store_saves(page, base_url, data)
        page.goto(f"{base_url}#/replay/{save_id}")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        page.wait_for_selector(".an-chart")
        # the curve fills in as it is computed: wait for its last move
        want = {"it": f"Mossa {moves}", "de": f"Zug {moves}"}[lang]
        page.wait_for_function(
            "(want) => { const c = document.querySelectorAll('.an-col');"
            " return c.length > 0 && (c[c.length - 1].getAttribute('aria-label') || '')"
            ".startsWith(want); }", arg=want, timeout=240_000)
        last = page.get_attribute(".an-col >> nth=-1", "aria-label")
        assert last.startswith({"it": f"Mossa {moves}", "de": f"Zug {moves}"}[lang])
        screenshot(page, f"lang-analysis-{game}-{lang}")
        assert serious(axe(page)) == []
        text = page.inner_text("#app")
        assert [w for w in FRENCH if w in text] == [], text[:600]
    finally:
        context.close()
