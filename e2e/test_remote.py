"""Play at a distance (issue 12) in Chromium: two browser contexts (two devices) play games to
their end only by exchanging links read from the page's send panel. At the end each device has
exactly one save of the game, both at the final position; an old link changes nothing, a
forked link becomes a separate save, a damaged link shows its message.

Nothing here waits on luck: each device's dice come from a seed and the Cthulhu Dice rolls are
scripted (rituels.app.testseam), and the Tuchulcha game starts from a link of a game near its
end, built here, instead of being played whole (every link is a page load)."""

from __future__ import annotations

from appwait import saved_games, settle, wait_offered
from tuchulcha_play import OFFERED as TUCHULCHA_OFFERED
from tuchulcha_play import one_step as tuchulcha_step

from rituels.engine.link import decode, encode, fragment
from rituels.engine.history import replay
from rituels.engine.record import game_id_of
from rituels.tools.bench_saves import finished_record

FAST = "0"      # the stored pace: the table's own draws at once
CTHULHU_ACTIONS = "#main [data-action], #main [data-cmd='roll']"
# Far more than the clicks and links of these seeded games (a few dozen): a loop that goes
# round without ending the game fails (each wait has its own timeout; no limit on the whole
# game's time, which a loaded machine stretches: every link is a page load).
MAX_STEPS = 300
WAITING = "#send-url, #end-title"   # besides the moves: a link to send, the end
# A phone's share sheet, as far as the page can tell: record what is shared.
RECORD_SHARE = """window.__shared = [];
navigator.share = (data) => { window.__shared.push(data.url); return Promise.resolve(); };"""


def fast(page):
    page.add_init_script(f"localStorage.setItem('rituels.pace', '{FAST}')")


def saved_records(page) -> list[dict]:
    return list(saved_games(page).values())


def cthulhu_step(page, done) -> bool:
    target = page.query_selector(CTHULHU_ACTIONS)
    if target is None or not target.is_visible():
        return False
    target.click()
    return True


def open_link(page, link: str) -> None:
    """The person taps the link they received: the app opens it in place."""
    page.goto(link)


def arrive(page, link: str, seats: list[str] | None) -> None:
    """Open ``link``; the first time tick ``seats`` (names) and join."""
    open_link(page, link)
    if seats is not None:
        page.wait_for_selector("button[data-cmd=remote-join]")
        for box in page.query_selector_all(".remote-join input[type=checkbox]"):
            name = box.evaluate("el => el.nextElementSibling.textContent")
            if box.is_checked() != (name in seats):
                box.click()
        page.click("button[data-cmd=remote-join]")
    page.wait_for_function("location.hash.startsWith('#/play/')")
    settle(page)


def play_by_links(first, second, step, offered: str, second_seats: list[str] | None
                  ) -> list[str]:
    """Play until the end, each device moving when the game is there (``step``, which acts
    on what ``offered`` matches) and sending the link shown in its send panel to the other
    (who joins with ``second_seats`` the first time; None: already joined). Returns every
    link sent, in order."""
    links: list[str] = []
    current, other = first, second
    joined = second_seats is None
    done: dict[str, int] = {"board": 0, "picks": 0, "counts": 0, "panel": 0, "rolls": 0}
    for _ in range(MAX_STEPS):
        settle(current)
        panel = current.query_selector("#send-url")
        if panel is not None:
            link = current.input_value("#send-url")
            links.append(link)
            arrive(other, link, None if joined else second_seats)
            joined = True
            current, other = other, current
            continue
        if current.query_selector("#end-title") is not None:
            return links
        if not step(current, done):   # nothing offered yet: wait until there is
            wait_offered(current, f"{offered}, {WAITING}")
    raise AssertionError(f"the game did not end in {MAX_STEPS} steps ({len(links)} links)")


def finished_alike(a, b) -> dict:
    """Each device holds exactly one save of the game, both at the same final position."""
    [ra], [rb] = saved_records(a), saved_records(b)
    assert game_id_of(ra) and game_id_of(ra) == game_id_of(rb)
    assert ra["actions"] == rb["actions"] and replay(ra).state.is_terminal()
    assert a.query_selector("#end-title") and b.query_selector("#end-title")
    return ra


