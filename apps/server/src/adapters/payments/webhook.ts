import { createHash, timingSafeEqual } from 'node:crypto';
import { parseDecimal } from '@prata/domain';
import { z } from 'zod';
import type { PaymentEvent, WebhookVerdict } from './port';

/** The header Asaas sends the configured webhook token in (research/brazil-integrations.md §2). */
export const WEBHOOK_TOKEN_HEADER = 'asaas-access-token';

type Headers = Record<string, string | string[] | undefined>;

/**
 * Compares the delivery's token with ours in constant time: both are hashed first, so the comparison runs over
 * two equal-length digests and reveals neither the token nor its length. A missing, repeated or empty header, or no
 * configured token, never matches.
 */
export function webhookTokenMatches(expected: string, headers: Headers): boolean {
  const name = Object.keys(headers).find((key) => key.toLowerCase() === WEBHOOK_TOKEN_HEADER);
  const given = name === undefined ? undefined : headers[name];
  if (typeof given !== 'string' || given === '' || expected === '') return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const id = z.string().min(1).max(100);
const reference = z.string().max(200).nullish();

/** Only what we read; Asaas sends many more fields, which are let through and ignored. */
const DeliverySchema = z.object({
  id,
  event: z.string().min(1).max(100),
  payment: z.object({ id, value: z.number().optional(), externalReference: reference }).optional(),
  transfer: z
    .object({
      id,
      status: z.string().max(50).optional(),
      failReason: z.string().max(500).nullish(),
      externalReference: reference,
    })
    .optional(),
});

/**
 * Asaas's webhook body to our event. PAYMENT_RECEIVED (funds available; for Pix this is the one to act on, not
 * PAYMENT_CONFIRMED) carries the amount, read exactly from `payment.value`'s decimal text: more than two decimals
 * is malformed, never rounded. PAYMENT_DELETED cancels; TRANSFER_DONE, _FAILED and _CANCELLED settle a payout.
 * Every other event is `ignored` (answered 200 so Asaas's queue keeps moving).
 */
export function parseAsaasDelivery(body: unknown): PaymentEvent | null {
  const parsed = DeliverySchema.safeParse(body);
  if (!parsed.success) return null;
  const { id: eventId, event, payment, transfer } = parsed.data;
  switch (event) {
    case 'PAYMENT_RECEIVED': {
      if (!payment) return null;
      const amount = parseDecimal(payment.value);
      if (!amount.ok) return null;
      return {
        kind: 'payment_received',
        eventId,
        paymentId: payment.id,
        reference: payment.externalReference ?? null,
        amountCents: amount.minor,
      };
    }
    case 'PAYMENT_DELETED':
      if (!payment) return null;
      return {
        kind: 'payment_cancelled',
        eventId,
        paymentId: payment.id,
        reference: payment.externalReference ?? null,
      };
    case 'TRANSFER_DONE':
    case 'TRANSFER_FAILED':
    case 'TRANSFER_CANCELLED': {
      if (!transfer) return null;
      const done = event === 'TRANSFER_DONE';
      const cancelled = event === 'TRANSFER_CANCELLED' ? 'Transferência cancelada' : null;
      return {
        kind: done ? 'transfer_done' : 'transfer_failed',
        eventId,
        transferId: transfer.id,
        reference: transfer.externalReference ?? null,
        failReason: done ? null : (transfer.failReason ?? cancelled),
      };
    }
    default:
      return { kind: 'ignored', eventId, event };
  }
}

/** Authenticates first (an unauthenticated body is not even parsed), then parses. */
export function readAsaasWebhook(expectedToken: string, headers: Headers, body: unknown): WebhookVerdict {
  if (!webhookTokenMatches(expectedToken, headers)) return { ok: false, reason: 'unauthorized' };
  const event = parseAsaasDelivery(body);
  return event ? { ok: true, event } : { ok: false, reason: 'malformed' };
}
