import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminSilverWithdrawalResponse,
  AdminSilverWithdrawalsQuery,
  AdminSilverWithdrawalsResponse,
  CreateSilverWithdrawalRequest,
  CreateSilverWithdrawalResponse,
  GuestSilverWithdrawalRequest,
  IdParams,
  MarkSentRequest,
  RejectSilverWithdrawalRequest,
  SilverOrderParams,
  SilverOrderResponse,
  SilverWithdrawalResponse,
  SilverWithdrawalsQuery,
  SilverWithdrawalsResponse,
} from '@prata/domain';
import { authenticate, currentUser, requireStaff } from '../../plugins/auth';
import { registerPaymentTarget } from '../money/index';
import { requireApprovedRegistration } from '../users/index';
import * as fulfilment from './fulfilment';
import * as create from './create';
import { silverPaymentTarget } from './payment-target';
import * as service from './service';

/** Silver withdrawals: creating (guest or signed in), the customer's list and cancel, and the back office's queue. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a route table: each route is a schema and one call
export async function silverWithdrawalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  // a silver order's Pix is confirmed by the money feature's one webhook handler
  registerPaymentTarget(silverPaymentTarget);

  app.post(
    '/silver-withdrawal/guest',
    {
      schema: {
        body: GuestSilverWithdrawalRequest,
        response: { 201: CreateSilverWithdrawalResponse },
        tags: ['silver-withdrawals'],
      },
      config: { idempotent: true },
    },
    async (req, reply) => reply.status(201).send(await create.createForGuest(deps, req.body, req.ip)),
  );

  app.post(
    '/silver-withdrawal',
    {
      preHandler: [authenticate, requireApprovedRegistration],
      schema: {
        body: CreateSilverWithdrawalRequest,
        response: { 201: CreateSilverWithdrawalResponse },
        tags: ['silver-withdrawals'],
      },
      config: { idempotent: true },
    },
    async (req, reply) =>
      reply.status(201).send(await create.createForCustomer(deps, currentUser(req), req.body, req.ip)),
  );

  // the buyer's order by its token (a visitor has no session): the checkout's Pix step after a reload, the e-mail's link
  app.get(
    '/silver-withdrawal/order/:token',
    {
      schema: { params: SilverOrderParams, response: { 200: SilverOrderResponse }, tags: ['silver-withdrawals'] },
    },
    async (req, reply) => {
      // the answer carries a payable code: never kept by a shared cache
      reply.header('Cache-Control', 'no-store');
      return service.readOrderByToken(deps, req.params.token);
    },
  );

  app.get(
    '/silver-withdrawals',
    {
      preHandler: authenticate,
      schema: { querystring: SilverWithdrawalsQuery, response: { 200: SilverWithdrawalsResponse } },
    },
    async (req) => service.listSilverWithdrawals(deps, currentUser(req).id, req.query.page),
  );

  app.put(
    '/silver-withdrawal/:id/cancel',
    { preHandler: authenticate, schema: { params: IdParams, response: { 200: SilverWithdrawalResponse } } },
    async (req) => service.cancelSilverWithdrawal(deps, currentUser(req).id, req.params.id),
  );

  // Back office: the packing queue and the moves (logistics or finance; admin holds every role)
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