def set_up(page, phone_page, open_app, game: str, seats: list[tuple[str, str]]) -> None:
    """Both devices open the app; the first sets up the game with ``seats`` (kind, name)."""
    for p in (page, phone_page):
        fast(p)
    open_app(page, f"#/new/{game}")
    open_app(phone_page)
    page.wait_for_selector("[role=dialog]")
    page.select_option("#count", str(len(seats)))
    for i, (kind, name) in enumerate(seats):
        page.select_option(f"#seat-{i}-kind", kind)
        # The dialog is drawn again for the new kind: typed before that answer, the name
        # would be replaced by the field as the worker last saw it (empty).
        settle(page)
        page.fill(f"#seat-{i}-name", name)
    page.click("button[data-cmd=start]")
    page.wait_for_selector("#status")


REMOTE_ID = "tuchu2dev234"   # the game's id on both devices (meta.remote)
TURNS_LEFT = 4                # the link's position: this many turns (rolls) before the end


def near_end_tuchulcha() -> dict:
    """A 2-player Tuchulcha game, Ada and Bruno at a distance, a few turns before its end (a
    game between random players, cut before one of its last rolls: a turn of Bruno's, on his
    device)."""
    record = finished_record("tuchulcha", 2, 1)
    actions = record["actions"]
    rolls = [i for i, a in enumerate(actions) if a.startswith("d")]
    history = replay(dict(record, actions=[]))
    state = history.state
    cut = rolls[-TURNS_LEFT]
    for a in actions[:cut]:
        state.apply(state.str_to_action(a))
    if state.chance_owner() != 1:            # start at one of Bruno's turns
        cut = rolls[-TURNS_LEFT - 1]
    return dict(record, seats=[{"name": "Ada", "bot": None}, {"name": "Bruno", "bot": None}],
                actions=actions[:cut], meta={"remote": REMOTE_ID})


def test_tuchulcha_two_people_on_two_devices(page, phone_page, open_app, base_url, seeded):
    """Ada (this device) and Bruno (the phone) finish a game by links: Ada opens the game's
    link and joins as Ada; it is Bruno's turn, so her send panel gives the link he joins
    with; then turns go back and forth until the end."""
    for device, seed in ((page, 31), (phone_page, 32)):
        seeded(device, seed=seed, pace=FAST)
    record = near_end_tuchulcha()
    start = base_url + fragment(encode(record))
    open_app(page)
    arrive(page, start, ["Ada"])
    links = play_by_links(page, phone_page, tuchulcha_step, TUCHULCHA_OFFERED, ["Bruno"])
    final = finished_alike(page, phone_page)
    # the link to Bruno, his turn back to Ada, hers to him, ... and the end
    assert len(links) >= 3 and all(link.startswith(base_url) for link in links)
    assert final["actions"][:len(record["actions"])] == record["actions"]
    assert len(final["actions"]) > len(record["actions"])

    # An old link changes nothing on either device.
    for device in (page, phone_page):
        before = saved_records(device)
        open_link(device, links[0])
        device.wait_for_selector(".notice:has-text('plus ancien que votre partie')")
        assert saved_records(device) == before
    assert final["actions"] == saved_records(page)[0]["actions"]


# The rolls, scripted per device (each draws from its own script, in its order). Here: Ada's
# and Bea's turns are Elder Signs (nobody loses sanity), so Cid's turn, on his phone, offers
# two victims; there his roll and its riposte are Cthulhus, and back here so are Ada's next
# roll and riposte: every seat is out of sanity and Cthulhu wins. Three links: to Cid, back
# to Ada (a position with another choice, for the forked link), and the end.
HERE_ROLLS = ["E", "E", "E", "E", "C", "C"]
CID_ROLLS = ["C", "C"]


