"""The table fits and can be read (issue 11): every screen at 375x667, 1280x800 and 1366x768
in French and English, and at 375x667 and 1280x800 in Italian and German (issue 29: German
words are long), screenshot into artifacts/layout-*.png, and measured as a player
would see it: no sideways scrolling, the board inside the window on a computer, no text
under 11 CSS px, nothing to click under 24x24 px; the phone's "⋯" menu, the rules over a
game, the status bar that stays in view after a move, and end tables inside the width (each
reached from a game link one decision before the end). Every page is seeded
(rituels.app.testseam): the same screens on every run."""

from __future__ import annotations


import pytest

from rituels.engine.link import encode
from endings import last_decision
from appwait import settle, wait_offered

SIZES = {"phone": (375, 667), "desktop": (1280, 800), "wide": (1366, 768)}
GAMES = ["cthulhu-dice", "tuchulcha", "wongar"]
MIN_TEXT_PX = 11
MIN_TARGET_PX = 24
MIN_TOUCH_PX = 44      # on a 375x667 phone (WCAG 2.2 enhanced target size, issue 42)
FAST = "0.05"

# (tag and text, size in CSS px) of every visible text under the limit; SVG text is scaled
# by its screen transform. ``scope`` limits the search (the board, or the frame around it).
SMALL_TEXT_JS = """([scope, limit, skip]) => {
  const out = [];
  for (const root of document.querySelectorAll(scope)) {
    for (const el of root.querySelectorAll('*')) {
      const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
      if (!own || el.closest('[hidden], .visually-hidden, title, [aria-hidden=true]')) continue;
      if (skip && el.closest(skip)) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      const cs = getComputedStyle(el);
      if (cs.visibility === 'hidden' || cs.display === 'none') continue;
      let px = parseFloat(cs.fontSize);
      if (el instanceof SVGElement && el.getScreenCTM) {
        const m = el.getScreenCTM();
        if (m) px *= Math.hypot(m.a, m.b);
      }
      if (px < limit - 0.05) out.push(`${el.tagName} "${el.textContent.trim().slice(0, 24)}" ${px.toFixed(1)}px`);
    }
  }
  return out;
}"""

# Visible clickable things whose hit box is smaller than the limit (WCAG 2.2 target size):
# an SVG target's box takes in its invisible hit area (``.hit``), a box or field that of the
# label around it, which takes the tap too.
SMALL_TARGETS_JS = """([scope, limit]) => {
  const sel = 'a[href], button, select, input, [role=button], [data-action], [data-select]';
  const out = [];
  for (const root of document.querySelectorAll(scope)) {
    for (const el of root.querySelectorAll(sel)) {
      if (el.closest('.visually-hidden, [hidden]')) continue;
      const label = el.tagName === 'INPUT' && el.closest('label');
      const r = (label || el).getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      if (r.width < limit - 0.5 || r.height < limit - 0.5)
        out.push(`${el.tagName} "${(el.getAttribute('aria-label') || el.textContent).trim().slice(0, 24)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return out;
}"""

# The board's pictures: the SVGs of the board area large enough to be a board.
BOARD_BOX_JS = """() => {
  let top = Infinity, bottom = -Infinity, left = Infinity, right = -Infinity;
  for (const svg of document.querySelectorAll('.board svg')) {
    const r = svg.getBoundingClientRect();
    if (r.width < 150 || r.height < 100) continue;
    top = Math.min(top, r.top); bottom = Math.max(bottom, r.bottom);
    left = Math.min(left, r.left); right = Math.max(right, r.right);
  }
  return {top, bottom, left, right, width: innerWidth, height: innerHeight};
}"""

FRAME = ".topbar, .play-head, .status-bar, .log, .end-panel, .notices"
# 1366x768 (a short laptop) in French only: its words are longer than English's; Italian and
# German (the longest) at the phone's and the laptop's sizes.
SCREENS = ([(size, "fr") for size in SIZES]
           + [(size, lang) for lang in ("en", "it", "de") for size in ("phone", "desktop")])


def shot(page, name: str, screenshot) -> None:
    screenshot(page, f"layout-{name}")


def one_frame(page) -> None:
    """Wait until the page has laid out and painted what it shows now (two animation
    frames), after the app answered."""
    settle(page)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def start(page, game: str, all_bots: bool = False) -> None:
    page.evaluate(f"location.hash = '#/new/{game}'")
    page.wait_for_selector("[role=dialog] [data-cmd=start]")
    if all_bots:
        page.select_option("#seat-0-kind", "easy")
    page.click("[role=dialog] [data-cmd=start]")
    page.wait_for_selector("#status, #end-title")


