// PyScript's own IndexedDB stores, kept in memory (issue 41). PyScript (@pyscript/core 0.7)
// opens IndexedDB through its IDBMap (@webreflection/idb-map, databases named "IDBMap/..."):
// on the page as soon as its core loads ("IDBMap/@pyscript.fs", for pyscript.fs's mount(),
// which the app never calls), and in the worker while Pyodide boots ("IDBMap/<runtime>@<version>",
// its cache of packages' lock files: the app installs no package), whose failure stops the boot.
// Where IndexedDB is missing, refused or failing, they throw uncaught errors ("Cannot read
// properties of undefined (reading 'open')"; IDBMap's onerror dispatches the event it is
// handling again: "InvalidStateError ... already being dispatched") or stop Pyodide. So those
// names open a small in-memory database of the shape IDBMap uses instead: nothing of PyScript's
// is kept on the device, and the app's saves (store.js) meet IndexedDB as it is. Loaded before
// PyScript: by index.html on the page, by interpreter.mjs (an import) in the worker.
(function () {
  "use strict";
  var PREFIX = "IDBMap/";
  var scope = globalThis;
  var maps = new Map();   // database name -> its one store's keys and values

  // A request that succeeds with `value` once its caller has set its handlers.
  function request(value) {
    var req = { result: undefined, error: null, readyState: "pending" };
    Promise.resolve().then(function () {
      req.result = value;
      req.readyState = "done";
      if (typeof req.onsuccess === "function") {
        req.onsuccess({ type: "success", target: req });
      }
    });
    return req;
  }

  function database(name) {
    if (!maps.has(name)) {
      maps.set(name, new Map());
    }
    var map = maps.get(name);
    var store = {
      count: function () { return request(map.size); },
      clear: function () { map.clear(); return request(undefined); },
      "delete": function (key) { map.delete(key); return request(undefined); },
      get: function (key) { return request(map.get(key)); },
      getKey: function (key) { return request(map.has(key) ? key : undefined); },
      getAllKeys: function () { return request(Array.from(map.keys()).sort()); },
      put: function (value, key) { map.set(key, value); return request(key); }
    };
    return {
      name: name,
      version: 1,
      objectStoreNames: { length: 1, contains: function () { return true; } },
      createObjectStore: function () { return store; },
      transaction: function () { return { objectStore: function () { return store; } }; },
      close: function () {}
    };
  }

  var factory = null;
  try {
    factory = scope.indexedDB || null;
  } catch (err) {
    factory = null;   // some sandboxes throw on the very read
  }
  var open = factory && typeof factory.open === "function" ? factory.open : null;
  function guarded(name) {
    if (typeof name === "string" && name.indexOf(PREFIX) === 0) {
      return request(database(name));
    }
    if (!open) {
      throw new DOMException("IndexedDB is not available", "InvalidStateError");
    }
    return open.apply(factory, arguments);
  }
  try {
    if (factory) {
      Object.defineProperty(factory, "open", { value: guarded, configurable: true,
                                               writable: true });
    } else {
      // No IndexedDB at all: PyScript reads the global; the app's store.js meets an open()
      // that throws, as it would without one, and plays on without saving.
      Object.defineProperty(scope, "indexedDB", { value: { open: guarded }, configurable: true,
                                                  writable: true });
    }
  } catch (err) {
    // left as it is: PyScript meets the browser's own
  }
})();
