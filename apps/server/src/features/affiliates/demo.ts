import { randomBytes } from 'node:crypto';
import { orderCost, type OrderSide } from '@prata/domain';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { post } from '../../ledger/index';
import { int, rows } from '../../db/sql';
import { hashPassword } from '../../lib/passwords';
import { placeHouseOrder, placeOrder } from '../orders/index';
import { creditAffiliateRewards } from './rewards';
import { ensureAffiliateCoupon } from './service';

type Referred = { name: string; email: string; days: number; state: 'unverified' | 'unapproved' | 'approved' };

/** Maria's referred customers: one awaiting verification, one awaiting approval, three approved who trade. */
const REFERRED: Referred[] = [
  { name: 'Rafael Souza Lima', email: 'rafael.souza@exemplo.com.br', days: 40, state: 'approved' },
  { name: 'Juliana Ferreira', email: 'juliana.ferreira@exemplo.com.br', days: 33, state: 'approved' },
  { name: 'Tiago Nascimento', email: 'tiago.n@exemplo.com.br', days: 25, state: 'approved' },
  { name: 'Beatriz Costa', email: 'beatriz.costa@exemplo.com.br', days: 6, state: 'unapproved' },
  { name: 'Lucas Almeida', email: 'lucas.almeida@exemplo.com.br', days: 1, state: 'unverified' },
];

/**
 * The affiliate program of the demo (`npm start`): Maria (cliente@prata.dev) has her coupon; five customers registered
 * with it over the last weeks; the three approved ones traded silver with the house through the matcher, and the
 * crediter paid Maria her share of their fees through the ledger, as it does for any trade. Runs once: a demo
 * affiliate who already has referred customers is left as she is. Call after the order book's demo (the house).
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: demo data written out, one block per record
export async function seedAffiliatesDemo(deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const [maria] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(sql`lower(${users.email})`, 'cliente@prata.dev'));
  if (!maria) return;
  const coupon = await ensureAffiliateCoupon(db, maria);
  const [seen] = await rows<{ n: string }>(
    db,
    sql`select count(*)::text as n from users where referred_by_coupon_id = ${coupon.id}`,
  );
  if (int(seen?.n ?? 0) > 0) return;

  const passwordHash = await hashPassword(randomBytes(18).toString('base64url'));
  const now = Date.now();
  const day = 86_400_000;
  const traders: Array<{ id: number; days: number }> = [];
  for (const r of REFERRED) {
    const createdAt = new Date(now - r.days * day);
    const [u] = await db
      .insert(users)
      .values({
        name: r.name,
        email: r.email,
        passwordHash,
        accountType: 'individual',
        referredByCouponId: coupon.id,
        emailVerifiedAt: r.state === 'unverified' ? null : new Date(createdAt.getTime() + 600_000),
        approvedAt: r.state === 'approved' ? new Date(createdAt.getTime() + day) : null,
        createdAt,
        updatedAt: createdAt,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (u && r.state === 'approved') traders.push({ id: u.id, days: r.days });
  }

  const [rates] = await rows<{ fee: number; iof: number; minimum: string }>(
    db,
    sql`select fee_rate_bps as fee, iof_rate_bps as iof, minimum_fee_cents::text as minimum from market_settings`,
  );
  const cost = (side: OrderSide, price: number, quantity: number) =>
    orderCost({
      side,
      pricePerGramCents: price,
      quantityCentigrams: quantity,
      feeRateBps: rates?.fee ?? 50,
      iofRateBps: rates?.iof ?? 38,
      minimumFeeCents: int(rates?.minimum ?? 500),
    }).totalCents;

  const fromTrade = await rows<{ last: string }>(db, sql`select coalesce(max(id), 0)::text as last from trades`);
  const firstTrade = int(fromTrade[0]?.last ?? 0) + 1;
  for (const [n, trader] of traders.entries()) {
    await post(db, {
      id: `demo-affiliates:fund:${trader.id}`,
      debit: { system: 'pix:clearing' },
      credit: { customer: trader.id, bucket: 'available' },
      currency: 'BRL',
      amount: 1_000_000,
      code: 'demo.funding',
    });
    // each buys silver from the house a few times (R$ 5,00 minimum fee or more), the last one also sells some back
    for (let k = 0; k < 3; k++) {
      // inside the demo book's spread (house bids up to R$ 8,90, a customer's bid at R$ 8,95, house asks from R$ 9,10):
      // the house's order crosses nothing of its own and rests until the referred customer takes it
      const price = 896 + n * 3 + k;
      const grams = 5_000 + n * 2_500 + k * 1_000;
      const side: OrderSide = k === 2 && n === 0 ? 'sell' : 'buy';
      const house = await placeHouseOrder(deps, null, {
        type: side === 'buy' ? 'sell' : 'buy',
        price_per_gram: price,
        quantity_grams: grams,
      });
      await placeOrder(deps, trader.id, side, {
        order_id: house.order.id,
        price_per_gram: price,
        quantity_grams: grams,
        total_amount: cost(side, price, grams),
      });
    }
  }
  // as if they had traded since their registration: the trades spread between then and now
  await db.execute(sql`
    with t as (
      select t.id, u.created_at as since
        from trades t
        join orders o on o.id = t.taker_order_id
        join users u on u.id = o.user_id
       where t.id >= ${firstTrade} and u.referred_by_coupon_id = ${coupon.id})
    update trades set created_at = t.since + (now() - t.since) * (0.2 + 0.25 * (trades.id % 3))
      from t where t.id = trades.id`);
  await db.execute(sql`
    update orders o set created_at = t.created_at, updated_at = t.created_at
      from trades t where t.id >= ${firstTrade} and (o.id = t.taker_order_id or o.id = t.maker_order_id)`);
  // the rewards, through the same crediter as every trade's; dated as their trades
  await creditAffiliateRewards(db);
  await db.execute(sql`
    update affiliate_rewards w set created_at = t.created_at
      from trades t where t.id = w.trade_id and w.affiliate_user_id = ${maria.id}`);
}
