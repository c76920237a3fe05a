// Rituels' service worker: the whole app, runtime included, works offline after one visit.
// `python3 -m rituels build` fills in VERSION (a hash of every shipped byte) and PRECACHE
// (every file the app needs); a new build therefore installs a new cache and drops the old one.
"use strict";

const VERSION = "__VERSION__";
const PRECACHE = "__PRECACHE__";
const CACHE_PREFIX = "rituels-";
const CACHE = CACHE_PREFIX + VERSION;
const SCOPE = new URL("./", self.location).href;
// Files fetched at run time but not precached (PyScript chunks the app never loads) are kept
// after their first fetch if they live here.
const RUNTIME = SCOPE + "runtime/";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server, so an HTTP-cached file of an older build never
    // ends up in this build's cache.
    await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(CACHE_PREFIX) && name !== CACHE) {
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
