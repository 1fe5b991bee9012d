import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onlyDigits } from '@prata/domain';
import { outboxMessages } from '../../db/schema/index';

/**
 * The local mailbox (development and demo only, never production): what Prata would have sent by e-mail or SMS,
 * so a person can click verification links and read codes. Not registered at all in production.
 */
export async function devRoutes(fastify: FastifyInstance) {
  if (!fastify.deps.config.devTools) return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  app.get(
    '/dev/outbox',
    { schema: { hide: true, querystring: z.object({ to: z.string().trim().max(254).optional() }) } },
    async (req) => {
      const to = req.query.to?.toLowerCase() ?? '';
      const recipient = to.includes('@') ? to : onlyDigits(to);
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(recipient ? eq(sql`lower(${outboxMessages.recipient})`, recipient) : undefined)
        .orderBy(desc(outboxMessages.id))
        .limit(100);
      return {
        messages: rows.map((m) => ({
          id: m.id,
          channel: m.channel,
          to: m.recipient,
          subject: m.subject,
          text: m.textBody,
          html: m.htmlBody,
          status: m.status,
          created_at: m.createdAt.toISOString(),
        })),
      };
    },
  );
}
