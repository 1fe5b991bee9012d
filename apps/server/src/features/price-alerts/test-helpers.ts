import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { orderCost } from '@prata/domain';
import { expect } from 'vitest';
import { approvedCustomer, bearer, type Customer, fundCustomer, type TestApp } from '../../../test/helpers';

// Test files only: trades that cross alerts, browsers' keys and fake push services on 127.0.0.1.

/** The tests' push services listen on 127.0.0.1: development's allowances (refused in production) let them in. */
export const LOCAL_PUSH = { config: { outboundAllow: ['127.0.0.1'], pushAnyHost: true } };

const RATES = { feeRateBps: 50, iofRateBps: 38 };
/** A limit order through the API; price in centavos per gram, quantity in centigrams. */
function limit(app: TestApp, c: Customer, side: 'buy' | 'sell', price: number, quantity: number) {
  return app.app.inject({
    method: 'POST',
    url: `/api/order/${side}`,
    headers: bearer(c.token),
    payload: {
      mode: 'limit',
      price_per_gram: price / 100,
      quantity_grams: quantity / 100,
      total_amount:
        orderCost({ side, pricePerGramCents: price, quantityCentigrams: quantity, ...RATES }).totalCents / 100,
    },
  });
}

/** A trade of 1 g at `price` centavos between two funded customers (a resting sell taken by a buy). */
export async function trade(app: TestApp, price: number, pair?: { seller: Customer; buyer: Customer }) {
  const seller = pair?.seller ?? (await approvedCustomer(app));
  const buyer = pair?.buyer ?? (await approvedCustomer(app));
  if (!pair) {
    await fundCustomer(app.database, seller.id, 'AG', 100_000);
    await fundCustomer(app.database, buyer.id, 'BRL', 10_000_000);
  }
  expect((await limit(app, seller, 'sell', price, 100)).statusCode).toBe(201);
  const bought = await limit(app, buyer, 'buy', price, 100);
  expect(bought.statusCode).toBe(201);
  return { seller, buyer };
}

export const createAlert = (app: TestApp, c: Customer, payload: Record<string, unknown>) =>
  app.app.inject({ method: 'POST', url: '/api/price-alerts', headers: bearer(c.token), payload });

export const subscribe = (app: TestApp, c: Customer, endpoint: string, keys = browserKeys().keys) =>
  app.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: bearer(c.token),
    payload: { endpoint, keys },
  });

type Received = { method: string; path: string; headers: Record<string, unknown>; body: Buffer; at: number };

/**
 * A fake push service on 127.0.0.1: records each request (and when it arrived, performance.now()); `answer` writes the
 * reply (default: `status`, or nothing at all when it is 'silent').
 */
export async function fakePushService(
  status: number | 'silent' = 201,
  answer?: (req: IncomingMessage, res: ServerResponse) => void,
) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        at: performance.now(),
      });
      if (answer) answer(req, res);
      else if (status !== 'silent') res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  };
  return { url, received, close };
}

/** A browser's keys, as PushManager.subscribe makes them. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** Waits until `done()` holds, looking every 20 ms, at most `ms`. */
export async function waitFor(done: () => boolean, ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (!done() && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
}
