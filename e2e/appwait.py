"""Waiting for the app in e2e tests (the app answers from a Web Worker, a moment later)."""

from __future__ import annotations


def settle(page, timeout_ms: int = 30_000) -> None:
    """Wait until the app has answered every click, key and hash change made so far.

    The app runs in a Web Worker: a click is answered a moment later, and until then the page
    still shows the old screen (the glue sets ``<html data-busy>`` meanwhile). A test that
    reads the page right after a click must wait for the answer first."""
    page.wait_for_selector("html[data-ready]:not([data-busy])", state="attached",
                           timeout=timeout_ms)
