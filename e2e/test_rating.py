"""The player's rating in Chromium (issue 43): a game set up with bot levels in the dialog,
played to its end by clicks (Cthulhu Dice at three, bots at a fast pace), shows the rating's
change on the end screen, and the statistics page its chart. The levels' ratings come from
the test seam (rituels.app.testseam ``ratings``) until the ladder ships its own."""

from __future__ import annotations

import json
import os
import re

from appwait import settle, wait_offered

FAST = "0.05"
NB = "\u202f"
SHOTS = os.environ.get("RATING_SHOTS", "")      # a folder: screenshots are saved there
RATINGS = {"cthulhu-dice": {str(n): [900 + 100 * n, 860 + 100 * n, 940 + 100 * n]
                            for n in range(1, 6)}}
OFFER = "#main [data-action], #main [data-cmd=roll], .end-panel"


def shoot(page, name: str) -> None:
    if SHOTS:
        size = page.viewport_size
        page.screenshot(path=os.path.join(SHOTS, f"{name}-{size['width']}x{size['height']}.png"),
                        full_page=True)


def test_a_game_against_levels_moves_the_rating(page, open_app, seeded):
    play_to_the_stats(page, open_app, seeded)


def test_the_same_on_a_phone(phone_page, open_app, seeded):
    play_to_the_stats(phone_page, open_app, seeded)


def play_to_the_stats(page, open_app, seeded):
    seeded(page, seed=11, pace=FAST)
    settings = json.dumps({"seed": 11, "fixed_effort": True, "ratings": RATINGS})
    page.add_init_script(f"localStorage.setItem('rituels.test', {json.dumps(settings)});")
    open_app(page, "#/new/cthulhu-dice")
    page.wait_for_selector("[role=dialog]")
    page.select_option("#count", "3")
    settle(page)
    labels = page.locator("#seat-1-kind option").all_inner_texts()
    assert f"Initié (1{NB}200)" in labels, labels
    levels = page.locator("#seat-1-kind optgroup[label=Automates] option").all_inner_texts()
    assert levels[:5] == [f"{name} (1{NB}{n}00)" for n, name in enumerate(
        ("Novice", "Apprenti", "Initié", "Adepte", "Grand prêtre"), start=0)], levels
    page.fill("#seat-0-name", "Ada")
    page.select_option("#seat-1-kind", "2")
    page.select_option("#seat-2-kind", "3")
    settle(page)
    for target in ("#seat-1-kind", "button[data-cmd=start]"):
        assert page.locator(target).bounding_box()["height"] >= 44, target
    shoot(page, "dialog")
    page.click("button[data-cmd=start]")
    for _ in range(400):
        wait_offered(page, OFFER)
        if page.locator(".end-panel").count():
            break
        roll = page.locator("#main [data-cmd=roll]")
        if roll.count():
            roll.first.click()
        else:
            page.locator("#main [data-action]").first.click()
        settle(page)
    line = page.inner_text(".end-rating")
    assert page.locator(".end-rating a").bounding_box()["height"] >= 44
    assert re.fullmatch(rf"Votre cote{NB}: [+\u2212±][\d{NB}]+ → [\d{NB}]+", line), line
    shoot(page, "end")
    page.click(".end-rating a")
    page.wait_for_selector(".stats .rating-chart")
    settle(page)
    text = page.inner_text(".stats")
    assert f"Parties{NB}: 1" in text and "3 joueurs" in text and "Apprenti" in text
    assert line.split("→ ")[1] in page.inner_text(".rating-now")
    shoot(page, "stats")
