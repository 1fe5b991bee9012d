import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { onlyDigits, OutboxQuery, OutboxResponse } from '@prata/domain';
import { devMailbox } from '../../db/schema/index';

/**
 * The local mailbox (PRATA_DEV_MAILBOX=1 only; config.ts refuses it in production and beside a real transport): what
 * Prata "delivered" by e-mail or SMS, so a person can click verification links and read codes. Without the setting
 * these routes do not exist.
 */
export async function devRoutes(fastify: FastifyInstance) {
  if (!fastify.deps.config.devMailbox) return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  app.get(
    '/dev/outbox',
    { schema: { hide: true, querystring: OutboxQuery, response: { 200: OutboxResponse } } },
    async (req) => {
      const to = req.query.to?.toLowerCase() ?? '';
      const recipient = to.includes('@') ? to : onlyDigits(to);
      const rows = await db
        .select()
        .from(devMailbox)
        .where(recipient ? eq(sql`lower(${devMailbox.recipient})`, recipient) : undefined)
        .orderBy(desc(devMailbox.id))
        .limit(100);
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
