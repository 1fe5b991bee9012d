import { createRequire } from 'node:module';
import { MESSAGES, PRICE_ALERTS_ACTIVE_MAX } from '@prata/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  type Customer,
  onPostgres,
  openSecondPool,
  outboxFor,
  skippedOnPglite,
  type TestApp,
} from '../../../test/helpers';
import { loadConfig } from '@/config';
import { rows } from '@/db/sql';
import { int } from '@/db/integers';
import { withTransaction } from '@/db/tx';
import { alertCheckerOf, checkPriceAlerts, vapidKeys } from './index';
import { pushDeliveriesIdle } from './push';
import { fireCrossed } from './repository';
import { browserKeys, createAlert, fakePushService, LOCAL_PUSH, trade } from './test-helpers';

// the encryption web-push uses (its own dependency, untyped): the fake push service opens what it received
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: unknown; authSecret: string }): Buffer;
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(LOCAL_PUSH);
});

const create = (c: Customer, payload: Record<string, unknown>, app = t) => createAlert(app, c, payload);
const list = (c: Customer) => t.app.inject({ method: 'GET', url: '/api/price-alerts', headers: bearer(c.token) });
const alertMails = async (app: TestApp, c: Customer) =>
  (await outboxFor(app.database, c.email)).filter((m) => m.subject === MESSAGES.priceAlertTitle);

describe('price alerts: list, create, delete', () => {
  it('creates, lists and deletes; another customer gets 404', async () => {
    const ana = await approvedCustomer(t);
    const bia = await approvedCustomer(t);
    const made = await create(ana, { direction: 'above', price_per_gram: '9,50' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ direction: 'above', price_per_gram: 9.5, fired_at: null });
    const below = await create(ana, { direction: 'below', price_per_gram: 7 });
    expect(below.statusCode).toBe(201);

    const listed = (await list(ana)).json();
    expect(listed.alerts.map((a: { price_per_gram: number }) => a.price_per_gram)).toEqual([7, 9.5]);
    expect(listed.active_max).toBe(PRICE_ALERTS_ACTIVE_MAX);
    expect((await list(bia)).json().alerts).toEqual([]);

    const id = made.json().id;
    const theirs = await t.app.inject({ method: 'DELETE', url: `/api/price-alerts/${id}`, headers: bearer(bia.token) });
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'NOT_FOUND']);
    const mine = await t.app.inject({ method: 'DELETE', url: `/api/price-alerts/${id}`, headers: bearer(ana.token) });
    expect([mine.statusCode, mine.json().message]).toEqual([200, MESSAGES.priceAlertDeleted]);
    expect((await list(ana)).json().alerts).toHaveLength(1);
  });

  it('answers the validation messages in Portuguese', async () => {
    const ana = await approvedCustomer(t);
    const noDirection = await create(ana, { price_per_gram: '9' });
    expect([noDirection.statusCode, noDirection.json().errors.direction]).toEqual([
      422,
      [MESSAGES.priceAlertDirectionRequired],
    ]);
    const noPrice = await create(ana, { direction: 'below', price_per_gram: '' });
    expect(noPrice.json().errors.price_per_gram).toEqual([MESSAGES.orderPriceRequired]);
    const badPrice = await create(ana, { direction: 'below', price_per_gram: '9,999' });
    expect(badPrice.json().errors.price_per_gram).toEqual([MESSAGES.orderPriceInvalid]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/price-alerts' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a price per gram of zero or above R$ 1.000,00, and writes nothing', async () => {
    const ana = await approvedCustomer(t);
    const refused: Array<[unknown, string]> = [
      ['99.999,00', MESSAGES.priceAlertPriceTooHigh('R$ 1.000,00')],
      [99_999, MESSAGES.priceAlertPriceTooHigh('R$ 1.000,00')],
      ['0', MESSAGES.priceAlertPriceZero],
    ];
    for (const [price, message] of refused) {
      const r = await create(ana, { direction: 'above', price_per_gram: price });
      expect([r.statusCode, r.json().code, r.json().errors.price_per_gram], String(price)).toEqual([
        422,
        'VALIDATION_FAILED',
        [message],
      ]);
    }
    expect((await list(ana)).json().alerts).toEqual([]);
    const ceiling = await create(ana, { direction: 'above', price_per_gram: '1.000,00' });
    expect([ceiling.statusCode, ceiling.json().price_per_gram]).toEqual([201, 1000]);
  });

  it(`keeps at most ${PRICE_ALERTS_ACTIVE_MAX} active alerts per customer`, async () => {
    const ana = await approvedCustomer(t);
    for (let i = 1; i <= PRICE_ALERTS_ACTIVE_MAX; i++) {
      expect((await create(ana, { direction: 'above', price_per_gram: 100 + i })).statusCode).toBe(201);
    }
    const over = await create(ana, { direction: 'above', price_per_gram: 500 });
    expect([over.statusCode, over.json().code, over.json().message]).toEqual([
      409,
      'PRICE_ALERT_LIMIT',
      MESSAGES.priceAlertLimitReached(PRICE_ALERTS_ACTIVE_MAX),
    ]);
  });
});

