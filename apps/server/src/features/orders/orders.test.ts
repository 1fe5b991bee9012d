import { randomUUID } from 'node:crypto';
import { MESSAGES, orderCost, PlaceOrderResponse } from '@prata/domain';
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
import { users } from '@/db/schema/index';
import { withTransaction } from '@/db/tx';
import {
  AccountFactsCache,
  balanceOf,
  callLedger,
  getBalances,
  type LedgerPlan,
  planArguments,
  planArgumentsSql,
  post,
  type ResolvedPlan,
  reconcile,
  resolvePlan,
} from '@/ledger/index';
import { type RecordField, recordArray, rows } from '@/db/sql';
import type { AppError } from '@/lib/errors';
import { HTTP_STATUS } from '@/plugins/errors';
import { MarketEngine, marketInputsChanged } from './engine';
import { engineOf, iso } from './service';

let t: TestApp;
let operator: Customer;

beforeAll(async () => {
  t = await buildTestApp();
  operator = await staffMember(t, ['finance'], 'Olga Operadora');
});

/** Reais (centavos) paid into a customer's available balance through the ledger, as a deposit would. */
const payIn = (c: Customer, reais: number) => fundCustomer(t.database, c.id, 'BRL', reais);

/** A customer with reais (centavos) and grams (centigrams) in their available balance. */
async function trader(reais: number, centigrams: number): Promise<Customer> {
  const c = await approvedCustomer(t);
  if (reais > 0) await payIn(c, reais);
  if (centigrams > 0) await fundCustomer(t.database, c.id, 'AG', centigrams);
  return c;
}

const RATES = { feeRateBps: 50, iofRateBps: 38 };
const cost = (side: 'buy' | 'sell', price: number, quantity: number) =>
  orderCost({ side, pricePerGramCents: price, quantityCentigrams: quantity, ...RATES });

async function place(c: Customer, side: 'buy' | 'sell', payload: Record<string, unknown>, headers = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/order/${side}`,
    headers: { ...bearer(c.token), ...headers },
    payload,
  });
}

/** A limit order with the summary's total, as the screen sends it. */
function limit(c: Customer, side: 'buy' | 'sell', price: number, quantity: number) {
  return place(c, side, {
    mode: 'limit',
    price_per_gram: price / 100,
    quantity_grams: quantity / 100,
    total_amount: cost(side, price, quantity).totalCents / 100,
  });
}

/** A back-office call of the market's operator (the finance role). */
function asOperator(url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/admin/market/${url}`, headers: bearer(operator.token), payload });
}

