import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EventLogsResponse, PageQuery } from '@prata/domain';
import { int } from '@/db/integers';
import { type PageTotal, pageAnswer } from '@/lib/paging';
import { authenticate, currentUser } from '@/plugins/auth';
import { eventLogPage } from './repository';

export const HISTORY_PAGE_SIZE = 15;

/** A page of a customer's own rows: { data, total, per_page, total_capped? } as every history tab reads it. */
export function page<T>(data: T[], total: PageTotal) {
  return pageAnswer(data, total, HISTORY_PAGE_SIZE);
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
      const { found, total } = await eventLogPage(db, userId, { page: req.query.page, perPage: HISTORY_PAGE_SIZE });
      return {
        event_logs: page(
          found.map((e) => ({
            id: int(e.id),
            created_at: new Date(e.created_at).toISOString(),
            description: e.description,
          })),
          total,
        ),
      };
    },
  );
}
