// The ledger: the only code that changes balances (docs/ledger.md).
export {
  type AccountKind,
  type AccountRef,
  type Bucket,
  type Currency,
  customerCode,
  type Holder,
  SYSTEM_ACCOUNTS,
  type SystemCode,
} from './accounts';
export {
  type CustomerOwed,
  type SilverOwedAsOf,
  silverOwedAsOf,
  silverOwedAtInstants,
  streamSilverOwedAsOf,
} from './as-of';
export {
  type AccountSums,
  accountSumsBefore,
  buildAccountMonths,
  CHECKPOINT_GRACE_MS,
  startAccountMonthsJob,
} from './checkpoints';
export { type Balances, balanceOf, balancesJson, getBalances, NET_CREDITS } from './balances';
export { type CloseResult, closeAccount, lockOwners, reopenAccount } from './close';
export { LedgerRefusedError, type Refusal, type Refused, requireAllOk, requireOk } from './errors';
export {
  type CaptureInput,
  type CaptureResult,
  type CommandResult,
  callLedger,
  execute,
  type HoldInput,
  type HoldResult,
  LEDGER_ID,
  type LedgerCommand,
  type ReleaseInput,
  type ReleaseResult,
  type TransferInput,
  type TransferResult,
} from './execute';
export { foldBalances, startBalanceFolder } from './fold';
export { getHold, type Hold, type HoldState, openHolds } from './holds';
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
  type Reconciliation,
  type ReconciliationCheck,
  type ReconciliationReport,
  reconcile,
  type ReconciliationScope,
  reconciliationCheckNames,
  registerReconciliationCheck,
} from './reconcile';
export {
  lastReconciliation,
  type ReconciliationRun,
  recordReconciliation,
  runReconciliation,
  type TimedReconciliation,
} from './runs';
export { RECONCILE_CHECKPOINT_GRACE_MS, reconcileFromCheckpoint } from './reconcile-checkpoint';
export { backdateForDemo, type DemoWindow } from './backdate';
