"""``python3 -m rituels build [--out dist]``: write the self-contained static site.

The output folder holds everything the browser needs and nothing else, so it can be copied to
any static host (GitHub Pages, a USB stick served by ``python3 -m http.server``):

    index.html            the page, with the home screen's first paint injected
    pyscript.toml         the Web Worker's config: self-hosted Pyodide, the package zip
    worker.py             the worker's entry script (exports rituels.app.main's start, event)
    glue.toml, glue.py    the main thread's MicroPython config and glue (DOM, storage, effects)
    rituels.zip           the ``rituels`` package (without tools/ and caches), with its
                          bytecode; the worker imports from it (zipimport)
    boot.js, boot.css     language class, early taps, service worker; first-paint styles
    store.js              the saved games in IndexedDB (page and worker)
    pyscript-idb.js       PyScript's own IndexedDB stores in memory (page and worker)
    app.css, games/*.css  the app's styles
    manifest.webmanifest, icons/
    runtime/pyscript/     @pyscript/core's dist (no source maps)
    runtime/pyodide/      the Pyodide files loaded at start-up
    runtime/stdlib/       Pyodide's standard library, with bytecode for what the page imports
    interpreter.mjs       the worker's interpreter: the pinned Pyodide with that library,
                          booted from a memory snapshot made on the device when one is kept
    snapshot.mjs          the worker that makes that snapshot, once a visit is ready and idle
    runtime/micropython/  MicroPython for the glue (the plain build: no ulab, no settrace)
    runtime/idiomorph/    the DOM morphing library the glue applies markup with
    sw.js                 the service worker, with the precache list and cache version filled in
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from rituels.i18n import LANGS
from rituels.tools import icons
from rituels.tools.paths import NODE_MODULES, PACKAGE, ROOT, WEB

PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_DIR = NODE_MODULES / "pyodide"
MICROPYTHON_DIR = NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
IDIOMORPH_JS = NODE_MODULES / "idiomorph" / "dist" / "idiomorph.min.js"
# What Pyodide fetches when it starts with no extra packages (seen in the e2e request log):
# the loader, the emscripten glue, the wasm and the package lock it always reads. Its standard
# library is the build's own (runtime/stdlib/python_stdlib.zip, with bytecode: see below).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
STDLIB_ZIP = "runtime/stdlib/python_stdlib.zip"
# PyScript's chunks for its code editor and terminal (codemirror, xterm): shipped (a page
# could ask for them) but not precached, since Rituels never loads them.
UNUSED_CHUNKS = ("codemirror", "xterm")
FIRST_PAINT_MARKER = "<!-- rituels:first-paint -->"
GAME_CSS_MARKER = "<!-- rituels:game-css -->"
PRELOAD_MARKER = "<!-- rituels:preload -->"
# PyScript's chunks that its core imports at every start (by name before the hash): the page
# preloads them, so they come in parallel rather than one after the other.
STARTUP_CHUNKS = ("toml", "deprecations-manager", "donkey", "error", "py-editor", "py-game",
                  "py-terminal")
# Fetched by PyScript on the main thread before it creates the worker, one after the other.
STARTUP_FETCHES = ("glue.toml", "pyscript.toml", "glue.py", "worker.py")
BUILD_STAMP = ".rituels-build"  # marks a folder this command may wipe
LOCK_STAMP = NODE_MODULES / ".rituels-lock-sha256"


class BuildError(Exception):
    """A build that cannot go on, with a message for the developer."""


# --- npm runtime -------------------------------------------------------------------------

def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def ensure_runtime() -> None:
    """Run ``npm ci`` when node_modules is missing or older than package-lock.json."""
    lock = ROOT / "package-lock.json"
    wanted = _sha256(lock)
    if (LOCK_STAMP.exists() and LOCK_STAMP.read_text().strip() == wanted
            and (PYODIDE_DIR / "pyodide.mjs").exists() and (PYSCRIPT_DIST / "core.js").exists()
            and (MICROPYTHON_DIR / "micropython.mjs").exists() and IDIOMORPH_JS.exists()):
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is not installed: the build needs Node.js 20+ and npm to fetch "
                         "the pinned runtime (Debian: apt-get install nodejs npm).")
    print("build: npm ci (installing the pinned Pyodide and PyScript runtime)", flush=True)
    done = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT)
    if done.returncode != 0:
        raise BuildError(f"npm ci failed (exit {done.returncode})")
    LOCK_STAMP.write_text(wanted + "\n")


# --- pieces of the site ------------------------------------------------------------------

# Developer-only code lives in tools/ (commands, benchmarks, studies, fits): the page never
# imports it, so none of it is shipped. The one exception outside it, __main__.py, is only the
# command line's entry (`python3 -m rituels`, importing tools/cli.py).
NOT_SHIPPED = ("tools", "__main__.py")   # names at the top of the package


def _package_files() -> list[Path]:
    """The files of the ``rituels`` package shipped to the browser (sorted, for a stable zip)."""
    files = []
    for path in sorted(PACKAGE.rglob("*")):
        rel = path.relative_to(PACKAGE)
        if (path.is_dir() or rel.parts[0] in NOT_SHIPPED or "__pycache__" in rel.parts
                or path.suffix in (".pyc", ".pyo")):
            continue
        files.append(path)
    return files


def _check_syntax(path: Path, name: str) -> None:
    """A syntax error would only show in the browser console: stop the build instead."""
    try:
        compile(path.read_bytes(), name, "exec", dont_inherit=True)
    except SyntaxError as exc:
        raise BuildError(f"{path}:{exc.lineno}: {exc.msg}") from None


def _zip_entry(name: str) -> zipfile.ZipInfo:
    """A zip entry with a fixed timestamp, so equal content gives equal bytes."""
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    if name.endswith("/"):   # a folder
        info.external_attr = (0o40755 << 16) | 0x10
        return info
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def zipimport_name(pyc: str) -> str:
    """``rituels/a/__pycache__/b.<tag>.pyc`` -> ``rituels/a/b.pyc``: zipimport looks for a
    module's bytecode beside its source, not in __pycache__."""
    head, _, name = pyc.rpartition("/__pycache__/")
    return f"{head}/{name.split('.')[0]}.pyc"


