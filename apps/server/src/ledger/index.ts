// The ledger: the only code that changes balances (docs/ledger.md).
export { type AccountRef, type Currency, customerCode, type Holder, type SystemCode } from './accounts';
export { type CustomerOwed, type SilverOwedAsOf, silverOwedAtInstants, streamSilverOwedAsOf } from './as-of';
export { accountSumsBefore, buildAccountMonths, CHECKPOINT_GRACE_MS, startAccountMonthsJob } from './checkpoints';
export { type Balances, balanceOf, balancesJson, getBalances, NET_CREDITS } from './balances';
export { closeAccount, lockOwners, reopenAccount } from './close';
export { LedgerRefusedError, requireAllOk, requireOk } from './errors';
export { type CommandResult, callLedger, execute, type LedgerCommand, type TransferInput } from './execute';
export { foldBalances, startBalanceFolder } from './fold';
export { getHold, openHolds } from './holds';
export { type LedgerPlan, type OpenHold, planBatch } from './plan';
export {
  ACCOUNTS_NOT_AS_KNOWN,
  AccountFactsCache,
  planArguments,
  planArgumentsSql,
  type ResolvedPlan,
  resolvePlan,
} from './plan-resolve';
export { capture, hold, post, postBatch, release } from './post';
export {
  proofOfReserves,
  type ReconciliationReport,
  reconcile,
  type ReconciliationScope,
  reconciliationCheckNames,
  registerReconciliationCheck,
} from './reconcile';
export { lastReconciliation, type ReconciliationRun, recordReconciliation, runReconciliation } from './runs';
export { reconcileFromCheckpoint } from './reconcile-checkpoint';
export { backdateForDemo, type DemoWindow } from './backdate';
