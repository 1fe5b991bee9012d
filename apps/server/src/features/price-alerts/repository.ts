import { timingSafeEqual } from 'node:crypto';
import type { PriceAlertDirection } from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';
import { int } from '@/db/integers';

// The SQL of price alerts and push subscriptions (migration 0028). Explicit columns; bigints come back as text.

export type AlertRow = {
  id: number;
  direction: PriceAlertDirection;
  priceCents: number;
  createdAt: string;
  firedAt: string | null;
  firedPriceCents: number | null;
};

type RawAlert = {
  id: string;
  direction: PriceAlertDirection;
  price_cents: string;
  created_at: string;
  fired_at: string | null;
  fired_price_cents: string | null;
};

const toAlert = (r: RawAlert): AlertRow => ({
  id: int(r.id),
  direction: r.direction,
  priceCents: int(r.price_cents),
  createdAt: r.created_at,
  firedAt: r.fired_at,
  firedPriceCents: r.fired_price_cents === null ? null : int(r.fired_price_cents),
});

const ALERT_COLUMNS = sql`id::text as id, direction, price_cents::text as price_cents,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(fired_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as fired_at,
  fired_price_cents::text as fired_price_cents`;

/** A customer's alerts: the active ones, newest first, then the fired ones, last fired first; at most `limit`. */
export async function listAlerts(ex: Executor, userId: number, limit: number): Promise<AlertRow[]> {
  const found = await rows<RawAlert>(
    ex,
    sql`select ${ALERT_COLUMNS} from price_alerts where user_id = ${userId}
         order by (fired_at is not null), fired_at desc nulls first, id desc limit ${limit}`,
  );
  return found.map(toAlert);
}