def write_package_zip(dest: Path) -> None:
    """rituels.zip with entries ``rituels/...`` and their Pyodide bytecode beside them; fixed
    timestamps so equal code gives equal bytes (and so the same service-worker cache version).
    The worker imports straight from the zip (zipimport): unpacking its files into Pyodide's
    file system was a tenth of the warm start-up (about 110 ms in Node's Pyodide)."""
    from rituels import i18n
    from rituels.screens import home

    entries: dict[str, bytes] = {}
    for path in _package_files():
        name = "rituels/" + path.relative_to(PACKAGE).as_posix()
        if path.suffix == ".py":
            _check_syntax(path, name)
        entries[name] = path.read_bytes()
    # The home cards, precomputed: the live home then imports no game at start-up.
    entries["rituels/screens/" + home.CARDS_NAME] = json.dumps(
        home.compute_cards(), sort_keys=True).encode()
    # Each language's catalogue merged, instead of its folder: a zip cannot be globbed.
    entries = {n: b for n, b in entries.items()
               if not re.fullmatch(r"rituels/i18n/\w+/[^/]+\.json", n)}
    for lang in LANGS:
        entries[f"rituels/i18n/{i18n.merged_name(lang)}"] = json.dumps(
            i18n.catalogue(lang), ensure_ascii=False, sort_keys=True).encode()
    bytecode = pyodide_bytecode({n: b for n, b in entries.items() if n.endswith(".py")})
    entries.update((zipimport_name(pyc), data) for pyc, data in bytecode.items())
    # An entry per folder: zipimport finds a namespace package (a folder without __init__.py,
    # like rituels/analysis) only by its folder's entry.
    for name in list(entries):
        head = name.rpartition("/")[0]
        while head:
            entries.setdefault(head + "/", b"")
            head = head.rpartition("/")[0]
    with zipfile.ZipFile(dest, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(entries):
            zf.writestr(_zip_entry(name), entries[name])


# --- bytecode ----------------------------------------------------------------------------
# Compiling our ~250 kB of Python was half of the worker's import time at start-up (measured
# in Pyodide under Node: 0.5 s from source, 0.25 s from bytecode, on the loaded 2-core
# machine). The build compiles it once with the pinned Pyodide itself (the magic number must
# be its exact Python), as unchecked hash-based .pyc: a zip entry's time means nothing.
COMPILE_PYC = Path(__file__).with_name("compile_pyc.mjs")
PYC_CACHE = NODE_MODULES / ".cache" / "rituels-pyc"   # goes with the installed runtime
PYC_TIMEOUT_S = 300


def pyodide_bytecode(sources: dict[str, bytes]) -> dict[str, bytes]:
    """``{"rituels/a/b.py": source}`` -> ``{"rituels/a/__pycache__/b.<tag>.pyc": bytecode}``
    for every source, compiled by Pyodide under Node; cached by content, so a build whose
    sources did not change does not start Pyodide."""
    digest = hashlib.sha256()
    for part in (PYODIDE_DIR / "package.json", COMPILE_PYC):
        digest.update(part.read_bytes())
    for name in sorted(sources):
        digest.update(name.encode() + b"\0" + sources[name] + b"\0")
    cached = PYC_CACHE / f"{digest.hexdigest()[:32]}.zip"
    try:
        with zipfile.ZipFile(cached) as zf:
            return {name: zf.read(name) for name in zf.namelist()}
    except (OSError, zipfile.BadZipFile):
        pass   # not cached yet (or removed meanwhile by a parallel build): compile
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not installed: the build compiles the package to bytecode "
                         "with Pyodide under Node.js 20+")
    out: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory(prefix="rituels-pyc-") as tmp:
        root = Path(tmp)
        for name, data in sources.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
        try:
            done = subprocess.run([node, str(COMPILE_PYC), str(PYODIDE_DIR), str(root)],
                                  capture_output=True, text=True, timeout=PYC_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise BuildError(f"compiling to bytecode took over {PYC_TIMEOUT_S} s") from None
        tag = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
        if done.returncode != 0 or not tag.startswith("cpython-"):
            raise BuildError("compiling to bytecode with Pyodide failed:\n"
                             + done.stderr[-2000:])
        for name in sources:
            src = Path(name)
            pyc = (src.parent / "__pycache__" / f"{src.stem}.{tag}.pyc").as_posix()
            if not (root / pyc).is_file():
                raise BuildError(f"no bytecode for {name}")
            out[pyc] = (root / pyc).read_bytes()
    # Keep only this build's entry; write it whole or not at all (builds may run in parallel).
    PYC_CACHE.mkdir(parents=True, exist_ok=True)
    for old in PYC_CACHE.glob("*.zip"):
        old.unlink(missing_ok=True)
    fd, partial = tempfile.mkstemp(dir=PYC_CACHE, suffix=".part")
    with open(fd, "wb") as f, zipfile.ZipFile(f, "w") as zf:
        for name in sorted(out):
            zf.writestr(_zip_entry(name), out[name])
    Path(partial).replace(cached)
    return out


def first_paint(lang: str = "fr") -> str:
    """The home screen as plain markup, shown before Python starts: the UI's own
    ``rituels.screens.home.first_paint`` when it exists, else a simple static home."""
    try:
        home = importlib.import_module("rituels.screens.home")
    except ModuleNotFoundError as exc:
        if exc.name not in ("rituels.screens", "rituels.screens.home"):
            raise  # a bug inside the screens must fail the build, not hide behind the fallback
        home = None
    if home is not None and hasattr(home, "first_paint"):
        return home.first_paint(lang=lang)
    return _fallback_first_paint(lang)


def _fallback_first_paint(lang: str) -> str:
    games = (("cthulhu_dice", "Cthulhu Dice"), ("tuchulcha", "Tuchulcha"), ("wongar", "Wongar"))
    items = "".join(
        f'<li class="home-game"><button type="button" disabled data-first-paint="{gid}">'
        f'{name}</button></li>' for gid, name in games)
    loading = "Loading…" if lang == "en" else "Chargement…"
    return ('<main class="home first-paint"><h1>Rituels</h1>'
            f'<ul class="home-games">{items}</ul>'
            f'<p class="loading" role="status">{loading}</p></main>')


ID_REFERENCES = re.compile(
    r'\b(id|for|aria-labelledby|aria-describedby|aria-controls|aria-owns|href)="([^"]*)"')


def suffix_ids(markup: str, suffix: str) -> str:
    """``markup`` with every id it defines, and every reference to one, suffixed, so two
    copies of the first paint (one per language) can share the page without duplicate ids."""
    if not suffix:
        return markup
    ids = set(re.findall(r'\bid="([^"]+)"', markup))

    def rename(match: re.Match) -> str:
        attr, value = match.groups()
        if attr == "href":
            target = value[1:] if value.startswith("#") else None
            return f'href="#{target}{suffix}"' if target in ids else match.group(0)
        names = [f"{name}{suffix}" if name in ids else name for name in value.split()]
        return f'{attr}="{" ".join(names)}"'

    return ID_REFERENCES.sub(rename, markup)


def pyscript_startup_chunks(dist: Path = PYSCRIPT_DIST) -> list[str]:
    """The file names of STARTUP_CHUNKS in PyScript's dist: its core.js re-exports a hashed
    core chunk, which imports them by hashed name."""
    core = re.search(r'from"\./(core-[\w-]+\.js)"', (dist / "core.js").read_text("utf-8"))
    if core is None:
        raise BuildError("runtime/pyscript/core.js no longer names its core chunk")
    text = (dist / core.group(1)).read_text("utf-8")
    names = [core.group(1)]
    for chunk in STARTUP_CHUNKS:
        found = re.search(rf'import\("\./({re.escape(chunk)}-[\w-]+\.js)"\)', text)
        if found is None:
            raise BuildError(f"PyScript's core no longer imports a {chunk} chunk: "
                             "update STARTUP_CHUNKS in rituels/tools/build.py")
        names.append(found.group(1))
    return names


def preload_links() -> str:
    return "\n".join(
        [f'<link rel="modulepreload" href="runtime/pyscript/{name}">'
         for name in pyscript_startup_chunks()]
        + [f'<link rel="preload" href="{name}" as="fetch" crossorigin>'
           for name in STARTUP_FETCHES])


def render_index(template: str, game_css: list[str]) -> str:
    for marker in (FIRST_PAINT_MARKER, GAME_CSS_MARKER, PRELOAD_MARKER):
        if template.count(marker) != 1:
            raise BuildError(f"index.html must contain the marker {marker} exactly once")
    links = "\n".join(f'<link rel="stylesheet" href="{href}">' for href in game_css)
    # Both languages are in the page; boot.css shows the one boot.js picked from storage.
    paint = "".join(
        f'<div class="first-paint-{lang}" lang="{lang}">'
        f'{suffix_ids(first_paint(lang), "" if lang == LANGS[0] else f"-{lang}")}</div>'
        for lang in LANGS)
    return (template.replace(FIRST_PAINT_MARKER, paint).replace(GAME_CSS_MARKER, links)
            .replace(PRELOAD_MARKER, preload_links()))


def write_icons(dest: Path) -> None:
    """Copy web/icons/, drawing any missing PNG size first (they are committed once drawn)."""
    src = WEB / "icons"
    src.mkdir(exist_ok=True)
    for size in icons.SIZES:
        png = src / f"icon-{size}.png"
        if not png.exists():
            png.write_bytes(icons.png(size))
    shutil.copytree(src, dest, dirs_exist_ok=True)


def copy_runtime(out: Path) -> None:
    pyscript = out / "runtime" / "pyscript"
    pyscript.mkdir(parents=True)
    for path in sorted(PYSCRIPT_DIST.iterdir()):
        if path.suffix in (".js", ".css"):
            shutil.copy2(path, pyscript / path.name)
    pyodide = out / "runtime" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_DIR / name, pyodide / name)
    micropython = out / "runtime" / "micropython"
    micropython.mkdir(parents=True)
    for name in MICROPYTHON_FILES:
        shutil.copy2(MICROPYTHON_DIR / name, micropython / name)
    (out / "runtime" / "idiomorph").mkdir(parents=True)
    shutil.copy2(IDIOMORPH_JS, out / "runtime" / "idiomorph" / IDIOMORPH_JS.name)