async function clearBook() {
  const open = await t.database.db.execute(sql`select id::text, user_id::text from orders where status = 'open'`);
  for (const r of (open as unknown as { rows: Array<{ id: string; user_id: string | null }> }).rows) {
    if (r.user_id === null) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/market/house-orders/${r.id}`,
        headers: bearer(operator.token),
      });
      expect(res.statusCode).toBe(200);
    } else {
      await engineOf(t.app.deps).submit({
        kind: 'cancel',
        owner: { userId: Number(r.user_id) },
        orderId: Number(r.id),
      });
    }
  }
}

describe('placing, taking and cancelling', () => {
  it('a limit sell rests; the buyer sees it in ordersToBuy, the seller as their own', async () => {
    await clearBook();
    const seller = await trader(0, 5000);
    const buyer = await trader(100_000, 0);
    const placed = await limit(seller, 'sell', 500, 1000);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().message).toBe(MESSAGES.orderResting);
    expect(placed.json().myPendingOrders).toHaveLength(1);
    expect(placed.json().myPendingOrders[0]).toMatchObject({
      type: 'sell',
      price_per_gram: 5,
      quantity_grams: 10,
      total_amount: 50,
    });
    expect(await getBalances(t.database.db, seller.id)).toMatchObject({ AG: { available: 4000, held: 1000 } });

    const seen = await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(buyer.token) });
    expect(seen.statusCode).toBe(200);
    const body = seen.json();
    expect(body).toMatchObject({ transaction_fee: 0.5, iof_fee: 0.38, minimum_fee: 5, trading_limit: 50_000 });
    expect(body.ordersToBuy).toEqual([
      expect.objectContaining({ id: placed.json().order.id, my_order: false, quantity_grams: 10 }),
    ]);
    const own = await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(seller.token) });
    expect(own.json().ordersToBuy[0].my_order).toBe(true);
  });

  it("an answer flags the reader's own rows wherever they stand in the book, the rest as everyone sees them", async () => {
    await clearBook();
    const a = await trader(0, 5000);
    const b = await trader(0, 5000);
    for (const [who, price] of [
      [a, 500],
      [b, 501],
      [a, 502],
      [b, 503],
      [a, 504],
    ] as const) {
      expect((await limit(who, 'sell', price, 1000)).statusCode).toBe(201);
    }
    const answer = (await limit(a, 'sell', 505, 1000)).json();
    expect(answer.ordersToBuy.map((o: { my_order: boolean }) => o.my_order)).toEqual([
      true,
      false,
      true,
      false,
      true,
      true,
    ]);
    const seen = (await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(a.token) })).json();
    expect(answer.ordersToBuy).toEqual(seen.ordersToBuy);
    expect(answer.ordersToSell).toEqual(seen.ordersToSell);
    // the same version read by b: the other rows flagged
    const forB = (await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(b.token) })).json();
    expect(forB.ordersToBuy.map((o: { my_order: boolean }) => o.my_order)).toEqual([
      false,
      true,
      false,
      true,
      false,
      false,
    ]);
  });

  it("a placement's answer is the contract's JSON, the book as GET /api/orders shows it to the same reader", async () => {
    await clearBook();
    const seller = await trader(0, 5000);
    const buyer = await trader(100_000, 0);
    await limit(seller, 'sell', 510, 1000);
    const placed = await limit(buyer, 'buy', 490, 1000);
    expect(placed.statusCode).toBe(201);
    expect(placed.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = placed.json();
    expect(Object.keys(body)).toEqual([
      'ordersToBuy',
      'ordersToSell',
      'myPendingOrders',
      'myCompletedOrders',
      'order',
      'message',
    ]);
    expect(PlaceOrderResponse.strict().parse(body)).toEqual(body);
    const seen = (await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(buyer.token) })).json();
    expect(body.ordersToBuy).toEqual(seen.ordersToBuy);
    expect(body.ordersToSell).toEqual(seen.ordersToSell);
    expect(body.myPendingOrders).toEqual(seen.myPendingOrders);
    expect(body.ordersToBuy[0].my_order).toBe(false);
    expect(body.ordersToSell[0].my_order).toBe(true);
    // the same book version read by the seller: their row flagged as theirs, the buyer's not
    const other = (await limit(seller, 'sell', 520, 100)).json();
    expect(other.ordersToBuy.map((o: { my_order: boolean }) => o.my_order)).toEqual([true, true]);
    expect(other.ordersToSell[0].my_order).toBe(false);
    // the book of an answer comes from the matcher's copy: the same as the database's, also once the copy was loaded
    // from the database again (another instance wrote, the server restarted), with a house order in it
    expect((await asOperator('house-funding', { currency: 'AG', amount: 2 })).statusCode).toBe(200);
    const house = await asOperator('house-orders', { type: 'sell', price_per_gram: 5.15, quantity_grams: 2 });
    expect(house.statusCode).toBe(201);
    engineOf(t.app.deps).invalidate();
    const again = (await limit(seller, 'sell', 530, 100)).json();
    const seenAgain = (await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(seller.token) })).json();
    expect(again.ordersToBuy).toHaveLength(4);
    expect(again.ordersToBuy).toEqual(seenAgain.ordersToBuy);
    expect(again.ordersToSell).toEqual(seenAgain.ordersToSell);
  });

  it("a placement's completed orders are GET /api/orders' own: as the matcher handed them over, and read when not", async () => {
    await clearBook();
    const maker = await trader(200_000, 20_000);
    const taker = await trader(200_000, 20_000);
    // the maker's orders complete in others' batches (filled as makers, one partly then cancelled), the taker's in its own
    const resting = [];
    for (const [price, quantity] of [
      [500, 300],
      [501, 400],
      [502, 500],
    ] as const) {
      resting.push((await limit(maker, 'sell', price, quantity)).json().order);
    }
    await limit(taker, 'buy', 501, 700);
    await limit(taker, 'buy', 502, 200);
    const partly = resting[2];
    await t.app.inject({ method: 'DELETE', url: `/api/order/${partly.id}`, headers: bearer(maker.token) });
    const seen = async (c: Customer) =>
      (await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(c.token) })).json().myCompletedOrders;
    // the maker's answer: a new order that rests (so its completed list is only the matcher's hand-over and the reads)
    const answer = (await limit(maker, 'sell', 600, 100)).json();
    expect(answer.myCompletedOrders.map((o: { id: number }) => o.id)).toEqual([
      partly.id,
      resting[1].id,
      resting[0].id,
    ]);
    expect(answer.myCompletedOrders).toEqual(await seen(maker));
    expect((await limit(taker, 'buy', 400, 100)).json().myCompletedOrders).toEqual(await seen(taker));
    // another app on the same database (another instance) never saw these orders complete: it reads them, the same
    const other = await buildTestApp({ database: t.database });
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/order/sell',
        headers: bearer(maker.token),
        payload: {
          mode: 'limit',
          price_per_gram: 6.01,
          quantity_grams: 1,
          total_amount: cost('sell', 601, 100).totalCents / 100,
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().myCompletedOrders).toEqual(await seen(maker));
    } finally {
      await other.app.close();
    }
  });

  it('taking an order from the table trades at its price: LEDGER example 3 to the centavo', async () => {
    await clearBook();
    const seller = await trader(0, 1000);
    const buyer = await trader(10_000, 0);
    const resting = (await limit(seller, 'sell', 500, 1000)).json().order;
    const took = await place(buyer, 'buy', {
      order_id: resting.id,
      price_per_gram: 5,
      quantity_grams: 10,
      total_amount: 55.21,
    });
    expect(took.statusCode).toBe(201);
    expect(took.json().message).toBe(MESSAGES.orderFilled);
    expect(took.json().order).toMatchObject({
      status: 'filled',
      quantity_grams: 10,
      price_per_gram: 5,
      transaction_fee: 5,
      iof_fee: 0.21,
      total_amount: 55.21,
    });
    expect(took.json().myCompletedOrders).toHaveLength(1);
    expect(await getBalances(t.database.db, buyer.id)).toMatchObject({
      BRL: { available: 10_000 - 5521, held: 0 },
      AG: { available: 1000 },
    });
    // the seller receives value − fee − IOF = 4479
    expect(await getBalances(t.database.db, seller.id)).toMatchObject({
      BRL: { available: 4479, held: 0 },
      AG: { available: 0, held: 0 },
    });
    const sellerView = await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(seller.token) });
    expect(sellerView.json().myPendingOrders).toEqual([]);
    expect(sellerView.json().myCompletedOrders[0]).toMatchObject({
      type: 'sell',
      total_amount: 44.79,
      transaction_fee: 5,
      iof_fee: 0.21,
    });
  });

  it('partial fills: the resting order keeps its rest and pays the R$ 5,00 minimum once', async () => {
    await clearBook();
    const seller = await trader(0, 2000);
    const b1 = await trader(100_000, 0);
    const b2 = await trader(100_000, 0);
    const resting = (await limit(seller, 'sell', 600, 2000)).json().order;
    const first = await limit(b1, 'buy', 600, 500);
    expect(first.json().order.status).toBe('filled');
    const mid = await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(seller.token) });
    expect(mid.json().myPendingOrders[0]).toMatchObject({ id: resting.id, quantity_grams: 15, transaction_fee: 5 });
    // a buy above the ask trades at the resting price, and rests what the book cannot give
    const second = await limit(b2, 'buy', 650, 2000);
    expect(second.json().message).toBe(MESSAGES.orderPartiallyFilled('15,00 g', '20,00 g'));
    expect(second.json().myPendingOrders[0]).toMatchObject({ price_per_gram: 6.5, quantity_grams: 5 });
    const done = await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(seller.token) });
    // 20 g at R$ 6,00 = R$ 120,00; fee R$ 5,00 once; IOF (12000 + 500) × 0,38% = 47,5 → 48
    expect(done.json().myCompletedOrders[0]).toMatchObject({
      id: resting.id,
      quantity_grams: 20,
      transaction_fee: 5,
      iof_fee: 0.48,
      total_amount: 114.52,
    });
    expect(await getBalances(t.database.db, seller.id)).toMatchObject({ BRL: { available: 11_452 } });
    // b2 holds what its resting 5 g need at R$ 6,50 (its summary's total minus what 15 g at R$ 6,00 took)
    const b2cost = cost('buy', 650, 2000).totalCents;
    const charged = 9000 + 500 + Math.round((9000 + 500) * 0.0038);
    expect(await getBalances(t.database.db, b2.id)).toMatchObject({
      BRL: { available: 100_000 - b2cost, held: b2cost - charged },
    });
  });

  it("a completed order's price is its fills' average, not its rounded value over its grams", async () => {
    await clearBook();
    const seller = await trader(0, 100);
    const other = await trader(0, 100);
    const buyer = await trader(100_000, 0);
    expect((await limit(seller, 'sell', 910, 100)).statusCode).toBe(201);
    // 0,01 g at R$ 9,10 is worth R$ 0,091, charged R$ 0,09: R$ 0,09 / 0,01 g would say R$ 9,00
    const bought = (await limit(buyer, 'buy', 910, 1)).json();
    expect(bought.order).toMatchObject({ status: 'filled', price_per_gram: 9.1, quantity_grams: 0.01 });
    expect(bought.myCompletedOrders[0]).toMatchObject({ id: bought.order.id, price_per_gram: 9.1 });
    // the rest of the sell but 0,01 g, then a market buy of 0,03 g: 0,01 g at R$ 9,10 and 0,02 g at R$ 9,15, worth
    // R$ 0,274 (charged R$ 0,27, which over 0,03 g would say R$ 9,00): the average is R$ 9,1333 → R$ 9,13
    expect((await limit(buyer, 'buy', 910, 98)).json().order.status).toBe('filled');
    expect((await limit(other, 'sell', 915, 100)).statusCode).toBe(201);
    const market = await place(buyer, 'buy', {
      mode: 'market',
      quantity_grams: 0.03,
      total_amount: cost('buy', 915, 3).totalCents / 100,
    });
    expect(market.json().order).toMatchObject({ status: 'filled', price_per_gram: 9.13 });
    const seen = await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(buyer.token) });
    expect(seen.json().myCompletedOrders[0]).toMatchObject({ id: market.json().order.id, price_per_gram: 9.13 });
    const sold = await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(seller.token) });
    expect(sold.json().myCompletedOrders[0]).toMatchObject({ quantity_grams: 1, price_per_gram: 9.1 });
  });

  it('cancelling gives the hold back and lists the order under cancelled orders', async () => {
    await clearBook();
    const buyer = await trader(100_000, 0);
    const placed = (await limit(buyer, 'buy', 400, 1000)).json().order;
    const total = cost('buy', 400, 1000).totalCents;
    expect(await getBalances(t.database.db, buyer.id)).toMatchObject({
      BRL: { available: 100_000 - total, held: total },
    });
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${placed.id}`,
      headers: bearer(buyer.token),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ order: { id: placed.id }, message: MESSAGES.orderCancelled });
    expect(await getBalances(t.database.db, buyer.id)).toMatchObject({ BRL: { available: 100_000, held: 0 } });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${placed.id}`,
      headers: bearer(buyer.token),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_NOT_OPEN');
    const deleted = await t.app.inject({ method: 'GET', url: '/api/orders/deleted', headers: bearer(buyer.token) });
    expect(deleted.json().deleted_orders).toMatchObject({ total: 1, per_page: 15 });
    expect(deleted.json().deleted_orders.data[0]).toMatchObject({
      id: placed.id,
      status: 'cancelled',
      quantity_grams: 10,
      total_amount: 40,
    });
    expect(deleted.json().deleted_orders.data[0].deleted_at).toEqual(expect.any(String));
  });

  it('market orders walk the book at once, all or nothing, never above the total shown', async () => {
    await clearBook();
    const s1 = await trader(0, 1000);
    const s2 = await trader(0, 1000);
    const buyer = await trader(100_000, 0);
    await limit(s1, 'sell', 500, 1000);
    await limit(s2, 'sell', 520, 1000);
    const avg = await t.app.inject({
      method: 'GET',
      url: '/api/orders/average-price-per-gram/buy/15',
      headers: bearer(buyer.token),
    });
    expect(avg.json(), avg.body).toBe(5.07); // (5000 + 2600) / 15 = 506,67 centavos
    const quote = (
      await t.app.inject({ method: 'GET', url: '/api/orders/quote/buy/15', headers: bearer(buyer.token) })
    ).json();
    expect(quote).toMatchObject({
      available: true,
      value: 76,
      transaction_fee: 5,
      iof_fee: 0.31,
      total: 81.31,
      allowed: true,
    });
    const tooMuch = await t.app.inject({
      method: 'GET',
      url: '/api/orders/average-price-per-gram/buy/25',
      headers: bearer(buyer.token),
    });
    expect(tooMuch.json()).toBe(0);
    const notEnough = await place(buyer, 'buy', { mode: 'market', quantity_grams: 25, total_amount: 500 });
    expect(notEnough.statusCode).toBe(422);
    expect(notEnough.json().code).toBe('ORDER_NOT_ENOUGH_IN_BOOK');
    const stale = await place(buyer, 'buy', { mode: 'market', quantity_grams: 15, total_amount: 81.3 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'ORDER_PRICE_CHANGED', message: MESSAGES.orderPriceChanged });
    const bought = await place(buyer, 'buy', { mode: 'market', quantity_grams: 15, total_amount: quote.total });
    expect(bought.statusCode).toBe(201);
    expect(bought.json().order).toMatchObject({
      mode: 'market',
      status: 'filled',
      total_amount: 81.31,
      quantity_grams: 15,
    });
    expect(await getBalances(t.database.db, buyer.id)).toMatchObject({
      BRL: { available: 100_000 - 8131, held: 0 },
      AG: { available: 1500 },
    });
    expect(bought.json().ordersToBuy).toEqual([expect.objectContaining({ price_per_gram: 5.2, quantity_grams: 5 })]);
  });

  it('a market sell nets what the quote said, and is refused when its net would be zero', async () => {
    await clearBook();
    const b = await trader(100_000, 0);
    const seller = await trader(0, 5000);
    await limit(b, 'buy', 300, 5000);
    const q = (
      await t.app.inject({ method: 'GET', url: '/api/orders/quote/sell/1', headers: bearer(seller.token) })
    ).json();
    // 1 g at R$ 3,00: the R$ 5,00 fee eats it
    expect(q, JSON.stringify(q)).toMatchObject({ available: true, allowed: false });
    const tiny = await place(seller, 'buy', {
      mode: 'limit',
      price_per_gram: 0.01,
      quantity_grams: 0.01,
      total_amount: 6,
    });
    expect(tiny.json()).toMatchObject({ code: 'ORDER_NOT_ALLOWED', message: MESSAGES.orderValueTooSmall });
    const refused = await place(seller, 'sell', { mode: 'market', quantity_grams: 1, total_amount: 0.01 });
    expect(refused.json()).toMatchObject({ code: 'ORDER_NOT_ALLOWED', message: MESSAGES.orderSellNotAllowed });
    const q2 = (
      await t.app.inject({ method: 'GET', url: '/api/orders/quote/sell/30', headers: bearer(seller.token) })
    ).json();
    const sold = await place(seller, 'sell', { mode: 'market', quantity_grams: 30, total_amount: q2.total });
    expect(sold.statusCode).toBe(201);
    expect(await getBalances(t.database.db, seller.id)).toMatchObject({
      BRL: { available: Math.round(q2.total * 100) },
      AG: { available: 2000 },
    });
  });
});

describe('bad input changes nothing', () => {
  it('refuses negative, zero, three decimals, a price on a market order, a missing price', async () => {
    const c = await trader(100_000, 1000);
    const before = await getBalances(t.database.db, c.id);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { mode: 'limit', price_per_gram: -5, quantity_grams: 1, total_amount: 10 },
        'price_per_gram',
        MESSAGES.orderPriceInvalid,
      ],
      [
        { mode: 'limit', price_per_gram: 0, quantity_grams: 1, total_amount: 10 },
        'price_per_gram',
        MESSAGES.orderPriceRequired,
      ],
      [
        { mode: 'limit', price_per_gram: 5, quantity_grams: 0, total_amount: 10 },
        'quantity_grams',
        MESSAGES.orderQuantityRequired,
      ],
      [
        { mode: 'limit', price_per_gram: 5, quantity_grams: 1.234, total_amount: 10 },
        'quantity_grams',
        MESSAGES.orderQuantityInvalid,
      ],
      [
        { mode: 'limit', price_per_gram: 5.001, quantity_grams: 1, total_amount: 10 },
        'price_per_gram',
        MESSAGES.orderPriceInvalid,
      ],
      [
        { mode: 'market', price_per_gram: 5, quantity_grams: 1, total_amount: 10 },
        'price_per_gram',
        MESSAGES.orderMarketHasNoPrice,
      ],
      [{ mode: 'limit', quantity_grams: 1, total_amount: 10 }, 'price_per_gram', MESSAGES.orderPriceRequired],
      [{ mode: 'limit', price_per_gram: 5, quantity_grams: 1 }, 'total_amount', MESSAGES.orderTotalRequired],
      [
        { mode: 'limit', price_per_gram: 200_000, quantity_grams: 1, total_amount: 10 },
        'price_per_gram',
        MESSAGES.orderPriceTooHigh,
      ],
      [{ mode: 'other', price_per_gram: 5, quantity_grams: 1, total_amount: 10 }, 'mode', MESSAGES.chooseOption],
    ];
    for (const [payload, field, message] of cases) {
      const r = await place(c, 'buy', payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(422);
      expect(r.json().code).toBe('VALIDATION_FAILED');
      expect(r.json().errors[field], JSON.stringify(payload)).toEqual([message]);
    }
    expect(await getBalances(t.database.db, c.id)).toEqual(before);
  });

  it("another customer's order is a 404; one's own cannot be taken", async () => {
    const a = await trader(100_000, 1000);
    const b = await trader(100_000, 1000);
    const mine = (await limit(a, 'sell', 900, 100)).json().order;
    const other = await t.app.inject({ method: 'DELETE', url: `/api/order/${mine.id}`, headers: bearer(b.token) });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('NOT_FOUND');
    const none = await t.app.inject({ method: 'DELETE', url: '/api/order/999999999', headers: bearer(b.token) });
    expect(none.statusCode).toBe(404);
    const own = await place(a, 'buy', { order_id: mine.id, quantity_grams: 1, total_amount: 100 });
    expect(own.json()).toMatchObject({ code: 'ORDER_OWN', message: MESSAGES.orderOwn });
    const gone = await place(b, 'buy', { order_id: 999_999_999, quantity_grams: 1, total_amount: 100 });
    expect(gone.json().code).toBe('ORDER_NOT_OPEN');
    await t.app.inject({ method: 'DELETE', url: `/api/order/${mine.id}`, headers: bearer(a.token) });
  });

  it('insufficient balance and the annual trading limit are clear refusals', async () => {
    await clearBook();
    const poor = await trader(1000, 10);
    const r = await limit(poor, 'buy', 500, 1000);
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: MESSAGES.orderInsufficientReais });
    const s = await limit(poor, 'sell', 500, 1000);
    expect(s.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: MESSAGES.orderInsufficientSilver });

    const rich = await trader(10_000_000, 0);
    await t.database.db.update(users).set({ tradingLimitCents: 100_000 }).where(eq(users.id, rich.id));
    const ok = await limit(rich, 'buy', 100, 60_000); // R$ 600,00 resting
    expect(ok.statusCode).toBe(201);
    const over = await limit(rich, 'buy', 100, 50_000); // R$ 500,00 more: above R$ 1.000,00
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'TRADING_LIMIT_EXCEEDED',
      message: MESSAGES.tradingLimitExceeded('R$ 1.000,00', 'R$ 400,00'),
    });
    const overview = await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(rich.token) });
    expect(overview.json()).toMatchObject({ trading_limit: 1000, trading_limit_left: 400 });
  });

  it('a summary made with old rates is refused after an operator changes them', async () => {
    await clearBook();
    const c = await trader(100_000, 0);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/market/settings',
      headers: bearer(operator.token),
      payload: { transaction_fee: 1, iof_fee: 0.38, minimum_fee: 5 },
    });
    expect(changed.statusCode).toBe(200);
    try {
      const r = await limit(c, 'buy', 10_000, 10_000); // R$ 10.000,00: the fee is now 1%
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('ORDER_PRICE_CHANGED');
      expect(await getBalances(t.database.db, c.id)).toMatchObject({ BRL: { available: 100_000, held: 0 } });
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/admin/market/settings',
        headers: bearer(operator.token),
        payload: { transaction_fee: 0.5, iof_fee: 0.38, minimum_fee: 5 },
      });
    }
  });

  it('needs an approved registration to read the book and place; a session to cancel', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/orders' });
    expect(anon.statusCode).toBe(401);
    const c = await trader(0, 0);
    await t.database.db.update(users).set({ approvedAt: null }).where(eq(users.id, c.id));
    const r = await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(c.token) });
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('REGISTRATION_UNDER_REVIEW');
  });

  it('a retried placement with the same Idempotency-Key places once', async () => {
    await clearBook();
    const c = await trader(100_000, 0);
    const key = `ordem-${randomUUID()}`;
    const payload = {
      mode: 'limit',
      price_per_gram: 3,
      quantity_grams: 2,
      total_amount: cost('buy', 300, 200).totalCents / 100,
    };
    const first = await place(c, 'buy', payload, { 'idempotency-key': key });
    const second = await place(c, 'buy', payload, { 'idempotency-key': key });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().order.id).toBe(first.json().order.id);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body); // the answer kept, as it was sent (its bytes, as text)
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(c.token) });
    expect(mine.json().myPendingOrders).toHaveLength(1);
  });

  it('a cancel sent twice with the same Idempotency-Key cancels once and answers the same twice', async () => {
    await clearBook();
    const c = await trader(100_000, 0);
    const placed = (await limit(c, 'buy', 300, 200)).json().order;
    const key = `cancelar-${randomUUID()}`;
    const cancel = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/order/${placed.id}`,
        headers: { ...bearer(c.token), 'idempotency-key': key },
      });
    const [first, second] = await Promise.all([cancel(), cancel()]);
    const answers = [first, second].map((r) => r.statusCode).sort();
    // at the same instant the second waits its turn (409 IDEMPOTENCY_IN_PROGRESS) or replays the first: never twice
    expect(answers[0]).toBe(200);
    const third = await cancel();
    expect(third.statusCode).toBe(200);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.json()).toEqual(first.statusCode === 200 ? first.json() : second.json());
    expect(await getBalances(t.database.db, c.id)).toMatchObject({ BRL: { available: 100_000, held: 0 } });
    const deleted = await t.app.inject({ method: 'GET', url: '/api/orders/deleted', headers: bearer(c.token) });
    expect(deleted.json().deleted_orders.total).toBe(1);
  });
});

