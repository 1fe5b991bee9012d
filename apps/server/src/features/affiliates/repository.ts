import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { int } from '@/db/integers';
import { affiliateRewards, affiliateSettings } from '@/db/schema/index';
import { rows } from '@/db/sql';
import { type PageAt, readPage } from '@/lib/paging';

// The affiliates' SQL: the program's settings, the coupons of affiliates, the rewards crediter's cursor and
// candidates, the customer's and the back office's lists, and the reconciliation's reads. docs/affiliates.md.

// ------------------------------------------------------------------------------------------------ settings

/** The program's rule (one row, migration 0015), or undefined before it is written. */
export async function readAffiliateSettings(db: Executor) {
  const [row] = await db.select().from(affiliateSettings).limit(1);
  return row;
}

export async function writeAffiliateSettings(
  tx: Executor,
  settings: { rewardShareBps: number; validityYears: number; updatedBy: number },
): Promise<void> {
  await tx
    .update(affiliateSettings)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(affiliateSettings.id, 1));
}

// ------------------------------------------------------------------------------------------------ coupons

/** The affiliate's coupon, or null. */
export async function couponOf(db: Executor, userId: number): Promise<{ id: number; code: string } | null> {
  const [c] = await rows<{ id: string; code: string }>(
    db,
    sql`select id::text, code from coupons where owner_user_id = ${userId} limit 1`,
  );
  return c ? { id: int(c.id), code: c.code } : null;
}

/**
 * Inserts the affiliate's coupon under `code` at the market's operating-fee rate, unless the customer has one or the
 * code is taken (the unique indexes: nothing is inserted then).
 */
export async function insertAffiliateCoupon(db: Executor, userId: number, code: string): Promise<void> {
  await db.execute(
    sql`insert into coupons (code, transaction_fee_bps, owner_user_id)
        values (${code}, coalesce((select fee_rate_bps from market_settings limit 1), 50), ${userId})
        on conflict do nothing`,
  );
}

/** Centavos the affiliate earned in all: the running total the rewards' trigger keeps (migration 0052). */
export async function rewardsEarnedCents(db: Executor, userId: number): Promise<number> {
  const [earned] = await rows<{ total_cents: string }>(
    db,
    sql`select amount::text as total_cents from affiliate_reward_totals
         where affiliate_user_id = ${userId} and currency = 'BRL'`,
  );
  return int(earned?.total_cents ?? 0);
}

// ------------------------------------------------------------------------------------------------ the crediter

/** The last trade the crediter looked at, locked until the caller's transaction ends. */
export async function lockRewardCursor(tx: Executor): Promise<number> {
  const [cursor] = await rows<{ last: string }>(
    tx,
    sql`select last_trade_id::text as last from affiliate_reward_cursor where id = 1 for update`,
  );
  if (!cursor) throw new Error('affiliates: affiliate_reward_cursor is missing');
  return int(cursor.last);
}

/** The last id and the number of the next `limit` trades after `last` (none: null). */
export async function tradesAfter(
  tx: Executor,
  last: number,
  limit: number,
): Promise<{ upto: number; trades: number } | null> {
  const [window] = await rows<{ upto: string | null; n: string }>(
    tx,
    sql`select max(id)::text as upto, count(*)::text as n
          from (select id from trades where id > ${last} order by id limit ${limit}) w`,
  );
  return window?.upto ? { upto: int(window.upto), trades: int(window.n) } : null;
}

export type RewardCandidate = {
  tradeId: number;
  side: 'buy' | 'sell';
  feeCents: number;
  quantityCg: number;
  referredUserId: number;
  affiliateUserId: number;
};

/**
 * Each side of the trades in `(last, upto]` that paid a fee and whose customer registered with the coupon of another,
 * approved and open, affiliate, while the referral is valid (`validityYears` from the referred customer's
 * registration); in trade order, buy before sell.
 */
