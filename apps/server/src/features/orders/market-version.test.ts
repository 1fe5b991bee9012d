import { orderCost, type OrderSide } from '@prata/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  type Customer,
  fundCustomer,
  staffMember,
  type TestApp,
} from '../../../test/helpers';
import { tradingLimitRequests, users } from '@/db/schema/index';
import { rows } from '@/db/sql';
import { int } from '@/db/integers';
import { reconcile } from '@/ledger/index';
import { engineOf } from './service';

/**
 * The market's inputs a batch may know without reading (the rates, a customer's trading limit) move the market's
 * version by themselves (migration 0025's triggers): each is changed here through its own route, which calls nothing
 * of the orders feature, and the next batch finds its copy stale and reads everything again under the lock. So does a
 * rewrite of the orders' history (migration 0031), done here with plain SQL as the demos do it, after which the
 * answers show the new dates without anyone telling the order caches.
 */
let t: TestApp;
let finance: Customer;
let compliance: Customer;

beforeAll(async () => {
  t = await buildTestApp();
  finance = await staffMember(t, ['finance'], 'Olga Operadora');
  compliance = await staffMember(t, ['compliance'], 'Caio Conformidade');
});

/** A small limit buy with the summary's total, as the screen sends it. */
async function buy(c: Customer) {
  const cost = orderCost({
    side: 'buy',
    pricePerGramCents: 100,
    quantityCentigrams: 1_000,
    feeRateBps: 50,
    iofRateBps: 38,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order/buy',
    headers: bearer(c.token),
    payload: { mode: 'limit', price_per_gram: 1, quantity_grams: 10, total_amount: cost.totalCents / 100 },
  });
  expect(res.statusCode).toBe(201);
}

/** The matcher's counts a step changed. */
async function countsOf(step: () => Promise<void>) {
  const engine = engineOf(t.app.deps);
  const before = { ...engine.counts };
  await step();
  return Object.fromEntries(Object.entries(engine.counts).map(([k, v]) => [k, v - before[k as keyof typeof before]]));
}

