import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boundedString, MESSAGES, moneyField, requiredText, ReviewDecisionRequest } from '@prata/domain';
import { writeAudit } from '../../lib/audit';
import { sendAttachment } from '../../lib/uploads';
import { currentUser, requireStaff } from '../../plugins/auth';
import { readDocument } from '../profile/index';
import * as audit from './audit';
import * as customers from './customers';

export const ADMIN_PAGE_SIZE = 25;
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** Back office. Every route requires an operator role; every action writes the audit log (lib/audit.ts). */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  /** The audit log in Portuguese (audit-presenter.ts), newest first. */
  app.get(
    '/admin/audit-log',
    { preHandler: requireStaff('admin', 'compliance'), schema: { querystring: pageQuery } },
    async (req) => audit.listAudit(app.deps, req.query.page),
  );

  const reviewers = requireStaff('compliance');
  const actor = (req: Parameters<typeof currentUser>[0]) => ({ userId: currentUser(req).id, ip: req.ip });

  app.get(
    '/admin/customers',
    {
      preHandler: reviewers,
      schema: {
        querystring: pageQuery.extend({
          q: boundedString({ max: 120 }).default(''),
          status: z.enum(['all', 'pending', 'approved', 'rejected', 'closed']).default('all'),
        }),
      },
    },
    async (req) => customers.searchCustomers(app.deps, req.query.q, req.query.status, req.query.page),
  );

  app.get('/admin/customers/:id', { preHandler: reviewers, schema: { params: idParams } }, async (req) =>
    customers.customerDetail(app.deps, req.params.id),
  );

  /** The customer page's history: operators' actions on the customer and the customer's own sensitive changes. */
  app.get(
    '/admin/customers/:id/audit',
    { preHandler: reviewers, schema: { params: idParams, querystring: pageQuery } },
    async (req) => audit.listCustomerAudit(app.deps, req.params.id, req.query.page),
  );

  app.post(
    '/admin/customers/:id/review',
    { preHandler: reviewers, schema: { params: idParams, body: ReviewDecisionRequest }, config: { idempotent: true } },
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
      config: { idempotent: true },
      schema: {
        params: idParams,
        body: z.discriminatedUnion('decision', [
          z.object({
            decision: z.literal('approve'),
            approved_limit: moneyField(MESSAGES.newLimitRequired).optional(),
          }),
          z.object({
            decision: z.literal('reject'),
            reason: requiredText(MESSAGES.reasonRequired, 500, { multiline: true }),
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
