"""Helpers that look at the page or hold it: the accessibility violations a test fails on,
and the page kept in its before-Python state."""

from __future__ import annotations

BAD = ("serious", "critical")


def serious(violations):
    """Readable list of the violations that matter: rule id, impact and where."""
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(n["target"][0] if isinstance(n["target"][0], str) else str(n["target"])
                        for n in v["nodes"][:4])
            for v in violations if v.get("impact") in BAD]


def hold_python(page) -> list:
    """Keep both Pythons' loaders from arriving (the glue's MicroPython and the worker's
    Pyodide), so the page stays in its before-Python state."""
    held = []
    for loader in ("**/runtime/micropython/micropython.mjs", "**/runtime/pyodide/pyodide.mjs"):
        page.route(loader, lambda route: held.append(route))
    return held