export async function rewardCandidates(
  tx: Executor,
  window: { last: number; upto: number },
  validityYears: number,
): Promise<RewardCandidate[]> {
  const found = await rows<{
    trade_id: string;
    side: 'buy' | 'sell';
    fee_cents: string;
    quantity_cg: string;
    referred_id: string;
    affiliate_id: string;
  }>(
    tx,
    sql`select t.id::text as trade_id, s.side, s.fee::text as fee_cents, t.quantity_cg::text as quantity_cg,
               r.id::text as referred_id, a.id::text as affiliate_id
          from trades t
          cross join lateral (values
            ('buy', case when t.taker_side = 'buy' then t.taker_order_id else t.maker_order_id end,
             t.buyer_fee_cents),
            ('sell', case when t.taker_side = 'sell' then t.taker_order_id else t.maker_order_id end,
             t.seller_fee_cents)) as s(side, order_id, fee)
          join orders o on o.id = s.order_id
          join users r on r.id = o.user_id
          join coupons c on c.id = r.referred_by_coupon_id
          join users a on a.id = c.owner_user_id
         where t.id > ${window.last} and t.id <= ${window.upto}
           and s.fee > 0
           and a.id <> r.id
           and a.approved_at is not null and a.closed_at is null
           and t.created_at < r.created_at + make_interval(years => ${validityYears})
         order by t.id, s.side`,
  );
  return found.map((c) => ({
    tradeId: int(c.trade_id),
    side: c.side,
    feeCents: int(c.fee_cents),
    quantityCg: int(c.quantity_cg),
    referredUserId: int(c.referred_id),
    affiliateUserId: int(c.affiliate_id),
  }));
}

/** Writes the rewards' rows (a reward already written, by trade and side, is skipped); how many were written. */
export async function insertRewards(tx: Executor, rewards: Array<typeof affiliateRewards.$inferInsert>) {
  if (rewards.length === 0) return 0;
  const inserted = await tx
    .insert(affiliateRewards)
    .values(rewards)
    .onConflictDoNothing()
    .returning({ id: affiliateRewards.id });
  return inserted.length;
}

export async function moveRewardCursor(tx: Executor, upto: number): Promise<void> {
  await tx.execute(sql`update affiliate_reward_cursor set last_trade_id = ${upto}, updated_at = now() where id = 1`);
}

// ------------------------------------------------------------------------------------------------ the customer's lists

/** A page of who registered with the coupon (not the affiliate), newest first (users_referred_by_coupon_idx). */
export function referredPage(db: Executor, couponId: number, userId: number, at: PageAt) {
  return readPage<{
    name: string;
    email: string;
    created_at: string;
    email_verified_at: string | null;
    approved_at: string | null;
  }>(
    db,
    {
      from: sql`users u where u.referred_by_coupon_id = ${couponId} and u.id <> ${userId}`,
      orderBy: sql`u.created_at desc, u.id desc`,
      key: sql`u.id`,
    },
    at,
    (keys) =>
      sql`select u.name, u.email, u.created_at, u.email_verified_at, u.approved_at
            from ${keys} join users u on u.id = page_keys.key order by page_keys.n`,
  );
}

/** A page of the affiliate's rewards, newest first (affiliate_rewards_affiliate_idx). */
export function rewardsPage(db: Executor, userId: number, at: PageAt) {
  return readPage<{
    id: string;
    description: string;
    amount: string;
    currency: 'BRL' | 'AG';
    email: string;
    created_at: string;
  }>(
    db,
    {
      from: sql`affiliate_rewards w where w.affiliate_user_id = ${userId}`,
      orderBy: sql`w.created_at desc, w.id desc`,
      key: sql`w.id`,
    },
    at,
    (keys) =>
      sql`select w.id::text, w.description, w.amount::text, w.currency, r.email, w.created_at
            from ${keys} join affiliate_rewards w on w.id = page_keys.key join users r on r.id = w.referred_user_id
           order by page_keys.n`,
  );
}

// ------------------------------------------------------------------------------------------------ the back office

