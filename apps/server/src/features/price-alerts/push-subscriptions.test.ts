import { MESSAGES, PRICE_ALERTS_ACTIVE_MAX, PUSH_SUBSCRIPTIONS_MAX } from '@prata/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  approvedCustomer,
  buildTestApp,
  type Customer,
  onPostgres,
  openSecondPool,
  skippedOnPglite,
  type TestApp,
} from '../../../test/helpers';
import { loadConfig } from '@/config';
import { rows } from '@/db/sql';
import { int } from '@/db/integers';
import { browserKeys, createAlert, subscribe } from './test-helpers';
import { PRODUCTION_ENV } from '../../../test/production-env';

// Who may keep a browser's push subscription, and where it may point. No alert fires here: nothing is ever sent.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const held = (c: Customer) =>
  rows<{ endpoint: string; p256dh: string }>(
    t.database.db,
    sql`select endpoint, p256dh from push_subscriptions where user_id = ${c.id} order by id`,
  );

/** The inside addresses, then hosts that are not a push service or not https on its port. */
const REFUSED = [
  'http://127.0.0.1:6379/x',
  'http://localhost/x',
  'http://[::1]/x',
  'http://2130706433/x',
  'http://127.1/x',
  'http://10.0.0.1/x',
  'http://192.168.0.10/x',
  'http://169.254.169.254/latest/meta-data/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'https://127.0.0.1/x',
  'https://[::ffff:127.0.0.1]/x',
  'https://100.64.0.1/x',
  'https://internal.example.com/fcm/send/x',
  'http://fcm.googleapis.com/fcm/send/x',
  'https://fcm.googleapis.com:8443/fcm/send/x',
  'https://fcm.googleapis.com./fcm/send/x',
  'https://fcm.googleapis.com.evil.example/fcm/send/x',
  'https://evil.fcm.googleapis.com/fcm/send/x',
  'https://user:pass@fcm.googleapis.com/fcm/send/x',
  'https://push.services.mozilla.com.evil.example/wpush/v2/x',
];

const ACCEPTED = [
  'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
  'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
  'https://web.push.apple.com/QGx1Z3Zh',
  'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
];

describe('push subscriptions: where they may point', () => {
  it("refuses every inside address and any host but the push services', 422 with a code, nothing written", async () => {
    const ana = await approvedCustomer(t);
    for (const endpoint of REFUSED) {
      const r = await subscribe(t, ana, endpoint);
      expect([r.statusCode, r.json().code, r.json().message], endpoint).toEqual([
        422,
        'PUSH_ENDPOINT_NOT_ALLOWED',
        MESSAGES.pushEndpointNotAllowed,
      ]);
    }
    expect(await held(ana)).toEqual([]);
    for (const endpoint of ACCEPTED) {
      const r = await subscribe(t, ana, endpoint);
      expect([r.statusCode, r.json().message], endpoint).toEqual([200, MESSAGES.pushSubscriptionSaved]);
    }
    expect((await held(ana)).map((h) => h.endpoint)).toEqual(ACCEPTED);
  });

  it('development may name any http(s) host (PRATA_PUSH_ANY_HOST); production refuses it and the allowances', async () => {
    const dev = await buildTestApp({ config: { pushAnyHost: true } });
    const ana = await approvedCustomer(dev);
    expect((await subscribe(dev, ana, 'http://127.0.0.1:9/local')).statusCode).toBe(200);
    expect((await subscribe(dev, ana, 'ftp://127.0.0.1/local')).statusCode).toBe(422);
    await dev.app.close();

    const production = PRODUCTION_ENV;
    expect(loadConfig(production)).toMatchObject({ pushAnyHost: false, outboundAllow: [] });
    expect(() => loadConfig({ ...production, PRATA_PUSH_ANY_HOST: '1' })).toThrow(/PRATA_PUSH_ANY_HOST/);
    expect(() => loadConfig({ ...production, PRATA_OUTBOUND_ALLOW: '127.0.0.1' })).toThrow(/PRATA_OUTBOUND_ALLOW/);
    const test = { NODE_ENV: 'test' };
    expect(loadConfig({ ...test, PRATA_OUTBOUND_ALLOW: '127.0.0.1, ::1, 10.0.0.0/8' }).outboundAllow).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ ...test, PRATA_OUTBOUND_ALLOW: 'localhost' })).toThrow(/PRATA_OUTBOUND_ALLOW inválido/);
    expect(() => loadConfig({ ...test, PRATA_OUTBOUND_ALLOW: '10.0.0.0/33' })).toThrow(/PRATA_OUTBOUND_ALLOW inválido/);
  });
});

