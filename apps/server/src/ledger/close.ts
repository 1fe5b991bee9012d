import type { Executor } from '@/db/client';
import type { Holder } from './accounts';
import { callLedger } from './execute';

export type CloseResult =
  | { ok: true; duplicate: boolean; closedAt: Date }
  | { ok: false; reason: 'open_holds'; openHolds: number }
  | { ok: false; reason: 'balance_remaining'; balances: Record<string, number> };

function checkUser(userId: number) {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new TypeError(`ledger: invalid user id ${userId}`);
}

/**
 * Closes a customer in the ledger, in the caller's transaction: refused while any balance (available or held, reais
 * or silver) or open hold remains; closing a closed customer is a no-op reported as a duplicate. From then on every
 * transfer or hold to or from the customer's accounts is refused with account_closed. It races safely with a posting
 * to the customer: it waits for postings in flight and sees their money (refused), or they wait for it and are
 * refused; nothing is lost either way.
 */
export async function closeAccount(ex: Executor, userId: number): Promise<CloseResult> {
  checkUser(userId);
  const raw = await callLedger<{
    ok: boolean;
    duplicate?: boolean;
    closed_at?: string;
    reason?: 'open_holds' | 'balance_remaining';
    open_holds?: number;
    balances?: Record<string, number>;
  }>(ex, 'select ledger_close_owner($1::bigint) as r', 'ledger_close_owner', [userId]);
  if (raw.ok) return { ok: true, duplicate: raw.duplicate === true, closedAt: new Date(raw.closed_at!) };
  if (raw.reason === 'open_holds') return { ok: false, reason: 'open_holds', openHolds: Number(raw.open_holds) };
  return { ok: false, reason: 'balance_remaining', balances: raw.balances ?? {} };
}

/** Opens a closed customer again (the account was reopened); a no-op reported as a duplicate when it is open. */
export async function reopenAccount(ex: Executor, userId: number): Promise<{ ok: true; duplicate: boolean }> {
  checkUser(userId);
  const raw = await callLedger<{ duplicate: boolean }>(
    ex,
    'select ledger_reopen_owner($1::bigint) as r',
    'ledger_reopen_owner',
    [userId],
  );
  return { ok: true, duplicate: raw.duplicate };
}

/**
 * Takes the locks of these holders now, in the ledger's order, for the rest of the caller's transaction. A transaction
 * that will debit several customers (or a customer and the house) in separate calls, in an order it does not control,
 * calls this first: its later calls then never need a lock out of order, so they never wait out of order nor fail
 * with a retryable serialization failure (docs/ledger.md). One call (a batch) does this by itself.
 */
export async function lockOwners(ex: Executor, holders: Holder[]): Promise<void> {
  const userIds = [...new Set(holders.filter((h): h is { customer: number } => h !== 'house').map((h) => h.customer))];
  for (const id of userIds) checkUser(id);
  await callLedger(ex, 'select ledger_lock_holders($1::bigint[], $2::boolean) as r', 'ledger_lock_holders', [
    userIds,
    holders.includes('house'),
  ]);
}
