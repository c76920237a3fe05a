"""The static build, the dev server and the test runner (no browser here: see e2e/)."""

from __future__ import annotations

import argparse
import json
import re
import struct
import subprocess
import sys
import tomllib
import urllib.request
import zipfile
import zlib
from pathlib import Path

import pytest

from rituels.tools import bench, build, engines, icons, testrun
from rituels.tools.serve import serve_in_thread

# The module's tests share one build (20 s): on one xdist worker it is made once, not once
# per worker.
pytestmark = pytest.mark.xdist_group("build")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out)
    return out


def precache(site: Path) -> list[str]:
    code = (site / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"const PRECACHE = (\[.*?\]);", code, re.S).group(1))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    return struct.unpack(">II", data[16:24])


def test_the_package_zip_ships_the_game_code_without_dev_tools(site, tmp_path):
    with zipfile.ZipFile(site / "rituels.zip") as zf:
        names = zf.namelist()
    assert "rituels/__init__.py" in names
    assert "rituels/engine/game.py" in names
    # each language's catalogue merged into one file, not its folder of files
    assert {"rituels/i18n/fr.json", "rituels/i18n/en.json"} <= set(names)
    assert not [n for n in names if re.fullmatch(r"rituels/i18n/\w+/.*", n)]
    # developer-only code lives in tools/ and stays out of what the browser downloads; the
    # game packages hold none of it (no benchmark beside the rules)
    assert not [n for n in names if n.startswith("rituels/tools/") or "bench" in n]
    assert "rituels/__main__.py" not in names
    # The zip alone on sys.path is a working package (as in the browser's worker), its
    # namespace package (rituels.analysis) and its translations included.
    probe = ("from rituels.engine.game import GAME_IDS\nimport rituels.analysis.core\n"
             "from rituels.i18n import t\n"
             "print(len(GAME_IDS), t('en', 'app.home.players_exact', n=2))")
    assert run_from_zip(site, tmp_path, probe).strip() == "3 2 players"


def test_the_runtime_is_self_hosted_and_configured(site):
    config = tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8"))
    interpreter = config["interpreter"]
    assert not re.match(r"\w+://", interpreter)
    assert (site / interpreter).is_file()
    assert config["files"] == {"./rituels.zip": "./rituels.zip"}   # imported, not unpacked
    for name in build.PYODIDE_FILES:
        assert (site / "runtime" / "pyodide" / name).stat().st_size > 0
    assert (site / "runtime" / "pyscript" / "core.js").is_file()
    assert not list(site.rglob("*.map")), "source maps are not shipped"


def test_the_page_gets_the_first_paint_in_both_languages(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    assert build.FIRST_PAINT_MARKER not in html and build.GAME_CSS_MARKER not in html
    for lang in ("fr", "en"):
        assert f'<div class="first-paint-{lang}" lang="{lang}">' in html
    for name in ("Tuchulcha", "Wongar", "Cthulhu Dice"):
        assert html.count(name) >= 2
    for css in sorted((site / "games").glob("*.css")) if (site / "games").exists() else []:
        assert f'href="games/{css.name}"' in html


def test_the_page_preloads_what_pyscript_fetches_one_after_the_other(site):
    """PyScript's start-up chunks, the configs and the two Python scripts are preloaded (they
    come in parallel, not one after the other), and each preloaded file is shipped."""
    html = (site / "index.html").read_text(encoding="utf-8")
    assert build.PRELOAD_MARKER not in html
    preloaded = re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"', html)
    chunks = [p for p in preloaded if p.startswith("runtime/pyscript/")]
    # core.js, its core chunk and one chunk per STARTUP_CHUNKS name
    assert len(chunks) == 2 + len(build.STARTUP_CHUNKS)
    for name in build.STARTUP_CHUNKS:
        assert any(re.fullmatch(rf"runtime/pyscript/{name}-[\w-]+\.js", c) for c in chunks)
    assert set(build.STARTUP_FETCHES) <= set(preloaded)
    assert all((site / p).is_file() for p in preloaded)
    # PyScript is loaded async; boot.js comes before every style sheet (not waiting for them)
    assert '<script type="module" async src="runtime/pyscript/core.js">' in html
    assert html.index('src="boot.js"') < html.index('rel="stylesheet"')


def test_the_first_paint_copies_share_no_id(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids))