# --- the standard library with bytecode --------------------------------------------------
# Pyodide's python_stdlib.zip holds only sources, so every start compiled the ~130 modules
# that Pyodide, PyScript and the app import (the larger part of Pyodide's boot at 4x CPU
# throttling). The build runs the page's start-up and play in the pinned Pyodide under Node
# (stdlib_trace.py), and ships the zip with those modules as bytecode compiled by that same
# Pyodide, instead of their sources; every other module stays a source. Cached by content:
# the trace runs again only when the runtime, the package or these tools change.
COMPILE_STDLIB = Path(__file__).with_name("compile_stdlib.mjs")
STDLIB_TRACE = Path(__file__).with_name("stdlib_trace.py")
STDLIB_CACHE = NODE_MODULES / ".cache" / "rituels-stdlib"


def pyscript_imports(dist: Path = PYSCRIPT_DIST) -> list[str]:
    """The modules PyScript's own Python code imports in the worker (it is kept in its core
    chunk as source text): the trace imports them as PyScript would."""
    core = pyscript_startup_chunks(dist)[0]
    text = (dist / core).read_text("utf-8")
    return sorted(set(re.findall(r'(?:\\n|^|")\s*(?:import|from)\s+([A-Za-z_][\w.]*)', text)))


def stdlib_with_bytecode(package_zip: Path, dest: Path) -> list[str]:
    """Write python_stdlib.zip with bytecode for the modules the trace imports; returns them."""
    imports = json.dumps(pyscript_imports())
    digest = hashlib.sha256(imports.encode())
    for part in (PYODIDE_DIR / "package.json", PYODIDE_DIR / "python_stdlib.zip",
                 COMPILE_STDLIB, STDLIB_TRACE, package_zip):
        digest.update(part.read_bytes())
    cached = STDLIB_CACHE / f"{digest.hexdigest()[:32]}.zip"
    if not cached.is_file():
        _compile_stdlib(package_zip, imports, cached)
    shutil.copy2(cached, dest)
    with zipfile.ZipFile(dest) as zf:
        return sorted(n.removesuffix(".pyc") for n in zf.namelist() if n.endswith(".pyc"))


