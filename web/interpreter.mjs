// The worker's interpreter, as pyscript.toml names it: the pinned Pyodide, booted with the
// site's own standard library (python_stdlib.zip with bytecode for what start-up and play
// import, compiled by the build with this very Pyodide: rituels/tools/compile_stdlib.mjs).
// PyScript passes Pyodide only a few options, so this module adds the rest and re-exports
// what PyScript reads of Pyodide's module (loadPyodide, version).
import { loadPyodide as loadPinned, version } from "./runtime/pyodide/pyodide.mjs";

export { version };

const STDLIB = new URL("./runtime/stdlib/python_stdlib.zip", import.meta.url).href;
// Filled in by `python3 -m rituels build` (the zip's SHA-384): a changed or truncated file
// fails its fetch instead of booting a different standard library.
const STDLIB_INTEGRITY = "__STDLIB_INTEGRITY__";

export async function loadPyodide(options) {
  // Pyodide fetches its standard library with no integrity option: the one fetch of it gets
  // ours, for the time of the boot only.
  const plainFetch = globalThis.fetch;
  globalThis.fetch = function (input, init) {
    const url = input instanceof Request ? input.url : String(input);
    return url === STDLIB
      ? plainFetch.call(this, input, { ...init, integrity: STDLIB_INTEGRITY })
      : plainFetch.call(this, input, init);
  };
  try {
    return await loadPinned({
      ...options,
      indexURL: new URL("./runtime/pyodide/", import.meta.url).href,
      stdLibURL: STDLIB,
    });
  } finally {
    globalThis.fetch = plainFetch;
  }
}
