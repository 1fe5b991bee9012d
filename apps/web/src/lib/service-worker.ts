/**
 * The service worker (public/sw.js: installable app, push notifications; it caches nothing). Registered by the
 * signed-in frame (app/shell/logged-in-layout.tsx, a chunk loaded on demand) once the page has loaded, so no first
 * load (/login, /comprar-prata: their budgets) carries it; the price alerts' page registers it too if it is missing.
 * Development (Vite's server) registers it as well: push can be tried locally on http://localhost.
 */

const SW_URL = '/sw.js';

async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  try {
    return await navigator.serviceWorker.register(SW_URL, { scope: '/' });
  } catch {
    // a browser that refuses (private mode, an insecure origin) keeps the app as it is; push is then unavailable
    return null;
  }
}

/** Registers the worker once the document has loaded (at once when it already has). */
export function registerAfterLoad(): void {
  if (document.readyState === 'complete') void registerServiceWorker();
  else addEventListener('load', () => void registerServiceWorker(), { once: true });
}

/** The registration push subscribes on: the one registered, or registered now. */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = (await navigator.serviceWorker.getRegistration('/')) ?? (await registerServiceWorker());
  if (!registration) return null;
  await navigator.serviceWorker.ready;
  return registration;
}
