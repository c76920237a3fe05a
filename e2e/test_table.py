"""The table holds still on a phone (issue 24): at 375x667 what changes during a turn (dice,
prompt, destinations, the cancel button) never pushes the board, and a destination is on
screen without scrolling; Wongar's whole map fits the phone's width, with no scroller. Every
page is seeded and the dice that matter are scripted (rituels.app.testseam)."""

from __future__ import annotations

import pytest

from appwait import saved_game, settle, wait_offered

STILL_PX = 8
BOARD = {"tuchulcha": ".tu-board", "wongar": ".wg-map", "cthulhu-dice": ".board svg"}

BOX_JS = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right,
          scroll: scrollY, height: innerHeight, width: innerWidth}; }"""
# The destinations on the board that are fully inside the window.
ON_SCREEN_JS = """(sel) => [...document.querySelectorAll(sel + ' [data-action]')].filter(e => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight; }).length"""


def start_against_bots(page, game: str) -> None:
    page.evaluate(f"location.hash = '#/new/{game}'")
    page.wait_for_selector("[role=dialog] [data-cmd=start]")
    for seat in range(1, 4):
        if page.query_selector(f"#seat-{seat}-kind"):
            page.select_option(f"#seat-{seat}-kind", "easy")
    page.click("[role=dialog] [data-cmd=start]")
    page.wait_for_selector(".status-yours", timeout=60_000)
    settle(page)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_tuchulcha_board_holds_still_while_you_play_on_a_phone(make_page, screenshot, lang):
    """Ada starts and rolls 3 and 1 (scripted): the roll, the pawn picked and the move never
    push the board, which stays inside the window, a destination on screen."""
    page = make_page("phone", lang, pace="0.1", chance=["first0", "d31"])
    start_against_bots(page, "tuchulcha")
    board = BOARD["tuchulcha"]
    at_rest = page.evaluate(BOX_JS, board)
    assert at_rest["bottom"] <= at_rest["height"], f"the board leaves the window: {at_rest}"
    screenshot(page, f"layout-table-tuchulcha-rest-phone-{lang}")
    page.click("#main [data-cmd=roll]")
    wait_offered(page, f"{board} [data-select='T0']")
    rolled = page.evaluate(BOX_JS, board)
    page.click(f"{board} [data-select='T0']")
    wait_offered(page, f"{board} [data-action]")
    picked = page.evaluate(BOX_JS, board)
    screenshot(page, f"layout-table-tuchulcha-picked-phone-{lang}")
    for when, box in [("rolled", rolled), ("picked", picked)]:
        assert abs(box["top"] - at_rest["top"]) <= STILL_PX, (when, at_rest, box)
        assert box["scroll"] == 0 and box["bottom"] <= box["height"], (when, box)
    assert page.evaluate(ON_SCREEN_JS, board) >= 1, "no destination on screen"
    page.click(f"{board} [data-action='3:T0x1']")
    settle(page)
    moved = page.evaluate(BOX_JS, board)
    assert abs(moved["top"] - at_rest["top"]) <= STILL_PX, (at_rest, moved)


def test_cthulhu_dice_table_holds_still_on_a_phone(make_page, screenshot):
    """Ada's victim chosen, the roll button comes: the table does not move."""
    page = make_page("phone", "fr", pace="0.1")
    start_against_bots(page, "cthulhu-dice")
    board = BOARD["cthulhu-dice"]
    before = page.evaluate(BOX_JS, board)
    page.click(f"{board} [data-action] >> nth=0")      # the victim
    page.wait_for_selector("#main [data-cmd=roll]")
    settle(page)
    after = page.evaluate(BOX_JS, board)
    screenshot(page, "layout-table-cthulhu-roll-phone-fr")
    assert abs(after["top"] - before["top"]) <= STILL_PX, (before, after)
    assert after["bottom"] <= after["height"], after


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_wongars_whole_map_fits_a_phone(make_page, screenshot, lang):
    """The whole map is as wide as the phone, with no scroller hiding part of it."""
    page = make_page("phone", lang, pace="3")
    start_against_bots(page, "wongar")
    box = page.evaluate(BOX_JS, BOARD["wongar"])
    assert box["left"] >= 0 and box["right"] <= box["width"], box
    assert box["right"] - box["left"] >= 0.95 * box["width"], f"the map is small: {box}"
    # No scroller around it: nothing of the map is hidden sideways.
    hidden = page.evaluate("""() => { let e = document.querySelector('.wg-map').parentElement;
      const out = [];
      for (; e; e = e.parentElement)
        if (['auto', 'scroll'].includes(getComputedStyle(e).overflowX)
            && e.scrollWidth > e.clientWidth + 1) out.push(e.className);
      return out; }""")
    assert hidden == [], hidden
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    screenshot(page, f"layout-table-wongar-phone-{lang}")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_status_line_says_what_the_last_opponent_did(make_page, screenshot, lang):
    """The bots start (scripted); when the decision comes to Ada, the status line sums up the
    bot turn before it in one line, « Larth : 31 → 36 » (or that they did not move), above her
    prompt."""
    page = make_page("desktop", lang, pace="0.1", chance=["first1"])   # a bot starts
    start_against_bots(page, "tuchulcha")
    page.wait_for_selector("#status .last-turn", timeout=60_000)
    settle(page)
    line = page.inner_text("#status .last-turn")
    name, _, text = line.partition("\u202f: " if lang == "fr" else ": ")
    assert text and ("→" in text or text in ("ne bouge pas", "no move")), line
    # a bot's name, as the log names its moves (the status itself speaks to Ada: « À vous »)
    assert name and name in page.inner_text(".log") and "yours" in page.get_attribute(
        ".status-bar", "class"), line
    height = page.evaluate("document.querySelector('#status .last-turn').offsetHeight")
    assert height < 30, f"the summary takes more than one line: {height}px"
    screenshot(page, f"layout-table-last-turn-desktop-{lang}")


