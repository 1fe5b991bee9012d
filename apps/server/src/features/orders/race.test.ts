import { randomUUID } from 'node:crypto';
import { orderCost } from '@prata/domain';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  type Customer,
  onPostgres,
  openSecondPool,
  skippedOnPglite,
  type TestApp,
} from '../../../test/helpers';
import { users } from '@/db/schema/index';
import { post, reconcile } from '@/ledger/index';
import { rows } from '@/db/sql';
import { int } from '@/db/integers';
import { seededRandom } from '@/lib/seeded-random';
import { engineOf } from './service';

/**
 * Two server instances (two apps, two pools, two matchers) on one PostgreSQL; 50 customers; 2,000 random orders sent
 * at once, 100 in flight, half to each instance. Then: no balance below zero, no order filled beyond its quantity, no
 * trade counted twice, every centavo and centigram where it should be (customers' reais went only to fees, IOF and the
 * rounding account; silver only changed hands), and the ledger reconciles.
 */
const CUSTOMERS = 50;
const ORDERS = 2_000;
const IN_FLIGHT = 100;

let a: TestApp;
let b: TestApp;
let customers: Customer[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  a = await buildTestApp();
  b = await buildTestApp({ database: await openSecondPool(a.database) });
  customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => approvedCustomer(a)));
  await a.database.db
    .update(users)
    .set({ tradingLimitCents: 1e12 })
    .where(
      inArray(
        users.id,
        customers.map((c) => c.id),
      ),
    );
  for (const c of customers) {
    for (const [currency, debit, amount] of [
      ['BRL', 'pix:clearing', 500_000],
      ['AG', 'vault', 20_000],
    ] as const) {
      await post(a.database.db, {
        id: `fund:${randomUUID()}`,
        debit: { system: debit },
        credit: { customer: c.id, bucket: 'available' },
        currency,
        amount,
        code: 'test.fund',
      });
    }
  }
}, 120_000);

/** Σ of the customers' balances (available + held) per currency, and the fee, IOF and rounding accounts. */
async function totals(ids: number[]) {
  const [r] = await rows<{ brl: string; ag: string; fee: string; iof: string; rounding: string }>(
    a.database.db,
    sql`select
          coalesce(sum(b.credits_posted - b.debits_posted) filter (where b.currency = 'BRL' and a.owner_user_id = any(${sql.param(ids)}::bigint[])), 0)::text as brl,
          coalesce(sum(b.credits_posted - b.debits_posted) filter (where b.currency = 'AG' and a.owner_user_id = any(${sql.param(ids)}::bigint[])), 0)::text as ag,
          coalesce(sum(b.credits_posted - b.debits_posted) filter (where a.code = 'revenue:operating-fee'), 0)::text as fee,
          coalesce(sum(b.credits_posted - b.debits_posted) filter (where a.code = 'tax:iof'), 0)::text as iof,
          coalesce(sum(b.credits_posted - b.debits_posted) filter (where a.code = 'rounding'), 0)::text as rounding
        from ledger_balances b join ledger_accounts a on a.id = b.id`,
  );
  return { brl: int(r!.brl), ag: int(r!.ag), fee: int(r!.fee), iof: int(r!.iof), rounding: int(r!.rounding) };
}

