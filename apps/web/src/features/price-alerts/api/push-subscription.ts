import type { MessageResponse, PushPublicKeyResponse, PushSubscriptionInput } from '@prata/domain';
import { api, apiFetch } from '@/lib/api';
import { pushRegistration } from '@/lib/service-worker';

/**
 * Web Push on this browser: the server's VAPID key (GET /api/push/public-key), the browser's subscription
 * (PushManager.subscribe, after the person allows notifications) saved with POST /api/push/subscriptions, and removed
 * with DELETE. Where the browser has no service worker or Push API, `pushSupported()` is false and the page says so.
 */

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The base64url key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's current subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await pushRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Asks for permission, subscribes and tells the server. Answers false when the person did not allow it. */
export async function enablePush(): Promise<boolean> {
  if (!pushSupported()) return false;
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const registration = await pushRegistration();
  if (!registration) return false;
  const { public_key } = await api.get<PushPublicKeyResponse>('/push/public-key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }));
  const json = subscription.toJSON();
  const body: PushSubscriptionInput = {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
  await api.post<MessageResponse>('/push/subscriptions', body);
  return true;
}

/** Unsubscribes this browser and tells the server. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiFetch<MessageResponse>('/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
  });
  await subscription.unsubscribe();
}
