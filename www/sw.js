// judgepad's service worker: the app shell, the wasm (the bundled maps are
// inside it) and the icons are cached at install, so the page loads and
// works offline after the first visit. The page registers this file with
// `?v=<build>` (the hash Trunk puts in the file names): a new deployment is
// a new worker, which caches the new files and, once the page agrees,
// deletes the old caches. Works under any sub-path (everything is relative
// to the worker's own scope).
const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const CACHE = `judgepad-${VERSION}`;

// The files of this build, read from its index.html (names are hashed).
async function shell() {
  const index = new URL('./', self.registration.scope).href;
  const response = await fetch(index, { cache: 'no-store' });
  const html = await response.clone().text();
  const files = new Set([index, new URL('index.html', index).href]);
  // Attributes quoted or not (Trunk minifies the page).
  for (const match of html.matchAll(/(?:href|src)=(?:"([^"]+)"|'([^']+)'|([^\s>'"]+))/g)) {
    const url = new URL(match[1] || match[2] || match[3], index);
    if (url.origin === self.location.origin) files.add(url.href);
  }
  // Every wasm is named in the page (the first part as rel=preload, the
  // later parts as rel=judgepad-later): none is guessed from a script's name
  // (that asked the server for three files that do not exist).
  for (const name of ['manifest.webmanifest', 'icon.svg', 'icon-192.png', 'icon-512.png']) {
    files.add(new URL(name, index).href);
  }
  return { files: [...files], index, response };
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const { files, index, response } = await shell();
    await cache.put(index, response.clone());
    await cache.put(new URL('index.html', index).href, response);
    // A file whose name carries the build's hash never changes: the copy
    // the page has just loaded (the HTTP cache) is the one, so the first
    // visit downloads nothing twice. The rest is revalidated (a server
    // with validators, as Pages, answers 304 without the body).
    const page = new URL('index.html', index).href;
    await Promise.all(files.filter((f) => f !== index && f !== page).map(async (file) => {
      const hashed = /-[0-9a-f]{16}(_bg)?(\.[a-z]+)+$/.test(new URL(file).pathname);
      const got = await fetch(file, { cache: hashed ? 'force-cache' : 'no-cache' });
      if (got.ok) await cache.put(file, got);
    }));
  })());
});

self.addEventListener('message', (event) => {
  if (event.data === 'update') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('judgepad-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// Pages: the network first (a new deployment shows at once), the cache
// when offline. Everything else: the cache first (hashed names never
// change), then the network.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith((async () => {
      try {
        return await fetch(request);
      } catch (err) {
        const cache = await caches.open(CACHE);
        return (await cache.match(new URL('./', self.registration.scope).href)) || Response.error();
      }
    })());
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});
