import type { Executor } from '@/db/client';
import { type ReconciliationReport, registerReconciliationCheck } from '@/ledger/index';
import { transfersDriftingFromPostings, unclaimedBalanceAndPendingCg } from './repository';

const cg = (n: bigint | string) => `${n} cg`;

/**
 * Silver transfers (docs/silver-transfers.md) and their postings agree: every transfer moved its grams once; a
 * completed one reached its receiver (directly, or claimed from transfer:unclaimed); a cancelled or expired one went
 * back to its sender; a pending one sits in transfer:unclaimed, which holds exactly the pending ones.
 */
async function silverTransfersMatchPostings(db: Executor, report: ReconciliationReport): Promise<void> {
  const transferDrift = await transfersDriftingFromPostings(db);
  report(
    transferDrift.filter((t) => t.problem).map((t) => `transferência de prata ${t.id} (${t.status}): ${t.problem}`),
  );
  const unclaimed = await unclaimedBalanceAndPendingCg(db);
  if (unclaimed && BigInt(unclaimed.balance) !== BigInt(unclaimed.pending))
    report([
      `transfer:unclaimed tem ${cg(unclaimed.balance)}, mas as transferências pendentes somam ${cg(unclaimed.pending)}`,
    ]);
}

/** Registers the checks of silver transfers with the ledger's reconciliation (wired in features/index.ts). */
export function registerSilverTransfersReconciliation(): void {
  registerReconciliationCheck('silver-transfers', silverTransfersMatchPostings);
}
