import { orderCost } from '@prata/domain';
import { eq } from 'drizzle-orm';
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
import { tradingLimitRequests, users } from '../../db/schema/index';
import { reconcile } from '../../ledger/index';
import { engineOf } from './service';

/**
 * The market's inputs a batch may know without reading (the rates, a customer's trading limit) move the market's
 * version by themselves (migration 0025's triggers): each is changed here through its own route, which calls nothing
 * of the orders feature, and the next batch finds its copy stale and reads everything again under the lock.
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
