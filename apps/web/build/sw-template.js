/* Toolshed service worker. Built by build/service-worker.ts, which fills in VERSION and PRECACHE. */
/* global self, caches */
const VERSION = '__VERSION__';
const PRECACHE = ['__PRECACHE__'];
const SHELL = `toolshed-shell-${VERSION}`;
const MEDIA = 'toolshed-media-v1';
const MEDIA_LIMIT = 150;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith('toolshed-shell-') && key !== SHELL).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

/** The app's own pages; the API, media and the development mailbox are not pages. */
function isAppPage(url) {
  return !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/media/') && !url.pathname.startsWith('/dev/');
}

/**
 * The stored shell is index.html as built, fetched from its own address: never a browse page's HTML,
 * whose embedded data and photo preloads belong to the page it was first served for.
 */
const SHELL_PAGE = '/index.html';

/** Stores the network's copy of the shell (revalidated, so usually a 304) for the next visit. */
async function refreshShell(cache) {
  try {
    const response = await fetch(SHELL_PAGE, { cache: 'no-cache' });
    const html = (response.headers.get('content-type') ?? '').includes('text/html');
    // A redirected response cannot answer a page load, so it is not stored.
    if (response.ok && html && !response.redirected) await cache.put(SHELL_PAGE, response);
  } catch {
    // Offline: the stored copy stays.
  }
}

/** The stored shell at once, refreshed in the background; the page from the network until one is stored. */
async function appShell(event) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(SHELL_PAGE);
  event.waitUntil(refreshShell(cache));
  if (cached) return cached;
  return fetch(event.request).catch(() => Response.error());
}

async function cacheFirst(request, cacheName, limit) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    if (limit) {
      const keys = await cache.keys();
      if (keys.length > limit) await Promise.all(keys.slice(0, keys.length - limit).map((key) => cache.delete(key)));
    }
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The API is never answered from a cache: offline, the app falls back to its Mock Data catalogue.
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate' && isAppPage(url)) {
    event.respondWith(appShell(event));
    return;
  }
  // Hashed assets never change under one name; photos are stored under keys never reused.
  if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(cacheFirst(request, SHELL));
    return;
  }
  if (url.pathname.startsWith('/media/')) event.respondWith(cacheFirst(request, MEDIA, MEDIA_LIMIT));
});
