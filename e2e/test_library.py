"""Saves, share links, replays and undo in Chromium: play a few moves, copy the link, open it
on another device (a fresh browser context), watch the replay to the end, continue from the
middle; undo as the rule says; a damaged link; export and import of a game file."""

from __future__ import annotations

import json
import re

from appwait import download_by, saved_game, saved_games, settle

ACTIONABLE = "#main [data-action], #main [data-cmd='roll']"


# Headless Chromium refuses clipboard reads: record what the app writes instead.
RECORD_CLIPBOARD = """window.__copied = [];
navigator.clipboard.writeText = (text) => { window.__copied.push(text); return Promise.resolve(); };"""


def start_two_humans(page, names=("Ada", "Bruno")):
    """A Cthulhu Dice game between two people at this device (every click is ours)."""
    page.click("a[href='#/new/cthulhu-dice']")
    page.wait_for_selector("[role=dialog]")
    page.select_option("#count", "2")
    page.select_option("#seat-1-kind", "human")
    page.fill("#seat-0-name", names[0])
    page.fill("#seat-1-name", names[1])
    page.click("button[data-cmd=start]")
    page.wait_for_selector("#status")


def play(page, clicks: int) -> None:
    for _ in range(clicks):
        settle(page)
        page.wait_for_selector(ACTIONABLE)
        page.click(ACTIONABLE)
    settle(page)


def saved_records(page) -> list[dict]:
    return list(saved_games(page).values())


def current_record(page) -> dict:
    save_id = page.evaluate("location.hash").split("/")[-1]
    return saved_game(page, save_id)


def no_violations(axe, page, selector):
    found = axe(page, selector)
    assert not found, [(v["id"], v["help"], [n["html"] for n in v["nodes"]][:3]) for v in found]


def test_link_replay_to_the_end_then_continue_from_the_middle(page, phone_page, open_app,
                                                              base_url, screenshot, axe, seeded):
    seeded(page, seed=81, pace="0")   # the same 9 moves on every run (no early end by luck)
    page.add_init_script(RECORD_CLIPBOARD)
    open_app(page)
    start_two_humans(page)
    play(page, 9)
    record = current_record(page)
    moves = len(record["actions"])
    assert moves >= 9
    page.click("button[data-cmd=share]")
    page.wait_for_selector("#share-url")
    link = page.input_value("#share-url")
    assert link.startswith(base_url) and "#g=" in link
    page.wait_for_selector(".share-status:has-text('copié')")
    assert page.evaluate("window.__copied") == [link]
    screenshot(page, "library-share-dialog")
    no_violations(axe, page, ".share-dialog")
    page.click("button[data-cmd=share-close]")
    settle(page)                      # the worker's answer to the click closes the dialog
    assert page.locator(".share-dialog").count() == 0

    # Another device: a fresh context, nothing in its storage.
    other = phone_page
    open_app(other, "#" + link.split("#", 1)[1])
    other.wait_for_selector("button[data-cmd=link-replay]")
    intro = other.inner_text("#main")
    assert "Ada" in intro and "Bruno" in intro and str(moves) in intro
    screenshot(other, "library-link-intro-phone")
    no_violations(axe, other, ".link-intro")
    other.click("button[data-cmd=link-replay]")
    other.wait_for_selector(".replay-controls")
    # "Revoir la partie" starts from the beginning.
    other.wait_for_selector(f".replay-position:has-text('Coup 0 sur {moves}')")
    other.click("button[data-cmd=replay-speed][data-speed='4']")
    other.click("button[data-cmd=replay-play]")
    other.wait_for_selector(f".replay-position:has-text('Coup {moves} sur {moves}')",
                            timeout=30_000)
    assert other.get_attribute("button[data-cmd=replay-play]", "aria-pressed") == "false"
    # The board at the end is the same as the sender's (both non-interactive renders agree on
    # the log): every action's line is in the replay log.
    assert other.locator(".replay-log .log-jump").count() >= moves - 1
    screenshot(other, "library-replay-phone")
    no_violations(axe, other, ".replay-controls")
    no_violations(axe, other, ".replay-log")

    middle = moves // 2
    other.fill("#replay-slider", str(middle))
    other.wait_for_selector(f".replay-position:has-text('Coup {middle} sur {moves}')")
    other.click("button[data-cmd=replay-continue]")
    other.wait_for_function("location.hash.startsWith('#/play/')")
    other.wait_for_selector("#status")
    [continued] = saved_records(other)
    assert continued["actions"] == record["actions"][:middle]
    assert [s["name"] for s in continued["seats"]] == ["Ada", "Bruno"]
    # and the sender's game is untouched
    assert len(current_record(page)["actions"]) == moves


def test_undo_takes_back_own_moves_but_never_a_roll(page, open_app, seeded):
    seeded(page, seed=82)
    open_app(page)
    start_two_humans(page)
    undo = "button[data-cmd=undo]"
    assert page.is_disabled(undo)
    assert "Rien à annuler" in page.get_attribute(undo, "title")
    page.click("#main [data-action]")              # Ada chooses a victim
    page.wait_for_selector(f"{undo}:not([disabled])")
    assert len(current_record(page)["actions"]) == 1
    page.click(undo)
    page.wait_for_selector(f"{undo}[disabled]")
    assert current_record(page)["actions"] == []
    page.click("#main [data-action]")
    page.wait_for_selector("#main [data-cmd=roll]")
    page.click("#main [data-cmd=roll]")            # the die is cast: no going back
    page.wait_for_selector(f"{undo}[disabled]")
    assert "lancer de dés" in page.get_attribute(undo, "title")
    assert len(current_record(page)["actions"]) == 2


def test_a_damaged_link_says_so(page, open_app):
    open_app(page, "#g=AQAEIVh4M4tWKilNzijNSc5IVNKprtWJjlbyyi9NLS1SMF")
    page.wait_for_selector(".link-broken")
    text = page.inner_text(".link-broken")
    assert "Lien de partie illisible" in text and re.search(r"abîmé|modifié", text)
    assert saved_records(page) == []


def test_my_games_export_and_import(page, open_app, tmp_path, screenshot, axe):
    open_app(page)
    start_two_humans(page)
    play(page, 3)
    page.click("a[href='#/games']")
    page.wait_for_selector(".save-row")
    assert page.locator(".save-row").count() == 1
    path = download_by(page, "button[data-cmd=games-export]", tmp_path)
    assert path.name.endswith(".json")
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported["game"] == "cthulhu-dice" and len(exported["actions"]) == 3
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector(".save-row >> nth=1")
    assert page.locator(".save-row").count() == 2
    page.click("button[data-cmd=games-delete] >> nth=1")
    screenshot(page, "library-my-games", full_page=True)
    no_violations(axe, page, ".mygames")
    page.click("button[data-cmd=games-delete-no]")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "game": "chess"}', encoding="utf-8")
    page.set_input_files("#import-file", str(bad))
    page.wait_for_selector(".notice-error")
    assert "ne peut pas être importé" in page.inner_text(".notices")
    assert page.locator(".save-row").count() == 2
    # delete asks first
    page.click("button[data-cmd=games-delete] >> nth=0")
    page.click("button[data-cmd=games-delete-yes]")
    page.wait_for_function("document.querySelectorAll('.save-row').length === 1")
