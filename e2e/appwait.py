"""Waiting for the app in e2e tests (the app answers from a Web Worker, a moment later)."""

from __future__ import annotations


def settle(page, timeout_ms: int = 30_000) -> None:
    """Wait until the app has answered every click, key and hash change made so far.

    The app runs in a Web Worker: a click is answered a moment later, and until then the page
    still shows the old screen (the glue sets ``<html data-busy>`` meanwhile). A test that
    reads the page right after a click must wait for the answer first."""
    page.wait_for_selector("html[data-ready]:not([data-busy])", state="attached",
                           timeout=timeout_ms)


# Whether any element matching the selector is shown (what Playwright's is_visible checks).
OFFERED_JS = """(selector) => [...document.querySelectorAll(selector)].some(
    (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')"""


def wait_offered(page, selector: str, timeout_ms: int = 60_000) -> None:
    """Wait until the page shows something matching ``selector`` (a move to make, a link to
    send, the end): a state, not a pause, however slow the machine is. A game that offers
    nothing for ``timeout_ms`` is stuck."""
    page.wait_for_function(OFFERED_JS, arg=selector, timeout=timeout_ms)
    settle(page, timeout_ms)


# The subtree as markup with each element's attributes in name order: a morphed element may
# list the same attributes in another order than freshly parsed markup does.
CANONICAL_JS = """(root) => {
    const walk = (node) => {
        if (node.nodeType === Node.TEXT_NODE) return node.data;
        if (node.nodeType !== Node.ELEMENT_NODE) return '';
        const attrs = [...node.attributes].map(a => `${a.name}="${a.value}"`).sort().join(' ');
        return `<${node.localName} ${attrs}>${[...node.childNodes].map(walk).join('')}`
            + `</${node.localName}>`;
    };
    return walk(root);
}"""


def canonical_html(page, selector: str) -> str:
    """The element's markup with attributes sorted, to compare a morphed page with a fresh one."""
    return page.locator(selector).evaluate(CANONICAL_JS)


# The saved games as the app's worker wrote them to IndexedDB (read with web/store.js, which
# the page loads too): {save id: record (or its text when it is not JSON)}.
SAVES_JS = """async () => {
    const boot = JSON.parse(await rituelsStore.boot());
    const values = JSON.parse(await rituelsStore.load(JSON.stringify(boot.saves))) || {};
    const out = {};
    for (const [key, text] of Object.entries(values)) {
        if (text === null) continue;
        try { out[key.slice('rituels.save.'.length)] = JSON.parse(text); }
        catch (err) { out[key.slice('rituels.save.'.length)] = text; }
    }
    return out;
}"""


def saved_games(page) -> dict:
    """Every saved game of the page's origin: {save id: record}."""
    return page.evaluate(SAVES_JS)


def saved_game(page, save_id: str) -> dict | None:
    return saved_games(page).get(save_id)


def download_by(page, selector: str, folder):
    """Click ``selector``, wait for the file it downloads and save it in ``folder``; the
    saved file's path (named as the page suggested)."""
    with page.expect_download() as info:
        page.click(selector)
    download = info.value
    path = folder / download.suggested_filename
    download.save_as(path)
    return path
