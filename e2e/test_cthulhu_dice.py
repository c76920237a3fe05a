"""Cthulhu Dice in Chromium: whole games against three strong bots through the table itself
(victims clicked on the circle of seats, by mouse and by keyboard, the Eye's buttons, the roll
button), in the classic game on a desktop and in "Cthulhu joue" on a phone."""

from __future__ import annotations

import time

from appwait import settle

FAST = "0.05"                 # seconds per bot move (the stored pace), so a game takes seconds
GAME_TIMEOUT_S = 180
SEATS = "#main .cd-table [data-action]"     # clickable seats (and Cthulhu in the variant)
EYE = "#main .cd-choices button[data-action^=e]"
ROLL = "#main [data-cmd=roll]"
NB = "\u202f"                # French typography's narrow no-break space ("Cthulhu : 12")


def start(page, open_app, options: dict[str, str] | None = None, name: str = "Ada"):
    open_app(page)
    page.evaluate(f"localStorage.setItem('rituels.pace', '{FAST}')")
    open_app(page, "#/new/cthulhu-dice")
    page.wait_for_selector("[role=dialog]")
    page.select_option("#count", "4")
    page.fill("#seat-0-name", name)
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}-kind", "strong")
    for field, value in (options or {}).items():
        page.select_option(f"#{field}", value)
    page.click("button[data-cmd=start]")
    page.wait_for_selector("#main .cd-table")


def sane_others(page) -> int:
    """How many seats the board shows as sane, the caster's excepted."""
    return page.evaluate(
        """() => [...document.querySelectorAll('#main .cd-seat')]
             .filter(g => !g.classList.contains('cd-mad')
                          && !g.classList.contains('cd-caster')).length""")


def play_to_the_end(page, keyboard: bool, variant: bool = False) -> dict[str, int]:
    """Play Ada's part until the end screen; count what was done."""
    done = {"victims": 0, "eye": 0, "rolls": 0, "cthulhu": 0}
    end = time.monotonic() + GAME_TIMEOUT_S
    while page.query_selector("#end-title") is None:
        assert time.monotonic() < end, "the game did not finish in time"
        settle(page)   # the last click is answered: the page shows what the app offers now
        eye = page.query_selector_all(EYE)
        seats = page.query_selector_all(SEATS)
        roll = page.query_selector(ROLL)
        if eye:
            assert [b.get_attribute("data-action") for b in eye] == ["eY", "eT", "eE", "eC"]
            # Each result says what it would do here, under its name.
            assert all(b.query_selector(".cd-preview").inner_text().strip() for b in eye)
            page.click(f"{EYE}[data-action=eT]")
            done["eye"] += 1
        elif seats:
            actions = [s.get_attribute("data-action") for s in seats]
            for s in seats:
                assert s.get_attribute("role") == "button" and s.get_attribute("aria-label")
            if actions[0].startswith("v"):
                # Exactly the sane seats other than the caster (plus Cthulhu in the variant).
                victims = [a for a in actions if a != "vC"]
                assert len(victims) == sane_others(page)
                assert ("vC" in actions) == variant
            target = "vC" if variant and "vC" in actions and done["cthulhu"] < 2 else actions[-1]
            if target == "vC":
                done["cthulhu"] += 1
            selector = f"{SEATS}[data-action='{target}']"
            if keyboard and done["victims"] % 2:
                page.focus(selector)
                page.keyboard.press("Enter")
            else:
                page.click(selector)
            done["victims"] += 1
        elif roll is not None and roll.is_visible():
            roll.click()
            done["rolls"] += 1
        else:
            page.wait_for_timeout(80)
    return done


def test_classic_game_against_three_strong_bots(page, open_app, axe, screenshot):
    start(page, open_app)
    assert page.inner_text("#status") == f"À vous{NB}: choisissez une victime"
    assert page.title().startswith("À vous — Cthulhu Dice")
    assert page.locator("#main .cd-seat").count() == 4
    assert page.locator("#main .cd-tokens circle").count() == 4 * 3 * 2   # drawn tokens
    violations = axe(page, ".cd")
    assert violations == [], [(v["id"], [n["html"][:200] for n in v["nodes"]]) for v in violations]
    done = play_to_the_end(page, keyboard=True)
    assert done["victims"] >= 1 and done["rolls"] >= 1
    log = page.inner_text(".log-lines")
    assert "Ada choisit" in log and "lance contre" in log and "riposte contre" in log
    result = page.inner_text(".end-result").strip()
    assert result in log
    assert "l’emporte" in result
    # The standings: every seat with its rank, tokens and sanity, and Cthulhu's row when
    # everyone went mad and he won (the rules' last-player-standing may not come).
    cthulhu_won = result.startswith("Cthulhu l’emporte")
    assert page.locator(".cd-standings tbody tr").count() == 4 + cthulhu_won
    assert page.locator(".cd-standings tbody tr.cd-won").count() >= 1
    assert "Ada" in page.inner_text(".cd-standings")
    screenshot(page, "cthulhu-classic-end-desktop")


def test_cthulhu_joue_on_a_phone(phone_page, open_app, screenshot):
    page = phone_page
    start(page, open_app, {"opt-mode": "cthulhu"})
    assert f"Cthulhu{NB}: 12 jetons" in page.text_content("#main .cd-cthulhu")
    assert page.is_visible(f"{SEATS}[data-action=vC]")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "cthulhu-variant-phone")
    done = play_to_the_end(page, keyboard=False, variant=True)
    assert done["cthulhu"] >= 1
    log = page.inner_text(".log-lines")
    assert "Ada choisit Cthulhu comme victime." in log
    assert "Cthulhu riposte contre Ada" in log
    assert page.inner_text(".end-result").strip()
    screenshot(page, "cthulhu-variant-end-phone")
