import { AppError } from '../lib/errors';
import { pgConstraint, pgErrorCode } from '../db/tx';
import type { AccountRef, Currency } from './accounts';

/**
 * A guarded balance update matched no row: the posting would take a customer, house or other flagged account below
 * zero. When it is thrown the database has already aborted the transaction, so nothing of it can commit; to try
 * something else in the same transaction, post inside a savepoint (`tx.transaction(...)`).
 * Reaching a route handler it answers 422 "Saldo insuficiente.".
 */
export class InsufficientFundsError extends AppError {
  constructor(
    readonly currency: Currency,
    readonly account: AccountRef,
    /** the account's code, e.g. 'customer:42:available:BRL' */
    readonly accountCode: string,
  ) {
    super('INSUFFICIENT_BALANCE', currency === 'AG' ? 'Saldo de prata insuficiente.' : 'Saldo em reais insuficiente.');
    this.name = 'InsufficientFundsError';
  }
}

/** The SQLSTATE the posting statement raises (function ledger_insufficient_funds, migration 0002). */
export const INSUFFICIENT_FUNDS_SQLSTATE = 'PR001';

/** True when an operation with the same (type, id, step) was already posted: a retry that must not post again. */
export function isDuplicatePosting(err: unknown): boolean {
  return pgErrorCode(err) === '23505' && pgConstraint(err) === 'ledger_transfers_operation_uq';
}

/** The account code in the message of a PR001 error raised by the database. */
export function insufficientFundsCode(err: unknown): string | undefined {
  if (pgErrorCode(err) !== INSUFFICIENT_FUNDS_SQLSTATE) return undefined;
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const m = /insufficient funds in (\S+)/.exec(String((e as { message?: unknown }).message ?? ''));
    if (m) return m[1];
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