def test_suffixed_ids_keep_their_references_and_leave_routes_alone():
    markup = ('<section aria-labelledby="t x"><h2 id="t">T</h2><a href="#t">top</a>'
              '<a href="#/new/wongar">new</a><label for="n">N</label><input id="n"></section>')
    assert build.suffix_ids(markup, "-en") == (
        '<section aria-labelledby="t-en x"><h2 id="t-en">T</h2><a href="#t-en">top</a>'
        '<a href="#/new/wongar">new</a><label for="n-en">N</label><input id="n-en"></section>')


def test_the_precache_holds_everything_the_page_loads(site):
    urls = precache(site)
    assert urls[0] == "./"
    for rel in urls[1:]:
        assert (site / rel).is_file(), rel
    html = (site / "index.html").read_text(encoding="utf-8")
    referenced = set(re.findall(r'(?:href|src)="([^"#:]+)"', html))
    config = tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8"))
    referenced |= {config["interpreter"].removeprefix("./"),
                   *(k.removeprefix("./") for k in config["files"])}
    referenced |= {f"runtime/pyodide/{name}" for name in build.PYODIDE_FILES}
    glue = tomllib.loads((site / "glue.toml").read_text(encoding="utf-8"))
    referenced |= {glue["interpreter"].removeprefix("./"), "runtime/micropython/micropython.wasm"}
    # PyScript's chunks for both interpreters (the worker's py, the glue's mpy) are loaded.
    referenced |= {f"runtime/pyscript/{p.name}" for p in (site / "runtime" / "pyscript").iterdir()
                   if p.name.startswith(("mpy-", "py-"))
                   and not p.name.startswith(("py-editor", "py-terminal", "py-game"))}
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    referenced |= {icon["src"] for icon in manifest["icons"]}
    assert sorted(referenced - set(urls)) == []
    assert "sw.js" not in urls
    assert not [u for u in urls if "codemirror" in u or "xterm" in u]


def test_the_cache_version_follows_the_content(tmp_path, monkeypatch):
    (tmp_path / "index.html").write_text("<p>one</p>")
    (tmp_path / "runtime").mkdir()
    (tmp_path / "runtime" / "a.js").write_text("1")
    first = build.write_service_worker(tmp_path)
    assert build.write_service_worker(tmp_path) == first, "same bytes, same version"
    (tmp_path / "runtime" / "a.js").write_text("2")
    second = build.write_service_worker(tmp_path)
    assert second != first
    assert f'const VERSION = "{second}";' in (tmp_path / "sw.js").read_text()


def test_the_manifest_and_icons(site):
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"].startswith("Rituels") and manifest["short_name"] == "Rituels"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./"
    assert manifest["theme_color"] == icons.THEME_COLOR
    sizes = set()
    for icon in manifest["icons"]:
        width, height = png_size((site / icon["src"]).read_bytes())
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add(width)
    assert sizes == {192, 512}


def test_icons_are_valid_pngs():
    data = icons.png(24)
    assert png_size(data) == (24, 24)
    chunks, pos = {}, 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert crc == zlib.crc32(kind + body)
        chunks[kind] = body
        pos += 12 + length
    raw = zlib.decompress(chunks[b"IDAT"])
    assert len(raw) == 24 * (1 + 24 * 3)
    centre = 12 * (1 + 24 * 3) + 1 + 12 * 3
    assert tuple(raw[centre:centre + 3]) == icons.INK, "the logo's dot is in the middle"
    assert tuple(raw[1:4]) == icons.BACKGROUND


