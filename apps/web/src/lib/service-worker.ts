/**
 * The service worker (public/sw.js: installable app, push notifications; it caches nothing). Registered after the
 * page's first load, from main.tsx through a dynamic import, so neither the first load nor its budget carries it.
 * Development (Vite's server) registers it too: push can be tried locally on http://localhost.
 */

const SW_URL = '/sw.js';

export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  try {
    return await navigator.serviceWorker.register(SW_URL, { scope: '/' });
  } catch {
    // a browser that refuses (private mode, an insecure origin) keeps the app as it is; push is then unavailable
    return null;
  }
}

/** The registration push subscribes on: the one registered, or registered now. */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = (await navigator.serviceWorker.getRegistration('/')) ?? (await registerServiceWorker());
  if (!registration) return null;
  await navigator.serviceWorker.ready;
  return registration;
}
