import type { Executor } from '@/db/client';
import { type ReconciliationReport, registerReconciliationCheck } from '@/ledger/index';
import { rewardAccountTotals, rewardsDriftingFromTransfers, rewardTotalsDrifting } from './repository';

/**
 * Affiliate rewards (docs/affiliates.md) and the ledger agree: every reward was paid once, with its amount, by its
 * transfer from the rewards account to its affiliate; the rewards account paid nothing else; each affiliate's kept
 * total (affiliate_reward_totals) is what its rewards add up to.
 */
async function affiliateRewardsMatchPostings(db: Executor, report: ReconciliationReport): Promise<void> {
  const rewardDrift = await rewardsDriftingFromTransfers(db);
  report(rewardDrift.map((w) => `recompensa de afiliado ${w.id}: de ${w.amount}, paga ${w.posted ?? 'nada'}`));
  const rewardTotals = await rewardAccountTotals(db);
  report(
    rewardTotals
      .filter((r) => BigInt(r.paid) !== BigInt(r.rewards))
      .map((r) => `rewards:${r.currency} pagou ${r.paid}, mas as recompensas de afiliados somam ${r.rewards}`),
  );
  const kept = await rewardTotalsDrifting(db);
  report(
    kept.map(
      (k) =>
        `afiliado ${k.affiliate_user_id}: total guardado em ${k.currency} ${k.kept ?? 'nenhum'}, recompensas somam ${k.summed ?? 'nada'}`,
    ),
  );
}

/** Registers the checks of affiliate rewards with the ledger's reconciliation (wired in features/index.ts). */
export function registerAffiliatesReconciliation(): void {
  registerReconciliationCheck('affiliates.rewards', affiliateRewardsMatchPostings);
}
