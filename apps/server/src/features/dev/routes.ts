import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DevPaymentReceivedResponse,
  DevPendingPaymentsResponse,
  MESSAGES,
  minorToDecimal,
  onlyDigits,
  OutboxQuery,
  OutboxResponse,
  PaymentIdParams,
} from '@prata/domain';
import { devMailboxMessages, pendingPixDepositsWithEmail } from './repository';
import { paymentTargetsFor, simulatePixPayment } from '@/features/money/index';

/**
 * The local mailbox (PRATA_DEV_MAILBOX=1 only; config.ts refuses it in production and beside a real transport): what
 * Prata "delivered" by e-mail or SMS, so a person can click verification links and read codes. Without the setting
 * these routes do not exist.
 */
export async function devRoutes(fastify: FastifyInstance) {
  await devPaymentRoutes(fastify);
  if (!fastify.deps.config.devMailbox) return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  app.get(
    '/dev/outbox',
    { schema: { hide: true, querystring: OutboxQuery, response: { 200: OutboxResponse } } },
    async (req) => {
      const to = req.query.to?.toLowerCase() ?? '';
      const recipient = to.includes('@') ? to : onlyDigits(to);
      const rows = await devMailboxMessages(db, recipient, 100);
      return {
        messages: rows.map((m) => ({
          id: m.id,
          channel: m.channel,
          to: m.recipient,
          subject: m.subject,
          text: m.textBody,
          html: m.htmlBody,
          status: 'sent' as const,
          created_at: m.createdAt.toISOString(),
        })),
      };
    },
  );
}

/**
 * What a payer's bank would do, in development and demo mode only, with the embedded payment provider: pay a pending
 * Pix deposit. The payment arrives through the same webhook handler the real provider calls. Never in production
 * (config.ts refuses the embedded provider there) and not in a test or staging server unless it runs the demo or the
 * dev mailbox.
 */
async function devPaymentRoutes(fastify: FastifyInstance) {
  const { config, adapters } = fastify.deps;
  const allowed = config.env !== 'production' && (config.env === 'development' || config.demo || config.devMailbox);
  if (!allowed || !adapters.payments.simulatePayment) return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get('/dev/payments', { schema: { hide: true, response: { 200: DevPendingPaymentsResponse } } }, async () => {
    const rows = await pendingPixDepositsWithEmail(db, 50);
    const others = (await Promise.all(paymentTargetsFor(null).map((t) => t.pendingCharges(db, 50)))).flat();
    const payments = [
      ...rows.map(({ deposit, email }) => ({
        deposit_id: deposit.id as number | null,
        asaas_payment_id: deposit.asaasPaymentId ?? '',
        amount: minorToDecimal(deposit.amountCents),
        customer_email: email,
        created_at: deposit.createdAt.toISOString(),
      })),
      ...others.map((c) => ({
        deposit_id: null,
        reference: c.reference,
        asaas_payment_id: c.paymentId,
        amount: minorToDecimal(c.amountCents),
        customer_email: c.email,
        created_at: c.createdAt.toISOString(),
      })),
    ];
    payments.sort((a, b) => b.created_at.localeCompare(a.created_at));
    return { payments: payments.slice(0, 50) };
  });

  app.post(
    '/dev/payments/:paymentId/receive',
    { schema: { hide: true, params: PaymentIdParams, response: { 200: DevPaymentReceivedResponse } } },
    async (req) => {
      const result = await simulatePixPayment(app.deps, { paymentId: req.params.paymentId });
      return {
        received: result.received,
        outcome: result.outcome,
        deposit_id: result.depositId,
        reference: result.reference,
        message: MESSAGES.paymentSimulated,
      };
    },
  );
}