describe('the market version moves when its inputs change, whoever changes them', () => {
  it('the rates, through PUT /api/admin/market/settings: the next batch reads again', async () => {
    const c = await approvedCustomer(t);
    await fundCustomer(t.database, c.id, 'BRL', 100_000);
    await buy(c); // the matcher now knows c
    expect(await countsOf(() => buy(c))).toEqual({ fast: 1, locked: 0, stale: 0, read: 0, unknown: 0 });
    for (const transaction_fee of [0.6, 0.5]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/market/settings',
        headers: bearer(finance.token),
        payload: { transaction_fee, iof_fee: 0.38, minimum_fee: 5 },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await countsOf(() => buy(c))).toMatchObject({ fast: 0, stale: 1, locked: 1 });
    expect(await countsOf(() => buy(c))).toEqual({ fast: 1, locked: 0, stale: 0, read: 0, unknown: 0 });
  });

  it('a trading limit, through POST /api/admin/trading-limit-requests/{id}/review: the next batch reads again', async () => {
    const c = await approvedCustomer(t);
    await fundCustomer(t.database, c.id, 'BRL', 100_000);
    await buy(c);
    const [request] = await t.database.db
      .insert(tradingLimitRequests)
      .values({
        userId: c.id,
        newLimitCents: 9_000_000,
        netWorthCents: 100_000_000,
        monthlyIncomeCents: 2_000_000,
        profession: 'Médica',
        companyName: 'Clínica',
        companyCnpj: '11222333000181',
      })
      .returning();
    const reviewed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trading-limit-requests/${request!.id}/review`,
      headers: bearer(compliance.token),
      payload: { decision: 'approve' },
    });
    expect(reviewed.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, c.id));
    expect(user!.tradingLimitCents).toBe(9_000_000);
    expect(await countsOf(() => buy(c))).toMatchObject({ fast: 0, stale: 1, locked: 1 });
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });
});

/** A placement through the route (a limit order, or one taken from the table), with the summary's total; its answer. */
async function place(
  c: Customer,
  side: OrderSide,
  payload: { price_per_gram: number; quantity_grams: number; order_id?: number },
) {
  const cost = orderCost({
    side,
    pricePerGramCents: Math.round(payload.price_per_gram * 100),
    quantityCentigrams: Math.round(payload.quantity_grams * 100),
    feeRateBps: 50,
    iofRateBps: 38,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/order/${side}`,
    headers: bearer(c.token),
    payload: { ...('order_id' in payload ? {} : { mode: 'limit' }), ...payload, total_amount: cost.totalCents / 100 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, Array<{ id: number; created_at: string; updated_at: string }>> & {
    order: { id: number };
  };
}

async function marketVersion() {
  const [state] = await rows<{ version: string }>(t.database.db, sql`select version::text from market_state`);
  return int(state!.version);
}

/** The market's version a step moved. */
async function versionsOf(step: () => Promise<unknown>) {
  const before = await marketVersion();
  await step();
  return (await marketVersion()) - before;
}

const byId = <T extends { id: number }>(list: T[], id: number) => list.find((o) => o.id === id);

describe("the orders' history moves the market version", () => {
  it('a batch moves it by exactly one: a rest, a fill and a cancel (the batch never names created_at)', async () => {
    const buyer = await approvedCustomer(t);
    const seller = await approvedCustomer(t);
    await fundCustomer(t.database, buyer.id, 'BRL', 100_000);
    await fundCustomer(t.database, seller.id, 'AG', 1_000);
    const before = await marketVersion();
    const resting = (await place(buyer, 'buy', { price_per_gram: 30, quantity_grams: 10 })).order.id;
    expect(await marketVersion()).toBe(before + 1);
    // the fill updates the resting order through the batch's upsert and inserts the trade
    await place(seller, 'sell', { order_id: resting, price_per_gram: 30, quantity_grams: 5 });
    expect(await marketVersion()).toBe(before + 2);
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/order/${resting}`, headers: bearer(buyer.token) });
    expect(cancel.statusCode).toBe(200);
    expect(await marketVersion()).toBe(before + 3);
  });

  it("an order's dates rewritten with plain SQL: the next placement and GET /api/orders show them", async () => {
    const buyer = await approvedCustomer(t);
    const seller = await approvedCustomer(t);
    await fundCustomer(t.database, buyer.id, 'BRL', 100_000);
    await fundCustomer(t.database, seller.id, 'AG', 1_300);
    // the buyer rests, the seller takes it from the table (both completed), then rests a sell of its own
    const bought = (await place(buyer, 'buy', { price_per_gram: 40, quantity_grams: 10 })).order.id;
    const sold = (await place(seller, 'sell', { order_id: bought, price_per_gram: 40, quantity_grams: 10 })).order.id;
    const ask = (await place(seller, 'sell', { price_per_gram: 900, quantity_grams: 1 })).order.id;
    // the answers now keep the completed orders' JSON and the book's, with the dates of today; the matcher's own
    // batches never tell the caches the market moved
    let told = 0;
    const off = engineOf(t.app.deps).onStale(() => told++);
    const known = await place(seller, 'sell', { price_per_gram: 901, quantity_grams: 1 });
    expect(byId(known.myCompletedOrders!, sold)!.created_at.slice(0, 4)).not.toBe('2025');
    expect(
      byId((await place(buyer, 'buy', { price_per_gram: 1, quantity_grams: 10 })).myCompletedOrders!, bought),
    ).toBeDefined();

    // dated back as a demo does, behind the matcher's back: one move of the version per statement
    const at = '2025-01-15T13:00:00.000Z';
    const moved = await versionsOf(async () => {
      await t.database.db.execute(
        sql`update trades set created_at = ${at}::timestamptz where taker_order_id = ${sold}`,
      );
      await t.database.db.execute(sql`update orders set created_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
                                       where id in (${bought}, ${sold}, ${ask})`);
    });
    expect(moved).toBe(2);
    expect(told).toBe(0);

    let answer = known;
    const counts = await countsOf(async () => {
      answer = await place(seller, 'sell', { price_per_gram: 902, quantity_grams: 1 });
    });
    expect(counts).toMatchObject({ stale: 1, locked: 1 });
    expect(told).toBe(1);
    expect(byId(answer.myCompletedOrders!, sold)).toMatchObject({ created_at: at, updated_at: at });
    expect(byId(answer.myPendingOrders!, ask)).toMatchObject({ created_at: at, updated_at: at });
    expect(byId(answer.ordersToBuy!, ask)).toMatchObject({ created_at: at });
    const overview = await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(seller.token) });
    expect(byId(overview.json().myCompletedOrders, sold)).toMatchObject({ created_at: at, updated_at: at });
    // the other side's completed order too, whose JSON this app had encoded before
    const theirs = await place(buyer, 'buy', { price_per_gram: 1, quantity_grams: 10 });
    expect(byId(theirs.myCompletedOrders!, bought)).toMatchObject({ created_at: at, updated_at: at });
    expect(told).toBe(1);
    off();
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });
});
