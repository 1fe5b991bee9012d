import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCustomersQuery,
  AuditLogResponse,
  BlockCustomerRequest,
  CustomerDetailResponse,
  CustomerReviewResponse,
  CustomersResponse,
  IdParams,
  MESSAGES,
  PageQuery,
  ReviewDecisionRequest,
} from '@prata/domain';
import { currentUser, requireStaff } from '@/plugins/auth';
import * as audit from '../audit';
import * as customers from '../customers';

/** The customers (compliance): the search, a customer's page and history, the registration review, the block. */
export async function customerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
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
}
