/*
 * The judge tablet's offline shell (scope /judges/ only): the page and its files are kept in a cache so a
 * reload without Wi-Fi still opens the mark entry screen; marks themselves live in IndexedDB.
 * The API is never cached: marks must reach the server, not a cache.
 */
const CACHE = 'promenade-judge-shell-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The page tells us which files it loaded (hashed assets, lazy chunks) so they are kept for offline use.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-shell' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        data.urls
          .filter(
            (u) => typeof u === 'string' && new URL(u, self.location.href).origin === self.location.origin,
          )
          .filter((u) => !new URL(u, self.location.href).pathname.startsWith('/api/'))
          .map((u) => cache.add(u).catch(() => undefined)),
      ),
    ),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (req.mode === 'navigate') {
    // Fresh page when online; the kept page when not.
    event.respondWith(
      fetch(req)
        .then((res) => {
          if (res.ok) {
            const copy = res.clone();
            caches.open(CACHE).then((cache) => cache.put('/judges/shell', copy));
          }
          return res;
        })
        .catch(() =>
          caches
            .match('/judges/shell')
            .then((hit) => hit || caches.match(req))
            .then((hit) => hit || Response.error()),
        ),
    );
    return;
  }
  // Hashed assets never change: the kept copy first, else the network (and keep it).
  event.respondWith(
    caches.match(req).then(
      (hit) =>
        hit ||
        fetch(req).then((res) => {
          if (res.ok && url.pathname.startsWith('/assets/')) {
            const copy = res.clone();
            caches.open(CACHE).then((cache) => cache.put(req, copy));
          }
          return res;
        }),
    ),
  );
});
