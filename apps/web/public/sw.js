// Prata's service worker (docs/price-alerts.md): it makes the app installable and shows the price alerts' push
// notifications. It caches nothing: every request, the API's above all, goes to the network as if it were not here.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// A fetch handler that does not answer leaves the request to the browser; browsers that ask for one before
// offering to install the app find it.
self.addEventListener('fetch', () => {});

self.addEventListener('push', (event) => {
  let message = { title: 'Prata', body: '', url: '/' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // a message that is not our JSON: shown with the default title
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'pt-BR',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if (w.url === url && 'focus' in w) return w.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