describe('two instances, 50 customers, 2,000 concurrent orders on one PostgreSQL', () => {
  it('never overdraws, never fills an order twice, and conserves reais and silver', async () => {
    if (!onPostgres) return skippedOnPglite('ordens concorrentes em duas instâncias');
    const ids = customers.map((c) => c.id);
    const before = await totals(ids);
    const random = seededRandom(2026);
    const statuses = new Map<number, number>();
    const codes = new Map<string, number>();
    const placed: Array<{ owner: Customer; id: number }> = [];
    let next = 0;
    const one = async () => {
      const k = next++;
      const t = k % 2 === 0 ? a : b;
      const owner = customers[Math.floor(random() * customers.length)]!;
      const side = random() < 0.5 ? 'buy' : 'sell';
      const quantity = (1 + Math.floor(random() * 10)) * 100;
      const price = 880 + Math.floor(random() * 41);
      const roll = random();
      let res: Awaited<ReturnType<TestApp['app']['inject']>>;
      if (roll < 0.1 && placed.length > 0) {
        const mine = placed[Math.floor(random() * placed.length)]!;
        res = await t.app.inject({ method: 'DELETE', url: `/api/order/${mine.id}`, headers: bearer(mine.owner.token) });
      } else {
        const market = roll < 0.3;
        const total = orderCost({
          side,
          pricePerGramCents: market ? 1000 : price,
          quantityCentigrams: quantity,
          feeRateBps: 50,
          iofRateBps: 38,
        }).totalCents;
        res = await t.app.inject({
          method: 'POST',
          url: `/api/order/${side}`,
          headers: bearer(owner.token),
          payload: market
            ? { mode: 'market', quantity_grams: quantity / 100, total_amount: side === 'buy' ? total / 100 : 0.01 }
            : { mode: 'limit', price_per_gram: price / 100, quantity_grams: quantity / 100, total_amount: total / 100 },
        });
        if (res.statusCode === 201 && res.json().order.status === 'open')
          placed.push({ owner, id: res.json().order.id });
      }
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 400) codes.set(res.json().code, (codes.get(res.json().code) ?? 0) + 1);
    };
    const workers = Array.from({ length: IN_FLIGHT }, async () => {
      while (next < ORDERS) await one();
    });
    await Promise.all(workers);

    const served = [...statuses].reduce((s, [, n]) => s + n, 0);
    expect(served).toBe(ORDERS);
    expect(
      [...statuses.keys()].filter((s) => s >= 500),
      JSON.stringify([...codes]),
    ).toEqual([]);
    expect(statuses.get(201) ?? 0).toBeGreaterThan(ORDERS / 2);

    // no balance below zero, anywhere
    const [negative] = await rows<{ n: string }>(
      a.database.db,
      sql`select count(*)::text as n from ledger_balances b join ledger_accounts a on a.id = b.id
           where (a.debits_must_not_exceed_credits and b.debits_posted > b.credits_posted)`,
    );
    expect(int(negative!.n)).toBe(0);
    // no order filled twice: its trades add up to what it says it filled, never beyond its quantity
    const [overfilled] = await rows<{ n: string }>(
      a.database.db,
      sql`select count(*)::text as n from orders o
           where o.filled_cg > o.quantity_cg
              or o.filled_cg <> coalesce((select sum(quantity_cg) from trades t
                                           where t.maker_order_id = o.id or t.taker_order_id = o.id), 0)`,
    );
    expect(int(overfilled!.n)).toBe(0);
    const [trades] = await rows<{ n: string }>(a.database.db, sql`select count(*)::text as n from trades`);
    expect(int(trades!.n)).toBeGreaterThan(100);

    // reais: what left the customers is exactly the fees, the IOF and the rounding; silver only changed hands
    const after = await totals(ids);
    expect(after.ag).toBe(before.ag);
    expect(before.brl - after.brl).toBe(
      after.fee - before.fee + (after.iof - before.iof) + (after.rounding - before.rounding),
    );
    expect(after.fee).toBeGreaterThan(before.fee);
    expect((await reconcile(a.database.db)).problems).toEqual([]);

    // both paths ran on both instances: batches written fast, and fast attempts that found the market moved on (the
    // other instance wrote since), written again under the lock
    for (const t of [a, b]) {
      const counts = engineOf(t.app.deps).counts;
      expect(counts.fast, JSON.stringify(counts)).toBeGreaterThan(0);
      expect(counts.stale, JSON.stringify(counts)).toBeGreaterThan(0);
      expect(counts.locked, JSON.stringify(counts)).toBeGreaterThanOrEqual(counts.stale);
    }
  }, 300_000);
});
