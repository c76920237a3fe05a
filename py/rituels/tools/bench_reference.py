"""The interpreter's own Pyodide/CPython ratio, to read the engine's against: pyperformance's
pure-Python benchmarks (the suite CPython's own speed is tracked with) run in the engine's
Pyodide worker and in this CPython, in the same run as the engine's random games.

Our engines are plain Python; what they cost under Pyodide is mostly what the interpreter
costs there. The reference says how much of the engine's ratio is the runtime's, not ours.

The benchmark sources come from PyPI (pyperformance's sdist, pinned by version and hash) into
.cache/ the first time; nothing of them ships or lands in the tree. Each is run unchanged,
through a small stand-in for ``pyperf`` that times the benchmark's function (best of three).
"""

from __future__ import annotations

import hashlib
import inspect
import json
import subprocess
import sys
import tarfile
from pathlib import Path

from rituels.tools.paths import ROOT

VERSION = "1.11.0"
SHA256 = "00a4f4ed08822e19939aea5f337583ad2b4fb3c2a5b3ff917ae4dfed15a4a984"
# Pure Python, no third-party modules, under a second each on this machine.
NAMES = ("richards", "nqueens", "go", "deltablue", "raytrace", "hexiom", "float", "fannkuch",
         "spectral_norm", "nbody", "chaos")
CACHE = ROOT / ".cache" / "bench-reference"
# Rounds per side, the sides in turn (which goes first alternates); each benchmark keeps its
# best time over the rounds' best-of-three runs.
ROUNDS = 3

# Each benchmark script builds a pyperf.Runner and hands it its function: this Runner times it.
PYPERF_STAND_IN = '''"""pyperf's Runner, as far as pyperformance's scripts use it: best of three runs."""
import argparse
import time

perf_counter = time.perf_counter
RESULTS = {}


class Runner:
    def __init__(self, *args, **kwargs):
        self.metadata = {}
        self.argparser = argparse.ArgumentParser()

    def parse_args(self, args=None):
        return self.argparser.parse_args([])

    def bench_func(self, name, func, *args, **kwargs):
        best = float("inf")
        for _ in range(3):
            start = perf_counter()
            func(*args)
            best = min(best, perf_counter() - start)
        RESULTS[name] = best

    def bench_time_func(self, name, func, *args, inner_loops=None, **kwargs):
        RESULTS[name] = min(func(1, *args) for _ in range(3))
'''


def _sdist() -> Path:
    """pyperformance's sdist, downloaded once; its hash is checked every time."""
    path = CACHE / f"pyperformance-{VERSION}.tar.gz"
    if not path.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--no-binary", ":all:", f"pyperformance=={VERSION}", "-d", str(CACHE)],
                       check=True, capture_output=True, text=True)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != SHA256:
        raise RuntimeError(f"{path.name}: sha256 {digest}, expected {SHA256}")
    return path


def write_files(directory: Path) -> list[str]:
    """pyperf.py and one bm_<name>.py per benchmark into ``directory``; their names."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "pyperf.py").write_text(PYPERF_STAND_IN, encoding="utf-8")
    names = ["pyperf.py"]
    with tarfile.open(_sdist()) as sdist:
        for bench in NAMES:
            member = (f"pyperformance-{VERSION}/pyperformance/data-files/benchmarks/"
                      f"bm_{bench}/run_benchmark.py")
            source = sdist.extractfile(member)
            if source is None:
                raise RuntimeError(f"{member}: not in the sdist")
            (directory / f"bm_{bench}.py").write_bytes(source.read())
            names.append(f"bm_{bench}.py")
    return names


def reference_seconds(directory: str, names: list[str]) -> dict[str, float]:
    """Each benchmark's best of three runs, in seconds. The worker runs this very function
    (its source is sent there), CPython in a process of its own (the stand-in pyperf stays
    out of this one)."""
    import os
    import runpy
    import sys

    directory = os.path.abspath(directory)
    if directory not in sys.path:
        sys.path.insert(0, directory)
    import pyperf

    for name in names:
        runpy.run_module(f"bm_{name}", run_name="__main__")
    return dict(pyperf.RESULTS)


def on_cpython(directory: Path) -> dict[str, float]:
    code = (inspect.getsource(reference_seconds) + "\nimport json\n"
            f"print(json.dumps(reference_seconds({str(directory)!r}, {list(NAMES)!r})))")
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                          text=True, cwd=directory)
    return json.loads(done.stdout)


def rows(in_worker: dict[str, float], cpython: dict[str, float]) -> list[tuple[str, str]]:
    ratios = {name: in_worker[name] / cpython[name] for name in NAMES
              if name in in_worker and name in cpython}
    if not ratios:
        return [("reference: pyperformance, Pyodide worker vs CPython", "no figure")]
    product = 1.0
    for ratio in ratios.values():
        product *= ratio
    geomean = product ** (1 / len(ratios))
    detail = ", ".join(f"{name} {ratio:.2f}" for name, ratio in sorted(ratios.items()))
    return [("reference: pyperformance, Pyodide worker vs CPython",
             f"Pyodide takes {geomean:.2f}x CPython's time (geometric mean of "
             f"{len(ratios)}; each the best of {ROUNDS} rounds of 3 runs, the sides in turn; min {min(ratios.values()):.2f}, max "
             f"{max(ratios.values()):.2f}): {detail}")]