describe('the house', () => {
  it('operators fund it and post its orders; it pays no fee; customers buy from it', async () => {
    await clearBook();
    expect((await asOperator('house-funding', { currency: 'AG', amount: 100 })).statusCode).toBe(200);
    const houseBefore = await balanceOf(t.database.db, { house: 'available' }, 'BRL');
    const placed = await asOperator('house-orders', { type: 'sell', price_per_gram: 5.5, quantity_grams: 50 });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order).toMatchObject({ type: 'sell', status: 'open', quantity_grams: 50 });
    const c = await trader(100_000, 0);
    const q = (await t.app.inject({ method: 'GET', url: '/api/orders/quote/buy/10', headers: bearer(c.token) })).json();
    const bought = await place(c, 'buy', { mode: 'market', quantity_grams: 10, total_amount: q.total });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(await balanceOf(t.database.db, { house: 'available' }, 'BRL')).toBe(houseBefore + 5500);
    const overview = await t.app.inject({ method: 'GET', url: '/api/admin/market', headers: bearer(operator.token) });
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toMatchObject({
      asks: [{ price_per_gram: 5.5, quantity_grams: 40, orders: 1 }],
      last_price: 5.5,
    });
    expect(overview.json().house.held_grams).toBe(40);
    const crossing = await asOperator('house-orders', { type: 'buy', price_per_gram: 5.6, quantity_grams: 1 });
    expect(crossing.statusCode).toBe(422);
    expect(crossing.json()).toMatchObject({ code: 'ORDER_NOT_ALLOWED', message: MESSAGES.houseOrderCrossesOwn });
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/admin/market', headers: bearer(c.token) });
    expect(forbidden.statusCode).toBe(403);
  });

  it('the price history answers the trades in buckets', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/orders/price-history?range=day' });
    expect(r.statusCode).toBe(200);
    expect(r.json().candles.length).toBeGreaterThan(0);
    expect(r.json().last_price).toBe(5.5);
    const bad = await t.app.inject({ method: 'GET', url: '/api/orders/price-history?range=year' });
    expect(bad.statusCode).toBe(422);
  });

  it('the last price is the last trade by time, everywhere; the change is against the last trade 24 h before', async () => {
    await clearBook();
    const seller = await trader(0, 10_000);
    const buyer = await trader(1_000_000, 0);
    const trade = async (price: number) => {
      expect((await limit(seller, 'sell', price, 100)).statusCode).toBe(201);
      expect((await limit(buyer, 'buy', price, 100)).statusCode).toBe(201);
    };
    await trade(800); // dated back to 30 hours ago: the price as it stood 24 hours ago
    await trade(895); // the last trade
    await trade(797); // the highest id, dated back to three days ago as the demos date theirs
    await t.database.db.execute(sql`update trades set created_at = now() - interval '30 hours'
                                     where id = (select max(id) - 2 from trades)`);
    await t.database.db.execute(sql`update trades set created_at = now() - interval '3 days'
                                     where id = (select max(id) from trades)`);
    const day = (await t.app.inject({ method: 'GET', url: '/api/orders/price-history?range=day' })).json();
    expect(day.last_price).toBe(8.95);
    expect(day.candles.at(-1).close).toBe(8.95);
    // the price as it stood 24 hours ago: the trade of 30 hours ago, not the older one with the highest id
    expect(day.change_reference_price).toBe(8);
    const overview = await t.app.inject({ method: 'GET', url: '/api/admin/market', headers: bearer(operator.token) });
    expect(overview.json().last_price).toBe(8.95);
  });
});

