"""``python3 -m rituels test [pytest args]``: the one command that runs every test.

On a fresh machine it installs what the suite needs, then runs pytest once over tests/ and e2e/:
1. .venv/ with the pinned test packages from pyproject.toml (reinstalled when that list changes);
2. the browsers from Debian (apt-get) when missing: chromium, whose Playwright drives the e2e
   suite (Playwright's own browser download cannot work here), then firefox-esr,
   webkit2gtk-driver and xvfb for the smoke in the two other engines (e2e/test_engines.py);
3. dist/, built fresh, so the e2e tests see the current code, served once for the whole run
   (the address goes to pytest's processes in RITUELS_BASE_URL);
4. pytest in parallel (pytest-xdist, one process per core: each browser test process has its
   own Chromium), unless the arguments choose (``-n 0`` runs in one process).
Extra arguments go to pytest (``-k cthulhu``, ``tests/wongar``, ``-x``...). Pytest's "no tests
collected" (exit 5) counts as success so a filter that matches nothing is not a failure.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tomllib
import venv

from rituels.tools import build, engines
from rituels.tools.browser import CHROMIUM
from rituels.tools.paths import DIST, ROOT, VENV
from rituels.tools.serve import serve_in_thread

PYTEST_NO_TESTS = 5
MAX_WORKERS = 4   # past this, browser processes only fight over memory and cores


def parallel_args(pytest_args: list[str]) -> list[str]:
    """pytest-xdist's options, unless the caller chose (``-n``, or xdist turned off); the
    group scheduling keeps tests that share a costly resource (xdist_group) on one worker."""
    chosen = any(a == "-n" or a.startswith(("-n", "--numprocesses", "--dist"))
                 or a in ("no:xdist", "-pno:xdist") for a in pytest_args)
    if chosen:
        return []
    workers = max(1, min(MAX_WORKERS, os.cpu_count() or 1))
    return ["-n", str(workers), "--dist", "loadgroup"]


def _run(cmd: list[str], **kwargs) -> None:
    print("test: $ " + " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kwargs)


def test_requirements() -> list[str]:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["optional-dependencies"]["test"]


def venv_python() -> str:
    return str(VENV / "bin" / "python")


def ensure_venv() -> str:
    """Create .venv if needed and install the pinned test packages; returns its python."""
    requirements = test_requirements()
    stamp = VENV / ".rituels-requirements"
    wanted = hashlib.sha256("\n".join(requirements).encode()).hexdigest()
    if not os.path.exists(venv_python()):
        print(f"test: creating {VENV}", flush=True)
        try:
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        except (OSError, subprocess.CalledProcessError) as exc:
            raise SystemExit(f"test: cannot create {VENV} ({exc}); on Debian install "
                             "python3-venv (apt-get install python3-venv)") from None
    if not stamp.exists() or stamp.read_text().strip() != wanted:
        _run([venv_python(), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
              *requirements])
        stamp.write_text(wanted + "\n")
    return venv_python()


def ensure_packages(packages: dict[str, str]) -> None:
    """apt-get install the Debian packages ({binary path: package}) whose binary is missing."""
    wanted = [pkg for path, pkg in packages.items() if not os.path.exists(path)]
    if not wanted:
        return
    if os.geteuid() != 0:
        raise SystemExit(f"test: {', '.join(wanted)} missing; install them first "
                         f"(sudo apt-get install {' '.join(wanted)})")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    _run(["apt-get", "update"], env=env)
    _run(["apt-get", "install", "-y", "--no-install-recommends", *wanted], env=env)


def ensure_chromium() -> None:
    ensure_packages({CHROMIUM: "chromium"})


def ensure_browsers() -> None:
    """Chromium for the e2e suite, Firefox and WebKit for the engine smoke."""
    ensure_packages({CHROMIUM: "chromium", **engines.PACKAGES})


def main(args: argparse.Namespace) -> int:
    try:
        python = ensure_venv()
        ensure_browsers()
        build.build(DIST)
    except subprocess.CalledProcessError as exc:
        print(f"test: error: {' '.join(exc.cmd)} failed (exit {exc.returncode})",
              file=sys.stderr)
        return 1
    except build.BuildError as exc:
        print(f"test: build error: {exc}", file=sys.stderr)
        return 1
    # With no paths, pytest runs pyproject's testpaths: tests/ and e2e/.
    pytest_args = [a for a in args.pytest_args if a != "--"]
    server, base_url = serve_in_thread(DIST)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py"), "RITUELS_DIST_BUILT": "1",
           "RITUELS_BASE_URL": base_url}
    cmd = [python, "-m", "pytest", *parallel_args(pytest_args), *pytest_args]
    print("test: $ " + " ".join(cmd), flush=True)
    try:
        code = subprocess.run(cmd, cwd=ROOT, env=env).returncode
    finally:
        server.shutdown()
        server.server_close()
    if code == PYTEST_NO_TESTS:
        print("test: pytest collected no tests (not a failure)")
        return 0
    return code

