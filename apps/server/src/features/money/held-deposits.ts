import { logFailure } from '@/lib/log-failure';
import { formatBRL, type HeldDepositDecisionRequest, MESSAGES } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { DepositHoldReason, DepositRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { logEvent, writeAudit } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { post } from '@/ledger/index';
import { enqueueEmail } from '@/messaging/outbox';
import { depositCreditedMail } from '@/messaging/templates';
import { depositTransferId } from './deposits';
import { isExpired } from './presenter';
import { findContact, lockDeposit, markHeld, markHeldDecided } from './repository/index';

/**
 * Payments that do not match their charge. Money that arrived is never lost and never credited blindly:
 * it is recorded at once, pix:clearing → deposit:suspense (a liability owed to no one yet), and the deposit waits as
 * 'held' until an operator decides. Each decision empties the suspense of that payment in one transaction:
 *
 * | decision | transfers | the deposit |
 * | --- | --- | --- |
 * | credit_paid | suspense → customer available, what arrived (`deposit:<id>`) | approved, credited_cents = paid |
 * | credit_charged (overpaid) | suspense → customer, the charge (`deposit:<id>`); suspense → payout:clearing, the rest (`deposit:<id>:refund`) | approved |
 * | refund | suspense → payout:clearing, all of it (`deposit:<id>:refund`) | refunded, with the reason |
 *
 * A refund goes back to the payer through the provider (Asaas: POST /payments/{id}/refund), called under the row's
 * lock before the transaction commits: if the provider refuses, nothing is written and the operator can try again.
 */

const receivedTransferId = (depositId: number) => `deposit:${depositId}:received`;
const refundTransferId = (depositId: number) => `deposit:${depositId}:refund`;

/** Why a payment of `paidCents` for this deposit cannot simply be credited; null when it can. */
export function holdReasonFor(row: DepositRow, paidCents: number, now = new Date()): DepositHoldReason | null {
  if (row.status === 'cancelled' || row.status === 'expired' || isExpired(row, now)) return 'late';
  if (paidCents > row.amountCents) return 'overpaid';
  if (paidCents < row.amountCents) return 'underpaid';
  return null;
}

/** Holds a payment (the webhook's transaction, the row locked): the money into deposit:suspense, the row 'held'. */
export async function holdPayment(tx: Executor, row: DepositRow, paidCents: number, reason: DepositHoldReason) {
  const result = await post(tx, {
    id: receivedTransferId(row.id),
    debit: { system: 'pix:clearing' },
    credit: { system: 'deposit:suspense' },
    currency: 'BRL',
    amount: paidCents,
    code: 'deposit.held',
  });
  if (!result.ok) throw new Error(`ledger refused held payment of deposit ${row.id}: ${result.reason}`);
  await markHeld(tx, row.id, paidCents, reason);
  await logEvent(
    tx,
    row.userId,
    `Pix de ${formatBRL(paidCents)} recebido para o depósito de ${formatBRL(row.amountCents)}: em análise pela nossa equipe`,
  );
}

type Reviewer = { userId: number; ip: string };

/** POST /api/admin/deposits/{id}/held: the operator's decision on a held payment (table above). */
export async function decideHeldDeposit(
  deps: AppDeps,
  id: number,
  decision: HeldDepositDecisionRequest,
  reviewer: Reviewer,
) {
  await withTransaction(deps.database.db, async (tx) => {
    const row = await lockDeposit(tx, { id });
    if (!row) throw notFound();
    if (row.status !== 'held' || row.paidCents === null)
      throw new AppError('DEPOSIT_NOT_HELD', MESSAGES.depositNotHeld);
    const paidCents = row.paidCents;
    const now = new Date();
    let creditCents = 0;
    let refundCents = 0;
    if (decision.decision === 'credit_paid') creditCents = paidCents;
    else if (decision.decision === 'credit_charged') {
      if (paidCents <= row.amountCents) {
        throw new AppError('VALIDATION_FAILED', MESSAGES.depositCreditChargedOnlyOverpaid, {
          decision: [MESSAGES.depositCreditChargedOnlyOverpaid],
        });
      }
      creditCents = row.amountCents;
      refundCents = paidCents - row.amountCents;
    } else refundCents = paidCents;

    if (creditCents > 0) {
      const credited = await post(tx, {
        id: depositTransferId(row.id),
        debit: { system: 'deposit:suspense' },
        credit: { customer: row.userId, bucket: 'available' },
        currency: 'BRL',
        amount: creditCents,
        code: 'deposit.pix',
      });
      if (!credited.ok) {
        if (credited.reason === 'account_closed')
          throw new AppError('CUSTOMER_ACCOUNT_CLOSED', MESSAGES.ledgerAccountClosed);
        throw new Error(`ledger refused crediting held deposit ${row.id}: ${credited.reason}`);
      }
    }
    if (refundCents > 0) {
      const refunded = await post(tx, {
        id: refundTransferId(row.id),
        debit: { system: 'deposit:suspense' },
        credit: { system: 'payout:clearing' },
        currency: 'BRL',
        amount: refundCents,
        code: 'deposit.refund',
      });
      if (!refunded.ok) throw new Error(`ledger refused refunding held deposit ${row.id}: ${refunded.reason}`);
    }
    await markHeldDecided(
      tx,
      row.id,
      creditCents > 0
        ? { creditedCents: creditCents }
        : { refundReason: decision.decision === 'refund' ? decision.reason : null },
      reviewer.userId,
      now,
    );
    if (creditCents > 0) {
      const owner = await findContact(tx, row.userId);
      const amount = formatBRL(creditCents);
      await logEvent(tx, row.userId, `Depósito por Pix de ${amount} creditado após análise`);
      if (owner) await enqueueEmail(tx, { to: owner.email, ...depositCreditedMail(owner.name, amount, 'pix') });
    }
    if (refundCents > 0) {
      await logEvent(tx, row.userId, `Pix de ${formatBRL(refundCents)} devolvido ao pagador`);
    }
    await writeAudit(tx, {
      actorUserId: reviewer.userId,
      action: `deposit.held_${decision.decision}`,
      targetType: 'deposit',
      targetId: id,
      details: { customer_id: row.userId, paid: paidCents, credited: creditCents, refunded: refundCents },
      ip: reviewer.ip,
    });
    // the provider last, under the row's lock: if it refuses, the transaction rolls back and nothing was decided
    if (refundCents > 0 && row.asaasPaymentId) {
      try {
        await deps.adapters.payments.refundCharge(
          row.asaasPaymentId,
          refundCents === paidCents ? undefined : refundCents,
        );
      } catch (err) {
        logFailure(`held deposits: the provider refused the refund of deposit ${id}`, err);
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', MESSAGES.paymentProviderUnavailable);
      }
    }
  });
  deps.outbox.kick();
}
