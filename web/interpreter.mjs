// The worker's interpreter, as pyscript.toml names it: the pinned Pyodide, booted with the
// site's own standard library (python_stdlib.zip with bytecode for what start-up and play
// import, compiled by the build with this very Pyodide: rituels/tools/compile_stdlib.mjs).
// PyScript passes Pyodide only a few options, so this module adds the rest and re-exports
// what PyScript reads of Pyodide's module (loadPyodide, version).
//
// It also boots from a memory snapshot made on this device (issue 26): once a first visit is
// ready and idle, boot.js starts snapshot.mjs, a worker of its own that boots Pyodide with
// `_makeSnapshot`, imports what worker.py imports (no game, no saves: it has no database and
// runs no app code but imports) and keeps the interpreter's memory in Cache Storage. Later
// visits restore it instead of booting Python. Anything wrong with it (missing, another build,
// corrupted, a restore that fails, hangs or never reached ready) boots as before and drops it.
// First: PyScript's own IndexedDB stores (its packages' cache, opened while Pyodide boots) in
// memory, so a refused or missing IndexedDB cannot stop the boot (pyscript-idb.js says why).
import "./pyscript-idb.js";
import { loadPyodide as loadPinned, version } from "./runtime/pyodide/pyodide.mjs";

export { version };

const STDLIB = new URL("./runtime/stdlib/python_stdlib.zip", import.meta.url).href;
// Filled in by `python3 -m rituels build` (the zip's SHA-384): a changed or truncated file
// fails its fetch instead of booting a different standard library.
const STDLIB_INTEGRITY = "__STDLIB_INTEGRITY__";
// Filled in by the build: a hash of what a snapshot holds (this Pyodide's BUILD_ID, the
// standard library, the package zip, this file), so a snapshot of another build is never
// even read. Pyodide checks its BUILD_ID again when it restores one.
const SNAPSHOT_KEY = "__SNAPSHOT_KEY__";
// Cache Storage names and keys: never fetched, only looked up. The service worker deletes
// every "rituels-" cache but its own when a new build activates, this one included.
export const SNAPSHOT_CACHE = "rituels-snapshot";
const SNAPSHOT_DIR = new URL("./snapshot/", import.meta.url).href;
const SNAPSHOT = SNAPSHOT_DIR + SNAPSHOT_KEY;
// Put before a restore, deleted by boot.js once the page is ready: still there at the next
// visit, it says that restore never became ready, and the snapshot goes.
export const TRIAL = SNAPSHOT_DIR + "trial";
// How the last boot went ({mode, ms, reason}), for the tests and the benchmark.
export const LAST_BOOT = SNAPSHOT_DIR + "last-boot";
const DIGEST_HEADER = "x-rituels-sha256";
// A restore is a few hundred ms to a few s; one that has not finished by then is given up
// (checked at each of its asynchronous steps) and Python boots as without a snapshot.
const RESTORE_LIMIT_MS = 15000;
// What worker.py imports, imported into the snapshot (run in /home/pyodide, where PyScript
// writes rituels.zip at every boot: the restored zipimporter reads the same file again).
const SNAPSHOT_IMPORTS = `
import gc, json, os, sys
sys.path.insert(0, os.path.abspath("rituels.zip"))
import pyodide.code, pyodide.ffi
import rituels.app.main
`;
// What a restore must not share with other visits: every restore starts from the same memory,
// so the random module's generator would roll the same dice. Seeded again from os.urandom
// (crypto.getRandomValues). The app's own generators are made after start (os.urandom).
const RESEED = "import random\nrandom.seed()\n";

async function bootPinned(options) {
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

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

function withinLimit(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function note(cache, mode, started, reason) {
  const ms = Math.round(performance.now() - started);
  try {
    await cache.put(LAST_BOOT, new Response(JSON.stringify({ mode, ms, reason })));
  } catch (err) { /* storage full: only the note is lost */ }
}

// The snapshot's bytes if one of this build is kept and sound, else null (and it is dropped).
async function soundSnapshot(cache) {
  const hit = await cache.match(SNAPSHOT);
  if (!hit) {
    return [null, "none"];
  }
  if (await cache.match(TRIAL)) {
    return [null, "the last restore never became ready"];
  }
  const bytes = new Uint8Array(await hit.arrayBuffer());
  if (await sha256(bytes) !== hit.headers.get(DIGEST_HEADER)) {
    return [null, "corrupted"];
  }
  return [bytes, ""];
}

async function dropSnapshots(cache) {
  for (const request of await cache.keys()) {
    if (request.url !== LAST_BOOT) {
      await cache.delete(request);
    }
  }
}

export async function loadPyodide(options) {
  const started = performance.now();
  let cache = null;
  try {
    cache = globalThis.caches ? await caches.open(SNAPSHOT_CACHE) : null;
  } catch (err) { /* no Cache Storage here (private mode, some engines): plain boot */ }
  if (cache === null) {
    return bootPinned(options);
  }
  let reason = "none";
  try {
    const [bytes, why] = await withinLimit(soundSnapshot(cache), RESTORE_LIMIT_MS, "reading");
    reason = why;
    if (bytes !== null) {
      await cache.put(TRIAL, new Response(""));
      const pyodide = await withinLimit(
        bootPinned({ ...options, _loadSnapshot: bytes }), RESTORE_LIMIT_MS, "the restore");
      pyodide.runPython(RESEED);
      await note(cache, "snapshot", started, "");
      return pyodide;
    }
  } catch (err) {
    reason = String(err && err.message || err).split("\n")[0];
  }
  if (reason !== "none") {
    console.warn("Rituels: booting without the memory snapshot:", reason);
  }
  try {
    await dropSnapshots(cache);
  } catch (err) { /* nothing kept to drop */ }
  const pyodide = await bootPinned(options);
  await note(cache, reason === "none" ? "boot" : "fallback", started, reason);
  return pyodide;
}

// Run by snapshot.mjs, in a worker of its own: boots a second Pyodide for the snapshot, so
// the app's interpreter (which holds JS proxies, a snapshot cannot) is never touched.
// Returns what it did: "kept" (one is there already), "made".
export async function makeSnapshot() {
  const cache = await caches.open(SNAPSHOT_CACHE);
  if (await cache.match(SNAPSHOT)) {
    return "kept";
  }
  const pyodide = await bootPinned({ _makeSnapshot: true });
  const zip = await fetch(new URL("./rituels.zip", import.meta.url).href);
  if (!zip.ok) {
    throw new Error(`rituels.zip: HTTP ${zip.status}`);
  }
  pyodide.FS.writeFile("/home/pyodide/rituels.zip", new Uint8Array(await zip.arrayBuffer()));
  pyodide.runPython(SNAPSHOT_IMPORTS);
  const bytes = pyodide.makeMemorySnapshot();
  const digest = await sha256(bytes);
  await dropSnapshots(cache);
  // A full storage rejects here: no snapshot, the next visit boots as this one did.
  await cache.put(SNAPSHOT, new Response(bytes, { headers: {
    [DIGEST_HEADER]: digest, "content-type": "application/octet-stream" } }));
  return "made";
}
