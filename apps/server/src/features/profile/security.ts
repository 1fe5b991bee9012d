import { MESSAGES, type PasswordChangeRequest } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { UserRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { closeAccount as closeLedgerAccount } from '@/ledger/index';
import { logEvent } from '@/lib/audit';
import { AppError, invalid } from '@/lib/errors';
import { hashPassword, verifyPassword } from '@/lib/passwords';
import { enqueueEmail } from '@/messaging/outbox';
import { passwordChangedMail } from '@/messaging/templates';
import { forgetSessions, revokeSessions } from '@/plugins/auth';
import { hasPendingOutgoingTransfers } from '@/features/silver-transfers/index';
import { lockUserRow, rejectPendingLimitRequest, revokeOtherSessions, setUserColumns } from './repository/index';

/** Changes the password; every other session ends (the one that changed it stays). */
export async function changePassword(deps: AppDeps, user: UserRow, sessionId: string, input: PasswordChangeRequest) {
  if (!(await verifyPassword(user.passwordHash, input.password_current))) {
    throw invalid('password_current', MESSAGES.passwordCurrentWrong);
  }
  if (input.password === input.password_current) throw invalid('password', MESSAGES.passwordSameAsCurrent);
  const passwordHash = await hashPassword(input.password);
  await withTransaction(deps.database.db, async (tx) => {
    // every instance stops reusing the user's session rows (plugins/auth.ts) before the sessions end
    await forgetSessions({ userId: user.id });
    await setUserColumns(tx, user.id, { passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() });
    await revokeOtherSessions(tx, user.id, sessionId);
    await enqueueEmail(tx, { to: user.email, ...passwordChangedMail(user.name) });
    await logEvent(tx, user.id, 'Senha alterada');
  });
  deps.outbox.kick();
  return MESSAGES.passwordChanged;
}

/**
 * Closing never loses money: it is refused while the customer holds reais or silver (available or held), which also
 * covers every pending operation that holds funds (orders, withdrawals), and while a silver transfer it sent waits for
 * its receiver (the grams may come back). A limit request under review is closed with it.
 * The account can be reopened later ('Reabrir conta' on /login).
 */
export async function closeAccount(deps: AppDeps, user: UserRow) {
  return withTransaction(deps.database.db, async (tx) => {
    await lockUserRow(tx, user.id);
    // The ledger closes the customer's accounts, or refuses while money or an open hold remains; a deposit arriving at
    // the same moment either lands first (and closing is refused) or is refused as account_closed (docs/ledger.md).
    const closed = await closeLedgerAccount(tx, user.id);
    if (!closed.ok) {
      throw new AppError(
        'ACCOUNT_HAS_BALANCE',
        closed.reason === 'open_holds' ? MESSAGES.closeAccountHasPending : MESSAGES.closeAccountHasBalance,
      );
    }
    // Checked after the ledger locked and closed the accounts: a transfer placed meanwhile either committed before
    // (and is seen here) or is refused by the closed account.
    if (await hasPendingOutgoingTransfers(tx, user.id)) {
      throw new AppError('ACCOUNT_HAS_BALANCE', MESSAGES.closeAccountHasPending);
    }
    // A limit request under review has no money in it: it simply ends with the account.
    await rejectPendingLimitRequest(tx, user.id, 'Conta encerrada pelo cliente');
    await setUserColumns(tx, user.id, { closedAt: new Date(), updatedAt: new Date() });
    await revokeSessions(tx, { userId: user.id });
    await logEvent(tx, user.id, 'Conta encerrada pelo cliente');
    return MESSAGES.accountClosed;
  });
}
