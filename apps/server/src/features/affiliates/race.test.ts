import { randomUUID } from 'node:crypto';
import { orderCost } from '@prata/domain';
import { eq, sql } from 'drizzle-orm';
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
import { affiliateRewards, users } from '@/db/schema/index';
import { post, reconcile } from '@/ledger/index';
import { creditAffiliateRewards } from './rewards';
import { ensureAffiliateCoupon } from './service';

/**
 * Two instances (two apps, two pools, two crediters) on one PostgreSQL while referred customers trade on both: every
 * fee earns its reward exactly once, whichever crediter gets there, and the ledger reconciles.
 */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  if (!onPostgres) return;
  a = await buildTestApp();
  b = await buildTestApp({ database: await openSecondPool(a.database) });
});

async function funded(t: TestApp): Promise<Customer> {
  const c = await approvedCustomer(t);
  for (const [currency, amount, debit] of [
    ['BRL', 5_000_000, 'pix:clearing'],
    ['AG', 500_000, 'vault'],
  ] as const) {
    await post(t.database.db, {
      id: `test-fund:${randomUUID()}`,
      debit: { system: debit },
      credit: { customer: c.id, bucket: 'available' },
      currency,
      amount,
      code: 'test.fund',
    });
  }
  return c;
}

const RATES = { feeRateBps: 50, iofRateBps: 38 };
function limit(t: TestApp, c: Customer, side: 'buy' | 'sell', price: number, quantity: number) {
  return t.app.inject({
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

describe('rewards with two instances', () => {
  it('each trade side is rewarded once while both crediters run', async () => {
    if (!onPostgres) return skippedOnPglite('crediters racing on two instances');
    const affiliate = await approvedCustomer(a);
    const coupon = await ensureAffiliateCoupon(a.database.db, { id: affiliate.id, name: 'Ana' });
    const traders = await Promise.all([funded(a), funded(a), funded(a), funded(a)]);
    for (const c of traders) {
      await a.database.db.update(users).set({ referredByCouponId: coupon.id }).where(eq(users.id, c.id));
    }
    // 40 crossing pairs, half on each instance, while both crediters are also driven by hand
    const sends: Array<Promise<unknown>> = [];
    for (let i = 0; i < 40; i++) {
      const t = i % 2 === 0 ? a : b;
      const seller = traders[i % 4]!;
      const buyer = traders[(i + 1) % 4]!;
      sends.push(limit(t, seller, 'sell', 500 + (i % 5), 1000).then(() => limit(t, buyer, 'buy', 500 + (i % 5), 1000)));
      if (i % 8 === 0) sends.push(creditAffiliateRewards(a.database.db), creditAffiliateRewards(b.database.db));
    }
    await Promise.all(sends);
    await Promise.all([creditAffiliateRewards(a.database.db), creditAffiliateRewards(b.database.db)]);

    const fees = await a.database.db.execute(
      sql`select count(*) filter (where buyer_fee_cents > 0) + count(*) filter (where seller_fee_cents > 0) as n
            from trades t join orders o on o.id = t.taker_order_id where o.user_id = any(${sql.param(traders.map((c) => c.id))}::bigint[])`,
    );
    const expected = Number((fees as unknown as { rows: Array<{ n: string }> }).rows[0]!.n);
    const rewards = await a.database.db
      .select()
      .from(affiliateRewards)
      .where(eq(affiliateRewards.affiliateUserId, affiliate.id));
    expect(expected).toBeGreaterThan(0);
    expect(rewards).toHaveLength(expected);
    expect(new Set(rewards.map((r) => `${r.tradeId}:${r.side}`)).size).toBe(expected);
    const r = await reconcile(a.database.db);
    expect(r.problems).toEqual([]);
  });
});
