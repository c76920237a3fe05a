// A worker of its own that makes the memory snapshot later visits boot from (interpreter.mjs,
// issue 26). boot.js starts it once a visit is ready and idle; it answers one message, what it
// did ("made", "kept") or "failed: ...", and boot.js ends it.
import { makeSnapshot } from "./interpreter.mjs";

makeSnapshot().then(
  (done) => postMessage(done),
  (err) => postMessage("failed: " + String(err && err.message || err).split("\n")[0]),
);
