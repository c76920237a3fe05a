// `node compile_stdlib.mjs <pyodide dir> <rituels.zip> <out dir> <stdlib_trace.py> <imports json>`:
// boots the pinned Pyodide, runs stdlib_trace.py (the page's start-up and play) and writes the
// bytecode of every standard-library module it imported, compiled by this Pyodide itself, as
// <out dir>/<path in the stdlib zip>c (e.g. json/__init__.pyc), unchecked hash-based, with the
// file names Pyodide gives them (/lib/python3NN.zip/...). Prints the traced module names.
// Run by rituels.tools.build (python_stdlib.zip of the site).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, packageZip, outDir, tracePy, imports] = process.argv.slice(2);
const { loadPyodide } = await import(
  pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
pyodide.FS.mkdirTree("/trace/out");
pyodide.FS.writeFile("/trace/rituels.zip", fs.readFileSync(packageZip));
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(outDir) }, "/trace/out");
pyodide.globals.set("TRACE_SOURCE", fs.readFileSync(tracePy, "utf8"));
pyodide.globals.set("PYSCRIPT_IMPORTS", imports);
const names = pyodide.runPython(`
import importlib._bootstrap_external as bx, importlib.util, json, os, sys, zipfile
scope = {"__name__": "stdlib_trace"}
exec(compile(TRACE_SOURCE, "stdlib_trace.py", "exec"), scope)
names = scope["trace"]("/trace/rituels.zip", json.loads(PYSCRIPT_IMPORTS))
stdlib = scope["STDLIB_ZIP"]
with zipfile.ZipFile(stdlib) as zf:
    members = set(zf.namelist())
    for name in names:
        origin = sys.modules[name].__spec__.origin
        member = origin[len(stdlib) + 1:]
        if member not in members or not member.endswith(".py"):
            continue
        source = zf.read(member)
        code = compile(source, origin, "exec", dont_inherit=True)
        data = bx._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
        dest = "/trace/out/" + member + "c"
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "wb") as f:
            f.write(data)
json.dumps(names)
`);
process.stdout.write(names + "\n");
