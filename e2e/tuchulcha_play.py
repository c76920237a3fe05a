"""Playing Tuchulcha in the page: the board's selectors, a new game from the dialog, and
``one_step``, the next thing the person can do (test_tuchulcha, test_saves and test_remote play
by it)."""

from __future__ import annotations

from appwait import settle, wait_offered

FAST = "0.05"                  # seconds per bot move (the stored pace)
BOARD = "#main .tu-board"
ROLL = "#main [data-cmd=roll]"
BOARD_ACTIONS = f"{BOARD} [data-action]"      # legal destinations on the board
BOARD_PICKS = f"{BOARD} [data-select]"        # groups that can move
PANEL_ACTIONS = "#main .tu-choices [data-action]"
PANEL_SELECTS = "#main .tu-choices [data-select]"
OFFERED = ", ".join((BOARD_ACTIONS, BOARD_PICKS, PANEL_ACTIONS, PANEL_SELECTS, ROLL))  # one_step


def start(page, open_app, count: int, name: str = "Ada"):
    open_app(page)
    page.evaluate(f"localStorage.setItem('rituels.pace', '{FAST}')")
    open_app(page, "#/new/tuchulcha")
    page.wait_for_selector("[role=dialog]")
    page.select_option("#count", str(count))
    page.fill("#seat-0-name", name)
    for seat in range(1, count):
        page.select_option(f"#seat-{seat}-kind", "easy")
    page.click("button[data-cmd=start]")
    page.wait_for_selector(BOARD)
    settle(page)


def click(page, selector: str, keyboard: bool) -> None:
    wait_offered(page, selector)
    if keyboard:
        page.focus(selector)
        page.keyboard.press("Enter")
    else:
        # At the piece's centre: a neighbour's invisible 44 px hit area may lie over it there
        # (issue 42), and the glue gives such a tap to the piece drawn under it, as a finger's.
        page.click(selector, force=True)


def one_step(page, done: dict[str, int]) -> bool:
    """Do the next thing Ada can do; False when nothing is offered yet (bots are playing)."""
    keyboard = done["board"] % 3 == 1
    targets = page.query_selector_all(BOARD_ACTIONS)
    if targets:
        for t in targets:
            assert t.get_attribute("role") == "button" and t.get_attribute("aria-label")
        # Play sensibly enough for a real game: avoid losing pawns to the forest if possible.
        safe = [t for t in targets if "forêt" not in t.get_attribute("aria-label")]
        action = (safe or targets)[0].get_attribute("data-action")
        click(page, f"{BOARD_ACTIONS}[data-action='{action}']", keyboard)
        done["board"] += 1
        return True
    panel = page.query_selector_all(PANEL_ACTIONS)
    selects = page.query_selector_all(PANEL_SELECTS)
    picks = page.query_selector_all(BOARD_PICKS)
    if selects and not panel:                  # how many pawns: one at a time
        token = selects[0].get_attribute("data-select")
        page.click(f"{PANEL_SELECTS}[data-select='{token}']")
        done["counts"] += 1
        return True
    if picks and not panel:
        token = picks[0].get_attribute("data-select")
        click(page, f"{BOARD_PICKS}[data-select='{token}']", keyboard)
        done["picks"] += 1
        return True
    if panel:                                  # third die, discard, role change, Lasa's skip
        panel[0].click()
        done["panel"] += 1
        return True
    roll = page.query_selector(ROLL)
    if roll is not None and roll.is_visible():
        roll.click()
        done["rolls"] += 1
        return True
    return False
