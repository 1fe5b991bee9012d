import type { Executor } from '@/db/client';
import { type ReconciliationReport, registerReconciliationCheck } from '@/ledger/index';
import { withdrawalsAgainstTheirHolds } from './repository/index';

/**
 * Silver withdrawals (docs/silver.md) and their holds agree: a pending or paid one holds exactly its grams (the
 * house's for a purchase, the customer's for custody) and, where the customer's money waits for the shipment (paid by
 * balance, or a custody withdrawal's Pix), exactly its total in reais; a shipped one captured them; one that will not
 * ship released them. A purchase's Pix, once paid, moved exactly its total from pix:clearing.
 */
async function silverWithdrawalsMatchHolds(db: Executor, report: ReconciliationReport): Promise<void> {
  const silverDrift = await withdrawalsAgainstTheirHolds(db);
  report(silverDrift.filter((w) => w.problem).map((w) => `retirada de prata ${w.id} (${w.status}): ${w.problem}`));
}

/** Registers the checks of silver withdrawals with the ledger's reconciliation (wired in features/index.ts). */
export function registerSilverWithdrawalsReconciliation(): void {
  registerReconciliationCheck('silver-withdrawals', silverWithdrawalsMatchHolds);
}
