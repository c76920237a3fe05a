// Runs in <head>, before the first paint and long before Python is ready:
// 1. applies the player's language (class lang-fr / -en / -it / -de on <html>), so the first
//    paint shows the right language at once: the remembered one, else the first of the
//    browser's preferred languages that the app speaks, else French;
// 2. registers the service worker once the app is live (data-ready on <html>), so its precache
//    downloads do not compete with Pyodide's own start-up downloads;
// 3. reloads the page when a new version of the app takes over from the one that served it;
// 4. answers a tap on the pre-painted home before Python is ready: a disabled link keeps its
//    route in data-href, and the tap puts that route in the URL hash (marked busy meanwhile);
//    the app opens the hash it finds when it starts, so the tap is answered once it is live;
// 5. gives the glue (glue.py) localStorage calls that never throw: MicroPython cannot catch an
//    exception thrown by JavaScript, and a blocked storage or a full quota does throw;
// 6. once the app is live, stops PyScript's watch over the whole document (see below);
// 7. once the app is live, clears the memory snapshot's trial mark (the restore, if any, became
//    ready) and, when the page is idle, starts snapshot.mjs, which makes one if none is kept
//    (interpreter.mjs); <html data-boot> says how this visit booted, data-snapshot what
//    snapshot.mjs did.
// External file (no inline script) because the page's Content-Security-Policy forbids inline code.
(function () {
  "use strict";
  var LANG_KEY = "rituels.lang"; // the app stores the player's language under this key
  var LANGS = ["fr", "en", "it", "de"];
  var root = document.documentElement;

  // PyScript watches the whole document (a MutationObserver of every added node and every
  // attribute) for <script type="py"> elements and py-* event attributes added after start,
  // and searches each added subtree for them (an XPath query). The app adds neither: its two
  // scripts are in this page, and the glue listens by delegation. Yet every morph paid for
  // that search: 25 ms of the 56 ms task that draws the end of a Wongar game. The document-wide
  // watchers made while PyScript starts are noted here, and disconnected once the app is live.
  var pyscriptWatchers = [];
  var Observer = window.MutationObserver;
  var observe = Observer && Observer.prototype.observe;
  if (observe) {
    Observer.prototype.observe = function (target, options) {
      if (target === document && options && options.subtree && options.childList
          && options.attributes && !options.attributeFilter) {
        pyscriptWatchers.push(this);
      }
      return observe.call(this, target, options);
    };
  }
  function stopWatchingTheDocument() {
    Observer.prototype.observe = observe;
    pyscriptWatchers.forEach(function (watcher) { watcher.disconnect(); });
    pyscriptWatchers = [];
  }

  // The browser's preferred languages, most wanted first ("de-AT,en-US,en"): the glue sends
  // them to the app's pick_lang(), which chooses as below.
  window.rituelsLanguages = function () {
    var list = navigator.languages && navigator.languages.length
      ? Array.prototype.slice.call(navigator.languages) : [navigator.language || ""];
    return list.join(",");
  };

  // Same choice as the app's pick_lang(): the stored language, else the browser's.
  var lang = null;
  try {
    lang = window.localStorage.getItem(LANG_KEY);
  } catch (err) {
    // Storage blocked (private mode, file://): fall back to the browser's language.
  }
  if (LANGS.indexOf(lang) < 0) {
    lang = "fr";
    var wanted = window.rituelsLanguages().split(",");
    for (var i = 0; i < wanted.length; i++) {
      var primary = wanted[i].trim().split(/[-_]/)[0].toLowerCase();
      if (LANGS.indexOf(primary) >= 0) {
        lang = primary;
        break;
      }
    }
  }
  root.lang = lang;
  LANGS.forEach(function (l) { root.classList.toggle("lang-" + l, l === lang); });

  // The optional "your turn" tone (a player setting): a short soft note. Here, not in the
  // MicroPython glue, because a refused AudioContext throws and MicroPython cannot catch that.
  var audio = null;
  window.rituelsChime = function () {
    try {
      audio = audio || new AudioContext();
      var tone = audio.createOscillator(), gain = audio.createGain(), now = audio.currentTime;
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.12, now);
      gain.gain.exponentialRampToValueAtTime(0.001, now + 0.35);
      tone.connect(gain);
      gain.connect(audio.destination);
      tone.start();
      tone.stop(now + 0.35);
    } catch (err) {
      // no Web Audio, or blocked: the cue is optional
    }
  };

  // Copies text to the clipboard. Never throws (no clipboard API in an insecure context or an
  // old browser); resolves to "copied" or "failed".
  window.rituelsCopy = function (text) {
    try {
      return navigator.clipboard.writeText(text).then(
        function () { return "copied"; }, function () { return "failed"; });
    } catch (err) {
      return Promise.resolve("failed");
    }
  };

  // Sends a game's link to a player elsewhere: the share sheet where the browser has one
  // (phones), else the clipboard. Never throws (the MicroPython glue cannot catch); resolves
  // to "shared", "copied", "cancelled" (the person closed the sheet) or "failed".
  window.rituelsShare = function (url, title, text) {
    function copy() {
      return window.rituelsCopy(url);
    }
    try {
      var data = { title: title, text: text, url: url };
      if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
        return navigator.share(data).then(function () { return "shared"; }, function (err) {
          return err && err.name === "AbortError" ? "cancelled" : copy();
        });
      }
    } catch (err) {
      // a share sheet that throws at once: the clipboard will do
    }
    return copy();
  };

  // A field's text as MicroPython can take it: a lone UTF-16 surrogate has no UTF-8 form, so it
  // would be mangled on the way to the worker; it becomes U+FFFF (a noncharacter), which the
  // app's name check refuses with its message, as it would the surrogate itself.
  window.rituelsText = function (text) {
    return String(text).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      function (match, before) { return (before || "") + "\uFFFF"; });
  };

  // Idiomorph's options for the glue's renders (glue.py). In JavaScript: Idiomorph calls them
  // for every node and attribute it updates (hundreds on a Wongar table), and each call into
  // MicroPython would cost more than a JavaScript one. A <details> the person opened or closed
  // stays so: the markup does not know.
  window.rituelsMorphOptions = {
    morphStyle: "innerHTML",
    callbacks: {
      // A subtree whose new markup equals what is on the page is left as it is: the browser
      // compares it natively (isEqualNode), far faster than Idiomorph's walk through it
      // (most of a Wongar map does not change from one move to the next).
      // A placeholder of a part the page already shows (rituels/app/parts.py) keeps the
      // page's element of the same id as it is.
      beforeNodeMorphed: function (oldNode, newNode) {
        if (newNode.nodeType === 1 && newNode.hasAttribute("data-kept")) {
          return oldNode.id !== newNode.id;
        }
        return !oldNode.isEqualNode(newNode);
      },
      beforeAttributeUpdated: function (name, el) {
        return !(name === "open" && el.tagName === "DETAILS");
      }
    }
  };

  window.rituelsStorage = {
    // (The preferences are read whole by store.js's prefs(), which leaves the saves out.)
    // [true, value or null], or [false] when reading failed.
    read: function (key) {
      try {
        return [true, window.localStorage.getItem(key)];
      } catch (err) {
        return [false];
      }
    },
    // Sets the key (null: removes it); false when the browser refused (quota, blocked).
    write: function (key, value) {
      try {
        if (value === null) {
          window.localStorage.removeItem(key);
        } else {
          window.localStorage.setItem(key, value);
        }
        return true;
      } catch (err) {
        return false;
      }
    }
  };

  document.addEventListener("click", function (event) {
    if (root.hasAttribute("data-ready") || !event.target.closest) {
      return;
    }
    var link = event.target.closest("#app a[data-href]");
    if (!link) {
      return;
    }
    event.preventDefault();
    var busy = document.querySelectorAll("#app [aria-busy]");
    for (var i = 0; i < busy.length; i++) {
      busy[i].removeAttribute("aria-busy");
    }
    link.setAttribute("aria-busy", "true");
    window.location.hash = link.getAttribute("data-href");
  });

  function registerWorker() {
    navigator.serviceWorker.register("sw.js").catch(function (err) {
      console.warn("Rituels: no offline mode (service worker not registered):", err);
    });
  }

  // A page served by an older version's worker reloads once the new version's worker has
  // taken over, so a player (or a developer after a rebuild) never keeps running stale code.
  // Games are saved and the route is in the URL hash, so the reload lands on the same screen.
  if ("serviceWorker" in navigator && navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      window.location.reload();
    });
  }

  // The memory snapshot (interpreter.mjs keeps it in this cache, under these keys).
  var SNAPSHOT_CACHE = "rituels-snapshot";
  var SNAPSHOT_IDLE_MS = 3000; // after ready: the first taps and renders go first
  function makeSnapshotWhenIdle() {
    if (!window.caches || !window.Worker || !window.isSecureContext) {
      return;
    }
    var idleMs = SNAPSHOT_IDLE_MS;
    try {
      // A preference the e2e suite sets: its hundred short visits would each boot a second
      // Pyodide to make a snapshot nobody restores ("off"; e2e/test_snapshot.py leaves it
      // on), and the visits that wait for one skip the 3 s pause ("soon"; nobody taps there).
      var pref = window.localStorage.getItem("rituels.snapshot");
      if (pref === "off") {
        return;
      }
      if (pref === "soon") {
        idleMs = 0;
      }
    } catch (err) {
      // no localStorage: make it as usual
    }
    var trial = new URL("snapshot/trial", document.baseURI).href;
    function make() {
      var worker;
      try {
        worker = new Worker("snapshot.mjs", { type: "module" });
      } catch (err) {
        root.setAttribute("data-snapshot", "failed: " + err);
        return;
      }
      root.setAttribute("data-snapshot", "making");
      worker.onmessage = function (event) {
        root.setAttribute("data-snapshot", String(event.data));
        worker.terminate();
      };
      worker.onerror = function (event) {
        root.setAttribute("data-snapshot", "failed: " + (event.message || "worker error"));
        worker.terminate();
      };
    }
    var lastBoot = new URL("snapshot/last-boot", document.baseURI).href;
    caches.open(SNAPSHOT_CACHE).then(function (cache) {
      return cache.delete(trial).then(function () {
        return cache.match(lastBoot);
      }).then(function (hit) {
        return hit && hit.json();
      }).then(function (last) {
        if (last) {
          root.setAttribute("data-boot", last.mode); // snapshot, boot or fallback
        }
      });
    }).catch(function () {}).then(function () {
      setTimeout(function () {
        if (window.requestIdleCallback) {
          window.requestIdleCallback(make, { timeout: 10000 });
        } else {
          make();
        }
      }, idleMs);
    });
  }

  function live() {
    if (observe) {
      stopWatchingTheDocument();
    }
    if ("serviceWorker" in navigator && window.isSecureContext) {
      registerWorker();
    }
    makeSnapshotWhenIdle();
  }
  if (root.hasAttribute("data-ready")) {
    live();
  } else {
    var ready = new MutationObserver(function () {
      if (root.hasAttribute("data-ready")) {
        ready.disconnect();
        live();
      }
    });
    ready.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  }
})();