/** A page of every affiliate coupon, newest first, with how many it referred and what it earned; and their number. */
export async function affiliatesForAdmin(db: Executor, limit: number, offset: number) {
  const [found, [total]] = await Promise.all([
    rows<{
      id: string;
      name: string;
      email: string;
      code: string;
      created_at: string;
      referred: string;
      referred_approved: string;
      earned: string;
    }>(
      db,
      // the page's coupons first (a deferred join), then the counts and sums for those rows only: with the counts in
      // one query, every coupon the offset skipped had its referrals counted too (1 s for page 1,000 at 1M)
      sql`with page as (
            select c.id, row_number() over () as n
              from (select c.id from coupons c where c.owner_user_id is not null
                     order by c.created_at desc, c.id desc limit ${limit} offset ${offset}) c)
          select u.id::text, u.name, u.email, c.code, c.created_at,
                 (select count(*) from users r where r.referred_by_coupon_id = c.id)::text as referred,
                 (select count(*) from users r where r.referred_by_coupon_id = c.id
                     and r.approved_at is not null)::text as referred_approved,
                 coalesce((select k.amount from affiliate_reward_totals k
                            where k.affiliate_user_id = u.id and k.currency = 'BRL'), 0)::text as earned
            from page p join coupons c on c.id = p.id join users u on u.id = c.owner_user_id
           order by p.n`,
    ),
    rows<{ n: string }>(db, sql`select count(*)::text as n from coupons where owner_user_id is not null`),
  ]);
  return { found, total: int(total?.n ?? 0) };
}

/** A page of every reward credited, newest first, with its affiliate and referred customer; and their number. */
export async function rewardsForAdmin(db: Executor, limit: number, offset: number) {
  const [found, [total]] = await Promise.all([
    rows<{
      id: string;
      a_id: string;
      a_name: string;
      a_email: string;
      r_id: string;
      r_name: string;
      r_email: string;
      description: string;
      amount: string;
      currency: 'BRL' | 'AG';
      trade_id: string | null;
      created_at: string;
    }>(
      db,
      sql`select w.id::text, a.id::text as a_id, a.name as a_name, a.email as a_email,
                 r.id::text as r_id, r.name as r_name, r.email as r_email,
                 w.description, w.amount::text, w.currency, w.trade_id::text, w.created_at
            from affiliate_rewards w
            join users a on a.id = w.affiliate_user_id
            join users r on r.id = w.referred_user_id
           order by w.created_at desc, w.id desc limit ${limit} offset ${offset}`,
    ),
    rows<{ n: string }>(db, sql`select count(*)::text as n from affiliate_rewards`),
  ]);
  return { found, total: int(total?.n ?? 0) };
}

// ------------------------------------------------------------------------------------------------ reconciliation

/** The rewards whose transfer is missing or of another amount. */
export function rewardsDriftingFromTransfers(db: Executor) {
  return rows<{ id: string; amount: string; posted: string | null }>(
    db,
    sql`select w.id::text, w.amount::text, t.amount::text as posted
          from affiliate_rewards w left join ledger_transfers t on t.transfer_id = w.transfer_id
         where t.amount is distinct from w.amount order by w.id`,
  );
}

/** What the rewards accounts paid, by currency, beside what the rewards' rows add up to. */
export function rewardAccountTotals(db: Executor) {
  return rows<{ currency: string; paid: string; rewards: string }>(
    db,
    sql`select b.currency, (b.debits_posted - b.credits_posted)::text as paid,
               coalesce((select sum(w.amount) from affiliate_rewards w where w.currency = b.currency), 0)::text
                 as rewards
          from ledger_balances b where b.code in ('rewards:BRL', 'rewards:AG') order by b.currency`,
  );
}

/** The affiliates whose kept totals differ from their rewards' rows (a full read: the reconciliation's). */
export function rewardTotalsDrifting(db: Executor) {
  return rows<{ affiliate_user_id: string; currency: string; kept: string | null; summed: string | null }>(
    db,
    sql`select coalesce(k.affiliate_user_id, s.affiliate_user_id)::text as affiliate_user_id,
               coalesce(k.currency, s.currency) as currency, k.amount::text as kept, s.amount::text as summed
          from affiliate_reward_totals k
          full join (select affiliate_user_id, currency, sum(amount) as amount, count(*) as n from affiliate_rewards
                      group by affiliate_user_id, currency) s
            on s.affiliate_user_id = k.affiliate_user_id and s.currency = k.currency
         where coalesce(k.amount, 0) <> coalesce(s.amount, 0) or coalesce(k.rewards, 0) <> coalesce(s.n, 0)
         order by 1, 2 limit 100`,
  );
}
