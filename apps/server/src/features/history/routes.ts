import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EventLogsResponse, PageQuery } from '@prata/domain';
import { eventLogs } from '../../db/schema/index';
import { authenticate, currentUser } from '../../plugins/auth';

export const HISTORY_PAGE_SIZE = 15;

/** A page of a customer's own rows: { data, total, per_page } as every history tab reads it. */
export function page<T>(data: T[], total: number) {
  return { data, total, per_page: HISTORY_PAGE_SIZE };
}

export async function historyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  /** "Demais eventos": what happened to the account (sign-ins, data changes, documents, limit requests). */
  app.get(
    '/event-logs',
    { preHandler: authenticate, schema: { querystring: PageQuery, response: { 200: EventLogsResponse } } },
    async (req) => {
      const userId = currentUser(req).id;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(eventLogs)
          .where(eq(eventLogs.userId, userId))
          .orderBy(desc(eventLogs.id))
          .limit(HISTORY_PAGE_SIZE)
          .offset((req.query.page - 1) * HISTORY_PAGE_SIZE),
        db.select({ n: count() }).from(eventLogs).where(eq(eventLogs.userId, userId)),
      ]);
      return {
        event_logs: page(
          rows.map((e) => ({ id: e.id, created_at: e.createdAt.toISOString(), description: e.description })),
          Number(total?.n ?? 0),
        ),
      };
    },
  );
}