def target_limit(page) -> int:
    return MIN_TOUCH_PX if page.viewport_size["width"] <= 375 else MIN_TARGET_PX


def check_screen(page, what: str, board_game: str | None = None, skip: str = "") -> list[str]:
    """Everything wrong with the screen as shown (the board's own text and targets are
    left to :func:`board_problems`; ``skip``: text not measured). Targets: 44 px on a
    phone, 24 px elsewhere."""
    problems = []
    if not no_sideways_scroll(page):
        problems.append(f"{what}: the page scrolls sideways")
    scope = FRAME if board_game else "#app"
    problems += [f"{what}: small text {x}" for x in
                 page.evaluate(SMALL_TEXT_JS, [scope, MIN_TEXT_PX, skip])]
    problems += [f"{what}: small target {x}" for x in
                 page.evaluate(SMALL_TARGETS_JS, [scope, target_limit(page)])]
    return problems


def board_problems(page, game: str) -> list[str]:
    return ([f"{game}: small text {x}"
             for x in page.evaluate(SMALL_TEXT_JS, [".board", MIN_TEXT_PX, ""])]
            + [f"{game}: small target {x}"
               for x in page.evaluate(SMALL_TARGETS_JS, [".board", target_limit(page)])])


@pytest.mark.parametrize("size,lang", SCREENS)
def test_every_screen_fits_and_reads(make_page, screenshot, size, lang):
    page = make_page(size, lang)
    problems = check_screen(page, "home")
    shot(page, f"home-{size}-{lang}", screenshot)
    page.evaluate("location.hash = '#/new/wongar'")
    page.wait_for_selector("[role=dialog]")
    problems += check_screen(page, "new game")
    shot(page, f"newgame-{size}-{lang}", screenshot)
    page.keyboard.press("Escape")
    page.wait_for_selector("[role=dialog]", state="detached")
    for game in GAMES:
        page.evaluate(f"location.hash = '#/rules/{game}'")
        page.wait_for_selector(".rules-page")
        problems += check_screen(page, f"{game} rules")
        shot(page, f"rules-{game}-{size}-{lang}", screenshot)
    for game in GAMES:
        start(page, game)
        one_frame(page)
        shot(page, f"play-{game}-{size}-{lang}", screenshot)
        problems += check_screen(page, game, board_game=game)
        # The bar is a 375 px phone; Cthulhu Dice's board also meets it on computers.
        if size == "phone" or game == "cthulhu-dice":
            problems += board_problems(page, game)
        if size != "phone":
            box = page.evaluate(BOARD_BOX_JS)
            if not (0 <= box["top"] and box["bottom"] <= box["height"]
                    and box["right"] <= box["width"]):
                problems.append(f"{game}: the board leaves the window: {box}")
            status = page.locator(".status-bar").bounding_box()
            log = page.locator(".log").bounding_box()
            if status["y"] + status["height"] > box["height"] or log["y"] > box["height"] / 2:
                problems.append(f"{game}: status bar or log not in view")
    page.evaluate("location.hash = '#/games'")
    page.wait_for_selector(".mygames")
    problems += check_screen(page, "my games")
    shot(page, f"mygames-{size}-{lang}", screenshot)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_board_text_and_targets_on_a_phone(make_page, screenshot, game):
    """Text and targets of the board and its frame at 375x667, also during a turn: in
    Tuchulcha after the roll (the pawns to pick) and with a pawn picked (its destinations),
    every target 44 px (an invisible hit area around the small pieces)."""
    page = make_page("phone", "fr", chance=["first0", "d31"])
    page.evaluate(f"location.hash = '#/rules/{game}'")
    page.wait_for_selector(".rules-page")
    problems = [f"rules picture: {x}"
                for x in page.evaluate(SMALL_TEXT_JS, [".rules", MIN_TEXT_PX, ""])]
    start(page, game)
    one_frame(page)
    problems += board_problems(page, game) + check_screen(page, game, board_game=game)
    if game == "tuchulcha":
        page.click("#main [data-cmd=roll]")
        wait_offered(page, ".tu-board [data-select='T0']")
        one_frame(page)
        problems += [f"rolled: {x}" for x in board_problems(page, game)]
        page.click(".tu-board [data-select='T0']")
        wait_offered(page, ".tu-board [data-action]")
        one_frame(page)
        problems += [f"picked: {x}" for x in board_problems(page, game)]
    shot(page, f"touch-{game}-phone-fr", screenshot)
    assert problems == []


