import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import type { AppDeps } from '../../deps';
import { removeEndpoint, type PushSubscriptionRow } from './repository';

/**
 * Web Push (RFC 8030, with VAPID, RFC 8292) through the `web-push` package: it encrypts the payload for the
 * browser's keys (aes128gcm) and signs the request. The VAPID pair is the configured one, or one generated the first
 * time any instance needs it and kept in app_settings (as the JWT secret is), so every instance signs with the same.
 */

export type VapidKeys = { publicKey: string; privateKey: string };

const VAPID_SETTING = 'vapid_keys';
/** How long a push service keeps a notification for an offline device: a price alert is stale after a day. */
const PUSH_TTL_SECONDS = 24 * 3600;
/** A push service slower than this is given up for this notification (the e-mail still goes). */
const PUSH_TIMEOUT_MS = 10_000;

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
  await db.execute(
    sql`insert into app_settings (key, value) values (${VAPID_SETTING}, ${JSON.stringify(fresh)})
        on conflict (key) do nothing`,
  );
  const [kept] = await rows<{ value: string }>(db, sql`select value from app_settings where key = ${VAPID_SETTING}`);
  if (!kept) throw new Error('price-alerts: the VAPID keys are missing');
  const parsed = JSON.parse(kept.value) as VapidKeys;
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/** Who the push services may contact: the site when it is https, else the sender's address (VAPID needs one). */
function vapidSubject(deps: AppDeps): string {
  if (deps.config.publicUrl.startsWith('https://')) return deps.config.publicUrl;
  const address = deps.config.mailFrom.match(/<([^>]+)>/)?.[1] ?? deps.config.mailFrom;
  return `mailto:${address.trim()}`;
}

export type PushMessage = { title: string; body: string; url: string };

/**
 * Sends one notification to each of a customer's browsers. web-push encrypts and signs the request
 * (generateRequestDetails); it is sent with fetch, which also reaches a test's plain-http push service (web-push's own
 * sender speaks https only). Production sends only to https push services. A subscription the push service says is
 * gone (404 or 410) is deleted; any other failure is reported and the subscription kept (the e-mail is the alert's
 * record).
 */
export async function sendPush(
  deps: AppDeps,
  subscriptions: PushSubscriptionRow[],
  message: PushMessage,
  onError: (err: unknown) => void,
): Promise<number> {
  if (subscriptions.length === 0) return 0;
  const keys = await vapidKeys(deps);
  const payload = JSON.stringify(message);
  let sent = 0;
  await Promise.all(
    subscriptions.map(async (s) => {
      if (deps.config.env === 'production' && !s.endpoint.startsWith('https://')) return;
      try {
        const request = webpush.generateRequestDetails(
          { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
          payload,
          { TTL: PUSH_TTL_SECONDS, vapidDetails: { subject: vapidSubject(deps), ...keys } },
        );
        const answer = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body,
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
        await answer.body?.cancel();
        if (answer.status === 404 || answer.status === 410) {
          await removeEndpoint(deps.database.db, s.id);
          return;
        }
        if (!answer.ok) throw new Error(`push service answered ${answer.status}`);
        sent++;
      } catch (err) {
        onError(err);
      }
    }),
  );
  return sent;
}
