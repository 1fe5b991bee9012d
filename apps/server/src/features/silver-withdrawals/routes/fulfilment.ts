import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminSilverWithdrawalResponse,
  AdminSilverWithdrawalsQuery,
  AdminSilverWithdrawalsResponse,
  IdParams,
  MarkSentRequest,
  RejectSilverWithdrawalRequest,
} from '@prata/domain';
import { currentUser, requireStaff } from '@/plugins/auth';
import * as fulfilment from '../fulfilment';

/** Back office: the packing queue and the moves (logistics or finance; admin holds every role). */
export async function fulfilmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const operations = requireStaff('logistics', 'finance');
  const finance = requireStaff('finance');
  const staff = (req: FastifyRequest) => ({ userId: currentUser(req).id, ip: req.ip });

  app.get(
    '/admin/silver-withdrawals',
    {
      preHandler: operations,
      schema: { querystring: AdminSilverWithdrawalsQuery, response: { 200: AdminSilverWithdrawalsResponse } },
    },
    async (req) => fulfilment.listForFulfilment(deps, req.query),
  );
  app.post(
    '/admin/silver-withdrawals/:id/sent',
    {
      preHandler: operations,
      schema: { params: IdParams, body: MarkSentRequest, response: { 200: AdminSilverWithdrawalResponse } },
      config: { idempotent: true },
    },
    async (req) => fulfilment.markSent(deps, staff(req), req.params.id, req.body.tracking_code),
  );
  app.post(
    '/admin/silver-withdrawals/:id/delivered',
    {
      preHandler: operations,
      schema: { params: IdParams, response: { 200: AdminSilverWithdrawalResponse } },
      config: { idempotent: true },
    },
    async (req) => fulfilment.markDelivered(deps, staff(req), req.params.id),
  );
  app.post(
    '/admin/silver-withdrawals/:id/reject',
    {
      preHandler: operations,
      schema: {
        params: IdParams,
        body: RejectSilverWithdrawalRequest,
        response: { 200: AdminSilverWithdrawalResponse },
      },
      config: { idempotent: true },
    },
    async (req) => fulfilment.reject(deps, staff(req), req.params.id, req.body.reason),
  );
  // a rejected order's Pix the provider did not refund: ask again (finance: it moves money)
  app.post(
    '/admin/silver-withdrawals/:id/retry-refund',
    {
      preHandler: finance,
      schema: { params: IdParams, response: { 200: AdminSilverWithdrawalResponse } },
      config: { idempotent: true },
    },
    async (req) => fulfilment.retryRefundByOperator(deps, staff(req), req.params.id),
  );
}
