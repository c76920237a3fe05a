"""Cthulhu Dice in Chromium, never left to the dice: the table against three strong bots with
every roll scripted (rituels.app.testseam). A few moves show the page takes Ada's clicks and
keys (victims clicked on the circle of seats, the roll button, the Eye's buttons) on a desktop
and, in "Cthulhu joue", on a phone; the end screens come from a game link one decision before
the end, played on by a click. Whole games are played at unit level (tests/app)."""

from __future__ import annotations


from rituels.engine.link import encode
from endings import last_decision
from appwait import settle, wait_offered

FAST = "0.05"                 # seconds per bot move (the stored pace)
SEATS = "#main .cd-table [data-action]"     # clickable seats (and Cthulhu in the variant)
EYE = "#main .cd-choices button[data-action^=e]"
ROLL = "#main [data-cmd=roll]"
NB = "\u202f"                # French typography's narrow no-break space ("Cthulhu : 12")


def start(page, open_app, options: dict[str, str] | None = None, name: str = "Ada"):
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
    settle(page)


def sane_others(page) -> int:
    """How many seats the board shows as sane, the caster's excepted."""
    return page.evaluate(
        """() => [...document.querySelectorAll('#main .cd-seat')]
             .filter(g => !g.classList.contains('cd-mad')
                          && !g.classList.contains('cd-caster')).length""")


def check_victims(page, variant: bool) -> list[str]:
    """The seats offered as victims: exactly the sane seats other than the caster (plus
    Cthulhu in the variant), each a named button."""
    seats = page.query_selector_all(SEATS)
    for s in seats:
        assert s.get_attribute("role") == "button" and s.get_attribute("aria-label")
    actions = [s.get_attribute("data-action") for s in seats]
    assert all(a.startswith("v") for a in actions), actions
    assert len([a for a in actions if a != "vC"]) == sane_others(page)
    assert ("vC" in actions) == variant
    return actions


def open_last_decision(page, open_app, seeded, options, seed):
    """The page on Ada's last decision of that game, its rolls to come scripted."""
    record, decision, rolls, end = last_decision("cthulhu-dice", seed, bot="strong",
                                                  options=options)
    seeded(page, seed=seed, chance=rolls, pace=FAST)
    open_app(page, "#g=" + encode(record))
    page.click("button[data-cmd=link-continue]")
    wait_offered(page, SEATS)
    return decision, end


def test_classic_first_moves_by_keyboard_and_mouse(page, open_app, seeded, axe):
    """Classic game, Ada and three strong bots, her roll scripted to the Eye: she picks her
    victim with the keyboard (focus, Enter), rolls with the mouse, and the Eye's four buttons
    each say what they would do; she takes a Tentacle and her victim answers."""
    seeded(page, seed=3, chance=["O"], pace=FAST)   # the Eye
    start(page, open_app)
    assert page.inner_text("#status") == f"À vous{NB}: choisissez une victime"
    assert page.title().startswith("À vous — Cthulhu Dice")
    assert page.locator("#main .cd-seat").count() == 4
    assert page.locator("#main .cd-tokens circle").count() == 4 * 3 * 2   # drawn tokens
    violations = axe(page, ".cd")
    assert violations == [], [(v["id"], [n["html"][:200] for n in v["nodes"]]) for v in violations]
    victim = check_victims(page, variant=False)[-1]
    page.focus(f"{SEATS}[data-action='{victim}']")
    page.keyboard.press("Enter")
    wait_offered(page, ROLL)
    page.click(ROLL)
    wait_offered(page, EYE)
    eye = page.query_selector_all(EYE)
    assert [b.get_attribute("data-action") for b in eye] == ["eY", "eT", "eE", "eC"]
    assert all(b.query_selector(".cd-preview").inner_text().strip() for b in eye)
    page.click(f"{EYE}[data-action=eT]")
    page.wait_for_function(
        "() => document.querySelector('.log-lines').innerText.includes('riposte contre')")
    log = page.inner_text(".log-lines")
    assert "Ada choisit" in log and "lance contre" in log and "Ada choisit Tentacule" in log


def test_classic_end_shows_the_standings(page, open_app, seeded, screenshot):
    """A classic game one decision from its end (a link): Ada clicks her victim and rolls, the
    scripted rolls (Tentacle, Tentacle) leave her the last sane player: she wins, and the end
    screen ranks every seat."""
    decision, end = open_last_decision(page, open_app, seeded, None, seed=29)
    assert end.winners() == [0]
    check_victims(page, variant=False)
    page.click(f"{SEATS}[data-action='{decision}']")
    wait_offered(page, ROLL)
    page.click(ROLL)
    wait_offered(page, "#end-title")
    log = page.inner_text(".log-lines")
    assert "Ada choisit" in log and "lance contre" in log and "riposte contre" in log
    result = page.inner_text(".end-result").strip()
    assert result in log and result.startswith("Ada l’emporte"), result
    # The standings: every seat with its rank, tokens and sanity (no Cthulhu row: he lost).
    assert page.locator(".cd-standings tbody tr").count() == 4
    assert page.locator(".cd-standings tbody tr.cd-won").count() == 1
    assert "Ada" in page.inner_text(".cd-standings tr.cd-won")
    screenshot(page, "cthulhu-classic-end-desktop")


def test_cthulhu_joue_on_a_phone(phone_page, open_app, seeded, screenshot):
    """"Cthulhu joue" on a phone: Cthulhu's 12 tokens and his seat are on the table, which fits
    the width; Ada taps Cthulhu as her victim, rolls (scripted: a Tentacle, a token from
    Cthulhu), and Cthulhu answers her (scripted too)."""
    page = phone_page
    seeded(page, seed=4, chance=["T", "T"], pace=FAST)
    start(page, open_app, {"opt-mode": "cthulhu"})
    assert f"Cthulhu{NB}: 12 jetons" in page.text_content("#main .cd-cthulhu")
    assert page.is_visible(f"{SEATS}[data-action=vC]")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "cthulhu-variant-phone")
    check_victims(page, variant=True)
    page.tap(f"{SEATS}[data-action=vC]")
    wait_offered(page, ROLL)
    page.tap(ROLL)
    page.wait_for_function(
        "() => document.querySelector('.log-lines').innerText.includes('Cthulhu riposte')")
    log = page.inner_text(".log-lines")
    assert "Ada choisit Cthulhu comme victime." in log
    assert "Cthulhu riposte contre Ada" in log


def test_cthulhu_joue_end_on_a_phone(phone_page, open_app, seeded, screenshot):
    """A "Cthulhu joue" game one decision from its end (a link), on a phone: Ada taps Cthulhu
    and rolls; the scripted rolls (Cthulhu, Cthulhu) end it, and the end screen says how."""
    page = phone_page
    decision, end = open_last_decision(page, open_app, seeded, {"mode": "cthulhu"}, seed=2)
    assert decision == "vC"
    check_victims(page, variant=True)
    page.tap(f"{SEATS}[data-action=vC]")
    wait_offered(page, ROLL)
    page.tap(ROLL)
    wait_offered(page, "#end-title")
    log = page.inner_text(".log-lines")
    assert "Ada choisit Cthulhu comme victime." in log and "Cthulhu riposte contre Ada" in log
    result = page.inner_text(".end-result").strip()
    assert result and result in log
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "cthulhu-variant-end-phone")
