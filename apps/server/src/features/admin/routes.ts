import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCustomersQuery,
  AuditLogResponse,
  BlockCustomerRequest,
  CustomerDetailResponse,
  CustomerReviewResponse,
  CustomersResponse,
  DocumentFileResponse,
  IdParams,
  LimitReviewRequest,
  LimitReviewResponse,
  MESSAGES,
  PageQuery,
  PendingLimitRequestsResponse,
  ReviewDecisionRequest,
} from '@prata/domain';
import { writeAudit } from '../../lib/audit';
import { sendAttachment } from '../../lib/uploads';
import { currentUser, requireStaff } from '../../plugins/auth';
import { readDocument } from '../profile/index';
import * as audit from './audit';
import * as customers from './customers';
import { reconciliationRoutes } from './reconciliation';

/** Back office. Every route requires an operator role; every action writes the audit log (lib/audit.ts). */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a route table: each route is a schema and one call
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  /** The audit log in Portuguese (audit-presenter.ts), newest first. */
  app.get(
    '/admin/audit-log',
    {
      preHandler: requireStaff('admin', 'compliance'),
      schema: { querystring: PageQuery, response: { 200: AuditLogResponse } },
    },
    async (req) => audit.listAudit(app.deps, req.query.page),
  );

  const reviewers = requireStaff('compliance');
  const actor = (req: Parameters<typeof currentUser>[0]) => ({ userId: currentUser(req).id, ip: req.ip });

  app.get(
    '/admin/customers',
    {
      preHandler: reviewers,
      schema: { querystring: AdminCustomersQuery, response: { 200: CustomersResponse } },
    },
    async (req) => customers.searchCustomers(app.deps, req.query.q, req.query.status, req.query.page),
  );

  app.get(
    '/admin/customers/:id',
    { preHandler: reviewers, schema: { params: IdParams, response: { 200: CustomerDetailResponse } } },
    async (req) => customers.customerDetail(app.deps, req.params.id),
  );

  /** The customer page's history: operators' actions on the customer and the customer's own sensitive changes. */
  app.get(
    '/admin/customers/:id/audit',
    {
      preHandler: reviewers,
      schema: { params: IdParams, querystring: PageQuery, response: { 200: AuditLogResponse } },
    },
    async (req) => audit.listCustomerAudit(app.deps, req.params.id, req.query.page),
  );

  app.post(
    '/admin/customers/:id/review',
    {
      preHandler: reviewers,
      schema: { params: IdParams, body: ReviewDecisionRequest, response: { 200: CustomerReviewResponse } },
      config: { idempotent: true },
    },
    async (req) => ({
      ...(await customers.reviewRegistration(app.deps, actor(req), req.params.id, req.body)),
      message: req.body.decision === 'approve' ? 'Cadastro aprovado.' : 'Cadastro recusado.',
    }),
  );

  /** An operator's block: the customer's sessions end at once and no sign-in opens the account until it is lifted. */
  app.put(
    '/admin/customers/:id/block',
    {
      preHandler: reviewers,
      schema: { params: IdParams, body: BlockCustomerRequest, response: { 200: CustomerReviewResponse } },
    },
    async (req) => ({
      ...(await customers.blockCustomer(app.deps, actor(req), req.params.id, req.body.reason)),
      message: MESSAGES.customerBlocked,
    }),
  );
  app.delete(
    '/admin/customers/:id/block',
    { preHandler: reviewers, schema: { params: IdParams, response: { 200: CustomerReviewResponse } } },
    async (req) => ({
      ...(await customers.unblockCustomer(app.deps, actor(req), req.params.id)),
      message: MESSAGES.customerUnblocked,
    }),
  );

  /** Operators read customers' documents; each read is in the audit log. */
  app.get(
    '/admin/documents/:id',
    { preHandler: reviewers, schema: { params: IdParams, response: { 200: DocumentFileResponse } } },
    async (req, reply) => {
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
    },
  );

  app.get(
    '/admin/trading-limit-requests',
    { preHandler: reviewers, schema: { querystring: PageQuery, response: { 200: PendingLimitRequestsResponse } } },
    async (req) => customers.listPendingLimitRequests(app.deps, req.query.page),
  );

  app.post(
    '/admin/trading-limit-requests/:id/review',
    {
      preHandler: reviewers,
      config: { idempotent: true },
      schema: {
        params: IdParams,
        body: LimitReviewRequest,
        response: { 200: LimitReviewResponse },
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

  /** The ledger's reconciliation: the last run, and running it now (reconciliation.ts). */
  await reconciliationRoutes(fastify);
}
