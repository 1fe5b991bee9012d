import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLog, users } from '../../db/schema/index';
import { MESSAGES, ReviewDecisionRequest, moneyField } from '@prata/domain';
import { writeAudit } from '../../lib/audit';
import { sendAttachment } from '../../lib/uploads';
import { currentUser, requireStaff } from '../../plugins/auth';
import { readDocument } from '../profile/documents';
import * as customers from './customers';

export const ADMIN_PAGE_SIZE = 25;
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
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

  const reviewers = requireStaff('compliance');
  const actor = (req: Parameters<typeof currentUser>[0]) => ({ userId: currentUser(req).id, ip: req.ip });

  app.get(
    '/admin/customers',
    {
      preHandler: reviewers,
      schema: {
        querystring: pageQuery.extend({
          q: z.string().trim().max(120).default(''),
          status: z.enum(['all', 'pending', 'approved', 'rejected', 'closed']).default('all'),
        }),
      },
    },
    async (req) => customers.searchCustomers(app.deps, req.query.q, req.query.status, req.query.page),
  );

  app.get('/admin/customers/:id', { preHandler: reviewers, schema: { params: idParams } }, async (req) =>
    customers.customerDetail(app.deps, req.params.id),
  );

  app.post(
    '/admin/customers/:id/review',
    { preHandler: reviewers, schema: { params: idParams, body: ReviewDecisionRequest } },
    async (req) => ({
      ...(await customers.reviewRegistration(app.deps, actor(req), req.params.id, req.body)),
      message: req.body.decision === 'approve' ? 'Cadastro aprovado.' : 'Cadastro recusado.',
    }),
  );

  /** Operators read customers' documents; each read is in the audit log. */
  app.get('/admin/documents/:id', { preHandler: reviewers, schema: { params: idParams } }, async (req, reply) => {
    const { row, data } = await readDocument(app.deps, req.params.id, { asStaff: true });
    await writeAudit(db, {
      actorUserId: currentUser(req).id,
      action: 'document.viewed',
      targetType: 'document',
      targetId: row.id,
      details: { customer_id: row.userId },
      ip: req.ip,
    });
    return sendAttachment(reply, row, data);
  });

  app.get('/admin/trading-limit-requests', { preHandler: reviewers, schema: { querystring: pageQuery } }, async (req) =>
    customers.listPendingLimitRequests(app.deps, req.query.page),
  );

  app.post(
    '/admin/trading-limit-requests/:id/review',
    {
      preHandler: reviewers,
      schema: {
        params: idParams,
        body: z.discriminatedUnion('decision', [
          z.object({
            decision: z.literal('approve'),
            approved_limit: moneyField(MESSAGES.newLimitRequired).optional(),
          }),
          z.object({
            decision: z.literal('reject'),
            reason: z.string().trim().min(1, MESSAGES.reasonRequired).max(500),
          }),
        ]),
      },
    },
    async (req) => {
      const body = req.body;
      const request = await customers.reviewLimitRequest(
        app.deps,
        actor(req),
        req.params.id,
        body.decision === 'approve' ? { decision: 'approve', approvedLimitCents: body.approved_limit } : body,
      );
      return {
        tradingLimitRequest: request,
        message: body.decision === 'approve' ? 'Limite aprovado.' : 'Pedido recusado.',
      };
    },
  );
}
