// Saved games in IndexedDB, the browser's database: one object store of text values under the
// keys the app has always used ("rituels.save.<id>" a game's record, "rituels.entry.<id>" its
// line of "Mes parties"). Loaded by the page (classic script: the one-time move of the old
// localStorage saves) and by the app's Web Worker (dynamic import from worker.py: start-up,
// reads, and each event's writes). Every function resolves, never rejects: MicroPython (the
// page's glue) cannot catch a JavaScript exception, and the app must play on whatever the
// browser refuses. Values cross to Python as JSON text (one string, not a proxy per key).
(function (scope) {
  "use strict";
  var DB = "rituels", STORE = "kv", PREFIX = "rituels.";
  var SAVE = "rituels.save.", ENTRY = "rituels.entry.", LEGACY_INDEX = "rituels.saves";
  var opening = null;

  function open() {
    if (!opening) {
      opening = new Promise(function (resolve) {
        var req;
        try {
          req = scope.indexedDB.open(DB, 1);
        } catch (err) {
          resolve(null);
          return;
        }
        req.onupgradeneeded = function () { req.result.createObjectStore(STORE); };
        req.onsuccess = function () {
          var db = req.result;
          // A newer version of the app in another tab wants the database: let it.
          db.onversionchange = function () { db.close(); opening = null; };
          resolve(db);
        };
        req.onerror = function () { resolve(null); };
        req.onblocked = function () { resolve(null); };
      });
    }
    return opening;
  }

  function range(prefix) {
    return IDBKeyRange.bound(prefix, prefix + "\uffff");
  }

  // Resolves with what `work(store, out)` put into `out` once the transaction has committed,
  // or null when anything failed (no database, quota, a closed connection).
  function transaction(mode, work) {
    return open().then(function (db) {
      if (!db) { return null; }
      return new Promise(function (resolve) {
        var out = {}, tx;
        try {
          tx = db.transaction(STORE, mode);
          work(tx.objectStore(STORE), out, tx);
        } catch (err) {
          resolve(null);
          return;
        }
        tx.oncomplete = function () { resolve(out); };
        tx.onerror = function (event) { event.preventDefault(); };
        tx.onabort = function () { resolve(out.conflict ? out : null); };
      });
    });
  }

  // Start-up: the head of "Mes parties" and the ids of the records (never a record). The
  // worker gets the entries the home screen can show (the `newest` most recently played and
  // the `unfinished` newest unfinished, ties included) and only the keys of the others
  // (`rest`, read in small batches once the page is ready): what start-up parses in Python
  // does not grow with the number of saves. Texts this cannot read go in the head (the app
  // judges them).
  function boot(wantJson) {
    var want = JSON.parse(wantJson || "{}");
    return transaction("readonly", function (store, out) {
      var keys = store.getAllKeys(range(ENTRY)), values = store.getAll(range(ENTRY));
      var saves = store.getAllKeys(range(SAVE));
      values.onsuccess = function () {
        var head = headOf(keys.result, values.result, want.newest || 0, want.unfinished || 0);
        out.entries = head.entries;
        out.rest = head.rest;
      };
      saves.onsuccess = function () { out.saves = saves.result.filter(isText); };
    }).then(function (out) {
      return JSON.stringify(out ? {ok: true, entries: out.entries || {}, rest: out.rest || [],
                                   saves: out.saves || []}
                                : {ok: false, entries: {}, rest: [], saves: []});
    });
  }

  var PLAIN_STAMP = /^[\x21-\x7e]{0,40}$/;   // what the app's cleaning keeps as it is

  // Splits the entries into the head (key -> text) and the rest (keys). Without a `newest`
  // nor an `unfinished` count, everything is the head.
  function headOf(keys, values, newest, unfinished) {
    var dated = [], entries = {}, rest = [];
    for (var i = 0; i < keys.length; i++) {
      if (typeof keys[i] !== "string" || typeof values[i] !== "string") { continue; }
      var entry = null;
      try { entry = JSON.parse(values[i]); } catch (err) { entry = null; }
      var stamp = entry && typeof entry === "object" ? entry.updated : null;
      if (stamp === undefined) { stamp = ""; }
      if (typeof stamp === "string" && PLAIN_STAMP.test(stamp)) {
        dated.push({key: keys[i], text: values[i], stamp: stamp,
                    open: entry.finished !== true});
      } else {
        entries[keys[i]] = values[i];
      }
    }
    if (!newest && !unfinished) { newest = dated.length; }
    dated.sort(function (a, b) { return a.stamp < b.stamp ? 1 : a.stamp > b.stamp ? -1 : 0; });
    var open = dated.filter(function (d) { return d.open; });
    var cut = cutOf(dated, newest), openCut = cutOf(open, unfinished);
    dated.forEach(function (d) {
      if (d.stamp >= cut || (d.open && d.stamp >= openCut)) { entries[d.key] = d.text; }
      else { rest.push(d.key); }
    });
    return {entries: entries, rest: rest};
  }

  // The stamp of the n-th newest (all with that stamp are taken: the app's sort may order
  // ties otherwise); nothing is above "\uffff".
  function cutOf(sorted, n) {
    return n > 0 && sorted.length ? sorted[Math.min(n, sorted.length) - 1].stamp : "\uffff";
  }

  function isText(key) { return typeof key === "string"; }

  // Reads each key in `store`, then calls `then(key, its text or null)`; `done()` (if given)
  // once the last has been read, in the same transaction.
  function readEach(store, keys, then, done) {
    var left = keys.length;
    keys.forEach(function (key) {
      var req = store.get(key);
      req.onsuccess = function () {
        then(key, typeof req.result === "string" ? req.result : null);
        if (--left === 0 && done) { done(); }
      };
    });
  }

  // Some keys' values ({key: value or null}), or null when the database cannot be read.
  function load(keysJson) {
    var keys = JSON.parse(keysJson);
    return transaction("readonly", function (store, out) {
      out.values = {};
      readEach(store, keys, function (key, text) { out.values[key] = text; });
    }).then(function (out) { return JSON.stringify(out ? out.values : null); });
  }

  // One event's writes [[key, expected, value or null, unchecked], ...] in one transaction,
  // all or none: each key's stored value must still be the expected one (compare-and-swap;
  // otherwise another tab wrote), unless the app never read that key (unchecked). Under a Web Lock per game written, so two tabs never interleave the
  // writes of one game. Resolves {ok}, {conflict, values: the stored ones} or {failed}.
  function commit(writesJson) {
    var writes = JSON.parse(writesJson);
    var games = {};
    writes.forEach(function (w) {
      var m = /^rituels\.(?:save|entry)\.(.+)$/.exec(w[0]);
      if (m) { games[m[1]] = true; }
    });
    var names = Object.keys(games).sort().map(function (id) { return "rituels.game." + id; });
    return locked(names, function () {
      return transaction("readwrite", function (store, out, tx) {
        var expected = {}, unchecked = {};
        out.values = {};
        writes.forEach(function (w) { expected[w[0]] = w[1]; unchecked[w[0]] = w[3]; });
        readEach(store, writes.map(function (w) { return w[0]; }), function (key, now) {
          out.values[key] = now;
          if (!unchecked[key] && now !== expected[key]) { out.conflict = true; }
        }, function () {
          if (out.conflict) {
            tx.abort();
            return;
          }
          writes.forEach(function (w) {
            if (w[2] === null) { store.delete(w[0]); } else { store.put(w[2], w[0]); }
          });
        });
      });
    }).then(function (out) {
      if (!out) { return JSON.stringify({failed: true}); }
      if (out.conflict) { return JSON.stringify({conflict: true, values: out.values}); }
      return JSON.stringify({ok: true});
    });
  }

  // Nested Web Locks, in a fixed order (no two tabs wait for each other); without the API
  // (old browsers) the transaction's compare-and-swap alone keeps one writer.
  function locked(names, work) {
    var locks = scope.navigator && scope.navigator.locks;
    if (!locks || !names.length) { return work(); }
    return locks.request(names[0], function () {
      return locked(names.slice(1), work);
    }).catch(function () { return null; });
  }

  // Space used by the origin (bytes) and whether the browser keeps it (persistent storage).
  function space() {
    var storage = scope.navigator && scope.navigator.storage;
    if (!storage || !storage.estimate) { return Promise.resolve("null"); }
    var persist = storage.persisted ? storage.persisted().catch(function () { return false; })
                                    : Promise.resolve(false);
    return Promise.all([storage.estimate(), persist]).then(function (r) {
      return JSON.stringify({used: r[0].usage || 0, persisted: !!r[1]});
    }).catch(function () { return "null"; });
  }

  // The page's side, once per start: saves still in localStorage (before IndexedDB) are
  // copied into the database, read back and compared, and only then removed. A key the
  // database already holds is kept (it was written by the app since). Resolves
  // {moved, failed}; failed leaves localStorage as it was.
  function migrate() {
    var ls, old = {};
    try {
      ls = scope.localStorage;
      for (var i = 0; i < ls.length; i++) {
        var key = ls.key(i);
        if (key === LEGACY_INDEX || key.indexOf(SAVE) === 0) { old[key] = ls.getItem(key); }
      }
    } catch (err) {
      return Promise.resolve(JSON.stringify({moved: 0, failed: false}));
    }
    var keys = Object.keys(old);
    if (!keys.length) { return Promise.resolve(JSON.stringify({moved: 0, failed: false})); }
    var wanted = {};   // what the database must hold afterwards
    keys.forEach(function (key) { if (key !== LEGACY_INDEX) { wanted[key] = old[key]; } });
    var index = null;
    try { index = JSON.parse(old[LEGACY_INDEX] || "{}"); } catch (err) { index = null; }
    if (index && typeof index === "object" && !Array.isArray(index)) {
      Object.keys(index).forEach(function (id) {
        var entry = index[id];
        if (entry && typeof entry === "object" && /^[A-Za-z0-9_-]{1,40}$/.test(id)
            && (SAVE + id) in old) {
          wanted[ENTRY + id] = JSON.stringify(entry);
        }
      });
    }
    var names = Object.keys(wanted);
    return transaction("readwrite", function (store, out) {
      out.kept = {};
      readEach(store, names, function (key, text) {
        if (text !== null) { out.kept[key] = text; } else { store.put(wanted[key], key); }
      });
    }).then(function (written) {
      if (!written) { return null; }
      return transaction("readonly", function (store, out) {
        out.ok = true;
        readEach(store, names, function (key, text) {
          if (text !== (key in written.kept ? written.kept[key] : wanted[key])) {
            out.ok = false;
          }
        });
      });
    }).then(function (verified) {
      if (!verified || !verified.ok) { return JSON.stringify({moved: 0, failed: true}); }
      try {
        keys.forEach(function (key) { ls.removeItem(key); });
      } catch (err) { /* copies verified: a key left behind is copied again, then kept */ }
      return JSON.stringify({moved: keys.length - (LEGACY_INDEX in old ? 1 : 0),
                             failed: false});
    });
  }

  // The page's small preferences in localStorage ("rituels.*" but no saves), as JSON, or null
  // when the browser refuses localStorage.
  function prefs() {
    try {
      var ls = scope.localStorage, out = {};
      for (var i = 0; i < ls.length; i++) {
        var key = ls.key(i);
        if (key.indexOf(PREFIX) === 0 && key !== LEGACY_INDEX && key.indexOf(SAVE) !== 0) {
          out[key] = ls.getItem(key);
        }
      }
      return JSON.stringify(out);
    } catch (err) {
      return null;
    }
  }

  // The page's side (persist() is not offered to workers): once the player has a saved game,
  // ask that the browser keep the site's storage under pressure. Resolves, never rejects.
  function persist() {
    var storage = scope.navigator && scope.navigator.storage;
    if (!storage || !storage.persist) { return Promise.resolve(false); }
    return storage.persisted().then(function (yes) { return yes || storage.persist(); })
      .catch(function () { return false; });
  }

  // The page's address fragment cut to `limit` characters: a fragment of megabytes (no game
  // link is that long) must not reach MicroPython's heap whole; the app refuses the cut one
  // like any other damaged link.
  function hash(limit) {
    var text = scope.location.hash || "";
    return text.length > limit ? text.slice(0, limit) : text;
  }

  scope.rituelsStore = {boot: boot, load: load, commit: commit, space: space,
                        migrate: migrate, prefs: prefs, hash: hash,
                        persist: persist};
})(typeof self !== "undefined" ? self : this);
