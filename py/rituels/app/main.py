"""What the page's Web Worker exports (web/worker.py): ``start`` and ``event``, JSON in and out.

The whole app runs in the worker; the main thread only forwards events and applies answers
(web/glue.py). See rituels.app.browser for the messages.
"""

from __future__ import annotations

from rituels.app.browser import event, start

__all__ = ["event", "start"]