def test_the_build_never_wipes_a_folder_it_did_not_write(tmp_path):
    (tmp_path / "precious.txt").write_text("keep me")
    with pytest.raises(build.BuildError, match="not wiping"):
        build.build(tmp_path)
    assert (tmp_path / "precious.txt").read_text() == "keep me"


def test_a_failed_build_keeps_the_previous_site(site, monkeypatch):
    before = (site / "sw.js").read_text()

    def broken(template, game_css):
        raise build.BuildError("index.html must contain the marker")

    monkeypatch.setattr(build, "render_index", broken)
    with pytest.raises(build.BuildError):
        build.build(site)
    assert (site / "sw.js").read_text() == before
    assert sorted(p.name for p in site.parent.iterdir()) == [site.name], "no leftovers"


def test_the_server_sends_runtime_mime_types_and_no_cache(tmp_path):
    for name in ("a.wasm", "b.mjs", "c.webmanifest", "d.zip"):
        (tmp_path / name).write_bytes(b"x")
    server, url = serve_in_thread(tmp_path)
    try:
        found = {}
        for name in ("a.wasm", "b.mjs", "c.webmanifest", "d.zip"):
            with urllib.request.urlopen(url + name) as response:
                found[name] = (response.headers["Content-Type"],
                               response.headers["Cache-Control"])
    finally:
        server.shutdown()
        server.server_close()
    assert found == {"a.wasm": ("application/wasm", "no-cache"),
                     "b.mjs": ("text/javascript", "no-cache"),
                     "c.webmanifest": ("application/manifest+json", "no-cache"),
                     "d.zip": ("application/zip", "no-cache")}


@pytest.mark.parametrize(("pytest_exit", "expected"), [(0, 0), (1, 1), (5, 0), (2, 2)])
def test_the_runner_passes_pytest_exit_codes_except_no_tests(monkeypatch, pytest_exit,
                                                             expected):
    calls = []
    monkeypatch.setattr(testrun, "ensure_venv", lambda: "/venv/python")
    monkeypatch.setattr(testrun, "ensure_browsers", lambda: None)
    monkeypatch.setattr(testrun.build, "build", lambda out: "v")
    monkeypatch.setattr(testrun.subprocess, "run",
                        lambda cmd, **kw: calls.append(cmd) or
                        subprocess.CompletedProcess(cmd, pytest_exit))
    monkeypatch.setattr(testrun.os, "cpu_count", lambda: 2)
    args = argparse.Namespace(pytest_args=["--", "-k", "wongar"])
    assert testrun.main(args) == expected
    assert calls == [["/venv/python", "-m", "pytest", "-n", "2", "--dist", "loadgroup",
                      "-k", "wongar"]]


@pytest.mark.parametrize("chosen", [["-n", "0"], ["-n0"], ["-p", "no:xdist"],
                                    ["--numprocesses=3"]])
def test_the_runner_runs_in_parallel_unless_told_otherwise(monkeypatch, chosen):
    calls, envs = [], []
    monkeypatch.setattr(testrun, "ensure_venv", lambda: "/venv/python")
    monkeypatch.setattr(testrun, "ensure_browsers", lambda: None)
    monkeypatch.setattr(testrun.build, "build", lambda out: "v")
    monkeypatch.setattr(testrun.subprocess, "run",
                        lambda cmd, **kw: calls.append(cmd) or envs.append(kw["env"]) or
                        subprocess.CompletedProcess(cmd, 0))
    assert testrun.main(argparse.Namespace(pytest_args=chosen)) == 0
    assert calls == [["/venv/python", "-m", "pytest", *chosen]]
    # one server for the whole run, its address handed to every pytest process
    assert envs[0]["RITUELS_BASE_URL"].startswith("http://127.0.0.1:")