def test_cthulhu_dice_two_here_one_elsewhere(page, phone_page, open_app, base_url, screenshot,
                                            axe, seeded):
    seeded(page, seed=41, chance=HERE_ROLLS, pace=FAST)
    seeded(phone_page, seed=42, chance=CID_ROLLS, pace=FAST)
    page.add_init_script(RECORD_SHARE)
    set_up(page, phone_page, open_app, "cthulhu-dice",
           [("human", "Ada"), ("human", "Bea"), ("remote", "Cid")])

    # The first time the game waits for Cid: the send panel, the status and the log say so.
    for _ in range(MAX_STEPS):
        settle(page)
        if page.query_selector("#send-url") is not None:
            break
        if not cthulhu_step(page, {}):
            wait_offered(page, f"{CTHULHU_ACTIONS}, {WAITING}")
    settle(page)
    assert page.text_content("#send-title") == "À envoyer à Cid"
    assert "attend l’appareil de Cid" in page.inner_text("#status").replace("'", "’")
    assert "attend l’appareil de Cid" in page.inner_text(".log").replace("'", "’")
    screenshot(page, "remote-send-panel")
    found = axe(page, ".remote-send")
    assert not found, [(v["id"], v["help"]) for v in found]
    first = page.input_value("#send-url")
    page.click("button[data-cmd=remote-send]")         # the phone's share sheet (stubbed)
    page.wait_for_selector(".remote-send .share-status:has-text('Lien envoyé')")
    assert page.evaluate("window.__shared") == [first]
    open_link(phone_page, first)
    phone_page.wait_for_selector("button[data-cmd=remote-join]")
    screenshot(phone_page, "remote-join-phone")
    found = axe(phone_page, ".remote-join")
    assert not found, [(v["id"], v["help"]) for v in found]
    # Opened once without joining: going on by links from there is the same as joining then.
    links = [first] + play_by_links(phone_page_joined(phone_page), page, cthulhu_step,
                                    CTHULHU_ACTIONS, None)
    final = finished_alike(page, phone_page)
    assert final["actions"] == ["v2", "E", "E", "v1", "E", "E", "v1", "C", "C",
                                "v2", "C", "C"], "the game is not the scripted one"
    assert len(links) == 3

    # Replaying an old link changes nothing.
    before = saved_records(page)
    open_link(page, links[0])
    page.wait_for_selector(".notice:has-text('plus ancien que votre partie')")
    assert saved_records(page) == before

    # A forked link (Cid played another move on that old position) is refused as an update
    # and kept, on request, as a separate save.
    fork = forked_link(final, links, base_url)
    open_link(page, fork)
    page.wait_for_selector(".remote-fork")
    assert "coup n°" in page.inner_text(".remote-fork")
    assert saved_records(page) == before
    page.click("button[data-cmd=remote-fork-keep]")
    page.wait_for_function("location.hash.startsWith('#/play/')")
    settle(page)
    records = saved_records(page)
    assert len(records) == 2 and sum(1 for r in records if game_id_of(r)) == 1

    # A damaged link still says what is wrong.
    damaged = links[-1][:-3] + ("A" if links[-1][-3] != "A" else "B") + links[-1][-2:]
    open_link(phone_page, damaged)
    phone_page.wait_for_selector(".link-broken")
    assert len(saved_records(phone_page)) == 1


def phone_page_joined(phone_page):
    """Cid ticks their seat (the app proposes the seat the game waits for) and joins."""
    assert phone_page.is_checked(".remote-join input[type=checkbox] >> nth=2")
    phone_page.click("button[data-cmd=remote-join]")
    phone_page.wait_for_function("location.hash.startsWith('#/play/')")
    settle(phone_page)
    return phone_page


def forked_link(final: dict, links: list[str], base_url: str) -> str:
    """A link of the same game that departs from ``final`` after an earlier link's position:
    its next move is another legal choice than the one actually played. Every link sent can
    serve, the first one too: a short game (Cid's first turn may end it) sends only one."""
    for link in reversed(links):
        record, info = decode(link)
        n = info.actions
        state = info.state
        if n >= len(final["actions"]):
            continue
        played = final["actions"][n]
        others = [a for a in (state.legal_actions() if not state.is_chance()
                              else [o for o, _ in state.chance_outcomes()])
                  if state.action_to_str(a) != played]
        if others:
            branch = dict(record, actions=record["actions"] + [state.action_to_str(others[0])])
            return base_url + fragment(encode(branch))
    raise AssertionError("no position of the game offered another choice")
