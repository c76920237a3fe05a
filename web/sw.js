// Rituels' service worker: the whole app, runtime included, works offline after one visit.
// `python3 -m rituels build` fills in VERSION (a hash of every shipped byte) and PRECACHE
// (every file the app needs); a new build therefore installs a new cache and drops the old one.
"use strict";

const VERSION = "__VERSION__";
const PRECACHE = "__PRECACHE__";
const CACHE_PREFIX = "rituels-";
const CACHE = CACHE_PREFIX + VERSION;
const SNAPSHOT_CACHE = CACHE_PREFIX + "snapshot";   // interpreter.mjs's (the memory snapshot)
const SCOPE = new URL("./", self.location).href;
// Files fetched at run time but not precached (PyScript chunks the app never loads) are kept
// after their first fetch if they live here.
const RUNTIME = SCOPE + "runtime/";

// Static routes (Chromium 123+): once this version is active, the page's files come straight
// from its cache without running this worker's code for each request (a start-up fetches some
// thirty files, many one after the other: PyScript's chunks, configs, scripts). A file missing
// from the cache goes to the network, as below. Pages (navigations) still go through the
// fetch handler, which maps every route to "./".
function addStaticRoutes(event) {
  if (typeof event.addRoutes !== "function") {
    return Promise.resolve(); // other browsers: the fetch handler does the same
  }
  const scope = new URL(SCOPE);
  const literal = (text) => text.replace(/[\\:*?+(){}]/g, "\\$&"); // URLPattern syntax
  const warn = (err) => {
    console.warn("Rituels: no static routes, the fetch handler serves everything:", err);
  };
  try {
    return event.addRoutes([
      { condition: { requestMode: "navigate" }, source: "fetch-event" },
      {
        condition: {
          urlPattern: {
            protocol: literal(scope.protocol.slice(0, -1)), hostname: literal(scope.hostname),
            port: literal(scope.port), pathname: literal(scope.pathname) + "*",
          },
          requestMethod: "GET",
        },
        source: { cacheName: CACHE },
      },
    ]).catch(warn);
  } catch (err) {
    warn(err);
    return Promise.resolve();
  }
}

self.addEventListener("install", (event) => {
  const routed = addStaticRoutes(event);
  event.waitUntil((async () => {
    await routed;
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server, so an HTTP-cached file of an older build never
    // ends up in this build's cache.
    await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // An older build's caches go, its memory snapshot with them (interpreter.mjs would never
    // read it: another key). On a first install there is no older build: the snapshot cache
    // then already holds this visit's boot note, and soon its snapshot, which must stay.
    const names = (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX));
    const older = names.some((name) => name !== CACHE && name !== SNAPSHOT_CACHE);
    for (const name of names) {
      if (name !== CACHE && (name !== SNAPSHOT_CACHE || older)) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

function isAppPage(url) {
  return url.href === SCOPE || url.href === SCOPE + "index.html";
}

async function cacheFirst(request) {
  const url = new URL(request.url);
  url.hash = "";
  url.search = "";
  const cache = await caches.open(CACHE);
  // Routes live in the hash, so every navigation to the app is the one page "./".
  const key = request.mode === "navigate" && isAppPage(url) ? SCOPE : url.href;
  const hit = await cache.match(key);
  if (hit) {
    return hit;
  }
  const response = await fetch(request);
  if (response.ok && url.href.startsWith(RUNTIME)) {
    await cache.put(key, response.clone());
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) {
    return; // other origins and methods: the browser's default
  }
  event.respondWith(cacheFirst(request));
});