def test_the_runner_installs_only_the_missing_browsers(monkeypatch):
    installed = {"/usr/bin/chromium", "/usr/bin/Xvfb"}
    calls = []
    monkeypatch.setattr(testrun.os.path, "exists", lambda path: path in installed)
    monkeypatch.setattr(testrun, "_run", lambda cmd, **kw: calls.append(cmd))
    monkeypatch.setattr(testrun.os, "geteuid", lambda: 1000)
    with pytest.raises(SystemExit, match="firefox-esr, webkit2gtk-driver missing"):
        testrun.ensure_browsers()
    assert calls == []
    monkeypatch.setattr(testrun.os, "geteuid", lambda: 0)
    testrun.ensure_browsers()
    assert calls == [["apt-get", "update"],
                     ["apt-get", "install", "-y", "--no-install-recommends", "firefox-esr",
                      "webkit2gtk-driver"]]
    installed.update({engines.FIREFOX, engines.WEBKIT_DRIVER})
    calls.clear()
    testrun.ensure_browsers()
    assert calls == []


def test_the_test_packages_are_pinned():
    for requirement in testrun.test_requirements():
        assert re.fullmatch(r"[a-z-]+==[\d.]+", requirement), requirement


def test_bench_rejects_unknown_sections_and_reports_missing_ones(capsys, monkeypatch):
    assert bench.main(argparse.Namespace(only="nope", quick=True)) == 2
    assert "unknown section" in capsys.readouterr().err
    monkeypatch.setitem(bench.SECTIONS, "wongar", "rituels.wongar.no_such_bench")
    assert bench.main(argparse.Namespace(only="wongar", quick=True)) == 0
    assert "no benchmark yet" in capsys.readouterr().out


def test_the_zip_ships_the_home_cards_precomputed(site, tmp_path):
    """The live home screen reads each game's picture and player counts from the zip, so it
    imports no game at start-up; what it reads is exactly what the games' code draws."""
    from rituels.screens import home

    with zipfile.ZipFile(site / "rituels.zip") as zf:
        cards = json.loads(zf.read("rituels/screens/home_cards.json"))
    assert cards == json.loads(json.dumps(home.compute_cards()))
    assert cards["wongar"]["players"] == [3, 5] and cards["cthulhu-dice"]["players"] == [2, 8]
    assert all(c["picture"].startswith("<svg") for c in cards.values())
    # From the zip, rendering the home screen loads no game module.
    probe = ("import sys\nfrom rituels.screens import home\nhome.render('fr', [])\n"
             "print(sorted(m for m in sys.modules if m.split('.')[1:2] in "
             "(['tuchulcha'], ['wongar'], ['cthulhu_dice'])))")
    assert run_from_zip(site, tmp_path, probe).strip() == "[]"


def run_from_zip(site: Path, tmp_path: Path, probe: str) -> str:
    """What ``probe`` prints, run by this Python with the site's zip alone on its path (as in
    the browser's worker; this Python takes the sources beside Pyodide's bytecode)."""
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path,
                          env={"PYTHONPATH": str(site / "rituels.zip")}, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def pyodide_tag() -> str:
    """The cache tag of the pinned Pyodide's Python ("cpython-314")."""
    lock = json.loads((build.PYODIDE_DIR / "pyodide-lock.json").read_text())
    major, minor = lock["info"]["python"].split(".")[:2]
    return f"cpython-{major}{minor}"


def test_every_module_ships_with_pyodide_bytecode(site):
    """Each .py of the zip has its bytecode for the pinned Pyodide's Python beside it, where
    zipimport looks (the worker then imports without compiling), unchecked hash-based: a zip
    entry's time means nothing."""
    pyc = f"rituels/a/__pycache__/b.{pyodide_tag()}.pyc"
    assert build.zipimport_name(pyc) == "rituels/a/b.pyc"
    with zipfile.ZipFile(site / "rituels.zip") as zf:
        names = set(zf.namelist())
        sources = [n for n in names if n.endswith(".py")]
        pycs = [n for n in names if n.endswith(".pyc")]
        assert len(sources) > 50 and len(pycs) == len(sources)
        for name in sources:
            pyc = name + "c"
            assert pyc in names, name
            flags = int.from_bytes(zf.read(pyc)[4:8], "little")
            assert flags == 0b01, name   # hash-based, not checked against the source