/** Locks the customer's row: two writes of their alerts or browsers at once wait for each other, and count each other. */
async function lockCustomer(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

/** Locks the customer's row (two creations at once count each other) and counts their active alerts. */
export async function countActiveForUpdate(tx: Executor, userId: number): Promise<number> {
  await lockCustomer(tx, userId);
  const [r] = await rows<{ n: string }>(
    tx,
    sql`select count(*)::text as n from price_alerts where user_id = ${userId} and fired_at is null`,
  );
  return int(r?.n ?? 0);
}

/** A new alert: only trades after the last one committed now can fire it. */
export async function insertAlert(
  tx: Executor,
  a: { userId: number; direction: PriceAlertDirection; priceCents: number },
): Promise<AlertRow> {
  const [r] = await rows<RawAlert>(
    tx,
    sql`insert into price_alerts (user_id, direction, price_cents, since_trade_id)
        values (${a.userId}, ${a.direction}, ${a.priceCents}, (select coalesce(max(id), 0) from trades))
        returning ${ALERT_COLUMNS}`,
  );
  return toAlert(r!);
}

/** Deletes one of the customer's alerts; false when it is not theirs (or gone). */
export async function deleteAlert(ex: Executor, userId: number, id: number): Promise<boolean> {
  const r = await rows<{ id: string }>(
    ex,
    sql`delete from price_alerts where id = ${id} and user_id = ${userId} returning id::text as id`,
  );
  return r.length > 0;
}

/** The cursor of the trades looked at, locked until the transaction ends (one checker at a time). */
export async function lockCursor(tx: Executor): Promise<number> {
  const [r] = await rows<{ last: string }>(
    tx,
    sql`select last_trade_id::text as last from price_alert_cursor where id = 1 for update`,
  );
  if (!r) throw new Error('price-alerts: price_alert_cursor is missing');
  return int(r.last);
}

/** The window of at most `max` trades after `after`: its last id and how many; null when there is none. */
export async function tradeWindow(
  tx: Executor,
  after: number,
  max: number,
): Promise<{ upto: number; count: number } | null> {
  const [r] = await rows<{ upto: string | null; n: string }>(
    tx,
    sql`select max(id)::text as upto, count(*)::text as n
          from (select id from trades where id > ${after} order by id limit ${max}) w`,
  );
  return r?.upto ? { upto: int(r.upto), count: int(r.n) } : null;
}

export async function moveCursor(tx: Executor, upto: number): Promise<void> {
  await tx.execute(sql`update price_alert_cursor set last_trade_id = ${upto}, updated_at = now() where id = 1`);
}

export type Fired = {
  id: number;
  userId: number;
  email: string;
  name: string;
  direction: PriceAlertDirection;
  priceCents: number;
  tradePriceCents: number;
};

/**
 * Fires the active alerts that a trade in (after, upto] crossed (at or above / at or below its price, the trade later
 * than the alert), each with the first such trade. The claim is one update `where fired_at is null returning`: under
 * READ COMMITTED a second writer waits for the first and then finds fired_at set, so an alert fires once whatever runs
 * it (the cursor's lock already serialises the checkers; this holds even without it).
 */
export async function fireCrossed(tx: Executor, after: number, upto: number): Promise<Fired[]> {
  const found = await rows<{
    id: string;
    user_id: string;
    email: string;
    name: string;
    direction: PriceAlertDirection;
    price_cents: string;
    trade_price: string;
  }>(
    tx,
    sql`with w as (
          select min(price_cents) as lo, max(price_cents) as hi from trades where id > ${after} and id <= ${upto}),
        hit as (
          select a.id, t.id as trade_id, t.price_cents as trade_price
            from w, price_alerts a
            cross join lateral (
              select t.id, t.price_cents from trades t
               where t.id > greatest(a.since_trade_id, ${after}) and t.id <= ${upto}
                 and case when a.direction = 'above' then t.price_cents >= a.price_cents
                          else t.price_cents <= a.price_cents end
               order by t.id limit 1) t
           -- only the alerts the window's range can cross (the partial index on the active ones)
           where a.fired_at is null
             and ((a.direction = 'above' and a.price_cents <= w.hi) or (a.direction = 'below' and a.price_cents >= w.lo)))
        update price_alerts a
           set fired_at = now(), fired_trade_id = hit.trade_id, fired_price_cents = hit.trade_price
          from hit, users u
         where a.id = hit.id and a.fired_at is null and u.id = a.user_id
        returning a.id::text as id, a.user_id::text as user_id, u.email, u.name, a.direction,
                  a.price_cents::text as price_cents, hit.trade_price::text as trade_price`,
  );
  return found.map((r) => ({
    id: int(r.id),
    userId: int(r.user_id),
    email: r.email,
    name: r.name,
    direction: r.direction,
    priceCents: int(r.price_cents),
    tradePriceCents: int(r.trade_price),
  }));
}

export type PushSubscriptionRow = { id: number; endpoint: string; p256dh: string; auth: string };
type Keys = { p256dh: string; auth: string };

/** The same subscription keys: what only the browser that subscribed (and we) know. */
function sameKeys(a: Keys, b: Keys): boolean {
  const bytes = (k: Keys) => Buffer.from(`${k.p256dh}\n${k.auth}`);
  const [x, y] = [bytes(a), bytes(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Tries of insert-or-take: a row deleted between the insert's conflict and the read is inserted again. */
const SAVE_TRIES = 3;

/**
 * Saves a browser's subscription for the customer, under the lock on the customer's row, keeping at most `max` of
 * theirs (the oldest go). An endpoint another customer holds moves only with its keys (the browser, now signed in as
 * this customer, posts what it posted before): otherwise 'taken', and nothing is written.
 */
export async function saveSubscription(
  tx: Executor,
  s: { userId: number; endpoint: string } & Keys,
  max: number,
): Promise<'saved' | 'taken'> {
  await lockCustomer(tx, s.userId);
  let saved = false;
  for (let attempt = 0; attempt < SAVE_TRIES && !saved; attempt++) {
    const inserted = await rows<{ id: string }>(
      tx,
      sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
          values (${s.userId}, ${s.endpoint}, ${s.p256dh}, ${s.auth})
          on conflict (endpoint) do nothing returning id::text as id`,
    );
    saved = inserted.length > 0;
    if (saved) break;
    const [held] = await rows<{ user_id: string } & Keys>(
      tx,
      sql`select user_id::text as user_id, p256dh, auth from push_subscriptions where endpoint = ${s.endpoint} for update`,
    );
    if (!held) continue;
    if (int(held.user_id) !== s.userId && !sameKeys(held, s)) return 'taken';
    await tx.execute(
      sql`update push_subscriptions set user_id = ${s.userId}, p256dh = ${s.p256dh}, auth = ${s.auth}, created_at = now()
           where endpoint = ${s.endpoint}`,
    );
    saved = true;
  }
  if (!saved) throw new Error('price-alerts: a push subscription kept vanishing while it was saved');
  await tx.execute(
    sql`delete from push_subscriptions where user_id = ${s.userId} and id not in
          (select id from push_subscriptions where user_id = ${s.userId} order by created_at desc, id desc
            limit ${max})`,
  );
  return 'saved';
}

export async function removeSubscription(ex: Executor, userId: number, endpoint: string): Promise<void> {
  await ex.execute(sql`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint}`);
}

/** Forgets a subscription the push service says is gone (404/410). */
export async function removeEndpoint(ex: Executor, id: number): Promise<void> {
  await ex.execute(sql`delete from push_subscriptions where id = ${id}`);
}

export async function subscriptionsOf(ex: Executor, userIds: number[]): Promise<Map<number, PushSubscriptionRow[]>> {
  const out = new Map<number, PushSubscriptionRow[]>();
  if (userIds.length === 0) return out;
  const found = await rows<{ id: string; user_id: string; endpoint: string; p256dh: string; auth: string }>(
    ex,
    sql`select id::text as id, user_id::text as user_id, endpoint, p256dh, auth from push_subscriptions
         where user_id in (${sql.join(
           userIds.map((id) => sql`${id}`),
           sql`, `,
         )}) order by id`,
  );
  for (const r of found) {
    const list = out.get(int(r.user_id)) ?? [];
    list.push({ id: int(r.id), endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth });
    out.set(int(r.user_id), list);
  }
  return out;
}

/** The kept VAPID pair (JSON text), `fresh` the first time: the first instance's pair wins, the others read it. */
export async function keptVapidKeysJson(db: Executor, key: string, fresh: string): Promise<string | undefined> {
  await db.execute(
    sql`insert into app_settings (key, value) values (${key}, ${fresh})
        on conflict (key) do nothing`,
  );
  const [kept] = await rows<{ value: string }>(db, sql`select value from app_settings where key = ${key}`);
  return kept?.value;
}
