import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedCustomer, bearer, buildTestApp, openSecondPool, type TestApp } from '../../../test/helpers';
import { Redis } from 'ioredis';
import { post } from '@/ledger/index';
import { channelPrefix } from '@/messaging/broadcast';
import { BOOK_CHANNEL } from './answers';

/**
 * Reads server-sent events from a listening app until `until` says stop. `subscribed` settles once the stream is
 * open and, with Redis, the instance's subscriber is on the book's channel (PUBSUB NUMSUB): a change from then on
 * reaches it.
 */
function listen(
  t: TestApp,
  until: (text: string) => boolean,
): { subscribed: Promise<void>; events: Promise<{ text: string; headers: http.IncomingHttpHeaders }> } {
  const { port } = t.app.server.address() as AddressInfo;
  let opened: () => void = () => {};
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const events = new Promise<{ text: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/orders/stream' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes(': conectado\n\n')) opened();
        if (until(text)) {
          req.destroy();
          resolve({ text, headers: res.headers });
        }
      });
    });
    req.on('error', reject);
    setTimeout(() => {
      req.destroy();
      reject(new Error('no event in 10 s'));
    }, 10_000).unref();
  });
  return { subscribed: open.then(() => onRedisChannel(t)), events };
}

/** With Redis, until the book's channel of this deployment has a subscriber. */
async function onRedisChannel(t: TestApp): Promise<void> {
  if (!process.env.REDIS_URL) return;
  const redis = new Redis(process.env.REDIS_URL);
  try {
    const channel = channelPrefix(t.database.url) + BOOK_CHANNEL;
    for (;;) {
      const [, count] = (await redis.pubsub('NUMSUB', channel)) as [string, number];
      if (Number(count) > 0) return;
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    redis.disconnect();
  }
}

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await buildTestApp();
  // a second instance on the same database, as a second server would be (its own matcher, its own bus)
  b = await buildTestApp({ database: a.database.kind === 'postgres' ? await openSecondPool(a.database) : a.database });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await a.app.close();
  await b.app.close();
});

async function placeOn(t: TestApp) {
  const c = await approvedCustomer(t);
  await post(t.database.db, {
    id: `test-fund:${randomUUID()}`,
    debit: { system: 'pix:clearing' },
    credit: { customer: c.id, bucket: 'available' },
    currency: 'BRL',
    amount: 10_000,
    code: 'test.fund',
  });
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/order/buy',
    headers: bearer(c.token),
    payload: { mode: 'limit', price_per_gram: 1, quantity_grams: 1, total_amount: 6.02 },
  });
  expect(r.statusCode).toBe(201);
}

describe('GET /api/orders/stream', () => {
  it('is an event stream that announces each change of the book', async () => {
    const { subscribed, events } = listen(a, (text) => text.includes('event: book'));
    await subscribed;
    await placeOn(a);
    const { text, headers } = await events;
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['cache-control']).toBe('no-store');
    expect(text).toMatch(/event: book\ndata: \{"version":\d+\}\n\n/);
  });

  it.skipIf(!process.env.REDIS_URL)("hears another instance's changes through Redis", async () => {
    const { subscribed, events } = listen(a, (text) => text.includes('event: book'));
    await subscribed;
    await placeOn(b);
    expect((await events).text).toMatch(/event: book/);
  });
});