def test_the_bytecode_is_cached_by_content(monkeypatch, tmp_path):
    """A second build of the same sources does not start Pyodide again; changed sources do."""
    runs = []
    real = build.subprocess.run

    def counting(cmd, *args, **kwargs):
        runs.append(cmd)
        return real(cmd, *args, **kwargs)

    monkeypatch.setattr(build, "PYC_CACHE", tmp_path / "cache")
    monkeypatch.setattr(build.subprocess, "run", counting)
    sources = {"rituels/__init__.py": b"", "rituels/a/b.py": b"X = 1\n"}
    first = build.pyodide_bytecode(sources)
    again = build.pyodide_bytecode(sources)
    b_pyc = f"rituels/a/__pycache__/b.{pyodide_tag()}.pyc"
    assert len(runs) == 1 and again == first
    assert sorted(first) == [f"rituels/__pycache__/__init__.{pyodide_tag()}.pyc", b_pyc]
    changed = build.pyodide_bytecode({**sources, "rituels/a/b.py": b"X = 2\n"})
    assert len(runs) == 2 and changed[b_pyc] != first[b_pyc]
    assert len(list((tmp_path / "cache").glob("*.zip"))) == 1   # the old entry is dropped


def test_the_worker_starts_without_slow_stdlib_modules(site, tmp_path):
    """From the zip, the worker's start (home screen) imports no game and neither calendar,
    html nor fractions: in Pyodide each of those alone took a tenth of the app's start-up
    (Pyodide's standard library has no bytecode: such a module is compiled each time)."""
    probe = ("import asyncio, json, sys\nfrom rituels.app.main import start\n"
             "asyncio.run(start(json.dumps({'storage': {}, 'lang': 'fr', 'hash': '',"
             " 'base': 'x'}), None, None))\n"
             "print(json.dumps(sorted(sys.modules)))")
    modules = json.loads(run_from_zip(site, tmp_path, probe))
    assert "rituels.app.controller" in modules
    assert not [m for m in modules if m.split(".")[0] in ("calendar", "html", "fractions")]
    assert not [m for m in modules if m.split(".")[1:2] in (["tuchulcha"], ["wongar"],
                                                            ["cthulhu_dice"])]


def test_the_standard_library_has_bytecode_for_what_the_page_imports(site):
    """Pyodide boots with the build's python_stdlib.zip: the modules start-up and play import
    are bytecode of the pinned Pyodide (same magic number as the package's), every other
    module is still its source, and interpreter.mjs pins the zip's integrity."""
    stdlib = site / build.STDLIB_ZIP
    with zipfile.ZipFile(build.PYODIDE_DIR / "python_stdlib.zip") as zf:
        stock = set(zf.namelist())
    with zipfile.ZipFile(stdlib) as zf:
        names = set(zf.namelist())
        compiled = {n for n in names if n.endswith(".pyc")}
        magic = {zf.read(n)[:4] for n in compiled}
        flags = {zf.read(n)[4:8] for n in compiled}
    with zipfile.ZipFile(site / "rituels.zip") as zf:
        package_magic = {zf.read(n)[:4] for n in zf.namelist() if n.endswith(".pyc")}
    assert magic == package_magic and len(magic) == 1
    assert flags == {b"\x01\x00\x00\x00"}   # hash-based, unchecked
    for module in ("encodings/__init__", "json/__init__", "random", "re/_parser", "asyncio/tasks",
                   "fractions", "calendar", "_pyodide/_base", "pyodide/ffi/__init__"):
        assert module + ".pyc" in compiled and module + ".py" not in names, module
    # Not imported by the page: still a source; nothing of the stock zip is lost.
    assert {"email/parser.py", "xml/dom/minidom.py"} <= names
    assert {n[:-1] if n.endswith(".pyc") else n for n in names} == stock
    assert 100 <= len(compiled) <= 250
    assert "runtime/pyodide/python_stdlib.zip" not in precache(site)   # the stock one: not shipped
    code = (site / "interpreter.mjs").read_text(encoding="utf-8")
    assert f'const STDLIB_INTEGRITY = "{build.sri(stdlib)}";' in code
    assert build.STDLIB_ZIP in precache(site)