def test_the_last_turn_line_runs_across_the_phones_status_bar(make_page, screenshot):
    """Issue 42: on a phone the summary sat in the prompt's column beside the roll button and
    was cut after a few words (« Hastur : attaque Joue… »); it runs across the whole bar."""
    page = make_page("phone", "de", pace="0.05", seed=3)
    start_against_bots(page, "cthulhu-dice")
    for _ in range(12):                    # Ada's victims and rolls until a bot's turn is told
        if page.locator("#status .last-turn").count():
            break
        if page.locator("#main [data-cmd=roll]").count():
            page.click("#main [data-cmd=roll]")
        else:
            page.click(".board button[data-action] >> nth=0")
        settle(page)
        page.wait_for_function("""() => document.querySelector('#status .last-turn,'
          + ' #main [data-cmd=roll], .board button[data-action]')""", timeout=60_000)
    sizes = page.evaluate("""() => { const e = document.querySelector('#status .last-turn');
      const bar = document.querySelector('.status-bar').getBoundingClientRect();
      const box = e.getBoundingClientRect();
      return [e.scrollWidth, e.clientWidth, box.width / bar.width, box.height]; }""")
    scroll, client, share, height = sizes
    assert scroll <= client, f"the summary is cut: {sizes}"
    assert share > 0.85 and height < 30, sizes
    screenshot(page, "layout-table-last-turn-phone-de")


# Every timer the page is asked for (the app's glue asks one per pause: effects.Timer).
TIMERS_JS = """window.__timers = [];
  const setTimeout0 = window.setTimeout;
  window.setTimeout = function (fn, ms, ...rest) {
    window.__timers.push(Number(ms) || 0);
    return setTimeout0.call(this, fn, ms, ...rest); };"""
PAUSES = 3
PACED_JS = "(n) => window.__timers.filter(ms => ms >= 450 && ms <= 900).length >= n"


def test_bots_at_normal_pace_pause_between_steps(make_page):
    """At « Normale » (0.9 s) four bots play Tuchulcha: between their steps the app asks the
    page to wait (a timer of the pace, less the moment the bot thought), and the page shows
    each step as it comes; the setting is remembered. How long the steps really stay on screen
    is a figure of the bench, not a test: a loaded machine stretches or bunches them."""
    page = make_page("desktop", "fr", pace="0.05", init=TIMERS_JS)
    page.evaluate("location.hash = '#/new/tuchulcha'")
    page.wait_for_selector("[role=dialog] [data-cmd=start]")
    page.select_option("#seat-0-kind", "easy")
    page.select_option("#pace", "normal")
    page.click("[role=dialog] [data-cmd=start]")
    page.wait_for_selector("#status")
    # (the glue's own timers are 0, 50, 1000 and 4000 ms: none in the pace's range)
    page.wait_for_function(PACED_JS, arg=PAUSES)
    page.wait_for_function("(n) => document.querySelectorAll('.log-lines li').length >= n",
                           arg=PAUSES - 1)
    assert page.evaluate("localStorage.getItem('rituels.pace')") == "0.9"


