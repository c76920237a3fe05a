"""Run inside Pyodide (under Node) by compile_stdlib.mjs, never imported by the package: does
what a page's start-up and play do, then names every module of the standard library's zip
that got imported, so the build gives exactly those bytecode.

What it does, in order: Pyodide's own boot (already done when this runs), the modules
PyScript's Python code imports in the worker (``PYSCRIPT_IMPORTS``, found by the build in
PyScript's core chunk), worker.py's imports, the app's start, then every screen and one
whole game of each game between easy and strong bots through the same ``Host`` the worker
runs, a replay, My games (dates: ``calendar``), the rules pages, and the import of
every shipped module (the strong bots' among them).
"""

import importlib
import json
import sys

STDLIB_ZIP = "/lib/python%d%d.zip" % sys.version_info[:2]


def _from_stdlib(module) -> bool:
    spec = getattr(module, "__spec__", None)
    origin = getattr(spec, "origin", None) or ""
    return origin.startswith(STDLIB_ZIP + "/")


def _ticks(host, limit=5000):
    answer = host.guarded({"kind": "tick"})
    for _ in range(limit):
        if not any(e["type"] == "timer" for e in answer["effects"]):
            return
        answer = host.guarded({"kind": "tick"})
    raise RuntimeError("the game did not end")


def trace(package_zip: str, pyscript_imports: list[str]) -> list[str]:
    for name in pyscript_imports:
        try:
            importlib.import_module(name)
        except ImportError:
            pass   # js, pyscript, polyscript...: not in this Node Pyodide, not in the zip
    import gc  # noqa: F401  (worker.py's own imports)
    import os  # noqa: F401
    sys.path.insert(0, package_zip)
    from rituels.app.browser import Host
    from rituels.engine.game import GAME_IDS

    host = Host({"storage": {"rituels.pace": "0"}, "lang": "fr-FR", "hash": "",
                 "base": "http://localhost/"})
    host.answer()
    for game_id in GAME_IDS:
        host.guarded({"kind": "hash", "hash": f"#/rules/{game_id}"})
        host.guarded({"kind": "hash", "hash": f"#/new/{game_id}"})
        draft = host.app.draft
        fields = {"count": str(draft["count"])}
        for i, seat in enumerate(draft["seats"]):
            fields[f"seat-{i}-kind"] = "easy"   # quick; the strong bots' modules: below
            fields[f"seat-{i}-name"] = ""
        host.guarded({"kind": "click", "data": {"cmd": "start", "form": fields}})
        _ticks(host)
    host.guarded({"kind": "hash", "hash": "#/games"})
    mirror = getattr(host, "mirror", None)   # the saves the games made (if stored there)
    for key in sorted(mirror.keys() if mirror is not None else ()):
        if key.startswith("rituels.save."):
            host.guarded({"kind": "hash", "hash": "#/replay/" + key.split(".", 2)[2]})
            break
    host.guarded({"kind": "hash", "hash": "#/"})
    # Every shipped module of the package (bots, analysis, help pages): their imports too.
    import pkgutil
    import rituels
    for info in pkgutil.walk_packages(rituels.__path__, "rituels."):
        importlib.import_module(info.name)
    return sorted(name for name, module in list(sys.modules.items()) if _from_stdlib(module))


if __name__ == "__main__":
    print(json.dumps(trace(sys.argv[1], json.loads(sys.argv[2]))))
