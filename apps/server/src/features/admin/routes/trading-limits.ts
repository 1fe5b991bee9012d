import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdParams,
  LimitReviewRequest,
  LimitReviewResponse,
  PageQuery,
  PendingLimitRequestsResponse,
} from '@prata/domain';
import { currentUser, requireStaff } from '@/plugins/auth';
import * as customers from '../customers';

/** Customers' requests for a higher trading limit (compliance): the pending list and the decision. */
export async function tradingLimitRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const reviewers = requireStaff('compliance');
  const actor = (req: Parameters<typeof currentUser>[0]) => ({ userId: currentUser(req).id, ip: req.ip });

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
        body.decision === 'approve' ? { decision: 'approve', approvedLimitCents: body.approved_limit_cents } : body,
      );
      return {
        tradingLimitRequest: request,
        message: body.decision === 'approve' ? 'Limite aprovado.' : 'Pedido recusado.',
      };
    },
  );
}
