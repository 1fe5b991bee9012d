import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { rows } from '../../db/sql';
import { seedDemo } from '../../seed/demo';
import { seedMoneyDemo } from '../money/index';
import { seedOrdersDemo } from './demo';
import { orderLists, placeOrder, priceHistory } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.database.db);
  await seedMoneyDemo(t.app.deps);
  await seedOrdersDemo(t.app.deps);
});

describe('the demo book', () => {
  it('has house asks and bids around R$ 9,00 with a spread a new customer can rest inside', async () => {
    const book = await orderLists(t.database.db, null);
    expect(book.ordersToBuy.length).toBeGreaterThanOrEqual(5);
    expect(book.ordersToSell.length).toBeGreaterThanOrEqual(5);
    const bestAsk = book.ordersToBuy[0]!.price_per_gram;
    const bestBid = book.ordersToSell[0]!.price_per_gram;
    expect(bestAsk).toBeGreaterThan(bestBid + 0.1);
    expect(bestAsk).toBeLessThan(9.5);
    expect(bestBid).toBeGreaterThan(8.5);
  });

  it('gives the demo customers completed, cancelled and pending orders, and the chart trades in each range', async () => {
    const [maria] = await rows<{ id: number }>(
      t.database.db,
      sql`select id from users where email = 'cliente@prata.dev'`,
    );
    const lists = await orderLists(t.database.db, Number(maria!.id));
    expect(lists.myCompletedOrders).toHaveLength(10);
    expect(lists.myPendingOrders).toHaveLength(1);
    const [cancelled] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where user_id = ${maria!.id} and status = 'cancelled'`,
    );
    expect(cancelled?.n).toBe(1);
    for (const range of ['day', 'week', 'month'] as const) {
      expect((await priceHistory(t.database.db, range)).candles.length, range).toBeGreaterThan(0);
    }
  });

  it("a placement's answer lists the demo customer's orders with the dates the demo gave them, as GET /api/orders does", async () => {
    const [maria] = await rows<{ id: number }>(
      t.database.db,
      sql`select id from users where email = 'cliente@prata.dev'`,
    );
    const id = Number(maria!.id);
    // a buy far below the book: it rests, and the completed orders stay as the demo left them
    const answer = await placeOrder(t.app.deps, id, 'buy', {
      mode: 'limit',
      price_per_gram: 100,
      quantity_grams: 100,
      total_amount: 50_000,
    });
    const lists = await orderLists(t.database.db, id);
    expect(answer.myCompletedOrders).toEqual(lists.myCompletedOrders);
    expect(answer.myPendingOrders).toEqual(lists.myPendingOrders);
    expect(answer.ordersToBuy).toEqual(lists.ordersToBuy);
    expect(answer.ordersToSell).toEqual(lists.ordersToSell);
  });

  it('runs once', async () => {
    const count = async () => (await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders`))[0];
    const before = await count();
    await seedOrdersDemo(t.app.deps);
    expect(await count()).toEqual(before);
  });
});
