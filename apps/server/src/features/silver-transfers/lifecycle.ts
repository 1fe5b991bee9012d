import { formatGrams, MESSAGES } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import { withTransaction } from '@/db/tx';
import { logEvent } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { enqueueEmail } from '@/messaging/outbox';
import { transferClaimedMail, transferReceivedMail, transferReturnedMail } from '@/messaging/templates';
import { postClaim, postReturn } from './ledger';
import { namesOf, partyNameOf } from './service';
import { dueForExpiry, lockPendingTransfersTo, lockTransfer, transferUserById, updateTransferRow } from './repository';
import { presentTransfer } from './presenter';
import { every } from '@/lib/per-turn';

/**
 * Whether the customer sent grams that still wait in transfer:unclaimed. Closing the account is refused meanwhile:
 * the grams may still come back to it (a cancel or the expiry), and a closed account takes no postings.
 */
async function returnToSender(tx: Executor, id: number, status: 'cancelled' | 'expired', now: Date) {
  const row = await lockTransfer(tx, id);
  if (row?.status !== 'pending') return null;
  if (status === 'expired' && (!row.expiresAt || row.expiresAt > now)) return null;
  await postReturn(tx, row.id, row.senderId, row.quantityCg);
  const at = new Date();
  const updated = await updateTransferRow(tx, id, { status, cancelledAt: at, updatedAt: at });
  const sender = await transferUserById(tx, row.senderId);
  const grams = formatGrams(row.quantityCg);
  await logEvent(
    tx,
    sender.id,
    status === 'cancelled'
      ? `Transferência nº ${id} de ${grams} de prata cancelada; a prata voltou ao seu saldo`
      : `Transferência nº ${id} de ${grams} de prata expirou sem o cadastro do recebedor; a prata voltou ao seu saldo`,
  );
  await enqueueEmail(tx, {
    to: sender.email,
    ...transferReturnedMail(sender.name, { id, grams, receiverEmail: row.receiverEmail, reason: status }),
  });
  return updated!;
}

/** PUT /api/silver-transfer/{id}/cancel: the sender's own pending transfer (anyone else's: 404). */
export async function cancelTransfer(deps: AppDeps, userId: number, id: number) {
  const row = await withTransaction(deps.database.db, async (tx) => {
    const locked = await lockTransfer(tx, id);
    if (!locked || locked.senderId !== userId) throw notFound();
    if (locked.status !== 'pending')
      throw new AppError('SILVER_TRANSFER_NOT_CANCELLABLE', MESSAGES.transferNotCancellable);
    return (await returnToSender(tx, id, 'cancelled', new Date()))!;
  });
  deps.outbox.kick();
  return {
    transfer: presentTransfer(row, userId, await namesOf(deps.database.db, [row.senderId])),
    message: MESSAGES.transferCancelled,
  };
}

/**
 * Returns to their senders the pending transfers whose period (TRANSFER_UNCLAIMED_SECONDS) ran out, each in its own
 * transaction. Run by a timer (boot.ts) and by tests directly; answers how many expired.
 */
export async function expireUnclaimedTransfers(deps: AppDeps, now = new Date()): Promise<number> {
  let expired = 0;
  for (const { id } of await dueForExpiry(deps.database.db, now)) {
    const row = await withTransaction(deps.database.db, (tx) => returnToSender(tx, id, 'expired', now));
    if (row) expired += 1;
  }
  if (expired > 0) deps.outbox.kick();
  return expired;
}

/** Runs the expiry every 10 minutes; answers a stop function. */
export function startTransferExpirySweeper(deps: AppDeps, everyMs = 600_000): () => void {
  return every(everyMs, () => expireUnclaimedTransfers(deps), 'silver transfers: expiry');
}

/**
 * A registration was approved (the back office's review, in its transaction): the pending transfers to this
 * customer's e-mail with this customer's CPF reach their balance (transfer:unclaimed → available). A CPF that differs
 * from the one the sender typed claims nothing; those transfers expire back to their senders. The caller wakes the
 * outbox after its commit. Answers how many were claimed.
 */
export async function claimPendingTransfers(
  tx: Executor,
  customer: { id: number; email: string; name: string; cpf: string | null },
): Promise<number> {
  if (!customer.cpf) return 0;
  const pending = await lockPendingTransfersTo(tx, { email: customer.email.toLowerCase(), cpf: customer.cpf });
  let claimed = 0;
  for (const row of pending) {
    if (row.senderId === customer.id) continue;
    await postClaim(tx, row.id, customer.id, row.quantityCg);
    const at = new Date();
    await updateTransferRow(tx, row.id, {
      status: 'completed',
      receiverId: customer.id,
      completedAt: at,
      updatedAt: at,
    });
    const sender = await transferUserById(tx, row.senderId);
    const grams = formatGrams(row.quantityCg);
    const senderName = await partyNameOf(tx, sender);
    await logEvent(tx, customer.id, `Transferência nº ${row.id} de ${grams} de prata recebida de ${senderName}`);
    await logEvent(tx, sender.id, `Transferência nº ${row.id} de ${grams} de prata recebida por ${row.receiverEmail}`);
    await enqueueEmail(tx, {
      to: customer.email,
      ...transferReceivedMail(customer.name, { id: row.id, grams, sender: senderName, message: row.message }),
    });
    await enqueueEmail(tx, {
      to: sender.email,
      ...transferClaimedMail(sender.name, { id: row.id, grams, receiverEmail: row.receiverEmail }),
    });
    claimed += 1;
  }
  return claimed;
}