describe("the answers' timestamps", () => {
  it("read PostgreSQL's UTC JSON form and the API's own as Date would, and anything else through Date", () => {
    const samples = [
      '2026-11-26T17:00:00.123456+00:00',
      '2026-11-26T17:00:00.999999+00:00',
      '2026-11-26T17:00:00.1+00:00',
      '2026-11-26T17:00:00.12+00:00',
      '2026-11-26T17:00:00.123+00:00',
      '2026-11-26T17:00:00+00:00',
      '2026-02-28T23:59:59.5+00:00',
      '2026-11-26T14:00:00.123456-03:00',
      '2026-11-26T17:00:00.123Z',
      '2026-11-26T17:00:00Z',
    ];
    for (const s of samples) expect(iso(s)).toBe(new Date(s).toISOString());
    const d = new Date(1_790_000_000_123);
    expect(iso(d)).toBe(d.toISOString());
  });
});

describe('the reconciliation', () => {
  it('catches an open order whose hold does not match its rest, and a closed one still holding', async () => {
    const c = await trader(100_000, 0);
    const placed = (await limit(c, 'buy', 200, 1000)).json().order;
    const db = t.database.db;
    expect((await reconcile(db)).ok).toBe(true);
    await db.execute(sql`update orders set fee_cents = fee_cents + 1 where id = ${placed.id}`);
    expect((await reconcile(db)).problems).toContainEqual(
      expect.stringMatching(new RegExp(`^ordem ${placed.id}: aberta`)),
    );
    await db.execute(sql`update orders set fee_cents = fee_cents - 1, status = 'filled', remaining_cg = 0,
                                           filled_cg = quantity_cg where id = ${placed.id}`);
    expect((await reconcile(db)).problems).toContainEqual(`ordem ${placed.id}: filled, mas com 1 reserva(s) aberta(s)`);
    await db.execute(
      sql`update orders set status = 'open', remaining_cg = quantity_cg, filled_cg = 0 where id = ${placed.id}`,
    );
    expect((await reconcile(db)).ok).toBe(true);
  });

  it('catches what the foreign keys of the hot path caught (migration 0017): trades, orders and holds pointing astray', async () => {
    const s = await trader(0, 1_000);
    const b = await trader(100_000, 0);
    // far above every buy the other tests left resting, then taken from the table
    const sell = (await limit(s, 'sell', 9_000, 500)).json().order;
    const buy = (
      await place(b, 'buy', {
        order_id: sell.id,
        quantity_grams: 5,
        total_amount: cost('buy', 9_000, 500).totalCents / 100,
      })
    ).json().order;
    expect(buy.status).toBe('filled');
    const db = t.database.db;
    expect((await reconcile(db)).ok).toBe(true);
    const [trade] = await rows<{ id: string }>(db, sql`select id::text from trades where maker_order_id = ${sell.id}`);
    const problems = async (change: ReturnType<typeof sql>, undo: ReturnType<typeof sql>) => {
      await db.execute(change);
      const found = (await reconcile(db)).problems;
      await db.execute(undo);
      return found;
    };
    expect(
      await problems(
        sql`update trades set maker_order_id = 999999999 where id = ${trade!.id}`,
        sql`update trades set maker_order_id = ${sell.id} where id = ${trade!.id}`,
      ),
    ).toContainEqual(`negócio ${trade!.id}: ordens inexistentes ou do mesmo lado`);
    expect(
      await problems(
        sql`update trades set taker_order_id = maker_order_id where id = ${trade!.id}`,
        sql`update trades set taker_order_id = ${buy.id} where id = ${trade!.id}`,
      ),
    ).toContainEqual(`negócio ${trade!.id}: ordens inexistentes ou do mesmo lado`);
    expect(
      await problems(
        sql`update orders set user_id = 999999999 where id = ${sell.id}`,
        sql`update orders set user_id = ${s.id} where id = ${sell.id}`,
      ),
    ).toContainEqual(`ordem ${sell.id}: cliente 999999999 inexistente`);
    const hold = `order:${sell.id}:0`;
    expect(
      await problems(
        sql`update ledger_holds set held_account_id = (select id from ledger_accounts
                                                        where code = ${`customer:${b.id}:held:AG`}) where hold_id = ${hold}`,
        sql`update ledger_holds set held_account_id = (select id from ledger_accounts
                                                        where code = ${`customer:${s.id}:held:AG`}) where hold_id = ${hold}`,
      ),
    ).toContainEqual(`reserva ${hold}: dono ou contas inexistentes, de outro dono ou de outra moeda`);
    expect((await reconcile(db)).ok).toBe(true);
  });
});