def test_revoir_le_tour_replays_the_bots_moves_then_returns(make_page, screenshot):
    """After the bots' turns, « Revoir le tour » walks the viewer through every move since
    Ada's last decision, one step at a time, then the game is back on screen."""
    from rituels.engine.record import start_state, step

    # Ada's roll, a Tentacle, and her victim's answer are scripted (never the Eye).
    page = make_page("desktop", "fr", pace="0.05", chance=["T", "Y"])
    start_against_bots(page, "cthulhu-dice")
    page.click(".board [data-action] >> nth=0")          # Ada's victim
    page.wait_for_selector("#main [data-cmd=roll]")
    page.click("#main [data-cmd=roll]")                   # her roll; the bots play on
    page.wait_for_function("() => !document.querySelector('.status-yours')")
    page.wait_for_selector(".status-yours", timeout=60_000)
    settle(page)
    save_id = page.evaluate("location.hash").split("/")[-1]
    record = saved_game(page, save_id)                   # (saves live in IndexedDB)
    _, state = start_state(record)
    last = 0
    for i, text in enumerate(record["actions"]):
        if state.current_player() == 0:
            last = i + 1
        step(state, text, i)
    end = len(record["actions"])
    assert end > last
    page.evaluate("""() => { window.__hashes = [];
      setInterval(() => { const h = location.hash;
        if (window.__hashes[window.__hashes.length - 1] !== h) window.__hashes.push(h); }, 50); }""")
    page.click("#main [data-cmd=review-turn]")
    page.wait_for_selector(".replay, [class*=replay]")
    screenshot(page, "layout-table-review-desktop-fr")
    page.wait_for_function(f"() => location.hash === '#/play/{save_id}'", timeout=60_000)
    # (the 50 ms sampler may not have seen the return yet)
    page.wait_for_function(f"() => window.__hashes[window.__hashes.length - 1] === "
                           f"'#/play/{save_id}'", timeout=5_000)
    hashes = page.evaluate("window.__hashes")
    seen = [int(h.rsplit("/", 1)[1]) for h in hashes if h.startswith("#/replay/")]
    assert seen[0] == last and seen[-1] == end, (last, end, hashes)
    assert seen == sorted(seen) and len(seen) >= 2, seen
    assert hashes[-1] == f"#/play/{save_id}"


# The answer to a tap (#toast, over the page) and the board, as the player sees them.
SEEN_JS = """(board) => { const b = document.querySelector(board).getBoundingClientRect();
  const t = document.querySelector('#toast'); const r = t && t.getBoundingClientRect();
  return {board: b.top, scroll: scrollY, height: innerHeight, width: innerWidth,
          toast: r && {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                       text: t.innerText}}; }"""
