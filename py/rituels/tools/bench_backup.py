"""Backups of every game (issue 41, rituels.app.backup): section ``backup`` of ``python3 -m
rituels bench``. For 500 and 5,000 saved games (random whole games of the three games, as
bench_saves.py makes them, each started at its own time): the export's time and file size,
the import into an empty profile (every entry checked by a whole replay, then written), and
a second import of the same file (every game already there). CPython, dict-backed storage:
the worker's Pyodide is slower by a factor of about 2-3 (bench_browser's figures).
"""

from __future__ import annotations

import time

from rituels.app.backup import export_all, import_all
from rituels.app.saves import SaveStore
from rituels.app.storage import MemoryStorage
from rituels.tools.bench_saves import finished_record

SIZES = (500, 5_000)
KINDS = (("cthulhu-dice", 3), ("wongar", 4), ("tuchulcha", 2))


def profile(count: int, distinct: int = 30) -> SaveStore:
    """``count`` saves of ``distinct`` random games, each started at its own minute."""
    bases = [finished_record(*KINDS[i % len(KINDS)], seed=i) for i in range(distinct)]
    store = SaveStore(MemoryStorage())
    for i in range(count):
        base = bases[i % distinct]
        meta = {"started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(1.7e9 + 60 * i))}
        store.put(f"b{i:07d}", dict(base, meta=meta))
    return store


def measure(count: int) -> dict[str, float]:
    home = profile(count)
    start = time.perf_counter()
    text, _ = export_all(home)
    exported = time.perf_counter() - start
    fresh = SaveStore(MemoryStorage())
    start = time.perf_counter()
    first = import_all(fresh, text)
    imported = time.perf_counter() - start
    start = time.perf_counter()
    again = import_all(fresh, text)
    skipped = time.perf_counter() - start
    assert first.imported == again.present == count   # a benchmark of a broken import is moot
    return {"export_s": exported, "chars": len(text), "bytes": len(text.encode("utf-8")),
            "import_s": imported, "again_s": skipped}


def figures(quick: bool) -> list[tuple[str, str]]:
    rows = []
    for count in SIZES[:1] if quick else SIZES:
        found = measure(count)
        rows += [
            (f"backup of {count:,} games: export",
             f"{found['export_s'] * 1000:.0f} ms, file {found['bytes'] / 1e6:.2f} MB "
             f"({found['bytes'] / count / 1e3:.1f} kB a game)"),
            (f"backup of {count:,} games: import into an empty profile",
             f"{found['import_s'] * 1000:.0f} ms ({found['import_s'] / count * 1000:.2f} ms a "
             "game: checked by a replay, then written)"),
            (f"backup of {count:,} games: the same file again (all already there)",
             f"{found['again_s'] * 1000:.0f} ms"),
        ]
    return rows


if __name__ == "__main__":
    import sys
    for label, value in figures("--quick" in sys.argv[1:]):
        print(f"{label}: {value}")
