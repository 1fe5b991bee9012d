import { MESSAGES } from '@prata/domain';
import type { PaymentEvent } from '@/adapters/payments/port';
import type { AppDeps } from '@/deps';
import { withTransaction } from '@/db/tx';
import { AppError } from '@/lib/errors';
import { creditLockedDeposit } from './deposits';
import { holdPayment, holdReasonFor } from './held-deposits';
import { applyAuthorizationEvent } from './authorization-targets';
import { paymentTargetsFor } from './payment-targets';
import { markPayoutDone, refundPayout } from './payouts';
import { claimPaymentEvent, lockDeposit, markCancelled, markExpired, recordEventOutcome } from './repository/index';

/**
 * What an event did, stored with it: credited, duplicate (the event, or the payment, was seen before), held (paid
 * for more or less than charged, or after the charge expired or was cancelled: in deposit:suspense for an operator,
 * held-deposits.ts), unknown_payment, account_closed, expired, payout_done, payout_failed, ignored ...
 */
export type WebhookOutcome = string;

/**
 * The provider's delivery to POST /api/webhooks/payments, as the JSON text it sent: authenticated, then parsed, then
 * handled as below, the text kept as it came (payment_events.body). Text that is not JSON is WEBHOOK_MALFORMED once the
 * token matched (an unauthenticated body is not read). JSON.parse keeps a `__proto__` key as an own property and the
 * adapter's schema copies only the fields it reads, so no prototype is touched.
 */
export async function receivePaymentWebhook(
  deps: AppDeps,
  headers: Record<string, string | string[] | undefined>,
  text: string,
): Promise<{ received: true; outcome: WebhookOutcome }> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return handleDelivery(deps, headers, body, text);
}

/**
 * One webhook delivery, from the embedded provider's "payer's bank" (the back office, the dev mailbox page,
 * POST /api/dev/payments/{id}/receive, the saving plans' charges): the same code as the provider's, with the body
 * built here and stored as its JSON text.
 */
export async function handlePaymentWebhook(
  deps: AppDeps,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): Promise<{ received: true; outcome: WebhookOutcome }> {
  return handleDelivery(deps, headers, body, JSON.stringify(body) ?? 'null');
}

/**
 * Authenticated by the adapter; then, in one transaction, the event id is claimed (a redelivery does nothing) and the
 * event applied. A payment credits once however many events confirm it: the deposit's row is locked and its ledger
 * transfer id is the deposit's own.
 */
async function handleDelivery(
  deps: AppDeps,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
  text: string,
): Promise<{ received: true; outcome: WebhookOutcome }> {
  const verdict = deps.adapters.payments.readWebhook(headers, body);
  if (!verdict.ok) {
    throw verdict.reason === 'unauthorized'
      ? new AppError('WEBHOOK_UNAUTHORIZED', MESSAGES.webhookUnauthorized)
      : new AppError('WEBHOOK_MALFORMED', MESSAGES.webhookMalformed);
  }
  const event = verdict.event;
  const outcome = await withTransaction(deps.database.db, async (tx) => {
    const claimed = await claimPaymentEvent(tx, {
      eventId: event.eventId,
      provider: deps.adapters.payments.name,
      kind: event.kind,
      paymentId: 'paymentId' in event ? event.paymentId : null,
      transferId: 'transferId' in event ? event.transferId : null,
      outcome: 'processing',
      body: text,
    });
    if (!claimed) return 'duplicate';
    const { outcome, detail } = await apply(deps, tx, event);
    await recordEventOutcome(tx, event.eventId, outcome, detail);
    return outcome;
  });
  deps.outbox.kick();
  return { received: true, outcome };
}

type Tx = Parameters<Parameters<typeof withTransaction>[1]>[0];

async function apply(deps: AppDeps, tx: Tx, event: PaymentEvent): Promise<{ outcome: string; detail: string | null }> {
  switch (event.kind) {
    case 'payment_received': {
      const row = await lockDeposit(tx, { paymentId: event.paymentId });
      if (!row) {
        // not a deposit: a registered target's (a silver purchase), named by the reference when it echoes it
        for (const target of paymentTargetsFor(event.reference)) {
          const hit = await target.received(deps, tx, event);
          if (hit) return hit;
        }
        return { outcome: 'unknown_payment', detail: `pagamento ${event.paymentId} sem depósito` };
      }
      // one charge is paid once: a redelivery for a credited or held payment changes nothing
      if (
        row.status === 'approved' ||
        row.status === 'held' ||
        row.status === 'refunded' ||
        row.status === 'rejected'
      ) {
        return { outcome: 'duplicate', detail: `depósito ${row.id}` };
      }
      const reason = holdReasonFor(row, event.amountCents);
      if (reason) {
        await holdPayment(tx, row, event.amountCents, reason);
        return {
          outcome: 'held',
          detail: `depósito ${row.id} retido (${reason}): cobrado ${row.amountCents}, recebido ${event.amountCents} centavos`,
        };
      }
      const outcome = await creditLockedDeposit(tx, row, null);
      return { outcome, detail: `depósito ${row.id}` };
    }
    case 'payment_cancelled': {
      const row = await lockDeposit(tx, { paymentId: event.paymentId });
      if (!row) {
        for (const target of paymentTargetsFor(event.reference)) {
          const hit = await target.cancelled(deps, tx, event);
          if (hit) return hit;
        }
        return { outcome: 'ignored', detail: null };
      }
      if (row.status !== 'pending') return { outcome: 'ignored', detail: null };
      if (row.pixExpiresAt !== null && row.pixExpiresAt <= new Date()) {
        await markExpired(tx, row);
        return { outcome: 'expired', detail: `depósito ${row.id} expirado` };
      }
      await markCancelled(tx, row.id);
      return { outcome: 'cancelled', detail: `depósito ${row.id} cancelado pelo provedor` };
    }
    case 'transfer_done':
      return { outcome: await markPayoutDone(tx, event.transferId), detail: null };
    case 'transfer_failed': {
      const row = await refundPayout(
        deps,
        { transferId: event.transferId },
        event.failReason ?? 'transferência recusada',
        tx,
      );
      return { outcome: row ? 'payout_failed' : 'unknown_transfer', detail: row ? `retirada ${row.id}` : null };
    }
    case 'authorization_activated':
    case 'authorization_cancelled':
    case 'authorization_expired':
    case 'authorization_refused':
    case 'payment_instruction_refused': {
      const { eventId: _id, ...rest } = event;
      return applyAuthorizationEvent(deps, tx, rest);
    }
    case 'ignored':
      return { outcome: 'ignored', detail: event.event };
  }
}
