import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLog, users } from '../../db/schema/index';
import { requireStaff } from '../../plugins/auth';

export const ADMIN_PAGE_SIZE = 25;
export const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** Back office. Every route requires an operator role; every action writes the audit log (lib/audit.ts). */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get(
    '/admin/audit-log',
    { preHandler: requireStaff('admin', 'compliance'), schema: { querystring: pageQuery } },
    async (req) => {
      const { page } = req.query;
      const [rows, [total]] = await Promise.all([
        db
          .select({ entry: auditLog, actor: { id: users.id, name: users.name, email: users.email } })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorUserId))
          .orderBy(desc(auditLog.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset((page - 1) * ADMIN_PAGE_SIZE),
        db.select({ n: count() }).from(auditLog),
      ]);
      return {
        data: rows.map(({ entry, actor }) => ({
          id: entry.id,
          created_at: entry.createdAt.toISOString(),
          actor: actor?.id ? actor : null,
          action: entry.action,
          target_type: entry.targetType,
          target_id: entry.targetId,
          details: entry.details,
        })),
        total: Number(total?.n ?? 0),
        per_page: ADMIN_PAGE_SIZE,
      };
    },
  );
}