describe('VAPID keys', () => {
  it('are generated once and shared by every instance on the database, unless configured (both or neither)', async () => {
    const other = await buildTestApp({ database: t.database });
    const [mine, theirs] = await Promise.all([vapidKeys(t.app.deps), vapidKeys(other.app.deps)]);
    expect(theirs).toEqual(mine);
    expect(mine.publicKey).toMatch(/^[\w-]{80,}$/);
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv;
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY/);
    const configured = loadConfig({ ...env, VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' }).vapidKeys;
    expect(configured).toEqual({ publicKey: 'pub', privateKey: 'priv' });
    await other.app.close();
  });
});

describe('price alerts: firing from the trades', () => {
  const services: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const s of services) await s.close();
  });

  it('a trade crossing the price fires once: e-mail queued, encrypted push sent, a gone browser forgotten', async () => {
    // alerts of other tests' customers may fire here too: this test looks at its own customer only
    const ana = await approvedCustomer(t);
    const push = await fakePushService(201);
    const gone = await fakePushService(410);
    services.push(push, gone);
    const browser = browserKeys();
    const key = await t.app.inject({ method: 'GET', url: '/api/push/public-key', headers: bearer(ana.token) });
    expect(key.json().public_key).toMatch(/^[\w-]{80,}$/);
    for (const [url, keys] of [
      [`${push.url}/ana-phone`, browser.keys],
      [`${gone.url}/old-laptop`, browserKeys().keys],
    ] as const) {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: bearer(ana.token),
        payload: { endpoint: url, keys },
      });
      expect(saved.json().message).toBe(MESSAGES.pushSubscriptionSaved);
    }

    const pair = await trade(t, 850);
    await alertCheckerOf(t.app.deps)!.flush();
    const above = (await create(ana, { direction: 'above', price_per_gram: '9,00' })).json();
    const below = (await create(ana, { direction: 'below', price_per_gram: '8,00' })).json();
    // a trade under 9,00 and over 8,00: neither fires
    await trade(t, 870, pair);
    await alertCheckerOf(t.app.deps)!.flush();
    expect(await alertMails(t, ana)).toHaveLength(0);

    // 9,10 crosses "above 9,00"; then 9,20 again: still one e-mail
    await trade(t, 910, pair);
    await alertCheckerOf(t.app.deps)!.flush();
    await trade(t, 920, pair);
    await alertCheckerOf(t.app.deps)!.flush();
    await pushDeliveriesIdle(t.app.deps);
    const mails = await alertMails(t, ana);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(MESSAGES.priceAlertBody('above', 'R$ 9,00', 'R$ 9,10'));

    const alerts = (await list(ana)).json().alerts as Array<{ id: number; fired_price_per_gram: number | null }>;
    expect(alerts.find((a) => a.id === above.id)?.fired_price_per_gram).toBe(9.1);
    expect(alerts.find((a) => a.id === below.id)?.fired_price_per_gram).toBeNull();

    // the push service got one encrypted notification, which the browser's keys open
    expect(push.received).toHaveLength(1);
    const got = push.received[0]!;
    expect(got.path).toBe('/ana-phone');
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(String(got.headers.authorization)).toMatch(/^vapid t=/);
    // ciphertext: the message's text is not in it (the whole body line: two bytes such as "R$" turn up in random bytes
    // about once in 200 runs)
    expect(got.body.includes(Buffer.from(MESSAGES.priceAlertBody('above', 'R$ 9,00', 'R$ 9,10')))).toBe(false);
    const opened = JSON.parse(
      ece
        .decrypt(got.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.keys.auth })
        .toString(),
    );
    expect(opened).toEqual({
      title: MESSAGES.priceAlertTitle,
      body: MESSAGES.priceAlertBody('above', 'R$ 9,00', 'R$ 9,10'),
      url: '/alertas-de-preco',
    });
    // the browser whose subscription is gone (410) is forgotten
    expect(gone.received).toHaveLength(1);
    const endpoints = await rows<{ endpoint: string }>(
      t.database.db,
      sql`select endpoint from push_subscriptions where user_id = ${ana.id} order by id`,
    );
    expect(endpoints.map((e) => e.endpoint)).toEqual([`${push.url}/ana-phone`]);
  });

  it('two instances on one database: a crossing trade fires the alert once', async () => {
    if (!onPostgres) return skippedOnPglite('price alerts checked by two instances');
    const a = await buildTestApp();
    const b = await buildTestApp({ database: await openSecondPool(a.database) });
    const ana = await approvedCustomer(a);
    const pair = await trade(a, 850);
    await create(ana, { direction: 'below', price_per_gram: '8,00' }, a);
    await create(ana, { direction: 'above', price_per_gram: '8,60' }, b);
    // trades on both instances, while both check at once, again and again
    const work: Array<Promise<unknown>> = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? a : b;
      work.push(trade(app, i % 2 === 0 ? 790 : 870, pair), checkPriceAlerts(a.app.deps), checkPriceAlerts(b.app.deps));
      await work.at(-3);
    }
    await Promise.all(work);
    await Promise.all([checkPriceAlerts(a.app.deps), checkPriceAlerts(b.app.deps)]);
    const mails = await alertMails(a, ana);
    expect(mails).toHaveLength(2);
    const fired = await rows<{ n: string }>(
      a.database.db,
      sql`select count(*)::text as n from price_alerts where user_id = ${ana.id} and fired_at is not null`,
    );
    expect(fired[0]!.n).toBe('2');
  });

  it('the claim alone fires once: two transactions claiming the same alert at the same moment', async () => {
    if (!onPostgres) return skippedOnPglite('two claims at once');
    const a = await buildTestApp();
    const second = await openSecondPool(a.database);
    // this app's checker would claim it first, after the batch
    await alertCheckerOf(a.app.deps)!.stop();
    const ana = await approvedCustomer(a);
    const pair = await trade(a, 850);
    await checkPriceAlerts(a.app.deps);
    const made = (await create(ana, { direction: 'above', price_per_gram: '8,60' }, a)).json();
    await trade(a, 870, pair);
    const [last] = await rows<{ id: string }>(a.database.db, sql`select max(id)::text as id from trades`);
    const upto = int(last!.id);
    // without the cursor: the first transaction claims and holds its row lock a moment; the second waits for it,
    // then finds fired_at set
    const first = withTransaction(a.database.db, async (tx) => {
      const fired = await fireCrossed(tx, 0, upto);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return fired;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const other = withTransaction(second.db, (tx) => fireCrossed(tx, 0, upto));
    const claims = [...(await first), ...(await other)].filter((f) => f.id === made.id);
    expect(claims).toHaveLength(1);
  });
});
