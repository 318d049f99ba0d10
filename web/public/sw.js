/*
 * Service worker: caches the app shell so the app opens fast and survives a flaky network, and is the
 * background worker the page messages with the session (token and user id). API and /dev calls are never
 * cached. On install it precaches every file of the build (asset-manifest.json, written by the build with the
 * version below), so any page opens offline, visited or not. A new version takes over at once; the page reloads
 * once when its controller changes.
 */
const BUILD_VERSION = '__BUILD_VERSION__'; // replaced by the build (web/vite.config.ts); a new deploy, a new worker
// One cache per build: activating a new build deletes the previous build's files.
const CACHE = `app-shell-${BUILD_VERSION}`;
const SHELL = ['/', '/index.html', '/favicon.svg'];

/** The build's file list; an older or missing manifest (dev server) precaches only the shell. */
function buildFiles() {
  return fetch('/asset-manifest.json', { cache: 'no-store' })
    .then((response) => (response.ok ? response.json() : { files: [] }))
    .then((manifest) => (Array.isArray(manifest.files) ? manifest.files.filter((f) => typeof f === 'string' && f.startsWith('/assets/')) : []))
    .catch(() => []);
}
let session = { token: null, userId: null };

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        buildFiles().then((files) =>
          // One by one, not addAll: one missing file must not leave the rest uncached.
          Promise.all([...SHELL, ...files].map((file) => cache.add(new Request(file, { cache: 'reload' })).catch(() => undefined))),
        ),
      )
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'session') session = { token: data.token || null, userId: data.userId || null };
  // The page is closing while its challenges wait for an answer: withdraw them (the page leaves this request to
  // the worker, which outlives it). waitUntil keeps the worker alive until the request is out.
  if (data.type === 'cancel_challenges') {
    const token = data.token || session.token;
    if (token) event.waitUntil(fetch('/api/cancel_challenges', { method: 'POST', headers: { Authorization: token, 'Content-Type': 'application/json' }, body: '{}' }).catch(() => undefined));
  }
});

function isBypassed(url) {
  return url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/dev');
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (isBypassed(url)) return;

  // Pages: network first (always fresh), the cached shell when offline.
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put('/index.html', copy));
          }
          return response;
        })
        .catch(() => caches.match('/index.html').then((cached) => cached || Response.error())),
    );
    return;
  }

  // Hashed build assets never change: cache first.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});

/*
 * Web Push: the server sends {title, body, url, tag} for an incoming challenge. Shown as a notification; a
 * message that is not our JSON still shows something rather than nothing (the browser requires a notification
 * for every push).
 */
function pushMessage(event) {
  const fallback = { title: 'Titled Chess', body: 'You have a new challenge.', url: '/play', tag: 'challenge' };
  if (!event.data) return fallback;
  try {
    const data = event.data.json();
    return {
      title: typeof data.title === 'string' ? data.title : fallback.title,
      body: typeof data.body === 'string' ? data.body : fallback.body,
      url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : fallback.url,
      tag: typeof data.tag === 'string' ? data.tag : fallback.tag,
    };
  } catch {
    return fallback;
  }
}

self.addEventListener('push', (event) => {
  const message = pushMessage(event);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      renotify: true,
      requireInteraction: true,
      icon: '/favicon.svg',
      data: { url: message.url },
    }),
  );
});

/** A click focuses an open tab of the app (moved to the notification's page) or opens one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/play', self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === target.origin);
      if (open) {
        // Move the tab first, then bring it forward (focus can be refused; the tab is right either way).
        const moved = new URL(open.url).pathname === target.pathname ? Promise.resolve(open) : open.navigate(target.href).then((w) => w || open);
        return moved.then((w) => w.focus()).catch(() => undefined);
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
