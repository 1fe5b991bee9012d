import { createHash, timingSafeEqual } from 'node:crypto';
import { hasControlChars, parseDecimal } from '@prata/domain';
import { z } from 'zod';
import type { AuthorizationEventKind, PaymentEvent, WebhookVerdict } from './port';

/** The header Asaas sends the configured webhook token in (research/brazil-integrations.md §2). */
export const WEBHOOK_TOKEN_HEADER = 'asaas-access-token';

type Headers = Record<string, string | string[] | undefined>;

/**
 * Compares the delivery's token with ours in constant time: both are hashed first, so the comparison runs over
 * two equal-length digests and reveals neither the token nor its length. A missing, repeated or empty header, or no
 * configured token, never matches.
 */
function webhookTokenMatches(expected: string, headers: Headers): boolean {
  const name = Object.keys(headers).find((key) => key.toLowerCase() === WEBHOOK_TOKEN_HEADER);
  const given = name === undefined ? undefined : headers[name];
  if (typeof given !== 'string' || given === '' || expected === '') return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** A lone half of a surrogate pair (a /u pattern sees a whole pair as one code point, never as Cs). */
const LONE_SURROGATE = /\p{Cs}/u;

/** Text PostgreSQL keeps as it is: no control character (NUL is refused), no lone surrogate (it would be replaced). */
function isPlainText(value: string): boolean {
  return !hasControlChars(value) && !LONE_SURROGATE.test(value);
}

/** A provider's free text (why a transfer failed) without what PostgreSQL refuses or replaces. */
function plainText(value: string): string {
  return [...value]
    .filter((ch) => !hasControlChars(ch))
    .map((ch) => (LONE_SURROGATE.test(ch) ? '\uFFFD' : ch))
    .join('');
}

/** Ids and event names are keys we store and look up: one with NUL or a lone surrogate is not the provider's. */
const id = z.string().min(1).max(100).refine(isPlainText);
/** Our own reference echoed back: one with NUL or a lone surrogate is not ours, so none. */
const reference = z
  .string()
  .max(200)
  .nullish()
  .transform((value) => (value && isPlainText(value) ? value : null));
const reason = z
  .string()
  .max(500)
  .nullish()
  .transform((value) => (value ? plainText(value) || null : null));

/** Only what we read; Asaas sends many more fields, which are let through and ignored. */
const DeliverySchema = z.object({
  id,
  event: z.string().min(1).max(100).refine(isPlainText),
  payment: z.object({ id, value: z.number().optional(), externalReference: reference }).optional(),
  transfer: z
    .object({
      id,
      status: z.string().max(50).optional(),
      failReason: reason,
      externalReference: reference,
    })
    .optional(),
  // Pix Automático (docs.asaas.com, "Eventos para Pix Automático")
  authorization: z.object({ id }).optional(),
  paymentInstruction: z
    .object({
      id: id.optional(),
      authorizationId: id.optional(),
      authorization: z.object({ id }).optional(),
      paymentId: id.nullish(),
      payment: z.object({ id }).nullish(),
      refusalReason: reason,
    })
    .optional(),
});

type Delivery = z.infer<typeof DeliverySchema>;

const AUTHORIZATION_EVENTS: Record<string, AuthorizationEventKind> = {
  PIX_AUTOMATIC_RECURRING_AUTHORIZATION_ACTIVATED: 'authorization_activated',
  PIX_AUTOMATIC_RECURRING_AUTHORIZATION_CANCELLED: 'authorization_cancelled',
  PIX_AUTOMATIC_RECURRING_AUTHORIZATION_EXPIRED: 'authorization_expired',
  PIX_AUTOMATIC_RECURRING_AUTHORIZATION_REFUSED: 'authorization_refused',
};

/**
 * Pix Automático's authorisation events, and a payment instruction the payer's bank refused; null when the event is
 * none of them. The instruction names its authorisation either by id or nested, depending on the payload's version.
 */
function parsePixAutomatic(eventId: string, d: Delivery): PaymentEvent | null | undefined {
  const kind = AUTHORIZATION_EVENTS[d.event];
  if (kind) return d.authorization ? { kind, eventId, authorizationId: d.authorization.id } : null;
  if (d.event !== 'PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_REFUSED') return undefined;
  const instruction = d.paymentInstruction;
  const authorizationId = instruction?.authorizationId ?? instruction?.authorization?.id ?? d.authorization?.id;
  if (!authorizationId) return null;
  return {
    kind: 'payment_instruction_refused',
    eventId,
    authorizationId,
    paymentId: instruction?.paymentId ?? instruction?.payment?.id ?? null,
    reason: instruction?.refusalReason ?? null,
  };
}

/**
 * Asaas's webhook body to our event. PAYMENT_RECEIVED (funds available; for Pix this is the one to act on, not
 * PAYMENT_CONFIRMED) carries the amount, read exactly from `payment.value`'s decimal text: more than two decimals
 * is malformed, never rounded. PAYMENT_DELETED cancels; TRANSFER_DONE, _FAILED and _CANCELLED settle a payout;
 * PIX_AUTOMATIC_RECURRING_AUTHORIZATION_ACTIVATED, _CANCELLED, _EXPIRED, _REFUSED and
 * PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_REFUSED change a saving plan (parsePixAutomatic).
 * Every other event is `ignored` (answered 200 so Asaas's queue keeps moving).
 */
export function parseAsaasDelivery(body: unknown): PaymentEvent | null {
  const parsed = DeliverySchema.safeParse(body);
  if (!parsed.success) return null;
  const { id: eventId, event, payment, transfer } = parsed.data;
  const pixAutomatic = parsePixAutomatic(eventId, parsed.data);
  if (pixAutomatic !== undefined) return pixAutomatic;
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
