"""``python3 -m rituels bench [--only X,Y] [--quick]``: print every benchmark figure.

Sections, in order, each from ``rituels.tools.bench_<section>.figures(quick)``:
- one per game (``bench_cthulhu_dice.py``, ``bench_tuchulcha.py``, ``bench_wongar.py``);
- ``links``: the game-link codec (bench_links.py);
- ``analysis``: calibration of the win chances and analysis/coach times (bench_analysis.py);
- ``browser``: start-up time of the app against a bare PyScript page (bench_browser.py). It
  needs Playwright, so it runs in the test venv (.venv, created if missing);
- ``saves``: start-up with 5,000 saved games against an empty profile (interleaved pairs),
  « Mes parties » with them, the move of 1,000 legacy saves (bench_saves.py; Playwright too);
- ``backup``: export and import of every game, 500 and 5,000 of them: times and file size
  (bench_backup.py);
- ``play``: bot decision times (four strong bots, then each level of the ladder), long tasks
  while bots play and share-link opening, in the browser (bench_play.py; Playwright too);
- ``analysis-browser``: whole-game analysis and coach answers in the browser
  (bench_analysis_browser.py; Playwright too).
- ``strength``: the current strong bots against the previous build's (sliced on the page's main
  thread) at equal budget (bench_strength.py; CPU-heavy: not in the default run).
- ``generic``: Tuchulcha's strong bot against a generic search (plain UCT, max^n) at equal CPU,
  random bots and the previous strong bot (bench_generic.py; CPU-heavy: on demand too).
- ``ladder``: the bot levels' calibration, adjacent levels in self-play fitted to one rating
  per game (bench_ladder.py; on demand: ``--games``, ``--per-pair``, ``--tables``,
  ``--minutes``, ``--write``).
Each ``figures`` returns (label, value) pairs whose value states its unit and target. A section
whose module does not exist yet says so; speed targets are read here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable

from rituels.tools.paths import ROOT

SECTIONS: dict[str, str] = {
    "cthulhu_dice": "rituels.tools.bench_cthulhu_dice",
    "tuchulcha": "rituels.tools.bench_tuchulcha",
    "wongar": "rituels.tools.bench_wongar",
    "links": "rituels.tools.bench_links",
    "analysis": "rituels.tools.bench_analysis",
    "browser": "rituels.tools.bench_browser",
    "saves": "rituels.tools.bench_saves",
    "backup": "rituels.tools.bench_backup",
    "play": "rituels.tools.bench_play",
    "analysis-browser": "rituels.tools.bench_analysis_browser",
    "strength": "rituels.tools.bench_strength",
    "generic": "rituels.tools.bench_generic",
    "ladder": "rituels.tools.bench_ladder",
}
ON_DEMAND = ("strength", "generic", "ladder")              # long matches: only with --only
BROWSER_SECTIONS = ("browser", "saves", "play", "analysis-browser")   # Playwright: in the test venv


def _module_figures(module_name: str) -> Callable[[bool], list[tuple[str, str]]] | None:
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            return None
        raise
    return module.figures


def _browser_figures(module_name: str, quick: bool) -> list[tuple[str, str]]:
    """Run a browser benchmark module in an interpreter that has Playwright."""
    try:
        import playwright  # noqa: F401
    except ModuleNotFoundError:
        from rituels.tools import testrun
        python = testrun.ensure_venv()
        testrun.ensure_chromium()
        env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
        cmd = [python, "-m", module_name] + (["--quick"] if quick else [])
        done = subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True,
                              check=True)
        return [tuple(pair) for pair in json.loads(done.stdout.strip().splitlines()[-1])]
    return importlib.import_module(module_name).figures(quick)


def print_section(name: str, quick: bool, extra: dict | None = None) -> bool:
    """Print one section; False if it failed."""
    print(f"== {name}", flush=True)
    start = time.perf_counter()
    try:
        if name in BROWSER_SECTIONS:
            rows = _browser_figures(SECTIONS[name], quick)
        else:
            figures = _module_figures(SECTIONS[name])
            if figures is None:
                print(f"  (no benchmark yet: {SECTIONS[name]} does not exist)")
                return True
            rows = figures(quick, **extra) if extra else figures(quick)
    except Exception as exc:  # one broken section must not hide the others' figures
        print(f"  error: {type(exc).__name__}: {exc}")
        return False
    width = max((len(label) for label, _ in rows), default=0)
    for label, value in rows:
        print(f"  {label.ljust(width)}  {value}")
    print(f"  ({time.perf_counter() - start:.1f} s)", flush=True)
    return True


def main(args: argparse.Namespace) -> int:
    names = [n for n in SECTIONS if n not in ON_DEMAND]
    if args.only:
        names = [n.strip() for n in args.only.split(",") if n.strip()]
        unknown = [n for n in names if n not in SECTIONS]
        if unknown:
            print(f"bench: unknown section(s) {', '.join(unknown)}; "
                  f"choose among {', '.join(SECTIONS)}", file=sys.stderr)
            return 2
    ladder = {"games": getattr(args, "games", None), "per_pair": getattr(args, "per_pair", None),
              "sizes": getattr(args, "tables", None), "minutes": getattr(args, "minutes", None),
              "write": getattr(args, "write", False)}
    ok = [print_section(name, args.quick, ladder if name == "ladder" else None)
          for name in names]
    return 0 if all(ok) else 1