# Centres of the board's "why not?" places with black pawns that a tap reaches, in the window.
WHY_SPOTS_JS = """(board) => [...document.querySelectorAll(board + ' [data-why]')].map(e => {
  const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {why: e.dataset.why, label: e.getAttribute('aria-label') || '', x, y,
          reached: !!hit && hit.closest('[data-why]') === e}; })
  .filter(s => s.reached && s.y > 0 && s.y < innerHeight && / noirs?/.test(s.label))"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_why_not_answers_in_view_and_the_board_holds_still(make_page, screenshot, size):
    """Issue 42: Ada rolls, scrolls the board to fill the screen and taps black pawns (not
    hers): « Ces aruspices sont noirs… » shows inside the window, and neither the board nor
    the page moves."""
    page = make_page(size, "fr", pace="0.1", chance=["first0", "d31"])
    start_against_bots(page, "tuchulcha")
    board = BOARD["tuchulcha"]
    page.click("#main [data-cmd=roll]")
    wait_offered(page, f"{board} [data-select='T0']")
    if size == "phone":
        # The board fills the screen: the page scrolled down to it, as in the issue.
        page.evaluate("(b) => document.querySelector(b).scrollIntoView({block: 'start'})", board)
    settle(page)
    spots = page.evaluate(WHY_SPOTS_JS, board)
    assert spots, "no black pawns to tap on screen"
    before = page.evaluate(SEEN_JS, board)
    if size == "phone":
        page.touchscreen.tap(spots[0]["x"], spots[0]["y"])
    else:
        page.mouse.click(spots[0]["x"], spots[0]["y"])
    page.wait_for_selector("#toast")
    settle(page)
    after = page.evaluate(SEEN_JS, board)
    toast = after["toast"]
    assert "noirs" in toast["text"], toast
    assert 0 <= toast["top"] and toast["bottom"] <= after["height"], after
    assert 0 <= toast["left"] and toast["right"] <= after["width"], after
    assert abs(after["board"] - before["board"]) <= STILL_PX, (before, after)
    assert abs(after["scroll"] - before["scroll"]) <= STILL_PX, (before, after)
    assert size != "phone" or after["scroll"] > 0, "the page was not scrolled to the board"
    page.wait_for_timeout(300)    # the toast's fade-in
    screenshot(page, f"touch-why-not-tuchulcha-{size}")
    # The next tap clears it, and goes through it to the board: the pawn picked.
    page.click(f"{board} [data-select='T0']")
    page.wait_for_selector("#toast", state="detached")


# Two clickables whose invisible hit areas overlap, the second drawn on top of the first.
OVERLAP_JS = """(board) => {
  const svg = document.querySelector(board + ' svg') || document.querySelector(board);
  const box = svg.getBoundingClientRect();
  const NS = 'http://www.w3.org/2000/svg';
  const m = svg.getScreenCTM().inverse();
  const at = (x, y) => { const p = new DOMPoint(x, y).matrixTransform(m); return [p.x, p.y]; };
  const CLICK = '[data-cmd],[data-action],[data-select],[data-why]';
  let cx = null, cy = null;        // a spot where nothing clickable is drawn, ±60 px around
  const free = (x, y) => document.elementsFromPoint(x, y).every(e => !e.closest(CLICK));
  for (let y = box.top + 60; y < box.bottom - 60 && cx === null; y += 15)
    for (let x = box.left + 60; x < box.right - 60; x += 15)
      if ([-60, 0, 60].every(d => free(x + d, y) && free(x, y + d))) { cx = x; cy = y; break; }
  for (const [name, dx] of [['test-under', -20], ['test-over', 20]]) {
    const g = document.createElementNS(NS, 'g');
    g.setAttribute('data-why', name);
    g.setAttribute('aria-label', name);
    const c = document.createElementNS(NS, 'circle');
    const [x, y] = at(cx + dx, cy), [x2] = at(cx + dx + 30, cy);
    c.setAttribute('class', 'hit'); c.setAttribute('cx', x); c.setAttribute('cy', y);
    c.setAttribute('r', Math.abs(x2 - x)); c.setAttribute('fill', '#000');
    c.setAttribute('fill-opacity', '0');
    g.appendChild(c); svg.appendChild(g);
  }
  return {x: cx - 8, y: cy}; }"""


def test_mouse_hover_lights_what_a_click_would_pick(make_page, screenshot):
    """Issue 42: where two pieces' invisible 44 px hit areas overlap, the mouse's hover lit
    the topmost area's piece while a click went to the nearest (Glue.nearest): the glue now
    marks the one a click picks (is-hover, the games' hover style), and only that one. Two
    overlapping areas are laid on the board: left of the middle, the lower one's centre is
    nearer."""
    page = make_page("desktop", "fr", pace="0.1", chance=["first0", "d31"])
    start_against_bots(page, "tuchulcha")
    board = BOARD["tuchulcha"]
    page.click("#main [data-cmd=roll]")
    wait_offered(page, f"{board} [data-select='T0']")
    settle(page)
    point = page.evaluate(OVERLAP_JS, board)
    top = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('[data-why]')"
                        "?.getAttribute('aria-label')", [point["x"], point["y"]])
    assert top == "test-over"               # CSS's :hover would light this one
    page.mouse.move(point["x"], point["y"])
    page.wait_for_timeout(100)
    lit = page.eval_on_selector_all(".is-hover",
                                    "els => els.map(e => e.getAttribute('aria-label'))")
    assert lit == ["test-under"], lit
    # on a real piece: its halo lit (is-hover), as :hover did
    piece = page.locator(f"{board} [data-select='T0']")
    piece.hover(force=True)
    page.wait_for_timeout(100)
    assert page.eval_on_selector_all(".is-hover", "els => els.length") == 1
    screenshot(page, "hover-nearest-tuchulcha-desktop")
    page.screenshot(path="/tmp/shots-analysis/hover-tuchulcha-1280.png")
