import { orderCost, PriceHistoryResponse } from '@prata/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  type Customer,
  fundCustomer,
  openSecondPool,
  type TestApp,
} from '../../../test/helpers';
import type { AppDeps } from '@/deps';
import { BOOK_CHANNEL, bookVersion, engineOf } from './answers';
import { PRICE_HISTORY_FRESH_MS, PRICE_HISTORY_MAX_AGE_MS, priceHistoryJson } from './price-history';

/**
 * The price history is read once per range for a version of the book and at most PRICE_HISTORY_MAX_AGE_MS, by one
 * caller at a time; a trade on this instance shows in the next answer, a trade on another within that age (at once
 * when Redis carries the other's news). Two instances share a database here, as two servers would.
 */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await buildTestApp();
  b = await buildTestApp({ database: a.database.kind === 'postgres' ? await openSecondPool(a.database) : a.database });
});
afterAll(async () => {
  await a.app.close();
  await b.app.close();
});

/** The app's dependencies with a database that counts the statements it is given. */
function counting(deps: AppDeps) {
  const counted = { statements: 0 };
  const db = new Proxy(deps.database.db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return (...args: Parameters<typeof target.execute>) => {
        counted.statements++;
        return target.execute(...args);
      };
    },
  });
  return { deps: { ...deps, database: { ...deps.database, db } }, counted };
}
/** readCandles, lastTradePrice, referencePrice */
const STATEMENTS_PER_READ = 3;

async function trader(t: TestApp, reais: number, centigrams: number): Promise<Customer> {
  const c = await approvedCustomer(t);
  if (reais > 0) await fundCustomer(t.database, c.id, 'BRL', reais);
  if (centigrams > 0) await fundCustomer(t.database, c.id, 'AG', centigrams);
  return c;
}

async function limit(t: TestApp, c: Customer, side: 'buy' | 'sell', price: number, quantity: number) {
  const cost = orderCost({
    side,
    pricePerGramCents: price,
    quantityCentigrams: quantity,
    feeRateBps: 50,
    iofRateBps: 38,
  });
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/order/${side}`,
    headers: bearer(c.token),
    payload: {
      mode: 'limit',
      price_per_gram: price / 100,
      quantity_grams: quantity / 100,
      total_amount: cost.totalCents / 100,
    },
  });
  expect(r.statusCode, r.body).toBe(201);
}

/** One trade of 1 g at `price` centavos, placed on `t`. */
async function trade(t: TestApp, price: number) {
  const seller = await trader(t, 0, 100);
  const buyer = await trader(t, 100_000, 0);
  await limit(t, seller, 'sell', price, 100);
  await limit(t, buyer, 'buy', price, 100);
}

async function history(t: TestApp, range = 'day'): Promise<PriceHistoryResponse> {
  const r = await t.app.inject({ method: 'GET', url: `/api/orders/price-history?range=${range}` });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
  return PriceHistoryResponse.parse(r.json());
}

describe('the price history, shared per instance', () => {
  it('is read once per range for concurrent callers, and kept while fresh', async () => {
    const { deps, counted } = counting(a.app.deps);
    const now = Date.now();
    const answers = await Promise.all(Array.from({ length: 16 }, () => priceHistoryJson(deps, 'month', now)));
    expect(new Set(answers).size).toBe(1);
    expect(counted.statements).toBe(STATEMENTS_PER_READ);
    expect(PriceHistoryResponse.parse(JSON.parse(answers[0]!))).toMatchObject({ range: 'month', bucket_minutes: 480 });
    await Promise.all([priceHistoryJson(deps, 'day', now), priceHistoryJson(deps, 'day', now)]);
    expect(counted.statements).toBe(2 * STATEMENTS_PER_READ);

    // fresh: served as it is
    expect(await priceHistoryJson(deps, 'month', now + PRICE_HISTORY_FRESH_MS - 1)).toBe(answers[0]);
    expect(counted.statements).toBe(2 * STATEMENTS_PER_READ);
    // past fresh: still served, while one new read runs for everyone
    await Promise.all([
      priceHistoryJson(deps, 'month', now + PRICE_HISTORY_FRESH_MS),
      priceHistoryJson(deps, 'month', now + PRICE_HISTORY_FRESH_MS + 1),
    ]);
    await vi.waitFor(() => expect(counted.statements).toBe(3 * STATEMENTS_PER_READ));
    // past the age limit: a new read, one for every caller
    const later = now + PRICE_HISTORY_FRESH_MS + PRICE_HISTORY_MAX_AGE_MS;
    await Promise.all(Array.from({ length: 8 }, () => priceHistoryJson(deps, 'month', later)));
    expect(counted.statements).toBe(4 * STATEMENTS_PER_READ);
  });

  it('shows a trade of this instance in the next answer, and one of another instance within the age limit', async () => {
    await history(a); // kept
    await trade(a, 731);
    expect((await history(a)).last_price).toBe(7.31);

    await history(b);
    await trade(a, 733);
    const since = Date.now();
    // b hears of it through Redis when configured; without, its kept answer ages out
    await vi.waitFor(async () => expect((await history(b)).last_price).toBe(7.33), {
      timeout: PRICE_HISTORY_MAX_AGE_MS + 1_000,
      interval: 50,
    });
    expect(Date.now() - since).toBeLessThan(PRICE_HISTORY_MAX_AGE_MS + 500);
  });
});

describe("the book's version", () => {
  it("moves once per batch of this instance: the batch's echo on the bus is not counted again", async () => {
    bookVersion(a.app.deps); // hearing the bus
    const own = new Set<number>();
    const heard: number[] = [];
    let found = 0;
    const stopOwn = engineOf(a.app.deps).onChange((version) => own.add(version));
    const stopFound = engineOf(a.app.deps).onStale(() => found++);
    const stopHeard = a.app.deps.broadcast.subscribe(BOOK_CHANNEL, (m) => heard.push(Number(m)));
    const before = bookVersion(a.app.deps);
    await trade(a, 741); // two batches
    // every batch of this instance came back on the bus (at once without Redis)
    await vi.waitFor(() => expect([...own].every((v) => heard.includes(v))).toBe(true));
    stopOwn();
    stopFound();
    stopHeard();
    expect(own.size).toBe(2);
    // the other instances' batches (other tests' apps share a Redis bus) count once each, as do the writes of others
    // the matcher found (a trading limit set at an approval)
    const others = heard.filter((v) => !own.has(v)).length;
    expect(bookVersion(a.app.deps) - before).toBe(own.size + others + found);
  });
});
