import { type ErrorCode, MESSAGES } from '@prata/domain';
import { AppError } from '@/lib/errors';
import type { Currency } from './accounts';

/**
 * Why the ledger refused a command. A refusal is a result, not an exception: nothing of the refused command (or of its
 * linked chain) was applied, the rest of the batch was, and the caller's transaction is intact.
 * - insufficient_funds: a transfer would take a customer, the house, the vault or unclaimed below zero (`account`)
 * - account_closed: a customer's account is closed in the ledger (`account`)
 * - id_conflict: the id was already used by a transfer or hold with other fields
 * - hold_not_found, hold_not_open (already released or captured the other way), capture_exceeds_hold
 * - linked_failed: another command of its linked chain (or of an atomic batch) was refused
 */
type Refusal =
  | 'insufficient_funds'
  | 'account_closed'
  | 'id_conflict'
  | 'hold_not_found'
  | 'hold_not_open'
  | 'capture_exceeds_hold'
  | 'linked_failed';

export type Refused = {
  ok: false;
  reason: Refusal;
  /** the account that refused it (insufficient_funds, account_closed), e.g. 'customer:42:available:BRL' */
  account?: string;
};

const CODES: Record<Refusal, ErrorCode> = {
  insufficient_funds: 'INSUFFICIENT_BALANCE',
  account_closed: 'CUSTOMER_ACCOUNT_CLOSED',
  id_conflict: 'ALREADY_EXISTS',
  hold_not_found: 'NOT_FOUND',
  hold_not_open: 'ALREADY_DECIDED',
  capture_exceeds_hold: 'INSUFFICIENT_BALANCE',
  linked_failed: 'INSUFFICIENT_BALANCE',
};

function message(refusal: Refused, currency?: Currency): string {
  switch (refusal.reason) {
    case 'insufficient_funds':
    case 'capture_exceeds_hold':
    case 'linked_failed': {
      const ag = currency === 'AG' || refusal.account?.endsWith(':AG');
      return ag ? MESSAGES.insufficientBalanceAG : MESSAGES.insufficientBalanceBRL;
    }
    case 'account_closed':
      return MESSAGES.ledgerAccountClosed;
    case 'id_conflict':
      return MESSAGES.ledgerIdConflict;
    case 'hold_not_found':
      return MESSAGES.holdNotFound;
    case 'hold_not_open':
      return MESSAGES.holdAlreadyResolved;
  }
}

/** A refusal turned into the error a route answers (422 Saldo insuficiente, 422 conta encerrada, ...). */
export class LedgerRefusedError extends AppError {
  constructor(
    readonly refusal: Refused,
    currency?: Currency,
  ) {
    super(CODES[refusal.reason], message(refusal, currency));
    this.name = 'LedgerRefusedError';
  }
}

/** The result if it succeeded; otherwise throws LedgerRefusedError (for callers that answer a refusal as an error). */
export function requireOk<T extends { ok: boolean }>(result: T | Refused, currency?: Currency): Exclude<T, Refused> {
  if (!result.ok) throw new LedgerRefusedError(result as Refused, currency);
  return result as Exclude<T, Refused>;
}

/** Every result if all succeeded; otherwise throws for the refusal that caused the others (not a linked_failed). */
export function requireAllOk<T extends { ok: boolean }>(results: Array<T | Refused>, currency?: Currency) {
  const refused = results.filter((r): r is Refused => !r.ok);
  if (refused.length === 0) return results as Array<Exclude<T, Refused>>;
  throw new LedgerRefusedError(refused.find((r) => r.reason !== 'linked_failed') ?? refused[0]!, currency);
}
