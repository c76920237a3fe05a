"""Waiting for the app in e2e tests (the app answers from a Web Worker, a moment later)."""

from __future__ import annotations


def settle(page, timeout_ms: int = 30_000) -> None:
    """Wait until the app has answered every click, key and hash change made so far.

    The app runs in a Web Worker: a click is answered a moment later, and until then the page
    still shows the old screen (the glue sets ``<html data-busy>`` meanwhile). A test that
    reads the page right after a click must wait for the answer first."""
    page.wait_for_selector("html[data-ready]:not([data-busy])", state="attached",
                           timeout=timeout_ms)


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
