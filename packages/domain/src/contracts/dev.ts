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
