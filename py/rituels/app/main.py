"""Entry point of the page: ``web/start.py`` calls :func:`start` once Python is ready."""

from __future__ import annotations

_glue = None  # the mounted app lives as long as the page


def start() -> None:
    global _glue
    from rituels.app import browser  # imports js: only ever loaded in the browser

    _glue = browser.mount()