def test_the_snapshot_key_follows_what_a_snapshot_holds(site, tmp_path):
    """interpreter.mjs boots from a memory snapshot only under its key: the pinned Pyodide's
    BUILD_ID, the standard library, the package and the code that makes and restores it."""
    assert re.fullmatch(r"[0-9a-f]{64}", build.pyodide_build_id())
    template = (build.WEB / "interpreter.mjs").read_text(encoding="utf-8")
    key = build.snapshot_key(site, template)
    code = (site / "interpreter.mjs").read_text(encoding="utf-8")
    assert f'const SNAPSHOT_KEY = "{key}";' in code
    assert {"snapshot.mjs", "interpreter.mjs"} <= set(precache(site))
    copy = tmp_path / "site"
    (copy / build.STDLIB_ZIP).parent.mkdir(parents=True)
    for name in (build.STDLIB_ZIP, "rituels.zip"):
        (copy / name).write_bytes((site / name).read_bytes())
    assert build.snapshot_key(copy, template) == key
    assert build.snapshot_key(copy, template + "\n") != key
    (copy / "rituels.zip").write_bytes((site / "rituels.zip").read_bytes() + b"\0")
    assert build.snapshot_key(copy, template) != key


def test_pyscript_imports_are_read_from_its_core_chunk():
    names = build.pyscript_imports()
    assert {"asyncio", "json", "pathlib"} <= set(names)


def test_pyscript_starts_after_the_parser_has_seen_the_glue_config(site):
    """PyScript's core looks for <script type="mpy" config> once, when it starts: a core
    tag before it (served at once from the service worker's cache) made PyScript take
    MicroPython from its CDN, refused by the CSP, and the page never became ready."""
    html = (site / "index.html").read_text(encoding="utf-8")
    core = html.index('<script type="module" async src="runtime/pyscript/core.js">')
    assert core > html.index('<script type="mpy" src="glue.py" config="glue.toml">')
    assert core > html.index('<script type="py" worker')
    assert html.index('<link rel="modulepreload" href="runtime/pyscript/core.js">') < html.index(
        "</head>")


def test_pyscripts_own_indexeddb_stores_are_guarded_before_it_loads(site):
    """web/pyscript-idb.js keeps PyScript's IDBMap databases in memory: it must run before
    PyScript's core on the page and before Pyodide's boot in the worker, and PyScript must
    still name them "IDBMap/..." (a new PyScript that renames them would bypass it)."""
    html = (site / "index.html").read_text(encoding="utf-8")
    assert (site / "pyscript-idb.js").is_file()
    assert html.index('<script src="pyscript-idb.js">') < html.index(
        '<script type="module" async src="runtime/pyscript/core.js">')
    interpreter = (site / "interpreter.mjs").read_text(encoding="utf-8")
    assert interpreter.index('import "./pyscript-idb.js";') < interpreter.index("pyodide.mjs")
    assert "pyscript-idb.js" in (site / "sw.js").read_text(encoding="utf-8")   # precached
    core = next((build.NODE_MODULES / "@pyscript" / "core" / "dist").glob("core-*.js"))
    shim = (site / "pyscript-idb.js").read_text(encoding="utf-8")
    assert 'prefix:"IDBMap"' in core.read_text(encoding="utf-8")
    assert 'var PREFIX = "IDBMap/";' in shim
