"""The test seam reaches the page: with ``rituels.test`` set before the start, the app's dice
follow the script and a seed gives the same game on every visit (rituels.app.testseam)."""

from __future__ import annotations

from appwait import saved_game, settle, wait_offered


def start_cthulhu(page, open_app, kinds=("human", "strong", "strong")):
    open_app(page, "#/new/cthulhu-dice")
    page.select_option("#count", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        page.select_option(f"#seat-{seat}-kind", kind)
    settle(page)
    page.click("button[data-cmd=start]")
    page.wait_for_function("location.hash.startsWith('#/play/')")
    settle(page)
    return page.evaluate("location.hash").split("/")[-1]


def test_scripted_rolls_are_the_rolls_of_the_game(page, open_app, seeded):
    """Cthulhu Dice, Ada and two bots: Ada picks her victim, and her roll, scripted, is a
    Tentacle: she takes a sanity token from that victim."""
    seeded(page, seed=5, chance=["T"], pace="0.05")
    save_id = start_cthulhu(page, open_app)
    wait_offered(page, "#main .cd-table [data-action]")
    page.click("#main .cd-table [data-action] >> nth=0")
    settle(page)
    if page.query_selector("#main [data-cmd=roll]"):
        page.click("#main [data-cmd=roll]")
        settle(page)
    page.wait_for_function(
        "() => document.querySelector('.log-lines').innerText.includes('Tentacule')")
    saved = saved_game(page, save_id)
    assert saved["actions"][0].startswith("v") and saved["actions"][1] == "T"


def test_one_seed_gives_the_same_bot_game_on_two_visits(page, open_app, seeded):
    seeded(page, seed=9, pace="0")
    games = []
    for _ in range(2):
        page.goto("about:blank")   # a new start of the app (a hash change alone is not one)
        save_id = start_cthulhu(page, open_app, ("strong", "strong", "strong"))
        wait_offered(page, "#end-title")
        games.append(saved_game(page, save_id)["actions"])
    assert games[0] == games[1] and len(games[0]) > 3
