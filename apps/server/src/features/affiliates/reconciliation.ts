import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/sql';
import { type ReconciliationReport, registerReconciliationCheck } from '../../ledger/index';

/**
 * Affiliate rewards (docs/affiliates.md) and the ledger agree: every reward was paid once, with its amount, by its
 * transfer from the rewards account to its affiliate; the rewards account paid nothing else.
 */
async function affiliateRewardsMatchPostings(db: Executor, report: ReconciliationReport): Promise<void> {
  const rewardDrift = await rows<{ id: string; amount: string; posted: string | null }>(
    db,
    sql`select w.id::text, w.amount::text, t.amount::text as posted
          from affiliate_rewards w left join ledger_transfers t on t.transfer_id = w.transfer_id
         where t.amount is distinct from w.amount order by w.id`,
  );
  report(rewardDrift.map((w) => `recompensa de afiliado ${w.id}: de ${w.amount}, paga ${w.posted ?? 'nada'}`));
  const rewardTotals = await rows<{ currency: string; paid: string; rewards: string }>(
    db,
    sql`select b.currency, (b.debits_posted - b.credits_posted)::text as paid,
               coalesce((select sum(w.amount) from affiliate_rewards w where w.currency = b.currency), 0)::text
                 as rewards
          from ledger_balances b where b.code in ('rewards:BRL', 'rewards:AG') order by b.currency`,
  );
  report(
    rewardTotals
      .filter((r) => BigInt(r.paid) !== BigInt(r.rewards))
      .map((r) => `rewards:${r.currency} pagou ${r.paid}, mas as recompensas de afiliados somam ${r.rewards}`),
  );
}

/** Registers the checks of affiliate rewards with the ledger's reconciliation (wired in features/index.ts). */
export function registerAffiliatesReconciliation(): void {
  registerReconciliationCheck('affiliates.rewards', affiliateRewardsMatchPostings);
}
