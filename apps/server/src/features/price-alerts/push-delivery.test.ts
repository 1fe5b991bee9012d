import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { approvedCustomer, buildTestApp, type TestApp } from '../../../test/helpers';
import { type OutboundClient, OutboundFailed, type OutboundRefused, outboundClient } from '@/adapters/outbound/index';
import { rows } from '@/db/sql';
import { alertCheckerOf, checkPriceAlerts } from './index';
import { pushDeliveriesIdle } from './push';
import { browserKeys, createAlert, fakePushService, LOCAL_PUSH, subscribe, trade, waitFor } from './test-helpers';

// How fired alerts reach the push services: through the outbound client, side by side, each with its deadline.
// Every push service here is a fake on 127.0.0.1.

const services: Array<{ close(): Promise<void> }> = [];
const apps: TestApp[] = [];
afterAll(async () => {
  for (const s of services) await s.close();
  for (const a of apps) await a.app.close();
});

async function pushService(...args: Parameters<typeof fakePushService>) {
  const s = await fakePushService(...args);
  services.push(s);
  return s;
}

/** An app whose checker runs only when the test says, reporting what did not go out. */
async function quietApp(opts: Parameters<typeof buildTestApp>[0]) {
  const app = await buildTestApp(opts);
  apps.push(app);
  await alertCheckerOf(app.app.deps)!.stop();
  const errors: unknown[] = [];
  const check = () => checkPriceAlerts(app.app.deps, (err) => errors.push(err));
  return { app, errors, check };
}

/** Fires one alert of a new customer subscribed at `endpoint`, and waits until its notification was handled. */
async function fireFor(q: Awaited<ReturnType<typeof quietApp>>, endpoint: string) {
  const ana = await approvedCustomer(q.app);
  expect((await subscribe(q.app, ana, endpoint)).statusCode).toBe(200);
  const pair = await trade(q.app, 850);
  await q.check();
  expect((await createAlert(q.app, ana, { direction: 'above', price_per_gram: '8,60' })).statusCode).toBe(201);
  await trade(q.app, 870, pair);
  expect((await q.check()).map((f) => f.userId)).toContain(ana.id);
  await pushDeliveriesIdle(q.app.app.deps);
}

describe('push deliveries', () => {
  it('posts nothing to a loopback endpoint: refused at the connection and logged', async () => {
    const inside = await pushService(201);
    const refused: OutboundRefused[] = [];
    // development's any-host setting lets the subscription in; no address allowance, so the connection is refused
    const q = await quietApp({
      config: { pushAnyHost: true },
      adapters: { outbound: outboundClient({ onRefused: (err) => refused.push(err) }) },
    });
    await fireFor(q, `${inside.url}/6379`);
    expect(inside.received).toEqual([]);
    expect(refused).toHaveLength(1);
    expect(q.errors).toEqual([refused[0]]);
  });

  it('deletes unsent a subscription kept before the rule that points elsewhere than a push service', async () => {
    const inside = await pushService(201);
    const q = await quietApp({ config: { outboundAllow: ['127.0.0.1'] } });
    const ana = await approvedCustomer(q.app);
    await q.app.database.db.execute(
      sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
          values (${ana.id}, ${`${inside.url}/planted`}, ${browserKeys().keys.p256dh}, 'YWJjZGVmZ2hpamtsbW5vcA')`,
    );
    const pair = await trade(q.app, 850);
    await q.check();
    await createAlert(q.app, ana, { direction: 'above', price_per_gram: '8,60' });
    await trade(q.app, 870, pair);
    await q.check();
    await pushDeliveriesIdle(q.app.app.deps);
    expect(inside.received).toEqual([]);
    const left = await rows(q.app.database.db, sql`select id from push_subscriptions where user_id = ${ana.id}`);
    expect(left).toEqual([]);
    expect(q.errors.map(String)).toEqual([expect.stringMatching(/does not point at a push service; deleted unsent/)]);
  });

  it("does not follow a push service's redirect: the 302 is a failure, its Location gets nothing", async () => {
    const metadata = await pushService(200);
    const redirecting = await pushService(201, (_req, res) =>
      res.writeHead(302, { location: `${metadata.url}/latest/meta-data/` }).end(),
    );
    const q = await quietApp(LOCAL_PUSH);
    await fireFor(q, `${redirecting.url}/moved`);
    expect(redirecting.received.map((r) => [r.method, r.path])).toEqual([['POST', '/moved']]);
    expect(metadata.received).toEqual([]);
    expect(q.errors.map(String)).toEqual(['Error: push service answered 302']);
  });

  it("one customer's silent push service delays nobody else's alert, and is given up at its deadline", async () => {
    const silent = await pushService('silent');
    const quick = await pushService(201);
    const outcomes: Array<{ ms: number; error?: unknown }> = [];
    const outbound = outboundClient({ allowAddresses: ['127.0.0.1'] });
    const timed: OutboundClient = {
      async send(url, request) {
        const started = performance.now();
        try {
          return await outbound.send(url, request);
        } catch (error) {
          outcomes.push({ ms: performance.now() - started, error });
          throw error;
        }
      },
    };
    // the app's own checker, run after each batch of the matcher as in production
    const app = await buildTestApp({ ...LOCAL_PUSH, adapters: { outbound: timed } });
    apps.push(app);
    const [ana, bia] = [await approvedCustomer(app), await approvedCustomer(app)];
    expect((await subscribe(app, ana, `${silent.url}/ana`)).statusCode).toBe(200);
    expect((await subscribe(app, bia, `${quick.url}/bia`)).statusCode).toBe(200);
    const pair = await trade(app, 850);
    await alertCheckerOf(app.app.deps)!.flush();
    await createAlert(app, ana, { direction: 'above', price_per_gram: '9,00' });
    await createAlert(app, bia, { direction: 'above', price_per_gram: '9,50' });

    await trade(app, 910, pair);
    await waitFor(() => silent.received.length > 0, 5_000);
    expect(silent.received).toHaveLength(1);
    // Ana's push service holds her notification; Bia's alert fires next and must not wait for it
    const started = performance.now();
    await trade(app, 960, pair);
    await waitFor(() => quick.received.length > 0, 8_000);
    expect(quick.received).toHaveLength(1);
    const biaWaited = quick.received[0]!.at - started;
    expect(biaWaited).toBeLessThan(2_000);

    await pushDeliveriesIdle(app.app.deps);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]!.error).toEqual(new OutboundFailed('timeout', 'no answer in 5000 ms'));
    expect(outcomes[0]!.ms).toBeGreaterThanOrEqual(4_900);
    expect(outcomes[0]!.ms).toBeLessThan(7_000);
  });
});