describe('back-pressure', () => {
  it('a matcher with a full queue refuses at once with ORDER_BOOK_BUSY (503) instead of waiting without end', async () => {
    const c = await trader(100_000, 0);
    const engine = new MarketEngine(t.database, 1);
    const op = {
      kind: 'place' as const,
      owner: { userId: c.id },
      side: 'buy' as const,
      mode: 'limit' as const,
      pricePerGramCents: 100,
      quantityCentigrams: 100,
      expectedTotalCents: 602,
    };
    const first = engine.submit(op); // taken into a batch at once
    const second = engine.submit(op); // waits in the queue
    const third = engine.submit(op).catch((e: AppError) => e);
    expect(await third).toMatchObject({ code: 'ORDER_BOOK_BUSY', message: MESSAGES.orderBookBusy });
    expect(HTTP_STATUS.ORDER_BOOK_BUSY).toBe(503);
    const placed = await Promise.all([first, second]);
    for (const p of placed) await engine.submit({ kind: 'cancel', owner: { userId: c.id }, orderId: p.orderId });
    engineOf(t.app.deps).invalidate();
  });
});

describe('one round trip per batch (migrations 0019 and 0023)', () => {
  /** orders_apply_batch called as the matcher calls it: the plan (or none), these orders, no trades, no usage */
  const applyBatch = (plan: ResolvedPlan | null, orders: RecordField[][], version: number) =>
    callLedger<unknown>(
      t.database.db,
      `select orders_apply_batch(${planArgumentsSql(1)}, $7::orders_batch_order[], '{}', '{}', 2026, now(),
         $8::bigint, 0, 0) as r`,
      'test_orders_apply_batch',
      [...planArguments(plan), recordArray(orders), version],
    );

  it("what the matcher knows of the ledger's accounts, when no longer true, fails its batch, is read again, and the order goes through", async () => {
    await clearBook();
    const seller = await trader(0, 2000);
    const buyer = await trader(20_000, 0);
    expect((await limit(seller, 'sell', 500, 1000)).statusCode).toBe(201);
    // the matcher's knowledge, swapped: the buyer's available reais said to be the seller's account (as if the
    // database had been recreated under the process)
    const engine = engineOf(t.app.deps);
    const known = (engine as unknown as { accounts: { known: Map<string, { id: number }> } }).accounts.known;
    const buyerCode = `customer:${buyer.id}:available:BRL`;
    const sellerFacts = known.get(`customer:${seller.id}:available:BRL`)!;
    const facts = await new AccountFactsCache().loadCodes(t.database.db, [buyerCode]);
    known.set(buyerCode, { ...facts(buyerCode), id: sellerFacts.id });
    const bought = await limit(buyer, 'buy', 500, 1000);
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().order).toMatchObject({ status: 'filled', quantity_grams: 10 });
    expect(known.get(buyerCode)?.id).toBe(facts(buyerCode).id);
    expect(await getBalances(t.database.db, seller.id)).toMatchObject({ AG: { available: 1000, held: 0 } });
    // the maker's: not read by the batch (it is not placing), named by the ledger's plan, which checks it (PR002)
    expect((await limit(seller, 'sell', 500, 1000)).statusCode).toBe(201);
    const makerCode = `customer:${seller.id}:available:BRL`;
    const makerFacts = known.get(makerCode)!;
    known.set(makerCode, { ...makerFacts, id: known.get(buyerCode)!.id });
    const again = await limit(buyer, 'buy', 500, 1000);
    expect(again.statusCode, again.body).toBe(201);
    expect(known.get(makerCode)?.id).toBe(makerFacts.id);
    expect(await getBalances(t.database.db, seller.id)).toMatchObject({ AG: { available: 0, held: 0 } });
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });

  it('a batch whose placers the matcher knows writes without reading them; what changed outside is read when it matters', async () => {
    await clearBook();
    const db = t.database.db;
    const engine = engineOf(t.app.deps);
    const c = await trader(10_000, 0); // R$ 100,00
    const countsSince = (before: typeof engine.counts) =>
      Object.fromEntries(Object.entries(engine.counts).map(([k, v]) => [k, v - before[k as keyof typeof before]]));
    const ordersNow = async () => (await rows<{ n: string }>(db, sql`select count(*)::text as n from orders`))[0]!.n;

    expect((await limit(c, 'buy', 100, 1_000)).statusCode).toBe(201); // read: a placer seen for the first time
    let before = { ...engine.counts };
    expect((await limit(c, 'buy', 100, 1_000)).statusCode).toBe(201);
    expect(countsSince(before)).toEqual({ fast: 1, locked: 0, stale: 0, read: 0, unknown: 0 }); // no read

    // R$ 1.000,00 paid in behind the matcher's back: an order only that money pays for is refused on what it knew,
    // then read and placed
    await payIn(c, 100_000);
    before = { ...engine.counts };
    expect((await limit(c, 'buy', 100, 50_000)).statusCode).toBe(201); // R$ 500,00 and the fee and IOF
    expect(countsSince(before)).toMatchObject({ fast: 0, locked: 1, stale: 1, unknown: 1 });

    // nearly all of it taken out behind its back: what it knew would pay, the ledger refuses, nothing is written
    const available = await balanceOf(db, { customer: c.id, bucket: 'available' }, 'BRL');
    await post(db, {
      id: `test-withdraw:${randomUUID()}`,
      debit: { customer: c.id, bucket: 'available' },
      credit: { system: 'pix:clearing' },
      currency: 'BRL',
      amount: available - 100,
      code: 'test.withdraw',
    });
    const orders = await ordersNow();
    const refused = await limit(c, 'buy', 100, 1_000);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: MESSAGES.orderInsufficientReais });
    expect(await ordersNow()).toBe(orders);
    expect(await balanceOf(db, { customer: c.id, bucket: 'available' }, 'BRL')).toBe(100);

    // the rates or a limit changed: the market's version moves on, and the next batch reads everything under the lock
    await withTransaction(db, (tx) => marketInputsChanged(tx));
    await payIn(c, 10_000);
    before = { ...engine.counts };
    expect((await limit(c, 'buy', 100, 1_000)).statusCode).toBe(201);
    expect(countsSince(before)).toMatchObject({ locked: 1 });
    expect((await reconcile(db)).problems).toEqual([]);
  });

  it("a placement's lists come from the matcher's copy once it has learnt the customer's, as GET /api/orders has them", async () => {
    await clearBook();
    const engine = engineOf(t.app.deps);
    const a = await trader(10_000_000, 100_000);
    const b = await trader(10_000_000, 100_000);
    const lists = (body: Record<string, unknown>) => ({
      ordersToBuy: body.ordersToBuy,
      ordersToSell: body.ordersToSell,
      myPendingOrders: body.myPendingOrders,
      myCompletedOrders: body.myCompletedOrders,
    });
    const placed = async (c: Customer, res: Awaited<ReturnType<typeof limit>>) => {
      expect(res.statusCode).toBe(201);
      const overview = await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(c.token) });
      expect(lists(res.json())).toEqual(lists(overview.json()));
      return res.json() as { order: { id: number } };
    };
    const before = engine.listsFromCopy;
    // a rests three sells; b's one buy fills two of them whole and one in part (one batch completes two of a's orders)
    await placed(a, await limit(a, 'sell', 90_000, 100));
    await placed(a, await limit(a, 'sell', 90_000, 200));
    const partly = await placed(a, await limit(a, 'sell', 90_100, 500));
    await placed(b, await limit(b, 'buy', 90_100, 400));
    // a's lists, learnt before that batch and kept up to date by it; a cancels the part-filled one (it joins the
    // completed orders), then more orders both ways
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${partly.order.id}`,
      headers: bearer(a.token),
    });
    expect(cancel.statusCode).toBe(200);
    await placed(a, await limit(a, 'buy', 80_000, 100));
    await placed(b, await limit(b, 'sell', 80_000, 100));
    await placed(a, await limit(a, 'sell', 95_000, 100));
    for (let i = 0; i < 10; i++) {
      await placed(b, await limit(b, 'sell', 70_000, 100));
      await placed(a, await limit(a, 'buy', 70_000, 100));
    }
    expect(engine.listsFromCopy - before).toBeGreaterThanOrEqual(20);
    // and from a copy reloaded from the database: read once, then known again
    engine.invalidate();
    await placed(a, await limit(a, 'buy', 60_000, 100));
    await placed(a, await limit(a, 'buy', 60_000, 100));
    engineOf(t.app.deps).invalidate();
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });

  it("a matcher whose copy of the book is behind the market's writes under the lock, against the book as it is", async () => {
    const seller = await trader(0, 1_000);
    const buyer = await trader(100_000, 0);
    const one = new MarketEngine(t.database);
    const two = new MarketEngine(t.database);
    const sell = (engine: MarketEngine, price: number) =>
      engine.submit({
        kind: 'place',
        owner: { userId: seller.id },
        side: 'sell',
        mode: 'limit',
        pricePerGramCents: price,
        quantityCentigrams: 100,
      });
    const first = await sell(two, 90_000); // two loads the book, under the lock
    const second = await sell(one, 90_100); // one writes the next version: two's copy is now behind
    expect(second.version).toBe(first.version + 1);
    // two takes the order only one has seen: read, found the market moved on, reloaded under the lock
    const take = await two.submit({
      kind: 'place',
      owner: { userId: buyer.id },
      side: 'buy',
      mode: 'take',
      targetOrderId: second.orderId,
      quantityCentigrams: 100,
    });
    expect(take).toMatchObject({ status: 'filled', filledCentigrams: 100, trades: 1, version: second.version + 1 });
    expect(two.counts).toEqual({ fast: 0, locked: 2, stale: 1, read: 0, unknown: 0 });
    // and now two's copy is current: the fast path, without a read (a cancel places nobody)
    await two.submit({ kind: 'cancel', owner: { userId: seller.id }, orderId: first.orderId });
    expect(two.counts).toEqual({ fast: 1, locked: 2, stale: 1, read: 0, unknown: 0 });
    engineOf(t.app.deps).invalidate();
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });

  it('a batch the ledger refuses raises PR001 with the reason and the account, and writes nothing', async () => {
    const db = t.database.db;
    const poor = await trader(100, 0);
    const [before] = await rows<{ version: string; orders: string }>(
      db,
      sql`select version::text, (select count(*) from orders)::text as orders from market_state`,
    );
    const planned: LedgerPlan = {
      transfers: [
        {
          id: `test:${randomUUID()}`,
          debitAccount: `customer:${poor.id}:available:BRL`,
          creditAccount: 'rounding',
          amount: 101,
          code: 't',
          currency: 'BRL',
        },
      ],
      holdsOpened: [],
      holdsClosed: [],
    };
    const plan = resolvePlan(planned, await new AccountFactsCache().load(db, planned));
    const failed = await applyBatch(plan, [], Number(before!.version) + 1).catch(
      (e: unknown) => e as { code?: string; detail?: string },
    );
    const cause = failed as { code?: string; detail?: string };
    expect(cause?.code).toBe('PR001');
    expect(JSON.parse(cause!.detail!)).toEqual({
      reason: 'insufficient_funds',
      account: `customer:${poor.id}:available:BRL`,
    });
    const [after] = await rows<{ version: string; orders: string }>(
      db,
      sql`select version::text, (select count(*) from orders)::text as orders from market_state`,
    );
    expect(after).toEqual(before);
    expect(await balanceOf(db, { customer: poor.id, bucket: 'available' }, 'BRL')).toBe(100);
  });

  it('a batch written for a version the market has moved past answers "stale" and writes nothing', async () => {
    const db = t.database.db;
    const state = async () =>
      (
        await rows<{ version: string; orders: string }>(
          db,
          sql`select version::text, (select count(*) from orders)::text as orders from market_state`,
        )
      )[0]!;
    const before = await state();
    // the house's order: id, owner, side, mode, status, price, quantity, remaining, filled, exact, value, fee, IOF,
    // rates, minimum fee, hold, hold's sequence, expected total, order taken, cancelled at
    const order = [9_000_000_001, null, 'sell', 'limit', 'open', 500, 100, 100, 0, 0, 0, 0, 0, 50, 38, 500, 100, 0];
    expect(await applyBatch(null, [[...order, null, null, null]], Number(before.version) + 2)).toBe('stale');
    expect(await state()).toEqual(before);
  });
});
