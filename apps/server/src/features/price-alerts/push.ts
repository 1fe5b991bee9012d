import webpush from 'web-push';
import type { Db } from '@/db/client';
import type { AppDeps } from '@/deps';
import { logFailure } from '@/lib/log-failure';
import { type BoundedQueue, boundedQueue } from './deliveries';
import { pushEndpointAllowed } from './endpoints';
import { keptVapidKeysJson, removeEndpoint, type PushSubscriptionRow } from './repository';

/**
 * Web Push (RFC 8030, with VAPID, RFC 8292) through the `web-push` package: it encrypts the payload for the
 * browser's keys (aes128gcm) and signs the request; the app's outbound client sends it (adapters/outbound). The
 * VAPID pair is the configured one, or one generated the first time any instance needs it and kept in app_settings
 * (as the JWT secret is), so every instance signs with the same.
 */

export type VapidKeys = { publicKey: string; privateKey: string };

const VAPID_SETTING = 'vapid_keys';
/** How long a push service keeps a notification for an offline device: a price alert is stale after a day. */
const PUSH_TTL_SECONDS = 24 * 3600;
/** A push service slower than this (from the lookup to the answer) is given up for this notification. */
const PUSH_TIMEOUT_MS = 5_000;

const keysByApp = new WeakMap<AppDeps, Promise<VapidKeys>>();

/** The app's VAPID keys (configured, or generated once and kept). */
export function vapidKeys(deps: AppDeps): Promise<VapidKeys> {
  const configured = deps.config.vapidKeys;
  if (configured) return Promise.resolve(configured);
  let keys = keysByApp.get(deps);
  if (!keys) {
    keys = keptKeys(deps.database.db);
    keys.catch(() => keysByApp.delete(deps));
    keysByApp.set(deps, keys);
  }
  return keys;
}

async function keptKeys(db: Db): Promise<VapidKeys> {
  const fresh = webpush.generateVAPIDKeys();
  // the first instance's pair wins; the others read it
  const kept = await keptVapidKeysJson(db, VAPID_SETTING, JSON.stringify(fresh));
  if (!kept) throw new Error('price-alerts: the VAPID keys are missing');
  const parsed = JSON.parse(kept) as VapidKeys;
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/** Who the push services may contact: the site when it is https, else the sender's address (VAPID needs one). */
function vapidSubject(deps: AppDeps): string {
  if (deps.config.publicUrl.startsWith('https://')) return deps.config.publicUrl;
  const address = deps.config.mailFrom.match(/<([^>]+)>/)?.[1] ?? deps.config.mailFrom;
  return `mailto:${address.trim()}`;
}

export type PushMessage = { title: string; body: string; url: string };

/** Notifications one instance sends at once: each holds its lane at most PUSH_TIMEOUT_MS. */
const PUSH_DELIVERIES_AT_ONCE = 8;
/** Notifications waiting for a lane; beyond it one is dropped and logged (the e-mail is the alert's record). */
const PUSH_DELIVERIES_WAITING_MAX = 1000;

const queues = new WeakMap<AppDeps, BoundedQueue>();
function deliveriesOf(deps: AppDeps): BoundedQueue {
  let queue = queues.get(deps);
  if (!queue) {
    queue = boundedQueue(PUSH_DELIVERIES_AT_ONCE, PUSH_DELIVERIES_WAITING_MAX, (err) => logFailure('push', err));
    queues.set(deps, queue);
  }
  return queue;
}

/** Resolves when every notification queued so far has been sent or given up (tests; the app closing). */
export const pushDeliveriesIdle = (deps: AppDeps): Promise<void> => queues.get(deps)?.idle() ?? Promise.resolve();

/**
 * Queues one notification to each of a customer's browsers and returns at once: the app's notifications go out side
 * by side, PUSH_DELIVERIES_AT_ONCE at a time, each through the outbound client with its own deadline, so a push
 * service that never answers delays no other alert. A failure goes to `onError`; the subscription is kept.
 */
export function queuePush(
  deps: AppDeps,
  subscriptions: PushSubscriptionRow[],
  message: PushMessage,
  onError: (err: unknown) => void,
): void {
  const payload = JSON.stringify(message);
  const queue = deliveriesOf(deps);
  for (const s of subscriptions) {
    if (!queue.add(() => deliver(deps, s, payload).catch(onError))) {
      onError(new Error('price alerts: too many push notifications waiting; one was dropped'));
    }
  }
}

/**
 * One notification: web-push encrypts and signs it (generateRequestDetails), the outbound client sends it. A
 * subscription that does not point at a push service (kept before the rule, or the setting changed) is deleted
 * unsent; one the push service says is gone (404 or 410) is deleted; any other answer (a redirect too) is a failure.
 */
async function deliver(deps: AppDeps, s: PushSubscriptionRow, payload: string): Promise<void> {
  if (!pushEndpointAllowed(s.endpoint, deps.config.pushAnyHost)) {
    await removeEndpoint(deps.database.db, s.id);
    throw new Error(`price alerts: subscription ${s.id} does not point at a push service; deleted unsent`);
  }
  const keys = await vapidKeys(deps);
  const request = webpush.generateRequestDetails(
    { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
    payload,
    { TTL: PUSH_TTL_SECONDS, vapidDetails: { subject: vapidSubject(deps), ...keys } },
  );
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
  const answer = await deps.adapters.outbound.send(request.endpoint, {
    method: 'POST',
    headers,
    body: request.body,
    timeoutMs: PUSH_TIMEOUT_MS,
  });
  if (answer.status === 404 || answer.status === 410) return removeEndpoint(deps.database.db, s.id);
  if (answer.status < 200 || answer.status > 299) throw new Error(`push service answered ${answer.status}`);
}
