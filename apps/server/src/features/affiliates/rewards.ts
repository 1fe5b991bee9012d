import { formatGrams, formatPercentBps, MESSAGES, mulDivHalfUp } from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { affiliateRewards } from '../../db/schema/index';
import { withTransaction } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { postBatch, type TransferInput } from '../../ledger/index';
import { rows } from '../../db/sql';
import { int } from '../../db/integers';
import { type CoalescedRunner, startCoalescedRunner } from '../../lib/coalesced-runner';
import { loadAffiliateSettings } from './settings';

/**
 * Affiliate rewards (docs/affiliates.md): for each trade, each side whose customer registered with an affiliate's
 * coupon pays the affiliate `share` of the operating fee that side paid, while the referral is valid (`years` from the
 * referred customer's registration) and the affiliate is approved and open. The matcher is not touched: after its
 * batches commit, the crediter reads the trades it has not seen (a cursor, in trade id order), and in one transaction
 * posts the rewards (rewards:BRL → the affiliate's available reais), writes their rows and moves the cursor. Each
 * reward's transfer id is its trade and side, and its row is unique on them: a retry or a second instance credits
 * nothing twice.
 */

/** Trades read per transaction, and transactions per run (the rest waits for the next run). */
const TRADES_PER_STEP = 500;
const STEPS_PER_RUN = 20;

type Candidate = {
  trade_id: string;
  side: 'buy' | 'sell';
  fee: string;
  quantity_cg: string;
  referred_id: string;
  affiliate_id: string;
};

/** '20%' for whole percentages, '12,50%' otherwise. */
export const sharePercent = (bps: number) => formatPercentBps(bps, bps % 100 === 0 ? 0 : 2);

/** One step: up to TRADES_PER_STEP trades after the cursor. Answers how many trades it read. */
async function creditStep(tx: Executor): Promise<{ trades: number; rewards: number }> {
  const [cursor] = await rows<{ last: string }>(
    tx,
    sql`select last_trade_id::text as last from affiliate_reward_cursor where id = 1 for update`,
  );
  if (!cursor) throw new Error('affiliates: affiliate_reward_cursor is missing');
  const last = int(cursor.last);
  const [window] = await rows<{ upto: string | null; n: string }>(
    tx,
    sql`select max(id)::text as upto, count(*)::text as n
          from (select id from trades where id > ${last} order by id limit ${TRADES_PER_STEP}) w`,
  );
  if (!window?.upto) return { trades: 0, rewards: 0 };
  const upto = int(window.upto);
  const settings = await loadAffiliateSettings(tx);
  const found =
    settings.rewardShareBps === 0
      ? []
      : await rows<Candidate>(
          tx,
          sql`select t.id::text as trade_id, s.side, s.fee::text as fee, t.quantity_cg::text as quantity_cg,
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
               where t.id > ${last} and t.id <= ${upto}
                 and s.fee > 0
                 and a.id <> r.id
                 and a.approved_at is not null and a.closed_at is null
                 and t.created_at < r.created_at + make_interval(years => ${settings.validityYears})
               order by t.id, s.side`,
        );
  const rewards = found
    .map((c) => {
      const fee = int(c.fee);
      const side = c.side;
      return {
        affiliateUserId: int(c.affiliate_id),
        referredUserId: int(c.referred_id),
        tradeId: int(c.trade_id),
        side,
        quantityCg: int(c.quantity_cg),
        feeCents: fee,
        shareBps: settings.rewardShareBps,
        currency: 'BRL' as const,
        amount: mulDivHalfUp(fee, settings.rewardShareBps, 10_000),
        description: MESSAGES.affiliateRewardDescription(
          sharePercent(settings.rewardShareBps),
          side,
          formatGrams(int(c.quantity_cg)),
        ),
        transferId: `affiliate-reward:${c.trade_id}:${side}`,
      };
    })
    .filter((r) => r.amount > 0);

  let credited = 0;
  if (rewards.length > 0) {
    const transfers: TransferInput[] = rewards.map((r) => ({
      id: r.transferId,
      debit: { system: 'rewards' },
      credit: { customer: r.affiliateUserId, bucket: 'available' },
      currency: 'BRL',
      amount: r.amount,
      code: 'affiliate.reward',
    }));
    const results = await postBatch(tx, transfers);
    // a refusal (an account closed between the read and the post) skips that reward only
    const posted = rewards.filter((_r, i) => results[i]?.ok === true);
    if (posted.length > 0) {
      const inserted = await tx
        .insert(affiliateRewards)
        .values(posted)
        .onConflictDoNothing()
        .returning({ id: affiliateRewards.id });
      credited = inserted.length;
    }
  }
  await tx.execute(sql`update affiliate_reward_cursor set last_trade_id = ${upto}, updated_at = now() where id = 1`);
  return { trades: int(window.n), rewards: credited };
}

/** Credits the rewards of every trade not yet looked at (bounded per run). Answers how many rewards it credited. */
export async function creditAffiliateRewards(db: Db): Promise<number> {
  let credited = 0;
  for (let step = 0; step < STEPS_PER_RUN; step++) {
    const r = await withTransaction(db, (tx) => creditStep(tx));
    credited += r.rewards;
    if (r.trades < TRADES_PER_STEP) break;
  }
  return credited;
}

/** The crediter: the coalesced runner of creditAffiliateRewards. */
export type RewardCrediter = CoalescedRunner;

const crediters = new WeakMap<AppDeps, RewardCrediter>();
/** The crediter of an app, if its affiliates feature started one. */
export const rewardCrediterOf = (deps: AppDeps) => crediters.get(deps);

/**
 * Runs the crediter `delayMs` after the matcher's batches (coalesced: a busy book costs at most one short
 * transaction per `delayMs`, outside the matcher's), and every `sweepMs` in case an instance stopped between a batch
 * and its run.
 */
export function startRewardCrediter(
  deps: AppDeps,
  opts: { delayMs?: number; sweepMs?: number; onError?: (err: unknown) => void } = {},
): RewardCrediter {
  const crediter = startCoalescedRunner('affiliate rewards', () => creditAffiliateRewards(deps.database.db), {
    delayMs: opts.delayMs ?? 250,
    sweepMs: opts.sweepMs ?? 60_000,
    onError: opts.onError,
  });
  crediters.set(deps, crediter);
  return crediter;
}
