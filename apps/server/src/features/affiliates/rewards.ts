import { formatGrams, formatPercentBps, MESSAGES, mulDivHalfUp } from '@prata/domain';
import type { Db, Executor } from '@/db/client';
import { withTransaction } from '@/db/tx';
import type { AppDeps } from '@/deps';
import { postBatch, type TransferInput } from '@/ledger/index';
import { type CoalescedRunner, startCoalescedRunner } from '@/lib/coalesced-runner';
import { insertRewards, lockRewardCursor, moveRewardCursor, rewardCandidates, tradesAfter } from './repository';
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

/** '20%' for whole percentages, '12,50%' otherwise. */
const sharePercent = (bps: number) => formatPercentBps(bps, bps % 100 === 0 ? 0 : 2);

/** One step: up to TRADES_PER_STEP trades after the cursor. Answers how many trades it read. */
async function creditStep(tx: Executor): Promise<{ trades: number; rewards: number }> {
  const last = await lockRewardCursor(tx);
  const window = await tradesAfter(tx, last, TRADES_PER_STEP);
  if (!window) return { trades: 0, rewards: 0 };
  const { upto } = window;
  const settings = await loadAffiliateSettings(tx);
  const found = settings.rewardShareBps === 0 ? [] : await rewardCandidates(tx, { last, upto }, settings.validityYears);
  const rewards = found
    .map((c) => ({
      ...c,
      shareBps: settings.rewardShareBps,
      currency: 'BRL' as const,
      // centavos: the reward's currency is BRL
      amount: mulDivHalfUp(c.feeCents, settings.rewardShareBps, 10_000),
      description: MESSAGES.affiliateRewardDescription(
        sharePercent(settings.rewardShareBps),
        c.side,
        formatGrams(c.quantityCg),
      ),
      transferId: `affiliate-reward:${c.tradeId}:${c.side}`,
    }))
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
    credited = await insertRewards(tx, posted);
  }
  await moveRewardCursor(tx, upto);
  return { trades: window.trades, rewards: credited };
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