@pytest.mark.parametrize("game,chapter", [("wongar", "first"), ("tuchulcha", "race")])
def test_lesson_targets_on_a_phone(make_page, screenshot, game, chapter):
    """A lesson's first step that asks for a move on the board (Wongar: a card to take):
    its targets and the frame's are 44 px at 375x667."""
    page = make_page("phone", "fr")
    page.evaluate(f"location.hash = '#/learn/{game}/{chapter}'")
    page.wait_for_selector(".lesson-panel")
    for _ in range(8):
        settle(page)
        if page.query_selector(".lesson-board [data-action], .lesson-board [data-select],"
                               " .lesson-panel [data-cmd=lesson-roll]"):
            break
        page.click("[data-cmd=lesson-next]")
    one_frame(page)
    shot(page, f"touch-lesson-{game}-phone-fr", screenshot)
    assert board_problems(page, game) + check_screen(page, "lesson", board_game=game) == []


def test_the_phone_menu_opens_as_a_list_and_closes_with_escape(make_page, screenshot):
    page = make_page("phone", "fr")
    start(page, "cthulhu-dice")
    toggle = page.locator("button[data-cmd=menu]")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert not page.locator("#game-menu").is_visible()
    toggle.click()
    page.wait_for_selector("#game-menu.is-open")
    assert page.locator("button[data-cmd=menu]").get_attribute("aria-expanded") == "true"
    # Focus goes into the menu; every action is visible, none sideways, no header link twice.
    assert page.evaluate("document.activeElement.closest('#game-menu') !== null")
    items = page.locator("#game-menu .btn")
    labels = [items.nth(i).inner_text() for i in range(items.count())]
    assert all(items.nth(i).is_visible() for i in range(items.count())), labels
    assert "Règles" in labels and "Accueil" not in labels and "Mes parties" not in labels
    assert no_sideways_scroll(page)
    assert check_screen(page, "menu", board_game="cthulhu-dice") == []
    # The reason "undo" is unavailable is written next to it.
    assert page.locator("#game-menu .menu-hint").first.is_visible()
    shot(page, "menu-phone-fr", screenshot)
    page.keyboard.press("Escape")
    page.wait_for_selector("#game-menu.is-open", state="detached")
    assert page.evaluate("document.activeElement.dataset.cmd") == "menu"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_rules_open_over_the_game_and_close_back_to_it(make_page, screenshot, axe, size):
    page = make_page(size, "fr")
    start(page, "cthulhu-dice")
    hash_before = page.evaluate("location.hash")
    page.evaluate("window.scrollTo(0, 120)")
    if size == "phone":
        page.click("button[data-cmd=menu]")
        page.wait_for_selector("#game-menu.is-open")
    scroll = page.evaluate("window.scrollY")
    page.click("#game-menu button[data-cmd=rules]")
    dialog = page.wait_for_selector("[role=dialog][aria-modal=true]")
    assert page.evaluate("document.activeElement.id") == "rules-title"
    assert "Le dé" in dialog.inner_text()
    assert page.evaluate("location.hash") == hash_before     # still the game
    bad = [v["id"] for v in axe(page) if v.get("impact") in ("serious", "critical")]
    assert bad == []
    # Tab stays inside the dialog.
    for _ in range(4):
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('[role=dialog]') !== null")
    shot(page, f"rules-overlay-{size}-fr", screenshot)
    page.keyboard.press("Escape")
    page.wait_for_selector("[role=dialog]", state="detached")
    assert page.evaluate("location.hash") == hash_before
    assert abs(page.evaluate("window.scrollY") - scroll) < 2
    # Back where the player was: on "Règles" (in the reopened menu on a phone). The focus
    # effect may land a frame after the dialog's markup is gone (once, under load).
    page.wait_for_function("document.activeElement && document.activeElement.dataset.cmd"
                           " === 'rules'", timeout=5_000)


