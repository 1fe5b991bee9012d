// The ledger: the only code that changes balances (docs/ledger.md).
export {
  type AccountKind,
  type AccountRef,
  type Bucket,
  type Currency,
  SYSTEM_ACCOUNTS,
  type SystemCode,
} from './accounts';
export { type Balances, balanceOf, getBalances, hold, release } from './balances';
export { InsufficientFundsError, isDuplicatePosting } from './errors';
export { type Operation, type Posting, post, postMany, type TransferInput } from './post';
export { proofOfReserves, type Reconciliation, reconcile } from './reconcile';
