import { z } from 'zod';
import { EMAIL_MAX, isoDateTime } from './common';

/** GET /api/dev/outbox?to=: an e-mail address or a mobile number (any mask); every recipient when absent. */
export const OutboxQuery = z.object({ to: z.string().trim().max(EMAIL_MAX).optional() });

/** A message the local mailbox "delivered" (development only). */
export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.literal('sent'),
  created_at: isoDateTime(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** GET /api/dev/outbox: the last 100 messages, newest first. */
export const OutboxResponse = z.object({ messages: z.array(OutboxMessage) });
export type OutboxResponse = z.infer<typeof OutboxResponse>;

/**
 * A Pix charge waiting for its payment, as the dev mailbox page lists it (the embedded provider only): a deposit
 * (deposit_id) or another charge, e.g. a silver purchase (deposit_id null, reference 'silver-withdrawal:<id>').
 */
export const DevPendingPayment = z.object({
  deposit_id: z.number().int().nullable(),
  reference: z.string().optional(),
  asaas_payment_id: z.string(),
  /** reais */
  amount: z.number(),
  customer_email: z.string(),
  created_at: isoDateTime(),
});
export type DevPendingPayment = z.infer<typeof DevPendingPayment>;

/** GET /api/dev/payments: pending Pix deposits of everyone, newest first (development and demo only). */
export const DevPendingPaymentsResponse = z.object({ payments: z.array(DevPendingPayment) });
export type DevPendingPaymentsResponse = z.infer<typeof DevPendingPaymentsResponse>;

/** POST /api/dev/payments/{asaas_payment_id}/receive: what the webhook did. */
export const DevPaymentReceivedResponse = z.object({
  received: z.boolean(),
  outcome: z.string(),
  /** null when the charge was not a deposit (its reference says what it was) */
  deposit_id: z.number().int().nullable(),
  reference: z.string().optional(),
  message: z.string(),
});
export type DevPaymentReceivedResponse = z.infer<typeof DevPaymentReceivedResponse>;

export const PaymentIdParams = z.object({
  paymentId: z.string().regex(/^pay_[a-z0-9]{6,40}$/, 'Pagamento não encontrado.'),
});