def test_the_status_bar_stays_in_view_after_a_move_on_a_phone(make_page, screenshot):
    page = make_page("phone", "fr")
    start(page, "cthulhu-dice")
    status = page.locator("#status")
    assert "À vous" in status.inner_text()
    assert page.title().startswith("À vous")
    # Scrolled down to the victim buttons and the log, as a thumb would.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    before = page.evaluate("window.scrollY")
    assert before > 0
    # Sticky: scrolled down, the prompt is still at the top of the screen.
    box = page.locator(".status-bar").bounding_box()
    assert box["y"] >= -1 and box["y"] + box["height"] <= 667
    button = page.locator(".cd-choices button[data-action]").last
    html = page.inner_html("#app")
    button.click()
    page.wait_for_function("(h) => document.querySelector('#app').innerHTML !== h", arg=html)
    settle(page)
    box = page.locator(".status-bar").bounding_box()
    assert box["y"] >= -1 and box["y"] + box["height"] <= 667
    # No jump: the page keeps its place (less only if the page itself got shorter).
    after, most = page.evaluate(
        "[window.scrollY, document.documentElement.scrollHeight - window.innerHeight]")
    assert after >= min(before, most) - 2
    shot(page, "after-move-phone-fr", screenshot)


# Games one decision from their end, played at random in Python (seed: the game is the same
# on every run), with the name of the person who makes that decision.
ENDINGS = {"cthulhu-dice": 29, "wongar": 11, "tuchulcha": 2}


def finish_from_a_link(make_page, size: str, lang: str, game: str):
    """A page on the end screen of ``game``: its link one decision from the end, continued,
    and that decision clicked (with the roll, scripted, in Cthulhu Dice)."""
    record, decision, rolls, _ = last_decision(game, ENDINGS[game])
    page = make_page(size, lang, pace=FAST, seed=ENDINGS[game], chance=rolls,
                     path="#g=" + encode(record))
    page.click("button[data-cmd=link-continue]")
    if game == "wongar":            # a link keeps hands hidden: Ada takes the device first
        wait_offered(page, "button[data-cmd=reveal]")
        page.click("button[data-cmd=reveal]")
    if game == "tuchulcha":         # the pawn, then its destination
        source = decision.split(":")[1].split("x")[0]
        wait_offered(page, f"#main .tu-board [data-select='{source}']")
        page.click(f"#main .tu-board [data-select='{source}']")
    wait_offered(page, f"#main [data-action='{decision}']")
    page.click(f"#main [data-action='{decision}']")
    if game == "cthulhu-dice":
        wait_offered(page, "#main [data-cmd=roll]")
        page.click("#main [data-cmd=roll]")
    wait_offered(page, "#end-title")
    return page


@pytest.mark.parametrize("game,lang", [("cthulhu-dice", "fr"), ("cthulhu-dice", "en"),
                                       ("wongar", "fr"), ("tuchulcha", "en")])
def test_end_tables_fit_a_phone(make_page, screenshot, game, lang):
    """The end screen of a game (reached from its link one decision before the end) on a
    phone: its table fits the width, nothing clipped, no one-word name broken, nothing too
    small to read or tap."""
    page = finish_from_a_link(make_page, "phone", lang, game)
    table = page.locator(".end-panel table, .wg-final table").first
    table.wait_for()
    table.scroll_into_view_if_needed()
    box = table.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375
    # Nothing clipped either: the table is no wider than the box that holds it.
    assert table.evaluate("t => t.scrollWidth <= t.parentElement.clientWidth + 1")
    assert no_sideways_scroll(page)
    # A one-word name (every name here) is never broken inside the word.
    broken = table.evaluate("""t => [...t.querySelectorAll('th[scope=row]')]
        .filter(th => !/\\s/.test(th.textContent.trim()))
        .filter(th => { const r = document.createRange(); r.selectNodeContents(th);
                        return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size > 1; })
        .map(th => th.textContent)""")
    assert broken == []
    reason = page.inner_text(".end-result")
    assert reason.strip()
    shot(page, f"end-{game}-phone-{lang}", screenshot)
    if game != "cthulhu-dice":
        head = page.locator(".end-panel thead").inner_text()
        assert "Rank" in head if lang == "en" else "Rang" in head
        assert check_screen(page, "end", board_game=game) == []
    if game == "cthulhu-dice":
        head = page.locator(".cd-standings thead").inner_text()
        assert ("Rang" in head and "Jetons" in head) if lang == "fr" else "Tokens" in head
        assert check_screen(page, "end", board_game=game) == []


def test_my_games_shows_local_times(make_page):
    page = make_page("desktop", "fr", timezone="Pacific/Auckland")   # far from UTC
    start(page, "cthulhu-dice")
    local = page.evaluate("""() => { const d = new Date(), p = n => String(n).padStart(2, '0');
        return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} à ${p(d.getHours())}:`; }""")
    page.evaluate("location.hash = '#/games'")
    page.wait_for_selector(".mygames")
    text = page.inner_text(".mygames")
    assert local in text and "UTC" not in text
