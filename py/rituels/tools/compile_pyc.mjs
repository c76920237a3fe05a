// `node compile_pyc.mjs <pyodide dir> <source dir>`: compiles every .py under <source dir> to
// bytecode with the pinned Pyodide itself (so the .pyc files carry its exact Python version),
// written beside the sources in __pycache__/ as unchecked hash-based .pyc: the browser's Pyodide
// then imports the package without compiling it at start-up. Tracebacks name the files
// "rituels/...", relative to the worker's working directory where the zip is unpacked.
// Run by rituels.tools.build; prints the cache tag (e.g. "cpython-314") on success.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, sourceDir] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
pyodide.FS.mkdir("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: sourceDir }, "/src");
const tag = pyodide.runPython(`
import compileall, py_compile, sys
ok = compileall.compile_dir("/src", ddir="", quiet=1, workers=1,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("compileall failed")
sys.implementation.cache_tag
`);
process.stdout.write(tag + "\n");