def _compile_stdlib(package_zip: Path, imports: str, cached: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not installed: the build compiles the standard library to "
                         "bytecode with Pyodide under Node.js 20+")
    with tempfile.TemporaryDirectory(prefix="rituels-stdlib-") as tmp:
        compiled = Path(tmp)
        try:
            done = subprocess.run([node, str(COMPILE_STDLIB), str(PYODIDE_DIR), str(package_zip),
                                   str(compiled), str(STDLIB_TRACE), imports],
                                  capture_output=True, text=True, timeout=PYC_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise BuildError(f"tracing the standard library took over {PYC_TIMEOUT_S} s") from None
        if done.returncode != 0:
            raise BuildError("compiling the standard library with Pyodide failed:\n"
                             + done.stderr[-2000:])
        STDLIB_CACHE.mkdir(parents=True, exist_ok=True)
        for old in STDLIB_CACHE.glob("*.zip"):
            old.unlink(missing_ok=True)
        fd, partial = tempfile.mkstemp(dir=STDLIB_CACHE, suffix=".part")
        with (open(fd, "wb") as f, zipfile.ZipFile(f, "w") as out,
              zipfile.ZipFile(PYODIDE_DIR / "python_stdlib.zip") as stock):
            for name in stock.namelist():
                pyc = compiled / (name + "c")
                if name.endswith(".py") and pyc.is_file():
                    out.writestr(_zip_entry(name + "c"), pyc.read_bytes(), compresslevel=9)
                elif name.endswith("/"):
                    out.writestr(_zip_entry(name), b"")
                else:
                    out.writestr(_zip_entry(name), stock.read(name), compresslevel=9)
        Path(partial).chmod(0o644)   # mkstemp makes it private; a web server must read it
        Path(partial).replace(cached)


def sri(path: Path) -> str:
    """The Subresource Integrity value of a file (what fetch's ``integrity`` checks)."""
    import base64
    return "sha384-" + base64.b64encode(hashlib.sha384(path.read_bytes()).digest()).decode()


def pyodide_build_id(pyodide_mjs: Path = PYODIDE_DIR / "pyodide.mjs") -> str:
    """The BUILD_ID the pinned Pyodide writes into a memory snapshot and checks on restore."""
    found = re.search(r'BUILD_ID:"([0-9a-f]{64})"', pyodide_mjs.read_text(encoding="utf-8"))
    if not found:
        raise BuildError(f"{pyodide_mjs} has no BUILD_ID (a Pyodide without snapshots?)")
    return found.group(1)


def snapshot_key(out: Path, template: str) -> str:
    """What a memory snapshot made on a device depends on (interpreter.mjs): the runtime, its
    standard library, the package zip and the code that makes and restores it."""
    digest = hashlib.sha256(pyodide_build_id().encode())
    for data in ((out / STDLIB_ZIP).read_bytes(), (out / "rituels.zip").read_bytes(),
                 template.encode(), (WEB / "worker.py").read_bytes()):
        digest.update(hashlib.sha256(data).digest())
    return digest.hexdigest()[:32]


def write_interpreter(out: Path) -> None:
    """interpreter.mjs (pyscript.toml's interpreter) with the standard library's integrity
    and the key of the memory snapshots it may boot from."""
    template = (WEB / "interpreter.mjs").read_text(encoding="utf-8")
    for marker in ('"__STDLIB_INTEGRITY__"', '"__SNAPSHOT_KEY__"'):
        if marker not in template:
            raise BuildError(f"web/interpreter.mjs lacks the placeholder {marker}")
    (out / "interpreter.mjs").write_text(
        template.replace('"__STDLIB_INTEGRITY__"', json.dumps(sri(out / STDLIB_ZIP)))
        .replace('"__SNAPSHOT_KEY__"', json.dumps(snapshot_key(out, template))),
        encoding="utf-8")


def precache_list(out: Path) -> list[str]:
    """Every file the app may need offline, as URLs relative to the service worker."""
    urls = ["./"]
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out).as_posix()
        if (path.is_dir() or rel in ("sw.js", BUILD_STAMP) or rel.startswith("bench/")
                or (rel.startswith("runtime/pyscript/")
                    and path.name.startswith(UNUSED_CHUNKS))):
            continue
        urls.append(rel)
    return urls