describe('push subscriptions: one browser, one customer', () => {
  it('a second customer takes an endpoint only with its keys: 409 otherwise, and nothing moves', async () => {
    const [ana, bia] = [await approvedCustomer(t), await approvedCustomer(t)];
    const endpoint = 'https://fcm.googleapis.com/fcm/send/anas-phone';
    const browser = browserKeys().keys;
    expect((await subscribe(t, ana, endpoint, browser)).statusCode).toBe(200);

    const guess = await subscribe(t, bia, endpoint, browserKeys().keys);
    expect([guess.statusCode, guess.json().code, guess.json().message]).toEqual([
      409,
      'PUSH_ENDPOINT_TAKEN',
      MESSAGES.pushEndpointTaken,
    ]);
    const halfGuess = await subscribe(t, bia, endpoint, { p256dh: browser.p256dh, auth: browserKeys().keys.auth });
    expect(halfGuess.statusCode).toBe(409);
    expect(await held(ana)).toEqual([{ endpoint, p256dh: browser.p256dh }]);
    expect(await held(bia)).toEqual([]);

    // the browser itself, now signed in as Bia, posts what it posted for Ana: it is Bia's now
    expect((await subscribe(t, bia, endpoint, browser)).statusCode).toBe(200);
    expect(await held(ana)).toEqual([]);
    expect(await held(bia)).toEqual([{ endpoint, p256dh: browser.p256dh }]);
    // its own customer may post new keys for it (the browser subscribed again)
    const renewed = browserKeys().keys;
    expect((await subscribe(t, bia, endpoint, renewed)).statusCode).toBe(200);
    expect(await held(bia)).toEqual([{ endpoint, p256dh: renewed.p256dh }]);
  });
});

describe('"at most N" under concurrency (PostgreSQL)', () => {
  it(`20 browsers subscribed at once on two instances: at most ${PUSH_SUBSCRIPTIONS_MAX} kept`, async () => {
    if (!onPostgres) return skippedOnPglite('20 inscrições de push ao mesmo tempo');
    const b = await buildTestApp({ database: await openSecondPool(t.database) });
    const ana = await approvedCustomer(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        subscribe(i % 2 ? t : b, ana, `https://fcm.googleapis.com/fcm/send/race-${i}`),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await held(ana)).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
    await b.app.close();
  });

  it(`20 alerts created at once with 10 active: at most ${PRICE_ALERTS_ACTIVE_MAX} active`, async () => {
    if (!onPostgres) return skippedOnPglite('20 alertas criados ao mesmo tempo');
    const b = await buildTestApp({ database: await openSecondPool(t.database) });
    const ana = await approvedCustomer(t);
    for (let i = 1; i <= 10; i++) await createAlert(t, ana, { direction: 'below', price_per_gram: i });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createAlert(i % 2 ? t : b, ana, { direction: 'above', price_per_gram: 100 + i }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(10).fill(201), ...Array(10).fill(409)]);
    const [active] = await rows<{ n: string }>(
      t.database.db,
      sql`select count(*)::text as n from price_alerts where user_id = ${ana.id} and fired_at is null`,
    );
    expect(int(active!.n)).toBe(PRICE_ALERTS_ACTIVE_MAX);
    await b.app.close();
  });
});
