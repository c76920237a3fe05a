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
  var HEAD = "rituels.head";      // which entries start-up gives whole (boot, below)
  var STAGED = "rituels.staged";  // a chosen file's text, from the page to the worker
  // A save an older tab wrote to localStorage while the database holds another text of it:
  // kept here (rituels.held.<id>.<stamp>) until the worker merges it (rituels/app/legacy.py).
  var HELD = "rituels.held.";
  // The saves' storage format: 1 was localStorage, 2 is this database. A newer version that
  // changes it writes a higher mark; this build then writes nothing (commit answers `newer`)
  // and the app asks for a reload. Never lowered.
  var FORMAT = 2, FORMAT_KEY = "rituels.meta.format";
  var REBUILD_AFTER_MS = 3000;    // a head record found wanting is written anew after that
  // What a value that is not text reads as (another page stored an object under our key): a
  // text the app judges unreadable, so the save is « abîmée », never « introuvable ».
  var NOT_TEXT = "\u0000rituels: the stored value is not text";
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
        tx.onabort = function () { resolve(out.conflict || out.newer ? out : null); };
      });
    });
  }

  // Start-up: the head of "Mes parties" and the ids of the records (never a record). The
  // worker gets the entries the home screen can show (the `newest` most recently played and
  // the `unfinished` newest unfinished, ties included) and only the keys of the others
  // (`rest`, read in small batches once the page is ready): what start-up parses does not
  // grow with the number of saves. Which entries form the head is kept in a small record
  // (HEAD) that every commit updates in its own transaction: start-up reads it and the head's
  // entries, checks that each still is what the record says, and only when the record is
  // missing, for other counts or out of date (written around by an older version) reads
  // every entry as before, then writes the record anew once idle. Texts this cannot read go
  // in the head (the app judges them).
  function boot(wantJson) {
    var want = JSON.parse(wantJson || "{}");
    var newest = want.newest || 0, unfinished = want.unfinished || 0, scanned = false;
    return transaction("readonly", function (store, out) {
      // The requests of one transaction succeed in the order they were made.
      var keys = store.getAllKeys(range(ENTRY)), saves = store.getAllKeys(range(SAVE));
      var held = store.getAllKeys(range(HELD));
      var head = store.get(HEAD);
      saves.onsuccess = function () { out.saves = saves.result.filter(isText); };
      held.onsuccess = function () { out.held = held.result.filter(isText); };
      head.onsuccess = function () {
        var kept = headRecord(head.result, newest, unfinished);
        if (!kept) {
          scan();
          return;
        }
        var entries = {}, stale = false;
        readEach(store, Object.keys(kept.items), function (key, text) {
          var now = text === null ? null : describe(key, text), was = kept.items[key];
          if (now && now.stamp === was[0] && now.open === was[1]) { entries[key] = text; }
          else { stale = true; }
        }, function () {
          if (stale) {
            scan();
            return;
          }
          out.entries = entries;
          out.rest = keys.result.filter(function (k) { return isText(k) && !(k in entries); });
        });
      };
      function scan() {
        scanned = true;
        var values = store.getAll(range(ENTRY));
        values.onsuccess = function () {
          var items = describeAll(keys.result, values.result);
          var chosen = choose(items, newest, unfinished);
          out.entries = {};
          out.rest = [];
          items.forEach(function (d) {
            if (chosen[d.key]) { out.entries[d.key] = d.text; } else { out.rest.push(d.key); }
          });
        };
      }
    }).then(function (out) {
      if (out && scanned && (newest || unfinished)) {
        later(function () { rebuild(newest, unfinished); });
      }
      return JSON.stringify(out ? {ok: true, entries: out.entries || {}, rest: out.rest || [],
                                   saves: out.saves || [], held: out.held || [],
                                   read: scanned ? "all" : "head"}
                                : {ok: false, entries: {}, rest: [], saves: []});
    });
  }

  var PLAIN_STAMP = /^[\x21-\x7e]{0,40}$/;   // what the app's cleaning keeps as it is

  // What the head needs of an entry: its text, its `updated` stamp (null when this cannot
  // read it: such entries always go in the head) and whether its game is unfinished.
  function describe(key, text) {
    var entry = null;
    try { entry = JSON.parse(text); } catch (err) { entry = null; }
    var stamp = entry && typeof entry === "object" ? entry.updated : null;
    if (stamp === undefined) { stamp = ""; }
    var plain = typeof stamp === "string" && PLAIN_STAMP.test(stamp);
    return {key: key, text: text, stamp: plain ? stamp : null,
            open: plain ? entry.finished !== true : true};
  }

  function describeAll(keys, values) {
    var items = [];
    for (var i = 0; i < keys.length; i++) {
      if (typeof keys[i] === "string" && typeof values[i] === "string") {
        items.push(describe(keys[i], values[i]));
      }
    }
    return items;
  }

  function newestFirst(items) {
    return items.filter(function (d) { return d.stamp !== null; }).sort(function (a, b) {
      return a.stamp < b.stamp ? 1 : a.stamp > b.stamp ? -1 : 0;
    });
  }

  function isOpen(d) { return d.open; }

  // The keys of the head among `items` ({key: true}). Without a `newest` nor an
  // `unfinished` count, everything is the head.
  function choose(items, newest, unfinished) {
    var chosen = {}, dated = newestFirst(items);
    if (!newest && !unfinished) { newest = dated.length; }
    var cut = cutOf(dated, newest), openCut = cutOf(dated.filter(isOpen), unfinished);
    items.forEach(function (d) {
      if (d.stamp === null || d.stamp >= cut || (d.open && d.stamp >= openCut)) {
        chosen[d.key] = true;
      }
    });
    return chosen;
  }

  // The stamp of the n-th newest (all with that stamp are taken: the app's sort may order
  // ties otherwise); nothing is above "\uffff".
  function cutOf(sorted, n) {
    return n > 0 && sorted.length ? sorted[Math.min(n, sorted.length) - 1].stamp : "\uffff";
  }

  // The head record: the chosen items ({key: [stamp, open]}), whether they are every entry
  // (`whole`) and every unfinished one (`wholeOpen`), for the counts it was made for.
  function makeHead(items, chosen, newest, unfinished, whole, wholeOpen) {
    var kept = {}, all = true, allOpen = true;
    items.forEach(function (d) {
      if (chosen[d.key]) { kept[d.key] = [d.stamp, d.open]; }
      else { all = false; if (d.open) { allOpen = false; } }
    });
    whole = whole && all;
    return {v: 1, newest: newest, unfinished: unfinished, items: kept, whole: whole,
            wholeOpen: whole || (wholeOpen && allOpen)};
  }

  // A stored head record, if it is one, for these counts (null: any); null otherwise.
  function headRecord(value, newest, unfinished) {
    var head = null;
    try { head = typeof value === "string" ? JSON.parse(value) : null; } catch (err) { head = null; }
    if (!head || typeof head !== "object" || head.v !== 1
        || (newest === null ? typeof head.newest !== "number" : head.newest !== newest)
        || (unfinished === null ? typeof head.unfinished !== "number"
                                : head.unfinished !== unfinished)
        || typeof head.whole !== "boolean"
        || typeof head.wholeOpen !== "boolean" || !head.items
        || typeof head.items !== "object" || Array.isArray(head.items)) {
      return null;
    }
    for (var key in head.items) {
      var d = head.items[key];
      if (key.indexOf(ENTRY) !== 0 || !Array.isArray(d) || d.length !== 2
          || (d[0] !== null && typeof d[0] !== "string") || typeof d[1] !== "boolean") {
        return null;
      }
    }
    return head;
  }

  // The head after `writes` ([[key, expected, value or null, unchecked], ...]), from the head
  // before them alone; null when the entries outside it may now belong in it (a head entry
  // deleted, finished or dated back while others were left out): then read them all.
  function headAfter(head, writes) {
    var before = Object.keys(head.items).map(function (key) {
      return {key: key, stamp: head.items[key][0], open: head.items[key][1]};
    });
    var now = {};
    before.forEach(function (d) { now[d.key] = d; });
    writes.forEach(function (w) {
      if (w[0].indexOf(ENTRY) !== 0) { return; }
      delete now[w[0]];
      if (w[2] !== null) { now[w[0]] = describe(w[0], w[2]); }
    });
    var items = Object.keys(now).map(function (key) { return now[key]; });
    if (!head.whole && !enough(before, items, head.newest, function () { return true; })) {
      return null;
    }
    if (!head.wholeOpen && !enough(before, items, head.unfinished, isOpen)) { return null; }
    return makeHead(items, choose(items, head.newest, head.unfinished), head.newest,
                    head.unfinished, head.whole, head.wholeOpen);
  }

  // Whether `items` still hold `n` that pass `which` at or above the old head's n-th stamp:
  // then nothing left out (all below that stamp) can enter the first n.
  function enough(before, items, n, which) {
    if (!n) { return true; }
    var cut = cutOf(newestFirst(before).filter(which), n);
    return items.filter(function (d) {
      return d.stamp !== null && which(d) && d.stamp >= cut;
    }).length >= n;
  }

  // The head record after a commit's writes, in its transaction (they are already made:
  // the reads below see them). No record: start-up will write one.
  function keepHead(store, head, writes) {
    if (!head) { return; }
    var next = headAfter(head, writes);
    if (next) {
      store.put(JSON.stringify(next), HEAD);
      return;
    }
    writeHead(store, head.newest, head.unfinished);
  }

  // Reads every entry and writes the head record they make.
  function writeHead(store, newest, unfinished) {
    var keys = store.getAllKeys(range(ENTRY)), values = store.getAll(range(ENTRY));
    values.onsuccess = function () {
      var items = describeAll(keys.result, values.result);
      store.put(JSON.stringify(makeHead(items, choose(items, newest, unfinished), newest,
                                        unfinished, true, true)), HEAD);
    };
  }

  // Writes the head record from every entry (start-up found none it could trust).
  function rebuild(newest, unfinished) {
    return transaction("readwrite", function (store) { writeHead(store, newest, unfinished); });
  }

  // Once the start-up's work is over (a worker has no requestIdleCallback).
  function later(work) {
    if (typeof scope.setTimeout === "function") { scope.setTimeout(work, REBUILD_AFTER_MS); }
  }

  function isText(key) { return typeof key === "string"; }

  // Reads each key in `store`, then calls `then(key, its text or null)` (NOT_TEXT for a value
  // that is not text); `done()` (if given) once the last has been read, in the same
  // transaction.
  function readEach(store, keys, then, done) {
    var left = keys.length;
    if (!left && done) { done(); }
    keys.forEach(function (key) {
      var req = store.get(key);
      req.onsuccess = function () {
        var value = req.result;
        then(key, typeof value === "string" ? value : value === undefined ? null : NOT_TEXT);
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
        var entries = writes.some(function (w) { return w[0].indexOf(ENTRY) === 0; });
        var head = entries ? store.get(HEAD) : null;
        var mark = store.get(FORMAT_KEY);   // answered before the reads below
        out.values = {};
        writes.forEach(function (w) { expected[w[0]] = w[1]; unchecked[w[0]] = w[3]; });
        readEach(store, writes.map(function (w) { return w[0]; }), function (key, now) {
          out.values[key] = now;
          if (!unchecked[key] && now !== expected[key]) { out.conflict = true; }
        }, function () {
          // (no writes: done at once, before the mark's answer; nothing to refuse then)
          var found = mark.readyState === "done" ? newer(mark.result) : 0;
          if (found) {
            out.newer = found;
            tx.abort();
            return;
          }
          if (out.conflict) {
            tx.abort();
            return;
          }
          // A put can throw at once (a value the browser refuses, a transaction the
          // browser ended): the whole commit fails, said to the app, never an uncaught error.
          try {
            writes.forEach(function (w) {
              if (w[2] === null) { store.delete(w[0]); } else { store.put(w[2], w[0]); }
            });
            if (head) { keepHead(store, headRecord(head.result, null, null), writes); }
          } catch (err) {
            try { tx.abort(); } catch (ignored) { /* already ended: onabort/onerror said it */ }
          }
        });
      });
    }).then(function (out) {
      if (!out) { return JSON.stringify({failed: true}); }
      if (out.newer) { return JSON.stringify({newer: out.newer}); }
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

  // The stored format mark if a newer version wrote it (else 0).
  function newer(value) {
    var n = typeof value === "string" && /^[0-9]{1,6}$/.test(value) ? parseInt(value, 10) : 0;
    return n > FORMAT ? n : 0;
  }

  function stamp() {   // orders held copies in time; [a-z0-9] only
    return Date.now().toString(36) + Math.floor(Math.random() * 1679616).toString(36);
  }

  // The page's side, at start and whenever an older tab writes a save to localStorage (the
  // glue's `storage` event): saves still in localStorage are copied into the database, read
  // back and compared, and only then removed from localStorage (each only if it still holds
  // what was copied: an older tab may have written again meanwhile). A save the database
  // lacks is copied as it is; one it holds with another text is held (HELD) for the worker
  // to merge, never dropped here; the same text is only removed. Entries of the old index
  // fill only the gaps (the database's are rebuilt from the records anyway). Writes the
  // format mark; a newer one stops it all (`newer`). Under a Web Lock: one tab at a time.
  // Resolves {moved, copied: keys, held: keys, failed, waiting, newer}; failed leaves
  // localStorage as it was.
  function migrate() {
    return locked(["rituels.migrate"], move).then(function (text) {
      return text || JSON.stringify({moved: 0, copied: [], held: [], failed: true, waiting: 0});
    });
  }

  function move() {
    var ls = null, old = {};
    try {
      ls = scope.localStorage;
      for (var i = 0; i < ls.length; i++) {
        var key = ls.key(i);
        if (key === LEGACY_INDEX || key.indexOf(SAVE) === 0) { old[key] = ls.getItem(key); }
      }
    } catch (err) {
      ls = null;
      old = {};
    }
    var keys = Object.keys(old);
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
    var saves = names.filter(function (k) { return k.indexOf(SAVE) === 0; });
    return transaction("readwrite", function (store, out) {
      out.written = {};
      out.held = [];
      var mark = store.get(FORMAT_KEY);
      mark.onsuccess = function () {
        if (newer(mark.result)) {   // a newer version owns the saves: its business
          out.newer = newer(mark.result);
          return;
        }
        if (mark.result !== String(FORMAT)) { store.put(String(FORMAT), FORMAT_KEY); }
        if (!names.length) { return; }
        store.delete(HEAD);   // its entries arrive around it: the next start-up writes it anew
        readEach(store, names, function (key, text) {
          if (text === null) {
            store.put(wanted[key], key);
            out.written[key] = wanted[key];
          } else if (text !== wanted[key] && key.indexOf(SAVE) === 0) {
            var held = HELD + key.slice(SAVE.length) + "." + stamp();
            store.put(wanted[key], held);
            out.written[held] = wanted[key];
            out.held.push(held);
          }
        });
      };
    }).then(function (written) {
      if (!written || written.newer || !names.length) { return written; }
      return transaction("readonly", function (store, out) {
        out.ok = true;
        readEach(store, Object.keys(written.written), function (key, text) {
          if (text !== written.written[key]) { out.ok = false; }
        });
      }).then(function (verified) { return verified && verified.ok ? written : null; });
    }).then(function (done) {
      if (done && done.newer) {
        return JSON.stringify({moved: 0, copied: [], held: [], failed: false, newer: done.newer});
      }
      if (!done) {
        // `waiting`: the saves left where they were (My games says so rather than "none").
        return JSON.stringify({moved: 0, copied: [], held: [], failed: saves.length > 0,
                               waiting: saves.length});
      }
      try {
        keys.forEach(function (key) {
          if (ls.getItem(key) === old[key]) { ls.removeItem(key); }
        });
      } catch (err) { /* copies verified: a key left behind is moved again, then dropped */ }
      var copied = Object.keys(done.written).filter(function (k) {
        return k.indexOf(HELD) !== 0;
      });
      var moved = copied.filter(function (k) { return k.indexOf(SAVE) === 0; }).length;
      return JSON.stringify({moved: moved, copied: copied, held: done.held, failed: false});
    });
  }

  // The page's side: a chosen file's text put in the database for the worker to `take` (a
  // backup of thousands of games must not cross MicroPython's small heap). Resolves "ok" or
  // "failed" (then the glue reads the file itself).
  function stage(file) {
    return file.text().then(function (text) {
      return transaction("readwrite", function (store) { store.put(text, STAGED); });
    }).then(function (out) { return out ? "ok" : "failed"; },
            function () { return "failed"; });
  }

  // The worker's side: a staged text, deleted in the same transaction (JSON: text or null).
  function take(keyJson) {
    var key = JSON.parse(keyJson);
    return transaction("readwrite", function (store, out) {
      out.text = null;
      readEach(store, [key], function (k, text) { out.text = text; });
      store.delete(key);
    }).then(function (out) { return JSON.stringify(out ? out.text : null); });
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

  scope.rituelsStore = {format: FORMAT, boot: boot, load: load, commit: commit, space: space,
                        migrate: migrate, prefs: prefs, hash: hash,
                        persist: persist, rebuild: rebuild, stage: stage, take: take};
})(typeof self !== "undefined" ? self : this);