def write_service_worker(out: Path) -> str:
    """sw.js with its precache list and a cache version that changes with any shipped byte."""
    urls = precache_list(out)
    digest = hashlib.sha256()
    for rel in urls[1:]:
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes())
    version = digest.hexdigest()[:16]
    template = (WEB / "sw.js").read_text(encoding="utf-8")
    for marker in ('"__PRECACHE__"', '"__VERSION__"'):
        if marker not in template:
            raise BuildError(f"web/sw.js lacks the placeholder {marker}")
    code = (template.replace('"__PRECACHE__"', json.dumps(urls, indent=1))
            .replace('"__VERSION__"', json.dumps(version)))
    (out / "sw.js").write_text(code, encoding="utf-8")
    return version


WEB_FILES = ("boot.js", "store.js", "pyscript-idb.js", "snapshot.mjs", "boot.css", "worker.py",
             "glue.py", "manifest.webmanifest", "app.css")
CONFIG_FILES = ("pyscript.toml", "glue.toml")


def _check_out(out: Path) -> None:
    """Refuse to replace a non-empty folder this command did not write."""
    if out.exists() and any(out.iterdir()) and not (out / BUILD_STAMP).exists():
        raise BuildError(f"{out} exists and was not written by this build: not wiping it")


def write_site(out: Path) -> str:
    """Write every file of the site into the empty folder ``out``; returns the cache version."""
    (out / BUILD_STAMP).write_text("written by python3 -m rituels build\n")
    copy_runtime(out)
    write_package_zip(out / "rituels.zip")
    (out / STDLIB_ZIP).parent.mkdir(parents=True)
    stdlib_with_bytecode(out / "rituels.zip", out / STDLIB_ZIP)
    write_interpreter(out)
    for name in WEB_FILES:
        if not (WEB / name).exists():
            raise BuildError(f"web/{name} is missing (index.html needs it)")
        if name.endswith(".py"):
            _check_syntax(WEB / name, name)
        shutil.copy2(WEB / name, out / name)
    game_css = []
    for css in sorted((WEB / "games").glob("*.css")):
        (out / "games").mkdir(exist_ok=True)
        shutil.copy2(css, out / "games" / css.name)
        game_css.append(f"games/{css.name}")
    write_icons(out / "icons")
    for name in CONFIG_FILES:
        shutil.copy2(ROOT / name, out / name)
    template = (ROOT / "index.html").read_text(encoding="utf-8")
    (out / "index.html").write_text(render_index(template, game_css), encoding="utf-8")
    return write_service_worker(out)


def build(out: Path) -> str:
    """Write the site to ``out``; returns the cache version. The site is written next to
    ``out`` and swapped in at the end, so a server running on ``out`` (serve, the tests) never
    sees a half-written site, and a failed build leaves the previous one in place."""
    ensure_runtime()
    out = out.resolve()
    _check_out(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=out.parent))
    try:
        version = write_site(fresh)
        fresh.chmod(0o755)  # mkdtemp makes it private; a web server must read it
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
            out.rename(old / out.name)
            fresh.rename(out)
            shutil.rmtree(old)
        else:
            fresh.rename(out)
    finally:
        shutil.rmtree(fresh, ignore_errors=True)
    return version


def main(args: argparse.Namespace) -> int:
    out = Path(args.out)
    try:
        version = build(out)
    except BuildError as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"build: wrote {out} ({size / 1e6:.1f} MB, cache version {version})")
    return 0
