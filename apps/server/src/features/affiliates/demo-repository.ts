import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { int } from '@/db/integers';
import { users } from '@/db/schema/index';
import { rows } from '@/db/sql';

// The affiliates demo's SQL (demo.ts): the market's rates, the referred customers it writes and what it checks first.

/** The market's fee and IOF rates (basis points) and minimum fee in centavos, when the settings exist. */
export async function marketRates(db: Executor) {
  const [rates] = await rows<{ fee: number; iof: number; minimum: string }>(
    db,
    sql`select fee_rate_bps as fee, iof_rate_bps as iof, minimum_fee_cents::text as minimum from market_settings`,
  );
  return rates ? { feeRateBps: rates.fee, iofRateBps: rates.iof, minimumFeeCents: int(rates.minimum) } : undefined;
}

/** A referred customer's account as it stands at `createdAt`; its id, or undefined when the e-mail is taken. */
export async function insertReferredUser(
  db: Executor,
  values: Pick<
    typeof users.$inferInsert,
    | 'name'
    | 'email'
    | 'passwordHash'
    | 'accountType'
    | 'referredByCouponId'
    | 'emailVerifiedAt'
    | 'approvedAt'
    | 'createdAt'
    | 'updatedAt'
  >,
): Promise<number | undefined> {
  const [u] = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
  return u?.id;
}

/** The demo affiliate (cliente@prata.dev), when the account exists. */
export async function demoAffiliate(db: Executor) {
  const [maria] = await rows<{ id: string; name: string }>(
    db,
    sql`select id::text, name from users where lower(email) = 'cliente@prata.dev'`,
  );
  return maria ? { id: int(maria.id), name: maria.name } : undefined;
}

/** How many customers registered with a coupon of this affiliate. */
export async function referredCount(db: Executor, affiliateId: number): Promise<number> {
  const [seen] = await rows<{ n: string }>(
    db,
    sql`select count(*)::text as n from users u join coupons c on c.id = u.referred_by_coupon_id
         where c.owner_user_id = ${affiliateId}`,
  );
  return int(seen?.n ?? 0);
}
